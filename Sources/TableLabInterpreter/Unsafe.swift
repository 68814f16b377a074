// The interpreter's unsafe code, all of it: its uncounted references (`Unretained` and the
// raw addresses of objects), its looks at an Array's storage, the native stack's
// address, and the fixed addresses of an instance's header and fields. Code elsewhere in
// the interpreter calls these helpers instead of `Unmanaged`, `unsafeBitCast`,
// `unsafeDowncast` or `withUnsafe…`; each states the invariant that makes it safe. (The C
// interface's pointers, for every module, are in TableLabFiles/Unsafe.swift.)
//
// Why uncounted: compiled closures are owned, through the functions, types and caches they
// sit in, by the `InterpreterCore` they call back into. A counted capture would be a cycle;
// a `weak` or checked `unowned` one costs an atomic operation on every use, and the hot
// closures use the interpreter on every node they run (callgrind: about 40 instructions a
// use for a counted capture; issue 16).
//
// The invariant each use relies on: the referent outlives the holder.
// - The interpreter (`InterpreterCore`): compiled closures and per-site caches are reachable
//   only from the interpreter that compiled them, and run only while it runs them.
// - A user type (`UserType`, `StructType`): types are never freed while their interpreter
//   lives (a redeclaration appends a new type and keeps the old one, `InterpreterCore.types`),
//   and values, closures and caches that name a type belong to that interpreter.
// - A compiled function, member cache or type slot: owned by a declaration of the same
//   interpreter, which replaces it only by appending.
//
// Debug builds check the invariant: the reference is a checked `unowned` there, so a use after
// the referent is freed traps in the tests instead of reading freed memory.
//
// Also here, at the end: the module's process-wide state that is not Sendable or not
// guarded (`nonisolated(unsafe)`, `@unchecked Sendable`), each with who writes it, when, and
// on which thread. The invariant they share: one interpreter runs at a time in a process
// (a new one, `:reset`, replaces the last; the command line runs it on one thread, and the
// tests run interpreters one after another), and it runs on one thread at a time.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A reference that does not keep its object alive (see the invariant above).
struct Unretained<Object: AnyObject> {
    #if DEBUG
    private unowned let checked: Object
    @inline(__always) init(_ object: Object) { checked = object }
    var object: Object { checked }
    #else
    private let ref: Unmanaged<Object>
    @inline(__always) init(_ object: Object) { ref = Unmanaged.passUnretained(object) }
    var object: Object { @inline(__always) get { ref.takeUnretainedValue() } }
    #endif

    /// The object's address, for identity tests that must not retain it (a borrowed read
    /// compares a value's type with a site's cached one: `Value.fieldElement`).
    var address: UnsafeRawPointer {
        @inline(__always) get {
            #if DEBUG
            uncountedAddress(checked)
            #else
            UnsafeRawPointer(ref.toOpaque())
            #endif
        }
    }

    /// Runs `body` with the object and no retain or release around the call: the cheapest
    /// use, for the hottest paths.
    @inline(__always) func guaranteed<R>(_ body: (Object) throws -> R) rethrows -> R {
        #if DEBUG
        try body(checked)
        #else
        try ref._withUnsafeGuaranteedRef(body)
        #endif
    }
}

/// The address of an Array's storage object, read without a closure, a retain or a copy:
/// equal for copies that share their storage (none written to since), different after a
/// copy-on-write copy. Arrays have one stored property, the reference to their storage, so
/// the bits of an Array are that reference (`withUnsafeBufferPointer` would reach it at the
/// cost of a closure on a hot path). The address is only compared, never read through; a
/// storage object freed since may have given its address to another, so a caller keeps it
/// only with something that tells such a reuse apart (the element count and the mutation
/// epoch of `checkedOnlyAppended`).
@inline(__always) func arrayStorageAddress<Element>(_ array: [Element]) -> UnsafeRawPointer {
    unsafeBitCast(array, to: UnsafeRawPointer.self)
}

// MARK: Objects by address

/// The address of `object`, not retained: to compare with another (a cache's "same type
/// as last time") or to find the object again with `uncountedObject(at:as:)`. Safe: the
/// address is never read through here; whoever turns it back into the object keeps the
/// object alive meanwhile (the invariant at the top of this file, or a `keep` array:
/// `IntRegisterCode.keep` holds every node and site its instructions address).
@inline(__always) func uncountedAddress<T: AnyObject>(_ object: T) -> UnsafeRawPointer {
    UnsafeRawPointer(Unmanaged.passUnretained(object).toOpaque())
}

/// The object at an address `uncountedAddress` gave, as a counted reference. Safe when the
/// object is alive (see there) and is a `T`.
@inline(__always) func uncountedObject<T: AnyObject>(at address: UnsafeRawPointer, as: T.Type) -> T {
    Unmanaged<T>.fromOpaque(address).takeUnretainedValue()
}

/// Runs `body` with the object at `address` and no retain or release around the call: the
/// cheapest use, for the register machine's calls. Safe as `uncountedObject(at:as:)`.
@inline(__always)
func withUncountedObject<T: AnyObject, R>(at address: UnsafeRawPointer, as: T.Type, _ body: (T) throws -> R) rethrows -> R {
    try Unmanaged<T>.fromOpaque(address)._withUnsafeGuaranteedRef(body)
}

// MARK: Array storage

/// Whether nothing else holds the array's storage, so its elements go when it does. Safe:
/// an Array is exactly one reference to its storage object (checked by the size test;
/// an empty array, whose storage is shared, answers false), read in place without a
/// retain for `isKnownUniquelyReferenced`.
@inline(__always) func isStorageUniquelyReferenced(_ a: inout [Value]) -> Bool {
    guard !a.isEmpty, MemoryLayout<[Value]>.size == MemoryLayout<AnyObject>.size else { return false }
    return withUnsafeMutablePointer(to: &a) { p in
        p.withMemoryRebound(to: AnyObject.self, capacity: 1) { isKnownUniquelyReferenced(&$0.pointee) }
    }
}

// MARK: The native stack

/// Where the native stack is now, for the frame checks. Safe: the address of a local is
/// only turned into a number, never read through. Unprotected: a local's address taken
/// with `withUnsafeMutablePointer` gave every function that checks a frame a
/// stack-protector canary (a load, a store and a compare on each call, W5's `fib`).
@inline(__always) func nativeStackAddress() -> UInt {
    var marker: UInt8 = 0
    return _withUnprotectedUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
}

// MARK: Instances

extension ManagedBuffer {
    /// The header's address, kept past the closure that gives it. Safe while the buffer
    /// object lives: a ManagedBuffer's storage is part of the object and never moves, and
    /// every user reaches the pointer through the object it holds.
    var stableHeaderAddress: UnsafeMutablePointer<Header> {
        @inline(__always) get { withUnsafeMutablePointerToHeader { $0 } }
    }

    /// The first element's address, kept past the closure that gives it; safe as
    /// `stableHeaderAddress`.
    var stableElementsAddress: UnsafeMutablePointer<Element> {
        @inline(__always) get { withUnsafeMutablePointerToElements { $0 } }
    }
}

/// The object `Subclass.create(…)` made, as the subclass: `create` is declared to return
/// the base `ManagedBuffer`, but called on a subclass it makes one of that class. Safe when
/// `buffer` came from `T.create` (debug builds check the class).
@inline(__always) func createdBuffer<T: AnyObject>(_ buffer: AnyObject, as: T.Type) -> T {
    unsafeDowncast(buffer, to: T.self)
}

/// Copies a `Value`'s bits into uninitialised memory without retaining what it holds: the
/// copy borrows the source's references. Safe while the source outlives the copy and is
/// not changed meanwhile, and when the copy is overwritten, never released
/// (`invokeMethodBorrowingSelf`, whose caller's local holds the instance).
@inline(__always) func borrowBits(of source: UnsafeMutablePointer<Value>, into destination: UnsafeMutablePointer<Value>) {
    UnsafeMutableRawPointer(destination).copyMemory(from: source, byteCount: MemoryLayout<Value>.size)
}

// MARK: Process-wide state

/// Marks a global that was mentioned but never defined. Written by no one after it is made
/// (its value is never read or set: only its identity marks a slot as empty), so every
/// thread may share it.
nonisolated(unsafe) let undefinedGlobal = VarBox(.void)

/// What an unset deferred `let` holds (never visible to scripts; DeferredLet.swift).
/// Compared by identity, never written: shared as `undefinedGlobal` is.
nonisolated(unsafe) let unsetLetMarker = VarBox(.void)

/// What a global `var x: T` declared without a value holds until its first assignment:
/// declared (so `x = 3` finds it, where it was "cannot find 'x' in scope"), not readable.
/// A local one holds it too (`Local.startsUnset`). Compared by identity, never written.
nonisolated(unsafe) let unsetVarMarker = VarBox(.void)

/// What a field holds until it is initialized (never visible to scripts; Classes.swift).
/// Compared by identity, never written.
nonisolated(unsafe) let uninitializedField = VarBox(.void)

/// In `ClassInfo.initialFields`: a default that is code, run for each new instance.
/// Compared by identity, never written.
nonisolated(unsafe) let computedDefault = VarBox(.void)

/// A thrown value on its way up: an `Error` must be Sendable, and `RuntimeError` carries
/// it. True as used: it is made and caught on the interpreter's thread; the one time it
/// leaves that thread, an error escaping `Interpreter.runOnLargeStack`'s body, the thread
/// has ended (`pthread_join` orders its writes before the reader), and the value is a `let`.
final class ThrownValue: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}

extension LargeStackThread {
    /// The thread `run` started, while it runs. Written by that thread first thing, and by
    /// `run`'s caller after `pthread_join` (nil); read by `isCurrent`, which is true only
    /// on that thread: any other thread reads either nil or a handle that is not its own.
    nonisolated(unsafe) static var thread: pthread_t?
}

extension Deinits {
    /// The interpreter whose instances run their `deinit`: the last one made (one runs at a
    /// time in a process, see above). Written by `enter` when an interpreter is made and by
    /// `leave` from its `deinit`, on the thread that owns it; read on that thread when an
    /// instance goes. Not `weak`: a weak reference gives the interpreter a side table, and
    /// every retain and release of it (one or two per row of W2 and W3) would take the
    /// runtime's slow path. The interpreter's `deinit` clears it first (`leave`), as a weak
    /// reference would read nil from then on.
    nonisolated(unsafe) private static var current: Unretained<InterpreterCore>?

    static var core: InterpreterCore? { current?.object }

    /// Compared by identity: the interpreter leaves from its `deinit`, when a (checked)
    /// reference to it can no longer be read. Written and read with `current`.
    nonisolated(unsafe) private static var currentID: ObjectIdentifier?

    static func enter(_ core: InterpreterCore) { current = Unretained(core); currentID = ObjectIdentifier(core) }

    static func leave(_ core: InterpreterCore) {
        if currentID == ObjectIdentifier(core) { current = nil; currentID = nil }
    }
}

/// The hand-written hashing of the enums of the interpreter that made them, by type index:
/// an enum value (`.enumCase`, `PayloadCase`) names its type only by that index, and Set and
/// Dictionary compare through Value's Hashable, which has no interpreter to ask. One
/// interpreter runs at a time in a process (a new one, `:reset`, replaces the last), so the
/// table belongs to the last interpreter made; it is empty while no enum has its own hashing,
/// and an enum's equality then costs one count check. Unchecked: every dictionary key of an
/// enum type reads the table, and a checked global access cost more than the hash itself
/// (callgrind: 5% of W2's instructions were `swift_beginAccess`); the table is only written
/// while no script code runs (claim, release, publish as types are filled), by the thread
/// that runs the interpreter, and read only on that thread.
enum EnumHashing {
    /// Each enum's own hashing by type index, nil for none (written and read as above).
    @exclusivity(unchecked) nonisolated(unsafe) private static var byTypeID: [CustomHashing?] = []
    /// `byTypeID.count`, kept beside it: an `Int` global with a constant initializer is set
    /// up statically, where reading the array first runs its lazy initializer's
    /// `swift_once` (one call per enum key hashed or compared, when no enum has its own
    /// hashing and the table is never read).
    @exclusivity(unchecked) nonisolated(unsafe) private static var count = 0
    /// The interpreter the table belongs to, compared by identity only (written as above).
    nonisolated(unsafe) private static var owner: ObjectIdentifier?

    /// A new interpreter's enums start without any.
    static func claim(_ core: AnyObject) {
        owner = ObjectIdentifier(core)
        byTypeID = []
        count = 0
    }

    /// An interpreter that goes leaves no functions behind that would call into it.
    static func release(_ core: AnyObject) {
        guard owner == ObjectIdentifier(core) else { return }
        owner = nil
        byTypeID = []
        count = 0
    }

    static func publish(_ hashing: CustomHashing?, typeID: Int32, by core: AnyObject) {
        if owner != ObjectIdentifier(core) { claim(core) }
        let i = Int(typeID)
        if hashing == nil, i >= byTypeID.count { return }
        if i >= byTypeID.count { byTypeID += Array(repeating: nil, count: i + 1 - byTypeID.count) }
        byTypeID[i] = hashing
        count = byTypeID.count
    }

    @inline(__always) static func of(_ typeID: Int32) -> CustomHashing? {
        let i = Int(typeID)
        return i < count ? byTypeID[i] : nil
    }
}
