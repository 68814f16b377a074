// Generic parameters, `where` clauses and type aliases, and the members that extensions
// give built-in types (`extension String { var shouted: String { ... } }`).
//
// The interpreter is dynamically typed: a generic parameter stands for its constraint
// (`T: Shape` accepts any value whose type conforms to Shape, `T` alone anything), checked
// when a value arrives. A requirement TableLab cannot check is refused by name.

import TableLabSyntax
import TableLabExhaustiveness

/// Standard protocols a script may use as a type or a constraint.
private let standardProtocols: Set<String> = [
    "Equatable", "Hashable", "Comparable", "CustomStringConvertible", "CaseIterable", "Error",
    "Numeric", "BinaryInteger", "FloatingPoint", "StringProtocol", "Collection", "Sequence", "Codable",
    "Identifiable", "CustomDebugStringConvertible", "LosslessStringConvertible", "Sendable",
]

/// What swiftc's messages about a generic function's arguments need.
final class GenericCallInfo {
    let kind: String
    let name: String
    let nameLocation: SourceLocation
    let groups: [(String, [Int])]
    /// `where C.Element: Equatable` / `where S.Element == Int`, by generic parameter.
    var elementRequirements: [String: WhereRequirement] = [:]
    /// `where C.Item == Int` on an associated type of a script protocol, by generic parameter.
    var associatedRequirements: [String: [(associated: String, requirement: WhereRequirement)]] = [:]
    /// A generic struct's constrained parameters, by the type its members' `T` resolves to.
    var structParameters: [(name: String, constraint: String, type: RType)] = []
    init(kind: String, name: String, nameLocation: SourceLocation, groups: [(String, [Int])]) {
        self.kind = kind; self.name = name; self.nameLocation = nameLocation; self.groups = groups
    }
}

/// Members of the built-in types that an extension's code may name without `self.`.
private let builtinMemberNames: Set<String> = [
    "count", "isEmpty", "first", "last", "indices", "keys", "values", "description", "magnitude",
    "reduce", "map", "filter", "compactMap", "flatMap", "forEach", "contains", "sorted", "reversed", "enumerated",
    "joined", "append", "insert", "remove", "removeAll", "removeLast", "removeFirst", "firstIndex", "lastIndex",
    "allSatisfy", "uppercased", "lowercased", "hasPrefix", "hasSuffix", "split", "dropFirst", "dropLast",
    "prefix", "suffix", "isMultiple", "rawValue", "lowerBound", "upperBound", "startIndex", "endIndex", "starts",
    "capitalized", "localizedCapitalized", "localizedUppercase", "localizedLowercase",
]

extension InterpreterCore {
    /// A generic parameter in scope, a type alias, or a protocol used as a type.
    func resolveSpecialType(_ n: String) -> RType? {
        for scope in protocols.genericScopes.reversed() { if let t = scope[n] { return t } }
        // `C.Element`, `C.Item` of a generic parameter `C`: any value (an associated type's
        // requirement is checked at the call; it was `C.Item`, a type no value had).
        if let dot = n.firstIndex(of: "."), !n.contains("<") {
            let base = String(n[..<dot])
            for scope in protocols.genericScopes.reversed() where scope[base] != nil { return .any }
        }
        if let a = protocols.typeAliases[n] {
            protocols.typeAliases[n] = nil   // a cycle resolves to the name itself
            defer { protocols.typeAliases[n] = a }
            return resolveType(a)
        }
        // A script type of the same name (`enum Error`) is that type.
        if isProtocolName(n), typeSlots[n]?.current == nil { return .conforming(n) }
        // `Box<Int>`: a generic struct of the script, checked as the struct.
        if let i = n.firstIndex(of: "<"), let s = typeSlots[String(n[..<i])], let t = s.current,
           protocols.genericParameters[t.id] != nil {
            return .user(s)
        }
        return nil
    }

    /// The names a type's members see: its generic parameters, its `typealias` members, and
    /// the associated types of its protocols (their witness alias, else anything).
    func typeScope(_ t: UserType) -> [String: RType] {
        var scope: [String: RType] = [:]
        if !t.conformances.isEmpty {
            for n in allProtocols(Array(t.conformances)) {
                for a in protocols.protocols[n]?.decl.associatedTypes ?? [] { scope[a.name] = .any }
            }
        }
        if let aliases = protocols.memberAliases[t.id] {
            for a in aliases { scope[a.name] = resolveType(a.type) }
        }
        if let ps = protocols.genericParameters[t.id] {
            for p in ps { scope[p.name] = constraintType(p.constraint) }
        }
        // An extension of a built-in generic type sees its parameters (`Element` in
        // `extension Array`), standing for any type as a generic function's do.
        if protocols.builtinExtensions[t.name] === t {
            for p in Self.builtinGenericParameters[t.name] ?? [] where scope[p] == nil { scope[p] = .any }
        }
        return scope
    }

    static let builtinGenericParameters: [String: [String]] = [
        "Array": ["Element"], "Set": ["Element"], "Dictionary": ["Key", "Value"], "Optional": ["Wrapped"],
        "ArraySlice": ["Element"], "Sequence": ["Element"], "Collection": ["Element"],
    ]

    func isProtocolName(_ n: String) -> Bool {
        if n.contains(" & ") { return n.split(separator: " & ").map(String.init).allSatisfy(isProtocolName) }
        return protocols.protocols[n] != nil || standardProtocols.contains(n) || n == "AnyObject"
    }

    /// What a generic parameter stands for: its constraint, or anything.
    private func constraintType(_ c: TypeSyntax?) -> RType {
        guard let c else { return .any }
        return resolveType(c)
    }

    /// Makes the generic parameters of `f` and of its type visible while it is compiled;
    /// answers the depth to restore.
    func pushGenericScope(_ f: FunctionDecl, _ selfType: UserType?) -> Int {
        let depth = protocols.genericScopes.count
        var scope: [String: RType] = selfType.map(typeScope) ?? [:]
        // `Self` as a type in a member: the type itself.
        if let t = selfType, protocols.builtinExtensions[t.name] !== t, typeSlots[t.name]?.current === t {
            scope["Self"] = .user(typeSlot(t.name))
        }
        if !f.genericParameters.isEmpty {
            var constraints: [String: [String]] = [:]
            for p in f.genericParameters { if let c = p.constraint { constraints[p.name, default: []].append(c.description) } }
            for r in f.whereClause where !r.isSameType {
                constraints[r.subject.description, default: []].append(r.constraint.description)
            }
            for p in f.genericParameters {
                if let cs = constraints[p.name] {
                    let joined = cs.joined(separator: " & ")
                    scope[p.name] = isProtocolName(joined) ? .generic(name: p.name, constraint: joined) : constraintType(p.constraint)
                } else {
                    scope[p.name] = .any
                }
            }
        }
        if !scope.isEmpty {
            protocols.genericScopes.append(scope)
            var metas: [String: String] = [:]
            for p in f.parameters {
                if case .named(let n)? = p.type, n.hasSuffix(".Type"), f.genericParameters.contains(where: { $0.name + ".Type" == n }) {
                    metas[String(n.dropLast(5))] = p.name
                }
            }
            protocols.metatypeParameters.append(metas)
            protocols.resultOnlyParameters.append(resultOnlyGenericParameters(f))
        }
        return depth
    }

    func popGenericScope(_ depth: Int) {
        if protocols.genericScopes.count > depth {
            protocols.metatypeParameters.removeLast(protocols.genericScopes.count - depth)
            protocols.resultOnlyParameters.removeLast(protocols.genericScopes.count - depth)
            protocols.genericScopes.removeLast(protocols.genericScopes.count - depth)
        }
    }

    /// `T(count: n)` where `T` is read from a `_ t: T.Type` parameter: the initializer of
    /// the type it holds (a custom one, or a struct's memberwise one).
    func compileMetatypeConstruction(_ param: String, _ args: [Argument], _ scope: FnScope, _ loc: SourceLocation) -> Eval {
        let typeValue = compileExpr(Expr(.identifier(param), at: loc), scope, expected: nil)
        let push = compilePushArgs(args, scope)
        let labels = args.map(\.label)
        return { [core = Unretained(self)] m in
            let tv = try typeValue(m)
            let argc = try push(m)
            guard case .type(.structType(let t)) = tv else {
                m.pop(argc)
                throw RuntimeError(UnsupportedMessage.constructingGenericType(core.object.typeName(tv)), at: loc)
            }
            if t.kind == .class { return try core.object.constructClass(m, t, labels, argc, loc) }
            if !core.object.usesMemberwise(t, labels) { return try core.object.runCustomInit(m, t, labels, argc, loc) }
            let given = Array(UnsafeBufferPointer(start: m.pointee.sp - argc, count: argc))
            m.pop(argc)
            let params = t.fieldNames.enumerated().map { (label: Optional(core.object.initLabel($0.element)),
                                                          hasDefault: t.fieldDefaults[$0.offset] != nil || core.object.isOptionalType(t.fieldTypes[$0.offset])) }
            let map: [Int?]
            switch core.object.matchArguments(params.map { ($0.label, $0.hasDefault) }, labels) {
            case .success(let mp): map = mp
            case .failure(let e): throw RuntimeError(e.message, at: loc)
            }
            var fields: [Value] = []
            for (fi, ai) in map.enumerated() {
                var v: Value
                if let ai { v = given[ai] } else if let d = core.object.fieldDefault(t, fi) { v = try m.invoke(d, argc: 0, location: loc) } else { v = .nilValue }
                if let ft = t.fieldTypes[fi] { v = try core.object.checkMemberwiseArgument(v, ft, of: t, loc, callee: loc) }
                fields.append(v)
            }
            return .structValue(StructValue(type: t, fields: fields))
        }
    }

    /// A class built through a metatype (`T(seed: s)` with `T` a class): its initializer
    /// on a new instance, as `Name(...)` would run it.
    func constructClass(_ m: Ctx, _ t: UserType, _ labels: [String?], _ argc: Int, _ loc: SourceLocation) throws -> Value {
        let inst: TableInstance
        do { inst = try newInstance(m, t, loc) } catch { m.pop(argc); throw error }
        do {
            let failable = try runClassInit(m, t, inst, labels, argc, loc)
            return failable ? .wrapped(.type(.table(inst))) : .type(.table(inst))
        } catch is ClassInitFailed {
            return .nilValue
        }
    }

    /// `T` in a generic function that has a `_ t: T.Type` parameter: that parameter.
    /// A parameter declared `_ t: G.Type` for a generic parameter G, named as a value.
    func metatypeParameterValue(_ e: Expr, _ scope: FnScope) -> String? {
        guard case .identifier(let n) = e.kind, scope.findLocal(n) != nil,
              protocols.metatypeParameters.contains(where: { $0.values.contains(n) }) else { return nil }
        return n
    }

    func metatypeParameter(_ name: String) -> String? {
        for s in protocols.metatypeParameters.reversed() { if let p = s[name] { return p } }
        return nil
    }

    /// A struct's generic parameters and member aliases, in scope while its stored
    /// properties are filled (until `endGenerics` with the depth this answers). A type with
    /// none adds no scope, as `pushGenericScope` adds none: the first scope of a run costs
    /// the runtime's making of the scope stacks' types, which every prelude struct paid.
    func noteGenerics(_ t: UserType, _ m: TypeMembers) throws -> Int {
        let parameters = try parametersConstrainedByWhere(t, m)
        protocols.genericParameters[t.id] = parameters.isEmpty ? nil : parameters
        if !m.genericParameters.isEmpty { try refuseStaticStorage(m) }
        noteMemberAliases(t, m)
        let depth = protocols.genericScopes.count
        let scope = typeScope(t)
        if !scope.isEmpty {
            protocols.genericScopes.append(scope)
            protocols.metatypeParameters.append([:])
            protocols.resultOnlyParameters.append([:])
        }
        return depth
    }

    /// `class Store<T> where T: Equatable` is `class Store<T: Equatable>`: each requirement of
    /// the declaration's `where` a conformance of one of its own parameters that has no other
    /// constraint. Any other requirement (`T == Int`, `T.Element: P`, a second one on `T`)
    /// stays refused by name.
    private func parametersConstrainedByWhere(_ t: UserType, _ m: TypeMembers) throws -> [GenericParameter] {
        var parameters = m.genericParameters
        for r in m.whereClause {
            guard !r.isSameType, case .named(let name) = r.subject,
                  let i = parameters.firstIndex(where: { $0.name == name }), parameters[i].constraint == nil else {
                throw RuntimeError(UnsupportedMessage.whereOnDeclaration(t.name), at: r.location)
            }
            parameters[i].constraint = r.constraint
        }
        return parameters
    }

    /// Swift has one storage per generic type, not per specialisation, and so refuses it
    /// (TableLab shared one value between `Box<Int>` and `Box<String>`).
    func refuseStaticStorage(_ m: TypeMembers) throws {
        if let p = m.properties.first(where: { $0.isStatic && $0.getter == nil }) {
            throw RuntimeError(DeclarationMessage.staticStoredInGenericType, at: p.location)
        }
    }

    /// `typealias ID = String` inside a type (or its extension): `ID` in its members, `Row.ID` elsewhere.
    func noteMemberAliases(_ t: UserType, _ m: TypeMembers) {
        guard !m.typeAliases.isEmpty else { return }
        protocols.memberAliases[t.id, default: []].append(contentsOf: m.typeAliases)
        for a in m.typeAliases { protocols.typeAliases[t.name + "." + a.name] = a.type }
    }

    /// After a struct's members are filled: back to `noteGenerics`'s depth.
    func endGenerics(_ depth: Int) {
        popGenericScope(depth)
    }

    /// The generic arguments Swift prints after a generic struct's name (`Box<Int>`), read
    /// from the stored properties typed by a parameter; nil for a non-generic type or when
    /// the values do not tell. `qualified`: as Swift prints them (`Box<Array<Int>>`, and
    /// `Box<Swift.Array<Swift.Int>>` inside a collection); nil: as diagnostics write them.
    func genericArguments(_ s: StructValue, qualified: Bool? = nil) -> String?? {
        guard let ps = protocols.genericParameters[s.type.id], let d = s.type.decl as? StructDecl else { return .none }
        var args: [String] = []
        for p in ps {
            var found: String? = nil
            for prop in d.members.properties where prop.getter == nil && !prop.isStatic {
                guard let n = prop.name, let i = s.type.fieldIndex[n], i < s.fields.count, let ty = prop.type else { continue }
                let spell = { (v: Value) -> String? in qualified.map { self.genericArgumentSpelling(v, qualified: $0) } ?? self.typeName(v) }
                if case .named(p.name) = ty { found = spell(s.fields[i]); break }
                if case .array(.named(p.name)) = ty, case .array(let a) = s.fields[i], let f = a.first { found = spell(f); break }
            }
            guard let found else { return .some(nil) }
            args.append(found)
        }
        return .some("<" + args.joined(separator: ", ") + ">")
    }

    /// Refuses what TableLab cannot check: a `where` requirement on anything but a generic
    /// parameter of the function (or its type), and generic tables.
    func checkGenericDeclarations(_ stmts: [Stmt]) throws {
        func checkFunction(_ f: FunctionDecl, outer: [GenericParameter]) throws {
            let names = Set((f.genericParameters + outer).map(\.name))
            for r in f.whereClause {
                var ok = !r.isSameType && { if case .named(let n) = r.subject { return names.contains(n) }; return false }()
                    && isProtocolName(r.constraint.description)
                if !ok, let p = elementRequirementParameter(r), names.contains(p) {
                    ok = r.isSameType ? !isProtocolName(r.constraint.description) : isProtocolName(r.constraint.description)
                }
                if !ok, let (p, _) = associatedRequirementParts(r), names.contains(p) { ok = true }
                if !ok {
                    throw RuntimeError(UnsupportedMessage.whereRequirement(subject: r.subject, relation: r.isSameType ? "==" : ":", constraint: r.constraint), at: r.location)
                }
            }
        }
        func checkMembers(_ m: TypeMembers, _ outer: [GenericParameter]) throws {
            for f in m.methods { try checkFunction(f, outer: outer) }
            for d in m.nestedTypes { try checkDecl(d) }
        }
        func checkDecl(_ d: Decl) throws {
            switch d {
            case .function(let f): try checkFunction(f, outer: [])
            case .struct(let s): try checkMembers(s.members, s.members.genericParameters)
            case .enum(let e): try checkMembers(e.members, e.members.genericParameters)
            case .table(let t):
                if let p = t.members.genericParameters.first {
                    throw RuntimeError(UnsupportedMessage.genericClass(name: t.name, parameters: p.name), at: p.location)
                }
                try checkMembers(t.members, [])
            case .extension(let name, let m, _):
                let outer = userType(name).flatMap { protocols.genericParameters[$0.id] } ?? []
                try checkMembers(m, outer)
            default: break
            }
        }
        for s in stmts { if case .declaration(let d) = s.kind { try checkDecl(d) } }
    }

    // MARK: Checking a generic call's arguments

    /// What a generic function's call checks need: swiftc's name for it, where its name is
    /// written, and which parameters share a generic parameter (`_ a: T, _ b: T`).
    func genericCallInfo(_ f: FunctionDecl, selfType: UserType?, isStatic: Bool) -> GenericCallInfo? {
        if f.genericParameters.isEmpty, f.name == "init", let t = selfType { return genericStructInfo(t) }
        guard !f.genericParameters.isEmpty else { return nil }
        let kind = selfType == nil ? "global function" : isStatic ? "static method" : "instance method"
        var groups: [String: [Int]] = [:]
        for (i, p) in f.parameters.enumerated() {
            if case .named(let n)? = p.type, f.genericParameters.contains(where: { $0.name == n }) { groups[n, default: []].append(i) }
        }
        let shared = groups.filter { $0.value.count > 1 }.sorted { $0.value[0] < $1.value[0] }
        let info = GenericCallInfo(kind: kind, name: f.name,
                                   nameLocation: f.declaredAt,
                                   groups: shared.map { ($0.key, $0.value) })
        for r in f.whereClause {
            if let p = elementRequirementParameter(r) { info.elementRequirements[p] = r }
            if let (p, a) = associatedRequirementParts(r) { info.associatedRequirements[p, default: []].append((a, r)) }
        }
        return info
    }

    /// A generic struct's initializers infer its parameters from their arguments: one that
    /// misses a parameter's constraint is swiftc's "generic struct 'Box' requires that 'P'
    /// conform to 'Equatable'", its note at the struct's name.
    func genericStructInfo(_ t: UserType) -> GenericCallInfo? {
        guard t.kind == .struct, let ps = protocols.genericParameters[t.id], !ps.isEmpty else { return nil }
        let info = GenericCallInfo(kind: "generic struct", name: LocalTypeNames.display(t.name),
                                   nameLocation: SourceLocation(line: t.location.line, column: t.location.column + 7), groups: [])
        for p in ps { if let c = p.constraint { info.structParameters.append((p.name, c.description, constraintType(c))) } }
        return info
    }

    /// The generic struct's requirement a value of type `t` stands for: its parameter and constraint.
    private func structRequirement(_ info: GenericCallInfo, _ t: RType) -> (String, String)? {
        if case .generic(let g, let spec) = t { return (g, spec) }
        return info.structParameters.first { $0.type.description == t.description }.map { ($0.name, $0.constraint) }
    }

    func structRequirementNotMet(_ v: Value, _ t: RType, _ info: GenericCallInfo, callee: SourceLocation) -> RuntimeError? {
        guard info.kind == "generic struct", let (g, spec) = structRequirement(info, t), coerce(v, to: t) == nil else { return nil }
        return RuntimeError(ConversionMessage.requirementNotMet(kind: info.kind, name: info.name, type: typeName(v), constraint: spec), at: callee,
                            notes: [.note(NoteMessage.whereParameterIs(parameter: g, type: typeName(v)), at: info.nameLocation)])
    }

    /// A memberwise initializer's argument for a field of type `ft` of `t`.
    func checkMemberwiseArgument(_ v: Value, _ ft: RType, of t: UserType, _ loc: SourceLocation, callee: SourceLocation) throws -> Value {
        if coerce(v, to: ft) == nil, let info = genericStructInfo(t), let e = structRequirementNotMet(v, ft, info, callee: callee) { throw e }
        return try checkArgument(v, ft, loc)
    }

    /// `C` of a requirement on `C.Element`; nil for any other subject.
    func elementRequirementParameter(_ r: WhereRequirement) -> String? {
        let parts = r.subject.description.split(separator: ".")
        guard parts.count == 2, parts[1] == "Element" else { return nil }
        return String(parts[0])
    }

    /// `C.Item == Int`: the generic parameter and an associated type other than `Element`
    /// (whose requirement the elements of a collection tell), of one standard type.
    func associatedRequirementParts(_ r: WhereRequirement) -> (String, String)? {
        let parts = r.subject.description.split(separator: ".")
        guard r.isSameType, parts.count == 2, parts[1] != "Element", Self.standardSpelling(r.constraint) != nil,
              protocols.protocols.values.contains(where: { $0.decl.associatedTypes.contains { $0.name == parts[1] } }) else { return nil }
        return (String(parts[0]), String(parts[1]))
    }

    /// The type an argument's own type gives a protocol's associated type: its `typealias`,
    /// else the type of the member a requirement declares with it (`var items: [Item]`
    /// witnessed by `var items: [Int]`). nil when neither tells.
    func associatedTypeWitness(_ v: Value, _ associated: String) -> String? {
        guard let t = operandType(v) else { return nil }
        if let a = protocols.memberAliases[t.id]?.first(where: { $0.name == associated }) { return a.type.description }
        for n in conformances(of: t).sorted() {
            guard let p = protocols.protocols[n], p.decl.associatedTypes.contains(where: { $0.name == associated }) else { continue }
            for req in p.decl.properties {
                guard let i = t.fieldIndex[req.name] else { continue }
                let field: Value? = { if case .structValue(let sv) = v, i < sv.fields.count { return sv.fields[i] }; return nil }()
                switch req.type {
                case .named(associated):
                    if let ft = t.fieldTypes[i] { return ft.description }
                    if let field { return typeName(field) }
                case .array(.named(associated)):
                    if case .array(let e)? = t.fieldTypes[i] { return e.description }
                    if case .array(let xs)? = field, let first = xs.first { return typeName(first) }
                default: continue
                }
            }
        }
        return nil
    }

    /// swiftc's "requires the types 'String' and 'Int' be equivalent" for an argument whose
    /// associated type is another; a witness TableLab cannot find is refused by name.
    private func checkAssociatedRequirements(_ v: Value, _ g: String, _ info: GenericCallInfo, callee: SourceLocation) throws {
        for (a, r) in info.associatedRequirements[g] ?? [] {
            guard let w = associatedTypeWitness(v, a) else {
                throw RuntimeError(UnsupportedMessage.whereRequirement(subject: r.subject, relation: "==", constraint: r.constraint), at: r.location)
            }
            guard w != r.constraint.description else { continue }
            throw RuntimeError(ConversionMessage.extensionRequiresSameType(member: "\(info.kind) '\(info.name)'", type: w, constraint: r.constraint),
                               at: callee, notes: [.note(NoteMessage.whereParameterIs(parameter: r.subject.description, type: w), at: info.nameLocation)])
        }
    }

    /// A `where C.Element ...` requirement on the elements of the argument given for `C`
    /// (its first element tells, as for a constrained extension of Array).
    func checkElementRequirement(_ v: Value, _ r: WhereRequirement, _ g: String, _ info: GenericCallInfo,
                                 _ loc: SourceLocation, callee: SourceLocation) throws {
        let x: Value
        switch v {
        case .array(let a): guard let f = a.first else { return }; x = f
        case .set(let s): guard let f = s.first else { return }; x = f
        case .string(let s): guard let f = s.first else { return }; x = .string(String(f))
        default: return
        }
        if r.isSameType {
            guard coerce(x, to: resolveType(r.constraint)) == nil else { return }
            throw RuntimeError(ConversionMessage.cannotConvertElement(type: typeName(x), to: r.constraint.description), at: loc)
        }
        guard !valueConformsTo(x, r.constraint.description) else { return }
        throw RuntimeError(ConversionMessage.requirementNotMet(kind: info.kind, name: info.name, type: typeName(x), constraint: r.constraint.description), at: callee,
                           notes: [.note(NoteMessage.whereElementIs(parameter: g, type: typeName(x)), at: info.nameLocation)])
    }

    /// An argument checked against a parameter of `f`; a generic constraint that fails is
    /// swiftc's "global function 'f' requires that 'Int' conform to 'Shape'" at the callee.
    func checkArgument(_ v: Value, _ t: RType, _ loc: SourceLocation, of f: CompiledFunction, callee: SourceLocation) throws -> Value {
        if case .generic(let g, _) = t, let info = f.genericInfo, let r = info.elementRequirements[g] {
            try checkElementRequirement(v, r, g, info, loc, callee: callee)
        }
        if case .generic(let g, _) = t, let info = f.genericInfo, info.associatedRequirements[g] != nil {
            try checkAssociatedRequirements(v, g, info, callee: callee)
        }
        if let c = coerce(v, to: t) { return c }
        if let info = f.genericInfo, let e = structRequirementNotMet(v, t, info, callee: callee) { throw e }
        if case .generic(let g, let spec) = t, let info = f.genericInfo {
            throw RuntimeError(ConversionMessage.requirementNotMet(kind: info.kind, name: info.name, type: typeName(v), constraint: spec), at: callee,
                               notes: [.note(NoteMessage.whereParameterIs(parameter: g, type: typeName(v)), at: info.nameLocation)])
        }
        // `[T]` given an Array whose elements are all of one type that misses the constraint:
        // swiftc names the element type, as for a `T` argument.
        if case .array(.generic(let g, let spec)) = t, let info = f.genericInfo, case .array(let xs) = v, let first = xs.first,
           xs.allSatisfy({ typeName($0) == typeName(first) }), coerce(first, to: .generic(name: g, constraint: spec)) == nil {
            throw RuntimeError(ConversionMessage.requirementNotMet(kind: info.kind, name: info.name, type: typeName(first), constraint: spec), at: callee,
                               notes: [.note(NoteMessage.whereParameterIs(parameter: g, type: typeName(first)), at: info.nameLocation)])
        }
        if overloadedByParameterTypes.contains(f.name), try implicitlyUnwrappedArgument(v, t, loc) == nil {
            throw RuntimeError(OverloadMessage.replacedOverload(f.name), at: callee)
        }
        return try checkArgument(v, t, loc)
    }

    /// The arguments given for one generic parameter must be of one type (`same(1, "a")` is
    /// swiftc's "conflicting arguments to generic parameter 'T' ('String' vs. 'Int')").
    /// `args` points at the first pushed argument of `f` (self excluded).
    func checkSharedGenerics(_ f: CompiledFunction, _ args: UnsafeMutablePointer<Value>, callee: SourceLocation) throws {
        guard let info = f.genericInfo, !info.groups.isEmpty else { return }
        func plainType(_ v: Value) -> String? {
            switch v {
            case .int, .double, .float: return "number"
            case .bool, .string, .structValue, .enumCase, .payloadCase: return typeName(v)
            default: return nil
            }
        }
        for (name, indices) in info.groups {
            literalsTakeFloatingType(args, indices)
            guard let first = plainType(args[indices[0]]) else { continue }
            for i in indices.dropFirst() {
                if let other = plainType(args[i]), other != first {
                    throw RuntimeError(ConversionMessage.conflictingGenericArguments(parameter: name, first: typeName(args[i]), second: typeName(args[indices[0]])), at: callee)
                }
            }
        }
    }

    /// `biggest(f, 2)` with `T` one parameter's type: beside a Float (or a Double) argument,
    /// an integer (or floating-point) literal is one too, as swiftc infers `T`; it was
    /// passed as the Int it was compiled to and came back as `2`.
    private func literalsTakeFloatingType(_ args: UnsafeMutablePointer<Value>, _ indices: [Int]) {
        var float = false, double = false
        for i in indices {
            switch args[i] {
            case .float: float = true
            case .double: double = true
            default: break
            }
        }
        guard float || double else { return }
        for i in indices {
            switch args[i] {
            case .int(let n): args[i] = float ? .float(Float(n)) : .double(Double(n))
            case .double(let d) where float: args[i] = .float(Float(d))
            default: break
            }
        }
    }

    // MARK: Hand-written Equatable and Comparable

    func hasCustomEquality(_ v: Value) -> Bool {
        switch v {
        case .structValue(let s): return s.type.hasCustomOperators
        case .enumCase(let t, _): return types[Int(t)].hasCustomOperators
        case .payloadCase(let p): return types[Int(p.typeID)].hasCustomOperators
        default: return false
        }
    }

    /// `==` through the type's own `static func ==` where `equal` cannot throw (`contains`,
    /// `firstIndex(of:)`, arrays compared): an error in it is kept for the statement.
    func customEqual(_ x: Value, _ y: Value) -> Bool {
        do {
            if let r = try scriptOperatorTest("==", x, y, .unknown) { return r }
            if let r = try userOperator("==", x, y, .unknown) { return r }
        } catch let e as RuntimeError {
            if pendingDescribeError == nil { pendingDescribeError = e }
        } catch {}
        return x == y
    }

    /// `<`, `>`, `<=`, `>=` through the type's own `static func <`, or nil.
    func customCompare(_ op: BinaryOperator, _ x: Value, _ y: Value, _ loc: SourceLocation) throws -> Bool? {
        guard let t = operandType(x).map(operatorOwner) else { return nil }
        guard t.hasCustomOperators else {
            // A synthesised `<` whose payloads are a script's Comparable types asks their `<`.
            guard t.hasPayloadCases, let less = try payloadsLess(op, x, y, loc) else { return nil }
            return less
        }
        switch op {
        case .less: return try userOperator("<", x, y, loc)
        case .greater: return try userOperator("<", y, x, loc)
        case .lessEqual: return try userOperator("<", y, x, loc).map { !$0 }
        case .greaterEqual: return try userOperator("<", x, y, loc).map { !$0 }
        default: return nil
        }
    }

    /// The class whose operators apply to an instance of `t`: a subclass that declares no
    /// `==` or `<` uses its nearest superclass's (`[Square].sorted()` with Rect's `<`).
    func operatorOwner(_ t: UserType) -> UserType {
        var owner = t
        while !owner.hasCustomOperators, let s = owner.classInfo?.superclass { owner = s }
        return owner.hasCustomOperators ? owner : t
    }

    // MARK: Extensions of built-in types

    /// The members an extension gave the value's built-in type.
    func builtinExtension(of v: Value) -> UserType? {
        if protocols.builtinExtensions.isEmpty { return nil }
        switch v {
        case .string: return protocols.valueTypeExtension(.string)
        case .int: return protocols.valueTypeExtension(.int)
        case .double: return protocols.valueTypeExtension(.double)
        case .float: return protocols.valueTypeExtension(.float)
        case .bool: return protocols.valueTypeExtension(.bool)
        case .array: return protocols.valueTypeExtension(.array)
        case .dictionary: return protocols.valueTypeExtension(.dictionary)
        case .set: return protocols.valueTypeExtension(.set)
        case .wrapped, .nilValue: return protocols.valueTypeExtension(.optional)
        case .object(let o): return protocols.builtinExtensions[o.typeName]
        default: return nil
        }
    }

    /// The extension of the value's built-in type that declares a member: a Character is a
    /// one-character String value in TableLab, so Character's extension answers for one
    /// where String's has no such member (a longer String is "has no member", as in swiftc).
    func builtinExtension(of v: Value, declaring has: (UserType) -> Bool) -> UserType? {
        if let h = builtinExtension(of: v), has(h) { return h }
        guard case .string(let s) = v, let h = protocols.builtinExtensions["Character"], s.count == 1, has(h) else { return nil }
        return h
    }

    /// The requirement of an extension member on the receiver: an Array's elements (the
    /// first tells), an Optional's wrapped value (`nil` tells nothing: swiftc checked it).
    func checkElementRequirement(_ holder: UserType, _ v: Value, _ member: String, key: String, _ loc: SourceLocation) throws {
        guard let r = protocols.memberRequirements[holder.name]?[key] else { return }
        let x: Value
        switch v {
        case .array(let a): guard let first = a.first else { return }; x = first
        case .dictionary(let d): guard let first = d.first else { return }; x = r.parameter == "Key" ? first.key : first.value
        case .wrapped(let w): x = w
        default: return
        }
        try requireExtensionRequirement(r, met: x, member, loc)
    }

    /// A method from an extension of the value's built-in type, or nil.
    func callBuiltinExtensionMethod(_ m: Ctx, _ v: inout Value, _ name: String, _ fullName: String, _ labels: [String?], _ argc: Int,
                                    _ mutable: Bool, _ reason: String, _ cache: MemberCache, _ loc: SourceLocation) throws -> Value? {
        guard let h = builtinExtension(of: v, declaring: { findMethod($0, name, fullName, labels) != nil }) else { return nil }
        if let (full, slot, _) = findMethod(h, name, fullName, labels), let d = slot.decl {
            try checkElementRequirement(h, v, "referencing instance method '\(requirementMemberName(d))' on '\(h.name)'", key: full, loc)
        }
        return try callUserMethod(m, &v, h, name, fullName, labels, argc, mutable, reason, cache, loc)
    }

    /// A computed property from an extension of the value's built-in type, or nil.
    func builtinExtensionMember(_ v: Value, _ name: String, _ loc: SourceLocation, _ m: Ctx) throws -> Value? {
        guard let h = builtinExtension(of: v, declaring: { $0.computed[name] != nil }), let c = h.computed[name], !c.isStatic else { return nil }
        try checkElementRequirement(h, v, "property '\(name)'", key: name, loc)
        m.push(v)
        return try m.invoke(compiledMethod(h, c, fullName: name), argc: 1, location: loc)
    }

    /// In an extension of a built-in type, a name that is one of the type's own members
    /// (`count`, `reduce(...)`) without `self.`.
    func isBuiltinImplicitMember(_ t: UserType, _ name: String) -> Bool {
        guard protocols.builtinExtensions[t.name] === t else { return false }
        // The hand list, then every member the toolchain gives the type (`index(_:offsetBy:)`
        // in an extension of String), read at the first such name.
        guard builtinMemberNames.contains(name)
                || (name.first?.isLowercase == true && StandardLibraryMembers.names[t.name]?.contains(name) == true) else { return false }
        return globalIndex[name] == nil && functionsByBase[name] == nil && userType(name) == nil
    }

    /// `Int.zero`, `String.greeting()`: static members from an extension of a built-in type.
    func builtinExtensionType(_ type: BuiltinTypeName) -> UserType? {
        if protocols.builtinExtensions.isEmpty { return nil }
        if let k = type.extendedValueType { return protocols.valueTypeExtension(k) }
        return hostExtensionHolder(type.name)
    }
}

// Casts to a generic parameter (`x is T`, `x as? T`). The interpreter does not carry a
// generic function's type arguments, so `T` stood for its constraint: `is T` was true of
// any value (`items.filter { $0 is T }` kept them all). With a `_ t: T.Type` parameter the
// type is there when the cast runs; without one, `is` and `as?` are refused by name, and
// `as!` keeps checking the constraint (`dequeueReusableCell(...) as! T`, whose cast holds
// whenever the program is right).
extension InterpreterCore {
    /// The cast of a value to `t` when `t` is (an Optional of) an unconstrained or
    /// protocol-constrained generic parameter or associated type; nil for any other type.
    func genericCastTarget(_ t: TypeSyntax, _ kind: CastKind, _ scope: FnScope, _ loc: SourceLocation) -> ((@escaping Eval) -> Eval)? {
        var inner = t
        var optional = false
        if case .optional(let w) = t { inner = w; optional = true }
        guard case .named(let n) = inner, userType(n) == nil, let stands = genericScopeEntry(n) else { return nil }
        switch stands {
        case .any, .generic: break
        default: return nil
        }
        let spelled = "\(kind.rawValue) \(t.description)"
        if let p = metatypeParameter(n) {
            let typeValue = compileExpr(Expr(.identifier(p), at: loc), scope, expected: nil)
            return { ev in
                { [core = Unretained(self)] m in
                    let v = try ev(m)
                    let tv = try typeValue(m)
                    guard var rt = core.object.castTarget(ofTypeValue: tv) else {
                        throw RuntimeError(UnsupportedMessage.genericTypeUse(use: spelled, parameter: n, type: core.object.typeName(tv)), at: loc)
                    }
                    if optional { rt = .optional(rt) }
                    return try core.object.cast(v, to: rt, kind, loc)
                }
            }
        }
        if kind == .forced { return nil }
        return { _ in
            { _ in
                throw RuntimeError(UnsupportedMessage.castToGenericParameter(parameter: n, type: spelled), at: loc)
            }
        }
    }

    private func genericScopeEntry(_ n: String) -> RType? {
        for s in protocols.genericScopes.reversed() { if let t = s[n] { return t } }
        return nil
    }

    /// The type a metatype value names, as a cast's target; nil for one TableLab cannot
    /// spell as a type (a collection's metatype, a table).
    func castTarget(ofTypeValue v: Value) -> RType? {
        guard case .type(let r) = v else { return nil }
        switch r {
        case .enumType(let t), .structType(let t):
            guard let slot = typeSlots[t.name], slot.current === t else { return nil }
            return .user(slot)
        case .table: return nil
        case .builtin(let b):
            guard !b.name.contains("<") else { return nil }
            switch resolveType(.named(b.name)) {
            case .int, .double, .float, .bool, .string, .fixed: return resolveType(.named(b.name))
            default: return nil
            }
        }
    }
}

// MARK: Type arguments of a generic class's instance

extension InterpreterCore {
    /// `Store<Int>(...)`: the type arguments written on a generic class's construction, for
    /// its instance to keep; nil when none are written or the type is no generic class. An
    /// argument more than a name (`[Int]`, `Int?`) stands for any type: it is not checked.
    func writtenTypeArguments(_ callee: Expr, _ slot: TypeSlot) -> [RType]? {
        guard case .named(let g)? = callee.writtenGenericType, let t = slot.current, t.kind == .class,
              let ps = protocols.genericParameters[t.id] else { return nil }
        let written = WrittenType(g)
        guard written.arguments.count == ps.count else { return nil }
        return written.arguments.map { a in
            a.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." } ? resolveType(.named(a)) : .any
        }
    }

    /// `Store(items: [1, 2])` with no contextual type: the type arguments Swift infers from
    /// literal arguments of the initializer's parameters typed `Item` or `[Item]` (Int, or
    /// Double when a floating-point literal is among them). nil when any parameter of the
    /// class is not fixed that way (it may be inferred from a value TableLab does not type).
    func literalTypeArguments(_ slot: TypeSlot, _ args: [Argument]) -> [RType]? {
        guard let t = slot.current, t.kind == .class, let ps = protocols.genericParameters[t.id], let info = t.classInfo else { return nil }
        let labels = args.map(\.label)
        let fitting = info.inits.filter { i in
            if case .success = matchArguments(i.decl.parameters.map { ($0.label, $0.defaultValue != nil) }, labels) { return true }
            return false
        }
        guard fitting.count == 1, case .success(let map) = matchArguments(fitting[0].decl.parameters.map { ($0.label, $0.defaultValue != nil) }, labels) else {
            return nil
        }
        var found: [String: Set<String>] = [:]
        for (pi, ai) in map.enumerated() {
            guard let ai, let type = fitting[0].decl.parameters[pi].type else { continue }
            let value = args[ai].value
            switch type {
            case .named(let n) where ps.contains(where: { $0.name == n }):
                guard let l = MethodArgumentCheck.literalType(value) else { return nil }
                found[n, default: []].insert(l)
            case .array(.named(let n)) where ps.contains(where: { $0.name == n }):
                guard case .array(let items) = value.kind, !items.isEmpty else { return nil }
                for item in items {
                    guard let l = MethodArgumentCheck.literalType(item) else { return nil }
                    found[n, default: []].insert(l)
                }
            default: continue
            }
        }
        var result: [RType] = []
        for p in ps {
            guard var kinds = found[p.name] else { return nil }
            if kinds == ["Int", "Double"] { kinds = ["Double"] }
            guard kinds.count == 1, let k = kinds.first else { return nil }
            result.append(resolveType(.named(k)))
        }
        return result
    }

    /// A construction whose instance keeps the type arguments written on it.
    func keepingTypeArguments(_ build: @escaping Eval, _ arguments: [RType]) -> Eval {
        { m in
            let v = try build(m)
            switch v {
            case .type(.table(let inst)), .wrapped(.type(.table(let inst))): inst.typeArguments = arguments
            default: break
            }
            return v
        }
    }

    /// A method of a generic class whose parameters are typed by the class's parameters
    /// (`func add(_ x: Item)`): on an instance that knows its type arguments, an argument
    /// that is not of the type is swiftc's "cannot convert", at the call (swiftc refuses it
    /// before anything runs; the static check finds the literal ones, MethodArgumentCheck.swift).
    /// An instance of a subclass is left alone: its arguments are the subclass's.
    func checkingTypeArguments(_ body: @escaping Eval, _ f: FunctionDecl, _ t: UserType, paramSlots: [Int], selfSlot: Int) -> Eval {
        guard t.kind == .class, let ps = protocols.genericParameters[t.id] else { return body }
        let own = Set(f.genericParameters.map(\.name))
        var checks: [(slot: Int, argument: Int)] = []
        for (i, p) in f.parameters.enumerated() where !p.isInout && !p.isVariadic {
            guard case .named(let n)? = p.type, !own.contains(n), let k = ps.firstIndex(where: { $0.name == n }) else { continue }
            checks.append((paramSlots[i], k))
        }
        guard !checks.isEmpty else { return body }
        let typeID = t.id
        return { [core = Unretained(self)] m in
            if case .type(.table(let inst)) = m.pointee.fp[selfSlot], inst.type.id == typeID, let args = inst.typeArguments {
                for c in checks {
                    let v = m.pointee.fp[c.slot]
                    // `add(2)` to a Store<Double> stores 2.0, as Swift types the literal.
                    if let converted = core.object.coerce(v, to: args[c.argument]) { m.pointee.fp[c.slot] = converted; continue }
                    var e = RuntimeError(ArgumentMessage.cannotConvert(from: core.object.typeName(v), to: args[c.argument].description), at: .unknown)
                    e.placedAtCall = true
                    throw e
                }
            }
            return try body(m)
        }
    }
}

// MARK: Properties of a generic struct's or class's value

extension InterpreterCore {
    /// `var s = Store<Double>()` or `var s: Store<Double>`: the generic type and the
    /// arguments its declaration writes, when each is a plain type name.
    func writtenGenericArguments(_ v: VariableDecl) -> (typeName: String, arguments: [String: String])? {
        var spelled: String? = nil
        if case .named(let g)? = v.type { spelled = g }
        if v.type == nil, case .call(let callee, _)? = v.initializer?.kind, case .named(let g)? = callee.writtenGenericType { spelled = g }
        guard let spelled, spelled.contains("<") else { return nil }
        let written = WrittenType(spelled)
        guard let t = userType(written.name), let ps = protocols.genericParameters[t.id], ps.count == written.arguments.count,
              written.arguments.allSatisfy({ a in a.first.map { $0.isLetter || $0 == "_" } == true && a.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" } })
        else { return nil }
        return (written.name, Dictionary(zip(ps.map(\.name), written.arguments), uniquingKeysWith: { a, _ in a }))
    }

    /// The type of a stored property of a generic type's value whose arguments are known:
    /// its declared type with them in place (`items: [T]` of a `Store<Double>` is `[Double]`).
    func genericPropertyType(_ typeName: String, _ name: String, _ arguments: [String: String]) -> RType? {
        guard let t = userType(typeName) else { return nil }
        let members = (t.decl as? StructDecl)?.members ?? (t.decl as? ClassDecl)?.members
        guard let p = members?.properties.first(where: { !$0.isStatic && $0.name == name }), let declared = p.type else { return nil }
        let substituted = TypeRules.substituting(written: arguments, in: declared)
        return TypeRules.mentions(substituted, Set(arguments.keys)) ? nil : resolveType(substituted)
    }
}

extension InterpreterCore {
    /// The generic type and arguments of a variable's declaration: a local's, or a global's
    /// as declarations give it (StaticExpressionType.swift).
    func writtenGenericArguments(of base: Expr, _ scope: FnScope) -> (typeName: String, arguments: [String: String])? {
        guard case .identifier(let n) = base.kind else { return nil }
        if let l = scope.findLocal(n) { return l.genericArguments }
        guard scope.selfType?.fieldIndex[n] == nil, globalIndex[n] != nil else { return nil }
        var typer = StaticTyper(core: self, selfType: nil, selfInstance: nil)
        guard case .named(let spelled)? = typer.type(of: base) else { return nil }
        let written = WrittenType(spelled)
        guard let t = userType(written.name), let ps = protocols.genericParameters[t.id], ps.count == written.arguments.count else { return nil }
        return (written.name, Dictionary(zip(ps.map(\.name), written.arguments), uniquingKeysWith: { a, _ in a }))
    }

    /// `s.add(2)` on a `Store<Double>`: the method's parameter types with the receiver's
    /// type arguments in place, the context of the arguments (the literal is a Double, as
    /// Swift types it); nil where the receiver's arguments are not written or no parameter
    /// is typed by them.
    func genericMethodParameterTypes(_ base: Expr, _ name: String, _ labels: [String?], _ scope: FnScope) -> [RType?]? {
        guard let g = writtenGenericArguments(of: base, scope), let t = userType(g.typeName),
              let f = t.methods[name + "(" + labelsString(labels) + ")"]?.decl, f.genericParameters.isEmpty,
              f.parameters.count == labels.count else { return nil }
        let names = Set(g.arguments.keys)
        var mentions = false
        let types: [RType?] = f.parameters.map { p in
            guard let declared = p.type, !p.isInout, !p.isVariadic, TypeRules.mentions(declared, names) else { return nil }
            let substituted = TypeRules.substituting(written: g.arguments, in: declared)
            guard !TypeRules.mentions(substituted, names) else { return nil }
            mentions = true
            return resolveType(substituted)
        }
        return mentions ? types : nil
    }
}

extension InterpreterCore {
    /// `Box<Double>(value: 4)`: a generic struct's arguments written on its construction, by
    /// parameter, when each is a plain type name.
    func writtenStructTypeArguments(_ callee: Expr, _ slot: TypeSlot) -> [String: String]? {
        guard case .named(let g)? = callee.writtenGenericType, let t = slot.current, t.kind == .struct,
              let ps = protocols.genericParameters[t.id] else { return nil }
        let written = WrittenType(g)
        guard written.arguments.count == ps.count,
              written.arguments.allSatisfy({ a in a.first.map { $0.isLetter || $0 == "_" } == true && a.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" } })
        else { return nil }
        return Dictionary(zip(ps.map(\.name), written.arguments), uniquingKeysWith: { a, _ in a })
    }
}
