// A screen that shows several table views (a storyboard scene with two tables in a stack
// view, two `UITableView` properties): UIKit draws every one of them, so `:show` does,
// the first (the one `:select`, `:cell` and the other commands act on) and then each
// other table view, named by its property.

import TableLabSyntax
import TableLabInterpreter

extension TableSimulator {
    /// The names of the properties of the screen `table` that hold table views other than
    /// the one the commands act on, in declaration order; [] for a screen with one table.
    /// Only a table view on screen counts: its storyboard scene's, or one in its view.
    public func otherTableViewNames(of table: String) -> [String] {
        guard let vc = try? screen(table), let value = vc.value, let main = try? tableViewObject(table) else { return [] }
        var seen: Set<ObjectIdentifier> = [ObjectIdentifier(main)]
        var names: [String] = []
        let shown = Set(vc.sceneTables.values.map(ObjectIdentifier.init) + tableViews(in: vc.rootView).map(ObjectIdentifier.init))
        for (name, _) in interpreter.storedProperties(of: value) {
            guard case .object(let t as TableViewObject)? = (try? interpreter.member(name, of: value))?.unboxedOptional,
                  shown.contains(ObjectIdentifier(t)), seen.insert(ObjectIdentifier(t)).inserted else { continue }
            names.append(name)
        }
        return names
    }

    /// The table views in a view and its subviews (depth first).
    func tableViews(in view: Value?, depth: Int = 0) -> [TableViewObject] {
        guard let view, depth < 16 else { return [] }
        switch view.unboxedOptional {
        case .object(let t as TableViewObject): return [t]
        case .object(let v as UIViewObject): return v.subviews.flatMap { tableViews(in: $0, depth: depth + 1) }
        case .object(let v as ViewObject):
            guard case .array(let subviews)? = v.properties["subviews"] else { return [] }
            return subviews.flatMap { tableViews(in: $0, depth: depth + 1) }
        default: return []
        }
    }

    /// Lays out the table view in the property `property` of the screen `table`, as
    /// `snapshot(of:)` lays out its first.
    public func snapshot(of table: String, tableViewProperty property: String) throws -> TableSnapshot {
        let vc = try screen(table)
        guard let value = vc.value,
              case .object(let t as TableViewObject)? = (try interpreter.member(property, of: value))?.unboxedOptional else {
            throw Interpreter.runtimeError("'\(table)' has no table view '\(property)'")
        }
        if t.owner == nil { t.owner = vc }
        tableViewOverride = t
        defer { tableViewOverride = nil }
        return try snapshot(of: table)
    }
}
