// Swift's ArraySlice and one-sided ranges (`a[1...]`, `a[..<2]`, `a.dropFirst()`).
//
// A slice keeps its base's indices, as in Swift: `a.dropFirst()[1]` is `a[1]`, and
// `startIndex` is where it starts. It is an immutable object, so it has value semantics:
// a mutating method makes a new slice (with Swift's indices) and stores it back.

import TableLabSyntax
import TableLabExhaustiveness

final class ArraySliceObject: NativeObject {
    let elements: [Value]
    let startIndex: Int
    /// A sequence that is not a slice but is used as one (`s.utf8`, `stride(...)`,
    /// `zip(...)`): its Swift type, and how `print` writes it (nil: printing it is an error).
    var viewName: String? = nil
    var viewText: String? = nil
    /// `viewText` as Swift writes it inside a collection, an Optional or `debugPrint`, its
    /// types named with their module (`Swift.Slice<…>`); nil: the same as `viewText`.
    var viewDebugText: String? = nil
    /// A `Slice` of another collection (`r.prefix(2)` of a ReversedCollection): its
    /// elements are what the conversions an ArraySlice takes read (`String(chars)`).
    var isCollectionSlice = false
    /// A `Slice<ClosedRange<Int>>` (`(0...4).dropFirst()`): its base and where it starts in
    /// it, as an offset from the base's lower bound (its indices are not Ints).
    var closedRange: ClosedRangeSliceBase? = nil
    /// A view whose `reversed()` is a ReversedCollection of it (an EnumeratedSequence), not
    /// the Array a plain Sequence's gives.
    var isBidirectionalView = false
    /// A view that is only a Sequence (`stride`, `zip`, a Set's slice, a dictionary's keys):
    /// Sequence's `reversed()` gives an Array of its elements.
    var isSequenceOnly = false
    /// `d.keys`, `d.values`: printed as an Array of them, named in `debugPrint` and inside a
    /// collection (`Dictionary.Keys(["a"])`); `type(of:)` says `Keys`.
    var dictionaryView: DictionaryView? = nil
    /// A view of a Set's or a Dictionary's elements in their unspecified order (`d.keys`,
    /// `s.enumerated()`): printing it, or a loop over it that prints, is warned of.
    var unordered: UnorderedKind? = nil
    /// `xs.enumerated()` of a base whose type is known: written with its base when printed.
    var enumerated: EnumeratedBase? = nil
    init(_ elements: [Value], startIndex: Int) { self.elements = elements; self.startIndex = startIndex }
    init(view name: String, text: String?, _ elements: [Value]) {
        self.elements = elements; self.startIndex = 0; self.viewName = name; self.viewText = text
    }
    var endIndex: Int { startIndex + elements.count }
    override var typeName: String { viewName ?? "ArraySlice" }
    /// The slice's members, found by ID: a collection view's (`CollectionMember`, in the
    /// same order) and its indices.
    enum Member: Int, CaseIterable, Sendable {
        case count, isEmpty, first, last, startIndex, endIndex, indices
        static let names = CollectionMember.names + ["startIndex", "endIndex", "indices"]
        static let table = HostMemberTable(names)
    }
    override func member(id: HostMemberID) throws -> Value? {
        guard let member = Member(rawValue: Member.table[id]) else { return nil }
        if let shared = CollectionMember(rawValue: member.rawValue) { return collectionMember(shared, of: elements) }
        if closedRange != nil { throw RuntimeError(UnsupportedMessage.closedRangeIndex(id.name), at: .unknown) }
        switch member {
        case .startIndex: return .int(startIndex)
        case .endIndex: return .int(endIndex)
        case .indices: return .range(lower: startIndex, upper: endIndex, closed: false)
        case .count, .isEmpty, .first, .last: return nil
        }
    }
}

enum DictionaryView: String { case keys = "Keys", values = "Values" }

/// What every collection view (a slice, a reversed collection) answers from its elements,
/// found by ID.
enum CollectionMember: Int, CaseIterable, Sendable {
    case count, isEmpty, first, last
    static let names = ["count", "isEmpty", "first", "last"]
    static let table = HostMemberTable(names)
}

/// `count`, `isEmpty`, `first`, `last` of a collection view's elements.
func collectionMember(_ member: CollectionMember, of elements: [Value]) -> Value {
    switch member {
    case .count: return .int(elements.count)
    case .isEmpty: return .bool(elements.isEmpty)
    case .first: return elements.first.map { .wrapped($0) } ?? .nilValue
    case .last: return elements.last.map { .wrapped($0) } ?? .nilValue
    }
}

/// `1...` (PartialRangeFrom), `...2` (PartialRangeThrough), `..<2` (PartialRangeUpTo).
final class PartialRange: NativeObject {
    let bound: Int
    let op: UnaryOperator
    init(_ op: UnaryOperator, _ bound: Int) { self.op = op; self.bound = bound }
    override var typeName: String {
        switch op {
        case .rangeFrom: return "PartialRangeFrom<Int>"
        case .rangeThrough: return "PartialRangeThrough<Int>"
        default: return "PartialRangeUpTo<Int>"
        }
    }
    override var textDescription: String {
        op == .rangeFrom ? "\(typeName)(lowerBound: \(bound))" : "\(typeName)(upperBound: \(bound))"
    }
    /// The concrete bounds within a collection's `start..<end`.
    func resolve(start: Int, end: Int) -> (Int, Int) {
        switch op {
        case .rangeFrom: return (bound, end)
        case .rangeThrough: return (start, bound &+ 1)
        default: return (start, bound)
        }
    }
    func contains(_ x: Int) -> Bool {
        switch op {
        case .rangeFrom: return x >= bound
        case .rangeThrough: return x <= bound
        default: return x < bound
        }
    }
}

extension InterpreterCore {
    func compilePartialRange(_ op: UnaryOperator, _ x: Expr, _ scope: FnScope, _ loc: SourceLocation) -> Eval {
        let ev = compileExpr(x, scope, expected: .int)
        return { [core = Unretained(self)] m in
            let v = try ev(m)
            guard case .int(let b) = v else {
                if let r = core.object.stringIndexPartialRange(op, v) { return r }
                throw RuntimeError(UnsupportedMessage.oneSidedRangesOfType(core.object.typeName(v)), at: loc)
            }
            return .object(PartialRange(op, b))
        }
    }

    /// `a[1...] = [9]`, `a[0..<2] = b[...]`: the Array's (or slice's) elements in the range
    /// replaced by the new ones (Swift's `replaceSubrange`; a slice keeps its start). False
    /// when `v` is neither or `i` no range.
    func replaceArraySubrange(_ v: inout Value, _ i: Value, _ new: Value, _ loc: SourceLocation) throws -> Bool {
        let start: Int, count: Int, first: Value?
        switch v {
        case .array(let a): (start, count, first) = (0, a.count, a.first)
        case .object(let s as ArraySliceObject) where s.viewName == nil: (start, count, first) = (s.startIndex, s.elements.count, s.elements.first)
        default: return false
        }
        let lo: Int, hi: Int
        switch i {
        case .range(let l, let u, let c):
            if c && u == Int.max { throw RuntimeError(TrapMessage.arrayIndexOutOfRange, at: loc) }
            (lo, hi) = (l, c ? u + 1 : u)
        case .object(let p as PartialRange):
            (lo, hi) = p.resolve(start: start, end: start + count)
        case .object(is UnboundedRange):
            (lo, hi) = (start, start + count)
        default:
            return false
        }
        let elements: [Value]
        switch new {
        case .array(let e): elements = e.values
        case .object(let s as ArraySliceObject) where s.viewName == nil: elements = s.elements
        case .object(let r as ReversedCollection): elements = r.elements
        default:
            throw RuntimeError(ConversionMessage.cannotAssignToSliceSubscript(type: typeName(new), element: first.map { typeName($0) } ?? "Element"), at: loc)
        }
        // The subscript checks the range first, with its traps.
        guard case .object(let s as ArraySliceObject) = v else {
            try sliceBoundsCheck(start: 0, end: count, lo, hi, loc, isSlice: false)
            v.withArray { $0.replaceSubrange(lo..<hi, with: elements) }
            return true
        }
        try sliceBoundsCheck(start: start, end: start + count, lo, hi, loc, isSlice: true)
        var changed = s.elements
        changed.replaceSubrange((lo - start)..<(hi - start), with: elements)
        v = .object(ArraySliceObject(changed, startIndex: start))
        return true
    }

    /// `a[1...].sort()`, `a[..<2].reverse()`, `a[r][0] = x`: the slice the range names is
    /// changed and written back as Swift's range subscript's setter does (`replaceSubrange`:
    /// a change of its count changes the Array's). False when `v` is neither an Array nor a
    /// slice, or `i` no range.
    func modifyArraySubrange(_ v: inout Value, _ index: Value, _ im: Immutability?, _ loc: SourceLocation, _ body: ModifyBody) throws -> Bool {
        var i = index
        switch i {
        case .range, .object(is PartialRange): break
        case .object(is UnboundedRange):
            guard let whole = UnboundedRange.whole(of: v) else { return false }
            i = whole
        default: return false
        }
        let part: Value?
        switch v {
        case .array(let a): part = try sliceSubscript(a.values, start: 0, i, loc, isSlice: false)
        case .object(let s as ArraySliceObject) where s.viewName == nil:
            part = try sliceSubscript(s.elements, start: s.startIndex, i, loc, isSlice: true)
        default: return false
        }
        guard var x = part else { return false }
        try body(&x, im)
        return try replaceArraySubrange(&v, i, x, loc)
    }

    /// `elements[lo..<hi]` in the coordinates of a collection whose first index is `start`.
    /// `isSlice`: the collection is an ArraySlice, whose traps name it.
    func slice(_ elements: [Value], start: Int, _ lo: Int, _ hi: Int, _ loc: SourceLocation, isSlice: Bool) throws -> Value {
        try sliceBoundsCheck(start: start, end: start + elements.count, lo, hi, loc, isSlice: isSlice)
        return .object(ArraySliceObject(Array(elements[(lo - start)..<(hi - start)]), startIndex: lo))
    }

    /// The traps of the subscript `lo..<hi` of a collection with indices `start..<end`.
    func sliceBoundsCheck(start: Int, end: Int, _ lo: Int, _ hi: Int, _ loc: SourceLocation, isSlice: Bool) throws {
        // A one-sided range past the end makes a range `lo..<hi` with lo > hi.
        if lo > hi { throw RuntimeError(TrapMessage.rangeLowerAboveUpper, at: loc) }
        if lo < start { throw RuntimeError(isSlice ? TrapMessage.sliceIndexBeforeStart : .negativeArrayIndex, at: loc) }
        if hi > end { throw RuntimeError(isSlice ? TrapMessage.sliceIndexOutOfRange : .arrayIndexOutOfRange, at: loc) }
    }

    /// `a[i]`, `a[r]` on an Array (start 0) or a slice, for an index that is not a plain Int
    /// of an Array (that fast path stays in `subscriptValue`). nil: not a slice subscript.
    func sliceSubscript(_ elements: [Value], start: Int, _ i: Value, _ loc: SourceLocation, isSlice: Bool,
                        view: String? = nil) throws -> Value? {
        if let view { throw RuntimeError(UnsupportedMessage.subscriptingView(view), at: loc) }
        switch i {
        case .int(let n):
            if n < start || n >= start + elements.count {
                throw RuntimeError(isSlice ? TrapMessage.sliceIndexOutOfBounds : .indexOutOfRange, at: loc)
            }
            return elements[n - start]
        case .range(let l, let u, let c):
            if c && u == Int.max { throw RuntimeError(TrapMessage.arrayIndexOutOfRange, at: loc) }
            return try slice(elements, start: start, l, c ? u + 1 : u, loc, isSlice: isSlice)
        case .object(let p as PartialRange):
            let (lo, hi) = p.resolve(start: start, end: start + elements.count)
            return try slice(elements, start: start, lo, hi, loc, isSlice: isSlice)
        default:
            return nil
        }
    }

    /// `prefix`, `suffix`, `dropFirst`, `dropLast` of an Array or slice: a slice.
    func sliceMethod(_ method: BuiltinMethod, _ elements: [Value], start: Int, _ n: Int) -> Value {
        let c = elements.count
        switch method {
        case .prefix_: return .object(ArraySliceObject(Array(elements.prefix(n)), startIndex: start))
        case .suffix_: return .object(ArraySliceObject(Array(elements.suffix(n)), startIndex: start + max(0, c - n)))
        case .dropFirst, .dropFirst_: return .object(ArraySliceObject(Array(elements.dropFirst(n)), startIndex: start + min(n, c)))
        default: return .object(ArraySliceObject(Array(elements.dropLast(n)), startIndex: start))
        }
    }

    /// A method called on a slice: those that take or answer indices or slices in the base's
    /// coordinates (SliceIndices.swift), the rest as an Array's; a mutating one stores a new
    /// slice in `v`. `cache`: the call site's, with the method's ID.
    func callSliceMethod(_ m: Ctx, _ v: inout Value, _ s: ArraySliceObject, _ name: String, _ fullName: String,
                         _ argc: Int, _ mutable: Bool, _ reason: String, _ cache: MemberCache, _ loc: SourceLocation) throws -> Value {
        let r = try sliceMethodResult(m, &v, s, name, fullName, argc, mutable, reason, cache, loc)
        // `d.keys.map { ... }`: made in the order of a Dictionary's keys (UnorderedOutput.swift).
        if let kind = s.unordered, Self.keepsElementOrder(cache.builtinMethod)
            || cache.trailingClosureForm.map({ Self.keepsElementOrder($0.method) }) == true {
            noteUnordered(r, kind)
        }
        return r
    }

    private func sliceMethodResult(_ m: Ctx, _ v: inout Value, _ s: ArraySliceObject, _ name: String, _ fullName: String,
                                   _ argc: Int, _ mutable: Bool, _ reason: String, _ cache: MemberCache,
                                   _ loc: SourceLocation) throws -> Value {
        let a = argsArray(m, argc)
        // A trailing closure drops its label: `s.prefix { }` is `prefix(while:)`, not `prefix(_:)`.
        var method = cache.builtinMethod
        if let form = cache.trailingClosureForm, let last = a.last, case .function = last { method = form.method }
        if let base = s.closedRange, let r = try closedRangeSliceMethod(m, s, base, method, name, fullName, a, argc, loc) { return r }
        if method == .enumerated { return enumeratedSequence(of: v, s.elements) }
        if method == .reversed, s.isBidirectionalView { return .object(ReversedCollection(base: v, elements: s.elements.reversed())) }
        if method == .reversed, s.isSequenceOnly { return .array(s.elements.reversed()) }
        if let r = try sliceOwnMethod(m, &v, s, method, name, a, mutable, reason, loc) { return r }
        for x in a { m.push(x) }
        var arr = Value.array(s.elements)
        let r = try callBuiltinMethod(m, &arr, method, name, fullName, argc, mutable, reason, loc,
                                      trailingClosure: cache.trailingClosureForm)
        if case .array(let changed) = arr, changed.count != s.elements.count || cache.namesMutatingMethod {
            v = .object(ArraySliceObject(changed.values, startIndex: s.startIndex))
        }
        return r
    }

    /// The names of the methods that may change a slice without changing its count.
    static let mutatingNames: Set<String> = ["append", "insert", "remove", "removeAll", "removeLast", "popLast", "sort", "reverse", "swapAt", "shuffle", "partition"]
}
