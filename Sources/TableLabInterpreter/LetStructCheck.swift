// swiftc refuses a write to a property of a `let` struct when it compiles the file:
// `let s = S(); print("x"); s.v = 3` prints nothing. The run-time check catches the write
// where it runs; this finds, before the unit runs, the writes whose root is a `let` of a
// script struct (declared `let s = S(...)` or `let s: S`) in the same statement list (the
// top level, or a function's body and the blocks in it, a function or method declared
// anywhere) and whose path goes through stored struct properties only (a class on the way
// makes the write legal). A name a nested block binds again (`if let s`, `for s in`, a
// `case let s`) is not followed into that block; closures are left to the run.

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
        var walk = LetStructWalk(structNamed: structNamed, declaredTypeName: declaredTypeName, memberPath: memberPath,
                                 pathIsValueTyped: pathIsValueTyped, keywordLocation: keywordLocation, file: file)
        walk.statements(unit.statements, lets: [:])
        return walk.found
    }

    /// `T(...)` or `: T`: the type name written.
    func declaredTypeName(_ v: VariableDecl) -> String? {
        if case .named(let n)? = v.type { return n }
        if v.type == nil, let e = v.initializer, case .call(let callee, _) = e.kind, case .identifier(let n) = callee.kind { return n }
        return nil
    }

    /// `root.a.b`: the root name and the member names.
    func memberPath(_ e: Expr) -> (String, [String])? {
        guard case .member(let base, let name) = e.kind else { return nil }
        if case .identifier(let root) = base.kind { return (root, [name]) }
        guard let (root, steps) = memberPath(base) else { return nil }
        return (root, steps + [name])
    }

    /// Every step but the last is a stored property whose declared type is a struct, and the
    /// last is a settable property of the struct it reaches.
    func pathIsValueTyped(_ d: StructDecl, _ steps: [String], _ structNamed: (String) -> StructDecl?) -> Bool {
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

private typealias LetBindings = [String: (type: StructDecl, keyword: SourceLocation)]

private struct LetStructWalk {
    let structNamed: (String) -> StructDecl?
    let declaredTypeName: (VariableDecl) -> String?
    let memberPath: (Expr) -> (String, [String])?
    let pathIsValueTyped: (StructDecl, [String], (String) -> StructDecl?) -> Bool
    let keywordLocation: (VariableDecl) -> SourceLocation
    let file: SourceFile
    var found: [Diagnostic] = []

    mutating func statements(_ list: [Stmt], lets initial: LetBindings) {
        var lets = initial
        for s in list {
            switch s.kind {
            case .declaration(.variable(let v)):
                guard case .binding(let name, _) = v.pattern.kind else {
                    for n in Self.names(in: v.pattern) { lets[n] = nil }
                    continue
                }
                lets[name] = nil
                if v.isLet, let n = declaredTypeName(v), let d = structNamed(n) { lets[name] = (d, keywordLocation(v)) }
            case .declaration(let d):
                declaration(d)
            case .assignment(let target, let op, let value):
                check(target, op, value, lets)
            case .if(let i):
                ifStatement(i, lets)
            case .guard(let conditions, let otherwise):
                statements(otherwise, lets: lets)
                // Its bindings hold for the rest of this list.
                for n in Self.names(in: conditions) { lets[n] = nil }
            case .switch(let sw):
                for c in sw.cases { statements(c.body, lets: Self.removing(c.patterns.flatMap(Self.names(in:)), from: lets)) }
            case .forIn(let pattern, _, _, let body):
                statements(body, lets: Self.removing(Self.names(in: pattern), from: lets))
            case .while(let conditions, let body):
                statements(body, lets: Self.removing(Self.names(in: conditions), from: lets))
            case .repeatWhile(let body, _), .block(let body), .defer(let body):
                statements(body, lets: lets)
            case .doCatch(let body, let catches):
                statements(body, lets: lets)
                for c in catches {
                    statements(c.body, lets: Self.removing((c.pattern.map(Self.names(in:)) ?? []) + ["error"], from: lets))
                }
            case .labeled(_, let inner):
                statements([inner], lets: lets)
            default:
                continue
            }
        }
    }

    private mutating func ifStatement(_ i: IfStmt, _ lets: LetBindings) {
        statements(i.then, lets: Self.removing(Self.names(in: i.conditions), from: lets))
        if let o = i.otherwise { statements(o, lets: lets) }
    }

    /// A function's body starts with no `let` of its own; its parameters are not followed.
    private mutating func declaration(_ d: Decl) {
        switch d {
        case .function(let f): statements(f.body, lets: [:])
        case .struct(let x): members(x.members)
        case .class(let x): members(x.members)
        case .enum(let x): members(x.members)
        case .extension(_, let m, _): members(m)
        default: break
        }
    }

    private mutating func members(_ m: TypeMembers) {
        for f in m.methods + m.initializers { statements(f.body, lets: [:]) }
        for n in m.nestedTypes { declaration(n) }
    }

    private mutating func check(_ target: Expr, _ op: AssignmentOperator, _ value: Expr, _ lets: LetBindings) {
        guard let (root, steps) = memberPath(target), let (d, keyword) = lets[root],
              pathIsValueTyped(d, steps, structNamed) else { return }
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
    }

    private static func removing(_ names: [String], from lets: LetBindings) -> LetBindings {
        var l = lets
        for n in names { l[n] = nil }
        return l
    }

    static func names(in conditions: [Condition]) -> [String] {
        conditions.flatMap { c -> [String] in
            switch c {
            case .expression: return []
            case .optionalBinding(let n, _, _, _): return [n]
            case .patternMatch(let p, _): return names(in: p)
            }
        }
    }

    static func names(in p: Pattern) -> [String] {
        switch p.kind {
        case .binding(let n, _): return [n]
        case .enumCase(_, _, let sub): return sub.map(names(in:)) ?? []
        case .optionalSome(let x), .cast(let x, _): return names(in: x)
        case .tuple(let xs): return xs.flatMap(names(in:))
        case .wildcard, .expression, .typeCheck: return []
        }
    }
}

/// The names patterns and conditions bind, for the other walks of a statement list.
enum LetStructNames {
    static func names(in conditions: [Condition]) -> [String] { LetStructWalk.names(in: conditions) }
    static func names(in p: Pattern) -> [String] { LetStructWalk.names(in: p) }
}

enum LetMessage: DiagnosticMessage, Hashable {
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
