// swiftc refuses a write to a property of a `let` struct when it compiles the file:
// `let s = S(); print("x"); s.v = 3` prints nothing. The run-time check catches the write
// where it runs; this finds, before the unit runs, the writes at the top level whose root
// is a top-level `let` of a script struct (declared `let s = S(...)` or `let s: S`) and
// whose path goes through stored struct properties only (a class on the way makes the
// write legal).

import TableLabSyntax

extension InterpreterCore {
    func letStructAssignments(_ unit: SourceUnit, _ file: SourceFile) -> [Diagnostic] {
        // The unit's own structs (not hoisted yet), then those loaded before.
        var structs: [String: StructDecl] = [:]
        var otherTypes = Set<String>()
        for s in unit.statements {
            switch s.kind {
            case .declaration(.struct(let d)): structs[d.name] = d
            case .declaration(.class(let c)): otherTypes.insert(c.name)
            case .declaration(.enum(let e)): otherTypes.insert(e.name)
            default: break
            }
        }
        func structNamed(_ n: String) -> StructDecl? {
            if let d = structs[n] { return d }
            guard !otherTypes.contains(n), let t = userType(n), t.kind == .struct else { return nil }
            return t.decl as? StructDecl
        }
        var lets: [String: (type: StructDecl, keyword: SourceLocation)] = [:]
        var found: [Diagnostic] = []
        for s in unit.statements {
            switch s.kind {
            case .declaration(.variable(let v)):
                guard case .binding(let name, _) = v.pattern.kind else { continue }
                lets[name] = nil
                if v.isLet, let n = declaredTypeName(v), let d = structNamed(n) { lets[name] = (d, keywordLocation(v)) }
            case .assignment(let target, let op, let value):
                guard let (root, steps) = memberPath(target), let (d, keyword) = lets[root],
                      pathIsValueTyped(d, steps, structNamed) else { continue }
                let reason = "'\(root)' is a 'let' constant"
                let note = Diagnostic.note(LetMessage.changeLetToVar, at: keyword, in: file)
                if op == .assign {
                    found.append(.error(LetMessage.cannotAssignToProperty(reason: reason), at: target.location, in: file, notes: [note]))
                } else {
                    let t = target.location, v = value.location
                    let col = v.line == t.line ? max(t.column, v.column - op.rawValue.count - 1) : t.column
                    found.append(.error(LetMessage.mutatingOperatorLeftSide(reason: reason), at: SourceLocation(line: v.line, column: col),
                                        in: file, notes: [note]))
                }
            default:
                continue
            }
        }
        return found
    }

    /// `T(...)` or `: T`: the type name written.
    private func declaredTypeName(_ v: VariableDecl) -> String? {
        if case .named(let n)? = v.type { return n }
        if v.type == nil, let e = v.initializer, case .call(let callee, _) = e.kind, case .identifier(let n) = callee.kind { return n }
        return nil
    }

    /// `root.a.b`: the root name and the member names.
    private func memberPath(_ e: Expr) -> (String, [String])? {
        guard case .member(let base, let name) = e.kind else { return nil }
        if case .identifier(let root) = base.kind { return (root, [name]) }
        guard let (root, steps) = memberPath(base) else { return nil }
        return (root, steps + [name])
    }

    /// Every step but the last is a stored property whose declared type is a struct, and the
    /// last is a settable property of the struct it reaches.
    private func pathIsValueTyped(_ d: StructDecl, _ steps: [String], _ structNamed: (String) -> StructDecl?) -> Bool {
        var current = d
        for (i, step) in steps.enumerated() {
            guard let p = current.members.properties.first(where: { $0.name == step && !$0.isStatic }) else { return false }
            if i == steps.count - 1 { return p.getter == nil || (p.setter != nil && !p.setterIsNonmutating) }
            guard p.getter == nil, let n = declaredTypeName(p), let next = structNamed(n) else { return false }
            current = next
        }
        return false
    }
}

enum LetMessage: DiagnosticMessage, Equatable {
    case cannotAssignToProperty(reason: String)
    case mutatingOperatorLeftSide(reason: String)
    case changeLetToVar

    var id: DiagnosticID {
        switch self {
        case .cannotAssignToProperty: return DiagnosticID("assignment_lhs_is_immutable_property")
        case .mutatingOperatorLeftSide: return DiagnosticID("assignment_bang_has_immutable_subcomponent")
        case .changeLetToVar: return DiagnosticID("change_let_to_var_param")
        }
    }

    var text: String {
        switch self {
        case .cannotAssignToProperty(let r): return "cannot assign to property: \(r)"
        case .mutatingOperatorLeftSide(let r): return "left side of mutating operator isn't mutable: \(r)"
        case .changeLetToVar: return "change 'let' to 'var' to make it mutable"
        }
    }
}
