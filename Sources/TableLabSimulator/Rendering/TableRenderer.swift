/// Draws a `TableSnapshot` as a UITableView of its style in the terminal: the face of
/// `:show`. Inset grouped (below), grouped (the same without the box's sides: full-width
/// rules above and below each section) and plain (rows edge to edge, no gap between
/// sections, each header a strip between two rules, its title as written).
///
///     Settings  2 sections · 7 rows
///
///       ACCOUNT
///     ╭───────────────────────────────────╮
///     │ Manage Accounts                 › │ 0·0 BasicCell       44
///     │ Active Account          alice   › │ 0·1 RightDetailCell 44
///     ╰───────────────────────────────────╯
///
/// One rounded group per section, its header upper-cased above it and its footer wrapped
/// below; one line per cell (two for a subtitle cell with a detail), the accessory at the
/// right edge; outside the box a dim column with each row's index path, reuse identifier
/// and height. The output fits `width` columns: the dim column shrinks to index path and
/// height, then disappears, before labels are cut with "…".
public struct TableRenderer: Sendable {
    /// The terminal width to fit (see `TerminalSize.columns()`).
    public var width: Int
    /// ANSI styles (bold, dim, colours) when true; plain, stable text when false.
    public var useColor: Bool

    /// Below this many columns the output no longer fits and is drawn this wide anyway.
    public static let minimumWidth = 16
    /// On wide terminals the group stops growing here unless its content needs more.
    public static let preferredMaximumBoxWidth = 64
    /// A group squeezed narrower than this by the metadata column looks like a stamp, not
    /// a screen: the metadata goes instead.
    static let minimumBoxWidthBesideMetadata = 24

    public init(width: Int = TerminalSize.fallbackColumns, useColor: Bool = false) {
        self.width = width
        self.useColor = useColor
    }

    /// The table as text, lines separated by "\n", no newline at the end.
    public func render(_ snapshot: TableSnapshot) -> String {
        renderLines(snapshot).map { $0.rendered(useColor: useColor) }.joined(separator: "\n")
    }

    /// The table as JSON (see docs/SHOW_JSON.md), ending without a newline.
    /// `title`: the screen's navigation title, when the table is a view controller's.
    public func renderJSON(_ snapshot: TableSnapshot, title: String? = nil) -> String {
        TableJSON.encode(snapshot, title: title)
    }

    // MARK: - Layout

    /// How much of the metadata column is shown.
    enum MetadataLevel: CaseIterable {
        case full      // 0·4 BasicCell 44
        case compact   // 0·4 44
        case hidden
    }

    /// The geometry chosen for one table at one width.
    struct Layout {
        var boxWidth: Int
        var metadata: MetadataLevel
        var metadataColumns: MetadataColumns
        /// Width of the right-aligned text label column of `.value2` cells.
        var value2LabelWidth: Int

        /// Columns between the box edges and their one-space padding.
        var contentWidth: Int { boxWidth - 4 }
    }

    /// Column widths of the metadata, shared by every row so that they align.
    struct MetadataColumns {
        var indexPath = 0
        var identifier = 0
        var height = 0

        func width(for level: MetadataLevel) -> Int {
            switch level {
            case .full: return indexPath + 1 + identifier + 1 + height
            case .compact: return indexPath + 1 + height
            case .hidden: return 0
            }
        }
    }

    func layout(for snapshot: TableSnapshot) -> Layout {
        let total = max(width, Self.minimumWidth)
        var columns = MetadataColumns()
        var value2Natural = 0
        var naturalContent = 0
        for section in snapshot.sections {
            for row in section.rows {
                columns.indexPath = max(columns.indexPath, Self.shortIndexPath(row.indexPath).displayWidth)
                columns.identifier = max(columns.identifier, Self.clean(row.cell.reuseIdentifier).displayWidth)
                columns.height = max(columns.height, Self.formatHeight(row).displayWidth)
                if row.cell.style == .value2 {
                    value2Natural = max(value2Natural, Self.labelWidth(row.cell.textLabel))
                }
            }
        }
        for section in snapshot.sections {
            for row in section.rows {
                naturalContent = max(naturalContent, Self.naturalWidth(of: row.cell, value2Label: value2Natural))
            }
        }
        let naturalBox = naturalContent + 4
        let hasRows = snapshot.rowCount > 0
        // The richest metadata that leaves the group room for all of its content; labels
        // are cut for the metadata's sake only when the group stays wide all the same
        // (long labels would be cut at any width).
        var chosen = MetadataLevel.hidden
        var boxWidth = total
        if hasRows {
            for level in [MetadataLevel.full, .compact] {
                let available = total - 1 - columns.width(for: level)
                let wanted = min(naturalBox, level == .full ? 48 : 36)
                if available >= max(wanted, Self.minimumBoxWidthBesideMetadata) {
                    chosen = level
                    boxWidth = available
                    break
                }
            }
        }
        boxWidth = min(boxWidth, max(Self.preferredMaximumBoxWidth, naturalBox))
        let content = boxWidth - 4
        let value2Label = min(value2Natural, max(3, content / 3))
        return Layout(boxWidth: boxWidth, metadata: chosen, metadataColumns: columns,
                      value2LabelWidth: value2Label)
    }

    // MARK: - Drawing

    func renderLines(_ snapshot: TableSnapshot) -> [StyledLine] {
        let layout = layout(for: snapshot)
        var lines: [StyledLine] = [titleLine(snapshot)]
        if let index = snapshot.sectionIndexTitles, !index.isEmpty {
            lines.append(indexLine(index, width: max(width, Self.minimumWidth)))
        }
        if snapshot.sections.isEmpty {
            lines.append(StyledLine())
            lines.append(StyledLine([Span("  (no sections)", .dim)]))
            return lines
        }
        switch snapshot.style {
        case .insetGrouped, .grouped: lines += groupedSections(snapshot, layout: layout)
        case .plain: lines += plainSections(snapshot, layout: layout)
        }
        return lines
    }

    /// Grouped and inset grouped: a gap before each section, the header upper-cased
    /// above it, the rows in a rounded box (inset grouped) or between full-width rules
    /// (grouped), the footer wrapped below.
    func groupedSections(_ snapshot: TableSnapshot, layout: Layout) -> [StyledLine] {
        var lines: [StyledLine] = []
        for section in snapshot.sections {
            lines.append(StyledLine())
            if let view = section.headerView {
                lines.append(viewLine(view, header: true, style: snapshot.style, layout: layout))
            } else if let header = section.headerTitle {
                let title = DisplayWidth.truncate(Self.clean(header).uppercased(), to: layout.boxWidth - 2)
                lines.append(title.isEmpty ? StyledLine() : StyledLine([Span("  "), Span(title, .bold)]))
            }
            if section.rows.isEmpty {
                lines.append(StyledLine([Span("  (no rows)", .dim)]))
            } else {
                lines += group(section, layout: layout, style: snapshot.style)
            }
            if let view = section.footerView {
                lines.append(viewLine(view, header: false, style: snapshot.style, layout: layout))
            } else if let footer = section.footerTitle {
                for text in Self.wrap(Self.cleanKeepingNewlines(footer), width: layout.boxWidth - 4) {
                    lines.append(text.isEmpty ? StyledLine() : StyledLine([Span("  "), Span(text, .dim)]))
                }
            }
        }
        return lines
    }

    /// Plain: rows edge to edge with no gap between sections; a header or footer is a
    /// strip between two rules, its title as written; a rule closes the table.
    func plainSections(_ snapshot: TableSnapshot, layout: Layout) -> [StyledLine] {
        let rule = StyledLine([Span(String(repeating: "─", count: layout.boxWidth), .dim)])
        var lines: [StyledLine] = [rule]
        var ruleIsLast = true
        func strip(_ content: [StyledLine]) {
            if !ruleIsLast { lines.append(rule) }
            lines += content
            lines.append(rule)
            ruleIsLast = true
        }
        for section in snapshot.sections {
            if let view = section.headerView {
                strip([viewLine(view, header: true, style: .plain, layout: layout)])
            } else if let header = section.headerTitle {
                let title = DisplayWidth.truncate(Self.clean(header), to: layout.boxWidth - 4)
                strip([title.isEmpty ? StyledLine() : StyledLine([Span("  "), Span(title, .bold)])])
            }
            if section.rows.isEmpty {
                lines.append(StyledLine([Span("  (no rows)", .dim)]))
            } else {
                lines += rowLines(section, layout: layout, style: .plain)
            }
            ruleIsLast = false
            if let view = section.footerView {
                strip([viewLine(view, header: false, style: .plain, layout: layout)])
            } else if let footer = section.footerTitle {
                strip(Self.wrap(Self.cleanKeepingNewlines(footer), width: layout.boxWidth - 4).map {
                    $0.isEmpty ? StyledLine() : StyledLine([Span("  "), Span($0, .dim)])
                })
            }
        }
        if !ruleIsLast { lines.append(rule) }
        return lines
    }

    /// A header or footer view: its labels' text where the title would be (a header-footer
    /// view's `textLabel` upper-cased in grouped styles, as UIKit draws it; a UILabel or
    /// a UIView's labels as written), and its background colour when it has one.
    func viewLine(_ view: HeaderFooterSnapshot, header: Bool, style: TableStyle, layout: Layout) -> StyledLine {
        var text = Self.clean(view.text)
        if style != .plain && view.typeName == "UITableViewHeaderFooterView" { text = text.uppercased() }
        let indent = "  "
        var note = ""
        if let color = view.backgroundColorName { note = "  (background .\(Self.clean(color)))" }
        let room = max(layout.boxWidth - indent.count - note.displayWidth, 1)
        var line = StyledLine([Span(indent), Span(DisplayWidth.truncate(text, to: room), header ? .bold : .dim)])
        if !note.isEmpty { line.append(note, .dim) }
        return line
    }

    /// sectionIndexTitles(for:): UIKit draws them down the right edge; here one line.
    func indexLine(_ titles: [String], width: Int) -> StyledLine {
        let text = "  index: " + titles.map(Self.clean).joined(separator: " ")
        return StyledLine([Span(DisplayWidth.truncate(text, to: width), .dim)])
    }

    func titleLine(_ snapshot: TableSnapshot) -> StyledLine {
        let total = max(width, Self.minimumWidth)
        let name = DisplayWidth.truncate(Self.clean(snapshot.name), to: total)
        var line = StyledLine([Span(name, .bold)])
        guard !snapshot.sections.isEmpty else { return line }
        let sections = snapshot.sections.count
        let rows = snapshot.rowCount
        let summary = "  \(sections) section\(sections == 1 ? "" : "s") · \(rows) row\(rows == 1 ? "" : "s")"
        if name.displayWidth + summary.displayWidth <= total {
            line.append(summary, .dim)
        }
        return line
    }

    func group(_ section: SectionSnapshot, layout: Layout, style: TableStyle = .insetGrouped) -> [StyledLine] {
        if style == .insetGrouped {
            let rule = String(repeating: "─", count: layout.boxWidth - 2)
            return [StyledLine([Span("╭" + rule + "╮", .dim)])] + rowLines(section, layout: layout, style: style)
                + [StyledLine([Span("╰" + rule + "╯", .dim)])]
        }
        // Grouped: full-width hairlines above and below the section.
        let rule = StyledLine([Span(String(repeating: "─", count: layout.boxWidth), .dim)])
        return [rule] + rowLines(section, layout: layout, style: style) + [rule]
    }

    /// A section's rows: inside the box's sides (inset grouped) or edge to edge.
    func rowLines(_ section: SectionSnapshot, layout: Layout, style: TableStyle) -> [StyledLine] {
        let boxed = style == .insetGrouped
        let separator = boxed
            ? "├" + String(repeating: "─", count: layout.boxWidth - 2) + "┤"
            : "  " + String(repeating: "─", count: layout.boxWidth - 2)
        var lines: [StyledLine] = []
        var previousWasTall = false
        for (position, row) in section.rows.enumerated() {
            let cellLines = self.cellLines(row.cell, layout: layout)
            let tall = cellLines.count > 1
            // Single-line cells stack tightly; a separator keeps a two-line cell's detail
            // visibly its own, as the hairlines between cells do on the device.
            if position > 0 && (tall || previousWasTall) {
                lines.append(StyledLine([Span(separator, .dim)]))
            }
            previousWasTall = tall
            for (index, content) in cellLines.enumerated() {
                var line = StyledLine([Span(boxed ? "│ " : "  ", .dim)])
                line.spans += content
                line.append(boxed ? " │" : "  ", .dim)
                if index == 0 {
                    appendMetadata(to: &line, row: row, layout: layout)
                }
                // Without the box's side, a line ends at its last character.
                if !boxed { line.trimTrailingSpaces() }
                lines.append(line)
            }
        }
        return lines
    }

    func appendMetadata(to line: inout StyledLine, row: RowSnapshot, layout: Layout) {
        let columns = layout.metadataColumns
        let indexPath = DisplayWidth.fit(Self.shortIndexPath(row.indexPath), width: columns.indexPath)
        let height = DisplayWidth.fit(Self.formatHeight(row), width: columns.height, alignment: .right)
        switch layout.metadata {
        case .hidden:
            return
        case .compact:
            line.append(" " + indexPath + " " + height, .dim)
        case .full:
            let identifier = DisplayWidth.fit(Self.clean(row.cell.reuseIdentifier), width: columns.identifier)
            line.append(" " + indexPath + " " + identifier + " " + height, .dim)
        }
    }

    /// The content between the box edges, exactly `layout.contentWidth` columns per line.
    /// A cell with an image, an accessory view or outlets is drawn by `richCellLines`.
    func cellLines(_ cell: CellSnapshot, layout: Layout) -> [[Span]] {
        if Self.hasRichContent(cell) { return richCellLines(cell, layout: layout) }
        return standardCellLines(cell, layout: layout)
    }

    func standardCellLines(_ cell: CellSnapshot, layout: Layout, imagePrefix: [Span] = [], imageWidth: Int = 0,
                           accessory: [Span]? = nil, accessoryWidth givenAccessoryWidth: Int? = nil) -> [[Span]] {
        let content = layout.contentWidth - imageWidth
        let glyph = cell.accessoryType.glyph
        let accessoryWidth = givenAccessoryWidth ?? (glyph.isEmpty ? 0 : glyph.displayWidth + 1)
        let main = max(content - accessoryWidth, 1)
        let text = Self.labelText(cell.textLabel)
        let detailLabel = cell.detailTextLabel
        let detail = detailLabel.map(Self.labelText) ?? ""

        var first: [Span] = []
        var second: [Span]? = nil
        switch cell.style {
        case .default:
            first.append(label(cell.textLabel, text, width: main, alignment: cell.textLabel.alignment))
        case .subtitle:
            first.append(label(cell.textLabel, text, width: main, alignment: .left))
            if let detailLabel, !detail.isEmpty {
                second = [label(detailLabel, detail, width: main, alignment: .left, base: .dim),
                          Span(DisplayWidth.spaces(accessoryWidth))]
            }
        case .value1:
            let detailWidth = Self.splitValue1(text: text.displayWidth,
                                                            detail: detail.displayWidth, width: main).detail
            if detailWidth > 0, let detailLabel {
                first.append(label(cell.textLabel, text, width: main - detailWidth - 1, alignment: .left))
                first.append(Span(" "))
                first.append(label(detailLabel, detail, width: detailWidth, alignment: .right, base: .dim))
            } else {
                first.append(label(cell.textLabel, text, width: main, alignment: .left))
            }
        case .value2:
            let labelWidth = min(layout.value2LabelWidth, max(main - 2, 0))
            if labelWidth > 0 {
                first.append(label(cell.textLabel, text, width: labelWidth, alignment: .right, base: .blue))
                first.append(Span(" "))
            }
            let rest = main - labelWidth - (labelWidth > 0 ? 1 : 0)
            if let detailLabel {
                first.append(label(detailLabel, detail, width: rest, alignment: .left))
            } else {
                first.append(Span(DisplayWidth.spaces(rest)))
            }
        }
        if let accessory {
            if accessoryWidth > 0 { first.append(Span(" ")); first += accessory }
        } else if !glyph.isEmpty {
            first.append(Span(" "))
            first += accessorySpans(cell.accessoryType)
        }
        if imageWidth > 0 {
            first = imagePrefix + first
            second = second.map { [Span(DisplayWidth.spaces(imageWidth))] + $0 }
        }
        return second.map { [first, $0] } ?? [first]
    }

    // MARK: - Cells with images, accessory views and outlets

    /// Whether a cell has more than the standard labels and accessory type to draw.
    static func hasRichContent(_ cell: CellSnapshot) -> Bool {
        cell.imageName != nil || cell.accessoryView != nil || !cell.contents.isEmpty
    }

    /// The image of the imageView before the labels (`▣ gear  Wi-Fi`), the accessory view
    /// at the right edge instead of the accessory type (`[on ●]`), then one line per
    /// outlet in declaration order: a label's text, an image's placeholder, a switch, a
    /// button's title. When the standard labels show nothing, the outlets' lines are all.
    func richCellLines(_ cell: CellSnapshot, layout: Layout) -> [[Span]] {
        let content = layout.contentWidth
        let (accessory, accessoryWidth) = accessoryViewSpans(cell)
        var imagePrefix: [Span] = []
        var imageWidth = 0
        if let name = cell.imageName {
            let text = DisplayWidth.truncate(CellContentSnapshot.imageText(Self.clean(name)), to: max(content / 2, 1))
            imagePrefix = [Span(text, .dim), Span(" ")]
            imageWidth = text.displayWidth + 1
        }
        let standardEmpty = cell.imageName == nil && Self.labelText(cell.textLabel).isEmpty
            && (cell.detailTextLabel.map { Self.labelText($0).isEmpty } ?? true)
        let items = cell.contents.compactMap(contentLine)
        var lines: [[Span]] = []
        if !(standardEmpty && !items.isEmpty) {
            lines = standardCellLines(cell, layout: layout, imagePrefix: imagePrefix, imageWidth: imageWidth,
                                      accessory: accessory, accessoryWidth: accessoryWidth)
        }
        for (index, item) in items.enumerated() {
            let withAccessory = lines.isEmpty && index == 0
            let width = max(content - (withAccessory ? accessoryWidth : 0), 1)
            let fitted = DisplayWidth.fit(item.text, width: width, alignment: item.alignment)
            var line = [item.alpha <= 0 ? Span(DisplayWidth.spaces(width)) : Span(fitted, item.style)]
            if withAccessory, accessoryWidth > 0 { line.append(Span(" ")); line += accessory }
            lines.append(line)
        }
        return lines
    }

    /// The accessory view's spans and width (with the space before it), else the type's.
    func accessoryViewSpans(_ cell: CellSnapshot) -> ([Span], Int) {
        guard let view = cell.accessoryView else {
            let glyph = cell.accessoryType.glyph
            return (accessorySpans(cell.accessoryType), glyph.isEmpty ? 0 : glyph.displayWidth + 1)
        }
        let text = Self.accessoryViewText(view)
        guard !text.isEmpty else { return ([], 0) }
        let style: TextStyle
        if case .toggle(true) = view { style = TextStyle(color: .green) } else { style = .plain }
        return ([Span(text, style)], text.displayWidth + 1)
    }

    static func accessoryViewText(_ view: AccessoryViewSnapshot) -> String {
        switch view {
        case .toggle(let isOn): return CellContentSnapshot.toggleText(isOn: isOn)
        case .image(let name): return name.map { CellContentSnapshot.imageText(clean($0)) } ?? ""
        case .button(let title): return "[" + clean(title ?? "") + "]"
        case .label(let text): return clean(text ?? "")
        case .view: return ""
        }
    }

    struct ContentLine {
        var text: String
        var style: TextStyle
        var alignment: TextAlignment
        var alpha: Double
    }

    /// One outlet's line; nil when it draws nothing (a label without text, a plain view).
    func contentLine(_ item: CellContentSnapshot) -> ContentLine? {
        switch item {
        case .label(_, let label):
            guard label.isVisible || (label.drawnAlpha <= 0 && !(label.text ?? "").isEmpty) else { return nil }
            return ContentLine(text: Self.labelText(label), style: .label(colorName: label.colorName, alpha: label.drawnAlpha),
                               alignment: label.alignment, alpha: label.drawnAlpha)
        case .image(_, let name):
            guard let name else { return nil }
            return ContentLine(text: CellContentSnapshot.imageText(Self.clean(name)), style: .dim, alignment: .left, alpha: 1)
        case .toggle(_, let isOn):
            return ContentLine(text: CellContentSnapshot.toggleText(isOn: isOn), style: isOn ? TextStyle(color: .green) : .plain,
                               alignment: .left, alpha: 1)
        case .button(_, let title):
            guard let title, !title.isEmpty else { return nil }
            return ContentLine(text: "[" + Self.clean(title) + "]", style: .blue, alignment: .left, alpha: 1)
        case .progress(_, let progress):
            return ContentLine(text: CellContentSnapshot.progressText(progress), style: .blue, alignment: .left, alpha: 1)
        case .view:
            return nil
        }
    }

    func label(_ label: LabelSnapshot, _ text: String, width: Int, alignment: TextAlignment,
               base: TextStyle = .plain) -> Span {
        let fitted = DisplayWidth.fit(text, width: width, alignment: alignment)
        // Fully transparent: UIKit keeps the label's place but draws nothing.
        if label.drawnAlpha <= 0 { return Span(DisplayWidth.spaces(width)) }
        return Span(fitted, .label(colorName: label.colorName, alpha: label.drawnAlpha, base: base))
    }

    func accessorySpans(_ accessory: AccessoryType) -> [Span] {
        switch accessory {
        case .none: return []
        case .disclosureIndicator: return [Span("›", .dim)]
        case .checkmark: return [Span("✓", .blue)]
        case .detailButton: return [Span("ⓘ", .blue)]
        case .detailDisclosureButton: return [Span("ⓘ", .blue), Span(" "), Span("›", .dim)]
        }
    }

    // MARK: - Measuring and text helpers

    /// Columns a cell needs to show everything, between the box edges.
    static func naturalWidth(of cell: CellSnapshot, value2Label: Int) -> Int {
        if hasRichContent(cell) {
            let renderer = TableRenderer()
            let accessory = renderer.accessoryViewSpans(cell).1
            let image = cell.imageName.map { CellContentSnapshot.imageText(clean($0)).displayWidth + 1 } ?? 0
            var plain = cell
            plain.imageName = nil; plain.accessoryView = nil; plain.contents = []; plain.accessoryType = .none
            let standard = naturalWidth(of: plain, value2Label: value2Label) + image + accessory
            let items = cell.contents.compactMap(renderer.contentLine).map { $0.text.displayWidth }
            return max(standard, (items.max() ?? 0) + accessory)
        }
        let glyph = cell.accessoryType.glyph
        let accessory = glyph.isEmpty ? 0 : glyph.displayWidth + 1
        let text = labelWidth(cell.textLabel)
        let detail = cell.detailTextLabel.map(labelWidth) ?? 0
        switch cell.style {
        case .default: return text + accessory
        case .subtitle: return max(text, detail) + accessory
        case .value1: return text + (detail > 0 ? 2 + detail : 0) + accessory
        case .value2: return value2Label + 1 + detail + accessory
        }
    }

    /// How value1's text and detail share `width` columns, keeping a space between them:
    /// what fits stays whole; else the shorter one keeps its size if it fits in half.
    static func splitValue1(text: Int, detail: Int, width: Int) -> (text: Int, detail: Int) {
        guard detail > 0 else { return (width, 0) }
        if text + detail + 1 <= width { return (text, detail) }
        let available = max(width - 1, 0)
        if text <= available / 2 { return (text, available - text) }
        if detail <= available / 2 { return (available - detail, detail) }
        let textShare = (available + 1) / 2
        return (textShare, available - textShare)
    }

    static func labelText(_ label: LabelSnapshot) -> String { clean(label.text ?? "") }

    static func labelWidth(_ label: LabelSnapshot) -> Int { labelText(label).displayWidth }

    /// `0·4`: short enough to sit beside every row.
    static func shortIndexPath(_ indexPath: TableIndexPath) -> String {
        "\(indexPath.section)·\(indexPath.row)"
    }

    /// Points as a developer writes them: `44`, `44.5`, `844`.
    static func formatHeight(_ height: Double) -> String {
        JSONWriter.number(height)
    }

    /// A row's height; `~` marks the estimate of a self-sizing row TableLab cannot measure.
    static func formatHeight(_ row: RowSnapshot) -> String {
        (row.heightIsEstimate ? "~" : "") + formatHeight(row.height)
    }

    /// One-line text: line breaks and tabs become spaces, other control characters go
    /// (they must never reach the terminal as escape sequences).
    static func clean(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text }
        var out = ""
        for character in text {
            guard let first = character.unicodeScalars.first else { continue }
            let value = first.value
            if value < 0x20 || (value >= 0x7F && value < 0xA0) || value == 0x2028 || value == 0x2029 {
                if value == 0x0A || value == 0x0D || value == 0x09 || value >= 0x2028 { out.append(" ") }
                continue
            }
            out.append(character)
        }
        return out
    }

    /// Like `clean`, but keeps line breaks (footers are multi-line labels).
    static func cleanKeepingNewlines(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { clean(String($0)) }
            .joined(separator: "\n")
    }

    /// Word-wraps `text` to `width` columns; words longer than a line are cut between
    /// grapheme clusters. Explicit line breaks are kept.
    static func wrap(_ text: String, width: Int) -> [String] {
        let width = max(width, 1)
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var current = ""
            var currentWidth = 0
            for word in paragraph.split(separator: " ") {
                var word = String(word)
                var wordWidth = word.displayWidth
                if currentWidth > 0 && currentWidth + 1 + wordWidth <= width {
                    current += " " + word
                    currentWidth += 1 + wordWidth
                    continue
                }
                if currentWidth > 0 {
                    lines.append(current)
                    current = ""
                    currentWidth = 0
                }
                while wordWidth > width {
                    var piece = DisplayWidth.prefix(word, width: width)
                    if piece.isEmpty { piece = String(word.first!) }  // a wide character in a 1-column line
                    lines.append(piece)
                    word = String(word.dropFirst(piece.count))
                    wordWidth = word.displayWidth
                }
                current = word
                currentWidth = wordWidth
            }
            lines.append(current)
        }
        return lines
    }
}

extension StyledLine {
    /// Drops the blanks at the end of the line.
    mutating func trimTrailingSpaces() {
        while let last = spans.last {
            let trimmed = last.text.trimmingTrailingSpaces()
            if trimmed.isEmpty { spans.removeLast(); continue }
            spans[spans.count - 1].text = trimmed
            return
        }
    }
}
