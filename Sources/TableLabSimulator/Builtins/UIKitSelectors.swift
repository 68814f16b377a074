// `#selector(...)` values and UIKit's target/action: which method of the target a
// selector names, and sending it (a UISwitch toggled with `:toggle`, a notification).
//
// swiftc on Linux refuses `#selector` ("can only be used with the Objective-C runtime"),
// so this follows Apple's documentation: a selector prints as its Objective-C name
// (`tap`, `tap:`, `tapWithSender:`), which Swift derives from the method's full name.

import TableLabSyntax
import TableLabInterpreter

/// `#selector(reference)`: the reference as written (`tap(_:)`, `Type.tap(sender:)`, `tap`).
final class SelectorObject: NativeObject {
    /// As written, without spaces: `tap(_:)`, `SettingsViewController.tap(sender:)`, `tap`.
    let reference: String
    /// `tap`: the reference without its type and its labels.
    let baseName: String
    /// The argument labels written (`_` as nil); nil for a bare name (`#selector(tap)`).
    let labels: [String?]?
    /// For a bare name, the full name of the method it was found to mean (when resolved).
    var resolvedFullName: String?
    /// The type written before the name (`SettingsViewController` of `SettingsViewController.tap`).
    let typePrefix: String?
    /// Full names of the methods a bare name may mean, given the type written or nil (the
    /// table being driven, the `:use` table): set by the host that made the selector.
    var candidates: ((_ base: String, _ type: String?) -> [String])?

    /// `#selector(getter: Type.property)`, `#selector(setter: property)`: the Objective-C
    /// accessor of a property rather than a method.
    enum Accessor { case getter, setter }
    let accessor: Accessor?

    init(reference: String) {
        self.reference = reference
        var name = Substring(reference)
        if name.hasPrefix("getter:") {
            accessor = .getter
            name = name.dropFirst("getter:".count)
        } else if name.hasPrefix("setter:") {
            accessor = .setter
            name = name.dropFirst("setter:".count)
        } else {
            accessor = nil
        }
        var labels: [String?]? = nil
        if let open = name.firstIndex(of: "("), name.hasSuffix(")") {
            let inside = name[name.index(after: open)..<name.index(before: name.endIndex)]
            labels = inside.split(separator: ":", omittingEmptySubsequences: true).map { $0 == "_" ? nil : String($0) }
            name = name[..<open]
        }
        if let dot = name.lastIndex(of: ".") {
            typePrefix = String(name[..<dot])
            name = name[name.index(after: dot)...]
        } else {
            typePrefix = nil
        }
        baseName = String(name)
        self.labels = labels
    }

    /// `tap(_:)` from the labels written, or the resolved full name, or the bare name.
    var fullName: String? {
        if let labels { return baseName + "(" + labels.map { ($0 ?? "_") + ":" }.joined() + ")" }
        return resolvedFullName
    }

    /// The Objective-C selector Swift gives a method of this full name (Apple's rules:
    /// `tap()` is `tap`, `tap(_:)` is `tap:`, `tap(sender:)` is `tapWithSender:`,
    /// `tableView(_:didSelectRowAt:)` is `tableView:didSelectRowAt:`).
    static func objectiveCName(base: String, labels: [String?]) -> String {
        guard let first = labels.first else { return base }
        var name = base
        if let label = first {
            name += "With" + label.prefix(1).uppercased() + label.dropFirst()
        }
        name += ":"
        for label in labels.dropFirst() { name += (label ?? "") + ":" }
        return name
    }

    /// Labels of a full name `tap(_:sender:)`.
    static func labels(ofFullName fullName: String) -> [String?] {
        guard let open = fullName.firstIndex(of: "(") else { return [] }
        return fullName[fullName.index(after: open)...].dropLast().split(separator: ":", omittingEmptySubsequences: true)
            .map { $0 == "_" ? nil : String($0) }
    }

    override var typeName: String { "Selector" }

    override var textDescription: String {
        // A property's Objective-C accessors: `isOn` and `setIsOn:` (Apple's naming of
        // an @objc property's getter and setter).
        switch accessor {
        case .getter?: return baseName
        case .setter?: return "set" + baseName.prefix(1).uppercased() + baseName.dropFirst() + ":"
        case nil: break
        }
        if let labels { return Self.objectiveCName(base: baseName, labels: labels) }
        let fullName = resolvedFullName ?? candidates.flatMap { found in
            let names = found(baseName, typePrefix)
            return names.count == 1 ? names[0] : nil
        }
        if let fullName { return Self.objectiveCName(base: baseName, labels: Self.labels(ofFullName: fullName)) }
        return baseName
    }

    enum Member: Int, CaseIterable, Sendable {
        case description
        static let names = ["description"]
        static let table = HostMemberTable(names)
    }
    override func member(id: HostMemberID) throws -> Value? {
        if Member(rawValue: Member.table[id]) == .description { return .string(textDescription) }
        throw Interpreter.runtimeError(UIKitMessage.notSimulated("Selector.\(id.name)"))
    }
}

/// What UIKit's objects need from the simulator: making selectors, sending actions to
/// targets, naming targets in `:cell` and effects.
final class UIKitHost {
    unowned let interpreter: Interpreter
    unowned let simulator: TableSimulator
    /// NotificationCenter.default's observers, in the order they were added.
    var observers: [NotificationObserver] = []
    /// `OperationQueue.main`, once a script names a notification (NotificationBuiltins).
    var mainOperationQueue: OperationQueueObject?
    /// The alert presented last and not yet dismissed (`:alert TITLE` taps its buttons).
    var presentedAlert: AlertControllerObject?
    /// The app's access to Contacts, made at the first `import Contacts` (ContactsObjects.swift).
    var contactsAccess: ContactsAccess?

    init(interpreter: Interpreter, simulator: TableSimulator) {
        self.interpreter = interpreter
        self.simulator = simulator
    }

    /// `#selector(reference)`: a bare name prints as the one method of that base name of
    /// the type written, else of the table being driven or stood in.
    func makeSelector(_ reference: String) throws -> SelectorObject {
        let selector = SelectorObject(reference: reference)
        if selector.typePrefix == nil, simulator.activeTableName == nil, interpreter.currentTableName == nil,
           let function = interpreter.scriptFunctionNames(base: selector.baseName).first(where: { selector.fullName == nil || $0 == selector.fullName }) {
            // Outside any type: Swift's error for a global function (only methods are @objc).
            throw Interpreter.runtimeError(UIKitMessage.selectorGlobalFunction(function))
        }
        guard selector.labels == nil, selector.accessor == nil else { return selector }
        selector.candidates = { [unowned self] base, type in
            guard let type = type ?? self.simulator.activeTableName ?? self.interpreter.currentTableName else { return [] }
            return self.interpreter.methodNames(ofType: type).filter { $0.hasPrefix(base + "(") }
        }
        return selector
    }

    /// The selector argument of `addTarget(_:action:for:)` and its kin, checked against the
    /// target as swiftc checks `#selector` (a bare name resolved to the one method it names).
    func selector(_ value: Value, target: Value) throws -> SelectorObject {
        guard case .object(let selector as SelectorObject)? = CellObject.unwrapped(value) else {
            if case .string(let name)? = CellObject.unwrapped(value) {
                // `Selector("tap:")` spelt as a string, Swift 2 style: kept as written.
                return SelectorObject(reference: name)
            }
            throw Interpreter.runtimeError(UIKitMessage.cannotConvertArgument(type: simulator.typeName(value), to: "Selector"))
        }
        guard let targetValue = CellObject.unwrapped(target), interpreter.instanceTypeName(of: targetValue) != nil else {
            // nil target: UIKit searches the responder chain when the action is sent.
            return selector
        }
        _ = try method(of: selector, on: targetValue)
        return selector
    }

    /// The full name of the target's method that `selector` names.
    func method(of selector: SelectorObject, on target: Value) throws -> String {
        let typeName = interpreter.instanceTypeName(of: target) ?? simulator.typeName(target)
        let candidates = interpreter.instanceMethodNames(of: target, base: selector.baseName)
        if let fullName = selector.fullName, selector.labels != nil {
            guard candidates.contains(fullName) else {
                throw Interpreter.runtimeError(UIKitMessage.selectorNotFound(selector: selector.reference, target: typeName))
            }
            return fullName
        }
        switch candidates.count {
        case 0: throw Interpreter.runtimeError(UIKitMessage.selectorNotFound(selector: selector.reference, target: typeName))
        case 1:
            selector.resolvedFullName = candidates[0]
            return candidates[0]
        default: throw Interpreter.runtimeError(UIKitMessage.ambiguousSelector(selector.baseName))
        }
    }

    /// Sends `selector` to `target` as UIKit does: the method gets the sender when it takes
    /// one argument, nothing when it takes none (a second argument, the UIEvent, is nil).
    func send(_ selector: SelectorObject, to target: Value, sender: Value) throws {
        guard let targetValue = CellObject.unwrapped(target), interpreter.instanceTypeName(of: targetValue) != nil else {
            throw Interpreter.runtimeError(UIKitMessage.nilTargetAction)
        }
        let fullName = try method(of: selector, on: targetValue)
        let arguments: [Value]
        switch SelectorObject.labels(ofFullName: fullName).count {
        case 0: arguments = []
        case 1: arguments = [sender]
        default: arguments = [sender, .nilValue]
        }
        _ = try interpreter.callInstanceMethod(targetValue, fullName, arguments)
    }

    /// How `:cell` names a target: its type (`SettingsViewController`), or `nil`.
    func targetName(_ target: Value) -> String {
        guard let value = CellObject.unwrapped(target) else { return "nil" }
        return interpreter.instanceTypeName(of: value) ?? simulator.typeName(value)
    }
}
