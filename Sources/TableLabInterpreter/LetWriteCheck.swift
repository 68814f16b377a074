// swiftc refuses a write to a constant when it compiles the file: `let xs = [1];
// print("x"); xs.append(2)` prints nothing. The run-time checks catch every write where it
// runs; this finds, before the unit runs, the writes it can prove are to a constant:
// replacing one (`x = 2`, `x += 1`, `&x`), and changing one through its members or
// subscripts (`s.v = 3`, `xs[0] = 1`, `xs.append(2)`, `s.items.append(2)`, a script
// struct's `mutating func`) where its type is known to be a value type: a script struct
// (`let s = S(...)`, `let s: S`) followed through its stored struct properties, or a standard
// value type. The types are the walk's typer's (ScopedTyper.swift: a declaration's as it
// recorded it, a property's from its declaration), the check has no rules of its own. A
// class on the way makes the write legal, so a path whose types are not known is left to the run.
//
// The constants: `let` with a value (a tuple's parts too), a function's parameters, the names
// a `for` loop, an `if let`/`guard let` or a `case let` binds (a `switch` case's and a
// `catch`'s are "immutable" in swiftc's words), a closure's parameters where the closure's
// type is known not to make them `inout` (written types, or a closure given to `map`,
// `forEach`...); `self` in a struct's or enum's method not `mutating` (swiftc's note at its
// `func`); a `let` property of `self` in a method, or of a class instance through any
// reference. Scopes are the shared walk's (ScopedWalk.swift: a name a nested block binds
// again is not followed into that block; a function's body starts with its parameters
// only); statement code and the closures in it are checked, accessors and observers are
// left to the run.

import TableLabSyntax

extension InterpreterCore {
    /// The write check of a unit, for the shared walk (ScopedWalk.swift).
    func letWriteCheck(_ unit: SourceUnit, _ file: SourceFile, _ types: ScopedTyper) -> LetWriteCheck {
        // The unit's own structs (not hoisted yet), then those loaded before.
        var structs: [String: StructDecl] = [:]
        var otherTypes = Set<String>()
        var classes: [String: ClassDecl] = [:]
        var enums = Set<String>()
        var functions: [String: [FunctionDecl]] = [:]
        // The unit's extensions of standard types, not declared yet when it is checked.
        var extended: [String: [FunctionDecl]] = [:]
        // The unit's `static let`s with a value, by type and name: their `let` keyword.
        var staticLets: [String: SourceLocation] = [:]
        // The compound-assignment operators the unit declares with a left parameter that is
        // not inout (`static func += (n: Node, k: Node)`): a call, not a write to the left side.
        var callOnlyOperators = Set<String>()
        func noteOperators(_ fs: [FunctionDecl]) {
            for f in fs where f.isOperator && f.name.hasSuffix("=") && f.parameters.count == 2 && !f.parameters[0].isInout {
                callOnlyOperators.insert(f.name)
            }
        }
        func noteStaticLets(_ type: String, _ m: TypeMembers) {
            noteOperators(m.methods)
            for p in m.properties where p.isStatic && p.isLet && p.getter == nil && p.initializer != nil {
                if let n = p.name { staticLets[type + "." + n] = keywordLocation(p) }
            }
        }
        for s in unit.statements {
            switch s.kind {
            case .declaration(.struct(let d)): structs[d.name] = d; noteStaticLets(d.name, d.members)
            case .declaration(.class(let c)): otherTypes.insert(c.name); classes[c.name] = c; noteStaticLets(c.name, c.members)
            case .declaration(.enum(let e)): otherTypes.insert(e.name); enums.insert(e.name); noteStaticLets(e.name, e.members)
            case .declaration(.protocol(let p)): otherTypes.insert(p.name)
            case .declaration(.typeAlias(let a)): otherTypes.insert(a.name)
            case .declaration(.function(let f)): functions[f.name, default: []].append(f); noteOperators([f])
            case .declaration(.extension(let n, let members, _)):
                noteStaticLets(n, members)
                for f in members.methods where !f.isStatic { extended[n, default: []].append(f) }
            default: break
            }
        }
        func structNamed(_ n: String) -> StructDecl? {
            if let d = structs[n] { return d }
            guard !otherTypes.contains(n), let t = userType(n), t.kind == .struct else { return nil }
            return t.decl as? StructDecl
        }
        // A name the script declares as a type is not the standard one (`struct Set`).
        func isStandardValueType(_ n: String) -> Bool {
            !otherTypes.contains(n) && structs[n] == nil && userType(n) == nil && builtinTypeName(n) != nil
        }
        // The standard type's own method decides (an extension's included), never another
        // type's method of the name (`struct Log { func append(_:) }`).
        func isBuiltinMutating(_ type: TypeSyntax, _ method: String, _ labels: [String?]) -> Bool {
            let full = method + "(" + labelsString(labels) + ")"
            let own = (extended[standardTypeName(type)] ?? []).filter { $0.name == method }
            if !own.isEmpty { return (own.first { $0.fullName == full }.map { [$0] } ?? own).contains(where: \.isMutating) }
            guard let k = mutationKind(ofMethod: method, fullName: full, onType: resolveType(type)) else { return false }
            return k != .never
        }
        func functionNamed(_ n: String) -> FunctionDecl? {
            // A type of that name makes the call an initializer.
            guard structs[n] == nil, !otherTypes.contains(n), userType(n) == nil else { return nil }
            let decls = functions[n] ?? (functionsByBase[n] ?? []).compactMap(\.decl)
            guard decls.count == 1, decls[0].genericParameters.isEmpty else { return nil }
            return decls[0]
        }
        // Declared by the unit, else by what is loaded (a script type's, or an extension's of a host class).
        func staticLet(_ type: String, _ member: String) -> SourceLocation? {
            if let at = staticLets[type + "." + member] { return at }
            guard let t = userType(type) ?? hostExtensionHolder(type), let g = t.staticStored[member], globalIsLet[g] else { return nil }
            return globalDeclLocations[g]
        }
        var check = LetWriteCheck(structNamed: structNamed, isStandardValueType: isStandardValueType,
                                  isBuiltinMutating: isBuiltinMutating, functionNamed: functionNamed,
                                  keywordLocation: keywordLocation, types: types, file: file,
                                  sessionGlobals: sessionGlobalDeclarations(mentionedIn: unit))
        check.staticLet = staticLet
        check.callOnlyOperators = callOnlyOperators
        check.classNamed = { n in
            if let c = classes[n] { return c }
            guard structs[n] == nil, !enums.contains(n), let t = self.userType(n), t.kind == .class else { return nil }
            return t.decl as? ClassDecl
        }
        check.isEnum = { n in enums.contains(n) || (structs[n] == nil && classes[n] == nil && self.userType(n)?.kind == .enum) }
        check.unitGlobals = Self.globalsDeclaredOnce(unit, besides: Set(structs.keys).union(otherTypes).union(functions.keys))
        return check
    }
}

/// The name an extension of a standard type is written with (`extension Array`).
private func standardTypeName(_ t: TypeSyntax) -> String {
    switch t {
    case .array: return "Array"
    case .dictionary: return "Dictionary"
    case .set: return "Set"
    case .optional: return "Optional"
    case .named(let n): return n
    default: return ""
    }
}

extension InterpreterCore {
    /// The unit's top-level variables each declared once by a plain name, which no type or
    /// function of the unit shares: what a function's body means by such a name.
    static func globalsDeclaredOnce(_ unit: SourceUnit, besides names: Set<String>) -> [String: VariableDecl] {
        var found: [String: VariableDecl] = [:]
        var twice = names
        for s in unit.statements {
            guard case .declaration(.variable(let v)) = s.kind else { continue }
            for n in LexicalScopes.names(in: v.pattern) {
                if found[n] != nil || twice.contains(n) { found[n] = nil; twice.insert(n); continue }
                if case .binding = v.pattern.kind, v.getter == nil { found[n] = v } else { twice.insert(n) }
            }
        }
        return found
    }

    /// `T(...)` or `: T`: the type name written.
    func declaredTypeName(_ v: VariableDecl) -> String? {
        if case .named(let n)? = v.type { return n }
        if v.type == nil, let e = v.initializer, case .call(let callee, _) = e.kind, case .identifier(let n) = callee.kind { return n }
        return nil
    }
}

/// What the check knows of a constant's type: enough to tell which writes through it swiftc
/// refuses. Replacing a constant is refused whatever its type.
private enum ConstantType {
    case unknown
    /// Int, String, an Array, a Dictionary, a Set...: its subscripts and mutating methods
    /// change the constant itself.
    case standard(TypeSyntax)
    case script(StructDecl)
    /// A script class's instance: only its `let` properties are constants through it.
    case object(ClassDecl)
}

/// A name the walk follows: a constant, or a variable whose type is known (for the type of
/// what is assigned to it).
private struct Constant {
    var type: ConstantType
    /// The `let` keyword, for swiftc's note; nil for a parameter or a name a pattern binds
    /// (swiftc gives no note there).
    var keyword: SourceLocation?
    /// A `var`, or a `let` declared without a value: assigned, not refused.
    var isVariable = false
    /// A `switch` case's or `catch`'s binding, a closure's `$0`: swiftc says "is immutable".
    var isImmutable = false
    /// A function's parameter: named as a property of the method's type, swiftc notes `self.`.
    var isParameter = false
}

/// One step of a written path from a constant: `.items`, `[i]`.
private enum PathStep {
    case member(String)
    case subscriptAt(SourceLocation)
}

struct LetWriteCheck: ScopedCheck {
    let structNamed: (String) -> StructDecl?
    let isStandardValueType: (String) -> Bool
    /// Whether a method changes a value of the standard type (its own or its extension's).
    let isBuiltinMutating: (TypeSyntax, String, [String?]) -> Bool
    /// The global function of a name, when one function has it and it is not generic.
    let functionNamed: (String) -> FunctionDecl?
    let keywordLocation: (VariableDecl) -> SourceLocation
    /// The walk's typer: the type of a loop's element.
    let types: ScopedTyper
    let file: SourceFile
    /// The session's earlier stored globals the unit mentions (SessionGlobalsForChecks.swift),
    /// meant by a name at top level that nothing in the unit has bound yet.
    let sessionGlobals: [String: VariableDecl]
    /// A type's `static let` with a value (`Palette.accent`): its `let` keyword, for the note.
    var staticLet: (_ type: String, _ member: String) -> SourceLocation? = { _, _ in nil }
    /// Compound-assignment operators declared without an inout left parameter (see above).
    var callOnlyOperators = Set<String>()
    /// The unit's globals declared once (`InterpreterCore.globalsDeclaredOnce`), which a
    /// global function's body means by their names where nothing nearer binds them.
    var unitGlobals: [String: VariableDecl] = [:]
    /// A script class by name (the unit's, else a loaded one's).
    var classNamed: (String) -> ClassDecl? = { _ in nil }
    var isEnum: (String) -> Bool = { _ in false }
    /// The closures met so far, by place: their parameters' types and `inout`.
    private var closures: [SourceLocation: ClosureExpr] = [:]
    /// The parameters of capture-list wrappers (`[weak x] in`: a wrapper closure binding `x`,
    /// at the place of the closure it wraps), by place: not followed.
    private var captures: [SourceLocation: Set<String>] = [:]
    /// Closures given to a standard method whose closure takes no `inout` parameter
    /// (`map`, `forEach`, ...; `reduce(into:_:)`'s does): their unwritten parameters' types
    /// are not `inout`.
    private var plainClosureArguments = Set<SourceLocation>()
    private static let plainClosureMethods: Set<String> = [
        "map", "compactMap", "flatMap", "filter", "forEach", "sorted", "sort", "first", "firstIndex", "last", "lastIndex",
        "contains", "allSatisfy", "removeAll", "min", "max", "drop", "prefix", "mapValues", "compactMapValues", "reduce",
    ]
    private(set) var found: [Diagnostic] = []

    init(structNamed: @escaping (String) -> StructDecl?, isStandardValueType: @escaping (String) -> Bool,
         isBuiltinMutating: @escaping (TypeSyntax, String, [String?]) -> Bool, functionNamed: @escaping (String) -> FunctionDecl?,
         keywordLocation: @escaping (VariableDecl) -> SourceLocation, types: ScopedTyper, file: SourceFile,
         sessionGlobals: [VariableDecl] = []) {
        var globals: [String: VariableDecl] = [:]
        for v in sessionGlobals { if let n = v.name { globals[n] = v } }
        self.sessionGlobals = globals
        self.structNamed = structNamed
        self.isStandardValueType = isStandardValueType
        self.isBuiltinMutating = isBuiltinMutating
        self.functionNamed = functionNamed
        self.keywordLocation = keywordLocation
        self.types = types
        self.file = file
    }

    /// Statement code and the closures in it (which swiftc type-checks as it does their
    /// surroundings); accessors, observers and subscripts are left to the run.
    private static func checks(_ place: WalkPlace) -> Bool { place.isStatementCode || place.closureInStatementCode }

    mutating func closure(_ e: Expr, _ c: ClosureExpr) {
        if c.isCaptureWrapper { captures[e.location, default: []].formUnion(c.parameters.map(\.name)) } else { closures[e.location] = c }
    }

    mutating func statement(_ s: Stmt, _ scopes: LexicalScopes, _ place: WalkPlace) {
        guard Self.checks(place) else { return }
        switch s.kind {
        case .declaration(.variable(let v)):
            guard v.getter == nil, case .binding = v.pattern.kind, let t = v.type, let e = v.initializer else { return }
            literalAssignment(e, to: typeOf(t), .initializer)
        case .assignment(let target, let op, let value):
            assignment(target, op, value, at: s.operatorLocation, scopes, place)
        default:
            break
        }
    }

    /// The expressions whose calls and `&` arguments the check looks at (a `throw`'s value
    /// or a `case` guard cannot change a constant the run would not refuse first).
    private static func scans(_ role: ExpressionRole) -> Bool {
        switch role {
        case .initializer, .statement, .assignmentValue, .returned, .condition, .switchSubject, .sequence: return true
        case .assignmentTarget, .thrown, .other: return false
        }
    }

    mutating func call(_ e: Expr, callee: Expr, args: [Argument], _ role: ExpressionRole, _ scopes: LexicalScopes, _ place: WalkPlace) {
        if case .member(_, let method) = callee.kind, Self.plainClosureMethods.contains(method), args.first?.label != "into" {
            for a in args { if case .closure = a.value.kind { plainClosureArguments.insert(a.value.location) } }
        }
        guard Self.checks(place), Self.scans(role) else { return }
        switch callee.kind {
        case .member(let receiver, let method):
            mutatingCall(receiver, method, args.map(\.label), callee.location, scopes, place)
            receiverOverlap(receiver, method, args, scopes, place)
        case .identifier(let name):
            if mutatingCallOnSelf(name, callee.location, scopes, place) { return }
            literalArguments(name, args, scopes, place)
        default: break
        }
    }

    mutating func inoutArgument(_ e: Expr, operand target: Expr, _ role: ExpressionRole, _ scopes: LexicalScopes, _ place: WalkPlace) {
        guard Self.checks(place), Self.scans(role) else { return }
        inoutArgument(target, e.location, scopes, place)
    }

    /// What the check follows of the name `name` means here: a constant, or a variable whose
    /// type is known; nil for anything else (a name nothing binds included).
    private func constant(_ name: String, _ scopes: LexicalScopes, _ place: WalkPlace) -> Constant? {
        guard let b = scopes.lookup(name) ?? sessionGlobal(name, scopes) ?? unitGlobal(name, scopes, place) else { return nil }
        switch b.origin {
        case .variable(let v):
            if v.getter != nil { return nil }
            // Its type as the walk's typer recorded it where the declaration stands.
            let type = types.declaredType(v, name: name).map(typeOf) ?? Self.collectionShape(v)
            guard case .binding = v.pattern.kind else {
                return v.isLet && v.initializer != nil ? Constant(type: type, keyword: keywordLocation(v)) : nil
            }
            // `let x: Int` without a value is assigned once later, as a variable is.
            let isVariable = !v.isLet || v.initializer == nil
            return Constant(type: type, keyword: isVariable ? nil : keywordLocation(v), isVariable: isVariable)
        case .parameter(let p):
            guard !p.isInout else { return nil }
            return Constant(type: p.type.map(typeOf) ?? .unknown, keyword: nil, isParameter: true)
        case .pattern(let isVar, let isCaseBody, _, _):
            guard !isVar else { return nil }
            // `if let x = p`: what `p`'s Optional holds, as the walk's typer knows it.
            let type = types.typed(Expr(.identifier(name), at: .unknown), scopes, place).map { typeOf($0.type) } ?? .unknown
            return Constant(type: type, keyword: nil, isImmutable: isCaseBody)
        case .loopElement(let sequence, let path):
            // Its type as the walk's typer knows it (a tuple pattern's part too: `for (i, s) in xs.enumerated()`).
            return Constant(type: types.loopElement(sequence, path: path).map(typeOf) ?? .unknown, keyword: nil)
        case .caughtError:
            return Constant(type: .unknown, keyword: nil, isImmutable: true)
        case .closureParameter(let at?, let index):
            // A capture list's value capture is a wrapper's parameter: not followed.
            guard captures[at]?.contains(name) != true, let c = closures[at] else { return nil }
            // Where the closure goes decides whether a parameter not written with a type is `inout`.
            guard index < c.parameters.count else {
                return plainClosureArguments.contains(at) ? Constant(type: .unknown, keyword: nil, isImmutable: true) : nil
            }
            let p = c.parameters[index]
            guard !p.isInout, p.type != nil || plainClosureArguments.contains(at) else { return nil }
            return Constant(type: p.type.map(typeOf) ?? .unknown, keyword: nil)
        case .closureParameter(nil, _):
            return nil
        }
    }

    /// `let xs = [1.0, .nan]`: without an annotation a collection literal makes an Array or a
    /// Dictionary whatever its elements are, which the typer may not know; their mutating
    /// methods change the constant all the same.
    private static func collectionShape(_ v: VariableDecl) -> ConstantType {
        guard v.type == nil, case .binding = v.pattern.kind, let e = v.initializer else { return .unknown }
        switch e.kind {
        case .array: return .standard(.array(.named("_")))
        case .dictionary: return .standard(.dictionary(key: .named("_"), value: .named("_")))
        default: return .unknown
        }
    }

    /// A global of the unit named in a global function's body (a type's member may mean a
    /// member of `self` by a bare name: not followed).
    private func unitGlobal(_ name: String, _ scopes: LexicalScopes, _ place: WalkPlace) -> ScopedBinding? {
        guard !scopes.isTopLevel, !place.inTypeMember, !scopes.bindsLocally(name), let v = unitGlobals[name] else { return nil }
        return ScopedBinding(name: name, origin: .variable(v))
    }

    private func sessionGlobal(_ name: String, _ scopes: LexicalScopes) -> ScopedBinding? {
        guard scopes.isTopLevel, let v = sessionGlobals[name] else { return nil }
        return ScopedBinding(name: name, origin: .variable(v))
    }

    /// What the check follows of a type the typer gives (a generic type's value is its
    /// declaration's: `Stack<Int>`'s mutating methods are `Stack`'s).
    private func typeOf(_ t: TypeSyntax) -> ConstantType {
        switch t {
        case .named(let spelled):
            let n = WrittenType(spelled).name
            if let d = structNamed(n) { return .script(d) }
            if let c = classNamed(n) { return .object(c) }
            return isStandardValueType(spelled) ? .standard(t) : .unknown
        case .array, .dictionary, .set: return .standard(t)
        default: return .unknown
        }
    }

    /// A type's stored property's type, as the walk's typer reads it from its declaration.
    private func propertyType(_ p: VariableDecl) -> ConstantType { types.propertyType(p).map(typeOf) ?? .unknown }

    // MARK: Writes

    /// `root.a[i].b`: the root (a name, or a call `f()`) and the steps.
    private static func path(_ e: Expr) -> (root: Expr, steps: [PathStep])? {
        switch e.kind {
        case .identifier, .self, .shorthandParameter: return (e, [])
        case .call(let callee, _):
            guard case .identifier = callee.kind else { return nil }
            return (e, [])
        case .member(let base, let name):
            guard let (root, steps) = path(base) else { return nil }
            return (root, steps + [.member(name)])
        case .subscriptAccess(let base, let args):
            // A key path or a labelled subscript is a script's or Swift's own: not followed.
            guard args.count == 1, args[0].label == nil, let (root, steps) = path(base) else { return nil }
            return (root, steps + [.subscriptAt(base.range.end)])
        default: return nil
        }
    }

    /// What the path's end is: nil when a step leaves what is known to be a value (a class,
    /// a computed property, an element of unknown type).
    private enum End {
        /// A constant or a stored property of a value type; `settable` is false for a `let`
        /// property (its own error, not this check's).
        case value(ConstantType, settable: Bool)
        /// `isEntry`: a Dictionary's, whose value is an Optional.
        case element(isEntry: Bool)
    }

    private func end(of steps: [PathStep], from root: ConstantType) -> End? {
        var current = root
        for (i, step) in steps.enumerated() {
            let last = i == steps.count - 1
            switch (step, current) {
            case (.member(let name), .script(let d)):
                guard let p = d.members.properties.first(where: { $0.name == name && !$0.isStatic }) else { return nil }
                if p.getter != nil {
                    // A computed property with a mutating setter changes `self`.
                    guard last, p.setter != nil, !p.setterIsNonmutating else { return nil }
                    return .value(.unknown, settable: true)
                }
                guard !p.isLet || last else { return nil }
                let t = propertyType(p)
                if last { return .value(t, settable: !p.isLet) }
                if case .unknown = t { return nil }
                current = t
            case (.subscriptAt, .standard(let t)):
                // An Array's element is followed when its type is written; a Dictionary's
                // is an Optional, a String's is get-only.
                switch t {
                case .array(let e):
                    if last { return .element(isEntry: false) }
                    current = typeOf(e)
                    if case .unknown = current { return nil }
                case .dictionary:
                    return last ? .element(isEntry: true) : nil
                default:
                    return nil
                }
            default:
                return nil
            }
        }
        return .value(current, settable: true)
    }

    /// What cannot change at the root of a path, and swiftc's reason: a constant, or the
    /// value a call returns (`Box()`, `make()` of a function whose result type is written).
    private struct Root {
        var type: ConstantType
        var reason: String
        var notes: [Diagnostic]
        var isCall: Bool
        /// A `let` property (of `self`, of a class instance): replacing it is assigning to a property.
        var isProperty = false
    }

    /// What a write reaches first that cannot change, and the steps after it: a constant or
    /// a call's value (`root`), `self` where it is immutable, a `let` property of `self` or
    /// of a class instance.
    private func writeRoot(_ target: Expr, _ scopes: LexicalScopes, _ place: WalkPlace) -> (root: Root, steps: [PathStep])? {
        guard let (rootExpr, steps) = Self.path(target) else { return nil }
        switch rootExpr.kind {
        case .self:
            return selfRoot(steps, place)
        case .identifier(let n) where scopes.lookup(n) == nil && isPropertyOfSelf(n, place):
            return selfRoot([.member(n)] + steps, place)
        case .identifier(let n):
            if let c = constant(n, scopes, place), case .object(let cd) = c.type, case .member(let m)? = steps.first,
               let p = letStoredProperty(m, of: cd.name) {
                return (letPropertyRoot(p, m), Array(steps.dropFirst()))
            }
        default:
            break
        }
        guard let c = root(rootExpr, scopes, place) else { return nil }
        return (c, steps)
    }

    /// Whether a bare name in a method means a property of `self` (a stored or computed one
    /// its type's declaration lists, its superclasses' too).
    private func isPropertyOfSelf(_ name: String, _ place: WalkPlace) -> Bool {
        guard let m = place.method, !m.isStatic, let owner = place.owner else { return false }
        return property(name, of: owner) != nil
    }

    /// An instance property of a script struct or class (or its script superclasses).
    private func property(_ name: String, of type: String) -> VariableDecl? { declaredProperty(name, of: type)?.decl }

    /// An instance property and whether `type` declares it itself (not a superclass).
    private func declaredProperty(_ name: String, of type: String) -> (decl: VariableDecl, own: Bool)? {
        if let d = structNamed(type) { return d.members.properties.first { $0.name == name && !$0.isStatic }.map { ($0, true) } }
        var next = classNamed(type)
        var depth = 0
        while let c = next, depth < 64 {
            if let p = c.members.properties.first(where: { $0.name == name && !$0.isStatic }) { return (p, depth == 0) }
            next = c.inherited.first.flatMap(classNamed)
            depth += 1
        }
        return nil
    }

    /// swiftc's note on a write to a parameter named as a property of the method's type that
    /// `self.` could set there: a `var`, a computed property with a setter, or in an
    /// initializer a `let` the type itself stores (an inherited one is the superclass's to set).
    private func explicitSelfNote(_ name: String, at: SourceLocation, _ place: WalkPlace) -> Diagnostic? {
        guard let m = place.method, !m.isStatic, let owner = place.owner, let (p, own) = declaredProperty(name, of: owner) else { return nil }
        let settable = p.getter == nil ? !p.isLet || own && m.isInitializer : p.setter != nil
        return settable ? .note(InitMessage.addExplicitSelf(owner), at: at, in: file) : nil
    }

    private func letStoredProperty(_ name: String, of type: String) -> VariableDecl? {
        guard let p = property(name, of: type), p.isLet, p.getter == nil else { return nil }
        return p
    }

    private func letPropertyRoot(_ p: VariableDecl, _ name: String) -> Root {
        Root(type: propertyType(p), reason: "'\(name)' is a 'let' constant",
             notes: [.note(LetMessage.changeLetToVar, at: keywordLocation(p), in: file)], isCall: false, isProperty: true)
    }

    /// `self.x = 1`, `x = 1`, `items.append(1)`, `self = v` in a method: a `let` property is
    /// a constant in every method; `self` of a struct or enum in a method not `mutating`.
    /// Initializers may write both.
    private func selfRoot(_ steps: [PathStep], _ place: WalkPlace) -> (root: Root, steps: [PathStep])? {
        guard let m = place.method, !m.isStatic, !m.isInitializer, let owner = place.owner else { return nil }
        if case .member(let name)? = steps.first, let p = letStoredProperty(name, of: owner) {
            return (letPropertyRoot(p, name), Array(steps.dropFirst()))
        }
        guard !m.isMutating else { return nil }
        let type: ConstantType
        if let d = structNamed(owner) { type = .script(d) } else if isEnum(owner) { type = .unknown } else { return nil }
        return (immutableSelf(type, m), steps)
    }

    private func immutableSelf(_ type: ConstantType, _ m: MethodOfType) -> Root {
        let note: [Diagnostic] = switch (m.isGetter, m.keyword == .unknown) {
        case (false, _): [.note(NoteMessage.markMethodMutating, at: m.keyword, in: file)]
        case (true, false): [.note(NoteMessage.markGetterMutating, at: m.keyword, in: file)]
        case (true, true): []
        }
        return Root(type: type, reason: "'self' is immutable", notes: note, isCall: false)
    }

    /// `bump()` in a struct's method not `mutating`, where every method of its type of that
    /// name is `mutating`: true when found.
    private mutating func mutatingCallOnSelf(_ name: String, _ at: SourceLocation, _ scopes: LexicalScopes, _ place: WalkPlace) -> Bool {
        guard scopes.lookup(name) == nil, let m = place.method, !m.isStatic, !m.isInitializer, !m.isMutating,
              let owner = place.owner, let d = structNamed(owner) else { return false }
        let named = d.members.methods.filter { $0.name == name && !$0.isStatic }
        guard !named.isEmpty, named.allSatisfy(\.isMutating) else { return false }
        let r = immutableSelf(.script(d), m)
        found.append(.error(LetMessage.mutatingMember(reason: r.reason), at: at, in: file, notes: r.notes))
        return true
    }

    /// `x`, or `$0` as the scopes bind it.
    private static func boundName(_ e: Expr) -> String? {
        switch e.kind {
        case .identifier(let n): return n
        case .shorthandParameter(let i): return "$\(i)"
        default: return nil
        }
    }

    private func root(_ e: Expr, _ scopes: LexicalScopes, _ place: WalkPlace) -> Root? {
        switch e.kind {
        case .identifier, .shorthandParameter:
            guard let n = Self.boundName(e), let c = constant(n, scopes, place), !c.isVariable else { return nil }
            var notes = c.keyword.map { [Diagnostic.note(LetMessage.changeLetToVar, at: $0, in: file)] } ?? []
            if c.isParameter, let note = explicitSelfNote(n, at: e.location, place) { notes.append(note) }
            return Root(type: c.type, reason: c.isImmutable ? "'\(n)' is immutable" : "'\(n)' is a 'let' constant", notes: notes, isCall: false)
        case .call(let callee, _):
            // A method's body may mean a method of its own type by a bare name: not followed.
            // A script struct's initializer or the script's one function of the name (a
            // standard type's initializer has swiftc's other words); the value's type is the
            // walk's typer's (a generic function's result with its arguments: `wrap(1)` is a
            // `Box<Int>`); a class instance is no immutable value.
            guard !place.inTypeMember, case .identifier(let n) = callee.kind, scopes.lookup(n) == nil,
                  structNamed(n) != nil || types.function(n) != nil, let typed = types.typed(e, scopes, place) else { return nil }
            let t = typeOf(typed.type)
            switch t {
            case .unknown, .object: return nil
            case .script, .standard: break
            }
            let reason = structNamed(n) != nil ? "function call returns immutable value" : "'\(n)' returns immutable value"
            return Root(type: t, reason: reason, notes: [], isCall: true)
        default:
            return nil
        }
    }

    private mutating func assignment(_ target: Expr, _ op: AssignmentOperator, _ value: Expr, at opAt: SourceLocation,
                                     _ scopes: LexicalScopes,
                                     _ place: WalkPlace) {
        if let b = op.binaryOperator, callOnlyOperators.contains(b.rawValue + "=") { return }
        if op == .assign, case .identifier(let n) = target.kind, let c = constant(n, scopes, place), c.isVariable {
            literalAssignment(value, to: c.type)
            return
        }
        if case .member(let base, let name) = target.kind, case .identifier(let type) = base.kind, scopes.lookup(type) == nil,
           let keyword = staticLet(type, name) {
            // A type's constant, through the type's name: swiftc's error as for a property.
            let why = "'\(name)' is a 'let' constant"
            let message: LetMessage = op == .assign ? .cannotAssignToProperty(reason: why) : .mutatingOperatorLeftSide(reason: why)
            found.append(.error(message, at: op == .assign ? target.location : opAt, in: file,
                                notes: [.note(LetMessage.changeLetToVar, at: keyword, in: file)]))
            return
        }
        if letPropertyWrite(target, op, at: opAt, scopes, place) { return }
        guard let (c, steps) = writeRoot(target, scopes, place) else { return }
        let why = c.reason
        // swiftc places a compound assignment's error at its operator.
        let t = target.location
        guard !steps.isEmpty else {
            guard !c.isCall else { return }
            let replace: LetMessage = c.isProperty ? .cannotAssignToProperty(reason: why) : .cannotAssignToValue(reason: why)
            let message: LetMessage = op == .assign ? replace : .mutatingOperatorLeftSide(reason: why)
            found.append(.error(message, at: op == .assign ? t : opAt, in: file, notes: c.notes))
            return
        }
        guard let e = end(of: steps, from: c.type) else { return }
        switch (e, steps.last) {
        case (.value(_, let settable), .member?) where settable:
            let message: LetMessage = op == .assign ? .cannotAssignToProperty(reason: why) : .mutatingOperatorLeftSide(reason: why)
            found.append(.error(message, at: op == .assign ? t : opAt, in: file, notes: c.notes))
        case (.element(let isEntry), .subscriptAt(let bracket)?) where op == .assign || !isEntry:
            let message: LetMessage = op == .assign ? .cannotAssignThroughSubscript(reason: why) : .mutatingOperatorLeftSide(reason: why)
            found.append(.error(message, at: op == .assign ? bracket : opAt, in: file, notes: c.notes))
        default:
            break
        }
    }

    /// `t.id = 3` with `var t: S` and `let id` in S: the property is the constant, with
    /// swiftc's note at its `let`. Only through a variable (a constant root is refused as
    /// the root); true when found.
    private mutating func letPropertyWrite(_ target: Expr, _ op: AssignmentOperator, at opAt: SourceLocation,
                                           _ scopes: LexicalScopes, _ place: WalkPlace) -> Bool {
        guard let (rootExpr, steps) = Self.path(target), case .member(let name)? = steps.last, case .identifier(let n) = rootExpr.kind,
              let c = constant(n, scopes, place), c.isVariable else { return false }
        let owner: ConstantType
        if steps.count == 1 {
            owner = c.type
        } else {
            guard case .value(let t, _)? = end(of: Array(steps.dropLast()), from: c.type) else { return false }
            owner = t
        }
        guard case .script(let d) = owner,
              let p = d.members.properties.first(where: { $0.name == name && !$0.isStatic && $0.getter == nil }), p.isLet else { return false }
        let reason = "'\(name)' is a 'let' constant"
        let message: LetMessage = op == .assign ? .cannotAssignToProperty(reason: reason) : .mutatingOperatorLeftSide(reason: reason)
        found.append(.error(message, at: op == .assign ? target.location : opAt, in: file,
                            notes: [.note(LetMessage.changeLetToVar, at: keywordLocation(p), in: file)]))
        return true
    }

    /// Where a literal goes, for swiftc's words.
    private enum LiteralUse {
        case assignment, initializer, argument

        func nilMessage(type t: String) -> LetMessage {
            switch self {
            case .assignment: return .nilAssigned(type: t)
            case .initializer: return .nilInitializes(type: t)
            case .argument: return .nilArgument(type: t)
            }
        }

        func mismatch(given: String, to n: String) -> LetMessage {
            switch self {
            case .assignment: return .cannotAssignValue(given: given, to: n)
            case .initializer: return .cannotConvertToSpecified(given: given, to: n)
            case .argument: return .cannotConvertArgument(given: given, to: n)
            }
        }
    }

    /// What each literal may initialize among the standard types this check knows.
    private static let accepts: [String: Set<String>] = [
        "Int": ["Int", "Double", "Float", "CGFloat"], "Double": ["Double", "Float", "CGFloat"],
        "String": ["String"], "Bool": ["Bool"],
    ]

    /// A literal assigned to a variable whose type is known, a declaration's value, or an
    /// argument, that cannot be of that type: `var title = "a"` then `title = 1`, `count =
    /// nil`, `let n: Int = "x"`, `f("x")` (TableLab stored the first two as they came).
    private mutating func literalAssignment(_ value: Expr, to type: ConstantType, _ use: LiteralUse = .assignment) {
        let target: TypeSyntax
        switch type {
        case .standard(let t): target = t
        case .script(let d): target = .named(d.name)
        case .unknown, .object: return
        }
        // `[1, "a"]` for `[Int]`: swiftc names the element, whatever the literal is given to
        // (the role is unused: the collection literal is descended into, not converted).
        switch (target, value.kind) {
        case (.array, .array), (.set, .array), (.dictionary, .dictionary):
            literalElement(value, target, .element)
            return
        default: break
        }
        var literal = value
        if case .unary(.negate, let x) = value.kind { literal = x }
        if case .nil = literal.kind {
            found.append(.error(use.nilMessage(type: target.description), at: value.location, in: file))
            return
        }
        guard let given = MethodArgumentCheck.literalType(literal), case .named(let n) = target,
              Self.accepts[n] != nil, Self.accepts[given]?.contains(n) != true else { return }
        // swiftc reads a 0 or 1 where a Bool is wanted as a C habit.
        if n == "Bool", case .integer(let i) = value.kind, i == 0 || i == 1 {
            found.append(.error(LetMessage.integerAsBoolean(value: i), at: value.location, in: file))
            return
        }
        found.append(.error(use.mismatch(given: given, to: n), at: value.location, in: file))
    }

    /// An element of a collection literal whose element type is a standard type (or an
    /// Optional of one): a literal that cannot be of that type, or `nil` where it is no Optional.
    private mutating func literalElement(_ value: Expr, _ type: TypeSyntax, _ role: ElementRole) {
        var literal = value
        if case .unary(.negate, let x) = value.kind { literal = x }
        var n: String
        switch (type, literal.kind) {
        // `[[1], [2, "x"]]` for `[[Int]]`: swiftc names the innermost element.
        case (.array(let e), .array(let items)), (.set(let e), .array(let items)):
            for item in items { literalElement(item, e, .element) }
            return
        case (.dictionary(let k, let v), .dictionary(let entries)):
            for entry in entries { literalElement(entry.key, k, .key); literalElement(entry.value, v, .value) }
            return
        default: break
        }
        switch type {
        case .named(let x): n = x
        case .optional(.named(let x)):
            if case .nil = literal.kind { return }
            n = x
        default: return
        }
        guard Self.accepts[n] != nil else { return }
        if case .nil = literal.kind {
            found.append(.error(LetMessage.nilElement(type: type.description, role: role), at: value.location, in: file))
            return
        }
        guard let given = MethodArgumentCheck.literalType(literal), Self.accepts[given]?.contains(n) != true else { return }
        n = type.description
        found.append(.error(LetMessage.cannotConvertElement(given: given, to: n, role: role), at: value.location, in: file))
    }

    /// The literal arguments of a call of a global function (one of that name, not generic)
    /// whose parameter types are written. Arguments are matched to parameters by label,
    /// defaulted parameters skipped as Swift skips them; any other shape is left to the run.
    private mutating func literalArguments(_ name: String, _ args: [Argument], _ scopes: LexicalScopes, _ place: WalkPlace) {
        guard !place.inTypeMember, scopes.lookup(name) == nil, let f = functionNamed(name) else { return }
        let params = f.parameters
        guard !params.contains(where: { $0.isVariadic }) else { return }
        var pairs: [(Parameter, Argument)] = []
        var pi = 0
        for a in args {
            while pi < params.count, params[pi].label != a.label, params[pi].defaultValue != nil { pi += 1 }
            guard pi < params.count, params[pi].label == a.label else { return }
            pairs.append((params[pi], a))
            pi += 1
        }
        guard params[pi...].allSatisfy({ $0.defaultValue != nil }) else { return }
        for (p, a) in pairs where !p.isInout {
            guard let t = p.type else { continue }
            literalAssignment(a.value, to: typeOf(t), .argument)
        }
    }

    private mutating func mutatingCall(_ receiver: Expr, _ method: String, _ labels: [String?], _ at: SourceLocation, _ scopes: LexicalScopes,
                                       _ place: WalkPlace) {
        guard let (c, steps) = writeRoot(receiver, scopes, place) else { return }
        let type: ConstantType
        if steps.isEmpty { type = c.type } else {
            guard case .value(let t, settable: true)? = end(of: steps, from: c.type) else { return }
            type = t
        }
        let mutates: Bool
        switch type {
        case .script(let d): mutates = d.members.methods.contains { $0.name == method && $0.isMutating && !$0.isStatic }
        case .standard(let t):
            // `append`, `insert(_:at:)`, `toggle()`, `negate()`...: the standard types' own.
            switch t {
            case .array, .dictionary, .set, .named("String"), .named("Int"), .named("Double"), .named("Bool"):
                mutates = isBuiltinMutating(t, method, labels)
            default: mutates = false
            }
        case .unknown, .object: mutates = false
        }
        guard mutates else { return }
        found.append(.error(LetMessage.mutatingMember(reason: c.reason), at: at, in: file, notes: c.notes))
    }

    /// `account.transfer(&account.balance)`: a struct variable's `mutating` method given `&` of
    /// a part of that variable. The call modifies the whole variable meanwhile: swiftc's static
    /// exclusivity error at the receiver (the run called it Swift's run-time conflict).
    private mutating func receiverOverlap(_ receiver: Expr, _ method: String, _ args: [Argument], _ scopes: LexicalScopes,
                                          _ place: WalkPlace) {
        guard case .identifier(let n) = receiver.kind, let c = constant(n, scopes, place), c.isVariable, case .script(let d) = c.type else { return }
        let named = d.members.methods.filter { $0.name == method && !$0.isStatic }
        guard !named.isEmpty, named.allSatisfy(\.isMutating) else { return }
        for a in args {
            guard case .unary(.inoutArgument, let target) = a.value.kind, let (root, _) = Self.path(target),
                  case .identifier(n) = root.kind else { continue }
            found.append(.error(InoutMessage.overlappingAccesses(n), at: receiver.location, in: file,
                                notes: [.note(InoutMessage.conflictingAccess, at: a.value.location, in: file)]))
            return
        }
    }

    private mutating func inoutArgument(_ target: Expr, _ amp: SourceLocation, _ scopes: LexicalScopes, _ place: WalkPlace) {
        guard let (c, steps) = writeRoot(target, scopes, place) else { return }
        if !steps.isEmpty {
            switch (end(of: steps, from: c.type), steps.last) {
            case (.value(_, settable: true)?, .member?), (.element?, .subscriptAt?): break
            default: return
            }
        }
        found.append(.error(LetMessage.immutableInoutArgument(reason: c.reason), at: amp, in: file, notes: c.notes))
    }
}

enum LetMessage: DiagnosticMessage, Hashable {
    case cannotAssignToProperty(reason: String)
    case cannotAssignToValue(reason: String)
    case cannotAssignThroughSubscript(reason: String)
    case mutatingOperatorLeftSide(reason: String)
    case mutatingMember(reason: String)
    case immutableInoutArgument(reason: String)
    case changeLetToVar
    case cannotAssignValue(given: String, to: String)
    case cannotConvertToSpecified(given: String, to: String)
    case nilAssigned(type: String)
    case nilInitializes(type: String)
    case integerAsBoolean(value: Int)
    case cannotConvertArgument(given: String, to: String)
    case nilArgument(type: String)
    case cannotConvertElement(given: String, to: String, role: ElementRole)
    case nilElement(type: String, role: ElementRole)

    var id: DiagnosticID {
        switch self {
        case .cannotAssignToProperty: return DiagnosticID("assignment_lhs_is_immutable_property")
        case .cannotAssignToValue: return DiagnosticID("assignment_lhs_is_immutable_variable")
        case .cannotAssignThroughSubscript: return DiagnosticID("assignment_subscript_has_immutable_base")
        case .mutatingOperatorLeftSide: return DiagnosticID("assignment_bang_has_immutable_subcomponent")
        case .mutatingMember: return .mutatingMemberOnImmutableValue
        case .immutableInoutArgument: return DiagnosticID("cannot_pass_rvalue_inout_subelement")
        case .changeLetToVar: return DiagnosticID("change_let_to_var_param")
        case .cannotAssignValue: return DiagnosticID("cannot_convert_assign")
        case .nilAssigned: return DiagnosticID("cannot_convert_assign_nil")
        case .cannotConvertToSpecified: return DiagnosticID("cannot_convert_initializer_value")
        case .nilInitializes: return DiagnosticID("cannot_convert_initializer_value_nil")
        case .integerAsBoolean: return DiagnosticID("integer_used_as_boolean_literal")
        case .cannotConvertArgument: return DiagnosticID("cannot_convert_argument_value")
        case .nilArgument: return DiagnosticID("cannot_convert_argument_value_nil")
        case .cannotConvertElement(_, _, let r): return DiagnosticID("cannot_convert_\(r.idPart)")
        case .nilElement(_, let r): return DiagnosticID("cannot_convert_\(r.idPart)_nil")
        }
    }

    var text: String {
        switch self {
        case .cannotAssignToProperty(let r): return "cannot assign to property: \(r)"
        case .cannotAssignToValue(let r): return "cannot assign to value: \(r)"
        case .cannotAssignThroughSubscript(let r): return "cannot assign through subscript: \(r)"
        case .mutatingOperatorLeftSide(let r): return "left side of mutating operator isn't mutable: \(r)"
        case .mutatingMember(let r): return "cannot use mutating member on immutable value: \(r)"
        case .immutableInoutArgument(let r): return "cannot pass immutable value as inout argument: \(r)"
        case .changeLetToVar: return "change 'let' to 'var' to make it mutable"
        case .cannotAssignValue(let given, let to): return "cannot assign value of type '\(given)' to type '\(to)'"
        case .nilAssigned(let t): return "'nil' cannot be assigned to type '\(t)'"
        case .cannotConvertToSpecified(let given, let to): return "cannot convert value of type '\(given)' to specified type '\(to)'"
        case .nilInitializes(let t): return "'nil' cannot initialize specified type '\(t)'"
        case .cannotConvertArgument(let given, let to): return "cannot convert value of type '\(given)' to expected argument type '\(to)'"
        case .nilArgument(let t): return "'nil' is not compatible with expected argument type '\(t)'"
        case .cannotConvertElement(let given, let to, let r): return "cannot convert value of type '\(given)' to expected \(r.rawValue) type '\(to)'"
        case .nilElement(let t, let r): return "'nil' is not compatible with expected \(r.rawValue) type '\(t)'"
        case .integerAsBoolean(let v):
            return "integer literal value '\(v)' cannot be used as a boolean; did you mean '\(v == 1 ? "true" : "false")'?"
        }
    }
}

/// Which part of a collection literal an element is, as swiftc's messages name it.
enum ElementRole: String, Hashable {
    case element = "element"
    case key = "dictionary key"
    case value = "dictionary value"

    var idPart: String {
        switch self {
        case .element: return "array_element"
        case .key: return "dict_key"
        case .value: return "dict_value"
        }
    }
}
