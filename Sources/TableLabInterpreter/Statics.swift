// Static stored properties are initialised on first access, as Swift does (a `print` in
// the initializer shows when): until then the slot holds a marker box of its own.

import TableLabSyntax
import TableLabExhaustiveness

extension InterpreterCore {
    /// Leaves the static's initializer to run when the property is first read or written.
    func deferStaticInitializer(_ slot: Int, _ p: VariableDecl, _ t: UserType) {
        let marker = VarBox(.void)
        pendingStatics[ObjectIdentifier(marker)] = (slot, p, t)
        machine.pointee.globals[slot] = .box(marker)
    }

    /// Runs the initializer of the static whose marker `b` is, and gives its value; nil
    /// when `b` is no such marker.
    func initializePendingStatic(_ slot: Int, _ b: VarBox) throws -> Value? {
        guard let (_, p, t) = pendingStatics.removeValue(forKey: ObjectIdentifier(b)), let i = p.initializer else { return nil }
        // Reading it again while it is being initialised finds no value.
        machine.pointee.globals[slot] = .box(undefinedGlobal)
        let v = try checkBinding(try evaluateStandalone(i, selfType: t, expected: globalTypes[slot]), globalTypes[slot], location: i.location)
        machine.pointee.globals[slot] = v
        return v
    }

    /// Before a static is changed: its first value.
    @inline(__always) func initializePendingStatic(_ slot: Int) throws {
        if pendingStatics.isEmpty { return }
        if case .box(let b) = machine.pointee.globals[slot] { _ = try initializePendingStatic(slot, b) }
    }
}
