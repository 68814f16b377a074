// Finding the test files under the paths given to `tablelab test`, and the small file
// operations the runner needs, on the C library (the command line stays free of Foundation).
#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TableLabFiles

/// A `.tlab` file to consider, with the path the report shows.
struct TestFile: Equatable {
    /// The path as the user would type it from where `tablelab test` runs.
    var path: String
    /// Named on the command line (not found by walking a folder): it is a test even when
    /// it states nothing, and `--update` may give it a first snapshot.
    var named: Bool

    /// The folder the child runs in, and the name it is given there.
    var folder: String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let head = path[..<slash]
        return head.isEmpty ? "/" : String(head)
    }
    var fileName: String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }
    /// `NAME.expected` beside `NAME.tlab`.
    var snapshotPath: String {
        (path.hasSuffix(".tlab") ? String(path.dropLast(".tlab".count)) : path) + ".expected"
    }
}

enum TestFiles {
    enum Kind { case file, directory, missing(Int32) }

    static func kind(of path: String) -> Kind {
        var info = stat()
        guard stat(path, &info) == 0 else { return .missing(errno) }
        return (info.st_mode & S_IFMT) == S_IFDIR ? .directory : .file
    }

    /// Every `.tlab` below `root`, sorted by path; folders whose name starts with `.`
    /// (`.build`, `.git`) are skipped, and symbolic links to folders are not followed.
    static func walk(_ root: String) -> [String] {
        var found: [String] = []
        var pending = [root]
        while let folder = pending.popLast() {
            guard let dir = opendir(folder) else { continue }
            defer { closedir(dir) }
            while let entry = readdir(dir) {
                let name = directoryEntryName(entry)
                if name.hasPrefix(".") { continue }
                let path = folder == "." ? name : (folder.hasSuffix("/") ? folder + name : folder + "/" + name)
                var info = stat()
                guard lstat(path, &info) == 0 else { continue }
                switch info.st_mode & S_IFMT {
                case S_IFDIR: pending.append(path)
                case S_IFREG, S_IFLNK: if name.hasSuffix(".tlab") { found.append(path) }
                default: break
                }
            }
        }
        return found.sorted()
    }

    /// Writes `text` to `path` through a temporary file and a rename, so that an
    /// interrupted update never leaves half a snapshot. Returns why not, or nil.
    static func write(_ text: String, to path: String) -> FileProblem? {
        let temporary = path + ".tablelab-tmp"
        guard let f = fopen(temporary, "wb") else { return .cannotWrite(path: path, .system(.current)) }
        let bytes = Array(text.utf8)
        let written = writeBytes(bytes, to: f)
        let closed = fclose(f)
        guard written == bytes.count, closed == 0, rename(temporary, path) == 0 else {
            let reason = SystemError.current
            unlink(temporary)
            return .cannotWrite(path: path, .system(reason))
        }
        return nil
    }
}
