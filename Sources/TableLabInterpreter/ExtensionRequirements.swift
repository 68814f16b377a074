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
        let parameters = builtin == "Array" ? ["Element"] : builtin == "Optional" ? ["Wrapped"] : builtin == "Dictionary" ? ["Key", "Value"] : []
        for r in members.whereClause {
            let parameter = r.subject.description
            guard parameters.contains(parameter), members.whereClause.count == 1 else {
                throw RuntimeError(UnsupportedMessage.whereRequirementOnExtension(subject: r.subject, relation: r.isSameType ? "==" : ":", constraint: r.constraint, type: builtin), at: r.location)
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
                throw RuntimeError(UnsupportedMessage.membersInDifferentWhereExtensions(name: name, type: builtin), at: at)
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

// `extension Stack where T == Int`, `extension Box where T: Comparable` on a generic struct
// or enum of the script: its members exist for every value, and the requirement is checked
// on the value that arrives, with `T` read from the stored properties typed by it (as
// `Box<Int>` is printed); a value that does not tell (an empty `[T]`) passes, swiftc
// having checked it. Of a generic class (`extension Store where T == Int`) the members
// exist for every instance too, unchecked: swiftc checked the static type. Conformances in such an extension, or other requirements, stay refused.
extension InterpreterCore {
    func genericExtensionRequirement(_ t: UserType, _ members: TypeMembers, _ loc: SourceLocation) throws -> ExtensionRequirement? {
        guard t.kind == .struct || t.kind == .class, let ps = protocols.genericParameters[t.id], members.whereClause.count == 1,
              members.conformances.isEmpty, members.nestedTypes.isEmpty, members.initializers.isEmpty,
              let r = members.whereClause.first, case .named(let p) = r.subject, ps.contains(where: { $0.name == p }) else { return nil }
        if !r.isSameType, !isProtocolName(r.constraint.description) { return nil }
        return ExtensionRequirement(parameter: p, isSameType: r.isSameType, constraint: r.constraint, extensionLocation: loc)
    }

    /// A member name the type already has (from its declaration or another extension) is refused:
    /// choosing between the two would need the static type.
    func noteGenericMemberRequirements(_ t: UserType, _ members: TypeMembers, _ requirement: ExtensionRequirement) throws {
        var names: [(String, SourceLocation)] = members.methods.map { ($0.fullName, $0.location) }
        names += members.properties.compactMap { p in p.name.map { ($0, p.location) } }
        for (name, at) in names {
            if t.methods[name] != nil || t.computed[name] != nil || t.fieldIndex[name] != nil {
                throw RuntimeError(UnsupportedMessage.membersInDifferentWhereExtensions(name: name, type: t.name), at: at)
            }
            protocols.memberRequirements[t.name, default: [:]][name] = requirement
        }
    }

    /// The requirement of a member of a constrained extension of the value's generic struct;
    /// nil when it has none (the common case: one dictionary test).
    @inline(__always)
    func genericMemberRequirement(_ t: UserType, _ key: String) -> ExtensionRequirement? {
        if protocols.memberRequirements.isEmpty { return nil }
        return protocols.memberRequirements[t.name]?[key]
    }

    /// swiftc's error when the value's generic argument misses the member's requirement.
    /// swiftc's error when `x`, the value standing for the requirement's parameter, does
    /// not meet it: "requires that 'X' conform to 'P'" or "... be equivalent", with the
    /// `where` note at the extension.
    func requireExtensionRequirement(_ r: ExtensionRequirement, met x: Value, _ member: String,
                                     _ loc: SourceLocation) throws {
        let met = r.isSameType ? coerce(x, to: resolveType(r.constraint)) != nil : valueConformsTo(x, r.constraint.description)
        guard !met else { return }
        let what = typeName(x)
        let message = r.isSameType ? ConversionMessage.extensionRequiresSameType(member: member, type: what, constraint: r.constraint)
                                   : ConversionMessage.extensionRequiresConformance(member: member, type: what, constraint: r.constraint)
        throw RuntimeError(message, at: loc, notes: [.note(ConversionMessage.whereBinding(parameter: r.parameter, type: what), at: r.extensionLocation)])
    }

    func checkGenericMemberRequirement(_ r: ExtensionRequirement, _ v: Value, _ member: String, _ loc: SourceLocation) throws {
        guard case .structValue(let s) = v, let d = s.type.decl as? StructDecl else { return }
        var found: Value? = nil
        for prop in d.members.properties where prop.getter == nil && !prop.isStatic {
            guard let n = prop.name, let i = s.type.fieldIndex[n], i < s.fields.count, let ty = prop.type else { continue }
            if case .named(r.parameter) = ty { found = s.fields[i]; break }
            if case .array(.named(r.parameter)) = ty, case .array(let a) = s.fields[i], let f = a.first { found = f; break }
            if case .optional(.named(r.parameter)) = ty, case .wrapped(let w) = s.fields[i] { found = w; break }
        }
        guard let x = found else { return }
        try requireExtensionRequirement(r, met: x, member, loc)
    }
}
