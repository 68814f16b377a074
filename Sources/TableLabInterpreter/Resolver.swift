// The resolver: a pass between the parser and closure emission (Crafting Interpreters'
// Resolver, the part of lparser.c that tells a local from an upvalue). It walks one
// function (or top-level statement) with its closures and nested functions, binds every
// name to the declaration it means, and records which local bindings a closure or nested
// function captures. Emission then boxes exactly those: a local that only shares its name
// with something a closure uses stays a plain frame slot, with its fast paths.
//
// It also records each binding's static type where an annotation writes it or swiftc
// infers it for certain from the initializer (ExpressionTyper's rules over the bindings in
// view: a literal, a collection, an operation, a range over bindings whose types are known),
// the facts a specialisation may rely on (Selector.swift, OverloadChoice.swift).
//
// The pass mirrors the scoping that emission uses (`FnScope`): sequential declaration in
// a block, nested functions visible in their whole block, `guard` bindings in the
// enclosing block, a top-level statement's own declarations being globals. A binding is
// known by its name and the location of the name where it is declared; emission asks by
// the same key, and a binding this pass did not see falls back to boxing by name.

import TableLabSyntax

/// A local binding: its name and where that name is declared.
struct BindingKey: Hashable {
    let name: String
    let location: SourceLocation
}

/// What the resolver found for one function and everything nested in it.
final class Resolution {
    /// Every local binding seen, with whether a closure or nested function captures it.
    fileprivate(set) var captured: [BindingKey: Bool] = [:]
    /// Names used inside a closure or nested function that no local declares (members of
    /// `self`, globals, types), and "self" when a closure uses `self`.
    fileprivate(set) var freeInClosures: Set<String> = []
    /// Every name used inside a closure or nested function, resolved or not.
    fileprivate(set) var namesInClosures: Set<String> = []
    /// The static type of each binding whose type the pass knows: written in an annotation,
    /// or inferred from a variable's value or a `for` loop's sequence.
    fileprivate(set) var types: [BindingKey: TypeSyntax] = [:]
    /// The bindings of `types` whose inferred type is given out: a `let`'s and a `for`
    /// loop's name's (a `var`'s only types the values made of it).
    fileprivate(set) var inferred: Set<BindingKey> = []
    /// With a probe (`namesInView(at:)`): the local names in view where a name is written at
    /// the probe's location, innermost first; nil when no name is written there.
    fileprivate(set) var namesInViewAtProbe: [String]?
    /// Every name use, by its name and where it is written: what it means there
    /// (ResolutionTypes.swift types expressions by it after the walk).
    fileprivate(set) var uses: [BindingKey: NameUse] = [:]
    /// Where `self` is written inside a closure whose capture list names it: what it is there.
    fileprivate(set) var capturedSelfUses: [SourceLocation: CapturedSelf] = [:]
    /// The type of each `$0` whose closure's callee gives it, by where it is written.
    fileprivate(set) var shorthandParameterTypes: [SourceLocation: TypeSyntax] = [:]
    /// The value of each unannotated variable the walk could not type, which a typer after
    /// the walk may (ResolutionTypes.swift).
    fileprivate(set) var initializers: [BindingKey: Expr] = [:]
    /// The declared type of each binding whose type `types` leaves out for what the walk's
    /// values rely on: an `inout` or variadic parameter's, an observed or computed variable's.
    fileprivate(set) var declaredTypes: [BindingKey: TypeSyntax] = [:]
    /// The declarations the walk typed by, which type members and calls after it.
    fileprivate(set) var declarations = ResolverDeclarations.unknown

    /// The static type the pass inferred for a `let` or a loop's name written without one;
    /// nil when the binding has an annotation, is a `var`, or its type is not certain.
    func inferredType(_ name: String, at location: SourceLocation) -> TypeSyntax? {
        let key = BindingKey(name: name, location: location)
        return inferred.contains(key) ? types[key] : nil
    }

    /// The names of every local binding seen (parameters included).
    var bindingNames: [String] { captured.keys.map(\.name) }

    /// Whether the binding is captured; nil when the pass did not see it.
    func isCaptured(_ name: String, at location: SourceLocation) -> Bool? {
        captured[BindingKey(name: name, location: location)]
    }

    /// The bindings the pass saw and how many of them are captured (for tests and
    /// measurement).
    var counts: (bindings: Int, captured: Int) { (captured.count, captured.values.filter { $0 }.count) }
}

struct Resolver: SyntaxVisitor {
    /// One function context per enclosing function or closure, innermost last; each is a
    /// stack of blocks mapping a name to the bindings of that name in the block (two
    /// patterns of one `case` may bind the same name).
    private var functions: [[[String: [BindingKey]]]] = []
    /// For a top-level statement, the declarations of its outermost block are globals.
    private var topLevelGlobals = false
    private let result = Resolution()
    /// Where a name is written whose view the caller wants (CloseNames.swift).
    private var probe: SourceLocation?
    /// Where an operation or a call may be one of the script's declarations, whose result
    /// may be of any type: such an operation or call is not typed. A caller that does not
    /// say types none.
    private(set) var declarations = ResolverDeclarations.unknown
    /// The names the capture lists of the closures around declare (`[weak self]`,
    /// `[weak item = self.item]`): inside, such a name is not the binding or member outside
    /// (a weak one is an Optional), so it is not typed.
    private(set) var captureNamesInView: [String: Int] = [:]
    /// The closures around whose capture lists name `self`, innermost last: how each takes
    /// it, and the index in `functions` of the closure's own body.
    private var selfCaptures: [(taken: CapturedSelf, function: Int)] = []
    /// The parameter types the callee gives each closure passed to it, by where the closure
    /// is written, noted at the call and taken when the walk reaches the closure
    /// (ResolverPatterns.swift).
    var closureParameterTypes: [SourceLocation: ClosureParameterTypes] = [:]
    /// Per function context, innermost last: the types of a closure's `$0`, `$1`.
    private var shorthandTypes: [[TypeSyntax?]] = []

    /// Resolves a function: its parameters and body.
    static func resolve(parameters: [Parameter], body: [Stmt], declarations: ResolverDeclarations? = nil) -> Resolution {
        var r = Resolver()
        r.declarations = declarations ?? .unknown
        r.result.declarations = r.declarations
        r.functions = [[[:]]]
        for p in parameters { r.declare(p.name, at: p.location, type: p.isVariadic || p.isInout ? nil : p.type) }
        r.noteDeclaredTypes(parameters)
        r.walkBlockContents(body)
        return r.result
    }

    /// Resolves a top-level statement: names it declares directly are globals.
    static func resolveTopLevel(_ statement: Stmt, declarations: ResolverDeclarations? = nil) -> Resolution {
        var r = Resolver()
        r.declarations = declarations ?? .unknown
        r.result.declarations = r.declarations
        r.functions = [[[:]]]
        r.topLevelGlobals = true
        r.walk(statement)
        return r.result
    }

    /// The local names in view where a name is written at `probe` in a function, innermost
    /// first; nil when the function writes no name there.
    static func namesInView(at probe: SourceLocation, parameters: [Parameter], body: [Stmt]) -> [String]? {
        var r = Resolver()
        r.probe = probe
        r.functions = [[[:]]]
        for p in parameters { r.declare(p.name, at: p.location, type: nil) }
        r.walkBlockContents(body)
        return r.result.namesInViewAtProbe
    }

    /// The same for a top-level statement: its closures' and blocks' names (the globals it
    /// declares are the caller's to add).
    static func namesInView(at probe: SourceLocation, topLevel statement: Stmt) -> [String]? {
        var r = Resolver()
        r.probe = probe
        r.functions = [[[:]]]
        r.topLevelGlobals = true
        r.walk(statement)
        return r.result.namesInViewAtProbe
    }

    /// The type swiftc infers for a stored property's default: no local and no `self` in
    /// view (the declarations give no `selfType`).
    static func defaultType(of e: Expr, declarations: ResolverDeclarations) -> TypeSyntax? {
        var r = Resolver()
        r.declarations = declarations
        r.functions = [[[:]]]
        return r.staticType(of: e)
    }

    /// Resolves a standalone expression (a default value, a static initializer).
    static func resolve(expression: Expr, declarations: ResolverDeclarations? = nil) -> Resolution {
        var r = Resolver()
        r.declarations = declarations ?? .unknown
        r.result.declarations = r.declarations
        r.functions = [[[:]]]
        r.walk(expression)
        return r.result
    }

    // MARK: Scopes

    private var inGlobalBlock: Bool { topLevelGlobals && functions.count == 1 && functions[0].count == 1 }

    private mutating func declare(_ name: String, at location: SourceLocation, type: TypeSyntax? = nil, inferred: Bool = false) {
        if inGlobalBlock { return }
        let key = BindingKey(name: name, location: location)
        let f = functions.count - 1, b = functions[f].count - 1
        functions[f][b][name, default: []].append(key)
        if result.captured[key] == nil { result.captured[key] = false }
        if let type {
            result.types[key] = type
            if inferred { result.inferred.insert(key) }
        }
    }

    /// The binding `name` refers to here, when exactly one binding of the innermost block
    /// that declares it matches (two patterns of one `case` may bind it twice).
    private func binding(_ name: String) -> BindingKey? {
        for f in stride(from: functions.count - 1, through: 0, by: -1) {
            for block in functions[f].reversed() {
                guard let keys = block[name] else { continue }
                return keys.count == 1 ? keys[0] : nil
            }
        }
        return nil
    }

    // MARK: Static types

    /// The static type of `e` as swiftc infers it for certain, by the rules the other typers
    /// apply (ExpressionTyper.swift) over the bindings this pass has seen; nil where it is not
    /// certain here (`BindingsInView`).
    func staticType(of e: Expr) -> TypeSyntax? {
        var env = environment
        return ExpressionTyper.typed(e, &env)?.type
    }

    /// `staticType(of:)` with whether the type is a literal's own (which a context may change).
    func typedValue(of e: Expr) -> Typed? {
        var env = environment
        return ExpressionTyper.typed(e, &env)
    }

    /// The type of the value a member written after `e` reads (inside an optional chain, the
    /// unwrapped one).
    func memberBaseType(_ e: Expr) -> Typed? {
        var env = environment
        return ExpressionTyper.typedAsMemberBase(e, &env)
    }

    private var environment: ResolutionEnvironment<BindingsInView> {
        ResolutionEnvironment(names: BindingsInView(resolver: self), declarations: declarations)
    }

    /// The element type of a `for` loop's sequence, where the sequence's type is certain
    /// (`a..<b` of two Ints, an Array, an Array's slice).
    private func loopElementType(_ sequence: Expr) -> TypeSyntax? {
        staticType(of: sequence).flatMap(TypeRules.element(of:))
    }

    /// The name a `for` loop's pattern binds as a constant, when it is a plain name.
    private func loopConstantName(_ p: Pattern) -> String? {
        if case .binding(let name, false) = p.kind { return name }
        if case .expression(let e) = p.kind, case .identifier(let name) = e.kind { return name }
        return nil
    }

    /// The bindings in view as the names of the resolution's environment (ResolutionTypes.swift):
    /// a binding's type is what the walk has recorded so far; an Array's subscript by an
    /// index of a type not known is not typed.
    private struct BindingsInView: ResolutionNames {
        let resolver: Resolver

        func meaning(of name: String, at location: SourceLocation) -> NameUse? { resolver.meaning(of: name) }
        func type(of binding: BindingKey) -> TypeSyntax? { resolver.result.types[binding] }
        func initializer(of binding: BindingKey) -> Expr? { nil }
        func capturedSelf(at location: SourceLocation) -> CapturedSelf? { resolver.capturedSelfHere() }
        func shorthandParameterType(_ index: Int, at location: SourceLocation) -> TypeSyntax? { resolver.shorthandType(index) }
        var unknownIndexIsInt: Bool { false }
        var typesClosureBodies: Bool { false }
    }

    /// The type of `$index` of the innermost closure, where its callee gives it.
    private func shorthandType(_ index: Int) -> TypeSyntax? {
        guard let types = shorthandTypes.last, index < types.count else { return nil }
        return types[index]
    }

    /// What `self` written here is, where a capture list around names it: a binding of
    /// `self` the capturing closure declares (`guard let self`) hides the capture.
    fileprivate func capturedSelfHere() -> CapturedSelf? {
        guard let capture = selfCaptures.last else { return nil }
        for f in stride(from: functions.count - 1, through: capture.function, by: -1) {
            for block in functions[f].reversed() {
                guard let keys = block["self"] else { continue }
                return keys.count == 1 ? .rebound(keys[0]) : .other
            }
        }
        return capture.taken
    }

    /// What `name` written here means.
    private func meaning(of name: String) -> NameUse {
        if captureNamesInView[name] != nil { return .renamed }
        if let key = binding(name) { return .binding(key) }
        return bindsLocally(name) ? .ambiguousLocal : .free
    }

    /// Whether a local binding of `name` is in view (a function or a variable may hide a
    /// standard type's name).
    func bindsLocally(_ name: String) -> Bool {
        functions.contains { $0.contains { $0[name] != nil } }
    }

    private func noteDeclaredTypes(_ parameters: [Parameter]) {
        for p in parameters where p.isInout || p.isVariadic {
            if let t = p.type { result.declaredTypes[BindingKey(name: p.name, location: p.location)] = t }
        }
    }

    /// What a name written here means, kept for typing after the walk.
    private mutating func recordUse(_ name: String, at location: SourceLocation) {
        result.uses[BindingKey(name: name, location: location)] = meaning(of: name)
    }

    private mutating func pushBlock() { functions[functions.count - 1].append([:]) }
    private mutating func popBlock() { functions[functions.count - 1].removeLast() }

    /// A use of `name`: a binding of an enclosing function is captured.
    private mutating func use(_ name: String) {
        if functions.count > 1 { result.namesInClosures.insert(name) }
        for f in stride(from: functions.count - 1, through: 0, by: -1) {
            for block in functions[f].reversed() {
                guard let keys = block[name] else { continue }
                if f < functions.count - 1 { for k in keys { result.captured[k] = true } }
                return
            }
        }
        if functions.count > 1 { result.freeInClosures.insert(name) }
    }

    /// The parameter declared `T.Type` for a cast's target `T` (or `T?`), innermost first.
    private func metatypeParameter(of t: TypeSyntax) -> String? {
        var inner = t
        if case .optional(let w) = t { inner = w }
        guard case .named(let n) = inner, !n.contains(".") else { return nil }
        let metatype = TypeSyntax.named(n + ".Type")
        for f in stride(from: functions.count - 1, through: 0, by: -1) {
            for block in functions[f].reversed() {
                for keys in block.values { for k in keys where result.types[k] == metatype { return k.name } }
            }
        }
        return nil
    }

    /// `closure`: the types a closure's callee gives its parameters and `$0`s.
    private mutating func function(parameters: [Parameter], body: [Stmt], closure: ClosureParameterTypes? = nil, shorthandCount: Int = 0) {
        for p in parameters { if let d = p.defaultValue { walk(d) } }
        functions.append([[:]])
        let given = closure?.parameters(count: parameters.count)
        for (i, p) in parameters.enumerated() {
            if p.type == nil, !p.isInout, let given, let t = given.types[i] {
                declare(p.name, at: p.location, type: t, inferred: given.givenOut[i])
            } else {
                declare(p.name, at: p.location, type: p.isVariadic || p.isInout ? nil : p.type)
            }
        }
        shorthandTypes.append(closure?.parameters(count: shorthandCount)?.types ?? [])
        noteDeclaredTypes(parameters)
        walkBlockContents(body)
        shorthandTypes.removeLast()
        functions.removeLast()
    }

    /// The statements of a block, in the current innermost block: nested functions are
    /// visible in the whole block, as emission declares them first.
    private mutating func walkBlockContents(_ stmts: [Stmt]) {
        if !inGlobalBlock {
            for s in stmts { if case .declaration(.function(let f)) = s.kind { declareOnce(f.name, at: f.location) } }
        }
        for s in stmts { walk(s) }
    }

    private mutating func declareOnce(_ name: String, at location: SourceLocation) {
        let f = functions.count - 1, b = functions[f].count - 1
        if functions[f][b][name] != nil { return }
        declare(name, at: location)
    }

    private mutating func block(_ stmts: [Stmt]) {
        pushBlock()
        walkBlockContents(stmts)
        popBlock()
    }

    /// The names a pattern binds, declared; expressions inside it are uses.
    /// `bareNamesBind`: in a declaration or a `for` pattern a plain identifier is a name
    /// being bound; in a `case` it is an expression to match.
    /// `types`: the type of each name bound, by where it is written (ResolverPatterns.swift);
    /// a `var`'s is not given out.
    private mutating func bind(_ p: Pattern, bareNamesBind: Bool, types: [SourceLocation: TypeSyntax] = [:]) {
        switch p.kind {
        case .binding(let name, let isVar): declare(name, at: p.location, type: types[p.location], inferred: !isVar)
        case .wildcard, .typeCheck: break
        case .enumCase(_, _, let sub): if let sub { bind(sub, bareNamesBind: bareNamesBind, types: types) }
        case .optionalSome(let inner), .cast(let inner, _): bind(inner, bareNamesBind: bareNamesBind, types: types)
        case .tuple(let items): for x in items { bind(x, bareNamesBind: bareNamesBind, types: types) }
        case .expression(let e):
            if bareNamesBind, case .identifier(let name) = e.kind {
                declare(name, at: p.location, type: types[p.location], inferred: true)
            } else {
                walk(e)
            }
        }
    }

    private mutating func conditions(_ conds: [Condition]) {
        for c in conds {
            switch c {
            case .expression(let e): walk(e)
            case .optionalBinding(let name, let isVar, let value, let location):
                walk(value)
                // `if let x = v` binds the value an Optional of a known type wraps.
                if case .optional(let w)? = staticType(of: value) {
                    declare(name, at: location.keyword, type: w, inferred: !isVar)
                } else {
                    declare(name, at: location.keyword)
                }
            case .patternMatch(let p, let e):
                walk(e)
                bind(p, bareNamesBind: false, types: patternTypes([p], subject: staticType(of: e)))
            }
        }
    }

    // MARK: The walk

    mutating func visit(_ node: Stmt) -> SyntaxVisitorContinueKind {
        switch node.kind {
        case .declaration(let d):
            declaration(d)
            return .skipChildren
        case .if(let i):
            ifStatement(i)
            return .skipChildren
        case .guard(let conds, let otherwise):
            conditions(conds)          // the bindings stay in the enclosing block
            block(otherwise)
            return .skipChildren
        case .switch(let sw):
            switchStatement(sw)
            return .skipChildren
        case .forIn(let pattern, let sequence, let whereClause, let body):
            walk(sequence)
            pushBlock()
            if let name = loopConstantName(pattern), let t = loopElementType(sequence) {
                declare(name, at: pattern.location, type: t, inferred: true)
            } else {
                bind(pattern, bareNamesBind: true, types: patternTypes([pattern], subject: sequenceElementType(sequence), bareNamesBind: true))
            }
            if let whereClause { walk(whereClause) }
            block(body)
            popBlock()
            return .skipChildren
        case .while(let conds, let body):
            pushBlock()
            conditions(conds)
            block(body)
            popBlock()
            return .skipChildren
        case .repeatWhile(let body, let condition):
            block(body)
            walk(condition)
            return .skipChildren
        case .block(let body), .defer(let body):
            block(body)
            return .skipChildren
        case .doCatch(let body, let catches):
            block(body)
            for c in catches {
                pushBlock()
                if let p = c.pattern {
                    bind(p, bareNamesBind: false, types: patternTypes([p], subject: c.castType ?? Self.caughtType(p)))
                } else {
                    declare("error", at: c.location)
                }
                if let g = c.guardExpr { walk(g) }
                for more in c.morePatterns {
                    bind(more.pattern, bareNamesBind: false)
                    if let g = more.guardExpr { walk(g) }
                }
                block(c.body)
                popBlock()
            }
            return .skipChildren
        case .expression, .assignment, .return, .throw, .labeled, .break, .continue, .fallthrough, .command:
            return .visitChildren
        }
    }

    mutating func visit(_ node: Expr) -> SyntaxVisitorContinueKind {
        switch node.kind {
        case .identifier(let name):
            recordUse(name, at: node.location)
            use(name)
            // `T(id: n)` with a `_ type: T.Type` parameter reads `type` (Generics.swift's
            // metatype construction), in a closure too.
            if name.first?.isUppercase == true, let p = metatypeParameter(of: .named(name)) { use(p) }
            if let probe, node.location == probe, result.namesInViewAtProbe == nil {
                result.namesInViewAtProbe = functions.reversed().flatMap { $0.reversed().flatMap { $0.keys.sorted() } }
            }
        case .shorthandParameter(let i):
            if let t = shorthandType(i) { result.shorthandParameterTypes[node.location] = t }
        case .self:
            if functions.count > 1 { result.freeInClosures.insert("self") }
            if let c = capturedSelfHere() { result.capturedSelfUses[node.location] = c }
        case .typeCast(_, let t, _):
            // `x is T` with a `_ t: T.Type` parameter reads `t` (Generics.swift's casts).
            if let p = metatypeParameter(of: t) { use(p) }
        case .call(let callee, let args):
            noteClosureArguments(callee, args)
        case .closure(let c):
            for item in c.captureList { captureNamesInView[item.name, default: 0] += 1 }
            let selfItem = c.captureList.last { $0.name == "self" }
            if let selfItem { selfCaptures.append((CapturedSelf(selfItem), functions.count)) }
            // A capture list's wrapper is where its closure is written: the closure takes them.
            let given = c.isCaptureWrapper ? nil : closureParameterTypes.removeValue(forKey: node.location)
            function(parameters: c.parameters, body: c.body, closure: given, shorthandCount: c.shorthandParameterCount)
            if selfItem != nil { selfCaptures.removeLast() }
            for item in c.captureList {
                captureNamesInView[item.name, default: 1] -= 1
                if captureNamesInView[item.name] == 0 { captureNamesInView[item.name] = nil }
            }
            return .skipChildren
        case .switchExpr(let sw):
            switchStatement(sw)
            return .skipChildren
        case .ifExpr(let i):
            ifStatement(i)
            return .skipChildren
        default:
            break
        }
        return .visitChildren
    }

    private mutating func declaration(_ d: Decl) {
        switch d {
        case .variable(let v):
            // A `lazy var`'s initializer runs at its first read: a function of its own.
            if let i = v.initializer {
                if v.isLazy { function(parameters: [], body: [Stmt(.return(i), at: i.location)]) } else { walk(i) }
            }
            // An unannotated `var`'s inferred type types the values made of it, but is not
            // given out: emission gives such a `var` its general fast paths.
            if case .binding(let name, _) = v.pattern.kind {
                let key = BindingKey(name: name, location: v.pattern.location)
                if let t = v.type { result.declaredTypes[key] = t }
                if v.type == nil, !v.isLazy, v.getter == nil, v.observers == nil, let i = v.initializer { result.initializers[key] = i }
            }
            if case .binding(let name, _) = v.pattern.kind, v.getter == nil, v.setter == nil, v.observers == nil,
               let t = v.type ?? (v.isLazy ? nil : v.initializer.flatMap(staticType(of:))) {
                declare(name, at: v.pattern.location, type: t, inferred: v.type == nil && v.isLet)
            } else {
                // `let (a, b) = (1, "x")`: each name binds its part of the value.
                var t: TypeSyntax?
                if case .tuple = v.pattern.kind, v.getter == nil, !v.isLazy { t = v.type ?? v.initializer.flatMap(staticType(of:)) }
                bind(v.pattern, bareNamesBind: true, types: patternTypes([v.pattern], subject: t, bareNamesBind: true))
            }
            // Accessors and observers are functions nested in the variable's scope.
            if let g = v.getter { function(parameters: [], body: g) }
            if let s = v.setter { function(parameters: [implicitParameter(s.parameterName, v.location)], body: s.body) }
            if let w = v.observers?.willSet { function(parameters: [implicitParameter(w.parameterName, v.location)], body: w.body) }
            if let o = v.observers?.didSet { function(parameters: [implicitParameter(o.parameterName, v.location)], body: o.body) }
        case .function(let f):
            if inGlobalBlock { return }   // hoisted: a global function, resolved on its own
            declareOnce(f.name, at: f.location)
            function(parameters: f.parameters, body: f.body)
        case .enum, .struct, .table, .class, .extension, .protocol, .typeAlias:
            // A nested type cannot capture the function's locals; its methods are
            // resolved when they are compiled.
            break
        }
    }

    private func implicitParameter(_ name: String, _ location: SourceLocation) -> Parameter {
        Parameter(label: nil, name: name, type: nil, defaultValue: nil, location: location)
    }

    private mutating func ifStatement(_ i: IfStmt) {
        pushBlock()
        conditions(i.conditions)
        block(i.then)
        popBlock()
        if let o = i.otherwise { block(o) }
    }

    private mutating func switchStatement(_ sw: SwitchStmt) {
        walk(sw.subject)
        let subject = staticType(of: sw.subject)
        for c in sw.cases {
            pushBlock()
            let types = patternTypes(c.patterns, subject: subject)
            for p in c.patterns { bind(p, bareNamesBind: false, types: types) }
            if c.whereClauses.isEmpty {
                if let g = c.guardExpr { walk(g) }
            } else {
                for case let w? in c.whereClauses { walk(w) }
            }
            walkBlockContents(c.body)
            popBlock()
        }
    }
}
