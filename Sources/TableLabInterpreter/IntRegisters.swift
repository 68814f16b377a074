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
    case call, ret
}

/// One instruction: `a` is the register written (or tested, for the jumps), `b` and `c`
/// the registers read; `k` a constant, a comparison's code or a call site; `c` a jump's
/// offset from the next instruction; `node` the tree node that traps, or a call's cell.
struct IntInstruction {
    var op: IntOp
    var a: Int32 = 0
    var b: Int32 = 0
    var c: Int32 = 0
    var k: Int = 0
    var node: UnsafeRawPointer? = nil
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
        let base = m.pointee.intTop
        if base + code.registerCount > m.pointee.intEnd { return try tree.run(m) }
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

// MARK: Lowering

/// Lowers a typed body's tree, or refuses (nil) when a node has no register form: a
/// dynamic part (`IntChecked`, `ConditionsNode`, `IntDynamicBody`) or a read of a slot
/// other than a parameter.
struct IntRegisterLowering {
    /// More registers than this and the function keeps its tree.
    static let maxRegisters = 200

    private struct Refused: Error {}
    private var code: [IntInstruction] = []
    private var next: Int
    private var high: Int
    private var keep: [AnyObject] = []
    private let paramCount: Int

    private init(paramCount: Int) { self.paramCount = paramCount; next = paramCount; high = paramCount }

    static func lower(_ body: IntNode, paramCount: Int) -> IntRegisterCode? {
        var l = IntRegisterLowering(paramCount: paramCount)
        guard (try? l.lowerReturn(body)) != nil, l.high <= maxRegisters else { return nil }
        return IntRegisterCode(l.code, registerCount: l.high, paramCount: paramCount, keep: l.keep)
    }

    private mutating func alloc(_ n: Int) -> Int {
        let r = next
        next += n
        high = max(high, next)
        return r
    }

    private mutating func emit(_ op: IntOp, _ a: Int = 0, _ b: Int = 0, _ c: Int = 0, k: Int = 0, node: AnyObject? = nil) {
        var i = IntInstruction(op: op, a: Int32(a), b: Int32(b), c: Int32(c), k: k)
        if let node {
            keep.append(node)
            i.node = UnsafeRawPointer(Unmanaged.passUnretained(node).toOpaque())
        }
        code.append(i)
    }

    /// Points the jump at `at` to the next instruction to be emitted.
    private mutating func patch(_ at: Int) {
        code[at].c = Int32(code.count - (at + 1))
    }

    private func slot(_ read: IntSlotRead) throws -> Int {
        guard read.slot < paramCount else { throw Refused() }
        return read.slot
    }

    /// `n` in return position: the function returns its value.
    private mutating func lowerReturn(_ n: IntNode) throws {
        let saved = next
        defer { next = saved }
        if let (then, rest) = try lowerChoiceTest(n) {
            let jump = code.count - 1
            try lowerReturn(then)
            patch(jump)
            try lowerReturn(rest)
            return
        }
        emit(.ret, try operand(n))
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
            try call(x.site, [x.argument], d)
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
        keep.append(site)
        emit(.call, d, first, arguments.count, k: Int(bitPattern: Unmanaged.passUnretained(site).toOpaque()), node: site.cell)
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
func runIntRegisters(_ m: Ctx, _ entry: IntRegisterCode, _ base: UnsafeMutablePointer<Int>) throws -> Int {
    var r = base
    var pc = UnsafePointer(entry.instructions)
    /// Frames this run has pushed above `entry`'s.
    var inner = 0
    defer { m.pointee.intTop = base }
    do {
        while true {
            let i = pc.pointee
            pc += 1
            switch i.op {
            case .constant:
                r[Int(i.a)] = i.k
            case .move:
                r[Int(i.a)] = r[Int(i.b)]
            case .addK:
                let p = r[Int(i.b)]
                let (s, o) = p.addingReportingOverflow(i.k)
                r[Int(i.a)] = o ? try intTrap(i.node, p, i.k) : s
            case .subK:
                let p = r[Int(i.b)]
                let (s, o) = p.subtractingReportingOverflow(i.k)
                r[Int(i.a)] = o ? try intTrap(i.node, p, i.k) : s
            case .mulK:
                let p = r[Int(i.b)]
                let (s, o) = p.multipliedReportingOverflow(by: i.k)
                r[Int(i.a)] = o ? try intTrap(i.node, p, i.k) : s
            case .divK:
                r[Int(i.a)] = r[Int(i.b)] / i.k
            case .remK:
                r[Int(i.a)] = r[Int(i.b)] % i.k
            case .add:
                let p = r[Int(i.b)], q = r[Int(i.c)]
                let (s, o) = p.addingReportingOverflow(q)
                r[Int(i.a)] = o ? try intTrap(i.node, p, q) : s
            case .sub:
                let p = r[Int(i.b)], q = r[Int(i.c)]
                let (s, o) = p.subtractingReportingOverflow(q)
                r[Int(i.a)] = o ? try intTrap(i.node, p, q) : s
            case .mul:
                let p = r[Int(i.b)], q = r[Int(i.c)]
                let (s, o) = p.multipliedReportingOverflow(by: q)
                r[Int(i.a)] = o ? try intTrap(i.node, p, q) : s
            case .div:
                let p = r[Int(i.b)], q = r[Int(i.c)]
                r[Int(i.a)] = q == 0 || (q == -1 && p == Int.min) ? try intTrap(i.node, p, q) : p / q
            case .rem:
                let p = r[Int(i.b)], q = r[Int(i.c)]
                r[Int(i.a)] = q == 0 || (q == -1 && p == Int.min) ? try intTrap(i.node, p, q) : p % q
            case .neg:
                let p = r[Int(i.b)]
                r[Int(i.a)] = p == Int.min ? try intNegateTrap(i.node) : -p
            case .jump:
                pc += Int(i.c)
            case .jumpUnlessLessK:
                if !(r[Int(i.a)] < i.k) { pc += Int(i.c) }
            case .jumpUnlessCompareK:
                if !IntComparisonCode(rawValue: Int(i.b))!.holds(r[Int(i.a)], i.k) { pc += Int(i.c) }
            case .jumpUnlessCompare:
                if !IntComparisonCode(rawValue: i.k)!.holds(r[Int(i.a)], r[Int(i.b)]) { pc += Int(i.c) }
            case .call:
                let args = r + Int(i.b)
                let callee = Unmanaged<FunctionCell>.fromOpaque(i.node!)._withUnsafeGuaranteedRef { $0.registerCode }
                guard let callee,
                      args + callee.guaranteed({ $0.registerCount }) <= m.pointee.intEnd else {
                    r[Int(i.a)] = try intOutCall(m, i, args)
                    continue
                }
                if m.pointee.depth >= m.pointee.maxDepth { throw RuntimeError("stack overflow", at: intCallSite(i).location) }
                m.pointee.steps &+= 1
                if m.pointee.steps >= m.pointee.nextCheck { try m.slowStepCheck(intCallSite(i).location) }
                args[-3] = Int(bitPattern: pc)
                args[-2] = Int(i.b)
                args[-1] = Int(bitPattern: callee.address)
                m.pointee.depth += 1
                inner += 1
                r = args
                pc = callee.guaranteed { UnsafePointer($0.instructions) }
            case .ret:
                let v = r[Int(i.a)]
                if inner == 0 { return v }
                inner -= 1
                m.pointee.depth -= 1
                pc = UnsafePointer(bitPattern: r[-3])!
                r -= r[-2]
                r[Int(pc[-1].a)] = v
            }
        }
    } catch let e as RuntimeError {
        if inner == 0 { throw e }
        // Each frame this run pushed, innermost first: what `invokeInt` does as it unwinds.
        var e = e
        if e.thrown == nil { m.pointee.trapping = true }
        while inner > 0 {
            let code = Unmanaged<IntRegisterCode>.fromOpaque(UnsafeRawPointer(bitPattern: r[-1])!).takeUnretainedValue()
            let site = intCallSite(UnsafePointer<IntInstruction>(bitPattern: r[-3])![-1])
            if let f = code.function { e = Ctx.leavingFrame(e, of: f.object, location: site.location) }
            r -= r[-2]
            inner -= 1
            m.pointee.depth -= 1
        }
        throw e
    } catch {
        m.pointee.depth -= inner
        throw error
    }
}

@inline(__always) private func intCallSite(_ i: IntInstruction) -> IntCallSite {
    Unmanaged<IntCallSite>.fromOpaque(UnsafeRawPointer(bitPattern: i.k)!).takeUnretainedValue()
}

/// An overflow or division trap: the tree node's own (its message and place).
@inline(never) private func intTrap(_ node: UnsafeRawPointer?, _ p: Int, _ q: Int) throws -> Int {
    try Unmanaged<IntOperatorNode>.fromOpaque(node!).takeUnretainedValue().trap(p, q)
}

@inline(never) private func intNegateTrap(_ node: UnsafeRawPointer?) throws -> Int {
    try Unmanaged<IntNegate>.fromOpaque(node!).takeUnretainedValue().overflow()
}

/// A call the loop does not run itself: the way the call's `IntCall` node makes it. The
/// registers above the arguments are free for a loop the callee enters.
@inline(never) private func intOutCall(_ m: Ctx, _ i: IntInstruction, _ args: UnsafeMutablePointer<Int>) throws -> Int {
    let site = intCallSite(i)
    let argc = Int(i.c)
    m.pointee.intTop = args + argc
    guard let entry = site.cell.intEntry else {
        return try site.dynamicCall(m, Array(UnsafeBufferPointer(start: args, count: argc)))
    }
    for j in 0..<argc { m.push(.int(args[j])) }
    return try m.invokeInt(entry, argc: argc, location: site.location)
}
