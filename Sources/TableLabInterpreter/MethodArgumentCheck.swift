// swiftc refuses a literal of the wrong type given to a method when it compiles the file:
// `let p = Point(x: 1, y: 2); print("x"); p.move(by: "a")` prints nothing. The run-time
// check catches the argument when the call runs; this finds, before the unit runs, the
// calls whose static types are certain from syntax alone: the receiver is a variable
// declared `let p = T(...)` or `let p: T` (`var` too: its type stays T) with T a struct
// or class of this unit, where the shared walk's scopes say the name means it
// (ScopedWalk.swift: a name a nested block binds again is not followed into it, a
// function's parameters are not followed, closures are left to the run); the
// method is the one instance method of T with the call's labels (no generics, inout,
// variadics or defaults, and T conforms to no protocol of the script whose extensions
// could add another); and the argument is a literal that cannot become the parameter's
// standard type (Int, Double, String, Bool). A parameter typed by a generic parameter of
// T has the type argument the declaration wrote (`let s = Store<Int>()`, `let s: Box<Int>`).

import TableLabSyntax

extension InterpreterCore {
    /// The method-argument check of a unit, for the shared walk (ScopedWalk.swift).
    func methodArgumentCheck(_ unit: SourceUnit, _ file: SourceFile) -> MethodArgumentCheck {
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
                                          plainConformances: x.conformances.allSatisfy(Self.checkedConformances.contains),
                                          genericParameters: x.members.genericParameters.map(\.name))
            case .class(let x):
                declared[x.name, default: 0] += 1
                types[x.name] = TypeFacts(methods: x.members.methods, constructible: !x.members.initializers.contains { $0.failability != nil },
                                          plainConformances: x.inherited.isEmpty, genericParameters: x.members.genericParameters.map(\.name))
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
        if !types.isEmpty {
            var counter = TypeNameCounter()
            counter.walk(unit.statements)
            for (n, c) in counter.counts where c > 1 { types[n] = nil }
        }
        for (n, c) in declared where c > 1 { types[n] = nil }
        for (n, ms) in extensions { types[n]?.methods += ms }
        for n in extendedWithProtocols { types[n]?.plainConformances = false }
        return MethodArgumentCheck(types: types, declaredTypeName: declaredTypeName, file: file)
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
    /// `Item` of `class Store<Item>`: a parameter typed `Item` takes the type argument
    /// the receiver's declaration wrote (`Store<Int>()`, `let s: Store<Int>`).
    var genericParameters: [String] = []
}

/// A type as a receiver's declaration names it: `Store<Int>` is `Store` with `[Int]`.
struct WrittenType: Equatable {
    var name: String
    var arguments: [String]

    /// Splits the generic arguments at the commas of the outer level.
    init(_ written: String) {
        guard let lt = written.firstIndex(of: "<"), written.hasSuffix(">") else { name = written; arguments = []; return }
        name = String(written[..<lt])
        var args: [String] = [], current = "", depth = 0
        for c in written[written.index(after: lt)..<written.index(before: written.endIndex)] {
            switch c {
            case "<", "[", "(": depth += 1
            case ">", "]", ")": depth -= 1
            case "," where depth == 0:
                args.append(current.trimmingSpaces()); current = ""; continue
            default: break
            }
            current.append(c)
        }
        args.append(current.trimmingSpaces())
        arguments = args
    }
}

private extension String {
    func trimmingSpaces() -> String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}

struct MethodArgumentCheck: ScopedCheck {
    let types: [String: TypeFacts]
    let declaredTypeName: (VariableDecl) -> String?
    let file: SourceFile
    private(set) var found: [Diagnostic] = []

    init(types: [String: TypeFacts], declaredTypeName: @escaping (VariableDecl) -> String?, file: SourceFile) {
        self.types = types
        self.declaredTypeName = declaredTypeName
        self.file = file
    }

    mutating func call(_ e: Expr, callee: Expr, args: [Argument], _ role: ExpressionRole, _ scopes: LexicalScopes, _ place: WalkPlace) {
        guard place.isStatementCode, !types.isEmpty, case .member(let base, let method) = callee.kind,
              case .identifier(let root) = base.kind else { return }
        switch role {
        case .initializer, .statement, .assignmentTarget, .assignmentValue, .returned, .thrown: break
        case .condition, .switchSubject, .sequence, .other: return
        }
        guard let type = writtenType(root, scopes) else { return }
        check((method, args), type)
    }

    /// The type of the variable `name` means here, when its declaration makes it certain.
    private func writtenType(_ name: String, _ scopes: LexicalScopes) -> WrittenType? {
        guard case .variable(let v)? = scopes.lookup(name)?.origin, case .binding = v.pattern.kind,
              v.getter == nil, !v.isLazy, let n = declaredTypeName(v) else { return nil }
        var written = WrittenType(n)
        // `Store<Int>()`: the arguments are written on the construction.
        if v.type == nil, case .call(let callee, _)? = v.initializer?.kind, case .named(let g)? = callee.writtenGenericType {
            written = WrittenType(g)
        }
        guard let t = types[written.name], t.plainConformances else { return nil }
        // A generic type's arguments are those written, or left to the run (inferred).
        guard written.arguments.isEmpty || written.arguments.count == t.genericParameters.count else { return nil }
        // `T(...)`: only where T has no failable initializer (else it is a `T?`).
        return v.type != nil || t.constructible ? written : nil
    }

    private mutating func check(_ call: (method: String, args: [Argument]), _ type: WrittenType) {
        guard let t = types[type.name] else { return }
        let substituted = Dictionary(zip(t.genericParameters, type.arguments), uniquingKeysWith: { a, _ in a })
        let labels = call.args.map(\.label)
        let candidates = t.methods.filter { $0.name == call.method }
        let matching = candidates.filter { f in f.parameters.count == labels.count && zip(f.parameters, labels).allSatisfy { $0.label == $1 } }
        guard matching.count == 1, let f = matching.first, !f.isStatic, f.genericParameters.isEmpty,
              !call.args.contains(where: \.isTrailingClosure) else { return }
        for p in f.parameters {
            guard !p.isInout, !p.isVariadic, p.defaultValue == nil else { return }
        }
        for (p, a) in zip(f.parameters, call.args) {
            guard case .named(let written)? = p.type, let literal = Self.literalType(a.value) else { continue }
            // A parameter typed by the type's generic parameter, with no argument written, is any type.
            if type.arguments.isEmpty, t.genericParameters.contains(written) { continue }
            let expected = substituted[written] ?? written
            guard !Self.literal(literal, converts: expected) else { continue }
            // `flag: 1` has a message of its own ("cannot be used as a boolean"), left to the run.
            if expected == "Bool", case .integer(let v) = a.value.kind, v == 0 || v == 1 { return }
            found.append(.error(ArgumentMessage.cannotConvert(from: literal, to: expected), at: a.value.location, in: file))
            return
        }
    }

    /// The type swiftc gives a literal by itself (the write check's `given` too).
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
