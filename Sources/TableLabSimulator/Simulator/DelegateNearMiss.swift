// A table's method whose name is one typo away from an optional UITableViewDataSource or
// UITableViewDelegate requirement (`tableView(_:didSelectRow:)` for
// `tableView(_:didSelectRowAt:)`) is never called by UIKit: Xcode warns that it "nearly
// matches" the requirement. TableLab gives the same warning, at the method's name, before
// the code runs (and from `tablelab check`).

import TableLabSyntax

enum DelegateNearMiss {
    /// The optional requirements of UITableViewDataSource and UITableViewDelegate, in
    /// UIKit's Swift names (Tests/Fixtures/uikit-stub/UIKit.swift).
    static let optionalRequirements: [(name: String, protocol: String)] = {
        let dataSource = [
            "numberOfSections(in:)", "tableView(_:titleForHeaderInSection:)", "tableView(_:titleForFooterInSection:)",
            "tableView(_:canEditRowAt:)", "tableView(_:canMoveRowAt:)", "sectionIndexTitles(for:)",
            "tableView(_:sectionForSectionIndexTitle:at:)", "tableView(_:commit:forRowAt:)", "tableView(_:moveRowAt:to:)",
        ]
        let delegate = [
            "tableView(_:willDisplay:forRowAt:)", "tableView(_:willDisplayHeaderView:forSection:)",
            "tableView(_:willDisplayFooterView:forSection:)", "tableView(_:didEndDisplaying:forRowAt:)",
            "tableView(_:didEndDisplayingHeaderView:forSection:)", "tableView(_:didEndDisplayingFooterView:forSection:)",
            "tableView(_:heightForRowAt:)", "tableView(_:heightForHeaderInSection:)", "tableView(_:heightForFooterInSection:)",
            "tableView(_:estimatedHeightForRowAt:)", "tableView(_:estimatedHeightForHeaderInSection:)",
            "tableView(_:estimatedHeightForFooterInSection:)", "tableView(_:viewForHeaderInSection:)",
            "tableView(_:viewForFooterInSection:)", "tableView(_:accessoryButtonTappedForRowWith:)",
            "tableView(_:shouldHighlightRowAt:)", "tableView(_:didHighlightRowAt:)", "tableView(_:didUnhighlightRowAt:)",
            "tableView(_:willSelectRowAt:)", "tableView(_:willDeselectRowAt:)", "tableView(_:didSelectRowAt:)",
            "tableView(_:didDeselectRowAt:)", "tableView(_:editingStyleForRowAt:)",
            "tableView(_:titleForDeleteConfirmationButtonForRowAt:)", "tableView(_:editActionsForRowAt:)",
            "tableView(_:leadingSwipeActionsConfigurationForRowAt:)", "tableView(_:trailingSwipeActionsConfigurationForRowAt:)",
            "tableView(_:shouldIndentWhileEditingRowAt:)", "tableView(_:willBeginEditingRowAt:)", "tableView(_:didEndEditingRowAt:)",
            "tableView(_:targetIndexPathForMoveFromRowAt:toProposedIndexPath:)", "tableView(_:indentationLevelForRowAt:)",
        ]
        return dataSource.map { ($0, "UITableViewDataSource") } + delegate.map { ($0, "UITableViewDelegate") }
    }()

    /// UIKit's required data-source methods: written exactly, they are no near miss.
    static let requiredNames: Set<String> = ["tableView(_:numberOfRowsInSection:)", "tableView(_:cellForRowAt:)"]

    /// The near misses among the methods of the unit's tables (and of extensions adding
    /// UITableView protocols), in source order.
    static func warnings(_ unit: SourceUnit, file: SourceFile) -> [Diagnostic] {
        var methods: [FunctionDecl] = []
        func collect(_ d: Decl) {
            switch d {
            case .table(let t):
                methods += t.members.methods
                t.members.nestedTypes.forEach(collect)
            case .class(let c) where c.inherited.contains(where: { $0.hasPrefix("UITableView") || UIKitBuiltins.screenSuperclasses.contains($0) }):
                // A view controller's class, or a data source's (`NSObject, UITableViewDataSource`).
                methods += c.members.methods
                c.members.nestedTypes.forEach(collect)
            case .extension(_, let members, _) where members.conformances.contains(where: { $0.hasPrefix("UITableView") }):
                methods += members.methods
            default: break
            }
        }
        for s in unit.statements { if case .declaration(let d) = s.kind { collect(d) } }
        var out: [Diagnostic] = []
        let known = Set(optionalRequirements.map(\.name)).union(requiredNames)
        for f in methods where !f.isStatic {
            let full = f.fullName
            guard f.name.hasPrefix("tableView") || f.name.hasPrefix("numberOfSections") || f.name == "sectionIndexTitles",
                  !known.contains(full), DataSourceMethod.match(full) == nil else { continue }
            guard let near = TypoCorrection.candidates(for: full, among: optionalRequirements.map(\.name)).first,
                  let p = optionalRequirements.first(where: { $0.name == near })?.protocol else { continue }
            // `override func` in a UITableViewController subclass: swiftc matches it to the
            // superclass's method by name and rejects the labels.
            if isOverride(f, file) {
                out.append(.error(SimulatorCheckMessage.overrideLabelsDoNotMatch(method: full, overridden: near),
                                  at: nameLocation(f, file), in: file))
            } else {
                out.append(.warning(SimulatorCheckMessage.nearlyMatchesOptionalRequirement(method: full, requirement: near, protocol: p),
                                    at: nameLocation(f, file), in: file))
            }
        }
        return out
    }

    /// `override` is written before the method's `func` keyword.
    private static func isOverride(_ f: FunctionDecl, _ file: SourceFile) -> Bool {
        guard let text = file.line(f.location.line) else { return false }
        let before = String(String.UnicodeScalarView(text.unicodeScalars.prefix(max(0, f.location.column - 1))))
        return before.split(separator: " ").contains("override")
    }

    /// The method's name, after its `func` keyword.
    private static func nameLocation(_ f: FunctionDecl, _ file: SourceFile) -> SourceLocation {
        guard let text = file.line(f.location.line) else { return f.location }
        let scalars = Array(text.unicodeScalars)
        var i = f.location.column - 1 + 4
        while i < scalars.count, scalars[i] == " " || scalars[i] == "\t" { i += 1 }
        return i < scalars.count ? SourceLocation(line: f.location.line, column: i + 1) : f.location
    }
}

/// The simulator's static warnings, in Xcode's words.
enum SimulatorCheckMessage: DiagnosticMessage, Hashable {
    case nearlyMatchesOptionalRequirement(method: String, requirement: String, protocol: String)
    case overrideLabelsDoNotMatch(method: String, overridden: String)

    var id: DiagnosticID {
        switch self {
        case .nearlyMatchesOptionalRequirement: return DiagnosticID("req_near_match")
        case .overrideLabelsDoNotMatch: return DiagnosticID("override_argument_label_mismatch")
        }
    }

    var text: String {
        switch self {
        case .nearlyMatchesOptionalRequirement(let m, let r, let p):
            return "instance method '\(m)' nearly matches optional requirement '\(r)' of protocol '\(p)'"
        case .overrideLabelsDoNotMatch(let m, let o):
            return "argument labels for method '\(m)' do not match those of overridden method '\(o)'"
        }
    }
}
