import XCTest
import Foundation

/// Lesson B of the originals at the prompt, end to end through a real terminal: declare an
/// enum, a function that switches over it and a table; add a case to the enum and see the
/// switch that must be fixed; fix it; `:check` is clean; `:save`; a fresh session `:load`s
/// the file and has the same table (`:show --json`) and a clean `:check`.
final class LessonBSessionTests: XCTestCase {
    static let entries = [
        "enum Item { case wifi, bluetooth }",
        "func title(_ i: Item) -> String {\r  switch i {\r  case .wifi: return \"Wi-Fi\"\r  case .bluetooth: return \"Bluetooth\"\r  }\r}",
        "table Settings {\r  var items: [Item] = [.wifi, .bluetooth]\r"
            + "  func cellForRow(at indexPath: IndexPath) -> UITableViewCell {\r"
            + "    let c = UITableViewCell(style: .default, reuseIdentifier: \"BasicCell\")\r"
            + "    c.textLabel?.text = title(items[indexPath.row])\r    return c\r  }\r}",
    ]

    /// What `:show --json` printed (the last output of the entry): from its `{` line on.
    static func json(in text: String) -> String? {
        guard let start = text.range(of: "{\r\n  \"table\"") else { return nil }
        let json = String(text[start.lowerBound...])
        return json.hasSuffix("}") ? json : nil
    }

    /// `:save FILE`, Ctrl-D (exit status 0), then a new session that `:load`s FILE.
    static func saveQuitAndLoadInAFreshSession(_ session: PseudoTerminalProcess, _ saved: String,
                                               _ sandbox: Sandbox) throws -> PseudoTerminalProcess {
        session.send(":save \(saved)\r")
        _ = try session.waitForAnyPrompt()
        session.send("\u{04}")
        XCTAssertEqual(try session.waitForExit(), 0)
        let fresh = try sandbox.startSession()
        try fresh.waitForPrompt()
        fresh.send(":load \(saved)\r")
        _ = try fresh.waitForAnyPrompt()
        return fresh
    }

    func testLessonBAtThePromptThenSavedAndLoadedInAFreshSession() throws {
        let sandbox = try Sandbox()
        let saved = sandbox.root.appendingPathComponent("lesson-b.tlab").path
        let session = try sandbox.startSession()
        try session.waitForPrompt()
        for entry in Self.entries {
            session.send(entry + "\r")
            _ = try session.waitForAnyPrompt()
        }
        // Add a case: the switch that no longer covers the enum is named at once.
        session.send("enum Item { case wifi, bluetooth, cellular }\r")
        let warned = try session.waitForAnyPrompt()
        XCTAssertTrue(warned.contains("warning: enum 'Item' was redeclared with other cases: 1 switch no longer covers it"), warned)
        XCTAssertTrue(warned.contains("note: switch in 'title(_:)' is missing '.cellular'"), warned)
        session.send(":check\r")
        let failing = try session.waitForAnyPrompt()
        XCTAssertTrue(failing.contains("error: switch must be exhaustive"), failing)
        XCTAssertTrue(failing.hasSuffix("checked 1 switch in the loaded code: 1 error"), failing)
        // Fix the switch: the superseded one leaves the registry, :check is clean.
        session.send("func title(_ i: Item) -> String {\r  switch i {\r  case .wifi: return \"Wi-Fi\"\r"
                     + "  case .bluetooth: return \"Bluetooth\"\r  case .cellular: return \"Cellular\"\r  }\r}\r")
        _ = try session.waitForAnyPrompt()
        session.send(":check\r")
        XCTAssertEqual(try session.waitForAnyPrompt().components(separatedBy: "\r\n").last,
                       "checked 1 switch in the loaded code: no problems found")
        session.send("Settings.items.append(.cellular)\r")
        _ = try session.waitForAnyPrompt()
        session.send(":show --json\r")
        let before = try session.waitForAnyPrompt()
        let json = try XCTUnwrap(Self.json(in: before), before)
        XCTAssertTrue(json.contains("\"text\": \"Cellular\""), json)
        // A fresh session: the saved file replays the lesson (with its redeclarations).
        let fresh = try Self.saveQuitAndLoadInAFreshSession(session, saved, sandbox)
        fresh.send(":check\r")
        XCTAssertEqual(try fresh.waitForAnyPrompt().components(separatedBy: "\r\n").last,
                       "checked 1 switch in the loaded code: no problems found")
        fresh.send(":show --json\r")
        let after = try fresh.waitForAnyPrompt()
        XCTAssertEqual(Self.json(in: after), json)
        fresh.send("\u{04}")
        XCTAssertEqual(try fresh.waitForExit(), 0)
    }

    /// Redeclared structs and classes keep the session's values at the prompt: a class
    /// instance moves in place with its properties by name, a struct's values gain the new
    /// property's default, and what cannot be carried is said; the saved session replays
    /// to the same values in a fresh one.
    func testRedeclaredStructsAndClassesKeepTheSessionsValues() throws {
        let sandbox = try Sandbox()
        let saved = sandbox.root.appendingPathComponent("carried.tlab").path
        let session = try sandbox.startSession()
        try session.waitForPrompt()
        for entry in [
            "struct Row { var title: String; var count: Int }",
            "class Store {\r  var rows: [Row] = []\r  var owner = \"me\"\r}",
            "let store = Store()",
            "store.rows.append(Row(title: \"a\", count: 1))",
            "store.owner = \"teacher\"",
        ] {
            session.send(entry + "\r")
            _ = try session.waitForAnyPrompt()
        }
        session.send("struct Row { var title: String; var count: Int; var done = false }\r")
        XCTAssertFalse(try session.waitForAnyPrompt().contains("warning"))
        session.send("class Store {\r  var rows: [Row] = []\r  var owner = 0\r"
                     + "  func summary() -> String { rows.map { \"\\($0.title)=\\($0.count) \\($0.done)\" }.joined() + \" \\(owner)\" }\r}\r")
        let warned = try session.waitForAnyPrompt()
        XCTAssertTrue(warned.contains("warning: 'store.owner' was not carried across: a value of type 'String' does not fit 'Int'; it has its default value"), warned)
        session.send("print(store.summary())\r")
        let printed = try session.waitForAnyPrompt()
        XCTAssertTrue(printed.hasSuffix("\r\na=1 false 0"), printed)
        let fresh = try Self.saveQuitAndLoadInAFreshSession(session, saved, sandbox)
        fresh.send("print(store.summary())\r")
        XCTAssertTrue(try fresh.waitForAnyPrompt().hasSuffix("\r\na=1 false 0"))
        fresh.send("\u{04}")
        XCTAssertEqual(try fresh.waitForExit(), 0)
    }
}
