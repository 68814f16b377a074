// The data-source and delegate methods a table block may define, and how a method's
// full name maps to one of them: TableLab's short spelling (`numberOfRows(inSection:)`),
// UIKit's Swift 3+ spelling (`tableView(_:numberOfRowsInSection:)`) and the Swift 2
// spelling of older code (`tableView(tableView:cellForRowAtIndexPath:)`).

/// One method UITableView calls on its data source or delegate.
enum DataSourceMethod: String, CaseIterable, Sendable {
    case numberOfSections
    case numberOfRows
    case titleForHeader
    case titleForFooter
    case cellForRow
    case heightForRow
    case heightForHeader
    case heightForFooter
    case willSelectRow
    case didSelectRow
    case willDeselectRow
    case didDeselectRow
    case canMoveRow
    case moveRow
    case canEditRow
    case commit
    /// The delegate's editing style of a row: only a `.delete` row is swiped to delete.
    case editingStyle
    // Sections, display and swipes (TableDriver+Sections.swift).
    case viewForHeader
    case viewForFooter
    case willDisplayCell
    case willDisplayHeader
    case willDisplayFooter
    case estimatedHeightForRow
    case sectionIndexTitles
    case accessoryButtonTapped
    case trailingSwipeActions
    case leadingSwipeActions
    case editActions
    // A tap's highlight (CellSelection.swift).
    case shouldHighlightRow
    case didHighlightRow
    case didUnhighlightRow

    /// TableLab's own spelling, used in traces and messages.
    var shortName: String {
        switch self {
        case .numberOfSections: return "numberOfSections()"
        case .numberOfRows: return "numberOfRows(inSection:)"
        case .titleForHeader: return "titleForHeader(inSection:)"
        case .titleForFooter: return "titleForFooter(inSection:)"
        case .cellForRow: return "cellForRow(at:)"
        case .heightForRow: return "heightForRow(at:)"
        case .heightForHeader: return "heightForHeader(inSection:)"
        case .heightForFooter: return "heightForFooter(inSection:)"
        case .willSelectRow: return "willSelectRow(at:)"
        case .didSelectRow: return "didSelectRow(at:)"
        case .willDeselectRow: return "willDeselectRow(at:)"
        case .didDeselectRow: return "didDeselectRow(at:)"
        case .canMoveRow: return "canMoveRow(at:)"
        case .moveRow: return "moveRow(at:to:)"
        case .canEditRow: return "canEditRow(at:)"
        case .commit: return "commit(_:forRowAt:)"
        case .editingStyle: return "editingStyleForRow(at:)"
        case .viewForHeader: return "viewForHeader(inSection:)"
        case .viewForFooter: return "viewForFooter(inSection:)"
        case .willDisplayCell: return "willDisplay(_:forRowAt:)"
        case .willDisplayHeader: return "willDisplayHeaderView(_:forSection:)"
        case .willDisplayFooter: return "willDisplayFooterView(_:forSection:)"
        case .estimatedHeightForRow: return "estimatedHeightForRow(at:)"
        case .sectionIndexTitles: return "sectionIndexTitles()"
        case .accessoryButtonTapped: return "accessoryButtonTappedForRow(with:)"
        case .trailingSwipeActions: return "trailingSwipeActionsConfigurationForRow(at:)"
        case .leadingSwipeActions: return "leadingSwipeActionsConfigurationForRow(at:)"
        case .editActions: return "editActionsForRow(at:)"
        case .shouldHighlightRow: return "shouldHighlightRow(at:)"
        case .didHighlightRow: return "didHighlightRow(at:)"
        case .didUnhighlightRow: return "didUnhighlightRow(at:)"
        }
    }

    /// The labels after `tableView(_:` in UIKit's spellings, old and new.
    var uikitLabels: [[String]] {
        switch self {
        case .numberOfSections: return []
        case .numberOfRows: return [["numberOfRowsInSection"]]
        case .titleForHeader: return [["titleForHeaderInSection"]]
        case .titleForFooter: return [["titleForFooterInSection"]]
        case .cellForRow: return [["cellForRowAt"], ["cellForRowAtIndexPath"]]
        case .heightForRow: return [["heightForRowAt"], ["heightForRowAtIndexPath"]]
        case .heightForHeader: return [["heightForHeaderInSection"]]
        case .heightForFooter: return [["heightForFooterInSection"]]
        case .willSelectRow: return [["willSelectRowAt"], ["willSelectRowAtIndexPath"]]
        case .didSelectRow: return [["didSelectRowAt"], ["didSelectRowAtIndexPath"]]
        case .willDeselectRow: return [["willDeselectRowAt"], ["willDeselectRowAtIndexPath"]]
        case .didDeselectRow: return [["didDeselectRowAt"], ["didDeselectRowAtIndexPath"]]
        case .canMoveRow: return [["canMoveRowAt"], ["canMoveRowAtIndexPath"]]
        case .moveRow: return [["moveRowAt", "to"], ["moveRowAtIndexPath", "toIndexPath"]]
        case .canEditRow: return [["canEditRowAt"], ["canEditRowAtIndexPath"]]
        case .commit: return [["commit", "forRowAt"], ["commitEditingStyle", "forRowAtIndexPath"]]
        case .editingStyle: return [["editingStyleForRowAt"], ["editingStyleForRowAtIndexPath"]]
        case .viewForHeader: return [["viewForHeaderInSection"]]
        case .viewForFooter: return [["viewForFooterInSection"]]
        case .willDisplayCell: return [["willDisplay", "forRowAt"], ["willDisplayCell", "forRowAtIndexPath"]]
        case .willDisplayHeader: return [["willDisplayHeaderView", "forSection"]]
        case .willDisplayFooter: return [["willDisplayFooterView", "forSection"]]
        case .estimatedHeightForRow: return [["estimatedHeightForRowAt"], ["estimatedHeightForRowAtIndexPath"]]
        case .sectionIndexTitles: return []
        case .accessoryButtonTapped: return [["accessoryButtonTappedForRowWith"], ["accessoryButtonTappedForRowWithIndexPath"]]
        case .trailingSwipeActions: return [["trailingSwipeActionsConfigurationForRowAt"]]
        case .leadingSwipeActions: return [["leadingSwipeActionsConfigurationForRowAt"]]
        case .editActions: return [["editActionsForRowAt"], ["editActionsForRowAtIndexPath"]]
        case .shouldHighlightRow: return [["shouldHighlightRowAt"], ["shouldHighlightRowAtIndexPath"]]
        case .didHighlightRow: return [["didHighlightRowAt"], ["didHighlightRowAtIndexPath"]]
        case .didUnhighlightRow: return [["didUnhighlightRowAt"], ["didUnhighlightRowAtIndexPath"]]
        }
    }

    /// UIKit's name for the method, as Swift 3 and later import it.
    var swift3Name: String {
        switch self {
        case .numberOfSections: return "numberOfSections(in:)"
        case .sectionIndexTitles: return "sectionIndexTitles(for:)"
        default: return "tableView(_:" + (uikitLabels.first ?? []).map { $0 + ":" }.joined() + ")"
        }
    }

    /// Full names of `numberOfSections` that take the table view as their argument.
    static let numberOfSectionsUIKitNames: Set<String> = [
        "numberOfSections(in:)", "numberOfSectionsInTableView(_:)", "numberOfSectionsInTableView(tableView:)",
    ]

    /// Full names of `sectionIndexTitles`, which takes only the table view.
    static let sectionIndexTitlesUIKitNames: Set<String> = [
        "sectionIndexTitles(for:)", "sectionIndexTitlesForTableView(_:)", "sectionIndexTitlesForTableView(tableView:)",
    ]

    /// Which method a full name is, and whether it takes the table view first.
    static func match(_ fullName: String) -> (method: DataSourceMethod, takesTableView: Bool)? {
        spelling(fullName).map { ($0.method, $0.takesTableView) }
    }

    /// How a method's name is written: TableLab's short spelling, UIKit's as Swift 3 and
    /// later import it, or Swift 2's.
    enum Spelling: Equatable {
        case short, swift3, swift2
    }

    /// Which method a full name is, whether it takes the table view first, and in which
    /// spelling it is written.
    static func spelling(_ fullName: String) -> (method: DataSourceMethod, takesTableView: Bool, spelling: Spelling)? {
        for method in allCases where method.shortName == fullName { return (method, false, .short) }
        if numberOfSectionsUIKitNames.contains(fullName) {
            return (.numberOfSections, true, fullName == "numberOfSections(in:)" ? .swift3 : .swift2)
        }
        if sectionIndexTitlesUIKitNames.contains(fullName) {
            return (.sectionIndexTitles, true, fullName == "sectionIndexTitles(for:)" ? .swift3 : .swift2)
        }
        guard fullName.hasPrefix("tableView("), fullName.hasSuffix(":)") else { return nil }
        let labels = fullName.dropFirst("tableView(".count).dropLast(2)
            .split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        guard let first = labels.first, first == "_" || first == "tableView" else { return nil }
        let rest = Array(labels.dropFirst())
        for method in allCases {
            guard let i = method.uikitLabels.firstIndex(of: rest) else { continue }
            // Swift 2 gave the first parameter no label: `tableView tableView:` is its spelling.
            return (method, true, i == 0 && first == "_" ? .swift3 : .swift2)
        }
        return nil
    }

    /// Whether methods so named are written for Swift 3 or later: one of them is in UIKit's
    /// Swift 3+ spelling (`tableView(_:cellForRowAt:)`, `numberOfSections(in:)`, or any
    /// `tableView(_:...)`, as Swift 2 wrote the first parameter without `_`). Swift 3 and
    /// later call only those; a Swift 2 spelling among them is a method UIKit never calls
    /// (`tableView(_:didSelectRowAtIndexPath:)`), while a class written wholly in Swift 2's
    /// spellings is run as Swift 2 ran it.
    static func writtenForSwift3(_ fullNames: some Sequence<String>) -> Bool {
        fullNames.contains { name in
            if let s = spelling(name) { return s.spelling == .swift3 || name.hasPrefix("tableView(_:") || name.hasSuffix("(_:)") }
            return false
        }
    }
}

/// The methods one table defines, resolved once per command.
struct TableMethods {
    /// The script's full name for each method it defines.
    private(set) var names: [DataSourceMethod: (fullName: String, takesTableView: Bool)] = [:]

    /// `swift2`: whether Swift 2's spellings are the methods too (a table block, or a class
    /// written in Swift 2); otherwise they are methods of their own, which UIKit never calls.
    init(methodNames: [String], swift2: Bool = true) {
        for name in methodNames {
            guard let (method, takesTableView, spelling) = DataSourceMethod.spelling(name),
                  swift2 || spelling != .swift2 else { continue }
            // The short spelling wins when a table defines both.
            if let existing = names[method], !existing.takesTableView { continue }
            names[method] = (name, takesTableView)
        }
    }

    func has(_ method: DataSourceMethod) -> Bool { names[method] != nil }
    subscript(method: DataSourceMethod) -> (fullName: String, takesTableView: Bool)? { names[method] }
}

extension DataSourceMethod {
    private static let indices: [DataSourceMethod: Int] =
        Dictionary(uniqueKeysWithValues: allCases.enumerated().map { ($0.element, $0.offset) })

    /// Position in `allCases`.
    var index: Int { Self.indices[self]! }

    /// `numberOfRows(inSection: 0)`: the call as a trace line shows it.
    func traceName(_ arguments: String) -> String {
        switch self {
        case .numberOfSections: return "numberOfSections()"
        case .numberOfRows: return "numberOfRows(inSection: \(arguments))"
        case .titleForHeader: return "titleForHeader(inSection: \(arguments))"
        case .titleForFooter: return "titleForFooter(inSection: \(arguments))"
        case .cellForRow: return "cellForRow(at: \(arguments))"
        case .heightForRow: return "heightForRow(at: \(arguments))"
        case .heightForHeader: return "heightForHeader(inSection: \(arguments))"
        case .heightForFooter: return "heightForFooter(inSection: \(arguments))"
        case .willSelectRow: return "willSelectRow(at: \(arguments))"
        case .didSelectRow: return "didSelectRow(at: \(arguments))"
        case .willDeselectRow: return "willDeselectRow(at: \(arguments))"
        case .didDeselectRow: return "didDeselectRow(at: \(arguments))"
        case .canMoveRow: return "canMoveRow(at: \(arguments))"
        case .moveRow: return "moveRow(at: \(arguments))"
        case .canEditRow: return "canEditRow(at: \(arguments))"
        case .commit: return "commit(\(arguments))"
        case .editingStyle: return "editingStyleForRow(at: \(arguments))"
        case .viewForHeader: return "viewForHeader(inSection: \(arguments))"
        case .viewForFooter: return "viewForFooter(inSection: \(arguments))"
        case .willDisplayCell: return "willDisplay(cell, forRowAt: \(arguments))"
        case .willDisplayHeader: return "willDisplayHeaderView(view, forSection: \(arguments))"
        case .willDisplayFooter: return "willDisplayFooterView(view, forSection: \(arguments))"
        case .estimatedHeightForRow: return "estimatedHeightForRow(at: \(arguments))"
        case .sectionIndexTitles: return "sectionIndexTitles()"
        case .accessoryButtonTapped: return "accessoryButtonTappedForRow(with: \(arguments))"
        case .trailingSwipeActions: return "trailingSwipeActionsConfigurationForRow(at: \(arguments))"
        case .leadingSwipeActions: return "leadingSwipeActionsConfigurationForRow(at: \(arguments))"
        case .editActions: return "editActionsForRow(at: \(arguments))"
        case .shouldHighlightRow: return "shouldHighlightRow(at: \(arguments))"
        case .didHighlightRow: return "didHighlightRow(at: \(arguments))"
        case .didUnhighlightRow: return "didUnhighlightRow(at: \(arguments))"
        }
    }
}
