// Calls, subscripts, operators and the standard library's members for `:type`
// (StaticExpressionType.swift): what their declarations say they give.

import TableLabSyntax

extension StaticTyper {
    // MARK: Calls

    mutating func type(ofCall callee: Expr, _ args: [Argument]) -> TypeSyntax? {
        let labels = args.map(\.label)
        switch callee.kind {
        case .identifier(let name) where core.userType(name) == nil && closureParameterNames[name] == nil
                && selfType?.fieldIndex[name] == nil && core.hosting.memberCatalogue?(name) != nil:
            // A UIKit class made in code (`UILabel()`, `UIImage(named:)`), as the host lists it.
            let full = "init(" + labels.map { ($0 ?? "_") + ":" }.joined() + ")"
            let failable = core.hosting.memberCatalogue?(name)?.failableInitializers.contains(full) == true
            return failable ? .optional(.named(name)) : .named(name)
        case .identifier(let name) where core.globalIndex[name] == nil && selfType?.fieldIndex[name] == nil:
            if let t = core.userType(name) {
                // `Store<Double>()`: the arguments written on the construction.
                if case .named(let g)? = callee.writtenGenericType, core.protocols.genericParameters[t.id] != nil {
                    let inits = t.classInfo?.inits.map(\.decl) ?? t.initializers
                    return inits.contains { TypeRules.accepts($0.parameters, labels) && $0.failability != nil } ? .optional(.named(g)) : .named(g)
                }
                return initializerType(t, args)
            }
            if let t = selfType, let ms = t.methodsByBase[name] { return methodResult(t, spelled: selfSpelling(t), ms, args, name) }
            if let cells = core.functionsByBase[name] {
                guard let f = TypeRules.chosen(cells.compactMap(\.decl), labels) else {
                    return unknown("no single function '\(name)' takes these arguments")
                }
                return declaredResult(f, args, receiver: nil)
            }
            if let t = libraryInitializerType(name, args) { return t }
            if reason != nil { return nil }
            if closureParameterNames[name] == nil, ["abs", "max", "min"].contains(name) {
                var typedArgs: [Typed] = []
                for a in args where a.label == nil { guard let t = typed(a.value) else { return nil }; typedArgs.append(t) }
                guard typedArgs.count == args.count, let t = TypeRules.standardFunction(name, typedArgs) else {
                    return unknown("'\(name)(...)' of these arguments")
                }
                return t.type
            }
            if core.hosting.typeNames.contains(name) { return .named(name) }
            return unknown("'\(name)(...)' is not a call :type knows the declaration of")
        case .member(let base, let name):
            if case .identifier(let n) = base.kind, core.globalIndex[n] == nil, selfType?.fieldIndex[n] == nil,
               let t = core.userType(n) {
                if t.kind == .enum, t.caseIndex[name] != nil { return .named(t.name) }
                if name == "init" { return initializerType(t, args) }
                guard let ms = t.methodsByBase[name] else { return unknown("'\(n).\(name)' is not a method :type knows") }
                return methodResult(t, spelled: t.name, ms, args, name)
            }
            guard let b = type(of: base) else { return nil }
            if let t = closureCallType(name, args, on: b) { return t }
            if reason != nil { return nil }
            return methodCallType(name, args, on: b)
        default:
            // A variable of a function type (the shared switch calls any other callee).
            return ExpressionTyper.functionResult(callee, &self)?.type
        }
    }

    /// `String(x)`, `Int("3")` (a conversion from text can fail: `Int?`), `Set(xs)`; nil
    /// (with no reason) for another name.
    private mutating func libraryInitializerType(_ name: String, _ args: [Argument]) -> TypeSyntax? {
        switch name {
        case "String", "Character": return .named(name)
        case _ where TypeRules.numberNames.contains(name):
            if args.isEmpty { return .named(name) }
            // `Int(s, radix: 16)`: text in a radix, which may not be a number.
            if args.count == 2, args[1].label == "radix", args[0].label == nil { return .optional(.named(name)) }
            guard args.count == 1, let a = type(of: args[0].value) else { return args.count == 1 ? nil : unknown("'\(name)(...)' of these arguments") }
            return TypeRules.numberConversion(name, label: args[0].label, from: a)
                ?? unknown("'\(name)(\(args[0].label.map { $0 + ":" } ?? "_:"))' of a '\(Self.spelling(a))'")
        case "Set", "Array":
            guard args.count == 1, args[0].label == nil, let a = type(of: args[0].value) else { return nil }
            let element: TypeSyntax
            switch a {
            case .array(let e), .set(let e): element = e
            default: return unknown("'\(name)(...)' of a '\(Self.spelling(a))'")
            }
            return name == "Set" ? .set(element) : .array(element)
        default: return nil
        }
    }

    /// What a declared function or method gives this call (TypeRules.declaredResult).
    private mutating func declaredResult(_ f: FunctionDecl, _ args: [Argument], receiver: TypeRules.Receiver?) -> TypeSyntax? {
        let r = TypeRules.declaredResult(f.returnType, generics: f.genericParameters, parameters: f.parameters, args: args,
                                         receiver: receiver) { typed($0) }
        return r?.type ?? unknown("'\(f.fullName)' is generic: its result type comes from each call")
    }

    /// `self`'s spelling in a type's code: a generic type's over its own parameters (`Box<T>`).
    func selfSpelling(_ t: UserType) -> String {
        guard let ps = core.protocols.genericParameters[t.id] else { return t.name }
        return t.name + "<" + ps.map(\.name).joined(separator: ", ") + ">"
    }

    private mutating func methodResult(_ t: UserType, spelled: String, _ fullNames: [String], _ args: [Argument], _ name: String) -> TypeSyntax? {
        guard let f = TypeRules.chosen(fullNames.compactMap({ t.methods[$0]?.decl }), args.map(\.label)) else {
            return unknown("no single method '\(name)' of '\(t.name)' takes these arguments")
        }
        let parameters = core.protocols.genericParameters[t.id]?.map(\.name) ?? []
        // In the type's own code its parameters stand for themselves.
        let receiver = spelled == selfSpelling(t) && !parameters.isEmpty
            ? TypeRules.Receiver(spelling: spelled, parameters: []) : TypeRules.Receiver(spelling: spelled, parameters: parameters)
        guard let receiver else { return unknown("'\(name)' of '\(spelled)' returns a type its generic arguments give") }
        return declaredResult(f, args, receiver: receiver)
    }

    private mutating func initializerType(_ t: UserType, _ args: [Argument]) -> TypeSyntax? {
        let labels = args.map(\.label)
        if t.kind == .enum {
            if labels == ["rawValue"], t.rawType != nil { return .optional(.named(t.name)) }
        }
        let inits = t.classInfo?.inits.map(\.decl) ?? t.initializers
        let fitting = inits.filter { TypeRules.accepts($0.parameters, labels) }
        let failable = fitting.contains { $0.failability != nil }
        var type = TypeSyntax.named(t.name)
        if let ps = core.protocols.genericParameters[t.id] {
            // `Box(item: 3)`: a `Box<Int>`, its arguments bound by the initializer's.
            guard let members = (t.decl as? StructDecl)?.members ?? (t.decl as? ClassDecl)?.members else {
                return unknown("'\(t.name)' is generic")
            }
            let declared = TypeRules.initializerParameters(members, isStruct: t.kind == .struct, labels: labels)
            guard let made = TypeRules.constructed(t.name, parameters: ps.map(\.name), declared: declared, args: args, argument: { typed($0) }) else {
                return unknown("the generic arguments of '\(t.name)' are inferred")
            }
            type = made.type
        }
        return failable ? .optional(type) : type
    }

    mutating func methodCallType(_ name: String, _ args: [Argument], on base: TypeSyntax) -> TypeSyntax? {
        if case .named(let n) = base, let t = scriptType(spelled: n) {
            guard let ms = t.methodsByBase[name] else {
                return unknown("'\(name)' is not a method :type knows the declaration of in '\(t.name)'")
            }
            return methodResult(t, spelled: n, ms, args, name)
        }
        return builtinMethodType(name, args.map(\.label), on: base)
    }

    /// `xs.map { $0.title }`, `compactMap`, `flatMap`, `sorted(by:)`, `first(where:)`: the
    /// result from the closure's one expression. nil (with no reason) for another method.
    private mutating func closureCallType(_ name: String, _ args: [Argument], on base: TypeSyntax) -> TypeSyntax? {
        guard args.count == 1, case .closure = args[0].value.kind, let element = TypeRules.closureElement(of: base) else { return nil }
        let t = TypeRules.closureCall(name, on: Typed(type: base, literal: false)) {
            closureResult(args[0].value, parameters: [element]).map { Typed(type: $0, literal: false) }
        }
        if t == nil, name == "flatMap", reason == nil { return unknown("'flatMap' of a closure that gives no array") }
        return t?.type
    }

    /// An operand's type, and whether it is still a number literal's to take from the context.
    mutating func typed(_ e: Expr) -> Typed? { ExpressionTyper.typed(e, &self) }
}

/// The session's declarations and values as the shared switch's environment (ExpressionTyper.swift).
extension StaticTyper: ExpressionEnvironment {
    /// An operator function of the script's: a global one, a static method of a script
    /// type or of an extension of a standard one.
    func declaresOperator(_ name: String) -> Bool {
        core.declaresScriptOperator(name) || core.protocols.builtinExtensions.values.contains { $0.hasMember(named: name) }
    }

    mutating func notKnown(_ why: String) -> Typed? { unknown(why).map(Self.known) }

    mutating func typed(name: String) -> Typed? { type(ofName: name).map(Self.known) }

    mutating func typed(shorthandParameter index: Int) -> Typed? {
        index < closureParameters.count ? Self.known(closureParameters[index]) : notKnown("'$\(index)' is only known inside a closure")
    }

    mutating func typedSelf() -> Typed? {
        guard let t = selfType else { return notKnown("'self' is only known inside a table picked with :use") }
        // Inside a generic type, `self` is of the type over its own parameters (`Box<T>`).
        return Self.known(.named(selfSpelling(t)))
    }

    mutating func typed(member name: String, ofWritten base: Expr) -> Typed?? {
        // `Item.wifi`, `Settings.items`, `Item.allCases`: a member of a type named here.
        guard case .identifier(let n) = base.kind, core.globalIndex[n] == nil, selfType?.fieldIndex[n] == nil,
              let t = core.userType(n) else { return nil }
        return .some(staticMemberType(name, of: t).map(Self.known))
    }

    mutating func typed(member name: String, ofValue base: Typed) -> Typed? { memberType(name, of: base.type).map(Self.known) }

    mutating func typed(call callee: Expr, _ args: [Argument]) -> Typed? { type(ofCall: callee, args).map(Self.known) }

    mutating func typed(method name: String, _ args: [Argument], on base: Typed) -> Typed? {
        methodCallType(name, args, on: base.type).map(Self.known)
    }

    func scriptSubscripts(of base: Typed) -> ScriptSubscripts? {
        guard case .named(let n) = base.type, let t = scriptType(spelled: n) else { return nil }
        let receiver = TypeRules.Receiver(spelling: n, parameters: core.protocols.genericParameters[t.id]?.map(\.name) ?? [])
        return ScriptSubscripts(declarations: t.subscripts.map(\.decl), receiver: receiver)
    }

    var intFromOneKnownOperand: Bool { false }
    var unknownIndexIsInt: Bool { true }

    private static func known(_ t: TypeSyntax) -> Typed { Typed(type: t, literal: false) }
}
