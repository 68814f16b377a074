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
