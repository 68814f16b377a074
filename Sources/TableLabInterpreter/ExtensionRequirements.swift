// `extension Array where Element == Int`, `extension Optional where Wrapped == String`,
// `extension Optional where Wrapped: Collection`: the members of a constrained extension of
// a built-in type. A value does not carry its element type, so the requirement is checked
// on the value that arrives (an Array's first element, an Optional's wrapped value); two
// extensions that give one member name different requirements would need the static type
// to choose between them, and are refused by name.

import TableLabSyntax

struct ExtensionRequirement: Equatable {
    /// `Element`, `Wrapped`.
    let parameter: String
    let isSameType: Bool
    let constraint: TypeSyntax
    /// The `extension` keyword, where swiftc's note `where 'Element' = 'String'` points.
    let extensionLocation: SourceLocation

    static func == (a: ExtensionRequirement, b: ExtensionRequirement) -> Bool {
        a.parameter == b.parameter && a.isSameType == b.isSameType && a.constraint == b.constraint
    }
}

extension InterpreterCore {
    /// The one requirement of an extension of `builtin`, nil for none; any other `where`
    /// clause is refused by name.
    func extensionRequirement(_ builtin: String, _ members: TypeMembers, _ loc: SourceLocation) throws -> ExtensionRequirement? {
        let parameter = builtin == "Array" ? "Element" : builtin == "Optional" ? "Wrapped" : nil
        for r in members.whereClause {
            guard let parameter, r.subject.description == parameter, members.whereClause.count == 1 else {
                throw RuntimeError("'where' clause requirement '\(r.subject) \(r.isSameType ? "==" : ":") \(r.constraint)' on an extension of '\(builtin)' is not supported in TableLab", at: r.location)
            }
            return ExtensionRequirement(parameter: parameter, isSameType: r.isSameType, constraint: r.constraint, extensionLocation: loc)
        }
        return nil
    }

    /// Records each member's requirement; a member name already given by an extension with
    /// another requirement is refused.
    func noteMemberRequirements(_ builtin: String, _ members: TypeMembers, _ requirement: ExtensionRequirement?) throws {
        var names: [(String, SourceLocation)] = members.methods.map { ($0.fullName, $0.location) }
        names += members.properties.compactMap { p in p.name.map { ($0, p.location) } }
        let holder = protocols.builtinExtensions[builtin]
        for (name, at) in names {
            let existing = holder.map { $0.methods[name] != nil || $0.computed[name] != nil } ?? false
            let before = protocols.memberRequirements[builtin]?[name]
            if existing, before != requirement {
                throw RuntimeError("members named '\(name)' in extensions of '\(builtin)' with different 'where' clauses are not supported in TableLab", at: at)
            }
            protocols.memberRequirements[builtin, default: [:]][name] = requirement
        }
    }

    /// How swiftc names a method in "referencing instance method 'f(by:)' on 'Array'":
    /// `total()` without parameters, the base name when no parameter has a label.
    func requirementMemberName(_ d: FunctionDecl) -> String {
        if d.parameters.isEmpty { return d.name + "()" }
        if d.parameters.allSatisfy({ $0.label == nil }) { return d.name }
        return d.fullName
    }
}
