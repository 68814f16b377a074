import Foundation
import XCTest

/// The real `tablelab` at a real pseudo-terminal: the libedit session with the explorer
/// behind it (SPEC §6). HOME and XDG_STATE_HOME point into a private sandbox.
final class LineEditorSessionTests: XCTestCase {
    func testBannerThenPrompt() throws {
        let sandbox = try Sandbox()
        let session = try sandbox.startSession()
        try session.waitForPrompt()
        session.send("\u{04}")
        XCTAssertEqual(try session.waitForExit(), 0)
        // Bracketed paste is switched on before the first prompt and off at the end.
        XCTAssertTrue(session.text.hasPrefix("TableLab 0.1.0 — :help for help\r\n\u{1B}[?2004htablelab> "), session.text)
        XCTAssertTrue(session.text.hasSuffix("\u{1B}[?2004l"), session.text)
    }

    func testEntryRunsAndPrints() throws {
        let sandbox = try Sandbox()
        let session = try sandbox.startSession()
        try session.waitForPrompt()
        session.send("print(\"hello \\(40 + 2)\")\r")
        try session.waitFor("hello 42\r\n")
        try session.waitForPrompt()
    }

    func testMultiLineFunctionContinuesThenRunsOnceComplete() throws {
        let sandbox = try Sandbox()
        let session = try sandbox.startSession()
        try session.waitForPrompt()
        session.send("func f() {\r")
        try session.waitForPrompt("...> ")
        session.send("print(1)\r")
        try session.waitForPrompt("...> ")
        session.send("}\r")
        try session.waitForPrompt("tablelab> ")
        XCTAssertFalse(session.text.contains("1\r\n"), "ran before the entry was complete: \(session.text)")
        session.send("f()\r")
        try session.waitFor("\r\n1\r\n")
        try session.waitForPrompt()
        XCTAssertFalse(session.text.contains("error"), session.text)
    }

    func testMultiLineLoopRunsExactlyOnce() throws {
        let sandbox = try Sandbox()
        let session = try sandbox.startSession()
        try session.waitForPrompt()
        session.send("for i in [7, 8] {\r")
        try session.waitForPrompt("...> ")
        session.send("print(i * 2)\r")
        try session.waitForPrompt("...> ")
        session.send("}\r")
        try session.waitFor("14\r\n16\r\n")
        try session.waitForPrompt("tablelab> ")
        XCTAssertEqual(session.text.components(separatedBy: "14\r\n").count, 2, session.text)
    }

    func testOpenTripleQuotedStringContinues() throws {
        let sandbox = try Sandbox()
        let session = try sandbox.startSession()
        try session.waitForPrompt()
        session.send("let s = \"\"\"\r")
        try session.waitForPrompt("...> ")
        session.send("a { line\r")
        try session.waitForPrompt("...> ")
        session.send("\"\"\"\r")
        try session.waitForPrompt("tablelab> ")
        session.send("print(s.count)\r")
        try session.waitFor("\r\n8\r\n")
    }

    func testPromptShowsTheTableTheScriptLeftAndFollowsUse() throws {
        let sandbox = try Sandbox()
        let session = try sandbox.startSession("-i", TableLabBinary.example("settings.tlab"))
        try session.waitFor("TableLab 0.1.0 — :help for help\r\n")
        try session.waitForPrompt("tablelab(SettingsViewController)> ")
        session.send("table Notes {\r")
        try session.waitForPrompt("...> ")
        session.send("}\r")
        try session.waitForPrompt("tablelab(SettingsViewController)> ")
        session.send(":use Notes\r")
        try session.waitForPrompt("tablelab(Notes)> ")
        session.send(":use SettingsViewController\r")
        try session.waitForPrompt("tablelab(SettingsViewController)> ")
    }

    func testErrorPrintsTheDiagnosticAndKeepsState() throws {
        let sandbox = try Sandbox()
        let session = try sandbox.startSession()
        try session.waitForPrompt()
        session.send("var x = 5\r")
        try session.waitForPrompt()
        session.send("print(y)\r")
        try session.waitFor("<repl>:2:7: error: cannot find 'y' in scope\r\n")
        try session.waitForPrompt()
        session.send("print(x)\r")
        try session.waitFor("\r\n5\r\n")
        try session.waitForPrompt()
    }

    /// Issue 13: an explorer command's bad argument is one line in swiftc's form, at the
    /// prompt as in a script (docs/COMMANDS.md): no trace, no quote of the line just typed.
    func testCommandArgumentErrorsAreOneLineAtThePrompt() throws {
        let sandbox = try Sandbox()
        let session = try sandbox.startSession()
        try session.waitForPrompt()
        session.send("table T { var items = [\"a\"] }\r")
        _ = try session.waitForAnyPrompt()
        for (entry, error) in [
            (":select 9 9", "<repl>:2:1: error: section 9 does not exist: 'T' has 1 section"),
            (":cell 0 4", "<repl>:3:1: error: row 4 does not exist: section 0 of 'T' has 1 row"),
            (":accessory 0 0", "<repl>:4:1: error: 'T' has no accessoryButtonTappedForRowWith: tapping the accessory button does nothing"),
            (":type nosuch", "<repl>:5:7: error: cannot find 'nosuch' in scope"),
            (":select", "<repl>:6:1: error: usage: :select [VIEW] SECTION ROW"),
        ] {
            session.send(entry + "\r")
            let said = try session.waitForAnyPrompt()
            // The echoed entry, then the error: nothing else.
            XCTAssertEqual(said.components(separatedBy: "\r\n").filter { !$0.isEmpty }, [entry, error], said.debugDescription)
        }
    }

    func testCtrlCAtThePromptClearsTheLine() throws {
        let sandbox = try Sandbox()
        let session = try sandbox.startSession()
        try session.waitForPrompt()
        session.send("print(1")
        try session.waitFor("print(1")
        session.send("\u{03}")
        try session.waitFor("^C")
        try session.waitForPrompt()
        session.send("print(2)\r")
        try session.waitFor("\r\n2\r\n")
        try session.waitForPrompt()
        XCTAssertFalse(session.text.contains("error"), session.text)
        XCTAssertFalse(session.text.contains("12"), session.text)
    }

    func testCtrlCAtTheContinuationPromptDropsTheEntry() throws {
        let sandbox = try Sandbox()
        let session = try sandbox.startSession()
        try session.waitForPrompt()
        session.send("func g() {\r")
        try session.waitForPrompt("...> ")
        session.send("\u{03}")
        try session.waitFor("^C")
        try session.waitForPrompt("tablelab> ")
        session.send("print(3)\r")
        try session.waitFor("\r\n3\r\n")
        try session.waitForPrompt()
        session.send("g()\r")
        try session.waitFor("error: cannot find 'g' in scope")
    }

    func testCtrlCDuringEvaluationInterruptsAndKeepsState() throws {
        let sandbox = try Sandbox()
        let session = try sandbox.startSession()
        try session.waitForPrompt()
        session.send("var x = 41\r")
        try session.waitForPrompt()
        session.send("func twice(_ n: Int) -> Int { n * 2 }\r")
        try session.waitForPrompt()
        session.send("while true {}\r")
        try session.waitFor("while true {}\r\n")
        usleep(200_000)
        session.send("\u{03}")
        try session.waitFor("error: execution interrupted")
        try session.waitForPrompt()
        session.send("print(x)\r")
        try session.waitFor("\r\n41\r\n")
        try session.waitForPrompt()
        session.send("print(twice(x))\r")
        try session.waitFor("\r\n82\r\n")
        try session.waitForPrompt()
        session.send("\u{04}")
        XCTAssertEqual(try session.waitForExit(), 0)
    }

    func testCtrlDOnAnEmptyLineLeavesWithStatusZero() throws {
        let sandbox = try Sandbox()
        let session = try sandbox.startSession()
        try session.waitForPrompt()
        session.send("print(1)\r")
        try session.waitForPrompt()
        session.send("\u{04}")
        XCTAssertEqual(try session.waitForExit(), 0)
    }

    func testCtrlDAfterAnErrorStillLeavesWithStatusZero() throws {
        let sandbox = try Sandbox()
        let session = try sandbox.startSession()
        try session.waitForPrompt()
        session.send("print(nope)\r")
        try session.waitFor("error:")
        try session.waitForPrompt()
        session.send("\u{04}")
        XCTAssertEqual(try session.waitForExit(), 0)
    }

    func testQuitLeaves() throws {
        let sandbox = try Sandbox()
        let session = try sandbox.startSession()
        try session.waitForPrompt()
        session.send(":quit\r")
        XCTAssertEqual(try session.waitForExit(), 0)
    }

    // MARK: History

    func testHistoryFileHasEachEntryAfterItRanMultiLineEntriesWhole() throws {
        let sandbox = try Sandbox()
        let session = try sandbox.startSession()
        try session.waitForPrompt()
        session.send("print(1)\r")
        try session.waitForPrompt()
        session.send("func f() {\r")
        try session.waitForPrompt("...> ")
        session.send("print(1)\r")
        try session.waitForPrompt("...> ")
        session.send("}\r")
        try session.waitForPrompt("tablelab> ")
        session.send("print(1)\r")
        try session.waitForPrompt()
        // Killed: nothing is saved at exit that was not saved already.
        kill(session.pid, SIGKILL)
        XCTAssertEqual(try sandbox.historyItems(), ["print(1)", "func f() {\nprint(1)\n}", "print(1)"])
        let leftovers = try FileManager.default.contentsOfDirectory(
            atPath: sandbox.historyFile.deletingLastPathComponent().path)
        XCTAssertEqual(leftovers, ["history"], "temporary files left behind")
    }

    func testRepeatedEntryIsKeptOnce() throws {
        let sandbox = try Sandbox()
        let session = try sandbox.startSession()
        try session.waitForPrompt()
        for _ in 0..<3 {
            session.send("print(9)\r")
            try session.waitFor("\r\n9\r\n")
            try session.waitForPrompt()
        }
        XCTAssertEqual(try sandbox.historyItems(), ["print(9)"])
    }

    func testHistoryFallsBackToHomeWithoutXDGStateHome() throws {
        let sandbox = try Sandbox()
        let session = try sandbox.startSession(useXDG: false)
        try session.waitForPrompt()
        session.send("print(\"remember me\")\r")
        try session.waitFor("remember me\r\n")
        try session.waitForPrompt()
        let file = sandbox.home.appendingPathComponent(".tablelab_history")
        XCTAssertEqual(try sandbox.historyItems(at: file), ["print(\"remember me\")"])
    }

    func testHistoryKeepsAtMostOneThousandItems() throws {
        let sandbox = try Sandbox()
        try FileManager.default.createDirectory(
            at: sandbox.historyFile.deletingLastPathComponent(), withIntermediateDirectories: true)
        let old = (1...1_000).map { "entry\\040\($0)" }
        try ("_HiStOrY_V2_\n" + old.joined(separator: "\n") + "\n")
            .write(to: sandbox.historyFile, atomically: true, encoding: .utf8)
        let session = try sandbox.startSession()
        try session.waitForPrompt()
        session.send("print(0)\r")
        try session.waitFor("\r\n0\r\n")
        try session.waitForPrompt()
        let items = try sandbox.historyItems()
        XCTAssertEqual(items.count, 1_000)
        XCTAssertEqual(items.first, "entry 2")
        XCTAssertEqual(items.last, "print(0)")
    }

    func testForeignHistoryFileIsLeftAloneWithOneWarning() throws {
        let sandbox = try Sandbox()
        try FileManager.default.createDirectory(
            at: sandbox.historyFile.deletingLastPathComponent(), withIntermediateDirectories: true)
        let foreign = "#V2\nsomething else's history\n"
        try foreign.write(to: sandbox.historyFile, atomically: true, encoding: .utf8)
        let session = try sandbox.startSession()
        try session.waitForPrompt()
        session.send("print(1)\r")
        try session.waitForPrompt()
        session.send("print(2)\r")
        try session.waitForPrompt()
        XCTAssertEqual(session.text.components(separatedBy: "cannot read history file").count, 2, session.text)
        XCTAssertEqual(try String(contentsOf: sandbox.historyFile, encoding: .utf8), foreign)
    }

    func testMultiLineEntryIsRecalledWholeInTheNextSession() throws {
        let sandbox = try Sandbox()
        let first = try sandbox.startSession()
        try first.waitForPrompt()
        first.send("func f() {\r")
        try first.waitForPrompt("...> ")
        first.send("print(5)\r")
        try first.waitForPrompt("...> ")
        first.send("}\r")
        try first.waitForPrompt("tablelab> ")
        first.send("\u{04}")
        XCTAssertEqual(try first.waitForExit(), 0)

        let second = try sandbox.startSession()
        try second.waitForPrompt()
        second.send("\u{1B}[A") // up arrow: the whole entry comes back, and runs as one
        usleep(100_000)
        second.send("\r")
        try second.waitForPrompt("tablelab> ")
        second.send("f()\r")
        try second.waitFor("\r\n5\r\n")
        XCTAssertFalse(second.text.contains("...> "), second.text)
    }

    func testCtrlRSearchesHistory() throws {
        let sandbox = try Sandbox()
        let session = try sandbox.startSession()
        try session.waitForPrompt()
        session.send("print(\"alpha\")\r")
        try session.waitFor("alpha\r\n")
        try session.waitForPrompt()
        session.send("print(\"beta\")\r")
        try session.waitFor("beta\r\n")
        try session.waitForPrompt()
        session.send("\u{12}")
        usleep(100_000)
        session.send("alp")
        usleep(100_000)
        session.send("\r")
        try session.waitFor("alpha\r\n")
        try session.waitForPrompt()
        XCTAssertEqual(try sandbox.historyItems(), ["print(\"alpha\")", "print(\"beta\")", "print(\"alpha\")"])
    }

    func testHistoryCommandListsEntries() throws {
        let sandbox = try Sandbox()
        let session = try sandbox.startSession()
        try session.waitForPrompt()
        session.send("print(1)\r")
        try session.waitForPrompt()
        session.send("func f() {\r")
        try session.waitForPrompt("...> ")
        session.send("}\r")
        try session.waitForPrompt("tablelab> ")
        session.send(":history\r")
        try session.waitFor("  1  print(1)\r\n  2  func f() {\r\n     }\r\n  3  :history\r\n")
    }

    func testEditrcIsHonoured() throws {
        let sandbox = try Sandbox()
        // ^T types an entry: a binding only the user's ~/.editrc makes.
        try "bind -s ^T print(6*7)\n".write(
            to: sandbox.home.appendingPathComponent(".editrc"), atomically: true, encoding: .utf8)
        let session = try sandbox.startSession()
        try session.waitForPrompt()
        session.send("\u{14}\r")
        try session.waitFor("\r\n42\r\n")
    }

    // MARK: Not a terminal

    func testStdoutNotATerminalMeansNoLineEditor() throws {
        let sandbox = try Sandbox()
        var descriptors: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&descriptors), 0)
        let session = try PseudoTerminalProcess(
            executable: TableLabBinary.path, environment: sandbox.environment(), stdoutPipe: descriptors[1])
        session.sandbox = sandbox
        close(descriptors[1])
        session.send("print(\"hello\")\r")
        session.send("\u{04}")
        let handle = FileHandle(fileDescriptor: descriptors[0], closeOnDealloc: true)
        let output = String(decoding: handle.readDataToEndOfFile(), as: UTF8.self)
        XCTAssertEqual(output, "hello\n")
        XCTAssertEqual(try session.waitForExit(), 0)
    }
}
