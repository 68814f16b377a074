// A host class's stored-only properties (a list of UIKitDefaults), found by ID (issue 8):
// each property has a place, the object keeps its values in an array by that place, and a
// read or an assignment hashes and compares no name. Each list is a `static let`, made at
// its class's first use. The one mechanism for every host class whose properties are only
// stored: the view controller, its navigation item and bar, a screen's root view, the
// header-footer view, swipe actions, the cell, the table view and a layout constraint.

import TableLabInterpreter

/// The stored-only properties of one host class: their names, UIKit's defaults and how an
/// assigned value is kept, by place (`HostMemberTable`'s index).
final class StoredMembers: Sendable {
    /// How a value assigned is kept (`stored(_:at:)`), decided once per property.
    enum Storing: Sendable {
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
    /// nil for a property kept with no default of UIKit's listed (`alsoStored`).
    let defaults: [UIKitDefault?]
    let storing: [Storing]

    /// `alsoStored`: properties the class keeps too whose unset value its own code decides
    /// (a cell's `layer`, made at its first read; the table view's `allowsSelection`).
    init(_ defaults: [String: UIKitDefault], alsoStored: [String] = []) {
        names = (Array(defaults.keys) + alsoStored).sorted()
        table = HostMemberTable(names)
        self.defaults = names.map { defaults[$0] }
        storing = names.map { name in
            switch defaults[name] {
            case .value(let c)?:
                if case .double = c.value { return .cgFloat }
                if UIKitDefaults.edgeInsetsProperties.contains(name) { return .edgeInsets }
                if case .object(let e as HostEnumValue) = c.value { return .enumCase(e.swiftTypeName) }
                return .plain
            case _ where UIKitDefaults.edgeInsetsProperties.contains(name): return .edgeInsets
            default: return .plain
            }
        }
    }

    /// An object's values once it stores one: none set.
    var unset: [Value?] { [Value?](repeating: nil, count: names.count) }

    /// The place of `id`'s property; nil for a property not listed.
    @inline(__always) func place(_ id: HostMemberID) -> Int? {
        let i = table[id]
        return i < 0 ? nil : i
    }

    /// The value at `place`: the stored one, else UIKit's default; nil unset with none listed.
    func read(_ owner: String, _ place: Int, stored: Value?) throws -> Value? {
        if let stored { return stored }
        switch defaults[place] {
        case .value(let c)?: return c.value
        case .notSimulated?: throw Interpreter.unsetValueError(UIKitMessage.defaultNotSimulated("\(owner).\(names[place])"))
        case nil: return nil
        }
    }

    /// What a property keeps of `value` assigned: an integer literal given to a CGFloat
    /// property makes a CGFloat, as in Swift (`sectionHeaderHeight = 40` reads back 40.0); a
    /// UIEdgeInsets property takes UIEdgeInsets only (`UIKitDefaults.edgeInsets`, `.zero`
    /// being the interpreter's of `zeros`); a case
    /// given as its name reads back as the enum's value, as the default does.
    func stored(_ value: Value, at place: Int, zeros: GeometryZeros) throws -> Value {
        switch storing[place] {
        case .plain: return value
        case .cgFloat:
            if case .int(let i) = value { return .double(Double(i)) }
            return value
        case .edgeInsets: return try UIKitDefaults.edgeInsets(value, names[place], zeros)
        case .enumCase(let type):
            guard let caseName = UIKitValue.caseName(value) else { return value }
            return UIKitValue.enumValue(type, caseName)
        }
    }
}

/// One object's values of its class's stored-only properties, by place.
struct StoredValues {
    let members: StoredMembers
    /// Empty until a value is stored: most objects made (a cell for each row) set none.
    private var values: [Value?] = []

    init(_ members: StoredMembers) { self.members = members }

    /// The value stored at `place`, nil unset.
    @inline(__always) func value(at place: Int) -> Value? { values.isEmpty ? nil : values[place] }

    mutating func set(_ value: Value?, at place: Int) {
        if values.isEmpty { values = members.unset }
        values[place] = value
    }

    /// `owner.id`: the value stored, else UIKit's default; nil for a property not listed.
    func read(_ owner: String, _ id: HostMemberID) throws -> Value? {
        guard let place = members.place(id) else { return nil }
        return try members.read(owner, place, stored: value(at: place))
    }

    /// Stores `value` into a listed property, as assigned (`converting` nil) or as
    /// `StoredMembers.stored(_:at:zeros:)` keeps it with the interpreter's `.zero` values;
    /// false for a property not listed.
    mutating func assign(_ id: HostMemberID, _ value: Value, converting zeros: GeometryZeros?) throws -> Bool {
        guard let place = members.place(id) else { return false }
        set(try zeros.map { try members.stored(value, at: place, zeros: $0) } ?? value, at: place)
        return true
    }

    /// `read` of a value stored here, else in `under` (the same class's values another
    /// source gives, read until the script sets its own: a storyboard's table view).
    func read(_ owner: String, _ id: HostMemberID, under: StoredValues) throws -> Value? {
        guard let place = members.place(id) else { return nil }
        return try members.read(owner, place, stored: value(at: place) ?? under.value(at: place))
    }

    /// The value stored for `id`, as the simulator reads and sets it itself (a storyboard's
    /// values, drawing, selection), by the IDs it keeps; nil unset or not listed. Setting
    /// a property the class does not list is a mistake in the simulator's code.
    subscript(_ id: HostMemberID) -> Value? {
        get { members.place(id).flatMap(value(at:)) }
        set {
            guard let place = members.place(id) else { preconditionFailure("\(id.name) is not stored") }
            set(newValue, at: place)
        }
    }

    /// The value stored by name, for the host's own readers (drawing, the search
    /// controller's screen); nil unset or not listed.
    subscript(_ name: String) -> Value? { self[HostMemberID(name)] }
}
