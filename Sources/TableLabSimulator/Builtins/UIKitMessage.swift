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
    case noSwitchInCell(String, hasAccessoryView: Bool)
    /// `:toggle S R` on a row whose cell has no accessoryView switch but several of its own.
    case severalSwitchesInCell(String, Int, hasAccessoryView: Bool)
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
    /// The storyboard's initial scene, which the app shows at launch, is a Table View
    /// Controller of no class of the script's whose table has static cells: UIKit draws
    /// those cells, which TableLab does not.
    case staticCellsAtLaunch(storyboard: String)
    /// A screen's storyboard table has static cells and its class leaves the rows to
    /// UITableViewController, which answers the storyboard's cells.
    case staticCellsInScene
    /// `print(cell)`: UIKit writes an object's address, frame and layer, which TableLab
    /// does not have.
    case printingObject(String)
    /// `print(Date())`: the moment it ran, which TableLab will not make up.
    case printingCurrentDate
    /// `UIFont(name: "OpenSans-SemiBold", size: 15)`: a font iOS does not have is found only
    /// when the app's Info.plist registers its file, and no Info.plist was read (`:infoplist`).
    case customFont(String)
    /// A storyboard outlet connected to a stored property Objective-C cannot see (declared
    /// without `@IBOutlet` or `@objc`): KVC raises NSUnknownKeyException, as for a missing one.
    case unexposedOutletKey(className: String, key: String)
    /// A UITableViewController subclass made from a View Controller scene, whose view is no
    /// table view: UIKit's loadView raises NSInternalInconsistencyException.
    case tableControllerWithoutTableView(sceneID: String, storyboard: String)
    /// A table view in a screen's view that no property of the screen holds, besides the
    /// one the commands act on (code that ran twice and made a second one).
    case unheldTableView(screen: String, count: Int)
    /// `print(error)` of the URLError an offline request fails with: Foundation writes its
    /// user info (the failing URL, the underlying error), which TableLab does not have.
    case printingURLError
    /// `print(error)` of the CNError a denied Contacts request is answered with: Foundation
    /// writes its domain, code and user info, which TableLab does not have.
    case printingContactsError
    /// Fetching contacts before the user granted access (`status`: notDetermined, denied):
    /// UIKit throws CNError's authorizationDenied, which TableLab does not make.
    case contactsWithoutAccess(method: String, status: String)
    /// `label.snp`: a member a third-party library adds to UIKit's classes (SnapKit's
    /// `snp`), which UIKit does not have: swiftc's "has no member" without the library.
    case thirdPartyMember(type: String, member: String, library: String)
    /// `UICollectionViewCompositionalLayout` and its `NSCollectionLayout...` parts: TableLab
    /// lays collection views out with a flow layout only.
    case compositionalLayout(String)
    /// `register(_:forCellWithReuseIdentifier:)` given a class that is no UICollectionViewCell.
    case notCollectionCellClass(String)
    /// A dequeue of an identifier nothing registered: UIKit's NSInternalInconsistencyException.
    case collectionCellNotRegistered(String)
    /// A supplementary view dequeued for a kind and identifier nothing registered.
    case reusableViewNotRegistered(kind: String, identifier: String)
    /// `viewForSupplementaryElementOfKind` returned a view it did not dequeue.
    case reusableViewNotDequeued(kind: String)
    /// `cellForItemAt` returned a cell it did not dequeue: UIKit's NSInternalInconsistencyException.
    case collectionCellNotDequeued
    /// A collection view data-source or flow-layout method answered a value of another type.
    case collectionWrongType(method: String, expected: String)
    /// The data source lacks a method UICollectionViewDataSource requires.
    case collectionMissingDataSourceMethod(String)
    /// An item wider (vertical) or taller (horizontal) than its section's lines.
    case collectionItemTooLarge(item: String, size: Double, available: Double, vertical: Bool)
    /// A UICollectionViewController made without a layout (`init()`): UIKit's
    /// NSInvalidArgumentException when its collection view is made.
    case collectionViewWithoutLayout(String)
    /// An item of zero or negative width or height, which the flow layout does not lay out.
    case collectionItemNotPositive(item: String)
    /// A command's index path names an item its section does not have (`:select 0 9`).
    case noSuchItem(item: Int, section: Int, collection: String, count: Int)

    // MARK: Swift's type checker, for UIKit's members (the same words swiftc uses)
    /// `cell.textLabel?.text = 1` through a host method: a value of the wrong type.
    case cannotConvertArgument(type: String, to: String)
    /// `nil` given where the parameter is not optional (`post(name: nil, object: nil)`).
    case nilArgument(to: String)
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
    /// A cell style that is none of UITableViewCell.CellStyle's.
    case cellStyleNotOneOf

    // MARK: Not simulated, with what stands in the way
    /// A storyboard gives a screen's table view a script's UITableView subclass.
    case customTableViewClass(String)
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
             .noAccessoryHandler, .noSuchItem:
            return true
        case .notSimulated, .defaultNotSimulated, .selectorNotFound, .selectorGlobalFunction, .ambiguousSelector, .unknownOutletKey,
             .noSuchModule, .staticCellsAtLaunch, .staticCellsInScene, .printingObject, .printingCurrentDate, .printingURLError, .thirdPartyMember,
             .customFont, .unexposedOutletKey, .unheldTableView, .tableControllerWithoutTableView, .printingContactsError, .contactsWithoutAccess,
             .cannotConvertArgument, .nilArgument, .cannotConvertArgumentIn, .cannotConvertElement, .cannotConvertUntypedValue,
             .cannotConvertUntypedValueFor, .cannotAssignValue, .cannotAssignUntypedValue, .getOnlyProperty, .typeHasNoMember,
             .cannotFindInScope, .cellStyleNotOneOf, .customTableViewClass,
             .insetsSetToOtherValue, .contentViewGeometry, .fontWeight,
             .stackViewArrangedSubviewsValue, .nilTargetAction, .tapArguments, .renderWidth,
             .compositionalLayout, .notCollectionCellClass,
             .collectionCellNotRegistered, .collectionCellNotDequeued, .collectionWrongType, .collectionMissingDataSourceMethod,
             .collectionItemTooLarge, .collectionViewWithoutLayout, .reusableViewNotRegistered, .reusableViewNotDequeued,
             .collectionItemNotPositive:
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
        case .staticCellsAtLaunch: return DiagnosticID("tablelab_static_cells_at_launch")
        case .staticCellsInScene: return DiagnosticID("tablelab_static_cells_in_scene")
        case .printingObject: return DiagnosticID("tablelab_printing_uikit_object")
        case .printingCurrentDate: return DiagnosticID("tablelab_printing_current_date")
        case .customFont: return DiagnosticID("tablelab_custom_font")
        case .unheldTableView: return DiagnosticID("tablelab_unheld_table_view")
        case .unexposedOutletKey: return DiagnosticID("tablelab_unexposed_outlet_key")
        case .tableControllerWithoutTableView: return DiagnosticID("tablelab_table_controller_without_table_view")
        case .printingURLError: return DiagnosticID("tablelab_printing_url_error")
        case .printingContactsError: return DiagnosticID("tablelab_printing_contacts_error")
        case .contactsWithoutAccess: return DiagnosticID("tablelab_contacts_without_access")
        case .thirdPartyMember: return DiagnosticID("tablelab_third_party_member")
        case .cannotConvertArgument: return DiagnosticID("tablelab_uikit_cannot_convert_argument")
        case .nilArgument: return DiagnosticID("tablelab_uikit_nil_argument")
        case .cannotConvertArgumentIn: return DiagnosticID("tablelab_uikit_cannot_convert_argument_in")
        case .cannotConvertElement: return DiagnosticID("tablelab_uikit_cannot_convert_element")
        case .cannotConvertUntypedValue: return DiagnosticID("tablelab_uikit_cannot_convert_untyped_value")
        case .cannotConvertUntypedValueFor: return DiagnosticID("tablelab_uikit_cannot_convert_untyped_value_for")
        case .cannotAssignValue: return DiagnosticID("tablelab_uikit_cannot_assign_value")
        case .cannotAssignUntypedValue: return DiagnosticID("tablelab_uikit_cannot_assign_untyped_value")
        case .getOnlyProperty: return DiagnosticID("tablelab_uikit_get_only_property")
        case .typeHasNoMember: return DiagnosticID("tablelab_uikit_type_has_no_member")
        case .cannotFindInScope: return DiagnosticID("tablelab_uikit_cannot_find_in_scope")
        case .cellStyleNotOneOf: return DiagnosticID("tablelab_cell_style_not_one_of")
        case .customTableViewClass: return DiagnosticID("tablelab_custom_table_view_class")
        case .insetsSetToOtherValue: return DiagnosticID("tablelab_insets_set_to_other_value")
        case .contentViewGeometry: return DiagnosticID("tablelab_content_view_geometry")
        case .fontWeight: return DiagnosticID("tablelab_font_weight")
        case .stackViewArrangedSubviewsValue: return DiagnosticID("tablelab_stack_view_arranged_subviews_value")
        case .nilTargetAction: return DiagnosticID("tablelab_nil_target_action")
        case .tapArguments: return DiagnosticID("tablelab_tap_arguments")
        case .renderWidth: return DiagnosticID("tablelab_render_width")
        case .compositionalLayout: return DiagnosticID("tablelab_compositional_layout")
        case .notCollectionCellClass: return DiagnosticID("tablelab_not_collection_cell_class")
        case .collectionCellNotRegistered: return DiagnosticID("tablelab_collection_cell_not_registered")
        case .collectionCellNotDequeued: return DiagnosticID("tablelab_collection_cell_not_dequeued")
        case .collectionWrongType: return DiagnosticID("tablelab_collection_wrong_type")
        case .collectionMissingDataSourceMethod: return DiagnosticID("tablelab_collection_missing_data_source_method")
        case .collectionItemTooLarge: return DiagnosticID("tablelab_collection_item_too_large")
        case .noSuchItem: return DiagnosticID("tablelab_no_such_item")
        case .collectionItemNotPositive: return DiagnosticID("tablelab_collection_item_not_positive")
        case .reusableViewNotRegistered: return DiagnosticID("tablelab_reusable_view_not_registered")
        case .reusableViewNotDequeued: return DiagnosticID("tablelab_reusable_view_not_dequeued")
        case .collectionViewWithoutLayout: return DiagnosticID("tablelab_collection_view_without_layout")
        }
    }

    var text: String {
        switch self {
        case .notSimulated(let name): return "\(name) is not simulated in TableLab"
        case .staticCellsAtLaunch(let storyboard):
            return "the static cells of \(storyboard)'s initial Table View Controller, which the app shows at launch, are not "
                + "simulated in TableLab (`:use CLASS` shows a screen of the script's)"
        case .staticCellsInScene:
            return "a table view with static cells (Interface Builder's Static Cells) is not simulated in TableLab: "
                + "UITableViewController answers its rows from the storyboard's cells"
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
        case .noSwitchInCell(let cell, let accessory):
            return "the cell at \(cell) has no UISwitch" + (accessory ? ", as its accessoryView or among its own views" : " among its views")
        case .severalSwitchesInCell(let cell, let count, let accessory):
            return "the cell at \(cell) has \(count) UISwitches among its own views" + (accessory ? " and none as its accessoryView" : "")
                + ": TableLab cannot tell which one to flip"
        case .switchDisabled(let cell): return "the UISwitch of the cell at \(cell) is disabled (isEnabled is false): a tap does not flip it"
        case .unknownOutletKey(let className, let key):
            return "Terminating app due to uncaught exception 'NSUnknownKeyException', reason: '[<\(className)> "
                + "setValue:forUndefinedKey:]: this class is not key value coding-compliant for the key \(key).' "
                + "(the storyboard connects the outlet '\(key)', which '\(className)' does not declare)"
        case .unexposedOutletKey(let className, let key):
            return "Terminating app due to uncaught exception 'NSUnknownKeyException', reason: '[<\(className)> "
                + "setValue:forUndefinedKey:]: this class is not key value coding-compliant for the key \(key).' "
                + "(the storyboard connects the outlet '\(key)', which '\(className)' declares without @IBOutlet or @objc: "
                + "since Swift 4 Objective-C cannot see it)"
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
        case .printingURLError:
            return "printing a 'URLError' is not supported in TableLab (Foundation writes its domain, code and user info, "
                + "'Error Domain=NSURLErrorDomain Code=-1009 \"...\" UserInfo={...}'); print its localizedDescription instead"
        case .printingContactsError:
            return "printing a 'CNError' is not supported in TableLab (Foundation writes its domain, code and user info, "
                + "'Error Domain=CNErrorDomain Code=100 \"...\" UserInfo={...}')"
        case .contactsWithoutAccess(let method, let status):
            return "CNContactStore.\(method) while the app's access to Contacts is '.\(status)' is not simulated in TableLab "
                + "(UIKit throws CNError's authorizationDenied); the simulated device asks for access with requestAccess(for:completionHandler:)"
        case .tableControllerWithoutTableView(let sceneID, let storyboard):
            return "Terminating app due to uncaught exception 'NSInternalInconsistencyException', reason: '-[UITableViewController loadView] "
                + "instantiated view controller with identifier \"UIViewController-\(sceneID)\" from storyboard \"\(storyboard)\", "
                + "but didn't get a UITableView.'"
        case .unheldTableView(let screen, let count):
            return "\(count == 1 ? "a table view" : "\(count) table views") in the view of '\(screen)' that no property of it holds "
                + "(made again after the property was set) is not simulated in TableLab: UIKit draws it too, and TableLab names each "
                + "table view it shows by its property"
        case .customFont(let name):
            return "UIFont(name:size:) of '\(name)', which is not one of iOS's fonts, is not simulated in TableLab: UIKit finds it "
                + "only when the app's Info.plist registers its file (UIAppFonts), which TableLab reads only with :infoplist, and else answers nil"
        case .printingCurrentDate:
            return "printing a 'Date' made by 'Date()' is not supported in TableLab (it is the moment the line ran, which differs on every run)"
        case .thirdPartyMember(let type, let member, let library):
            return "value of type '\(type)' has no member '\(member)' ('\(member)' is \(library)'s, a third-party library "
                + "that TableLab does not have, not UIKit's)"
        case .cannotConvertArgument(let type, let to): return "cannot convert value of type '\(type)' to expected argument type '\(to)'"
        case .nilArgument(let to): return "'nil' is not compatible with expected argument type '\(to)'"
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
        case .cellStyleNotOneOf: return "cell style must be one of .default, .subtitle, .value1, .value2"
        case .customTableViewClass(let name): return "a table view of the script's class '\(name)' (a UITableView subclass) is not simulated in TableLab"
        case .insetsSetToOtherValue(let name): return "'\(name)' set to a value that is not a UIEdgeInsets is not simulated in TableLab"
        case .contentViewGeometry(let name):
            return "UITableViewCell.contentView.\(name) (UIKit's layout sets it from the table's width and style on the device, "
                + "the row's height, the accessory and the separator) is not simulated in TableLab"
        case .fontWeight(let number): return "a font weight of \(number) is not simulated in TableLab"
        case .stackViewArrangedSubviewsValue: return "UIStackView(arrangedSubviews:) of this value is not simulated in TableLab"
        case .nilTargetAction: return "sending an action with a nil target (the responder chain) is not simulated in TableLab"
        case .tapArguments: return "tap(_:_:) takes a section and a row, two Ints"
        case .renderWidth: return "render(width:) takes a positive number of columns"
        case .compositionalLayout(let name):
            return "\(name) is not simulated in TableLab: it lays collection views out with UICollectionViewFlowLayout only "
                + "(a compositional layout's groups, orthogonal scrolling and supplementary items are not simulated)"
        case .notCollectionCellClass(let type):
            return "must pass a class of kind UICollectionViewCell: '\(type)' does not inherit from UICollectionViewCell"
        case .collectionCellNotRegistered(let id):
            return "could not dequeue a view of kind: UICollectionElementKindCell with identifier \(id) - must register a nib "
                + "or a class for the identifier or connect a prototype cell in a storyboard"
        case .collectionCellNotDequeued:
            return "the cell returned from -collectionView:cellForItemAtIndexPath: does not have a reuseIdentifier - cells must be "
                + "retrieved by calling -dequeueReusableCellWithReuseIdentifier:forIndexPath:"
        case .collectionWrongType(let method, let expected): return "\(method) gave a value that is not a '\(expected)'"
        case .collectionMissingDataSourceMethod(let name):
            return "the collection view's data source has no \(name), which UICollectionViewDataSource requires"
        case .collectionItemTooLarge(let item, let size, let available, let vertical):
            let across = vertical ? "wide" : "high"
            return "the item at \(item) is \(JSONWriter.number(size)) points \(across), more than the \(JSONWriter.number(available)) "
                + "points its section's lines have (the collection view's \(vertical ? "width" : "height") less the section insets): "
                + "UICollectionViewFlowLayout's behavior is undefined then"
        case .collectionItemNotPositive(let item):
            return "negative or zero sizes are not supported in the flow layout (the item at \(item))"
        case .reusableViewNotRegistered(let kind, let identifier):
            return "could not dequeue a view of kind: \(kind) with identifier \(identifier) - must register a nib or a class "
                + "for the identifier or connect a prototype cell in a storyboard"
        case .reusableViewNotDequeued(let kind):
            return "the view returned from -collectionView:viewForSupplementaryElementOfKind:atIndexPath: (\(kind)) was not "
                + "retrieved by calling -dequeueReusableSupplementaryViewOfKind:withReuseIdentifier:forIndexPath: or is nil"
        case .collectionViewWithoutLayout(let screen):
            return "UICollectionView must be initialized with a non-nil layout parameter ('\(screen)' was made without "
                + "init(collectionViewLayout:), so its collection view has no layout)"
        case .noSuchItem(let item, let section, let collection, let count):
            return "item \(item) does not exist: section \(section) of '\(collection)' has \(count) item\(count == 1 ? "" : "s")"
        }
    }
}
