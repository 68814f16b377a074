import Foundation
import XCTest
@testable import TableLabSimulator
@testable import TableLabFiles

/// Replacing a file (`:save`, the history) when the write fails or a signal ends the
/// process halfway: the temporary file never outlives the attempt.
final class FileAccessTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("tablelab-fileaccess-\(getpid())-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    private var entries: [String] { (try? FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()) ?? [] }

    func testAFailedWriteReportsItsReasonAndRemovesTheTemporaryFile() throws {
        let target = folder.appendingPathComponent("out.tlab").path
        try "old\n".write(toFile: target, atomically: false, encoding: .utf8)
        var sawTemporary = false
        let reason = FileAccess.replaceFile(at: target, mode: nil) { descriptor in
            sawTemporary = self.entries.contains { $0.hasPrefix(".out.tlab.") }
            _ = FileAccess.writeAll(Array("partial".utf8), to: descriptor)
            return EFBIG
        }
        XCTAssertTrue(sawTemporary, "the content goes to a temporary file beside the target")
        XCTAssertEqual(reason, "File too large")
        XCTAssertEqual(entries, ["out.tlab"])
        XCTAssertEqual(try String(contentsOfFile: target, encoding: .utf8), "old\n")
    }

    /// In a child process (fork), a replace whose writer is interrupted by `signal`: the
    /// child must die by that signal, leaving the old file and no temporary file.
    private func assertSignalDuringWriteLeavesNoTemporaryFile(_ signal: Int32, file: StaticString = #filePath, line: UInt = #line) throws {
        let target = folder.appendingPathComponent("saved.tlab").path
        // The first replace runs here, so the child only repeats code the runtime has seen.
        XCTAssertNil(FileAccess.replaceFile(at: target, mode: nil) { FileAccess.writeAll(Array("old\n".utf8), to: $0) })
        let child = fork()
        if child == 0 {
            _ = FileAccess.replaceFile(at: target, mode: nil) { descriptor in
                _ = FileAccess.writeAll(Array("half a scr".utf8), to: descriptor)
                raise(signal)
                return 0
            }
            _exit(99) // the signal should have ended the process
        }
        XCTAssertGreaterThan(child, 0, file: file, line: line)
        var status: Int32 = 0
        XCTAssertEqual(waitpid(child, &status, 0), child, file: file, line: line)
        let signalled = (status & 0x7f) != 0 && (status & 0x7f) != 0x7f
        XCTAssertTrue(signalled, "the child exited with \((status >> 8) & 0xff) instead of dying by the signal", file: file, line: line)
        XCTAssertEqual(status & 0x7f, signal, file: file, line: line)
        XCTAssertEqual(entries, ["saved.tlab"], "a temporary file outlived the process", file: file, line: line)
        XCTAssertEqual(try String(contentsOfFile: target, encoding: .utf8), "old\n", file: file, line: line)
    }

    func testSIGTERMDuringASaveRemovesTheTemporaryFile() throws {
        try assertSignalDuringWriteLeavesNoTemporaryFile(SIGTERM)
    }

    func testSIGHUPDuringASaveRemovesTheTemporaryFile() throws {
        try assertSignalDuringWriteLeavesNoTemporaryFile(SIGHUP)
    }

    func testAnIgnoredSignalStaysIgnoredAndTheSaveCompletes() throws {
        let target = folder.appendingPathComponent("kept.tlab").path
        let child = fork()
        if child == 0 {
            signal(SIGHUP, SIG_IGN)
            let reason = FileAccess.replaceFile(at: target, mode: nil) { descriptor in
                raise(SIGHUP)
                return FileAccess.writeAll(Array("whole\n".utf8), to: descriptor)
            }
            _exit(reason == nil ? 0 : 1)
        }
        var status: Int32 = 0
        XCTAssertEqual(waitpid(child, &status, 0), child)
        XCTAssertEqual(status, 0, "the child did not finish its save normally")
        XCTAssertEqual(entries, ["kept.tlab"])
        XCTAssertEqual(try String(contentsOfFile: target, encoding: .utf8), "whole\n")
    }

    func testANewFileGetsTheUmaskedDefaultMode() throws {
        let target = folder.appendingPathComponent("new.tlab").path
        let mask = umask(0o027)
        defer { umask(mask) }
        XCTAssertNil(FileAccess.writeAtomically("x\n", to: target))
        var info = stat()
        XCTAssertEqual(stat(target, &info), 0)
        XCTAssertEqual(info.st_mode & 0o7777, 0o640)
    }
}
