import TableLabSyntax

// Access control that changes what a program may do: `private(set) var` is written only
// by its own type (its methods, extensions and nested types, and closures inside them);
// a write from anywhere else is swiftc's "cannot assign to property: 'x' setter is
// inaccessible". (The whole script is one file, so `fileprivate(set)` restricts nothing.)
// Checked when the write runs, through the write's Immutability, so `+=`, mutating
// methods and `&` arguments are refused as Swift refuses them.

extension InterpreterCore {
    /// The Immutability of writing `name` of `v` from code inside `from` (nil at the top
    /// level), when `name` is a `private(set)` property declared by a type `from` is outside.
    func privateSetterImmutability(_ v: Value, _ name: String, from: UserType?) -> Immutability? {
        var t: UserType?
        switch v {
        case .structValue(let s): t = s.type
        case .type(.table(let inst)): t = inst.type
        case .box(let b): return privateSetterImmutability(b.value, name, from: from)
        default: return nil
        }
        // The declaring type: the class itself or a superclass.
        while let u = t, !u.privateSetters.contains(name) { t = u.classInfo?.superclass }
        guard let owner = t else { return nil }
        if let from, from === owner || from.name.hasPrefix(owner.name + ".") || from.name == owner.name { return nil }
        var im = Immutability(reason: "'\(name)' setter is inaccessible", isProperty: true)
        im.isAccess = true
        return im
    }
}
