// One walk over the syntax tree for every pass that needs to see all of it (capture
// analysis, the static checker's site collector), as swift-syntax's SyntaxVisitor.
//
// The walk names every node kind and has no `default:`: a new kind of node is a compile
// error in this file, and once its children are added here every pass reaches them. A
// hand-written walk with `default: break` would skip the new node silently.

/// What to do after `visit` has seen a node.
public enum SyntaxVisitorContinueKind: Sendable {
    case visitChildren
    case skipChildren
}

/// A pass over the tree: implement the `visit` methods for the nodes it cares about;
/// `walk` visits the children in source order, then calls `visitPost`.
public protocol SyntaxVisitor {
    mutating func visit(_ node: Stmt) -> SyntaxVisitorContinueKind
    mutating func visitPost(_ node: Stmt)
    mutating func visit(_ node: Expr) -> SyntaxVisitorContinueKind
    mutating func visitPost(_ node: Expr)
    mutating func visit(_ node: Decl) -> SyntaxVisitorContinueKind
    mutating func visitPost(_ node: Decl)
    mutating func visit(_ node: Pattern) -> SyntaxVisitorContinueKind
}

extension SyntaxVisitor {
    public mutating func visit(_ node: Stmt) -> SyntaxVisitorContinueKind { .visitChildren }
    public mutating func visitPost(_ node: Stmt) {}
    public mutating func visit(_ node: Expr) -> SyntaxVisitorContinueKind { .visitChildren }
    public mutating func visitPost(_ node: Expr) {}
    public mutating func visit(_ node: Decl) -> SyntaxVisitorContinueKind { .visitChildren }
    public mutating func visitPost(_ node: Decl) {}
    public mutating func visit(_ node: Pattern) -> SyntaxVisitorContinueKind { .visitChildren }
}

extension SyntaxVisitor {
    public mutating func walk(_ statements: [Stmt]) {
        for s in statements { walk(s) }
    }

    public mutating func walk(_ s: Stmt) {
        guard visit(s) == .visitChildren else { return }
        switch s.kind {
        case .expression(let e): walk(e)
        case .assignment(let target, _, let value): walk(target); walk(value)
        case .declaration(let d): walk(d)
        case .if(let i): walk(i)
        case .guard(let conditions, let otherwise): walk(conditions); walk(otherwise)
        case .switch(let sw): walk(sw)
        case .forIn(let pattern, let sequence, let whereClause, let body):
            walk(pattern); walk(sequence)
            if let whereClause { walk(whereClause) }
            walk(body)
        case .while(let conditions, let body): walk(conditions); walk(body)
        case .repeatWhile(let body, let condition): walk(body); walk(condition)
        case .block(let body): walk(body)
        case .return(let e): if let e { walk(e) }
        case .labeled(_, let inner): walk(inner)
        case .doCatch(let body, let catches):
            walk(body)
            for c in catches {
                if let p = c.pattern { walk(p) }
                if let g = c.guardExpr { walk(g) }
                for more in c.morePatterns {
                    walk(more.pattern)
                    if let g = more.guardExpr { walk(g) }
                }
                walk(c.body)
            }
        case .defer(let body): walk(body)
        case .throw(let e): walk(e)
        case .break, .continue, .fallthrough, .command: break
        }
        visitPost(s)
    }

    public mutating func walk(_ e: Expr) {
        guard visit(e) == .visitChildren else { return }
        switch e.kind {
        case .integer, .double, .boolean, .nil, .identifier, .shorthandParameter, .self, .implicitMember, .arrayType:
            break
        case .string(let segments):
            for case .interpolation(let x) in segments { walk(x) }
        case .array(let items): for x in items { walk(x) }
        case .dictionary(let pairs): for p in pairs { walk(p.key); walk(p.value) }
        case .tuple(let items): for x in items { walk(x.value) }
        case .member(let base, _), .optionalChain(let base, _), .forceUnwrap(let base), .optionalBind(let base), .unary(_, let base),
             .typeCast(let base, _, _):
            walk(base)
        case .call(let callee, let args), .subscriptAccess(let callee, let args), .optionalSubscript(let callee, let args):
            walk(callee)
            for a in args { walk(a.value) }
        case .binary(_, let l, let r): walk(l); walk(r)
        case .ternary(let c, let a, let b): walk(c); walk(a); walk(b)
        case .closure(let c):
            for p in c.parameters { if let d = p.defaultValue { walk(d) } }
            walk(c.body)
        case .switchExpr(let sw): walk(sw)
        case .ifExpr(let i): walk(i)
        case .tryMark(_, let x): walk(x)
        }
        visitPost(e)
    }

    public mutating func walk(_ d: Decl) {
        guard visit(d) == .visitChildren else { return }
        switch d {
        case .variable(let v): walk(v)
        case .function(let f): walk(f)
        case .enum(let e):
            for c in e.cases { if let r = c.rawValue { walk(r) } }
            walk(e.members)
        case .struct(let s): walk(s.members)
        case .table(let t): walk(t.members)
        case .class(let c):
            walk(c.members)
            if let d = c.deinitBody { walk(d) }
        case .extension(_, let members, _): walk(members)
        case .protocol, .typeAlias: break
        }
        visitPost(d)
    }

    public mutating func walk(_ p: Pattern) {
        guard visit(p) == .visitChildren else { return }
        switch p.kind {
        case .wildcard, .binding, .typeCheck: break
        case .enumCase(_, _, let sub): if let sub { walk(sub) }
        case .optionalSome(let inner), .cast(let inner, _): walk(inner)
        case .tuple(let items): for x in items { walk(x) }
        case .expression(let e): walk(e)
        }
    }

    mutating func walk(_ v: VariableDecl) {
        walk(v.pattern)
        if let i = v.initializer { walk(i) }
        if let g = v.getter { walk(g) }
        if let s = v.setter { walk(s.body) }
        if let w = v.observers?.willSet { walk(w.body) }
        if let d = v.observers?.didSet { walk(d.body) }
    }

    mutating func walk(_ f: FunctionDecl) {
        for p in f.parameters { if let d = p.defaultValue { walk(d) } }
        walk(f.body)
    }

    public mutating func walk(_ members: TypeMembers) {
        for p in members.properties { walk(Decl.variable(p)) }
        for m in members.methods { walk(Decl.function(m)) }
        for i in members.initializers { walk(Decl.function(i)) }
        for s in members.subscripts {
            var getter = FunctionDecl(name: "subscript", parameters: s.parameters, returnType: s.returnType, body: s.getter,
                                      isStatic: s.isStatic, location: s.location)
            getter.bodyEnd = s.getterEnd
            getter.isSubscriptAccessor = true
            getter.genericParameters = s.genericParameters
            walk(Decl.function(getter))
            if let set = s.setter {
                var setter = FunctionDecl(name: "subscript", parameters: s.parameters, returnType: nil, body: set.body,
                                          isStatic: s.isStatic, location: s.location)
                setter.isSubscriptAccessor = true
                setter.genericParameters = s.genericParameters
                walk(Decl.function(setter))
            }
        }
        for n in members.nestedTypes { walk(n) }
    }

    mutating func walk(_ i: IfStmt) {
        walk(i.conditions)
        walk(i.then)
        if let o = i.otherwise { walk(o) }
    }

    mutating func walk(_ sw: SwitchStmt) {
        walk(sw.subject)
        for c in sw.cases {
            for p in c.patterns { walk(p) }
            if c.whereClauses.isEmpty {
                if let g = c.guardExpr { walk(g) }
            } else {
                for case let w? in c.whereClauses { walk(w) }
            }
            walk(c.body)
        }
    }

    mutating func walk(_ conditions: [Condition]) {
        for c in conditions {
            switch c {
            case .expression(let e): walk(e)
            case .optionalBinding(_, _, let value, _): walk(value)
            case .patternMatch(let p, let e): walk(p); walk(e)
            }
        }
    }
}
