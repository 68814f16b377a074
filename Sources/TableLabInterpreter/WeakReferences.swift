// `weak` and `unowned` references with Swift's semantics: they do not keep the instance
// alive, so once its last strong reference goes (and its `deinit` has run, Deinit.swift),
// a weak reference reads nil and an unowned one traps when read.
//
// Where one is stored (a class's `weak var`/`unowned let` property, a closure's `[weak x]`/
// `[unowned self]` capture), the slot holds a marker box, as a held or uninitialized slot
// does (LValues.swift): `.box(VarBox(.object(WeakReference)))`. Every read of a slot
// already looks at a box before handing the value out, so a read of such a slot loads the
// reference there (`loadedReference`); writes of a weak property store the marker again
// (`storeReference`). The host's own weak references do the work: a `TableInstance` is
// freed by Swift's reference counting, at the moments Deinit.swift describes.
// `unowned(unsafe)` stays a strong reference: reading a freed one is undefined in Swift.

import TableLabSyntax

/// The referent of a weak or unowned reference: a script class's instance.
final class WeakReference: NativeObject {
    weak var instance: TableInstance?
    let isUnowned: Bool
    /// It was given nil: it reads nil, weak or unowned.
    let isEmpty: Bool
    /// It was given an Optional (`unowned var a: A?`, `[unowned a]` of an `A?`): an
    /// unowned one reads as an Optional too.
    let isOptional: Bool
    init(_ v: Value, isUnowned: Bool) {
        self.isUnowned = isUnowned
        var x = v
        var optional = false
        if case .wrapped(let w) = v { x = w; optional = true }
        isOptional = optional
        isEmpty = x.isNil
        super.init()
        if case .type(.table(let i)) = x { instance = i }
    }
    override var typeName: String { isUnowned ? "unowned" : "weak" }

    /// The referent, or nil once it is gone.
    var value: Value? { instance.map { .type(.table($0)) } }
}

/// How a property or capture holds its reference.
enum ReferenceStrength { case weak, unowned }

extension InterpreterCore {
    /// What a weak or unowned slot holds for `v` (an instance, a host object, an Optional
    /// of one, or nil); nil for a value that is no reference (a struct: kept as it is).
    func referenceStorage(_ v: Value, _ strength: ReferenceStrength) -> Value? {
        var x = v
        if case .box(let b) = x, let r = loadedReferenceIfAny(b) { x = r }
        var referent = x
        if case .wrapped(let w) = x { referent = w }
        switch referent {
        case .type(.table(let i)) where i.type.classInfo?.hostSuperclass == nil:
            return .box(VarBox(.object(WeakReference(x, isUnowned: strength == .unowned))))
        case .nilValue:
            return .box(VarBox(.object(WeakReference(x, isUnowned: strength == .unowned))))
        default:
            // A view controller, a cell, a UIKit object: the simulator's screens and views
            // hold them as UIKit's hierarchy would, so TableLab keeps such a reference
            // strong, as it did before weak references were kept (ARCHITECTURE.md).
            return nil
        }
    }

    /// The value a weak or unowned slot reads as: `Optional(instance)` or nil for a weak
    /// one, the instance for an unowned one (Swift's trap once it is gone); nil when `v` is
    /// no such slot.
    @inline(never)
    func loadedReference(_ v: Value, _ loc: SourceLocation) throws -> Value? {
        guard case .box(let b) = v, case .object(let o) = b.value, let r = o as? WeakReference else { return nil }
        if let x = r.value { return r.isUnowned && !r.isOptional ? x : .wrapped(x) }
        if r.isUnowned, !r.isEmpty {
            throw RuntimeError(TrapMessage.unownedReadAfterDeinit, at: loc)
        }
        return .nilValue
    }

    /// As `loadedReference`, for code that cannot trap (copies, descriptions): a destroyed
    /// unowned referent reads as nil.
    func loadedReferenceIfAny(_ b: VarBox) -> Value? {
        guard case .object(let o) = b.value, let r = o as? WeakReference else { return nil }
        guard let x = r.value else { return .nilValue }
        return r.isUnowned && !r.isOptional ? x : .wrapped(x)
    }

    /// Whether `v` is a weak or unowned slot's marker.
    func isReferenceStorage(_ v: Value) -> Bool {
        if case .box(let b) = v, case .object(let o) = b.value, o is WeakReference { return true }
        return false
    }

    /// A read of a slot that holds a box: a weak or unowned reference's value, else the
    /// held-slot check (an access conflict), else the value as it is.
    func markedSlotValue(_ v: Value, _ name: String, _ loc: SourceLocation) throws -> Value {
        if let x = try loadedReference(v, loc) { return x }
        try checkNotHeld(v, name, loc)
        return v
    }

    /// The strength a class's stored property `p` declares, when it is one TableLab keeps
    /// as a weak or unowned reference (`unowned(unsafe)` stays strong).
    func referenceStrength(_ p: VariableDecl) -> ReferenceStrength? {
        switch p.ownership {
        case .strong: return nil
        case .weak: return .weak
        case .unowned: return p.isUnownedUnsafe ? nil : .unowned
        }
    }

    /// A write of a weak or unowned property (`p.parent = n`, `p.parent?.name = "x"`): the
    /// body sees the referent, and the slot holds a reference to what it leaves there.
    func modifyReferenceField(_ inst: TableInstance, _ i: Int, _ strength: ReferenceStrength, _ im: Immutability?,
                              _ loc: SourceLocation, _ body: ModifyBody) throws {
        var x = inst.fields[i]
        if let r = try loadedReference(x, loc) { x = r }
        try body(&x, im)
        if let ft = inst.type.fieldTypes[i], !quickConforms(x, ft) { x = try storedAs(x, ft, loc) }
        inst.fields[i] = referenceStorage(x, strength) ?? x
    }
}

extension InterpreterCore {
    /// A global's or a local's `weak var`/`unowned let` of a script class: declared as a
    /// plain variable (a local boxed, as a captured one is), whose slot then holds the
    /// reference's marker; reads load it (`markedSlotValue`), writes store a new one
    /// (`modifyReferenceSlot`). nil where it is not kept so (observers, a pattern).
    func compileReferenceVariable(_ v: VariableDecl, _ scope: FnScope, keywordAt: SourceLocation) -> Exec? {
        guard let strength = referenceStrength(v), let name = v.name, v.getter == nil, v.observers == nil else { return nil }
        var plain = v
        plain.ownership = .strong
        if scope.declaresGlobals {
            let declare = compileVariable(plain, scope, keywordAt: keywordAt)
            guard let g = globalIndex[name] else { return nil }
            return { [core = Unretained(self)] m in
                let r = try declare(m)
                let x = m.pointee.globals[g]
                if !core.object.isReferenceStorage(x), let stored = core.object.referenceStorage(x, strength) { m.pointee.globals[g] = stored }
                return r
            }
        }
        scope.alwaysBoxed.insert(name)
        let declare = compileVariable(plain, scope, keywordAt: keywordAt)
        guard let l = scope.findLocal(name), l.boxed else { return nil }
        let slot = l.slot
        return { [core = Unretained(self)] m in
            let r = try declare(m)
            if case .box(let b) = m.pointee.fp[slot], !core.object.isReferenceStorage(b.value),
               let stored = core.object.referenceStorage(b.value, strength) {
                b.value = stored
            }
            return r
        }
    }

    /// The marker of a weak or unowned slot's value, if it is one.
    func referenceMarker(_ v: Value) -> WeakReference? {
        if case .box(let b) = v, case .object(let o) = b.value { return o as? WeakReference }
        return nil
    }

    /// A write of a weak or unowned variable: the body sees the referent, and the slot
    /// then holds a reference to what the body leaves (of the same strength).
    func modifyReferenceSlot(_ slot: inout Value, _ r: WeakReference, _ im: Immutability?, _ loc: SourceLocation,
                             _ body: ModifyBody) throws {
        var x = try loadedReference(slot, loc) ?? .nilValue
        slot = .void
        defer { slot = referenceStorage(x, r.isUnowned ? .unowned : .weak) ?? x }
        try body(&x, im)
    }

    /// The names a closure's capture list takes as weak or unowned references
    /// (`unowned(unsafe)` stays a strong capture).
    func captureReferences(_ list: [CaptureItem]) -> [String: ReferenceStrength] {
        var out: [String: ReferenceStrength] = [:]
        for c in list {
            switch c.specifier {
            case "weak": out[c.name] = .weak
            case "unowned", "unowned(safe)": out[c.name] = .unowned
            default: break
            }
        }
        return out
    }
}

/// swiftc's errors for `weak` and `unowned` declarations.
enum ReferenceMessage: DiagnosticMessage, Hashable {
    case weakNotOptional(type: String)
    case notAClassType(ownership: String, type: String)

    var id: DiagnosticID {
        switch self {
        case .weakNotOptional: return DiagnosticID("invalid_ownership_not_optional")
        case .notAClassType: return DiagnosticID("invalid_ownership_type")
        }
    }

    var text: String {
        switch self {
        case .weakNotOptional(let t): return "'weak' variable should have optional type '\(t)?'"
        case .notAClassType(let o, let t): return "'\(o)' may only be applied to class and class-bound protocol types, not '\(t)'"
        }
    }
}
