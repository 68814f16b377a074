// Typed, unboxed code for `Int` (issue 16, first step). Where the annotations say an
// expression is an `Int` (a literal, a parameter or `let` declared `Int`, `+ - * / %` and
// unary `-` of such, a call to a global function whose parameters and result are all
// `Int`), it compiles to `IntNode`s: raw `Int`s between the nodes, Swift's trapping
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

extension InterpreterCore {
    /// A typed `Int` expression with a typed call in it, in a context that wants a `Value`.
    func compileBoxedInt(_ e: Expr, _ scope: FnScope) -> Eval? {
        guard isTypedIntCallTree(e, scope) else { return nil }
        let node = compileInt(e, scope)
        return { m in .int(try node.run(m)) }
    }

    /// Compiles an expression `isStaticInt` accepted.
    func compileInt(_ e: Expr, _ scope: FnScope) -> IntNode {
        let loc = e.location
        switch e.kind {
        case .integer(let k):
            return IntConstant(k)
        case .identifier:
            return IntSlotRead(readOf: e, self, scope)
        case .unary(_, let x):
            if case .integer(let k) = x.kind { return IntConstant(-k) }
            return IntNegate(compileInt(x, scope), loc)
        case .binary(let op, let l, let r):
            return compileIntArithmetic(op, l, r, scope, loc)
        case .call(let callee, let args):
            return compileIntCall(intCallTarget(callee, args, scope)!, args, scope, loc)
        case .ternary(let c, let a, let b):
            // The dynamic ternary's order: the condition, then the branch taken.
            let cond = compileIntCondition([.expression(c)], scope)
            return IntChoice.make(cond, compileInt(a, scope), compileInt(b, scope))
        default:
            preconditionFailure("compileInt of an expression isStaticInt refused")
        }
    }

    /// An `Int` where the dynamic path gave a `Value`: anything else means the typed code
    /// was compiled against a declaration that has changed since.
    func intResult(_ v: Value, _ loc: SourceLocation) throws -> Int {
        if case .int(let x) = v { return x }
        throw RuntimeError(UnsupportedMessage.staleIntCode(typeName(v)), at: loc)
    }

    private func compileIntArithmetic(_ op: BinaryOperator, _ l: Expr, _ r: Expr, _ scope: FnScope,
                                      _ loc: SourceLocation) -> IntNode {
        let a = compileInt(l, scope)
        switch intArithmeticPlan(op, l, r) {
        case .slotWithConstant(let k):
            let read = a as! IntSlotRead
            switch op {
            case .add: return IntSlotPlusConstant(read, k, op, self, loc)
            case .subtract: return IntSlotMinusConstant(read, k, op, self, loc)
            default: return IntSlotTimesConstant(read, k, op, self, loc)
            }
        case .byConstant(let k):
            return IntByConstant(a, k, op == .remainder)
        case .general:
            break
        }
        let b = compileInt(r, scope)
        switch op {
        case .add:
            // `s * 31 + i * 7`: both products inside the sum's node (two node calls fewer).
            if let x = a as? IntSlotTimesConstant, let y = b as? IntSlotTimesConstant, x.op == .multiply, y.op == .multiply {
                return IntAddOfProducts(x, y, op, self, loc)
            }
            return IntAdd(a, b, op, self, loc)
        case .subtract: return IntSubtract(a, b, op, self, loc)
        case .multiply: return IntMultiply(a, b, op, self, loc)
        case .divide: return IntDivide(a, b, op, self, loc)
        default: return IntRemainder(a, b, op, self, loc)
        }
    }

    /// A call to a global function with an `Int` signature: the arguments are raw `Int`s
    /// held in Swift locals while the others are evaluated, then written to the callee's
    /// frame; the callee's `intBody` answers a raw `Int`. The frame, depth, stack, step and
    /// interrupt checks and the error trace are the dynamic call's (`invokeInt`).
    private func compileIntCall(_ cell: FunctionCell, _ args: [Argument], _ scope: FnScope, _ loc: SourceLocation) -> IntNode {
        let nodes = args.map { compileInt($0.value, scope) }
        let site = IntCallSite(self, cell, args.map(\.value.location), loc)
        switch nodes.count {
        case 1:
            // `f(n - 1)`: the argument is computed in the call's own code.
            if let offset = intArgumentSlotOffset(args[0].value) {
                let read = (nodes[0] as? IntSlotPlusConstant)?.read ?? (nodes[0] as! IntSlotMinusConstant).read
                return IntCall1SlotOffset(site, nodes[0], read.slot, offset)
            }
            return IntCall1(site, nodes[0])
        case 2: return IntCall2(site, nodes[0], nodes[1])
        default: return IntCall3(site, nodes[0], nodes[1], nodes[2])
        }
    }

    /// The `intBody` of a function with an `Int` signature whose body is one expression or
    /// a chain of `if ... { return a }` ending in `return b` (`compileReturnChain`'s shapes);
    /// nil for any other body, which is then compiled the dynamic way.
    func compileIntBody(_ body: [Stmt], _ scope: FnScope) -> IntNode? {
        if body.count == 1, case .expression(let e) = body[0].kind { return compileIntReturn(e, scope) }
        guard returnChainShape(body[...]) else { return nil }
        return buildIntReturnChain(body[...], scope)
    }

    /// `return e` in a function returning `Int`: typed when `e` is statically an `Int`,
    /// else the dynamic value with the dynamic path's return check.
    private func compileIntReturn(_ e: Expr, _ scope: FnScope) -> IntNode {
        if isStaticInt(e, scope) { return compileInt(e, scope) }
        return IntChecked(compileExpr(e, scope, expected: .int), self, e.location)
    }

    /// `buildReturnChain` with raw `Int` results: the same blocks and conditions, in the
    /// same order, so slots and diagnostics come out as the dynamic form's.
    private func buildIntReturnChain(_ stmts: ArraySlice<Stmt>, _ scope: FnScope) -> IntNode {
        let first = stmts[stmts.startIndex]
        if case .return(let e?) = first.kind { return compileIntReturn(e, scope) }
        guard case .if(let i) = first.kind, i.then.count == 1, case .return(let thenValue?) = i.then[0].kind else {
            preconditionFailure("checked by returnChainShape")
        }
        scope.pushBlock()
        let cond = compileIntCondition(i.conditions, scope)
        scope.pushBlock()
        let then = compileIntReturn(thenValue, scope)
        scope.popBlock()
        scope.popBlock()
        let rest: IntNode
        if let o = i.otherwise {
            scope.pushBlock()
            rest = buildIntReturnChain(o[...], scope)
            scope.popBlock()
        } else {
            rest = buildIntReturnChain(stmts.dropFirst(), scope)
        }
        return IntChoice.make(cond, then, rest)
    }

    /// A condition of a typed body: a comparison of two typed `Int`s is typed too.
    func compileIntCondition(_ conditions: [Condition], _ scope: FnScope) -> BoolNode {
        if case .comparison(let op, let l, let r, let slotAndConstant) = intConditionPlan(conditions, scope) {
            let a = compileInt(l, scope), b = compileInt(r, scope)
            if let k = slotAndConstant {
                let read = a as! IntSlotRead
                switch op {
                case .less: return IntSlotLessThanConstant(read, k)
                case .greater: return IntSlotGreaterThanConstant(read, k)
                case .equal: return IntSlotEqualToConstant(read, k)
                default: return IntSlotComparedToConstant(read, op, k)
                }
            }
            return IntComparison(a, op, b)
        }
        return ConditionsNode(CondBox(run: compileConditions(conditions, scope)))
    }
}

// MARK: Nodes
//
// Typed code is a tree of objects rather than of closures: a call through a class's
// method table passes one pointer, where a closure's forwarder first unpacks every value
// it captured (for a call site: the argument's closure, the cell, the site, the location).

class IntNode {
    func run(_ m: Ctx) throws -> Int { preconditionFailure("IntNode.run is abstract") }
}

final class IntConstant: IntNode {
    let k: Int
    init(_ k: Int) { self.k = k }
    override func run(_ m: Ctx) throws -> Int { k }
}

/// A parameter or `let` declared `Int`, not captured by reference: its slot holds the `Int`.
final class IntSlotRead: IntNode {
    let slot: Int
    /// The dynamic read, for a slot that does not hold an `Int` (never, while the
    /// annotations hold).
    let slow: Eval
    let coreRef: Unretained<InterpreterCore>
    var core: InterpreterCore { coreRef.object }
    let loc: SourceLocation
    init(readOf e: Expr, _ core: InterpreterCore, _ scope: FnScope) {
        guard case .identifier(let name) = e.kind, let l = scope.findLocal(name) else { preconditionFailure("a typed local") }
        slot = l.slot; slow = core.compileExpr(e, scope, expected: .int); self.coreRef = Unretained(core); loc = e.location
    }
    @inline(__always) func read(_ m: Ctx) throws -> Int {
        if case .int(let x) = m.pointee.fp[slot] { return x }
        return try slowRead(m)
    }
    @inline(never) func slowRead(_ m: Ctx) throws -> Int { try core.intResult(try slow(m), loc) }
    override func run(_ m: Ctx) throws -> Int { try read(m) }
}

final class IntNegate: IntNode {
    let a: IntNode
    let loc: SourceLocation
    init(_ a: IntNode, _ loc: SourceLocation) { self.a = a; self.loc = loc }
    override func run(_ m: Ctx) throws -> Int {
        let v = try a.run(m)
        if v == Int.min { return try overflow() }
        return -v
    }
    @inline(never) func overflow() throws -> Int { throw RuntimeError(TrapMessage.arithmeticOverflow, at: loc) }
}

/// A binary operator: its traps (overflow, division by zero) are the dynamic operator's
/// messages at its location.
class IntOperatorNode: IntNode {
    let op: BinaryOperator
    let coreRef: Unretained<InterpreterCore>
    var core: InterpreterCore { coreRef.object }
    let loc: SourceLocation
    init(_ op: BinaryOperator, _ core: InterpreterCore, _ loc: SourceLocation) { self.op = op; self.coreRef = Unretained(core); self.loc = loc }
    @inline(never) final func trap(_ p: Int, _ q: Int) throws -> Int {
        guard case .int(let s) = try core.arith(op, .int(p), .int(q), loc) else { return 0 }
        return s
    }
}

final class IntSlotPlusConstant: IntOperatorNode {
    let read: IntSlotRead, k: Int
    init(_ read: IntSlotRead, _ k: Int, _ op: BinaryOperator, _ core: InterpreterCore, _ loc: SourceLocation) {
        self.read = read; self.k = k; super.init(op, core, loc)
    }
    override func run(_ m: Ctx) throws -> Int {
        let p = try read.read(m)
        let (s, o) = p.addingReportingOverflow(k)
        return o ? try trap(p, k) : s
    }
}

final class IntSlotMinusConstant: IntOperatorNode {
    let read: IntSlotRead, k: Int
    init(_ read: IntSlotRead, _ k: Int, _ op: BinaryOperator, _ core: InterpreterCore, _ loc: SourceLocation) {
        self.read = read; self.k = k; super.init(op, core, loc)
    }
    override func run(_ m: Ctx) throws -> Int {
        let p = try read.read(m)
        let (s, o) = p.subtractingReportingOverflow(k)
        return o ? try trap(p, k) : s
    }
}

final class IntSlotTimesConstant: IntOperatorNode {
    let read: IntSlotRead, k: Int
    init(_ read: IntSlotRead, _ k: Int, _ op: BinaryOperator, _ core: InterpreterCore, _ loc: SourceLocation) {
        self.read = read; self.k = k; super.init(op, core, loc)
    }
    override func run(_ m: Ctx) throws -> Int {
        let p = try read.read(m)
        let (s, o) = p.multipliedReportingOverflow(by: k)
        return o ? try trap(p, k) : s
    }
}

/// `x % k` and `x / k` with a literal `k` that is neither 0 nor -1: nothing to trap.
final class IntByConstant: IntNode {
    let a: IntNode, k: Int, remainder: Bool
    init(_ a: IntNode, _ k: Int, _ remainder: Bool) { self.a = a; self.k = k; self.remainder = remainder }
    override func run(_ m: Ctx) throws -> Int {
        let p = try a.run(m)
        return remainder ? p % k : p / k
    }
}

class IntBinaryNode: IntOperatorNode {
    let a: IntNode, b: IntNode
    init(_ a: IntNode, _ b: IntNode, _ op: BinaryOperator, _ core: InterpreterCore, _ loc: SourceLocation) {
        self.a = a; self.b = b; super.init(op, core, loc)
    }
}

final class IntAdd: IntBinaryNode {
    override func run(_ m: Ctx) throws -> Int {
        let p = try a.run(m), q = try b.run(m)
        let (s, o) = p.addingReportingOverflow(q)
        return o ? try trap(p, q) : s
    }
}

/// `IntAdd` of two `IntSlotTimesConstant`s, each product computed here; an overflow goes
/// through the operand's node (the same check, its message and place).
final class IntAddOfProducts: IntOperatorNode {
    let x: IntSlotTimesConstant, y: IntSlotTimesConstant
    init(_ x: IntSlotTimesConstant, _ y: IntSlotTimesConstant, _ op: BinaryOperator, _ core: InterpreterCore, _ loc: SourceLocation) {
        self.x = x; self.y = y; super.init(op, core, loc)
    }
    override func run(_ m: Ctx) throws -> Int {
        let p0 = try x.read.read(m)
        let (p, o1) = p0.multipliedReportingOverflow(by: x.k)
        let q0 = try y.read.read(m)
        let (q, o2) = q0.multipliedReportingOverflow(by: y.k)
        if o1 || o2 { return try slowRun(m) }
        let (s, o) = p.addingReportingOverflow(q)
        return o ? try trap(p, q) : s
    }
    @inline(never) func slowRun(_ m: Ctx) throws -> Int {
        let p = try x.run(m), q = try y.run(m)
        let (s, o) = p.addingReportingOverflow(q)
        return o ? try trap(p, q) : s
    }
}

final class IntSubtract: IntBinaryNode {
    override func run(_ m: Ctx) throws -> Int {
        let p = try a.run(m), q = try b.run(m)
        let (s, o) = p.subtractingReportingOverflow(q)
        return o ? try trap(p, q) : s
    }
}

final class IntMultiply: IntBinaryNode {
    override func run(_ m: Ctx) throws -> Int {
        let p = try a.run(m), q = try b.run(m)
        let (s, o) = p.multipliedReportingOverflow(by: q)
        return o ? try trap(p, q) : s
    }
}

final class IntDivide: IntBinaryNode {
    override func run(_ m: Ctx) throws -> Int {
        let p = try a.run(m), q = try b.run(m)
        if q == 0 || (q == -1 && p == Int.min) { return try trap(p, q) }
        return p / q
    }
}

final class IntRemainder: IntBinaryNode {
    override func run(_ m: Ctx) throws -> Int {
        let p = try a.run(m), q = try b.run(m)
        if q == 0 || (q == -1 && p == Int.min) { return try trap(p, q) }
        return p % q
    }
}

/// `if c { return a }; return b` of a typed body, and `c ? a : b`.
final class IntChoice: IntNode {
    let cond: BoolNode, then: IntNode, rest: IntNode
    init(_ cond: BoolNode, _ then: IntNode, _ rest: IntNode) { self.cond = cond; self.then = then; self.rest = rest }
    override func run(_ m: Ctx) throws -> Int { try cond.test(m) ? try then.run(m) : try rest.run(m) }

    /// The choice's node: `n < k` is tested inside it (one node call fewer per run: about
    /// 15 instructions of W5's 160 a call).
    static func make(_ cond: BoolNode, _ then: IntNode, _ rest: IntNode) -> IntNode {
        if let c = cond as? IntSlotLessThanConstant { return IntChoiceSlotLessThan(c.read, c.k, then, rest) }
        return IntChoice(cond, then, rest)
    }
}

/// `IntChoice` on `slot < k`.
final class IntChoiceSlotLessThan: IntNode {
    let read: IntSlotRead, k: Int, then: IntNode, rest: IntNode
    init(_ read: IntSlotRead, _ k: Int, _ then: IntNode, _ rest: IntNode) { self.read = read; self.k = k; self.then = then; self.rest = rest }
    override func run(_ m: Ctx) throws -> Int { try read.read(m) < k ? try then.run(m) : try rest.run(m) }
}

class BoolNode {
    func test(_ m: Ctx) throws -> Bool { preconditionFailure("BoolNode.test is abstract") }
}

/// Conditions compiled the dynamic way (`if let`, `&&`, a `Bool` call, ...).
final class ConditionsNode: BoolNode {
    let conditions: CondBox
    init(_ conditions: CondBox) { self.conditions = conditions }
    override func test(_ m: Ctx) throws -> Bool { try conditions.run(m) }
}

@inline(__always) private func compareInts(_ op: BinaryOperator, _ p: Int, _ q: Int) -> Bool {
    switch op {
    case .less: return p < q
    case .lessEqual: return p <= q
    case .greater: return p > q
    case .greaterEqual: return p >= q
    case .equal: return p == q
    default: return p != q
    }
}

final class IntComparison: BoolNode {
    let a: IntNode, op: BinaryOperator, b: IntNode
    init(_ a: IntNode, _ op: BinaryOperator, _ b: IntNode) { self.a = a; self.op = op; self.b = b }
    override func test(_ m: Ctx) throws -> Bool {
        let p = try a.run(m), q = try b.run(m)
        return compareInts(op, p, q)
    }
}

/// `n < 2`, `n > 2`, `n == 2`: the slot is read in place, the comparison known.
final class IntSlotLessThanConstant: BoolNode {
    let read: IntSlotRead, k: Int
    init(_ read: IntSlotRead, _ k: Int) { self.read = read; self.k = k }
    override func test(_ m: Ctx) throws -> Bool { try read.read(m) < k }
}

final class IntSlotGreaterThanConstant: BoolNode {
    let read: IntSlotRead, k: Int
    init(_ read: IntSlotRead, _ k: Int) { self.read = read; self.k = k }
    override func test(_ m: Ctx) throws -> Bool { try read.read(m) > k }
}

final class IntSlotEqualToConstant: BoolNode {
    let read: IntSlotRead, k: Int
    init(_ read: IntSlotRead, _ k: Int) { self.read = read; self.k = k }
    override func test(_ m: Ctx) throws -> Bool { try read.read(m) == k }
}

/// `n <= 2` and the others: the slot is read in place.
final class IntSlotComparedToConstant: BoolNode {
    let read: IntSlotRead, op: BinaryOperator, k: Int
    init(_ read: IntSlotRead, _ op: BinaryOperator, _ k: Int) { self.read = read; self.op = op; self.k = k }
    override func test(_ m: Ctx) throws -> Bool { compareInts(op, try read.read(m), k) }
}

/// A value of the dynamic path returned where an `Int` is declared: the dynamic return check.
final class IntChecked: IntNode {
    let ev: Eval
    let coreRef: Unretained<InterpreterCore>
    var core: InterpreterCore { coreRef.object }
    let loc: SourceLocation
    init(_ ev: @escaping Eval, _ core: InterpreterCore, _ loc: SourceLocation) { self.ev = ev; self.coreRef = Unretained(core); self.loc = loc }
    override func run(_ m: Ctx) throws -> Int {
        let v = try ev(m)
        if case .int(let x) = v { return x }
        return try core.intResult(try core.checkReturn(v, .int, location: loc), loc)
    }
}

/// The body of a function with an `Int` signature that is compiled the dynamic way.
final class IntDynamicBody: IntNode {
    let body: Eval
    let coreRef: Unretained<InterpreterCore>
    var core: InterpreterCore { coreRef.object }
    let loc: SourceLocation
    init(_ body: @escaping Eval, _ core: InterpreterCore, _ loc: SourceLocation) { self.body = body; self.coreRef = Unretained(core); self.loc = loc }
    override func run(_ m: Ctx) throws -> Int { try core.intResult(try body(m), loc) }
}

final class IntCall1: IntNode {
    let site: IntCallSite, a0: IntNode
    init(_ site: IntCallSite, _ a0: IntNode) { self.site = site; self.a0 = a0 }
    override func run(_ m: Ctx) throws -> Int {
        let x0 = try a0.run(m)
        guard let entry = site.cell.intEntry else { return try site.dynamicCall(m, [x0]) }
        m.push(.int(x0))
        return try m.invokeInt(entry, argc: 1, location: site.location)
    }
}

/// `IntCall1` of `slot + delta` (`f(n - 1)`): the argument without a node call of its
/// own; an overflow goes through the argument's node, for its message and place.
final class IntCall1SlotOffset: IntNode {
    let site: IntCallSite, argument: IntNode, slot: Int, delta: Int
    init(_ site: IntCallSite, _ argument: IntNode, _ slot: Int, _ delta: Int) {
        self.site = site; self.argument = argument; self.slot = slot; self.delta = delta
    }
    override func run(_ m: Ctx) throws -> Int {
        let x0: Int
        if case .int(let p) = m.pointee.fp[slot] {
            let (s, o) = p.addingReportingOverflow(delta)
            x0 = o ? try argument.run(m) : s
        } else {
            x0 = try argument.run(m)
        }
        guard let entry = site.cell.intEntry else { return try site.dynamicCall(m, [x0]) }
        m.push(.int(x0))
        return try m.invokeInt(entry, argc: 1, location: site.location)
    }
}

final class IntCall2: IntNode {
    let site: IntCallSite, a0: IntNode, a1: IntNode
    init(_ site: IntCallSite, _ a0: IntNode, _ a1: IntNode) { self.site = site; self.a0 = a0; self.a1 = a1 }
    override func run(_ m: Ctx) throws -> Int {
        let x0 = try a0.run(m), x1 = try a1.run(m)
        guard let entry = site.cell.intEntry else { return try site.dynamicCall(m, [x0, x1]) }
        m.push(.int(x0)); m.push(.int(x1))
        return try m.invokeInt(entry, argc: 2, location: site.location)
    }
}

final class IntCall3: IntNode {
    let site: IntCallSite, a0: IntNode, a1: IntNode, a2: IntNode
    init(_ site: IntCallSite, _ a0: IntNode, _ a1: IntNode, _ a2: IntNode) { self.site = site; self.a0 = a0; self.a1 = a1; self.a2 = a2 }
    override func run(_ m: Ctx) throws -> Int {
        let x0 = try a0.run(m), x1 = try a1.run(m), x2 = try a2.run(m)
        guard let entry = site.cell.intEntry else { return try site.dynamicCall(m, [x0, x1, x2]) }
        m.push(.int(x0)); m.push(.int(x1)); m.push(.int(x2))
        return try m.invokeInt(entry, argc: 3, location: site.location)
    }
}

/// What a typed call site needs only off its fast path.
final class IntCallSite {
    let coreRef: Unretained<InterpreterCore>
    var core: InterpreterCore { coreRef.object }
    let cell: FunctionCell
    let argumentLocations: [SourceLocation]
    let location: SourceLocation

    init(_ core: InterpreterCore, _ cell: FunctionCell, _ argumentLocations: [SourceLocation], _ location: SourceLocation) {
        self.coreRef = Unretained(core); self.cell = cell; self.argumentLocations = argumentLocations; self.location = location
    }

    /// The first call (the callee compiles now), or a callee redeclared without an `Int`
    /// signature: the dynamic call, with its argument checks.
    @inline(never) func dynamicCall(_ m: Ctx, _ args: [Int]) throws -> Int {
        if let native = cell.native {
            let v = try RuntimeError.placingHostErrors(at: location) { try native(args.map { .int($0) }) }
            return try core.intResult(v, location)
        }
        guard let f = cell.compiled ?? core.compiled(cell) else {
            throw RuntimeError(LookupMessage.cannotFindInScope(cell.baseName), at: location)
        }
        if let entry = IntEntry(f) {
            for x in args { m.push(.int(x)) }
            return try m.invokeInt(entry, argc: args.count, location: location)
        }
        guard f.paramCount == args.count, f.genericInfo == nil else {
            throw RuntimeError(UnsupportedMessage.staleParameters(cell.fullName), at: location)
        }
        for (i, x) in args.enumerated() {
            var v = Value.int(x)
            if let t = f.paramTypes[i] { v = try core.checkArgument(v, t, argumentLocations[i], of: f, callee: location) }
            m.push(v)
        }
        return try core.intResult(try m.invoke(f, argc: args.count, location: location), location)
    }
}

/// What a typed call needs of its callee, without reference counting: the function is
/// kept alive by its cell's `compiled`, the body by the function.
struct IntEntry {
    let function: Unretained<CompiledFunction>
    let body: Unretained<IntNode>
    let frameSize: Int
    /// The frame holds only the `Int` parameters: nothing to release when it ends.
    let trivialSlots: Bool

    init?(_ f: CompiledFunction) {
        guard let body = f.intBody else { return nil }
        function = Unretained(f)
        self.body = Unretained(body)
        frameSize = f.frameSize
        trivialSlots = f.intFrameIsTrivial
    }
}
