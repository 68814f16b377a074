import TableLabSyntax

// Swift's integer types other than Int (`UInt`, `UInt8`, ..., `Int64`). A value carries
// its type, so that it prints, compares, overflows and answers `type(of:)` as that type:
// `UInt(0) - 1` traps, `UInt8(250) &+ 10` wraps to 4. An integer literal becomes one where
// its context is such a type (`let x: UInt = 3`, `EditMode(rawValue: 1 << 2)` with a
// `UInt` raw value), with swiftc's error when it does not fit.

/// Which fixed-width integer type a `FixedInt` is.
public enum IntKind: UInt8, CaseIterable, Sendable {
    case int8, int16, int32, int64, uint, uint8, uint16, uint32, uint64

    public var name: String {
        switch self {
        case .int8: return "Int8"
        case .int16: return "Int16"
        case .int32: return "Int32"
        case .int64: return "Int64"
        case .uint: return "UInt"
        case .uint8: return "UInt8"
        case .uint16: return "UInt16"
        case .uint32: return "UInt32"
        case .uint64: return "UInt64"
        }
    }

    init?(name: String) {
        guard let k = IntKind.allCases.first(where: { $0.name == name }) else { return nil }
        self = k
    }

    public var isSigned: Bool { rawValue <= IntKind.int64.rawValue }

    public var bitWidth: Int {
        switch self {
        case .int8, .uint8: return 8
        case .int16, .uint16: return 16
        case .int32, .uint32: return 32
        case .int64, .uint, .uint64: return 64
        }
    }

    var min: Int128 { isSigned ? -(Int128(1) << (bitWidth - 1)) : 0 }
    var max: Int128 { isSigned ? (Int128(1) << (bitWidth - 1)) - 1 : (Int128(1) << bitWidth) - 1 }

    func contains(_ v: Int128) -> Bool { v >= min && v <= max }

    /// The value of the type's bit pattern `bits` truncated to its width (what `&+` keeps).
    func wrapping(_ v: Int128) -> Int128 {
        let mask = (Int128(1) << bitWidth) - 1
        let low = v & mask
        if isSigned, low > max { return low - (Int128(1) << bitWidth) }
        return low
    }
}

/// A value of a fixed-width integer type: the type and the value's two's-complement bits.
public struct FixedInt: Hashable, Sendable {
    public let kind: IntKind
    let bits: UInt64

    /// Only for values the kind holds (checked by the callers).
    init(_ kind: IntKind, _ value: Int128) {
        self.kind = kind
        bits = UInt64(truncatingIfNeeded: value)
    }

    public var value: Int128 { kind.isSigned ? Int128(Int64(bitPattern: bits)) : Int128(bits) }

    public var description: String { String(value) }
}

extension InterpreterCore {
    /// `let x: UInt8 = 300`: swiftc's words for a literal its type cannot hold.
    func literalOverflow(_ literal: Int, _ kind: IntKind) -> ConversionMessage {
        if literal < 0, !kind.isSigned {
            return .negativeLiteralOverflowsUnsigned(literal: literal, type: kind.name)
        }
        return .literalOverflows(literal: literal, type: kind.name)
    }

    /// An integer literal in a fixed-width context; out of range is swiftc's compile error.
    func compileFixedLiteral(_ i: Int, _ kind: IntKind, _ loc: SourceLocation) -> Eval {
        guard kind.contains(Int128(i)) else {
            let message = literalOverflow(i, kind)
            return { _ in throw RuntimeError(message, at: loc) }
        }
        return constant(.fixed(FixedInt(kind, Int128(i))))
    }

    /// An Int meeting a fixed-width operand: in Swift only a literal can (it takes the other
    /// operand's type), so it must fit.
    func fixedOperand(_ v: Value, _ kind: IntKind, _ loc: SourceLocation) throws -> FixedInt? {
        switch v {
        case .fixed(let f) where f.kind == kind: return f
        case .int(let i):
            guard kind.contains(Int128(i)) else { throw RuntimeError(literalOverflow(i, kind), at: loc) }
            return FixedInt(kind, Int128(i))
        default: return nil
        }
    }

    /// The binary operators on fixed-width integers; nil when the operands are no such pair.
    func fixedArith(_ op: BinaryOperator, _ x: Value, _ y: Value, _ loc: SourceLocation) throws -> Value? {
        let kind: IntKind
        switch (x, y) {
        case (.fixed(let f), _): kind = f.kind
        case (_, .fixed(let f)): kind = f.kind
        default: return nil
        }
        // A shift's amount may be any integer type (`UInt(1) << n` with n an Int).
        if op == .shiftLeft || op == .shiftRight {
            guard let a = try fixedOperand(x, kind, loc) else { return nil }
            let amount: Int128
            switch y {
            case .int(let i): amount = Int128(i)
            case .fixed(let f): amount = f.value
            default: return nil
            }
            return .fixed(FixedInt(kind, shifted(a, op == .shiftLeft ? amount : -amount)))
        }
        guard let a = try fixedOperand(x, kind, loc), let b = try fixedOperand(y, kind, loc) else { return nil }
        let p = a.value, q = b.value
        func checked(_ r: Int128) throws -> Value {
            guard kind.contains(r) else { throw RuntimeError(TrapMessage.arithmeticOverflow, at: loc) }
            return .fixed(FixedInt(kind, r))
        }
        switch op {
        case .add: return try checked(p + q)
        case .subtract: return try checked(p - q)
        case .multiply: return try checked(p * q)
        case .divide:
            if q == 0 { throw RuntimeError(TrapMessage.divisionByZero, at: loc) }
            return try checked(p / q)
        case .remainder:
            if q == 0 { throw RuntimeError(TrapMessage.remainderByZero, at: loc) }
            if kind.isSigned, p == kind.min, q == -1 {
                throw RuntimeError(TrapMessage.remainderOverflow, at: loc)
            }
            return .fixed(FixedInt(kind, p % q))
        case .wrappingAdd: return .fixed(FixedInt(kind, kind.wrapping(p + q)))
        case .wrappingSubtract: return .fixed(FixedInt(kind, kind.wrapping(p - q)))
        case .wrappingMultiply: return .fixed(FixedInt(kind, kind.wrapping(p * q)))
        case .bitAnd: return .fixed(FixedInt(kind, kind.wrapping(p & q)))
        case .bitOr: return .fixed(FixedInt(kind, kind.wrapping(p | q)))
        case .bitXor: return .fixed(FixedInt(kind, kind.wrapping(p ^ q)))
        default: return nil
        }
    }

    /// Swift's "smart" shift: a negative amount shifts the other way, an amount past the
    /// width gives 0 (or -1 for a negative value shifted right).
    private func shifted(_ a: FixedInt, _ amount: Int128) -> Int128 {
        let kind = a.kind, v = a.value
        if amount >= 0 {
            if amount >= Int128(kind.bitWidth) { return 0 }
            return kind.wrapping(v << Int(amount))
        }
        let right = -amount
        if right >= Int128(kind.bitWidth) { return v < 0 ? -1 : 0 }
        return v >> Int(right)
    }

    /// `UInt8(x)`, `UInt(x)`, `Int(x)` of a fixed-width integer or an Int: the value, which
    /// must fit, with Swift's run-time errors.
    func convertInteger(_ v: Value, to kind: IntKind?, _ loc: SourceLocation) throws -> Value? {
        let source: Int128
        switch v {
        case .int(let i): source = Int128(i)
        case .fixed(let f): source = f.value
        case .double(let d):
            guard d.isFinite else {
                throw RuntimeError(TrapMessage.doubleNotFinite(type: kind?.name ?? "Int"), at: loc)
            }
            let t = d.rounded(.towardZero)
            let lowest = kind?.min ?? Int128(Int.min), highest = kind?.max ?? Int128(Int.max)
            guard t > -1.7e38, t < 1.7e38, Int128(t) >= lowest else {
                throw RuntimeError(TrapMessage.doubleBelowMin(type: kind?.name ?? "Int"), at: loc)
            }
            guard Int128(t) <= highest else {
                throw RuntimeError(TrapMessage.doubleAboveMax(type: kind?.name ?? "Int"), at: loc)
            }
            source = Int128(t)
        case .float(let f):
            guard f.isFinite else { throw RuntimeError(TrapMessage.floatNotFinite(type: kind?.name ?? "Int"), at: loc) }
            let t = f.rounded(.towardZero)
            let lowest = kind?.min ?? Int128(Int.min), highest = kind?.max ?? Int128(Int.max)
            // Int128 holds every Float below 2^127; the largest Floats are beyond it.
            guard t > -0x1p126, t < 0x1p126, Int128(t) >= lowest else {
                throw RuntimeError(TrapMessage.floatBelowMin(type: kind?.name ?? "Int"), at: loc)
            }
            guard Int128(t) <= highest else { throw RuntimeError(TrapMessage.floatAboveMax(type: kind?.name ?? "Int"), at: loc) }
            source = Int128(t)
        default: return nil
        }
        let lowest = kind?.min ?? Int128(Int.min), highest = kind?.max ?? Int128(Int.max)
        if source < lowest {
            let unsigned = !(kind?.isSigned ?? true)
            throw RuntimeError(unsigned && source < 0 ? TrapMessage.negativeNotRepresentable : TrapMessage.notEnoughBits, at: loc)
        }
        if source > highest { throw RuntimeError(TrapMessage.notEnoughBits, at: loc) }
        guard let kind else { return .int(Int(source)) }
        return .fixed(FixedInt(kind, source))
    }

    /// `UInt8(clamping: x)`: the nearest value the type holds (it was swiftc's "no exact
    /// matches" error, for valid Swift).
    func clampingInteger(_ v: Value, to kind: IntKind?) -> Value? {
        let source: Int128
        switch v {
        case .int(let i): source = Int128(i)
        case .fixed(let f): source = f.value
        default: return nil
        }
        let lowest = kind?.min ?? Int128(Int.min), highest = kind?.max ?? Int128(Int.max)
        let clamped = Swift.min(Swift.max(source, lowest), highest)
        guard let kind else { return .int(Int(clamped)) }
        return .fixed(FixedInt(kind, clamped))
    }

    /// `UInt8(truncatingIfNeeded: x)` and `UInt(bitPattern: x)`: the low bits, reinterpreted.
    func truncatingInteger(_ v: Value, to kind: IntKind?) -> Value? {
        let source: Int128
        switch v {
        case .int(let i): source = Int128(i)
        case .fixed(let f): source = f.value
        default: return nil
        }
        guard let kind else { return .int(Int(truncatingIfNeeded: source)) }
        return .fixed(FixedInt(kind, kind.wrapping(source)))
    }
}
