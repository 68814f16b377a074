// Redeclaring an enum, a struct or a class in a session keeps the session's data: values
// of the old declaration move to the new one (an enum's cases by name, the stored
// properties of a struct or a class instance by name where the value fits the new
// property's type), wherever they live (globals, static properties, tables' properties,
// class instances, inside arrays, dictionaries, optionals, tuples, structs and payloads).
// A class instance moves in place, so every reference to it sees the new class. A value
// that cannot move (its case was removed, a new property has no value) keeps its old type
// and is reported at once, with where it lives; a property whose value cannot be had by
// the new declaration (removed, or of another type) is reported too.

import TableLabSyntax

extension InterpreterCore {
    /// The current type of every type name, before a unit's declarations replace them.
    func typesBeforeRedeclaration() -> [String: UserType] {
        var out: [String: UserType] = [:]
        for (name, slot) in typeSlots { if let t = slot.current { out[name] = t } }
        return out
    }

    /// Moves the session's values of every enum, struct and class that `before` had and a
    /// redeclaration has replaced.
    func carryValuesAcross(_ before: [String: UserType]) {
        var moved: [Int32: UserType] = [:]
        var at = SourceLocation.unknown
        for (name, old) in before {
            guard let new = typeSlots[name]?.current, new !== old, new.kind == old.kind,
                  old.kind == .enum || old.kind == .struct || old.kind == .class else { continue }
            moved[old.id] = new
            if at == .unknown || (new.location.line, new.location.column) < (at.line, at.column) { at = new.location }
        }
        guard !moved.isEmpty else { return }
        var carrier = ValueCarrier(core: self, moved: moved)
        let m = machine
        for (i, name) in globalNames.enumerated() {
            let v = m.pointee.globals[i]
            // A captured global lives in a box; the other boxes are markers (a static not
            // yet initialized, a global not yet defined).
            if case .box(let b) = v {
                if b !== undefinedGlobal, pendingStatics[ObjectIdentifier(b)] == nil { b.value = carrier.carry(b.value, at: name) }
                continue
            }
            m.pointee.globals[i] = carrier.carry(v, at: name)
        }
        for t in types where t.kind == .table {
            guard let inst = t.instance else { continue }
            for i in inst.fields.indices where i < t.fieldNames.count {
                inst.fields[i] = carrier.carry(inst.fields[i], at: "\(t.name).\(t.fieldNames[i])")
            }
        }
        // The screens the host holds: a view controller's properties, by its class's name.
        for root in hosting.roots?() ?? [] {
            if case .type(.table(let inst)) = root, inst.type.kind == .class { _ = carrier.carry(root, at: inst.type.name) }
        }
        for (path, reason) in carrier.lost {
            warningHandler(.warning(RedeclarationMessage.valueNotCarried(path: path, reason: reason), at: at, in: currentFile))
        }
        for (path, reason) in carrier.dropped {
            warningHandler(.warning(RedeclarationMessage.propertyNotCarried(path: path, reason: reason), at: at, in: currentFile))
        }
    }
}

/// One pass of moving values to redeclared types.
struct ValueCarrier {
    let coreRef: Unretained<InterpreterCore>
    var core: InterpreterCore { coreRef.object }
    let moved: [Int32: UserType]
    /// Values that keep their old type, with why.
    var lost: [(path: String, reason: String)] = []
    /// Stored properties whose value the new declaration could not take (the rest of the
    /// value moved), with why.
    var dropped: [(path: String, reason: String)] = []
    /// Class instances already carried: one is shared by every path that reaches it.
    var visited: Set<ObjectIdentifier> = []
    /// The type of an unannotated stored property, from the value of its default.
    var inferredFieldTypes: [String: RType?] = [:]

    init(core: InterpreterCore, moved: [Int32: UserType]) { self.coreRef = Unretained(core); self.moved = moved }

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
            carryInstance(inst, at: path)
            return v
        case .tuple(let t):
            return .tuple(TupleValue(labels: t.labels, elements: t.elements.enumerated().map { carry($0.element, at: "\(path).\($0.offset)") }))
        case .structValue(let s):
            let old = s.type
            let fields = carryFields(s.fields, of: old, at: path)
            guard let new = moved[old.id], let refitted = refit(fields, from: old, to: new, at: path) else {
                return .structValue(StructValue(type: old, fields: fields))
            }
            return .structValue(StructValue(type: new, fields: refitted))
        default:
            return v
        }
    }

    /// A class instance is carried in place, once, so every reference to it sees the new
    /// class (an instance whose properties cannot all be had keeps its old class).
    private mutating func carryInstance(_ inst: TableInstance, at path: String) {
        guard visited.insert(ObjectIdentifier(inst)).inserted else { return }
        let old = inst.type
        inst.setFields(carryFields(inst.fields.values, of: old, at: path))
        guard let new = moved[old.id] else { return }
        if old.classInfo?.hostSuperclass != new.classInfo?.hostSuperclass {
            lost.append((path, "'\(new.name)' inherits from another class now")); return
        }
        guard let refitted = refit(inst.fields.values, from: old, to: new, at: path) else { return }
        inst.type = new
        inst.setFields(refitted)
    }

    private mutating func carryFields(_ fields: [Value], of t: UserType, at path: String) -> [Value] {
        fields.enumerated().map { i, f in
            if case .box = f { return f }  // a `let` its initializer has not set yet
            return carry(f, at: i < t.fieldNames.count ? "\(path).\(t.fieldNames[i])" : path)
        }
    }

    /// The stored properties of `new` from a value of `old` (already carried): each by
    /// name where its value fits the new property's type, else its default (a new
    /// optional `var` is nil); nil when a property has neither (the value stays as it was).
    private mutating func refit(_ fields: [Value], from old: UserType, to new: UserType, at path: String) -> [Value]? {
        var out: [Value] = []
        var notCarried: [(path: String, reason: String)] = []
        for (i, name) in new.fieldNames.enumerated() {
            let isLazyStorage = name.hasPrefix(LazyProperty.storagePrefix)
            if let j = old.storageIndex(of: name), j < fields.count {
                let v = fields[j]
                if isLazyStorage || fits(v, new, i) { out.append(v); continue }
                let reason = "a value of type '\(core.typeName(v))' does not fit '\(fieldTypeName(new, i))'"
                if let d = defaultValue(new, i) {
                    out.append(d)
                    notCarried.append(("\(path).\(name)", reason + "; it has its default value"))
                    continue
                }
                lost.append((path, "the value of '\(name)' is of type '\(core.typeName(v))', which does not fit '\(fieldTypeName(new, i))'"))
                return nil
            }
            if isLazyStorage { out.append(.nilValue); continue }
            if let d = defaultValue(new, i) { out.append(d); continue }
            lost.append((path, "'\(new.name)' has a new stored property '\(name)' without a default value"))
            return nil
        }
        for (j, name) in old.fieldNames.enumerated() where new.storageIndex(of: name) == nil && j < fields.count
            && !name.hasPrefix(LazyProperty.storagePrefix) {
            notCarried.append(("\(path).\(name)", "'\(new.name)' has no stored property '\(name)' now"))
        }
        dropped += notCarried
        return out
    }

    /// A carried value fits a property of the new declaration: its annotation's type, or
    /// (unannotated) the type of its default's value. An Int does not become a Double here:
    /// that conversion is a literal's, not a stored value's.
    private mutating func fits(_ v: Value, _ t: UserType, _ i: Int) -> Bool {
        if core.staleValue(in: v) != nil { return true }  // already reported where it is
        guard let rt = fieldType(t, i) else { return true }
        // An instance on its way to the new class (a cycle back to it): it fits as that class.
        var x = v
        while case .wrapped(let w) = x { x = w }
        if case .type(.table(let inst)) = x, inst.type.kind == .class, let new = moved[inst.type.id] {
            var want = rt
            while case .optional(let w) = want { want = w }
            guard case .user(let slot) = want else { return core.coerce(v, to: rt) != nil }
            var c: UserType? = new
            while let k = c { if k === slot.current { return true }; c = k.classInfo?.superclass }
            return false
        }
        if case .int = v, case .double = rt { return false }
        return core.coerce(v, to: rt) != nil
    }

    private mutating func fieldType(_ t: UserType, _ i: Int) -> RType? {
        if i < t.fieldTypes.count, let rt = t.fieldTypes[i] { return rt }
        let key = "\(t.id).\(i)"
        if let known = inferredFieldTypes[key] { return known }
        let inferred = defaultValue(t, i).flatMap(core.approximateType)
        inferredFieldTypes[key] = inferred
        return inferred
    }

    private mutating func fieldTypeName(_ t: UserType, _ i: Int) -> String {
        fieldType(t, i)?.description ?? "?"
    }

    /// A property's value in a new instance when no initializer sets it: its default, or
    /// nil for an optional `var`.
    private func defaultValue(_ t: UserType, _ i: Int) -> Value? {
        if i < t.fieldDefaults.count, t.fieldDefaults[i] != nil, let f = core.fieldDefault(t, i) {
            guard let v = try? core.machine.invokeTop(f, location: t.fieldLocations[i]) else { return nil }
            return i < t.fieldTypes.count ? (t.fieldTypes[i].map { core.coerce(v, to: $0) } ?? v) : v
        }
        if i < t.fieldIsLet.count, !t.fieldIsLet[i], core.isOptionalType(t.fieldTypes[i]) { return .nilValue }
        return nil
    }
}

extension InterpreterCore {
    /// The type a value shows it has, where that is certain (not for an empty collection or nil).
    func approximateType(_ v: Value) -> RType? {
        switch v {
        case .int: return .int
        case .double: return .double
        case .float: return .float
        case .bool: return .bool
        case .string: return .string
        case .fixed(let f): return .fixed(f.kind)
        case .enumCase(let tid, _): return userTypeSlot(tid)
        case .payloadCase(let p): return userTypeSlot(p.typeID)
        case .structValue(let s): return userTypeSlot(s.type.id)
        case .array(let a): return a.first.flatMap(approximateType).map { .array($0) }
        case .wrapped(let w): return approximateType(w).map { .optional($0) }
        default: return nil
        }
    }

    private func userTypeSlot(_ id: Int32) -> RType? {
        guard Int(id) < types.count, let slot = typeSlots[types[Int(id)].name], slot.current === types[Int(id)] else { return nil }
        return .user(slot)
    }
}

extension PayloadCase {
    var asValue: Value { .payloadCase(self) }
}

/// The messages of redeclaration.
enum RedeclarationMessage: DiagnosticMessage, Hashable {
    case valueNotCarried(path: String, reason: String)
    /// One stored property of a value that otherwise moved.
    case propertyNotCarried(path: String, reason: String)
    /// A value that kept its old type is used where its type matters (a switch over it).
    case staleValueUsed(value: String, type: String, reason: String)

    var id: DiagnosticID {
        switch self {
        case .valueNotCarried: return DiagnosticID("tablelab_redeclaration_value_not_carried")
        case .propertyNotCarried: return DiagnosticID("tablelab_redeclaration_property_not_carried")
        case .staleValueUsed: return DiagnosticID("tablelab_redeclaration_stale_value_used")
        }
    }

    var text: String {
        switch self {
        case .valueNotCarried(let path, let reason): return "'\(path)' keeps its old value: \(reason)"
        case .propertyNotCarried(let path, let reason): return "'\(path)' was not carried across: \(reason)"
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
        case .structValue(let st) where typeSlots[st.type.name]?.current.map({ $0 !== st.type && $0.kind == .struct }) == true:
            return .staleValueUsed(value: describe(v, debug: true), type: st.type.name,
                                   reason: "it could not take the stored properties '\(st.type.name)' has now")
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
    /// swiftc's "must be unwrapped" where an Optional meets its own wrapped type (`let v:
    /// Int = d["k"]`), with its two notes; nil for any other mismatch.
    func optionalNotUnwrapped(_ v: Value, _ t: RType, at loc: SourceLocation) -> RuntimeError? {
        switch v {
        case .wrapped, .nilValue: break
        default: return nil
        }
        if case .optional = t { return nil }
        // A nil keeps no type at run time; swiftc saw it as an Optional of the type expected
        // (an Optional of another type is its other error, one TableLab cannot tell apart).
        var given = typeName(v)
        if case .nilValue = v { given = t.description + "?" }
        guard given == t.description + "?", staleValue(in: v) == nil else { return nil }
        let loc = subscriptBrackets[loc] ?? loc
        return RuntimeError(RuntimeMessage.optionalNotUnwrapped(optional: given, wrapped: t.description), at: loc,
                            notes: [Diagnostic(.note, RuntimeMessage.unwrapWithDefault, at: loc),
                                    Diagnostic(.note, RuntimeMessage.unwrapWithForce, at: loc)])
    }

    func typeMismatch(_ v: Value, _ message: @autoclosure () -> any DiagnosticMessage, at loc: SourceLocation) -> RuntimeError {
        if let stale = staleValue(in: v) { return RuntimeError(stale, at: loc) }
        return RuntimeError(message(), at: loc)
    }
}
