import XCTest
import Foundation
import TableLabSyntax
import TableLabInterpreter
@testable import TableLabSimulator

/// What the session keeps of its inputs: which change the state, what `:undo` takes back
/// and how, what `:save` writes, and save-then-load round trips.
final class SessionInputsTests: XCTestCase {
    static let model = """
    enum Item { case a, b, c }
    struct Section { var title: String; var items: [Item] }
    table T {
      var sections = [Section(title: "One", items: [.a, .b]), Section(title: "Two", items: [.c])]
      var taps = 0
      func didSelectRow(at indexPath: IndexPath) { taps += 1 }
      func cellForRow(at indexPath: IndexPath) -> Cell {
        let cell = dequeueReusableCell(withIdentifier: "BasicCell", for: indexPath)
        cell.textLabel?.text = "\\(sections[indexPath.section].items[indexPath.row])"
        return cell
      }
    }
    """

    final class Session {
        let explorer = Explorer()
        var stdout = ""
        var warnings: [String] = []

        init() {
            explorer.terminalWidth = { 80 }
            explorer.output = { [unowned self] in self.stdout += $0 }
            explorer.warningHandler = { [unowned self] in self.warnings.append($0.message) }
        }

        /// Submits one entry and returns what it printed (and the error's message, if any).
        @discardableResult
        func enter(_ text: String) -> String {
            let before = stdout.count
            var result = ""
            if case .failed(let d) = explorer.submit(SourceFile(name: "<repl>", text: text)) {
                result = "error: " + d.message + "\n"
            }
            return String(stdout.dropFirst(before)) + result
        }
    }

    private func temporaryPath(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("tablelab-\(name)-\(getpid())-\(UUID().uuidString).tlab").path
    }

    func testReadOnlyInputsDoNotChangeState() {
        let s = Session()
        s.enter(Self.model)
        s.enter("var n = 1")
        s.enter(":show T")
        s.enter("n")
        s.enter("T.sections.count")
        s.enter(":tables")
        s.enter(":type n")
        XCTAssertEqual(s.explorer.inputs.map(\.changesState), [true, true, false, false, false, false, false])
        // A tap that changed a table's property did change the state.
        s.enter(":select 0 0")
        s.enter(":use T")
        s.enter("sections.removeLast()")
        XCTAssertEqual(s.explorer.inputs.suffix(3).map(\.changesState), [true, true, true])
    }

    func testUndoTakesBackTheLastStateChangeSilentlyUnderItsOwnName() {
        let s = Session()
        // A redeclared enum warns about every switch it breaks: replaying must not say it again.
        s.enter("enum E { case a, b }")
        s.enter("func f(_ e: E) -> Int {\n  switch e {\n  case .a: return 1\n  case .b: return 2\n  }\n}")
        s.enter("enum E { case a, b, c }")
        s.enter("var k = 5")
        s.enter(":show")
        s.enter("k")
        let warningsBefore = s.warnings.count
        XCTAssertEqual(s.enter(":undo"), "")
        XCTAssertEqual(s.warnings.count, warningsBefore, "replayed warnings: \(s.warnings)")
        XCTAssertTrue(s.enter("k").hasPrefix("error: cannot find 'k' in scope"))
        // Sources keep their names: an error in replayed code points at `<repl>`, not `<undo 2>`.
        XCTAssertFalse(s.explorer.sources.contains { $0.name.hasPrefix("<undo") })
        XCTAssertEqual(Set(s.explorer.sources.map(\.name)), ["<repl>"])
    }

    func testUndoKeepsAnEntryThatFailedAfterChangingState() {
        let s = Session()
        s.enter("var xs = [1, 2]")
        XCTAssertTrue(s.enter("xs.append(3)\nlet bad = xs[7]").hasPrefix("error: "))
        s.enter("var y = 1")
        s.enter(":undo")
        XCTAssertEqual(s.enter("xs"), "[1, 2, 3]\n")
        XCTAssertEqual(s.explorer.acceptedInputs, ["var xs = [1, 2]", "xs.append(3)\nlet bad = xs[7]"])
    }

    func testAnEntryThatFailedToCompileIsNotKept() {
        let s = Session()
        s.enter("let x = 1")
        XCTAssertTrue(s.enter("let y = nope").hasPrefix("error: "))
        XCTAssertEqual(s.explorer.acceptedInputs, ["let x = 1"])
    }

    func testReloadRunsTheStartingScriptWhenNothingWasLoaded() throws {
        let path = temporaryPath("reload")
        defer { try? FileManager.default.removeItem(atPath: path) }
        try "var count = 0\ncount += 1\nprint(\"ran\")\n".write(toFile: path, atomically: true, encoding: .utf8)
        let s = Session()
        try s.explorer.runScript(SourceFile(name: path, text: try String(contentsOfFile: path, encoding: .utf8)))
        XCTAssertTrue(s.enter(":reload").hasPrefix("error: nothing to reload"))
        s.explorer.lastLoadedPath = path  // what `tablelab -i FILE` does
        XCTAssertEqual(s.enter(":reload"), "ran\n")
    }

    func testSaveWritesStateChangesAndAllWritesEverything() throws {
        let path = temporaryPath("save")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let s = Session()
        s.enter(Self.model)
        s.enter(":show T")
        s.enter(":select 0 1")
        s.enter("T.taps")
        s.enter(":use T")
        s.enter("sections[1].items.append(.a)")
        XCTAssertEqual(s.enter(":save \(path)"), "saved 4 inputs to \(path)\n")
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8),
                       Self.model + "\n:select 0 1\n:use T\nsections[1].items.append(.a)\n")
        XCTAssertEqual(s.enter(":save --all \(path)"), "saved 6 inputs to \(path)\n")
    }

    /// An entry that failed at run time after changing state is saved between markers, and
    /// a fresh session's `:load` reports its error again, keeps what it did before failing
    /// and goes on: the same state as the session that saved it.
    func testEntryThatFailedIsSavedAndLoadGoesOnAfterIt() throws {
        let path = temporaryPath("failed")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let s = Session()
        s.enter("var xs = [1, 2]")
        XCTAssertEqual(s.enter("xs.append(3); print(xs[5]); xs.append(99)"), "error: Fatal error: Index out of range\n")
        s.enter("xs.append(4)")
        XCTAssertEqual(s.enter(":save \(path)"), "saved 3 inputs to \(path)\n")
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), """
            var xs = [1, 2]
            \(SavedSession.failedEntryBegins)
            xs.append(3); print(xs[5]); xs.append(99)
            \(SavedSession.failedEntryEnds)
            xs.append(4)

            """)
        let fresh = Session()
        var reported: [Diagnostic] = []
        fresh.explorer.errorHandler = { reported.append($0) }
        XCTAssertEqual(fresh.enter(":load \(path)"), "")
        XCTAssertEqual(reported.map(\.message), ["Fatal error: Index out of range"])
        XCTAssertEqual(reported.first?.location.line, 3, "numbered as in the file")
        XCTAssertEqual(fresh.enter("print(xs)"), "[1, 2, 3, 4]\n")
        XCTAssertTrue(fresh.explorer.errorsReported)
    }

    /// A file name with a control character is written as named, and echoed escaped, so
    /// that it cannot drive the terminal (found by scripts/fuzz: `:save` + a backspace).
    func testSaveEchoesAControlCharacterInTheNameEscaped() throws {
        let path = temporaryPath("ctl\u{8}")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let s = Session()
        s.enter("var n = 1")
        let printed = s.enter(":save \(path)")
        XCTAssertFalse(printed.contains("\u{8}"), printed)
        XCTAssertTrue(printed.contains("\\u{8}"), printed)
        XCTAssertTrue(FileManager.default.fileExists(atPath: path))
    }

    /// Without markers a file is one script: its first run-time error stops it.
    func testLoadOfAPlainScriptStopsAtItsFirstError() throws {
        let path = temporaryPath("plain")
        defer { try? FileManager.default.removeItem(atPath: path) }
        try "var ys = [1]\nprint(ys[3])\nys.append(2)\n".write(toFile: path, atomically: true, encoding: .utf8)
        let s = Session()
        XCTAssertEqual(s.enter(":load \(path)"), "error: Fatal error: Index out of range\n")
        XCTAssertEqual(s.enter("print(ys)"), "[1]\n")
        XCTAssertFalse(s.explorer.errorsReported)
    }

    /// A view-controller class's state lives in its instance, which the simulated app
    /// holds, not a global: changing it inside `:use` is a change `:save` keeps, and a
    /// fresh session that loads the file shows the same table.
    func testChangesToAViewControllersInstanceAreSavedAndLoaded() throws {
        let s = Session()
        s.enter("""
        class ListViewController: UITableViewController {
          var items = ["a", "b"]
          override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { items.count }
          override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
            let cell = tableView.dequeueReusableCell(withIdentifier: "BasicCell", for: indexPath)
            cell.textLabel?.text = items[indexPath.row]
            return cell
          }
        }
        """)
        s.enter(":use ListViewController")
        s.enter("items.removeFirst()")
        s.enter("items.append(\"c\")")
        s.enter("items")
        XCTAssertEqual(s.explorer.inputs.map(\.changesState), [true, true, true, true, false])
        let path = temporaryPath("class-screen")
        defer { try? FileManager.default.removeItem(atPath: path) }
        XCTAssertTrue(s.enter(":save \(path)").hasPrefix("saved 4 inputs"))
        let expected = s.enter(":show ListViewController --json")
        XCTAssertTrue(expected.contains("\"text\": \"c\""), expected)
        let fresh = Session()
        XCTAssertEqual(fresh.enter(":load \(path)"), "")
        XCTAssertEqual(fresh.enter(":show ListViewController --json"), expected)
    }

    // MARK: - Round trips

    /// A small deterministic generator (SplitMix64), so a failure names its seed.
    struct Generator {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int((z ^ (z >> 31)) % UInt64(bound))
        }
    }

    /// Random entries of a session over the model, with what `:undo` would take back.
    struct SessionGenerator {
        var g: Generator
        var globals: [String] = []
        var using = false
        /// The global the last entry declared, or "" for another state change it made;
        /// nil when `:undo` now would reach further back than this generator knows.
        var undoable: String?
        var redeclarations = 0

        mutating func entry() -> String {
            let items = [".a", ".b", ".c"]
            let choice = g.next(16)
            let wasUndoable = undoable
            undoable = nil
            switch choice {
            case 0:
                let name = "g\(globals.count)"
                globals.append(name)
                undoable = name
                return "var \(name) = \(g.next(100))"
            case 1 where !globals.isEmpty:
                undoable = ""
                return "\(globals[g.next(globals.count)]) += \(1 + g.next(9))"
            case 2:
                undoable = ""
                return "T.sections[\(g.next(2))].items.append(\(items[g.next(3)]))"
            case 3:
                undoable = ""
                return "T.sections.append(Section(title: \"S\(g.next(9))\", items: [\(items[g.next(3)])]))"
            case 4:
                return ":show T"
            case 5:
                undoable = ""
                return ":select 0 0"
            case 6 where !globals.isEmpty:
                return globals[g.next(globals.count)]
            case 7:
                using = true
                return ":use T"
            case 8 where using:
                return "sections[0].title = \"U\(g.next(9))\""
            case 9:
                return "print(T.sections.count)"
            case 10:
                return "if T.sections[0].items.count > 3 { T.sections[0].items.removeFirst() }"
            case 12:
                // Changes the state, then stops with a run-time error: the session keeps
                // what it did, and so must a fresh session that loads the saved file.
                undoable = ""
                return "T.sections[0].items.append(\(items[g.next(3)])); T.sections[9].title = \"X\"; T.taps += 100"
            case 13:
                // Redeclarations: the session's values move to the new declarations (by case
                // and property name), in the session and when the saved file is loaded.
                undoable = ""
                redeclarations += 1
                switch g.next(3) {
                case 0: return "enum Item { case a, b, c, d\(redeclarations) }"
                case 1: return "struct Section { var title: String; var items: [Item]; var note = \"n\(redeclarations)\" }"
                default: return "class Counter { var n = 0; var label = \"L\(redeclarations)\"; func bump() { n += 2 } }"
                }
            case 15:
                undoable = ""
                return "counter.bump()"
            case 11 where wasUndoable != nil:
                if let name = wasUndoable, !name.isEmpty { globals.removeAll { $0 == name } }
                return ":undo"
            default:
                undoable = wasUndoable  // a read: the last change is still the one to undo
                return "T.taps"
            }
        }
    }

    /// Every table's `:show --json`, the property only taps change, and every global's value, as text.
    /// The table is reloaded first: a live session's table view keeps the cells it last laid out
    /// (as UIKit does) while a fresh one lays out from the loaded state.
    static func observe(_ s: Session, globals: [String]) -> [String] {
        [s.enter(":use T"), s.enter("tableView.reloadData()"), s.enter(":show T --json"), s.enter("print(T.taps)"), s.enter("print(T.sections)"),
         s.enter("print(counter.n)")] + globals.map { s.enter("print(\($0))") }
    }

    /// A class instance the generated sessions change and redeclare.
    static let counterModel = "class Counter { var n = 0; func bump() { n += 1 } }\nlet counter = Counter()"

    func testSaveThenLoadInAFreshSessionReproducesTheState() throws {
        var reportedInAll = 0
        defer { XCTAssertGreaterThan(reportedInAll, 0, "some saved session must hold an entry that failed") }
        for seed in UInt64(1)...40 {
            var generator = SessionGenerator(g: Generator(state: seed))
            let s = Session()
            s.enter(Self.model)
            s.enter(Self.counterModel)
            var transcript: [String] = []
            var failures = 0
            for _ in 0..<(5 + generator.g.next(20)) {
                let text = generator.entry()
                transcript.append(text)
                let printed = s.enter(text)
                let fails = text.contains("sections[9]")
                XCTAssertEqual(printed.contains("error:"), fails, "seed \(seed): \(text): \(printed)")
                failures += fails ? 1 : 0
            }
            let live = generator.globals
            let path = temporaryPath("roundtrip-\(seed)")
            defer { try? FileManager.default.removeItem(atPath: path) }
            XCTAssertTrue(s.enter(":save \(path)").hasPrefix("saved "))
            let expected = Self.observe(s, globals: live)

            let fresh = Session()
            var reported = 0
            fresh.explorer.errorHandler = { _ in reported += 1 }
            let loaded = fresh.enter(":load \(path)")
            XCTAssertFalse(loaded.contains("error:"), "seed \(seed): \(loaded)\n\(transcript.joined(separator: "\n"))")
            // An undone failing entry is not saved, so the load reports at most as many.
            XCTAssertLessThanOrEqual(reported, failures, "seed \(seed)")
            reportedInAll += reported
            XCTAssertEqual(Self.observe(fresh, globals: live), expected,
                           "seed \(seed), session:\n\(transcript.joined(separator: "\n"))")
        }
    }

    /// A tap whose only effect is an alert changes no value, yet the alert is state: after
    /// `:undo` of a later entry, `:alert` still finds it (it was lost once).
    func testUndoKeepsAnAlertThatATapPresented() {
        let s = Session()
        s.enter("""
        class ListViewController: UITableViewController {
            override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 1 }
            override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
                tableView.dequeueReusableCell(withIdentifier: "BasicCell", for: indexPath)
            }
            override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
                let alert = UIAlertController(title: "Sure?", message: nil, preferredStyle: .alert)
                alert.addAction(UIAlertAction(title: "Keep", style: .default) { _ in print("kept") })
                present(alert, animated: true)
            }
        }
        """)
        s.enter(":use ListViewController")
        // Drawn first, so that the tap is not also the screen's first appearance.
        s.enter(":show")
        s.enter(":select 0 0")
        XCTAssertEqual(s.explorer.inputs.last?.changesState, true)
        s.enter("var z = 1")
        XCTAssertEqual(s.enter(":undo"), "")
        XCTAssertEqual(s.enter(":alert Keep"), "kept\n")
    }
}

/// docs/COMMANDS.md: every bad command or argument is a one-line error.
final class CommandErrorLineTests: XCTestCase {
    private func rendered(_ entry: String, after setup: String = "table T { var items = [1] }") -> String {
        let explorer = Explorer()
        explorer.output = { _ in }
        _ = explorer.submit(SourceFile(name: "<repl>", text: setup))
        guard case .failed(let d) = explorer.submit(SourceFile(name: "<repl>", text: entry)) else { return "" }
        return DiagnosticRenderer().render(d)
    }

    func testCommandErrorsAreOneLine() {
        XCTAssertEqual(rendered(":select 9"), "<repl>:1:1: error: usage: :select [VIEW] SECTION ROW\n")
        XCTAssertEqual(rendered(":use Nope").filter { $0 == "\n" }.count, 1, rendered(":use Nope"))
        XCTAssertEqual(rendered(":frobnicate").filter { $0 == "\n" }.count, 1, rendered(":frobnicate"))
        // The simulator's complaint about the arguments: the line itself, nothing under it.
        XCTAssertEqual(rendered(":select 3 0"), "<repl>:1:1: error: section 3 does not exist: 'T' has 1 section\n")
        XCTAssertEqual(rendered(":cell 0 5"), "<repl>:1:1: error: row 5 does not exist: section 0 of 'T' has 1 row\n")
        XCTAssertEqual(rendered(":accessory 0 0"),
                       "<repl>:1:1: error: 'T' has no accessoryButtonTappedForRowWith: tapping the accessory button does nothing\n")
        // An error in the command's own expression: at its column in the command line, as
        // swiftc points into a line (`:type ` is 6 columns), without quoting the line typed.
        XCTAssertEqual(rendered(":type nosuch"), "<repl>:1:7: error: cannot find 'nosuch' in scope\n")
        XCTAssertEqual(rendered(":type   nosuch // nosuch"), "<repl>:1:9: error: cannot find 'nosuch' in scope\n")
        // :type runs nothing: a function whose body would stop is not called.
        XCTAssertEqual(rendered(":type f()", after: "func f() -> Int { [1][3] }"), "")
    }

    func testAnErrorInTheScriptsCodeStillQuotesItsLine() {
        let explorer = Explorer()
        explorer.output = { _ in }
        var text = ""
        do {
            try explorer.runScript(SourceFile(name: "t.tlab", text: "table T {\n  func numberOfRows(inSection s: Int) -> Int { [1][5] }\n}\n:show\n"))
        } catch {
            text = DiagnosticRenderer().render(error)
        }
        XCTAssertTrue(text.contains(":2:48: error: Fatal error: Index out of range\n  func numberOfRows(inSection s: Int) -> Int { [1][5] }\n"), text)
        XCTAssertTrue(text.hasSuffix("from :show\n"), text)
    }
}
