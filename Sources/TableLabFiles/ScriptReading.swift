// Reading a script with a size limit, so that `tablelab /dev/zero` is an error and not an
// allocation failure.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reading a script file (`tablelab FILE`, `check`, `:load`) with a size limit: a regular
/// file over it is refused before anything is read, anything else (a pipe, a device such
/// as /dev/zero) is read up to the limit and refused past it.
public enum ScriptReading {
    public static let maximumBytes = 16 << 20

    public static var limitDescription: String {
        "TableLab reads scripts of at most \(ByteCount.describe(maximumBytes))"
    }

    /// The bytes of the file at `path`, or the message saying why not.
    public static func bytes(ofFile path: String) -> Result<[UInt8], ScriptReadError> {
        guard let handle = fopen(path, "rb") else {
            return .failure(ScriptReadError(.cannotOpen(path: path, .current)))
        }
        defer { fclose(handle) }
        var info = stat()
        if fstat(fileno(handle), &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, Int(info.st_size) > maximumBytes {
            return .failure(ScriptReadError(.tooLarge(name: "'\(path)'", size: Int(info.st_size))))
        }
        return bytes(of: handle, name: "'\(path)'")
    }

    /// The bytes of an open stream up to its end (standard input), or why not.
    public static func bytes(of handle: UnsafeMutablePointer<FILE>, name: String) -> Result<[UInt8], ScriptReadError> {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = fread(&chunk, 1, chunk.count, handle)
            if n > 0 {
                if bytes.count + n > maximumBytes {
                    return .failure(ScriptReadError(.tooLarge(name: name, size: nil)))
                }
                bytes.append(contentsOf: chunk[0..<n])
            }
            if n < chunk.count {
                if ferror(handle) != 0 { return .failure(ScriptReadError(.cannotRead(name: name, .current))) }
                return .success(bytes)
            }
        }
    }
}

public struct ScriptReadError: Error {
    public let problem: FileProblem
    init(_ problem: FileProblem) { self.problem = problem }
    public var message: String { problem.description }
}

/// Sizes in bytes as people read them: `512 bytes`, `16 MiB`, `1.5 GiB`.
public enum ByteCount {
    public static func describe(_ bytes: Int) -> String {
        let units = ["KiB", "MiB", "GiB", "TiB", "PiB", "EiB"]
        if bytes < 1024 { return "\(bytes) bytes" }
        var value = Double(bytes)
        var unit = -1
        while value >= 1024, unit < units.count - 1 { value /= 1024; unit += 1 }
        let tenths = (value * 10).rounded() / 10
        let text = tenths == tenths.rounded() ? String(Int(tenths)) : String(tenths)
        return "\(text) \(units[unit])"
    }
}
