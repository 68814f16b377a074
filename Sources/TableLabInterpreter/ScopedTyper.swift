// The types of expressions where the scoped walk stands (ScopedWalk.swift), for the
// whole-unit checks that walk: the numeric-conversion check (NumericConversionCheck.swift,
// RangeCallCheck.swift) and the write check's constants (LetWriteCheck.swift). One typer
// per walk, fed by the walk as it goes (declarations, loops, closures' parameters and
// results), read by every check at the same place, so the checks agree on a type. What an
// operator, a literal, a range, a subscript, a standard property or conversion gives is
// TypeRules.swift's, and the switch over expression kinds ExpressionTyper.swift's, which
// `:type`'s typer (StaticTyper) applies too; this typer is their environment (`Environment`).
//
// A type is followed only where declarations make it certain: a name's annotation or the
// value it was declared with (a literal's default type, an arithmetic of such names), a
// parameter's written type, a `for` loop's element (a tuple pattern's parts too), a script
// type's property or method result as written, and the standard results whose type their
// receiver and arguments decide (`count`, `map` by its walked closure, `filter`, slices,
// `enumerated()`, `reduce`, `abs`/`max`/`min`, `??`, `rounded()`). Anything else (a
// generic, a name a function does not declare) is unknown.
//
// What a value's type still is to swiftc's solver is part of the answer (`Typed`): a
// literal takes the type its context asks for, and where a type is still open (a `map`
// closure's one result, `reduce`'s integer literal) the other number type beside it makes
// swiftc refuse that open place rather than the operator (`ChosenByContext`).

import TableLabSyntax

extension InterpreterCore {
    /// The typer of a unit's scoped walk (ScopedWalk.swift): the unit's own declarations
    /// (not declared yet when it is checked), then the session's.
    func scopedTyper(_ unit: SourceUnit) -> ScopedTyper {
        var v = UnitTypeDeclarations()
        v.walk(unit.statements)
        let own = v
        let shadowsStandard = ["Int", "Double", "Float", "CGFloat"].contains { own.typeNames.contains($0) || userType($0) != nil }
        func typeDecl(_ name: String) -> TypeMembers? {
            if let m = own.types[name] { return m }
            guard !own.typeNames.contains(name), let t = userType(name) else { return nil }
            if let s = t.decl as? StructDecl { return s.members }
            if let c = t.decl as? ClassDecl, c.inherited.isEmpty { return c.members }
            return nil
        }
        func isStruct(_ name: String) -> Bool {
            if own.types[name] != nil { return own.structs.contains(name) }
            return userType(name)?.kind == .struct
        }
        func function(_ name: String) -> FunctionDecl? {
            guard !own.typeNames.contains(name), userType(name) == nil else { return nil }
            let decls = own.functions[name] ?? (functionsByBase[name] ?? []).compactMap(\.decl)
            guard decls.count == 1 else { return nil }
            return decls[0]
        }
        var operators = own.operatorNames
        for slot in typeSlots.values {
            // A type's operator methods, and a global operator function declared earlier,
            // which is one of its operand type's (`func == (a: V, b: V)`).
            guard let t = slot.current else { continue }
            for name in t.methodsByBase.keys where startsLikeAnOperator(name) { operators.insert(name) }
        }
        for name in functionsByBase.keys where startsLikeAnOperator(name) { operators.insert(name) }
        let typer = ScopedTyper(typeMembers: typeDecl, isStruct: isStruct, function: function, userOperators: operators)
        typer.shadowsStandardNumbers = shadowsStandard
        typer.outerNames = outerNames(unit, own)
        typer.declaresMember = { [names = typer.outerNames.memberNames] name in own.memberNames.contains(name) || names.contains(name) }
        typer.declaresFunction = { [self] name in own.functions[name] != nil || functionsByBase[name] != nil || own.typeNames.contains(name) }
        typer.ownProperties = { [self] name in
            if let m = own.subclasses[name] { return m.genericParameters.isEmpty ? m : nil }
            guard !own.typeNames.contains(name), let decl = userType(name)?.decl else { return nil }
            let m = (decl as? ClassDecl)?.members ?? (decl as? TableDecl)?.members
            return m?.genericParameters.isEmpty == true ? m : nil
        }
        typer.casePayload = { [self] type, caseName in
            if let e = own.enums[type] { return Self.writtenPayload(e, caseName) }
            return own.typeNames.contains(type) ? nil : certainCasePayload(type, caseName)
        }
        typer.enumCase = { [self] type, caseName in
            guard let e = own.enums[type] ?? (own.typeNames.contains(type) ? nil : certainScriptType(type)?.decl as? EnumDecl) else { return nil }
            let cases = e.cases.filter { $0.name == caseName }
            guard cases.count == 1 else { return nil }
            return (cases[0].associatedValues != nil, cases[0].associatedValues?.count ?? 0)
        }
        typer.prepareGlobals()
        return typer
    }

    /// The associated values of an enum's one case of this name, as written (labels kept).
    private static func writtenPayload(_ e: EnumDecl, _ caseName: String) -> [TypeSyntax]? {
        let cases = e.cases.filter { $0.name == caseName }
        guard cases.count == 1, let values = cases[0].associatedValues else { return nil }
        var types: [TypeSyntax] = []
        for v in values {
            guard let t = v.type, !v.isVariadic, !v.isImplicitlyUnwrapped else { return nil }
            types.append(v.label.map { .labelled($0, t) } ?? t)
        }
        return types
    }

    /// What a bare name inside a function or a type's member may mean besides its own
    /// locals: the unit's and the session's globals, and what a type member may mean instead.
    private func outerNames(_ unit: SourceUnit, _ own: UnitTypeDeclarations) -> ScopedTyper.OuterNames {
        var names = ScopedTyper.OuterNames()
        // A command (`:use`) or a table's scope gives bare names other meanings.
        let commands = unit.statements.contains { if case .command = $0.kind { return true }; return false }
        guard hosting.topLevelInstance == nil, !commands else { return names }
        for v in sessionGlobalDeclarations(mentionedIn: unit) { if let n = v.name { names.globals[n] = v } }
        var seen = Set<String>()
        for s in unit.statements {
            guard case .declaration(.variable(let v)) = s.kind else { continue }
            guard case .binding(let n, _) = v.pattern.kind, v.getter == nil else {
                for n in LexicalScopes.names(in: v.pattern) { names.globals[n] = nil; seen.insert(n) }
                continue
            }
            // A name declared twice is swiftc's redeclaration error: not followed.
            names.globals[n] = seen.insert(n).inserted ? v : nil
        }
        var members = own.memberNames
        for slot in typeSlots.values {
            guard let t = slot.current else { continue }
            members.formUnion(t.fieldIndex.keys); members.formUnion(t.computed.keys); members.formUnion(t.methodsByBase.keys)
        }
        for p in protocols.protocols.values {
            members.formUnion(p.decl.properties.map(\.name)); members.formUnion(p.decl.methods.map(\.name))
            for m in p.extensions { members.formUnion(UnitTypeDeclarations.names(of: m)) }
        }
        names.memberNames = members
        names.inherited = own.inherited
        names.sessionInherited = { [self] n in
            guard let t = userType(n) else { return nil }
            if let s = t.decl as? StructDecl { return Array(s.members.inheritedLocations.keys) }
            if let c = t.decl as? ClassDecl { return c.inherited + Array(c.members.inheritedLocations.keys) }
            if let e = t.decl as? EnumDecl { return Array(e.members.inheritedLocations.keys) + e.conformances }
            return nil
        }
        names.isProtocol = { [self] n in own.protocolNames.contains(n) || isProtocolName(n) }
        names.isStandard = { [self] n in !own.protocolNames.contains(n) && protocols.protocols[n] == nil }
        return names
    }
}

/// The unit's own types (top level only, by name), global functions and operators.
private struct UnitTypeDeclarations: SyntaxVisitor {
    var types: [String: TypeMembers] = [:]
    var structs = Set<String>()
    /// Every type name declared anywhere (a nested or local one of a top-level name hides it).
    var typeNames = Set<String>()
    var functions: [String: [FunctionDecl]] = [:]
    var operatorNames = Set<String>()
    /// Every member name any type, extension or protocol declares.
    var memberNames = Set<String>()
    /// The inheritance clauses of the unit's types and extensions, by type name.
    var inherited: [String: [String]] = [:]
    var protocolNames = Set<String>()
    /// The non-generic enums declared once, by name (their cases' payloads, for case patterns).
    var enums: [String: EnumDecl] = [:]
    /// The classes with a superclass or protocols, by name: the properties they declare
    /// themselves have their written types (what they inherit is not known here).
    var subclasses: [String: TypeMembers] = [:]

    static func names(of m: TypeMembers) -> [String] {
        m.properties.flatMap { LexicalScopes.names(in: $0.pattern) } + m.methods.map(\.name)
    }

    private mutating func members(_ name: String, _ m: TypeMembers, _ written: [String] = []) {
        memberNames.formUnion(Self.names(of: m))
        inherited[name, default: []] += written + Array(m.inheritedLocations.keys)
    }

    mutating func visit(_ node: Decl) -> SyntaxVisitorContinueKind {
        switch node {
        case .struct(let s):
            members(s.name, s.members)
            enums[s.name] = nil
            if typeNames.insert(s.name).inserted { types[s.name] = s.members; structs.insert(s.name) } else { types[s.name] = nil }
        case .class(let c):
            members(c.name, c.members, c.inherited)
            subclasses[c.name] = typeNames.contains(c.name) || c.inherited.isEmpty ? nil : c.members
            enums[c.name] = nil
            if typeNames.insert(c.name).inserted, c.inherited.isEmpty { types[c.name] = c.members } else { types[c.name] = nil }
        case .enum(let e):
            enums[e.name] = typeNames.contains(e.name) || !e.members.genericParameters.isEmpty ? nil : e
            members(e.name, e.members, e.conformances)
            memberNames.formUnion(e.cases.map(\.name))
            typeNames.insert(e.name)
        case .table(let t):
            // A table is a screen: what its code means by a bare name is the host's too.
            members(t.name, t.members, ["<host>"])
            subclasses[t.name] = typeNames.contains(t.name) ? nil : t.members
            enums[t.name] = nil
            typeNames.insert(t.name)
        case .protocol(let p):
            memberNames.formUnion(p.properties.map(\.name)); memberNames.formUnion(p.methods.map(\.name))
            protocolNames.insert(p.name)
            enums[p.name] = nil
            typeNames.insert(p.name)
        case .typeAlias(let a): enums[a.name] = nil; typeNames.insert(a.name)
        case .function(let f):
            if startsLikeAnOperator(f.name) { operatorNames.insert(f.name) }
            functions[f.name, default: []].append(f)
        case .extension(let name, let m, _):
            members(name, m)
            // An extension's members join the type's (a method there is one more overload).
            types[name]?.methods += m.methods
            types[name]?.initializers += m.initializers
            for f in m.methods where startsLikeAnOperator(f.name) { operatorNames.insert(f.name) }
        default: break
        }
        return .visitChildren
    }
}

/// A name a declaration binds (one declaration may bind several, at one place).
private struct DeclaredName: Hashable {
    var location: SourceLocation
    var name: String
    init(_ location: SourceLocation, _ pattern: Pattern) {
        self.location = location
        if case .binding(let n, _) = pattern.kind { name = n } else { name = "" }
    }
    init(_ location: SourceLocation, name: String) { self.location = location; self.name = name }
}

/// The place a value's type is still open to swiftc's solver: an operand of another number
/// type beside it makes swiftc choose that type there, and refuse what cannot be it.
enum ChosenByContext {
    /// `ints.map { $0 * 2 }.reduce(0, +) / 2.0`: the `map` closure's result (its one
    /// expression or its one `return`) is made a Double, and its Int refused.
    case closureResult(at: SourceLocation, given: TypeSyntax)
    /// `ints.reduce(0, +) / 2.0`: the integer literal becomes a Double, and the operator
    /// function `+` then cannot combine a Double with an Int element.
    case reduceOperator(at: SourceLocation, element: TypeSyntax)
}

/// The walk's typer. A class: the checks of one walk share it, and what the walk recorded
/// (a declaration's type, a loop's element) is there for each of them.
final class ScopedTyper {
    /// The `if let` values being typed, so that one naming its own binding ends.
    private var unwrapping = Set<SourceLocation>()
    /// A struct's or a class's (without superclass) members, by the type's name.
    let typeMembers: (String) -> TypeMembers?
    let isStruct: (String) -> Bool
    /// The global function of a name, when one function has it and it is not generic.
    let function: (String) -> FunctionDecl?
    /// Whether the script declares a function of this base name (any number of overloads).
    var declaresFunction: (String) -> Bool = { _ in true }
    /// Whether the script or the session declares a member of this name on any type (an
    /// extension of Int may give it one more method).
    var declaresMember: (String) -> Bool = { _ in true }
    /// Operators the script declares: an operation with one of them may be of any type.
    let userOperators: Set<String>
    /// Answer only for what swiftc compiles (`:type`): not `n / x` as an Int when `x` is of
    /// a type not known here, which the checks may take as an Int since swiftc refuses it otherwise.
    var answersOnlyWhatCompiles = false
    /// The script declares a type named as a standard number type (`struct Double`): what
    /// a number is, is its.
    var shadowsStandardNumbers = false
    var outerNames = OuterNames()
    /// A class's own declaration (with a superclass too), for the types of the properties it declares.
    var ownProperties: (String) -> TypeMembers? = { _ in nil }
    /// The type each variable declaration gives its name, by the declaration's place.
    private var declared: [DeclaredName: TypeSyntax] = [:]
    /// The declarations whose value a check refused: swiftc says nothing more of such a
    /// name (its type is an error), so it is not followed.
    private var refused = Set<DeclaredName>()
    /// The element type of each `for` loop's sequence, by the sequence's place.
    private var loopElements: [SourceLocation: TypeSyntax] = [:]
    /// What a `case` pattern's subject gives each name it binds (`case .item(let it)`, `if
    /// case let x? = o`, `for case let x? in xs`), by where the name is written.
    private var patternBindings: [SourceLocation: TypeSyntax] = [:]
    /// A script enum's case's associated values, where written (ResolverPatterns' rule).
    var casePayload: ResolverPatterns.CasePayload = { _, _ in nil }
    /// A non-generic script enum's one case of this name: whether it takes a payload, and
    /// how many values; nil for another name or type.
    var enumCase: (_ type: String, _ caseName: String) -> (hasPayload: Bool, count: Int)? = { _, _ in nil }
    /// The type of each global `outerNames` holds, where its declaration tells it.
    private var globalTypes: [String: TypeSyntax] = [:]
    /// The parameters' types of a closure given to a standard collection's method, by the
    /// closure's place (`ints.map { $0 }`: `$0` is an Int).
    /// nil: a parameter whose type is not known (an integer literal's `reduce` accumulator).
    private var closureParameters: [SourceLocation: [TypeSyntax?]] = [:]
    /// The calls whose trailing closure's parameters wait for the receiver's type, by the closure's place.
    private var pendingClosureCalls: [SourceLocation: (callee: Expr, args: [Argument], scopes: LexicalScopes, place: WalkPlace)] = [:]
    /// The `reduce` closures whose result type is known.
    private(set) var reduceResults: [SourceLocation: TypeSyntax] = [:]
    /// The `reduce` closures whose initial value is an integer literal (`ints.reduce(0) { }`),
    /// with whether the body is one expression (or one `return`).
    private(set) var literalReduces: [SourceLocation: Bool] = [:]
    /// The type such a closure's one expression gives, where it is certain.
    private var literalReduceTypes: [SourceLocation: TypeSyntax] = [:]
    /// What a closure's body gives as its result (its one expression, its `return`s), with
    /// the type known where the body was walked, by the closure's place.
    private(set) var closureResults: [SourceLocation: [(value: Expr, type: Typed?, isReturn: Bool)]] = [:]

    /// The names outside a function's body its code may read, and what a type member's
    /// bare name may mean instead of them.
    struct OuterNames {
        /// The unit's top-level variables and the session's, by name (one declaration each).
        var globals: [String: VariableDecl] = [:]
        /// Every member name the script's types, extensions and protocols declare.
        var memberNames = Set<String>()
        /// The inheritance clauses of the unit's types and extensions.
        var inherited: [String: [String]] = [:]
        var sessionInherited: (String) -> [String]? = { _ in nil }
        var isProtocol: (String) -> Bool = { _ in false }
        /// A standard protocol or raw type: its members are the standard library's.
        var isStandard: (String) -> Bool = { _ in true }
    }

    init(typeMembers: @escaping (String) -> TypeMembers?, isStruct: @escaping (String) -> Bool,
         function: @escaping (String) -> FunctionDecl?, userOperators: Set<String>) {
        self.typeMembers = typeMembers; self.isStruct = isStruct; self.function = function; self.userOperators = userOperators
    }

    static let int = TypeSyntax.named("Int"), double = TypeSyntax.named("Double"), cgFloat = TypeSyntax.named("CGFloat")
    static let float = TypeSyntax.named("Float")
    static let arithmetic = TypeRules.arithmetic

    static func isNumber(_ t: TypeSyntax) -> Bool { TypeRules.isNumber(t) }

    func declaresOperator(_ name: String) -> Bool { userOperators.contains(name) }

    static func unlabelled(_ t: TypeSyntax) -> TypeSyntax {
        if case .labelled(_, let u) = t { return u }
        return t
    }

    /// Where swiftc puts a conversion error on a value: its place, except at the `[` of a
    /// subscript and at the `!` of a force unwrap.
    static func anchor(_ e: Expr) -> SourceLocation {
        switch e.kind {
        case .subscriptAccess(let base, _): return SourceLocation(line: base.range.end.line, column: base.range.end.column)
        case .forceUnwrap: return SourceLocation(line: e.range.end.line, column: e.range.end.column - 1)
        default: return e.location
        }
    }

    // MARK: What the walk records

    /// A statement of a block, after the checks saw it: a closure's result, a literal
    /// `reduce`'s result type, the type a declaration gives its name.
    func statement(_ s: Stmt, _ scopes: LexicalScopes, _ place: WalkPlace) {
        closureResult(s, scopes, place)
        if !literalReduces.isEmpty { literalReduceResult(s, scopes, place) }
        guard case .declaration(.variable(let v)) = s.kind, v.getter == nil else { return }
        if case .tuple(let parts) = v.pattern.kind { return declareParts(v, parts, scopes, place) }
        guard case .binding = v.pattern.kind else { return }
        let name = DeclaredName(v.location, v.pattern)
        guard !refused.contains(name) else { return }
        if let t = v.type ?? v.initializer.flatMap({ typed($0, scopes, place)?.type }) { declared[name] = t }
    }

    /// `let (a, b) = (x, y)`: each plain name's part, from the annotation's part, else from
    /// the value's part as a declaration of its own, else from the value's tuple type.
    private func declareParts(_ v: VariableDecl, _ parts: [Pattern], _ scopes: LexicalScopes, _ place: WalkPlace) {
        var types: [TypeSyntax?] = []
        if case .tuple(let written)? = v.type {
            types = written.map(Self.unlabelled)
        } else if let e = v.initializer, case .tuple(let values) = e.kind {
            types = values.map { typed($0.value, scopes, place)?.type }
        } else if v.type == nil, case .tuple(let ts)? = v.initializer.flatMap({ typed($0, scopes, place)?.type }) {
            types = ts.map(Self.unlabelled)
        }
        guard types.count == parts.count else { return }
        for (part, t) in zip(parts, types) {
            guard case .binding = part.kind, let t else { continue }
            let name = DeclaredName(v.location, part)
            if !refused.contains(name) { declared[name] = t }
        }
    }

    /// The type a variable declaration gives `name` (a plain name of its pattern) as the walk
    /// recorded it: its annotation, else its value's; a global the walk has not reached yet
    /// (a function's body may come before it) as its declaration gives it. Nil before the
    /// statement of a local is walked.
    func declaredType(_ v: VariableDecl, name: String) -> TypeSyntax? {
        if case .binding = v.pattern.kind, let t = v.type { return t }
        if let t = declared[DeclaredName(v.location, name: name)] { return t }
        guard outerNames.globals[name]?.location == v.location else { return nil }
        return globalTypes[name]
    }

    /// The type a type's stored property gives its values where nothing else is read (its
    /// annotation, the literals' default types, a script type's initializer), as
    /// `valueMember` reads it.
    func propertyType(_ p: VariableDecl) -> TypeSyntax? {
        p.type ?? p.initializer.flatMap(initializerType)
    }

    /// A declaration whose value a check refused: its name's type is not followed.
    func refuse(_ v: VariableDecl) {
        refused.insert(DeclaredName(v.location, v.pattern))
    }

    /// A `for` loop's sequence, with the loop's pattern bound.
    func loop(_ pattern: Pattern, _ sequence: Expr, _ scopes: LexicalScopes, _ place: WalkPlace) {
        switch sequence.kind {
        case .binary(.halfOpenRange, let l, let r), .binary(.closedRange, let l, let r):
            if let a = typed(l, scopes, place), let b = typed(r, scopes, place), a.type == Self.int, b.type == Self.int {
                loopElements[sequence.location] = Self.int
            }
        default:
            if case .array(let e)? = sequenceTyped(sequence, scopes, place)?.type { loopElements[sequence.location] = e }
        }
        // `for case let x? in xs`: what each element gives the pattern's names.
        if case .binding = pattern.kind { return }
        let types = ResolverPatterns.patternTypes([pattern], subject: loopElements[sequence.location], bareNamesBind: true, casePayload: casePayload)
        patternBindings.merge(types) { a, _ in a }
    }

    /// A `case` pattern's subject, before the pattern's names are bound: what it gives them.
    func casePatterns(_ patterns: [Pattern], subject: Expr, _ scopes: LexicalScopes, _ place: WalkPlace) {
        let t = typed(subject, scopes, place)
        guard t?.literal != true, t?.sequenceOnly != true else { return }
        let types = ResolverPatterns.patternTypes(patterns, subject: t?.type, casePayload: casePayload)
        patternBindings.merge(types) { a, _ in a }
    }

    /// The element a loop's name is bound to (`path`: where a tuple pattern's part stands in it).
    func loopElement(_ sequence: Expr, path: [Int]) -> TypeSyntax? {
        guard var t = loopElements[sequence.location] else { return nil }
        for i in path {
            guard case .tuple(let elements) = t, i < elements.count else { return nil }
            t = Self.unlabelled(elements[i])
        }
        return t
    }

    /// A call, before the closures among its arguments are walked: their parameters' types.
    func call(callee: Expr, args: [Argument], _ scopes: LexicalScopes, _ place: WalkPlace) {
        closureArguments(callee, args, scopes, place)
    }

    /// The methods of a standard collection whose closure takes one element, or two.
    static let elementClosures: Set<String> = [
        "map", "compactMap", "flatMap", "filter", "forEach", "first", "last", "firstIndex", "lastIndex", "contains",
        "allSatisfy", "drop", "prefix", "removeAll",
    ]
    static let pairClosures: Set<String> = ["sorted", "sort", "min", "max", "elementsEqual"]

    /// `ints.map { $0 }`: the closure's parameters are the receiver's elements.
    private func closureArguments(_ callee: Expr, _ args: [Argument], _ scopes: LexicalScopes, _ place: WalkPlace) {
        // Parameters whose types are written are of those types wherever the closure goes.
        for a in args {
            guard case .closure(let c) = a.value.kind, !c.parameters.isEmpty else { continue }
            let types = c.parameters.compactMap(\.type)
            if types.count == c.parameters.count { closureParameters[a.value.location] = types }
        }
        // A literal receiver's elements take their type from the context (`[1, 2].map { $0 }`
        // may be Doubles); a closure with a written result is swiftc's other error.
        guard case .member(let receiver, let method) = callee.kind, let last = args.last, case .closure(let c) = last.value.kind,
              c.returnType == nil else { return }
        guard let r = sequenceTyped(receiver, scopes, place) else {
            // `ints.map { $0 * 2 }.reduce(0) { }`: the receiver's type is known once its own
            // closure's body is walked, which comes before this closure's.
            if closureParameters[last.value.location] == nil { pendingClosureCalls[last.value.location] = (callee, args, scopes, place) }
            return
        }
        guard !r.literal, let element = TypeRules.closureElement(of: r.type) else { return }
        let count = c.parameters.isEmpty ? c.shorthandParameterCount : c.parameters.count
        if method == "reduce", args.count == 2, args[0].label == nil, count == 2 {
            let single = c.body.count == 1 && {
                switch c.body[0].kind { case .expression, .return: return true; default: return false }
            }()
            reduceClosure(args[0].value, element, last.value.location, single: single, scopes, place)
        } else if Self.elementClosures.contains(method), count <= 1 {
            closureParameters[last.value.location] = [element]
        } else if Self.pairClosures.contains(method), count <= 2 {
            closureParameters[last.value.location] = [element, element]
        }
    }

    /// A closure's parameters whose types are written are of those types, wherever the
    /// closure stands (a call's argument, a declaration's value).
    func closure(_ e: Expr, _ c: ClosureExpr) {
        if let (callee, args, scopes, place) = pendingClosureCalls.removeValue(forKey: e.location) {
            closureArguments(callee, args, scopes, place)
        }
        guard closureParameters[e.location] == nil, !c.parameters.isEmpty else { return }
        let types = c.parameters.compactMap(\.type)
        if types.count == c.parameters.count { closureParameters[e.location] = types }
    }

    /// `ints.reduce(d) { $0 + $1 }`: the first parameter and the result are of the initial
    /// value's type, where that is certain (a name's type, or a Double literal with Int or
    /// Double elements; an integer literal may be a Double the body makes).
    /// An integer literal leaves the accumulator unknown, but the element is still known.
    private func reduceClosure(_ initial: Expr, _ element: TypeSyntax, _ closure: SourceLocation, single: Bool,
                                        _ scopes: LexicalScopes, _ place: WalkPlace) {
        guard Self.isNumber(element), let r = typed(initial, scopes, place), Self.isNumber(r.type) else { return }
        if r.literal && r.type == Self.int {
            closureParameters[closure] = [nil, element]
            literalReduces[closure] = single
            return
        }
        closureParameters[closure] = [r.type, element]
        reduceResults[closure] = r.type
    }

    /// A literal `reduce`'s one expression, where its body stands: the type it gives.
    private func literalReduceResult(_ s: Stmt, _ scopes: LexicalScopes, _ place: WalkPlace) {
        guard let closure = place.closure, place.returnType == nil, literalReduces[closure] == true else { return }
        switch s.kind {
        case .expression(let x) where x.location == place.implicitResult:
            if let t = accumulated(x, closure, scopes, place) { literalReduceTypes[closure] = t }
        case .return(let x?):
            if let t = accumulated(x, closure, scopes, place) { literalReduceTypes[closure] = t }
        default: return
        }
    }

    /// The type a literal `reduce`'s one expression gives: its own where certain, else, for
    /// `$0 + x`, the type of what is added to the accumulator (`ds.reduce(0) { $0 + $1 }` is a Double).
    private func accumulated(_ x: Expr, _ closure: SourceLocation, _ scopes: LexicalScopes, _ place: WalkPlace) -> TypeSyntax? {
        if let t = typed(x, scopes, place), !t.literal, Self.isNumber(t.type) { return t.type }
        guard case .binary(let op, let l, let r) = x.kind, Self.arithmetic.contains(op) else { return nil }
        for (a, b) in [(l, r), (r, l)] where isAccumulator(a, closure, scopes) {
            if let t = typed(b, scopes, place), !t.literal, Self.isNumber(t.type) { return t.type }
        }
        return nil
    }

    private func isAccumulator(_ e: Expr, _ closure: SourceLocation, _ scopes: LexicalScopes) -> Bool {
        let name: String
        switch e.kind {
        case .shorthandParameter(let i): name = "$\(i)"
        case .identifier(let n): name = n
        default: return false
        }
        guard case .closureParameter(let c?, 0)? = scopes.lookup(name)?.origin else { return false }
        return c == closure
    }

    /// What a closure's body gives back, typed where the body stands.
    private func closureResult(_ s: Stmt, _ scopes: LexicalScopes, _ place: WalkPlace) {
        guard let closure = place.closure, place.returnType == nil else { return }
        switch s.kind {
        case .expression(let x): closureResults[closure, default: []].append((x, typed(x, scopes, place), false))
        case .return(let x?): closureResults[closure, default: []].append((x, typed(x, scopes, place), true))
        default: break
        }
    }

    // MARK: Names outside a body

    /// The globals' types, each from its annotation or its value (which may read the
    /// globals declared before it).
    func prepareGlobals() {
        let ordered = outerNames.globals.sorted { ($0.value.location.line, $0.value.location.column) < ($1.value.location.line, $1.value.location.column) }
        for (name, v) in ordered {
            if let t = v.type ?? v.initializer.flatMap({ typed($0, LexicalScopes(), WalkPlace())?.type }) { globalTypes[name] = t }
        }
    }

    /// Member names the standard types and protocols give a script type's code.
    private static let standardMemberNames: Set<String> = StandardLibraryMembers.names.values.reduce(
        into: ["rawValue", "allCases", "hashValue", "description", "debugDescription", "id"]) { $0.formUnion($1) }

    /// The raw types an enum's inheritance clause may name.
    private static let rawTypes: Set<String> = ["Int", "String", "Double", "Character", "Float"]

    /// Whether a bare name here means the global of that name: in a type's code, only
    /// where no member the type may have (its own, its supertypes', its protocols') has it.
    func outerVisible(_ name: String, _ place: WalkPlace) -> Bool {
        guard let owner = place.owner else { return true }
        if outerNames.memberNames.contains(name) { return false }
        var standard = false
        guard plainLineage(owner, depth: 0, standard: &standard) else { return false }
        return !(standard && Self.standardMemberNames.contains(name))
    }

    /// Whether every supertype of `type` is the script's (or a standard protocol or raw type),
    /// so that the script's declarations (and, with `standard` set, the standard library's
    /// members) list every member its code may mean.
    private func plainLineage(_ type: String, depth: Int, standard: inout Bool) -> Bool {
        guard depth < 16, let written = outerNames.inherited[type] ?? outerNames.sessionInherited(type) else { return false }
        for n in written {
            if outerNames.isProtocol(n) || Self.rawTypes.contains(n) {
                standard = standard || outerNames.isStandard(n)
            } else if !plainLineage(n, depth: depth + 1, standard: &standard) {
                return false
            }
        }
        return true
    }

    // MARK: Types

    /// The type of `e` where declarations make it certain; nil where they do not. The switch
    /// over its kinds is the one `:type` applies too (ExpressionTyper.swift).
    func typed(_ e: Expr, _ scopes: LexicalScopes, _ place: WalkPlace) -> Typed? {
        var env = Environment(typer: self, scopes: scopes, place: place)
        return ExpressionTyper.typed(e, &env)
    }

    /// The walk's scopes where an expression stands, as the shared switch's environment.
    struct Environment: ExpressionEnvironment {
        let typer: ScopedTyper
        let scopes: LexicalScopes
        let place: WalkPlace

        func declaresOperator(_ name: String) -> Bool { typer.declaresOperator(name) }
        func notKnown(_ why: String) -> Typed? { nil }
        func typed(name: String) -> Typed? { typer.typedName(name, scopes, place) }
        func typed(shorthandParameter index: Int) -> Typed? { typer.typedName("$\(index)", scopes, place) }
        /// The walk does not follow `self`'s type: its members' types come by name.
        func typedSelf() -> Typed? { nil }
        func typed(member name: String, ofWritten base: Expr) -> Typed?? { typer.writtenMember(base, name, scopes, place) }
        func typed(member name: String, ofValue base: Typed) -> Typed? { typer.valueMember(base, name) }
        func typed(call callee: Expr, _ args: [Argument]) -> Typed? { typer.typedCall(callee, args, scopes, place) }
        func typed(method name: String, _ args: [Argument], on base: Typed) -> Typed? { nil }

        func scriptSubscripts(of base: Typed) -> ScriptSubscripts? {
            guard case .named(let n) = base.type, let (m, arguments) = typer.members(of: n) else { return nil }
            // A generic value whose arguments a literal gave is still open to its context.
            guard !ScopedTyper.stillOpen(base, arguments) else { return ScriptSubscripts(declarations: [], receiver: nil) }
            return ScriptSubscripts(declarations: m.subscripts,
                                    receiver: TypeRules.Receiver(spelling: n, parameters: m.genericParameters.map(\.name)))
        }

        var intFromOneKnownOperand: Bool { !typer.answersOnlyWhatCompiles }
        var unknownIndexIsInt: Bool { false }
    }

    /// The type of a name: a local's, a parameter's, a loop element's or closure parameter's,
    /// a member of the type whose code this is, or a global's.
    private func typedName(_ n: String, _ scopes: LexicalScopes, _ place: WalkPlace) -> Typed? {
        if let b = scopes.lookup(n) {
            switch b.origin {
            case .variable(let v):
                guard case .binding = v.pattern.kind else { return nil }
                return (v.type ?? declared[DeclaredName(v.location, v.pattern)]).map { Typed(type: $0, literal: false) }
            case .parameter(let p):
                return p.type.map { Typed(type: $0, literal: false) }
            case .loopElement(let s, let path):
                guard var t = loopElements[s.location] else { return nil }
                for i in path {
                    guard case .tuple(let elements) = t, i < elements.count else { return nil }
                    t = Self.unlabelled(elements[i])
                }
                return Typed(type: t, literal: false)
            case .closureParameter(let closure?, let index):
                return closureParameters[closure].flatMap { index < $0.count ? $0[index].map { Typed(type: $0, literal: false) } : nil }
            case .pattern(_, false, let value?, _):
                // `guard let u = best`: the Optional's wrapped value. A value naming the
                // binding itself (`if let x = x`, `if let n = Int(n)`) means an outer name
                // these scopes do not tell apart: not followed.
                guard !unwrapping.contains(value.location) else { return nil }
                unwrapping.insert(value.location)
                defer { unwrapping.remove(value.location) }
                if case .identifier(n) = value.kind { return nil }
                guard let t = typed(value, scopes, place), case .optional(let w) = t.type, !t.literal else { return nil }
                return Typed(type: w, literal: false)
            case .pattern(_, _, nil, let at?):
                return patternBindings[at].map { Typed(type: $0, literal: false) }
            case .pattern, .caughtError, .closureParameter:
                return nil
            }
        }
        if let t = place.memberTypes[n] { return memberTyped(t) }
        // A global, unless an enclosing function's local of that name is meant.
        guard !scopes.bindsLocally(n), outerVisible(n, place) else { return nil }
        return globalTypes[n].map { Typed(type: $0, literal: false) }
    }

    /// A member's type as the walk read it: a script type made by a call only where no
    /// initializer of it is failable (else the call makes an Optional).
    private func memberTyped(_ t: TypeSyntax) -> Typed? {
        if case .named(let n) = t, let m = typeMembers(n) ?? ownProperties(n), m.initializers.contains(where: { $0.failability != nil }) {
            return nil
        }
        return Typed(type: t, literal: false)
    }

    /// `self.name`, `Int.max`, a chain's `count`: a member the walk reads from its base as
    /// written; nil to type the base's value (`valueMember`).
    private func writtenMember(_ base: Expr, _ name: String, _ scopes: LexicalScopes, _ place: WalkPlace) -> Typed?? {
        if case .self = base.kind { return .some(place.memberTypes[name].flatMap(memberTyped)) }
        // `S.shared`: a script type's static stored property, as its declaration gives it.
        if case .identifier(let n) = base.kind, scopes.lookup(n) == nil, place.memberTypes[n] == nil, let m = typeMembers(n),
           m.genericParameters.isEmpty {
            let props = m.properties.filter { $0.isStatic && $0.getter == nil && LexicalScopes.names(in: $0.pattern) == [name] }
            if props.count == 1 { return .some(propertyType(props[0]).map { Typed(type: $0, literal: false) }) }
        }
        // `Item.donate`: a script enum's case without a payload is a value of the enum.
        if case .identifier(let n) = base.kind, scopes.lookup(n) == nil, place.memberTypes[n] == nil, globalTypes[n] == nil,
           let c = enumCase(n, name), !c.hasPayload {
            return .some(Typed(type: .named(n), literal: false))
        }
        // `Int.max`, `Double.pi`: the standard type's own.
        if case .identifier(let n) = base.kind, n == "Int" || n == "Double", scopes.lookup(n) == nil, typeMembers(n) == nil,
           let t = NumericStatics.type(named: n), NumericStatics.member(name, of: t) != nil {
            return .some(Typed(type: .named(n), literal: false))
        }
        // `xs.map { ... }.count / 2.0`: a chain's collection counts in Int as its receiver does
        // (the element type, which the chain's closures decide, does not matter here).
        if name == "count", standardResult(base, scopes, place)?.countIsInt == true {
            return .some(Typed(type: Self.int, literal: false))
        }
        return nil
    }

    /// A member of a value (not a tuple's element): a collection's `count`, an array's
    /// `first`/`last`, a script type's stored property.
    private func valueMember(_ typedBase: Typed, _ name: String) -> Typed? {
        // A sequence whose own type is not spelt has only its elements and `count`.
        if typedBase.sequenceOnly { return name == "count" ? Typed(type: Self.int, literal: false) : nil }
        guard case .named(let n) = typedBase.type else { return TypeRules.standardMember(name, of: typedBase) }
        guard let (m, arguments) = members(of: n) ?? ownProperties(n).map({ ($0, [:]) }) else {
            return shadowsStandardNumbers ? nil : TypeRules.standardMember(name, of: typedBase)
        }
        guard !Self.stillOpen(typedBase, arguments) else { return nil }
        let props = m.properties.filter { !$0.isStatic && LexicalScopes.names(in: $0.pattern) == [name] }
        // `var rowHeight = 44`: a literal's default type, as in the type's own code.
        guard props.count == 1, let pt = props[0].type ?? props[0].initializer.flatMap(initializerType),
              let t = Self.substituted(pt, arguments) else { return nil }
        return Typed(type: t, literal: false)
    }

    /// What the standard method a call names gives on its receiver, an Array, Set,
    /// Dictionary or String by its declared type or by a chain of such calls on one
    /// (`xs.map { }.filter { }`): the table `:type` reads (`StandardMethodResult`).
    private func standardResult(_ e: Expr, _ scopes: LexicalScopes, _ place: WalkPlace) -> StandardMethodResult? {
        guard case .call(let callee, let args) = e.kind, case .member(let receiver, let method) = callee.kind else { return nil }
        let base: TypeSyntax
        switch standardResult(receiver, scopes, place) {
        case .type(let t)?: base = t
        // An Array whose element a closure decides: only its shape matters to a `count`.
        case .arrayOfClosureResults?: base = .array(.tuple([]))
        case nil:
            switch typed(receiver, scopes, place)?.type {
            case let t? where Self.isStandardCollection(t): base = t
            default: return nil
            }
        }
        return StandardMethodResult(method, args.map(\.label), on: base)
    }

    private static func isStandardCollection(_ t: TypeSyntax) -> Bool {
        switch t {
        case .array, .dictionary, .set, .named("String"): return true
        default: return false
        }
    }

    /// A call of a standard type's conversion (`String(x)`, `Character(s)`, `Int(d)`,
    /// `Int(text)`): .some of its type (nil where the walk cannot tell), nil for another call.
    private func standardConversion(_ n: String, _ args: [Argument], _ scopes: LexicalScopes, _ place: WalkPlace) -> Typed?? {
        switch n {
        case "String" where args.count == 1 && [nil, "describing", "reflecting"].contains(args[0].label)
            && isStandardType("String", scopes, place):
            // Every unlabelled initializer of String (from a Character, a sequence of them, a
            // number, any LosslessStringConvertible) makes a String, whatever its argument.
            return Typed(type: TypeRules.string, literal: false)
        case "Character" where args.count == 1 && args[0].label == nil && isStandardType("Character", scopes, place):
            // Character's unlabelled initializers (of a String, a Unicode.Scalar, a Character)
            // all make a Character; none is failable (a String of more traps).
            return Typed(type: TypeRules.character, literal: false)
        case _ where CheckedNumber(.named(n)) != nil && args.count == 1 && args[0].label == nil:
            guard scopes.lookup(n) == nil, let a = typed(args[0].value, scopes, place) else { return .some(nil) }
            // `Int(text)`, `Double(text)`: the text may be no number.
            if n == "Int" || n == "Double", a.type == TypeRules.string || a.type == Self.subSequence, isStandardType(n, scopes, place) {
                return Typed(type: .optional(.named(n)), literal: false)
            }
            guard Self.isNumber(a.type),
                  let t = TypeRules.numberConversion(n, label: nil, from: a.type) else { return .some(nil) }
            return Typed(type: t, literal: false)
        default:
            return .none
        }
    }

    /// The type of a call's result: a conversion, an initializer of a script type, a global
    /// function's or a method's declared result, `reduce` of numbers.
    private func typedCall(_ callee: Expr, _ args: [Argument], _ scopes: LexicalScopes, _ place: WalkPlace) -> Typed? {
        if case .identifier(let n) = callee.kind, let conversion = standardConversion(n, args, scopes, place) { return conversion }
        // `Row.count(1, [2])`: a script enum's case given its payload.
        if case .member(let receiver, let caseName) = callee.kind, case .identifier(let n) = receiver.kind, scopes.lookup(n) == nil,
           place.memberTypes[n] == nil, globalTypes[n] == nil, let c = enumCase(n, caseName), c.hasPayload, c.count == args.count {
            return Typed(type: .named(n), literal: false)
        }
        switch callee.kind {
        case .identifier(let n) where (n == "abs" || n == "max" || n == "min") && isStandardFunction(n, scopes, place):
            // `abs(x)`, `max(a, b)`: of their arguments' one type.
            var typedArgs: [Typed] = []
            for a in args {
                guard a.label == nil, let t = typed(a.value, scopes, place) else { return nil }
                typedArgs.append(t)
            }
            return TypeRules.standardFunction(n, typedArgs)
        case .identifier("Array") where args.count == 1 && args[0].label == nil && scopes.lookup("Array") == nil && typeMembers("Array") == nil:
            guard let r = typed(args[0].value, scopes, place), case .array = r.type else { return nil }
            return Typed(type: r.type, literal: r.literal)
        case .identifier(let n) where scopes.lookup(n) == nil && place.memberTypes[n] == nil && typeMembers(n) != nil:
            // `P(...)` of a script type without a failable initializer is a P
            // (`Store<Double>()`, with its arguments).
            guard let m = typeMembers(n), !m.initializers.contains(where: { $0.failability != nil }) else { return nil }
            if case .named(let g)? = callee.writtenGenericType { return Typed(type: .named(g), literal: false) }
            guard !m.genericParameters.isEmpty else { return Typed(type: .named(n), literal: false) }
            // `Box(item: 3)`: a `Box<Int>`, its arguments bound by the initializer's.
            let declared = TypeRules.initializerParameters(m, isStruct: isStruct(n), labels: args.map(\.label))
            return TypeRules.constructed(n, parameters: m.genericParameters.map(\.name), declared: declared, args: args) {
                typed($0, scopes, place)
            }
        case .identifier(let n) where scopes.lookup(n) == nil && place.memberTypes[n] == nil && ownProperties(n) != nil:
            // `VC()` of a script class with a superclass is a VC.
            guard ownProperties(n)?.initializers.contains(where: { $0.failability != nil }) == false else { return nil }
            return Typed(type: .named(n), literal: false)
        case .identifier(let n):
            guard !place.inTypeMember || outerVisible(n, place), scopes.lookup(n) == nil, typeMembers(n) == nil,
                  let f = function(n), TypeRules.accepts(f.parameters, args.map(\.label)) else { return nil }
            return TypeRules.declaredResult(f.returnType, generics: f.genericParameters, parameters: f.parameters, args: args,
                                            receiver: nil) { typed($0, scopes, place) }
        case .member(let receiver, let method) where Self.elementMethods.contains(method) && !(args.count == 1 && Self.isClosure(args[0].value)):
            return elementResult(receiver, method, args, scopes, place)
        case .member(let receiver, let method) where Self.stringSlicing(method, args) && typed(receiver, scopes, place)?.type == TypeRules.string:
            // A String's slice is a Substring, which swiftc names by the member that made it
            // (a script's own member of that name may be another overload).
            guard !outerNames.memberNames.contains(method) else { return nil }
            guard args.allSatisfy({ $0.label == "separator" || typed($0.value, scopes, place)?.type == Self.int }) else { return nil }
            return Typed(type: method == "split" ? .array(Self.subSequence) : Self.subSequence, literal: false)
        case .member(let receiver, let method) where ["reversed", "prefix", "suffix", "dropFirst", "dropLast"].contains(method):
            // A view or a slice of the same elements.
            guard let real = typed(receiver, scopes, place), let r = Self.asSequence(real), case .array(let e) = r.type,
                  args.allSatisfy({ $0.label == nil && typed($0.value, scopes, place)?.type == Self.int }) else { return nil }
            let spelt = real.sequenceOnly ? nil : TypeRules.sliced(method, of: real.type)
            return Self.spelledSequence(spelt, element: e, literal: r.literal)
        case .member(let receiver, "enumerated") where args.isEmpty:
            guard let real = typed(receiver, scopes, place), let r = Self.asSequence(real), case .array(let e) = r.type else { return nil }
            let spelt = real.sequenceOnly ? nil : TypeSyntax.named("EnumeratedSequence<\(StaticTyper.spelling(real.type))>")
            return Self.spelledSequence(spelt, element: .tuple([.labelled("offset", Self.int), .labelled("element", e)]), literal: false)
        case .member(let receiver, let method) where Self.numberMethods.contains(method):
            // `d.rounded()`, `n.advanced(by: 1)`: a number of the receiver's type.
            guard let r = typed(receiver, scopes, place), Self.isNumber(r.type), !r.literal,
                  method != "squareRoot" || r.type == Self.double else { return nil }
            return Typed(type: r.type, literal: false)
        case .member(_, "reduce") where args.count == 2 && { if case .closure = args[1].value.kind { return true }; return false }():
            // `ints.reduce(0.0) { }` is of its initial value's type; `ints.reduce(0) { }` of
            // what its body gives, where that is certain.
            let closure = args[1].value.location
            return (reduceResults[closure] ?? literalReduceTypes[closure]).map { Typed(type: $0, literal: false) }
        case .member(let receiver, "reduce") where args.count == 2:
            // `scores.reduce(0, +)`: the sum of the elements is of their type.
            guard case .identifier(let f) = args[1].value.kind, ["+", "-", "*"].contains(f), !userOperators.contains(f),
                  let r = sequenceTyped(receiver, scopes, place), case .array(let t) = r.type, Self.isNumber(t) else { return nil }
            // From an integer literal, the sum's type is still open (swiftc makes it what
            // the context asks for); `+` and `-` are also prefix operators, which swiftc
            // then names. The elements' own openness, a `map`'s, comes first.
            // Literal elements are still open themselves (`[1, 2].reduce(0, +) / 2.0` is 1.5).
            guard !r.literal else { return Typed(type: t, literal: true) }
            var chosen = r.chosen
            if chosen == nil, f != "*", case .integer = args[0].value.kind {
                chosen = .reduceOperator(at: args[1].value.location, element: t)
            }
            return Typed(type: t, literal: false, chosen: chosen)
        case .member(let receiver, let method):
            guard let r = typed(receiver, scopes, place) else { return nil }
            // A literal receiver's elements are still open (a range's literals are Ints).
            if args.count == 1, Self.isClosure(args[0].value), Self.asSequence(r)?.literal == false, !(r.sequenceOnly && method == "filter"),
               let t = TypeRules.closureCall(method, on: r, closureResult: { closureResultTyped(args[0].value) }) {
                return t
            }
            return methodResult(r, method, args, scopes, place)
        default:
            return nil
        }
    }

    /// The methods of a sequence whose result `StandardMethodResult` gives from its
    /// elements' type alone: an element (`max()`), an index, or an Array of the same elements.
    private static let elementMethods: Set<String> = [
        "max", "min", "randomElement", "popLast", "filter", "sorted", "shuffled", "firstIndex", "lastIndex",
    ]

    /// `ints.max()`, `ints.filter { }`, `ints.firstIndex(of: 2)`: the table's result for an
    /// Array of the receiver's elements. What stays open in the elements (a literal's type,
    /// a context's choice) stays open in an element or an Array of them.
    private func elementResult(_ receiver: Expr, _ method: String, _ args: [Argument], _ scopes: LexicalScopes, _ place: WalkPlace) -> Typed? {
        guard let r = sequenceTyped(receiver, scopes, place), case .array(let e) = r.type,
              case .type(let t)? = StandardMethodResult(method, args.map(\.label), on: r.type) else { return nil }
        switch t {
        case .array(e): return Typed(type: t, literal: r.literal, chosen: r.chosen)
        case .optional(e): return Typed(type: t, literal: false, chosen: r.chosen)
        default: return Typed(type: t, literal: false)
        }
    }

    /// A script type's method: its declared result, with the receiver's generic arguments.
    private func methodResult(_ receiver: Typed, _ method: String, _ args: [Argument], _ scopes: LexicalScopes,
                              _ place: WalkPlace) -> Typed? {
        guard case .named(let tn) = receiver.type, let (m, arguments) = members(of: tn), !Self.stillOpen(receiver, arguments),
              let f = TypeRules.chosen(m.methods.filter { $0.name == method && !$0.isStatic }, args.map(\.label)) else { return nil }
        let owner = TypeRules.Receiver(spelling: tn, parameters: m.genericParameters.map(\.name))
        return TypeRules.declaredResult(f.returnType, generics: f.genericParameters, parameters: f.parameters, args: args,
                                        receiver: owner) { typed($0, scopes, place) }
    }

    /// A generic type's value whose arguments a literal gave (`Box(item: 2)`): the context
    /// may still choose them (`let d: Double = Box(item: 2).get()` makes T a Double).
    static func stillOpen(_ t: Typed, _ arguments: [String: String]) -> Bool { t.literal && !arguments.isEmpty }

    /// What a closure gives, where its body was walked and gives one type (a written result
    /// type decides). A number stays open to the context where the body is one value (its
    /// expression or its one `return`): swiftc then refuses that value (`ChosenByContext`).
    func closureResultTyped(_ closure: Expr) -> Typed? {
        guard case .closure(let c) = closure.kind else { return nil }
        if let written = c.returnType { return Typed(type: written, literal: false) }
        let single = c.body.count == 1 && { if case .expression = c.body[0].kind { return true }; return false }()
        guard let results = closureResults[closure.location]?.filter({ $0.isReturn != single }), let first = results.first,
              var element = first.type else { return nil }
        for r in results.dropFirst() {
            guard let t = r.type, let j = TypeRules.joined(element, t) else { return nil }
            element = j
        }
        let open = results.count == 1 && !element.literal && Self.isNumber(element.type)
        return Typed(type: element.type, literal: element.literal,
                     chosen: open ? .closureResult(at: Self.anchor(first.value), given: element.type) : nil)
    }

    private static func isNil(_ e: Expr) -> Bool {
        if case .nil = e.kind { return true }
        return false
    }

    private static func isClosure(_ e: Expr) -> Bool {
        if case .closure = e.kind { return true }
        return false
    }

    /// A receiver's elements: `typed`, where a range of Int counts through Ints (a range of
    /// Double is no Sequence).
    func sequenceTyped(_ e: Expr, _ scopes: LexicalScopes, _ place: WalkPlace) -> Typed? {
        typed(e, scopes, place).flatMap(Self.asSequence)
    }

    /// A value as the sequence of its elements: an Array as it is, another sequence the
    /// rules spell (`Range<Int>`, `ArraySlice<Int>`, a dictionary's `Keys`) as an Array of
    /// its elements, only for them (a range's literals are Ints: a range of Double is no Sequence).
    static func asSequence(_ t: Typed) -> Typed? {
        if case .array = t.type { return t }
        guard case .named = t.type, let e = TypeRules.element(of: t.type) else { return t }
        let literal = t.literal && rangeType(t.type) == nil
        return Typed(type: .array(e), literal: literal, chosen: t.chosen, sequenceOnly: true)
    }

    /// A sequence of `element`s spelt `spelt` where the rules spell it and read its elements
    /// back; else one whose own type is not spelt.
    static func spelledSequence(_ spelt: TypeSyntax?, element: TypeSyntax, literal: Bool) -> Typed {
        if let spelt, TypeRules.element(of: spelt) == element { return Typed(type: spelt, literal: literal) }
        return Typed(type: .array(element), literal: literal, sequenceOnly: true)
    }

    /// A String's Substring as swiftc spells it where a String method made it.
    static let subSequence = TypeSyntax.named("String.SubSequence")

    /// A range written out: `a..<b`, `a...b`, `a...`, `..<b`, `...b`.
    static func isRangeSyntax(_ e: Expr) -> Bool {
        switch e.kind {
        case .binary(.closedRange, _, _), .binary(.halfOpenRange, _, _): return true
        case .unary(.rangeUpTo, _), .unary(.rangeThrough, _), .unary(.rangeFrom, _): return true
        default: return false
        }
    }

    /// `s.dropFirst()`, `s.prefix(2)`, `s.split(separator: " ")`: the String methods whose
    /// result is made of Substrings.
    private static func stringSlicing(_ method: String, _ args: [Argument]) -> Bool {
        switch method {
        case "prefix", "suffix", "dropFirst", "dropLast": return args.count <= 1 && args.allSatisfy { $0.label == nil }
        case "split": return args.count == 1 && args[0].label == "separator"
        default: return false
        }
    }

    /// The standard methods of Int and Double that give a number of the receiver's type.
    private static let numberMethods: Set<String> = ["rounded", "squareRoot", "advanced", "signum"]

    /// Whether `name` called here is the standard library's global function (no local,
    /// member, script function or type of that name).
    func isStandardFunction(_ name: String, _ scopes: LexicalScopes, _ place: WalkPlace) -> Bool {
        scopes.lookup(name) == nil && place.memberTypes[name] == nil && (!place.inTypeMember || outerVisible(name, place))
            && !declaresFunction(name) && typeMembers(name) == nil
    }

    /// Whether `name` called here is the standard library's type, which no script
    /// declaration shadows or extends (an extension may add an initializer of another result).
    private func isStandardType(_ name: String, _ scopes: LexicalScopes, _ place: WalkPlace) -> Bool {
        isStandardFunction(name, scopes, place) && ownProperties(name) == nil && !shadowsStandardNumbers
            && outerNames.inherited[name] == nil && outerNames.sessionInherited(name) == nil
    }

    /// The type a stored property's initializer gives it where nothing else is read:
    /// literals' default types, a script type's initializer, an Array of those.
    private func initializerType(_ e: Expr) -> TypeSyntax? {
        switch e.kind {
        case .call(let callee, _):
            guard case .identifier(let n) = callee.kind, typeMembers(n) != nil else { return nil }
            return typed(e, LexicalScopes(), WalkPlace())?.type
        case .array(let items) where !items.isEmpty:
            let types = items.map(initializerType)
            guard let first = types[0], types.allSatisfy({ $0 == first }) else { return nil }
            return .array(first)
        default:
            return literalType(e)
        }
    }

    /// The type of a value written as literals only (`44`, `["a": 1]`): their default types.
    private func literalType(_ e: Expr) -> TypeSyntax? {
        guard let t = typed(e, LexicalScopes(), WalkPlace()), t.literal else { return nil }
        return t.type
    }

    /// A script type's members by its spelling, and the arguments written in it by
    /// parameter (`Store<Double>`: T is Double); empty for a non-generic type.
    func members(of spelled: String) -> (TypeMembers, [String: String])? {
        let written = WrittenType(spelled)
        guard let m = typeMembers(written.name) else { return nil }
        guard !written.arguments.isEmpty else { return m.genericParameters.isEmpty ? (m, [:]) : nil }
        guard m.genericParameters.count == written.arguments.count else { return nil }
        return (m, Dictionary(zip(m.genericParameters.map(\.name), written.arguments), uniquingKeysWith: { a, _ in a }))
    }

    /// A member's declared type with the type's arguments in place; nil where it still
    /// names a parameter (unknown here).
    static func substituted(_ t: TypeSyntax, _ arguments: [String: String]) -> TypeSyntax? {
        guard !arguments.isEmpty else { return t }
        let s = TypeRules.substituting(written: arguments, in: t)
        return TypeRules.mentions(s, Set(arguments.keys)) ? nil : s
    }

    /// A range of Int or of Double written as a type.
    static func rangeType(_ t: TypeSyntax) -> RangeTypeName? {
        guard case .named(let n) = t, let r = RangeTypeName(n), r.bound == "Int" || r.bound == "Double" else { return nil }
        return r
    }

}

/// The standard number types the check follows, told from a type's name here only.
enum CheckedNumber: Equatable {
    case int, double, float, cgFloat
    /// `Int8` ... `UInt64`, `UInt`: no other number type meets one but an integer literal.
    case fixed(String)

    static let fixedWidthNames: Set<String> = ["Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64"]

    init?(_ t: TypeSyntax) {
        guard case .named(let n) = t else { return nil }
        switch n {
        case "Int": self = .int
        case "Double": self = .double
        case "Float": self = .float
        case "CGFloat": self = .cgFloat
        default:
            guard Self.fixedWidthNames.contains(n) else { return nil }
            self = .fixed(n)
        }
    }

    var isFloatingPoint: Bool { self == .double || self == .float || self == .cgFloat }
    var isFixedWidth: Bool { if case .fixed = self { return true }; return false }

    /// Whether a value of this type goes where `target` is expected: the same type, or
    /// Double and CGFloat, which Swift converts between.
    func converts(to target: CheckedNumber) -> Bool {
        self == target || (self == .double && target == .cgFloat) || (self == .cgFloat && target == .double)
    }

    /// Whether a literal of this default type takes `target`'s type: an integer literal is
    /// any number, a floating-point literal any floating-point type.
    func literalFits(_ target: CheckedNumber) -> Bool { self == .int || target.isFloatingPoint }
}

/// The walk of one expression for `:type` (StaticExpressionType.swift): the typer and the
/// numeric check, fed as an entry's walk feeds them (UnitScopedChecks).
struct ExpressionTypeWalk: ScopedWalker {
    var walk = ScopedWalkState()
    let types: ScopedTyper
    var numericConversions: NumericConversionCheck

    mutating func statement(_ s: Stmt, _ scopes: LexicalScopes, _ place: WalkPlace) {
        numericConversions.statement(s, scopes, place)
        types.statement(s, scopes, place)
    }

    mutating func call(_ e: Expr, callee: Expr, args: [Argument], _ role: ExpressionRole, _ scopes: LexicalScopes, _ place: WalkPlace) {
        types.call(callee: callee, args: args, scopes, place)
    }

    mutating func callWalked(_ e: Expr, callee: Expr, args: [Argument], _ scopes: LexicalScopes, _ place: WalkPlace) {
        numericConversions.callWalked(e, callee: callee, args: args, scopes, place)
    }

    mutating func binary(_ e: Expr, _ op: BinaryOperator, _ l: Expr, _ r: Expr, _ scopes: LexicalScopes, _ place: WalkPlace) {
        numericConversions.binary(e, op, l, r, scopes, place)
    }

    mutating func member(_ base: Expr, _ name: String, _ scopes: LexicalScopes, _ place: WalkPlace) {
        numericConversions.member(base, name, scopes, place)
    }

    mutating func loop(_ pattern: Pattern, _ sequence: Expr, _ scopes: LexicalScopes, _ place: WalkPlace) {
        types.loop(pattern, sequence, scopes, place)
    }

    mutating func closure(_ e: Expr, _ c: ClosureExpr) {
        types.closure(e, c)
    }
}

extension InterpreterCore {
    /// One expression walked as an entry's statement: what the walk's typer says of it (nil
    /// where it does not know, or knows only a sequence's elements), or the numeric check's
    /// first error, which swiftc gives for that expression.
    func walkTyped(_ e: Expr, _ file: SourceFile) -> (type: TypeSyntax?, refusal: Diagnostic?) {
        let statement = Stmt(.expression(e), at: e.location)
        let types = scopedTyper(SourceUnit(statements: [statement], imports: []))
        types.answersOnlyWhatCompiles = true
        var walk = ExpressionTypeWalk(types: types, numericConversions: numericConversionCheck(types, file))
        walk.walkUnit([statement])
        if let refusal = walk.numericConversions.found.first { return (nil, refusal) }
        guard let t = types.typed(e, walk.walk.scopes, WalkPlace()), !t.sequenceOnly else { return (nil, nil) }
        return (t.type, nil)
    }
}

/// A function named by an operator (`==`, `+`), not a word: its first character is neither a
/// letter nor `_`. The typer asks this of every host function's name for each unit, so an
/// ASCII first byte (nearly every name) is judged without Unicode's tables.
private func startsLikeAnOperator(_ name: String) -> Bool {
    guard let byte = name.utf8.first else { return false }
    if byte < 0x80 {
        let isLetter = (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
        return !isLetter && byte != UInt8(ascii: "_")
    }
    return name.first.map { !$0.isLetter } == true
}
