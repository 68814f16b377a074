// What a call gives, for the resolver's static types (ResolverDeclarations.swift): a global
// function's, a method's, an initializer's, a static method's or an enum case's result, where
// the call's labels choose one declaration and no other of the script's may be called, with
// the generic parameters the receiver's spelling or the arguments bind (TypeRules+Calls.swift,
// strictly: every argument that binds one is typed and matches its parameter part by part).
// Where swiftc would rank overloads by their types, the call is not typed.

import TableLabSyntax

extension InterpreterCore {
    /// The global function of this base name the call's labels choose, when nothing else of
    /// the name (a type's member, a type, a variable, an extension's, a standard function)
    /// may be called.
    func certainFunctionResult(_ name: String, _ args: [Argument], _ argument: (Expr) -> Typed?) -> Typed? {
        guard let decls = certainGlobalFunctions(name), let f = chosen(decls, args), !f.isStatic else { return nil }
        return certainResult(f, args, receiver: nil, argument)
    }

    /// The global functions of this base name, when nothing else of the name (a type's
    /// member, a type, a variable, an extension's, a standard function) may be called and
    /// none is overloaded by its parameters' types: a call's labels choose among them.
    func certainGlobalFunctions(_ name: String) -> [FunctionDecl]? {
        guard let cells = functionsByBase[name], globalIndex[name] == nil,
              typeSlots[name] == nil, protocols.typeAliases[name] == nil, protocols.protocols[name] == nil,
              !Self.standardFunctionNames.contains(name), !typeSlots.values.contains(where: { $0.current?.hasMember(named: name) == true }),
              !protocolsMayDeclare(name), !isOverloaded(name),
              !cells.contains(where: { $0.decl == nil || overloadedByParameterTypes.contains($0.fullName) }) else { return nil }
        return cells.compactMap(\.decl)
    }

    /// Whether declarations of the base name are overloaded by their parameters' types
    /// (OverloadLowering.swift): a function's or any type's method's.
    func isOverloaded(_ name: String) -> Bool {
        overloads.mangledBases[name] != nil || overloads.overloadedMembers.values.contains { $0.contains { $0.hasPrefix(name + "(") } }
    }

    /// The instance method of `typeName`'s spelling (`Stack<String>`: its `T` is String) the
    /// call's labels choose among the type's and its superclasses' methods of the base name.
    func certainMethodResult(_ typeName: String, _ name: String, _ args: [Argument], _ argument: (Expr) -> Typed?) -> Typed? {
        guard let (t, receiver) = certainReceiver(typeName), t.fieldIndex[name] == nil, t.computed[name] == nil,
              !protocolsMayDeclare(name), !isOverloaded(name), !hostMayDeclare(t, name),
              let methods = methodOverloads(t, name, isStatic: false),
              let f = chosen(methods, args) else { return nil }
        return certainResult(f, args, receiver: receiver, argument)
    }

    /// The methods of the base name `t` and its superclasses declare, all instance or all
    /// static as asked; nil where one is a protocol extension's default or has no declaration.
    private func methodOverloads(_ t: UserType, _ name: String, isStatic: Bool) -> [FunctionDecl]? {
        var out: [FunctionDecl] = []
        var owner: UserType? = t
        while let o = owner {
            for full in o.methodsByBase[name] ?? [] {
                guard let slot = o.methods[full], !slot.isDefault, slot.isStatic == isStatic, let d = slot.decl else { return nil }
                if !out.contains(where: { $0.fullName == d.fullName }) { out.append(d) }
            }
            owner = o.classInfo?.superclass
        }
        return out.isEmpty ? nil : out
    }

    /// A call on a script type's name: `T(...)` an initializer's, `T.m(...)` a static
    /// method's, `T.c(...)` an enum's case with a payload.
    func certainTypeCallResult(_ typeName: String, _ member: String?, _ args: [Argument], _ argument: (Expr) -> Typed?,
                               context: UserType?) -> Typed? {
        guard let member else { return certainConstructedType(typeName, args, argument, context: context) }
        guard let t = certainStaticReceiver(typeName), !protocolsMayDeclare(member), !hostMayDeclare(t, member),
              !isOverloaded(member) else { return nil }
        if let i = t.caseIndex[member] {
            let payload = Int(i) < t.casePayloads.count && t.casePayloads[Int(i)] != nil
            return payload && t.methodsByBase[member] == nil ? Typed(type: .named(typeName), literal: false) : nil
        }
        guard t.fieldIndex[member] == nil, t.computed[member] == nil, t.staticStored[member] == nil,
              let methods = methodOverloads(t, member, isStatic: true), let f = chosen(methods, args),
              let receiver = TypeRules.Receiver(spelling: typeName, parameters: []) else { return nil }
        return certainResult(f, args, receiver: receiver, argument)
    }

    /// The one declaration the call's labels choose; none where a trailing closure's may be
    /// given to a labelled parameter of another (swiftc's forward scan).
    private func chosen(_ decls: [FunctionDecl], _ args: [Argument]) -> FunctionDecl? {
        if decls.count > 1, args.contains(where: \.isTrailingClosure) { return nil }
        return TypeRules.chosen(decls, args.map(\.label))
    }

    /// `T(...)`: a `T`, or a `T?` where the initializer the labels choose is failable (an
    /// enum's `init(rawValue:)` too); a generic type's arguments bound by the initializer's
    /// (`Box(value: 3)` is a `Box<Int>`) or written (`Box<Double>(value: 3)`). Not typed where an extension of a protocol declares
    /// an initializer, or a host superclass may have one the labels choose.
    func certainInitializerResult(_ spelling: String, _ args: [Argument], _ argument: (Expr) -> Typed?) -> Typed? {
        let written = WrittenType(spelling), typeName = written.name
        let generics = userType(typeName).flatMap { protocols.genericParameters[$0.id] }
        guard written.arguments.isEmpty || generics?.count == written.arguments.count,
              let t = generics == nil ? certainStaticReceiver(typeName) : userType(typeName),
              generics == nil || certainTypeName(typeName, t) && !typeSlots.values.contains(where: { $0.current?.hasMember(named: typeName) == true }),
              !protocolExtensionsDeclareInitializers else { return nil }
        let labels = args.map(\.label)
        let inits = t.classInfo?.inits.map(\.decl) ?? t.initializers
        let picked = chosen(inits, args)
        if hostClassName(t) != nil, !args.isEmpty, picked == nil { return nil }
        let failable: Bool
        if t.kind == .enum, labels == ["rawValue"], t.rawType != nil, !inits.contains(where: { $0.parameters.map(\.label) == labels }) {
            failable = true
        } else if inits.contains(where: { $0.failability != nil }) {
            guard let picked else { return nil }
            failable = picked.failability != nil
        } else {
            failable = false
        }
        var made = Typed(type: .named(spelling), literal: false)
        if let generics, written.arguments.isEmpty {
            guard let members = (t.decl as? StructDecl)?.members ?? (t.decl as? ClassDecl)?.members,
                  let m = TypeRules.constructed(typeName, parameters: generics.map(\.name),
                                                declared: TypeRules.initializerParameters(members, isStruct: t.kind == .struct, labels: labels),
                                                args: args, strict: true, argument: argument),
                  !m.literal || generics.allSatisfy({ $0.constraint == nil }) && members.whereClause.isEmpty,
                  certainSpelling(m.type) else { return nil }
            made = m
        }
        guard certainSpelling(made.type) else { return nil }
        return failable ? Typed(type: .optional(made.type), literal: made.literal) : made
    }

    /// Whether an extension of a protocol (the script's or a standard one) declares an
    /// initializer: a type conforming may be given it.
    private var protocolExtensionsDeclareInitializers: Bool {
        protocols.standardExtensions.values.contains { $0.contains { !$0.initializers.isEmpty } }
            || protocols.protocols.values.contains { $0.extensions.contains { !$0.initializers.isEmpty } }
    }

    /// A declared function's result for this call: generic parameters the arguments bind
    /// (one a literal binds only where no constraint may make it another type than the
    /// literal's default: `<T: FloatingPoint>` makes `3` a Double).
    private func certainResult(_ f: FunctionDecl, _ args: [Argument], receiver: TypeRules.Receiver?, _ argument: (Expr) -> Typed?) -> Typed? {
        guard let r = f.returnType,
              let typed = TypeRules.declaredResult(r, generics: f.genericParameters, parameters: f.parameters, args: args,
                                                   receiver: receiver, strict: true, argument: argument),
              !typed.literal || f.genericParameters.allSatisfy({ $0.constraint == nil }) && f.whereClause.isEmpty,
              certainSpelling(typed.type) else { return nil }
        return typed
    }

    /// The standard library's global functions a script's function of the name may overload.
    private static let standardFunctionNames: Set<String> = [
        "abs", "max", "min", "print", "debugPrint", "dump", "zip", "stride", "sequence", "repeatElement", "swap",
        "type", "precondition", "preconditionFailure", "assert", "assertionFailure", "fatalError", "readLine",
        "numericCast", "withExtendedLifetime", "withUnsafePointer", "withUnsafeMutablePointer", "isKnownUniquelyReferenced",
        "unsafeBitCast", "withoutActuallyEscaping", "round", "sqrt", "floor", "ceil", "pow", "exp", "log", "sin", "cos", "tan",
    ]
}
