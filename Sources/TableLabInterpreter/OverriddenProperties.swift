// A stored property overridden by a computed one (`class B: A { override var x: Int { get
// { super.x * 2 } set { super.x = newValue } } }`), dispatched as Swift does: every access
// through an instance of B, the superclass's own code included, runs B's accessors, and
// `super.x` reaches the storage A declared.
//
// The layout stays as it is (B's instances keep A's slot for `x`: the storage `super.x`
// reaches). What changes is chosen once, when B is declared (`noteComputedOverrides`):
// - B's `fieldIndex` no longer lists `x`: B's computed `x` answers the name, so every
//   lookup by name on a B (a member read or write and their per-type caches, the static
//   checks) finds the override without a test of its own;
// - B's `fieldOverrides` maps the slot to the override (inherited by B's subclasses, and
//   replaced by a deeper override). Code compiled for A that reaches `x` by its slot (an
//   implicit `x` in A's methods, `x = v`, `x += 1`) asks the instance's class, where the
//   dictionary is empty for every class that overrides nothing.
// - Swift reaches the storage itself, past any override, in the initializers and `deinit`
//   of the class that declares the property and in its own observers (`DirectStorage`).

import TableLabSyntax

/// The stored properties of `self` a body reaches in their storage, past any subclass's
/// computed override.
enum DirectStorage {
    case none
    /// An initializer or `deinit` of a class: its own stored properties, the fields from
    /// this index on (the superclass's come first).
    case ownFields(from: Int)
    /// A stored property's own `willSet`/`didSet`, in the class that declares it.
    case field(Int)

    init(ofBody name: String, in t: UserType) {
        guard t.kind == .class, name == "init" || name == "deinit" else { self = .none; return }
        self = .ownFields(from: t.classInfo?.superclass?.fieldNames.count ?? 0)
    }

    /// An override's observers (`override var x: Int { didSet { } }`) reach `x` as any
    /// other code does.
    init?(observersOf name: String, in t: UserType) {
        guard t.kind == .class, let i = t.fieldIndex[name], i >= t.classInfo?.superclass?.fieldNames.count ?? 0 else { return nil }
        self = .field(i)
    }

    func reaches(_ i: Int) -> Bool {
        switch self {
        case .none: return false
        case .ownFields(let from): return i >= from
        case .field(let f): return f == i
        }
    }
}

extension UserType {
    /// The slot of the stored property `name`, also where a computed override answers for
    /// the name (a redeclaration carries the storage across by it).
    func storageIndex(of name: String) -> Int? {
        if let i = fieldIndex[name] { return i }
        guard !fieldOverrides.isEmpty, let i = fieldNames.firstIndex(of: name), fieldOverrides[i] != nil else { return nil }
        return i
    }
}

extension InterpreterCore {
    /// After the class's members are filled: its computed properties that override a stored
    /// one answer for that slot from now on, on its instances and its subclasses'.
    func noteComputedOverrides(_ t: UserType, _ names: [String]) {
        for n in names {
            guard let i = t.fieldIndex[n] else { continue }
            t.fieldIndex[n] = nil
            t.fieldOverrides[i] = t.computed[n]
        }
        // A subclass's override of the overriding property (`class C: B { override var x }`).
        for i in Array(t.fieldOverrides.keys) where i < t.fieldNames.count {
            if let c = t.computed[t.fieldNames[i]], !c.isStatic { t.fieldOverrides[i] = c }
        }
    }

    /// The computed property answering for field `i` of `inst`; nil when the field is read
    /// and written as stored.
    @inline(__always) func fieldOverride(_ inst: TableInstance, _ i: Int) -> MethodSlot? {
        let t = inst.type
        return t.fieldOverrides.isEmpty ? nil : t.fieldOverrides[i]
    }

    /// The override's getter on `inst`.
    func readOverriddenField(_ m: Ctx, _ inst: TableInstance, _ c: MethodSlot, _ name: String, _ loc: SourceLocation) throws -> Value {
        m.push(.type(.table(inst)))
        return try m.invoke(compiledMethod(inst.type, c, fullName: name), argc: 1, location: loc)
    }

    /// A change of an overridden field through the override (its getter, then its setter; a
    /// plain store calls only the setter), found by name on the instance's class.
    func modifyOverriddenField(_ m: Ctx, _ inst: TableInstance, _ name: String, _ loc: SourceLocation, storeOnly: Bool,
                               _ body: ModifyBody) throws {
        var holder = Value.type(.table(inst))
        try modifyMember(m, &holder, name, nil, loc, body, storeOnly: storeOnly)
    }

    /// `super.x = v`, `super.x += 1`: the superclass's computed property's accessors, or its
    /// stored property itself with the observers the superclass and its ancestors declare
    /// (not those a subclass added). Nil when the superclass has no such property.
    func superPropertyLValue(_ sup: UserType, _ name: String, _ scope: FnScope, _ loc: SourceLocation,
                             storeOnly: Bool) -> LValue? {
        let selfRead = compileIdentifier("self", scope, loc)
        if let c = sup.computed[name], !c.isStatic {
            return LValue(modify: { [core = Unretained(self), sup = Unretained(sup)] m, body in
                let me = try selfRead(m)
                try core.object.modifyThroughAccessors(m, me, sup.object, c, name, loc, storeOnly: storeOnly, body)
            }, immutableReason: nil)
        }
        if let lp = sup.lazyProperties[name] { return superLazyLValue(sup, lp, selfRead, loc, storeOnly: storeOnly) }
        guard let i = sup.fieldIndex[name] else { return nil }
        let isLet = sup.fieldIsLet[i]
        return LValue(modify: { [core = Unretained(self), sup = Unretained(sup)] m, body in
            guard case .type(.table(let inst)) = try selfRead(m), i < inst.fields.count else {
                throw RuntimeError(LookupMessage.cannotFindInScope("super"), at: loc)
            }
            let core = core.object
            if isLet, !core.isUninitialized(inst.fields[i]) {
                var x = inst.fields[i]
                try body(&x, Immutability(reason: "'\(name)' is a 'let' constant", isProperty: true, declaredAt: sup.object.fieldLocations[i]))
                return
            }
            var holder = Value.type(.table(inst))
            if !sup.object.observers.isEmpty, core.observerBypass == 0, let o = sup.object.observers[i], o.running == 0 {
                try core.modifyObservedField(m, &holder, sup.object, i, o, nil, loc, body)
                return
            }
            // The observers a subclass added to the property are not super's.
            try core.withoutObservers { try core.modifyInstanceField(m, &holder, inst, i, name, nil, loc, body) }
        }, immutableReason: nil)
    }

    /// `super.x = v` of the superclass's `lazy var` (under a computed override): its storage.
    /// A plain store runs no initializer, as in Swift.
    private func superLazyLValue(_ sup: UserType, _ lp: LazyProperty, _ selfRead: @escaping Eval, _ loc: SourceLocation,
                                 storeOnly: Bool) -> LValue {
        LValue(modify: { [core = Unretained(self), sup = Unretained(sup)] m, body in
            guard case .type(.table(let inst)) = try selfRead(m), lp.storage < inst.fields.count else {
                throw RuntimeError(LookupMessage.cannotFindInScope("super"), at: loc)
            }
            let core = core.object
            var x = storeOnly ? Value.void : try core.lazyRead(m, inst, sup.object, lp, loc) ?? .void
            try body(&x, nil)
            inst.fields[lp.storage] = .wrapped(try lp.type.map { try core.storedAs(x, $0, loc) } ?? x)
        }, immutableReason: nil)
    }

    /// A computed property of `t` changed on the instance `me`: its getter (unless the
    /// change is a plain store), the change, its setter.
    func modifyThroughAccessors(_ m: Ctx, _ me: Value, _ t: UserType, _ c: MethodSlot, _ name: String, _ loc: SourceLocation,
                                storeOnly: Bool, _ body: ModifyBody) throws {
        var x = Value.void
        if !storeOnly || c.setter == nil {
            m.push(me)
            x = try m.invoke(compiledMethod(t, c, fullName: name), argc: 1, location: loc)
        }
        if try passesThroughReference({ try body(&x, nil) }) { return }
        guard let setter = compiledSetter(t, c, name: name) else {
            throw RuntimeError(AssignmentMessage.getOnlyProperty(name), at: loc)
        }
        m.push(setterArgument(x, c))
        m.push(me)
        var ignored = Value.void
        _ = try m.invokeMethod(setter, argc: 2, location: loc, selfOut: &ignored)
    }
}

/// What a class declaration's property overrides need beyond a computed property's slot
/// (Classes.swift's `checkPropertyOverrides`).
struct PropertyOverrides {
    /// `override var x: Int { didSet { } }` over an inherited stored property: observers
    /// wrapped around its own.
    var observers: [VariableDecl]
    /// Computed properties overriding an inherited stored one.
    var computedOverStored: [String]
    /// Observers over an inherited computed property, made the computed property Swift
    /// makes of them (`observingOverride`).
    var observingComputed: [VariableDecl]
    /// Computed properties overriding an inherited `lazy var`.
    var computedOverLazy: [String]
}

/// Whether a body returns from itself (not from a closure or a function inside it).
private struct ReturnFinder: SyntaxVisitor {
    var found = false
    mutating func visit(_ node: Stmt) -> SyntaxVisitorContinueKind {
        if case .return = node.kind { found = true }
        return found ? .skipChildren : .visitChildren
    }
    mutating func visit(_ node: Expr) -> SyntaxVisitorContinueKind {
        if case .closure = node.kind { return .skipChildren }
        return found ? .skipChildren : .visitChildren
    }
    mutating func visit(_ node: Decl) -> SyntaxVisitorContinueKind {
        if case .function = node { return .skipChildren }
        return .visitChildren
    }
}

/// Whether a body names `name` anywhere (any identifier spelt so).
private struct IdentifierFinder: SyntaxVisitor {
    let name: String
    var found = false
    mutating func visit(_ node: Expr) -> SyntaxVisitorContinueKind {
        if case .identifier(let n) = node.kind, n == name { found = true }
        return found ? .skipChildren : .visitChildren
    }
}

extension InterpreterCore {
    /// `override var x: Int { willSet { } didSet { } }` over an inherited computed property,
    /// as Swift has it: the getter is super's, and the setter reads the old value through
    /// super's getter (only when `didSet` names it), runs `willSet`, super's setter, then
    /// `didSet`. Inside them `x` is the instance's property as anywhere else (a write there
    /// runs this setter again, as in Swift).
    func observingOverride(_ p: VariableDecl, _ o: PropertyObservers, _ name: String) throws -> VariableDecl {
        let at = p.location
        let superProperty = Expr(.member(Expr(.identifier("super"), at: at), name), at: at)
        let newName = o.willSet?.parameterName ?? "newValue"
        var body: [Stmt] = []
        if let d = o.didSet {
            var finder = IdentifierFinder(name: d.parameterName)
            finder.walk(d.body)
            if finder.found {
                let old = VariableDecl(isLet: true, pattern: Pattern(.binding(name: d.parameterName, isVar: false), at: at),
                                       type: p.type, initializer: superProperty, location: at)
                body.append(Stmt(.declaration(.variable(old)), at: at))
            }
        }
        if let w = o.willSet {
            var finder = ReturnFinder()
            finder.walk(w.body)
            if !finder.found {
                body.append(Stmt(.block(w.body), at: at))
            } else {
                // Its `return` ends `willSet` alone, not the setter before the store: the body
                // is a function of its own there, called with the new value.
                guard let type = p.type else { throw RuntimeError(UnsupportedMessage.returnInOverridingWillSet(name), at: at) }
                let parameter = Parameter(label: nil, name: w.parameterName, type: type, defaultValue: nil, location: at)
                let willSet = FunctionDecl(name: "willSet", parameters: [parameter], returnType: nil, body: w.body, location: at)
                let call = Expr(.call(Expr(.identifier("willSet"), at: at), [Argument(label: nil, value: Expr(.identifier(newName), at: at), location: at)]),
                                at: at)
                body.append(Stmt(.declaration(.function(willSet)), at: at))
                body.append(Stmt(.expression(call), at: at))
            }
        }
        body.append(Stmt(.assignment(target: superProperty, op: .assign, value: Expr(.identifier(newName), at: at)), at: at))
        if let d = o.didSet { body.append(Stmt(.block(d.body), at: at)) }
        var q = p
        q.getter = [Stmt(.return(superProperty), at: at)]
        q.setter = (newName, body)
        q.observers = nil
        return q
    }
}
