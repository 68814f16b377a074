// Redeclaring an enum or a struct in a session keeps the session's data: values of the
// old declaration move to the new one (an enum's cases by name, a struct's stored
// properties by name), wherever they live (globals, static properties, tables' properties,
// inside arrays, dictionaries, optionals, tuples, structs and payloads). A value that
// cannot move (its case was removed, a new property has no value) keeps its old type and
// is reported at once, with where it lives.

import TableLabSyntax

extension InterpreterCore {
    /// The current type of every type name, before a unit's declarations replace them.
    func typesBeforeRedeclaration() -> [String: UserType] {
        var out: [String: UserType] = [:]
        for (name, slot) in typeSlots { if let t = slot.current { out[name] = t } }
        return out
    }

    /// Moves the session's values of every enum and struct that `before` had and a
    /// redeclaration has replaced.
    func carryValuesAcross(_ before: [String: UserType]) {
        var moved: [Int32: UserType] = [:]
        var replacedClasses: [Int32: UserType] = [:]
        var at = SourceLocation.unknown
        for (name, old) in before {
            guard let new = typeSlots[name]?.current, new !== old, new.kind == old.kind else { continue }
            if old.kind == .class {
                // An instance is shared: it stays of the class it was made from (as in the
                // Swift REPL). When the stored properties changed, the session says so where
                // it is held (an unchanged shape, as a `:reload` of the same file gives, is
                // not reported: the old instance still has every property the new one would).
                guard old.fieldNames != new.fieldNames else { continue }
                replacedClasses[old.id] = new
                if at == .unknown || (new.location.line, new.location.column) < (at.line, at.column) { at = new.location }
                continue
            }
            guard old.kind == .enum || old.kind == .struct else { continue }
            moved[old.id] = new
            if at == .unknown || (new.location.line, new.location.column) < (at.line, at.column) { at = new.location }
        }
        guard !moved.isEmpty || !replacedClasses.isEmpty else { return }
        var carrier = ValueCarrier(core: self, moved: moved, replacedClasses: replacedClasses)
        let m = machine
        for (i, name) in globalNames.enumerated() {
            let v = m.pointee.globals[i]
            if case .box = v { continue }
            m.pointee.globals[i] = carrier.carry(v, at: name)
        }
        for t in types where t.kind == .table {
            guard let inst = t.instance else { continue }
            for i in inst.fields.indices where i < t.fieldNames.count {
                inst.fields[i] = carrier.carry(inst.fields[i], at: "\(t.name).\(t.fieldNames[i])")
            }
        }
        for (path, reason) in carrier.lost {
            warningHandler(.warning(RedeclarationMessage.valueNotCarried(path: path, reason: reason), at: at, in: currentFile))
        }
    }
}

/// One pass of moving values to redeclared types.
struct ValueCarrier {
    unowned(unsafe) let core: InterpreterCore
    let moved: [Int32: UserType]
    /// Classes redeclared: their instances are not moved, only reported.
    var replacedClasses: [Int32: UserType] = [:]
    var lost: [(path: String, reason: String)] = []

    mutating func carry(_ v: Value, at path: String) -> Value {
        switch v {
        case .enumCase(let tid, let ci):
            guard let new = moved[tid] else { return v }
            let old = core.types[Int(tid)]
            let name = old.caseNames[Int(ci)]
            guard let nci = new.caseIndex[name] else {
                lost.append((path, "case '\(name)' was removed from '\(new.name)'")); return v
            }
            if Int(nci) < new.casePayloads.count, new.casePayloads[Int(nci)] != nil {
                lost.append((path, "case '\(name)' of '\(new.name)' now has associated values")); return v
            }
            return .enumCase(typeID: new.id, caseIndex: nci)
        case .payloadCase(let p):
            let values = p.values.enumerated().map { carry($0.element, at: "\(path).\($0.offset)") }
            guard let new = moved[p.typeID] else {
                return PayloadCase(typeID: p.typeID, caseIndex: p.caseIndex, values: values).asValue
            }
            let old = core.types[Int(p.typeID)]
            let name = old.caseNames[Int(p.caseIndex)]
            guard let nci = new.caseIndex[name] else {
                lost.append((path, "case '\(name)' was removed from '\(new.name)'")); return v
            }
            guard Int(nci) < new.casePayloads.count, let payload = new.casePayloads[Int(nci)], payload.count == values.count else {
                lost.append((path, "the associated values of case '\(name)' of '\(new.name)' changed")); return v
            }
            return PayloadCase(typeID: new.id, caseIndex: nci, values: values).asValue
        case .array(let a):
            return .array(a.enumerated().map { carry($0.element, at: "\(path)[\($0.offset)]") })
        case .dictionary(let d):
            var out: [Value: Value] = [:]
            for (k, x) in d { out[carry(k, at: "\(path).key")] = carry(x, at: "\(path)[\(core.describe(k, debug: true))]") }
            return .dictionary(out)
        case .set(let s):
            return .set(Set(s.map { carry($0, at: "\(path).element") }))
        case .wrapped(let w):
            return .wrapped(carry(w, at: path))
        case .type(.table(let inst)) where inst.type.kind == .class:
            if let new = replacedClasses[inst.type.id] {
                lost.append((path, "it is an instance of '\(new.name)' as it was declared before (an instance keeps the class it was made from); make a new one"))
            }
            return v
        case .tuple(let t):
            return .tuple(TupleValue(labels: t.labels, elements: t.elements.enumerated().map { carry($0.element, at: "\(path).\($0.offset)") }))
        case .structValue(let s):
            let old = s.type
            var fields: [Value] = []
            for (i, f) in s.fields.enumerated() {
                fields.append(carry(f, at: i < old.fieldNames.count ? "\(path).\(old.fieldNames[i])" : path))
            }
            guard let new = moved[old.id] else { return .structValue(StructValue(type: old, fields: fields)) }
            var newFields: [Value] = []
            for name in new.fieldNames {
                guard let i = old.fieldIndex[name], i < fields.count else {
                    if name.hasPrefix(LazyProperty.storagePrefix) { newFields.append(.nilValue); continue }
                    lost.append((path, "'\(new.name)' has a new stored property '\(name)'"))
                    return .structValue(StructValue(type: old, fields: fields))
                }
                newFields.append(fields[i])
            }
            return .structValue(StructValue(type: new, fields: newFields))
        default:
            return v
        }
    }
}

extension PayloadCase {
    var asValue: Value { .payloadCase(self) }
}

/// The messages of redeclaration.
enum RedeclarationMessage: DiagnosticMessage, Equatable {
    case valueNotCarried(path: String, reason: String)
    /// A value that kept its old type is used where its type matters (a switch over it).
    case staleValueUsed(value: String, type: String, reason: String)

    var id: DiagnosticID {
        switch self {
        case .valueNotCarried: return DiagnosticID("tablelab_redeclaration_value_not_carried")
        case .staleValueUsed: return DiagnosticID("tablelab_redeclaration_stale_value_used")
        }
    }

    var text: String {
        switch self {
        case .valueNotCarried(let path, let reason): return "'\(path)' keeps its old value: \(reason)"
        case .staleValueUsed(let value, let type, let reason):
            return "'\(value)' is a value of '\(type)' as it was declared before: \(reason); give it a new value"
        }
    }
}

extension InterpreterCore {
    /// Why `v` (an enum value, maybe optional) is stale: its enum was redeclared and it
    /// could not move to the new declaration (see ValueCarrier); nil for a current value.
    func staleEnumValue(_ v: Value) -> RedeclarationMessage? {
        var x = v
        while case .wrapped(let w) = x { x = w }
        let tid: Int32, ci: Int32
        switch x {
        case .enumCase(let t, let c): tid = t; ci = c
        case .payloadCase(let p): tid = p.typeID; ci = p.caseIndex
        default: return nil
        }
        guard Int(tid) < types.count else { return nil }
        let old = types[Int(tid)]
        guard let new = typeSlots[old.name]?.current, new !== old, new.kind == .enum, Int(ci) < old.caseNames.count else { return nil }
        let name = old.caseNames[Int(ci)]
        let reason = new.caseIndex[name] == nil ? "case '\(name)' was removed from '\(new.name)'"
                                                : "case '\(name)' of '\(new.name)' has changed"
        return .staleValueUsed(value: old.name + "." + name, type: new.name, reason: reason)
    }

    /// The first stale enum value in `v` or in what it holds, for an error about a value
    /// that does not fit its type (it is not the type's fault: the value is from before).
    func staleValue(in v: Value) -> RedeclarationMessage? {
        if let m = staleEnumValue(v) { return m }
        switch v {
        case .wrapped(let w): return staleValue(in: w)
        case .array(let a): for x in a { if let m = staleValue(in: x) { return m } }
        case .set(let xs): for x in xs { if let m = staleValue(in: x) { return m } }
        case .dictionary(let d): for (k, x) in d { if let m = staleValue(in: k) ?? staleValue(in: x) { return m } }
        case .tuple(let t): for x in t.elements { if let m = staleValue(in: x) { return m } }
        case .structValue(let st): for x in st.fields { if let m = staleValue(in: x) { return m } }
        case .payloadCase(let p): for x in p.values { if let m = staleValue(in: x) { return m } }
        case .box(let b): return staleValue(in: b.value)
        default: break
        }
        return nil
    }

    /// A value that does not fit the type it is given to: swiftc's words, unless the value
    /// is one that a redeclaration left behind.
    func typeMismatch(_ v: Value, _ message: @autoclosure () -> String, at loc: SourceLocation) -> RuntimeError {
        if let stale = staleValue(in: v) { return RuntimeError(stale, at: loc) }
        return RuntimeError(message(), at: loc)
    }
}
