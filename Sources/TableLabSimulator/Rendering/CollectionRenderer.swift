// `:show` of a collection view: each section's lines as rows of boxes, one box per item
// (its index path on the top edge, then what its cell's views show), and `--json`'s
// document (docs/SHOW_JSON.md).

public struct CollectionRenderer {
    public let width: Int

    public init(width: Int) { self.width = width }

    public func render(_ snapshot: CollectionSnapshot) -> String {
        var out = ["\(snapshot.name)  UICollectionView, flow layout, \(snapshot.scrollDirection), "
            + "\(JSONWriter.number(snapshot.extent)) points \(snapshot.scrollDirection == "vertical" ? "wide" : "high")"]
        if snapshot.scrollDirection == "horizontal" { out.append("(it scrolls horizontally: each row of boxes below is one column, top to bottom)") }
        if snapshot.sections.isEmpty { out.append("(no sections)") }
        // One box width for the whole grid, from its longest line, so that items line up.
        let grouped = snapshot.sections.map { Dictionary(grouping: $0.items, by: \.line).sorted { $0.key < $1.key }.map(\.value) }
        let perLine = max(1, grouped.flatMap { $0.map(\.count) }.max() ?? 1)
        let boxWidth = max(8, min(28, (width - (perLine - 1)) / perLine))
        for (index, section) in snapshot.sections.enumerated() {
            out.append(sectionLine(index, section.items))
            if let header = section.header { out.append(Self.supplementaryLine("header", header)) }
            for line in grouped[index] { out += boxes(line, boxWidth: boxWidth) }
            if let footer = section.footer { out.append(Self.supplementaryLine("footer", footer)) }
        }
        return out.joined(separator: "\n")
    }

    /// `header: HeaderView (40 points) UILabel "Fruits"`.
    static func supplementaryLine(_ kind: String, _ view: TableEndViewSnapshot) -> String {
        let shown = TableSimulator.endViewLine(view)
        return "\(kind): \(view.typeName) (\(JSONWriter.number(view.height)) points)" + (shown.isEmpty ? "" : " " + shown)
    }

    private func sectionLine(_ index: Int, _ items: [CollectionItemSnapshot]) -> String {
        var line = "section \(index): \(items.count) item\(items.count == 1 ? "" : "s")"
        guard let first = items.first else { return line }
        if items.allSatisfy({ $0.width == first.width && $0.height == first.height }) {
            line += ", each \(JSONWriter.number(first.width))×\(JSONWriter.number(first.height))"
        }
        let lines = (items.map(\.line).max() ?? 0) + 1
        return line + ", \(lines) line\(lines == 1 ? "" : "s")"
    }

    private func boxes(_ line: [CollectionItemSnapshot], boxWidth: Int) -> [String] {
        let inner = boxWidth - 2
        let contents = line.map { item -> [String] in
            var rows = item.views.compactMap(Self.describe)
            if item.isSelected { rows.append("(selected)") }
            return rows
        }
        let height = max(1, contents.map(\.count).max() ?? 1)
        var top = "", bottom = ""
        var middle = Array(repeating: "", count: height)
        for (i, item) in line.enumerated() {
            let gap = i == 0 ? "" : " "
            let label = "\(item.indexPath.section),\(item.indexPath.row)"
            top += gap + "┌" + DisplayWidth.fit(label + String(repeating: "─", count: max(0, inner - label.count)), width: inner) + "┐"
            bottom += gap + "└" + String(repeating: "─", count: inner) + "┘"
            for row in 0..<height {
                let text = row < contents[i].count ? contents[i][row] : ""
                middle[row] += gap + "│" + DisplayWidth.fit(text, width: inner) + "│"
            }
        }
        return [top] + middle + [bottom]
    }

    /// One view of a cell as its box shows it; nil for a view that shows nothing.
    static func describe(_ item: ViewItemSnapshot) -> String? {
        if let text = item.text { return text }
        if let image = item.imageName { return "▣ " + image }
        if let title = item.title { return "[" + title + "]" }
        if let isOn = item.isOn { return "switch " + (isOn ? "on" : "off") }
        if let placeholder = item.placeholder { return "(" + placeholder + ")" }
        return nil
    }

    public func renderJSON(_ snapshot: CollectionSnapshot, title: String?) -> String {
        var writer = JSONWriter()
        writer.value(Self.document(snapshot, title: title))
        return writer.output
    }

    static func document(_ snapshot: CollectionSnapshot, title: String?) -> JSONValue {
        .object([
            ("collectionView", .string(snapshot.name)),
            ("title", TableJSON.optionalString(title)),
            ("layout", .string("flow")),
            ("scrollDirection", .string(snapshot.scrollDirection)),
            ("extent", .number(snapshot.extent)),
            ("sections", .array(snapshot.sections.enumerated().map { index, section in
                .object([("index", .integer(index)),
                         ("header", section.header.map(supplementary) ?? .null),
                         ("footer", section.footer.map(supplementary) ?? .null),
                         ("items", .array(section.items.map(item)))])
            })),
        ])
    }

    private static func supplementary(_ view: TableEndViewSnapshot) -> JSONValue {
        guard case .object(var fields) = TableJSON.endView(view) else { return .null }
        fields.insert(("size", .number(view.height)), at: 1)
        return .object(fields)
    }

    private static func item(_ item: CollectionItemSnapshot) -> JSONValue {
        var fields: [(String, JSONValue)] = [
            ("item", .integer(item.indexPath.row)), ("line", .integer(item.line)), ("position", .integer(item.column)),
            ("width", .number(item.width)), ("height", .number(item.height)), ("class", .string(item.className)),
        ]
        fields.append(("background", TableJSON.optionalString(item.backgroundColorName)))
        fields.append(("selected", .bool(item.isSelected)))
        let views = TableJSON.endView(TableEndViewSnapshot(typeName: "", views: item.views, backgroundColorName: nil))
        if case .object(let parts) = views, let list = parts.first(where: { $0.0 == "views" }) { fields.append(list) }
        return .object(fields)
    }
}
