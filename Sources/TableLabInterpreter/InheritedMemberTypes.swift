// A type nested in a superclass, named bare inside a subclass or an extension
// (`ContentMode` in `class Cell: UITableViewCell`): the syntax pass (TableLabSyntax's
// InheritedMemberTypes.swift) writes it qualified; this side answers, for a class the unit
// does not declare, which member types it has: an earlier unit's class (its own nested types
// and its superclasses'), or the host's (through `hostMemberTypes`).

import TableLabSyntax

extension Interpreter {
    /// The types a host class and its superclasses declare, by bare name: each one's qualified
    /// name (`ContentMode` → `UIView.ContentMode` for `UITableViewCell`); empty when none.
    public var hostMemberTypes: ((_ hostClass: String) -> [String: String])? {
        get { core.hosting.memberTypes }
        set { core.hosting.memberTypes = newValue }
    }
}

extension InterpreterCore {
    /// The unit with the bare names of inherited member types written qualified.
    func qualifyingInheritedTypes(_ unit: SourceUnit) -> SourceUnit {
        guard let host = hosting.memberTypes else { return unit }
        return InheritedMemberTypes.apply(unit) { [unowned self] name in self.memberTypes(ofClass: name, host, depth: 0) }
    }

    private func memberTypes(ofClass name: String, _ host: (String) -> [String: String], depth: Int) -> [String: String] {
        guard let t = typeSlots[name]?.current else { return host(name) }
        guard t.kind == .class, let info = t.classInfo, depth < 64 else { return [:] }
        var scope: [String: String]
        if let s = info.superclass {
            scope = memberTypes(ofClass: s.name, host, depth: depth + 1)
        } else {
            scope = info.hostSuperclass.map(host) ?? [:]
        }
        // Its own nested types hide the inherited ones.
        for case let nested? in typeSlots.values.map(\.current) where nested.enclosingName == name {
            scope[nested.name] = nested.name
        }
        return scope
    }
}
