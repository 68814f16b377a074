// Typed, unboxed code for `Int` (issue 16, first step). Where the annotations say an
// expression is an `Int` (a literal, a parameter or `let` declared `Int`, `+ - * / %` and
// unary `-` of such, a call to a global function whose parameters and result are all
// `Int`), it compiles to `IntEval`: raw `Int`s between the nodes, Swift's trapping
// arithmetic, and calls that hand the arguments over without an argument array, a
// `Value` check or a result check. Everything else keeps the dynamic path, and each typed
// node keeps the dynamic path's messages and locations: the typed form is only a faster
// way to the same result.
//
// A function qualifies by its declaration (`intSignature`); its compiled form carries an
// `intBody` (CompiledFunction). A typed call site reads the callee's current compiled
// form when it runs: a redeclared function that no longer takes and returns `Int`s is
// called the dynamic way, and a result that is not an `Int` then is an error that says
// so (the caller was compiled against the old declaration).

import TableLabSyntax
import TableLabExhaustiveness

typealias IntEval = (Ctx) throws -> Int

/// Wrapped so that calls through a stored property skip reabstraction thunks.
struct IntBody { let run: IntEval }

extension InterpreterCore {
    /// Whether `d` takes only `Int`s and returns an `Int`, with nothing that needs the
    /// dynamic call path (defaults, `inout`, variadics, generic parameters).
    func hasIntSignature(_ d: FunctionDecl) -> Bool {
        guard d.genericParameters.isEmpty, let rt = d.returnType, isIntType(resolveType(rt)) else { return false }
        return d.parameters.allSatisfy { p in
            !p.isInout && !p.isVariadic && p.defaultValue == nil && p.type.map { isIntType(resolveType($0)) } == true
        }
    }

    func isIntType(_ t: RType?) -> Bool { if case .int? = t { return true }; return false }

    /// Whether `e` is statically an `Int` that `compileInt` compiles typed. Pure: nothing
    /// is compiled or declared.
    func isStaticInt(_ e: Expr, _ scope: FnScope) -> Bool {
        switch e.kind {
        case .integer: return true
        case .identifier(let name):
            guard let l = scope.findLocal(name) else { return false }
            return l.isLet && !l.boxed && !l.isDeferredLet && isIntType(l.type)
        case .unary(.negate, let x): return isStaticInt(x, scope)
        case .binary(let op, let l, let r):
            switch op {
            case .add, .subtract, .multiply, .divide, .remainder: return isStaticInt(l, scope) && isStaticInt(r, scope)
            default: return false
            }
        case .call(let callee, let args): return intCallTarget(callee, args, scope) != nil
        default: return false
        }
    }

    /// Whether `e` is a typed `Int` expression with a typed call in it: what is worth
    /// compiling typed in a dynamic context (the other shapes have fast paths there).
    func isTypedIntCallTree(_ e: Expr, _ scope: FnScope) -> Bool {
        guard isStaticInt(e, scope) else { return false }
        func hasCall(_ e: Expr) -> Bool {
            switch e.kind {
            case .call: return true
            case .unary(_, let x): return hasCall(x)
            case .binary(_, let l, let r): return hasCall(l) || hasCall(r)
            default: return false
            }
        }
        return hasCall(e)
    }

    /// A typed `Int` expression with a typed call in it, in a context that wants a `Value`.
    func compileBoxedInt(_ e: Expr, _ scope: FnScope) -> Eval? {
        guard isTypedIntCallTree(e, scope) else { return nil }
        let ie = compileInt(e, scope)
        return { m in .int(try ie(m)) }
    }

    /// The function a call names when it is a global function with an `Int` signature,
    /// every argument given in order and statically an `Int`.
    private func intCallTarget(_ callee: Expr, _ args: [Argument], _ scope: FnScope) -> FunctionCell? {
        guard case .identifier(let name) = callee.kind, !args.isEmpty, args.count <= 3,
              scope.findLocal(name) == nil, case .globalFunction(_, let cells) = callPlan(callee, args, scope),
              cells.count == 1, let cell = cells.first, cell.native == nil, let d = cell.decl,
              d.parameters.count == args.count, hasIntSignature(d) else { return nil }
        for (p, a) in zip(d.parameters, args) where p.label != a.label || !isStaticInt(a.value, scope) { return nil }
        return cell
    }

    /// Compiles an expression `isStaticInt` accepted.
    func compileInt(_ e: Expr, _ scope: FnScope) -> IntEval {
        let loc = e.location
        switch e.kind {
        case .integer(let k):
            return { _ in k }
        case .identifier(let name):
            let slot = scope.findLocal(name)!.slot
            let slow = compileExpr(e, scope, expected: .int)
            return { [unowned(unsafe) self] m in
                if case .int(let x) = m.pointee.fp[slot] { return x }
                return try self.intResult(try slow(m), loc)
            }
        case .unary(_, let x):
            if case .integer(let k) = x.kind { return { _ in -k } }
            let a = compileInt(x, scope)
            return { m in
                let v = try a(m)
                if v == Int.min { throw RuntimeError("arithmetic overflow", at: loc) }
                return -v
            }
        case .binary(let op, let l, let r):
            return compileIntArithmetic(op, l, r, scope, loc)
        case .call(let callee, let args):
            return compileIntCall(intCallTarget(callee, args, scope)!, callee, args, scope, loc)
        default:
            preconditionFailure("compileInt of an expression isStaticInt refused")
        }
    }

    /// An `Int` where the dynamic path gave a `Value`: anything else means the typed code
    /// was compiled against a declaration that has changed since.
    func intResult(_ v: Value, _ loc: SourceLocation) throws -> Int {
        if case .int(let x) = v { return x }
        throw RuntimeError("value of type '\(typeName(v))' where code compiled earlier expects 'Int' (a function it calls was redeclared with another type); declare that code again", at: loc)
    }

    private func compileIntArithmetic(_ op: BinaryOperator, _ l: Expr, _ r: Expr, _ scope: FnScope,
                                      _ loc: SourceLocation) -> IntEval {
        let a = compileInt(l, scope)
        // The overflow and division traps: the dynamic operator's messages, at its location.
        let trap: (Int, Int) throws -> Int = { [unowned(unsafe) self] p, q in
            guard case .int(let s) = try self.arith(op, .int(p), .int(q), loc) else { return 0 }
            return s
        }
        if case .integer(let k) = r.kind, case .identifier(let name) = l.kind, let slot = scope.findLocal(name)?.slot {
            // `n - 1`: the parameter's slot is read in place.
            switch op {
            case .add:
                return { m in
                    let p: Int
                    if case .int(let x) = m.pointee.fp[slot] { p = x } else { p = try a(m) }
                    let (s, o) = p.addingReportingOverflow(k); return o ? try trap(p, k) : s
                }
            case .subtract:
                return { m in
                    let p: Int
                    if case .int(let x) = m.pointee.fp[slot] { p = x } else { p = try a(m) }
                    let (s, o) = p.subtractingReportingOverflow(k); return o ? try trap(p, k) : s
                }
            default: break
            }
        }
        if case .integer(let k) = r.kind {
            switch op {
            case .add: return { m in let p = try a(m); let (s, o) = p.addingReportingOverflow(k); return o ? try trap(p, k) : s }
            case .subtract: return { m in let p = try a(m); let (s, o) = p.subtractingReportingOverflow(k); return o ? try trap(p, k) : s }
            case .multiply: return { m in let p = try a(m); let (s, o) = p.multipliedReportingOverflow(by: k); return o ? try trap(p, k) : s }
            default: break
            }
        }
        let b = compileInt(r, scope)
        switch op {
        case .add: return { m in let p = try a(m), q = try b(m); let (s, o) = p.addingReportingOverflow(q); return o ? try trap(p, q) : s }
        case .subtract: return { m in let p = try a(m), q = try b(m); let (s, o) = p.subtractingReportingOverflow(q); return o ? try trap(p, q) : s }
        case .multiply: return { m in let p = try a(m), q = try b(m); let (s, o) = p.multipliedReportingOverflow(by: q); return o ? try trap(p, q) : s }
        case .divide:
            return { m in
                let p = try a(m), q = try b(m)
                if q == 0 || (q == -1 && p == Int.min) { return try trap(p, q) }
                return p / q
            }
        default:
            return { m in
                let p = try a(m), q = try b(m)
                if q == 0 || (q == -1 && p == Int.min) { return try trap(p, q) }
                return p % q
            }
        }
    }

    /// A call to a global function with an `Int` signature: the arguments are raw `Int`s
    /// held in Swift locals while the others are evaluated, then written to the callee's
    /// frame; the callee's `intBody` answers a raw `Int`. The frame, depth, stack, step and
    /// interrupt checks and the error trace are the dynamic call's (`invokeInt`).
    private func compileIntCall(_ cell: FunctionCell, _ callee: Expr, _ args: [Argument], _ scope: FnScope,
                                _ loc: SourceLocation) -> IntEval {
        let evals = args.map { IntBody(run: compileInt($0.value, scope)) }
        let site = IntCallSite(self, cell, args.map(\.value.location), loc)
        switch evals.count {
        case 1:
            let a0 = evals[0].run
            return { m in
                let x0 = try a0(m)
                if let ref = cell.compiledRef, ref._withUnsafeGuaranteedRef({ $0.takesInts }) {
                    m.push(.int(x0))
                    return try ref._withUnsafeGuaranteedRef { f in try m.invokeInt(f, argc: 1, location: loc) }
                }
                return try site.dynamicCall(m, [x0])
            }
        case 2:
            let a0 = evals[0].run, a1 = evals[1].run
            return { m in
                let x0 = try a0(m), x1 = try a1(m)
                if let ref = cell.compiledRef, ref._withUnsafeGuaranteedRef({ $0.takesInts }) {
                    m.push(.int(x0)); m.push(.int(x1))
                    return try ref._withUnsafeGuaranteedRef { f in try m.invokeInt(f, argc: 2, location: loc) }
                }
                return try site.dynamicCall(m, [x0, x1])
            }
        default:
            let a0 = evals[0].run, a1 = evals[1].run, a2 = evals[2].run
            return { m in
                let x0 = try a0(m), x1 = try a1(m), x2 = try a2(m)
                if let ref = cell.compiledRef, ref._withUnsafeGuaranteedRef({ $0.takesInts }) {
                    m.push(.int(x0)); m.push(.int(x1)); m.push(.int(x2))
                    return try ref._withUnsafeGuaranteedRef { f in try m.invokeInt(f, argc: 3, location: loc) }
                }
                return try site.dynamicCall(m, [x0, x1, x2])
            }
        }
    }

    /// The `intBody` of a function with an `Int` signature whose body is one expression or
    /// a chain of `if ... { return a }` ending in `return b` (`compileReturnChain`'s shapes);
    /// nil for any other body, which is then compiled the dynamic way.
    /// (An `IntBody`, not an optional closure: a closure inside an `Optional` is called
    /// through reabstraction thunks.)
    func compileIntBody(_ body: [Stmt], _ scope: FnScope) -> IntBody? {
        if body.count == 1, case .expression(let e) = body[0].kind { return IntBody(run: compileIntReturn(e, scope)) }
        guard returnChainShape(body[...]) else { return nil }
        return IntBody(run: buildIntReturnChain(body[...], scope))
    }

    /// `return e` in a function returning `Int`: typed when `e` is statically an `Int`,
    /// else the dynamic value with the dynamic path's return check.
    private func compileIntReturn(_ e: Expr, _ scope: FnScope) -> IntEval {
        if isStaticInt(e, scope) { return compileInt(e, scope) }
        let ev = compileExpr(e, scope, expected: .int)
        let at = e.location
        return { [unowned(unsafe) self] m in
            let v = try ev(m)
            if case .int(let x) = v { return x }
            return try self.intResult(try self.checkReturn(v, .int, location: at), at)
        }
    }

    /// `buildReturnChain` with raw `Int` results: the same blocks and conditions, in the
    /// same order, so slots and diagnostics come out as the dynamic form's.
    private func buildIntReturnChain(_ stmts: ArraySlice<Stmt>, _ scope: FnScope) -> IntEval {
        let first = stmts[stmts.startIndex]
        if case .return(let e?) = first.kind { return compileIntReturn(e, scope) }
        guard case .if(let i) = first.kind, i.then.count == 1, case .return(let thenValue?) = i.then[0].kind else {
            preconditionFailure("checked by returnChainShape")
        }
        scope.pushBlock()
        let cond = compileConditions(i.conditions, scope)
        scope.pushBlock()
        let then = compileIntReturn(thenValue, scope)
        scope.popBlock()
        scope.popBlock()
        let rest: IntEval
        if let o = i.otherwise {
            scope.pushBlock()
            rest = buildIntReturnChain(o[...], scope)
            scope.popBlock()
        } else {
            rest = buildIntReturnChain(stmts.dropFirst(), scope)
        }
        return { m in try cond(m) ? try then(m) : try rest(m) }
    }
}

/// What a typed call site needs only off its fast path.
final class IntCallSite {
    unowned(unsafe) let core: InterpreterCore
    let cell: FunctionCell
    let argumentLocations: [SourceLocation]
    let location: SourceLocation

    init(_ core: InterpreterCore, _ cell: FunctionCell, _ argumentLocations: [SourceLocation], _ location: SourceLocation) {
        self.core = core; self.cell = cell; self.argumentLocations = argumentLocations; self.location = location
    }

    /// The first call (the callee compiles now), or a callee redeclared without an `Int`
    /// signature: the dynamic call, with its argument checks.
    @inline(never) func dynamicCall(_ m: Ctx, _ args: [Int]) throws -> Int {
        if let native = cell.native {
            let v = try RuntimeError.placingHostErrors(at: location) { try native(args.map { .int($0) }) }
            return try core.intResult(v, location)
        }
        guard let f = cell.compiled ?? core.compiled(cell) else {
            throw RuntimeError("cannot find '\(cell.baseName)' in scope", at: location)
        }
        if f.takesInts {
            for x in args { m.push(.int(x)) }
            return try m.invokeInt(f, argc: args.count, location: location)
        }
        guard f.paramCount == args.count, f.genericInfo == nil else {
            throw RuntimeError("'\(cell.fullName)' was redeclared with other parameters; declare the code that calls it again", at: location)
        }
        for (i, x) in args.enumerated() {
            var v = Value.int(x)
            if let t = f.paramTypes[i] { v = try core.checkArgument(v, t, argumentLocations[i], of: f, callee: location) }
            m.push(v)
        }
        return try core.intResult(try m.invoke(f, argc: args.count, location: location), location)
    }
}
