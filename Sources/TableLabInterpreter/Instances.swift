// A class instance (and a `table` block's singleton) with its stored properties inside the
// object (issue 16, W6). Before, an instance was an object holding a `[Value]`: two
// allocations per construction, and the array's copy-on-write buffer behind every field
// access. A `ManagedBuffer` puts the fields in the object's tail: one allocation, a field
// at a fixed offset from the header.
//
// A `ManagedBuffer` subclass keeps its own state in the header: the class, the field count,
// and whether the fields are in the object's own tail or, when a redeclaration of the class
// gave the instance more properties than the tail holds (Redeclaration.swift), in a buffer
// of their own (so the instance can still be carried in place).

/// What an instance holds besides its type and fields: few instances need any of it, so it
/// sits beside the instance, made on first use. With it in the header, a `Row` of two
/// fields was a 128-byte object (a 144-byte block from malloc); without, 88 (96): W6's
/// million rows touch 48 MB less (issue 16).
final class InstanceExtra {
    /// The host's part of an instance whose class inherits from a host class (the
    /// `UITableViewCell` of `class MyCell: UITableViewCell`), made on first use (HostBase.swift).
    var host: NativeObject? = nil
    /// Its class's `deinit` code has run, or is running on this instance (Deinit.swift).
    var deinitRan = false
    /// The fields, once a redeclaration gives the instance more than its tail holds.
    var spill: UnsafeMutablePointer<Value>? = nil
    /// A generic class's type arguments, by parameter, when its construction wrote them
    /// (`Store<Int>()`): a method's argument for a parameter typed `Item` is checked against
    /// them (Generics.swift). nil when they were inferred, which TableLab does not do.
    var typeArguments: [RType]? = nil
}

/// An instance's header: its class and how many fields it has.
public struct InstanceHeader {
    /// Changes only when a redeclaration of the class carries the instance across
    /// (Redeclaration.swift): every reference to it sees the new class.
    var type: UserType
    var count: Int32
    /// The fields are in `extra.spill`, not in the object's tail.
    var spilled: Bool
    var extra: InstanceExtra?
}

/// The singleton state of a `table` block, and an instance of a class (reference
/// semantics): its type and its stored properties by slot (Classes.swift).
public final class TableInstance: ManagedBuffer<InstanceHeader, Value> {
    /// The header's address: the object never moves, and a pointer avoids the exclusivity
    /// checks of a class's stored property on every field access.
    @inline(__always) var headerPointer: UnsafeMutablePointer<InstanceHeader> { stableHeaderAddress }

    /// The first field: the object's tail, or the spill buffer of a refitted instance.
    @inline(__always) var fieldBase: UnsafeMutablePointer<Value> {
        let h = headerPointer
        if _slowPath(h.pointee.spilled) { return h.pointee.extra.unsafelyUnwrapped.spill.unsafelyUnwrapped }
        return stableElementsAddress
    }

    /// `extra`, made when first needed.
    private var madeExtra: InstanceExtra {
        let h = headerPointer
        if let e = h.pointee.extra { return e }
        let e = InstanceExtra()
        h.pointee.extra = e
        return e
    }

    var type: UserType {
        @inline(__always) get { headerPointer.pointee.type }
        set { headerPointer.pointee.type = newValue }
    }

    public internal(set) var host: NativeObject? {
        get { headerPointer.pointee.extra?.host }
        set { if newValue != nil || headerPointer.pointee.extra != nil { madeExtra.host = newValue } }
    }

    var typeArguments: [RType]? {
        get { headerPointer.pointee.extra?.typeArguments }
        set { if newValue != nil || headerPointer.pointee.extra != nil { madeExtra.typeArguments = newValue } }
    }

    var deinitRan: Bool {
        get { headerPointer.pointee.extra?.deinitRan ?? false }
        set { if newValue || headerPointer.pointee.extra != nil { madeExtra.deinitRan = newValue } }
    }

    public var name: String { type.name }

    var fieldCount: Int { @inline(__always) get { Int(headerPointer.pointee.count) } }

    /// A field by slot, changed in place through `_modify` (`section.rows.append(r)` must
    /// find the array uniquely referenced).
    subscript(field i: Int) -> Value {
        @inline(__always) get {
            precondition(UInt(bitPattern: i) < UInt(bitPattern: fieldCount), "field index out of range")
            return fieldBase[i]
        }
        @inline(__always) _modify {
            precondition(UInt(bitPattern: i) < UInt(bitPattern: fieldCount), "field index out of range")
            yield &fieldBase[i]
        }
    }

    /// Field `i`'s storage, for a site that looks at or changes it in place (no copy of
    /// its `Value`, so an array there stays uniquely referenced).
    @inline(__always) func fieldPointer(_ i: Int) -> UnsafeMutablePointer<Value> {
        precondition(UInt(bitPattern: i) < UInt(bitPattern: fieldCount), "field index out of range")
        return fieldBase + i
    }

    /// The fields as a collection (`inst.fields[i]`, `inst.fields.count`, iteration).
    var fields: InstanceFields { @inline(__always) get { InstanceFields(owner: self) } }

    /// A new instance whose `count` fields `initialize` initializes, in order.
    @inline(__always)
    static func make(type: UserType, count: Int, initialize: (UnsafeMutablePointer<Value>) -> Void) -> TableInstance {
        precondition(count <= Int(Int32.max), "too many stored properties")
        let buffer = TableInstance.create(minimumCapacity: count) { _ in
            InstanceHeader(type: type, count: 0, spilled: false, extra: nil)
        }
        let inst = createdBuffer(buffer, as: TableInstance.self)
        initialize(inst.stableElementsAddress)
        inst.headerPointer.pointee.count = Int32(count)
        return inst
    }

    static func make(type: UserType, fields: [Value]) -> TableInstance {
        make(type: type, count: fields.count) { p in
            p.initialize(copying: fields)
        }
    }

    /// Replaces every field (a redeclaration's refit, a restored state); any count.
    func setFields(_ new: [Value]) {
        precondition(new.count <= Int(Int32.max), "too many stored properties")
        let old = takeFields()
        let h = headerPointer
        // `capacity` asks malloc for the block's size: only here, never on a field access.
        if new.count > capacity {
            let p = UnsafeMutablePointer<Value>.allocate(capacity: new.count)
            madeExtra.spill = p
            h.pointee.spilled = true
        }
        fieldBase.initialize(copying: new)
        h.pointee.count = Int32(new.count)
        _ = old
    }

    /// Moves every field out, leaving none.
    func takeFields() -> [Value] {
        let h = headerPointer
        let n = Int(h.pointee.count)
        let base = fieldBase
        let out = [Value](unsafeUninitializedCapacity: n) { buffer, initialized in
            if n > 0 { buffer.baseAddress!.moveInitialize(from: base, count: n) }
            initialized = n
        }
        h.pointee.count = 0
        if h.pointee.spilled, let e = h.pointee.extra, let s = e.spill {
            s.deallocate()
            e.spill = nil
            h.pointee.spilled = false
        }
        return out
    }

    deinit {
        let h = headerPointer
        let mustRunDeinit = h.pointee.type.runsDeinit && !deinitRan
        let base = fieldBase, n = Int(h.pointee.count)
        var linked = false
        for i in 0..<n where base[i].mayHoldALink { linked = true; break }
        if mustRunDeinit || linked {
            var fields = takeFields()
            if mustRunDeinit { Deinits.run(h.pointee.type, &fields, host: host) }
            Teardown.dismantle(&fields)
        } else {
            base.deinitialize(count: n)
            h.pointee.count = 0
            if h.pointee.spilled, let e = h.pointee.extra, let s = e.spill { s.deallocate(); e.spill = nil; h.pointee.spilled = false }
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
