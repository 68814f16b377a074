// swiftc's type error for a body of one expression whose value is `()` where a value is
// declared: `func f() -> Int { print("f") }`, `var v: Int { log() }`, `let g: () -> Int =
// { print("g") }`. swiftc refuses the file before anything runs; TableLab ran the body and
// failed only when it returned, after its side effects.
//
// Only an expression that is `()` from declarations alone is judged: a call of `print` or
// `debugPrint`, or of a function every declaration of which (in the unit and the session)
// has no result. A name any local binds, or that a declaration with a result shares, is
// left to the run.

import TableLabSyntax

extension InterpreterCore {
    /// The errors of the unit, swiftc's order: the top-level code's closures first, then
    /// the rest by place.
    func voidResultErrors(_ unit: SourceUnit, _ file: SourceFile) -> [Diagnostic] {
        var names = UnitCallables()
        names.walk(unit.statements)
        var walker = VoidBodies(isConcrete: { [core = Unretained(self)] n in
            names.types.contains(n) || core.object.typeSlots[n]?.current != nil
        })
        walker.walk(unit.statements)
        let voidNames = { [core = Unretained(self)] (n: String) -> Bool in
            if names.bound.contains(n) { return false }
            var decls = names.functions[n] ?? []
            for c in core.object.functionsByBase[n] ?? [] {
                guard let d = c.decl else { return false }
                decls.append(d)
            }
            if n == "print" || n == "debugPrint" { return decls.isEmpty }
            return !decls.isEmpty && decls.allSatisfy { Self.isVoid($0.returnType) }
        }
        let found = walker.found.filter { f in
            guard case .call(let callee, _) = f.expression.kind, case .identifier(let n) = callee.kind else { return false }
            return voidNames(n)
        }
        let ordered = found.enumerated().sorted { a, b in
            if a.element.first != b.element.first { return a.element.first }
            let (x, y) = (a.element.expression.range.start, b.element.expression.range.start)
            return (x.line, x.column, a.offset) < (y.line, y.column, b.offset)
        }.map(\.element)
        return ordered.map { f in
            let m: VoidResultMessage = f.isClosure ? .closureResult(f.type.description) : .returnExpression(f.type.description)
            return .error(m, at: f.expression.range.start, in: file)
        }
    }

    static func isVoid(_ t: TypeSyntax?) -> Bool {
        guard let t else { return true }
        switch t {
        case .named(let n): return n == "Void"
        case .tuple(let ts): return ts.isEmpty
        default: return false
        }
    }
}

/// The functions a unit declares at any depth, by name, and every name it binds otherwise
/// (parameters, variables, closure parameters), which may hide a function.
private struct UnitCallables: SyntaxVisitor {
    var functions: [String: [FunctionDecl]] = [:]
    var bound = Set<String>()
    var types = Set<String>()

    mutating func visit(_ node: Decl) -> SyntaxVisitorContinueKind {
        switch node {
        case .function(let f):
            functions[f.name, default: []].append(f)
            for p in f.parameters { bound.insert(p.name) }
        case .variable(let v):
            // A stored or computed property, a global or a local: called as `name()`, it
            // would be a closure's call, not the function's.
            for n in StaticEntryCheck.names(boundBy: Stmt(.declaration(.variable(v)), at: v.location)) { bound.insert(n) }
        case .enum(let e): types.insert(e.name)
        case .struct(let s): types.insert(s.name)
        case .class(let c): types.insert(c.name)
        default: break
        }
        return .visitChildren
    }

    mutating func visit(_ node: Expr) -> SyntaxVisitorContinueKind {
        if case .closure(let c) = node.kind { for p in c.parameters { bound.insert(p.name) } }
        return .visitChildren
    }

    mutating func visit(_ node: Pattern) -> SyntaxVisitorContinueKind {
        if case .binding(let n, _) = node.kind { bound.insert(n) }
        return .visitChildren
    }
}

/// The bodies of one expression that must give a value: functions, getters, subscripts,
/// and closures annotated through their variable.
private struct VoidBodies: SyntaxVisitor {
    struct Found {
        let expression: Expr
        let type: TypeSyntax
        let isClosure: Bool
        var first = false
    }
    enum Context { case type, function, other }
    /// A script type's name (its values are never `()`).
    let isConcrete: (String) -> Bool
    var stack: [Context] = []
    var found: [Found] = []

    /// The result type swiftc names: a function's without its Optional (`Int?` is 'Int').
    private static func returnTypeNamed(_ t: TypeSyntax) -> TypeSyntax {
        if case .optional(let w) = t { return w }
        return t
    }

    /// Whether `()` cannot convert to it: a basic type, a collection, a script type; not
    /// `Void`, `Any`, a generic parameter or an existential (those are left alone).
    private func refusesVoid(_ t: TypeSyntax) -> Bool {
        switch t {
        case .named(let n):
            return ["Int", "Double", "String", "Bool", "Character", "Float"].contains(n) || isConcrete(n)
        case .array, .dictionary, .set: return true
        case .optional(let w): return refusesVoid(w)
        case .tuple(let ts): return !ts.isEmpty
        case .labelled, .function, .inout: return false
        }
    }

    private static func single(_ body: [Stmt]) -> Expr? {
        guard body.count == 1, case .expression(let e) = body[0].kind else { return nil }
        return e
    }

    mutating func visit(_ node: Decl) -> SyntaxVisitorContinueKind {
        switch node {
        case .function(let f):
            if f.name != "init", let t = f.returnType, refusesVoid(t), let e = Self.single(f.body) {
                found.append(Found(expression: e, type: Self.returnTypeNamed(t), isClosure: false))
            }
            stack.append(.function)
        case .variable(let v):
            if case .function(_, let result)? = v.type, refusesVoid(result), let i = v.initializer,
               case .closure(let c) = i.kind, c.returnType == nil, let e = Self.single(c.body) {
                let topLevel = !stack.contains { $0 == .type || $0 == .function }
                found.append(Found(expression: e, type: result, isClosure: true, first: topLevel))
            }
            if let g = v.getter, let t = v.type, refusesVoid(t), let e = Self.single(g) {
                found.append(Found(expression: e, type: Self.returnTypeNamed(t), isClosure: false))
            }
            stack.append(v.getter == nil ? .other : .function)
        case .enum, .struct, .table, .class, .extension, .protocol, .typeAlias:
            stack.append(.type)
        }
        return .visitChildren
    }

    mutating func visitPost(_ node: Decl) {
        stack.removeLast()
    }
}

/// swiftc's words for a `()` where a value is declared.
enum VoidResultMessage: DiagnosticMessage, Hashable {
    case returnExpression(String)
    case closureResult(String)

    var id: DiagnosticID {
        switch self {
        case .returnExpression: return DiagnosticID("cannot_convert_to_return_type")
        case .closureResult: return DiagnosticID("cannot_convert_closure_result")
        }
    }

    var text: String {
        switch self {
        case .returnExpression(let t): return "cannot convert return expression of type '()' to return type '\(t)'"
        case .closureResult(let t): return "cannot convert value of type '()' to closure result type '\(t)'"
        }
    }
}
