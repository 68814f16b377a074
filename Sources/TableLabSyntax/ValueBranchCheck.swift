// swiftc's rules for the branches of `if` and `switch` expressions (SE-0380), checked
// before anything runs: a branch is one expression, or ends with a `throw` (in a `switch`,
// also a `fallthrough`); a `return`, `break` or `continue` cannot leave the expression.
// Without this check a `return` in a branch escaped the interpreter with no place, and a
// branch of several statements ran where swiftc refuses the file. Also where a
// `fallthrough` may go: to a following case, one that binds no variable the case it leaves
// does not bind (without this, the run failed with another error, or read `()`).

public enum ValueBranchCheck {
    /// The branch errors of a unit, in source order.
    public static func errors(_ unit: SourceUnit, file: SourceFile) -> [Diagnostic] {
        var walker = Walker()
        walker.walk(unit.statements)
        return walker.found
            .sorted { ($0.at.line, $0.at.column) < ($1.at.line, $1.at.column) }
            .map { .error($0.message, at: $0.at, in: file) }
    }

    private struct Walker: SyntaxVisitor {
        var found: [(message: ValueBranchMessage, at: SourceLocation)] = []
        /// Per enclosing function or closure: how many `switch` statements surround the
        /// current node (a `fallthrough` in an `if` expression inside one is a transfer).
        var switchDepth: [Int] = [0]

        mutating func visit(_ node: Stmt) -> SyntaxVisitorContinueKind {
            if case .switch(let sw) = node.kind {
                switchDepth[switchDepth.count - 1] += 1
                checkFallthroughs(sw)
            }
            return .visitChildren
        }

        mutating func visitPost(_ node: Stmt) {
            if case .switch = node.kind { switchDepth[switchDepth.count - 1] -= 1 }
        }

        mutating func visit(_ node: Decl) -> SyntaxVisitorContinueKind {
            if case .function = node { switchDepth.append(0) }
            return .visitChildren
        }

        mutating func visitPost(_ node: Decl) {
            if case .function = node { switchDepth.removeLast() }
        }

        mutating func visit(_ node: Expr) -> SyntaxVisitorContinueKind {
            switch node.kind {
            case .closure: switchDepth.append(0)
            case .ifExpr(let i): checkIf(i)
            case .switchExpr(let sw):
                checkFallthroughs(sw)
                for c in sw.cases { checkBranch(c.body, .switch, end: c.bodyEnd, open: c.location) }
            default: break
            }
            return .visitChildren
        }

        mutating func visitPost(_ node: Expr) {
            if case .closure = node.kind { switchDepth.removeLast() }
        }

        /// Each `fallthrough` of a case goes to the next case, which must exist and bind no
        /// name the case does not bind.
        private mutating func checkFallthroughs(_ sw: SwitchStmt) {
            for (k, c) in sw.cases.enumerated() {
                var finder = FallthroughFinder()
                finder.walk(c.body)
                guard !finder.found.isEmpty else { continue }
                guard k + 1 < sw.cases.count else {
                    for at in finder.found { found.append((.fallthroughWithoutFollowingCase, at)) }
                    continue
                }
                let own = Set(c.patterns.flatMap(boundNames))
                let next = sw.cases[k + 1].patterns.flatMap(boundNames)
                if let missing = next.first(where: { !own.contains($0) }) {
                    for at in finder.found { found.append((.fallthroughIntoBinding(name: missing), at)) }
                }
            }
        }

        private mutating func checkIf(_ i: IfStmt) {
            checkBranch(i.then, .if, end: i.thenBraces.close, open: i.thenBraces.open)
            // `else if`: the nested `if` is an expression of its own.
            if let o = i.otherwise { checkBranch(o, .if, end: i.otherwiseBraces.close, open: i.otherwiseBraces.open) }
        }

        private mutating func checkBranch(_ body: [Stmt], _ kind: ValueBranchMessage.Kind, end: SourceLocation,
                                          open: SourceLocation) {
            guard let last = body.last else {
                if kind == .if, open != .unknown { found.append((.expectedExpressionInBranch(kind), open)) }
                return
            }
            if body.count == 1 {
                switch last.kind {
                case .expression, .assignment, .throw: return
                case .if(let inner): checkIf(inner); return
                case .switch(let sw):
                    for c in sw.cases { checkBranch(c.body, .switch, end: c.bodyEnd, open: c.location) }
                    return
                case .return: found.append((.transferOut(keyword: "return", kind), last.location)); return
                case .break: found.append((.transferOut(keyword: "break", kind), last.location)); return
                case .continue: found.append((.transferOut(keyword: "continue", kind), last.location)); return
                case .fallthrough:
                    if kind == .switch { return }
                    if switchDepth[switchDepth.count - 1] > 0 {
                        found.append((.transferOut(keyword: "fallthrough", kind), last.location))
                    } else {
                        found.append((.fallthroughOutsideSwitch, last.location))
                    }
                    return
                default: break
                }
            } else {
                if case .throw = last.kind { return }
                if kind == .switch, case .fallthrough = last.kind { return }
            }
            if end != .unknown { found.append((.nonExpressionBranch(kind), end)) }
        }
    }
}

/// The `fallthrough` statements of one case's body that belong to its switch (not to a
/// nested switch, function or closure).
private struct FallthroughFinder: SyntaxVisitor {
    var found: [SourceLocation] = []

    mutating func visit(_ node: Stmt) -> SyntaxVisitorContinueKind {
        switch node.kind {
        case .fallthrough: found.append(node.location); return .skipChildren
        case .switch: return .skipChildren
        default: return .visitChildren
        }
    }

    mutating func visit(_ node: Decl) -> SyntaxVisitorContinueKind { .skipChildren }

    mutating func visit(_ node: Expr) -> SyntaxVisitorContinueKind {
        switch node.kind {
        case .closure, .switchExpr, .ifExpr: return .skipChildren
        default: return .visitChildren
        }
    }
}

/// The names a pattern binds, in source order.
private func boundNames(_ p: Pattern) -> [String] {
    switch p.kind {
    case .binding(let name, _): return [name]
    case .enumCase(_, _, let sub): return sub.map(boundNames) ?? []
    case .optionalSome(let inner), .cast(let inner, _): return boundNames(inner)
    case .tuple(let items): return items.flatMap(boundNames)
    case .wildcard, .expression, .typeCheck: return []
    }
}

/// swiftc's words for the branches of `if` and `switch` expressions, and for `fallthrough`.
public enum ValueBranchMessage: DiagnosticMessage, Hashable {
    public enum Kind: String, Sendable { case `if`, `switch` }
    /// A branch of several statements, or of one that is no expression.
    case nonExpressionBranch(Kind)
    /// `{ }`.
    case expectedExpressionInBranch(Kind)
    /// `return`, `break`, `continue` (or a `fallthrough` in an `if` inside a `switch`).
    case transferOut(keyword: String, Kind)
    case fallthroughOutsideSwitch
    case fallthroughWithoutFollowingCase
    case fallthroughIntoBinding(name: String)

    public var id: DiagnosticID {
        switch self {
        case .nonExpressionBranch: return DiagnosticID("single_value_stmt_branch_must_end_in_result")
        case .expectedExpressionInBranch: return DiagnosticID("single_value_stmt_branch_empty")
        case .transferOut: return DiagnosticID("cannot_jump_in_single_value_stmt")
        case .fallthroughOutsideSwitch: return DiagnosticID("fallthrough_outside_switch")
        case .fallthroughWithoutFollowingCase: return DiagnosticID("fallthrough_from_last_case")
        case .fallthroughIntoBinding: return DiagnosticID("fallthrough_into_case_with_var_binding")
        }
    }

    public var text: String {
        switch self {
        case .nonExpressionBranch(.if):
            return "non-expression branch of 'if' expression may only end with a 'throw'"
        case .nonExpressionBranch(.switch):
            return "non-expression branch of 'switch' expression may only end with a 'throw' or 'fallthrough'"
        case .expectedExpressionInBranch(let kind): return "expected expression in branch of '\(kind.rawValue)' expression"
        case .transferOut(let keyword, let kind):
            return "cannot use '\(keyword)' to transfer control out of '\(kind.rawValue)' expression"
        case .fallthroughOutsideSwitch: return "'fallthrough' is only allowed inside a switch"
        case .fallthroughWithoutFollowingCase: return "'fallthrough' without a following 'case' or 'default' block"
        case .fallthroughIntoBinding(let name): return "'fallthrough' from a case which doesn't bind variable '\(name)'"
        }
    }
}
