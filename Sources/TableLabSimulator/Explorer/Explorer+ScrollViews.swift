// The row commands on a screen's scroll views (ScreenScrollViews.swift): the one a screen
// has, or the one the command names (`:select collectionView 0 1`, `:heights Screen.bottom`,
// `:delete bottom 0 1`); a screen with several and none named is refused with the names to
// choose from, since which one a finger reaches is where it lands. A command that a
// collection view has no counterpart of is refused by name, never run on a table instead.

import TableLabSyntax
import TableLabInterpreter

extension Explorer {
    /// What a row command acts on: the screen, and the scroll view named or found.
    struct ScrollViewTarget {
        let screen: String
        /// nil: the screen shows no table or collection view that TableLab found; the
        /// command goes to its table as before and reports what is missing.
        let view: ScreenScrollView?
    }

    /// `[VIEW] SECTION ROW`: VIEW begins with a letter or `_` (an index path never does).
    func viewAndIndexPath(_ arguments: String, _ context: CommandContext) throws -> (view: String?, path: TableIndexPath) {
        let words = Self.words(arguments)
        if let first = words.first, let c = first.first, c.isLetter || c == "_" {
            let rest = words.dropFirst().joined(separator: " ")
            return (first, try requireIndexPath(rest, context))
        }
        return (nil, try requireIndexPath(arguments, context))
    }

    /// The scroll view `view` names (`property`, or `Screen.property`; a screen's name
    /// alone for `:heights`), else the current screen's only one. `example` spells the
    /// command as the refusal suggests it, given a view's name.
    /// `layOutCollections` false: the view is loaded but nothing laid out (`:style`, which
    /// UIKit's storyboard attribute sets before any layout).
    func scrollViewTarget(_ view: String?, screen screenName: String? = nil, layOutCollections: Bool = true,
                          example: (String) -> String, _ context: CommandContext) throws -> ScrollViewTarget {
        var screenName = screenName
        var property = view
        if let view, let dot = view.firstIndex(of: ".") {
            screenName = String(view[..<dot])
            property = String(view[view.index(after: dot)...])
        }
        let screen = try table(named: screenName, context)
        // The collection views are laid out (and a screen showing only them appears), as
        // `:show` would before the finger lands.
        if layOutCollections { _ = try simulate(context) { try simulator.collectionSnapshots(of: screen) } }
        let views = try simulate(context) { try simulator.scrollViews(of: screen) }
        let names = views.compactMap(\.property)
        guard let property else {
            guard views.count <= 1 else {
                let suggestion = example(names.last ?? "VIEW")
                throw context.error(ExplorerMessage.severalScrollViews(screen: screen, views: names, count: views.count, example: suggestion))
            }
            return ScrollViewTarget(screen: screen, view: views.first)
        }
        guard let found = views.first(where: { $0.property == property }) else {
            throw context.error(ExplorerMessage.noScrollViewNamed(screen: screen, name: property, views: names))
        }
        return ScrollViewTarget(screen: screen, view: found)
    }

    /// The `[VIEW] S R` arguments of a row command, the scroll view they name and the index path.
    /// `rest` follows the index path in the refusal's example (`:move`'s ` to S R`).
    func rowTarget(_ arguments: String, command: String, rest: String = "",
                   _ context: CommandContext) throws -> (ScrollViewTarget, TableIndexPath) {
        let (view, path) = try viewAndIndexPath(arguments, context)
        let target = try scrollViewTarget(view, example: { ":\(command) \($0) \(path.section) \(path.row)\(rest)" }, context)
        return (target, path)
    }

    /// Runs `body` on the table view `target` names, which stands for its screen's table
    /// meanwhile (`TableSimulator.withTableView`); a collection view is refused (`refusal`,
    /// given its name), as UIKit has no such thing for it or TableLab does not simulate it. `body` wraps the simulator's
    /// errors itself (`simulate`): the command's own errors carry no trace.
    func onTableView<T>(_ target: ScrollViewTarget, refusal: (String) -> ExplorerMessage, _ context: CommandContext,
                        _ body: () throws -> T) throws -> T {
        switch target.view?.kind {
        case .collection(let collection)?:
            let name = try simulate(context) { try simulator.collectionDisplayName(collection, of: target.screen) }
            throw context.error(refusal(name))
        case .otherTable?, .mainTable?, nil:
            return try inTableView(target, body)
        }
    }

    /// Runs `body` with the table view `target` names standing for its screen's table (for
    /// a target that is no collection view, which the caller has dealt with).
    func inTableView<T>(_ target: ScrollViewTarget, _ body: () throws -> T) throws -> T {
        guard case .otherTable? = target.view?.kind, let property = target.view?.property else { return try body() }
        return try simulator.withTableView(property, of: target.screen, body)
    }

    /// `:select` on a collection view: UICollectionView's tap (CollectionLayout.swift).
    func selectItem(_ path: TableIndexPath, in collection: CollectionViewObject, of screen: String,
                    writesBefore: Int, stackBefore: [String], _ context: CommandContext) throws {
        let selected = try simulate(context) { try simulator.selectItem(path, in: collection, of: screen) }
        if !selected {
            write("the item at \(path) is not selected (allowsSelection is false, or shouldHighlightItemAt or shouldSelectItemAt returned false)\n")
        } else if writes == writesBefore {
            write("no effects\n")
        }
        if simulator.navigationStack != stackBefore { write(Self.navigationLine(simulator.navigationStack) + "\n") }
    }

    /// `:cell` on a collection view: the cell `cellForItem(at:)` answers, as `:show` draws it.
    func collectionCell(_ path: TableIndexPath, in collection: CollectionViewObject, of screen: String,
                        _ context: CommandContext) throws {
        let item = try simulate(context) { try simulator.collectionItem(path, in: collection, of: screen) }
        let name = try simulate(context) { try simulator.collectionDisplayName(collection, of: screen) }
        var out = "cell \(path) in \(name)\n"
        out += "  class            \(item.className)\n"
        out += "  size             \(JSONWriter.number(item.width))×\(JSONWriter.number(item.height))\n"
        out += "  backgroundColor  \(item.backgroundColorName.map { "." + $0 } ?? "nil")\n"
        out += "  isSelected       \(item.isSelected)\n"
        if !item.views.isEmpty {
            out += "  views            \(TableSimulator.endViewLine(TableEndViewSnapshot(typeName: item.className, views: item.views)))\n"
        }
        write(out)
    }
}
