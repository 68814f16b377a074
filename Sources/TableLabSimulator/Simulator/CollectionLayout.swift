// A collection view with a flow layout, laid out as UICollectionViewFlowLayout documents
// it: each section's items fill lines across the collection view (rows when it scrolls
// vertically, columns when horizontally), as many to a line as fit in its width minus the
// section inset with at least `minimumInteritemSpacing` between them; a new line starts
// `minimumLineSpacing` after the last. Sizes come from `sizeForItemAt` of a delegate that
// adopts UICollectionViewDelegateFlowLayout, else the layout's `itemSize`.
// Where the extra space of a line goes is not documented, so TableLab reports each item's
// line and place in it and its size, never an x or y.
// Approximations: every item's cell is asked for (UIKit asks for those on screen), and the
// layout is kept until `reloadData()`, a new data source, delegate or layout.

import TableLabSyntax
import TableLabInterpreter

/// One item as laid out: its place in the grid, its size and the cell the data source gave.
struct CollectionItemLayout {
    let path: TableIndexPath
    var cell: Value = .nilValue
    let width: Double
    let height: Double
    let line: Int
    let column: Int
}

/// A section's header or footer: the view the data source gave and its height (vertical)
/// or width (horizontal), the reference size's.
struct CollectionSupplementaryLayout {
    var view: Value = .nilValue
    let size: Double
}

struct CollectionSectionLayout {
    var items: [CollectionItemLayout] = []
    var header: CollectionSupplementaryLayout?
    var footer: CollectionSupplementaryLayout?
}

final class CollectionSnapshotLayout {
    let scrollDirection: String
    /// The flow layout's version it was made with (FlowLayoutObject.version).
    var layoutVersion = 0
    /// The width (vertical) or height (horizontal) the lines fill.
    let extent: Double
    let sections: [CollectionSectionLayout]

    init(scrollDirection: String, extent: Double, sections: [CollectionSectionLayout]) {
        self.scrollDirection = scrollDirection
        self.extent = extent
        self.sections = sections
    }

    func cell(at path: TableIndexPath) -> Value? {
        guard sections.indices.contains(path.section), sections[path.section].items.indices.contains(path.row) else { return nil }
        return sections[path.section].items[path.row].cell
    }
}

/// The data source's and delegate's methods, called as UIKit calls them.
private struct CollectionCalls {
    let interpreter: Interpreter
    let collection: CollectionViewObject
    let simulator: TableSimulator
    /// A size's `width` and `height`, read for each item: their handles, found once.
    let width: HostMemberRead
    let height: HostMemberRead

    init(interpreter: Interpreter, collection: CollectionViewObject, simulator: TableSimulator) {
        self.interpreter = interpreter
        self.collection = collection
        self.simulator = simulator
        width = interpreter.memberRead("width")
        height = interpreter.memberRead("height")
    }

    var dataSource: Value { collection.dataSource }
    var delegate: Value { collection.delegate }
    /// A flow layout asks its delegate only when it adopts UICollectionViewDelegateFlowLayout
    /// (otherwise Swift does not expose the methods to UIKit).
    var flowDelegate: Value? {
        interpreter.instanceConforms(delegate, to: "UICollectionViewDelegateFlowLayout") ? delegate : nil
    }

    func call(_ target: Value?, _ name: String, _ arguments: [Value]) throws -> Value? {
        guard let target, !target.isNilValue, let handle = interpreter.instanceMethod(of: target, name) else { return nil }
        let result = try interpreter.call(handle, on: target, [.object(collection)] + arguments)
        if simulator.tracing { simulator.traceOutput("trace: " + traceLine(name, arguments, result)) }
        return result
    }

    /// `:trace`'s line for a call, in the short form table calls have
    /// (`numberOfItems(inSection: 0) -> 5`, `sizeForItem(at: [0, 1]) -> 100×40`).
    private func traceLine(_ name: String, _ arguments: [Value], _ result: Value) -> String {
        let shown = arguments.compactMap { argument -> String? in
            if case .object(is FlowLayoutObject) = argument { return nil }
            if case .string(let kind) = argument { return TableEffect.quoted(kind) }
            return interpreter.describe(argument, debug: false)
        }.joined(separator: ", ")
        let short = Self.traceNames[name].map { "\($0.0)(\($0.1)\(shown))" } ?? name
        if case .void = result { return short }
        if let cell = simulator.reusableView(of: result) { return short + " -> " + (cell.scriptClassName ?? cell.typeName) }
        if let size = try? self.size(result, name) { return short + " -> \(JSONWriter.number(size.width))×\(JSONWriter.number(size.height))" }
        return short + " -> " + interpreter.describe(result, debug: true)
    }

    private static let traceNames: [String: (String, String)] = [
        "numberOfSections(in:)": ("numberOfSections", ""),
        "collectionView(_:numberOfItemsInSection:)": ("numberOfItems", "inSection: "),
        "collectionView(_:cellForItemAt:)": ("cellForItem", "at: "),
        "collectionView(_:layout:sizeForItemAt:)": ("sizeForItem", "at: "),
        "collectionView(_:layout:insetForSectionAt:)": ("insetForSection", "at: "),
        "collectionView(_:layout:minimumLineSpacingForSectionAt:)": ("minimumLineSpacingForSection", "at: "),
        "collectionView(_:layout:minimumInteritemSpacingForSectionAt:)": ("minimumInteritemSpacingForSection", "at: "),
        "collectionView(_:layout:referenceSizeForHeaderInSection:)": ("referenceSizeForHeader", "inSection: "),
        "collectionView(_:layout:referenceSizeForFooterInSection:)": ("referenceSizeForFooter", "inSection: "),
        "collectionView(_:viewForSupplementaryElementOfKind:at:)": ("viewForSupplementaryElement", "ofKind: "),
        "collectionView(_:shouldHighlightItemAt:)": ("shouldHighlightItem", "at: "),
        "collectionView(_:didHighlightItemAt:)": ("didHighlightItem", "at: "),
        "collectionView(_:didUnhighlightItemAt:)": ("didUnhighlightItem", "at: "),
        "collectionView(_:shouldSelectItemAt:)": ("shouldSelectItem", "at: "),
        "collectionView(_:didSelectItemAt:)": ("didSelectItem", "at: "),
        "collectionView(_:shouldDeselectItemAt:)": ("shouldDeselectItem", "at: "),
        "collectionView(_:didDeselectItemAt:)": ("didDeselectItem", "at: "),
    ]

    func int(_ value: Value, _ method: String) throws -> Int {
        if case .int(let n) = value { return n }
        throw Interpreter.runtimeError(UIKitMessage.collectionWrongType(method: method, expected: "Int"))
    }

    func number(_ value: Value?, _ method: String) throws -> Double? {
        guard let value else { return nil }
        if let n = UIKitValue.number(value) { return n }
        throw Interpreter.runtimeError(UIKitMessage.collectionWrongType(method: method, expected: "CGFloat"))
    }

    func field(_ name: String, of value: Value, _ what: String) throws -> Double {
        try field(interpreter.memberRead(name), of: value, what)
    }

    func field(_ read: HostMemberRead, of value: Value, _ what: String) throws -> Double {
        guard let member = try? interpreter.member(read, of: value), let n = UIKitValue.number(member) else {
            throw Interpreter.runtimeError(UIKitMessage.collectionWrongType(method: what, expected: "CGSize"))
        }
        return n
    }

    func size(_ value: Value, _ what: String) throws -> (width: Double, height: Double) {
        (try field(width, of: value, what), try field(height, of: value, what))
    }
}

extension TableSimulator {
    /// Lays `collection` out, asking its data source and delegate, and keeps the result.
    func layOut(_ collection: CollectionViewObject) throws -> CollectionSnapshotLayout {
        guard case .object(let flow as FlowLayoutObject)? = CellObject.unwrapped(collection.layout) else {
            throw Interpreter.runtimeError(UIKitMessage.notSimulated("a collection view layout other than UICollectionViewFlowLayout"))
        }
        let calls = CollectionCalls(interpreter: interpreter, collection: collection, simulator: self)
        let direction = UIKitValue.caseName(flow.properties[UIKitObject.Key.scrollDirection] ?? .nilValue) ?? "vertical"
        let vertical = direction != "horizontal"
        let estimated = try calls.size(flow.properties[UIKitObject.Key.estimatedItemSize] ?? .nilValue, "estimatedItemSize")
        if estimated.width != 0 || estimated.height != 0 || flow.automaticEstimatedItemSize {
            throw Interpreter.runtimeError(UIKitMessage.notSimulated("self-sizing collection view cells (estimatedItemSize)"))
        }
        let extent = try collectionExtent(collection, vertical: vertical, calls)
        var sections: [CollectionSectionLayout] = []
        if !calls.dataSource.isNilValue {
            let count = try calls.call(calls.dataSource, "numberOfSections(in:)", []).map { try calls.int($0, "numberOfSections(in:)") } ?? 1
            for section in 0..<max(0, count) {
                try interpreter.step()
                sections.append(try layOutSection(section, extent: extent, vertical: vertical, flow: flow, calls))
            }
            // As UIKit: the layout's geometry for every section first, then the views of
            // the elements, section by section (header, items, footer).
            for index in sections.indices { try askViews(&sections[index], index, calls) }
        }
        let layout = CollectionSnapshotLayout(scrollDirection: vertical ? "vertical" : "horizontal", extent: extent, sections: sections)
        layout.layoutVersion = flow.version
        collection.onScreen = layout
        return layout
    }

    /// The width the lines of a vertical collection view fill, or the height of a
    /// horizontal one: its frame's, else what its constraints give (ConstraintLayout.swift;
    /// a vertical one no constraint places spans the device).
    private func collectionExtent(_ collection: CollectionViewObject, vertical: Bool, _ calls: CollectionCalls) throws -> Double {
        let frame = collection.properties[UIKitObject.Key.frame] ?? .nilValue
        let size = (try? calls.interpreter.member("size", of: frame)).flatMap { $0 }
        let framed = try size.map { try calls.size($0, "frame") }
        if vertical, let width = framed?.width, width > 0 { return width }
        if !vertical, let height = framed?.height, height > 0 { return height }
        let placed = constrainedFrame(of: collection)
        if let problem = placed.problems[vertical ? "width" : "height"] { throw Interpreter.runtimeError(problem) }
        if vertical { return placed.width }
        guard case .placed = constrainedAxis(.vertical, of: collection) else {
            throw Interpreter.runtimeError(UIKitMessage.notSimulated("the height of a horizontal collection view no frame or constraint gives"))
        }
        return placed.height
    }

    private func layOutSection(_ section: Int, extent: Double, vertical: Bool, flow: FlowLayoutObject,
                               _ calls: CollectionCalls) throws -> CollectionSectionLayout {
        let s = [Value.object(flow), .int(section)]
        let countName = "collectionView(_:numberOfItemsInSection:)"
        guard let countValue = try calls.call(calls.dataSource, countName, [.int(section)]) else {
            throw Interpreter.runtimeError(UIKitMessage.collectionMissingDataSourceMethod(countName))
        }
        let count = try calls.int(countValue, countName)
        let insetValue = try calls.call(calls.flowDelegate, "collectionView(_:layout:insetForSectionAt:)", s)
            ?? flow.properties[UIKitObject.Key.sectionInset] ?? .nilValue
        let inset = vertical
            ? try calls.field("left", of: insetValue, "sectionInset") + calls.field("right", of: insetValue, "sectionInset")
            : try calls.field("top", of: insetValue, "sectionInset") + calls.field("bottom", of: insetValue, "sectionInset")
        // The line spacing places lines, which TableLab reports by number only; it is still
        // asked, as UIKit asks it.
        let lineSpacingName = "collectionView(_:layout:minimumLineSpacingForSectionAt:)"
        _ = try calls.number(try calls.call(calls.flowDelegate, lineSpacingName, s), lineSpacingName)
        let spacingName = "collectionView(_:layout:minimumInteritemSpacingForSectionAt:)"
        let spacing = try calls.number(try calls.call(calls.flowDelegate, spacingName, s), spacingName)
            ?? UIKitValue.number(flow.properties[UIKitObject.Key.minimumInteritemSpacing] ?? .nilValue) ?? 10
        var laidOut = CollectionSectionLayout()
        laidOut.header = try referenceSize("Header", section, flow: flow, vertical: vertical, calls)
        let available = extent - inset
        var items: [CollectionItemLayout] = []
        var line = 0, column = 0, used = 0.0
        for item in 0..<max(0, count) {
            try interpreter.step()
            let path = TableIndexPath(section: section, row: item)
            let sizeValue = try calls.call(calls.flowDelegate, "collectionView(_:layout:sizeForItemAt:)", [.object(flow), indexPathValue(path)])
                ?? flow.properties[UIKitObject.Key.itemSize] ?? .nilValue
            let size = try calls.size(sizeValue, "itemSize")
            let along = vertical ? size.width : size.height
            if size.width <= 0 || size.height <= 0 {
                throw Interpreter.runtimeError(UIKitMessage.collectionItemNotPositive(item: "\(path)"))
            }
            if along > available {
                throw Interpreter.runtimeError(UIKitMessage.collectionItemTooLarge(item: "\(path)", size: along, available: available,
                                                                                  vertical: vertical))
            }
            if column > 0, used + spacing + along > available {
                line += 1
                column = 0
                used = 0
            }
            used += (column > 0 ? spacing : 0) + along
            items.append(CollectionItemLayout(path: path, width: size.width, height: size.height, line: line, column: column))
            column += 1
        }
        laidOut.items = items
        laidOut.footer = try referenceSize("Footer", section, flow: flow, vertical: vertical, calls)
        return laidOut
    }

    private func askViews(_ section: inout CollectionSectionLayout, _ index: Int, _ calls: CollectionCalls) throws {
        if section.header != nil { section.header?.view = try supplementaryView("Header", index, calls) }
        for i in section.items.indices {
            try interpreter.step()
            let path = section.items[i].path
            section.items[i].cell = try cellForItem(path, indexPathValue(path), calls)
        }
        if section.footer != nil { section.footer?.view = try supplementaryView("Footer", index, calls) }
    }

    /// A section's header or footer: there is one only with a reference size that is not
    /// zero (its height when vertical, its width when horizontal).
    private func referenceSize(_ kind: String, _ section: Int, flow: FlowLayoutObject, vertical: Bool,
                               _ calls: CollectionCalls) throws -> CollectionSupplementaryLayout? {
        let sizeName = "collectionView(_:layout:referenceSizeFor\(kind)InSection:)"
        let value = try calls.call(calls.flowDelegate, sizeName, [.object(flow), .int(section)])
            ?? flow.properties[kind == "Header" ? UIKitObject.Key.headerReferenceSize : UIKitObject.Key.footerReferenceSize] ?? .nilValue
        let size = try calls.size(value, sizeName)
        let extent = vertical ? size.height : size.width
        return extent > 0 ? CollectionSupplementaryLayout(size: extent) : nil
    }

    /// The header's or footer's view: `viewForSupplementaryElementOfKind` with UIKit's kind string.
    private func supplementaryView(_ kind: String, _ section: Int, _ calls: CollectionCalls) throws -> Value {
        let kindString = "UICollectionElementKindSection" + kind
        let name = "collectionView(_:viewForSupplementaryElementOfKind:at:)"
        guard let view = try calls.call(calls.dataSource, name, [.string(kindString), indexPathValue(TableIndexPath(section: section, row: 0))]) else {
            throw Interpreter.runtimeError(UIKitMessage.notSimulated(
                "a section \(kind.lowercased()) (a \(kind.lowercased()) reference size) without viewForSupplementaryElementOfKind"))
        }
        guard let object = reusableView(of: view), object.reuseIdentifier != nil else {
            throw Interpreter.runtimeError(UIKitMessage.reusableViewNotDequeued(kind: kindString))
        }
        return view.unboxedOptional
    }

    private func cellForItem(_ path: TableIndexPath, _ pathValue: Value, _ calls: CollectionCalls) throws -> Value {
        let name = "collectionView(_:cellForItemAt:)"
        let saved = calls.collection.pathAsked
        calls.collection.pathAsked = path
        defer { calls.collection.pathAsked = saved }
        guard let cell = try calls.call(calls.dataSource, name, [pathValue]) else {
            throw Interpreter.runtimeError(UIKitMessage.collectionMissingDataSourceMethod(name))
        }
        guard let object = collectionCell(of: cell), object.reuseIdentifier != nil else {
            throw Interpreter.runtimeError(UIKitMessage.collectionCellNotDequeued)
        }
        // The cell takes its item's selection once cellForItemAt returns it (a cell reused
        // from a selected item is deselected), as a table's does; when UIKit does it is not
        // documented.
        let selected = calls.collection.selectedItems.contains(path)
        if case .bool(let was)? = object.properties[UIKitObject.Key.isSelected], was != selected {
            try setCollectionCellSelected(selected, cell.unboxedOptional)
        }
        try updateCollectionConfiguration(of: cell.unboxedOptional, object)
        return cell.unboxedOptional
    }

    /// `:select S I` on a collection view: a tap on the item, as UIKit handles it.
    /// Returns false when the item is not selected (selection off, `shouldSelectItemAt`).
    func tapItem(_ path: TableIndexPath, in collection: CollectionViewObject, named name: String) throws -> Bool {
        let layout = try collection.laidOut()
        guard path.section >= 0, path.section < layout.sections.count else {
            throw Interpreter.runtimeError(UIKitMessage.noSuchSection(section: path.section, table: name, count: layout.sections.count))
        }
        let count = layout.sections[path.section].items.count
        guard path.row >= 0, path.row < count else {
            throw Interpreter.runtimeError(UIKitMessage.noSuchItem(item: path.row, section: path.section, collection: name, count: count))
        }
        guard case .bool(true)? = collection.properties[UIKitObject.Key.allowsSelection] else { return false }
        let calls = CollectionCalls(interpreter: interpreter, collection: collection, simulator: self)
        // Touch down: shouldHighlightItemAt false bypasses the whole selection process;
        // true sets isHighlighted, then didHighlightItemAt (Apple's documentation of
        // shouldHighlightItemAt).
        if case .bool(false)? = try calls.call(calls.delegate, "collectionView(_:shouldHighlightItemAt:)", [indexPathValue(path)]) {
            return false
        }
        try setCollectionCellHighlighted(true, at: path, in: collection)
        _ = try calls.call(calls.delegate, "collectionView(_:didHighlightItemAt:)", [indexPathValue(path)])
        try updatePendingCollectionConfigurations(collection)
        let multiple = collection.properties[UIKitObject.Key.allowsMultipleSelection].map { if case .bool(true) = $0 { true } else { false } } ?? false
        if multiple, collection.selectedItems.contains(path) {
            try unhighlightItem(path, in: collection, calls)
            try deselectItem(path, in: collection, calls)
            try updatePendingCollectionConfigurations(collection)
            return true
        }
        if case .bool(false)? = try calls.call(calls.delegate, "collectionView(_:shouldSelectItemAt:)", [indexPathValue(path)]) {
            try unhighlightItem(path, in: collection, calls)
            try updatePendingCollectionConfigurations(collection)
            return false
        }
        if !multiple {
            for old in collection.selectedItems where old != path { try deselectItem(old, in: collection, calls) }
        }
        if !collection.selectedItems.contains(path) { collection.selectedItems.append(path) }
        // Touch up: the highlight goes and the selection comes before didUnhighlightItemAt,
        // then didSelectItemAt (the order Apple's Collection View Programming Guide draws).
        try setCollectionCellHighlighted(false, at: path, in: collection)
        try setCollectionCellSelected(true, at: path, in: collection)
        _ = try calls.call(calls.delegate, "collectionView(_:didUnhighlightItemAt:)", [indexPathValue(path)])
        _ = try calls.call(calls.delegate, "collectionView(_:didSelectItemAt:)", [indexPathValue(path)])
        try updatePendingCollectionConfigurations(collection)
        try flushTransitions()
        return true
    }

    private func unhighlightItem(_ path: TableIndexPath, in collection: CollectionViewObject, _ calls: CollectionCalls) throws {
        try setCollectionCellHighlighted(false, at: path, in: collection)
        _ = try calls.call(calls.delegate, "collectionView(_:didUnhighlightItemAt:)", [indexPathValue(path)])
    }

    private func deselectItem(_ path: TableIndexPath, in collection: CollectionViewObject, _ calls: CollectionCalls) throws {
        if case .bool(false)? = try calls.call(calls.delegate, "collectionView(_:shouldDeselectItemAt:)", [indexPathValue(path)]) { return }
        collection.selectedItems.removeAll { $0 == path }
        try setCollectionCellSelected(false, at: path, in: collection)
        _ = try calls.call(calls.delegate, "collectionView(_:didDeselectItemAt:)", [indexPathValue(path)])
    }
}
