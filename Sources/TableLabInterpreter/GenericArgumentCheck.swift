// A generic function's constraint that its argument's type surely misses is swiftc's
// "global function 'f' requires that 'P' conform to 'Comparable'", before the program
// runs. The run checks every argument as it arrives (Generics.swift), but only once the
// code before the call has printed what swiftc's program never prints. This check finds,
// before the run, the calls whose argument's type the syntax tells: a constructor call of
// one of the unit's types (`f(P(x: 1))`), or a name declared once in the unit with such a
// value or annotation (`let p = P(x: 1); f(p)`). It decides only where the answer is sure:
// a non-generic struct, enum or class of the unit whose declared protocols (its
// extensions' included) are all the unit's own, against a constraint that is one of the
// unit's protocols or, for a struct or class, Equatable, Hashable or Comparable.

import TableLabSyntax

extension InterpreterCore {
    func genericArgumentErrors(_ unit: SourceUnit, _ file: SourceFile) -> [Diagnostic] {
        var facts = GenericArgumentFacts()
        facts.walk(unit.statements)
        for s in unit.statements {
            if case .declaration(.function(let f)) = s.kind, !f.genericParameters.isEmpty { facts.functions[f.name, default: []].append(f) }
        }
        var check = GenericArgumentCheck(file: file, facts: facts)
        check.walk(unit.statements)
        return check.found
    }
}

/// What the unit declares: its types' protocols, its protocols' parents, and how many
/// times each name is bound.
private struct GenericArgumentFacts: SyntaxVisitor {
    struct TypeFacts { var kind: TypeKind; var protocols: [String]; var count: Int; var isGeneric: Bool }
    var types: [String: TypeFacts] = [:]
    var protocolParents: [String: [String]] = [:]
    var protocolCounts: [String: Int] = [:]
    var functions: [String: [FunctionDecl]] = [:]
    var functionCounts: [String: Int] = [:]
    /// Each struct's generic parameters (its `Box<P>` written arguments are checked against them).
    var structParameters: [String: [GenericParameter]] = [:]
    /// Each struct's and class's members (their declarations' and extensions'), and the
    /// unit's protocols: what tells a type's associated types (`where C.Item == Int`).
    var members: [String: [TypeMembers]] = [:]
    var protocols: [String: ProtocolDecl] = [:]
    /// How many times each name is bound (variables, parameters, patterns).
    var bindings: [String: Int] = [:]
    /// The type each variable declaration of a name tells by its annotation or constructor call.
    var variableTypes: [String: [String?]] = [:]

    mutating func visit(_ node: Decl) -> SyntaxVisitorContinueKind {
        switch node {
        case .struct(let s):
            noteType(s.name, .struct, s.conformances, generic: !s.members.genericParameters.isEmpty)
            structParameters[s.name] = s.members.genericParameters
            members[s.name, default: []].append(s.members)
        case .enum(let e): noteType(e.name, .enum, e.conformances, generic: !e.members.genericParameters.isEmpty)
        case .class(let c):
            noteType(c.name, .class, c.inherited, generic: !c.members.genericParameters.isEmpty)
            members[c.name, default: []].append(c.members)
        case .table(let t): noteType(t.name, .table, [], generic: true)
        case .typeAlias(let a): noteType(a.name, .table, [], generic: true)
        case .protocol(let p):
            protocolParents[p.name] = p.inherited
            protocolCounts[p.name, default: 0] += 1
            protocols[p.name] = p
        case .extension(let name, let m, _):
            types[name, default: TypeFacts(kind: .table, protocols: [], count: 0, isGeneric: false)].protocols += m.conformances
            members[name, default: []].append(m)
        case .variable(let v):
            // Its pattern is visited too, and counts the binding.
            if case .binding(let n, _) = v.pattern.kind { variableTypes[n, default: []].append(v.type.map(\.description) ?? Self.constructed(v.initializer)) }
        case .function(let f):
            // A method or nested function of the name may be what a call finds first.
            functionCounts[f.name, default: 0] += 1
            for p in f.parameters { bind(p.name) }
        }
        return .visitChildren
    }

    mutating func visit(_ node: Expr) -> SyntaxVisitorContinueKind {
        if case .closure(let c) = node.kind {
            for p in c.parameters { bind(p.name) }
            for item in c.captureList { bind(item.name) }
        }
        return .visitChildren
    }

    mutating func visit(_ node: Pattern) -> SyntaxVisitorContinueKind {
        if case .binding(let n, _) = node.kind { bind(n) }
        return .visitChildren
    }

    private mutating func noteType(_ name: String, _ kind: TypeKind, _ protocols: [String], generic: Bool) {
        var f = types[name] ?? TypeFacts(kind: kind, protocols: [], count: 0, isGeneric: false)
        f.kind = kind
        f.protocols += protocols
        f.count += 1
        f.isGeneric = f.isGeneric || generic
        types[name] = f
    }

    private mutating func bind(_ name: String) { bindings[name, default: 0] += 1 }

    /// The type of a name bound once, by a variable whose declaration tells it.
    func typeOfName(_ n: String) -> String? {
        guard bindings[n] == 1, let ts = variableTypes[n], ts.count == 1 else { return nil }
        return ts[0]
    }

    /// `P(x: 1)`: the type a constructor call of a plain name builds.
    static func constructed(_ e: Expr?) -> String? {
        guard let e, case .call(let callee, _) = e.kind, case .identifier(let n) = callee.kind, callee.writtenGenericType == nil,
              n.first?.isUppercase == true else { return nil }
        return n
    }
}

private struct GenericArgumentCheck: SyntaxVisitor {
    let file: SourceFile
    let facts: GenericArgumentFacts
    var found: [Diagnostic] = []
    private static let standard: Set<String> = ["Equatable", "Hashable", "Comparable"]

    init(file: SourceFile, facts: GenericArgumentFacts) { self.file = file; self.facts = facts }

    mutating func visit(_ node: Expr) -> SyntaxVisitorContinueKind {
        if case .identifier(let n) = node.kind, case .named(let spelled)? = node.writtenGenericType { checkWritten(n, spelled, node.location) }
        guard case .call(let callee, let args) = node.kind, case .identifier(let name) = callee.kind,
              let fs = facts.functions[name], fs.count == 1, facts.functionCounts[name] == 1, facts.bindings[name] == nil else {
            return .visitChildren
        }
        let f = fs[0]
        guard f.parameters.count == args.count,
              zip(f.parameters, args).allSatisfy({ ($0.label == "_" ? nil : $0.label) == $1.label }) else { return .visitChildren }
        for (p, a) in zip(f.parameters, args) {
            guard case .named(let g)? = p.type, let type = argumentType(a.value) else { continue }
            if checkAssociated(f, g, type, callee) { return .visitChildren }
            for c in constraints(of: g, in: f) where !conforms(type, to: c) {
                let type = LocalTypeNames.display(type)
                let note = Diagnostic.note(NoteMessage.whereParameterIs(parameter: g, type: type),
                                           at: f.declaredAt, in: file)
                found.append(.error(ConversionMessage.requirementNotMet(kind: "global function", name: name, type: type, constraint: c),
                                    at: callee.location, in: file, notes: [note]))
                return .visitChildren
            }
        }
        return .visitChildren
    }

    /// `Box<P>(v: p)`: a written argument that misses its parameter's constraint is swiftc's
    /// "type 'P' does not conform to protocol 'Equatable'" at the type's name.
    private mutating func checkWritten(_ name: String, _ spelled: String, _ at: SourceLocation) {
        guard let ps = facts.structParameters[name], facts.types[name]?.count == 1,
              let args = StaticTyper.plainArguments(spelled, count: ps.count) else { return }
        for (p, a) in zip(ps, args) {
            guard case .named(let c)? = p.constraint, Self.standard.contains(c) || facts.protocolCounts[c] == 1,
                  let t = facts.types[a], t.count == 1, !t.isGeneric, t.kind != .table, !conforms(a, to: c) else { continue }
            found.append(.error(ConformanceMessage.doesNotConform(type: LocalTypeNames.display(a), protocol: c), at: at, in: file))
            return
        }
    }

    /// The protocols a generic parameter of `f` must conform to, each a plain name.
    private func constraints(of g: String, in f: FunctionDecl) -> [String] {
        guard let p = f.genericParameters.first(where: { $0.name == g }) else { return [] }
        var out: [String] = []
        if case .named(let c)? = p.constraint { out.append(c) }
        for r in f.whereClause where !r.isSameType && r.subject == .named(g) {
            if case .named(let c) = r.constraint { out.append(c) }
        }
        return out.filter { Self.standard.contains($0) || facts.protocolCounts[$0] == 1 }
    }

    /// The unit's type an argument surely has, where the syntax tells it.
    private func argumentType(_ e: Expr) -> String? {
        let name: String?
        switch e.kind {
        case .call: name = GenericArgumentFacts.constructed(e)
        case .identifier(let n): name = facts.typeOfName(n)
        default: name = nil
        }
        guard let name, let t = facts.types[name], t.count == 1, !t.isGeneric, t.kind != .table else { return nil }
        return name
    }

    /// Whether `type` conforms to `c`; true wherever the answer is not sure.
    /// `where C.Item == Int` given a type whose declarations tell `Item` otherwise: swiftc's
    /// "requires the types 'String' and 'Int' be equivalent".
    private mutating func checkAssociated(_ f: FunctionDecl, _ g: String, _ type: String, _ callee: Expr) -> Bool {
        for r in f.whereClause where r.isSameType {
            let parts = r.subject.description.split(separator: ".").map(String.init)
            guard parts.count == 2, parts[0] == g, parts[1] != "Element", let want = InterpreterCore.standardSpelling(r.constraint),
                  let have = witness(parts[1], of: type), have != want else { continue }
            let note = Diagnostic.note(NoteMessage.whereParameterIs(parameter: r.subject.description, type: have), at: f.declaredAt, in: file)
            found.append(.error(ConversionMessage.extensionRequiresSameType(member: "global function '\(f.name)'", type: have, constraint: r.constraint),
                                at: callee.location, in: file, notes: [note]))
            return true
        }
        return false
    }

    /// The standard type a type's declarations give an associated type: a `typealias`, or
    /// the annotation of a property a protocol requires with it (`var items: [Item]`).
    private func witness(_ associated: String, of type: String) -> String? {
        let ms = facts.members[type] ?? []
        if let a = ms.lazy.flatMap(\.typeAliases).first(where: { $0.name == associated }) { return InterpreterCore.standardSpelling(a.type) }
        for p in facts.protocols.values where p.associatedTypes.contains(where: { $0.name == associated }) {
            for req in p.properties {
                guard let v = ms.lazy.flatMap(\.properties).first(where: { $0.name == req.name }),
                      let t = v.type ?? v.initializer.flatMap(UnitScopedChecks.literalDefaultType) else { continue }
                switch (req.type, t) {
                case (.named(associated), _): return InterpreterCore.standardSpelling(t)
                case (.array(.named(associated)), .array(let e)): return InterpreterCore.standardSpelling(e)
                default: continue
                }
            }
        }
        return nil
    }

    private func conforms(_ type: String, to c: String) -> Bool {
        guard let t = facts.types[type] else { return true }
        if t.kind == .enum && Self.standard.contains(c) { return true }
        var seen = Set<String>()
        var pending = t.protocols
        while let p = pending.popLast() {
            guard seen.insert(p).inserted else { continue }
            if Self.standard.contains(p) { continue }
            // A superclass, a standard or host protocol: what it brings is not known here.
            guard facts.protocolCounts[p] == 1, let parents = facts.protocolParents[p] else { return true }
            pending += parents
        }
        if seen.contains(c) { return true }
        switch c {
        case "Equatable": return seen.contains("Hashable") || seen.contains("Comparable")
        default: return false
        }
    }
}
