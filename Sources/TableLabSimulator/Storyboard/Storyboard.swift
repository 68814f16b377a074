// What a storyboard (or a cell's .xib) tells UIKit about a table-view screen, read from the
// file as Xcode holds it: each scene's view-controller class and navigation title, its
// table views' styles and prototype cells (reuse identifier, style, cell class,
// accessory), and its segues (identifier, destination, and whether a cell triggers it).
// Code pasted from an app relies on all of this without saying it: `dequeueReusableCell(
// withIdentifier: "Cell", for:)` works because the storyboard has a prototype "Cell".

/// A storyboard's or .xib's table-view content.
public struct Storyboard: Sendable, Equatable {
    /// The file's name, for messages.
    public var name: String
    /// The view controller the storyboard starts with (`initialViewController`).
    public var initialControllerID: String?
    /// Every view-controller scene, in document order.
    public var controllers: [Controller]
    /// The cells of a .xib (a nib registered with `UINib(nibName:bundle:)`).
    public var nibCells: [Prototype]
    /// The collection view cells and reusable views of a .xib, in document order.
    public var nibCollectionCells: [Prototype] = []

    /// A view-controller scene.
    public struct Controller: Sendable, Equatable {
        public var id: String
        /// `tableViewController`, `viewController`, `navigationController`, ...
        public var kind: String
        /// The script's class for it (`customClass`); nil for UIKit's own class.
        public var customClass: String?
        /// `storyboardIdentifier`, for `instantiateViewController(withIdentifier:)`.
        public var storyboardIdentifier: String?
        /// The navigation item's title.
        public var title: String?
        public var tables: [Table]
        /// Segues that start in this scene (from the controller or from one of its cells).
        public var segues: [Segue]
        /// A navigation controller's root view controller.
        public var rootControllerID: String?
        /// Outlets of the controller (`tableView` → a table's id).
        public var outlets: [String: String]
        /// The controller's own outlet connections (its `<connections>`), in document
        /// order, as UIKit connects them when the scene is loaded.
        public var connections: [Connection] = []
        /// The scene's views by id (labels, buttons, text fields, image views, ...): what
        /// an outlet connection's destination is.
        public var views: [String: View] = [:]
        /// The collection view that is the scene's view (a UICollectionViewController's).
        public var viewCollectionID: String? = nil
        /// The controller's own Title (Interface Builder's attribute): `title`, which the
        /// navigation bar shows when the navigation item has none.
        public var ownTitle: String? = nil
        /// The element of the scene's root view (`view`, `tableView`, `collectionView`).
        public var rootViewElement: String? = nil
    }

    /// An outlet of a view controller: `@IBOutlet var property` → the view `destination`.
    public struct Connection: Sendable, Equatable {
        public var property: String
        public var destination: String
    }

    /// A view of a scene, as much of it as an outlet's object starts with.
    public struct View: Sendable, Equatable {
        /// The element: `label`, `button`, `textField`, `imageView`, `switch`, `view`, ...
        public var element: String
        public var id: String = ""
        public var customClass: String?
        /// A label's or text field's `text`; a button's title for the normal state.
        public var text: String?
        /// A text field's `placeholder`.
        public var placeholder: String?
        /// An image view's `image`.
        public var image: String?
        /// A switch's `on`.
        public var isOn: Bool
        /// Its `tag` (0 when the file gives none).
        public var tag: Int = 0
        /// Its action connections (a control's `<action selector= destination= eventType=>`).
        public var actions: [Action] = []
        /// A label's text colour as the file sets it (nil: Interface Builder's default).
        public var textColor: Color? = nil
        /// A collection view's layout, cells and connections.
        public var collection: CollectionView? = nil
        /// A progress view's `progress` (nil when the file gives none: UIKit's 0).
        public var progress: Float? = nil
    }

    /// A colour as Interface Builder writes it: `<color key="textColor" .../>`.
    public enum Color: Sendable, Equatable {
        /// `systemColor="systemRedColor"`, `cocoaTouchSystemColor="darkTextColor"`: UIKit's `systemRed`, `darkText`.
        case system(String)
        /// `white="0.0" alpha="1"`.
        case white(Double, alpha: Double)
        /// `red= green= blue= alpha=` in sRGB.
        case rgb(Double, Double, Double, alpha: Double)
        /// `name="AccentColor"`: the asset catalog's colour.
        case named(String)
        /// Components in another colour space (`displayP3`, `calibratedRGB`): not the same
        /// colour as those components in sRGB, so named with their space as written.
        case other(String)

        /// The colour of a `<color>` element (nil for `<nil key=...>`, which is no colour).
        static func read(_ node: XMLNode) -> Color? {
            if let name = node["name"] { return .named(name) }
            if let name = node["systemColor"] ?? node["cocoaTouchSystemColor"], name.hasSuffix("Color") {
                return .system(String(name.dropLast("Color".count)))
            }
            let space = node["customColorSpace"] ?? node["colorSpace"] ?? ""
            let alpha = node["alpha"].flatMap(Double.init) ?? 1
            if let white = node["white"].flatMap(Double.init),
               ["genericGamma22GrayColorSpace", "calibratedWhite", "deviceWhite"].contains(space) {
                return .white(white, alpha: alpha)
            }
            if let r = node["red"].flatMap(Double.init), let g = node["green"].flatMap(Double.init),
               let b = node["blue"].flatMap(Double.init) {
                if space == "sRGB" { return .rgb(r, g, b, alpha: alpha) }
                return .other("\(space) \(r) \(g) \(b) \(alpha)")
            }
            return .other(node.attributes.filter { $0.key != "key" }.map { "\($0.key)=\($0.value)" }.sorted().joined(separator: " "))
        }
    }

    /// A control's action connection: Interface Builder sends `selector` (Objective-C's
    /// spelling, `switchToggled:`) to the object `destination` on the event `eventType`.
    public struct Action: Sendable, Equatable {
        public var selector: String
        public var destination: String
        public var eventType: String
    }

    /// A table view of a scene.
    public struct Table: Sendable, Equatable {
        public var id: String
        /// `plain`, `grouped` or `insetGrouped`, as the style attribute says (plain when absent).
        public var style: String
        public var prototypes: [Prototype]
        /// The ids its `dataSource` and `delegate` outlets connect to (nil when not connected).
        public var dataSource: String? = nil
        public var delegate: String? = nil
        /// The views inside its `tableHeaderView` and `tableFooterView` (nil without one).
        public var headerViews: [View]? = nil
        public var footerViews: [View]? = nil
        /// Its Row Height when Interface Builder gives one (nil for Automatic, `-1`).
        public var rowHeight: Double? = nil
        /// `allowsSelection="NO"`, `allowsMultipleSelection="YES"` (nil when the file says nothing).
        public var allowsSelection: Bool? = nil
        public var allowsMultipleSelection: Bool? = nil
        /// Its Section Header and Footer Height as the file gives them (`-1` for Automatic).
        public var sectionHeaderHeight: Double? = nil
        public var sectionFooterHeight: Double? = nil
        /// The script's UITableView subclass for it (`customClass`); nil for UIKit's own.
        public var customClass: String? = nil
        /// Static content (`dataMode="static"`): its cells are the table's own rows, which
        /// UITableViewController makes itself; none is registered for dequeueing, whatever
        /// reuse identifier the file gives it.
        public var isStatic = false
        /// A static table's sections (`<sections>`'s `tableViewSection`s).
        public var staticSectionCount = 0
    }

    /// A prototype cell.
    public struct Prototype: Sendable, Equatable {
        /// The cell's id in the file (the destination of actions connected to the cell).
        public var id: String? = nil
        public var reuseIdentifier: String?
        /// UITableViewCell.CellStyle; nil for a Custom cell (which lays out its own views,
        /// and shows `textLabel` as a `.default` cell does when code sets it).
        public var style: CellStyle?
        public var customClass: String?
        public var accessory: AccessoryType
        /// UITableViewCell.SelectionStyle as the file gives it (nil when it says nothing).
        public var selectionStyle: SelectionStyle? = nil
        /// Its Indentation level and width as the file gives them (nil when it says nothing).
        public var indentationLevel: Int? = nil
        public var indentationWidth: Double? = nil
        /// The label texts Interface Builder shows in the cell (placeholders until code sets them).
        public var labelTexts: [String]
        /// A standard style's `textLabel` and `detailTextLabel` texts and `imageView` image as
        /// the file gives them: a dequeued cell starts with them, as the storyboard decodes it.
        public var textLabelText: String? = nil
        public var detailTextLabelText: String? = nil
        /// Their text colours as the file sets them (nil: `<nil key="textColor"/>`, UIKit's default).
        public var textLabelColor: Color? = nil
        public var detailTextLabelColor: Color? = nil
        public var imageName: String? = nil
        /// The views laid out in its content view (through stack views), in document order,
        /// other than a standard style's own labels and image view.
        public var views: [View] = []
        /// The cell's outlets (`@IBOutlet var titleLabel` → a view of `views`).
        public var outlets: [Connection] = []
        /// The colours Interface Builder sets on the cell (its Background and Tint) and on
        /// its content view (Background); nil where the file sets none (UIKit's default).
        public var backgroundColor: Color? = nil
        public var tintColor: Color? = nil
        public var contentBackgroundColor: Color? = nil
    }

    /// A segue.
    public struct Segue: Sendable, Equatable {
        public var identifier: String?
        public var destinationID: String
        /// `show`, `presentation`, `relationship`, ...
        public var kind: String
        /// The reuse identifier of the prototype cell that triggers it when tapped.
        public var triggeringCell: String?
    }

    /// The scene whose class is `name`.
    public func controller(forClass name: String) -> Controller? {
        controllers.first { $0.customClass == name }
    }

    public func controller(id: String) -> Controller? {
        controllers.first { $0.id == id }
    }

    /// The first scene a user sees: the initial controller, through navigation controllers
    /// to their root.
    public var initialScreen: Controller? {
        var id = initialControllerID
        var seen = Set<String>()
        while let current = id, seen.insert(current).inserted, let c = controller(id: current) {
            guard let root = c.rootControllerID else { return c }
            id = root
        }
        return nil
    }
}

/// Why a file could not be read as a storyboard.
public struct StoryboardError: Error, Hashable, Sendable {
    public var message: String
    public var line: Int
}

extension Storyboard {
    /// Interface Builder's element names for view controllers.
    static let controllerElements: Set<String> = [
        "viewController", "tableViewController", "navigationController", "tabBarController",
        "collectionViewController", "splitViewController", "pageViewController",
    ]

    /// Reads a .storyboard or .xib.
    public static func parse(_ text: String, name: String) throws(StoryboardError) -> Storyboard {
        let root: XMLNode
        do { root = try XMLScanner.parse(text) } catch { throw StoryboardError(message: error.message, line: error.line) }
        guard root.name == "document" else {
            throw StoryboardError(message: "'\(name)' is not an Interface Builder document (its element is <\(root.name)>)", line: root.line)
        }
        var board = Storyboard(name: name, initialControllerID: root["initialViewController"], controllers: [], nibCells: [])
        var controllerNodes: [XMLNode] = []
        root.walk(stoppingAt: { controllerElements.contains($0.name) }) { node in
            if controllerElements.contains(node.name) { controllerNodes.append(node) }
        }
        for node in controllerNodes { board.controllers.append(controller(node)) }
        if controllerNodes.isEmpty {
            // A .xib: its top-level objects; a cell there is what its nib makes. A top-level
            // plain view whose custom class is the script's (a UITableViewCell subclass laid
            // out on a View in Interface Builder) is decoded as that class, a cell too.
            for cell in root.descendants(named: "tableViewCell") { board.nibCells.append(prototype(cell).prototype) }
            for objects in root.children where objects.name == "objects" {
                for cell in objects.children where cell.name == "collectionViewCell" || cell.name == "collectionReusableView" {
                    board.nibCollectionCells.append(prototype(cell).prototype)
                }
            }
            if board.nibCells.isEmpty {
                for objects in root.children where objects.name == "objects" {
                    for view in objects.children where view.name == "view" && view["customClass"] != nil {
                        board.nibCells.append(prototype(view).prototype)
                    }
                }
            }
        }
        return board
    }

    /// The name `UINib(nibName:bundle:)` finds a .xib by: its file name without the folder
    /// and the extension (`Cells/NoteCell.xib` is the nib "NoteCell"); nil for a storyboard.
    public var nibName: String? {
        guard controllers.isEmpty else { return nil }
        let file = name.split(separator: "/").last.map(String.init) ?? name
        guard let dot = file.lastIndex(of: ".") else { return file }
        return String(file[..<dot])
    }

    static func controller(_ node: XMLNode) -> Controller {
        var c = Controller(id: node["id"] ?? "", kind: node.name, customClass: node["customClass"],
                           storyboardIdentifier: node["storyboardIdentifier"], title: nil, tables: [], segues: [],
                           rootControllerID: nil, outlets: [:])
        c.ownTitle = node["title"]
        c.rootViewElement = node.children.first { $0["key"] == "view" }?.name
        // The scene's own elements (a container's children are scenes of their own).
        node.walk(stoppingAt: { controllerElements.contains($0.name) }) { n in
            switch n.name {
            case "navigationItem" where n["key"] == "navigationItem":
                c.title = n["title"]
            case "tableView":
                var table = Table(id: n["id"] ?? "", style: n["style"] ?? "plain", prototypes: [])
                table.customClass = n["customClass"]
                table.isStatic = n["dataMode"] == "static"
                if table.isStatic {
                    table.staticSectionCount = n.children.filter { $0.name == "sections" }
                        .reduce(0) { $0 + $1.children.filter { $0.name == "tableViewSection" }.count }
                }
                if let h = n["rowHeight"].flatMap(Double.init), h > 0 { table.rowHeight = h }
                table.allowsSelection = n["allowsSelection"].map { $0 == "YES" }
                table.allowsMultipleSelection = n["allowsMultipleSelection"].map { $0 == "YES" }
                table.sectionHeaderHeight = n["sectionHeaderHeight"].flatMap(Double.init)
                table.sectionFooterHeight = n["sectionFooterHeight"].flatMap(Double.init)
                for connections in n.children where connections.name == "connections" {
                    for outlet in connections.children where outlet.name == "outlet" {
                        if outlet["property"] == "dataSource" { table.dataSource = outlet["destination"] }
                        if outlet["property"] == "delegate" { table.delegate = outlet["destination"] }
                    }
                }
                for child in n.children where child.name == "view" {
                    let views = leafViews(child)
                    if child["key"] == "tableHeaderView" { table.headerViews = views }
                    if child["key"] == "tableFooterView" { table.footerViews = views }
                }
                for cell in n.descendants(named: "tableViewCell") {
                    let (p, segues) = prototype(cell)
                    table.prototypes.append(p)
                    c.segues += segues
                }
                c.tables.append(table)
            case "segue" where !isInsideCell(n, of: node):
                if n["kind"] == "relationship", n["relationship"] == "rootViewController" {
                    c.rootControllerID = n["destination"]
                } else if let destination = n["destination"] {
                    c.segues.append(Segue(identifier: n["identifier"], destinationID: destination, kind: n["kind"] ?? "show",
                                          triggeringCell: nil))
                }
            case "collectionView" where n["key"] == "view":
                c.viewCollectionID = n["id"]
            case "outlet":
                if let property = n["property"], let destination = n["destination"] { c.outlets[property] = destination }
            default:
                break
            }
            if let id = n["id"], n.name != "tableViewCell", n.name != "tableView" { c.views[id] = view(n) }
        }
        for connections in node.children where connections.name == "connections" {
            for outlet in connections.children where outlet.name == "outlet" {
                guard let property = outlet["property"], let destination = outlet["destination"] else { continue }
                c.connections.append(Connection(property: property, destination: destination))
            }
        }
        return c
    }

    /// The labels, image views, buttons, switches and text fields inside `node`, in
    /// document order (through stack views and plain views).
    static func leafViews(_ node: XMLNode) -> [View] {
        var out: [View] = []
        node.walk(stoppingAt: { leafElements.contains($0.name) }) { n in
            if leafElements.contains(n.name), n["id"] != nil { out.append(view(n)) }
        }
        return out
    }

    static let leafElements: Set<String> = ["label", "imageView", "button", "switch", "textField"]

    /// A label's or text field's text: its attribute, or, where Interface Builder cannot
    /// hold it in one (long, several lines), its `<string key="text">` element.
    static func text(of node: XMLNode) -> String? {
        node["text"] ?? node.children.first { $0.name == "string" && $0["key"] == "text" }?.text
    }

    static func view(_ node: XMLNode) -> View {
        var title: String?
        if node.name == "button" {
            title = node.children.first { $0.name == "state" && $0["key"] == "normal" }?["title"]
        }
        // An image view's image: an attribute in older files, an <imageReference> in newer.
        let image = node["image"] ?? node.children.first { $0.name == "imageReference" && $0["key"] == "image" }?["image"]
        var view = View(element: node.name, id: node["id"] ?? "", customClass: node["customClass"], text: title ?? text(of: node),
                        placeholder: node["placeholder"], image: image, isOn: node["on"] == "YES")
        view.tag = node["tag"].flatMap { Int($0) } ?? 0
        if node.name == "collectionView" { view.collection = collectionView(node) }
        if node.name == "progressView" { view.progress = node["progress"].flatMap { Float($0) } }
        if node.name == "label", let color = node.children.first(where: { $0.name == "color" && $0["key"] == "textColor" }) {
            view.textColor = Color.read(color)
        }
        for connections in node.children where connections.name == "connections" {
            for action in connections.children where action.name == "action" {
                guard let selector = action["selector"], let destination = action["destination"] else { continue }
                view.actions.append(Action(selector: selector, destination: destination, eventType: action["eventType"] ?? ""))
            }
        }
        return view
    }

    /// Whether `segue` lies inside a table-view cell of `controller` (read with the cell).
    static func isInsideCell(_ segue: XMLNode, of controller: XMLNode) -> Bool {
        controller.descendants(named: "tableViewCell").contains { cell in
            cell.descendants(named: "segue").contains { $0.line == segue.line && $0.attributes == segue.attributes }
        }
    }

    /// Every element below `node`, depth first, in document order.
    static func ownElements(of node: XMLNode) -> [XMLNode] {
        node.children.flatMap { [$0] + ownElements(of: $0) }
    }

    static func prototype(_ cell: XMLNode) -> (prototype: Prototype, segues: [Segue]) {
        let style: CellStyle?
        switch cell["style"] {
        case "IBUITableViewCellStyleDefault": style = .default
        case "IBUITableViewCellStyleValue1": style = .value1
        case "IBUITableViewCellStyleValue2": style = .value2
        case "IBUITableViewCellStyleSubtitle": style = .subtitle
        default: style = nil
        }
        let accessory = cell["accessoryType"].flatMap(AccessoryType.init(rawValue:)) ?? AccessoryType.none
        // Document order of the cell's views, for laying them out as the file lists them.
        var lines: [String: Int] = [:]
        var order = 0
        cell.walk(stoppingAt: { _ in false }) { n in
            if let id = n["id"] { lines[id] = order; order += 1 }
        }
        let texts = cell.descendants(named: "label").compactMap(text(of:))
        let identifier = cell["reuseIdentifier"]
        let segues = cell.descendants(named: "segue").compactMap { s -> Segue? in
            guard let destination = s["destination"] else { return nil }
            return Segue(identifier: s["identifier"], destinationID: destination, kind: s["kind"] ?? "show",
                         triggeringCell: identifier)
        }
        var p = Prototype(reuseIdentifier: identifier, style: style, customClass: cell["customClass"],
                          accessory: accessory, labelTexts: texts)
        p.id = cell["id"]
        p.selectionStyle = cell["selectionStyle"].flatMap(SelectionStyle.init(rawValue:))
        p.indentationLevel = cell["indentationLevel"].flatMap { Int($0) }
        p.indentationWidth = cell["indentationWidth"].flatMap { Double($0) }
        let standard = Set([cell["textLabel"], cell["detailTextLabel"], cell["imageView"]].compactMap { $0 })
        if style != nil {
            func element(_ name: String, id: String?) -> XMLNode? {
                id.flatMap { id in cell.descendants(named: name).first { $0["id"] == id } }
            }
            p.textLabelText = element("label", id: cell["textLabel"]).flatMap(text(of:))
            p.detailTextLabelText = element("label", id: cell["detailTextLabel"]).flatMap(text(of:))
            func textColor(_ label: XMLNode?) -> Color? {
                label?.children.first { $0.name == "color" && $0["key"] == "textColor" }.flatMap(Color.read)
            }
            p.textLabelColor = textColor(element("label", id: cell["textLabel"]))
            p.detailTextLabelColor = textColor(element("label", id: cell["detailTextLabel"]))
            p.imageName = element("imageView", id: cell["imageView"])?["image"]
        }
        for connections in cell.children where connections.name == "connections" {
            for outlet in connections.children where outlet.name == "outlet" {
                guard let property = outlet["property"], let destination = outlet["destination"] else { continue }
                p.outlets.append(Connection(property: property, destination: destination))
            }
        }
        // The cell's own colours are its direct <color> children; its content view's, the
        // content view's (a label's textColor lies deeper and is the label's).
        func color(_ key: String, of node: XMLNode) -> Color? {
            node.children.first { $0.name == "color" && $0["key"] == key }.flatMap(Color.read)
        }
        p.backgroundColor = color("backgroundColor", of: cell)
        p.tintColor = color("tintColor", of: cell)
        if let content = cell.children.first(where: { $0["key"] == "contentView" }) {
            p.contentBackgroundColor = color("backgroundColor", of: content)
        }
        // A plain view is one of the cell's views where an outlet holds it (a container
        // that is no outlet only lays the others out); so is any other element an outlet
        // holds (a collection view, a text view), which UIKit connects as well.
        let outletDestinations = Set(p.outlets.map(\.destination))
        let listed: Set<String> = ["label", "imageView", "button", "switch", "textField", "segmentedControl"]
        let plainViews = cell.descendants(named: "view").filter { $0["id"].map(outletDestinations.contains) ?? false }
        let otherOutlets = ownElements(of: cell).filter { n in
            n.name != "view" && !listed.contains(n.name) && (n["id"].map(outletDestinations.contains) ?? false)
        }
        // A collection or table view's own cells are theirs, not this cell's views.
        let nested = Set(["collectionView", "tableView"].flatMap { cell.descendants(named: $0) }.flatMap(ownElements).compactMap { $0["id"] })
        for n in cell.descendants(named: "label") + cell.descendants(named: "imageView") + cell.descendants(named: "button")
            + cell.descendants(named: "switch") + cell.descendants(named: "textField")
            + cell.descendants(named: "segmentedControl") + plainViews + otherOutlets {
            guard let id = n["id"], !standard.contains(id), !nested.contains(id) else { continue }
            p.views.append(view(n))
        }
        p.views.sort { a, b in (lines[a.id] ?? 0) < (lines[b.id] ?? 0) }
        return (p, segues)
    }
}
