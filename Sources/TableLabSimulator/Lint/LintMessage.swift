// What `tablelab lint` finds in a table, as data (DiagnosticMessage). Lint reports a
// finding once per place: two findings are the same when their place and their message
// (case and arguments) are, never by comparing the text made from them.

import TableLabSyntax

indirect enum LintMessage: DiagnosticMessage, Hashable {
    /// `numberOfSections` disagrees with the count of the data property it reads.
    case sectionCountDisagrees(table: String, sections: Int, property: String, dataCount: Int)
    /// `numberOfRows(inSection:)` disagrees with the count of the section's items.
    case rowCountDisagrees(section: Int, table: String, rows: Int, source: String, dataCount: Int)
    /// The same item twice in a table's data (a diffable data source traps on it).
    case duplicateItem(item: String, table: String, first: String, second: String)
    /// A cell whose labels are all empty; `reuseIdentifier` is "" for a cell made without one.
    case cellShowsNoText(indexPath: String, reuseIdentifier: String)
    /// `heightForHeader`/`heightForFooter` gave a height UIKit cannot lay out.
    case badSupplementaryHeight(isHeader: Bool, section: Int, problem: String, height: Double)
    /// `heightForRow(at:)` gave a height UIKit cannot lay out.
    case badRowHeight(indexPath: String, problem: String, height: Double)
    /// `performSegue(withIdentifier:)` to no table, unhandled by `prepare(for:sender:)`;
    /// `tappedRow` is the row whose tap performs it, when a tap does.
    case segueLeadsNowhere(identifier: String, tappedRow: String?)
    /// Tapping a selectable row changes nothing; `withoutDidSelect` names the table when
    /// it has no `didSelectRow(at:)` at all.
    case selectionDoesNothing(indexPath: String, withoutDidSelect: String?)
    /// A case of an item enum that no table's data holds.
    case deadRow(caseName: String, type: String)
    /// `default:` in a switch over one of the tables' own enums.
    case defaultHidesLaterCases(type: String)
    /// A collection view's item whose cell shows nothing: no view in it, no background colour.
    case itemShowsNothing(indexPath: String, collection: String, cellClass: String)
    /// `finding`, about the scroll view `view` (`Split.bottom`) of a screen that shows several.
    case inScrollView(view: String, finding: LintMessage)

    var id: DiagnosticID {
        switch self {
        case .sectionCountDisagrees: return DiagnosticID("tablelab_lint_section_count")
        case .rowCountDisagrees: return DiagnosticID("tablelab_lint_row_count")
        case .duplicateItem: return DiagnosticID("tablelab_lint_duplicate_item")
        case .cellShowsNoText: return DiagnosticID("tablelab_lint_cell_without_text")
        case .badSupplementaryHeight: return DiagnosticID("tablelab_lint_supplementary_height")
        case .badRowHeight: return DiagnosticID("tablelab_lint_row_height")
        case .segueLeadsNowhere: return DiagnosticID("tablelab_lint_segue_nowhere")
        case .selectionDoesNothing: return DiagnosticID("tablelab_lint_selection_does_nothing")
        case .deadRow: return DiagnosticID("tablelab_lint_dead_row")
        case .defaultHidesLaterCases: return DiagnosticID("tablelab_lint_default_over_own_enum")
        case .itemShowsNothing: return DiagnosticID("tablelab_lint_item_shows_nothing")
        // The same finding, told of one scroll view: code that reacts to it reads the case.
        case .inScrollView(_, let finding): return finding.id
        }
    }

    var text: String {
        func plural(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }
        let consistency = "the counts must agree with the data (UIKit's consistency check)"
        let heightRule = "a height must be positive, or UITableView.automaticDimension"
        switch self {
        case .sectionCountDisagrees(let table, let sections, let property, let dataCount):
            return "'\(table)' has \(plural(sections, "section")) but '\(property)' has \(dataCount): \(consistency)"
        case .rowCountDisagrees(let section, let table, let rows, let source, let dataCount):
            return "section \(section) of '\(table)' has \(plural(rows, "row")) but '\(source)' has \(dataCount): \(consistency)"
        case .duplicateItem(let item, let table, let first, let second):
            return "\(item) is in '\(table)' twice, at \(first) and \(second): a diffable data source crashes on duplicate items"
        case .cellShowsNoText(let indexPath, let reuseIdentifier):
            let whose = reuseIdentifier.isEmpty ? "none of its labels has any" : "no label of its '\(reuseIdentifier)' has any"
            return "the cell at \(indexPath) shows no text: \(whose)"
        case .badSupplementaryHeight(let isHeader, let section, let problem, let height):
            return "heightFor\(isHeader ? "Header" : "Footer")(inSection: \(section)) is \(problem) (\(height)): \(heightRule)"
        case .badRowHeight(let indexPath, let problem, let height):
            return "the height of the row at \(indexPath) is \(problem) (\(height)): \(heightRule)"
        case .segueLeadsNowhere(let identifier, let tappedRow):
            let text = "the segue '\(identifier)' leads nowhere: no table is named '\(identifier)' and prepare(for:sender:) does not handle it"
            return tappedRow.map { text + " (tapping the row at \($0))" } ?? text
        case .selectionDoesNothing(let indexPath, let withoutDidSelect):
            let what = withoutDidSelect.map { "'\($0)' has no didSelectRow(at:)" } ?? "no effect but a deselect, no change of state"
            return "selecting the row at \(indexPath) does nothing (\(what)); give its cell selectionStyle .none, or return nil from willSelectRow(at:)"
        case .deadRow(let caseName, let type):
            return "'.\(caseName)' of '\(type)' is in no section of any table: a dead row (with the data as the script left it)"
        case .defaultHidesLaterCases(let type):
            return "'default:' in a switch over '\(type)' hides the cases added later from the exhaustiveness check; list the cases instead"
        case .itemShowsNothing(let indexPath, let collection, let cellClass):
            return "the item at \(indexPath) of '\(collection)' shows nothing: its \(cellClass) has no view in its content view and no background colour"
        case .inScrollView(let view, let finding):
            return "in '\(view)': " + finding.text
        }
    }
}
