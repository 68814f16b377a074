// A view controller's outlets, connected as UIKit connects them when a storyboard scene
// loads: each `<outlet property=... destination=...>` of the controller, in document
// order, through the property's setter (`setValue(_:forKey:)`, so `didSet` runs), before
// viewDidLoad. A table view gets its own table (its style, prototypes, and the data source
// and delegate the storyboard connects); a label, button, text field, image view or switch
// starts as the storyboard draws it. An outlet the class does not declare is UIKit's
// NSUnknownKeyException.

import TableLabSyntax
import TableLabInterpreter

extension TableSimulator {
    /// Kept until a storyboard scene connects outlets: what Objective-C sees of the unit's
    /// classes is worked out then, not for every unit run (most connect no outlet).
    func noteUnitForObjCExposure(_ unit: SourceUnit) {
        unitsForObjCExposure.append(unit)
    }

    /// The stored properties Objective-C cannot see, by class; a later unit's classes
    /// replace what earlier units said of the same names.
    func unexposedStoredProperties() -> [String: Set<String>] {
        for unit in unitsForObjCExposure {
            unexposedProperties.merge(SelectorExposure.unexposedStoredProperties(unit)) { _, new in new }
        }
        unitsForObjCExposure = []
        return unexposedProperties
    }

    /// UIViewController's own properties that a scene may connect (not the script's).
    static let viewControllerOwnOutlets: Set<String> = ["view", "searchDisplayController"]

    /// Connects the outlets of `vc`'s storyboard scene; false when no storyboard loaded
    /// has a scene of its class (the outlets are then connected by their types).
    func connectSceneOutlets(_ vc: ViewControllerObject, value: Value) throws -> Bool {
        guard let scene = storyboardScene(forClass: vc.scriptTypeName) else { return false }
        let declared = Set(interpreter.storedProperties(of: value).map(\.name))
        for connection in scene.connections {
            let key = connection.property
            guard declared.contains(key) else {
                if Self.viewControllerOwnOutlets.contains(key) { continue }
                if key == "tableView", vc.hostClass == "UITableViewController" { continue }
                throw Interpreter.runtimeError(UIKitMessage.unknownOutletKey(className: vc.scriptTypeName, key: key))
            }
            if unexposedStoredProperties()[vc.scriptTypeName]?.contains(key) == true {
                throw Interpreter.runtimeError(UIKitMessage.unexposedOutletKey(className: vc.scriptTypeName, key: key))
            }
            let object: Value
            if let table = scene.tables.first(where: { $0.id == connection.destination }) {
                // UIKit makes the script's own UITableView subclass there; TableLab's table
                // view is UIKit's, which would fail `as? Subclass` and lack its members.
                if let custom = table.customClass {
                    throw Interpreter.runtimeError(UIKitMessage.customTableViewClass(custom))
                }
                object = .object(sceneTableView(table, scene: scene, of: vc))
            } else if let view = scene.views[connection.destination] {
                object = .wrapped(.object(sceneViewObject(view, of: vc)))
            } else {
                continue
            }
            _ = try interpreter.connectOutlet(key, of: value, to: object)
        }
        return true
    }

    /// The table view of a scene's table (one object per table of the screen): the first
    /// made is the one `:show` draws unless the script's properties say otherwise.
    func sceneTableView(_ table: Storyboard.Table, scene: Storyboard.Controller, of vc: ViewControllerObject) -> TableViewObject {
        if let t = vc.sceneTables[table.id] { return t }
        let t = TableViewObject(simulator: self)
        t.owner = vc
        adoptStoryboard(t, table: table, of: vc)
        if let value = vc.value {
            if table.dataSource == scene.id { t.dataSource = value }
            if table.delegate == scene.id { t.delegate = value }
        }
        vc.sceneTables[table.id] = t
        if vc.ownTableView == nil { vc.ownTableView = t }
        return t
    }

    /// A view as the storyboard makes it, with the tag Interface Builder gave it.
    func sceneView(_ view: Storyboard.View) -> NativeObject {
        let object = sceneViewOfElement(view)
        if view.tag != 0 { _ = try? object.setMember(id: UIKitObject.Key.tag, .int(view.tag)) }
        return object
    }

    private func sceneViewOfElement(_ view: Storyboard.View) -> NativeObject {
        let frame = zeros.rect
        switch view.element {
        case "label":
            let label = LabelObject(describeType: typeName, zeros: zeros)
            label.snapshot.text = view.text
            if let color = view.textColor { label.snapshot.colorName = ColorObject.name(of: color) }
            return label
        case "imageView":
            return ImageViewObject(image: view.image.map { .wrapped(.object(ImageObject(name: $0, isSystem: false))) } ?? .nilValue,
                                   frame: frame)
        case "switch" where uikitHost != nil:
            let control = SwitchObject(host: uikitHost!, frame: frame)
            control.isOn = view.isOn
            return control
        case "button" where uikitHost != nil:
            let button = ButtonObject(host: uikitHost!, type: "system", frame: frame)
            if let title = view.text { button.titles[0] = .wrapped(.string(title)) }
            return button
        case "textField" where uikitHost != nil:
            return TextFieldObject(host: uikitHost!, frame: frame, text: view.text, placeholder: view.placeholder)
        case "collectionView" where view.collection != nil:
            return storyboardCollectionView(view.collection!)
        case "progressView":
            return ProgressViewObject(frame: frame, progress: view.progress ?? 0)
        case "textView", "searchBar":
            // Code sets their delegate; the file may connect one too, which TableLab does not
            // read, so reading it before the script sets it is refused.
            let object = ViewObject(view.customClass ?? Self.uikitClassName(ofElement: view.element), frame: frame)
            object.refusedUntilSet.insert(UIKitObject.Key.delegate)
            return object
        default:
            return ViewObject(view.customClass ?? Self.uikitClassName(ofElement: view.element), frame: frame)
        }
    }

    /// UIKit's class for an Interface Builder element name (`stackView` → `UIStackView`).
    static func uikitClassName(ofElement element: String) -> String {
        switch element {
        case "view": return "UIView"
        case "webView", "wkWebView": return "WKWebView"
        case "mapView": return "MKMapView"
        default:
            guard let first = element.first else { return "UIView" }
            return "UI" + first.uppercased() + element.dropFirst()
        }
    }
}

/// A `UITextField` from a storyboard: its text (UIKit's default is the empty string, not
/// nil), placeholder and the properties real code sets; anything else is "not simulated".
final class TextFieldObject: ControlObject {
    /// The text and placeholder are each field's own, set over these.
    private static let defaults: ConstantProperties = [
        "text": .nilValue, "placeholder": .nilValue,
        "textColor": .nilValue, "textAlignment": .string("natural"), "font": .nilValue,
        "borderStyle": .string("roundedRect"), "keyboardType": .string("default"),
        "returnKeyType": .string("default"), "isSecureTextEntry": .bool(false), "clearButtonMode": .string("never"),
        "delegate": .nilValue, "autocorrectionType": .string("default"),
        "autocapitalizationType": .string("sentences"), "attributedPlaceholder": .nilValue,
    ]

    init(host: UIKitHost, frame: Value, text: String?, placeholder: String?) {
        var properties = Self.defaults.values
        properties[Key.text] = .wrapped(.string(text ?? ""))
        properties[Key.placeholder] = placeholder.map { .wrapped(.string($0)) } ?? .nilValue
        super.init("UITextField", host: host, frame: frame, properties: properties)
    }

    override func setMember(id: HostMemberID, _ value: Value) throws -> Bool {
        // UIKit: setting `text` to nil leaves the empty string.
        if id == Key.text, case .nilValue = value.unboxedOptional { properties[Key.text] = .wrapped(.string("")); return true }
        // UIKit: an attributed placeholder sets `placeholder` to its string.
        if id == Key.attributedPlaceholder {
            if case .object(let a as AttributedStringObject)? = CellObject.unwrapped(value) {
                properties[Key.placeholder] = .wrapped(.string(a.string))
            } else {
                properties[Key.placeholder] = .nilValue
            }
        }
        return try super.setMember(id: id, value)
    }

    /// The placeholder shown: the attributed placeholder's string, else `placeholder`.
    var placeholderText: String? {
        if case .object(let a as AttributedStringObject)? = CellObject.unwrapped(properties[Key.attributedPlaceholder] ?? .nilValue) {
            return a.string
        }
        return UIKitBuiltins.optionalText(properties[Key.placeholder] ?? .nilValue)
    }

    override func callMethod(id: HostMemberID, _ arguments: [Value]) throws -> Value? {
        if id == Call.becomeFirstResponder || id == Call.resignFirstResponder { return .bool(true) }
        return try super.callMethod(id: id, arguments)
    }

    override var textDescription: String { "<UITextField>" }
}
