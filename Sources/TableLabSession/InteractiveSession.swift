import Glibc

/// Chooses the front end: the line editor when standard input and standard output are
/// both terminals, else plain line reading (SPEC §1, §6).
public enum InteractiveSession {
    /// True when the line editor should be used.
    public static var isTerminal: Bool { isatty(0) != 0 && isatty(1) != 0 }

    /// Runs the session that fits standard input and output; returns the exit status.
    /// `historyPath` defaults to ``SessionHistory/defaultPath(environment:)``.
    public static func run(engine: any SessionEngine, version: String,
                           historyPath: String?? = nil) -> Int32 {
        guard isTerminal else { return PlainSession(engine: engine).run() }
        let path = historyPath ?? SessionHistory.defaultPath()
        return LineEditorSession(engine: engine, version: version,
                                 history: SessionHistory(path: path)).run()
    }
}
