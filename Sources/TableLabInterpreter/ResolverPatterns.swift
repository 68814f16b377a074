// The resolver's types for what a closure's callee and a pattern's subject fix (Resolver.swift):
// a closure's parameters and `$0`s where the callee is a standard method of a receiver of a
// known type or the one declaration of a script function, and the names a `case`, `catch`,
// `for` or tuple pattern binds where the subject's type is known. Each is swiftc's certain
// answer or none: a method the script may declare for a standard type is not followed, a
// literal's type that the closure's body may change (`xs.reduce(0) { ... }`) is not taken.

import TableLabSyntax

/// The types a callee gives a closure's parameters, in order (nil: not certain), and whether
/// each is given out as a constant's (an `inout` one, `reduce(into:)`'s first, is not).
struct ClosureParameterTypes {
    var types: [TypeSyntax?]
    var givenOut: [Bool]

    /// For a closure of `count` parameters (or `$0`s): these, or a single tuple's elements
    /// where the closure takes them apart (`dict.forEach { k, v in }`, `{ $0 + $1 }`).
    func parameters(count: Int) -> ClosureParameterTypes? {
        if count == types.count { return self }
        guard count > 1, types.count == 1, case .tuple(let elements)? = types[0], elements.count == count else { return nil }
        return ClosureParameterTypes(types: elements.map(ResolverPatterns.unlabelled), givenOut: Array(repeating: givenOut[0], count: count))
    }
}

enum ResolverPatterns {
    /// A tuple element's type without its label.
    static func unlabelled(_ t: TypeSyntax) -> TypeSyntax {
        if case .labelled(_, let inner) = t { return inner }
        return t
    }

    /// The element a `for` loop or a sequence's method reads from a value of type `t`.
    static func element(of t: TypeSyntax) -> TypeSyntax? {
        switch t {
        case .set(let e): return e
        case .dictionary(let k, let v): return .tuple([.labelled("key", k), .labelled("value", v)])
        case .named("String"): return .named("Character")
        default: return TypeRules.element(of: t)
        }
    }

    /// What a standard method gives its closure: its element (`map`), two elements
    /// (`sorted(by:)`), the running result and an element (`reduce`), a Dictionary's value (`mapValues`).
    enum Shape { case element, pair, reduce, reduceInto, value }

    /// The standard methods of a sequence whose closure's parameters are its elements, with
    /// the closure's label (a trailing closure has none).
    static let sequenceMethods: [String: (label: String?, shape: Shape)] = [
        "map": (nil, .element), "filter": (nil, .element), "forEach": (nil, .element), "compactMap": (nil, .element),
        "flatMap": (nil, .element), "allSatisfy": (nil, .element), "contains": ("where", .element),
        "first": ("where", .element), "firstIndex": ("where", .element), "last": ("where", .element),
        "lastIndex": ("where", .element), "drop": ("while", .element), "prefix": ("while", .element),
        "removeAll": ("where", .element), "sorted": ("by", .pair), "sort": ("by", .pair), "min": ("by", .pair),
        "max": ("by", .pair), "reduce": (nil, .reduce), "mapValues": (nil, .value), "compactMapValues": (nil, .value),
    ]
}

extension Resolver {
    // MARK: Closures

    /// At a call with closure arguments: the types the callee gives each closure's parameters.
    mutating func noteClosureArguments(_ callee: Expr, _ args: [Argument]) {
        guard let at = args.firstIndex(where: { Self.isClosure($0.value) }) else { return }
        switch callee.kind {
        case .member(let base, let name):
            // `[1, 2].map { $0 / 2.0 }` makes the literal a `[Double]`.
            let (t, element) = receiver(base)
            guard let t, !t.literal else { return }
            if let given = standardClosureTypes(name, args, on: t.type, element: element) { closureParameterTypes[args[args.count - 1].value.location] = given }
        case .optionalChain(let base, let name):
            guard let t = memberBaseType(base), !t.literal, case .optional(let w) = t.type else { return }
            if let given = standardClosureTypes(name, args, on: w, element: ResolverPatterns.element(of: w)) { closureParameterTypes[args[args.count - 1].value.location] = given }
        case .identifier(let name) where callee.writtenGenericType == nil && !bindsLocally(name):
            scriptFunctionClosureTypes(name, args, from: at)
        default:
            return
        }
    }

    /// A closure written as an argument: `{ [v] x in ... }`, whose capture list makes it the
    /// closure a wrapper returns (Parser+Expressions.swift), is at the same place.
    static func isClosure(_ e: Expr) -> Bool {
        switch e.kind {
        case .closure: return true
        case .call(let callee, _):
            if case .closure(let c) = callee.kind { return c.isCaptureWrapper }
            return false
        default: return false
        }
    }

    /// A method's receiver's type and the element it gives as a sequence; `xs.enumerated()`'s
    /// is `(offset: Int, element: E)`.
    private func receiver(_ base: Expr) -> (type: Typed?, element: TypeSyntax?) {
        if case .call(let c, let a) = base.kind, a.isEmpty, case .member(let inner, "enumerated") = c.kind {
            guard !declarations.mayDeclareStandardMethod("enumerated"), let t = memberBaseType(inner),
                  let e = ResolverPatterns.element(of: t.type) else { return (nil, nil) }
            let spelt = TypeSyntax.named("EnumeratedSequence<\(StaticTyper.spelling(t.type))>")
            return (Typed(type: spelt, literal: t.literal), .tuple([.labelled("offset", TypeRules.int), .labelled("element", e)]))
        }
        let t = memberBaseType(base)
        return (t, t.flatMap { ResolverPatterns.element(of: $0.type) })
    }

    /// A standard method's closure, the last argument, on a receiver of type `t`: an
    /// Optional's `map`/`flatMap` get the wrapped value; a sequence's methods its element.
    private func standardClosureTypes(_ name: String, _ args: [Argument], on t: TypeSyntax, element: TypeSyntax?) -> ClosureParameterTypes? {
        guard let closure = args.last, Self.isClosure(closure.value), !declarations.mayDeclareStandardMethod(name),
              let (label, shape) = ResolverPatterns.sequenceMethods[name] else { return nil }
        let labelFits = closure.label == label || (closure.isTrailingClosure && closure.label == nil)
        if case .optional(let w) = t {
            guard name == "map" || name == "flatMap", args.count == 1, labelFits else { return nil }
            return ClosureParameterTypes(types: [w], givenOut: [true])
        }
        guard let element else { return nil }
        switch shape {
        case .element, .pair:
            guard args.count == 1, labelFits else { return nil }
            return ClosureParameterTypes(types: shape == .pair ? [element, element] : [element], givenOut: shape == .pair ? [true, true] : [true])
        case .value:
            guard args.count == 1, labelFits, case .dictionary(_, let v) = t else { return nil }
            return ClosureParameterTypes(types: [v], givenOut: [true])
        case .reduce, .reduceInto:
            // `reduce(0) { $0 + Double($1) }` makes the literal a Double: only a value of its
            // own type fixes the result's.
            guard args.count == 2, args[0].label == nil || args[0].label == "into", closure.label == nil else { return nil }
            let initial = typedValue(of: args[0].value)
            let result = initial?.literal == false ? initial?.type : nil
            return ClosureParameterTypes(types: [result, element], givenOut: [args[0].label == nil, true])
        }
    }

    /// A closure passed to the one declaration of a script function: its parameter's declared
    /// function type. Not given out (a specialisation is not chosen from it).
    private mutating func scriptFunctionClosureTypes(_ name: String, _ args: [Argument], from first: Int) {
        guard captureNamesInView[name] == nil, let params = declarations.soleFunctionParameters(name), params.count == args.count else { return }
        for (p, a) in zip(params, args) {
            guard !p.isVariadic, !p.isInout, a.label == p.label || (a.isTrailingClosure && a.label == nil) else { return }
        }
        for (p, a) in zip(params, args).dropFirst(first) {
            guard Self.isClosure(a.value), var t = p.type else { continue }
            if case .optional(let w) = t { t = w }
            guard case .function(let ps, _) = t else { continue }
            // An `inout` parameter is a variable of its type in the closure.
            let types = ps.map { p in
                if case .inout(let inner) = p { return inner }
                return ResolverPatterns.unlabelled(p)
            }
            guard types.allSatisfy(declarations.certainType) else { continue }
            closureParameterTypes[a.value.location] = ClosureParameterTypes(types: types, givenOut: types.map { _ in false })
        }
    }

    // MARK: Patterns

    /// The element a `for` loop's pattern binds: also a Dictionary's, a Set's, a String's and
    /// `xs.enumerated()`'s.
    func sequenceElementType(_ sequence: Expr) -> TypeSyntax? {
        receiver(sequence).element
    }

    /// `catch MyError.bad(let x)`: the pattern names the error's type.
    static func caughtType(_ p: Pattern) -> TypeSyntax? {
        if case .enumCase(let typeName?, _, _) = p.kind { return .named(typeName) }
        return nil
    }

    /// The type of each name the patterns bind, by where it is written, matching a value of
    /// type `subject`. A name two patterns of one case bind has one type in both or none.
    func patternTypes(_ patterns: [Pattern], subject: TypeSyntax?, bareNamesBind: Bool = false) -> [SourceLocation: TypeSyntax] {
        ResolverPatterns.patternTypes(patterns, subject: subject, bareNamesBind: bareNamesBind, casePayload: declarations.casePayload)
    }
}

extension ResolverPatterns {
    /// A script enum's case's associated values (labels kept), where certain.
    typealias CasePayload = (_ type: String, _ caseName: String) -> [TypeSyntax]?

    /// The type of each name the patterns bind, by where it is written, matching a value of
    /// type `subject` (the resolver's and the walk's typer's rule). A name two patterns of one
    /// case bind has one type in both or none.
    static func patternTypes(_ patterns: [Pattern], subject: TypeSyntax?, bareNamesBind: Bool = false,
                             casePayload: CasePayload) -> [SourceLocation: TypeSyntax] {
        var out: [SourceLocation: TypeSyntax] = [:]
        guard subject != nil || patterns.contains(where: Self.mayFixItsType) else { return out }
        var byName: [String: [(SourceLocation, TypeSyntax?)]] = [:]
        for p in patterns { collect(p, subject, bareNamesBind, casePayload, &byName) }
        for (_, bound) in byName {
            let types = bound.map(\.1)
            guard let first = types[0], types.allSatisfy({ $0 == first }) else { continue }
            for (at, _) in bound { out[at] = first }
        }
        return out
    }

    /// Whether a pattern fixes a part's type whatever the subject's (`let x as T`).
    private static func mayFixItsType(_ p: Pattern) -> Bool {
        switch p.kind {
        case .cast: return true
        case .tuple(let ps): return ps.contains(where: mayFixItsType)
        case .optionalSome(let inner): return mayFixItsType(inner)
        case .enumCase(_, _, let sub): return sub.map(mayFixItsType) ?? false
        default: return false
        }
    }

    private static func collect(_ p: Pattern, _ subject: TypeSyntax?, _ bare: Bool, _ casePayload: CasePayload,
                                _ out: inout [String: [(SourceLocation, TypeSyntax?)]]) {
        switch p.kind {
        case .binding(let name, _):
            out[name, default: []].append((p.location, subject))
        case .expression(let e):
            if bare, case .identifier(let name) = e.kind { out[name, default: []].append((p.location, subject)) }
        case .wildcard, .typeCheck:
            break
        case .cast(let inner, let t):
            collect(inner, t, bare, casePayload, &out)
        case .optionalSome(let inner):
            if case .optional(let w)? = subject { collect(inner, w, bare, casePayload, &out) } else { collect(inner, nil, bare, casePayload, &out) }
        case .tuple(let ps):
            var parts: [TypeSyntax]?
            if case .tuple(let ts)? = subject, ts.count == ps.count { parts = ts.map(ResolverPatterns.unlabelled) }
            for (i, x) in ps.enumerated() { collect(x, parts?[i], bare, casePayload, &out) }
        case .enumCase(let typeName, let caseName, let sub):
            guard let sub else { return }
            collect(sub, payloadType(typeName, caseName, sub, of: subject, casePayload), bare, casePayload, &out)
        }
    }

    /// The value a case pattern's payload pattern matches: an Optional's wrapped value
    /// (`.some(let x)`), a script enum's associated values (a tuple of them, labels kept,
    /// where one pattern takes several).
    private static func payloadType(_ typeName: String?, _ caseName: String, _ sub: Pattern, of subject: TypeSyntax?,
                                    _ casePayload: CasePayload) -> TypeSyntax? {
        switch subject {
        case .optional(let w)?:
            let optional = typeName == nil || typeName == "Optional" || typeName?.hasPrefix("Optional<") == true
            if caseName == "some" || caseName == "none" { return optional && caseName == "some" ? w : nil }
            // `case .a(let x)` of an `E?` matches the wrapped value.
            return typeName?.hasPrefix("Optional") == true ? nil : payloadType(typeName, caseName, sub, of: w, casePayload)
        case .named(let e)?:
            guard typeName == nil || typeName == e, let values = casePayload(e, caseName), !values.isEmpty else { return nil }
            if values.count == 1 { return ResolverPatterns.unlabelled(values[0]) }
            if case .tuple(let ps) = sub.kind, ps.count != values.count { return nil }
            return .tuple(values)
        default:
            return nil
        }
    }
}

extension InterpreterCore {
    /// Whether an extension of a standard type or protocol, or a protocol's requirement or
    /// extension, declares a member of this name.
    func mayDeclareStandardMethod(_ name: String) -> Bool {
        protocolsMayDeclare(name) || protocols.protocols.values.contains { p in p.decl.methods.contains { $0.name == name } }
    }

    /// The only global function of this base name's parameters, as `certainFunctionResult`
    /// finds it.
    func soleFunctionParameters(_ name: String) -> [Parameter]? {
        guard let decls = certainGlobalFunctions(name), decls.count == 1, let f = decls.first,
              f.genericParameters.isEmpty, !f.isStatic else { return nil }
        return f.parameters
    }

    /// The associated values of the one case of this name of a non-generic script enum, each
    /// of a type spelt alike at any use.
    func certainCasePayload(_ typeName: String, _ caseName: String) -> [TypeSyntax]? {
        guard let t = certainScriptType(typeName), t.kind == .enum, certainSpelling(.named(typeName)),
              let decl = t.decl as? EnumDecl else { return nil }
        let cases = decl.cases.filter { $0.name == caseName }
        guard cases.count == 1, let values = cases[0].associatedValues else { return nil }
        var types: [TypeSyntax] = []
        for v in values {
            guard let ty = v.type, !v.isVariadic, !v.isImplicitlyUnwrapped, certainSpelling(ty) else { return nil }
            types.append(v.label.map { .labelled($0, ty) } ?? ty)
        }
        return types
    }
}
