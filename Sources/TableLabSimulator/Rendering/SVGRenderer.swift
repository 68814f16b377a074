/// Draws a `TableSnapshot` as iOS 17 draws the screen, as one SVG document: the face of
/// `:show --svg` and `tablelab show FILE --svg OUT.svg`.
///
/// The picture is the device's screen in points (one SVG unit per point): the status bar,
/// the navigation bar with the title, then the table from the same layout the terminal
/// renderer draws (the snapshot's sections, rows, heights and cells), clipped at the
/// bottom of the screen as the device clips it. Colours are UIKit's light-mode system
/// colours; fonts are the system font (SF Pro) at UIKit's default sizes.
///
/// Text is placed, not measured by the viewer: wherever UIKit would cut a label with "…"
/// or wrap a footer, the renderer needs the text's width. It estimates it with
/// `SVGTextMetrics` (Helvetica's advance widths, which SF Pro follows within a few percent;
/// wide characters and emoji as `DisplayWidth` counts them, one em per two columns; other
/// characters 0.56 em, about an average lower-case letter).
public struct SVGRenderer: Sendable {
    /// UITableView.Style.
    public typealias Style = TableStyle

    public var screenWidth: Double
    public var screenHeight: Double
    public var style: Style
    /// The navigation bar's title; nil shows the table's name.
    public var title: String?
    /// The title of the screen below on the navigation stack: UIKit's back button.
    public var backTitle: String?

    public init(screenWidth: Double = TableMetrics.defaultScreenWidth,
                screenHeight: Double = TableMetrics.defaultScreenHeight,
                style: Style = .insetGrouped, title: String? = nil, backTitle: String? = nil) {
        self.screenWidth = screenWidth
        self.screenHeight = screenHeight
        self.style = style
        self.title = title
        self.backTitle = backTitle
    }

    // MARK: - UIKit's measures (points, iOS 17, light mode)

    enum Colors {
        static let groupedBackground = "#F2F2F7"   // systemGroupedBackground
        static let cellBackground = "#FFFFFF"      // secondarySystemGroupedBackground
        static let label = "#000000"
        static let secondaryLabel = "#3C3C43"      // drawn at 60% opacity, as UIKit's is
        static let separator = "#C6C6C8"
        static let chevron = "#C4C4C7"              // tertiaryLabel as the disclosure indicator draws it
        static let tint = "#007AFF"                 // systemBlue, the default tint
        static let plainHeaderBackground = "#F7F7F7"
        static let placeholder = "#8E8E93"           // systemGray, an image placeholder's glyph
        static let switchOn = "#34C759"              // systemGreen, UISwitch's default onTintColor
        static let switchOff = "#E9E9EA"             // UISwitch's off track (light mode)
    }

    enum Fonts {
        static let family = "-apple-system, BlinkMacSystemFont, 'SF Pro Text', 'Helvetica Neue', Helvetica, Arial, sans-serif"
        static let body = 17.0          // textLabel, value1's detail, the navigation title
        static let subtitleDetail = 12.0
        static let value2 = 15.0
        static let footnote = 13.0      // grouped headers and footers
        static let footnoteLeading = 18.0
        static let plainHeader = 15.0
    }

    /// The status bar's height: 54 with the Dynamic Island, 20 on the Home-button iPhone
    /// SE, 24 on iPad.
    var statusBarHeight: Double {
        if screenWidth >= 700 { return 24 }
        return screenWidth <= 375 && screenHeight <= 700 ? 20 : 54
    }
    var hasHomeIndicator: Bool { !(screenWidth <= 375 && screenHeight <= 700) }
    var hasDynamicIsland: Bool { screenWidth < 700 && hasHomeIndicator }
    static let navigationBarHeight = 44.0

    /// The table's margin to the screen edge for inset groups (UIKit's layout margins:
    /// 16 on compact iPhones, 20 on the larger ones and iPad).
    var groupMargin: Double {
        guard style == .insetGrouped else { return 0 }
        return screenWidth > 400 ? 20 : 16
    }
    /// The cell's content inset from its own edge.
    var contentInset: Double { screenWidth > 400 ? 20 : 16 }
    static let cornerRadius = 10.0

    // MARK: - Drawing

    /// The picture as an SVG document, ending with a newline.
    public func render(_ snapshot: TableSnapshot) -> String {
        var svg = SVGBuilder()
        let w = Self.number(screenWidth), h = Self.number(screenHeight)
        svg.line("<?xml version=\"1.0\" encoding=\"UTF-8\"?>")
        svg.line("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(w)\" height=\"\(h)\" viewBox=\"0 0 \(w) \(h)\" font-family=\"\(Fonts.family)\">")
        svg.line("<title>\(SVGBuilder.escape(navigationTitle(snapshot)))</title>")
        svg.line("<defs><clipPath id=\"screen\"><rect width=\"\(w)\" height=\"\(h)\"/></clipPath></defs>")
        let background = style == .plain ? Colors.cellBackground : Colors.groupedBackground
        svg.line("<rect width=\"\(w)\" height=\"\(h)\" fill=\"\(background)\"/>")
        let top = statusBarHeight + Self.navigationBarHeight
        // The bars first, then the table below them (it starts under the navigation bar:
        // the picture shows the top of the content, as the screen does before scrolling).
        drawNavigationBar(snapshot, into: &svg)
        drawStatusBar(into: &svg)
        svg.line("<g clip-path=\"url(#screen)\">")
        drawTable(snapshot, top: top, into: &svg)
        svg.line("</g>")
        if hasHomeIndicator {
            let barWidth = screenWidth >= 700 ? 315.0 : 134.0
            svg.line("<rect x=\"\(Self.number((screenWidth - barWidth) / 2))\" y=\"\(Self.number(screenHeight - 8 - 5))\" width=\"\(Self.number(barWidth))\" height=\"5\" rx=\"2.5\" fill=\"#000000\"/>")
        }
        svg.line("</svg>")
        return svg.text
    }

    func navigationTitle(_ snapshot: TableSnapshot) -> String {
        TableRenderer.clean(title ?? snapshot.name)
    }

    func drawStatusBar(into svg: inout SVGBuilder) {
        let height = statusBarHeight
        let baseline = height <= 24 ? 15.0 : 37.0
        let size = height <= 24 ? 12.0 : 17.0
        // The Home-button iPhone centres the clock; iPad puts it at the left, the Dynamic
        // Island iPhones left of the island.
        let timeX = height <= 24 ? (screenWidth >= 700 ? 20.0 : screenWidth / 2) : screenWidth * 0.18
        let anchor = height <= 24 && screenWidth >= 700 ? "start" : "middle"
        svg.line("<text x=\"\(Self.number(timeX))\" y=\"\(Self.number(baseline))\" font-size=\"\(Self.number(size))\" font-weight=\"600\" text-anchor=\"\(anchor)\" fill=\"#000000\">9:41</text>")
        if hasDynamicIsland {
            svg.line("<rect x=\"\(Self.number((screenWidth - 126) / 2))\" y=\"11\" width=\"126\" height=\"37\" rx=\"18.5\" fill=\"#000000\"/>")
        }
        // The battery: a rounded outline, its charge, the terminal nub.
        let batteryWidth = 25.0, batteryHeight = 12.0
        let right = screenWidth - (height <= 24 ? 8 : screenWidth * 0.09)
        let x = right - batteryWidth - 2
        let y = baseline - 10.5
        svg.line("<rect x=\"\(Self.number(x))\" y=\"\(Self.number(y))\" width=\"\(Self.number(batteryWidth))\" height=\"\(Self.number(batteryHeight))\" rx=\"3.5\" fill=\"none\" stroke=\"#000000\" stroke-opacity=\"0.35\" stroke-width=\"1\"/>")
        svg.line("<rect x=\"\(Self.number(x + 2))\" y=\"\(Self.number(y + 2))\" width=\"\(Self.number(batteryWidth - 4))\" height=\"\(Self.number(batteryHeight - 4))\" rx=\"2\" fill=\"#000000\"/>")
        svg.line("<rect x=\"\(Self.number(x + batteryWidth + 0.5))\" y=\"\(Self.number(y + 4))\" width=\"1.5\" height=\"4\" rx=\"0.75\" fill=\"#000000\" fill-opacity=\"0.4\"/>")
    }

    func drawNavigationBar(_ snapshot: TableSnapshot, into svg: inout SVGBuilder) {
        // At the top of the content a navigation bar is transparent (its scroll-edge
        // appearance): the table's background shows through, and there is no hairline.
        let background = style == .plain ? Colors.cellBackground : Colors.groupedBackground
        svg.line("<rect width=\"\(Self.number(screenWidth))\" height=\"\(Self.number(statusBarHeight + Self.navigationBarHeight))\" fill=\"\(background)\"/>")
        let middle = statusBarHeight + Self.navigationBarHeight / 2
        var reserved = 16.0
        if let backTitle {
            // The chevron, then the previous screen's title in the tint colour.
            let x = 8.0
            svg.line("<path d=\"M \(Self.number(x + 10.5)) \(Self.number(middle - 10.5)) L \(Self.number(x + 1.5)) \(Self.number(middle)) L \(Self.number(x + 10.5)) \(Self.number(middle + 10.5))\" fill=\"none\" stroke=\"\(Colors.tint)\" stroke-width=\"3\" stroke-linecap=\"round\" stroke-linejoin=\"round\"/>")
            let text = SVGTextMetrics.truncate(TableRenderer.clean(backTitle), size: Fonts.body, width: screenWidth * 0.3)
            svg.line("<text x=\"\(Self.number(x + 17))\" y=\"\(Self.number(middle + 6))\" font-size=\"17\" fill=\"\(Colors.tint)\">\(SVGBuilder.escape(text))</text>")
            reserved = x + 17 + SVGTextMetrics.width(text, size: Fonts.body) + 8
        }
        let title = SVGTextMetrics.truncate(navigationTitle(snapshot), size: Fonts.body, weight: .semibold,
                                            width: max(screenWidth - 2 * reserved, 0))
        svg.line("<text x=\"\(Self.number(screenWidth / 2))\" y=\"\(Self.number(middle + 6))\" font-size=\"17\" font-weight=\"600\" text-anchor=\"middle\" fill=\"\(Colors.label)\">\(SVGBuilder.escape(title))</text>")
    }

    func drawTable(_ snapshot: TableSnapshot, top: Double, into svg: inout SVGBuilder) {
        // The background view fills the table's bounds behind everything (an empty
        // state's "No messages"); the rows, opaque, cover it where there are any.
        if let background = snapshot.backgroundView {
            drawBackgroundView(background, top: top, into: &svg)
        }
        var y = top
        if let header = snapshot.tableHeaderView, !header.views.isEmpty {
            let height = header.height > 0 ? header.height : Self.endViewDefaultHeight
            drawEndView(header, top: y, height: height, into: &svg)
            y += height
        }
        for section in snapshot.sections {
            guard y < screenHeight else { break }
            drawHeader(section, y: y, into: &svg)
            y += Self.finite(section.headerHeight)
            drawRows(section, y: y, into: &svg)
            y += section.rows.reduce(0) { $0 + Self.finite($1.height) }
            drawFooter(section, y: y, into: &svg)
            y += Self.finite(section.footerHeight)
        }
        if let footer = snapshot.tableFooterView, !footer.views.isEmpty, y < screenHeight {
            drawEndView(footer, top: y, height: footer.height > 0 ? footer.height : Self.endViewDefaultHeight, into: &svg)
        }
    }

    /// A table header or footer view whose frame TableLab does not know (made with
    /// `UIView()`, or a storyboard's, whose frame the file gives in its own units) is
    /// drawn one standard row high.
    static let endViewDefaultHeight = 44.0

    /// A table header or footer view: its views laid out as a cell's outlets are (an
    /// image leading, switches trailing, texts stacked between), on its background colour.
    func drawEndView(_ view: TableEndViewSnapshot, top: Double, height: Double, into svg: inout SVGBuilder) {
        if let name = view.backgroundColorName, let fill = Self.color(named: name) {
            svg.line("<rect x=\"0\" y=\"\(Self.number(top))\" width=\"\(Self.number(screenWidth))\" height=\"\(Self.number(height))\" fill=\"\(fill.hex)\"/>")
        }
        let middle = top + height / 2
        var left = contentInset + groupMargin
        var right = screenWidth - contentInset - groupMargin
        if let name = view.views.lazy.compactMap(\.imageName).first {
            imagePlaceholder(name, x: left, middle: middle, size: min(Self.imageSize, height), into: &svg)
            left += Self.imageSize + Self.imageToTextPadding
        }
        for isOn in view.views.compactMap(\.isOn).reversed() {
            drawSwitch(isOn: isOn, x: right - 51, middle: middle, into: &svg)
            right -= 51 + 8
        }
        let texts = view.views.compactMap(Self.endViewText)
        let lineHeight = 22.0
        let scale = min(1, height / max(Double(texts.count) * lineHeight, 1))
        var y = middle - Double(texts.count) * lineHeight * scale / 2
        for (label, text, color) in texts {
            let size = Fonts.body * scale
            drawLabel(label, text, style: LabelStyle(size: size, color: color), left: left, width: max(right - left, 0),
                      baseline: y + lineHeight * scale / 2 + size * 0.35, alignment: label.alignment, into: &svg)
            y += lineHeight * scale
        }
    }

    /// What one view of a header, footer or background view writes: a label's text, a text
    /// field's text (else its placeholder, in grey), a button's title.
    static func endViewText(_ item: ViewItemSnapshot) -> (LabelSnapshot, String, String)? {
        if let label = item.label {
            let text = TableRenderer.labelText(label)
            return text.isEmpty ? nil : (label, text, Colors.label)
        }
        if let text = item.text.map(TableRenderer.clean), !text.isEmpty {
            return (LabelSnapshot(text: text, colorName: item.textColorName), text, Colors.label)
        }
        if let placeholder = item.placeholder.map(TableRenderer.clean), !placeholder.isEmpty {
            return (LabelSnapshot(text: placeholder), placeholder, Colors.placeholder)
        }
        if let title = item.title.map(TableRenderer.clean), !title.isEmpty {
            return (LabelSnapshot(text: title), title, Colors.tint)
        }
        return nil
    }

    /// `backgroundView`: it fills the table below the bars; a label in it is centred
    /// vertically (UILabel centres its text in its frame), placed by its alignment.
    func drawBackgroundView(_ view: TableEndViewSnapshot, top: Double, into svg: inout SVGBuilder) {
        let height = max(screenHeight - top, 0)
        if let name = view.backgroundColorName, let fill = Self.color(named: name) {
            svg.line("<rect x=\"0\" y=\"\(Self.number(top))\" width=\"\(Self.number(screenWidth))\" height=\"\(Self.number(height))\" fill=\"\(fill.hex)\"/>")
        }
        let texts = view.views.compactMap(Self.endViewText)
        let lineHeight = 22.0
        var y = top + height / 2 - Double(texts.count) * lineHeight / 2
        for (label, text, color) in texts {
            drawLabel(label, text, style: LabelStyle(size: Fonts.body, color: color), left: 0, width: screenWidth,
                      baseline: y + lineHeight / 2 + Fonts.body * 0.35, alignment: label.alignment, into: &svg)
            y += lineHeight
        }
    }

    /// The left edge and width of the cells.
    var cellFrame: (x: Double, width: Double) {
        (groupMargin, screenWidth - 2 * groupMargin)
    }

    func drawHeader(_ section: SectionSnapshot, y: Double, into svg: inout SVGBuilder) {
        // A header view draws its labels' text where the title would be; only UIKit's own
        // header-footer view upper-cases it in the grouped styles.
        guard let header = section.headerView?.text ?? section.headerTitle, Self.finite(section.headerHeight) > 0 else { return }
        let keepsCase = section.headerView.map { $0.typeName != "UITableViewHeaderFooterView" } ?? false
        let text = TableRenderer.clean(header)
        guard !text.isEmpty else { return }
        let (x, width) = cellFrame
        let inset = contentInset
        if style == .plain {
            svg.line("<rect x=\"0\" y=\"\(Self.number(y))\" width=\"\(Self.number(screenWidth))\" height=\"\(Self.number(section.headerHeight))\" fill=\"\(Colors.plainHeaderBackground)\"/>")
            let fitted = SVGTextMetrics.truncate(text, size: Fonts.plainHeader, weight: .semibold, width: width - 2 * inset)
            svg.line("<text x=\"\(Self.number(inset))\" y=\"\(Self.number(y + section.headerHeight / 2 + 5))\" font-size=\"15\" font-weight=\"600\" fill=\"\(Colors.label)\">\(SVGBuilder.escape(fitted))</text>")
            return
        }
        // Grouped headers are small capitals of the footnote size, on the group's text
        // edge, sitting just above the group.
        let fitted = SVGTextMetrics.truncate(keepsCase ? text : text.uppercased(), size: Fonts.footnote, width: width - 2 * inset)
        svg.line("<text x=\"\(Self.number(x + inset))\" y=\"\(Self.number(y + section.headerHeight - 7))\" font-size=\"13\" fill=\"\(Colors.secondaryLabel)\" fill-opacity=\"0.6\">\(SVGBuilder.escape(fitted))</text>")
    }

    func drawFooter(_ section: SectionSnapshot, y: Double, into svg: inout SVGBuilder) {
        guard let footer = section.footerView?.text ?? section.footerTitle, Self.finite(section.footerHeight) > 0 else { return }
        let (x, width) = cellFrame
        let inset = contentInset
        let lines = SVGTextMetrics.wrap(TableRenderer.cleanKeepingNewlines(footer), size: Fonts.footnote,
                                        width: width - 2 * inset)
        if style == .plain {
            // A plain table's footer sits on a strip, as its header does.
            svg.line("<rect x=\"0\" y=\"\(Self.number(y))\" width=\"\(Self.number(screenWidth))\" height=\"\(Self.number(section.footerHeight))\" fill=\"\(Colors.plainHeaderBackground)\"/>")
        }
        var baseline = y + 6 + Fonts.footnote
        for line in lines {
            if !line.isEmpty {
                svg.line("<text x=\"\(Self.number(x + inset))\" y=\"\(Self.number(baseline))\" font-size=\"13\" fill=\"\(Colors.secondaryLabel)\" fill-opacity=\"0.6\">\(SVGBuilder.escape(line))</text>")
            }
            baseline += Fonts.footnoteLeading
        }
    }

    func drawRows(_ section: SectionSnapshot, y top: Double, into svg: inout SVGBuilder) {
        guard !section.rows.isEmpty else { return }
        let (x, width) = cellFrame
        let total = section.rows.reduce(0) { $0 + Self.finite($1.height) }
        let x0 = Self.number(x), w = Self.number(width)
        if style == .insetGrouped {
            svg.line("<rect x=\"\(x0)\" y=\"\(Self.number(top))\" width=\"\(w)\" height=\"\(Self.number(total))\" rx=\"\(Self.number(Self.cornerRadius))\" fill=\"\(Colors.cellBackground)\"/>")
        } else {
            svg.line("<rect x=\"\(x0)\" y=\"\(Self.number(top))\" width=\"\(w)\" height=\"\(Self.number(total))\" fill=\"\(Colors.cellBackground)\"/>")
        }
        if style == .grouped {
            // A grouped section is framed by full-width hairlines.
            hairline(x: 0, y: top, width: screenWidth, into: &svg)
            hairline(x: 0, y: top + total - 0.5, width: screenWidth, into: &svg)
        }
        var y = top
        for (position, row) in section.rows.enumerated() {
            let height = Self.finite(row.height)
            if y >= screenHeight { break }
            if height > 0 {
                drawCell(row.cell, x: x, y: y, width: width, height: height, into: &svg)
            }
            y += height
            let isLast = position == section.rows.count - 1
            if !isLast || style == .plain {
                // Between cells the separator starts at the text's edge (after the image
                // of an imageView, as UIKit moves the separator inset with the text).
                let indent = contentInset + (row.cell.imageName != nil ? Self.imageSize + Self.imageToTextPadding : 0)
                hairline(x: x + indent, y: y - 0.5, width: width - indent, into: &svg)
            }
        }
    }

    func hairline(x: Double, y: Double, width: Double, into svg: inout SVGBuilder) {
        guard width > 0 else { return }
        svg.line("<rect x=\"\(Self.number(x))\" y=\"\(Self.number(y))\" width=\"\(Self.number(width))\" height=\"0.5\" fill=\"\(Colors.separator)\"/>")
    }

    // MARK: - Cells

    struct LabelStyle {
        var size: Double
        var weight: SVGTextMetrics.Weight = .regular
        var color: String
        var opacity: Double = 1
    }

    /// A cell: its accessory (or accessory view) at the right edge, centred; the image of
    /// its imageView before the labels; the standard labels. The outlets of its class and
    /// the views it added have no frames TableLab knows (no constraints): they are laid out
    /// as such a cell usually is, an image view at the leading edge, switches at the
    /// trailing edge, labels and buttons stacked between them in declaration order (after
    /// the standard labels when those show anything), the stack centred in the cell.
    func drawCell(_ cell: CellSnapshot, x: Double, y: Double, width: Double, height: Double,
                  into svg: inout SVGBuilder) {
        let inset = contentInset
        let middle = y + height / 2
        var right = x + width - inset
        let accessoryWidth: Double
        if let view = cell.accessoryView {
            accessoryWidth = drawAccessoryView(view, right: right, middle: middle, into: &svg)
        } else {
            accessoryWidth = drawAccessory(cell.accessoryType, right: right, middle: middle, into: &svg)
        }
        if accessoryWidth > 0 { right -= accessoryWidth + 12 }
        var left = x + inset
        if let name = cell.imageName {
            // UIKit's imageView: the image at the leading margin, the labels after it.
            imagePlaceholder(name, x: left, middle: middle, size: min(Self.imageSize, height), into: &svg)
            left += Self.imageSize + Self.imageToTextPadding
        }
        let items = cell.contents.filter(Self.drawsSomething)
        guard !items.isEmpty else {
            drawStandardLabels(cell, left: left, right: right, middle: middle, into: &svg)
            return
        }
        // Outlets: images leading, switches trailing, the rest stacked between.
        for case .image(_, let name?) in items {
            let size = min(max(height - 16, 0), 60)
            imagePlaceholder(name, x: left, middle: middle, size: size, into: &svg)
            left += size + 12
            break
        }
        for case .toggle(_, let isOn) in items.reversed() {
            drawSwitch(isOn: isOn, x: right - 51, middle: middle, into: &svg)
            right -= 51 + 8
        }
        let standardShows = !TableRenderer.labelText(cell.textLabel).isEmpty
            || !(cell.detailTextLabel.map { TableRenderer.labelText($0).isEmpty } ?? true)
        let stacked = items.filter {
            switch $0 {
            case .label, .button, .progress: return true
            default: return false
            }
        }
        let lineHeight = 22.0
        let lines = Double(stacked.count + (standardShows ? 1 : 0))
        let scale = min(1, height / max(lines * lineHeight, 1))
        var top = middle - lines * lineHeight * scale / 2
        if standardShows {
            drawStandardLabels(cell, left: left, right: right, middle: top + lineHeight * scale / 2, into: &svg)
            top += lineHeight * scale
        }
        for item in stacked {
            drawContent(item, left: left, right: right, middle: top + lineHeight * scale / 2, size: Fonts.body * scale, into: &svg)
            top += lineHeight * scale
        }
    }

    /// The image view's place (UIKit's standard symbol column) and its gap to the text.
    static let imageSize = 29.0
    static let imageToTextPadding = 16.0

    /// An image's placeholder glyph: a rounded square with a picture's sun and hill, its
    /// name as the group's title (TableLab has no image files).
    func imagePlaceholder(_ name: String, x: Double, middle: Double, size: Double, into svg: inout SVGBuilder) {
        guard size > 0 else { return }
        let top = middle - size / 2
        svg.line("<g><title>\(SVGBuilder.escape("image " + TableRenderer.clean(name)))</title>")
        svg.line("<rect x=\"\(Self.number(x))\" y=\"\(Self.number(top))\" width=\"\(Self.number(size))\" height=\"\(Self.number(size))\" rx=\"\(Self.number(size * 0.22))\" fill=\"\(Colors.placeholder)\" fill-opacity=\"0.25\"/>")
        svg.line("<circle cx=\"\(Self.number(x + size * 0.33))\" cy=\"\(Self.number(top + size * 0.35))\" r=\"\(Self.number(size * 0.1))\" fill=\"\(Colors.placeholder)\"/>")
        svg.line("<path d=\"M \(Self.number(x + size * 0.15)) \(Self.number(top + size * 0.8)) L \(Self.number(x + size * 0.42)) \(Self.number(top + size * 0.5)) L \(Self.number(x + size * 0.6)) \(Self.number(top + size * 0.68)) L \(Self.number(x + size * 0.72)) \(Self.number(top + size * 0.58)) L \(Self.number(x + size * 0.85)) \(Self.number(top + size * 0.8)) Z\" fill=\"\(Colors.placeholder)\"/>")
        svg.line("</g>")
    }

    /// A UISwitch with its left edge at `x`: UIKit's 51 by 31 points, green when on.
    func drawSwitch(isOn: Bool, x: Double, middle: Double, into svg: inout SVGBuilder) {
        let top = middle - 15.5
        svg.line("<g><title>\(isOn ? "UISwitch on" : "UISwitch off")</title>")
        svg.line("<rect x=\"\(Self.number(x))\" y=\"\(Self.number(top))\" width=\"51\" height=\"31\" rx=\"15.5\" fill=\"\(isOn ? Colors.switchOn : Colors.switchOff)\"/>")
        let knob = isOn ? x + 51 - 15.5 : x + 15.5
        svg.line("<circle cx=\"\(Self.number(knob))\" cy=\"\(Self.number(middle))\" r=\"13.5\" fill=\"#FFFFFF\" stroke=\"#000000\" stroke-opacity=\"0.06\" stroke-width=\"0.5\"/>")
        svg.line("</g>")
    }

    /// An accessoryView with its right edge at `right`; returns its width (0 for none).
    func drawAccessoryView(_ view: AccessoryViewSnapshot, right: Double, middle: Double, into svg: inout SVGBuilder) -> Double {
        switch view {
        case .toggle(let isOn):
            drawSwitch(isOn: isOn, x: right - 51, middle: middle, into: &svg)
            return 51
        case .image(let name):
            guard let name else { return 0 }
            imagePlaceholder(name, x: right - 24, middle: middle, size: 24, into: &svg)
            return 24
        case .button(let title):
            let text = TableRenderer.clean(title ?? "")
            guard !text.isEmpty else { return 0 }
            let width = SVGTextMetrics.width(text, size: Fonts.body)
            drawLabel(LabelSnapshot(text: text), text, style: LabelStyle(size: Fonts.body, color: Colors.tint),
                      left: right - width, width: width, baseline: middle + 6, alignment: .right, into: &svg)
            return width
        case .label(let text):
            let text = TableRenderer.clean(text ?? "")
            guard !text.isEmpty else { return 0 }
            let width = SVGTextMetrics.width(text, size: Fonts.body)
            drawLabel(LabelSnapshot(text: text), text, style: LabelStyle(size: Fonts.body, color: Colors.label),
                      left: right - width, width: width, baseline: middle + 6, alignment: .right, into: &svg)
            return width
        case .view:
            return 0
        }
    }

    /// Whether an outlet draws anything: a label with text (or hidden by its alpha), an
    /// image view with an image, a switch, a button with a title; a plain view does not.
    static func drawsSomething(_ item: CellContentSnapshot) -> Bool {
        switch item {
        case .label(_, let label): return label.isVisible || (label.drawnAlpha <= 0 && !(label.text ?? "").isEmpty)
        case .image(_, let name): return name != nil
        case .toggle, .progress: return true
        case .button(_, let title): return !(title ?? "").isEmpty
        case .view: return false
        }
    }

    /// A label or button outlet on its line of the cell.
    func drawContent(_ item: CellContentSnapshot, left: Double, right: Double, middle: Double, size: Double,
                     into svg: inout SVGBuilder) {
        let width = max(right - left, 0)
        switch item {
        case .label(_, let label):
            drawLabel(label, TableRenderer.labelText(label), style: LabelStyle(size: size, color: Colors.label),
                      left: left, width: width, baseline: middle + size * 0.35, alignment: label.alignment, into: &svg)
        case .button(_, let title):
            let text = TableRenderer.clean(title ?? "")
            drawLabel(LabelSnapshot(text: text), text, style: LabelStyle(size: size, color: Colors.tint),
                      left: left, width: width, baseline: middle + size * 0.35, alignment: .left, into: &svg)
        case .progress(_, let progress):
            drawProgress(progress, left: left, width: width, middle: middle, into: &svg)
        case .image, .toggle, .view:
            break
        }
    }

    /// A UIProgressView of the default style: a 4-point track, the done part in the tint.
    func drawProgress(_ progress: Float, left: Double, width: Double, middle: Double, into svg: inout SVGBuilder) {
        let top = middle - 2
        svg.line("<g><title>UIProgressView \(progress)</title>")
        svg.line("<rect x=\"\(Self.number(left))\" y=\"\(Self.number(top))\" width=\"\(Self.number(width))\" height=\"4\" rx=\"2\" fill=\"\(Colors.switchOff)\"/>")
        svg.line("<rect x=\"\(Self.number(left))\" y=\"\(Self.number(top))\" width=\"\(Self.number(width * Double(progress)))\" height=\"4\" rx=\"2\" fill=\"\(Colors.tint)\"/>")
        svg.line("</g>")
    }

    /// The standard labels in the cell's style, between `left` and `right`.
    func drawStandardLabels(_ cell: CellSnapshot, left: Double, right: Double, middle: Double, into svg: inout SVGBuilder) {
        let available = max(right - left, 0)
        let body = LabelStyle(size: Fonts.body, color: Colors.label)
        let text = TableRenderer.clean(cell.textLabel.text ?? "")
        switch cell.style {
        case .default:
            drawLabel(cell.textLabel, text, style: body, left: left, width: available, baseline: middle + 6,
                      alignment: cell.textLabel.alignment, into: &svg)
        case .subtitle:
            let detailLabel = cell.detailTextLabel ?? LabelSnapshot()
            let detail = TableRenderer.clean(detailLabel.text ?? "")
            // A detail with any text, even a blank, takes its line (UIKit lays out the
            // label whatever its alpha); without one the text is centred alone.
            if detail.isEmpty {
                drawLabel(cell.textLabel, text, style: body, left: left, width: available, baseline: middle + 6,
                          alignment: .left, into: &svg)
            } else {
                drawLabel(cell.textLabel, text, style: body, left: left, width: available, baseline: middle - 1.5,
                          alignment: .left, into: &svg)
                drawLabel(detailLabel, detail, style: LabelStyle(size: Fonts.subtitleDetail, color: Colors.label),
                          left: left, width: available, baseline: middle + 14, alignment: .left, into: &svg)
            }
        case .value1:
            let detailLabel = cell.detailTextLabel ?? LabelSnapshot()
            let detail = TableRenderer.clean(detailLabel.text ?? "")
            let detailStyle = LabelStyle(size: Fonts.body, color: Colors.secondaryLabel, opacity: 0.6)
            let textWidth = SVGTextMetrics.width(text, size: Fonts.body)
            let detailWidth = SVGTextMetrics.width(detail, size: Fonts.body)
            let split = Self.splitValue1(text: textWidth, detail: detailWidth, width: available, gap: 8)
            drawLabel(cell.textLabel, text, style: body, left: left, width: split.text, baseline: middle + 6,
                      alignment: .left, into: &svg)
            if split.detail > 0 {
                drawLabel(detailLabel, detail, style: detailStyle, left: right - split.detail, width: split.detail,
                          baseline: middle + 6, alignment: .right, into: &svg)
            }
        case .value2:
            let detailLabel = cell.detailTextLabel ?? LabelSnapshot()
            let detail = TableRenderer.clean(detailLabel.text ?? "")
            // UIKit's value2 keeps the text label in a fixed right-aligned column.
            let column = min(available * 0.3, 91)
            drawLabel(cell.textLabel, text, style: LabelStyle(size: Fonts.value2, weight: .semibold, color: Colors.tint),
                      left: left, width: column, baseline: middle + 5, alignment: .right, into: &svg)
            drawLabel(detailLabel, detail, style: LabelStyle(size: Fonts.value2, color: Colors.label),
                      left: left + column + 6, width: max(available - column - 6, 0), baseline: middle + 5,
                      alignment: .left, into: &svg)
        }
    }

    /// What value1's text and detail get of `width` points, with `gap` between them:
    /// both whole when they fit; else the shorter keeps its width if it needs at most half.
    static func splitValue1(text: Double, detail: Double, width: Double, gap: Double) -> (text: Double, detail: Double) {
        guard detail > 0 else { return (width, 0) }
        if text + gap + detail <= width { return (text, detail) }
        let available = max(width - gap, 0)
        if text <= available / 2 { return (text, available - text) }
        if detail <= available / 2 { return (available - detail, detail) }
        return (available / 2, available / 2)
    }

    func drawLabel(_ label: LabelSnapshot, _ text: String, style: LabelStyle, left: Double, width: Double,
                   baseline: Double, alignment: TextAlignment, into svg: inout SVGBuilder) {
        guard label.drawnAlpha > 0, !text.isEmpty, width > 0 else { return }
        var color = style.color
        var opacity = style.opacity
        if let name = label.colorName, let named = Self.color(named: name) {
            color = named.hex
            opacity = named.opacity
        }
        opacity *= min(label.drawnAlpha, 1)
        guard opacity > 0 else { return }
        let fitted = SVGTextMetrics.truncate(text, size: style.size, weight: style.weight, width: width)
        let x: Double, anchor: String
        switch alignment {
        case .left: x = left; anchor = "start"
        case .center: x = left + width / 2; anchor = "middle"
        case .right: x = left + width; anchor = "end"
        }
        var attributes = "x=\"\(Self.number(x))\" y=\"\(Self.number(baseline))\" font-size=\"\(Self.number(style.size))\""
        if style.weight == .semibold { attributes += " font-weight=\"600\"" }
        if anchor != "start" { attributes += " text-anchor=\"\(anchor)\"" }
        attributes += " fill=\"\(color)\""
        if opacity < 1 { attributes += " fill-opacity=\"\(Self.number(opacity))\"" }
        svg.line("<text \(attributes)>\(SVGBuilder.escape(fitted))</text>")
    }

    /// Draws the accessory with its right edge at `right`; returns its width (0 for none).
    func drawAccessory(_ accessory: AccessoryType, right: Double, middle: Double,
                       into svg: inout SVGBuilder) -> Double {
        switch accessory {
        case .none:
            return 0
        case .disclosureIndicator:
            chevron(right: right, middle: middle, into: &svg)
            return 8
        case .checkmark:
            let x = right - 14
            svg.line("<path d=\"M \(Self.number(x + 0.5)) \(Self.number(middle + 0.5)) L \(Self.number(x + 5)) \(Self.number(middle + 5.5)) L \(Self.number(x + 14)) \(Self.number(middle - 5.5))\" fill=\"none\" stroke=\"\(Colors.tint)\" stroke-width=\"2.2\" stroke-linecap=\"round\" stroke-linejoin=\"round\"/>")
            return 14
        case .detailButton:
            infoButton(centerX: right - 11, middle: middle, into: &svg)
            return 22
        case .detailDisclosureButton:
            chevron(right: right, middle: middle, into: &svg)
            infoButton(centerX: right - 8 - 14 - 11, middle: middle, into: &svg)
            return 8 + 14 + 22
        }
    }

    func chevron(right: Double, middle: Double, into svg: inout SVGBuilder) {
        let x = right - 7.5
        svg.line("<path d=\"M \(Self.number(x)) \(Self.number(middle - 6.5)) L \(Self.number(x + 6.5)) \(Self.number(middle)) L \(Self.number(x)) \(Self.number(middle + 6.5))\" fill=\"none\" stroke=\"\(Colors.chevron)\" stroke-width=\"2.2\" stroke-linecap=\"round\" stroke-linejoin=\"round\"/>")
    }

    func infoButton(centerX: Double, middle: Double, into svg: inout SVGBuilder) {
        let cx = Self.number(centerX)
        svg.line("<circle cx=\"\(cx)\" cy=\"\(Self.number(middle))\" r=\"10\" fill=\"none\" stroke=\"\(Colors.tint)\" stroke-width=\"1.5\"/>")
        svg.line("<circle cx=\"\(cx)\" cy=\"\(Self.number(middle - 4.5))\" r=\"1.3\" fill=\"\(Colors.tint)\"/>")
        svg.line("<rect x=\"\(Self.number(centerX - 1))\" y=\"\(Self.number(middle - 1.5))\" width=\"2\" height=\"7.5\" rx=\"1\" fill=\"\(Colors.tint)\"/>")
    }

    // MARK: - Colours and numbers

    /// UIKit's colours by the names scripts use, in light mode.
    static func color(named name: String) -> (hex: String, opacity: Double)? {
        switch name {
        case "black", "label": return ("#000000", 1)
        case "darkGray": return ("#555555", 1)
        case "lightGray": return ("#AAAAAA", 1)
        case "white", "systemBackground": return ("#FFFFFF", 1)
        case "gray": return ("#808080", 1)
        case "red": return ("#FF0000", 1)
        case "green": return ("#00FF00", 1)
        case "blue": return ("#0000FF", 1)
        case "cyan": return ("#00FFFF", 1)
        case "yellow": return ("#FFFF00", 1)
        case "magenta": return ("#FF00FF", 1)
        case "orange": return ("#FF8000", 1)
        case "purple": return ("#800080", 1)
        case "brown": return ("#996633", 1)
        case "clear": return ("#000000", 0)
        case "secondaryLabel": return (Colors.secondaryLabel, 0.6)
        case "tertiaryLabel": return (Colors.secondaryLabel, 0.3)
        case "systemRed": return ("#FF3B30", 1)
        case "systemGreen": return ("#34C759", 1)
        case "systemBlue", "tintColor": return (Colors.tint, 1)
        case "systemOrange": return ("#FF9500", 1)
        case "systemYellow": return ("#FFCC00", 1)
        case "systemPink": return ("#FF2D55", 1)
        case "systemPurple": return ("#AF52DE", 1)
        case "systemTeal": return ("#30B0C7", 1)
        case "systemIndigo": return ("#5856D6", 1)
        case "systemGray": return ("#8E8E93", 1)
        default: return nil
        }
    }

    /// A non-finite height draws as nothing (UIKit would raise; the simulator reports it).
    static func finite(_ value: Double) -> Double { value.isFinite && value > 0 ? value : 0 }

    /// Points with at most two decimals, no trailing zeros: `44`, `16.5`, `0.25`.
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let hundredths = (value * 100).rounded()
        if hundredths == hundredths.rounded(.towardZero), abs(hundredths) < 1e15 {
            let n = Int(hundredths)
            let sign = n < 0 ? "-" : ""
            let whole = abs(n) / 100, fraction = abs(n) % 100
            if fraction == 0 { return sign + String(whole) }
            let digits = fraction % 10 == 0 ? String(fraction / 10) : (fraction < 10 ? "0" : "") + String(fraction)
            return sign + String(whole) + "." + digits
        }
        return String(value)
    }
}

/// Lines of SVG, and XML's escaping of text and attribute values.
struct SVGBuilder {
    private(set) var text = ""

    mutating func line(_ line: String) {
        text += line
        text += "\n"
    }

    /// Text as XML 1.0 allows it: markup characters escaped, and the characters XML
    /// forbids (controls other than tab and line breaks, U+FFFE, U+FFFF) dropped.
    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            default:
                let v = scalar.value
                if v < 0x20 && v != 0x09 && v != 0x0A && v != 0x0D { continue }
                if v == 0xFFFE || v == 0xFFFF { continue }
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}

/// Estimated text widths in points, for truncating and wrapping as UILabel does.
///
/// ASCII uses Helvetica's advance widths (SF Pro's are within a few percent of them)
/// scaled by 0.97 for SF Pro's tighter default tracking; a character `DisplayWidth` counts
/// two columns wide (CJK, emoji) is one em, as those glyphs are square; other characters
/// are 0.56 em, and a letter with combining marks is its base letter. Semibold text is 5% wider.
public enum SVGTextMetrics {
    public enum Weight: Sendable { case regular, semibold }

    /// Helvetica's advances per 1000 units of the em, for U+0020 through U+007E.
    static let asciiAdvances: [Double] = [
        278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278,  // space ... /
        556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556,  // 0 ... ?
        1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778, // @ ... O
        667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556,  // P ... _
        333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556,  // ` ... o
        556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,       // p ... ~
    ]

    /// The width of `text` at `size` points.
    public static func width(_ text: String, size: Double, weight: Weight = .regular) -> Double {
        var units = 0.0
        for character in text { units += advance(character) }
        return units * size * (weight == .semibold ? 1.05 : 1)
    }

    /// One grapheme cluster's advance, in ems.
    static func advance(_ character: Character) -> Double {
        let width = DisplayWidth.of(character)
        if width == 2 { return 1 }
        if width == 0 { return 0 }
        // A letter with combining marks advances as its base letter.
        if let first = character.unicodeScalars.first, first.value >= 0x20, first.value < 0x7F {
            return asciiAdvances[Int(first.value) - 0x20] * 0.97 / 1000
        }
        return 0.56
    }

    /// `text` cut with "…" to fit `width` points, as UILabel truncates its tail.
    public static func truncate(_ text: String, size: Double, weight: Weight = .regular, width: Double) -> String {
        if Self.width(text, size: size, weight: weight) <= width { return text }
        let ellipsis = Self.width("…", size: size, weight: weight)
        var out = ""
        var used = 0.0
        let scale = size * (weight == .semibold ? 1.05 : 1)
        for character in text {
            let w = advance(character) * scale
            if used + w + ellipsis > width { break }
            out.append(character)
            used += w
        }
        while out.last == " " { out.removeLast() }
        return out.isEmpty && width < ellipsis ? "" : out + "…"
    }

    /// Word-wraps `text` to lines no wider than `width` points; explicit line breaks are
    /// kept; a word wider than a line is cut between grapheme clusters.
    public static func wrap(_ text: String, size: Double, width: Double) -> [String] {
        var lines: [String] = []
        let space = Self.width(" ", size: size)
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var current = ""
            var currentWidth = 0.0
            for word in paragraph.split(separator: " ") {
                var word = String(word)
                var wordWidth = Self.width(word, size: size)
                if !current.isEmpty && currentWidth + space + wordWidth <= width {
                    current += " " + word
                    currentWidth += space + wordWidth
                    continue
                }
                if !current.isEmpty {
                    lines.append(current)
                    current = ""
                    currentWidth = 0
                }
                while wordWidth > width, word.count > 1 {
                    var piece = ""
                    var pieceWidth = 0.0
                    for character in word {
                        let w = advance(character) * size
                        if pieceWidth + w > width && !piece.isEmpty { break }
                        piece.append(character)
                        pieceWidth += w
                    }
                    lines.append(piece)
                    word = String(word.dropFirst(piece.count))
                    wordWidth = Self.width(word, size: size)
                }
                current = word
                currentWidth = wordWidth
            }
            lines.append(current)
        }
        return lines
    }
}
