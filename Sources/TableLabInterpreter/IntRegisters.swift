// Typed `Int` functions as flat register code (issue 16, W5's calls). A function whose
// typed body (IntCode.swift) is made only of `Int` arithmetic, comparisons, choices and
// calls of other `Int` functions is lowered from its `IntNode` tree to a flat array of
// three-address instructions over raw `Int` registers, run by one loop. A call between two
// such functions stays inside the loop: the callee's frame starts at the caller's argument
// registers (no copy in), the return address is kept in three linkage registers below
// them, and no native call, `Value` frame or error handler is set up per call. The tree
// stays the function's reference: each instruction is one node of it, in the tree's
// evaluation order, and every trap goes through that node (its message, its place).
//
// A call keeps `invokeInt`'s checks in its order: the depth limit ("stack overflow" at the
// call), then the step count and its periodic check, then the frame; an error leaving a
// frame gets that frame's trace entry (`Machine.leavingFrame`). A callee without register
// code (not compiled yet, redeclared, or with a dynamic part), or a frame that would not
// fit the register stack, is called the way its `IntCall` node calls it. Registers live on
// a stack of their own (`Machine.intTop`): a loop entered again through such a call takes
// the registers above its caller's.

import TableLabSyntax

enum IntOp: UInt8 {
    case constant, move
    case addK, subK, mulK, divK, remK
    case add, sub, mul, div, rem, neg
    case jump, jumpUnlessLessK, jumpUnlessCompareK, jumpUnlessCompare
    /// `call`: `a` the result's register, `b` the first argument's, `c` the count.
    /// `callOffset`: one argument, `r[c] + k` (`f(n - 1)`), computed by the call itself.
    case call, callOffset, ret
    /// `return r[b] + r[c]`: the sum's node traps.
    case addRet
    /// `if r[a] < k { return r[b] }` (`if n < 2 { return n }`): the test, the jump past the
    /// branch and its return in one instruction (W5's `fib`: one dispatch fewer a call).
    case retIfLessK
}

/// One instruction: `a` is the register written (or tested, for the jumps), `b` and `c`
/// the registers read; `k` a constant or a comparison's code; `c` a jump's offset from the
/// next instruction; `node` the tree node that traps, or a call's cell; `site` a call's
/// `IntCallSite` (`IntCall1SlotOffset` node for `callOffset`). 32 bytes.
struct IntInstruction {
    var op: IntOp
    var a: Int16 = 0
    var b: Int16 = 0
    var c: Int16 = 0
    var k: Int = 0
    var node: UnsafeRawPointer? = nil
    var site: UnsafeRawPointer? = nil
}

/// A function's register code. The nodes and call sites its instructions point at are
/// kept alive here; the code itself by the function's `intBody`.
final class IntRegisterCode {
    let instructions: UnsafeMutablePointer<IntInstruction>
    let count: Int
    /// The frame: parameters first, then temporaries, linkage and call arguments.
    let registerCount: Int
    let paramCount: Int
    private let keep: [AnyObject]
    /// The compiled function, for an error's trace entry (set once it exists).
    var function: Unretained<CompiledFunction>? = nil

    init(_ code: [IntInstruction], registerCount: Int, paramCount: Int, keep: [AnyObject]) {
        count = code.count
        instructions = .allocate(capacity: code.count)
        instructions.initialize(from: code, count: code.count)
        self.registerCount = registerCount; self.paramCount = paramCount; self.keep = keep
    }
    deinit {
        instructions.deinitialize(count: count)
        instructions.deallocate()
    }
}

/// The `intBody` of a function with register code: its parameters are read from the
/// `Value` frame every caller has set up, then the loop runs. The tree answers instead
/// when the registers would not fit (never in practice: the depth limit comes first).
final class IntRegisterBody: IntNode {
    let tree: IntNode
    let code: IntRegisterCode
    init(_ tree: IntNode, _ code: IntRegisterCode) { self.tree = tree; self.code = code }

    override func run(_ m: Ctx) throws -> Int {
        var base = m.pointee.intTop
        if base + code.registerCount > m.pointee.intEnd {
            guard allocateIntRegisters(m) else { return try tree.run(m) }
            base = m.pointee.intTop
        }
        let fp = m.pointee.fp
        var i = 0
        while i < code.paramCount {
            guard case .int(let x) = fp[i] else { return try tree.run(m) }
            base[i] = x
            i += 1
        }
        return try runIntRegisters(m, code, base)
    }
}

/// The register stack, on the first run of register code (no loop is running then, so no
/// frame points into the placeholder); false when it exists already.
@inline(never) private func allocateIntRegisters(_ m: Ctx) -> Bool {
    guard !m.pointee.intRegistersAllocated else { return false }
    m.pointee.intTop.deallocate()
    let registers = UnsafeMutablePointer<Int>.allocate(capacity: InterpreterCore.intRegisters)
    m.pointee.intTop = registers
    m.pointee.intEnd = registers + InterpreterCore.intRegisters
    m.pointee.intRegistersAllocated = true
    return true
}

// MARK: Lowering

/// Lowers a typed body's tree, or refuses (nil) when a node has no register form: a
/// dynamic part (`IntChecked`, `ConditionsNode`, `IntDynamicBody`) or a read of a slot
/// other than a parameter.
struct IntRegisterLowering {
    /// More registers or instructions than these and the function keeps its tree.
    static let maxRegisters = 200
    static let maxInstructions = 30_000

    private struct Refused: Error {}
    private var code: [IntInstruction] = []
    private var next: Int
    private var high: Int
    private var keep: [AnyObject] = []
    private let paramCount: Int

    private init(paramCount: Int) { self.paramCount = paramCount; next = paramCount; high = paramCount }

    static func lower(_ body: IntNode, paramCount: Int) -> IntRegisterCode? {
        var l = IntRegisterLowering(paramCount: paramCount)
        guard (try? l.lowerReturn(body)) != nil, l.high <= maxRegisters, l.code.count <= maxInstructions else { return nil }
        return IntRegisterCode(l.code, registerCount: l.high, paramCount: paramCount, keep: l.keep)
    }

    private mutating func alloc(_ n: Int) -> Int {
        let r = next
        next += n
        high = max(high, next)
        return r
    }

    private mutating func emit(_ op: IntOp, _ a: Int = 0, _ b: Int = 0, _ c: Int = 0, k: Int = 0,
                               node: AnyObject? = nil, site: AnyObject? = nil) {
        // Registers are at most `maxRegisters`; an offset past Int16 is refused at the end
        // (`maxInstructions`), so truncating here never reaches a run.
        var i = IntInstruction(op: op, a: Int16(truncatingIfNeeded: a), b: Int16(truncatingIfNeeded: b),
                               c: Int16(truncatingIfNeeded: c), k: k)
        if let node { keep.append(node); i.node = uncountedAddress(node) }
        if let site { keep.append(site); i.site = uncountedAddress(site) }
        code.append(i)
    }

    /// Points the jump at `at` to the next instruction to be emitted.
    private mutating func patch(_ at: Int) {
        code[at].c = Int16(truncatingIfNeeded: code.count - (at + 1))
    }

    private func slot(_ read: IntSlotRead) throws -> Int {
        guard read.slot < paramCount else { throw Refused() }
        return read.slot
    }

    /// `n` in return position: the function returns its value.
    private mutating func lowerReturn(_ n: IntNode) throws {
        let saved = next
        defer { next = saved }
        if let c = n as? IntChoiceSlotLessThan, let then = c.then as? IntSlotRead, c.read.slot < paramCount, then.slot < paramCount {
            emit(.retIfLessK, c.read.slot, then.slot, k: c.k)
            try lowerReturn(c.rest)
            return
        }
        if let (then, rest) = try lowerChoiceTest(n) {
            let jump = code.count - 1
            try lowerReturn(then)
            patch(jump)
            try lowerReturn(rest)
            return
        }
        let value = try operand(n)
        // `return p + q`: the sum and the return in one instruction.
        if let last = code.last, last.op == .add, Int(last.a) == value, value >= paramCount {
            code[code.count - 1].op = .addRet
            return
        }
        emit(.ret, value)
    }

    /// For a choice node, its test as a jump taken when the test is false (the last
    /// instruction emitted), and the two branches; nil for any other node.
    private mutating func lowerChoiceTest(_ n: IntNode) throws -> (IntNode, IntNode)? {
        if let c = n as? IntChoiceSlotLessThan {
            emit(.jumpUnlessLessK, try slot(c.read), k: c.k)
            return (c.then, c.rest)
        }
        guard let c = n as? IntChoice else { return nil }
        let saved = next
        defer { next = saved }
        switch c.cond {
        case let t as IntSlotLessThanConstant:
            emit(.jumpUnlessLessK, try slot(t.read), k: t.k)
        case let t as IntSlotGreaterThanConstant:
            emit(.jumpUnlessCompareK, try slot(t.read), IntComparisonCode.greater.rawValue, k: t.k)
        case let t as IntSlotEqualToConstant:
            emit(.jumpUnlessCompareK, try slot(t.read), IntComparisonCode.equal.rawValue, k: t.k)
        case let t as IntSlotComparedToConstant:
            emit(.jumpUnlessCompareK, try slot(t.read), IntComparisonCode(t.op).rawValue, k: t.k)
        case let t as IntComparison:
            let p = try operand(t.a), q = try operand(t.b)
            emit(.jumpUnlessCompare, p, q, k: IntComparisonCode(t.op).rawValue)
        default:
            throw Refused()
        }
        return (c.then, c.rest)
    }

    /// A register holding `n`'s value: a parameter's own, or a temporary it is computed into.
    private mutating func operand(_ n: IntNode) throws -> Int {
        if let s = n as? IntSlotRead { return try slot(s) }
        let t = alloc(1)
        try into(n, t)
        return t
    }

    /// Computes `n` into register `d`, in the tree's order.
    private mutating func into(_ n: IntNode, _ d: Int) throws {
        let saved = next
        defer { next = saved }
        if let (then, rest) = try lowerChoiceTest(n) {
            let test = code.count - 1
            try into(then, d)
            let jump = code.count
            emit(.jump)
            patch(test)
            try into(rest, d)
            patch(jump)
            return
        }
        switch n {
        case let x as IntConstant:
            emit(.constant, d, k: x.k)
        case let x as IntSlotRead:
            emit(.move, d, try slot(x))
        case let x as IntSlotPlusConstant:
            emit(.addK, d, try slot(x.read), k: x.k, node: x)
        case let x as IntSlotMinusConstant:
            emit(.subK, d, try slot(x.read), k: x.k, node: x)
        case let x as IntSlotTimesConstant:
            emit(.mulK, d, try slot(x.read), k: x.k, node: x)
        case let x as IntByConstant:
            emit(x.remainder ? .remK : .divK, d, try operand(x.a), k: x.k)
        case let x as IntAddOfProducts:
            // Each product traps through its own node, the sum through this one.
            let p = alloc(1)
            emit(.mulK, p, try slot(x.x.read), k: x.x.k, node: x.x)
            let q = alloc(1)
            emit(.mulK, q, try slot(x.y.read), k: x.y.k, node: x.y)
            emit(.add, d, p, q, node: x)
        case let x as IntNegate:
            emit(.neg, d, try operand(x.a), node: x)
        case let x as IntBinaryNode:
            let op: IntOp
            switch x {
            case is IntAdd: op = .add
            case is IntSubtract: op = .sub
            case is IntMultiply: op = .mul
            case is IntDivide: op = .div
            case is IntRemainder: op = .rem
            default: throw Refused()
            }
            let p = try operand(x.a), q = try operand(x.b)
            emit(op, d, p, q, node: x)
        case let x as IntCall1:
            try call(x.site, [x.a0], d)
        case let x as IntCall1SlotOffset:
            // The argument computed by the call (as the node does): one dispatch fewer.
            guard x.slot < paramCount else { throw Refused() }
            _ = alloc(3)
            let first = alloc(1)
            emit(.callOffset, d, first, x.slot, k: x.delta, node: x.site.cell, site: x)
        case let x as IntCall2:
            try call(x.site, [x.a0, x.a1], d)
        case let x as IntCall3:
            try call(x.site, [x.a0, x.a1, x.a2], d)
        default:
            throw Refused()
        }
    }

    /// A call: three linkage registers, then the arguments in consecutive registers (the
    /// callee's frame starts at the first), each computed in order; the result into `d`.
    /// Every register the caller still needs is below the arguments.
    private mutating func call(_ site: IntCallSite, _ arguments: [IntNode], _ d: Int) throws {
        _ = alloc(3)
        let first = alloc(arguments.count)
        for (j, a) in arguments.enumerated() { try into(a, first + j) }
        emit(.call, d, first, arguments.count, node: site.cell, site: site)
    }
}

/// A comparison of a register-code jump.
enum IntComparisonCode: Int {
    case less, lessEqual, greater, greaterEqual, equal, notEqual

    init(_ op: BinaryOperator) {
        switch op {
        case .less: self = .less
        case .lessEqual: self = .lessEqual
        case .greater: self = .greater
        case .greaterEqual: self = .greaterEqual
        case .equal: self = .equal
        default: self = .notEqual
        }
    }

    @inline(__always) func holds(_ p: Int, _ q: Int) -> Bool {
        switch self {
        case .less: return p < q
        case .lessEqual: return p <= q
        case .greater: return p > q
        case .greaterEqual: return p >= q
        case .equal: return p == q
        case .notEqual: return p != q
        }
    }
}

// MARK: Running

/// Runs `entry` with its parameters in `base`'s first registers; answers its result.
///
/// A frame the loop pushes starts at its arguments, `r`; below them, in the caller's
/// registers, `r[-3]` is the return address, `r[-2]` the caller's `r` and `r[-1]` the
/// callee's code. The depth is kept in a local while the loop runs, and given back to the
/// machine before anything outside the loop can read it.
func runIntRegisters(_ m: Ctx, _ entry: IntRegisterCode, _ base: UnsafeMutablePointer<Int>) throws -> Int {
    var r = base
    var pc = UnsafePointer(entry.instructions)
    let entryDepth = m.pointee.depth, maxDepth = m.pointee.maxDepth
    // Every frame is at most `maxRegisters` registers past its arguments, which lie
    // inside its caller's frame: below this depth the next frame fits the register stack
    // (past it a call leaves the loop, and a loop entered there checks its own room).
    let framesThatFit = (m.pointee.intEnd - base) / IntRegisterLowering.maxRegisters - 2
    let depthLimit = min(maxDepth, entryDepth + max(framesThatFit, 0))
    var depth = entryDepth
    defer {
        m.pointee.intTop = base
        m.pointee.depth = entryDepth
    }
    do {
        while true {
            let i = pc
            pc += 1
            switch i.pointee.op {
            case .constant:
                r[Int(i.pointee.a)] = i.pointee.k
            case .move:
                r[Int(i.pointee.a)] = r[Int(i.pointee.b)]
            case .addK:
                let p = r[Int(i.pointee.b)], q = i.pointee.k
                let (s, o) = p.addingReportingOverflow(q)
                r[Int(i.pointee.a)] = o ? try intTrap(i.pointee.node, p, q) : s
            case .subK:
                let p = r[Int(i.pointee.b)], q = i.pointee.k
                let (s, o) = p.subtractingReportingOverflow(q)
                r[Int(i.pointee.a)] = o ? try intTrap(i.pointee.node, p, q) : s
            case .mulK:
                let p = r[Int(i.pointee.b)], q = i.pointee.k
                let (s, o) = p.multipliedReportingOverflow(by: q)
                r[Int(i.pointee.a)] = o ? try intTrap(i.pointee.node, p, q) : s
            case .divK:
                r[Int(i.pointee.a)] = r[Int(i.pointee.b)] / i.pointee.k
            case .remK:
                r[Int(i.pointee.a)] = r[Int(i.pointee.b)] % i.pointee.k
            case .add:
                let p = r[Int(i.pointee.b)], q = r[Int(i.pointee.c)]
                let (s, o) = p.addingReportingOverflow(q)
                r[Int(i.pointee.a)] = o ? try intTrap(i.pointee.node, p, q) : s
            case .sub:
                let p = r[Int(i.pointee.b)], q = r[Int(i.pointee.c)]
                let (s, o) = p.subtractingReportingOverflow(q)
                r[Int(i.pointee.a)] = o ? try intTrap(i.pointee.node, p, q) : s
            case .mul:
                let p = r[Int(i.pointee.b)], q = r[Int(i.pointee.c)]
                let (s, o) = p.multipliedReportingOverflow(by: q)
                r[Int(i.pointee.a)] = o ? try intTrap(i.pointee.node, p, q) : s
            case .div:
                let p = r[Int(i.pointee.b)], q = r[Int(i.pointee.c)]
                r[Int(i.pointee.a)] = q == 0 || (q == -1 && p == Int.min) ? try intTrap(i.pointee.node, p, q) : p / q
            case .rem:
                let p = r[Int(i.pointee.b)], q = r[Int(i.pointee.c)]
                r[Int(i.pointee.a)] = q == 0 || (q == -1 && p == Int.min) ? try intTrap(i.pointee.node, p, q) : p % q
            case .neg:
                let p = r[Int(i.pointee.b)]
                r[Int(i.pointee.a)] = p == Int.min ? try intNegateTrap(i.pointee.node) : -p
            case .jump:
                pc += Int(i.pointee.c)
            case .jumpUnlessLessK:
                if !(r[Int(i.pointee.a)] < i.pointee.k) { pc += Int(i.pointee.c) }
            case .jumpUnlessCompareK:
                if !IntComparisonCode(rawValue: Int(i.pointee.b))!.holds(r[Int(i.pointee.a)], i.pointee.k) { pc += Int(i.pointee.c) }
            case .jumpUnlessCompare:
                if !IntComparisonCode(rawValue: i.pointee.k)!.holds(r[Int(i.pointee.a)], r[Int(i.pointee.b)]) { pc += Int(i.pointee.c) }
            case .call, .callOffset:
                let args = r + Int(i.pointee.b)
                if i.pointee.op == .callOffset {
                    let p = r[Int(i.pointee.c)]
                    let (s, o) = p.addingReportingOverflow(i.pointee.k)
                    args[0] = o ? try intOffsetTrap(i.pointee.site, p) : s
                }
                let callee = withUncountedObject(at: i.pointee.node!, as: FunctionCell.self) { $0.registerCode }
                // `invokeInt`'s order: the depth, then the step and its periodic check.
                // Below `depthLimit` both the depth and the registers have room.
                guard let callee, depth < depthLimit else {
                    if callee != nil, depth >= maxDepth { throw RuntimeError(LimitMessage.stackOverflow, at: intCallSite(i).location) }
                    m.pointee.depth = depth
                    r[Int(i.pointee.a)] = try intOutCall(m, i, args)
                    continue
                }
                m.pointee.steps &+= 1
                if m.pointee.steps >= m.pointee.nextCheck { try m.slowStepCheck(intCallSite(i).location) }
                args[-3] = Int(bitPattern: pc)
                args[-2] = Int(bitPattern: r)
                args[-1] = Int(bitPattern: callee.address)
                depth += 1
                r = args
                pc = callee.guaranteed { UnsafePointer($0.instructions) }
            case .retIfLessK:
                guard r[Int(i.pointee.a)] < i.pointee.k else { continue }
                let v = r[Int(i.pointee.b)]
                if r == base { return v }
                depth -= 1
                pc = UnsafePointer(bitPattern: r[-3]).unsafelyUnwrapped
                r = UnsafeMutablePointer(bitPattern: r[-2]).unsafelyUnwrapped
                r[Int(pc[-1].a)] = v
            case .ret, .addRet:
                let v: Int
                if i.pointee.op == .addRet {
                    let p = r[Int(i.pointee.b)], q = r[Int(i.pointee.c)]
                    let (s, o) = p.addingReportingOverflow(q)
                    v = o ? try intTrap(i.pointee.node, p, q) : s
                } else {
                    v = r[Int(i.pointee.a)]
                }
                if r == base { return v }
                depth -= 1
                pc = UnsafePointer(bitPattern: r[-3]).unsafelyUnwrapped
                r = UnsafeMutablePointer(bitPattern: r[-2]).unsafelyUnwrapped
                r[Int(pc[-1].a)] = v
            }
        }
    } catch let e as RuntimeError {
        throw unwound(e, m, from: r, to: base)
    }
}

/// `e` as it leaves each frame the loop pushed, innermost first, from the frame at `r`
/// down to `base`: what `invokeInt` does as it unwinds.
private func unwound(_ e: RuntimeError, _ m: Ctx, from r: UnsafeMutablePointer<Int>, to base: UnsafeMutablePointer<Int>) -> RuntimeError {
    var e = e, r = r
    if r != base, e.thrown == nil { m.pointee.trapping = true }
    while r != base {
        let code = uncountedObject(at: UnsafeRawPointer(bitPattern: r[-1]).unsafelyUnwrapped, as: IntRegisterCode.self)
        let site = intCallSite(UnsafePointer<IntInstruction>(bitPattern: r[-3]).unsafelyUnwrapped - 1)
        if let f = code.function { e = Ctx.leavingFrame(e, of: f.object, location: site.location) }
        r = UnsafeMutablePointer(bitPattern: r[-2]).unsafelyUnwrapped
    }
    return e
}

/// The `IntCallSite` of a `call` or `callOffset` instruction.
private func intCallSite(_ i: UnsafePointer<IntInstruction>) -> IntCallSite {
    if i.pointee.op == .callOffset {
        return uncountedObject(at: i.pointee.site!, as: IntCall1SlotOffset.self).site
    }
    return uncountedObject(at: i.pointee.site!, as: IntCallSite.self)
}

/// An overflow or division trap: the tree node's own (its message and place).
@inline(never) private func intTrap(_ node: UnsafeRawPointer?, _ p: Int, _ q: Int) throws -> Int {
    try uncountedObject(at: node!, as: IntOperatorNode.self).trap(p, q)
}

@inline(never) private func intNegateTrap(_ node: UnsafeRawPointer?) throws -> Int {
    try uncountedObject(at: node!, as: IntNegate.self).overflow()
}

/// `callOffset`'s argument overflowed: its node's trap (`n + k` or `n - k`).
@inline(never) private func intOffsetTrap(_ site: UnsafeRawPointer?, _ p: Int) throws -> Int {
    switch uncountedObject(at: site!, as: IntCall1SlotOffset.self).argument {
    case let a as IntSlotPlusConstant: return try a.trap(p, a.k)
    case let a as IntSlotMinusConstant: return try a.trap(p, a.k)
    default: preconditionFailure("a slot offset's argument is a slot plus or minus a constant")
    }
}

/// A call the loop does not run itself: the way the call's `IntCall` node makes it. The
/// registers above the arguments are free for a loop the callee enters.
@inline(never) private func intOutCall(_ m: Ctx, _ i: UnsafePointer<IntInstruction>, _ args: UnsafeMutablePointer<Int>) throws -> Int {
    let site = intCallSite(i)
    let argc = i.pointee.op == .callOffset ? 1 : Int(i.pointee.c)
    m.pointee.intTop = args + argc
    guard let entry = site.cell.intEntry else {
        return try site.dynamicCall(m, Array(UnsafeBufferPointer(start: args, count: argc)))
    }
    for j in 0..<argc { m.push(.int(args[j])) }
    return try m.invokeInt(entry, argc: argc, location: site.location)
}
