// Swift's `Float`: a value of its own (`Value.float`), so that it computes, prints and
// answers `type(of:)` as Swift's 32-bit type does. Each operation rounds its result to a
// Float (`Float(0.1) + Float(0.2)` prints `0.3`, where Double gives 0.30000000000000004),
// and `description` is Swift's own shortest round-trip text for a Float. An Int or a Double
// meets a Float at run time only as a literal that was compiled without its context (the
// numeric check refuses a value of either where a Float is expected, as swiftc does), so
// it takes the Float's type.

import TableLabSyntax

extension InterpreterCore {
    /// The two operands as Floats where one is a Float and the other a Float or a literal.
    static func floatOperands(_ x: Value, _ y: Value) -> (Float, Float)? {
        switch (x, y) {
        case (.float(let p), .float(let q)): return (p, q)
        case (.float(let p), .int(let q)): return (p, Float(q))
        case (.int(let p), .float(let q)): return (Float(p), q)
        case (.float(let p), .double(let q)): return (p, Float(q))
        case (.double(let p), .float(let q)): return (Float(p), q)
        default: return nil
        }
    }

    /// `+ - * /` with a Float operand; nil when neither operand is one.
    func floatArith(_ op: BinaryOperator, _ x: Value, _ y: Value, _ loc: SourceLocation) throws -> Value? {
        guard let (p, q) = Self.floatOperands(x, y) else { return nil }
        switch op {
        case .add: return .float(p + q)
        case .subtract: return .float(p - q)
        case .multiply: return .float(p * q)
        case .divide: return .float(p / q)
        case .remainder: throw RuntimeError(LookupMessage.floatingRemainderUnavailable, at: loc)
        default: return nil
        }
    }

    /// `< <= > >=` with a Float operand, IEEE's (a NaN is unordered: every one is false);
    /// nil when neither operand is one.
    static func floatComparison(_ op: BinaryOperator, _ x: Value, _ y: Value) -> Bool? {
        guard let (p, q) = floatOperands(x, y) else { return nil }
        switch op {
        case .less: return p < q
        case .lessEqual: return p <= q
        case .greater: return p > q
        case .greaterEqual: return p >= q
        default: return nil
        }
    }

    /// `max(x, 2)`'s arguments: mixed Int and Double ones are all Doubles, as Swift's
    /// literals would be; beside a Float, the literals are Floats.
    static func literalsAsFloatingPoint(_ a: [Value]) -> [Value] {
        if a.contains(where: { if case .float = $0 { return true }; return false }) {
            return a.map {
                switch $0 {
                case .int(let i): return .float(Float(i))
                case .double(let d): return .float(Float(d))
                default: return $0
                }
            }
        }
        if a.contains(where: { if case .double = $0 { return true }; return false }) {
            return a.map { if case .int(let i) = $0 { return .double(Double(i)) }; return $0 }
        }
        return a
    }

    /// `Float(x)`: from a number (rounded to the nearest Float), or from a String (nil
    /// where it is no number); nil when `x` is none of these.
    func convertToFloat(_ x: Value) -> Value? {
        switch x {
        case .float: return x
        case .int(let i): return .float(Float(i))
        case .double(let d): return .float(Float(d))
        case .fixed(let f): return .float(Float(f.value))
        case .string(let s): return Float(s).map { .wrapped(.float($0)) } ?? .nilValue
        default: return nil
        }
    }

    /// A property of a Double or a Float (`make` gives a value of its own type); nil for a
    /// property neither has.
    static func floatingProperty<F: BinaryFloatingPoint>(_ x: F, _ property: BuiltinProperty, _ make: (F) -> Value) -> Value? {
        switch property {
        case .isNaN: return .bool(x.isNaN)
        case .isFinite: return .bool(x.isFinite)
        case .isInfinite: return .bool(x.isInfinite)
        case .isZero: return .bool(x.isZero)
        case .isNormal: return .bool(x.isNormal)
        case .isSubnormal: return .bool(x.isSubnormal)
        case .isSignalingNaN: return .bool(x.isSignalingNaN)
        case .isCanonical: return .bool(x.isCanonical)
        case .magnitude: return make(x.magnitude)
        case .ulp: return make(x.ulp)
        case .nextUp: return make(x.nextUp)
        case .nextDown: return make(x.nextDown)
        case .significand: return make(x.significand)
        // Double's and Float's `Exponent` is Int (Int.min for zero, Int.max for an infinity or NaN).
        case .exponent: return .int(Int(x.exponent))
        default: return nil
        }
    }

    /// `Double(exactly: x)`, `Float(exactly: x)`: the value when the type holds it without
    /// rounding, else nil (a NaN too; an infinity converts); nil for a value of no number type.
    func exactFloatingConversion(_ x: Value, toFloat: Bool) -> Value? {
        func made(_ d: Double?, _ f: Float?) -> Value {
            if toFloat { return f.map { .wrapped(.float($0)) } ?? .nilValue }
            return d.map { .wrapped(.double($0)) } ?? .nilValue
        }
        switch x {
        case .int(let i): return made(Double(exactly: i), Float(exactly: i))
        case .fixed(let n): return made(Double(exactly: n.value), Float(exactly: n.value))
        case .double(let d): return made(Double(exactly: d), Float(exactly: d))
        case .float(let f): return made(Double(exactly: f), Float(exactly: f))
        default: return nil
        }
    }

    /// `stride(from:to:by:)` of a Float (its end and step literals or Floats): each value
    /// `start + i * step` in Float arithmetic, as a Double stride is computed in Double's.
    func floatStride(_ from: Value, _ to: Value, _ by: Value, through: Bool, _ loc: SourceLocation) throws -> Value {
        guard let (a, b) = Self.floatOperands(from, to), let (_, s) = Self.floatOperands(from, by) else {
            throw RuntimeError(UnsupportedMessage.strideOfType(typeName(from)), at: loc)
        }
        return try floatingStride(a, b, s, through: through, type: "Float", loc) { .float($0) }
    }

    /// A stride of Double or Float values: each `start + i * step` computed in the type's own
    /// arithmetic (no accumulated error), as the standard library does.
    func floatingStride<F: BinaryFloatingPoint>(_ a: F, _ b: F, _ s: F, through: Bool, type: String, _ loc: SourceLocation,
                                                _ wrap: (F) -> Value) throws -> Value {
        if s == 0 { throw RuntimeError(TrapMessage.strideStepZero, at: loc) }
        var out: [Value] = []
        var k = 0
        while true {
            let x = a.addingProduct(F(k), s)
            if !(s > 0 ? (through ? x <= b : x < b) : (through ? x >= b : x > b)) { break }
            out.append(wrap(x))
            k += 1
            if k > 50_000_000 { throw RuntimeError(LimitMessage.strideTooLong, at: loc) }
        }
        let kind = through ? "StrideThrough" : "StrideTo"
        let strided = ArraySliceObject(view: "\(kind)<\(type)>", text: "Swift.\(kind)<Swift.\(type)>", out)
        strided.isSequenceOnly = true
        return .object(strided)
    }

    /// `rounded()`, `rounded(_:)`, `round()`, `round(_:)` of a Double or a Float (nil: another method).
    func floatingRounding<F: FloatingPoint>(_ v: inout Value, _ x: F, _ method: BuiltinMethod, _ a: [Value], _ mutable: Bool,
                                            _ reason: String, _ loc: SourceLocation, _ wrap: (F) -> Value) throws -> Value? {
        switch method {
        case .rounded: return wrap(x.rounded())
        case .roundedRule: return wrap(x.rounded(try roundingRule(a[0], loc)))
        case .round:
            try mutatingCheck(mutable, reason, loc)
            v = wrap(x.rounded())
            return .void
        case .roundRule:
            let rule = try roundingRule(a[0], loc)
            try mutatingCheck(mutable, reason, loc)
            v = wrap(x.rounded(rule))
            return .void
        default: return nil
        }
    }

    /// Float's methods TableLab runs (the others are refused by name where they are called).
    func floatMethod(_ v: inout Value, _ f: Float, _ method: BuiltinMethod, _ a: [Value], _ mutable: Bool, _ reason: String,
                     _ loc: SourceLocation) throws -> Value? {
        if let r = try floatingRounding(&v, f, method, a, mutable, reason, loc, { .float($0) }) { return r }
        switch method {
        case .squareRoot: return .float(f.squareRoot())
        case .truncatingRemainderDividingBy:
            guard let (_, k) = Self.floatOperands(v, a[0]) else { return nil }
            return .float(f.truncatingRemainder(dividingBy: k))
        default: return nil
        }
    }
}
