// `tableView`: the simulated UITableView as scripts see it, both the global of that name
// and the first argument of methods spelt the UIKit way.

import TableLabSyntax
import TableLabInterpreter

/// A UITableView. `tableName` nil stands for whichever table the simulator is driving
/// (the global `tableView` and the bare `dequeueReusableCell(...)` forms).
public final class TableViewObject: NativeObject {
    unowned let simulator: TableSimulator
    let tableName: String?

    init(simulator: TableSimulator, tableName: String?) {
        self.simulator = simulator
        self.tableName = tableName
    }

    public override var typeName: String { "UITableView" }

    var table: String {
        get throws {
            if let tableName { return tableName }
            guard let name = simulator.activeTableName else {
                throw Interpreter.runtimeError("there is no table yet: declare one with 'table Name { ... }'")
            }
            return name
        }
    }

    public override func member(_ name: String) throws -> Value? {
        let state = simulator.state(of: try table)
        switch name {
        case "rowHeight": return .double(state.rowHeight)
        case "estimatedRowHeight": return .double(state.estimatedRowHeight)
        case "indexPathForSelectedRow":
            return state.selectedRow.map { .wrapped(simulator.indexPathValue($0)) } ?? Value.nilValue
        case "isEditing": return .bool(state.isEditing)
        case "style": return .string(state.style.rawValue)
        case "numberOfSections": return .int(try simulator.driver(for: try table).numberOfSections())
        default:
            if TableState.otherPropertyNames.contains(name) { return state.otherProperties[name] ?? Value.nilValue }
            return nil
        }
    }

    public override func setMember(_ name: String, _ value: Value) throws -> Bool {
        let state = simulator.state(of: try table)
        switch name {
        case "rowHeight", "estimatedRowHeight":
            guard let points = UIKitValue.number(value) else {
                throw UIKitValue.typeMismatch(value, "CGFloat", simulator.typeName)
            }
            if let problem = TableDriver.heightProblem(points) {
                throw Interpreter.runtimeError("tableView.\(name) set to \(points): \(problem)")
            }
            if name == "rowHeight" { state.rowHeight = points } else { state.estimatedRowHeight = points }
        case "isEditing":
            guard case .bool(let editing) = value else { throw UIKitValue.typeMismatch(value, "Bool", simulator.typeName) }
            state.isEditing = editing
        default:
            guard TableState.otherPropertyNames.contains(name) else { return false }
            state.otherProperties[name] = value
        }
        return true
    }

    public override func callMethod(_ fullName: String, _ arguments: [Value]) throws -> Value? {
        try simulator.callTableViewMethod(fullName, arguments, table: try table)
    }

    /// For completion after `tableView.`: what member(_:) answers.
    static var propertyNames: [String] {
        ["rowHeight", "estimatedRowHeight", "indexPathForSelectedRow", "isEditing", "numberOfSections"]
            + TableState.otherPropertyNames.sorted()
    }

    /// For completion after `tableView.`: what TableSimulator.callTableViewMethod answers,
    /// Swift 2's spellings included (completion ranks them after the current ones).
    static let methodNames = [
        "dequeueReusableCell(withIdentifier:for:)", "dequeueReusableCell(withIdentifier:)",
        "dequeueReusableCellWithIdentifier(_:forIndexPath:)", "dequeueReusableCellWithIdentifier(_:)",
        "register(_:style:)", "register(_:forCellReuseIdentifier:)", "deselectRow(at:animated:)", "deselectRowAtIndexPath(_:animated:)",
        "selectRow(at:animated:scrollPosition:)", "reloadData()", "reloadRows(at:with:)",
        "reloadRowsAtIndexPaths(_:withRowAnimation:)", "reloadSections(_:with:)", "insertRows(at:with:)",
        "insertRowsAtIndexPaths(_:withRowAnimation:)", "deleteRows(at:with:)",
        "deleteRowsAtIndexPaths(_:withRowAnimation:)", "moveRow(at:to:)", "beginUpdates()", "endUpdates()",
        "performBatchUpdates(_:completion:)", "setEditing(_:animated:)", "cellForRow(at:)",
        "numberOfRows(inSection:)", "layoutIfNeeded()", "setNeedsLayout()",
    ]

    public override var textDescription: String {
        "<UITableView \(tableName ?? simulator.activeTableName ?? "")>"
    }
}

/// What the simulator keeps per table between commands.
final class TableState {
    var registry = CellPrototypeRegistry()
    /// Cells dequeued during the current layout pass, by index path (UIKit hands back the
    /// same cell when one index path is dequeued twice).
    var cells: [TableIndexPath: CellObject] = [:]
    /// The script-class cells dequeued, by the index path they last showed (CellClasses.swift).
    var scriptCells: [TableIndexPath: Value] = [:]
    /// The row cellForRow is being asked for (the old dequeue without an index path reuses its cell).
    var cellPathAsked: TableIndexPath? = nil
    /// The cell cellForRow last returned for each row (what a tap lands on).
    var shownCells: [TableIndexPath: CellObject] = [:]
    var selectedRow: TableIndexPath?
    /// UITableView.automaticDimension (-1) until the script sets it.
    var rowHeight: Double = TableSimulator.automaticDimension
    var estimatedRowHeight: Double = TableSimulator.automaticDimension
    var isEditing = false
    /// UITableView.Style: `.plain` unless the script or `:style` says otherwise.
    var style = TableStyle.plain
    /// Header-footer registrations (SectionViews.swift).
    var sectionViews = SectionViewState()
    /// viewDidLoad() has run.
    var loaded = false
    var otherProperties: [String: Value] = [:]
    var view: TableViewObject

    static let otherPropertyNames: Set<String> = [
        "tableFooterView", "tableHeaderView", "separatorStyle", "backgroundColor", "allowsSelection",
        "allowsMultipleSelection", "delegate", "dataSource", "sectionHeaderHeight", "sectionFooterHeight",
        "tag", "isScrollEnabled",
    ]

    /// The declaration of the table this state belongs to.
    let identity: Int?

    init(view: TableViewObject, identity: Int?) {
        self.view = view
        self.identity = identity
    }
}

/// A global object with fixed members, for UIKit's type names used as values
/// (`UITableView.automaticDimension`, `UIScreen.main.bounds.width`, `UIColor.red`).
final class NamespaceObject: NativeObject {
    let name: String
    let members: [String: () -> Value]
    let methods: [String: ([Value]) throws -> Value]

    init(_ name: String, members: [String: () -> Value] = [:], methods: [String: ([Value]) throws -> Value] = [:]) {
        self.name = name
        self.members = members
        self.methods = methods
    }

    override var typeName: String { name }
    override func member(_ name: String) throws -> Value? { members[name]?() }
    /// Calling a method through a member path (`UIApplication.shared.open(...)`) writes the
    /// member back; the same object is accepted, anything else is a get-only property.
    override func setMember(_ name: String, _ value: Value) throws -> Bool {
        guard let current = members[name]?() else { return false }
        if case .object(let a) = current, case .object(let b) = value, a === b { return true }
        throw Interpreter.runtimeError("cannot assign to property: '\(name)' is a get-only property")
    }
    override func callMethod(_ fullName: String, _ arguments: [Value]) throws -> Value? {
        guard let method = methods[fullName] else { return nil }
        return try method(arguments)
    }
    override var textDescription: String { name }
}

/// `UIAlertController(title:message:preferredStyle:)`: presenting it is an effect.
final class AlertObject: NativeObject {
    let title: String?
    let message: String?
    var actions: [String] = []

    init(title: String?, message: String?) {
        self.title = title
        self.message = message
    }

    override var typeName: String { "UIAlertController" }
    override func member(_ name: String) throws -> Value? {
        switch name {
        case "title": return title.map { .wrapped(.string($0)) } ?? Value.nilValue
        case "message": return message.map { .wrapped(.string($0)) } ?? Value.nilValue
        default: return nil
        }
    }
    override func callMethod(_ fullName: String, _ arguments: [Value]) throws -> Value? {
        guard fullName == "addAction(_:)" else { return nil }
        if case .object(let action as NamespaceObject) = arguments.first, case .string(let title)? = try action.member("title") {
            actions.append(title)
        }
        return .void
    }
    override var textDescription: String { "<UIAlertController \(TableEffect.quoted(title ?? ""))>" }
}
