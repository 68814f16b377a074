// Inside a class's body Swift finds a type nested in a superclass by its bare name, before
// any global type of that name: in `class Cell: UITableViewCell`, `ContentMode` is
// `UIView.ContentMode` and `CellStyle` is `UITableViewCell.CellStyle`; so in an extension of
// the class. Every later layer knows a host's nested type by its qualified name (the name an
// annotation writes), so this pass writes each such bare name as that name, in the class's
// body only: outside it (or in a UIViewController, which is no UIView) the bare name stays
// and is swiftc's "cannot find type". The same walk as LocalTypeScoping, with a scope per
// type body instead of per block; a type's own nested types shadow the inherited ones.

/// Which member types each class body sees (the pass's scopes).
struct InheritedTypeScopes {
    /// The unit's classes by name: the first inherited name, the nested types' names.
    private var classes: [String: (superclass: String?, nested: [String])] = [:]
    /// Every class and extension of the unit, nested ones included: the bodies to probe.
    private var bodies: [Decl] = []
    /// For a type the unit does not declare: its member types, its superclasses' included.
    private let outside: (String) -> [String: String]

    init(_ unit: SourceUnit, outside: @escaping (String) -> [String: String]) {
        self.outside = outside
        for s in unit.statements {
            guard case .declaration(let d) = s.kind else { continue }
            collect(d)
        }
    }

    private mutating func collect(_ d: Decl) {
        switch d {
        case .class(let c):
            classes[c.name] = (c.inherited.first, Self.nestedNames(c.members))
            bodies.append(d)
            c.members.nestedTypes.forEach { collect($0) }
        case .struct(let x): x.members.nestedTypes.forEach { collect($0) }
        case .enum(let e): e.members.nestedTypes.forEach { collect($0) }
        case .extension(_, let m, _):
            bodies.append(d)
            m.nestedTypes.forEach { collect($0) }
        default: break
        }
    }

    static func nestedNames(_ m: TypeMembers) -> [String] {
        m.nestedTypes.compactMap { d in
            switch d {
            case .class(let c): return c.name
            case .struct(let x): return x.name
            case .enum(let e): return e.name
            case .table(let t): return t.name
            default: return nil
            }
        } + m.typeAliases.map(\.name)
    }

    /// A body's own nested types, each naming itself (they hide inherited ones).
    static func own(_ m: TypeMembers) -> [String: String] {
        Dictionary(nestedNames(m).map { ($0, $0) }, uniquingKeysWith: { a, _ in a })
    }

    /// The member types of the class `name`: its own and its superclasses'.
    func visible(_ name: String, depth: Int = 0) -> [String: String] {
        guard let c = classes[name], depth < 64 else { return outside(name) }
        var scope = c.superclass.map { visible($0, depth: depth + 1) } ?? [:]
        for n in c.nested { scope[n] = n }
        return scope
    }

    func scope(ofClass c: ClassDecl) -> [String: String] {
        let inherited = c.inherited.first.map { visible($0) } ?? [:]
        return inherited.merging(Self.own(c.members)) { _, own in own }
    }

    func scope(ofExtensionOf name: String, _ m: TypeMembers) -> [String: String] {
        visible(name).merging(Self.own(m)) { _, own in own }
    }

    /// Whether any class or extension of the unit inherits a member type (most do not, and
    /// the unit is left as it is).
    func anyInherited() -> Bool {
        func inherits(_ scope: [String: String]) -> Bool { scope.contains { $0.key != $0.value } }
        for d in bodies {
            switch d {
            case .class(let c): if inherits(scope(ofClass: c)) { return true }
            case .extension(let name, let m, _): if inherits(scope(ofExtensionOf: name, m)) { return true }
            default: break
            }
        }
        return false
    }
}

public enum InheritedMemberTypes {
    /// The unit with every bare name of an inherited member type written as its qualified name.
    /// `outside(name)`: for a class the unit does not declare (an earlier unit's, the host's),
    /// its member types, its superclasses' included: bare name → the name later layers know
    /// (`UIView.ContentMode`; a script's own nested type names itself).
    public static func apply(_ unit: SourceUnit, outside: @escaping (String) -> [String: String]) -> SourceUnit {
        let scopes = InheritedTypeScopes(unit, outside: outside)
        guard scopes.anyInherited() else { return unit }
        var scoper = LocalTypeScoper(fileKey: 0)
        scoper.inheritedTypes = scopes
        var out = unit
        out.statements = unit.statements.map { scoper.topLevel($0) }
        return out
    }
}
