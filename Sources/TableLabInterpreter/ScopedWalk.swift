// The one statement walk of the whole-unit checks that follow Swift's scopes (the write
// check, the method-argument check, the local-initialization check): one pass over a unit,
// before it runs, that keeps the names in scope (`LexicalScopes`) and calls each check at
// its statements, the calls and `&` arguments of their expressions, and its blocks. The
// types the checks follow are one typer's (ScopedTyper.swift), which the walk feeds.
//
// Every check sees the same scopes: a name a nested block binds again hides the outer one
// there; `if`/`while` bindings hold in their body, `guard` bindings for the rest of the
// block (not in its `else`), a `case` pattern's in its body, a `for` pattern's in the loop,
// a `catch` pattern's (or the implicit `error`) in its clause, a closure's parameters in the
// closure. A function's body starts with its parameters only: what a check knows of an
// outer name is not followed into a function (it may run long after the outer code).
//
// The walk reaches every part of the unit (closures, accessors, the members of types, the
// branches of `switch`/`if` expressions); `WalkPlace` says what a part is, for the checks
// that look at part of it only.

import TableLabSyntax

/// A name a scope binds, and what binds it.
struct ScopedBinding {
    enum Origin {
        /// A `let`/`var` declaration, whatever its pattern.
        case variable(VariableDecl)
        /// A parameter of a function, method or initializer.
        case parameter(Parameter)
        /// A name an `if`/`guard`/`while` condition, a `case`, `for` or `catch` pattern binds.
        /// `isCaseBody`: a `switch` case's or a `catch`'s, whose body has a copy of the name
        /// of its own, which swiftc calls immutable rather than a 'let' constant.
        /// `unwrapping`: the value an `if let`/`guard let`/`while let` unwraps.
        /// `bindingAt`: where a pattern's `let x` is written, by which the walk's typer keeps
        /// what the pattern's subject gives the name (`case .item(let it)`).
        case pattern(isVar: Bool, isCaseBody: Bool = false, unwrapping: Expr? = nil, bindingAt: SourceLocation? = nil)
        /// The `error` of a `catch` without a pattern.
        case caughtError
        /// A closure's parameter (`$0` too: shorthand names are bound as `$0`, `$1`...),
        /// with the closure's place and the parameter's position; an accessor's
        /// `newValue`/`oldValue` (no closure).
        case closureParameter(closure: SourceLocation?, index: Int)
        /// The one name a `for` loop's pattern binds (`for i in 0..<n`), with the sequence.
        /// A `for` loop's element, or (path) an element of it a tuple pattern names.
        case loopElement(sequence: Expr, path: [Int])
    }

    let name: String
    let origin: Origin
}

/// Swift's lexical scopes, innermost last. `opaque`: a function's outermost block, where a
/// lookup stops (the checks follow no outer name into a function).
struct LexicalScopes {
    private struct Block {
        var names: [String: ScopedBinding] = [:]
        var opaque: Bool
    }

    private var blocks = [Block(opaque: true)]

    mutating func enterBlock() { blocks.append(Block(opaque: false)) }
    mutating func enterFunction() { blocks.append(Block(opaque: true)) }
    mutating func exit() { blocks.removeLast() }

    mutating func bind(_ name: String, _ origin: ScopedBinding.Origin) {
        blocks[blocks.count - 1].names[name] = ScopedBinding(name: name, origin: origin)
    }

    /// Outside every function, closure and accessor: where a unit's top-level code runs.
    var isTopLevel: Bool { !blocks.dropFirst().contains { $0.opaque } }

    /// The binding `name` means here; nil when nothing in scope binds it.
    func lookup(_ name: String) -> ScopedBinding? {
        for b in blocks.reversed() {
            if let found = b.names[name] { return found }
            if b.opaque { return nil }
        }
        return nil
    }

    /// Whether any enclosing block but the unit's own binds `name`, past a function's edge
    /// too (a nested function reads its enclosing function's locals).
    func bindsLocally(_ name: String) -> Bool {
        blocks.dropFirst().contains { $0.names[name] != nil }
    }

    /// An explorer command may bring other names into scope (`:use List` makes a table's
    /// properties the names the following lines mean): nothing bound before it is followed.
    mutating func forgetAll() {
        blocks[blocks.count - 1] = Block(opaque: true)
    }

    /// Binds the names of a pattern. `bareNamesBind`: in a declaration or a `for` pattern a
    /// plain identifier is a name being bound; in a `case` it is an expression to match.
    mutating func bind(_ p: Pattern, bareNamesBind: Bool, isCaseBody: Bool = false) {
        switch p.kind {
        case .binding(let n, let isVar): bind(n, .pattern(isVar: isVar, isCaseBody: isCaseBody, bindingAt: p.location))
        case .enumCase(_, _, let sub): if let sub { bind(sub, bareNamesBind: bareNamesBind, isCaseBody: isCaseBody) }
        case .optionalSome(let x), .cast(let x, _): bind(x, bareNamesBind: bareNamesBind, isCaseBody: isCaseBody)
        case .tuple(let xs): for x in xs { bind(x, bareNamesBind: bareNamesBind, isCaseBody: isCaseBody) }
        case .expression(let e): if bareNamesBind, case .identifier(let n) = e.kind { bind(n, .pattern(isVar: false)) }
        case .wildcard, .typeCheck: break
        }
    }

    /// Every name a declaration's pattern binds, as the declaration's.
    mutating func bind(_ v: VariableDecl) {
        for n in Self.names(in: v.pattern) { bind(n, .variable(v)) }
    }

    /// Binds a condition's names (`if let x`, `case .a(let y)`).
    mutating func bind(_ c: Condition) {
        switch c {
        case .expression: break
        case .optionalBinding(let n, let isVar, let value, _): bind(n, .pattern(isVar: isVar, unwrapping: value))
        case .patternMatch(let p, _): bind(p, bareNamesBind: false)
        }
    }

    /// Every name `p` binds, `let` or `var` (a bare name in a declaration's pattern too).
    static func names(in p: Pattern) -> [String] {
        switch p.kind {
        case .binding(let n, _): return [n]
        case .enumCase(_, _, let sub): return sub.map(names(in:)) ?? []
        case .optionalSome(let x), .cast(let x, _): return names(in: x)
        case .tuple(let xs): return xs.flatMap(names(in:))
        case .expression(let e): if case .identifier(let n) = e.kind { return [n] }; return []
        case .wildcard, .typeCheck: return []
        }
    }
}

/// What the walk is in, for the checks that look at part of a unit.
struct WalkPlace {
    /// Top-level code and the bodies of functions, methods and initializers reached from it
    /// through declarations alone: not a closure, an accessor, an observer, a subscript, a
    /// deinit, a table's member, a `switch`/`if` expression, a default value.
    var isStatementCode = true
    /// A block swiftc's definite-initialization check takes on its own: top-level code,
    /// a function's, accessor's or closure's body and the statement blocks nested in them
    /// (not an observer's or deinit's body, not a `switch`/`if` expression's branch).
    var isInitializationBlock = true
    /// Inside a method or initializer of a type (at any depth).
    var inTypeMember = false
    /// In a method, accessor or initializer of a type (nested functions too): the types
    /// written for the properties of the type's declaration or extension that holds it,
    /// for the names its code means without `self.`.
    var memberTypes: [String: TypeSyntax] = [:]
    /// In a function, method or getter: its written result type (nil in a closure).
    var returnType: TypeSyntax? = nil
    /// The one expression of the body whose result type `returnType` is, which Swift
    /// returns without `return` (`func f() -> Double { n }`).
    var implicitResult: SourceLocation? = nil
    /// In a closure's body (not in a function nested in it): the closure's place.
    var closure: SourceLocation? = nil
    /// Where the closure's result type is written (`.unknown` where it is not).
    var closureResultType = SourceLocation.unknown
    /// In a type's declaration or extension (its members' bodies too): the type's name,
    /// whose members (its own, its supertypes') a bare name may mean.
    var owner: String? = nil
    /// In a method or initializer of `owner` (a function nested in it and a closure too):
    /// what its `self` is to a write.
    var method: MethodOfType? = nil
    /// In a closure (at any depth) whose outermost closure is in statement code.
    var closureInStatementCode = false
}

/// The method or initializer a body belongs to, for what swiftc allows of `self`.
struct MethodOfType {
    /// The `func` keyword (swiftc's "mark method 'mutating'" note), or `init`'s; a getter's
    /// `get` (unknown for a getter that is the property's only block: swiftc has no note).
    var keyword: SourceLocation
    var isMutating: Bool
    var isStatic: Bool
    var isInitializer: Bool
    /// A computed property's getter: swiftc's note says "getter".
    var isGetter = false
}

/// What an expression is to its statement, for checks that look at some of them.
enum ExpressionRole {
    case initializer, statement, assignmentTarget, assignmentValue, returned, thrown
    /// An `if`/`guard`/`while` condition's value.
    case condition
    case switchSubject, sequence
    /// A `case` guard, a `where` clause, a `repeat` condition, a pattern's expression, a
    /// default value, a raw value, a property's default in a type.
    case other
}

/// A check the walk calls. `scopes` are those in force at the node.
protocol ScopedCheck {
    /// A block about to be walked (its statements in order).
    mutating func block(_ list: [Stmt], _ place: WalkPlace)
    /// A statement of a block, after its parts are walked and its bindings made.
    mutating func statement(_ s: Stmt, _ scopes: LexicalScopes, _ place: WalkPlace)
    /// A call in an expression of `role` (in a closure or a `switch`/`if` expression too:
    /// `place.isStatementCode` tells).
    mutating func call(_ e: Expr, callee: Expr, args: [Argument], _ role: ExpressionRole, _ scopes: LexicalScopes, _ place: WalkPlace)
    /// The same call after its callee and arguments are walked (their closures' bodies too).
    mutating func callWalked(_ e: Expr, callee: Expr, args: [Argument], _ scopes: LexicalScopes, _ place: WalkPlace)
    /// `&place`, as `call`.
    mutating func inoutArgument(_ e: Expr, operand: Expr, _ role: ExpressionRole, _ scopes: LexicalScopes, _ place: WalkPlace)
    /// A binary operation, after its operands are walked.
    mutating func binary(_ e: Expr, _ op: BinaryOperator, _ l: Expr, _ r: Expr, _ scopes: LexicalScopes, _ place: WalkPlace)
    /// A `switch` case's patterns, or an `if case`/`guard case`/`while case` pattern, with
    /// the value they match, before their names are bound.
    mutating func casePatterns(_ patterns: [Pattern], subject: Expr, _ scopes: LexicalScopes, _ place: WalkPlace)
    /// A `for` loop, with its pattern bound, before its body is walked.
    mutating func loop(_ pattern: Pattern, _ sequence: Expr, _ scopes: LexicalScopes, _ place: WalkPlace)
    /// A closure, before its body is walked.
    mutating func closure(_ e: Expr, _ c: ClosureExpr)
    /// `base[args]`, after its parts are walked.
    mutating func subscripted(_ e: Expr, base: Expr, args: [Argument], _ scopes: LexicalScopes, _ place: WalkPlace)
    /// `base.name` (a property read, or a method a call names), after its base is walked.
    mutating func member(_ e: Expr, base: Expr, name: String, _ scopes: LexicalScopes, _ place: WalkPlace)
}

extension ScopedCheck {
    mutating func block(_ list: [Stmt], _ place: WalkPlace) {}
    mutating func statement(_ s: Stmt, _ scopes: LexicalScopes, _ place: WalkPlace) {}
    mutating func call(_ e: Expr, callee: Expr, args: [Argument], _ role: ExpressionRole, _ scopes: LexicalScopes, _ place: WalkPlace) {}
    mutating func callWalked(_ e: Expr, callee: Expr, args: [Argument], _ scopes: LexicalScopes, _ place: WalkPlace) {}
    mutating func inoutArgument(_ e: Expr, operand: Expr, _ role: ExpressionRole, _ scopes: LexicalScopes, _ place: WalkPlace) {}
    mutating func binary(_ e: Expr, _ op: BinaryOperator, _ l: Expr, _ r: Expr, _ scopes: LexicalScopes, _ place: WalkPlace) {}
    mutating func casePatterns(_ patterns: [Pattern], subject: Expr, _ scopes: LexicalScopes, _ place: WalkPlace) {}
    mutating func loop(_ pattern: Pattern, _ sequence: Expr, _ scopes: LexicalScopes, _ place: WalkPlace) {}
    mutating func closure(_ e: Expr, _ c: ClosureExpr) {}
    mutating func subscripted(_ e: Expr, base: Expr, args: [Argument], _ scopes: LexicalScopes, _ place: WalkPlace) {}
    mutating func member(_ e: Expr, base: Expr, name: String, _ scopes: LexicalScopes, _ place: WalkPlace) {}
}

/// Where the walk is: the scopes, the place, the role of the expression being walked.
struct ScopedWalkState {
    var scopes = LexicalScopes()
    var place = WalkPlace()
    var role = ExpressionRole.other
}

/// What drives the walk: a check (or several) with the walk's state. (The walk is methods of
/// this protocol, not a generic struct holding the check: the run-time metadata a generic
/// struct needs cost start-up more than the whole walk of an entry.)
protocol ScopedWalker: ScopedCheck {
    var walk: ScopedWalkState { get set }
}

/// The walk. Like `SyntaxVisitor` it names every node kind and has no `default:`, so a new
/// kind of node is a compile error here until the walk reaches its parts.
extension ScopedWalker {
    mutating func walkUnit(_ statements: [Stmt]) {
        block(statements, walk.place)
        for s in statements { walkStatement(s) }
    }

    // MARK: Statements

    /// A nested block: a scope of its own.
    private mutating func walkBlock(_ list: [Stmt]) {
        walk.scopes.enterBlock()
        block(list, walk.place)
        for s in list { walkStatement(s) }
        walk.scopes.exit()
    }

    /// A block in a place of its own kind (a closure, an accessor), whose scope opens with
    /// `bind`'s names.
    private mutating func walkBody(_ list: [Stmt], _ inner: WalkPlace, opaque: Bool, bind: (inout LexicalScopes) -> Void) {
        let outer = walk.place, outerRole = walk.role
        walk.place = inner
        if opaque { walk.scopes.enterFunction() } else { walk.scopes.enterBlock() }
        bind(&walk.scopes)
        block(list, walk.place)
        for s in list { walkStatement(s) }
        walk.scopes.exit()
        walk.place = outer
        walk.role = outerRole
    }

    private mutating func walkStatement(_ s: Stmt) {
        switch s.kind {
        case .expression(let e): walkExpression(e, .statement)
        case .assignment(let target, _, let value):
            walkExpression(target, .assignmentTarget)
            walkExpression(value, .assignmentValue)
        case .declaration(let d): walkDeclaration(d)
        case .if(let i): walkIfStatement(i)
        case .guard(let conditions, let otherwise): walkGuardStatement(conditions, otherwise)
        case .switch(let sw):
            walkExpression(sw.subject, .switchSubject)
            walkCases(sw)
        case .forIn(let pattern, let sequence, let whereClause, let body): walkForIn(pattern, sequence, whereClause, body)
        case .while(let conditions, let body):
            walk.scopes.enterBlock()
            walkConditions(conditions)
            walkBlock(body)
            walk.scopes.exit()
        case .repeatWhile(let body, let condition):
            walkBlock(body)
            walkExpression(condition, .other)
        case .block(let body), .defer(let body):
            walkBlock(body)
        case .doCatch(let body, let catches):
            walkBlock(body)
            for c in catches { walkCatchClause(c) }
        case .return(let e): if let e { walkExpression(e, .returned) }
        case .throw(let e): walkExpression(e, .thrown)
        case .labeled(_, let inner): walkStatement(inner)
        case .command: walk.scopes.forgetAll()
        case .break, .continue, .fallthrough: break
        }
        statement(s, walk.scopes, walk.place)
    }

    /// The bindings hold for the rest of the block, not in the `else`.
    private mutating func walkGuardStatement(_ conditions: [Condition], _ otherwise: [Stmt]) {
        walk.scopes.enterBlock()
        walkConditions(conditions)
        walk.scopes.exit()
        walkBlock(otherwise)
        for c in conditions { walk.scopes.bind(c) }
    }

    private mutating func walkForIn(_ pattern: Pattern, _ sequence: Expr, _ whereClause: Expr?, _ body: [Stmt]) {
        walkExpression(sequence, .sequence)
        walk.scopes.enterBlock()
        walkPatternExpressions(pattern)
        walk.scopes.bind(pattern, bareNamesBind: true)
        bindLoopElements(pattern, sequence, path: [])
        loop(pattern, sequence, walk.scopes, walk.place)
        if let whereClause { walkExpression(whereClause, .other) }
        walkBlock(body)
        walk.scopes.exit()
    }

    /// `for (i, x) in xs.enumerated()`: each name a `let` pattern binds, with where it
    /// stands in the element.
    private mutating func bindLoopElements(_ p: Pattern, _ sequence: Expr, path: [Int]) {
        switch p.kind {
        case .binding(let n, false): walk.scopes.bind(n, .loopElement(sequence: sequence, path: path))
        case .tuple(let xs): for (i, x) in xs.enumerated() { bindLoopElements(x, sequence, path: path + [i]) }
        default: break
        }
    }

    /// A `catch` binds its pattern's names, or `error` without one.
    private mutating func walkCatchClause(_ c: CatchClause) {
        walk.scopes.enterBlock()
        if let p = c.pattern {
            walkPatternExpressions(p)
            walk.scopes.bind(p, bareNamesBind: false, isCaseBody: true)
        } else {
            walk.scopes.bind("error", .caughtError)
        }
        if let g = c.guardExpr { walkExpression(g, .other) }
        for more in c.morePatterns {
            walkPatternExpressions(more.pattern)
            if let g = more.guardExpr { walkExpression(g, .other) }
        }
        walkBlock(c.body)
        walk.scopes.exit()
    }

    private mutating func walkIfStatement(_ i: IfStmt) {
        walk.scopes.enterBlock()
        walkConditions(i.conditions)
        walkBlock(i.then)
        walk.scopes.exit()
        if let o = i.otherwise { walkBlock(o) }
    }

    /// Each condition's value is evaluated where the earlier conditions' names are bound.
    private mutating func walkConditions(_ conditions: [Condition]) {
        for c in conditions {
            switch c {
            case .expression(let e): walkExpression(e, .condition)
            case .optionalBinding(_, _, let value, _): walkExpression(value, .condition)
            case .patternMatch(let p, let e):
                walkPatternExpressions(p)
                walkExpression(e, .condition)
                casePatterns([p], subject: e, walk.scopes, walk.place)
            }
            walk.scopes.bind(c)
        }
    }

    private mutating func walkCases(_ sw: SwitchStmt) {
        for c in sw.cases {
            walk.scopes.enterBlock()
            casePatterns(c.patterns, subject: sw.subject, walk.scopes, walk.place)
            for p in c.patterns {
                walkPatternExpressions(p)
                walk.scopes.bind(p, bareNamesBind: false, isCaseBody: true)
            }
            if c.whereClauses.isEmpty {
                if let g = c.guardExpr { walkExpression(g, .other) }
            } else {
                for case let w? in c.whereClauses { walkExpression(w, .other) }
            }
            walkBlock(c.body)
            walk.scopes.exit()
        }
    }

    /// The expressions a pattern matches against (`case x + 1`).
    private mutating func walkPatternExpressions(_ p: Pattern) {
        switch p.kind {
        case .wildcard, .binding, .typeCheck: break
        case .enumCase(_, _, let sub): if let sub { walkPatternExpressions(sub) }
        case .optionalSome(let x), .cast(let x, _): walkPatternExpressions(x)
        case .tuple(let xs): for x in xs { walkPatternExpressions(x) }
        case .expression(let e): walkExpression(e, .other)
        }
    }

    // MARK: Declarations

    private mutating func walkDeclaration(_ d: Decl) {
        switch d {
        case .variable(let v):
            walkVariable(v)
            walk.scopes.bind(v)
        case .function(let f):
            walkFunction(f, member: nil)
        case .struct(let x): walkMembers(x.members, of: x.name, statementCode: walk.place.isStatementCode)
        case .class(let x):
            walkMembers(x.members, of: x.name, statementCode: walk.place.isStatementCode)
            if let d = x.deinitBody { walkBody(d, walkOtherPlace(), opaque: true) { _ in } }
        case .enum(let x):
            for c in x.cases { if let r = c.rawValue { walkExpression(r, .other) } }
            walkMembers(x.members, of: x.name, statementCode: walk.place.isStatementCode)
        case .extension(let name, let m, _): walkMembers(m, of: name, statementCode: walk.place.isStatementCode)
        case .table(let x): walkMembers(x.members, of: x.name, statementCode: false)
        case .protocol, .typeAlias: break
        }
    }

    /// A variable's parts: its value, then its accessors and observers.
    /// `memberOfStatementCode`: for a type's own property, whether the type is declared in
    /// statement code (its getter is then checked as its methods are).
    private mutating func walkVariable(_ v: VariableDecl, memberOfStatementCode: Bool? = nil) {
        walkPatternExpressions(v.pattern)
        if let i = v.initializer { walkExpression(i, .initializer) }
        var accessor = walk.place
        accessor.isStatementCode = false
        accessor.isInitializationBlock = true
        accessor.closure = nil
        if let g = v.getter {
            var getter = accessor
            // A type's own property: its getter is a method of the type, not `mutating` unless written so.
            if let statementCode = memberOfStatementCode {
                getter.isStatementCode = statementCode
                getter.method = MethodOfType(keyword: v.getterKeyword, isMutating: v.getterIsMutating, isStatic: v.isStatic,
                                             isInitializer: false, isGetter: true)
            }
            getter.returnType = v.type
            getter.implicitResult = Self.singleExpression(g)
            walkBody(g, getter, opaque: false) { _ in }
        }
        if let s = v.setter { walkBody(s.body, accessor, opaque: false) { $0.bind(s.parameterName, .closureParameter(closure: nil, index: 0)) } }
        if let w = v.observers?.willSet { walkBody(w.body, walkOtherPlace(), opaque: false) { $0.bind(w.parameterName, .closureParameter(closure: nil, index: 0)) } }
        if let d = v.observers?.didSet { walkBody(d.body, walkOtherPlace(), opaque: false) { $0.bind(d.parameterName, .closureParameter(closure: nil, index: 0)) } }
    }

    /// An observer's or deinit's body: walked for what is nested in it.
    private func walkOtherPlace() -> WalkPlace {
        var p = walk.place
        p.isStatementCode = false
        p.isInitializationBlock = false
        return p
    }

    /// `member`: the stored properties of the type whose method or initializer `f` is.
    private mutating func walkFunction(_ f: FunctionDecl, member properties: Set<String>?, statementCode: Bool? = nil,
                                       isInitializer: Bool = false) {
        for p in f.parameters { if let d = p.defaultValue { walkExpression(d, .other) } }
        var inner = walk.place
        inner.isStatementCode = statementCode ?? walk.place.isStatementCode
        inner.isInitializationBlock = true
        inner.returnType = f.returnType
        inner.implicitResult = Self.singleExpression(f.body)
        inner.closure = nil
        if properties != nil {
            inner.inTypeMember = true
            inner.method = f.isSubscriptAccessor ? nil
                : MethodOfType(keyword: f.location, isMutating: f.isMutating, isStatic: f.isStatic, isInitializer: isInitializer)
        }
        walkBody(f.body, inner, opaque: true) { scopes in
            for p in f.parameters { scopes.bind(p.name, .parameter(p)) }
        }
    }

    private mutating func walkMembers(_ m: TypeMembers, of owner: String, statementCode: Bool) {
        var typePlace = walk.place
        typePlace.isStatementCode = false
        typePlace.memberTypes = [:]
        typePlace.owner = owner
        typePlace.method = nil
        typePlace.closureInStatementCode = false
        for p in m.properties {
            guard case .binding(let n, _) = p.pattern.kind else { continue }
            if let t = p.type ?? p.initializer.flatMap(Self.literalDefaultType) ?? p.initializer.flatMap(Self.initializerCallType) {
                typePlace.memberTypes[n] = t
            }
        }
        let savedPlace = walk.place
        walk.place.memberTypes = typePlace.memberTypes
        walk.place.owner = owner
        walk.place.method = nil
        walk.place.closureInStatementCode = false
        defer { walk.place = savedPlace }
        let outer = walk.place
        // A property's default and accessors are not statement code.
        walk.place = typePlace
        for p in m.properties { walkVariable(p, memberOfStatementCode: statementCode) }
        walk.place = outer
        let properties = statementCode ? Set(m.properties.flatMap { LexicalScopes.names(in: $0.pattern) }) : []
        for f in m.methods { walkFunction(f, member: properties, statementCode: statementCode) }
        for f in m.initializers { walkFunction(f, member: properties, statementCode: statementCode, isInitializer: true) }
        for s in m.subscripts {
            var getter = FunctionDecl(name: "subscript", parameters: s.parameters, returnType: s.returnType, body: s.getter,
                                      isStatic: s.isStatic, location: s.location)
            getter.isSubscriptAccessor = true
            getter.genericParameters = s.genericParameters
            walkFunction(getter, member: [], statementCode: false)
            if let set = s.setter {
                var setter = FunctionDecl(name: "subscript", parameters: s.parameters, returnType: nil, body: set.body,
                                          isStatic: s.isStatic, location: s.location)
                setter.isSubscriptAccessor = true
                setter.genericParameters = s.genericParameters
                walkFunction(setter, member: [], statementCode: false)
            }
        }
        let saved = walk.place
        if !statementCode { walk.place.isStatementCode = false }
        for n in m.nestedTypes { walkDeclaration(n) }
        walk.place = saved
    }

    // MARK: Expressions

    private mutating func walkExpression(_ e: Expr, _ role: ExpressionRole) {
        let outer = walk.role
        walk.role = role
        walkExpression(e)
        walk.role = outer
    }

    private mutating func walkExpression(_ e: Expr) {
        switch e.kind {
        case .integer, .double, .boolean, .nil, .identifier, .shorthandParameter, .self, .implicitMember, .arrayType:
            break
        case .string(let segments):
            for case .interpolation(let x) in segments { walkExpression(x) }
        case .array(let items): for x in items { walkExpression(x) }
        case .dictionary(let pairs): for p in pairs { walkExpression(p.key); walkExpression(p.value) }
        case .tuple(let items): for x in items { walkExpression(x.value) }
        case .member(let base, let name):
            walkExpression(base)
            member(e, base: base, name: name, walk.scopes, walk.place)
        case .optionalChain(let base, _), .forceUnwrap(let base), .optionalBind(let base), .typeCast(let base, _, _):
            walkExpression(base)
        case .unary(let op, let base):
            if op == .inoutArgument { inoutArgument(e, operand: base, walk.role, walk.scopes, walk.place) }
            walkExpression(base)
        case .call(let callee, let args):
            call(e, callee: callee, args: args, walk.role, walk.scopes, walk.place)
            walkExpression(callee)
            for a in args { walkExpression(a.value) }
            callWalked(e, callee: callee, args: args, walk.scopes, walk.place)
        case .subscriptAccess(let callee, let args):
            walkExpression(callee)
            for a in args { walkExpression(a.value) }
            subscripted(e, base: callee, args: args, walk.scopes, walk.place)
        case .optionalSubscript(let callee, let args):
            walkExpression(callee)
            for a in args { walkExpression(a.value) }
        case .binary(let op, let l, let r):
            walkExpression(l)
            walkExpression(r)
            binary(e, op, l, r, walk.scopes, walk.place)
        case .ternary(let c, let a, let b): walkExpression(c); walkExpression(a); walkExpression(b)
        case .closure(let c):
            var inner = walk.place
            inner.closureInStatementCode = walk.place.isStatementCode || walk.place.closureInStatementCode
            inner.isStatementCode = false
            inner.isInitializationBlock = true
            let outer = walk.place
            walk.place = inner
            for p in c.parameters { if let d = p.defaultValue { walkExpression(d) } }
            walk.place = outer
            inner.returnType = c.returnType
            inner.implicitResult = Self.singleExpression(c.body)
            inner.closure = e.location
            inner.closureResultType = c.returnTypeLocation
            closure(e, c)
            walkBody(c.body, inner, opaque: false) { scopes in
                for (i, p) in c.parameters.enumerated() { scopes.bind(p.name, .closureParameter(closure: e.location, index: i)) }
                if c.parameters.isEmpty {
                    for i in 0..<c.shorthandParameterCount { scopes.bind("$\(i)", .closureParameter(closure: e.location, index: i)) }
                }
            }
        case .switchExpr(let sw):
            walkValueBranches {
                $0.walkExpression(sw.subject)
                $0.walkCases(sw)
            }
        case .ifExpr(let i):
            walkValueBranches { $0.walkIfStatement(i) }
        case .tryMark(_, let x): walkExpression(x)
        }
    }

    /// The place of a body's one expression statement, if that is all it is.
    static func singleExpression(_ body: [Stmt]) -> SourceLocation? {
        guard body.count == 1, case .expression(let x) = body[0].kind else { return nil }
        return x.location
    }

    /// The type a property's literal default gives it (`var count = 0`, `var scores =
    /// ["a": 1]`: a collection of literals of one type).
    static func literalDefaultType(_ e: Expr) -> TypeSyntax? {
        switch e.kind {
        case .integer: return .named("Int")
        case .double: return .named("Double")
        case .string: return .named("String")
        case .boolean: return .named("Bool")
        case .array(let items):
            guard let first = items.first.flatMap(literalDefaultType), items.allSatisfy({ literalDefaultType($0) == first }) else { return nil }
            return .array(first)
        case .dictionary(let entries):
            guard let k = entries.first.flatMap({ literalDefaultType($0.key) }), let v = entries.first.flatMap({ literalDefaultType($0.value) }),
                  entries.allSatisfy({ literalDefaultType($0.key) == k && literalDefaultType($0.value) == v }) else { return nil }
            return .dictionary(key: k, value: v)
        default: return nil
        }
    }

    /// `let section = Section()`: the type a call of a capitalised name makes, as written.
    /// Checks that read it confirm the name is a script type with no failable initializer.
    static func initializerCallType(_ e: Expr) -> TypeSyntax? {
        guard case .call(let callee, _) = e.kind, case .identifier(let n) = callee.kind, n.first?.isUppercase == true else { return nil }
        return .named(n)
    }

    /// A `switch` or `if` expression: its branches may bind the names again, and their
    /// statements are not blocks of their own for definite initialization.
    private mutating func walkValueBranches(_ branches: (inout Self) -> Void) {
        let outer = walk.place
        walk.place.isStatementCode = false
        walk.place.isInitializationBlock = false
        branches(&self)
        walk.place = outer
    }
}

/// The whole-unit checks that follow scopes, in one walk: each sees every node once.
struct UnitScopedChecks: ScopedWalker {
    var walk = ScopedWalkState()
    /// The walk's typer: it records what each statement, loop and closure tells of types
    /// after the checks saw them, and the checks read it.
    let types: ScopedTyper
    var localInit: LocalInitCheck
    var letWrites: LetWriteCheck
    var methodArguments: MethodArgumentCheck
    var numericConversions: NumericConversionCheck
    var implicitSelf: ImplicitSelfCheck
    var subscriptLabels: SubscriptLabelCheck
    var selfAssignments: SelfAssignmentCheck
    var collectionOperators: CollectionOperatorCheck
    var hostWrites: HostPropertyWriteCheck

    /// Their findings, check by check.
    var diagnostics: [Diagnostic] {
        localInit.found + letWrites.found + methodArguments.found + numericConversions.found + implicitSelf.found + subscriptLabels.found
            + selfAssignments.found + collectionOperators.found + hostWrites.found
    }

    mutating func subscripted(_ e: Expr, base: Expr, args: [Argument], _ scopes: LexicalScopes, _ place: WalkPlace) {
        subscriptLabels.subscripted(e, base: base, args: args, scopes, place)
        collectionOperators.subscripted(e, base: base, args: args, scopes, place)
    }

    mutating func member(_ e: Expr, base: Expr, name: String, _ scopes: LexicalScopes, _ place: WalkPlace) {
        numericConversions.member(base, name, scopes, place)
    }

    mutating func block(_ list: [Stmt], _ place: WalkPlace) {
        localInit.block(list, place)
        collectionOperators.block(list)
    }

    mutating func statement(_ s: Stmt, _ scopes: LexicalScopes, _ place: WalkPlace) {
        letWrites.statement(s, scopes, place)
        implicitSelf.statement(s, scopes, place)
        if !hostWrites.refuses(s, scopes, place) { selfAssignments.statement(s, scopes, place) }
        numericConversions.statement(s, scopes, place)
        collectionOperators.statement(s, scopes, place)
        types.statement(s, scopes, place)
    }

    mutating func call(_ e: Expr, callee: Expr, args: [Argument], _ role: ExpressionRole, _ scopes: LexicalScopes, _ place: WalkPlace) {
        letWrites.call(e, callee: callee, args: args, role, scopes, place)
        implicitSelf.call(e, callee: callee, args: args, role, scopes, place)
        methodArguments.call(e, callee: callee, args: args, role, scopes, place)
        collectionOperators.call(callee: callee, args: args, scopes, place)
        types.call(callee: callee, args: args, scopes, place)
    }

    mutating func callWalked(_ e: Expr, callee: Expr, args: [Argument], _ scopes: LexicalScopes, _ place: WalkPlace) {
        numericConversions.callWalked(e, callee: callee, args: args, scopes, place)
    }

    mutating func binary(_ e: Expr, _ op: BinaryOperator, _ l: Expr, _ r: Expr, _ scopes: LexicalScopes, _ place: WalkPlace) {
        numericConversions.binary(e, op, l, r, scopes, place)
        collectionOperators.binary(e, op, l, r, scopes, place)
    }

    mutating func loop(_ pattern: Pattern, _ sequence: Expr, _ scopes: LexicalScopes, _ place: WalkPlace) {
        types.loop(pattern, sequence, scopes, place)
    }

    mutating func casePatterns(_ patterns: [Pattern], subject: Expr, _ scopes: LexicalScopes, _ place: WalkPlace) {
        types.casePatterns(patterns, subject: subject, scopes, place)
    }

    mutating func closure(_ e: Expr, _ c: ClosureExpr) {
        letWrites.closure(e, c)
        types.closure(e, c)
    }

    mutating func inoutArgument(_ e: Expr, operand target: Expr, _ role: ExpressionRole, _ scopes: LexicalScopes, _ place: WalkPlace) {
        letWrites.inoutArgument(e, operand: target, role, scopes, place)
    }
}

extension InterpreterCore {
    /// What the checks that follow scopes find in a unit before it runs: locals read before
    /// they are initialized (LocalInitCheck), writes to constants and literals of the wrong
    /// type (LetWriteCheck), literal method arguments of the wrong type (MethodArgumentCheck),
    /// an Int where a Double is expected and the reverse (NumericConversionCheck).
    func scopedCheckErrors(_ unit: SourceUnit, _ file: SourceFile) -> [Diagnostic] {
        let types = scopedTyper(unit)
        var checks = UnitScopedChecks(types: types,
                                      localInit: LocalInitCheck(file: file, mutatingMethod: mutatingMethodTest(unit), storageKind: storageKindTest(unit)),
                                      letWrites: letWriteCheck(unit, file, types),
                                      methodArguments: methodArgumentCheck(unit, file),
                                      numericConversions: numericConversionCheck(types, file),
                                      implicitSelf: implicitSelfCheck(unit, file),
                                      subscriptLabels: subscriptLabelCheck(unit, types, file),
                                      selfAssignments: SelfAssignmentCheck(file: file),
                                      collectionOperators: collectionOperatorCheck(types, file),
                                      hostWrites: hostPropertyWriteCheck(types, file))
        checks.walkUnit(unit.statements)
        return checks.diagnostics + hashableKeyErrors(unit, file) + genericArgumentErrors(unit, file)
    }
}

/// The structs and classes a unit declares, at any depth, by name.
private struct DeclaredStorageKinds: SyntaxVisitor {
    var kinds: [String: LocalInitCheck.StorageKind] = [:]
    mutating func visit(_ node: Decl) -> SyntaxVisitorContinueKind {
        switch node {
        case .struct(let s): kinds[s.name] = .structure
        case .class(let c): kinds[c.name] = .reference
        case .table(let t): kinds[t.name] = .reference
        default: break
        }
        return .visitChildren
    }
}

/// The `mutating` methods a unit declares, at any depth.
private struct MutatingMethodNames: SyntaxVisitor {
    var names = Set<String>()
    /// The methods of each type the unit declares or extends, by the type's name.
    var typeMethods: [String: [FunctionDecl]] = [:]
    mutating func visit(_ node: Decl) -> SyntaxVisitorContinueKind {
        switch node {
        case .function(let f): if f.isMutating { names.insert(f.name) }
        case .struct(let s): typeMethods[s.name, default: []] += s.members.methods
        case .enum(let e): typeMethods[e.name, default: []] += e.members.methods
        case .class(let c): typeMethods[c.name, default: []] += c.members.methods
        case .table(let t): typeMethods[t.name, default: []] += t.members.methods
        case .extension(let n, let members, _): typeMethods[n, default: []] += members.methods
        default: break
        }
        return .visitChildren
    }
}

extension InterpreterCore {
    /// Whether a type name is a struct or a class of the script's: the unit's own (not
    /// declared yet when it is checked), else the session's.
    func storageKindTest(_ unit: SourceUnit) -> (String) -> LocalInitCheck.StorageKind? {
        var v = DeclaredStorageKinds()
        v.walk(unit.statements)
        let own = v.kinds
        return { [self] name in
            if let k = own[name] { return k }
            switch userType(name)?.kind {
            case .struct?: return .structure
            case .class?, .table?: return .reference
            default: return nil
            }
        }
    }

    /// Whether a method may change its receiver. The receiver's declared type decides
    /// first: a type of the unit's own (not declared yet when it is checked) by its methods
    /// of the name, a class never; else the session's type or the standard one
    /// (`mutationKind(ofMethod:fullName:onType:)`). Without a type, or when the type
    /// declares no method of the name, any `mutating` method of the name counts.
    func mutatingMethodTest(_ unit: SourceUnit) -> (TypeSyntax?, String, [String?]) -> Bool {
        var v = MutatingMethodNames()
        v.walk(unit.statements)
        let own = v.names
        let ownTypes = v.typeMethods
        let kinds = storageKindTest(unit)
        return { [self] type, name, labels in
            if let type {
                if case .named(let n) = type, let methods = ownTypes[n] {
                    if kinds(n) == .reference { return false }
                    let named = methods.filter { $0.name == name && !$0.isStatic }
                    if !named.isEmpty { return named.contains(where: \.isMutating) }
                } else if let k = mutationKind(ofMethod: name, fullName: name + "(" + labelsString(labels) + ")",
                                               onType: resolveType(type)) {
                    return k != .never
                }
            }
            return own.contains(name) || Self.builtinMutatingMethods.contains(name) || mutationKind(ofMethod: name) == .userCode
        }
    }
}
