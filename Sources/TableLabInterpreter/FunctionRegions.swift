// swiftc's per-function warnings about locals (NeverMutatedVariables, UnusedInitializations)
// judge each outermost function as one region: a nested function or a closure inside it
// may mention or mutate its locals, so it belongs to the outer function's region. Top-level
// code is regions too: swiftc checks each top-level statement as a body of its own, and
// the locals of its blocks (`do { let unused = 1 }`, an `if`'s, a `for`'s, a closure's)
// get the same warnings, while the names it binds at the top level are globals, which get none.

import TableLabSyntax

/// The outermost functions of a unit: the top level's, and each type's methods,
/// initializers and accessors at any depth of nested types, but not functions in functions.
struct OutermostFunctions: SyntaxVisitor {
    private(set) var functions: [FunctionDecl] = []

    mutating func visit(_ node: Decl) -> SyntaxVisitorContinueKind {
        guard case .function(let f) = node else { return .visitChildren }
        functions.append(f)
        return .skipChildren
    }

    /// The warnings `region` gives for each outermost function's body and each top-level
    /// statement's locals, in source order.
    static func warnings(_ unit: SourceUnit, _ region: ([Stmt]) -> [Diagnostic]) -> [Diagnostic] {
        var v = OutermostFunctions()
        let topLevel = unit.statements.compactMap(topLevelLocals)
        // A function inside top-level code belongs to that statement's region, as one in a
        // function belongs to the function's.
        for s in unit.statements where topLevelLocals(s) == nil { v.walk(s) }
        let regions = v.functions.map(\.body) + topLevel
        return regions.flatMap(region).sorted {
            ($0.location.line, $0.location.column) < ($1.location.line, $1.location.column)
        }
    }

    /// The part of a top-level statement whose bindings are locals: all of a statement
    /// that binds nothing at the top level; a global's initializer (its closures); a
    /// `guard`'s `else` block (its conditions bind globals). Declarations of functions and
    /// types are none (their bodies are functions' regions).
    private static func topLevelLocals(_ s: Stmt) -> [Stmt]? {
        switch s.kind {
        case .declaration(.variable(let v)):
            guard v.getter == nil, let initializer = v.initializer else { return nil }
            return [Stmt(.expression(initializer), at: initializer.location)]
        case .declaration, .command:
            return nil
        case .guard(_, let otherwise):
            return otherwise
        default:
            return [s]
        }
    }
}
