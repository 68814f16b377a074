// A range's SubSequence. `Range<Int>` is its own: `(0..<5).dropFirst()` is `1..<5`, and
// `r[1...]`, `r.prefix(2)`, `r.split(separator: 2)` answer ranges, in the range's own
// indices (its values). A `ClosedRange<Int>`'s is `Slice<ClosedRange<Int>>`, which Swift
// prints with its indices (`ClosedRange<Int>.Index.inRange(1)`, `.pastEnd`); those
// indices are not Ints, so what would hand one to the script is refused by name.

import TableLabSyntax

/// The base of a `Slice<ClosedRange<Int>>` and where the slice starts, as an offset from
/// the base's lower bound.
struct ClosedRangeSliceBase {
    let lower: Int
    let upper: Int
    let offset: Int
}

extension InterpreterCore {
    /// The methods whose answer is a collection's SubSequence, or an Array of them.
    static let rangeSliceMethods: Set<BuiltinMethod> = subSequenceMethods.union([
        .splitSeparator, .splitWhereSeparator, .splitSeparatorMaxSplits, .splitSeparatorOmitting, .splitSeparatorMaxSplitsOmitting,
        .splitMaxSplitsWhereSeparator, .splitOmittingWhereSeparator, .splitMaxSplitsOmittingWhereSeparator,
    ])

    /// The methods that take or answer a collection's indices.
    static let rangeIndexMethods: Set<BuiltinMethod> = [
        .firstIndexOf, .lastIndexOf, .firstIndexWhere, .lastIndexWhere, .indexAfter, .indexBefore, .indexOffsetBy,
        .distanceFromTo, .prefixUpTo, .prefixThrough, .suffixFrom,
    ]

    /// A method of `l..<u` or `l...u` whose answer is made of the range's slices or
    /// indices; nil for the others, which answer as an Array of the elements does.
    func rangeSliceMethod(_ m: Ctx, _ v: Value, _ l: Int, _ u: Int, _ closed: Bool, _ method: BuiltinMethod, _ name: String,
                          _ fullName: String, _ a: [Value], _ argc: Int, _ loc: SourceLocation) throws -> Value? {
        if closed, Self.rangeIndexMethods.contains(method) {
            throw RuntimeError(UnsupportedMessage.closedRangeIndex(fullName), at: loc)
        }
        if !closed, method == .suffixFrom || method == .prefixUpTo || method == .prefixThrough, case .int(let i) = a[0] {
            let op: UnaryOperator = method == .suffixFrom ? .rangeFrom : method == .prefixUpTo ? .rangeUpTo : .rangeThrough
            return try rangeSubscript(l, u, .object(PartialRange(op, i)), loc)
        }
        guard Self.rangeSliceMethods.contains(method) else { return nil }
        let answer = try answerOfElements(m, try sequenceElements(v, loc), method, name, fullName, a, argc, loc)
        return rangeParts(of: answer) { lo, hi in
            closed ? self.closedRangeSlice(ClosedRangeSliceBase(lower: l, upper: u, offset: 0), lo, hi) : .range(lower: l + lo, upper: l + hi, closed: false)
        }
    }

    /// A method of a `Slice<ClosedRange<Int>>`: its slices stay slices of the base; nil for
    /// the methods that answer as an Array of the elements does.
    func closedRangeSliceMethod(_ m: Ctx, _ s: ArraySliceObject, _ base: ClosedRangeSliceBase, _ method: BuiltinMethod, _ name: String,
                                _ fullName: String, _ a: [Value], _ argc: Int, _ loc: SourceLocation) throws -> Value? {
        if Self.rangeIndexMethods.contains(method) { throw RuntimeError(UnsupportedMessage.closedRangeIndex(fullName), at: loc) }
        if method == .reversed { return .object(ReversedCollection(base: .object(s), elements: s.elements.reversed())) }
        guard Self.rangeSliceMethods.contains(method) else { return nil }
        let answer = try answerOfElements(m, s.elements, method, name, fullName, a, argc, loc)
        return rangeParts(of: answer) { lo, hi in self.closedRangeSlice(base, lo, hi) }
    }

    /// An Array's answer for `elements`, the arguments already taken from the stack.
    private func answerOfElements(_ m: Ctx, _ elements: [Value], _ method: BuiltinMethod, _ name: String, _ fullName: String,
                                  _ a: [Value], _ argc: Int, _ loc: SourceLocation) throws -> Value {
        var arr = Value.array(elements)
        for x in a { m.push(x) }
        return try callBuiltinMethod(m, &arr, method, name, fullName, argc, false, "range is immutable", loc)
    }

    /// Each ArraySlice in an Array's answer (offsets `lo..<hi` into the elements) made the
    /// range's slice by `make`.
    private func rangeParts(of answer: Value, _ make: (Int, Int) -> Value) -> Value {
        switch answer {
        case .object(let s as ArraySliceObject) where s.viewName == nil: return make(s.startIndex, s.endIndex)
        case .array(let parts): return .array(parts.map { rangeParts(of: $0, make) })
        default: return answer
        }
    }

    /// The elements at offsets `lo..<hi` of `base`'s slice, as a slice of its base.
    func closedRangeSlice(_ base: ClosedRangeSliceBase, _ lo: Int, _ hi: Int) -> Value {
        let from = base.offset + lo, to = base.offset + hi
        let (l, u) = (base.lower, base.upper)
        let count = u - l + 1
        func index(_ k: Int) -> String { k == count ? "pastEnd" : "inRange(\(l + k))" }
        let kind = "(extension in Swift):Swift.ClosedRange<Swift.Int>.Index."
        let fields = "(_startIndex: \(kind)\(index(from)), _endIndex: \(kind)\(index(to)), _base: ClosedRange(\(l)...\(u)))"
        let slice = ArraySliceObject(view: "Slice<ClosedRange<Int>>", text: "Slice<ClosedRange<Int>>" + fields,
                                     (from..<to).map { .int(l + $0) })
        slice.viewDebugText = "Swift.Slice<Swift.ClosedRange<Swift.Int>>" + fields
        slice.isCollectionSlice = true
        slice.closedRange = ClosedRangeSliceBase(lower: l, upper: u, offset: from)
        return .object(slice)
    }

    /// `r[i]`, `r[a..<b]`, `r[a...b]`, `r[a...]`, `r[..<b]`, `r[...b]`, `r[...]` of `l..<u`,
    /// whose indices are its values; nil for another index. A range index is not checked
    /// against the range (as in Swift), a one-sided one is made a range first, with its traps.
    func rangeSubscript(_ l: Int, _ u: Int, _ i: Value, _ loc: SourceLocation) throws -> Value? {
        switch i {
        case .int(let n):
            if n < l || n >= u { throw RuntimeError(TrapMessage.indexOutOfRange, at: loc) }
            return .int(n)
        case .range(let a, let b, let c):
            if !c { return .range(lower: a, upper: b, closed: false) }
            if b == Int.max { throw RuntimeError(TrapMessage.arithmeticOverflow, at: loc) }
            return .range(lower: a, upper: b + 1, closed: false)
        case .object(let p as PartialRange):
            switch p.op {
            case .rangeFrom:
                if p.bound > u { throw RuntimeError(TrapMessage.rangeLowerAboveUpper, at: loc) }
                return .range(lower: p.bound, upper: u, closed: false)
            case .rangeThrough:
                // `index(after:)` of the bound, which must be one of the range's.
                if p.bound < l || p.bound >= u { throw RuntimeError(TrapMessage.sliceIndexOutOfBounds, at: loc) }
                return .range(lower: l, upper: p.bound + 1, closed: false)
            default:
                if l > p.bound { throw RuntimeError(TrapMessage.rangeLowerAboveUpper, at: loc) }
                return .range(lower: l, upper: p.bound, closed: false)
            }
        case .object(is UnboundedRange): return .range(lower: l, upper: u, closed: false)
        default: return nil
        }
    }
}
