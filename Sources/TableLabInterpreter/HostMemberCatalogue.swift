// The members of the host's types (UIKit's classes), so that the member check before a run
// (MemberNameCheck.swift) finds `cell.textLabel?.txt` as swiftc does, and the static typer
// follows `cell.textLabel` to a UILabel. The interpreter names no UIKit type: the host
// gives, for a type name, what it knows of that type's members.

import TableLabSyntax

/// What the host knows of the members of one of its types.
public struct HostMemberCatalogue: Sendable {
    /// Every member the type's values have: its own, its superclasses', its protocols'.
    public var names: Set<String>
    /// A property's type by its name, a method's result by its full name (`cellForRow(at:)`).
    public var types: [String: TypeSyntax]
    /// The type, its superclasses and its protocols: a script extending any of them may
    /// give the type's values members of its own.
    public var lineage: [String]
    /// The full names of the initializers that may fail (`init(named:)`: `UIImage(named:)` is a `UIImage?`).
    public var failableInitializers: Set<String>
    /// The properties declared implicitly unwrapped (`view: UIView!`): `view.x` reaches the
    /// wrapped value, so swiftc names `UIView`, not `UIView?`, when `x` is missing.
    public var implicitlyUnwrapped: Set<String>
    /// A protocol (`UITableViewDataSource`): a value of its type is swiftc's `any P`, and
    /// its `names` are every member such a value has (its requirements, NSObjectProtocol's),
    /// so a name not among them is missing, near one or not.
    public var isProtocol: Bool
    /// The properties without a setter (`visibleCells`, `contentView`): an assignment to one
    /// is swiftc's "is a get-only property" (HostPropertyWriteCheck.swift).
    public var getOnly: Set<String>

    public init(names: Set<String>, types: [String: TypeSyntax], lineage: [String], failableInitializers: Set<String>,
                implicitlyUnwrapped: Set<String> = [], isProtocol: Bool = false, getOnly: Set<String> = []) {
        self.names = names; self.types = types; self.lineage = lineage; self.failableInitializers = failableInitializers
        self.implicitlyUnwrapped = implicitlyUnwrapped; self.isProtocol = isProtocol; self.getOnly = getOnly
    }
}

extension Interpreter {
    /// The host's message for a member that a third-party library gives its type and the
    /// type itself lacks (`label.snp`: SnapKit's), by the host class, the type as swiftc
    /// spells it there (a script subclass's name, `UIView?`) and the member; nil: none.
    public var thirdPartyMemberMessage: ((_ hostClass: String, _ spelled: String, _ member: String) -> (any DiagnosticMessage)?)? {
        get { core.hosting.thirdPartyMember }
        set { core.hosting.thirdPartyMember = newValue }
    }
}

extension Interpreter {
    /// The host's properties without a setter of a type (nil: the host does not know the type).
    public var hostGetOnlyProperties: ((_ typeName: String) -> Set<String>?)? {
        get { core.hosting.getOnlyProperties }
        set { core.hosting.getOnlyProperties = newValue }
    }

    /// The host's catalogue of a type's members (nil: the host does not know the type).
    public var hostMemberCatalogue: ((_ typeName: String) -> HostMemberCatalogue?)? {
        get { core.hosting.memberCatalogue }
        set { core.hosting.memberCatalogue = newValue }
    }

    /// Every member name of every type the host catalogues: a bare name one edit from one of
    /// them and in no catalogue is a misspelling (FunctionNameCheck.swift, hostSubclassLacks).
    public var hostEveryMemberName: () -> [String] {
        get { core.hosting.everyMemberName }
        set { core.hosting.everyMemberName = newValue }
    }

    /// The numeric parameter types of the host's callables, by full name (HostArgumentContexts.swift).
    public var hostParameterTypes: ((_ fullName: String) -> [String?]?)? {
        get { core.hosting.parameterTypes }
        set { core.hosting.parameterTypes = newValue }
    }

    /// The numeric type of a host property, by name.
    public var hostPropertyType: ((_ name: String) -> String?)? {
        get { core.hosting.propertyType }
        set { core.hosting.propertyType = newValue }
    }
}

/// The standard library's member names per type (StandardLibraryMemberData.swift, read from
/// the toolchain's own modules), and the protocols whose extensions add to them.
enum StandardLibraryMembers {
    static let names: [String: Set<String>] = StandardLibraryMemberData.members.mapValues {
        Set($0.split(separator: " ").map(String.init))
    }

    /// The standard protocols each type conforms to: an extension of one gives it members.
    static let protocols: [String: [String]] = [
        "Array": NearMisses.arrayProtocols,
        "Set": ["Set", "SetAlgebra", "Sequence", "Collection", "Hashable", "Equatable", "Encodable", "Decodable",
                "Codable", "CustomStringConvertible", "CustomDebugStringConvertible", "ExpressibleByArrayLiteral", "Sendable"],
        "Dictionary": ["Dictionary", "Sequence", "Collection", "Equatable", "Hashable", "Encodable", "Decodable", "Codable",
                       "CustomStringConvertible", "CustomDebugStringConvertible", "ExpressibleByDictionaryLiteral", "Sendable"],
        "String": stringProtocols("String"), "Substring": stringProtocols("Substring"),
        "Character": ["Character", "Comparable", "Equatable", "Hashable", "CustomStringConvertible",
                      "CustomDebugStringConvertible", "TextOutputStreamable", "LosslessStringConvertible", "Sendable"],
    ].merging(StandardLibraryMemberData.lineage.mapValues { $0.split(separator: " ").map(String.init) }) { hand, _ in hand }

    private static func stringProtocols(_ t: String) -> [String] {
        [t, "StringProtocol", "Sequence", "Collection", "BidirectionalCollection", "RangeReplaceableCollection", "Comparable",
         "Equatable", "Hashable", "Encodable", "Decodable", "Codable", "CustomStringConvertible", "CustomDebugStringConvertible",
         "TextOutputStream", "TextOutputStreamable", "LosslessStringConvertible", "ExpressibleByStringLiteral",
         "ExpressibleByStringInterpolation", "CustomReflectable", "Sendable"]
    }
}
