// Value types describing what the simulated table shows at one moment. The simulator fills
// them from the script's data source; the renderer and the JSON writer only read them.

/// A section and row, as IndexPath has them for a table view.
public struct TableIndexPath: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var section: Int
    public var row: Int

    public init(section: Int, row: Int) {
        self.section = section
        self.row = row
    }

    public static func < (lhs: TableIndexPath, rhs: TableIndexPath) -> Bool {
        (lhs.section, lhs.row) < (rhs.section, rhs.row)
    }

    /// `[0, 4]`, as Swift prints an IndexPath.
    public var description: String { "[\(section), \(row)]" }
}

/// One UILabel of a cell.
public struct LabelSnapshot: Equatable, Sendable {
    /// nil when the script never set it (UIKit shows nothing).
    public var text: String?
    /// Where the text is drawn (`.natural` and `.justified` draw a line as `.left` does).
    public var alignment: TextAlignment
    /// NSTextAlignment's case as `textAlignment` reads it back: UIKit's default is `natural`.
    public var alignmentCase: String
    /// A colour name as the script wrote it (`"red"`, `"systemBlue"`), nil for the default.
    public var colorName: String?
    /// UIView's `alpha`, as set: 0 hides the label (its space stays), values between 0
    /// and 1 draw it dimmed. UIKit keeps it apart from `isHidden`.
    public var alpha: Double
    /// UIView's `isHidden`: the label draws nothing and keeps its alpha.
    public var isHidden: Bool

    public init(text: String? = nil, alignment: TextAlignment = .left,
                colorName: String? = nil, alpha: Double = 1) {
        self.text = text
        self.alignment = alignment
        self.alignmentCase = alignment == .left ? "natural" : alignment.rawValue
        self.colorName = colorName
        self.alpha = alpha
        self.isHidden = false
    }

    /// The opacity the label is drawn with: 0 when hidden.
    public var drawnAlpha: Double { isHidden ? 0 : alpha }

    /// False when the label draws nothing: no text, hidden or fully transparent.
    public var isVisible: Bool { drawnAlpha > 0 && !(text ?? "").isEmpty }
}

/// A cell as returned by cellForRow.
public struct CellSnapshot: Equatable, Sendable {
    public var reuseIdentifier: String
    public var style: CellStyle
    public var textLabel: LabelSnapshot
    /// nil for `.default` cells, as in UIKit.
    public var detailTextLabel: LabelSnapshot?
    public var accessoryType: AccessoryType
    public var selectionStyle: SelectionStyle
    /// The script's cell class (`MyCell`), nil for a UITableViewCell (CellContent.swift).
    public var cellClass: String? = nil
    /// The image of the cell's imageView (or content configuration), by name.
    public var imageName: String? = nil
    /// A view set as `accessoryView` (drawn instead of the accessory type, as UIKit does).
    public var accessoryView: AccessoryViewSnapshot? = nil
    /// The cell class's `@IBOutlet` views, in declaration order, after the standard labels.
    public var contents: [CellContentSnapshot] = []
    /// The colour seen behind the labels, by name: the content view's `backgroundColor`, else
    /// the `backgroundView`'s, else the cell's own (UIKit stacks them in that order); nil
    /// when none was set.
    public var backgroundColorName: String? = nil
    /// The cell's `tintColor` (UIKit tints the checkmark and the detail buttons with it).
    public var tintColorName: String? = nil

    public init(reuseIdentifier: String, style: CellStyle,
                textLabel: LabelSnapshot? = nil,
                detailTextLabel: LabelSnapshot? = nil,
                accessoryType: AccessoryType = .none,
                selectionStyle: SelectionStyle = .default) {
        self.reuseIdentifier = reuseIdentifier
        self.style = style
        self.textLabel = textLabel ?? LabelSnapshot(alignment: style.textLabelAlignment)
        self.detailTextLabel = style.hasDetailTextLabel ? (detailTextLabel ?? LabelSnapshot(alignment: style.detailLabelAlignment)) : nil
        self.accessoryType = accessoryType
        self.selectionStyle = selectionStyle
    }

    /// A freshly dequeued cell of a prototype: empty labels, no accessory.
    public init(prototype identifier: String, style: CellStyle) {
        self.init(reuseIdentifier: identifier, style: style)
    }
}

/// One row: where it is, the cell shown there, and its height in points.
public struct RowSnapshot: Equatable, Sendable {
    public var indexPath: TableIndexPath
    public var cell: CellSnapshot
    public var height: Double
    /// A self-sizing row whose content TableLab cannot measure: `height` is the table's
    /// estimate, not what UIKit's Auto Layout pass gives (SelfSizing.swift).
    public var heightIsEstimate = false

    public init(indexPath: TableIndexPath, cell: CellSnapshot,
                height: Double = TableMetrics.defaultRowHeight, heightIsEstimate: Bool = false) {
        self.indexPath = indexPath
        self.cell = cell
        self.height = height
        self.heightIsEstimate = heightIsEstimate
    }
}

/// One section: header and footer titles and heights, and its rows.
public struct SectionSnapshot: Equatable, Sendable {
    public var headerTitle: String?
    public var footerTitle: String?
    public var headerHeight: Double
    public var footerHeight: Double
    public var rows: [RowSnapshot]
    /// The view viewForHeaderInSection returned, drawn in place of the title.
    public var headerView: HeaderFooterSnapshot?
    /// The view viewForFooterInSection returned, drawn in place of the title.
    public var footerView: HeaderFooterSnapshot?

    /// Heights default to UIKit's ones in `style` for the given titles and views.
    public init(headerTitle: String? = nil, footerTitle: String? = nil,
                headerHeight: Double? = nil, footerHeight: Double? = nil,
                rows: [RowSnapshot] = [], headerView: HeaderFooterSnapshot? = nil,
                footerView: HeaderFooterSnapshot? = nil, style: TableStyle = .insetGrouped) {
        self.headerTitle = headerTitle
        self.footerTitle = footerTitle
        self.headerHeight = headerHeight
            ?? TableMetrics.defaultHeaderHeight(style, hasContent: headerTitle != nil || headerView != nil)
        self.footerHeight = footerHeight
            ?? TableMetrics.defaultFooterHeight(style, hasContent: footerTitle != nil || footerView != nil)
        self.rows = rows
        self.headerView = headerView
        self.footerView = footerView
    }

    /// Header, rows and footer together.
    public var contentHeight: Double {
        rows.reduce(headerHeight + footerHeight) { $0 + $1.height }
    }
}

/// The whole table as laid out: its name, its sections and its width in points.
public struct TableSnapshot: Equatable, Sendable {
    public var name: String
    public var sections: [SectionSnapshot]
    /// The table view's width in points (the device's screen width).
    public var width: Double
    /// UITableView.Style: how the sections are drawn.
    public var style: TableStyle
    /// sectionIndexTitles(for:): the index down the right edge; nil without one.
    public var sectionIndexTitles: [String]?
    /// `tableHeaderView` and `tableFooterView`: the views they show; nil without one.
    public var tableHeaderView: TableEndViewSnapshot? = nil
    public var tableFooterView: TableEndViewSnapshot? = nil
    /// `backgroundView`: what it shows behind the rows (an empty state's "No messages"
    /// label); nil without one.
    public var backgroundView: TableEndViewSnapshot? = nil

    public init(name: String, sections: [SectionSnapshot],
                width: Double = TableMetrics.defaultScreenWidth, style: TableStyle = .insetGrouped,
                sectionIndexTitles: [String]? = nil) {
        self.name = name
        self.sections = sections
        self.width = width
        self.style = style
        self.sectionIndexTitles = sectionIndexTitles
    }

    public var rowCount: Int { sections.reduce(0) { $0 + $1.rows.count } }

    /// The table's contentSize.height: every header, row and footer.
    public var contentHeight: Double { sections.reduce(0) { $0 + $1.contentHeight } }
}

/// UIKit's default dimensions that the simulated table uses.
public enum TableMetrics {
    /// UITableView.automaticDimension resolves to this for a one-line cell.
    public static let defaultRowHeight: Double = 44
    /// iPhone 15 in points, the simulator's default device.
    public static let defaultScreenWidth: Double = 390
    public static let defaultScreenHeight: Double = 844

    /// A grouped table's header: room for the small caps title, or a plain gap.
    public static func groupedHeaderHeight(hasTitle: Bool) -> Double { hasTitle ? 38 : 18 }

    /// A grouped table's footer: room for one line of footnote text, or a plain gap.
    public static func groupedFooterHeight(hasTitle: Bool) -> Double { hasTitle ? 38 : 18 }
}

/// A table's header or footer view (`tableHeaderView`): the views it holds, in order.
public struct TableEndViewSnapshot: Equatable, Sendable {
    public var typeName: String
    public var views: [ViewItemSnapshot]
    public var backgroundColorName: String?
    /// Its frame's height in points (0 when its frame is .zero).
    public var height: Double = 0

    public init(typeName: String, views: [ViewItemSnapshot], backgroundColorName: String? = nil) {
        self.typeName = typeName
        self.views = views
        self.backgroundColorName = backgroundColorName
    }
}

/// One view of a table's header or footer view: what it shows.
public struct ViewItemSnapshot: Equatable, Sendable {
    public var typeName: String
    /// A label's or text field's text.
    public var text: String?
    /// A text field's placeholder (its attributed placeholder's string).
    public var placeholder: String?
    /// A button's title for the normal state.
    public var title: String?
    public var imageName: String?
    public var isOn: Bool?
    public var textColorName: String?
    public var backgroundColorName: String?
    /// A label's text as drawn: its alignment and alpha with its text and colour.
    public var label: LabelSnapshot?

    public init(typeName: String) { self.typeName = typeName }
}
