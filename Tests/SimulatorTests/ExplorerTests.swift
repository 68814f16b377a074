import XCTest
import Foundation
import TableLabSyntax
import TableLabInterpreter
@testable import TableLabSimulator

/// The Explorer as a session uses it: entries, the inputs it keeps, completion, the hooks.
final class ExplorerTests: XCTestCase {
    final class Session {
        let explorer = Explorer()
        var stdout = ""
        var entries = 0

        init() {
            explorer.terminalWidth = { 80 }
            explorer.output = { [unowned self] in self.stdout += $0 }
        }

        /// Submits one entry and returns what it printed; fails the test on an error.
        @discardableResult
        func enter(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> String {
            let before = stdout.count
            entries += 1
            switch explorer.submit(SourceFile(name: "<repl>", text: text)) {
            case .completed: break
            case .incomplete: XCTFail("incomplete entry: \(text)", file: file, line: line)
            case .failed(let d): XCTFail("entry failed: \(d.message)", file: file, line: line)
            }
            return String(stdout.dropFirst(before))
        }

        func fail(_ text: String) -> Diagnostic? {
            if case .failed(let d) = explorer.submit(SourceFile(name: "<repl>", text: text)) { return d }
            return nil
        }
    }

    static let fruits = """
    enum Fruit { case apple, pear }
    table Basket {
      var items: [Fruit] = [.apple, .pear]
      func didSelectRow(at indexPath: IndexPath) { performSegue(withIdentifier: "Detail", sender: nil) }
    }
    table Detail { var items = ["one"] }
    """

    func testEntriesEchoAndTheCurrentTable() {
        let s = Session()
        XCTAssertNil(s.explorer.currentTableName)
        s.enter(Self.fruits)
        XCTAssertEqual(s.explorer.currentTableName, "Basket")
        XCTAssertEqual(s.enter("Basket.items"), "[.apple, .pear]\n")
        XCTAssertEqual(s.enter(":select 0 0"), "performSegue \"Detail\" → push Detail\nnavigation: Basket › Detail\n")
        XCTAssertEqual(s.explorer.currentTableName, "Detail")
        s.enter(":back")
        XCTAssertEqual(s.explorer.currentTableName, "Basket")
    }

    /// Parts of the prelude wait until an entry names them; later entries see them as if
    /// they had been there from the start, and a typo is still an error.
    func testPreludesInstalledWhenAnEntryFirstNamesThem() {
        let s = Session()
        s.enter("let n = 2")
        XCTAssertEqual(s.fail("print(NSDiffableDataSourceSnapsho())")?.message, "NSDiffableDataSourceSnapsho is not simulated in TableLab")
        s.enter("var snapshot = NSDiffableDataSourceSnapshot<Int, String>()")
        s.enter("snapshot.appendSections([0])")
        s.enter("snapshot.appendItems([\"a\", \"b\"])")
        XCTAssertEqual(s.enter("print(snapshot.numberOfItems + n)"), "4\n")
        XCTAssertEqual(s.enter("print(TableEffect.performSegue(\"A\") == .performSegue(\"A\"))"), "true\n")
    }

    func testScriptsReadTheirCommandLineArgumentsAlsoAfterReset() {
        let s = Session()
        s.explorer.commandLineArguments = ["tool.tlab", "--verbose", "two words"]
        XCTAssertEqual(s.enter("CommandLine.arguments"), "[\"tool.tlab\", \"--verbose\", \"two words\"]\n")
        XCTAssertEqual(s.enter("CommandLine.arguments.dropFirst().count"), "2\n")
        s.enter(":reset")
        XCTAssertEqual(s.enter("CommandLine.arguments[1]"), "\"--verbose\"\n")
    }

    func testUseFollowsTheNavigationStack() {
        let s = Session()
        s.enter(Self.fruits)
        s.enter(":use Basket")
        XCTAssertEqual(s.enter("items.count"), "2\n")
        s.enter(":select 0 1")
        XCTAssertEqual(s.enter("items"), "[\"one\"]\n")
        s.enter(":back")
        XCTAssertEqual(s.enter("items.count"), "2\n")
    }

    func testAnErrorKeepsTheSessionState() {
        let s = Session()
        s.enter(Self.fruits)
        s.enter("Basket.items.append(.apple)")
        let d = s.fail(":select 9 9")
        XCTAssertEqual(d?.message, "section 9 does not exist: 'Basket' has 1 section")
        XCTAssertEqual(d?.trace, [])
        // At the command, which is not quoted again: one line (docs/COMMANDS.md).
        XCTAssertEqual(d.map { DiagnosticRenderer().render($0) },
                       "<repl>:1:1: error: section 9 does not exist: 'Basket' has 1 section\n")
        XCTAssertEqual(s.enter("Basket.items.count"), "3\n")
    }

    func testSaveWritesTheAcceptedInputsAtomically() throws {
        let s = Session()
        s.enter("let x = 1")
        _ = s.fail("let y = nope")
        s.enter("print(x + 1)")
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("tablelab-explorer-save-\(getpid()).tlab").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        // `print` changes no state: only `--all` keeps it.
        XCTAssertEqual(s.enter(":save \(path)"), "saved 1 input to \(path)\n")
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "let x = 1\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: path + ".tablelab-\(getpid()).tmp"))
        XCTAssertEqual(s.enter(":save --all \(path)"), "saved 2 inputs to \(path)\n")
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "let x = 1\nprint(x + 1)\n")
        XCTAssertEqual(s.explorer.acceptedInputs, ["let x = 1"])
    }

    func testUndoOfAnEntryWithControlCharactersPrintsNothing() {
        // Found by scripts/fuzz (seed 86): the entry's escape sequence reached the terminal
        // when `:undo` quoted it; it is silent now (issue 13), so nothing of it is shown.
        let s = Session()
        s.enter("var k = 1")
        s.enter("k = 2 // \u{1B}[31mred")
        XCTAssertEqual(s.enter(":undo"), "")
        XCTAssertEqual(s.enter("k"), "1\n")
    }

    func testUndoForgetsTheLastInput() {
        let s = Session()
        s.enter("var total = 1")
        s.enter("total += 10")
        XCTAssertEqual(s.enter("total"), "11\n")
        // The bare `total` read nothing into the state: the assignment is what goes.
        // Silently, as issue 13 asks: the state is what shows it.
        XCTAssertEqual(s.enter(":undo"), "")
        XCTAssertEqual(s.enter("total"), "1\n")
        XCTAssertEqual(s.enter(":undo"), "")
        XCTAssertNotNil(s.fail("total"))
        // With nothing to take back, one error line (docs/COMMANDS.md), and nothing printed.
        let nothing = s.fail(":undo")
        XCTAssertEqual(nothing?.message, "nothing to undo")
        XCTAssertEqual(nothing?.quotesSource, false)
        XCTAssertEqual(s.stdout.hasSuffix("nothing to undo\n"), false)
        XCTAssertEqual(s.explorer.acceptedInputs, [])
    }

    /// Issue 13: the did-you-mean note for a misspelt name or member is the host's choice
    /// (`suggestsCloseNames`: the session and `tablelab check`, not a batch run); the error
    /// itself is swiftc's either way. Names of an entry that was refused count too.
    func testCloseNameNotesAreAddedOnlyWhenTheHostAsks() throws {
        let s = Session()
        s.enter("struct Box { var width = 1; func area() -> Int { width } }")
        s.enter("let box = Box()")
        let missing = try XCTUnwrap(s.fail("var count = 1\nprint(cuont)"))
        XCTAssertEqual(missing.message, "cannot find 'cuont' in scope")
        XCTAssertEqual(s.explorer.withCloseNames(missing).notes.count, 0)
        s.explorer.suggestsCloseNames = true
        let noted = s.explorer.withCloseNames(missing)
        XCTAssertEqual(noted.notes.map(\.message), ["did you mean 'count'?"])
        XCTAssertEqual(noted.notes.first?.location, missing.location)
        let member = try XCTUnwrap(s.fail("print(box.widht)"))
        XCTAssertEqual(member.message, "value of type 'Box' has no member 'widht'")
        XCTAssertEqual(s.explorer.withCloseNames(member).notes.map(\.message), ["did you mean 'width'?"])
        let method = try XCTUnwrap(s.fail("print(box.aera())"))
        XCTAssertEqual(s.explorer.withCloseNames(method).notes.map(\.message), ["did you mean 'area'?"])
        // A note is added once: a diagnostic that has one (a switch pattern's) keeps its own.
        XCTAssertEqual(s.explorer.withCloseNames(noted).notes.count, 1)
        // The standard library's names only when the script has none close.
        let printed = try XCTUnwrap(s.fail("prnt(1)"))
        XCTAssertEqual(s.explorer.withCloseNames(printed).notes.map(\.message), ["did you mean 'print'?"])
    }

    /// Parts of the host installed when a unit first names them (`installWhenMentioned`: the
    /// list content configuration, the testing builtins) stay out of start-up, yet a
    /// misspelling of one of their names is still close to it, and completion lists them.
    func testLazilyInstalledNamesAreDeclaredWhenNamedSuggestedAndCompleted() throws {
        let s = Session()
        XCTAssertNil(s.explorer.interpreter.typeIdentity("UIListContentConfiguration"), "declared at start-up")
        XCTAssertEqual(s.enter("var c = UITableViewCell().defaultContentConfiguration()\nc.text = \"a\"\nprint(c.text!)"), "a\n")
        XCTAssertNotNil(s.explorer.interpreter.typeIdentity("UIListContentConfiguration"))
        s.explorer.suggestsCloseNames = true
        let missing = try XCTUnwrap(s.fail("heigths()"))
        XCTAssertEqual(missing.message, "cannot find 'heigths' in scope")
        XCTAssertEqual(s.explorer.withCloseNames(missing).notes.map(\.message), ["did you mean 'heights'?"])
        let fresh = Session()
        XCTAssertTrue(fresh.explorer.completions(for: "UIListContentConfigur").candidates.contains("UIListContentConfiguration"))
    }

    func testUndoReplaysSilentlyAndKeepsTheDevice() {
        let s = Session()
        s.enter(":device iPad")
        s.enter("print(\"side effect\")")
        s.enter("let w = screenWidth")
        XCTAssertEqual(s.enter(":undo"), "")
        XCTAssertEqual(s.enter("screenWidth"), "820.0\n")
        XCTAssertNotNil(s.fail("w"))
    }

    func testResetForgetsEverything() {
        let s = Session()
        s.enter(Self.fruits)
        XCTAssertEqual(s.enter(":reset"), "reset: every definition is forgotten\n")
        XCTAssertNil(s.explorer.currentTableName)
        XCTAssertEqual(s.explorer.acceptedInputs, [])
        XCTAssertEqual(s.fail("Basket.items")?.message, "cannot find 'Basket' in scope")
        // The built-in names are back.
        XCTAssertEqual(s.enter("IndexPath(row: 1, section: 0).row"), "1\n")
    }

    func testQuitIsRequested() {
        let s = Session()
        XCTAssertFalse(s.explorer.quitRequested)
        s.enter(":quit")
        XCTAssertTrue(s.explorer.quitRequested)
    }

    func testCheckSeesOnlyLiveCode() {
        let s = Session()
        var diagnostics: [String] = []
        s.explorer.warningHandler = { diagnostics.append("\($0.location): \($0.message)") }
        // (A switch with a hole is refused when its entry is entered, as swiftc refuses it;
        // a warning is left for :check.)
        s.enter("enum E { case a, b }\nfunc f(_ e: E) -> Int { switch e { case .a: return 1\ncase .b: return 2\ncase .a: return 3 } }")
        XCTAssertEqual(s.enter(":check"), "checked 1 switch in the loaded code: 1 warning\n")
        // Once when the entry is entered (swiftc warns for code that never runs), once for :check.
        XCTAssertEqual(diagnostics, ["4:6: case is already handled by previous patterns; consider removing it",
                                     "4:6: case is already handled by previous patterns; consider removing it"])
        // Redeclaring the function takes its old switch out of the registry.
        diagnostics = []
        s.enter("func f(_ e: E) -> Int { switch e { case .a: return 1\ncase .b: return 2 } }")
        XCTAssertEqual(s.enter(":check"), "checked 1 switch in the loaded code: no problems found\n")
        XCTAssertEqual(diagnostics, [])
        // A redeclared enum is what the live switch is checked against.
        s.enter("enum E { case a, b, c }")
        diagnostics = []
        XCTAssertEqual(s.enter(":check"), "checked 1 switch in the loaded code: 1 error\n")
        XCTAssertEqual(diagnostics.first?.hasSuffix("switch must be exhaustive"), true)
    }

    func testCommandCompletion() {
        let s = Session()
        s.enter(Self.fruits)
        XCTAssertEqual(s.explorer.completions(for: ":sh"), Completion(prefix: ":sh", candidates: [":show"]))
        XCTAssertEqual(s.explorer.completions(for: ":he").candidates, [":height", ":heights", ":help"])
        XCTAssertEqual(s.explorer.completions(for: ":use B"), Completion(prefix: "B", candidates: ["Basket"]))
        XCTAssertEqual(s.explorer.completions(for: ":use "), Completion(prefix: "", candidates: ["Basket", "Detail"]))
        XCTAssertEqual(s.explorer.completions(for: ":help sw").candidates, ["swipe", "switch"])
        XCTAssertEqual(s.explorer.completions(for: ":trace o").candidates, ["off", "on"])
        XCTAssertEqual(s.explorer.completions(for: ":device iphone s").candidates, ["iPhone SE"])
    }

    func testFileCompletion() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tablelab-completion-\(getpid())")
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("sub"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try "".write(to: directory.appendingPathComponent("settings.tlab"), atomically: true, encoding: .utf8)
        try "".write(to: directory.appendingPathComponent("notes.txt"), atomically: true, encoding: .utf8)
        let s = Session()
        let base = directory.path + "/"
        XCTAssertEqual(s.explorer.completions(for: ":load " + base).candidates, [base + "settings.tlab", base + "sub/"])
        XCTAssertEqual(s.explorer.completions(for: ":load " + base + "se").candidates, [base + "settings.tlab"])
    }

    func testCodeCompletion() {
        let s = Session()
        s.enter(Self.fruits)
        s.enter("let basketSize = 2")
        XCTAssertEqual(s.explorer.completions(for: "print(bask").candidates, ["basketSize"])
        XCTAssertEqual(s.explorer.completions(for: "Fruit.p").candidates, ["pear"])
        XCTAssertEqual(s.explorer.completions(for: "Basket.it").candidates, ["items"])
        XCTAssertEqual(s.explorer.completions(for: "Basket.items.co").candidates, ["contains", "count"])
        XCTAssertEqual(s.explorer.completions(for: "let f: Fruit = .a").candidates, ["apple"])
        XCTAssertEqual(s.explorer.completions(for: "sw").candidates, ["switch"])
        // A call is never run to complete its result.
        XCTAssertEqual(Explorer.memberBase("f()"), "")
        XCTAssertEqual(Explorer.memberBase("x = sections[0]"), "sections[0]")
    }

    func testArgumentParsing() {
        XCTAssertEqual(Explorer.indexPath("0 4"), TableIndexPath(section: 0, row: 4))
        XCTAssertEqual(Explorer.indexPath("[1, 2]"), TableIndexPath(section: 1, row: 2))
        XCTAssertEqual(Explorer.indexPath(" 3 ,5 "), TableIndexPath(section: 3, row: 5))
        XCTAssertNil(Explorer.indexPath("1"))
        XCTAssertNil(Explorer.indexPath("1 2 3"))
        XCTAssertNil(Explorer.indexPath("a b"))
        XCTAssertEqual(Explorer.stripComment("0 4 // the donate row"), "0 4")
        XCTAssertEqual(Explorer.stripComment("\"a//b.tlab\""), "\"a//b.tlab\"")
        XCTAssertEqual(Explorer.closest("selct", among: ["select", "show"]), "select")
        XCTAssertNil(Explorer.closest("zzzzzz", among: ["select"]))
    }

    func testDataSourceMethodSpellings() {
        XCTAssertEqual(DataSourceMethod.match("numberOfRows(inSection:)")?.method, .numberOfRows)
        XCTAssertEqual(DataSourceMethod.match("numberOfRows(inSection:)")?.takesTableView, false)
        XCTAssertEqual(DataSourceMethod.match("tableView(_:numberOfRowsInSection:)")?.method, .numberOfRows)
        XCTAssertEqual(DataSourceMethod.match("tableView(_:numberOfRowsInSection:)")?.takesTableView, true)
        XCTAssertEqual(DataSourceMethod.match("tableView(tableView:cellForRowAtIndexPath:)")?.method, .cellForRow)
        XCTAssertEqual(DataSourceMethod.match("numberOfSectionsInTableView(tableView:)")?.method, .numberOfSections)
        XCTAssertEqual(DataSourceMethod.match("tableView(_:moveRowAt:to:)")?.method, .moveRow)
        XCTAssertEqual(DataSourceMethod.match("tableView(_:commit:forRowAt:)")?.method, .commit)
        XCTAssertNil(DataSourceMethod.match("tableView(_:somethingElse:)"))
        XCTAssertNil(DataSourceMethod.match("tableView(foo:cellForRowAt:)"))
        // Which Swift a spelling belongs to: `_` first is Swift 3's; Swift 2's names are
        // methods UIKit never calls in a class written for Swift 3.
        XCTAssertEqual(DataSourceMethod.spelling("tableView(_:didSelectRowAt:)")?.spelling, .swift3)
        XCTAssertEqual(DataSourceMethod.spelling("tableView(_:didSelectRowAtIndexPath:)")?.spelling, .swift2)
        XCTAssertEqual(DataSourceMethod.spelling("tableView(tableView:numberOfRowsInSection:)")?.spelling, .swift2)
        XCTAssertEqual(DataSourceMethod.spelling("numberOfSectionsInTableView(_:)")?.spelling, .swift2)
        XCTAssertTrue(DataSourceMethod.writtenForSwift3(["tableView(_:didSelectRowAtIndexPath:)"]))
        XCTAssertFalse(DataSourceMethod.writtenForSwift3(["tableView(tableView:cellForRowAtIndexPath:)", "numberOfSectionsInTableView(tableView:)"]))
        XCTAssertNil(TableMethods(methodNames: ["tableView(_:didSelectRowAtIndexPath:)"], swift2: false)[.didSelectRow])
        XCTAssertEqual(DelegateNearMiss.displayName("numberOfSectionsInTableView(_:)"), "numberOfSectionsInTableView")
        XCTAssertEqual(DelegateNearMiss.dropTypeName("NSIndexPath", from: "didSelectRowAtIndexPath"), "didSelectRowAt")
        XCTAssertEqual(DelegateNearMiss.dropTypeName("UITableView", from: "tableView"), "")
        // Both spellings in one table: the short one is called.
        let methods = TableMethods(methodNames: ["tableView(_:cellForRowAt:)", "cellForRow(at:)"])
        XCTAssertEqual(methods[.cellForRow]?.fullName, "cellForRow(at:)")
    }

    func testDevices() {
        XCTAssertEqual(Device.named("iphone se")?.width, 375)
        XCTAssertEqual(Device.named("iPhone-15")?.height, 844)
        XCTAssertEqual(Device.named("IPAD PRO")?.width, 1024)
        XCTAssertNil(Device.named("Pixel"))
    }

    func testARedeclaredTableStartsAfresh() {
        let s = Session()
        s.enter("table T {\n var items = [\"old\"]\n func viewDidLoad() { print(\"old loaded\") }\n}")
        XCTAssertEqual(s.enter(":height 0 0"), "old loaded\n44\n")
        XCTAssertEqual(s.enter(":height 0 0"), "44\n")
        s.enter("table T {\n var items = [\"new\"]\n func viewDidLoad() { print(\"new loaded\"); tableView.rowHeight = 60 }\n}")
        XCTAssertEqual(s.enter(":height 0 0"), "new loaded\n60\n")
    }

    func testSnapshotOfATableThroughTheSimulator() throws {
        let s = Session()
        s.enter("""
        table T {
          var sections = [Section(type: 0, items: ["a"], title: "Head", footer: "Foot")]
          func heightForRow(at indexPath: IndexPath) -> Double { 60 }
        }
        """)
        let snapshot = try s.explorer.simulator.snapshot(of: "T")
        // A plain table, UIKit's default: a title is a 28-point strip.
        XCTAssertEqual(snapshot, TableSnapshot(name: "T", sections: [
            SectionSnapshot(headerTitle: "Head", footerTitle: "Foot", rows: [
                RowSnapshot(indexPath: TableIndexPath(section: 0, row: 0),
                            cell: CellSnapshot(reuseIdentifier: "BasicCell", style: .default, textLabel: LabelSnapshot(text: "a")),
                            height: 60),
            ], style: .plain),
        ], style: .plain))
        XCTAssertEqual(snapshot.contentHeight, 28 + 60 + 28)
    }
}
