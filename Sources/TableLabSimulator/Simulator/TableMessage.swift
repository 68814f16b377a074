// The messages of the simulated table, as data (DiagnosticMessage): what its data source
// and delegate answered that UIKit refuses (with UIKit's words where it has them), the
// limits of what TableLab lays out, and the rows, cells and screens a request named.

import TableLabSyntax

enum TableMessage: DiagnosticMessage, Hashable {
    // MARK: The table, its data source and its rows
    /// A table the simulator was asked for by a name no table has.
    case cannotFindTableInScope(String)
    /// Code that needs a table ran before any was declared.
    case noTableYet
    /// cellForRow(at:) of a laid-out row that may be below the screen: UIKit answers nil for
    /// a row not on screen, and which rows are depends on scrolling.
    case cellForRowMaybeOffscreen(TableIndexPath, bottom: Double, screenHeight: Double)
    /// A row on screen without a cell object (`:cell`, `:toggle`).
    case rowShowsNoCell(TableIndexPath, table: String)
    /// A diffable data source's cell provider returned nil (UIKit's exception).
    case cellProviderReturnedNil(TableIndexPath)
    /// A diffable data source's cell provider returned something that is no cell.
    case cellProviderResultType(type: String, TableIndexPath)
    /// A storyboard names a table view outlet the screen does not have.
    case noTableViewProperty(table: String, property: String)
    /// A tap on a cell whose `isUserInteractionEnabled` is false.
    case cellIgnoresTaps(TableIndexPath)
    /// A storyboard cell's class whose `init(coder:)` returned nil.
    case cellCoderInitReturnedNil(className: String, identifier: String)
    /// `register(_:forCellReuseIdentifier:)` with a class that is no UITableViewCell.
    case registeredClassNotCell(String)
    /// A registered nib with no script UITableViewCell subclass of its name.
    case nibWithoutCellClass(String)
    /// `dequeueReusableCell(withIdentifier:)` of an identifier nothing registered (UIKit's words).
    case unableToDequeue(identifier: String)
    /// A data source or delegate method returned a value of another type than UIKit's.
    case dataSourceResultType(method: String, type: String, place: DataSourcePlace, expected: String)
    /// A height method returned NaN, infinity or a negative height.
    case invalidHeightReturned(method: String, height: Double, place: DataSourcePlace)
    /// `tableView.rowHeight` set to NaN, infinity or a negative height.
    case invalidHeightSet(property: String, height: Double)
    /// The default data source: the table's `sections` is no array.
    case sectionsNotArray(table: String, type: String)
    /// The default data source: `sections[i]` out of range (Swift's trap).
    case sectionIndexOutOfRange(index: Int, table: String, count: Int)
    /// The default data source: a section without `items`.
    case sectionHasNoItems(type: String)
    /// The default data source: `sections[i].items` is no array.
    case sectionItemsNotArray(index: Int, type: String)
    /// The default data source: the table's `items` is no array.
    case itemsNotArray(table: String, type: String)
    /// `numberOfSections(in:)` returned a negative count.
    case negativeSectionCount(Int)
    /// `numberOfSections(in:)` returned more sections than TableLab lays out.
    case tooManySections(count: Int, limit: Int)
    /// `tableView(_:numberOfRowsInSection:)` returned a negative count.
    case negativeRowCount(method: String, count: Int, section: Int)
    /// `tableView(_:cellForRowAt:)` returned nil.
    case noCellReturned(method: String, TableIndexPath)
    /// A table with more rows than TableLab lays out; nil: more than `Int.max`.
    case tooManyRows(table: String, total: Int?, limit: Int)
    /// A table with more rows than TableLab makes cells for.
    case tooManyRowsWithCells(table: String, total: Int, limit: Int)
    /// A header or footer view registered from a nib.
    case headerFooterFromNib(String)
    /// A header or footer view class registered for reuse that is no UITableViewHeaderFooterView.
    case headerFooterNotHeaderFooterView(String)
    /// A swipe on a row without swipe actions.
    case noSwipeActions(TableIndexPath)
    /// A swipe naming no action of the row; `titles` are the row's own.
    case noSuchSwipeAction(TableIndexPath, title: String, titles: [String])
    /// A move to a place the table does not have.
    case cannotMoveRow(to: TableIndexPath, table: String)
    /// A move on a table without `tableView(_:moveRowAt:to:)`.
    case movingNotSupported(table: String)
    /// `canMoveRow(at:)` said no.
    case rowCannotMove(TableIndexPath)
    /// A delete on a table without `tableView(_:commit:forRowAt:)`.
    case deletingNotSupported(table: String)
    /// `canEditRow(at:)` said no.
    case rowCannotBeDeleted(TableIndexPath)
    /// A swipe-delete of a row whose editing style is not `.delete`: UIKit shows no Delete.
    case rowEditingStyleNotDelete(TableIndexPath, style: String)
    /// insertRows into a section the updated data source does not have (UIKit's words).
    case insertIntoMissingSection(row: Int, section: Int, sections: Int)
    /// insertRows past the rows the updated section has (UIKit's words).
    case insertPastRows(row: Int, section: Int, rows: Int)
    /// insertRows/deleteRows that disagree with the new row count (UIKit's words).
    case invalidRowCountAfterUpdate(section: Int, after: Int, before: Int, inserted: Int, deleted: Int)
    /// An exception a diffable snapshot raises (its reason in UIKit's words).
    case diffableException(DiffableException)
    /// A diffable snapshot given one identifier twice (UIKit's words).
    case duplicateIdentifiers(kind: String, listed: [String])

    // MARK: Screens
    /// A storyboard scene whose view controller's `init(coder:)` returned nil.
    case viewControllerCoderInitReturnedNil(String)
    /// A storyboard scene whose class is no view controller.
    case notAViewController(String)
    /// Pushing a view controller that is already on the stack.
    case pushedTwice(key: String)
    /// A data-source screen with no storyboard scene and no table view.
    case noTableViewWithoutScene(table: String)
    /// A screen with no table view at all.
    case noTableView(table: String)
    /// `UINavigationController()` without a root view controller.
    case navigationControllerWithoutRoot

    var id: DiagnosticID {
        switch self {
        case .noTableYet: return DiagnosticID("tablelab_no_table_yet")
        case .cellForRowMaybeOffscreen: return DiagnosticID("tablelab_cell_for_row_maybe_offscreen")
        case .rowShowsNoCell: return DiagnosticID("tablelab_row_shows_no_cell")
        case .cellProviderReturnedNil: return DiagnosticID("tablelab_cell_provider_returned_nil")
        case .cellProviderResultType: return DiagnosticID("tablelab_cell_provider_result_type")
        case .noTableViewProperty: return DiagnosticID("tablelab_no_table_view_property")
        case .cellIgnoresTaps: return DiagnosticID("tablelab_cell_ignores_taps")
        case .cellCoderInitReturnedNil: return DiagnosticID("tablelab_cell_coder_init_returned_nil")
        case .registeredClassNotCell: return DiagnosticID("tablelab_registered_class_not_cell")
        case .nibWithoutCellClass: return DiagnosticID("tablelab_nib_without_cell_class")
        case .unableToDequeue: return DiagnosticID("tablelab_unable_to_dequeue")
        case .dataSourceResultType: return DiagnosticID("tablelab_data_source_result_type")
        case .invalidHeightReturned: return DiagnosticID("tablelab_invalid_height_returned")
        case .invalidHeightSet: return DiagnosticID("tablelab_invalid_height_set")
        case .sectionsNotArray: return DiagnosticID("tablelab_sections_not_array")
        case .sectionIndexOutOfRange: return DiagnosticID("tablelab_section_index_out_of_range")
        case .sectionHasNoItems: return DiagnosticID("tablelab_section_has_no_items")
        case .sectionItemsNotArray: return DiagnosticID("tablelab_section_items_not_array")
        case .itemsNotArray: return DiagnosticID("tablelab_items_not_array")
        case .negativeSectionCount: return DiagnosticID("tablelab_negative_section_count")
        case .tooManySections: return DiagnosticID("tablelab_too_many_sections")
        case .negativeRowCount: return DiagnosticID("tablelab_negative_row_count")
        case .noCellReturned: return DiagnosticID("tablelab_no_cell_returned")
        case .tooManyRows: return DiagnosticID("tablelab_too_many_rows")
        case .tooManyRowsWithCells: return DiagnosticID("tablelab_too_many_rows_with_cells")
        case .headerFooterFromNib: return DiagnosticID("tablelab_header_footer_from_nib")
        case .headerFooterNotHeaderFooterView: return DiagnosticID("tablelab_header_footer_not_header_footer_view")
        case .noSwipeActions: return DiagnosticID("tablelab_no_swipe_actions")
        case .noSuchSwipeAction: return DiagnosticID("tablelab_no_such_swipe_action")
        case .cannotMoveRow: return DiagnosticID("tablelab_cannot_move_row")
        case .movingNotSupported: return DiagnosticID("tablelab_moving_not_supported")
        case .rowCannotMove: return DiagnosticID("tablelab_row_cannot_move")
        case .deletingNotSupported: return DiagnosticID("tablelab_deleting_not_supported")
        case .rowCannotBeDeleted: return DiagnosticID("tablelab_row_cannot_be_deleted")
        case .rowEditingStyleNotDelete: return DiagnosticID("tablelab_row_editing_style_not_delete")
        case .insertIntoMissingSection: return DiagnosticID("tablelab_insert_into_missing_section")
        case .insertPastRows: return DiagnosticID("tablelab_insert_past_rows")
        case .invalidRowCountAfterUpdate: return DiagnosticID("tablelab_invalid_row_count_after_update")
        case .diffableException: return DiagnosticID("tablelab_uikit_exception")
        case .duplicateIdentifiers: return DiagnosticID("tablelab_duplicate_identifiers")
        case .viewControllerCoderInitReturnedNil: return DiagnosticID("tablelab_view_controller_coder_init_returned_nil")
        case .notAViewController: return DiagnosticID("tablelab_not_a_view_controller")
        case .pushedTwice: return DiagnosticID("tablelab_pushed_twice")
        case .noTableViewWithoutScene: return DiagnosticID("tablelab_no_table_view_without_scene")
        case .noTableView: return DiagnosticID("tablelab_no_table_view")
        case .navigationControllerWithoutRoot: return DiagnosticID("tablelab_navigation_controller_without_root")
        case .cannotFindTableInScope: return DiagnosticID("tablelab_cannot_find_table_in_scope")
        }
    }

    var text: String {
        switch self {
        case .cannotFindTableInScope(let name): return "cannot find table '\(name)' in scope"
        case .noTableYet: return "there is no table yet: declare one with 'table Name { ... }'"
        case .cellForRowMaybeOffscreen(let path, let bottom, let screen):
            return "cellForRow(at: \(path)) of a row whose bottom is \(TableMessage.points(bottom)) points down the table, on a screen \(TableMessage.points(screen)) points high, is not simulated in TableLab: UIKit answers nil for a row not on screen, and which rows are on screen depends on scrolling and bars"
        case .rowShowsNoCell(let indexPath, let table): return "the row at \(indexPath) of '\(table)' shows no cell"
        case .cellProviderReturnedNil(let indexPath):
            return "UITableView dataSource returned a nil cell for row at index path: \(indexPath): the diffable data source's cell provider returned nil"
        case .cellProviderResultType(let type, let indexPath):
            return "the cell provider returned a value of type '\(type)' for index path \(indexPath); expected 'UITableViewCell?'"
        case .noTableViewProperty(let table, let property): return "'\(table)' has no table view '\(property)'"
        case .cellIgnoresTaps(let path):
            return "the cell at \(path) does not take taps: its isUserInteractionEnabled is false, so UIKit selects nothing"
        case .cellCoderInitReturnedNil(let className, let identifier):
            return "\(className).init(coder:) returned nil: UIKit cannot decode the cell with identifier '\(identifier)'"
        case .registeredClassNotCell(let name): return "must pass a class of kind UITableViewCell: '\(name)' does not inherit from UITableViewCell"
        case .nibWithoutCellClass(let nib):
            return "TableLab cannot read the nib '\(nib)': it makes the nib's cell from the script's UITableViewCell subclass of that name, and there is none"
        case .unableToDequeue(let identifier):
            return "unable to dequeue a cell with identifier '\(identifier)' - must register a nib or a class for the identifier"
        case .dataSourceResultType(let method, let type, let place, let expected):
            return "\(method) returned a value of type '\(type)' for \(place); expected '\(expected)'"
        case .invalidHeightReturned(let method, let height, let place):
            return "\(method) returned \(height) for \(place): \(Self.heightRule)"
        case .invalidHeightSet(let property, let height): return "tableView.\(property) set to \(height): \(Self.heightRule)"
        case .sectionsNotArray(let table, let type): return "'\(table).sections' is a value of type '\(type)'; expected an array of sections"
        case .sectionIndexOutOfRange(let index, let table, let count):
            return "Fatal error: Index out of range (section \(index) of '\(table).sections', which has \(count))"
        case .sectionHasNoItems(let type): return "a section of type '\(type)' has no 'items': the default numberOfRows(inSection:) needs one"
        case .sectionItemsNotArray(let index, let type): return "'sections[\(index)].items' is a value of type '\(type)'; expected an array"
        case .itemsNotArray(let table, let type): return "'\(table).items' is a value of type '\(type)'; expected an array"
        case .negativeSectionCount(let n): return "numberOfSections returned \(n): a table cannot have a negative number of sections"
        case .tooManySections(let n, let limit): return "numberOfSections returned \(n): TableLab lays out at most \(limit) sections"
        case .negativeRowCount(let method, let n, let section):
            return "\(method) returned \(n) for section \(section): a section cannot have a negative number of rows"
        case .noCellReturned(let method, let indexPath):
            return "\(method) returned no cell for index path \(indexPath): UITableView's dataSource must return a cell from tableView(_:cellForRowAt:)"
        case .tooManyRows(let table, let total, let limit):
            return "'\(table)' has \(total.map { "\($0)" } ?? "more than \(Int.max)") rows: TableLab lays out at most \(limit) rows at once"
        case .tooManyRowsWithCells(let table, let total, let limit):
            return "'\(table)' has \(total) rows: TableLab makes the cells of at most \(limit) rows at once (:heights lays it out without them, its self-sizing rows estimated)"
        case .headerFooterFromNib(let nib): return "a header or footer view from a nib ('\(nib)') registered for reuse is not simulated in TableLab"
        case .headerFooterNotHeaderFooterView(let name):
            return "a header or footer view of class '\(name)', which is no UITableViewHeaderFooterView subclass, registered for reuse is not simulated in TableLab"
        case .noSwipeActions(let indexPath): return "the row at \(indexPath) has no swipe actions"
        case .noSuchSwipeAction(let indexPath, let title, let titles):
            return "the row at \(indexPath) has no swipe action '\(title)'; its actions are: " + titles.map { "'\($0)'" }.joined(separator: ", ")
        case .cannotMoveRow(let to, let table): return "cannot move a row to \(to): no such place in '\(table)'"
        case .movingNotSupported(let table): return "'\(table)' does not support moving rows: it has no moveRow(at:to:)"
        case .rowCannotMove(let path): return "canMoveRow(at: \(path)) returned false: the row cannot be moved"
        case .deletingNotSupported(let table): return "'\(table)' does not support deleting rows: it has no commit(_:forRowAt:)"
        case .rowCannotBeDeleted(let path): return "canEditRow(at: \(path)) returned false: the row cannot be deleted"
        case .rowEditingStyleNotDelete(let path, let style):
            return "editingStyleForRow(at: \(path)) returned .\(style): a swipe shows no Delete on the row, so it cannot be deleted"
        case .insertIntoMissingSection(let row, let section, let sections):
            return "attempt to insert row \(row) into section \(section), but there are only \(sections) sections after the update"
        case .insertPastRows(let row, let section, let rows):
            return "attempt to insert row \(row) into section \(section), but there are only \(rows) rows in section \(section) after the update"
        case .invalidRowCountAfterUpdate(let section, let after, let before, let inserted, let deleted):
            return "Invalid update: invalid number of rows in section \(section). The number of rows contained in an existing section after the update (\(after)) must be equal to the number of rows contained in that section before the update (\(before)), plus or minus the number of rows inserted or deleted from that section (\(inserted) inserted, \(deleted) deleted)"
        case .diffableException(.sectionNotFound): return "Invalid parameter not satisfying: section != NSNotFound"
        case .diffableException(.moveToItself): return "Invalid update: destination for item move is the same as the source"
        case .diffableException(.noSections): return "There are currently no sections in the data source. Please add a section first."
        case .diffableException(.invalidIdentifier(let kind, let operation, let identifier)):
            return "Invalid \(kind.rawValue) identifier specified for \(operation.rawValue): \(identifier)"
        case .duplicateIdentifiers(let kind, let listed):
            return "Fatal: supplied \(kind) identifiers are not unique. Duplicate identifiers: {(\(listed.joined(separator: ", ")))}"
        case .viewControllerCoderInitReturnedNil(let className):
            return "Fatal error: Unexpectedly found nil while unwrapping an Optional value (\(className).init(coder:) returned nil)"
        case .notAViewController(let className): return "'\(className)' is not a view controller"
        case .pushedTwice(let key): return "Pushing the same view controller instance (\(key)) more than once is not supported"
        case .noTableViewWithoutScene(let table):
            return "'\(table)' shows no table view: the storyboards loaded have no scene of its class, so UIKit makes it in code with an empty view, and no UITableView is among its properties or in its view (TableLab draws no screen without a table)"
        case .noTableView(let table):
            return "'\(table)' shows no table view: it is no UITableViewController or UITableViewDataSource, and no UITableView is among its properties or in its view"
        case .navigationControllerWithoutRoot:
            return "UINavigationController() (a navigation controller made without a root view controller) is not simulated in TableLab"
        }
    }

    /// What UIKit's layout takes as a height; it says nothing of the rest (NaN, infinity,
    /// a negative height end in a broken layout or an exception).
    static let heightRule = "a height must be a finite number of points, 0 or more, or UITableView.automaticDimension"
}

/// Where a data source or delegate method was asked about, for its errors.
enum DataSourcePlace: Hashable, Sendable, CustomStringConvertible {
    case table
    case section(Int)
    case indexPath(TableIndexPath)

    var description: String {
        switch self {
        case .table: return "the table"
        case .section(let section): return "section \(section)"
        case .indexPath(let indexPath): return "index path \(indexPath)"
        }
    }
}

/// Why a diffable snapshot raised NSInternalInconsistencyException.
enum DiffableException: Hashable {
    /// A section identifier the snapshot does not hold, given where a section is needed.
    case sectionNotFound
    /// Items appended to a snapshot with no section.
    case noSections
    /// An identifier the snapshot does not hold, described as Swift prints it.
    case invalidIdentifier(IdentifierKind, Operation, String)
    /// `moveItem(x, beforeItem: x)`: UIKit refuses a move onto the moved identifier.
    case moveToItself

    enum IdentifierKind: String, Hashable { case item, section }
    enum Operation: String, Hashable { case delete, reload, insert, move }
}

extension TableMessage {
    static func points(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
