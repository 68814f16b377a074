// `section.rows.append(r)` on a class instance that a plain local holds (issue 16, W6):
// what a site needs to know about the instance's class to append inside the instance
// (CallPlans.swift, `emitAppendCall`), found once per class and kept by the site.

/// A site's facts about the last class it appended through: the property's slot (-1: the
/// general path for this class), and how an element is known to fit the property's
/// declared element type without the general path's check or conversion.
final class InstanceAppendCache {
    var type: UserType? = nil
    var index = -1
    /// 0: the property has no declared type (nothing to check); 1: `quick` decides;
    /// 2: an instance of exactly the class in `elementClass`; 3: never (the general path).
    var elementCheck: UInt8 = 3
    var quick = QuickCheck(nil)
    var elementClass: Unretained<TypeSlot>? = nil

    /// True when `x` certainly fits unchanged; false means "take the general path".
    @inline(__always) func accepts(_ x: Value) -> Bool {
        switch elementCheck {
        case 0: return true
        case 1: return quick.accepts(x)
        case 2:
            // The slot's current class: a redeclared `Row` has a new ID, and its carried
            // instances have the new class.
            guard case .type(.table(let inst)) = x else { return false }
            return inst.type.id == elementClass!.guaranteed { $0.currentID }
        default: return false
        }
    }
}

extension InterpreterCore {
    /// Fills `cache` for `inst`'s class: the stored property `name` appended to in place
    /// only when nothing but the append can happen there (no observer, a `var`, not lazy,
    /// not weak, writable from `from`).
    func fillInstanceAppendCache(_ cache: InstanceAppendCache, _ inst: TableInstance, _ name: String, from: UserType?) {
        let t = inst.type
        cache.type = t
        cache.index = -1
        cache.elementCheck = 3
        guard t.kind == .class, t.lazyProperties[name] == nil, let i = t.fieldIndex[name], i < t.fieldIsLet.count,
              !t.fieldIsLet[i], t.referenceFields[i] == nil, t.observers[i] == nil else { return }
        if declaresPrivateSetters, privateSetterImmutability(.type(.table(inst)), name, from: from) != nil { return }
        switch i < t.fieldTypes.count ? t.fieldTypes[i] : nil {
        case nil:
            cache.elementCheck = 0
        case .array(let et)?:
            if case .user(let s) = et, s.current?.kind == .class {
                cache.elementCheck = 2
                cache.elementClass = Unretained(s)
            } else {
                let q = QuickCheck(et)
                // Kinds 1-5 accept only values stored unchanged; 0 and 6 say nothing.
                guard (1...5).contains(q.kind) else { return }
                cache.quick = q
                cache.elementCheck = 1
            }
        default:
            return
        }
        cache.index = i
    }
}
