// An array's elements. A million `Item`s as `Value`s took 24 bytes each (a `Value` is 17
// bytes, stride 24), where Swift's own `[Item]` takes one: issue 16's W1 memory goal (at most
// 2x native Swift) needs arrays of plain enum cases stored as their case indices. So an
// array that starts with a plain case (`.enumCase`, at most 256 cases) keeps its elements as
// one byte each while every element is a case of that enum, and becomes `[Value]` on the
// first other element. Reads rebuild the same `.enumCase` value, so nothing above this type
// can tell the two forms apart.

/// The elements of an array value: the `[Value]` API over two storage forms.
/// An enum, not a struct around one: `Value.arrayAppend` reaches the elements with one
/// pattern (`.array(.general(var xs))`), so the storage is moved out once, not twice.
public enum ValueArray {
    case general([Value])
    /// Every element is `.enumCase(typeID: typeID, caseIndex: Int32(byte))`.
    case cases(typeID: Int32, [UInt8])

    @inline(__always) public init() { self = .general([]) }
    @inline(__always) public init(_ values: [Value]) { self = .general(values) }
    public init<S: Sequence>(_ elements: S) where S.Element == Value { self = .general(Array(elements)) }

    public init(repeating value: Value, count: Int) {
        if case .enumCase(let t, let c) = value, c >= 0, c < 256 {
            self = .cases(typeID: t, [UInt8](repeating: UInt8(truncatingIfNeeded: c), count: count))
        } else {
            self = .general([Value](repeating: value, count: count))
        }
    }

    /// The elements as `[Value]`: free for the general form, built for the compact one.
    public var values: [Value] {
        switch self {
        case .general(let xs): return xs
        case .cases(let t, let bytes): return bytes.map { .enumCase(typeID: t, caseIndex: Int32($0)) }
        }
    }

    /// The address of the elements' storage: equal for copies that share it (never
    /// written to since), different after a copy-on-write copy or a change of form.
    @inline(__always) public var storageIdentity: UnsafeRawPointer? {
        switch self {
        case .general(let xs): return arrayStorageAddress(xs)
        case .cases(_, let bytes): return arrayStorageAddress(bytes)
        }
    }

    /// The last element, when there are `n` elements in the storage at `identity` (the
    /// check after an append, `checkedOnlyAppended`): one look at the form.
    @inline(__always) func lastAfterAppend(count n: Int, identity: UnsafeRawPointer?) -> Value? {
        switch self {
        case .general(let xs):
            guard n > 0, xs.count == n, arrayStorageAddress(xs) == identity else { return nil }
            return xs[n - 1]
        case .cases(let t, let bytes):
            guard n > 0, bytes.count == n, arrayStorageAddress(bytes) == identity else { return nil }
            return .enumCase(typeID: t, caseIndex: Int32(bytes[n - 1]))
        }
    }

    /// Whether the elements are kept as case indices.
    @inline(__always) public var isCompact: Bool { if case .cases = self { return true }; return false }
    /// The enum of the compact form's elements; nil for the general form.
    @inline(__always) public var compactTypeID: Int32? { if case .cases(let t, _) = self { return t }; return nil }

    /// The plain enum case stored compactly, or nil when `v` cannot be.
    @inline(__always) static func caseByte(_ v: Value, of typeID: Int32) -> UInt8? {
        if case .enumCase(let t, let c) = v, t == typeID, c >= 0, c < 256 { return UInt8(truncatingIfNeeded: c) }
        return nil
    }

    /// Turns the compact form into `[Value]` (before storing an element of another kind).
    @inline(__always) mutating func widen() {
        if case .cases = self { widenSlow() }
    }

    @inline(never) mutating func widenSlow() { self = .general(values) }

    /// Element `i`, or nil when `i` is out of bounds: one look at the form (the hot reads,
    /// `kinds[i]` and `sections[s].items[r]`, test the bounds themselves).
    @inline(__always) func element(at i: Int) -> Value? {
        switch self {
        case .general(let xs): return i >= 0 && i < xs.count ? xs[i] : nil
        case .cases(let t, let bytes): return i >= 0 && i < bytes.count ? .enumCase(typeID: t, caseIndex: Int32(bytes[i])) : nil
        }
    }

    /// The general form's array, changed in place: the storage is emptied first, so the
    /// array is uniquely referenced while `body` runs (no copy-on-write copy).
    @inline(__always) mutating func withValues<R>(_ body: (inout [Value]) throws -> R) rethrows -> R {
        widen()
        guard case .general(var xs) = self else { fatalError("widened") }
        self = .general([])
        defer { self = .general(xs) }
        return try body(&xs)
    }

    /// The compact form's bytes, changed in place (nil when the form is the general one).
    @inline(__always) mutating func withCases<R>(_ body: (Int32, inout [UInt8]) throws -> R) rethrows -> R? {
        guard case .cases(let t, var bytes) = self else { return nil }
        self = .general([])
        defer { self = .cases(typeID: t, bytes) }
        return try body(t, &bytes)
    }
}

extension ValueArray: RandomAccessCollection, MutableCollection {
    public typealias Index = Int
    public typealias Indices = Range<Int>
    public typealias SubSequence = Slice<ValueArray>

    @inline(__always) public var startIndex: Int { 0 }
    @inline(__always) public var endIndex: Int {
        switch self {
        case .general(let xs): return xs.count
        case .cases(_, let bytes): return bytes.count
        }
    }
    @inline(__always) public var count: Int { endIndex }
    @inline(__always) public var isEmpty: Bool { endIndex == 0 }
    @inline(__always) public var indices: Range<Int> { 0..<endIndex }
    @inline(__always) public func index(after i: Int) -> Int { i + 1 }
    @inline(__always) public func index(before i: Int) -> Int { i - 1 }
    @inline(__always) public func index(_ i: Int, offsetBy n: Int) -> Int { i + n }
    @inline(__always) public func distance(from a: Int, to b: Int) -> Int { b - a }

    public subscript(i: Int) -> Value {
        @inline(__always) get {
            switch self {
            case .general(let xs): return xs[i]
            case .cases(let t, let bytes): return .enumCase(typeID: t, caseIndex: Int32(bytes[i]))
            }
        }
        set {
            // Never an `if case` on `self` around a change of it: the pattern's copy of the
            // subject would keep the storage shared, and every change would copy it whole.
            if let t = compactTypeID, let b = ValueArray.caseByte(newValue, of: t) {
                _ = withCases { _, bytes in bytes[i] = b }
                return
            }
            withValues { $0[i] = newValue }
        }
        _modify {
            widen()
            guard case .general(var xs) = self else { fatalError("widened") }
            self = .general([])
            defer { self = .general(xs) }
            yield &xs[i]
        }
    }

    public subscript(bounds: Range<Int>) -> Slice<ValueArray> {
        get { Slice(base: self, bounds: bounds) }
        set { replaceSubrange(bounds, with: Array(newValue)) }
    }

    @inline(__always) public var first: Value? { element(at: 0) }
    @inline(__always) public var last: Value? { element(at: endIndex - 1) }

    public mutating func swapAt(_ i: Int, _ j: Int) {
        if withCases({ _, bytes in bytes.swapAt(i, j) }) != nil { return }
        withValues { $0.swapAt(i, j) }
    }

    public func makeIterator() -> Iterator { Iterator(array: self, index: 0) }

    public struct Iterator: IteratorProtocol {
        let array: ValueArray
        var index: Int
        @inline(__always) public mutating func next() -> Value? {
            guard index < array.endIndex else { return nil }
            defer { index += 1 }
            return array[index]
        }
    }
}

extension ValueArray: RangeReplaceableCollection {
    public mutating func replaceSubrange<C: Collection>(_ range: Range<Int>, with new: C) where C.Element == Value {
        if let t = compactTypeID {
            var bytes: [UInt8] = []
            bytes.reserveCapacity(new.count)
            for v in new {
                guard let b = ValueArray.caseByte(v, of: t) else { break }
                bytes.append(b)
            }
            if bytes.count == new.count {
                _ = withCases { _, old in old.replaceSubrange(range, with: bytes) }
                return
            }
        }
        withValues { $0.replaceSubrange(range, with: new) }
    }

    public mutating func reserveCapacity(_ n: Int) {
        if withCases({ _, bytes in bytes.reserveCapacity(n) }) != nil { return }
        withValues { $0.reserveCapacity(n) }
    }

    /// An empty array takes the compact form with its first element when that is a plain
    /// case; a compact one stays so while the elements are cases of its enum.
    @inline(__always) public mutating func append(_ v: Value) {
        if case .enumCase(let t, let c) = v, UInt32(bitPattern: c) < 256 {
            if compactTypeID == t {
                _ = withCases { _, bytes in bytes.append(UInt8(truncatingIfNeeded: c)) }
                return
            }
            if isEmpty {
                self = .cases(typeID: t, [UInt8(truncatingIfNeeded: c)])
                return
            }
        }
        withValues { $0.append(v) }
    }

    public mutating func append<S: Sequence>(contentsOf new: S) where S.Element == Value {
        for v in new { append(v) }
    }

    public mutating func insert(_ v: Value, at i: Int) {
        if let t = compactTypeID, let b = ValueArray.caseByte(v, of: t) {
            _ = withCases { _, bytes in bytes.insert(b, at: i) }
            return
        }
        withValues { $0.insert(v, at: i) }
    }

    @discardableResult public mutating func remove(at i: Int) -> Value {
        let v = self[i]
        if withCases({ _, bytes in bytes.remove(at: i) }) == nil { withValues { _ = $0.remove(at: i) } }
        return v
    }

    @discardableResult public mutating func removeLast() -> Value { remove(at: endIndex - 1) }
    @discardableResult public mutating func removeFirst() -> Value { remove(at: 0) }

    public mutating func removeLast(_ n: Int) { removeSubrange(endIndex - n..<endIndex) }
    public mutating func removeFirst(_ n: Int) { removeSubrange(0..<n) }

    public mutating func removeSubrange(_ range: Range<Int>) {
        if withCases({ _, bytes in bytes.removeSubrange(range) }) != nil { return }
        withValues { $0.removeSubrange(range) }
    }

    public mutating func removeAll(keepingCapacity keep: Bool = false) {
        if withCases({ _, bytes in bytes.removeAll(keepingCapacity: keep) }) != nil { return }
        withValues { $0.removeAll(keepingCapacity: keep) }
    }

    public mutating func removeAll(where shouldRemove: (Value) throws -> Bool) rethrows {
        if let t = compactTypeID {
            try withCases { _, bytes in
                try bytes.removeAll { try shouldRemove(.enumCase(typeID: t, caseIndex: Int32($0))) }
            }
            return
        }
        try withValues { try $0.removeAll(where: shouldRemove) }
    }

    public mutating func sort(by areInIncreasingOrder: (Value, Value) throws -> Bool) rethrows {
        try withValues { try $0.sort(by: areInIncreasingOrder) }
    }

    public mutating func reverse() {
        if withCases({ _, bytes in bytes.reverse() }) != nil { return }
        withValues { $0.reverse() }
    }

    public mutating func shuffle() { withValues { $0.shuffle() } }

    public static func + (a: ValueArray, b: ValueArray) -> ValueArray {
        var out = a
        out.append(contentsOf: b)
        return out
    }

    public static func + (a: ValueArray, b: [Value]) -> ValueArray {
        var out = a
        out.append(contentsOf: b)
        return out
    }

    public static func += (a: inout ValueArray, b: ValueArray) { a.append(contentsOf: b) }
    public static func += (a: inout ValueArray, b: [Value]) { a.append(contentsOf: b) }
}

extension ValueArray: Equatable {
    public static func == (a: ValueArray, b: ValueArray) -> Bool {
        if case .cases(let t1, let x) = a, case .cases(let t2, let y) = b, t1 == t2,
           EnumHashing.of(t1) == nil {
            return x == y
        }
        guard a.count == b.count else { return false }
        for i in 0..<a.count where a[i] != b[i] { return false }
        return true
    }
}

extension Value {
    /// An array value from `[Value]` (the general form; `append` chooses the compact one).
    @inline(__always) public static func array(_ values: [Value]) -> Value { .array(.general(values)) }

    /// `append` on an array value, its storage moved out once (the hot `list.append(x)`
    /// paths); false when the value is not an array.
    @inline(__always) mutating func arrayAppend(_ x: Value) -> Bool {
        if appendToGeneral(x) || appendToCases(x) { return true }
        return withArray { $0.append(x) } != nil
    }

    // `guard case`, never `switch self` or `if case` around the change: their copy of the
    // subject would keep the storage shared, and every append would copy it whole.
    @inline(__always) private mutating func appendToGeneral(_ x: Value) -> Bool {
        guard case .array(.general(var xs)) = self, !xs.isEmpty else { return false }
        self = .void
        xs.append(x)
        self = .array(.general(xs))
        return true
    }

    @inline(__always) private mutating func appendToCases(_ x: Value) -> Bool {
        guard case .array(.cases(let t, var bytes)) = self, let b = ValueArray.caseByte(x, of: t) else { return false }
        self = .void
        bytes.append(b)
        self = .array(.cases(typeID: t, bytes))
        return true
    }
}
