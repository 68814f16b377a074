// Script classes that inherit from a host class (`class MyCell: UITableViewCell`,
// `class SettingsViewController: UIViewController`): the instance is the script's
// (`TableInstance`, its own stored properties and methods), and the members the class
// does not declare are the host's, answered by a `NativeObject` the host makes for each
// instance on first use, as UIKit's part of the object. Swift looks a name up in the class
// before its superclass, so the script's own members always win; `super.name(...)`
// reaches the host's part directly.

import TableLabSyntax

extension InterpreterCore {
    /// The host class at the root of `t`'s superclass chain, if any.
    func hostClassName(_ t: UserType) -> String? {
        switch t.kind {
        case .class: return t.classInfo?.hostSuperclass
        case .table: return hosting.superclass?.name
        case .struct, .enum: return nil
        }
    }

    /// The host's part of `inst`, made on first use; nil when its class has none.
    func hostBase(_ inst: TableInstance) -> NativeObject? {
        if let h = inst.host { return h }
        guard let make = hosting.makeBase, let name = hostClassName(inst.type), let h = make(name, inst) else { return nil }
        inst.host = h
        return h
    }

    /// Whether the host class of `t` answers `name` (a property, or a method's full name).
    func hostBaseHasMember(_ t: UserType, _ name: String) -> Bool {
        guard let names = hosting.baseMemberNames, let h = hostClassName(t) ?? hostClassInitialized(by: t) else { return false }
        return names(h).contains(name)
    }

    /// Whether the host class of `t` has a method of base name `name` (`addSubview`).
    func hostBaseHasMethod(_ t: UserType, named name: String) -> Bool {
        guard let names = hosting.baseMemberNames, let h = hostClassName(t) ?? hostClassInitialized(by: t) else { return false }
        return names(h).contains { $0.hasPrefix(name + "(") }
    }

    /// The host names `name` for `inst`'s host class but makes no part for it (a script's
    /// own UIView subclass): an error that says so, not swiftc's "no member" in its place.
    func unsimulatedHostPart(_ inst: TableInstance, _ name: String, _ loc: SourceLocation) -> RuntimeError? {
        guard hostBaseHasMember(inst.type, name) || hostBaseHasMethod(inst.type, named: name),
              let host = hostClassName(inst.type) else { return nil }
        return RuntimeError(UnsupportedMessage.hostMemberOfSubclass(host: host, member: name, subclass: inst.type.name), at: loc)
    }

    /// `inst.name` when the script's class does not declare `name`.
    func hostBaseMember(_ inst: TableInstance, _ name: String, _ cache: MemberCache, _ loc: SourceLocation) throws -> Value? {
        // NSObject's `debugDescription` is the class's own `description`.
        if name == "debugDescription", inst.type.computed["description"] != nil,
           let text = customDescription(.type(.table(inst)), debug: true) {
            if let e = pendingDescribeError { pendingDescribeError = nil; throw e }
            return .string(text)
        }
        guard let h = hostBase(inst) else {
            if let e = unsimulatedHostPart(inst, name, loc) { throw e }
            return nil
        }
        return try RuntimeError.placingHostErrors(at: loc) { try h.member(id: cache.hostMemberID(name)) }
    }

    /// `inst.name(args)` when the script's class has no such method; the arguments are the
    /// top `argc` stack slots, consumed only when the host answers.
    func callHostBaseMethod(_ m: Ctx, _ inst: TableInstance, _ method: HostMemberID, _ argc: Int, _ loc: SourceLocation) throws -> Value? {
        guard let h = hostBase(inst) else {
            if let e = unsimulatedHostPart(inst, method.name, loc) { throw e }
            return nil
        }
        let a = Array(UnsafeBufferPointer(start: m.pointee.sp - argc, count: argc))
        guard let r = try RuntimeError.placingHostErrors(at: loc, { try h.callMethod(id: method, a) }) else { return nil }
        m.pop(argc)
        return r
    }

    /// Changes `inst.name` through the host's part (`cell.textLabel?.text = x` reaches the
    /// label; `title = x` stores). False when the host has no such member.
    func modifyHostBaseMember(_ inst: TableInstance, _ member: HostMemberID, _ loc: SourceLocation, _ body: ModifyBody) throws -> Bool {
        guard let h = hostBase(inst) else {
            if let e = unsimulatedHostPart(inst, member.name, loc) { throw e }
            return false
        }
        return try modifyObjectMember(h, member, loc, body)
    }

    /// Changes a member of a host object in place; false when it has no such member.
    func modifyObjectMember(_ o: NativeObject, _ member: HostMemberID, _ loc: SourceLocation, _ body: ModifyBody) throws -> Bool {
        let read: Value?
        do {
            read = try RuntimeError.placingHostErrors(at: loc, { try o.member(id: member) })
        } catch let unset as RuntimeError where unset.isUnsetHostValue {
            // `view.tintColor = .red` needs no old value; anything that reads it
            // (`+=`, a member of it) fails on nil and reports the unset read instead.
            var x = Value.nilValue
            do { try body(&x, nil) } catch { throw unset }
            if !(try RuntimeError.placingHostErrors(at: loc) { try o.setMember(id: member, x) }) { throw unset }
            return true
        }
        guard var x = read else { return false }
        let before = x
        try body(&x, nil)
        // A reference reached through the path (a cell's label) was changed in place.
        // A non-mutating call on the member (`CommandLine.arguments.dropFirst()`) left
        // it as it was: nothing to store, and a get-only member is no error then.
        if sameObject(before, x) || (before.isNil && x.isNil) || before == x { return true }
        if !(try RuntimeError.placingHostErrors(at: loc) { try o.setMember(id: member, x) }) {
            throw RuntimeError(AssignmentMessage.getOnlyProperty(member.name), at: loc)
        }
        return true
    }
}

extension Interpreter {
    /// Lets classes inherit from host classes with state of their own: `make` builds the
    /// host's part of each instance (nil: none), `memberNames` lists what a host class
    /// answers by name (properties; methods by full name, `addSubview(_:)`), which a
    /// subclass may then name without `self.`.
    public func setHostBase(memberNames: @escaping (_ hostClass: String) -> Set<String>,
                            make: @escaping (_ hostClass: String, _ instance: TableInstance) -> NativeObject?) {
        core.hosting.baseMemberNames = memberNames
        core.hosting.makeBase = make
    }

    /// The host's part of a script object (`.type(.table(inst))`), made if needed; nil for
    /// any other value, and for instances of classes without a host superclass.
    public func hostBase(of value: Value) -> NativeObject? {
        guard case .type(.table(let inst)) = value.unboxed else { return nil }
        return core.hostBase(inst)
    }

    /// The host class at the root of a script class's superclass chain (`UITableViewCell`
    /// for `class B: A` with `class A: UITableViewCell`); nil when there is none.
    public func hostClass(ofType name: String) -> String? {
        core.userType(name).flatMap { core.hostClassName($0) }
    }
}

// MARK: - Screens that are instances (`class SettingsViewController: UIViewController`)

extension InterpreterCore {
    /// `self` at the top level while it stands inside a class instance (`:use` of a screen).
    func topLevelInstanceSelf(_ t: UserType, _ loc: SourceLocation) -> Eval {
        { [core = Unretained(self)] _ in
            guard let inst = core.object.hosting.topLevelInstance, inst.type === t else {
                throw RuntimeError(LookupMessage.cannotFindInScope("self"), at: loc)
            }
            return .type(.table(inst))
        }
    }
}

extension Interpreter {
    /// Stands the top level inside a class instance (`:use` of a screen that is an
    /// instance): its members are in scope unqualified and `self` is it. nil: none.
    public var topLevelInstance: Value? {
        get { core.hosting.topLevelInstance.map { .type(.table($0)) } }
        set {
            if case .type(.table(let inst))? = newValue?.unboxed, inst.type.kind == .class {
                core.hosting.topLevelInstance = inst
            } else {
                core.hosting.topLevelInstance = nil
            }
        }
    }

    /// The classes declared so far whose host class (at the root of their superclass
    /// chain) is one of `hostClasses`, in declaration order.
    public func classNames(inheritingFrom hostClasses: Set<String>) -> [String] {
        core.typeSlots.values.compactMap { $0.current }
            .filter { $0.kind == .class && !$0.isBuiltin && core.hostClassName($0).map(hostClasses.contains) == true }
            .sorted { $0.id < $1.id }.map(\.name)
    }

    /// The singleton of a `table` block, nil when there is no such table.
    public func tableSingleton(_ name: String) -> Value? {
        guard let t = core.userType(name), t.kind == .table, let inst = t.instance else { return nil }
        return .type(.table(inst))
    }

    /// The script type of an instance or table singleton, as declared now (nil otherwise).
    public func instanceTypeName(_ value: Value) -> String? {
        guard case .type(.table(let inst)) = value.unboxed else { return nil }
        return inst.type.name
    }

    /// Whether the instance's class (or table) declares the conformance `proto`, itself or
    /// through a superclass or an extension.
    public func instanceConforms(_ value: Value, to proto: String) -> Bool {
        guard case .type(.table(let inst)) = value.unboxed else { return false }
        if let info = inst.type.classInfo { return info.conformances.contains(proto) }
        return inst.type.conformances.contains(proto)
    }

    /// The instance method `fullName` of the value's class (or table), nil when it has none.
    public func instanceMethod(of value: Value, _ fullName: String) -> TableMethodHandle? {
        guard case .type(.table(let inst)) = value.unboxed, let slot = inst.type.methods[fullName], slot.decl != nil,
              !slot.isStatic else { return nil }
        return TableMethodHandle(type: inst.type, function: core.compiledMethod(inst.type, slot, fullName: fullName),
                                 fullName: fullName)
    }

    /// The full names of the methods of the value's class (or table), own and inherited.
    public func instanceMethodNames(of value: Value) -> [String] {
        guard case .type(.table(let inst)) = value.unboxed else { return [] }
        return inst.type.methods.filter { $0.value.decl != nil && !$0.value.isStatic }.keys.sorted()
    }

    /// Calls a resolved method on an instance (or a table's singleton).
    public func call(_ method: TableMethodHandle, on target: Value, _ arguments: [Value]) throws -> Value {
        let file = hostCallFile(declaredIn: method.function.file)
        return try guarded(file) { () throws -> Value in
            let m = core.machine
            for a in arguments { m.push(a) }
            m.push(target.unboxed)
            var out = Value.void
            return try m.invokeMethod(method.function, argc: arguments.count + 1, location: .unknown, selfOut: &out)
        }
    }

    /// Evaluates an expression at file scope (no `:use` self), as code outside any
    /// view controller does: a storyboard making a screen (`SettingsViewController(coder: coder)`).
    public func evaluateAtFileScope(_ file: SourceFile) throws(Diagnostic) -> Value {
        let saved = (core.hosting.topLevelTableName, core.hosting.topLevelInstance)
        core.hosting.topLevelTableName = nil
        core.hosting.topLevelInstance = nil
        defer { (core.hosting.topLevelTableName, core.hosting.topLevelInstance) = saved }
        return try evaluate(file)
    }

    /// Whether a class declares an initializer of this full name itself (`init(coder:)`).
    public func declaresInitializer(_ typeName: String, _ fullName: String) -> Bool {
        guard let t = core.userType(typeName), let info = t.classInfo else { return false }
        return info.inits.contains { $0.owner === t && $0.decl.fullName == fullName }
    }
}

extension Interpreter {
    /// Adds host classes to those `setHostBase` installed: `memberNames` and `make` answer
    /// first for the classes they know (a non-empty set, a non-nil object), the earlier
    /// ones for the rest. Lets separate parts of the host (cells, screens) each add theirs.
    public func addHostBase(memberNames: @escaping (_ hostClass: String) -> Set<String>,
                            make: @escaping (_ hostClass: String, _ instance: TableInstance) -> NativeObject?) {
        let earlierNames = core.hosting.baseMemberNames
        let earlierMake = core.hosting.makeBase
        core.hosting.baseMemberNames = { host in
            let own = memberNames(host)
            return own.isEmpty ? (earlierNames?(host) ?? []) : own
        }
        core.hosting.makeBase = { host, instance in make(host, instance) ?? earlierMake?(host, instance) }
    }

    /// The superclass a script class names, when it is one of the script's classes.
    public func superclassName(ofType name: String) -> String? {
        core.userType(name)?.classInfo?.superclass?.name
    }

    /// The stored properties of an instance's class, with their annotations as written
    /// (`UITableView!`), in declaration order.
    public func storedProperties(of value: Value) -> [(name: String, type: String?)] {
        guard case .type(.table(let inst)) = value.unboxed else { return [] }
        let t = inst.type
        let decls = t.kind == .class ? classPropertyTypes(t) : [:]
        return t.fieldNames.map { ($0, decls[$0] ?? nil) }
    }

    private func classPropertyTypes(_ t: UserType) -> [String: String?] {
        var out: [String: String?] = [:]
        var c: UserType? = t
        while let x = c {
            if let d = x.decl as? ClassDecl {
                for p in d.members.properties { if let n = p.name, out[n] == nil { out[n] = p.type.map(\.description) } }
            }
            c = x.classInfo?.superclass
        }
        return out
    }

    /// Stores an instance's stored property (a storyboard connecting an outlet); false
    /// when it has no such property.
    public func setStoredProperty(of value: Value, _ name: String, _ newValue: Value) -> Bool {
        guard case .type(.table(let inst)) = value.unboxed, let i = inst.type.fieldIndex[name], i < inst.fields.count else { return false }
        inst.fields[i] = newValue
        return true
    }
}
