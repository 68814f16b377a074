// Why a file could not be read or written, as data: the path, what was being done, and
// the system's error number. The layers above carry these values in their messages; the
// words are made here, once, and the system's own part is strerror's text for the number.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An error number from the system (errno), shown in the system's words.
public struct SystemError: Hashable, Sendable, CustomStringConvertible {
    public let number: Int32
    public init(_ number: Int32) { self.number = number }
    /// The current `errno`.
    public static var current: SystemError { SystemError(errno) }
    /// strerror's text: the operating system's, not TableLab's.
    public var description: String { String(cString: strerror(number)) }
}

/// Why a file was not replaced (FileAccess.replaceFile).
public enum WriteRefusal: Hashable, Sendable, CustomStringConvertible {
    case system(SystemError)
    /// A symbolic link whose target does not exist.
    case danglingLink(destination: String)
    /// A symbolic link to something that is no regular file (`kind`: "a directory", ...).
    case linkToNonRegularFile(kind: String)
    /// Something that is no regular file.
    case notRegularFile(kind: String)

    public var description: String {
        switch self {
        case .system(let error): return error.description
        case .danglingLink(let destination): return "it is a symbolic link to '\(destination)', which does not exist"
        case .linkToNonRegularFile(let kind): return "it is a symbolic link to \(kind), not a regular file"
        case .notRegularFile(let kind): return "it is \(kind), not a regular file"
        }
    }
}

/// Why a script or another file could not be read or written.
public enum FileProblem: Error, Hashable, Sendable, CustomStringConvertible {
    case cannotOpen(path: String, SystemError)
    /// `name` is the quoted path or "standard input"; `size` is known for a regular file.
    case tooLarge(name: String, size: Int?)
    case cannotRead(name: String, SystemError)
    case notUTF8(path: String)
    case cannotWrite(path: String, WriteRefusal)
    case cannotCreateFolder(path: String, SystemError)

    public var description: String {
        switch self {
        case .cannotOpen(let path, let error): return "cannot open '\(path)': \(error)"
        case .tooLarge(let name, let size?):
            return "cannot read \(name): file too large (\(ByteCount.describe(size)); \(ScriptReading.limitDescription))"
        case .tooLarge(let name, nil): return "cannot read \(name): file too large (\(ScriptReading.limitDescription))"
        case .cannotRead(let name, let error): return "cannot read \(name): \(error)"
        case .notUTF8(let path): return "'\(path)' is not UTF-8 text"
        case .cannotWrite(let path, let refusal): return "cannot write '\(path)': \(refusal)"
        case .cannotCreateFolder(let path, let error): return "cannot create the folder '\(path)': \(error)"
        }
    }
}
