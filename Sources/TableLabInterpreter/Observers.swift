// `willSet` and `didSet` on stored variables and properties, called as Swift calls them:
// once per write of the whole property, whatever the write goes through (an assignment,
// `+=`, an element or a property below it, a mutating method, an inout write-back).
// The write is done on a copy: `willSet(newValue)` runs while the property still holds
// the old value, then the new value is stored, then `didSet(oldValue)` runs. A write to
// the property from its own observer stores without calling them again; an initializer
// (`init`, the declaration's own value) never calls them.
//
// Whether a property is observed is known when the code that writes it is compiled
// (observers are registered when types and top-level variables are hoisted), so writes
// of properties without observers keep their fast paths; a struct property write tests
// one empty dictionary.

import TableLabSyntax
import TableLabExhaustiveness

/// The observers of one stored variable or property.
final class PropertyObserver {
    let name: String
    let type: TypeSyntax?
    let willSet: (parameterName: String, body: [Stmt])?
    let didSet: (parameterName: String, body: [Stmt])?
    let location: SourceLocation
    /// Above zero while one of its observers runs: a write then stores without observers.
    @exclusivity(unchecked) var running = 0
    @exclusivity(unchecked) var compiledWill: CompiledFunction?
    @exclusivity(unchecked) var compiledDid: CompiledFunction?
    /// The class whose declaration wrote these observers (their `self`); nil elsewhere.
    private var ownerRef: Unretained<UserType>?
    var owner: UserType? {
        get { ownerRef?.object }
        set { ownerRef = newValue.map(Unretained.init) }
    }
    /// The superclass's observers of the same property, when these are an override's
    /// (`override var n: Int { didSet { } }`): they run inside, as super's setter would.
    var inner: PropertyObserver?

    /// Swift's "simple didSet" (SE-0268): no `willSet`, and a `didSet` whose body never
    /// names its old value. Swift then changes the property in place (no copy of the old
    /// value is kept), so `s.items.append(x)` does not copy the array.
    let isSimpleDidSet: Bool

    init(name: String, type: TypeSyntax?, _ o: PropertyObservers, location: SourceLocation) {
        self.name = name; self.type = type; willSet = o.willSet; didSet = o.didSet; self.location = location
        if o.willSet == nil, let d = o.didSet {
            var finder = NameFinder(name: d.parameterName)
            finder.walk(d.body)
            isSimpleDidSet = !finder.found
        } else {
            isSimpleDidSet = false
        }
    }
}

/// The class instance (or table) `v` holds.
@inline(never) func instanceOf(_ v: Value) -> TableInstance? {
    if case .type(.table(let inst)) = v { return inst }
    return nil
}

/// Whether a body names `name` anywhere (a conservative test: any identifier spelt so).
private struct NameFinder: SyntaxVisitor {
    let name: String
    var found = false
    mutating func visit(_ node: Expr) -> SyntaxVisitorContinueKind {
        if case .identifier(let n) = node.kind, n == name { found = true }
        return found ? .skipChildren : .visitChildren
    }
}

/// Where a local variable's observers live while its function runs: closures (they see
/// the function's other locals) in hidden slots.
struct LocalObserverSlots {
    let observer: PropertyObserver
    let willSlot: Int?
    let didSlot: Int?
    /// The hidden locals' names, by which closures capture them (boxed).
    let willName: String
    let didName: String
}

extension InterpreterCore {
    // MARK: Registration

    /// The observers of the top-level variables of a unit, before anything is compiled.
    func registerGlobalObservers(_ stmts: [Stmt]) {
        for s in stmts {
            guard case .declaration(.variable(let v)) = s.kind, let o = v.observers, let name = v.name else { continue }
            globalObservers[globalSlot(name)] = PropertyObserver(name: name, type: v.type, o, location: v.location)
        }
    }

    /// A stored property's observers (`fillMembers`): instance ones by field index, static
    /// ones by their global slot.
    func registerPropertyObservers(_ t: UserType, _ p: VariableDecl) {
        guard let o = p.observers, let n = p.name else { return }
        let po = PropertyObserver(name: n, type: p.type, o, location: p.location)
        if p.isStatic {
            if let g = t.staticStored[n] { globalObservers[g] = po }
        } else if let i = t.fieldIndex[n] {
            if t.kind == .class { po.owner = t }
            t.observers[i] = po
        }
    }

    /// An observer as a function: a method of `t` (mutating for a struct), static for a
    /// static property, a global function for a global.
    func observerFunction(_ o: PropertyObserver, did: Bool, owner t: UserType?, isStatic: Bool) -> CompiledFunction? {
        if let c = did ? o.compiledDid : o.compiledWill { return c }
        guard let (parameter, body) = did ? o.didSet : o.willSet else { return nil }
        let p = Parameter(label: nil, name: parameter, type: o.type, defaultValue: nil, location: o.location)
        let f = FunctionDecl(name: did ? "didSet" : "willSet", parameters: [p], returnType: nil, body: body, isStatic: isStatic,
                             isMutating: t?.kind == .struct && !isStatic, location: o.location)
        let t = o.owner ?? t
        let owner = t.map { "\($0.name)." } ?? ""
        // A stored property's own observers reach it in its storage, as Swift's do.
        let direct = t.flatMap { DirectStorage(observersOf: o.name, in: $0) }
        let c = inFile(t?.file) {
            compileFunction(f, selfType: t, isStaticContext: isStatic, displayName: "\(owner)\(o.name).\(did ? "didset" : "willset")",
                            directStorage: direct, typedSelf: true)
        }
        if did { o.compiledDid = c } else { o.compiledWill = c }
        return c
    }

    /// Runs `body`, the rest of a modify path below a property; true when that path went on
    /// through a class instance or a host object. Swift then only reads the property (its
    /// getter runs; its setter, `willSet` and `didSet` do not): `h.box.x = 1` changes the
    /// instance `h.box` refers to, not `h.box`.
    func passesThroughReference(_ body: () throws -> Void) rethrows -> Bool {
        let above = steppedThroughReference
        steppedThroughReference = false
        defer { steppedThroughReference = above || steppedThroughReference }
        try body()
        return steppedThroughReference
    }

    // MARK: Whole variables (globals, static properties, locals)

    /// `lv` (a global, a static property, a local) with its observers run around each write.
    func observedLValue(_ lv: LValue, _ o: PropertyObserver, will: ((Ctx, Value) throws -> Void)?,
                        did: ((Ctx, Value) throws -> Void)?) -> LValue {
        LValue(modify: { [core = Unretained(self)] m, body in
            if o.running > 0 { try lv.modify(m, body); return }
            if o.isSimpleDidSet {
                if try core.object.passesThroughReference({ try lv.modify(m, body) }) { return }
                o.running += 1
                defer { o.running -= 1 }
                try did?(m, .void)
                return
            }
            var old = Value.void
            var imm: Immutability? = nil
            try lv.modify(m) { v, im in old = v; imm = im }
            var new = old
            if try core.object.passesThroughReference({ try body(&new, imm) }) { return }
            o.running += 1
            defer { o.running -= 1 }
            try will?(m, new)
            try lv.modify(m) { v, _ in v = new }
            try did?(m, old)
        }, immutableReason: lv.immutableReason, rootDeclaredAt: lv.rootDeclaredAt)
    }

    /// A global's or static property's observers: functions run with the value.
    func observedGlobalLValue(_ lv: LValue, _ o: PropertyObserver, owner: UserType?, _ loc: SourceLocation) -> LValue {
        let isStatic = owner != nil
        let run: (Bool) -> ((Ctx, Value) throws -> Void)? = { [core = Unretained(self)] did in
            guard (did ? o.didSet : o.willSet) != nil else { return nil }
            return { m, v in
                guard let f = core.object.observerFunction(o, did: did, owner: owner, isStatic: isStatic) else { return }
                m.push(v)
                _ = try m.invoke(f, argc: 1, location: loc)
            }
        }
        return observedLValue(lv, o, will: run(false), did: run(true))
    }

    /// A local's observers: the closures in its hidden slots.
    func observedLocalLValue(_ lv: LValue, _ s: LocalObserverSlots, _ loc: SourceLocation) -> LValue {
        func run(_ slot: Int?) -> ((Ctx, Value) throws -> Void)? {
            guard let slot else { return nil }
            return { m, v in
                guard case .function(let fv) = m.pointee.fp[slot].unboxed else { return }
                _ = try m.callValue(fv, [v], location: loc)
            }
        }
        return observedLValue(lv, s.observer, will: run(s.willSlot), did: run(s.didSlot))
    }

    /// A local with observers written from a closure or nested function: its observers
    /// are captured with it.
    func observedCapturedLValue(_ lv: LValue, _ name: String, _ l: Local, _ scope: FnScope, _ loc: SourceLocation) -> LValue? {
        var s = scope.parent
        var found: LocalObserverSlots? = nil
        while let x = s {
            if let d = x.findLocal(name) {
                if d.slot == l.slot { found = x.observedLocals[d.slot] }
                break
            }
            s = x.parent
        }
        guard let found else { return nil }
        func run(_ has: Bool, _ hidden: String) -> ((Ctx, Value) throws -> Void)? {
            guard has, let (i, _) = scope.findCapture(hidden) else { return nil }
            return { m, v in
                guard case .function(let fv) = m.pointee.env[i].value else { return }
                _ = try m.callValue(fv, [v], location: loc)
            }
        }
        return observedLValue(lv, found.observer, will: run(found.willSlot != nil, found.willName),
                              did: run(found.didSlot != nil, found.didName))
    }

    /// `var x = 0 { didSet { ... } }` in a function: the variable is boxed, its observers
    /// are closures made when the declaration runs.
    func declareLocalObservers(_ v: VariableDecl, _ o: PropertyObservers, _ scope: FnScope, slot: Int) -> Exec {
        guard let name = v.name else { return { _ in .normal } }
        let po = PropertyObserver(name: name, type: v.type, o, location: v.location)
        var makers: [(Int, Eval)] = []
        let at = "\(v.location.line):\(v.location.column)"
        let willName = "&willSet \(name)@\(at)", didName = "&didSet \(name)@\(at)"
        func closure(_ a: (parameterName: String, body: [Stmt])?, _ kind: String, _ hidden: String) -> Int? {
            guard let a else { return nil }
            let p = Parameter(label: nil, name: a.parameterName, type: v.type, defaultValue: nil, location: v.location)
            let make = compileClosureLike(parameters: [p], returnType: nil, body: a.body, shorthandCount: 0, scope,
                                          name: "\(name).\(kind)", location: v.location)
            // Boxed, so that a closure writing the variable captures its observers too.
            scope.alwaysBoxed.insert(hidden)
            let s = scope.declare(hidden, isLet: true, type: nil).slot
            makers.append((s, make))
            return s
        }
        let slots = LocalObserverSlots(observer: po, willSlot: closure(o.willSet, "willset", willName),
                                       didSlot: closure(o.didSet, "didset", didName), willName: willName, didName: didName)
        scope.observedLocals[slot] = slots
        return { m in
            for (s, make) in makers { m.pointee.fp[s] = .box(VarBox(try make(m))) }
            return .normal
        }
    }

    // MARK: Properties of struct values and tables

    /// A write of an observed property of the struct or table in `v` (the holder).
    func modifyObservedField(_ m: Ctx, _ v: inout Value, _ t: UserType, _ i: Int, _ o: PropertyObserver,
                             _ im: Immutability?, _ loc: SourceLocation, _ body: ModifyBody) throws {
        if o.isSimpleDidSet, o.inner == nil, try modifySimpleObserved(m, &v, t, i, o, im, loc, body) { return }
        let old: Value
        switch v {
        case .structValue(let s): old = s.fields[i]
        case .type(.table(let inst)): old = try loadedReference(inst.fields[i], loc) ?? inst.fields[i]
        default: return
        }
        var new = old
        if try passesThroughReference({ try body(&new, im) }) { return }
        if let ft = t.fieldTypes[i], !quickConforms(new, ft) { new = try storedAs(new, ft, loc) }
        try runObservers(m, &v, t, i, o, old: old, new: new, loc)
    }

    /// A property whose only observer is a simple `didSet`: changed where it is stored, then
    /// `didSet` runs (its old value is never read). False when the holder is not one this
    /// handles (a weak or unowned property keeps the general path).
    private func modifySimpleObserved(_ m: Ctx, _ v: inout Value, _ t: UserType, _ i: Int, _ o: PropertyObserver,
                                      _ im: Immutability?, _ loc: SourceLocation, _ body: ModifyBody) throws -> Bool {
        let ft = t.fieldTypes[i]
        modifyEpoch &+= 1
        let epoch = modifyEpoch
        // Not inside a `switch v`: its copy of `v` would keep the property shared.
        if let inst = instanceOf(v) {
            if !t.referenceFields.isEmpty, t.referenceFields[i] != nil { return false }
            let countBefore = arrayCount(inst.fields[i])
            if try passesThroughReference({ try body(&inst.fields[i], im) }) { return true }
            if let ft, try !checkedOnlyAppended(&inst.fields[i], ft, epoch, countBefore, loc), !quickConforms(inst.fields[i], ft) {
                inst.fields[i] = try storedAs(inst.fields[i], ft, loc)
            }
        } else {
            let through = try v.withStruct { (s: inout StructValue) throws -> Bool in
                let countBefore = self.arrayCount(s.fields[i])
                if try self.passesThroughReference({ try body(&s.fields[i], im) }) { return true }
                if let ft, try !self.checkedOnlyAppended(&s.fields[i], ft, epoch, countBefore, loc), !self.quickConforms(s.fields[i], ft) {
                    s.fields[i] = try self.storedAs(s.fields[i], ft, loc)
                }
                return false
            }
            guard let through else { return false }
            if through { return true }
        }
        o.running += 1
        defer { o.running -= 1 }
        if let f = observerFunction(o, did: true, owner: t, isStatic: false) { try callObserver(m, f, &v, .void, loc) }
        return true
    }

    /// willSet, the store (through the overridden property's observers, if any), didSet.
    private func runObservers(_ m: Ctx, _ v: inout Value, _ t: UserType, _ i: Int, _ o: PropertyObserver,
                              old: Value, new: Value, _ loc: SourceLocation) throws {
        o.running += 1
        defer { o.running -= 1 }
        if let f = observerFunction(o, did: false, owner: t, isStatic: false) { try callObserver(m, f, &v, new, loc) }
        if let inner = o.inner, inner.running == 0 {
            try runObservers(m, &v, t, i, inner, old: old, new: new, loc)
        } else {
            switch v {
            case .structValue: _ = v.withStruct { $0.fields[i] = new }
            case .type(.table(let inst)):
                if !t.referenceFields.isEmpty, let strength = t.referenceFields[i] {
                    inst.fields[i] = referenceStorage(new, strength) ?? new
                } else {
                    inst.fields[i] = new
                }
            default: break
            }
        }
        if let f = observerFunction(o, did: true, owner: t, isStatic: false) { try callObserver(m, f, &v, old, loc) }
    }

    /// Runs an observer method with `self` the holder (changed in place when mutating).
    func callObserver(_ m: Ctx, _ f: CompiledFunction, _ holder: inout Value, _ arg: Value, _ loc: SourceLocation) throws {
        m.push(arg)
        if !f.isMutating {
            m.push(holder)
            var ignored = Value.void
            _ = try m.invokeMethod(f, argc: 2, location: loc, selfOut: &ignored)
            return
        }
        m.push(moving: &holder)
        _ = try m.invokeMethod(f, argc: 2, location: loc, selfOut: &holder)
    }

    /// A table property written where it is stored (`items = x` in a table method): with
    /// observers, through the table's value so that they run.
    func observedTableFieldLValue(_ t: UserType, _ name: String, _ loc: SourceLocation) -> LValue? {
        guard let i = t.fieldIndex[name], t.observers[i] != nil else { return nil }
        return LValue(modify: { [core = Unretained(self), t = Unretained(t)] m, body in
            guard let inst = t.object.instance else { throw RuntimeError(UnsupportedMessage.tableNotReady(t.object.name), at: loc) }
            var holder = Value.type(.table(inst))
            try core.object.modifyMember(m, &holder, name, nil, loc, body)
        }, immutableReason: nil)
    }

    /// Runs an initializer's body: the properties it sets do not call their observers.
    func withoutObservers<R>(_ body: () throws -> R) rethrows -> R {
        observerBypass += 1
        defer { observerBypass -= 1 }
        return try body()
    }
}

extension InterpreterCore {
    /// `var x = 0 { didSet { } }` in a function: declared boxed (its observers are closures
    /// that may see it), then its observers are made.
    func compileObservedLocal(_ v: VariableDecl, _ scope: FnScope, keywordAt: SourceLocation) -> Exec {
        guard let o = v.observers, let name = v.name else { return { _ in .normal } }
        var plain = v
        plain.observers = nil
        scope.alwaysBoxed.insert(name)
        let declare = compileVariable(plain, scope, keywordAt: keywordAt)
        guard let l = scope.findLocal(name) else { return declare }
        let make = declareLocalObservers(v, o, scope, slot: l.slot)
        return { m in
            _ = try declare(m)
            return try make(m)
        }
    }
}
