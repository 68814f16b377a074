// A `T!` property passed as an argument where the parameter is not optional
// (`configure(label)` with `@IBOutlet var label: UILabel!`, `f(name)` with `var name: String!`):
// Swift unwraps it there (nil is its "implicitly unwrapping" trap); where the parameter is
// optional or `Any` it passes the optional itself, which the argument's check does already.

import TableLabSyntax

extension InterpreterCore {
    /// Remembers the call (and the argument) when one of its arguments is a `T!` property. `print`,
    /// `debugPrint` and `String(describing:)` take `Any`: nothing to unwrap there.
    func noteImplicitlyUnwrappedArguments(_ callee: Expr, _ args: [Argument], _ scope: FnScope, _ loc: SourceLocation) {
        guard implicitUnwrapping.isInUse else { return }
        if case .identifier(let n) = callee.kind, ["print", "debugPrint", "String", "dump"].contains(n) { return }
        // An argument's check is reported at the call or at the argument itself.
        for a in args where isImplicitlyUnwrappedName(a.value, scope) {
            implicitUnwrapping.argumentCalls.insert(loc)
            implicitUnwrapping.argumentCalls.insert(a.value.location)
        }
    }

    private func isImplicitlyUnwrappedName(_ e: Expr, _ scope: FnScope) -> Bool {
        switch e.kind {
        case .identifier(let n): return namesImplicitlyUnwrapped(n, scope)
        case .member(let b, let n): return memberImplicitlyUnwrapped(b, n, scope)
        default: return false
        }
    }

    /// The argument unwrapped, for a call that passes a `T!` property to a parameter of a
    /// type that is not optional; nil when this is not such a call or it does not fit.
    func implicitlyUnwrappedArgument(_ v: Value, _ t: RType, _ loc: SourceLocation) throws -> Value? {
        guard implicitUnwrapping.argumentCalls.contains(loc) || implicitUnwrapping.valueSites.contains(loc) else { return nil }
        if case .optional = t { return nil }
        switch v {
        case .wrapped(let x): return coerce(x, to: t)
        case .nilValue:
            throw RuntimeError(TrapMessage.nilImplicitlyUnwrapped, at: loc)
        default: return nil
        }
    }
}

extension InterpreterCore {
    /// Remembers where a name declared `T!` is read as a value (`let m: Int = n`, `return
    /// name`, `label = title`): the checks of a binding, a return and a stored value unwrap
    /// it there when its type is not optional (`implicitlyUnwrappedArgument`).
    func noteImplicitlyUnwrappedRead(_ e: Expr, _ scope: FnScope) {
        guard implicitUnwrapping.isInUse else { return }
        let declared: Bool = switch e.kind {
        case .identifier(let n): namesImplicitlyUnwrapped(n, scope)
        case .member(let b, let n): memberImplicitlyUnwrapped(b, n, scope)
        default: false
        }
        if declared { implicitUnwrapping.valueSites.insert(e.location) }
    }
}

// `init!`: its result is an Optional (`let t = T(s: x)` is a `T?`), which Swift unwraps
// where the context needs the type itself (`let t: T = T(s: x)`, a `T` argument, a member
// read on the call).
extension InterpreterCore {
    /// Whether the initializer these arguments choose is an `init!`.
    func constructsImplicitlyUnwrapped(_ slot: TypeSlot, _ args: [Argument]) -> Bool {
        guard let t = slot.current else { return false }
        let labels = args.map(\.label)
        let inits = t.classInfo?.inits.map(\.decl) ?? t.initializers
        let chosen = inits.first {
            if case .success = matchArguments($0.parameters.map { ($0.label, $0.defaultValue != nil) }, labels) { return true }
            return false
        }
        return chosen?.failability == "!"
    }

    /// A context that takes the wrapped type, not an Optional (nor `Any`, which takes the Optional).
    func needsImplicitUnwrap(_ t: RType) -> Bool {
        switch t {
        case .optional, .any: return false
        case .conforming(let p): return p != "Any"
        default: return true
        }
    }

    func implicitlyUnwrapping(_ build: @escaping Eval, _ loc: SourceLocation) -> Eval {
        return { m in
            switch try build(m) {
            case .wrapped(let x): return x
            case .nilValue: throw RuntimeError(TrapMessage.nilImplicitlyUnwrapped, at: loc)
            case let v: return v
            }
        }
    }

    /// The base of a member read or method call: `compileImplicitlyUnwrappedBase`'s, else the
    /// plain one. Not `a ?? b`: the generic `??` hands back the closure wrapped in two
    /// reabstraction thunks, about 50 instructions more on every evaluation (callgrind).
    func compileMemberBase(_ base: Expr, _ scope: FnScope) -> Eval {
        if let b = compileImplicitlyUnwrappedBase(base, scope) { return b }
        return compileExpr(base, scope, expected: nil)
    }

    /// `T(s: x).s`: the `init!` call a member is read from, unwrapped; nil for any other base.
    func compileImplicitlyUnwrappedBase(_ base: Expr, _ scope: FnScope) -> Eval? {
        guard case .call(let callee, let args) = base.kind, case .identifier(let n) = callee.kind,
              scope.findLocal(n) == nil, let slot = typeSlots[n], constructsImplicitlyUnwrapped(slot, args) else { return nil }
        return implicitlyUnwrapping(compileExpr(base, scope, expected: nil), base.location)
    }
}
