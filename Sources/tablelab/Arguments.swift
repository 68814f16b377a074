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
            case _ where try result.takeRunOption(arg, &rest):
                break
            case "-":
                guard codes.isEmpty else { throw UsageError(message: "'-' cannot be combined with '-e'") }
                result.mode = .standardInput
                if !rest.isEmpty { throw UsageError(message: "unexpected argument '\(rest.first!)' after '-'") }
                return result
            case "check" where result.mode == .session && codes.isEmpty:
                guard let paths = try result.parseFiles(of: "check", rest) else { return result }
                result.mode = .check(paths: paths)
                return result
            case "test" where result.mode == .session && codes.isEmpty:
                try result.parseTest(rest)
                return result
            case "lint" where result.mode == .session && codes.isEmpty:
                guard let paths = try result.parseFiles(of: "lint", rest) else { return result }
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

    /// The options that limit or colour a run (`--max-steps`, `--max-memory`, `--color`),
    /// which every subcommand takes after its name as well as before it: true when `word`
    /// is one (its value, when separate, is taken from `rest`).
    mutating func takeRunOption(_ word: String, _ rest: inout ArraySlice<String>) throws(UsageError) -> Bool {
        func value(_ what: String) throws(UsageError) -> String {
            guard let v = rest.first else { throw UsageError(message: "option '\(word)' needs \(what)") }
            rest = rest.dropFirst()
            return v
        }
        func colorChoice(_ text: String) throws(UsageError) -> ColorChoice {
            guard let c = ColorChoice(rawValue: text) else {
                throw UsageError(message: "invalid value '\(text)' for '--color' (expected always, never or auto)")
            }
            return c
        }
        switch word {
        case "--max-steps": maxSteps = try Self.parseSteps(try value("a number"))
        case "--max-memory": maxMemory = try Self.parseMemory(try value("a size"))
        case "--color": color = try colorChoice(try value("always, never or auto"))
        case _ where word.hasPrefix("--max-steps="): maxSteps = try Self.parseSteps(String(word.dropFirst("--max-steps=".count)))
        case _ where word.hasPrefix("--max-memory="): maxMemory = try Self.parseMemory(String(word.dropFirst("--max-memory=".count)))
        case _ where word.hasPrefix("--color="): color = try colorChoice(String(word.dropFirst("--color=".count)))
        default: return false
        }
        return true
    }

    /// The words of a subcommand that takes one FILE (`show`, `emit swift`): `-h`/`--help`
    /// (its usage, and nil), the subcommand's own options (`option` takes a word and,
    /// from `rest`, its value: true when the word is one), the run options, and the FILE.
    mutating func parseOneFile(of command: String, usage: String, _ words: ArraySlice<String>,
                               option: (_ word: String, _ rest: inout ArraySlice<String>) throws(UsageError) -> Bool)
        throws(UsageError) -> String? {
        var rest = words
        var file: String?
        while let word = rest.first {
            rest = rest.dropFirst()
            if word == "-h" || word == "--help" {
                mode = .help
                helpText = usage
                return nil
            }
            if try option(word, &rest) { continue }
            if try takeRunOption(word, &rest) { continue }
            if word.hasPrefix("-") && word.count > 1 { throw UsageError(message: "unknown option '\(word)' for '\(command)'") }
            guard file == nil else { throw UsageError(message: "'\(command)' takes one FILE; unexpected '\(word)'") }
            file = word
        }
        guard let file else { throw UsageError(message: "'\(command)' needs a FILE") }
        return file
    }

    /// The value of the option `word`, taken from `rest`.
    static func optionValue(_ word: String, _ rest: inout ArraySlice<String>, _ what: String = "a value") throws(UsageError) -> String {
        guard let v = rest.first else { throw UsageError(message: "option '\(word)' needs \(what)") }
        rest = rest.dropFirst()
        return v
    }

    /// The words after `check` or `lint`: run options, then at least one FILE (`--` ends
    /// the options). Nil when they ask for help.
    private mutating func parseFiles(of command: String, _ words: ArraySlice<String>) throws(UsageError) -> [String]? {
        var rest = words
        var paths: [String] = []
        while let word = rest.first {
            rest = rest.dropFirst()
            if word == "--" { paths += rest; break }
            if word == "-h" || word == "--help" { mode = .help; return nil }
            if try takeRunOption(word, &rest) { continue }
            if word.hasPrefix("-") && word.count > 1 { throw UsageError(message: "unknown option '\(word)' for '\(command)'") }
            paths.append(word)
        }
        guard !paths.isEmpty else { throw UsageError(message: "'\(command)' needs at least one FILE") }
        return paths
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
           tablelab check [OPTIONS] FILE.tlab...
           tablelab test [OPTIONS] [PATH...]
           tablelab lint [OPTIONS] FILE.tlab...
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

    OPTIONS (--max-steps, --max-memory and --color also after a subcommand's name):
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
