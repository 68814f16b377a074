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

    /// A table view in the screen's view that neither is the one the commands act on nor is
    /// held by a property (code that ran twice and made a second one, the property keeping
    /// only the last): UIKit draws it, and TableLab, which names every table view by its
    /// property, refuses the screen rather than leave it out.
    func checkEveryShownTableViewHeld(_ table: String) throws {
        guard let vc = try? screen(table), let value = vc.value, let main = try? tableViewObject(table) else { return }
        var held: Set<ObjectIdentifier> = [ObjectIdentifier(main)]
        for (name, _) in interpreter.storedProperties(of: value) {
            if case .object(let t as TableViewObject)? = (try? interpreter.member(name, of: value))?.unboxedOptional {
                held.insert(ObjectIdentifier(t))
            }
        }
        let shown = tableViews(in: vc.rootView)
        let unheld = shown.filter { !held.contains(ObjectIdentifier($0)) }.count
        if unheld > 0 { throw Interpreter.runtimeError(UIKitMessage.unheldTableView(screen: table, count: unheld)) }
    }

    /// The table views in a view and its subviews (depth first).
    func tableViews(in view: Value?) -> [TableViewObject] { hostViews(TableViewObject.self, in: view) }

    /// The views of UIKit's class `T` (table views, collection views) in a view and its
    /// subviews, depth first; one found is not searched further.
    func hostViews<T: NativeObject>(_ type: T.Type, in view: Value?, depth: Int = 0) -> [T] {
        guard let view, depth < 16 else { return [] }
        switch view.unboxedOptional {
        case .object(let t as T): return [t]
        case .object(let v as UIViewObject): return v.subviews.flatMap { hostViews(type, in: $0, depth: depth + 1) }
        case .object(let v as ViewObject):
            guard case .array(let subviews)? = v.properties[UIKitObject.Key.subviews] else { return [] }
            return subviews.flatMap { hostViews(type, in: $0, depth: depth + 1) }
        default: return []
        }
    }

    /// Lays out the table view in the property `property` of the screen `table`, as
    /// `snapshot(of:)` lays out its first.
    public func snapshot(of table: String, tableViewProperty property: String, includeCells: Bool = true,
                         cellsUpToLimit: Bool = false) throws -> TableSnapshot {
        try withTableView(property, of: table) { try snapshot(of: table, includeCells: includeCells, cellsUpToLimit: cellsUpToLimit) }
    }

    /// Runs `body` with the table view in the property `property` of the screen `table`
    /// standing for that screen's table.
    func withTableView<T>(_ property: String, of table: String, _ body: () throws -> T) throws -> T {
        let vc = try screen(table)
        guard let value = vc.value,
              case .object(let t as TableViewObject)? = (try interpreter.member(property, of: value))?.unboxedOptional else {
            throw Interpreter.runtimeError(TableMessage.noTableViewProperty(table: table, property: property))
        }
        if t.owner == nil { t.owner = vc }
        let saved = tableViewOverride
        tableViewOverride = (table, t)
        defer { tableViewOverride = saved }
        return try body()
    }
}

extension TableSimulator {
    /// Whether the screen `table` shows UIKit's empty view and nothing else: the app's
    /// storyboards are loaded and none has a scene of its class (so UIKit makes it in code,
    /// with loadView's empty view), no table view after its view loaded, and no subview
    /// added in code. `:show` then draws the empty screen, as a device does (a data source
    /// no table view asks is never called). Without the storyboards the screen's views are
    /// not known, and a screen with no table view stays an error. Its view is loaded and its
    /// appearance calls are made, as for any screen `:show` draws.
    public func showsEmptyView(_ table: String) throws -> Bool {
        try flushTransitions()
        let vc = try screen(table)
        guard storyboards.contains(where: { !$0.controllers.isEmpty }), vc.hostClass == "UIViewController",
              tableView(of: vc) == nil, storyboardScene(forClass: vc.scriptTypeName) == nil else { return false }
        let appearing = !vc.hasAppeared
        try willAppear(vc, animated: false)
        if appearing { try didAppear(vc, animated: false) }
        guard tableView(of: vc) == nil else { return false }
        switch vc.rootView?.unboxedOptional {
        case nil: return true
        case .object(let v as UIViewObject)?: return v.subviews.isEmpty
        case .object(let v as ViewObject)?:
            if case .array(let subviews)? = v.properties[UIKitObject.Key.subviews] { return subviews.isEmpty }
            return true
        default: return false
        }
    }
}
