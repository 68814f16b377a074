// Calls (`f(x)`, `a.m(x)`, `T(x)`, `.case(x)`, `[T](x)`): the selector (Selector.swift,
// `callPlan`) chooses what kind of call applies; each plan has an emitter here that only
// builds its closure. Rewrites (a method of `self` named without `self.`, a trailing
// closure given its label) are plans too: the call compiled again in its other form.

import TableLabSyntax
import TableLabExhaustiveness

extension InterpreterCore {
    func compileCall(_ callee: Expr, _ args: [Argument], _ scope: FnScope, _ loc: SourceLocation, expected: RType?,
                     callEnd: SourceLocation) -> Eval {
        // A `T!` property passed along is unwrapped there (ImplicitUnwrapArguments.swift).
        noteImplicitlyUnwrappedArguments(callee, args, scope, loc)
        if let u = implicitlyUnwrappedCallee(callee, scope) { return compileCall(u, args, scope, loc, expected: expected, callEnd: callEnd) }
        if !overloads.mangledBases.isEmpty,
           let chosen = compileOverloadedCall(callee, args, scope, loc, expected: expected, callEnd: callEnd) { return chosen }
        if let initialized = literalArgumentsInitialized(callee, args, scope) {
            return compileCall(callee, initialized, scope, loc, expected: expected, callEnd: callEnd)
        }
        switch callPlan(callee, args, scope) {
        case .rewritten(let c, let a):
            return compileCall(c, a, scope, loc, expected: expected, callEnd: callEnd)
        case .inoutArguments:
            return compileInoutCall(callee, args, scope, loc, expected: expected, callEnd: callEnd)
        case .valueOfLocal, .valueCall:
            let contexts = hostInitializerContexts(callee, args)
            if let refusal = contexts.refusal { return { _ in throw refusal } }
            return compileValueCall(compileExpr(callee, scope, expected: nil), args, scope, loc, expected: contexts.types)
        case .instanceMemberInInitializer(let name):
            let push = compilePushArgs(args, scope)
            let fail = instanceMemberInInitializer(name, callee.location)
            return { m in m.pop(try push(m)); return try fail(m) }
        case .construction(let slot):
            var build = compileConstructor(slot, args, scope, loc, callEnd: callEnd, typeArguments: writtenStructTypeArguments(callee, slot))
            if let kept = writtenTypeArguments(callee, slot) ?? (expected == nil ? literalTypeArguments(slot, args) : nil) {
                build = keepingTypeArguments(build, kept)
            }
            guard let expected, needsImplicitUnwrap(expected), constructsImplicitlyUnwrapped(slot, args) else { return build }
            return implicitlyUnwrapping(build, loc)
        case .metatypeConstruction(let p):
            return compileMetatypeConstruction(p, args, scope, loc)
        case .globalFunction(let name, let cells):
            if let refused = hostFunctionOutOfScope(name, cells, scope, callee.location) { return refused }
            if let ev = compileGlobalCall(name, cells, args, scope, loc, calleeLoc: callee.location, callEnd: callEnd) { return ev }
            return emitBuiltinOrLateBoundCall(name, callee, args, scope, loc, expected: expected)
        case .builtinOrLateBound(let name):
            return emitBuiltinOrLateBoundCall(name, callee, args, scope, loc, expected: expected)
        case .standardLibraryFunction(let name):
            if let b = compileBuiltinFunction(name, args, scope, loc, expected: expected) { return b }
            let at = callee.location
            return { _ in throw RuntimeError(UnsupportedMessage.swiftQualified(name), at: at) }
        case .classDelegation(let base, let name):
            if let ev = compileClassDelegation(base, name, args, scope, loc) { return ev }
            return emitMethodOnValueCall(base, name, callee, args, scope, loc)
        case .structSelfInit(let base):
            if let ev = compileStructSelfInit(base, "init", args, scope, loc, callEnd: callEnd) { return ev }
            return emitMethodOnValueCall(base, "init", callee, args, scope, loc)
        case .builtinSelfInit(let base, let typeName):
            if let ev = compileBuiltinSelfInit(base, typeName, args, scope, loc) { return ev }
            return emitMethodOnValueCall(base, "init", callee, args, scope, loc)
        case .hostSelfInit(let base, let typeName):
            return emitHostSelfInit(base, typeName, args, scope, loc, callEnd: callEnd)
        case .hostExtensionInit(let h):
            return emitHostExtensionInit(h, args, scope, loc)
        case .hostSuperMethod(let base, let name):
            return emitHostSuperCall(base, name, callee, args, scope)
        case .typeMember(let slot, let name):
            if let ev = compileCaseCall(slot, name, callee, args, scope, loc, callEnd: callEnd) { return ev }
            return compileStaticCall(slot, name, args, scope, loc, callEnd: callEnd)
        case .hostExtensionStatic(let typeName, let holder, let name):
            return emitHostExtensionStaticCall(holder, shownAs: typeName, name, args, scope, loc)
        case .methodOnValue(let base, let name):
            return emitMethodOnValueCall(base, name, callee, args, scope, loc)
        case .collectionConstruction(let t):
            return emitCollectionConstruction(t, args, scope, loc)
        case .implicitMember(let name):
            return emitImplicitMemberCall(name, callee, args, scope, loc, expected: expected, callEnd: callEnd)
        }
    }

    // MARK: Emitters, one per plan

    private func emitBuiltinOrLateBoundCall(_ name: String, _ callee: Expr, _ args: [Argument], _ scope: FnScope,
                                            _ loc: SourceLocation, expected: RType?) -> Eval {
        if let b = compileBuiltinFunction(name, args, scope, loc, expected: expected) { return b }
        let labels = args.map(\.label)
        // Defined later (interactive), or a global holding a closure: resolve when run.
        if scope.isTopLevel || recordingFunctionNames { unresolvedTopLevelNames?.append((name, callee.location)) }
        let push = compilePushArgs(args, scope)
        let full = name + "(" + labelsString(labels) + ")"
        return { [core = Unretained(self)] m in
            if let cells = core.object.functionsByBase[name], let cell = cells.first(where: { $0.labels == labels }) ?? cells.first {
                if let native = cell.native {
                    let argc = try push(m)
                    let a = Array(UnsafeBufferPointer(start: m.pointee.sp - argc, count: argc))
                    m.pop(argc)
                    return try RuntimeError.placingHostErrors(at: loc) { try native(a) }
                }
                if let f = core.object.compiled(cell), f.paramCount == args.count {
                    let argc = try push(m)
                    return try m.invoke(f, argc: argc, location: loc)
                }
            }
            if let native = core.object.nativeBuiltins[full] {
                let argc = try push(m)
                let a = Array(UnsafeBufferPointer(start: m.pointee.sp - argc, count: argc))
                m.pop(argc)
                return try RuntimeError.placingHostErrors(at: loc) { try native(a) }
            }
            if let g = core.object.globalIndex[name] {
                let gv = m.pointee.globals[g]
                if case .function(let fv) = gv {
                    let argc = try push(m)
                    let a = Array(UnsafeBufferPointer(start: m.pointee.sp - argc, count: argc))
                    m.pop(argc)
                    return try m.callValue(fv, a, location: loc)
                }
                if case .box = gv {} else {
                    throw RuntimeError(LookupMessage.callOfNonFunction(type: core.object.typeName(gv)), at: callee.location)
                }
            }
            throw core.object.cannotFind(name, at: callee.location)
        }
    }

    /// `super.viewDidLoad()` in pasted view-controller code: the host's superclass
    /// methods do nothing in the simulator; any other is an error, never a no-op.
    private func emitHostSuperCall(_ base: Expr, _ name: String, _ callee: Expr, _ args: [Argument], _ scope: FnScope) -> Eval {
        let push = compilePushArgs(args, scope)
        guard let superclass = hosting.superclass else {
            return { _ in throw RuntimeError(LookupMessage.superInRootClass, at: base.location) }
        }
        guard superclass.methods.contains(name) else {
            let at = callee.location
            return { _ in throw RuntimeError(UnsupportedMessage.superMemberNotSimulated(member: name, host: superclass.name), at: at) }
        }
        return { m in m.pop(try push(m)); return .void }
    }

    private func emitMethodOnValueCall(_ base: Expr, _ name: String, _ callee: Expr, _ args: [Argument], _ scope: FnScope,
                                       _ loc: SourceLocation) -> Eval {
        if case .integer(let i) = base.kind, integerLiteralIsDouble(member: name) {
            // `3.squareRoot()`: Double's method, so the literal is a Double.
            var literal = base
            literal.kind = .double(Double(i))
            return emitMethodOnValueCall(literal, name, callee, args, scope, loc)
        }
        switch methodOnValuePlan(base, name, args, calleeLoc: callee.location, scope) {
        case .refused(let e):
            compileTimeRefusals?.append(e)
            return { _ in throw e }
        case .append(let append):
            // The arguments' push is compiled as for any call, though the append evaluates
            // its argument itself: compiling records what the argument refers to.
            let (_, dispatch) = methodOnValueDispatch(base, name, args, scope, loc)
            return emitAppendCall(base, args[0], append, scope, dispatch, mutationPlacedAtMember(base, callee, scope))
        case .mutating(let alwaysHeld):
            let (push, dispatch) = methodOnValueDispatch(base, name, args, scope, loc)
            // An object's method changes the object, not the place that holds it: the place
            // is read, and holds no exclusive access while the method (or its closure) runs.
            if receiverIsObject(base, scope) { return emitMethodCallOnCopy(base, name, args, .dispatchOnly, scope, loc, push, dispatch) }
            guard let lv = compileLValue(base, scope) else { preconditionFailure("planned on a place that compileLValue does not give") }
            return emitMutatingMethodCall(base, callee, lv, alwaysHeld: alwaysHeld, scope, push, dispatch,
                                          mutationPlacedAtMember(base, callee, scope))
        case .onCopy(let copy):
            let (push, dispatch) = methodOnValueDispatch(base, name, args, scope, loc)
            return emitMethodCallOnCopy(base, name, args, copy, scope, loc, push, dispatch)
        }
    }

    /// The arguments' push and the method's dispatch for a call on a value, with what a few
    /// methods add to the general dispatch.
    private func methodOnValueDispatch(_ base: Expr, _ name: String, _ args: [Argument], _ scope: FnScope,
                                       _ loc: SourceLocation) -> (PushArgs, Dispatch) {
        let receiver = resolvedType(of: base, scope) ?? constructedScriptType(base, scope)
        let parameterTypes = genericMethodParameterTypes(base, name, args.map(\.label), scope)
        var (push, dispatch) = compileMethodCallOnValue(name, args, scope, loc, receiver: receiver, parameterTypes: parameterTypes)
        if parameterTypes == nil { dispatch = refusingUntypedHostArguments(dispatch, name, args, receiver) }
        if name == "reversed", args.isEmpty, let bt = resolvedType(of: base, scope), let baseName = genericTypeName(of: bt) {
            // The declared type names the base even when it is empty (`Array<Int>`).
            let inner = dispatch
            dispatch = { m, v, argc, mutable, reason in
                let r = try inner(m, &v, argc, mutable, reason)
                if case .object(let rc as ReversedCollection) = r { rc.declaredBaseName = baseName }
                return r
            }
        }
        if name == "makeIterator", args.isEmpty {
            let inner = dispatch
            dispatch = { [core = Unretained(self)] m, v, argc, mutable, reason in
                if let it = try core.object.builtinIterator(v, loc) { return it }
                return try inner(m, &v, argc, mutable, reason)
            }
        }
        return (push, dispatch)
    }

    /// Swift points a mutation of a `let` at the member, with a note at the `let`.
    private func mutationPlacedAtMember(_ base: Expr, _ callee: Expr, _ scope: FnScope) -> (RuntimeError) -> RuntimeError {
        let declaredAt = rootDeclaration(base, scope)
        let baseLoc = callee.location
        return { e in
            guard e.diagnostic.id == .mutatingMemberOnImmutableValue, e.diagnostic.trace.isEmpty else { return e }
            var e = e
            e.diagnostic.location = baseLoc
            if e.diagnostic.notes.isEmpty, let d = declaredAt(), d != .unknown {
                e.diagnostic.notes.append(.note(NoteMessage.changeLetToVar, at: d))
            }
            return e
        }
    }

    /// `list.append(x)` appended where the array lives.
    private func emitAppendCall(_ base: Expr, _ argument: Argument, _ plan: AppendPlan, _ scope: FnScope, _ dispatch: @escaping Dispatch,
                                _ placedAtMember: @escaping (RuntimeError) -> RuntimeError) -> Eval {
        guard let lv = compileLValue(base, scope) else { preconditionFailure("planned on a place that compileLValue does not give") }
        // Constants, not `var`s: the closure below captures them, and a captured `var` is a
        // box whose every read is a dynamic exclusivity check (`swift_beginAccess`, about 60
        // instructions an append in W6's build).
        let elementType = plan.elementType
        let av = appendedElement(argument, elementType, scope)
        let core = Unretained(self)
        let general = { (m: Ctx, x: Value) throws -> Value in
            var result = Value.void
            do {
            try lv.modify(m) { v, im in
                if case .array = v, im == nil {
                    _ = v.arrayAppend(x)
                    core.guaranteed { $0.noteAppend(v) }
                    return
                }
                if v.isReferenceStep { core.object.steppedThroughReference = true }
                m.push(x)
                result = try dispatch(m, &v, 1, im == nil, im?.reason ?? "")
            }
            } catch let e as RuntimeError {
                throw placedAtMember(e)
            }
            return result
        }
        switch plan.site {
        case .local(let slot):
            // Anything else in the slot (a String, a value of a script type) takes the general path.
            return { m in
                let x = try av(m)
                if case .array = m.pointee.fp[slot] {
                    _ = m.pointee.fp[slot].arrayAppend(x)
                    return .void
                }
                return try general(m, x)
            }
        case .instanceField(let ownerSlot, let field):
            // The general path (the `LValue` chain, then the check of the appended element)
            // was about 1,000 instructions a row of W6's build. Anything else (another kind of
            // value, an observed, lazy, `let`, weak or `private(set)` property, a field held
            // by a mutating call, an element that needs the property type's check or
            // conversion) takes the general path, which raises the errors. The argument is
            // evaluated first, as on the general path.
            let cache = InstanceAppendCache()
            let from = scope.selfType
            return { [core = Unretained(self)] m in
                let x = try av(m)
                if case .type(.table(let inst)) = m.pointee.fp[ownerSlot] {
                    if inst.type !== cache.type { core.guaranteed { $0.fillInstanceAppendCache(cache, inst, field, from: from) } }
                    let i = cache.index
                    if i >= 0, i < inst.fieldCount, inst.type.observers.isEmpty, cache.accepts(x) {
                        let p = inst.fieldPointer(i)
                        if case .array = p.pointee {
                            _ = p.pointee.arrayAppend(x)
                            return .void
                        }
                    }
                }
                return try general(m, x)
            }
        case .general:
            return { m in try general(m, try av(m)) }
        }
    }

    /// The element as the array holds it: `Optional(1)` in an `[Int?]`, an Array for
    /// `xs.reversed()` in an Array of Arrays; other elements are kept as they come.
    private func appendedElement(_ argument: Argument, _ elementType: RType?, _ scope: FnScope) -> Eval {
        // Only these element types store a value other than as written (Optional(1), 2.0, a Set).
        let converts: Bool
        switch elementType {
        case .optional?, .double?, .set?: converts = true
        default: converts = false
        }
        let quick = QuickCheck(elementType)
        let mayBeReversed: Bool
        if case .array? = elementType { mayBeReversed = true } else { mayBeReversed = elementType == nil }
        let plain = compileExpr(argument.value, scope, expected: elementType)
        // An element of another type where Int, Double, String or Bool is declared:
        // swiftc's error (it was appended as it came).
        let checks: Bool
        switch elementType {
        case .int?, .double?, .string?, .bool?: checks = true
        // A script enum or struct, unless the argument's spelling already makes one.
        case .user(let s)? where s.current.map({ $0.kind == .enum || $0.kind == .struct }) == true:
            checks = !argumentIsOfType(argument.value, s, scope)
        default: checks = false
        }
        let argLoc = argument.value.location
        return !converts && !mayBeReversed && !checks ? plain : { [core = Unretained(self)] m in
            var x = try plain(m)
            if converts || checks, let elementType, !quick.accepts(x) {
                if let c = core.object.coerce(x, to: elementType) { x = c } else if checks {
                    if let e = core.object.optionalNotUnwrapped(x, elementType, at: argLoc) { throw e }
                    if let stale = core.object.staleValue(in: x) { throw RuntimeError(stale, at: argLoc) }
                    throw RuntimeError(ConversionMessage.cannotConvertArgument(type: core.object.typeName(x), to: elementType.description),
                                       at: argLoc)
                }
            }
            if case .object(let rc as ReversedCollection) = x { x = .array(rc.elements) }
            return x
        }
    }

    /// Whether the receiver is known to be an object: a script class's instance, a table,
    /// an instance of a host class (the host's classes are NSObjects).
    private func receiverIsObject(_ base: Expr, _ scope: FnScope) -> Bool {
        switch resolvedType(of: base, scope) {
        case .user(let s)?:
            guard let t = s.current else { return false }
            return t.kind == .class || t.kind == .table
        case .external(let n)?:
            guard let c = hosting.memberCatalogue?(n) else { return false }
            return !c.isProtocol && c.lineage.contains("NSObject")
        default: return false
        }
    }

    /// A mutating method on a variable: the receiver modified in place, held exclusively
    /// while the script's code runs (a method body, a closure argument).
    private func emitMutatingMethodCall(_ base: Expr, _ callee: Expr, _ lv: LValue, alwaysHeld: Bool, _ scope: FnScope,
                                        _ push: @escaping PushArgs, _ dispatch: @escaping Dispatch,
                                        _ placedAtMember: @escaping (RuntimeError) -> RuntimeError) -> Eval {
        let reason = lv.immutableReason
        let held = compileLValue(base, scope, exclusiveAt: callee.location) ?? lv
        return { [core = Unretained(self)] m in
            let argc = try push(m)
            var hold = alwaysHeld
            if !hold {
                var p = m.pointee.sp - argc
                while p < m.pointee.sp { if case .function = p.pointee { hold = true; break }; p += 1 }
            }
            var result = Value.void
            do {
                try (hold ? held : lv).modify(m) { v, im in
                    // A method of an object changes the object, not the place that holds it.
                    if v.isReferenceStep { core.object.steppedThroughReference = true }
                    result = try dispatch(m, &v, argc, im == nil, im?.reason ?? reason ?? "")
                }
            } catch let e as RuntimeError {
                throw placedAtMember(e)
            }
            return result
        }
    }

    /// A method that cannot change its receiver, called on a copy; on a class instance, the
    /// method this site found last time for the instance's class.
    private func emitMethodCallOnCopy(_ base: Expr, _ name: String, _ args: [Argument], _ plan: CopyCallPlan, _ scope: FnScope,
                                      _ loc: SourceLocation, _ push: @escaping PushArgs, _ dispatch: @escaping Dispatch) -> Eval {
        let b = compileMemberBase(base, scope)
        let reason = rvalueImmutability(base, scope).reason
        guard case .cachedClassMethod(let borrowingLocal) = plan else {
            return { m in
                var v = try b(m)
                let argc = try push(m)
                return try dispatch(m, &v, argc, false, reason)
            }
        }
        // `row.select()` on a class instance: the method this site found last time for the
        // instance's class, called as `callUserMethod` calls it, without the generic dispatch.
        let labels = args.map(\.label)
        let fullName = name + "(" + labelsString(labels) + ")"
        final class SiteCache { var type: UserType? = nil; var generation = -1; var function: CompiledFunction? = nil }
        let cache = SiteCache()
        let copyPath: Eval = { [core = Unretained(self)] m in
            var v = try b(m)
            let argc = try push(m)
            if case .type(.table(let inst)) = v, inst.type.kind == .class {
                if let f = cache.function, cache.type === inst.type,
                   let r = try core.guaranteed({ me in
                       me.typeGenerationCell.pointee == cache.generation ? try me.callCachedInstanceMethod(m, v, f, argc, loc) : nil
                   }) {
                    return r
                }
                let r = try dispatch(m, &v, argc, false, reason)
                let t = inst.type
                if cache.type !== t || cache.generation != core.object.typeGeneration,
                   let (full, slot, map) = core.object.findMethod(t, name, fullName, labels), map == nil {
                    let f = core.object.compiledMethod(t, slot, fullName: full)
                    cache.type = t; cache.generation = core.object.typeGeneration
                    cache.function = f.hasSelf && !f.isMutating && f.genericInfo == nil ? f : nil
                }
                return r
            }
            return try dispatch(m, &v, argc, false, reason)
        }
        let generation = typeGenerationCell
        // The receiver a plain local of this frame (`row.select()`): the method may borrow
        // it (`invokeMethodBorrowingSelf`: no copy, retain or release of the instance).
        // The local is read after the arguments are pushed: no argument can change it (it
        // is not captured, and `&` arguments take the path below).
        if let receiverSlot = borrowingLocal {
            return { m in
                let p = m.pointee.fp + receiverSlot
                guard case .type(.table(let inst)) = p.pointee, let f = cache.function, cache.type === inst.type,
                      generation.pointee == cache.generation, f.borrowsSelf else { return try copyPath(m) }
                let argc = try push(m)
                let args = m.pointee.sp - argc
                if argc == f.paramCount - 1 {
                    var quick = true
                    for i in 0..<argc where !f.paramQuick[i].accepts(args[i]) { quick = false; break }
                    if quick { return try m.invokeMethodBorrowingSelf(f, argc: argc + 1, selfAt: p, location: loc) }
                }
                var v = p.pointee
                return try dispatch(m, &v, argc, false, reason)
            }
        }
        return copyPath
    }

    /// Calls `f`, the method a site found for this instance's class before, with the `argc`
    /// arguments on the stack; nil (nothing consumed) when an argument needs the general
    /// path's check or conversion.
    private func callCachedInstanceMethod(_ m: Ctx, _ v: Value, _ f: CompiledFunction, _ argc: Int,
                                          _ loc: SourceLocation) throws -> Value? {
        guard argc == f.paramCount - 1 else { return nil }
        let base = m.pointee.sp - argc
        for i in 0..<argc where !f.paramQuick[i].accepts(base[i]) { return nil }
        m.push(v)
        var ignored = Value.void
        return try m.invokeMethod(f, argc: argc + 1, location: loc, selfOut: &ignored)
    }

    private func emitCollectionConstruction(_ t: TypeSyntax, _ args: [Argument], _ scope: FnScope, _ loc: SourceLocation) -> Eval {
        // `Optional<String>("a")` wraps its argument, as `"a" as String?` does (it was read
        // as a collection built from a sequence: `["a"]`, silently different).
        if case .optional = t, args.count == 1, args[0].label == nil {
            return compileExpr(Expr(.typeCast(args[0].value, t, .as), at: loc), scope, expected: nil)
        }
        let labels = args.map(\.label)
        let rt = resolveType(t)
        // `[Float](repeating: 1, count: 2)`: the literal is an element (it was the Int 1).
        var floatingElement: RType? = nil
        switch rt.elementType {
        case .double?, .float?: floatingElement = rt.elementType
        default: break
        }
        let push = compilePushArgs(args, scope)
        return { [core = Unretained(self)] m in
            let argc = try push(m)
            let a = Array(UnsafeBufferPointer(start: m.pointee.sp - argc, count: argc))
            m.pop(argc)
            if a.isEmpty {
                if case .dictionary = rt { return .dictionary([:]) }
                return .array([])
            }
            if labels == ["repeating", "count"], case .int(let n) = a[1] {
                let element = floatingElement.flatMap { core.object.coerce(a[0], to: $0) } ?? a[0]
                return .array(try core.object.repeatedArray(element, n, loc))
            }
            if a.count == 1 { return .array(try core.object.sequenceElements(a[0], loc)) }
            throw RuntimeError(LookupMessage.noMatchingInitializer, at: loc)
        }
    }

    private func emitImplicitMemberCall(_ name: String, _ callee: Expr, _ args: [Argument], _ scope: FnScope, _ loc: SourceLocation,
                                        expected: RType?, callEnd: SourceLocation) -> Eval {
        // `.init(...)` where the type is known (`let rows: [Row] = [.init(title: "A")]`).
        if name == "init" {
            if let expected, let slot = enumSlot(expected) {
                return compileConstructor(slot, args, scope, loc, callEnd: callEnd)
            }
            if let expected, let builtin = implicitInitType(expected) {
                if let ev = compileBuiltinFunction(builtin, args, scope, loc, expected: expected) { return ev }
                return compileValueCall(constant(.type(.builtin(BuiltinTypeName(builtin)))), args, scope, loc)
            }
            let at = callee.location
            let message = expected == nil ? LookupMessage.initWithoutContext : LookupMessage.implicitMemberWithoutContext("init")
            return { _ in throw RuntimeError(message, at: at) }
        }
        if let slot = payloadCaseSlot(name, expected: expected),
           let ev = compileCaseCall(slot, name, callee, args, scope, loc, callEnd: callEnd) { return ev }
        if name == "some", args.count == 1, args[0].label == nil {
            switch expected {
            case nil, .optional?, .any?:
                var wrappedType: RType? = nil
                if case .optional(let w)? = expected { wrappedType = w }
                let x = compileExpr(args[0].value, scope, expected: wrappedType)
                return { m in .wrapped(try x(m)) }
            default: break
            }
        }
        if let slot = implicitStaticMethodType(name, expected) { return compileStaticCall(slot, name, args, scope, loc, callEnd: callEnd) }
        // As for the script's types: the one host class whose extension declares a static
        // method of that name (`.config(view: v)` where the context is a UIView).
        if expected.flatMap(enumSlot) == nil {
            let holders = protocols.builtinExtensions.values.filter { $0.kind == .class && declaresStaticMethod($0, name) }
            if holders.count == 1, implicitStaticMethodType(name, nil) == nil {
                return emitHostExtensionStaticCall(holders[0].name, shownAs: holders[0].name, name, args, scope, loc)
            }
        }
        // `.systemFont(ofSize: 17 * 3 / 2)`: the host's parameter types, as on `UIFont.`.
        let contexts = hostArgumentContexts(name + "(" + labelsString(args.map(\.label)) + ")", args.count)
        return compileValueCall(compileExpr(callee, scope, expected: nil), args, scope, loc, expected: contexts)
    }

    /// `UIView.config(...)`: the static method of the host class's extension, found at the
    /// call's first run and again after a declaration (a later extension replaces it).
    private func emitHostExtensionStaticCall(_ holderName: String, shownAs typeName: String, _ name: String, _ args: [Argument],
                                             _ scope: FnScope, _ loc: SourceLocation) -> Eval {
        let push = compilePushArgs(args, scope)
        let labels = args.map(\.label)
        let fullName = name + "(" + labelsString(labels) + ")"
        let site = StaticCallSite()
        return { [core = Unretained(self)] m in
            let argc = try push(m)
            if let h = core.object.hostExtensionHolder(holderName, site: site),
               let r = try core.object.callStaticMethod(m, h, name, fullName, labels, argc, loc, site: site) { return r }
            m.pop(argc)
            throw RuntimeError(RuntimeMessage.typeHasNoMember(type: typeName, member: name), at: loc)
        }
    }

    /// Whether `t` declares a static method of base name `name`.
    func declaresStaticMethod(_ t: UserType, _ name: String) -> Bool {
        guard let names = t.methodsByBase[name] else { return false }
        return names.contains { t.methods[$0]?.isStatic == true }
    }
}

extension InterpreterCore {
    /// `Optional<T>` or `Optional` written as a value, where no script type or local takes the name.
    func isOptionalTypeName(_ e: Expr, _ scope: FnScope) -> Bool {
        switch e.kind {
        case .arrayType(.optional): return true
        case .identifier("Optional"): return scope.findLocal("Optional") == nil && userType("Optional") == nil
        default: return false
        }
    }
}

extension InterpreterCore {
    /// Whether an argument is of the script type `slot` by its spelling or its declared type
    /// (`.toggle`, `Kind.toggle`, `Row(...)`, `kinds[i]` of a `[Kind]`): no check is needed.
    func argumentIsOfType(_ e: Expr, _ slot: TypeSlot, _ scope: FnScope) -> Bool {
        switch e.kind {
        case .implicitMember: return true
        case .member(let b, _):
            if case .user(let s)? = literalType(e, taking: .enumCase) { return s === slot }
            _ = b
        case .call(let callee, _):
            if case .identifier(let n) = callee.kind, scope.findLocal(n) == nil, typeSlots[n] === slot { return true }
        default: break
        }
        if case .user(let s)? = resolvedType(of: e, scope) { return s === slot }
        return false
    }
}
