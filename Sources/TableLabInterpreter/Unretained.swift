// The interpreter's one kind of uncounted reference, and its one look at an Array's storage
// address. Every reference the interpreter holds without retaining it goes through
// `Unretained`, and every storage address through `arrayStorageAddress`, so the unsafety is
// in this file only.
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
            UnsafeRawPointer(Unmanaged.passUnretained(checked).toOpaque())
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
