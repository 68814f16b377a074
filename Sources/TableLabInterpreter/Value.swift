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
    /// Swift's `Float`: 32-bit arithmetic and printing (FloatType.swift).
    case float(Float)
    case bool(Bool)
    case string(String)
    /// An enum case: the enum's identity (index in the interpreter's type table) and the case's position.
    case enumCase(typeID: Int32, caseIndex: Int32)
    /// An enum case with associated values (`.toggle(title: "Wi-Fi", isOn: true)`); a
    /// case without them stays `.enumCase`, free of allocation and reference counting.
    case payloadCase(PayloadCase)
    /// An array's elements (`ValueArray`: `[Value]`, or case indices while every element is a plain case of one enum).
    case array(ValueArray)
    /// A dictionary's entries (`ValueDictionary`: `[Value: Value]`, or a table by case position while every key is a plain case of one enum).
    case dictionary(ValueDictionary)
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
    let typeRef: Unretained<StructType>
    public var type: StructType { typeRef.object }
    public var fields: [Value]
    public init(type: StructType, fields: [Value]) { typeRef = Unretained(type); self.fields = fields }
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
    case builtin(BuiltinTypeName)
}

/// A built-in type's name as a value (`Int.self`, `type(of: [1])`). A class rather than a
/// `String` payload: with every case of `TypeRef` one reference, copying a `Value` that
/// holds a class instance is one retain, not a call that switches over a two-word String
/// (callgrind: 5% of W6's instructions went to copying and destroying `TypeRef`s).
public final class BuiltinTypeName {
    public let name: String
    /// The type whose `random()` or `random(in:)` this is, if one: found with the name, so
    /// a call does not compare the name's text.
    let randomKind: RandomKind?
    /// String, Int, Double, Float, Bool or Character: a script's extension of it is found by this ID (its
    /// static members, `String.greeting`); other names reach an extension only when they
    /// name a host class.
    let extendedValueType: ExtendedBuiltinType?
    init(_ name: String) {
        self.name = name
        randomKind = RandomKind(rawValue: name)
        switch ExtendedBuiltinType(rawValue: name) {
        case .string?, .int?, .double?, .float?, .bool?, .character?: extendedValueType = ExtendedBuiltinType(rawValue: name)
        default: extendedValueType = nil
        }
    }
}

/// The built-in value types a script may extend (`extension String { ... }`). Their
/// extensions are kept by this ID (`ProtocolState.valueTypeExtension`), so a method call on
/// a value and a static member of the type find theirs without hashing the type's name.
enum ExtendedBuiltinType: String, CaseIterable {
    case string = "String", int = "Int", double = "Double", float = "Float", bool = "Bool"
    case array = "Array", dictionary = "Dictionary", set = "Set", optional = "Optional"
    /// A one-character String value in TableLab (`builtinExtension(of:declaring:)`).
    case character = "Character"

    /// Its place in `ProtocolState`'s table.
    var index: Int {
        switch self {
        case .string: return 0
        case .int: return 1
        case .double: return 2
        case .bool: return 3
        case .array: return 4
        case .dictionary: return 5
        case .set: return 6
        case .optional: return 7
        case .character: return 8
        case .float: return 9
        }
    }
}

/// The built-in types with a static `random` method.
enum RandomKind: String {
    case int = "Int", double = "Double", cgFloat = "CGFloat", bool = "Bool", float = "Float"
}

/// Base class for reference-semantics objects provided by the layers above (the
/// simulator's cells); members are looked up by name, off the hot path.
open class NativeObject {
    public init() {}
    /// Swift's spelling of the type, for messages and `print`.
    open var typeName: String { "Object" }
    /// A property's value, or nil when there is no such member. Host classes answer by ID
    /// (HostMemberIDs.swift); the by-name forms below are their one entry for the host's own
    /// callers, final so that a class cannot answer differently by name.
    open func member(id: HostMemberID) throws -> Value? { nil }
    /// Stores a property; false when there is no such settable member.
    open func setMember(id: HostMemberID, _ value: Value) throws -> Bool { false }
    /// Calls a method by its full name's ID (`deselectRow(at:animated:)`); nil when there is none.
    open func callMethod(id: HostMemberID, _ arguments: [Value]) throws -> Value? { nil }
    public final func member(_ name: String) throws -> Value? { try member(id: HostMemberID(name)) }
    public final func setMember(_ name: String, _ value: Value) throws -> Bool { try setMember(id: HostMemberID(name), value) }
    public final func callMethod(_ fullName: String, _ arguments: [Value]) throws -> Value? {
        try callMethod(id: HostMemberID(fullName), arguments)
    }
    /// What `print` shows.
    open var textDescription: String { typeName }
    /// Whether Swift's type is Comparable (Foundation's `Date`): `<` on two of them is then
    /// refused by name, not swiftc's "cannot be applied", which Swift would not say.
    open var isComparableInSwift: Bool { false }
    /// The prelude struct this object is a value of, where the host cannot make the struct
    /// (a rectangle with a component Auto Layout does not tell: reading it is its error),
    /// so that an annotation or a property of that struct type takes it; nil for none.
    open var standsForStruct: String? { nil }
    /// Throws where the object's value is not wholly known (such a rectangle): comparing
    /// it reads every part, so it is the error naming the first unknown one.
    open func requireWhollyKnown() throws {}
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
        // Plain enum cases (the keys of `[Item: Int]`) are compared without building the
        // pair DeepValues switches over; an enum with its own `==` goes there.
        if case .enumCase(let t1, let c1) = a, case .enumCase(let t2, let c2) = b, EnumHashing.of(t1) == nil {
            return t1 == t2 && c1 == c2
        }
        return DeepValues.equal(a, b, depth: 0)
    }

    /// Dictionaries hash with `stableHash`, ignoring the per-process random seed: printing
    /// a dictionary gives the same order on every run, so scripts' expected output is stable.
    public func _rawHashValue(seed: Int) -> Int {
        if case .enumCase(let t, let c) = self, EnumHashing.of(t) == nil { return DeepValues.plainCaseHash(t, c) }
        return stableHash
    }

    public func hash(into h: inout Hasher) { h.combine(stableHash) }

    /// A deterministic hash consistent with `==` (an integral Double hashes as its Int).
    public var stableHash: Int { DeepValues.hash(self, depth: 0) }
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
        case .builtin(let n): return n.name
        }
    }
}

// MARK: - In-place access to copy-on-write payloads
//
// The payload is bound, then the holder is cleared, so the payload's storage is uniquely
// referenced while `body` mutates it.

extension Value {
    @inline(__always)
    mutating func withArray<R>(_ body: (inout ValueArray) throws -> R) rethrows -> R? {
        guard case .array(var x) = self else { return nil }
        self = .void
        defer { self = .array(x) }
        return try body(&x)
    }

    @inline(__always)
    mutating func withDictionary<R>(_ body: (inout ValueDictionary) throws -> R) rethrows -> R? {
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

    /// `Optional.some`'s value changed in place. A `guard case`, not an `if case` whose body
    /// changes the value: the `if`'s copy of its subject lives until its body ends, so the
    /// payload stayed shared and each `o?.items.append(x)` copied the whole array.
    @inline(__always)
    mutating func withWrapped<R>(_ body: (inout Value) throws -> R) rethrows -> R? {
        guard case .wrapped(var x) = self else { return nil }
        self = .void
        defer { self = .wrapped(x) }
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
        case .float(let f): return Double(f)
        default: return nil
        }
    }
    public var stringValue: String? { if case .string(let s) = self { return s }; return nil }
    public var boolValue: Bool? { if case .bool(let b) = self { return b }; return nil }
    public var arrayValue: [Value]? { if case .array(let a) = self { return a.values }; return nil }
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

// MARK: - Borrowed reads
//
// A read such as `sections[s].items[r]` or `row.item` through a variable's slot: with the
// pattern bindings of a compiled closure, each level was copied out (a retain) and
// destroyed (a release): ~200 instructions for the one element wanted (callgrind, W2-W4's
// slot path; W6's `row.item`). The optimizer reads in place only where nothing between the
// read and the use may write memory or call out; a site's cache, filled on a miss, is such
// a write. So these reads are functions of their own that take the site's cache as plain
// values (a type's address, a field index), write nothing, and call nothing: only the
// element returned is copied. Nil when the value is not of that shape or type; the caller
// then takes its general path (which fills its cache).

/// A site's cached type and field for a borrowed read: plain values, so the read can take
/// them without touching the cache object.
final class BorrowedReadCache {
    @exclusivity(unchecked) var type: UnsafeRawPointer? = nil
    @exclusivity(unchecked) var field = -1
}

extension StructValue {
    /// The struct type's address (`Value.fieldElement`'s identity test).
    @inline(__always) var typeAddress: UnsafeRawPointer { typeRef.address }
}

extension Value {
    /// `v[i].field[j]`, with `v` at `p` an array of structs of the type at `type` whose
    /// field number `field` is an array (`sections[s].items[r]`).
    @inline(never)
    static func fieldElement(_ p: UnsafePointer<Value>, row i: Int, type: UnsafeRawPointer?, field: Int, element j: Int) -> Value? {
        guard case .array(let rows) = p.pointee else { return nil }
        let row: Value
        switch rows {
        case .general(let xs):
            guard i >= 0, i < xs.count else { return nil }
            row = xs[i]
        case .cases: return nil
        }
        guard case .structValue(let st) = row, st.typeAddress == type, field >= 0, field < st.fields.count,
              case .array(let items) = st.fields[field] else { return nil }
        return items.element(at: j)
    }

    /// Stored property number `field` of the class instance at `p` (`self`'s field in a
    /// class's method: a field's slot is the same in every class that has it).
    @inline(never)
    static func instanceField(_ p: UnsafePointer<Value>, field: Int) -> Value? {
        guard case .type(.table(let inst)) = p.pointee else { return nil }
        guard field >= 0, field < inst.fieldCount else { return nil }
        return inst.fieldBase[field]
    }

    /// As `instanceField`, and nil when the instance's class overrides a stored property
    /// with a computed one (its getter may answer for the field: OverriddenProperties.swift).
    @inline(never)
    static func storedInstanceField(_ p: UnsafePointer<Value>, field: Int) -> Value? {
        guard case .type(.table(let inst)) = p.pointee, inst.headerPointer.pointee.type.fieldOverrides.isEmpty else { return nil }
        guard field >= 0, field < inst.fieldCount else { return nil }
        return inst.fieldBase[field]
    }

    /// Stored property number `field` of the class instance or struct value at `p`, when
    /// its type is the one at `type` (`row.item`).
    @inline(never)
    static func storedField(_ p: UnsafePointer<Value>, type: UnsafeRawPointer?, field: Int) -> Value? {
        switch p.pointee {
        case .type(.table(let inst)):
            let h = inst.headerPointer
            guard uncountedAddress(h.pointee.type) == type,
                  field >= 0, field < Int(h.pointee.count) else { return nil }
            return inst.fieldBase[field]
        case .structValue(let s):
            guard s.typeAddress == type, field >= 0, field < s.fields.count else { return nil }
            return s.fields[field]
        default: return nil
        }
    }
}

extension UnsafeMutablePointer where Pointee == Value {
    /// Stores `.int(x)`; over an `Int` (a loop variable's previous value) without the
    /// outlined destroy of the old value, which holds no reference.
    @inline(__always) func storeInt(_ x: Int) {
        if case .int = pointee { initialize(to: .int(x)) } else { pointee = .int(x) }
    }
}
