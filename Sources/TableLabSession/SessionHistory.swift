import TableLabFiles
import CLineEditor
import Glibc

/// The persistent history of entries: libedit's history list, loaded from and saved to
/// one file in libedit's own format.
///
/// One complete entry is one item, even when it spans several lines. Consecutive
/// duplicates are dropped and at most ``capacity`` items are kept (the oldest go first).
/// The file is rewritten after every added entry through a temporary file and a rename,
/// so a session that is killed loses nothing it already ran and never leaves half a file.
public final class SessionHistory {
    /// The most items kept.
    public static let defaultCapacity = 1_000

    /// The file backing the history; nil keeps it in memory only.
    public let path: String?
    /// A problem met while loading or saving, for the session to show once.
    public private(set) var warning: String?

    /// libedit's `History *`, handed to the line editor for up-arrow and Ctrl-R.
    let handle: OpaquePointer
    private var savingEnabled: Bool

    /// Loads the history at `path` (a missing file is an empty history).
    public init(path: String?, capacity: Int = SessionHistory.defaultCapacity) {
        guard let handle = history_init() else { fatalError("libedit: history_init failed") }
        self.handle = handle
        self.path = path
        self.savingEnabled = path != nil
        cle_history_set_size(handle, Int32(capacity))
        cle_history_set_unique(handle, 1)
        var status = stat()
        if let path, stat(path, &status) == 0, status.st_size > 0, cle_history_load(handle, path) < 0 {
            // Not a libedit history (e.g. GNU readline's): saving would replace it with ours.
            savingEnabled = false
            warning = "cannot read history file \(path); this session's history will not be saved"
        }
    }

    deinit { history_end(handle) }

    /// The items, oldest first.
    public var entries: [String] {
        var result: [String] = []
        var item = cle_history_oldest(handle)
        while let pointer = item {
            result.append(String(cString: pointer))
            item = cle_history_newer(handle)
        }
        return result
    }

    /// Adds one entry (trailing newlines dropped; a blank entry is ignored) and rewrites
    /// the file. A repeat of the newest item is not added again.
    public func add(_ entry: String) {
        var text = Substring(entry)
        while text.last == "\n" || text.last == "\r" { text.removeLast() }
        guard text.contains(where: { !$0.isWhitespace }) else { return }
        cle_history_enter(handle, String(text))
        save()
    }

    /// Writes the file atomically: a temporary file beside it (created with mkstemp, so a
    /// symlink planted at a predictable name is never followed), then `rename`; see
    /// ``FileAccess/replaceFile(at:mode:writing:)``. The file is always private (0600):
    /// history can hold secrets typed at the prompt.
    @discardableResult
    public func save() -> Bool {
        guard savingEnabled, let path else { return false }
        SessionHistory.makeParentDirectory(of: path)
        let failure = FileAccess.replaceFile(at: path, mode: 0o600) { descriptor in
            let copy = dup(descriptor)
            guard copy >= 0, let stream = fdopen(copy, "w") else {
                let error = errno
                if copy >= 0 { close(copy) }
                return error
            }
            errno = 0
            let saved = cle_history_save_fp(handle, stream)
            var error = saved < 0 ? (errno != 0 ? errno : EIO) : 0
            if fflush(stream) != 0 && error == 0 { error = errno }
            if fclose(stream) != 0 && error == 0 { error = errno }
            return error
        }
        if let failure {
            disableSaving("cannot write history file \(path): \(failure)")
            return false
        }
        return true
    }

    private func disableSaving(_ message: String) {
        savingEnabled = false
        warning = message
    }

    /// `$XDG_STATE_HOME/tablelab/history` when XDG_STATE_HOME is an absolute path, else
    /// `~/.tablelab_history`; nil when there is no home directory either.
    public static func defaultPath(environment: (String) -> String? = SessionHistory.processEnvironment) -> String? {
        if let state = environment("XDG_STATE_HOME"), state.hasPrefix("/") {
            return state + (state.hasSuffix("/") ? "" : "/") + "tablelab/history"
        }
        var home = environment("HOME").flatMap { $0.isEmpty ? nil : $0 }
        if home == nil, let entry = getpwuid(getuid()), let directory = entry.pointee.pw_dir {
            home = String(cString: directory)
        }
        guard let home else { return nil }
        return home + (home.hasSuffix("/") ? "" : "/") + ".tablelab_history"
    }

    /// Reads one variable of this process's environment.
    public static func processEnvironment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    /// `mkdir -p` of the file's folder, private to the user as the XDG spec asks.
    private static func makeParentDirectory(of path: String) {
        guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return }
        let directory = String(path[..<slash])
        if access(directory, F_OK) == 0 { return }
        var prefix = directory.hasPrefix("/") ? "" : "."
        for component in directory.split(separator: "/", omittingEmptySubsequences: true) {
            prefix += "/" + component
            if access(prefix, F_OK) != 0 { mkdir(prefix, 0o700) }
        }
    }
}
