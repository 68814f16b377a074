// `tableView`: the simulated UITableView as scripts see it, both the global of that name
// and the first argument of methods spelt the UIKit way.

import TableLabSyntax
import TableLabInterpreter

/// A UITableView: one per screen (a UITableViewController's, a storyboard's outlet, or one
/// made in code with `UITableView(frame:style:)`), holding its own state, data source and
/// delegate. The global `tableView` (`isGlobal`) stands for the table of whichever screen
/// the simulator is driving, as the bare `dequeueReusableCell(...)` forms do.
public final class TableViewObject: NativeObject, ConstrainedView {
    var layoutConstraints: [LayoutConstraintObject] = []
    unowned let simulator: TableSimulator
    let isGlobal: Bool
    private let ownState = TableState()
    /// `dataSource` and `delegate` (UIKit holds them weakly; here they are held).
    var dataSource: Value = .nilValue
    var delegate: Value = .nilValue
    /// `UITableView.Style`, as given to `UITableView(frame:style:)` or
    /// `UITableViewController(style:)`: kept in the state the renderer reads.
    var style: TableStyle {
        get { ownState.style }
        set { ownState.style = newValue }
    }
    /// The screen it belongs to: the first that showed it.
    weak var owner: ViewControllerObject?
    /// The outlets (`dataSource`, `delegate`) of the table view a pasted data source is
    /// taken to have (no storyboard read): connected to its view controller while the
    /// class adopts the protocol, as the app's storyboard would, until the script sets them.
    var impliedOutlets: ImpliedOutlets = []

    /// The outlets a table view is taken to have connected (`impliedOutlets`).
    struct ImpliedOutlets: OptionSet {
        let rawValue: Int
        static let dataSource = ImpliedOutlets(rawValue: 1)
        static let delegate = ImpliedOutlets(rawValue: 2)
    }
    /// A UIRefreshControl added as a subview (`tableView.addSubview(refreshControl)`, the
    /// way before iOS 10's `refreshControl`): a pull starts it as well.
    var refreshSubview: RefreshControlObject?

    /// The refresh control a pull on the table starts: its `refreshControl`, else one
    /// added as a subview.
    var pullToRefreshControl: RefreshControlObject? {
        if let value = try? member(id: TableState.Stored.refreshControl),
           case .object(let control as RefreshControlObject)? = CellObject.unwrapped(value) {
            return control
        }
        return refreshSubview
    }

    /// `madeInCode`: `UITableView(frame:style:)`, which no storyboard gave prototype cells.
    init(simulator: TableSimulator, style: TableStyle = .plain, isGlobal: Bool = false, madeInCode: Bool = false) {
        self.simulator = simulator
        self.isGlobal = isGlobal
        ownState.style = style
        if madeInCode { ownState.registry = CellPrototypeRegistry(storyboardPrototypes: false) }
        super.init()
        if !isGlobal { simulator.madeTableView(self) }
    }

    /// The script's code changed (a redeclaration, an extension): the cells laid out with
    /// the old code are stale, so the next layout asks everything again, and an implied
    /// outlet follows what the view controller now adopts.
    func codeChanged() {
        ownState.invalidateLayout()
        guard !impliedOutlets.isEmpty, let vc = owner, let value = vc.value else { return }
        let interpreter = simulator.interpreter
        if impliedOutlets.contains(.dataSource) {
            dataSource = interpreter.instanceConforms(value, to: "UITableViewDataSource") ? value : .nilValue
        }
        if impliedOutlets.contains(.delegate) {
            delegate = interpreter.instanceConforms(value, to: "UITableViewDelegate") ? value : .nilValue
        }
    }

    public override var typeName: String { "UITableView" }

    /// The table view this object stands for (itself, or the driven screen's for the global).
    var resolved: TableViewObject {
        get throws {
            if !isGlobal { return self }
            guard let table = simulator.activeTableView else {
                throw Interpreter.runtimeError(TableMessage.noTableYet)
            }
            return table
        }
    }

    var state: TableState { (try? resolved)?.ownState ?? ownState }

    /// The name of the screen it belongs to, for messages.
    var screenName: String { (try? resolved)?.owner?.key ?? simulator.activeScreen?.key ?? "UITableView" }

    /// The properties the table view answers itself, found by ID; the stored-only ones
    /// (UIKitDefaults) are kept by place in its state's `otherProperties`.
    enum Member: Int, CaseIterable, Sendable {
        case rowHeight, estimatedRowHeight, indexPathForSelectedRow, indexPathsForSelectedRows, allowsMultipleSelection
        case allowsSelection, isEditing, numberOfSections, dataSource, delegate, style, frame, bounds
        /// Swift's names of the properties, in the order of the cases (not found by reflecting
        /// on the cases: that cost a million instructions at the table's first use).
        static let names = [
            "rowHeight", "estimatedRowHeight", "indexPathForSelectedRow", "indexPathsForSelectedRows",
            "allowsMultipleSelection", "allowsSelection", "isEditing", "numberOfSections", "dataSource", "delegate",
            "style", "frame", "bounds",
        ]
        static let table = HostMemberTable(names)
    }

    public override func member(id: HostMemberID) throws -> Value? {
        let table = try resolved
        let state = table.ownState
        switch Member(rawValue: Member.table[id]) {
        case .rowHeight?: return .double(state.rowHeight)
        case .estimatedRowHeight?: return .double(state.estimatedRowHeight)
        case .indexPathForSelectedRow?:
            return state.selectedRow.map { .wrapped(simulator.indexPathValue($0)) } ?? Value.nilValue
        case .indexPathsForSelectedRows?:
            // nil when no row is selected (UIKit's documentation), else in index-path order.
            guard !state.selectedRows.isEmpty else { return Value.nilValue }
            let sorted = state.selectedRows.sorted { ($0.section, $0.row) < ($1.section, $1.row) }
            return .wrapped(.array(sorted.map { simulator.indexPathValue($0) }))
        case .allowsMultipleSelection?: return .bool(state.allowsMultipleSelection)
        case .allowsSelection?:
            if case .bool(let flag)? = state.otherProperties[id]?.unboxedOptional { return .bool(flag) }
            return .bool(true)
        case .isEditing?: return .bool(state.isEditing)
        case .numberOfSections?:
            // The table view's own count once it has laid out (UIKit does not ask again).
            if let layout = state.onScreen?.layout { return .int(layout.sections.count) }
            return .int(try simulator.driver(for: table).numberOfSections())
        case .dataSource?: return table.dataSource.isNilValue ? .nilValue : .wrapped(table.dataSource)
        case .delegate?: return table.delegate.isNilValue ? .nilValue : .wrapped(table.delegate)
        case .style?: return UIKitValue.enumValue("UITableView.Style", table.style.rawValue)
        case .frame?: return simulator.constrainedFrame(of: self).value(simulator.interpreter)
        case .bounds?: return simulator.constrainedFrame(of: self).bounds.value(simulator.interpreter)
        default:
            if let v = try state.otherProperties.read("UITableView", id, under: state.storyboardProperties) { return v }
            return LayoutMembers.member(id: id, of: self)
        }
    }

    public override func setMember(id: HostMemberID, _ value: Value) throws -> Bool {
        let table = try resolved
        let state = table.ownState
        let member = Member(rawValue: Member.table[id])
        switch member {
        case .rowHeight?, .estimatedRowHeight?:
            guard let points = UIKitValue.number(value) else {
                throw UIKitValue.typeMismatch(value, "CGFloat", simulator.typeName)
            }
            if !TableDriver.isValidHeight(points) {
                throw Interpreter.runtimeError(TableMessage.invalidHeightSet(property: id.name, height: points))
            }
            if member == .rowHeight { state.rowHeight = points } else { state.estimatedRowHeight = points }
        case .isEditing?:
            guard case .bool(let editing) = value else { throw UIKitValue.typeMismatch(value, "Bool", simulator.typeName) }
            state.isEditing = editing
        // A new data source or delegate: UIKit asks everything again at the next layout.
        case .dataSource?:
            table.dataSource = value.unboxedOptional; table.impliedOutlets.remove(.dataSource); state.invalidateLayout()
        case .delegate?:
            table.delegate = value.unboxedOptional; table.impliedOutlets.remove(.delegate); state.invalidateLayout()
        case .frame?, .bounds?: break
        default:
            guard TableState.storedMembers.place(id) != nil else { return false }
            try simulator.checkEndView(value, property: id)
            return try state.otherProperties.assign(id, value, converting: simulator.zeros)
        }
        return true
    }

    public override func callMethod(id: HostMemberID, _ arguments: [Value]) throws -> Value? {
        try simulator.callTableViewMethod(id, arguments, table: try resolved)
    }

    /// For completion after `tableView.`: what member(_:) answers.
    static var propertyNames: [String] {
        ["rowHeight", "estimatedRowHeight", "indexPathForSelectedRow", "indexPathsForSelectedRows", "isEditing", "numberOfSections",
         "dataSource", "delegate", "style"]
            + TableState.otherPropertyNames.sorted()
    }

    /// For completion after `tableView.`: what TableSimulator.callTableViewMethod answers,
    /// Swift 2's spellings included (completion ranks them after the current ones).
    static let methodNames = [
        "dequeueReusableCell(withIdentifier:for:)", "dequeueReusableCell(withIdentifier:)",
        "dequeueReusableCellWithIdentifier(_:forIndexPath:)", "dequeueReusableCellWithIdentifier(_:)",
        "register(_:style:)", "register(_:forCellReuseIdentifier:)", "deselectRow(at:animated:)", "deselectRowAtIndexPath(_:animated:)",
        "selectRow(at:animated:scrollPosition:)", "reloadData()", "reloadRows(at:with:)",
        "reloadRowsAtIndexPaths(_:withRowAnimation:)", "reloadSections(_:with:)", "insertRows(at:with:)",
        "insertRowsAtIndexPaths(_:withRowAnimation:)", "deleteRows(at:with:)",
        "deleteRowsAtIndexPaths(_:withRowAnimation:)", "moveRow(at:to:)", "beginUpdates()", "endUpdates()",
        "performBatchUpdates(_:completion:)", "setEditing(_:animated:)", "cellForRow(at:)",
        "numberOfRows(inSection:)", "layoutIfNeeded()", "setNeedsLayout()", "indexPath(for:)",
    ]

    public override var textDescription: String {
        "<UITableView \(screenName)>"
    }
}

extension Value {
    var isNilValue: Bool { if case .nilValue = self { return true }; return false }
}

/// What the simulator keeps per table view between commands.
final class TableState {
    var registry = CellPrototypeRegistry()
    /// The storyboard's prototype cells of this table, by reuse identifier: the views
    /// and outlets a cell of the script's class is decoded with (CellClasses.swift).
    var storyboardPrototypes: [String: Storyboard.Prototype] = [:]
    /// The storyboard gives the table static cells (`dataMode="static"`): what
    /// UITableViewController's data source answers for them is not simulated.
    var hasStaticCells = false
    /// Its static sections, which UITableViewController's numberOfSections answers.
    var staticSectionCount = 0
    /// Cells dequeued during the current layout pass, by index path (UIKit hands back the
    /// same cell when one index path is dequeued twice).
    var cells: [TableIndexPath: CellObject] = [:]
    /// The script-class cells dequeued, by the index path they last showed (CellClasses.swift).
    var scriptCells: [TableIndexPath: Value] = [:]
    /// The row cellForRow is being asked for (the old dequeue without an index path reuses its cell).
    var cellPathAsked: TableIndexPath? = nil
    /// The last layout, kept until the data is said to have changed (VisibleCells.swift).
    var onScreen: OnScreenTable? = nil
    /// The cell each row shows (what `cellForRow(at:)` answers and a tap lands on): the
    /// last layout's, and during a pass, those of the rows laid out so far.
    var visibleCells: [TableIndexPath: Value] = [:]
    /// beginUpdates/endUpdates and performBatchUpdates: their depth and the rows collected.
    var batchDepth = 0
    var batchDeleted: [TableIndexPath] = []
    var batchInserted: [TableIndexPath] = []
    /// The selected rows, in the order they were selected (one at most unless
    /// `allowsMultipleSelection`).
    var selectedRows: [TableIndexPath] = []
    /// The last tap's shouldHighlightRowAt returned false (so nothing was selected).
    var highlightRefused = false
    /// The row a tap (`:select`) is on while its delegate methods run: the user sees it, so
    /// `cellForRow(at:)` answers its cell wherever it is in the table.
    var tappedRow: TableIndexPath?
    /// `indexPathForSelectedRow`: with several selected, the one with the lowest index
    /// path (UIKit's documentation); setting it replaces the selection.
    var selectedRow: TableIndexPath? {
        get { selectedRows.min { ($0.section, $0.row) < ($1.section, $1.row) } }
        set { selectedRows = newValue.map { [$0] } ?? [] }
    }
    /// `allowsMultipleSelection` (false unless the script or the storyboard sets it).
    var allowsMultipleSelection: Bool {
        if case .bool(let flag)? = otherProperties[Stored.allowsMultipleSelection]?.unboxedOptional { return flag }
        return false
    }
    /// The flag that keeps a tap from selecting a row, nil when a tap selects; when one
    /// does, UIKit calls neither willSelectRowAt nor didSelectRowAt: `allowsSelection`
    /// (true unless set), while editing `allowsSelectionDuringEditing` and
    /// `allowsMultipleSelectionDuringEditing` (false unless set).
    var selectionTurnedOff: String? {
        guard isEditing else { return storedFlag(Stored.allowsSelection) ?? true ? nil : "allowsSelection" }
        let takes = storedFlag(Stored.allowsSelectionDuringEditing) ?? false
            || storedFlag(Stored.allowsMultipleSelectionDuringEditing) ?? false
        return takes ? nil : "allowsSelectionDuringEditing"
    }
    /// Whether a tap adds to the selection: in editing mode the editing flag decides.
    var tapsSelectSeveral: Bool {
        isEditing ? storedFlag(Stored.allowsMultipleSelectionDuringEditing) ?? false : allowsMultipleSelection
    }
    private func storedFlag(_ id: HostMemberID) -> Bool? {
        if case .bool(let flag)? = (otherProperties[id] ?? storyboardProperties[id])?.unboxedOptional { return flag }
        return nil
    }
    /// UITableView.automaticDimension (-1) until the script sets it.
    var rowHeight: Double = TableSimulator.automaticDimension
    var estimatedRowHeight: Double = TableSimulator.automaticDimension
    var isEditing = false
    /// UITableView.Style: `.plain` unless the script or `:style` says otherwise.
    var style = TableStyle.plain
    /// Header-footer registrations (SectionViews.swift).
    var sectionViews = SectionViewState()
    /// The stored-only properties (UIKitDefaults.tableView), by place. Lazy: start-up
    /// makes a table view, and the list is made at its first read.
    lazy var otherProperties = StoredValues(TableState.storedMembers)
    /// Values the storyboard gives that reads answer until the script sets them, by place.
    lazy var storyboardProperties = StoredValues(TableState.storedMembers)

    /// The selection flags the table view answers itself, stored as the script or the
    /// storyboard sets them.
    static let selectionFlagNames = ["allowsSelection", "allowsMultipleSelection"]
    /// The properties only stored: UIKit's default until set (UIKitDefaults.swift).
    static let storedMembers = StoredMembers(
        UIKitDefaults.tableView.merging(UIKitDefaults.tableViewAccessibility) { own, _ in own }, alsoStored: selectionFlagNames)
    /// What completion offers of them.
    static var otherPropertyNames: Set<String> { Set(UIKitDefaults.tableView.keys).union(selectionFlagNames) }

    /// The stored-only properties the simulator reads or sets itself (selection, drawing,
    /// layout, a storyboard's table), by ID.
    enum Stored {
        static let allowsSelection = HostMemberID("allowsSelection")
        static let allowsMultipleSelection = HostMemberID("allowsMultipleSelection")
        static let allowsSelectionDuringEditing = HostMemberID("allowsSelectionDuringEditing")
        static let allowsMultipleSelectionDuringEditing = HostMemberID("allowsMultipleSelectionDuringEditing")
        static let sectionHeaderHeight = HostMemberID("sectionHeaderHeight")
        static let sectionFooterHeight = HostMemberID("sectionFooterHeight")
        static let tableHeaderView = HostMemberID("tableHeaderView")
        static let tableFooterView = HostMemberID("tableFooterView")
        static let backgroundView = HostMemberID("backgroundView")
        static let refreshControl = HostMemberID("refreshControl")
    }
}

/// A global object with fixed members, for UIKit's type names used as values
/// (`UITableView.automaticDimension`, `UIScreen.main.bounds.width`, `UIColor.red`).
final class NamespaceObject: NativeObject {
    let name: String
    let members: [String: () -> Value]
    let methods: [String: ([Value]) throws -> Value]
    /// An object of the class (`UIScreen.main`, `NSCoder()`), not the type as a value.
    let isInstance: Bool

    init(_ name: String, members: [String: () -> Value] = [:], methods: [String: ([Value]) throws -> Value] = [:],
         isInstance: Bool = false) {
        self.name = name
        self.isInstance = isInstance
        self.members = members
        self.methods = methods
    }

    /// `members` and `methods` by ID, made at the first read or call: a namespace is made
    /// at start-up, when nothing may be interned.
    private lazy var membersByID: [HostMemberID: () -> Value] =
        Dictionary(uniqueKeysWithValues: members.map { (HostMemberID($0.key), $0.value) })
    private lazy var methodsByID: [HostMemberID: ([Value]) throws -> Value] =
        Dictionary(uniqueKeysWithValues: methods.map { (HostMemberID($0.key), $0.value) })

    override var typeName: String { name }
    override func member(id: HostMemberID) throws -> Value? { membersByID[id]?() }
    /// Calling a method through a member path (`UIApplication.shared.open(...)`) writes the
    /// member back; the same object is accepted, anything else is a get-only property.
    override func setMember(id: HostMemberID, _ value: Value) throws -> Bool {
        guard let current = membersByID[id]?() else { return false }
        if case .object(let a) = current, case .object(let b) = value, a === b { return true }
        throw Interpreter.runtimeError(UIKitMessage.getOnlyProperty(id.name))
    }
    override func callMethod(id: HostMemberID, _ arguments: [Value]) throws -> Value? {
        guard let method = methodsByID[id] else { return nil }
        return try method(arguments)
    }
    override var textDescription: String { name }
}

/// `UIAlertController(title:message:preferredStyle:)`: presenting it is an effect.
final class AlertObject: NativeObject {
    let title: String?
    let message: String?
    var actions: [String] = []

    init(title: String?, message: String?) {
        self.title = title
        self.message = message
    }

    override var typeName: String { "UIAlertController" }

    /// The members the alert answers, found by ID.
    enum Member: Int, CaseIterable, Sendable {
        case title, message, addAction
        /// Swift's names, in the order of the cases.
        static let names = ["title", "message", "addAction(_:)"]
        static let table = HostMemberTable(names)
        /// An action's `title` (a UIAlertAction is a namespace of members), by ID.
        static let titleID = HostMemberID("title")
    }

    override func member(id: HostMemberID) throws -> Value? {
        switch Member(rawValue: Member.table[id]) {
        case .title?: return title.map { .wrapped(.string($0)) } ?? Value.nilValue
        case .message?: return message.map { .wrapped(.string($0)) } ?? Value.nilValue
        default: return nil
        }
    }
    override func callMethod(id: HostMemberID, _ arguments: [Value]) throws -> Value? {
        guard Member(rawValue: Member.table[id]) == .addAction else { return nil }
        if case .object(let action as NamespaceObject) = arguments.first, case .string(let title)? = try action.member(id: Member.titleID) {
            actions.append(title)
        }
        return .void
    }
    override var textDescription: String { "<UIAlertController \(TableEffect.quoted(title ?? ""))>" }
}
