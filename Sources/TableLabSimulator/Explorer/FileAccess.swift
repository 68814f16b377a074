// Reading scripts for `:load` and writing `:save`'s file atomically (a temporary file in
// the same directory, then rename(2): a crash never leaves half a script behind).
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TableLabLanguage

enum FileAccess {
    enum ReadResult {
        case success(String)
        case failure(String)
    }

    static func read(_ path: String) -> ReadResult {
        let bytes: [UInt8]
        switch ScriptReading.bytes(ofFile: path) {
        case .success(let b): bytes = b
        case .failure(let e): return .failure(e.message)
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            return .failure("'\(path)' is not UTF-8 text")
        }
        return .success(text)
    }

    /// nil on success, else the reason.
    static func writeAtomically(_ text: String, to path: String) -> String? {
        let temporary = path + ".tablelab-\(getpid()).tmp"
        guard let handle = fopen(temporary, "wb") else {
            return "cannot write '\(path)': \(String(cString: strerror(errno)))"
        }
        let bytes = Array(text.utf8)
        let written = bytes.withUnsafeBufferPointer { fwrite($0.baseAddress, 1, $0.count, handle) }
        let flushed = fflush(handle) == 0 && fsync(fileno(handle)) == 0
        fclose(handle)
        guard written == bytes.count, flushed else {
            unlink(temporary)
            return "cannot write '\(path)': \(String(cString: strerror(errno)))"
        }
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            return "cannot write '\(path)': \(reason)"
        }
        return nil
    }

    /// Entries of a directory (for completing `:load`), nil when it cannot be read.
    static func entries(of directory: String) -> [(name: String, isDirectory: Bool)]? {
        guard let dir = opendir(directory.isEmpty ? "." : directory) else { return nil }
        defer { closedir(dir) }
        var out: [(String, Bool)] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(cString: raw.bindMemory(to: CChar.self).baseAddress!)
            }
            if name == "." || name == ".." { continue }
            var info = stat()
            let full = (directory.isEmpty ? "" : directory) + name
            let isDirectory = stat(full, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
            out.append((name, isDirectory))
        }
        return out.sorted { $0.0 < $1.0 }
    }
}
