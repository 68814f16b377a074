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
