// Diffable data sources: `UITableViewDiffableDataSource<Section, Item>(tableView:
// cellProvider:)` becomes the table's data source (as UIKit's initializer sets
// `tableView.dataSource`), and `NSDiffableDataSourceSnapshot<Section, Item>()` is a value
// type written in the language itself, so it copies as Swift's struct does. `apply(_:
// animatingDifferences:)` hands the data source a snapshot; the layout then asks it for
// the sections, rows and cells (TableDriver's `diffable` hook). UIKit's exceptions for
// identifiers that are not unique and for items with no section are errors in its words.
// UIKit cannot run on Linux: this follows Apple's documentation of both types.

import TableLabSyntax
import TableLabInterpreter

enum DiffableBuiltins {
    static let prelude = """
    struct NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType> {
        private(set) var sectionIdentifiers: [SectionIdentifierType] = []
        private(set) var itemIdentifiersBySection: [[ItemIdentifierType]] = []
        var numberOfSections: Int { sectionIdentifiers.count }
        var numberOfItems: Int { itemIdentifiersBySection.reduce(0) { $0 + $1.count } }
        var itemIdentifiers: [ItemIdentifierType] { itemIdentifiersBySection.flatMap { $0 } }
        func indexOfSection(_ identifier: SectionIdentifierType) -> Int? {
            sectionIdentifiers.firstIndex { __diffableEqual($0, identifier) }
        }
        func indexOfItem(_ identifier: ItemIdentifierType) -> Int? {
            itemIdentifiers.firstIndex { __diffableEqual($0, identifier) }
        }
        func numberOfItems(inSection identifier: SectionIdentifierType) -> Int {
            itemIdentifiers(inSection: identifier).count
        }
        func itemIdentifiers(inSection identifier: SectionIdentifierType) -> [ItemIdentifierType] {
            guard let index = indexOfSection(identifier) else {
                __diffableSectionNotFound()
                return []
            }
            return itemIdentifiersBySection[index]
        }
        func sectionIdentifier(containingItem identifier: ItemIdentifierType) -> SectionIdentifierType? {
            for (index, items) in itemIdentifiersBySection.enumerated() {
                if items.contains(where: { __diffableEqual($0, identifier) }) { return sectionIdentifiers[index] }
            }
            return nil
        }
        mutating func appendSections(_ identifiers: [SectionIdentifierType]) {
            __diffableUnique(sectionIdentifiers + identifiers, "section")
            sectionIdentifiers += identifiers
            itemIdentifiersBySection += identifiers.map { _ in [] }
        }
        mutating func appendItems(_ identifiers: [ItemIdentifierType], toSection section: SectionIdentifierType? = nil) {
            if sectionIdentifiers.isEmpty {
                __diffableNoSections()
            }
            __diffableUnique(itemIdentifiers + identifiers, "item")
            var index = sectionIdentifiers.count - 1
            if let section {
                guard let found = indexOfSection(section) else {
                    __diffableSectionNotFound()
                    return
                }
                index = found
            }
            itemIdentifiersBySection[index] += identifiers
        }
        mutating func deleteItems(_ identifiers: [ItemIdentifierType]) {
            for identifier in identifiers {
                guard indexOfItem(identifier) != nil else {
                    __diffableInvalidItem(delete: "\\(identifier)")
                    return
                }
                for index in itemIdentifiersBySection.indices {
                    itemIdentifiersBySection[index].removeAll { __diffableEqual($0, identifier) }
                }
            }
        }
        mutating func deleteSections(_ identifiers: [SectionIdentifierType]) {
            for identifier in identifiers {
                guard let index = indexOfSection(identifier) else {
                    __diffableInvalidSection(delete: "\\(identifier)")
                    return
                }
                sectionIdentifiers.remove(at: index)
                itemIdentifiersBySection.remove(at: index)
            }
        }
        mutating func deleteAllItems() {
            sectionIdentifiers = []
            itemIdentifiersBySection = []
        }
        mutating func insertItems(_ identifiers: [ItemIdentifierType], beforeItem item: ItemIdentifierType) {
            __insertItems(identifiers, at: item, offset: 0)
        }
        mutating func insertItems(_ identifiers: [ItemIdentifierType], afterItem item: ItemIdentifierType) {
            __insertItems(identifiers, at: item, offset: 1)
        }
        mutating func moveItem(_ identifier: ItemIdentifierType, beforeItem item: ItemIdentifierType) {
            __moveItem(identifier, to: item, offset: 0)
        }
        mutating func moveItem(_ identifier: ItemIdentifierType, afterItem item: ItemIdentifierType) {
            __moveItem(identifier, to: item, offset: 1)
        }
        private mutating func __insertItems(_ identifiers: [ItemIdentifierType], at item: ItemIdentifierType, offset: Int) {
            guard let (section, row) = __position(of: item) else {
                __diffableInvalidItem(insert: "\\(item)")
                return
            }
            __diffableUnique(itemIdentifiers + identifiers, "item")
            itemIdentifiersBySection[section].insert(contentsOf: identifiers, at: row + offset)
        }
        private mutating func __moveItem(_ identifier: ItemIdentifierType, to item: ItemIdentifierType, offset: Int) {
            guard let (fromSection, fromRow) = __position(of: identifier) else {
                __diffableInvalidItem(move: "\\(identifier)")
                return
            }
            guard __position(of: item) != nil else {
                __diffableInvalidItem(move: "\\(item)")
                return
            }
            if __diffableEqual(identifier, item) {
                __diffableMoveToItself()
                return
            }
            let moved = itemIdentifiersBySection[fromSection].remove(at: fromRow)
            let (section, row) = __position(of: item)!
            itemIdentifiersBySection[section].insert(moved, at: row + offset)
        }
        private func __position(of item: ItemIdentifierType) -> (Int, Int)? {
            for (section, items) in itemIdentifiersBySection.enumerated() {
                if let row = items.firstIndex(where: { __diffableEqual($0, item) }) { return (section, row) }
            }
            return nil
        }
        mutating func insertSections(_ identifiers: [SectionIdentifierType], beforeSection section: SectionIdentifierType) {
            __insertSections(identifiers, at: section, offset: 0)
        }
        mutating func insertSections(_ identifiers: [SectionIdentifierType], afterSection section: SectionIdentifierType) {
            __insertSections(identifiers, at: section, offset: 1)
        }
        mutating func moveSection(_ identifier: SectionIdentifierType, beforeSection section: SectionIdentifierType) {
            __moveSection(identifier, to: section, offset: 0)
        }
        mutating func moveSection(_ identifier: SectionIdentifierType, afterSection section: SectionIdentifierType) {
            __moveSection(identifier, to: section, offset: 1)
        }
        private mutating func __insertSections(_ identifiers: [SectionIdentifierType], at section: SectionIdentifierType, offset: Int) {
            guard let index = indexOfSection(section) else {
                __diffableInvalidSection(insert: "\\(section)")
                return
            }
            __diffableUnique(sectionIdentifiers + identifiers, "section")
            sectionIdentifiers.insert(contentsOf: identifiers, at: index + offset)
            itemIdentifiersBySection.insert(contentsOf: identifiers.map { _ in [] }, at: index + offset)
        }
        private mutating func __moveSection(_ identifier: SectionIdentifierType, to section: SectionIdentifierType, offset: Int) {
            guard let from = indexOfSection(identifier) else {
                __diffableInvalidSection(move: "\\(identifier)")
                return
            }
            guard indexOfSection(section) != nil else {
                __diffableInvalidSection(move: "\\(section)")
                return
            }
            if __diffableEqual(identifier, section) {
                __diffableMoveToItself()
                return
            }
            let moved = sectionIdentifiers.remove(at: from)
            let items = itemIdentifiersBySection.remove(at: from)
            let index = indexOfSection(section)! + offset
            sectionIdentifiers.insert(moved, at: index)
            itemIdentifiersBySection.insert(items, at: index)
        }
        mutating func reloadItems(_ identifiers: [ItemIdentifierType]) {
            for identifier in identifiers where indexOfItem(identifier) == nil {
                __diffableInvalidItem(reload: "\\(identifier)")
            }
        }
        mutating func reconfigureItems(_ identifiers: [ItemIdentifierType]) {
            reloadItems(identifiers)
        }
        mutating func reloadSections(_ identifiers: [SectionIdentifierType]) {
            for identifier in identifiers where indexOfSection(identifier) == nil {
                __diffableInvalidSection(reload: "\\(identifier)")
            }
        }
    }
    """

    static func install(into interpreter: Interpreter, simulator: TableSimulator) throws(Diagnostic) {
        interpreter.placeErrorsAtCaller(ofMethodsOf: "NSDiffableDataSourceSnapshot")
        // UIKit raises NSInternalInconsistencyException; TableLab stops with its reason.
        // Reported where the script called the snapshot's method (placeErrorsAtCaller).
        let exceptions: [(String, (String) -> DiffableException)] = [
            ("__diffableSectionNotFound()", { _ in .sectionNotFound }),
            ("__diffableNoSections()", { _ in .noSections }),
            ("__diffableInvalidItem(delete:)", { .invalidIdentifier(.item, .delete, $0) }),
            ("__diffableInvalidSection(delete:)", { .invalidIdentifier(.section, .delete, $0) }),
            ("__diffableInvalidItem(reload:)", { .invalidIdentifier(.item, .reload, $0) }),
            ("__diffableInvalidSection(reload:)", { .invalidIdentifier(.section, .reload, $0) }),
            ("__diffableInvalidItem(insert:)", { .invalidIdentifier(.item, .insert, $0) }),
            ("__diffableInvalidSection(insert:)", { .invalidIdentifier(.section, .insert, $0) }),
            ("__diffableInvalidItem(move:)", { .invalidIdentifier(.item, .move, $0) }),
            ("__diffableInvalidSection(move:)", { .invalidIdentifier(.section, .move, $0) }),
            ("__diffableMoveToItself()", { _ in .moveToItself }),
        ]
        for (name, exception) in exceptions {
            interpreter.registerNativeFunction(name) { arguments in
                let identifier = arguments.first.flatMap(UIKitBuiltins.optionalText) ?? ""
                throw Interpreter.runtimeError(TableMessage.diffableException(exception(identifier)))
            }
        }
        interpreter.registerNativeFunction("__diffableEqual(_:_:)") { arguments in
            .bool(arguments[0] == arguments[1])
        }
        let unique: ([Value]) throws -> Value = { [unowned interpreter] arguments in
            guard case .array(let all) = arguments[0] else { return .void }
            var seen: [Value] = [], duplicates: [Value] = []
            for value in all {
                if seen.contains(value) {
                    if !duplicates.contains(value) { duplicates.append(value) }
                } else {
                    seen.append(value)
                }
            }
            guard !duplicates.isEmpty else { return .void }
            let kind = UIKitBuiltins.optionalText(arguments[1]) ?? "item"
            let listed = duplicates.map { interpreter.describe($0, debug: true) }
            throw Interpreter.runtimeError(TableMessage.duplicateIdentifiers(kind: kind, listed: listed))
        }
        interpreter.registerNativeFunction("__diffableUnique(_:_:)", unique)
        // After the natives it calls: every name in the prelude's functions must be known
        // when it loads, as in a script's (FunctionNameCheck.swift).
        try interpreter.runPrelude(SourceFile(name: "<prelude>", text: prelude))
        for name in ["UITableViewDiffableDataSource(tableView:cellProvider:)"] {
            interpreter.registerNativeFunction(name) { [unowned simulator] arguments in
                guard case .object(let view as TableViewObject) = CellObject.unwrapped(arguments[0]) ?? .void else {
                    throw Interpreter.runtimeError(UIKitMessage.cannotConvertArgument(type: simulator.typeName(arguments[0]), to: "UITableView"))
                }
                let table = try view.resolved
                let source = DiffableDataSourceObject(simulator: simulator, tableView: table, cellProvider: arguments[1])
                // UIKit's initializer makes the new object the table view's data source.
                table.state.sectionViews.diffable = source
                return .object(source)
            }
        }
    }
}

/// `UITableViewDiffableDataSource`: the current snapshot and the cell provider.
final class DiffableDataSourceObject: NativeObject {
    unowned let simulator: TableSimulator
    let tableView: TableViewObject
    var table: String { tableView.screenName }
    let cellProvider: Value
    /// The snapshot last applied; nil before the first `apply`.
    var snapshot: Value?
    var defaultRowAnimation: Value = .string("automatic")

    init(simulator: TableSimulator, tableView: TableViewObject, cellProvider: Value) {
        self.simulator = simulator
        self.tableView = tableView
        self.cellProvider = cellProvider
    }

    override var typeName: String { "UITableViewDiffableDataSource" }

    var interpreter: Interpreter { simulator.interpreter }

    /// The members the data source answers, found by ID: its property, then its methods.
    enum Member: Int, CaseIterable, Sendable {
        case defaultRowAnimation
        case applyAnimating, apply, applyAnimatingCompletion, applyReloadData, applyReloadDataCompletion
        case snapshot, itemIdentifier, indexPath, sectionIdentifier, index
        /// Swift's names, in the order of the cases.
        static let names = [
            "defaultRowAnimation",
            "apply(_:animatingDifferences:)", "apply(_:)", "apply(_:animatingDifferences:completion:)",
            "applySnapshotUsingReloadData(_:)", "applySnapshotUsingReloadData(_:completion:)",
            "snapshot()", "itemIdentifier(for:)", "indexPath(for:)", "sectionIdentifier(for:)", "index(for:)",
        ]
        static let table = HostMemberTable(names)
    }

    override func member(id: HostMemberID) throws -> Value? {
        Member(rawValue: Member.table[id]) == .defaultRowAnimation ? defaultRowAnimation : nil
    }

    override func setMember(id: HostMemberID, _ value: Value) throws -> Bool {
        guard Member(rawValue: Member.table[id]) == .defaultRowAnimation else { return false }
        defaultRowAnimation = value
        return true
    }

    override func callMethod(id: HostMemberID, _ arguments: [Value]) throws -> Value? {
        switch Member(rawValue: Member.table[id]) {
        case .applyAnimating?, .apply?, .applyAnimatingCompletion?, .applyReloadData?, .applyReloadDataCompletion?:
            guard interpreter.structTypeName(of: arguments[0]) == "NSDiffableDataSourceSnapshot" else {
                throw Interpreter.runtimeError(UIKitMessage.cannotConvertArgument(type: simulator.typeName(arguments[0]), to: "NSDiffableDataSourceSnapshot"))
            }
            snapshot = arguments[0]
            // Laid out again from the snapshot at the next layout (UIKit would keep the cells of
            // items the snapshots share; TableLab asks the cell provider for every row again).
            tableView.state.invalidateLayout()
            if let completion = arguments.count > 1 ? arguments.last : nil, case .function = completion {
                _ = try interpreter.call(completion, [])
            }
            return .void
        case .snapshot?:
            if let snapshot { return snapshot }
            return interpreter.makeStruct("NSDiffableDataSourceSnapshot", [
                "sectionIdentifiers": .array([]), "itemIdentifiersBySection": .array([]),
            ]) ?? .void
        case .itemIdentifier?:
            let path = try simulator.requireIndexPath(arguments[0], "itemIdentifier(for:)")
            let sections = try itemsBySection()
            guard sections.indices.contains(path.section), sections[path.section].indices.contains(path.row) else { return .nilValue }
            return .wrapped(sections[path.section][path.row])
        case .indexPath?:
            for (s, items) in try itemsBySection().enumerated() {
                if let r = items.firstIndex(of: arguments[0]) {
                    return .wrapped(simulator.indexPathValue(TableIndexPath(section: s, row: r)))
                }
            }
            return .nilValue
        case .sectionIdentifier?:
            guard case .int(let index) = arguments[0] else { return nil }
            let sections = try sectionIdentifiers()
            return sections.indices.contains(index) ? .wrapped(sections[index]) : .nilValue
        case .index?:
            return try sectionIdentifiers().firstIndex(of: arguments[0]).map { .wrapped(.int($0)) } ?? .nilValue
        case .defaultRowAnimation?, nil:
            return nil
        }
    }

    /// The snapshot's members, read for each row drawn: their handles, found at the first read.
    private lazy var snapshotReads = (sections: interpreter.memberRead("sectionIdentifiers"),
                                      items: interpreter.memberRead("itemIdentifiersBySection"))

    /// The snapshot's sections (none before the first apply).
    func sectionIdentifiers() throws -> [Value] {
        guard let snapshot, case .array(let sections)? = try interpreter.member(snapshotReads.sections, of: snapshot) else { return [] }
        return sections.values
    }

    /// The snapshot's items, section by section (none before the first apply).
    func itemsBySection() throws -> [[Value]] {
        guard let snapshot, case .array(let sections)? = try interpreter.member(snapshotReads.items, of: snapshot) else { return [] }
        return sections.map { if case .array(let items) = $0 { return items.values }; return [] }
    }

    /// The cell provider's cell for a row: (tableView, indexPath, itemIdentifier).
    func cell(at indexPath: TableIndexPath) throws -> Value {
        let sections = try itemsBySection()
        let item = sections[indexPath.section][indexPath.row]
        return try interpreter.call(cellProvider, [.object(tableView),
                                                   simulator.indexPathValue(indexPath), item])
    }

    override var textDescription: String { "<UITableViewDiffableDataSource \(table)>" }
}
