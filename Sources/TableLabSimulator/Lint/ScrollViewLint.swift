// `:lint` over every scroll view of a screen (ScreenScrollViews.swift): its table view,
// its other table views (each standing for the screen's table meanwhile, as `:heights
// bottom` runs), and its collection views. On a screen with several, each finding is
// labelled with the scroll view it is about (`in 'Split.bottom': ...`), since the same
// data-source code answers for all of them. The screen's `sections`/`items` are compared
// with its first table view only: which other view they feed, the code does not say.

import TableLabSyntax
import TableLabInterpreter

extension TableLinter {
    func lintScrollViews(_ name: String, _ table: (file: SourceFile, decl: TableDecl)) {
        // A UICollectionViewController no code has made yet is made with `init()`, which
        // gives it no layout: its code makes it with one (it is linted once it is shown).
        if (try? simulator.lacksCollectionLayout(name)) == true { return }
        // A screen whose views cannot be listed (no table view, an error in viewDidLoad)
        // is linted as before, which reports what is wrong with it.
        guard let views = try? simulator.scrollViews(of: name), !views.isEmpty else { return lint(name, table) }
        let several = views.count > 1
        defer { scrollViewLabel = nil }
        for view in views {
            scrollViewLabel = several ? view.displayName(on: name) : nil
            switch view.kind {
            case .mainTable:
                lint(name, table)
            case .otherTable:
                guard let property = view.property else { continue }
                do {
                    try simulator.withTableView(property, of: name) { lint(name, table, checksData: false) }
                } catch {
                    failed(error, while: "laid out '\(view.displayName(on: name))'", table: table)
                }
            case .collection(let collection):
                lintCollection(collection, of: name, table)
            }
        }
    }

    /// Lays the collection view out afresh (its cells and selection are put back after) and
    /// taps every item: an item that shows nothing, and an error a layout or tap raises.
    /// An item whose tap does nothing is no finding: a collection view's cell shows no
    /// selection unless its code draws one, so nothing invites the tap.
    func lintCollection(_ collection: CollectionViewObject, of name: String, _ table: (file: SourceFile, decl: TableDecl)) {
        let saved = (collection.onScreen, collection.previous, collection.selectedItems)
        collection.onScreen = nil
        collection.previous = nil
        collection.selectedItems = []
        defer {
            collection.onScreen = saved.0
            collection.previous = saved.1
            collection.selectedItems = saved.2
        }
        let label = (try? simulator.collectionDisplayName(collection, of: name)) ?? name
        let snapshot: CollectionSnapshot
        do {
            snapshot = try simulator.snapshot(of: collection, named: label)
        } catch {
            failed(error, while: "laid out '\(label)'", table: table)
            return
        }
        let cellForItem = table.decl.members.methods.first { $0.fullName == "collectionView(_:cellForItemAt:)" }
        // The label is in the finding itself.
        let outer = scrollViewLabel
        scrollViewLabel = nil
        defer { scrollViewLabel = outer }
        for section in snapshot.sections {
            for item in section.items where item.className == "UICollectionViewCell" && item.views.isEmpty
                && item.backgroundColorName == nil && !drawsBackground(collection.onScreen?.cell(at: item.indexPath)) {
                warn(.itemShowsNothing(indexPath: "\(item.indexPath)", collection: label, cellClass: item.className),
                     at: cellForItem?.location ?? table.decl.location, in: table.file)
            }
        }
        for section in snapshot.sections {
            for item in section.items { tapItem(item.indexPath, in: collection, label: label, of: name, table) }
        }
    }

    /// Whether UIKit's own cell `cell` shows something besides views and its background
    /// colour: a background view or configuration, a content configuration, a coloured
    /// content view. (A script's cell class is not judged: it may draw in ways TableLab
    /// does not see.)
    private func drawsBackground(_ cell: Value?) -> Bool {
        guard case .object(let object)? = cell?.unboxedOptional else { return false }
        for name in ["backgroundView", "selectedBackgroundView", "contentConfiguration"] {
            if let value = try? object.member(name), CellObject.unwrapped(value) != nil { return true }
        }
        // Only one the script set: reading the property would make UIKit's default.
        if let cell = object as? CellObject, cell.backgroundConfiguration.flatMap(CellObject.unwrapped) != nil { return true }
        if case .object(let view)? = (try? object.member("contentView"))??.unboxedOptional,
           CellObject.colorName(try? view.member("backgroundColor")) != nil { return true }
        return false
    }

    /// One tap on a copy of the session's state, put back after.
    private func tapItem(_ path: TableIndexPath, in collection: CollectionViewObject, label: String, of name: String,
                         _ table: (file: SourceFile, decl: TableDecl)) {
        let before = explorer.copySessionState()
        let navigation = (simulator.navigationStack, simulator.rootTableName)
        let current = (interpreter.currentTableName, interpreter.topLevelInstance)
        let savedEffects = simulator.effectHandler
        simulator.effectHandler = { _ in }
        collection.selectedItems = []
        defer {
            simulator.effectHandler = savedEffects
            interpreter.restoreState(before)
            simulator.restoreNavigation(navigation.0, root: navigation.1)
            interpreter.currentTableName = current.0
            interpreter.topLevelInstance = current.1
        }
        do {
            _ = try simulator.selectItem(path, in: collection, of: name)
        } catch {
            failed(error, while: "tapped the item at \(path) of '\(label)'", table: table)
        }
    }
}
