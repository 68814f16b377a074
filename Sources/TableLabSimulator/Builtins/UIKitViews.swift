// UIKit's views and controls made in code (`UISwitch()`, `UIButton(type:)`, `UIView()`,
// `UIImageView(image:)`, `UIBarButtonItem(...)`, gesture recognizers): objects with
// UIKit's properties and their defaults, target/action pairs recorded as UIKit keeps them,
// and every other member an error that names it (never a silent no-op).

import TableLabSyntax
import TableLabInterpreter

/// A UIKit object with a fixed set of properties (UIKit's defaults until the script sets
/// them). Reading, writing or calling anything else is "X.y is not simulated in TableLab".
class UIKitObject: NativeObject {
    let className: String
    var properties: [String: Value]
    /// Properties a script may set whose UIKit default TableLab does not know (a view's
    /// inherited `tintColor`): reading one before it is set is an error that names it.
    var refusedUntilSet: Set<String>

    init(_ className: String, properties: [String: Value], refusedUntilSet: Set<String> = []) {
        self.className = className
        self.properties = properties
        self.refusedUntilSet = refusedUntilSet
    }

    override var typeName: String { className }

    override func member(id: HostMemberID) throws -> Value? {
        let name = id.name
        if let value = properties[name] { return value }
        if refusedUntilSet.contains(name) {
            throw Interpreter.unsetValueError(UIKitMessage.defaultNotSimulated("\(className).\(name)"))
        }
        if UIKitCatalogue.surelyLacks(className, name) { return nil }
        throw Interpreter.runtimeError(UIKitMessage.notSimulated("\(className).\(name)"))
    }

    override func setMember(id: HostMemberID, _ value: Value) throws -> Bool {
        let name = id.name
        if refusedUntilSet.remove(name) != nil {
            properties[name] = value
            return true
        }
        guard let current = properties[name] else {
            throw Interpreter.runtimeError(UIKitMessage.notSimulated("\(className).\(name)"))
        }
        // A CGFloat property given an integer literal holds a CGFloat, as in Swift.
        if case .double = current, case .int(let i) = value {
            properties[name] = .double(Double(i))
        } else if let e = try UIKitValue.storedEnumCase(value, replacing: current) {
            properties[name] = e
        } else {
            properties[name] = value
        }
        return true
    }

    override func callMethod(id: HostMemberID, _ arguments: [Value]) throws -> Value? {
        let fullName = id.name
        if UIKitCatalogue.surelyLacks(className, fullName) { return nil }
        throw Interpreter.runtimeError(UIKitMessage.notSimulated("\(className).\(fullName)"))
    }

    override var textDescription: String { "<\(className)>" }

    /// A Bool argument or property value (`isOn`, `animated`).
    static func bool(_ value: Value, _ what: String) throws -> Bool {
        if case .bool(let b) = value { return b }
        if case .wrapped(let inner) = value { return try bool(inner, what) }
        throw Interpreter.runtimeError(UIKitMessage.cannotConvertUntypedValueFor(to: "Bool", what: what))
    }
}

/// A UIView made in code (`UIView()`, `UIView(frame:)`) and the view part of every control.
class ViewObject: UIKitObject, ConstrainedView {
    var layoutConstraints: [LayoutConstraintObject] = []
    /// UIView's properties that scripts set and read back, with UIKit's defaults.
    static func viewProperties(frame: Value) -> [String: Value] {
        [
            "frame": frame, "bounds": frame, "backgroundColor": .nilValue, "tag": .int(0), "isHidden": .bool(false),
            "alpha": .double(1), "isUserInteractionEnabled": .bool(true),
            "translatesAutoresizingMaskIntoConstraints": .bool(true), "clipsToBounds": .bool(false),
            "contentMode": UIKitValue.enumValue("UIView.ContentMode", "scaleToFill"), "layer": .object(LayerObject()),
            "subviews": .array([]),
            "accessibilityIdentifier": .nilValue, "accessibilityLabel": .nilValue, "isOpaque": .bool(true),
            "gestureRecognizers": .nilValue,
        ]
    }

    init(_ className: String, frame: Value, properties: [String: Value] = [:]) {
        // tintColor is never nil: a view inherits its superview's, the window's, the app's.
        super.init(className, properties: Self.viewProperties(frame: frame).merging(properties) { $1 },
                   refusedUntilSet: ["tintColor"])
    }

    override func member(id: HostMemberID) throws -> Value? {
        let name = id.name
        // A stored property is answered here: UIKitObject's read would hash the name again.
        if let value = properties[name] { return value }
        // Anchors and layout guides: constraints are recorded, a table draws no layout.
        if let anchor = LayoutMembers.member(name, of: self) { return anchor }
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
            guard case .array(var subviews)? = properties["subviews"] else { return .void }
            // A view added again moves to the front (UIKit keeps one place per subview).
            subviews.removeAll { CellViews.sameView($0, arguments[0]) }
            subviews.append(arguments[0])
            properties["subviews"] = .array(subviews)
            return .void
        case .viewWithTag?:
            return try ViewTags.view(withTag: arguments[0], in: self)
        case .addGestureRecognizer?:
            var recognizers: [Value] = []
            if case .wrapped(.array(let list))? = properties["gestureRecognizers"] { recognizers = list.values }
            recognizers.append(arguments[0])
            properties["gestureRecognizers"] = .wrapped(.array(recognizers))
            return .void
        case .layoutIfNeeded?, .setNeedsLayout?, .sizeToFit?, .setNeedsDisplay?, .layoutSubviews?:
            // Layout has no effect a table shows: the frames the script set stay as they are.
            return .void
        case .initFrame?:
            // A script's UIView subclass reaching UIKit's designated initializer.
            properties["frame"] = arguments[0]
            properties["bounds"] = arguments[0]
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
    static func labelProperties() -> ViewObject {
        ViewObject("UILabel", frame: UIKitBuiltins.zeroRect, properties: [
            "font": .object(FontObject(source: "systemFont", pointSize: 17, weight: "regular", isSystem: true)),
            "numberOfLines": .int(1), "lineBreakMode": .string("byTruncatingTail"), "adjustsFontSizeToFitWidth": .bool(false),
            "minimumScaleFactor": .double(0), "attributedText": .nilValue, "highlightedTextColor": .nilValue,
            "isUserInteractionEnabled": .bool(false), "adjustsFontForContentSizeCategory": .bool(false),
            "preferredMaxLayoutWidth": .double(0), "isEnabled": .bool(true),
        ])
    }
}

extension ViewObject {
    /// A UIScrollView made in code: a container of subviews with UIScrollView's scrolling
    /// properties at UIKit's documented defaults (no content size, offset or inset; scrolls,
    /// bounces, shows both indicators). TableLab draws no scrolling: the views inside are
    /// what a screen shows.
    static func scrollView(_ interpreter: Interpreter, frame: Value) -> ViewObject {
        let zeroSize = interpreter.makeStruct("CGSize", ["width": .double(0), "height": .double(0)]) ?? .nilValue
        let zeroPoint = interpreter.makeStruct("CGPoint", ["x": .double(0), "y": .double(0)]) ?? .nilValue
        return ViewObject("UIScrollView", frame: frame, properties: [
            "contentSize": zeroSize, "contentOffset": zeroPoint, "contentInset": UIKitDefaults.zeroInsets,
            "isScrollEnabled": .bool(true), "isPagingEnabled": .bool(false), "bounces": .bool(true),
            "alwaysBounceVertical": .bool(false), "alwaysBounceHorizontal": .bool(false),
            "showsVerticalScrollIndicator": .bool(true), "showsHorizontalScrollIndicator": .bool(true),
            "delegate": .nilValue,
        ])
    }
}

/// A view's `layer`: the properties real code sets for rounded corners and borders.
final class LayerObject: UIKitObject {
    init() {
        super.init("CALayer", properties: [
            "cornerRadius": .double(0), "borderWidth": .double(0), "borderColor": .nilValue,
            "masksToBounds": .bool(false), "shadowOpacity": .double(0), "shadowRadius": .double(3),
        ], refusedUntilSet: ["shadowColor", "shadowOffset", "maskedCorners"])
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

    init(_ className: String, host: UIKitHost, frame: Value, properties: [String: Value] = [:]) {
        self.host = host
        super.init(className, frame: frame, properties: ["isEnabled": .bool(true), "isSelected": .bool(false),
                                                           "isHighlighted": .bool(false)].merging(properties) { $1 })
    }

    private func flag(_ name: String) -> Bool {
        if case .bool(let b)? = properties[name] { return b }
        return false
    }

    /// UIControl's `state`, from its flags.
    var currentState: UInt {
        ControlState.current(isHighlighted: flag("isHighlighted"), isEnabled: flag("isEnabled"), isSelected: flag("isSelected"))
    }

    override func member(id: HostMemberID) throws -> Value? {
        let name = id.name
        guard name == "state" else { return try super.member(id: id) }
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

    override func callMethod(id: HostMemberID, _ arguments: [Value]) throws -> Value? {
        let fullName = id.name
        switch fullName {
        case "addTarget(_:action:for:)":
            let action = try host.selector(arguments[1], target: arguments[0])
            for event in try events(arguments[2], fullName) where !actions.contains(where: {
                $0.event == event && $0.action.reference == action.reference && CellViews.sameView($0.target, arguments[0])
            }) {
                actions.append(TargetAction(target: arguments[0], action: action, event: event))
            }
            return .void
        case "removeTarget(_:action:for:)":
            let events = try events(arguments[2], fullName)
            let target = CellObject.unwrapped(arguments[0])
            actions.removeAll { events.contains($0.event) && (target == nil || CellObject.unwrapped($0.target) == target) }
            return .void
        case "sendActions(for:)":
            for event in try events(arguments[0], fullName) { try sendActions(for: event) }
            return .void
        default:
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
    init(host: UIKitHost, frame: Value) {
        super.init("UISwitch", host: host, frame: frame, properties: [
            "isOn": .bool(false), "onTintColor": .nilValue, "thumbTintColor": .nilValue,
        ])
    }

    var isOn: Bool {
        get { if case .bool(let b)? = properties["isOn"] { return b }; return false }
        set { properties["isOn"] = .bool(newValue) }
    }

    override func setMember(id: HostMemberID, _ value: Value) throws -> Bool {
        let name = id.name
        if name == "isOn" { isOn = try Self.bool(value, "isOn"); return true }
        return try super.setMember(id: id, value)
    }

    override func callMethod(id: HostMemberID, _ arguments: [Value]) throws -> Value? {
        let fullName = id.name
        if fullName == "setOn(_:animated:)" {
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
    init(host: UIKitHost, frame: Value) {
        super.init("UIRefreshControl", host: host, frame: frame, properties: [
            "isRefreshing": .bool(false), "attributedTitle": .nilValue,
        ])
    }

    var isRefreshing: Bool {
        get { if case .bool(let b)? = properties["isRefreshing"] { return b }; return false }
        set { properties["isRefreshing"] = .bool(newValue) }
    }

    /// The title under the spinner (`attributedTitle`), nil when there is none.
    var title: String? {
        guard let value = properties["attributedTitle"], let inner = CellObject.unwrapped(value) else { return nil }
        if case .object(let o) = inner, let text = try? o.member("string") { return UIKitBuiltins.optionalText(text) }
        return nil
    }

    override func setMember(id: HostMemberID, _ value: Value) throws -> Bool {
        let name = id.name
        // A get-only property in UIKit: swiftc refuses the assignment.
        if name == "isRefreshing" { throw Interpreter.runtimeError(UIKitMessage.getOnlyProperty("isRefreshing")) }
        return try super.setMember(id: id, value)
    }

    override func callMethod(id: HostMemberID, _ arguments: [Value]) throws -> Value? {
        let fullName = id.name
        switch fullName {
        case "beginRefreshing()": isRefreshing = true; return .void
        case "endRefreshing()": isRefreshing = false; return .void
        default: return try super.callMethod(id: id, arguments)
        }
    }

    /// The refresh control a pull on `scrollView` starts (a table view's `refreshControl`
    /// or one added as its subview; a collection view's `refreshControl`), nil for none.
    static func held(by scrollView: NativeObject) -> RefreshControlObject? {
        if let table = scrollView as? TableViewObject { return table.pullToRefreshControl }
        guard let value = try? scrollView.member("refreshControl"),
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

    init(host: UIKitHost, type: String, frame: Value) {
        super.init("UIButton", host: host, frame: frame, properties: [
            // UIKit makes the button's label and image view on first use: never nil when read.
            "buttonType": .string(type), "titleLabel": .wrapped(.object(ViewObject.labelProperties())),
            "imageView": .wrapped(.object(ImageViewObject(image: .nilValue, frame: UIKitBuiltins.zeroRect))),
            "configuration": .nilValue,
        ])
    }

    private func state(_ value: Value, _ method: String) throws -> UInt {
        try ControlState.state(value, in: method) { [host] in host.interpreter.typeName(of: $0) }
    }

    override func callMethod(id: HostMemberID, _ arguments: [Value]) throws -> Value? {
        let fullName = id.name
        switch fullName {
        case "setTitle(_:for:)": titles[try state(arguments[1], fullName)] = arguments[0]
        case "setImage(_:for:)": images[try state(arguments[1], fullName)] = arguments[0]
        case "setTitleColor(_:for:)": titleColors[try state(arguments[1], fullName)] = arguments[0]
        case "title(for:)": return ControlState.lookup(titles, try state(arguments[0], fullName))
        case "image(for:)": return ControlState.lookup(images, try state(arguments[0], fullName))
        case "titleColor(for:)": return try titleColor(for: try state(arguments[0], fullName))
        default: return try super.callMethod(id: id, arguments)
        }
        return .void
    }

    /// The colour set for `state` (else the normal state's); with none set, a system
    /// button's normal title is drawn in its tint, the colour UIKit answers: the button's
    /// `tintColor` once the script sets it. An inherited tint (the window's, the app's) and
    /// the other states' and types' defaults are not simulated: reading one is an error.
    private func titleColor(for state: UInt) throws -> Value {
        if let color = titleColors[state] ?? titleColors[0] { return color }
        if state == 0, case .string("system")? = properties["buttonType"], !refusedUntilSet.contains("tintColor"),
           let tint = properties["tintColor"], let color = CellObject.unwrapped(tint) {
            return .wrapped(color)
        }
        let kind = properties["buttonType"].flatMap(UIKitValue.caseName) ?? "custom"
        throw Interpreter.unsetValueError(UIKitMessage.defaultNotSimulated(
            "UIButton.titleColor(for: \(ControlState.written(state))) of a .\(kind) button"
                + (state == 0 && kind == "system" ? " (its tintColor, inherited while the button's own is not set)" : "")))
    }

    override func member(id: HostMemberID) throws -> Value? {
        let name = id.name
        switch name {
        case "currentTitle": return ControlState.lookup(titles, currentState)
        case "currentImage": return ControlState.lookup(images, currentState)
        default: return try super.member(id: id)
        }
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
        guard let configuration = properties["configuration"].flatMap(CellObject.unwrapped),
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
    init(image: Value, frame: Value) {
        // UIImageView, unlike UIView, ignores touches unless told otherwise.
        super.init("UIImageView", frame: frame, properties: ["image": image, "highlightedImage": .nilValue,
                                                            "isUserInteractionEnabled": .bool(false)])
    }
    override var textDescription: String {
        if case .object(let image as ImageObject) = CellObject.unwrapped(properties["image"] ?? .nilValue) ?? .void {
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

    init(host: UIKitHost, title: Value, systemItem: String?, image: Value, target: Value, action: Value) throws {
        self.host = host
        super.init("UIBarButtonItem", properties: [
            "title": title, "image": image, "isEnabled": .bool(true), "tintColor": .nilValue, "tag": .int(0),
            "style": .string("plain"), "target": target, "action": action,
        ])
        self.systemItem = systemItem
        if CellObject.unwrapped(action) != nil {
            self.action = TargetAction(target: target, action: try host.selector(action, target: target), event: "")
        }
    }

    var systemItem: String?

    override var textDescription: String {
        if let systemItem { return "<UIBarButtonItem .\(systemItem)>" }
        let title = UIKitBuiltins.optionalText(properties["title"] ?? .nilValue)
        return "<UIBarButtonItem\(title.map { " " + TableEffect.quoted($0) } ?? "")>"
    }
}

/// `UITapGestureRecognizer(target:action:)` and its kin: one target/action pair.
final class GestureRecognizerObject: UIKitObject {
    var actions: [TargetAction] = []
    unowned let host: UIKitHost

    init(_ className: String, host: UIKitHost, target: Value, action: Value) throws {
        self.host = host
        super.init(className, properties: [
            "isEnabled": .bool(true), "cancelsTouchesInView": .bool(true), "numberOfTapsRequired": .int(1),
            "view": .nilValue, "delegate": .nilValue,
        ])
        if CellObject.unwrapped(action) != nil {
            actions.append(TargetAction(target: target, action: try host.selector(action, target: target), event: ""))
        }
    }

    override func callMethod(id: HostMemberID, _ arguments: [Value]) throws -> Value? {
        let fullName = id.name
        if fullName == "addTarget(_:action:)" {
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

    override func member(id: HostMemberID) throws -> Value? {
        let member = id.name
        if let value = members[member] { return value() }
        throw Interpreter.runtimeError(UIKitMessage.notSimulated("\(name).\(member)"))
    }

    /// A call through a member path (`UIApplication.shared.open(...)`) writes the member
    /// back: the same object is accepted, anything else is a get-only property.
    override func setMember(id: HostMemberID, _ value: Value) throws -> Bool {
        let member = id.name
        guard let current = members[member]?() else {
            throw Interpreter.runtimeError(UIKitMessage.notSimulated("\(name).\(member)"))
        }
        if case .object(let a) = current, case .object(let b) = value, a === b { return true }
        throw Interpreter.runtimeError(UIKitMessage.getOnlyProperty(member))
    }

    override func callMethod(id: HostMemberID, _ arguments: [Value]) throws -> Value? {
        let fullName = id.name
        if let method = methods[fullName] { return try method(arguments) }
        if let result = try methodFamily?(fullName, arguments) { return result }
        throw Interpreter.runtimeError(UIKitMessage.notSimulated("\(name).\(fullName)"))
    }
}

/// `UIStackView`: its arranged subviews are its subviews, in order (a header view shows
/// their labels); axis, spacing, alignment and distribution are stored with UIKit's
/// defaults (horizontal, 0, fill, fill), as a table draws no stack layout.
final class StackViewObject: ViewObject {
    init(arrangedSubviews: [Value]) {
        super.init("UIStackView", frame: UIKitBuiltins.zeroRect, properties: [
            "axis": UIKitValue.enumValue("NSLayoutConstraint.Axis", "horizontal"), "spacing": .double(0),
            "alignment": UIKitValue.enumValue("UIStackView.Alignment", "fill"),
            "distribution": UIKitValue.enumValue("UIStackView.Distribution", "fill"),
            "isLayoutMarginsRelativeArrangement": .bool(false), "isBaselineRelativeArrangement": .bool(false),
            "arrangedSubviews": .array(arrangedSubviews), "subviews": .array(arrangedSubviews),
        ])
        refusedUntilSet.insert("layoutMargins")
    }

    override func setMember(id: HostMemberID, _ value: Value) throws -> Bool {
        let name = id.name
        switch name {
        case "layoutMargins":
            properties[name] = try UIKitDefaults.stored(value, for: name, [:])
            refusedUntilSet.remove(name)
            return true
        default:
            return try super.setMember(id: id, value)
        }
    }

    override func callMethod(id: HostMemberID, _ arguments: [Value]) throws -> Value? {
        let fullName = id.name
        switch fullName {
        case "addArrangedSubview(_:)":
            for key in ["arrangedSubviews", "subviews"] {
                guard case .array(var views)? = properties[key] else { continue }
                views.append(arguments[0])
                properties[key] = .array(views)
            }
            return .void
        default:
            return try super.callMethod(id: id, arguments)
        }
    }
}
