// The linter's view of the one syntax walk (`SyntaxVisitor`): it hands over every switch
// and every expression, in source order, wherever they are written (closures, nested
// functions, accessors, observers, subscripts, deinit), so a new kind of node reaches
// the lint rules without a change here.

import TableLabSyntax

struct SyntaxWalk: SyntaxVisitor {
    var onSwitch: (SwitchStmt) -> Void = { _ in }
    var onExpression: (Expr) -> Void = { _ in }

    mutating func statements(_ list: [Stmt]) { walk(list) }

    mutating func members(_ m: TypeMembers) { walk(m) }

    mutating func visit(_ node: Stmt) -> SyntaxVisitorContinueKind {
        if case .switch(let sw) = node.kind { onSwitch(sw) }
        return .visitChildren
    }

    mutating func visit(_ node: Expr) -> SyntaxVisitorContinueKind {
        onExpression(node)
        if case .switchExpr(let sw) = node.kind { onSwitch(sw) }
        return .visitChildren
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
