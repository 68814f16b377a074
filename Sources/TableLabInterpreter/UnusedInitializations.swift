// swiftc warns about a function's local `let x = e` or `var x = e` that nothing mentions
// again ("initialization of immutable value 'x' was never used; consider replacing with
// assignment to '_' or removing it"), in every function, run or not. TableLab gives it
// only where it is sure and swiftc words it so: a single name with an initializer and no
// annotation (an annotated one, one of a list `let a = 1, b = 2`, a tuple, and one without
// an initializer get other wordings), declared once in the outermost function and never
// mentioned anywhere in it (a mention in a nested function or a closure counts). A
// warning swiftc gives may be missing, never the other way round.

import TableLabSyntax

enum UnusedInitializations {
    static func warnings(_ unit: SourceUnit, _ file: SourceFile) -> [Diagnostic] {
        OutermostFunctions.warnings(unit) { body in
            var region = InitializedLocals()
            region.walk(body)
            return region.declared.filter { region.count[$0.name] == 1 && (region.mentions[$0.name] ?? 0) == 0 }.map {
                Diagnostic(.warning, InitializationMessage.neverUsed(name: $0.name, isVar: $0.isVar), at: $0.at, in: file)
            }
        }
    }
}

/// The initialized locals a function body declares, and the names it mentions.
private struct InitializedLocals: SyntaxVisitor {
    var declared: [(name: String, isVar: Bool, at: SourceLocation)] = []
    /// How many declarations (of any form) bind each name.
    var count: [String: Int] = [:]
    var mentions: [String: Int] = [:]

    mutating func visit(_ node: Stmt) -> SyntaxVisitorContinueKind {
        guard case .declaration(.variable(let v)) = node.kind else { return .visitChildren }
        for n in Self.names(v.pattern) { count[n, default: 0] += 1 }
        if v.getter == nil, v.accessorBodies.isEmpty, !v.isLazy, !v.isStatic, v.type == nil, v.initializer != nil,
           case .binding(let n, _) = v.pattern.kind, n != "_",
           node.location != v.location, !v.hasFollowingBinding {
            declared.append((n, !v.isLet, v.pattern.location))
        }
        return .visitChildren
    }

    mutating func visit(_ node: Expr) -> SyntaxVisitorContinueKind {
        if case .identifier(let n) = node.kind { mentions[n, default: 0] += 1 }
        return .visitChildren
    }

    private static func names(_ p: Pattern) -> [String] {
        switch p.kind {
        case .binding(let n, _): return [n]
        case .tuple(let items): return items.flatMap(names)
        case .enumCase(_, _, let sub): return sub.map(names) ?? []
        case .optionalSome(let inner), .cast(let inner, _): return names(inner)
        case .wildcard, .expression, .typeCheck: return []
        }
    }
}

/// The warning of UnusedInitializations, in swiftc's words.
enum InitializationMessage: DiagnosticMessage, Hashable {
    case neverUsed(name: String, isVar: Bool)

    var id: DiagnosticID {
        switch self {
        case .neverUsed: return DiagnosticID("pbd_never_used")
        }
    }

    var text: String {
        switch self {
        case .neverUsed(let n, let isVar):
            return "initialization of \(isVar ? "variable" : "immutable value") '\(n)' was never used; consider replacing with assignment to '_' or removing it"
        }
    }

    var group: String? { "no-usage" }
}
