// A stored property's default is compiled only when an instance is made without it, and
// a static's on its first use; swiftc refuses the whole file before that
// (`var type = Nope.x`: "cannot find 'Nope' in scope"; `var other: Missing?`: "cannot
// find type 'Missing' in scope"). The defaults are compiled here once more, as functions
// are (FunctionNameCheck.swift), only to collect the names nothing resolves; an annotation
// is refused where its type is none the session, the host, the standard library or a
// framework the host knows of has.

import TableLabSyntax

/// The stored properties a unit's structs, classes and enums declare (not a table's, which
/// is not Swift), at any depth, by location; and every generic parameter and type alias name
/// it declares.
private struct UnitProperties: SyntaxVisitor {
    var properties: [VariableDecl] = []
    var genericNames = Set<String>()

    mutating func visit(_ node: Decl) -> SyntaxVisitorContinueKind {
        switch node {
        case .struct(let x): add(x.members)
        case .class(let x): add(x.members)
        case .enum(let x): add(x.members)
        case .function(let f): genericNames.formUnion(f.genericParameters.map(\.name))
        // A type alias, at any depth, names a type too (`typealias ID = String` in a struct).
        case .typeAlias(let a): genericNames.insert(a.name)
        case .extension(_, let members, _): genericNames.formUnion(members.typeAliases.map(\.name))
        default: break
        }
        return .visitChildren
    }

    private mutating func add(_ members: TypeMembers) {
        genericNames.formUnion(members.genericParameters.map(\.name))
        genericNames.formUnion(members.typeAliases.map(\.name))
        properties += members.properties.filter { $0.getter == nil && !$0.isLazy }
    }
}

/// The parameters of every function, method and initializer a unit declares, at any depth,
/// outside protocols and extensions (where `Element`, `Wrapped` or an associated type may be
/// meant); and every type name the unit declares at any depth (a nested `Kind`).
private struct UnitFunctionParameters: SyntaxVisitor {
    var parameters: [Parameter] = []
    var typeNames = Set<String>()
    private var opaqueDepth = 0

    mutating func visit(_ node: Decl) -> SyntaxVisitorContinueKind {
        switch node {
        case .function(let f): if opaqueDepth == 0 { parameters += f.parameters }
        case .struct(let x): typeNames.insert(x.name)
        case .class(let x): typeNames.insert(x.name)
        case .enum(let x): typeNames.insert(x.name)
        case .protocol, .extension: opaqueDepth += 1
        default: break
        }
        return .visitChildren
    }

    mutating func visitPost(_ node: Decl) {
        switch node {
        case .protocol, .extension: opaqueDepth -= 1
        default: break
        }
    }
}

extension InterpreterCore {
    /// The names the unit's stored properties' defaults use that nothing resolves (as
    /// `unresolvedTopLevelNames` records them), and its annotations' unknown types. Called
    /// by `checkFunctionNames` while it records.
    func propertyNames(_ unit: SourceUnit, types: [UserType])
        -> (unresolved: [(name: String, at: SourceLocation)], unknownTypes: [RuntimeError]) {
        var visitor = UnitProperties()
        visitor.walk(unit.statements)
        guard !visitor.properties.isEmpty else { return ([], []) }
        // By where the type keeps each (its `var`/`let` keyword).
        var properties: [SourceLocation: VariableDecl] = [:]
        for p in visitor.properties { properties[keywordLocation(p)] = p }
        var unresolved: [(name: String, at: SourceLocation)] = []
        // Only the names: what else compiling a default refuses is reported where it runs,
        // as before (a framework value TableLab does not simulate is valid Swift).
        let savedRefusals = compileTimeRefusals
        defer { compileTimeRefusals = savedRefusals }
        func compileDefault(_ e: Expr, _ t: UserType, expected: RType?, _ name: String) {
            compileTimeRefusals = []
            unresolvedTopLevelNames = []
            _ = inFile(t.file) { standaloneFunction(e, selfType: t, expected: expected, name: name, propertyInitializer: true) }
            unresolved += unresolvedTopLevelNames ?? []
        }
        var unknownTypes: [RuntimeError] = []
        for t in types {
            for i in t.fieldNames.indices where i < t.fieldLocations.count {
                guard let p = properties[t.fieldLocations[i]] else { continue }
                if let e = t.fieldDefaults[i] { compileDefault(e, t, expected: t.fieldTypes[i], "\(t.name).\(t.fieldNames[i])") }
                if let e = unknownType(p, genericNames: visitor.genericNames) { unknownTypes.append(e) }
            }
        }
        for (slot, p, t) in staticInits where properties[keywordLocation(p)] != nil {
            if let e = p.initializer, let name = p.name { compileDefault(e, t, expected: globalTypes[slot], "\(t.name).\(name)") }
            if let e = unknownType(p, genericNames: visitor.genericNames) { unknownTypes.append(e) }
        }
        return (unresolved, Self.distinctByPlace(unknownTypes.map { withGeneratedClassNote($0, unit) }))
    }

    /// swiftc's "cannot find type 'Person' in scope" in a unit that imports Core Data:
    /// with a note that such a class is often the one Xcode generates from the app's data
    /// model (an entity's Codegen), which no Swift file holds, and that Core Data is not
    /// simulated, so that a pasted Core Data screen says why it stops.
    private func withGeneratedClassNote(_ e: RuntimeError, _ unit: SourceUnit) -> RuntimeError {
        guard unit.imports.contains("CoreData"), case .cannotFindTypeInScope(let name)? = e.diagnostic.content as? EntryMessage else { return e }
        var out = e
        out.diagnostic.notes.append(.note(EntryMessage.generatedClass(name), at: e.diagnostic.location))
        return out
    }

    /// A missing name that is a class the build generates (`:datamodel`): not simulated,
    /// said as such, in place of "cannot find" and its note.
    func refusingGeneratedClass(_ e: RuntimeError) -> RuntimeError {
        let name: String
        switch e.diagnostic.content as? EntryMessage {
        case .cannotFindInScope(let n)?, .cannotFindTypeInScope(let n)?: name = n
        default: return e
        }
        guard let model = hosting.generatedClasses[name] else { return e }
        return RuntimeError(EntryMessage.coreDataEntity(name, model: model), at: e.diagnostic.location)
    }

    /// `var other: Missing?`: an annotation naming a type nothing declares, written as a
    /// name, an optional of one or an array of one (where swiftc's caret stands is known).
    private func unknownType(_ p: VariableDecl, genericNames: Set<String>) -> RuntimeError? {
        guard let type = p.type, p.typeLocation != .unknown else { return nil }
        return unknownType(type, at: p.typeLocation, genericNames: genericNames)
    }

    /// `func f(_ x: Nope)`: a parameter's type nothing declares, in the unit's functions,
    /// methods and initializers at any depth (the generic parameters of each seen).
    func unknownParameterTypes(_ unit: SourceUnit) -> [RuntimeError] {
        var visitor = UnitProperties()
        visitor.walk(unit.statements)
        var functions = UnitFunctionParameters()
        functions.walk(unit.statements)
        let known = visitor.genericNames.union(functions.typeNames)
        var out: [RuntimeError] = []
        for p in functions.parameters {
            guard let t = p.type, p.typeLocation != .unknown else { continue }
            var declared = t
            if p.isVariadic, case .array(let e) = t { declared = e }
            if let e = unknownType(declared, at: p.typeLocation, genericNames: known) { out.append(e) }
        }
        return Self.distinctByPlace(out.map { withGeneratedClassNote($0, unit) })
    }

    private func unknownType(_ type: TypeSyntax, at location: SourceLocation, genericNames: Set<String>) -> RuntimeError? {
        var inner = type
        if case .optional(let w) = inner { inner = w }
        var offset = 0
        if case .array(let e) = inner { inner = e; offset = 1 }
        guard case .named(let n) = inner, surelyNoType(n, genericNames: genericNames) else { return nil }
        let at = SourceLocation(line: location.line, column: location.column + offset)
        return RuntimeError(EntryMessage.cannotFindTypeInScope(n), at: at)
    }

    /// Whether no type of that name can exist where the unit names it.
    private func surelyNoType(_ n: String, genericNames: Set<String>) -> Bool {
        guard !n.contains("."), !n.contains("<"), !genericNames.contains(n), n != "Self",
              typeSlots[n]?.current == nil else { return false }
        // A slot without a declaration is a name used before, never declared (or taken back).
        switch resolveType(.named(n)) {
        case .external: break
        case .user(let s) where s.current == nil: break
        default: return false
        }
        if hosting.valueTypes.contains(n) || hosting.typeNames.contains(n) { return false }
        if ["Any", "Int", "Double", "String", "Float", "Bool", "Character", "Optional", "Array", "Dictionary", "Set"]
            .contains(where: { n.hasPrefix($0) }) { return false }
        return hosting.missingName?(n) == nil && !StandardLibraryNames.all.contains(n) && !StandardLibraryNames.foundationTypes.contains(n) && !isProtocolName(n) && !isDeclaredNow(n)
            && protocols.typeAliases[n] == nil
    }
}
