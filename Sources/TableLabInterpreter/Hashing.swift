// A hand-written Hashable: `hash(into:)` (or the older `var hashValue`) and `static func ==`
// of a struct, class or enum are what Set, Dictionary and `hashValue` use, as in Swift.
// Value's own Hashable conformance has no interpreter to call, so each such type carries the
// two functions (`UserType.customHashing`), reached from its values (a struct value's type,
// a class instance's type). An enum value holds only its type's index, so the enums' are
// published by that index (`EnumHashing`).

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

// `EnumHashing`, the process-wide table of the enums' own hashing, is in Unsafe.swift.

extension DeepValues {
    /// The custom hashing of a struct value's, class instance's or enum value's type.
    @inline(__always) static func customHashing(_ v: Value) -> CustomHashing? {
        switch v {
        case .structValue(let s): return s.type.customHashing
        case .type(.table(let t)): return t.type.customHashing
        case .enumCase(let t, _): return EnumHashing.of(t)
        case .payloadCase(let p): return EnumHashing.of(p.typeID)
        default: return nil
        }
    }
}

extension InterpreterCore {
    /// After a unit's types are filled: the types whose `==` or hash is hand-written get the
    /// functions Set and Dictionary call.
    func installCustomHashing(_ t: UserType) throws {
        let hashSlot = t.methods["hash(into:)"].flatMap { $0.isStatic || $0.decl == nil ? nil : $0 }
        let hashValueSlot = t.computed["hashValue"].flatMap { $0.isStatic ? nil : $0 }
        guard t.kind == .struct || t.kind == .class || t.kind == .enum else { return }
        if hashSlot == nil, hashValueSlot != nil, conformances(of: t).contains("Hashable"), let at = hashValueLocation(t) {
            warningHandler(.warning(HashingMessage.hashValueDeprecated(type: t.name), at: at, in: currentFile))
        }
        let equality = t.methodsByBase["=="]?.first { full in
            guard let s = t.methods[full], s.isStatic, let d = s.decl else { return false }
            // `static func == (a: P, b: Int)` compares a P with an Int, not two P values.
            return d.parameters.count == 2 && !d.parameters.contains { p in
                guard case .named(let n)? = p.type else { return false }
                return ["Int", "Double", "String", "Bool", "Character", "Float", "CGFloat"].contains(n)
            }
        }
        var hash: ((Value) -> Int)?
        if let slot = hashSlot {
            hash = { [core = Unretained(self)] v in core.object.callHashInto(t, slot, v) }
        } else if let slot = hashValueSlot {
            hash = { [core = Unretained(self)] v in core.object.callHashValue(t, slot, v) }
        }
        var equal: ((Value, Value) -> Bool)?
        if let full = equality, let slot = t.methods[full] {
            equal = { [core = Unretained(self)] x, y in core.object.callCustomEquals(t, slot, full, x, y) }
        }
        t.customHashing = equal == nil && hash == nil ? nil : CustomHashing(equal: equal, hash: hash)
        if t.kind == .enum { EnumHashing.publish(t.customHashing, typeID: t.id, by: self) }
    }

    /// Where a type's own declaration writes `var hashValue`.
    private func hashValueLocation(_ t: UserType) -> SourceLocation? {
        let members = (t.decl as? StructDecl)?.members ?? (t.decl as? ClassDecl)?.members ?? (t.decl as? EnumDecl)?.members
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
        case .enumCase(let id, _): guard id == t.id else { return false }
        case .payloadCase(let p): guard p.typeID == t.id else { return false }
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
    func hasherMethod(_ v: inout Value, _ h: HasherObject, _ method: BuiltinMethod, _ a: [Value],
                      _ mutable: Bool, _ reason: String, _ loc: SourceLocation) throws -> Value? {
        switch method {
        case .combine_:
            try mutatingCheck(mutable, reason, loc)
            v = .object(h.combining(DeepValues.hash(a[0], depth: 0)))
            return .void
        case .finalize:
            return .int(h.finalized)
        default:
            return nil
        }
    }
}

enum HashingMessage: DiagnosticMessage, Hashable {
    case hashValueDeprecated(type: String)

    var id: DiagnosticID {
        switch self {
        case .hashValueDeprecated: return DiagnosticID("hashvalue_implementation")
        }
    }

    var text: String {
        switch self {
        case .hashValueDeprecated(let t):
            return "'Hashable.hashValue' is deprecated as a protocol requirement; conform type '\(t)' to 'Hashable' by implementing 'hash(into:)' instead"
        }
    }
}
