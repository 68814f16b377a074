// Equality and hashing of values, structural as Swift's synthesized Equatable/Hashable,
// for values nested any depth.
//
// A value built a level at a time in a loop (`l = .cons(l)`, `s = S(next: [s])`) can be
// nested millions deep; comparing it by one nested call per level overflowed the native
// stack (SIGSEGV, issue 17). Equality recurses for the first `recursionLimit` levels (the
// common, shallow case, with no allocation) and goes on below that with a worklist. The
// hash reads only the first `hashDepth` levels: equal values still hash alike, and a hash
// costs no more than those levels.

enum DeepValues {
    static let recursionLimit = 256
    static let hashDepth = 64

    static func equal(_ a: Value, _ b: Value, depth: Int) -> Bool {
        switch (a, b) {
        case (.int(let x), .int(let y)): return x == y
        case (.fixed(let x), .fixed(let y)): return x == y
        // An Int meets a fixed-width integer only as a literal, which takes its type
        // (`d[1]` with UInt keys): equal by value, as an integral Double meets an Int.
        case (.fixed(let x), .int(let y)): return x.value == Int128(y)
        case (.int(let x), .fixed(let y)): return Int128(x) == y.value
        case (.double(let x), .double(let y)): return x == y
        case (.float(let x), .float(let y)): return x == y
        // An Int or a Double meets a Float only as a literal, which takes its type.
        case (.float(let x), .int(let y)), (.int(let y), .float(let x)): return x == Float(y)
        case (.float(let x), .double(let y)), (.double(let y), .float(let x)): return x == Float(y)
        case (.int(let x), .double(let y)): return Double(x) == y
        case (.double(let x), .int(let y)): return x == Double(y)
        case (.bool(let x), .bool(let y)): return x == y
        case (.string(let x), .string(let y)): return x == y
        case (.enumCase(let t1, let c1), .enumCase(let t2, let c2)):
            if let eq = EnumHashing.of(t1)?.equal { return eq(a, b) }
            return t1 == t2 && c1 == c2
        // A plain case meets a payload case only through the enum's own `==`.
        case (.enumCase(let t, _), .payloadCase), (.payloadCase, .enumCase(let t, _)):
            return EnumHashing.of(t)?.equal?(a, b) ?? false
        case (.payloadCase(let p), .payloadCase) where EnumHashing.of(p.typeID)?.equal != nil:
            return EnumHashing.of(p.typeID)!.equal!(a, b)
        case (.set(let x), .set(let y)): return x == y
        case (.nilValue, .nilValue): return true
        case (.range(let l1, let u1, let c1), .range(let l2, let u2, let c2)): return l1 == l2 && u1 == u2 && c1 == c2
        case (.type(.table(let x)), .type(.table(let y))):
            if let eq = x.type.customHashing?.equal { return eq(a, b) }
            return x === y
        case (.structValue(let x), .structValue) where x.type.customHashing?.equal != nil:
            return x.type.customHashing!.equal!(a, b)
        case (.type(let x), .type(let y)): return x.name == y.name
        // A host enum's case read from a property meets the same case written `.name`.
        case (.object(let x as HostEnumValue), .object(let y as HostEnumValue)):
            return x.swiftTypeName == y.swiftTypeName && x.caseName == y.caseName
        case (.object(let x as HostEnumValue), .string(let y)), (.string(let y), .object(let x as HostEnumValue)):
            return x.caseName == y
        case (.object(let x as DoubleRange), .object(let y as DoubleRange)): return x.equals(y)
        // A Substring equals a Substring (or a literal, a String here) of the same text.
        case (.object(let x as SubstringObject), .object(let y as SubstringObject)): return x.text == y.text
        case (.object(let x as SubstringObject), .string(let y)), (.string(let y), .object(let x as SubstringObject)): return x.text == y
        case (.object(let x), .object(let y)): return x === y
        case (.void, .void): return true
        case (.box(let x), _): return equal(x.value, b, depth: depth)
        case (_, .box(let y)): return equal(a, y.value, depth: depth)
        case (.payloadCase, .payloadCase), (.array, .array), (.dictionary, .dictionary), (.structValue, .structValue),
             (.tuple, .tuple), (.wrapped, .wrapped):
            if depth >= recursionLimit { return equalByWorklist(a, b) }
            var same = true
            let decided = children(a, b) { x, y in
                same = equal(x, y, depth: depth + 1)
                return same
            }
            return decided && same
        default: return false
        }
    }

    /// Pairs up the children of two containers of the same kind and gives each pair to
    /// `visit` until it returns false. False when the containers differ in themselves
    /// (case, type, count, keys), before any child.
    private static func children(_ a: Value, _ b: Value, _ visit: (Value, Value) -> Bool) -> Bool {
        switch (a, b) {
        case (.payloadCase(let x), .payloadCase(let y)):
            if x === y { return true }
            guard x.typeID == y.typeID, x.caseIndex == y.caseIndex else { return false }
            return pairs(x.values, y.values, visit)
        case (.array(let x), .array(let y)):
            guard x.count == y.count else { return false }
            // Two compact arrays of one enum hold no child that could differ but a case.
            if let t = x.compactTypeID, let u = y.compactTypeID, t == u, EnumHashing.of(t) == nil { return x == y }
            return pairs(x.values, y.values, visit)
        case (.structValue(let x), .structValue(let y)):
            return x.type === y.type && pairs(x.fields, y.fields, visit)
        case (.tuple(let x), .tuple(let y)): return pairs(x.elements, y.elements, visit)
        case (.wrapped(let x), .wrapped(let y)): _ = visit(x, y); return true
        case (.dictionary(let x), .dictionary(let y)):
            guard x.count == y.count else { return false }
            for (k, v) in x {
                guard let w = y[k] else { return false }
                if !visit(v, w) { break }
            }
            return true
        default: return false
        }
    }

    private static func pairs(_ x: [Value], _ y: [Value], _ visit: (Value, Value) -> Bool) -> Bool {
        guard x.count == y.count else { return false }
        // The same storage (a copy never written to) is equal without a look inside.
        if arrayStorageAddress(x) == arrayStorageAddress(y) { return true }
        for i in x.indices where !visit(x[i], y[i]) { break }
        return true
    }

    /// `equal` below the recursion limit: the pairs still to compare wait on a list.
    private static func equalByWorklist(_ a: Value, _ b: Value) -> Bool {
        var pending = [(a, b)]
        while let (x, y) = pending.popLast() {
            switch (x, y) {
            case (.box(let bx), _): pending.append((bx.value, y))
            case (_, .box(let by)): pending.append((x, by.value))
            case (.structValue(let sx), .structValue) where sx.type.customHashing?.equal != nil:
                if !sx.type.customHashing!.equal!(x, y) { return false }
            case (.payloadCase(let p), .payloadCase) where EnumHashing.of(p.typeID)?.equal != nil:
                if !EnumHashing.of(p.typeID)!.equal!(x, y) { return false }
            case (.payloadCase, .payloadCase), (.array, .array), (.dictionary, .dictionary), (.structValue, .structValue),
                 (.tuple, .tuple), (.wrapped, .wrapped):
                guard children(x, y, { pending.append(($0, $1)); return true }) else { return false }
            default:
                if !equal(x, y, depth: 0) { return false }
            }
        }
        return true
    }

    /// The hash of a case of an enum without its own hashing (also `Value`'s shortcut).
    @inline(__always) static func plainCaseHash(_ t: Int32, _ c: Int32) -> Int { mix(Int(t) << 32 | Int(c)) }

    static func hash(_ v: Value, depth: Int) -> Int {
        let inner = depth + 1
        // Below the hashed levels a container counts as its kind alone.
        if inner > hashDepth, v.isContainer { return mix(0xdee9) }
        switch v {
        case .int(let i): return mix(i)
        case .fixed(let f):
            if let i = Int(exactly: f.value) { return mix(i) }
            return mix(Int(truncatingIfNeeded: f.bits) ^ 0x3f1d)
        case .float(let f):
            if let i = Int(exactly: f) { return mix(i) }
            return mix(Int(bitPattern: UInt(Double(f).bitPattern)) ^ 0x5bd1e995)
        case .double(let d):
            if let i = Int(exactly: d) { return mix(i) }
            return mix(Int(bitPattern: UInt(d.bitPattern)) ^ 0x5bd1e995)
        case .bool(let b): return mix(b ? 0x7f4a : 0x3c6e)
        case .string(let s): return stringHash(s)
        case .enumCase(let t, let c):
            if let h = EnumHashing.of(t)?.hash { return h(v) }
            return plainCaseHash(t, c)
        case .payloadCase(let p):
            if let h = EnumHashing.of(p.typeID)?.hash { return h(v) }
            return p.values.reduce(mix(Int(p.typeID) << 32 | Int(p.caseIndex))) { combineHash($0, hash($1, depth: inner)) }
        case .array(let a): return a.reduce(mix(0xa11)) { combineHash($0, hash($1, depth: inner)) }
        case .dictionary(let d): return mix(d.count ^ 0xd1c7)
        case .set(let s): return s.reduce(mix(s.count ^ 0x5e7)) { $0 ^ hash($1, depth: inner) }
        case .structValue(let x):
            if let h = x.type.customHashing?.hash { return h(v) }
            return x.fields.reduce(mix(Int(x.type.id))) { combineHash($0, hash($1, depth: inner)) }
        case .tuple(let x): return x.elements.reduce(mix(0x7091e)) { combineHash($0, hash($1, depth: inner)) }
        case .wrapped(let x): return combineHash(mix(0x50e), hash(x, depth: inner))
        case .nilValue: return mix(0x0e11)
        case .range(let l, let u, let c): return combineHash(combineHash(mix(l), mix(u)), c ? 1 : 0)
        case .type(.table(let i)) where i.type.customHashing?.hash != nil: return i.type.customHashing!.hash!(v)
        case .type(let t): return stringHash(t.name)
        case .object(let o as HostEnumValue): return hash(.string(o.caseName), depth: depth)
        case .object(let sub as SubstringObject): return stringHash(sub.text)
        case .object(let r as DoubleRange):
            return combineHash(combineHash(hash(.double(r.lower), depth: depth), hash(.double(r.upper), depth: depth)), r.closed ? 1 : 0)
        case .object(let o): return mix(Int(bitPattern: UInt(bitPattern: ObjectIdentifier(o).hashValue)))
        case .void: return mix(0x7010)
        case .function: return mix(0xf00)
        case .box(let b): return hash(b.value, depth: depth)
        }
    }
}

extension Value {
    /// Holds other values that equality and hashing look into.
    fileprivate var isContainer: Bool {
        switch self {
        case .payloadCase, .array, .set, .structValue, .tuple, .wrapped: return true
        default: return false
        }
    }
}
