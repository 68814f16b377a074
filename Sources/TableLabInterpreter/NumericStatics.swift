// The static members of the numeric types in one table, for every way Swift reaches them:
// `Double.pi`; an implicit member whose context is numeric (`let x: Double = .zero`,
// `return .pi * r` in a function returning Double); an implicit member beside a numeric
// operand (`d > .zero`, `angle * .pi`). Without it `.zero` beside a Double was CGRect's
// (the host's fallback) and `.pi * r` had "no contextual base", where swiftc has one.

import TableLabSyntax

enum NumericStatics {
    /// `name` of the numeric type `t`; nil when `t` is not numeric or has no such member.
    static func member(_ name: String, of t: RType) -> Value? {
        switch t {
        case .int: return integer(name, min: Int128(Int.min), max: Int128(Int.max), bitWidth: Int.bitWidth) { .int(Int($0)) }
        case .fixed(let k): return integer(name, min: k.min, max: k.max, bitWidth: k.bitWidth) { .fixed(FixedInt(k, $0)) }
        case .double: return floating(name)
        case .float: return single(name)
        default: return nil
        }
    }

    /// The numeric type a value has, as the context of an implicit member beside it.
    static func type(of v: Value) -> RType? {
        switch v {
        case .int: return .int
        case .double: return .double
        case .float: return .float
        case .fixed(let f): return .fixed(f.kind)
        default: return nil
        }
    }

    /// The numeric type a standard type name denotes (`CGFloat` is a Double in TableLab).
    static func type(named n: String) -> RType? {
        switch n {
        case "Int": return .int
        case "Double", "CGFloat": return .double
        case "Float": return .float
        default: return IntKind(name: n).map { .fixed($0) }
        }
    }

    private static func integer(_ name: String, min: Int128, max: Int128, bitWidth: Int,
                                _ make: (Int128) -> Value) -> Value? {
        switch name {
        case "max": return make(max)
        case "min": return make(min)
        case "zero": return make(0)
        case "bitWidth": return .int(bitWidth)
        default: return nil
        }
    }

    /// Float's, its own values (`Float.pi` is 3.1415925, not Double's pi rounded later).
    private static func single(_ name: String) -> Value? {
        switch name {
        case "pi": return .float(.pi)
        case "zero": return .float(0)
        case "infinity": return .float(.infinity)
        case "nan": return .float(.nan)
        case "greatestFiniteMagnitude": return .float(.greatestFiniteMagnitude)
        case "leastNormalMagnitude": return .float(.leastNormalMagnitude)
        case "leastNonzeroMagnitude": return .float(.leastNonzeroMagnitude)
        case "ulpOfOne": return .float(.ulpOfOne)
        default: return nil
        }
    }

    private static func floating(_ name: String) -> Value? {
        switch name {
        case "pi": return .double(.pi)
        case "zero": return .double(0)
        case "infinity": return .double(.infinity)
        case "nan": return .double(.nan)
        case "greatestFiniteMagnitude": return .double(.greatestFiniteMagnitude)
        case "leastNormalMagnitude": return .double(.leastNormalMagnitude)
        case "leastNonzeroMagnitude": return .double(.leastNonzeroMagnitude)
        case "ulpOfOne": return .double(.ulpOfOne)
        default: return nil
        }
    }
}
