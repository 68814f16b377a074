#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The width the renderer should fit: what the user's terminal shows.
public enum TerminalSize {
    /// Used when neither COLUMNS nor the terminal says (output piped to a file, CI logs).
    public static let fallbackColumns = 80

    /// The terminal's width in columns: `COLUMNS` when set to a positive number (the user's
    /// explicit choice wins), else the size of the terminal on standard output, else 80.
    public static func columns() -> Int {
        if let value = getenv("COLUMNS"), let columns = Int(String(cString: value)), columns > 0 {
            return columns
        }
        var size = winsize()
        if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 {
            return Int(size.ws_col)
        }
        return fallbackColumns
    }

    /// True when standard output is a terminal.
    public static func isStandardOutputTerminal() -> Bool {
        isatty(STDOUT_FILENO) == 1
    }
}
