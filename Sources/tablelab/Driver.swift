// Runs what the command line asked for. Exit status: 0 success, 1 a script error,
// 2 bad usage (SPEC §1).
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization
import TableLabSyntax
import TableLabInterpreter
import TableLabSimulator
import TableLabSession

enum Driver {
    static let version = "0.1.0"

    /// Everything runs on a thread with a large stack, so that deep recursion in a
    /// script reaches the interpreter's own `stack overflow` error long before the
    /// process's stack runs out.
    static func runOnLargeStack(_ arguments: Arguments) -> Int32 {
        let box = StatusBox()
        // Ctrl-C must land on the worker thread, where the line editor waits in read():
        // a SIGINT handled on the main thread (which only waits here) would not interrupt
        // that read, and Ctrl-C at the prompt would do nothing. The worker inherits the
        // blocked mask and unblocks SIGINT for itself. SIGHUP, SIGQUIT and SIGTERM land
        // there too, so that the worker, while it registers or renames a save's temporary
        // file with them blocked, has no other thread to race with (FileAccess.swift).
        setSignalsBlocked(true)
        Interpreter.runOnLargeStack {
            setSignalsBlocked(false)
            box.status.store(run(arguments), ordering: .relaxed)
        }
        return box.status.load(ordering: .relaxed)
    }

    private static func setSignalsBlocked(_ blocked: Bool) {
        var set = sigset_t()
        sigemptyset(&set)
        for signal in [SIGINT, SIGHUP, SIGQUIT, SIGTERM] { sigaddset(&set, signal) }
        pthread_sigmask(blocked ? SIG_BLOCK : SIG_UNBLOCK, &set, nil)
    }

    /// The worker thread's exit status, for the main thread once it has joined the worker.
    private final class StatusBox: Sendable {
        let status = Atomic<Int32>(0)
    }

    static func run(_ arguments: Arguments) -> Int32 {
        let host = Host(arguments: arguments)
        switch arguments.mode {
        case .help, .version:
            return 0  // handled before the interpreter starts
        case .script(let path, let scriptArguments):
            guard let file = host.load(path) else { return 2 }
            host.explorer.commandLineArguments = [path] + scriptArguments
            return host.runThenMaybeStay(file, path: path)
        case .code(let codes):
            return host.runThenMaybeStay(SourceFile(name: "<-e>", text: codes.joined(separator: "\n")))
        case .standardInput:
            switch readStandardInput() {
            case .success(let text): return host.runThenMaybeStay(SourceFile(name: "<stdin>", text: text))
            case .failure(let error):
                writeStandardError("tablelab: error: \(error.message)\n")
                return 2
            }
        case .check(let paths):
            return host.check(paths)
        case .test(let options):
            return TestRunner(options: options, maxSteps: arguments.maxSteps, useColor: arguments.wantsColor(on: 1)).run()
        case .lint(let paths):
            return host.lint(paths)
        case .show(let options):
            return host.show(options)
        case .emit(let options):
            return host.emit(options)
        case .session:
            return host.session()
        }
    }
}

/// One explorer (an interpreter with the table simulator) with the command line's choices applied: where output and
/// diagnostics go, colours, the step limit.
final class Host {
    let arguments: Arguments
    let explorer: Explorer
    let renderer: DiagnosticRenderer

    init(arguments: Arguments) {
        self.arguments = arguments
        func wantsColor(on fd: Int32) -> Bool {
            switch arguments.color {
            case .always: return true
            case .never: return false
            case .auto: return isTerminal(fd) && environment("NO_COLOR") == nil
            }
        }
        renderer = DiagnosticRenderer(useColor: wantsColor(on: 2))
        explorer = Explorer(options: .init(maxSteps: arguments.maxSteps, maxMemory: arguments.maxMemory),
                            standardOutput: standardOutput)
        explorer.useColor = wantsColor(on: 1)
        // A person at the prompt is taught the name they meant; a batch run's diagnostics
        // are swiftc's, and swiftc 6.3 gives no such note (README, "Diagnostics").
        explorer.suggestsCloseNames = arguments.interactiveAfterRun || arguments.mode == .session
        let renderer = self.renderer
        let explorer = self.explorer
        explorer.warningHandler = { [unowned explorer] in writeStandardError(renderer.render(explorer.withCloseNames($0))) }
        explorer.errorHandler = { [unowned explorer] in writeStandardError(renderer.render(explorer.withCloseNames($0))) }
    }

    func report(_ diagnostic: Diagnostic) {
        writeStandardError(renderer.render(explorer.withCloseNames(diagnostic)))
    }

    func load(_ path: String) -> SourceFile? {
        switch readWholeFile(path) {
        case .success(let text):
            return SourceFile(name: path, text: text)
        case .failure(let error):
            writeStandardError("tablelab: error: \(error.message)\n")
            return nil
        }
    }

    /// Runs a whole script; with `-i`, then stays in the session whatever happened
    /// (the definitions that ran before an error are there to explore).
    /// `path`, the script's file, is what `:reload` runs again in the session, unless the
    /// script `:load`ed one itself (set only after the run: a `:reload` inside the script
    /// must not run the script inside itself).
    func runThenMaybeStay(_ file: SourceFile, path: String? = nil) -> Int32 {
        var status: Int32 = 0
        do {
            try explorer.runScript(file)
            if explorer.errorsReported { status = 1 }
        } catch {
            report(error)
            status = 1
            explorer.stoppedScript = path ?? file.name
        }
        standardOutput.flush()
        if arguments.interactiveAfterRun {
            if explorer.lastLoadedPath == nil, let path { explorer.ranFile(file, from: path) }
            return session(watching: arguments.watch ? path : nil)
        }
        return status
    }

    /// `tablelab check`: parses every file and checks every switch without running
    /// anything (SPEC §3.3). Errors and warnings go to standard error in swiftc's order;
    /// the switches whose subject type is only known at run time are listed one per line,
    /// then a one-line summary, on standard output. Exit 1 on any error, 0 for warnings alone.
    func check(_ paths: [String]) -> Int32 {
        var files: [SourceFile] = []
        for path in paths {
            guard let file = load(path) else { return 2 }
            files.append(file)
        }
        let outcome = Explorer.staticCheck(files, suggestingCloseNames: true)
        for d in outcome.diagnostics { report(d) }
        // On standard output, in plain text like the summary under them.
        writeStandardOutput(outcome.checkedAtRunTime.map { DiagnosticRenderer().render($0) }.joined() + outcome.summary + "\n")
        return outcome.errorCount > 0 ? 1 : 0
    }

    /// The session: entries run as soon as they are complete. On a terminal this is
    /// the line editor; on piped input it is a script read entry by entry, so the first
    /// error stops it (SPEC §1, §2.5).
    func session(watching path: String? = nil) -> Int32 {
        let engine = ExplorerEngine(host: self,
                                    sourceName: InteractiveSession.isTerminal ? "<repl>" : "<stdin>",
                                    watching: path)
        return InteractiveSession.run(engine: engine, version: Driver.version)
    }
}

