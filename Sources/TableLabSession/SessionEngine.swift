/// What the session asks of the language engine behind it (the interpreter with the
/// table simulator). The session owns the terminal, the line editor and the history;
/// the engine owns parsing, running, output and completion knowledge.
///
/// All methods except ``interrupt()`` are called on the thread that calls `run()`.
public protocol SessionEngine: AnyObject {
    /// An error was reported without stopping (`:check` found errors): piped input ends
    /// with status 1 (default: never).
    var errorsReported: Bool { get }

    /// Parses and, when complete, runs one entry.
    ///
    /// `text` is the entry so far: its lines joined by `"\n"`, without a final newline.
    /// When the parser fails only with "unexpected end of input" (an open `{ ( [` or
    /// `"""`, an unfinished statement) and `isFinal` is false, the engine runs nothing
    /// and answers ``SubmitOutcome/needsMoreInput``; the session then reads another line
    /// and calls again with the longer text. With `isFinal` true (end of input reached)
    /// the engine must not answer `needsMoreInput`: it reports the error.
    ///
    /// The engine writes results to standard output and diagnostics to standard error
    /// itself; the session flushes standard output after each call.
    func submit(_ text: String, isFinal: Bool) -> SubmitOutcome

    /// The current table's name, shown in the prompt as `tablelab(Name)> `; nil shows
    /// `tablelab> `.
    var currentTableName: String? { get }

    /// Completion candidates at the cursor. `textBeforeCursor` is the whole entry so far
    /// (earlier lines of an unfinished entry joined by `"\n"`, then the current line up
    /// to the cursor), so the engine can see context such as `switch item {`.
    func completions(for textBeforeCursor: String) -> Completions

    /// Asks a running ``submit(_:isFinal:)`` to stop at its next check and return to the
    /// prompt with earlier state intact. Called from the SIGINT handler while an entry
    /// runs, so it must be async-signal-safe: store to an atomic flag and nothing else
    /// (no allocation, no locks, no printing). It can arrive just after a submit
    /// returned, so clear the flag when a submit starts.
    func interrupt()

    /// True when the engine has something to check while the line editor waits for a
    /// key (`--watch`); then ``hasChangesToShow()`` is called about four times a second.
    var wantsIdleChecks: Bool { get }

    /// Cheap: whether ``showChanges()`` has something to show now.
    func hasChangesToShow() -> Bool

    /// Shows what changed (the session has moved to a fresh line; it redraws the prompt
    /// and the line being edited afterwards).
    func showChanges()
}

extension SessionEngine {
    public var wantsIdleChecks: Bool { false }
    public func hasChangesToShow() -> Bool { false }
    public func showChanges() {}
}

/// How one ``SessionEngine/submit(_:isFinal:)`` ended.
public enum SubmitOutcome: Equatable, Sendable {
    /// The entry is incomplete: read another line and submit the longer text.
    case needsMoreInput
    /// The entry ran to its end (or was empty).
    case completed
    /// The entry stopped with an error (already reported) or was interrupted.
    /// The interactive session carries on; piped input stops with status 1.
    case failed
    /// The entry asked to leave (`:quit`), with this exit status.
    case quit(status: Int32)
}

/// Completion candidates for the word before the cursor.
public struct Completions: Equatable, Sendable {
    /// The partial word just before the cursor that each candidate replaces, e.g. `it`
    /// in `sections[0].it` or `:sh` in `:sh`. Empty when completing from nothing.
    public var partialWord: String
    /// Full replacements for `partialWord`, e.g. `items`; the session inserts them as
    /// they are (add a trailing space or `/` in the candidate if one is wanted).
    public var candidates: [String]
    /// What the second Tab lists, in this order; the candidates when not given (it may
    /// differ: a function is inserted by name and listed with its argument labels).
    public var listing: [String]

    public init(partialWord: String, candidates: [String], listing: [String]? = nil) {
        self.partialWord = partialWord
        self.candidates = candidates
        self.listing = listing ?? candidates
    }

    /// No candidates.
    public static let none = Completions(partialWord: "", candidates: [])
}

extension SessionEngine {
    public var errorsReported: Bool { false }
}
