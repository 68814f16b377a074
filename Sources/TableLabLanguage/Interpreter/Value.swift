// The run-time value model. One enum, no protocol existentials on hot paths: ints,
// doubles, bools and enum cases carry no reference count; arrays, dictionaries and struct
// fields are Swift's own copy-on-write collections, so value semantics come for free and
// in-place mutation only needs the holder to give up its reference first (see LValue).

/// A TableLab run-time value.
public enum Value: @unchecked Sendable {
    case int(Int)
    case double(Double)
    case bool(Bool)
    case string(String)
    /// An enum case: the enum's identity (index in the interpreter's type table) and the case's position.
    case enumCase(typeID: Int32, caseIndex: Int32)
    case array([Value])
    case dictionary([Value: Value])
    case structValue(StructValue)
    case tuple(TupleValue)
    /// `Optional.some` (named apart from Swift's own `.some` so that it never means `Optional<Value>.some`). `nil` is `.nilValue`.
    indirect case wrapped(Value)
    case nilValue
    case range(lower: Int, upper: Int, closed: Bool)
    case function(FunctionValue)
    case type(TypeRef)
    /// A reference-semantics object of a layer above (cells, tables).
    case object(NativeObject)
    /// `()`: what a function without a result returns.
    case void
    /// A captured variable's shared storage; never visible to scripts.
    case box(VarBox)
}

/// A struct instance: its type and its stored properties in declaration order.
public struct StructValue {
    /// Types live as long as their interpreter; not counting references keeps copies cheap.
    public unowned(unsafe) let type: StructType
    public var fields: [Value]
    public init(type: StructType, fields: [Value]) { self.type = type; self.fields = fields }
}

public struct TupleValue {
    /// nil when no element is labelled.
    public var labels: [String?]?
    public var elements: [Value]
    public init(labels: [String?]?, elements: [Value]) { self.labels = labels; self.elements = elements }
}

/// Shared storage of a variable captured by a closure (Swift captures by reference).
public final class VarBox {
    @exclusivity(unchecked) public var value: Value
    init(_ value: Value) { self.value = value }
}

/// A value that is a type: `Item` in `Item.allCases`, `Int` in `Int("3")`.
public enum TypeRef {
    case enumType(EnumType)
    case structType(StructType)
    case table(TableInstance)
    case builtin(String)
}

/// Base class for reference-semantics objects provided by the layers above (the
/// simulator's cells); members are looked up by name, off the hot path.
open class NativeObject {
    public init() {}
    /// Swift's spelling of the type, for messages and `print`.
    open var typeName: String { "Object" }
    /// A property's value, or nil when there is no such member.
    open func member(_ name: String) throws -> Value? { nil }
    /// Stores a property; false when there is no such settable member.
    open func setMember(_ name: String, _ value: Value) throws -> Bool { false }
    /// Calls a method by its full name (`deselectRow(at:animated:)`); nil when there is none.
    open func callMethod(_ fullName: String, _ arguments: [Value]) throws -> Value? { nil }
    /// What `print` shows.
    open var textDescription: String { typeName }
}

extension Value {
    @inline(__always) var isNil: Bool { if case .nilValue = self { return true }; return false }

    /// Unwraps a box (captured variable) if present.
    @inline(__always) var unboxed: Value {
        if case .box(let b) = self { return b.value }
        return self
    }
}

// MARK: - Equality and hashing (structural, as Swift's synthesized Equatable/Hashable)

extension Value: Hashable {
    public static func == (a: Value, b: Value) -> Bool {
        switch (a, b) {
        case (.int(let x), .int(let y)): return x == y
        case (.double(let x), .double(let y)): return x == y
        case (.int(let x), .double(let y)): return Double(x) == y
        case (.double(let x), .int(let y)): return x == Double(y)
        case (.bool(let x), .bool(let y)): return x == y
        case (.string(let x), .string(let y)): return x == y
        case (.enumCase(let t1, let c1), .enumCase(let t2, let c2)): return t1 == t2 && c1 == c2
        case (.array(let x), .array(let y)): return x == y
        case (.dictionary(let x), .dictionary(let y)): return x == y
        case (.structValue(let x), .structValue(let y)): return x.type === y.type && x.fields == y.fields
        case (.tuple(let x), .tuple(let y)): return x.elements == y.elements
        case (.wrapped(let x), .wrapped(let y)): return x == y
        case (.nilValue, .nilValue): return true
        case (.range(let l1, let u1, let c1), .range(let l2, let u2, let c2)): return l1 == l2 && u1 == u2 && c1 == c2
        case (.type(let x), .type(let y)): return x.name == y.name
        case (.object(let x), .object(let y)): return x === y
        case (.void, .void): return true
        case (.box(let x), _): return x.value == b
        case (_, .box(let y)): return a == y.value
        default: return false
        }
    }

    /// Enum cases and Ints (the usual dictionary keys of a table script) hash with one
    /// multiply instead of a full SipHash round; the rest goes through `hash(into:)`.
    public func _rawHashValue(seed: Int) -> Int {
        switch self {
        case .enumCase(let t, let c):
            return (Int(t) << 32 | Int(c) ^ seed) &* -7046029254386353131
        case .int(let i):
            return ((i ^ seed) &* -7046029254386353131) ^ (i >> 29)
        case .double(let d):
            // Equal to an Int when integral (`1 == 1.0`), so it must hash the same.
            if let i = Int(exactly: d) { return Value.int(i)._rawHashValue(seed: seed) }
            var h = Hasher()
            h.combine(seed)
            hash(into: &h)
            return h.finalize()
        case .box(let b):
            return b.value._rawHashValue(seed: seed)
        default:
            var h = Hasher()
            h.combine(seed)
            hash(into: &h)
            return h.finalize()
        }
    }

    public func hash(into h: inout Hasher) {
        switch self {
        case .int(let x): h.combine(x)
        case .double(let x):
            if let i = Int(exactly: x) { h.combine(i) } else { h.combine(x) }
        case .bool(let x): h.combine(x)
        case .string(let x): h.combine(x)
        case .enumCase(let t, let c): h.combine(Int(t) << 32 | Int(c))
        case .array(let x): h.combine(x)
        case .dictionary(let x): h.combine(x.count)
        case .structValue(let x): h.combine(x.fields)
        case .tuple(let x): h.combine(x.elements)
        case .wrapped(let x): h.combine(x)
        case .nilValue: h.combine(0 as UInt8)
        case .range(let l, let u, let c): h.combine(l); h.combine(u); h.combine(c)
        case .type(let t): h.combine(t.name)
        case .object(let o): h.combine(ObjectIdentifier(o))
        case .void: h.combine(1 as UInt8)
        case .function: h.combine(2 as UInt8)
        case .box(let b): b.value.hash(into: &h)
        }
    }
}

extension TypeRef {
    var name: String {
        switch self {
        case .enumType(let e): return e.name
        case .structType(let s): return s.name
        case .table(let t): return t.type.name
        case .builtin(let n): return n
        }
    }
}

// MARK: - In-place access to copy-on-write payloads
//
// The payload is bound, then the holder is cleared, so the payload's storage is uniquely
// referenced while `body` mutates it.

extension Value {
    @inline(__always)
    mutating func withArray<R>(_ body: (inout [Value]) throws -> R) rethrows -> R? {
        guard case .array(var x) = self else { return nil }
        self = .void
        defer { self = .array(x) }
        return try body(&x)
    }

    @inline(__always)
    mutating func withDictionary<R>(_ body: (inout [Value: Value]) throws -> R) rethrows -> R? {
        guard case .dictionary(var x) = self else { return nil }
        self = .void
        defer { self = .dictionary(x) }
        return try body(&x)
    }

    @inline(__always)
    mutating func withStruct<R>(_ body: (inout StructValue) throws -> R) rethrows -> R? {
        guard case .structValue(var x) = self else { return nil }
        self = .void
        defer { self = .structValue(x) }
        return try body(&x)
    }

    @inline(__always)
    mutating func withString<R>(_ body: (inout String) throws -> R) rethrows -> R? {
        guard case .string(var x) = self else { return nil }
        self = .void
        defer { self = .string(x) }
        return try body(&x)
    }

    @inline(__always)
    mutating func withTuple<R>(_ body: (inout TupleValue) throws -> R) rethrows -> R? {
        guard case .tuple(var x) = self else { return nil }
        self = .void
        defer { self = .tuple(x) }
        return try body(&x)
    }

}

// MARK: - Conveniences for the layers above

extension Value {
    public var intValue: Int? { if case .int(let i) = self { return i }; return nil }
    public var doubleValue: Double? {
        switch self {
        case .double(let d): return d
        case .int(let i): return Double(i)
        default: return nil
        }
    }
    public var stringValue: String? { if case .string(let s) = self { return s }; return nil }
    public var boolValue: Bool? { if case .bool(let b) = self { return b }; return nil }
    public var arrayValue: [Value]? { if case .array(let a) = self { return a }; return nil }
    /// The wrapped value of an Optional; nil for `nil`; the value itself otherwise.
    public var unwrapped: Value? {
        switch self {
        case .wrapped(let w): return w.unwrapped
        case .nilValue: return nil
        default: return self
        }
    }
    /// A tuple value (`(section, row)`), optionally labelled.
    public static func makeTuple(_ elements: [Value], labels: [String?]? = nil) -> Value {
        .tuple(TupleValue(labels: labels, elements: elements))
    }
}
