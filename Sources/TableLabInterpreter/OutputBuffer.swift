// Buffered output to a file descriptor, written with write(2): bytes go out exactly
// (a NUL in a string is written like any other byte, unlike fputs), interrupted writes
// are retried, and the first failed write is kept so that the owner can report it.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TableLabFiles

/// One buffered output stream. Each ``Interpreter`` has its own (``Interpreter/standardOutput``);
/// the command line hands one to its interpreter so that everything it prints shares it.
/// Not thread-safe: write from one thread at a time.
public final class OutputBuffer {
    /// Where the bytes go.
    public let fileDescriptor: Int32
    /// Flush at every newline (for a terminal, as C stdio does), else when `capacity` fills.
    public var isLineBuffered: Bool
    /// The `errno` of the first failed write; after it, output is dropped.
    public private(set) var failure: Int32?
    /// Called once, on the first failed write, with its `errno`.
    public var onFailure: ((Int32) -> Void)?

    private let capacity: Int
    private var bytes: [UInt8] = []

    public init(fileDescriptor: Int32 = 1, isLineBuffered: Bool = false, capacity: Int = 1 << 16) {
        self.fileDescriptor = fileDescriptor
        self.isLineBuffered = isLineBuffered
        self.capacity = capacity
        bytes.reserveCapacity(min(capacity, 1 << 12))
    }

    deinit { flush() }

    public func write(_ text: String) {
        guard failure == nil else { return }
        bytes.append(contentsOf: text.utf8)
        if bytes.count >= capacity || (isLineBuffered && text.utf8.contains(0x0A)) { flush() }
    }

    /// Writes out what is buffered; false when a write failed (now or before).
    @discardableResult
    public func flush() -> Bool {
        guard failure == nil else {
            bytes.removeAll()
            return false
        }
        guard !bytes.isEmpty else { return true }
        let error = FileAccess.writeAll(bytes, to: fileDescriptor)
        bytes.removeAll(keepingCapacity: bytes.capacity <= capacity * 2)
        guard error == 0 else {
            failure = error
            onFailure?(error)
            return false
        }
        return true
    }
}
