import Foundation
import XCTest

/// The keys issue 13 asks of the line editor, typed into the real `tablelab` at a
/// pseudo-terminal: bracketed paste, Ctrl-D and Ctrl-C on multi-line entries, Up/Down
/// inside an entry, the reverse-search prompt.
final class LineEditorKeysTests: XCTestCase {
    private let pasteStart = "\u{1B}[200~"
    private let pasteEnd = "\u{1B}[201~"
    private let up = "\u{1B}[A"
    private let down = "\u{1B}[B"

    /// Sends a key and gives libedit time to act on it before the next one.
    private func press(_ session: PseudoTerminalProcess, _ key: String) {
        session.send(key)
        usleep(150_000)
    }

    func testPastedCodeWithTabsIsTextNotCompletionOrSubmission() throws {
        let sandbox = try Sandbox()
        let session = try sandbox.startSession()
        try session.waitForPrompt()
        // Terminals send line ends as \r inside a paste; two tabs would list completions.
        session.send(pasteStart + "func g() {\r\t\tprint(7)\r\t\tprint(8)\r}" + pasteEnd)
        try session.waitFor("print(8)")
        usleep(300_000)
        XCTAssertFalse(session.text.contains("...> "), "a pasted line end submitted: \(session.text)")
        XCTAssertFalse(session.text.contains("extension"), "a pasted tab completed: \(session.text)")
        session.send("\r")
        try session.waitForPrompt()
        session.send("g()\r")
        try session.waitFor("\r\n7\r\n8\r\n")
        try session.waitForPrompt()
        XCTAssertFalse(session.text.contains("error"), session.text)
        XCTAssertEqual(try sandbox.historyItems(), ["func g() {\n\t\tprint(7)\n\t\tprint(8)\n}", "g()"])
    }

    func testPasteOfSeveralCompleteLinesRunsThemAsOneEntryOnEnter() throws {
        let sandbox = try Sandbox()
        let session = try sandbox.startSession()
        try session.waitForPrompt()
        session.send(pasteStart + "print(1)\rprint(2)" + pasteEnd)
        try session.waitFor("print(2)")
        usleep(300_000)
        XCTAssertFalse(session.unmatchedText.contains("1\r\n"), "ran before Enter: \(session.text)")
        session.send("\r")
        try session.waitFor("\r\n1\r\n2\r\n")
        try session.waitForPrompt()
    }

    func testCtrlDOnAContinuationLineCancelsTheEntryNotTheSession() throws {
        let sandbox = try Sandbox()
        let session = try sandbox.startSession()
        try session.waitForPrompt()
        session.send("func f() {\r")
        try session.waitForPrompt("...> ")
        session.send("print(1)\r")
        try session.waitForPrompt("...> ")
        session.send("\u{04}")
        try session.waitForPrompt("tablelab> ")
        session.send("print(3)\r")
        try session.waitFor("\r\n3\r\n")
        try session.waitForPrompt()
        session.send("f()\r")
        try session.waitFor("error: cannot find 'f' in scope")
        try session.waitForPrompt()
        session.send("\u{04}")
        XCTAssertEqual(try session.waitForExit(), 0)
    }

    func testCtrlCInsideARecalledMultiLineEntryEndsBelowItsLastLine() throws {
        let sandbox = try Sandbox()
        let session = try sandbox.startSession()
        try session.waitForPrompt()
        session.send(pasteStart + "func g() {\r  print(7)\r}" + pasteEnd)
        try session.waitFor("}")
        session.send("\r")
        try session.waitForPrompt()
        press(session, up)    // the entry comes back, the cursor after its `}`
        press(session, up)    // into `  print(7)`
        press(session, up)    // into `func g() {`
        session.send("\u{03}")
        // `^C` is drawn after the last line, and the prompt starts on a fresh line below.
        try session.waitFor("}^C\r\ntablelab> ")
        session.send("print(2)\r")
        try session.waitFor("\r\n2\r\n")
        try session.waitForPrompt()
        XCTAssertEqual(try sandbox.historyItems(), ["func g() {\n  print(7)\n}", "print(2)"])
    }

    func testCtrlCOnATypedContinuationEntryDropsItWhole() throws {
        let sandbox = try Sandbox()
        let session = try sandbox.startSession()
        try session.waitForPrompt()
        session.send("func h() {\r")
        try session.waitForPrompt("...> ")
        session.send("print(4)")
        try session.waitFor("print(4)")
        session.send("\u{03}")
        try session.waitFor("^C\r\ntablelab> ")
        usleep(100_000)
        session.send("h()\r")
        try session.waitFor("error: cannot find 'h' in scope")
    }

    func testUpAndDownMoveBetweenTheLinesOfAnEntryBeforeHistory() throws {
        let sandbox = try Sandbox()
        let session = try sandbox.startSession()
        try session.waitForPrompt()
        session.send("print(\"older\")\r")
        try session.waitFor("older\r\n")
        try session.waitForPrompt()
        session.send(pasteStart + "var n = 1\rn += 10\rprint(n)" + pasteEnd)
        try session.waitFor("print(n)")
        session.send("\r")
        try session.waitFor("\r\n11\r\n")
        try session.waitForPrompt()

        press(session, up)    // recalls the entry, the cursor at the end of `print(n)`
        press(session, up)    // to the end of `n += 10`, not to `print("older")`
        session.send("0\r")
        try session.waitFor("\r\n101\r\n")
        try session.waitForPrompt()

        press(session, up)    // the edited entry
        press(session, up)
        press(session, up)    // on `var n = 1`
        press(session, down)  // back on `n += 100`, at its end
        session.send("0\r")
        try session.waitFor("\r\n1001\r\n")
        try session.waitForPrompt()

        // On the first line, Up goes on to older history.
        press(session, up)
        press(session, up)
        press(session, up)
        press(session, up)
        session.send("\r")
        try session.waitFor("\r\n101\r\n")
        try session.waitForPrompt()
    }

    func testReverseSearchShowsAReadablePrompt() throws {
        let sandbox = try Sandbox()
        let session = try sandbox.startSession()
        try session.waitForPrompt()
        session.send("print(\"alpha\")\r")
        try session.waitFor("alpha\r\n")
        try session.waitForPrompt()
        session.send("print(\"beta\")\r")
        try session.waitFor("beta\r\n")
        try session.waitForPrompt()
        press(session, "\u{12}")
        session.send("alp")
        try session.waitFor("(reverse-i-search)'alp': print(\"alpha\")")
        session.send("\r")
        try session.waitFor("\r\nalpha\r\n")
        try session.waitForPrompt()
        XCTAssertFalse(session.text.contains("bck:"), session.text)
    }

    func testReverseSearchStepsToOlderMatchesAndCtrlGGivesTheLineBack() throws {
        let sandbox = try Sandbox()
        let session = try sandbox.startSession()
        try session.waitForPrompt()
        for word in ["one", "two"] {
            session.send("print(\"\(word)\")\r")
            try session.waitFor("\(word)\r\n")
            try session.waitForPrompt()
        }
        session.send("print(3")
        try session.waitFor("print(3")
        press(session, "\u{12}")
        session.send("print")
        try session.waitFor("(reverse-i-search)'print': print(\"two\")")
        press(session, "\u{12}")
        try session.waitFor("(reverse-i-search)'print': print(\"one\")")
        press(session, "\u{12}")
        try session.waitFor("(failing reverse-i-search)'print': print(\"one\")")
        press(session, "\u{07}")
        // The line typed before the search is back, to be finished.
        session.send(")\r")
        try session.waitFor("\r\n3\r\n")
        try session.waitForPrompt()
    }
}
