// Swift makes a closure literal's parameter `inout` where the function type the closure is
// given says so (`func modify(_ f: (inout Int) -> Void)`, then `modify { v in v += 10 }`):
// the literal is given the mark here, where the call or the annotation fixes its type, so it
// compiles as one written `{ (v: inout Int) in }`.

import TableLabSyntax

extension InterpreterCore {
    /// `e`, a closure literal given the function type `type` (or an Optional of one), with
    /// the parameters `type` takes `inout` marked so; nil where that changes nothing.
    static func closureTakingInout(_ e: Expr, as type: TypeSyntax?) -> Expr? {
        guard var t = type, case .closure(var c) = e.kind, !c.parameters.isEmpty else { return nil }
        if case .optional(let w) = t { t = w }
        guard case .function(let ps, _) = t, ps.count == c.parameters.count else { return nil }
        var changed = false
        for (i, p) in ps.enumerated() {
            guard case .inout(let inner) = p, !c.parameters[i].isInout else { continue }
            c.parameters[i].isInout = true
            if c.parameters[i].type == nil || c.parameters[i].type == p { c.parameters[i].type = inner }
            changed = true
        }
        guard changed else { return nil }
        return Expr(.closure(c), at: e.location, range: e.range)
    }

    /// Which parameters of a function type (or an Optional of one) are `inout`.
    private static func inoutParameters(of type: TypeSyntax?) -> [Bool]? {
        guard var t = type else { return nil }
        if case .optional(let w) = t { t = w }
        guard case .function(let ps, _) = t else { return nil }
        return ps.map { if case .inout = $0 { true } else { false } }
    }

    /// A call's closure literals marked `inout` where every script declaration the call may
    /// reach (the global functions of its name, or every script type's methods of its name,
    /// with its labels) gives the closure's parameter one function type's `inout`s; nil where
    /// nothing changes. Declarations that disagree leave the closure as written.
    func scriptClosuresTakingInout(_ callee: Expr, _ args: [Argument]) -> [Argument]? {
        guard args.contains(where: { if case .closure = $0.value.kind { true } else { false } }) else { return nil }
        let decls: [FunctionDecl]
        switch callee.kind {
        case .identifier(let name): decls = functionsByBase[name]?.compactMap(\.decl) ?? []
        case .member(_, let name): decls = types.flatMap { t in t.methodsByBase[name]?.compactMap { t.methods[$0]?.decl } ?? [] }
        default: return nil
        }
        let reached = decls.filter { d in
            d.parameters.count == args.count && !d.parameters.contains(where: \.isVariadic)
                && zip(d.parameters, args).allSatisfy { p, a in p.label == a.label || (a.isTrailingClosure && a.label == nil) }
        }
        guard let first = reached.first else { return nil }
        var out = args
        var changed = false
        for (i, a) in args.enumerated() {
            guard case .closure = a.value.kind, let marked = Self.closureTakingInout(a.value, as: first.parameters[i].type) else { continue }
            let marks = Self.inoutParameters(of: first.parameters[i].type)
            guard reached.allSatisfy({ Self.inoutParameters(of: $0.parameters[i].type) == marks }) else { continue }
            out[i].value = marked
            changed = true
        }
        return changed ? out : nil
    }
}
