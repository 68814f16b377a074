// The views a cell holds besides its labels: its image view, content view and accessory
// view, the views a nib or storyboard connects to a cell class's `@IBOutlet`s, UINib and
// the coder a decoded cell is made with, and UIListContentConfiguration (a value type, so
// written in the language itself). Also how the renderer reads any of them back.
//
// The `uikit` work makes UIKit's values and controls (UIImage, UISwitch, UIButton,
// UIImageView, UIView) in files of its own; the objects here are the smallest that cells
// need, read back only through `typeName` and `member(_:)` (and `CellImageNaming` for an
// image's name), so either kind draws the same.

import TableLabSyntax
import TableLabInterpreter

/// An image known by its name (`UIImage(named:)`, `UIImage(systemName:)`).
protocol CellImageNaming: AnyObject {
    var imageName: String { get }
}

enum CellViews {
    /// UIKit's list content configuration: a struct, so that `var c = cell.defaultContentConfiguration()`,
    /// `c.text = ...`, `cell.contentConfiguration = c` have Swift's value semantics.
    /// (`layoutKind` is TableLab's: which of UIKit's layouts the configuration came from.)
    static let prelude = """
    struct UIListContentConfiguration {
        struct TextProperties {
            var font: UIFont? = nil
            var color: UIColor? = nil
            var numberOfLines: Int = 0
            var alignment: NSTextAlignment = .natural
        }
        struct ImageProperties {
            var tintColor: UIColor? = nil
            var cornerRadius: Double = 0
        }
        var text: String? = nil
        var secondaryText: String? = nil
        var image: UIImage? = nil
        var textProperties = TextProperties()
        var secondaryTextProperties = TextProperties()
        var imageProperties = ImageProperties()
        var layoutKind = "cell"
        static func cell() -> UIListContentConfiguration { UIListContentConfiguration() }
        static func subtitleCell() -> UIListContentConfiguration { UIListContentConfiguration(layoutKind: "subtitleCell") }
        static func valueCell() -> UIListContentConfiguration { UIListContentConfiguration(layoutKind: "valueCell") }
    }
    """

    static func install(_ interpreter: Interpreter, _ simulator: TableSimulator) throws(Diagnostic) {
        try interpreter.runScript(SourceFile(name: "<prelude>", text: prelude))
        func native(_ name: String, _ body: @escaping ([Value]) throws -> Value) {
            interpreter.registerNativeFunction(name, body)
        }
        native("UINib(nibName:bundle:)") { arguments in
            .object(NibObject(name: UIKitBuiltins.optionalText(arguments[0]) ?? ""))
        }
        native("UILabel()") { [unowned simulator] _ in .object(LabelObject(describeType: simulator.typeName)) }
        // The smallest UIImage, UIImageView and UISwitch a cell needs (see the file comment).
        if !interpreter.hasFunction("UIImage(named:)") {
            native("UIImage(named:)") { arguments in
                .wrapped(.object(CellImageObject(name: UIKitBuiltins.optionalText(arguments[0]) ?? "", isSystem: false)))
            }
            native("UIImage(systemName:)") { arguments in
                .wrapped(.object(CellImageObject(name: UIKitBuiltins.optionalText(arguments[0]) ?? "", isSystem: true)))
            }
        }
        if !interpreter.hasFunction("UISwitch()") {
            native("UISwitch()") { _ in .object(CellSwitchObject()) }
        }
        if !interpreter.hasFunction("UIImageView()") {
            native("UIImageView()") { _ in .object(CellImageViewObject()) }
            native("UIImageView(image:)") { arguments in
                let view = CellImageViewObject()
                view.image = CellObject.unwrapped(arguments[0]).map { .wrapped($0) } ?? .nilValue
                return .object(view)
            }
        }
    }

    // MARK: - Reading views back for the renderer

    /// The name of an image value, nil for nil.
    static func imageName(_ value: Value) -> String? {
        guard case .object(let o)? = CellObject.unwrapped(value) else { return nil }
        return (o as? CellImageNaming)?.imageName
    }

    static func bool(_ value: Value?) -> Bool {
        if let value, case .bool(let b)? = CellObject.unwrapped(value) { return b }
        return false
    }

    static func text(_ value: Value?) -> String? {
        value.flatMap { UIKitBuiltins.optionalText($0) }
    }

    /// What an `accessoryView` draws; nil when it is nil.
    static func accessorySnapshot(_ value: Value) -> AccessoryViewSnapshot? {
        guard case .object(let o)? = CellObject.unwrapped(value) else { return nil }
        switch o {
        case let label as LabelObject: return .label(text: label.snapshot.text)
        default: break
        }
        switch o.typeName {
        case "UISwitch": return .toggle(isOn: bool(try? o.member("isOn")))
        case "UIImageView": return .image(imageName: imageName((try? o.member("image")) ?? .nilValue))
        case "UIButton": return .button(title: text(try? o.member("currentTitle")))
        case "UILabel": return .label(text: text(try? o.member("text")))
        default: return .view(type: o.typeName)
        }
    }

    /// What an outlet (or a subview of the content view) draws; nil when it is nil.
    static func contentSnapshot(name: String, _ value: Value) -> CellContentSnapshot? {
        guard case .object(let o)? = CellObject.unwrapped(value) else { return nil }
        if let label = o as? LabelObject { return .label(name: name, label.snapshot) }
        switch o.typeName {
        case "UILabel": return .label(name: name, LabelSnapshot(text: text(try? o.member("text"))))
        case "UISwitch": return .toggle(name: name, isOn: bool(try? o.member("isOn")))
        case "UIImageView": return .image(name: name, imageName: imageName((try? o.member("image")) ?? .nilValue))
        case "UIButton": return .button(name: name, title: text(try? o.member("currentTitle")))
        default: return .view(name: name, type: o.typeName)
        }
    }

    /// A content configuration replaces what the standard labels show, as in UIKit.
    static func apply(configuration: Value, to cell: inout CellSnapshot) {
        func field(_ name: String, _ of: Value = configuration) -> Value? { Interpreter.structField(name, of: of) }
        guard let kind = field("layoutKind") else { return }
        let text = self.text(field("text"))
        let secondary = self.text(field("secondaryText"))
        let layout = UIKitBuiltins.optionalText(kind) ?? "cell"
        // UIKit's `.cell()` puts secondary text under the text, as `.subtitleCell()` does;
        // `.valueCell()` puts it on the right.
        cell.style = secondary == nil ? .default : (layout == "valueCell" ? .value1 : .subtitle)
        func label(_ text: String?, _ properties: Value?) -> LabelSnapshot {
            var l = LabelSnapshot(text: text)
            if let properties, let color = field("color", properties), case .some(let name) = UIKitValue.string(color) { l.colorName = name }
            return l
        }
        cell.textLabel = label(text, field("textProperties"))
        cell.detailTextLabel = cell.style.hasDetailTextLabel ? label(secondary, field("secondaryTextProperties")) : nil
        cell.imageName = imageName(field("image") ?? .nilValue)
    }
}

/// `UIImage(named:)` / `UIImage(systemName:)`, when nothing else makes images.
final class CellImageObject: NativeObject, CellImageNaming {
    let imageName: String
    let isSystem: Bool
    init(name: String, isSystem: Bool) { imageName = name; self.isSystem = isSystem }
    override var typeName: String { "UIImage" }
    override var textDescription: String {
        "UIImage(\(isSystem ? "systemName" : "named"): \(TableEffect.quoted(imageName)))"
    }
}

/// A view with UIView's common properties kept, anything else an error that names it.
class CellViewBase: NativeObject {
    let className: String
    var properties: [String: Value] = [
        "backgroundColor": .nilValue, "tag": .int(0), "isHidden": .bool(false), "alpha": .double(1),
        "tintColor": .nilValue, "isUserInteractionEnabled": .bool(true), "clipsToBounds": .bool(false),
        "translatesAutoresizingMaskIntoConstraints": .bool(true), "contentMode": .string("scaleToFill"),
    ]
    init(_ className: String) { self.className = className }
    override var typeName: String { className }
    override func member(_ name: String) throws -> Value? {
        if let v = properties[name] { return v }
        throw Interpreter.runtimeError("\(className).\(name) is not simulated in TableLab")
    }
    override func setMember(_ name: String, _ value: Value) throws -> Bool {
        guard properties[name] != nil else { throw Interpreter.runtimeError("\(className).\(name) is not simulated in TableLab") }
        properties[name] = value
        return true
    }
    override func callMethod(_ fullName: String, _ arguments: [Value]) throws -> Value? {
        switch fullName {
        case "layoutIfNeeded()", "setNeedsLayout()", "sizeToFit()", "setNeedsDisplay()", "layoutSubviews()":
            return .void
        default:
            throw Interpreter.runtimeError("\(className).\(fullName) is not simulated in TableLab")
        }
    }
    override var textDescription: String { "<\(className)>" }
}

/// A cell's `imageView`, or a UIImageView outlet.
final class CellImageViewObject: CellViewBase {
    init() {
        super.init("UIImageView")
        properties["image"] = .nilValue
        properties["highlightedImage"] = .nilValue
    }
    var image: Value {
        get { properties["image"] ?? .nilValue }
        set { properties["image"] = newValue }
    }
}

/// A cell's `contentView`: the views added to it are drawn after the outlets.
final class CellContentViewObject: CellViewBase {
    init() {
        super.init("UIView")
        properties["subviews"] = .array([])
    }
    var subviews: [Value] {
        if case .array(let views)? = properties["subviews"] { return views }
        return []
    }
    override func callMethod(_ fullName: String, _ arguments: [Value]) throws -> Value? {
        switch fullName {
        case "addSubview(_:)":
            properties["subviews"] = .array(subviews + [arguments[0]])
            return .void
        default:
            return try super.callMethod(fullName, arguments)
        }
    }
}

/// A UISwitch outlet or `UISwitch()`: its state (actions are the `uikit` work's).
final class CellSwitchObject: CellViewBase {
    init() {
        super.init("UISwitch")
        properties["isOn"] = .bool(false)
        properties["onTintColor"] = .nilValue
        properties["isEnabled"] = .bool(true)
    }
    override func setMember(_ name: String, _ value: Value) throws -> Bool {
        if name == "isOn" {
            guard case .bool = value else { throw Interpreter.runtimeError("cannot assign value to type 'Bool'") }
        }
        return try super.setMember(name, value)
    }
    override func callMethod(_ fullName: String, _ arguments: [Value]) throws -> Value? {
        if fullName == "setOn(_:animated:)", case .bool(let on) = arguments[0] {
            properties["isOn"] = .bool(on)
            return .void
        }
        return try super.callMethod(fullName, arguments)
    }
}

/// A UIButton outlet: a title per state.
final class CellButtonObject: CellViewBase {
    var titles: [String: Value] = [:]
    init() {
        super.init("UIButton")
        properties["isEnabled"] = .bool(true)
        properties["isSelected"] = .bool(false)
    }
    override func member(_ name: String) throws -> Value? {
        if name == "currentTitle" { return titles["normal"] ?? .nilValue }
        return try super.member(name)
    }
    override func callMethod(_ fullName: String, _ arguments: [Value]) throws -> Value? {
        switch fullName {
        case "setTitle(_:for:)":
            titles[UIKitValue.caseName(arguments[1]) ?? "normal"] = arguments[0]
            return .void
        case "title(for:)":
            return titles[UIKitValue.caseName(arguments[0]) ?? "normal"] ?? titles["normal"] ?? .nilValue
        default:
            return try super.callMethod(fullName, arguments)
        }
    }
}

/// `UINib(nibName:bundle:)`: a nib known by its name.
final class NibObject: NativeObject {
    let name: String
    init(name: String) { self.name = name }
    override var typeName: String { "UINib" }
    override var textDescription: String { "<UINib \(name)>" }
}

/// The NSCoder a storyboard or nib decodes a cell with (`init?(coder:)`'s argument).
final class CoderObject: NativeObject {
    override var typeName: String { "NSCoder" }
    override func member(_ name: String) throws -> Value? {
        throw Interpreter.runtimeError("NSCoder.\(name) is not simulated in TableLab")
    }
    override func callMethod(_ fullName: String, _ arguments: [Value]) throws -> Value? {
        throw Interpreter.runtimeError("NSCoder.\(fullName) is not simulated in TableLab")
    }
}
