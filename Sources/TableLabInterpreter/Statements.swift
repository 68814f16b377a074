// Statements compiled to closures returning a `Flow`.

import TableLabSyntax
import TableLabExhaustiveness

extension InterpreterCore {
    func compileStatements(_ stmts: [Stmt], _ scope: FnScope, tailReturn: Bool = false) -> Exec {
        if !scope.declaresGlobals, let d = stmts.firstIndex(where: { if case .defer = $0.kind { return true }; return false }) {
            return compileDeferring(stmts, at: d, scope, tailReturn: tailReturn)
        }
        let boxes = scope.declaresGlobals ? [] : predeclareNestedFunctions(stmts, scope)
        var execs: [ExecBox] = []
        for (i, s) in stmts.enumerated() {
            execs.append(ExecBox(run: compileStmt(s, scope, tailReturn: tailReturn && i == stmts.count - 1)))
        }
        return makingBoxes(boxes, sequenced(execs))
    }

    /// Nested functions are visible throughout their block: declared before its statements
    /// are compiled. Returns the slots of the ones that are captured (by themselves or a
    /// sibling), whose boxes must exist when the block starts, before any of them is made:
    /// `func a() { b() }` captures `b`'s box before `func b` has run.
    func predeclareNestedFunctions(_ stmts: [Stmt], _ scope: FnScope) -> [Int] {
        var boxed: [Int] = []
        for s in stmts {
            if case .declaration(.function(let f)) = s.kind, scope.findLocalInCurrentBlock(f.name) == nil {
                let l = scope.declare(f.name, isLet: true, type: nil, binding: f.location)
                if l.boxed { boxed.append(l.slot) }
            }
        }
        return boxed
    }

    func makingBoxes(_ slots: [Int], _ body: @escaping Exec) -> Exec {
        if slots.isEmpty { return body }
        return { m in
            for s in slots { m.pointee.fp[s] = .box(VarBox(.void)) }
            return try body(m)
        }
    }

    private func sequenced(_ execs: [ExecBox]) -> Exec {
        switch execs.count {
        case 0: return { _ in .normal }
        case 1: return execs[0].run
        case 2:
            let a = execs[0].run, b = execs[1].run
            return { m in
                let f = try a(m)
                if !f.isNormal { return f }
                return try b(m)
            }
        case 3:
            let a = execs[0].run, b = execs[1].run, c = execs[2].run
            return { m in
                var f = try a(m)
                if !f.isNormal { return f }
                f = try b(m)
                if !f.isNormal { return f }
                return try c(m)
            }
        default:
            // Three at a time, then the rest: captured closures are called without the
            // retain/release that iterating an array of them costs.
            let a = execs[0].run, b = execs[1].run, c = execs[2].run
            let rest = sequence(execs[3...])
            return { m in
                var f = try a(m)
                if !f.isNormal { return f }
                f = try b(m)
                if !f.isNormal { return f }
                f = try c(m)
                if !f.isNormal { return f }
                return try rest(m)
            }
        }
    }

    private func sequence(_ execs: ArraySlice<ExecBox>) -> Exec {
        let i = execs.startIndex
        switch execs.count {
        case 1: return execs[i].run
        case 2:
            let a = execs[i].run, b = execs[i + 1].run
            return { m in
                let f = try a(m)
                if !f.isNormal { return f }
                return try b(m)
            }
        default:
            let a = execs[i].run, b = execs[i + 1].run, c = execs[i + 2].run
            if execs.count == 3 {
                return { m in
                    var f = try a(m)
                    if !f.isNormal { return f }
                    f = try b(m)
                    if !f.isNormal { return f }
                    return try c(m)
                }
            }
            let rest = sequence(execs[(i + 3)...])
            return { m in
                var f = try a(m)
                if !f.isNormal { return f }
                f = try b(m)
                if !f.isNormal { return f }
                f = try c(m)
                if !f.isNormal { return f }
                return try rest(m)
            }
        }
    }

    func compileBlock(_ stmts: [Stmt], _ scope: FnScope, tailReturn: Bool = false) -> Exec {
        scope.pushBlock()
        defer { scope.popBlock() }
        let body = compileStatements(stmts, scope, tailReturn: tailReturn)
        guard classesHaveDeinit, !scope.declaresGlobals else { return body }
        // The block's locals end with it, the last declared first, as in Swift (Deinit.swift).
        let slots = scope.blocks[scope.blocks.count - 1].values.map(\.slot).sorted(by: >)
        if slots.isEmpty { return body }
        return { m in
            let flow = try body(m)
            for s in slots { m.pointee.fp[s] = .void }
            return flow
        }
    }

    func compileStmt(_ s: Stmt, _ scope: FnScope, tailReturn: Bool = false) -> Exec {
        let loc = s.location
        switch s.kind {
        case .expression(let e):
            if tailReturn {
                let ev = compileExpr(e, scope, expected: scope.returnType)
                let rt = scope.returnType
                return { [core = Unretained(self)] m in
                    var v = try ev(m)
                    if let rt { v = try core.object.checkReturn(v, rt, location: e.location) }
                    m.pointee.returnValue = v
                    return .returned
                }
            }
            let ev = compileExpr(e, scope, expected: nil)
            return { m in _ = try ev(m); return .normal }

        case .assignment(let target, let op, let value):
            return compileAssignment(target, op, value, scope, loc, opAt: s.operatorLocation)

        case .declaration(let d):
            return compileDeclaration(d, scope, loc)

        case .if(let i):
            return compileIf(i, scope, tailReturn: tailReturn)

        case .guard(let conds, let otherwise):
            return compileGuard(conds, otherwise, s, scope)

        case .switch(let sw):
            return compileSwitch(sw, scope, labelID: -1, tailReturn: tailReturn)

        case .forIn(let pattern, let seq, let whereClause, let body):
            return compileForIn(pattern, seq, whereClause, body, scope, labelID: -1, loc)

        case .while(let conds, let body):
            return compileWhile(conds, body, scope, labelID: -1, loc)

        case .repeatWhile(let body, let cond):
            return compileRepeat(body, cond, scope, labelID: -1, loc)

        case .block(let b):
            return compileBlock(b, scope)

        case .break(let label):
            if let label {
                guard let id = scope.labels.lastIndex(of: label) else { return failing(LookupMessage.cannotFindLabel(label), loc) }
                let f = Flow.breakLoop(Int32(id))
                return { _ in f }
            }
            return { _ in .breakLoop(-1) }

        case .continue(let label):
            if let label {
                guard let id = scope.labels.lastIndex(of: label) else { return failing(LookupMessage.cannotFindLabel(label), loc) }
                let f = Flow.continueLoop(Int32(id))
                return { _ in f }
            }
            return { _ in .continueLoop(-1) }

        case .return(let e):
            return compileReturn(e, scope)

        case .fallthrough:
            return { _ in .fallthroughCase }

        case .doCatch(let body, let catches):
            return compileDoCatch(body, catches, scope)
        case .throw(let e):
            return compileThrow(e, scope, loc)
        case .defer:
            // A `defer` inside a block is taken apart by `compileStatements`, and a unit's
            // top-level one waits for the unit's end (runStatements); any other has no end
            // to wait for.
            return failing(UnsupportedMessage.topLevelDefer, loc)

        case .labeled(let label, let inner):
            return compileLabeled(label, inner, scope)

        case .command(let name, let arguments):
            return { [core = Unretained(self)] m in
                guard let h = core.object.commandHandler, let file = core.object.currentFile else {
                    throw RuntimeError(LookupMessage.unknownCommand(name), at: loc)
                }
                do {
                    try h(name, arguments, loc, file)
                } catch let d as Diagnostic {
                    throw RuntimeError.wrapping(d)
                }
                return .normal
            }
        }
    }

    private func compileGuard(_ conds: [Condition], _ otherwise: [Stmt], _ s: Stmt, _ scope: FnScope) -> Exec {
        let loc = s.location
        var c = compileConditions(conds, scope)   // bindings stay in the enclosing block
        if scope.declaresGlobals { c = guardBindingsAsGlobals(conds, c, scope) }
        let o = compileBlock(otherwise, scope)
        // swiftc reports a falling-through guard at the `}` closing its else block.
        // The statement's range ends just past that `}`.
        let end = s.range.end
        let at = end == loc ? loc : SourceLocation(line: end.line, column: end.column - 1)
        return { m in
            if try c(m) { return .normal }
            let f = try o(m)
            if f.isNormal { throw RuntimeError(DeclarationMessage.guardFallsThrough, at: at) }
            return f
        }
    }

    /// `return` with the declared result type's check (a quick one for the common types).
    private func compileReturn(_ e: Expr?, _ scope: FnScope) -> Exec {
        guard let e else { return { m in m.pointee.returnValue = .void; return .returned } }
        let ev = compileExpr(e, scope, expected: scope.returnType)
        if let rt = scope.returnType {
            let quick = QuickCheck(rt)
            if quick.kind != 6 {
                return { [core = Unretained(self)] m in
                    let v = try ev(m)
                    if quick.accepts(v) { m.pointee.returnValue = v; return .returned }
                    m.pointee.returnValue = try core.object.checkReturn(v, rt, location: e.location)
                    return .returned
                }
            }
            return { [core = Unretained(self)] m in
                m.pointee.returnValue = try core.object.checkReturn(try ev(m), rt, location: e.location)
                return .returned
            }
        }
        return { m in m.pointee.returnValue = try ev(m); return .returned }
    }

    /// A labelled statement: its label is the target of `break label`/`continue label` inside it.
    private func compileLabeled(_ label: String, _ inner: Stmt, _ scope: FnScope) -> Exec {
        scope.labels.append(label)
        defer { scope.labels.removeLast() }
        let id = Int32(scope.labels.count - 1)
        switch inner.kind {
        case .forIn(let p, let seq, let w, let body): return compileForIn(p, seq, w, body, scope, labelID: id, inner.location)
        case .while(let c, let body): return compileWhile(c, body, scope, labelID: id, inner.location)
        case .repeatWhile(let body, let c): return compileRepeat(body, c, scope, labelID: id, inner.location)
        case .switch(let sw): return compileSwitch(sw, scope, labelID: id, tailReturn: false)
        default:
            let ex = compileStmt(inner, scope)
            return { m in
                let f = try ex(m)
                if f == .breakLoop(id) { return .normal }
                return f
            }
        }
    }

    func failing(_ message: any DiagnosticMessage, _ loc: SourceLocation) -> Exec {
        return { _ in throw RuntimeError(message, at: loc) }
    }

    // MARK: Declarations inside code

    func compileDeclaration(_ d: Decl, _ scope: FnScope, _ loc: SourceLocation) -> Exec {
        switch d {
        case .variable(let v):
            if v.isLazy, scope.declaresGlobals {
                // swiftc's error: a global is initialised on first use already.
                let e = RuntimeError(DeclarationMessage.lazyOnLazyGlobal, at: loc)
                compileTimeRefusals?.append(e)
                return { _ in throw e }
            }
            return compileVariable(v, scope, keywordAt: loc)
        case .function(let f):
            if scope.declaresGlobals {
                // Hoisted already; a redeclaration in an interactive entry is hoisted too.
                return { _ in .normal }
            }
            let local = scope.findLocal(f.name) ?? scope.declare(f.name, isLet: true, type: nil, binding: f.location)
            let make = compileClosureLike(parameters: f.parameters, returnType: f.returnType, body: f.body,
                                          shorthandCount: 0, scope, name: f.fullName, location: f.location)
            let slot = local.slot
            if local.boxed {
                // The box was made when the block started (`predeclareNestedFunctions`).
                return { m in
                    let f = try make(m)
                    if case .box(let box) = m.pointee.fp[slot] { box.value = f } else { m.pointee.fp[slot] = .box(VarBox(f)) }
                    return .normal
                }
            }
            return { m in m.pointee.fp[slot] = try make(m); return .normal }
        case .enum, .struct, .table, .class, .extension:
            // Types are hoisted before the unit runs.
            return { _ in .normal }
        case .protocol(let p):
            if scope.declaresGlobals { return { _ in .normal } }
            return failing(UnsupportedMessage.localProtocol(p.name), loc)
        case .typeAlias(let a):
            if scope.declaresGlobals { return { _ in .normal } }
            return failing(UnsupportedMessage.localTypealias(a.name), loc)
        }
    }

    func compileVariable(_ v: VariableDecl, _ scope: FnScope, keywordAt: SourceLocation) -> Exec {
        // Annotated or not (`weak var w = strong` held it strongly: silently different).
        if v.ownership != .strong {
            if let weak = compileReferenceVariable(v, scope, keywordAt: keywordAt) { return weak }
            if let e = weakReferenceError(v) { return { _ in throw e } }
        }
        if v.observers != nil, !scope.declaresGlobals, v.name != nil { return compileObservedLocal(v, scope, keywordAt: keywordAt) }
        var type = v.type.map(resolveType) ?? literalType(v.initializer, taking: .declaredLocal)
        // `var kind = Item.a` has the type Item: the context of a later `kind = .b`.
        if type == nil, let e = v.initializer, case .member(let b, let c) = e.kind, case .identifier(let tn) = b.kind,
           let s = typeSlots[tn], let t = s.current, t.kind == .enum, let ci = t.caseIndex[c], scope.findLocal(tn) == nil,
           // A case with associated values named alone is the function that makes one.
           Int(ci) >= t.casePayloads.count || t.casePayloads[Int(ci)] == nil {
            type = .user(s)
        }
        // `var x = es`: a copy of a variable has its declared type, which swiftc infers; it
        // is the context of a later `x.firstIndex(of: .a(1))`. Only a context: the copy is
        // not checked against it (a value left stale by a redeclaration may be copied).
        let copiedType = type == nil ? v.initializer.flatMap { copiedDeclaredType($0, scope) } : nil
        let loc = v.location
        // `let y: Foo = 1` with no type Foo anywhere: swiftc's error, at the annotation.
        if case .external(let n)? = type, let name = v.name, !isKnownExternal(n) {
            let at = SourceLocation(line: loc.line, column: loc.column + name.count + 2)
            // `let u: URL = ...`: Swift's or Foundation's type, which swiftc finds.
            if let refusal = unsupportedStandardType(.external(n)) { return { _ in throw RuntimeError(refusal, at: at) } }
            // `let r: URLRequest = ...`: an Apple framework's type swiftc finds and TableLab
            // does not simulate, refused where the code runs (the host's message says so).
            if let refusal = hosting.missingName?(n) { return { _ in throw RuntimeError(refusal, at: at) } }
            // Refused before anything of the unit runs, listed with its other errors.
            let e = RuntimeError(EntryMessage.cannotFindTypeInScope(n), at: at)
            compileTimeRefusals?.append(e)
            return { _ in throw e }
        }
        // `let y: Foo? = nil`: the same error; a Swift or Foundation type TableLab lacks is
        // left to where a value of it is made (its nil is one TableLab has).
        if case .optional(.external(let n))? = type, let name = v.name, !isKnownExternal(n), unsupportedStandardType(.external(n)) == nil,
           hosting.missingName?(n) == nil {
            let e = RuntimeError(EntryMessage.cannotFindTypeInScope(n), at: SourceLocation(line: loc.line, column: loc.column + name.count + 2))
            compileTimeRefusals?.append(e)
            return { _ in throw e }
        }
        if v.getter != nil, let computed = compileComputedGlobal(v, scope, keywordAt: keywordAt) { return computed }
        if let accessors = compileLocalAccessors(v, scope, keywordAt: keywordAt) { return accessors }
        if v.getter != nil {
            // Refused before anything of the unit runs, as a construct TableLab lacks.
            let e = RuntimeError(UnsupportedMessage.localComputedVariable(v.name ?? "_"), at: loc)
            compileTimeRefusals?.append(e)
            return { _ in throw e }
        }
        var initializer = v.initializer
        // `let make: () -> Item = { .donate }`: the annotation types the closure's parameters
        // and result, which are then the context of what it returns.
        if case .function(let ps, let result)? = v.type, var e = initializer, case .closure(var c) = e.kind {
            if c.returnType == nil { c.returnType = result }
            if c.parameters.count == ps.count {
                for i in ps.indices where c.parameters[i].type == nil { c.parameters[i].type = ps[i] }
            }
            e.kind = .closure(c)
            initializer = e
        }
        if let e = initializer, let marked = Self.closureTakingInout(e, as: v.type) { initializer = marked }
        let initEval: Eval? = initializer.map { nestedOptionalArrival(compileExpr($0, scope, expected: type), $0, type, scope) }
        // Plain name.
        if let name = v.name {
            if scope.declaresGlobals {
                return compileGlobalVariable(v, name, type, copiedType, initEval, keywordAt: keywordAt)
            }
            return compileLocalVariable(v, name, type, copiedType, initEval, scope, keywordAt: keywordAt)
        }
        // Tuple destructuring: let (a, b) = t
        guard let initEval else { return failing(DeclarationMessage.tupleDeclarationNeedsValue, loc) }
        let bind = compilePatternBindingTargets(v.pattern, scope, isLet: v.isLet)
        return { m in
            let val = try initEval(m)
            try bind(m, val)
            return .normal
        }
    }

    /// `var x = e` at top level: a global's slot, its declared type and its deferral.
    private func compileGlobalVariable(_ v: VariableDecl, _ name: String, _ type: RType?, _ copiedType: RType?, _ initEval: Eval?,
                                       keywordAt: SourceLocation) -> Exec {
        let loc = v.location
        let initLoc = v.initializer?.location ?? loc
        let slot = globalSlot(name)
        journalGlobal(slot)
        globalIsLet[slot] = v.isLet
        globalTypes[slot] = type
        globalCopiedTypes[slot] = copiedType
        globalDeclarations[slot] = (v.type, v.initializer)
        globalDeclLocations[slot] = keywordAt
        if v.observers != nil, globalObservers[slot] == nil { registerGlobalObservers([Stmt(.declaration(.variable(v)), at: loc)]) }
        let deferred = v.isLet && initEval == nil && v.observers == nil
        // `var t: Int`: declared, unset until its first `=` (DeferredLet.swift).
        var deferredVar = !v.isLet && initEval == nil && v.observers == nil && type != nil
        if case .optional = type { deferredVar = false }
        if deferred || deferredVar { deferredGlobals.insert(slot) } else { deferredGlobals.remove(slot) }
        return { [core = Unretained(self)] m in
            var val: Value
            if let initEval { val = try initEval(m) } else if deferred { val = .box(unsetLetMarker) } else if deferredVar { val = .box(unsetVarMarker) } else if case .optional = type { val = .nilValue } else { val = .box(undefinedGlobal) }
            if let type, initEval != nil { val = try core.object.checkBinding(val, type, location: initLoc, literal: v.initializer) }
            m.pointee.globals[slot] = val
            return .normal
        }
    }

    /// `var x = e` in a function: a local's slot, and what the scope learns of its type.
    private func compileLocalVariable(_ v: VariableDecl, _ name: String, _ type: RType?, _ copiedType: RType?, _ initEval: Eval?,
                                      _ scope: FnScope, keywordAt: SourceLocation) -> Exec {
        let initLoc = v.initializer?.location ?? v.location
        let local = scope.declare(name, isLet: v.isLet, type: type, at: keywordAt, binding: v.pattern.location)
        if let copiedType { scope.blocks[scope.blocks.count - 1][name]?.copiedType = copiedType }
        if v.isImplicitlyUnwrapped { scope.markImplicitlyUnwrapped(name); implicitUnwrapping.localsDeclared = true }
        if let g = writtenGenericArguments(v) { scope.blocks[scope.blocks.count - 1][name]?.genericArguments = g }
        if type == nil, copiedType == nil, let lt = literalType(v.initializer, taking: .checkedLocal) {
            scope.blocks[scope.blocks.count - 1][name]?.literalType = lt
        } else if type == nil {
            noteInitializerType(name, v.initializer, scope)
        }
        let slot = local.slot
        let boxed = local.boxed
        // One closure per shape, so that running it unwraps no optional closure or
        // type (each unwrap would retain and release them).
        guard let ev = initEval else {
            var initial = Value.void
            if case .optional = type { initial = .nilValue }
            if v.isLet, v.observers == nil {
                // Set later, once (DeferredLet.swift); a `let` optional is no exception.
                scope.blocks[scope.blocks.count - 1][name]?.isDeferredLet = true
                initial = .box(unsetLetMarker)
            } else if v.observers == nil, let type, !initial.isNil {
                // Unset until its first `=` (DeferredLet.swift). A tuple may be set
                // element by element (`t.0 = 1`), as Swift allows: each starts unset.
                scope.blocks[scope.blocks.count - 1][name]?.startsUnset = true
                initial = type.unsetTuple ?? .box(unsetVarMarker)
            }
            if boxed { return { m in m.pointee.fp[slot] = .box(VarBox(initial)); return .normal } }
            return { m in m.pointee.fp[slot] = initial; return .normal }
        }
        if let type {
            let quick = QuickCheck(type)
            return { [core = Unretained(self)] m in
                var val = try ev(m)
                if !quick.accepts(val) { val = try core.object.checkBinding(val, type, location: initLoc, literal: v.initializer) }
                m.pointee.fp[slot] = boxed ? .box(VarBox(val)) : val
                return .normal
            }
        }
        if boxed { return { m in m.pointee.fp[slot] = .box(VarBox(try ev(m))); return .normal } }
        return { m in m.pointee.fp[slot] = try ev(m); return .normal }
    }

    /// Binds the names of a destructuring pattern (`(a, b)`, `(_, x)`) to the parts of a value.
    func compilePatternBindingTargets(_ p: Pattern, _ scope: FnScope, isLet: Bool) -> (Ctx, Value) throws -> Void {
        switch p.kind {
        case .binding(let name, let isVar):
            if scope.declaresGlobals {
                let slot = globalSlot(name)
                journalGlobal(slot)
                globalIsLet[slot] = isLet && !isVar
                globalTypes[slot] = nil
                globalCopiedTypes[slot] = nil
                return { m, v in m.pointee.globals[slot] = v }
            }
            let l = scope.declare(name, isLet: isLet && !isVar, type: nil, binding: p.location)
            let slot = l.slot
            if l.boxed { return { m, v in m.pointee.fp[slot] = .box(VarBox(v)) } }
            return { m, v in m.pointee.fp[slot] = v }
        case .wildcard:
            return { _, _ in }
        case .tuple(let ps):
            let parts = ps.map { compilePatternBindingTargets($0, scope, isLet: isLet) }
            let loc = p.location
            return { [core = Unretained(self)] m, v in
                guard case .tuple(let t) = v, t.elements.count == parts.count else {
                    throw RuntimeError(ConversionMessage.cannotDestructure(type: core.object.typeName(v), count: parts.count), at: loc)
                }
                for i in 0..<parts.count { try parts[i](m, t.elements[i]) }
            }
        case .expression(let e):
            if case .identifier(let name) = e.kind {
                return compilePatternBindingTargets(Pattern(.binding(name: name, isVar: !isLet), at: p.location), scope, isLet: isLet)
            }
            return { _, _ in throw RuntimeError(UnsupportedMessage.patternInDeclaration, at: p.location) }
        default:
            return { _, _ in throw RuntimeError(UnsupportedMessage.patternInDeclaration, at: p.location) }
        }
    }

    // MARK: Conditions

    /// Compiles `if`/`guard`/`while` conditions; bindings are declared in the current block.
    func compileConditions(_ conds: [Condition], _ scope: FnScope) -> (Ctx) throws -> Bool {
        var parts: [CondBox] = []
        for c in conds {
            switch c {
            case .expression(let e):
                if let fast = compileIntComparison(e, scope) { parts.append(CondBox(run: fast)); continue }
                // `if flag` with `flag: Bool!`: a condition takes the wrapped Bool.
                let ev = compileExpr(implicitUnwrap(e, scope) ?? e, scope, expected: .bool)
                let loc = e.location
                parts.append(CondBox { [core = Unretained(self)] m in
                    let v = try ev(m)
                    if case .bool(let b) = v { return b }
                    throw RuntimeError(ConversionMessage.cannotConvertCondition(core.object.typeName(v)), at: loc)
                })
            case .optionalBinding(let name, let isVar, let value, let loc):
                let ev = compileExpr(value, scope, expected: nil)
                let l = scope.declare(name, isLet: !isVar, type: nil, binding: loc.keyword)
                let slot = l.slot, boxed = l.boxed
                // After `[weak self]` Swift's self is Optional; TableLab keeps the plain capture
                // (the object is alive while its code runs), so `guard let self` binds it as is.
                var bindsSelf = false
                if case .self = value.kind { bindsSelf = true }
                parts.append(CondBox { [core = Unretained(self)] m in
                    let v = try ev(m)
                    switch v {
                    case .nilValue: return false
                    case .wrapped(let x):
                        m.pointee.fp[slot] = boxed ? .box(VarBox(x)) : x
                        return true
                    case _ where bindsSelf:
                        m.pointee.fp[slot] = boxed ? .box(VarBox(v)) : v
                        return true
                    default:
                        throw RuntimeError(ConversionMessage.conditionalBindingNotOptional(core.object.typeName(v)), at: loc.keyword)
                    }
                })
            case .patternMatch(let p, let e):
                let ev = compileExpr(e, scope, expected: nil)
                let pat = compilePattern(p, scope)
                parts.append(CondBox { m in
                    let v = try ev(m)
                    return try pat(m, v)
                })
            }
        }
        if parts.count == 1 { return parts[0].run }
        return { m in
            for p in parts { if !(try p.run(m)) { return false } }
            return true
        }
    }

    func compileIf(_ i: IfStmt, _ scope: FnScope, tailReturn: Bool) -> Exec {
        scope.pushBlock()
        let cond = compileConditions(i.conditions, scope)
        let then = compileBlock(i.then, scope, tailReturn: tailReturn && i.then.count == 1)
        scope.popBlock()
        guard let o = i.otherwise else {
            return { m in try cond(m) ? try then(m) : .normal }
        }
        let other = compileBlock(o, scope, tailReturn: tailReturn && o.count == 1)
        return { m in try cond(m) ? try then(m) : try other(m) }
    }

    // MARK: Loops

    func compileWhile(_ conds: [Condition], _ body: [Stmt], _ scope: FnScope, labelID: Int32, _ loc: SourceLocation) -> Exec {
        scope.pushBlock()
        let cond = compileConditions(conds, scope)
        let b = compileBlock(body, scope)
        scope.popBlock()
        return { m in
            while try cond(m) {
                try m.step(loc)
                let f = try b(m)
                switch f {
                case .normal: continue
                case .breakLoop(let id) where id == -1 || id == labelID: return .normal
                case .continueLoop(let id) where id == -1 || id == labelID: continue
                default: return f
                }
            }
            return .normal
        }
    }

    func compileRepeat(_ body: [Stmt], _ cond: Expr, _ scope: FnScope, labelID: Int32, _ loc: SourceLocation) -> Exec {
        let b = compileBlock(body, scope)
        let c = compileConditions([.expression(cond)], scope)
        return { m in
            repeat {
                try m.step(loc)
                let f = try b(m)
                switch f {
                case .normal: break
                case .breakLoop(let id) where id == -1 || id == labelID: return .normal
                case .continueLoop(let id) where id == -1 || id == labelID: break
                default: return f
                }
            } while try c(m)
            return .normal
        }
    }

    /// How a `for`-`in` loop binds each element: the slot a plain name is stored in
    /// directly (nil when the pattern needs more), and the general binding, which answers
    /// false for an element the pattern does not match (`for case .a(let x) in xs`).
    private func compileForInBinding(_ pattern: Pattern, _ scope: FnScope, boundType: RType?)
        -> (bind: (Ctx, Value) throws -> Bool, simpleSlot: Int?) {
        let bind: (Ctx, Value) throws -> Bool
        var simpleSlot: Int? = nil
        switch pattern.kind {
        case .binding(let name, let isVar):
            let l = scope.declare(name, isLet: !isVar, type: isVar ? nil : boundType, binding: pattern.location)
            if !l.boxed { simpleSlot = l.slot }
            let slot = l.slot
            bind = { m, v in m.pointee.fp[slot] = .box(VarBox(v)); return true }
        case .wildcard:
            bind = { _, _ in true }
        case .expression(let e):
            if case .identifier(let name) = e.kind {
                let l = scope.declare(name, isLet: true, type: boundType, binding: pattern.location)
                if !l.boxed { simpleSlot = l.slot }
                let slot = l.slot
                bind = { m, v in m.pointee.fp[slot] = .box(VarBox(v)); return true }
            } else {
                let p = compilePattern(pattern, scope)
                bind = { m, v in try p(m, v) }
            }
        case .tuple:
            let b = compilePatternBindingTargets(pattern, scope, isLet: true)
            bind = { m, v in try b(m, v); return true }
        default:
            let p = compilePattern(pattern, scope)
            bind = { m, v in try p(m, v) }
        }
        return (bind, simpleSlot)
    }

    func compileForIn(_ pattern: Pattern, _ seq: Expr, _ whereClause: Expr?, _ body: [Stmt], _ scope: FnScope,
                      labelID: Int32, _ loc: SourceLocation) -> Exec {
        scope.pushBlock()
        defer { scope.popBlock() }
        // Fast path: `for i in a..<b` with a plain name.
        var rangeParts: (Eval, Eval, Bool)? = nil
        if case .binary(let op, let l, let r) = seq.kind, op == .halfOpenRange || op == .closedRange {
            rangeParts = (compileExpr(l, scope, expected: .int), compileExpr(r, scope, expected: .int), op == .closedRange)
        }
        // A sequence declared `T!` is iterated unwrapped (Optional is no Sequence).
        let seqEval = rangeParts == nil ? compileExpr(implicitUnwrap(seq, scope) ?? seq, scope, expected: nil) : nil
        // The fast path below binds only `Int`s (other bounds are its error), so the name is
        // an `Int` to the typed code (`kinds[(s * 31 + i * 7) % 8]` runs on `IntNode`s).
        let boundType: RType? = rangeParts == nil ? nil : .int
        let (bind, simpleSlot) = compileForInBinding(pattern, scope, boundType: boundType)
        let whereEval: ((Ctx) throws -> Bool)? = whereClause.map { compileConditions([.expression($0)], scope) }
        let b = compileBlock(body, scope)

        let loop = ForInBody(body: b, whereEval: whereEval, labelID: labelID, loc: loc)
        if let (lo, hi, closed) = rangeParts {
            return emitForInRange(lo, hi, closed: closed, bind, simpleSlot, loop, seq.location)
        }
        return emitForInSequence(seqEval!, bind, simpleSlot, loop, seq.location)
    }

    /// `for i in a..<b` and `a...b`: counts in an Int, stored straight into a plain name's slot.
    private func emitForInRange(_ lo: @escaping Eval, _ hi: @escaping Eval, closed: Bool, _ bind: @escaping (Ctx, Value) throws -> Bool,
                                _ simpleSlot: Int?, _ loop: ForInBody, _ loc: SourceLocation) -> Exec {
        // The parts captured one by one: a captured ForInBody cost W1 about 9 instructions an iteration.
        let (body, whereEval, labelID, stepLoc) = (loop.body, loop.whereEval, loop.labelID, loop.loc)
        @inline(__always) func runBody(_ m: Ctx) throws -> Flow? {
            try ForInBody.run(m, body, whereEval, labelID, stepLoc)
        }
        return { [core = Unretained(self)] m in
            let lv = try lo(m), hv = try hi(m)
            guard case .int(let a) = lv, case .int(var z) = hv else {
                // swiftc's first error over a range of Doubles, which has no iterator.
                if case .double = lv { throw core.object.doubleRangeNotSequence(closed: closed, at: stepLoc) }
                if case .double = hv { throw core.object.doubleRangeNotSequence(closed: closed, at: stepLoc) }
                if case .float = lv { throw core.object.doubleRangeNotSequence(closed: closed, bound: "Float", at: stepLoc) }
                if case .float = hv { throw core.object.doubleRangeNotSequence(closed: closed, bound: "Float", at: stepLoc) }
                throw RuntimeError(UnsupportedMessage.rangeBoundsNotInt(core.object.typeName(lv)), at: loc)
            }
            if closed {
                if z < a { throw RuntimeError(TrapMessage.rangeLowerAboveUpper, at: loc) }
                if z == Int.max {
                    // `0...Int.max` has no end past its last element: stop at it (Swift iterates).
                    var i = a
                    while true {
                        if let s = simpleSlot { (m.pointee.fp + s).storeInt(i) } else { _ = try bind(m, .int(i)) }
                        if let f = try runBody(m) { return f }
                        if i == z { return .normal }
                        i += 1
                    }
                }
                z += 1
            } else if z < a {
                throw RuntimeError(TrapMessage.rangeLowerAboveUpper, at: loc)
            }
            var i = a
            while i < z {
                if let s = simpleSlot { (m.pointee.fp + s).storeInt(i) } else { _ = try bind(m, .int(i)) }
                if let f = try runBody(m) { return f }
                i += 1
            }
            return .normal
        }
    }

    /// A loop over any other sequence, by the sequence's kind of value.
    /// A `for` loop over a sequence other than an Array, a range or a String: its flow when
    /// the body leaves the loop, nil when the sequence ends.
    @inline(never)
    fileprivate func forInOtherSequence(_ m: Ctx, _ sv: Value, _ bind: (Ctx, Value) throws -> Bool, _ simpleSlot: Int?,
                                        _ loop: ForInBody, _ seqLoc: SourceLocation) throws -> Flow? {
        let (body, whereEval, labelID, stepLoc) = (loop.body, loop.whereEval, loop.labelID, loop.loc)
        func runBody(_ m: Ctx) throws -> Flow? {
            try ForInBody.run(m, body, whereEval, labelID, stepLoc)
        }
        switch sv {
        case .array(let a):
            // An Array made from a Set's or a Dictionary's elements, in their order.
            let watch = unorderedArrayKind(a).map { UnorderedLoopWatch(self, count: a.count, kind: $0, at: seqLoc) }
            defer { watch?.finish() }
            for x in a.values {
                if let s = simpleSlot { m.pointee.fp[s] = x } else if !(try bind(m, x)) { continue }
                if let f = try runBody(m) { return f }
            }
        case .object(let s as ArraySliceObject):
            let watch = s.unordered.map { UnorderedLoopWatch(self, count: s.elements.count, kind: $0, at: seqLoc) }
            defer { watch?.finish() }
            for x in s.elements {
                if let s = simpleSlot { m.pointee.fp[s] = x } else if !(try bind(m, x)) { continue }
                if let f = try runBody(m) { return f }
            }
        case .object(let z as LazySequenceObject):
            // Element by element: the body runs between the view's closures, as in Swift.
            var flow: Flow? = nil
            try lazyIterate(m, z, seqLoc) { x in
                if let s = simpleSlot { m.pointee.fp[s] = x } else if !(try bind(m, x)) { return true }
                flow = try runBody(m)
                return flow == nil
            }
            if let flow { return flow }
        case .object(let r as ReversedCollection):
            for x in r.elements {
                if let s = simpleSlot { m.pointee.fp[s] = x } else if !(try bind(m, x)) { continue }
                if let f = try runBody(m) { return f }
            }
        case .set(let elements):
            let watch = UnorderedLoopWatch(self, count: elements.count, kind: .set, at: seqLoc)
            defer { watch.finish() }
            for x in elements {
                if let s = simpleSlot { m.pointee.fp[s] = x } else if !(try bind(m, x)) { continue }
                if let f = try runBody(m) { return f }
            }
        case .dictionary(let d):
            let watch = UnorderedLoopWatch(self, count: d.count, kind: .dictionary, at: seqLoc)
            defer { watch.finish() }
            for (k, v) in d {
                let t = Value.tuple(TupleValue(labels: ["key", "value"], elements: [k, v]))
                if let s = simpleSlot { m.pointee.fp[s] = t } else if !(try bind(m, t)) { continue }
                if let f = try runBody(m) { return f }
            }
        case .object(let r as PartialRange) where r.op == .rangeFrom:
            // `for i in 1...`: counts until the body leaves the loop, or traps past Int.max as Swift.
            var i = r.bound
            while true {
                var matched = true
                if let s = simpleSlot { (m.pointee.fp + s).storeInt(i) } else { matched = try bind(m, .int(i)) }
                if matched, let f = try runBody(m) { return f }
                if i == Int.max { throw RuntimeError(TrapMessage.rangeEndHasNoSuccessor, at: seqLoc) }
                i += 1
            }
        case .object(let sub as SubstringObject):
            for ch in sub.text {
                let x = Value.string(String(ch))
                if let s = simpleSlot { m.pointee.fp[s] = x } else if !(try bind(m, x)) { continue }
                if let f = try runBody(m) { return f }
            }
        case .object(let r as DoubleRange):
            throw doubleRangeNotSequence(closed: r.closed, bound: r.boundName, at: stepLoc)
        default:
            throw RuntimeError(ConversionMessage.forInNotSequence(typeName(sv)), at: seqLoc)
        }
        return nil
    }

    private func emitForInSequence(_ seqE: @escaping Eval, _ bind: @escaping (Ctx, Value) throws -> Bool, _ simpleSlot: Int?,
                                   _ loop: ForInBody, _ seqLoc: SourceLocation) -> Exec {
        let (body, whereEval, labelID, stepLoc) = (loop.body, loop.whereEval, loop.labelID, loop.loc)
        @inline(__always) func runBody(_ m: Ctx) throws -> Flow? {
            try ForInBody.run(m, body, whereEval, labelID, stepLoc)
        }
        return { [core = Unretained(self)] m in
            let sv = try seqE(m)
            switch sv {
            case .array(let a):
                // By index, not through `ValueArray.Iterator`: the iterator's element was
                // copied again into the slot, two retains and releases an element where one
                // does (callgrind, W6's `for row in section.rows`).
                // The element goes straight into the slot (a `let` of it was copied again).
                if !core.object.unorderedArrays.isEmpty, core.object.unorderedArrayKind(a) != nil {
                    return try core.object.forInOtherSequence(m, sv, bind, simpleSlot, loop, seqLoc) ?? .normal
                }
                let n = a.count
                var i = 0
                while i < n {
                    defer { i += 1 }
                    if let s = simpleSlot { m.pointee.fp[s] = a[i] } else if !(try bind(m, a[i])) { continue }
                    if let f = try runBody(m) { return f }
                }
            case .range(let l, let u, let c):
                let end = c ? u : u - 1
                if l <= end {
                    for i in l...end {
                        if let s = simpleSlot { (m.pointee.fp + s).storeInt(i) } else if !(try bind(m, .int(i))) { continue }
                        if let f = try runBody(m) { return f }
                    }
                }
            case .string(let str):
                for ch in str {
                    let x = Value.string(String(ch))
                    if let s = simpleSlot { m.pointee.fp[s] = x } else if !(try bind(m, x)) { continue }
                    if let f = try runBody(m) { return f }
                }
            default:
                // The rarer sequences apart: their cases in this closure cost W6's array
                // loop 8 instructions an element (callgrind, the Substring case added).
                if let f = try core.object.forInOtherSequence(m, sv, bind, simpleSlot, loop, seqLoc) { return f }
            }
            return .normal
        }
    }
}

/// A for-in loop's body with its `where` clause and label: run once per element.
struct ForInBody {
    let body: Exec
    let whereEval: ((Ctx) throws -> Bool)?
    let labelID: Int32
    let loc: SourceLocation

    /// Runs the body once; returns nil to continue, or the flow to leave with.
    @inline(__always) static func run(_ m: Ctx, _ body: Exec, _ whereEval: ((Ctx) throws -> Bool)?, _ labelID: Int32,
                                      _ loc: SourceLocation) throws -> Flow? {
        try m.step(loc)
        if let whereEval, !(try whereEval(m)) { return nil }
        let f = try body(m)
        switch f {
        case .normal: return nil
        case .breakLoop(let id) where id == -1 || id == labelID: return .normal
        case .continueLoop(let id) where id == -1 || id == labelID: return nil
        default: return f
        }
    }
}

extension FnScope {
    func findLocalInCurrentBlock(_ name: String) -> Local? { blocks.last?[name] }
}

extension RuntimeError {
    static func wrapping(_ d: Diagnostic) -> RuntimeError {
        var e = RuntimeError(d.content, at: d.location)
        e.diagnostic = d
        return e
    }
}

extension InterpreterCore {
    /// A top-level `guard let x = ... else { ... }`: `x` is a global from there on, as in
    /// Swift's top-level code (the conditions bind it in the statement's own frame; once
    /// they hold, each bound name is copied to its global).
    func guardBindingsAsGlobals(_ conds: [Condition], _ c: @escaping (Ctx) throws -> Bool, _ scope: FnScope) -> (Ctx) throws -> Bool {
        var names: [(isLet: Bool, name: String)] = []
        func bind(_ p: Pattern) {
            switch p.kind {
            case .binding(let n, let isVar): names.append((!isVar, n))
            case .tuple(let items): items.forEach(bind)
            case .optionalSome(let inner), .cast(let inner, _): bind(inner)
            case .enumCase(_, _, let sub): if let sub { bind(sub) }
            case .wildcard, .expression, .typeCheck: break
            }
        }
        for cond in conds {
            switch cond {
            case .optionalBinding(let n, let isVar, _, _): names.append((!isVar, n))
            case .patternMatch(let p, _): bind(p)
            case .expression: break
            }
        }
        let copies: [(local: Int, global: Int)] = names.compactMap { entry in
            guard let l = scope.findLocal(entry.name) else { return nil }
            let g = globalSlot(entry.name)
            journalGlobal(g)
            globalIsLet[g] = entry.isLet
            return (l.slot, g)
        }
        guard !copies.isEmpty else { return c }
        return { m in
            guard try c(m) else { return false }
            for (l, g) in copies {
                var v = m.pointee.fp[l]
                if case .box(let b) = v { v = b.value }
                m.pointee.globals[g] = v
            }
            return true
        }
    }
}
