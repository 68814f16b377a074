// Swift's error handling: `throw`, `do`/`catch`, `try?`, `try!`, and `defer`.
//
// A thrown value travels as a `RuntimeError` whose `thrown` is set, so it unwinds through
// every compiled closure, native builtin (`map` with a throwing closure) and call frame
// exactly as a trap does; `catch` and `try?` stop only errors that carry a value. One
// that escapes the script is Swift's `Fatal error: Error raised at top level: ...`.

import TableLabSyntax
import TableLabExhaustiveness

extension InterpreterCore {
    /// `&+ &- &* & | ^ << >>` on two Ints (Swift's smart shifts: an over-wide or
    /// negative shift amount is defined, never a trap). nil for any other operator.
    func integerOperator(_ op: BinaryOperator, _ p: Int, _ q: Int) -> Int? {
        switch op {
        case .wrappingAdd: return p &+ q
        case .wrappingSubtract: return p &- q
        case .wrappingMultiply: return p &* q
        case .bitAnd: return p & q
        case .bitOr: return p | q
        case .bitXor: return p ^ q
        case .shiftLeft: return p << q
        case .shiftRight: return p >> q
        default: return nil
        }
    }

    /// How Swift names a thrown value in a fatal error (`String(reflecting:)`): a script
    /// type is qualified by the module (`main.E.a`).
    func reflectingDescription(_ v: Value) -> String {
        var out = ""
        if (try? describeChecked(v, debug: true, into: &out, .unknown)) == nil {
            // Swift's name holds what TableLab cannot know (a local type's context address).
            out = describe(v, debug: true)
        }
        return out
    }

    func thrownError(_ v: Value, _ loc: SourceLocation) -> RuntimeError {
        var e = RuntimeError(TrapMessage.errorAtTopLevel(reflectingDescription(v)), at: loc)
        e.thrown = ThrownValue(v)
        return e
    }

    func compileThrow(_ e: Expr, _ scope: FnScope, _ loc: SourceLocation) -> Exec {
        let ev = compileExpr(e, scope, expected: nil)
        return { [core = Unretained(self)] m in
            let v = try ev(m)
            switch v {
            case .enumCase, .payloadCase, .structValue: break
            default:
                throw RuntimeError(ConversionMessage.thrownNotError(core.object.typeName(v)), at: e.location)
            }
            throw core.object.thrownError(v, loc)
        }
    }

    /// `try? e`: nil when `e` throws, else its value as an Optional (Swift 5 flattens: an
    /// Optional result stays as it is). `try! e`: a thrown error traps.
    func compileTryMark(_ mark: TryMark, _ x: Expr, _ scope: FnScope, _ loc: SourceLocation, expected: RType?) -> Eval {
        switch mark {
        case .optional:
            var inner = expected
            if let e = expected, case .optional(let w) = e { inner = w }
            let ev = compileExpr(x, scope, expected: inner)
            return { m in
                do {
                    let v = try ev(m)
                    switch v {
                    case .wrapped, .nilValue: return v
                    default: return .wrapped(v)
                    }
                } catch let e as RuntimeError where e.thrown != nil {
                    return .nilValue
                }
            }
        case .forced:
            let ev = compileExpr(x, scope, expected: expected)
            return { [core = Unretained(self)] m in
                do {
                    return try ev(m)
                } catch let e as RuntimeError {
                    guard let v = e.thrown?.value else { throw e }
                    throw RuntimeError(TrapMessage.tryForceRaised(core.object.reflectingDescription(v)), at: loc)
                }
            }
        }
    }

    /// One pattern of a `catch` clause with its cast and `where`.
    private struct CatchTest {
        let match: PatternMatch?
        let castType: RType?
        let condition: ((Ctx) throws -> Bool)?
    }

    private struct CompiledCatch {
        /// Any of them matching runs the body: `catch E.a, E.b {` has two.
        let tests: [CatchTest]
        let errorSlot: Int?
        let errorBoxed: Bool
        let body: Exec
    }

    /// Whether a thrown value passes one pattern of a clause; its names are bound when it does.
    private static func passes(_ t: CatchTest, _ v: Value, _ m: Ctx, _ core: Unretained<InterpreterCore>) throws -> Bool {
        if let type = t.castType, core.object.coerce(v, to: type) == nil { return false }
        if let match = t.match, !(try match(m, v)) { return false }
        if let condition = t.condition, !(try condition(m)) { return false }
        return true
    }

    func compileDoCatch(_ body: [Stmt], _ catches: [CatchClause], _ scope: FnScope) -> Exec {
        let b = compileBlock(body, scope)
        var clauses: [CompiledCatch] = []
        for c in catches {
            scope.pushBlock()
            var tests: [CatchTest] = []
            var slot: Int?
            var boxed = false
            if let p = c.pattern {
                let castType = c.castType.map { resolveType($0) }
                let match = compileCaseBodyPattern(p, scope)
                let condition = c.guardExpr.map { compileConditions([.expression($0)], scope) }
                tests.append(CatchTest(match: match, castType: castType, condition: condition))
            } else {
                let l = scope.declare("error", isLet: true, type: nil, at: c.location, caseBody: true)
                slot = l.slot; boxed = l.boxed
                tests.append(CatchTest(match: nil, castType: nil, condition: c.guardExpr.map { compileConditions([.expression($0)], scope) }))
            }
            for more in c.morePatterns {
                let castType = more.castType.map { resolveType($0) }
                let match = compileCaseBodyPattern(more.pattern, scope)
                let condition = more.guardExpr.map { compileConditions([.expression($0)], scope) }
                tests.append(CatchTest(match: match, castType: castType, condition: condition))
            }
            let exec = compileBlock(c.body, scope)
            scope.popBlock()
            clauses.append(CompiledCatch(tests: tests, errorSlot: slot, errorBoxed: boxed, body: exec))
        }
        return { [core = Unretained(self)] m in
            do {
                return try b(m)
            } catch let e as RuntimeError {
                guard let v = e.thrown?.value else { throw e }
                for c in clauses {
                    if let slot = c.errorSlot { m.pointee.fp[slot] = c.errorBoxed ? .box(VarBox(v)) : v }
                    for t in c.tests where try InterpreterCore.passes(t, v, m, core) { return try c.body(m) }
                }
                throw e
            }
        }
    }

    /// The statements of a block from its first `defer` on: the statements before it, then
    /// the ones after it with the deferred body run however they end (normally, by
    /// `return`/`break`/`continue`, or by an error), the result of a `return` kept.
    func compileDeferring(_ stmts: [Stmt], at d: Int, _ scope: FnScope, tailReturn: Bool) -> Exec {
        guard case .defer(let deferred) = stmts[d].kind else { fatalError("not a defer") }
        // Nested functions are visible in the whole block.
        let boxes = predeclareNestedFunctions(stmts, scope)
        let before = d > 0 ? compileStatements(Array(stmts[..<d]), scope) : nil
        scope.pushBlock()
        let deferredExec = compileStatements(deferred, scope)
        scope.popBlock()
        let after = compileStatements(Array(stmts[(d + 1)...]), scope, tailReturn: tailReturn)
        let guarded: Exec = { m in
            let flow: Flow
            do {
                flow = try after(m)
            } catch {
                let saved = m.pointee.returnValue
                _ = try deferredExec(m)
                m.pointee.returnValue = saved
                throw error
            }
            let saved = m.pointee.returnValue
            _ = try deferredExec(m)
            m.pointee.returnValue = saved
            return flow
        }
        guard let before else { return makingBoxes(boxes, guarded) }
        return makingBoxes(boxes) { m in
            let f = try before(m)
            if !f.isNormal { return f }
            return try guarded(m)
        }
    }
}
