// The messages of the explorer's `:` commands, as data (DiagnosticMessage): a command
// given what it cannot take, or asked for what the session does not have. Each is one
// line at the command (docs/COMMANDS.md); the wording lives only in `text`.

import TableLabFiles
import TableLabSyntax

enum ExplorerMessage: DiagnosticMessage, Hashable {
    /// `:nme`: no command of that name; `suggestion` is the close one, if any.
    case unknownCommand(String, suggestion: String?)
    /// A command's arguments do not fit its usage line (given without `usage: `).
    case usage(String)
    /// A table named by a command that no table has: the close name, else the tables.
    case cannotFindTable(String, suggestion: String?, tables: [String])
    /// `:back` on the root of the navigation stack.
    case nothingToGoBack(root: String)
    /// `:device NAME` naming no device of `devices`.
    case unknownDevice(String, devices: [String])
    /// A file a command reads or writes, and why not (the files layer's data, with the
    /// system's error number where the system refused).
    case fileError(FileProblem)
    /// `:storyboard FILE` of a file that is no storyboard: the storyboard reader's error.
    case storyboardUnreadable(path: String, StoryboardError)
    /// `:assets PATH` of something that is no folder.
    case assetCatalogNotFolder(path: String)
    /// `:datamodel PATH` of something that is no Core Data model (a folder `.xcdatamodeld`
    /// or `.xcdatamodel`, or a model's `contents`) or that the XML reader cannot read.
    case dataModelUnreadable(path: String, reason: String)
    /// `:infoplist FILE` of a file that is no property list, or whose UIAppFonts lists a
    /// font file that cannot be read as one (AppFonts.swift).
    case infoPlistUnreadable(path: String, reason: String)
    /// `:reload` before any `:load`.
    case nothingToReload
    /// `:load` of a file that is being loaded (a file loading itself).
    case alreadyBeingLoaded(path: String)
    /// `:reset` inside a file run by `:load`.
    case resetInsideLoad
    /// `:undo` in a script.
    case undoInScript
    /// `:undo` with nothing that changed the state.
    case nothingToUndo
    /// Not shown: `:quit`, `:reset` and `:undo` end what runs by throwing it, and the
    /// explorer stops quietly (its `stop` says which).
    case stopsTheRun(command: String)
    /// `--style` or `:style` naming no table style.
    case unknownTableStyle(String)
    /// `--scale` out of 1...4.
    case scaleOutOfRange
    /// `--png FILE` that could not be written.
    case cannotWrite(path: String, reason: WriteRefusal)
    /// `--png` when the converter failed.
    case pictureConversionFailed(PNGConverter.ConversionError)
    /// `:info NAME` naming nothing.
    case cannotFindInScope(String)
    /// `:refresh` on a table without a UIRefreshControl: the screen's table, or the scroll
    /// view `view` names (`Screen.property`).
    case noRefreshControl(table: String, view: String?)
    /// `:search` on a screen whose navigation item holds no UISearchController and whose
    /// table's header view is no search controller's bar.
    case noSearchController(table: String)
    /// `tablelab emit swift` of a file that does not parse.
    case cannotParse(file: String)

    // Notes and errors about what a command found in the code
    /// `:type` answers from declarations and runs nothing.
    case typeNotKnownWithoutRunning(expression: String, reason: String)
    /// `tablelab check`/`:check` on a switch whose subject type only a run tells.
    case switchCheckedAtRunTime(subject: String)
    /// `:check` on a switch of a function that a later one of other labels did not replace.
    case overloadStillDeclared(function: String, others: [String])
    /// `:show` of a view controller whose table view only its storyboard would make.
    case tableViewOnlyInStoryboard(screen: String, connected: String)
    /// A row command on a screen with several table and collection views, none named.
    case severalScrollViews(screen: String, views: [String], count: Int, example: String)
    /// A row command naming a scroll view the screen does not show.
    case noScrollViewNamed(screen: String, name: String, views: [String])
    /// `:heights` names a collection view, whose items have sizes from its layout, not heights.
    case heightsOfCollectionView(String)
    /// A row command on a collection view that UIKit gives no counterpart of (or that
    /// TableLab does not simulate), never run on a table view instead.
    case collectionViewLacks(String, CollectionViewLack)

    var id: DiagnosticID {
        switch self {
        case .unknownCommand: return DiagnosticID("tablelab_unknown_command")
        case .usage: return DiagnosticID("tablelab_command_usage")
        case .cannotFindTable: return DiagnosticID("tablelab_command_cannot_find_table")
        case .nothingToGoBack: return DiagnosticID("tablelab_nothing_to_go_back")
        case .unknownDevice: return DiagnosticID("tablelab_unknown_device")
        case .fileError: return DiagnosticID("tablelab_file_error")
        case .storyboardUnreadable: return DiagnosticID("tablelab_storyboard_unreadable")
        case .assetCatalogNotFolder: return DiagnosticID("tablelab_asset_catalog_not_folder")
        case .dataModelUnreadable: return DiagnosticID("tablelab_data_model_unreadable")
        case .infoPlistUnreadable: return DiagnosticID("tablelab_info_plist_unreadable")
        case .nothingToReload: return DiagnosticID("tablelab_nothing_to_reload")
        case .alreadyBeingLoaded: return DiagnosticID("tablelab_already_being_loaded")
        case .resetInsideLoad: return DiagnosticID("tablelab_reset_inside_load")
        case .undoInScript: return DiagnosticID("tablelab_undo_in_script")
        case .nothingToUndo: return DiagnosticID("tablelab_nothing_to_undo")
        case .stopsTheRun: return DiagnosticID("tablelab_stops_the_run")
        case .unknownTableStyle: return DiagnosticID("tablelab_unknown_table_style")
        case .scaleOutOfRange: return DiagnosticID("tablelab_scale_out_of_range")
        case .cannotWrite: return DiagnosticID("tablelab_cannot_write")
        case .pictureConversionFailed: return DiagnosticID("tablelab_picture_conversion_failed")
        case .cannotFindInScope: return DiagnosticID("tablelab_command_cannot_find_in_scope")
        case .noRefreshControl: return DiagnosticID("tablelab_no_refresh_control")
        case .noSearchController: return DiagnosticID("tablelab_no_search_controller")
        case .cannotParse: return DiagnosticID("tablelab_cannot_parse")
        case .typeNotKnownWithoutRunning: return DiagnosticID("tablelab_type_not_known_without_running")
        case .switchCheckedAtRunTime: return DiagnosticID("tablelab_switch_checked_at_run_time")
        case .overloadStillDeclared: return DiagnosticID("tablelab_overload_still_declared")
        case .tableViewOnlyInStoryboard: return DiagnosticID("tablelab_table_view_only_in_storyboard")
        case .severalScrollViews: return DiagnosticID("tablelab_several_scroll_views")
        case .noScrollViewNamed: return DiagnosticID("tablelab_no_scroll_view_named")
        case .heightsOfCollectionView: return DiagnosticID("tablelab_heights_of_collection_view")
        case .collectionViewLacks: return DiagnosticID("tablelab_collection_view_lacks")
        }
    }

    var text: String {
        switch self {
        case .unknownCommand(let name, let suggestion):
            return "unknown command ':\(name)'" + (suggestion.map { "; did you mean ':\($0)'?" } ?? "") + " (:help lists the commands)"
        case .usage(let usage): return "usage: \(usage)"
        case .cannotFindTable(let name, let suggestion, let tables):
            let message = "cannot find table '\(name)'"
            if let suggestion { return message + "; did you mean '\(suggestion)'?" }
            if tables.isEmpty { return message + ": no table is declared yet" }
            return message + "; the tables are: " + tables.joined(separator: ", ")
        case .nothingToGoBack(let root): return "nothing to go back to: '\(root)' is the root of the navigation stack"
        case .unknownDevice(let name, let devices): return "unknown device '\(name)'; the devices are: " + devices.joined(separator: ", ")
        case .fileError(let problem): return problem.description
        case .storyboardUnreadable(let path, let error): return "cannot read '\(path)' as a storyboard: line \(error.line): \(error.message)"
        case .assetCatalogNotFolder(let path): return "cannot read '\(path)' as an asset catalog: it is no folder"
        case .dataModelUnreadable(let path, let reason): return "cannot read '\(path)' as a Core Data model: \(reason)"
        case .infoPlistUnreadable(let path, let reason): return "cannot read '\(path)' for the app's Info.plist: \(reason)"
        case .nothingToReload: return "nothing to reload: no file was loaded with :load or given to -i"
        case .alreadyBeingLoaded(let path):
            return "'\(DiagnosticRenderer.terminalSafe(path))' is already being loaded: a file cannot load itself, directly or through other files"
        case .resetInsideLoad: return "':reset' cannot be used inside a file run by :load"
        case .undoInScript: return "':undo' undoes an interactive entry; in a script, edit the file instead"
        case .nothingToUndo: return "nothing to undo"
        case .stopsTheRun(let command): return command
        case .unknownTableStyle(let name): return "unknown table style '\(name)'; the styles are: plain, grouped, insetGrouped"
        case .scaleOutOfRange: return "--scale takes a number from 1 to 4"
        case .cannotWrite(let path, let reason): return "cannot write '\(path)': \(reason)"
        case .pictureConversionFailed(let error): return error.message
        case .cannotFindInScope(let name): return "cannot find '\(name)' in scope"
        case .noRefreshControl(let table, let view):
            return (view.map { "'\($0)'" } ?? "the table of \(table)") + " has no UIRefreshControl (refreshControl is nil): pulling it down runs nothing"
        case .noSearchController(let table):
            return "\(table) shows no search field (navigationItem.searchController is nil and its table's tableHeaderView is no UISearchController's searchBar)"
        case .cannotParse(let file): return "cannot parse '\(file)'"
        case .typeNotKnownWithoutRunning(let e, let why):
            return "the type of '\(e)' is not known from declarations (\(why)); :type runs nothing"
        case .switchCheckedAtRunTime(let subject):
            return "switch over '\(subject)' will be checked at run time (its type is not known statically)"
        case .overloadStillDeclared(let f, let others):
            let list = others.map { "'\($0)'" }.joined(separator: ", ")
            return "'\(f)' is still declared beside \(list): a function with other argument labels is another function, "
                + "so declaring it did not replace '\(f)'"
        case .tableViewOnlyInStoryboard(let screen, let connected):
            return "'\(screen)' makes no table view in its code: drawn as its storyboard would show it, a table view "
                + "with \(connected) connected to it; without that storyboard UIKit shows an empty view (:storyboard loads it)"
        case .severalScrollViews(let screen, let views, let count, let example):
            let list = views.isEmpty ? "" : " (" + views.joined(separator: ", ") + ")"
            return "'\(screen)' shows \(count) scroll views\(list): name the one the command acts on by its property, as in '\(example)'"
        case .noScrollViewNamed(let screen, let name, let views):
            let shown = views.isEmpty ? "none a property holds" : views.joined(separator: ", ")
            return "'\(screen)' shows no table or collection view in a property '\(name)'; it shows: \(shown)"
        case .heightsOfCollectionView(let name):
            return "'\(name)' is a UICollectionView: its items have sizes its layout gives, not heights; :cell and :show --json give them"
        case .collectionViewLacks(let name, let lack):
            return "'\(name)' is a UICollectionView: \(lack.text)"
        }
    }
}

/// What a row command asks of a collection view that it has no counterpart of in UIKit,
/// or that TableLab does not simulate.
enum CollectionViewLack: Hashable {
    case swipeToDelete, swipeActions, accessoryButton, style, interactiveMovement

    var text: String {
        switch self {
        case .swipeToDelete:
            return "it has no swipe-to-delete (tableView(_:commit:forRowAt:) is UITableView's; a list layout's swipe actions are not simulated)"
        case .swipeActions:
            return "it has no swipe actions (trailingSwipeActionsConfigurationForRowAt is UITableView's; a list layout's are not simulated)"
        case .accessoryButton:
            return "its cells have no accessory button (accessoryButtonTappedForRowWith is UITableView's)"
        case .style:
            return "it has no UITableView.Style (its layout decides how it looks)"
        case .interactiveMovement:
            return "moving its items (canMoveItemAt, moveItemAt:to:, drag and drop) is not simulated in TableLab"
        }
    }
}
