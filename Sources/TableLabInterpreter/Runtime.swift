// The machine state that compiled code runs against. It lives behind an unsafe pointer
// (`Ctx`) rather than in class properties: every local-variable access goes through it,
// and class `var`s would pay Swift's dynamic exclusivity checks on each access.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization
import TableLabSyntax
import TableLabExhaustiveness

typealias Ctx = UnsafeMutablePointer<Machine>
typealias Eval = (Ctx) throws -> Value
typealias Exec = (Ctx) throws -> Flow

/// Closures kept in arrays are wrapped so that calls skip reabstraction thunks.
struct EvalBox { let run: Eval }
struct ExecBox { let run: Exec }
struct CondBox { let run: (Ctx) throws -> Bool }

/// How a statement finished.
enum Flow: Equatable {
    case normal
    case returned
    /// `break`/`continue` with a label id; -1 targets the innermost loop (or switch for break).
    case breakLoop(Int32)
    case continueLoop(Int32)
    case fallthroughCase

    @inline(__always) var isNormal: Bool { if case .normal = self { return true }; return false }
    @inline(__always) var isReturn: Bool { if case .returned = self { return true }; return false }
    @inline(__always) var isFallthrough: Bool { if case .fallthroughCase = self { return true }; return false }
}

/// A run-time error on its way up: the diagnostic grows its trace while unwinding calls.
struct RuntimeError: Error {
    var diagnostic: Diagnostic
    /// Calls left out of the trace (deep recursion would list thousands).
    var omittedFrames = 0
    /// The value of a script's `throw` (Errors.swift): `catch` and `try?` take it; a
    /// trap (no value) is never caught.
    var thrown: ThrownValue? = nil
    /// A host's property read before it was set, whose default the host does not know:
    /// an assignment that replaces it may go ahead without the old value.
    var isUnsetHostValue = false
    /// Found at a function's entry about the arguments its caller gave (a generic class's
    /// type argument): placed at the call as the frame is left.
    var placedAtCall = false

    static let traceLimit = 12

    mutating func addTrace(_ function: String) {
        if diagnostic.trace.count < Self.traceLimit {
            diagnostic.trace.append("in \(function)")
        } else {
            omittedFrames += 1
        }
    }

    /// Gives the diagnostic, and its notes that have none, the file of the code it happened in.
    mutating func placed(in file: SourceFile) {
        diagnostic.file = file
        for i in diagnostic.notes.indices where diagnostic.notes[i].file == nil { diagnostic.notes[i].file = file }
    }

    /// The diagnostic with a last line counting the calls left out.
    var finished: Diagnostic {
        var d = diagnostic
        if omittedFrames > 0 { d.trace.append("... \(omittedFrames) more calls") }
        return d
    }
    /// Generic and out of line (an `any DiagnosticMessage` is opened): errors are thrown
    /// from hot loops and closures, and boxing the message as an existential there (an
    /// allocation when its cases carry several Strings) made the code around them larger:
    /// W5's register loop ran 1% more instructions.
    @inline(never)
    init<Message: DiagnosticMessage>(_ message: Message, at location: SourceLocation, notes: [Diagnostic] = []) {
        diagnostic = Diagnostic(.error, message, at: location, notes: notes)
    }

    /// Runs a host function (a native builtin, a native object's member or method): the
    /// host throws its errors with no location (`Interpreter.runtimeError`), and they are
    /// placed at the call that ran it, notes included.
    @inline(__always)
    static func placingHostErrors<T>(at location: SourceLocation, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch var e as RuntimeError where e.diagnostic.location == .unknown {
            e.diagnostic.location = location
            for i in e.diagnostic.notes.indices where e.diagnostic.notes[i].location == .unknown {
                e.diagnostic.notes[i].location = location
            }
            throw e
        } catch let d as Diagnostic where d.location == .unknown {
            throw placedAtCall(d, location)
        }
    }

    /// An error with no place that a host call into the script finished as a diagnostic
    /// (a nested run: `tap(0, 0)` whose didSelectRow(at:) overflowed the stack), placed
    /// at the script's call that led to it. Its file is left to the frame around that
    /// call, whose code the place is in.
    static func placedAtCall(_ d: Diagnostic, _ location: SourceLocation) -> RuntimeError {
        var placed = d
        placed.location = location
        placed.file = nil
        for i in placed.notes.indices where placed.notes[i].location == .unknown {
            placed.notes[i].location = location
            placed.notes[i].file = nil
        }
        return RuntimeError.wrapping(placed)
    }
}

struct Machine {
    /// Current frame's first slot.
    var fp: UnsafeMutablePointer<Value>
    /// First free slot; arguments are pushed here.
    var sp: UnsafeMutablePointer<Value>
    let stackBase: UnsafeMutablePointer<Value>
    let stackEnd: UnsafeMutablePointer<Value>
    var globals: UnsafeMutablePointer<Value>
    var globalCapacity: Int
    /// The first free register of typed register code (IntRegisters.swift), and the end
    /// of their stack: one placeholder register until register code first runs
    /// (`allocateIntRegisters`), so a script without such code maps nothing.
    var intTop: UnsafeMutablePointer<Int>
    var intEnd: UnsafeMutablePointer<Int>
    var intRegistersAllocated = false
    /// Captured variables of the closure being run.
    var env: [VarBox]
    var returnValue: Value
    var depth: Int
    var maxDepth: Int
    var steps: Int
    var nextCheck: Int
    var maxSteps: Int
    /// Lowest native stack address we allow before reporting `stack overflow`.
    var nativeStackLimit: UInt
    /// `--max-memory`, in bytes.
    var memoryBudget: Int
    /// A trap is on its way out of the run: Swift runs no `deinit` then (Deinit.swift).
    var trapping = false
    /// A trap inside a `deinit` (or a lazy view's closure run by a conversion), raised at the
    /// next step or when the run ends (Deinit.swift).
    var deinitError: RuntimeError? = nil
    /// The types calls are made for, where a generic parameter appears only in the called
    /// function's result (`let c = tableView.dequeue(for: i) as SettingCell`): the frame
    /// depth the callee runs at, its full name and the type (ReturnTypeGenerics.swift).
    var resultTypeHints: [(depth: Int, function: String, type: RType)] = []
}

/// Set from any thread or a signal handler (a lock-free atomic store is async-signal-safe);
/// read by running code every `stepCheckInterval` steps. One per process, as SIGINT is.
let interruptRequested = Atomic<Int32>(0)

let stepCheckInterval = 4096
/// The memory budget is checked once in this many steps (a multiple of the interval).
let memoryCheckMask = (1 << 16) - 1

extension UnsafeMutablePointer where Pointee == Machine {
    @inline(__always) func step(_ location: SourceLocation) throws {
        pointee.steps &+= 1
        if pointee.steps >= pointee.nextCheck { try slowStepCheck(location) }
    }

    @inline(never) func slowStepCheck(_ location: SourceLocation) throws {
        if let e = pointee.deinitError {
            pointee.deinitError = nil
            throw e
        }
        if interruptRequested.exchange(0, ordering: .relaxed) != 0 {
            throw RuntimeError(LimitMessage.interrupted, at: location)
        }
        if pointee.steps > pointee.maxSteps {
            throw RuntimeError(LimitMessage.stepLimit(pointee.maxSteps), at: location)
        }
        if pointee.steps & memoryCheckMask < stepCheckInterval { try memoryCheck(location) }
        pointee.nextCheck = Swift.min(pointee.steps + stepCheckInterval, pointee.maxSteps + 1)
    }

    /// Ends the lifetimes of a frame's slots, the last declared first as Swift does (the
    /// order a `deinit` of each shows). A plain loop lets the compiler inline the enum's
    /// destroy (a tag test for ints and enum cases) instead of going through
    /// `swift_arrayDestroy` and the value witness table. A `deinit` may run code while a
    /// slot goes: `sp` must still be above `to`, so that its frames are pushed above.
    @inline(__always) func destroySlots(_ from: UnsafeMutablePointer<Value>, _ to: UnsafeMutablePointer<Value>) {
        var p = to
        while p > from { p -= 1; Teardown.releaseChain(&p.pointee); p.deinitialize(count: 1) }
    }

    @inline(__always) func push(_ v: Value) {
        pointee.sp.initialize(to: v)
        pointee.sp += 1
    }

    /// Pushes `v`'s value and leaves `.void` in `v`, with no copy kept elsewhere: a
    /// mutating method's `self` (a copy held by the caller until the call ends made the
    /// method find `self`'s arrays shared, and each `items.append(x)` in it copied the
    /// whole array).
    @inline(__always) func push(moving v: inout Value) {
        pointee.sp.initialize(to: .void)
        swap(&pointee.sp.pointee, &v)
        pointee.sp += 1
    }

    /// Runs `f` with its `argc` arguments already pushed and returns its result.
    @inline(__always)
    func invoke(_ f: CompiledFunction, argc: Int, location: SourceLocation) throws -> Value {
        try withFrame(f, argc: argc, location: location) { _ in try f.body(self) }
    }

    /// Like `invoke` for a method whose self is the last pushed value; `selfOut` (given
    /// `()`) gets self as the method left it, also when the method fails: a mutating
    /// method that appends, then fails, leaves its variable appended to, as in Swift.
    @inline(__always)
    func invokeMethod(_ f: CompiledFunction, argc: Int, location: SourceLocation, selfOut: inout Value) throws -> Value {
        try _withUnprotectedUnsafeMutablePointer(to: &selfOut) { out in
            try withFrame(f, argc: argc, location: location, selfOut: out) { _ in try f.body(self) }
        }
    }

    /// Whether `withFrame` would refuse a call of `f` ("stack overflow") whose frame starts
    /// `argumentsBelow` slots below the top of the stack: code that skips a frame takes the
    /// framed path then, for its error.
    @inline(__always)
    func frameWouldOverflow(_ f: CompiledFunction, argumentsBelow argc: Int) -> Bool {
        let base = pointee.sp - argc
        let here = nativeStackAddress()
        return base + f.frameSize >= pointee.stackEnd || pointee.depth >= pointee.maxDepth || here < pointee.nativeStackLimit
    }

    /// The frame around one call: the depth and stack checks, the callee's slots, the
    /// step count, and the trace entry when the call fails. `run` gets the frame's base.
    /// `selfOut`: where self (the last argument) goes when the frame ends, however it ends.
    @inline(__always)
    private func withFrame<R>(_ f: CompiledFunction, argc: Int, location: SourceLocation,
                              selfOut: UnsafeMutablePointer<Value>? = nil,
                              _ run: (UnsafeMutablePointer<Value>) throws -> R) throws -> R {
        let base = pointee.sp - argc
        let size = f.frameSize
        let here = nativeStackAddress()
        if base + size >= pointee.stackEnd || pointee.depth >= pointee.maxDepth || here < pointee.nativeStackLimit {
            if let selfOut { swap(&selfOut.pointee, &base[argc - 1]) }
            throw RuntimeError(LimitMessage.stackOverflow, at: location)
        }
        if size > argc { var p = base + argc; let e = base + size; while p < e { p.initialize(to: .void); p += 1 } }
        pointee.sp = base + size
        let savedFP = pointee.fp
        pointee.fp = base
        pointee.depth += 1
        pointee.steps &+= 1
        defer {
            if let selfOut { swap(&selfOut.pointee, &base[argc - 1]) }
            destroySlots(base, pointee.sp)
            pointee.sp = base
            pointee.fp = savedFP
            pointee.depth -= 1
        }
        if pointee.steps >= pointee.nextCheck { try slowStepCheck(location) }
        do {
            return try run(base)
        } catch let e as RuntimeError {
            if e.thrown == nil { pointee.trapping = true }
            throw Self.leavingFrame(e, of: f, location: location)
        }
    }

    /// `invoke` of a function whose frame is its one parameter (`borrowsArgument`), with
    /// the caller's unboxed local at `argument` as that parameter: the callee's frame
    /// pointer is the caller's slot, so the argument is neither copied in nor destroyed
    /// after (W3's `heightForRow(item)`). The parameter is a `let` the body never writes
    /// and the caller's local cannot change while the caller waits, so the body sees what
    /// a copy would hold. `withFrame`'s depth, stack, step and interrupt checks and its
    /// error trace are kept; the stack check counts the slot a pushed argument would take.
    @inline(__always)
    func invokeBorrowing(_ f: CompiledFunction, argument: UnsafeMutablePointer<Value>, location: SourceLocation) throws -> Value {
        let here = nativeStackAddress()
        if pointee.sp + 1 >= pointee.stackEnd || pointee.depth >= pointee.maxDepth || here < pointee.nativeStackLimit {
            throw RuntimeError(LimitMessage.stackOverflow, at: location)
        }
        let savedFP = pointee.fp
        pointee.fp = argument
        pointee.depth += 1
        pointee.steps &+= 1
        defer {
            pointee.fp = savedFP
            pointee.depth -= 1
        }
        if pointee.steps >= pointee.nextCheck { try slowStepCheck(location) }
        do {
            return try f.body(self)
        } catch let e as RuntimeError {
            if e.thrown == nil { pointee.trapping = true }
            throw Self.leavingFrame(e, of: f, location: location)
        }
    }

    /// `invokeMethod` of a method that borrows `self` (`CompiledFunction.borrowsSelf`),
    /// its `argc - 1` arguments pushed, with the class instance in the caller's unboxed
    /// local at `selfAt` as `self`: the reference's bits are copied into the frame without
    /// a retain, and the frame ends with them overwritten, not released. The caller's
    /// local keeps the instance alive: it cannot change while the caller waits, and the
    /// method never replaces or boxes its `self`. `withFrame`'s checks, steps and error
    /// trace are the same.
    @inline(__always)
    func invokeMethodBorrowingSelf(_ f: CompiledFunction, argc: Int, selfAt: UnsafeMutablePointer<Value>,
                                   location: SourceLocation) throws -> Value {
        let selfSlot = pointee.sp
        borrowBits(of: selfAt, into: selfSlot)
        pointee.sp += 1
        let base = pointee.sp - argc
        let size = f.frameSize
        let here = nativeStackAddress()
        if base + size >= pointee.stackEnd || pointee.depth >= pointee.maxDepth || here < pointee.nativeStackLimit {
            selfSlot.initialize(to: .void)
            throw RuntimeError(LimitMessage.stackOverflow, at: location)
        }
        if size > argc { var p = base + argc; let e = base + size; while p < e { p.initialize(to: .void); p += 1 } }
        pointee.sp = base + size
        let savedFP = pointee.fp
        pointee.fp = base
        pointee.depth += 1
        pointee.steps &+= 1
        defer {
            selfSlot.initialize(to: .void)
            destroySlots(base, pointee.sp)
            pointee.sp = base
            pointee.fp = savedFP
            pointee.depth -= 1
        }
        if pointee.steps >= pointee.nextCheck { try slowStepCheck(location) }
        do {
            return try f.body(self)
        } catch let e as RuntimeError {
            if e.thrown == nil { pointee.trapping = true }
            throw Self.leavingFrame(e, of: f, location: location)
        }
    }

    /// An error on its way out of `f`'s frame: its trace entry, or for a framework method
    /// the script's call as its place.
    @inline(never)
    static func leavingFrame(_ error: RuntimeError, of f: CompiledFunction, location: SourceLocation) -> RuntimeError {
        var e = error
        if e.placedAtCall {
            // About the caller's arguments: at its call, in its file (the caller's frame names it).
            e.placedAtCall = false
            e.diagnostic.location = location
            return e
        }
        if f.placesErrorsAtCaller {
            // A framework method failed: at the script's call, no frames inside it.
            e.diagnostic.location = location
            e.diagnostic.file = nil
            for i in e.diagnostic.notes.indices { e.diagnostic.notes[i].file = nil }
            e.diagnostic.trace = []
            e.omittedFrames = 0
        } else {
            // The innermost frame names the file: the error happened in its code.
            if e.diagnostic.file == nil, let file = f.file { e.placed(in: file) }
            if !f.isTopLevelStatement {
                e.addTrace(f.name)
            } else if e.diagnostic.trace.count >= RuntimeError.traceLimit {
                e.omittedFrames += 1
            }
        }
        return e
    }

    /// `invoke` of a function with an `Int` signature, its `Int` arguments already pushed,
    /// answering its raw result (IntCode.swift): `withFrame`'s checks and steps, written
    /// out so that nothing is retained or called through a closure on the way.
    @inline(__always)
    func invokeInt(_ entry: IntEntry, argc: Int, location: SourceLocation) throws -> Int {
        let base = pointee.sp - argc
        let size = entry.frameSize
        let here = nativeStackAddress()
        if base + size >= pointee.stackEnd || pointee.depth >= pointee.maxDepth || here < pointee.nativeStackLimit {
            throw RuntimeError(LimitMessage.stackOverflow, at: location)
        }
        if size > argc { var p = base + argc; let e = base + size; while p < e { p.initialize(to: .void); p += 1 } }
        pointee.sp = base + size
        let savedFP = pointee.fp
        pointee.fp = base
        pointee.depth += 1
        pointee.steps &+= 1
        defer {
            if !entry.trivialSlots { destroySlots(base, pointee.sp) }
            pointee.sp = base
            pointee.fp = savedFP
            pointee.depth -= 1
        }
        if pointee.steps >= pointee.nextCheck { try slowStepCheck(location) }
        do {
            return try entry.body.guaranteed { try $0.run(self) }
        } catch let e as RuntimeError {
            if e.thrown == nil { pointee.trapping = true }
            throw entry.function.guaranteed { Self.leavingFrame(e, of: $0, location: location) }
        }
    }

    /// Calls a function value with arguments already evaluated.
    func callValue(_ fv: FunctionValue, _ args: [Value], location: SourceLocation) throws -> Value {
        if let native = fv.native { return try RuntimeError.placingHostErrors(at: location) { try native(args) } }
        let code = fv.code!
        if args.count != code.paramCount {
            throw RuntimeError(args.count > code.paramCount ? LookupMessage.extraArgument : LookupMessage.missingArgument, at: location)
        }
        for a in args { push(a) }
        let savedEnv = pointee.env
        pointee.env = fv.captures
        defer { pointee.env = savedEnv }
        return try invoke(code, argc: args.count, location: location)
    }
}

/// Stack size of threads started by `Interpreter.runOnLargeStack`: set before such a thread
/// starts (`pthread_create` orders the store before the thread's reads), read on it.
let largeStackThreadSize = Atomic<Int>(0)

/// The native stack's lowest usable address for the current thread (with a safety margin),
/// estimated from where we are now and the thread's stack size.
func currentNativeStackLimit(onLargeStack: Bool) -> UInt {
    let here = nativeStackAddress()
    var size = 8 << 20
    if onLargeStack {
        size = largeStackThreadSize.load(ordering: .relaxed)
    } else {
        var rl = rlimit()
        if getrlimit(rlimitStackResource, &rl) == 0, rl.rlim_cur < (1 << 40) {
            size = min(Int(rl.rlim_cur), 64 << 20)
        }
        #if canImport(Darwin)
        if pthread_main_np() == 0 { size = min(size, 512 << 10) }
        #endif
    }
    // Whatever the caller already used stays unknown: keep a quarter (at most 1 MiB) spare.
    let budget = UInt(size) - UInt(min(size / 4, 1 << 20))
    return here > budget ? here - budget : 0
}

#if canImport(Glibc)
private let rlimitStackResource = __rlimit_resource_t(RLIMIT_STACK.rawValue)
#else
private let rlimitStackResource = RLIMIT_STACK
#endif
