// The collection views a screen shows (in its view, at any depth): `:show` draws each
// after the screen's table view, or alone when it has none; `:select` taps an item of one
// (ScreenScrollViews.swift says which).

import TableLabSyntax
import TableLabInterpreter

/// One item as `:show` draws it: its place, size and what its cell's views show.
public struct CollectionItemSnapshot: Sendable {
    public var indexPath: TableIndexPath
    public var line: Int
    public var column: Int
    public var width: Double
    public var height: Double
    /// The script's cell class, else `UICollectionViewCell`.
    public var className: String
    /// The content view's views, then those added to the cell itself.
    public var views: [ViewItemSnapshot]
    public var backgroundColorName: String?
    public var isSelected: Bool
}

public struct CollectionSnapshot: Sendable {
    /// The screen's name, with the property holding the collection view when there is one
    /// (`Gallery.collectionView`).
    public var name: String
    public var scrollDirection: String
    /// The width (vertical) or height (horizontal) its lines fill.
    public var extent: Double
    public var sections: [CollectionSectionSnapshot]
    /// Its `refreshControl` while refreshing: its title, if any (`.some(nil)`: none).
    public var refreshing: String?? = nil
}

public struct CollectionSectionSnapshot: Sendable {
    public var items: [CollectionItemSnapshot]
    /// What its header and footer views show, with their height (vertical) or width.
    public var header: TableEndViewSnapshot?
    public var footer: TableEndViewSnapshot?
}

extension TableSimulator {
    /// Whether the screen's class shows signs of a collection view: a UICollectionView
    /// property or the data-source protocol. Only such a screen's view is loaded early.
    private func mayShowCollectionView(_ vc: ViewControllerObject) -> Bool {
        guard let value = vc.value else { return false }
        if vc.hostClass == "UICollectionViewController" { return true }
        if interpreter.instanceConforms(value, to: "UICollectionViewDataSource") { return true }
        return interpreter.storedProperties(of: value).contains { $0.type?.hasPrefix("UICollectionView") == true }
    }

    /// The collection views in a view and its subviews (depth first).
    func collectionViews(in view: Value?) -> [CollectionViewObject] { hostViews(CollectionViewObject.self, in: view) }

    /// The collection views a screen shows: a UICollectionViewController's own, else those
    /// in its view and its storyboard scene's.
    private func shownCollectionViews(_ vc: ViewControllerObject) throws -> [CollectionViewObject] {
        if vc.hostClass == "UICollectionViewController" { return [try vc.collectionViewForController()] }
        // A storyboard scene's collection views are in its view as the file lays them out.
        let inView = collectionViews(in: vc.rootView)
        return inView + vc.sceneCollectionViews.filter { c in !inView.contains { $0 === c } }
    }

    /// The collection views the screen `table` shows, laid out, and whether it shows no
    /// table view (then they are all it draws, and its appearance calls are made here).
    /// With a table view, viewDidAppear waits for the table's layout, as for any table.
    public func collectionSnapshots(of table: String) throws -> (snapshots: [CollectionSnapshot], alone: Bool) {
        let vc = try screen(table)
        guard mayShowCollectionView(vc) else { return ([], false) }
        let appearing = !vc.hasAppeared
        try willAppear(vc, animated: false)
        let found = try shownCollectionViews(vc)
        guard !found.isEmpty else { return ([], false) }
        let alone = tableView(of: vc) == nil
        if appearing && !alone { vc.appearancePending = true }
        var snapshots: [CollectionSnapshot] = []
        for collection in found {
            if collection.owner == nil { collection.owner = vc }
            snapshots.append(try snapshot(of: collection, named: collectionName(collection, in: vc, table: table)))
        }
        if appearing && alone { try didAppear(vc, animated: false) }
        return (snapshots, alone)
    }

    /// `Screen.property` for a collection view a stored property holds, else the screen's name.
    private func collectionName(_ collection: CollectionViewObject, in vc: ViewControllerObject, table: String) -> String {
        guard let value = vc.value else { return table }
        if collection === vc.ownCollectionView { return table + ".collectionView" }
        for (name, _) in interpreter.storedProperties(of: value) {
            if case .object(let c as CollectionViewObject)? = (try? interpreter.member(name, of: value))?.unboxedOptional, c === collection {
                return table + "." + name
            }
        }
        return table
    }

    func snapshot(of collection: CollectionViewObject, named name: String) throws -> CollectionSnapshot {
        let layout = try collection.laidOut()
        func supplementary(_ s: CollectionSupplementaryLayout?) -> TableEndViewSnapshot? {
            guard let s, let view = reusableView(of: s.view) else { return nil }
            var snapshot = TableSimulator.endViewSnapshot(.object(view)) ?? TableEndViewSnapshot(typeName: view.typeName, views: [])
            snapshot.typeName = view.scriptClassName ?? view.typeName
            snapshot.height = s.size
            return snapshot
        }
        let sections = layout.sections.map { section in
            CollectionSectionSnapshot(items: section.items.map { item -> CollectionItemSnapshot in
                let cell = collectionCell(of: item.cell)
                var views: [ViewItemSnapshot] = []
                if let cell {
                    views = (TableSimulator.endViewSnapshot(cell.properties[UIKitObject.Key.contentView])?.views ?? [])
                        + (TableSimulator.endViewSnapshot(.object(cell))?.views ?? [])
                }
                return CollectionItemSnapshot(
                    indexPath: item.path, line: item.line, column: item.column, width: item.width, height: item.height,
                    className: cell?.scriptClassName ?? "UICollectionViewCell", views: views,
                    backgroundColorName: CellObject.colorName(try? cell?.member(id: UIKitObject.Key.backgroundColor)),
                    isSelected: collection.selectedItems.contains(item.path))
            }, header: supplementary(section.header), footer: supplementary(section.footer))
        }
        var snapshot = CollectionSnapshot(name: name, scrollDirection: layout.scrollDirection, extent: layout.extent, sections: sections)
        if let control = RefreshControlObject.held(by: collection), control.isRefreshing { snapshot.refreshing = .some(control.title) }
        return snapshot
    }

    /// The collection views a screen shows, none for a screen with no sign of one.
    func shownCollectionViewsIfAny(_ vc: ViewControllerObject) throws -> [CollectionViewObject] {
        mayShowCollectionView(vc) ? try shownCollectionViews(vc) : []
    }

    /// `collectionView.cellForItem(at:)` and its place, for `:cell` (the item validated first).
    func collectionItem(_ path: TableIndexPath, in collection: CollectionViewObject, of table: String) throws -> CollectionItemSnapshot {
        try collectionItem(path, in: collection, named: collectionName(collection, in: try screen(table), table: table))
    }

    /// `:select S I` on one of the screen's collection views (false: no item selected).
    func selectItem(_ path: TableIndexPath, in collection: CollectionViewObject, of table: String) throws -> Bool {
        try tapItem(path, in: collection, named: collectionName(collection, in: try screen(table), table: table))
    }

    /// `Screen.property`, as `:show` heads a collection view's drawing.
    func collectionDisplayName(_ collection: CollectionViewObject, of table: String) throws -> String {
        collectionName(collection, in: try screen(table), table: table)
    }
}
