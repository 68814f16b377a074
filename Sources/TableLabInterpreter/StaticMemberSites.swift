// A site naming a type's static member (`Kind.base`, `UITableViewCell.gap`, `.base` where
// the context is `Kind`) finds what the name is in the type once, at its first run, and
// keeps it while no declaration changes any type (`typeGeneration`): every later run reads
// the case, the global slot, the getter or a table's field it found, with no lookup by
// name (issue 8).

import TableLabSyntax

/// What a static member's name was found to be in a type.
enum StaticMemberFound {
    /// Not found yet (or the type changed since).
    case unresolved
    /// A member of a table whose instance is not made yet (it is made after the
    /// declarations are hoisted): nothing to read, and not kept, so the first read after
    /// it is made finds the member.
    case tableNotMade
    /// A table's `lazy var`, its stored property (a field index) or its computed one (its
    /// getter), read on the type's instance.
    case tableLazy(LazyProperty)
    case tableField(Int)
    case tableComputed(MethodSlot)
    case enumCase(Int32)
    case metatype
    case allCases
    /// A static stored property: its global slot.
    case stored(Int)
    /// A static computed property: its getter.
    case computed(MethodSlot)
    /// None of the type's static members: the caller looks further.
    case none
}

/// The cache of one site that reads a static member; made when the site is compiled.
final class StaticMemberSite {
    @exclusivity(unchecked) var type: UserType? = nil
    @exclusivity(unchecked) var generation = -1
    @exclusivity(unchecked) var found = StaticMemberFound.unresolved
}

/// The cache of one site that calls a static method (`Kind.add(1)`, `UIView.pad(1)`): the
/// method its labels chose in the type last seen there.
final class StaticCallSite {
    @exclusivity(unchecked) var type: UserType? = nil
    @exclusivity(unchecked) var generation = -1
    /// The method's full name, slot and argument map, as `findMethod` gives them.
    @exclusivity(unchecked) var method: (String, MethodSlot, [Int?]?)? = nil
}

extension InterpreterCore {
    /// What `member` is among `t`'s static members, found by its name.
    func resolveStaticMember(of t: UserType, _ member: MemberName) -> StaticMemberFound {
        let name = member.text
        if t.kind == .enum {
            if let ci = t.caseIndex[name] { return .enumCase(ci) }
            if member.intrinsic == .allCases, isCaseIterable(t) { return .allCases }
        }
        if member.intrinsic == .metatype { return .metatype }
        if let g = t.staticStored[name] { return .stored(g) }
        if let c = t.computed[name], c.isStatic { return .computed(c) }
        if t.kind == .table { return resolveTableMember(of: t, name) }
        return .none
    }

    /// What `name` is among a table's properties, found in the order a read on its instance
    /// looks: a `lazy var`, a stored property, a computed one.
    private func resolveTableMember(of t: UserType, _ name: String) -> StaticMemberFound {
        guard t.instance != nil else { return .tableNotMade }
        if let lp = t.lazyProperties[name] { return .tableLazy(lp) }
        if let i = t.fieldIndex[name] { return .tableField(i) }
        if let c = t.computed[name] { return .tableComputed(c) }
        return .none
    }

    /// The site's resolution for `t`, found again when the type or any declaration changed.
    @inline(__always) func staticMemberFound(_ t: UserType, _ member: MemberName, _ site: StaticMemberSite) -> StaticMemberFound {
        if site.type === t, site.generation == typeGeneration { return site.found }
        let found = resolveStaticMember(of: t, member)
        if case .tableNotMade = found { return found }
        site.type = t
        site.generation = typeGeneration
        site.found = found
        return found
    }

    /// The method a static call's labels choose in `t`, kept by the site.
    func staticMethod(_ t: UserType, _ name: String, _ fullName: String, _ labels: [String?],
                      _ site: StaticCallSite) -> (String, MethodSlot, [Int?]?)? {
        if site.type === t, site.generation == typeGeneration { return site.method }
        let found = findMethod(t, name, fullName, labels)
        site.type = t
        site.generation = typeGeneration
        site.method = found
        return found
    }
}

extension InterpreterCore {
    /// The extension holder of a host class for a static call site: the one its last call
    /// found while no declaration changed since, else found by the class's name.
    @inline(__always) func hostExtensionHolder(_ hostClass: String, site: StaticCallSite) -> UserType? {
        if site.generation == typeGeneration, let t = site.type { return t }
        return hostExtensionHolder(hostClass)
    }
}

extension InterpreterCore {
    /// The nearest extension of the host class `hostClass` or of one of its superclasses that
    /// declares the static `name` (a method, or else a property): a class's statics are its
    /// subclasses' too (`UILabel.gap` of `extension UIView`). Found when a site is compiled.
    func hostExtensionHolder(_ hostClass: String, declaringStatic name: String, method: Bool) -> UserType? {
        if protocols.builtinExtensions.isEmpty { return nil }
        for c in hostClassChain(hostClass) {
            guard let h = hostExtensionHolder(c) else { continue }
            if method ? declaresStaticMethod(h, name) : h.computed[name]?.isStatic == true || h.staticStored[name] != nil { return h }
        }
        return nil
    }
}
