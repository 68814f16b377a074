// The scroll views a screen shows (its table views and collection views), for the
// commands that act on one of them (`:select`, `:cell`, `:heights`): a screen with one
// is acted on as it is; with several, the command names the one it means by the property
// that holds it, as a view controller's code names it (docs/COMMANDS.md, "Screens with
// several scroll views"). Which one UIKit would hand a tap depends on where the finger
// lands, which a command does not say: TableLab never picks one for it.

import TableLabSyntax
import TableLabInterpreter

/// One scroll view of a screen, named by the property of the view controller that holds
/// it (nil when none does: a view only the view hierarchy holds).
struct ScreenScrollView {
    enum Kind {
        /// The screen's table view the commands act on by default (`tableViewObject`).
        case mainTable
        /// Another table view, reached through its property.
        case otherTable
        case collection(CollectionViewObject)
    }

    let property: String?
    let kind: Kind

    /// As `:show` heads its drawing: `Screen.property`, or the screen alone.
    func displayName(on screen: String) -> String {
        property.map { screen + "." + $0 } ?? screen
    }
}

extension TableSimulator {
    /// The scroll views of the screen `table` in the order `:show` draws them: its table
    /// view, its other table views, then its collection views. Its view is loaded first
    /// (as UIKit loads it before anything asks it), so that the views viewDidLoad adds count
    /// before the first command too.
    func scrollViews(of table: String) throws -> [ScreenScrollView] {
        let vc = try screen(table)
        if !vc.isTableBlock { try loadViewIfNeeded(vc) }
        var found: [ScreenScrollView] = []
        if let main = tableView(of: vc) {
            found.append(ScreenScrollView(property: propertyHolding(main, in: vc) ?? ownViewProperty(main, in: vc), kind: .mainTable))
        }
        found += otherTableViewNames(of: table).map { ScreenScrollView(property: $0, kind: .otherTable) }
        for collection in try shownCollectionViewsIfAny(vc) {
            found.append(ScreenScrollView(property: propertyHolding(collection, in: vc) ?? ownViewProperty(collection, in: vc),
                                          kind: .collection(collection)))
        }
        return found
    }

    /// The stored property of the screen that holds `view`, in declaration order.
    private func propertyHolding(_ view: NativeObject, in vc: ViewControllerObject) -> String? {
        guard let value = vc.value else { return nil }
        for (name, _) in interpreter.storedProperties(of: value) {
            if case .object(let held)? = (try? interpreter.member(name, of: value))?.unboxedOptional, held === view { return name }
        }
        return nil
    }

    /// UIKit's own property for a UITableViewController's or UICollectionViewController's view.
    private func ownViewProperty(_ view: NativeObject, in vc: ViewControllerObject) -> String? {
        if vc.ownTableView === view || (vc.hostClass == "UITableViewController" && view is TableViewObject) { return "tableView" }
        if vc.ownCollectionView === view { return "collectionView" }
        return nil
    }

    /// Lays out `collection` and checks that `path` is one of its items: the item as
    /// `:show` draws it.
    func collectionItem(_ path: TableIndexPath, in collection: CollectionViewObject, named name: String) throws -> CollectionItemSnapshot {
        let snapshot = try snapshot(of: collection, named: name)
        guard path.section >= 0, path.section < snapshot.sections.count else {
            throw Interpreter.runtimeError(UIKitMessage.noSuchSection(section: path.section, table: name, count: snapshot.sections.count))
        }
        let items = snapshot.sections[path.section].items
        guard path.row >= 0, path.row < items.count else {
            throw Interpreter.runtimeError(UIKitMessage.noSuchItem(item: path.row, section: path.section, collection: name, count: items.count))
        }
        return items[path.row]
    }
}
