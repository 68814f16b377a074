// Int arithmetic without a Value at each step: `(s * 31 + i * 7) % 8` over plain locals
// and literals is computed as one tree of closures returning `Int?`, where the general
// path makes, checks and destroys a `Value` per operator. Chosen when the tree is
// compiled; at run time the tree answers nil when a local does not hold an Int, a step
// overflows or divides by zero, and the caller then evaluates the expression the general
// way, which reports exactly what Swift reports. The tree reads only literals and plain
// locals (no calls, no side effects), so evaluating it a second time is unobservable.

import TableLabSyntax

typealias PureIntEval = (Ctx) -> Int?

extension InterpreterCore {
    /// `e` as pure Int arithmetic, or nil when it is not one: integer literals, plain
    /// (unboxed) locals, `+ - * / %` and unary `-` of those.
    func compilePureInt(_ e: Expr, _ scope: FnScope) -> PureIntEval? {
        switch e.kind {
        case .integer(let k):
            return { _ in k }
        case .identifier:
            guard let slot = plainLocalSlot(e, scope) else { return nil }
            return { m in
                if case .int(let n) = m.pointee.fp[slot] { return n }
                return nil
            }
        case .unary(.negate, let x):
            guard let f = compilePureInt(x, scope) else { return nil }
            return { m in
                guard let v = f(m), v != .min else { return nil }
                return -v
            }
        case .binary(let op, let l, let r):
            guard let a = compilePureInt(l, scope), let b = compilePureInt(r, scope) else { return nil }
            switch op {
            case .add:
                return { m in
                    guard let x = a(m), let y = b(m) else { return nil }
                    let (s, o) = x.addingReportingOverflow(y)
                    return o ? nil : s
                }
            case .subtract:
                return { m in
                    guard let x = a(m), let y = b(m) else { return nil }
                    let (s, o) = x.subtractingReportingOverflow(y)
                    return o ? nil : s
                }
            case .multiply:
                return { m in
                    guard let x = a(m), let y = b(m) else { return nil }
                    let (s, o) = x.multipliedReportingOverflow(by: y)
                    return o ? nil : s
                }
            case .divide:
                return { m in
                    guard let x = a(m), let y = b(m), y != 0 else { return nil }
                    let (s, o) = x.dividedReportingOverflow(by: y)
                    return o ? nil : s
                }
            case .remainder:
                return { m in
                    guard let x = a(m), let y = b(m), y != 0 else { return nil }
                    let (s, o) = x.remainderReportingOverflow(dividingBy: y)
                    return o ? nil : s
                }
            default:
                return nil
            }
        default:
            return nil
        }
    }

    /// Whether a pure Int tree is worth its own path: the single-operator shapes already
    /// have fast paths of their own (`compileLocalConstant`, `compileLiteralOperand`).
    func isCompoundArithmetic(_ l: Expr, _ r: Expr) -> Bool {
        func isOperation(_ e: Expr) -> Bool {
            switch e.kind {
            case .binary, .unary: return true
            default: return false
            }
        }
        return isOperation(l) || isOperation(r)
    }

    /// `l op r` over pure Int trees: the tree's answer, else the general evaluation.
    /// Only where the context wants an Int or nothing in particular: under a `Double`
    /// context Swift's literals are Doubles.
    func compilePureIntArithmetic(_ op: BinaryOperator, _ l: Expr, _ r: Expr, _ scope: FnScope, expected: RType?,
                                  general: @escaping Eval) -> Eval? {
        switch expected {
        case nil, .int?: break
        default: return nil
        }
        guard isCompoundArithmetic(l, r), let tree = compilePureInt(Expr(.binary(op, l, r), at: l.location), scope) else { return nil }
        return { m in
            if let v = tree(m) { return .int(v) }
            return try general(m)
        }
    }

    /// A comparison of two pure Int trees, answering a Swift `Bool`.
    func compilePureIntComparison(_ op: BinaryOperator, _ l: Expr, _ r: Expr, _ scope: FnScope,
                                  general: @escaping (Ctx) throws -> Bool) -> ((Ctx) throws -> Bool)? {
        guard isCompoundArithmetic(l, r), let a = compilePureInt(l, scope), let b = compilePureInt(r, scope) else { return nil }
        switch op {
        case .less: return { m in if let x = a(m), let y = b(m) { return x < y }; return try general(m) }
        case .lessEqual: return { m in if let x = a(m), let y = b(m) { return x <= y }; return try general(m) }
        case .greater: return { m in if let x = a(m), let y = b(m) { return x > y }; return try general(m) }
        case .greaterEqual: return { m in if let x = a(m), let y = b(m) { return x >= y }; return try general(m) }
        case .equal: return { m in if let x = a(m), let y = b(m) { return x == y }; return try general(m) }
        case .notEqual: return { m in if let x = a(m), let y = b(m) { return x != y }; return try general(m) }
        default: return nil
        }
    }
}
