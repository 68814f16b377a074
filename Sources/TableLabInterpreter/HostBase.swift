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
        guard let names = hosting.baseMemberNames, let h = hostClassName(t) else { return false }
        return names(h).contains(name)
    }

    /// Whether the host class of `t` has a method of base name `name` (`addSubview`).
    func hostBaseHasMethod(_ t: UserType, named name: String) -> Bool {
        guard let names = hosting.baseMemberNames, let h = hostClassName(t) else { return false }
        return names(h).contains { $0.hasPrefix(name + "(") }
    }

    /// `inst.name` when the script's class does not declare `name`.
    func hostBaseMember(_ inst: TableInstance, _ name: String, _ loc: SourceLocation) throws -> Value? {
        guard let h = hostBase(inst) else { return nil }
        return try RuntimeError.placingHostErrors(at: loc) { try h.member(name) }
    }

    /// `inst.name(args)` when the script's class has no such method; the arguments are the
    /// top `argc` stack slots, consumed only when the host answers.
    func callHostBaseMethod(_ m: Ctx, _ inst: TableInstance, _ fullName: String, _ argc: Int, _ loc: SourceLocation) throws -> Value? {
        guard let h = hostBase(inst) else { return nil }
        let a = Array(UnsafeBufferPointer(start: m.pointee.sp - argc, count: argc))
        guard let r = try RuntimeError.placingHostErrors(at: loc, { try h.callMethod(fullName, a) }) else { return nil }
        m.pop(argc)
        return r
    }

    /// Changes `inst.name` through the host's part (`cell.textLabel?.text = x` reaches the
    /// label; `title = x` stores). False when the host has no such member.
    func modifyHostBaseMember(_ inst: TableInstance, _ name: String, _ loc: SourceLocation, _ body: ModifyBody) throws -> Bool {
        guard let h = hostBase(inst) else { return false }
        return try modifyObjectMember(h, name, loc, body)
    }

    /// Changes a member of a host object in place; false when it has no such member.
    func modifyObjectMember(_ o: NativeObject, _ name: String, _ loc: SourceLocation, _ body: ModifyBody) throws -> Bool {
        guard var x = try RuntimeError.placingHostErrors(at: loc, { try o.member(name) }) else { return false }
        let before = x
        try body(&x, nil)
        // A reference reached through the path (a cell's label) was changed in place.
        // A non-mutating call on the member (`CommandLine.arguments.dropFirst()`) left
        // it as it was: nothing to store, and a get-only member is no error then.
        if sameObject(before, x) || (before.isNil && x.isNil) || before == x { return true }
        if !(try RuntimeError.placingHostErrors(at: loc) { try o.setMember(name, x) }) {
            throw RuntimeError("cannot assign to property: '\(name)' is a get-only property", at: loc)
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
