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

    /// The near misses among the methods of the unit's tables (and of the classes and
    /// extensions adopting UITableView protocols), in source order. As swiftc does, each
    /// type's methods are taken in order, and each that satisfies no requirement is matched
    /// to the optional requirement nearest to it that is still unsatisfied (the first of
    /// equals), which it then takes: a requirement is named in one warning at most.
    static func warnings(_ unit: SourceUnit, file: SourceFile) -> [Diagnostic] {
        var groups: [[FunctionDecl]] = []
        func collect(_ d: Decl) {
            switch d {
            case .table(let t):
                groups.append(t.members.methods)
                t.members.nestedTypes.forEach(collect)
            case .class(let c) where c.inherited.contains(where: { $0.hasPrefix("UITableView") || UIKitBuiltins.screenSuperclasses.contains($0) }):
                // A view controller's class, or a data source's (`NSObject, UITableViewDataSource`).
                groups.append(c.members.methods)
                c.members.nestedTypes.forEach(collect)
            case .extension(_, let members, _) where members.conformances.contains(where: { $0.hasPrefix("UITableView") }):
                groups.append(members.methods)
            default: break
            }
        }
        for s in unit.statements { if case .declaration(let d) = s.kind { collect(d) } }
        var out: [Diagnostic] = []
        let known = Set(optionalRequirements.map(\.name)).union(requiredNames)
        for methods in groups {
            let written = Set(methods.map(\.fullName))
            var unsatisfied = optionalRequirements.filter { !written.contains($0.name) }
            for f in methods where !f.isStatic {
                let full = f.fullName
                guard !known.contains(full), DataSourceMethod.match(full) == nil,
                      let i = nearest(f, among: unsatisfied.map(\.name)) else { continue }
                let (near, p) = unsatisfied.remove(at: i)
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
        }
        return out.sorted { ($0.location.line, $0.location.column) < ($1.location.line, $1.location.column) }
    }

    /// The index of the requirement swiftc takes `f` for a near miss of: the same number of
    /// argument labels, base name and labels compared one by one (case counts), at most
    /// one edit for every four characters of the shorter name; the lowest score, the first
    /// of equals. A label that ends with its parameter's type name is compared without it,
    /// as Swift 3 renamed `didSelectRowAtIndexPath` to `didSelectRowAt`.
    static func nearest(_ f: FunctionDecl, among requirements: [String]) -> Int? {
        let labels = f.parameters.map { p -> String in
            let label = p.label ?? ""
            guard case .named(let t)? = p.type, let typeName = t.split(separator: ".").last,
                  label.count > typeName.count, label.hasSuffix(typeName) else { return label }
            return String(label.dropLast(typeName.count))
        }
        let witness = (base: f.name, labels: labels)
        let witnessLength = f.name.utf8.count + f.parameters.reduce(0) { $0 + ($1.label?.utf8.count ?? 0) }
        var best: (score: Int, index: Int)?
        for (i, r) in requirements.enumerated() {
            let req = split(r)
            guard req.labels.count == witness.labels.count else { continue }
            let limit = min(witnessLength, req.base.utf8.count + req.labels.reduce(0) { $0 + $1.utf8.count }) / 4
            guard var score = distance(witness.base, req.base, limit: limit) else { continue }
            for (a, b) in zip(witness.labels, req.labels) {
                guard let d = distance(a, b, limit: limit - score) else { score = limit + 1; break }
                score += d
            }
            if score <= limit, best.map({ score < $0.score }) ?? true { best = (score, i) }
        }
        return best?.index
    }

    /// The edits between two names, nil above `limit` or when one of them is empty and
    /// the other not (`_` against a label).
    private static func distance(_ a: String, _ b: String, limit: Int) -> Int? {
        if a.isEmpty || b.isEmpty { return a.isEmpty && b.isEmpty ? 0 : nil }
        let d = TypoCorrection.editDistance(Array(a.utf8), Array(b.utf8), max: max(limit, 0))
        return d <= limit ? d : nil
    }

    /// `tableView(_:didSelectRowAt:)` as its base name and labels (`_` as an empty label).
    private static func split(_ name: String) -> (base: String, labels: [String]) {
        guard let open = name.firstIndex(of: "(") else { return (name, []) }
        let inner = name[name.index(after: open)...].dropLast()
        let labels = inner.split(separator: ":", omittingEmptySubsequences: true).map { $0 == "_" ? "" : String($0) }
        return (String(name[..<open]), labels)
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
