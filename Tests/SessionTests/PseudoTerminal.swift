import Foundation
import XCTest

/// A child process whose stdin/stdout/stderr is the slave side of a fresh pseudo-terminal
/// that is also its controlling terminal, so Ctrl-C typed on the master raises SIGINT in
/// the child. Output is read from the master with poll; every wait has a deadline that
/// only guards against a hang.
final class PseudoTerminalProcess {
    let pid: pid_t
    private let master: Int32
    private(set) var output: [UInt8] = []
    /// Output before this offset was matched by an earlier `waitFor`.
    private var matchedUpTo = 0
    private var exitStatus: Int32?
    private var sawEnd = false
    /// The sandbox whose HOME and state folder the child writes into. Held so that the
    /// sandbox, which removes its folder when freed, outlives the child: Swift may free a
    /// test's `sandbox` right after its last use, and a child still running would then
    /// write its history into a folder nobody removes.
    var sandbox: Sandbox?

    /// `stdoutPipe`, when given, becomes the child's stdout instead of the terminal.
    init(executable: String, arguments: [String] = [], environment: [String: String],
         workingDirectory: String? = nil, stdoutPipe: Int32? = nil) throws {
        var master: Int32 = -1
        var slave: Int32 = -1
        guard openpty(&master, &slave, nil, nil, nil) == 0, let name = ttyname(slave) else {
            throw HarnessError("cannot open a pseudo-terminal: \(String(cString: strerror(errno)))")
        }
        let slavePath = String(cString: name)
        defer { close(slave) }
        var size = winsize(ws_row: 24, ws_col: 80, ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if let workingDirectory {
            guard Self.addChdir(&actions, workingDirectory) == 0 else {
                throw HarnessError("cannot start in \(workingDirectory)")
            }
        }
        posix_spawn_file_actions_addclose(&actions, master)
        posix_spawn_file_actions_addclose(&actions, slave)
        // Opened after setsid and without O_NOCTTY: the slave becomes the controlling tty.
        posix_spawn_file_actions_addopen(&actions, 0, slavePath, O_RDWR, 0)
        if let stdoutPipe {
            posix_spawn_file_actions_adddup2(&actions, stdoutPipe, 1)
        } else {
            posix_spawn_file_actions_adddup2(&actions, 0, 1)
        }
        posix_spawn_file_actions_adddup2(&actions, 0, 2)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        let setsid: Int16 = 0x80 // POSIX_SPAWN_SETSID, a GNU flag Swift does not import
        posix_spawnattr_setflags(&attributes, setsid)

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        guard result == 0 else {
            close(master)
            throw HarnessError("cannot start \(executable): \(String(cString: strerror(result)))")
        }
        self.pid = pid
        self.master = master
    }

    /// glibc's `posix_spawn_file_actions_addchdir_np`, which Swift does not import (the
    /// header declares it only for `_GNU_SOURCE`).
    private static func addChdir(_ actions: UnsafeMutablePointer<posix_spawn_file_actions_t>,
                                 _ path: String) -> Int32 {
        typealias AddChdir = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>,
                                             UnsafePointer<CChar>) -> Int32
        guard let symbol = dlsym(nil, "posix_spawn_file_actions_addchdir_np") else { return -1 }
        return unsafeBitCast(symbol, to: AddChdir.self)(actions, path)
    }

    deinit {
        if exitStatus == nil {
            kill(pid, SIGKILL)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
        }
        close(master)
    }

    var text: String { String(decoding: output, as: UTF8.self) }
    /// Output not yet matched by `waitFor`.
    var unmatchedText: String { String(decoding: output[matchedUpTo...], as: UTF8.self) }

    func send(_ keys: String) {
        var bytes = Array(keys.utf8)
        _ = write(master, &bytes, bytes.count)
    }

    /// Waits until `expected` appears in output after the last match, then moves past it.
    func waitFor(_ expected: String, timeout: Double = 10,
                 file: StaticString = #filePath, line: UInt = #line) throws {
        let needle = Array(expected.utf8)
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if let range = output[matchedUpTo...].firstRange(of: needle) {
                matchedUpTo = range.upperBound
                return
            }
            if sawEnd || Date() > deadline {
                throw HarnessError("""
                    did not see \(expected.debugDescription) (\(sawEnd ? "child output ended" : "waited \(timeout)s")); \
                    output so far: \(text.debugDescription)
                    """)
            }
            pump(until: deadline)
        }
    }

    /// Waits for the prompt to arrive and for libedit to switch the tty to raw mode
    /// (which it does just after printing the prompt) before keys are typed.
    func waitForPrompt(_ prompt: String = "tablelab> ", file: StaticString = #filePath, line: UInt = #line) throws {
        try waitFor(prompt, file: file, line: line)
        usleep(100_000)
    }

    /// The prompt `waitForAnyPrompt` last saw (`tablelab(Settings)> `).
    private(set) var lastPrompt = ""

    /// Waits until the output after the last match ends with a session prompt
    /// (`tablelab> ` or `tablelab(NAME)> `, printed at the start of a line), then moves
    /// past it; returns what came before the prompt, and waits for the raw mode as
    /// `waitForPrompt` does.
    func waitForAnyPrompt(timeout: Double = 20) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let pending = unmatchedText
            let lineStart = pending.range(of: "\r\n", options: .backwards)?.upperBound ?? pending.startIndex
            let last = pending[lineStart...]
            if last.hasPrefix("tablelab"), last.hasSuffix("> "),
               last == "tablelab> " || (last.hasPrefix("tablelab(") && last.hasSuffix(")> ")) {
                lastPrompt = String(last)
                matchedUpTo = output.endIndex
                usleep(100_000)
                var before = pending[..<lineStart]
                if before.hasSuffix("\r\n") { before = before.dropLast() }  // "\r\n" is one Character
                return String(before)
            }
            if sawEnd || Date() > deadline {
                throw HarnessError("did not see a prompt (\(sawEnd ? "child output ended" : "waited \(timeout)s")); output so far: \(text.debugDescription)")
            }
            pump(until: deadline)
        }
    }

    /// Reads until the child closes the terminal, then reaps it; returns its exit status.
    func waitForExit(timeout: Double = 10) throws -> Int32 {
        let deadline = Date().addingTimeInterval(timeout)
        while !sawEnd {
            if Date() > deadline { throw HarnessError("child did not exit; output: \(text.debugDescription)") }
            pump(until: deadline)
        }
        while true {
            var status: Int32 = 0
            let reaped = waitpid(pid, &status, WNOHANG)
            if reaped == pid {
                let code: Int32 = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
                exitStatus = code
                return code
            }
            if Date() > deadline { throw HarnessError("child closed its terminal but did not exit") }
            usleep(10_000)
        }
    }

    private func pump(until deadline: Date) {
        var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        let milliseconds = max(1, min(100, Int32(deadline.timeIntervalSinceNow * 1000)))
        guard poll(&descriptor, 1, milliseconds) > 0 else { return }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = read(master, &buffer, buffer.count)
        if count > 0 {
            output += buffer[..<count]
        } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
            sawEnd = true // EIO: every slave descriptor is closed, the child is gone
        }
    }
}

struct HarnessError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// The real `tablelab`, built beside the test bundle (SessionTests depends on it).
enum TableLabBinary {
    static var path: String {
        let besideTests = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("tablelab").path
        if FileManager.default.isExecutableFile(atPath: besideTests) { return besideTests }
        for bundle in Bundle.allBundles {
            let candidate = bundle.bundleURL.deletingLastPathComponent().appendingPathComponent("tablelab").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return packageRoot.appendingPathComponent(".build/debug/tablelab").path
    }

    static var packageRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
    }

    static func example(_ name: String) -> String {
        packageRoot.appendingPathComponent("examples").appendingPathComponent(name).path
    }
}

/// A private HOME and XDG_STATE_HOME for one test, removed afterwards.
final class Sandbox {
    let root: URL
    var home: URL { root.appendingPathComponent("home") }
    var state: URL { root.appendingPathComponent("state") }
    var historyFile: URL { state.appendingPathComponent("tablelab/history") }

    init() throws {
        root = FileManager.default.temporaryDirectory
            .appendingPathComponent("tablelab-session-\(getpid())-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: root) }

    func environment(useXDG: Bool = true) -> [String: String] {
        var environment = [
            "HOME": home.path, "TERM": "xterm", "LC_ALL": "C.UTF-8", "NO_COLOR": "1",
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
        ]
        if useXDG { environment["XDG_STATE_HOME"] = state.path }
        return environment
    }

    /// `tablelab ARGUMENTS` on a fresh terminal, in `workingDirectory` (else the sandbox).
    func startSession(_ arguments: String..., useXDG: Bool = true,
                      workingDirectory: String? = nil) throws -> PseudoTerminalProcess {
        let process = try PseudoTerminalProcess(executable: TableLabBinary.path, arguments: arguments,
                                                environment: environment(useXDG: useXDG),
                                                workingDirectory: workingDirectory ?? root.path)
        process.sandbox = self
        return process
    }

    /// The history file's items, decoded from libedit's vis encoding.
    func historyItems(at url: URL? = nil) throws -> [String] {
        let text = try String(contentsOf: url ?? historyFile, encoding: .utf8)
        var lines = text.split(separator: "\n").map(String.init)
        guard lines.first == "_HiStOrY_V2_" else { throw HarnessError("not a libedit history: \(text)") }
        lines.removeFirst()
        return lines.map(Self.unvis)
    }

    private static func unvis(_ line: String) -> String {
        var result: [UInt8] = []
        let bytes = Array(line.utf8)
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "\\"), index + 3 < bytes.count,
               let code = UInt8(String(decoding: bytes[(index + 1)...(index + 3)], as: UTF8.self), radix: 8) {
                result.append(code)
                index += 4
            } else if bytes[index] == UInt8(ascii: "\\"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "\\") {
                result.append(UInt8(ascii: "\\"))
                index += 2
            } else {
                result.append(bytes[index])
                index += 1
            }
        }
        return String(decoding: result, as: UTF8.self)
    }
}
