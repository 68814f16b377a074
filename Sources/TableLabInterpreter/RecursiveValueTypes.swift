// A struct that holds itself, through its stored properties, optionals, tuples and the
// payloads of enums that are not `indirect`, has no finite size: swiftc refuses it
// ("value type 'R' cannot have a stored property that recursively contains it"). Without
// this check TableLab ran such a program (a default of `nil` made a value), or recursed
// until its stack limit when the default built one.

import TableLabSyntax

/// The messages of recursive value types, in swiftc's words.
enum RecursiveValueTypeMessage: DiagnosticMessage, Hashable {
    case storedPropertyRecursivelyContains(type: String)
    case cycleBeginningHere(String)

    var id: DiagnosticID {
        switch self {
        case .storedPropertyRecursivelyContains: return DiagnosticID("recursive_value_type")
        case .cycleBeginningHere: return DiagnosticID("cycle_beginning_here")
        }
    }

    var text: String {
        switch self {
        case .storedPropertyRecursivelyContains(let t):
            return "value type '\(t)' cannot have a stored property that recursively contains it"
        case .cycleBeginningHere(let path): return "cycle beginning here: \(path)"
        }
    }
}

/// The value types a unit declares, by the names they are found by (simple and qualified).
private struct ValueTypeTable {
    enum Entry {
        case structure(StructDecl, qualified: String)
        case enumeration(EnumDecl, qualified: String)
        case reference
    }
    var byName: [String: Entry] = [:]
    /// The structs in declaration order, with their qualified names.
    var structs: [(StructDecl, String)] = []

    mutating func add(_ d: Decl, outer: String?) {
        func qualify(_ n: String) -> String { outer.map { $0 + "." + n } ?? n }
        func record(_ name: String, _ entry: Entry) {
            // A later declaration of the same simple name is another type; the first is kept
            // for the simple name, and each is found by its qualified name.
            if byName[name] == nil { byName[name] = entry }
            if let outer { byName[outer + "." + name] = entry }
        }
        switch d {
        case .struct(let s):
            let q = qualify(s.name)
            record(s.name, .structure(s, qualified: q))
            structs.append((s, q))
            for n in s.members.nestedTypes { add(n, outer: q) }
        case .enum(let e):
            let q = qualify(e.name)
            record(e.name, .enumeration(e, qualified: q))
            for n in e.members.nestedTypes { add(n, outer: q) }
        case .class(let c):
            record(c.name, .reference)
            for n in c.members.nestedTypes { add(n, outer: qualify(c.name)) }
        case .table(let t):
            record(t.name, .reference)
            for n in t.members.nestedTypes { add(n, outer: qualify(t.name)) }
        case .extension(let name, let m, _):
            for n in m.nestedTypes { add(n, outer: name) }
        default: break
        }
    }
}

/// The stored-property paths from one value type to another, in swiftc's words, over the
/// structs and enums of one unit and those an earlier entry declared.
private struct ValueTypePaths {
    let table: ValueTypeTable
    /// A struct of an earlier entry, found through its type (a session adds a unit at a time).
    let earlierStruct: (String) -> StructDecl?

    func lookup(_ name: String) -> ValueTypeTable.Entry? {
        if let e = table.byName[name] { return e }
        if let s = earlierStruct(name) { return .structure(s, qualified: s.name) }
        return nil
    }

    /// Swift's spelling of a type, with the qualified names of nested types.
    func spell(_ t: TypeSyntax) -> String {
        switch t {
        case .named(let n):
            switch lookup(n) {
            case .structure(_, let q)?, .enumeration(_, let q)?: return q
            default: return n
            }
        case .optional(let w):
            if case .function = w { return "(\(spell(w)))?" }
            return spell(w) + "?"
        case .tuple(let ts): return "(" + ts.map(spell).joined(separator: ", ") + ")"
        case .labelled(let l, let w): return "\(l): \(spell(w))"
        default: return t.description
        }
    }

    private func unlabelled(_ t: TypeSyntax) -> TypeSyntax {
        if case .labelled(_, let w) = t { return w }
        return t
    }

    /// A stored instance property's type as it is held (`lazy` wraps it in an optional).
    func storedType(_ p: VariableDecl) -> TypeSyntax? {
        guard !p.isStatic, p.getter == nil, p.ownership == .strong, let t = p.type ?? initializedType(p) else { return nil }
        return p.isLazy ? .optional(t) : t
    }

    /// An untyped property whose initial value calls a struct's initializer
    /// (`var r = R()`) has that struct's type.
    private func initializedType(_ p: VariableDecl) -> TypeSyntax? {
        guard case .call(let callee, _)? = p.initializer?.kind, case .identifier(let n) = callee.kind,
              case .structure? = lookup(n) else { return nil }
        return .named(n)
    }

    /// The steps from a value of type `t` to one of the struct `target`, in swiftc's
    /// words; nil when `t` does not hold one inline. `open` holds the types on the
    /// current path, so another cycle is not followed forever.
    func path(from t: TypeSyntax, to target: String, open: inout Set<String>) -> [String]? {
        switch t {
        case .optional(let w):
            guard let rest = path(from: w, to: target, open: &open) else { return nil }
            return ["(some(_:): \(spell(w)))"] + rest
        case .tuple(let ts) where ts.count == 1:
            return path(from: unlabelled(ts[0]), to: target, open: &open)
        case .tuple(let ts):
            for (i, e) in ts.enumerated() {
                let et = unlabelled(e)
                if let rest = path(from: et, to: target, open: &open) { return ["(.\(i): \(spell(et)))"] + rest }
            }
            return nil
        case .named(let n):
            switch lookup(n) {
            case .structure(let s, let q)?:
                if q == target { return [] }
                guard s.members.genericParameters.isEmpty, open.insert(q).inserted else { return nil }
                defer { open.remove(q) }
                for p in s.members.properties {
                    guard let pt = storedType(p), let name = p.name else { continue }
                    if let rest = path(from: pt, to: target, open: &open) { return ["(\(name): \(spell(pt)))"] + rest }
                }
                return nil
            case .enumeration(let e, let q)?:
                guard !e.isIndirect, e.members.genericParameters.isEmpty, open.insert(q).inserted else { return nil }
                defer { open.remove(q) }
                return path(throughCasesOf: e, to: target, open: &open)
            default:
                return nil
            }
        default:
            // Arrays, dictionaries, sets and closures hold their values out of line;
            // classes and tables are references.
            return nil
        }
    }

    /// Through the payload of a case of `e` that is not `indirect`.
    private func path(throughCasesOf e: EnumDecl, to target: String, open: inout Set<String>) -> [String]? {
        for c in e.cases where !c.isIndirect {
            guard let values = c.associatedValues, !values.isEmpty else { continue }
            let types = values.compactMap(\.type)
            guard types.count == values.count else { continue }
            let labels = values.map { ($0.label ?? "_") + ":" }.joined()
            let payload: TypeSyntax = values.count == 1 && values[0].label == nil
                ? types[0]
                : .tuple(zip(values, types).map { v, t in v.label.map { .labelled($0, t) } ?? t })
            let step = "(\(c.name)(\(labels)): \(spell(payload)))"
            if case .tuple(let ts) = payload {
                // A payload of several values (or a labelled one) is a tuple: one more step.
                for (i, e) in ts.enumerated() {
                    let et = unlabelled(e)
                    if let rest = path(from: et, to: target, open: &open) {
                        return [step, "(.\(i): \(spell(et)))"] + rest
                    }
                }
            } else if let rest = path(from: payload, to: target, open: &open) {
                return [step] + rest
            }
        }
        return nil
    }
}

extension InterpreterCore {
    /// swiftc's error for the first struct of `stmts` (in declaration order) one of whose
    /// stored properties holds the struct itself, at that property, with swiftc's note
    /// giving the path (`R? -> (some(_:): R)`).
    func checkRecursiveValueTypes(_ stmts: [Stmt]) throws {
        var table = ValueTypeTable()
        for s in stmts { if case .declaration(let d) = s.kind { table.add(d, outer: nil) } }
        guard !table.structs.isEmpty else { return }
        let paths = ValueTypePaths(table: table, earlierStruct: { self.userType($0)?.decl as? StructDecl })

        // swiftc reports each such struct; TableLab reports the first in the file.
        var first: RuntimeError?
        var firstAt = (line: Int.max, column: Int.max)
        for (s, qualified) in table.structs where s.members.genericParameters.isEmpty {
            for p in s.members.properties {
                guard let t = paths.storedType(p) else { continue }
                var open: Set<String> = [qualified]
                guard let steps = paths.path(from: t, to: qualified, open: &open) else { continue }
                let at = p.location
                if (at.line, at.column) < firstAt {
                    firstAt = (at.line, at.column)
                    // A property of the struct's own type has no note; a longer path has one.
                    let notes: [Diagnostic] = steps.isEmpty ? [] : [
                        .note(RecursiveValueTypeMessage.cycleBeginningHere(([paths.spell(t)] + steps).joined(separator: " -> ")), at: at),
                    ]
                    first = RuntimeError(RecursiveValueTypeMessage.storedPropertyRecursivelyContains(type: qualified),
                                         at: at, notes: notes)
                }
                break
            }
        }
        if let first { throw first }
    }
}
