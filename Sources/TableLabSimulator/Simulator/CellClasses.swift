// Cells of the script's own classes, as UIKit makes them (Apple's documentation of
// UITableView and UITableViewCell; UIKit does not run on Linux):
// - `register(MyCell.self, forCellReuseIdentifier:)`: `init(style: .default, reuseIdentifier:)`;
//   outlets stay nil (no nib connects them).
// - `register(UINib(nibName: "MyCell", bundle: nil), ...)` and a storyboard prototype whose
//   identifier names a cell class: the archive is decoded with `init?(coder:)`, the
//   `@IBOutlet`s are connected, then `awakeFromNib()` runs.
// - A cell dequeued again for an index path it showed in an earlier layout pass is reused:
//   `prepareForReuse()` runs before it is handed back.

import TableLabSyntax
import TableLabInterpreter

extension TableSimulator {
    /// A plain cell, with what a cell needs from the simulator.
    func makeCell(_ identifier: String, style: CellStyle) -> CellObject {
        let cell = CellObject(reuseIdentifier: identifier, style: style, describeType: typeName, zeros: zeros)
        cell.makeContentConfiguration = { [unowned self] style in try self.defaultContentConfiguration(style) }
        cell.makeBackgroundConfiguration = { [unowned self] tableStyle in
            let maker = tableStyle == nil || tableStyle == .plain ? "listPlainCell()" : "listGroupedCell()"
            return try self.interpreter.callFunction("UIBackgroundConfiguration.\(maker)", arguments: [])
        }
        cell.makeConfigurationState = { [unowned self] cell in try self.configurationState(of: cell) }
        return cell
    }

    /// UIKit's part of an instance of a script class that inherits from UITableViewCell:
    /// a `.default` cell until its `init(style:reuseIdentifier:)` (or the decoder) sets it up.
    func makeCellBase(for instance: TableInstance) -> CellObject {
        let cell = makeCell("", style: .default)
        cell.scriptClassName = instance.name
        // UIKit's own calls on the cell (setSelected(_:animated:)) reach the class's overrides.
        cell.dispatchMethod = { [unowned self, weak instance] name, arguments in
            guard let instance else { return nil }
            return try self.interpreter.callMethod(on: .type(.table(instance)), name, arguments)
        }
        let outlets = interpreter.outlets(ofClass: instance.name).map(\.name)
        if !outlets.isEmpty {
            // Weak: the instance holds its cell; the table keeps both while they are shown.
            cell.outletReader = { [unowned self, weak instance] in
                guard let instance else { return [] }
                let value = Value.type(.table(instance))
                return outlets.map { ($0, self.interpreter.storedProperty($0, of: value) ?? .nilValue) }
            }
        }
        return cell
    }

    /// `UITableViewCell.defaultContentConfiguration()`: the list configuration of the
    /// cell's style.
    func defaultContentConfiguration(_ style: CellStyle) throws -> Value {
        let maker: String
        switch style {
        case .default: maker = "cell()"
        case .subtitle: maker = "subtitleCell()"
        case .value1, .value2: maker = "valueCell()"
        }
        return try interpreter.callFunction("UIListContentConfiguration.\(maker)", arguments: [])
    }

    /// The cell's `configurationState`: its selected and highlighted states
    /// (CellSelection.swift); editing is the table's.
    func configurationState(of cell: CellObject) throws -> Value {
        let flag = { (id: HostMemberID) -> Value in
            if case .bool(let b)? = (try? cell.member(id: id))??.unboxedOptional { return .bool(b) }
            return .bool(false)
        }
        return try interpreter.callFunction("UICellConfigurationState.tableLabState(_:_:_:)",
                                            arguments: [flag(UIKitObject.Key.isSelected), flag(UIKitObject.Key.isHighlighted), .bool(cell.isInEditingTable)])
    }

    /// What UIKit does when it updates a cell's configuration (before it shows the cell):
    /// the cell's `updateConfiguration(using:)`, then its `configurationUpdateHandler`, each
    /// with the cell's configuration state.
    func updateConfiguration(of value: Value, _ cell: CellObject) throws {
        cell.needsConfigurationUpdate = false
        let overrides = interpreter.instanceMethod(of: value, "updateConfiguration(using:)") != nil
        let handler = CellObject.unwrapped(cell.configurationUpdateHandler)
        guard overrides || handler != nil else { return }
        let state = try configurationState(of: cell)
        if overrides { _ = try interpreter.callMethod(on: value, "updateConfiguration(using:)", [state]) }
        if let handler { _ = try interpreter.call(handler, [value, state]) }
    }

    /// The UIKit cell of a value a data source returns: a cell, or a script cell's UIKit part.
    func cellObject(of value: Value) -> CellObject? {
        switch value {
        case .object(let cell as CellObject): return cell
        case .wrapped(let inner): return cellObject(of: inner)
        default: return interpreter.hostBase(of: value) as? CellObject
        }
    }

    /// Keeps the script cell a data source returned for `path` while the table shows it
    /// (`cellForRow(at:)` hands it back; the next pass may reuse it).
    func keepCell(_ value: Value, at path: TableIndexPath, table: String) {
        guard let cell = cellObject(of: value) else { return }
        let state = state(of: table)
        guard case .type(.table) = value.unboxedOptional else { return }
        if state.cells[path] !== cell { state.cells[path] = cell }
        state.scriptCells[path] = value.unboxedOptional
    }

    /// Runs `body` (a cellForRow call) with `path` as the row being asked for.
    func askingForCell<T>(at path: TableIndexPath, table: String, _ body: () throws -> T) rethrows -> T {
        let state = state(of: table)
        let saved = state.cellPathAsked
        state.cellPathAsked = path
        defer { state.cellPathAsked = saved }
        return try body()
    }

    /// A script-class cell that showed `path` in an earlier pass, ready to be reused
    /// (`prepareForReuse()` has run); nil when there is none, or it is in use in this pass.
    func reusableCell(at path: TableIndexPath, identifier: String, state: TableState) throws -> Value? {
        guard let object = state.scriptCells[path], let cell = cellObject(of: object), cell.reuseIdentifier == identifier,
              state.cells[path] !== cell else { return nil }
        _ = try interpreter.callMethod(on: object, "prepareForReuse()", [])
        state.cells[path] = cell
        return object
    }

    /// A tap reaches no cell whose `isUserInteractionEnabled` is false (the cell shown at
    /// `path` in the last layout): UIKit selects nothing and calls no delegate method.
    func checkTakesTaps(_ path: TableIndexPath, in table: String) throws {
        if let value = state(of: table).visibleCells[path], let cell = cellObject(of: value), !cell.isUserInteractionEnabled {
            throw Interpreter.runtimeError(TableMessage.cellIgnoresTaps(path))
        }
    }

    /// Whether `name` is a script class that inherits from UITableViewCell.
    func isCellClass(_ name: String) -> Bool {
        interpreter.typeKind(name) == "class" && interpreter.hostClass(ofType: name) == "UITableViewCell"
    }

    /// Where a cell of `identifier` comes from when it is a script class: registered with
    /// a class or nib, or a storyboard prototype whose identifier names a cell class (a
    /// storyboard's prototypes are what its table can dequeue without registering).
    /// A cell class named like a built-in prototype (`class BasicCell: UITableViewCell`) is
    /// the storyboard's prototype of that identifier.
    func cellSource(_ identifier: String, _ registry: CellPrototypeRegistry) -> CellSource? {
        if let source = registry.source(forIdentifier: identifier) { return source }
        if registry.style(forIdentifier: identifier) != nil, !registry.isBuiltIn(identifier) { return nil }
        return isCellClass(identifier) ? .storyboard(cellClass: identifier) : nil
    }

    /// A new cell of a class or an archive, made as UIKit makes it.
    func makeCell(from source: CellSource, identifier: String, prototype: Storyboard.Prototype? = nil) throws -> Value {
        guard let className = source.cellClass else {
            return .object(makeCell(identifier, style: .default))
        }
        guard isCellClass(className) else {
            throw Interpreter.runtimeError(UIKitMessage.cannotFindInScope(className))
        }
        if !source.isArchived {
            let cell = try interpreter.construct(className, labels: ["style", "reuseIdentifier"],
                                                 arguments: [.string("default"), .wrapped(.string(identifier))])
            return cell
        }
        let made = try interpreter.construct(className, labels: ["coder"], arguments: [.object(CoderObject())])
        guard let cell = CellObject.unwrapped(made) else {
            throw Interpreter.runtimeError(TableMessage.cellCoderInitReturnedNil(className: className, identifier: identifier))
        }
        // A prototype of a built-in style (Subtitle, Right Detail) decodes with that style's
        // labels, whatever its class; a custom one is the default style.
        cellObject(of: cell)?.setUp(style: prototype?.style ?? .default, reuseIdentifier: identifier)
        // A prototype read from a storyboard or nib connects what the file connects, also
        // when that is nothing; only a cell whose file TableLab has not read is connected
        // by its outlets' types.
        if let prototype {
            try connectPrototype(prototype, of: cell, className: className)
        } else {
            connectOutlets(of: cell, className: className)
        }
        _ = try interpreter.callMethod(on: cell, "awakeFromNib()", [])
        return cell
    }

    /// The property each outlet of a decoded prototype sets, by the destination view's id;
    /// an outlet the class does not declare is UIKit's NSUnknownKeyException.
    func outletProperties(_ prototype: Storyboard.Prototype, of object: Value, className: String) throws -> [String: String] {
        let declared = Set(interpreter.storedProperties(of: object).map(\.name))
        var connected: [String: String] = [:]
        for outlet in prototype.outlets {
            guard declared.contains(outlet.property) else {
                throw Interpreter.runtimeError(UIKitMessage.unknownOutletKey(className: className, key: outlet.property))
            }
            connected[outlet.destination] = outlet.property
        }
        return connected
    }

    /// A storyboard prototype's cell as UIKit decodes it: the views Interface Builder laid
    /// out in it (a label with its text, an image view with its image, ...), each outlet
    /// the prototype connects set through its setter, the other views in the content view
    /// where `:show` draws them. An outlet the prototype does not connect stays nil, as on
    /// a device; one the class does not declare is UIKit's NSUnknownKeyException.
    func connectPrototype(_ prototype: Storyboard.Prototype, of cell: Value, className: String) throws {
        let connected = try outletProperties(prototype, of: cell, className: className)
        let contentView = cellObject(of: cell)?.contentView
        for view in prototype.views {
            let object = sceneView(view)
            if let control = object as? ControlObject {
                for action in view.actions { control.actions.append(connectedAction(action, prototype: prototype, cell: cell)) }
            }
            if let property = connected[view.id] {
                _ = try interpreter.connectOutlet(property, of: cell, to: .wrapped(.object(object)))
            } else {
                _ = try contentView?.callMethod(id: UIKitObject.Call.addSubview, [.object(object)])
            }
        }
    }

    /// A control's action connection in a prototype, as UIKit decodes it: its target is the
    /// cell or the scene's view controller the file names (any other destination, the
    /// First Responder, is a nil target: the responder chain); its selector the target's
    /// method whose Objective-C name the file gives (`settingSwitchToggled:` is
    /// `settingSwitchToggled(_:)`), else kept as written, for UIKit's unrecognized selector
    /// when it is sent.
    func connectedAction(_ action: Storyboard.Action, prototype: Storyboard.Prototype, cell: Value) -> TargetAction {
        var target = Value.nilValue
        if action.destination == prototype.id {
            target = cell
        } else if let name = storyboards.lazy.compactMap({ $0.controller(id: action.destination)?.customClass }).first,
                  let screen = screens[name]?.value {
            target = screen
        }
        var reference = action.selector
        if interpreter.instanceTypeName(of: target) != nil {
            // `tapWithSender:` is `tap(sender:)`: its base name ends before the last "With".
            let head = String(action.selector.prefix { $0 != ":" })
            var bases = [head]
            let parts = head.split(separator: "With", omittingEmptySubsequences: false)
            if parts.count > 1 { bases.append(parts.dropLast().joined(separator: "With")) }
            let methods = bases.flatMap { interpreter.instanceMethodNames(of: target, base: $0) }
            if let match = methods.first(where: { name in
                let base = String(name.prefix { $0 != "(" })
                return SelectorObject.objectiveCName(base: base, labels: SelectorObject.labels(ofFullName: name)) == action.selector
            }) {
                reference = match
            }
        }
        return TargetAction(target: target, action: SelectorObject(reference: reference), event: action.eventType)
    }

    /// A nib connects each `@IBOutlet` to the view it holds for it: a label, image view,
    /// switch, button or view of the declared type.
    func connectOutlets(of cell: Value, className: String) {
        let frame = (try? interpreter.tableProperty("CGRect", "zero")) ?? .nilValue
        for (name, type) in interpreter.outlets(ofClass: className) {
            let view: NativeObject
            switch type {
            case "UILabel": view = LabelObject(describeType: typeName, zeros: zeros)
            case "UIImageView": view = ImageViewObject(image: .nilValue, frame: frame)
            case "UISwitch" where uikitHost != nil: view = SwitchObject(host: uikitHost!, frame: frame)
            case "UIButton" where uikitHost != nil: view = ButtonObject(host: uikitHost!, type: "system", frame: frame)
            case "UIProgressView": view = ProgressViewObject(frame: frame)
            default: view = ViewObject(type.isEmpty ? "UIView" : type, frame: frame)
            }
            _ = interpreter.setStoredProperty(name, of: cell, to: .wrapped(.object(view)))
        }
    }

    /// `register(_:forCellReuseIdentifier:)` with a class (`MyCell.self`,
    /// `UITableViewCell.self`), a nib (`UINib(nibName:bundle:)`) or nil.
    func registerCell(_ source: Value, identifier: Value, table: TableViewObject) throws -> Value {
        guard case .string(let id) = identifier.unboxedOptional else {
            throw Interpreter.runtimeError(UIKitMessage.cannotConvertArgument(type: typeName(identifier), to: "String"))
        }
        let state = table.state
        if let name = interpreter.className(ofMetatype: source) {
            guard isCellClass(name) else {
                throw Interpreter.runtimeError(TableMessage.registeredClassNotCell(name))
            }
            state.registry.register(id, source: .cellClass(name))
        } else if case .object(let nib as NibObject)? = CellObject.unwrapped(source) {
            // The .xib loaded with that name (`:storyboard Cell.xib`) says the cell's class
            // and views; without one, the script's cell class named like the nib.
            let cell = storyboards.last { $0.nibName == nib.name }?.nibCells.first
            let className = cell?.customClass ?? nib.name
            guard isCellClass(className) else {
                throw Interpreter.runtimeError(TableMessage.nibWithoutCellClass(nib.name))
            }
            state.registry.register(id, source: .nib(name: nib.name, cellClass: className))
            state.storyboardPrototypes[id] = cell
        } else if isPlainCellClass(source) {
            state.registry.register(id, style: .default)
        } else {
            throw Interpreter.runtimeError(UIKitMessage.cannotConvertArgument(type: typeName(source), to: "AnyClass?"))
        }
        return .void
    }

    /// `UITableViewCell.self`.
    func isPlainCellClass(_ value: Value) -> Bool {
        if case .type(.builtin(let b)) = value.unboxedOptional, b.name == "UITableViewCell" { return true }
        return false
    }
}


