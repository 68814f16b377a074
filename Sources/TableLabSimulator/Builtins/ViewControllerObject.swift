// UIKit's part of a screen: the `UIViewController` (or `UITableViewController`) that a
// script's view-controller class inherits from, one per instance (and one for a `table`
// block's singleton). The script's own members come first (HostBase.swift); this object
// answers the rest as UIKit documents them: `title`, `navigationItem`,
// `navigationController`, `view`, `tableView` (UITableViewController), `present`,
// `dismiss`, `performSegue`, `shouldPerformSegue`, and the lifecycle methods that `super.`
// reaches (which do nothing in UIKit's own implementation that TableLab draws).
//
// UIKit does not run on Linux: what these members do follows Apple's documentation of
// UIViewController, UINavigationController and UIStoryboardSegue.

import TableLabSyntax
import TableLabInterpreter

public final class ViewControllerObject: NativeObject {
    unowned let simulator: TableSimulator
    /// `UIViewController` or `UITableViewController`.
    let hostClass: String
    let kind: HostKind
    /// The script's instance (a class instance, or a table block's singleton). The two
    /// hold each other (the instance holds this object as its host part): a screen lives
    /// as long as the session, as a storyboard's view controllers often do.
    var instance: TableInstance?
    /// The name the explorer knows this screen by (`:show NAME`, the navigation line).
    var key: String = ""
    /// The script type's identity when this screen was made: a redeclared class starts afresh.
    var identity: Int?
    var title: String?
    let navigationItem = NavigationItemObject()
    /// `editButtonItem`, made on first use.
    private var editButton: BarButtonItemObject?
    /// `view`: made by UIKit's `loadView` unless the script's `loadView` sets it.
    var rootView: Value?
    /// The table view UIKit made for it (UITableViewController, a storyboard's table view).
    var ownTableView: TableViewObject?
    /// The storyboard scene UIKit made this controller from when the scene names no class of
    /// the script's (the launch scene's own UITableViewController); nil: found by class name.
    var ownScene: Storyboard.Controller?
    /// The table views of its storyboard scene connected to outlets, by the table's id.
    var sceneTables: [String: TableViewObject] = [:]
    /// The other views of its storyboard scene made so far, by id (TableEndViews.swift).
    var sceneViewObjects: [String: NativeObject] = [:]
    /// The style given to `UITableViewController(style:)`.
    var tableStyle = TableStyleName.plain
    /// The layout given to `UICollectionViewController(collectionViewLayout:)`.
    var collectionLayout: Value?
    /// A UICollectionViewController's collection view, made when its view loads.
    var ownCollectionView: CollectionViewObject?
    /// The collection views of its storyboard scene connected to outlets, in the order made.
    var sceneCollectionViews: [CollectionViewObject] = []
    var isViewLoaded = false
    var hasAppeared = false
    /// viewDidAppear waits for the layout that `:show` makes.
    var appearancePending = false
    /// Presented modally (`present(_:animated:completion:)`), not pushed.
    var isPresented = false
    /// Presented inside a `UINavigationController(rootViewController:)`: it has a
    /// navigation controller, and what it pushes goes on top of it.
    var presentedInNavigation = false
    /// A table block's singleton: TableLab's defaults (`sections`, `items`) apply.
    let isTableBlock: Bool
    /// Its table view is the one a storyboard not loaded would make (no outlet, none made
    /// in code): `:show` says so once.
    var tableViewOnlyInStoryboard = false
    var tableViewOnlyInStoryboardNoted = false

    init(simulator: TableSimulator, hostClass: String, instance: TableInstance, isTableBlock: Bool) {
        self.simulator = simulator
        self.hostClass = hostClass
        kind = HostKind(hostClass)
        storedProperties = StoredValues(kind == .tableViewController ? Self.tableViewControllerStored : Self.viewControllerStored)
        self.instance = instance
        self.isTableBlock = isTableBlock
    }

    public override var typeName: String { instance?.name ?? hostClass }

    /// The script's instance as a value (`self` of its methods).
    var value: Value? { instance.map { .type(.table($0)) } }

    var scriptTypeName: String { instance?.name ?? hostClass }

    /// The members a subclass may name without `self.` (HostBase's member names).
    static func memberNames(_ hostClass: String) -> Set<String> {
        var names: Set<String> = [
            "title", "navigationItem", "navigationController", "view", "isViewLoaded", "presentedViewController",
            "presentingViewController", "isEditing", "editButtonItem", "parent", "tabBarController", "storyboard",
            "present(_:animated:completion:)", "present(_:animated:)", "dismiss(animated:completion:)",
            "dismiss(animated:)", "present(_:animated:_:)", "dismiss(animated:_:)", "performSegue(withIdentifier:sender:)", "performSegueWithIdentifier(_:sender:)",
            "presentViewController(_:animated:completion:)", "presentViewController(_:animated:_:)",
            "dismissViewControllerAnimated(_:completion:)", "dismissViewControllerAnimated(_:_:)",
            "shouldPerformSegue(withIdentifier:sender:)", "prepare(for:sender:)", "show(_:sender:)",
            "loadViewIfNeeded()", "setEditing(_:animated:)",
        ]
        names.formUnion(lifecycleMethods)
        names.formUnion(storedDefaults(hostClass).keys)
        if hostClass == "UITableViewController" { names.formUnion(["tableView", "refreshControl"]) }
        if hostClass == "UICollectionViewController" { names.formUnion(["collectionView", "collectionViewLayout", "init(collectionViewLayout:)"]) }
        return names
    }

    /// The properties only stored, with UIKit's defaults (UIKitDefaults.swift).
    static func storedDefaults(_ hostClass: String) -> [String: UIKitDefault] {
        hostClass == "UITableViewController" ? UIKitDefaults.tableViewController : UIKitDefaults.viewController
    }
    static let viewControllerStored = StoredMembers(UIKitDefaults.viewController)
    static let tableViewControllerStored = StoredMembers(UIKitDefaults.tableViewController)
    /// Their values once set.
    var storedProperties: StoredValues

    /// UIKit's lifecycle methods: UIKit's own versions do nothing TableLab draws.
    static let lifecycleMethods: Set<String> = [
        "loadView()", "viewDidLoad()", "viewWillAppear(_:)", "viewDidAppear(_:)", "viewWillDisappear(_:)",
        "viewDidDisappear(_:)", "viewWillLayoutSubviews()", "viewDidLayoutSubviews()", "didReceiveMemoryWarning()",
        "awakeFromNib()", "updateViewConstraints()", "viewSafeAreaInsetsDidChange()",
        "init(coder:)", "init(nibName:bundle:)", "init(style:)", "init()",
    ]

    // MARK: - The view

    /// `view`: loading it first, as UIKit does on the first access (loadView, viewDidLoad).
    func view() throws -> Value {
        try simulator.loadViewIfNeeded(self)
        if let rootView { return rootView }
        // UIKit's loadView: a UITableViewController's view is its table view.
        let made: Value
        switch kind {
        case .tableViewController: made = .object(tableViewForController())
        case .collectionViewController: made = .object(try collectionViewForController())
        case .viewController: made = .object(UIViewObject(simulator: simulator))
        }
        rootView = made
        return made
    }

    /// UITableViewController's `tableView`, made on first use with the controller as its
    /// data source and delegate.
    func tableViewForController() -> TableViewObject {
        if let ownTableView { return ownTableView }
        let t = TableViewObject(simulator: simulator, style: tableStyle)
        if let value { t.dataSource = value; t.delegate = value }
        t.owner = self
        simulator.adoptStoryboard(t, of: self)
        ownTableView = t
        return t
    }

    /// UICollectionViewController's `collectionView`: made with the layout its
    /// `init(collectionViewLayout:)` was given, the controller its data source and delegate.
    /// UIKit raises NSInvalidArgumentException for one made without a layout (`init()`).
    func collectionViewForController() throws -> CollectionViewObject {
        if let ownCollectionView { return ownCollectionView }
        if collectionLayout == nil, let c = simulator.sceneCollectionView(of: self) {
            c.owner = self
            ownCollectionView = c
            return c
        }
        guard let layout = collectionLayout else {
            throw Interpreter.runtimeError(UIKitMessage.collectionViewWithoutLayout(scriptTypeName))
        }
        let c = CollectionViewObject(simulator: simulator, frame: simulator.zeros.rect, layout: layout)
        if let value { c.dataSource = value; c.delegate = value }
        c.owner = self
        ownCollectionView = c
        return c
    }

    // MARK: - Members

    /// The UIKit class a screen's UIKit part is, decided once (its members differ by it).
    enum HostKind {
        case viewController, tableViewController, collectionViewController
        init(_ hostClass: String) {
            switch hostClass {
            case "UITableViewController": self = .tableViewController
            case "UICollectionViewController": self = .collectionViewController
            default: self = .viewController
            }
        }
    }

    /// The properties the screen answers itself, found by ID (the stored-only ones are `stored`'s).
    enum Member: Int, CaseIterable, Sendable {
        case title, navigationItem, navigationController, view, isViewLoaded, tableView, collectionView
        case collectionViewLayout, refreshControl, presentedViewController, presentingViewController, isEditing
        case editButtonItem, parent, storyboard, tabBarController
        /// Swift's names of the properties, in the order of the cases.
        static let names = [
            "title", "navigationItem", "navigationController", "view", "isViewLoaded", "tableView", "collectionView",
            "collectionViewLayout", "refreshControl", "presentedViewController", "presentingViewController", "isEditing",
            "editButtonItem", "parent", "storyboard", "tabBarController",
        ]
        static let table = HostMemberTable(names)
    }

    /// The methods the screen answers, found by ID: one case per spelling (Swift 2's names,
    /// a trailing closure's labels), then the lifecycle methods (`lifecycleMethods`).
    enum Method: Int, CaseIterable, Sendable {
        case present, presentAnimated, presentTrailing, presentViewController, presentViewControllerTrailing
        case dismiss, dismissAnimated, dismissTrailing, dismissViewControllerAnimated, dismissViewControllerAnimatedTrailing
        case performSegue, performSegueWithIdentifier, shouldPerformSegue, prepare, setEditing, show, loadViewIfNeeded
        case initCollectionViewLayout, initStyle
        case loadView, viewDidLoad, viewWillAppear, viewDidAppear, viewWillDisappear, viewDidDisappear
        case viewWillLayoutSubviews, viewDidLayoutSubviews, didReceiveMemoryWarning, awakeFromNib
        case updateViewConstraints, viewSafeAreaInsetsDidChange, initCoder, initNibName, initPlain
        /// Swift's full names, in the order of the cases.
        static let names = [
            "present(_:animated:completion:)", "present(_:animated:)", "present(_:animated:_:)",
            "presentViewController(_:animated:completion:)", "presentViewController(_:animated:_:)",
            "dismiss(animated:completion:)", "dismiss(animated:)", "dismiss(animated:_:)",
            "dismissViewControllerAnimated(_:completion:)", "dismissViewControllerAnimated(_:_:)",
            "performSegue(withIdentifier:sender:)", "performSegueWithIdentifier(_:sender:)",
            "shouldPerformSegue(withIdentifier:sender:)", "prepare(for:sender:)", "setEditing(_:animated:)", "show(_:sender:)",
            "loadViewIfNeeded()", "init(collectionViewLayout:)", "init(style:)",
            "loadView()", "viewDidLoad()", "viewWillAppear(_:)", "viewDidAppear(_:)", "viewWillDisappear(_:)",
            "viewDidDisappear(_:)", "viewWillLayoutSubviews()", "viewDidLayoutSubviews()", "didReceiveMemoryWarning()",
            "awakeFromNib()", "updateViewConstraints()", "viewSafeAreaInsetsDidChange()",
            "init(coder:)", "init(nibName:bundle:)", "init()",
        ]
        static let table = HostMemberTable(names)
    }

    public override func member(id: HostMemberID) throws -> Value? {
        switch Member(rawValue: Member.table[id]) {
        case .title?: return title.map { .wrapped(.string($0)) } ?? Value.nilValue
        case .navigationItem?: return .object(navigationItem)
        case .navigationController?, .parent?:
            // A screen in the navigation stack has its navigation controller as its parent.
            guard simulator.isInNavigation(self) else { return .nilValue }
            return .wrapped(.object(simulator.navigationController))
        case .view?: return try view()
        case .isViewLoaded?: return .bool(isViewLoaded)
        case .tableView?:
            guard kind == .tableViewController else { return nil }
            return .object(tableViewForController())
        case .collectionView? where kind == .collectionViewController:
            try simulator.loadViewIfNeeded(self)
            return .object(try collectionViewForController())
        case .collectionViewLayout? where kind == .collectionViewController:
            return try collectionViewForController().layout
        case .refreshControl? where kind == .tableViewController:
            // UITableViewController's refresh control is its table view's.
            return try tableViewForController().member(id: id)
        case .presentedViewController?:
            return simulator.presented(by: self)?.value.map { .wrapped($0) } ?? Value.nilValue
        case .presentingViewController?:
            return simulator.presenter(of: self)?.value.map { .wrapped($0) } ?? Value.nilValue
        case .isEditing?: return .bool(ownTableView?.state.isEditing ?? false)
        case .editButtonItem?:
            // UIKit's Edit/Done item, made once. TableLab draws no navigation bar items, so
            // nothing can tap it; its title is UIKit's while not editing.
            if let editButton { return .object(editButton) }
            guard let host = simulator.uikitHost else { return nil }
            let item = try BarButtonItemObject(host: host, title: .wrapped(.string("Edit")), systemItem: nil, image: .nilValue,
                                               target: .nilValue, action: .nilValue)
            editButton = item
            return .object(item)
        case .storyboard?:
            // nil for a screen made in code; one its storyboard made knows the storyboard.
            guard simulator.storyboardScene(forClass: scriptTypeName) == nil else {
                throw Interpreter.runtimeError(UIKitMessage.notSimulated("UIViewController.storyboard"))
            }
            return .nilValue
        case .tabBarController?:
            guard !simulator.storyboards.contains(where: { $0.controllers.contains { $0.kind == "tabBarController" } }) else {
                throw Interpreter.runtimeError(UIKitMessage.notSimulated("UIViewController.tabBarController"))
            }
            return .nilValue
        case .collectionView?, .collectionViewLayout?, .refreshControl?, nil:
            return try storedProperties.read(hostClass, id)
        }
    }

    public override func setMember(id: HostMemberID, _ value: Value) throws -> Bool {
        switch Member(rawValue: Member.table[id]) {
        case .title?:
            title = UIKitBuiltins.optionalText(value)
            // UIKit: a view controller's title is its navigation item's title too.
            navigationItem.title = title
        case .view?:
            rootView = value.unboxedOptional
        case .refreshControl? where kind == .tableViewController:
            return try tableViewForController().setMember(id: id, value)
        case .tableView? where kind == .tableViewController:
            guard case .object(let t as TableViewObject) = value.unboxedOptional else {
                throw UIKitValue.typeMismatch(value, "UITableView", simulator.typeName)
            }
            ownTableView = t
        default:
            return try storedProperties.assign(id, value, converting: nil)
        }
        return true
    }

    public override func callMethod(id: HostMemberID, _ a: [Value]) throws -> Value? {
        switch Method(rawValue: Method.table[id]) {
        case .present?, .presentAnimated?, .presentTrailing?, .presentViewController?, .presentViewControllerTrailing?:
            // A trailing closure is the completion; Swift 2's name is the same method.
            return try simulator.present(a[0], from: self, completion: a.count > 2 ? a[2] : nil,
                                         fullName: a.count > 2 ? "present(_:animated:completion:)" : id.name, arguments: a)
        case .dismiss?, .dismissAnimated?, .dismissTrailing?, .dismissViewControllerAnimated?, .dismissViewControllerAnimatedTrailing?:
            try simulator.dismiss(from: self)
            // UIKit calls the completion after the dismissal's animation: after the event,
            // once the disappearance calls it caused have run (as present's completion).
            if a.count > 1, case .function = a[1].unboxedOptional {
                let completion = a[1].unboxedOptional
                simulator.afterTransitions { [unowned simulator] in _ = try simulator.interpreter.call(completion, []) }
            }
            return .void
        case .performSegue?, .performSegueWithIdentifier?:
            return try simulator.performSegue(a[0], from: self, sender: a[1])
        case .shouldPerformSegue?:
            return .bool(true)
        case .setEditing?:
            if case .bool(let editing) = a[0] {
                (ownTableView ?? simulator.tableView(of: self))?.state.isEditing = editing
            }
            return .void
        case .show?:
            return try simulator.pushViewController(a[0])
        case .loadViewIfNeeded?:
            try simulator.loadViewIfNeeded(self)
            return .void
        case .initCollectionViewLayout?:
            try UIKitValue.requireFlowLayout(a[0])
            collectionLayout = a[0]
            return .void
        case .initStyle?:
            if let name = UIKitValue.caseName(a[0]), let style = TableStyleName(rawValue: name) { tableStyle = style }
            return .void
        case .prepare?, .loadView?, .viewDidLoad?, .viewWillAppear?, .viewDidAppear?, .viewWillDisappear?, .viewDidDisappear?,
             .viewWillLayoutSubviews?, .viewDidLayoutSubviews?, .didReceiveMemoryWarning?, .awakeFromNib?,
             .updateViewConstraints?, .viewSafeAreaInsetsDidChange?, .initCoder?, .initNibName?, .initPlain?:
            return .void
        case nil:
            return nil
        }
    }

    public override var textDescription: String { "<\(scriptTypeName)>" }
}

/// The table styles UIKit has (`UITableView.Style`), by the case name a script writes.
/// (The `sections` helper draws them; this is where the style a script gives reaches the
/// table view: `TableViewObject.style`.)
typealias TableStyleName = TableStyle

/// `navigationItem`: its title and bar button items, stored.
final class NavigationItemObject: NativeObject {
    var title: String?
    var stored = StoredValues(NavigationItemObject.storedMembers)
    static let storedMembers = StoredMembers(UIKitDefaults.navigationItem)
    override var typeName: String { "UINavigationItem" }

    /// The setters' methods, found by ID.
    enum Method: Int, CaseIterable, Sendable {
        case setRightBarButton, setLeftBarButton, setHidesBackButton
        /// Swift's full names, in the order of the cases.
        static let names = ["setRightBarButton(_:animated:)", "setLeftBarButton(_:animated:)", "setHidesBackButton(_:animated:)"]
        static let table = HostMemberTable(names)
        /// The place of the property each one sets.
        static let places = ["rightBarButtonItem", "leftBarButtonItem", "hidesBackButton"].map {
            storedMembers.place(HostMemberID($0)) ?? -1
        }
    }
    static let titleID = HostMemberID("title")

    override func member(id: HostMemberID) throws -> Value? {
        if id == Self.titleID { return title.map { .wrapped(.string($0)) } ?? Value.nilValue }
        return try stored.read(typeName, id)
    }
    override func setMember(id: HostMemberID, _ value: Value) throws -> Bool {
        if id == Self.titleID { title = UIKitBuiltins.optionalText(value); return true }
        return try stored.assign(id, value, converting: nil)
    }
    override func callMethod(id: HostMemberID, _ arguments: [Value]) throws -> Value? {
        guard let method = Method(rawValue: Method.table[id]) else { return nil }
        stored.set(arguments[0], at: Method.places[method.rawValue])
        return .void
    }
}

/// `navigationController`: the one navigation stack the simulator keeps.
final class NavigationControllerObject: NativeObject {
    unowned let simulator: TableSimulator
    /// `navigationBar`: its appearance stored (TableLab draws the title line alone).
    let navigationBar = StoredPropertiesObject("UINavigationBar", NavigationControllerObject.navigationBarMembers)
    static let navigationBarMembers = StoredMembers(UIKitDefaults.navigationBar)
    /// Its own `title` (UIViewController's): it names the navigation controller's own
    /// navigation item and tab bar item, neither of which is drawn (its bar shows the top
    /// screen's item; TableLab's screens sit in no tab bar controller), so it is only kept.
    var title: String?
    init(simulator: TableSimulator) { self.simulator = simulator }
    override var typeName: String { "UINavigationController" }

    /// The properties it answers, found by ID.
    enum Member: Int, CaseIterable, Sendable {
        case viewControllers, topViewController, visibleViewController, navigationBar, isNavigationBarHidden, isToolbarHidden
        case title
        /// Swift's names of the properties, in the order of the cases.
        static let names = [
            "viewControllers", "topViewController", "visibleViewController", "navigationBar", "isNavigationBarHidden",
            "isToolbarHidden", "title",
        ]
        static let table = HostMemberTable(names)
    }

    /// The methods it answers, found by ID (present and dismiss are its top screen's).
    enum Method: Int, CaseIterable, Sendable {
        case push, pop, popToRoot, setNavigationBarHidden, setToolbarHidden, present, presentAnimated, dismiss, dismissAnimated
        /// Swift's full names, in the order of the cases.
        static let names = [
            "pushViewController(_:animated:)", "popViewController(animated:)", "popToRootViewController(animated:)",
            "setNavigationBarHidden(_:animated:)", "setToolbarHidden(_:animated:)", "present(_:animated:completion:)",
            "present(_:animated:)", "dismiss(animated:completion:)", "dismiss(animated:)",
        ]
        static let table = HostMemberTable(names)
    }

    override func member(id: HostMemberID) throws -> Value? {
        switch Member(rawValue: Member.table[id]) {
        case .viewControllers?: return .array(simulator.pushedScreens.compactMap(\.value))
        case .topViewController?, .visibleViewController?:
            return simulator.pushedScreens.last?.value.map { .wrapped($0) } ?? Value.nilValue
        case .navigationBar?: return .object(navigationBar)
        case .isNavigationBarHidden?, .isToolbarHidden?: return .bool(false)
        case .title?: return title.map { .wrapped(.string($0)) } ?? Value.nilValue
        case nil: return nil
        }
    }
    override func setMember(id: HostMemberID, _ value: Value) throws -> Bool {
        switch Member(rawValue: Member.table[id]) {
        case .isNavigationBarHidden?, .isToolbarHidden?: return true
        case .title?: title = UIKitBuiltins.optionalText(value); return true
        default: return false
        }
    }
    override func callMethod(id: HostMemberID, _ a: [Value]) throws -> Value? {
        switch Method(rawValue: Method.table[id]) {
        case .push?:
            return try simulator.pushViewController(a[0])
        case .pop?:
            guard let popped = try simulator.popScreen() else { return .nilValue }
            return popped.value.map { .wrapped($0) } ?? Value.nilValue
        case .popToRoot?:
            var popped: [Value] = []
            while let p = try simulator.popScreen() { if let v = p.value { popped.insert(v, at: 0) } }
            return .wrapped(.array(popped))
        case .setNavigationBarHidden?, .setToolbarHidden?: return .void
        case .present?, .presentAnimated?, .dismiss?, .dismissAnimated?:
            guard let top = simulator.pushedScreens.last else { return nil }
            return try top.callMethod(id: id, a)
        case nil: return nil
        }
    }
}

/// `UINavigationController(rootViewController:)` made in code, to be presented: presenting
/// it presents its root screen inside a navigation controller.
final class EmbeddingNavigationObject: NativeObject {
    let root: Value
    init(root: Value) { self.root = root }
    override var typeName: String { "UINavigationController" }

    /// The properties it reads, then those it takes and forgets (a presentation's style).
    enum Member: Int, CaseIterable, Sendable {
        case viewControllers, topViewController, visibleViewController
        case modalPresentationStyle, modalTransitionStyle, isModalInPresentation
        /// Swift's names of the properties, in the order of the cases.
        static let names = [
            "viewControllers", "topViewController", "visibleViewController",
            "modalPresentationStyle", "modalTransitionStyle", "isModalInPresentation",
        ]
        static let table = HostMemberTable(names)
    }

    override func member(id: HostMemberID) throws -> Value? {
        switch Member(rawValue: Member.table[id]) {
        case .viewControllers?: return .array([root])
        case .topViewController?, .visibleViewController?: return .wrapped(root)
        default: return nil
        }
    }
    override func setMember(id: HostMemberID, _ value: Value) throws -> Bool {
        switch Member(rawValue: Member.table[id]) {
        case .modalPresentationStyle?, .modalTransitionStyle?, .isModalInPresentation?: return true
        default: return false
        }
    }
}

/// A UIKit object whose listed properties are only stored (UIKit's default until set).
final class StoredPropertiesObject: NativeObject {
    let name: String
    var stored: StoredValues
    init(_ name: String, _ members: StoredMembers) { self.name = name; stored = StoredValues(members) }
    override var typeName: String { name }
    override func member(id: HostMemberID) throws -> Value? {
        try stored.read(name, id)
    }
    override func setMember(id: HostMemberID, _ value: Value) throws -> Bool {
        try stored.assign(id, value, converting: nil)
    }
}

/// A `UIView` made by UIKit's `loadView` or in code (`UIView()`): its subviews (a table
/// view added with `addSubview` is the one the screen shows) and stored appearance.
final class UIViewObject: NativeObject, ConstrainedView {
    var layoutConstraints: [LayoutConstraintObject] = []
    unowned let simulator: TableSimulator
    var subviews: [Value] = []
    var stored = StoredValues(UIViewObject.storedMembers)
    /// `layer`: a CALayer made on first use, unless set.
    var layer: Value?
    init(simulator: TableSimulator) { self.simulator = simulator }
    static let storedMembers = StoredMembers(UIKitDefaults.rootView)
    override var typeName: String { "UIView" }

    /// The properties it answers besides the stored ones, found by ID.
    enum Member: Int, CaseIterable, Sendable {
        case subviews, bounds, frame, layer
        /// Swift's names of the properties, in the order of the cases.
        static let names = ["subviews", "bounds", "frame", "layer"]
        static let table = HostMemberTable(names)
    }

    /// Its methods, found by ID.
    enum Method: Int, CaseIterable, Sendable {
        case addSubview, bringSubviewToFront, sendSubviewToBack, layoutIfNeeded, setNeedsLayout
        /// Swift's full names, in the order of the cases.
        static let names = [
            "addSubview(_:)", "bringSubviewToFront(_:)", "sendSubviewToBack(_:)", "layoutIfNeeded()", "setNeedsLayout()",
        ]
        static let table = HostMemberTable(names)
    }

    override func member(id: HostMemberID) throws -> Value? {
        switch Member(rawValue: Member.table[id]) {
        case .subviews?: return .array(subviews)
        case .bounds?, .frame?: return UIKitBuiltins.rect(simulator.interpreter, x: 0, y: 0, width: simulator.screenWidth, height: simulator.screenHeight)
        case .layer?:
            if let layer { return layer }
            let made = Value.object(LayerObject())
            layer = made
            return made
        case nil:
            if let stored = try stored.read(typeName, id) { return stored }
            // An anchor or a layout guide (LayoutObjects.swift, by ID).
            return LayoutMembers.member(id: id, of: self)
        }
    }
    override func setMember(id: HostMemberID, _ value: Value) throws -> Bool {
        switch Member(rawValue: Member.table[id]) {
        case .bounds?, .frame?: return true
        case .layer?:
            layer = value
            return true
        case .subviews?, nil:
            return try stored.assign(id, value, converting: simulator.zeros)
        }
    }
    override func callMethod(id: HostMemberID, _ a: [Value]) throws -> Value? {
        switch Method(rawValue: Method.table[id]) {
        case .addSubview?:
            subviews.append(a[0].unboxedOptional)
            return .void
        case .bringSubviewToFront?, .sendSubviewToBack?, .layoutIfNeeded?, .setNeedsLayout?:
            return .void
        case nil: return nil
        }
    }
    /// The first table view among the subviews (depth first).
    var firstTableView: TableViewObject? {
        for v in subviews {
            if case .object(let t as TableViewObject) = v { return t }
            if case .object(let u as UIViewObject) = v, let t = u.firstTableView { return t }
            if case .object(let u as ViewObject) = v, let t = u.firstTableView { return t }
        }
        return nil
    }
}

extension ViewObject {
    /// The first table view among the subviews of a view made in code (depth first).
    var firstTableView: TableViewObject? {
        guard case .array(let subviews)? = properties[Key.subviews] else { return nil }
        for v in subviews {
            if case .object(let t as TableViewObject) = v.unboxedOptional { return t }
            if case .object(let u as ViewObject) = v.unboxedOptional, let t = u.firstTableView { return t }
        }
        return nil
    }
}

/// A `CGRect` (or its `size`, its `origin`) with a component Auto Layout does not tell
/// (ConstraintLayout.swift): reading that component is its error, the others read as the
/// prelude's struct would. Where every component is known a host makes the struct itself
/// (`value(_:)`), so that only such a rectangle is an object.
final class RectObject: NativeObject {
    let x: Double, y: Double, width: Double, height: Double
    /// Why a component is not known, by `x`, `y`, `width` or `height`: reading it, or what
    /// is made from it, is that error.
    let problems: [String: UIKitMessage]
    /// `problems` by component (`Component`'s order), found once; empty when there are none.
    private let problemOf: [UIKitMessage?]
    /// The geometry struct it is a value of: CGRect, or CGSize / CGPoint for a part.
    let kind: String
    /// Makes the struct of a part whose components are all known (`size` when only `x` is not).
    private weak var interpreter: Interpreter?
    init(x: Double = 0, y: Double = 0, width: Double, height: Double, problems: [String: UIKitMessage] = [:],
         kind: String = "CGRect", interpreter: Interpreter?) {
        self.x = x; self.y = y; self.width = width; self.height = height
        self.problems = problems
        self.kind = kind
        self.interpreter = interpreter
        problemOf = problems.isEmpty ? [] : Component.names.map { problems[$0] }
    }
    override var typeName: String { kind }
    override var standsForStruct: String? { kind }

    /// The error of its first unknown component (`Component`'s order), nil when all are known.
    var firstProblem: UIKitMessage? { problemOf.lazy.compactMap { $0 }.first }

    override func requireWhollyKnown() throws {
        if let firstProblem { throw Interpreter.runtimeError(firstProblem) }
    }

    /// The prelude's struct where every component is known, else this object.
    func value(_ interpreter: Interpreter) -> Value {
        guard problems.isEmpty else { return .object(self) }
        switch kind {
        case "CGSize": return interpreter.makeStruct("CGSize", ["width": .double(width), "height": .double(height)]) ?? .nilValue
        case "CGPoint": return interpreter.makeStruct("CGPoint", ["x": .double(x), "y": .double(y)]) ?? .nilValue
        default: return UIKitBuiltins.rect(interpreter, x: x, y: y, width: width, height: height)
        }
    }

    /// The four numbers a rectangle is made of, in the order of their names.
    enum Component: Int {
        case x, y, width, height
        static let names = ["x", "y", "width", "height"]
    }

    /// The members it answers, found by ID.
    enum Member: Int, CaseIterable, Sendable {
        case width, height, minX, originX, x, minY, originY, y, maxX, midX, maxY, midY, size, origin
        /// Swift's names of the members, in the order of the cases (`origin.x` as a path).
        static let names = [
            "width", "height", "minX", "origin.x", "x", "minY", "origin.y", "y", "maxX", "midX", "maxY", "midY", "size", "origin",
        ]
        static let table = HostMemberTable(names)

        /// The components a member is made from.
        var components: [Component] {
            switch self {
            case .width: return [.width]
            case .height: return [.height]
            case .minX, .originX, .x: return [.x]
            case .minY, .originY, .y: return [.y]
            case .maxX, .midX: return [.x, .width]
            case .maxY, .midY: return [.y, .height]
            case .size, .origin: return []
            }
        }

        /// Whether a value of `kind` has it (a CGSize has no `x`, a CGPoint no `width`).
        func belongs(to kind: String) -> Bool {
            switch kind {
            case "CGSize": return self == .width || self == .height
            case "CGPoint": return self == .x || self == .y
            default: return self != .x && self != .y
            }
        }
    }

    override func member(id: HostMemberID) throws -> Value? {
        guard let member = Member(rawValue: Member.table[id]), member.belongs(to: kind) else { return nil }
        if !problemOf.isEmpty {
            for component in member.components {
                if let problem = problemOf[component.rawValue] { throw Interpreter.runtimeError(problem) }
            }
        }
        switch member {
        case .width: return .double(width)
        case .height: return .double(height)
        case .minX, .originX, .x: return .double(x)
        case .minY, .originY, .y: return .double(y)
        case .maxX: return .double(x + width)
        case .midX: return .double(x + width / 2)
        case .maxY: return .double(y + height)
        case .midY: return .double(y + height / 2)
        case .size: return part("CGSize", RectObject(width: width, height: height, problems: problems.filter { $0.key == "width" || $0.key == "height" },
                                                     kind: "CGSize", interpreter: interpreter))
        case .origin: return part("CGPoint", RectObject(x: x, y: y, width: 0, height: 0, problems: problems.filter { $0.key == "x" || $0.key == "y" },
                                                        kind: "CGPoint", interpreter: interpreter))
        }
    }

    /// A copy is Swift's to change, but this one is not a value TableLab can copy and change
    /// (the struct can't hold an unknown component): the error naming what is not known,
    /// never swiftc's `get-only`, which Swift would not say.
    override func setMember(id: HostMemberID, _ value: Value) throws -> Bool {
        guard let member = Member(rawValue: Member.table[id]), member.belongs(to: kind) else { return false }
        if let firstProblem { throw Interpreter.runtimeError(firstProblem) }
        return false
    }

    /// A part with its components known is the prelude's struct.
    private func part(_ kind: String, _ part: RectObject) -> Value {
        guard part.problems.isEmpty, let interpreter else { return .object(part) }
        return part.value(interpreter)
    }

    /// The same size at the origin, as a view's `bounds` is to its `frame`.
    var bounds: RectObject {
        RectObject(width: width, height: height, problems: problems.filter { $0.key == "width" || $0.key == "height" }, interpreter: interpreter)
    }

    override var textDescription: String {
        switch kind {
        case "CGSize": return "(\(width), \(height))"
        case "CGPoint": return "(\(x), \(y))"
        default: return "(\(x), \(y), \(width), \(height))"
        }
    }
}

/// `UIStoryboardSegue`, as `prepare(for:sender:)` receives it.
final class SegueObject: NativeObject {
    let identifier: String
    let source: Value
    let destination: Value
    init(identifier: String, source: Value, destination: Value) {
        self.identifier = identifier; self.source = source; self.destination = destination
    }
    override var typeName: String { "UIStoryboardSegue" }

    /// The members it answers, found by ID.
    enum Member: Int, CaseIterable, Sendable {
        case identifier, source, destination
        /// Swift's names of the properties, in the order of the cases.
        static let names = ["identifier", "source", "destination"]
        static let table = HostMemberTable(names)
    }

    override func member(id: HostMemberID) throws -> Value? {
        switch Member(rawValue: Member.table[id]) {
        case .identifier?: return .wrapped(.string(identifier))
        case .source?: return source
        case .destination?: return destination
        case nil: return nil
        }
    }
}

extension Value {
    /// The value inside an optional (`x!`, `x?` already unwrapped), else itself.
    var unboxedOptional: Value {
        if case .wrapped(let inner) = self { return inner.unboxedOptional }
        return self
    }
}
