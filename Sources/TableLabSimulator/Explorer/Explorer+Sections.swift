// The commands of sections and rows beyond taps: `:style` (the table's UITableView.Style,
// as a storyboard's Style attribute sets it), `:swipe` (list or run a row's swipe
// actions), `:accessory` (tap a row's accessory button).

import TableLabSyntax
import TableLabInterpreter

extension Explorer {
    static let sectionCommands: [CommandSpec] = [
        CommandSpec(names: ["style"], usage: ":style [TABLE | VIEW] [STYLE]",
                    summary: "the table's style: plain, grouped or insetGrouped (a storyboard's Style attribute)"),
        CommandSpec(names: ["swipe"], usage: ":swipe [VIEW] SECTION ROW [TITLE]",
                    summary: "list a row's swipe actions, or tap the one titled TITLE"),
        CommandSpec(names: ["accessory"], usage: ":accessory [VIEW] SECTION ROW",
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
    /// `:style TABLE [STYLE]` names the screen, `:style VIEW [STYLE]` one of its table views
    /// (`property` or `Screen.property`).
    func styleCommand(_ arguments: String, _ context: CommandContext) throws {
        var words = Self.words(arguments)
        guard words.count <= 2 else { throw context.usage() }
        var style: TableStyle?
        if let last = words.last, let chosen = TableStyle(caseName: last.hasPrefix(".") ? String(last.dropFirst()) : last) {
            style = chosen
            words.removeLast()
        } else if words.count == 2 || (words.count == 1 && !simulator.isScreenName(words[0]) && !namesScrollView(words[0])) {
            // `:style fancy`: one word that names neither a style, a screen nor a scroll
            // view was meant as a style.
            throw context.error(ExplorerMessage.unknownTableStyle(words[words.count - 1]))
        }
        let target: ScrollViewTarget
        if let word = words.first, simulator.isScreenName(word) {
            target = try scrollViewTarget(nil, screen: word, layOutCollections: false, example: { ":style \(word).\($0)" }, context)
        } else {
            let shown = style.map { " " + $0.rawValue } ?? ""
            target = try scrollViewTarget(words.first, layOutCollections: false, example: { ":style \($0)\(shown)" }, context)
        }
        let table = target.screen
        try onTableView(target, refusal: { .collectionViewLacks($0, .style) }, context) {
            if let style {
                simulator.setStyle(style, of: table)
            } else {
                write("\(target.view.map { if case .otherTable = $0.kind { $0.displayName(on: table) } else { table } } ?? table): "
                      + "\(simulator.style(of: table).swiftName)\n")
            }
        }
    }

    /// Whether `word` is `Screen.property`, or a property of the current screen, that holds
    /// one of its scroll views (for `:style`, whose one word may name a view or a style).
    private func namesScrollView(_ word: String) -> Bool {
        var screen = simulator.currentTableName
        var property = word
        if let dot = word.firstIndex(of: ".") {
            screen = String(word[..<dot])
            property = String(word[word.index(after: dot)...])
        }
        guard let screen, simulator.isScreenName(screen), let views = try? simulator.scrollViews(of: screen) else { return false }
        return views.contains { $0.property == property }
    }

    /// `:swipe S R` lists the row's swipe actions; `:swipe S R TITLE` taps one.
    func swipe(_ arguments: String, _ context: CommandContext) throws {
        var words = Self.words(arguments)[...]
        var view: String?
        if let first = words.first?.first, first.isLetter || first == "_" { view = words.popFirst() }
        guard words.count >= 2, let path = Self.indexPath(words[words.startIndex] + " " + words[words.startIndex + 1]) else { throw context.usage() }
        let title = Self.unquoted(words.dropFirst(2).joined(separator: " "))
        let shownTitle = title.isEmpty ? "" : " " + title
        let target = try scrollViewTarget(view, example: { ":swipe \($0) \(path.section) \(path.row)\(shownTitle)" }, context)
        try onTableView(target, refusal: { .collectionViewLacks($0, .swipeActions) }, context) {
            try swipe(path, title: title, in: target.screen, context)
        }
    }

    private func swipe(_ path: TableIndexPath, title: String, in table: String, _ context: CommandContext) throws {
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
        let (target, path) = try rowTarget(arguments, command: "accessory", context)
        let writesBefore = writes
        commandEffects = []
        try onTableView(target, refusal: { .collectionViewLacks($0, .accessoryButton) }, context) {
            try simulate(context) {
                try simulator.tapAccessory(path, in: target.screen, effects: { [unowned self] in self.commandEffects ?? [] })
            }
        }
        if writes == writesBefore { write("no effects\n") }
    }
}
