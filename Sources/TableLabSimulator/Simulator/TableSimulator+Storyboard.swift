// Storyboards loaded with `:storyboard FILE` (or `tablelab --storyboard FILE`): what they
// give a screen of the script's, found by its class name (the scene's customClass), as
// UIKit gives it when the storyboard instantiates the view controller.

import TableLabSyntax
import TableLabInterpreter

extension TableSimulator {
    /// The scene of the script's screen class `name` in the storyboards loaded, the last
    /// loaded first (a later file replaces an earlier one's scene of that class).
    func storyboardScene(forClass name: String) -> Storyboard.Controller? {
        for board in storyboards.reversed() {
            if let c = board.controller(forClass: name) { return c }
        }
        return nil
    }

    /// A table view UIKit makes for a screen (a UITableViewController's, an outlet the
    /// storyboard connects) takes its scene's table: its style and its prototype cells. A
    /// cell of the script's class is that class (made as a storyboard makes it); a cell of
    /// one of UIKit's styles has that style; a Custom cell without a class of its own is a
    /// `.default` cell (its `textLabel` is drawn as such a cell's).
    func adoptStoryboard(_ tableView: TableViewObject, of vc: ViewControllerObject) {
        guard let scene = storyboardScene(forClass: vc.scriptTypeName) else { return }
        let outlet = scene.outlets["tableView"]
        guard let table = scene.tables.first(where: { $0.id == outlet }) ?? scene.tables.first else { return }
        adoptStoryboard(tableView, table: table, of: vc)
    }

    /// A table view takes a storyboard table's style and prototype cells.
    func adoptStoryboard(_ tableView: TableViewObject, table: Storyboard.Table, of vc: ViewControllerObject?) {
        adoptTableEndViews(tableView, table: table, of: vc)
        // The table's Row Height (UITableView.rowHeight: used where the delegate has no
        // heightForRowAt) and its selection attributes.
        if let height = table.rowHeight { tableView.state.rowHeight = height }
        if let flag = table.allowsSelection { tableView.state.otherProperties["allowsSelection"] = .bool(flag) }
        if let flag = table.allowsMultipleSelection { tableView.state.otherProperties["allowsMultipleSelection"] = .bool(flag) }
        if let style = TableStyle(rawValue: table.style) { tableView.style = style }
        // What `sectionHeaderHeight` reads back; the layout keeps UIKit's heights per style.
        if let h = table.sectionHeaderHeight { tableView.state.storyboardProperties["sectionHeaderHeight"] = .double(h) }
        if let h = table.sectionFooterHeight { tableView.state.storyboardProperties["sectionFooterHeight"] = .double(h) }
        let state = tableView.state
        // A static table's cells are no prototypes: dequeueing one of their identifiers
        // raises UIKit's "unable to dequeue" exception, as on a device.
        for p in table.prototypes where !table.isStatic {
            guard let id = p.reuseIdentifier else { continue }
            state.storyboardPrototypes[id] = p
            if let cellClass = p.customClass, interpreter.typeKind(cellClass) == "class" {
                state.registry.register(id, source: .storyboard(cellClass: cellClass))
            } else {
                state.registry.register(id, style: p.style ?? .default)
            }
        }
    }

    /// The navigation title the storyboard gives a screen when it makes it (code may set
    /// another in viewDidLoad, as in an app).
    func adoptStoryboardTitle(_ vc: ViewControllerObject) {
        guard vc.navigationItem.title == nil, let scene = storyboardScene(forClass: vc.scriptTypeName) else { return }
        vc.navigationItem.title = scene.title
    }
}
