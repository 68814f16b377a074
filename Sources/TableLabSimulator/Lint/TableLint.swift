// `tablelab lint FILE...` and `:lint`: every screen (a table block, or a view-controller
// class with its extensions) is laid out and every row tapped (each tap on a copy of the
// state, put back after), and what UIKit would make of the result is reported as warnings
// at the code responsible, with the index path. The static checks of `tablelab check`
// come first.

import TableLabSyntax
import TableLabExhaustiveness
import TableLabInterpreter

/// What a lint found.
public struct LintReport {
    /// The static check's errors and warnings, then the lint's own findings in source order.
    public var diagnostics: [Diagnostic]
    public var errorCount: Int { diagnostics.filter { $0.severity == .error }.count }
    public var warningCount: Int { diagnostics.filter { $0.severity == .warning }.count }
    public var noteCount: Int { diagnostics.filter { $0.severity == .note }.count }

    /// `no problems found`, or the counts: `2 warnings, 1 note`.
    public var counts: String {
        var parts: [String] = []
        func add(_ n: Int, _ word: String) { if n > 0 { parts.append("\(n) \(word)\(n == 1 ? "" : "s")") } }
        add(errorCount, "error")
        add(warningCount, "warning")
        add(noteCount, "note")
        return parts.isEmpty ? "no problems found" : parts.joined(separator: ", ")
    }
}

extension Explorer {
    /// Lints every table of the code that ran, with the static checks of `:check`.
    public func lint() -> LintReport {
        var unique: [SourceFile] = []
        for f in sources.reversed() where f.name != "<prelude>" && !unique.contains(where: { $0.name == f.name && $0.text == f.text }) {
            unique.insert(f, at: 0)
        }
        let checked = checkLoadedCode().diagnostics
        let linter = TableLinter(explorer: self, files: unique)
        let found = linter.run()
        return LintReport(diagnostics: checked + found)
    }

    func lintCommand(_ arguments: String, _ context: CommandContext) throws {
        try requireNoArguments(arguments, context)
        let report = lint()
        for d in report.diagnostics { interpreter.warningHandler(d) }
        write("lint: \(report.counts)\n")
    }
}

/// One run of the linter over the tables of one explorer.
final class TableLinter {
    let explorer: Explorer
    var interpreter: Interpreter { explorer.interpreter }
    var simulator: TableSimulator { explorer.simulator }
    /// The latest declaration of each screen and enum, with its file. A view-controller
    /// class is held as a table with the members of its extensions added (where a data
    /// source and delegate usually are), at the class's own declaration.
    var tables: [String: (file: SourceFile, decl: TableDecl)] = [:]
    /// Screens that are classes (the others are table blocks: their state is static).
    var screenClasses: Set<String> = []
    /// Members of `extension NAME` seen before NAME's class declaration was.
    private var pendingExtensions: [String: [TypeMembers]] = [:]
    var enums: [String: (file: SourceFile, decl: EnumDecl)] = [:]
    var units: [(file: SourceFile, unit: SourceUnit)] = []
    var findings: [(order: Int, diagnostic: Diagnostic)] = []
    /// Enum cases that are the items of some table's rows, by enum.
    var usedCases: [String: Set<String>] = [:]
    /// Enums the tables are built from: their items and their sections' types.
    var ownEnums: Set<String> = []
    /// The scroll view being linted (`Split.bottom`), on a screen that shows several: its
    /// findings are labelled with it (ScrollViewLint.swift).
    var scrollViewLabel: String?

    init(explorer: Explorer, files: [SourceFile]) {
        self.explorer = explorer
        for file in files {
            guard let unit = try? Parser.parse(file, screenSuperclasses: UIKitBuiltins.screenSuperclasses) else { continue }
            units.append((file, unit))
            for s in unit.statements { if case .declaration(let d) = s.kind { collect(d, file) } }
        }
    }

    private func collect(_ d: Decl, _ file: SourceFile) {
        switch d {
        case .table(let t):
            tables[t.name] = (file, t)
            t.members.nestedTypes.forEach { collect($0, file) }
        case .enum(let e):
            enums[e.name] = (file, e)
            e.members.nestedTypes.forEach { collect($0, file) }
        case .struct(let s): s.members.nestedTypes.forEach { collect($0, file) }
        case .class(let c):
            c.members.nestedTypes.forEach { collect($0, file) }
            guard explorer.simulator.isScreenClass(c.name) else { return }
            var members = c.members
            for added in pendingExtensions.removeValue(forKey: c.name) ?? [] { members.methods += added.methods }
            tables[c.name] = (file, TableDecl(name: c.name, members: members, location: c.location))
            screenClasses.insert(c.name)
        case .extension(let name, let members, _):
            members.nestedTypes.forEach { collect($0, file) }
            if var screen = tables[name] {
                screen.decl.members.methods += members.methods
                tables[name] = screen
            } else {
                pendingExtensions[name, default: []].append(members)
            }
        default: break
        }
    }

    func warn(_ message: LintMessage, at location: SourceLocation, in file: SourceFile, severity: Severity = .warning) {
        let message = scrollViewLabel.map { LintMessage.inScrollView(view: $0, finding: message) } ?? message
        let order = units.firstIndex { $0.file === file } ?? units.count
        let d = Diagnostic(severity, message, at: location, in: file)
        guard !findings.contains(where: { $0.diagnostic.file === file && $0.diagnostic.location == location
                                          && ($0.diagnostic.content as? LintMessage) == message })
        else { return }
        findings.append((order, d))
    }

    /// An error the script raised while being linted, placed at the table when it has no place.
    func failed(_ error: Error, while doing: String, table: (file: SourceFile, decl: TableDecl)) {
        var d = Interpreter.diagnostic(for: error)
        if d.location == .unknown { d.location = table.decl.location }
        if d.file == nil { d.file = table.file }
        d.trace.append("while lint \(doing)")
        findings.append((units.firstIndex { $0.file === d.file } ?? units.count, d))
    }

    func run() -> [Diagnostic] {
        let savedOutput = interpreter.output
        let savedTracing = simulator.tracing
        let savedCurrent = (interpreter.currentTableName, interpreter.topLevelInstance)
        let savedNavigation = (simulator.navigationStack, simulator.rootTableName)
        // The script's own prints are not the report.
        interpreter.output = { _ in }
        simulator.tracing = false
        defer {
            interpreter.output = savedOutput
            simulator.tracing = savedTracing
            simulator.restoreNavigation(savedNavigation.0, root: savedNavigation.1)
            interpreter.currentTableName = savedCurrent.0
            interpreter.topLevelInstance = savedCurrent.1
        }
        for name in simulator.screenNames {
            guard let table = tables[name] else { continue }
            do {
                try interpreter.asOneRun(in: table.file) { lintScrollViews(name, table) }
            } catch {
                failed(error, while: "laid out '\(name)'", table: table)
            }
        }
        deadRows()
        defaultsOverOwnEnums()
        return findings.enumerated().sorted { a, b in
            let (x, y) = (a.element, b.element)
            if x.order != y.order { return x.order < y.order }
            if x.diagnostic.location.line != y.diagnostic.location.line { return x.diagnostic.location.line < y.diagnostic.location.line }
            if x.diagnostic.location.column != y.diagnostic.location.column { return x.diagnostic.location.column < y.diagnostic.location.column }
            return a.offset < b.offset
        }.map(\.element.diagnostic)
    }

    // MARK: - One table

    func method(_ m: DataSourceMethod, of decl: TableDecl) -> FunctionDecl? {
        let methods = TableMethods(methodNames: decl.members.methods.map(\.fullName))
        guard let name = methods[m]?.fullName else { return nil }
        return decl.members.methods.first { $0.fullName == name }
    }

    /// The items of each section, as the default data source reads them: `sections[i].items`,
    /// else the table's `items`; nil when the table keeps its data some other way.
    func data(of name: String) -> (property: String, sections: [[Value]], types: [Value])? {
        if let value = property(name, "sections"), case .array(let sections) = value {
            var items: [[Value]] = []
            var types: [Value] = []
            for section in sections {
                guard let list = try? interpreter.member("items", of: section), case .array(let rows) = list else { return nil }
                items.append(rows.values)
                if let type = try? interpreter.member("type", of: section) { types.append(type) }
            }
            return ("sections", items, types)
        }
        if let value = property(name, "items"), case .array(let rows) = value {
            return ("items", [rows.values], [])
        }
        return nil
    }

    /// The screen's object: a table block's singleton, or the class's instance on screen.
    func screenValue(_ name: String) -> Value? {
        guard screenClasses.contains(name) else { return interpreter.tableSingleton(name) }
        return (try? simulator.screen(name))?.value
    }

    /// A property of the screen, as its data source reads it.
    func property(_ name: String, _ property: String) -> Value? {
        guard screenClasses.contains(name) else { return (try? interpreter.tableProperty(name, property)) ?? nil }
        guard let screen = screenValue(name) else { return nil }
        return (try? interpreter.member(property, of: screen)) ?? nil
    }

    /// The `case` of a switch in `function` that handles the enum case `caseName`.
    func caseLocation(in function: FunctionDecl?, for caseName: String?) -> SourceLocation? {
        guard let function, let caseName else { return nil }
        var found: SourceLocation?
        // A `default:` answers for the cases no pattern names.
        var fallback: SourceLocation?
        var walk = SyntaxWalk()
        walk.onSwitch = { sw in
            guard found == nil else { return }
            for c in sw.cases where c.patterns.contains(where: { SyntaxWalk.caseNames(in: $0).contains { $0.name == caseName } }) {
                found = c.location
                return
            }
            if fallback == nil, let d = sw.cases.first(where: \.isDefault) { fallback = d.location }
        }
        walk.statements(function.body)
        return found ?? fallback
    }

    func caseName(_ value: Value?) -> String? {
        guard let value else { return nil }
        var v = value
        while case .wrapped(let inner) = v { v = inner }
        return interpreter.caseName(of: v)?.name
    }

    /// `checksData` false: the table view is not the one the screen's `sections`/`items`
    /// are taken to feed (another table view of the screen), so counts and items are not
    /// compared with them.
    func lint(_ name: String, _ table: (file: SourceFile, decl: TableDecl), checksData: Bool = true) {
        let decl = table.decl, file = table.file
        let shownName = scrollViewLabel ?? name
        // Lint lays the table out afresh, with cells of its own, and taps them; what the
        // session's table view shows stays as it was (VisibleCells.swift).
        let state = simulator.state(of: name)
        let savedDisplay = state.display
        state.display = TableDisplay(onScreen: nil, visibleCells: [:], scriptCells: [:], cells: [:])
        defer { state.display = savedDisplay }
        let snapshot: TableSnapshot
        do {
            // Bad heights are this pass's findings (checkHeights), not a stop.
            simulator.acceptsAnyHeight = true
            defer { simulator.acceptsAnyHeight = false }
            snapshot = try simulator.snapshot(of: name)
        } catch {
            failed(error, while: "laid out '\(shownName)'", table: table)
            return
        }
        let data = checksData ? self.data(of: name) : nil
        func item(_ path: TableIndexPath) -> Value? {
            guard let data, data.sections.indices.contains(path.section),
                  data.sections[path.section].indices.contains(path.row) else { return nil }
            return data.sections[path.section][path.row]
        }
        func place(_ m: DataSourceMethod, _ path: TableIndexPath?) -> SourceLocation {
            let f = method(m, of: decl)
            return caseLocation(in: f, for: caseName(path.flatMap(item))) ?? f?.location ?? decl.location
        }

        // Counts that disagree with the data.
        if let data {
            let property = decl.members.properties.first { $0.name == data.property }
            if method(.numberOfSections, of: decl) != nil, data.property == "sections", snapshot.sections.count != data.sections.count {
                warn(.sectionCountDisagrees(table: name, sections: snapshot.sections.count, property: data.property,
                                            dataCount: data.sections.count),
                     at: place(.numberOfSections, nil), in: file)
            }
            if method(.numberOfRows, of: decl) != nil {
                // One row over no data is the empty-state row ("No items"), a pattern of its own.
                for (s, section) in snapshot.sections.enumerated()
                where s < data.sections.count && section.rows.count != data.sections[s].count
                    && !(data.sections[s].isEmpty && section.rows.count == 1) {
                    let source = data.property == "sections" ? "sections[\(s)].items" : "items"
                    warn(.rowCountDisagrees(section: s, table: name, rows: section.rows.count, source: source,
                                           dataCount: data.sections[s].count),
                         at: place(.numberOfRows, nil), in: file)
                }
            }
            // The same item twice.
            var seen: [Value: TableIndexPath] = [:]
            for (s, rows) in data.sections.enumerated() {
                for (r, value) in rows.enumerated() {
                    let path = TableIndexPath(section: s, row: r)
                    if let first = seen[value] {
                        warn(.duplicateItem(item: interpreter.describe(value, debug: true), table: name, first: "\(first)", second: "\(path)"),
                             at: property?.location ?? decl.location, in: file)
                    } else {
                        seen[value] = path
                    }
                    if let (type, caseName) = caseTypeAndName(value) {
                        usedCases[type, default: []].insert(caseName)
                        ownEnums.insert(type)
                    }
                }
            }
            for type in data.types { if let (t, _) = caseTypeAndName(type) { ownEnums.insert(t) } }
        }
        for nested in decl.members.nestedTypes { if case .enum(let e) = nested { ownEnums.insert(e.name) } }

        // Cells and heights.
        for section in snapshot.sections {
            for row in section.rows {
                let texts = [row.cell.textLabel.text, row.cell.detailTextLabel?.text].compactMap { $0 }
                if texts.allSatisfy({ $0.allSatisfy(\.isWhitespace) }), !TableRenderer.hasRichContent(row.cell) {
                    warn(.cellShowsNoText(indexPath: "\(row.indexPath)", reuseIdentifier: row.cell.reuseIdentifier),
                         at: place(.cellForRow, row.indexPath), in: file)
                }
            }
        }
        checkHeights(name, snapshot, decl, file, place)

        // Taps.
        var reportedSegues: Set<String> = []
        segueCalls(decl, file, &reportedSegues)
        for section in snapshot.sections {
            for row in section.rows {
                tap(row, name, table, place, &reportedSegues)
            }
        }
    }

    func caseTypeAndName(_ value: Value) -> (String, String)? {
        var v = value
        while case .wrapped(let inner) = v { v = inner }
        guard let c = interpreter.caseName(of: v) else { return nil }
        return (c.type, c.name)
    }

    // MARK: - Heights

    /// The script's own answer, before UIKit's defaults replace a negative one.
    func raw(_ m: DataSourceMethod, _ name: String, _ arguments: [Value]) -> Double? {
        let names = interpreter.methodNames(ofType: name)
        // A class written for Swift 3 or later has no method in Swift 2's spelling that UIKit calls.
        let methods = TableMethods(methodNames: names, swift2: !(screenClasses.contains(name) && DataSourceMethod.writtenForSwift3(names)))
        guard let (fullName, takesTableView) = methods[m] else { return nil }
        let view = Value.object((try? simulator.tableViewObject(name)) ?? simulator.globalTableView)
        let all = takesTableView ? [view] + arguments : arguments
        let result: Value?
        if screenClasses.contains(name) {
            guard let screen = screenValue(name), let handle = interpreter.instanceMethod(of: screen, fullName) else { return nil }
            result = try? simulator.driving(name, { try interpreter.call(handle, on: screen, all) })
        } else {
            guard let handle = interpreter.tableMethod(name, fullName) else { return nil }
            result = try? simulator.driving(name, { try interpreter.call(handle, all) })
        }
        guard let result else { return nil }
        switch result {
        case .int(let n): return Double(n)
        case .double(let d): return d
        default: return nil
        }
    }

    func checkHeights(_ name: String, _ snapshot: TableSnapshot, _ decl: TableDecl, _ file: SourceFile,
                      _ place: (DataSourceMethod, TableIndexPath?) -> SourceLocation) {
        func problem(_ h: Double) -> String? {
            if h.isNaN { return "NaN" }
            if h.isInfinite { return "infinite" }
            if h == 0 { return "zero" }
            if h < 0 && h != TableSimulator.automaticDimension { return "negative" }
            return nil
        }
        for (s, section) in snapshot.sections.enumerated() {
            for (m, isHeader) in [(DataSourceMethod.heightForHeader, true), (.heightForFooter, false)] {
                if let h = raw(m, name, [.int(s)]), let p = problem(h) {
                    warn(.badSupplementaryHeight(isHeader: isHeader, section: s, problem: p, height: h),
                         at: place(m, nil), in: file)
                }
            }
            for row in section.rows {
                if let h = raw(.heightForRow, name, [simulator.indexPathValue(row.indexPath)]), let p = problem(h) {
                    warn(.badRowHeight(indexPath: "\(row.indexPath)", problem: p, height: h),
                         at: place(.heightForRow, row.indexPath), in: file)
                }
            }
        }
    }

    // MARK: - Taps and segues

    /// The identifiers `prepare(for:sender:)` mentions as string literals: the segues it handles.
    func preparedSegues(_ decl: TableDecl) -> Set<String> {
        var out: Set<String> = []
        guard let prepare = decl.members.methods.first(where: { $0.fullName == "prepare(for:sender:)" }) else { return out }
        var walk = SyntaxWalk()
        walk.onExpression = { e in if let s = SyntaxWalk.literal(e) { out.insert(s) } }
        walk.statements(prepare.body)
        return out
    }

    func segueHandled(_ identifier: String, _ decl: TableDecl) -> Bool {
        simulator.isScreenName(identifier) || preparedSegues(decl).contains(identifier)
    }

    /// `performSegue(withIdentifier: "X", ...)` written in the table's methods.
    func segueCalls(_ decl: TableDecl, _ file: SourceFile, _ reported: inout Set<String>) {
        var calls: [(String, SourceLocation)] = []
        var walk = SyntaxWalk()
        walk.onExpression = { e in
            guard case .call(let callee, let args) = e.kind, let first = args.first,
                  let identifier = SyntaxWalk.literal(first.value) else { return }
            switch callee.kind {
            case .identifier(let n) where n.hasPrefix("performSegue"): calls.append((identifier, first.value.location))
            case .member(_, let n) where n.hasPrefix("performSegue"): calls.append((identifier, first.value.location))
            default: break
            }
        }
        walk.members(decl.members)
        for (identifier, location) in calls where !segueHandled(identifier, decl) {
            warn(.segueLeadsNowhere(identifier: identifier, tappedRow: nil), at: location, in: file)
            reported.insert(identifier)
        }
    }

    /// What the visible cells of the table draw now.
    private func drawnCells(_ name: String) -> [TableIndexPath: CellSnapshot] {
        simulator.state(of: name).visibleCells.compactMapValues { simulator.cellObject(of: $0)?.snapshot }
    }

    func tap(_ row: RowSnapshot, _ name: String, _ table: (file: SourceFile, decl: TableDecl),
             _ place: (DataSourceMethod, TableIndexPath?) -> SourceLocation, _ reportedSegues: inout Set<String>) {
        let path = row.indexPath
        // The screens' class instances are held by the simulator, not by the script's
        // variables: their properties (and what they reach) are state too.
        let before = explorer.copySessionState()
        let navigation = (simulator.navigationStack, simulator.rootTableName)
        let current = (interpreter.currentTableName, interpreter.topLevelInstance)
        let selectedBefore = simulator.state(of: name).selectedRow
        // A tap may reload or change the cells: the next tap starts from the same layout.
        let displayBefore = simulator.state(of: name).display
        let drawnBefore = drawnCells(name)
        defer { simulator.state(of: name).display = displayBefore }
        var effects: [TableEffect] = []
        let savedEffects = simulator.effectHandler
        simulator.effectHandler = { effects.append($0) }
        interpreter.output = { text in effects.append(.print(text)) }
        var selected: TableIndexPath?
        var failure: Error?
        do {
            selected = try simulator.select(path, in: name, effects: { effects })
        } catch {
            failure = error
        }
        // A push or a presentation (`pushViewController`, `present`) is no effect of the
        // table's, but it is what the tap does: the navigation changed. So is a cell that
        // draws differently (a setSelected override's checkmark, a configuration update).
        let unchanged = interpreter.stateUnchanged(since: before) && simulator.navigationStack == navigation.0
            && drawnCells(name) == drawnBefore
        simulator.effectHandler = savedEffects
        interpreter.output = { _ in }
        interpreter.restoreState(before)
        simulator.restoreNavigation(navigation.0, root: navigation.1)
        interpreter.currentTableName = current.0
        interpreter.topLevelInstance = current.1
        simulator.state(of: name).selectedRow = selectedBefore
        if let failure {
            failed(failure, while: "tapped the row at \(path) of '\(scrollViewLabel ?? name)'", table: table)
            return
        }
        guard selected != nil else { return }  // willSelectRow(at:) refused it
        let doesSomething = effects.contains { effect in
            switch effect {
            case .deselectRow, .deselectItem, .selectItem, .selectRow: return false
            default: return true
            }
        }
        if !doesSomething, unchanged, row.cell.selectionStyle != .none {
            let withoutDidSelect = method(.didSelectRow, of: table.decl) == nil ? name : nil
            warn(.selectionDoesNothing(indexPath: "\(path)", withoutDidSelect: withoutDidSelect),
                 at: place(.didSelectRow, path), in: table.file)
        }
        for case .performSegue(let identifier, let pushed) in effects where pushed == nil && !reportedSegues.contains(identifier) {
            if !segueHandled(identifier, table.decl) {
                warn(.segueLeadsNowhere(identifier: identifier, tappedRow: "\(path)"), at: place(.didSelectRow, path), in: table.file)
                reportedSegues.insert(identifier)
            }
        }
    }

    // MARK: - The enums of the tables

    /// Cases of an item enum that no table shows.
    func deadRows() {
        for (type, used) in usedCases.sorted(by: { $0.key < $1.key }) {
            guard let e = enums[type] else { continue }
            for c in e.decl.cases where !used.contains(c.name) {
                warn(.deadRow(caseName: c.name, type: type),
                     at: c.location, in: e.file)
            }
        }
    }

    /// A `default:` in a switch over one of the tables' own enums hides cases added later
    /// from the exhaustiveness check: the lesson of the originals.
    func defaultsOverOwnEnums() {
        for (file, unit) in units {
            var walk = SyntaxWalk()
            walk.onSwitch = { [self] sw in
                guard let fallback = sw.cases.first(where: \.isDefault) else { return }
                let mentioned = sw.cases.flatMap { $0.patterns.flatMap(SyntaxWalk.caseNames) }
                guard !mentioned.isEmpty else { return }
                let candidates = ownEnums.filter { name in
                    guard let cases = interpreter.enumCases(name) else { return false }
                    return mentioned.allSatisfy { ($0.type == nil || $0.type == name) && cases.contains($0.name) }
                }
                guard candidates.count == 1, let type = candidates.first else { return }
                warn(.defaultHidesLaterCases(type: type),
                     at: fallback.location, in: file, severity: .note)
            }
            walk.statements(unit.statements)
        }
    }
}
