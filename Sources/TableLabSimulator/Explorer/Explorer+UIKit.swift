// The explorer commands for UIKit's controls: `:alert TITLE` taps a button of the alert
// on screen, `:toggle S R` flips the UISwitch a row shows (its accessoryView, else the one among its views), `:refresh`
// pulls the table down to its UIRefreshControl. Each prints what the action did, as
// `:select` does.

import TableLabSyntax
import TableLabInterpreter

extension Explorer {
    func alertCommand(_ arguments: String, _ context: CommandContext) throws {
        let title = Self.unquoted(arguments.trimmingCharacters())
        guard !title.isEmpty else { throw context.usage() }
        guard let host = simulator.uikitHost else { throw context.usage() }
        try runningAction(context) { try host.tapAlertButton(title) }
    }

    func toggle(_ arguments: String, _ context: CommandContext) throws {
        let (target, path) = try rowTarget(arguments, command: "toggle", context)
        guard let host = simulator.uikitHost else { throw context.usage() }
        let table = target.screen
        // A switch in a collection view's cell is the cell's own: UIKit makes no
        // collection-view call for it, only the switch's actions.
        if case .collection(let collection)? = target.view?.kind {
            return try runningAction(context) {
                let control = try host.flipSwitch(in: try simulator.collectionCellObject(path, in: collection, of: table), at: path)
                write("UISwitch \(path) isOn: \(control.isOn)\n")
                try control.sendActions(for: "valueChanged")
            }
        }
        try inTableView(target) {
            try runningAction(context) {
                let cell = try simulator.cellObject(at: path, in: table)
                try simulator.driving(table) {
                    let control = try host.flipSwitch(in: cell, at: path)
                    write("UISwitch \(path) isOn: \(control.isOn)\n")
                    try control.sendActions(for: "valueChanged")
                }
            }
        }
    }

    /// A user's pull on the table (or collection view): its refresh control starts
    /// refreshing and sends its valueChanged actions; one without only bounces, which is
    /// an error here.
    func refresh(_ arguments: String, _ context: CommandContext) throws {
        let words = Self.words(arguments)
        guard words.count <= 1 else { throw context.usage() }
        let target = try scrollViewTarget(words.first, example: { ":refresh \($0)" }, context)
        let table = target.screen
        if case .collection(let collection)? = target.view?.kind {
            guard let control = RefreshControlObject.held(by: collection) else {
                let name = try simulate(context) { try simulator.collectionDisplayName(collection, of: table) }
                throw context.error(ExplorerMessage.noRefreshControl(table: table, view: name))
            }
            return try runningAction(context) {
                write("UIRefreshControl isRefreshing: true\n")
                try control.pull()
            }
        }
        try inTableView(target) {
            guard let control = try simulate(context, { try simulator.tableViewObject(table) }).pullToRefreshControl else {
                // A table the command named is named back; the screen's one table by the screen.
                let named = words.isEmpty ? nil : target.view.map { $0.displayName(on: table) }
                throw context.error(ExplorerMessage.noRefreshControl(table: table, view: named))
            }
            try runningAction(context) {
                try simulator.driving(table) {
                    write("UIRefreshControl isRefreshing: true\n")
                    try control.pull()
                }
            }
        }
    }

    /// The user's typing into the screen's search field (`:search TEXT`), or a tap on its
    /// Cancel button (`:search` alone): what the search controller's updater and the search
    /// bar's delegate do prints as `:select`'s effects do.
    func search(_ arguments: String, _ context: CommandContext) throws {
        let text = Self.unquoted(arguments.trimmingCharacters())
        let table = try self.table(named: nil, context)
        let screen = try simulate(context) { try simulator.screen(table) }
        guard let controller = SearchControllerObject.shown(by: screen, tableView: try? simulator.tableViewObject(table)) else {
            throw context.error(ExplorerMessage.noSearchController(table: table))
        }
        try runningAction(context) {
            try simulator.driving(table) {
                if text.isEmpty { try controller.cancel() } else { try controller.type(text) }
            }
        }
    }

    /// Runs an action, printing its effects as they happen, or "no effects".
    func runningAction(_ context: CommandContext, _ body: () throws -> Void) throws {
        let stackBefore = simulator.navigationStack
        commandEffects = []
        let writesBefore = writes
        try simulate(context, body)
        if writes == writesBefore { write("no effects\n") }
        if simulator.navigationStack != stackBefore {
            write(Self.navigationLine(simulator.navigationStack) + "\n")
        }
    }

    /// `:cell`'s line for a control in accessoryView: its state and its target/actions.
    static func accessoryViewLine(_ cell: CellObject) -> String {
        guard let value = try? cell.member("accessoryView"), let view = CellObject.unwrapped(value),
              case .object(let object) = view else { return "" }
        var text = object.textDescription
        if let control = object as? ControlObject, !control.actions.isEmpty { text += " " + control.actionsDescription }
        return "  accessoryView    \(text)\n"
    }
}

extension TableSimulator {
    /// The cell a row shows (what `tableView.cellForRow(at:)` answers), the table laid out
    /// first when it needs to be (VisibleCells.swift): `:cell` and `:toggle` see, and
    /// change, the cell on screen.
    func cellObject(at indexPath: TableIndexPath, in table: String) throws -> CellObject {
        let onScreen = try snapshot(of: table)
        try validate(indexPath, in: onScreen)
        guard let value = state(of: table).visibleCells[indexPath], let cell = cellObject(of: value) else {
            throw Interpreter.runtimeError(TableMessage.rowShowsNoCell(indexPath, table: table))
        }
        return cell
    }
}

extension String {
    func trimmingCharacters() -> String {
        var s = Substring(self)
        while let f = s.first, f == " " || f == "\t" { s.removeFirst() }
        while let l = s.last, l == " " || l == "\t" { s.removeLast() }
        return String(s)
    }
}
