// `extension UIColor { convenience init(hex: String) { ...; self.init(red:green:blue:alpha:) } }`:
// a convenience initializer of an extension of a host class. Its `self` is the host's object
// that its `self.init(...)` makes (UIKit's own initializer, one the host simulates, else the
// error that names it; or another such convenience initializer), and `UIColor(hex: s)` runs
// it and gives that object. Before that `self.init` there is no `self`, as in Swift.

import TableLabSyntax

extension InterpreterCore {
    /// The holder of host class `name`'s extension initializers when one of them takes these labels.
    func hostExtensionInitializer(_ name: String, _ labels: [String?]) -> UserType? {
        guard !protocols.hostExtensionInits.isEmpty, let h = protocols.hostExtensionInits[name] else { return nil }
        let fits = h.initializers.contains { d in
            if case .success = matchArguments(d.parameters.map { ($0.label, $0.defaultValue != nil) }, labels) { return true }
            return false
        }
        return fits ? h : nil
    }

    /// The host class whose extension's initializers `t` holds: in them a bare `font` is
    /// `self.font`, the host object's, as in any code of the class.
    func hostClassInitialized(by t: UserType) -> String? {
        protocols.hostExtensionInits.isEmpty || protocols.hostExtensionInits[t.name] !== t ? nil : t.name
    }

    /// `self.init(red: r, green: g, blue: b, alpha: a)`: the host's initializer, called as
    /// `UIColor(red: r, ...)` is, becomes `self`.
    func emitHostSelfInit(_ base: Expr, _ typeName: String, _ args: [Argument], _ scope: FnScope, _ loc: SourceLocation,
                          callEnd: SourceLocation) -> Eval {
        let callee = Expr(.identifier(typeName), at: base.location, range: base.range)
        let make = compileCall(callee, args, scope, loc, expected: nil, callEnd: callEnd)
        guard let lv = compileLValue(base, scope) else { preconditionFailure("`self` in an initializer is a place") }
        return selfReplaced(lv, by: make, loc)
    }

    /// `UIColor(hex: s)`: the extension's initializer, run as a value type's is.
    func emitHostExtensionInit(_ h: UserType, _ args: [Argument], _ scope: FnScope, _ loc: SourceLocation) -> Eval {
        let push = compilePushArgs(args, scope)
        let labels = args.map(\.label)
        return { [core = Unretained(self)] m in
            let argc = try push(m)
            return try core.object.runEnumInit(m, h, labels, argc, loc)
        }
    }
}
