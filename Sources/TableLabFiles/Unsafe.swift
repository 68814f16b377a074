// The unsafe pointers of the C interface, for every module: each helper takes and gives
// Swift values and keeps its pointer inside its own body, where the invariant written
// beside it holds. Code elsewhere calls these instead of `withUnsafe…`, `Unmanaged` or
// `unsafeBitCast` (the interpreter's own uncounted references and addresses are in
// TableLabInterpreter/Unsafe.swift). Also here: `TemporaryFile`, whose signal handler
// reads process-wide raw memory (`nonisolated(unsafe)`), with the invariant that makes it safe.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: Reading and writing descriptors

/// One read(2) of at most `count` bytes into the start of `buffer`; read's result (the
/// bytes read, 0 at the end, -1 with errno set). Safe: the pointer is the buffer's own,
/// used only during the call, and `count` is checked against the buffer's size.
package func readSome(_ descriptor: Int32, into buffer: inout [UInt8], count: Int) -> Int {
    precondition(count <= buffer.count, "read past the buffer")
    return buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, count) }
}

/// One write(2) of `bytes[offset...]`; write's result. Safe: the pointer is the array's
/// own, used only during the call, and `offset` is checked against its size.
package func writeSome(_ descriptor: Int32, _ bytes: [UInt8], from offset: Int) -> Int {
    precondition(offset <= bytes.count, "write past the bytes")
    return bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
}

/// fwrite(3) of all of `bytes`; the number of bytes written. Safe: the pointer is the
/// array's own, used only during the call.
package func writeBytes(_ bytes: [UInt8], to file: UnsafeMutablePointer<FILE>) -> Int {
    bytes.withUnsafeBufferPointer { fwrite($0.baseAddress, 1, $0.count, file) }
}

// MARK: Names the C library fills in

/// The name of the entry readdir(3) returned. Safe: `d_name` is a fixed-size array inside
/// the entry that the C library ends with a NUL, and it is read here, before the next
/// readdir on the stream may reuse the entry.
package func directoryEntryName(_ entry: UnsafeMutablePointer<dirent>) -> String {
    withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
    }
}

/// mkstemps(3) on `template`, a NUL-terminated path ending in XXXXXX and `suffixLength`
/// more bytes; the descriptor, or -1 with errno set. The template is rewritten in place
/// with the name chosen. Safe: the pointer is the array's own, NUL-terminated, used only
/// during the call, which writes inside it.
package func makeUniqueFile(_ template: inout [CChar], suffixLength: Int32 = 0) -> Int32 {
    precondition(template.last == 0, "the template must end with a NUL")
    return template.withUnsafeMutableBufferPointer { mkstemps($0.baseAddress!, suffixLength) }
}

// MARK: Copies into memory the caller allocated

extension UnsafeMutablePointer {
    /// Initializes `array.count` elements from here with copies of `array`'s. Safe when
    /// the caller allocated that many uninitialized elements here (its own invariant).
    @inlinable @inline(__always)
    public func initialize(copying array: [Pointee]) {
        array.withUnsafeBufferPointer { if let a = $0.baseAddress { initialize(from: a, count: $0.count) } }
    }

    /// Overwrites `array.count` initialized elements from here with copies of `array`'s.
    /// Safe when the caller holds that many elements here.
    @inlinable @inline(__always)
    public func update(copying array: [Pointee]) {
        array.withUnsafeBufferPointer { if let a = $0.baseAddress { update(from: a, count: $0.count) } }
    }
}

// MARK: Objects handed to C as context pointers

/// `object` as a C callback's context, not retained. Safe while the caller keeps the
/// object alive for as long as C may pass the pointer back (the callback's registration).
package func unretainedContext(_ object: AnyObject) -> UnsafeMutableRawPointer {
    Unmanaged.passUnretained(object).toOpaque()
}

/// The object an `unretainedContext` pointer stands for. Safe under that function's
/// invariant, and when `T` is the object's class.
package func object<T: AnyObject>(fromUnretainedContext context: UnsafeRawPointer, as: T.Type) -> T {
    Unmanaged<T>.fromOpaque(context).takeUnretainedValue()
}

/// `object` as a C callback's context that owns one retain of it: C's side takes it back
/// exactly once, with `takeRetainedContext` (or, when C never calls, the caller with
/// `releaseRetainedContext`), so the object lives until then and no longer.
package func retainedContext(_ object: AnyObject) -> UnsafeMutableRawPointer {
    Unmanaged.passRetained(object).toOpaque()
}

/// The object a `retainedContext` pointer stands for, taking over its retain. Call once.
package func takeRetainedContext<T: AnyObject>(_ context: UnsafeRawPointer, as: T.Type) -> T {
    Unmanaged<T>.fromOpaque(context).takeRetainedValue()
}

/// Gives back the retain of a `retainedContext` pointer C will never use.
package func releaseRetainedContext<T: AnyObject>(_ context: UnsafeRawPointer, as: T.Type) {
    Unmanaged<T>.fromOpaque(context).release()
}

// MARK: Functions looked up at run time

/// A symbol dlsym(3) found, as the C function type `F`. Safe when `F` is the function's
/// C declaration (`@convention(c)`, same parameters and result).
package func cFunction<F>(_ symbol: UnsafeMutableRawPointer, as: F.Type) -> F {
    unsafeBitCast(symbol, to: F.self)
}

// MARK: The temporary file's signal handler

/// The one temporary file a save has open, removed if SIGHUP, SIGINT, SIGQUIT or SIGTERM
/// ends the process before it is renamed into place; then the signal ends the process
/// as it would have. A signal that is ignored or handled (the session's Ctrl-C) is left
/// alone. The handler is installed only while a file is registered.
///
/// What the handler touches lives in raw memory allocated once, before any handler is
/// installed: no allocation, no lock, no Swift access check happens in the handler, which
/// calls only unlink, sigaction and raise (async-signal-safe). The path and the flag are
/// written only with the guarded signals blocked on this thread; the command line blocks
/// them on its other thread for good (Driver), so no handler runs while they change.
enum TemporaryFile {
    private static let pathCapacity = Int(PATH_MAX) + 1
    /// Nonzero while `path` names a file to remove. Written with the guarded signals blocked
    /// (above), and by the handler; read by the handler.
    nonisolated(unsafe) private static let registered: UnsafeMutablePointer<Int32> = {
        let p = UnsafeMutablePointer<Int32>.allocate(capacity: 1)
        p.initialize(to: 0)
        return p
    }()
    /// The file to remove, a C string. Written with the guarded signals blocked; read by the handler.
    nonisolated(unsafe) private static let path: UnsafeMutablePointer<CChar> = {
        let p = UnsafeMutablePointer<CChar>.allocate(capacity: pathCapacity)
        p.initialize(repeating: 0, count: pathCapacity)
        return p
    }()
    /// The actions in place before ours, for SIGHUP, SIGINT, SIGQUIT, SIGTERM in that order.
    /// Written with the guarded signals blocked, before our handler is installed; read by it.
    nonisolated(unsafe) private static let previous: UnsafeMutablePointer<sigaction> = {
        let p = UnsafeMutablePointer<sigaction>.allocate(capacity: 4)
        p.initialize(repeating: sigaction(), count: 4)
        return p
    }()
    /// Per signal, in the order of `previous`: nonzero while our handler is installed.
    /// Written and read only with the guarded signals blocked.
    nonisolated(unsafe) private static let installed: UnsafeMutablePointer<Int32> = {
        let p = UnsafeMutablePointer<Int32>.allocate(capacity: 4)
        p.initialize(repeating: 0, count: 4)
        return p
    }()
    private static let guarded: [Int32] = [SIGHUP, SIGINT, SIGQUIT, SIGTERM]

    @inline(__always) private static func slot(_ signal: Int32) -> Int {
        switch signal {
        case SIGHUP: return 0
        case SIGINT: return 1
        case SIGQUIT: return 2
        default: return 3
        }
    }

    private static let handler: @convention(c) (Int32) -> Void = { signal in
        if TemporaryFile.registered.pointee != 0 {
            unlink(TemporaryFile.path)
            TemporaryFile.registered.pointee = 0
        }
        sigaction(signal, TemporaryFile.previous + TemporaryFile.slot(signal), nil)
        // Blocked while the handler runs; delivered on return, with the default action.
        raise(signal)
    }

    /// Runs `body` with the guarded signals blocked on this thread.
    private static func withSignalsBlocked<T>(_ body: () -> T) -> T {
        var set = sigset_t()
        sigemptyset(&set)
        for signal in guarded { sigaddset(&set, signal) }
        var saved = sigset_t()
        pthread_sigmask(SIG_BLOCK, &set, &saved)
        let result = body()
        let error = errno
        pthread_sigmask(SIG_SETMASK, &saved, nil)
        errno = error
        return result
    }

    /// Creates a new file from `template` (ending in XXXXXX) with mkstemp: O_CREAT|O_EXCL,
    /// mode 0600, so whatever already has the name (a planted symlink) is never opened.
    /// Returns its descriptor, or -1 with errno set.
    static func create(_ template: String) -> Int32 {
        var name = Array(template.utf8CString)
        guard registered.pointee == 0 else { errno = EBUSY; return -1 }
        guard name.count <= pathCapacity else { errno = ENAMETOOLONG; return -1 }
        _ = (path, previous, installed) // allocated before a handler can run
        return withSignalsBlocked {
            let descriptor = makeUniqueFile(&name)
            guard descriptor >= 0 else { return -1 }
            _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
            path.update(copying: name)
            registered.pointee = 1
            var ours = sigaction()
            sigemptyset(&ours.sa_mask)
            for signal in guarded { sigaddset(&ours.sa_mask, signal) }
            #if canImport(Glibc)
            ours.__sigaction_handler.sa_handler = handler
            #else
            ours.__sigaction_u.__sa_handler = handler
            #endif
            for signal in guarded {
                let i = slot(signal)
                installed[i] = 0
                guard sigaction(signal, nil, previous + i) == 0, isDefault(previous[i]) else { continue }
                if sigaction(signal, &ours, nil) == 0 { installed[i] = 1 }
            }
            return descriptor
        }
    }

    private static func isDefault(_ action: sigaction) -> Bool {
        guard action.sa_flags & Int32(SA_SIGINFO) == 0 else { return false }
        #if canImport(Glibc)
        let current = action.__sigaction_handler.sa_handler
        #else
        let current = action.__sigaction_u.__sa_handler
        #endif
        return current == nil // SIG_DFL is the null handler
    }

    private static func unregister() {
        for signal in guarded where installed[slot(signal)] != 0 {
            sigaction(signal, previous + slot(signal), nil)
            installed[slot(signal)] = 0
        }
        registered.pointee = 0
    }

    /// Renames the registered file onto `target` (the target's own entry is replaced, never
    /// followed) and forgets it; 0, or -1 with errno set, and the file removed.
    static func commit(to target: String) -> Int32 {
        guard registered.pointee != 0 else { errno = ENOENT; return -1 }
        return withSignalsBlocked {
            let result = rename(path, target)
            let error = errno
            if result != 0 { unlink(path) }
            unregister()
            errno = error
            return result
        }
    }

    /// Removes the registered file and forgets it.
    static func discard() {
        guard registered.pointee != 0 else { return }
        withSignalsBlocked {
            unlink(path)
            unregister()
        }
    }
}
