// swiftc refuses `xs.apend(2)` (`value of type '[Int]' has no member 'apend'`) anywhere in
// the program, also in a function that never runs. Before a unit runs, each member access
// whose receiver's type the declarations tell for sure (StaticTyper: a parameter's or a
// local's annotation or initializer, one name bound twice with one type, a global's
// declaration, the unit's own globals from where they are declared) is looked up, and
// only where the answer is sure is it an error:
// - a struct, enum or class of the script whose members are all known (`knownMembers`):
//   its own and its extensions', its script superclasses', those its script protocols and
//   the listed standard protocols give;
// - an Array, Set, Dictionary, String, Substring or Character, for a near miss (`apend`,
//   `uppercasd`, `kes`) of a member Swift declares for it, none of which has that name
//   (StandardLibraryMemberData.swift, read from the toolchain's modules), unless the
//   script extends the type or a protocol it conforms to;
// - a host type (UIKit's: `cell.textLabel?.txt`, `tableView.reloadDat()`), for a near miss
//   of a member the host's catalogue lists (HostMemberCatalogue.swift), unless the script
//   extends the class, a superclass or a protocol of it.
// The same walk finds calls swiftc refuses as `cannot call value of non-function type`: a
// call of what a function returning `()` returned (`print("x")(1)`), and a call of a name
// that surely holds a standard value (`k(1)` with `k` an Int).
// Anything else (a name bound by a loop or pattern, a closure's parameter, a generic, a
// framework type the host does not list, a far misspelling) is left to the run, where the same lookup
// reports it.

import TableLabSyntax

/// The plain `let`/`var` declarations of a body, at any depth, and the names its `guard let`s
/// bind (for the rest of their block: typed as locals where the function binds them once).
private struct LocalDeclarations: SyntaxVisitor {
    var declarations: [VariableDecl] = []
    var guardBindings: [(name: String, value: Expr)] = []

    mutating func visit(_ node: Decl) -> SyntaxVisitorContinueKind {
        if case .variable(let v) = node { declarations.append(v) }
        return .visitChildren
    }

    mutating func visit(_ node: Stmt) -> SyntaxVisitorContinueKind {
        if case .guard(let conditions, _) = node.kind {
            for case .optionalBinding(let n, _, let value, _) in conditions { guardBindings.append((n, value)) }
        }
        return .visitChildren
    }
}

/// Every member access of a body, at any depth, with the receiver; and every call whose
/// callee is itself a call of a bare name (`print("x")(1)`).
/// The names declared with an implicitly unwrapped type anywhere in a unit.
private struct ImplicitlyUnwrappedNames: SyntaxVisitor {
    var names = Set<String>()

    mutating func add(_ v: VariableDecl) {
        if v.isImplicitlyUnwrapped { names.formUnion(LexicalScopes.names(in: v.pattern)) }
    }

    mutating func visit(_ node: Decl) -> SyntaxVisitorContinueKind {
        switch node {
        case .variable(let v): add(v)
        case .function(let f): for p in f.parameters where p.isImplicitlyUnwrapped { names.insert(p.name) }
        default: break
        }
        return .visitChildren
    }
}

private struct MemberAccesses: SyntaxVisitor {
    var accesses: [(base: Expr, name: String, at: SourceLocation)] = []
    /// `base?.name`.
    var chained: [(base: Expr, name: String, at: SourceLocation)] = []
    var calledResults: [(function: String, arguments: [Argument], at: SourceLocation)] = []
    /// Methods whose result is called (`s.bump()(1)`), by the place of the member.
    var calledMethodResults: [Place: (arguments: [Argument], at: SourceLocation)] = [:]
    /// Method calls (`s.m(x: 1)`), by the place of the member.
    var methodCalls: [Place: (callee: Expr, arguments: [Argument], location: SourceLocation, end: SourceLocation)] = [:]
    /// Calls of a bare name: `k(1)`.
    var namedCalls: [(name: String, at: SourceLocation)] = []
    /// `x.m = .red`: the implicit member assigned, by the place of the member assigned to.
    var assignedImplicitMembers: [Place: (member: String, at: SourceLocation)] = [:]
    /// The members assigned to (`x.m = v`, `x.m += v`), by their places.
    var assignedMembers = Set<Place>()

    mutating func visit(_ node: Stmt) -> SyntaxVisitorContinueKind {
        if case .assignment(let target, _, let value) = node.kind, case .implicitMember(let m) = value.kind {
            assignedImplicitMembers[Place(target.location)] = (m, value.location)
        }
        if case .assignment(let target, _, _) = node.kind, case .member = target.kind { assignedMembers.insert(Place(target.location)) }
        return .visitChildren
    }

    mutating func visit(_ node: Expr) -> SyntaxVisitorContinueKind {
        switch node.kind {
        case .member(let base, let name): accesses.append((base, name, node.location))
        // `picked?.titl`: swiftc names the wrapped type (`value of type 'Section' has no member 'titl'`).
        case .optionalChain(let base, let name): chained.append((base, name, node.location))
        case .call(let callee, let args):
            if case .call(let inner, _) = callee.kind, case .identifier(let f) = inner.kind {
                calledResults.append((f, args, node.location))
            }
            if case .call(let inner, _) = callee.kind, case .member = inner.kind {
                calledMethodResults[Place(inner.location)] = (args, node.location)
            }
            if case .identifier(let n) = callee.kind { namedCalls.append((n, node.location)) }
            if case .member = callee.kind { methodCalls[Place(callee.location)] = (callee, args, node.location, node.range.end) }
        default: break
        }
        return .visitChildren
    }
}

/// The names a body must not type (bound in ways the check cannot follow), unless it
/// types them as locals (the top level's globals declared before the statement).
private struct Hidden {
    let names: Set<String>
    let typed: [String: TypeSyntax]

    func contains(_ name: String) -> Bool { names.contains(name) && typed[name] == nil }
}

/// The parts of a body that bind a name of their own from a value: `for x in seq`, `if let
/// x = e`, and a one-parameter closure given to an array's method that calls it with each
/// element (`$0` only where the closure holds no other closure, whose `$0` is its own).
private struct ScopedBindings: SyntaxVisitor {
    /// `matched`: a name a pattern binds (`case .item(let it)`, `for case let x? in xs`),
    /// matched against the value or, with `element`, each element of it.
    enum Source { case element(Expr), unwrapped(Expr), matched(Pattern, Expr, element: Bool) }
    var scopes: [(name: String, source: Source, annotation: TypeSyntax?, body: [Stmt])] = []

    /// Array methods whose closure parameter is an element.
    static let elementMethods: Set<String> = [
        "map", "filter", "forEach", "first", "contains", "compactMap", "flatMap", "allSatisfy", "firstIndex",
        "lastIndex", "last", "removeAll", "drop", "prefix",
    ]

    /// Array methods whose closure's two parameters are both elements (`sorted { a, b in }`).
    static let pairMethods: Set<String> = ["sorted", "sort", "min", "max"]

    mutating func visit(_ node: Stmt) -> SyntaxVisitorContinueKind {
        switch node.kind {
        case .forIn(let p, let sequence, _, let body):
            if case .binding(let n, _) = p.kind { scopes.append((n, .element(sequence), nil, body)) } else {
                for n in Self.names(in: p) { scopes.append((n, .matched(p, sequence, element: true), nil, body)) }
            }
        case .if(let i):
            for c in i.conditions {
                switch c {
                case .optionalBinding(let n, _, let value, _): scopes.append((n, .unwrapped(value), nil, i.then))
                case .patternMatch(let p, let value):
                    for n in Self.names(in: p) { scopes.append((n, .matched(p, value, element: false), nil, i.then)) }
                case .expression: break
                }
            }
        case .switch(let sw):
            // Every pattern of a case binds the same names with the same types: the first tells.
            for c in sw.cases {
                guard let p = c.patterns.first else { continue }
                for n in Self.names(in: p) { scopes.append((n, .matched(p, sw.subject, element: false), nil, c.body)) }
            }
        default: break
        }
        return .visitChildren
    }

    /// The names a pattern binds.
    static func names(in p: Pattern) -> [String] {
        switch p.kind {
        case .binding(let n, _): return [n]
        case .enumCase(_, _, let sub): return sub.map(names(in:)) ?? []
        case .optionalSome(let q), .cast(let q, _): return names(in: q)
        case .tuple(let ps): return ps.flatMap(names(in:))
        case .wildcard, .expression, .typeCheck: return []
        }
    }

    mutating func visit(_ node: Expr) -> SyntaxVisitorContinueKind {
        guard case .call(let callee, let arguments) = node.kind, case .member(let receiver, let method) = callee.kind,
              Self.elementMethods.contains(method) || Self.pairMethods.contains(method) else { return .visitChildren }
        for a in arguments {
            guard case .closure(let c) = a.value.kind else { continue }
            if c.parameters.count == 1 {
                scopes.append((c.parameters[0].name, .element(receiver), c.parameters[0].type, c.body))
            } else if c.parameters.count == 2, Self.pairMethods.contains(method) {
                for p in c.parameters { scopes.append((p.name, .element(receiver), p.type, c.body)) }
            } else if c.parameters.isEmpty {
                var nested = NestedClosures()
                nested.walk(c.body)
                if !nested.found { scopes.append(("$0", .element(receiver), nil, c.body)) }
            }
        }
        return .visitChildren
    }
}

/// Whether a body holds a closure.
private struct NestedClosures: SyntaxVisitor {
    var found = false

    mutating func visit(_ node: Expr) -> SyntaxVisitorContinueKind {
        if case .closure = node.kind { found = true; return .skipChildren }
        return .visitChildren
    }
}

/// A source location as a dictionary key.
private struct Place: Hashable {
    let line: Int, column: Int
    init(_ l: SourceLocation) { line = l.line; column = l.column }
}

/// One error the check found: the message and where swiftc places it.
private typealias Finding = (message: any DiagnosticMessage, at: SourceLocation, notes: [Diagnostic])

/// Where a body stands, for a bare name it calls: outside any type, inside a type whose
/// members are all known (`knownMembers`), or inside one that may have members the unit does
/// not show (a superclass's, a protocol's, an extension's, UIKit's).
private enum EnclosingType {
    case none
    case closed(KnownMembers)
    case open
}

extension InterpreterCore {
    /// The unit's member accesses that name nothing their receiver has, in functions (run or
    /// not) and at the top level; each is swiftc's error, in source order, the last thrown.
    func checkMemberNames(_ unit: SourceUnit) throws {
        // A type the unit declares twice, or whose declaration is not the current one yet
        // (a redeclaration in place, SavedSession.swift), has members the check cannot know.
        var declaredTypes = UnitTypeDecls()
        declaredTypes.walk(unit.statements)
        unsureTypeNames = Set(declaredTypes.locations.filter { name, at in
            at.count > 1 || userType(name)?.location != at[0]
        }.keys)
        defer { unsureTypeNames = [] }
        unitExtendedTypeNames = declaredTypes.extended
        if unit.imports.contains(where: { !NearMisses.appleModules.contains($0) }) { importedOtherModule = true }
        defer { unitExtendedTypeNames = [] }
        unsureFunctionNames = functionNamesDeclaredUnsurely(unit)
        defer { unsureFunctionNames = [] }
        var unwrapped = ImplicitlyUnwrappedNames()
        unwrapped.walk(unit.statements)
        for v in sessionGlobalDeclarations(mentionedIn: unit) { unwrapped.add(v) }
        implicitlyUnwrappedNames = unwrapped.names
        defer { implicitlyUnwrappedNames = [] }
        var found: [Finding] = []
        var topLevel = StaticTyper(core: self, selfType: topLevelSelfType, selfInstance: topLevelSelfInstance)
        topLevel.declarationsOnly = true
        var bound: [String] = []
        for s in unit.statements {
            if case .command = s.kind { continue }
            if !Self.checkedAtTopLevel(s) { continue }
            // The names a statement binds at the top level are globals, counted apart.
            let own = StaticEntryCheck.names(boundBy: s)
            for (n, count) in Resolver.resolveTopLevel(s).bindingCounts {
                let locals = count - own.filter { $0 == n }.count
                if locals > 0 { bound += repeatElement(n, count: locals) }
            }
        }
        // The unit's own globals are typed from where each is declared on, when it declares
        // each once with a plain `let`/`var` (UnitGlobals); a name some closure, loop or
        // pattern binds, or the unit binds twice, is not.
        let topLevelNames = StaticEntryCheck.topLevelNames(unit)
        let globals = unitGlobals(unit, hiding: Set(bound), typer: topLevel)
        let topLevelType = topLevelSelfType.map { t in knownMembers(t).map { EnclosingType.closed($0) } ?? .open } ?? .none
        var known: [String: TypeSyntax] = [:]
        let hiddenAtTopLevel = Set(bound).union(topLevelNames)
        memberCheckSeesCallAsFunction = declaresCallAsFunction()
        var topLevelCounts: [String: Int] = [:]
        for n in bound { topLevelCounts[n, default: 0] += 1 }
        for n in topLevelNames { topLevelCounts[n] = nil }
        let topLevelContext = BodyContext(counts: topLevelCounts, bound: [], enclosing: topLevelType, sessionGlobals: nil)
        for (i, s) in unit.statements.enumerated() {
            if !Self.checkedAtTopLevel(s) { continue }
            found += unknownMembers(in: [s], typer: &topLevel, locals: known,
                                    hidden: Hidden(names: hiddenAtTopLevel, typed: known), enclosing: topLevelType)
            found += scopedUnknownMembers(in: [s], typer: &topLevel, locals: known, hidden: Hidden(names: hiddenAtTopLevel, typed: known),
                                          roots: nil, context: topLevelContext, depth: 0)
            // The typer keeps no reference to `known`, which grows with each statement
            // (a copy per statement made a file of many globals quadratic).
            topLevel.closureParameterNames = [:]
            if let g = globals.byStatement[i] { known[g.name] = g.type }
        }
        var functions = UnitFunctionDecls()
        functions.walk(unit.statements)
        var inFunctions: [Finding] = []
        let sessionGlobals = SessionGlobals(unitNames: topLevelNames.union(bound))
        for (f, owner, inType, nested) in functions.functions {
            // A function nested in another sees that one's locals: no global is sure there.
            let seen = nested ? nil : (unit: globals.types, session: sessionGlobals)
            inFunctions += unknownMembers(in: f, owner: owner.flatMap { userType($0) }, inType: inType, globals: seen)
        }
        // swiftc checks the top-level code first, then the bodies of functions, each in order.
        func byPlace(_ a: Finding, _ b: Finding) -> Bool { (a.at.line, a.at.column) < (b.at.line, b.at.column) }
        // A part that binds a name is checked with the body around it too: one error per place.
        func distinct(_ findings: [Finding]) -> [Finding] {
            var seen = Set<Place>()
            return findings.filter { seen.insert(Place($0.at)).inserted }
        }
        found = distinct(found.sorted(by: byPlace)) + distinct(inFunctions.sorted(by: byPlace))
        guard let last = found.popLast() else { return }
        for e in found {
            var d = RuntimeError(e.message, at: e.at, notes: e.notes).diagnostic
            if d.file == nil { d.file = currentFile }
            for i in d.notes.indices where d.notes[i].file == nil { d.notes[i].file = currentFile }
            warningHandler(d)
        }
        throw RuntimeError(last.message, at: last.at, notes: last.notes)
    }

    /// Function names whose declaration the check cannot be sure is the one a call meets:
    /// declared twice by the unit, or not current yet (a redeclaration in place).
    private func functionNamesDeclaredUnsurely(_ unit: SourceUnit) -> Set<String> {
        var functions = UnitFunctionDecls()
        functions.walk(unit.statements)
        var counts: [String: Int] = [:]
        var unsure = Set<String>()
        for (f, _, _, _) in functions.functions {
            counts[f.name, default: 0] += 1
            if counts[f.name]! > 1 { unsure.insert(f.name) }
        }
        for s in unit.statements {
            guard case .declaration(.function(let f)) = s.kind else { continue }
            let current = functionsByBase[f.name]?.contains { $0.decl?.location == f.location } ?? false
            if !current { unsure.insert(f.name) }
        }
        return unsure
    }

    /// `print("x")(1)`, `g()(2)`: a function that returns nothing (`()`, which no extension
    /// can make callable) called, and its result called again; swiftc also cannot give
    /// `.foo` among that call's arguments a type.
    private func callsOfNothing(_ calls: [(function: String, arguments: [Argument], at: SourceLocation)],
                                bound: (String) -> Bool, enclosing: EnclosingType) -> [Finding] {
        var out: [Finding] = []
        for c in calls where !bound(c.function) && returnsNothing(c.function, enclosing) {
            out += Self.callOfNothing(c.arguments, at: c.at)
        }
        return out
    }

    private static func callOfNothing(_ arguments: [Argument], at: SourceLocation) -> [Finding] {
        var out: [Finding] = [(RuntimeMessage.callOfNonFunction(type: "()"), at, [])]
        for a in arguments {
            if case .implicitMember(let m) = a.value.kind { out.append((RuntimeMessage.implicitMemberWithoutContext(member: m), a.value.location, [])) }
        }
        return out
    }

    /// Whether every method `name` of a script type whose members are all known returns
    /// `()` (no property of that name, none a protocol gives).
    private func methodReturnsNothing(_ name: String, of t: TypeSyntax) -> Bool {
        guard case .named(let n) = t, !unsureTypeNames.contains(n), let u = userType(n), let members = knownMembers(u),
              !members.fromProtocols.contains(name) else { return false }
        var found = false
        for c in members.chain {
            if c.fieldIndex[name] != nil || c.computed[name] != nil || c.lazyProperties[name] != nil
                || c.staticStored[name] != nil || c.caseIndex[name] != nil { return false }
            for full in c.methodsByBase[name] ?? [] {
                guard let d = c.methods[full]?.decl, d.returnType == nil, d.genericParameters.isEmpty else { return false }
                found = true
            }
        }
        return found
    }

    /// swiftc's errors for `value.m(...)` whose arguments fit no method `m` of the value's
    /// type, when its members are all known and `m` is one method (overrides share its
    /// name), not a property holding a closure, and no protocol may give another `m`.
    private func argumentMismatch(_ name: String, of t: TypeSyntax,
                                  _ call: (callee: Expr, arguments: [Argument], location: SourceLocation, end: SourceLocation)) -> [Finding] {
        // A trailing closure's label is Swift's to match (forward, by type): left to the run.
        guard case .named(let n) = t, !unsureTypeNames.contains(n), let u = userType(n), let members = knownMembers(u),
              !members.fromProtocols.contains(name), !call.arguments.contains(where: \.isTrailingClosure) else { return [] }
        var decl: FunctionDecl? = nil
        for c in members.chain {
            if c.fieldIndex[name] != nil || c.computed[name] != nil || c.lazyProperties[name] != nil
                || c.staticStored[name] != nil || c.caseIndex[name] != nil { return [] }
            for full in c.methodsByBase[name] ?? [] {
                guard let d = c.methods[full]?.decl, !d.parameters.contains(where: \.isVariadic) else { return [] }
                if let known = decl, known.fullName != d.fullName { return [] }
                decl = d
            }
        }
        guard let d = decl else { return [] }
        let params = d.parameters.map { ($0.label, $0.defaultValue != nil) }
        let labels = call.arguments.map(\.label)
        guard case .failure(let e) = matchArguments(params, labels) else { return [] }
        let declared = (d.fullName, d.declaredAt)
        return callMismatchErrors(e, params, labels, declared: declared, call.callee, call.arguments, call.location, callEnd: call.end)
            .compactMap { e in (e.diagnostic.content as? RuntimeMessage).map { ($0, e.diagnostic.location, e.diagnostic.notes) } }
    }

    /// Whether every function a bare `name(...)` may call returns `()`.
    private func returnsNothing(_ name: String, _ enclosing: EnclosingType) -> Bool {
        switch enclosing {
        case .none: break
        case .open: return false
        case .closed(let members): if members.has(name) { return false }
        }
        if unsureFunctionNames.contains(name) || globalIndex[name] != nil || userType(name) != nil { return false }
        let library = name == "print" || name == "debugPrint"
        guard let cells = functionsByBase[name], !cells.isEmpty else { return library }
        // A name of the standard library keeps its own overloads beside the script's.
        if !library && StandardLibraryNames.all.contains(name) { return false }
        return cells.allSatisfy { cell in
            guard let d = cell.decl, cell.native == nil else { return false }
            return d.returnType == nil && d.genericParameters.isEmpty
        }
    }

    /// `owner`: the type whose method `f` is; its stored properties are typed too, written
    /// bare or after `self.`.
    /// `globals`: the unit's own globals with their types, and which of the session's
    /// globals a bare name may mean; nil where no global is sure.
    private func unknownMembers(in f: FunctionDecl, owner: UserType?, inType: Bool,
                                globals: (unit: [String: TypeSyntax], session: SessionGlobals)?) -> [Finding] {
        // A name bound once in the function (a parameter or one `let`/`var`) has one type.
        let counts = Resolver.resolve(parameters: f.parameters, body: f.body).bindingCounts
        let enclosing: EnclosingType
        if let owner, !unsureTypeNames.contains(owner.name), let members = knownMembers(owner) { enclosing = .closed(members) }
        else { enclosing = inType ? .open : .none }
        let owner = owner.flatMap { unsureTypeNames.contains($0.name) ? nil : $0 }
        var typer = StaticTyper(core: self, selfType: owner, selfInstance: nil)
        typer.declarationsOnly = true
        var locals: [String: TypeSyntax] = [:]
        for p in f.parameters where counts[p.name] == 1 {
            if let t = p.type { locals[p.name] = t }
        }
        var declarations = LocalDeclarations()
        declarations.walk(f.body)
        // A name bound more than once has one type when every binding is a parameter or a
        // plain declaration and all of them are of the same type (`let item: Item` in two
        // branches).
        var twice: [String: [TypeSyntax?]] = [:]
        for p in f.parameters where (counts[p.name] ?? 0) > 1 { twice[p.name, default: []].append(p.type) }
        for v in declarations.declarations {
            guard let name = v.name, let n = counts[name] else { continue }
            typer.closureParameterNames = locals
            let t = v.type ?? v.initializer.flatMap({ typer.type(of: $0) })
            typer.closureParameterNames = [:]
            if n == 1 { if let t { locals[name] = t } } else { twice[name, default: []].append(t) }
        }
        for (name, value) in declarations.guardBindings where counts[name] == 1 {
            typer.closureParameterNames = locals
            if case .optional(let t)? = typer.type(of: value) { locals[name] = t }
            typer.closureParameterNames = [:]
        }
        for (name, types) in twice where types.count == counts[name] {
            guard let first = types[0], types.allSatisfy({ $0 == first }) else { continue }
            locals[name] = first
        }
        // In a generic function, a value of a generic parameter's type has the members its
        // constraints give: only names of other types are typed.
        let generic = Set(f.genericParameters.map(\.name))
        if !generic.isEmpty {
            locals = locals.filter { !Self.mentions($0.value, generic) }
        }
        // A name bound by anything else (a loop, a pattern, a closure), or of more than one
        // type, is never typed: it would shadow whatever the typer finds under that name.
        let unsure = counts.filter { locals[$0.key] == nil }.map(\.key)
        var roots = Set(locals.keys)
        if let owner, !f.isStatic {
            roots.insert("self")
            for n in owner.fieldNames where counts[n] == nil { roots.insert(n) }
            for n in owner.lazyProperties.keys where counts[n] == nil { roots.insert(n) }
            // What the host class gives (`view`, `contentView`), typed where the script
            // declares no member of that name (StaticTyper.inheritedHostMemberType).
            if let host = hostAncestorName(owner), let catalogue = hosting.memberCatalogue?(host) {
                for n in catalogue.implicitlyUnwrapped.union(catalogue.types.keys) where counts[n] == nil && !n.contains("(") {
                    roots.insert(n)
                }
            }
        }
        // A bare name the function does not bind is a global where no member of `self` can
        // be meant instead: outside any type, or in a closed type without that member.
        var session: SessionGlobals?
        if let globals {
            session = globals.session
            for (name, t) in globals.unit where counts[name] == nil && Self.mayBeGlobal(name, enclosing) {
                locals[name] = t
                roots.insert(name)
            }
            session?.hidden = Set(counts.keys)
            session?.enclosing = enclosing
        }
        let context = BodyContext(counts: counts, bound: Set(counts.keys), enclosing: enclosing, sessionGlobals: session)
        return unknownMembers(in: f.body, typer: &typer, locals: locals, hidden: Hidden(names: Set(unsure), typed: [:]),
                              bound: context.bound, enclosing: enclosing, roots: roots, sessionGlobals: session)
            + scopedUnknownMembers(in: f.body, typer: &typer, locals: locals, hidden: Hidden(names: Set(unsure), typed: [:]),
                                   roots: roots, context: context, depth: 0)
    }

    /// What the function around a body binds, for the parts of it that bind names of their own.
    private struct BodyContext {
        /// How many times the function (or the unit's top level) binds each name.
        let counts: [String: Int]
        let bound: Set<String>
        let enclosing: EnclosingType
        let sessionGlobals: SessionGlobals?
    }

    /// The members used on a name a part of the body binds once, where declarations tell its
    /// type: a loop's element (`for item in items`), an `if let`'s unwrapped value, the
    /// parameter of a closure given to an array's method (`items.map { $0.titel }`). Each
    /// part is checked with that name typed, and the parts inside it in turn.
    private func scopedUnknownMembers(in body: [Stmt], typer: inout StaticTyper, locals: [String: TypeSyntax],
                                      hidden: Hidden, roots: Set<String>?, context: BodyContext, depth: Int) -> [Finding] {
        guard depth < 16 else { return [] }
        var scopes = ScopedBindings()
        scopes.walk(body)
        var out: [Finding] = []
        for scope in scopes.scopes {
            let isShorthand = scope.name == "$0"
            // A name each case of a switch binds again (`case .a(let it)`, `case .b(let it, _)`)
            // is that case's own where nothing inside the case binds it once more.
            var ownName = context.counts[scope.name] == 1
            if !ownName, case .matched = scope.source {
                ownName = !Resolver.resolve(parameters: [], body: scope.body).binds(scope.name)
            }
            guard isShorthand || ownName else { continue }
            let source: Expr
            switch scope.source { case .element(let e), .unwrapped(let e), .matched(_, let e, _): source = e }
            guard Self.mentionsNone(of: hidden, in: source) else { continue }
            if let roots, let root = Self.root(of: source), !roots.contains(root),
               context.sessionGlobals?.means(root, in: self) != true { continue }
            typer.closureParameterNames = locals
            typer.closureParameters = []
            guard let sourceType = typer.type(of: source) else { continue }
            let bound: TypeSyntax
            switch (scope.source, sourceType) {
            case (.element, .array(let e)), (.element, .set(let e)), (.unwrapped, .optional(let e)): bound = e
            case (.matched(let p, _, false), let t), (.matched(let p, _, true), .array(let t)), (.matched(let p, _, true), .set(let t)):
                guard let b = patternBindings(p, t)[scope.name] else { continue }
                bound = b
            default: continue
            }
            var innerLocals = locals
            var innerRoots = roots
            if !isShorthand { innerLocals[scope.name] = scope.annotation ?? bound }
            innerRoots?.insert(scope.name)
            let innerHidden = Hidden(names: hidden.names.subtracting([scope.name]), typed: hidden.typed)
            out += unknownMembers(in: scope.body, typer: &typer, locals: innerLocals, hidden: innerHidden, bound: context.bound,
                                  enclosing: context.enclosing, roots: innerRoots, sessionGlobals: context.sessionGlobals,
                                  shorthand: isShorthand ? [bound] : [])
            if !isShorthand {
                out += scopedUnknownMembers(in: scope.body, typer: &typer, locals: innerLocals, hidden: innerHidden,
                                            roots: innerRoots, context: context, depth: depth + 1)
            }
        }
        return out
    }

    /// The types of the names a pattern binds, matched against a value of type `t`, where
    /// the declarations tell them: an enum case's payload, an Optional's value, a tuple's
    /// elements, a cast's type.
    private func patternBindings(_ p: Pattern, _ t: TypeSyntax) -> [String: TypeSyntax] {
        switch (p.kind, t) {
        case (.binding(let n, _), _): return [n: t]
        case (.cast(let q, let to), _): return patternBindings(q, to)
        case (.optionalSome(let q), .optional(let w)): return patternBindings(q, w)
        case (.enumCase(_, "some", let q?), .optional(let w)): return patternBindings(q, w)
        case (.tuple(let ps), .tuple(let ts)) where ps.count == ts.count:
            var out: [String: TypeSyntax] = [:]
            for (q, u) in zip(ps, ts) {
                var element = u
                if case .labelled(_, let v) = u { element = v }
                out.merge(patternBindings(q, element)) { a, _ in a }
            }
            return out
        case (.enumCase(_, let caseName, let q?), .named(let n)):
            guard !unsureTypeNames.contains(n), let u = userType(n), u.kind == .enum, let i = u.caseIndex[caseName],
                  Int(i) < u.casePayloads.count, let payload = u.casePayloads[Int(i)] else { return [:] }
            let types = payload.map { $0.type.flatMap(StaticTyper.syntax) }
            if types.count == 1, let only = types[0] {
                // `.item(let it)` or `.item(let (a, b))` of a one-value payload.
                if case .tuple = q.kind, case .tuple = only {} else if case .tuple = q.kind { return [:] }
                return patternBindings(q, only)
            }
            guard case .tuple(let ps) = q.kind, ps.count == types.count else { return [:] }
            var out: [String: TypeSyntax] = [:]
            for (sub, u) in zip(ps, types) { if let u { out.merge(patternBindings(sub, u)) { a, _ in a } } }
            return out
        default: return [:]
        }
    }

    /// Whether a type's spelling names any of these types (`[T]`, `T?`, `Box<T>`).
    private static func mentions(_ t: TypeSyntax, _ names: Set<String>) -> Bool {
        t.description.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") }).contains { names.contains(String($0)) }
    }

    /// A top-level statement, or a global's declaration: declarations of types and
    /// functions are checked through their functions.
    private static func checkedAtTopLevel(_ s: Stmt) -> Bool {
        switch s.kind {
        case .command: return false
        case .declaration(.variable): return true
        case .declaration: return false
        default: return true
        }
    }

    /// Whether a bare `name` in a body standing in `enclosing` cannot mean a member of `self`.
    private static func mayBeGlobal(_ name: String, _ enclosing: EnclosingType) -> Bool {
        switch enclosing {
        case .none: return true
        case .open: return false
        case .closed(let members): return !members.has(name)
        }
    }

    /// The unit's globals declared once by a plain `let`/`var` at the top level, none of
    /// which the session had, with their types from declarations (the ones before it only).
    private func unitGlobals(_ unit: SourceUnit, hiding: Set<String>, typer: StaticTyper)
        -> (types: [String: TypeSyntax], byStatement: [Int: (name: String, type: TypeSyntax)]) {
        var counts: [String: Int] = [:]
        for s in unit.statements {
            for n in StaticEntryCheck.names(boundBy: s) { counts[n, default: 0] += 1 }
        }
        var typer = typer
        var types: [String: TypeSyntax] = [:]
        var byStatement: [Int: (name: String, type: TypeSyntax)] = [:]
        for (i, s) in unit.statements.enumerated() {
            guard case .declaration(.variable(let v)) = s.kind, let name = v.name, counts[name] == 1,
                  !hiding.contains(name), !v.isStatic, !isDeclaredNow(name),
                  topLevelSelfType.map({ t in knownMembers(t)?.has(name) == false }) ?? true, functionsByBase[name] == nil,
                  userType(name) == nil else { continue }
            typer.closureParameterNames = types
            let t = v.type ?? v.initializer.flatMap({ typer.type(of: $0) })
            typer.closureParameterNames = [:]
            guard let t else { continue }
            types[name] = t
            byStatement[i] = (name, t)
        }
        return (types, byStatement)
    }

    private func unknownMembers(in body: [Stmt], typer: inout StaticTyper, locals: [String: TypeSyntax],
                                hidden: Hidden, bound: Set<String> = [], enclosing: EnclosingType,
                                roots: Set<String>? = nil, sessionGlobals: SessionGlobals? = nil,
                                shorthand: [TypeSyntax] = []) -> [Finding] {
        var accesses = MemberAccesses()
        accesses.walk(body)
        // A name the body binds in any way may be what it calls.
        var out = callsOfNothing(accesses.calledResults, bound: { n in bound.contains(n) || hidden.contains(n) || locals[n] != nil },
                                 enclosing: enclosing)
        let all = accesses.accesses.map { ($0.base, $0.name, $0.at, false) } + accesses.chained.map { ($0.base, $0.name, $0.at, true) }
        for (base, name, at, isChained) in all {
            guard Self.mentionsNone(of: hidden, in: base) else { continue }
            // In a function, a name that is no local may be a member of `self` (inherited,
            // or from a protocol): only a chain from a parameter, a local or one of the
            // type's own stored properties is typed.
            if let roots, let root = Self.root(of: base), !roots.contains(root),
               sessionGlobals?.means(root, in: self) != true { continue }
            typer.closureParameterNames = locals
            typer.closureParameters = shorthand
            guard var t = typer.type(asMemberBase: base) else { continue }
            if isChained {
                guard case .optional(let wrapped) = t else { continue }
                t = wrapped
            } else if case .optional(let wrapped) = t, typer.readsImplicitlyUnwrapped(base) {
                t = wrapped
            }
            if !isChained, accesses.assignedMembers.contains(Place(at)), hostGetOnly(t, name) {
                // `tableView.visibleCells = []`: UIKit declares it `{ get }` (HostPropertyWriteCheck.swift).
                out.append((AssignmentMessage.getOnlyProperty(name), at, []))
            } else if !isChained, let finding = unwrappedDictionaryValueMember(base, t, name, typer: &typer) {
                out.append(finding)
            } else if !isChained, let finding = optionalMember(base, t, name, typer: &typer) {
                out.append(finding)
            } else if let finding = unmetExtensionRequirement(t, name, at) {
                out.append(finding)
            } else if let message = thirdPartyMember(t, name) {
                out.append((message, at, []))
            } else if let text = StandardLibraryMemberData.unavailable[StaticTyper.spelling(t) + "." + name] {
                out.append((RuntimeMessage.unavailable(text: text), at, []))
            } else if lacksMember(t, name) {
                out.append((RuntimeMessage.valueHasNoMember(type: valueSpelling(t), member: name), at, []))
                // swiftc then has no type for `.red` in `x.m = .red` either.
                if let assigned = accesses.assignedImplicitMembers[Place(at)] {
                    out.append((RuntimeMessage.implicitMemberWithoutContext(member: assigned.member), assigned.at, []))
                }
            } else if let called = accesses.calledMethodResults[Place(at)], methodReturnsNothing(name, of: t) {
                out += Self.callOfNothing(called.arguments, at: called.at)
            } else if let call = accesses.methodCalls[Place(at)] {
                out += argumentMismatch(name, of: t, call)
            }
        }
        // `k(1)` where `k` is surely a value of a standard type no call applies to.
        guard !accesses.namedCalls.isEmpty, case .none = enclosing, !memberCheckSeesCallAsFunction else { return out }
        for (name, at) in accesses.namedCalls where !hidden.contains(name) {
            guard functionsByBase[name] == nil, userType(name) == nil,
                  locals[name] != nil || (roots == nil ? true : sessionGlobals?.means(name, in: self) == true) else { continue }
            typer.closureParameterNames = locals
            typer.closureParameters = []
            guard let t = typer.type(of: Expr(.identifier(name), at: at)), Self.neverCallable(t) else { continue }
            out.append((RuntimeMessage.callOfNonFunction(type: StaticTyper.spelling(t)), at, []))
        }
        return out
    }

    /// Whether `t` is a host class (exactly: a script's subclass may add a setter) whose
    /// property `name` has no setter.
    private func hostGetOnly(_ t: TypeSyntax, _ name: String) -> Bool {
        guard case .named(let n) = t, userType(n) == nil else { return false }
        return hosting.getOnlyProperties?(n)?.contains(name) == true
    }

    /// `d["a"].count`: a Dictionary's subscript is surely an Optional (never implicitly
    /// unwrapped, unlike a name declared `T!`, which the typer also types `T?`), so a member
    /// Optional does not have is swiftc's error, at the subscript's closing bracket.
    private func unwrappedDictionaryValueMember(_ base: Expr, _ t: TypeSyntax, _ name: String,
                                                typer: inout StaticTyper) -> Finding? {
        guard !importedOtherModule, case .optional(let wrapped) = t, case .subscriptAccess(let d, let args) = base.kind,
              args.count == 1, args[0].label == nil, case .dictionary? = typer.type(of: d),
              !Self.optionalMembers.contains(name), !extendsAny(Self.optionalLineage) else { return nil }
        // A token's end is the column after it: the bracket is one before.
        let at = SourceLocation(line: base.range.end.line, column: max(1, base.range.end.column - 1))
        return (RuntimeMessage.optionalMustBeUnwrapped(optionalType: StaticTyper.spelling(t), member: name, wrappedType: StaticTyper.spelling(wrapped)),
                at, [.note(NoteMessage.chainOptional(name), at: at), .note(NoteMessage.forceUnwrap, at: at)])
    }

    /// `o.count` with `o: [Int]?`: a member the wrapped type surely has and Optional does
    /// not is swiftc's error before the run, at the last token of the base (the run saw a
    /// nil, which names no type). A base declared `T!` was typed `T` above.
    private func optionalMember(_ base: Expr, _ t: TypeSyntax, _ name: String, typer: inout StaticTyper) -> Finding? {
        guard !importedOtherModule, case .optional(let wrapped) = t, !Self.optionalMembers.contains(name),
              !extendsAny(Self.optionalLineage), surelyHasMember(wrapped, name) else { return nil }
        if case .identifier(let n) = base.kind, implicitlyUnwrappedNames.contains(n) { return nil }
        let at: SourceLocation
        switch base.kind {
        case .identifier, .member, .self: at = base.location
        // A token's end is the column after it: the `)` or `]` is one before.
        case .call, .subscriptAccess: at = SourceLocation(line: base.range.end.line, column: max(1, base.range.end.column - 1))
        default: return nil
        }
        // swiftc suggests no `!` for a property that is itself an Optional (`first`).
        let member = Expr(.member(Expr(.forceUnwrap(base), at: base.location), name), at: at)
        var notes: [Diagnostic] = [.note(NoteMessage.chainOptional(name), at: at)]
        if case .optional? = typer.type(of: member) {} else { notes.append(.note(NoteMessage.forceUnwrap, at: at)) }
        return (RuntimeMessage.optionalMustBeUnwrapped(optionalType: StaticTyper.spelling(t), member: name, wrappedType: StaticTyper.spelling(wrapped)),
                at, notes)
    }

    /// Whether a value of `t` surely has the member `name`: a standard collection's or
    /// value type's listed member, a script type's declared one, a UIKit type's.
    private func surelyHasMember(_ t: TypeSyntax, _ name: String) -> Bool {
        switch t {
        case .array: return StandardLibraryMembers.names["Array"]?.contains(name) == true
        case .set: return StandardLibraryMembers.names["Set"]?.contains(name) == true
        case .dictionary: return StandardLibraryMembers.names["Dictionary"]?.contains(name) == true
        case .named(let n):
            if let u = scriptType(spelled: n) {
                guard !unsureTypeNames.contains(u.name), let members = knownMembers(u) else { return false }
                return members.has(name)
            }
            if let names = StandardLibraryMembers.names[n] { return names.contains(name) }
            return hosting.memberCatalogue?(n)?.names.contains(name) == true
        default:
            return false
        }
    }

    /// `e.total()` with `e: [String]` and `total()` from `extension Array where Element == Int`:
    /// swiftc's error and note before the run. The run checks the value that arrives, and an
    /// empty one tells nothing; the declared element type does. Only two concrete types
    /// that differ are sure (an alias, a generic parameter or a protocol are left to the run).
    private func unmetExtensionRequirement(_ t: TypeSyntax, _ name: String, _ at: SourceLocation) -> Finding? {
        let builtin: String, arguments: [String: TypeSyntax]
        switch t {
        case .array(let e): (builtin, arguments) = ("Array", ["Element": e])
        case .dictionary(let k, let v): (builtin, arguments) = ("Dictionary", ["Key": k, "Value": v])
        default: return nil
        }
        guard let h = protocols.builtinExtensions[builtin], let methods = h.methodsByBase[name], methods.count == 1,
              let full = methods.first, let d = h.methods[full]?.decl, let r = protocols.memberRequirements[builtin]?[full],
              r.isSameType, let actual = arguments[r.parameter], isConcreteType(actual), isConcreteType(r.constraint),
              actual.description != r.constraint.description else { return nil }
        let member = "referencing instance method '\(requirementMemberName(d))' on '\(builtin)'"
        let what = actual.description
        return (ConversionMessage.extensionRequiresSameType(member: member, type: what, constraint: r.constraint), at,
                [.note(ConversionMessage.whereBinding(parameter: r.parameter, type: what), at: r.extensionLocation)])
    }

    /// A standard value type or a non-generic script type, by a name no alias takes.
    private func isConcreteType(_ t: TypeSyntax) -> Bool {
        guard case .named(let n) = t, protocols.typeAliases[n] == nil else { return false }
        if ["Int", "Double", "String", "Bool", "Character"].contains(n) { return true }
        guard let u = userType(n), u.kind != .table else { return false }
        return protocols.genericParameters[u.id] == nil && !isProtocolName(n)
    }

    /// Optional's own instance members (and Combine's `publisher`), which an Optional has.
    static let optionalMembers: Set<String> = ["map", "flatMap", "unsafelyUnwrapped", "debugDescription", "description",
                                               "customMirror", "hashValue", "hash", "take", "encode", "publisher", "self"]
    /// Optional and the protocols it conforms to: an extension of one may give it members.
    static let optionalLineage = ["Optional", "Equatable", "Hashable", "ExpressibleByNilLiteral", "CustomDebugStringConvertible",
                                  "CustomReflectable", "Encodable", "Decodable", "Sendable", "Copyable", "Escapable"]

    /// `label.snp`, `view.kf`: a third-party library's member on a value of a host type, or
    /// of a script subclass of one, that neither UIKit nor the script declares (the host's
    /// message says which library). A module the unit imports may declare it: left alone.
    private func thirdPartyMember(_ t: TypeSyntax, _ name: String) -> (any DiagnosticMessage)? {
        guard !importedOtherModule, let message = hosting.thirdPartyMember else { return nil }
        var named = t
        if case .optional(let w) = t { named = w }
        guard case .named(let n) = named else { return nil }
        var host = n
        if let u = scriptType(spelled: n) {
            guard !unsureTypeNames.contains(u.name), let h = hostAncestorName(u), !scriptChainMayHave(u, name) else { return nil }
            host = h
        }
        guard let catalogue = hosting.memberCatalogue?(host), !catalogue.names.contains(name),
              !catalogue.lineage.contains(where: { extensionMayGive($0, name) }) else { return nil }
        return message(host, StaticTyper.spelling(t), name)
    }

    /// Whether the script's extensions of a host type (or the protocols it makes the type
    /// conform to) may give its values `name`.
    private func extensionMayGive(_ type: String, _ name: String) -> Bool {
        if protocols.builtinExtensions[type]?.hasMember(named: name) == true || protocols.protocols[type] != nil { return true }
        for p in protocols.builtinConformances[type] ?? [] where protocols.protocols[p] != nil {
            var names = Set<String>()
            if !protocolMembers(p, into: &names, depth: 0) || names.contains(name) { return true }
        }
        return false
    }

    /// Whether a script class, a script superclass of it or a protocol of theirs may declare `name`.
    private func scriptChainMayHave(_ u: UserType, _ name: String) -> Bool {
        var next: UserType? = u
        var depth = 0
        while let c = next, depth < 64 {
            if c.hasMember(named: name) { return true }
            for p in c.conformances.union(c.classInfo?.conformances ?? []) where protocols.protocols[p] != nil {
                var names = Set<String>()
                if !protocolMembers(p, into: &names, depth: 0) || names.contains(name) { return true }
            }
            next = c.classInfo?.superclass
            depth += 1
        }
        return false
    }

    /// A standard library value type, or a collection of one: no call applies to it unless
    /// an extension gives it `callAsFunction`.
    private static func neverCallable(_ t: TypeSyntax) -> Bool {
        switch t {
        case .named(let n): return ["Int", "Double", "String", "Bool", "Character", "Float"].contains(n)
        case .array, .dictionary: return true
        default: return false
        }
    }

    /// Whether any type of the session declares `callAsFunction`, which makes its values callable.
    private func declaresCallAsFunction() -> Bool {
        types.contains { $0.methodsByBase["callAsFunction"] != nil }
            || protocols.builtinExtensions.values.contains { $0.methodsByBase["callAsFunction"] != nil }
    }

    /// Whether `e` is a chain of names and members that uses none of `names` (anything
    /// else, such as a call or a closure, is not looked into: its type is not sure).
    private static func mentionsNone(of names: Hidden, in e: Expr) -> Bool {
        switch e.kind {
        case .identifier(let n): return !names.contains(n)
        case .self: return true
        case .member(let b, _), .optionalChain(let b, _), .forceUnwrap(let b): return mentionsNone(of: names, in: b)
        case .shorthandParameter: return true
        case .subscriptAccess(let b, let args):
            return mentionsNone(of: names, in: b) && args.allSatisfy { mentionsNone(of: names, in: $0.value) }
        case .integer, .string: return true
        default: return false
        }
    }

    private static func root(of e: Expr) -> String? {
        switch e.kind {
        case .identifier(let n): return n
        case .self: return "self"
        case .shorthandParameter(let i): return "$\(i)"
        case .member(let b, _), .subscriptAccess(let b, _), .optionalChain(let b, _), .forceUnwrap(let b): return root(of: b)
        default: return nil
        }
    }

    /// A value's type as swiftc spells it in a diagnostic: a protocol's (the script's or
    /// the host's) is an existential, `any UITableViewDataSource`.
    func valueSpelling(_ t: TypeSyntax) -> String {
        guard case .named(let n) = t, isProtocolName(n) || hosting.memberCatalogue?(n)?.isProtocol == true else {
            return StaticTyper.spelling(t)
        }
        return "any " + n
    }

    /// Whether a value of type `t` surely has no member `name`.
    private func lacksMember(_ t: TypeSyntax, _ name: String) -> Bool {
        switch t {
        case .array: return lacksStandardMember("Array", name)
        case .set: return lacksStandardMember("Set", name)
        case .dictionary: return lacksStandardMember("Dictionary", name)
        case .named(let n):
            if unsureTypeNames.contains(n) { return false }
            guard let u = scriptType(spelled: n) else {
                if n == "String", onlyCharacterExtensionGives(name) { return true }
                if StandardLibraryMembers.names[n] != nil { return lacksStandardMember(n, name) }
                return lacksHostMember(n, name)
            }
            if unsureTypeNames.contains(u.name) || !spellsGenericArguments(n, of: u) { return false }
            if NearMisses.implicitMembers.contains(name) { return false }
            guard let members = knownMembers(u) else { return hostSubclassLacksMember(u, name) }
            return !members.has(name)
        default:
            return false
        }
    }

    /// The script type a static type's spelling names: `Box<Int>` is the generic `Box`.
    private func scriptType(spelled n: String) -> UserType? {
        if let u = userType(n) { return u }
        guard let open = n.firstIndex(of: "<"), let u = userType(String(n[..<open])),
              protocols.genericParameters[u.id] != nil else { return nil }
        return u
    }

    /// Whether `n` spells a value's type as swiftc does: a generic type with its arguments
    /// (`Box<Int>`, `Box<T>` inside its own methods), any other type by its name. A bare
    /// `Box` (the typer could not tell the arguments) is left to the run.
    private func spellsGenericArguments(_ n: String, of u: UserType) -> Bool {
        guard protocols.genericParameters[u.id] != nil else { return !n.contains("<") }
        return n.contains("<")
    }

    /// A script subclass of a host class (`class NameCell: UITableViewCell`) surely lacks a
    /// member that neither it nor its script superclasses declare, that no protocol of
    /// theirs gives (a framework protocol: what the host lists of it), that the host's
    /// catalogue of its class does not list, and that is a near miss of a name in view
    /// (hostSubclassLacks): the catalogue leaves some of UIKit out, so a name far from all
    /// of them is left to the run.
    private func hostSubclassLacksMember(_ u: UserType, _ name: String) -> Bool {
        guard hostAncestorName(u) != nil else { return false }
        var names = Set<String>()
        var next: UserType? = u
        var depth = 0
        while let c = next, depth < 64 {
            if c.hasMember(named: name) { return false }
            names.formUnion(c.fieldNames)
            names.formUnion(c.methodsByBase.keys)
            names.formUnion(c.computed.keys)
            for p in c.conformances.union(c.classInfo?.conformances ?? []) {
                if protocolMembers(p, into: &names, depth: 0) { continue }
                guard let listed = hosting.memberCatalogue?(p) else { return false }
                names.formUnion(listed.names.map { n in n.firstIndex(of: "(").map { String(n[..<$0]) } ?? n })
            }
            next = c.classInfo?.superclass
            depth += 1
        }
        if names.contains(name) { return false }
        return hostSubclassLacks(u, name, locals: names)
    }

    /// A standard library type's values have every member Swift declares for them
    /// (StandardLibraryMembers); a name none declares is reported when it is a near miss of
    /// one of them (as an Array's always was), unless the script extends the type.
    private func lacksStandardMember(_ typeName: String, _ name: String) -> Bool {
        guard !importedOtherModule, let names = StandardLibraryMembers.names[typeName], !names.contains(name),
              !NearMisses.implicitMembers.contains(name) else { return false }
        let lineage = StandardLibraryMembers.protocols[typeName] ?? [typeName]
        if typeName == "Array" ? extendsArrays() : extendsAny(lineage) { return false }
        if protocols.builtinConformances[typeName]?.isEmpty == false { return false }
        return !TypoCorrection.candidates(for: name, among: names.sorted()).isEmpty
    }

    /// A String surely lacks a member only an extension of Character declares: at run time a
    /// one-character String is a Character's value, which would find it.
    private func onlyCharacterExtensionGives(_ name: String) -> Bool {
        guard !importedOtherModule, protocols.builtinExtensions["Character"]?.hasMember(named: name) == true,
              StandardLibraryMembers.names["String"]?.contains(name) == false,
              protocols.builtinExtensions["String"]?.hasMember(named: name) != true else { return false }
        let lineage = (StandardLibraryMembers.protocols["String"] ?? []).filter { $0 != "String" }
        return !extendsAny(lineage)
    }

    /// A host type (UIKit's) whose members the host lists: a name it does not list, near
    /// one it lists. The host's list is of the UIKit stub's API, which leaves some of UIKit
    /// out, so a name far from all of them is left to the run.
    private func lacksHostMember(_ typeName: String, _ name: String) -> Bool {
        guard !importedOtherModule, let catalogue = hosting.memberCatalogue?(typeName), !catalogue.names.contains(name),
              !NearMisses.implicitMembers.contains(name), !extendsAny(catalogue.lineage) else { return false }
        // A protocol's list is whole (UIKitCatalogue's protocolMembersBeyondStub).
        if catalogue.isProtocol { return true }
        return !TypoCorrection.candidates(for: name, among: catalogue.names.sorted()).isEmpty
    }

    /// Whether the session or the unit extends any of these types or protocols.
    private func extendsAny(_ names: [String]) -> Bool {
        names.contains { protocols.builtinExtensions[$0] != nil || protocols.protocols[$0] != nil || unitExtendedTypeNames.contains($0) }
    }

    /// Whether the script extends arrays, or a protocol they conform to: its members are
    /// then more than the standard library's.
    private func extendsArrays() -> Bool {
        if protocols.builtinConformances["Array"]?.isEmpty == false { return true }
        return extendsAny(NearMisses.arrayProtocols)
    }

    /// Every member a struct, enum or class has, when all of them are known here: its own
    /// and its extensions', its script superclasses', and those the protocols it conforms
    /// to give (the script's own protocols, and the standard ones of
    /// `NearMisses.standardProtocolMembers`); nil when some may come from elsewhere (a
    /// framework superclass, a raw type, another protocol, a built-in type's holder).
    func knownMembers(_ t: UserType) -> KnownMembers? {
        guard t.kind == .struct || t.kind == .enum || t.kind == .class, !inheritsUnknownMembers(t) else { return nil }
        var members = KnownMembers(chain: [], fromProtocols: [])
        var next: UserType? = t
        while let c = next {
            guard members.chain.count < 64, c.classInfo?.hostSuperclass == nil, protocols.builtinExtensions[c.name] == nil,
                  c.rawType == nil, !c.hasCustomOperators else { return nil }
            members.chain.append(c)
            for p in c.conformances.union(c.classInfo?.conformances ?? []) {
                guard protocolMembers(p, into: &members.fromProtocols, depth: 0) else { return nil }
            }
            next = c.classInfo?.superclass
        }
        return members
    }

    /// The members protocol `p` gives a conforming type (its requirements, its extensions',
    /// those of the protocols it inherits); false when they are not all known.
    private func protocolMembers(_ p: String, into names: inout Set<String>, depth: Int) -> Bool {
        if let standard = NearMisses.standardProtocolMembers[p] {
            // A standard protocol the script extends gives what its extensions declare.
            guard protocols.builtinExtensions[p] == nil, protocols.protocols[p] == nil else { return false }
            names.formUnion(standard)
            return true
        }
        guard depth < 32, let info = protocols.protocols[p] else { return false }
        names.formUnion(info.decl.methods.map(\.name))
        names.formUnion(info.decl.properties.map(\.name))
        for ext in info.extensions {
            // A constrained extension gives its members to some conformers only: counting
            // them for all can only hide an error, never invent one.
            names.formUnion(ext.methods.map(\.name))
            for v in ext.properties { if let n = v.name { names.insert(n) } }
        }
        for q in info.decl.inherited where q != "AnyObject" && q != "class" {
            guard protocolMembers(q, into: &names, depth: depth + 1) else { return false }
        }
        return true
    }
}

/// The members of a type that `knownMembers` found all of.
struct KnownMembers {
    /// The type and its script superclasses, nearest first.
    var chain: [UserType]
    var fromProtocols: Set<String>

    func has(_ name: String) -> Bool {
        fromProtocols.contains(name) || chain.contains { $0.hasMember(named: name) }
    }
}

/// Which bare names in a function mean one of the session's globals (declared by an earlier
/// unit, not declared again by this one), typed then by the typer from their declarations.
private struct SessionGlobals {
    /// The names the unit's top level binds: their types change as it runs.
    let unitNames: Set<String>
    /// The names the function binds.
    var hidden: Set<String> = []
    var enclosing: EnclosingType = .none

    init(unitNames: Set<String>) { self.unitNames = unitNames }

    func means(_ name: String, in core: InterpreterCore) -> Bool {
        guard !hidden.contains(name), !unitNames.contains(name), core.globalIndex[name] != nil,
              core.isDeclaredNow(name) else { return false }
        switch enclosing {
        case .none: return true
        case .open: return false
        case .closed(let members): return !members.has(name)
        }
    }
}

extension UserType {
    /// Whether the type declares anything of this name: a stored or computed property, a
    /// method, a static, a case.
    func hasMember(named name: String) -> Bool {
        fieldIndex[name] != nil || methodsByBase[name] != nil || computed[name] != nil || lazyProperties[name] != nil
            || staticStored[name] != nil || caseIndex[name] != nil
    }
}

/// Where a unit declares each type name, at any depth.
private struct UnitTypeDecls: SyntaxVisitor {
    var locations: [String: [SourceLocation]] = [:]
    /// The types and protocols the unit's extensions extend.
    var extended: Set<String> = []

    mutating func visit(_ node: Decl) -> SyntaxVisitorContinueKind {
        switch node {
        case .struct(let x): locations[x.name, default: []].append(x.location)
        case .class(let x): locations[x.name, default: []].append(x.location)
        case .enum(let x): locations[x.name, default: []].append(x.location)
        case .table(let x): locations[x.name, default: []].append(x.location)
        case .extension(let name, _, _): extended.insert(name)
        default: break
        }
        return .visitChildren
    }
}

/// The functions (methods and initializers included) a unit declares, at any depth, with
/// the type that directly holds each (nil for a function outside a type, or in an extension).
/// `inType`: inside a type or an extension at any depth, where a bare name may be a member.
private struct UnitFunctionDecls: SyntaxVisitor {
    var functions: [(decl: FunctionDecl, owner: String?, inType: Bool, nested: Bool)] = []
    private var owners: [String?] = []
    private var typeDepth = 0
    private var functionDepth = 0

    mutating func visit(_ node: Decl) -> SyntaxVisitorContinueKind {
        switch node {
        case .function(let f):
            functions.append((f, owners.last ?? nil, typeDepth > 0, functionDepth > 0))
            owners.append(nil)
            functionDepth += 1
        case .struct(let x): owners.append(x.name); typeDepth += 1
        case .class(let x): owners.append(x.name); typeDepth += 1
        case .enum(let x): owners.append(x.name); typeDepth += 1
        case .table(let x): owners.append(x.name); typeDepth += 1
        // An extension's methods see `self` as a value of the type they extend.
        // (A constrained one's `self` is spelt with the constraint's types: left out.)
        case .extension(let name, let members, _): owners.append(members.whereClause.isEmpty ? name : nil); typeDepth += 1
        case .protocol: owners.append(nil); typeDepth += 1
        default: break
        }
        return .visitChildren
    }

    mutating func visitPost(_ node: Decl) {
        switch node {
        case .function: owners.removeLast(); functionDepth -= 1
        case .struct, .class, .enum, .table, .extension, .protocol: owners.removeLast(); typeDepth -= 1
        default: break
        }
    }
}

enum NearMisses {
    /// What the standard protocols a script type may conform to give its values, with
    /// Foundation imported (as UIKit does); a protocol not listed may give anything
    /// (Sequence's `map`), and a type conforming to one is not checked.
    static let standardProtocolMembers: [String: Set<String>] = [
        "Equatable": [], "Hashable": ["hashValue", "hash"], "Comparable": [], "CaseIterable": ["allCases"],
        "CustomStringConvertible": ["description"], "CustomDebugStringConvertible": ["debugDescription"],
        "Identifiable": ["id"], "Sendable": [], "Codable": ["encode"], "Encodable": ["encode"], "Decodable": [],
        "Error": ["localizedDescription"],
    ]

    /// The protocols arrays conform to: an extension of one gives arrays members.
    static let arrayProtocols: [String] = [
        "Array", "Sequence", "Collection", "BidirectionalCollection", "RandomAccessCollection", "MutableCollection",
        "RangeReplaceableCollection", "ExpressibleByArrayLiteral", "Equatable", "Hashable", "Encodable", "Decodable",
        "Codable", "CustomStringConvertible", "CustomDebugStringConvertible", "CustomReflectable",
        "LazySequenceProtocol", "RandomAccessCollection", "Sendable",
    ]

    /// Modules whose extensions of UIKit's and the standard library's types the member lists
    /// already hold (or that add none a table view's code uses).
    static let appleModules: Set<String> = [
        "UIKit", "Foundation", "Swift", "Dispatch", "ObjectiveC", "Darwin", "Glibc", "CoreGraphics", "CoreFoundation",
        "QuartzCore", "os", "XCTest", "SwiftUI", "Combine", "CoreData", "MapKit", "CoreLocation", "AVFoundation",
    ]

    /// Members every value has, or that swiftc words otherwise (`rawValue` on an enum
    /// without a raw type has a note of its own): never reported here.
    static let implicitMembers: Set<String> = ["self", "rawValue", "hashValue", "hash", "init", "Type", "description"]
}
