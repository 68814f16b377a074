// `:select`, `:cell` and `:heights` on a screen's scroll views (ScreenScrollViews.swift):
// the one a screen has, or the one the command names (`:select collectionView 0 1`,
// `:heights Screen.bottom`); a screen with several and none named is refused with the
// names to choose from, since which one a tap reaches is where the finger lands.

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
    func scrollViewTarget(_ view: String?, screen screenName: String? = nil, example: (String) -> String,
                          _ context: CommandContext) throws -> ScrollViewTarget {
        var screenName = screenName
        var property = view
        if let view, let dot = view.firstIndex(of: ".") {
            screenName = String(view[..<dot])
            property = String(view[view.index(after: dot)...])
        }
        let screen = try table(named: screenName, context)
        // The collection views are laid out (and a screen showing only them appears), as
        // `:show` would before the finger lands.
        _ = try simulate(context) { try simulator.collectionSnapshots(of: screen) }
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

    /// `:select` on a collection view: UICollectionView's tap (CollectionLayout.swift).
    func selectItem(_ path: TableIndexPath, in collection: CollectionViewObject, of screen: String,
                    writesBefore: Int, stackBefore: [String], _ context: CommandContext) throws {
        let selected = try simulate(context) { try simulator.selectItem(path, in: collection, of: screen) }
        if !selected {
            write("the item at \(path) is not selected (allowsSelection is false, or shouldSelectItemAt returned false)\n")
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
