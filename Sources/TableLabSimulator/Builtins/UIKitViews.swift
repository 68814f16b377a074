// UIKit's views and controls made in code (`UISwitch()`, `UIButton(type:)`, `UIView()`,
// `UIImageView(image:)`, `UIBarButtonItem(...)`, gesture recognizers): objects with
// UIKit's properties and their defaults, target/action pairs recorded as UIKit keeps them,
// and every other member an error that names it (never a silent no-op).

import TableLabSyntax
import TableLabInterpreter

/// A UIKit object with a fixed set of properties (UIKit's defaults until the script sets
/// them). Reading, writing or calling anything else is "X.y is not simulated in TableLab".
/// The properties are kept by ID: a read or an assignment hashes an integer, not the name.
class UIKitObject: NativeObject {
    let className: String
    var properties: [HostMemberID: Value]
    /// Properties a script may set whose UIKit default TableLab does not know (a view's
    /// inherited `tintColor`): reading one before it is set is an error that names it.
    var refusedUntilSet: Set<HostMemberID>

    init(_ className: String, properties: [HostMemberID: Value], refusedUntilSet: Set<HostMemberID> = []) {
        self.className = className
        self.properties = properties
        self.refusedUntilSet = refusedUntilSet
    }

    override var typeName: String { className }

    override func member(id: HostMemberID) throws -> Value? {
        if let value = properties[id] { return value }
        if refusedUntilSet.contains(id) {
            throw Interpreter.unsetValueError(UIKitMessage.defaultNotSimulated("\(className).\(id.name)"))
        }
        if UIKitCatalogue.surelyLacks(className, id.name) { return nil }
        throw Interpreter.runtimeError(UIKitMessage.notSimulated("\(className).\(id.name)"))
    }

    override func setMember(id: HostMemberID, _ value: Value) throws -> Bool {
        if !refusedUntilSet.isEmpty, refusedUntilSet.remove(id) != nil {
            properties[id] = value
            return true
        }
        guard let current = properties[id] else {
            throw Interpreter.runtimeError(UIKitMessage.notSimulated("\(className).\(id.name)"))
        }
        // A CGFloat property given an integer literal holds a CGFloat, as in Swift.
        if case .double = current, case .int(let i) = value {
            properties[id] = .double(Double(i))
        } else if let e = try UIKitValue.storedEnumCase(value, replacing: current) {
            properties[id] = e
        } else {
            properties[id] = value
        }
        return true
    }

    override func callMethod(id: HostMemberID, _ arguments: [Value]) throws -> Value? {
        if UIKitCatalogue.surelyLacks(className, id.name) { return nil }
        throw Interpreter.runtimeError(UIKitMessage.notSimulated("\(className).\(id.name)"))
    }

    override var textDescription: String { "<\(className)>" }

    /// A Bool argument or property value (`isOn`, `animated`).
    static func bool(_ value: Value, _ what: String) throws -> Bool {
        if case .bool(let b) = value { return b }
        if case .wrapped(let inner) = value { return try bool(inner, what) }
        throw Interpreter.runtimeError(UIKitMessage.cannotConvertUntypedValueFor(to: "Bool", what: what))
    }
}

extension UIKitObject {
    /// The properties these classes and the drawing read or write themselves, by ID. Made
    /// at their first use: a literal (`properties["subviews"]`) would take the interner's
    /// lock and hash the name on each evaluation.
    enum Key {
        static let frame = HostMemberID("frame"), bounds = HostMemberID("bounds"), layer = HostMemberID("layer")
        static let subviews = HostMemberID("subviews"), gestureRecognizers = HostMemberID("gestureRecognizers")
        static let tintColor = HostMemberID("tintColor"), state = HostMemberID("state"), delegate = HostMemberID("delegate")
        static let isEnabled = HostMemberID("isEnabled"), isSelected = HostMemberID("isSelected")
        static let isHighlighted = HostMemberID("isHighlighted"), isOn = HostMemberID("isOn")
        static let isRefreshing = HostMemberID("isRefreshing"), attributedTitle = HostMemberID("attributedTitle")
        static let buttonType = HostMemberID("buttonType"), titleLabel = HostMemberID("titleLabel")
        static let imageView = HostMemberID("imageView"), configuration = HostMemberID("configuration")
        static let currentTitle = HostMemberID("currentTitle"), currentImage = HostMemberID("currentImage")
        static let image = HostMemberID("image"), title = HostMemberID("title"), target = HostMemberID("target")
        static let action = HostMemberID("action"), layoutMargins = HostMemberID("layoutMargins")
        static let arrangedSubviews = HostMemberID("arrangedSubviews"), progress = HostMemberID("progress")
        static let progressViewStyle = HostMemberID("progressViewStyle"), text = HostMemberID("text")
        static let placeholder = HostMemberID("placeholder"), attributedPlaceholder = HostMemberID("attributedPlaceholder")
        static let showsCancelButton = HostMemberID("showsCancelButton"), isActive = HostMemberID("isActive")
        static let searchResultsUpdater = HostMemberID("searchResultsUpdater"), searchBar = HostMemberID("searchBar")
        static let numberOfLines = HostMemberID("numberOfLines"), font = HostMemberID("font")
        static let contentView = HostMemberID("contentView"), refreshControl = HostMemberID("refreshControl")
        static let string = HostMemberID("string"), contentSize = HostMemberID("contentSize")
        static let contentOffset = HostMemberID("contentOffset"), contentInset = HostMemberID("contentInset")
        static let backgroundColor = HostMemberID("backgroundColor"), backgroundView = HostMemberID("backgroundView")
        static let selectedBackgroundView = HostMemberID("selectedBackgroundView")
        // Read by the drawing on each cell and view it draws.
        static let isHidden = HostMemberID("isHidden"), accessoryView = HostMemberID("accessoryView")
        static let tag = HostMemberID("tag"), textColor = HostMemberID("textColor")
        /// A navigation item's, read on each draw of its screen.
        static let searchController = HostMemberID("searchController")
        static let allowsSelection = HostMemberID("allowsSelection")
        static let allowsMultipleSelection = HostMemberID("allowsMultipleSelection")
        static let isScrollEnabled = HostMemberID("isScrollEnabled"), isPagingEnabled = HostMemberID("isPagingEnabled")
        static let bounces = HostMemberID("bounces"), alwaysBounceVertical = HostMemberID("alwaysBounceVertical")
        static let alwaysBounceHorizontal = HostMemberID("alwaysBounceHorizontal")
        static let showsVerticalScrollIndicator = HostMemberID("showsVerticalScrollIndicator")
        static let showsHorizontalScrollIndicator = HostMemberID("showsHorizontalScrollIndicator")
        // A flow layout's.
        static let itemSize = HostMemberID("itemSize"), estimatedItemSize = HostMemberID("estimatedItemSize")
        static let minimumInteritemSpacing = HostMemberID("minimumInteritemSpacing")
        static let minimumLineSpacing = HostMemberID("minimumLineSpacing"), sectionInset = HostMemberID("sectionInset")
        static let scrollDirection = HostMemberID("scrollDirection")
        static let headerReferenceSize = HostMemberID("headerReferenceSize")
        static let footerReferenceSize = HostMemberID("footerReferenceSize")
        static let sectionHeadersPinToVisibleBounds = HostMemberID("sectionHeadersPinToVisibleBounds")
        static let sectionFootersPinToVisibleBounds = HostMemberID("sectionFootersPinToVisibleBounds")
    }

    /// The methods these classes answer one or two of, by ID (a class with more keeps an
    /// enum and a HostMemberTable).
    enum Call {
        static let setOn = HostMemberID("setOn(_:animated:)"), beginRefreshing = HostMemberID("beginRefreshing()")
        static let endRefreshing = HostMemberID("endRefreshing()"), addTarget = HostMemberID("addTarget(_:action:)")
        static let addArrangedSubview = HostMemberID("addArrangedSubview(_:)")
        static let addSubview = HostMemberID("addSubview(_:)")
        static let setProgress = HostMemberID("setProgress(_:animated:)")
        static let becomeFirstResponder = HostMemberID("becomeFirstResponder()")
        static let resignFirstResponder = HostMemberID("resignFirstResponder()")
    }
}

/// A UIView made in code (`UIView()`, `UIView(frame:)`) and the view part of every control.
class ViewObject: UIKitObject, ConstrainedView {
    var layoutConstraints: [LayoutConstraintObject] = []

    /// UIView's properties that scripts set and read back, with UIKit's defaults; the
    /// frame, bounds and layer are each view's own (`viewProperties(frame:)`), held here
    /// so that setting them does not grow the copy.
    private static let sharedViewProperties: ConstantProperties = [
        "frame": .nilValue, "bounds": .nilValue, "backgroundColor": .nilValue, "tag": .int(0), "isHidden": .bool(false),
        "alpha": .double(1), "isUserInteractionEnabled": .bool(true),
        "translatesAutoresizingMaskIntoConstraints": .bool(true), "clipsToBounds": .bool(false),
        "contentMode": UIKitValue.enumValue("UIView.ContentMode", "scaleToFill"), "layer": .nilValue,
        "subviews": .array([]),
        "accessibilityIdentifier": .nilValue, "accessibilityLabel": .nilValue, "isOpaque": .bool(true),
        "gestureRecognizers": .nilValue,
    ]
    /// tintColor is never nil: a view inherits its superview's, the window's, the app's.
    static let refusedViewProperties: Set<HostMemberID> = [Key.tintColor]

    /// UIView's properties that scripts set and read back, with UIKit's defaults.
    static func viewProperties(frame: Value) -> [HostMemberID: Value] {
        var properties = sharedViewProperties.values
        properties[Key.frame] = frame
        properties[Key.bounds] = frame
        properties[Key.layer] = .object(LayerObject())
        return properties
    }

    /// The names of `viewProperties(frame:)`, for the lint and completion.
    static var viewPropertyNames: [String] { sharedViewProperties.values.keys.map(\.name) }

    init(_ className: String, frame: Value, properties: [HostMemberID: Value] = [:]) {
        super.init(className, properties: Self.viewProperties(frame: frame).merging(properties) { $1 },
                   refusedUntilSet: Self.refusedViewProperties)
    }

    override func member(id: HostMemberID) throws -> Value? {
        // A stored property is answered here: UIKitObject's read would look it up again.
        if let value = properties[id] { return value }
        // Anchors and layout guides: constraints are recorded, a table draws no layout.
        if let anchor = LayoutMembers.member(id: id, of: self) { return anchor }
        return try super.member(id: id)
    }

    /// The methods every view answers here (`callMethod`), found by ID.
    enum Method: Int, CaseIterable, Sendable {
        case addSubview, viewWithTag, addGestureRecognizer, layoutIfNeeded, setNeedsLayout, sizeToFit, setNeedsDisplay
        case layoutSubviews, initFrame, initCoder
        /// Swift's full names, in the order of the cases.
        static let names = [
            "addSubview(_:)", "viewWithTag(_:)", "addGestureRecognizer(_:)", "layoutIfNeeded()", "setNeedsLayout()", "sizeToFit()",
            "setNeedsDisplay()", "layoutSubviews()", "init(frame:)", "init(coder:)",
        ]
        static let table = HostMemberTable(names)
    }
    static let viewMethodNames = Set(Method.names)

    override func callMethod(id: HostMemberID, _ arguments: [Value]) throws -> Value? {
        switch Method(rawValue: Method.table[id]) {
        case .addSubview?:
            guard case .array(var subviews)? = properties[Key.subviews] else { return .void }
            // A view added again moves to the front (UIKit keeps one place per subview).
            subviews.removeAll { CellViews.sameView($0, arguments[0]) }
            subviews.append(arguments[0])
            properties[Key.subviews] = .array(subviews)
            return .void
        case .viewWithTag?:
            return try ViewTags.view(withTag: arguments[0], in: self)
        case .addGestureRecognizer?:
            var recognizers: [Value] = []
            if case .wrapped(.array(let list))? = properties[Key.gestureRecognizers] { recognizers = list.values }
            recognizers.append(arguments[0])
            properties[Key.gestureRecognizers] = .wrapped(.array(recognizers))
            return .void
        case .layoutIfNeeded?, .setNeedsLayout?, .sizeToFit?, .setNeedsDisplay?, .layoutSubviews?:
            // Layout has no effect a table shows: the frames the script set stay as they are.
            return .void
        case .initFrame?:
            // A script's UIView subclass reaching UIKit's designated initializer.
            properties[Key.frame] = arguments[0]
            properties[Key.bounds] = arguments[0]
            return .void
        case .initCoder?:
            return .void
        case nil:
            return try super.callMethod(id: id, arguments)
        }
    }
}

extension ViewObject {
    /// A UILabel's properties beyond what a cell's label draws (text, alignment, colour,
    /// alpha: LabelObject), with UIKit's defaults: a 17-point system font, one line.
    private static let labelDefaults: ConstantProperties = [
        "font": .nilValue,
        "numberOfLines": .int(1), "lineBreakMode": .string("byTruncatingTail"), "adjustsFontSizeToFitWidth": .bool(false),
        "minimumScaleFactor": .double(0), "attributedText": .nilValue, "highlightedTextColor": .nilValue,
        "isUserInteractionEnabled": .bool(false), "adjustsFontForContentSizeCategory": .bool(false),
        "preferredMaxLayoutWidth": .double(0), "isEnabled": .bool(true),
    ]

    static func labelProperties(frame: Value) -> ViewObject {
        var properties = labelDefaults.values
        properties[Key.font] = .object(FontObject(source: "systemFont", pointSize: 17, weight: "regular", isSystem: true))
        return ViewObject("UILabel", frame: frame, properties: properties)
    }
}

extension ViewObject {
    /// UIScrollView's scrolling properties at UIKit's documented defaults; the sizes,
    /// offset and inset are set for each view (their values come from the prelude).
    private static let scrollViewDefaults: ConstantProperties = [
        "contentSize": .nilValue, "contentOffset": .nilValue, "contentInset": .nilValue,
        "isScrollEnabled": .bool(true), "isPagingEnabled": .bool(false), "bounces": .bool(true),
        "alwaysBounceVertical": .bool(false), "alwaysBounceHorizontal": .bool(false),
        "showsVerticalScrollIndicator": .bool(true), "showsHorizontalScrollIndicator": .bool(true),
        "delegate": .nilValue,
    ]

    /// A UIScrollView made in code: a container of subviews with UIScrollView's scrolling
    /// properties at UIKit's documented defaults (no content size, offset or inset; scrolls,
    /// bounces, shows both indicators). TableLab draws no scrolling: the views inside are
    /// what a screen shows.
    static func scrollView(_ interpreter: Interpreter, frame: Value, zeros: GeometryZeros) -> ViewObject {
        var properties = scrollViewDefaults.values
        properties[Key.contentSize] = interpreter.makeStruct("CGSize", ["width": .double(0), "height": .double(0)]) ?? .nilValue
        properties[Key.contentOffset] = interpreter.makeStruct("CGPoint", ["x": .double(0), "y": .double(0)]) ?? .nilValue
        properties[Key.contentInset] = zeros.insets
        return ViewObject("UIScrollView", frame: frame, properties: properties)
    }
}

/// A view's `layer`: the properties real code sets for rounded corners and borders.
final class LayerObject: UIKitObject {
    private static let defaults: ConstantProperties = [
        "cornerRadius": .double(0), "borderWidth": .double(0), "borderColor": .nilValue,
        "masksToBounds": .bool(false), "shadowOpacity": .double(0), "shadowRadius": .double(3),
    ]
    private static let refused: Set<HostMemberID> = ["shadowColor", "shadowOffset", "maskedCorners"]

    init() {
        super.init("CALayer", properties: Self.defaults.values, refusedUntilSet: Self.refused)
    }
}

/// One target/action pair a control keeps (`addTarget(_:action:for:)`).
struct TargetAction {
    let target: Value
    let action: SelectorObject
    /// The control event as written: `valueChanged`, `touchUpInside`; "" for bar button
    /// items and gesture recognizers, which have one action.
    let event: String
}

/// A control (UISwitch, UIButton, UISlider, ...): a view with target/action pairs.
class ControlObject: ViewObject {
    var actions: [TargetAction] = []
    unowned let host: UIKitHost

    private static let controlDefaults: ConstantProperties = [
        "isEnabled": .bool(true), "isSelected": .bool(false), "isHighlighted": .bool(false),
    ]

    init(_ className: String, host: UIKitHost, frame: Value, properties: [HostMemberID: Value] = [:]) {
        self.host = host
        super.init(className, frame: frame, properties: Self.controlDefaults.values.merging(properties) { $1 })
    }

    private func flag(_ key: HostMemberID) -> Bool {
        if case .bool(let b)? = properties[key] { return b }
        return false
    }

    /// UIControl's `state`, from its flags.
    var currentState: UInt {
        ControlState.current(isHighlighted: flag(Key.isHighlighted), isEnabled: flag(Key.isEnabled), isSelected: flag(Key.isSelected))
    }

    override func member(id: HostMemberID) throws -> Value? {
        guard id == Key.state else { return try super.member(id: id) }
        let bits = currentState
        guard let caseName = ControlState.bits.first(where: { $0.value == bits })?.key else {
            // An option set of several states prints and compares as its bits, which the
            // host's one-case values do not carry.
            throw Interpreter.runtimeError(UIKitMessage.notSimulated("\(className).state of a control in several states at once (\(ControlState.spelled(bits)))"))
        }
        return .object(HostEnumValue(swiftTypeName: "UIControl.State", cTypeName: "UIControlState", caseName: caseName, rawValue: Int(bits)))
    }

    /// The events a target/action pair or `sendActions(for:)` names: one (`.valueChanged`)
    /// or several (`[.touchUpInside, .touchDown]`, a pair registered for each of them).
    private func events(_ value: Value, _ method: String) throws -> [String] {
        switch value {
        case .array(let members): return try members.values.flatMap { try events($0, method) }
        case .wrapped(let inner): return try events(inner, method)
        default:
            guard let name = UIKitValue.caseName(value) else {
                throw Interpreter.runtimeError(UIKitMessage.cannotConvertArgumentIn(type: host.interpreter.typeName(of: value),
                                                                                      to: "UIControl.Event", method: method))
            }
            return [name]
        }
    }

    /// UIControl's methods for target/action pairs, found by ID.
    enum ControlMethod: Int, CaseIterable, Sendable {
        case addTarget, removeTarget, sendActions
        /// Swift's full names, in the order of the cases.
        static let names = ["addTarget(_:action:for:)", "removeTarget(_:action:for:)", "sendActions(for:)"]
        static let table = HostMemberTable(names)
    }

    override func callMethod(id: HostMemberID, _ arguments: [Value]) throws -> Value? {
        switch ControlMethod(rawValue: ControlMethod.table[id]) {
        case .addTarget?:
            let action = try host.selector(arguments[1], target: arguments[0])
            for event in try events(arguments[2], id.name) where !actions.contains(where: {
                $0.event == event && $0.action.reference == action.reference && CellViews.sameView($0.target, arguments[0])
            }) {
                actions.append(TargetAction(target: arguments[0], action: action, event: event))
            }
            return .void
        case .removeTarget?:
            let events = try events(arguments[2], id.name)
            let target = CellObject.unwrapped(arguments[0])
            actions.removeAll { events.contains($0.event) && (target == nil || CellObject.unwrapped($0.target) == target) }
            return .void
        case .sendActions?:
            for event in try events(arguments[0], id.name) { try sendActions(for: event) }
            return .void
        case nil:
            return try super.callMethod(id: id, arguments)
        }
    }

    /// Sends the actions registered for `event`, in the order they were added, with the
    /// control as the sender (as UIKit's `sendActions(for:)`).
    func sendActions(for event: String) throws {
        for pair in actions where pair.event == event {
            try host.send(pair.action, to: pair.target, sender: .object(self))
        }
    }

    /// `valueChanged → SettingsViewController.switchChanged(_:)`, one per pair.
    var actionsDescription: String {
        actions.map { "\($0.event.isEmpty ? "" : $0.event + " → ")\(host.targetName($0.target)).\($0.action.reference)" }
            .joined(separator: ", ")
    }
}

/// `UISwitch()`: off until `isOn` or `setOn(_:animated:)` turns it on.
final class SwitchObject: ControlObject {
    private static let defaults: ConstantProperties = [
        "isOn": .bool(false), "onTintColor": .nilValue, "thumbTintColor": .nilValue,
    ]

    init(host: UIKitHost, frame: Value) {
        super.init("UISwitch", host: host, frame: frame, properties: Self.defaults.values)
    }

    var isOn: Bool {
        get { if case .bool(let b)? = properties[Key.isOn] { return b }; return false }
        set { properties[Key.isOn] = .bool(newValue) }
    }

    override func setMember(id: HostMemberID, _ value: Value) throws -> Bool {
        if id == Key.isOn { isOn = try Self.bool(value, "isOn"); return true }
        return try super.setMember(id: id, value)
    }

    override func callMethod(id: HostMemberID, _ arguments: [Value]) throws -> Value? {
        if id == Call.setOn {
            // As UIKit: setting the state in code sends no valueChanged action.
            isOn = try Self.bool(arguments[0], "setOn(_:animated:)")
            return .void
        }
        return try super.callMethod(id: id, arguments)
    }

    override var textDescription: String { "<UISwitch isOn: \(isOn)>" }
}

/// `UIRefreshControl()`: a table's pull-to-refresh control. `beginRefreshing()` and
/// `endRefreshing()` set `isRefreshing` without sending an action (Apple's documentation);
/// a user's pull (`:refresh`) starts it and sends `valueChanged`.
final class RefreshControlObject: ControlObject {
    private static let defaults: ConstantProperties = [
        "isRefreshing": .bool(false), "attributedTitle": .nilValue,
    ]

    init(host: UIKitHost, frame: Value) {
        super.init("UIRefreshControl", host: host, frame: frame, properties: Self.defaults.values)
    }

    var isRefreshing: Bool {
        get { if case .bool(let b)? = properties[Key.isRefreshing] { return b }; return false }
        set { properties[Key.isRefreshing] = .bool(newValue) }
    }

    /// The title under the spinner (`attributedTitle`), nil when there is none.
    var title: String? {
        guard let value = properties[Key.attributedTitle], let inner = CellObject.unwrapped(value) else { return nil }
        if case .object(let o) = inner, let text = try? o.member(id: Key.string) { return UIKitBuiltins.optionalText(text) }
        return nil
    }

    override func setMember(id: HostMemberID, _ value: Value) throws -> Bool {
        // A get-only property in UIKit: swiftc refuses the assignment.
        if id == Key.isRefreshing { throw Interpreter.runtimeError(UIKitMessage.getOnlyProperty("isRefreshing")) }
        return try super.setMember(id: id, value)
    }

    override func callMethod(id: HostMemberID, _ arguments: [Value]) throws -> Value? {
        if id == Call.beginRefreshing { isRefreshing = true; return .void }
        if id == Call.endRefreshing { isRefreshing = false; return .void }
        return try super.callMethod(id: id, arguments)
    }

    /// The refresh control a pull on `scrollView` starts (a table view's `refreshControl`
    /// or one added as its subview; a collection view's `refreshControl`), nil for none.
    static func held(by scrollView: NativeObject) -> RefreshControlObject? {
        if let table = scrollView as? TableViewObject { return table.pullToRefreshControl }
        guard let value = try? scrollView.member(id: Key.refreshControl),
              case .object(let control as RefreshControlObject)? = CellObject.unwrapped(value) else { return nil }
        return control
    }

    /// A user's pull: the control starts refreshing, then sends its valueChanged actions.
    func pull() throws {
        isRefreshing = true
        try sendActions(for: "valueChanged")
    }

    override var textDescription: String { "<UIRefreshControl isRefreshing: \(isRefreshing)>" }
}

/// `UIButton(type:)`, `UIButton()`: a title, image and title colour per control state
/// (ControlState.swift), and target/action pairs.
final class ButtonObject: ControlObject {
    var titles: [UInt: Value] = [:]
    var images: [UInt: Value] = [:]
    var titleColors: [UInt: Value] = [:]

    /// The type, label and image view are each button's own, set over these.
    private static let defaults: ConstantProperties = [
        "buttonType": .nilValue, "titleLabel": .nilValue, "imageView": .nilValue, "configuration": .nilValue,
    ]

    init(host: UIKitHost, type: String, frame: Value) {
        var properties = Self.defaults.values
        properties[Key.buttonType] = .string(type)
        // UIKit makes the button's label and image view on first use: never nil when read.
        properties[Key.titleLabel] = .wrapped(.object(ViewObject.labelProperties(frame: host.simulator.zeros.rect)))
        properties[Key.imageView] = .wrapped(.object(ImageViewObject(image: .nilValue, frame: host.simulator.zeros.rect)))
        super.init("UIButton", host: host, frame: frame, properties: properties)
    }

    private func state(_ value: Value, _ method: String) throws -> UInt {
        try ControlState.state(value, in: method) { [host] in host.interpreter.typeName(of: $0) }
    }

    /// UIButton's per-state methods, found by ID.
    enum ButtonMethod: Int, CaseIterable, Sendable {
        case setTitle, setImage, setTitleColor, title, image, titleColor
        /// Swift's full names, in the order of the cases.
        static let names = [
            "setTitle(_:for:)", "setImage(_:for:)", "setTitleColor(_:for:)", "title(for:)", "image(for:)", "titleColor(for:)",
        ]
        static let table = HostMemberTable(names)
    }

    override func callMethod(id: HostMemberID, _ arguments: [Value]) throws -> Value? {
        switch ButtonMethod(rawValue: ButtonMethod.table[id]) {
        case .setTitle?: titles[try state(arguments[1], id.name)] = arguments[0]
        case .setImage?: images[try state(arguments[1], id.name)] = arguments[0]
        case .setTitleColor?: titleColors[try state(arguments[1], id.name)] = arguments[0]
        case .title?: return ControlState.lookup(titles, try state(arguments[0], id.name))
        case .image?: return ControlState.lookup(images, try state(arguments[0], id.name))
        case .titleColor?: return try titleColor(for: try state(arguments[0], id.name))
        case nil: return try super.callMethod(id: id, arguments)
        }
        return .void
    }

    /// The colour set for `state` (else the normal state's); with none set, a system
    /// button's normal title is drawn in its tint, the colour UIKit answers: the button's
    /// `tintColor` once the script sets it. An inherited tint (the window's, the app's) and
    /// the other states' and types' defaults are not simulated: reading one is an error.
    private func titleColor(for state: UInt) throws -> Value {
        if let color = titleColors[state] ?? titleColors[0] { return color }
        if state == 0, case .string("system")? = properties[Key.buttonType], !refusedUntilSet.contains(Key.tintColor),
           let tint = properties[Key.tintColor], let color = CellObject.unwrapped(tint) {
            return .wrapped(color)
        }
        let kind = properties[Key.buttonType].flatMap(UIKitValue.caseName) ?? "custom"
        throw Interpreter.unsetValueError(UIKitMessage.defaultNotSimulated(
            "UIButton.titleColor(for: \(ControlState.written(state))) of a .\(kind) button"
                + (state == 0 && kind == "system" ? " (its tintColor, inherited while the button's own is not set)" : "")))
    }

    override func member(id: HostMemberID) throws -> Value? {
        if id == Key.currentTitle { return ControlState.lookup(titles, currentState) }
        if id == Key.currentImage { return ControlState.lookup(images, currentState) }
        return try super.member(id: id)
    }

    /// The title drawn, for the button's current state: a configured button shows its
    /// configuration's title unless a state's title was set (UIKit applies those to the
    /// configuration when it updates).
    var displayedTitle: Value {
        let title = ControlState.lookup(titles, currentState)
        if case .nilValue = title { return configurationTitle ?? .nilValue }
        return title
    }

    private var configurationTitle: Value? {
        guard let configuration = properties[Key.configuration].flatMap(CellObject.unwrapped),
              let title = Interpreter.structField("title", of: configuration), CellObject.unwrapped(title) != nil else { return nil }
        return title
    }

    override var textDescription: String {
        let title = UIKitBuiltins.optionalText(ControlState.lookup(titles, currentState))
        return "<UIButton\(title.map { " " + TableEffect.quoted($0) } ?? "")>"
    }
}

/// `UIImageView(image:)`, `UIImageView()`.
final class ImageViewObject: ViewObject {
    /// UIImageView, unlike UIView, ignores touches unless told otherwise.
    private static let defaults: ConstantProperties = [
        "image": .nilValue, "highlightedImage": .nilValue, "isUserInteractionEnabled": .bool(false),
    ]

    init(image: Value, frame: Value) {
        var properties = Self.defaults.values
        properties[Key.image] = image
        super.init("UIImageView", frame: frame, properties: properties)
    }
    override var textDescription: String {
        if case .object(let image as ImageObject) = CellObject.unwrapped(properties[Key.image] ?? .nilValue) ?? .void {
            return "<UIImageView \(image.textDescription)>"
        }
        return "<UIImageView>"
    }
}

/// `UIBarButtonItem(title:style:target:action:)`, `(barButtonSystemItem:target:action:)`,
/// `(image:style:target:action:)`: a title or system item and one target/action pair.
final class BarButtonItemObject: UIKitObject {
    var action: TargetAction?
    unowned let host: UIKitHost

    /// The title, image, target and action are each item's own, set over these.
    private static let defaults: ConstantProperties = [
        "title": .nilValue, "image": .nilValue, "isEnabled": .bool(true), "tintColor": .nilValue, "tag": .int(0),
        "style": .string("plain"), "target": .nilValue, "action": .nilValue,
    ]

    init(host: UIKitHost, title: Value, systemItem: String?, image: Value, target: Value, action: Value) throws {
        self.host = host
        var properties = Self.defaults.values
        properties[Key.title] = title
        properties[Key.image] = image
        properties[Key.target] = target
        properties[Key.action] = action
        super.init("UIBarButtonItem", properties: properties)
        self.systemItem = systemItem
        if CellObject.unwrapped(action) != nil {
            self.action = TargetAction(target: target, action: try host.selector(action, target: target), event: "")
        }
    }

    var systemItem: String?

    override var textDescription: String {
        if let systemItem { return "<UIBarButtonItem .\(systemItem)>" }
        let title = UIKitBuiltins.optionalText(properties[Key.title] ?? .nilValue)
        return "<UIBarButtonItem\(title.map { " " + TableEffect.quoted($0) } ?? "")>"
    }
}

/// `UITapGestureRecognizer(target:action:)` and its kin: one target/action pair.
final class GestureRecognizerObject: UIKitObject {
    var actions: [TargetAction] = []
    unowned let host: UIKitHost

    private static let defaults: ConstantProperties = [
        "isEnabled": .bool(true), "cancelsTouchesInView": .bool(true), "numberOfTapsRequired": .int(1),
        "view": .nilValue, "delegate": .nilValue,
    ]

    init(_ className: String, host: UIKitHost, target: Value, action: Value) throws {
        self.host = host
        super.init(className, properties: Self.defaults.values)
        if CellObject.unwrapped(action) != nil {
            actions.append(TargetAction(target: target, action: try host.selector(action, target: target), event: ""))
        }
    }

    override func callMethod(id: HostMemberID, _ arguments: [Value]) throws -> Value? {
        if id == Call.addTarget {
            actions.append(TargetAction(target: arguments[0], action: try host.selector(arguments[1], target: arguments[0]), event: ""))
            return .void
        }
        return try super.callMethod(id: id, arguments)
    }
}

/// A UIKit type used as a value (`UIFont.systemFont(ofSize:)`, `UIScreen.main`): its
/// simulated static members and methods; any other is "UIButton.Configuration is not
/// simulated in TableLab", naming what the script reached for.
final class UIKitNamespace: NativeObject {
    let name: String
    let members: [String: () -> Value]
    let methods: [String: ([Value]) throws -> Value]
    /// An object of the class (`UIScreen.main`, `NSCoder()`), not the type as a value.
    let isInstance: Bool
    /// Methods found by their full name when called (a family too large to list at
    /// start-up: UIView's animations); nil for a name it does not have.
    let methodFamily: ((String, [Value]) throws -> Value?)?

    init(_ name: String, members: [String: () -> Value] = [:], methods: [String: ([Value]) throws -> Value] = [:],
         isInstance: Bool = false, methodFamily: ((String, [Value]) throws -> Value?)? = nil) {
        self.name = name
        self.isInstance = isInstance
        self.members = members
        self.methods = methods
        self.methodFamily = methodFamily
    }

    override var typeName: String { name }
    override var textDescription: String { name }

    /// `members` and `methods` by ID, made at the first read or call: the namespaces are
    /// made when UIKit is installed, where interning every name would cost each run.
    private lazy var membersByID = Dictionary(uniqueKeysWithValues: members.map { (HostMemberID($0.key), $0.value) })
    private lazy var methodsByID = Dictionary(uniqueKeysWithValues: methods.map { (HostMemberID($0.key), $0.value) })

    override func member(id: HostMemberID) throws -> Value? {
        if let value = membersByID[id] { return value() }
        throw Interpreter.runtimeError(UIKitMessage.notSimulated("\(name).\(id.name)"))
    }

    /// A call through a member path (`UIApplication.shared.open(...)`) writes the member
    /// back: the same object is accepted, anything else is a get-only property.
    override func setMember(id: HostMemberID, _ value: Value) throws -> Bool {
        guard let current = membersByID[id]?() else {
            throw Interpreter.runtimeError(UIKitMessage.notSimulated("\(name).\(id.name)"))
        }
        if case .object(let a) = current, case .object(let b) = value, a === b { return true }
        throw Interpreter.runtimeError(UIKitMessage.getOnlyProperty(id.name))
    }

    /// A method of the family is found by its name: the family is a rule over the names
    /// (UIView's animations), not a list.
    override func callMethod(id: HostMemberID, _ arguments: [Value]) throws -> Value? {
        if let method = methodsByID[id] { return try method(arguments) }
        if let result = try methodFamily?(id.name, arguments) { return result }
        throw Interpreter.runtimeError(UIKitMessage.notSimulated("\(name).\(id.name)"))
    }
}

/// `UIStackView`: its arranged subviews are its subviews, in order (a header view shows
/// their labels); axis, spacing, alignment and distribution are stored with UIKit's
/// defaults (horizontal, 0, fill, fill), as a table draws no stack layout.
final class StackViewObject: ViewObject {
    /// The arranged subviews are each stack's own, set over these.
    private static let defaults: ConstantProperties = [
        "axis": UIKitValue.enumValue("NSLayoutConstraint.Axis", "horizontal"), "spacing": .double(0),
        "alignment": UIKitValue.enumValue("UIStackView.Alignment", "fill"),
        "distribution": UIKitValue.enumValue("UIStackView.Distribution", "fill"),
        "isLayoutMarginsRelativeArrangement": .bool(false), "isBaselineRelativeArrangement": .bool(false),
        "arrangedSubviews": .nilValue, "subviews": .nilValue,
    ]

    /// The interpreter's `.zero` values, for the insets kept.
    let zeros: GeometryZeros

    init(arrangedSubviews: [Value], zeros: GeometryZeros) {
        var properties = Self.defaults.values
        properties[Key.arrangedSubviews] = .array(arrangedSubviews)
        properties[Key.subviews] = .array(arrangedSubviews)
        self.zeros = zeros
        super.init("UIStackView", frame: zeros.rect, properties: properties)
        refusedUntilSet.insert(Key.layoutMargins)
    }

    override func setMember(id: HostMemberID, _ value: Value) throws -> Bool {
        guard id == Key.layoutMargins else { return try super.setMember(id: id, value) }
        // UIEdgeInsets only, as every view's insets are kept.
        properties[id] = try UIKitDefaults.edgeInsets(value, id.name, zeros)
        refusedUntilSet.remove(id)
        return true
    }

    override func callMethod(id: HostMemberID, _ arguments: [Value]) throws -> Value? {
        guard id == Call.addArrangedSubview else { return try super.callMethod(id: id, arguments) }
        for key in [Key.arrangedSubviews, Key.subviews] {
            guard case .array(var views)? = properties[key] else { continue }
            views.append(arguments[0])
            properties[key] = .array(views)
        }
        return .void
    }
}
