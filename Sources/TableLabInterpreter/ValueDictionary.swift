// A dictionary's entries. W2 and W6 count rows by kind (`counts[item] = (counts[item] ?? 0)
// + 1` with `item` an `Item`): through Swift's `[Value: Value]` each count hashed the key,
// probed the table, compared the keys and changed the value through an index (callgrind:
// ~250 instructions a count, 12% of W2). The keys of such a dictionary are the cases of one
// plain enum, so, as `ValueArray` does for arrays, a dictionary whose keys are all plain
// cases of one enum (without its own `==`/`hash`) keeps its values in a table indexed by
// case position, and becomes `[Value: Value]` on the first key of another kind.
//
// Iteration follows the storage: case order for the compact form, the hash table's order
// otherwise. Swift leaves a dictionary's order unspecified (and different in every
// process), so no script can rely on either; keys, values and pairs always agree.

/// The entries of a dictionary value: the `[Value: Value]` API over two storage forms.
public enum ValueDictionary {
    case general([Value: Value])
    /// Every key is `.enumCase(typeID: typeID, caseIndex: i)` for an `i` whose slot is not nil.
    case cases(typeID: Int32, [Value?])

    @inline(__always) public init() { self = .general([:]) }

    /// The compact form when every key is a plain case of one enum; `[Value: Value]` otherwise.
    public init(_ d: [Value: Value]) {
        guard let first = d.first?.key, case .enumCase(let t, _) = first, EnumHashing.of(t) == nil else {
            self = .general(d)
            return
        }
        var slots: [Value?] = []
        for (k, x) in d {
            guard let i = ValueDictionary.slot(of: k, in: t) else { self = .general(d); return }
            if i >= slots.count { slots.append(contentsOf: repeatElement(nil, count: i + 1 - slots.count)) }
            slots[i] = x
        }
        self = .cases(typeID: t, slots)
    }

    /// The slot of `k` in a compact dictionary of enum `t`: nil when `k` is not a plain case
    /// of `t` (such a key is in no compact dictionary of `t`).
    @inline(__always) static func slot(of k: Value, in t: Int32) -> Int? {
        if case .enumCase(let kt, let c) = k, kt == t, UInt32(bitPattern: c) < 256 { return Int(c) }
        return nil
    }

    /// The enum of the compact form's keys, while its cases compare as plain cases (an enum
    /// that gains its own `==` later, in a redeclaration, turns it back into the general form).
    @inline(__always) var compactTypeID: Int32? {
        if case .cases(let t, _) = self, EnumHashing.of(t) == nil { return t }
        return nil
    }

    @inline(__always) public var isCompact: Bool { if case .cases = self { return true }; return false }

    /// The entries as `[Value: Value]`: free for the general form, built for the compact one.
    public var dictionary: [Value: Value] {
        switch self {
        case .general(let d): return d
        case .cases(let t, let slots):
            var d: [Value: Value] = Dictionary(minimumCapacity: slots.count)
            for (i, x) in slots.enumerated() { if let x { d[.enumCase(typeID: t, caseIndex: Int32(i))] = x } }
            return d
        }
    }

    /// Turns the compact form into `[Value: Value]` (before storing a key of another kind).
    @inline(never) mutating func widen() {
        if case .cases = self { self = .general(dictionary) }
    }

    /// The general form's dictionary, changed in place (uniquely referenced while `body` runs).
    @inline(__always) mutating func withGeneral<R>(_ body: (inout [Value: Value]) throws -> R) rethrows -> R {
        if isCompact { widen() }
        guard case .general(var d) = self else { fatalError("widened") }
        self = .general([:])
        defer { self = .general(d) }
        return try body(&d)
    }

    /// The compact form's slots, changed in place (nil when the form is the general one).
    @inline(__always) mutating func withSlots<R>(_ body: (Int32, inout [Value?]) throws -> R) rethrows -> R? {
        guard case .cases(let t, var slots) = self else { return nil }
        self = .general([:])
        defer { self = .cases(typeID: t, slots) }
        return try body(t, &slots)
    }

    public var count: Int {
        switch self {
        case .general(let d): return d.count
        case .cases(_, let slots):
            var n = 0
            for x in slots where x != nil { n += 1 }
            return n
        }
    }

    public var isEmpty: Bool {
        switch self {
        case .general(let d): return d.isEmpty
        case .cases(_, let slots): return !slots.contains { $0 != nil }
        }
    }

    public var first: (key: Value, value: Value)? {
        var it = makeIterator()
        return it.next()
    }

    public var keys: [Value] { map { $0.key } }
    public var values: [Value] { map { $0.value } }

    public subscript(key: Value) -> Value? {
        get {
            switch self {
            case .general(let d): return d[key]
            case .cases(let t, let slots):
                guard EnumHashing.of(t) == nil else { return dictionary[key] }
                guard let i = ValueDictionary.slot(of: key, in: t), i < slots.count else { return nil }
                return slots[i]
            }
        }
        set {
            if let t = compactTypeID {
                if let i = ValueDictionary.slot(of: key, in: t) {
                    _ = withSlots { _, slots in
                        if i >= slots.count {
                            if newValue == nil { return }
                            slots.append(contentsOf: repeatElement(nil, count: i + 1 - slots.count))
                        }
                        slots[i] = newValue
                    }
                    return
                }
                // A key of another kind is in no compact dictionary of `t`.
                if newValue == nil { return }
            }
            if let newValue, isEmpty, case .enumCase(let t, let c) = key, UInt32(bitPattern: c) < 256, EnumHashing.of(t) == nil {
                // An empty dictionary takes the compact form with its first key when that is a plain case.
                var slots = [Value?](repeating: nil, count: Int(c) + 1)
                slots[Int(c)] = newValue
                self = .cases(typeID: t, slots)
                return
            }
            withGeneral { $0[key] = newValue }
        }
    }

    @discardableResult public mutating func removeValue(forKey key: Value) -> Value? {
        guard let old = self[key] else { return nil }
        self[key] = nil
        return old
    }

    @discardableResult public mutating func updateValue(_ value: Value, forKey key: Value) -> Value? {
        let old = self[key]
        self[key] = value
        return old
    }

    /// The value stored for `key` changed by `body` in place (moved out while `body` runs,
    /// so a collection it holds stays uniquely referenced); nil, and `body` not run, when
    /// there is no such key.
    mutating func modifyExisting<R>(_ key: Value, _ body: (inout Value) throws -> R) rethrows -> R? {
        if let t = compactTypeID {
            guard let i = ValueDictionary.slot(of: key, in: t) else { return nil }
            return try withSlots { _, slots in
                guard i < slots.count, var x = slots[i] else { return nil }
                slots[i] = .void
                defer { slots[i] = x }
                return try body(&x)
            } ?? nil
        }
        return try withGeneral { d in
            guard let j = d.index(forKey: key) else { return nil }
            var x = d.values[j]
            d.values[j] = .void
            defer { d.values[j] = x }
            return try body(&x)
        }
    }

    /// `dictionaryAddToInt`'s general case: `self[key] = (self[key] ?? base) + delta` when
    /// the entry is absent or an `Int` and the sum does not overflow.
    @inline(never) mutating func addToIntSlow(_ key: Value, _ delta: Int, default base: Int) -> Bool {
        let old: Int
        switch self[key] {
        case nil: old = base
        case .int(let i)?: old = i
        default: return false
        }
        let (s, o) = old.addingReportingOverflow(delta)
        if o { return false }
        self[key] = .int(s)
        return true
    }
}

extension ValueDictionary: Sequence {
    public typealias Element = (key: Value, value: Value)

    public func makeIterator() -> Iterator {
        switch self {
        case .general(let d): return Iterator(base: .general(d.makeIterator()))
        case .cases(let t, let slots): return Iterator(base: .cases(t, slots, 0))
        }
    }

    public var underestimatedCount: Int { count }

    public struct Iterator: IteratorProtocol {
        enum Base {
            case general(Dictionary<Value, Value>.Iterator)
            case cases(Int32, [Value?], Int)
        }
        var base: Base

        public mutating func next() -> (key: Value, value: Value)? {
            switch base {
            case .general(var it):
                let r = it.next()
                base = .general(it)
                return r
            case .cases(let t, let slots, var i):
                while i < slots.count {
                    defer { i += 1 }
                    if let x = slots[i] {
                        base = .cases(t, slots, i + 1)
                        return (.enumCase(typeID: t, caseIndex: Int32(i)), x)
                    }
                }
                base = .cases(t, slots, i)
                return nil
            }
        }
    }
}

extension Value {
    /// A dictionary value from `[Value: Value]` (the compact form when its keys allow it).
    @inline(__always) public static func dictionary(_ d: [Value: Value]) -> Value { .dictionary(ValueDictionary(d)) }
}

extension Value {
    /// `d[key] = (d[key] ?? base) + delta` on a dictionary value holding an `Int` there, in
    /// place (the counting store, Assignments.swift); false, nothing changed, when the value
    /// is not a dictionary, the entry holds something else, or the sum overflows. The
    /// compact form's slots are moved out once (`guard case`, as `appendToCases`).
    @inline(__always) mutating func dictionaryAddToInt(_ key: Value, _ delta: Int, default base: Int) -> Bool {
        if case .enumCase(let t, let c) = key { return dictionaryAddToInt(caseOf: t, c, delta, default: base) }
        return withDictionary { $0.addToIntSlow(key, delta, default: base) } ?? false
    }

    /// `dictionaryAddToInt` with a plain case's key given as its type and index (read in
    /// place from the key's variable: no `Value` made for it).
    @inline(__always) mutating func dictionaryAddToInt(caseOf t: Int32, _ c: Int32, _ delta: Int, default base: Int) -> Bool {
        if UInt32(bitPattern: c) < 256, case .dictionary(.cases(t, var slots)) = self, Int(c) < slots.count,
           case .int(let old)? = slots[Int(c)], EnumHashing.of(t) == nil {
            let (s, o) = old.addingReportingOverflow(delta)
            if o { return false }
            self = .void
            slots[Int(c)] = .int(s)
            self = .dictionary(.cases(typeID: t, slots))
            return true
        }
        return addToIntSlowly(.enumCase(typeID: t, caseIndex: c), delta, default: base)
    }

    @inline(never) mutating func addToIntSlowly(_ key: Value, _ delta: Int, default base: Int) -> Bool {
        withDictionary { $0.addToIntSlow(key, delta, default: base) } ?? false
    }
}
