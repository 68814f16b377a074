// UIKit's names for sections, styles and swipes: `UITableView(frame:style:)`,
// `UIContextualAction(style:title:handler:)`, `UISwipeActionsConfiguration(actions:)`,
// `UITableViewRowAction(style:title:handler:)`, the header-footer views, and the enum
// cases they take (`.plain`, `.insetGrouped`, `.normal`).

import TableLabSyntax
import TableLabInterpreter

/// `UIContextualAction(style:title:handler:)`: one button of a swipe configuration.
final class ContextualActionObject: NativeObject {
    /// `normal` or `destructive`.
    let style: String
    var title: String?
    let handler: Value
    var otherProperties: [String: Value] = [:]
    let describeType: (Value) -> String

    init(style: String, title: String?, handler: Value, describeType: @escaping (Value) -> String) {
        self.style = style
        self.title = title
        self.handler = handler
        self.describeType = describeType
    }

    static let otherPropertyNames = Set(UIKitDefaults.contextualAction.keys)

    override var typeName: String { "UIContextualAction" }

    override func member(id: HostMemberID) throws -> Value? {
        let name = id.name
        switch name {
        case "title": return title.map { .wrapped(.string($0)) } ?? Value.nilValue
        case "style": return UIKitValue.enumValue("UIContextualAction.Style", style)
        case "handler": return handler
        default:
            return try UIKitDefaults.read(typeName, name, stored: otherProperties[name], UIKitDefaults.contextualAction)
        }
    }

    override func setMember(id: HostMemberID, _ value: Value) throws -> Bool {
        let name = id.name
        switch name {
        case "title":
            guard let text = UIKitValue.string(value) else { throw UIKitValue.typeMismatch(value, "String?", describeType) }
            title = text
        case "style", "handler":
            throw Interpreter.runtimeError(UIKitMessage.getOnlyProperty(name))
        default:
            guard Self.otherPropertyNames.contains(name) else { return false }
            otherProperties[name] = value
        }
        return true
    }

    override var textDescription: String { "<UIContextualAction \(TableEffect.quoted(title ?? ""))>" }

    /// `Delete (destructive)`: as `:swipe` lists it.
    var listing: String {
        let name = title ?? "(no title)"
        return style == "normal" ? name : "\(name) (\(style))"
    }
}

/// `UISwipeActionsConfiguration(actions:)`.
final class SwipeConfigurationObject: NativeObject {
    let actions: [ContextualActionObject]
    var performsFirstActionWithFullSwipe = true

    init(actions: [ContextualActionObject]) {
        self.actions = actions
    }

    override var typeName: String { "UISwipeActionsConfiguration" }

    override func member(id: HostMemberID) throws -> Value? {
        let name = id.name
        switch name {
        case "actions": return .array(actions.map { .object($0) })
        case "performsFirstActionWithFullSwipe": return .bool(performsFirstActionWithFullSwipe)
        default: return nil
        }
    }

    override func setMember(id: HostMemberID, _ value: Value) throws -> Bool {
        let name = id.name
        switch name {
        case "performsFirstActionWithFullSwipe":
            guard case .bool(let flag) = value else { throw Interpreter.runtimeError(UIKitMessage.cannotAssignUntypedValue(to: "Bool")) }
            performsFirstActionWithFullSwipe = flag
        case "actions":
            throw Interpreter.runtimeError(UIKitMessage.getOnlyProperty("actions"))
        default:
            return false
        }
        return true
    }

    /// `["Delete", "Archive"]`, for traces.
    var summary: String {
        "UISwipeActionsConfiguration([" + actions.map { TableEffect.quoted($0.title ?? "") }.joined(separator: ", ") + "])"
    }

    override var textDescription: String { "<\(summary)>" }
}

/// `UITableViewRowAction(style:title:handler:)` (iOS 8 to 12; deprecated since iOS 13):
/// its handler takes the action and the index path.
final class RowActionObject: NativeObject {
    let style: String
    var title: String?
    let handler: Value
    var otherProperties: [String: Value] = [:]

    init(style: String, title: String?, handler: Value) {
        self.style = style
        self.title = title
        self.handler = handler
    }

    override var typeName: String { "UITableViewRowAction" }

    override func member(id: HostMemberID) throws -> Value? {
        let name = id.name
        switch name {
        case "title": return title.map { .wrapped(.string($0)) } ?? Value.nilValue
        case "style": return UIKitValue.enumValue("UITableViewRowAction.Style", style)
        case "backgroundColor", "backgroundEffect":
            return try UIKitDefaults.read(typeName, name, stored: otherProperties[name], UIKitDefaults.rowAction)
        default: return nil
        }
    }

    override func setMember(id: HostMemberID, _ value: Value) throws -> Bool {
        let name = id.name
        switch name {
        case "title":
            guard let text = UIKitValue.string(value) else { throw Interpreter.runtimeError(UIKitMessage.cannotAssignUntypedValue(to: "String?")) }
            title = text
        case "backgroundColor", "backgroundEffect":
            otherProperties[name] = value
        default:
            return false
        }
        return true
    }

    override var textDescription: String { "<UITableViewRowAction \(TableEffect.quoted(title ?? ""))>" }

    var listing: String {
        let name = title ?? "(no title)"
        return style == "default" || style == "normal" ? name : "\(name) (\(style))"
    }
}

enum SectionBuiltins {
    /// The implicit members these names add (`.insetGrouped`, `.normal`), UIKit's enums
    /// UITableView.Style, UIContextualAction.Style, UITableViewRowAction.Style; `.zero` for
    /// the frame of `UITableView(frame: .zero, style:)`.
    static let implicitMembers: Set<String> = ["plain", "grouped", "insetGrouped", "normal", "Plain", "Grouped", "zero"]

    static let typeNames: Set<String> = [
        "UITableView.Style", "UITableViewStyle", "UIContextualAction.Style", "UITableViewRowAction.Style",
        "UITableViewRowActionStyle",
    ]

    static func install(into interpreter: Interpreter, simulator: TableSimulator) throws(Diagnostic) {
        let previous = interpreter.implicitMemberFallback
        interpreter.implicitMemberFallback = { name in
            if let value = previous?(name) { return value }
            return implicitMembers.contains(name) ? .string(name) : nil
        }
        interpreter.hostValueTypes.formUnion(typeNames)
        simulator.builtinSectionIdentity = interpreter.typeIdentity("Section")
        SectionViews.install(into: interpreter, simulator: simulator)
        // About two million instructions of start-up that only scripts naming a diffable
        // data source or snapshot need.
        interpreter.installWhenMentioned(["Diffable"]) { [unowned simulator] interpreter throws(Diagnostic) in
            try DiffableBuiltins.install(into: interpreter, simulator: simulator)
        }
        let describe: (Value) -> String = { [unowned simulator] in simulator.typeName($0) }

        interpreter.registerNativeFunction("UIContextualAction(style:title:handler:)") { arguments in
            guard let style = UIKitValue.caseName(arguments[0]), ["normal", "destructive"].contains(style) else {
                throw Interpreter.runtimeError(UIKitMessage.typeHasNoMember(type: "UIContextualAction.Style", member: UIKitValue.caseName(arguments[0]) ?? describe(arguments[0])))
            }
            return .object(ContextualActionObject(style: style, title: UIKitBuiltins.optionalText(arguments[1]),
                                                  handler: arguments[2], describeType: describe))
        }
        interpreter.registerNativeFunction("UISwipeActionsConfiguration(actions:)") { arguments in
            guard case .array(let items) = arguments[0] else {
                throw Interpreter.runtimeError(UIKitMessage.cannotConvertArgument(type: describe(arguments[0]), to: "[UIContextualAction]"))
            }
            let actions = try items.map { item -> ContextualActionObject in
                guard case .object(let action as ContextualActionObject) = item else {
                    throw Interpreter.runtimeError(UIKitMessage.cannotConvertElement(type: describe(item), to: "UIContextualAction"))
                }
                return action
            }
            return .object(SwipeConfigurationObject(actions: actions))
        }
        interpreter.registerNativeFunction("UITableViewRowAction(style:title:handler:)") { arguments in
            guard let style = UIKitValue.caseName(arguments[0]), ["default", "normal", "destructive"].contains(style) else {
                throw Interpreter.runtimeError(UIKitMessage.typeHasNoMember(type: "UITableViewRowAction.Style", member: UIKitValue.caseName(arguments[0]) ?? describe(arguments[0])))
            }
            return .object(RowActionObject(style: style, title: UIKitBuiltins.optionalText(arguments[1]), handler: arguments[2]))
        }
    }

    /// A UITableView.Style from a script's `.grouped`.
    static func tableStyle(_ value: Value, _ describe: (Value) -> String) throws -> TableStyle {
        guard let name = UIKitValue.caseName(value) else {
            throw Interpreter.runtimeError(UIKitMessage.cannotConvertArgument(type: describe(value), to: "UITableView.Style"))
        }
        guard let style = TableStyle(caseName: name) else {
            throw Interpreter.runtimeError(UIKitMessage.typeHasNoMember(type: "UITableView.Style", member: name))
        }
        return style
    }
}
