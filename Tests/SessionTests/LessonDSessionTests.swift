import XCTest
import Foundation

/// Lesson D of the originals at a real terminal: the second write-up's cell types
/// (Tests/Fixtures/lessons/lesson-d.swift), pasted block by block in the article's order —
/// the enum of cases first, the enum again with its methods once the cell classes exist.
/// The table draws each kind of cell; an empty list draws the "no data" cell at the
/// screen's height; a new kind of cell whose switches do not handle it changes nothing and
/// names both switches; handled, it draws (at the screen's height: `heightForRow()`'s
/// `default:` took it, which is what the Swift does); the saved session loads in a fresh
/// one to the same table.
final class LessonDSessionTests: XCTestCase {
    private let pasteStart = "\u{1B}[200~"
    private let pasteEnd = "\u{1B}[201~"

    /// The fixture's sections (`// === NAME`), each a list of top-level blocks.
    static func sections() throws -> [String: [String]] {
        let url = TableLabBinary.packageRoot.appendingPathComponent("Tests/Fixtures/lessons/lesson-d.swift")
        let text = try String(contentsOf: url, encoding: .utf8)
        var sections: [String: [String]] = [:]
        var name: String?
        var block: [String] = []
        var depth = 0
        func endBlock() {
            if let name, !block.isEmpty { sections[name, default: []].append(block.joined(separator: "\n")) }
            block = []
        }
        for line in text.components(separatedBy: "\n") {
            if line.hasPrefix("// === ") {
                endBlock()
                name = String(line.dropFirst("// === ".count))
                continue
            }
            guard name != nil else { continue }
            if depth == 0 && line.trimmingCharacters(in: .whitespaces).isEmpty { endBlock(); continue }
            block.append(line)
            depth += line.filter { $0 == "{" }.count - line.filter { $0 == "}" }.count
        }
        endBlock()
        return sections
    }

    private func paste(_ session: PseudoTerminalProcess, _ block: String) throws -> String {
        session.send(pasteStart + block.replacingOccurrences(of: "\n", with: "\r") + pasteEnd)
        usleep(200_000)
        session.send("\r")
        return try session.waitForAnyPrompt()
    }

    private func enter(_ session: PseudoTerminalProcess, _ line: String) throws -> String {
        session.send(line + "\r")
        return try session.waitForAnyPrompt()
    }

    func testLessonDCellTypesAtThePromptThenANewKindOfCellThenSavedAndLoaded() throws {
        let sections = try Self.sections()
        let article = try XCTUnwrap(sections["article"])
        XCTAssertEqual(article.count, 12)
        let sandbox = try Sandbox()
        let saved = sandbox.root.appendingPathComponent("lesson-d.tlab").path
        let session = try sandbox.startSession()
        try session.waitForPrompt()
        for block in article {
            let out = try paste(session, block)
            XCTAssertFalse(out.contains("error"), out)
            XCTAssertFalse(out.contains("warning"), out)
        }
        let shown = try enter(session, ":show")
        XCTAssertTrue(shown.contains("ViewController  1 section · 2 rows"), shown)
        XCTAssertTrue(shown.contains("0·0 TextAlignLeftTableViewCell   44"), shown)
        XCTAssertTrue(shown.contains("0·1 TextAlignCenterTableViewCell 44"), shown)
        XCTAssertEqual(try enter(session, ":check").components(separatedBy: "\r\n").last,
                       "checked 3 switches in the loaded code: no problems found")

        // A new kind of cell, its switches not yet written: the entry changes nothing and
        // names both switches (heightForRow's `default:` covers it).
        let refused = try paste(session, try XCTUnwrap(sections["new case, switches not yet handling it"]?.first))
        XCTAssertEqual(refused.components(separatedBy: "error: switch must be exhaustive").count - 1, 2, refused)
        XCTAssertEqual(refused.components(separatedBy: "note: add missing case: '.textAlignRight'").count - 1, 2, refused)
        XCTAssertTrue(try enter(session, ":show").contains("ViewController  1 section · 2 rows"))
        XCTAssertTrue(try enter(session, "print(CellType.textAlignRight)").contains("type 'CellType' has no member 'textAlignRight'"))

        // The cell class, then the enum that handles the new case.
        for name in ["new cell class", "new case handled"] {
            let out = try paste(session, try XCTUnwrap(sections[name]?.first))
            XCTAssertFalse(out.contains("error"), out)
            XCTAssertFalse(out.contains("warning"), out)
        }
        XCTAssertEqual(try enter(session, ":check").components(separatedBy: "\r\n").last,
                       "checked 3 switches in the loaded code: no problems found")
        _ = try enter(session, ":use ViewController")
        for line in [
            "tableView.register(TextAlignRightTableViewCell.self, forCellReuseIdentifier: TextAlignRightTableViewCell.reuseIdentifier)",
            "items.append(Item(title: \"title3\", type: .textAlignRight))", "loadList()", "tableView.reloadData()",
        ] {
            let out = try enter(session, line)
            XCTAssertFalse(out.contains("error"), out)
        }
        let three = try enter(session, ":show")
        XCTAssertTrue(three.contains("ViewController  1 section · 3 rows"), three)
        XCTAssertTrue(three.contains("title3   0·2 TextAlignRightTableViewCell  844"), three)
        session.send(":show --json\r")
        let json = try XCTUnwrap(LessonBSessionTests.json(in: try session.waitForAnyPrompt()))

        // An empty list: the "no data" cell, as tall as the screen.
        for line in ["items = []", "loadList()", "tableView.reloadData()"] { _ = try enter(session, line) }
        let empty = try enter(session, ":show")
        XCTAssertTrue(empty.contains("ViewController  1 section · 1 row"), empty)
        XCTAssertTrue(empty.contains("該当するデータはありません"), empty)
        XCTAssertTrue(empty.contains("0·0 NoDataTableViewCell 844"), empty)
        // Taken back, the last first: `reloadData()` changed what the table shows though no
        // value changed, so it is an input of its own (it was skipped, and the third :undo
        // took back the first loadList(): the table showed two rows).
        // Each `:undo` is silent (issue 13): only the line typed is on the screen before the
        // next prompt; the table below shows what the three took back.
        for _ in 0..<3 {
            let undone = try enter(session, ":undo")
            XCTAssertEqual(undone.components(separatedBy: "\r\n").count, 1, undone)
            XCTAssertFalse(undone.contains("undid"), undone)
        }
        session.send(":show --json\r")
        XCTAssertEqual(LessonBSessionTests.json(in: try session.waitForAnyPrompt()), json)

        let fresh = try LessonBSessionTests.saveQuitAndLoadInAFreshSession(session, saved, sandbox)
        fresh.send(":show --json\r")
        XCTAssertEqual(LessonBSessionTests.json(in: try fresh.waitForAnyPrompt()), json)
        XCTAssertEqual(try enter(fresh, ":check").components(separatedBy: "\r\n").last,
                       "checked 3 switches in the loaded code: no problems found")
        fresh.send("\u{04}")
        XCTAssertEqual(try fresh.waitForExit(), 0)
    }
}
