import Glibc
import TableLabFiles

/// The session when standard input or output is not a terminal: no line editor, no
/// banner, no prompt. Lines are read plainly and each complete entry runs as soon as the
/// engine says it is complete (SPEC §2.5); at the end of input an unfinished entry is
/// submitted as final, so the engine reports it.
public struct PlainSession {
    public let engine: any SessionEngine
    /// Stop at the first failed entry with status 1, as a script does (piped input is
    /// run like a script); when false, carry on and end with status 1.
    public let stopOnError: Bool
    private let inputDescriptor: Int32

    public init(engine: any SessionEngine, stopOnError: Bool = true, inputDescriptor: Int32 = 0) {
        self.engine = engine
        self.stopOnError = stopOnError
        self.inputDescriptor = inputDescriptor
    }

    /// Runs to the end of input or an entry that quits; returns the exit status.
    public func run() -> Int32 {
        var reader = LineReader(descriptor: inputDescriptor)
        var pending: [String] = []
        var status: Int32 = 0
        while let line = reader.nextLine() {
            if pending.isEmpty, !line.contains(where: { !$0.isWhitespace }) { continue }
            pending.append(line)
            let outcome = engine.submit(pending.joined(separator: "\n"), isFinal: false)
            fflush(nil)
            switch outcome {
            case .needsMoreInput:
                continue
            case .completed:
                break
            case .failed:
                if stopOnError { return 1 }
                status = 1
            case .quit(let exitStatus):
                return exitStatus
            }
            pending.removeAll()
        }
        if engine.errorsReported { status = 1 }
        guard !pending.isEmpty else { return status }
        let outcome = engine.submit(pending.joined(separator: "\n"), isFinal: true)
        fflush(nil)
        switch outcome {
        case .completed: return engine.errorsReported ? 1 : status
        case .failed, .needsMoreInput: return 1
        case .quit(let exitStatus): return exitStatus
        }
    }
}

/// Lines from a file descriptor, without their `\n` (or `\r\n`); a last line without a
/// newline still counts.
struct LineReader {
    private let descriptor: Int32
    private var buffer: [UInt8] = []
    private var start = 0
    private var atEnd = false

    init(descriptor: Int32) { self.descriptor = descriptor }

    mutating func nextLine() -> String? {
        while true {
            if let newline = buffer[start...].firstIndex(of: UInt8(ascii: "\n")) {
                var end = newline
                if end > start, buffer[end - 1] == UInt8(ascii: "\r") { end -= 1 }
                let line = String(decoding: buffer[start..<end], as: UTF8.self)
                start = newline + 1
                return line
            }
            if atEnd {
                guard start < buffer.count else { return nil }
                let line = String(decoding: buffer[start...], as: UTF8.self)
                start = buffer.count
                return line
            }
            if start > 0 {
                buffer.removeSubrange(..<start)
                start = 0
            }
            var chunk = [UInt8](repeating: 0, count: 65_536)
            let count = readSome(descriptor, into: &chunk, count: chunk.count)
            if count < 0, errno == EINTR { continue }
            if count <= 0 { atEnd = true; continue }
            buffer.append(contentsOf: chunk[..<count])
        }
    }
}
