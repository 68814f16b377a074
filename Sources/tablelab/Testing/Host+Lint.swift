// `tablelab lint FILE...`: each file runs in its own explorer (its own output is not the
// report), then every table is linted; findings go to standard error in the diagnostics'
// format, one summary line per file to standard output.
import TableLabSyntax
import TableLabSimulator

extension Host {
    func lint(_ paths: [String]) -> Int32 {
        var status: Int32 = 0
        for path in paths {
            guard let file = load(path) else { return 2 }
            let explorer = Explorer(options: .init(maxSteps: arguments.maxSteps, maxMemory: arguments.maxMemory))
            explorer.output = { _ in }
            explorer.commandLineArguments = [path]
            let renderer = self.renderer
            // A switch warning the run reported before running is not repeated by lint's own check.
            let reported = ReportedWarnings()
            explorer.warningHandler = { d in
                reported.keys.insert(ReportedWarnings.key(d))
                writeStandardError(renderer.render(d))
            }
            do {
                try explorer.runScript(file)
            } catch {
                report(error)
                writeStandardOutput("linted \(path): it stops with an error, so its tables were not linted\n")
                status = 1
                continue
            }
            let result = explorer.lint()
            for d in result.diagnostics where !reported.keys.contains(ReportedWarnings.key(d)) { report(d) }
            writeStandardOutput("linted \(path): \(result.counts)\n")
            if result.errorCount + result.warningCount > 0 { status = 1 }
        }
        return status
    }
}

/// The warnings a lint run has shown, by file, place and message (identity and arguments).
private final class ReportedWarnings {
    var keys = Set<Diagnostic.Identity>()
    static func key(_ d: Diagnostic) -> Diagnostic.Identity { d.identity() }
}
