import CLineEditor
import Glibc
import TableLabFiles

/// The interactive session on a terminal: libedit with emacs keys, Ctrl-R search, the
/// user's `~/.editrc`, persistent history and Tab completion from the engine.
///
/// - The banner `TableLab <version> — :help for help`, then the prompt `tablelab> ` or
///   `tablelab(Table)> `, and `...> ` while the engine says the entry is incomplete.
/// - A complete entry (all its lines) is one history item, added after it ran.
/// - An entry that is exactly `:history` is answered here: the history, numbered,
///   oldest first. Every other entry goes to the engine.
/// - Ctrl-C at the prompt drops the line (and an unfinished entry) and prompts again;
///   while an entry runs it calls ``SessionEngine/interrupt()``. Ctrl-D on an empty
///   line leaves with status 0. Errors in an entry never end the session.
///
/// Use it only when standard input and output are both terminals (see
/// ``InteractiveSession``).
public struct LineEditorSession {
    public let engine: any SessionEngine
    public let history: SessionHistory
    /// The first line printed, or nil for none.
    public let banner: String?

    public init(engine: any SessionEngine, version: String, history: SessionHistory) {
        self.engine = engine
        self.history = history
        self.banner = "TableLab \(version) — :help for help"
    }

    /// Runs until Ctrl-D on an empty line or an entry that quits; returns the exit status.
    public func run() -> Int32 {
        Terminal.useUTF8Locale()
        let state = EditorState(engine: engine, history: history)
        // The handler must be in place before el_init: with EL_SIGNAL libedit chains to it.
        cle_install_sigint_handler()
        guard let editor = cle_init("tablelab") else {
            Terminal.writeError("tablelab: cannot start the line editor\n")
            return PlainSession(engine: engine, stopOnError: false).run()
        }
        defer { el_end(editor) }
        configure(editor, state: state)

        if let banner { Terminal.write(banner + "\n") }
        state.showHistoryWarning()
        // Bracketed paste: the terminal marks pasted text (see EditorState.paste). It
        // changes only what the terminal sends, so it stays on while entries run.
        let bracketsPastes = Terminal.supportsBracketedPaste
        if bracketsPastes { Terminal.write("\u{1B}[?2004h") }
        defer { if bracketsPastes { Terminal.write("\u{1B}[?2004l") } }

        while true {
            state.refreshPrompt()
            fflush(nil)
            _ = cle_take_interrupt()
            var count: Int32 = 0
            errno = 0
            guard let raw = el_gets(editor, &count) else {
                if cle_take_interrupt() != 0 || (count == -1 && errno == EINTR) {
                    Terminal.write("^C\n")
                    state.pendingLines.removeAll()
                    continue
                }
                Terminal.write("\n")
                // Ctrl-D at `...> ` gives up the unfinished entry, not the session.
                if !state.pendingLines.isEmpty {
                    state.pendingLines.removeAll()
                    continue
                }
                return 0
            }
            if state.cancelRequested {
                state.cancelRequested = false
                state.pendingLines.removeAll()
                continue
            }
            var line = String(cString: raw)
            while line.last == "\n" || line.last == "\r" { line.removeLast() }
            if state.pendingLines.isEmpty, !line.contains(where: { !$0.isWhitespace }) { continue }
            state.pendingLines.append(line)
            let entry = state.pendingLines.joined(separator: "\n")

            if state.pendingLines.count == 1, let limit = HistoryCommand.parse(entry) {
                state.pendingLines.removeAll()
                history.add(entry)
                Terminal.write(HistoryCommand.listing(history.entries, last: limit))
                continue
            }

            let outcome = state.evaluate(entry)
            if outcome == .needsMoreInput { continue }
            state.pendingLines.removeAll()
            history.add(entry)
            state.showHistoryWarning()
            if case .quit(let status) = outcome { return status }
        }
    }

    private func configure(_ editor: OpaquePointer, state: EditorState) {
        // Unretained: `state` outlives the editor, which is ended before run() returns.
        cle_set_client_data(editor, unretainedContext(state))
        cle_set_prompt(editor) { editor in EditorState.of(editor)?.prompt }
        cle_set_editor(editor, "emacs")
        // libedit restores the terminal on fatal signals and chains to our SIGINT handler.
        cle_set_signal(editor, 1)
        cle_set_history(editor, history.handle)
        cle_add_function(editor, "tablelab-complete", "Complete the word before the cursor") { editor, _ in
            guard let editor, let state = EditorState.of(editor) else { return UInt8(CC_ERROR) }
            return state.complete(in: editor)
        }
        cle_bind(editor, "^I", "tablelab-complete")
        cle_add_function(editor, "tablelab-paste", "Insert a bracketed paste as text") { editor, _ in
            guard let editor, let state = EditorState.of(editor) else { return UInt8(CC_ERROR) }
            return state.paste(in: editor)
        }
        cle_bind(editor, "\\e[200~", "tablelab-paste")
        // Ctrl-C while editing arrives as a key, so that the entry can end below its
        // last line; while an entry runs the terminal is cooked again and Ctrl-C is SIGINT.
        // (libedit takes the tty's own `intr` character back, so `intr=` is not enough.)
        cle_set_edit_tty(editor, "-isig")
        cle_add_function(editor, "tablelab-suspend", "Suspend, as Ctrl-Z does in a shell") { _, _ in
            // libedit's SIGTSTP handling restores the terminal and takes it back on SIGCONT.
            kill(0, SIGTSTP)
            return UInt8(CC_REDISPLAY)
        }
        cle_bind(editor, "^Z", "tablelab-suspend")
        cle_add_function(editor, "tablelab-interrupt", "Drop the entry being typed") { editor, _ in
            guard let editor, let state = EditorState.of(editor) else { return UInt8(CC_ERROR) }
            return state.interruptKey(in: editor)
        }
        cle_bind(editor, "^C", "tablelab-interrupt")
        cle_add_function(editor, "tablelab-up", "Previous line of the entry, else older history") { editor, _ in
            guard let editor, let state = EditorState.of(editor) else { return UInt8(CC_ERROR) }
            return state.verticalMove(in: editor, up: true)
        }
        cle_add_function(editor, "tablelab-down", "Next line of the entry, else newer history") { editor, _ in
            guard let editor, let state = EditorState.of(editor) else { return UInt8(CC_ERROR) }
            return state.verticalMove(in: editor, up: false)
        }
        for key in ["\\e[A", "\\eOA"] { cle_bind(editor, key, "tablelab-up") }
        for key in ["\\e[B", "\\eOB"] { cle_bind(editor, key, "tablelab-down") }
        // What tablelab-up and tablelab-down push when they leave the entry's lines.
        cle_bind(editor, "^X^P", "ed-prev-history")
        cle_bind(editor, "^X^N", "ed-next-history")
        cle_add_function(editor, "tablelab-search", "Search the history backwards") { editor, _ in
            guard let editor, let state = EditorState.of(editor) else { return UInt8(CC_ERROR) }
            return state.reverseSearch(in: editor)
        }
        cle_bind(editor, "^R", "tablelab-search")
        if engine.wantsIdleChecks {
            // Keys are read through a reader that polls, so that the engine can look for
            // changes between keys; after it showed some, the reader hands libedit ^\
            // (CLE_REDRAW_KEY), bound here to draw the prompt and the line again.
            cle_set_idle_reader(editor, { context in
                guard let context else { return 0 }
                return object(fromUnretainedContext: context, as: EditorState.self).idle() ? 1 : 0
            }, unretainedContext(state), 250)
            cle_add_function(editor, "tablelab-redraw", "Draw the prompt and the line again") { _, _ in
                UInt8(CC_REDISPLAY)
            }
            cle_bind(editor, "^\\", "tablelab-redraw")
        }
        // After our bindings, so that the user's ~/.editrc (or $EDITRC) can override them.
        el_source(editor, nil)
    }
}

/// What the libedit callbacks need, reached through EL_CLIENTDATA (a C callback cannot
/// capture context).
final class EditorState {
    let engine: any SessionEngine
    let history: SessionHistory
    var pendingLines: [String] = []
    /// Set by Ctrl-C while editing: the line el_gets returns next is dropped.
    var cancelRequested = false
    /// While a paste or a search reads keys itself, nothing else may draw.
    var readingKeysItself = false
    private var shownHistoryWarning: String?
    /// The C string libedit shows; owned here, replaced when the text changes.
    private(set) var prompt: UnsafeMutablePointer<CChar>?
    private(set) var promptText = ""
    /// The line and cursor after a Tab that left several candidates: a second Tab on
    /// the same state lists them.
    private var ambiguousTabState: (line: [UInt8], cursor: Int)?

    init(engine: any SessionEngine, history: SessionHistory) {
        self.engine = engine
        self.history = history
    }

    deinit { free(prompt) }

    static func of(_ editor: OpaquePointer?) -> EditorState? {
        guard let editor, let data = cle_client_data(editor) else { return nil }
        return object(fromUnretainedContext: data, as: EditorState.self)
    }

    /// Shows a history problem once, when it first appears.
    func showHistoryWarning() {
        guard let warning = history.warning, warning != shownHistoryWarning else { return }
        shownHistoryWarning = warning
        Terminal.writeError("tablelab: \(warning)\n")
    }

    func refreshPrompt() {
        let text: String
        if !pendingLines.isEmpty {
            text = "...> "
        } else if let table = engine.currentTableName {
            text = "tablelab(\(table))> "
        } else {
            text = "tablelab> "
        }
        guard text != promptText || prompt == nil else { return }
        free(prompt)
        prompt = strdup(text)
        promptText = text
    }

    /// Between keys, when the engine watches something: shows its changes below the line
    /// being edited; true when it did (the line is then drawn again).
    func idle() -> Bool {
        guard !readingKeysItself, engine.hasChangesToShow() else { return false }
        Terminal.write("\n")
        engine.showChanges()
        fflush(nil)
        refreshPrompt()
        return true
    }

    /// Runs one entry with Ctrl-C routed to the engine.
    func evaluate(_ entry: String) -> SubmitOutcome {
        _ = cle_take_interrupt()
        cle_set_interrupt_hook({ context in
            guard let context else { return }
            object(fromUnretainedContext: context, as: EditorState.self).engine.interrupt()
        }, unretainedContext(self))
        let outcome = engine.submit(entry, isFinal: false)
        cle_clear_interrupt_hook()
        _ = cle_take_interrupt()
        fflush(nil)
        return outcome
    }

    /// The Tab key: first Tab inserts the unique candidate or the candidates' common
    /// prefix; a second Tab with nothing changed lists the candidates.
    func complete(in editor: OpaquePointer) -> UInt8 {
        guard let info = el_line(editor)?.pointee, let buffer = info.buffer else { return UInt8(CC_ERROR) }
        let beforeCount = info.cursor - buffer
        let lineCount = info.lastchar - buffer
        let line = buffer.withMemoryRebound(to: UInt8.self, capacity: lineCount) {
            Array(UnsafeBufferPointer(start: $0, count: lineCount))
        }
        let beforeCursor = String(decoding: line[..<beforeCount], as: UTF8.self)
        let context = pendingLines.isEmpty
            ? beforeCursor
            : pendingLines.joined(separator: "\n") + "\n" + beforeCursor
        let result = engine.completions(for: context)
        let candidates = CompletionText.unique(result.candidates)
        guard !candidates.isEmpty, beforeCursor.hasSuffix(result.partialWord) else {
            ambiguousTabState = nil
            return UInt8(CC_ERROR)
        }
        if candidates.count == 1 {
            ambiguousTabState = nil
            replace(result.partialWord, with: candidates[0], in: editor)
            return UInt8(CC_REFRESH)
        }
        let common = CompletionText.commonPrefix(of: candidates)
        if common.count > result.partialWord.count {
            replace(result.partialWord, with: common, in: editor)
            rememberAmbiguousState(of: editor)
            return UInt8(CC_REFRESH)
        }
        if let previous = ambiguousTabState, previous.line == line, previous.cursor == beforeCount {
            ambiguousTabState = nil
            let width = Terminal.width()
            let listing = CompletionText.columns(CompletionText.unique(result.listing), width: width)
            Terminal.write("\n" + listing.joined(separator: "\n") + "\n")
            return UInt8(CC_REDISPLAY)
        }
        ambiguousTabState = (line, beforeCount)
        return UInt8(CC_ERROR)
    }

    private func replace(_ partialWord: String, with replacement: String, in editor: OpaquePointer) {
        // libedit counts wide characters, i.e. Unicode scalars.
        if !partialWord.isEmpty { el_deletestr(editor, Int32(partialWord.unicodeScalars.count)) }
        el_insertstr(editor, replacement)
    }

    private func rememberAmbiguousState(of editor: OpaquePointer) {
        guard let info = el_line(editor)?.pointee, let buffer = info.buffer else { return }
        let count = info.lastchar - buffer
        let line = buffer.withMemoryRebound(to: UInt8.self, capacity: count) {
            Array(UnsafeBufferPointer(start: $0, count: count))
        }
        ambiguousTabState = (line, info.cursor - buffer)
    }
}
