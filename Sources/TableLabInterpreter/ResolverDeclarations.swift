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
    /// type a receiver's spelling names, where it is certain at any use: a generic type's
    /// parameters are the spelling's arguments (`value` of a `Box<Int>`), a stored property
    /// written without a type has its default's (`var count = 0`), or else the type the
    /// session keeps for it (ResolutionTypes.swift); nil for a member a
    /// protocol or an extension of one may also declare, a method of the same name, or a
    /// type spelt with a name a use elsewhere could read differently (`certainSpelling`).
    var memberType: (_ type: String, _ member: String) -> TypeSyntax? = { _, _ in nil }
    /// The result of a call of a bare name with these arguments: the one global function its
    /// labels choose, where nothing else of the name may be called, with its generic
    /// parameters bound by the arguments (`argument`: an argument's type, nil where unknown).
    var functionResult: (_ name: String, _ args: [Argument], _ argument: (Expr) -> Typed?) -> Typed? = { _, _, _ in nil }
    /// The result of a method called on a value of the script type a spelling names: the one
    /// instance method of that base name its labels choose.
    var methodResult: (_ type: String, _ name: String, _ args: [Argument], _ argument: (Expr) -> Typed?) -> Typed? = { _, _, _, _ in nil }
    /// `T.name` with `T` a script type's name as written: a static property's type, an
    /// enum's case without a payload (`Kind.a` is a `Kind`).
    var staticMemberType: (_ type: String, _ member: String) -> TypeSyntax? = { _, _ in nil }
    /// A call on a type's name as written: `T(...)` (no member: a script type's or a host
    /// class's initializer, where no member of the code's type may be what the name means),
    /// `T.m(...)` (a static method), `T.c(...)` (an enum's case with a payload).
    var typeCallResult: (_ type: String, _ member: String?, _ args: [Argument], _ argument: (Expr) -> Typed?) -> Typed? = { _, _, _, _ in nil }
    /// The script type whose instance `self` is in the function resolved (a method of the
    /// type's own, not a protocol extension's default): `self`'s members' declared types are
    /// certain through it. Nil elsewhere.
    var selfType: String? = nil
    /// Whether the script may declare a method of this name that a standard type's value
    /// (an Array, a Dictionary, an Optional) finds: its closures' parameters are then not
    /// typed from the standard method's (ResolverPatterns.swift).
    var mayDeclareStandardMethod: (String) -> Bool = { _ in true }
    /// The parameters of the only global function of this base name, not generic, where
    /// nothing else of the name may be called: a closure argument's parameters are its
    /// declared function type's.
    var soleFunctionParameters: (String) -> [Parameter]? = { _ in nil }
    /// Whether a type written in a declaration means the same at any use (`certainSpelling`).
    var certainType: (TypeSyntax) -> Bool = { _ in false }
    /// The associated values' types of a case of the script enum of this name (labelled as
    /// declared), where each is certain; nil for a plain case, a generic enum, another type.
    var casePayload: (_ type: String, _ caseName: String) -> [TypeSyntax]? = { _, _ in nil }
    /// In a protocol extension's method, the declared type of a member of `self` (a
    /// requirement of the protocol's), where it is certain; `self` itself (`Self`) is not known.
    var selfRequirementType: ((_ member: String) -> TypeSyntax?)? = nil
    /// The declared type of the session's global of this name, where no member of the type
    /// whose code this is may be what the name means (ResolutionTypes.swift).
    var globalType: (String) -> TypeSyntax? = { _ in nil }
    /// A host class's property on a value of the class or a script subclass of it.
    var hostMemberType: (_ type: String, _ member: String) -> TypeSyntax? = { _, _ in nil }
    /// A host class's method's result by the call's full name, on a value of the class or a
    /// script subclass of it.
    var hostMethodResult: (_ type: String, _ name: String, _ fullName: String) -> TypeSyntax? = { _, _, _ in nil }
    /// Whether a property of a value of this type (a script type's, a host class's) is
    /// declared implicitly unwrapped (`var tableView: UITableView!`): a member read after it
    /// reads the wrapped value.
    var implicitlyUnwrapped: (_ type: String, _ member: String) -> Bool = { _, _ in false }
    /// The same, of a property the host declares so (not one of the script's).
    var hostImplicitlyUnwrapped: (_ type: String, _ member: String) -> Bool = { _, _ in false }
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
                             functionResult: { [unowned self] in self.certainFunctionResult($0, $1, $2) },
                             methodResult: { [unowned self] in self.certainMethodResult($0, $1, $2, $3) },
                             staticMemberType: { [unowned self] in self.certainStaticMemberType($0, $1) },
                             typeCallResult: { [unowned self] in self.certainTypeCallResult($0, $1, $2, $3, context: self.topLevelSelfType) },
                             mayDeclareStandardMethod: { [unowned self] in self.mayDeclareStandardMethod($0) },
                             soleFunctionParameters: { [unowned self] in self.soleFunctionParameters($0) },
                             certainType: { [unowned self] in self.certainSpelling($0) },
                             casePayload: { [unowned self] in self.certainCasePayload($0, $1) },
                             globalType: { [unowned self] in self.resolverGlobalType($0, context: self.topLevelSelfType) },
                             hostMemberType: { [unowned self] in self.resolverHostMemberType($0, $1) },
                             hostMethodResult: { [unowned self] in self.resolverHostMethodResult($0, $1, $2) },
                             implicitlyUnwrapped: { [unowned self] in self.resolverImplicitlyUnwrapped($0, $1) },
                             hostImplicitlyUnwrapped: { [unowned self] in self.resolverHostImplicitlyUnwrapped($0, $1) })
    }

    /// The declarations of a method of `t`'s own, for the resolver: `self` is typed.
    func resolverDeclarations(selfType t: UserType?) -> ResolverDeclarations {
        var d = resolverDeclarations
        if let t, certainScriptType(t.name) != nil { d.selfType = t.name }
        return d
    }

    /// Resolves a function as it is compiled: `self` typed as `selfType` where the function
    /// is the type's own (`typedSelf`), by the protocol's requirements where a protocol's
    /// extension gives it.
    func resolve(_ f: FunctionDecl, in scope: FnScope, selfType: UserType?, typedSelf: Bool, displayName: String, context: UserType?) {
        let declarations = withContext(typedSelf || selfType == nil ? resolverDeclarations(selfType: selfType) : resolverDeclarations(protocolExtensionMethod: f),
                                       context)
        scope.resolve(parameters: f.parameters, body: f.body, declarations: declarations)
        if let observer = resolutionObserver, let r = scope.resolution { observer(displayName, r) }
    }

    /// The declarations of a method compiled for a type that a protocol's extension gives
    /// it (a default): `self`'s members are the protocol's requirements. `f` not found in an
    /// extension of a protocol: nothing of `self` is typed.
    func resolverDeclarations(protocolExtensionMethod f: FunctionDecl) -> ResolverDeclarations {
        var d = resolverDeclarations
        let owner = protocols.protocols.values.first { p in
            p.extensions.contains { e in e.whereClause.isEmpty && e.methods.contains { $0.location == f.location && $0.fullName == f.fullName } }
        }
        if let owner, !f.isStatic { d.selfRequirementType = { [unowned self] in self.certainRequirementType(owner, $0) } }
        return d
    }

    /// Whether an initializer a struct or an enum was given is a protocol extension's
    /// (Protocols.swift): its `self` is the protocol's `Self`, not the type.
    func declaredByProtocolExtension(_ d: FunctionDecl) -> Bool {
        protocols.protocols.values.contains { $0.extensions.contains { $0.initializers.contains { $0.location == d.location && $0.fullName == d.fullName } } }
            || protocols.standardExtensions.values.contains { $0.contains { $0.initializers.contains { $0.location == d.location && $0.fullName == d.fullName } } }
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
