import TableLabSyntax
import TableLabExhaustiveness

// The run-time value model. One enum, no protocol existentials on hot paths: ints,
// doubles, bools and enum cases carry no reference count; arrays, dictionaries and struct
// fields are Swift's own copy-on-write collections, so value semantics come for free and
// in-place mutation only needs the holder to give up its reference first (see LValue).

/// A TableLab run-time value.
public enum Value {
    case int(Int)
    /// A value of another integer type (`UInt`, `UInt8`, `Int32`: FixedWidthIntegers.swift).
    case fixed(FixedInt)
    case double(Double)
    case bool(Bool)
    case string(String)
    /// An enum case: the enum's identity (index in the interpreter's type table) and the case's position.
    case enumCase(typeID: Int32, caseIndex: Int32)
    /// An enum case with associated values (`.toggle(title: "Wi-Fi", isOn: true)`); a
    /// case without them stays `.enumCase`, free of allocation and reference counting.
    case payloadCase(PayloadCase)
    case array([Value])
    case dictionary([Value: Value])
    /// `Set<T>`: Swift's own Set, so its order is as unspecified as Swift's.
    case set(Set<Value>)
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
        case (.fixed(let x), .fixed(let y)): return x == y
        // An Int meets a fixed-width integer only as a literal, which takes its type
        // (`d[1]` with UInt keys): equal by value, as an integral Double meets an Int.
        case (.fixed(let x), .int(let y)): return x.value == Int128(y)
        case (.int(let x), .fixed(let y)): return Int128(x) == y.value
        case (.double(let x), .double(let y)): return x == y
        case (.int(let x), .double(let y)): return Double(x) == y
        case (.double(let x), .int(let y)): return x == Double(y)
        case (.bool(let x), .bool(let y)): return x == y
        case (.string(let x), .string(let y)): return x == y
        case (.enumCase(let t1, let c1), .enumCase(let t2, let c2)): return t1 == t2 && c1 == c2
        case (.payloadCase(let x), .payloadCase(let y)):
            return x === y || (x.typeID == y.typeID && x.caseIndex == y.caseIndex && x.values == y.values)
        case (.array(let x), .array(let y)): return x == y
        case (.dictionary(let x), .dictionary(let y)): return x == y
        case (.set(let x), .set(let y)): return x == y
        case (.structValue(let x), .structValue(let y)): return x.type === y.type && x.fields == y.fields
        case (.tuple(let x), .tuple(let y)): return x.elements == y.elements
        case (.wrapped(let x), .wrapped(let y)): return x == y
        case (.nilValue, .nilValue): return true
        case (.range(let l1, let u1, let c1), .range(let l2, let u2, let c2)): return l1 == l2 && u1 == u2 && c1 == c2
        case (.type(.table(let x)), .type(.table(let y))): return x === y
        case (.type(let x), .type(let y)): return x.name == y.name
        case (.object(let x), .object(let y)): return x === y
        case (.void, .void): return true
        case (.box(let x), _): return x.value == b
        case (_, .box(let y)): return a == y.value
        default: return false
        }
    }

    /// Dictionaries hash with `stableHash`, ignoring the per-process random seed: printing
    /// a dictionary gives the same order on every run, so scripts' expected output is stable.
    public func _rawHashValue(seed: Int) -> Int { stableHash }

    public func hash(into h: inout Hasher) { h.combine(stableHash) }

    /// A deterministic hash consistent with `==` (an integral Double hashes as its Int).
    public var stableHash: Int {
        switch self {
        case .int(let i): return mix(i)
        case .fixed(let f):
            if let i = Int(exactly: f.value) { return mix(i) }
            return mix(Int(truncatingIfNeeded: f.bits) ^ 0x3f1d)
        case .double(let d):
            if let i = Int(exactly: d) { return mix(i) }
            return mix(Int(bitPattern: UInt(d.bitPattern)) ^ 0x5bd1e995)
        case .bool(let b): return mix(b ? 0x7f4a : 0x3c6e)
        case .string(let s): return stringHash(s)
        case .enumCase(let t, let c): return mix(Int(t) << 32 | Int(c))
        case .payloadCase(let p): return p.values.reduce(mix(Int(p.typeID) << 32 | Int(p.caseIndex))) { combineHash($0, $1.stableHash) }
        case .array(let a): return a.reduce(mix(0xa11)) { combineHash($0, $1.stableHash) }
        case .dictionary(let d): return mix(d.count ^ 0xd1c7)
        case .set(let s): return s.reduce(mix(s.count ^ 0x5e7)) { $0 ^ $1.stableHash }
        case .structValue(let x): return x.fields.reduce(mix(Int(x.type.id))) { combineHash($0, $1.stableHash) }
        case .tuple(let x): return x.elements.reduce(mix(0x7091e)) { combineHash($0, $1.stableHash) }
        case .wrapped(let x): return combineHash(mix(0x50e), x.stableHash)
        case .nilValue: return mix(0x0e11)
        case .range(let l, let u, let c): return combineHash(combineHash(mix(l), mix(u)), c ? 1 : 0)
        case .type(let t): return stringHash(t.name)
        case .object(let o): return mix(Int(bitPattern: UInt(bitPattern: ObjectIdentifier(o).hashValue)))
        case .void: return mix(0x7010)
        case .function: return mix(0xf00)
        case .box(let b): return b.value.stableHash
        }
    }
}

@inline(__always) func mix(_ x: Int) -> Int {
    var z = UInt(bitPattern: x) &+ 0x9E3779B97F4A7C15
    z = (z ^ (z >> 30)) &* 0xBF58476D1CE4E5B9
    z = (z ^ (z >> 27)) &* 0x94D049BB133111EB
    return Int(bitPattern: z ^ (z >> 31))
}

@inline(__always) func combineHash(_ a: Int, _ b: Int) -> Int { mix(a ^ (b &* 31)) }

/// FNV-1a over the UTF-8 of the string's canonical composition (Swift's `==` on strings is
/// canonical equivalence, so equal strings must hash alike).
func stringHash(_ s: String) -> Int {
    var copy = s
    var h: UInt64 = 0xcbf29ce484222325
    let ascii: Bool = copy.withUTF8 { u in
        for b in u {
            if b >= 0x80 { return false }
            h = (h ^ UInt64(b)) &* 0x100000001b3
        }
        return true
    }
    if !ascii {
        // Canonically equivalent strings have the same Characters, and a Character that
        // is plain ASCII is spelt the same in every form; so hash the Character count and
        // the ASCII Characters. (Normalizing would need Foundation on the start-up path.)
        h = 0xcbf29ce484222325
        var characters: UInt64 = 0
        for c in s {
            characters &+= 1
            if let a = c.asciiValue { h = (h ^ UInt64(a)) &* 0x100000001b3 }
        }
        h = (h ^ characters) &* 0x100000001b3
    }
    return Int(bitPattern: UInt(h))
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
    mutating func withSet<R>(_ body: (inout Set<Value>) throws -> R) rethrows -> R? {
        guard case .set(var x) = self else { return nil }
        self = .void
        defer { self = .set(x) }
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
    public var setValue: Set<Value>? { if case .set(let s) = self { return s }; return nil }
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
