import TableLabSyntax

// A closure parameter not marked `@escaping` stored by an assignment (`completion =
// handler`, the completion handler an iOS developer keeps for later) is swiftc's error
// before anything runs; TableLab stored it and ran the program. An optional function
// parameter escapes implicitly and is not checked; a use inside a closure is left alone.

/// How a non-escaping parameter gets out of its function, in swiftc's terms.
private enum Escape {
    case assigned, appended, returned
    /// Used inside a closure that is stored: the closure's `{`, and the use.
    case captured(SourceLocation)
}

/// The first expression of a closure's body that `matches` names (nested closures included:
/// they are captured with it).
private struct CaptureFinder: SyntaxVisitor {
    let matches: (Expr) -> Bool
    var found: SourceLocation? = nil
    mutating func visit(_ e: Expr) -> SyntaxVisitorContinueKind {
        guard found == nil else { return .skipChildren }
        if matches(e) { found = e.location; return .skipChildren }
        return .visitChildren
    }
    mutating func visit(_ d: Decl) -> SyntaxVisitorContinueKind {
        if case .function = d { return .skipChildren }
        return .visitChildren
    }
    static func first(in c: ClosureExpr, _ matches: @escaping (Expr) -> Bool) -> SourceLocation? {
        var f = CaptureFinder(matches: matches)
        f.walk(c.body)
        return f.found
    }
}

private struct StoredParameterFinder: SyntaxVisitor {
    let name: String
    /// A type of the script declares its own `append`, which may take a non-escaping closure.
    let appendMayBeUsers: Bool
    var found: (at: SourceLocation, how: Escape)? = nil
    var hidden = false

    private func isParameter(_ e: Expr) -> Bool {
        if case .identifier(let n) = e.kind { return n == name }
        return false
    }

    mutating func visit(_ s: Stmt) -> SyntaxVisitorContinueKind {
        guard found == nil, !hidden else { return .skipChildren }
        switch s.kind {
        case .assignment(_, .assign, let value) where isParameter(value):
            found = (s.operatorLocation, .assigned)   // swiftc's place: the `=`
            return .skipChildren
        case .assignment(_, .assign, let value):
            // A closure stored by an assignment escapes, and so does what it uses.
            if case .closure(let c) = value.kind, let use = CaptureFinder.first(in: c, isParameter) {
                found = (value.location, .captured(use))
                return .skipChildren
            }
        case .return(let value?) where isParameter(value):
            found = (value.location, .returned)
            return .skipChildren
        case .declaration(.variable(let v)):
            // A closure kept in a local escapes too (swiftc does not follow where it goes).
            if let value = v.initializer, case .closure(let c) = value.kind, let use = CaptureFinder.first(in: c, isParameter) {
                found = (value.location, .captured(use))
                return .skipChildren
            }
            // A local of the same name hides the parameter from here on.
            if v.name == name { hidden = true }
        default: break
        }
        return .visitChildren
    }

    mutating func visit(_ e: Expr) -> SyntaxVisitorContinueKind {
        if case .closure = e.kind { return .skipChildren }
        guard found == nil, !hidden else { return .skipChildren }
        // `callbacks.append(cb)`: Array's element is a generic parameter, always escaping.
        if !appendMayBeUsers, case .call(let callee, let args) = e.kind, case .member(_, "append") = callee.kind,
           args.count == 1, args[0].label == nil, isParameter(args[0].value) {
            found = (args[0].value.location, .appended)
            return .skipChildren
        }
        return .visitChildren
    }

    mutating func visit(_ d: Decl) -> SyntaxVisitorContinueKind {
        if case .function = d { return .skipChildren }
        return .visitChildren
    }
}

/// An escaping closure in a `mutating` method that uses `self` (written or implied by a bare
/// member name): swiftc refuses it, since the closure would outlive the `inout` self; TableLab
/// ran it on a copy. Escaping here: stored by an assignment, or given to `async`/`asyncAfter`.
private struct MutatingSelfCaptureFinder: SyntaxVisitor {
    let members: Set<String>
    var found: (closure: SourceLocation, use: SourceLocation)? = nil

    private func usesSelf(_ e: Expr) -> Bool {
        switch e.kind {
        case .self: return true
        case .identifier(let n): return members.contains(n)
        default: return false
        }
    }

    private mutating func check(_ value: Expr) {
        guard found == nil, case .closure(let c) = value.kind else { return }
        if let use = CaptureFinder.first(in: c, usesSelf) { found = (value.location, use) }
    }

    mutating func visit(_ s: Stmt) -> SyntaxVisitorContinueKind {
        if case .assignment(_, .assign, let value) = s.kind { check(value) }
        return found == nil ? .visitChildren : .skipChildren
    }

    mutating func visit(_ e: Expr) -> SyntaxVisitorContinueKind {
        if case .call(let callee, let args) = e.kind, case .member(_, let n) = callee.kind, n == "async" || n == "asyncAfter" {
            for a in args { check(a.value) }
        }
        return found == nil ? .visitChildren : .skipChildren
    }

    mutating func visit(_ d: Decl) -> SyntaxVisitorContinueKind {
        if case .function = d { return .skipChildren }
        return .visitChildren
    }
}

extension InterpreterCore {
    func checkStoredNonEscapingParameters(_ stmts: [Stmt]) throws {
        var memberNames: [String: Set<String>] = [:]
        func check(_ f: FunctionDecl, of typeName: String?) throws {
            if f.isMutating, let typeName {
                var finder = MutatingSelfCaptureFinder(members: memberNames[typeName] ?? [])
                finder.walk(f.body)
                if let (closure, use) = finder.found {
                    throw RuntimeError(DeclarationMessage.escapingClosureCapturesMutatingSelf, at: closure,
                                       notes: [.note(NoteMessage.capturedHere, at: use)])
                }
            }
            for p in f.parameters where !p.typeAttributes.contains("escaping") {
                guard case .function? = p.type else { continue }
                var finder = StoredParameterFinder(name: p.name, appendMayBeUsers: memberNames.values.contains { $0.contains("append") })
                finder.walk(f.body)
                if finder.found == nil, f.returnType != nil, f.body.count == 1,
                   case .expression(let e) = f.body[0].kind, case .identifier(p.name) = e.kind {
                    finder.found = (e.location, .returned)   // `-> () -> Int { f }`
                }
                guard let (at, how) = finder.found else { continue }
                // The note is at the parameter's name: after `_ ` or a label of its own.
                var nameAt = p.location
                if p.label == nil { nameAt.column += 2 } else if let l = p.label, l != p.name { nameAt.column += l.count + 1 }
                let implicitly = Diagnostic.note(NoteMessage.parameterImplicitlyNonEscaping(p.name), at: nameAt)
                switch how {
                case .assigned:
                    throw RuntimeError(DeclarationMessage.nonEscapingParameterAssigned(p.name), at: at, notes: [implicitly])
                case .appended:
                    throw RuntimeError(DeclarationMessage.nonEscapingParameterToGeneric(p.name), at: at)
                case .returned:
                    throw RuntimeError(DeclarationMessage.nonEscapingParameterUsedAsEscaping(p.name), at: at, notes: [implicitly])
                case .captured(let use):
                    throw RuntimeError(DeclarationMessage.escapingClosureCapturesNonEscaping(p.name), at: at,
                                       notes: [implicitly, .note(NoteMessage.capturedHere, at: use)])
                }
            }
        }
        func typeMembers(_ d: Decl) -> (name: String, members: TypeMembers)? {
            switch d {
            case .struct(let s): return (s.name, s.members)
            case .table(let t): return (t.name, t.members)
            case .class(let c): return (c.name, c.members)
            case .enum(let e): return (e.name, e.members)
            case .extension(let n, let m, _): return (n, m)
            default: return nil
            }
        }
        // A mutating method's closure may name a member declared in another extension.
        func collectNames(_ d: Decl) {
            guard let (name, members) = typeMembers(d) else { return }
            memberNames[name, default: []].formUnion(members.properties.compactMap(\.name) + members.methods.map(\.name))
            members.nestedTypes.forEach(collectNames)
        }
        func visit(_ d: Decl) throws {
            if case .function(let f) = d { try check(f, of: nil); return }
            guard let (name, members) = typeMembers(d) else { return }
            for f in members.methods { try check(f, of: name) }
            for f in members.initializers { try check(f, of: nil) }
            for n in members.nestedTypes { try visit(n) }
        }
        let decls = stmts.compactMap { s -> Decl? in if case .declaration(let d) = s.kind { return d } else { return nil } }
        decls.forEach(collectNames)
        for d in decls { try visit(d) }
    }
}
