// Small file and stream helpers on the C library: the command line stays free of
// Foundation so that start-up is only the Swift runtime's.
#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TableLabLanguage

/// Reads a whole file as UTF-8 (invalid bytes are repaired, as Swift's String(decoding:) does).
func readWholeFile(_ path: String) -> Result<String, ScriptReadError> {
    ScriptReading.bytes(ofFile: path).map { String(decoding: $0, as: UTF8.self) }
}

/// Reads standard input to its end (at most `ScriptReading.maximumBytes`).
func readStandardInput() -> Result<String, ScriptReadError> {
    ScriptReading.bytes(of: stdin, name: "standard input").map { String(decoding: $0, as: UTF8.self) }
}

func writeStandardOutput(_ text: String) {
    fputs(text, stdout)
}

/// Standard output is flushed first, so that output and diagnostics interleave in the
/// order they happened (SPEC §2.5).
func writeStandardError(_ text: String) {
    fflush(stdout)
    fputs(text, stderr)
    fflush(stderr)
}

func isTerminal(_ fd: Int32) -> Bool { isatty(fd) != 0 }

func environment(_ name: String) -> String? {
    guard let v = getenv(name) else { return nil }
    return String(cString: v)
}
