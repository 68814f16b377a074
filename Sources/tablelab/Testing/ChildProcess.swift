// Starting `tablelab` itself on one test file, as a child process: each file gets a fresh
// interpreter in a fresh process. The interpreter keeps process-wide state (its output
// buffer, the Ctrl-C flag, the large-stack thread), a script may trap, overflow or loop,
// and what a test must see is exactly what `tablelab FILE` prints; a process is the one
// isolation that gives all three, and it makes `-j N` plain process parallelism.
#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TableLabFiles

/// How a child ended.
enum ChildEnd: Equatable {
    case exited(Int32)
    case signalled(Int32)
    case couldNotStart(ChildStartError)
}

/// What one run of a child printed and how it ended.
struct ChildResult {
    var stdout: String
    var stderr: String
    var end: ChildEnd
    /// Seconds from start to end.
    var seconds: Double
}

/// A started child; `finish(status:)` collects its output once waitpid has reaped it.
final class RunningChild {
    let pid: pid_t
    private let stdoutPath: String
    private let stderrPath: String
    private let started: Double

    private init(pid: pid_t, stdoutPath: String, stderrPath: String, started: Double) {
        self.pid = pid
        self.stdoutPath = stdoutPath
        self.stderrPath = stderrPath
        self.started = started
    }

    /// Starts `executable arguments...` in `folder` with standard input from /dev/null and
    /// standard output and error to scratch files (files, not pipes: a child that fills one
    /// pipe while the parent waits on another cannot stall).
    static func start(_ executable: String, _ arguments: [String], in folder: String,
                      environment: [String]) -> Result<RunningChild, ChildStartError> {
        guard let out = scratchFile(), let err = scratchFile() else {
            return .failure(.cannotCreateScratchFile(.current))
        }
        defer { close(out.fd); close(err.fd) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, out.fd, 1)
        posix_spawn_file_actions_adddup2(&actions, err.fd, 2)
        guard addChdir(&actions, folder) == 0 else {
            unlink(out.path); unlink(err.path)
            return .failure(.cannotRunIn(folder: folder))
        }
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup($0) } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        let started = monotonicSeconds()
        let result = posix_spawn(&pid, executable, &actions, nil, argv, envp)
        guard result == 0 else {
            unlink(out.path); unlink(err.path)
            return .failure(.cannotStart(executable: executable, SystemError(result)))
        }
        return .success(RunningChild(pid: pid, stdoutPath: out.path, stderrPath: err.path, started: started))
    }

    /// The child's output and end, from the status waitpid reported; removes the scratch files.
    func finish(status: Int32) -> ChildResult {
        let seconds = monotonicSeconds() - started
        let stdout = readAndRemove(stdoutPath)
        let stderr = readAndRemove(stderrPath)
        // WIFEXITED / WEXITSTATUS / WTERMSIG, which Swift does not import as functions.
        let end: ChildEnd = status & 0x7F == 0 ? .exited((status >> 8) & 0xFF) : .signalled(status & 0x7F)
        return ChildResult(stdout: stdout, stderr: stderr, end: end, seconds: seconds)
    }

    private func readAndRemove(_ path: String) -> String {
        defer { unlink(path) }
        if case .success(let text) = readWholeFile(path) { return text }
        return ""
    }

    private static func scratchFile() -> (fd: Int32, path: String)? {
        let folder = environment("TMPDIR").flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array((folder + "/tablelab-test-XXXXXX").utf8CString)
        let fd = makeUniqueFile(&template)
        guard fd >= 0 else { return nil }
        return (fd, String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }

    /// `posix_spawn_file_actions_addchdir_np`: glibc declares it only for `_GNU_SOURCE`,
    /// so Swift does not import it there; it is looked up at run time (glibc 2.29 and later).
    private static func addChdir(_ actions: UnsafeMutablePointer<posix_spawn_file_actions_t>, _ path: String) -> Int32 {
        #if canImport(Darwin)
        return posix_spawn_file_actions_addchdir_np(actions, path)
        #else
        typealias AddChdir = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32
        guard let symbol = dlsym(nil, "posix_spawn_file_actions_addchdir_np") else { return -1 }
        return cFunction(symbol, as: AddChdir.self)(actions, path)
        #endif
    }
}

/// Why a child did not start, as data (TestMessage words it).
enum ChildStartError: Error, Hashable {
    case cannotCreateScratchFile(SystemError)
    case cannotRunIn(folder: String)
    case cannotStart(executable: String, SystemError)
}

/// Waits for any child; nil when there is none left.
func waitForAnyChild() -> (pid: pid_t, status: Int32)? {
    var status: Int32 = 0
    while true {
        let pid = waitpid(-1, &status, 0)
        if pid > 0 { return (pid, status) }
        if pid < 0 && errno == EINTR { continue }
        return nil
    }
}

/// The path of the running executable, so that children run the same `tablelab`.
func currentExecutablePath() -> String {
    #if os(Linux)
    var buffer = [CChar](repeating: 0, count: 4096)
    let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    if n > 0 { return String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self) }
    #elseif canImport(Darwin)
    var size: UInt32 = 4096
    var buffer = [CChar](repeating: 0, count: Int(size))
    if _NSGetExecutablePath(&buffer, &size) == 0, let resolved = realpath(buffer, nil) {
        defer { free(resolved) }
        return String(cString: resolved)
    }
    #endif
    return CommandLine.arguments[0]
}

/// Seconds on a clock that never jumps.
func monotonicSeconds() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_MONOTONIC, &t)
    return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
}
