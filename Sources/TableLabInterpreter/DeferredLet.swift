import TableLabSyntax

// `let x: T` declared without a value and assigned later, once on every path, as Swift's
// definite initialization allows (`let title: String` set in each case of a switch). The
// local starts with a marker; a plain `x = v` stores into it while it holds the marker,
// and a second one is swiftc's "immutable value 'x' may only be initialized once"; a read
// of the marker is "constant 'x' used before being initialized" (swiftc finds both at
// compile time, TableLab on the path that runs). Everything else sees a `let`.
// A global `var x: T` without a value is the same with any number of assignments: the
// top level of main.swift initializes it by its first `=`.

/// What an unset deferred `let` holds (never visible to scripts).
nonisolated(unsafe) let unsetLetMarker = VarBox(.void)

/// What a global `var x: T` declared without a value holds until its first assignment:
/// declared (so `x = 3` finds it, where it was "cannot find 'x' in scope"), not readable.
nonisolated(unsafe) let unsetVarMarker = VarBox(.void)

extension InterpreterCore {
    /// The local's value, through its box when it is boxed; the marker when unset.
    @inline(__always) private func deferredLetValue(_ m: Ctx, _ slot: Int) -> Value {
        let v = m.pointee.fp[slot]
        if case .box(let b) = v, b !== unsetLetMarker { return b.value }
        return v
    }

    /// swiftc reports a second initialization at the `=`, which the tree does not keep:
    /// one blank before the value, as written almost always.
    static func equalsSign(_ target: SourceLocation, _ value: SourceLocation) -> SourceLocation {
        guard target.line == value.line, value.column - 2 > target.column else { return target }
        return SourceLocation(line: value.line, column: value.column - 2)
    }

    func compileDeferredLetRead(_ l: Local, _ name: String, _ loc: SourceLocation) -> Eval {
        let slot = l.slot
        // At the name, after `let `.
        let declared = l.location == .unknown ? l.location : SourceLocation(line: l.location.line, column: l.location.column + 4)
        return { [core = Unretained(self)] m in
            let v = core.object.deferredLetValue(m, slot)
            if case .box(let b) = v, b === unsetLetMarker {
                throw RuntimeError("constant '\(name)' used before being initialized", at: loc,
                                   notes: declared == .unknown ? [] : [.note("constant defined here", at: declared)])
            }
            return v
        }
    }

    func compileDeferredLetAssignment(_ l: Local, _ name: String, _ value: Expr, _ scope: FnScope, _ loc: SourceLocation) -> Exec {
        let slot = l.slot, type = l.type, boxed = l.boxed, declaredAt = l.location
        let ev = compileExpr(value, scope, expected: type)
        let valueLoc = value.location
        return { [core = Unretained(self)] m in
            var val = try ev(m)
            guard case .box(let b) = core.object.deferredLetValue(m, slot), b === unsetLetMarker else {
                throw RuntimeError("immutable value '\(name)' may only be initialized once", at: Self.equalsSign(loc, valueLoc),
                                   notes: [.note("change 'let' to 'var' to make it mutable", at: declaredAt)])
            }
            if let type { val = try core.object.checkBinding(val, type, location: valueLoc) }
            if boxed, case .box(let box) = m.pointee.fp[slot] { box.value = val } else { m.pointee.fp[slot] = val }
            return .normal
        }
    }

    func compileDeferredLetGlobalAssignment(_ g: Int, _ name: String, _ value: Expr, _ scope: FnScope, _ loc: SourceLocation) -> Exec {
        let type = globalTypes[g]
        let ev = compileExpr(value, scope, expected: type)
        let valueLoc = value.location
        return { [core = Unretained(self)] m in
            var val = try ev(m)
            guard case .box(let b) = m.pointee.globals[g], b === unsetLetMarker else {
                throw RuntimeError("immutable value '\(name)' may only be initialized once", at: Self.equalsSign(loc, valueLoc),
                                   notes: [.note("change 'let' to 'var' to make it mutable", at: core.object.globalDeclLocations[g])])
            }
            if let type { val = try core.object.checkBinding(val, type, location: valueLoc) }
            m.pointee.globals[g] = val
            return .normal
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
