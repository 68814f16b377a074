// swiftc's definite initialization before anything runs: an initializer of a struct or
// class must assign each of the type's own stored properties (no default, not an optional
// `var`) on every path that returns, and a `let` property at most once. The paths are
// followed through `if`, `guard`, `switch`, `do`/`catch` and loops (a loop's body may run
// no time). Initializers that delegate (`self.init`, `super.init`), that use `defer` or
// `fallthrough`, or whose locals shadow a property are left to the run-time check, which
// follows the paths actually taken.

import TableLabSyntax

private struct AssignedNames: SyntaxVisitor {
    var names = Set<String>()
    var leftAlone = false

    mutating func visit(_ node: Stmt) -> SyntaxVisitorContinueKind {
        switch node.kind {
        case .assignment(let target, _, _): noteTarget(target)
        case .throw: leftAlone = true
        default: break
        }
        return .visitChildren
    }

    mutating func visit(_ node: Expr) -> SyntaxVisitorContinueKind {
        switch node.kind {
        case .call(let callee, _):
            switch callee.kind {
            case .member(let base, "init"):
                if case .self = base.kind { leftAlone = true }
                if case .identifier("super") = base.kind { leftAlone = true }
            case .identifier("fatalError"), .identifier("preconditionFailure"): leftAlone = true
            default: break
            }
        case .unary(.inoutArgument, let inner): noteTarget(inner)
        default: break
        }
        return .visitChildren
    }

    private mutating func noteTarget(_ target: Expr) {
        switch target.kind {
        case .identifier(let n): names.insert(n)
        case .member(let base, let n): if case .self = base.kind { names.insert(n) }
        case .tuple(let items): for i in items { noteTarget(i.value) }
        default: break
        }
    }
}

/// What a path through an initializer has assigned: on every way there (`definite`) and
/// on some way there (`possible`, for a `let` assigned twice).
private struct Assigned {
    var definite: Set<String>
    var possible: Set<String>

    static func merge(_ a: Assigned?, _ b: Assigned?) -> Assigned? {
        guard let a else { return b }
        guard let b else { return a }
        return Assigned(definite: a.definite.intersection(b.definite), possible: a.possible.union(b.possible))
    }
}

/// The paths of one initializer's body. A nil state is a path that does not go on
/// (returned, threw, trapped, left the loop).
private struct InitFlow {
    let required: Set<String>
    let lets: [String: VariableDecl]
    let isFailable: Bool
    /// A bare name of a parameter is the parameter, not the property.
    let parameters: Set<String>
    /// Each `return` (or the closing brace) reached without all of `required`.
    var exits: [(at: SourceLocation, missing: Set<String>)] = []
    /// Each second assignment of a `let` property: the target and the value.
    var twice: [(at: SourceLocation, name: String)] = []
    /// The class's own properties in declaration order, when `super.init` is to be checked:
    /// each must be set before it (after it, all of `self` is initialized).
    var orderAtSuperInit: [String] = []
    /// Each `super.init` reached with a property unset: the first such property.
    var unsetAtSuperInit: [(at: SourceLocation, name: String)] = []

    mutating func block(_ stmts: [Stmt], _ start: Assigned?, inCase: Bool = false) -> Assigned? {
        var state = start
        for st in stmts {
            guard let s = state else { return nil }
            if inCase, case .break(nil) = st.kind { return s }
            state = statement(st, s)
        }
        return state
    }

    private mutating func statement(_ st: Stmt, _ s: Assigned) -> Assigned? {
        switch st.kind {
        case .assignment(let target, let op, _):
            var s = s
            if op == .assign { assign(target, st.operatorLocation, &s) }
            return s
        case .expression(let e):
            if endsPath(e) { return nil }
            var s = s
            if InitFlow.isSuperInitCall(e) {
                s.definite.insert(InitFlow.superInit)
                if !orderAtSuperInit.isEmpty {
                    if let n = orderAtSuperInit.first(where: { !s.definite.contains($0) }) {
                        unsetAtSuperInit.append((InitFlow.superInitNameLocation(e), n))
                    }
                    s.definite.formUnion(required)
                    s.possible.formUnion(lets.keys)
                }
            }
            for t in InoutTargets.of(e) { assign(t, t.location, &s) }
            return s
        case .if(let i):
            return Assigned.merge(block(i.then, s), block(i.otherwise ?? [], s))
        case .guard(_, let otherwise):
            _ = block(otherwise, s)
            return s
        case .switch(let sw):
            var out: Assigned? = nil
            for c in sw.cases { out = Assigned.merge(out, block(c.body, s, inCase: true)) }
            return out
        case .forIn(_, _, _, let body), .while(_, let body):
            _ = block(body, s)
            return s
        case .repeatWhile(let body, _):
            return block(body, s) ?? s
        case .block(let body):
            return block(body, s)
        case .doCatch(let body, let catches):
            var out = block(body, s)
            for c in catches { out = Assigned.merge(out, block(c.body, s)) }
            return out
        case .labeled(_, let inner):
            return block([inner], s)
        case .return(let e):
            if isFailable, case .nil? = e?.kind { return nil }
            let missing = required.subtracting(s.definite)
            if !missing.isEmpty { exits.append((st.location, missing)) }
            return nil
        case .throw, .break, .continue:
            return nil
        default:
            return s
        }
    }

    /// `at` is where swiftc reports a second initialization: the `=`, or an `&` argument.
    private mutating func assign(_ target: Expr, _ at: SourceLocation, _ s: inout Assigned) {
        switch target.kind {
        case .tuple(let items):
            for i in items { assign(i.value, i.value.location, &s) }
            return
        case .self:
            // `self = other` in a struct's initializer sets every property at once.
            s.definite.formUnion(required)
            s.possible.formUnion(lets.keys)
        case .identifier(let n): if !parameters.contains(n) { note(n, at, &s) }
        case .member(let base, let n): if case .self = base.kind { note(n, at, &s) }
        default: break
        }
    }

    private mutating func note(_ n: String, _ at: SourceLocation, _ s: inout Assigned) {
        guard required.contains(n) || lets[n] != nil else { return }
        if let v = lets[n], v.initializer != nil || s.possible.contains(n) {
            twice.append((at, n))
        }
        s.definite.insert(n)
        s.possible.insert(n)
    }

    /// The name the flow gives a `super.init(...)` call, which no property can have.
    static let superInit = "super.init()"

    /// `super.init(...)`, `try super.init(...)`, and `super.init(...)!`, which delegates to a
    /// failable superclass initializer and traps where it fails.
    static func isSuperInitCall(_ e: Expr) -> Bool {
        var x = e
        if case .tryMark(_, let inner) = x.kind { x = inner }
        if case .forceUnwrap(let inner) = x.kind { x = inner }
        guard case .call(let callee, _) = x.kind, case .member(let base, "init") = callee.kind,
              case .identifier("super") = base.kind else { return false }
        return true
    }

    /// Where `init` of `super.init(...)` is written: swiftc's place for its errors.
    static func superInitNameLocation(_ e: Expr) -> SourceLocation {
        var x = e
        if case .tryMark(_, let inner) = x.kind { x = inner }
        if case .forceUnwrap(let inner) = x.kind { x = inner }
        guard case .call(let callee, _) = x.kind else { return e.location }
        return SourceLocation(line: callee.range.end.line, column: callee.range.end.column - 4)
    }

    private func endsPath(_ e: Expr) -> Bool {
        if case .call(let callee, _) = e.kind, case .identifier(let n) = callee.kind {
            return n == "fatalError" || n == "preconditionFailure"
        }
        return false
    }
}

/// The `&x` and `&self.x` arguments of an expression.
private struct InoutTargets: SyntaxVisitor {
    var targets: [Expr] = []
    static func of(_ e: Expr) -> [Expr] {
        var v = InoutTargets()
        v.walk(e)
        return v.targets
    }
    mutating func visit(_ node: Expr) -> SyntaxVisitorContinueKind {
        if case .unary(.inoutArgument, let inner) = node.kind { targets.append(inner) }
        if case .closure = node.kind { return .skipChildren }
        return .visitChildren
    }
}

/// The assignments to a bare parameter name in an initializer's own statements (a local
/// or closure parameter of the same name is left to the run: the walk stops at closures
/// and at a body that declares the name).
private struct ParameterAssignments: SyntaxVisitor {
    let constants: Set<String>
    var targets: [(name: String, at: SourceLocation, nameAt: SourceLocation, compound: Bool)] = []
    var shadowed = Set<String>()
    mutating func visit(_ node: Stmt) -> SyntaxVisitorContinueKind {
        if case .assignment(let target, let op, _) = node.kind, case .identifier(let n) = target.kind,
           constants.contains(n), !shadowed.contains(n) {
            // swiftc reports a compound assignment (`x += 1`) at its operator, in other words.
            let compound = op != .assign && node.operatorLocation != .unknown
            targets.append((n, compound ? node.operatorLocation : target.location, target.location, compound))
        }
        return .visitChildren
    }
    mutating func visit(_ node: Expr) -> SyntaxVisitorContinueKind {
        if case .closure = node.kind { return .skipChildren }
        return .visitChildren
    }
    mutating func visit(_ node: Pattern) -> SyntaxVisitorContinueKind {
        if case .binding(let n, _) = node.kind, constants.contains(n) { shadowed.insert(n) }
        return .visitChildren
    }
}

/// Whether an initializer calls `super.init` (outside closures).
private struct SuperInitCalls: SyntaxVisitor {
    var found = false
    mutating func visit(_ node: Expr) -> SyntaxVisitorContinueKind {
        if case .closure = node.kind { return .skipChildren }
        if InitFlow.isSuperInitCall(node) { found = true }
        return .visitChildren
    }
}

/// Whether an initializer is one the flow leaves to the run-time check.
private struct LeftToRunTime: SyntaxVisitor {
    var leftAlone = false
    let propertyNames: Set<String>
    /// `super.init` is followed by the flow (`unsetAtSuperInit`), `self.init` is not.
    var allowsSuperInit = false

    mutating func visit(_ node: Stmt) -> SyntaxVisitorContinueKind {
        switch node.kind {
        case .defer, .fallthrough: leftAlone = true
        default: break
        }
        return .visitChildren
    }

    mutating func visit(_ node: Expr) -> SyntaxVisitorContinueKind {
        if case .call(let callee, _) = node.kind, case .member(let base, "init") = callee.kind {
            if case .self = base.kind { leftAlone = true }
            if case .identifier("super") = base.kind, !allowsSuperInit { leftAlone = true }
        }
        return .visitChildren
    }

    mutating func visit(_ node: Pattern) -> SyntaxVisitorContinueKind {
        if case .binding(let n, _) = node.kind, propertyNames.contains(n) { leftAlone = true }
        return .visitChildren
    }
}

enum StaticInitCheck {
    /// swiftc's `return from initializer without initializing all stored properties`, with
    /// a note per property, for each initializer of the unit that never assigns one.
    static func uninitializedProperties(_ unit: SourceUnit, file: SourceFile) -> [Diagnostic] {
        var found: [Diagnostic] = []
        func check(_ members: TypeMembers, isClass: Bool = false, hasSuperclass: Bool = false) {
            let stored = members.properties.filter { v in v.name != nil && v.getter == nil && !v.isStatic && !v.isLazy }
            let required = stored.filter { v in v.initializer == nil && !(!v.isLet && isOptional(v.type)) }
            let byName = Dictionary(stored.map { ($0.name!, $0) }, uniquingKeysWith: { a, _ in a })
            let lets = byName.filter { $0.value.isLet }
            if isClass {
                found += superInitOnSomePaths(members, file)
                if hasSuperclass { found += unsetAtSuperInit(members, required: required, lets: lets, file) }
            }
            var writesParameter = Set<SourceLocation>()
            for i in members.initializers {
                // The write itself is the walk's to report (LetWriteCheck.swift), with swiftc's note.
                if writesParameterName(i) { writesParameter.insert(i.location) }
            }
            for i in members.initializers where i.bodyEnd != .unknown && (!required.isEmpty || !lets.isEmpty)
                && !writesParameter.contains(i.location) {
                var left = LeftToRunTime(propertyNames: Set(byName.keys))
                left.walk(i.body)
                if left.leftAlone { continue }
                var flow = InitFlow(required: Set(required.map { $0.name! }), lets: lets, isFailable: i.failability != nil,
                                    parameters: Set(i.parameters.map(\.name)))
                if let end = flow.block(i.body, Assigned(definite: [], possible: [])) {
                    let missing = flow.required.subtracting(end.definite)
                    if !missing.isEmpty { flow.exits.append((i.bodyEnd, missing)) }
                }
                found += Self.initializedTwice(flow.twice, lets, file)
                // swiftc reports an initializer once, at a way out that misses a property,
                // with a note for each property some way out misses.
                if isClass, !flow.exits.isEmpty {
                    // A class's initializer leaves through one epilogue: swiftc reports at its `}`.
                    found.append(classInitError(flow, required, failable: i.failability != nil, at: i.bodyEnd, file))
                } else if let first = flow.exits.min(by: { ($0.at.line, $0.at.column) < ($1.at.line, $1.at.column) }) {
                    let missing = flow.exits.reduce(into: Set<String>()) { $0.formUnion($1.missing) }
                    let notes = required.filter { missing.contains($0.name!) }.map {
                        Diagnostic.note(InitMessage.notInitialized("self." + $0.name!), at: $0.pattern.location, in: file)
                    }
                    found.append(.error(InitMessage.returnWithoutInitializing, at: first.at, in: file, notes: notes))
                }
            }
            for d in members.nestedTypes { checkDecl(d) }
        }
        func checkDecl(_ d: Decl) {
            switch d {
            case .struct(let s): check(s.members)
            case .class(let c):
                // An overriding property (observers of an inherited one) is the superclass's storage.
                var members = c.members
                members.properties.removeAll { c.memberModifiers[$0.location]?.isOverride == true }
                check(members, isClass: true, hasSuperclass: !c.inherited.isEmpty)
            case .enum(let e): for n in e.members.nestedTypes { checkDecl(n) }
            default: break
            }
        }
        for s in unit.statements { if case .declaration(let d) = s.kind { checkDecl(d) } }
        return found
    }

    /// `init(y: Double) { y = f(y) }`: the bare name is the parameter, a constant, and swiftc
    /// refuses the write (the type check fails before definite initialization is looked at).
    private static func writesParameterName(_ i: FunctionDecl) -> Bool {
        let constants = Set(i.parameters.filter { !$0.isInout }.map(\.name))
        guard !constants.isEmpty else { return false }
        var v = ParameterAssignments(constants: constants)
        v.walk(i.body)
        return !v.targets.isEmpty
    }

    /// swiftc's "'super.init' isn't called on all paths before returning from initializer",
    /// at the `}` of a class's initializer that calls `super.init` on some ways out and not
    /// others (one that never calls it gets an implicit `super.init()` at each).
    private static func superInitOnSomePaths(_ members: TypeMembers, _ file: SourceFile) -> [Diagnostic] {
        var found: [Diagnostic] = []
        for i in members.initializers where i.bodyEnd != .unknown {
            var flow = InitFlow(required: [InitFlow.superInit], lets: [:], isFailable: i.failability != nil, parameters: [])
            var calls = SuperInitCalls()
            calls.walk(i.body)
            guard calls.found else { continue }
            if let end = flow.block(i.body, Assigned(definite: [], possible: [])), !end.definite.contains(InitFlow.superInit) {
                flow.exits.append((i.bodyEnd, [InitFlow.superInit]))
            }
            if !flow.exits.isEmpty { found.append(.error(InitMessage.superInitNotOnAllPaths, at: i.bodyEnd, in: file)) }
        }
        return found
    }

    /// swiftc's "immutable value 'self.x' may only be initialized once" for each `let` set
    /// twice, with its notes (the initial value it already had, "change 'let' to 'var'").
    private static func initializedTwice(_ twice: [(at: SourceLocation, name: String)], _ lets: [String: VariableDecl],
                                         _ file: SourceFile) -> [Diagnostic] {
        twice.map { t in
            let v = lets[t.name]!
            var notes: [Diagnostic] = []
            if v.initializer != nil { notes.append(.note(InitMessage.initialValueProvided, at: v.location, in: file)) }
            let keyword = SourceLocation(line: v.location.line, column: max(1, v.location.column - 4))
            notes.append(.note(InitMessage.changeLetToVar, at: keyword, in: file))
            return .error(InitMessage.initializedTwice("self." + t.name), at: t.at, in: file, notes: notes)
        }
    }

    /// swiftc's "property 'self.y' not initialized at super.init call" for a subclass's
    /// initializer that calls `super.init` before setting one of its own properties (the
    /// first, in declaration order), and its "may only be initialized once" for a `let`
    /// assigned after the call. Initializers the flow leaves to the run are skipped.
    private static func unsetAtSuperInit(_ members: TypeMembers, required: [VariableDecl], lets: [String: VariableDecl],
                                         _ file: SourceFile) -> [Diagnostic] {
        guard !required.isEmpty || !lets.isEmpty else { return [] }
        var found: [Diagnostic] = []
        let names = Set(members.properties.compactMap(\.name))
        for i in members.initializers where i.bodyEnd != .unknown {
            var calls = SuperInitCalls()
            calls.walk(i.body)
            guard calls.found else { continue }
            var left = LeftToRunTime(propertyNames: names, allowsSuperInit: true)
            left.walk(i.body)
            if left.leftAlone { continue }
            var flow = InitFlow(required: Set(required.map { $0.name! }), lets: lets, isFailable: i.failability != nil,
                                parameters: Set(i.parameters.map(\.name)))
            flow.orderAtSuperInit = required.map { $0.name! }
            _ = flow.block(i.body, Assigned(definite: [], possible: []))
            if let first = flow.unsetAtSuperInit.first {
                found.append(.error(InitMessage.notInitializedAtSuperInit("self." + first.name), at: first.at, in: file))
            }
            found += Self.initializedTwice(flow.twice, lets, file)
        }
        return found
    }

    /// A class's `init` that misses a property on some way out: at the `}`, "return from
    /// initializer ..." with a note per property, or for an `init?` "variable 'self.x' used
    /// before being initialized" for the first property (in declaration order) it misses.
    private static func classInitError(_ flow: InitFlow, _ required: [VariableDecl], failable: Bool, at end: SourceLocation,
                                       _ file: SourceFile) -> Diagnostic {
        let missing = flow.exits.reduce(into: Set<String>()) { $0.formUnion($1.missing) }
        let props = required.filter { missing.contains($0.name!) }
        if failable, let p = props.first {
            return .error(InitMessage.usedBeforeInitialized(isLet: p.isLet, name: "self." + p.name!), at: end, in: file)
        }
        let notes = props.map { Diagnostic.note(InitMessage.notInitialized("self." + $0.name!), at: $0.pattern.location, in: file) }
        return .error(InitMessage.returnWithoutInitializing, at: end, in: file, notes: notes)
    }

    private static func isOptional(_ t: TypeSyntax?) -> Bool {
        if case .optional? = t { return true }
        return false
    }
}

/// The definite-initialization messages, in swiftc's words.
enum InitMessage: DiagnosticMessage, Hashable {
    case returnWithoutInitializing
    case notInitialized(String)
    case initializedTwice(String)
    case initialValueProvided
    case changeLetToVar
    case usedBeforeInitialized(isLet: Bool, name: String)
    case passedByReferenceBeforeInitialized(isLet: Bool, name: String)
    case structMemberStoredBeforeInitialized(name: String)
    case capturedBeforeInitialized(isLet: Bool, name: String)
    case definedHere(isLet: Bool)
    case superInitNotOnAllPaths
    case notInitializedAtSuperInit(String)
    case assignToParameter(String)
    case mutatingOperatorOnParameter(String)
    case addExplicitSelf(String)

    var id: DiagnosticID {
        switch self {
        case .usedBeforeInitialized: return DiagnosticID("variable_used_before_initialized")
        case .passedByReferenceBeforeInitialized: return DiagnosticID("variable_inout_before_initialized")
        case .structMemberStoredBeforeInitialized: return DiagnosticID("struct_not_fully_initialized")
        case .capturedBeforeInitialized: return DiagnosticID("variable_closure_use_uninit")
        case .definedHere: return DiagnosticID("variable_defined_here")
        case .returnWithoutInitializing: return DiagnosticID("return_from_init_without_initing_stored_properties")
        case .notInitialized: return DiagnosticID("stored_property_not_initialized")
        case .initializedTwice: return DiagnosticID("immutable_value_may_only_be_initialized_once")
        case .initialValueProvided: return DiagnosticID("initial_value_provided_in_let_decl")
        case .changeLetToVar: return DiagnosticID("change_let_to_var_param")
        case .superInitNotOnAllPaths: return DiagnosticID("superselfinit_not_called_before_return")
        case .notInitializedAtSuperInit: return DiagnosticID("ivar_not_initialized_at_superinit")
        case .assignToParameter: return DiagnosticID("cannot_assign_to_immutable_value")
        case .mutatingOperatorOnParameter: return DiagnosticID("assignment_lhs_is_immutable_variable")
        case .addExplicitSelf: return DiagnosticID("add_explicit_self_to_mutable_property")
        }
    }

    var text: String {
        switch self {
        case .returnWithoutInitializing: return "return from initializer without initializing all stored properties"
        case .notInitialized(let name): return "'\(name)' not initialized"
        case .initializedTwice(let name): return "immutable value '\(name)' may only be initialized once"
        case .initialValueProvided: return "initial value already provided in 'let' declaration"
        case .changeLetToVar: return "change 'let' to 'var' to make it mutable"
        case .usedBeforeInitialized(let isLet, let name): return "\(isLet ? "constant" : "variable") '\(name)' used before being initialized"
        case .passedByReferenceBeforeInitialized(let isLet, let name):
            return "\(isLet ? "constant" : "variable") '\(name)' passed by reference before being initialized"
        case .structMemberStoredBeforeInitialized(let name): return "struct '\(name)' must be completely initialized before a member is stored to"
        case .capturedBeforeInitialized(let isLet, let name):
            return "\(isLet ? "constant" : "variable") '\(name)' captured by a closure before being initialized"
        case .definedHere(let isLet): return "\(isLet ? "constant" : "variable") defined here"
        case .superInitNotOnAllPaths: return "'super.init' isn't called on all paths before returning from initializer"
        case .notInitializedAtSuperInit(let name): return "property '\(name)' not initialized at super.init call"
        case .assignToParameter(let n): return "cannot assign to value: '\(n)' is a 'let' constant"
        case .mutatingOperatorOnParameter(let n): return "left side of mutating operator isn't mutable: '\(n)' is a 'let' constant"
        case .addExplicitSelf(let t): return "add explicit 'self.' to refer to mutable property of '\(t)'"
        }
    }
}

/// The flow's reading of `super.init(...)` calls, for the compiler (`super.init(...)!`).
enum SuperInitCall {
    static func matches(_ e: Expr) -> Bool { InitFlow.isSuperInitCall(e) }
}
