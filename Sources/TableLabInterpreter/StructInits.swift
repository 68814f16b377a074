// Structs' initializers as Swift has them: `self.init(...)` delegating to another
// initializer (the memberwise one too), and the memberwise initializer kept when every
// explicit initializer is declared in an extension.

import TableLabSyntax

extension InterpreterCore {
    /// The memberwise initializer survives explicit ones declared only in extensions.
    func keepsMemberwise(_ t: UserType) -> Bool {
        guard t.kind == .struct, let d = t.decl as? StructDecl else { return false }
        return d.members.initializers.isEmpty
    }

    /// The struct's constructor call goes to the memberwise initializer: there is no
    /// explicit one, or the memberwise one is kept and no explicit one takes these labels.
    func usesMemberwise(_ t: UserType, _ labels: [String?]) -> Bool {
        if t.initializers.isEmpty { return true }
        guard keepsMemberwise(t) else { return false }
        return !t.initializers.contains { d in
            if case .success = matchArguments(d.parameters.map { ($0.label, $0.defaultValue != nil) }, labels) { return true }
            return false
        }
    }

    /// `self.init(args)` in a struct's initializer: the chosen initializer makes the value,
    /// which becomes `self`. Nil when the call is not one.
    func compileStructSelfInit(_ base: Expr, _ name: String, _ args: [Argument], _ scope: FnScope, _ loc: SourceLocation,
                               callEnd: SourceLocation) -> Eval? {
        guard name == "init", case .self = base.kind, let t = scope.selfType, t.kind == .struct || t.kind == .enum,
              !scope.isStatic, let slot = typeSlots[t.name], slot.current === t,
              let lv = compileLValue(base, scope) else { return nil }
        return selfReplaced(lv, by: compileConstructor(slot, args, scope, loc, callEnd: callEnd), loc)
    }

    /// `self = made` for a delegating `self.init(...)`; a failing delegation (nil) is refused
    /// by name (`init?` delegation to a failing initializer is not simulated).
    func selfReplaced(_ lv: LValue, by make: @escaping Eval, _ loc: SourceLocation) -> Eval {
        return { m in
            var made = try make(m)
            if case .wrapped(let x) = made { made = x }
            if case .nilValue = made {
                throw RuntimeError(UnsupportedMessage.failingSelfInit, at: loc)
            }
            try lv.modify(m) { v, _ in v = made }
            return .void
        }
    }
}

extension InterpreterCore {
    /// `self.init(args)` in an initializer of `extension Character` (String, Int, ...): the
    /// type's own initializer, or another of the extension's, as `Character(args)` chooses
    /// it, makes the value that becomes `self`. Nil when the call is not one.
    func compileBuiltinSelfInit(_ base: Expr, _ typeName: String, _ args: [Argument], _ scope: FnScope,
                                _ loc: SourceLocation) -> Eval? {
        guard let lv = compileLValue(base, scope),
              let make = compileBuiltinFunction(typeName, args, scope, loc, expected: nil) else { return nil }
        return selfReplaced(lv, by: make, loc)
    }
}

extension InterpreterCore {
    /// What a struct's initializer call gives: `nil` when a failable one returned nil, the
    /// value wrapped (for `init!` too: Swift unwraps it only where the context needs it),
    /// after the check that every stored property was set.
    func structInitResult(_ s: Value, _ returned: Value, _ d: FunctionDecl) throws -> Value {
        if d.failability != nil, case .nilValue = returned { return .nilValue }
        try checkStructInitialized(s, d)
        return d.failability != nil ? .wrapped(s) : s
    }
}

extension InterpreterCore {
    /// `Section(index: 1)` with an `init` the enum declares (`self = .a`, `return nil` in
    /// an `init?`); nil when no declared initializer takes these labels (`init(rawValue:)`
    /// stays the built-in one).
    func compileEnumInit(_ slot: TypeSlot, _ t0: UserType, _ args: [Argument], _ scope: FnScope,
                         _ loc: SourceLocation) -> Eval? {
        let labels = args.map(\.label)
        guard t0.initializers.contains(where: { d in
            if case .success = matchArguments(d.parameters.map { ($0.label, $0.defaultValue != nil) }, labels) { return true }
            return false
        }) else { return nil }
        let push = compilePushArgs(args, scope)
        return { [core = Unretained(self)] m in
            guard let t = slot.current else { throw RuntimeError(LookupMessage.cannotFindInScope(slot.name), at: loc) }
            let argc = try push(m)
            return try core.object.runEnumInit(m, t, labels, argc, loc)
        }
    }

    func runEnumInit(_ m: Ctx, _ t: UserType, _ labels: [String?], _ argc: Int, _ loc: SourceLocation) throws -> Value {
        let (d, map, f) = try chosenInitializer(m, t, labels, argc, loc)
        try pushArguments(m, argc, map, f, loc)
        m.push(.void)
        var s = Value.void
        let returned = try m.invokeMethod(f, argc: map.count + 1, location: loc, selfOut: &s)
        if d.failability != nil, case .nilValue = returned { return .nilValue }
        if case .void = s {
            throw RuntimeError(DeclarationMessage.selfInitNotOnAllPaths, at: d.bodyEnd == .unknown ? d.location : d.bodyEnd)
        }
        return d.failability != nil ? .wrapped(s) : s
    }
}
