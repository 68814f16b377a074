// Runs what the command line asked for. Exit status: 0 success, 1 a script error,
// 2 bad usage (SPEC §1).
import TableLabLanguage
import TableLabSimulator
import TableLabSession

enum Driver {
    static let version = "0.1.0"

    /// Everything runs on a thread with a large stack, so that deep recursion in a
    /// script reaches the interpreter's own `stack overflow` error long before the
    /// process's stack runs out.
    static func runOnLargeStack(_ arguments: Arguments) -> Int32 {
        let box = StatusBox()
        Interpreter.runOnLargeStack { box.status = run(arguments) }
        return box.status
    }

    private final class StatusBox: @unchecked Sendable {
        // Written once by the worker thread before runOnLargeStack returns.
        var status: Int32 = 0
    }

    static func run(_ arguments: Arguments) -> Int32 {
        let host = Host(arguments: arguments)
        switch arguments.mode {
        case .help, .version:
            return 0  // handled before the interpreter starts
        case .script(let path, _):
            guard let file = host.load(path) else { return 2 }
            return host.runThenMaybeStay(file)
        case .code(let codes):
            return host.runThenMaybeStay(SourceFile(name: "<-e>", text: codes.joined(separator: "\n")))
        case .standardInput:
            return host.runThenMaybeStay(SourceFile(name: "<stdin>", text: readStandardInput()))
        case .check(let paths):
            return host.check(paths)
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
        explorer = Explorer(options: .init(maxSteps: arguments.maxSteps))
        explorer.output = writeStandardOutput
        explorer.useColor = wantsColor(on: 1)
        let renderer = self.renderer
        explorer.warningHandler = { writeStandardError(renderer.render($0)) }
    }

    func report(_ diagnostic: Diagnostic) {
        writeStandardError(renderer.render(diagnostic))
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
    func runThenMaybeStay(_ file: SourceFile) -> Int32 {
        var status: Int32 = 0
        do {
            try explorer.runScript(file)
        } catch {
            report(error)
            status = 1
        }
        writeStandardOutput("")
        if arguments.interactiveAfterRun { return session() }
        return status
    }

    /// `tablelab check`: parse every file, report every problem; exit 1 on any error.
    func check(_ paths: [String]) -> Int32 {
        var errors = 0
        var warnings = 0
        for path in paths {
            guard let file = load(path) else { return 2 }
            do {
                _ = try Parser.parse(file)
            } catch {
                for d in error.diagnostics {
                    report(d)
                    if d.severity == .error { errors += 1 } else if d.severity == .warning { warnings += 1 }
                }
            }
        }
        let files = paths.count == 1 ? "1 file" : "\(paths.count) files"
        if errors == 0 && warnings == 0 {
            writeStandardOutput("checked \(files): no problems found\n")
        }
        return errors > 0 ? 1 : 0
    }

    /// The session: entries run as soon as they are complete. On a terminal this is
    /// the line editor; on piped input it is a script read entry by entry, so the first
    /// error stops it (SPEC §1, §2.5).
    func session() -> Int32 {
        let engine = ExplorerEngine(host: self,
                                    sourceName: InteractiveSession.isTerminal ? "<repl>" : "<stdin>")
        return InteractiveSession.run(engine: engine, version: Driver.version)
    }
}

