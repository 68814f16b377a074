// A nil of an inner Optional level that arrives where a deeper Optional is declared: `let
// b: Int?? = a` with `a` an `Int?` holding nil is `Optional(nil)` in Swift (the annotation
// wraps the value), and `if let x = b` takes the branch. A Value's nil does not say which
// level it is, so it stayed the outer nil (`nil`, the branch skipped): silently different.
// Where declarations tell the initializer's Optional depth, the missing levels are added.

import TableLabSyntax

extension InterpreterCore {
    static func optionalDepth(_ t: RType) -> Int {
        if case .optional(let w) = t { return 1 + optionalDepth(w) }
        return 0
    }

    /// The Optional depth of `e`'s type where declarations tell it; nil when they do not.
    private func declaredOptionalDepth(_ e: Expr, _ scope: FnScope) -> Int? {
        if case .tryMark(.optional, let x) = e.kind {
            // `try?` flattens (Swift 5): an Optional result keeps its depth, another gains one.
            guard let d = declaredOptionalDepth(x, scope) else { return nil }
            return max(1, d)
        }
        guard let t = copiedDeclaredType(e, scope) ?? resolvedType(of: e, scope) else { return nil }
        return Self.optionalDepth(t)
    }

    /// `ev` with a nil result wrapped to the level the annotation `t` holds it at.
    func nestedOptionalArrival(_ ev: @escaping Eval, _ e: Expr, _ t: RType?, _ scope: FnScope) -> Eval {
        guard let t, case let n = Self.optionalDepth(t), n >= 2,
              let k = declaredOptionalDepth(e, scope), k >= 1, k < n else { return ev }
        return { m in
            var v = try ev(m)
            guard case .nilValue = v else { return v }
            for _ in k..<n { v = .wrapped(v) }
            return v
        }
    }
}
