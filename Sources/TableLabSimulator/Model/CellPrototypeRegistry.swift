/// The cell prototypes a table can dequeue, as a storyboard registers them.
public struct CellPrototypeRegistry: Equatable, Sendable {
    /// The prototypes every table starts with, in the order they are listed.
    public static let storyboardPrototypes: [(identifier: String, style: CellStyle)] = [
        ("BasicCell", .default),
        ("SubtitleCell", .subtitle),
        ("RightDetailCell", .value1),
        ("LeftDetailCell", .value2),
    ]

    private var styles: [String: CellStyle] = [:]
    /// Identifiers registered with a script's cell class (`register(MyCell.self, ...)`) or
    /// with a nib (`register(UINib(nibName: "MyCell", bundle: nil), ...)`).
    private var sources: [String: CellSource] = [:]
    /// The storyboard prototypes no registration has replaced yet.
    private var builtIn: Set<String> = []
    /// Identifiers in registration order (re-registering keeps the first position).
    public private(set) var identifiers: [String] = []

    /// A registry holding the four storyboard prototypes, or (`storyboardPrototypes: false`,
    /// a table view made in code) none: such a table has only what code registers.
    public init(storyboardPrototypes: Bool = true) {
        guard storyboardPrototypes else { return }
        for prototype in Self.storyboardPrototypes {
            register(prototype.identifier, style: prototype.style)
        }
        builtIn = Set(identifiers)
    }

    /// Registers `identifier`, or changes its style when it is already registered
    /// (UIKit's register(_:forCellReuseIdentifier:) replaces too).
    public mutating func register(_ identifier: String, style: CellStyle) {
        sources[identifier] = nil
        builtIn.remove(identifier)
        if styles.updateValue(style, forKey: identifier) == nil {
            identifiers.append(identifier)
        }
    }

    /// Registers `identifier` with a class or a nib; a later registration replaces it, as
    /// in UIKit. Cells of a class or nib start as `.default` cells (UIKit's
    /// `init(style:reuseIdentifier:)` is called with `.default`; a nib's cell is custom).
    public mutating func register(_ identifier: String, source: CellSource) {
        register(identifier, style: .default)
        sources[identifier] = source
    }

    /// Whether `identifier` is one of the built-in storyboard prototypes, not registered since.
    public func isBuiltIn(_ identifier: String) -> Bool {
        builtIn.contains(identifier)
    }

    /// What `identifier` was registered with, when it was a class or a nib.
    public func source(forIdentifier identifier: String) -> CellSource? {
        sources[identifier]
    }

    /// The style of a registered identifier, nil when unknown.
    public func style(forIdentifier identifier: String) -> CellStyle? {
        styles[identifier]
    }

    /// The style to dequeue for `identifier`, or UIKit's error for an unknown one.
    public func dequeueStyle(withIdentifier identifier: String) throws(DequeueError) -> CellStyle {
        guard let style = styles[identifier] else { throw DequeueError(identifier: identifier) }
        return style
    }

    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.identifiers == rhs.identifiers && lhs.styles == rhs.styles && lhs.sources == rhs.sources && lhs.builtIn == rhs.builtIn
    }
}

/// Where a registered cell comes from, when it is not one of the built-in styles.
public enum CellSource: Equatable, Sendable {
    /// `register(MyCell.self, forCellReuseIdentifier:)`: UIKit makes the cell with
    /// `init(style: .default, reuseIdentifier:)`; its outlets stay nil.
    case cellClass(String)
    /// `register(UINib(nibName: name, bundle:), ...)`: the nib's cell, `init?(coder:)`,
    /// outlets connected, `awakeFromNib()`. `cellClass` is the script's class of that name
    /// (nil: a plain UITableViewCell).
    case nib(name: String, cellClass: String?)
    /// A storyboard prototype whose identifier names a script's cell class.
    case storyboard(cellClass: String)

    /// The script class the cell is an instance of, nil for a plain UITableViewCell.
    public var cellClass: String? {
        switch self {
        case .cellClass(let c), .storyboard(let c): return c
        case .nib(_, let c): return c
        }
    }

    /// Made by decoding an archive (a nib or storyboard): `init?(coder:)`, outlets, `awakeFromNib()`.
    public var isArchived: Bool {
        if case .cellClass = self { return false }
        return true
    }
}

/// dequeueReusableCell(withIdentifier:for:) with an identifier nothing registered.
public struct DequeueError: Error, Equatable, Sendable, CustomStringConvertible {
    public var identifier: String

    public init(identifier: String) { self.identifier = identifier }

    /// UIKit's exception reason, word for word.
    public var message: String {
        TableMessage.unableToDequeue(identifier: identifier).text
    }

    public var description: String { message }
}
