// A host class's stored-only properties (a list of UIKitDefaults), found by ID (issue 8):
// each property has a place, the object keeps its values in an array by that place, and a
// read or an assignment hashes and compares no name. Each list is a `static let`, made at
// its class's first use.

import TableLabInterpreter

/// The stored-only properties of one host class: their names, UIKit's defaults and how an
/// assigned value is kept, by place (`HostMemberTable`'s index).
final class StoredMembers {
    /// How `UIKitDefaults.stored` keeps a value assigned, decided once per property.
    enum Storing {
        /// Kept as assigned.
        case plain
        /// A CGFloat: an integer literal makes one.
        case cgFloat
        /// UIEdgeInsets only.
        case edgeInsets
        /// A UIKit enum's case, kept as that enum's value.
        case enumCase(String)
    }

    /// The names in order of place (sorted: a dictionary's order is not the same twice).
    let names: [String]
    let table: HostMemberTable
    let defaults: [UIKitDefault]
    let storing: [Storing]

    init(_ defaults: [String: UIKitDefault]) {
        names = defaults.keys.sorted()
        table = HostMemberTable(names)
        self.defaults = names.compactMap { defaults[$0] }
        storing = names.map { name in
            switch defaults[name] {
            case .value(.double)?: return .cgFloat
            case _ where UIKitDefaults.edgeInsetsProperties.contains(name): return .edgeInsets
            case .value(.object(let e as HostEnumValue))?: return .enumCase(e.swiftTypeName)
            default: return .plain
            }
        }
    }

    /// A new object's values: none set.
    var unset: [Value?] { [Value?](repeating: nil, count: names.count) }

    /// The place of `id`'s property; nil for a property not listed.
    @inline(__always) func place(_ id: HostMemberID) -> Int? {
        let i = table[id]
        return i < 0 ? nil : i
    }

    /// The value at `place`: the stored one, else UIKit's default (`UIKitDefaults.read`).
    func read(_ owner: String, _ place: Int, stored: Value?) throws -> Value {
        if let stored { return stored }
        switch defaults[place] {
        case .value(let v): return v
        case .notSimulated: throw Interpreter.unsetValueError(UIKitMessage.defaultNotSimulated("\(owner).\(names[place])"))
        }
    }

    /// What a property keeps of `value` assigned (`UIKitDefaults.stored`).
    func stored(_ value: Value, at place: Int) throws -> Value {
        switch storing[place] {
        case .plain: return value
        case .cgFloat:
            if case .int(let i) = value { return .double(Double(i)) }
            return value
        case .edgeInsets: return try UIKitDefaults.edgeInsets(value, names[place])
        case .enumCase(let type):
            guard let caseName = UIKitValue.caseName(value) else { return value }
            return UIKitValue.enumValue(type, caseName)
        }
    }
}

/// One object's values of its class's stored-only properties, by place.
struct StoredValues {
    let members: StoredMembers
    var values: [Value?]

    init(_ members: StoredMembers) {
        self.members = members
        values = [Value?](repeating: nil, count: members.names.count)
    }

    /// `owner.id`: the value stored, else UIKit's default; nil for a property not listed.
    func read(_ owner: String, _ id: HostMemberID) throws -> Value? {
        guard let place = members.place(id) else { return nil }
        return try members.read(owner, place, stored: values[place])
    }

    /// Stores `value` into a listed property, as assigned or, `converting`, as
    /// `UIKitDefaults.stored` keeps it; false for a property not listed.
    mutating func assign(_ id: HostMemberID, _ value: Value, converting: Bool) throws -> Bool {
        guard let place = members.place(id) else { return false }
        values[place] = converting ? try members.stored(value, at: place) : value
        return true
    }

    /// The value stored by name, for the host's own readers (drawing, the search
    /// controller's screen); nil unset or not listed.
    subscript(_ name: String) -> Value? {
        members.place(HostMemberID(name)).flatMap { values[$0] }
    }
}
