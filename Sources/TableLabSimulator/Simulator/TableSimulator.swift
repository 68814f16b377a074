// The simulated UITableView: calls a table block's data-source and delegate methods the
// way UIKit does (with UIKit's defaults for the ones it lacks), lays the table out as a
// snapshot, dispatches taps, and records what the delegate did to the screen.

import TableLabSyntax
import TableLabInterpreter

/// Plays UITableView for the tables of one interpreter.
public final class TableSimulator {
    /// While set, a height UIKit cannot lay out (NaN, infinite, negative) is laid out as
    /// given instead of stopping the run: lint lays tables out this way and reports each
    /// such height as a finding at the code that returned it.
    var acceptsAnyHeight = false

    /// UITableView.automaticDimension.
    public static let automaticDimension: Double = -1
    /// A layout holds every row in memory: past this many it is refused, not attempted.
    public static let maximumLaidOutRows = 10_000_000
    /// A layout with cells (`:show`) holds a snapshot of every row's cell, some hundred
    /// bytes each: past this many rows it is refused (10,000,000 took 3.5 GB).
    public static let maximumRowsWithCells = 100_000
    /// Sections are asked for their row counts one by one: past this many, refused.
    public static let maximumSections = 10_000_000

    let interpreter: Interpreter
    /// The screens the explorer knows by name: a table block by its name, an instance of a
    /// view-controller class by its class's name (`Name 2`, ... for more of one class).
    var screens: [String: ViewControllerObject] = [:]
    /// The table views made so far (TableViewObject.codeChanged).
    private var tableViewsMade: [WeakTableView] = []
    /// Every collection view made, weakly (CollectionViews.swift), swept as the table views are.
    var collectionViewsMade: [WeakCollectionView] = []
    private var tableViewsSweepAt = 64
    /// Table views whose data source or delegate methods are running, innermost last: the
    /// bare `dequeueReusableCell` and the global `tableView` act on the innermost.
    var driving: [TableViewObject] = []
    /// The navigation stack, root first; modally presented screens on top of it.
    private(set) var stack: [ViewControllerObject] = []
    /// Appearance calls UIKit makes after the event that pushed, popped or presented.
    private var pendingTransitions: [() throws -> Void] = []
    lazy var navigationController = NavigationControllerObject(simulator: self)
    lazy var globalTableView = TableViewObject(simulator: self, isGlobal: true)
    /// An IndexPath's `section` and `row`, read for each index path a script passes
    /// (`cellForRow(at:)` in a loop): their handles, found at the first.
    private lazy var indexPathReads = (section: interpreter.memberRead("section"), row: interpreter.memberRead("row"))
    /// UIKit's controls and alerts (UIKitSelectors.swift): the alert on screen, observers.
    var uikitHost: UIKitHost?
    /// This interpreter's `CGRect.zero` and `UIEdgeInsets.zero`, set when UIKit is installed.
    var zeros = GeometryZeros.undeclared
    /// While a command acts on a screen's other table view (ScreenTables.swift): that
    /// screen's table, for that screen only (a tap may push another screen, whose table
    /// is its own).
    var tableViewOverride: (screen: String, table: TableViewObject)?
    public var screenWidth = TableMetrics.defaultScreenWidth
    public var screenHeight = TableMetrics.defaultScreenHeight
    /// `:trace on`: every call to the script's data source and delegate is printed.
    public var tracing = false
    /// Where trace lines go.
    public var traceOutput: (String) -> Void = { _ in }
    /// Called for each effect, as it happens.
    public var effectHandler: (TableEffect) -> Void = { _ in }
    /// Called when the navigation stack changes (push by segue, pop).
    public var navigationChanged: () -> Void = {}
    /// The screen that `:show` without a name shows when nothing was pushed or picked.
    public var rootTableName: String?
    /// Storyboards and .xib files loaded (`:storyboard`), in order (TableSimulator+Storyboard.swift).
    public var storyboards: [Storyboard] = []
    /// The stored properties of the script's classes that Objective-C cannot see, by class
    /// (SelectorExposure.unexposedStoredProperties), from the units run so far: those in
    /// `unitsForObjCExposure` are not yet counted (ScreenOutlets.swift).
    var unexposedProperties: [String: Set<String>] = [:]
    var unitsForObjCExposure: [SourceUnit] = []
    /// The app's asset catalog symbols (`:assets`, AssetCatalog.swift), merged.
    public var assets = AssetCatalog()
    /// Whether an asset catalog was loaded: then a colour or image it lacks is UIKit's nil.
    public var assetsLoaded = false
    /// The PostScript names of the fonts the app's Info.plist registers (`:infoplist`,
    /// AppFonts.swift); nil until one is read, when a font iOS lacks cannot be answered.
    public var appFonts: Set<String>?
    /// The prelude's `Section`: its `title` and `footer` are the default titles.
    var builtinSectionIdentity: Int?

    public init(interpreter: Interpreter) {
        self.interpreter = interpreter
    }

    /// The navigation stack by the screens' names, root first.
    public var navigationStack: [String] { stack.map(\.key) }

    /// The screens pushed on the navigation controller (not the presented ones).
    var pushedScreens: [ViewControllerObject] { stack.filter { !$0.isPresented } }

    /// The screen commands act on: the top of the navigation stack, else the root, else the
    /// first screen declared.
    public var currentTableName: String? {
        if let top = stack.last, isAlive(top) { return top.key }
        if let root = rootTableName, isScreenName(root) { return root }
        return launchScreenName ?? screenNames.first
    }

    /// The screens declared so far: table blocks and view-controller classes, in
    /// declaration order; a class that other screens inherit from comes after them.
    public var screenNames: [String] {
        let tables = interpreter.tableNames
        let classes = interpreter.classNames(inheritingFrom: UIKitBuiltins.screenSuperclasses)
        let bases = Set(classes.compactMap { interpreter.superclassName(ofType: $0) })
        let all = (tables + classes).sorted { (interpreter.typeIdentity($0) ?? 0) < (interpreter.typeIdentity($1) ?? 0) }
        return all.filter { !bases.contains($0) } + all.filter { bases.contains($0) }
    }

    /// A table block or a view-controller class (or a screen already made under that name).
    public func isScreenName(_ name: String) -> Bool {
        if let s = screens[name], isAlive(s) { return true }
        if name == Self.uikitTableControllerName, launchScreenName == name { return true }
        return interpreter.typeKind(name) == "table" || isScreenClass(name)
    }

    func isScreenClass(_ name: String) -> Bool {
        interpreter.typeKind(name) == "class"
            && interpreter.hostClass(ofType: name).map(UIKitBuiltins.screenSuperclasses.contains) == true
    }

    /// Whether a screen still belongs to the current declaration of its type: a class's
    /// instance that a redeclaration carried across is of the new class, and keeps its
    /// screen (what was typed at the prompt stays); a table block's singleton is made anew.
    func isAlive(_ screen: ViewControllerObject) -> Bool {
        guard let instance = screen.instance else { return false }
        let current = interpreter.typeIdentity(screen.scriptTypeName)
        return current == screen.identity || current == interpreter.typeIdentity(of: instance)
    }

    /// The screen whose method is running, else the current one.
    var activeScreen: ViewControllerObject? {
        if let owner = driving.last?.owner { return owner }
        return currentTableName.flatMap { try? screen($0) }
    }

    /// The table view being driven, else the current screen's.
    var activeTableView: TableViewObject? {
        if let t = driving.last { return t }
        return activeScreen.flatMap { tableView(of: $0) }
    }

    /// Kept for the bare forms' messages: the screen whose method is running.
    var activeTableName: String? { activeScreen?.key }

    func typeName(_ value: Value) -> String { interpreter.typeName(of: value) }

    // MARK: - Screens

    /// The host's part of a script instance that is a view controller (or a table's singleton).
    func makeScreenBase(_ hostClass: String, _ instance: TableInstance) -> ViewControllerObject {
        let isTable = interpreter.typeKind(instance.name) == "table"
        let vc = ViewControllerObject(simulator: self, hostClass: hostClass, instance: instance, isTableBlock: isTable)
        vc.identity = interpreter.typeIdentity(instance.name)
        return vc
    }

    /// The screen of a value (an instance of a view-controller class, a table's singleton).
    func screen(of value: Value) -> ViewControllerObject? {
        interpreter.hostBase(of: value.unboxedOptional) as? ViewControllerObject
    }

    /// The screen the explorer knows by `name`; a view-controller class not shown yet is
    /// instantiated as a storyboard would.
    func screen(_ name: String) throws -> ViewControllerObject {
        if let s = screens[name], isAlive(s) { return s }
        if let singleton = interpreter.tableSingleton(name), let vc = screen(of: singleton) {
            register(vc, as: name)
            return vc
        }
        if name == Self.uikitTableControllerName, launchScreenName == name, let scene = launchScene {
            let vc = try uikitLaunchScreen(scene)
            register(vc, as: name)
            return vc
        }
        guard isScreenClass(name) else {
            throw Interpreter.runtimeError(TableMessage.cannotFindTableInScope(name))
        }
        let vc = try instantiate(name)
        register(vc, as: name)
        return vc
    }

    /// Gives a screen its name: its type's, or `Type 2`, ... when another live screen has it.
    func register(_ vc: ViewControllerObject, as preferred: String? = nil) {
        if !vc.key.isEmpty, screens[vc.key] === vc { return }
        let base = preferred ?? vc.scriptTypeName
        var key = base
        var n = 2
        while let other = screens[key], other !== vc, isAlive(other), stack.contains(where: { $0 === other }) {
            key = "\(base) \(n)"
            n += 1
        }
        vc.key = key
        screens[key] = vc
    }

    /// A new instance of a view-controller class, made as a storyboard makes it: with
    /// `init?(coder:)` when the class declares one, else `init(nibName:bundle:)` or `init()`.
    /// `tracedAs`: the class `:trace` names (UIKit's, for a class TableLab declares in its stead).
    func instantiate(_ className: String, tracedAs traced: String? = nil) throws -> ViewControllerObject {
        // Made through the initializer itself (not by evaluating source text), so that an
        // error in the script's code it runs names the script's file.
        let labels: [String?]
        let arguments: [Value]
        if interpreter.declaresInitializer(className, "init(coder:)") {
            (labels, arguments) = (["coder"], [.object(NamespaceObject("NSCoder", isInstance: true))])
            if tracing { traceOutput("trace: \(traced ?? className).init(coder:)") }
        } else if interpreter.declaresInitializer(className, "init(nibName:bundle:)") {
            (labels, arguments) = (["nibName", "bundle"], [.nilValue, .nilValue])
            if tracing { traceOutput("trace: \(traced ?? className).init(nibName: nil, bundle: nil)") }
        } else {
            (labels, arguments) = ([], [])
            if tracing { traceOutput("trace: \(traced ?? className).init()") }
        }
        let value = try interpreter.construct(className, labels: labels, arguments: arguments)
        if case .nilValue = value {
            throw Interpreter.runtimeError(TableMessage.viewControllerCoderInitReturnedNil(className))
        }
        guard let vc = screen(of: value.unboxedOptional) else {
            throw Interpreter.runtimeError(TableMessage.notAViewController(className))
        }
        return vc
    }

    /// The table view a screen shows: a UITableViewController's (or a table block's); else
    /// a stored property holding one (an outlet, `let tableView = UITableView(...)`); else
    /// the one in its view (`view = tableView`, `view.addSubview(tableView)`); else, for a
    /// view controller that is a UITableViewDataSource, the table view of its storyboard.
    func tableView(of vc: ViewControllerObject) -> TableViewObject? {
        let found = findTableView(of: vc)
        if let found, found.owner == nil { found.owner = vc }
        return found
    }

    private func findTableView(of vc: ViewControllerObject) -> TableViewObject? {
        if vc.hostClass == "UITableViewController" || vc.isTableBlock { return vc.tableViewForController() }
        if let value = vc.value {
            for (name, _) in interpreter.storedProperties(of: value) {
                if case .object(let t as TableViewObject)? = (try? interpreter.member(name, of: value))?.unboxedOptional { return t }
            }
        }
        if case .object(let t as TableViewObject)? = vc.rootView { return t }
        if case .object(let v as UIViewObject)? = vc.rootView, let t = v.firstTableView { return t }
        if case .object(let v as ViewObject)? = vc.rootView?.unboxedOptional, let t = v.firstTableView { return t }
        if let t = vc.ownTableView { return t }
        if let value = vc.value, interpreter.instanceConforms(value, to: "UITableViewDataSource") {
            // A script pasted without its storyboard is taken to have the table view the
            // data source implies. With the app's storyboards loaded and no scene of this
            // class, UIKit makes the controller in code: its view holds no table view.
            if storyboards.contains(where: { !$0.controllers.isEmpty }), storyboardScene(forClass: vc.scriptTypeName) == nil {
                return nil
            }
            if storyboards.isEmpty { vc.tableViewOnlyInStoryboard = true }
            return storyboardTableView(for: vc)
        }
        return nil
    }

    /// For `:show`'s note, once per screen: the outlets of the table view that only the
    /// storyboard not loaded would make (`dataSource and delegate`), or nil.
    public func takeStoryboardOnlyTableNote(_ table: String) -> String? {
        // Asked before viewDidLoad ran, the screen had no table view yet; one its code made
        // since (a `lazy var` added to its view) is what is drawn, and no storyboard's.
        guard let vc = try? screen(table), vc.tableViewOnlyInStoryboard, !vc.tableViewOnlyInStoryboardNoted,
              let t = vc.ownTableView, findTableView(of: vc) === t, let value = vc.value else { return nil }
        vc.tableViewOnlyInStoryboardNoted = true
        let outlets = [("dataSource", t.dataSource), ("delegate", t.delegate)].filter { _, connected in
            if case .type(.table(let a)) = connected, case .type(.table(let b)) = value { return a === b }
            return false
        }.map(\.0)
        return outlets.isEmpty ? nil : outlets.joined(separator: " and ")
    }

    /// A table view as a storyboard makes it, its outlets to the view controller connected
    /// where the view controller is a data source or delegate.
    func storyboardTableView(for vc: ViewControllerObject) -> TableViewObject {
        if let t = vc.ownTableView { return t }
        let t = TableViewObject(simulator: self)
        t.owner = vc
        adoptStoryboard(t, of: vc)
        if let value = vc.value {
            if interpreter.instanceConforms(value, to: "UITableViewDataSource") { t.dataSource = value }
            if interpreter.instanceConforms(value, to: "UITableViewDelegate") { t.delegate = value }
        }
        if storyboards.isEmpty { t.impliedOutlets = [.dataSource, .delegate] }
        vc.ownTableView = t
        return t
    }

    /// The storyboard connects a view controller's `UITableView` outlets before viewDidLoad.
    func connectOutlets(_ vc: ViewControllerObject) throws {
        guard !vc.isTableBlock, let value = vc.value else { return }
        // A storyboard's scene connects what it says (ScreenOutlets.swift).
        if try connectSceneOutlets(vc, value: value) { return }
        guard vc.hostClass != "UITableViewController" else { return }
        // Only a property Objective-C sees can be an outlet (`@IBOutlet`): one declared
        // without is the code's own, nil until the code makes its table view.
        let unexposed = unexposedStoredProperties()[vc.scriptTypeName] ?? []
        for (name, type) in interpreter.storedProperties(of: value) where !unexposed.contains(name) {
            guard let type, type.hasPrefix("UITableView"), !type.hasPrefix("UITableViewCell"),
                  type.hasSuffix("!") || type.hasSuffix("?"),
                  case .nilValue? = try? interpreter.member(name, of: value) else { continue }
            // Stored as the object itself: an outlet is implicitly unwrapped (`UITableView!`),
            // and TableLab reads `T!` as `T?` elsewhere.
            _ = interpreter.setStoredProperty(of: value, name, .object(storyboardTableView(for: vc)))
        }
    }

    // MARK: - The lifecycle

    /// Calls a lifecycle method the script declares (UIKit's own does nothing TableLab draws).
    func lifecycle(_ vc: ViewControllerObject, _ fullName: String, _ arguments: [Value] = [], trace: String? = nil) throws {
        guard let value = vc.value, let handle = interpreter.instanceMethod(of: value, fullName) else { return }
        if tracing { traceOutput("trace: \(vc.key.isEmpty ? vc.scriptTypeName : vc.key)." + (trace ?? fullName)) }
        let table = tableView(of: vc)
        if let table { driving.append(table) }
        defer { if table != nil { driving.removeLast() } }
        _ = try interpreter.call(handle, on: value, arguments)
    }

    /// UIKit loads a view controller's view before anything asks it: loadView, the
    /// storyboard's outlets, then viewDidLoad.
    func loadViewIfNeeded(_ vc: ViewControllerObject) throws {
        guard !vc.isViewLoaded else { return }
        vc.isViewLoaded = true
        adoptStoryboardTitle(vc)
        try checkTableControllerSceneView(vc)
        try lifecycle(vc, "loadView()")
        // UICollectionViewController's loadView makes its collection view (and fails without a layout).
        if vc.hostClass == "UICollectionViewController", vc.rootView == nil { _ = try vc.view() }
        try connectOutlets(vc)
        try lifecycle(vc, "viewDidLoad()")
    }

    /// viewWillAppear; viewDidAppear follows the layout (`didAppear`).
    func willAppear(_ vc: ViewControllerObject, animated: Bool) throws {
        try loadViewIfNeeded(vc)
        guard !vc.hasAppeared else { return }
        vc.hasAppeared = true
        try lifecycle(vc, "viewWillAppear(_:)", [.bool(animated)], trace: "viewWillAppear(\(animated))")
    }

    func didAppear(_ vc: ViewControllerObject, animated: Bool) throws {
        try lifecycle(vc, "viewDidAppear(_:)", [.bool(animated)], trace: "viewDidAppear(\(animated))")
    }

    func disappear(_ vc: ViewControllerObject, will: Bool) throws {
        if will {
            try lifecycle(vc, "viewWillDisappear(_:)", [.bool(true)], trace: "viewWillDisappear(true)")
        } else {
            vc.hasAppeared = false
            try lifecycle(vc, "viewDidDisappear(_:)", [.bool(true)], trace: "viewDidDisappear(true)")
        }
    }

    /// Runs the appearance calls of the pushes, pops and presentations that happened.
    /// Runs `body` after the transitions queued so far (a dismissal's completion).
    func afterTransitions(_ body: @escaping () throws -> Void) {
        pendingTransitions.append(body)
    }

    func flushTransitions() throws {
        while !pendingTransitions.isEmpty {
            let next = pendingTransitions.removeFirst()
            try next()
        }
    }

    // MARK: - Navigation

    /// Makes `table` the only screen on the stack (`:use`).
    public func setRoot(_ table: String) {
        rootTableName = table
        if let vc = try? screen(table) { stack = [vc] } else { stack = [] }
        pendingTransitions = []
    }

    /// Pushes the screen named `table` (a segue to it).
    public func push(_ table: String) {
        guard let vc = try? screen(table) else { return }
        push(vc)
    }

    func push(_ vc: ViewControllerObject, presented: Bool = false) {
        if stack.isEmpty, let current = currentTableName, let root = try? screen(current), root !== vc { stack.append(root) }
        let from = stack.last
        vc.isPresented = presented
        register(vc)
        stack.append(vc)
        // UIKit loads the new screen's view and runs the appearance calls after the event
        // that pushed it; a presented screen (iOS 13's page sheet) leaves the one below on screen.
        pendingTransitions.append { [unowned self] in
            try loadViewIfNeeded(vc)
            if let from, !presented { try disappear(from, will: true) }
            try willAppear(vc, animated: true)
            if let from, !presented { try disappear(from, will: false) }
            try didAppear(vc, animated: true)
        }
        navigationChanged()
    }

    /// Pops the top screen; nil when only the root is left.
    @discardableResult
    public func pop() -> String? {
        guard let popped = try? popScreen() else { return nil }
        try? flushTransitions()
        return popped.key
    }

    /// Pops (or dismisses) the top screen; nil when only the root is left.
    func popScreen() throws -> ViewControllerObject? {
        guard stack.count > 1 else { return nil }
        let top = stack.removeLast()
        let below = stack.last
        pendingTransitions.append { [unowned self] in
            try disappear(top, will: true)
            if let below, !top.isPresented { try willAppearAgain(below) }
            try disappear(top, will: false)
            if let below, !top.isPresented { try didAppear(below, animated: true) }
        }
        navigationChanged()
        return top
    }

    private func willAppearAgain(_ vc: ViewControllerObject) throws {
        vc.hasAppeared = false
        try willAppear(vc, animated: true)
    }

    /// Whether a screen is in the navigation controller: pushed, or the root shown.
    func isInNavigation(_ vc: ViewControllerObject) -> Bool {
        if vc.isPresented { return vc.presentedInNavigation }
        if let i = stackIndex(of: vc), stack[..<i].contains(where: { $0.isPresented && $0.presentedInNavigation }) { return true }
        if stack.isEmpty { return currentTableName.flatMap { screens[$0] } === vc }
        return stackIndex(of: vc) != nil
    }

    /// Where a screen is on the stack.
    func stackIndex(of vc: ViewControllerObject) -> Int? { stack.firstIndex { $0 === vc } }

    func presented(by vc: ViewControllerObject) -> ViewControllerObject? {
        guard let i = stackIndex(of: vc), i + 1 < stack.count, stack[i + 1].isPresented else { return nil }
        return stack[i + 1]
    }

    func presenter(of vc: ViewControllerObject) -> ViewControllerObject? {
        guard vc.isPresented, let i = stackIndex(of: vc), i > 0 else { return nil }
        return stack[i - 1]
    }

    /// `navigationController?.pushViewController(vc, animated:)`, `show(vc, sender:)`.
    func pushViewController(_ value: Value) throws -> Value {
        guard let vc = screen(of: value) else {
            throw Interpreter.runtimeError(UIKitMessage.cannotConvertArgument(type: typeName(value), to: "UIViewController"))
        }
        if stack.contains(where: { $0 === vc }) {
            throw Interpreter.runtimeError(TableMessage.pushedTwice(key: vc.key))
        }
        push(vc)
        return .void
    }

    /// `present(_:animated:completion:)`: a view controller is shown modally on top of the
    /// stack; anything else (an alert) is UIKit's global `present`.
    func present(_ value: Value, from presenter: ViewControllerObject, completion: Value?, fullName: String,
                 arguments: [Value]) throws -> Value {
        var embedded = false
        var shown = value
        if case .object(let nav as EmbeddingNavigationObject) = value.unboxedOptional { shown = nav.root; embedded = true }
        guard let vc = screen(of: shown) else {
            return try interpreter.callFunction(fullName, arguments: arguments)
        }
        if stack.isEmpty { stack = [presenter]; register(presenter) }
        vc.presentedInNavigation = embedded
        push(vc, presented: true)
        if let completion, case .function = completion.unboxedOptional {
            pendingTransitions.append { [unowned self] in _ = try interpreter.call(completion.unboxedOptional, []) }
        }
        return .void
    }

    /// `dismiss(animated:completion:)`: dismisses the screen presented by `vc`, or `vc`
    /// itself when it was presented; nothing otherwise (as UIKit).
    func dismiss(from vc: ViewControllerObject) throws {
        let target: ViewControllerObject
        if let p = presented(by: vc) { target = p } else if vc.isPresented { target = vc } else { return }
        while let top = stack.last, stack.contains(where: { $0 === target }) {
            _ = try popScreen()
            if top === target { break }
        }
    }

    /// Puts back a navigation saved earlier (`:lint` taps each row on a copy of the state).
    func restoreNavigation(_ saved: [String], root: String?) {
        stack = saved.compactMap { screens[$0] }
        rootTableName = root
        pendingTransitions = []
    }

    /// Forgets screens, cells, selections and registrations (after `:reset`).
    public func forgetTables() {
        screens = [:]
        stack = []
        rootTableName = nil
        driving = []
        pendingTransitions = []
    }

    /// Stands the interpreter's top level inside the screen `name` (`:use`, and after
    /// navigation when the session stands inside a screen).
    public func standInside(_ name: String?) {
        interpreter.currentTableName = nil
        guard let name, let vc = try? screen(name) else { return }
        if vc.isTableBlock { interpreter.currentTableName = vc.scriptTypeName } else { interpreter.topLevelInstance = vc.value }
    }

    /// `:present NAME`: a new instance of a view-controller class (or a table's singleton)
    /// presented over the current screen.
    public func presentScreen(named name: String) throws {
        try flushTransitions()
        let vc = isScreenClass(name) ? try instantiate(name) : try screen(name)
        if stack.isEmpty, let current = currentTableName, let root = try? screen(current), root !== vc { stack = [root] }
        push(vc, presented: true)
        try flushTransitions()
    }

    /// Shows the screen `name` as UIKit would: its view loaded, its appearance calls made.
    public func bringOnScreen(_ name: String) throws {
        try flushTransitions()
        let vc = try screen(name)
        let appearing = !vc.hasAppeared
        try willAppear(vc, animated: false)
        if appearing { try didAppear(vc, animated: false) }
    }

    /// The title a screen shows in its navigation bar: `navigationItem.title`, else `title`.
    public func screenTitle(_ name: String) -> String? {
        guard let vc = try? screen(name) else { return nil }
        return vc.navigationItem.title ?? vc.title
    }

    // MARK: - Index paths

    func indexPathValue(_ indexPath: TableIndexPath) -> Value {
        interpreter.makeStruct("IndexPath", ["row": .int(indexPath.row), "section": .int(indexPath.section)])
            ?? .array([.int(indexPath.section), .int(indexPath.row)])
    }

    /// An IndexPath value (or `[s, r]`) back as a TableIndexPath.
    func tableIndexPath(_ value: Value) throws -> TableIndexPath? {
        switch value {
        case .wrapped(let inner): return try tableIndexPath(inner)
        case .array(let parts):
            if parts.count == 2, case .int(let s) = parts[0], case .int(let r) = parts[1] {
                return TableIndexPath(section: s, row: r)
            }
            return nil
        case .structValue:
            guard case .int(let s)? = try interpreter.member(indexPathReads.section, of: value),
                  case .int(let r)? = try interpreter.member(indexPathReads.row, of: value) else { return nil }
            return TableIndexPath(section: s, row: r)
        default:
            return nil
        }
    }

    func requireIndexPath(_ value: Value, _ method: String) throws -> TableIndexPath {
        guard let path = try tableIndexPath(value) else {
            throw Interpreter.runtimeError(UIKitMessage.cannotConvertArgumentIn(type: typeName(value), to: "IndexPath", method: method))
        }
        return path
    }

    func requireIndexPaths(_ value: Value, _ method: String) throws -> [TableIndexPath] {
        guard case .array(let items) = value else {
            throw Interpreter.runtimeError(UIKitMessage.cannotConvertArgumentIn(type: typeName(value), to: "[IndexPath]", method: method))
        }
        return try items.map { try requireIndexPath($0, method) }
    }

    // MARK: - Effects

    func record(_ effect: TableEffect) {
        effectHandler(effect)
    }

    /// `performSegue(withIdentifier:sender:)`: a segue whose identifier names a table or a
    /// view-controller class leads to it (a new instance, as a storyboard makes one for each
    /// segue); `prepare(for:sender:)` sees it as `segue.destination` before it is pushed.
    /// (UIKit calls `shouldPerformSegue` only for segues a storyboard triggers, never for
    /// `performSegue`: Apple's documentation of shouldPerformSegue(withIdentifier:sender:).)
    func performSegue(_ identifier: Value, from source: ViewControllerObject? = nil, sender: Value = .nilValue) throws -> Value {
        guard case .string(let id) = identifier.unboxedOptional else {
            throw Interpreter.runtimeError(UIKitMessage.cannotConvertArgument(type: typeName(identifier), to: "String"))
        }
        let source = source ?? activeScreen
        var destination: ViewControllerObject?
        if interpreter.typeKind(id) == "table" {
            destination = try screen(id)
        } else if isScreenClass(id) {
            destination = try instantiate(id)
        }
        if let destination { register(destination) }
        record(.performSegue(identifier: id, pushedTable: destination?.key))
        if let source, let sourceValue = source.value, let destinationValue = destination?.value,
           let prepare = interpreter.instanceMethod(of: sourceValue, "prepare(for:sender:)") {
            let segue = SegueObject(identifier: id, source: sourceValue, destination: destinationValue)
            if tracing { traceOutput("trace: \(source.key).prepare(for: \(TableEffect.quoted(id)), sender:)") }
            _ = try interpreter.call(prepare, on: sourceValue, [.object(segue), sender.isNilValue ? .nilValue : .wrapped(sender)])
        }
        if let destination { push(destination) }
        return .void
    }

    // MARK: - UITableView's methods

    /// Cells of a registered prototype, class or nib, or of a storyboard prototype named
    /// like a cell class (CellClasses.swift); the same cell again for an index path already
    /// dequeued in this layout pass, and a script class's cell that showed this index path
    /// in an earlier pass reused (`prepareForReuse()` first), as UIKit reuses cells.
    func dequeue(_ identifier: Value, for indexPath: Value?, table: TableViewObject) throws -> Value {
        guard case .string(let id) = identifier.unboxedOptional else {
            throw Interpreter.runtimeError(UIKitMessage.cannotConvertArgument(type: typeName(identifier), to: "String"))
        }
        let state = table.state
        let source = cellSource(id, state.registry)
        // The old API without an index path answers nil where the new one throws.
        if indexPath == nil, source == nil, state.registry.style(forIdentifier: id) == nil { return .nilValue }
        let style: CellStyle
        if source != nil {
            style = .default
        } else {
            do {
                style = try state.registry.dequeueStyle(withIdentifier: id)
            } catch {
                throw Interpreter.runtimeError(TableMessage.unableToDequeue(identifier: error.identifier))
            }
        }
        func make() throws -> Value {
            let prototype = state.storyboardPrototypes[id]
            let made = try source.map { try makeCell(from: $0, identifier: id, prototype: prototype) } ?? .object(makeCell(id, style: style))
            cellObject(of: made)?.tableStyle = state.style
            if source == nil, table.owner?.isTableBlock == true { cellObject(of: made)?.isShorthandCell = true }
            // A prototype's accessory and selection style, as Interface Builder set them.
            if let prototype, let cell = cellObject(of: made) {
                cell.accessoryType = prototype.accessory
                if let selection = prototype.selectionStyle { cell.selectionStyle = selection }
                if let level = prototype.indentationLevel { cell.otherProperties[CellObject.Stored.indentationLevel] = .int(level) }
                if let width = prototype.indentationWidth { cell.otherProperties[CellObject.Stored.indentationWidth] = .double(width) }
                // A standard style's labels and image view keep the storyboard's text and
                // image until code sets them ("Title", "Detail" on a device too).
                if let text = prototype.textLabelText { cell.textLabel.snapshot.text = text }
                if let detail = prototype.detailTextLabelText { cell.detailTextLabel?.snapshot.text = detail }
                if let color = prototype.textLabelColor { cell.textLabel.snapshot.colorName = ColorObject.name(of: color) }
                if let color = prototype.detailTextLabelColor { cell.detailTextLabel?.snapshot.colorName = ColorObject.name(of: color) }
                if let image = prototype.imageName {
                    cell.imageView.image = .wrapped(.object(ImageObject(name: image, isSystem: false)))
                }
                // The Background and Tint Interface Builder set (UIView's inspectable
                // properties, decoded with the cell), until code sets others.
                if let color = prototype.backgroundColor { cell.otherProperties[CellObject.Stored.backgroundColor] = .object(ColorObject.object(of: color)) }
                if let color = prototype.tintColor { cell.otherProperties[CellObject.Stored.tintColor] = .object(ColorObject.object(of: color)) }
                if let color = prototype.contentBackgroundColor {
                    _ = try cell.contentView.setMember(id: UIKitObject.Key.backgroundColor, .object(ColorObject.object(of: color)))
                }
                // A prototype of UIKit's own class: the views Interface Builder laid out in
                // it are in its content view (a class of the script's connects them itself).
                if source == nil {
                    for view in prototype.views {
                        let object = sceneView(view)
                        if let control = object as? ControlObject {
                            for action in view.actions { control.actions.append(connectedAction(action, prototype: prototype, cell: made)) }
                        }
                        _ = try cell.contentView.callMethod(id: UIKitObject.Call.addSubview, [.object(object)])
                    }
                }
            }
            return made
        }
        guard let indexPath else {
            // The old API: a new cell each call, or one the table reuses for the row asked.
            if source?.cellClass != nil, let asked = state.cellPathAsked,
               let object = try reusableCell(at: asked, identifier: id, state: state) { return .wrapped(object) }
            return .wrapped(try make())
        }
        let path = try requireIndexPath(indexPath, "dequeueReusableCell(withIdentifier:for:)")
        if let cell = state.cells[path], cell.reuseIdentifier == id {
            if let object = state.scriptCells[path], cellObject(of: object) === cell { return object }
            return .object(cell)
        }
        if source?.cellClass != nil, let object = try reusableCell(at: path, identifier: id, state: state) { return object }
        let object = try make()
        guard let cell = cellObject(of: object) else { return object }
        state.cells[path] = cell
        if source?.cellClass != nil { state.scriptCells[path] = object } else { state.scriptCells[path] = nil }
        return object
    }

    func register(_ identifier: Value, style: Value, table: TableViewObject) throws -> Value {
        guard case .string(let id) = identifier else {
            throw Interpreter.runtimeError(UIKitMessage.cannotConvertArgument(type: typeName(identifier), to: "String"))
        }
        guard let name = UIKitValue.caseName(style), let cellStyle = CellStyle(rawValue: name) else {
            throw Interpreter.runtimeError(UIKitMessage.cellStyleNotOneOf)
        }
        table.state.registry.register(id, style: cellStyle)
        return .void
    }

    /// A method called on a table view (`tableView.reloadData()`) or in its bare form,
    /// found by ID: those that answer a value, then those that change the table's state
    /// (`changeTableViewState`), then those of sections (`callSectionTableViewMethod`).
    enum TableMethod: Int, CaseIterable, Sendable {
        case dequeueFor, dequeueForIndexPath, dequeue, dequeueWithIdentifier, registerStyle
        case registerIdentifierStyle, registerIdentifier, registerClass, registerNib, cellForRow
        case indexPathFor, numberOfRows, performSegue
        case deselectRow, deselectRowAtIndexPath, selectRowScrollPosition, selectRow, reloadData
        case reloadRowsWith, reloadRows, reloadRowsAtIndexPaths, reloadSections
        case insertRowsWith, insertRows, insertRowsAtIndexPaths, deleteRowsWith, deleteRows, deleteRowsAtIndexPaths
        case moveRow, beginUpdates, endUpdates, layoutIfNeeded, setNeedsLayout
        case performBatchUpdatesCompletion, performBatchUpdatesTwo, performBatchUpdates, setEditing
        case addSubview, registerHeaderFooter, dequeueHeaderFooter
        /// Swift's full names, in the order of the cases.
        static let names = [
            "dequeueReusableCell(withIdentifier:for:)", "dequeueReusableCellWithIdentifier(_:forIndexPath:)", "dequeueReusableCell(withIdentifier:)",
            "dequeueReusableCellWithIdentifier(_:)", "register(_:style:)", "register(_:forCellReuseIdentifier:style:)",
            "register(_:forCellReuseIdentifier:)", "registerClass(_:forCellReuseIdentifier:)", "registerNib(_:forCellReuseIdentifier:)",
            "cellForRow(at:)", "indexPath(for:)", "numberOfRows(inSection:)",
            "performSegue(withIdentifier:sender:)",
            "deselectRow(at:animated:)", "deselectRowAtIndexPath(_:animated:)", "selectRow(at:animated:scrollPosition:)",
            "selectRow(at:animated:)", "reloadData()",
            "reloadRows(at:with:)", "reloadRows(at:)", "reloadRowsAtIndexPaths(_:withRowAnimation:)", "reloadSections(_:with:)",
            "insertRows(at:with:)", "insertRows(at:)", "insertRowsAtIndexPaths(_:withRowAnimation:)",
            "deleteRows(at:with:)", "deleteRows(at:)", "deleteRowsAtIndexPaths(_:withRowAnimation:)",
            "moveRow(at:to:)", "beginUpdates()", "endUpdates()", "layoutIfNeeded()", "setNeedsLayout()",
            "performBatchUpdates(_:completion:)", "performBatchUpdates(_:_:)", "performBatchUpdates(_:)", "setEditing(_:animated:)",
            "addSubview(_:)", "register(_:forHeaderFooterViewReuseIdentifier:)", "dequeueReusableHeaderFooterView(withIdentifier:)",
        ]
        static let table = HostMemberTable(names)
    }

    /// The bare forms (`dequeueReusableCell(withIdentifier:for:)` in a table block) have
    /// only the name: its ID is found on each call.
    func callTableViewMethod(_ fullName: String, _ a: [Value], table: TableViewObject) throws -> Value? {
        try callTableViewMethod(HostMemberID(fullName), a, table: table)
    }

    func callTableViewMethod(_ method: HostMemberID, _ a: [Value], table: TableViewObject) throws -> Value? {
        let state = table.state
        switch TableMethod(rawValue: TableMethod.table[method]) {
        case .dequeueFor?, .dequeueForIndexPath?:
            return try dequeue(a[0], for: a[1], table: table)
        case .dequeue?, .dequeueWithIdentifier?:
            return try dequeue(a[0], for: nil, table: table)
        case .registerStyle?, .registerIdentifierStyle?:
            return try register(a[0], style: a[a.count - 1], table: table)
        case .registerIdentifier?, .registerClass?, .registerNib?:
            return try registerCell(a[0], identifier: a[1], table: table)
        case .cellForRow?:
            // The row's visible cell, nil for a row not on screen (VisibleCells.swift).
            let path = try requireIndexPath(a[0], "cellForRow(at:)")
            guard let cell = state.visibleCells[path] else { return .nilValue }
            try requireSurelyOnScreen(path, state)
            return .wrapped(cell)
        case .indexPathFor?:
            // The row a visible cell shows; nil for a cell not on screen (Apple: "nil if the
            // index path is invalid").
            guard let cell = cellObject(of: a[0]) else { return .nilValue }
            for (path, shown) in state.visibleCells where cellObject(of: shown) === cell {
                return .wrapped(indexPathValue(path))
            }
            return .nilValue
        case .numberOfRows?:
            guard case .int(let section) = a[0] else { return nil }
            // The table view's own count once it has laid out (UIKit does not ask again).
            if let layout = state.onScreen?.layout, layout.sections.indices.contains(section) {
                return .int(layout.sections[section].rows.count)
            }
            return .int(try driver(for: table).numberOfRows(inSection: section))
        case .performSegue?:
            return try performSegue(a[0], from: table.owner, sender: a.count > 1 ? a[1] : .nilValue)
        case let other?:
            if try changeTableViewState(other, a, state) { return .void }
            return try callSectionTableViewMethod(other, a, table: table)
        case nil:
            return nil
        }
    }

    /// The methods that change what a table view holds (its selection, rows, editing) and
    /// answer nothing; false when `method` is none of them.
    private func changeTableViewState(_ method: TableMethod, _ a: [Value], _ state: TableState) throws -> Bool {
        func animated(_ index: Int) -> Bool {
            if index < a.count, case .bool(let flag) = a[index] { return flag }
            return false
        }
        switch method {
        case .deselectRow, .deselectRowAtIndexPath:
            let path = try requireIndexPath(a[0], "deselectRow(at:animated:)")
            try deselectRowByCode(path, animated: animated(1), state)
            record(.deselectRow(path, animated: animated(1)))
            return true
        case .selectRowScrollPosition, .selectRow:
            let path: TableIndexPath?
            if case .nilValue = a[0] { path = nil } else { path = try requireIndexPath(a[0], "selectRow(at:animated:scrollPosition:)") }
            try selectRowByCode(path, animated: animated(1), state)
            record(.selectRow(path, animated: animated(1)))
            return true
        case .reloadData:
            // reloadData() clears the selection (reported of UIKit, not documented).
            state.selectedRows = []
            state.invalidateLayout()
            record(.reloadData)
            return true
        case .reloadRowsWith, .reloadRows, .reloadRowsAtIndexPaths:
            let paths = try requireIndexPaths(a[0], "reloadRows(at:with:)")
            state.reloadRows(paths)
            record(.reloadRows(paths))
            return true
        case .reloadSections:
            // Apple documents the new cells it asks for, not what becomes of a selected row
            // of a reloaded section: refused by name rather than guessed.
            if case .array(let items) = a[0] {
                let sections = Set(items.compactMap { if case .int(let n) = $0 { n } else { nil } })
                if state.selectedRows.contains(where: { sections.contains($0.section) }) {
                    throw Interpreter.runtimeError(UIKitMessage.notSimulated("UITableView.reloadSections(_:with:) of a section with a selected row"))
                }
            }
            state.invalidateLayout()
            record(.reloadData)
            return true
        case .insertRowsWith, .insertRows, .insertRowsAtIndexPaths:
            let paths = try requireIndexPaths(a[0], "insertRows(at:with:)")
            state.updateRows(deleted: [], inserted: paths)
            record(.insertRows(paths))
            return true
        case .deleteRowsWith, .deleteRows, .deleteRowsAtIndexPaths:
            let paths = try requireIndexPaths(a[0], "deleteRows(at:with:)")
            state.updateRows(deleted: paths, inserted: [])
            record(.deleteRows(paths))
            return true
        case .moveRow:
            let from = try requireIndexPath(a[0], "moveRow(at:to:)"), to = try requireIndexPath(a[1], "moveRow(at:to:)")
            state.moveRow(from: from, to: to)
            record(.moveRow(from: from, to: to))
            return true
        case .beginUpdates:
            state.beginUpdates()
            return true
        case .endUpdates:
            state.endUpdates()
            return true
        case .layoutIfNeeded, .setNeedsLayout:
            return true
        case .performBatchUpdatesCompletion, .performBatchUpdatesTwo, .performBatchUpdates:
            state.beginUpdates()
            if case .function = a[0] {
                do { _ = try interpreter.call(a[0], []) } catch { state.endUpdates(); throw error }
            }
            state.endUpdates()
            // The completion runs once the updates' animations end: after the code that
            // made them has returned, on the main queue (UIKitAnimations.swift), with `true`.
            if a.count == 2, let completion = CellObject.unwrapped(a[1]), case .function = completion {
                try interpreter.enqueueOnMainQueue(after: 0, Interpreter.nativeFunctionValue(arity: 0) { [unowned interpreter] _ in
                    _ = try interpreter.call(completion, [.bool(true)])
                    return .void
                })
            }
            return true
        case .setEditing:
            if case .bool(let editing) = a[0] { state.isEditing = editing }
            return true
        default:
            return false
        }
    }

    // MARK: - Driving a table

    /// The table view of the screen named `table`.
    func tableViewObject(_ table: String) throws -> TableViewObject {
        if let tableViewOverride, tableViewOverride.screen == table { return tableViewOverride.table }
        let vc = try screen(table)
        guard let t = tableView(of: vc) else {
            if let value = vc.value, interpreter.instanceConforms(value, to: "UITableViewDataSource") {
                throw Interpreter.runtimeError(TableMessage.noTableViewWithoutScene(table: table))
            }
            throw Interpreter.runtimeError(TableMessage.noTableView(table: table))
        }
        return t
    }

    /// Every table view made, weakly: a change of the script's code reaches each.
    func madeTableView(_ t: TableViewObject) {
        // Dropped ones are swept as the list doubles, so it stays near the live count.
        if tableViewsMade.count >= tableViewsSweepAt {
            tableViewsMade.removeAll { $0.object == nil }
            tableViewsSweepAt = max(64, tableViewsMade.count * 2)
        }
        tableViewsMade.append(WeakTableView(object: t))
    }

    /// The script's types or functions changed: every table view lays out again.
    func codeChanged() {
        for t in tableViewsMade { t.object?.codeChanged() }
        // A collection view laid out with the old code asks everything again.
        collectionViewsMade.removeAll { $0.object == nil }
        for c in collectionViewsMade { c.object?.onScreen = nil }
    }

    /// The state of the table view of the screen named `table` (a fresh one when it has none).
    func state(of table: String) -> TableState {
        (try? tableViewObject(table))?.state ?? TableState()
    }

    /// The screen named `table`, on screen: its view loaded (viewDidLoad) and, unless the
    /// caller lays it out first (`layout`), its appearance calls made.
    func driver(for table: String, layout: Bool = false) throws -> TableDriver {
        try flushTransitions()
        let vc = try screen(table)
        let appearing = !vc.hasAppeared
        try willAppear(vc, animated: false)
        let t = try tableViewObject(table)
        if appearing && !layout { try didAppear(vc, animated: false) }
        // Still pending when a second layout call follows the first (a tap's check, then its layout).
        if appearing { vc.appearancePending = layout }
        return TableDriver(simulator: self, tableView: t, table: table)
    }

    func driver(for table: TableViewObject) throws -> TableDriver {
        TableDriver(simulator: self, tableView: table, table: table.screenName)
    }

    /// Runs `body` with the table of the screen `table` as the table being driven.
    func driving<T>(_ table: String, _ body: () throws -> T) throws -> T {
        try driving(try tableViewObject(table), body)
    }

    func driving<T>(_ table: TableViewObject, _ body: () throws -> T) rethrows -> T {
        driving.append(table)
        defer { driving.removeLast() }
        return try body()
    }

    /// Lays out `table` as UIKit would: counts, heights, then titles and cells, section
    /// by section (the order `:trace` shows).
    /// Without cells (`includeCells: false`) each row holds an empty BasicCell, and a
    /// self-sizing row's height is an estimate (SelfSizing.swift); `cellsUpToLimit` makes
    /// cells unless the table has too many rows for them (`:heights`).
    public func snapshot(of table: String, includeCells: Bool = true, cellsUpToLimit: Bool = false) throws -> TableSnapshot {
        let snapshot = try layOut(table, includeCells: includeCells, cellsUpToLimit: cellsUpToLimit)
        let vc = try screen(table)
        if vc.appearancePending {
            vc.appearancePending = false
            try didAppear(vc, animated: false)
        }
        return snapshot
    }

    /// Throws unless `indexPath` is a row of the table as laid out.
    func validate(_ indexPath: TableIndexPath, in snapshot: TableSnapshot) throws {
        let table = snapshot.name, sections = snapshot.sections.count
        guard indexPath.section >= 0, indexPath.section < sections else {
            throw Interpreter.runtimeError(UIKitMessage.noSuchSection(section: indexPath.section, table: table, count: sections))
        }
        let rows = snapshot.sections[indexPath.section].rows.count
        guard indexPath.row >= 0, indexPath.row < rows else {
            throw Interpreter.runtimeError(UIKitMessage.noSuchRow(row: indexPath.row, section: indexPath.section, table: table, count: rows))
        }
    }

    /// Throws unless `indexPath` is a row of `table` now.
    public func validate(_ indexPath: TableIndexPath, in table: String) throws {
        let driver = try self.driver(for: table)
        try untraced { try driving(table) {
            let sections = try driver.numberOfSections()
            guard indexPath.section >= 0, indexPath.section < sections else {
                throw Interpreter.runtimeError(UIKitMessage.noSuchSection(section: indexPath.section, table: table, count: sections))
            }
            let rows = try driver.numberOfRows(inSection: indexPath.section)
            guard indexPath.row >= 0, indexPath.row < rows else {
                throw Interpreter.runtimeError(UIKitMessage.noSuchRow(row: indexPath.row, section: indexPath.section, table: table, count: rows))
            }
        } }
    }

    /// A tap: the cell's highlight, willSelect, didSelect (CellSelection.swift). Returns the index path selected, nil when
    /// willSelect refused or the table takes no selection (`selectionTurnedOff(in:)`).
    /// `effects` gives what the tap did so far: when it inserted or deleted rows, the
    /// counts must add up as UIKit checks them.
    public func select(_ indexPath: TableIndexPath, in table: String,
                       effects: () -> [TableEffect] = { [] }) throws -> TableIndexPath? {
        // A tap lands on a row on screen: the table is laid out first when it has not
        // been, or has been told its data changed (VisibleCells.swift); a table too long
        // for TableLab to make every cell is tapped as its data source counts it.
        let before: [Int]
        if try isTooLongForCells(table) {
            try validate(indexPath, in: table)
            before = try untraced { try rowCounts(of: table) }
        } else {
            let onScreen = try snapshot(of: table)
            try validate(indexPath, in: onScreen)
            before = onScreen.sections.map(\.rows.count)
        }
        try checkTakesTaps(indexPath, in: table)
        let driver = try self.driver(for: table)
        let selected: TableIndexPath? = try driving(driver.tableView) {
            let state = driver.tableView.state
            guard state.selectionTurnedOff == nil else { return nil }
            return try tap(indexPath, driver, state)
        }
        try untraced { try checkBatchUpdate(table: table, before: before, effects: effects()) }
        // The screens pushed or presented by the tap appear now.
        try flushTransitions()
        return selected
    }

    /// The flag that keeps a tap on `table` from selecting a row now, nil when a tap
    /// selects (`allowsSelection`, or in editing mode `allowsSelectionDuringEditing`).
    public func selectionTurnedOff(in table: String) throws -> String? {
        try driver(for: table).tableView.state.selectionTurnedOff
    }

    /// Whether the last tap on `table` found shouldHighlightRowAt returning false.
    public func tapHighlightRefused(in table: String) throws -> Bool {
        try driver(for: table).tableView.state.highlightRefused
    }

    /// Questions the simulator asks for its own checks, not ones UIKit asks: not traced.
    func untraced<T>(_ body: () throws -> T) rethrows -> T {
        let wasTracing = tracing
        tracing = false
        defer { tracing = wasTracing }
        return try body()
    }

    /// The row's height, for `:height`: heightForRowAt's answer, or for a self-sizing row
    /// the height its laid-out cell gives (an estimate where TableLab cannot measure it).
    public func height(at indexPath: TableIndexPath, in table: String) throws -> (height: Double, isEstimate: Bool) {
        try validate(indexPath, in: table)
        let driver = try self.driver(for: table)
        let answer = try driving(table) { try driver.heightForRow(at: indexPath) }
        guard answer == TableSimulator.automaticDimension else { return (answer, false) }
        let row = try snapshot(of: table).sections[indexPath.section].rows[indexPath.row]
        return (row.height, row.heightIsEstimate)
    }

    /// The cell a row shows (what `tableView.cellForRow(at:)` answers), the table laid out
    /// first when it needs to be.
    public func cell(at indexPath: TableIndexPath, in table: String) throws -> CellSnapshot {
        try cellObject(at: indexPath, in: table).snapshot
    }

    /// Row counts of every section.
    func rowCounts(of table: String) throws -> [Int] {
        let driver = try self.driver(for: table)
        return try driving(table) {
            try (0..<driver.numberOfSections()).map {
                try interpreter.step()
                return try driver.numberOfRows(inSection: $0)
            }
        }
    }

    /// Drag-reorder: canMoveRow, then moveRow(at:to:). Throws when moving is refused.
    public func move(_ from: TableIndexPath, to: TableIndexPath, in table: String) throws {
        try validate(from, in: table)
        let counts = try rowCounts(of: table)
        guard to.section >= 0, to.section < counts.count, to.row >= 0,
              to.row <= counts[to.section] - (to.section == from.section ? 1 : 0) else {
            throw Interpreter.runtimeError(TableMessage.cannotMoveRow(to: to, table: table))
        }
        let driver = try self.driver(for: table)
        try driving(table) {
            guard driver.methods.has(.moveRow) else {
                throw Interpreter.runtimeError(TableMessage.movingNotSupported(table: table))
            }
            guard try driver.canMoveRow(at: from) else {
                throw Interpreter.runtimeError(TableMessage.rowCannotMove(from))
            }
            try driver.moveRow(at: from, to: to)
        }
        // The user dragged the row: its cell is already where it was dropped.
        try tableViewObject(table).state.moveRow(from: from, to: to)
    }

    /// Swipe-delete: canEditRow, then commit(.delete, forRowAt:); when the data source
    /// deletes rows, the counts must add up as UIKit checks them.
    public func delete(_ indexPath: TableIndexPath, in table: String, effects: () -> [TableEffect]) throws {
        try validate(indexPath, in: table)
        let driver = try self.driver(for: table)
        let before = try untraced { try rowCounts(of: table) }
        try withRowInView(indexPath, of: table) { try deleteRow(indexPath, table, driver) }
        try untraced { try checkBatchUpdate(table: table, before: before, effects: effects()) }
    }

    private func deleteRow(_ indexPath: TableIndexPath, _ table: String, _ driver: TableDriver) throws {
        try driving(table) {
            guard driver.methods.has(.commit) else {
                throw Interpreter.runtimeError(TableMessage.deletingNotSupported(table: table))
            }
            guard try driver.canEditRow(at: indexPath) else {
                throw Interpreter.runtimeError(TableMessage.rowCannotBeDeleted(indexPath))
            }
            let style = try driver.editingStyle(at: indexPath)
            guard style == "delete" else {
                throw Interpreter.runtimeError(TableMessage.rowEditingStyleNotDelete(indexPath, style: style))
            }
            try driver.commit(editingStyle: "delete", forRowAt: indexPath)
        }
    }

    /// UIKit's exception for rows inserted where the updated data source has no such
    /// place (NSInternalInconsistencyException, in its words); after the count check.
    func checkInsertion(_ paths: [TableIndexPath], after: [Int]) throws {
        for p in paths {
            guard p.section >= 0, p.section < after.count else {
                throw Interpreter.runtimeError(TableMessage.insertIntoMissingSection(row: p.row, section: p.section, sections: after.count))
            }
            guard p.row >= 0, p.row < after[p.section] else {
                throw Interpreter.runtimeError(TableMessage.insertPastRows(row: p.row, section: p.section, rows: after[p.section]))
            }
        }
    }

    /// UIKit's consistency check after insertRows/deleteRows: each section's new count
    /// must be the old one plus inserted minus deleted.
    func checkBatchUpdate(table: String, before: [Int], effects: [TableEffect]) throws {
        var inserted: [Int: Int] = [:], deleted: [Int: Int] = [:]
        var reloaded = false
        for effect in effects {
            switch effect {
            case .insertRows(let paths): for p in paths { inserted[p.section, default: 0] += 1 }
            case .deleteRows(let paths): for p in paths { deleted[p.section, default: 0] += 1 }
            case .reloadData: reloaded = true
            default: break
            }
        }
        guard !reloaded, !(inserted.isEmpty && deleted.isEmpty) else { return }
        let after = try rowCounts(of: table)
        for section in 0..<min(before.count, after.count) {
            let expected = before[section] + inserted[section, default: 0] - deleted[section, default: 0]
            if after[section] != expected {
                throw Interpreter.runtimeError(TableMessage.invalidRowCountAfterUpdate(
                    section: section, after: after[section], before: before[section],
                    inserted: inserted[section, default: 0], deleted: deleted[section, default: 0]))
            }
        }
        for effect in effects {
            if case .insertRows(let paths) = effect { try checkInsertion(paths, after: after) }
        }
    }
}

struct WeakTableView {
    weak var object: TableViewObject?
}

struct WeakCollectionView {
    weak var object: CollectionViewObject?
}
