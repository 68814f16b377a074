// Enum cases with associated values in the space engine: a case is a constructor whose
// arguments are its payload's types, decomposed and subtracted as swiftc does, and shown
// in swiftc's words (`.toggle(title: let title, isOn: false)`, `.button(_)`).

import TableLabSyntax

/// One associated value of a case, as the checker needs it: its label and declared type.
public struct AssociatedValueType: Hashable, Sendable {
    public var label: String?
    public var type: TypeSyntax
    public init(label: String?, type: TypeSyntax) { self.label = label; self.type = type }

    /// Each case's associated values as declared; nil when no case has any.
    public static func payloads(of e: EnumDecl) -> [[AssociatedValueType]?]? {
        guard e.cases.contains(where: { $0.associatedValues != nil }) else { return nil }
        return e.cases.map { c in
            c.associatedValues.map { $0.map { AssociatedValueType(label: $0.label, type: $0.type ?? .named("Any")) } }
        }
    }
}

extension TypeTable {
    /// The payload types of case `head` of enum `t`; nil for a plain case or another type.
    func payloadTypes(_ t: TypeID, _ head: Int32) -> [TypeID]? {
        guard let cases = payloadTypes[t], Int(head) < cases.count, head >= 0 else { return nil }
        return cases[Int(head)]
    }

    /// The labels of case `head`'s associated values.
    func payloadLabels(_ t: TypeID, _ head: Int32) -> [String?]? {
        guard case .enumeration(let info) = self[t], let payloads = info.payloads, head >= 0,
              Int(head) < payloads.count else { return nil }
        return payloads[Int(head)]?.map(\.label)
    }

    func hasPayloadCases(_ t: TypeID) -> Bool {
        if case .enumeration(let info) = self[t] { return info.payloads != nil }
        return false
    }

    /// swiftc's spelling of a payload's arguments: a labelled wildcard is `title: let title`,
    /// an unlabelled one `_`.
    func showPayload(_ t: TypeID, _ head: Int32, _ args: [String], wildcard: [Bool]) -> String {
        let labels = payloadLabels(t, head) ?? []
        var parts: [String] = []
        for (i, a) in args.enumerated() {
            if i < labels.count, let l = labels[i] {
                parts.append(wildcard[i] ? "\(l): let \(l)" : "\(l): \(a)")
            } else {
                parts.append(a)
            }
        }
        return "(" + parts.joined(separator: ", ") + ")"
    }
}

extension CheckRun {
    /// The space of case `head`'s payload pattern `sub` (nil: the whole payload).
    mutating func projectPayload(_ sub: Pattern?, _ t: TypeID, _ head: Int32, _ types: [TypeID],
                                 errors: inout [Diagnostic]) -> Space {
        guard let sub else { return Space.forConstructor(t, head, types.map { .type($0) }) }
        if types.count == 1 { return Space.forConstructor(t, head, [project(sub, types[0], errors: &errors)]) }
        if case .tuple(let ps) = sub.kind, ps.count == types.count {
            var args: [Space] = []
            for (p, st) in zip(ps, types) { args.append(project(p, st, errors: &errors)) }
            return Space.forConstructor(t, head, args)
        }
        // `case .toggle(let both)` binds the payload as one tuple.
        switch sub.kind {
        case .wildcard, .binding: return Space.forConstructor(t, head, types.map { .type($0) })
        default: return .empty
        }
    }
}
