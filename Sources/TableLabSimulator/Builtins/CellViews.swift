// The views a cell holds besides its labels: its image view, content view and accessory
// view, the views a nib or storyboard connects to a cell class's `@IBOutlet`s, UINib and
// the coder a decoded cell is made with, and UIListContentConfiguration (a value type, so
// written in the language itself). Also how the renderer reads any of them back.
//
// UIKit's values and controls (UIImage, UISwitch, UIButton, UIImageView, UIView) are
// UIKitValues.swift's and UIKitViews.swift's; a cell's own image view and content view are
// here. The renderer reads any view back through `typeName` and `member(_:)`.

import TableLabSyntax
import TableLabInterpreter

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
            var adjustsFontSizeToFitWidth = false
            var minimumScaleFactor: CGFloat = 0
            var allowsDefaultTighteningForTruncation = false
            var adjustsFontForContentSizeCategory = true
            var showsExpansionTextWhenTruncated = false
        }
        struct ImageProperties {
            var tintColor: UIColor? = nil
            var cornerRadius: Double = 0
            var maximumSize: CGSize = .zero
            var reservedLayoutSize: CGSize = .zero
            var accessibilityIgnoresInvertColors = false
        }
        var text: String? = nil
        var secondaryText: String? = nil
        var image: UIImage? = nil
        var textProperties = TextProperties()
        var secondaryTextProperties = TextProperties()
        var imageProperties = ImageProperties()
        // Where both fit, UIKit puts the secondary text beside the text instead of under it.
        var prefersSideBySideTextAndSecondaryText = false
        var imageToTextPadding: CGFloat = 16
        var textToSecondaryTextHorizontalPadding: CGFloat = 8
        var textToSecondaryTextVerticalPadding: CGFloat = 3
        var layoutKind = "cell"
        static func cell() -> UIListContentConfiguration { UIListContentConfiguration() }
        static func subtitleCell() -> UIListContentConfiguration { UIListContentConfiguration(layoutKind: "subtitleCell") }
        static func valueCell() -> UIListContentConfiguration {
            UIListContentConfiguration(prefersSideBySideTextAndSecondaryText: true, layoutKind: "valueCell")
        }
        // A list cell's text and image keep their look when selected or highlighted (the
        // background configuration shows the state), so the state changes nothing here.
        func updated(for state: UICellConfigurationState) -> UIListContentConfiguration { self }
    }
    struct UICellConfigurationState {
        var isSelected = false
        var isHighlighted = false
        var isEditing = false
        var isSwiped = false
        var isExpanded = false
        var isFocused = false
        var isDisabled = false
        var isReordering = false
        static func tableLabState(_ selected: Bool, _ highlighted: Bool, _ editing: Bool) -> UICellConfigurationState {
            UICellConfigurationState(isSelected: selected, isHighlighted: highlighted, isEditing: editing)
        }
    }
    struct UIBackgroundConfiguration {
        var backgroundColor: UIColor? = nil
        var cornerRadius: CGFloat = 0
        var strokeColor: UIColor? = nil
        var strokeWidth: CGFloat = 0
        static func listPlainCell() -> UIBackgroundConfiguration { UIBackgroundConfiguration() }
        static func listGroupedCell() -> UIBackgroundConfiguration { UIBackgroundConfiguration() }
        static func clear() -> UIBackgroundConfiguration { UIBackgroundConfiguration(backgroundColor: .clear) }
        // TableLab draws no selection colour, so the state's colours are not modelled.
        func updated(for state: UICellConfigurationState) -> UIBackgroundConfiguration { self }
    }
    """

    /// What a script writes to reach a list content configuration: its type's name,
    /// `defaultContentConfiguration()` and `contentConfiguration` all contain it, and the
    /// simulator makes one only for `defaultContentConfiguration()`.
    static let preludeWords = ["ContentConfiguration", "contentConfiguration", "ConfigurationState",
                               "BackgroundConfiguration", "backgroundConfiguration", "updateConfiguration",
                               "configurationUpdateHandler"]

    static func install(_ interpreter: Interpreter, _ simulator: TableSimulator) throws(Diagnostic) {
        // Parsed and declared at the first unit that names it: 1.6 million instructions of
        // every start-up (a third of the preludes') that most scripts never use.
        interpreter.installWhenMentioned(preludeWords) { interpreter throws(Diagnostic) in
            try interpreter.runPrelude(SourceFile(name: "<prelude>", text: prelude))
        }
        // Their fields (`text`, `font`, `color`) are no guess for the script's own members.
        interpreter.hostUnguessedTypes.formUnion([
            "UIListContentConfiguration", "TextProperties", "ImageProperties",
            "UIListContentConfiguration.TextProperties", "UIListContentConfiguration.ImageProperties",
            "UICellConfigurationState", "UIBackgroundConfiguration",
        ])
        interpreter.hostMetatypes.formUnion(["UITableViewCell", "UITableViewHeaderFooterView"])
        func native(_ name: String, _ body: @escaping ([Value]) throws -> Value) {
            interpreter.registerNativeFunction(name, body)
        }
        let makeNib: ([Value]) throws -> Value = { arguments in
            .object(NibObject(name: UIKitBuiltins.optionalText(arguments[0]) ?? ""))
        }
        native("UINib(nibName:bundle:)", makeNib)
        // `UINib.init(nibName:bundle:)`, the same initializer spelt through the type.
        interpreter.setGlobal("UINib", .object(UIKitNamespace("UINib", methods: ["init(nibName:bundle:)": makeNib])))
    }

    // MARK: - Reading views back for the renderer

    /// The name of an image value, nil for nil.
    static func imageName(_ value: Value) -> String? {
        UIKitValue.imageName(of: value)?.name
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
        case "UISwitch": return .toggle(isOn: bool(try? o.member(id: UIKitObject.Key.isOn)))
        case "UIImageView": return .image(imageName: imageName((try? o.member(id: UIKitObject.Key.image)) ?? .nilValue))
        case "UIButton": return .button(title: text((o as? ButtonObject)?.displayedTitle ?? (try? o.member(id: UIKitObject.Key.currentTitle))))
        case "UILabel": return .label(text: text(try? o.member(id: UIKitObject.Key.text)))
        default: return .view(type: o.typeName)
        }
    }

    /// What an outlet (or a subview of the content view) draws; nil when it is nil.
    static func contentSnapshot(name: String, _ value: Value) -> CellContentSnapshot? {
        guard case .object(let o)? = CellObject.unwrapped(value) else { return nil }
        if let label = o as? LabelObject { return .label(name: name, label.snapshot) }
        // A hidden view is not drawn (a hidden label is kept, at alpha 0, as its snapshot says).
        if bool(try? o.member(id: UIKitObject.Key.isHidden)) { return nil }
        if let bar = o as? ProgressViewObject { return .progress(name: name, progress: bar.progress) }
        switch o.typeName {
        case "UILabel": return .label(name: name, LabelSnapshot(text: text(try? o.member(id: UIKitObject.Key.text))))
        case "UISwitch": return .toggle(name: name, isOn: bool(try? o.member(id: UIKitObject.Key.isOn)))
        case "UIImageView": return .image(name: name, imageName: imageName((try? o.member(id: UIKitObject.Key.image)) ?? .nilValue))
        case "UIButton": return .button(name: name, title: text((o as? ButtonObject)?.displayedTitle ?? (try? o.member(id: UIKitObject.Key.currentTitle))))
        default: return .view(name: name, type: o.typeName)
        }
    }

    /// A content configuration replaces what the standard labels show, as in UIKit.
    static func apply(configuration: Value, to cell: inout CellSnapshot) {
        func field(_ name: String, _ of: Value = configuration) -> Value? { Interpreter.structField(name, of: of) }
        guard let kind = field("layoutKind") else { return }
        let text = self.text(field("text"))
        let secondary = self.text(field("secondaryText"))
        _ = kind
        // UIKit's `.cell()` puts secondary text under the text, as `.subtitleCell()` does;
        // `.valueCell()` (or any configuration that prefers it) puts it on the right.
        let sideBySide = bool(field("prefersSideBySideTextAndSecondaryText"))
        cell.style = secondary == nil ? .default : (sideBySide ? .value1 : .subtitle)
        func label(_ text: String?, _ properties: Value?, _ alignment: TextAlignment) -> LabelSnapshot {
            var l = LabelSnapshot(text: text, alignment: alignment)
            if let properties, let color = field("color", properties), case .some(let name) = UIKitValue.colorName(color) { l.colorName = name }
            return l
        }
        cell.textLabel = label(text, field("textProperties"), cell.style.textLabelAlignment)
        cell.detailTextLabel = cell.style.hasDetailTextLabel
            ? label(secondary, field("secondaryTextProperties"), cell.style.detailLabelAlignment) : nil
        cell.imageName = imageName(field("image") ?? .nilValue)
    }
}

extension CellViews {
    /// Whether two values are the same view object (a script's view or UIKit's).
    static func sameView(_ a: Value, _ b: Value) -> Bool {
        switch (CellObject.unwrapped(a), CellObject.unwrapped(b)) {
        case (.object(let x)?, .object(let y)?): return x === y
        case (.type(.table(let x))?, .type(.table(let y))?): return x === y
        default: return false
        }
    }
}

/// A view with UIView's common properties kept, anything else an error that names it.
class CellViewBase: NativeObject, ConstrainedView {
    var layoutConstraints: [LayoutConstraintObject] = []
    let className: String

    /// The properties a cell's view may keep, found by ID; `frame` and `bounds` are
    /// refused by the content view and never kept.
    enum Member: Int, CaseIterable, Sendable {
        case backgroundColor, tag, isHidden, alpha, isUserInteractionEnabled, clipsToBounds
        case translatesAutoresizingMaskIntoConstraints, contentMode, tintColor, image, highlightedImage, subviews, layer
        case frame, bounds
        /// Swift's names of the properties, in the order of the cases.
        static let names = [
            "backgroundColor", "tag", "isHidden", "alpha", "isUserInteractionEnabled", "clipsToBounds",
            "translatesAutoresizingMaskIntoConstraints", "contentMode", "tintColor", "image", "highlightedImage", "subviews",
            "layer", "frame", "bounds",
        ]
        static let table = HostMemberTable(names)
        /// What every such view holds when made: UIView's defaults; nil for a property it
        /// does not keep (a subclass sets its own).
        static let viewDefaults = ConstantList(allCases.map { member -> Value? in
            switch member {
            case .backgroundColor: return .nilValue
            case .tag: return .int(0)
            case .isHidden, .clipsToBounds: return .bool(false)
            case .alpha: return .double(1)
            case .isUserInteractionEnabled, .translatesAutoresizingMaskIntoConstraints: return .bool(true)
            case .contentMode: return UIKitValue.enumValue("UIView.ContentMode", "scaleToFill")
            case .tintColor, .image, .highlightedImage, .subviews, .layer, .frame, .bounds: return nil
            }
        })
    }

    /// The properties kept, by `Member`: nil where the view keeps none (yet, for `tintColor`).
    var stored: [Value?] = Member.viewDefaults.values

    subscript(_ member: Member) -> Value? {
        get { stored[member.rawValue] }
        set { stored[member.rawValue] = newValue }
    }

    init(_ className: String) { self.className = className }
    override var typeName: String { className }
    override func member(id: HostMemberID) throws -> Value? {
        let place = Member.table[id]
        if place >= 0, let v = stored[place] { return v }
        // Never nil in UIKit: inherited from the cell, the table, the window.
        if place == Member.tintColor.rawValue {
            throw Interpreter.unsetValueError(UIKitMessage.defaultNotSimulated("\(className).tintColor"))
        }
        if UIKitCatalogue.surelyLacks(className, id.name) { return nil }
        throw Interpreter.runtimeError(UIKitMessage.notSimulated("\(className).\(id.name)"))
    }
    override func setMember(id: HostMemberID, _ value: Value) throws -> Bool {
        let place = Member.table[id]
        guard place >= 0, stored[place] != nil || place == Member.tintColor.rawValue else {
            throw Interpreter.runtimeError(UIKitMessage.notSimulated("\(className).\(id.name)"))
        }
        stored[place] = try UIKitValue.storedEnumCase(value, replacing: stored[place]) ?? value
        return true
    }
    override func callMethod(id: HostMemberID, _ arguments: [Value]) throws -> Value? {
        // A view's methods, found by ID in UIView's table (UIKitViews.swift).
        switch ViewObject.Method(rawValue: ViewObject.Method.table[id]) {
        case .layoutIfNeeded?, .setNeedsLayout?, .sizeToFit?, .setNeedsDisplay?, .layoutSubviews?:
            return .void
        default:
            let fullName = id.name
            if UIKitCatalogue.surelyLacks(className, fullName) { return nil }
            throw Interpreter.runtimeError(UIKitMessage.notSimulated("\(className).\(fullName)"))
        }
    }
    override var textDescription: String { "<\(className)>" }
}

/// A cell's `imageView`, or a UIImageView outlet.
final class CellImageViewObject: CellViewBase {
    init() {
        super.init("UIImageView")
        self[.image] = .nilValue
        self[.highlightedImage] = .nilValue
        // UIImageView ignores touches unless told otherwise.
        self[.isUserInteractionEnabled] = .bool(false)
    }
    var image: Value {
        get { self[.image] ?? .nilValue }
        set { self[.image] = newValue }
    }
}

/// `viewWithTag(_:)`: the view itself when its tag matches, else the first match among its
/// subviews, depth first (Apple: "searches the current view and all of its subviews"); nil
/// when none has it.
enum ViewTags {
    /// The members the search reads on every view it passes, by ID.
    static let tagID = HostMemberID("tag")
    static let subviewsID = HostMemberID("subviews")

    static func view(withTag argument: Value, in root: NativeObject) throws -> Value {
        guard case .int(let tag) = argument.unboxedOptional else {
            throw Interpreter.runtimeError(UIKitMessage.cannotConvertArgument(type: "\(argument)", to: "Int"))
        }
        func find(_ object: NativeObject, depth: Int) -> NativeObject? {
            if case .int(tag)? = (try? object.member(id: tagID))?.unboxedOptional { return object }
            guard depth < 32, case .array(let subviews)? = (try? object.member(id: subviewsID))?.unboxedOptional else { return nil }
            for view in subviews.values {
                if case .object(let o)? = CellObject.unwrapped(view), let found = find(o, depth: depth + 1) { return found }
            }
            return nil
        }
        return find(root, depth: 0).map { .wrapped(.object($0)) } ?? .nilValue
    }
}

/// A cell's `contentView`: the views added to it are drawn after the outlets.
final class CellContentViewObject: CellViewBase {
    init() {
        super.init("UIView")
        self[.subviews] = .array([])
        // The content view's layer (rounded corners, a border) and Auto Layout anchors, as
        // a view made in code has them: a cell's layoutSubviews sets them up.
        self[.layer] = .object(LayerObject())
    }

    override func member(id: HostMemberID) throws -> Value? {
        let place = Member.table[id]
        if place >= 0, let value = stored[place] { return value }
        if let anchor = LayoutMembers.member(id: id, of: self) { return anchor }
        // UIKit's layout gives the content view its size, from what TableLab does not model
        // to the point (the device's margins, the accessory's width, the separator's pixel).
        if place == Member.frame.rawValue || place == Member.bounds.rawValue {
            throw Interpreter.runtimeError(UIKitMessage.contentViewGeometry(id.name))
        }
        return try super.member(id: id)
    }
    var subviews: [Value] {
        if case .array(let views)? = self[.subviews] { return views.values }
        return []
    }
    override func callMethod(id: HostMemberID, _ arguments: [Value]) throws -> Value? {
        switch ViewObject.Method(rawValue: ViewObject.Method.table[id]) {
        case .addSubview?:
            // A view added again moves to the front (UIKit keeps one place per subview).
            self[.subviews] = .array(subviews.filter { !CellViews.sameView($0, arguments[0]) } + [arguments[0]])
            return .void
        case .viewWithTag?:
            return try ViewTags.view(withTag: arguments[0], in: self)
        default:
            return try super.callMethod(id: id, arguments)
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
final class CoderObject: UnsimulatedMembersObject {
    override var typeName: String { "NSCoder" }
}
