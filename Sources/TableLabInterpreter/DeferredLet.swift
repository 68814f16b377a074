import TableLabSyntax

// `let x: T` declared without a value and assigned later, once on every path, as Swift's
// definite initialization allows (`let title: String` set in each case of a switch). The
// local starts with a marker; a plain `x = v` stores into it while it holds the marker,
// and a second one is swiftc's "immutable value 'x' may only be initialized once"; a read
// of the marker is "constant 'x' used before being initialized" (swiftc finds both at
// compile time, TableLab on the path that runs). Everything else sees a `let`.
// A global `var x: T` without a value is the same with any number of assignments: the
// top level of main.swift initializes it by its first `=`.

// The markers (`unsetLetMarker`, `unsetVarMarker`) are in Unsafe.swift, with the other
// process-wide sentinels.

extension Value {
    var isUnsetVarMarker: Bool { if case .box(let b) = self { return b === unsetVarMarker }; return false }
}

extension InterpreterCore {
    /// The local's value, through its box when it is boxed; the marker when unset.
    @inline(__always) private func deferredLetValue(_ m: Ctx, _ slot: Int) -> Value {
        let v = m.pointee.fp[slot]
        if case .box(let b) = v, b !== unsetLetMarker { return b.value }
        return v
    }

    func compileDeferredLetRead(_ l: Local, _ name: String, _ loc: SourceLocation) -> Eval {
        let slot = l.slot
        // At the name, after `let `.
        let declared = l.location == .unknown ? l.location : SourceLocation(line: l.location.line, column: l.location.column + 4)
        return { [core = Unretained(self)] m in
            let v = core.object.deferredLetValue(m, slot)
            if case .box(let b) = v, b === unsetLetMarker {
                throw RuntimeError(AssignmentMessage.constantUsedBeforeInitialized(name), at: loc,
                                   notes: declared == .unknown ? [] : [.note(NoteMessage.constantDefinedHere, at: declared)])
            }
            return v
        }
    }

    func compileDeferredLetAssignment(_ l: Local, _ name: String, _ value: Expr, _ scope: FnScope, equalsAt: SourceLocation) -> Exec {
        let slot = l.slot, type = l.type, boxed = l.boxed, declaredAt = l.location
        let ev = compileExpr(value, scope, expected: type)
        let valueLoc = value.location
        return { [core = Unretained(self)] m in
            var val = try ev(m)
            guard case .box(let b) = core.object.deferredLetValue(m, slot), b === unsetLetMarker else {
                throw RuntimeError(AssignmentMessage.immutableInitializedTwice(name), at: equalsAt,
                                   notes: [.note(NoteMessage.changeLetToVar, at: declaredAt)])
            }
            if let type { val = try core.object.checkBinding(val, type, location: valueLoc) }
            if boxed, case .box(let box) = m.pointee.fp[slot] { box.value = val } else { m.pointee.fp[slot] = val }
            return .normal
        }
    }

    func compileDeferredLetGlobalAssignment(_ g: Int, _ name: String, _ value: Expr, _ scope: FnScope, equalsAt: SourceLocation) -> Exec {
        let type = globalTypes[g]
        let ev = compileExpr(value, scope, expected: type)
        let valueLoc = value.location
        return { [core = Unretained(self)] m in
            var val = try ev(m)
            guard case .box(let b) = m.pointee.globals[g], b === unsetLetMarker else {
                throw RuntimeError(AssignmentMessage.immutableInitializedTwice(name), at: equalsAt,
                                   notes: [.note(NoteMessage.changeLetToVar, at: core.object.globalDeclLocations[g])])
            }
            if let type { val = try core.object.checkBinding(val, type, location: valueLoc) }
            m.pointee.globals[g] = val
            return .normal
        }
    }

    /// The read of a local `var x: T` declared without a value (`Local.startsUnset`), in its
    /// function or captured: swiftc refuses what its definite initialization cannot prove
    /// set before the run (LocalInitCheck.swift); what that check cannot follow is found
    /// here, on the path that runs.
    func compileUnsetVarRead(_ place: UnsetVarPlace, _ name: String, _ loc: SourceLocation) -> Eval {
        { [core = Unretained(self)] m in
            let v = place.value(m)
            if case .box = v { try core.object.checkNotHeld(v, name, loc) }
            // A tuple set element by element, read whole before all are set.
            if case .tuple(let t) = v, t.elements.contains(where: \.isUnsetVarMarker) {
                throw RuntimeError(InitMessage.usedBeforeInitialized(isLet: false, name: name), at: loc)
            }
            return v
        }
    }

    /// `t.0`, `t.a` of such a local of a tuple type: the element, unless it is not set yet
    /// (swiftc names it `t.a`).
    func compileUnsetTupleElementRead(_ place: UnsetVarPlace, _ name: String, _ member: String, _ index: Int,
                                      _ loc: SourceLocation) -> Eval {
        { [core = Unretained(self)] m in
            let v = place.value(m)
            if case .box = v { try core.object.checkNotHeld(v, name, loc) }
            guard case .tuple(let t) = v, index < t.elements.count, !t.elements[index].isUnsetVarMarker else {
                throw RuntimeError(InitMessage.usedBeforeInitialized(isLet: false, name: name + "." + member), at: loc)
            }
            return t.elements[index]
        }
    }

    /// A global `var` declared with a type and no value, without observers: it starts
    /// unset (`unsetVarMarker`), and a plain `=` initializes or replaces it.
    func isDeferredVarGlobal(_ g: Int) -> Bool { deferredGlobals.contains(g) && !globalIsLet[g] }

    func compileDeferredVarGlobalAssignment(_ g: Int, _ name: String, _ value: Expr, _ scope: FnScope, _ loc: SourceLocation) -> Exec {
        let type = globalTypes[g]
        let ev = compileExpr(value, scope, expected: type)
        let valueLoc = value.location
        return { [core = Unretained(self)] m in
            var val = try ev(m)
            // Set or not, it is replaced; only a mutating call on it in progress forbids that.
            if case .box(let b) = m.pointee.globals[g], b !== unsetVarMarker { throw core.object.accessConflict(b, name, loc) }
            if let type { val = try core.object.checkBinding(val, type, location: valueLoc) }
            m.pointee.globals[g] = val
            return .normal
        }
    }
}

/// Where a local that starts unset lives, seen from the code reading it.
enum UnsetVarPlace {
    case local(slot: Int, boxed: Bool)
    /// A closure's capture (a box shared with the function).
    case capture(Int)

    init?(_ name: String, _ scope: FnScope) {
        if let l = scope.findLocal(name) {
            guard l.startsUnset else { return nil }
            self = .local(slot: l.slot, boxed: l.boxed)
        } else if let (i, l) = scope.findCapture(name), l.startsUnset {
            self = .capture(i)
        } else {
            return nil
        }
    }

    @inline(__always) func value(_ m: Ctx) -> Value {
        switch self {
        case .local(let slot, let boxed):
            if boxed, case .box(let b) = m.pointee.fp[slot] { return b.value }
            return m.pointee.fp[slot]
        case .capture(let i): return m.pointee.env[i].value
        }
    }
}
