// What the host needs to make and drive instances of script classes that inherit from a
// host class, as UIKit does with a `class MyCell: UITableViewCell`: construct one through
// a chosen initializer (`init(style:reuseIdentifier:)`, `init?(coder:)`), connect its
// `@IBOutlet`s as a storyboard or nib does, call its methods (`awakeFromNib()`,
// `prepareForReuse()`), and the initializers a subclass inherits from its host class.

import TableLabSyntax

extension InterpreterCore {
    /// Swift's initializer inheritance for a host superclass: a class that declares no
    /// designated initializer (nor does any script class above it) inherits the host's,
    /// so `MyCell(style: .subtitle, reuseIdentifier: "x")` runs UITableViewCell's. nil when
    /// the host has no initializer with these labels; else whether it is failable.
    func runInheritedHostInit(_ m: Ctx, _ t: UserType, _ inst: TableInstance, _ labels: [String?], _ argc: Int,
                              _ loc: SourceLocation) throws -> Bool? {
        guard let info = t.classInfo, info.hostSuperclass != nil,
              !info.inits.contains(where: { !$0.mods.isConvenience }) else { return nil }
        let fullName = "init(" + labelsString(labels) + ")"
        guard try callHostBaseMethod(m, inst, HostMemberID(fullName), argc, loc) != nil else { return nil }
        try checkInitialized(inst, upTo: t.fieldNames.count, at: loc)
        return fullName == "init(coder:)"
    }

    /// `MyView()` of a subclass of a host class whose `init()` calls a designated
    /// initializer that the subclass overrides (UIView's `init()` calls `init(frame: .zero)`:
    /// `HostingState.plainInitDelegations`): that override runs. nil when that does not
    /// apply (UIKit's view subclasses, cells and headers among them, have other designated
    /// initializers).
    func runDelegatedPlainInit(_ m: Ctx, _ t: UserType, _ inst: TableInstance, _ labels: [String?], _ argc: Int,
                               _ loc: SourceLocation) throws -> Bool? {
        guard argc == 0, labels.isEmpty, let host = hostClassName(t), let info = t.classInfo,
              let delegation = hosting.plainInitDelegations[host],
              info.inits.contains(where: { $0.decl.parameters.map(\.label) == [delegation.label] }),
              let argumentType = userType(delegation.argumentType),
              let argument = try staticMember(of: argumentType, MemberName(delegation.argumentMember), loc) else { return nil }
        m.push(argument)
        return try runClassInit(m, t, inst, [delegation.label], 1, loc)
    }

    /// The `@IBOutlet` stored properties of class `t` and its script superclasses, in
    /// declaration order (the superclass's first), with their types as written.
    func outletProperties(_ t: UserType) -> [(name: String, type: TypeSyntax?)] {
        var chain: [UserType] = []
        var c: UserType? = t
        while let x = c { chain.insert(x, at: 0); c = x.classInfo?.superclass }
        var out: [(String, TypeSyntax?)] = []
        for x in chain {
            guard let d = x.decl as? ClassDecl else { continue }
            for p in d.members.properties where p.getter == nil && !p.isStatic {
                if let n = p.name, d.memberModifiers[p.location]?.isOutlet == true { out.append((n, p.type)) }
            }
        }
        return out
    }
}

extension Interpreter {
    /// A new instance of the script class `className` made by its initializer whose labels
    /// are `labels` (or the one it inherits from its host class); nil when a failable
    /// initializer failed. Throws Swift's errors (no such initializer, uninitialized
    /// properties) and whatever the initializer throws.
    public func construct(_ className: String, labels: [String?], arguments: [Value]) throws -> Value {
        let file = hostCallFile(declaredIn: core.userType(className)?.file)
        return try guarded(file) { () throws -> Value in
            guard let t = core.userType(className), t.kind == .class else {
                throw RuntimeError(LookupMessage.cannotFindInScope(className), at: .unknown)
            }
            let m = core.machine
            let inst = try core.newInstance(m, t, .unknown)
            for a in arguments { m.push(a) }
            do {
                let failable = try core.runClassInit(m, t, inst, labels, arguments.count, .unknown)
                return failable ? .wrapped(.type(.table(inst))) : .type(.table(inst))
            } catch is ClassInitFailed {
                return .nilValue
            }
        }
    }

    /// Calls the instance method `fullName` of a script object (its class's, else its host
    /// part's); nil when neither has one.
    public func callMethod(on value: Value, _ fullName: String, _ arguments: [Value]) throws -> Value? {
        guard case .type(.table(let inst)) = value.unboxed else { return nil }
        let file = hostCallFile(declaredIn: inst.type.methods[fullName]?.file ?? inst.type.file)
        return try guarded(file) { () throws -> Value? in
            let m = core.machine
            let site = core.hostMethodCall(fullName)
            for a in arguments { m.push(a) }
            var v = value.unboxed
            if let r = try core.callUserMethod(m, &v, inst.type, site.name, fullName, site.labels, arguments.count, true, "",
                                               site.cache, .unknown) { return r }
            if let r = try core.callHostBaseMethod(m, inst, site.cache.hostMemberID(fullName), arguments.count, .unknown) { return r }
            m.pop(arguments.count)
            return nil
        }
    }

    /// The `@IBOutlet` stored properties of a script class, its superclasses' first, with
    /// the type each is declared with (`UILabel` for `UILabel!`).
    public func outlets(ofClass className: String) -> [(name: String, type: String)] {
        guard let t = core.userType(className), t.kind == .class else { return [] }
        return core.outletProperties(t).map { p in
            var type = p.type
            if case .optional(let inner)? = type { type = inner }
            return (p.name, type?.description ?? "")
        }
    }

    /// The host properties a subclass may observe (see `HostingState.observableProperty`).
    public var hostObservableProperty: ((_ hostClass: String, _ property: String) -> Bool)? {
        get { core.hosting.observableProperty }
        set { core.hosting.observableProperty = newValue }
    }

    /// Sets a host property of a script object through the class's override of it (its
    /// observers run around the host's setter, as in Swift); false when the class does not
    /// override it, and the host sets its own part.
    public func setOverriddenProperty(_ name: String, of value: Value, to newValue: Value) throws -> Bool {
        guard case .type(.table(let inst)) = value.unboxed, let c = inst.type.computed[name], !c.isStatic,
              inst.type.fieldIndex[name] == nil else { return false }
        let file = hostCallFile(declaredIn: c.file ?? inst.type.file)
        try guarded(file) { () throws -> Void in
            try core.modifyThroughAccessors(core.machine, value.unboxed, inst.type, c, name, .unknown, storeOnly: true) { v, _ in v = newValue }
        }
        return true
    }

    /// Stores a stored property of a script object directly (as a nib connects an
    /// outlet: no observer, no access check); false when it has no such property.
    public func setStoredProperty(_ name: String, of value: Value, to newValue: Value) -> Bool {
        guard case .type(.table(let inst)) = value.unboxed, let i = inst.type.fieldIndex[name], i < inst.fields.count else { return false }
        inst.fields[i] = newValue
        return true
    }

    /// Connects an outlet as a storyboard does when it loads a scene: through the
    /// property's setter (UIKit's `setValue(_:forKey:)`), so its `willSet`/`didSet` run;
    /// false when the object has no such stored property.
    public func connectOutlet(_ name: String, of value: Value, to newValue: Value) throws -> Bool {
        guard case .type(.table(let inst)) = value.unboxed, let i = inst.type.fieldIndex[name], i < inst.fields.count else { return false }
        let t = inst.type
        guard let observer = t.observers[i] else {
            inst.fields[i] = newValue
            return true
        }
        let file = core.currentFile ?? SourceFile(name: "<storyboard>", text: "")
        try guarded(file) { () throws -> Void in
            var holder = value.unboxed
            try core.modifyObservedField(core.machine, &holder, t, i, observer, nil, observer.location) { v, _ in v = newValue }
        }
        return true
    }

    /// A stored property of a script object; nil when it has none (or is not initialized).
    public func storedProperty(_ name: String, of value: Value) -> Value? {
        guard case .type(.table(let inst)) = value.unboxed, let i = inst.type.fieldIndex[name], i < inst.fields.count else { return nil }
        if case .box(let b) = inst.fields[i], b === uninitializedField { return nil }
        return inst.fields[i].unboxed
    }

    /// The script class of an object (`.type(.table(inst))` of a class), nil otherwise.
    public func className(of value: Value) -> String? {
        guard case .type(.table(let inst)) = value.unboxed, inst.type.kind == .class else { return nil }
        return inst.type.name
    }

    /// The script class a metatype value stands for (`MyCell.self`), nil otherwise.
    public func className(ofMetatype value: Value) -> String? {
        switch value.unboxed {
        case .type(.structType(let t)) where t.kind == .class: return t.name
        default: return nil
        }
    }
}

extension Interpreter {
    /// A stored property of a struct value (`config.text` of a content configuration the
    /// host stored); nil for other values and unknown names.
    public static func structField(_ name: String, of value: Value) -> Value? {
        guard case .structValue(let s) = value.unboxed, let i = s.type.fieldIndex[name], i < s.fields.count else { return nil }
        return s.fields[i]
    }
}

/// Implicitly unwrapped optionals (`@IBOutlet weak var titleLabel: UILabel!`): a property
/// declared `T!` is an optional that a member access reaches through, as if written
/// `titleLabel!.text`; nil there is Swift's "implicitly unwrapping" fatal error.
final class ImplicitUnwrapState {
    /// The names of the properties declared with `!` (by name: the receiver's type is not
    /// known when the access is compiled).
    var names: Set<String> = []
    /// Where an unwrap was inserted for one (its message says "implicitly").
    var sites: Set<SourceLocation> = []
    /// Calls with a `T!` property among their arguments (ImplicitUnwrapArguments.swift).
    var argumentCalls: Set<SourceLocation> = []
    /// The globals declared `T!` (`var w: String!` at top level): named before their
    /// declaration compiles (a function's body), so registered when the unit is declared.
    var globals: Set<String> = []
    /// Some local or parameter was declared `T!` (its `Local` says which).
    var localsDeclared = false
    /// Where a name declared `T!` is read as a value: a typed binding, a return, a stored
    /// property or an argument that needs the wrapped type unwraps the value read there.
    var valueSites: Set<SourceLocation> = []

    /// The properties and globals declared `((…) -> …)!`: a call of one calls the closure
    /// unwrapped (`onSelect(row)`); by name, as `names`, but only closures, so that a method
    /// of that name elsewhere is never unwrapped.
    var closureNames: Set<String> = []

    /// Where a property read `x.n` unwraps only if `x`'s type at run time declares `n` `T!`:
    /// its static type is unknown and another type declares an `n` that is not `T!`.
    var receiverSites: Set<SourceLocation> = []

    /// Whether any name may be implicitly unwrapped at all: most scripts declare none.
    var isInUse: Bool { !names.isEmpty || !globals.isEmpty || localsDeclared }
}

extension InterpreterCore {
    /// `base` with an unwrap inserted when it names a property declared `T!` (`titleLabel`,
    /// `self.titleLabel`, `cell.titleLabel`); nil otherwise. A local of that name is not one.
    func implicitUnwrap(_ base: Expr, _ scope: FnScope) -> Expr? {
        guard wouldImplicitlyUnwrap(base, scope) else { return nil }
        implicitUnwrapping.sites.insert(base.location)
        return Expr(.forceUnwrap(base), at: base.location, range: base.range)
    }

    /// `implicitUnwrap`'s question alone, recording no site.
    func wouldImplicitlyUnwrap(_ base: Expr, _ scope: FnScope) -> Bool {
        guard implicitUnwrapping.isInUse else { return false }
        switch base.kind {
        case .identifier(let n): return namesImplicitlyUnwrapped(n, scope)
        // `cell?.titleLabel.text`: the `T!` property reached through an optional chain.
        case .member(let b, let n), .optionalChain(let b, let n): return memberImplicitlyUnwrapped(b, n, scope, site: base.location)
        default: return false
        }
    }

    /// Whether the bare name `n` is declared `T!`: a local or parameter by its declaration,
    /// else a property of `self` by its type's declaration, else a global.
    func namesImplicitlyUnwrapped(_ n: String, _ scope: FnScope) -> Bool {
        if let l = scope.visibleLocal(n) { return l.isImplicitlyUnwrapped }
        if implicitUnwrapping.names.contains(n), let t = scope.selfType, let d = declaresImplicitlyUnwrapped(n, in: t) {
            return d
        }
        return implicitUnwrapping.names.contains(n) || implicitUnwrapping.globals.contains(n)
    }

    /// Whether `base.n` reads a property declared `T!`: by the declaration in the receiver's
    /// type where declarations tell that type (another type's `var n: Int?` stays an
    /// Optional), else by the name.
    /// `site`, the read's location, is where an unwrap the run time decides is inserted.
    func memberImplicitlyUnwrapped(_ base: Expr, _ n: String, _ scope: FnScope, site: SourceLocation? = nil) -> Bool {
        guard implicitUnwrapping.names.contains(n) else { return false }
        let receiver: UserType?
        if case .self = base.kind { receiver = scope.selfType } else if case .user(let slot)? = knownBaseType(base, scope) {
            receiver = slot.current
        } else {
            receiver = nil
        }
        guard let r = receiver else {
            if let site, declaredWithoutUnwrapElsewhere(n) { implicitUnwrapping.receiverSites.insert(site) }
            return true
        }
        return declaresImplicitlyUnwrapped(n, in: r) ?? true
    }

    /// Whether `t` declares the instance property `n` `T!`, itself or in a superclass (a
    /// subclass's instances carry the inherited fields too); nil when it declares no `n`.
    func declaresImplicitlyUnwrapped(_ n: String, in t: UserType) -> Bool? {
        var c: UserType? = t
        var declared = false
        while let x = c {
            if x.implicitlyUnwrappedMembers.contains(n) { return true }
            if x.fieldIndex[n] != nil || x.computed[n] != nil { declared = true }
            c = x.classInfo?.superclass
        }
        return declared ? false : nil
    }

    static func isClosureType(_ t: TypeSyntax?) -> Bool {
        if case .optional(.function)? = t { return true }
        return false
    }

    /// `onSelect(row)`, `self.onSelect(row)`, `handler(x)` with the callee declared
    /// `((…) -> …)!`: the closure unwrapped and called; nil for any other callee.
    func implicitlyUnwrappedCallee(_ callee: Expr, _ scope: FnScope) -> Expr? {
        guard implicitUnwrapping.isInUse else { return nil }
        let isClosure: Bool
        switch callee.kind {
        case .identifier(let n):
            if let l = scope.visibleLocal(n) {
                guard l.isImplicitlyUnwrapped, case .optional(.function)? = l.type else { return nil }
                isClosure = true
            } else {
                isClosure = implicitUnwrapping.closureNames.contains(n)
            }
        case .member(let b, let n): isClosure = implicitUnwrapping.closureNames.contains(n) && memberImplicitlyUnwrapped(b, n, scope)
        default: return nil
        }
        return isClosure ? implicitUnwrap(callee, scope) : nil
    }

    /// The top-level `var x: T!` of a unit (and a redeclaration that drops the `!`).
    func registerImplicitlyUnwrappedGlobals(_ stmts: [Stmt]) {
        for s in stmts {
            guard case .declaration(.variable(let v)) = s.kind else { continue }
            for n in LexicalScopes.names(in: v.pattern) {
                if v.isImplicitlyUnwrapped { implicitUnwrapping.globals.insert(n) } else { implicitUnwrapping.globals.remove(n) }
                if v.isImplicitlyUnwrapped, Self.isClosureType(v.type) { implicitUnwrapping.closureNames.insert(n) }
            }
        }
    }

    /// The operands of an arithmetic, ordering, range or bitwise operator with a `T!`
    /// property unwrapped (`count + 1`); nil when neither is one. `==`, `!=`, `??` and the
    /// identity operators compare the optional itself, as Swift does.
    func implicitUnwrapOperands(_ op: BinaryOperator, _ l: Expr, _ r: Expr, _ scope: FnScope) -> (Expr, Expr)? {
        guard implicitUnwrapping.isInUse else { return nil }
        switch op {
        case .equal, .notEqual, .nilCoalescing, .identical, .notIdentical, .and, .or: return nil
        default: break
        }
        let l2 = implicitUnwrap(l, scope), r2 = implicitUnwrap(r, scope)
        if l2 == nil && r2 == nil { return nil }
        return (l2 ?? l, r2 ?? r)
    }

    /// Swift's message for a nil unwrapped at `loc`.
    func unwrapFailure(at loc: SourceLocation) -> TrapMessage {
        implicitUnwrapping.sites.contains(loc) ? .nilImplicitlyUnwrapped : .nilUnwrapped
    }
}

/// Swift's `self` in a static member of a class is the class it was called on
/// (`B.make()` with `make` declared in `A` sees `B`).
final class DynamicSelfState {
    var receiver: UserType? = nil
    /// Host classes whose metatype a script may name (`UITableViewCell.self`).
    var hostMetatypes: Set<String> = []
}

extension Interpreter {
    /// UIKit's class chains for the host's classes (`UITableViewController` →
    /// `["UIViewController", "UIResponder", "NSObject"]`): extensions of a superclass reach
    /// the script's subclasses of its subclasses; nil for a class the host does not know.
    public func setHostSuperclasses(_ chains: @escaping (_ hostClass: String) -> [String]?) {
        core.hosting.hostSuperclasses = chains
    }

    /// Host classes whose `init()` calls one of their designated initializers (UIView's
    /// `init(frame: .zero)`), so that a subclass's override of it runs.
    public func setPlainInitDelegations(_ delegations: [String: PlainInitDelegation]) {
        core.hosting.plainInitDelegations = delegations
    }

    /// Host classes a script may name as values with `.self` (`register(UITableViewCell.self, ...)`).
    public var hostMetatypes: Set<String> {
        get { core.dynamicSelf.hostMetatypes }
        set { core.dynamicSelf.hostMetatypes = newValue }
    }
}

extension InterpreterCore {
    /// Runs a static member of `t` with `t` as its `self`.
    @inline(__always)
    func withStaticReceiver<T>(_ t: UserType, _ body: () throws -> T) rethrows -> T {
        guard t.kind == .class else { return try body() }
        let saved = dynamicSelf.receiver
        dynamicSelf.receiver = t
        defer { dynamicSelf.receiver = saved }
        return try body()
    }

    /// `self` in a static member declared in class `t`: the class it was called on.
    func staticSelf(_ t: UserType) -> UserType {
        guard let r = dynamicSelf.receiver, r !== t else { return t }
        if isSubclass(r, of: t) { return r }
        if protocols.builtinExtensions[t.name] === t, hostClassName(r) == t.name { return r }
        return t
    }
}

// MARK: - Extensions of host classes

extension InterpreterCore {
    /// `extension UITableViewCell: P { ... }`, `extension UITableView { ... }`: the members
    /// go to a holder class named like the host class. The script's classes that inherit
    /// from that host class inherit them (their own declarations win, as overrides), and the
    /// host's objects of exactly that class (a plain cell, the table view) answer them.
    /// nil when `name` is not a host class.
    func hoistHostClassExtension(_ name: String, _ members: TypeMembers, _ loc: SourceLocation) throws -> UserType? {
        guard userType(name) == nil, let memberNames = hosting.baseMemberNames, hosting.typeNames.contains(name),
              !hosting.valueTypes.contains(name) || !memberNames(name).isEmpty, !isProtocolName(name) else { return nil }
        if let r = members.whereClause.first {
            throw RuntimeError(UnsupportedMessage.whereOnExtension(name), at: r.location)
        }
        if !members.nestedTypes.isEmpty {
            throw RuntimeError(UnsupportedMessage.nestedTypesInExtension(name), at: loc)
        }
        if let p = members.properties.first(where: { $0.getter == nil && !$0.isStatic }) {
            throw RuntimeError(DeclarationMessage.extensionStoredProperty, at: p.location)
        }
        if !members.initializers.isEmpty { hoistHostExtensionInits(name, members.initializers) }
        var members = members
        members.initializers = []
        let holder: UserType
        if let h = protocols.builtinExtensions[name], h.kind == .class { holder = h } else {
            holder = UserType(kind: .class, name: name, id: Int32(types.count))
            let info = ClassInfo(superclass: nil, isFinal: false)
            info.hostSuperclass = name
            holder.classInfo = info
            types.append(holder)
            protocols.builtinExtensions[name] = holder
        }
        holder.classInfo?.conformances.formUnion(members.conformances)
        noteConformances(holder, members.conformances)
        fillMembers(holder, members)
        for f in members.methods { holder.methods[f.fullName]?.owner = holder }
        for p in members.properties where p.getter != nil { if let n = p.name { holder.computed[n]?.owner = holder } }
        for u in types where u !== holder && u.kind == .class && u.classInfo?.superclass == nil
            && protocols.builtinExtensions[u.name] !== u && hostClassChain(u.classInfo?.hostSuperclass).contains(name) {
            inheritHostExtensions(u, hostClass: u.classInfo?.hostSuperclass)
        }
        return holder
    }

    /// The convenience initializers of an extension of host class `name`: `UIColor(hex:)`
    /// runs one, whose `self.init(red:green:blue:alpha:)` makes the host's object.
    func hoistHostExtensionInits(_ name: String, _ initializers: [FunctionDecl]) {
        let holder: UserType
        if let h = protocols.hostExtensionInits[name] { holder = h } else {
            holder = UserType(kind: .struct, name: name, id: Int32(types.count))
            types.append(holder)
            protocols.hostExtensionInits[name] = holder
        }
        // A session's later declaration of an initializer replaces the earlier one.
        let names = Set(initializers.map(\.fullName))
        holder.initializers.removeAll { names.contains($0.fullName) }
        for n in names { holder.compiledInits[n] = nil }
        var members = TypeMembers()
        members.initializers = initializers
        fillMembers(holder, members)
    }

    /// Gives class `u` the members of its host class's extensions that it does not declare.
    func inheritHostExtension(_ u: UserType, from holder: UserType) {
        for (full, s) in holder.methods where u.methods[full] == nil || u.methods[full]?.owner === holder {
            u.methods[full] = s
            if let d = s.decl, !(u.methodsByBase[d.name]?.contains(full) ?? false) { u.methodsByBase[d.name, default: []].append(full) }
        }
        for (n, s) in holder.computed where u.computed[n] == nil || u.computed[n]?.owner === holder { u.computed[n] = s }
        for (n, g) in holder.staticStored where u.staticStored[n] == nil { u.staticStored[n] = g }
        u.classInfo?.conformances.formUnion(holder.classInfo?.conformances ?? [])
        noteConformances(u, Array(holder.classInfo?.conformances ?? []))
        typeGeneration &+= 1
    }

    /// A host class and its own superclasses, nearest first.
    func hostClassChain(_ hostClass: String?) -> [String] {
        guard let hostClass else { return [] }
        return [hostClass] + (hosting.hostSuperclasses(hostClass) ?? [])
    }

    /// Gives class `u` the members of the extensions of its host class and of that
    /// class's superclasses (`extension UIViewController` reaches a UITableViewController
    /// subclass); the nearest extension wins, the class's own declarations above all.
    func inheritHostExtensions(_ u: UserType, hostClass: String?) {
        for name in hostClassChain(hostClass) {
            if let h = hostExtensionHolder(name) { inheritHostExtension(u, from: h) }
        }
    }

    /// The extension holder of a host class, for a class that inherits from it (when filled).
    func hostExtensionHolder(_ hostClass: String?) -> UserType? {
        guard let hostClass, let h = protocols.builtinExtensions[hostClass], h.kind == .class else { return nil }
        return h
    }

    /// The nearest extension holder answering a host object (`o.typeName` names the host
    /// class; an extension of a superclass reaches it too) that declares what is asked.
    func hostExtension(of o: NativeObject, declaring declares: (UserType) -> Bool) -> UserType? {
        if protocols.builtinExtensions.isEmpty { return nil }
        for name in hostClassChain(o.typeName) {
            if let h = hostExtensionHolder(name), declares(h) { return h }
        }
        return nil
    }

    /// `obj.name` from an extension of the object's host class: a computed property.
    func hostExtensionMember(_ o: NativeObject, _ v: Value, _ name: String, _ cache: MemberCache, _ loc: SourceLocation,
                             _ m: Ctx) throws -> Value? {
        guard let h = hostExtension(of: o, cache, computed: name, declaring: { $0.computed[name].map { !$0.isStatic } ?? false }),
              let c = cache.hostComputed else { return nil }
        m.push(v)
        return try m.invoke(compiledMethod(h, c, fullName: name), argc: 1, location: loc)
    }

    /// `hostExtension(of:declaring:)` for a site: found for the object's host class at the
    /// site's first run, and again after a declaration; with the holder's computed property
    /// `computed` when one is asked for.
    func hostExtension(of o: NativeObject, _ cache: MemberCache, computed: String? = nil,
                       declaring declares: (UserType) -> Bool) -> UserType? {
        if protocols.builtinExtensions.isEmpty { return nil }
        let hostClass = o.typeName
        if cache.hostGeneration == typeGeneration, cache.hostClass == hostClass { return cache.hostHolder }
        let h = hostExtension(of: o, declaring: declares)
        cache.hostClass = hostClass
        cache.hostGeneration = typeGeneration
        cache.hostHolder = h
        cache.hostComputed = computed.flatMap { h?.computed[$0] }
        return h
    }
}

/// A method the host calls by its full name (`prepareForReuse()`, `layoutSubviews()`): its
/// base name and labels, and the cache a compiled call site would have, so a host that
/// calls it once per cell finds the method once per class, not once per call.
final class HostMethodCall {
    let name: String
    let labels: [String?]
    let cache: MemberCache

    init(_ fullName: String) {
        name = String(fullName[..<(fullName.firstIndex(of: "(") ?? fullName.endIndex)])
        var labels: [String?] = []
        if let open = fullName.firstIndex(of: "("), let close = fullName.lastIndex(of: ")") {
            labels = fullName[fullName.index(after: open)..<close].split(separator: ":").map { $0 == "_" ? nil : String($0) }
        }
        self.labels = labels
        cache = MemberCache(method: name)
    }
}

extension InterpreterCore {
    /// The host's calls by full name are known only when the host makes them; each name's
    /// parts and cache are made at its first call.
    func hostMethodCall(_ fullName: String) -> HostMethodCall {
        if let site = hostMethodCalls[fullName] { return site }
        let site = HostMethodCall(fullName)
        hostMethodCalls[fullName] = site
        return site
    }

    /// The handle of the host's reads of the member `name` by name.
    func hostMemberRead(_ name: String) -> HostMemberRead {
        if let read = hostMemberReads[name] { return read }
        let read = HostMemberRead(name)
        hostMemberReads[name] = read
        return read
    }

    /// The host's read of a table's property on the table's instance (the driver's
    /// `sections`), found as the general read of the instance finds it (a `lazy var`
    /// first, then the type's static members, then the table's properties), once per type
    /// and `typeGeneration`, and kept in the handle. nil: the general read answers.
    func hostTableRead(_ inst: TableInstance, _ read: HostMemberRead, _ loc: SourceLocation) throws -> Value? {
        let t = inst.type
        let site = read.tableSite
        if site.type !== t || site.generation != typeGeneration {
            let found = t.lazyProperties[read.name].map { .tableLazy($0) } ?? resolveStaticMember(of: t, read.member)
            if case .tableNotMade = found { return nil }
            site.type = t
            site.generation = typeGeneration
            site.found = found
        }
        switch site.found {
        case .unresolved, .none, .tableNotMade: return nil
        case .tableLazy, .tableField, .tableComputed: return try tableStaticMember(t, inst, site.found, read.name, loc)
        // The site holds what the type's static read finds: it reads it with no lookup.
        default: return try staticMember(of: t, read.member, loc, site: site)
        }
    }
}

/// A member the host reads by a name it knows before it runs (the driver's `sections` of
/// its table and `items` of each section): made once (`Interpreter.memberRead(_:)`) and
/// passed to each read, it keeps what the read found (the name's cache and IDs, a struct's
/// field, a table's property), so a read looks no name up. `Interpreter.member(_:of:)`
/// keeps one per name, found by the name on each read.
public final class HostMemberRead {
    public let name: String
    let cache: MemberCache
    let member: MemberName
    /// The member's ID, found at the first read of a host object.
    lazy var id = HostMemberID(name)
    /// A table's property, as a site naming it on the table's type keeps it.
    let tableSite = StaticMemberSite()
    /// The struct type whose stored property `name` was last (its serial: a handle keeps
    /// no type alive), the property's index, and `typeGeneration` then.
    @exclusivity(unchecked) var fieldTypeSerial = -1
    @exclusivity(unchecked) var fieldIndex = -1
    @exclusivity(unchecked) var fieldGeneration = -1

    init(_ name: String) {
        self.name = name
        cache = MemberCache(member: name)
        member = cache.memberName(name)
    }
}

extension Interpreter {
    /// The handle of the member `name`, for a caller that reads it again and again.
    public func memberRead(_ name: String) -> HostMemberRead { core.hostMemberRead(name) }

    /// A value's property (struct field or computed property, enum computed property or
    /// raw value, built-in property) through the handle `read`; nil when it has none.
    public func member(_ read: HostMemberRead, of value: Value) throws -> Value? {
        let name = read.name
        switch value {
        case .structValue(let s):
            if read.fieldTypeSerial == s.type.serial, read.fieldGeneration == core.typeGeneration,
               read.fieldIndex < s.fields.count { return s.fields[read.fieldIndex] }
            if let i = s.type.fieldIndex[name] {
                read.fieldTypeSerial = s.type.serial
                read.fieldIndex = i
                read.fieldGeneration = core.typeGeneration
                return s.fields[i]
            }
            guard s.type.computed[name] != nil else { return nil }
        case .enumCase(let tid, _):
            let t = core.types[Int(tid)]
            guard t.computed[name] != nil || (name == "rawValue" && t.rawValues != nil) else { return nil }
        case .payloadCase(let p):
            guard core.types[Int(p.typeID)].computed[name] != nil else { return nil }
        case .object(let o):
            return try o.member(id: read.id)
        default:
            break
        }
        let file = hostCallFile(declaredIn: core.declaringFile(of: value))
        do {
            return try guarded(file) {
                if case .type(.table(let inst)) = value, inst.type.kind == .table,
                   let x = try core.hostTableRead(inst, read, .unknown) { return x }
                return try core.getMember(value, name, read.cache, .unknown, core.machine)
            }
        } catch {
            if error.id == .typeHasNoMember || error.id == .valueHasNoMember || error.id == StandardMemberMessage.diagnosticID { return nil }
            throw error
        }
    }
}
