// String indices: `s.startIndex`, `s.index(i, offsetBy: n)`, `s.index(after:)`,
// `s.firstIndex(of:)`, `s.range(of:)`, `s[i]`, `s[i...]`, `s[..<j]`, `s[i..<j]`, `s.distance(from:to:)`,
// comparisons of indices. An index is a position in Characters (a `String.Index` object);
// a range of them is a `StringIndexRange`. Printing one is refused by name: Swift prints
// its internal bits.

import TableLabSyntax

final class StringIndexObject: NativeObject {
    let offset: Int
    init(_ offset: Int) { self.offset = offset }
    override var typeName: String { "String.Index" }
}

/// `i..<j`, `i...j`, `i...`, `..<j`, `...j` over String indices.
final class StringIndexRange: NativeObject {
    let lower: Int?
    let upper: Int?
    let closed: Bool
    init(lower: Int?, upper: Int?, closed: Bool) { self.lower = lower; self.upper = upper; self.closed = closed }
    enum Member: Int, CaseIterable, Sendable {
        case lowerBound, upperBound, isEmpty
        static let names = ["lowerBound", "upperBound", "isEmpty"]
        static let table = HostMemberTable(names)
    }
    override func member(id: HostMemberID) throws -> Value? {
        guard let member = Member(rawValue: Member.table[id]) else { return nil }
        switch member {
        case .lowerBound: return lower.map { .object(StringIndexObject($0)) }
        case .upperBound: return upper.map { .object(StringIndexObject($0)) }
        case .isEmpty: return lower != nil && upper != nil && !closed ? .bool(lower == upper) : nil
        }
    }
    override var typeName: String {
        switch (lower, upper) {
        case (_?, _?): return closed ? "ClosedRange<String.Index>" : "Range<String.Index>"
        case (_?, nil): return "PartialRangeFrom<String.Index>"
        default: return closed ? "PartialRangeThrough<String.Index>" : "PartialRangeUpTo<String.Index>"
        }
    }
}

extension InterpreterCore {
    /// `lo..<hi` / `lo...hi` when the bounds are String indices; nil otherwise.
    func stringIndexRange(_ x: Value, _ y: Value, closed: Bool, _ loc: SourceLocation) throws -> Value? {
        guard case .object(let a as StringIndexObject) = x, case .object(let b as StringIndexObject) = y else { return nil }
        if b.offset < a.offset { throw RuntimeError(TrapMessage.rangeLowerAboveUpper, at: loc) }
        return .object(StringIndexRange(lower: a.offset, upper: b.offset, closed: closed))
    }

    /// `i...`, `..<j`, `...j` when the bound is a String index; nil otherwise.
    func stringIndexPartialRange(_ op: UnaryOperator, _ v: Value) -> Value? {
        guard case .object(let a as StringIndexObject) = v else { return nil }
        switch op {
        case .rangeFrom: return .object(StringIndexRange(lower: a.offset, upper: nil, closed: false))
        case .rangeThrough: return .object(StringIndexRange(lower: nil, upper: a.offset, closed: true))
        default: return .object(StringIndexRange(lower: nil, upper: a.offset, closed: false))
        }
    }

    /// `s[i]` (a Character) and `s[range]` (a Substring); nil when the index
    /// is neither.
    func stringIndexSubscript(_ s: String, _ i: Value, _ loc: SourceLocation) throws -> Value? {
        let chars = Array(s)
        switch i {
        case .object(let x as StringIndexObject):
            guard x.offset >= 0, x.offset < chars.count else {
                throw RuntimeError(TrapMessage.stringIndexOutOfBounds, at: loc)
            }
            return .string(String(chars[x.offset]))
        case .object(let r as StringIndexRange):
            let lo = r.lower ?? 0
            let hi = r.upper.map { r.closed ? $0 + 1 : $0 } ?? chars.count
            guard lo >= 0, hi <= chars.count, lo <= hi else {
                throw RuntimeError(TrapMessage.stringIndexOutOfBounds, at: loc)
            }
            return .object(SubstringObject(base: s, start: lo, text: String(chars[lo..<hi])))
        default:
            return nil
        }
    }

    /// `startIndex`, `endIndex` of a String; nil for other members.
    func stringIndexMember(_ s: String, _ property: BuiltinProperty) -> Value? {
        switch property {
        case .startIndex: return .object(StringIndexObject(0))
        case .endIndex: return .object(StringIndexObject(s.count))
        case .indices: return .array((0..<s.count).map { .object(StringIndexObject($0)) })
        default: return nil
        }
    }

    /// String's index methods; nil when `method` is not one.
    func stringIndexMethod(_ m: Ctx, _ s: String, _ method: BuiltinMethod, _ a: [Value], _ loc: SourceLocation) throws -> Value? {
        func index(_ v: Value) throws -> Int {
            guard case .object(let x as StringIndexObject) = v else {
                throw RuntimeError(ConversionMessage.cannotConvertArgument(type: typeName(v), to: "String.Index"), at: loc)
            }
            return x.offset
        }
        func made(_ o: Int) throws -> Value {
            guard o >= 0, o <= s.count else { throw RuntimeError(TrapMessage.stringIndexOutOfBounds, at: loc) }
            return .object(StringIndexObject(o))
        }
        // An offset past Int's range is as far out of bounds as Int.max: the same trap.
        func offset(_ i: Int, by n: Int) -> Int {
            let (j, overflow) = i.addingReportingOverflow(n)
            return overflow ? (n > 0 ? Int.max : Int.min) : j
        }
        switch method {
        case .indexOffsetBy:
            guard case .int(let n) = a[1] else { return nil }
            return try made(offset(try index(a[0]), by: n))
        case .indexOffsetByLimitedBy:
            guard case .int(let n) = a[1] else { return nil }
            let i = try index(a[0]), limit = try index(a[2])
            let j = offset(i, by: n)
            if n >= 0 ? (i <= limit && j > limit) : (i >= limit && j < limit) { return .nilValue }
            return .wrapped(try made(j))
        case .indexAfter: return try made(try index(a[0]) + 1)
        case .indexBefore: return try made(try index(a[0]) - 1)
        case .distanceFromTo: return .int(try index(a[1]) - index(a[0]))
        case .firstIndexOf, .lastIndexOf:
            guard case .string(let c) = a[0], c.count == 1 else { return nil }
            let chars = Array(s), ch = c.first!
            let found = method == .firstIndexOf ? chars.firstIndex(of: ch) : chars.lastIndex(of: ch)
            return found.map { .wrapped(.object(StringIndexObject($0))) } ?? .nilValue
        case .rangeOf:
            // Foundation's search without options; it finds no range of "". Outside ASCII it
            // matches canonically equivalent text, which TableLab does not model.
            guard case .string(let t) = a[0] else { return nil }
            guard FoundationComparison.isComparable(s, t) else {
                throw RuntimeError(UnsupportedMessage.rangeOfOutsideASCII, at: loc)
            }
            let chars = Array(s), needle = Array(t)
            guard !needle.isEmpty, needle.count <= chars.count else { return .nilValue }
            for i in 0...(chars.count - needle.count) where chars[i..<(i + needle.count)].elementsEqual(needle) {
                return .wrapped(.object(StringIndexRange(lower: i, upper: i + needle.count, closed: false)))
            }
            return .nilValue
        case .firstIndexWhere, .lastIndexWhere:
            guard case .function(let f) = a[0] else { return nil }
            let chars = Array(s)
            let order = method == .firstIndexWhere ? Array(chars.indices) : Array(chars.indices.reversed())
            for i in order {
                if case .bool(true) = try callFunction(m, f, [.string(String(chars[i]))], loc) {
                    return .wrapped(.object(StringIndexObject(i)))
                }
            }
            return .nilValue
        default:
            return nil
        }
    }

    /// `==` and `<` of two String indices; nil when they are not both indices.
    func compareStringIndices(_ x: Value, _ y: Value, less: Bool) -> Bool? {
        guard case .object(let a as StringIndexObject) = x, case .object(let b as StringIndexObject) = y else { return nil }
        return less ? a.offset < b.offset : a.offset == b.offset
    }
}

extension InterpreterCore {
    /// Swift prints a String.Index as its internal bits (`Index(_rawBits: 65793)`), which
    /// TableLab does not have: printing one is an error that says so.
    func noteIndexDescribed(_ o: NativeObject) {
        guard pendingDescribeError == nil else { return }
        pendingDescribeError = RuntimeError(UnsupportedMessage.printingStringIndex(o.typeName), at: .unknown)
    }
}
