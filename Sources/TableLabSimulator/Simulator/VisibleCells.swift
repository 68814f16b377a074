// What a table view keeps on screen between layout passes, as UIKit keeps it.
//
// UITableView asks its data source once per layout and then holds on to the result: the
// row counts, heights and titles it was told, and the visible cells themselves. Until
// something tells it that the data changed, it asks nothing again; what the script does to
// a visible cell (`tableView.cellForRow(at:)?.accessoryType = .checkmark`) stays on screen,
// and a model changed without `reloadData()` still shows the old rows (Apple's
// documentation of reloadData(), reloadRows(at:with:), insertRows(at:with:) and
// cellForRow(at:), "returns nil if the cell is not visible").
//
// So `:show` draws what the table view holds:
// - the first time, or after `reloadData()`/`reloadSections(_:with:)`, a new data source or
//   delegate, a diffable `apply`, `:style`: a whole layout pass (every count, height, title
//   and cell asked again);
// - after `reloadRows(at:)` and `insertRows`/`deleteRows`/`moveRow(at:to:)`: the counts,
//   heights and titles again, `cellForRowAt` only for the rows reloaded or inserted; the
//   other cells stay, following their rows to their new index paths (within
//   beginUpdates/endUpdates or performBatchUpdates, deletions by the old index paths,
//   insertions by the new, as UIKit reads a batch);
// - otherwise the same sections and cells again, no data-source call at all: each cell is
//   drawn as it is now.
// TableLab draws every row but does not scroll: `cellForRow(at:)` answers the cell of a row
// surely on screen with the table at rest (its bottom above the screen less the tallest
// bars a screen may have), and of the row being tapped; any other laid-out row may be
// offscreen, where UIKit answers nil, so asking for it is an error that says so.

import TableLabInterpreter

/// A table view's last layout, as it holds it until told the data changed.
struct OnScreenTable {
    /// Sections, titles and heights as laid out; the rows' cells are drawn from the cells
    /// themselves (`TableState.visibleCells`), as they are when drawn.
    var layout: TableSnapshot
    /// Rows were reloaded, inserted, deleted or moved since: a pass must ask again.
    var needsUpdate = false
}

/// The display part of a TableState, saved and put back around work that is not the
/// user's (`:lint` lays out and taps on its own).
struct TableDisplay {
    var onScreen: OnScreenTable?
    var visibleCells: [TableIndexPath: Value]
    var scriptCells: [TableIndexPath: Value]
    var cells: [TableIndexPath: CellObject]
}

extension TableState {
    var display: TableDisplay {
        get { TableDisplay(onScreen: onScreen, visibleCells: visibleCells, scriptCells: scriptCells, cells: cells) }
        set {
            onScreen = newValue.onScreen
            visibleCells = newValue.visibleCells
            scriptCells = newValue.scriptCells
            cells = newValue.cells
        }
    }

    /// `reloadData()`: the next layout asks everything again.
    func invalidateLayout() {
        onScreen = nil
    }

    /// `reloadRows(at:)`: those rows' cells are asked again (the old ones go back to the
    /// reuse queue: `scriptCells` keeps them for the row's next dequeue).
    /// A reloaded row leaves the selection, as UIKit is reported to do (Apple does not
    /// document it).
    func reloadRows(_ paths: [TableIndexPath]) {
        selectedRows.removeAll { paths.contains($0) }
        guard onScreen != nil else { return }
        for path in paths { visibleCells[path] = nil }
        onScreen?.needsUpdate = true
    }

    /// Rows deleted (by their index paths before) and inserted (by their index paths
    /// after): the visible cells follow their rows; inserted rows have none yet.
    /// Inside beginUpdates/endUpdates they are collected and applied together.
    func updateRows(deleted: [TableIndexPath], inserted: [TableIndexPath]) {
        if batchDepth > 0 {
            batchDeleted += deleted
            batchInserted += inserted
            return
        }
        shiftSelection(deleted: deleted, inserted: inserted)
        guard var rows = visibleRows() else { return }
        for path in Set(deleted).sorted(by: >) {
            guard rows.indices.contains(path.section), rows[path.section].indices.contains(path.row) else { return invalidateLayout() }
            rows[path.section].remove(at: path.row)
        }
        for path in Set(inserted).sorted() {
            guard rows.indices.contains(path.section), path.row >= 0, path.row <= rows[path.section].count else { return invalidateLayout() }
            rows[path.section].insert(nil, at: path.row)
        }
        show(rows)
    }

    /// The selected rows follow their rows as UIKit's do: a deleted one leaves the
    /// selection, the others move by the rows deleted and inserted before them.
    private func shiftSelection(deleted: [TableIndexPath], inserted: [TableIndexPath]) {
        let gone = Set(deleted), added = Set(inserted).sorted()
        selectedRows = selectedRows.compactMap { path in
            guard !gone.contains(path) else { return nil }
            var row = path.row - gone.filter { $0.section == path.section && $0.row < path.row }.count
            for new in added where new.section == path.section && new.row <= row { row += 1 }
            return TableIndexPath(section: path.section, row: row)
        }
    }

    /// `moveRow(at:to:)`, and a row the user dragged: its cell goes with it.
    func moveRow(from: TableIndexPath, to: TableIndexPath) {
        guard var rows = visibleRows() else { return }
        guard rows.indices.contains(from.section), rows[from.section].indices.contains(from.row) else { return invalidateLayout() }
        let cell = rows[from.section].remove(at: from.row)
        guard rows.indices.contains(to.section), to.row >= 0, to.row <= rows[to.section].count else { return invalidateLayout() }
        rows[to.section].insert(cell, at: to.row)
        show(rows)
    }

    /// The visible cells section by section, nil for a row whose cell is to be asked again.
    private func visibleRows() -> [[Value?]]? {
        guard let layout = onScreen?.layout else { return nil }
        return layout.sections.enumerated().map { s, section in
            section.rows.indices.map { visibleCells[TableIndexPath(section: s, row: $0)] }
        }
    }

    private func show(_ rows: [[Value?]]) {
        var moved: [TableIndexPath: Value] = [:]
        for (s, section) in rows.enumerated() {
            for (r, cell) in section.enumerated() {
                if let cell { moved[TableIndexPath(section: s, row: r)] = cell }
            }
        }
        visibleCells = moved
        // A script cell is reused for the row it now shows, not the one it left.
        scriptCells = moved.filter { if case .type(.table) = $0.value { return true }; return false }
        onScreen?.needsUpdate = true
    }

    func beginUpdates() { batchDepth += 1 }

    func endUpdates() {
        guard batchDepth > 0 else { return }
        batchDepth -= 1
        guard batchDepth == 0 else { return }
        let deleted = batchDeleted, inserted = batchInserted
        batchDeleted = []
        batchInserted = []
        if !deleted.isEmpty || !inserted.isEmpty { updateRows(deleted: deleted, inserted: inserted) }
    }
}

extension TableSimulator {
    /// The table as the table view holds it, without asking the data source: each visible
    /// cell as it is now, the window's width and the table's own views as they are now.
    func redraw(_ layout: TableSnapshot, _ state: TableState) -> TableSnapshot {
        var snapshot = layout
        for s in snapshot.sections.indices {
            for r in snapshot.sections[s].rows.indices {
                let path = snapshot.sections[s].rows[r].indexPath
                if let value = state.visibleCells[path], let cell = cellObject(of: value) {
                    snapshot.sections[s].rows[r].cell = cell.snapshot
                }
            }
        }
        decorate(&snapshot, state)
        return snapshot
    }

    /// Status bar with the Dynamic Island (59), a navigation bar with a large title (96) and
    /// a tab bar above the home indicator (83): the most a screen's bars may cover.
    static let tallestBars: Double = 59 + 96 + 83

    /// Runs `body` while the user acts on the row at `path` (a swipe, an accessory tap):
    /// the row is on screen, wherever it is in the table.
    func withRowInView<T>(_ path: TableIndexPath, of table: String, _ body: () throws -> T) throws -> T {
        let state = try tableViewObject(table).state
        let saved = state.tappedRow
        state.tappedRow = path
        defer { state.tappedRow = saved }
        return try body()
    }

    /// A row below that line may be offscreen on a device, where cellForRow(at:) is nil.
    func requireSurelyOnScreen(_ path: TableIndexPath, _ state: TableState) throws {
        guard path != state.tappedRow, let layout = state.onScreen?.layout,
              layout.sections.indices.contains(path.section),
              layout.sections[path.section].rows.indices.contains(path.row) else { return }
        var bottom = frameHeight(state.otherProperties[TableState.Stored.tableHeaderView])
        bottom += layout.sections[..<path.section].reduce(0) { $0 + $1.contentHeight }
        let section = layout.sections[path.section]
        bottom += section.rows[...path.row].reduce(section.headerHeight) { $0 + $1.height }
        guard bottom > screenHeight - Self.tallestBars else { return }
        throw Interpreter.runtimeError(TableMessage.cellForRowMaybeOffscreen(path, bottom: bottom, screenHeight: screenHeight))
    }

    /// What a table shows besides its sections, read when it is drawn.
    func decorate(_ snapshot: inout TableSnapshot, _ state: TableState) {
        snapshot.width = screenWidth
        for key in [TableState.Stored.tableHeaderView, TableState.Stored.tableFooterView] {
            let view = state.otherProperties[key]
            // UIKit sizes these views by their frames: a label (or any view that is not a
            // container) set as one is what it shows once it has a height.
            let height = frameHeight(view)
            var end = Self.endViewSnapshot(view, includingItself: height > 0)
            end?.height = height
            if key == TableState.Stored.tableHeaderView { snapshot.tableHeaderView = end } else { snapshot.tableFooterView = end }
        }
        snapshot.backgroundView = Self.endViewSnapshot(state.otherProperties[TableState.Stored.backgroundView], includingItself: true)
    }

    /// The value a data source returned for a cell: the script's own cell object when the
    /// cell is one (`as? MyCell` must see it), else the cell.
    func cellValue(_ cell: CellObject, at path: TableIndexPath, _ state: TableState) -> Value {
        if let object = state.scriptCells[path], cellObject(of: object) === cell { return object }
        return .object(cell)
    }

    /// Whether `table` has no layout to tap and more rows than TableLab makes cells for
    /// (the row counts asked untraced, as the simulator's own question).
    func isTooLongForCells(_ table: String) throws -> Bool {
        if let onScreen = state(of: table).onScreen, !onScreen.needsUpdate { return false }
        // viewDidAppear waits for the layout that follows (or for the answer below).
        let driver = try self.driver(for: table, layout: true)
        let counts = try untraced { try driving(driver.tableView) {
            try (0..<driver.numberOfSections()).map { try driver.numberOfRows(inSection: $0) }
        } }
        var total = 0
        for n in counts {
            let (sum, overflow) = total.addingReportingOverflow(n)
            total = overflow ? Int.max : sum
        }
        guard total > Self.maximumRowsWithCells else { return false }
        let vc = try screen(table)
        if vc.appearancePending {
            vc.appearancePending = false
            try didAppear(vc, animated: false)
        }
        return true
    }
}
