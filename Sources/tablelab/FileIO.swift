// Small file and stream helpers on the C library: the command line stays free of
// Foundation so that start-up is only the Swift runtime's.
#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a whole file as UTF-8 (invalid bytes are repaired, as Swift's String(decoding:) does).
func readWholeFile(_ path: String) -> Result<String, ReadError> {
    guard let f = fopen(path, "rb") else { return .failure(ReadError(path: path, errno: errno)) }
    defer { fclose(f) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
        let n = fread(&chunk, 1, chunk.count, f)
        if n > 0 { bytes.append(contentsOf: chunk[0..<n]) }
        if n < chunk.count {
            if ferror(f) != 0 { return .failure(ReadError(path: path, errno: errno)) }
            break
        }
    }
    return .success(String(decoding: bytes, as: UTF8.self))
}

/// Reads standard input to its end.
func readStandardInput() -> String {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
        let n = fread(&chunk, 1, chunk.count, stdin)
        if n > 0 { bytes.append(contentsOf: chunk[0..<n]) }
        if n < chunk.count { break }
    }
    return String(decoding: bytes, as: UTF8.self)
}

struct ReadError: Error {
    var path: String
    var errno: Int32
    var message: String {
        let reason = String(cString: strerror(errno))
        return "cannot open '\(path)': \(reason)"
    }
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
