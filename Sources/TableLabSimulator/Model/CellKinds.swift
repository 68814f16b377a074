/// The four UITableViewCell styles (UITableViewCell.CellStyle).
public enum CellStyle: String, CaseIterable, Sendable {
    /// A text label only, with its own alignment.
    case `default`
    /// A text label with a dimmer detail line underneath.
    case subtitle
    /// Text on the left, detail right-aligned in grey (Settings' "Right Detail").
    case value1
    /// A narrow right-aligned blue text label, then the detail (Contacts' "Left Detail").
    case value2

    /// As in UIKit, a `.default` cell has no detailTextLabel.
    public var hasDetailTextLabel: Bool { self != .default }

    /// The alignment UIKit gives the style's labels (Interface Builder archives them so):
    /// `.value2`'s title and `.value1`'s detail are right-aligned, the others left.
    public var textLabelAlignment: TextAlignment { self == .value2 ? .right : .left }
    public var detailLabelAlignment: TextAlignment { self == .value1 ? .right : .left }

    /// The Swift spelling, e.g. `.value1`.
    public var swiftName: String { "." + rawValue }
}

/// UITableViewCell.AccessoryType.
public enum AccessoryType: String, CaseIterable, Sendable {
    case none
    case disclosureIndicator
    case detailDisclosureButton
    case checkmark
    case detailButton

    /// What the accessory looks like at the right edge of a rendered cell ("" for none).
    public var glyph: String {
        switch self {
        case .none: return ""
        case .disclosureIndicator: return "›"
        case .detailDisclosureButton: return "ⓘ ›"
        case .checkmark: return "✓"
        case .detailButton: return "ⓘ"
        }
    }

    public var swiftName: String { "." + rawValue }
}

/// NSTextAlignment, as far as a one-line label uses it.
public enum TextAlignment: String, CaseIterable, Sendable {
    case left
    case center
    case right

    public var swiftName: String { "." + rawValue }
}

/// UITableViewCell.SelectionStyle.
public enum SelectionStyle: String, CaseIterable, Sendable {
    case none
    case blue
    case gray
    case `default`

    public var swiftName: String { "." + rawValue }
}
