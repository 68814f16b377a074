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
    /// Identifiers in registration order (re-registering keeps the first position).
    public private(set) var identifiers: [String] = []

    /// A registry holding the four storyboard prototypes.
    public init() {
        for prototype in Self.storyboardPrototypes {
            register(prototype.identifier, style: prototype.style)
        }
    }

    /// Registers `identifier`, or changes its style when it is already registered
    /// (UIKit's register(_:forCellReuseIdentifier:) replaces too).
    public mutating func register(_ identifier: String, style: CellStyle) {
        if styles.updateValue(style, forKey: identifier) == nil {
            identifiers.append(identifier)
        }
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
        lhs.identifiers == rhs.identifiers && lhs.styles == rhs.styles
    }
}

/// dequeueReusableCell(withIdentifier:for:) with an identifier nothing registered.
public struct DequeueError: Error, Equatable, Sendable, CustomStringConvertible {
    public var identifier: String

    public init(identifier: String) { self.identifier = identifier }

    /// UIKit's exception reason, word for word.
    public var message: String {
        "unable to dequeue a cell with identifier '\(identifier)' - must register a nib or a class for the identifier"
    }

    public var description: String { message }
}
