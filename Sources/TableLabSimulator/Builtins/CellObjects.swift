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
        case .object(let e as HostEnumValue): return e.caseName
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

    /// A case of one of UIKit's enums as a property reads it: it prints as Swift prints an
    /// imported C enum, and is no String. `swiftType` is Swift's spelling.
    static func enumValue(_ swiftType: String, _ caseName: String) -> Value {
        .object(HostEnumValue(swiftTypeName: swiftType, cTypeName: cEnumNames[swiftType] ?? String(swiftType.filter { $0 != "." }),
                              caseName: caseName, rawValue: rawValues[swiftType]?.firstIndex(of: caseName)))
    }

    /// What a property holding one of UIKit's enums (`contentMode`, `axis`) holds after `value`
    /// is stored: the enum's value of that case, whether written `.center` (its name) or
    /// `UIView.ContentMode.center`; nil when the property holds no such enum. A name that is no
    /// case of the enum is swiftc's error.
    static func storedEnumCase(_ value: Value, replacing current: Value?) throws -> Value? {
        guard case .object(let e as HostEnumValue)? = current, let cases = rawValues[e.swiftTypeName] else { return nil }
        guard let caseName = caseName(value), cases.contains(caseName) else {
            throw Interpreter.runtimeError(UIKitMessage.typeHasNoMember(type: e.swiftTypeName, member: caseName(value) ?? ""))
        }
        return enumValue(e.swiftTypeName, caseName)
    }

    /// Swift 4's spellings of the enums `rawValues` lists.
    static let swiftEnumNames: [String: String] = {
        var names: [String: String] = [:]
        for swiftName in rawValues.keys {
            names[cEnumNames[swiftName] ?? String(swiftName.filter { $0 != "." })] = swiftName
        }
        return names
    }()

    /// The cases of UIKit's enums in the order of their C values 0, 1, 2, ... (the SDK's headers).
    static let rawValues: [String: [String]] = [
        "UITableViewCell.AccessoryType": ["none", "disclosureIndicator", "detailDisclosureButton", "checkmark", "detailButton"],
        "NSTextAlignment": ["left", "center", "right", "justified", "natural"],
        "UITableViewCell.SelectionStyle": ["none", "blue", "gray", "default"],
        "UITableViewCell.CellStyle": ["default", "value1", "value2", "subtitle"],
        "UITableView.Style": ["plain", "grouped", "insetGrouped"],
        "UITableViewCell.SeparatorStyle": ["none", "singleLine", "singleLineEtched"],
        "UIContextualAction.Style": ["normal", "destructive"], "UIAlertAction.Style": ["default", "cancel", "destructive"],
        "NSLayoutConstraint.Axis": ["horizontal", "vertical"],
        "UIStackView.Distribution": ["fill", "fillEqually", "fillProportionally", "equalSpacing", "equalCentering"],
        "UIStackView.Alignment": ["fill", "leading", "firstBaseline", "center", "trailing", "lastBaseline"],
        "UITableViewCell.EditingStyle": ["none", "delete", "insert"],
        "UITableView.ScrollPosition": ["none", "top", "middle", "bottom"],
        "UIAlertController.Style": ["actionSheet", "alert"],
        "UICollectionView.ScrollDirection": ["vertical", "horizontal"],
        "UIScrollView.KeyboardDismissMode": ["none", "onDrag", "interactive", "onDragWithAccessory", "interactiveWithAccessory"],
        "UITableViewCell.FocusStyle": ["default", "custom"],
        "UINavigationItem.LargeTitleDisplayMode": ["automatic", "always", "never", "inline"],
        // blackTranslucent (1, as lightContent) and blackOpaque (2) are deprecated since iOS 7.
        "UIStatusBarStyle": ["default", "lightContent", "blackOpaque", "darkContent"],
        "UIView.ContentMode": ["scaleToFill", "scaleAspectFit", "scaleAspectFill", "redraw", "center", "top", "bottom",
                               "left", "right", "topLeft", "topRight", "bottomLeft", "bottomRight"],
    ]

    /// Every UIKit enum the simulator knows, Swift's name to its cases in the SDK's order:
    /// those of `rawValues`, and those whose C values are not 0, 1, 2, ...
    /// (`UITableView.RowAnimation.automatic` is 100). A switch over one is checked as
    /// swiftc checks an imported C enum that is not frozen.
    static let enumCases: [String: [String]] = rawValues.merging([
        "UITableView.RowAnimation": ["fade", "right", "left", "top", "bottom", "none", "middle", "automatic"],
    ]) { a, _ in a }

    /// The C names of UIKit's enums whose Swift name is not the C name without its dot.
    static let cEnumNames = [
        "UITableViewCell.CellStyle": "UITableViewCellStyle", "UITableView.Style": "UITableViewStyle",
        "UIView.ContentMode": "UIViewContentMode", "NSLayoutConstraint.Axis": "UILayoutConstraintAxis",
        "UICollectionView.ScrollDirection": "UICollectionViewScrollDirection",
    ]

    static func typeMismatch(_ value: Value, _ type: String, _ describeType: (Value) -> String) -> Error {
        Interpreter.runtimeError(UIKitMessage.cannotAssignValue(type: describeType(value), to: type))
    }

    /// The names that `.name` resolves to when no script enum has such a case: UIKit's
    /// enums that cells, labels and table views use. Any other unknown name stays an error.
    static let implicitMembers: Set<String> = {
        var names = Set<String>()
        names.formUnion(AccessoryType.allCases.map(\.rawValue))
        names.formUnion(TextAlignment.allCases.map(\.rawValue))
        names.formUnion(["natural", "justified"])
        names.formUnion(CellStyle.allCases.map(\.rawValue))
        // UIControl.State, for a button outlet's title (`setTitle(_:for: .normal)`)
        names.formUnion(["normal", "highlighted", "selected", "disabled"])
        names.formUnion(SelectionStyle.allCases.map(\.rawValue))
        // UITableViewCell.EditingStyle, UITableView.RowAnimation, ScrollPosition
        names.formUnion(["delete", "insert", "fade", "right", "left", "top", "bottom", "middle", "automatic"])
        // UITableViewCell.SeparatorStyle (`.none` is among the accessory types)
        names.formUnion(["singleLine", "singleLineEtched"])
        // UIProgressView.Style (`.default` is among the cell styles)
        names.insert("bar")
        // UIStackView's axis, distribution and alignment
        names.formUnion(rawValues["NSLayoutConstraint.Axis", default: []] + rawValues["UIStackView.Distribution", default: []]
                        + rawValues["UIStackView.Alignment", default: []])
        // NSLayoutConstraint.Attribute and Relation (`NSLayoutConstraint(item:attribute:...)`)
        names.formUnion(LayoutMembers.attributeAndRelationNames)
        // NSAttributedString.Key (`[.foregroundColor: UIColor.gray]`)
        names.formUnion(AttributedStrings.keys)
        // UIAlertController.Style, UIAlertAction.Style
        names.formUnion(["alert", "actionSheet", "cancel", "destructive"])
        // UIButton.Configuration.Size and CornerStyle
        names.formUnion(["mini", "small", "medium", "large", "fixed", "dynamic", "capsule"])
        // UIColor's class properties, as `.red` and `.systemBlue`
        names.formUnion(Self.colorNames)
        names.formUnion(Self.controlMemberNames)
        // Swift 2 spelt enum cases with a capital (`.None`, `.Checkmark`).
        // (Every name is ASCII: a byte's case is changed without Unicode's tables, which
        // took half of this table's start-up cost.)
        names.formUnion(names.map { name -> String in
            guard let first = name.utf8.first, first < 0x80 else { return name.prefix(1).uppercased() + name.dropFirst() }
            guard first >= UInt8(ascii: "a"), first <= UInt8(ascii: "z") else { return name }
            return String(Character(Unicode.Scalar(first - 32))) + name.dropFirst()
        })
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
        "NSIndexPath", "UIButton.Configuration.Size", "UIButton.Configuration.CornerStyle",
        // The other enums `rawValues` lists, in both spellings.
        "UIView.ContentMode", "UIViewContentMode", "UITableView.Style", "UITableViewStyle",
        "UITableViewCell.SeparatorStyle", "UITableViewCellSeparatorStyle", "UIContextualAction.Style",
        "UIContextualActionStyle", "UIAlertControllerStyle", "UIAlertActionStyle", "NSLayoutConstraint.Axis",
        "UILayoutConstraintAxis", "UIStackView.Distribution", "UIStackViewDistribution", "UIStackView.Alignment",
        "UIStackViewAlignment", "UICollectionView.ScrollDirection", "UICollectionViewScrollDirection",
    ]

    /// `colorNames` for lookups.
    static let colorNameSet = Set(colorNames)

    static let colorNames: [String] = [
        "black", "darkGray", "lightGray", "white", "gray", "red", "green", "blue", "cyan", "yellow",
        "magenta", "orange", "purple", "brown", "clear", "label", "secondaryLabel", "tertiaryLabel",
        "systemRed", "systemGreen", "systemBlue", "systemOrange", "systemYellow", "systemPink",
        "systemPurple", "systemTeal", "systemIndigo", "systemGray", "systemBackground", "tintColor",
        // UIKit's other system and semantic colours (iOS 13 to 15).
        "systemGray2", "systemGray3", "systemGray4", "systemGray5", "systemGray6", "systemMint", "systemCyan",
        "systemBrown", "secondarySystemBackground", "tertiarySystemBackground", "systemGroupedBackground",
        "secondarySystemGroupedBackground", "tertiarySystemGroupedBackground", "separator", "opaqueSeparator",
        "link", "placeholderText", "quaternaryLabel", "systemFill", "secondarySystemFill", "tertiarySystemFill",
        "quaternarySystemFill", "lightText", "darkText",
    ]
}

/// A cell's UILabel.
public final class LabelObject: NativeObject {
    public var snapshot: LabelSnapshot
    let describeType: (Value) -> String
    /// UILabel's and UIView's other properties (font, numberOfLines, ...): UIKitViews.swift.
    let more: ViewObject

    init(_ snapshot: LabelSnapshot = LabelSnapshot(), describeType: @escaping (Value) -> String, zeros: GeometryZeros) {
        self.snapshot = snapshot
        self.describeType = describeType
        more = ViewObject.labelProperties(frame: zeros.rect)
    }

    public override var typeName: String { "UILabel" }

    /// The members the label answers itself, found by ID (its other UILabel and UIView
    /// properties are `more`'s).
    enum Member: Int, CaseIterable, Sendable {
        case text, textAlignment, textColor, alpha, isHidden
        /// Swift's names of the properties, in the order of the cases (not found by reflecting
        /// on the cases: that cost a million instructions at the table's first use).
        static let names = [
            "text", "textAlignment", "textColor", "alpha", "isHidden",
        ]
        static let table = HostMemberTable(names)
    }

    /// For completion after `textLabel?.`: what member(_:) answers.
    static let memberNames = Member.names

    public override func member(id: HostMemberID) throws -> Value? {
        guard let member = Member(rawValue: Member.table[id]) else { return try more.member(id: id) }
        switch member {
        case .text: return snapshot.text.map { .wrapped(.string($0)) } ?? Value.nilValue
        case .textAlignment: return UIKitValue.enumValue("NSTextAlignment", snapshot.alignmentCase)
        case .textColor:
            // Never nil in UIKit (`UIColor!`): its default depends on the label's place
            // (`label`, a value1 cell's `secondaryLabel`), which a read does not know.
            guard let name = snapshot.colorName else { throw Interpreter.unsetValueError(UIKitMessage.defaultNotSimulated("UILabel.textColor")) }
            return .wrapped(UIKitValue.colorValue(named: name))
        case .alpha: return .double(snapshot.alpha)
        case .isHidden: return .bool(snapshot.isHidden)
        }
    }

    public override func setMember(id: HostMemberID, _ value: Value) throws -> Bool {
        guard let member = Member(rawValue: Member.table[id]) else { return try more.setMember(id: id, value) }
        switch member {
        case .text:
            guard let text = UIKitValue.string(value) else { throw UIKitValue.typeMismatch(value, "String?", describeType) }
            snapshot.text = text
        case .textAlignment:
            guard let caseName = UIKitValue.caseName(value) else { throw UIKitValue.typeMismatch(value, "NSTextAlignment", describeType) }
            switch caseName {
            case "natural", "justified": snapshot.alignment = .left
            default:
                guard let alignment = TextAlignment(rawValue: caseName) else {
                    throw Interpreter.runtimeError(UIKitMessage.typeHasNoMember(type: "NSTextAlignment", member: caseName))
                }
                snapshot.alignment = alignment
            }
            snapshot.alignmentCase = caseName
        case .textColor:
            guard let color = UIKitValue.colorName(value) else { throw UIKitValue.typeMismatch(value, "UIColor", describeType) }
            snapshot.colorName = color
        case .alpha:
            guard let alpha = UIKitValue.number(value) else { throw UIKitValue.typeMismatch(value, "CGFloat", describeType) }
            snapshot.alpha = min(max(alpha, 0), 1)
        case .isHidden:
            guard case .bool(let hidden) = value else { throw UIKitValue.typeMismatch(value, "Bool", describeType) }
            snapshot.isHidden = hidden
        }
        return true
    }

    public override var textDescription: String {
        "UILabel(text: \(snapshot.text.map { TableEffect.quoted($0) } ?? "nil"))"
    }
}

/// A UITableViewCell dequeued from a prototype, made in code, or the UIKit part of an
/// instance of a script's cell class (`class MyCell: UITableViewCell`).
public final class CellObject: NativeObject, ConstrainedView {
    var layoutConstraints: [LayoutConstraintObject] = []
    /// Set by `init(style:reuseIdentifier:)` when a script class's initializer reaches
    /// UIKit's (`super.init(style: .subtitle, reuseIdentifier: reuseIdentifier)`).
    public internal(set) var reuseIdentifier: String
    /// Made with `reuseIdentifier: nil` (or `UITableViewCell()`): UIKit's `reuseIdentifier`
    /// is then nil, which `reuseIdentifier` (drawn as "") cannot tell from "".
    var reuseIdentifierIsNil = false
    public internal(set) var style: CellStyle
    public let textLabel: LabelObject
    /// nil for `.default` cells, as in UIKit.
    public internal(set) var detailTextLabel: LabelObject?
    public var accessoryType: AccessoryType = .none
    public var selectionStyle: SelectionStyle = .default
    /// Properties UIKit has that the renderer does not draw, by place; kept so scripts can set them.
    var otherProperties = StoredValues(CellObject.storedMembers)
    let describeType: (Value) -> String
    /// The interpreter's `.zero` values, for the labels made later and the insets kept.
    let zeros: GeometryZeros
    /// UIKit makes a cell's image view on first use; it is always there to set.
    lazy var imageView = CellImageViewObject()
    /// The cell's content view: what a cell class adds to it (`contentView.addSubview(v)`) is drawn.
    lazy var contentView = CellContentViewObject()
    /// Views added to the cell itself (`addSubview(v)` in a cell class, not on its content
    /// view): UIKit draws them above the content view, so they are drawn after its views.
    var ownSubviews: [Value] = []
    /// `accessoryView` (a UISwitch, ...): drawn instead of the accessory type.
    var accessoryView: Value = .nilValue
    /// `contentConfiguration` (a UIListContentConfiguration value), nil until set.
    var contentConfiguration: Value = .nilValue
    /// `backgroundConfiguration` as the script set it; nil while it is UIKit's default,
    /// which is made when first read (`makeBackgroundConfiguration`).
    var backgroundConfiguration: Value? = nil
    /// `configurationUpdateHandler`: called, after `updateConfiguration(using:)`, whenever
    /// UIKit updates the cell's configuration.
    var configurationUpdateHandler: Value = .nilValue
    /// `setNeedsUpdateConfiguration()` was called since the last update.
    var needsConfigurationUpdate = false
    /// Whether the table showing the cell is editing (its configuration state's `isEditing`).
    var isInEditingTable = false
    /// Builds UIKit's values for the cell's configurations: its background configuration
    /// by default, and its configuration state.
    var makeBackgroundConfiguration: ((TableStyle?) throws -> Value)? = nil
    var makeConfigurationState: ((CellObject) throws -> Value)? = nil
    var isUserInteractionEnabled = true
    /// UIKit's selected and highlighted states, which the table sets through
    /// `setSelected(_:animated:)` and `setHighlighted(_:animated:)` (CellSelection.swift).
    var isSelected = false
    var isHighlighted = false
    /// Calls a method on the cell as Swift dispatches it: a script subclass's override of
    /// `setSelected(_:animated:)` when there is one (set for a script class's cell).
    var dispatchMethod: ((String, [Value]) throws -> Value?)? = nil
    /// The style of the table that dequeued it (nil for a cell made in code).
    var tableStyle: TableStyle? = nil
    /// The script class whose instance this is the UIKit part of (nil: a plain cell).
    var scriptClassName: String? = nil
    /// A `table` block's `Cell` (SPEC 4.2: TableLab's shorthand keeps a readable `style`).
    /// UIKit's UITableViewCell has no `style` property (the style is given only to
    /// `init(style:reuseIdentifier:)`), so on every other cell `cell.style` is swiftc's
    /// "value of type 'UITableViewCell' has no member 'style'".
    var isShorthandCell = false
    /// The script instance's `@IBOutlet`s by name, in declaration order (read when drawn).
    var outletReader: (() -> [(name: String, value: Value)])? = nil
    /// Builds a list content configuration value (`defaultContentConfiguration()`).
    var makeContentConfiguration: ((CellStyle) throws -> Value)? = nil

    init(reuseIdentifier: String, style: CellStyle, describeType: @escaping (Value) -> String, zeros: GeometryZeros) {
        self.reuseIdentifier = reuseIdentifier
        self.style = style
        self.describeType = describeType
        self.zeros = zeros
        textLabel = LabelObject(LabelSnapshot(alignment: style.textLabelAlignment), describeType: describeType, zeros: zeros)
        detailTextLabel = style.hasDetailTextLabel
            ? LabelObject(LabelSnapshot(alignment: style.detailLabelAlignment), describeType: describeType, zeros: zeros) : nil
    }

    /// UIKit's `init(style:reuseIdentifier:)` of a cell that exists already (the UIKit part
    /// of a script class's instance): the style decides whether there is a detail label.
    func setUp(style: CellStyle, reuseIdentifier: String) {
        self.style = style
        self.reuseIdentifier = reuseIdentifier
        textLabel.snapshot.alignment = style.textLabelAlignment
        if style.hasDetailTextLabel {
            if detailTextLabel == nil { detailTextLabel = LabelObject(describeType: describeType, zeros: zeros) }
            detailTextLabel?.snapshot.alignment = style.detailLabelAlignment
        } else {
            detailTextLabel = nil
        }
    }

    /// The properties only stored: UIKit's default until set (UIKitDefaults.swift); the
    /// layer, made at its first read.
    static let storedMembers = StoredMembers(UIKitDefaults.cell, alsoStored: ["layer"])

    /// The stored-only properties the simulator reads or sets itself (drawing, a
    /// storyboard's prototype), by ID.
    enum Stored {
        static let backgroundView = HostMemberID("backgroundView")
        static let backgroundColor = HostMemberID("backgroundColor")
        static let tintColor = HostMemberID("tintColor")
        static let indentationLevel = HostMemberID("indentationLevel")
        static let indentationWidth = HostMemberID("indentationWidth")
    }

    /// Properties this class answers itself.
    static let ownPropertyNames = [
        "textLabel", "detailTextLabel", "accessoryType", "selectionStyle", "reuseIdentifier",
        "imageView", "contentView", "accessoryView", "contentConfiguration",
        "isUserInteractionEnabled", "backgroundConfiguration", "configurationUpdateHandler", "configurationState",
        "isSelected", "isHighlighted",
    ]

    /// UIKit's class name, as `type(of:)` and Swift's cast failures spell it.
    public override var typeName: String { scriptClassName ?? "UITableViewCell" }

    /// The properties the cell answers or stores by ID (`ownPropertyNames`, and those of
    /// the stored-only ones it treats apart); the other stored-only ones are found by name.
    enum Member: Int, CaseIterable, Sendable {
        case textLabel, detailTextLabel, accessoryType, selectionStyle, reuseIdentifier, imageView, contentView
        case accessoryView, contentConfiguration, isUserInteractionEnabled, backgroundConfiguration
        case configurationUpdateHandler, configurationState, layer, style, backgroundView, backgroundColor
        case isSelected, isHighlighted
        /// Swift's names of the properties, in the order of the cases (not found by reflecting
        /// on the cases: that cost a million instructions at the table's first use).
        static let names = [
            "textLabel", "detailTextLabel", "accessoryType", "selectionStyle", "reuseIdentifier", "imageView",
            "contentView", "accessoryView", "contentConfiguration", "isUserInteractionEnabled",
            "backgroundConfiguration", "configurationUpdateHandler", "configurationState", "layer", "style",
            "backgroundView", "backgroundColor", "isSelected", "isHighlighted",
        ]
        static let table = HostMemberTable(names)
    }

    /// The methods the cell answers (`baseMethodNames` and its own), found by ID.
    enum Method: Int, CaseIterable, Sendable {
        case initStyle, initCoder, viewWithTag, addSubview, setNeedsUpdateConfiguration, defaultContentConfiguration
        case prepareForReuse, awakeFromNib, layoutSubviews, setSelected, setHighlighted, setEditing, updateConstraints
        case updateConfiguration
        /// Swift's full names, in the order of the cases.
        static let names = [
            "init(style:reuseIdentifier:)", "init(coder:)", "viewWithTag(_:)", "addSubview(_:)", "setNeedsUpdateConfiguration()",
            "defaultContentConfiguration()", "prepareForReuse()", "awakeFromNib()", "layoutSubviews()", "setSelected(_:animated:)",
            "setHighlighted(_:animated:)", "setEditing(_:animated:)", "updateConstraints()", "updateConfiguration(using:)",
        ]
        static let table = HostMemberTable(names)
        /// The names' IDs, for the cell's own calls of its methods (`dispatch`).
        static let ids = names.map(HostMemberID.init)
    }

    /// For completion after a cell: what member(_:) answers.
    static var memberNames: [String] {
        ownPropertyNames + storedMembers.names
    }

    public override func member(id: HostMemberID) throws -> Value? {
        switch Member(rawValue: Member.table[id]) {
        case .textLabel?: return .wrapped(.object(textLabel))
        case .detailTextLabel?: return detailTextLabel.map { .wrapped(.object($0)) } ?? Value.nilValue
        case .accessoryType?: return UIKitValue.enumValue("UITableViewCell.AccessoryType", accessoryType.rawValue)
        case .selectionStyle?: return UIKitValue.enumValue("UITableViewCell.SelectionStyle", selectionStyle.rawValue)
        case .reuseIdentifier?: return reuseIdentifierIsNil ? .nilValue : .wrapped(.string(reuseIdentifier))
        case .imageView?: return .wrapped(.object(imageView))
        case .contentView?: return .object(contentView)
        case .accessoryView?: return accessoryView
        case .contentConfiguration?: return contentConfiguration
        case .isUserInteractionEnabled?: return .bool(isUserInteractionEnabled)
        case .isSelected?: return .bool(isSelected)
        case .isHighlighted?: return .bool(isHighlighted)
        case .backgroundConfiguration?:
            if let backgroundConfiguration { return backgroundConfiguration }
            guard let make = makeBackgroundConfiguration else { return nil }
            // UIKit sets up a default background configuration for the cell's table.
            let made = Value.wrapped(try make(tableStyle))
            backgroundConfiguration = made
            return made
        case .configurationUpdateHandler?: return configurationUpdateHandler
        case .configurationState?:
            guard let make = makeConfigurationState else { return nil }
            return try make(self)
        case .layer?:
            // The cell's own CALayer, made on first use with CALayer's defaults.
            if let layer = otherProperties[id] { return layer }
            let layer = Value.object(LayerObject())
            otherProperties[id] = layer
            return layer
        case .style? where isShorthandCell:
            return UIKitValue.enumValue("UITableViewCell.CellStyle", style.rawValue)
        case .backgroundView? where otherProperties[id] == nil && tableStyle == .plain:
            // UIKit's documentation: nil for a plain table's cells, a view for a grouped one's.
            return .nilValue
        default:
            // The cell's own anchors and guides, which views added to the cell itself are tied
            // to. UIKit's cell is its content view plus the accessory's area, so they stand
            // apart horizontally where there is an accessory; TableLab solves no constraint
            // inside a cell (its views are drawn in order, not placed), so no drawing reads
            // where either stands, and the constraints are only kept, as the content view's.
            if let anchor = LayoutMembers.member(id: id, of: self) { return anchor }
            return try otherProperties.read("UITableViewCell", id)
        }
    }

    public override func setMember(id: HostMemberID, _ value: Value) throws -> Bool {
        let member = Member(rawValue: Member.table[id])
        switch member {
        case .accessoryType?:
            guard let caseName = UIKitValue.caseName(value) else {
                throw UIKitValue.typeMismatch(value, "UITableViewCell.AccessoryType", describeType)
            }
            guard let accessory = AccessoryType(rawValue: caseName) else {
                throw Interpreter.runtimeError(UIKitMessage.typeHasNoMember(type: "UITableViewCell.AccessoryType", member: caseName))
            }
            accessoryType = accessory
        case .selectionStyle?:
            guard let caseName = UIKitValue.caseName(value) else {
                throw UIKitValue.typeMismatch(value, "UITableViewCell.SelectionStyle", describeType)
            }
            guard let selection = SelectionStyle(rawValue: caseName) else {
                throw Interpreter.runtimeError(UIKitMessage.typeHasNoMember(type: "UITableViewCell.SelectionStyle", member: caseName))
            }
            selectionStyle = selection
        case .textLabel?, .detailTextLabel?, .imageView?, .contentView?:
            // Assigning through `cell.textLabel?.text` writes the same view back.
            if case .object(let view)? = Self.unwrapped(value),
               view === textLabel || view === detailTextLabel || view === imageView || view === contentView { return true }
            if case .nilValue = value, member == .detailTextLabel, detailTextLabel == nil { return true }
            throw Interpreter.runtimeError(UIKitMessage.getOnlyProperty(id.name))
        case .reuseIdentifier?:
            throw Interpreter.runtimeError(UIKitMessage.getOnlyProperty(id.name))
        case .style? where isShorthandCell:
            throw Interpreter.runtimeError(UIKitMessage.getOnlyProperty(id.name))
        case .accessoryView?:
            accessoryView = Self.unwrapped(value).map { .wrapped($0) } ?? .nilValue
        case .contentConfiguration?:
            contentConfiguration = Self.unwrapped(value).map { .wrapped($0) } ?? .nilValue
        case .backgroundConfiguration?:
            backgroundConfiguration = Self.unwrapped(value).map { .wrapped($0) } ?? .nilValue
        case .configurationUpdateHandler?:
            configurationUpdateHandler = Self.unwrapped(value).map { .wrapped($0) } ?? .nilValue
        case .configurationState?:
            throw Interpreter.runtimeError(UIKitMessage.getOnlyProperty(id.name))
        case .backgroundView?:
            // A background view and a background configuration exclude each other: setting
            // a view resets the configuration to nil (Apple's documentation of backgroundView).
            _ = try otherProperties.assign(id, value, converting: zeros)
            if Self.unwrapped(value) != nil { backgroundConfiguration = .nilValue }
        case .backgroundColor?:
            otherProperties[id] = value
        case .isUserInteractionEnabled?:
            guard case .bool(let enabled) = value else { throw UIKitValue.typeMismatch(value, "Bool", describeType) }
            isUserInteractionEnabled = enabled
        case .isSelected?, .isHighlighted?:
            // UIKit's setters are `setSelected(_:animated: false)` and
            // `setHighlighted(_:animated: false)`: a subclass's override of those runs.
            guard case .bool(let flag) = value else { throw UIKitValue.typeMismatch(value, "Bool", describeType) }
            let method: Method = member == .isSelected ? .setSelected : .setHighlighted
            _ = try dispatch(method, [.bool(flag), .bool(false)])
        default:
            return try otherProperties.assign(id, value, converting: zeros)
        }
        return true
    }

    /// UITableViewCell's own methods that a subclass calls on `super` or `self`; UIKit's
    /// versions change nothing the simulator draws.
    static let baseMethodNames: Set<String> = [
        "prepareForReuse()", "awakeFromNib()", "layoutSubviews()", "setSelected(_:animated:)",
        "setHighlighted(_:animated:)", "setEditing(_:animated:)", "updateConstraints()",
        "defaultContentConfiguration()", "init(style:reuseIdentifier:)", "init(coder:)", "addSubview(_:)",
        "updateConfiguration(using:)",
    ]

    public override func callMethod(id: HostMemberID, _ arguments: [Value]) throws -> Value? {
        switch Method(rawValue: Method.table[id]) {
        case .initStyle?:
            // A script class's `super.init(style:reuseIdentifier:)`, or the one it inherits.
            guard let name = UIKitValue.caseName(arguments[0]), let style = CellStyle(rawValue: name) else {
                throw Interpreter.runtimeError(UIKitMessage.cellStyleNotOneOf)
            }
            let identifier = UIKitBuiltins.optionalText(arguments[1])
            setUp(style: style, reuseIdentifier: identifier ?? "")
            reuseIdentifierIsNil = identifier == nil
            return .void
        case .initCoder?:
            // Decoding a nib's or storyboard's cell: the simulator set it up already.
            return .void
        case .viewWithTag?:
            // The cell, then its content view and the views in it.
            if case .int(let tag) = arguments[0].unboxedOptional, case .int(tag)? = (try? member(id: ViewTags.tagID))?.unboxedOptional {
                return .wrapped(.object(self))
            }
            return try ViewTags.view(withTag: arguments[0], in: contentView)
        case .addSubview?:
            // A view added again moves to the front (UIKit keeps one place per subview).
            ownSubviews = ownSubviews.filter { !CellViews.sameView($0, arguments[0]) } + [arguments[0]]
            return .void
        case .setNeedsUpdateConfiguration?:
            needsConfigurationUpdate = true
            return .void
        case .setSelected?, .setHighlighted?:
            // UIKit's own: the state changes, and a change of the configuration state asks
            // for a configuration update (Apple's documentation of setNeedsUpdateConfiguration).
            guard case .bool(let flag) = arguments[0].unboxedOptional else { return .void }
            let selecting = Method(rawValue: Method.table[id]) == .setSelected
            if (selecting ? isSelected : isHighlighted) != flag { needsConfigurationUpdate = true }
            if selecting { isSelected = flag } else { isHighlighted = flag }
            return .void
        case .defaultContentConfiguration?:
            guard let make = makeContentConfiguration else {
                throw Interpreter.runtimeError(UIKitMessage.notSimulated("UITableViewCell.defaultContentConfiguration()"))
            }
            return try make(style)
        case .prepareForReuse?, .awakeFromNib?, .layoutSubviews?, .setEditing?,
             .updateConstraints?, .updateConfiguration?:
            return .void
        case nil:
            return nil
        }
    }

    /// One of the cell's methods called as Swift dispatches it: its script class's override
    /// first (found by name, as the interpreter keeps a class's methods), else UIKit's, by ID.
    func dispatch(_ method: Method, _ arguments: [Value]) throws -> Value? {
        if let dispatchMethod { return try dispatchMethod(Method.names[method.rawValue], arguments) }
        return try callMethod(id: Method.ids[method.rawValue], arguments)
    }

    static func unwrapped(_ value: Value) -> Value? {
        if case .wrapped(let inner) = value { return unwrapped(inner) }
        if case .nilValue = value { return nil }
        return value
    }

    public override var textDescription: String {
        "<\(typeName) \(reuseIdentifier) \(style.swiftName) \(TableEffect.quoted(textLabel.snapshot.text ?? ""))>"
    }

    /// The colour UIKit shows behind the cell's labels: the content view (clear unless set)
    /// lies over the background view, which lies over the cell's own background colour.
    var visibleBackgroundColorName: String? {
        var layers: [Value?] = [try? contentView.member(id: Stored.backgroundColor)]
        if let configuration = backgroundConfiguration.flatMap(Self.unwrapped) {
            // A background configuration replaces the background view.
            layers.append(Interpreter.structField("backgroundColor", of: configuration))
        } else if let view = otherProperties[Stored.backgroundView], case .object(let o)? = Self.unwrapped(view) {
            layers.append(try? o.member(id: Stored.backgroundColor))
        }
        layers.append(otherProperties[Stored.backgroundColor])
        for layer in layers {
            if let name = Self.colorName(layer), name != "clear" { return name }
        }
        return nil
    }

    static func colorName(_ value: Value??) -> String? {
        guard let value = value ?? nil, let unwrapped = unwrapped(value) else { return nil }
        return UIKitValue.colorName(unwrapped) ?? nil
    }

    /// The cell's own views, as `:show` draws them: its outlets, then the views in its content
    /// view, then those added to the cell itself (and the views in those), each once.
    func ownViews() -> [NativeObject] {
        var views: [NativeObject] = []
        var seen = Set<ObjectIdentifier>()
        func add(_ value: Value, depth: Int) {
            guard case .object(let o)? = Self.unwrapped(value), seen.insert(ObjectIdentifier(o)).inserted else { return }
            if o !== contentView { views.append(o) }
            if depth < 8, case .array(let inner)? = try? o.member(id: UIKitObject.Key.subviews) { for v in inner.values { add(v, depth: depth + 1) } }
        }
        for (_, value) in outletReader?() ?? [] { add(value, depth: 0) }
        for v in contentView.subviews + ownSubviews { add(v, depth: 0) }
        return views
    }

    /// What the renderer draws.
    public var snapshot: CellSnapshot {
        var cell = CellSnapshot(reuseIdentifier: reuseIdentifier, style: style, textLabel: textLabel.snapshot,
                                detailTextLabel: detailTextLabel?.snapshot, accessoryType: accessoryType,
                                selectionStyle: selectionStyle)
        cell.cellClass = scriptClassName
        // UITableViewCell.CellStyle: a .value2 cell lays out its two labels only; the image
        // of its imageView is not shown (default, value1 and subtitle cells show it).
        cell.imageName = style == .value2 ? nil : CellViews.imageName(imageView.image)
        cell.accessoryView = CellViews.accessorySnapshot(accessoryView)
        if let config = Self.unwrapped(contentConfiguration) {
            CellViews.apply(configuration: config, to: &cell)
        }
        var contents: [CellContentSnapshot] = []
        for (name, value) in outletReader?() ?? [] {
            if let item = CellViews.contentSnapshot(name: name, value) { contents.append(item) }
        }
        // Views added in code (`contentView.addSubview(label)`, and the views added to
        // those), in the order they were added, then those added to the cell itself; one
        // that is also an outlet is drawn once.
        var seen = Set((outletReader?() ?? []).compactMap { o -> ObjectIdentifier? in
            if case .object(let x)? = Self.unwrapped(o.value) { return ObjectIdentifier(x) }
            return nil
        })
        var index = 0
        func add(_ views: [Value], depth: Int) {
            for view in views {
                guard case .object(let o)? = Self.unwrapped(view), seen.insert(ObjectIdentifier(o)).inserted else { continue }
                if let item = CellViews.contentSnapshot(name: "subview \(index)", view) { contents.append(item) }
                index += 1
                if depth < 8, o !== contentView, case .array(let inner)? = try? o.member(id: UIKitObject.Key.subviews) { add(inner.values, depth: depth + 1) }
            }
        }
        add(contentView.subviews + ownSubviews, depth: 0)
        cell.contents = contents
        cell.backgroundColorName = visibleBackgroundColorName
        cell.tintColorName = Self.colorName(otherProperties[Stored.tintColor])
        return cell
    }
}
