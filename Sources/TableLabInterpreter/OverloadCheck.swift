// Two functions (or initializers) of one name in one place (the top level, or a type with
// its extensions).
// TableLab keeps one function per full name, so the second replaced the first: with the
// same signature swiftc refuses the file ("invalid redeclaration", TableLab ran the
// second); with other parameter or result types Swift picks one by the arguments' types,
// which TableLab does not (it reported a wrong "cannot convert"). The first is swiftc's
// error, the second a refusal by name; both before anything runs. A later entry of a
// session that declares a function again still replaces it (the session's redefinition).

import TableLabSyntax

extension InterpreterCore {
    func overloadErrors(_ unit: SourceUnit, _ file: SourceFile) -> [Diagnostic] {
        var walker = OverloadWalker()
        for s in unit.statements {
            if case .declaration(let d) = s.kind { walker.declaration(d, in: "") }
        }
        return walker.found.map { f in
            let at = Self.nameLocation(f.second)
            switch f.kind {
            case .redeclaration:
                let name = Self.swiftcName(f.second)
                return .error(OverloadMessage.invalidRedeclaration(name), at: at, in: file,
                              notes: [.note(OverloadMessage.previouslyDeclared(name), at: Self.nameLocation(f.first), in: file)])
            case .overload:
                return .error(OverloadMessage.overloadByType(f.second.fullName), at: at, in: file)
            case .staticAndInstance:
                return .error(OverloadMessage.staticAndInstance(f.second.fullName), at: at, in: file)
            }
        }
    }

    /// A declaration records its `func` keyword; swiftc points at the name after it (an
    /// initializer's place is its `init`).
    static func nameLocation(_ f: FunctionDecl) -> SourceLocation {
        if f.name == "init" { return f.location }
        return SourceLocation(line: f.location.line, column: f.location.column + 5)
    }

    /// swiftc names a function whose parameters all lack labels by its base name (`f`),
    /// never an initializer (`init(_:)`).
    static func swiftcName(_ f: FunctionDecl) -> String {
        if f.name != "init", !f.parameters.isEmpty, f.parameters.allSatisfy({ $0.label == nil }) { return f.name }
        return f.fullName
    }
}

private struct OverloadWalker {
    enum Kind { case redeclaration, overload, staticAndInstance }
    struct Finding { let first: FunctionDecl; let second: FunctionDecl; let kind: Kind }
    struct Key: Hashable { let container: String; let fullName: String }

    var seen: [Key: FunctionDecl] = [:]
    var found: [Finding] = []
    var constrained = 0

    mutating func declaration(_ d: Decl, in outer: String) {
        switch d {
        case .function(let f): function(f, in: outer)
        case .enum(let e): members(e.members, of: qualified(outer, e.name))
        case .struct(let s): members(s.members, of: qualified(outer, s.name))
        case .table(let t): members(t.members, of: qualified(outer, t.name))
        case .class(let c): members(c.members, of: qualified(outer, c.name))
        case .extension(let name, let m, _):
            // A constrained extension's members are other functions (`where Element == Int`).
            constrained += 1
            members(m, of: m.whereClause.isEmpty ? name : "\(name) where #\(constrained)")
        case .variable, .protocol, .typeAlias: break
        }
    }

    private func qualified(_ outer: String, _ name: String) -> String { outer.isEmpty ? name : outer + "." + name }

    private mutating func members(_ m: TypeMembers, of type: String) {
        for f in m.methods + m.initializers { function(f, in: type) }
        for n in m.nestedTypes { declaration(n, in: type) }
    }

    private mutating func function(_ f: FunctionDecl, in container: String) {
        let key = Key(container: container, fullName: f.fullName)
        guard let first = seen[key] else { seen[key] = f; return }
        // A type's static and instance method of one name share TableLab's one slot too.
        if first.isStatic != f.isStatic {
            found.append(Finding(first: first, second: f, kind: .staticAndInstance))
            return
        }
        let same = Self.signature(first) == Self.signature(f)
        found.append(Finding(first: first, second: f, kind: same ? .redeclaration : .overload))
    }

    /// The parameter and result types as written, with the generic parameters' constraints.
    static func signature(_ f: FunctionDecl) -> String {
        let generics = f.genericParameters.map { $0.name + ":" + ($0.constraint?.description ?? "") }.joined(separator: ",")
        let params = f.parameters.map { ($0.isInout ? "inout " : "") + ($0.type?.description ?? "_") }.joined(separator: ",")
        return "<\(generics)>(\(params))->\(f.returnType?.description ?? "()")"
    }
}

enum OverloadMessage: DiagnosticMessage, Hashable {
    case invalidRedeclaration(String)
    case previouslyDeclared(String)
    case overloadByType(String)
    case staticAndInstance(String)

    var id: DiagnosticID {
        switch self {
        case .invalidRedeclaration: return DiagnosticID("invalid_redecl")
        case .previouslyDeclared: return DiagnosticID("invalid_redecl_prev")
        case .overloadByType: return DiagnosticID("tablelab_overload_by_type")
        case .staticAndInstance: return DiagnosticID("tablelab_static_and_instance_method")
        }
    }

    var text: String {
        switch self {
        case .invalidRedeclaration(let n): return "invalid redeclaration of '\(n)'"
        case .previouslyDeclared(let n): return "'\(n)' previously declared here"
        case .overloadByType(let n):
            return "overloading '\(n)' by parameter or result types is not supported in TableLab: Swift would pick one of them by the types of a call"
        case .staticAndInstance(let n):
            return "a static and an instance method both named '\(n)' are not supported in TableLab"
        }
    }
}
