// `tablelab show FILE.tlab [OPTIONS]`: runs the script, then `:show` on its current table
// (the one its last `:use` picked, else the first declared), for batch use: pictures for
// slides and READMEs, JSON for other tools.
import TableLabSyntax
import TableLabSimulator

struct ShowOptions: Equatable {
    var path = ""
    var table: String?
    var device: String?
    /// The words passed to `:show` as they are: --svg, --png, --style, --scale, --json, --width.
    var showWords: [String] = []
}

extension Arguments {
    static let showUsage = """
    USAGE: tablelab show FILE.tlab [OPTIONS]

    Runs FILE.tlab (its own output is not shown), then draws its current table (the one
    its last ':use' picked, else the first declared): as iOS draws the screen, as an SVG
    or PNG picture sized to the device, or as ':show' draws it in the terminal.

    OPTIONS:
      --svg OUT.svg              write the screen as an SVG picture
      --png OUT.png              write it as a PNG (needs rsvg-convert: librsvg2-bin)
      --scale N                  PNG pixels per point, 1 to 4 (default 1)
      --style S                  plain, grouped or insetGrouped (default: the table's own style)
      --table NAME               draw this table instead of the current one
      --device NAME              iPhone SE, iPhone 15 (default), iPhone 15 Pro Max,
                                 iPad, iPad Pro
      --json, --width N          as ':show' (without --svg and --png)

    Exit status: 0 success, 1 a script error or a file that could not be written,
    2 bad usage.
    """

    mutating func parseShow(_ words: ArraySlice<String>) throws(UsageError) {
        var options = ShowOptions()
        guard let path = try parseOneFile(of: "show", usage: Self.showUsage, words, option: { word, rest throws(UsageError) in
            switch word {
            case "--table": options.table = try Self.optionValue(word, &rest)
            case "--device": options.device = try Self.optionValue(word, &rest)
            case "--svg", "--png", "--style", "--scale", "--width": options.showWords += [word, try Self.optionValue(word, &rest)]
            case "--json": options.showWords.append(word)
            default: return false
            }
            return true
        }) else { return }
        options.path = path
        mode = .show(options)
    }
}

extension Host {
    func show(_ options: ShowOptions) -> Int32 {
        guard let file = load(options.path) else { return 2 }
        let output = explorer.output
        explorer.output = { _ in }
        explorer.commandLineArguments = [options.path]
        do {
            // The device first, so that the script reads its screenWidth as in a session.
            if let device = options.device { try explorer.runCommand("device", words: [device]) }
            try explorer.runScript(file)
            // The drawing alone: what the script's code prints while the table is laid out
            // (an awakeFromNib's `print`) and its `:trace on` lines would corrupt `--svg -`.
            explorer.interpreter.output = { _ in }
            explorer.simulator.tracing = false
            explorer.output = output
            try explorer.runCommand("show", words: (options.table.map { [$0] } ?? []) + options.showWords)
        } catch {
            explorer.output = output
            report(error)
            standardOutput.flush()
            return 1
        }
        standardOutput.flush()
        return 0
    }
}
