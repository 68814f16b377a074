// `subscript` declarations of structs, enums and tables: `grid[r, c]`, `m[key: k]`,
// `Type[i]` (static), read through the getter and written through the setter (get, then
// the change, then set: a path below a subscript works as below a computed property).
// Only a program that declares a subscript pays for them: built-in subscripts keep their
// paths, and a user type's value reaches these functions where a built-in would fail.

import TableLabSyntax
import TableLabExhaustiveness

/// One `subscript` of a type, compiled on first use.
final class SubscriptSlot {
    let decl: SubscriptDecl
    @exclusivity(unchecked) var getter: CompiledFunction?
    @exclusivity(unchecked) var setter: CompiledFunction?
    init(_ decl: SubscriptDecl) { self.decl = decl }
}

extension InterpreterCore {
    /// `fillMembers`: a type's subscripts.
    func registerSubscripts(_ t: UserType, _ decls: [SubscriptDecl]) {
        guard !decls.isEmpty else { return }
        t.subscripts.append(contentsOf: decls.map(SubscriptSlot.init))
        declaresSubscripts = true
    }

    /// The type whose subscripts apply to `v`, and whether they are the static ones.
    func subscriptOwner(_ v: Value) -> (UserType, isStatic: Bool)? {
        switch v {
        case .structValue(let s): return (s.type, false)
        case .enumCase(let tid, _): return Int(tid) < types.count ? (types[Int(tid)], false) : nil
        case .payloadCase(let p): return Int(p.typeID) < types.count ? (types[Int(p.typeID)], false) : nil
        case .type(.table(let inst)): return (inst.type, false)
        case .type(.structType(let t)), .type(.enumType(let t)): return (t, true)
        // `extension String { subscript(i: Int) -> Character }`, `extension Array { subscript(safe i: Int) }`.
        default: return builtinExtension(of: v).map { ($0, false) }
        }
    }

    /// The subscript a call's labels and values select, with the argument of each parameter.
    func pickSubscript(_ t: UserType, isStatic: Bool, _ args: [Value], _ labels: [String?], _ loc: SourceLocation) throws -> (SubscriptSlot, [Int?])? {
        var byLabels: (SubscriptSlot, [Int?])? = nil
        for s in t.subscripts where s.decl.isStatic == isStatic {
            guard case .success(let map) = matchArguments(s.decl.parameters.map { ($0.label, $0.defaultValue != nil) }, labels) else { continue }
            if byLabels == nil { byLabels = (s, map) }
            let fits = map.enumerated().allSatisfy { p, ai in
                guard let ai, let ty = s.decl.parameters[p].type else { return true }
                return coerce(args[ai], to: resolveType(ty)) != nil
            }
            if fits { return (s, map) }
        }
        if let byLabels { return byLabels }
        try refuseSubscriptLabels(t, isStatic: isStatic, labels, loc)
        return nil
    }

    /// swiftc's label error of the only subscript there is, where the call's labels do not
    /// fit it (with several, "no exact matches" stays).
    private func refuseSubscriptLabels(_ t: UserType, isStatic: Bool, _ labels: [String?], _ loc: SourceLocation) throws {
        let candidates = t.subscripts.filter { $0.decl.isStatic == isStatic }
        guard candidates.count == 1,
              case .failure(let e) = matchArguments(candidates[0].decl.parameters.map { ($0.label, $0.defaultValue != nil) }, labels)
        else { return }
        guard let message = e.message.inSubscript else { return }
        throw RuntimeError(message, at: subscriptBrackets[loc] ?? loc)
    }

    func subscriptGetter(_ t: UserType, _ s: SubscriptSlot) -> CompiledFunction {
        if let f = s.getter { return f }
        let d = s.decl
        var f = FunctionDecl(name: "subscript", parameters: d.parameters, returnType: d.returnType, body: d.getter,
                             isStatic: d.isStatic, location: d.location)
        f.genericParameters = d.genericParameters
        f.whereClause = d.whereClause
        let c = inFile(t.file) { compileFunction(f, selfType: t, isStaticContext: d.isStatic, displayName: "\(t.name).subscript.getter") }
        s.getter = c
        return c
    }

    func subscriptSetter(_ t: UserType, _ s: SubscriptSlot) -> CompiledFunction? {
        if let f = s.setter { return f }
        let d = s.decl
        guard let (name, body) = d.setter else { return nil }
        let p = Parameter(label: nil, name: name, type: d.returnType, defaultValue: nil, location: d.location)
        var f = FunctionDecl(name: "subscript", parameters: d.parameters + [p], returnType: nil, body: body, isStatic: d.isStatic,
                             isMutating: t.kind == .struct && !d.isStatic && !d.setterIsNonmutating, location: d.location)
        f.genericParameters = d.genericParameters
        f.whereClause = d.whereClause
        let c = inFile(t.file) { compileFunction(f, selfType: t, isStaticContext: d.isStatic, displayName: "\(t.name).subscript.setter") }
        s.setter = c
        return c
    }

    /// Pushes the index arguments in parameter order (defaults filled in, types checked).
    func pushSubscriptArguments(_ m: Ctx, _ f: CompiledFunction, _ map: [Int?], _ args: [Value], _ loc: SourceLocation) throws {
        for (p, ai) in map.enumerated() {
            var v: Value
            if let ai { v = args[ai] } else if let d = f.paramDefaults[p] { v = try d(m) } else { v = .void }
            if let t = f.paramTypes[p] { v = try checkArgument(v, t, loc) }
            m.push(v)
        }
    }

    /// `v[args]` through a subscript `v`'s type declares; nil when it declares none.
    func userSubscriptGet(_ m: Ctx, _ v: Value, _ args: [Value], _ labels: [String?], _ loc: SourceLocation) throws -> Value? {
        guard let (t, isStatic) = subscriptOwner(v), !t.subscripts.isEmpty else { return nil }
        guard let (s, map) = try pickSubscript(t, isStatic: isStatic, args, labels, loc) else {
            throw RuntimeError(LookupMessage.noMatchingSubscript, at: loc)
        }
        let f = subscriptGetter(t, s)
        try pushSubscriptArguments(m, f, map, args, loc)
        if isStatic { return try m.invoke(f, argc: map.count, location: loc) }
        m.push(v)
        var ignored = Value.void
        return try m.invokeMethod(f, argc: map.count + 1, location: loc, selfOut: &ignored)
    }

    /// A change through a subscript `v`'s type declares: get, change, set. False when it declares none.
    func modifyUserSubscript(_ m: Ctx, _ v: inout Value, _ args: [Value], _ labels: [String?], _ im: Immutability?,
                             _ loc: SourceLocation, storeOnly: Bool = false, _ body: ModifyBody) throws -> Bool {
        guard let (t, isStatic) = subscriptOwner(v), !t.subscripts.isEmpty else { return false }
        guard let (s, map) = try pickSubscript(t, isStatic: isStatic, args, labels, loc) else {
            throw RuntimeError(LookupMessage.noMatchingSubscript, at: loc)
        }
        guard let setter = subscriptSetter(t, s) else {
            throw RuntimeError(AssignmentMessage.getOnlySubscript, at: loc)
        }
        if v.isReferenceStep { steppedThroughReference = true }
        var x = storeOnly ? Value.void : try userSubscriptGet(m, v, args, labels, loc) ?? .void
        // A class's subscript (or a nonmutating setter) changes nothing of the path that
        // reached it: `let model` may still be written through `model[i] = x`.
        if try passesThroughReference({ try body(&x, t.kind == .class || !setter.isMutating ? nil : im) }) { return true }
        if let rt = setter.paramTypes[map.count], let c = coerce(x, to: rt) { x = c }
        // `cache["a"] = 1` on a `Cache<String, Double>`: the element type its arguments give.
        if case .type(.table(let inst)) = v, let typeArguments = inst.typeArguments, let ps = protocols.genericParameters[t.id],
           ps.count == typeArguments.count {
            protocols.genericScopes.append(Dictionary(zip(ps.map(\.name), typeArguments), uniquingKeysWith: { a, _ in a }))
            let rt = resolveType(s.decl.returnType)
            protocols.genericScopes.removeLast()
            if let c = coerce(x, to: rt) { x = c }
        }
        try pushSubscriptArguments(m, setter, map, args, loc)
        m.push(x)
        if isStatic { _ = try m.invoke(setter, argc: map.count + 1, location: loc); return true }
        if !setter.isMutating {
            m.push(v)
            var ignored = Value.void
            _ = try m.invokeMethod(setter, argc: map.count + 2, location: loc, selfOut: &ignored)
            return true
        }
        m.push(moving: &v)
        _ = try m.invokeMethod(setter, argc: map.count + 2, location: loc, selfOut: &v)
        return true
    }

    /// Whether a subscript's arguments are ones a built-in subscript takes (`[i]`, `[k, default: d]`).
    func isBuiltinSubscriptShape(_ args: [Argument]) -> Bool {
        if args.count == 1 { return args[0].label == nil }
        return args.count == 2 && args[0].label == nil && args[1].label == "default"
    }

    /// `v[a, b]`, `v[key: k]` read: only a declared subscript takes these.
    func compileUserSubscriptGet(_ base: @escaping Eval, _ args: [Argument], _ scope: FnScope, _ loc: SourceLocation) -> Eval {
        let evs = args.map { EvalBox(run: compileExpr($0.value, scope, expected: nil)) }
        let labels = args.map(\.label)
        return { [core = Unretained(self)] m in
            let b = try base(m)
            var a: [Value] = []
            for e in evs { a.append(try e.run(m)) }
            if let r = try core.object.userSubscriptGet(m, b, a, labels, loc) { return r }
            throw RuntimeError(LookupMessage.noSubscripts(type: core.object.typeName(b)), at: loc)
        }
    }

    /// `v[a, b] = x`, `v[key: k] += 1`: through a declared subscript.
    func compileUserSubscriptLValue(_ parent: LValue?, _ base: Expr, _ args: [Argument], _ scope: FnScope, _ loc: SourceLocation) -> LValue? {
        let evs = args.map { EvalBox(run: compileExpr($0.value, scope, expected: nil)) }
        let labels = args.map(\.label)
        let loc = base.range.end   // the `[`, where swiftc reports
        guard let parent else {
            // `Type[i] = x`: a static subscript.
            guard case .identifier(let tn) = base.kind, scope.findLocal(tn) == nil, userType(tn) != nil else { return nil }
            let b = compileExpr(base, scope, expected: nil)
            return LValue(modify: { [core = Unretained(self)] m, body in
                var a: [Value] = []
                for e in evs { a.append(try e.run(m)) }
                var v = try b(m)
                if !(try core.object.modifyUserSubscript(m, &v, a, labels, nil, loc, body)) {
                    throw RuntimeError(LookupMessage.noSubscripts(type: core.object.typeName(v)), at: loc)
                }
            }, immutableReason: nil)
        }
        return LValue(modify: { [core = Unretained(self)] m, body in
            var a: [Value] = []
            for e in evs { a.append(try e.run(m)) }
            try parent.modify(m) { v, im in
                if !(try core.object.modifyUserSubscript(m, &v, a, labels, im, loc, body)) {
                    throw RuntimeError(LookupMessage.noSubscripts(type: core.object.typeName(v)), at: loc)
                }
            }
        }, immutableReason: parent.immutableReason)
    }
}

extension InterpreterCore {
    /// `handler?(x)`: calls the function when the optional holds one; nil otherwise (the
    /// arguments are then not evaluated, as in Swift).
    func compileOptionalCall(_ f: Expr, _ args: [Argument], _ scope: FnScope, _ loc: SourceLocation) -> (Ctx) throws -> Value? {
        let fp = compileChainPart(f, scope)
        // The unwrapped function is stashed where the call below reads it.
        let call = compileValueCall({ m in m.pointee.returnValue }, args, scope, loc)
        return { m in
            guard let v = try fp(m) else { return nil }
            var x = v
            switch v {
            case .nilValue: return nil
            case .wrapped(let w): x = w
            default: break
            }
            let saved = m.pointee.returnValue
            m.pointee.returnValue = x
            defer { m.pointee.returnValue = saved }
            return try call(m)
        }
    }
}
