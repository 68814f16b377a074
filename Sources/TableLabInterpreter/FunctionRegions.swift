// swiftc's per-function warnings about locals (NeverMutatedVariables, UnusedInitializations)
// judge each outermost function as one region: a nested function or a closure inside it
// may mention or mutate its locals, so it belongs to the outer function's region.

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

    /// The warnings `region` gives for each outermost function, in source order.
    static func warnings(_ unit: SourceUnit, _ region: (FunctionDecl) -> [Diagnostic]) -> [Diagnostic] {
        var v = OutermostFunctions()
        v.walk(unit.statements)
        return v.functions.flatMap(region).sorted {
            ($0.location.line, $0.location.column) < ($1.location.line, $1.location.column)
        }
    }
}
