// A table view cell's selected and highlighted states, kept as UIKit keeps them (UIKit
// does not run on Linux; the order below is from Apple's documentation and published
// logs of a cell subclass's overrides):
// - A tap is two events. Touch down asks `shouldHighlightRowAt` (false: the row is neither
//   highlighted nor selected), highlights the row's cell (`setHighlighted(true, animated:
//   false)`; "highlight happens on touch down, selection on touch up"), then calls
//   `didHighlightRowAt`. Touch up asks `willSelectRowAt`, takes the highlight off (then
//   `didUnhighlightRowAt`), deselects the row selected
//   before in a single-selection table (`willDeselectRowAt`, the old cell's
//   `setSelected(false, animated: false)`, `didDeselectRowAt`), sets the new cell's
//   `setSelected(true, animated: false)`, then calls `didSelectRowAt`. The delegate
//   methods' order is UITableViewDelegate's documented one (willSelect, willDeselect,
//   didDeselect, didSelect); that the highlight goes before the old row's deselection and
//   the new cell's setSelected is what logs of setHighlighted/setSelected overrides show.
//   The `animated` flags of a tap's calls are not documented: TableLab passes false, as
//   published disassembly of UIKit reports for both. Where didUnhighlightRowAt falls
//   relative to willSelectRowAt is not documented either.
// - `selectRow(at:animated:scrollPosition:)` and `deselectRow(at:animated:)` call no
//   delegate method; they set the visible cell's state through `setSelected(_:animated:)`
//   when the row's selection changes (TableLab's choice: whether UIKit tells a cell again
//   that is already in that state is not documented).
// - A cell dequeued for a row the table holds selected is selected before it is shown
//   (and one reused from a selected row is deselected), before its configuration update.
// - A change of the selected or highlighted state asks for a configuration update, which
//   UIKit makes before the cell is next drawn, one update for the requests of an event
//   (Apple's documentation of `setNeedsUpdateConfiguration()`): TableLab makes it at the
//   end of each of a tap's two events, and before `:show` draws a kept cell.

import TableLabInterpreter

extension TableSimulator {
    /// A tap on the row at `indexPath`: the touch down, then the touch up. Returns the row
    /// selected, nil when willSelect refused it.
    func tap(_ indexPath: TableIndexPath, _ driver: TableDriver, _ state: TableState) throws -> TableIndexPath? {
        state.highlightRefused = false
        state.tappedRow = indexPath
        defer { state.tappedRow = nil }
        guard try driver.shouldHighlightRow(at: indexPath) else {
            state.highlightRefused = true
            return nil
        }
        let touched = state.visibleCells[indexPath]
        try setHighlighted(touched, true)
        try driver.highlightChanged(.didHighlightRow, at: indexPath)
        try updatePendingConfigurations(state)
        let selected = try touchUp(indexPath, touched, driver, state)
        try updatePendingConfigurations(state)
        return selected
    }

    /// The touch ends: the highlight goes, then didUnhighlightRowAt.
    private func unhighlight(_ indexPath: TableIndexPath, _ touched: Value?, _ driver: TableDriver) throws {
        try setHighlighted(touched, false)
        try driver.highlightChanged(.didUnhighlightRow, at: indexPath)
    }

    private func touchUp(_ indexPath: TableIndexPath, _ touched: Value?, _ driver: TableDriver,
                         _ state: TableState) throws -> TableIndexPath? {
        // A tap on a selected row of a multiple-selection table deselects it.
        if state.tapsSelectSeveral, state.selectedRows.contains(indexPath) {
            let target = try driver.willDeselectRow(at: indexPath)
            try unhighlight(indexPath, touched, driver)
            guard let target else { return indexPath }
            state.selectedRows.removeAll { $0 == target }
            try setSelected(state.visibleCells[target], false, animated: false)
            try driver.didDeselectRow(at: target)
            return indexPath
        }
        let target = try driver.willSelectRow(at: indexPath)
        try unhighlight(indexPath, touched, driver)
        guard let target else { return nil }
        if state.tapsSelectSeveral {
            if !state.selectedRows.contains(target) { state.selectedRows.append(target) }
        } else {
            // willDeselectRowAt returning nil keeps that row selected ("Return nil if you
            // don't want the row deselected"), so table and cell both keep it, even in a
            // single-selection table.
            for old in state.selectedRows where old != target {
                guard let deselected = try driver.willDeselectRow(at: old) else { continue }
                state.selectedRows.removeAll { $0 == deselected }
                try setSelected(state.visibleCells[deselected], false, animated: false)
                try driver.didDeselectRow(at: deselected)
            }
            if !state.selectedRows.contains(target) { state.selectedRows.append(target) }
        }
        try setSelected(state.visibleCells[target], true, animated: false)
        try driver.didSelectRow(at: target)
        return target
    }

    /// `setSelected(_:animated:)` on a cell as Swift dispatches it (a script subclass's
    /// override first); nothing for a row that shows no cell.
    func setSelected(_ cell: Value?, _ selected: Bool, animated: Bool) throws {
        guard let cell, let object = cellObject(of: cell) else { return }
        _ = try object.dispatch(.setSelected, [.bool(selected), .bool(animated)])
    }

    private func setHighlighted(_ cell: Value?, _ highlighted: Bool) throws {
        guard let cell, let object = cellObject(of: cell) else { return }
        _ = try object.dispatch(.setHighlighted, [.bool(highlighted), .bool(false)])
    }

    /// The configuration updates the visible cells asked for, in the rows' order.
    func updatePendingConfigurations(_ state: TableState) throws {
        let paths = state.visibleCells.keys.sorted { ($0.section, $0.row) < ($1.section, $1.row) }
        for path in paths {
            guard let value = state.visibleCells[path], let object = cellObject(of: value),
                  object.needsConfigurationUpdate else { continue }
            try updateConfiguration(of: value, object)
        }
    }

    /// A cell the data source returned for `path` takes the table's selection of that row.
    func takeSelection(_ value: Value, _ object: CellObject, at path: TableIndexPath, _ state: TableState) throws {
        let selected = state.selectedRows.contains(path)
        guard object.isSelected != selected else { return }
        try setSelected(value, selected, animated: false)
    }

    /// `selectRow(at:animated:scrollPosition:)`: no delegate call; the cells of the rows
    /// it deselects and selects change state (nil deselects every row).
    func selectRowByCode(_ path: TableIndexPath?, animated: Bool, _ state: TableState) throws {
        let before = state.selectedRows
        if let path, state.allowsMultipleSelection {
            if !state.selectedRows.contains(path) { state.selectedRows.append(path) }
        } else {
            state.selectedRow = path
        }
        for old in before where !state.selectedRows.contains(old) {
            try setSelected(state.visibleCells[old], false, animated: animated)
        }
        if let path, !before.contains(path) { try setSelected(state.visibleCells[path], true, animated: animated) }
    }

    /// `deselectRow(at:animated:)`: no delegate call; the row's cell is deselected.
    /// A row not selected is left alone (its cell is not told again).
    func deselectRowByCode(_ path: TableIndexPath, animated: Bool, _ state: TableState) throws {
        guard state.selectedRows.contains(path) else { return }
        state.selectedRows.removeAll { $0 == path }
        try setSelected(state.visibleCells[path], false, animated: animated)
    }
}
