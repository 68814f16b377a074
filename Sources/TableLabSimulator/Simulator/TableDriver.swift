// One table's data source and delegate, called the way UIKit calls them: the script's
// method when it has one (by whichever spelling), UIKit's default when it has not.

import TableLabSyntax
import TableLabInterpreter

struct TableDriver {
    unowned let simulator: TableSimulator
    /// The name of the screen whose table this is, for messages.
    let table: String
    let methods: TableMethods
    /// The script's methods, resolved once, indexed like `DataSourceMethod.allCases`,
    /// each with the object it is called on: the table view's data source for the
    /// data-source methods, its delegate for the others.
    private let handles: [(TableMethodHandle, Value)?]
    let state: TableState
    /// The table view driven.
    let tableView: TableViewObject
    /// The object TableLab's defaults read (`sections`, `items`): a table block's singleton.
    private let model: Value?
    /// The model's members UIKit's defaults read, once per row: their handles, found once,
    /// so a read looks no name up.
    private let reads: ModelReads

    struct ModelReads {
        let sections, items, title, footer: HostMemberRead
        init(_ interpreter: Interpreter) {
            sections = interpreter.memberRead("sections")
            items = interpreter.memberRead("items")
            title = interpreter.memberRead("title")
            footer = interpreter.memberRead("footer")
        }
    }

    init(simulator: TableSimulator, tableView: TableViewObject, table: String) {
        self.simulator = simulator
        self.table = table
        self.tableView = tableView
        let interpreter = simulator.interpreter
        let dataSource = tableView.dataSource, delegate = tableView.delegate
        func target(_ method: DataSourceMethod) -> Value { method.isDataSourceMethod ? dataSource : delegate }
        // Each object's methods in the spellings its Swift calls (`calledNames`).
        let names = Self.calledNames(of: dataSource, interpreter).filter { DataSourceMethod.match($0)?.method.isDataSourceMethod == true }
            + Self.calledNames(of: delegate, interpreter).filter { DataSourceMethod.match($0).map { !$0.method.isDataSourceMethod } == true }
        let methods = TableMethods(methodNames: names)
        self.methods = methods
        handles = DataSourceMethod.allCases.map { method in
            let on = target(method)
            return methods[method].flatMap { m in interpreter.instanceMethod(of: on, m.fullName).map { ($0, on) } }
        }
        state = tableView.state
        let owner = tableView.owner
        model = owner?.isTableBlock == true ? owner?.value : nil
        reads = ModelReads(interpreter)
    }

    var interpreter: Interpreter { simulator.interpreter }

    /// The methods of an object that UIKit would call by their names: all of a table
    /// block's (TableLab's shorthand takes every spelling); a class's without the Swift 2
    /// spellings when the class is written for Swift 3 or later, as those never match
    /// UIKit's selectors there.
    private static func calledNames(of object: Value, _ interpreter: Interpreter) -> [String] {
        let all = interpreter.instanceMethodNames(of: object)
        let isTableBlock = interpreter.typeKind(interpreter.typeName(of: object.unboxedOptional)) == "table"
        guard !isTableBlock, DataSourceMethod.writtenForSwift3(all) else { return all }
        return all.filter { DataSourceMethod.spelling($0)?.spelling != .swift2 }
    }

    // MARK: - Calling the script

    /// Calls the script's method, or returns nil when the table does not define it.
    func call(_ method: DataSourceMethod, _ arguments: [Value], traceArguments: String) throws -> Value? {
        guard let (handle, target) = handles[method.index], let takesTableView = methods[method]?.takesTableView else { return nil }
        if takesTableView { return try interpreter.call(handle, on: target, [.object(tableView)] + arguments) }
        return try interpreter.call(handle, on: target, arguments)
    }

    /// `:trace`: one line per call, with the answer; UIKit's default answers are marked.
    func trace(_ method: DataSourceMethod, _ arguments: String, _ answer: String?) {
        guard simulator.tracing else { return }
        var line = "trace: " + method.traceName(arguments)
        if let answer { line += " -> " + answer }
        if !methods.has(method) { line += " (default)" }
        simulator.traceOutput(line)
    }

    func show(_ value: Value) -> String { interpreter.describe(value, debug: true) }

    private func show(_ text: String?) -> String { text.map { TableEffect.quoted($0) } ?? "nil" }

    func wrongType(_ method: DataSourceMethod, _ result: Value, expected: String, at place: DataSourcePlace) -> Error {
        let name = methods[method]?.fullName ?? method.shortName
        return Interpreter.runtimeError(
            TableMessage.dataSourceResultType(method: name, type: interpreter.typeName(of: result), place: place, expected: expected))
    }

    private func int(_ method: DataSourceMethod, _ result: Value, at place: DataSourcePlace) throws -> Int {
        if case .int(let n) = result { return n }
        throw wrongType(method, result, expected: "Int", at: place)
    }

    /// A height in points: finite and not negative, or UITableView.automaticDimension.
    /// What UIKit does with NaN, infinity or another negative height is not documented
    /// (it ends in a broken layout or an exception): TableLab stops with an error naming
    /// the height instead of guessing.
    func points(_ method: DataSourceMethod, _ result: Value, at place: DataSourcePlace) throws -> Double {
        let h: Double
        switch result {
        case .int(let n): h = Double(n)
        case .double(let d): h = d
        default: throw wrongType(method, result, expected: "CGFloat", at: place)
        }
        if !simulator.acceptsAnyHeight, !TableDriver.isValidHeight(h) {
            throw Interpreter.runtimeError(TableMessage.invalidHeightReturned(method: methods[method]?.fullName ?? method.shortName, height: h, place: place))
        }
        return h
    }

    /// Why `h` is no height UIKit can lay out, or nil.
    static func isValidHeight(_ h: Double) -> Bool {
        !(h.isNaN || h.isInfinite || (h < 0 && h != TableSimulator.automaticDimension))
    }

    func optionalString(_ method: DataSourceMethod, _ result: Value, at place: DataSourcePlace) throws -> String? {
        switch result {
        case .nilValue: return nil
        case .string(let s): return s
        case .wrapped(.string(let s)): return s
        default: throw wrongType(method, result, expected: "String?", at: place)
        }
    }

    private func bool(_ method: DataSourceMethod, _ result: Value, at place: DataSourcePlace) throws -> Bool {
        if case .bool(let b) = result { return b }
        throw wrongType(method, result, expected: "Bool", at: place)
    }

    // MARK: - The model UIKit's defaults read

    /// The table's `sections` array, if it has one.
    private func sections() throws -> [Value]? {
        guard let model, let value = try interpreter.member(reads.sections, of: model) else { return nil }
        if case .array(let sections) = value { return sections.values }
        throw Interpreter.runtimeError(TableMessage.sectionsNotArray(table: table, type: interpreter.typeName(of: value)))
    }

    private func section(_ index: Int) throws -> Value? {
        guard let sections = try sections() else { return nil }
        guard sections.indices.contains(index) else {
            throw Interpreter.runtimeError(TableMessage.sectionIndexOutOfRange(index: index, table: table, count: sections.count))
        }
        return sections[index]
    }

    /// The items of section `index`: `sections[index].items`, else the table's `items`.
    private func items(inSection index: Int) throws -> [Value]? {
        if let section = try section(index) {
            guard let items = try interpreter.member(reads.items, of: section) else {
                throw Interpreter.runtimeError(TableMessage.sectionHasNoItems(type: interpreter.typeName(of: section)))
            }
            guard case .array(let list) = items else {
                throw Interpreter.runtimeError(TableMessage.sectionItemsNotArray(index: index, type: interpreter.typeName(of: items)))
            }
            return list.values
        }
        guard let model, let items = try interpreter.member(reads.items, of: model) else { return nil }
        guard case .array(let list) = items else {
            throw Interpreter.runtimeError(TableMessage.itemsNotArray(table: table, type: interpreter.typeName(of: items)))
        }
        return list.values
    }

    private func sectionTitle(_ index: Int, _ property: HostMemberRead) throws -> String? {
        guard let section = try section(index) else { return nil }
        // Only the built-in Section's title is a title: UIKit shows none for a script's
        // own section type unless titleForHeaderInSection returns it.
        guard interpreter.structTypeName(of: section) == "Section",
              interpreter.typeIdentity("Section") == simulator.builtinSectionIdentity,
              let title = try interpreter.member(property, of: section) else { return nil }
        switch title {
        case .string(let s), .wrapped(.string(let s)): return s
        default: return nil
        }
    }

    // MARK: - The data source

    func numberOfSections() throws -> Int {
        if let source = state.sectionViews.diffable { return try diffableNumberOfSections(source) }
        let n: Int
        if let result = try call(.numberOfSections, [], traceArguments: "") {
            n = try int(.numberOfSections, result, at: .table)
            guard n >= 0 else { throw Interpreter.runtimeError(TableMessage.negativeSectionCount(n)) }
            // UIKit would try to allocate every section's record; TableLab refuses first.
            guard n <= TableSimulator.maximumSections else {
                throw Interpreter.runtimeError(TableMessage.tooManySections(count: n, limit: TableSimulator.maximumSections))
            }
        } else {
            // UITableViewController answers the storyboard's static sections; their rows
            // and cells are not simulated (numberOfRows refuses them).
            n = state.hasStaticCells ? state.staticSectionCount : try sections()?.count ?? 1
        }
        trace(.numberOfSections, "", String(n))
        return n
    }

    func numberOfRows(inSection section: Int) throws -> Int {
        if let source = state.sectionViews.diffable { return try diffableNumberOfRows(source, section) }
        let n: Int
        if let result = try call(.numberOfRows, [.int(section)], traceArguments: "\(section)") {
            n = try int(.numberOfRows, result, at: .section(section))
            guard n >= 0 else {
                throw Interpreter.runtimeError(TableMessage.negativeRowCount(method: methods[.numberOfRows]!.fullName, count: n, section: section))
            }
        } else {
            if state.hasStaticCells { throw Interpreter.runtimeError(UIKitMessage.staticCellsInScene) }
            n = try items(inSection: section)?.count ?? 0
        }
        trace(.numberOfRows, "\(section)", String(n))
        return n
    }

    func titleForHeader(inSection section: Int) throws -> String? {
        if state.sectionViews.diffable != nil { return diffableNoTitle(.titleForHeader, section) }
        let title: String?
        if let result = try call(.titleForHeader, [.int(section)], traceArguments: "\(section)") {
            title = try optionalString(.titleForHeader, result, at: .section(section))
        } else {
            title = try sectionTitle(section, reads.title)
        }
        trace(.titleForHeader, "\(section)", show(title))
        return title
    }

    func titleForFooter(inSection section: Int) throws -> String? {
        if state.sectionViews.diffable != nil { return diffableNoTitle(.titleForFooter, section) }
        let title: String?
        if let result = try call(.titleForFooter, [.int(section)], traceArguments: "\(section)") {
            title = try optionalString(.titleForFooter, result, at: .section(section))
        } else {
            title = try sectionTitle(section, reads.footer)
        }
        trace(.titleForFooter, "\(section)", show(title))
        return title
    }

    /// nil: UIKit's grouped default for the title.
    func heightForHeader(inSection section: Int) throws -> Double? {
        guard let result = try call(.heightForHeader, [.int(section)], traceArguments: "\(section)") else { return nil }
        let h = try points(.heightForHeader, result, at: .section(section))
        trace(.heightForHeader, "\(section)", JSONWriter.number(h))
        return h < 0 ? nil : h
    }

    func heightForFooter(inSection section: Int) throws -> Double? {
        guard let result = try call(.heightForFooter, [.int(section)], traceArguments: "\(section)") else { return nil }
        let h = try points(.heightForFooter, result, at: .section(section))
        trace(.heightForFooter, "\(section)", JSONWriter.number(h))
        return h < 0 ? nil : h
    }

    /// The row's height as UIKit is told it: points, or UITableView.automaticDimension,
    /// which the layout resolves once it has the cell (SelfSizing.swift).
    func heightForRow(at indexPath: TableIndexPath) throws -> Double {
        let fallback = state.rowHeight
        guard let result = try call(.heightForRow, [simulator.indexPathValue(indexPath)], traceArguments: "\(indexPath)") else {
            trace(.heightForRow, "\(indexPath)", JSONWriter.number(fallback < 0 ? TableMetrics.defaultRowHeight : fallback))
            return fallback < 0 ? TableSimulator.automaticDimension : fallback
        }
        let h = try points(.heightForRow, result, at: .indexPath(indexPath))
        trace(.heightForRow, "\(indexPath)", JSONWriter.number(h))
        return h < 0 ? TableSimulator.automaticDimension : h
    }

    func cellForRow(at indexPath: TableIndexPath) throws -> CellObject {
        if let source = state.sectionViews.diffable { return try diffableCell(source, indexPath) }
        let path = simulator.indexPathValue(indexPath)
        let result = try simulator.askingForCell(at: indexPath, table: table) {
            try call(.cellForRow, [path], traceArguments: "\(indexPath)")
        }
        guard let result else {
            let cell = try defaultCell(at: indexPath)
            trace(.cellForRow, "\(indexPath)", cell.reuseIdentifier + " " + show(cell.textLabel.snapshot.text))
            return cell
        }
        switch result {
        case _ where simulator.cellObject(of: result) != nil:
            let cell = simulator.cellObject(of: result)!
            simulator.keepCell(result, at: indexPath, table: table)
            trace(.cellForRow, "\(indexPath)", cell.reuseIdentifier + " " + show(cell.textLabel.snapshot.text))
            return cell
        case .nilValue, .void:
            throw Interpreter.runtimeError(TableMessage.noCellReturned(method: methods[.cellForRow]!.fullName, indexPath))
        default:
            throw wrongType(.cellForRow, result, expected: "UITableViewCell", at: .indexPath(indexPath))
        }
    }

    /// A BasicCell showing the item printed, as a table with no cellForRow(at:) shows.
    private func defaultCell(at indexPath: TableIndexPath) throws -> CellObject {
        let cell = simulator.makeCell("BasicCell", style: .default)
        if let items = try items(inSection: indexPath.section), items.indices.contains(indexPath.row) {
            cell.textLabel.snapshot.text = interpreter.describe(items[indexPath.row], debug: false)
        }
        return cell
    }

    // MARK: - The delegate

    /// nil: the selection is refused.
    func willSelectRow(at indexPath: TableIndexPath) throws -> TableIndexPath? {
        guard let result = try call(.willSelectRow, [simulator.indexPathValue(indexPath)], traceArguments: "\(indexPath)") else {
            trace(.willSelectRow, "\(indexPath)", indexPath.description)
            return indexPath
        }
        if case .nilValue = result {
            trace(.willSelectRow, "\(indexPath)", "nil")
            return nil
        }
        guard let target = try simulator.tableIndexPath(result) else {
            throw wrongType(.willSelectRow, result, expected: "IndexPath?", at: .indexPath(indexPath))
        }
        trace(.willSelectRow, "\(indexPath)", target.description)
        return target
    }

    func didSelectRow(at indexPath: TableIndexPath) throws {
        trace(.didSelectRow, "\(indexPath)", nil)
        _ = try call(.didSelectRow, [simulator.indexPathValue(indexPath)], traceArguments: "\(indexPath)")
    }

    /// willDeselectRow(at:): the row to deselect instead, or nil to keep it selected.
    func willDeselectRow(at indexPath: TableIndexPath) throws -> TableIndexPath? {
        guard let result = try call(.willDeselectRow, [simulator.indexPathValue(indexPath)], traceArguments: "\(indexPath)") else {
            trace(.willDeselectRow, "\(indexPath)", indexPath.description)
            return indexPath
        }
        if case .nilValue = result {
            trace(.willDeselectRow, "\(indexPath)", "nil")
            return nil
        }
        guard let target = try simulator.tableIndexPath(result) else {
            throw wrongType(.willDeselectRow, result, expected: "IndexPath?", at: .indexPath(indexPath))
        }
        trace(.willDeselectRow, "\(indexPath)", target.description)
        return target
    }

    func didDeselectRow(at indexPath: TableIndexPath) throws {
        trace(.didDeselectRow, "\(indexPath)", nil)
        _ = try call(.didDeselectRow, [simulator.indexPathValue(indexPath)], traceArguments: "\(indexPath)")
    }

    /// shouldHighlightRow(at:): false keeps a touch from highlighting, and so from selecting, the row.
    func shouldHighlightRow(at indexPath: TableIndexPath) throws -> Bool {
        // Traced only where the delegate has it: a tap on a table without it traces as before.
        guard let result = try call(.shouldHighlightRow, [simulator.indexPathValue(indexPath)], traceArguments: "\(indexPath)") else {
            return true
        }
        let answer = try bool(.shouldHighlightRow, result, at: .indexPath(indexPath))
        trace(.shouldHighlightRow, "\(indexPath)", "\(answer)")
        return answer
    }

    /// didHighlightRow(at:) and didUnhighlightRow(at:).
    func highlightChanged(_ method: DataSourceMethod, at indexPath: TableIndexPath) throws {
        if methods.has(method) { trace(method, "\(indexPath)", nil) }
        _ = try call(method, [simulator.indexPathValue(indexPath)], traceArguments: "\(indexPath)")
    }

    func canMoveRow(at indexPath: TableIndexPath) throws -> Bool {
        var answer = true
        if let result = try call(.canMoveRow, [simulator.indexPathValue(indexPath)], traceArguments: "\(indexPath)") {
            answer = try bool(.canMoveRow, result, at: .indexPath(indexPath))
        }
        trace(.canMoveRow, "\(indexPath)", String(answer))
        return answer
    }

    func moveRow(at from: TableIndexPath, to: TableIndexPath) throws {
        trace(.moveRow, "\(from), to: \(to)", nil)
        _ = try call(.moveRow, [simulator.indexPathValue(from), simulator.indexPathValue(to)], traceArguments: "\(from), to: \(to)")
    }

    func canEditRow(at indexPath: TableIndexPath) throws -> Bool {
        var answer = true
        if let result = try call(.canEditRow, [simulator.indexPathValue(indexPath)], traceArguments: "\(indexPath)") {
            answer = try bool(.canEditRow, result, at: .indexPath(indexPath))
        }
        trace(.canEditRow, "\(indexPath)", String(answer))
        return answer
    }

    /// editingStyleForRowAt's answer: `delete`, `insert` or `none` (UIKit's `.delete` when
    /// the delegate has no such method).
    func editingStyle(at indexPath: TableIndexPath) throws -> String {
        var answer = "delete"
        if let result = try call(.editingStyle, [simulator.indexPathValue(indexPath)], traceArguments: "\(indexPath)") {
            guard let name = UIKitValue.caseName(result) else {
                throw wrongType(.editingStyle, result, expected: "UITableViewCell.EditingStyle", at: .indexPath(indexPath))
            }
            answer = name
        }
        trace(.editingStyle, "\(indexPath)", "." + answer)
        return answer
    }

    func commit(editingStyle: String, forRowAt indexPath: TableIndexPath) throws {
        trace(.commit, ".\(editingStyle), forRowAt: \(indexPath)", nil)
        _ = try call(.commit, [UIKitValue.enumValue("UITableViewCell.EditingStyle", editingStyle), simulator.indexPathValue(indexPath)],
                     traceArguments: ".\(editingStyle), forRowAt: \(indexPath)")
    }
}

extension DataSourceMethod {
    /// The methods of UITableViewDataSource (the others are UITableViewDelegate's): UIKit
    /// calls them on the table view's `dataSource`, the others on its `delegate`.
    static let dataSourceMethodNames: Set<String> = [
        "numberOfSections", "numberOfRows", "titleForHeader", "titleForFooter", "cellForRow", "canMoveRow",
        "moveRow", "canEditRow", "commit", "sectionIndexTitles", "sectionForSectionIndexTitle",
    ]

    var isDataSourceMethod: Bool { Self.dataSourceMethodNames.contains(rawValue) }

}
