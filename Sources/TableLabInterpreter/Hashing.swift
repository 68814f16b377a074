// A hand-written Hashable: `hash(into:)` (or the older `var hashValue`) and `static func ==`
// of a struct or class are what Set, Dictionary and `hashValue` use, as in Swift. Value's
// own Hashable conformance has no interpreter to call, so each such type carries the two
// functions (`UserType.customHashing`), reached from its values (a struct value's type, a
// class instance's type).

import TableLabSyntax

/// Swift's `Hasher`. It is a value type: `combine` gives the variable a new object, so a
/// copy keeps its own state.
final class HasherObject: NativeObject {
    let state: Int
    init(state: Int) { self.state = state }
    override var typeName: String { "Hasher" }

    func combining(_ hash: Int) -> HasherObject { HasherObject(state: combineHash(state, hash)) }
    var finalized: Int { mix(state ^ 0x4a54) }
}

/// A type's own equality and hash, each nil when Swift synthesizes it.
final class CustomHashing {
    let equal: ((Value, Value) -> Bool)?
    let hash: ((Value) -> Int)?
    init(equal: ((Value, Value) -> Bool)?, hash: ((Value) -> Int)?) { self.equal = equal; self.hash = hash }
}

extension DeepValues {
    /// The custom hashing of a struct value's or class instance's type.
    @inline(__always) static func customHashing(_ v: Value) -> CustomHashing? {
        switch v {
        case .structValue(let s): return s.type.customHashing
        case .type(.table(let t)): return t.type.customHashing
        default: return nil
        }
    }
}

extension InterpreterCore {
    /// After a unit's types are filled: the types whose `==` or hash is hand-written get the
    /// functions Set and Dictionary call. An enum's hand-written hash is refused by name.
    func installCustomHashing(_ t: UserType) throws {
        let hashSlot = t.methods["hash(into:)"].flatMap { $0.isStatic || $0.decl == nil ? nil : $0 }
        let hashValueSlot = t.computed["hashValue"].flatMap { $0.isStatic ? nil : $0 }
        if t.kind == .enum, let d = hashSlot?.decl {
            throw RuntimeError(HashingMessage.enumHashIntoUnsupported(type: t.name), at: d.location)
        }
        guard t.kind == .struct || t.kind == .class else { return }
        if hashSlot == nil, hashValueSlot != nil, conformances(of: t).contains("Hashable"), let at = hashValueLocation(t) {
            warningHandler(.warning(HashingMessage.hashValueDeprecated(type: t.name), at: at, in: currentFile))
        }
        let equality = t.methodsByBase["=="]?.first { full in
            guard let s = t.methods[full], s.isStatic, let d = s.decl else { return false }
            return d.parameters.count == 2
        }
        var hash: ((Value) -> Int)?
        if let slot = hashSlot {
            hash = { [unowned(unsafe) self] v in self.callHashInto(t, slot, v) }
        } else if let slot = hashValueSlot {
            hash = { [unowned(unsafe) self] v in self.callHashValue(t, slot, v) }
        }
        var equal: ((Value, Value) -> Bool)?
        if let full = equality, let slot = t.methods[full] {
            equal = { [unowned(unsafe) self] x, y in self.callCustomEquals(t, slot, full, x, y) }
        }
        t.customHashing = equal == nil && hash == nil ? nil : CustomHashing(equal: equal, hash: hash)
    }

    /// Where a type's own declaration writes `var hashValue`.
    private func hashValueLocation(_ t: UserType) -> SourceLocation? {
        let members = (t.decl as? StructDecl)?.members ?? (t.decl as? ClassDecl)?.members
        return members?.properties.first { $0.name == "hashValue" && !$0.isStatic }?.location
    }

    /// `value.hash(into: &hasher)` with a fresh Hasher; an error in it is kept for the statement.
    private func callHashInto(_ t: UserType, _ slot: MethodSlot, _ v: Value) -> Int {
        let box = VarBox(.object(HasherObject(state: 0x6861)))
        do {
            let f = compiledMethod(t, slot, fullName: "hash(into:)")
            machine.push(.box(box))
            machine.push(v)
            var selfOut = Value.void
            _ = try machine.invokeMethod(f, argc: 2, location: .unknown, selfOut: &selfOut)
        } catch {
            keepHashingError(error)
        }
        guard case .object(let h as HasherObject) = box.value else { return 0 }
        return h.state
    }

    private func callHashValue(_ t: UserType, _ slot: MethodSlot, _ v: Value) -> Int {
        do {
            let f = compiledMethod(t, slot, fullName: "hashValue")
            machine.push(v)
            if case .int(let i) = try machine.invoke(f, argc: 1, location: .unknown) { return i }
        } catch {
            keepHashingError(error)
        }
        return 0
    }

    private func callCustomEquals(_ t: UserType, _ slot: MethodSlot, _ full: String, _ x: Value, _ y: Value) -> Bool {
        // Values of another type (in a heterogeneous collection) are never equal to these.
        switch y {
        case .structValue(let s): guard s.type === t else { return false }
        case .type(.table(let i)): guard i.type === t || sameFamily(t, y) else { return false }
        default: return false
        }
        do {
            let f = compiledMethod(t, slot, fullName: full)
            machine.push(x)
            machine.push(y)
            if case .bool(let b) = try machine.invoke(f, argc: 2, location: .unknown) { return b }
        } catch {
            keepHashingError(error)
        }
        return false
    }

    /// A class instance of a subclass meets the superclass's `==`.
    private func sameFamily(_ t: UserType, _ y: Value) -> Bool {
        guard case .type(.table(let i)) = y else { return false }
        return isSubclass(i.type, of: t) || isSubclass(t, of: i.type)
    }

    private func keepHashingError(_ error: Error) {
        if pendingDescribeError == nil, let e = error as? RuntimeError { pendingDescribeError = e }
    }

    /// `Hasher()`, `hasher.combine(x)` and `hasher.finalize()`.
    func hasherMethod(_ v: inout Value, _ h: HasherObject, _ fullName: String, _ a: [Value],
                      _ mutable: Bool, _ reason: String, _ loc: SourceLocation) throws -> Value? {
        switch fullName {
        case "combine(_:)":
            try mutatingCheck(mutable, reason, loc)
            v = .object(h.combining(DeepValues.hash(a[0], depth: 0)))
            return .void
        case "finalize()":
            return .int(h.finalized)
        default:
            return nil
        }
    }
}

enum HashingMessage: DiagnosticMessage, Equatable {
    case enumHashIntoUnsupported(type: String)
    case hashValueDeprecated(type: String)

    var id: DiagnosticID {
        switch self {
        case .enumHashIntoUnsupported: return DiagnosticID("tablelab_enum_hash_into_unsupported")
        case .hashValueDeprecated: return DiagnosticID("hashvalue_implementation")
        }
    }

    var text: String {
        switch self {
        case .enumHashIntoUnsupported(let t):
            return "a hand-written 'hash(into:)' of an enum is not supported in TableLab: Set and Dictionary hash every associated value of '\(t)'"
        case .hashValueDeprecated(let t):
            return "'Hashable.hashValue' is deprecated as a protocol requirement; conform type '\(t)' to 'Hashable' by implementing 'hash(into:)' instead"
        }
    }
}
