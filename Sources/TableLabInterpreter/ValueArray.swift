// An array's elements. A million `Item`s as `Value`s took 24 bytes each (a `Value` is 17
// bytes, stride 24), where Swift's own `[Item]` takes one: issue 16's W1 memory goal (at most
// 2x native Swift) needs arrays of plain enum cases stored as their case indices. So an
// array that starts with a plain case (`.enumCase`, at most 256 cases) keeps its elements as
// one byte each while every element is a case of that enum, and becomes `[Value]` on the
// first other element. Reads rebuild the same `.enumCase` value, so nothing above this type
// can tell the two forms apart; only `storage` knows.

/// The elements of an array value: the `[Value]` API over two storage forms.
public struct ValueArray {
    @usableFromInline enum Storage {
        case values([Value])
        /// Every element is `.enumCase(typeID: typeID, caseIndex: Int32(byte))`.
        case cases(typeID: Int32, [UInt8])
    }

    @usableFromInline var storage: Storage

    @inlinable public init() { storage = .values([]) }
    @inlinable public init(_ values: [Value]) { storage = .values(values) }
    @inlinable public init<S: Sequence>(_ elements: S) where S.Element == Value { storage = .values(Array(elements)) }
    @inlinable init(typeID: Int32, cases: [UInt8]) { storage = .cases(typeID: typeID, cases) }

    public init(repeating value: Value, count: Int) {
        if case .enumCase(let t, let c) = value, c >= 0, c < 256 {
            storage = .cases(typeID: t, [UInt8](repeating: UInt8(truncatingIfNeeded: c), count: count))
        } else {
            storage = .values([Value](repeating: value, count: count))
        }
    }

    /// The elements as `[Value]`: free for the general form, built for the compact one.
    @inlinable public var values: [Value] {
        switch storage {
        case .values(let xs): return xs
        case .cases(let t, let bytes): return bytes.map { .enumCase(typeID: t, caseIndex: Int32($0)) }
        }
    }

    /// The address of the elements' storage: equal for copies that share it (never
    /// written to since), different after a copy-on-write copy or a change of form.
    public var storageIdentity: UnsafeRawPointer? {
        switch storage {
        case .values(let xs): return xs.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
        case .cases(_, let bytes): return bytes.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
        }
    }

    /// Whether the elements are kept as case indices.
    public var isCompact: Bool { if case .cases = storage { return true }; return false }
    /// The enum of the compact form's elements; nil for the general form.
    public var compactTypeID: Int32? { if case .cases(let t, _) = storage { return t }; return nil }

    /// The plain enum case stored compactly, or nil when `v` cannot be.
    @inline(__always) static func caseByte(_ v: Value, of typeID: Int32) -> UInt8? {
        if case .enumCase(let t, let c) = v, t == typeID, c >= 0, c < 256 { return UInt8(truncatingIfNeeded: c) }
        return nil
    }

    /// Turns the compact form into `[Value]` (before storing an element of another kind).
    @usableFromInline mutating func widen() {
        if case .cases = storage { storage = .values(values) }
    }

    /// The general form's array, changed in place: the storage is emptied first, so the
    /// array is uniquely referenced while `body` runs (no copy-on-write copy).
    @inline(__always) mutating func withValues<R>(_ body: (inout [Value]) throws -> R) rethrows -> R {
        widen()
        guard case .values(var xs) = storage else { fatalError("widened") }
        storage = .values([])
        defer { storage = .values(xs) }
        return try body(&xs)
    }

    /// The compact form's bytes, changed in place (nil when the form is the general one).
    @inline(__always) mutating func withCases<R>(_ body: (Int32, inout [UInt8]) throws -> R) rethrows -> R? {
        guard case .cases(let t, var bytes) = storage else { return nil }
        storage = .values([])
        defer { storage = .cases(typeID: t, bytes) }
        return try body(t, &bytes)
    }
}

extension ValueArray: RandomAccessCollection, MutableCollection {
    public typealias Index = Int
    public typealias Indices = Range<Int>
    public typealias SubSequence = Slice<ValueArray>

    @inlinable public var startIndex: Int { 0 }
    @inlinable public var endIndex: Int {
        switch storage {
        case .values(let xs): return xs.count
        case .cases(_, let bytes): return bytes.count
        }
    }
    @inlinable public var count: Int { endIndex }
    @inlinable public var isEmpty: Bool { endIndex == 0 }
    @inlinable public var indices: Range<Int> { 0..<endIndex }
    @inlinable public func index(after i: Int) -> Int { i + 1 }
    @inlinable public func index(before i: Int) -> Int { i - 1 }
    @inlinable public func index(_ i: Int, offsetBy n: Int) -> Int { i + n }
    @inlinable public func distance(from a: Int, to b: Int) -> Int { b - a }

    public subscript(i: Int) -> Value {
        @inline(__always) get {
            switch storage {
            case .values(let xs): return xs[i]
            case .cases(let t, let bytes): return .enumCase(typeID: t, caseIndex: Int32(bytes[i]))
            }
        }
        set {
            if case .cases(let t, _) = storage, let b = ValueArray.caseByte(newValue, of: t) {
                _ = withCases { _, bytes in bytes[i] = b }
                return
            }
            withValues { $0[i] = newValue }
        }
        _modify {
            widen()
            guard case .values(var xs) = storage else { fatalError("widened") }
            storage = .values([])
            defer { storage = .values(xs) }
            yield &xs[i]
        }
    }

    public subscript(bounds: Range<Int>) -> Slice<ValueArray> {
        get { Slice(base: self, bounds: bounds) }
        set { replaceSubrange(bounds, with: Array(newValue)) }
    }

    public var first: Value? { isEmpty ? nil : self[0] }
    public var last: Value? { isEmpty ? nil : self[endIndex - 1] }

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
        if case .cases(let t, _) = storage {
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
        switch storage {
        case .cases(let t, _):
            if let b = ValueArray.caseByte(v, of: t) {
                _ = withCases { _, bytes in bytes.append(b) }
                return
            }
        case .values(let xs):
            if xs.isEmpty, case .enumCase(let t, let c) = v, c >= 0, c < 256 {
                storage = .cases(typeID: t, [UInt8(truncatingIfNeeded: c)])
                return
            }
        }
        withValues { $0.append(v) }
    }

    public mutating func append<S: Sequence>(contentsOf new: S) where S.Element == Value {
        for v in new { append(v) }
    }

    public mutating func insert(_ v: Value, at i: Int) {
        if case .cases(let t, _) = storage, let b = ValueArray.caseByte(v, of: t) {
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
        if case .cases(let t, _) = storage {
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
        if case .cases(let t1, let x) = a.storage, case .cases(let t2, let y) = b.storage, t1 == t2,
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
    @inline(__always) public static func array(_ values: [Value]) -> Value { .array(ValueArray(values)) }
}
