/// The eight basic ANSI foreground colours: the ones every terminal theme adapts.
public enum ANSIColor: Int, Sendable {
    case black = 30, red, green, yellow, blue, magenta, cyan, white

    /// The colour a UIKit colour name maps to, nil for names drawn in the terminal's own
    /// foreground (`label`, `black`, unknown names). Accepts `red`, `systemRed`, `.systemRed`
    /// and `UIColor.systemRed` alike.
    public static func named(_ name: String) -> ANSIColor? {
        var key = Substring(name)
        if key.hasPrefix("UIColor.") { key = key.dropFirst("UIColor.".count) }
        if key.hasPrefix(".") { key = key.dropFirst() }
        if key.hasPrefix("system"), key.count > "system".count { key = key.dropFirst("system".count) }
        switch key.lowercased() {
        case "red", "pink": return .red
        case "green", "mint": return .green
        case "yellow", "orange", "brown": return .yellow
        case "blue", "indigo", "tint", "link": return .blue
        case "purple", "magenta": return .magenta
        case "cyan", "teal": return .cyan
        default: return nil
        }
    }

    /// Grey names draw dimmed rather than in a colour.
    static func isGrey(_ name: String) -> Bool {
        let key = name.lowercased()
        return key.contains("gray") || key.contains("grey")
            || key.hasSuffix("secondarylabel") || key.hasSuffix("tertiarylabel")
            || key.hasSuffix("placeholdertext")
    }
}

/// How a run of text is drawn when colours are on.
struct TextStyle: Equatable, Sendable {
    var bold = false
    var dim = false
    var color: ANSIColor? = nil

    static let plain = TextStyle()
    static let bold = TextStyle(bold: true)
    static let dim = TextStyle(dim: true)
    static let blue = TextStyle(color: .blue)

    /// The style of a label with the script's colour name and alpha.
    static func label(colorName: String?, alpha: Double, base: TextStyle = .plain) -> TextStyle {
        var style = base
        if let colorName {
            if let color = ANSIColor.named(colorName) {
                style.color = color
            } else if ANSIColor.isGrey(colorName) {
                style.dim = true
            }
        }
        if alpha < 1 { style.dim = true }
        return style
    }

    var sgrCodes: [Int] {
        var codes: [Int] = []
        if bold { codes.append(1) }
        if dim { codes.append(2) }
        if let color { codes.append(color.rawValue) }
        return codes
    }
}

/// A run of text already fitted to its columns, and its style.
struct Span: Sendable {
    var text: String
    var style: TextStyle

    init(_ text: String, _ style: TextStyle = .plain) {
        self.text = text
        self.style = style
    }
}

/// One output line as styled runs; widths are measured on the text alone.
struct StyledLine: Sendable {
    var spans: [Span] = []

    init(_ spans: [Span] = []) { self.spans = spans }

    mutating func append(_ text: String, _ style: TextStyle = .plain) {
        guard !text.isEmpty else { return }
        spans.append(Span(text, style))
    }

    var plainText: String { spans.map(\.text).joined() }

    func rendered(useColor: Bool) -> String {
        guard useColor else { return plainText }
        var out = ""
        for span in spans {
            let codes = span.style.sgrCodes
            if codes.isEmpty || span.text.allSatisfy({ $0 == " " }) {
                out += span.text
            } else {
                out += "\u{1B}[" + codes.map(String.init).joined(separator: ";") + "m" + span.text + "\u{1B}[0m"
            }
        }
        return out
    }
}
