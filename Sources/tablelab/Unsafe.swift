// The command line's unsafe code, all of it: its process-wide output buffer, with the
// invariant that makes sharing it safe.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TableLabInterpreter

/// Everything the command line prints on standard output goes through this one buffer
/// (the interpreter's `print`, the explorer's commands, `check`'s summary, `--help`), so
/// bytes go out exactly, in order, and the first write error is reported as coreutils
/// do (`tablelab: error: write error: No space left on device`, exit status 1). A
/// terminal gets every line as it is printed.
///
/// Not Sendable (a buffer being filled), shared by the command line's two threads: the
/// main thread writes it before `Driver.runOnLargeStack` starts the worker and after it
/// has joined it (`pthread_join` orders the worker's writes before), the worker while it
/// runs, and the main thread meanwhile only waits.
nonisolated(unsafe) let standardOutput: OutputBuffer = {
    let buffer = OutputBuffer(fileDescriptor: 1, isLineBuffered: isatty(1) != 0)
    buffer.onFailure = { error in
        writeStandardError("tablelab: error: write error: \(String(cString: strerror(error)))\n")
        exit(1)
    }
    return buffer
}()
