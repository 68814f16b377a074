// Storyboards loaded with `:storyboard FILE` (or `tablelab --storyboard FILE`): what they
// give a screen of the script's, found by its class name (the scene's customClass), as
// UIKit gives it when the storyboard instantiates the view controller.

import TableLabSyntax
import TableLabInterpreter

extension TableSimulator {
    /// The scene of the script's screen class `name` in the storyboards loaded, the last
    /// loaded first (a later file replaces an earlier one's scene of that class).
    func storyboardScene(forClass name: String) -> Storyboard.Controller? {
        for board in storyboards.reversed() {
            if let c = board.controller(forClass: name) { return c }
        }
        return nil
    }

    /// A table view UIKit makes for a screen (a UITableViewController's, an outlet the
    /// storyboard connects) takes its scene's table: its style and its prototype cells. A
    /// cell of the script's class is that class (made as a storyboard makes it); a cell of
    /// one of UIKit's styles has that style; a Custom cell without a class of its own is a
    /// `.default` cell (its `textLabel` is drawn as such a cell's).
    func adoptStoryboard(_ tableView: TableViewObject, of vc: ViewControllerObject) {
        guard let scene = vc.ownScene ?? storyboardScene(forClass: vc.scriptTypeName) else { return }
        let outlet = scene.outlets["tableView"]
        guard let table = scene.tables.first(where: { $0.id == outlet }) ?? scene.tables.first else { return }
        adoptStoryboard(tableView, table: table, of: vc)
    }

    /// A table view takes a storyboard table's style and prototype cells.
    func adoptStoryboard(_ tableView: TableViewObject, table: Storyboard.Table, of vc: ViewControllerObject?) {
        adoptTableEndViews(tableView, table: table, of: vc)
        // The table's Row Height (UITableView.rowHeight: used where the delegate has no
        // heightForRowAt) and its selection attributes.
        if let height = table.rowHeight { tableView.state.rowHeight = height }
        if let flag = table.allowsSelection { tableView.state.otherProperties[TableState.Stored.allowsSelection] = .bool(flag) }
        if let flag = table.allowsMultipleSelection { tableView.state.otherProperties[TableState.Stored.allowsMultipleSelection] = .bool(flag) }
        if let style = TableStyle(rawValue: table.style) { tableView.style = style }
        // What `sectionHeaderHeight` reads back; the layout keeps UIKit's heights per style.
        if let h = table.sectionHeaderHeight { tableView.state.storyboardProperties[TableState.Stored.sectionHeaderHeight] = .double(h) }
        if let h = table.sectionFooterHeight { tableView.state.storyboardProperties[TableState.Stored.sectionFooterHeight] = .double(h) }
        let state = tableView.state
        state.hasStaticCells = table.isStatic
        state.staticSectionCount = table.staticSectionCount
        // A static table's cells are no prototypes: dequeueing one of their identifiers
        // raises UIKit's "unable to dequeue" exception, as on a device.
        for p in table.prototypes where !table.isStatic {
            guard let id = p.reuseIdentifier else { continue }
            state.storyboardPrototypes[id] = p
            if let cellClass = p.customClass, interpreter.typeKind(cellClass) == "class" {
                state.registry.register(id, source: .storyboard(cellClass: cellClass))
            } else {
                state.registry.register(id, style: p.style ?? .default)
            }
        }
    }

    /// The navigation title and the controller's own title the storyboard gives a screen
    /// when it makes it (code may set others in viewDidLoad, as in an app).
    func adoptStoryboardTitle(_ vc: ViewControllerObject) {
        guard let scene = vc.ownScene ?? storyboardScene(forClass: vc.scriptTypeName) else { return }
        if vc.navigationItem.title == nil { vc.navigationItem.title = scene.title }
        if vc.title == nil { vc.title = scene.ownTitle }
    }

    /// UITableViewController's loadView takes the view its storyboard scene holds, and
    /// raises when that is no table view (a View Controller scene given a
    /// UITableViewController subclass as its class): the app stops before viewDidLoad.
    func checkTableControllerSceneView(_ vc: ViewControllerObject) throws {
        guard vc.kind == .tableViewController,
              let scene = vc.ownScene ?? storyboardScene(forClass: vc.scriptTypeName),
              let root = scene.rootViewElement, root != "tableView" else { return }
        let board = storyboards.last { $0.controllers.contains { $0.id == scene.id } }
        let file = (board?.name ?? "Main").split(separator: "/").last.map(String.init) ?? "Main"
        let name = file.split(separator: ".").first.map(String.init) ?? file
        throw Interpreter.runtimeError(UIKitMessage.tableControllerWithoutTableView(sceneID: scene.id, storyboard: name))
    }

    // MARK: The launch scene

    /// The scene the app shows at launch: the initial view controller of the first storyboard
    /// loaded that has one (the app's main storyboard), through navigation controllers to
    /// their root.
    var launchScene: Storyboard.Controller? { launchStoryboard?.initialScreen }

    private var launchStoryboard: Storyboard? { storyboards.first { $0.initialScreen != nil } }

    /// UIKit's own table view controller, as a screen's name: what `:show` names the launch
    /// scene's controller when the scene gives no class of the script's.
    static let uikitTableControllerName = "UITableViewController"

    /// The screen the app shows at launch, when a storyboard says: the launch scene's class
    /// when the script declares it as a screen, UIKit's own UITableViewController when the
    /// scene is a Table View Controller with no Custom Class; nil otherwise (a scene of
    /// another kind, a class the script lacks), and then the first screen declared is shown.
    var launchScreenName: String? {
        guard let scene = launchScene else { return nil }
        if let name = scene.customClass { return isScreenClass(name) ? name : nil }
        return scene.kind == "tableViewController" ? Self.uikitTableControllerName : nil
    }

    /// The launch scene's own UITableViewController, as the storyboard makes it: with the
    /// scene's table (its style and prototypes) and UIKit's data source, which answers one
    /// section of no rows for a table of prototypes. Its instance is of a class TableLab
    /// declares (no script can name it) with no members of its own.
    func uikitLaunchScreen(_ scene: Storyboard.Controller) throws -> ViewControllerObject {
        if scene.tables.first?.isStatic == true {
            throw Interpreter.runtimeError(UIKitMessage.staticCellsAtLaunch(storyboard: launchStoryboard?.name ?? "the storyboard"))
        }
        if interpreter.typeKind(Self.uikitLaunchClass) == nil {
            // Made with init(coder:), as a storyboard makes a scene's controller.
            try interpreter.runPrelude(SourceFile(name: "<storyboard>", text: """
                class \(Self.uikitLaunchClass): UITableViewController {
                    required init?(coder: NSCoder) { super.init(coder: coder) }
                }
                """))
        }
        let vc = try instantiate(Self.uikitLaunchClass, tracedAs: Self.uikitTableControllerName)
        vc.ownScene = scene
        return vc
    }

    private static let uikitLaunchClass = "_TableLabStoryboardTableViewController"
}
