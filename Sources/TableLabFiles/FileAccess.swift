// Reading scripts for `:load`, and replacing a file atomically for `:save` and the
// session's history: a new temporary file beside the target, then rename(2), so a crash
// never leaves half a file behind.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

public enum FileAccess {
    package enum ReadResult {
        case success(String)
        case failure(FileProblem)
    }

    package static func read(_ path: String) -> ReadResult {
        let bytes: [UInt8]
        switch ScriptReading.bytes(ofFile: path) {
        case .success(let b): bytes = b
        case .failure(let e): return .failure(e.problem)
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            return .failure(.notUTF8(path: path))
        }
        return .success(text)
    }

    /// The names in the directory at `path` (without `.` and `..`), sorted; nil when it is
    /// no directory that can be read.
    package static func directoryEntries(_ path: String) -> [String]? {
        guard let dir = opendir(path) else { return nil }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = directoryEntryName(entry)
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }

    /// Writes `text` as the file at `path` (see ``replaceFile(at:mode:writing:)``; an existing
    /// file keeps its mode). nil on success, else why not.
    package static func writeAtomically(_ text: String, to path: String) -> FileProblem? {
        let bytes = Array(text.utf8)
        let refusal = replacingFile(at: path, mode: nil) { descriptor in
            writeAll(bytes, to: descriptor)
        }
        return refusal.map { .cannotWrite(path: path, $0) }
    }

    /// Writes all of `bytes` (retrying interrupted and short writes); 0 or the errno.
    public static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Int32 {
        var offset = 0
        while offset < bytes.count {
            let n = writeSome(descriptor, bytes, from: offset)
            if n > 0 { offset += n; continue }
            if n < 0 && errno == EINTR { continue }
            return n < 0 ? errno : EIO
        }
        return 0
    }

    /// Replaces the file at `path` with what `body` writes to the descriptor it is given
    /// (it returns 0, or the errno of what failed), or creates it. nil on success, else the
    /// reason, e.g. `No space left on device`, `File too large`.
    ///
    /// - The new content goes into a temporary file created with mkstemp (O_CREAT|O_EXCL,
    ///   so a symlink planted at its name is never followed) in the target's own folder,
    ///   then is fsync'ed and renamed onto the target. On failure, or when SIGHUP, SIGINT,
    ///   SIGQUIT or SIGTERM ends the process meanwhile, the temporary file is removed.
    /// - Only a regular file (or nothing) is replaced: a FIFO, a device, a directory or a
    ///   socket at `path` is refused and left as it is.
    /// - A symbolic link at `path` itself, which the user named, is followed as editors
    ///   follow it (vim, Emacs, nano): its target is replaced, in the target's folder, and
    ///   the link stays a link. Its target must be an existing regular file: a dangling
    ///   link is refused, so a save never creates a file at a place the user did not name.
    /// - `mode` nil keeps an existing file's permission bits (and, where allowed, its
    ///   owner and group); a new file gets 0666 less the umask, as `fopen` would give it.
    ///   A given `mode` is used in every case (the history is always 0600). A file with
    ///   other hard links becomes a file of its own (as with `sed -i`): rename(2) replaces
    ///   one name.
    public static func replaceFile(at path: String, mode: mode_t?, writing body: (Int32) -> Int32) -> String? {
        replacingFile(at: path, mode: mode, writing: body)?.description
    }

    /// ``replaceFile(at:mode:writing:)``, saying why not as data.
    public static func replacingFile(at path: String, mode: mode_t?, writing body: (Int32) -> Int32) -> WriteRefusal? {
        var target = path
        var existing: stat?
        var info = stat()
        if lstat(path, &info) != 0 {
            guard errno == ENOENT else { return .system(.current) }
        } else if (info.st_mode & S_IFMT) == S_IFLNK {
            guard let resolved = realpath(path, nil) else {
                var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
                let length = readlink(path, &buffer, buffer.count - 1)
                let destination = length > 0
                    ? String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self) : "?"
                return .danglingLink(destination: destination)
            }
            target = String(cString: resolved)
            free(resolved)
            guard stat(target, &info) == 0 else { return .system(.current) }
            guard (info.st_mode & S_IFMT) == S_IFREG else {
                return .linkToNonRegularFile(kind: kind(of: info.st_mode))
            }
            existing = info
        } else {
            guard (info.st_mode & S_IFMT) == S_IFREG else { return .notRegularFile(kind: kind(of: info.st_mode)) }
            existing = info
        }

        let descriptor = TemporaryFile.create(temporaryTemplate(for: target))
        guard descriptor >= 0 else { return .system(.current) }

        var error = body(descriptor)
        if error == 0 {
            var finalMode: mode_t
            if let mode {
                finalMode = mode
            } else if let existing {
                finalMode = existing.st_mode & 0o7777
                var created = stat()
                if fstat(descriptor, &created) == 0,
                   created.st_uid != existing.st_uid || created.st_gid != existing.st_gid,
                   fchown(descriptor, existing.st_uid, existing.st_gid) != 0 {
                    finalMode &= ~(S_ISUID | S_ISGID) // never hand set-id bits to another owner
                }
            } else {
                let mask = umask(0o022)
                umask(mask)
                finalMode = 0o666 & ~mask
            }
            if fchmod(descriptor, finalMode) != 0 || fsync(descriptor) != 0 { error = errno }
        }
        if close(descriptor) != 0 && error == 0 && errno != EINTR { error = errno }
        guard error == 0 else {
            TemporaryFile.discard()
            return .system(SystemError(error))
        }
        guard TemporaryFile.commit(to: target) == 0 else { return .system(.current) }
        return nil
    }

    /// `DIR/.NAME.XXXXXX` beside `target` (mkstemp fills in the Xs); the name is shortened
    /// so that it stays a valid file name however long NAME is.
    static func temporaryTemplate(for target: String) -> String {
        let slash = target.lastIndex(of: "/")
        let directory = slash.map { String(target[...$0]) } ?? ""
        var name = slash.map { String(target[target.index(after: $0)...]) } ?? target
        while name.utf8.count > 200 { name.removeLast() }
        return directory + "." + name + ".XXXXXX"
    }

    /// `a FIFO`, `a directory`...: what a path is, for a refusal.
    static func kind(of mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFDIR: return "a directory"
        case S_IFIFO: return "a FIFO"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFSOCK: return "a socket"
        case S_IFLNK: return "a symbolic link"
        default: return "an unknown kind of file"
        }
    }

    /// Entries of a directory (for completing `:load`), nil when it cannot be read.
    package static func entries(of directory: String) -> [(name: String, isDirectory: Bool)]? {
        guard let dir = opendir(directory.isEmpty ? "." : directory) else { return nil }
        defer { closedir(dir) }
        var out: [(String, Bool)] = []
        while let entry = readdir(dir) {
            let name = directoryEntryName(entry)
            if name == "." || name == ".." { continue }
            var info = stat()
            let full = (directory.isEmpty ? "" : directory) + name
            let isDirectory = stat(full, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
            out.append((name, isDirectory))
        }
        return out.sorted { $0.0 < $1.0 }
    }
}

// `TemporaryFile`, the signal handler's raw memory, is in Unsafe.swift.
