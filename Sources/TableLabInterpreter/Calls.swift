// Calls: resolved global functions, methods, constructors, closures and built-ins.

import TableLabSyntax
import TableLabExhaustiveness

typealias PushArgs = (Ctx) throws -> Int
typealias Dispatch = (Ctx, inout Value, Int, Bool, String) throws -> Value

extension InterpreterCore {
    func labelsString(_ labels: [String?]) -> String { labels.map { ($0 ?? "_") + ":" }.joined() }

    func compilePushArgs(_ args: [Argument], _ scope: FnScope, expected: [RType?]? = nil) -> PushArgs {
        let evs = args.enumerated().map { EvalBox(run: compileExpr($0.element.value, scope, expected: expected?[$0.offset] ?? nil)) }
        switch evs.count {
        case 0: return { _ in 0 }
        case 1:
            let a = evs[0].run
            return { m in m.push(try a(m)); return 1 }
        case 2:
            let a = evs[0].run, b = evs[1].run
            return { m in m.push(try a(m)); m.push(try b(m)); return 2 }
        default:
            return { m in
                for e in evs { m.push(try e.run(m)) }
                return evs.count
            }
        }
    }

    /// Matches call labels to parameters; returns for each parameter the argument index or
    /// nil (use the default), or an error message in Swift's words.
    func matchArguments(_ params: [(label: String?, hasDefault: Bool)], _ labels: [String?]) -> Result<[Int?], RuntimeErrorMessage> {
        var out: [Int?] = []
        var ai = 0
        for p in params {
            if ai < labels.count, labels[ai] == p.label {
                out.append(ai); ai += 1
            } else if p.hasDefault {
                out.append(nil)
            } else if ai < labels.count {
                if p.label != nil && labels[ai] == nil { return .failure(.init(.missingArgumentLabel(p.label!), argument: ai)) }
                if p.label == nil && labels[ai] != nil { return .failure(.init(.extraneousArgumentLabel(labels[ai]!))) }
                let have = labelsString(labels), want = labelsString(params.map(\.label))
                return .failure(.init(.incorrectArgumentLabels(have: have, expected: want, plural: labels.count > 1)))
            } else {
                return .failure(.init(.missingArgument(parameter: p.label, position: out.count + 1)))
            }
        }
        if ai < labels.count { return .failure(.init(.extraArguments(plural: labels.count - ai > 1), argument: ai)) }
        return .success(out)
    }

    /// Where the variable at the root of a path was declared (read when an error needs it).
    func rootDeclaration(_ e: Expr, _ scope: FnScope) -> () -> SourceLocation? {
        switch e.kind {
        case .identifier(let name):
            if let l = scope.findLocal(name) { let at = l.location; return { at } }
            if let g = globalIndex[name] { return { [unowned(unsafe) self] in self.globalDeclLocations[g] } }
            return { nil }
        case .member(let b, _), .subscriptAccess(let b, _): return rootDeclaration(b, scope)
        default: return { nil }
        }
    }

    /// The `)` closing a call whose last argument (or callee) starts at `start`, found in
    /// the source text; nil when the text is not at hand.
    func closingParen(after start: SourceLocation) -> SourceLocation? {
        guard let file = currentFile else { return nil }
        var depth = 0
        var inString = false
        var line = start.line
        var first = true
        while let text = file.line(line) {
            var col = 0
            var previous: Character = " "
            for ch in text {
                col += 1
                if first && col < start.column { continue }
                if inString {
                    if ch == "\"" && previous != "\\" { inString = false }
                } else {
                    switch ch {
                    case "\"": inString = true
                    case "(", "[", "{": depth += 1
                    case ")", "]", "}":
                        if depth == 0 { return ch == ")" ? SourceLocation(line: line, column: col) : nil }
                        depth -= 1
                    default: break
                    }
                }
                previous = ch
            }
            first = false
            line += 1
            if line > start.line + 50 { return nil }
        }
        return nil
    }

    /// Where swiftc reports a call's argument mismatch: at the argument it names, at the `)`
    /// for a missing one, else at the `(`.
    func callErrorLocation(_ e: RuntimeErrorMessage, _ callee: Expr, _ args: [Argument], _ loc: SourceLocation) -> SourceLocation {
        if let i = e.argument, i < args.count { return args[i].value.location }
        if case .missingArgument = e.message {
            if let last = args.last, let at = closingParen(after: last.value.location) { return at }
            if args.isEmpty, case .identifier(let n) = callee.kind,
               let at = closingParen(after: SourceLocation(line: callee.location.line, column: callee.location.column + n.count + 1)) {
                return at
            }
        }
        switch callee.kind {
        case .identifier(let n): return SourceLocation(line: callee.location.line, column: callee.location.column + n.count)
        default: return loc
        }
    }

    func compileCall(_ callee: Expr, _ args: [Argument], _ scope: FnScope, _ loc: SourceLocation, expected: RType?) -> Eval {
        let labels = args.map(\.label)
        switch callee.kind {
        case .identifier(let name):
            if scope.findLocal(name) != nil || (scope.parent != nil && scope.findCapture(name) != nil) {
                return compileValueCall(compileExpr(callee, scope, expected: nil), args, scope, loc)
            }
            if let t = scope.selfType, t.methodsByBase[name] != nil {
                let selfExpr = Expr(t.kind == .table || !scope.isStatic ? .self : .identifier(t.name), at: callee.location)
                return compileCall(Expr(.member(selfExpr, name), at: callee.location), args, scope, loc, expected: expected)
            }
            if let slot = typeSlots[name], slot.current != nil {
                return compileConstructor(slot, args, scope, loc)
            }
            if let cells = functionsByBase[name] {
                if let ev = compileGlobalCall(name, cells, args, scope, loc, calleeLoc: callee.location) { return ev }
            }
            if let b = compileBuiltinFunction(name, args, scope, loc, expected: expected) { return b }
            // Defined later (interactive), or a global holding a closure: resolve when run.
            let push = compilePushArgs(args, scope)
            let full = name + "(" + labelsString(labels) + ")"
            return { [unowned(unsafe) self] m in
                if let cells = self.functionsByBase[name], let cell = cells.first(where: { $0.labels == labels }) ?? cells.first {
                    if let native = cell.native {
                        let argc = try push(m)
                        let a = Array(UnsafeBufferPointer(start: m.pointee.sp - argc, count: argc))
                        m.pop(argc)
                        return try RuntimeError.placingHostErrors(at: loc) { try native(a) }
                    }
                    if let f = self.compiled(cell), f.paramCount == args.count {
                        let argc = try push(m)
                        return try m.invoke(f, argc: argc, location: loc)
                    }
                }
                if let native = self.nativeBuiltins[full] {
                    let argc = try push(m)
                    let a = Array(UnsafeBufferPointer(start: m.pointee.sp - argc, count: argc))
                    m.pop(argc)
                    return try RuntimeError.placingHostErrors(at: loc) { try native(a) }
                }
                if let g = self.globalIndex[name] {
                    let gv = m.pointee.globals[g]
                    if case .function(let fv) = gv {
                        let argc = try push(m)
                        let a = Array(UnsafeBufferPointer(start: m.pointee.sp - argc, count: argc))
                        m.pop(argc)
                        return try m.callValue(fv, a, location: loc)
                    }
                    if case .box = gv {} else {
                        throw RuntimeError("cannot call value of non-function type '\(self.typeName(gv))'", at: callee.location)
                    }
                }
                throw RuntimeError("cannot find '\(name)' in scope", at: callee.location)
            }
        case .member(let base, let name):
            // `super.viewDidLoad()` in pasted view-controller code: the host's superclass
            // methods do nothing in the simulator; any other is an error, never a no-op.
            if case .identifier("super") = base.kind, scope.findLocal("super") == nil {
                let push = compilePushArgs(args, scope)
                guard let superclass = hosting.superclass else {
                    return { _ in throw RuntimeError("'super' members cannot be referenced in a root class", at: base.location) }
                }
                guard superclass.methods.contains(name) else {
                    let at = callee.location
                    return { _ in throw RuntimeError("'super.\(name)' of \(superclass.name) is not simulated in TableLab", at: at) }
                }
                return { m in m.pop(try push(m)); return .void }
            }
            if case .identifier(let tn) = base.kind, scope.findLocal(tn) == nil, let slot = typeSlots[tn], slot.current != nil {
                if let ev = compileCaseCall(slot, name, callee, args, scope, loc) { return ev }
                return compileStaticCall(slot, name, args, scope, loc)
            }
            let (push, dispatch) = compileMethodCallOnValue(name, args, scope, loc)
            let declaredAt = rootDeclaration(base, scope)
            let baseLoc = callee.location
            // Swift points a mutation of a `let` at the member, with a note at the `let`.
            func placedAtMember(_ e: RuntimeError) -> RuntimeError {
                guard e.diagnostic.id == .mutatingMemberOnImmutableValue, e.diagnostic.trace.isEmpty else { return e }
                var e = e
                e.diagnostic.location = baseLoc
                if e.diagnostic.notes.isEmpty, let d = declaredAt(), d != .unknown {
                    e.diagnostic.notes.append(.note("change 'let' to 'var' to make it mutable", at: d))
                }
                return e
            }
            // `list.append(x)`: the hottest mutation, done without the generic dispatch.
            if name == "append", args.count == 1, args[0].label == nil, let lv = compileLValue(base, scope) {
                if case .implicitMember = args[0].value.kind {} else {
                    let av = compileExpr(args[0].value, scope, expected: nil)
                    return { m in
                        let x = try av(m)
                        var result = Value.void
                        do {
                        try lv.modify(m) { v, im in
                            if case .array = v, im == nil {
                                _ = v.withArray { $0.append(x) }
                                return
                            }
                            m.push(x)
                            result = try dispatch(m, &v, 1, im == nil, im?.reason ?? "")
                        }
                        } catch let e as RuntimeError {
                            throw placedAtMember(e)
                        }
                        return result
                    }
                }
            }
            if let lv = compileLValue(base, scope) {
                let reason = lv.immutableReason
                return { m in
                    let argc = try push(m)
                    var result = Value.void
                    do {
                        try lv.modify(m) { v, im in result = try dispatch(m, &v, argc, im == nil, im?.reason ?? reason ?? "") }
                    } catch let e as RuntimeError {
                        throw placedAtMember(e)
                    }
                    return result
                }
            }
            let b = compileExpr(base, scope, expected: nil)
            let reason: String
            if case .call = base.kind { reason = "function call returns immutable value" } else { reason = "value is immutable" }
            return { m in
                var v = try b(m)
                let argc = try push(m)
                return try dispatch(m, &v, argc, false, reason)
            }
        case .arrayType(let t):
            let rt = resolveType(t)
            let push = compilePushArgs(args, scope)
            return { [unowned(unsafe) self] m in
                let argc = try push(m)
                let a = Array(UnsafeBufferPointer(start: m.pointee.sp - argc, count: argc))
                m.pop(argc)
                if a.isEmpty {
                    if case .dictionary = rt { return .dictionary([:]) }
                    return .array([])
                }
                if labels == ["repeating", "count"], case .int(let n) = a[1] { return .array(Array(repeating: a[0], count: max(0, n))) }
                if a.count == 1 { return .array(try self.sequenceElements(a[0], loc)) }
                throw RuntimeError("no exact matches in call to initializer", at: loc)
            }
        case .implicitMember(let name):
            if let slot = payloadCaseSlot(name, expected: expected),
               let ev = compileCaseCall(slot, name, callee, args, scope, loc) { return ev }
            if let slot = implicitStaticMethodType(name, expected) { return compileStaticCall(slot, name, args, scope, loc) }
            return compileValueCall(compileExpr(callee, scope, expected: nil), args, scope, loc)
        default:
            return compileValueCall(compileExpr(callee, scope, expected: nil), args, scope, loc)
        }
    }

    /// `.performSegue("Donate")`: Swift calls the static method of the contextual type.
    /// That type when it is known here and declares one; else, as `.donate` finds the one
    /// enum with that case, the one type that declares a static method of that name.
    func implicitStaticMethodType(_ name: String, _ expected: RType?) -> TypeSlot? {
        func declares(_ slot: TypeSlot) -> Bool {
            guard let t = slot.current, let names = t.methodsByBase[name] else { return false }
            return names.contains { t.methods[$0]?.isStatic == true }
        }
        if let expected, let slot = enumSlot(expected), declares(slot) { return slot }
        let found = typeSlots.values.filter(declares)
        return found.count == 1 ? found[0] : nil
    }

    func compileValueCall(_ callee: @escaping Eval, _ args: [Argument], _ scope: FnScope, _ loc: SourceLocation) -> Eval {
        let push = compilePushArgs(args, scope)
        return { [unowned(unsafe) self] m in
            let f = try callee(m)
            let argc = try push(m)
            switch f {
            case .function(let fv):
                if let code = fv.code, code.paramCount == argc {
                    let saved = m.pointee.env
                    m.pointee.env = fv.captures
                    defer { m.pointee.env = saved }
                    return try m.invoke(code, argc: argc, location: loc)
                }
                let a = Array(UnsafeBufferPointer(start: m.pointee.sp - argc, count: argc))
                m.pop(argc)
                return try self.callFunction(m, fv, a, loc)
            case .type(let t):
                let a = Array(UnsafeBufferPointer(start: m.pointee.sp - argc, count: argc))
                m.pop(argc)
                return try self.constructBuiltin(t.name, a, args.map(\.label), loc)
            default:
                m.pop(argc)
                throw RuntimeError("cannot call value of non-function type '\(self.typeName(f))'", at: loc)
            }
        }
    }

    /// Calls a function value, adapting tuples to parameter lists as Swift's closures do.
    func callFunction(_ m: Ctx, _ fv: FunctionValue, _ args: [Value], _ loc: SourceLocation) throws -> Value {
        if let native = fv.native { return try RuntimeError.placingHostErrors(at: loc) { try native(args) } }
        let code = fv.code!
        var a = args
        if a.count == 1, code.paramCount > 1, case .tuple(let t) = a[0], t.elements.count == code.paramCount { a = t.elements }
        else if a.count > 1, code.paramCount == 1 { a = [.tuple(TupleValue(labels: nil, elements: a))] }
        else if code.paramCount == 0, a.count > 0 { a = [] }
        return try m.callValue(fv, a, location: loc)
    }

    @inline(__always)
    func call1(_ m: Ctx, _ fv: FunctionValue, _ x: Value, _ loc: SourceLocation) throws -> Value {
        if let code = fv.code, code.paramCount == 1 {
            m.push(x)
            let saved = m.pointee.env
            m.pointee.env = fv.captures
            defer { m.pointee.env = saved }
            return try m.invoke(code, argc: 1, location: loc)
        }
        return try callFunction(m, fv, [x], loc)
    }

    func compileGlobalCall(_ name: String, _ cells: [FunctionCell], _ args: [Argument], _ scope: FnScope, _ loc: SourceLocation,
                           calleeLoc: SourceLocation) -> Eval? {
        let labels = args.map(\.label)
        var chosen: (FunctionCell, [Int?])? = nil
        var firstError: RuntimeErrorMessage? = nil
        for c in cells {
            let params: [(label: String?, hasDefault: Bool)]
            if let d = c.decl { params = d.parameters.map { ($0.label, $0.defaultValue != nil) } }
            else { params = c.labels.map { ($0, false) } }
            switch matchArguments(params, labels) {
            case .success(let map): if chosen == nil { chosen = (c, map) }
            case .failure(let e): if firstError == nil { firstError = e }
            }
        }
        guard let (cell, map) = chosen else {
            if cells.count == 1, let e = firstError {
                let at = callErrorLocation(e, Expr(.identifier(name), at: calleeLoc), args, loc)
                var notes: [Diagnostic] = []
                if case .missingArgument = e.message, let d = cells[0].decl {
                    // The declaration records its `func` keyword; swiftc points at the name after it.
                    notes.append(.note("'\(d.fullName)' declared here", at: SourceLocation(line: d.location.line, column: d.location.column + 5)))
                }
                return { _ in throw RuntimeError(e.message, at: at, notes: notes) }
            }
            if cells.isEmpty { return nil }
            return { _ in throw RuntimeError("no exact matches in call to global function '\(name)'", at: loc) }
        }
        let ptypes = cell.decl?.parameters.map { $0.type.map(self.resolveType) }
        let argEvals = args.enumerated().map { EvalBox(run: compileExpr($0.element.value, scope, expected: ptypes?[$0.offset < map.count ? map.firstIndex(of: $0.offset) ?? 0 : 0] ?? nil)) }
        let argLocs = args.map(\.value.location)
        if let native = cell.native {
            if hosting.nativesPlacedAtCall.contains(cell.fullName) {
                return { m in
                    var a: [Value] = []
                    for e in argEvals { a.append(try e.run(m)) }
                    do {
                        return try native(a)
                    } catch var e as RuntimeError where e.diagnostic.location == .unknown {
                        e.diagnostic.location = loc
                        throw e
                    }
                }
            }
            return { m in
                var a: [Value] = []
                for e in argEvals { a.append(try e.run(m)) }
                return try RuntimeError.placingHostErrors(at: loc) { try native(a) }
            }
        }
        // Fast path: every parameter given, in order.
        if map.count == args.count, map.enumerated().allSatisfy({ $0.offset == $0.element }) {
            if args.count == 1 {
                let a0 = argEvals[0].run, l0 = argLocs[0]
                return { [unowned(unsafe) self] m in
                    if cell.compiledRef == nil, self.compiled(cell) == nil { throw RuntimeError("cannot find '\(name)' in scope", at: loc) }
                    var v = try a0(m)
                    return try cell.compiledRef!._withUnsafeGuaranteedRef { f in
                        if !f.paramQuick[0].accepts(v), let t = f.paramTypes[0] { v = try self.checkArgument(v, t, l0) }
                        // A function answering from its per-case table: no frame needed.
                        if let ct = f.caseTable, case .enumCase(let tid, let ci) = v {
                            let hit: Value? = ct._withUnsafeGuaranteedRef { c in
                                guard c.typeID == tid, c.generation == self.typeGeneration, let p = c.tablePointer else { return nil }
                                return p[Int(ci)]
                            }
                            if let hit {
                                m.pointee.steps &+= 1
                                if m.pointee.steps >= m.pointee.nextCheck { try m.slowStepCheck(loc) }
                                return hit
                            }
                        }
                        m.push(v)
                        return try m.invoke(f, argc: 1, location: loc)
                    }
                }
            }
            return { [unowned(unsafe) self] m in
                guard let f = cell.compiled ?? self.compiled(cell) else { throw RuntimeError("cannot find '\(name)' in scope", at: loc) }
                for i in 0..<argEvals.count {
                    var v = try argEvals[i].run(m)
                    if !f.paramQuick[i].accepts(v), let t = f.paramTypes[i] { v = try self.checkArgument(v, t, argLocs[i]) }
                    m.push(v)
                }
                return try m.invoke(f, argc: argEvals.count, location: loc)
            }
        }
        return { [unowned(unsafe) self] m in
            guard let f = cell.compiled ?? self.compiled(cell) else { throw RuntimeError("cannot find '\(name)' in scope", at: loc) }
            for (p, ai) in map.enumerated() {
                var v: Value
                if let ai { v = try argEvals[ai].run(m) } else if let d = f.paramDefaults[p] { v = try d(m) } else { v = .void }
                if let t = f.paramTypes[p] { v = try self.checkArgument(v, t, ai.map { argLocs[$0] } ?? loc) }
                m.push(v)
            }
            return try m.invoke(f, argc: map.count, location: loc)
        }
    }

    func checkArgument(_ v: Value, _ t: RType, _ loc: SourceLocation) throws -> Value {
        if let c = coerce(v, to: t) { return c }
        throw RuntimeError("cannot convert value of type '\(typeName(v))' to expected argument type '\(t.description)'", at: loc)
    }

    // MARK: Methods on values

    func compileMethodCallOnValue(_ name: String, _ args: [Argument], _ scope: FnScope, _ loc: SourceLocation) -> (PushArgs, Dispatch) {
        let labels = args.map(\.label)
        let fullName = name + "(" + labelsString(labels) + ")"
        let cache = MemberCache()
        // `.donate` as an argument: resolved against the receiver's elements when run.
        var implicitArg: String? = nil
        if args.count == 1, case .implicitMember(let n) = args[0].value.kind { implicitArg = n }
        let push: PushArgs
        if let implicitArg {
            push = { [unowned(unsafe) self] m in m.push(try self.resolveImplicitMember(implicitArg, loc)); return 1 }
            return ({ _ in 0 }, { [unowned(unsafe) self] m, v, _, mutable, reason in
                var arg: Value
                if case .array(let a) = v, let f = a.first { arg = try self.implicitMember(implicitArg, like: f, loc) }
                else { arg = try self.resolveImplicitMember(implicitArg, loc) }
                if case .structValue(let s) = v, let ms = s.type.methods[fullName], let d = ms.decl, let pt = d.parameters.first?.type,
                   let et = self.resolveType(pt).enumType, let ci = et.caseIndex[implicitArg] {
                    arg = .enumCase(typeID: et.id, caseIndex: ci)
                }
                m.push(arg)
                _ = push
                return try self.callMethod(m, &v, name, fullName, labels, 1, mutable, reason, cache, loc)
            })
        }
        push = compilePushArgs(args, scope)
        return (push, { [unowned(unsafe) self] m, v, argc, mutable, reason in
            try self.callMethod(m, &v, name, fullName, labels, argc, mutable, reason, cache, loc)
        })
    }

    /// Calls a method; the arguments are the top `argc` stack slots (consumed).
    func callMethod(_ m: Ctx, _ v: inout Value, _ name: String, _ fullName: String, _ labels: [String?], _ argc: Int,
                    _ mutable: Bool, _ reason: String, _ cache: MemberCache, _ loc: SourceLocation) throws -> Value {
        switch v {
        case .structValue(let s):
            if let r = try callUserMethod(m, &v, s.type, name, fullName, labels, argc, mutable, reason, cache, loc) { return r }
        case .enumCase(let tid, _):
            if let r = try callUserMethod(m, &v, types[Int(tid)], name, fullName, labels, argc, mutable, reason, cache, loc) { return r }
        case .payloadCase(let p):
            if let r = try callUserMethod(m, &v, types[Int(p.typeID)], name, fullName, labels, argc, mutable, reason, cache, loc) { return r }
        case .type(let tr):
            switch tr {
            case .table(let inst):
                if let r = try callUserMethod(m, &v, inst.type, name, fullName, labels, argc, true, reason, cache, loc) { return r }
            case .enumType(let t), .structType(let t):
                if let r = try callStaticMethod(m, t, name, fullName, labels, argc, loc) { return r }
            case .builtin: break
            }
        case .object(let o):
            let a = Array(UnsafeBufferPointer(start: m.pointee.sp - argc, count: argc))
            m.pop(argc)
            if let r = try RuntimeError.placingHostErrors(at: loc, { try o.callMethod(fullName, a) }) { return r }
            throw RuntimeError(RuntimeMessage.valueHasNoMember(type: o.typeName, member: name), at: loc)
        case .box(let b):
            return try callMethod(m, &b.value, name, fullName, labels, argc, mutable, reason, cache, loc)
        default: break
        }
        return try callBuiltinMethod(m, &v, name, fullName, argc, mutable, reason, loc)
    }

    func findMethod(_ t: UserType, _ name: String, _ fullName: String, _ labels: [String?]) -> (String, MethodSlot, [Int?]?)? {
        if let s = t.methods[fullName] { return (fullName, s, nil) }
        for full in t.methodsByBase[name] ?? [] {
            guard let s = t.methods[full], let d = s.decl else { continue }
            if case .success(let map) = matchArguments(d.parameters.map { ($0.label, $0.defaultValue != nil) }, labels) {
                return (full, s, map)
            }
        }
        return nil
    }

    func callUserMethod(_ m: Ctx, _ v: inout Value, _ t: UserType, _ name: String, _ fullName: String, _ labels: [String?],
                        _ argc: Int, _ mutable: Bool, _ reason: String, _ cache: MemberCache, _ loc: SourceLocation) throws -> Value? {
        let f: CompiledFunction
        var map: [Int?]? = nil
        if cache.type === t, cache.generation == typeGeneration, let cf = cache.function {
            f = cf
        } else {
            guard let (full, slot, mp) = findMethod(t, name, fullName, labels) else {
                if let c = t.computed[name], !c.isStatic, argc == 0 {
                    // A stored closure property called: `item.action()`
                    _ = c
                }
                if let i = t.fieldIndex[name], case .structValue(let s) = v, case .function(let fv) = s.fields[i] {
                    let a = Array(UnsafeBufferPointer(start: m.pointee.sp - argc, count: argc))
                    m.pop(argc)
                    return try callFunction(m, fv, a, loc)
                }
                if t.methodsByBase[name] != nil, let full = t.methodsByBase[name]?.first, let d = t.methods[full]?.decl,
                   case .failure(let e) = matchArguments(d.parameters.map { ($0.label, $0.defaultValue != nil) }, labels) {
                    throw RuntimeError(e.message, at: loc)
                }
                return nil
            }
            f = compiledMethod(t, slot, fullName: full)
            if f.hasSelf == false {
                throw RuntimeError("static member '\(name)' cannot be used on instance of type '\(t.name)'", at: loc)
            }
            map = mp
            if mp == nil { cache.type = t; cache.function = f; cache.generation = typeGeneration }
        }
        if f.isMutating && !mutable {
            throw RuntimeError(RuntimeMessage.mutatingMemberOnImmutableValue(reason: reason), at: loc)
        }
        let args = m.pointee.sp - argc
        if let map {
            let given = Array(UnsafeBufferPointer(start: args, count: argc))
            m.pop(argc)
            for (p, ai) in map.enumerated() {
                if let ai { m.push(given[ai]) } else if let d = f.paramDefaults[p] { m.push(try d(m)) } else { m.push(.void) }
            }
        }
        let n = f.paramCount - 1
        for i in 0..<n {
            let base = m.pointee.sp - n
            if !f.paramQuick[i].accepts(base[i]), let pt = f.paramTypes[i] {
                base[i] = try checkArgument(base[i], pt, loc)
            }
        }
        var selfValue = Value.void
        swap(&selfValue, &v)
        m.push(selfValue)
        do {
            let (r, s) = try m.invokeMethod(f, argc: n + 1, location: loc)
            v = s
            return r
        } catch {
            // The receiver's old value is gone with the frame; a failed run stops anyway.
            throw error
        }
    }

    func callStaticMethod(_ m: Ctx, _ t: UserType, _ name: String, _ fullName: String, _ labels: [String?], _ argc: Int,
                          _ loc: SourceLocation) throws -> Value? {
        guard let (full, slot, map) = findMethod(t, name, fullName, labels) else { return nil }
        let f = compiledMethod(t, slot, fullName: full)
        if f.hasSelf {
            throw RuntimeError("instance member '\(name)' cannot be used on type '\(t.name)'", at: loc)
        }
        if let map {
            let given = Array(UnsafeBufferPointer(start: m.pointee.sp - argc, count: argc))
            m.pop(argc)
            for (p, ai) in map.enumerated() {
                if let ai { m.push(given[ai]) } else if let d = f.paramDefaults[p] { m.push(try d(m)) } else { m.push(.void) }
            }
        }
        return try m.invoke(f, argc: f.paramCount, location: loc)
    }

    func compileStaticCall(_ slot: TypeSlot, _ name: String, _ args: [Argument], _ scope: FnScope, _ loc: SourceLocation) -> Eval {
        let labels = args.map(\.label)
        let fullName = name + "(" + labelsString(labels) + ")"
        let push = compilePushArgs(args, scope)
        let cache = MemberCache()
        if name == "init" { return compileConstructor(slot, args, scope, loc) }
        return { [unowned(unsafe) self] m in
            guard let t = slot.current else { throw RuntimeError("cannot find '\(slot.name)' in scope", at: loc) }
            let argc = try push(m)
            if t.kind == .table, let inst = t.instance {
                var v = Value.type(.table(inst))
                if let r = try self.callUserMethod(m, &v, t, name, fullName, labels, argc, true, "", cache, loc) { return r }
            }
            if let r = try self.callStaticMethod(m, t, name, fullName, labels, argc, loc) { return r }
            m.pop(argc)
            throw RuntimeError(RuntimeMessage.typeHasNoMember(type: t.name, member: name), at: loc)
        }
    }

    // MARK: Constructors

    func compileConstructor(_ slot: TypeSlot, _ args: [Argument], _ scope: FnScope, _ loc: SourceLocation) -> Eval {
        let labels = args.map(\.label)
        guard let t0 = slot.current else { return { _ in throw RuntimeError("cannot find '\(slot.name)' in scope", at: loc) } }
        if t0.kind == .enum {
            let push = compilePushArgs(args, scope)
            return { m in
                let argc = try push(m)
                let a = Array(UnsafeBufferPointer(start: m.pointee.sp - argc, count: argc))
                m.pop(argc)
                guard let t = slot.current else { throw RuntimeError("cannot find '\(slot.name)' in scope", at: loc) }
                guard labels == ["rawValue"], let raw = t.rawValues else {
                    throw RuntimeError("'\(t.name)' cannot be constructed because it has no accessible initializers", at: loc)
                }
                if let i = raw.firstIndex(of: a[0]) { return .wrapped(.enumCase(typeID: t.id, caseIndex: Int32(i))) }
                return .nilValue
            }
        }
        // Memberwise (when no custom init matches), or a custom init.
        let hasCustom = !t0.initializers.isEmpty
        if !hasCustom {
            var mapping: [Int?] = []
            let params = t0.fieldNames.enumerated().map { (label: Optional($0.element), hasDefault: t0.fieldDefaults[$0.offset] != nil || t0.fieldIsLet[$0.offset] == false && isOptionalType(t0.fieldTypes[$0.offset])) }
            switch matchArguments(params.map { ($0.label, $0.hasDefault) }, labels) {
            case .success(let m): mapping = m
            case .failure(let e):
                let at = callErrorLocation(e, Expr(.identifier(t0.name), at: loc), args, loc)
                var notes: [Diagnostic] = []
                if case .missingArgument = e.message {
                    notes.append(.note("'init(\(t0.fieldNames.map { $0 + ":" }.joined()))' declared here",
                                       at: SourceLocation(line: t0.location.line, column: t0.location.column + 7)))
                }
                return { _ in throw RuntimeError(e.message, at: at, notes: notes) }
            }
            var evs: [EvalBox] = []
            for (i, a) in args.enumerated() {
                let fieldIdx = mapping.firstIndex(of: i) ?? 0
                evs.append(EvalBox(run: compileExpr(a.value, scope, expected: t0.fieldTypes[fieldIdx])))
            }
            let defaults: [EvalBox?] = t0.fieldDefaults.enumerated().map { (i, d) in
                d.map { EvalBox(run: self.compileExpr($0, FnScope(parent: nil, selfType: t0, isMutating: false, isStatic: true, returnType: nil, isTopLevel: false, functionName: ""), expected: t0.fieldTypes[i])) }
            }
            let argLocs = args.map(\.value.location)
            let map = mapping
            return { [unowned(unsafe) self] m in
                var fields: [Value] = []
                fields.reserveCapacity(map.count)
                for (fi, ai) in map.enumerated() {
                    var v: Value
                    if let ai { v = try evs[ai].run(m) } else if let d = defaults[fi] { v = try d.run(m) } else { v = .nilValue }
                    if let ft = t0.fieldTypes[fi] {
                        switch (ft, v) {
                        case (.int, .int), (.string, .string), (.double, .double), (.bool, .bool): break
                        case (.user(let s), .enumCase(let tid, _)) where s.currentID == tid: break
                        default: v = try self.checkArgument(v, ft, ai.map { argLocs[$0] } ?? loc)
                        }
                    }
                    fields.append(v)
                }
                return .structValue(StructValue(type: t0, fields: fields))
            }
        }
        let push = compilePushArgs(args, scope)
        return { [unowned(unsafe) self] m in
            let argc = try push(m)
            return try self.runCustomInit(m, t0, labels, argc, loc)
        }
    }

    func isOptionalType(_ t: RType?) -> Bool {
        if let t, case .optional = t { return true }
        return false
    }

    func runCustomInit(_ m: Ctx, _ t: UserType, _ labels: [String?], _ argc: Int, _ loc: SourceLocation) throws -> Value {
        var chosen: (FunctionDecl, [Int?])? = nil
        for d in t.initializers {
            if case .success(let map) = matchArguments(d.parameters.map { ($0.label, $0.defaultValue != nil) }, labels) {
                chosen = (d, map); break
            }
        }
        guard let (d, map) = chosen else {
            m.pop(argc)
            throw RuntimeError("no exact matches in call to initializer", at: loc)
        }
        let key = d.fullName
        let f: CompiledFunction
        if let c = t.compiledInits[key] { f = c } else {
            let decl = FunctionDecl(name: "init", parameters: d.parameters, returnType: nil, body: d.body, isStatic: false,
                                    isMutating: true, location: d.location)
            f = compileFunction(decl, selfType: t, isStaticContext: false, displayName: "\(t.name).init(\(labelsString(d.parameters.map(\.label))))")
            t.compiledInits[key] = f
        }
        let given = Array(UnsafeBufferPointer(start: m.pointee.sp - argc, count: argc))
        m.pop(argc)
        for (p, ai) in map.enumerated() {
            var v: Value
            if let ai { v = given[ai] } else if let dv = f.paramDefaults[p] { v = try dv(m) } else { v = .void }
            if let pt = f.paramTypes[p] { v = try checkArgument(v, pt, loc) }
            m.push(v)
        }
        // self starts with the defaults of the stored properties.
        var fields: [Value] = []
        for (i, dv) in t.fieldDefaults.enumerated() {
            if let dv { fields.append(try evaluateStandalone(dv, selfType: t, expected: t.fieldTypes[i])) }
            else if isOptionalType(t.fieldTypes[i]) { fields.append(.nilValue) }
            else { fields.append(.void) }
        }
        m.push(.structValue(StructValue(type: t, fields: fields)))
        let (_, s) = try m.invokeMethod(f, argc: map.count + 1, location: loc)
        return s
    }
}

struct RuntimeErrorMessage: Error {
    let message: RuntimeMessage
    /// The argument the message is about, when it names one.
    let argument: Int?
    init(_ m: RuntimeMessage, argument: Int? = nil) { message = m; self.argument = argument }
}

extension UnsafeMutablePointer where Pointee == Machine {
    @inline(__always) func pop(_ n: Int) {
        pointee.sp -= n
        destroySlots(pointee.sp, pointee.sp + n)
    }
}
