import TableLabSyntax

// A closure parameter not marked `@escaping` stored by an assignment (`completion =
// handler`, the completion handler an iOS developer keeps for later) is swiftc's error
// before anything runs; TableLab stored it and ran the program. An optional function
// parameter escapes implicitly and is not checked; a use inside a closure is left alone.

private struct StoredParameterFinder: SyntaxVisitor {
    let name: String
    var found: SourceLocation? = nil

    mutating func visit(_ s: Stmt) -> SyntaxVisitorContinueKind {
        guard found == nil else { return .skipChildren }
        if case .assignment(_, .assign, let value) = s.kind, case .identifier(let n) = value.kind, n == name {
            found = s.operatorLocation   // swiftc's place: the `=`
            return .skipChildren
        }
        // A local of the same name hides the parameter from here on.
        if case .declaration(.variable(let v)) = s.kind, v.name == name { found = .unknown }
        return .visitChildren
    }

    mutating func visit(_ e: Expr) -> SyntaxVisitorContinueKind {
        if case .closure = e.kind { return .skipChildren }
        return found == nil ? .visitChildren : .skipChildren
    }

    mutating func visit(_ d: Decl) -> SyntaxVisitorContinueKind {
        if case .function = d { return .skipChildren }
        return .visitChildren
    }
}

extension InterpreterCore {
    func checkStoredNonEscapingParameters(_ stmts: [Stmt]) throws {
        func check(_ f: FunctionDecl) throws {
            for p in f.parameters where !p.typeAttributes.contains("escaping") {
                guard case .function? = p.type else { continue }
                var finder = StoredParameterFinder(name: p.name)
                finder.walk(f.body)
                guard let at = finder.found, at != .unknown else { continue }
                // The note is at the parameter's name: after `_ ` or a label of its own.
                var nameAt = p.location
                if p.label == nil { nameAt.column += 2 } else if let l = p.label, l != p.name { nameAt.column += l.count + 1 }
                throw RuntimeError(DeclarationMessage.nonEscapingParameterAssigned(p.name), at: at,
                                   notes: [.note(NoteMessage.parameterImplicitlyNonEscaping(p.name), at: nameAt)])
            }
        }
        func visit(_ d: Decl) throws {
            let members: TypeMembers?
            switch d {
            case .function(let f): try check(f); return
            case .struct(let s): members = s.members
            case .table(let t): members = t.members
            case .class(let c): members = c.members
            case .enum(let e): members = e.members
            case .extension(_, let m, _): members = m
            default: members = nil
            }
            guard let members else { return }
            for f in members.methods { try check(f) }
            for f in members.initializers { try check(f) }
            for n in members.nestedTypes { try visit(n) }
        }
        for s in stmts { if case .declaration(let d) = s.kind { try visit(d) } }
    }
}
