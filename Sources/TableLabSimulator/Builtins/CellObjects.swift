// UILabel and UITableViewCell as scripts see them: reference-semantics objects whose
// properties the data source sets, read back by the renderer as snapshots.

import TableLabSyntax
import TableLabInterpreter

/// The UIKit enum values scripts write as implicit members (`.checkmark`, `.center`) are
/// carried as their case names in strings; these read them back.
enum UIKitValue {
    /// The case name in `value`: a string, or nil for `.none` (Optional's nil). Swift 2's
    /// capitalised spellings (`.None`, `.DisclosureIndicator`) read as today's.
    static func caseName(_ value: Value) -> String? {
        switch value {
        case .string(let s):
            guard let first = s.first, first.isUppercase else { return s }
            return first.lowercased() + s.dropFirst()
        case .wrapped(let inner): return caseName(inner)
        case .nilValue: return "none"
        // `.gray`, `.blue`: a selection style's case and a colour's name alike.
        case .object(let color as ColorObject): return color.systemName
        default: return nil
        }
    }

    static func number(_ value: Value) -> Double? {
        switch value {
        case .double(let d): return d
        case .int(let i): return Double(i)
        case .wrapped(let inner): return number(inner)
        default: return nil
        }
    }

    static func string(_ value: Value) -> String?? {
        switch value {
        case .string(let s): return .some(s)
        case .wrapped(let inner): return string(inner)
        case .nilValue: return .some(nil)
        default: return nil
        }
    }

    static func typeMismatch(_ value: Value, _ type: String, _ describeType: (Value) -> String) -> Error {
        Interpreter.runtimeError("cannot assign value of type '\(describeType(value))' to type '\(type)'")
    }

    /// The names that `.name` resolves to when no script enum has such a case: UIKit's
    /// enums that cells, labels and table views use. Any other unknown name stays an error.
    static let implicitMembers: Set<String> = {
        var names = Set<String>()
        names.formUnion(AccessoryType.allCases.map(\.rawValue))
        names.formUnion(TextAlignment.allCases.map(\.rawValue))
        names.formUnion(["natural", "justified"])
        names.formUnion(CellStyle.allCases.map(\.rawValue))
        names.formUnion(SelectionStyle.allCases.map(\.rawValue))
        // UITableViewCell.EditingStyle, UITableView.RowAnimation, ScrollPosition
        names.formUnion(["delete", "insert", "fade", "right", "left", "top", "bottom", "middle", "automatic"])
        // UIAlertController.Style, UIAlertAction.Style
        names.formUnion(["alert", "actionSheet", "cancel", "destructive"])
        // UIColor's class properties, as `.red` and `.systemBlue`
        names.formUnion(Self.colorNames)
        names.formUnion(Self.controlMemberNames)
        // Swift 2 spelt enum cases with a capital (`.None`, `.Checkmark`).
        names.formUnion(names.map { $0.prefix(1).uppercased() + $0.dropFirst() })
        return names
    }()

    /// UIKit's enum types (and UIColor, URL) as annotations name them, old and new
    /// spellings: values of these types are the case names above.
    static let typeNames: Set<String> = [
        "UITableViewCell.AccessoryType", "UITableViewCellAccessoryType", "UITableViewCell.CellStyle",
        "UITableViewCellStyle", "UITableViewCell.SelectionStyle", "UITableViewCellSelectionStyle",
        "UITableViewCell.EditingStyle", "UITableViewCellEditingStyle", "NSTextAlignment", "UIColor",
        "UITableView.RowAnimation", "UITableViewRowAnimation", "UITableView.ScrollPosition",
        "UITableViewScrollPosition", "UIAlertController.Style", "UIAlertAction.Style", "URL",
        "NSIndexPath",
    ]

    static let colorNames: [String] = [
        "black", "darkGray", "lightGray", "white", "gray", "red", "green", "blue", "cyan", "yellow",
        "magenta", "orange", "purple", "brown", "clear", "label", "secondaryLabel", "tertiaryLabel",
        "systemRed", "systemGreen", "systemBlue", "systemOrange", "systemYellow", "systemPink",
        "systemPurple", "systemTeal", "systemIndigo", "systemGray", "systemBackground", "tintColor",
    ]
}

/// A cell's UILabel.
public final class LabelObject: NativeObject {
    public var snapshot: LabelSnapshot
    let describeType: (Value) -> String
    /// UILabel's and UIView's other properties (font, numberOfLines, ...): UIKitViews.swift.
    let more = ViewObject.labelProperties()

    init(_ snapshot: LabelSnapshot = LabelSnapshot(), describeType: @escaping (Value) -> String) {
        self.snapshot = snapshot
        self.describeType = describeType
    }

    public override var typeName: String { "UILabel" }

    /// For completion after `textLabel?.`: what member(_:) answers.
    static let memberNames = ["text", "textAlignment", "textColor", "alpha", "isHidden"]

    public override func member(_ name: String) throws -> Value? {
        switch name {
        case "text": return snapshot.text.map { .wrapped(.string($0)) } ?? Value.nilValue
        case "textAlignment": return .string(snapshot.alignment.rawValue)
        case "textColor": return snapshot.colorName.map { .wrapped(UIKitValue.colorValue(named: $0)) } ?? Value.nilValue
        case "alpha": return .double(snapshot.alpha)
        case "isHidden": return .bool(snapshot.alpha == 0)
        default: return try more.member(name)
        }
    }

    public override func setMember(_ name: String, _ value: Value) throws -> Bool {
        switch name {
        case "text":
            guard let text = UIKitValue.string(value) else { throw UIKitValue.typeMismatch(value, "String?", describeType) }
            snapshot.text = text
        case "textAlignment":
            guard let caseName = UIKitValue.caseName(value) else { throw UIKitValue.typeMismatch(value, "NSTextAlignment", describeType) }
            switch caseName {
            case "natural", "justified": snapshot.alignment = .left
            default:
                guard let alignment = TextAlignment(rawValue: caseName) else {
                    throw Interpreter.runtimeError("type 'NSTextAlignment' has no member '\(caseName)'")
                }
                snapshot.alignment = alignment
            }
        case "textColor":
            guard let color = UIKitValue.colorName(value) else { throw UIKitValue.typeMismatch(value, "UIColor", describeType) }
            snapshot.colorName = color
        case "alpha":
            guard let alpha = UIKitValue.number(value) else { throw UIKitValue.typeMismatch(value, "CGFloat", describeType) }
            snapshot.alpha = min(max(alpha, 0), 1)
        case "isHidden":
            guard case .bool(let hidden) = value else { throw UIKitValue.typeMismatch(value, "Bool", describeType) }
            snapshot.alpha = hidden ? 0 : 1
        default:
            return try more.setMember(name, value)
        }
        return true
    }

    public override var textDescription: String {
        "UILabel(text: \(snapshot.text.map { TableEffect.quoted($0) } ?? "nil"))"
    }
}

/// A UITableViewCell dequeued from a prototype.
public final class CellObject: NativeObject {
    public let reuseIdentifier: String
    public let style: CellStyle
    public let textLabel: LabelObject
    /// nil for `.default` cells, as in UIKit.
    public let detailTextLabel: LabelObject?
    public var accessoryType: AccessoryType = .none
    public var selectionStyle: SelectionStyle = .default
    /// Properties UIKit has that the renderer does not draw; kept so scripts can set them.
    var otherProperties: [String: Value] = [:]
    let describeType: (Value) -> String

    init(reuseIdentifier: String, style: CellStyle, describeType: @escaping (Value) -> String) {
        self.reuseIdentifier = reuseIdentifier
        self.style = style
        self.describeType = describeType
        textLabel = LabelObject(describeType: describeType)
        detailTextLabel = style.hasDetailTextLabel ? LabelObject(describeType: describeType) : nil
    }

    static let otherPropertyNames: Set<String> = [
        "tag", "backgroundColor", "tintColor", "accessoryView", "isUserInteractionEnabled",
        "indentationLevel", "separatorInset", "imageView", "isSelected", "isHighlighted",
    ]

    public override var typeName: String { "Cell" }

    /// For completion after a cell: what member(_:) answers.
    static var memberNames: [String] {
        ["textLabel", "detailTextLabel", "accessoryType", "selectionStyle", "reuseIdentifier", "style"]
            + otherPropertyNames.sorted()
    }

    public override func member(_ name: String) throws -> Value? {
        switch name {
        case "textLabel": return .wrapped(.object(textLabel))
        case "detailTextLabel": return detailTextLabel.map { .wrapped(.object($0)) } ?? Value.nilValue
        case "accessoryType": return .string(accessoryType.rawValue)
        case "selectionStyle": return .string(selectionStyle.rawValue)
        case "reuseIdentifier": return .wrapped(.string(reuseIdentifier))
        case "style": return .string(style.rawValue)
        default:
            if Self.otherPropertyNames.contains(name) { return otherProperties[name] ?? Value.nilValue }
            return nil
        }
    }

    public override func setMember(_ name: String, _ value: Value) throws -> Bool {
        switch name {
        case "accessoryType":
            guard let caseName = UIKitValue.caseName(value) else {
                throw UIKitValue.typeMismatch(value, "UITableViewCell.AccessoryType", describeType)
            }
            guard let accessory = AccessoryType(rawValue: caseName) else {
                throw Interpreter.runtimeError("type 'UITableViewCell.AccessoryType' has no member '\(caseName)'")
            }
            accessoryType = accessory
        case "selectionStyle":
            guard let caseName = UIKitValue.caseName(value) else {
                throw UIKitValue.typeMismatch(value, "UITableViewCell.SelectionStyle", describeType)
            }
            guard let selection = SelectionStyle(rawValue: caseName) else {
                throw Interpreter.runtimeError("type 'UITableViewCell.SelectionStyle' has no member '\(caseName)'")
            }
            selectionStyle = selection
        case "textLabel", "detailTextLabel":
            // Assigning through `cell.textLabel?.text` writes the same label back.
            if case .object(let label)? = Self.unwrapped(value), label === textLabel || label === detailTextLabel { return true }
            if case .nilValue = value, name == "detailTextLabel", detailTextLabel == nil { return true }
            throw Interpreter.runtimeError("cannot assign to property: '\(name)' is a get-only property")
        case "reuseIdentifier", "style":
            throw Interpreter.runtimeError("cannot assign to property: '\(name)' is a get-only property")
        default:
            guard Self.otherPropertyNames.contains(name) else { return false }
            otherProperties[name] = value
        }
        return true
    }

    /// UITableViewCell's own methods that a subclass calls on `super` or `self`; UIKit's
    /// versions change nothing the simulator draws.
    static let baseMethodNames: Set<String> = [
        "prepareForReuse()", "awakeFromNib()", "layoutSubviews()", "setSelected(_:animated:)",
        "setHighlighted(_:animated:)", "setEditing(_:animated:)", "updateConstraints()",
    ]

    public override func callMethod(_ fullName: String, _ arguments: [Value]) throws -> Value? {
        Self.baseMethodNames.contains(fullName) ? .void : nil
    }

    static func unwrapped(_ value: Value) -> Value? {
        if case .wrapped(let inner) = value { return unwrapped(inner) }
        if case .nilValue = value { return nil }
        return value
    }

    public override var textDescription: String {
        "<Cell \(reuseIdentifier) \(style.swiftName) \(TableEffect.quoted(textLabel.snapshot.text ?? ""))>"
    }

    /// What the renderer draws.
    public var snapshot: CellSnapshot {
        CellSnapshot(reuseIdentifier: reuseIdentifier, style: style, textLabel: textLabel.snapshot,
                     detailTextLabel: detailTextLabel?.snapshot, accessoryType: accessoryType,
                     selectionStyle: selectionStyle)
    }
}
