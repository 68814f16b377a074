// `:type EXPR` answers from declarations, without running anything: the type of a name is
// its annotation (or, unannotated, its initializer's type, which its value shows), the
// type of a call is the declared return type, of a member its declared type, of a literal
// Swift's default for it. An expression whose type only a run would tell (a closure's
// result, a generic function's, a host object's member) is said to be unknown, with why,
// instead of being run. The switch over expression kinds is ExpressionTyper.swift's and the
// rules for operators, literals, ranges, subscripts and standard properties TypeRules.swift's,
// both shared with the walk's typer (ScopedTyper.swift): this typer is their environment.

import TableLabSyntax

/// What `:type` says of an expression.
public enum StaticTypeAnswer: Equatable {
    /// Swift's spelling of the type (`[Section]`, `Int?`, `(Int) -> String`).
    case known(String)
    /// Why the type cannot be told without running the expression.
    case unknown(String)
}

extension Interpreter {
    /// The static type of one expression where the session stands (the `:use` scope
    /// included). The expression is compiled, so a name found nowhere is still swiftc's
    /// error, but nothing of it runs.
    public func staticTypeInSessionScope(_ file: SourceFile) throws(Diagnostic) -> StaticTypeAnswer {
        let e = try singleExpression(file)
        try guarded(file) {
            let scope = FnScope(parent: nil, selfType: core.topLevelSelfType, isMutating: false, isStatic: false,
                                returnType: nil, isTopLevel: true, functionName: "<top level>")
            scope.resolution = Resolver.resolveTopLevel(Stmt(.expression(e), at: e.location), declarations: core.resolverDeclarations)
            // A name found nowhere is swiftc's error, as for an entry (StaticEntryCheck.swift).
            let saved = core.unresolvedTopLevelNames
            core.unresolvedTopLevelNames = []
            defer { core.unresolvedTopLevelNames = saved }
            _ = core.compileExpr(e, scope, expected: nil)
            if let (name, at) = core.unresolvedTopLevelNames?.first(where: { !core.isDeclaredNow($0.0) }) {
                throw core.cannotFind(name, at: at)
            }
            // So is a member its receiver surely lacks (MemberNameCheck.swift), as for an entry.
            try core.checkMemberNames(SourceUnit(statements: [Stmt(.expression(e), at: e.location)], imports: []))
        }
        // An Int and a Double mixed is swiftc's error for the expression, as for an entry;
        // where declarations alone do not tell its type, the entry walk's typer may.
        let walked = core.walkTyped(e, file)
        if let refusal = walked.refusal { throw refusal }
        var typer = StaticTyper(core: core, selfType: core.topLevelSelfType, selfInstance: core.topLevelSelfInstance)
        guard let t = typer.type(of: e) ?? walked.type else {
            return .unknown(typer.reason ?? "its type depends on what it computes")
        }
        return .known(StaticTyper.spelling(t))
    }
}

extension InterpreterCore {
    /// The instance whose members the top level sees (`:use`): a table's singleton or a
    /// view-controller class's instance.
    var topLevelSelfInstance: TableInstance? {
        if let inst = hosting.topLevelInstance, userType(inst.type.name) === inst.type { return inst }
        return topLevelSelfType?.instance
    }
}

/// The static type of an expression from declarations alone.
struct StaticTyper {
    let coreRef: Unretained<InterpreterCore>
    var core: InterpreterCore { coreRef.object }
    let selfType: UserType?
    let selfInstance: TableInstance?
    /// Why the first part whose type is unknown is unknown.
    var reason: String? = nil
    /// How many declarations' initializers deep this typer is (`var a = b` reads b's).
    let depth: Int
    /// Inside a one-expression closure given to `map` and its kin: its parameters' types.
    var closureParameters: [TypeSyntax] = []
    var closureParameterNames: [String: TypeSyntax] = [:]
    /// Types from declarations only, never from a value (a check that must be sure: a
    /// value of an unannotated `var x = f()` may be of a narrower type than `x`).
    var declarationsOnly = false

    init(core: InterpreterCore, selfType: UserType?, selfInstance: TableInstance?, depth: Int = 0) {
        self.coreRef = Unretained(core); self.selfType = selfType; self.selfInstance = selfInstance; self.depth = depth
    }

    /// The result of a closure `{ $0.title }` or `{ s in s.title }` (one expression), its
    /// parameters being of the given types.
    mutating func closureResult(_ e: Expr, parameters: [TypeSyntax]) -> TypeSyntax? {
        guard case .closure(let c) = e.kind else { return unknown("the argument is not a closure") }
        if let r = c.returnType { return r }
        guard c.body.count == 1 else { return unknown("a closure of more than one statement has its type from its body") }
        let body: Expr
        switch c.body[0].kind {
        case .expression(let x): body = x
        case .return(let x?): body = x
        default: return unknown("a closure of more than one statement has its type from its body")
        }
        var inner = self
        inner.closureParameters = parameters
        for (p, t) in zip(c.parameters, parameters) { inner.closureParameterNames[p.name] = p.type ?? t }
        let t = inner.type(of: body)
        if t == nil, reason == nil { reason = inner.reason }
        return t
    }

    /// A typer for a declaration's initializer.
    private func nested(selfType: UserType?) -> StaticTyper? {
        guard depth < 8 else { return nil }
        var inner = StaticTyper(core: core, selfType: selfType, selfInstance: nil, depth: depth + 1)
        inner.declarationsOnly = declarationsOnly
        return inner
    }

    mutating func unknown(_ why: String) -> TypeSyntax? {
        if reason == nil { reason = why }
        return nil
    }

    static let int = TypeSyntax.named("Int"), double = TypeSyntax.named("Double"), bool = TypeSyntax.named("Bool")
    static let string = TypeSyntax.named("String"), void = TypeSyntax.tuple([])

    /// The type of `e` by the one switch over expression kinds (ExpressionTyper.swift), this
    /// typer finding its names and members.
    mutating func type(of e: Expr) -> TypeSyntax? { ExpressionTyper.typed(e, &self)?.type }

    /// The type a member written after `e` reads (inside an optional chain, the unwrapped value's).
    mutating func type(asMemberBase e: Expr) -> TypeSyntax? { ExpressionTyper.typedAsMemberBase(e, &self)?.type }

    // MARK: Names

    mutating func type(ofName name: String) -> TypeSyntax? {
        if let t = closureParameterNames[name] { return t }
        if let t = selfType, let i = t.fieldIndex[name] { return fieldType(t, i, of: selfInstance?.fields) }
        if let t = selfType, let m = t.computed[name] { return computedType(m, name) }
        if let t = selfType, t.lazyProperties[name] != nil { return lazyPropertyType(t, name) }
        if let t = selfType, let ts = inheritedHostMemberType(name, of: t) { return ts }
        if let g = core.globalIndex[name] { return globalType(g, name) }
        if let t = core.userType(name) { return .named(t.name + ".Type") }
        if let cells = core.functionsByBase[name] {
            guard cells.count == 1, let f = cells[0].decl else { return unknown("'\(name)' names more than one function") }
            return functionType(f)
        }
        return unknown("'\(name)' is not a name :type knows the declaration of")
    }

    private mutating func globalType(_ g: Int, _ name: String) -> TypeSyntax? {
        if let (annotation, initializer) = core.globalDeclarations[g] {
            if let annotation { return annotation }
            if let initializer, var inner = nested(selfType: nil), let t = inner.type(of: initializer) { return t }
        }
        if g < core.globalTypes.count, let rt = core.globalTypes[g], let t = Self.syntax(rt) { return t }
        if declarationsOnly { return unknown("'\(name)' has no annotation") }
        var v = core.machine.pointee.globals[g]
        if case .box(let b) = v { v = b.value }
        return valueType(v) ?? unknown("'\(name)' has no annotation and its value does not show its type")
    }

    /// A stored property's type: its annotation, else its default's, else its value's.
    private mutating func fieldType(_ t: UserType, _ i: Int, of fields: InstanceFields?) -> TypeSyntax? {
        // An implicitly unwrapped property (`UILabel!`) is an Optional, as swiftc types it.
        if let p = propertyDecl(t, t.fieldNames[i]), let ts = p.type { return ts }
        if i < t.fieldTypes.count, let rt = t.fieldTypes[i], let ts = Self.syntax(rt) { return ts }
        if i < t.fieldDefaults.count, let d = t.fieldDefaults[i] {
            if var inner = nested(selfType: t), let ts = inner.type(of: d) { return ts }
        }
        if !declarationsOnly, let fields, i < fields.count, let ts = valueType(fields[i]) { return ts }
        return unknown("the type of '\(t.name).\(t.fieldNames[i])' is inferred from its value")
    }

    /// A `lazy var`'s type: its annotation, else its initializer's.
    private mutating func lazyPropertyType(_ t: UserType, _ name: String) -> TypeSyntax? {
        guard let p = propertyDecl(t, name) else { return unknown("'\(t.name).\(name)' is declared elsewhere") }
        if let ts = p.type { return ts }
        if let d = p.initializer, var inner = nested(selfType: t), let ts = inner.type(of: d) { return ts }
        return unknown("the type of '\(t.name).\(name)' is inferred from its value")
    }

    /// A property a script subclass of a host class inherits from the host (`view` in a
    /// UIViewController subclass, `contentView` in a cell's), as the host's catalogue types
    /// it, where no class of the script's chain and no extension of the host's declares it.
    func inheritedHostMemberType(_ name: String, of t: UserType) -> TypeSyntax? {
        guard let catalogue = inheritedHostCatalogue(name, of: t) else { return nil }
        return catalogue.types[name]
    }

    /// The catalogue of `t`'s host class when `name` is the host's member there, not the script's.
    private func inheritedHostCatalogue(_ name: String, of t: UserType) -> HostMemberCatalogue? {
        guard let host = core.hostAncestorName(t), let catalogue = core.hosting.memberCatalogue?(host),
              catalogue.names.contains(name) else { return nil }
        var current: UserType? = t
        var depth = 0
        while let c = current, depth < 64 {
            if c.hasMember(named: name) { return nil }
            current = c.classInfo?.superclass
            depth += 1
        }
        if catalogue.lineage.contains(where: { core.protocols.builtinExtensions[$0]?.hasMember(named: name) == true }) { return nil }
        return catalogue
    }

    /// Whether `e` reads a property declared implicitly unwrapped (an outlet's `UILabel!`,
    /// UIKit's `view: UIView!`): a member after it reaches the wrapped value, and swiftc
    /// names the wrapped type when that member is missing.
    mutating func readsImplicitlyUnwrapped(_ e: Expr) -> Bool {
        switch e.kind {
        case .identifier(let n):
            guard closureParameterNames[n] == nil, let t = selfType else { return false }
            return isImplicitlyUnwrapped(n, in: t)
        case .member(let base, let n):
            guard case .named(let spelled)? = type(of: base) else { return false }
            if let t = scriptType(spelled: spelled) { return isImplicitlyUnwrapped(n, in: t) }
            return core.hosting.memberCatalogue?(spelled)?.implicitlyUnwrapped.contains(n) ?? false
        default:
            return false
        }
    }

    private func isImplicitlyUnwrapped(_ name: String, in t: UserType) -> Bool {
        var current: UserType? = t
        var depth = 0
        while let c = current, depth < 64 {
            if let p = propertyDecl(c, name) { return p.isImplicitlyUnwrapped }
            if c.hasMember(named: name) { return false }
            current = c.classInfo?.superclass
            depth += 1
        }
        return inheritedHostCatalogue(name, of: t)?.implicitlyUnwrapped.contains(name) ?? false
    }

    private mutating func computedType(_ m: MethodSlot, _ name: String) -> TypeSyntax? {
        m.type ?? unknown("'\(name)' has no declared type")
    }

    /// The declaration of a stored property, for its annotation as written.
    private func propertyDecl(_ t: UserType, _ name: String) -> VariableDecl? {
        t.declaredMembers?.properties.first { p in
            if case .binding(let n, _) = p.pattern.kind { return n == name && !p.isStatic }
            return false
        }
    }

    private mutating func functionType(_ f: FunctionDecl) -> TypeSyntax? {
        guard f.genericParameters.isEmpty else { return unknown("'\(f.fullName)' is generic: its types come from each call") }
        var params: [TypeSyntax] = []
        for p in f.parameters {
            guard let t = p.type else { return unknown("a parameter of '\(f.fullName)' has no type") }
            params.append(t)
        }
        return .function(parameters: params, result: f.returnType ?? Self.void)
    }

    // MARK: Members

    mutating func staticMemberType(_ name: String, of t: UserType) -> TypeSyntax? {
        if t.kind == .enum, t.caseIndex[name] != nil {
            let payload = t.caseIndex[name].flatMap { Int($0) < t.casePayloads.count ? t.casePayloads[Int($0)] : nil }
            return payload == nil ? .named(t.name) : unknown("'\(t.name).\(name)' has associated values: call it")
        }
        if name == "allCases", t.kind == .enum { return .array(.named(t.name)) }
        if t.kind == .table, let i = t.fieldIndex[name] { return fieldType(t, i, of: t.instance?.fields) }
        if t.kind == .table, let m = t.computed[name] { return computedType(m, name) }
        if let slot = t.staticStored[name] { return globalType(slot, "\(t.name).\(name)") }
        if let m = t.computed[name], m.isStatic { return computedType(m, name) }
        return unknown("'\(t.name).\(name)' is not a member :type knows the declaration of")
    }

    mutating func memberType(_ name: String, of base: TypeSyntax) -> TypeSyntax? {
        switch base {
        case .named(let n):
            if let t = scriptType(spelled: n) {
                // A generic type's member of a parameter's type is of the spelling's arguments
                // (`items` of a `Box<[Int]>` is `[[Int]]`); in the type's own code, of its parameters.
                guard let m = instanceMemberType(name, of: t) else { return nil }
                if let ps = core.protocols.genericParameters[t.id]?.map(\.name), TypeRules.mentions(m, Set(ps)), n != selfSpelling(t) {
                    if let receiver = TypeRules.Receiver(spelling: n, parameters: ps) {
                        let substituted = TypeRules.substituting(receiver.arguments, in: m)
                        if !TypeRules.mentions(substituted, Set(ps)) { return substituted }
                    }
                    return unknown("'\(name)' of '\(n)' is of a type its generic arguments give")
                }
                return m
            }
            return builtinMemberType(name, of: base)
        default:
            return builtinMemberType(name, of: base)
        }
    }

    /// The script type a spelling names: `Box<Int>` is the generic `Box`.
    func scriptType(spelled n: String) -> UserType? {
        if let t = core.userType(n) { return t }
        guard let open = n.firstIndex(of: "<"), let t = core.userType(String(n[..<open])),
              core.protocols.genericParameters[t.id] != nil else { return nil }
        return t
    }

    /// The arguments of a generic type's spelling when each is a plain name (`Box<Row>`,
    /// `Pair<Int, String>`); nil for any other (`Box<[Int]>`, kept as text only).
    static func plainArguments(_ spelled: String, count: Int) -> [String]? {
        guard let open = spelled.firstIndex(of: "<"), spelled.hasSuffix(">") else { return nil }
        let inner = spelled[spelled.index(after: open)..<spelled.index(before: spelled.endIndex)]
        let args = inner.split(separator: ",").map { String($0.drop(while: \.isWhitespace)) }
        guard args.count == count, args.allSatisfy({ a in
            a.first.map { $0.isLetter || $0 == "_" } == true && a.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
        }) else { return nil }
        return args
    }

    private mutating func instanceMemberType(_ name: String, of t: UserType) -> TypeSyntax? {
        if let i = t.fieldIndex[name] {
            let fields = t === selfType ? selfInstance?.fields : (t.kind == .table ? t.instance?.fields : nil)
            return fieldType(t, i, of: fields)
        }
        if let m = t.computed[name] { return computedType(m, name) }
        if t.lazyProperties[name] != nil { return lazyPropertyType(t, name) }
        if let ts = inheritedHostMemberType(name, of: t) { return ts }
        if name == "rawValue", t.kind == .enum, let rt = t.rawType { return Self.syntax(rt) ?? unknown("'rawValue' has no known type") }
        if let full = t.methodsByBase[name], full.count == 1, let f = t.methods[full[0]]?.decl { return functionType(f) }
        return unknown("'\(name)' is not a member :type knows the declaration of in '\(t.name)'")
    }
}
