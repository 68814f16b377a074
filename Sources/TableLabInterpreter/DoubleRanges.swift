// `ClosedRange<Double>` and `Range<Double>` (`0.5...1.5`, `0..<1.5`, a `case 0..<0.5:` over a
// Double). An object rather than a case of `Value`, so the Int ranges' case, which the
// loops and the pattern matches read on every step, keeps its layout and its switches.
// Swift gives these ranges no Collection members (a Double has no integer stride): a
// loop or `count` over one is swiftc's error, named as swiftc names it.

import TableLabSyntax

final class DoubleRange: NativeObject {
    let lower: Double
    let upper: Double
    let closed: Bool
    /// Both bounds were written as literals: beside a Float (`case 0..<0.5:` over one) the
    /// range is a Float's, its bounds rounded to Floats.
    let literalBounds: Bool
    /// A range of Float (`(0 as Float)...1`): its bounds are Floats, held exactly as Doubles.
    let isFloat: Bool
    init(lower: Double, upper: Double, closed: Bool, literalBounds: Bool = false, isFloat: Bool = false) {
        self.lower = lower; self.upper = upper; self.closed = closed; self.literalBounds = literalBounds
        self.isFloat = isFloat
    }

    /// Whether the Float `x` is in the range its literal bounds make as a Float range.
    func containsFloat(_ x: Float) -> Bool {
        let lo = Float(lower), hi = Float(upper)
        return x >= lo && (closed ? x <= hi : x < hi)
    }

    var rangeName: String { closed ? "ClosedRange" : "Range" }
    var boundName: String { isFloat ? "Float" : "Double" }
    override var typeName: String { "\(rangeName)<\(boundName)>" }
    override var textDescription: String {
        let (lo, hi) = isFloat ? (Float(lower).description, Float(upper).description) : (lower.description, upper.description)
        return lo + (closed ? "..." : "..<") + hi
    }
    private func bound(_ x: Double) -> Value { isFloat ? .float(Float(x)) : .double(x) }
    var isEmpty: Bool { !closed && lower == upper }

    func contains(_ x: Double) -> Bool { x >= lower && (closed ? x <= upper : x < upper) }

    /// The range's members, found by ID: its bounds and `isEmpty`; the Collection members
    /// an Int range has are swiftc's error on a Double's.
    enum Member: Int, CaseIterable, Sendable {
        case lowerBound, upperBound, isEmpty, count, first, last, indices
        static let names = ["lowerBound", "upperBound", "isEmpty", "count", "first", "last", "indices"]
        static let table = HostMemberTable(names)
    }

    enum Method: Int, CaseIterable, Sendable {
        case contains, clamped, overlaps
        static let names = ["contains(_:)", "clamped(to:)", "overlaps(_:)"]
        static let table = HostMemberTable(names)
    }

    override func member(id: HostMemberID) throws -> Value? {
        guard let member = Member(rawValue: Member.table[id]) else { return nil }
        switch member {
        case .lowerBound: return bound(lower)
        case .upperBound: return bound(upper)
        case .isEmpty: return .bool(isEmpty)
        case .count, .first, .last, .indices:
            throw RuntimeError(ConversionMessage.rangeMemberNeedsSignedInteger(
                kind: "property", member: id.name, range: rangeName, bound: boundName), at: .unknown)
        }
    }

    override func callMethod(id: HostMemberID, _ arguments: [Value]) throws -> Value? {
        guard let method = Method(rawValue: Method.table[id]) else { return nil }
        var argument = arguments.first
        // `0.5...2` given to a Float range's method: its literal bounds are Floats there.
        if isFloat, case .object(let r as DoubleRange)? = argument, !r.isFloat, r.literalBounds {
            argument = .object(DoubleRange(lower: Double(Float(r.lower)), upper: Double(Float(r.upper)), closed: r.closed, isFloat: true))
        }
        switch (method, argument) {
        case (.contains, .double(let x)?) where !isFloat: return .bool(contains(x))
        // A Double reaching a Float range's method was written as a literal: a Float there.
        case (.contains, .double(let x)?): return .bool(contains(Double(Float(x))))
        case (.contains, .float(let x)?) where isFloat: return .bool(contains(Double(x)))
        case (.contains, .int(let x)?): return .bool(contains(Double(x)))
        case (.clamped, .object(let limits as DoubleRange)?):
            guard limits.closed == closed, limits.isFloat == isFloat else {
                throw RuntimeError(ConversionMessage.cannotConvertArgument(type: limits.typeName, to: typeName), at: .unknown)
            }
            return .object(clamped(to: limits))
        case (.overlaps, .object(let other as DoubleRange)?) where other.isFloat == isFloat: return .bool(overlaps(other))
        default: return nil
        }
    }

    /// Swift's `clamped(to:)`: each bound pulled inside `limits`.
    func clamped(to limits: DoubleRange) -> DoubleRange {
        let lo = limits.lower > lower ? limits.lower : limits.upper < lower ? limits.upper : lower
        let hi = limits.upper < upper ? limits.upper : limits.lower > upper ? limits.lower : upper
        return DoubleRange(lower: lo, upper: hi, closed: closed, isFloat: isFloat)
    }

    /// Swift's four `overlaps(_:)`: disjoint when one ends before the other starts (a
    /// half-open range already at its upper bound), or a half-open one is empty.
    func overlaps(_ other: DoubleRange) -> Bool {
        func endsBefore(_ a: DoubleRange, _ b: DoubleRange) -> Bool { a.upper < b.lower || (!a.closed && a.upper == b.lower) }
        return !(endsBefore(other, self) || endsBefore(self, other) || isEmpty || other.isEmpty)
    }

    func equals(_ other: DoubleRange) -> Bool {
        closed == other.closed && isFloat == other.isFloat && lower == other.lower && upper == other.upper
    }
}

extension InterpreterCore {
    /// `lo..<hi` / `lo...hi` whose bounds are not both Ints: Doubles (an integer literal
    /// beside a Double is one, as swiftc types it), String indices; otherwise refused.
    func nonIntRange(_ x: Value, _ y: Value, closed: Bool, literals: RangeBoundLiterals, _ loc: SourceLocation) throws -> Value {
        if let r = try stringIndexRange(x, y, closed: closed, loc) { return r }
        func bound(_ v: Value, literal: Bool) -> Double? {
            switch v {
            case .double(let d): return d
            case .int(let i) where literal: return Double(i)
            default: return nil
            }
        }
        if let r = try floatRange(x, y, closed: closed, literals: literals, loc) { return r }
        if let lo = bound(x, literal: literals.integerLower), let hi = bound(y, literal: literals.integerUpper) {
            // Written `!(lo <= hi)`: a NaN bound traps too, as Swift's precondition does.
            if !(lo <= hi) { throw RuntimeError(TrapMessage.rangeLowerAboveUpper, at: loc) }
            return .object(DoubleRange(lower: lo, upper: hi, closed: closed, literalBounds: literals.both))
        }
        switch (x, y) {
        case (.int, .double), (.double, .int):
            // swiftc names the type of a bound that is no literal first.
            let (first, second) = literals.lowerOnly ? (y, x) : (x, y)
            throw RuntimeError(ConversionMessage.conflictingGenericArguments(
                parameter: "Self", first: typeName(first), second: typeName(second)), at: loc)
        default:
            throw RuntimeError(UnsupportedMessage.rangesOfType(typeName(x)), at: loc)
        }
    }
}

extension InterpreterCore {
    /// `lo...hi` with a Float bound: a literal beside it is a Float (rounded to one), as
    /// swiftc types it; nil when neither bound is a Float.
    private func floatRange(_ x: Value, _ y: Value, closed: Bool, literals: RangeBoundLiterals, _ loc: SourceLocation) throws -> Value? {
        func bound(_ v: Value, literal: Bool) -> Float? {
            switch v {
            case .float(let f): return f
            case .int(let i) where literal: return Float(i)
            case .double(let d) where literal: return Float(d)
            default: return nil
            }
        }
        guard case .float = x else {
            guard case .float = y else { return nil }
            guard let lo = bound(x, literal: literals.lowerIsLiteral), let hi = bound(y, literal: false) else { return nil }
            return try made(lo, hi)
        }
        guard let lo = bound(x, literal: false), let hi = bound(y, literal: literals.upperIsLiteral) else { return nil }
        return try made(lo, hi)
        func made(_ lo: Float, _ hi: Float) throws -> Value {
            if !(lo <= hi) { throw RuntimeError(TrapMessage.rangeLowerAboveUpper, at: loc) }
            return .object(DoubleRange(lower: Double(lo), upper: Double(hi), closed: closed, isFloat: true))
        }
    }
}

/// What a range's bounds are as syntax, which decides how swiftc types a mixed pair.
struct RangeBoundLiterals {
    /// An integer literal is a Double beside a Double.
    let integerLower: Bool, integerUpper: Bool
    /// Only the lower bound is a literal (of any number type).
    let lowerOnly: Bool
    /// Both bounds are literals (of any number type).
    let both: Bool
    /// Each bound is a number literal (of any number type).
    let lowerIsLiteral: Bool, upperIsLiteral: Bool

    init(_ lower: Expr, _ upper: Expr) {
        integerLower = isIntegerLiteralBound(lower)
        integerUpper = isIntegerLiteralBound(upper)
        lowerOnly = isNumberLiteral(lower) && !isNumberLiteral(upper)
        lowerIsLiteral = isNumberLiteral(lower)
        upperIsLiteral = isNumberLiteral(upper)
        both = lowerIsLiteral && upperIsLiteral
    }
}

private func isNumberLiteral(_ e: Expr) -> Bool {
    switch e.kind {
    case .integer, .double: return true
    case .unary(.negate, let x): return isNumberLiteral(x)
    default: return false
    }
}

/// `1...3`, `0..<-1`: a range whose bounds are both integer literals, which swiftc types
/// as a range of Double beside one.
func isIntegerLiteralRange(_ e: Expr) -> Bool {
    guard case .binary(let op, let l, let r) = e.kind, op == .closedRange || op == .halfOpenRange else { return false }
    return isIntegerLiteralBound(l) && isIntegerLiteralBound(r)
}

extension InterpreterCore {
    /// `d == 0...1` with `d` a range of Double: the literal range is one of Doubles too; a
    /// range of Int that is no literal beside one of Double is swiftc's error.
    func alignRangeBounds(_ x: inout Value, _ y: inout Value, literals: (Bool, Bool), op: String, _ loc: SourceLocation) throws {
        switch (x, y) {
        case (.range(let lo, let hi, let c), .object(let d as DoubleRange)):
            guard literals.0, c == d.closed else { break }
            x = .object(DoubleRange(lower: Double(lo), upper: Double(hi), closed: c))
            return
        case (.object(let d as DoubleRange), .range(let lo, let hi, let c)):
            guard literals.1, c == d.closed else { break }
            y = .object(DoubleRange(lower: Double(lo), upper: Double(hi), closed: c))
            return
        default: return
        }
        throw RuntimeError(ConversionMessage.binaryOperatorOperands(op: op, lhs: typeName(x), rhs: typeName(y)), at: loc)
    }
}

/// A floating-point literal, negated or not.
func isDoubleLiteralBound(_ e: Expr) -> Bool {
    switch e.kind {
    case .double: return true
    case .unary(.negate, let x): if case .double = x.kind { return true }; return false
    default: return false
    }
}

func isDoubleType(_ t: RType) -> Bool { if case .double = t { return true }; return false }

/// An integer literal, negated or not.
func isIntegerLiteralBound(_ e: Expr) -> Bool {
    switch e.kind {
    case .integer: return true
    case .unary(.negate, let x): if case .integer = x.kind { return true }; return false
    default: return false
    }
}

extension InterpreterCore {
    /// `for x in 0.0...1.0`, `for x in r`: the first of swiftc's errors at the loop (it
    /// lists `makeIterator()` and `next()` in either order from one run to the next).
    func doubleRangeNotSequence(closed: Bool, bound: String = "Double", at loc: SourceLocation) -> RuntimeError {
        RuntimeError(ConversionMessage.rangeMemberNeedsSignedInteger(
            kind: "instance method", member: "makeIterator()", range: closed ? "ClosedRange" : "Range", bound: bound), at: loc)
    }
}
