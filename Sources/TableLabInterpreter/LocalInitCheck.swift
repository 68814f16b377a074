// swiftc's definite initialization of locals, before anything runs: a `let` or `var`
// declared without a value (`let k: Int`) and read later in its block before anything
// assigns it is "constant 'k' used before being initialized", also in a function that
// never runs and at the top level. Only the sure case is found: the statements after the
// declaration are taken in order, and the first that assigns the name (anywhere in it, on
// any path), binds it again or reads it only inside a closure ends the search; what
// depends on the paths taken is left to the run-time check (DeferredLet.swift).

import TableLabSyntax

// The blocks are those the shared walk (ScopedWalk.swift) marks as definite initialization's:
// top-level code, the bodies of functions, accessors and closures at any depth, and the
// statement blocks nested in them, each checked on its own (a read of an outer local
// inside a closure is a capture, which swiftc words otherwise).
struct LocalInitCheck: ScopedCheck {
    let file: SourceFile
    private(set) var found: [Diagnostic] = []

    init(file: SourceFile) { self.file = file }

    mutating func block(_ list: [Stmt], _ place: WalkPlace) {
        guard place.isInitializationBlock else { return }
        found += Self.check(list, file)
    }

    private static func check(_ block: [Stmt], _ file: SourceFile) -> [Diagnostic] {
        var out: [Diagnostic] = []
        for (i, s) in block.enumerated() {
            guard case .declaration(.variable(let v)) = s.kind, v.initializer == nil, v.getter == nil,
                  let name = v.name, let type = v.type else { continue }
            // A `var` of an Optional type starts as nil.
            if !v.isLet, case .optional = type { continue }
            for later in block[(i + 1)...] {
                var uses = Uses(name: name)
                uses.walk(later)
                if uses.assigned || uses.insideClosure
                    || Resolver.resolve(parameters: [], body: [later]).bindingNames.contains(name) { break }
                if let at = uses.firstRead {
                    out.append(.error(InitMessage.usedBeforeInitialized(isLet: v.isLet, name: name), at: at, in: file))
                    break
                }
            }
        }
        return out
    }

    /// How one statement uses a name: its first read, whether it assigns it (`k = 1`,
    /// `k += 1`, `&k`), whether a closure or nested function in it mentions it.
    private struct Uses: SyntaxVisitor {
        let name: String
        var firstRead: SourceLocation?
        var assigned = false
        var insideClosure = false
        private var closureDepth = 0

        init(name: String) { self.name = name }

        mutating func visit(_ node: Stmt) -> SyntaxVisitorContinueKind {
            if case .assignment(let target, _, _) = node.kind, Self.names(target, name) { assigned = true }
            if case .defer = node.kind { insideClosure = true }
            return .visitChildren
        }

        mutating func visit(_ node: Decl) -> SyntaxVisitorContinueKind {
            if case .function = node { closureDepth += 1 }
            return .visitChildren
        }

        mutating func visitPost(_ node: Decl) {
            if case .function = node { closureDepth -= 1 }
        }

        mutating func visit(_ node: Expr) -> SyntaxVisitorContinueKind {
            switch node.kind {
            case .closure: closureDepth += 1
            case .unary(.inoutArgument, let inner): if Self.names(inner, name) { assigned = true }
            case .identifier(let n) where n == name:
                if closureDepth > 0 { insideClosure = true } else if firstRead == nil { firstRead = node.location }
            default: break
            }
            return .visitChildren
        }

        mutating func visitPost(_ node: Expr) {
            if case .closure = node.kind { closureDepth -= 1 }
        }

        /// Whether an assignment's target is the name, a tuple holding it, or a part of it
        /// (`p.x = 1` on a struct not yet initialized is worded otherwise: left alone).
        static func names(_ target: Expr, _ name: String) -> Bool {
            switch target.kind {
            case .identifier(let n): return n == name
            case .tuple(let items): return items.contains { names($0.value, name) }
            case .member(let base, _), .subscriptAccess(let base, _), .optionalChain(let base, _), .forceUnwrap(let base):
                return names(base, name)
            default: return false
            }
        }
    }
}
