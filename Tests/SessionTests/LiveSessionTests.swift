import Foundation
import XCTest

/// The session around a script file: `:reload` of the `-i` file, and `--watch`.
final class LiveSessionTests: XCTestCase {
    private func writeScript(_ sandbox: Sandbox, _ text: String) throws -> String {
        let path = sandbox.root.appendingPathComponent("notes.tlab").path
        // Atomically, as editors save: a new file renamed over the old one.
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func testReloadRunsTheFileGivenToDashI() throws {
        let sandbox = try Sandbox()
        let path = try writeScript(sandbox, "print(\"script ran\")\n")
        let session = try sandbox.startSession("-i", path)
        try session.waitFor("script ran\r\n")
        try session.waitForPrompt()
        session.send(":reload\r")
        try session.waitFor("script ran\r\n")
        try session.waitForPrompt()
        XCTAssertFalse(session.text.contains("nothing to reload"), session.text)
    }

    func testWatchRunsTheFileAgainFreshAndRedrawsTheTableAndTheLine() throws {
        let sandbox = try Sandbox()
        let path = try writeScript(sandbox, "table Notes {\n  var items = [\"one\"]\n}\n")
        let session = try sandbox.startSession("-i", "--watch", path)
        try session.waitForPrompt()
        session.send("var mine = 5\r")
        try session.waitForPrompt()
        // Half a line typed when the file changes: it is still there afterwards.
        session.send("print(")
        try session.waitFor("print(")
        _ = try writeScript(sandbox, "table Notes {\n  var items = [\"one\", \"two\"]\n}\nprint(\"edited\")\n")
        try session.waitFor("watch: \(path) changed; ran it again\r\n")
        try session.waitFor("edited\r\n")
        try session.waitFor("\n  two")
        try session.waitForPrompt()
        // A fresh state: what was typed before the change is gone, the file's state is there.
        session.send("mine)\r")
        try session.waitFor("error: cannot find 'mine' in scope")
        try session.waitForPrompt()
        session.send("print(Notes.items.count)\r")
        try session.waitFor("\r\n2\r\n")
        try session.waitForPrompt()

        // An edit that breaks the file reports the error and the session goes on.
        _ = try writeScript(sandbox, "table Notes {\n  var items = [nope]\n}\n")
        try session.waitFor("watch: \(path) changed; ran it again\r\n")
        try session.waitFor("error: cannot find 'nope' in scope")
        try session.waitForPrompt()
        // :check says the file is not loaded, not only that the (empty) session is clean.
        session.send(":check\r")
        try session.waitFor("\(path) stopped at an error when it last ran: only what ran before it is loaded and checked")
        try session.waitForPrompt()
        session.send("\u{04}")
        XCTAssertEqual(try session.waitForExit(), 0)
    }

    func testAChangeDuringAPasteIsShownAfterIt() throws {
        let sandbox = try Sandbox()
        let path = try writeScript(sandbox, "print(\"first\")\n")
        let session = try sandbox.startSession("-i", "--watch", path)
        try session.waitForPrompt()
        session.send("\u{1B}[200~print(")
        _ = try writeScript(sandbox, "print(\"second\")\n")
        usleep(800_000)  // several polls while the paste is still open
        XCTAssertFalse(session.text.contains("watch:"), "drew inside a paste: \(session.text)")
        session.send("5)\u{1B}[201~")
        try session.waitFor("watch: \(path) changed; ran it again\r\n")
        try session.waitFor("second\r\n")
        try session.waitForPrompt()
        session.send("\r")
        try session.waitFor("\r\n5\r\n")
        try session.waitForPrompt()
    }

    /// The output of one entry: what came after its echoed line, up to the next prompt.
    private func output(of entry: String, in session: PseudoTerminalProcess, prompt: String) throws -> String {
        session.send(entry + "\r")
        try session.waitFor(entry + "\r\n")
        try session.waitForPrompt(prompt)
        let text = session.text
        guard let start = text.range(of: entry + "\r\n", options: .backwards),
              let end = text.range(of: "tablelab", options: .backwards), start.upperBound <= end.lowerBound else { return "" }
        return String(text[start.upperBound..<end.lowerBound])
    }

    func testSaveThenLoadInAFreshSessionShowsTheSameTable() throws {
        let sandbox = try Sandbox()
        let saved = sandbox.root.appendingPathComponent("saved.tlab").path
        let first = try sandbox.startSession()
        try first.waitForPrompt()
        first.send("\u{1B}[200~enum Item { case a, b }\rtable T {\r\tvar items: [Item] = [.a]\r\tvar taps = 0\r"
                   + "\tfunc didSelectRow(at indexPath: IndexPath) { taps += 1; items.append(.b) }\r}\u{1B}[201~")
        try first.waitFor("}")
        first.send("\r")
        try first.waitForPrompt()
        for entry in [":show T", ":select 0 0", "T.items.count", ":use T", "items.append(.a)", "var seen = taps"] {
            first.send(entry + "\r")
            try first.waitForPrompt("tablelab")
            usleep(100_000)
        }
        let expected = try output(of: ":show T --json", in: first, prompt: "tablelab(T)> ")
        XCTAssertTrue(expected.contains("\"rows\""), expected)
        first.send(":save \(saved)\r")
        try first.waitFor("saved 5 inputs to \(saved)")
        try first.waitForPrompt("tablelab(T)> ")

        let second = try sandbox.startSession()
        try second.waitForPrompt()
        second.send(":load \(saved)\r")
        try second.waitForPrompt("tablelab(T)> ")
        XCTAssertEqual(try output(of: ":show T --json", in: second, prompt: "tablelab(T)> "), expected)
        second.send("print(seen, T.taps)\r")
        try second.waitFor("\r\n1 1\r\n")
        XCTAssertFalse(second.text.contains("error"), second.text)
    }

    /// Issue 13: a misspelt name or member at the prompt, in a file `-i` or `:load` ran, and
    /// in what `:check` finds, keeps swiftc's error line and gets the did-you-mean note
    /// swiftc 6.3 leaves out, at the misspelling; a name near nothing gets none.
    func testMisspeltNamesAndMembersGetADidYouMeanNote() throws {
        let sandbox = try Sandbox()
        let path = try writeScript(sandbox, "struct Scores {\n  var count = 0\n  func total() -> Int { count }\n}\n"
                                   + "var items = [1, 2]\nlet scores = Scores()\nfunc helper() -> Int { 1 }\n")
        let other = sandbox.root.appendingPathComponent("other.tlab").path
        try "print(scores.totl())\n".write(toFile: other, atomically: true, encoding: .utf8)
        let session = try sandbox.startSession("-i", path)
        try session.waitForPrompt()
        for (entry, error, note) in [
            ("print(itmes)", "error: cannot find 'itmes' in scope", "note: did you mean 'items'?"),
            ("print(scores.coutn)", "error: value of type 'Scores' has no member 'coutn'", "note: did you mean 'count'?"),
            ("print(items.cout)", "error: value of type '[Int]' has no member 'cout'", "note: did you mean 'count'?"),
            ("print(helpr())", "error: cannot find 'helpr' in scope", "note: did you mean 'helper'?"),
            ("let s2 = Scors()", "error: cannot find 'Scors' in scope", "note: did you mean 'Scores'?"),
            ("func f() {\r  let local = 3\r  print(locl)\r}", "error: cannot find 'locl' in scope", "note: did you mean 'local'?"),
            (":load \(other)", "other.tlab:1:14: error: value of type 'Scores' has no member 'totl'",
             "other.tlab:1:14: note: did you mean 'total'?"),
        ] {
            session.send(entry + "\r")
            try session.waitFor(error)
            try session.waitFor(note)
            try session.waitForPrompt()
        }
        // An explorer command's error stays one line (docs/COMMANDS.md).
        session.send(":type itmes\r")
        let typed = try session.waitForAnyPrompt()
        XCTAssertTrue(typed.hasSuffix("error: cannot find 'itmes' in scope"), typed)
        XCTAssertFalse(typed.contains("note:"), typed)
        session.send("print(zzzzqqq)\r")
        try session.waitFor("error: cannot find 'zzzzqqq' in scope")
        XCTAssertFalse(try session.waitForAnyPrompt().contains("note:"))
        // Code a redeclaration broke, as `:check` lists it, with the member now declared.
        session.send("func g() -> Int { scores.count }\r")
        try session.waitForPrompt()
        session.send("struct Scores { var counts = 0 }\r")
        try session.waitForPrompt()
        session.send(":check\r")
        try session.waitFor("error: value of type 'Scores' has no member 'count'")
        try session.waitFor("note: did you mean 'counts'?")
        try session.waitForPrompt()
        session.send("\u{04}")
        XCTAssertEqual(try session.waitForExit(), 0)
    }

    /// Issue 13: an entry is checked whole as swiftc compiles it: a closure that captures a
    /// local before it is set is swiftc's compile-time error (the entry declares nothing),
    /// and an entry with a call its labels do not fit and a name nothing declares lists both,
    /// in swiftc's order (a statement's missing names first).
    func testCompileTimeErrorsOfAnEntryAtThePrompt() throws {
        let sandbox = try Sandbox()
        let session = try sandbox.startSession()
        try session.waitForPrompt()
        session.send("func h() {\r  var x: Int\r  let c = { print(x) }\r  x = 1\r  c()\r}\r")
        try session.waitFor(":3:11: error: variable 'x' captured by a closure before being initialized")
        try session.waitFor(":2:7: note: variable defined here")
        try session.waitForPrompt()
        session.send("h()\r")
        try session.waitFor("error: cannot find 'h' in scope")
        try session.waitForPrompt()
        session.send("func f(a: Int) -> Int { a }\r")
        try session.waitForPrompt()
        session.send("print(f(b: 2), nada); print(gone)\r")
        let errors = try session.waitForAnyPrompt().components(separatedBy: "\r\n").filter { $0.contains(": error: ") }
        XCTAssertEqual(errors.map { $0.components(separatedBy: ": error: ").last ?? "" },
                       ["cannot find 'nada' in scope", "incorrect argument label in call (have 'b:', expected 'a:')",
                        "cannot find 'gone' in scope"])
        // A misspelt case where the enum is the context, and a misspelt member named by its
        // type: refused before the entry runs (nothing printed, `zs` not declared), each with
        // the note the session adds.
        session.send("enum E { case done, open }\r")
        try session.waitForPrompt()
        session.send("var zs: [E] = []; print(\"ran\"); zs.append(.donte); print(E.opne)\r")
        let refused = try session.waitForAnyPrompt()
        XCTAssertTrue(refused.contains("error: type 'E' has no member 'donte'\r\n"), refused)
        XCTAssertTrue(refused.contains("note: did you mean 'done'?"), refused)
        XCTAssertTrue(refused.contains("error: type 'E' has no member 'opne'\r\n"), refused)
        XCTAssertTrue(refused.contains("note: did you mean 'open'?"), refused)
        XCTAssertFalse(refused.contains("\r\nran\r\n"), refused)
        session.send("zs\r")
        try session.waitFor("error: cannot find 'zs' in scope")
        try session.waitForPrompt()
        session.send("\u{04}")
        XCTAssertEqual(try session.waitForExit(), 0)
    }

    /// Issue 13: `:undo` takes back the last input that changed the state silently, and says
    /// in one error line when there is none.
    func testUndoIsSilentAndSaysWhenThereIsNothingToUndo() throws {
        let sandbox = try Sandbox()
        let path = try writeScript(sandbox, "var k = 1\n")
        let session = try sandbox.startSession("-i", path)
        try session.waitForPrompt()
        for entry in ["k = 2", ":show", "k"] {
            session.send(entry + "\r")
            _ = try session.waitForAnyPrompt()
        }
        session.send(":undo\r")
        let undone = try session.waitForAnyPrompt()
        XCTAssertEqual(undone.components(separatedBy: "\r\n").count, 1, undone)
        session.send("k\r")
        try session.waitFor("\r\n1\r\n")
        try session.waitForPrompt()
        // The file given to -i is an input too: taken back, `k` is gone.
        session.send(":undo\r")
        XCTAssertEqual(try session.waitForAnyPrompt().components(separatedBy: "\r\n").count, 1)
        session.send(":undo\r")
        let nothing = try session.waitForAnyPrompt()
        XCTAssertTrue(nothing.hasSuffix(": error: nothing to undo"), nothing)
        XCTAssertEqual(nothing.components(separatedBy: "\r\n").count, 2, nothing)
        session.send("k\r")
        try session.waitFor("error: cannot find 'k' in scope")
        try session.waitForPrompt()
        session.send("\u{04}")
        XCTAssertEqual(try session.waitForExit(), 0)
    }

    /// A script that ends by drawing the table has drawn it: the watch does not draw it a
    /// second time. One that does not end so (the person typed `:show` last) gets the redraw.
    func testWatchDrawsTheTableOnceWhenTheScriptDrawsIt() throws {
        let sandbox = try Sandbox()
        let path = try writeScript(sandbox, "table Notes {\n  var items = [\"one\"]\n}\n:show\n")
        let session = try sandbox.startSession("-i", "--watch", path)
        try session.waitFor("Notes  1 section · 1 row")
        try session.waitForPrompt()
        _ = try writeScript(sandbox, "table Notes {\n  var items = [\"one\", \"two\"]\n}\n:show\n")
        try session.waitFor("watch: \(path) changed; ran it again\r\n")
        try session.waitFor("Notes  1 section · 2 rows")
        try session.waitForPrompt()
        XCTAssertEqual(session.text.components(separatedBy: "Notes  1 section · 2 rows").count, 2, session.text)
        // Without the script's own :show, the watch draws the screen after the run.
        _ = try writeScript(sandbox, "table Notes {\n  var items = [\"one\", \"two\", \"three\"]\n}\n")
        try session.waitFor("watch: \(path) changed; ran it again\r\n")
        try session.waitFor("Notes  1 section · 3 rows")
        try session.waitForPrompt()
        session.send("\u{04}")
        XCTAssertEqual(try session.waitForExit(), 0)
    }

    func testWithoutChangesWatchShowsNothing() throws {
        let sandbox = try Sandbox()
        let path = try writeScript(sandbox, "print(\"once\")\n")
        let session = try sandbox.startSession("-i", "--watch", path)
        try session.waitForPrompt()
        usleep(800_000)  // several polls
        session.send("print(\"typed\")\r")
        try session.waitFor("typed\r\n")
        try session.waitForPrompt()
        XCTAssertFalse(session.text.contains("watch:"), session.text)
        XCTAssertEqual(session.text.components(separatedBy: "once").count, 2, session.text)
    }
}
