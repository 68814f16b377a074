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
        guard let sub else { return Space.forConstructor(t, head, types.map { engine.types.typeSpace($0) }) }
        if types.count == 1 { return Space.forConstructor(t, head, [project(sub, types[0], errors: &errors)]) }
        if case .tuple(let ps) = sub.kind, ps.count == types.count {
            var args: [Space] = []
            for (p, st) in zip(ps, types) { args.append(project(p, st, errors: &errors)) }
            return Space.forConstructor(t, head, args)
        }
        // `case .toggle(let both)` binds the payload as one tuple.
        switch sub.kind {
        case .wildcard, .binding: return Space.forConstructor(t, head, types.map { engine.types.typeSpace($0) })
        default: return .empty
        }
    }
}

extension SwitchCase {
    /// Whether pattern `i` has a `where` clause: Swift binds each clause to the pattern
    /// before it (`case .a where x, .b where y:`); a case built without per-pattern
    /// clauses has its one clause on the last pattern.
    func isGuarded(_ i: Int) -> Bool {
        if whereClauses.count == patterns.count { return whereClauses[i] != nil }
        return guardExpr != nil && i == patterns.count - 1
    }
}

extension CheckRun {
    /// SIL's `case will never be executed`: a case whose every pattern is `nil` on a
    /// subject that is not optional, when SILGen's tree never reaches it (it does when a
    /// value is left for it to test). Reported with `default will never be executed`.
    func casesNeverExecuted(_ s: SwitchStmt, _ t: TypeID) -> [Diagnostic] {
        if case .optional = engine.types[t] { return [] }
        var out: [Diagnostic] = []
        for (ci, c) in s.cases.enumerated() where !c.isDefault && !c.patterns.isEmpty {
            let allNil = c.patterns.allSatisfy { p in
                if case .expression(let e) = p.kind, case .nil = e.kind { return true }
                return false
            }
            if allNil, defaultNeverRuns(s, t, targetCase: ci) { out.append(.warning(SwitchMessage.caseWillNeverBeExecuted, at: c.location, in: file)) }
        }
        return out
    }

    /// swiftc's parser warns when a `where` follows the second of two patterns written on
    /// one line without one (`case .a, .b where x:`): it reads as if it guarded both.
    func whereOnOnePatternWarnings(_ s: SwitchStmt) -> [Diagnostic] {
        var out: [Diagnostic] = []
        for c in s.cases where c.whereClauses.count == c.patterns.count && c.patterns.count > 1 {
            for i in 1..<c.patterns.count {
                guard c.whereClauses[i] != nil, c.whereClauses[i - 1] == nil,
                      c.patterns[i].location.line == c.patterns[i - 1].location.line,
                      c.whereKeywordLocations.indices.contains(i), let at = c.whereKeywordLocations[i] else { continue }
                out.append(.warning(SwitchMessage.whereOnlyAppliesToSecondPattern, at: at, in: file, notes: [
                    .note(SwitchMessage.disambiguateWithLineBreak, at: c.patterns[i].location, in: file),
                    .note(SwitchMessage.duplicateWhereOnBothPatterns, at: c.patterns[i - 1].location, in: file),
                ]))
            }
        }
        return out
    }
}

/// A generic enum named with its type arguments (`Box<Bool>`, `Result2<Int>`): its cases
/// are the enum's, its payloads the declared ones with each generic parameter replaced by
/// its argument, so that `.full(true)` and `.full(false)` cover `.full` of a `Box<Bool>`.
public enum GenericEnumName {
    /// `Box<Bool, [Int]>` as `Box` and its arguments; nil for a name without `<`.
    public static func split(_ name: String) -> (base: String, arguments: [TypeSyntax])? {
        guard let open = name.firstIndex(of: "<"), name.hasSuffix(">") else { return nil }
        let inner = name[name.index(after: open)..<name.index(before: name.endIndex)]
        return (String(name[..<open]), topLevelParts(inner, separator: ",").map(parse))
    }

    /// The payloads with each parameter replaced by its argument (missing ones stay).
    public static func specialize(_ payloads: [[AssociatedValueType]?]?, parameters: [String],
                                  arguments: [TypeSyntax]) -> [[AssociatedValueType]?]? {
        var map: [String: TypeSyntax] = [:]
        for (p, a) in zip(parameters, arguments) { map[p] = a }
        guard !map.isEmpty else { return payloads }
        return payloads?.map { values in
            values?.map { AssociatedValueType(label: $0.label, type: substitute($0.type, map)) }
        }
    }

    private static func substitute(_ t: TypeSyntax, _ map: [String: TypeSyntax]) -> TypeSyntax {
        switch t {
        case .named(let n):
            if let a = map[n] { return a }
            // `Tree<T>` inside `Tree<Int>`'s payload: `Tree<Int>`.
            if let (base, args) = split(n) {
                return .named(base + "<" + args.map { substitute($0, map).description }.joined(separator: ", ") + ">")
            }
            return t
        case .array(let e): return .array(substitute(e, map))
        case .dictionary(let k, let v): return .dictionary(key: substitute(k, map), value: substitute(v, map))
        case .set(let e): return .set(substitute(e, map))
        case .optional(let w): return .optional(substitute(w, map))
        case .tuple(let ts): return .tuple(ts.map { substitute($0, map) })
        case .labelled(let l, let e): return .labelled(l, substitute(e, map))
        case .function(let ps, let r): return .function(parameters: ps.map { substitute($0, map) }, result: substitute(r, map))
        case .inout(let e): return .inout(substitute(e, map))
        }
    }

    /// A type argument as written: `Bool`, `Item?`, `[Int]`, `[K: V]`, `(A, B)`, `Box<Int>`.
    static func parse(_ text: Substring) -> TypeSyntax {
        let s = text.trimmingPrefixAndSuffixBlanks()
        if s.hasSuffix("?") || s.hasSuffix("!") { return .optional(parse(s.dropLast())) }
        if s.hasPrefix("["), s.hasSuffix("]") {
            let inner = s.dropFirst().dropLast()
            let parts = topLevelParts(inner, separator: ":")
            return parts.count == 2 ? .dictionary(key: parse(parts[0]), value: parse(parts[1])) : .array(parse(inner))
        }
        if s.hasPrefix("("), s.hasSuffix(")") {
            let parts = topLevelParts(s.dropFirst().dropLast(), separator: ",")
            return parts.count == 1 ? parse(parts[0]) : .tuple(parts.map(parse))
        }
        return .named(String(s))
    }

    /// The parts of `s` between separators outside brackets.
    private static func topLevelParts(_ s: Substring, separator: Character) -> [Substring] {
        var parts: [Substring] = []
        var depth = 0
        var start = s.startIndex
        for i in s.indices {
            switch s[i] {
            case "<", "[", "(": depth += 1
            case ">", "]", ")": depth -= 1
            case separator where depth == 0:
                parts.append(s[start..<i])
                start = s.index(after: i)
            default: break
            }
        }
        parts.append(s[start...])
        return parts
    }
}

private extension Substring {
    func trimmingPrefixAndSuffixBlanks() -> Substring {
        var s = self
        while s.first == " " { s = s.dropFirst() }
        while s.last == " " { s = s.dropLast() }
        return s
    }
}
