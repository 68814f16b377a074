import XCTest
@testable import TableLabSyntax
@testable import TableLabInterpreter

/// Standard output and the terminal safety of diagnostics (issue 17).
final class OutputTests: XCTestCase {
    /// A pipe whose read end is drained after the writes (small outputs only).
    private func withPipe(_ body: (Int32) -> Void) -> [UInt8] {
        var ends: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&ends), 0)
        body(ends[1])
        close(ends[1])
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = read(ends[0], &chunk, chunk.count)
            if n <= 0 { break }
            bytes += chunk[..<n]
        }
        close(ends[0])
        return bytes
    }

    func testEachInterpreterHasItsOwnBuffer() throws {
        var second: [UInt8] = []
        let first = withPipe { a in
            second = withPipe { b in
                let one = Interpreter(standardOutput: OutputBuffer(fileDescriptor: a))
                let two = Interpreter(standardOutput: OutputBuffer(fileDescriptor: b))
                XCTAssertFalse(one.standardOutput === two.standardOutput)
                XCTAssertFalse(Interpreter().standardOutput === Interpreter().standardOutput)
                try? one.runScript(SourceFile(name: "one", text: "print(\"one\")"))
                try? two.runScript(SourceFile(name: "two", text: "print(\"two\")"))
            }
        }
        XCTAssertEqual(String(decoding: first, as: UTF8.self), "one\n")
        XCTAssertEqual(String(decoding: second, as: UTF8.self), "two\n")
    }

    func testANulIsWrittenLikeAnyOtherByte() {
        let bytes = withPipe { fd in
            let interpreter = Interpreter(standardOutput: OutputBuffer(fileDescriptor: fd))
            try? interpreter.runScript(SourceFile(name: "nul", text: #"print("a\u{0}b")"#))
        }
        XCTAssertEqual(bytes, [0x61, 0, 0x62, 0x0A])
    }

    func testTheFirstFailedWriteIsReportedOnce() throws {
        let fd = open("/dev/full", O_WRONLY)
        try XCTSkipIf(fd < 0, "no /dev/full")
        defer { close(fd) }
        let buffer = OutputBuffer(fileDescriptor: fd)
        var reported: [Int32] = []
        buffer.onFailure = { reported.append($0) }
        buffer.write("x")
        XCTAssertFalse(buffer.flush())
        buffer.write("y")
        XCTAssertFalse(buffer.flush())
        XCTAssertEqual(reported, [ENOSPC])
        XCTAssertEqual(buffer.failure, ENOSPC)
    }

    func testControlCharactersAreEscapedForTheTerminal() {
        XCTAssertEqual(DiagnosticRenderer.terminalSafe("a\u{1B}[2Jb\u{0}c\rd\u{7F}\u{9B}e\u{202E}f\tg"),
                       #"a\u{1B}[2Jb\0c\rd\u{7F}\u{9B}e\u{202E}f"# + "\tg")
        XCTAssertEqual(DiagnosticRenderer.terminalSafe("one\ntwo", keepingNewlines: true), "one\ntwo")
        XCTAssertEqual(DiagnosticRenderer.terminalSafe("one\ntwo"), #"one\ntwo"#)
        XCTAssertEqual(DiagnosticRenderer.terminalSafe("plain ünïcödé 💪"), "plain ünïcödé 💪")
    }

    func testTheCaretCountsAnEscapesWidth() {
        let file = SourceFile(name: "f", text: "\u{1B}x = y")
        let text = DiagnosticRenderer().render(.error("here", at: SourceLocation(line: 1, column: 6), in: file))
        XCTAssertEqual(text, "f:1:6: error: here\n" + #"\u{1B}x = y"# + "\n" + String(repeating: " ", count: 10) + "^\n")
    }
}
