// UICollectionView made in code with a UICollectionViewFlowLayout, its cells (the script's
// UICollectionViewCell subclasses) and the calls UIKit makes on its data source and
// delegate (CollectionLayout.swift); one a storyboard or nib lays out is made from the file
// (StoryboardCollectionViews.swift). What a collection view has beyond that is an error
// naming it: a compositional layout, self-sizing cells.

import TableLabSyntax
import TableLabInterpreter

/// `UICollectionViewFlowLayout()`: the properties that decide where items go, at UIKit's
/// documented defaults (50×50 items, 10-point spacings, no section inset, vertical).
final class FlowLayoutObject: UIKitObject {
    init(_ interpreter: Interpreter, zeros: GeometryZeros) {
        let zeroSize = Self.size(interpreter, 0, 0)
        super.init("UICollectionViewFlowLayout", properties: [
            Key.itemSize: Self.size(interpreter, 50, 50), Key.estimatedItemSize: zeroSize,
            Key.minimumInteritemSpacing: .double(10), Key.minimumLineSpacing: .double(10),
            Key.sectionInset: zeros.insets,
            Key.scrollDirection: UIKitValue.enumValue("UICollectionView.ScrollDirection", "vertical"),
            Key.headerReferenceSize: zeroSize, Key.footerReferenceSize: zeroSize,
            Key.sectionHeadersPinToVisibleBounds: .bool(false), Key.sectionFootersPinToVisibleBounds: .bool(false),
        ])
    }

    /// Counts the changes of its properties: UIKit invalidates the layout on each, so a
    /// collection view laid out with an older version lays out again.
    private(set) var version = 0
    /// Interface Builder's Estimate Size "Automatic": `estimatedItemSize` is UIKit's
    /// `automaticSize` (self-sizing cells) until code sets another.
    var automaticEstimatedItemSize = false

    /// The property and method the flow layout answers apart from its stored ones, found by ID.
    enum Member: Int, CaseIterable, Sendable {
        case estimatedItemSize, invalidateLayout
        /// Swift's names, in the order of the cases.
        static let names = ["estimatedItemSize", "invalidateLayout()"]
        static let table = HostMemberTable(names)
    }

    override func setMember(id: HostMemberID, _ value: Value) throws -> Bool {
        let stored = try super.setMember(id: id, value)
        if Member(rawValue: Member.table[id]) == .estimatedItemSize { automaticEstimatedItemSize = false }
        version += 1
        return stored
    }

    static func size(_ interpreter: Interpreter, _ width: Double, _ height: Double) -> Value {
        interpreter.makeStruct("CGSize", ["width": .double(width), "height": .double(height)]) ?? .nilValue
    }

    override func callMethod(id: HostMemberID, _ arguments: [Value]) throws -> Value? {
        // Invalidating asks the layout again, which TableLab does at every layout pass anyway.
        if Member(rawValue: Member.table[id]) == .invalidateLayout { return .void }
        return try super.callMethod(id: id, arguments)
    }
}

/// UIKit's part of a UICollectionReusableView (a section header's or footer's class) and
/// of every collection view cell: a view the collection view dequeues.
class ReusableViewObject: ViewObject {
    /// Set when the collection view dequeues it: a view made any other way has none, which
    /// UIKit refuses when the data source returns it.
    var reuseIdentifier: String?
    /// The script class, for `:show` (nil for UIKit's own class).
    var scriptClassName: String?

    static let reusableMemberNames: Set<String> = Set(ViewObject.viewPropertyNames)
        .union(ViewObject.viewMethodNames).union(LayoutAnchorObject.names).union(["reuseIdentifier", "prepareForReuse()", "awakeFromNib()"])

    /// The property and methods a reusable view answers besides a view's, found by ID.
    enum Member: Int, CaseIterable, Sendable {
        case reuseIdentifier, prepareForReuse, awakeFromNib
        /// Swift's names, in the order of the cases.
        static let names = ["reuseIdentifier", "prepareForReuse()", "awakeFromNib()"]
        static let table = HostMemberTable(names)
    }

    override func member(id: HostMemberID) throws -> Value? {
        if Member(rawValue: Member.table[id]) == .reuseIdentifier { return reuseIdentifier.map { .wrapped(.string($0)) } ?? .nilValue }
        return try super.member(id: id)
    }

    override func callMethod(id: HostMemberID, _ arguments: [Value]) throws -> Value? {
        // UIKit's own prepareForReuse resets nothing a script sets; its awakeFromNib
        // (a storyboard's or nib's view decoded) does nothing either.
        switch Member(rawValue: Member.table[id]) {
        case .prepareForReuse?, .awakeFromNib?: return .void
        default: return try super.callMethod(id: id, arguments)
        }
    }
}

/// UIKit's part of a UICollectionViewCell (a script subclass's, or one registered as
/// `UICollectionViewCell.self`): a view with a content view, made by `init(frame:)`.
final class CollectionCellObject: ReusableViewObject {
    init(className: String = "UICollectionViewCell", zeros: GeometryZeros) {
        super.init(className, frame: zeros.rect, properties: [
            Key.contentView: .object(ViewObject("UIView", frame: zeros.rect)),
            Key.isSelected: .bool(false), Key.isHighlighted: .bool(false),
            Key.backgroundView: .nilValue, Key.selectedBackgroundView: .nilValue,
        ])
    }

    /// The views in its content view (at any depth), then those added to the cell itself.
    func ownViews() -> [NativeObject] {
        var views: [NativeObject] = []
        var seen = Set<ObjectIdentifier>()
        func add(_ value: Value?, depth: Int) {
            guard let value, case .object(let o)? = CellObject.unwrapped(value), seen.insert(ObjectIdentifier(o)).inserted else { return }
            views.append(o)
            if depth < 8, case .array(let inner)? = try? o.member(id: Key.subviews) { for v in inner.values { add(v, depth: depth + 1) } }
        }
        let contentView = properties[Key.contentView]
        if case .object(let content)? = contentView { seen.insert(ObjectIdentifier(content)) }
        for root in [contentView, .object(self)] {
            if case .object(let o)? = root, case .array(let inner)? = try? o.member(id: Key.subviews) {
                for v in inner.values { add(v, depth: 0) }
            }
        }
        return views
    }

    /// `configurationUpdateHandler`, called after `updateConfiguration(using:)` whenever
    /// UIKit updates the cell's configuration (CollectionConfigurations.swift).
    var configurationUpdateHandler: Value = .nilValue
    /// A change of its configuration state, or `setNeedsUpdateConfiguration()`, since the
    /// last update.
    var needsConfigurationUpdate = false

    /// The members a collection view cell answers besides a reusable view's, found by ID.
    enum Member: Int, CaseIterable, Sendable {
        case configurationUpdateHandler, isSelected, isHighlighted, setNeedsUpdateConfiguration, updateConfiguration
        /// Swift's names, in the order of the cases.
        static let names = [
            "configurationUpdateHandler", "isSelected", "isHighlighted", "setNeedsUpdateConfiguration()",
            "updateConfiguration(using:)",
        ]
        static let table = HostMemberTable(names)
        /// The names' IDs, for the collection view's own writes of the cell's state.
        static let ids = names.map(HostMemberID.init)
        var id: HostMemberID { Self.ids[rawValue] }
    }

    override func member(id: HostMemberID) throws -> Value? {
        if Member(rawValue: Member.table[id]) == .configurationUpdateHandler { return configurationUpdateHandler }
        return try super.member(id: id)
    }

    override func setMember(id: HostMemberID, _ value: Value) throws -> Bool {
        switch Member(rawValue: Member.table[id]) {
        case .configurationUpdateHandler?:
            configurationUpdateHandler = CellObject.unwrapped(value).map { .wrapped($0) } ?? .nilValue
            return true
        case .isSelected?, .isHighlighted?:
            // A change of the configuration state asks for an update (Apple's documentation
            // of setNeedsUpdateConfiguration()).
            if case .bool(let new) = value, case .bool(let old)? = properties[id], old != new { needsConfigurationUpdate = true }
            return try super.setMember(id: id, value)
        default:
            return try super.setMember(id: id, value)
        }
    }

    override func callMethod(id: HostMemberID, _ arguments: [Value]) throws -> Value? {
        switch Member(rawValue: Member.table[id]) {
        case .setNeedsUpdateConfiguration?:
            needsConfigurationUpdate = true
            return .void
        case .updateConfiguration?:
            // UIKit's own, which a subclass's override calls on super: nothing TableLab draws.
            return .void
        default:
            return try super.callMethod(id: id, arguments)
        }
    }

    /// What a subclass names without `self.`.
    static let memberNames: Set<String> = reusableMemberNames.union([
        "contentView", "isSelected", "isHighlighted", "backgroundView", "selectedBackgroundView",
        "configurationUpdateHandler", "setNeedsUpdateConfiguration()",
    ])
}

/// A UICollectionView made with `UICollectionView(frame:collectionViewLayout:)`.
final class CollectionViewObject: ViewObject {
    unowned let simulator: TableSimulator
    /// `dataSource` and `delegate` (UIKit holds them weakly; here they are held).
    var dataSource: Value = .nilValue
    var delegate: Value = .nilValue
    var layout: Value
    /// The cell classes by reuse identifier (`UICollectionViewCell` for UIKit's own).
    var cellClasses: [String: String] = [:]
    /// The supplementary views' classes, by kind, then reuse identifier.
    var supplementaryClasses: [String: [String: String]] = [:]
    /// The storyboard's or nib's prototypes by reuse identifier (decoded when dequeued);
    /// a class registered later under the identifier replaces its prototype.
    var cellPrototypes: [String: Storyboard.Prototype] = [:]
    var supplementaryPrototypes: [String: [String: Storyboard.Prototype]] = [:]
    /// The last layout, kept until `reloadData()` or a new data source or delegate.
    var onScreen: CollectionSnapshotLayout? {
        didSet { if onScreen == nil, let oldValue { previous = oldValue } }
    }
    /// The layout before it, whose cells the next layout reuses.
    var previous: CollectionSnapshotLayout?
    /// The selected items, in the order they were selected.
    var selectedItems: [TableIndexPath] = []
    /// The screen it belongs to: the first that showed it.
    weak var owner: ViewControllerObject?
    /// The item whose cell the data source is being asked for (a dequeue names it).
    var pathAsked: TableIndexPath?

    init(simulator: TableSimulator, frame: Value, layout: Value) {
        self.simulator = simulator
        self.layout = layout
        super.init("UICollectionView", frame: frame, properties: [
            Key.allowsSelection: .bool(true), Key.allowsMultipleSelection: .bool(false),
            Key.contentInset: simulator.zeros.insets, Key.isScrollEnabled: .bool(true), Key.isPagingEnabled: .bool(false),
            Key.bounces: .bool(true), Key.alwaysBounceVertical: .bool(false), Key.alwaysBounceHorizontal: .bool(false),
            Key.showsVerticalScrollIndicator: .bool(true), Key.showsHorizontalScrollIndicator: .bool(true),
            Key.backgroundView: .nilValue, Key.refreshControl: .nilValue,
        ])
        if simulator.collectionViewsMade.count >= 64, simulator.collectionViewsMade.count.nonzeroBitCount == 1 {
            simulator.collectionViewsMade.removeAll { $0.object == nil }
        }
        simulator.collectionViewsMade.append(WeakCollectionView(object: self))
    }

    /// The properties the collection view answers besides a view's, found by ID.
    enum Member: Int, CaseIterable, Sendable {
        case dataSource, delegate, collectionViewLayout, numberOfSections, indexPathsForSelectedItems, visibleCells
        case frame, bounds
        /// Swift's names of the properties, in the order of the cases.
        static let names = [
            "dataSource", "delegate", "collectionViewLayout", "numberOfSections", "indexPathsForSelectedItems",
            "visibleCells", "frame", "bounds",
        ]
        static let table = HostMemberTable(names)
    }

    /// The methods the collection view answers besides a view's, found by ID.
    enum Method: Int, CaseIterable, Sendable {
        case registerCell, registerSupplementary, dequeueSupplementary, dequeueCell, reloadData, numberOfItems
        case cellForItem, selectItem, deselectItem
        /// Swift's full names, in the order of the cases.
        static let names = [
            "register(_:forCellWithReuseIdentifier:)", "register(_:forSupplementaryViewOfKind:withReuseIdentifier:)",
            "dequeueReusableSupplementaryView(ofKind:withReuseIdentifier:for:)", "dequeueReusableCell(withReuseIdentifier:for:)",
            "reloadData()", "numberOfItems(inSection:)", "cellForItem(at:)",
            "selectItem(at:animated:scrollPosition:)", "deselectItem(at:animated:)",
        ]
        static let table = HostMemberTable(names)
    }

    override func member(id: HostMemberID) throws -> Value? {
        switch Member(rawValue: Member.table[id]) {
        case .dataSource?: return dataSource.isNilValue ? .nilValue : .wrapped(dataSource)
        case .delegate?: return delegate.isNilValue ? .nilValue : .wrapped(delegate)
        case .collectionViewLayout?: return layout
        case .numberOfSections?: return .int(try laidOut().sections.count)
        case .indexPathsForSelectedItems?:
            let sorted = selectedItems.sorted { ($0.section, $0.row) < ($1.section, $1.row) }
            return .wrapped(.array(sorted.map { simulator.indexPathValue($0) }))
        case .visibleCells?: return .array(try laidOut().sections.flatMap { $0.items.map(\.cell) })
        case let geometry? where (geometry == .frame || geometry == .bounds) && frameIsEmpty:
            // Made with `.zero`: placed by its constraints (ConstraintLayout.swift), as its
            // layout (CollectionLayout.swift) and a table view's frame are.
            let frame = simulator.constrainedFrame(of: self)
            return (geometry == .frame ? frame : frame.bounds).value(simulator.interpreter)
        default: return try super.member(id: id)
        }
    }

    override func setMember(id: HostMemberID, _ value: Value) throws -> Bool {
        switch Member(rawValue: Member.table[id]) {
        case .dataSource?: dataSource = value.unboxedOptional; onScreen = nil
        case .delegate?: delegate = value.unboxedOptional; onScreen = nil
        case .collectionViewLayout?: layout = value; onScreen = nil
        default: return try super.setMember(id: id, value)
        }
        return true
    }

    override func callMethod(id: HostMemberID, _ a: [Value]) throws -> Value? {
        switch Method(rawValue: Method.table[id]) {
        case .registerCell?:
            guard case .string(let id)? = CellObject.unwrapped(a[1]) else { return try super.callMethod(id: id, a) }
            if case .object(let nib as NibObject)? = CellObject.unwrapped(a[0]) {
                let prototype = try simulator.nibCollectionPrototype(nib)
                cellClasses[id] = prototype.customClass ?? "UICollectionViewCell"
                cellPrototypes[id] = prototype
                return .void
            }
            cellClasses[id] = try simulator.collectionCellClass(a[0])
            cellPrototypes[id] = nil
            return .void
        case .registerSupplementary?:
            guard case .string(let kind)? = CellObject.unwrapped(a[1]), case .string(let id)? = CellObject.unwrapped(a[2]) else {
                return try super.callMethod(id: id, a)
            }
            if case .object(let nib as NibObject)? = CellObject.unwrapped(a[0]) {
                let prototype = try simulator.nibCollectionPrototype(nib)
                supplementaryClasses[kind, default: [:]][id] = prototype.customClass ?? "UICollectionReusableView"
                supplementaryPrototypes[kind, default: [:]][id] = prototype
                return .void
            }
            supplementaryClasses[kind, default: [:]][id] = try simulator.reusableViewClass(a[0])
            supplementaryPrototypes[kind]?[id] = nil
            return .void
        case .dequeueSupplementary?:
            guard case .string(let kind)? = CellObject.unwrapped(a[0]), case .string(let id)? = CellObject.unwrapped(a[1]) else {
                return try super.callMethod(id: id, a)
            }
            return try simulator.dequeueReusableView(kind: kind, id, in: self)
        case .dequeueCell?:
            guard case .string(let id)? = CellObject.unwrapped(a[0]) else { return try super.callMethod(id: id, a) }
            return try simulator.dequeueCollectionCell(id, in: self)
        case .reloadData?:
            onScreen = nil
            simulator.record(.reloadData)
            return .void
        case .numberOfItems?:
            let sections = try laidOut().sections
            guard case .int(let section) = a[0], sections.indices.contains(section) else {
                throw Interpreter.runtimeError(UIKitMessage.noSuchSection(section: UIKitValue.number(a[0]).map { Int($0) } ?? -1,
                                                                          table: "UICollectionView", count: sections.count))
            }
            return .int(sections[section].items.count)
        case .cellForItem?:
            guard let path = try simulator.tableIndexPath(a[0]), let cell = onScreen?.cell(at: path) else { return .nilValue }
            return .wrapped(cell)
        case .selectItem?:
            try selectItemByCode(a)
            return .void
        case .deselectItem?:
            if let path = try simulator.tableIndexPath(a[0]) {
                selectedItems.removeAll { $0 == path }
                try simulator.setCollectionCellSelected(false, at: path, in: self)
                let animated = if a.count > 1, case .bool(true) = a[1] { true } else { false }
                simulator.record(.deselectItem(path, animated: animated))
            }
            return .void
        default:
            return try super.callMethod(id: id, a)
        }
    }

    /// `selectItem(at:animated:scrollPosition:)` as Apple documents it: the item is selected
    /// (its cell's isSelected follows), nil clears the selection, and no delegate method is
    /// called ("It does not call this method when you programmatically set the selection").
    /// What it does where allowsSelection is false, or to another item selected in a view
    /// that selects one, is not documented: refused by name. The scroll is not modelled.
    private func selectItemByCode(_ a: [Value]) throws {
        let animated = if a.count > 1, case .bool(true) = a[1] { true } else { false }
        guard let path = try simulator.tableIndexPath(a[0]) else {
            for old in selectedItems { try simulator.setCollectionCellSelected(false, at: old, in: self) }
            selectedItems = []
            return simulator.record(.selectItem(nil, animated: animated))
        }
        func refuse(_ what: String) -> Error {
            Interpreter.runtimeError(UIKitMessage.notSimulated("UICollectionView.selectItem(at:animated:scrollPosition:) " + what))
        }
        let sections = try laidOut().sections
        guard sections.indices.contains(path.section), sections[path.section].items.indices.contains(path.row) else {
            throw refuse("of an item the collection view does not have")
        }
        if case .bool(false)? = properties[Key.allowsSelection] { throw refuse("where allowsSelection is false") }
        if case .bool(false)? = properties[Key.allowsMultipleSelection], selectedItems.contains(where: { $0 != path }) {
            throw refuse("while another item is selected and allowsMultipleSelection is false")
        }
        if !selectedItems.contains(path) { selectedItems.append(path) }
        try simulator.setCollectionCellSelected(true, at: path, in: self)
        simulator.record(.selectItem(path, animated: animated))
    }

    /// The version of its flow layout's properties (FlowLayoutObject.version).
    var flowLayoutVersion: Int {
        if case .object(let flow as FlowLayoutObject)? = CellObject.unwrapped(layout) { return flow.version }
        return 0
    }

    /// Whether its frame has no area (`.zero`): one laid out by constraints.
    var frameIsEmpty: Bool {
        let interpreter = simulator.interpreter
        guard let frame = properties[Key.frame], let size = (try? interpreter.member("size", of: frame)) ?? nil else { return true }
        let width = ((try? interpreter.member("width", of: size)) ?? nil).flatMap(UIKitValue.number) ?? 0
        let height = ((try? interpreter.member("height", of: size)) ?? nil).flatMap(UIKitValue.number) ?? 0
        return width <= 0 || height <= 0
    }

    /// The last layout, made when there is none.
    func laidOut() throws -> CollectionSnapshotLayout {
        if let onScreen, onScreen.layoutVersion == flowLayoutVersion { return onScreen }
        return try simulator.layOut(self)
    }

    override var textDescription: String { "<UICollectionView>" }
}

extension TableSimulator {
    /// The class a `register(_:forCellWithReuseIdentifier:)` names: UIKit's own, or a
    /// script class that inherits from UICollectionViewCell.
    func collectionCellClass(_ value: Value) throws -> String {
        if case .type(.builtin(let b)) = value.unboxedOptional, b.name == "UICollectionViewCell" { return b.name }
        if let name = interpreter.className(ofMetatype: value), interpreter.typeKind(name) == "class",
           interpreter.hostClass(ofType: name) == "UICollectionViewCell" {
            return name
        }
        throw Interpreter.runtimeError(UIKitMessage.notCollectionCellClass(typeName(value)))
    }

    /// The class a `register(_:forSupplementaryViewOfKind:withReuseIdentifier:)` names:
    /// UIKit's UICollectionReusableView, or a script class that inherits from it.
    func reusableViewClass(_ value: Value) throws -> String {
        if case .type(.builtin(let b)) = value.unboxedOptional, b.name == "UICollectionReusableView" { return b.name }
        if let name = interpreter.className(ofMetatype: value), interpreter.typeKind(name) == "class",
           interpreter.hostClass(ofType: name) == "UICollectionReusableView" {
            return name
        }
        throw Interpreter.runtimeError(UIKitMessage.notCollectionCellClass(typeName(value)))
    }

    /// `dequeueReusableSupplementaryView(ofKind:withReuseIdentifier:for:)`: a new view made
    /// with `init(frame:)` (TableLab keeps no reuse queue of headers).
    func dequeueReusableView(kind: String, _ identifier: String, in collection: CollectionViewObject) throws -> Value {
        guard let className = collection.supplementaryClasses[kind]?[identifier] else {
            throw Interpreter.runtimeError(UIKitMessage.reusableViewNotRegistered(kind: kind, identifier: identifier))
        }
        if let prototype = collection.supplementaryPrototypes[kind]?[identifier] {
            return try decodeCollectionPrototype(prototype, standard: "UICollectionReusableView", identifier: identifier)
        }
        return try makeReusable(className, standard: "UICollectionReusableView", identifier: identifier) {
            ReusableViewObject("UICollectionReusableView", frame: zeros.rect)
        }
    }

    /// A new view of the class registered for `identifier`: UIKit's own class `standard`
    /// (`make` makes it), else the script's subclass, made with `init(frame:)` as UIKit does.
    private func makeReusable(_ className: String, standard: String, identifier: String,
                              _ make: () -> ReusableViewObject) throws -> Value {
        let view: Value = className == standard
            ? .object(make())
            : try interpreter.construct(className, labels: ["frame"], arguments: [zeros.rect])
        reusableView(of: view)?.reuseIdentifier = identifier
        return view
    }

    /// UIKit's part of a reusable view value (a header, a cell): the object itself, in an
    /// Optional, or the host base of a script's subclass.
    private func hostPart<T: ReusableViewObject>(of value: Value, _ type: T.Type) -> T? {
        switch value {
        case .object(let view as T): return view
        case .wrapped(let inner): return hostPart(of: inner, type)
        default: return interpreter.hostBase(of: value) as? T
        }
    }

    /// UIKit's part of a reusable view value (a header, a cell).
    func reusableView(of value: Value) -> ReusableViewObject? { hostPart(of: value, ReusableViewObject.self) }

    /// `dequeueReusableCell(withReuseIdentifier:for:)`: the cell that showed the item in
    /// the last layout (its `prepareForReuse()` run), else a new one made with `init(frame:)`.
    func dequeueCollectionCell(_ identifier: String, in collection: CollectionViewObject) throws -> Value {
        guard let className = collection.cellClasses[identifier] else {
            throw Interpreter.runtimeError(UIKitMessage.collectionCellNotRegistered(identifier))
        }
        if let path = collection.pathAsked, let old = collection.previous?.cell(at: path),
           collectionCell(of: old)?.reuseIdentifier == identifier {
            _ = try interpreter.callMethod(on: old, "prepareForReuse()", [])
            return old
        }
        if let prototype = collection.cellPrototypes[identifier] {
            return try decodeCollectionPrototype(prototype, standard: "UICollectionViewCell", identifier: identifier)
        }
        return try makeReusable(className, standard: "UICollectionViewCell", identifier: identifier) { CollectionCellObject(zeros: zeros) }
    }

    /// UIKit's part of a collection view cell value.
    func collectionCell(of value: Value) -> CollectionCellObject? { hostPart(of: value, CollectionCellObject.self) }

    /// The cell `cellForItem(at:)` answers for `path` (the collection view laid out, the
    /// item validated first), for `:toggle`.
    func collectionCellObject(_ path: TableIndexPath, in collection: CollectionViewObject, of table: String) throws -> CollectionCellObject {
        _ = try collectionItem(path, in: collection, of: table)
        guard let value = collection.onScreen?.cell(at: path), let cell = collectionCell(of: value) else {
            throw Interpreter.runtimeError(TableMessage.rowShowsNoCell(path, table: try collectionDisplayName(collection, of: table)))
        }
        return cell
    }

    /// Sets `isSelected` of the cell showing `path` as UICollectionView does, through the
    /// property: the script class's `override var isSelected { didSet { } }` runs around
    /// UIKit's setter.
    func setCollectionCellSelected(_ selected: Bool, at path: TableIndexPath, in collection: CollectionViewObject) throws {
        guard let value = collection.onScreen?.cell(at: path) else { return }
        try setCollectionCellSelected(selected, value)
    }

    /// A tap's highlight, set as the selection is (observers of the property run).
    func setCollectionCellHighlighted(_ highlighted: Bool, at path: TableIndexPath, in collection: CollectionViewObject) throws {
        guard let value = collection.onScreen?.cell(at: path) else { return }
        if try interpreter.setOverriddenProperty("isHighlighted", of: value, to: .bool(highlighted)) { return }
        _ = try collectionCell(of: value)?.setMember(id: CollectionCellObject.Member.isHighlighted.id, .bool(highlighted))
    }

    func setCollectionCellSelected(_ selected: Bool, _ value: Value) throws {
        if try interpreter.setOverriddenProperty("isSelected", of: value, to: .bool(selected)) { return }
        _ = try collectionCell(of: value)?.setMember(id: CollectionCellObject.Member.isSelected.id, .bool(selected))
    }
}

enum CollectionViewBuiltins {
    /// The names of a compositional layout, refused by name where the script first uses one.
    static let compositionalLayoutNames: Set<String> = [
        "UICollectionViewCompositionalLayout", "NSCollectionLayoutSize", "NSCollectionLayoutItem", "NSCollectionLayoutGroup",
        "NSCollectionLayoutSection", "NSCollectionLayoutDimension", "NSCollectionLayoutBoundarySupplementaryItem",
        "UICollectionViewCompositionalLayoutConfiguration", "UICollectionLayoutListConfiguration",
    ]

    static func install(_ interpreter: Interpreter, _ simulator: TableSimulator) {
        // UICollectionView selects and highlights a cell through its `isSelected` and
        // `isHighlighted` properties (setCollectionCellSelected/Highlighted), so observers a
        // subclass adds to them run. Not a table cell's: a table view selects through
        // setSelected(_:animated:), and whether that reaches the property's override is not
        // documented.
        interpreter.hostObservableProperty = { host, property in
            host == "UICollectionViewCell" && (property == "isSelected" || property == "isHighlighted")
        }
        // `UICollectionViewCell.self`, registered as UIKit's own cell class.
        interpreter.hostMetatypes.formUnion(["UICollectionViewCell", "UICollectionReusableView"])
        // A cell made without the collection view: it has no reuse identifier, which UIKit
        // refuses when a data source returns it.
        for name in ["UICollectionViewCell()", "UICollectionViewCell(frame:)"] {
            interpreter.registerNativeFunction(name) { [unowned simulator] _ in .object(CollectionCellObject(zeros: simulator.zeros)) }
        }
        let makeFlowLayout: ([Value]) throws -> Value = { [unowned interpreter, unowned simulator] _ in
            .object(FlowLayoutObject(interpreter, zeros: simulator.zeros))
        }
        let makeCollectionView: ([Value]) throws -> Value = { [unowned simulator] a in
            try UIKitValue.requireFlowLayout(a[1])
            return .object(CollectionViewObject(simulator: simulator, frame: a[0], layout: a[1]))
        }
        interpreter.registerNativeFunction("UICollectionViewFlowLayout()", makeFlowLayout)
        interpreter.registerNativeFunction("UICollectionView(frame:collectionViewLayout:)", makeCollectionView)
        // The types as values: a member TableLab does not have (`UICollectionViewFlowLayout.automaticSize`,
        // self-sizing) is refused by name.
        interpreter.setGlobal("UICollectionViewFlowLayout", .object(UIKitNamespace("UICollectionViewFlowLayout",
                                                                                   methods: ["init()": makeFlowLayout])))
        interpreter.setGlobal("UICollectionView", .object(UIKitNamespace("UICollectionView", members: [
            "elementKindSectionHeader": { .string("UICollectionElementKindSectionHeader") },
            "elementKindSectionFooter": { .string("UICollectionElementKindSectionFooter") },
        ], methods: ["init(frame:collectionViewLayout:)": makeCollectionView])))
        interpreter.addHostBase(memberNames: { host in host == "UICollectionViewCell" ? UIKitCatalogue.subclassMemberNames(host) { CollectionCellObject.memberNames } : [] },
                                make: { [unowned simulator] host, instance in
            guard host == "UICollectionViewCell" else { return nil }
            let cell = CollectionCellObject(zeros: simulator.zeros)
            cell.scriptClassName = instance.name
            return cell
        })
        interpreter.addHostBase(memberNames: { host in host == "UICollectionReusableView" ? UIKitCatalogue.subclassMemberNames(host) { ReusableViewObject.reusableMemberNames } : [] },
                                make: { [unowned simulator] host, instance in
            guard host == "UICollectionReusableView" else { return nil }
            let view = ReusableViewObject("UICollectionReusableView", frame: simulator.zeros.rect)
            view.scriptClassName = instance.name
            return view
        })
    }
}

extension UIKitValue {
    /// A layout TableLab lays out: a flow layout (a script's subclass of one is not).
    static func requireFlowLayout(_ value: Value) throws {
        if case .object(is FlowLayoutObject)? = CellObject.unwrapped(value) { return }
        throw Interpreter.runtimeError(UIKitMessage.notSimulated("a collection view layout other than UICollectionViewFlowLayout"))
    }
}
