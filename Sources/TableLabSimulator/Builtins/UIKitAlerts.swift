// UIAlertController with actions: `present` records the alert with its buttons (the
// `alert` effect), and `:alert TITLE` taps a button: the alert goes away and the
// action's handler runs with the action as its argument, as UIKit does.

import TableLabSyntax
import TableLabInterpreter

/// `UIAlertAction(title:style:handler:)`.
final class AlertActionObject: NativeObject {
    let title: String?
    let style: String
    let handler: Value
    var isEnabled = true

    init(title: String?, style: String, handler: Value) {
        self.title = title
        self.style = style
        self.handler = handler
    }

    override var typeName: String { "UIAlertAction" }
    override var textDescription: String { "<UIAlertAction \(title.map { TableEffect.quoted($0) } ?? "nil")>" }

    /// The members it answers, found by ID.
    enum Member: Int, CaseIterable, Sendable {
        case title, style, isEnabled
        /// Swift's names of the properties, in the order of the cases.
        static let names = ["title", "style", "isEnabled"]
        static let table = HostMemberTable(names)
    }

    override func member(id: HostMemberID) throws -> Value? {
        switch Member(rawValue: Member.table[id]) {
        case .title?: return title.map { .wrapped(.string($0)) } ?? Value.nilValue
        case .style?: return UIKitValue.enumValue("UIAlertAction.Style", style)
        case .isEnabled?: return .bool(isEnabled)
        case nil: throw Interpreter.runtimeError(UIKitMessage.notSimulated("UIAlertAction.\(id.name)"))
        }
    }

    override func setMember(id: HostMemberID, _ value: Value) throws -> Bool {
        guard Member(rawValue: Member.table[id]) == .isEnabled else {
            throw Interpreter.runtimeError(UIKitMessage.notSimulated("UIAlertAction.\(id.name)"))
        }
        isEnabled = try UIKitObject.bool(value, "isEnabled")
        return true
    }
}

/// `UIAlertController(title:message:preferredStyle:)` and its actions.
final class AlertControllerObject: NativeObject {
    var title: String?
    var message: String?
    let preferredStyle: String
    var actions: [AlertActionObject] = []
    /// Whether the `:device` is an iPad (regular width), where an action sheet is a popover.
    let isPad: () -> Bool
    /// The service a system permission alert asks access to ("Contacts"); nil for the app's own alert.
    var permissionService: String?

    init(title: String?, message: String?, preferredStyle: String, isPad: @escaping () -> Bool) {
        self.title = title
        self.message = message
        self.preferredStyle = preferredStyle
        self.isPad = isPad
    }

    override var typeName: String { "UIAlertController" }
    override var textDescription: String { "<UIAlertController \(TableEffect.quoted(title ?? ""))>" }

    var effect: TableEffect {
        if let permissionService {
            return .permissionAlert(service: permissionService, buttons: actions.map { AlertButton(title: $0.title, style: $0.style) })
        }
        return .alert(title: title, message: message, buttons: actions.map { AlertButton(title: $0.title, style: $0.style) })
    }

    /// The members it answers, found by ID.
    enum Member: Int, CaseIterable, Sendable {
        case title, message, preferredStyle, actions, popoverPresentationController
        /// Swift's names of the properties, in the order of the cases.
        static let names = ["title", "message", "preferredStyle", "actions", "popoverPresentationController"]
        static let table = HostMemberTable(names)
    }
    static let addActionID = HostMemberID("addAction(_:)")

    override func member(id: HostMemberID) throws -> Value? {
        switch Member(rawValue: Member.table[id]) {
        case .title?: return title.map { .wrapped(.string($0)) } ?? Value.nilValue
        case .message?: return message.map { .wrapped(.string($0)) } ?? Value.nilValue
        case .preferredStyle?: return UIKitValue.enumValue("UIAlertController.Style", preferredStyle)
        case .actions?: return .array(actions.map { .object($0) })
        // On an iPhone an alert has no popover (nil, so `?.sourceView = ...` does nothing);
        // an iPad's action-sheet popover is not simulated.
        case .popoverPresentationController? where !(isPad() && preferredStyle == "actionSheet"): return .nilValue
        default: throw Interpreter.runtimeError(UIKitMessage.notSimulated("UIAlertController.\(id.name)"))
        }
    }

    override func setMember(id: HostMemberID, _ value: Value) throws -> Bool {
        switch Member(rawValue: Member.table[id]) {
        case .title?: title = UIKitBuiltins.optionalText(value)
        case .message?: message = UIKitBuiltins.optionalText(value)
        default: throw Interpreter.runtimeError(UIKitMessage.notSimulated("UIAlertController.\(id.name)"))
        }
        return true
    }

    override func callMethod(id: HostMemberID, _ arguments: [Value]) throws -> Value? {
        guard id == Self.addActionID else {
            // Text fields are not simulated (named as UIKit declares it, whatever the spelling).
            let fullName = id.name
            let name = fullName.hasPrefix("addTextField(") ? "addTextField(configurationHandler:)" : fullName
            throw Interpreter.runtimeError(UIKitMessage.notSimulated("UIAlertController.\(name)"))
        }
        guard case .object(let action as AlertActionObject) = arguments[0] else {
            throw Interpreter.runtimeError(UIKitMessage.cannotConvertUntypedValue(to: "UIAlertAction"))
        }
        actions.append(action)
        return .void
    }
}

extension UIKitBuiltins {
    static func installAlerts(_ interpreter: Interpreter, _ simulator: TableSimulator, _ host: UIKitHost) {
        interpreter.registerNativeFunction("UIAlertController(title:message:preferredStyle:)") { [unowned simulator] arguments in
            .object(AlertControllerObject(title: optionalText(arguments[0]), message: optionalText(arguments[1]),
                                          preferredStyle: UIKitValue.caseName(arguments[2]) ?? "alert",
                                          isPad: { [unowned simulator] in simulator.screenWidth >= 768 }))
        }
        let action: ([Value]) throws -> Value = { arguments in
            .object(AlertActionObject(title: optionalText(arguments[0]), style: UIKitValue.caseName(arguments[1]) ?? "default",
                                      handler: arguments.count > 2 ? arguments[2] : .nilValue))
        }
        interpreter.registerNativeFunction("UIAlertAction(title:style:handler:)", action)
        // With the handler as a trailing closure.
        interpreter.registerNativeFunction("UIAlertAction(title:style:_:)", action)
        interpreter.registerNativeFunction("UIAlertAction(title:style:)", action)
    }

    /// `present(alert, animated:completion:)` of an alert: recorded with its buttons, kept
    /// as the alert on screen for `:alert`, then the completion runs. False for other values.
    static func presentAlert(_ arguments: [Value], _ interpreter: Interpreter, _ simulator: TableSimulator) throws -> Bool {
        guard case .object(let alert as AlertControllerObject) = arguments[0] else { return false }
        simulator.uikitHost?.presentedAlert = alert
        simulator.record(alert.effect)
        // The completion runs once the alert is on screen, after the presentation's
        // animation: after the code that presented it has returned, on the main queue.
        if arguments.count > 2, let completion = CellObject.unwrapped(arguments[2]), case .function = completion {
            try interpreter.enqueueOnMainQueue(after: 0, completion)
        }
        return true
    }
}

extension UIKitHost {
    /// `:alert TITLE`: taps the button titled `title` of the alert on screen. The alert is
    /// dismissed first, then the handler runs with the action (UIKit's order).
    func tapAlertButton(_ title: String) throws {
        guard let alert = presentedAlert else { throw Interpreter.runtimeError(UIKitMessage.noAlertPresented) }
        guard let action = alert.actions.first(where: { $0.title == title }) else {
            throw Interpreter.runtimeError(UIKitMessage.noSuchAlertButton(title: title, buttons: alert.actions.compactMap(\.title)))
        }
        presentedAlert = nil
        if case .function = CellObject.unwrapped(action.handler) ?? .void {
            _ = try interpreter.call(CellObject.unwrapped(action.handler) ?? .void, [.object(action)])
        }
    }

    /// `:toggle S R`: the cell's switch flips (the caller then sends its
    /// valueChanged actions, as a user's flip does).
    func flipSwitch(in cell: CellObject, at path: TableIndexPath) throws -> SwitchObject {
        // The accessoryView's switch, else the one switch of the cell's own views (an outlet,
        // one a storyboard prototype lays out, one code added to the content view).
        if case .object(let accessory as SwitchObject)? = CellObject.unwrapped((try? cell.member("accessoryView")) ?? .nilValue) {
            return try flip(accessory, at: path)
        }
        return try flip(oneSwitch(cell.ownViews(), at: path, hasAccessoryView: true), at: path)
    }

    /// `:toggle S I` on a collection view: the one switch among its cell's views (a
    /// collection view cell has no accessoryView).
    func flipSwitch(in cell: CollectionCellObject, at path: TableIndexPath) throws -> SwitchObject {
        try flip(oneSwitch(cell.ownViews(), at: path, hasAccessoryView: false), at: path)
    }

    private func oneSwitch(_ views: [NativeObject], at path: TableIndexPath, hasAccessoryView: Bool) throws -> SwitchObject {
        let switches = views.compactMap { $0 as? SwitchObject }
        guard switches.count == 1 else {
            throw Interpreter.runtimeError(switches.isEmpty ? UIKitMessage.noSwitchInCell(path.description, hasAccessoryView: hasAccessoryView)
                                                            : UIKitMessage.severalSwitchesInCell(path.description, switches.count,
                                                                                                 hasAccessoryView: hasAccessoryView))
        }
        return switches[0]
    }

    private func flip(_ control: SwitchObject, at path: TableIndexPath) throws -> SwitchObject {
        // A disabled switch does not respond to the finger.
        if case .bool(false)? = control.properties[UIKitObject.Key.isEnabled] {
            throw Interpreter.runtimeError(UIKitMessage.switchDisabled(path.description))
        }
        control.isOn.toggle()
        return control
    }
}
