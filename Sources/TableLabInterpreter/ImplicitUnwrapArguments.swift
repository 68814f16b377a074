// A `T!` property passed as an argument where the parameter is not optional
// (`configure(label)` with `@IBOutlet var label: UILabel!`, `f(name)` with `var name: String!`):
// Swift unwraps it there (nil is its "implicitly unwrapping" trap); where the parameter is
// optional or `Any` it passes the optional itself, which the argument's check does already.

import TableLabSyntax

extension InterpreterCore {
    /// Remembers the call (and the argument) when one of its arguments is a `T!` property. `print`,
    /// `debugPrint` and `String(describing:)` take `Any`: nothing to unwrap there.
    func noteImplicitlyUnwrappedArguments(_ callee: Expr, _ args: [Argument], _ scope: FnScope, _ loc: SourceLocation) {
        guard !implicitUnwrapping.names.isEmpty else { return }
        if case .identifier(let n) = callee.kind, ["print", "debugPrint", "String", "dump"].contains(n) { return }
        // An argument's check is reported at the call or at the argument itself.
        for a in args where isImplicitlyUnwrappedName(a.value, scope) {
            implicitUnwrapping.argumentCalls.insert(loc)
            implicitUnwrapping.argumentCalls.insert(a.value.location)
        }
    }

    private func isImplicitlyUnwrappedName(_ e: Expr, _ scope: FnScope) -> Bool {
        let names = implicitUnwrapping.names
        switch e.kind {
        case .identifier(let n): return names.contains(n) && scope.findLocal(n) == nil
        case .member(_, let n): return names.contains(n)
        default: return false
        }
    }

    /// The argument unwrapped, for a call that passes a `T!` property to a parameter of a
    /// type that is not optional; nil when this is not such a call or it does not fit.
    func implicitlyUnwrappedArgument(_ v: Value, _ t: RType, _ loc: SourceLocation) throws -> Value? {
        guard !implicitUnwrapping.argumentCalls.isEmpty, implicitUnwrapping.argumentCalls.contains(loc) else { return nil }
        if case .optional = t { return nil }
        switch v {
        case .wrapped(let x): return coerce(x, to: t)
        case .nilValue:
            throw RuntimeError("Fatal error: Unexpectedly found nil while implicitly unwrapping an Optional value", at: loc)
        default: return nil
        }
    }
}
