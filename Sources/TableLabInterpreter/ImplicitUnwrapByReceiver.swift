// A property name declared `T!` in one type and `T?` (or `T`) in another: a member read on
// it (`b.count.map { … }`) unwraps only when the receiver is of a type that declares it
// `T!`. Where declarations do not tell the receiver's type (a loop's variable, `$0`) the
// instance's type at run time decides.

import TableLabSyntax

extension InterpreterCore {
    /// Whether some type declares a property `n` that is not implicitly unwrapped.
    func declaredWithoutUnwrapElsewhere(_ n: String) -> Bool {
        for (_, s) in typeSlots {
            guard let t = s.current, t.fieldIndex[n] != nil || t.computed[n] != nil else { continue }
            if declaresImplicitlyUnwrapped(n, in: t) == false { return true }
        }
        return false
    }

    /// The unwrap inserted at `loc` for such a read, decided by the receiver's type at run
    /// time; nil for every other `x!`. The receiver is read a second time, so only a name
    /// (no effects) is taken; any other receiver is refused by name.
    func compileUnwrapByReceiver(_ inner: Expr, _ scope: FnScope, _ loc: SourceLocation) -> Eval? {
        guard implicitUnwrapping.receiverSites.contains(loc), case .member(let receiver, let name) = inner.kind else { return nil }
        switch receiver.kind {
        case .identifier, .shorthandParameter: break
        default:
            let e = RuntimeError(UnsupportedMessage.implicitlyUnwrappedByReceiver(name), at: loc)
            compileTimeRefusals?.append(e)
            return { _ in throw e }
        }
        let read = compileExpr(inner, scope, expected: nil)
        let receiverRead = compileExpr(receiver, scope, expected: nil)
        return { [core = Unretained(self)] m in
            let v = try read(m)
            let r = try receiverRead(m)
            guard let t = Self.instanceType(r), core.object.declaresImplicitlyUnwrapped(name, in: t) == true else { return v }
            switch v {
            case .wrapped(let x): return x
            case .nilValue: throw RuntimeError(TrapMessage.nilImplicitlyUnwrapped, at: loc)
            default: return v
            }
        }
    }

    private static func instanceType(_ v: Value) -> UserType? {
        switch v.unboxed {
        case .structValue(let s): return s.type
        case .type(.table(let i)): return i.type
        case .wrapped(let w): return instanceType(w)
        default: return nil
        }
    }
}
