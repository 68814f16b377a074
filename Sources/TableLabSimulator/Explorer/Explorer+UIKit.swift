// The explorer commands for UIKit's controls: `:alert TITLE` taps a button of the alert
// on screen, `:toggle S R` flips the UISwitch a row shows as its accessoryView. Both
// print what the action did, as `:select` does.

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
        let path = try requireIndexPath(arguments, context)
        let table = try self.table(named: nil, context)
        guard let host = simulator.uikitHost else { throw context.usage() }
        try runningAction(context) {
            let cell = try simulator.cellObject(at: path, in: table)
            try simulator.driving(table) {
                let control = try host.flipSwitch(in: cell, at: path)
                write("UISwitch \(path) isOn: \(control.isOn)\n")
                try control.sendActions(for: "valueChanged")
            }
        }
    }

    /// Runs an action, printing its effects as they happen, or "no effects".
    func runningAction(_ context: CommandContext, _ body: () throws -> Void) throws {
        let stackBefore = simulator.navigationStack
        commandEffects = []
        defer { commandEffects = nil }
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
    /// The cell cellForRow(at:) returns, as `cell(at:in:)` but the object itself.
    func cellObject(at indexPath: TableIndexPath, in table: String) throws -> CellObject {
        try validate(indexPath, in: table)
        let driver = try self.driver(for: table)
        return try driving(table) {
            state(of: table).cells = [:]
            return try driver.cellForRow(at: indexPath)
        }
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
