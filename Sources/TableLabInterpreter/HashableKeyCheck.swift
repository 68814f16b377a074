// A Dictionary's key and a Set's element must be Hashable: swiftc refuses `[P: Int]` for a
// struct P that does not declare it, and `struct Table<K, V> { var d: [K: V] }` for a K
// without the constraint. TableLab hashed any value, so such a script ran. This check finds,
// before the unit runs, the annotations (of variables, properties, parameters) whose
// Dictionary key or Set element is such a type, at the annotation, in swiftc's words:
// - a generic parameter of the enclosing type with no constraint (a function's own
//   parameters are left alone: swiftc infers `T: Hashable` from `Set<T>` in its signature);
// - a script struct or class declaring no protocol (nor an extension adding one), or an
//   enum with associated values declaring none. A type declaring other protocols is left to
//   the run: one of them may refine Hashable.

import TableLabSyntax

extension InterpreterCore {
    func hashableKeyErrors(_ unit: SourceUnit, _ file: SourceFile) -> [Diagnostic] {
        var v = HashableKeyCheck(file: file)
        v.collectTypes(unit.statements)
        v.isSessionTypeUnhashable = { [self] name in
            guard let t = userType(name), t.conformances.isEmpty, !t.declaresHashable else { return false }
            switch t.kind {
            case .struct, .class: return true
            case .enum: return !t.casePayloads.allSatisfy { $0 == nil }
            default: return false
            }
        }
        v.walk(unit.statements)
        return v.found
    }
}

private struct HashableKeyCheck: SyntaxVisitor {
    let file: SourceFile
    /// The unit's own types that are surely not Hashable, and every name it declares a type of.
    var unhashable = Set<String>()
    var declared = Set<String>()
    var isSessionTypeUnhashable: (String) -> Bool = { _ in false }
    /// The unconstrained generic parameters of the types being walked, innermost last.
    var typeParameters: [Set<String>] = []
    /// The generic parameters of the functions being walked (with their enclosing ones'),
    /// innermost last: a `Set<T>()` in their bodies is left to the run.
    var functionParameters: [Set<String>] = []
    var found: [Diagnostic] = []

    init(file: SourceFile) { self.file = file }

    mutating func collectTypes(_ statements: [Stmt]) {
        var c = TypeCollector()
        c.walk(statements)
        declared = c.declared
        for (name, isUnhashable) in c.candidates where isUnhashable && c.extended[name] == nil && c.counts[name] == 1 {
            unhashable.insert(name)
        }
    }

    mutating func visit(_ node: Decl) -> SyntaxVisitorContinueKind {
        switch node {
        case .struct(let s): typeParameters.append(Self.unconstrained(s.members))
        case .class(let c): typeParameters.append(Self.unconstrained(c.members))
        case .enum(let e): typeParameters.append(Self.unconstrained(e.members))
        case .extension, .table: typeParameters.append([])
        case .variable(let v):
            if let t = v.type { check(t, at: v.typeLocation) }
        case .function(let f):
            // A function's own parameters shadow the type's, and Swift infers their constraint.
            let own = Set(f.genericParameters.map(\.name))
            functionParameters.append(own.union(functionParameters.last ?? []))
            for p in f.parameters { if let t = p.type { check(t, at: p.typeLocation, except: own) } }
        default: break
        }
        return .visitChildren
    }

    mutating func visitPost(_ node: Decl) {
        switch node {
        case .struct, .class, .enum, .extension, .table: typeParameters.removeLast()
        case .function: functionParameters.removeLast()
        default: break
        }
    }

    /// `Set<P>()`, `[P: Int]()`, `Dictionary<P, Int>()`: the type written as a value is
    /// checked as an annotation is. Spelt `[P: Int]`, swiftc adds that Dictionary's own
    /// requirement is not met, with its note in the standard library's interface.
    mutating func visit(_ node: Expr) -> SyntaxVisitorContinueKind {
        let written: TypeSyntax?
        switch node.kind {
        case .arrayType(let t): written = t
        case .identifier: written = node.writtenGenericType
        default: written = nil
        }
        guard let written, let key = unhashableKey(written, at: node.location, except: functionParameters.last ?? []) else {
            return .visitChildren
        }
        found.append(.error(HashableMessage.doesNotConform(type: key), at: node.location, in: file))
        if case .dictionary = written, case .arrayType = node.kind, node.writtenGenericType == nil {
            let note = StandardLibraryInterface.dictionary.note(HashableMessage.whereKeyIs(type: key))
            found.append(.error(HashableMessage.dictionaryRequiresHashable(type: key), at: node.location, in: file, notes: [note]))
        }
        return .visitChildren
    }

    private static func unconstrained(_ m: TypeMembers) -> Set<String> {
        Set(m.genericParameters.filter { $0.constraint == nil }.map(\.name))
    }

    private mutating func check(_ t: TypeSyntax, at: SourceLocation, except: Set<String> = []) {
        guard let n = unhashableKey(t, at: at, except: except) else { return }
        found.append(.error(HashableMessage.doesNotConform(type: n), at: at, in: file))
    }

    /// The key or element type of a Dictionary or Set type that is surely not Hashable.
    private func unhashableKey(_ t: TypeSyntax, at: SourceLocation, except: Set<String>) -> String? {
        guard at != .unknown else { return nil }
        var t = t
        if case .optional(let w) = t { t = w }
        let key: TypeSyntax
        switch t {
        case .dictionary(let k, _): key = k
        case .set(let e): key = e
        default: return nil
        }
        guard case .named(let n) = key, !except.contains(n), !n.contains("<"), !n.contains(".") else { return nil }
        let isParameter = typeParameters.last?.contains(n) == true
        let isUnhashable = unhashable.contains(n) || (!declared.contains(n) && isSessionTypeUnhashable(n))
        guard isParameter || (isUnhashable && !typeParameters.contains(where: { $0.contains(n) })) else { return nil }
        return n
    }
}

/// The unit's types: which are surely not Hashable as declared, which an extension gives
/// protocols, and how many times each name is declared.
private struct TypeCollector: SyntaxVisitor {
    var candidates: [String: Bool] = [:]
    var extended: [String: Bool] = [:]
    var counts: [String: Int] = [:]
    var declared = Set<String>()

    mutating func visit(_ node: Decl) -> SyntaxVisitorContinueKind {
        switch node {
        case .struct(let s): note(s.name, s.conformances.isEmpty)
        case .class(let c): note(c.name, c.inherited.isEmpty)
        case .enum(let e):
            let hasPayloads = e.cases.contains { $0.associatedValues != nil }
            note(e.name, e.conformances.isEmpty && e.rawType == nil && hasPayloads)
        case .table(let t): note(t.name, false)
        case .protocol(let p): note(p.name, false)
        case .typeAlias(let a): note(a.name, false)
        case .extension(let name, let m, _): if !m.conformances.isEmpty { extended[name] = true }
        default: break
        }
        return .visitChildren
    }

    private mutating func note(_ name: String, _ isUnhashable: Bool) {
        declared.insert(name)
        counts[name, default: 0] += 1
        candidates[name] = isUnhashable
    }
}

enum HashableMessage: DiagnosticMessage, Hashable {
    case doesNotConform(type: String)
    /// `[P: Int]()`: Dictionary's `where Key : Hashable` not met.
    case dictionaryRequiresHashable(type: String)
    case whereKeyIs(type: String)

    var id: DiagnosticID {
        switch self {
        // swiftc's type_does_not_conform, found as it checks the declarations' signatures
        // (SwiftcDiagnosticOrder: with the top-level code).
        case .doesNotConform: return DiagnosticID("type_does_not_conform_in_signature")
        case .dictionaryRequiresHashable: return DiagnosticID("type_does_not_conform_dictionary_key")
        case .whereKeyIs: return DiagnosticID("where_requirement_failure_dictionary_key")
        }
    }

    var text: String {
        switch self {
        case .doesNotConform(let t): return "type '\(t)' does not conform to protocol 'Hashable'"
        case .dictionaryRequiresHashable(let t): return "generic struct 'Dictionary' requires that '\(t)' conform to 'Hashable'"
        case .whereKeyIs(let t): return "where 'Key' = '\(t)'"
        }
    }
}
