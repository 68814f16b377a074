// Where a non-escaping closure parameter escapes depends on types the syntax alone does
// not tell: `xs.append(cb)` escapes when `xs` is an Array (its element is a generic
// parameter), not when it is a script type with an `append` of its own; `xs += [cb]` when
// `xs` is an Array; `keep(cb)` when the script's `keep` takes an `@escaping` closure
// there. The escaping-parameter check (EscapingParameterCheck.swift) asks this walk, which
// runs over the unit only when the check meets such a place: the walk's scopes and typer
// (ScopedWalk.swift, ScopedTyper.swift) answer what each receiver and callee is.

import TableLabSyntax

/// What the typed walk found at a non-escaping parameter given as an argument or an
/// array literal's element, by the place where the parameter is written.
enum TypedEscape {
    /// `xs.append(cb)` on an Array.
    case appendedToArray
    /// `x.append(cb)` on a script type that declares its own `append`.
    case appendedToOther
    /// `xs += [cb]` on an Array.
    case addedToArray
    /// Given for an `@escaping` parameter of the script's function or method.
    case passedToEscaping
}

struct EscapingArgumentWalk: ScopedWalker {
    var walk = ScopedWalkState()
    let types: ScopedTyper
    /// The labels' match to a declaration's parameters (`matchArguments`): for each
    /// parameter the argument's index; nil when the labels do not fit.
    let match: ([(label: String?, hasDefault: Bool)], [String?]) -> [Int?]?
    var found: [SourceLocation: TypedEscape] = [:]

    /// A name bound here to a parameter of a function type not marked `@escaping`.
    private static func nonEscapingParameter(_ e: Expr, _ scopes: LexicalScopes) -> Bool {
        guard case .identifier(let n) = e.kind, case .parameter(let p)? = scopes.lookup(n)?.origin,
              case .function? = p.type else { return false }
        return !p.typeAttributes.contains("escaping")
    }

    /// Whether `e` is an Array: true, false for a script type that declares an `append` of
    /// its own, nil where the typer cannot tell (a type alias, a type it does not know).
    private func isArray(_ e: Expr, _ scopes: LexicalScopes, _ place: WalkPlace) -> Bool? {
        guard let t = types.typed(e, scopes, place), !t.sequenceOnly else { return nil }
        switch t.type {
        case .array: return true
        case .named(let n): return types.typeMembers(n)?.methods.contains { $0.name == "append" } == true ? false : nil
        default: return nil
        }
    }

    mutating func statement(_ s: Stmt, _ scopes: LexicalScopes, _ place: WalkPlace) {
        if case .assignment(let target, .add, let value) = s.kind, case .array(let items) = value.kind,
           isArray(target, scopes, place) == true {
            for x in items where Self.nonEscapingParameter(x, scopes) { found[x.location] = .addedToArray }
        }
        types.statement(s, scopes, place)
    }

    mutating func call(_ e: Expr, callee: Expr, args: [Argument], _ role: ExpressionRole, _ scopes: LexicalScopes, _ place: WalkPlace) {
        if args.contains(where: { Self.nonEscapingParameter($0.value, scopes) }) {
            if case .member(let receiver, "append") = callee.kind, args.count == 1, args[0].label == nil,
               let array = isArray(receiver, scopes, place) {
                found[args[0].value.location] = array ? .appendedToArray : .appendedToOther
            } else if let params = calledParameters(callee, args, scopes, place) {
                for (i, a) in args.enumerated() where Self.nonEscapingParameter(a.value, scopes) {
                    if let p = params[i], p.typeAttributes.contains("escaping") { found[a.value.location] = .passedToEscaping }
                }
            }
        }
        types.call(callee: callee, args: args, scopes, place)
    }

    mutating func loop(_ pattern: Pattern, _ sequence: Expr, _ scopes: LexicalScopes, _ place: WalkPlace) {
        types.loop(pattern, sequence, scopes, place)
    }

    mutating func closure(_ e: Expr, _ c: ClosureExpr) {
        types.closure(e, c)
    }

    /// For each argument, the parameter it is given for: of the one script function or
    /// method the callee names whose parameters the labels fit; nil when that is not one.
    private func calledParameters(_ callee: Expr, _ args: [Argument], _ scopes: LexicalScopes, _ place: WalkPlace) -> [Parameter?]? {
        var candidates: [FunctionDecl] = []
        switch callee.kind {
        case .identifier(let n):
            guard scopes.lookup(n) == nil else { return nil }
            let own = place.owner.flatMap(types.typeMembers)?.methods.filter { $0.name == n } ?? []
            candidates = own.isEmpty ? types.function(n).map { [$0] } ?? [] : own
        case .member(let base, let n):
            let owner: String?
            if case .self = base.kind { owner = place.owner } else if case .named(let t)? = types.typed(base, scopes, place)?.type { owner = t } else { owner = nil }
            candidates = owner.flatMap(types.typeMembers)?.methods.filter { $0.name == n && !$0.isStatic } ?? []
        default:
            return nil
        }
        let labels = args.map(\.label)
        let fitting = candidates.compactMap { f -> [Parameter?]? in
            guard let map = match(f.parameters.map { ($0.label, $0.defaultValue != nil) }, labels) else { return nil }
            var byArgument = [Parameter?](repeating: nil, count: args.count)
            for (pi, ai) in map.enumerated() { if let ai { byArgument[ai] = f.parameters[pi] } }
            return byArgument
        }
        return fitting.count == 1 ? fitting[0] : nil
    }
}

extension InterpreterCore {
    /// The typed walk's findings over a unit's statements (run once per check, when asked).
    func typedEscapes(_ stmts: [Stmt]) -> [SourceLocation: TypedEscape] {
        let unit = SourceUnit(statements: stmts)
        var w = EscapingArgumentWalk(types: scopedTyper(unit)) { [self] params, labels in
            if case .success(let map) = matchArguments(params, labels) { return map }
            return nil
        }
        w.walkUnit(stmts)
        return w.found
    }
}

/// The functions and methods a unit declares, at any depth, that take an `@escaping` closure.
private struct EscapingCallees: SyntaxVisitor {
    var names = Set<String>()
    private mutating func note(_ fs: [FunctionDecl]) {
        for f in fs where f.parameters.contains(where: { $0.typeAttributes.contains("escaping") }) { names.insert(f.name) }
    }
    mutating func visit(_ node: Decl) -> SyntaxVisitorContinueKind {
        switch node {
        case .function(let f): note([f])
        case .struct(let x): note(x.members.methods)
        case .enum(let x): note(x.members.methods)
        case .class(let x): note(x.members.methods)
        case .table(let x): note(x.members.methods)
        case .extension(_, let m, _): note(m.methods)
        default: break
        }
        return .visitChildren
    }
}

extension InterpreterCore {
    /// The names a call may give a non-escaping parameter to an `@escaping` one through:
    /// the unit's functions and methods and the session's.
    func escapingCallees(_ stmts: [Stmt]) -> Set<String> {
        var v = EscapingCallees()
        v.walk(stmts)
        var names = v.names
        let escaping = { (f: FunctionDecl) in f.parameters.contains { $0.typeAttributes.contains("escaping") } }
        for (name, cells) in functionsByBase where cells.contains(where: { $0.decl.map(escaping) == true }) { names.insert(name) }
        for slot in typeSlots.values {
            guard let t = slot.current, !t.isBuiltin else { continue }
            for s in t.methods.values { if let d = s.decl, escaping(d) { names.insert(d.name) } }
        }
        return names
    }
}
