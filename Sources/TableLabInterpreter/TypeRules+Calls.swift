// What a call gives, for both typers (TypeRules.swift): which declaration a call with its
// labels chooses, what a declared function, method or subscript returns with the generic
// parameters its arguments or its receiver's spelling bind, and what the standard
// collections' closure methods (`map`, `compactMap`, `filter`, `sorted`, ...) make of their
// closure's result. The typers differ only in how they type an argument or a closure's body
// (the session's declarations and values, or the walk's scopes), which they pass in.

import TableLabSyntax

extension TypeRules {
    // MARK: Declared results

    /// Whether a call with these labels can choose a declaration with these parameters
    /// (a defaulted parameter may be left out).
    static func accepts(_ parameters: [Parameter], _ labels: [String?]) -> Bool {
        var i = 0
        for p in parameters {
            if i < labels.count, labels[i] == p.label { i += 1; continue }
            if p.defaultValue == nil { return false }
        }
        return i == labels.count
    }

    /// The one function among overloads a call with these labels can choose; nil where none
    /// or several can (swiftc then picks by types, which the rules do not follow).
    static func chosen(_ overloads: [FunctionDecl], _ labels: [String?]) -> FunctionDecl? {
        let fitting = overloads.filter { accepts($0.parameters, labels) }
        return fitting.count == 1 ? fitting[0] : nil
    }

    /// The parameters an initializer call `T(...)` with these labels means: the one written
    /// initializer with them, or a struct's memberwise one (its stored properties, in order,
    /// those with a default left out where no argument names them).
    static func initializerParameters(_ m: TypeMembers, isStruct: Bool, labels: [String?]) -> [Parameter] {
        let written = m.initializers.filter { $0.parameters.map(\.label) == labels && $0.genericParameters.isEmpty }
        if !m.initializers.isEmpty {
            return written.count == 1 && !m.initializers.contains(where: { $0.failability != nil }) ? written[0].parameters : []
        }
        guard isStruct else { return [] }
        var params: [Parameter] = []
        for p in m.properties where !p.isStatic && p.getter == nil && !(p.isLet && p.initializer != nil) {
            guard case .binding(let n, _) = p.pattern.kind, labels.contains(n) else { continue }
            params.append(Parameter(label: n, name: n, type: p.type, defaultValue: nil, location: p.location))
        }
        return params.map(\.label) == labels ? params : []
    }

    /// The type that declares a method or subscript, as its receiver spells it: `Self` is
    /// that spelling, and its generic parameters are the spelling's arguments (`Box<Int>`).
    struct Receiver {
        var spelling: String
        var arguments: [String: TypeSyntax]

        /// nil where the spelling does not give each of the type's parameters (a bare `Box`).
        init?(spelling: String, parameters: [String]) {
            self.spelling = spelling
            arguments = [:]
            guard !parameters.isEmpty else { return }
            let written = WrittenType(spelling).arguments
            guard written.count == parameters.count else { return nil }
            // An argument the rules do not read back (a tuple) stays its spelling.
            for (p, a) in zip(parameters, written) { arguments[p] = TypeRules.parse(a) ?? .named(a) }
        }
    }

    /// What a call of a declared function, method or subscript gives: its written result
    /// (no result: Void), with `Self` the receiver's type, the receiver's generic parameters
    /// its arguments, and the declaration's own generic parameters bound by the arguments
    /// given where those parameters are written (`id(n)` of `func id<T>(_ x: T) -> T`).
    /// An argument bound by a literal leaves the result open to the context (`same(3)`,
    /// `Box(item: 3)`: a literal's default type). nil where a parameter stays unbound.
    /// `strict`: nil too where an argument given for a parameter that names a generic
    /// parameter is not typed, or its type does not match the parameter's part by part (the
    /// resolver's facts: such an argument could bind the parameter otherwise).
    static func declaredResult(_ result: TypeSyntax?, generics: [GenericParameter], parameters: [Parameter], args: [Argument],
                               receiver: Receiver?, strict: Bool = false, argument: (Expr) -> Typed?) -> Typed? {
        var r = result ?? .tuple([])
        if let receiver {
            r = substituting(receiver.arguments.merging(["Self": .named(receiver.spelling)]) { a, _ in a }, in: r)
        }
        let names = Set(generics.map(\.name))
        guard !names.isEmpty, mentions(r, names) else {
            return mentions(r, Set(receiver?.arguments.keys ?? [:].keys)) ? nil : Typed(type: r, literal: false)
        }
        var bound: [String: Typed] = [:]
        for (a, p) in matched(args, parameters) {
            guard let pt = p.type, mentions(pt, names) else { continue }
            guard let at = argument(a.value) else {
                if strict { return nil }
                continue
            }
            guard bind(pt, at, names, strict: strict, &bound) else { return nil }
        }
        if case .named(let g) = r, let t = bound[g] { return t }
        let s = substituting(bound.mapValues(\.type), in: r)
        return mentions(s, names) ? nil : Typed(type: s, literal: bound.values.contains { $0.literal })
    }

    /// Each argument with the parameter it is given to (a defaulted parameter may be skipped).
    static func matched(_ args: [Argument], _ parameters: [Parameter]) -> [(Argument, Parameter)] {
        var out: [(Argument, Parameter)] = []
        var i = 0
        for p in parameters where i < args.count {
            if args[i].label == p.label { out.append((args[i], p)); i += 1 }
        }
        return out
    }

    /// Binds the generic parameters a parameter's type names to the parts of an argument's
    /// type (`[T]` of `[Int]`: T is Int); false where the two disagree.
    private static func bind(_ p: TypeSyntax, _ a: Typed, _ names: Set<String>, strict: Bool = false,
                             _ bound: inout [String: Typed]) -> Bool {
        switch (p, a.type) {
        case (.named(let g), _) where names.contains(g):
            guard let known = bound[g] else { bound[g] = a; return true }
            guard let j = joined(known, a) else { return false }
            bound[g] = j
            return true
        case (.array(let x), .array(let y)), (.set(let x), .set(let y)), (.optional(let x), .optional(let y)):
            return bind(x, Typed(type: y, literal: a.literal), names, strict: strict, &bound)
        case (.dictionary(let k, let v), .dictionary(let k2, let v2)):
            return bind(k, Typed(type: k2, literal: a.literal), names, strict: strict, &bound)
                && bind(v, Typed(type: v2, literal: a.literal), names, strict: strict, &bound)
        default:
            // A parameter's type the argument's does not match part by part: T unbound here.
            return !strict
        }
    }

    /// `t` with each named type in `arguments` replaced.
    static func substituting(_ arguments: [String: TypeSyntax], in t: TypeSyntax) -> TypeSyntax {
        guard !arguments.isEmpty else { return t }
        switch t {
        case .named(let n):
            if let a = arguments[n] { return a }
            // `Box<T>`: a spelling's arguments are text.
            let w = WrittenType(n)
            guard !w.arguments.isEmpty else { return t }
            let args = w.arguments.map { a in parse(a).map { StaticTyper.spelling(substituting(arguments, in: $0)) } ?? a }
            return .named(w.name + "<" + args.joined(separator: ", ") + ">")
        case .array(let e): return .array(substituting(arguments, in: e))
        case .set(let e): return .set(substituting(arguments, in: e))
        case .optional(let w): return .optional(substituting(arguments, in: w))
        case .dictionary(let k, let v): return .dictionary(key: substituting(arguments, in: k), value: substituting(arguments, in: v))
        case .tuple(let ts): return .tuple(ts.map { substituting(arguments, in: $0) })
        case .labelled(let l, let e): return .labelled(l, substituting(arguments, in: e))
        case .inout(let e): return .inout(substituting(arguments, in: e))
        case .function(let ps, let r):
            return .function(parameters: ps.map { substituting(arguments, in: $0) }, result: substituting(arguments, in: r))
        }
    }

    /// `t` with each generic parameter replaced by its argument as a spelling writes it
    /// (`Store<[Int]>`: T is `[Int]`), read back as a type where the rules read it.
    static func substituting(written arguments: [String: String], in t: TypeSyntax) -> TypeSyntax {
        substituting(arguments.mapValues { parse($0) ?? .named($0) }, in: t)
    }

    /// Whether a type's spelling names any of these types (`[T]`, `T?`, `Box<T>`).
    static func mentions(_ t: TypeSyntax, _ names: Set<String>) -> Bool {
        guard !names.isEmpty else { return false }
        return t.description.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") }).contains { names.contains(String($0)) }
    }

    /// A generic type's arguments from an initializer's arguments (`Box(item: 3)` of
    /// `struct Box<T> { var item: T }` is a `Box<Int>`), each parameter bound by an argument
    /// given where it is written; nil where one stays unbound. `declared`: the chosen
    /// initializer's parameters, or the memberwise one's stored properties.
    static func constructed(_ name: String, parameters: [String], declared: [Parameter], args: [Argument], strict: Bool = false,
                            argument: (Expr) -> Typed?) -> Typed? {
        let spelt = TypeSyntax.named(name + "<" + parameters.joined(separator: ", ") + ">")
        let generics = parameters.map { GenericParameter(name: $0, constraint: nil, location: .unknown) }
        return declaredResult(spelt, generics: generics, parameters: declared, args: args, receiver: nil, strict: strict, argument: argument)
    }
}

extension TypeRules {
    // MARK: Closure methods of the standard collections

    /// What a closure given to a standard collection's method takes: an element of an
    /// Array, a Set or a sequence the rules spell, a Character of a String, a Dictionary's
    /// `(key:, value:)` pair; nil for any other receiver.
    static func closureElement(of base: TypeSyntax) -> TypeSyntax? {
        switch base {
        case .set(let e): return e
        case .dictionary(let k, let v): return .tuple([.labelled("key", k), .labelled("value", v)])
        case .named("String"): return character
        default: return element(of: base)
        }
    }

    /// `xs.map { }`, `compactMap`, `flatMap`, `filter`, `sorted(by:)`, `first(where:)`,
    /// `contains(where:)`, ...: what the method gives on `base`, from the closure's result
    /// where the method's result depends on it (nil: not known). nil for another method, or
    /// one the receiver does not have as the rules know it.
    static func closureCall(_ method: String, on receiver: Typed, closureResult: () -> Typed?) -> Typed? {
        let base = receiver.type
        guard let element = closureElement(of: base) else { return nil }
        let arrayLike: Bool
        switch base {
        case .array, .named("String"): arrayLike = true
        case .named(let n): arrayLike = n.hasPrefix("ArraySlice<") || RangeTypeName(n) != nil
        default: arrayLike = false
        }
        func known(_ t: TypeSyntax) -> Typed { Typed(type: t, literal: false) }
        // What stays open in the receiver's elements (a context's choice) stays open in them.
        func elements(_ t: TypeSyntax) -> Typed { Typed(type: t, literal: false, chosen: receiver.chosen) }
        switch method {
        case "map":
            return closureResult().map { Typed(type: .array($0.type), literal: $0.literal, chosen: $0.chosen) }
        case "compactMap":
            guard let r = closureResult() else { return nil }
            if case .optional(let w) = r.type { return known(.array(w)) }
            return Typed(type: .array(r.type), literal: r.literal)
        case "flatMap":
            guard let r = closureResult(), case .array(let w) = r.type else { return nil }
            return known(.array(w))
        case "filter":
            switch base {
            case .array, .set, .dictionary, .named("String"): return elements(base)
            default: return nil
            }
        case "sorted": return elements(.array(element))
        case "first", "min", "max": return elements(.optional(element))
        case "last": return arrayLike ? elements(.optional(element)) : nil
        case "contains", "allSatisfy": return known(bool)
        case "count": return known(int)
        // An Array's index is an Int; a String's, a Set's or a Dictionary's is its own Index.
        case "firstIndex", "lastIndex": return isArrayIndexed(base) ? known(.optional(int)) : nil
        case "forEach": return known(.tuple([]))
        default: return nil
        }
    }

    /// Whether a collection's indices are Ints (an Array, an ArraySlice, a Range of Int).
    private static func isArrayIndexed(_ t: TypeSyntax) -> Bool {
        switch t {
        case .array: return true
        case .named(let n): return n.hasPrefix("ArraySlice<") || RangeTypeName(n)?.bound == "Int"
        default: return false
        }
    }
}

extension TypeRules {
    /// `v[i]`, `v[name: "a"]` of a script type's subscripts: the one instance subscript the
    /// call's labels choose (several of the same labels are chosen by types: not followed).
    static func scriptSubscript(_ subscripts: [SubscriptDecl], _ args: [Argument], receiver: Receiver?,
                                argument: (Expr) -> Typed?) -> Typed? {
        let labels = args.map(\.label)
        let fitting = subscripts.filter { !$0.isStatic && accepts($0.parameters, labels) }
        guard fitting.count == 1 else { return nil }
        let s = fitting[0]
        return declaredResult(s.returnType, generics: s.genericParameters, parameters: s.parameters, args: args,
                              receiver: receiver, argument: argument)
    }
}
