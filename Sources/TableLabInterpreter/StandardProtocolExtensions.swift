// `extension Hashable where Self: CaseIterable { var index: Int { ... } }`: an extension of
// one of Swift's protocols gives its members to every type that conforms, the script's
// types included, whether they declare the conformance or have it without saying (an
// enum without associated values is Equatable and Hashable; one with a raw type is
// RawRepresentable). TableLab gives them to the script's types only: Swift's own types
// (Int, String, Array) do not get them, so a use on one is "has no member", never a
// different answer.

import TableLabSyntax

extension InterpreterCore {
    /// The standard protocols an extension of which TableLab applies: those it can tell a
    /// script type's conformance to.
    static let extensibleStandardProtocols: Set<String> = [
        "Equatable", "Hashable", "Comparable", "CaseIterable", "RawRepresentable",
        "CustomStringConvertible", "CustomDebugStringConvertible", "Identifiable",
    ]

    /// An extension of a standard protocol: true when kept here for the types that conform.
    func hoistStandardProtocolExtension(_ name: String, _ members: TypeMembers, _ loc: SourceLocation) throws -> Bool {
        guard Self.extensibleStandardProtocols.contains(name), userType(name) == nil, protocols.protocols[name] == nil else {
            return false
        }
        if !members.conformances.isEmpty {
            throw RuntimeError(DeclarationMessage.protocolExtensionInheritance(name), at: loc)
        }
        for r in members.whereClause {
            guard r.subject.description == "Self", !r.isSameType,
                  r.constraint.description.split(separator: " & ").allSatisfy({ Self.extensibleStandardProtocols.contains(String($0)) || protocols.protocols[String($0)] != nil })
            else {
                throw RuntimeError(UnsupportedMessage.whereRequirementOnExtension(subject: r.subject, relation: r.isSameType ? "==" : ":", constraint: r.constraint, type: name), at: r.location)
            }
        }
        if !members.nestedTypes.isEmpty {
            throw RuntimeError(UnsupportedMessage.nestedTypesInProtocolExtension, at: loc)
        }
        if let i = members.initializers.first {
            throw RuntimeError(UnsupportedMessage.initializersInExtension(name), at: i.location)
        }
        if let v = members.properties.first(where: { $0.getter == nil && !$0.isStatic }) {
            throw RuntimeError(DeclarationMessage.extensionStoredProperty, at: v.location)
        }
        protocols.standardExtensions[name, default: []].append(members)
        return true
    }

    /// The standard conformances a script type has without declaring them.
    func implicitStandardConformances(of t: UserType) -> Set<String> {
        var out: Set<String> = []
        switch t.kind {
        case .enum:
            if !t.hasPayloadCases { out.formUnion(["Equatable", "Hashable"]) }
            if t.rawType != nil { out.insert("RawRepresentable") }
        default: break
        }
        if t.declaresHashable { out.formUnion(["Equatable", "Hashable"]) }
        if t.declaresEquatable { out.insert("Equatable") }
        let declared = conformances(of: t)
        if declared.contains("Hashable") || declared.contains("Comparable") { out.insert("Equatable") }
        return out
    }
}

extension InterpreterCore {
    /// The script enum or struct a value is an instance of (nil for a class instance, which
    /// `type(of:)` answers from the instance, and for Swift's own values).
    func userTypeOfValue(_ v: Value) -> UserType? {
        switch v {
        case .enumCase(let t, _): return isStaleType(t) ? nil : types[Int(t)]
        case .payloadCase(let p): return isStaleType(p.typeID) ? nil : types[Int(p.typeID)]
        case .structValue(let s): return s.type
        default: return nil
        }
    }
}

extension InterpreterCore {
    /// The standard protocol whose extension declares a member of this name, for the error
    /// on a value of Swift's own types, which Swift would give the member too.
    func standardExtensionDeclaring(_ name: String) -> String? {
        for (p, bodies) in protocols.standardExtensions.sorted(by: { $0.key < $1.key }) {
            for m in bodies where m.methods.contains(where: { $0.name == name }) || m.properties.contains(where: { $0.name == name }) {
                return p
            }
        }
        return nil
    }
}
