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
    override func callMethod(id: HostMemberID, _ arguments: [Value]) throws -> Value? {
        let fullName = id.name
        switch fullName {
        case "async(execute:)", "async(_:)":
            try core.enqueueMain(arguments[0], deadline: core.foundation.now)
            return .void
        case "asyncAfter(deadline:execute:)", "asyncAfter(deadline:_:)":
            guard case .double(let d) = arguments[0] else {
                throw RuntimeError(ConversionMessage.cannotConvertArgument(type: core.typeName(arguments[0]), to: "DispatchTime"), at: .unknown)
            }
            try core.enqueueMain(arguments[1], deadline: d)
            return .void
        case "sync(execute:)", "sync(_:)":
            guard case .function(let f) = arguments[0] else { return nil }
            return try core.callFunction(core.machine, f, [], .unknown)
        default:
            return nil
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
    override func member(id: HostMemberID) throws -> Value? { id.name == "main" ? .object(main) : nil }
    override func callMethod(id: HostMemberID, _ arguments: [Value]) throws -> Value? {
        let fullName = id.name
        // Background work runs after the event too: TableLab has one thread.
        return fullName == "global()" || fullName == "global(qos:)" ? .object(main) : nil
    }
}

/// `DispatchTime.now()`: a time on the main queue's clock, in seconds.
final class DispatchTimeType: NativeObject {
    let coreRef: Unretained<InterpreterCore>
    var core: InterpreterCore { coreRef.object }
    init(_ core: InterpreterCore) { self.coreRef = Unretained(core) }
    override var typeName: String { "DispatchTime.Type" }
    override var textDescription: String { "DispatchTime" }
    override func callMethod(id: HostMemberID, _ arguments: [Value]) throws -> Value? {
        let fullName = id.name
        return fullName == "now()" ? .double(core.foundation.now) : nil
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

    /// Swift 2's names of the methods (Foundation's Objective-C selectors, before Swift 3
    /// renamed them).
    private static let swift2Names: [String: String] = [
        "setObject(_:forKey:)": "set(_:forKey:)", "setBool(_:forKey:)": "set(_:forKey:)",
        "setInteger(_:forKey:)": "set(_:forKey:)", "setDouble(_:forKey:)": "set(_:forKey:)",
        "setFloat(_:forKey:)": "set(_:forKey:)", "setValue(_:forKey:)": "set(_:forKey:)",
        "objectForKey(_:)": "object(forKey:)", "valueForKey(_:)": "value(forKey:)",
        "removeObjectForKey(_:)": "removeObject(forKey:)", "registerDefaults(_:)": "register(defaults:)",
        "stringForKey(_:)": "string(forKey:)", "boolForKey(_:)": "bool(forKey:)",
        "integerForKey(_:)": "integer(forKey:)", "doubleForKey(_:)": "double(forKey:)",
        "arrayForKey(_:)": "array(forKey:)", "dictionaryForKey(_:)": "dictionary(forKey:)",
        "stringArrayForKey(_:)": "stringArray(forKey:)",
    ]

    override func callMethod(id: HostMemberID, _ arguments: [Value]) throws -> Value? {
        let fullName = id.name
        switch Self.swift2Names[fullName] ?? fullName {
        // Writes happen at once here; iOS returns true when nothing failed, and Apple
        // documents the call as unnecessary.
        case "synchronize()":
            return .bool(true)
        case "set(_:forKey:)":
            guard case .string(let k) = arguments[1] else { return nil }
            var v = arguments[0]
            if case .wrapped(let x) = v { v = x }
            if case .nilValue = v { state.defaults[k] = nil } else { state.defaults[k] = v }
            return .void
        case "removeObject(forKey:)":
            guard case .string(let k) = arguments[0] else { return nil }
            state.defaults[k] = nil
            return .void
        case "register(defaults:)":
            guard case .dictionary(let d) = arguments[0] else { return nil }
            for (k, v) in d { if case .string(let key) = k { state.registeredDefaults[key] = v } }
            return .void
        case "integer(forKey:)":
            switch stored(arguments[0]) {
            case .int(let i)?: return .int(i)
            case .double(let d)?: return .int(d.isFinite && abs(d) < 9.2e18 ? Int(d) : 0)
            case .bool(let b)?: return .int(b ? 1 : 0)
            case .string(let s)?: return .int(Int(s) ?? Double(s).map { $0.isFinite && abs($0) < 9.2e18 ? Int($0) : 0 } ?? 0)
            default: return .int(0)
            }
        case "double(forKey:)":
            switch stored(arguments[0]) {
            case .int(let i)?: return .double(Double(i))
            case .double(let d)?: return .double(d)
            case .bool(let b)?: return .double(b ? 1 : 0)
            case .string(let s)?: return .double(Double(s) ?? 0)
            default: return .double(0)
            }
        case "bool(forKey:)":
            switch stored(arguments[0]) {
            case .bool(let b)?: return .bool(b)
            case .int(let i)?: return .bool(i != 0)
            case .double(let d)?: return .bool(d != 0)
            case .string(let s)?:
                let l = s.lowercased()
                return .bool(l == "yes" || l == "true" || (Int(s).map { $0 != 0 } ?? false))
            default: return .bool(false)
            }
        case "string(forKey:)":
            switch stored(arguments[0]) {
            case .string(let s)?: return .wrapped(.string(s))
            case .int(let i)?: return .wrapped(.string(String(i)))
            case .double(let d)?: return .wrapped(.string(d.description))
            default: return .nilValue
            }
        case "object(forKey:)", "value(forKey:)":
            return stored(arguments[0]).map { .wrapped($0) } ?? .nilValue
        case "array(forKey:)":
            if case .array(let a)? = stored(arguments[0]) { return .wrapped(.array(a)) }
            return .nilValue
        case "dictionary(forKey:)":
            if case .dictionary(let d)? = stored(arguments[0]) { return .wrapped(.dictionary(d)) }
            return .nilValue
        case "stringArray(forKey:)":
            if case .array(let a)? = stored(arguments[0]), a.allSatisfy({ if case .string = $0 { return true }; return false }) {
                return .wrapped(.array(a))
            }
            return .nilValue
        default:
            return nil
        }
    }
}

final class UserDefaultsType: NativeObject {
    let standard: UserDefaultsObject
    init(_ core: InterpreterCore) { standard = UserDefaultsObject(core) }
    override var typeName: String { "UserDefaults.Type" }
    override var textDescription: String { "UserDefaults" }
    override func member(id: HostMemberID) throws -> Value? { id.name == "standard" ? .object(standard) : nil }
}

/// Swift 2's `NSUserDefaults`: `standardUserDefaults()` is `UserDefaults.standard`.
final class NSUserDefaultsType: NativeObject {
    let standard: UserDefaultsObject
    init(_ standard: UserDefaultsObject) { self.standard = standard }
    override var typeName: String { "NSUserDefaults.Type" }
    override var textDescription: String { "NSUserDefaults" }
    override func callMethod(id: HostMemberID, _ arguments: [Value]) throws -> Value? {
        let fullName = id.name
        return fullName == "standardUserDefaults()" ? .object(standard) : nil
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
