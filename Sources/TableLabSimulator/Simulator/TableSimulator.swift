// The simulated UITableView: calls a table block's data-source and delegate methods the
// way UIKit does (with UIKit's defaults for the ones it lacks), lays the table out as a
// snapshot, dispatches taps, and records what the delegate did to the screen.

import TableLabSyntax
import TableLabInterpreter

/// Plays UITableView for the tables of one interpreter.
public final class TableSimulator {
    /// While set, a height UIKit cannot lay out (NaN, infinite, negative) is laid out as
    /// given instead of stopping the run: lint lays tables out this way and reports each
    /// such height as a finding at the code that returned it.
    var acceptsAnyHeight = false

    /// UITableView.automaticDimension.
    public static let automaticDimension: Double = -1
    /// A layout holds every row in memory: past this many it is refused, not attempted.
    public static let maximumLaidOutRows = 10_000_000
    /// A layout with cells (`:show`) holds a snapshot of every row's cell, some hundred
    /// bytes each: past this many rows it is refused (10,000,000 took 3.5 GB).
    public static let maximumRowsWithCells = 100_000
    /// Sections are asked for their row counts one by one: past this many, refused.
    public static let maximumSections = 10_000_000

    let interpreter: Interpreter
    var states: [String: TableState] = [:]
    /// Tables whose methods are running, innermost last: the bare `dequeueReusableCell`
    /// and the global `tableView` act on the innermost.
    var driving: [String] = []
    /// UIKit's controls and alerts (UIKitSelectors.swift): the alert on screen, observers.
    var uikitHost: UIKitHost?
    /// The navigation stack: a segue naming a table pushes it, `:back` pops.
    public private(set) var navigationStack: [String] = []
    public var screenWidth = TableMetrics.defaultScreenWidth
    public var screenHeight = TableMetrics.defaultScreenHeight
    /// `:trace on`: every call to the script's data source and delegate is printed.
    public var tracing = false
    /// Where trace lines go.
    public var traceOutput: (String) -> Void = { _ in }
    /// Called for each effect, as it happens.
    public var effectHandler: (TableEffect) -> Void = { _ in }
    /// Called when the navigation stack changes (push by segue, pop).
    public var navigationChanged: () -> Void = {}
    /// The table that `:show` without a name shows when nothing was pushed or picked.
    public var rootTableName: String?
    /// Storyboards and .xib files loaded (`:storyboard`), in order (TableSimulator+Storyboard.swift).
    public var storyboards: [Storyboard] = []
    /// The prelude's `Section`: its `title` and `footer` are the default titles.
    var builtinSectionIdentity: Int?

    public init(interpreter: Interpreter) {
        self.interpreter = interpreter
    }

    /// The table commands act on: the top of the navigation stack, else the root.
    public var currentTableName: String? {
        if let top = navigationStack.last, interpreter.typeKind(top) == "table" { return top }
        if let root = rootTableName, interpreter.typeKind(root) == "table" { return root }
        return interpreter.tableNames.first
    }

    /// The table whose method is running, else the current one.
    var activeTableName: String? { driving.last ?? currentTableName }

    /// A table's view state; a redeclared table starts afresh (its viewDidLoad runs again).
    func state(of table: String) -> TableState {
        let identity = interpreter.typeIdentity(table)
        if let state = states[table], state.identity == identity { return state }
        let state = TableState(view: TableViewObject(simulator: self, tableName: table), identity: identity)
        applyStoryboard(to: state, screenClass: table)
        states[table] = state
        return state
    }

    func typeName(_ value: Value) -> String { interpreter.typeName(of: value) }

    // MARK: - Navigation

    /// Makes `table` the only table on the stack (`:use`).
    public func setRoot(_ table: String) {
        rootTableName = table
        navigationStack = [table]
    }

    public func push(_ table: String) {
        if navigationStack.isEmpty, let current = currentTableName { navigationStack.append(current) }
        navigationStack.append(table)
        navigationChanged()
    }

    /// Pops the top table; nil when only the root is left.
    @discardableResult
    public func pop() -> String? {
        guard navigationStack.count > 1 else { return nil }
        let top = navigationStack.removeLast()
        navigationChanged()
        return top
    }

    /// Puts back a navigation saved earlier (`:lint` taps each row on a copy of the state).
    func restoreNavigation(_ stack: [String], root: String?) {
        navigationStack = stack
        rootTableName = root
    }

    /// Forgets cells, selections and registrations of tables (after `:reset`).
    public func forgetTables() {
        states = [:]
        navigationStack = []
        rootTableName = nil
        driving = []
    }

    // MARK: - Index paths

    func indexPathValue(_ indexPath: TableIndexPath) -> Value {
        interpreter.makeStruct("IndexPath", ["row": .int(indexPath.row), "section": .int(indexPath.section)])
            ?? .array([.int(indexPath.section), .int(indexPath.row)])
    }

    /// An IndexPath value (or `[s, r]`) back as a TableIndexPath.
    func tableIndexPath(_ value: Value) throws -> TableIndexPath? {
        switch value {
        case .wrapped(let inner): return try tableIndexPath(inner)
        case .array(let parts):
            if parts.count == 2, case .int(let s) = parts[0], case .int(let r) = parts[1] {
                return TableIndexPath(section: s, row: r)
            }
            return nil
        case .structValue:
            guard case .int(let s)? = try interpreter.member("section", of: value),
                  case .int(let r)? = try interpreter.member("row", of: value) else { return nil }
            return TableIndexPath(section: s, row: r)
        default:
            return nil
        }
    }

    func requireIndexPath(_ value: Value, _ method: String) throws -> TableIndexPath {
        guard let path = try tableIndexPath(value) else {
            throw Interpreter.runtimeError("cannot convert value of type '\(typeName(value))' to expected argument type 'IndexPath' in \(method)")
        }
        return path
    }

    func requireIndexPaths(_ value: Value, _ method: String) throws -> [TableIndexPath] {
        guard case .array(let items) = value else {
            throw Interpreter.runtimeError("cannot convert value of type '\(typeName(value))' to expected argument type '[IndexPath]' in \(method)")
        }
        return try items.map { try requireIndexPath($0, method) }
    }

    // MARK: - Effects

    func record(_ effect: TableEffect) {
        effectHandler(effect)
    }

    func performSegue(_ identifier: Value) throws -> Value {
        guard case .string(let id) = identifier else {
            throw Interpreter.runtimeError("cannot convert value of type '\(typeName(identifier))' to expected argument type 'String'")
        }
        let pushes = interpreter.typeKind(id) == "table"
        if pushes { push(id) }
        record(.performSegue(identifier: id, pushedTable: pushes ? id : nil))
        return .void
    }

    // MARK: - UITableView's methods

    /// Cells of a registered prototype, class or nib, or of a storyboard prototype named
    /// like a cell class (CellClasses.swift); the same cell again for an index path already
    /// dequeued in this layout pass, and a script class's cell that showed this index path
    /// in an earlier pass reused (`prepareForReuse()` first), as UIKit reuses cells.
    func dequeue(_ identifier: Value, for indexPath: Value?, table: String) throws -> Value {
        guard case .string(let id) = identifier.unboxedOptional else {
            throw Interpreter.runtimeError("cannot convert value of type '\(typeName(identifier))' to expected argument type 'String'")
        }
        let state = state(of: table)
        let source = cellSource(id, state.registry)
        // The old API without an index path answers nil where the new one throws.
        if indexPath == nil, source == nil, state.registry.style(forIdentifier: id) == nil { return .nilValue }
        let style: CellStyle
        if source != nil {
            style = .default
        } else {
            do {
                style = try state.registry.dequeueStyle(withIdentifier: id)
            } catch {
                throw Interpreter.runtimeError(error.message)
            }
        }
        func make() throws -> Value {
            if let source { return try makeCell(from: source, identifier: id) }
            return .object(makeCell(id, style: style))
        }
        guard let indexPath else {
            // The old API: a new cell each call, or one the table reuses for the row asked.
            if source?.cellClass != nil, let asked = state.cellPathAsked,
               let object = try reusableCell(at: asked, identifier: id, state: state) { return .wrapped(object) }
            return .wrapped(try make())
        }
        let path = try requireIndexPath(indexPath, "dequeueReusableCell(withIdentifier:for:)")
        if let cell = state.cells[path], cell.reuseIdentifier == id {
            if let object = state.scriptCells[path], cellObject(of: object) === cell { return object }
            return .object(cell)
        }
        if source?.cellClass != nil, let object = try reusableCell(at: path, identifier: id, state: state) { return object }
        let object = try make()
        guard let cell = cellObject(of: object) else { return object }
        state.cells[path] = cell
        if source?.cellClass != nil { state.scriptCells[path] = object } else { state.scriptCells[path] = nil }
        return object
    }

    func register(_ identifier: Value, style: Value, table: String) throws -> Value {
        guard case .string(let id) = identifier else {
            throw Interpreter.runtimeError("cannot convert value of type '\(typeName(identifier))' to expected argument type 'String'")
        }
        guard let name = UIKitValue.caseName(style), let cellStyle = CellStyle(rawValue: name) else {
            throw Interpreter.runtimeError("cell style must be one of .default, .subtitle, .value1, .value2")
        }
        state(of: table).registry.register(id, style: cellStyle)
        return .void
    }

    /// A method called on a table view (`tableView.reloadData()`) or in its bare form.
    func callTableViewMethod(_ fullName: String, _ a: [Value], table: String) throws -> Value? {
        let state = state(of: table)
        func animated(_ index: Int) -> Bool {
            if index < a.count, case .bool(let flag) = a[index] { return flag }
            return false
        }
        switch fullName {
        case "dequeueReusableCell(withIdentifier:for:)", "dequeueReusableCellWithIdentifier(_:forIndexPath:)":
            return try dequeue(a[0], for: a[1], table: table)
        case "dequeueReusableCell(withIdentifier:)", "dequeueReusableCellWithIdentifier(_:)":
            return try dequeue(a[0], for: nil, table: table)
        case "register(_:style:)", "register(_:forCellReuseIdentifier:style:)":
            return try register(a[0], style: a[a.count - 1], table: table)
        case "register(_:forCellReuseIdentifier:)", "registerClass(_:forCellReuseIdentifier:)",
             "registerNib(_:forCellReuseIdentifier:)":
            return try registerCell(a[0], identifier: a[1], table: table)
        case "deselectRow(at:animated:)", "deselectRowAtIndexPath(_:animated:)":
            let path = try requireIndexPath(a[0], "deselectRow(at:animated:)")
            if state.selectedRow == path { state.selectedRow = nil }
            record(.deselectRow(path, animated: animated(1)))
            return .void
        case "selectRow(at:animated:scrollPosition:)", "selectRow(at:animated:)":
            let path: TableIndexPath?
            if case .nilValue = a[0] { path = nil } else { path = try requireIndexPath(a[0], "selectRow(at:animated:scrollPosition:)") }
            state.selectedRow = path
            record(.selectRow(path, animated: animated(1)))
            return .void
        case "reloadData()":
            record(.reloadData)
            return .void
        case "reloadRows(at:with:)", "reloadRows(at:)", "reloadRowsAtIndexPaths(_:withRowAnimation:)":
            record(.reloadRows(try requireIndexPaths(a[0], "reloadRows(at:with:)")))
            return .void
        case "reloadSections(_:with:)":
            record(.reloadData)
            return .void
        case "insertRows(at:with:)", "insertRows(at:)", "insertRowsAtIndexPaths(_:withRowAnimation:)":
            record(.insertRows(try requireIndexPaths(a[0], "insertRows(at:with:)")))
            return .void
        case "deleteRows(at:with:)", "deleteRows(at:)", "deleteRowsAtIndexPaths(_:withRowAnimation:)":
            record(.deleteRows(try requireIndexPaths(a[0], "deleteRows(at:with:)")))
            return .void
        case "moveRow(at:to:)":
            record(.moveRow(from: try requireIndexPath(a[0], "moveRow(at:to:)"), to: try requireIndexPath(a[1], "moveRow(at:to:)")))
            return .void
        case "beginUpdates()", "endUpdates()", "layoutIfNeeded()", "setNeedsLayout()":
            return .void
        case "performBatchUpdates(_:completion:)", "performBatchUpdates(_:)":
            if case .function = a[0] { _ = try interpreter.call(a[0], []) }
            return .void
        case "setEditing(_:animated:)":
            if case .bool(let editing) = a[0] { state.isEditing = editing }
            return .void
        case "cellForRow(at:)":
            let path = try requireIndexPath(a[0], "cellForRow(at:)")
            guard let cell = state.cells[path] else { return .nilValue }
            if let object = state.scriptCells[path], cellObject(of: object) === cell { return .wrapped(object) }
            return .wrapped(.object(cell))
        case "numberOfRows(inSection:)":
            guard case .int(let section) = a[0] else { return nil }
            return .int(try driver(for: table).numberOfRows(inSection: section))
        case "performSegue(withIdentifier:sender:)":
            return try performSegue(a[0])
        default:
            return try callSectionTableViewMethod(fullName, a, table: table)
        }
    }

    // MARK: - Driving a table

    func driver(for table: String) throws -> TableDriver {
        guard interpreter.typeKind(table) == "table" else {
            throw Interpreter.runtimeError("cannot find table '\(table)' in scope")
        }
        let driver = TableDriver(simulator: self, table: table)
        let state = state(of: table)
        if !state.loaded {
            // UIKit loads a view controller's view before its table asks anything.
            state.loaded = true
            if interpreter.methodNames(ofType: table).contains("viewDidLoad()") {
                if tracing { traceOutput("trace: viewDidLoad()") }
                _ = try driving(table) { try interpreter.callFunction("\(table).viewDidLoad()", arguments: []) }
            }
        }
        return driver
    }

    /// Runs `body` with `table` as the table being driven.
    func driving<T>(_ table: String, _ body: () throws -> T) rethrows -> T {
        driving.append(table)
        defer { driving.removeLast() }
        return try body()
    }

    /// Lays out `table` as UIKit would: counts, heights, then titles and cells, section
    /// by section (the order `:trace` shows).
    /// Without cells (`includeCells: false`, for `:heights`) each row holds an empty
    /// BasicCell: UIKit needs no cell to know its content height.
    public func snapshot(of table: String, includeCells: Bool = true) throws -> TableSnapshot {
        try layOut(table, includeCells: includeCells)
    }

    /// Throws unless `indexPath` is a row of `table` now.
    public func validate(_ indexPath: TableIndexPath, in table: String) throws {
        let driver = try self.driver(for: table)
        try untraced { try driving(table) {
            let sections = try driver.numberOfSections()
            guard indexPath.section >= 0, indexPath.section < sections else {
                throw Interpreter.runtimeError(
                    "section \(indexPath.section) does not exist: '\(table)' has \(sections) section\(sections == 1 ? "" : "s")")
            }
            let rows = try driver.numberOfRows(inSection: indexPath.section)
            guard indexPath.row >= 0, indexPath.row < rows else {
                throw Interpreter.runtimeError(
                    "row \(indexPath.row) does not exist: section \(indexPath.section) of '\(table)' has \(rows) row\(rows == 1 ? "" : "s")")
            }
        } }
    }

    /// A tap: willSelect, then didSelect. Returns the index path selected, nil when
    /// willSelect refused.
    /// `effects` gives what the tap did so far: when it inserted or deleted rows, the
    /// counts must add up as UIKit checks them.
    public func select(_ indexPath: TableIndexPath, in table: String,
                       effects: () -> [TableEffect] = { [] }) throws -> TableIndexPath? {
        try validate(indexPath, in: table)
        try checkTakesTaps(indexPath, in: table)
        let driver = try self.driver(for: table)
        let before = try untraced { try rowCounts(of: table) }
        let selected: TableIndexPath? = try driving(table) {
            guard let target = try driver.willSelectRow(at: indexPath) else { return nil }
            state(of: table).selectedRow = target
            try driver.didSelectRow(at: target)
            return target
        }
        try untraced { try checkBatchUpdate(table: table, before: before, effects: effects()) }
        return selected
    }

    /// Questions the simulator asks for its own checks, not ones UIKit asks: not traced.
    func untraced<T>(_ body: () throws -> T) rethrows -> T {
        let wasTracing = tracing
        tracing = false
        defer { tracing = wasTracing }
        return try body()
    }

    public func height(at indexPath: TableIndexPath, in table: String) throws -> Double {
        try validate(indexPath, in: table)
        let driver = try self.driver(for: table)
        return try driving(table) { try driver.heightForRow(at: indexPath) }
    }

    /// cellForRow for one row, in a fresh layout pass.
    public func cell(at indexPath: TableIndexPath, in table: String) throws -> CellSnapshot {
        try validate(indexPath, in: table)
        let driver = try self.driver(for: table)
        return try driving(table) {
            state(of: table).cells = [:]
            return try driver.cellForRow(at: indexPath).snapshot
        }
    }

    /// Row counts of every section.
    func rowCounts(of table: String) throws -> [Int] {
        let driver = try self.driver(for: table)
        return try driving(table) {
            try (0..<driver.numberOfSections()).map {
                try interpreter.step()
                return try driver.numberOfRows(inSection: $0)
            }
        }
    }

    /// Drag-reorder: canMoveRow, then moveRow(at:to:). Throws when moving is refused.
    public func move(_ from: TableIndexPath, to: TableIndexPath, in table: String) throws {
        try validate(from, in: table)
        let counts = try rowCounts(of: table)
        guard to.section >= 0, to.section < counts.count, to.row >= 0,
              to.row <= counts[to.section] - (to.section == from.section ? 1 : 0) else {
            throw Interpreter.runtimeError("cannot move a row to \(to): no such place in '\(table)'")
        }
        let driver = try self.driver(for: table)
        try driving(table) {
            guard driver.methods.has(.moveRow) else {
                throw Interpreter.runtimeError("'\(table)' does not support moving rows: it has no moveRow(at:to:)")
            }
            guard try driver.canMoveRow(at: from) else {
                throw Interpreter.runtimeError("canMoveRow(at: \(from)) returned false: the row cannot be moved")
            }
            try driver.moveRow(at: from, to: to)
        }
    }

    /// Swipe-delete: canEditRow, then commit(.delete, forRowAt:); when the data source
    /// deletes rows, the counts must add up as UIKit checks them.
    public func delete(_ indexPath: TableIndexPath, in table: String, effects: () -> [TableEffect]) throws {
        try validate(indexPath, in: table)
        let driver = try self.driver(for: table)
        let before = try untraced { try rowCounts(of: table) }
        try driving(table) {
            guard driver.methods.has(.commit) else {
                throw Interpreter.runtimeError("'\(table)' does not support deleting rows: it has no commit(_:forRowAt:)")
            }
            guard try driver.canEditRow(at: indexPath) else {
                throw Interpreter.runtimeError("canEditRow(at: \(indexPath)) returned false: the row cannot be deleted")
            }
            try driver.commit(editingStyle: "delete", forRowAt: indexPath)
        }
        try untraced { try checkBatchUpdate(table: table, before: before, effects: effects()) }
    }

    /// UIKit's exception for rows inserted where the updated data source has no such
    /// place (NSInternalInconsistencyException, in its words); after the count check.
    func checkInsertion(_ paths: [TableIndexPath], after: [Int]) throws {
        for p in paths {
            guard p.section >= 0, p.section < after.count else {
                throw Interpreter.runtimeError(
                    "attempt to insert row \(p.row) into section \(p.section), but there are only \(after.count) sections after the update")
            }
            guard p.row >= 0, p.row < after[p.section] else {
                throw Interpreter.runtimeError(
                    "attempt to insert row \(p.row) into section \(p.section), but there are only \(after[p.section]) rows in section \(p.section) after the update")
            }
        }
    }

    /// UIKit's consistency check after insertRows/deleteRows: each section's new count
    /// must be the old one plus inserted minus deleted.
    func checkBatchUpdate(table: String, before: [Int], effects: [TableEffect]) throws {
        var inserted: [Int: Int] = [:], deleted: [Int: Int] = [:]
        var reloaded = false
        for effect in effects {
            switch effect {
            case .insertRows(let paths): for p in paths { inserted[p.section, default: 0] += 1 }
            case .deleteRows(let paths): for p in paths { deleted[p.section, default: 0] += 1 }
            case .reloadData: reloaded = true
            default: break
            }
        }
        guard !reloaded, !(inserted.isEmpty && deleted.isEmpty) else { return }
        let after = try rowCounts(of: table)
        for section in 0..<min(before.count, after.count) {
            let expected = before[section] + inserted[section, default: 0] - deleted[section, default: 0]
            if after[section] != expected {
                throw Interpreter.runtimeError(
                    "Invalid update: invalid number of rows in section \(section). The number of rows contained in an existing section after the update (\(after[section])) must be equal to the number of rows contained in that section before the update (\(before[section])), plus or minus the number of rows inserted or deleted from that section (\(inserted[section, default: 0]) inserted, \(deleted[section, default: 0]) deleted)")
            }
        }
        for effect in effects {
            if case .insertRows(let paths) = effect { try checkInsertion(paths, after: after) }
        }
    }
}
