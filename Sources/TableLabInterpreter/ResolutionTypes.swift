// The static type of an expression of a resolved function, as emission asks for it
// (issue 8: emission is mechanical over the resolved tree). The walk records what every
// name written means where it is written (`NameUse`); after it, an expression is typed by
// ExpressionTyper's rules over those meanings, the bindings' types and the declarations the
// walk saw: a local's type, `self`'s member, a global's declared type, a typed base's member,
// an Array's element, a Dictionary's value, `x!`, `[T]()`. Where swiftc's type is not
// certain from these, the answer is nil: emission then knows no type, never a guessed one.

import TableLabSyntax

/// What a name written at one place means (Resolver.swift records it during the walk).
enum NameUse {
    /// The one local binding of the innermost block that declares the name.
    case binding(BindingKey)
    /// A local of the name, but two patterns of one `case` bind it: not one binding.
    case ambiguousLocal
    /// No local: a member of `self`, a global, a type, a function.
    case free
    /// A name a closure's capture list declares (`[weak self]`, `[x = y]`): not typed.
    case renamed
}

extension Resolution {
    /// The static type swiftc gives `e`, an expression of the function resolved, where it is
    /// certain from the resolution; nil where it is not (or `e` was not part of the walk).
    func type(of e: Expr) -> TypeSyntax? {
        var env = UseTypes(resolution: self)
        return ExpressionTyper.typed(e, &env)?.type
    }

    /// How many name uses the walk recorded (for measurement).
    var useCount: Int { uses.count }
}

extension ExpressionEnvironment {
    mutating func typed(name: String, at location: SourceLocation) -> Typed? { typed(name: name) }
}

/// The resolution's name uses as ExpressionTyper's environment. It answers only what swiftc
/// infers for certain, as the walk's own typer (Resolver's `BindingTypes`) does, but by what
/// each use means where it is written rather than by the bindings in view.
private struct UseTypes: ExpressionEnvironment {
    let resolution: Resolution
    /// How many variables' values are being typed for a name's type (`let b = a; let c = b`).
    var depth = 0
    var declarations: ResolverDeclarations { resolution.declarations }

    func declaresOperator(_ name: String) -> Bool { declarations.mayDeclareOperator(name) }
    func notKnown(_ why: String) -> Typed? { nil }
    /// A name ExpressionTyper reaches without where it is written is not known.
    func typed(name: String) -> Typed? { nil }
    mutating func typed(name: String, at location: SourceLocation) -> Typed? {
        switch resolution.uses[BindingKey(name: name, location: location)] {
        case .binding(let key)?:
            if let t = resolution.types[key] ?? resolution.declaredTypes[key] { return Typed(type: t, literal: false) }
            // An unannotated variable is of its value's type (a literal's default one).
            guard depth < 8, let value = resolution.initializers[key] else { return nil }
            var inner = self
            inner.depth += 1
            return ExpressionTyper.typed(value, &inner).map { Typed(type: $0.type, literal: false) }
        case .free?:
            // In a method, a name no local binds is `self`'s member before any global.
            if let s = declarations.selfType, let t = declarations.memberType(s, name) { return Typed(type: t, literal: false) }
            if let c = declarations.contextType, let t = declarations.storedPropertyType(c, name) { return Typed(type: t, literal: false) }
            return declarations.globalType(name).map { Typed(type: $0, literal: false) }
        case .ambiguousLocal?, .renamed?, nil: return nil
        }
    }
    func typed(shorthandParameter index: Int) -> Typed? { nil }
    /// For a class, `self` may be a subclass's instance, but its static type is the class's.
    func typedSelf() -> Typed? { nil }
    /// `super.x`: the superclass's member (its declared type is the same whatever overrides it).
    func typed(member name: String, ofWritten base: Expr) -> Typed?? {
        guard case .identifier("super") = base.kind else {
            if case .self = base.kind, !resolution.renamedSelfUses.contains(base.location), let c = declarations.contextType {
                return .some(member(name, of: declarations.selfType ?? c))
            }
            return nil
        }
        guard case .free? = resolution.uses[BindingKey(name: "super", location: base.location)],
              let sup = declarations.superclassType else { return .some(nil) }
        return .some(member(name, of: sup))
    }
    func typed(member name: String, ofValue base: Typed) -> Typed? {
        guard case .named(let n) = base.type else { return nil }
        return member(name, of: n)
    }
    /// A script type's member: its declared type where the declarations make it certain
    /// for any use, else a stored property's type as the session keeps it.
    private func member(_ name: String, of typeName: String) -> Typed? {
        guard let t = declarations.memberType(typeName, name) ?? declarations.storedPropertyType(typeName, name)
                ?? declarations.hostMemberType(typeName, name) else { return nil }
        return Typed(type: t, literal: false)
    }
    mutating func typed(call callee: Expr, _ args: [Argument]) -> Typed? {
        switch callee.kind {
        case .identifier(let n) where callee.writtenGenericType == nil:
            guard case .free? = resolution.uses[BindingKey(name: n, location: callee.location)] else { return nil }
            if let r = declarations.functionResult(n, args, { ExpressionTyper.typed($0, &self) }) { return r }
            if let t = declarations.constructedType(n, args.map(\.label)) { return Typed(type: t, literal: false) }
            guard args.count == 1, args[0].label == nil, TypeRules.numberNames.contains(n) || n == "String",
                  !declarations.mayDeclareCallee(n), let a = ExpressionTyper.typed(args[0].value, &self) else { return nil }
            return Self.conversion(n, from: a.type).map { Typed(type: $0, literal: false) }
        case .member(let base, let name):
            guard let b = ExpressionTyper.typedAsMemberBase(base, &self) else { return nil }
            return typed(method: name, args, on: b)
        default:
            return nil
        }
    }

    /// `String(x)`, `Int(x)`, `Double(text)` of the standard library, as the walk types them.
    static func conversion(_ name: String, from a: TypeSyntax) -> TypeSyntax? {
        let fromText = a == TypeRules.string || TypeRules.isSubstring(a)
        if name == "String" {
            return fromText || a == TypeRules.character || a == TypeRules.bool || TypeRules.isNumber(a) ? TypeRules.string : nil
        }
        if fromText { return name == "Int" || name == "Double" ? .optional(.named(name)) : nil }
        return TypeRules.numberConversion(name, label: nil, from: a)
    }
    mutating func typed(method name: String, _ args: [Argument], on base: Typed) -> Typed? {
        guard case .named(let n) = base.type else { return nil }
        return declarations.methodResult(n, name, args) { ExpressionTyper.typed($0, &self) }
    }
    /// None of a script type's is known; a standard type's the script may extend with
    /// subscripts of its own are none that fits.
    func scriptSubscripts(of base: Typed) -> ScriptSubscripts? {
        let name: String
        switch base.type {
        case .array: name = "Array"
        case .dictionary: name = "Dictionary"
        case .named(let n): name = WrittenType(n).name
        default: return nil
        }
        return declarations.mayDeclareSubscript(name) ? ScriptSubscripts(declarations: [], receiver: nil) : nil
    }
    var intFromOneKnownOperand: Bool { false }
    /// `sections[indexPath.section]`: an Array's subscript by a value of a type not known is
    /// its Int subscript's unless the index is a range, which the rules see where it is written
    /// or typed; a range kept in a binding the walk did not type is rare, and an Int
    /// subscript of an Array is what the emission of the access itself assumes.
    var unknownIndexIsInt: Bool { true }
}

extension InterpreterCore {
    /// The declarations for a function whose code is `context`'s (a method, an initializer,
    /// a property's default): a bare name may be the type's member there, never then a global.
    func resolverDeclarations(selfType t: UserType?, context: UserType?) -> ResolverDeclarations {
        withContext(resolverDeclarations(selfType: t), context)
    }

    /// The declarations as the code of `context` sees them: a bare name may be its member.
    func withContext(_ declarations: ResolverDeclarations, _ context: UserType?) -> ResolverDeclarations {
        var d = declarations
        d.globalType = { [unowned self] in self.resolverGlobalType($0, context: context) }
        d.constructedType = { [unowned self] in self.resolverConstructedType($0, $1, context: context) }
        d.contextType = context?.name
        d.superclassType = context?.classInfo?.superclass?.name
        return d
    }

    /// `T(...)` of a script struct or class no initializer of which may fail, not generic,
    /// where no member of the code's type may be what the name means: a `T`.
    /// A host class made in code (`UILabel()`, `UIImage(named:)`): as its catalogue lists
    /// the initializer, an Optional where it may fail.
    func resolverConstructedType(_ name: String, _ labels: [String?], context: UserType?) -> TypeSyntax? {
        var owner = context
        while let o = owner {
            if contextMayDeclare(o, name) { return nil }
            owner = o.enclosingName.flatMap(userType)
        }
        guard globalIndex[name] == nil, functionsByBase[name] == nil, protocols.typeAliases[name] == nil else { return nil }
        guard let t = typeSlots[name]?.current, !t.isBuiltin, !hosting.typeNames.contains(name) else {
            guard let catalogue = hosting.memberCatalogue?(name), protocols.builtinExtensions[name] == nil else { return nil }
            let full = "init(" + labels.map { ($0 ?? "_") + ":" }.joined() + ")"
            return catalogue.failableInitializers.contains(full) ? .optional(.named(name)) : .named(name)
        }
        let inits = t.classInfo?.inits.map(\.decl) ?? t.initializers
        guard t.kind == .struct || t.kind == .class, protocols.genericParameters[t.id] == nil,
              !inits.contains(where: { $0.failability != nil }), spellsAlike(.named(name)) else { return nil }
        return .named(name)
    }

    /// A host class's property, as its catalogue types it, on a value of the host's class
    /// or a script subclass of it, where no extension of the script's declares the name.
    func resolverHostMemberType(_ typeName: String, _ name: String) -> TypeSyntax? {
        var host = typeName
        if let t = userType(typeName) {
            var c: UserType? = t
            while let o = c {
                if o.hasMember(named: name) { return nil }
                c = o.classInfo?.superclass
            }
            guard let h = hostAncestorName(t) else { return nil }
            host = h
        }
        // A property UIKit declares `T!` reads as a `T` where one is wanted: not a `T?`'s use.
        guard protocols.builtinExtensions[host]?.hasMember(named: name) != true, let catalogue = hosting.memberCatalogue?(host),
              !catalogue.implicitlyUnwrapped.contains(name), let t = catalogue.types[name], spellsAlike(t) else { return nil }
        return t
    }

    /// A stored or lazy property's type as the session keeps it, where its spelling reads
    /// alike wherever the resolution's answer is resolved.
    func resolverStoredPropertyType(_ typeName: String, _ name: String) -> TypeSyntax? {
        // A generic type's property of a parameter's type is kept as `Any`: not its type.
        guard case .user(let slot) = resolveType(.named(typeName)), let t = slot.current,
              protocols.genericParameters[t.id] == nil else { return nil }
        let type: RType?
        if let i = t.fieldIndex[name] { type = t.fieldTypes[i] } else { type = t.lazyProperties[name]?.type }
        guard let type else { return nil }
        // A function type is kept without its parts: its annotation spells them.
        if Self.hasFunction(type) { return propertyAnnotation(t, name).flatMap { spellsAlike($0) ? $0 : nil } }
        return unambiguousSyntax(type)
    }

    private static func hasFunction(_ t: RType) -> Bool {
        switch t {
        case .function: return true
        case .array(let e), .set(let e), .optional(let e): return hasFunction(e)
        case .dictionary(let k, let v): return hasFunction(k) || hasFunction(v)
        case .tuple(let es), .labelledTuple(_, let es): return es.contains(where: hasFunction)
        default: return false
        }
    }

    /// The annotation of an instance property of `t`'s declaration or a superclass's.
    private func propertyAnnotation(_ t: UserType, _ name: String) -> TypeSyntax? {
        var owner: UserType? = t
        while let o = owner {
            let members = (o.decl as? StructDecl)?.members ?? (o.decl as? ClassDecl)?.members
            let p = members?.properties.first { p in
                if case .binding(name, _) = p.pattern.kind { return !p.isStatic }
                return false
            }
            if let p { return p.type }
            owner = o.classInfo?.superclass
        }
        return nil
    }

    /// A type a copy keeps: where a part of it is `Any`, that part was not known, not `Any`.
    private static func withoutAny(_ t: RType) -> RType? {
        switch t {
        case .any: return nil
        case .array(let e), .set(let e), .optional(let e): return withoutAny(e) == nil ? nil : t
        case .dictionary(let k, let v): return withoutAny(k) == nil || withoutAny(v) == nil ? nil : t
        case .tuple(let es), .labelledTuple(_, let es): return es.allSatisfy { withoutAny($0) != nil } ? t : nil
        default: return t
        }
    }

    /// A type as the resolution spells it: nil where a name in it could read as another
    /// type where the answer is resolved (a top-level type a nested or local one shares its
    /// name with); a nested type's spelling is qualified.
    func unambiguousSyntax(_ t: RType) -> TypeSyntax? {
        guard let ts = StaticTyper.syntax(t), spellsAlike(ts) else { return nil }
        return ts
    }

    private func spellsAlike(_ ts: TypeSyntax) -> Bool {
        switch ts {
        case .named(let n):
            if n.contains(".") { return true }
            return !typeSlots.keys.contains { k in k != n && (k.hasSuffix("." + n) || LocalTypeNames.display(k) == n) }
        case .array(let e), .optional(let e), .set(let e), .labelled(_, let e): return spellsAlike(e)
        case .dictionary(let k, let v): return spellsAlike(k) && spellsAlike(v)
        case .tuple(let es): return es.allSatisfy(spellsAlike)
        case .function(let ps, let r): return ps.allSatisfy(spellsAlike) && spellsAlike(r)
        }
    }

    /// A global's declared type, for the resolution: its annotation's, or the type of what its
    /// value copies, as the session keeps it; nil where a member of the type whose code
    /// this is (its own, a superclass's, an enclosing type's, the host's, an extension's)
    /// may be what the name means.
    func resolverGlobalType(_ name: String, context: UserType?) -> TypeSyntax? {
        guard let g = globalIndex[name], let t = globalTypes[g] ?? globalCopiedTypes[g].flatMap(Self.withoutAny) else { return nil }
        var owner = context
        while let o = owner {
            if contextMayDeclare(o, name) { return nil }
            owner = o.enclosingName.flatMap(userType)
        }
        if Self.hasFunction(t) { return globalDeclarations[g]?.type.flatMap { spellsAlike($0) ? $0 : nil } }
        return unambiguousSyntax(t)
    }

    private func contextMayDeclare(_ t: UserType, _ name: String) -> Bool {
        var c: UserType? = t
        while let o = c {
            if o.hasMember(named: name) { return true }
            c = o.classInfo?.superclass
        }
        if let catalogue = hosting.memberCatalogue {
            if let host = hostClassName(t) {
                if catalogue(host)?.names.contains(name) ?? true { return true }
            } else if hosting.typeNames.contains(t.name) || catalogue(t.name) != nil {
                return true
            }
        }
        func declares(_ m: TypeMembers) -> Bool {
            m.methods.contains { $0.name == name } || m.properties.contains { p in
                if case .binding(name, _) = p.pattern.kind { return true }
                return false
            }
        }
        if protocols.builtinExtensions.values.contains(where: { $0.hasMember(named: name) }) { return true }
        return protocols.standardExtensions.values.contains { $0.contains(where: declares) }
            || protocols.protocols.values.contains { $0.extensions.contains(where: declares) }
    }

    /// `a?.b`, `a?[i].c`: as a value an Optional, as an assignment's target the member's
    /// own type.
    private static func chainsOptionally(_ e: Expr) -> Bool {
        var x = e
        while true {
            switch x.kind {
            case .optionalChain, .optionalSubscript: return true
            case .member(let b, _), .subscriptAccess(let b, _), .forceUnwrap(let b), .optionalBind(let b): x = b
            default: return false
            }
        }
    }

    /// The static type the resolution gives `e` in emission's terms (`resolveType`); where it
    /// gives none, emission's own typer's answer (LValues.swift), until the resolution covers
    /// what that one still answers.
    func resolvedType(of e: Expr, _ scope: FnScope) -> RType? {
        // An optional chain as an assignment's target is the member's own type, as a value an
        // Optional: emission asks of both, so it knows none.
        if Self.chainsOptionally(e) { return nil }
        if let t = scope.resolution?.type(of: e) { return resolveType(t) }
        return legacyStaticType(of: e, scope)
    }
}
