// Guessing a switch subject's type from its patterns (SPEC §3.3), never beyond what
// the patterns prove.

import TableLabSyntax

struct SubjectInference {
    let enums: [(name: String, cases: [String])]

    /// The type all `patterns` agree on, or nil.
    func infer(_ patterns: [Pattern]) -> SubjectType? {
        var names: [String] = []           // implicit or qualified case names
        var qualifiers = Set<String>()
        var optional = false
        var inner: [Pattern] = []          // patterns inside `?` / `.some(...)`
        var tuples: [[Pattern]] = []
        var literal: SubjectType? = nil
        var conflicting = false

        func note(_ t: SubjectType) {
            if let literal, literal != t { conflicting = true }
            literal = t
        }

        for p in patterns {
            switch p.kind {
            case .wildcard, .binding, .typeCheck, .cast:
                continue
            case .optionalSome(let sub):
                optional = true; inner.append(sub)
            case .tuple(let ps):
                tuples.append(ps)
            case .enumCase(let typeName, let name, let sub):
                if (typeName == nil || typeName == "Optional") && (name == "none" || name == "some")
                    && !enums.contains(where: { $0.cases.contains(name) }) {
                    optional = true
                    if let sub { inner.append(sub) }
                    continue
                }
                if let typeName { qualifiers.insert(typeName) }
                names.append(name)
            case .expression(let e):
                switch e.kind {
                case .boolean: note(.bool)
                case .nil: optional = true
                case .integer: note(.open(name: "Int"))
                case .double: note(.open(name: "Double"))
                case .string: note(.open(name: "String"))
                case .unary(.negate, let x):
                    if case .double = x.kind { note(.open(name: "Double")) } else { note(.open(name: "Int")) }
                case .binary(let op, let a, _) where op == .closedRange || op == .halfOpenRange:
                    switch a.kind {
                    case .double: note(.open(name: "Double"))
                    // `case "a"..."m":` is over text (a String or a Character), never an Int.
                    case .string: note(.open(name: "String"))
                    default: note(.open(name: "Int"))
                    }
                case .implicitMember(let name):
                    names.append(name)
                case .member(let base, let name):
                    if case .identifier(let q) = base.kind { qualifiers.insert(q); names.append(name) }
                default:
                    continue
                }
            }
        }
        if conflicting { return nil }

        var base: SubjectType? = nil
        if !names.isEmpty {
            if literal != nil || !tuples.isEmpty || qualifiers.count > 1 { return nil }
            let fitting = enums.filter { e in
                (qualifiers.isEmpty || qualifiers.contains(e.name)) && names.allSatisfy { e.cases.contains($0) }
            }
            guard fitting.count == 1 else { return nil }
            base = .enumeration(name: fitting[0].name, cases: fitting[0].cases)
        } else if !tuples.isEmpty {
            if literal != nil { return nil }
            let arity = tuples[0].count
            guard tuples.allSatisfy({ $0.count == arity }) else { return nil }
            var elements: [SubjectType] = []
            for i in 0..<arity {
                guard let e = infer(tuples.map { $0[i] }) else { return nil }
                elements.append(e)
            }
            base = .tuple(elements)
        } else {
            base = literal
        }

        if optional {
            var wrapped = base
            if !inner.isEmpty {
                guard let innerType = infer(inner), base == nil || base == innerType else { return nil }
                wrapped = innerType
            }
            return wrapped.map { .optional($0) }
        }
        return base
    }
}
