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
        if let e = countMismatch(params, labels) { return .failure(e) }
        var out: [Int?] = []
        var ai = 0
        for p in params {
            if ai < labels.count, labels[ai] == p.label {
                out.append(ai); ai += 1
            } else if p.hasDefault {
                out.append(nil)
            } else if ai < labels.count {
                // swiftc points at the argument when it is the call's only one, else at the `(`.
                if p.label != nil && labels[ai] == nil {
                    return .failure(.init(.missingArgumentLabel(missingLabels(params, labels) ?? [p.label!]), argument: labels.count == 1 ? ai : nil))
                }
                if p.label == nil && labels[ai] != nil { return .failure(.init(.extraneousArgumentLabel(labels[ai]!))) }
                let have = labelsString(labels), want = labelsString(params.map(\.label))
                let differing = zip(labels, params).filter { $0.0 != $0.1.label }.count
                return .failure(.init(.incorrectArgumentLabels(have: have, expected: want, plural: differing > 1)))
            } else {
                return .failure(.init(.missingArgument(parameter: p.label, position: out.count + 1)))
            }
        }
        if ai < labels.count { return .failure(.init(.extraArguments(plural: labels.count - ai > 1), argument: ai)) }
        return .success(out)
    }

    /// Every label the arguments lack, when lacking them is all that is wrong (`f(1, 2)` for
    /// `f(x:y:)`: swiftc names `x:y:` together).
    private func missingLabels(_ params: [(label: String?, hasDefault: Bool)], _ labels: [String?]) -> [String]? {
        guard params.count == labels.count else { return nil }
        var missing: [String] = []
        for (p, l) in zip(params, labels) where p.label != l {
            guard let pl = p.label, l == nil else { return nil }
            missing.append(pl)
        }
        return missing
    }

    /// swiftc's first error when a call of parameters without defaults has another number
    /// of arguments: more is "extra argument 'w'" at it, or "extra arguments at positions
    /// #4, #5"; fewer with other labels is "incorrect argument labels" for those it has
    /// (swiftc's second error, the missing argument, is not given).
    private func countMismatch(_ params: [(label: String?, hasDefault: Bool)], _ labels: [String?]) -> RuntimeErrorMessage? {
        guard labels.count != params.count, !params.contains(where: \.hasDefault) else { return nil }
        // swiftc's words where there are no parameters: at the one argument, else at the `(`.
        if params.isEmpty { return .init(.argumentsToNullaryCall, argument: labels.count == 1 ? 0 : nil) }
        if labels.count > params.count {
            let extra = labels.count - params.count
            if extra == 1 { return .init(.extraArgument(label: labels[params.count]), argument: params.count) }
            return .init(.extraArgumentsAtPositions(Array(params.count + 1...labels.count)))
        }
        let given = params.prefix(labels.count).map(\.label)
        guard !labels.isEmpty, labels.allSatisfy({ $0 != nil }), given.allSatisfy({ $0 != nil }), given != labels else { return nil }
        let differing = zip(labels, given).filter { $0.0 != $0.1 }.count
        return .init(.incorrectArgumentLabels(have: labelsString(labels), expected: labelsString(given), plural: differing > 1))
    }

    /// A call its arguments do not fit, refused as swiftc refuses it: the error, and for
    /// fewer arguments with other labels swiftc's second error for the missing ones, each
    /// with the declaration's note where swiftc gives it. While the unit compiles ahead
    /// they are collected, so that nothing runs (swiftc compiles nothing); the call throws
    /// the first if it is reached otherwise.
    func refusedCall(_ e: RuntimeErrorMessage, _ params: [(label: String?, hasDefault: Bool)], _ labels: [String?],
                     declared: (name: String, at: SourceLocation)?, _ callee: Expr, _ args: [Argument],
                     _ loc: SourceLocation, callEnd: SourceLocation) -> Eval {
        let errors = callMismatchErrors(e, params, labels, declared: declared, callee, args, loc, callEnd: callEnd)
        compileTimeRefusals?.append(contentsOf: errors)
        let first = errors[0]
        return { _ in throw first }
    }

    /// swiftc's errors for a call its arguments do not fit (see `refusedCall`).
    func callMismatchErrors(_ e: RuntimeErrorMessage, _ params: [(label: String?, hasDefault: Bool)], _ labels: [String?],
                            declared: (name: String, at: SourceLocation)?, _ callee: Expr, _ args: [Argument],
                            _ loc: SourceLocation, callEnd: SourceLocation) -> [RuntimeError] {
        func note(_ m: RuntimeMessage) -> [Diagnostic] {
            guard m.namesDeclaration, let declared else { return [] }
            return [.note(NoteMessage.functionDeclaredHere(declared.name), at: declared.at)]
        }
        var errors = [RuntimeError(e.message, at: callErrorLocation(e, callee, args, loc, callEnd: callEnd), notes: note(e.message))]
        if case .incorrectArgumentLabels = e.message, labels.count < params.count, !params.contains(where: \.hasDefault) {
            let missing = params[labels.count...].map(\.label)
            let m: RuntimeErrorMessage = missing.count == 1
                ? .init(.missingArgument(parameter: missing[0], position: labels.count + 1))
                : .init(.missingArguments(missing, firstPosition: labels.count + 1))
            errors.append(RuntimeError(m.message, at: callErrorLocation(m, callee, args, loc, callEnd: callEnd), notes: note(m.message)))
        }
        return errors
    }

    /// Where the variable at the root of a path was declared (read when an error needs it).
    func rootDeclaration(_ e: Expr, _ scope: FnScope) -> () -> SourceLocation? {
        switch e.kind {
        case .identifier(let name):
            // Only a `let` is to be changed to `var` (a `var` root's member may be immutable
            // for another reason: a `private(set)` property).
            if let l = scope.findLocal(name) { let at = l.location; return l.isLet ? { at } : { nil } }
            if let g = globalIndex[name] { return { [core = Unretained(self)] in core.object.globalIsLet[g] ? core.object.globalDeclLocations[g] : nil } }
            return { nil }
        case .member(let b, _), .subscriptAccess(let b, _): return rootDeclaration(b, scope)
        default: return { nil }
        }
    }

    /// Where swiftc reports a call's argument mismatch: at the argument it names; for a
    /// missing one just past the argument before it (the last one, trailing closure
    /// included), or at the `)` of `f()`, the token before `callEnd`; else at the `(`.
    func callErrorLocation(_ e: RuntimeErrorMessage, _ callee: Expr, _ args: [Argument], _ loc: SourceLocation,
                           callEnd: SourceLocation) -> SourceLocation {
        if let i = e.argument, i < args.count { return args[i].value.location }
        if case .missingArgument = e.message {
            if let last = args.last { return last.value.range.end }
            return SourceLocation(line: callEnd.line, column: callEnd.column - 1)
        }
        switch callee.kind {
        case .identifier(let n), .member(_, let n): return SourceLocation(line: callee.location.line, column: callee.location.column + n.count)
        default: return loc
        }
    }

    /// The built-in type `.init(...)` makes where `expected` is it (or its Optional).
    func implicitInitType(_ expected: RType) -> String? {
        switch expected {
        case .int: return "Int"
        case .double: return "Double"
        case .string: return "String"
        case .bool: return "Bool"
        case .optional(let w): return implicitInitType(w)
        default: return nil
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

    func compileValueCall(_ callee: @escaping Eval, _ args: [Argument], _ scope: FnScope, _ loc: SourceLocation,
                          expected: [RType?]? = nil) -> Eval {
        let push = compilePushArgs(args, scope, expected: expected)
        return { [core = Unretained(self)] m in
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
                return try core.object.callFunction(m, fv, a, loc)
            case .type(let t):
                let labels = args.map(\.label)
                if let h = core.object.protocols.builtinExtensions[t.name], !h.initializers.isEmpty,
                   core.object.extensionInitializerFits(h, labels, UnsafeBufferPointer(start: m.pointee.sp - argc, count: argc)) {
                    return try core.object.runEnumInit(m, h, labels, argc, loc)
                }
                let a = Array(UnsafeBufferPointer(start: m.pointee.sp - argc, count: argc))
                m.pop(argc)
                return try core.object.constructBuiltin(t.name, a, labels, loc)
            default:
                m.pop(argc)
                throw RuntimeError(RuntimeMessage.callOfNonFunction(type: core.object.typeName(f)), at: loc)
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
                           calleeLoc: SourceLocation, callEnd: SourceLocation) -> Eval? {
        var args = args
        if cells.count == 1, let d = cells[0].decl {
            do {
                if let grouped = try groupingVariadicArguments(d.parameters, args, at: loc, scope) { args = grouped }
            } catch {
                return { _ in throw error }
            }
        }
        let labels = args.map(\.label)
        let cell: FunctionCell, map: [Int?]
        switch chooseGlobalFunction(name, cells, args, labels, loc, calleeLoc: calleeLoc, callEnd: callEnd) {
        case .chosen(let c, let mp): (cell, map) = (c, mp)
        case .refused(let refusal): return refusal
        }
        if let d = cell.decl, let e = inoutArgumentMismatch(d.parameters, map, args, scope, callAt: calleeLoc) { return e }
        if let d = cell.decl, let e = existentialArrayArgument(d, map, args, scope, calleeLoc: calleeLoc) { return e }
        // A parameter typed by the function's own generic parameters gives its argument no
        // context: Swift infers T from it (`f([1, 2.5])` is an Array of Double).
        let own = Set(cell.decl?.genericParameters.map(\.name) ?? [])
        let ptypes = cell.decl?.parameters.map { p in
            p.type.flatMap { own.isEmpty || !TypeRules.mentions($0, own) ? self.resolveType($0) : nil }
        }
        var argEvals = args.enumerated().map { EvalBox(run: compileExpr($0.element.value, scope, expected: ptypes?[$0.offset < map.count ? map.firstIndex(of: $0.offset) ?? 0 : 0] ?? nil)) }
        let argLocs = args.map(\.value.location)
        if let native = cell.native {
            // The host's parameter types are the arguments' contexts (HostArgumentContexts.swift).
            let contexts = hostArgumentContexts(cell.fullName, args.count)
            if let refusal = untypedLiteralArithmetic(args, contexts, callee: cell.fullName) { return { _ in throw refusal } }
            if let contexts { argEvals = args.enumerated().map { EvalBox(run: compileExpr($0.element.value, scope, expected: contexts[$0.offset])) } }
            return emitNativeGlobalCall(native, placedAtCall: hosting.nativesPlacedAtCall.contains(cell.fullName), argEvals, loc)
        }
        // Fast path: every parameter given, in order.
        if map.count == args.count, map.enumerated().allSatisfy({ $0.offset == $0.element }) {
            if args.count == 1 {
                return emitOneArgumentGlobalCall(name, cell, args[0], argEvals[0].run, argLocs[0], scope, loc)
            }
            return { [core = Unretained(self)] m in
                guard let f = cell.compiled ?? core.object.compiled(cell) else { throw RuntimeError(LookupMessage.cannotFindInScope(name), at: loc) }
                for i in 0..<argEvals.count {
                    var v = try argEvals[i].run(m)
                    if !f.paramQuick[i].accepts(v), let t = f.paramTypes[i] { v = try core.object.checkArgument(v, t, argLocs[i], of: f, callee: loc) }
                    m.push(v)
                }
                if f.genericInfo != nil { try core.object.checkSharedGenerics(f, m.pointee.sp - argEvals.count, callee: loc) }
                return try m.invoke(f, argc: argEvals.count, location: loc)
            }
        }
        return { [core = Unretained(self)] m in
            guard let f = cell.compiled ?? core.object.compiled(cell) else { throw RuntimeError(LookupMessage.cannotFindInScope(name), at: loc) }
            for (p, ai) in map.enumerated() {
                var v: Value
                if let ai { v = try argEvals[ai].run(m) } else if let d = f.paramDefaults[p] { v = try d(m) } else { v = .void }
                if let t = f.paramTypes[p] { v = try core.object.checkArgument(v, t, ai.map { argLocs[$0] } ?? loc, of: f, callee: loc) }
                m.push(v)
            }
            if f.genericInfo != nil { try core.object.checkSharedGenerics(f, m.pointee.sp - map.count, callee: loc) }
            return try m.invoke(f, argc: map.count, location: loc)
        }
    }

    /// A global call's function among its overloads, with each parameter's argument; or
    /// what the call does instead (swiftc's error for it; nil: no function of the name).
    private enum GlobalFunctionChoice {
        case chosen(FunctionCell, [Int?])
        case refused(Eval?)
    }

    /// The first overload whose parameters the call's labels fit.
    private func chooseGlobalFunction(_ name: String, _ cells: [FunctionCell], _ args: [Argument], _ labels: [String?],
                                      _ loc: SourceLocation, calleeLoc: SourceLocation, callEnd: SourceLocation) -> GlobalFunctionChoice {
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
                let d = cells[0].decl
                let declared = d.map { ($0.fullName, $0.declaredAt) }
                let params = d?.parameters.map { ($0.label, $0.defaultValue != nil) } ?? cells[0].labels.map { ($0, false) }
                return .refused(refusedCall(e, params, labels, declared: declared, Expr(.identifier(name), at: calleeLoc), args, loc, callEnd: callEnd))
            }
            if cells.isEmpty { return .refused(nil) }
            let fullName = name + "(" + labels.map { ($0 ?? "_") + ":" }.joined() + ")"
            if let message = hosting.unsimulatedCall?(fullName) {
                return .refused({ _ in throw RuntimeError(message, at: loc) })
            }
            return .refused({ _ in throw RuntimeError(LookupMessage.noMatchingGlobalFunction(name), at: loc) })
        }
        return .chosen(cell, map)
    }

    /// A native function's call: its errors placed at the call.
    private func emitNativeGlobalCall(_ native: @escaping ([Value]) throws -> Value, placedAtCall: Bool, _ argEvals: [EvalBox],
                                      _ loc: SourceLocation) -> Eval {
        if placedAtCall {
            return { m in
                var a: [Value] = []
                for e in argEvals { a.append(try e.run(m)) }
                do {
                    return try native(a)
                } catch var e as RuntimeError where e.diagnostic.location == .unknown {
                    e.diagnostic.location = loc
                    throw e
                } catch let d as Diagnostic where d.location == .unknown {
                    throw RuntimeError.placedAtCall(d, loc)
                }
            }
        }
        return { m in
            var a: [Value] = []
            for e in argEvals { a.append(try e.run(m)) }
            return try RuntimeError.placingHostErrors(at: loc) { try native(a) }
        }
    }

    /// A call of a compiled global function with its one argument: borrowed from the
    /// caller's slot, or answered from the callee's per-case table, where they may be.
    private func emitOneArgumentGlobalCall(_ name: String, _ cell: FunctionCell, _ argument: Argument, _ a0: @escaping Eval,
                                           _ l0: SourceLocation, _ scope: FnScope, _ loc: SourceLocation) -> Eval {
        let generation = typeGenerationCell
        // `didSelect(item)`: the variable's value is copied from its slot, without its
        // read's closure (a marker box there takes the closure, for its errors).
        // Only where the callee's body may answer from a table (a switch over its
        // parameter): elsewhere the test cost a call about 26 instructions (W3).
        let a0At = variableAddress(argument.value, scope)
        let tableAt = cell.decl.map(mayAnswerFromCaseTable) == true ? a0At : nil
        // The argument a plain local of this frame, and no table to try: the callee
        // may take its slot as its frame (`invokeBorrowing`, W3's `heightForRow(item)`).
        // Not a global: the callee could change that. A closure of its own: the
        // extra test in the table's closure cost W2 about 20 instructions a call.
        if tableAt == nil, case .local(let borrowSlot)? = a0At {
            return { [core = Unretained(self)] m in
                if cell.compiledRef == nil, core.object.compiled(cell) == nil { throw RuntimeError(LookupMessage.cannotFindInScope(name), at: loc) }
                let p = m.pointee.fp + borrowSlot
                let answer: Value? = try cell.compiledRef!.guaranteed { f in
                    guard f.borrowsArgument, f.caseTable == nil, !p.pointee.isInBox, f.paramQuick[0].accepts(p.pointee) else { return nil }
                    return try m.invokeBorrowing(f, argument: p, location: loc)
                }
                if let answer { return answer }
                return try Self.callWithOneArgument(core, m, cell, a0, a0At, l0, loc, generation)
            }
        }
        return { [core = Unretained(self)] m in
            if cell.compiledRef == nil, core.object.compiled(cell) == nil { throw RuntimeError(LookupMessage.cannotFindInScope(name), at: loc) }
            // A plain case in the variable and a callee answering from its per-case
            // table: the answer, with nothing copied (W2's `didSelect(item)`).
            if let tableAt, case .enumCase(let tid, let ci) = tableAt.pointer(m).pointee,
               let p = cell.compiledRef!.guaranteed({ f in f.caseTablePointer(tid, generation.pointee) }) {
                m.pointee.steps &+= 1
                if m.pointee.steps >= m.pointee.nextCheck { try m.slowStepCheck(loc) }
                return p[Int(ci)]
            }
            return try Self.callWithOneArgument(core, m, cell, a0, a0At, l0, loc, generation)
        }
    }

    /// The one-argument call of a compiled global function: the argument read from its
    /// variable's slot when it has one, checked, then the callee's per-case table or a frame.
    /// Static, the core unretained: reaching it through `core.object` on every call was a
    /// retain and a release (W6).
    @inline(__always)
    static func callWithOneArgument(_ core: Unretained<InterpreterCore>, _ m: Ctx, _ cell: FunctionCell, _ a0: Eval, _ a0At: SlotAddress?, _ l0: SourceLocation,
                             _ loc: SourceLocation, _ generation: UnsafeMutablePointer<Int>) throws -> Value {
        var v: Value
        if let a0At {
            v = a0At.pointer(m).pointee
            if case .box = v { v = try a0(m) }
        } else {
            v = try a0(m)
        }
        return try cell.compiledRef!.guaranteed { f in
            if !f.paramQuick[0].accepts(v), let t = f.paramTypes[0] { v = try core.object.checkArgument(v, t, l0, of: f, callee: loc) }
            // A function answering from its per-case table: no frame needed.
            if let ct = f.caseTable, case .enumCase(let tid, let ci) = v {
                let hit: Value? = ct.guaranteed { c in
                    guard c.typeID == tid, c.generation == generation.pointee, let p = c.tablePointer else { return nil }
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

    /// Whether `switchTableBody` may give a function a per-case table: its body is one
    /// `switch` over its only parameter.
    func mayAnswerFromCaseTable(_ d: FunctionDecl) -> Bool {
        guard d.body.count == 1, case .switch(let sw) = d.body[0].kind, d.parameters.count == 1,
              case .identifier(let n) = sw.subject.kind else { return false }
        return d.parameters[0].name == n
    }

    func checkArgument(_ v: Value, _ t: RType, _ loc: SourceLocation) throws -> Value {
        if let c = coerce(v, to: t) { return c }
        if let u = try implicitlyUnwrappedArgument(v, t, loc) { return u }
        if let (given, expected, role, _) = mismatchedElement(v, t) {
            throw typeMismatch(v, LetMessage.cannotConvertElement(given: given, to: expected, role: role), at: loc)
        }
        if let e = optionalNotUnwrapped(v, t, at: loc) { throw e }
        throw typeMismatch(v, ConversionMessage.cannotConvertArgument(type: typeName(v), to: t.description), at: loc)
    }

    // MARK: Methods on values

    enum MethodMutation { case never, builtin, userCode }

    /// Whether a method of this name may change its receiver: `.never` for the built-in
    /// non-mutating names that no script type declares mutating, `.userCode` when some
    /// script type has a mutating method of the name (its body runs the script's code).
    func mutationKind(ofMethod name: String) -> MethodMutation {
        var declared = false
        // An extension of a built-in type (`extension Array where Element == Int`) declares
        // methods too: a non-mutating one must not write its receiver back (an observed
        // property's `didSet` ran for `xs.total()`).
        for t in types where typeSlots[t.name]?.current === t || protocols.builtinExtensions[t.name] === t {
            for full in t.methodsByBase[name] ?? [] {
                declared = true
                if let d = t.methods[full]?.decl, d.isMutating { return .userCode }
            }
        }
        if Self.builtinMutatingMethods.contains(name) { return .builtin }
        if declared || Self.builtinNonMutatingMethods.contains(name) { return .never }
        return .builtin
    }

    /// Whether the method `fullName` (base name `name`) of a receiver whose static type is
    /// `t` may change it, from that type alone: a script type's own method by its `mutating`
    /// flag (a class's never changes the reference), a built-in type's by its extension's
    /// method or else its `BuiltinMethod` ID. nil when the type does not tell (no static
    /// type, a member the type does not declare, a name no built-in method has): the
    /// caller then falls back on the name. A script's `func append(_:)` thus never takes
    /// Array's mutability, nor Array's `contains` a script's `mutating func contains`.
    func mutationKind(ofMethod name: String, fullName: String, onType t: RType) -> MethodMutation? {
        func declared(_ ut: UserType) -> MethodMutation? {
            let slots = ut.methods[fullName].map { [$0] } ?? (ut.methodsByBase[name] ?? []).compactMap { ut.methods[$0] }
            let instance = slots.compactMap(\.decl).filter { !$0.isStatic }
            guard !instance.isEmpty else { return nil }
            return instance.contains(where: \.isMutating) ? .userCode : .never
        }
        let extended: ExtendedBuiltinType
        switch t {
        case .optional(let w): return mutationKind(ofMethod: name, fullName: fullName, onType: w)
        case .user(let slot):
            guard let ut = slot.current else { return nil }
            if ut.kind == .class || ut.kind == .table { return .never }
            return declared(ut)
        case .int: extended = .int
        case .double: extended = .double
        case .bool: extended = .bool
        case .string: extended = .string
        case .array: extended = .array
        case .dictionary: extended = .dictionary
        case .set: extended = .set
        case .fixed:
            return builtinMutationKind(name, fullName)
        default: return nil
        }
        if let h = protocols.valueTypeExtension(extended), let k = declared(h) { return k }
        return builtinMutationKind(name, fullName)
    }

    /// The built-in method a call names, by its ID (a trailing closure's form included).
    private func builtinMutationKind(_ name: String, _ fullName: String) -> MethodMutation? {
        let plan = builtinMethodPlan(name, fullName)
        let id = plan.method == .other ? plan.trailingClosureForm?.method ?? .other : plan.method
        if id == .other { return nil }
        return id.mutatesReceiver ? .builtin : .never
    }

    static let builtinMutatingMethods: Set<String> = [
        "append", "insert", "remove", "removeAll", "removeLast", "removeFirst", "popLast", "swapAt", "sort", "reverse",
        "removeValue", "updateValue", "round",
    ]
    static let builtinNonMutatingMethods: Set<String> = [
        "contains", "allSatisfy", "firstIndex", "lastIndex", "first", "last", "map", "compactMap", "flatMap", "filter",
        "forEach", "reduce", "sorted", "reversed", "enumerated", "joined", "min", "max", "prefix", "suffix", "dropFirst",
        "dropLast", "count", "uppercased", "lowercased", "hasPrefix", "hasSuffix", "split", "components", "mapValues",
        "isMultiple", "advanced", "quotientAndRemainder",
    ]

    /// `receiver`: the receiver's declared type, when known; a collection method that takes
    /// an element (`contains(_:)`, `firstIndex(of:)`) gives its arguments the element type as
    /// their context, as swiftc does (`es.firstIndex(of: .a(1))` with another enum's `.a`).
    func compileMethodCallOnValue(_ name: String, _ args: [Argument], _ scope: FnScope, _ loc: SourceLocation,
                                  receiver: RType? = nil, parameterTypes: [RType?]? = nil) -> (PushArgs, Dispatch) {
        var args = args
        if let d = variadicMethod(named: name) {
            do {
                if let grouped = try groupingVariadicArguments(d.parameters, args, at: loc, scope) { args = grouped }
            } catch {
                return ({ _ in throw error }, { _, _, _, _, _ in throw error })
            }
        }
        let labels = args.map(\.label)
        let fullName = name + "(" + labelsString(labels) + ")"
        let cache = MemberCache(method: name)
        let ids = builtinMethodPlan(name, fullName)
        cache.builtinMethod = ids.method
        cache.trailingClosureForm = ids.trailingClosureForm
        cache.namesMutatingMethod = ids.namesMutatingMethod
        cache.strayTrailingClosure = StrayTrailingClosure(name: name, args: args)
        let expected = parameterTypes ?? receiver.flatMap { elementParameterTypes(fullName, of: $0) }
            ?? methodArgumentContexts(fullName, args.count, receiver: receiver)
        func context(_ i: Int) -> RType? { expected.flatMap { i < $0.count ? $0[i] : nil } }
        // `.donate` as an argument: resolved when run, against the declared parameter type
        // of the receiver's method (Swift's contextual type), else the receiver's elements.
        let implicitArgs: [(index: Int, name: MemberName, location: SourceLocation)] = args.enumerated().compactMap {
            if case .implicitMember(let n) = $0.element.value.kind, context($0.offset) == nil { return ($0.offset, MemberName(n), $0.element.value.location) }
            if let (n, at) = Self.compareOptionsSet($0.element, of: name) { return ($0.offset, MemberName(n), at) }
            return nil
        }
        let push: PushArgs
        if !implicitArgs.isEmpty {
            let evs: [Eval?] = args.enumerated().map { i, a in
                if case .implicitMember = a.value.kind, context(i) == nil { return nil }
                if Self.compareOptionsSet(a, of: name) != nil { return nil }
                return compileExpr(a.value, scope, expected: context(i))
            }
            push = { m in
                for e in evs { m.push(try e?(m) ?? .void) }
                return evs.count
            }
            return (push, { [core = Unretained(self)] m, v, argc, mutable, reason in
                let first = m.pointee.sp - argc
                for (i, n, at) in implicitArgs {
                    first[i] = try core.object.implicitArgument(n, position: i, of: fullName, cache.builtinMethod, receiver: v, count: argc, at)
                }
                return try core.object.callMethod(m, &v, name, fullName, labels, argc, mutable, reason, cache, loc)
            })
        }
        push = compilePushArgs(args, scope, expected: expected.map { e in args.indices.map { $0 < e.count ? e[$0] : nil } })
        return (push, { [core = Unretained(self)] m, v, argc, mutable, reason in
            try core.object.callMethod(m, &v, name, fullName, labels, argc, mutable, reason, cache, loc)
        })
    }

    /// The parameters of a standard collection method that are the collection's element (or
    /// key, or value), by position; nil for other methods.
    private func elementParameterTypes(_ fullName: String, of receiver: RType) -> [RType?]? {
        switch receiver {
        case .array(let e):
            switch fullName {
            case "contains(_:)", "firstIndex(of:)", "lastIndex(of:)", "append(_:)": return [e]
            case "insert(_:at:)": return [e, nil]
            // `ds.append(contentsOf: [3])` with `ds: [Double]`: the literal is `[3.0]`.
            case "append(contentsOf:)": return [.array(e)]
            case "insert(contentsOf:at:)": return [.array(e), nil]
            case "replaceSubrange(_:with:)": return [nil, .array(e)]
            default: return nil
            }
        case .set(let e):
            switch fullName {
            case "contains(_:)", "insert(_:)", "remove(_:)", "update(with:)", "firstIndex(of:)": return [e]
            default: return nil
            }
        case .dictionary(let k, let v):
            switch fullName {
            case "removeValue(forKey:)", "index(forKey:)": return [k]
            case "updateValue(_:forKey:)": return [v, k]
            // `_:_:`: the trailing-closure form.
            case "merge(_:uniquingKeysWith:)", "merging(_:uniquingKeysWith:)", "merge(_:_:)", "merging(_:_:)":
                return [.dictionary(k, v), nil]
            default: return nil
            }
        default: return nil
        }
    }

    /// `.name` as argument `position` of the method `fullName` (`method` its built-in ID)
    /// called on `receiver`.
    func implicitArgument(_ name: MemberName, position: Int, of fullName: String, _ method: BuiltinMethod, receiver v: Value, count: Int,
                          _ loc: SourceLocation) throws -> Value {
        var owner: UserType? = nil
        switch v.unboxed {
        case .structValue(let s): owner = s.type
        case .enumCase(let tid, _): owner = types[Int(tid)]
        case .type(.table(let inst)): owner = inst.type
        case .type(.enumType(let t)), .type(.structType(let t)): owner = t
        case .double where method == .roundedRule || method == .roundRule, .float where method == .roundedRule || method == .roundRule:
            return try roundingRuleArgument(name.text, loc)
        case .array(let a) where count == 1:
            if let f = a.first { return try implicitMember(name, like: f, loc) }
        case .set(let s) where count == 1:
            if let f = s.first { return try implicitMember(name, like: f, loc) }
        // `s.replacingOccurrences(of: a, with: b, options: .caseInsensitive)`: Foundation's
        // comparison options, which TableLab does not implement (named, not "cannot infer").
        case .string where Self.compareOptionsMethods.contains(String(fullName.prefix { $0 != "(" }))
                           && Self.label(at: position, of: fullName) == "options":
            throw RuntimeError(StandardLibraryMessage(name: "String.CompareOptions", isFoundation: true), at: loc)
        default: break
        }
        if let owner, let d = owner.methods[fullName]?.decl, position < d.parameters.count, let pt = d.parameters[position].type {
            return try implicitMember(name, of: resolveType(pt), loc)
        }
        return try resolveImplicitMember(name, loc)
    }

    static let compareOptionsMethods: Set<String> = ["replacingOccurrences", "range", "compare", "components", "contains"]

    /// `options: [.caseInsensitive, .anchored]` of a String method that takes Foundation's
    /// comparison options: its first member, which `implicitArgument` refuses by name.
    static func compareOptionsSet(_ a: Argument, of method: String) -> (String, SourceLocation)? {
        guard a.label == "options", compareOptionsMethods.contains(method), case .array(let es) = a.value.kind,
              let first = es.first, case .implicitMember(let n) = first.kind else { return nil }
        return (n, first.location)
    }

    /// The label of the parameter at `position` in a full name (`f(of:with:)`); nil for `_` or none.
    static func label(at position: Int, of fullName: String) -> String? {
        guard let open = fullName.firstIndex(of: "(") else { return nil }
        let labels = fullName[fullName.index(after: open)...].split(separator: ":", omittingEmptySubsequences: false)
        guard position < labels.count - 1 else { return nil }
        let l = String(labels[position])
        return l == "_" ? nil : l
    }

    /// Calls a method; the arguments are the top `argc` stack slots (consumed).
    func callMethod(_ m: Ctx, _ v: inout Value, _ name: String, _ fullName: String, _ labels: [String?], _ argc: Int,
                    _ mutable: Bool, _ reason: String, _ cache: MemberCache, _ loc: SourceLocation) throws -> Value {
        // Values that a mutating method changes in place are called before the `switch v`
        // below: a switch holds a copy of its subject while an arm runs, so the method found
        // its arrays shared and copied them whole (each `stack.push(x)` appending to a
        // struct's array was O(n)).
        switch methodArm(v) {
        case .user(let t):
            if let r = try callUserMethod(m, &v, t, name, fullName, labels, argc, mutable, reason, cache, loc) { return r }
            return try callBuiltinMethod(m, &v, cache.builtinMethod, name, fullName, argc, mutable, reason, loc,
                                         trailingClosure: cache.trailingClosureForm)
        case .plain:
            if let r = try callBuiltinExtensionMethod(m, &v, name, fullName, labels, argc, mutable, reason, cache, loc) { return r }
            if let stray = cache.strayTrailingClosure, stray.applies(to: v) {
                m.pop(argc)
                throw RuntimeError(stray.message, at: stray.location)
            }
            return try callBuiltinMethod(m, &v, cache.builtinMethod, name, fullName, argc, mutable, reason, loc,
                                         trailingClosure: cache.trailingClosureForm)
        case .other:
            break
        }
        switch v {
        case .type(let tr):
            switch tr {
            case .table(let inst):
                if let r = try callUserMethod(m, &v, inst.type, name, fullName, labels, argc, true, reason, cache, loc) { return r }
                if let r = try callHostBaseMethod(m, inst, cache.hostMemberID(fullName), argc, loc) { return r }
                if let h = hostBase(inst), let message = hosting.unsimulatedMember?(h, fullName) {
                    m.pop(argc)
                    throw RuntimeError(message, at: loc)
                }
            case .enumType(let t), .structType(let t):
                if let r = try callOnMetatype(m, t, name, fullName, labels, argc, cache, loc) { return r }
            case .builtin(let n):
                if let h = builtinExtensionType(n), let r = try callStaticMethod(m, h, name, fullName, labels, argc, loc) { return r }
                if let t = genericScriptType(n), let r = try callOnMetatype(m, t, name, fullName, labels, argc, cache, loc) { return r }
                if let kind = n.randomKind, let r = try randomValue(m, kind, cache.builtinMethod, argc, loc) { return r }
            }
        case .object(let z as LazySequenceObject):
            return try callLazyMethod(m, z, name, fullName, argc, loc)
        case .object(let s as ArraySliceObject):
            if let stray = cache.strayTrailingClosure, stray.applies(to: v) {
                m.pop(argc)
                throw RuntimeError(stray.message, at: stray.location)
            }
            return try callSliceMethod(m, &v, s, name, fullName, argc, mutable, reason, cache, loc)
        case .object(let r as ReversedCollection):
            // ReversedCollection's own `reversed()` gives back its base.
            if cache.builtinMethod == .reversed, argc == 0 { return r.base }
            // `r.prefix(2)`: a Slice of the reversed collection, which prints as one.
            if Self.subSequenceMethods.contains(cache.builtinMethod) {
                var a = Value.array(r.elements)
                return reversedSlice(r, try callMethod(m, &a, name, fullName, labels, argc, false, reason, cache, loc))
            }
            // `r.split(separator: x)`: an Array of Slices of the reversed collection.
            if cache.builtinMethod.splitShape != nil {
                var a = Value.array(r.elements)
                let parts = try callMethod(m, &a, name, fullName, labels, argc, false, reason, cache, loc)
                guard case .array(let xs) = parts else { return parts }
                return .array(ValueArray(xs.map { reversedSlice(r, $0) }))
            }
            // Its methods are Sequence's, answered as an Array's; a variable that held an
            // Array and was given `a.reversed()` is an Array in Swift, so it becomes one here.
            v = .array(r.elements)
        case .object(let sub as SubstringObject):
            if protocols.builtinExtensions[sub.typeName] != nil,
               let r = try callBuiltinExtensionMethod(m, &v, name, fullName, labels, argc, mutable, reason, cache, loc) { return r }
            return try callSubstringMethod(m, &v, sub, cache.builtinMethod, name, fullName, argc, mutable, reason, loc,
                                           trailingClosure: cache.trailingClosureForm)
        case .object(let h as HasherObject):
            let a = argsArray(m, argc)
            if let r = try hasherMethod(&v, h, cache.builtinMethod, a, mutable, reason, loc) { return r }
            throw RuntimeError(RuntimeMessage.valueHasNoMember(type: h.typeName, member: name), at: loc)
        case .object(let o):
            if let h = hostExtension(of: o, cache, declaring: { findMethod($0, name, fullName, labels) != nil }),
               let r = try callUserMethod(m, &v, h, name, fullName, labels, argc, mutable, reason, cache, loc) { return r }
            let a = Array(UnsafeBufferPointer(start: m.pointee.sp - argc, count: argc))
            m.pop(argc)
            if let r = try RuntimeError.placingHostErrors(at: loc, { try o.callMethod(id: cache.hostMemberID(fullName), a) }) { return r }
            if protocols.builtinExtensions[o.typeName] != nil {
                for x in a { m.push(x) }
                if let r = try callBuiltinExtensionMethod(m, &v, name, fullName, labels, argc, mutable, reason, cache, loc) { return r }
                m.pop(argc)
            }
            throw hostObjectHasNoMember(o, name, member: fullName, at: loc)
        case .box(let b):
            return try callMethod(m, &b.value, name, fullName, labels, argc, mutable, reason, cache, loc)
        default:
            break
        }
        return try callBuiltinMethod(m, &v, cache.builtinMethod, name, fullName, argc, mutable, reason, loc,
                                         trailingClosure: cache.trailingClosureForm)
    }

    private enum MethodArm { case user(UserType), plain, other }

    /// Which part of callMethod takes `v`: a value of a script type (its methods), a
    /// built-in value (extension methods, then the built-in ones), or anything else.
    @inline(never) private func methodArm(_ v: Value) -> MethodArm {
        switch v {
        case .structValue(let s): return .user(s.type)
        case .enumCase(let tid, _): return .user(types[Int(tid)])
        case .payloadCase(let p): return .user(types[Int(p.typeID)])
        case .type, .object, .box: return .other
        default: return .plain
        }
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
                if let r = try callClassClosureProperty(m, v, t, name, argc, cache, loc) { return r }
                if let i = t.fieldIndex[name], case .structValue(let s) = v, case .function(let fv) = s.fields[i] {
                    let a = Array(UnsafeBufferPointer(start: m.pointee.sp - argc, count: argc))
                    m.pop(argc)
                    return try callFunction(m, fv, a, loc)
                }
                // A computed property of a struct that gives a closure: `s.f(3)`.
                if case .structValue = v, t.methodsByBase[name] == nil, let c = t.computed[name], !c.isStatic,
                   case .function(let fv) = try getMember(v, name, cache.closureProperty(name), loc, m).unboxed {
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
                throw RuntimeError(LookupMessage.staticMemberOnInstance(member: name, type: t.name), at: loc)
            }
            map = mp
            if let r = genericMemberRequirement(t, full), let d = slot.decl {
                // Checked on each value: never cached.
                try checkGenericMemberRequirement(r, v, "referencing instance method '\(requirementMemberName(d))' on '\(t.name)'", loc)
            } else if mp == nil { cache.type = t; cache.function = f; cache.generation = typeGeneration }
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
                base[i] = try checkArgument(base[i], pt, loc, of: f, callee: loc)
            }
        }
        if f.genericInfo != nil { try checkSharedGenerics(f, m.pointee.sp - n, callee: loc) }
        if !f.isMutating {
            m.push(v)
            var ignored = Value.void
            return try m.invokeMethod(f, argc: n + 1, location: loc, selfOut: &ignored)
        }
        m.push(moving: &v)
        return try m.invokeMethod(f, argc: n + 1, location: loc, selfOut: &v)
    }

    /// Replaces the `argc` arguments on the stack with `f`'s parameters in order: each the
    /// argument `map` assigns it, else its default, each checked against its type.
    func pushArguments(_ m: Ctx, _ argc: Int, _ map: [Int?], _ f: CompiledFunction, _ loc: SourceLocation) throws {
        let given = Array(UnsafeBufferPointer(start: m.pointee.sp - argc, count: argc))
        m.pop(argc)
        for (p, ai) in map.enumerated() {
            var v: Value
            if let ai { v = given[ai] } else if let dv = f.paramDefaults[p] { v = try dv(m) } else { v = .void }
            if let pt = f.paramTypes[p] {
                if let info = f.genericInfo, let e = structRequirementNotMet(v, pt, info, callee: loc) { throw e }
                v = try checkArgument(v, pt, loc)
            }
            m.push(v)
        }
    }

    /// A method called on a script type's metatype value: a static method, or `init`.
    private func callOnMetatype(_ m: Ctx, _ t: UserType, _ name: String, _ fullName: String, _ labels: [String?], _ argc: Int,
                                _ cache: MemberCache, _ loc: SourceLocation) throws -> Value? {
        if let r = try callStaticMethod(m, t, name, fullName, labels, argc, loc) { return r }
        // `kind.init()` on a metatype value (`let kind: Animal.Type = Dog.self`): the
        // class it holds is built, as swiftc's dynamic dispatch through `required init`.
        let isInit = cache.memberName(name).intrinsic == .initializer
        if isInit, t.kind == .class { return try constructClass(m, t, labels, argc, loc) }
        if isInit, t.kind == .struct, !usesMemberwise(t, labels) { return try runCustomInit(m, t, labels, argc, loc) }
        return nil
    }

    func callStaticMethod(_ m: Ctx, _ t: UserType, _ name: String, _ fullName: String, _ labels: [String?], _ argc: Int,
                          _ loc: SourceLocation, site: StaticCallSite? = nil) throws -> Value? {
        let found = if let site { staticMethod(t, name, fullName, labels, site) } else { findMethod(t, name, fullName, labels) }
        guard let (full, slot, map) = found else { return nil }
        let f = compiledMethod(t, slot, fullName: full)
        if f.hasSelf {
            throw RuntimeError(LookupMessage.instanceMemberOnType(member: name, type: t.name), at: loc)
        }
        if let map {
            let given = Array(UnsafeBufferPointer(start: m.pointee.sp - argc, count: argc))
            m.pop(argc)
            for (p, ai) in map.enumerated() {
                if let ai { m.push(given[ai]) } else if let d = f.paramDefaults[p] { m.push(try d(m)) } else { m.push(.void) }
            }
        }
        // The arguments' types, as for any other call.
        let n = f.paramCount
        let base = m.pointee.sp - n
        for i in 0..<min(n, f.paramTypes.count) where !f.paramQuick[i].accepts(base[i]) {
            if let pt = f.paramTypes[i] { base[i] = try checkArgument(base[i], pt, loc, of: f, callee: loc) }
        }
        if f.genericInfo != nil { try checkSharedGenerics(f, base, callee: loc) }
        return try withStaticReceiver(t) { try m.invoke(f, argc: f.paramCount, location: loc) }
    }

    func compileStaticCall(_ slot: TypeSlot, _ name: String, _ args: [Argument], _ scope: FnScope, _ loc: SourceLocation,
                           callEnd: SourceLocation) -> Eval {
        if name == "init" { return compileConstructor(slot, args, scope, loc, callEnd: callEnd) }
        // `Stats.total(of: 1, 2, 3)`: a variadic parameter's elements as one array.
        var args = args
        if let t = slot.current {
            let decls = (t.methodsByBase[name] ?? []).compactMap { t.methods[$0]?.decl }.filter(\.isStatic)
            do {
                if let grouped = try groupingVariadicArguments(among: decls, args, at: loc, scope) { args = grouped }
            } catch {
                return { _ in throw error }
            }
        }
        let labels = args.map(\.label)
        let fullName = name + "(" + labelsString(labels) + ")"
        if let t = slot.current, let refused = existentialArrayMethodArgument(t, name, args, scope, calleeLoc: loc) { return refused }
        // The type's one static method of the name that the labels do not fit (`missing
        // argument label 'sessionId:' in call`): swiftc's errors before anything runs.
        if let t = slot.current, t.kind != .table {
            let statics = (t.methodsByBase[name] ?? []).compactMap { t.methods[$0]?.decl }
            if statics.count == 1, statics[0].isStatic {
                let d = statics[0]
                let params: [(label: String?, hasDefault: Bool)] = d.parameters.map { ($0.label, $0.defaultValue != nil) }
                if case .failure(let e) = matchArguments(params, labels) {
                    return refusedCall(e, params, labels, declared: (d.fullName, d.location),
                                       Expr(.member(Expr(.identifier(t.name), at: loc), name), at: loc), args, loc, callEnd: callEnd)
                }
            }
        }
        // The declared parameter types are the arguments' context (`Item.make(.donate)`).
        let declared = slot.current?.methods[fullName]?.decl.map { d in d.parameters.map { $0.type.map(self.resolveType) } }
        let push = compilePushArgs(args, scope, expected: declared?.count == args.count ? declared : nil)
        let cache = MemberCache(method: name)
        let site = StaticCallSite()
        return { [core = Unretained(self)] m in
            guard let t = slot.current else { throw RuntimeError(LookupMessage.cannotFindInScope(slot.name), at: loc) }
            let argc = try push(m)
            if t.kind == .table, let inst = t.instance {
                var v = Value.type(.table(inst))
                if let r = try core.object.callUserMethod(m, &v, t, name, fullName, labels, argc, true, "", cache, loc) { return r }
            }
            if let r = try core.object.callStaticMethod(m, t, name, fullName, labels, argc, loc, site: site) { return r }
            m.pop(argc)
            throw RuntimeError(RuntimeMessage.typeHasNoMember(type: t.name, member: name), at: loc)
        }
    }

    // MARK: Constructors

    /// `argumentsGrouped`: a variadic parameter's elements are already one array.
    func compileConstructor(_ slot: TypeSlot, _ args: [Argument], _ scope: FnScope, _ loc: SourceLocation,
                            callEnd: SourceLocation, argumentsGrouped: Bool = false,
                            typeArguments: [String: String]? = nil) -> Eval {
        guard let t0 = slot.current else { return { _ in throw RuntimeError(LookupMessage.cannotFindInScope(slot.name), at: loc) } }
        // `Stack(arrayLiteral: 1, 2, 3)`: a variadic initializer's elements as one array.
        var args = args
        do {
            if !argumentsGrouped,
               let grouped = try groupingVariadicArguments(among: t0.classInfo?.inits.map(\.decl) ?? t0.initializers, args, at: loc, scope) {
                args = grouped
            }
        } catch {
            return { _ in throw error }
        }
        let labels = args.map(\.label)
        // A script class with one initializer (none of the host's) that the arguments do not
        // fit: swiftc's words before anything runs, at the argument it names, as for a struct.
        if t0.kind == .class, let info = t0.classInfo, info.inits.count == 1, !derivesFromHost(t0),
           !(labels.isEmpty && info.hasImplicitInit) {
            let d = info.inits[0].decl
            let params: [(label: String?, hasDefault: Bool)] = d.parameters.map { ($0.label, $0.defaultValue != nil) }
            if case .failure(let e) = matchArguments(params, labels) {
                return refusedCall(e, params, labels, declared: (d.fullName, d.location),
                                   Expr(.identifier(t0.name), at: loc), args, loc, callEnd: callEnd)
            }
        }
        if t0.kind == .class { return compileClassConstructor(slot, t0, args, scope, loc) }
        if t0.kind == .enum, let ev = compileEnumInit(slot, t0, args, scope, loc) { return ev }
        if t0.kind == .enum {
            let push = compilePushArgs(args, scope)
            return { m in
                let argc = try push(m)
                let a = Array(UnsafeBufferPointer(start: m.pointee.sp - argc, count: argc))
                m.pop(argc)
                guard let t = slot.current else { throw RuntimeError(LookupMessage.cannotFindInScope(slot.name), at: loc) }
                guard labels == ["rawValue"], let raw = t.rawValues else {
                    throw RuntimeError(LookupMessage.noAccessibleInitializers(t.name), at: loc)
                }
                if let i = raw.firstIndex(of: a[0]) { return .wrapped(.enumCase(typeID: t.id, caseIndex: Int32(i))) }
                return .nilValue
            }
        }
        // `Mask()`: OptionSet's empty set, unless the type declares an `init()`.
        if labels.isEmpty, isOptionSet(t0), !t0.initializers.contains(where: { $0.parameters.isEmpty }) {
            return { [core = Unretained(self)] m in try core.object.makeOptionSet(m, t0, nil, loc) }
        }
        // Memberwise (when no custom init matches), or a custom init.
        if usesMemberwise(t0, labels) {
            return compileMemberwiseInit(t0, args, labels, scope, loc, callEnd: callEnd, typeArguments: typeArguments)
        }
        // The initializer these labels choose gives the arguments their context (`.donate`).
        var expected: [RType?]? = nil
        for d in t0.initializers {
            if case .success(let map) = matchArguments(d.parameters.map { ($0.label, $0.defaultValue != nil) }, labels) {
                var ts = [RType?](repeating: nil, count: args.count)
                for (p, ai) in map.enumerated() {
                    guard let ai, var declared = d.parameters[p].type else { continue }
                    if let typeArguments {
                        let s = TypeRules.substituting(written: typeArguments, in: declared)
                        if !TypeRules.mentions(s, Set(typeArguments.keys)) { declared = s }
                    }
                    ts[ai] = resolveType(declared)
                }
                expected = ts
                break
            }
        }
        // One initializer (the memberwise one gone) that the arguments do not fit: swiftc's
        // words for the mismatch, at the argument it names.
        if expected == nil, t0.initializers.count == 1, t0.kind == .struct,
           case .failure(let e) = matchArguments(t0.initializers[0].parameters.map { ($0.label, $0.defaultValue != nil) }, labels) {
            let d = t0.initializers[0]
            return refusedCall(e, d.parameters.map { ($0.label, $0.defaultValue != nil) }, labels,
                               declared: (d.fullName, d.location),
                               Expr(.identifier(t0.name), at: loc), args, loc, callEnd: callEnd)
        }
        let push = compilePushArgs(args, scope, expected: expected)
        return { [core = Unretained(self)] m in
            let argc = try push(m)
            return try core.object.runCustomInit(m, t0, labels, argc, loc)
        }
    }

    /// A struct's memberwise initializer: each argument compiled against its field's type,
    /// the fields checked as they are stored.
    private func compileMemberwiseInit(_ t0: UserType, _ args: [Argument], _ labels: [String?], _ scope: FnScope, _ loc: SourceLocation,
                                       callEnd: SourceLocation, typeArguments: [String: String]?) -> Eval {
        var mapping: [Int?] = []
        let params = t0.fieldNames.enumerated().map { (label: Optional(self.initLabel($0.element)), hasDefault: t0.fieldDefaults[$0.offset] != nil || t0.fieldIsLet[$0.offset] == false && isOptionalType(t0.fieldTypes[$0.offset])) }
        switch matchArguments(params.map { ($0.label, $0.hasDefault) }, labels) {
        case .success(let m): mapping = m
        case .failure(let e):
            let at = callErrorLocation(e, Expr(.identifier(t0.name), at: loc), args, loc, callEnd: callEnd)
            var notes: [Diagnostic] = []
            if e.message.namesDeclaration {
                notes.append(.note(NoteMessage.memberwiseInitDeclaredHere(labels: t0.fieldNames.map { $0 + ":" }.joined()),
                                   at: SourceLocation(line: t0.location.line, column: t0.location.column + 7)))
            }
            return { _ in throw RuntimeError(e.message, at: at, notes: notes) }
        }
        var evs: [EvalBox] = []
        for (i, a) in args.enumerated() {
            let fieldIdx = mapping.firstIndex(of: i) ?? 0
            // `Box<Double>(value: 4)`: a field typed by a parameter takes the written argument.
            let written = typeArguments.flatMap { genericPropertyType(t0.name, t0.fieldNames[fieldIdx], $0) }
            evs.append(EvalBox(run: compileExpr(a.value, scope, expected: written ?? t0.fieldTypes[fieldIdx])))
        }
        let hasDefault = t0.fieldDefaults.map { $0 != nil }
        let argLocs = args.map(\.value.location)
        let map = mapping
        return { [core = Unretained(self)] m in
            var fields: [Value] = []
            fields.reserveCapacity(map.count)
            for (fi, ai) in map.enumerated() {
                var v: Value
                if let ai { v = try evs[ai].run(m) } else if hasDefault[fi], let d = core.object.fieldDefault(t0, fi) { v = try m.invoke(d, argc: 0, location: loc) } else { v = .nilValue }
                if let ft = t0.fieldTypes[fi] {
                    switch (ft, v) {
                    case (.int, .int), (.string, .string), (.double, .double), (.bool, .bool): break
                    case (.user(let s), .enumCase(let tid, _)) where s.currentID == tid: break
                    default: v = try core.object.checkMemberwiseArgument(v, ft, of: t0, ai.map { argLocs[$0] } ?? loc, callee: loc)
                    }
                }
                fields.append(v)
            }
            return .structValue(StructValue(type: t0, fields: fields))
        }
    }

    /// Whether a class or one of its superclasses is the host's (a cell, a view controller).
    func derivesFromHost(_ t: UserType) -> Bool {
        var c: UserType? = t
        while let u = c {
            if u.classInfo?.hostSuperclass != nil { return true }
            c = u.classInfo?.superclass
        }
        return false
    }

    func isOptionalType(_ t: RType?) -> Bool {
        if let t, case .optional = t { return true }
        return false
    }

    /// The declared initializer of a struct or enum that the call's labels choose, with the
    /// argument map and its compiled body (compiled once per type and initializer).
    func chosenInitializer(_ m: Ctx, _ t: UserType, _ labels: [String?], _ argc: Int,
                           _ loc: SourceLocation) throws -> (FunctionDecl, [Int?], CompiledFunction) {
        var chosen: (FunctionDecl, [Int?])? = nil
        for d in t.initializers {
            if case .success(let map) = matchArguments(d.parameters.map { ($0.label, $0.defaultValue != nil) }, labels) {
                chosen = (d, map); break
            }
        }
        guard let (d, map) = chosen else {
            m.pop(argc)
            // One initializer (the memberwise one gone): swiftc's words for the mismatch, as for a class.
            if t.initializers.count == 1,
               case .failure(let e) = matchArguments(t.initializers[0].parameters.map { ($0.label, $0.defaultValue != nil) }, labels) {
                var at = loc
                if case .incorrectArgumentLabels = e.message { at = SourceLocation(line: loc.line, column: loc.column + t.name.count) }
                throw RuntimeError(e.message, at: at)
            }
            throw RuntimeError(LookupMessage.noMatchingInitializer, at: loc)
        }
        let key = d.fullName
        let f: CompiledFunction
        if let c = t.compiledInits[key] { f = c } else {
            let decl = FunctionDecl(name: "init", parameters: d.parameters, returnType: nil, body: d.body, isStatic: false,
                                    isMutating: true, location: d.location)
            f = inFile(t.file) {
                compileFunction(decl, selfType: t, isStaticContext: false,
                                displayName: "\(t.name).init(\(labelsString(d.parameters.map(\.label))))",
                                typedSelf: !declaredByProtocolExtension(d))
            }
            t.compiledInits[key] = f
        }
        return (d, map, f)
    }

    func runCustomInit(_ m: Ctx, _ t: UserType, _ labels: [String?], _ argc: Int, _ loc: SourceLocation) throws -> Value {
        let (d, map, f) = try chosenInitializer(m, t, labels, argc, loc)
        try pushArguments(m, argc, map, f, loc)
        // self starts with the defaults of the stored properties.
        var fields: [Value] = []
        for (i, dv) in t.fieldDefaults.enumerated() {
            if dv != nil, let f = fieldDefault(t, i) { fields.append(try m.invoke(f, argc: 0, location: loc)) }
            else if isOptionalType(t.fieldTypes[i]) { fields.append(.nilValue) }
            else { fields.append(.void) }
        }
        m.push(.structValue(StructValue(type: t, fields: fields)))
        var s = Value.void
        // An initializer's writes of the type's properties call no observers, as in Swift.
        let returned = try withoutObservers { try m.invokeMethod(f, argc: map.count + 1, location: loc, selfOut: &s) }
        return try structInitResult(s, returned, d)
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
        // Destroyed before `sp` goes down: a `deinit` run meanwhile pushes above them.
        destroySlots(pointee.sp - n, pointee.sp)
        pointee.sp -= n
    }
}

extension Value {
    /// A variable's slot holding a box (a marker, or a shared variable): its reads take the
    /// general path.
    @inline(__always) var isInBox: Bool {
        if case .box = self { return true }
        return false
    }
}
