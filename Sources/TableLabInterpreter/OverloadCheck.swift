// Two functions (or initializers) of one full name in one place whose parameter or result
// types differ are overloads: Swift picks one by the types of a call. TableLab keeps one
// function per full name, the later replacing the earlier (SPEC 2.2: a script reads like a
// session's transcript, in files too), so a call meant for the first got a wrong "cannot
// convert". In a type with its extensions (a type declared again replaces them all) they
// are refused by name before anything runs, and so is a static and an instance method of
// one name (one slot too). At the top level the replacement is the SPEC's; a call whose
// argument only the replaced declaration takes is refused by name instead of "cannot
// convert". The same signature declared again replaces the first, as the SPEC asks
// (swiftc refuses it: "invalid redeclaration").

import TableLabSyntax

extension InterpreterCore {
    func overloadErrors(_ unit: SourceUnit, _ file: SourceFile) -> [Diagnostic] {
        var walker = OverloadWalker()
        for s in unit.statements {
            if case .declaration(let d) = s.kind { walker.declaration(d, in: "") }
        }
        for (name, overloaded) in walker.topLevel {
            if overloaded { overloadedByParameterTypes.insert(name) } else { overloadedByParameterTypes.remove(name) }
        }
        return walker.found.map { f in
            let at = Self.nameLocation(f.second)
            switch f.kind {
            case .overload:
                return .error(OverloadMessage.overloadByType(f.second.fullName), at: at, in: file)
            case .staticAndInstance:
                return .error(OverloadMessage.staticAndInstance(f.second.fullName), at: at, in: file)
            }
        }
    }

    /// swiftc points at the name after `func` (an initializer's place is its `init`).
    static func nameLocation(_ f: FunctionDecl) -> SourceLocation { f.declaredAt }
}

private struct OverloadWalker {
    enum Kind { case overload, staticAndInstance }
    struct Finding { let second: FunctionDecl; let kind: Kind }
    struct Key: Hashable { let container: String; let fullName: String }

    var seen: [Key: FunctionDecl] = [:]
    var found: [Finding] = []
    /// Each top-level function's full name: whether it was declared with other parameter types.
    var topLevel: [String: Bool] = [:]
    var constrained = 0

    mutating func declaration(_ d: Decl, in outer: String) {
        switch d {
        case .function(let f): function(f, in: outer)
        case .enum(let e): type(e.members, qualified(outer, e.name))
        case .struct(let s):
            let name = qualified(outer, s.name)
            type(s.members, name)
            memberwise(s.members, of: name)
        case .table(let t): type(t.members, qualified(outer, t.name))
        case .class(let c): type(c.members, qualified(outer, c.name))
        case .extension(let name, let m, _):
            // A constrained extension's members are other functions (`where Element == Int`).
            constrained += 1
            members(m, of: m.whereClause.isEmpty ? name : "\(name) where #\(constrained)")
        case .variable, .protocol, .typeAlias: break
        }
    }

    /// A type declared again replaces the earlier one with its members.
    private mutating func type(_ m: TypeMembers, _ name: String) {
        seen = seen.filter { $0.key.container != name && !$0.key.container.hasPrefix(name + ".") && !$0.key.container.hasPrefix(name + " where #") }
        members(m, of: name)
    }

    /// A struct that declares no initializer keeps its memberwise one: an extension's
    /// initializer of its labels with other parameter types is an overload of it
    /// (`init(title: Int, count: Int)` beside `var title: String; var count: Int`).
    private mutating func memberwise(_ m: TypeMembers, of type: String) {
        guard m.initializers.isEmpty else { return }
        var parameters: [Parameter] = []
        for p in m.properties where p.getter == nil && !p.isStatic {
            guard !p.isLazy, let n = p.name, let t = p.type else { return }
            if p.isLet && p.initializer != nil { continue }
            parameters.append(Parameter(label: n, name: n, type: t, defaultValue: nil, location: p.location))
        }
        guard !parameters.isEmpty else { return }
        let f = FunctionDecl(name: "init", parameters: parameters, returnType: nil, body: [], location: .unknown)
        seen[Key(container: type, fullName: f.declarationKey)] = f
    }

    private func qualified(_ outer: String, _ name: String) -> String { outer.isEmpty ? name : outer + "." + name }

    private mutating func members(_ m: TypeMembers, of type: String) {
        for f in m.methods + m.initializers { function(f, in: type) }
        for n in m.nestedTypes { declaration(n, in: type) }
    }

    private mutating func function(_ f: FunctionDecl, in container: String) {
        let key = Key(container: container, fullName: f.declarationKey)
        guard let first = seen[key] else { seen[key] = f; if container.isEmpty { topLevel[f.declarationKey] = false }; return }
        if container.isEmpty {
            if Self.parameterTypes(first) != Self.parameterTypes(f) { topLevel[f.declarationKey] = true }
            seen[key] = f
            return
        }
        // A type's static and instance method of one name share TableLab's one slot too.
        if first.isStatic != f.isStatic {
            found.append(Finding(second: f, kind: .staticAndInstance))
            return
        }
        if Self.signature(first) == Self.signature(f) { seen[key] = f; return }
        found.append(Finding(second: f, kind: .overload))
    }

    /// The parameter and result types as written, with the generic parameters' constraints.
    static func signature(_ f: FunctionDecl) -> String {
        parameterTypes(f) + "->\(f.returnType?.description ?? "()")"
    }

    static func parameterTypes(_ f: FunctionDecl) -> String {
        let generics = f.genericParameters.map { $0.name + ":" + ($0.constraint?.description ?? "") }.joined(separator: ",")
        let params = f.parameters.map { ($0.isInout ? "inout " : "") + ($0.type?.description ?? "_") }.joined(separator: ",")
        return "<\(generics)>(\(params))"
    }
}

enum OverloadMessage: DiagnosticMessage, Hashable {
    case overloadByType(String)
    case replacedOverload(String)
    case staticAndInstance(String)

    var id: DiagnosticID {
        switch self {
        case .overloadByType: return DiagnosticID("tablelab_overload_by_type")
        case .replacedOverload: return DiagnosticID("tablelab_replaced_overload")
        case .staticAndInstance: return DiagnosticID("tablelab_static_and_instance_method")
        }
    }

    var text: String {
        switch self {
        case .overloadByType(let n):
            return "overloading '\(n)' by parameter or result types is not supported in TableLab: Swift would pick one of them by the types of a call"
        case .replacedOverload(let n):
            return "overloading '\(n)' by parameter types is not supported in TableLab: its later declaration replaced the one Swift would call here"
        case .staticAndInstance(let n):
            return "a static and an instance method both named '\(n)' are not supported in TableLab"
        }
    }
}
