// Functions and methods overloaded by parameter type (`func f(_ x: Int)` beside
// `func f(_ x: String)`): Swift picks one by the static types of a call. TableLab keeps one
// function per full name, so each overload of a set it can choose among is declared under a
// name of its own, the base name with a mark and its parameter types' number (the mark and
// digits never show: `LocalTypeNames.display` drops them), and the plain full name becomes a
// dispatcher whose body calls the plain name again with its parameters. A call is then
// resolved where it is compiled (OverloadChoice.swift): by the arguments' static types where
// they are known (literals, annotated and literal-typed variables, parameters, stored
// properties, constructions), and otherwise by the values' types when the call runs, which
// is Swift's choice whenever exactly one overload takes them (see `acceptsDynamically`).
// Sets TableLab cannot choose among as Swift does (generic, protocol, optional or collection
// parameters, defaults, `inout`, other result types) are left as written: OverloadCheck.swift
// refuses them by name.

import TableLabSyntax

/// The overloads the session declared: their signatures' numbers and their base names.
final class OverloadState {
    /// A parameter-type signature (`(Int,String)`) -> its number in mangled names.
    var signatureIDs: [String: Int] = [:]
    /// A plain base name -> the mangled base names declared for it (some may be gone).
    var mangledBases: [String: Set<String>] = [:]
    /// A type's name -> the full names overloaded in it (its subclasses' overrides of one
    /// are mangled too, so that they override the overload they replace).
    var overloadedMembers: [String: Set<String>] = [:]
}

extension InterpreterCore {
    /// The unit with each supported overload set mangled and given its dispatcher.
    func lowerOverloads(_ unit: SourceUnit) -> SourceUnit {
        var collector = OverloadCollector(core: self)
        collector.collect(unit)
        guard !collector.sets.isEmpty || !collector.inheritedSets.isEmpty else { return unit }
        var out = unit
        var added = Set<String>()
        for i in out.statements.indices {
            guard case .declaration(let d) = out.statements[i].kind else { continue }
            let s = out.statements[i]
            if case .function(let f) = d {
                guard let set = collector.sets[OverloadCollector.Key(container: "", fullName: f.fullName)] else { continue }
                var stmts = [Stmt(.declaration(.function(mangled(f))), at: s.location, range: s.range)]
                if added.insert(set.key).inserted {
                    stmts.append(Stmt(.declaration(.function(set.dispatcher)), at: s.location, range: s.range))
                }
                // Top-level statements are replaced one for one: the dispatcher goes in a block
                // only when it must; a block is not a declaration, so it follows the function.
                out.statements[i] = stmts[0]
                if stmts.count > 1 { out.statements.append(stmts[1]) }
                continue
            }
            out.statements[i] = Stmt(.declaration(lowered(d, in: "", collector, &added)), at: s.location, range: s.range)
        }
        return out
    }

    private func lowered(_ d: Decl, in outer: String, _ c: OverloadCollector, _ added: inout Set<String>) -> Decl {
        func members(_ m: TypeMembers, _ container: String, superclass: String?) -> TypeMembers {
            var m = m
            var dispatchers: [FunctionDecl] = []
            m.methods = m.methods.map { f in
                if let set = c.sets[OverloadCollector.Key(container: container, fullName: f.fullName)] {
                    if added.insert(set.key).inserted { dispatchers.append(set.dispatcher) }
                    return mangled(f)
                }
                if let sup = superclass, c.isOverloaded(f.fullName, inClassOrAncestorsOf: sup) { return mangled(f) }
                return f
            }
            m.methods += dispatchers
            m.nestedTypes = m.nestedTypes.map { lowered($0, in: container, c, &added) }
            return m
        }
        let q = { (n: String) in outer.isEmpty ? n : outer + "." + n }
        switch d {
        case .enum(var e): e.members = members(e.members, q(e.name), superclass: nil); return .enum(e)
        case .struct(var s): s.members = members(s.members, q(s.name), superclass: nil); return .struct(s)
        case .table(var t): t.members = members(t.members, q(t.name), superclass: nil); return .table(t)
        case .class(var k): k.members = members(k.members, q(k.name), superclass: k.inherited.first); return .class(k)
        case .extension(let name, let m, let loc):
            guard m.whereClause.isEmpty else { return d }
            return .extension(typeName: name, members: members(m, name, superclass: c.superclass(of: name)), location: loc)
        default: return d
        }
    }

    /// `f` under its mangled name.
    func mangled(_ f: FunctionDecl) -> FunctionDecl {
        var g = f
        g.name = mangledBase(f.name, signature: OverloadCollector.signature(f))
        overloads.mangledBases[f.name, default: []].insert(g.name)
        return g
    }

    func mangledBase(_ name: String, signature: String) -> String {
        let id: Int
        if let known = overloads.signatureIDs[signature] { id = known } else {
            id = overloads.signatureIDs.count
            overloads.signatureIDs[signature] = id
        }
        var s = name
        s.unicodeScalars.append(LocalTypeNames.mark)
        return s + String(id)
    }
}

/// The overload sets of one unit, by container (`""` for the top level, a type's name for it
/// and its unconstrained extensions).
struct OverloadCollector {
    struct Key: Hashable { let container: String; let fullName: String }
    struct OverloadSet {
        let key: String
        let dispatcher: FunctionDecl
    }

    let coreRef: Unretained<InterpreterCore>
    var core: InterpreterCore { coreRef.object }
    private var found: [Key: [FunctionDecl]] = [:]
    private var order: [Key] = []
    private var protocolNames = Set<String>()
    private var superclasses: [String: String] = [:]
    var sets: [Key: OverloadSet] = [:]
    /// Full names overloaded in a class of an earlier unit that this unit's classes override.
    var inheritedSets: Set<String> = []

    init(core: InterpreterCore) { coreRef = Unretained(core) }

    mutating func collect(_ unit: SourceUnit) {
        for s in unit.statements {
            guard case .declaration(let d) = s.kind else { continue }
            if case .protocol(let p) = d { protocolNames.insert(p.name) }
            declaration(d, in: "")
        }
        for key in order {
            guard let fs = found[key], fs.count > 1, supported(fs) else { continue }
            let signatures = Set(fs.map(Self.signature))
            // Two overloads TableLab's values cannot tell apart (Double and CGFloat, String
            // and Character) stay refused by name.
            guard signatures.count > 1, Set(fs.map(Self.canonicalSignature)).count == signatures.count else { continue }
            sets[key] = OverloadSet(key: key.container + "." + key.fullName, dispatcher: Self.dispatcher(fs))
            if !key.container.isEmpty { core.overloads.overloadedMembers[key.container, default: []].insert(key.fullName) }
        }
        for (name, sup) in superclasses {
            for full in core.overloads.overloadedMembers[sup] ?? [] where !(found[Key(container: name, fullName: full)] ?? []).isEmpty {
                inheritedSets.insert(full)
            }
        }
    }

    private mutating func declaration(_ d: Decl, in outer: String) {
        let q = { (n: String) in outer.isEmpty ? n : outer + "." + n }
        switch d {
        case .function(let f): add(f, "")
        case .enum(let e): members(e.members, q(e.name))
        case .struct(let s): members(s.members, q(s.name))
        case .table(let t): members(t.members, q(t.name))
        case .class(let c):
            if let sup = c.inherited.first { superclasses[q(c.name)] = sup }
            members(c.members, q(c.name))
        case .extension(let name, let m, _):
            if m.whereClause.isEmpty { members(m, name) }
        default: break
        }
    }

    private mutating func members(_ m: TypeMembers, _ container: String) {
        for f in m.methods { add(f, container) }
        for n in m.nestedTypes { declaration(n, in: container) }
    }

    private mutating func add(_ f: FunctionDecl, _ container: String) {
        let key = Key(container: container, fullName: f.fullName)
        if found[key] == nil { order.append(key) }
        found[key, default: []].append(f)
    }

    func superclass(of name: String) -> String? {
        superclasses[name] ?? core.userType(name)?.classInfo?.superclass?.name
    }

    /// Whether `full` is overloaded in the class `name` or one of its superclasses.
    func isOverloaded(_ full: String, inClassOrAncestorsOf name: String) -> Bool {
        var current: String? = name
        var seen = Set<String>()
        while let n = current, seen.insert(n).inserted {
            if sets[Key(container: n, fullName: full)] != nil || core.overloads.overloadedMembers[n]?.contains(full) == true { return true }
            current = superclass(of: n)
        }
        return false
    }

    /// A set TableLab chooses among as Swift does: plain functions of one kind and result
    /// type whose parameters are each of one named, concrete type.
    private func supported(_ fs: [FunctionDecl]) -> Bool {
        guard let first = fs.first else { return false }
        for f in fs {
            guard !f.isOperator, f.name != "init", f.isStatic == first.isStatic, f.genericParameters.isEmpty,
                  f.whereClause.isEmpty, f.returnType?.description == first.returnType?.description else { return false }
            for p in f.parameters {
                guard p.defaultValue == nil, !p.isVariadic, !p.isInout, case .named(let n)? = p.type,
                      !["Any", "AnyObject", "Self", "AnyClass"].contains(n), !n.contains("<"), !n.contains("&"),
                      !protocolNames.contains(n), core.protocols.protocols[n] == nil else { return false }
            }
        }
        return true
    }

    private static func canonicalSignature(_ f: FunctionDecl) -> String {
        f.parameters.map { p -> String in
            let n = p.type?.description ?? "_"
            switch n {
            case "CGFloat", "TimeInterval", "CLLocationDegrees", "CLLocationDistance", "CLLocationSpeed", "CLLocationDirection": return "Double"
            case "Character", "Substring": return "String"
            default: return n
            }
        }.joined(separator: ",")
    }

    static func signature(_ f: FunctionDecl) -> String {
        "(" + f.parameters.map { $0.type?.description ?? "_" }.joined(separator: ",") + ")"
    }

    /// `func f(_ a0, b a1) -> R { f(a0, b: a1) }`: the plain name, chosen again by the
    /// values when it runs (its parameters' types are not known where the call compiles).
    static func dispatcher(_ fs: [FunctionDecl]) -> FunctionDecl {
        let first = fs[0]
        let at = SourceLocation(line: first.location.line, column: 0)
        let params = first.parameters.enumerated().map { i, p in
            Parameter(label: p.label, name: OverloadChoice.argumentName(i), type: nil, defaultValue: nil, location: at)
        }
        let args = params.map { p in Argument(label: p.label, value: Expr(.identifier(p.name), at: at), location: at) }
        let call = Expr(.call(Expr(.identifier(first.name), at: at), args), at: at)
        let body = first.returnType == nil ? Stmt(.expression(call), at: at) : Stmt(.return(call), at: at)
        var d = FunctionDecl(name: first.name, parameters: params, returnType: first.returnType, body: [body],
                             isStatic: first.isStatic, isMutating: fs.contains(where: \.isMutating), location: at)
        d.isClassMethod = first.isClassMethod
        d.throwsKeyword = fs.contains { $0.throwsKeyword != nil } ? "throws" : nil
        return d
    }
}
