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
    var otherProperties = StoredValues(ContextualActionObject.storedMembers)
    let describeType: (Value) -> String
    static let storedMembers = StoredMembers(UIKitDefaults.contextualAction)

    init(style: String, title: String?, handler: Value, describeType: @escaping (Value) -> String) {
        self.style = style
        self.title = title
        self.handler = handler
        self.describeType = describeType
    }

    override var typeName: String { "UIContextualAction" }

    /// The properties it answers besides the stored ones, found by ID.
    enum Member: Int, CaseIterable, Sendable {
        case title, style, handler
        /// Swift's names of the properties, in the order of the cases.
        static let names = ["title", "style", "handler"]
        static let table = HostMemberTable(names)
    }

    override func member(id: HostMemberID) throws -> Value? {
        switch Member(rawValue: Member.table[id]) {
        case .title?: return title.map { .wrapped(.string($0)) } ?? Value.nilValue
        case .style?: return UIKitValue.enumValue("UIContextualAction.Style", style)
        case .handler?: return handler
        case nil: return try otherProperties.read(typeName, id)
        }
    }

    override func setMember(id: HostMemberID, _ value: Value) throws -> Bool {
        switch Member(rawValue: Member.table[id]) {
        case .title?:
            guard let text = UIKitValue.string(value) else { throw UIKitValue.typeMismatch(value, "String?", describeType) }
            title = text
        case .style?, .handler?:
            throw Interpreter.runtimeError(UIKitMessage.getOnlyProperty(id.name))
        case nil:
            return try otherProperties.assign(id, value, converting: nil)
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

    /// The members it answers, found by ID.
    enum Member: Int, CaseIterable, Sendable {
        case actions, performsFirstActionWithFullSwipe
        /// Swift's names of the properties, in the order of the cases.
        static let names = ["actions", "performsFirstActionWithFullSwipe"]
        static let table = HostMemberTable(names)
    }

    override func member(id: HostMemberID) throws -> Value? {
        switch Member(rawValue: Member.table[id]) {
        case .actions?: return .array(actions.map { .object($0) })
        case .performsFirstActionWithFullSwipe?: return .bool(performsFirstActionWithFullSwipe)
        case nil: return nil
        }
    }

    override func setMember(id: HostMemberID, _ value: Value) throws -> Bool {
        switch Member(rawValue: Member.table[id]) {
        case .performsFirstActionWithFullSwipe?:
            guard case .bool(let flag) = value else { throw Interpreter.runtimeError(UIKitMessage.cannotAssignUntypedValue(to: "Bool")) }
            performsFirstActionWithFullSwipe = flag
        case .actions?:
            throw Interpreter.runtimeError(UIKitMessage.getOnlyProperty("actions"))
        case nil:
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
    var otherProperties = StoredValues(RowActionObject.storedMembers)
    static let storedMembers = StoredMembers(UIKitDefaults.rowAction)

    init(style: String, title: String?, handler: Value) {
        self.style = style
        self.title = title
        self.handler = handler
    }

    override var typeName: String { "UITableViewRowAction" }

    /// The properties it answers besides the stored ones (`backgroundColor`,
    /// `backgroundEffect`), found by ID.
    enum Member: Int, CaseIterable, Sendable {
        case title, style
        /// Swift's names of the properties, in the order of the cases.
        static let names = ["title", "style"]
        static let table = HostMemberTable(names)
    }

    override func member(id: HostMemberID) throws -> Value? {
        switch Member(rawValue: Member.table[id]) {
        case .title?: return title.map { .wrapped(.string($0)) } ?? Value.nilValue
        case .style?: return UIKitValue.enumValue("UITableViewRowAction.Style", style)
        case nil: return try otherProperties.read(typeName, id)
        }
    }

    override func setMember(id: HostMemberID, _ value: Value) throws -> Bool {
        switch Member(rawValue: Member.table[id]) {
        case .title?:
            guard let text = UIKitValue.string(value) else { throw Interpreter.runtimeError(UIKitMessage.cannotAssignUntypedValue(to: "String?")) }
            title = text
        case .style?:
            return false
        case nil:
            return try otherProperties.assign(id, value, converting: nil)
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
