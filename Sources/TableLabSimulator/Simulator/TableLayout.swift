// The layout pass: what UITableView asks its data source and delegate, in UIKit's order,
// to lay out and draw a table (reloadData, then the first layoutSubviews), and the
// section parts of the simulator: styles, the accessory button, swipe actions.
//
// UIKit cannot run on Linux; the order follows Apple's documentation of each method:
// 1. row data (`reloadData`): numberOfSections, numberOfRowsInSection for each section;
//    then per section heightForHeaderInSection, heightForFooterInSection and every row's
//    height: estimatedHeightForRowAt when the delegate has it ("the table view calls
//    this method ... instead of tableView(_:heightForRowAt:)" at load time), else
//    heightForRowAt;
// 2. the section index: sectionIndexTitles(for:);
// 3. display, section by section (every section is on screen in TableLab's picture):
//    the header (viewForHeaderInSection, else titleForHeaderInSection), then
//    willDisplayHeaderView ("before the header view is displayed"); each row's
//    heightForRowAt when heights were estimated (asked as the row comes on screen),
//    cellForRowAt, then willDisplay(_:forRowAt:) ("just before it uses cell to draw a
//    row"); the footer as the header.

import TableLabSyntax
import TableLabInterpreter

extension TableSimulator {
    /// Sets a table's UITableView.Style: for `UITableView(frame:style:)`,
    /// `UITableViewController(style:)` / `super.init(style:)`, and `:style`.
    public func setStyle(_ style: TableStyle, of table: String) {
        let state = state(of: table)
        state.style = style
        state.invalidateLayout()
    }

    public func style(of table: String) -> TableStyle {
        state(of: table).style
    }

    /// Lays out `table` as UIKit would (the order above).
    /// Without cells (`includeCells: false`) each row holds an empty BasicCell and nothing
    /// is displayed; a self-sizing row's height is then an estimate (SelfSizing.swift).
    /// `cellsUpToLimit`: cells are made only while the table has no more rows than TableLab
    /// makes cells for (`:heights`, which needs them for self-sizing rows only).
    func layOut(_ table: String, includeCells requested: Bool, cellsUpToLimit: Bool = false) throws -> TableSnapshot {
        // The screen appears after this layout (viewDidAppear follows the data-source calls).
        let driver = try self.driver(for: table, layout: true)
        let state = driver.tableView.state
        // Nothing changed since the last layout: the table view asks nothing (VisibleCells.swift).
        // (`:heights` reads the same heights: UIKit's content size is the laid-out rows'.)
        if let onScreen = state.onScreen, !onScreen.needsUpdate { return redraw(onScreen.layout, state) }
        // After reloadRows/insertRows/deleteRows, the cells of the other rows stay.
        return try driving(driver.tableView) {
            var includeCells = requested
            let rowCounts = try countedRows(driver, table, includeCells: includeCells && !cellsUpToLimit)
            if cellsUpToLimit, rowCounts.reduce(0, +) > Self.maximumRowsWithCells { includeCells = false }
            let kept = includeCells && state.onScreen != nil ? state.visibleCells : [:]
            if includeCells {
                state.onScreen = nil
                state.visibleCells = kept
                state.cells = [:]
                for (path, value) in kept { state.cells[path] = cellObject(of: value) }
            }
            let estimates = driver.methods.has(.estimatedHeightForRow)
            var heights = try plannedHeights(driver, rowCounts, estimates: estimates)
            let indexTitles = try driver.sectionIndexTitles()
            var sections: [SectionSnapshot] = []
            for section in rowCounts.indices {
                let (header, headerView) = try sectionEnd(driver, .viewForHeader, section, displays: includeCells)
                var rows: [RowSnapshot] = []
                rows.reserveCapacity(rowCounts[section])
                for row in 0..<rowCounts[section] {
                    try interpreter.step()
                    let path = TableIndexPath(section: section, row: row)
                    // Estimated rows get their real height as they come on screen.
                    if estimates { heights.rows[section][row] = try driver.heightForRow(at: path) }
                    let (cell, object) = try laidOutCell(driver, at: path, state, kept: kept, includeCells: includeCells)
                    let height = rowHeight(heights.rows[section][row], cell: object, state)
                    rows.append(RowSnapshot(indexPath: path, cell: cell, height: height.height, heightIsEstimate: height.isEstimate))
                }
                let (footer, footerView) = try sectionEnd(driver, .viewForFooter, section, displays: includeCells)
                let headerHeight = heights.headers[section]
                    ?? Self.setEndHeight(state, TableState.Stored.sectionHeaderHeight, hasContent: header != nil || headerView != nil)
                let footerHeight = heights.footers[section]
                    ?? Self.setEndHeight(state, TableState.Stored.sectionFooterHeight, hasContent: footer != nil || footerView != nil)
                sections.append(SectionSnapshot(headerTitle: header, footerTitle: footer,
                                                headerHeight: headerHeight, footerHeight: footerHeight,
                                                rows: rows, headerView: headerView, footerView: footerView,
                                                style: state.style))
            }
            var snapshot = TableSnapshot(name: table, sections: sections, width: screenWidth, style: state.style,
                                         sectionIndexTitles: indexTitles)
            try layOutEndViews(state)
            decorate(&snapshot, state)
            if includeCells {
                // Rows past the new counts are no longer on screen.
                state.visibleCells = state.visibleCells.filter { path, _ in
                    sections.indices.contains(path.section) && sections[path.section].rows.indices.contains(path.row)
                }
                state.onScreen = OnScreenTable(layout: snapshot)
            }
            return snapshot
        }
    }

    /// The row count of each section, as the data source tells them; an error past the
    /// rows TableLab lays out (or makes cells for).
    private func countedRows(_ driver: TableDriver, _ table: String, includeCells: Bool) throws -> [Int] {
        let sectionCount = try driver.numberOfSections()
        var rowCounts: [Int] = []
        for section in 0..<sectionCount {
            try interpreter.step()
            rowCounts.append(try driver.numberOfRows(inSection: section))
        }
        // Each count is an Int, their sum may not be (three sections of Int.max rows).
        var total = 0, overflowed = false
        for n in rowCounts where !overflowed { (total, overflowed) = total.addingReportingOverflow(n) }
        guard !overflowed, total <= Self.maximumLaidOutRows else {
            throw Interpreter.runtimeError(TableMessage.tooManyRows(table: table, total: overflowed ? nil : total, limit: Self.maximumLaidOutRows))
        }
        guard !includeCells || total <= Self.maximumRowsWithCells else {
            throw Interpreter.runtimeError(TableMessage.tooManyRowsWithCells(table: table, total: total, limit: Self.maximumRowsWithCells))
        }
        return rowCounts
    }

    /// What a row shows in a layout that makes no cells (`:heights`).
    private static let placeholderCell = CellSnapshot(prototype: "BasicCell", style: .default)

    /// The heights UIKit asks for before it makes any cell: each section's header and
    /// footer (nil: the delegate does not say), and each row's, estimated where it can be.
    private struct PlannedHeights {
        var headers: [Double?] = []
        var footers: [Double?] = []
        var rows: [[Double]] = []
    }

    private func plannedHeights(_ driver: TableDriver, _ rowCounts: [Int], estimates: Bool) throws -> PlannedHeights {
        var planned = PlannedHeights()
        for section in rowCounts.indices {
            planned.headers.append(try driver.heightForHeader(inSection: section))
            planned.footers.append(try driver.heightForFooter(inSection: section))
            var heights: [Double] = []
            heights.reserveCapacity(rowCounts[section])
            for row in 0..<rowCounts[section] {
                try interpreter.step()
                let path = TableIndexPath(section: section, row: row)
                if estimates, let estimate = try driver.estimatedHeightForRow(at: path) {
                    heights.append(estimate)
                } else {
                    heights.append(try driver.heightForRow(at: path))
                }
            }
            planned.rows.append(heights)
        }
        return planned
    }

    /// What the row at `path` shows: the cell it kept, else a new one from the data source
    /// (displayed and laid out as UIKit does), or a placeholder when no cells are asked for.
    private func laidOutCell(_ driver: TableDriver, at path: TableIndexPath, _ state: TableState,
                             kept: [TableIndexPath: Value], includeCells: Bool) throws -> (CellSnapshot, CellObject?) {
        guard includeCells else { return (Self.placeholderCell, nil) }
        if let value = kept[path], let cell = cellObject(of: value) {
            // A kept cell whose state changed since it was drawn is updated before it is drawn again.
            if cell.needsConfigurationUpdate { try updateConfiguration(of: value, cell) }
            return (cell.snapshot, cell)
        }
        let cell = try driver.cellForRow(at: path)
        let value = cellValue(cell, at: path, state)
        // UIKit updates a cell's configuration for its state once cellForRowAt returns it,
        // and again before layout when the cell asked for it (setNeedsUpdateConfiguration).
        if let object = cellObject(of: value) {
            object.isInEditingTable = state.isEditing
            try takeSelection(value, object, at: path, state)
            try updateConfiguration(of: value, object)
        }
        state.visibleCells[path] = value
        try driver.willDisplay(cell: cell, at: path)
        if let object = cellObject(of: value), object.needsConfigurationUpdate { try updateConfiguration(of: value, object) }
        // UIKit lays a cell out before it comes on screen: a cell class's own
        // layoutSubviews runs (and may add its views or change its style).
        _ = try interpreter.callMethod(on: value, "layoutSubviews()", [])
        return (cell.snapshot, cell)
    }

    /// `sectionHeaderHeight` or `sectionFooterHeight` (`key`) as the script set it, which
    /// UITableView uses when its delegate has no heightForHeaderInSection/heightForFooterInSection;
    /// nil while it is automaticDimension (never set, or set to it). A plain table still has
    /// no header or footer where the section has no title and no view.
    /// The Section Header/Footer height the storyboard gives, which UIKit decodes as the
    /// table's `sectionHeaderHeight`/`sectionFooterHeight`. Interface Builder writes its own
    /// default for the style (plain 28, grouped 18) when the author changed nothing; that
    /// one is left to the style's heights above, which are what devices show for it.
    static func storyboardEndHeight(_ state: TableState, _ key: HostMemberID) -> Value? {
        guard let value = state.storyboardProperties[key], let height = UIKitValue.number(value) else { return nil }
        return height == (state.style == .plain ? 28 : 18) ? nil : value
    }

    static func setEndHeight(_ state: TableState, _ key: HostMemberID, hasContent: Bool) -> Double? {
        guard let value = state.otherProperties[key] ?? storyboardEndHeight(state, key),
              let height = UIKitValue.number(value), height >= 0 else { return nil }
        return state.style == .plain && !hasContent ? 0 : height
    }

    /// A header (`.viewForHeader`) or footer: the script's view, else its title; then
    /// willDisplayHeaderView / willDisplayFooterView with the view shown, and the view as
    /// it is after that call. The title is asked only when there is no view (UIKit draws
    /// a title only in the header view it makes itself).
    private func sectionEnd(_ driver: TableDriver, _ viewMethod: DataSourceMethod, _ section: Int,
                            displays: Bool) throws -> (title: String?, view: HeaderFooterSnapshot?) {
        let isHeader = viewMethod == .viewForHeader
        let displayMethod: DataSourceMethod = isHeader ? .willDisplayHeader : .willDisplayFooter
        if let view = try driver.view(viewMethod, inSection: section) {
            if displays { try driver.willDisplay(displayMethod, view: view, inSection: section) }
            return (nil, SectionViews.snapshot(of: view))
        }
        let title = isHeader ? try driver.titleForHeader(inSection: section) : try driver.titleForFooter(inSection: section)
        guard let title, displays, driver.methods.has(displayMethod) else { return (title, nil) }
        // UIKit shows a title in a UITableViewHeaderFooterView of its own, which the
        // delegate may restyle in willDisplayHeaderView: what it leaves is drawn.
        let view = driver.titleView(title)
        try driver.willDisplay(displayMethod, view: view, inSection: section)
        return (title, SectionViews.snapshot(of: view))
    }

    /// The table-view methods of sections: header-footer registration and dequeueing.
    func callSectionTableViewMethod(_ method: TableMethod, _ a: [Value], table: TableViewObject) throws -> Value? {
        let state = table.state
        switch method {
        case .addSubview:
            // Only a refresh control: a table view lays out no other subview TableLab draws.
            guard case .object(let control as RefreshControlObject)? = CellObject.unwrapped(a[0]) else { return nil }
            table.refreshSubview = control
            return .void
        case .registerHeaderFooter:
            guard let identifier = UIKitBuiltins.optionalText(a[1]) else {
                throw Interpreter.runtimeError(UIKitMessage.cannotConvertArgument(type: typeName(a[1]), to: "String"))
            }
            // UIKit makes the registered class, or the nib's view, on each dequeue; TableLab
            // makes UIKit's own header view only, so anything else would come back silently
            // different (`as? MyHeader` nil, the nib's subviews missing).
            switch CellObject.unwrapped(a[0]) {
            case .object(let nib as NibObject)?:
                // The nib's view is made on each dequeue; TableLab needs the .xib loaded
                // (`:storyboard`) to know its class and views, and its class to be the
                // script's UITableViewHeaderFooterView subclass.
                guard let view = storyboards.last(where: { $0.nibName == nib.name })?.nibCells.first,
                      let className = view.customClass,
                      interpreter.hostClass(ofType: className) == "UITableViewHeaderFooterView" else {
                    throw Interpreter.runtimeError(TableMessage.headerFooterFromNib(nib.name))
                }
                state.sectionViews.headerFooterClasses[identifier] = nil
                state.sectionViews.headerFooterNibs[identifier] = view
                state.sectionViews.headerFooterIdentifiers.insert(identifier)
                return .void
            case let registered?:
                if let className = interpreter.className(ofMetatype: registered),
                   interpreter.hostClass(ofType: className) == "UITableViewHeaderFooterView" {
                    // UIKit makes the class with init(reuseIdentifier:) on each dequeue.
                    state.sectionViews.headerFooterClasses[identifier] = className
                    state.sectionViews.headerFooterIdentifiers.insert(identifier)
                    return .void
                }
                let name = typeName(registered)
                if name.hasSuffix(".Type"), name != "UITableViewHeaderFooterView.Type" {
                    throw Interpreter.runtimeError(TableMessage.headerFooterNotHeaderFooterView(String(name.dropLast(5))))
                }
            case nil:
                break
            }
            state.sectionViews.headerFooterClasses[identifier] = nil
            state.sectionViews.headerFooterNibs[identifier] = nil
            state.sectionViews.headerFooterIdentifiers.insert(identifier)
            return .void
        case .dequeueHeaderFooter:
            guard let identifier = UIKitBuiltins.optionalText(a[0]) else {
                throw Interpreter.runtimeError(UIKitMessage.cannotConvertArgument(type: typeName(a[0]), to: "String"))
            }
            // UIKit answers nil for an identifier nothing was registered for.
            guard state.sectionViews.headerFooterIdentifiers.contains(identifier) else { return .nilValue }
            if let nibView = state.sectionViews.headerFooterNibs[identifier] {
                return try headerFooterView(fromNib: nibView, identifier: identifier)
            }
            if let className = state.sectionViews.headerFooterClasses[identifier] {
                // `UITableViewHeaderFooterView?`: a failable initializer's nil stays nil.
                let view = try interpreter.construct(className, labels: ["reuseIdentifier"], arguments: [.wrapped(.string(identifier))])
                if case .nilValue = view { return view }
                return .wrapped(view.unboxedOptional)
            }
            return .wrapped(.object(HeaderFooterViewObject(reuseIdentifier: identifier, describeType: typeName, zeros: zeros)))
        default:
            return nil
        }
    }

    /// A header or footer view decoded from its nib, as UIKit makes it on each dequeue:
    /// `init?(coder:)`, the outlets the file connects, `awakeFromNib()`. The nib's views
    /// are what it shows, so each is placed in its content view, outlet or not.
    private func headerFooterView(fromNib view: Storyboard.Prototype, identifier: String) throws -> Value {
        guard let className = view.customClass else { return .nilValue }
        let decoded = try interpreter.construct(className, labels: ["coder"], arguments: [.object(CoderObject())])
        guard let made = CellObject.unwrapped(decoded), case .type(.table(let instance)) = made,
              let header = instance.host as? HeaderFooterViewObject else { return decoded }
        header.dequeued(as: identifier)
        let connected = try outletProperties(view, of: made, className: className)
        for subview in view.views {
            let object = sceneView(subview)
            if let property = connected[subview.id] {
                _ = try interpreter.connectOutlet(property, of: made, to: .wrapped(.object(object)))
            }
            _ = try header.contentView.callMethod(id: UIKitObject.Call.addSubview, [.object(object)])
        }
        _ = try interpreter.callMethod(on: made, "awakeFromNib()", [])
        return .wrapped(made)
    }

    // MARK: - The accessory button and swipes

    /// `:accessory S R`: the accessory button of a row tapped (accessoryButtonTappedForRowWith).
    public func tapAccessory(_ indexPath: TableIndexPath, in table: String, effects: () -> [TableEffect]) throws {
        try validate(indexPath, in: table)
        let driver = try self.driver(for: table)
        let before = try untraced { try rowCounts(of: table) }
        try withRowInView(indexPath, of: table) {
            try driving(table) {
                guard try driver.accessoryButtonTapped(at: indexPath) else {
                    throw Interpreter.runtimeError(UIKitMessage.noAccessoryHandler(table: table))
                }
            }
        }
        try untraced { try checkBatchUpdate(table: table, before: before, effects: effects()) }
    }

    /// One swipe button of a row: which edge, its title and style.
    public struct SwipeAction: Sendable, Equatable {
        public var edge: String
        public var title: String
        public var listing: String
    }

    /// The row's swipe actions, trailing (right) then leading (left): the
    /// configurations the delegate returns; without either method, the old
    /// editActionsForRowAt; without that, UIKit's Delete when the row can be deleted.
    public func swipeActions(at indexPath: TableIndexPath, in table: String) throws -> [SwipeAction] {
        try validate(indexPath, in: table)
        let driver = try self.driver(for: table)
        return try driving(table) { try swipeButtons(driver, indexPath).map(\.action) }
    }

    private enum SwipeHandler {
        case contextual(ContextualActionObject)
        case row(RowActionObject)
        case delete
    }

    private func swipeButtons(_ driver: TableDriver, _ indexPath: TableIndexPath,
                              edges: [String] = ["trailing", "leading"]) throws -> [(action: SwipeAction, handler: SwipeHandler)] {
        var buttons: [(SwipeAction, SwipeHandler)] = []
        let hasConfigurations = driver.methods.has(.trailingSwipeActions) || driver.methods.has(.leadingSwipeActions)
        // The usual swipe, to the left, shows the trailing actions.
        if edges.contains("trailing") {
            if let trailing = try driver.swipeConfiguration(.trailingSwipeActions, at: indexPath) {
                for action in trailing.actions {
                    buttons.append((SwipeAction(edge: "trailing", title: action.title ?? "", listing: action.listing), .contextual(action)))
                }
            } else if !hasConfigurations, let actions = try driver.editActions(at: indexPath) {
                for action in actions {
                    buttons.append((SwipeAction(edge: "trailing", title: action.title ?? "", listing: action.listing), .row(action)))
                }
            } else if driver.methods.has(.commit), try driver.canEditRow(at: indexPath),
                      try driver.editingStyle(at: indexPath) == "delete" {
                // No configuration, or nil for this row ("return nil if you want the table to
                // display the default set of actions"): UIKit's own Delete, which commits the
                // deletion, on a row whose editing style is .delete (an .insert or .none row
                // swipes to nothing: editingStyleForRowAt's documentation).
                buttons.append((SwipeAction(edge: "trailing", title: "Delete", listing: "Delete (destructive)"), .delete))
            }
        }
        if edges.contains("leading"), let leading = try driver.swipeConfiguration(.leadingSwipeActions, at: indexPath) {
            for action in leading.actions {
                buttons.append((SwipeAction(edge: "leading", title: action.title ?? "", listing: action.listing), .contextual(action)))
            }
        }
        return buttons
    }

    /// `:swipe S R TITLE`: taps the swipe button titled `title`, calling its handler as
    /// UIKit does: a UIContextualAction's with (action, sourceView, completionHandler),
    /// a UITableViewRowAction's with (action, indexPath), UIKit's Delete through
    /// commit(.delete, forRowAt:). Returns whether the action had a completion handler
    /// (only a UIContextualAction has) and what it was called with (nil: not called).
    public func runSwipeAction(_ title: String, at indexPath: TableIndexPath, in table: String,
                               effects: () -> [TableEffect]) throws -> (hasCompletion: Bool, completed: Bool?) {
        try validate(indexPath, in: table)
        let driver = try self.driver(for: table)
        let before = try untraced { try rowCounts(of: table) }
        // A swipe to the left shows the trailing actions; to the right, the leading ones:
        // the leading side is asked only when the title is not on the trailing one.
        var buttons = try driving(table) { try swipeButtons(driver, indexPath, edges: ["trailing"]) }
        if !buttons.contains(where: { $0.action.title == title }) {
            buttons = try driving(table) { try swipeButtons(driver, indexPath, edges: ["leading"]) }
        }
        guard let chosen = buttons.first(where: { $0.action.title == title }) else {
            let all = try untraced { try driving(table) { try swipeButtons(driver, indexPath) } }
            throw Interpreter.runtimeError(all.isEmpty ? TableMessage.noSwipeActions(indexPath)
                : TableMessage.noSuchSwipeAction(indexPath, title: title, titles: all.map(\.action.title)))
        }
        var completed: Bool?
        // The swiped row is on screen: cellForRow(at:) answers it.
        try withRowInView(indexPath, of: table) { try driving(table) {
            switch chosen.handler {
            case .contextual(let action):
                let completion = interpreter.nativeClosure(arity: 1) { arguments in
                    if case .bool(let flag)? = arguments.first { completed = flag }
                    return .void
                }
                if tracing { traceOutput("trace: \(action.typeName) \(TableEffect.quoted(title)) handler(action, view, completionHandler)") }
                if case .function = action.handler {
                    // The source view is the button's own view, a UIView.
                    let sourceView = ViewObject("UIView", frame: zeros.rect)
                    _ = try interpreter.call(action.handler, [.object(action), .object(sourceView), completion])
                }
            case .row(let action):
                if tracing { traceOutput("trace: \(action.typeName) \(TableEffect.quoted(title)) handler(action, \(indexPath))") }
                if case .function = action.handler {
                    _ = try interpreter.call(action.handler, [.object(action), indexPathValue(indexPath)])
                }
            case .delete:
                try driver.commit(editingStyle: "delete", forRowAt: indexPath)
            }
        } }
        try untraced { try checkBatchUpdate(table: table, before: before, effects: effects()) }
        if case .contextual = chosen.handler { return (true, completed) }
        return (false, nil)
    }
}
