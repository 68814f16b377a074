// The commands of sections and rows beyond taps: `:style` (the table's UITableView.Style,
// as a storyboard's Style attribute sets it), `:swipe` (list or run a row's swipe
// actions), `:accessory` (tap a row's accessory button).

import TableLabSyntax
import TableLabInterpreter

extension Explorer {
    static let sectionCommands: [CommandSpec] = [
        CommandSpec(names: ["style"], usage: ":style [TABLE] [STYLE]",
                    summary: "the table's style: plain, grouped or insetGrouped (a storyboard's Style attribute)"),
        CommandSpec(names: ["swipe"], usage: ":swipe SECTION ROW [TITLE]",
                    summary: "list a row's swipe actions, or tap the one titled TITLE"),
        CommandSpec(names: ["accessory"], usage: ":accessory SECTION ROW",
                    summary: "tap a row's accessory button: accessoryButtonTappedForRowWith"),
    ]

    /// Runs one of `sectionCommands`; false when `name` is none of them.
    func runSectionCommand(_ name: String, _ arguments: String, _ context: CommandContext) throws -> Bool {
        switch name {
        case "style": try styleCommand(arguments, context)
        case "swipe": try swipe(arguments, context)
        case "accessory": try accessory(arguments, context)
        default: return false
        }
        return true
    }

    /// `:style` prints the current table's style; `:style grouped` sets it;
    /// `:style TABLE [STYLE]` names the table.
    func styleCommand(_ arguments: String, _ context: CommandContext) throws {
        var words = Self.words(arguments)
        guard words.count <= 2 else { throw context.usage() }
        var style: TableStyle?
        if let last = words.last, let chosen = TableStyle(caseName: last.hasPrefix(".") ? String(last.dropFirst()) : last) {
            style = chosen
            words.removeLast()
        } else if words.count == 2 || (words.count == 1 && !simulator.isScreenName(words[0])) {
            // `:style fancy`: one word that names neither a style nor a screen was meant
            // as a style.
            throw context.error(ExplorerMessage.unknownTableStyle(words[words.count - 1]))
        }
        let table = try self.table(named: words.first, context)
        if let style {
            simulator.setStyle(style, of: table)
        } else {
            write("\(table): \(simulator.style(of: table).swiftName)\n")
        }
    }

    /// `:swipe S R` lists the row's swipe actions; `:swipe S R TITLE` taps one.
    func swipe(_ arguments: String, _ context: CommandContext) throws {
        let words = Self.words(arguments)
        guard words.count >= 2, let path = Self.indexPath(words[0] + " " + words[1]) else { throw context.usage() }
        let title = Self.unquoted(words.dropFirst(2).joined(separator: " "))
        let table = try self.table(named: nil, context)
        if title.isEmpty {
            let actions = try simulate(context) { try simulator.swipeActions(at: path, in: table) }
            if actions.isEmpty {
                write("no swipe actions for \(path)\n")
                return
            }
            for edge in ["trailing", "leading"] {
                let titles = actions.filter { $0.edge == edge }.map(\.listing)
                if !titles.isEmpty { write("\(edge): " + titles.joined(separator: ", ") + "\n") }
            }
            return
        }
        let writesBefore = writes
        commandEffects = []
        let outcome = try simulate(context) {
            try simulator.runSwipeAction(title, at: path, in: table, effects: { [unowned self] in self.commandEffects ?? [] })
        }
        if outcome.hasCompletion {
            write(outcome.completed.map { "completionHandler(\($0))\n" } ?? "completionHandler not called\n")
        } else if writes == writesBefore {
            write("no effects\n")
        }
    }

    func accessory(_ arguments: String, _ context: CommandContext) throws {
        let path = try requireIndexPath(arguments, context)
        let table = try self.table(named: nil, context)
        let writesBefore = writes
        commandEffects = []
        try simulate(context) {
            try simulator.tapAccessory(path, in: table, effects: { [unowned self] in self.commandEffects ?? [] })
        }
        if writes == writesBefore { write("no effects\n") }
    }
}
