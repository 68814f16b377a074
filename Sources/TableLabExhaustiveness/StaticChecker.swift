// `tablelab check` and `:check`: every switch in a unit, without running anything.

import TableLabSyntax

/// A switch found in the code, with what is known of its subject.
public struct SwitchSite {
    public var stmt: SwitchStmt
    /// Nil when neither annotations nor the patterns tell the type: checked at run time.
    public var subject: SubjectType?
    /// The enclosing function, method or computed property (`didSelectRow(at:)`, `title`), nil at top level.
    public var function: String?
    public var file: SourceFile?
    public init(stmt: SwitchStmt, subject: SubjectType?, function: String?, file: SourceFile?) {
        self.stmt = stmt; self.subject = subject; self.function = function; self.file = file
    }
}

/// What the static pass found.
public struct StaticCheckReport {
    /// Every switch's diagnostics, in source order.
    public var diagnostics: [Diagnostic]
    /// Switches whose subject type is unknown until they run.
    public var runtimeChecked: [SwitchSite]
    /// Every switch found, typed or not.
    public var sites: [SwitchSite]
}

/// Walks a whole unit and checks every switch whose subject type it can know: from a
/// parameter or variable annotation (`func f(_ item: Item)`, `let x: Item?`), from `self`
/// inside an enum, from a struct property (`item.type` when `var type: CellType` or
/// `var type = CellType.basic`), or from the patterns (the one enum having every case).
public struct StaticChecker {
    private let hostOpenTypes: Set<String>
    private let hostEnums: [String: [String]]

    /// - Parameter hostOpenTypes: the host's types whose values no pattern enumerates
    ///   (the simulator's `IndexPath`, cells): a switch over one is checked statically.
    /// - Parameter hostEnums: the host's imported open enums (UIKit's C enums), by Swift's
    ///   name, with their cases: a switch over one must handle its future cases.
    public init(hostOpenTypes: Set<String> = [], hostEnums: [String: [String]] = [:]) {
        self.hostOpenTypes = hostOpenTypes
        self.hostEnums = hostEnums
    }

    /// Whether the statements declare a `~=`: a global function, or a static member of a
    /// type or extension (nested types included).
    public static func declaresPatternOperator(_ statements: [Stmt]) -> Bool {
        func members(_ m: TypeMembers) -> Bool {
            m.methods.contains { $0.name == "~=" } || m.nestedTypes.contains(where: declaration)
        }
        func declaration(_ d: Decl) -> Bool {
            switch d {
            case .function(let f): return f.name == "~="
            case .enum(let e): return members(e.members)
            case .struct(let s): return members(s.members)
            case .class(let c): return members(c.members)
            case .table(let t): return members(t.members)
            case .extension(_, let m, _): return members(m)
            case .variable, .protocol, .typeAlias: return false
            }
        }
        return statements.contains { if case .declaration(let d) = $0.kind { return declaration(d) }; return false }
    }

    /// - Parameter knownEnums: enums declared elsewhere (earlier session entries, other
    ///   files), in declaration order; the unit's own declarations replace them by name.
    /// - Parameter knownPayloads: the associated values of those enums that have any.
    public func check(_ unit: SourceUnit, file: SourceFile?,
                      knownEnums: [(name: String, cases: [String])] = [],
                      knownPayloads: [String: [[AssociatedValueType]?]] = [:]) -> StaticCheckReport {
        var collector = SiteCollector(unit: unit, file: file, knownEnums: knownEnums, knownPayloads: knownPayloads,
                                      hostOpenTypes: hostOpenTypes, hostEnums: hostEnums)
        collector.walk(unit.statements)
        let enums = collector.enums
        let payloads = collector.payloads
        let generics = collector.genericParameters
        let traits = collector.enumTraits
        var checker = SwitchChecker(enumCases: { name in enums[name] }, casePayloads: { payloads[$0] },
                                    genericParameters: { generics[$0] ?? [] }, traits: { traits[$0] ?? EnumTraits() })
        let ownPatternOperator = Self.declaresPatternOperator(unit.statements)
        checker.customPatternOperators = { ownPatternOperator }
        checker.subjectsFromDeclarations = true
        var runtime: [SwitchSite] = []
        // Each switch's diagnostics stay together, in source order of the switches; an
        // `if case` pattern's errors only (no exhaustiveness), placed among them.
        var groups: [(at: SourceLocation, diagnostics: [Diagnostic])] = []
        for site in collector.sites {
            if let subject = site.subject {
                groups.append((site.stmt.location, checker.check(site.stmt, subject: subject, file: file)))
            } else {
                runtime.append(site)
            }
        }
        var matchGroups: [(at: SourceLocation, diagnostics: [Diagnostic])] = []
        for site in collector.patternSites {
            guard let subject = site.subject else { continue }
            let errors = checker.check(site.stmt, subject: subject, file: file, isPatternMatch: true).filter {
                $0.severity == .error && $0.id != .nonExhaustiveSwitch
            }
            if !errors.isEmpty { matchGroups.append((site.stmt.location, errors)) }
        }
        if !matchGroups.isEmpty {
            groups = (groups + matchGroups).enumerated().sorted { a, b in
                let (x, y) = (a.element.at, b.element.at)
                return (x.line, x.column, a.offset) < (y.line, y.column, b.offset)
            }.map(\.element)
        }
        let diagnostics = groups.flatMap(\.diagnostics)
        return StaticCheckReport(diagnostics: diagnostics, runtimeChecked: runtime, sites: collector.sites)
    }
}

/// Finds the switches of a unit and the types of their subjects. It walks the unit on the
/// shared walker (SyntaxVisitor.swift), taking over only where it keeps scopes of names'
/// types or registers a switch; every other node, and a kind of node added later, gets the
/// walker's default traversal, so no switch inside one is missed.
package struct SiteCollector: SyntaxVisitor {
    let file: SourceFile?
    private(set) var enums: [String: [String]] = [:]
    /// The associated values of the enums that have any.
    private(set) var payloads: [String: [[AssociatedValueType]?]] = [:]
    /// A generic enum's parameter names (`enum Box<T>`: `["T"]`).
    private(set) var genericParameters: [String: [String]] = [:]
    /// What the enums' declarations say beyond their cases (`@frozen public`, unavailable cases).
    private(set) var enumTraits: [String: EnumTraits] = [:]
    private var enumOrder: [String] = []
    /// Declared property types of structs and tables.
    private var properties: [String: [String: TypeSyntax]] = [:]
    /// Struct and table names of the unit.
    private var structs = Set<String>()
    /// Open types whose values the patterns of a switch could not enumerate anyway.
    private static let builtinOpenTypes: Set<String> = ["Int", "Double", "Float", "CGFloat", "String", "Character", "Never"]
    /// The host's open types (the simulator's `IndexPath`, cells).
    private let hostOpenTypes: Set<String>
    package private(set) var sites: [SwitchSite] = []
    /// The pattern matches of `if case`, `guard case` and `while case` whose subject type is
    /// known: checked for their patterns' errors only.
    package private(set) var patternSites: [SwitchSite] = []
    /// Enums declared inside functions, known from their declaration on when their name is
    /// free. Each block's local types have names of their own (LocalTypeScoping.swift), so
    /// a name declared twice is one block's invalid redeclaration, or a type nested in a
    /// local type: known nowhere (its switches wait for the run).
    private var localEnums = Set<String>()
    private var ambiguousLocalEnums = Set<String>()

    /// Declared (or evident) types of the names in scope.
    private var scopes: [[String: TypeSyntax]] = [[:]]
    private var selfType: SubjectType? = nil
    private var selfName: String? = nil
    private var function: String? = nil

    package init(unit: SourceUnit, file: SourceFile?, knownEnums: [(name: String, cases: [String])] = [],
                 knownPayloads: [String: [[AssociatedValueType]?]] = [:], hostOpenTypes: Set<String> = [],
                 hostEnums: [String: [String]] = [:]) {
        self.file = file
        payloads = knownPayloads
        self.hostOpenTypes = hostOpenTypes
        // Known by their annotations (`editingStyle: UITableViewCell.EditingStyle`), never
        // guessed from a switch's patterns: `.none` alone names no host enum. (Sized once:
        // every unit and prelude builds these tables, and growing them cost more than filling.)
        enums.reserveCapacity(hostEnums.count + knownEnums.count)
        enumTraits.reserveCapacity(hostEnums.count)
        for (name, cases) in hostEnums {
            enums[name] = cases
            enumTraits[name] = EnumTraits(isImportedOpen: true)
        }
        for e in knownEnums {
            if enums[e.name] == nil { enumOrder.append(e.name) }
            enums[e.name] = e.cases
        }
        for s in unit.statements { collectTypes(s) }
        // Swift's `Result` (the interpreter declares the same enum when a script names it).
        if enums["Result"] == nil, !structs.contains("Result"), file?.mentions("Result") ?? ResultMention.in(unit) {
            enumOrder.append("Result")
            enums["Result"] = ["success", "failure"]
            payloads["Result"] = [[AssociatedValueType(label: nil, type: .named("Any"))],
                                  [AssociatedValueType(label: nil, type: .named("Error"))]]
        }
    }

    private mutating func collectTypes(_ s: Stmt) {
        guard case .declaration(let d) = s.kind else { return }
        collectTypes(d)
    }

    private mutating func collectTypes(_ d: Decl) {
        switch d {
        case .enum(let e):
            if enums[e.name] == nil { enumOrder.append(e.name) }
            enums[e.name] = e.cases.map(\.name)
            payloads[e.name] = AssociatedValueType.payloads(of: e)
            genericParameters[e.name] = e.members.genericParameters.isEmpty ? nil : e.members.genericParameters.map(\.name)
            enumTraits[e.name] = EnumTraits(e)
            collectMembers(e.name, e.members)
        case .struct(let s): structs.insert(s.name); collectMembers(s.name, s.members)
        case .table(let t): structs.insert(t.name); collectMembers(t.name, t.members)
        case .class(let c): structs.insert(c.name); collectMembers(c.name, c.members)
        case .extension(let name, let members, _): collectMembers(name, members)
        // No `default:`: a new kind of declaration that holds types must be listed above.
        case .function, .variable, .protocol, .typeAlias: break
        }
    }

    private mutating func collectMembers(_ owner: String, _ members: TypeMembers) {
        for p in members.properties {
            guard let name = p.name else { continue }
            if let t = p.type ?? p.initializer.flatMap(Self.syntaxOfInitializer) {
                properties[owner, default: [:]][name] = t
            }
        }
        for n in members.nestedTypes { collectTypes(n) }
    }

    /// The type of an initializer when it is evident: `CellType.basic`, `true`, `"x"`,
    /// `[Section]()`, `[Section(type: .account, items: [])]`.
    private static func syntaxOfInitializer(_ e: Expr) -> TypeSyntax? {
        switch e.kind {
        case .call(let callee, let args):
            if case .arrayType(let t) = callee.kind { return t }
            // `Kind(rawValue: n)` is an enum's failable initializer (`Kind?`), or an option
            // set's (`Kind`): not evident from the call.
            if args.count == 1, args[0].label == "rawValue" { return nil }
            if case .identifier(let n) = callee.kind, n.first?.isUppercase == true { return .named(n) }
            return nil
        case .array(let elements):
            return elements.first.flatMap(syntaxOfInitializer).map { .array($0) }
        case .member(let base, _):
            if case .identifier(let n) = base.kind, n.first?.isUppercase == true { return .named(n) }
            return nil
        case .boolean: return .named("Bool")
        case .integer: return .named("Int")
        case .double: return .named("Double")
        case .string: return .named("String")
        default: return nil
        }
    }

    func resolve(_ t: TypeSyntax) -> SubjectType {
        // `Result<Int, LoadError>` is Swift's Result, whatever its type arguments.
        if case .named(let n) = t, n.hasPrefix("Result<"), enums["Result"] == ["success", "failure"] {
            return SubjectType(.named("Result"), enumCases: { enums[$0] })
        }
        return SubjectType(t, enumCases: { name in enums[name] ?? GenericEnumName.split(name).flatMap { enums[$0.base] } })
    }

    // MARK: Walking

    private mutating func bind(_ name: String, _ t: TypeSyntax?) {
        if let t { scopes[scopes.count - 1][name] = t } else { scopes[scopes.count - 1].removeValue(forKey: name) }
    }

    private mutating func scoped(_ body: (inout SiteCollector) -> Void) {
        scopes.append([:])
        body(&self)
        scopes.removeLast()
    }

    /// The statements that open scopes; the others are the walker's.
    package mutating func visit(_ s: Stmt) -> SyntaxVisitorContinueKind {
        switch s.kind {
        case .if(let i): walkIf(i)
        case .guard(let conditions, let otherwise):
            // The guard's names are not in scope in its `else`, and are after the guard.
            scoped { $0.walk(otherwise) }
            walkConditions(conditions)
        case .switch(let sw): walkSwitch(sw)
        case .forIn(_, let seq, let w, let body):
            walk(seq)
            scoped { c in
                if let w { c.walk(w) }
                c.walk(body)
            }
        case .while(let conditions, let body):
            scoped { c in c.walkConditions(conditions); c.walk(body) }
        case .repeatWhile(let body, let cond):
            scoped { $0.walk(body) }
            walk(cond)
        case .block(let body): scoped { $0.walk(body) }
        case .doCatch(let body, let catches):
            scoped { $0.walk(body) }
            for c in catches {
                scoped { s in
                    if let g = c.guardExpr { s.walk(g) }
                    for case let g? in c.morePatterns.map(\.guardExpr) { s.walk(g) }
                    s.walk(c.body)
                }
            }
        case .defer(let body): scoped { $0.walk(body) }
        default: return .visitChildren
        }
        return .skipChildren
    }

    private mutating func walkConditions(_ conditions: [Condition]) {
        for c in conditions {
            switch c {
            case .expression(let e): walk(e)
            case .optionalBinding(let name, _, let value, _):
                walk(value)
                if case .optional(let w)? = syntaxOf(value) { bind(name, w) } else { bind(name, nil) }
            case .patternMatch(let p, let e):
                walk(e)
                notePatternMatch(p, e)
                bindNames(p)
            }
        }
    }

    private mutating func walkIf(_ i: IfStmt) {
        scoped { c in
            c.walkConditions(i.conditions)
            c.walk(i.then)
        }
        if let o = i.otherwise { scoped { $0.walk(o) } }
    }

    /// Declarations that bind a name or open a function's or a type's scope; the others are
    /// the walker's.
    package mutating func visit(_ d: Decl) -> SyntaxVisitorContinueKind {
        switch d {
        case .variable(let v):
            if let e = v.initializer { walk(e) }
            if let g = v.getter { inFunction(v.name ?? "get", { $0.walk(g) }) }
            // An accessor's implicit parameter (`newValue`, `oldValue`) has the property's type.
            for (parameter, body) in v.accessorBodies {
                inFunction(v.name ?? "accessor") { c in c.bind(parameter, v.type); c.walk(body) }
            }
            if let name = v.name, v.getter == nil {
                bind(name, v.type ?? v.initializer.flatMap { syntaxOf($0) ?? Self.syntaxOfInitializer($0) })
            }
        case .function(let f):
            walkFunction(f)
        case .enum(let e):
            // A local enum (scoped to its block by the parser, LocalTypeScoping.swift), in a
            // function or in a closure or block of the top level.
            if function != nil || LocalTypeNames.isScoped(e.name) { declareLocalEnum(e) }
            let t = SubjectType.enumeration(name: e.name, cases: enums[e.name] ?? e.cases.map(\.name))
            walkMembers(e.members, selfType: t, selfName: e.name)
        case .struct(let s): walkMembers(s.members, selfType: .open(name: s.name), selfName: s.name)
        case .table(let t): walkMembers(t.members, selfType: .open(name: t.name), selfName: t.name)
        case .class(let c):
            walkMembers(c.members, selfType: .open(name: c.name), selfName: c.name)
            if let body = c.deinitBody {
                let saved = (selfType, selfName)
                (selfType, selfName) = (.open(name: c.name), c.name)
                inFunction("deinit") { $0.walk(body) }
                (selfType, selfName) = saved
            }
        case .extension(let name, let members, _):
            let t: SubjectType = enums[name].map { .enumeration(name: name, cases: $0) } ?? .open(name: name)
            walkMembers(members, selfType: t, selfName: name)
        case .protocol, .typeAlias: return .visitChildren
        }
        return .skipChildren
    }

    private mutating func declareLocalEnum(_ e: EnumDecl) {
        guard !ambiguousLocalEnums.contains(e.name) else { return }
        if localEnums.contains(e.name) {
            ambiguousLocalEnums.insert(e.name)
            enums[e.name] = nil; payloads[e.name] = nil; genericParameters[e.name] = nil; enumTraits[e.name] = nil
            enumOrder.removeAll { $0 == e.name }
            for i in sites.indices where sites[i].subject?.mentions(e.name) ?? false { sites[i].subject = nil }
            return
        }
        guard enums[e.name] == nil, !structs.contains(e.name) else { return }
        localEnums.insert(e.name)
        collectTypes(.enum(e))
    }

    private mutating func inFunction(_ name: String, _ body: (inout SiteCollector) -> Void) {
        let saved = function
        function = name
        scoped(body)
        function = saved
    }

    private mutating func walkFunction(_ f: FunctionDecl) {
        for p in f.parameters { if let d = p.defaultValue { walk(d) } }
        inFunction(f.fullName) { c in
            for p in f.parameters { c.bind(p.name, p.type) }
            c.walk(f.body)
        }
    }

    private mutating func walkMembers(_ members: TypeMembers, selfType: SubjectType, selfName: String) {
        let saved = (self.selfType, self.selfName)
        self.selfType = selfType
        self.selfName = selfName
        scoped { c in
            // Stored properties are in scope, unqualified, inside the type's methods.
            for (name, t) in c.properties[selfName] ?? [:] { c.bind(name, t) }
            for p in members.properties { c.walk(.variable(p)) }
            for m in members.methods { c.walkFunction(m) }
            for i in members.initializers { c.walkFunction(i) }
            for sub in members.subscripts {
                c.inFunction("subscript") { g in
                    for p in sub.parameters { g.bind(p.name, p.type) }
                    g.walk(sub.getter)
                    if let setter = sub.setter { g.scoped { $0.walk(setter.body) } }
                }
            }
            for n in members.nestedTypes { c.walk(n) }
        }
        (self.selfType, self.selfName) = saved
    }

    /// Whether every named type in `t` is known: an enum, a struct or table of the unit,
    /// or a built-in. A name declared elsewhere (an earlier session entry) may be an enum.
    private func isFullyKnown(_ t: SubjectType) -> Bool {
        switch t {
        case .open(let n):
            if n.hasPrefix("[") { return true }
            return Self.builtinOpenTypes.contains(n) || hostOpenTypes.contains(n) || structs.contains(n)
        case .optional(let w): return isFullyKnown(w)
        case .tuple(let ts): return ts.allSatisfy { isFullyKnown($0) }
        case .enumeration, .bool: return true
        }
    }

    /// `if case P = e` (also `guard`, `while`): where `e`'s type is known, its pattern is
    /// checked as swiftc checks a switch's patterns (`case .a(true)` over an Int payload),
    /// as a switch of that one case and a `default`.
    private mutating func notePatternMatch(_ p: Pattern, _ e: Expr) {
        guard let subject = typeOf(e), isFullyKnown(subject) else { return }
        let cases = [SwitchCase(patterns: [p], guardExpr: nil, isDefault: false, body: [], location: p.location),
                     SwitchCase(patterns: [], guardExpr: nil, isDefault: true, body: [], location: p.location)]
        patternSites.append(SwitchSite(stmt: SwitchStmt(subject: e, cases: cases, location: p.location), subject: subject,
                                       function: function, file: file))
    }

    private mutating func walkSwitch(_ sw: SwitchStmt) {
        walk(sw.subject)
        var subject = typeOf(sw.subject)
        if let known = subject, !isFullyKnown(known) { subject = nil }
        if subject == nil {
            let all = enumOrder.map { (name: $0, cases: enums[$0]!) }
            var patterns: [Pattern] = []
            for c in sw.cases { patterns.append(contentsOf: c.patterns) }
            subject = SubjectInference(enums: all).infer(patterns)
        }
        sites.append(SwitchSite(stmt: sw, subject: subject, function: function, file: file))
        for c in sw.cases {
            scoped { inner in
                for p in c.patterns { inner.bindNames(p) }
                if c.whereClauses.isEmpty {
                    if let g = c.guardExpr { inner.walk(g) }
                } else {
                    for case let w? in c.whereClauses { inner.walk(w) }
                }
                inner.walk(c.body)
            }
        }
    }

    /// Names bound by a pattern shadow outer ones; their types are not tracked.
    private mutating func bindNames(_ p: Pattern) {
        switch p.kind {
        case .binding(let name, _): bind(name, nil)
        case .tuple(let ps): for q in ps { bindNames(q) }
        case .optionalSome(let q): bindNames(q)
        case .enumCase(_, _, let q?): bindNames(q)
        case .cast(let q, _): bindNames(q)
        case .expression(let e): walk(e)
        case .wildcard, .typeCheck, .enumCase(_, _, nil): break
        }
    }

    /// Expressions that hold a switch or open a scope; the others are the walker's.
    package mutating func visit(_ e: Expr) -> SyntaxVisitorContinueKind {
        switch e.kind {
        case .switchExpr(let sw): walkSwitch(sw)
        case .ifExpr(let i): walkIf(i)
        case .closure(let c):
            for p in c.parameters { if let d = p.defaultValue { walk(d) } }
            scoped { inner in
                for p in c.parameters { inner.bind(p.name, p.type) }
                inner.walk(c.body)
            }
        default: return .visitChildren
        }
        return .skipChildren
    }

    // MARK: Types of subject expressions

    func lookup(_ name: String) -> TypeSyntax? {
        for scope in scopes.reversed() { if let t = scope[name] { return t } }
        return nil
    }

    /// The subject's type, when the code declares it.
    func typeOf(_ e: Expr) -> SubjectType? {
        if case .self = e.kind { return selfType }
        if case .tuple(let elements) = e.kind {
            var ts: [SubjectType] = []
            for x in elements {
                guard let t = typeOf(x.value) else { return nil }
                ts.append(t)
            }
            return .tuple(ts)
        }
        return syntaxOf(e).map(resolve)
    }

    /// `T?` for `T`, and `T?` itself: an optional chain does not nest optionals.
    private static func optional(_ t: TypeSyntax) -> TypeSyntax {
        if case .optional = t { return t }
        return .optional(t)
    }

    /// Whether `e` ends in an optional chain (`a?.b`, `a?.b.c`), whose members stay optional.
    private func isOptionalChain(_ e: Expr) -> Bool {
        switch e.kind {
        case .optionalChain: return true
        case .member(let base, _): return isOptionalChain(base)
        default: return false
        }
    }

    /// The declared type of an expression: names, members of structs and tables with
    /// declared or evident property types, subscripts of arrays and dictionaries.
    func syntaxOf(_ e: Expr) -> TypeSyntax? {
        switch e.kind {
        case .identifier(let n): return lookup(n)
        case .self: return selfName.map { .named($0) }
        case .boolean: return .named("Bool")
        case .integer: return .named("Int")
        case .string: return .named("String")
        case .double: return .named("Double")
        case .member(let base, let name):
            if case .identifier(let q) = base.kind, lookup(q) == nil, let cases = enums[q], cases.contains(name) {
                return .named(q)
            }
            if isOptionalChain(base), case .optional(.named(let owner))? = syntaxOf(base) {
                return properties[owner]?[name].map(Self.optional)
            }
            guard case .named(let owner)? = syntaxOf(base) else { return nil }
            return properties[owner]?[name]
        case .optionalChain(let base, let name):
            // `s?.type` is an optional of the property's type (issue 10, item 2).
            guard case .optional(.named(let owner))? = syntaxOf(base) else { return nil }
            return properties[owner]?[name].map(Self.optional)
        case .subscriptAccess(let base, _):
            switch syntaxOf(base) {
            case .array(let element)?: return element
            case .dictionary(_, let value)?: return .optional(value)
            default: return nil
            }
        case .forceUnwrap(let inner):
            if case .optional(let w)? = syntaxOf(inner) { return w }
            return nil
        case .call(let callee, _):
            // `E.a(1)`: a case with associated values built on the enum named.
            if case .member(let base, let name) = callee.kind, case .identifier(let q) = base.kind, lookup(q) == nil,
               let cases = enums[q], cases.contains(name), genericParameters[q] == nil {
                return .named(q)
            }
            return nil
        case .tuple(let elements):
            var ts: [TypeSyntax] = []
            for x in elements {
                guard let t = syntaxOf(x.value) else { return nil }
                ts.append(t)
            }
            return .tuple(ts)
        default: return nil
        }
    }
}

/// Whether a unit's declarations name Swift's `Result` (a parameter, a result, an
/// annotation), for a collector given no source text to search.
private struct ResultMention: SyntaxVisitor {
    var found = false

    static func `in`(_ unit: SourceUnit) -> Bool {
        var v = ResultMention()
        v.walk(unit.statements)
        return v.found
    }

    private static func names(_ t: TypeSyntax?) -> Bool {
        guard let t else { return false }
        let d = t.description
        return d == "Result" || d.hasPrefix("Result<")
    }

    mutating func visit(_ node: Decl) -> SyntaxVisitorContinueKind {
        switch node {
        case .function(let f):
            if Self.names(f.returnType) || f.parameters.contains(where: { Self.names($0.type) }) { found = true }
        case .variable(let v):
            if Self.names(v.type) { found = true }
        default: break
        }
        return found ? .skipChildren : .visitChildren
    }
}
