// swiftc warns about a `var` of a function that nothing mutates ("variable 'count' was
// never mutated; consider changing to 'let' constant"), a declaration's or a case
// pattern's (`case .a(var v)`, `for var i in`), in every function, run or not.
// TableLab gives the warning only where it is sure: a name counts as mutated when anything
// in the function could mutate a variable of that name (an assignment to it or through it,
// `&name`, a method called on it or on a part of it, any mention inside a closure but the
// closure's own), and a
// `var` never mentioned again (swiftc's other warning) is left alone, and so is one declared
// without an initializer that something assigns (its first assignment initializes it). A warning swiftc gives may be
// missing, never the other way round.

import TableLabSyntax

enum NeverMutatedVariables {
    static func warnings(_ unit: SourceUnit, _ file: SourceFile) -> [Diagnostic] {
        OutermostFunctions.warnings(unit) { body in
            var region = Region()
            region.walk(body)
            return region.declared.filter { !region.mutated.contains($0.name) && (region.mentions[$0.name] ?? 0) > 0 }.map {
                Diagnostic(.warning, MutationMessage.neverMutated(name: $0.name, fix: $0.fix), at: $0.at, in: file)
            }
        }
    }
}

/// The `var`s a function body declares and the names it mutates or mentions.
private struct Region: SyntaxVisitor {
    var declared: [(name: String, at: SourceLocation, fix: MutationMessage.Fix)] = []
    var mutated = Set<String>()
    var mentions: [String: Int] = [:]
    /// For each closure the walk is in, the `var`s it declares itself: a mention of one of
    /// those inside that closure is no capture.
    private var closureLocals: [Set<String>] = []
    private var declaredNames = Set<String>()


    private mutating func declare(_ name: String, _ at: SourceLocation, _ fix: MutationMessage.Fix) {
        // Two `var`s of one name: one warning decision for both would guess.
        if !declaredNames.insert(name).inserted { mutated.insert(name) }
        if !closureLocals.isEmpty { closureLocals[closureLocals.count - 1].insert(name) }
        declared.append((name, at, fix))
    }

    /// The `var` names a case pattern binds; `fix` tells swiftc's advice for each.
    private mutating func declareVars(_ p: Pattern, _ fix: (_ written: Bool, _ name: String) -> MutationMessage.Fix) {
        switch p.kind {
        case .binding(let n, let isVar):
            guard isVar, n != "_" else { return }
            declare(n, p.location, fix(p.ownKeyword, n))
        case .enumCase(_, _, let sub): if let sub { declareVars(sub, fix) }
        case .optionalSome(let inner), .cast(let inner, _): declareVars(inner, fix)
        case .tuple(let items): for x in items { declareVars(x, fix) }
        case .wildcard, .expression, .typeCheck: break
        }
    }

    private mutating func declareVars(in conditions: [Condition]) {
        for condition in conditions {
            switch condition {
            case .patternMatch(let p, _): declareVars(p) { _, _ in .changeToLet }
            case .optionalBinding(let n, true, _, let at):
                if n != "_" { declare(n, at.name, .changeToLet) }
            case .optionalBinding, .expression: break
            }
        }
    }

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
            // `(a, b) = (b, a)` assigns each.
            if case .tuple(let items) = target.kind { for x in items { if let n = Self.root(x.value) { mutated.insert(n) } } }
        case .declaration(.variable(let v)):
            // One declared without a value counts too: any assignment to it is a mutation here.
            if !v.isLet, v.getter == nil, !v.isLazy, v.initializer != nil || v.type != nil, v.accessorBodies.isEmpty,
               case .binding(let n, _) = v.pattern.kind {
                declare(n, v.pattern.location, .changeToLet)
            }
        // Case patterns' `var`s: swiftc words its advice after the statement and where `var` is.
        case .switch(let sw):
            for c in sw.cases { for p in c.patterns { declareVars(p) { _, _ in .changeToLet } } }
        case .if(let i): declareVars(in: i.conditions)
        case .while(let conditions, _), .guard(let conditions, _): declareVars(in: conditions)
        case .forIn(let p, _, _, _):
            declareVars(p) { written, name in written ? .removeVar : .changePattern(name) }
        default: break
        }
        return .visitChildren
    }

    mutating func visit(_ node: Expr) -> SyntaxVisitorContinueKind {
        switch node.kind {
        case .identifier(let n):
            mentions[n, default: 0] += 1
            // A closure may mutate what it captures, by any code it runs.
            if let locals = closureLocals.last, !locals.contains(n) { mutated.insert(n) }
        case .unary(.inoutArgument, let x):
            if let n = Self.root(x) { mutated.insert(n) }
        case .call(let callee, _):
            // A method called on the variable or a part of it may be mutating.
            if case .member(let b, _) = callee.kind, let n = Self.root(b) { mutated.insert(n) }
            if case .optionalChain(let b, _) = callee.kind, let n = Self.root(b) { mutated.insert(n) }
        case .closure: closureLocals.append([])
        default: break
        }
        return .visitChildren
    }

    mutating func visitPost(_ node: Expr) {
        if case .closure = node.kind { closureLocals.removeLast() }
    }
}

/// The warning of NeverMutatedVariables, in swiftc's words.
enum MutationMessage: DiagnosticMessage, Hashable {
    /// swiftc's advice: `let` for the `var` (a declaration, a pattern outside `for`),
    /// removing `var` (written on the name in a `for`), or a pattern of `let`s (`for case var .b(m, n)`).
    enum Fix: Hashable { case changeToLet, removeVar, changePattern(String) }

    case neverMutated(name: String, fix: Fix)

    var id: DiagnosticID {
        switch self {
        case .neverMutated: return DiagnosticID("variable_never_mutated")
        }
    }

    var text: String {
        switch self {
        case .neverMutated(let n, .changeToLet): return "variable '\(n)' was never mutated; consider changing to 'let' constant"
        case .neverMutated(let n, .removeVar): return "variable '\(n)' was never mutated; consider removing 'var' to make it constant"
        case .neverMutated(let n, .changePattern(let p)):
            return "variable '\(n)' was never mutated; consider changing the pattern to 'case (..., let \(p), ...)'"
        }
    }
}
