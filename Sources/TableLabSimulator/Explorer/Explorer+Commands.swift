// The `:` commands of SPEC §5. Each bad command or argument is a one-line error that
// shows the right form; errors inside the script's methods keep their own location and
// gain a `from :command` line in their trace.
#if canImport(Glibc)
import TableLabFiles
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TableLabSyntax
import TableLabInterpreter

/// One explorer command: its names and the form its usage line shows.
struct CommandSpec {
    let names: [String]
    let usage: String
    let summary: String
}

extension Explorer {
    static let commands: [CommandSpec] = [
        CommandSpec(names: ["show"], usage: ":show [TABLE] [--json] [--width N]", summary: "draw the table as UIKit lays it out (--svg FILE, --png FILE: as iOS draws it)"),
        CommandSpec(names: ["select", "tap"], usage: ":select [VIEW] SECTION ROW", summary: "tap a row (an item of a collection view): willSelect, didSelect, and what they did"),
        CommandSpec(names: ["alert"], usage: ":alert TITLE", summary: "tap the button TITLE of the alert on screen: its handler runs"),
        CommandSpec(names: ["toggle"], usage: ":toggle [VIEW] SECTION ROW", summary: "flip the UISwitch of a row's accessoryView: its valueChanged actions run"),
        CommandSpec(names: ["refresh"], usage: ":refresh [VIEW]", summary: "pull the table down: its UIRefreshControl starts refreshing, its valueChanged actions run"),
        CommandSpec(names: ["search"], usage: ":search [TEXT]", summary: "type TEXT into the screen's UISearchController (none: tap Cancel): its updater runs"),
        CommandSpec(names: ["height"], usage: ":height [VIEW] SECTION ROW", summary: "heightForRow(at:) of one row"),
        CommandSpec(names: ["heights"], usage: ":heights [TABLE | VIEW]", summary: "every header, row and footer height, and the total"),
        CommandSpec(names: ["cell"], usage: ":cell [VIEW] SECTION ROW", summary: "every property of the cell cellForRow(at:) (cellForItem(at:)) returns"),
        CommandSpec(names: ["check"], usage: ":check", summary: "static exhaustiveness report for all loaded code"),
        CommandSpec(names: ["lint"], usage: ":lint", summary: "tap every row of every table and warn about what looks wrong"),
        CommandSpec(names: ["trace"], usage: ":trace on|off", summary: "print every data-source and delegate call"),
        CommandSpec(names: ["move"], usage: ":move [VIEW] SECTION ROW to SECTION ROW", summary: "drag a row: canMoveRow, moveRow(at:to:)"),
        CommandSpec(names: ["delete"], usage: ":delete [VIEW] SECTION ROW", summary: "swipe-delete a row: canEditRow, commit(.delete, forRowAt:)"),
    ] + sectionCommands + [
        CommandSpec(names: ["tables"], usage: ":tables", summary: "list the tables and the navigation stack"),
        CommandSpec(names: ["use"], usage: ":use TABLE", summary: "stand inside a table: its members in scope, self is the table"),
        CommandSpec(names: ["back"], usage: ":back", summary: "pop the navigation stack"),
        CommandSpec(names: ["present"], usage: ":present TABLE", summary: "present a screen modally on top of the current one"),
        CommandSpec(names: ["enums"], usage: ":enums", summary: "list the enums and their cases"),
        CommandSpec(names: ["type"], usage: ":type EXPRESSION", summary: "the type of an expression's value"),
        CommandSpec(names: ["info"], usage: ":info NAME", summary: "where NAME is defined; for an enum, every switch over it"),
        CommandSpec(names: ["load"], usage: ":load FILE", summary: "run a script file in this session"),
        CommandSpec(names: ["storyboard"], usage: ":storyboard FILE", summary: "use a .storyboard or .xib as the app's bundle holds it (its prototype cells)"),
        CommandSpec(names: ["assets"], usage: ":assets FOLDER", summary: "use an asset catalog (Assets.xcassets): its colours and images as Xcode's symbols"),
        CommandSpec(names: ["module"], usage: ":module NAME FILE...", summary: "run Swift files as the project's module NAME (a framework target), which `import NAME` finds"),
        CommandSpec(names: ["infoplist"], usage: ":infoplist FILE", summary: "use the app's Info.plist: the fonts its UIAppFonts registers (read from their files)"),
        CommandSpec(names: ["datamodel"], usage: ":datamodel PATH", summary: "use a Core Data model (Model.xcdatamodeld): its entities' generated classes are named as not simulated"),
        CommandSpec(names: ["reload"], usage: ":reload", summary: "run the last loaded file (or the -i file) again"),
        CommandSpec(names: ["save"], usage: ":save [--all] FILE", summary: "write the session as a script (--all: with its reads)"),
        CommandSpec(names: ["reset"], usage: ":reset", summary: "forget everything"),
        CommandSpec(names: ["undo"], usage: ":undo", summary: "take back the last input that changed the state"),
        CommandSpec(names: ["device"], usage: ":device [NAME]", summary: "screen size: iPhone SE, iPhone 15, iPhone 15 Pro Max, iPad, iPad Pro"),
        CommandSpec(names: ["help", "h", "?"], usage: ":help [TOPIC]", summary: "help on commands and language topics"),
        CommandSpec(names: ["quit", "q", "exit"], usage: ":quit", summary: "leave"),
    ]

    static func command(named name: String) -> CommandSpec? {
        commands.first { $0.names.contains(name) }
    }

    /// The context of one command, for its errors.
    struct CommandContext {
        let name: String
        let arguments: String
        let location: SourceLocation
        let file: SourceFile
        let spec: CommandSpec?

        /// One line, as every bad command or argument is (docs/COMMANDS.md).
        func error(_ message: any DiagnosticMessage) -> Diagnostic {
            var d = Diagnostic.error(message, at: location, in: file)
            d.quotesSource = false
            return d
        }

        func usage() -> Diagnostic {
            error(ExplorerMessage.usage(spec?.usage ?? ":\(name)"))
        }

        /// An error from the script or the simulator, placed at the command when it has
        /// no place of its own, with the command at the end of its trace.
        func wrap(_ error: Error) -> Diagnostic {
            var d = Interpreter.diagnostic(for: error)
            if d.location == .unknown {
                // Placed at the command (`section 9 does not exist`): the command line
                // was just typed, it is not quoted again, and a complaint about its own
                // arguments is one line (docs/COMMANDS.md), as swiftc's are: no
                // `from :select 9 0` under a line that already points at it.
                let aboutTheArguments = (d.content as? UIKitMessage)?.isAboutCommandArguments == true
                d.quotesSource = false
                d.location = location
                d.file = file
                for i in d.notes.indices where d.notes[i].location == .unknown {
                    d.notes[i].location = location
                    d.notes[i].file = file
                }
                if aboutTheArguments { return d }
            }
            if d.file == nil { d.file = file }
            d.trace.append("from :\(name)\(arguments.isEmpty ? "" : " " + arguments)")
            return d
        }
    }

    /// Whether the command `name` leaves alone what the interpreter's compile sees: no
    /// declaration, no change of the table the top level stands in. The commands that
    /// only read qualify; those that run the script's code or navigate qualify only while
    /// the top level stands in no screen (navigation moves `:use`'s scope,
    /// `navigationChanged`). What follows any other command compiles once it has run.
    static func leavesNamesAlone(_ name: String, standingInside: Bool) -> Bool {
        guard let spec = command(named: name) else { return false }
        switch spec.names[0] {
        case "check", "info", "type", "enums", "tables", "help", "save", "trace":
            return true
        case "show", "heights", "height", "cell", "lint", "select", "toggle", "refresh", "search", "alert", "move", "delete",
             "back", "present", "device":
            return !standingInside
        default:
            return false
        }
    }

    func runCommand(_ name: String, _ rawArguments: String, location: SourceLocation, file: SourceFile) throws {
        commandDepth += 1
        defer { commandDepth -= 1 }
        let arguments = Self.stripComment(rawArguments)
        let spec = Self.command(named: name)
        let context = CommandContext(name: name, arguments: arguments, location: location, file: file, spec: spec)
        guard let spec else {
            throw context.error(ExplorerMessage.unknownCommand(name, suggestion: Self.closest(name, among: Self.commands.flatMap(\.names))))
        }
        // What a command's run of the screens' code does (a viewDidLoad that `:show` runs,
        // the appearance of a pushed screen, a tap) is printed as it happens, whichever
        // command ran it; a file's top-level code is the program, whose output is its own.
        let printsEffects = commandEffects == nil && !Self.runsTopLevelCode(spec.names[0])
        if printsEffects { commandEffects = [] }
        defer { if printsEffects { commandEffects = nil } }
        // The screens a statement pushed, popped or presented appear before the next command.
        try simulate(context) { try simulator.flushTransitions() }
        switch spec.names[0] {
        case "show": try show(arguments, context)
        case "select": try select(arguments, context)
        case "alert": try alertCommand(arguments, context)
        case "toggle": try toggle(arguments, context)
        case "refresh": try refresh(arguments, context)
        case "search": try search(arguments, context)
        case "height": try height(arguments, context)
        case "heights": try heights(arguments, context)
        case "cell": try cell(arguments, context)
        case "check": try check(arguments, context)
        case "lint": try lintCommand(arguments, context)
        case "trace": try trace(arguments, context)
        case "move": try move(arguments, context)
        case "delete": try delete(arguments, context)
        case "tables": try tables(arguments, context)
        case "use": try use(arguments, context)
        case "back": try back(arguments, context)
        case "present": try present(arguments, context)
        case "enums": try enums(arguments, context)
        case "type": try type(arguments, context)
        case "info": try info(arguments, context)
        case "load": try load(arguments, context)
        case "storyboard": try storyboardCommand(arguments, context)
        case "assets": try assetsCommand(arguments, context)
        case "datamodel": try dataModelCommand(arguments, context)
        case "infoplist": try infoPlistCommand(arguments, context)
        case "module": try moduleCommand(arguments, context)
        case "reload": try reload(arguments, context)
        case "save": try save(arguments, context)
        case "reset": try resetCommand(arguments, context)
        case "undo": try undoCommand(arguments, context)
        case "device": try deviceCommand(arguments, context)
        case "help": help(arguments)
        case "quit":
            quitRequested = true
            stop = .quit
            throw context.error(ExplorerMessage.stopsTheRun(command: "quit"))
        default:
            if try runSectionCommand(spec.names[0], arguments, context) { return }
            throw context.usage()
        }
    }

    /// The commands that run a file's top level, whose effects are the program's own.
    static func runsTopLevelCode(_ name: String) -> Bool {
        ["load", "reload", "undo", "reset"].contains(name)
    }

    // MARK: - Arguments

    /// A command line may end with a `//` comment (outside quotes).
    static func stripComment(_ text: String) -> String {
        var inQuotes = false
        var previous: Character?
        var index = text.startIndex
        while index < text.endIndex {
            let c = text[index]
            if c == "\"" { inQuotes.toggle() }
            if !inQuotes, c == "/", previous == "/" {
                let cut = text.index(before: index)
                return String(text[..<cut]).trimmingTrailingSpaces()
            }
            previous = c
            index = text.index(after: index)
        }
        return text
    }

    /// Words separated by blanks.
    static func words(_ text: String) -> [String] {
        text.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
    }

    /// `S R`, `[S, R]` or `S, R`.
    static func indexPath(_ text: String) -> TableIndexPath? {
        let cleaned = text.map { "[],".contains($0) ? " " : $0 }
        let parts = words(String(cleaned))
        guard parts.count == 2, let s = Int(parts[0]), let r = Int(parts[1]) else { return nil }
        return TableIndexPath(section: s, row: r)
    }

    /// The table a command acts on: the one named, else the current one.
    func table(named name: String?, _ context: CommandContext) throws -> String {
        if let name {
            guard simulator.isScreenName(name) else {
                let tables = simulator.screenNames
                throw context.error(ExplorerMessage.cannotFindTable(name, suggestion: Self.closest(name, among: tables), tables: tables))
            }
            return name
        }
        guard let current = simulator.currentTableName else {
            throw context.error(TableMessage.noTableYet)
        }
        return current
    }

    func requireNoArguments(_ arguments: String, _ context: CommandContext) throws {
        guard arguments.isEmpty else { throw context.usage() }
    }

    func requireIndexPath(_ arguments: String, _ context: CommandContext) throws -> TableIndexPath {
        guard let path = Self.indexPath(arguments) else { throw context.usage() }
        return path
    }

    func simulate<T>(_ context: CommandContext, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch {
            throw context.wrap(error)
        }
    }

    // MARK: - Drawing

    func show(_ arguments: String, _ context: CommandContext) throws {
        try show(words: Self.words(arguments), context)
    }

    func show(words arguments: [String], _ context: CommandContext) throws {
        var json = false
        var width: Int?
        var name: String?
        var picture = PictureRequest()
        var words = arguments[...]
        while let word = words.popFirst() {
            if try picture.parse(word, &words, context) { continue }
            switch word {
            case "--json": json = true
            case "--width":
                guard let value = words.popFirst(), let columns = Int(value), columns > 0 else { throw context.usage() }
                width = columns
            default:
                if word.hasPrefix("--width="), let columns = Int(word.dropFirst("--width=".count)), columns > 0 {
                    width = columns
                } else if word.hasPrefix("-") || name != nil {
                    throw context.usage()
                } else {
                    name = word
                }
            }
        }
        let table = try self.table(named: name, context)
        let columns = width ?? terminalWidth()
        let collections = try simulate(context) { try simulator.collectionSnapshots(of: table) }
        if picture.isRequested, !collections.snapshots.isEmpty {
            // A picture would leave the grid out: said, not drawn without it.
            throw context.wrap(Interpreter.runtimeError(UIKitMessage.notSimulated("a picture (--svg, --png) of a screen with a collection view")))
        }
        if collections.alone, !collections.snapshots.isEmpty {
            if !json, let bar = navigationBar(of: table, columns: columns) { write(bar + "\n") }
            showCollectionViews(collections.snapshots, of: table, json: json, columns: columns)
            if !json { lastDrawing = (table, writes) }
            return
        }
        if !picture.isRequested, try simulate(context, { try simulator.showsEmptyView(table) }) {
            return showEmptyScreen(table, json: json, columns: width ?? terminalWidth())
        }
        let snapshot: TableSnapshot
        do {
            snapshot = try simulate(context) { try simulator.snapshot(of: table) }
        } catch {
            noteStoryboardOnlyTable(table, context)
            throw error
        }
        noteStoryboardOnlyTable(table, context)
        try simulate(context) { try simulator.checkEveryShownTableViewHeld(table) }
        if picture.isRequested { return try writePicture(picture, of: snapshot, json: json, context) }
        let renderer = TableRenderer(width: columns, useColor: useColor)
        if !json, let bar = navigationBar(of: table, columns: columns) { write(bar + "\n") }
        writeTable(snapshot, of: table, json: json, renderer: renderer)
        try showOtherTableViews(of: table, json: json, renderer: renderer, context)
        showCollectionViews(collections.snapshots, of: table, json: json, columns: columns)
        if !json { lastDrawing = (table, writes) }
    }

    /// One table view's drawing (the table of `table` as it stands now, `withTableView`
    /// for another): a refreshing control's spinner (and title) above the rows, as UIKit
    /// shows it, its header view, the rows, its footer and background views.
    private func writeTable(_ snapshot: TableSnapshot, of table: String, json: Bool, renderer: TableRenderer) {
        if json { return write(renderer.renderJSON(snapshot, title: simulator.screenTitle(table)) + "\n") }
        if let control = (try? simulator.tableViewObject(table))?.pullToRefreshControl, control.isRefreshing {
            write("refreshControl: refreshing" + (control.title.map { " " + TableEffect.quoted($0) } ?? "") + "\n")
        }
        if let screen = try? simulator.screen(table),
           let search = SearchControllerObject.shown(by: screen, tableView: try? simulator.tableViewObject(table)) {
            write(search.searchBar.showLine + "\n")
        }
        if let header = snapshot.tableHeaderView, !header.views.isEmpty { write("tableHeaderView: " + TableSimulator.endViewLine(header) + "\n") }
        write(renderer.render(snapshot) + "\n")
        if let footer = snapshot.tableFooterView, !footer.views.isEmpty { write("tableFooterView: " + TableSimulator.endViewLine(footer) + "\n") }
        if let background = snapshot.backgroundView, !background.views.isEmpty { write("backgroundView: " + TableSimulator.endViewLine(background) + "\n") }
    }

    /// Pasted without its storyboard, a view controller that makes no table view shows
    /// UIKit's empty view; TableLab draws the table the storyboard would hold, and says so
    /// once (also after an error the drawing ran into, which the storyboard may explain).
    private func noteStoryboardOnlyTable(_ table: String, _ context: CommandContext) {
        guard let connected = simulator.takeStoryboardOnlyTableNote(table) else { return }
        var note = Diagnostic.note(ExplorerMessage.tableViewOnlyInStoryboard(screen: table, connected: connected),
                                   at: context.location, in: context.file)
        note.quotesSource = false
        warningHandler(note)
    }

    /// A screen that shows UIKit's empty view (TableSimulator.showsEmptyView): its title and
    /// a line saying so; in JSON a document with `tableView: null`.
    private func showEmptyScreen(_ table: String, json: Bool, columns: Int) {
        if json {
            write(TableJSON.encodeEmptyScreen(table, title: simulator.screenTitle(table)) + "\n")
            return
        }
        if let bar = navigationBar(of: table, columns: columns) { write(bar + "\n") }
        write("\(table)  no table view: its view is UIKit's empty view\n")
        lastDrawing = (table, writes)
    }

    /// Whether the last thing written is `:show`'s drawing of `table` (`--watch` then does
    /// not draw it a second time after a script that ends with `:show`).
    public func lastWroteDrawing(of table: String) -> Bool {
        guard let drawing = lastDrawing else { return false }
        return drawing.table == table && drawing.writes == writes
    }

    /// A view controller's navigation bar, as `:show` draws it above the table when the
    /// screen has a title (`title`, `navigationItem.title`): the title centred, and the
    /// back button (the title of the screen below, else "Back") at the left.
    func navigationBar(of table: String, columns: Int) -> String? {
        guard let title = simulator.screenTitle(table) else { return nil }
        var back = ""
        let stack = simulator.navigationStack
        if let index = stack.lastIndex(of: table), index > 0 {
            back = "‹ " + (simulator.screenTitle(stack[index - 1]) ?? "Back")
        }
        let titleWidth = title.displayWidth
        let start = max(back.displayWidth + 2, (columns - titleWidth) / 2)
        return back + String(repeating: " ", count: max(0, start - back.displayWidth)) + title
    }

    func select(_ arguments: String, _ context: CommandContext) throws {
        let (view, path) = try viewAndIndexPath(arguments, context)
        let stackBefore = simulator.navigationStack
        let writesBefore = writes
        commandEffects = []
        let target = try scrollViewTarget(view, example: { ":select \($0) \(path.section) \(path.row)" }, context)
        let table = target.screen
        switch target.view?.kind {
        case .collection(let collection)?:
            return try selectItem(path, in: collection, of: table, writesBefore: writesBefore, stackBefore: stackBefore, context)
        case .otherTable?:
            let property = target.view?.property ?? ""
            try simulate(context) { try simulator.withTableView(property, of: table) { try selectRow(path, in: table, writesBefore, stackBefore) } }
        case .mainTable?, nil:
            try simulate(context) { try selectRow(path, in: table, writesBefore, stackBefore) }
        }
        if simulator.navigationStack != stackBefore {
            write(Self.navigationLine(simulator.navigationStack) + "\n")
        }
    }

    /// A push or a presentation is an effect too: its navigation line follows.
    private func selectRow(_ path: TableIndexPath, in table: String, _ writesBefore: Int,
                           _ stackBefore: [String]) throws {
        let drawnBefore = drawnCells(table)
        let selected = try simulator.select(path, in: table, effects: { [unowned self] in self.commandEffects ?? [] })
        writeLookChanges(since: drawnBefore, table)
        if selected == nil, let flag = try simulator.selectionTurnedOff(in: table) {
            write("the row at \(path) is not selected: \(flag) is false\n")
        } else if selected == nil, try simulator.tapHighlightRefused(in: table) {
            write("shouldHighlightRow(at: \(path)) returned false: the row is not selected\n")
        } else if selected == nil {
            write("willSelectRow(at: \(path)) returned nil: the row is not selected\n")
        } else if writes == writesBefore && simulator.navigationStack == stackBefore {
            write("no effects\n")
        }
    }

    /// A cell that draws differently is what the tap does too (as :lint counts it): a shown
    /// cell's own change (a setSelected override's checkmark, a configuration update). A row
    /// the tap reloaded (or a table it reloaded or changed the rows of) is that effect's
    /// already; a cell that replaced another came from the data source.
    private func writeLookChanges(since before: [TableIndexPath: (cell: CellObject, drawn: CellSnapshot)], _ table: String) {
        var reloaded = Set<TableIndexPath>()
        for effect in commandEffects ?? [] {
            switch effect {
            case .reloadRows(let paths): reloaded.formUnion(paths)
            case .reloadData, .insertRows, .deleteRows, .moveRow: return
            default: continue
            }
        }
        for line in Self.lookChanges(before.filter { !reloaded.contains($0.key) }, drawnCells(table)) { write(line + "\n") }
    }

    /// The visible cells of the table and what each draws now.
    /// (The cells themselves, held while the tap runs: a freed cell's identity could be a new one's.)
    private func drawnCells(_ table: String) -> [TableIndexPath: (cell: CellObject, drawn: CellSnapshot)] {
        simulator.state(of: table).visibleCells.compactMapValues { value in
            simulator.cellObject(of: value).map { ($0, $0.snapshot) }
        }
    }

    /// A line per visible row whose cell (the same one) draws differently: what it draws now,
    /// of what changed (`cell [0, 0] redrawn: accessoryType .checkmark`).
    static func lookChanges(_ before: [TableIndexPath: (cell: CellObject, drawn: CellSnapshot)],
                            _ after: [TableIndexPath: (cell: CellObject, drawn: CellSnapshot)]) -> [String] {
        after.keys.sorted().compactMap { path in
            guard let b = before[path], let a = after[path], b.cell === a.cell, b.drawn != a.drawn else { return nil }
            let (old, new) = (b.drawn, a.drawn)
            func text(_ t: String?) -> String { t.map(TableEffect.quoted) ?? "nil" }
            var parts: [String] = []
            if old.textLabel.text != new.textLabel.text { parts.append("text " + text(new.textLabel.text)) }
            if old.detailTextLabel?.text != new.detailTextLabel?.text { parts.append("detailText " + text(new.detailTextLabel?.text)) }
            if old.accessoryType != new.accessoryType { parts.append("accessoryType ." + new.accessoryType.rawValue) }
            if old.accessoryView != new.accessoryView { parts.append("accessoryView") }
            if old.imageName != new.imageName { parts.append("image " + text(new.imageName)) }
            if old.backgroundColorName != new.backgroundColorName { parts.append("backgroundColor " + (new.backgroundColorName ?? "nil")) }
            if old.tintColorName != new.tintColorName { parts.append("tintColor " + (new.tintColorName ?? "nil")) }
            if old.contents != new.contents { parts.append("outlets") }
            if old.textLabel != new.textLabel && old.textLabel.text == new.textLabel.text
                || old.detailTextLabel != new.detailTextLabel && old.detailTextLabel?.text == new.detailTextLabel?.text { parts.append("label style") }
            if old.selectionStyle != new.selectionStyle { parts.append("selectionStyle") }
            if old.style != new.style || old.reuseIdentifier != new.reuseIdentifier || old.cellClass != new.cellClass { parts.append("cell") }
            return "cell \(path) redrawn: " + parts.joined(separator: ", ")
        }
    }

    func height(_ arguments: String, _ context: CommandContext) throws {
        let (target, path) = try rowTarget(arguments, command: "height", context)
        let points = try onTableView(target, refusal: ExplorerMessage.heightsOfCollectionView, context) {
            try simulate(context) { try simulator.height(at: path, in: target.screen) }
        }
        write((points.isEstimate ? "~" : "") + JSONWriter.number(points.height) + (points.isEstimate ? " (\(Self.estimateNote))" : "") + "\n")
    }

    /// What a `~` height is: a self-sizing row (SelfSizing.swift).
    static let estimateNote = "estimated: a self-sizing row (automaticDimension) whose content TableLab cannot measure; UIKit sizes it with Auto Layout"

    func heights(_ arguments: String, _ context: CommandContext) throws {
        let words = Self.words(arguments)
        guard words.count <= 1 else { throw context.usage() }
        // One word: a screen's name, else the scroll view of the current screen it names.
        var screen: String?
        var view = words.first
        if let word = words.first, simulator.isScreenName(word) { (screen, view) = (word, nil) }
        let target: ScrollViewTarget
        if let screen {
            target = try scrollViewTarget(nil, screen: screen, example: { ":heights \(screen).\($0)" }, context)
        } else {
            target = try scrollViewTarget(view, example: { ":heights \($0)" }, context)
        }
        let table = target.screen
        let snapshot: TableSnapshot
        switch target.view?.kind {
        case .collection(let collection)?:
            let name = try simulate(context) { try simulator.collectionDisplayName(collection, of: table) }
            throw context.error(ExplorerMessage.heightsOfCollectionView(name))
        case .otherTable?:
            let property = target.view?.property ?? ""
            snapshot = try simulate(context) { try simulator.snapshot(of: table, tableViewProperty: property, includeCells: true, cellsUpToLimit: true) }
        case .mainTable?, nil:
            snapshot = try simulate(context) { try simulator.snapshot(of: table, includeCells: true, cellsUpToLimit: true) }
        }
        var lines: [(String, Double, Bool)] = []
        for (index, section) in snapshot.sections.enumerated() {
            lines.append(("header \(index)", section.headerHeight, false))
            for row in section.rows { lines.append((row.indexPath.description, row.height, row.heightIsEstimate)) }
            lines.append(("footer \(index)", section.footerHeight, false))
        }
        let estimated = lines.contains { $0.2 }
        lines.append(("total", snapshot.contentHeight, estimated))
        let labelWidth = lines.map(\.0.count).max() ?? 0
        // An estimate is marked `~`, as the table's `estimatedRowHeight` is one.
        let numbers = lines.map { ($0.2 ? "~" : "") + JSONWriter.number($0.1) }
        let numberWidth = numbers.map(\.count).max() ?? 0
        var out = ""
        for (line, number) in zip(lines, numbers) {
            out += DisplayWidth.fit(line.0, width: labelWidth) + "  " + DisplayWidth.fit(number, width: numberWidth, alignment: .right) + "\n"
        }
        if estimated { out += "~ " + Self.estimateNote + "\n" }
        write(out)
    }

    func cell(_ arguments: String, _ context: CommandContext) throws {
        let (view, path) = try viewAndIndexPath(arguments, context)
        let target = try scrollViewTarget(view, example: { ":cell \($0) \(path.section) \(path.row)" }, context)
        let table = target.screen
        let cellObject: CellObject
        switch target.view?.kind {
        case .collection(let collection)?:
            return try collectionCell(path, in: collection, of: table, context)
        case .otherTable?:
            let property = target.view?.property ?? ""
            cellObject = try simulate(context) { try simulator.withTableView(property, of: table) { try simulator.cellObject(at: path, in: table) } }
        case .mainTable?, nil:
            cellObject = try simulate(context) { try simulator.cellObject(at: path, in: table) }
        }
        let cell = cellObject.snapshot
        func label(_ label: LabelSnapshot?) -> String {
            guard let label else { return "nil" }
            return "text: \(label.text.map { TableEffect.quoted($0) } ?? "nil"), textAlignment: .\(label.alignmentCase), "
                + "textColor: \(label.colorName.map { "." + $0 } ?? "nil"), alpha: \(JSONWriter.number(label.alpha))"
                + (label.isHidden ? ", isHidden: true" : "")
        }
        // Another table view is named as `:show` heads it; the screen's table by the screen.
        let heading = target.view.map { if case .otherTable = $0.kind { $0.displayName(on: table) } else { table } } ?? table
        var out = "cell \(path) in \(heading)\n"
        out += "  reuseIdentifier  \(TableEffect.quoted(cell.reuseIdentifier))\n"
        out += "  style            \(cell.style.swiftName)\n"
        out += "  textLabel        \(label(cell.textLabel))\n"
        out += "  detailTextLabel  \(label(cell.detailTextLabel))\n"
        out += "  accessoryType    \(cell.accessoryType.swiftName)\n"
        out += "  selectionStyle   \(cell.selectionStyle.swiftName)\n"
        out += Self.accessoryViewLine(cellObject)
        out += Self.cellClassLines(cell, label: label)
        write(out)
    }

    // MARK: - Editing

    func move(_ arguments: String, _ context: CommandContext) throws {
        let halves = arguments.split(separator: " to ", maxSplits: 1).map(String.init)
        guard halves.count == 2, let to = Self.indexPath(halves[1]) else { throw context.usage() }
        let (target, from) = try rowTarget(halves[0], command: "move", rest: " to \(to.section) \(to.row)", context)
        commandEffects = []
        try onTableView(target, refusal: { .collectionViewLacks($0, .interactiveMovement) }, context) {
            try simulate(context) { try simulator.move(from, to: to, in: target.screen) }
        }
        try show("", context)
    }

    func delete(_ arguments: String, _ context: CommandContext) throws {
        let (target, path) = try rowTarget(arguments, command: "delete", context)
        commandEffects = []
        try onTableView(target, refusal: { .collectionViewLacks($0, .swipeToDelete) }, context) {
            try simulate(context) {
                try simulator.delete(path, in: target.screen, effects: { [unowned self] in self.commandEffects ?? [] })
            }
        }
        try show("", context)
    }

    // MARK: - Tables and navigation

    func tables(_ arguments: String, _ context: CommandContext) throws {
        try requireNoArguments(arguments, context)
        var names = simulator.screenNames
        // UIKit's own controller of the launch scene is a screen too, though no class of the script's.
        if let launch = simulator.launchScreenName, !names.contains(launch) { names.insert(launch, at: 0) }
        guard !names.isEmpty else {
            write("no tables\n")
            return
        }
        let current = simulator.currentTableName
        var out = ""
        for name in names { out += (name == current ? "* " : "  ") + name + "\n" }
        if simulator.navigationStack.count > 1 {
            out += Self.navigationLine(simulator.navigationStack) + "\n"
        }
        write(out)
    }

    /// `navigation: A › B › C`, folded when the stack is deep (a segue cycle pushes on
    /// every tap): the root and the screen above it, then the top three, and the depth:
    /// `navigation: A › B › … › A › B › A (12 screens)`.
    static func navigationLine(_ stack: [String], limit: Int = 6) -> String {
        guard stack.count > limit else { return "navigation: " + stack.joined(separator: " › ") }
        let shown = stack.prefix(2) + ["…"] + stack.suffix(3)
        return "navigation: " + shown.joined(separator: " › ") + " (\(stack.count) screens)"
    }

    func use(_ arguments: String, _ context: CommandContext) throws {
        let words = Self.words(arguments)
        guard words.count == 1 else { throw context.usage() }
        let table = try self.table(named: words[0], context)
        simulator.setRoot(table)
        // Standing inside a screen is standing inside it on screen: its view loaded.
        try simulate(context) { try simulator.bringOnScreen(table) }
        simulator.standInside(table)
    }

    /// `:present NAME`: a new instance of the view-controller class (a table block's
    /// singleton) presented modally over the current screen, as `present(_:animated:)` does.
    func present(_ arguments: String, _ context: CommandContext) throws {
        let words = Self.words(arguments)
        guard words.count == 1 else { throw context.usage() }
        let name = try self.table(named: words[0], context)
        try simulate(context) { try simulator.presentScreen(named: name) }
        write(Self.navigationLine(simulator.navigationStack) + "\n")
    }

    func back(_ arguments: String, _ context: CommandContext) throws {
        try requireNoArguments(arguments, context)
        guard simulator.pop() != nil else {
            // Without any screen there is no stack to name a root of.
            guard let current = simulator.currentTableName else { _ = try table(named: nil, context); return }
            throw context.error(ExplorerMessage.nothingToGoBack(root: current))
        }
        write(Self.navigationLine(simulator.navigationStack) + "\n")
    }

    func deviceCommand(_ arguments: String, _ context: CommandContext) throws {
        if arguments.isEmpty {
            write("\(device.name): \(JSONWriter.number(device.width)) x \(JSONWriter.number(device.height)) points\n")
            return
        }
        guard let chosen = Device.named(arguments) else {
            throw context.error(ExplorerMessage.unknownDevice(arguments, devices: Device.all.map(\.name)))
        }
        device = chosen
        simulator.screenWidth = chosen.width
        simulator.screenHeight = chosen.height
        UIKitBuiltins.updateScreenGlobals(interpreter, simulator)
        write("\(chosen.name): \(JSONWriter.number(chosen.width)) x \(JSONWriter.number(chosen.height)) points\n")
    }

    func trace(_ arguments: String, _ context: CommandContext) throws {
        switch arguments {
        case "on": simulator.tracing = true
        case "off": simulator.tracing = false
        default: throw context.usage()
        }
    }

    // MARK: - Files and the session

    func load(_ arguments: String, _ context: CommandContext) throws {
        let path = Self.unquoted(arguments)
        guard !path.isEmpty else { throw context.usage() }
        try runFile(path, context)
    }

    /// `:storyboard FILE`: silent when it reads, as `:load` is.
    func storyboardCommand(_ arguments: String, _ context: CommandContext) throws {
        let path = Self.unquoted(arguments)
        guard !path.isEmpty else { throw context.usage() }
        let text: String
        switch FileAccess.read(path) {
        case .success(let contents): text = contents
        case .failure(let problem): throw context.error(ExplorerMessage.fileError(problem))
        }
        do {
            simulator.storyboards.append(try Storyboard.parse(text, name: path))
        } catch {
            throw context.error(ExplorerMessage.storyboardUnreadable(path: path, error))
        }
    }

    /// `:assets FOLDER`: the colour and image sets of an asset catalog become the symbols
    /// Xcode generates for them (`UIColor.appWhite`, `.appWhite`). Silent when it reads.
    func assetsCommand(_ arguments: String, _ context: CommandContext) throws {
        let path = Self.unquoted(arguments)
        guard !path.isEmpty else { throw context.usage() }
        guard let catalog = AssetCatalog.load(path) else { throw context.error(ExplorerMessage.assetCatalogNotFolder(path: path)) }
        simulator.assets.colors.merge(catalog.colors) { $1 }
        simulator.assets.images.merge(catalog.images) { $1 }
        simulator.assetsLoaded = true
        UIKitBuiltins.installColorNamespace(interpreter, simulator)
    }

    /// `:infoplist FILE`: the app's Info.plist, for the fonts its UIAppFonts registers, by
    /// the PostScript names inside their files (UIFont(name:size:) answers nil for a font
    /// neither iOS nor the app has). Silent when it reads.
    func infoPlistCommand(_ arguments: String, _ context: CommandContext) throws {
        let path = Self.unquoted(arguments)
        guard !path.isEmpty else { throw context.usage() }
        do {
            let fonts = try AppFonts.registered(infoPlist: path)
            simulator.appFonts = (simulator.appFonts ?? []).union(fonts)
        } catch {
            throw context.error(ExplorerMessage.infoPlistUnreadable(path: error.path, reason: error.reason))
        }
    }

    /// `:datamodel PATH`: the classes Xcode generates from a Core Data model's entities
    /// (Codegen "Class Definition") exist in the app though no Swift file holds them; code
    /// that names one is refused as Core Data, not simulated, rather than as a name
    /// that does not exist. Silent when it reads.
    func dataModelCommand(_ arguments: String, _ context: CommandContext) throws {
        let path = Self.unquoted(arguments)
        guard !path.isEmpty else { throw context.usage() }
        let model = String(path.split(separator: "/").last { !$0.hasSuffix(".xcdatamodel") && $0 != "contents" } ?? Substring(path))
        let files = DataModel.contentsFiles(path)
        guard !files.isEmpty else {
            throw context.error(ExplorerMessage.dataModelUnreadable(path: path, reason: "it holds no model's contents file"))
        }
        var classes: [String: String] = [:]
        for file in files {
            let text: String
            switch FileAccess.read(file) {
            case .success(let contents): text = contents
            case .failure(let problem): throw context.error(ExplorerMessage.fileError(problem))
            }
            do {
                for name in try DataModel.generatedClasses(text) { classes[name] = model }
            } catch {
                throw context.error(ExplorerMessage.dataModelUnreadable(path: file, reason: "line \(error.line): \(error.message)"))
            }
        }
        interpreter.generatedClasses.merge(classes) { $1 }
    }

    /// `:module NAME FILE...`: the files of one of the project's own modules (a framework
    /// target the app links), run in order before the code that imports it, as Xcode builds
    /// the framework first. Silent when they run, as `:load` is.
    func moduleCommand(_ arguments: String, _ context: CommandContext) throws {
        let words = Self.quotedWords(arguments)
        guard words.count >= 2, let name = words.first, Self.isIdentifier(name) else { throw context.usage() }
        // swiftc compiles a module's files together: each sees every file's top-level
        // declarations. They run as one text, hoisted as one file's are, whose diagnostics
        // name the file and line each came from.
        var text = "", parts: [SourceFile.Part] = [], line = 1
        for path in words.dropFirst() {
            let read: String
            switch FileAccess.read(path) {
            case .success(let contents): read = contents
            case .failure(let problem): throw context.error(ExplorerMessage.fileError(problem))
            }
            let lines = SourceFile(name: path, text: read).lines
            parts.append(SourceFile.Part(name: path, firstLine: line))
            line += lines.count
            text += lines.joined(separator: "\n") + "\n"
        }
        let file = SourceFile(name: words.count == 2 ? words[1] : name, text: text, parts: parts)
        sources.append(file)
        do {
            try interpreter.runModuleFile(file, module: name)
        } catch {
            var d = error
            d.trace.append("from :\(context.name) \(name)")
            throw d
        }
    }

    /// Words separated by blanks, a word in double quotes holding blanks (`"My Files/A.swift"`).
    static func quotedWords(_ text: String) -> [String] {
        var words: [String] = []
        var current = ""
        var inQuotes = false
        var started = false
        for c in text {
            if c == "\"" {
                inQuotes.toggle()
                started = true
            } else if (c == " " || c == "\t") && !inQuotes {
                if started { words.append(current) }
                current = ""
                started = false
            } else {
                current.append(c)
                started = true
            }
        }
        if started { words.append(current) }
        return words
    }

    static func isIdentifier(_ word: String) -> Bool {
        guard let first = word.first, first == "_" || first.isLetter else { return false }
        return word.allSatisfy { $0 == "_" || $0.isLetter || $0.isNumber }
    }

    func reload(_ arguments: String, _ context: CommandContext) throws {
        try requireNoArguments(arguments, context)
        guard let path = lastLoadedPath else {
            throw context.error(ExplorerMessage.nothingToReload)
        }
        let before = loadedTexts[Self.realPath(path)]
        let loaded = simulator.screens.values.filter(\.isViewLoaded).map(\.typeName)
        try runFile(path, context)
        // A screen keeps its instance across the reload (its values move to the class as
        // redeclared), and UIKit loads a view once: an edited viewDidLoad() does not run on
        // it. Said at once, or the table looks as if the edit did nothing.
        guard let before, let after = loadedTexts[Self.realPath(path)] else { return }
        for screen in Set(loaded).sorted() {
            guard let new = Self.viewDidLoadText(of: screen, in: after, path: path),
                  new != Self.viewDidLoadText(of: screen, in: before, path: path) else { continue }
            write("reload: viewDidLoad() of '\(screen)' changed, but its view was loaded before and keeps what the old one set "
                  + "(UIKit loads a view once); ':reset' then ':load \(path)' starts afresh\n")
        }
    }

    /// The text of the viewDidLoad() a file declares for `screen` (in the class, the table
    /// or an extension), without the lines' indentation; nil when it declares none or does not parse.
    static func viewDidLoadText(of screen: String, in text: String, path: String) -> String? {
        let file = SourceFile(name: path, text: text)
        guard let unit = try? Parser.parse(file, screenSuperclasses: UIKitBuiltins.screenSuperclasses) else { return nil }
        for statement in unit.statements {
            guard case .declaration(let d) = statement.kind else { continue }
            let methods: [FunctionDecl]
            switch d {
            case .table(let t) where t.name == screen: methods = t.members.methods
            case .class(let c) where c.name == screen: methods = c.members.methods
            case .extension(let name, let members, _) where name == screen: methods = members.methods
            default: continue
            }
            guard let f = methods.first(where: { $0.fullName == "viewDidLoad()" && !$0.isStatic }),
                  f.bodyEnd.line >= f.location.line else { continue }
            return (f.location.line...f.bodyEnd.line).compactMap { file.line($0).map { String($0.drop { $0 == " " || $0 == "\t" }) } }
                .joined(separator: "\n")
        }
        return nil
    }

    func runFile(_ path: String, _ context: CommandContext) throws {
        let text: String
        switch FileAccess.read(path) {
        case .success(let contents): text = contents
        case .failure(let problem): throw context.error(ExplorerMessage.fileError(problem))
        }
        let real = Self.realPath(path)
        if filesBeingLoaded.contains(real) {
            throw context.error(ExplorerMessage.alreadyBeingLoaded(path: path))
        }
        filesBeingLoaded.append(real)
        defer { filesBeingLoaded.removeLast() }
        lastLoadedPath = path
        loadedTexts[real] = text
        stoppedScript = nil
        runKinds.append(.script)
        defer { runKinds.removeLast() }
        for (index, part) in SavedSession.parts(of: SourceFile(name: path, text: text)).enumerated() {
            sources.append(part.file)
            do {
                // After the first part, the session has the file's earlier declarations: a
                // later one is a redeclaration where it was typed.
                try interpreter.runScript(part.file, redeclaringInPlace: index > 0)
            } catch {
                if stop != nil { throw error }
                var d = error
                d.trace.append("from :\(context.name) \(path)")
                // An entry that failed when it was typed fails again, as saved: the session
                // went on after it, and so does the load.
                // A part that failed to compile changed nothing: `:info` does not describe it.
                if interpreter.lastUnitWasTakenBack, sources.last === part.file { sources.removeLast() }
                guard part.failedWhenTyped else { stoppedScript = path; throw d }
                errorsReported = true
                errorHandler(d)
            }
        }
    }

    /// `path` with its symbolic links and `.`/`..` resolved, so that two spellings of one
    /// file are one file; as given when it cannot be resolved.
    static func realPath(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    func save(_ arguments: String, _ context: CommandContext) throws {
        var words = Self.words(arguments)
        let all = words.first == "--all" || words.last == "--all"
        words.removeAll { $0 == "--all" }
        let path = Self.unquoted(words.joined(separator: " "))
        guard !path.isEmpty else { throw context.usage() }
        skipRecording = true
        let saved = inputs.filter { all || $0.changesState }
        var text = saved.map { SavedSession.text(of: $0) }.joined()
        if text.isEmpty { text = "// (empty session)\n" }
        if let problem = FileAccess.writeAtomically(text, to: path) { throw context.error(ExplorerMessage.fileError(problem)) }
        let count = saved.count
        write("saved \(count) input\(count == 1 ? "" : "s") to \(DiagnosticRenderer.terminalSafe(path))\n")
    }

    func resetCommand(_ arguments: String, _ context: CommandContext) throws {
        try requireNoArguments(arguments, context)
        guard runKinds.count <= 1 else {
            throw context.error(ExplorerMessage.resetInsideLoad)
        }
        write("reset: every definition is forgotten\n")
        stop = .reset(line: context.location.line)
        throw context.error(ExplorerMessage.stopsTheRun(command: "reset"))
    }

    func undoCommand(_ arguments: String, _ context: CommandContext) throws {
        try requireNoArguments(arguments, context)
        guard runKinds == [.entry] else {
            throw context.error(ExplorerMessage.undoInScript)
        }
        guard inputs.contains(where: \.changesState) else { throw context.error(ExplorerMessage.nothingToUndo) }
        stop = .undo
        throw context.error(ExplorerMessage.stopsTheRun(command: "undo"))
    }

    // MARK: - Helpers

    static func unquoted(_ text: String) -> String {
        if text.count >= 2, text.hasPrefix("\""), text.hasSuffix("\"") { return String(text.dropFirst().dropLast()) }
        return text
    }

    /// The name swiftc's typo correction would offer first (commands and devices are
    /// matched without regard to case, as people type them).
    static func closest(_ name: String, among candidates: [String]) -> String? {
        let others = candidates.filter { $0 != name }
        guard let best = TypoCorrection.candidates(for: name.lowercased(), among: others.map { $0.lowercased() }).first
        else { return nil }
        return others.first { $0.lowercased() == best }
    }
}

extension String {
    func trimmingTrailingSpaces() -> String {
        var s = self
        while let last = s.last, last == " " || last == "\t" { s.removeLast() }
        return s
    }
}

extension Explorer {
    /// A screen's collection views (ScreenCollections.swift): drawn after its table view,
    /// or alone; with `--json`, each as a document of its own.
    func showCollectionViews(_ snapshots: [CollectionSnapshot], of table: String, json: Bool, columns: Int) {
        let renderer = CollectionRenderer(width: columns)
        for snapshot in snapshots {
            // A refreshing control shows its spinner (and title) above the items, as above a table's rows.
            if !json, let title = snapshot.refreshing {
                write("refreshControl: refreshing" + (title.map { " " + TableEffect.quoted($0) } ?? "") + "\n")
            }
            write((json ? renderer.renderJSON(snapshot, title: simulator.screenTitle(table)) : renderer.render(snapshot)) + "\n")
        }
    }

    /// A screen's other table views, after its first (ScreenTables.swift): each under a
    /// line naming its property; with `--json`, each as a document of its own whose
    /// "table" is `Screen.property`.
    func showOtherTableViews(of table: String, json: Bool, renderer: TableRenderer, _ context: CommandContext) throws {
        for property in simulator.otherTableViewNames(of: table) {
            var snapshot = try simulate(context) { try simulator.snapshot(of: table, tableViewProperty: property) }
            snapshot.name = table + "." + property
            if !json { write("\(property):\n") }
            try simulate(context) { try simulator.withTableView(property, of: table) { writeTable(snapshot, of: table, json: json, renderer: renderer) } }
        }
    }
}
