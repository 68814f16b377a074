import TableLabSyntax

// A closure parameter not marked `@escaping` stored by an assignment (`completion =
// handler`, the completion handler an iOS developer keeps for later) is swiftc's error
// before anything runs; TableLab stored it and ran the program. An optional function
// parameter escapes implicitly and is not checked; a use inside a closure is left alone.

/// How a non-escaping parameter gets out of its function, in swiftc's terms.
private enum Escape {
    case assigned, appended, returned
    /// `xs += [cb]` on an Array.
    case addedToArray
    /// Given for an `@escaping` parameter of the script's function.
    case passedToEscaping
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

/// The typed walk's findings (EscapingArgumentWalk.swift), made at the first question: most
/// units never ask.
private final class TypedEscapes {
    private let make: () -> [SourceLocation: TypedEscape]
    private var made: [SourceLocation: TypedEscape]? = nil
    /// The names of the functions and methods with an `@escaping` parameter.
    private let makeEscapingCallees: () -> Set<String>
    private var escapingCallees: Set<String>? = nil
    init(_ make: @escaping () -> [SourceLocation: TypedEscape], escapingCallees: @escaping () -> Set<String>) {
        self.make = make
        makeEscapingCallees = escapingCallees
    }
    subscript(_ at: SourceLocation) -> TypedEscape? {
        if made == nil { made = make() }
        return made?[at]
    }
    func mayEscapeThrough(_ callee: Expr) -> Bool {
        let name: String
        switch callee.kind {
        case .identifier(let n), .member(_, let n): name = n
        default: return false
        }
        if escapingCallees == nil { escapingCallees = makeEscapingCallees() }
        return escapingCallees?.contains(name) == true
    }
}

private struct StoredParameterFinder: SyntaxVisitor {
    let name: String
    /// A type of the script declares its own `append`, which may take a non-escaping closure:
    /// where the receiver's type is not known, `x.append(cb)` is then not refused.
    let appendMayBeUsers: Bool
    let typed: TypedEscapes
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
        case .assignment(_, .add, let value):
            // `cbs += [cb]`: the Array's elements escape.
            if case .array(let items) = value.kind, let x = items.first(where: isParameter), typed[x.location] == .addedToArray {
                found = (x.location, .addedToArray)
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
        guard case .call(let callee, let args) = e.kind else { return .visitChildren }
        // `callbacks.append(cb)`: Array's element is a generic parameter, always escaping.
        if case .member(_, "append") = callee.kind, args.count == 1, args[0].label == nil, isParameter(args[0].value) {
            switch typed[args[0].value.location] {
            case .appendedToArray?: found = (args[0].value.location, .appended)
            case .appendedToOther?: break
            default: if !appendMayBeUsers { found = (args[0].value.location, .appended) }
            }
            if found != nil { return .skipChildren }
        }
        // `keep(cb)` where the script's `keep` takes an `@escaping` closure.
        if args.contains(where: { isParameter($0.value) }), typed.mayEscapeThrough(callee),
           let x = args.first(where: { isParameter($0.value) && typed[$0.value.location] == .passedToEscaping }) {
            found = (x.value.location, .passedToEscaping)
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
    /// `unit`: the unit's statements in order, declarations and the rest, for the typed walk.
    func checkStoredNonEscapingParameters(_ stmts: [Stmt], unit: @escaping () -> [Stmt]) throws {
        var memberNames: [String: Set<String>] = [:]
        let typed = TypedEscapes({ [self] in typedEscapes(unit()) }, escapingCallees: { [self] in escapingCallees(stmts) })
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
                var finder = StoredParameterFinder(name: p.name, appendMayBeUsers: memberNames.values.contains { $0.contains("append") },
                                                   typed: typed)
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
                case .returned, .addedToArray:
                    throw RuntimeError(DeclarationMessage.nonEscapingParameterUsedAsEscaping(p.name), at: at, notes: [implicitly])
                case .passedToEscaping:
                    throw RuntimeError(DeclarationMessage.nonEscapingParameterPassedToEscaping(p.name), at: at, notes: [implicitly])
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
