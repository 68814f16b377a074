// swiftc warns about a `var` of a function that nothing mutates ("variable 'count' was
// never mutated; consider changing to 'let' constant"), in every function, run or not.
// TableLab gives the warning only where it is sure: a name counts as mutated when anything
// in the function could mutate a variable of that name (an assignment to it or through it,
// `&name`, a method called on it or on a part of it, any mention inside a closure), and a
// `var` never mentioned again (swiftc's other warning) or declared without an initializer
// (its first assignment initializes it) is left alone. A warning swiftc gives may be
// missing, never the other way round.

import TableLabSyntax

struct NeverMutatedVariables: SyntaxVisitor {
    private(set) var warnings: [Diagnostic] = []
    private let file: SourceFile

    private init(file: SourceFile) { self.file = file }

    static func warnings(_ unit: SourceUnit, _ file: SourceFile) -> [Diagnostic] {
        var v = NeverMutatedVariables(file: file)
        v.walk(unit.statements)
        return v.warnings.sorted { ($0.location.line, $0.location.column) < ($1.location.line, $1.location.column) }
    }

    /// Each outermost function body is one region (its nested functions included).
    mutating func visit(_ node: Decl) -> SyntaxVisitorContinueKind {
        guard case .function(let f) = node else { return .visitChildren }
        var region = Region()
        region.walk(f.body)
        for (name, at) in region.declared where !region.mutated.contains(name) && (region.mentions[name] ?? 0) > 0 {
            warnings.append(Diagnostic(.warning, MutationMessage.neverMutated(name: name), at: at, in: file))
        }
        return .skipChildren
    }
}

/// The `var`s a function body declares and the names it mutates or mentions.
private struct Region: SyntaxVisitor {
    var declared: [(name: String, at: SourceLocation)] = []
    var mutated = Set<String>()
    var mentions: [String: Int] = [:]
    private var closureDepth = 0
    private var declaredNames = Set<String>()

    /// The variable a place is rooted at: `x`, `x.a`, `x[i]`, `x!.a`, `x?.a`.
    private static func root(_ e: Expr) -> String? {
        switch e.kind {
        case .identifier(let n): return n
        case .member(let b, _), .subscriptAccess(let b, _), .optionalSubscript(let b, _), .forceUnwrap(let b),
             .optionalChain(let b, _):
            return root(b)
        default: return nil
        }
    }

    mutating func visit(_ node: Stmt) -> SyntaxVisitorContinueKind {
        switch node.kind {
        case .assignment(let target, _, _):
            if let n = Self.root(target) { mutated.insert(n) }
        case .declaration(.variable(let v)):
            if !v.isLet, v.getter == nil, v.initializer != nil, v.accessorBodies.isEmpty, case .binding(let n, _) = v.pattern.kind {
                // Two `var`s of one name: one warning decision for both would guess.
                if !declaredNames.insert(n).inserted { mutated.insert(n) }
                declared.append((n, v.pattern.location))
            }
        default: break
        }
        return .visitChildren
    }

    mutating func visit(_ node: Expr) -> SyntaxVisitorContinueKind {
        switch node.kind {
        case .identifier(let n):
            mentions[n, default: 0] += 1
            if closureDepth > 0 { mutated.insert(n) }
        case .unary(.inoutArgument, let x):
            if let n = Self.root(x) { mutated.insert(n) }
        case .call(let callee, _):
            // A method called on the variable or a part of it may be mutating.
            if case .member(let b, _) = callee.kind, let n = Self.root(b) { mutated.insert(n) }
            if case .optionalChain(let b, _) = callee.kind, let n = Self.root(b) { mutated.insert(n) }
        case .closure: closureDepth += 1
        default: break
        }
        return .visitChildren
    }

    mutating func visitPost(_ node: Expr) {
        if case .closure = node.kind { closureDepth -= 1 }
    }
}

/// The warning of NeverMutatedVariables, in swiftc's words.
enum MutationMessage: DiagnosticMessage, Hashable {
    case neverMutated(name: String)

    var id: DiagnosticID {
        switch self {
        case .neverMutated: return DiagnosticID("variable_never_mutated")
        }
    }

    var text: String {
        switch self {
        case .neverMutated(let n): return "variable '\(n)' was never mutated; consider changing to 'let' constant"
        }
    }
}
