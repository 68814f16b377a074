// A write through a value that is no place and no variable's, a cast (`(a as Box).n = 2`,
// `(x as! Box).n = 4`) or an array literal (`[1, 2][0] = 3`): swiftc names the type of what
// is written, "cannot assign to immutable expression of type 'Int'" ("left side of mutating
// operator has immutable type 'Int'" for `+=`, "cannot use mutating member on immutable
// value of type 'Box'" for a mutating method), before anything runs. TableLab said "cannot
// assign to property: value is immutable" when the line ran. Only paths whose every step's
// type the declarations tell are reported here (stored `var` properties of script structs,
// elements of an array literal); any other is left to the run.

import TableLabSyntax

extension InterpreterCore {
    func immutableExpressionErrors(_ unit: SourceUnit, _ file: SourceFile) -> [Diagnostic] {
        var structs: [String: StructDecl] = [:]
        for s in unit.statements { if case .declaration(.struct(let d)) = s.kind { structs[d.name] = d } }
        var walk = ImmutableExpressionWalk(file: file) { [self] n in
            structs[n] ?? (userType(n).flatMap { $0.kind == .struct ? $0.decl as? StructDecl : nil })
        }
        walk.walk(unit.statements)
        return walk.found
    }
}

private struct ImmutableExpressionWalk: SyntaxVisitor {
    let file: SourceFile
    let structNamed: (String) -> StructDecl?
    var found: [Diagnostic] = []

    init(file: SourceFile, structNamed: @escaping (String) -> StructDecl?) {
        self.file = file; self.structNamed = structNamed
    }

    mutating func visit(_ node: Stmt) -> SyntaxVisitorContinueKind {
        guard case .assignment(let target, let op, let value) = node.kind, let (type, at) = written(target) else { return .visitChildren }
        if op == .assign {
            found.append(.error(ImmutableExpressionMessage.cannotAssign(type: type), at: at, in: file))
        } else {
            // swiftc places a compound assignment's error at its operator.
            let t = target.location, v = value.location
            let opAt = v.line == t.line ? SourceLocation(line: v.line, column: max(t.column, v.column - op.rawValue.count - 1)) : t
            found.append(.error(ImmutableExpressionMessage.mutatingOperator(type: type), at: opAt, in: file))
        }
        return .visitChildren
    }

    mutating func visit(_ node: Expr) -> SyntaxVisitorContinueKind {
        guard case .call(let callee, _) = node.kind, case .member(let base, let name) = callee.kind,
              let (type, _) = written(base), let s = structNamed(type),
              s.members.methods.contains(where: { $0.name == name && $0.isMutating }) else { return .visitChildren }
        found.append(.error(ImmutableExpressionMessage.mutatingMember(type: type), at: callee.location, in: file))
        return .visitChildren
    }

    /// The type of what `e` writes and where swiftc reports it, when `e` is a path from a
    /// cast to a script struct or from an array literal.
    private func written(_ e: Expr) -> (String, SourceLocation)? {
        switch e.kind {
        case .typeCast(_, let t, let kind) where kind == .as || kind == .forced:
            guard case .named(let n) = t, structNamed(n) != nil else { return nil }
            return (n, e.location)
        case .array(let xs):
            guard let first = xs.first else { return nil }
            if case .call(let callee, _) = first.kind, case .identifier(let n) = callee.kind, structNamed(n) != nil {
                return ("[" + n + "]", e.location)
            }
            guard let t = MethodArgumentCheck.literalType(first) else { return nil }
            return ("[" + t + "]", e.location)
        case .member(let base, let name):
            guard let (bt, _) = written(base), let s = structNamed(bt) else { return nil }
            for p in s.members.properties where !p.isStatic && p.getter == nil && !p.isLet {
                guard case .binding(let n, _) = p.pattern.kind, n == name else { continue }
                guard let t = p.type?.description ?? p.initializer.flatMap(MethodArgumentCheck.literalType) else { return nil }
                return (t, e.location)
            }
            return nil
        case .subscriptAccess(let base, let args):
            guard args.count == 1, args[0].label == nil, let (bt, _) = written(base), bt.hasPrefix("["), bt.hasSuffix("]"),
                  !bt.contains(":") else { return nil }
            return (String(bt.dropFirst().dropLast()), base.range.end)
        default: return nil
        }
    }
}

enum ImmutableExpressionMessage: DiagnosticMessage, Hashable {
    case cannotAssign(type: String)
    case mutatingOperator(type: String)
    case mutatingMember(type: String)

    var id: DiagnosticID {
        switch self {
        case .cannotAssign: return DiagnosticID("assignment_lhs_not_lvalue")
        case .mutatingOperator: return DiagnosticID("mutating_operator_lhs_immutable_type")
        case .mutatingMember: return DiagnosticID("mutating_member_on_immutable_rvalue")
        }
    }

    var text: String {
        switch self {
        case .cannotAssign(let t): return "cannot assign to immutable expression of type '\(t)'"
        case .mutatingOperator(let t): return "left side of mutating operator has immutable type '\(t)'"
        case .mutatingMember(let t): return "cannot use mutating member on immutable value of type '\(t)'"
        }
    }
}
