import TableLabSyntax

// Swift's `OptionSet`, for a script that names it and declares no `OptionSet` of its own:
// a protocol declared from Swift source before the script's declarations, with SetAlgebra's
// operations as its extension, written after the standard library's behaviour (a member is
// a bit pattern; `contains` asks for all of its bits; `insert` and `remove` answer what was
// there). An array literal whose context is an option set (`[.top, .bottom]`, `[]`) makes
// the union of its elements (`optionSetLiteral`).

extension InterpreterCore {
    static let optionSetSource = """
    protocol OptionSet: Equatable {
      var rawValue: RawValue { get }
      init(rawValue: RawValue)
    }
    extension OptionSet {
      var isEmpty: Bool { rawValue == 0 }
      func contains(_ member: Self) -> Bool { rawValue & member.rawValue == member.rawValue }
      func union(_ other: Self) -> Self { Self(rawValue: rawValue | other.rawValue) }
      func intersection(_ other: Self) -> Self { Self(rawValue: rawValue & other.rawValue) }
      func symmetricDifference(_ other: Self) -> Self { Self(rawValue: rawValue ^ other.rawValue) }
      func subtracting(_ other: Self) -> Self { Self(rawValue: rawValue & ~other.rawValue) }
      func isSubset(of other: Self) -> Bool { rawValue & other.rawValue == rawValue }
      func isSuperset(of other: Self) -> Bool { rawValue & other.rawValue == other.rawValue }
      func isStrictSubset(of other: Self) -> Bool { isSubset(of: other) && rawValue != other.rawValue }
      func isStrictSuperset(of other: Self) -> Bool { isSuperset(of: other) && rawValue != other.rawValue }
      func isDisjoint(with other: Self) -> Bool { rawValue & other.rawValue == 0 }
      mutating func formUnion(_ other: Self) { self = union(other) }
      mutating func formIntersection(_ other: Self) { self = intersection(other) }
      mutating func formSymmetricDifference(_ other: Self) { self = symmetricDifference(other) }
      mutating func subtract(_ other: Self) { self = subtracting(other) }
      @discardableResult
      mutating func insert(_ newMember: Self) -> (inserted: Bool, memberAfterInsert: Self) {
        let old = intersection(newMember)
        if old.rawValue == newMember.rawValue { return (false, old) }
        formUnion(newMember)
        return (true, newMember)
      }
      @discardableResult
      mutating func remove(_ member: Self) -> Self? {
        let old = intersection(member)
        if old.isEmpty { return nil }
        subtract(member)
        return old
      }
      @discardableResult
      mutating func update(with newMember: Self) -> Self? {
        let old = intersection(newMember)
        formUnion(newMember)
        return old.isEmpty ? nil : old
      }
      static func == (a: Self, b: Self) -> Bool { a.rawValue == b.rawValue }
    }
    """

    /// Whether `t` conforms to the built-in OptionSet.
    func isOptionSet(_ t: UserType) -> Bool {
        optionSetIsBuiltin && t.kind == .struct && conformances(of: t).contains("OptionSet")
    }

    /// Declares Swift's `OptionSet` when the unit names it and declares no type of that name.
    func declareOptionSetIfNamed(_ file: SourceFile, declaresOptionSet: Bool) throws {
        guard !declaresOptionSet, !optionSetIsBuiltin, protocols.protocols["OptionSet"] == nil,
              userType("OptionSet") == nil, file.mentions("OptionSet") else { return }
        let prelude = SourceFile(name: "<Swift.OptionSet>", text: Self.optionSetSource)
        guard let parsed = try? Parser.parse(prelude) else { return }
        try hoistBuiltin(parsed.statements)
        optionSetIsBuiltin = true
    }

    /// `[.top, .bottom]` where an option set `t` is expected: the union of the elements, made
    /// by the type's `init(rawValue:)`; `[]` is the empty set, of raw value 0.
    func compileOptionSetLiteral(_ t: UserType, _ slot: TypeSlot, _ elements: [Expr], _ scope: FnScope,
                                 _ loc: SourceLocation) -> Eval {
        let parts = elements.map { compileExpr($0, scope, expected: .user(slot)) }
        let rawIndex = t.fieldIndex["rawValue"]
        return { [core = Unretained(self)] m in
            var raw: Value? = nil
            for p in parts {
                let v = try p(m)
                guard case .structValue(let s) = v, s.type === t, let i = rawIndex else {
                    throw RuntimeError(ConversionMessage.cannotConvertElement(type: core.object.typeName(v), to: t.name), at: loc)
                }
                let r = s.fields[i]
                raw = try raw.map { try core.object.arith(.bitOr, $0, r, loc) } ?? r
            }
            return try core.object.makeOptionSet(m, t, raw, loc)
        }
    }

    /// A value of the option set `t` with raw value `raw` (nil: zero of the raw type).
    func makeOptionSet(_ m: Ctx, _ t: UserType, _ raw: Value?, _ loc: SourceLocation) throws -> Value {
        guard let i = t.fieldIndex["rawValue"] else {
            throw RuntimeError(UnsupportedMessage.optionSetComputedRawValue(t.name), at: loc)
        }
        var value = raw ?? .int(0)
        if raw == nil, let type = t.fieldTypes[i], case .fixed(let k) = type { value = .fixed(FixedInt(k, 0)) }
        if usesMemberwise(t, ["rawValue"]), t.fieldNames.count == 1 {
            if let type = t.fieldTypes[i], let c = coerce(value, to: type) { value = c }
            return .structValue(StructValue(type: t, fields: [value]))
        }
        m.push(value)
        return try runCustomInit(m, t, ["rawValue"], 1, loc)
    }

    /// The union of `members`, all of the option set `t`, made without running code (nil
    /// when that would take `t`'s own `init(rawValue:)`, or a member is of another type).
    func optionSetValue(_ t: UserType, members: [Value]) -> Value? {
        guard let i = t.fieldIndex["rawValue"], t.fieldNames.count == 1, usesMemberwise(t, ["rawValue"]) else { return nil }
        var raw: Value
        switch t.fieldTypes[i] {
        case .fixed(let k)?: raw = .fixed(FixedInt(k, 0))
        case .int?: raw = .int(0)
        default: return nil
        }
        for x in members {
            guard case .structValue(let s) = x, s.type === t else { return nil }
            switch (raw, s.fields[i]) {
            case (.int(let p), .int(let q)): raw = .int(p | q)
            case (.fixed(let p), .fixed(let q)) where p.kind == q.kind: raw = .fixed(FixedInt(p.kind, p.value | q.value))
            default: return nil
            }
        }
        return .structValue(StructValue(type: t, fields: [raw]))
    }

    /// The array `v` as a value of `other`'s option set type (nil when `other` is none).
    func optionSetLiteral(_ v: Value, like other: Value) -> Value? {
        guard case .array(let members) = v, case .structValue(let s) = other, isOptionSet(s.type) else { return nil }
        return optionSetValue(s.type, members: members.values)
    }

    /// Declares the host's types written in Swift (`hosting.typesOnMention`) that the unit
    /// mentions and does not declare itself, before the unit's own declarations.
    func declareHostTypesIfNamed(_ file: SourceFile, declared: Set<String>) throws {
        for (name, entry) in hosting.typesOnMention.sorted(by: { $0.key < $1.key })
        where !declared.contains("type " + name) && userType(name) == nil && file.mentions(entry.word) {
            let prelude = SourceFile(name: "<\(name)>", text: entry.source)
            guard let parsed = try? Parser.parse(prelude) else { continue }
            try declareOptionSetIfNamed(prelude, declaresOptionSet: declared.contains("type OptionSet") || declared.contains("protocol OptionSet"))
            try hoistBuiltin(parsed.statements)
        }
    }
}

extension Interpreter {
    /// Declares the type `name`, written in Swift (`source`), for each unit that mentions
    /// `word` (by default the name) and declares no type of that name: a framework's type
    /// scripts rarely use, at no cost to the others.
    public func declareOnMention(_ name: String, word: String? = nil, source: String) {
        core.hosting.typesOnMention[name] = (word ?? name, source)
    }
}
