// `struct R { var r = R() }`: the type of `r` comes from its initial value, which calls
// R's implicit initializer, which swiftc can only make once it knows the type of every
// stored property, `r` among them. swiftc gives up on the implicit initializers and reports
// the call: "'R' cannot be constructed because it has no accessible initializers" (also
// through another struct, `struct A { var b = B() }; struct B { var a = A() }`, at the
// call that closes the cycle). TableLab ran such a program until its stack overflowed.

import TableLabSyntax

enum ImplicitInitializerMessage: DiagnosticMessage, Hashable {
    case noAccessibleInitializers(type: String)

    var id: DiagnosticID {
        switch self {
        case .noAccessibleInitializers: return DiagnosticID("no_accessible_initializers")
        }
    }

    var text: String {
        switch self {
        case .noAccessibleInitializers(let t): return "'\(t)' cannot be constructed because it has no accessible initializers"
        }
    }
}

/// The calls `T(...)` in an expression whose callee is a plain name.
private struct NamedCallFinder: SyntaxVisitor {
    var calls: [(name: String, at: SourceLocation)] = []
    mutating func visit(_ e: Expr) -> SyntaxVisitorContinueKind {
        if case .call(let callee, _) = e.kind, case .identifier(let n) = callee.kind { calls.append((n, callee.location)) }
        return .visitChildren
    }
}

extension InterpreterCore {
    /// swiftc's error for the first struct (in declaration order) whose implicit
    /// initializer needs itself: an untyped stored property's initial value calls it,
    /// directly or through the implicit initializers of other structs.
    func checkImplicitInitializerCycles(_ stmts: [Stmt]) throws {
        var declared: [String: StructDecl] = [:]
        var order: [StructDecl] = []
        func add(_ d: Decl) {
            switch d {
            case .struct(let s):
                if declared[s.name] == nil { declared[s.name] = s }
                order.append(s)
                for n in s.members.nestedTypes { add(n) }
            case .enum(let e): for n in e.members.nestedTypes { add(n) }
            case .class(let c): for n in c.members.nestedTypes { add(n) }
            case .table(let t): for n in t.members.nestedTypes { add(n) }
            default: break
            }
        }
        for s in stmts { if case .declaration(let d) = s.kind { add(d) } }
        guard !order.isEmpty else { return }

        /// A struct whose initializers swiftc makes itself (it declares none in its body).
        func synthesized(_ name: String) -> StructDecl? {
            let s = declared[name] ?? (userType(name)?.decl as? StructDecl)
            guard let s, s.members.initializers.isEmpty, s.members.genericParameters.isEmpty else { return nil }
            return s
        }
        var inProgress: Set<String> = []
        var done: Set<String> = []
        /// Makes `s`'s implicit initializers: the first call that needs one being made is the error.
        func synthesize(_ s: StructDecl) -> RuntimeError? {
            guard !done.contains(s.name) else { return nil }
            inProgress.insert(s.name)
            defer { inProgress.remove(s.name); done.insert(s.name) }
            for p in s.members.properties where !p.isStatic && p.getter == nil && p.type == nil {
                guard let initial = p.initializer else { continue }
                var finder = NamedCallFinder()
                finder.walk(initial)
                for call in finder.calls {
                    guard let callee = synthesized(call.name) else { continue }
                    if inProgress.contains(callee.name) {
                        return RuntimeError(ImplicitInitializerMessage.noAccessibleInitializers(type: callee.name), at: call.at)
                    }
                    if let e = synthesize(callee) { return e }
                }
            }
            return nil
        }
        for s in order where synthesized(s.name) != nil {
            if let e = synthesize(s) { throw e }
        }
    }
}
