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

    private static let requiredMethods: Set<DataSourceMethod> = [.numberOfRows, .cellForRow]

    /// UIKit's required data-source methods: written exactly, they are no near miss.
    static let requiredNames: Set<String> = ["tableView(_:numberOfRowsInSection:)", "tableView(_:cellForRowAt:)"]

    /// Every requirement's name, optional or required: a method written so is no near miss.
    private static let knownNames = Set(optionalRequirements.map(\.name)).union(requiredNames)

    /// The near misses among the methods of the unit's tables (and of the classes and
    /// extensions adopting UITableView protocols), in source order. As swiftc does, each
    /// type's methods are taken in order, and each that satisfies no requirement is matched
    /// to the optional requirement nearest to it that is still unsatisfied (the first of
    /// equals), which it then takes: a requirement is named in one warning at most.
    static func warnings(_ unit: SourceUnit, file: SourceFile) -> [Diagnostic] {
        var groups: [(type: String, isTable: Bool, methods: [FunctionDecl])] = []
        // Every method of a class, its extensions' included: which Swift it is written for.
        var methodsOfType: [String: [String]] = [:]
        func collect(_ d: Decl) {
            switch d {
            case .table(let t):
                groups.append((t.name, true, t.members.methods))
                t.members.nestedTypes.forEach(collect)
            case .class(let c):
                methodsOfType[c.name, default: []] += c.members.methods.map(\.fullName)
                // A view controller's class, or a data source's (`NSObject, UITableViewDataSource`).
                if c.inherited.contains(where: { $0.hasPrefix("UITableView") || UIKitBuiltins.screenSuperclasses.contains($0) }) {
                    groups.append((c.name, false, c.members.methods))
                }
                c.members.nestedTypes.forEach(collect)
            case .extension(let name, let members, _):
                methodsOfType[name, default: []] += members.methods.map(\.fullName)
                if members.conformances.contains(where: { $0.hasPrefix("UITableView") }) {
                    groups.append((name, false, members.methods))
                }
            default: break
            }
        }
        for s in unit.statements { if case .declaration(let d) = s.kind { collect(d) } }
        // Most entries declare no table: nothing to match, and the requirements' tables
        // are not built for them.
        guard !groups.isEmpty else { return [] }
        var out: [Diagnostic] = []
        let known = knownNames
        for (type, isTable, methods) in groups {
            let written = Set(methods.map(\.fullName))
            var unsatisfied = optionalRequirements.filter { !written.contains($0.name) }
            // A class written for Swift 3 or later: its Swift 2 spellings are methods UIKit
            // never calls, near misses as any other (`tableView(_:didSelectRowAtIndexPath:)`).
            let swift3 = !isTable && DataSourceMethod.writtenForSwift3(methodsOfType[type] ?? written.sorted())
            for f in methods where !f.isStatic {
                let full = f.fullName
                // `override func tableView(_:cellForRowAtIndexPath:)` in a UITableViewController
                // subclass written for Swift 3: swiftc matches it to the superclass's method by
                // its base name and rejects the labels, or finds no method of that base name.
                if swift3, let s = DataSourceMethod.spelling(full), s.spelling == .swift2, isOverride(f, unit) {
                    let current = s.method.swift3Name
                    unsatisfied.removeAll { $0.name == current }
                    let message: SimulatorCheckMessage = split(current).base == f.name
                        ? .overrideLabelsDoNotMatch(method: full, overridden: current) : .doesNotOverride
                    out.append(.error(message, at: nameLocation(f), in: file))
                    continue
                }
                guard !known.contains(full),
                      // A required method's Swift 2 spelling is DataSourceConformance's error.
                      DataSourceMethod.spelling(full).map({ swift3 && $0.spelling == .swift2 && !requiredMethods.contains($0.method) }) ?? true,
                      let i = nearest(f, among: unsatisfied.map(\.name)) else { continue }
                let (near, p) = unsatisfied.remove(at: i)
                // `override func` in a UITableViewController subclass: swiftc matches it to the
                // superclass's method by name and rejects the labels.
                if isOverride(f, unit) {
                    out.append(.error(SimulatorCheckMessage.overrideLabelsDoNotMatch(method: full, overridden: near),
                                      at: nameLocation(f), in: file))
                } else {
                    out.append(.warning(SimulatorCheckMessage.nearlyMatchesOptionalRequirement(method: displayName(full), requirement: near, protocol: p),
                                        at: nameLocation(f), in: file))
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
        func typeName(_ p: Parameter) -> String? {
            guard case .named(let t)? = p.type, let last = t.split(separator: ".").last else { return nil }
            return String(last)
        }
        var labels = f.parameters.map { p -> String in
            let label = p.label ?? ""
            guard let t = typeName(p) else { return label }
            return dropTypeName(t, from: label) ?? label
        }
        var base = f.name
        // Swift 2's `numberOfSectionsInTableView(_:)`: with no first label, the base name
        // ends with the first parameter's type, and a preposition before it becomes the
        // label (`numberOfSections(in:)`), as swiftc's omit-needless-words reads it.
        if let first = f.parameters.first, first.label == nil, let t = typeName(first),
           let stripped = dropTypeName(t, from: base), !stripped.isEmpty {
            base = stripped
            let words = camelCaseWords(base)
            if words.count > 1, let last = words.last, prepositions.contains(last) {
                base = String(base.dropLast(last.count))
                labels[0] = last.lowercased()
            }
        }
        let witness = (base: base, labels: labels)
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

    /// `name` without the trailing words of a type's name (`didSelectRowAtIndexPath` for an
    /// `NSIndexPath` gives `didSelectRowAt`; `tableView` for a `UITableView` gives ``), nil
    /// when it does not end with them.
    static func dropTypeName(_ type: String, from name: String) -> String? {
        let words = camelCaseWords(type)
        for k in stride(from: words.count, through: 1, by: -1) {
            let suffix = words[(words.count - k)...].joined()
            if name.count > suffix.count, name.hasSuffix(suffix) { return String(name.dropLast(suffix.count)) }
            if name.count == suffix.count, name.prefix(1).uppercased() + name.dropFirst() == suffix { return "" }
        }
        return nil
    }

    /// `UITableView` as `UI`, `Table`, `View`; `numberOfSectionsIn` as `number`, `Of`, `Sections`, `In`.
    static func camelCaseWords(_ name: String) -> [String] {
        let chars = Array(name)
        var words: [String] = []
        var current = ""
        for (i, c) in chars.enumerated() {
            let startsWord = c.isUppercase && !current.isEmpty
                && (!(chars[i - 1].isUppercase) || (i + 1 < chars.count && chars[i + 1].isLowercase))
            if startsWord { words.append(current); current = "" }
            current.append(c)
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    /// The prepositions Swift's import splits a base name at (those UIKit's names end with).
    private static let prepositions: Set<String> = ["In", "For", "At", "With", "From", "To", "By", "On", "Of"]

    /// A name as swiftc prints it in a diagnostic: `f(_:)` as `f`, when no argument has a label.
    static func displayName(_ fullName: String) -> String {
        guard let open = fullName.firstIndex(of: "(") else { return fullName }
        let inner = fullName[fullName.index(after: open)...].dropLast()
        let labels = inner.split(separator: ":")
        return !labels.isEmpty && labels.allSatisfy({ $0 == "_" }) ? String(fullName[..<open]) : fullName
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

    /// Whether the method is declared `override` (the parser keeps a member's modifiers by
    /// its location).
    private static func isOverride(_ f: FunctionDecl, _ unit: SourceUnit) -> Bool {
        unit.memberModifiers[f.location]?.isOverride == true
    }

    /// The method's name, after its `func` keyword, as the parser placed it.
    static func nameLocation(_ f: FunctionDecl) -> SourceLocation {
        f.nameLocation == .unknown ? f.location : f.nameLocation
    }
}

/// The simulator's static checks' messages, in Xcode's and swiftc's words: this file's, and
/// ExtensionOverride.swift's for an extension member that overrides another extension's.
enum SimulatorCheckMessage: DiagnosticMessage, Hashable {
    case nearlyMatchesOptionalRequirement(method: String, requirement: String, protocol: String)
    case overrideLabelsDoNotMatch(method: String, overridden: String)
    case doesNotOverride
    case declaredInExtension(kind: String, name: String, extended: String)
    case addObjCToOverride
    case overrideKeywordMissing
    case overriddenHere

    var id: DiagnosticID {
        switch self {
        case .nearlyMatchesOptionalRequirement: return DiagnosticID("req_near_match")
        case .overrideLabelsDoNotMatch: return DiagnosticID("override_argument_label_mismatch")
        case .doesNotOverride: return DiagnosticID("method_does_not_override")
        case .declaredInExtension: return DiagnosticID("override_decl_extension")
        case .addObjCToOverride: return DiagnosticID("overridden_here_can_be_objc")
        case .overrideKeywordMissing: return DiagnosticID("missing_override")
        case .overriddenHere: return DiagnosticID("overridden_here")
        }
    }

    var text: String {
        switch self {
        case .nearlyMatchesOptionalRequirement(let m, let r, let p):
            return "instance method '\(m)' nearly matches optional requirement '\(r)' of protocol '\(p)'"
        case .overrideLabelsDoNotMatch(let m, let o):
            return "argument labels for method '\(m)' do not match those of overridden method '\(o)'"
        case .doesNotOverride:
            return "method does not override any method from its superclass"
        case .declaredInExtension(let kind, let name, let extended):
            return "non-'@objc' \(kind) '\(name)' is declared in extension of '\(extended)' and cannot be overridden"
        case .addObjCToOverride: return "add '@objc' to make this declaration overridable"
        case .overrideKeywordMissing: return "overriding declaration requires an 'override' keyword"
        case .overriddenHere: return "overridden declaration is here"
        }
    }
}
