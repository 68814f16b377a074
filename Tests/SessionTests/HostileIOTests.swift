import Foundation
import XCTest

/// The real `tablelab` against a hostile file system and broken output (issue 17): planted
/// symlinks, a FIFO where a file should be, `ulimit -f`, /dev/full, a closed or broken
/// standard output. Each runs in a scratch folder of its own; nothing here touches a real
/// device node.
final class HostileIOTests: XCTestCase {
    private struct Run {
        var status: Int32
        var signalled: Bool
        var stdout: String
        var stderr: String
    }

    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("tablelab-hostile-\(getpid())-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    private func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    private func write(_ text: String, to name: String) throws {
        try text.write(toFile: path(name), atomically: false, encoding: .utf8)
    }

    private func read(_ name: String) throws -> String {
        try String(contentsOfFile: path(name), encoding: .utf8)
    }

    private func entries() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    }

    private func mode(_ name: String) -> mode_t {
        var info = stat()
        XCTAssertEqual(lstat(path(name), &info), 0)
        return info.st_mode
    }

    /// `/bin/sh -c SCRIPT` in the scratch folder, with `$TABLELAB` the binary under test;
    /// standard output and error go to files (outside the folder) that are read back.
    private func shell(_ script: String) throws -> Run {
        let outputs = FileManager.default.temporaryDirectory
            .appendingPathComponent("tablelab-hostile-out-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: outputs, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: outputs) }
        let out = outputs.appendingPathComponent("stdout"), err = outputs.appendingPathComponent("stderr")
        XCTAssertTrue(FileManager.default.createFile(atPath: out.path, contents: nil))
        XCTAssertTrue(FileManager.default.createFile(atPath: err.path, contents: nil))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script]
        process.currentDirectoryURL = folder
        var environment = ProcessInfo.processInfo.environment
        environment["TABLELAB"] = TableLabBinary.path
        environment["NO_COLOR"] = "1"
        environment["HOME"] = folder.path
        environment.removeValue(forKey: "XDG_STATE_HOME")
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        let outHandle = try FileHandle(forWritingTo: out), errHandle = try FileHandle(forWritingTo: err)
        defer { try? outHandle.close(); try? errHandle.close() }
        process.standardOutput = outHandle
        process.standardError = errHandle
        try process.run()
        process.waitUntilExit()
        return Run(status: process.terminationStatus, signalled: process.terminationReason == .uncaughtSignal,
                   stdout: String(decoding: try Data(contentsOf: out), as: UTF8.self),
                   stderr: String(decoding: try Data(contentsOf: err), as: UTF8.self))
    }

    // MARK: - Write errors on standard output (item 15)

    func testStandardOutputOnDevFullIsAWriteError() throws {
        let run = try shell(#""$TABLELAB" -e 'print("hello")' > /dev/full"#)
        XCTAssertFalse(run.signalled)
        XCTAssertEqual(run.status, 1)
        XCTAssertEqual(run.stderr, "tablelab: error: write error: No space left on device\n")
    }

    func testClosedStandardOutputIsAWriteError() throws {
        let run = try shell(#""$TABLELAB" -e 'print("hello")' >&-"#)
        XCTAssertEqual(run.status, 1)
        XCTAssertEqual(run.stderr, "tablelab: error: write error: Bad file descriptor\n")
    }

    func testClosedStandardOutputInASessionThatSavesIsAWriteError() throws {
        // With descriptor 1 closed, the save's temporary file would be the next to get it:
        // the save still writes just the session, and the first output fails as a write error.
        try write(":save out.tlab\nprint(\"after\")\n", to: "input")
        let run = try shell(#""$TABLELAB" < input >&-"#)
        XCTAssertEqual(run.status, 1)
        XCTAssertEqual(run.stderr, "tablelab: error: write error: Bad file descriptor\n")
        XCTAssertEqual(try read("out.tlab"), "// (empty session)\n")
    }

    func testBrokenPipeWithSIGPIPEIgnoredIsAWriteError() throws {
        // Far more output than a pipe holds: the writes after `head` has gone fail with EPIPE.
        let run = try shell(#"""
            trap '' PIPE
            { "$TABLELAB" -e 'for i in 0..<200000 { print(i) }'; echo "status $?" >&2; } | head -c 1 > /dev/null
            """#)
        XCTAssertEqual(run.stderr, "tablelab: error: write error: Broken pipe\nstatus 1\n")
    }

    func testHelpOnDevFullIsAWriteError() throws {
        let run = try shell(#""$TABLELAB" --help > /dev/full"#)
        XCTAssertEqual(run.status, 1)
        XCTAssertEqual(run.stderr, "tablelab: error: write error: No space left on device\n")
    }

    // MARK: - :save (items 11, 12, 13)

    /// Runs `input` as piped entries, with its process id known before the first entry
    /// runs, so that `prepare` can plant files at names derived from it.
    private func session(_ input: String, prepare: (pid_t) throws -> Void = { _ in }) throws -> Run {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: TableLabBinary.path)
        process.currentDirectoryURL = folder
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        process.environment = environment
        let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        try prepare(process.processIdentifier)
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        let out = stdout.fileHandleForReading.readDataToEndOfFile()
        let err = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(status: process.terminationStatus, signalled: process.terminationReason == .uncaughtSignal,
                   stdout: String(decoding: out, as: UTF8.self), stderr: String(decoding: err, as: UTF8.self))
    }

    func testSaveNeverFollowsASymlinkPlantedAtAPredictableTemporaryName() throws {
        try write("precious\n", to: "victim")
        let run = try session("let x = 1\n:save out.tlab\n") { pid in
            // The name the old `:save` wrote through with a plain fopen.
            try FileManager.default.createSymbolicLink(atPath: self.path("out.tlab.tablelab-\(pid).tmp"),
                                                       withDestinationPath: "victim")
        }
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(try read("victim"), "precious\n")
        XCTAssertEqual(try read("out.tlab"), "let x = 1\n")
        XCTAssertEqual(try entries().filter { $0.hasPrefix(".") }, [], "a temporary file was left behind")
    }

    func testSaveRefusesAFIFOAndLeavesIt() throws {
        XCTAssertEqual(mkfifo(path("pipe"), 0o600), 0)
        let run = try session("let x = 1\n:save pipe\n")
        XCTAssertEqual(run.status, 1)
        XCTAssertEqual(run.stderr.split(separator: "\n").first,
                       "<stdin>:2:1: error: cannot write 'pipe': it is a FIFO, not a regular file")
        XCTAssertEqual(mode("pipe") & S_IFMT, S_IFIFO)
        XCTAssertEqual(try entries(), ["pipe"])
    }

    func testSaveRefusesADirectory() throws {
        try FileManager.default.createDirectory(atPath: path("folder"), withIntermediateDirectories: false)
        let run = try session(":save folder\n")
        XCTAssertEqual(run.stderr.split(separator: "\n").first,
                       "<stdin>:1:1: error: cannot write 'folder': it is a directory, not a regular file")
    }

    func testSaveKeepsTheReplacedFilesMode() throws {
        try write("old\n", to: "kept.tlab")
        XCTAssertEqual(chmod(path("kept.tlab"), 0o640), 0)
        let run = try session("let y = 2\n:save kept.tlab\n")
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(try read("kept.tlab"), "let y = 2\n")
        XCTAssertEqual(mode("kept.tlab") & 0o7777, 0o640)
        XCTAssertEqual(mode("kept.tlab") & S_IFMT, S_IFREG)
    }

    func testSaveThroughASymlinkTheUserNamedReplacesItsTargetAndKeepsTheLink() throws {
        try FileManager.default.createDirectory(atPath: path("real"), withIntermediateDirectories: false)
        try write("old\n", to: "real/target.tlab")
        try FileManager.default.createSymbolicLink(atPath: path("link.tlab"), withDestinationPath: "real/target.tlab")
        let run = try session("let z = 3\n:save link.tlab\n")
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(mode("link.tlab") & S_IFMT, S_IFLNK)
        XCTAssertEqual(try read("real/target.tlab"), "let z = 3\n")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: path("real")), ["target.tlab"])
    }

    func testSaveRefusesADanglingSymlink() throws {
        try FileManager.default.createSymbolicLink(atPath: path("dangling.tlab"), withDestinationPath: "nowhere/file")
        let run = try session(":save dangling.tlab\n")
        XCTAssertEqual(run.status, 1)
        XCTAssertEqual(run.stderr.split(separator: "\n").first,
                       "<stdin>:1:1: error: cannot write 'dangling.tlab': it is a symbolic link to 'nowhere/file', which does not exist")
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("nowhere")))
    }

    func testSaveUnderAFileSizeLimitIsAnErrorAndLeavesNoTemporaryFile() throws {
        // 200 KB of input against a limit of a few KB (512- or 1024-byte blocks, by shell).
        try write("let s = \"" + String(repeating: "x", count: 200_000) + "\"\n:save big.tlab\nprint(\"after\")\n", to: "input")
        let run = try shell(#"ulimit -f 8; exec "$TABLELAB" < input"#)
        XCTAssertFalse(run.signalled, "killed by a signal (SIGXFSZ?)")
        XCTAssertEqual(run.status, 1)
        XCTAssertEqual(run.stderr.split(separator: "\n").first,
                       "<stdin>:2:1: error: cannot write 'big.tlab': File too large")
        XCTAssertEqual(try entries(), ["input"])
    }

    // MARK: - Process limits (found by scripts/fuzz, which runs under a 2 GiB address space)

    func testMemoryExhaustionUnderAnAddressSpaceLimitIsOutOfMemoryNotAnAbort() throws {
        // The default budget is half the machine's memory; under `ulimit -v` an allocation
        // fails long before that, so the budget follows the smaller limit.
        try write("var a = [0]\nwhile true { a += a }\n", to: "grow.tlab")
        let run = try shell(#"ulimit -v 2097152; exec "$TABLELAB" grow.tlab"#)
        XCTAssertFalse(run.signalled, "killed by a signal: \(run.stderr)")
        XCTAssertEqual(run.status, 1)
        let first = run.stderr.split(separator: "\n").first ?? ""
        XCTAssertTrue(first.hasPrefix("grow.tlab:2:14: error: out of memory: an array of "), String(first))
        XCTAssertTrue(first.hasSuffix(" (--max-memory)"), String(first))
    }

    /// `:reset` and `:undo` replace the interpreter; the old one (and its value stack) must
    /// be freed, or a long session runs out of address space (scripts/fuzz seed 61 found
    /// 29 resets aborting under a 2 GiB limit).
    func testManyResetsAndUndosFreeTheReplacedInterpreters() throws {
        let entries = Array(repeating: "var n = 1\n:undo\n:reset", count: 80).joined(separator: "\n") + "\nprint(\"done\")\n"
        try write(entries, to: "resets.tlab")
        let run = try shell(#"ulimit -v 2097152; exec "$TABLELAB" < resets.tlab"#)
        XCTAssertFalse(run.signalled, "killed by a signal: \(run.stderr.prefix(300))")
        XCTAssertEqual(run.status, 0, String(run.stderr.prefix(300)))
        XCTAssertTrue(run.stdout.hasSuffix("done\n"), String(run.stdout.suffix(200)))
    }

    func testAnUnknownHelpTopicIsEchoedWithItsControlCharactersEscaped() throws {
        try write(":help \u{0}\u{1B}[2J\n", to: "help.tlab")
        let run = try shell(#"exec "$TABLELAB" help.tlab"#)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stdout.hasPrefix("no help on '\\0\\u{1B}[2J'; topics: "), run.stdout)
    }

    // MARK: - The history file (item 11)

    func testHistoryNeverFollowsASymlinkPlantedAtAPredictableTemporaryName() throws {
        let sandbox = try Sandbox()
        try FileManager.default.createDirectory(at: sandbox.historyFile.deletingLastPathComponent(),
                                                withIntermediateDirectories: true)
        let victim = sandbox.root.appendingPathComponent("victim")
        try "precious\n".write(to: victim, atomically: false, encoding: .utf8)
        let session = try sandbox.startSession()
        // The name the old history writer used, with libedit's plain fopen.
        try FileManager.default.createSymbolicLink(atPath: sandbox.historyFile.path + ".tmp.\(session.pid)",
                                                   withDestinationPath: victim.path)
        try session.waitForPrompt()
        session.send("print(6 * 7)\r")
        try session.waitFor("42\r\n")
        try session.waitForPrompt()
        session.send("\u{04}")
        XCTAssertEqual(try session.waitForExit(), 0)
        XCTAssertEqual(try String(contentsOf: victim, encoding: .utf8), "precious\n")
        XCTAssertEqual(try sandbox.historyItems(), ["print(6 * 7)"])
        let folder = sandbox.historyFile.deletingLastPathComponent().path
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder).sorted(),
                       ["history", "history.tmp.\(session.pid)"], "only the planted link beside the history")
    }
}
