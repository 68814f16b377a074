// Small file and stream helpers on the C library: the command line stays free of
// Foundation so that start-up is only the Swift runtime's.
#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TableLabInterpreter
import TableLabFiles

/// Reads a whole file as UTF-8 (invalid bytes are repaired, as Swift's String(decoding:) does).
func readWholeFile(_ path: String) -> Result<String, ScriptReadError> {
    ScriptReading.bytes(ofFile: path).map { String(decoding: $0, as: UTF8.self) }
}

/// Reads standard input to its end (at most `ScriptReading.maximumBytes`).
func readStandardInput() -> Result<String, ScriptReadError> {
    ScriptReading.bytes(of: stdin, name: "standard input").map { String(decoding: $0, as: UTF8.self) }
}

/// Makes sure descriptors 0, 1 and 2 are open before anything else opens a file: a file
/// opened while one of them is closed would take its number, and `print` would write into
/// it (a `:save`'s temporary file, the history). A closed one is opened on /dev/null the
/// wrong way round (as gnulib's stdopen does), so that using it still fails: a closed
/// standard output is a write error, reported as one.
func openStandardDescriptors() {
    for descriptor: Int32 in 0...2 where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
        let opened = open("/dev/null", descriptor == 0 ? O_WRONLY : O_RDONLY)
        if opened >= 0 && opened != descriptor {
            dup2(opened, descriptor)
            close(opened)
        }
    }
}

// `standardOutput`, the one buffer, is in Unsafe.swift.

func writeStandardOutput(_ text: String) {
    standardOutput.write(text)
}

/// Standard output is flushed first, so that output and diagnostics interleave in the
/// order they happened (SPEC §2.5). Written with write(2): a NUL does not cut the text.
func writeStandardError(_ text: String) {
    standardOutput.flush()
    fflush(stdout)
    let bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
        let written = writeSome(2, bytes, from: offset)
        if written < 0 && errno == EINTR { continue }
        if written <= 0 { return }
        offset += written
    }
}

func isTerminal(_ fd: Int32) -> Bool { isatty(fd) != 0 }

func environment(_ name: String) -> String? {
    guard let v = getenv(name) else { return nil }
    return String(cString: v)
}

/// What `--watch` compares between polls: a change to any of them is a change to the file.
struct FileStamp: Equatable {
    var inode: UInt64
    var seconds: Int
    var nanoseconds: Int
    var size: Int64

    init?(path: String) {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        inode = UInt64(status.st_ino)
        #if canImport(Darwin)
        seconds = Int(status.st_mtimespec.tv_sec)
        nanoseconds = Int(status.st_mtimespec.tv_nsec)
        #else
        seconds = Int(status.st_mtim.tv_sec)
        nanoseconds = Int(status.st_mtim.tv_nsec)
        #endif
        size = Int64(status.st_size)
    }
}
