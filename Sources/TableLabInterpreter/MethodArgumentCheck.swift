// swiftc refuses a literal of the wrong type given to a method when it compiles the file:
// `let p = Point(x: 1, y: 2); print("x"); p.move(by: "a")` prints nothing. The run-time
// check catches the argument when the call runs; this finds, before the unit runs, the
// calls whose static types are certain from syntax alone: the receiver is a variable
// declared `let p = T(...)` or `let p: T` (`var` too: its type stays T) with T a struct
// or class of this unit, in the same statement list (LetStructCheck's scoping: a name a
// nested block binds again is not followed into it, closures are left to the run); the
// method is the one instance method of T with the call's labels (no generics, inout,
// variadics or defaults, and T conforms to no protocol of the script whose extensions
// could add another); and the argument is a literal that cannot become the parameter's
// standard type (Int, Double, String, Bool).

import TableLabSyntax

extension InterpreterCore {
    func methodArgumentLiteralErrors(_ unit: SourceUnit, _ file: SourceFile) -> [Diagnostic] {
        var types: [String: TypeFacts] = [:]
        var declared: [String: Int] = [:]
        var extensions: [String: [FunctionDecl]] = [:]
        var extendedWithProtocols = Set<String>()
        for s in unit.statements {
            guard case .declaration(let d) = s.kind else { continue }
            switch d {
            case .struct(let x):
                declared[x.name, default: 0] += 1
                types[x.name] = TypeFacts(methods: x.members.methods, constructible: !x.members.initializers.contains { $0.failability != nil },
                                          plainConformances: x.conformances.allSatisfy(Self.checkedConformances.contains))
            case .class(let x):
                declared[x.name, default: 0] += 1
                types[x.name] = TypeFacts(methods: x.members.methods, constructible: !x.members.initializers.contains { $0.failability != nil },
                                          plainConformances: x.inherited.isEmpty)
            case .enum(let x):
                declared[x.name, default: 0] += 1
            case .protocol:
                break
            case .extension(let name, let m, _):
                extensions[name, default: []] += m.methods
                // A conformance added here may bring a protocol extension's overload.
                if !m.conformances.allSatisfy(Self.checkedConformances.contains) { extendedWithProtocols.insert(name) }
            default: break
            }
        }
        // A type of the same name declared anywhere else (in a function, nested in a type)
        // is the one some code means: such names are left to the run.
        var counter = TypeNameCounter()
        counter.walk(unit.statements)
        for (n, c) in counter.counts where c > 1 { types[n] = nil }
        for (n, c) in declared where c > 1 { types[n] = nil }
        for (n, ms) in extensions { types[n]?.methods += ms }
        for n in extendedWithProtocols { types[n]?.plainConformances = false }
        var walk = MethodArgumentWalk(types: types, declaredTypeName: declaredTypeName, file: file)
        walk.statements(unit.statements, bound: [:])
        return walk.found
    }

    /// Standard protocols whose extensions give a type no method a script calls by its own
    /// name with other parameter types.
    static let checkedConformances: Set<String> = ["Equatable", "Hashable", "CustomStringConvertible", "Codable", "Sendable"]
}

struct TypeFacts {
    var methods: [FunctionDecl]
    /// `T(...)` has the type T (no `init?`).
    var constructible: Bool
    /// No superclass, and no protocol whose extension could add an overload.
    var plainConformances: Bool
}

private struct MethodArgumentWalk {
    let types: [String: TypeFacts]
    let declaredTypeName: (VariableDecl) -> String?
    let file: SourceFile
    var found: [Diagnostic] = []

    mutating func statements(_ list: [Stmt], bound initial: [String: String]) {
        var bound = initial
        for s in list {
            switch s.kind {
            case .declaration(.variable(let v)):
                if let e = v.initializer { scan(e, bound) }
                guard case .binding(let name, _) = v.pattern.kind else {
                    for n in LetStructNames.names(in: v.pattern) { bound[n] = nil }
                    continue
                }
                bound[name] = nil
                if v.getter == nil, !v.isLazy, let n = declaredTypeName(v), let t = types[n], t.plainConformances {
                    // `T(...)`: only where T has no failable initializer (else it is a `T?`).
                    if v.type != nil || t.constructible { bound[name] = n }
                }
            case .declaration(let d):
                declaration(d)
            case .expression(let e):
                scan(e, bound)
            case .assignment(let target, _, let value):
                scan(target, bound)
                scan(value, bound)
            case .return(let e?), .throw(let e):
                scan(e, bound)
            case .if(let i):
                statements(i.then, bound: Self.removing(LetStructNames.names(in: i.conditions), from: bound))
                if let o = i.otherwise { statements(o, bound: bound) }
            case .guard(let conditions, let otherwise):
                statements(otherwise, bound: bound)
                for n in LetStructNames.names(in: conditions) { bound[n] = nil }
            case .switch(let sw):
                for c in sw.cases { statements(c.body, bound: Self.removing(c.patterns.flatMap(LetStructNames.names(in:)), from: bound)) }
            case .forIn(let pattern, _, _, let body):
                statements(body, bound: Self.removing(LetStructNames.names(in: pattern), from: bound))
            case .while(let conditions, let body):
                statements(body, bound: Self.removing(LetStructNames.names(in: conditions), from: bound))
            case .repeatWhile(let body, _), .block(let body), .defer(let body):
                statements(body, bound: bound)
            case .doCatch(let body, let catches):
                statements(body, bound: bound)
                for c in catches {
                    statements(c.body, bound: Self.removing((c.pattern.map(LetStructNames.names(in:)) ?? []) + ["error"], from: bound))
                }
            case .labeled(_, let inner):
                statements([inner], bound: bound)
            default:
                continue
            }
        }
    }

    /// A function's body starts with nothing bound; its parameters are not followed.
    private mutating func declaration(_ d: Decl) {
        switch d {
        case .function(let f): statements(f.body, bound: [:])
        case .struct(let x): members(x.members)
        case .class(let x): members(x.members)
        case .enum(let x): members(x.members)
        case .extension(_, let m, _): members(m)
        default: break
        }
    }

    private mutating func members(_ m: TypeMembers) {
        for f in m.methods + m.initializers { statements(f.body, bound: [:]) }
        for n in m.nestedTypes { declaration(n) }
    }

    private mutating func scan(_ e: Expr, _ bound: [String: String]) {
        guard !bound.isEmpty else { return }
        var finder = CallFinder(bound: bound)
        finder.walk(e)
        for (call, typeName) in finder.calls { check(call, typeName) }
    }

    private mutating func check(_ call: (method: String, args: [Argument]), _ typeName: String) {
        guard let t = types[typeName] else { return }
        let labels = call.args.map(\.label)
        let candidates = t.methods.filter { $0.name == call.method }
        let matching = candidates.filter { f in f.parameters.count == labels.count && zip(f.parameters, labels).allSatisfy { $0.label == $1 } }
        guard matching.count == 1, let f = matching.first, !f.isStatic, f.genericParameters.isEmpty,
              !call.args.contains(where: \.isTrailingClosure) else { return }
        for p in f.parameters {
            guard !p.isInout, !p.isVariadic, p.defaultValue == nil else { return }
        }
        for (p, a) in zip(f.parameters, call.args) {
            guard case .named(let expected)? = p.type, let literal = Self.literalType(a.value),
                  !Self.literal(literal, converts: expected) else { continue }
            // `flag: 1` has a message of its own ("cannot be used as a boolean"), left to the run.
            if expected == "Bool", case .integer(let v) = a.value.kind, v == 0 || v == 1 { return }
            found.append(.error(ArgumentMessage.cannotConvert(from: literal, to: expected), at: a.value.location, in: file))
            return
        }
    }

    /// The type swiftc gives a literal by itself.
    static func literalType(_ e: Expr) -> String? {
        switch e.kind {
        case .integer: return "Int"
        case .double: return "Double"
        case .string: return "String"
        case .boolean: return "Bool"
        default: return nil
        }
    }

    /// Whether a literal of that type can be a value of the standard type `expected`; true
    /// for any other type (it may be expressible by the literal).
    static func literal(_ literal: String, converts expected: String) -> Bool {
        guard ["Int", "Double", "String", "Bool"].contains(expected) else { return true }
        if literal == expected { return true }
        return literal == "Int" && expected == "Double"
    }

    private static func removing(_ names: [String], from bound: [String: String]) -> [String: String] {
        var b = bound
        for n in names { b[n] = nil }
        return b
    }
}

/// The method calls on a bound variable in an expression, closures and value blocks left
/// out (they may bind the name again).
private struct CallFinder: SyntaxVisitor {
    let bound: [String: String]
    var calls: [((method: String, args: [Argument]), String)] = []

    mutating func visit(_ node: Expr) -> SyntaxVisitorContinueKind {
        switch node.kind {
        case .closure, .switchExpr, .ifExpr:
            return .skipChildren
        case .call(let callee, let args):
            if case .member(let base, let method) = callee.kind, case .identifier(let root) = base.kind, let t = bound[root] {
                calls.append(((method, args), t))
            }
        default: break
        }
        return .visitChildren
    }
}

/// How many times each type name is declared, anywhere in a unit.
private struct TypeNameCounter: SyntaxVisitor {
    var counts: [String: Int] = [:]
    mutating func visit(_ node: Decl) -> SyntaxVisitorContinueKind {
        switch node {
        case .struct(let x): counts[x.name, default: 0] += 1
        case .class(let x): counts[x.name, default: 0] += 1
        case .enum(let x): counts[x.name, default: 0] += 1
        case .table(let x): counts[x.name, default: 0] += 1
        case .protocol(let x): counts[x.name, default: 0] += 1
        case .typeAlias(let x): counts[x.name, default: 0] += 1
        default: break
        }
        return .visitChildren
    }
}

enum ArgumentMessage: DiagnosticMessage, Hashable {
    case cannotConvert(from: String, to: String)

    var id: DiagnosticID {
        switch self {
        case .cannotConvert: return DiagnosticID("cannot_convert_argument_value")
        }
    }

    var text: String {
        switch self {
        case .cannotConvert(let from, let to): return "cannot convert value of type '\(from)' to expected argument type '\(to)'"
        }
    }
}
