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
    /// Their values once set.
    var storedProperties: [String: Value] = [:]

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
        switch hostClass {
        case "UITableViewController": made = .object(tableViewForController())
        case "UICollectionViewController": made = .object(try collectionViewForController())
        default: made = .object(UIViewObject(simulator: simulator))
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
        let c = CollectionViewObject(simulator: simulator, frame: UIKitBuiltins.zeroRect, layout: layout)
        if let value { c.dataSource = value; c.delegate = value }
        c.owner = self
        ownCollectionView = c
        return c
    }

    // MARK: - Members

    public override func member(id: HostMemberID) throws -> Value? {
        let name = id.name
        switch name {
        case "title": return title.map { .wrapped(.string($0)) } ?? Value.nilValue
        case "navigationItem": return .object(navigationItem)
        case "navigationController":
            guard simulator.isInNavigation(self) else { return .nilValue }
            return .wrapped(.object(simulator.navigationController))
        case "view": return try view()
        case "isViewLoaded": return .bool(isViewLoaded)
        case "tableView":
            guard hostClass == "UITableViewController" else { return nil }
            return .object(tableViewForController())
        case "collectionView" where hostClass == "UICollectionViewController":
            try simulator.loadViewIfNeeded(self)
            return .object(try collectionViewForController())
        case "collectionViewLayout" where hostClass == "UICollectionViewController":
            return try collectionViewForController().layout
        case "refreshControl" where hostClass == "UITableViewController":
            // UITableViewController's refresh control is its table view's.
            return try tableViewForController().member("refreshControl")
        case "presentedViewController":
            return simulator.presented(by: self)?.value.map { .wrapped($0) } ?? Value.nilValue
        case "presentingViewController":
            return simulator.presenter(of: self)?.value.map { .wrapped($0) } ?? Value.nilValue
        case "isEditing": return .bool(ownTableView?.state.isEditing ?? false)
        case "editButtonItem":
            // UIKit's Edit/Done item, made once. TableLab draws no navigation bar items, so
            // nothing can tap it; its title is UIKit's while not editing.
            if let editButton { return .object(editButton) }
            guard let host = simulator.uikitHost else { return nil }
            let item = try BarButtonItemObject(host: host, title: .wrapped(.string("Edit")), systemItem: nil, image: .nilValue,
                                               target: .nilValue, action: .nilValue)
            editButton = item
            return .object(item)
        case "parent":
            // A screen in the navigation stack has its navigation controller as its parent.
            guard simulator.isInNavigation(self) else { return .nilValue }
            return .wrapped(.object(simulator.navigationController))
        case "storyboard":
            // nil for a screen made in code; one its storyboard made knows the storyboard.
            guard simulator.storyboardScene(forClass: scriptTypeName) == nil else {
                throw Interpreter.runtimeError(UIKitMessage.notSimulated("UIViewController.storyboard"))
            }
            return .nilValue
        case "tabBarController":
            guard !simulator.storyboards.contains(where: { $0.controllers.contains { $0.kind == "tabBarController" } }) else {
                throw Interpreter.runtimeError(UIKitMessage.notSimulated("UIViewController.tabBarController"))
            }
            return .nilValue
        default:
            return try UIKitDefaults.read(hostClass, name, stored: storedProperties[name], Self.storedDefaults(hostClass))
        }
    }

    public override func setMember(id: HostMemberID, _ value: Value) throws -> Bool {
        let name = id.name
        switch name {
        case "title":
            title = UIKitBuiltins.optionalText(value)
            // UIKit: a view controller's title is its navigation item's title too.
            navigationItem.title = title
        case "view":
            rootView = value.unboxedOptional
        case "refreshControl" where hostClass == "UITableViewController":
            return try tableViewForController().setMember("refreshControl", value)
        case "tableView" where hostClass == "UITableViewController":
            guard case .object(let t as TableViewObject) = value.unboxedOptional else {
                throw UIKitValue.typeMismatch(value, "UITableView", simulator.typeName)
            }
            ownTableView = t
        default:
            guard Self.storedDefaults(hostClass)[name] != nil else { return false }
            storedProperties[name] = value
        }
        return true
    }

    public override func callMethod(id: HostMemberID, _ a: [Value]) throws -> Value? {
        let fullName = id.name
        switch fullName {
        case "present(_:animated:completion:)", "present(_:animated:)", "present(_:animated:_:)",
             "presentViewController(_:animated:completion:)", "presentViewController(_:animated:_:)":
            // A trailing closure is the completion; Swift 2's name is the same method.
            return try simulator.present(a[0], from: self, completion: a.count > 2 ? a[2] : nil,
                                         fullName: a.count > 2 ? "present(_:animated:completion:)" : fullName, arguments: a)
        case "dismiss(animated:completion:)", "dismiss(animated:)", "dismiss(animated:_:)",
             "dismissViewControllerAnimated(_:completion:)", "dismissViewControllerAnimated(_:_:)":
            try simulator.dismiss(from: self)
            // UIKit calls the completion after the dismissal's animation: after the event,
            // once the disappearance calls it caused have run (as present's completion).
            if a.count > 1, case .function = a[1].unboxedOptional {
                let completion = a[1].unboxedOptional
                simulator.afterTransitions { [unowned simulator] in _ = try simulator.interpreter.call(completion, []) }
            }
            return .void
        case "performSegue(withIdentifier:sender:)", "performSegueWithIdentifier(_:sender:)":
            return try simulator.performSegue(a[0], from: self, sender: a[1])
        case "shouldPerformSegue(withIdentifier:sender:)":
            return .bool(true)
        case "prepare(for:sender:)", "setEditing(_:animated:)":
            if fullName == "setEditing(_:animated:)", case .bool(let editing) = a[0] {
                (ownTableView ?? simulator.tableView(of: self))?.state.isEditing = editing
            }
            return .void
        case "show(_:sender:)":
            return try simulator.pushViewController(a[0])
        case "loadViewIfNeeded()":
            try simulator.loadViewIfNeeded(self)
            return .void
        case "init(collectionViewLayout:)":
            try UIKitValue.requireFlowLayout(a[0])
            collectionLayout = a[0]
            return .void
        case "init(style:)":
            if let name = UIKitValue.caseName(a[0]), let style = TableStyleName(rawValue: name) { tableStyle = style }
            return .void
        default:
            return Self.lifecycleMethods.contains(fullName) ? .void : nil
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
    var stored: [String: Value] = [:]
    static let storedNames = Set(UIKitDefaults.navigationItem.keys)
    override var typeName: String { "UINavigationItem" }
    override func member(id: HostMemberID) throws -> Value? {
        let name = id.name
        if name == "title" { return title.map { .wrapped(.string($0)) } ?? Value.nilValue }
        return try UIKitDefaults.read(typeName, name, stored: stored[name], UIKitDefaults.navigationItem)
    }
    override func setMember(id: HostMemberID, _ value: Value) throws -> Bool {
        let name = id.name
        if name == "title" { title = UIKitBuiltins.optionalText(value); return true }
        guard Self.storedNames.contains(name) else { return false }
        stored[name] = value
        return true
    }
    override func callMethod(id: HostMemberID, _ arguments: [Value]) throws -> Value? {
        let fullName = id.name
        switch fullName {
        case "setRightBarButton(_:animated:)": stored["rightBarButtonItem"] = arguments[0]; return .void
        case "setLeftBarButton(_:animated:)": stored["leftBarButtonItem"] = arguments[0]; return .void
        case "setHidesBackButton(_:animated:)": stored["hidesBackButton"] = arguments[0]; return .void
        default: return nil
        }
    }
}

/// `navigationController`: the one navigation stack the simulator keeps.
final class NavigationControllerObject: NativeObject {
    unowned let simulator: TableSimulator
    /// `navigationBar`: its appearance stored (TableLab draws the title line alone).
    let navigationBar = StoredPropertiesObject("UINavigationBar", UIKitDefaults.navigationBar)
    init(simulator: TableSimulator) { self.simulator = simulator }
    override var typeName: String { "UINavigationController" }
    override func member(id: HostMemberID) throws -> Value? {
        let name = id.name
        switch name {
        case "viewControllers": return .array(simulator.pushedScreens.compactMap(\.value))
        case "topViewController", "visibleViewController":
            return simulator.pushedScreens.last?.value.map { .wrapped($0) } ?? Value.nilValue
        case "navigationBar": return .object(navigationBar)
        case "isNavigationBarHidden", "isToolbarHidden": return .bool(false)
        default: return nil
        }
    }
    override func setMember(id: HostMemberID, _ value: Value) throws -> Bool {
        let name = id.name
        return name == "isNavigationBarHidden" || name == "isToolbarHidden"
    }
    override func callMethod(id: HostMemberID, _ a: [Value]) throws -> Value? {
        let fullName = id.name
        switch fullName {
        case "pushViewController(_:animated:)":
            return try simulator.pushViewController(a[0])
        case "popViewController(animated:)":
            guard let popped = try simulator.popScreen() else { return .nilValue }
            return popped.value.map { .wrapped($0) } ?? Value.nilValue
        case "popToRootViewController(animated:)":
            var popped: [Value] = []
            while let p = try simulator.popScreen() { if let v = p.value { popped.insert(v, at: 0) } }
            return .wrapped(.array(popped))
        case "setNavigationBarHidden(_:animated:)", "setToolbarHidden(_:animated:)": return .void
        case "present(_:animated:completion:)", "present(_:animated:)", "dismiss(animated:completion:)", "dismiss(animated:)":
            guard let top = simulator.pushedScreens.last else { return nil }
            return try top.callMethod(id: id, a)
        default: return nil
        }
    }
}

/// `UINavigationController(rootViewController:)` made in code, to be presented: presenting
/// it presents its root screen inside a navigation controller.
final class EmbeddingNavigationObject: NativeObject {
    let root: Value
    init(root: Value) { self.root = root }
    override var typeName: String { "UINavigationController" }
    override func member(id: HostMemberID) throws -> Value? {
        let name = id.name
        switch name {
        case "viewControllers": return .array([root])
        case "topViewController", "visibleViewController": return .wrapped(root)
        default: return nil
        }
    }
    override func setMember(id: HostMemberID, _ value: Value) throws -> Bool {
        let name = id.name
        return ["modalPresentationStyle", "modalTransitionStyle", "isModalInPresentation"].contains(name)
    }
}

/// A UIKit object whose listed properties are only stored (UIKit's default until set).
final class StoredPropertiesObject: NativeObject {
    let name: String
    let defaults: [String: UIKitDefault]
    var stored: [String: Value] = [:]
    init(_ name: String, _ defaults: [String: UIKitDefault]) { self.name = name; self.defaults = defaults }
    override var typeName: String { name }
    override func member(id: HostMemberID) throws -> Value? {
        let member = id.name
        return try UIKitDefaults.read(name, member, stored: stored[member], defaults)
    }
    override func setMember(id: HostMemberID, _ value: Value) throws -> Bool {
        let member = id.name
        guard defaults[member] != nil else { return false }
        stored[member] = value
        return true
    }
}

/// A `UIView` made by UIKit's `loadView` or in code (`UIView()`): its subviews (a table
/// view added with `addSubview` is the one the screen shows) and stored appearance.
final class UIViewObject: NativeObject, ConstrainedView {
    var layoutConstraints: [LayoutConstraintObject] = []
    unowned let simulator: TableSimulator
    var subviews: [Value] = []
    var stored: [String: Value] = [:]
    init(simulator: TableSimulator) { self.simulator = simulator }
    static let storedNames = Set(UIKitDefaults.rootView.keys).union(["layer"])
    override var typeName: String { "UIView" }
    override func member(id: HostMemberID) throws -> Value? {
        let name = id.name
        switch name {
        case "subviews": return .array(subviews)
        case "bounds", "frame": return .object(RectObject(width: simulator.screenWidth, height: simulator.screenHeight))
        default:
            if let x = LayoutMembers.member(name, of: self) { return x }
            if name == "layer", stored[name] == nil { stored[name] = .object(LayerObject()) }
            return try UIKitDefaults.read(typeName, name, stored: stored[name], UIKitDefaults.rootView)
        }
    }
    override func setMember(id: HostMemberID, _ value: Value) throws -> Bool {
        let name = id.name
        if name == "frame" || name == "bounds" { return true }
        guard Self.storedNames.contains(name) else { return false }
        stored[name] = try UIKitDefaults.stored(value, for: name, UIKitDefaults.rootView)
        return true
    }
    override func callMethod(id: HostMemberID, _ a: [Value]) throws -> Value? {
        let fullName = id.name
        switch fullName {
        case "addSubview(_:)":
            subviews.append(a[0].unboxedOptional)
            return .void
        case "bringSubviewToFront(_:)", "sendSubviewToBack(_:)", "layoutIfNeeded()", "setNeedsLayout()":
            return .void
        default: return nil
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
        guard case .array(let subviews)? = properties["subviews"] else { return nil }
        for v in subviews {
            if case .object(let t as TableViewObject) = v.unboxedOptional { return t }
            if case .object(let u as ViewObject) = v.unboxedOptional, let t = u.firstTableView { return t }
        }
        return nil
    }
}

/// A `CGRect` of the screen's size (`view.bounds`, `view.frame`).
final class RectObject: NativeObject {
    let x: Double, y: Double, width: Double, height: Double
    /// Why a component is not known (ConstraintLayout.swift), by `x`, `y`, `width` or
    /// `height`: reading it, or what is made from it, is that error.
    let problems: [String: UIKitMessage]
    init(x: Double = 0, y: Double = 0, width: Double, height: Double, problems: [String: UIKitMessage] = [:]) {
        self.x = x; self.y = y; self.width = width; self.height = height
        self.problems = problems
    }
    override var typeName: String { "CGRect" }

    /// The components a member is made from.
    private static func components(_ name: String) -> [String] {
        switch name {
        case "width": return ["width"]
        case "height": return ["height"]
        case "minX", "origin.x", "x": return ["x"]
        case "minY", "origin.y", "y": return ["y"]
        case "maxX", "midX": return ["x", "width"]
        case "maxY", "midY": return ["y", "height"]
        default: return []
        }
    }

    override func member(id: HostMemberID) throws -> Value? {
        let name = id.name
        for component in Self.components(name) {
            if let problem = problems[component] { throw Interpreter.runtimeError(problem) }
        }
        switch name {
        case "width": return .double(width)
        case "height": return .double(height)
        case "minX", "origin.x", "x": return .double(x)
        case "minY", "origin.y", "y": return .double(y)
        case "maxX", "midX": return .double(name == "maxX" ? x + width : x + width / 2)
        case "maxY", "midY": return .double(name == "maxY" ? y + height : y + height / 2)
        case "size": return .object(RectObject(width: width, height: height, problems: problems.filter { $0.key == "width" || $0.key == "height" }))
        case "origin": return .object(RectObject(x: x, y: y, width: 0, height: 0, problems: problems.filter { $0.key == "x" || $0.key == "y" }))
        default: return nil
        }
    }

    /// The same size at the origin, as a view's `bounds` is to its `frame`.
    var bounds: RectObject {
        RectObject(width: width, height: height, problems: problems.filter { $0.key == "width" || $0.key == "height" })
    }

    override var textDescription: String {
        "(\(x), \(y), \(width), \(height))"
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
    override func member(id: HostMemberID) throws -> Value? {
        let name = id.name
        switch name {
        case "identifier": return .wrapped(.string(identifier))
        case "source": return source
        case "destination": return destination
        default: return nil
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
