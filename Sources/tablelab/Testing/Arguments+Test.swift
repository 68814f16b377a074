// The options of `tablelab test`, after the word `test`.

extension Arguments {
    static let testUsage = """
    USAGE: tablelab test [OPTIONS] [PATH...]

    Runs every .tlab file under the PATHs (default: this folder, recursively; folders
    whose name starts with '.' are skipped) that states an expectation, each in a fresh
    tablelab process, in its own folder, with COLUMNS=80 and no colours:
      // expect: TEXT           the next line of standard output is TEXT
      // expect-error: MESSAGE  an error with this message is reported on this line
      // expect-exit: N         the exit status (default: 1 with expect-error, else 0)
      NAME.expected             beside NAME.tlab: the whole standard output
    Prints PASS or FAIL and the path for each file, what went wrong and a diff for each
    failure, and last 'N passed, M failed'.

    OPTIONS:
      --update                   write or refresh NAME.expected from the output (a named
                                 file without expectations gets a first snapshot)
      --filter TEXT              only the files whose path contains TEXT
      --junit FILE               also write the results as JUnit XML to FILE
      -j N, --jobs N             run N files at a time
      --max-steps N              passed to each run
      --color=always|never|auto  colour PASS, FAIL and the diffs

    Exit status: 0 every file passed, 1 a file failed, 2 bad usage.
    """

    /// Reads the words after `test`.
    mutating func parseTest(_ words: ArraySlice<String>) throws(UsageError) {
        var options = TestOptions()
        var rest = words
        func jobs(_ text: String) throws(UsageError) -> Int {
            guard let n = Int(text), n > 0 else {
                throw UsageError(message: "invalid value '\(text)' for '-j' (expected a positive integer)")
            }
            return n
        }
        while let word = rest.first {
            rest = rest.dropFirst()
            switch word {
            case "-h", "--help":
                mode = .help
                helpText = Self.testUsage
                return
            case "--update": options.update = true
            case "--filter": options.filter = try Self.optionValue(word, &rest)
            case "--junit": options.junitPath = try Self.optionValue(word, &rest)
            case "-j", "--jobs": options.jobs = try jobs(try Self.optionValue(word, &rest))
            case _ where try takeRunOption(word, &rest):
                break
            case "--":
                options.paths += rest
                rest = []
            default:
                if word.hasPrefix("--filter=") { options.filter = String(word.dropFirst("--filter=".count)) }
                else if word.hasPrefix("--junit=") { options.junitPath = String(word.dropFirst("--junit=".count)) }
                else if word.hasPrefix("--jobs=") { options.jobs = try jobs(String(word.dropFirst("--jobs=".count))) }
                else if word.hasPrefix("-j"), word.count > 2 { options.jobs = try jobs(String(word.dropFirst(2))) }
                else if word.hasPrefix("-"), word.count > 1 {
                    throw UsageError(message: "unknown option '\(word)' for 'test' (see 'tablelab test --help')")
                } else {
                    options.paths.append(word)
                }
            }
        }
        if let junit = options.junitPath, junit.isEmpty { throw UsageError(message: "option '--junit' needs a FILE") }
        mode = .test(options)
    }
}

extension Arguments {
    /// `--color`'s choice for one stream: `auto` colours a terminal when NO_COLOR is unset.
    func wantsColor(on fd: Int32) -> Bool {
        switch color {
        case .always: return true
        case .never: return false
        case .auto: return isTerminal(fd) && environment("NO_COLOR") == nil
        }
    }
}
