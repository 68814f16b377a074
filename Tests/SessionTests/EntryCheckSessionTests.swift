import Foundation
import XCTest

/// Issue 13 at the prompt: an entry is checked whole before it runs (a failed compile
/// changes nothing), a missing return is reported before the function exists, a near-miss
/// delegate method is warned about, and a redeclared enum keeps the session's values.
final class EntryCheckSessionTests: XCTestCase {
    func testAnEntryThatFailsToCompileChangesNothing() throws {
        let session = try Sandbox().startSession()
        try session.waitForPrompt()
        session.send("var xs = [1, 2]\r")
        try session.waitForPrompt()
        session.send("xs.removeAll(); nosuch()\r")
        try session.waitFor("error: cannot find 'nosuch' in scope")
        try session.waitForPrompt()
        session.send("print(xs)\r")
        try session.waitFor("\r\n[1, 2]\r\n")
        try session.waitForPrompt()
    }

    /// The entry redeclares an enum, a function with a switch, a global and declares a new
    /// function before naming nothing that exists: afterwards the enum has its two cases, the
    /// value keeps its case (no "keeps its old value" warning), the old function answers,
    /// `:check` sees only its switch, `k` is still an Int constant, `g` does not exist.
    func testAnEntryThatRedeclaresAndFailsToCompileTakesItsDeclarationsBack() throws {
        let session = try Sandbox().startSession()
        try session.waitForPrompt()
        for entry in ["enum E { case a, b }", "var x = E.b", "let k = 5",
                      "func f(_ e: E) -> Int { switch e { case .a: return 1; case .b: return 2 } }"] {
            session.send(entry + "\r")
            try session.waitForPrompt()
        }
        session.send("enum E { case a }; func f(_ e: E) -> Int { switch e { case .a: return 9 } }; "
                     + "var k = \"s\"; func g() {}; nosuch()\r")
        try session.waitFor("error: cannot find 'nosuch' in scope")
        try session.waitForPrompt()
        session.send("print(x, E.b, f(.b), k + 1)\r")
        try session.waitFor("\r\nb b 2 6\r\n")
        try session.waitForPrompt()
        session.send(":check\r")
        try session.waitFor("checked 1 switch in the loaded code: no problems found")
        try session.waitForPrompt()
        session.send("g()\r")
        try session.waitFor("error: cannot find 'g' in scope")
        try session.waitForPrompt()
        XCTAssertFalse(session.text.contains("keeps its old value"), session.text)
        XCTAssertFalse(session.text.contains("redeclared with other cases"), session.text)
    }

    /// A pasted entry holding a command runs in two parts; its second part does not
    /// compile, so the first must not have run: nothing printed, `xs` keeps its elements,
    /// the command's output never appears.
    func testAnEntryWithACommandThatFailsToCompileAfterItRunsNothing() throws {
        let session = try Sandbox().startSession()
        try session.waitForPrompt()
        session.send("var xs = [1, 2]\r")
        try session.waitForPrompt()
        session.send("\u{1B}[200~xs.removeAll(); print(\"ran\")\r:check\rnosuch()\u{1B}[201~")
        try session.waitFor("nosuch()")
        session.send("\r")
        try session.waitFor("error: cannot find 'nosuch' in scope")
        try session.waitForPrompt()
        session.send("print(xs)\r")
        try session.waitFor("\r\n[1, 2]\r\n")
        try session.waitForPrompt()
        XCTAssertFalse(session.text.contains("\r\nran\r\n"), session.text)
        XCTAssertFalse(session.text.contains("no problems found"), session.text)
    }

    /// An empty array property's misspelt member names the declared element type, as swiftc,
    /// before the entry runs (the value alone would say '[Any]').
    func testAMisspeltMemberOfAnEmptyArrayNamesItsDeclaredType() throws {
        let session = try Sandbox().startSession()
        try session.waitForPrompt()
        for entry in ["struct Item { var name = \"\" }", "struct S { var items: [Item] = [] }", "var s = S()"] {
            session.send(entry + "\r")
            try session.waitForPrompt()
        }
        session.send("print(1); s.items.cont\r")
        try session.waitFor("error: value of type '[Item]' has no member 'cont'")
        try session.waitForPrompt()
        XCTAssertFalse(session.text.contains("\r\n1\r\n"), session.text)
    }

    func testAMissingReturnIsReportedAndTheFunctionIsNotDeclared() throws {
        let session = try Sandbox().startSession()
        try session.waitForPrompt()
        session.send("func k(_ n: Int) -> Int { let y = n * 2 }\r")
        try session.waitFor("error: missing return in global function expected to return 'Int'")
        try session.waitForPrompt()
        session.send("k(2)\r")
        try session.waitFor("error: cannot find 'k' in scope")
        try session.waitForPrompt()
    }

    func testANearMissDelegateMethodIsWarnedAbout() throws {
        let session = try Sandbox().startSession()
        try session.waitForPrompt()
        session.send("\u{1B}[200~table T {\r\tfunc numberOfSections() -> Int { 1 }\r"
                     + "\tfunc tableView(_ tableView: UITableView, didSelectRow indexPath: IndexPath) { }\r}\u{1B}[201~")
        try session.waitFor("}")
        session.send("\r")
        try session.waitFor("warning: instance method 'tableView(_:didSelectRow:)' nearly matches optional requirement "
                            + "'tableView(_:didSelectRowAt:)' of protocol 'UITableViewDelegate'")
        try session.waitForPrompt()
    }

    func testLessonBRedeclaredEnumKeepsTheValues() throws {
        let session = try Sandbox().startSession()
        try session.waitForPrompt()
        for entry in ["enum E { case a, b }", "struct S { var xs: [E] }", "var s = S(xs: [.a])", "enum E { case a, b, c }",
                      "s.xs.append(.c)"] {
            session.send(entry + "\r")
            try session.waitForPrompt()
            usleep(50_000)
        }
        session.send("print(s.xs[0] == E.a, s.xs.count)\r")
        try session.waitFor("\r\ntrue 2\r\n")
        try session.waitForPrompt()
        XCTAssertFalse(session.text.contains("error"), session.text)
    }

    /// An earlier entry's `let` is known to the whole-entry write check: the entry that
    /// appends to it is refused before its `print` runs (swiftc's error and note, at the
    /// lines the session numbers), and the constant keeps its value. A `var` is written.
    func testAnEarlierEntrysConstantIsRefusedBeforeTheEntryRuns() throws {
        let session = try Sandbox().startSession()
        try session.waitForPrompt()
        for entry in ["let xs = [1]", "var ys = [1]"] {
            session.send(entry + "\r")
            try session.waitForPrompt()
        }
        session.send("print(\"ran\"); xs.append(2)\r")
        try session.waitFor("<repl>:3:18: error: cannot use mutating member on immutable value: 'xs' is a 'let' constant")
        try session.waitFor("<repl>:1:1: note: change 'let' to 'var' to make it mutable")
        try session.waitForPrompt()
        XCTAssertFalse(session.text.contains("\r\nran\r\n"), session.text)
        session.send("ys.append(2); print(xs, ys)\r")
        try session.waitFor("\r\n[1] [1, 2]\r\n")
        try session.waitForPrompt()
    }

    /// `var t: Int` at the prompt is a global the next entry's `=` initializes; read before
    /// that, it is swiftc's "used before being initialized".
    func testAGlobalVarDeclaredWithoutAValueIsSetByALaterEntry() throws {
        let session = try Sandbox().startSession()
        try session.waitForPrompt()
        session.send("var t: Int\r")
        try session.waitForPrompt()
        session.send("print(t)\r")
        try session.waitFor("error: variable 't' used before being initialized")
        try session.waitForPrompt()
        session.send("t = 3\r")
        try session.waitForPrompt()
        session.send("t += 1; print(t)\r")
        try session.waitFor("\r\n4\r\n")
        try session.waitForPrompt()
        XCTAssertFalse(session.text.contains("cannot find"), session.text)
    }
}
