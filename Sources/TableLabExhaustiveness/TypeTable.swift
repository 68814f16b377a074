// Interned types: the space engine compares types by a small integer, never by name.

import TableLabSyntax

/// An enum's cases with a name-to-index map, built once per enum version and reused.
final class EnumInfo {
    let name: String
    let cases: [String]
    /// Per case, its associated values (nil for a plain case); nil when no case has any.
    let payloads: [[AssociatedValueType]?]?
    let traits: EnumTraits
    /// `@frozen public`: no unknown future cases, even where swiftc would otherwise look
    /// for them (an enum all of whose cases are uninhabited).
    var isFrozen: Bool { traits.isFrozen }
    private(set) lazy var index = CaseIndex(cases)
    init(name: String, cases: [String], payloads: [[AssociatedValueType]?]? = nil, traits: EnumTraits = EnumTraits()) {
        self.name = name; self.cases = cases; self.payloads = payloads; self.traits = traits
    }

    /// Whether case `i` is `@available(*, unavailable)`: swiftc does not ask for it.
    @inline(__always) func isUnavailable(_ i: Int32) -> Bool {
        !traits.unavailableCases.isEmpty && traits.unavailableCases.contains(i)
    }
}

/// What an enum's declaration says beyond its cases and payloads, for the checker.
public struct EnumTraits: Equatable, Sendable {
    /// `@frozen public` (or `@_frozen`).
    public var isFrozen = false
    /// The indices of the cases unavailable on the platform TableLab plays.
    public var unavailableCases: Set<Int32> = []
    /// Imported from a system module and not frozen, as UIKit's C enums are (NS_ENUM is
    /// `enum_extensibility(open)`): a value may be a case added in a later SDK, so swiftc
    /// asks a switch to handle it (`@unknown default`) where a script's own enum needs nothing.
    public var isImportedOpen = false
    public init(isFrozen: Bool = false, unavailableCases: Set<Int32> = [], isImportedOpen: Bool = false) {
        self.isFrozen = isFrozen; self.unavailableCases = unavailableCases; self.isImportedOpen = isImportedOpen
    }
    public init(_ e: EnumDecl) {
        isFrozen = e.isFrozen
        for (i, c) in e.cases.enumerated() where c.isUnavailable { unavailableCases.insert(Int32(i)) }
    }
}

/// Remembers the case index of each enum between checks, so that the 10,000-case enum
/// pays for its dictionary once per version, not once per switch.
final class EnumInfoCache {
    private var byName: [String: EnumInfo] = [:]
    /// The associated values of an enum's cases, by enum name (PayloadSpaces.swift).
    var casePayloads: (String) -> [[AssociatedValueType]?]? = { _ in nil }
    /// An enum's cases by name, for the types of associated values.
    var enumCases: (String) -> [String]? = { _ in nil }
    /// An enum's traits (`@frozen public`, unavailable cases), by name.
    var traits: (String) -> EnumTraits = { _ in EnumTraits() }

    func info(name: String, cases: [String]) -> EnumInfo {
        let payloads = casePayloads(name)
        let declared = traits(GenericEnumName.split(name)?.base ?? name)
        // `==` on arrays short-circuits when both share one buffer (the usual case).
        if let known = byName[name], known.cases == cases, known.payloads == payloads, known.traits == declared { return known }
        let fresh = EnumInfo(name: name, cases: cases, payloads: payloads, traits: declared)
        byName[name] = fresh
        return fresh
    }
}

typealias TypeID = Int32

/// Hash-consed types of one check.
struct TypeTable {
    enum Kind {
        case enumeration(EnumInfo)
        case bool
        case optional(TypeID)
        case tuple([TypeID])
        case open(String)
    }
    private enum Key: Hashable {
        case enumeration(ObjectIdentifier), bool, optional(TypeID), tuple([TypeID]), open(String)
    }
    private(set) var kinds: [Kind] = []
    private var ids: [Key: TypeID] = [:]
    /// For an enum with associated values, each case's payload types (nil: a plain case).
    private(set) var payloadTypes: [TypeID: [[TypeID]?]] = [:]
    let cache: EnumInfoCache

    init(cache: EnumInfoCache) { self.cache = cache }

    mutating func intern(_ t: SubjectType) -> TypeID {
        switch t {
        case .enumeration(let name, let cases):
            let info = cache.info(name: name, cases: cases)
            let id = add(.enumeration(ObjectIdentifier(info)), .enumeration(info))
            if let payloads = info.payloads, payloadTypes[id] == nil {
                // Registered before the payloads are interned: an indirect enum refers to itself.
                payloadTypes[id] = []
                let lookup = cache.enumCases
                payloadTypes[id] = payloads.map { values in
                    values.map { $0.map { intern(SubjectType($0.type, enumCases: lookup)) } }
                }
            }
            return id
        case .bool: return add(.bool, .bool)
        case .optional(let w):
            let wid = intern(w)
            return add(.optional(wid), .optional(wid))
        case .tuple(let ts):
            let ids = ts.map { intern($0) }
            return add(.tuple(ids), .tuple(ids))
        case .open(let name): return add(.open(name), .open(name))
        }
    }

    private mutating func add(_ key: Key, _ kind: Kind) -> TypeID {
        if let id = ids[key] { return id }
        let id = TypeID(kinds.count)
        kinds.append(kind)
        ids[key] = id
        return id
    }

    subscript(id: TypeID) -> Kind { kinds[Int(id)] }

    func canDecompose(_ id: TypeID) -> Bool {
        if case .open = self[id] { return false }
        return true
    }

    /// swiftc's "structurally uninhabited": `Never`, an enum without cases, or a tuple
    /// holding one. An enum whose every case carries such a payload is not: swiftc still
    /// decomposes it (and finds only its unknown future cases).
    func isStructurallyUninhabited(_ id: TypeID) -> Bool {
        switch self[id] {
        case .enumeration(let info): return info.cases.isEmpty
        case .tuple(let ts): return ts.contains { isStructurallyUninhabited($0) }
        case .open(let name): return name == "Never" || name == "Swift.Never"
        case .bool, .optional: return false
        }
    }

    /// swiftc's `Space::forType`: no value can have an uninhabited type, so its space is
    /// empty, and so is a constructor with such an argument (`.x(Never)` needs no case).
    func typeSpace(_ id: TypeID) -> Space {
        isStructurallyUninhabited(id) ? .empty : .type(id)
    }

    /// Swift's spelling, for `type 'Item?' has no member ...`.
    func name(_ id: TypeID) -> String {
        switch self[id] {
        case .enumeration(let info): return info.name
        case .bool: return "Bool"
        case .optional(let w): return name(w) + "?"
        case .tuple(let ts): return "(" + ts.map { name($0) }.joined(separator: ", ") + ")"
        case .open(let n): return n
        }
    }

    /// The name of constructor `head` of type `id` (empty for a tuple).
    func constructorName(_ id: TypeID, _ head: Int32) -> String {
        switch self[id] {
        case .enumeration(let info): return info.cases[Int(head)]
        case .optional: return head == Head.none ? "none" : "some"
        default: return ""
        }
    }
}

/// Constructor heads that are not enum case indices.
enum Head {
    static let tuple: Int32 = -1
    static let none: Int32 = 0
    static let some: Int32 = 1
}

/// Case name to case index: an open-addressing table over a cheap FNV-1a hash of the
/// UTF-8 bytes. Looking a name up is a hash and one string comparison, several times
/// faster than a `Dictionary<String, _>` (SipHash), which shows on a 10,000-case switch.
struct CaseIndex {
    private var slots: [Int32]          // case index + 1; 0 = empty
    private let names: [String]
    private let mask: Int

    init(_ names: [String]) {
        self.names = names
        var capacity = 16
        while capacity < names.count * 2 { capacity <<= 1 }
        mask = capacity - 1
        slots = Array(repeating: 0, count: capacity)
        insertion: for (i, name) in names.enumerated() {
            var at = Self.hash(name) & mask
            while slots[at] != 0 {
                if names[Int(slots[at] - 1)] == name { continue insertion }   // first declaration wins
                at = (at + 1) & mask
            }
            slots[at] = Int32(i + 1)
        }
    }

    subscript(name: String) -> Int32? {
        var at = Self.hash(name) & mask
        while true {
            let slot = slots[at]
            if slot == 0 { return nil }
            if names[Int(slot - 1)] == name { return slot - 1 }
            at = (at + 1) & mask
        }
    }

    private static func hash(_ s: String) -> Int {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in s.utf8 { h = (h ^ UInt64(b)) &* 0x100_0000_01b3 }
        return Int(truncatingIfNeeded: h ^ (h >> 29))
    }
}
