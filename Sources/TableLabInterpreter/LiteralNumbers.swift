// Swift types a collection literal with no written type from all of its elements at
// once: where integer literals meet a Double (`[1, 2.5]`, `[[1, 2], [2.5]]`,
// `["a": 1, "b": 2.5]`), the literal is `[Double]` and every integer literal in it is a
// Double (`[1.0, 2.5]`). TableLab compiles an element at a time, so the literal's type is
// worked out here first and given to the elements as their context.

import TableLabSyntax

/// What an expression contributes to its literal's inferred type.
private indirect enum LiteralShape {
    case integerLiteral
    case double
    /// A value declared Float (`[Float(1)] + [2]`: the literal is a Float, as beside a Double).
    case float
    /// A collection literal; nil element for `[]`, which fits any element type.
    case array(LiteralShape?)
    case dictionary(LiteralShape?, LiteralShape?)
    /// A string or Boolean literal: its type, which joins only with itself.
    case string, bool
    /// Anything else: the literal's type is not worked out here.
    case other

    /// The shape both fit, and whether an integer literal became a Double on the way.
    static func join(_ a: LiteralShape?, _ b: LiteralShape?, _ mixed: inout Bool) -> LiteralShape? {
        guard let a else { return b }
        guard let b else { return a }
        switch (a, b) {
        case (.integerLiteral, .integerLiteral): return .integerLiteral
        case (.double, .double): return .double
        case (.float, .float): return .float
        case (.integerLiteral, .float), (.float, .integerLiteral): mixed = true; return .float
        case (.string, .string): return .string
        case (.bool, .bool): return .bool
        case (.integerLiteral, .double), (.double, .integerLiteral): mixed = true; return .double
        case (.array(let x), .array(let y)): return .array(join(x, y, &mixed))
        case (.dictionary(let k1, let v1), .dictionary(let k2, let v2)):
            return .dictionary(join(k1, k2, &mixed), join(v1, v2, &mixed))
        default: return .other
        }
    }

    var type: RType? {
        switch self {
        case .integerLiteral: return .int
        case .double: return .double
        case .float: return .float
        case .string: return .string
        case .bool: return .bool
        case .array(let e): return e.map { $0.type.map(RType.array) } ?? nil
        case .dictionary(let k, let v):
            guard let k = k?.type, let v = v?.type else { return nil }
            return .dictionary(k, v)
        case .other: return nil
        }
    }

    var isWorkedOut: Bool {
        switch self {
        case .integerLiteral, .double, .float, .string, .bool: return true
        case .array(let e): return e?.isWorkedOut ?? true
        case .dictionary(let k, let v): return (k?.isWorkedOut ?? true) && (v?.isWorkedOut ?? true)
        case .other: return false
        }
    }
}

extension InterpreterCore {
    /// The type of a collection literal whose integer literals Swift makes Doubles; nil
    /// when none does (the elements then need no context).
    func mixedNumberLiteralType(_ kind: ExprKind, _ scope: FnScope) -> RType? {
        var mixed = false
        guard let shape = literalShape(kind, nil, scope, &mixed), mixed, shape.isWorkedOut else { return nil }
        return shape.type
    }

    /// `kind` is `expression`'s, or a literal's being typed before it is an expression.
    private func literalShape(_ kind: ExprKind, _ expression: Expr?, _ scope: FnScope, _ mixed: inout Bool) -> LiteralShape? {
        switch kind {
        case .integer: return .integerLiteral
        case .double: return .double
        case .string: return .string
        case .boolean: return .bool
        case .unary(let op, let x) where op == .negate || op == .plus:
            switch x.kind {
            case .integer: return .integerLiteral
            case .double: return .double
            default: return .other
            }
        case .array(let es):
            var element: LiteralShape? = nil
            for e in es { element = LiteralShape.join(element, literalShape(e.kind, e, scope, &mixed), &mixed) }
            return .array(element)
        case .dictionary(let kvs):
            var key: LiteralShape? = nil, value: LiteralShape? = nil
            for kv in kvs {
                key = LiteralShape.join(key, literalShape(kv.key.kind, kv.key, scope, &mixed), &mixed)
                value = LiteralShape.join(value, literalShape(kv.value.kind, kv.value, scope, &mixed), &mixed)
            }
            return .dictionary(key, value)
        case .binary(.add, let l, let r) where l.kind.isArrayLiteral || r.kind.isArrayLiteral:
            // `[1, 2] + [2.5]`: one array type for both.
            return LiteralShape.join(literalShape(l.kind, l, scope, &mixed), literalShape(r.kind, r, scope, &mixed), &mixed)
        default:
            // `[d, 3]` with a Double `d`, `[1] + ds` with `ds: [Double]`.
            guard let expression else { return .other }
            // `(saved ?? []) + [5]`: the type the left side of `??` wraps.
            var type = resolvedType(of: expression, scope)
            if type == nil, case .binary(.nilCoalescing, let l, _) = expression.kind { type = wrappedStaticType(l, scope) }
            switch type {
            case .double?: return .double
            case .array(.double)?: return .array(.double)
            case .float?: return .float
            case .array(.float)?: return .array(.float)
            default: return .other
            }
        }
    }
}

extension InterpreterCore {
    /// `print([1, 2.5][0])`, `print([1, 2.5].first!)`: given to an `Any` parameter, an
    /// element read straight out of such a literal makes Swift type the literal `[Any]`
    /// (it prints `1`, where `let x = [1, 2.5][0]` is `1.0`; `print([1, 2.5].first)` even
    /// prints the method `first(where:)`). TableLab does not rank solutions that way.
    func readsMixedNumberLiteral(_ e: Expr, _ scope: FnScope) -> Bool {
        switch e.kind {
        case .forceUnwrap(let x): return readsMixedNumberLiteral(x, scope)
        case .typeCast(let x, .named("Any"), .as): return readsMixedNumberLiteral(x, scope)
        case .subscriptAccess(let base, _), .optionalSubscript(let base, _): return isMixedNumberLiteral(base, scope)
        case .member(let base, let name), .optionalChain(let base, let name):
            return ["first", "last", "randomElement"].contains(name) && isMixedNumberLiteral(base, scope)
        case .call(let callee, let args):
            guard args.isEmpty, case .member(let base, "randomElement") = callee.kind else { return false }
            return isMixedNumberLiteral(base, scope)
        default: return false
        }
    }

    private func isMixedNumberLiteral(_ e: Expr, _ scope: FnScope) -> Bool {
        switch e.kind {
        case .array, .dictionary: return mixedNumberLiteralType(e.kind, scope) != nil
        default: return false
        }
    }
}

extension ExprKind {
    var isArrayLiteral: Bool { if case .array = self { return true } else { return false } }
}

extension InterpreterCore {
    /// The declared collection type of `other` when `literal` is a collection literal beside
    /// it (a ternary's branches); nil otherwise.
    func collectionLiteralContext(_ literal: Expr, _ other: Expr, _ scope: FnScope) -> RType? {
        switch literal.kind {
        case .array, .dictionary: break
        default: return nil
        }
        switch resolvedType(of: other, scope) {
        case .array(let e)?: return .array(e)
        case .dictionary(let k, let v)?: return .dictionary(k, v)
        default: return nil
        }
    }

    /// A literal a context types: a number, or a collection literal.
    static func takesLiteralContext(_ e: Expr) -> Bool {
        switch e.kind {
        case .integer, .double, .array, .dictionary: return true
        case .unary(.negate, let x): return takesLiteralContext(x)
        default: return false
        }
    }

    /// The type `l ?? r`'s left side wraps: a declared Optional's, or a declared
    /// dictionary's value for `d[k]`; nil where the declarations do not tell.
    func wrappedStaticType(_ l: Expr, _ scope: FnScope) -> RType? {
        if case .subscriptAccess(let base, let args) = l.kind, args.count == 1, args[0].label == nil,
           case .dictionary(_, let v)? = resolvedType(of: base, scope) {
            return v
        }
        if case .optional(let w)? = resolvedType(of: l, scope) { return w }
        return nil
    }
}
