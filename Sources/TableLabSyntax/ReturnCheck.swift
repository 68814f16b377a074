// swiftc's "missing return" check (a SIL diagnostic): a function, method, getter or
// closure that declares a result type must end every path with `return` (or a call that
// never returns: fatalError, preconditionFailure). Without it swiftc rejects the program
// at the body's closing brace; TableLab would otherwise return `()` silently.
//
// A body of one expression is an implicit return (a type question, not this check), as is
// a body of one `if`/`switch` whose branches are single expressions (if/switch expressions).

public enum ReturnCheck {
    /// The missing returns of a unit, in source order.
    public static func missingReturns(_ unit: SourceUnit, file: SourceFile) -> [Diagnostic] {
        var walker = Walker()
        walker.walk(unit.statements)
        let ordered = walker.found.enumerated().sorted { a, b in
            if a.element.first != b.element.first { return a.element.first }
            let (x, y) = (a.element.start, b.element.start)
            return (x.line, x.column, a.offset) < (y.line, y.column, b.offset)
        }.map(\.element)
        // A node a later pass made has no closing brace to point at; it has nothing to report.
        return ordered.filter { $0.end != .unknown }.map { f in
            .error(ReturnMessage.missingReturn(kind: f.kind, type: f.type), at: f.end, in: file)
        }
    }

    /// Whether the statements end every path: a `return`, a call that never returns, an
    /// `if` with an `else` whose branches all do, a `switch` whose cases all do, a
    /// `while true` without a `break`, or a `do` block that does.
    static func terminates(_ stmts: [Stmt]) -> Bool {
        stmts.contains { terminates($0, label: nil) }
    }

    private static func terminates(_ s: Stmt, label: String?) -> Bool {
        switch s.kind {
        case .return: return true
        case .expression(let e): return neverReturns(e)
        case .if(let i):
            if i.conditions.count == 1, case .expression(let c) = i.conditions[0], case .boolean(true) = c.kind {
                return terminates(i.then)
            }
            guard let o = i.otherwise else { return false }
            return terminates(i.then) && terminates(o)
        case .switch(let sw):
            return !sw.cases.isEmpty && sw.cases.allSatisfy { c in
                terminates(c.body) || { if case .fallthrough? = c.body.last?.kind { return true }; return false }()
            }
        case .while(let conditions, let body):
            guard conditions.count == 1, case .expression(let c) = conditions[0], case .boolean(true) = c.kind else { return false }
            return !breaks(body, label: label, nested: false)
        case .repeatWhile(let body, let c):
            if terminates(body) { return !breaks(body, label: label, nested: false) }
            guard case .boolean(true) = c.kind else { return false }
            return !breaks(body, label: label, nested: false)
        case .block(let body): return terminates(body)
        case .labeled(let l, let inner): return terminates(inner, label: l)
        // A thrown error leaves the function as a return does.
        case .throw: return true
        // An error the catches do not match propagates, which also leaves the function.
        case .doCatch(let body, let catches): return terminates(body) && catches.allSatisfy { terminates($0.body) }
        case .assignment, .declaration, .guard, .forIn, .break, .continue, .fallthrough, .command, .defer: return false
        }
    }

    /// `fatalError(...)`, `preconditionFailure(...)`, `exit(...)`: they return Never.
    private static func neverReturns(_ e: Expr) -> Bool {
        guard case .call(let callee, _) = e.kind, case .identifier(let n) = callee.kind else { return false }
        return n == "fatalError" || n == "preconditionFailure" || n == "exit"
    }

    /// Whether a `break` leaves the loop: an unlabelled one outside nested loops and
    /// switches, or one naming the loop's label anywhere.
    private static func breaks(_ stmts: [Stmt], label: String?, nested: Bool) -> Bool {
        stmts.contains { s in
            switch s.kind {
            case .break(let l): return l == nil ? !nested : l == label
            case .if(let i): return breaks(i.then, label: label, nested: nested) || breaks(i.otherwise ?? [], label: label, nested: nested)
            case .guard(_, let o): return breaks(o, label: label, nested: nested)
            case .switch(let sw): return sw.cases.contains { breaks($0.body, label: label, nested: true) }
            case .forIn(_, _, _, let body), .while(_, let body), .repeatWhile(let body, _):
                return breaks(body, label: label, nested: true)
            case .block(let body): return breaks(body, label: label, nested: nested)
            case .labeled(_, let inner): return breaks([inner], label: label, nested: nested)
            case .doCatch(let body, let catches):
                return breaks(body, label: label, nested: nested) || catches.contains { breaks($0.body, label: label, nested: nested) }
            default: return false
            }
        }
    }

    /// A body that is an implicit return: one expression, or one `if`/`switch` whose
    /// branches are each one statement.
    static func isImplicitReturn(_ body: [Stmt]) -> Bool {
        guard body.count == 1 else { return false }
        switch body[0].kind {
        case .expression: return true
        case .if(let i): return singleExpressionBranches(i)
        case .switch(let sw): return sw.cases.allSatisfy { isImplicitReturn($0.body) }
        default: return false
        }
    }

    private static func singleExpressionBranches(_ i: IfStmt) -> Bool {
        guard isImplicitReturn(i.then), let o = i.otherwise else { return false }
        return isImplicitReturn(o)
    }

    /// Whether a result type asks for a value (`Void`, `()` and `Never` do not).
    static func needsValue(_ t: TypeSyntax?) -> Bool {
        guard let t else { return false }
        switch t {
        case .named(let n): return n != "Void" && n != "Never"
        case .tuple(let ts): return !ts.isEmpty
        default: return true
        }
    }

    struct Found {
        let kind: ReturnMessage.Kind
        let type: String
        let start: SourceLocation
        /// The body's closing `}`, where swiftc reports.
        let end: SourceLocation
        var first = false
    }

    /// Finds every body with a result type and no return on some path.
    private struct Walker: SyntaxVisitor {
        enum Context { case type, function, closure, variable }
        var stack: [Context] = []
        var found: [Found] = []

        mutating func visit(_ node: Decl) -> SyntaxVisitorContinueKind {
            switch node {
            case .function(let f):
                if f.name != "init", needsValue(f.returnType), let t = f.returnType,
                   !isImplicitReturn(f.body), !terminates(f.body) {
                    let kind: ReturnMessage.Kind
                    switch stack.last {
                    case nil: kind = .globalFunction
                    case .type? where f.isSubscriptAccessor: kind = .getter
                    case .type?: kind = f.isClassMethod ? .classMethod : f.isStatic ? .staticMethod : .instanceMethod
                    case .function?, .closure?, .variable?: kind = .localFunction
                    }
                    found.append(Found(kind: kind, type: t.description, start: f.location, end: f.bodyEnd))
                }
                stack.append(.function)
            case .variable(let v):
                // `let g: (Int) -> String = { x in ... }`: the closure's result type is the annotation's.
                if case .function(_, let result)? = v.type, needsValue(result), let i = v.initializer,
                   case .closure(let c) = i.kind, c.returnType == nil, !isImplicitReturn(c.body), !terminates(c.body) {
                    let topLevel = !stack.contains { $0 == .type || $0 == .function }
                    found.append(Found(kind: .closure, type: result.description, start: i.location, end: c.bodyEnd, first: topLevel))
                }
                if let g = v.getter, needsValue(v.type), let t = v.type, !isImplicitReturn(g), !terminates(g) {
                    found.append(Found(kind: .getter, type: t.description, start: v.location, end: v.getterEnd))
                }
                stack.append(v.getter == nil ? .variable : .function)
            case .enum, .struct, .table, .class, .extension, .protocol, .typeAlias:
                stack.append(.type)
            }
            return .visitChildren
        }

        mutating func visitPost(_ node: Decl) {
            stack.removeLast()
        }

        mutating func visit(_ node: Expr) -> SyntaxVisitorContinueKind {
            if case .closure(let c) = node.kind {
                if needsValue(c.returnType), let t = c.returnType, !isImplicitReturn(c.body), !terminates(c.body) {
                    // swiftc reports the top-level code's closures first (its `main` comes first).
                    let topLevel = !stack.contains { $0 == .type || $0 == .function }
                    found.append(Found(kind: .closure, type: t.description, start: node.location, end: c.bodyEnd, first: topLevel))
                }
                stack.append(.closure)
            }
            return .visitChildren
        }

        mutating func visitPost(_ node: Expr) {
            if case .closure = node.kind { stack.removeLast() }
        }
    }
}

/// The messages of the return check, in swiftc's words.
public enum ReturnMessage: DiagnosticMessage, Hashable {
    public enum Kind: String, Sendable {
        case globalFunction = "global function", instanceMethod = "instance method", staticMethod = "static method"
        case classMethod = "class method", localFunction = "local function", getter, closure
    }
    case missingReturn(kind: Kind, type: String)

    public var id: DiagnosticID {
        switch self {
        case .missingReturn: return DiagnosticID("missing_return_decl")
        }
    }

    public var text: String {
        switch self {
        case .missingReturn(let kind, let type): return "missing return in \(kind.rawValue) expected to return '\(type)'"
        }
    }
}
