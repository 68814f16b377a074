// swiftc refuses a `case` whose patterns bind different names (`case .a(let x, let y),
// .b(let x):` — "'y' must be bound in every pattern"): the body could read a name the
// matching pattern never bound. TableLab ran it, and the body read whatever the slot held.
// Each later pattern is compared with the first, as swiftc does: a name only the later one
// binds is reported where it binds it, then a name only the first binds where the first does.

import TableLabSyntax

struct CaseBindingCheck: SyntaxVisitor {
    private(set) var errors: [Diagnostic] = []
    private let file: SourceFile

    private init(file: SourceFile) { self.file = file }

    static func errors(_ unit: SourceUnit, _ file: SourceFile) -> [Diagnostic] {
        var v = CaseBindingCheck(file: file)
        v.walk(unit.statements)
        return v.errors
    }

    private static func names(_ p: Pattern) -> [(name: String, location: SourceLocation)] {
        switch p.kind {
        case .binding(let n, _): return n == "_" ? [] : [(n, p.location)]
        case .enumCase(_, _, let sub): return sub.map(names) ?? []
        case .optionalSome(let inner), .cast(let inner, _): return names(inner)
        case .tuple(let items): return items.flatMap(names)
        case .wildcard, .expression, .typeCheck: return []
        }
    }

    private mutating func check(_ sw: SwitchStmt) {
        for c in sw.cases where c.patterns.count > 1 {
            let first = Self.names(c.patterns[0])
            let firstNames = Set(first.map(\.name))
            var reported = Set<String>()
            for p in c.patterns.dropFirst() {
                let later = Self.names(p)
                let laterNames = Set(later.map(\.name))
                for n in later where !firstNames.contains(n.name) {
                    errors.append(.error(CaseBindingMessage.notBoundInEveryPattern(n.name), at: n.location, in: file))
                }
                for n in first where !laterNames.contains(n.name) && reported.insert(n.name).inserted {
                    errors.append(.error(CaseBindingMessage.notBoundInEveryPattern(n.name), at: n.location, in: file))
                }
            }
        }
    }

    mutating func visit(_ node: Stmt) -> SyntaxVisitorContinueKind {
        if case .switch(let sw) = node.kind { check(sw) }
        return .visitChildren
    }

    mutating func visit(_ node: Expr) -> SyntaxVisitorContinueKind {
        if case .switchExpr(let sw) = node.kind { check(sw) }
        return .visitChildren
    }
}

/// swiftc's words for a name one pattern of a `case` binds and another does not.
enum CaseBindingMessage: DiagnosticMessage, Hashable {
    case notBoundInEveryPattern(String)

    var id: DiagnosticID { DiagnosticID("var_pattern_not_bound_in_every_pattern") }

    var text: String {
        switch self {
        case .notBoundInEveryPattern(let n): return "'\(n)' must be bound in every pattern"
        }
    }
}
