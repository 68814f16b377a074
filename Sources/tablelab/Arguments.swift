// The command line of SPEC §1, parsed by hand: the grammar is small and a
// hand-written parser keeps start-up free of Foundation.

import TableLabInterpreter

/// What the person asked `tablelab` to do.
enum Mode: Equatable {
    /// No file and no code: the interactive session (or piped stdin run entry by entry).
    case session
    /// Run a script file, then exit (or stay, with `-i`).
    case script(path: String, scriptArguments: [String])
    /// Run the `-e` code, then exit.
    case code([String])
    /// Read the whole script from standard input (`tablelab -`).
    case standardInput
    /// Static checks only.
    case check(paths: [String])
    /// Run the files that state expectations and report (`tablelab test`).
    case test(TestOptions)
    /// Tap every row of every table and report what looks wrong (`tablelab lint`).
    case lint(paths: [String])
    /// Run a script and draw one of its tables as a picture or as text (`tablelab show`).
    case show(ShowOptions)
    /// Write a script's declarations as Swift for UIKit (`tablelab emit swift`).
    case emit(EmitOptions)
    case help
    case version
}

enum ColorChoice: String { case always, never, auto }

struct Arguments: Equatable {
    var mode: Mode = .session
    var interactiveAfterRun = false
    /// `--watch` (with -i and FILE): run FILE again, fresh, whenever it changes on disk.
    var watch = false
    var maxSteps: Int?
    /// Bytes the process may hold while scripts run; nil for half the physical memory.
    var maxMemory: Int?
    var color: ColorChoice = .auto
    /// The help `--help` prints when it is not the main usage (`tablelab test --help`).
    var helpText: String?

    /// A usage error: the message goes to stderr with the usage hint, exit status 2.
    struct UsageError: Error, Equatable { var message: String }

    static func parse(_ argv: [String]) throws(UsageError) -> Arguments {
        var result = Arguments()
        var codes: [String] = []
        var rest = argv[...]
        while let arg = rest.first {
            rest = rest.dropFirst()
            switch arg {
            case "-h", "--help":
                return Arguments(mode: .help)
            case "--version":
                return Arguments(mode: .version)
            case "-i", "--interactive":
                result.interactiveAfterRun = true
            case "--watch":
                result.watch = true
            case "-e":
                guard let code = rest.first else { throw UsageError(message: "option '-e' needs CODE") }
                rest = rest.dropFirst()
                codes.append(code)
            case "--max-steps":
                guard let value = rest.first else { throw UsageError(message: "option '--max-steps' needs a number") }
                rest = rest.dropFirst()
                result.maxSteps = try parseSteps(value)
            case _ where arg.hasPrefix("--max-steps="):
                result.maxSteps = try parseSteps(String(arg.dropFirst("--max-steps=".count)))
            case "--max-memory":
                guard let value = rest.first else { throw UsageError(message: "option '--max-memory' needs a size") }
                rest = rest.dropFirst()
                result.maxMemory = try parseMemory(value)
            case _ where arg.hasPrefix("--max-memory="):
                result.maxMemory = try parseMemory(String(arg.dropFirst("--max-memory=".count)))
            case _ where arg.hasPrefix("--color="):
                let value = String(arg.dropFirst("--color=".count))
                guard let c = ColorChoice(rawValue: value) else {
                    throw UsageError(message: "invalid value '\(value)' for '--color' (expected always, never or auto)")
                }
                result.color = c
            case "--color":
                guard let value = rest.first, let c = ColorChoice(rawValue: value) else {
                    throw UsageError(message: "option '--color' needs always, never or auto")
                }
                rest = rest.dropFirst()
                result.color = c
            case "-":
                guard codes.isEmpty else { throw UsageError(message: "'-' cannot be combined with '-e'") }
                result.mode = .standardInput
                if !rest.isEmpty { throw UsageError(message: "unexpected argument '\(rest.first!)' after '-'") }
                return result
            case "check" where result.mode == .session && codes.isEmpty:
                let paths = Array(rest)
                guard !paths.isEmpty else { throw UsageError(message: "'check' needs at least one FILE") }
                result.mode = .check(paths: paths)
                return result
            case "test" where result.mode == .session && codes.isEmpty:
                try result.parseTest(rest)
                return result
            case "lint" where result.mode == .session && codes.isEmpty:
                let paths = Array(rest)
                guard !paths.isEmpty else { throw UsageError(message: "'lint' needs at least one FILE") }
                result.mode = .lint(paths: paths)
                return result
            case "show" where result.mode == .session && codes.isEmpty:
                try result.parseShow(rest)
                return result
            case "emit" where result.mode == .session && codes.isEmpty:
                try result.parseEmit(rest)
                return result
            case "--":
                if let path = rest.first {
                    result.mode = .script(path: path, scriptArguments: Array(rest.dropFirst()))
                }
                return try result.finish(codes)
            case _ where arg.hasPrefix("-") && arg.count > 1:
                throw UsageError(message: "unknown option '\(arg)'")
            default:
                // The first non-option is the script; everything after it belongs to the script.
                result.mode = .script(path: arg, scriptArguments: Array(rest))
                return try result.finish(codes)
            }
        }
        return try result.finish(codes)
    }

    private func finish(_ codes: [String]) throws(UsageError) -> Arguments {
        if watch {
            guard case .script = mode, interactiveAfterRun, codes.isEmpty else {
                throw UsageError(message: "'--watch' needs '-i' and a script FILE (tablelab -i --watch FILE)")
            }
        }
        guard !codes.isEmpty else { return self }
        if case .script = mode { throw UsageError(message: "'-e' cannot be combined with a script file") }
        var copy = self
        copy.mode = .code(codes)
        return copy
    }

    private static func parseMemory(_ text: String) throws(UsageError) -> Int {
        guard let n = MemoryBudget.parse(text) else {
            throw UsageError(message: "invalid value '\(text)' for '--max-memory' (expected a size such as 512M or 2G)")
        }
        return n
    }

    static func parseSteps(_ text: String) throws(UsageError) -> Int {
        guard let n = Int(text), n > 0 else {
            throw UsageError(message: "invalid value '\(text)' for '--max-steps' (expected a positive integer)")
        }
        return n
    }

    static let usage = """
    USAGE: tablelab [OPTIONS] [FILE.tlab [ARGS...]]
           tablelab check FILE.tlab...
           tablelab test [OPTIONS] [PATH...]
           tablelab lint FILE.tlab...
           tablelab show FILE.tlab [--svg OUT.svg] [--png OUT.png] [OPTIONS]
           tablelab emit swift FILE.tlab [-o DIR]

    Runs TableLab scripts: Swift-flavoured enums, structs and table blocks, played
    against a simulated UITableView.

      tablelab                   interactive session (a plain reader when not a terminal)
      tablelab FILE.tlab         run a script, then exit
      tablelab -i FILE.tlab      run a script, then stay in the interactive session
      tablelab -e 'CODE'         run CODE (may be given several times), then exit
      tablelab -                 read the whole script from standard input
      tablelab check FILE...     static checks only: parse and exhaustiveness, run nothing
      tablelab test [PATH...]    run the files that state expectations (// expect:,
                                 // expect-error:, // expect-exit:, NAME.expected) and
                                 report PASS or FAIL for each; 'tablelab test --help'
      tablelab lint FILE...      tap every row of every table and warn about what looks
                                 wrong: dead rows, empty cells, segues to nowhere, ...
      tablelab show FILE ...     run FILE, then draw its table: as iOS draws the screen
                                 (--svg, --png) or as :show does; 'tablelab show --help'
      tablelab emit swift FILE   write FILE's enums, structs and tables as Swift for
                                 UIKit: one file per table (-o DIR), or print one file

    OPTIONS:
      -i, --interactive          stay in the session after running FILE or -e CODE
      --watch                    with -i FILE: whenever FILE changes on disk, run it
                                 again in a fresh session and redraw the current table
      -e CODE                    run CODE; several -e are joined with newlines
      --max-steps N              stop a run after N loop iterations and calls
      --max-memory SIZE          stop a run with 'out of memory' when the process would
                                 hold more than SIZE (512M, 2G; default: half the RAM)
      --color=always|never|auto  colour diagnostics and tables (auto: only on a terminal
                                 and when NO_COLOR is unset)
      -h, --help                 show this help
      --version                  show the version

    Exit status: 0 success, 1 a script error (parse, check or run time), a failed
    test or a lint warning, 2 bad usage.
    """
}
