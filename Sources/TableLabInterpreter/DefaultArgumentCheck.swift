import TableLabSyntax

// A parameter's default that calls its own function without giving that parameter
// (`func f(_ n: Int = f())`) is swiftc's "circular reference", at the parameter's name,
// before anything runs (TableLab would otherwise recurse until its stack-depth error).

private struct SelfCallFinder: SyntaxVisitor {
    let function: FunctionDecl
    let parameter: Int
    let isMethod: Bool
    var found = false

    /// Whether the arguments, in order, fit the function's parameters with `parameter` left to its default.
    func omitsParameter(_ args: [Argument]) -> Bool {
        var p = 0
        for a in args {
            while p < function.parameters.count, function.parameters[p].label != a.label {
                if function.parameters[p].defaultValue == nil { return false }
                p += 1
            }
            if p == function.parameters.count || p == parameter { return false }
            p += 1
        }
        return p <= parameter
    }

    mutating func visit(_ e: Expr) -> SyntaxVisitorContinueKind {
        guard !found, case .call(let callee, let args) = e.kind else { return .visitChildren }
        switch callee.kind {
        case .identifier(let n) where n == function.name: found = omitsParameter(args)
        case .member(_, let n) where isMethod && n == function.name: found = omitsParameter(args)
        default: break
        }
        return found ? .skipChildren : .visitChildren
    }
}

extension InterpreterCore {
    func checkCircularDefaults(_ stmts: [Stmt]) throws {
        func check(_ f: FunctionDecl, isMethod: Bool) throws {
            for (i, p) in f.parameters.enumerated() {
                guard let d = p.defaultValue else { continue }
                var finder = SelfCallFinder(function: f, parameter: i, isMethod: isMethod)
                finder.walk(d)
                if finder.found {
                    // At the parameter's name: after `_ ` or its argument label when it has one of its own.
                    var at = p.location
                    if p.label == nil { at.column += 2 } else if let l = p.label, l != p.name { at.column += l.count + 1 }
                    throw RuntimeError(LookupMessage.circularReference, at: at)
                }
            }
        }
        func visit(_ d: Decl) throws {
            let members: TypeMembers?
            switch d {
            case .function(let f): try check(f, isMethod: false); return
            case .struct(let s): members = s.members
            case .table(let t): members = t.members
            case .class(let c): members = c.members
            case .enum(let e): members = e.members
            case .extension(_, let m, _): members = m
            default: members = nil
            }
            guard let members else { return }
            for f in members.methods { try check(f, isMethod: true) }
            for n in members.nestedTypes { try visit(n) }
        }
        for s in stmts { if case .declaration(let d) = s.kind { try visit(d) } }
    }
}
