import Foundation
import XCTest

/// The line editor driven through a real pseudo-terminal, with the toy engine of
/// `tablelab-session-demo` (it echoes entries as `echo: …`, joins lines with ` | `,
/// counts with `count`, spins until interrupted with `spin`, sets the table with `use`).
final class LineEditorSessionTests: XCTestCase {
    func testBannerThenPrompt() throws {
        let sandbox = try Sandbox()
        let session = try sandbox.startSession()
        try session.waitFor("TableLab 0.0-demo — :help for help\r\n")
        try session.waitForPrompt()
        session.send("\u{04}")
        XCTAssertEqual(try session.waitForExit(), 0)
        XCTAssertTrue(session.text.hasPrefix("TableLab 0.0-demo — :help for help\r\ntablelab> "), session.text)
    }

    func testEnteredLineReachesTheEngine() throws {
        let sandbox = try Sandbox()
        let session = try sandbox.startSession()
        try session.waitForPrompt()
        session.send("hello world\r")
        try session.waitFor("echo: hello world\r\n")
        try session.waitForPrompt()
    }

    func testIncompleteEntryContinuesAndRunsAsOne() throws {
        let sandbox = try Sandbox()
        let session = try sandbox.startSession()
        try session.waitForPrompt()
        session.send("struct A {\r")
        try session.waitForPrompt("...> ")
        XCTAssertFalse(session.text.contains("echo:"), "ran an incomplete entry: \(session.text)")
        session.send("let x = (1,\r")
        try session.waitForPrompt("...> ")
        session.send("2) }\r")
        try session.waitFor("echo: struct A { | let x = (1, | 2) }\r\n")
        try session.waitForPrompt("tablelab> ")
    }

    func testPromptShowsTheCurrentTable() throws {
        let sandbox = try Sandbox()
        let session = try sandbox.startSession()
        try session.waitForPrompt()
        session.send("use Settings\r")
        try session.waitForPrompt("tablelab(Settings)> ")
    }

    func testCtrlCAtThePromptClearsTheLine() throws {
        let sandbox = try Sandbox()
        let session = try sandbox.startSession()
        try session.waitForPrompt()
        session.send("partial")
        try session.waitFor("partial")
        session.send("\u{03}")
        try session.waitFor("^C")
        try session.waitForPrompt()
        session.send("count\r")
        try session.waitFor("count = 1")
        XCTAssertFalse(session.text.contains("echo: partial"), session.text)
        XCTAssertFalse(session.text.contains("echo: partialcount"), session.text)
    }

    func testCtrlCAtTheContinuationPromptDropsTheEntry() throws {
        let sandbox = try Sandbox()
        let session = try sandbox.startSession()
        try session.waitForPrompt()
        session.send("a {\r")
        try session.waitForPrompt("...> ")
        session.send("\u{03}")
        try session.waitFor("^C")
        try session.waitForPrompt("tablelab> ")
        session.send("b\r")
        try session.waitFor("echo: b\r\n")
    }

    func testCtrlCDuringEvaluationInterruptsAndKeepsState() throws {
        let sandbox = try Sandbox()
        let session = try sandbox.startSession()
        try session.waitForPrompt()
        session.send("count\r")
        try session.waitFor("count = 1")
        try session.waitForPrompt()
        session.send("spin\r")
        try session.waitFor("spinning")
        usleep(100_000)
        session.send("\u{03}")
        try session.waitFor("error: interrupted")
        try session.waitForPrompt()
        session.send("count\r")
        try session.waitFor("count = 2")
        try session.waitForPrompt()
        session.send("\u{04}")
        XCTAssertEqual(try session.waitForExit(), 0)
    }

    func testErrorsDoNotEndTheSession() throws {
        let sandbox = try Sandbox()
        let session = try sandbox.startSession()
        try session.waitForPrompt()
        session.send("fail\r")
        try session.waitFor("error: failed on purpose")
        try session.waitForPrompt()
        session.send("after\r")
        try session.waitFor("echo: after")
    }

    func testCtrlDOnAnEmptyLineLeavesWithStatusZero() throws {
        let sandbox = try Sandbox()
        let session = try sandbox.startSession()
        try session.waitForPrompt()
        session.send("\u{04}")
        XCTAssertEqual(try session.waitForExit(), 0)
    }

    func testQuitEntryGivesItsStatus() throws {
        let sandbox = try Sandbox()
        let session = try sandbox.startSession()
        try session.waitForPrompt()
        session.send(":quit 3\r")
        XCTAssertEqual(try session.waitForExit(), 3)
    }

    func testTabCompletesAUniqueCandidate() throws {
        let sandbox = try Sandbox()
        let session = try sandbox.startSession()
        try session.waitForPrompt()
        session.send("ba\t\r")
        try session.waitFor("echo: banana\r\n")
    }

    func testFirstTabCompletesTheCommonPrefix() throws {
        let sandbox = try Sandbox()
        let session = try sandbox.startSession()
        try session.waitForPrompt()
        // `apple` and `apricot` share `ap`.
        session.send("a\t\r")
        try session.waitFor("echo: ap\r\n")
        XCTAssertFalse(session.text.contains("apple"), session.text)
    }

    func testSecondTabListsChoicesAndKeepsTheLine() throws {
        let sandbox = try Sandbox()
        let session = try sandbox.startSession()
        try session.waitForPrompt()
        session.send("a\t")
        usleep(200_000)
        XCTAssertFalse(session.text.contains("apple"), "listed on the first Tab: \(session.text)")
        session.send("\t")
        try session.waitFor("apple")
        try session.waitFor("apricot")
        // The line is redrawn after the list, and typing carries on from it.
        try session.waitFor("tablelab> ap")
        session.send("ple\r")
        try session.waitFor("echo: apple\r\n")
    }

    func testTabWithoutProgressBeepsThenLists() throws {
        let sandbox = try Sandbox()
        let session = try sandbox.startSession()
        try session.waitForPrompt()
        // `:show` and `:select` share only `:s`, already typed.
        session.send(":s\t")
        try session.waitFor("\u{07}")
        XCTAssertFalse(session.text.contains(":show"), session.text)
        session.send("\t")
        try session.waitFor(":show")
        XCTAssertTrue(session.text.contains(":select"), session.text)
    }

    func testNoCandidatesLeavesTheLineAlone() throws {
        let sandbox = try Sandbox()
        let session = try sandbox.startSession()
        try session.waitForPrompt()
        session.send("zz\t\t\r")
        try session.waitFor("echo: zz\r\n")
    }

    func testHistoryFileIsWrittenAfterEachEntry() throws {
        let sandbox = try Sandbox()
        let session = try sandbox.startSession()
        try session.waitForPrompt()
        session.send("first\r")
        try session.waitFor("echo: first")
        try session.waitForPrompt()
        // Written while the session still runs: a killed session loses nothing.
        XCTAssertEqual(try sandbox.historyItems(), ["first"])
        session.send("a {\r")
        try session.waitForPrompt("...> ")
        session.send("}\r")
        try session.waitFor("echo: a { | }")
        try session.waitForPrompt()
        session.send("a {\r")
        try session.waitForPrompt("...> ")
        session.send("}\r")
        try session.waitFor("echo: a { | }")
        try session.waitForPrompt()
        session.send("first\r")
        try session.waitFor("echo: first")
        try session.waitForPrompt()
        kill(session.pid, SIGKILL)
        XCTAssertEqual(try sandbox.historyItems(), ["first", "a {\n}", "first"])
        let leftovers = try FileManager.default.contentsOfDirectory(
            atPath: sandbox.historyFile.deletingLastPathComponent().path)
        XCTAssertEqual(leftovers, ["history"], "temporary files left behind")
    }

    func testHistoryFallsBackToHomeWithoutXDGStateHome() throws {
        let sandbox = try Sandbox()
        let session = try sandbox.startSession(useXDG: false)
        try session.waitForPrompt()
        session.send("remember me\r")
        try session.waitFor("echo: remember me")
        try session.waitForPrompt()
        let file = sandbox.home.appendingPathComponent(".tablelab_history")
        XCTAssertEqual(try sandbox.historyItems(at: file), ["remember me"])
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
        session.send("newest\r")
        try session.waitFor("echo: newest")
        try session.waitForPrompt()
        let items = try sandbox.historyItems()
        XCTAssertEqual(items.count, 1_000)
        XCTAssertEqual(items.first, "entry 2")
        XCTAssertEqual(items.last, "newest")
    }

    func testForeignHistoryFileIsLeftAloneWithOneWarning() throws {
        let sandbox = try Sandbox()
        try FileManager.default.createDirectory(
            at: sandbox.historyFile.deletingLastPathComponent(), withIntermediateDirectories: true)
        let foreign = "#V2\nsomething else's history\n"
        try foreign.write(to: sandbox.historyFile, atomically: true, encoding: .utf8)
        let session = try sandbox.startSession()
        try session.waitForPrompt()
        session.send("one\r")
        try session.waitFor("echo: one")
        try session.waitForPrompt()
        session.send("two\r")
        try session.waitFor("echo: two")
        try session.waitForPrompt()
        XCTAssertEqual(session.text.components(separatedBy: "cannot read history file").count, 2, session.text)
        XCTAssertEqual(try String(contentsOf: sandbox.historyFile, encoding: .utf8), foreign)
    }

    func testHistoryIsRecalledInTheNextSession() throws {
        let sandbox = try Sandbox()
        let first = try sandbox.startSession()
        try first.waitForPrompt()
        session(first, runs: "a {\r", "}\r", expecting: "echo: a { | }")
        first.send("\u{04}")
        XCTAssertEqual(try first.waitForExit(), 0)

        let second = try sandbox.startSession()
        try second.waitForPrompt()
        second.send("\u{1B}[A") // up arrow: the whole multi-line entry comes back as one
        usleep(100_000)
        second.send("\r")
        try second.waitFor("echo: a { | }")
    }

    func testCtrlRSearchesHistory() throws {
        let sandbox = try Sandbox()
        let session = try sandbox.startSession()
        try session.waitForPrompt()
        self.session(session, runs: "count\r", expecting: "count = 1")
        try session.waitForPrompt()
        self.session(session, runs: "other\r", expecting: "echo: other")
        try session.waitForPrompt()
        session.send("\u{12}")
        usleep(100_000)
        session.send("cou")
        usleep(100_000)
        session.send("\r")
        try session.waitFor("count = 2")
    }

    func testHistoryCommandListsEntries() throws {
        let sandbox = try Sandbox()
        let session = try sandbox.startSession()
        try session.waitForPrompt()
        self.session(session, runs: "one\r", expecting: "echo: one")
        try session.waitForPrompt()
        self.session(session, runs: "a {\r", "}\r", expecting: "echo: a { | }")
        try session.waitForPrompt()
        session.send(":history\r")
        try session.waitFor("  1  one\r\n  2  a {\r\n     }\r\n  3  :history\r\n")
    }

    func testEditrcIsHonoured() throws {
        let sandbox = try Sandbox()
        // ^T types `count`: a binding only the user's ~/.editrc makes.
        try "bind -s ^T count\n".write(
            to: sandbox.home.appendingPathComponent(".editrc"), atomically: true, encoding: .utf8)
        let session = try sandbox.startSession()
        try session.waitForPrompt()
        session.send("\u{14}\r")
        try session.waitFor("count = 1")
    }

    func testStdoutNotATerminalMeansNoLineEditor() throws {
        let sandbox = try Sandbox()
        var descriptors: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&descriptors), 0)
        let session = try PseudoTerminalProcess(
            executable: DemoBinary.path, environment: sandbox.environment(), stdoutPipe: descriptors[1])
        close(descriptors[1])
        session.send("hello\r")
        session.send("\u{04}")
        let handle = FileHandle(fileDescriptor: descriptors[0], closeOnDealloc: true)
        let output = String(decoding: handle.readDataToEndOfFile(), as: UTF8.self)
        XCTAssertEqual(output, "echo: hello\n")
        XCTAssertEqual(try session.waitForExit(), 0)
    }

    private func session(_ session: PseudoTerminalProcess, runs lines: String..., expecting output: String,
                         file: StaticString = #filePath, line: UInt = #line) {
        for text in lines {
            session.send(text)
            usleep(50_000)
        }
        XCTAssertNoThrow(try session.waitFor(output), file: file, line: line)
    }
}
