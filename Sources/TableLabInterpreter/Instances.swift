// A class instance (and a `table` block's singleton) with its stored properties inside the
// object (issue 16, W6). Before, an instance was an object holding a `[Value]`: two
// allocations per construction, and the array's copy-on-write buffer behind every field
// access. A `ManagedBuffer` puts the fields in the object's tail: one allocation, a field
// at a fixed offset from the header.
//
// A `ManagedBuffer` subclass keeps its own state in the header. The header also holds a
// pointer to the fields: normally the object's own tail; when a redeclaration of the class
// gives the instance more properties than the tail holds (Redeclaration.swift), a buffer of
// its own, so the instance can still be carried in place.

/// What an instance holds besides its fields.
public struct InstanceHeader {
    /// Changes only when a redeclaration of the class carries the instance across
    /// (Redeclaration.swift): every reference to it sees the new class.
    var type: UserType
    /// The host's part of an instance whose class inherits from a host class (the
    /// `UITableViewCell` of `class MyCell: UITableViewCell`), made on first use (HostBase.swift).
    var host: NativeObject?
    /// Its class's `deinit` code has run, or is running on this instance (Deinit.swift).
    var deinitRan: Bool
    /// The fields: the object's tail, or `spill` once there are more than it holds.
    var base: UnsafeMutablePointer<Value>
    var count: Int
    let tailCapacity: Int
    var spill: UnsafeMutablePointer<Value>?
    /// A generic class's type arguments, by parameter, when its construction wrote them
    /// (`Store<Int>()`): a method's argument for a parameter typed `Item` is checked against
    /// them (Generics.swift). nil when they were inferred, which TableLab does not do.
    var typeArguments: [RType]? = nil
}

/// The singleton state of a `table` block, and an instance of a class (reference
/// semantics): its type and its stored properties by slot (Classes.swift).
public final class TableInstance: ManagedBuffer<InstanceHeader, Value> {
    /// The header's address: the object never moves, and a pointer avoids the exclusivity
    /// checks of a class's stored property on every field access.
    @inline(__always) var headerPointer: UnsafeMutablePointer<InstanceHeader> { stableHeaderAddress }

    var type: UserType {
        @inline(__always) get { headerPointer.pointee.type }
        set { headerPointer.pointee.type = newValue }
    }

    public internal(set) var host: NativeObject? {
        get { headerPointer.pointee.host }
        set { headerPointer.pointee.host = newValue }
    }

    var typeArguments: [RType]? {
        get { headerPointer.pointee.typeArguments }
        set { headerPointer.pointee.typeArguments = newValue }
    }

    var deinitRan: Bool {
        get { headerPointer.pointee.deinitRan }
        set { headerPointer.pointee.deinitRan = newValue }
    }

    public var name: String { type.name }

    var fieldCount: Int { @inline(__always) get { headerPointer.pointee.count } }

    /// A field by slot, changed in place through `_modify` (`section.rows.append(r)` must
    /// find the array uniquely referenced).
    subscript(field i: Int) -> Value {
        @inline(__always) get {
            let h = headerPointer
            precondition(UInt(bitPattern: i) < UInt(bitPattern: h.pointee.count), "field index out of range")
            return h.pointee.base[i]
        }
        @inline(__always) _modify {
            let h = headerPointer
            precondition(UInt(bitPattern: i) < UInt(bitPattern: h.pointee.count), "field index out of range")
            yield &h.pointee.base[i]
        }
    }

    /// The fields as a collection (`inst.fields[i]`, `inst.fields.count`, iteration).
    var fields: InstanceFields { @inline(__always) get { InstanceFields(owner: self) } }

    /// A new instance whose `count` fields `initialize` initializes, in order.
    @inline(__always)
    static func make(type: UserType, count: Int, initialize: (UnsafeMutablePointer<Value>) -> Void) -> TableInstance {
        let buffer = TableInstance.create(minimumCapacity: count) { b in
            InstanceHeader(type: type, host: nil, deinitRan: false,
                           base: b.stableElementsAddress, count: 0, tailCapacity: count, spill: nil)
        }
        let inst = createdBuffer(buffer, as: TableInstance.self)
        let h = inst.headerPointer
        initialize(h.pointee.base)
        h.pointee.count = count
        return inst
    }

    static func make(type: UserType, fields: [Value]) -> TableInstance {
        make(type: type, count: fields.count) { p in
            p.initialize(copying: fields)
        }
    }

    /// Replaces every field (a redeclaration's refit, a restored state); any count.
    func setFields(_ new: [Value]) {
        let old = takeFields()
        let h = headerPointer
        if new.count > h.pointee.tailCapacity {
            let p = UnsafeMutablePointer<Value>.allocate(capacity: new.count)
            h.pointee.spill = p
            h.pointee.base = p
        }
        h.pointee.base.initialize(copying: new)
        h.pointee.count = new.count
        _ = old
    }

    /// Moves every field out, leaving none.
    func takeFields() -> [Value] {
        let h = headerPointer
        let n = h.pointee.count
        let out = [Value](unsafeUninitializedCapacity: n) { buffer, initialized in
            if n > 0 { buffer.baseAddress!.moveInitialize(from: h.pointee.base, count: n) }
            initialized = n
        }
        h.pointee.count = 0
        if let s = h.pointee.spill {
            s.deallocate()
            h.pointee.spill = nil
            h.pointee.base = stableElementsAddress
        }
        return out
    }

    deinit {
        let h = headerPointer
        let mustRunDeinit = h.pointee.type.runsDeinit && !h.pointee.deinitRan
        let base = h.pointee.base, n = h.pointee.count
        var linked = false
        for i in 0..<n where base[i].mayHoldALink { linked = true; break }
        if mustRunDeinit || linked {
            var fields = takeFields()
            if mustRunDeinit { Deinits.run(h.pointee.type, &fields, host: h.pointee.host) }
            Teardown.dismantle(&fields)
        } else {
            base.deinitialize(count: n)
            h.pointee.count = 0
            if let s = h.pointee.spill { s.deallocate(); h.pointee.spill = nil }
        }
    }
}

/// An instance's fields as a collection. It holds the instance, so it never outlives the
/// storage; a field changed through it changes the instance.
struct InstanceFields: RandomAccessCollection {
    let owner: TableInstance
    var startIndex: Int { 0 }
    var endIndex: Int { owner.fieldCount }
    subscript(i: Int) -> Value {
        @inline(__always) get { owner[field: i] }
        @inline(__always) nonmutating _modify { yield &owner[field: i] }
        nonmutating set { owner[field: i] = newValue }
    }
    /// A copy of the fields as an array.
    var values: [Value] { Array(self) }
}
