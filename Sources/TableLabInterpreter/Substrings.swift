// Substring: a slice of a String that shares its base's indices (`s.dropFirst(6).startIndex`
// is the base's index of its seventh Character, so `s[t.startIndex]` works), as Swift's.
//
// A Substring is a `SubstringObject` (a value of `.object`, as String.Index and ArraySlice
// are): its base, where it starts there (a String.Index here is a position in Characters)
// and its own text. Nothing is added to a plain String's paths: a String's slicing methods
// make one, and everything else reaches it only where a String's fast cases did not match.
// Its methods are String's on its text; the ones that take or give indices or slices are
// moved into the base's coordinates around that call.

import TableLabSyntax

final class SubstringObject: NativeObject {
    let base: String
    /// The offset in Characters of its first Character in `base`; -1: it ends where `base`
    /// ends (a suffix), counted only when an index is asked for.
    private let givenStart: Int
    let text: String
    init(base: String, start: Int, text: String) { self.base = base; givenStart = start; self.text = text }
    /// A Substring that ends where its base ends (`s.suffix(n)`).
    init(base: String, endingText text: String) { self.base = base; givenStart = -1; self.text = text }
    var start: Int { givenStart >= 0 ? givenStart : base.count - text.count }
    /// A Substring of the whole String (a literal given where a Substring is expected).
    convenience init(whole s: String) { self.init(base: s, start: 0, text: s) }
    override var typeName: String { "Substring" }
    override var textDescription: String { text }
    override var isComparableInSwift: Bool { true }
    var end: Int { start + text.count }

    /// What `append(_:)` of a Character leaves: the base with it inserted where this slice
    /// ends, the slice grown over it (its start kept), as swiftc's program shows.
    func inserting(_ c: String) -> SubstringObject {
        let chars = Array(base)
        let cut = min(end, chars.count)
        return SubstringObject(base: String(chars[..<cut]) + c + String(chars[cut...]), start: start, text: text + c)
    }

    /// What `t + x`, `t += x` and `append(contentsOf:)` give: swiftc's Substring holds the joined text as a base
    /// of its own (`(t + x).startIndex` is that String's start, not `t`'s).
    func appending(_ extra: String) -> SubstringObject { SubstringObject(whole: text + extra) }
}

extension InterpreterCore {
    /// The methods whose result holds indices or slices of the receiver.
    private static let substringResultMethods: Set<BuiltinMethod> = [
        .prefix_, .suffix_, .dropFirst, .dropLast, .dropFirst_, .dropLast_, .prefixWhile, .dropWhile,
        .suffixFrom, .prefixUpTo, .prefixThrough,
        .splitSeparator, .splitWhereSeparator, .splitSeparatorMaxSplits, .splitSeparatorOmitting, .splitSeparatorMaxSplitsOmitting,
        .splitMaxSplitsWhereSeparator, .splitOmittingWhereSeparator, .splitMaxSplitsOmittingWhereSeparator,
        .indexOffsetBy, .indexOffsetByLimitedBy, .indexAfter, .indexBefore, .firstIndexOf, .lastIndexOf,
        .firstIndexWhere, .lastIndexWhere, .rangeOf,
    ]

    /// The methods that take indices of the receiver (moved into its own text's coordinates).
    private static let substringIndexArgumentMethods: Set<BuiltinMethod> = [
        .indexOffsetBy, .indexOffsetByLimitedBy, .indexAfter, .indexBefore, .distanceFromTo, .suffixFrom, .prefixUpTo, .prefixThrough,
    ]

    /// The other methods that change the receiver, whose effect on its base and indices
    /// differs from one to another in Swift and is not modelled here (refused by name).
    private static let substringMutatingMethods: Set<BuiltinMethod> = [
        .insert_At, .insertContentsOfAt, .removeAt, .removeFirst_, .removeLast_, .removeAll, .removeAllWhere, .removeSubrange_,
        .replaceSubrangeWith, .reverse, .sort, .sortBy,
    ]

    /// `append`, `append(contentsOf:)`, `removeFirst()`, `removeLast()`, `popLast()` of a
    /// Substring, as swiftc's program leaves its base and indices; nil for other methods.
    private func substringEdit(_ v: inout Value, _ sub: SubstringObject, _ method: BuiltinMethod, _ a: [Value], _ mutable: Bool,
                               _ reason: String, _ loc: SourceLocation) throws -> Value? {
        switch method {
        case .append_, .appendContentsOf:
            guard let extra = Self.stringText(a[0]) else { return nil }
            try mutatingCheck(mutable, reason, loc)
            v = .object(method == .append_ ? sub.inserting(extra) : sub.appending(extra))
            return .void
        case .removeFirst, .removeLast, .popLast:
            try mutatingCheck(mutable, reason, loc)
            guard let c = method == .removeFirst ? sub.text.first : sub.text.last else {
                if method == .popLast { return .nilValue }
                throw RuntimeError(TrapMessage.removeFromEmpty(end: method == .removeFirst ? "first" : "last"), at: loc)
            }
            let first = method == .removeFirst
            v = .object(SubstringObject(base: sub.base, start: first ? sub.start + 1 : sub.start,
                                        text: String(first ? sub.text.dropFirst() : sub.text.dropLast())))
            return method == .popLast ? .wrapped(.string(String(c))) : .string(String(c))
        default:
            return nil
        }
    }

    /// A method of a Substring: String's on its text, with indices and slices in its base's
    /// coordinates. The arguments are the top `argc` stack slots (consumed).
    func callSubstringMethod(_ m: Ctx, _ receiver: inout Value, _ sub: SubstringObject, _ method: BuiltinMethod, _ name: String,
                             _ fullName: String, _ argc: Int, _ mutable: Bool, _ reason: String, _ loc: SourceLocation,
                             trailingClosure: TrailingClosureForm?) throws -> Value {
        var a = argsArray(m, argc)
        // A trailing closure drops its label: `t.firstIndex { }` is `firstIndex(where:)`.
        var method = method
        if let trailingClosure, let last = a.last, case .function = last { method = trailingClosure.method }
        if let r = try substringEdit(&receiver, sub, method, a, mutable, reason, loc) { return r }
        if Self.substringMutatingMethods.contains(method) {
            throw RuntimeError(UnsupportedMessage.substringMutation(fullName), at: loc)
        }
        if Self.substringIndexArgumentMethods.contains(method) {
            a = a.map { x in
                if case .object(let i as StringIndexObject) = x { return .object(StringIndexObject(i.offset - sub.start)) }
                return x
            }
        }
        // The standard library names the Substring where a step leaves its bounds.
        if method == .indexAfter || method == .indexBefore, case .object(let i as StringIndexObject) = a[0] {
            let n = sub.text.count
            let outside = method == .indexAfter ? i.offset < 0 || i.offset >= n : i.offset <= 0 || i.offset > n
            if outside { throw RuntimeError(TrapMessage.substringIndexOutOfBounds, at: loc) }
        }
        // The views that print with their base name it: `ReversedCollection<Substring>`.
        if a.isEmpty, method == .reversed {
            return .object(ReversedCollection(base: .object(sub), elements: sub.text.reversed().map { .string(String($0)) }))
        }
        if a.isEmpty, method == .enumerated { return enumeratedSequence(of: .object(sub), sub.text.map { .string(String($0)) }) }
        var v = Value.string(sub.text)
        for x in a { m.push(x) }
        let r = try callBuiltinMethod(m, &v, method, name, fullName, argc, false, reason, loc, trailingClosure: trailingClosure)
        return Self.substringResultMethods.contains(method) ? Self.rebased(r, on: sub) : r
    }

    /// A result computed on a Substring's text, its indices and slices moved to the base.
    static func rebased(_ v: Value, on sub: SubstringObject) -> Value {
        switch v {
        case .object(let s as SubstringObject):
            return .object(SubstringObject(base: sub.base, start: sub.start + s.start, text: s.text))
        case .object(let i as StringIndexObject): return .object(StringIndexObject(i.offset + sub.start))
        case .object(let r as StringIndexRange):
            return .object(StringIndexRange(lower: r.lower.map { $0 + sub.start }, upper: r.upper.map { $0 + sub.start }, closed: r.closed))
        case .wrapped(let x): return .wrapped(rebased(x, on: sub))
        case .array(let xs): return .array(ValueArray(xs.values.map { rebased($0, on: sub) }))
        default: return v
        }
    }

    /// A Substring's property: its indices are its base's; the others are its text's.
    func substringMember(_ sub: SubstringObject, _ name: String, _ cache: MemberCache, _ loc: SourceLocation, _ m: Ctx) throws -> Value {
        let property = cache.builtinProperty == .other ? BuiltinProperty(name: name) : cache.builtinProperty
        switch property {
        case .startIndex: return .object(StringIndexObject(sub.start))
        case .endIndex: return .object(StringIndexObject(sub.end))
        case .indices: return .array((sub.start..<sub.end).map { .object(StringIndexObject($0)) })
        case .debugDescription: return .string(sub.text.debugDescription)
        case .description: return .string(sub.text)
        default: break
        }
        if name == "base" { return .string(sub.base) }
        return try getMember(.string(sub.text), name, cache, loc, m)
    }

    /// `t[i]`, `t[i..<j]` of a Substring: positions of its base, within its bounds.
    func substringSubscript(_ sub: SubstringObject, _ i: Value, _ loc: SourceLocation) throws -> Value? {
        let local: Value
        switch i {
        case .object(let x as StringIndexObject):
            guard x.offset >= sub.start, x.offset < sub.end else { throw RuntimeError(TrapMessage.substringIndexOutOfBounds, at: loc) }
            local = .object(StringIndexObject(x.offset - sub.start))
        case .object(let r as StringIndexRange):
            local = .object(StringIndexRange(lower: r.lower.map { $0 - sub.start }, upper: r.upper.map { $0 - sub.start }, closed: r.closed))
        default: return nil
        }
        guard let r = try stringIndexSubscript(sub.text, local, loc) else { return nil }
        return Self.rebased(r, on: sub)
    }

    /// The text of a String or a Substring; nil for other values.
    static func stringText(_ v: Value) -> String? {
        switch v {
        case .string(let s): return s
        case .object(let s as SubstringObject): return s.text
        default: return nil
        }
    }

    /// `+` with a Substring operand: RangeReplaceableCollection's, whose result is the left
    /// operand's type (a Substring of a new base), or a String where the left one is a
    /// String. nil when neither operand is a Substring.
    func substringConcatenation(_ x: Value, _ y: Value, _ loc: SourceLocation) throws -> Value? {
        guard let p = Self.stringText(x), let q = Self.stringText(y) else { return nil }
        try reserve(p.utf8.count &+ q.utf8.count, "a string of \(p.utf8.count &+ q.utf8.count) bytes", at: loc)
        switch x {
        case .object(let s as SubstringObject): return .object(s.appending(q))
        default:
            guard case .object(is SubstringObject) = y else { return nil }
            return .string(p + q)
        }
    }

    /// `x is Substring`, `x as? Substring`, `x as! Substring`.
    func substringCast(_ v: Value, _ kind: CastKind, _ loc: SourceLocation) throws -> Value {
        var x = v
        while case .wrapped(let w) = x { x = w }
        let isSubstring: Bool
        if case .object(is SubstringObject) = x { isSubstring = true } else { isSubstring = false }
        switch kind {
        case .is: return .bool(isSubstring)
        case .conditional: return isSubstring ? .wrapped(x) : .nilValue
        default:
            if isSubstring { return x }
            if case .nilValue = x { throw RuntimeError(TrapMessage.nilUnwrapped, at: loc) }
            throw RuntimeError(TrapMessage.castFailed(type: castTypeName(x), to: "Substring"), at: loc)
        }
    }
}
