// What a cell shows beyond its standard labels: the image of its imageView (or of its
// content configuration), a view as its accessory (a UISwitch), and the views a custom
// cell class connects as `@IBOutlet`s, in declaration order.

/// One `@IBOutlet` of a cell class (or a view added to its content view), as drawn.
public enum CellContentSnapshot: Equatable, Sendable {
    /// A UILabel: its text, colour, alignment and alpha.
    case label(name: String, LabelSnapshot)
    /// A UIImageView: the name of its image (nil: no image).
    case image(name: String, imageName: String?)
    /// A UISwitch: its state.
    case toggle(name: String, isOn: Bool)
    /// A UIButton: its title for the normal state.
    case button(name: String, title: String?)
    /// A UIProgressView: its progress, 0...1.
    case progress(name: String, progress: Float)
    /// Any other view (a UIView, a stack view): drawn as nothing, listed by `:cell`.
    case view(name: String, type: String)

    /// The property's name (`titleLabel`).
    public var name: String {
        switch self {
        case .label(let n, _), .image(let n, _), .toggle(let n, _), .button(let n, _), .progress(let n, _), .view(let n, _):
            return n
        }
    }
}

/// A view set as a cell's `accessoryView`.
public enum AccessoryViewSnapshot: Equatable, Sendable {
    /// A UISwitch, drawn with its state.
    case toggle(isOn: Bool)
    /// A UIImageView, drawn as the image's placeholder.
    case image(imageName: String?)
    /// A UIButton, drawn with its title.
    case button(title: String?)
    /// A UILabel, drawn with its text.
    case label(text: String?)
    /// Any other view: its type name.
    case view(type: String)
}

extension CellContentSnapshot {
    /// How a switch is drawn: the knob on the side of its state.
    public static func toggleText(isOn: Bool) -> String { isOn ? "[on ●]" : "[○ off]" }

    /// How a progress view is drawn: a bar of ten segments, the done ones filled.
    public static func progressText(_ progress: Float) -> String {
        let done = min(max(Int((progress * 10).rounded()), 0), 10)
        return String(repeating: "▰", count: done) + String(repeating: "▱", count: 10 - done)
    }

    /// How an image is drawn: a placeholder glyph and the image's name.
    public static func imageText(_ name: String) -> String { "▣ " + name }
}
