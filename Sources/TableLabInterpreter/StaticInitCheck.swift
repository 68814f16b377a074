// swiftc's definite initialization before anything runs, for the plain case: an
// initializer of a struct or class that never assigns one of the type's own stored
// properties (no default, not an optional `var`) returns without initializing it, on
// every path that returns. Initializers that delegate (`self.init`, `super.init`), throw or
// trap are left to the run-time check, which follows the paths actually taken.

import TableLabSyntax

private struct AssignedNames: SyntaxVisitor {
    var names = Set<String>()
    var leftAlone = false

    mutating func visit(_ node: Stmt) -> SyntaxVisitorContinueKind {
        switch node.kind {
        case .assignment(let target, _, _): noteTarget(target)
        case .throw: leftAlone = true
        default: break
        }
        return .visitChildren
    }

    mutating func visit(_ node: Expr) -> SyntaxVisitorContinueKind {
        switch node.kind {
        case .call(let callee, _):
            switch callee.kind {
            case .member(let base, "init"):
                if case .self = base.kind { leftAlone = true }
                if case .identifier("super") = base.kind { leftAlone = true }
            case .identifier("fatalError"), .identifier("preconditionFailure"): leftAlone = true
            default: break
            }
        case .unary(.inoutArgument, let inner): noteTarget(inner)
        default: break
        }
        return .visitChildren
    }

    private mutating func noteTarget(_ target: Expr) {
        switch target.kind {
        case .identifier(let n): names.insert(n)
        case .member(let base, let n): if case .self = base.kind { names.insert(n) }
        case .tuple(let items): for i in items { noteTarget(i.value) }
        default: break
        }
    }
}

enum StaticInitCheck {
    /// swiftc's `return from initializer without initializing all stored properties`, with
    /// a note per property, for each initializer of the unit that never assigns one.
    static func uninitializedProperties(_ unit: SourceUnit, file: SourceFile) -> [Diagnostic] {
        var found: [Diagnostic] = []
        func check(_ members: TypeMembers) {
            let required = members.properties.filter { v in
                v.name != nil && v.getter == nil && !v.isStatic && !v.isLazy && v.initializer == nil
                    && !(!v.isLet && isOptional(v.type))
            }
            for i in members.initializers where !required.isEmpty && i.bodyEnd != .unknown {
                var walker = AssignedNames()
                walker.walk(i.body)
                if walker.leftAlone { continue }
                let missing = required.filter { !walker.names.contains($0.name!) }
                guard !missing.isEmpty else { continue }
                found.append(.error(InitMessage.returnWithoutInitializing, at: i.bodyEnd, in: file,
                                    notes: missing.map { .note(InitMessage.notInitialized("self." + $0.name!), at: $0.pattern.location, in: file) }))
            }
            for d in members.nestedTypes { checkDecl(d) }
        }
        func checkDecl(_ d: Decl) {
            switch d {
            case .struct(let s): check(s.members)
            case .class(let c): check(c.members)
            case .enum(let e): for n in e.members.nestedTypes { checkDecl(n) }
            default: break
            }
        }
        for s in unit.statements { if case .declaration(let d) = s.kind { checkDecl(d) } }
        return found
    }

    private static func isOptional(_ t: TypeSyntax?) -> Bool {
        if case .optional? = t { return true }
        return false
    }
}

/// The definite-initialization messages, in swiftc's words.
enum InitMessage: DiagnosticMessage, Equatable {
    case returnWithoutInitializing
    case notInitialized(String)

    var id: DiagnosticID {
        switch self {
        case .returnWithoutInitializing: return DiagnosticID("return_from_init_without_initing_stored_properties")
        case .notInitialized: return DiagnosticID("stored_property_not_initialized")
        }
    }

    var text: String {
        switch self {
        case .returnWithoutInitializing: return "return from initializer without initializing all stored properties"
        case .notInitialized(let name): return "'\(name)' not initialized"
        }
    }
}
