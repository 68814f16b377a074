// Foundation's run loop and defaults, as table code uses them:
// `DispatchQueue.main.async { }` and `asyncAfter(deadline: .now() + 0.3) { }` run after
// the current event, in order (by deadline, then in the order they were queued); an
// event is an explorer command (`:select 1 0`), and the end of a script or of an
// interactive entry (Swift's main queue runs once the top-level code has returned).
// `UserDefaults.standard` keeps its values in memory for the session; Swift 2's
// `NSUserDefaults.standardUserDefaults()` is the same store, with Swift 2's method names
// (`setObject(_:forKey:)`, `objectForKey(_:)`), as code written in that Swift runs.

import TableLabSyntax
import TableLabExhaustiveness

final class FoundationState {
    /// The main queue's clock, in seconds: it moves to a block's deadline when it runs.
    var now = 0.0
    /// Blocks waiting for the main queue: deadline on that clock, order queued.
    var mainQueue: [(deadline: Double, order: Int, block: FunctionValue)] = []
    var queued = 0
    var draining = false
    var defaults: [String: Value] = [:]
    var registeredDefaults: [String: Value] = [:]
}

/// `DispatchQueue.main`, `DispatchQueue.global()`: one queue, run after the current event.
final class DispatchQueueObject: NativeObject {
    let coreRef: Unretained<InterpreterCore>
    var core: InterpreterCore { coreRef.object }
    let label: String
    init(_ core: InterpreterCore, label: String) { self.coreRef = Unretained(core); self.label = label }
    override var typeName: String { "DispatchQueue" }
    override var textDescription: String { "<OS_dispatch_queue_main: \(label)>" }
    /// The queue's methods, found by ID; each with and without its block's label.
    enum Method: Int, CaseIterable, Sendable {
        case asyncExecute, async, asyncAfterExecute, asyncAfter, syncExecute, sync
        static let names = [
            "async(execute:)", "async(_:)", "asyncAfter(deadline:execute:)", "asyncAfter(deadline:_:)",
            "sync(execute:)", "sync(_:)",
        ]
        static let table = HostMemberTable(names)
    }

    override func callMethod(id: HostMemberID, _ arguments: [Value]) throws -> Value? {
        guard let method = Method(rawValue: Method.table[id]) else { return nil }
        switch method {
        case .asyncExecute, .async:
            try core.enqueueMain(arguments[0], deadline: core.foundation.now)
            return .void
        case .asyncAfterExecute, .asyncAfter:
            guard case .double(let d) = arguments[0] else {
                throw RuntimeError(ConversionMessage.cannotConvertArgument(type: core.typeName(arguments[0]), to: "DispatchTime"), at: .unknown)
            }
            try core.enqueueMain(arguments[1], deadline: d)
            return .void
        case .syncExecute, .sync:
            guard case .function(let f) = arguments[0] else { return nil }
            return try core.callFunction(core.machine, f, [], .unknown)
        }
    }
}

/// The `DispatchQueue` type: `main` and `global()`.
final class DispatchQueueType: NativeObject {
    let coreRef: Unretained<InterpreterCore>
    var core: InterpreterCore { coreRef.object }
    lazy var main = DispatchQueueObject(core, label: "com.apple.main-thread")
    init(_ core: InterpreterCore) { self.coreRef = Unretained(core) }
    override var typeName: String { "DispatchQueue.Type" }
    override var textDescription: String { "DispatchQueue" }
    enum Member: Int, CaseIterable, Sendable {
        case main
        static let names = ["main"]
        static let table = HostMemberTable(names)
    }
    enum Method: Int, CaseIterable, Sendable {
        case global, globalQoS
        static let names = ["global()", "global(qos:)"]
        static let table = HostMemberTable(names)
    }
    override func member(id: HostMemberID) throws -> Value? { Member(rawValue: Member.table[id]) == .main ? .object(main) : nil }
    override func callMethod(id: HostMemberID, _ arguments: [Value]) throws -> Value? {
        // Background work runs after the event too: TableLab has one thread.
        Method(rawValue: Method.table[id]) != nil ? .object(main) : nil
    }
}

/// `DispatchTime.now()`: a time on the main queue's clock, in seconds.
final class DispatchTimeType: NativeObject {
    let coreRef: Unretained<InterpreterCore>
    var core: InterpreterCore { coreRef.object }
    init(_ core: InterpreterCore) { self.coreRef = Unretained(core) }
    override var typeName: String { "DispatchTime.Type" }
    override var textDescription: String { "DispatchTime" }
    enum Method: Int, CaseIterable, Sendable {
        case now
        static let names = ["now()"]
        static let table = HostMemberTable(names)
    }
    override func callMethod(id: HostMemberID, _ arguments: [Value]) throws -> Value? {
        Method(rawValue: Method.table[id]) == .now ? .double(core.foundation.now) : nil
    }
}

/// `UserDefaults.standard`, in memory.
final class UserDefaultsObject: NativeObject {
    let coreRef: Unretained<InterpreterCore>
    var core: InterpreterCore { coreRef.object }
    init(_ core: InterpreterCore) { self.coreRef = Unretained(core) }
    override var typeName: String { "UserDefaults" }
    private var state: FoundationState { core.foundation }

    private func stored(_ key: Value) -> Value? {
        guard case .string(let k) = key else { return nil }
        return state.defaults[k] ?? state.registeredDefaults[k]
    }

    /// The methods, found by ID. Swift 2's names (Foundation's Objective-C selectors, before
    /// Swift 3 renamed them) come after today's in the table and answer as today's method.
    enum Method: Int, CaseIterable, Sendable {
        case synchronize, set, removeObject, register, integer, double, bool, string, object, value, array, dictionary,
             stringArray
        static let names = [
            "synchronize()", "set(_:forKey:)", "removeObject(forKey:)", "register(defaults:)", "integer(forKey:)",
            "double(forKey:)", "bool(forKey:)", "string(forKey:)", "object(forKey:)", "value(forKey:)", "array(forKey:)",
            "dictionary(forKey:)", "stringArray(forKey:)",
        ]
        static let swift2Names: [(name: String, method: Method)] = [
            ("setObject(_:forKey:)", .set), ("setBool(_:forKey:)", .set), ("setInteger(_:forKey:)", .set),
            ("setDouble(_:forKey:)", .set), ("setFloat(_:forKey:)", .set), ("setValue(_:forKey:)", .set),
            ("objectForKey(_:)", .object), ("valueForKey(_:)", .value), ("removeObjectForKey(_:)", .removeObject),
            ("registerDefaults(_:)", .register), ("stringForKey(_:)", .string), ("boolForKey(_:)", .bool),
            ("integerForKey(_:)", .integer), ("doubleForKey(_:)", .double), ("arrayForKey(_:)", .array),
            ("dictionaryForKey(_:)", .dictionary), ("stringArrayForKey(_:)", .stringArray),
        ]
        static let table = HostMemberTable(names + swift2Names.map(\.name))

        /// The method `id` names, in today's Swift or Swift 2's.
        static func of(_ id: HostMemberID) -> Method? {
            let i = table[id]
            return i < names.count ? Method(rawValue: i) : swift2Names[i - names.count].method
        }
    }

    override func callMethod(id: HostMemberID, _ arguments: [Value]) throws -> Value? {
        guard let method = Method.of(id) else { return nil }
        switch method {
        // Writes happen at once here; iOS returns true when nothing failed, and Apple
        // documents the call as unnecessary.
        case .synchronize:
            return .bool(true)
        case .set:
            guard case .string(let k) = arguments[1] else { return nil }
            var v = arguments[0]
            if case .wrapped(let x) = v { v = x }
            if case .nilValue = v { state.defaults[k] = nil } else { state.defaults[k] = v }
            return .void
        case .removeObject:
            guard case .string(let k) = arguments[0] else { return nil }
            state.defaults[k] = nil
            return .void
        case .register:
            guard case .dictionary(let d) = arguments[0] else { return nil }
            for (k, v) in d { if case .string(let key) = k { state.registeredDefaults[key] = v } }
            return .void
        case .integer:
            switch stored(arguments[0]) {
            case .int(let i)?: return .int(i)
            case .double(let d)?: return .int(d.isFinite && abs(d) < 9.2e18 ? Int(d) : 0)
            case .bool(let b)?: return .int(b ? 1 : 0)
            case .string(let s)?: return .int(Int(s) ?? Double(s).map { $0.isFinite && abs($0) < 9.2e18 ? Int($0) : 0 } ?? 0)
            default: return .int(0)
            }
        case .double:
            switch stored(arguments[0]) {
            case .int(let i)?: return .double(Double(i))
            case .double(let d)?: return .double(d)
            case .bool(let b)?: return .double(b ? 1 : 0)
            case .string(let s)?: return .double(Double(s) ?? 0)
            default: return .double(0)
            }
        case .bool:
            switch stored(arguments[0]) {
            case .bool(let b)?: return .bool(b)
            case .int(let i)?: return .bool(i != 0)
            case .double(let d)?: return .bool(d != 0)
            case .string(let s)?:
                let l = s.lowercased()
                return .bool(l == "yes" || l == "true" || (Int(s).map { $0 != 0 } ?? false))
            default: return .bool(false)
            }
        case .string:
            switch stored(arguments[0]) {
            case .string(let s)?: return .wrapped(.string(s))
            case .int(let i)?: return .wrapped(.string(String(i)))
            case .double(let d)?: return .wrapped(.string(d.description))
            default: return .nilValue
            }
        case .object, .value:
            return stored(arguments[0]).map { .wrapped($0) } ?? .nilValue
        case .array:
            if case .array(let a)? = stored(arguments[0]) { return .wrapped(.array(a)) }
            return .nilValue
        case .dictionary:
            if case .dictionary(let d)? = stored(arguments[0]) { return .wrapped(.dictionary(d)) }
            return .nilValue
        case .stringArray:
            if case .array(let a)? = stored(arguments[0]), a.allSatisfy({ if case .string = $0 { return true }; return false }) {
                return .wrapped(.array(a))
            }
            return .nilValue
        }
    }
}

final class UserDefaultsType: NativeObject {
    let standard: UserDefaultsObject
    init(_ core: InterpreterCore) { standard = UserDefaultsObject(core) }
    override var typeName: String { "UserDefaults.Type" }
    override var textDescription: String { "UserDefaults" }
    enum Member: Int, CaseIterable, Sendable {
        case standard
        static let names = ["standard"]
        static let table = HostMemberTable(names)
    }
    override func member(id: HostMemberID) throws -> Value? { Member(rawValue: Member.table[id]) == .standard ? .object(standard) : nil }
}

/// Swift 2's `NSUserDefaults`: `standardUserDefaults()` is `UserDefaults.standard`.
final class NSUserDefaultsType: NativeObject {
    let standard: UserDefaultsObject
    init(_ standard: UserDefaultsObject) { self.standard = standard }
    override var typeName: String { "NSUserDefaults.Type" }
    override var textDescription: String { "NSUserDefaults" }
    enum Method: Int, CaseIterable, Sendable {
        case standardUserDefaults
        static let names = ["standardUserDefaults()"]
        static let table = HostMemberTable(names)
    }
    override func callMethod(id: HostMemberID, _ arguments: [Value]) throws -> Value? {
        Method(rawValue: Method.table[id]) == .standardUserDefaults ? .object(standard) : nil
    }
}

extension InterpreterCore {
    /// The Foundation globals (a script's own declaration of the name replaces them).
    func installFoundationGlobals() -> [(String, Value)] {
        let defaults = UserDefaultsType(self)
        return [("DispatchQueue", .object(DispatchQueueType(self))),
                ("DispatchTime", .object(DispatchTimeType(self))),
                ("UserDefaults", .object(defaults)),
                ("NSUserDefaults", .object(NSUserDefaultsType(defaults.standard)))]
    }

    func enqueueMain(_ block: Value, deadline: Double) throws {
        guard case .function(let f) = block else {
            throw RuntimeError(ConversionMessage.cannotConvertArgument(type: typeName(block), to: "@convention(block) () -> Void"), at: .unknown)
        }
        let s = foundation
        s.queued += 1
        s.mainQueue.append((deadline, s.queued, f))
    }

    /// Runs the main queue until it is empty, earliest deadline first (then in the order
    /// queued); blocks queued meanwhile run in this turn too.
    func drainMainQueue() throws {
        let s = foundation
        guard !s.mainQueue.isEmpty, !s.draining else { return }
        s.draining = true
        defer { s.draining = false }
        while !s.mainQueue.isEmpty {
            let i = s.mainQueue.indices.min { a, b in
                (s.mainQueue[a].deadline, s.mainQueue[a].order) < (s.mainQueue[b].deadline, s.mainQueue[b].order)
            }!
            let next = s.mainQueue.remove(at: i)
            s.now = max(s.now, next.deadline)
            _ = try callFunction(machine, next.block, [], .unknown)
        }
    }

    /// `.now()`, `.seconds(2)`, `.milliseconds(300)` where no script type has the member.
    func foundationImplicitMember(_ name: String) -> Value? {
        switch name {
        case "now": return .function(FunctionValue(arity: 0) { [core = Unretained(self)] _ in .double(core.object.foundation.now) })
        case "seconds": return .function(FunctionValue(arity: 1) { a in a.first.map { if case .int(let i) = $0 { return .double(Double(i)) }; return $0 } ?? .double(0) })
        case "milliseconds": return .function(FunctionValue(arity: 1) { a in if case .int(let i)? = a.first { return .double(Double(i) / 1000) }; return .double(0) })
        default: return nil
        }
    }
}
