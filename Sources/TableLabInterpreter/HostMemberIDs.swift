// Host objects' members by ID (issue 8). A member access, assignment or method call on a
// host object names its member once: the site turns the name into a `HostMemberID` at its
// first reach of a host object and keeps it, and each host class finds its members by that
// ID in a table made at the class's first use. Nothing here runs at start-up: the interner
// and every class's table are `static let`s, made when first read.

import Synchronization

/// A host member's name (a property, or a method's full name, `addSubview(_:)`) as a small
/// integer, the same for the same name in the whole process. It keeps its name for the host
/// classes that still answer by name and for messages.
public struct HostMemberID: Hashable, Sendable {
    public let index: Int
    public let name: String

    /// The ID of `name`, made on its first use. It takes a lock and hashes the name: a site
    /// calls it once and keeps the ID; the host's by-name callers call it on each read.
    public init(_ name: String) {
        index = HostMemberInterner.shared.index(of: name)
        self.name = name
    }

    public static func == (a: HostMemberID, b: HostMemberID) -> Bool { a.index == b.index }
    public func hash(into h: inout Hasher) { h.combine(index) }
}

/// The process's name-to-ID table. Process-wide rather than per interpreter: a host class's
/// table is a `static let`, made once for every interpreter (the tests run many at once,
/// on several threads, hence the lock).
final class HostMemberInterner: Sendable {
    static let shared = HostMemberInterner()
    private let indices = Mutex<[String: Int]>([:])

    func index(of name: String) -> Int {
        indices.withLock { d in
            if let i = d[name] { return i }
            let i = d.count
            d[name] = i
            return i
        }
    }
}

/// The members one host class answers itself, found by ID: an array indexed by the ID, so a
/// read is a bounds test and a load, not a string switch. `Member`'s raw values are Swift's
/// names (`text`, `addSubview(_:)`). A name interned after the table was made is not one of
/// its members (all of them were interned when it was made): beyond its end, nil.
public struct HostMemberTable<Member: RawRepresentable & CaseIterable & Sendable>: Sendable where Member.RawValue == String {
    private let slots: [Member?]

    public init() {
        let pairs = Member.allCases.map { (HostMemberID($0.rawValue).index, $0) }
        var slots = [Member?](repeating: nil, count: (pairs.map(\.0).max() ?? -1) + 1)
        for (i, m) in pairs { slots[i] = m }
        self.slots = slots
    }

    @inline(__always) public subscript(id: HostMemberID) -> Member? {
        id.index < slots.count ? slots[id.index] : nil
    }
}

/// An assignment site's member (`label.text = x`): its ID, found at the first assignment
/// that reaches a host object and kept for the next ones.
final class HostMemberSite {
    let name: String
    private var found: HostMemberID? = nil

    init(_ name: String) { self.name = name }

    var id: HostMemberID {
        if let found { return found }
        let id = HostMemberID(name)
        found = id
        return id
    }
}
