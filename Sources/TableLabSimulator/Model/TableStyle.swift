// UITableView.Style and what it changes: the default heights of section headers and
// footers, and how `:show` and `--svg` draw the sections. Also the value types of a
// section's header and footer views and of swipe actions, as the simulator snapshots them.

/// UITableView.Style. `.plain` is UIKit's default: `UITableView(frame:)`,
/// `UITableViewController()` (`init(style: .plain)`) and a table view dragged into a
/// storyboard (Interface Builder's Style attribute starts at Plain) are all plain.
public enum TableStyle: String, CaseIterable, Sendable {
    case plain, grouped, insetGrouped

    /// `.insetGrouped`, as Swift spells the case.
    public var swiftName: String { "." + rawValue }

    /// Interface Builder's name for it, in the table view's Style menu.
    public var interfaceBuilderName: String {
        switch self {
        case .plain: return "Plain"
        case .grouped: return "Grouped"
        case .insetGrouped: return "Inset Grouped"
        }
    }

    /// The style a case name from a script (`.grouped`, Swift 2's `.Grouped`) names.
    public init?(caseName: String) {
        guard let first = caseName.first else { return nil }
        self.init(rawValue: first.lowercased() + caseName.dropFirst())
    }
}

extension TableMetrics {
    // UIKit's default section header and footer heights (iOS 13 to 17, points). They are
    // what `tableView.rectForHeader(inSection:)` answers for a table whose delegate has
    // no heightForHeaderInSection/heightForFooterInSection and leaves
    // sectionHeaderHeight/sectionFooterHeight at UITableView.automaticDimension.
    // UIKit cannot run on Linux: these follow Apple's documentation of the styles
    // ("Plain: section headers and footers float ...; grouped: sections separated by
    // space", UITableView.Style) and the heights the views measure on a device:
    // - plain: a header or footer exists only when the section has a title or a view:
    //   one line of text on a 28-point strip; otherwise none at all (0), so plain tables
    //   have no gaps between sections;
    // - grouped and insetGrouped: every section is set apart by a gap, a title adds the
    //   room for one line of footnote text (38 points), an untitled header or footer is
    //   the 18-point gap.

    /// A plain table's header or footer strip with one line of text.
    public static let plainHeaderHeight: Double = 28

    /// The default header height of a section in `style`, when it has a title or a view.
    public static func defaultHeaderHeight(_ style: TableStyle, hasContent: Bool) -> Double {
        switch style {
        case .plain: return hasContent ? plainHeaderHeight : 0
        case .grouped, .insetGrouped: return groupedHeaderHeight(hasTitle: hasContent)
        }
    }

    /// The default footer height of a section in `style`, when it has a title or a view.
    public static func defaultFooterHeight(_ style: TableStyle, hasContent: Bool) -> Double {
        switch style {
        case .plain: return hasContent ? plainHeaderHeight : 0
        case .grouped, .insetGrouped: return groupedFooterHeight(hasTitle: hasContent)
        }
    }
}

/// A view returned by viewForHeaderInSection / viewForFooterInSection: a `UILabel`, a
/// `UIView` holding labels, or a `UITableViewHeaderFooterView`; drawn in place of the title.
public struct HeaderFooterSnapshot: Equatable, Sendable {
    /// `UILabel`, `UIView`, `UITableViewHeaderFooterView`, or the script's subclass.
    public var typeName: String
    /// The labels the view shows, in the order they were added (a header-footer view's
    /// `textLabel` first, then its `detailTextLabel`).
    public var labels: [LabelSnapshot]
    /// `backgroundColor` (or a header-footer view's `backgroundView?.backgroundColor`).
    public var backgroundColorName: String?

    public init(typeName: String, labels: [LabelSnapshot] = [], backgroundColorName: String? = nil) {
        self.typeName = typeName
        self.labels = labels
        self.backgroundColorName = backgroundColorName
    }

    /// The text the view shows, labels joined by two spaces.
    public var text: String {
        labels.filter(\.isVisible).compactMap(\.text).joined(separator: "  ")
    }
}
