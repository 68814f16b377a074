// What the resolver's static types ask of the script's declarations (Resolver.swift). The
// resolver reads no declaration; where one of the script's could change what swiftc infers
// for an operation or a call (`func + (a: [Int], b: [Int]) -> String` wins over the standard
// library's `+`; `func Double(_ i: Int) -> String` over the conversion; an extension's
// `init(_ s: String)` makes `Int("3")` an Int), the resolver leaves it untyped.

import TableLabSyntax

/// The declarations' answers the resolver's types need.
struct ResolverDeclarations {
    /// Whether an operation with this operator may call an operator function of the script's.
    var mayDeclareOperator: (String) -> Bool
    /// Whether a call of this bare name may mean a declaration of the script's rather than
    /// the standard library's initializer.
    var mayDeclareCallee: (String) -> Bool
    /// Whether a subscript of the standard type of this name (`Array`, `String`) may be one
    /// an extension of the script's declares.
    var mayDeclareSubscript: (String) -> Bool
    /// The declared type of an instance member (a stored or computed property) of the script
    /// type of this name, where it is certain at any use: nil for a generic type, a member a
    /// protocol or an extension of one may also declare, a method of the same name, or a
    /// type spelt with a name a use elsewhere could read differently (`certainSpelling`).
    var memberType: (_ type: String, _ member: String) -> TypeSyntax? = { _, _ in nil }
    /// The declared result of a call of a bare name with these labels: the only global
    /// function of that base name, not generic, where nothing else of the name may be called.
    var functionResult: (_ name: String, _ labels: [String?]) -> TypeSyntax? = { _, _ in nil }
    /// The declared result of a method called on a value of the script type of this name:
    /// its only method of that base name, not generic, not static.
    var methodResult: (_ type: String, _ name: String, _ labels: [String?]) -> TypeSyntax? = { _, _, _ in nil }
    /// The script type whose instance `self` is in the function resolved (a method of the
    /// type's own, not a protocol extension's default): `self`'s members' declared types are
    /// certain through it. Nil elsewhere.
    var selfType: String? = nil
    /// The declared type of the session's global of this name, where no member of the type
    /// whose code this is may be what the name means (ResolutionTypes.swift).
    var globalType: (String) -> TypeSyntax? = { _ in nil }
    /// A stored or lazy property's type as the session keeps it (its annotation's, or its
    /// default's), spelt so that it reads alike anywhere (ResolutionTypes.swift).
    var storedPropertyType: (_ type: String, _ member: String) -> TypeSyntax? = { _, _ in nil }
    /// The type a bare call of this name constructs, where that is certain (`Section(...)`).
    var constructedType: (_ name: String, _ labels: [String?]) -> TypeSyntax? = { _, _ in nil }
    /// A host class's property on a value of the class or a script subclass of it.
    var hostMemberType: (_ type: String, _ member: String) -> TypeSyntax? = { _, _ in nil }
    /// The type whose code the function is (a method's, a default's, even a generic
    /// type's): a bare name no local binds may be its stored property.
    var contextType: String? = nil
    /// The superclass of `contextType`, whose members `super.x` reads.
    var superclassType: String? = nil

    /// Nothing known: every operator, callee and subscript may be the script's.
    static var unknown: ResolverDeclarations {
        ResolverDeclarations(mayDeclareOperator: { _ in true }, mayDeclareCallee: { _ in true }, mayDeclareSubscript: { _ in true })
    }
}

extension InterpreterCore {
    /// The session's declarations as the resolver asks of them, when a function is compiled.
    var resolverDeclarations: ResolverDeclarations {
        ResolverDeclarations(mayDeclareOperator: { [unowned self] in self.mayBeScriptOperator($0) },
                             mayDeclareCallee: { [unowned self] in self.mayDeclareCallee($0) },
                             mayDeclareSubscript: { [unowned self] in self.mayDeclareSubscript(ofStandardType: $0) },
                             memberType: { [unowned self] in self.certainMemberType($0, $1) },
                             functionResult: { [unowned self] in self.certainFunctionResult($0, $1) },
                             methodResult: { [unowned self] in self.certainMethodResult($0, $1, $2) },
                             globalType: { [unowned self] in self.resolverGlobalType($0, context: self.topLevelSelfType) },
                             storedPropertyType: { [unowned self] in self.resolverStoredPropertyType($0, $1) },
                             constructedType: { [unowned self] in self.resolverConstructedType($0, $1, context: self.topLevelSelfType) },
                             hostMemberType: { [unowned self] in self.resolverHostMemberType($0, $1) })
    }

    /// The declarations of a method of `t`'s own, for the resolver: `self` is typed.
    func resolverDeclarations(selfType t: UserType?) -> ResolverDeclarations {
        var d = resolverDeclarations
        if let t, certainScriptType(t.name) != nil { d.selfType = t.name }
        return d
    }

    /// Whether an operation with `name` may call an operator function of the script's:
    /// `declaresScriptOperator`'s (a global one, a script type's static one), an
    /// extension's of a standard type or protocol, a protocol's requirement or extension.
    func mayBeScriptOperator(_ name: String) -> Bool {
        if declaresScriptOperator(name) || protocols.builtinExtensions.values.contains(where: { $0.hasMember(named: name) }) {
            return true
        }
        func declares(_ members: TypeMembers) -> Bool { members.methods.contains { $0.name == name } }
        return protocols.standardExtensions.values.contains { $0.contains(where: declares) }
            || protocols.protocols.values.contains { p in p.decl.methods.contains { $0.name == name } || p.extensions.contains(where: declares) }
    }

    /// Whether a bare call of `name` may mean one of the script's declarations: a global
    /// function or variable, a type, type alias or protocol of that name, any type's member of that name
    /// (a method of the type whose code calls it), any extension of the standard type of
    /// that name, or an initializer an extension of a protocol adds.
    func mayDeclareCallee(_ name: String) -> Bool {
        if functionsByBase[name] != nil || globalIndex[name] != nil || typeSlots[name] != nil || protocols.typeAliases[name] != nil
            || protocols.protocols[name] != nil || protocols.builtinExtensions[name] != nil {
            return true
        }
        if typeSlots.values.contains(where: { $0.current?.hasMember(named: name) == true }) { return true }
        func declares(_ members: TypeMembers) -> Bool { !members.initializers.isEmpty || members.methods.contains { $0.name == name } }
        return protocols.standardExtensions.values.contains { $0.contains(where: declares) }
            || protocols.protocols.values.contains { $0.extensions.contains(where: declares) }
    }

    /// Whether an extension of the script's may declare a subscript of the standard type of
    /// this name: the type's own extension, or any extension of a protocol.
    func mayDeclareSubscript(ofStandardType name: String) -> Bool {
        if protocols.builtinExtensions[name]?.subscripts.isEmpty == false { return true }
        return protocols.standardExtensions.values.contains { $0.contains { !$0.subscripts.isEmpty } }
            || protocols.protocols.values.contains { $0.extensions.contains { !$0.subscripts.isEmpty } }
    }
}
