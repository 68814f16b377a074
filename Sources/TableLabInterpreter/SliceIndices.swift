// The methods of Array and ArraySlice whose arguments or results are indices.
//
// An ArraySlice shares its base's indices (`[5, 1, 4][1...]` has indices 1..<3), so every
// index a script passes to a slice's method, and every index or slice it gets back, is in
// the base's coordinates; the standard library's traps name the slice (`Index out of
// bounds`, `ArraySlice index is out of range (before startIndex)`), not the Array.

import TableLabSyntax

/// The elements of an Array or an ArraySlice with the index of the first one: what the
/// index methods work on, in the base's coordinates.
struct IndexedElements {
    var elements: [Value]
    var start: Int
    let isSlice: Bool
    var end: Int { start + elements.count }
    var typeName: String { isSlice ? "ArraySlice" : "Array" }
}

extension InterpreterCore {
    /// The methods a slice answers in its base's coordinates; nil for the others, which
    /// are an Array's. A mutating one stores the changed slice in `v`.
    func sliceOwnMethod(_ m: Ctx, _ v: inout Value, _ s: ArraySliceObject, _ method: BuiltinMethod, _ name: String,
                        _ a: [Value], _ mutable: Bool, _ reason: String, _ loc: SourceLocation) throws -> Value? {
        switch method {
        case .prefix_, .suffix_, .dropFirst_, .dropLast_, .dropFirst, .dropLast:
            var n = 1
            if let f = a.first, case .int(let k) = f { n = k }
            try negativeLengthCheck(name, n, loc)
            return sliceMethod(method, s.elements, start: s.startIndex, n)
        case .prefixUpTo, .prefixThrough, .suffixFrom:
            // `s[..<i]`, `s[...i]`, `s[i...]`, with the subscript's traps.
            guard case .int(let i) = a[0] else { return nil }
            let op: UnaryOperator = method == .prefixUpTo ? .rangeUpTo : method == .prefixThrough ? .rangeThrough : .rangeFrom
            return try sliceSubscript(s.elements, start: s.startIndex, .object(PartialRange(op, i)), loc, isSlice: true)
        case .prefixWhile, .dropWhile:
            guard case .object(let r as ArraySliceObject) = try answerAsArray(m, s.elements, method, a, loc) else { return nil }
            return .object(ArraySliceObject(r.elements, startIndex: r.startIndex + s.startIndex))
        case .splitSeparator, .splitWhereSeparator, .splitSeparatorMaxSplits, .splitSeparatorOmitting, .splitSeparatorMaxSplitsOmitting,
             .splitMaxSplitsWhereSeparator, .splitOmittingWhereSeparator, .splitMaxSplitsOmittingWhereSeparator:
            guard case .array(let parts) = try answerAsArray(m, s.elements, method, a, loc) else { return nil }
            return .array(parts.map { p in
                guard case .object(let r as ArraySliceObject) = p else { return p }
                return .object(ArraySliceObject(r.elements, startIndex: r.startIndex + s.startIndex))
            })
        case .firstIndexOf, .lastIndexOf, .firstIndexWhere, .lastIndexWhere:
            let r = try answerAsArray(m, s.elements, method, a, loc)
            if case .wrapped(.int(let i)) = r { return .wrapped(.int(i + s.startIndex)) }
            return r
        default:
            var x = IndexedElements(elements: s.elements, start: s.startIndex, isSlice: true)
            guard let r = try indexMethod(&x, method, a, mutable, reason, loc) else { return nil }
            if x.elements.count != s.elements.count || x.start != s.startIndex || Self.changesInPlace(method) {
                v = .object(ArraySliceObject(x.elements, startIndex: x.start))
            }
            return r
        }
    }

    /// A non-mutating built-in method called on a value made here (an Array of a slice's
    /// elements), with the arguments already taken from the stack.
    private func answerAsArray(_ m: Ctx, _ elements: [Value], _ method: BuiltinMethod, _ a: [Value], _ loc: SourceLocation) throws -> Value {
        var v = Value.array(elements)
        for x in a { m.push(x) }
        return try callBuiltinMethod(m, &v, method, "", method.rawValue, a.count, false, "", loc)
    }

    private static func changesInPlace(_ method: BuiltinMethod) -> Bool { method == .swapAt__ }

    /// Array's index methods that its fast paths leave out; nil for the others.
    func arrayIndexMethod(_ v: inout Value, _ method: BuiltinMethod, _ a: [Value], _ mutable: Bool, _ reason: String,
                          _ loc: SourceLocation) throws -> Value? {
        switch method {
        case .removeFirst_, .removeLast_, .insertContentsOfAt, .replaceSubrangeWith, .removeSubrange_,
             .indexAfter, .indexBefore, .indexOffsetBy, .distanceFromTo:
            guard case .array(let arr) = v else { return nil }
            var x = IndexedElements(elements: arr.values, start: 0, isSlice: false)
            _ = consume arr
            guard let r = try indexMethod(&x, method, a, mutable, reason, loc) else { return nil }
            if Self.mutatingIndexMethods.contains(method) { v = .array(x.elements) }
            return r
        default:
            return nil
        }
    }

    private static let mutatingIndexMethods: Set<BuiltinMethod> = [
        .swapAt__, .removeAt, .insert_At, .removeFirst, .removeFirst_, .removeLast_, .popFirst, .insertContentsOfAt,
        .replaceSubrangeWith, .removeSubrange_,
    ]

    /// The index methods of an Array or a slice, in its coordinates, with the standard
    /// library's traps; nil for another method.
    func indexMethod(_ x: inout IndexedElements, _ method: BuiltinMethod, _ a: [Value], _ mutable: Bool, _ reason: String,
                     _ loc: SourceLocation) throws -> Value? {
        func int(_ k: Int) throws -> Int {
            guard k < a.count, case .int(let n) = a[k] else { throw RuntimeError(ConversionMessage.cannotConvertArgument(type: k < a.count ? typeName(a[k]) : "()", to: "Int"), at: loc) }
            return n
        }
        switch method {
        case .indexAfter: return .int(try int(0) + 1)
        case .indexBefore: return .int(try int(0) - 1)
        case .indexOffsetBy: return .int(try int(0) + int(1))
        case .distanceFromTo: return .int(try int(1) - int(0))
        default: break
        }
        guard Self.mutatingIndexMethods.contains(method) else { return nil }
        try mutatingCheck(mutable, reason, loc)
        switch method {
        case .swapAt__:
            let i = try elementIndex(x, try int(0), loc), j = try elementIndex(x, try int(1), loc)
            x.elements.swapAt(i, j)
            return .void
        case .removeAt:
            return x.elements.remove(at: try elementIndex(x, try int(0), loc))
        case .insert_At:
            let i = try int(1)
            if x.isSlice && i < x.start { throw RuntimeError(TrapMessage.sliceIndexBeforeStart, at: loc) }
            if i < x.start || i > x.end { throw RuntimeError(x.isSlice ? TrapMessage.sliceIndexOutOfRange : .arrayIndexOutOfRange, at: loc) }
            x.elements.insert(a[0], at: i - x.start)
            return .void
        case .removeFirst, .popFirst:
            guard let first = x.elements.first else {
                if method == .popFirst { return .nilValue }
                throw RuntimeError(TrapMessage.removeFromEmpty(end: "first"), at: loc)
            }
            x.elements.removeFirst()
            if x.isSlice { x.start += 1 }
            return method == .popFirst ? .wrapped(first) : first
        case .removeFirst_, .removeLast_:
            let k = try int(0)
            if k < 0 { throw RuntimeError(TrapMessage.removeNegativeCount, at: loc) }
            if k > x.elements.count {
                let word = method == .removeFirst_ && !x.isSlice ? "has" : "contains"
                throw RuntimeError(TrapMessage.removeMoreThanContained(word: word), at: loc)
            }
            if method == .removeLast_ { x.elements.removeLast(k); return .void }
            x.elements.removeFirst(k)
            if x.isSlice { x.start += k }
            return .void
        case .insertContentsOfAt:
            let i = try int(1)
            try replace(&x, i, i, try sequenceElements(a[0], loc), loc)
            return .void
        case .replaceSubrangeWith, .removeSubrange_:
            guard let (lo, hi) = try rangeBounds(a[0], x, loc) else {
                throw RuntimeError(ConversionMessage.cannotConvertArgument(type: typeName(a[0]), to: "Range<Int>"), at: loc)
            }
            try replace(&x, lo, hi, method == .removeSubrange_ ? [] : try sequenceElements(a[1], loc), loc)
            return .void
        default:
            return nil
        }
    }

    /// The position in `x.elements` of the element at index `i`, or the standard library's trap.
    private func elementIndex(_ x: IndexedElements, _ i: Int, _ loc: SourceLocation) throws -> Int {
        if i < x.start || i >= x.end { throw RuntimeError(x.isSlice ? TrapMessage.sliceIndexOutOfBounds : .indexOutOfRange, at: loc) }
        return i - x.start
    }

    /// Swift's `replaceSubrange` over indices `lo..<hi`, with its traps.
    private func replace(_ x: inout IndexedElements, _ lo: Int, _ hi: Int, _ new: [Value], _ loc: SourceLocation) throws {
        if lo < x.start { throw RuntimeError(x.isSlice ? TrapMessage.replaceStartBeforeStart : .replaceStartNegative, at: loc) }
        if hi > x.end { throw RuntimeError(TrapMessage.replacePastEnd(type: x.typeName), at: loc) }
        x.elements.replaceSubrange((lo - x.start)..<(hi - x.start), with: new)
    }

    /// The bounds `lo..<hi` a range argument names in `x` (a partial range reaches its
    /// start or end); nil when `r` is no range of Ints.
    private func rangeBounds(_ r: Value, _ x: IndexedElements, _ loc: SourceLocation) throws -> (Int, Int)? {
        switch r {
        case .range(let l, let u, let c):
            if c && u == Int.max { throw RuntimeError(TrapMessage.rangeEndHasNoSuccessor, at: loc) }
            return (l, c ? u + 1 : u)
        case .object(is UnboundedRange):
            return (x.start, x.end)
        case .object(let p as PartialRange):
            let (lo, hi) = p.resolve(start: x.start, end: x.end)
            if lo > hi { throw RuntimeError(TrapMessage.rangeLowerAboveUpper, at: loc) }
            return (lo, hi)
        default:
            return nil
        }
    }
}

/// `...` written as a subscript's argument (`xs[...]`): Swift's UnboundedRange, the whole
/// collection from its start index to its end.
final class UnboundedRange: NativeObject {
    override var typeName: String { "(UnboundedRange_) -> ()" }

    /// The range of every index of `collection`, as the partial ranges are read; nil for a
    /// value with no such indices.
    static func whole(of collection: Value) -> Value? {
        switch collection {
        case .array: return .object(PartialRange(.rangeFrom, 0))
        case .object(let s as ArraySliceObject): return .object(PartialRange(.rangeFrom, s.startIndex))
        case .string: return .object(StringIndexRange(lower: 0, upper: nil, closed: false))
        default: return nil
        }
    }
}
