// The section, display and swipe calls of one table's delegate, as UIKit makes them:
// header and footer views, willDisplay, estimated heights, the section index, the
// accessory button, swipe actions. UIKit calls these optional methods only when the
// delegate implements them (it asks `responds(to:)`), so a trace shows only those.

import TableLabSyntax
import TableLabInterpreter

extension TableDriver {
    private var typeNameOf: (Value) -> String { simulator.typeName }

    /// viewForHeaderInSection / viewForFooterInSection: the view, or nil when the script
    /// has no such method or returns nil (UIKit then draws the title).
    func view(_ method: DataSourceMethod, inSection section: Int) throws -> Value? {
        guard let result = try call(method, [.int(section)], traceArguments: "\(section)") else { return nil }
        switch result {
        case .nilValue:
            trace(method, "\(section)", "nil")
            return nil
        default:
            guard let snapshot = SectionViews.snapshot(of: result) else {
                throw wrongType(method, result, expected: "UIView?", at: .section(section))
            }
            trace(method, "\(section)", snapshot.typeName + " " + TableEffect.quoted(snapshot.text))
            return result
        }
    }

    /// willDisplayHeaderView / willDisplayFooterView with the view UIKit shows: the
    /// script's, or for a title UIKit's own UITableViewHeaderFooterView holding it.
    func willDisplay(_ method: DataSourceMethod, view: Value, inSection section: Int) throws {
        guard methods.has(method) else { return }
        trace(method, "\(section)", nil)
        _ = try call(method, [view, .int(section)], traceArguments: "\(section)")
    }

    /// UIKit's own header-footer view for a title, as willDisplayHeaderView receives it.
    func titleView(_ title: String) -> Value {
        let view = HeaderFooterViewObject(reuseIdentifier: nil, describeType: typeNameOf, zeros: simulator.zeros)
        view.textLabel.snapshot.text = title
        return .object(view)
    }

    /// tableView(_:willDisplay:forRowAt:), just after the row's cellForRowAt.
    func willDisplay(cell: CellObject, at indexPath: TableIndexPath) throws {
        guard methods.has(.willDisplayCell) else { return }
        trace(.willDisplayCell, "\(indexPath)", nil)
        _ = try call(.willDisplayCell, [.object(cell), simulator.indexPathValue(indexPath)], traceArguments: "\(indexPath)")
    }

    /// estimatedHeightForRowAt, asked for every row at layout time when implemented;
    /// nil without the method.
    func estimatedHeightForRow(at indexPath: TableIndexPath) throws -> Double? {
        guard let result = try call(.estimatedHeightForRow, [simulator.indexPathValue(indexPath)],
                                    traceArguments: "\(indexPath)") else { return nil }
        let h = try points(.estimatedHeightForRow, result, at: .indexPath(indexPath))
        trace(.estimatedHeightForRow, "\(indexPath)", JSONWriter.number(h))
        return h
    }

    /// sectionIndexTitles(for:): nil without the method or when it returns nil.
    func sectionIndexTitles() throws -> [String]? {
        guard let result = try call(.sectionIndexTitles, [], traceArguments: "") else { return nil }
        var titles: [String]?
        switch CellObject.unwrapped(result) {
        case nil: titles = nil
        case .array(let items)?:
            titles = try items.map { item in
                guard case .string(let s) = item else {
                    throw wrongType(.sectionIndexTitles, result, expected: "[String]?", at: .table)
                }
                return s
            }
        default:
            throw wrongType(.sectionIndexTitles, result, expected: "[String]?", at: .table)
        }
        trace(.sectionIndexTitles, "", titles.map { "[" + $0.map(TableEffect.quoted).joined(separator: ", ") + "]" } ?? "nil")
        return titles
    }

    /// accessoryButtonTappedForRowWith: false when the script has no such method.
    func accessoryButtonTapped(at indexPath: TableIndexPath) throws -> Bool {
        guard methods.has(.accessoryButtonTapped) else { return false }
        trace(.accessoryButtonTapped, "\(indexPath)", nil)
        _ = try call(.accessoryButtonTapped, [simulator.indexPathValue(indexPath)], traceArguments: "\(indexPath)")
        return true
    }

    /// A swipe configuration's actions (`trailingSwipeActionsConfigurationForRowAt` or
    /// `leading...`), nil when the script has no such method or returns nil.
    func swipeConfiguration(_ method: DataSourceMethod, at indexPath: TableIndexPath) throws -> SwipeConfigurationObject? {
        guard let result = try call(method, [simulator.indexPathValue(indexPath)], traceArguments: "\(indexPath)") else { return nil }
        switch CellObject.unwrapped(result) {
        case nil:
            trace(method, "\(indexPath)", "nil")
            return nil
        case .object(let configuration as SwipeConfigurationObject)?:
            trace(method, "\(indexPath)", configuration.summary)
            return configuration
        default:
            throw wrongType(method, result, expected: "UISwipeActionsConfiguration?", at: .indexPath(indexPath))
        }
    }

    /// editActionsForRowAt (UITableViewRowAction, deprecated in iOS 13): nil without it.
    func editActions(at indexPath: TableIndexPath) throws -> [RowActionObject]? {
        guard let result = try call(.editActions, [simulator.indexPathValue(indexPath)], traceArguments: "\(indexPath)") else { return nil }
        switch CellObject.unwrapped(result) {
        case nil:
            trace(.editActions, "\(indexPath)", "nil")
            return nil
        case .array(let items)?:
            let actions = try items.map { item -> RowActionObject in
                guard case .object(let action as RowActionObject) = item else {
                    throw wrongType(.editActions, result, expected: "[UITableViewRowAction]?", at: .indexPath(indexPath))
                }
                return action
            }
            trace(.editActions, "\(indexPath)", "[" + actions.map { TableEffect.quoted($0.title ?? "") }.joined(separator: ", ") + "]")
            return actions
        default:
            throw wrongType(.editActions, result, expected: "[UITableViewRowAction]?", at: .indexPath(indexPath))
        }
    }

    // MARK: - A diffable data source

    /// `trace: ... (UITableViewDiffableDataSource)`: the answer came from the table's
    /// diffable data source, not from the script's methods nor UIKit's defaults.
    private func traceDiffable(_ method: DataSourceMethod, _ arguments: String, _ answer: String) {
        guard simulator.tracing else { return }
        simulator.traceOutput("trace: " + method.traceName(arguments) + " -> " + answer + " (UITableViewDiffableDataSource)")
    }

    /// UITableViewDiffableDataSource's own titleForHeaderInSection/...Footer...: nil (a
    /// subclass would override them); the view controller's methods are not its data source's.
    func diffableNoTitle(_ method: DataSourceMethod, _ section: Int) -> String? {
        traceDiffable(method, "\(section)", "nil")
        return nil
    }

    func diffableNumberOfSections(_ source: DiffableDataSourceObject) throws -> Int {
        let n = try source.itemsBySection().count
        traceDiffable(.numberOfSections, "", String(n))
        return n
    }

    func diffableNumberOfRows(_ source: DiffableDataSourceObject, _ section: Int) throws -> Int {
        let sections = try source.itemsBySection()
        let n = sections.indices.contains(section) ? sections[section].count : 0
        traceDiffable(.numberOfRows, "\(section)", String(n))
        return n
    }

    func diffableCell(_ source: DiffableDataSourceObject, _ indexPath: TableIndexPath) throws -> CellObject {
        let result = try source.cell(at: indexPath)
        switch result {
        case .object(let cell as CellObject), .wrapped(.object(let cell as CellObject)):
            traceDiffable(.cellForRow, "\(indexPath)", cell.reuseIdentifier + " " + TableEffect.quoted(cell.textLabel.snapshot.text ?? ""))
            return cell
        case .nilValue, .void:
            throw Interpreter.runtimeError(TableMessage.cellProviderReturnedNil(indexPath))
        default:
            throw Interpreter.runtimeError(TableMessage.cellProviderResultType(type: interpreter.typeName(of: result), indexPath))
        }
    }
}
