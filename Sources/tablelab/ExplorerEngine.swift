// The seam between the interactive session (which owns the terminal) and the explorer
// (which owns the language and the tables): the session asks, the explorer answers.

import TableLabSyntax
import TableLabInterpreter
import TableLabSimulator
import TableLabSession

final class ExplorerEngine: SessionEngine {
    private let host: Host
    /// `<repl>` at a terminal, `<stdin>` for piped input.
    private let sourceName: String
    /// Entries are numbered as one long transcript, so `<repl>:12:5` points at the
    /// twelfth line typed in this session.
    private var linesBefore = 0

    /// `--watch`: the script run again, fresh, when it changes on disk.
    private let watchedPath: String?
    private var watchedStamp: FileStamp?

    init(host: Host, sourceName: String, watching path: String? = nil) {
        self.host = host
        self.sourceName = sourceName
        self.watchedPath = path
        self.watchedStamp = path.flatMap(FileStamp.init(path:))
    }

    var wantsIdleChecks: Bool { watchedPath != nil }

    /// A stat(2) every poll: the inode (an editor that saves by rename makes a new file),
    /// the modification time to the nanosecond, and the size. A file missing for a
    /// moment (between an editor's unlink and rename) is not a change.
    func hasChangesToShow() -> Bool {
        guard let path = watchedPath, let now = FileStamp(path: path), now != watchedStamp else { return false }
        watchedStamp = now
        return true
    }

    /// Runs the watched script in a fresh session and draws the table that was on screen.
    func showChanges() {
        guard let path = watchedPath else { return }
        defer { standardOutput.flush() }
        let explorer = host.explorer
        let screen = explorer.currentTableName
        explorer.reset()
        writeStandardOutput("watch: \(path) changed; ran it again\n")
        guard let file = host.load(path) else { return }
        explorer.stoppedScript = nil
        do {
            try explorer.runScript(file)
        } catch {
            explorer.stoppedScript = path
            host.report(error)
        }
        explorer.ranFile(file, from: path)
        let table = screen.flatMap { explorer.interpreter.typeKind($0) == "table" ? $0 : nil } ?? explorer.currentTableName
        // A script that ends by drawing this table has just drawn it.
        guard let table, !explorer.lastWroteDrawing(of: table) else { return }
        if case .failed(let diagnostic) = explorer.submit(SourceFile(name: "<watch>", text: ":show \(table)")) {
            host.report(diagnostic)
        }
    }

    func submit(_ text: String, isFinal: Bool) -> SubmitOutcome {
        // The session writes its prompt through C stdio: what the entry printed goes first.
        defer { standardOutput.flush() }
        let file = SourceFile(name: sourceName, text: text, lineOffset: linesBefore)
        switch host.explorer.submit(file) {
        case .incomplete:
            guard isFinal else { return .needsMoreInput }
            // Input ended inside an entry: the parser's own error says where.
            do {
                _ = try Parser.parse(file)
            } catch {
                if let first = error.diagnostics.first { host.report(first) }
            }
            linesBefore += file.lines.count
            return .failed
        case .completed:
            linesBefore += file.lines.count
            return host.explorer.quitRequested ? .quit(status: 0) : .completed
        case .failed(let diagnostic):
            host.report(diagnostic)
            linesBefore += file.lines.count
            return .failed
        }
    }

    /// The table the session stands inside (`:use`), whose members are in scope: the
    /// prompt names it only then, so that the prompt never promises names that are not there.
    var currentTableName: String? { host.explorer.interpreter.currentTableName }
    var errorsReported: Bool { host.explorer.errorsReported }

    func completions(for textBeforeCursor: String) -> Completions {
        let c = host.explorer.completions(for: textBeforeCursor)
        var candidates = c.candidates
        // A command or its argument completed to its only choice is a whole word: a space
        // follows, ready for the next argument (`:us` → `:use `). A directory keeps its
        // `/` for the next name; code stays as typed (`items` may go on with `[`).
        if candidates.count == 1, isCommand(textBeforeCursor), !candidates[0].hasSuffix("/") {
            candidates[0] += " "
        }
        return Completions(partialWord: c.prefix, candidates: candidates, listing: c.listing)
    }

    private func isCommand(_ entry: String) -> Bool {
        !entry.contains("\n") && entry.drop { $0 == " " || $0 == "\t" }.hasPrefix(":")
    }

    /// Called from the SIGINT handler: only an atomic store.
    func interrupt() {
        Interpreter.requestInterrupt()
    }
}
