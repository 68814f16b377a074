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

/// What `self` written in a closure whose capture list names it is there (swiftc's type).
enum CapturedSelf: Equatable {
    /// `[weak self]`: an Optional of the type.
    case weak
    /// `[unowned self]`, `[self]`: the type.
    case strong
    /// `[self = x]`, or two bindings of `self` in view: not typed.
    case other
    /// `guard let self`, `if let self = self` in the closure: that binding.
    case rebound(BindingKey)

    init(_ item: CaptureItem) {
        if item.value != nil { self = .other } else { self = item.specifier == "weak" ? .weak : .strong }
    }
}

extension Resolution {
    /// The static type swiftc gives `e`, an expression of the function resolved, where it is
    /// certain from the resolution; nil where it is not (or `e` was not part of the walk).
    func type(of e: Expr) -> TypeSyntax? {
        var env = ResolutionEnvironment(names: RecordedUses(resolution: self), declarations: declarations)
        return ExpressionTyper.typed(e, &env)?.type
    }

    /// Whether `e` reads a property UIKit declares `T!` (`tableView` of a
    /// UITableViewController, `label.font`): swiftc's `T?`, yet a value assigned there is
    /// the host's to unwrap, so emission is given no type for it.
    func readsHostImplicitlyUnwrapped(_ e: Expr) -> Bool {
        var env = ResolutionEnvironment(names: RecordedUses(resolution: self), declarations: declarations)
        return env.unwrapsImplicitly(e, hostOnly: true)
    }

    /// How many name uses the walk recorded (for measurement).
    var useCount: Int { uses.count }
}

extension ExpressionEnvironment {
    mutating func typed(name: String, at location: SourceLocation) -> Typed? { typed(name: name) }
    mutating func typed(shorthandParameter index: Int, at location: SourceLocation) -> Typed? { typed(shorthandParameter: index) }
    mutating func typedSelf(at location: SourceLocation) -> Typed? { typedSelf() }
}

/// How the resolution's environment finds what a name written somewhere means: by the
/// bindings in view during the walk (Resolver.swift), by each use's recorded meaning after it.
protocol ResolutionNames {
    /// What `name` written at `location` means.
    func meaning(of name: String, at location: SourceLocation) -> NameUse?
    /// A binding's type, where known.
    func type(of binding: BindingKey) -> TypeSyntax?
    /// The value of an unannotated variable whose type `type(of:)` does not give.
    func initializer(of binding: BindingKey) -> Expr?
    /// What `self` written at `location` is where a closure's capture list names it; nil
    /// where none does (the method's `self`).
    func capturedSelf(at location: SourceLocation) -> CapturedSelf?
    /// The type of `$index` written at `location`: what its closure's callee gives it.
    func shorthandParameterType(_ index: Int, at location: SourceLocation) -> TypeSyntax?
    /// ExpressionEnvironment's `unknownIndexIsInt`.
    var unknownIndexIsInt: Bool { get }
    /// Whether a closure's body may be typed where its call is: after the walk, whose
    /// recorded uses say what each name in it means (during the walk the closure's own
    /// names and `$0` are no longer in view there).
    var typesClosureBodies: Bool { get }
}

/// The name uses the walk recorded, for typing after it.
private struct RecordedUses: ResolutionNames {
    let resolution: Resolution

    func meaning(of name: String, at location: SourceLocation) -> NameUse? { resolution.uses[BindingKey(name: name, location: location)] }
    func type(of binding: BindingKey) -> TypeSyntax? { resolution.types[binding] ?? resolution.declaredTypes[binding] }
    func initializer(of binding: BindingKey) -> Expr? { resolution.initializers[binding] }
    func capturedSelf(at location: SourceLocation) -> CapturedSelf? { resolution.capturedSelfUses[location] }
    func shorthandParameterType(_ index: Int, at location: SourceLocation) -> TypeSyntax? { resolution.shorthandParameterTypes[location] }
    /// `sections[indexPath.section]`: an Array's subscript by a value of a type not known is
    /// its Int subscript's unless the index is a range, which the rules see where it is written
    /// or typed; a range kept in a binding the walk did not type is rare, and an Int
    /// subscript of an Array is what the emission of the access itself assumes.
    var unknownIndexIsInt: Bool { true }
    var typesClosureBodies: Bool { true }
}

/// A type the resolution knows for certain (not a literal's, which a context may change).
private func known(_ t: TypeSyntax) -> Typed { Typed(type: t, literal: false) }

/// The resolution's ExpressionTyper environment, during the walk and after it alike (only
/// `names` differs). It answers only what swiftc infers for certain: a name is a binding of a
/// known type, `self`'s member, a global, or not known; `self` is known in a method of a
/// script type's own; a member of a script type's value where its declaration fixes it; a
/// call where its one declaration or a standard conversion no declaration of the script's
/// may replace fixes it (`ResolverDeclarations`); a script type's subscript is not known; an
/// operation the script may declare is not known, and no operand of an unknown type makes an
/// Int (a literal beside it may be a Double).
struct ResolutionEnvironment<Names: ResolutionNames>: ExpressionEnvironment {
    let names: Names
    let declarations: ResolverDeclarations
    /// How many variables' values are being typed for a name's type (`let b = a; let c = b`).
    var depth = 0

    func declaresOperator(_ name: String) -> Bool { declarations.mayDeclareOperator(name) }
    func notKnown(_ why: String) -> Typed? { nil }
    /// A name ExpressionTyper reaches without where it is written is not known.
    func typed(name: String) -> Typed? { nil }
    mutating func typed(name: String, at location: SourceLocation) -> Typed? {
        switch names.meaning(of: name, at: location) {
        case .binding(let key)?:
            if let t = names.type(of: key) { return known(t) }
            // An unannotated variable is of its value's type (a literal's default one).
            guard depth < 8, let value = names.initializer(of: key) else { return nil }
            var inner = self
            inner.depth += 1
            return ExpressionTyper.typed(value, &inner).map { known($0.type) }
        case .free?: return free(name)
        case .ambiguousLocal?, .renamed?, nil: return nil
        }
    }

    /// A name no local binds: in a protocol extension's method, a requirement's; in a method,
    /// `self`'s member before any global.
    private func free(_ name: String) -> Typed? {
        if let requirement = declarations.selfRequirementType { return requirement(name).map(known) }
        if let s = declarations.selfType, let t = member(name, of: s) { return t }
        if let c = declarations.contextType, c != declarations.selfType, let t = member(name, of: c) { return t }
        return declarations.globalType(name).map(known)
    }

    func typed(shorthandParameter index: Int) -> Typed? { nil }
    func typed(shorthandParameter index: Int, at location: SourceLocation) -> Typed? {
        names.shorthandParameterType(index, at: location).map(known)
    }
    func typedSelf() -> Typed? { nil }
    /// For a class, `self` may be a subclass's instance, but its static type, and so its
    /// members' declared types, are the class's.
    /// Inside a capture list's closure, `self` is as the list takes it (`[weak self]`: an
    /// Optional) or as a binding of it there makes it (`guard let self`).
    func typedSelf(at location: SourceLocation) -> Typed? {
        guard let s = declarations.selfType else { return nil }
        switch names.capturedSelf(at: location) {
        case nil, .strong?: return known(.named(s))
        case .weak?: return known(.optional(.named(s)))
        case .rebound(let key)?: return names.type(of: key).map(known)
        case .other?: return nil
        }
    }

    /// `self.x`: `self`'s member (a requirement's in a protocol extension); `super.x`: the
    /// superclass's (its declared type is the same whatever overrides it); `T.name` of a
    /// script type's name no local hides: its static member's type, where certain.
    func typed(member name: String, ofWritten base: Expr) -> Typed?? {
        if case .self = base.kind {
            if names.capturedSelf(at: base.location) != nil {
                guard case .named(let n)? = typedSelf(at: base.location)?.type else { return .some(nil) }
                return .some(member(name, of: n))
            }
            if let requirement = declarations.selfRequirementType { return .some(requirement(name).map(known)) }
            guard let owner = declarations.selfType ?? declarations.contextType else { return nil }
            return .some(member(name, of: owner))
        }
        if case .identifier("super") = base.kind {
            guard case .free? = names.meaning(of: "super", at: base.location), let sup = declarations.superclassType else { return .some(nil) }
            return .some(member(name, of: sup))
        }
        guard let n = typeName(base), let t = declarations.staticMemberType(n, name) else { return nil }
        return .some(known(t))
    }

    /// The name a base written as a bare name no local binds (nor a capture list) may be a type's.
    private func typeName(_ base: Expr) -> String? {
        guard case .identifier(let n) = base.kind, base.writtenGenericType == nil, n.first?.isUppercase == true,
              case .free? = names.meaning(of: n, at: base.location) else { return nil }
        return n
    }

    func typed(member name: String, ofValue base: Typed) -> Typed? {
        guard case .named(let n) = base.type else { return nil }
        return member(name, of: n)
    }

    /// A script type's member where its declaration makes it certain; a host class's property.
    private func member(_ name: String, of typeName: String) -> Typed? {
        (declarations.memberType(typeName, name) ?? declarations.hostMemberType(typeName, name)).map(known)
    }

    /// A bare name's call: in a method, `self`'s method of the name (a member hides a
    /// global function); an initializer of a type; the one global function the labels
    /// choose; a standard conversion. `T.m(...)`: a static method's or a case's.
    mutating func typed(call callee: Expr, _ args: [Argument]) -> Typed? {
        switch callee.kind {
        case .identifier(let n):
            guard case .free? = names.meaning(of: n, at: callee.location) else { return nil }
            // `Box<Int>(value: 3)`: an initializer of the type as spelt.
            if let written = callee.writtenGenericType {
                guard case .named(let spelled) = written else { return nil }
                return declarations.typeCallResult(spelled, nil, args, { ExpressionTyper.typed($0, &self) })
            }
            if let s = declarations.selfType, let r = declarations.methodResult(s, n, args, { ExpressionTyper.typed($0, &self) }) {
                return r
            }
            if let r = declarations.typeCallResult(n, nil, args, { ExpressionTyper.typed($0, &self) }) { return r }
            if let r = declarations.functionResult(n, args, { ExpressionTyper.typed($0, &self) }) { return r }
            guard args.count == 1, args[0].label == nil, TypeRules.numberNames.contains(n) || n == "String",
                  !declarations.mayDeclareCallee(n), let a = ExpressionTyper.typed(args[0].value, &self) else { return nil }
            return Self.conversion(n, from: a.type).map(known)
        case .member(let base, let name):
            if let n = typeName(base), let r = declarations.typeCallResult(n, name, args, { ExpressionTyper.typed($0, &self) }) {
                return r
            }
            guard var b = ExpressionTyper.typedAsMemberBase(base, &self) else { return nil }
            if case .optional(let w) = b.type, unwrapsImplicitly(base) { b = known(w) }
            return typed(method: name, args, on: b)
        default:
            return nil
        }
    }

    /// `String(x)`, `Int(x)`, `Double(text)` of the standard library: what each gives
    /// from a value of a type whose initializers are certain (`String(s.utf8)` of a
    /// Substring's view is an Optional, so a String is made only from a number, a Bool,
    /// a Character, a String or a Substring).
    static func conversion(_ name: String, from a: TypeSyntax) -> TypeSyntax? {
        let fromText = a == TypeRules.string || TypeRules.isSubstring(a)
        if name == "String" {
            return fromText || a == TypeRules.character || a == TypeRules.bool || TypeRules.isNumber(a) ? TypeRules.string : nil
        }
        // Of the numbers, only Int's and Double's initializers from text are followed.
        if fromText { return name == "Int" || name == "Double" ? .optional(.named(name)) : nil }
        return TypeRules.numberConversion(name, label: nil, from: a)
    }
    /// A script type's method's result; else a host class's, by the call's full name (not
    /// known where a trailing closure leaves its label unwritten).
    mutating func typed(method name: String, _ args: [Argument], on base: Typed) -> Typed? {
        if case .named(let n) = base.type {
            if let r = declarations.methodResult(n, name, args, { ExpressionTyper.typed($0, &self) }) { return r }
            if !args.contains(where: \.isTrailingClosure),
               let r = declarations.hostMethodResult(n, name, name + "(" + args.map { ($0.label ?? "_") + ":" }.joined() + ")") {
                return known(r)
            }
        }
        return standardMethod(name, args, on: base)
    }

    /// A standard collection's, String's or number's method no extension or protocol of the
    /// script's may declare: what the standard library declares it gives
    /// (`StandardMethodResult`); a closure method's (`map`, `filter`, `first(where:)`) from
    /// its closure's one expression. A receiver or a closure's result whose type a context may
    /// still change (a literal's) is not followed.
    private mutating func standardMethod(_ name: String, _ args: [Argument], on base: Typed) -> Typed? {
        guard !base.literal, base.chosen == nil, !base.sequenceOnly, !declarations.mayDeclareStandardMethod(name) else { return nil }
        if let last = args.last, case .closure(let c) = last.value.kind {
            guard args.count == 1, names.typesClosureBodies, !c.isCaptureWrapper, c.captureList.isEmpty, c.returnType == nil,
                  let body = Self.oneExpression(c.body) else { return nil }
            return TypeRules.closureCall(name, on: base) {
                guard let r = ExpressionTyper.typed(body, &self), !r.literal, r.chosen == nil else { return nil }
                return r
            }
        }
        guard case .type(let t)? = StandardMethodResult(name, args.map(\.label), on: base.type) else { return nil }
        return known(t)
    }

    /// A closure's body of one expression (or `return` of one): what the closure gives.
    private static func oneExpression(_ body: [Stmt]) -> Expr? {
        guard body.count == 1 else { return nil }
        switch body[0].kind {
        case .expression(let e): return e
        case .return(let e?): return e
        default: return nil
        }
    }

    /// `tableView.rowHeight`, `self.collectionView.reloadData()`: a property declared
    /// implicitly unwrapped (`T!`) of `self` or of a value of a known type.
    mutating func unwrapsImplicitly(_ base: Expr) -> Bool { unwrapsImplicitly(base, hostOnly: false) }

    /// `hostOnly`: a property the host declares so, not the script.
    mutating func unwrapsImplicitly(_ base: Expr, hostOnly: Bool) -> Bool {
        let owner: String?, name: String
        switch base.kind {
        case .identifier(let n):
            guard case .free? = names.meaning(of: n, at: base.location), declarations.selfRequirementType == nil else { return false }
            if let s = declarations.selfType, member(n, of: s) != nil { owner = s } else { owner = declarations.contextType }
            name = n
        case .member(let b, let n):
            if case .self = b.kind {
                guard names.capturedSelf(at: b.location) == nil, declarations.selfRequirementType == nil else { return false }
                owner = declarations.selfType ?? declarations.contextType
            } else {
                guard case .named(let o)? = ExpressionTyper.typedAsMemberBase(b, &self)?.type else { return false }
                owner = o
            }
            name = n
        default:
            return false
        }
        guard let owner else { return false }
        return hostOnly ? declarations.hostImplicitlyUnwrapped(owner, name) : declarations.implicitlyUnwrapped(owner, name)
    }
    /// None of a script type's is known; a standard type's the script may extend with
    /// subscripts of its own are none that fits (the subscript is not typed).
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
    var unknownIndexIsInt: Bool { names.unknownIndexIsInt }
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
        d.typeCallResult = { [unowned self] in self.certainTypeCallResult($0, $1, $2, $3, context: context) }
        d.contextType = context?.name
        d.superclassType = context?.classInfo?.superclass?.name
        return d
    }

    /// `T(...)` where no member of the code's type (its own, an enclosing type's, the host's),
    /// no global and no function of the name may be what the name means: a script type's
    /// initializer's result (ResolverCallTypes.swift); a host class made in code (`UILabel()`,
    /// `UIImage(named:)`): as its catalogue lists the initializer, an Optional where it may fail.
    func certainConstructedType(_ spelling: String, _ args: [Argument], _ argument: (Expr) -> Typed?, context: UserType?) -> Typed? {
        let name = WrittenType(spelling).name
        var owner = context
        while let o = owner {
            if contextMayDeclare(o, name) { return nil }
            owner = o.enclosingName.flatMap(userType)
        }
        guard globalIndex[name] == nil && functionsByBase[name] == nil || onlyHostDeclares(name), protocols.typeAliases[name] == nil else { return nil }
        guard let t = typeSlots[name]?.current, !t.isBuiltin, !hosting.typeNames.contains(name) else {
            guard spelling == name, let catalogue = hosting.memberCatalogue?(name), protocols.builtinExtensions[name] == nil else { return nil }
            let full = "init(" + args.map { ($0.label ?? "_") + ":" }.joined() + ")"
            return Typed(type: catalogue.failableInitializers.contains(full) ? .optional(.named(name)) : .named(name), literal: false)
        }
        return certainInitializerResult(spelling, args, argument)
    }

    /// Whether the global and the functions of a host class's name are the host's own, none
    /// the script's: the host gives the name a value for its static members and registers
    /// its initializers as native functions of the name (`UILabel()`).
    private func onlyHostDeclares(_ name: String) -> Bool {
        guard hosting.typeNames.contains(name) else { return false }
        if let g = globalIndex[name], globalDeclarations[g] != nil || globalDeclLocations[g] != .unknown { return false }
        return functionsByBase[name]?.allSatisfy { $0.decl == nil && $0.native != nil } ?? true
    }

    /// A host class's property, as its catalogue types it, on a value of the host's class
    /// or a script subclass of it, where no extension of the script's declares the name. A
    /// property UIKit declares `T!` is a `T?` (swiftc's type of `tableView` as a value); a
    /// member read after it reaches the `T` (`ResolutionEnvironment.implicitlyUnwrapped`).
    func resolverHostMemberType(_ typeName: String, _ name: String) -> TypeSyntax? {
        guard let catalogue = hostCatalogue(typeName, declaring: name, property: true), let t = catalogue.types[name],
              spellsAlike(t) else { return nil }
        return sessionSpelling(t)
    }

    /// A host class's method's result, as its catalogue types it by the call's full name
    /// (`dequeueReusableCell(withIdentifier:for:)` is a `UITableViewCell`), on a value of
    /// the class or a script subclass of it that declares no method of the base name.
    func resolverHostMethodResult(_ typeName: String, _ name: String, _ fullName: String) -> TypeSyntax? {
        guard let catalogue = hostCatalogue(typeName, declaring: name, property: false), let t = catalogue.types[fullName],
              !TypeRules.mentions(t, ["Self"]), spellsAlike(t) else { return nil }
        return sessionSpelling(t)
    }

    /// A catalogue's type as the session names it: a type the host declares in Swift under
    /// another name (`UIButton.Configuration` is the prelude's `UIButtonConfiguration`,
    /// declared when the script names it) is that declaration, as the values it makes are.
    private func sessionSpelling(_ t: TypeSyntax) -> TypeSyntax {
        switch t {
        case .named(let n):
            guard let declared = hosting.typesOnMention.first(where: { $0.value.word == n && $0.key != n })?.key else { return t }
            return .named(declared)
        case .array(let e): return .array(sessionSpelling(e))
        case .optional(let e): return .optional(sessionSpelling(e))
        case .set(let e): return .set(sessionSpelling(e))
        case .labelled(let l, let e): return .labelled(l, sessionSpelling(e))
        case .inout(let e): return .inout(sessionSpelling(e))
        case .dictionary(let k, let v): return .dictionary(key: sessionSpelling(k), value: sessionSpelling(v))
        case .tuple(let es): return .tuple(es.map(sessionSpelling))
        case .function(let ps, let r): return .function(parameters: ps.map(sessionSpelling), result: sessionSpelling(r))
        }
    }

    /// Whether a host class's property is declared implicitly unwrapped (`tableView:
    /// UITableView!` of UITableViewController), on a value of the class or a script subclass.
    func resolverHostImplicitlyUnwrapped(_ typeName: String, _ name: String) -> Bool {
        hostCatalogue(typeName, declaring: name, property: true)?.implicitlyUnwrapped.contains(name) ?? false
    }

    /// Whether a property of a value of `typeName` is declared implicitly unwrapped: the
    /// nearest declaration of the name in a script type's chain, or else the host's.
    func resolverImplicitlyUnwrapped(_ typeName: String, _ name: String) -> Bool {
        var owner = userType(typeName)
        while let o = owner {
            let members = (o.decl as? StructDecl)?.members ?? (o.decl as? ClassDecl)?.members
            let p = members?.properties.first { p in
                if case .binding(name, _) = p.pattern.kind { return !p.isStatic }
                return false
            }
            if let p { return p.isImplicitlyUnwrapped }
            if o.hasMember(named: name), !Self.onlyMethods(o, name) { return false }
            owner = o.classInfo?.superclass
        }
        return hostCatalogue(typeName, declaring: name, property: true)?.implicitlyUnwrapped.contains(name) ?? false
    }

    /// The catalogue of the host class a value of `typeName` (the host's class, or a script
    /// class inheriting from one) finds `name` in: none where a class of the script's chain
    /// declares a member of the name (for a property read, a method of the same base name
    /// does not hide it: swiftc reads the property where it is not called), or an extension
    /// of the class's lineage or of a protocol may.
    private func hostCatalogue(_ typeName: String, declaring name: String, property: Bool) -> HostMemberCatalogue? {
        var host = typeName
        if let t = userType(typeName) {
            var c: UserType? = t
            while let o = c {
                if property ? o.hasMember(named: name) && !Self.onlyMethods(o, name) : o.hasMember(named: name) { return nil }
                c = o.classInfo?.superclass
            }
            guard let h = hostAncestorName(t) else { return nil }
            host = h
        }
        guard let catalogue = hosting.memberCatalogue?(host),
              !catalogue.lineage.contains(where: { protocols.builtinExtensions[$0]?.hasMember(named: name) == true }),
              !protocolsMayDeclare(name) else { return nil }
        return catalogue
    }

    /// Whether the only members of `t` of this name are methods (`tableView(_:cellForRowAt:)`).
    static func onlyMethods(_ t: UserType, _ name: String) -> Bool {
        t.methodsByBase[name] != nil && t.fieldIndex[name] == nil && t.computed[name] == nil && t.lazyProperties[name] == nil
            && t.staticStored[name] == nil && t.caseIndex[name] == nil
    }

    /// A stored or lazy property's type as the session keeps it, where its spelling reads
    /// alike wherever the resolution's answer is resolved, and no method of the name, no
    /// protocol's or standard type's extension and no host class may declare another member
    /// of the name (`certainMemberType`'s rule for a member whose declaration leaves its
    /// type to the session: a lazy one, one of a table, of a nested type).
    func keptPropertyType(_ typeName: String, _ name: String) -> TypeSyntax? {
        // A generic type's property of a parameter's type is kept as `Any`: not its type.
        guard case .user(let slot) = resolveType(.named(typeName)), let t = slot.current,
              protocols.genericParameters[t.id] == nil, !Self.onlyMethods(t, name), !protocolsMayDeclare(name),
              !hostMayDeclare(t, name) else { return nil }
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
        case .array(let e), .optional(let e), .set(let e), .labelled(_, let e), .inout(let e): return spellsAlike(e)
        case .dictionary(let k, let v): return spellsAlike(k) && spellsAlike(v)
        case .tuple(let es): return es.allSatisfy(spellsAlike)
        case .function(let ps, let r): return ps.allSatisfy(spellsAlike) && spellsAlike(r)
        }
    }

    /// A global's declared type, for the resolution: its annotation's, its value's where the
    /// resolution types that, or the type of what its value copies, as the session keeps it;
    /// nil where a member of the type whose code this is (its own, a superclass's, an
    /// enclosing type's, the host's, an extension's) may be what the name means.
    func resolverGlobalType(_ name: String, context: UserType?, depth: Int = 0) -> TypeSyntax? {
        guard let g = globalIndex[name] else { return nil }
        var owner = context
        while let o = owner {
            if contextMayDeclare(o, name) { return nil }
            owner = o.enclosingName.flatMap(userType)
        }
        if globalTypes[g] == nil, let t = initializedGlobalType(g, depth: depth) { return t }
        guard let t = globalTypes[g] ?? globalCopiedTypes[g].flatMap(Self.withoutAny) else { return nil }
        if Self.hasFunction(t) { return globalDeclarations[g]?.type.flatMap { spellsAlike($0) ? $0 : nil } }
        return unambiguousSyntax(t)
    }

    /// An unannotated global's type is its value's, as the resolution types the value at the
    /// top level (a copy keeps no generic type's arguments: `Store<Double>()` is a `Store`).
    /// A value that reads globals is typed a few levels deep at most.
    private func initializedGlobalType(_ g: Int, depth: Int) -> TypeSyntax? {
        guard depth < 4, let declaration = globalDeclarations[g], declaration.type == nil, let value = declaration.initializer else { return nil }
        var d = resolverDeclarations
        d.globalType = { [unowned self] in self.resolverGlobalType($0, context: self.topLevelSelfType, depth: depth + 1) }
        return Resolver.defaultType(of: value, declarations: d)
    }

    private func contextMayDeclare(_ t: UserType, _ name: String) -> Bool {
        var c: UserType? = t
        while let o = c {
            if o.hasMember(named: name) { return true }
            c = o.classInfo?.superclass
        }
        return hostMayDeclare(t, name) || protocolsMayDeclare(name)
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

    /// The static type the resolution gives `e` in emission's terms (`resolveType`); nil
    /// where it gives none: emission then knows no type, never a guessed one.
    func resolvedType(of e: Expr, _ scope: FnScope) -> RType? {
        // An optional chain as an assignment's target is the member's own type, as a value an
        // Optional: emission asks of both, so it knows none.
        if Self.chainsOptionally(e) { return nil }
        if let r = scope.resolution, let t = r.type(of: e) {
            if case .optional = t, r.readsHostImplicitlyUnwrapped(e) { return nil }
            return resolveType(t)
        }
        return nil
    }
}
