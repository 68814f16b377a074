// A case of one of the host's imported C enums (UIKit's `UITableViewCell.AccessoryType`,
// `NSTextAlignment`), as a property of a host object reads it. A case written `.checkmark`
// with no type stays its name (a String inside); the value a property reads carries its
// type, so that Swift's printing and its type errors can be told from a String's.
//
// What swiftc prints for an imported C enum (checked with swiftc 6.3.1 and a C module
// declaring an `enum_extensibility(open)` enum as NS_ENUM does): `print(x)` and
// `print(x as Any)` write the C type's name (`UITableViewCellAccessoryType`), inside a
// collection or a struct `__C.UITableViewCellAccessoryType`; no case name in either.

import TableLabSyntax

public final class HostEnumValue: NativeObject {
    /// Swift's spelling of the type (`UITableViewCell.AccessoryType`).
    public let swiftTypeName: String
    /// The C type's name, as the runtime knows it (`UITableViewCellAccessoryType`).
    public let cTypeName: String
    /// The case, as the host's string form spells it (`checkmark`).
    public let caseName: String

    /// The C enumerator's value, nil where the host does not list it.
    public let rawValue: Int?

    public init(swiftTypeName: String, cTypeName: String, caseName: String, rawValue: Int?) {
        self.swiftTypeName = swiftTypeName
        self.cTypeName = cTypeName
        self.caseName = caseName
        self.rawValue = rawValue
    }

    enum Member: Int, CaseIterable, Sendable {
        // Not spelt `rawValue`: the enum's own raw value has that name.
        case rawValueProperty
        static let names = ["rawValue"]
        static let table = HostMemberTable(names)
    }

    public override func member(id: HostMemberID) throws -> Value? {
        guard Member(rawValue: Member.table[id]) == .rawValueProperty else { return nil }
        guard let rawValue else { throw RuntimeError(UnsupportedMessage.rawValueNotSimulated(swiftTypeName), at: .unknown) }
        return .int(rawValue)
    }

    /// The host enum value inside `v` (through Optionals), if it is one.
    public static func of(_ v: Value) -> HostEnumValue? {
        if case .object(let e as HostEnumValue)? = v.unwrapped { return e }
        return nil
    }

    public override var typeName: String { swiftTypeName }
    public override var textDescription: String { cTypeName }
}

extension InterpreterCore {
    /// `"\(x)"` and `String(describing: x)` of a host enum's value: Swift writes
    /// `UITableViewCellAccessoryType(rawValue: 3)` when the static type is the enum and the
    /// type's name alone when it is `Any`; TableLab does not know which, so it says so.
    func refuseInterpolatedHostEnum(_ v: Value, _ loc: SourceLocation) throws {
        guard let e = HostEnumValue.of(v) else { return }
        let framework = Self.foundationEnums[e.swiftTypeName] == nil ? "UIKit" : "Foundation"
        throw RuntimeError(UnsupportedMessage.hostEnumToString(framework: framework, type: e.swiftTypeName, cType: e.cTypeName), at: loc)
    }
}

extension InterpreterCore {
    /// `case .checkmark:` over a host enum's value: the names compare; a name that is no
    /// case of the host's enums is swiftc's error.
    func hostCaseMatches(_ value: String, _ pattern: String, _ typeName: String?, _ loc: SourceLocation) throws -> Bool {
        if let typeName, let e = Self.foundationEnums[typeName] {
            guard e.value(pattern) != nil else { throw RuntimeError(RuntimeMessage.typeHasNoMember(type: typeName, member: pattern), at: loc) }
            return value == pattern
        }
        guard hosting.implicitMemberFallback?(pattern) != nil else {
            throw RuntimeError(RuntimeMessage.typeHasNoMember(type: typeName ?? "String", member: pattern), at: loc)
        }
        return value == pattern
    }
}
