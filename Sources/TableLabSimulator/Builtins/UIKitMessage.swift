// The messages of TableLab's UIKit objects, as data (DiagnosticMessage): what a script
// touched that TableLab does not simulate, and the checks UIKit makes on targets,
// selectors and alerts.

import TableLabSyntax

enum UIKitMessage: DiagnosticMessage, Hashable {
    /// A UIKit type, member or call TableLab does not simulate: `UIRefreshControl`,
    /// `UIView.topAnchor`, `UIAlertController.addTextField(configurationHandler:)`.
    case notSimulated(String)
    /// Reading a UIKit property the script has not set, where UIKit's value depends on what
    /// TableLab does not model (`UIView.tintColor`, `UITableView.separatorInset`).
    case defaultNotSimulated(String)
    /// `#selector(name)` naming no method of the target (swiftc checks it when compiling).
    case selectorNotFound(selector: String, target: String)
    /// `#selector(f)` naming a global function (swiftc: `expr_selector_not_method`).
    case selectorGlobalFunction(String)
    /// `#selector(name)` where the target has several methods of that base name.
    case ambiguousSelector(String)
    /// `:alert TITLE` with no alert on screen.
    case noAlertPresented
    /// `:alert TITLE` naming no button of the alert on screen.
    case noSuchAlertButton(title: String, buttons: [String])
    /// `:toggle S R` on a row whose cell has no UISwitch, as its accessoryView or among its views.
    case noSwitchInCell(String)
    /// `:toggle S R` on a row whose cell has no accessoryView switch but several of its own.
    case severalSwitchesInCell(String, Int)
    /// `:toggle S R` on a switch whose `isEnabled` is false.
    case switchDisabled(String)
    /// A storyboard connects an outlet the view controller's class does not declare:
    /// UIKit's `setValue(_:forKey:)` raises NSUnknownKeyException when the scene loads.
    case unknownOutletKey(className: String, key: String)
    /// A command's index path names a section the table does not have (`:select 9 0`).
    case noSuchSection(section: Int, table: String, count: Int)
    /// A command's index path names a row its section does not have (`:cell 0 9`).
    case noSuchRow(row: Int, section: Int, table: String, count: Int)
    /// `:accessory S R` on a table with no `tableView(_:accessoryButtonTappedForRowWith:)`.
    case noAccessoryHandler(table: String)
    /// `import SnapKit`: a module that is not one of Apple's SDK (a CocoaPods or Swift
    /// package framework), which TableLab does not have, as swiftc without it says.
    case noSuchModule(String)
    /// `print(cell)`: UIKit writes an object's address, frame and layer, which TableLab
    /// does not have.
    case printingObject(String)
    /// `print(Date())`: the moment it ran, which TableLab will not make up.
    case printingCurrentDate
    /// `label.snp`: a member a third-party library adds to UIKit's classes (SnapKit's
    /// `snp`), which UIKit does not have: swiftc's "has no member" without the library.
    case thirdPartyMember(type: String, member: String, library: String)

    // MARK: Swift's type checker, for UIKit's members (the same words swiftc uses)
    /// `cell.textLabel?.text = 1` through a host method: a value of the wrong type.
    case cannotConvertArgument(type: String, to: String)
    /// As `cannotConvertArgument`, naming the method that was given it.
    case cannotConvertArgumentIn(type: String, to: String, method: String)
    /// An element of an array argument of the wrong type.
    case cannotConvertElement(type: String, to: String)
    /// A value whose type is not told, of the wrong type (`UIAlertController.addAction(_:)`).
    case cannotConvertUntypedValue(to: String)
    /// As `cannotConvertUntypedValue`, for the argument or property `what`.
    case cannotConvertUntypedValueFor(to: String, what: String)
    /// Assigning a value of the wrong type to a UIKit property.
    case cannotAssignValue(type: String, to: String)
    /// As `cannotAssignValue`, for a value whose type is not told.
    case cannotAssignUntypedValue(to: String)
    /// Assigning to a UIKit property that has no setter.
    case getOnlyProperty(String)
    /// `.fancy` where a UIKit enum (`UITableView.Style`) has no such case.
    case typeHasNoMember(type: String, member: String)
    /// A class name the script does not declare (a storyboard's custom class, `:info X`).
    case cannotFindInScope(String)
    /// A table the simulator was asked for by a name no table has.
    case cannotFindTableInScope(String)
    /// A cell style that is none of UITableViewCell.CellStyle's.
    case cellStyleNotOneOf

    // MARK: The table, its data source and its rows
    /// Code that needs a table ran before any was declared.
    case noTableYet
    /// A row on screen without a cell object (`:cell`, `:toggle`).
    case rowShowsNoCell(TableIndexPath, table: String)
    /// A storyboard gives a screen's table view a script's UITableView subclass.
    case customTableViewClass(String)
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
    /// insertRows into a section the updated data source does not have (UIKit's words).
    case insertIntoMissingSection(row: Int, section: Int, sections: Int)
    /// insertRows past the rows the updated section has (UIKit's words).
    case insertPastRows(row: Int, section: Int, rows: Int)
    /// insertRows/deleteRows that disagree with the new row count (UIKit's words).
    case invalidRowCountAfterUpdate(section: Int, after: Int, before: Int, inserted: Int, deleted: Int)
    /// An exception a diffable data source raises, with UIKit's reason.
    case uikitException(reason: String)
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

    // MARK: Not simulated, with what stands in the way
    /// A UIEdgeInsets property given another value.
    case insetsSetToOtherValue(String)
    /// `cell.contentView.frame` and its kin, which UIKit's layout sets.
    case contentViewGeometry(String)
    /// `UIFont.systemFont(ofSize:weight:)` with a number that is none of Swift 3's constants.
    case fontWeight(Double)
    /// `UIStackView(arrangedSubviews:)` given something that is no array.
    case stackViewArrangedSubviewsValue
    /// `sendAction` with a nil target: the responder chain.
    case nilTargetAction

    // MARK: The testing built-ins
    /// `tap(_:_:)` given other than two Ints.
    case tapArguments
    /// `render(width:)` given no positive number.
    case renderWidth

    /// A complaint about what a command was given, not about the script's code: said on
    /// one line at the command (docs/COMMANDS.md), with no trace under it.
    var isAboutCommandArguments: Bool {
        switch self {
        case .noAlertPresented, .noSuchAlertButton, .noSwitchInCell, .severalSwitchesInCell, .switchDisabled, .noSuchSection, .noSuchRow,
             .noAccessoryHandler:
            return true
        case .notSimulated, .defaultNotSimulated, .selectorNotFound, .selectorGlobalFunction, .ambiguousSelector, .unknownOutletKey,
             .noSuchModule, .printingObject, .printingCurrentDate, .thirdPartyMember,
             .cannotConvertArgument, .cannotConvertArgumentIn, .cannotConvertElement, .cannotConvertUntypedValue,
             .cannotConvertUntypedValueFor, .cannotAssignValue, .cannotAssignUntypedValue, .getOnlyProperty, .typeHasNoMember,
             .cannotFindInScope, .cannotFindTableInScope, .cellStyleNotOneOf, .noTableYet, .rowShowsNoCell, .customTableViewClass,
             .cellProviderReturnedNil, .cellProviderResultType, .noTableViewProperty, .cellIgnoresTaps, .cellCoderInitReturnedNil,
             .registeredClassNotCell, .nibWithoutCellClass, .unableToDequeue, .dataSourceResultType, .invalidHeightReturned,
             .invalidHeightSet, .sectionsNotArray, .sectionIndexOutOfRange, .sectionHasNoItems, .sectionItemsNotArray,
             .itemsNotArray, .negativeSectionCount, .tooManySections, .negativeRowCount, .noCellReturned, .tooManyRows,
             .tooManyRowsWithCells, .headerFooterFromNib, .headerFooterNotHeaderFooterView, .noSwipeActions, .noSuchSwipeAction,
             .cannotMoveRow, .movingNotSupported, .rowCannotMove, .deletingNotSupported, .rowCannotBeDeleted,
             .insertIntoMissingSection, .insertPastRows, .invalidRowCountAfterUpdate, .uikitException, .duplicateIdentifiers,
             .viewControllerCoderInitReturnedNil, .notAViewController, .pushedTwice, .noTableViewWithoutScene, .noTableView,
             .navigationControllerWithoutRoot, .insetsSetToOtherValue, .contentViewGeometry, .fontWeight,
             .stackViewArrangedSubviewsValue, .nilTargetAction, .tapArguments, .renderWidth:
            return false
        }
    }

    var id: DiagnosticID {
        switch self {
        case .notSimulated: return DiagnosticID("tablelab_not_simulated")
        case .defaultNotSimulated: return DiagnosticID("tablelab_default_not_simulated")
        case .selectorNotFound: return DiagnosticID("tablelab_selector_not_found")
        case .ambiguousSelector: return DiagnosticID("ambiguous_decl_ref")
        case .selectorGlobalFunction: return DiagnosticID("expr_selector_not_method")
        case .noAlertPresented: return DiagnosticID("tablelab_no_alert")
        case .noSuchAlertButton: return DiagnosticID("tablelab_no_alert_button")
        case .noSwitchInCell: return DiagnosticID("tablelab_no_switch")
        case .severalSwitchesInCell: return DiagnosticID("tablelab_several_switches")
        case .switchDisabled: return DiagnosticID("tablelab_switch_disabled")
        case .unknownOutletKey: return DiagnosticID("tablelab_unknown_outlet_key")
        case .noSuchSection: return DiagnosticID("tablelab_no_such_section")
        case .noSuchRow: return DiagnosticID("tablelab_no_such_row")
        case .noAccessoryHandler: return DiagnosticID("tablelab_no_accessory_handler")
        case .noSuchModule: return DiagnosticID("sema_no_import")
        case .printingObject: return DiagnosticID("tablelab_printing_uikit_object")
        case .printingCurrentDate: return DiagnosticID("tablelab_printing_current_date")
        case .thirdPartyMember: return DiagnosticID("tablelab_third_party_member")
        case .cannotConvertArgument: return DiagnosticID("tablelab_uikit_cannot_convert_argument")
        case .cannotConvertArgumentIn: return DiagnosticID("tablelab_uikit_cannot_convert_argument_in")
        case .cannotConvertElement: return DiagnosticID("tablelab_uikit_cannot_convert_element")
        case .cannotConvertUntypedValue: return DiagnosticID("tablelab_uikit_cannot_convert_untyped_value")
        case .cannotConvertUntypedValueFor: return DiagnosticID("tablelab_uikit_cannot_convert_untyped_value_for")
        case .cannotAssignValue: return DiagnosticID("tablelab_uikit_cannot_assign_value")
        case .cannotAssignUntypedValue: return DiagnosticID("tablelab_uikit_cannot_assign_untyped_value")
        case .getOnlyProperty: return DiagnosticID("tablelab_uikit_get_only_property")
        case .typeHasNoMember: return DiagnosticID("tablelab_uikit_type_has_no_member")
        case .cannotFindInScope: return DiagnosticID("tablelab_uikit_cannot_find_in_scope")
        case .cannotFindTableInScope: return DiagnosticID("tablelab_cannot_find_table_in_scope")
        case .cellStyleNotOneOf: return DiagnosticID("tablelab_cell_style_not_one_of")
        case .noTableYet: return DiagnosticID("tablelab_no_table_yet")
        case .rowShowsNoCell: return DiagnosticID("tablelab_row_shows_no_cell")
        case .customTableViewClass: return DiagnosticID("tablelab_custom_table_view_class")
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
        case .insertIntoMissingSection: return DiagnosticID("tablelab_insert_into_missing_section")
        case .insertPastRows: return DiagnosticID("tablelab_insert_past_rows")
        case .invalidRowCountAfterUpdate: return DiagnosticID("tablelab_invalid_row_count_after_update")
        case .uikitException: return DiagnosticID("tablelab_uikit_exception")
        case .duplicateIdentifiers: return DiagnosticID("tablelab_duplicate_identifiers")
        case .viewControllerCoderInitReturnedNil: return DiagnosticID("tablelab_view_controller_coder_init_returned_nil")
        case .notAViewController: return DiagnosticID("tablelab_not_a_view_controller")
        case .pushedTwice: return DiagnosticID("tablelab_pushed_twice")
        case .noTableViewWithoutScene: return DiagnosticID("tablelab_no_table_view_without_scene")
        case .noTableView: return DiagnosticID("tablelab_no_table_view")
        case .navigationControllerWithoutRoot: return DiagnosticID("tablelab_navigation_controller_without_root")
        case .insetsSetToOtherValue: return DiagnosticID("tablelab_insets_set_to_other_value")
        case .contentViewGeometry: return DiagnosticID("tablelab_content_view_geometry")
        case .fontWeight: return DiagnosticID("tablelab_font_weight")
        case .stackViewArrangedSubviewsValue: return DiagnosticID("tablelab_stack_view_arranged_subviews_value")
        case .nilTargetAction: return DiagnosticID("tablelab_nil_target_action")
        case .tapArguments: return DiagnosticID("tablelab_tap_arguments")
        case .renderWidth: return DiagnosticID("tablelab_render_width")
        }
    }

    var text: String {
        switch self {
        case .notSimulated(let name): return "\(name) is not simulated in TableLab"
        case .defaultNotSimulated(let name):
            return "UIKit's value of \(name) before the script sets it is not simulated in TableLab; set it first"
        case .selectorNotFound(let selector, let target):
            return "'#selector(\(selector))' names no method of '\(target)'"
        case .ambiguousSelector(let name): return "ambiguous use of '\(name)'"
        case .selectorGlobalFunction(let name): return "argument of '#selector' cannot refer to global function '\(name)'"
        case .noAlertPresented: return "no alert is presented: ':alert TITLE' taps a button of the alert a row presented"
        case .noSuchAlertButton(let title, let buttons):
            let list = buttons.map { TableEffect.quoted($0) }.joined(separator: ", ")
            return "the alert has no button \(TableEffect.quoted(title))" + (buttons.isEmpty ? " (it has no buttons)" : " (its buttons: \(list))")
        case .noSwitchInCell(let cell): return "the cell at \(cell) has no UISwitch, as its accessoryView or among its own views"
        case .severalSwitchesInCell(let cell, let count): return "the cell at \(cell) has \(count) UISwitches among its own views and none as its accessoryView: TableLab cannot tell which one to flip"
        case .switchDisabled(let cell): return "the UISwitch of the cell at \(cell) is disabled (isEnabled is false): a tap does not flip it"
        case .unknownOutletKey(let className, let key):
            return "Terminating app due to uncaught exception 'NSUnknownKeyException', reason: '[<\(className)> "
                + "setValue:forUndefinedKey:]: this class is not key value coding-compliant for the key \(key).' "
                + "(the storyboard connects the outlet '\(key)', which '\(className)' does not declare)"
        case .noSuchSection(let section, let table, let count):
            return "section \(section) does not exist: '\(table)' has \(count) section\(count == 1 ? "" : "s")"
        case .noSuchRow(let row, let section, let table, let count):
            return "row \(row) does not exist: section \(section) of '\(table)' has \(count) row\(count == 1 ? "" : "s")"
        case .noAccessoryHandler(let table):
            return "'\(table)' has no accessoryButtonTappedForRowWith: tapping the accessory button does nothing"
        case .noSuchModule(let path): return "no such module '\(path)'"
        case .printingObject(let type):
            return "printing a '\(type)' is not supported in TableLab (UIKit writes the object's memory address and state, "
                + "'<\(type): 0x...; ...>'); print its properties instead"
        case .printingCurrentDate:
            return "printing a 'Date' made by 'Date()' is not supported in TableLab (it is the moment the line ran, which differs on every run)"
        case .thirdPartyMember(let type, let member, let library):
            return "value of type '\(type)' has no member '\(member)' ('\(member)' is \(library)'s, a third-party library "
                + "that TableLab does not have, not UIKit's)"
        case .cannotConvertArgument(let type, let to): return "cannot convert value of type '\(type)' to expected argument type '\(to)'"
        case .cannotConvertArgumentIn(let type, let to, let method):
            return "cannot convert value of type '\(type)' to expected argument type '\(to)' in \(method)"
        case .cannotConvertElement(let type, let to): return "cannot convert value of type '\(type)' to expected element type '\(to)'"
        case .cannotConvertUntypedValue(let to): return "cannot convert value to expected argument type '\(to)'"
        case .cannotConvertUntypedValueFor(let to, let what): return "cannot convert value to expected argument type '\(to)' for '\(what)'"
        case .cannotAssignValue(let type, let to): return "cannot assign value of type '\(type)' to type '\(to)'"
        case .cannotAssignUntypedValue(let to): return "cannot assign value to type '\(to)'"
        case .getOnlyProperty(let name): return "cannot assign to property: '\(name)' is a get-only property"
        case .typeHasNoMember(let type, let member): return "type '\(type)' has no member '\(member)'"
        case .cannotFindInScope(let name): return "cannot find '\(name)' in scope"
        case .cannotFindTableInScope(let name): return "cannot find table '\(name)' in scope"
        case .cellStyleNotOneOf: return "cell style must be one of .default, .subtitle, .value1, .value2"
        case .noTableYet: return "there is no table yet: declare one with 'table Name { ... }'"
        case .rowShowsNoCell(let indexPath, let table): return "the row at \(indexPath) of '\(table)' shows no cell"
        case .customTableViewClass(let name): return "a table view of the script's class '\(name)' (a UITableView subclass) is not simulated in TableLab"
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
            return "'\(table)' has \(total) rows: TableLab makes the cells of at most \(limit) rows at once (:heights asks no cells)"
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
        case .insertIntoMissingSection(let row, let section, let sections):
            return "attempt to insert row \(row) into section \(section), but there are only \(sections) sections after the update"
        case .insertPastRows(let row, let section, let rows):
            return "attempt to insert row \(row) into section \(section), but there are only \(rows) rows in section \(section) after the update"
        case .invalidRowCountAfterUpdate(let section, let after, let before, let inserted, let deleted):
            return "Invalid update: invalid number of rows in section \(section). The number of rows contained in an existing section after the update (\(after)) must be equal to the number of rows contained in that section before the update (\(before)), plus or minus the number of rows inserted or deleted from that section (\(inserted) inserted, \(deleted) deleted)"
        case .uikitException(let reason): return reason
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
        case .insetsSetToOtherValue(let name): return "'\(name)' set to a value that is not a UIEdgeInsets is not simulated in TableLab"
        case .contentViewGeometry(let name):
            return "UITableViewCell.contentView.\(name) (UIKit's layout sets it from the table's width and style on the device, "
                + "the row's height, the accessory and the separator) is not simulated in TableLab"
        case .fontWeight(let number): return "a font weight of \(number) is not simulated in TableLab"
        case .stackViewArrangedSubviewsValue: return "UIStackView(arrangedSubviews:) of this value is not simulated in TableLab"
        case .nilTargetAction: return "sending an action with a nil target (the responder chain) is not simulated in TableLab"
        case .tapArguments: return "tap(_:_:) takes a section and a row, two Ints"
        case .renderWidth: return "render(width:) takes a positive number of columns"
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
