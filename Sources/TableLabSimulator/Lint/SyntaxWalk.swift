// A walk over statements and expressions for the linter: it hands over every switch and
// every expression, in source order, descending into closures, nested functions and
// switch and if expressions.

import TableLabSyntax

struct SyntaxWalk {
    var onSwitch: (SwitchStmt) -> Void = { _ in }
    var onExpression: (Expr) -> Void = { _ in }

    func statements(_ list: [Stmt]) { for s in list { statement(s) } }

    func statement(_ s: Stmt) {
        switch s.kind {
        case .expression(let e): expression(e)
        case .assignment(let target, _, let value): expression(target); expression(value)
        case .declaration(let d): declaration(d)
        case .if(let i): ifStatement(i)
        case .guard(let conditions, let otherwise): self.conditions(conditions); statements(otherwise)
        case .switch(let sw): switchStatement(sw)
        case .forIn(_, let sequence, let whereClause, let body):
            expression(sequence)
            if let whereClause { expression(whereClause) }
            statements(body)
        case .while(let conditions, let body): self.conditions(conditions); statements(body)
        case .repeatWhile(let body, let condition): statements(body); expression(condition)
        case .block(let body): statements(body)
        case .return(let e): if let e { expression(e) }
        case .labeled(_, let inner): statement(inner)
        case .doCatch(let body, let catches):
            statements(body)
            for c in catches {
                if let g = c.guardExpr { expression(g) }
                statements(c.body)
            }
        case .defer(let body): statements(body)
        case .throw(let e): expression(e)
        case .break, .continue, .fallthrough, .command: break
        }
    }

    func declaration(_ d: Decl) {
        switch d {
        case .variable(let v):
            if let e = v.initializer { expression(e) }
            if let g = v.getter { statements(g) }
        case .function(let f): statements(f.body)
        case .enum(let e): members(e.members)
        case .struct(let s): members(s.members)
        case .table(let t): members(t.members)
        case .class(let c): members(c.members)
        case .extension(_, let m, _): members(m)
        case .protocol, .typeAlias: break
        }
    }

    func members(_ m: TypeMembers) {
        for p in m.properties { declaration(.variable(p)) }
        for f in m.methods { statements(f.body) }
        for i in m.initializers { statements(i.body) }
        for n in m.nestedTypes { declaration(n) }
    }

    func ifStatement(_ i: IfStmt) {
        conditions(i.conditions)
        statements(i.then)
        if let o = i.otherwise { statements(o) }
    }

    func conditions(_ list: [Condition]) {
        for c in list {
            switch c {
            case .expression(let e): expression(e)
            case .optionalBinding(_, _, let e, _): expression(e)
            case .patternMatch(_, let e): expression(e)
            }
        }
    }

    func switchStatement(_ sw: SwitchStmt) {
        onSwitch(sw)
        expression(sw.subject)
        for c in sw.cases {
            for p in c.patterns { pattern(p) }
            if let g = c.guardExpr { expression(g) }
            statements(c.body)
        }
    }

    func pattern(_ p: Pattern) {
        switch p.kind {
        case .expression(let e): expression(e)
        case .tuple(let items): items.forEach(pattern)
        case .optionalSome(let inner): pattern(inner)
        case .enumCase(_, _, let sub): if let sub { pattern(sub) }
        default: break
        }
    }

    func expression(_ e: Expr) {
        onExpression(e)
        switch e.kind {
        case .switchExpr(let sw): switchStatement(sw)
        case .ifExpr(let i): ifStatement(i)
        case .tryMark(_, let x): expression(x)
        case .closure(let c): statements(c.body)
        case .array(let items): items.forEach(expression)
        case .dictionary(let pairs): for p in pairs { expression(p.key); expression(p.value) }
        case .tuple(let items): for x in items { expression(x.value) }
        case .call(let callee, let args), .subscriptAccess(let callee, let args), .optionalSubscript(let callee, let args):
            expression(callee)
            for a in args { expression(a.value) }
        case .member(let base, _), .optionalChain(let base, _), .forceUnwrap(let base), .unary(_, let base),
             .typeCast(let base, _, _):
            expression(base)
        case .binary(_, let l, let r): expression(l); expression(r)
        case .ternary(let c, let a, let b): expression(c); expression(a); expression(b)
        case .string(let segments):
            for s in segments { if case .interpolation(let x) = s { expression(x) } }
        default: break
        }
    }

    /// The enum case names a pattern mentions, with the type when written (`Item.donate`).
    static func caseNames(in p: Pattern) -> [(type: String?, name: String)] {
        switch p.kind {
        case .enumCase(let typeName, let caseName, let sub):
            let own: [(type: String?, name: String)] = caseName == "some" || caseName == "none" ? [] : [(typeName, caseName)]
            return own + (sub.map(caseNames) ?? [])
        case .optionalSome(let inner): return caseNames(in: inner)
        case .tuple(let items): return items.flatMap(caseNames)
        case .expression(let e):
            if case .implicitMember(let name) = e.kind { return [(nil, name)] }
            if case .member(let base, let name) = e.kind, case .identifier(let typeName) = base.kind { return [(typeName, name)] }
            return []
        default: return []
        }
    }

    /// A string literal without interpolation, as written.
    static func literal(_ e: Expr) -> String? {
        guard case .string(let segments) = e.kind else { return nil }
        var out = ""
        for s in segments {
            guard case .text(let t) = s else { return nil }
            out += t
        }
        return out
    }
}
