// `UISearchController(searchResultsController: nil)`: the search field a table view controller
// puts in its navigation item (or as its table's header view), filtering its own table. The
// user's typing is `:search TEXT` (Explorer+UIKit.swift). As UIKit does it, the controller
// becomes active (which already calls the updater's `updateSearchResults(for:)`), the
// search bar's text changes (`searchBar(_:textDidChange:)` of its delegate), and the updater
// is called again; Cancel clears the text, deactivates and calls the updater. TEXT arrives
// as one change, as a paste does, not one call per character. Installed at the first mention
// of `UISearchController`. A results controller other than nil (a second screen over the
// first) and the scope bar are refused by name: reading or setting them is not simulated.

import TableLabSyntax
import TableLabInterpreter

/// `searchController.searchBar`: its text, placeholder and delegate.
final class SearchBarObject: UIKitObject {
    /// The controller that owns this bar (its `searchBar`), for a bar set as a table's header view.
    weak var controller: SearchControllerObject?

    /// UISearchBar.h: `text` and `placeholder` are nil until set. The frame and bounds
    /// (`.zero`, which the prelude makes) are set over these.
    private static let defaults: ConstantProperties = [
        "text": .nilValue, "placeholder": .nilValue, "delegate": .nilValue, "prompt": .nilValue,
        "showsCancelButton": .bool(false), "isTranslucent": .bool(true), "tintColor": .nilValue,
        "barTintColor": .nilValue, "frame": .nilValue, "bounds": .nilValue,
    ]

    init(frame: Value) {
        var properties = Self.defaults.values
        properties[Key.frame] = frame
        properties[Key.bounds] = frame
        super.init("UISearchBar", properties: properties)
    }

    var text: String { properties[Key.text].flatMap(UIKitBuiltins.optionalText) ?? "" }
    var placeholder: String? { properties[Key.placeholder].flatMap(UIKitBuiltins.optionalText) }

    /// The search bar's methods, found by ID.
    enum Method: Int, CaseIterable, Sendable {
        case sizeToFit, becomeFirstResponder, resignFirstResponder, setShowsCancelButton
        /// Swift's full names, in the order of the cases.
        static let names = ["sizeToFit()", "becomeFirstResponder()", "resignFirstResponder()", "setShowsCancelButton(_:animated:)"]
        static let table = HostMemberTable(names)
    }

    override func callMethod(id: HostMemberID, _ arguments: [Value]) throws -> Value? {
        switch Method(rawValue: Method.table[id]) {
        case .sizeToFit?: return .void
        case .becomeFirstResponder?, .resignFirstResponder?: return .bool(true)
        case .setShowsCancelButton?: properties[Key.showsCancelButton] = arguments[0]; return .void
        case nil: return try super.callMethod(id: id, arguments)
        }
    }

    /// `:show`'s line for the field: its text, else its placeholder (grey in UIKit).
    var showLine: String {
        let active = controller?.isActive == true ? " (active)" : ""
        if !text.isEmpty { return "searchBar: " + TableEffect.quoted(text) + active }
        return "searchBar: " + (placeholder.map { "placeholder " + TableEffect.quoted($0) } ?? "(empty)") + active
    }

    override var textDescription: String { "<UISearchBar text: \(TableEffect.quoted(text))>" }
}

/// `UISearchController(searchResultsController: nil)`: results shown in the presenting table.
final class SearchControllerObject: UIKitObject {
    /// UIKit declares these `{ get }`: an assignment is refused, before the run too (UIKitCatalogue).
    static let getOnlyProperties: Set<String> = ["searchBar", "searchResultsController"]
    static let getOnlyIDs = Set(getOnlyProperties.map(HostMemberID.init))
    unowned let host: UIKitHost
    let searchBar: SearchBarObject

    /// No `delegate`: TableLab makes none of UISearchControllerDelegate's calls, so
    /// setting one is refused by name rather than left uncalled. The search bar is each
    /// controller's own, set over these.
    private static let defaults: ConstantProperties = [
        "searchResultsUpdater": .nilValue, "isActive": .bool(false),
        "obscuresBackgroundDuringPresentation": .bool(true), "dimsBackgroundDuringPresentation": .bool(true),
        "hidesNavigationBarDuringPresentation": .bool(true), "searchResultsController": .nilValue,
        "automaticallyShowsCancelButton": .bool(true), "automaticallyShowsSearchResultsController": .bool(true),
        "searchBar": .nilValue,
    ]

    init(host: UIKitHost) {
        self.host = host
        searchBar = SearchBarObject(frame: host.simulator.zeros.rect)
        super.init("UISearchController", properties: Self.defaults.values)
        properties[Key.searchBar] = .object(searchBar)
        searchBar.controller = self
    }

    var isActive: Bool { if case .bool(true)? = properties[Key.isActive] { return true }; return false }

    override func setMember(id: HostMemberID, _ value: Value) throws -> Bool {
        if Self.getOnlyIDs.contains(id) { throw Interpreter.runtimeError(UIKitMessage.getOnlyProperty(id.name)) }
        guard id == Key.isActive else { return try super.setMember(id: id, value) }
        // Presenting or dismissing the controller calls the updater, as the user's tap does.
        guard case .bool(let active) = value else { return try super.setMember(id: id, value) }
        if active != isActive { try activate(active) }
        return true
    }

    /// The presentation (or dismissal): `isActive` changes, then the updater is told.
    func activate(_ active: Bool) throws {
        properties[Key.isActive] = .bool(active)
        try updateResults()
    }

    /// The user types `text` into the field (the field activates the controller first).
    func type(_ text: String) throws {
        if !isActive { try activate(true) }
        searchBar.properties[Key.text] = .wrapped(.string(text))
        try tellDelegate("searchBar(_:textDidChange:)", [.object(searchBar), .string(text)])
        try updateResults()
    }

    /// The user taps Cancel: the text is cleared and the controller dismissed.
    func cancel() throws {
        try tellDelegate("searchBarCancelButtonClicked(_:)", [.object(searchBar)])
        searchBar.properties[Key.text] = .wrapped(.string(""))
        if isActive { try activate(false) } else { try updateResults() }
    }

    private func tellDelegate(_ method: String, _ arguments: [Value]) throws {
        guard let delegate = searchBar.properties[Key.delegate].flatMap(CellObject.unwrapped) else { return }
        _ = try host.interpreter.callMethod(on: delegate, method, arguments)
    }

    private func updateResults() throws {
        guard let updater = properties[Key.searchResultsUpdater].flatMap(CellObject.unwrapped) else { return }
        _ = try host.interpreter.callMethod(on: updater, "updateSearchResults(for:)", [.object(self)])
    }

    override var textDescription: String { "<UISearchController isActive: \(isActive)>" }

    /// Declares UISearchController's initializers when a script first names it.
    static func install(_ interpreter: Interpreter, _ host: UIKitHost) {
        interpreter.installWhenMentioned(["UISearchController"]) { [unowned host] interpreter throws(Diagnostic) in
            interpreter.registerNativeFunction("UISearchController(searchResultsController:)") { [unowned host] arguments in
                guard CellObject.unwrapped(arguments[0]) == nil else {
                    throw Interpreter.runtimeError(UIKitMessage.notSimulated("UISearchController with a searchResultsController other than nil"))
                }
                return .object(SearchControllerObject(host: host))
            }
            interpreter.registerNativeFunction("UISearchController()") { [unowned host] _ in .object(SearchControllerObject(host: host)) }
        }
    }

    /// The search controller a screen shows: its navigation item's, else the one whose bar is
    /// its table's header view.
    static func shown(by screen: ViewControllerObject, tableView: TableViewObject?) -> SearchControllerObject? {
        if case .object(let controller as SearchControllerObject)? = screen.navigationItem.stored[UIKitObject.Key.searchController].flatMap(CellObject.unwrapped) {
            return controller
        }
        guard let header = try? tableView?.member(id: TableState.Stored.tableHeaderView),
              case .object(let bar as SearchBarObject)? = CellObject.unwrapped(header) else { return nil }
        return bar.controller
    }
}
