// SPEC §3.3 "On redefinition": which switches an enum's new cases break.

import TableLabSyntax

/// A switch that covered an enum before it was redeclared and no longer does.
public struct StaleSwitch {
    public var site: SwitchSite
    /// The missing patterns as swiftc prints them (`.donate`, `(.other, _)`), and the
    /// cases the switch names that the enum no longer has.
    public var missing: [String]
    public var removed: [String]
    /// The full diagnostics for the switch under the new definition.
    public var diagnostics: [Diagnostic]

    /// `settings.tlab:42:7 in didSelectRow(at:): missing .donate, .rateApp`
    public var summary: String {
        let place = "\(site.file?.name ?? "<unknown>"):\(site.stmt.location)"
        var parts: [String] = []
        if !missing.isEmpty { parts.append("missing " + missing.joined(separator: ", ")) }
        if !removed.isEmpty { parts.append("no longer has " + removed.map { ".\($0)" }.joined(separator: ", ")) }
        return place + (site.function.map { " in \($0)" } ?? "") + ": " + parts.joined(separator: "; ")
    }
}

extension SwitchChecker {
    /// The switches among `sites` over `enumName` (alone, in an optional or in a tuple)
    /// that were free of errors with `oldCases` and are not with `newCases`, in the order
    /// given. Sites whose subject type is unknown are skipped: they are checked when they run.
    public func switchesBroken(byRedefining enumName: String, from oldCases: [String], to newCases: [String],
                               among sites: [SwitchSite]) -> [StaleSwitch] {
        switchesBroken(byRedefining: enumName, from: oldCases, to: newCases, checkers: (self, self), among: sites)
    }

    /// The same when the associated values may have changed too (nil: no case has any).
    /// `genericParameters`: the redeclared enum's (`["T"]`), which the loaded code may not
    /// know yet (an enum declared twice in one unit).
    public func switchesBroken(byRedefining enumName: String, from oldCases: [String], to newCases: [String],
                               oldPayloads: [[AssociatedValueType]?]?, newPayloads: [[AssociatedValueType]?]?,
                               genericParameters: [String] = [],
                               among sites: [SwitchSite]) -> [StaleSwitch] {
        switchesBroken(byRedefining: enumName, from: oldCases, to: newCases,
                       checkers: (giving(enumName, oldPayloads, genericParameters), giving(enumName, newPayloads, genericParameters)),
                       among: sites)
    }

    /// A checker that sees `payloads` for the enum `name` and this one's for the others;
    /// a generic one keeps its parameters, so `Box<Bool>`'s payloads are still `Bool`.
    private func giving(_ name: String, _ payloads: [[AssociatedValueType]?]?, _ parameters: [String]) -> SwitchChecker {
        let others = cache.casePayloads
        let otherParameters = genericParameters
        return SwitchChecker(enumCases: enumCases,
                             casePayloads: { n in
                                 // `others` already specializes a generic name; the checker made
                                 // here asks for the plain name and specializes it itself.
                                 n == name ? payloads : others(n)
                             },
                             genericParameters: { n in n == name && !parameters.isEmpty ? parameters : otherParameters(n) },
                             traits: cache.traits)
    }

    private func switchesBroken(byRedefining enumName: String, from oldCases: [String], to newCases: [String],
                                checkers: (before: SwitchChecker, after: SwitchChecker),
                                among sites: [SwitchSite]) -> [StaleSwitch] {
        var stale: [StaleSwitch] = []
        for site in sites {
            guard let subject = site.subject, subject.mentions(enumName) else { continue }
            let before = checkers.before.check(site.stmt, subject: subject.replacingCases(of: enumName, with: oldCases), file: site.file)
            if before.contains(where: { $0.severity == .error }) { continue }
            let after = checkers.after.check(site.stmt, subject: subject.replacingCases(of: enumName, with: newCases), file: site.file)
            let errors = after.filter { $0.severity == .error }
            if errors.isEmpty { continue }
            var missing: [String] = []
            var removed: [String] = []
            for e in errors {
                for n in e.notes {
                    switch n.content as? SwitchMessage {
                    case .addMissingCase(let pattern)?: missing.append(pattern)
                    case .addDefaultClause?: missing.append("default")
                    default: break
                    }
                }
                if case .typeHasNoMember(_, let member)? = e.content as? SwitchMessage { removed.append(member) }
            }
            stale.append(StaleSwitch(site: site, missing: missing, removed: removed, diagnostics: after))
        }
        return stale
    }
}

extension SubjectType {
    /// Whether the enum `name` occurs anywhere in this type.
    public func mentions(_ name: String) -> Bool {
        switch self {
        case .enumeration(let n, _): return n == name || GenericEnumName.split(n)?.base == name
        case .optional(let w): return w.mentions(name)
        case .tuple(let ts): return ts.contains { $0.mentions(name) }
        case .bool, .open: return false
        }
    }

    /// This type with the enum `name` given `cases`.
    public func replacingCases(of name: String, with cases: [String]) -> SubjectType {
        switch self {
        // `Box<Bool>` of the generic `Box` keeps its arguments.
        case .enumeration(let n, _) where n == name || GenericEnumName.split(n)?.base == name:
            return .enumeration(name: n, cases: cases)
        case .optional(let w): return .optional(w.replacingCases(of: name, with: cases))
        case .tuple(let ts): return .tuple(ts.map { $0.replacingCases(of: name, with: cases) })
        default: return self
        }
    }
}
