// `items.reversed()[i]`: Swift picks Sequence's `reversed() -> [Element]` overload when
// the result is subscripted with an Int (BidirectionalCollection's ReversedCollection has
// no Int subscript), so the subscript reads an Array. `let r = items.reversed(); r[0]`
// stays swiftc's error: there the ReversedCollection overload was chosen.

import TableLabSyntax

extension InterpreterCore {
    /// The subscript's base, as an Array when it is a `reversed()` call: nil for any other base.
    func reversedCallAsArray(_ base: Expr, _ args: [Argument], _ scope: FnScope) -> Eval? {
        guard args.count == 1, args[0].label == nil,
              case .call(let callee, let callArgs) = base.kind, callArgs.isEmpty,
              case .member(_, "reversed") = callee.kind else { return nil }
        let b = compileExpr(base, scope, expected: nil)
        return { m in
            let v = try b(m)
            if case .object(let r as ReversedCollection) = v { return .array(r.elements) }
            return v
        }
    }
}

extension InterpreterCore {
    /// The methods whose result is the collection's SubSequence (for a ReversedCollection,
    /// `Slice<ReversedCollection<Base>>`).
    static let subSequenceMethods: Set<BuiltinMethod> = [
        .prefix_, .suffix_, .dropFirst, .dropFirst_, .dropLast, .dropLast_, .prefixWhile, .dropWhile,
        .prefixUpTo, .prefixThrough, .suffixFrom,
    ]

    /// An Array's answer (an ArraySlice of the reversed elements) as the Slice of `r` Swift
    /// gives: its type, and its print, which names the reversed collection's indices (the
    /// base's positions after each end). Printing one whose base's type the values do not
    /// tell (an empty base, elements of a script's type) is refused by name.
    func reversedSlice(_ r: ReversedCollection, _ result: Value) -> Value {
        guard case .object(let s as ArraySliceObject) = result, s.viewName == nil else { return result }
        let base = genericTypeName(r.base) ?? r.declaredBaseName ?? "Array<_>"
        var text: String? = nil, debugText: String? = nil
        // A String's reversed indices print their raw bits: only an Array's are written.
        var standardElement: Bool = switch r.elements.first {
        case .int?, .double?, .string?, .bool?, .float?: true
        default: false
        }
        if case .array = r.base {} else { standardElement = false }
        if standardElement, let q = genericArgumentSpelling(r.base, qualified: true) {
            let n = r.elements.count, lo = s.startIndex, hi = s.startIndex + s.elements.count
            var baseText = ""
            describe(r.base, debug: true, into: &baseText)
            let fields = "(_startIndex: Swift.ReversedCollection<\(q)>.Index(base: \(n - lo)), "
                + "_endIndex: Swift.ReversedCollection<\(q)>.Index(base: \(n - hi)), _base: Swift.ReversedCollection<\(q)>(_base: \(baseText)))"
            text = "Slice<ReversedCollection<\(base)>>" + fields
            debugText = "Swift.Slice<Swift.ReversedCollection<\(q)>>" + fields
        }
        let slice = ArraySliceObject(view: "Slice<ReversedCollection<\(base)>>", text: text, s.elements)
        slice.viewDebugText = debugText
        slice.isCollectionSlice = true
        return .object(slice)
    }
}
