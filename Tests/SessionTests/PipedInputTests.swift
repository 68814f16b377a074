import Foundation
import XCTest

/// `tablelab` with standard input not a terminal: lines run like a script, with no
/// banner, no prompt and no line editor (SPEC §1).
final class PipedInputTests: XCTestCase {
    private struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    private func run(input: String, arguments: [String] = []) throws -> Result {
        let sandbox = try Sandbox()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: TableLabBinary.path)
        process.arguments = arguments
        process.environment = sandbox.environment()
        process.currentDirectoryURL = sandbox.root
        let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        let out = stdout.fileHandleForReading.readDataToEndOfFile()
        let err = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        // No history is written for piped input.
        XCTAssertFalse(FileManager.default.fileExists(atPath: sandbox.historyFile.path))
        return Result(status: process.terminationStatus,
                      stdout: String(decoding: out, as: UTF8.self), stderr: String(decoding: err, as: UTF8.self))
    }

    func testPrintsWithNoBannerOrPrompt() throws {
        let result = try run(input: "print(1)\n")
        XCTAssertEqual(result.stdout, "1\n")
        XCTAssertEqual(result.stderr, "")
        XCTAssertEqual(result.status, 0)
    }

    func testEntriesSpanLinesAndShareState() throws {
        let result = try run(input: "var total = 0\nfor i in [1, 2, 3] {\n  total += i\n}\nprint(total)\n")
        XCTAssertEqual(result.stdout, "6\n")
        XCTAssertEqual(result.status, 0)
    }

    func testFirstErrorStopsWithStatusOne() throws {
        let result = try run(input: "print(1)\nprint(y)\nprint(2)\n")
        XCTAssertEqual(result.stdout, "1\n")
        XCTAssertEqual(result.stderr, "<stdin>:2:7: error: cannot find 'y' in scope\nprint(y)\n      ^\n")
        XCTAssertEqual(result.status, 1)
    }
}
