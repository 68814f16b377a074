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

/// A literal where an ID is expected (`properties["text"]`, a dictionary literal of a
/// class's defaults) is the ID of its name, for the host's code that still writes names.
/// Each evaluation interns the name as `init(_:)` does, under the lock: code that runs on
/// every member read or object made keeps its IDs in `static let`s instead. The literal is a
/// StaticString so that `HostMemberID.init` names one initializer, `init(_:)`.
extension HostMemberID: ExpressibleByStringLiteral {
    public init(stringLiteral name: StaticString) {
        self.init(name.withUTF8Buffer { String(decoding: $0, as: UTF8.self) })
    }
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

/// The members one host class answers itself, found by ID: an array indexed by the ID that
/// holds each member's place in the class's list of names, so a read is a bounds test and a
/// load, not a string switch. The class keeps its members as an enum with Int raw values in
/// the order of the names (`Member(rawValue: table[id])`): not generic, since a debug build
/// does not specialize a generic table across modules and paid for it on every read. A
/// name interned after the table was made is none of its members (all of them were
/// interned when it was made): beyond its end, -1.
public struct HostMemberTable: Sendable {
    private let slots: [Int16]

    public init(_ names: [String]) {
        let ids = names.map { HostMemberID($0).index }
        var slots = [Int16](repeating: -1, count: (ids.max() ?? -1) + 1)
        for (position, i) in ids.enumerated() { slots[i] = Int16(position) }
        self.slots = slots
    }

    /// The place of `id`'s member in the names the table was made from; -1 for none.
    @inline(__always) public subscript(id: HostMemberID) -> Int {
        id.index < slots.count ? Int(slots[id.index]) : -1
    }
}

/// An assignment site's member (`label.text = x`): its ID, found at the first assignment
/// that reaches a host object and kept for the next ones.
final class HostMemberSite {
    let name: String
    /// Unchecked as MemberCache's fields are: only the interpreter's thread reaches it.
    @exclusivity(unchecked) private var found: HostMemberID? = nil

    init(_ name: String) { self.name = name }

    var id: HostMemberID {
        if let found { return found }
        let id = HostMemberID(name)
        found = id
        return id
    }
}
