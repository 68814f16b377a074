/// The `:show --json` document (schema in docs/SHOW_JSON.md). Written by hand rather than
/// with JSONEncoder: key order is part of the contract, and Foundation stays out of start-up.
enum TableJSON {
    static func encode(_ snapshot: TableSnapshot, title: String? = nil) -> String {
        var writer = JSONWriter()
        writer.value(document(snapshot, title: title))
        return writer.output
    }

    /// A screen with no table view (its view is UIKit's empty view).
    static func encodeEmptyScreen(_ name: String, title: String?) -> String {
        var writer = JSONWriter()
        writer.value(.object([("table", .string(name)), ("title", optionalString(title)), ("tableView", .null)]))
        return writer.output
    }

    static func document(_ snapshot: TableSnapshot, title: String? = nil) -> JSONValue {
        var fields: [(String, JSONValue)] = [
            ("table", .string(snapshot.name)),
            ("width", .number(snapshot.width)),
            ("contentHeight", .number(snapshot.contentHeight)),
            ("sections", .array(snapshot.sections.enumerated().map { section($0.element, index: $0.offset) })),
            ("style", .string(snapshot.style.rawValue)),
            ("title", optionalString(title)),
            ("sectionIndexTitles", snapshot.sectionIndexTitles.map { .array($0.map(JSONValue.string)) } ?? .null),
        ]
        // The table's header and footer views, only when there are any.
        if let view = snapshot.tableHeaderView { fields.append(("tableHeaderView", endView(view))) }
        if let view = snapshot.tableFooterView { fields.append(("tableFooterView", endView(view))) }
        if let view = snapshot.backgroundView { fields.append(("backgroundView", endView(view))) }
        return .object(fields)
    }

    static func endView(_ view: TableEndViewSnapshot) -> JSONValue {
        .object([
            ("type", .string(view.typeName)),
            ("backgroundColor", optionalString(view.backgroundColorName)),
            ("views", .array(view.views.map { item in
                var fields: [(String, JSONValue)] = [("type", .string(item.typeName))]
                if let text = item.text { fields.append(("text", .string(text))) }
                if let placeholder = item.placeholder { fields.append(("placeholder", .string(placeholder))) }
                if let title = item.title { fields.append(("title", .string(title))) }
                if let image = item.imageName { fields.append(("image", .string(image))) }
                if let isOn = item.isOn { fields.append(("isOn", .bool(isOn))) }
                if let color = item.textColorName { fields.append(("textColor", .string(color))) }
                if let color = item.backgroundColorName { fields.append(("backgroundColor", .string(color))) }
                return .object(fields)
            })),
        ])
    }

    static func section(_ section: SectionSnapshot, index: Int) -> JSONValue {
        var fields: [(String, JSONValue)] = [
            ("index", .integer(index)),
            ("header", optionalString(section.headerTitle)),
            ("footer", optionalString(section.footerTitle)),
            ("headerHeight", .number(section.headerHeight)),
            ("footerHeight", .number(section.footerHeight)),
            ("rows", .array(section.rows.map(row))),
        ]
        // Views from viewForHeaderInSection/viewForFooterInSection, only when there are any.
        if let view = section.headerView { fields.append(("headerView", headerFooterView(view))) }
        if let view = section.footerView { fields.append(("footerView", headerFooterView(view))) }
        return .object(fields)
    }

    static func headerFooterView(_ view: HeaderFooterSnapshot) -> JSONValue {
        .object([
            ("type", .string(view.typeName)),
            ("labels", .array(view.labels.map(label))),
            ("backgroundColor", optionalString(view.backgroundColorName)),
        ])
    }

    static func row(_ row: RowSnapshot) -> JSONValue {
        var fields: [(String, JSONValue)] = [
            ("indexPath", .array([.integer(row.indexPath.section), .integer(row.indexPath.row)])),
            ("height", .number(row.height)),
        ]
        // Only where it is one: the height of a self-sizing row TableLab cannot measure.
        if row.heightIsEstimate { fields.append(("heightIsEstimate", .bool(true))) }
        fields.append(("cell", cell(row.cell)))
        return .object(fields)
    }

    static func cell(_ cell: CellSnapshot) -> JSONValue {
        var fields: [(String, JSONValue)] = [
            ("reuseIdentifier", .string(cell.reuseIdentifier)),
            ("style", .string(cell.style.rawValue)),
            ("textLabel", label(cell.textLabel)),
            ("detailTextLabel", cell.detailTextLabel.map(label) ?? .null),
            ("accessoryType", .string(cell.accessoryType.rawValue)),
            ("selectionStyle", .string(cell.selectionStyle.rawValue)),
        ]
        // A cell class's parts, only when there are any (a standard cell's object is as it was).
        if let c = cell.cellClass { fields.append(("cellClass", .string(c))) }
        if let image = cell.imageName { fields.append(("image", .string(image))) }
        if let view = cell.accessoryView { fields.append(("accessoryView", accessoryView(view))) }
        if !cell.contents.isEmpty { fields.append(("outlets", .array(cell.contents.map(content)))) }
        if let color = cell.backgroundColorName { fields.append(("backgroundColor", .string(color))) }
        if let color = cell.tintColorName { fields.append(("tintColor", .string(color))) }
        return .object(fields)
    }

    static func accessoryView(_ view: AccessoryViewSnapshot) -> JSONValue {
        switch view {
        case .toggle(let isOn): return .object([("type", .string("UISwitch")), ("isOn", .bool(isOn))])
        case .image(let name): return .object([("type", .string("UIImageView")), ("image", optionalString(name))])
        case .button(let title): return .object([("type", .string("UIButton")), ("title", optionalString(title))])
        case .label(let text): return .object([("type", .string("UILabel")), ("text", optionalString(text))])
        case .view(let type): return .object([("type", .string(type))])
        }
    }

    static func content(_ item: CellContentSnapshot) -> JSONValue {
        switch item {
        case .label(let name, let l):
            return .object([("name", .string(name)), ("type", .string("UILabel")), ("label", label(l))])
        case .image(let name, let image):
            return .object([("name", .string(name)), ("type", .string("UIImageView")), ("image", optionalString(image))])
        case .toggle(let name, let isOn):
            return .object([("name", .string(name)), ("type", .string("UISwitch")), ("isOn", .bool(isOn))])
        case .button(let name, let title):
            return .object([("name", .string(name)), ("type", .string("UIButton")), ("title", optionalString(title))])
        case .progress(let name, let progress):
            // The Float as Swift prints it (0.8, not the Double nearest the Float's value).
            return .object([("name", .string(name)), ("type", .string("UIProgressView")),
                            ("progress", .number(Double(progress.description) ?? Double(progress)))])
        case .view(let name, let type):
            return .object([("name", .string(name)), ("type", .string(type))])
        }
    }

    static func label(_ label: LabelSnapshot) -> JSONValue {
        .object([
            ("text", optionalString(label.text)),
            ("textAlignment", .string(label.alignment.rawValue)),
            ("textColor", optionalString(label.colorName)),
            ("alpha", .number(label.drawnAlpha)),
        ])
    }

    static func optionalString(_ text: String?) -> JSONValue {
        text.map(JSONValue.string) ?? .null
    }
}

/// A JSON value whose objects keep their keys in the order given.
enum JSONValue: Sendable {
    case null
    case bool(Bool)
    case integer(Int)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    /// True for values written on one line even in pretty output.
    var isScalar: Bool {
        switch self {
        case .array, .object: return false
        default: return true
        }
    }
}

/// Writes JSON with two-space indentation; arrays and objects holding only scalars stay
/// on one line (`[0, 4]`, a label's `{"text": ..., "alpha": 1}`).
struct JSONWriter {
    private(set) var output = ""
    private var depth = 0

    mutating func value(_ value: JSONValue) {
        switch value {
        case .null: output += "null"
        case let .bool(flag): output += flag ? "true" : "false"
        case let .integer(number): output += String(number)
        case let .number(number): output += Self.number(number)
        case let .string(text): output += Self.quote(text)
        case let .array(elements):
            if elements.isEmpty { output += "[]"; return }
            if elements.allSatisfy(\.isScalar) {
                output += "["
                for (index, element) in elements.enumerated() {
                    if index > 0 { output += ", " }
                    self.value(element)
                }
                output += "]"
                return
            }
            output += "["
            depth += 1
            for (index, element) in elements.enumerated() {
                output += index > 0 ? ",\n" : "\n"
                indent()
                self.value(element)
            }
            depth -= 1
            output += "\n"
            indent()
            output += "]"
        case let .object(members):
            if members.isEmpty { output += "{}"; return }
            if members.allSatisfy({ $0.1.isScalar }) {
                output += "{"
                for (index, member) in members.enumerated() {
                    if index > 0 { output += ", " }
                    output += Self.quote(member.0) + ": "
                    self.value(member.1)
                }
                output += "}"
                return
            }
            output += "{"
            depth += 1
            for (index, member) in members.enumerated() {
                output += index > 0 ? ",\n" : "\n"
                indent()
                output += Self.quote(member.0) + ": "
                self.value(member.1)
            }
            depth -= 1
            output += "\n"
            indent()
            output += "}"
        }
    }

    private mutating func indent() {
        output += String(repeating: "  ", count: depth)
    }

    /// Whole numbers without a fraction (`44`), others in Swift's shortest round-trip form
    /// (`44.5`); infinities and NaN, which JSON cannot spell, as `null`.
    static func number(_ number: Double) -> String {
        guard number.isFinite else { return "null" }
        if number == number.rounded(), abs(number) < 1e15 {
            return String(Int(number))
        }
        return String(number)
    }

    /// A JSON string literal. Non-ASCII text stays as UTF-8; control characters, and the
    /// line separators JavaScript rejects in literals, are escaped.
    static func quote(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x22: out += "\\\""
            case 0x5C: out += "\\\\"
            case 0x0A: out += "\\n"
            case 0x0D: out += "\\r"
            case 0x09: out += "\\t"
            case 0x08: out += "\\b"
            case 0x0C: out += "\\f"
            case 0x00..<0x20, 0x7F, 0x2028, 0x2029:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default:
                out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
