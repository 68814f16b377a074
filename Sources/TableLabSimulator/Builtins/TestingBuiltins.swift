// What a script needs to test its own tables in code: `tap(S, R)` returns the effects of
// selecting a row as values that compare (`.performSegue("Donate")`), `render()` the text
// `:show` prints, `heights()` the numbers `:heights` prints.
//
// The name `tap`: it does what a finger does (willSelectRow, then didSelectRow, as
// `:select` and its alias `:tap`), and it cannot be mistaken for UIKit's
// `selectRow(at:animated:scrollPosition:)`, which selects without calling the delegate.

import TableLabSyntax
import TableLabInterpreter

enum TestingBuiltins {
    /// Written in the language, so that the values behave like the script's own structs:
    /// `==`, `contains`, fields by name (`effects[0].kind`). Each static method is one kind
    /// of effect, spelled as UIKit's call is (`deselectRow(_:animated:)`).
    static let prelude = """
    struct TableEffect: Equatable {
        var kind: String
        var identifier: String? = nil
        var indexPath: IndexPath? = nil
        var destination: IndexPath? = nil
        var indexPaths: [IndexPath]? = nil
        var animated: Bool? = nil
        var title: String? = nil
        var message: String? = nil
        var text: String? = nil
        static func performSegue(_ identifier: String) -> TableEffect { TableEffect(kind: "performSegue", identifier: identifier) }
        static func deselectRow(_ indexPath: IndexPath, animated: Bool) -> TableEffect {
            TableEffect(kind: "deselectRow", indexPath: indexPath, animated: animated)
        }
        static func selectRow(_ indexPath: IndexPath?, animated: Bool) -> TableEffect {
            TableEffect(kind: "selectRow", indexPath: indexPath, animated: animated)
        }
        static func alert(title: String?, message: String?) -> TableEffect { TableEffect(kind: "alert", title: title, message: message) }
        static let reloadData = TableEffect(kind: "reloadData")
        static func reloadRows(_ indexPaths: [IndexPath]) -> TableEffect { TableEffect(kind: "reloadRows", indexPaths: indexPaths) }
        static func insertRows(_ indexPaths: [IndexPath]) -> TableEffect { TableEffect(kind: "insertRows", indexPaths: indexPaths) }
        static func deleteRows(_ indexPaths: [IndexPath]) -> TableEffect { TableEffect(kind: "deleteRows", indexPaths: indexPaths) }
        static func moveRow(from: IndexPath, to: IndexPath) -> TableEffect {
            TableEffect(kind: "moveRow", indexPath: from, destination: to)
        }
        static func printed(_ text: String) -> TableEffect { TableEffect(kind: "printed", text: text) }
        static func openURL(_ url: String) -> TableEffect { TableEffect(kind: "openURL", text: url) }
    }
    struct TableHeights: Equatable {
        var headers: [Double]
        var rows: [[Double]]
        var footers: [Double]
        var total: Double
    }
    """

    /// Every name the prelude and the native functions declare.
    static let names = ["TableEffect", "TableHeights", "tap", "render", "heights"]

    static func install(into interpreter: Interpreter, simulator: TableSimulator, width: @escaping () -> Int) throws(Diagnostic) {
        try interpreter.runPrelude(SourceFile(name: "<prelude>", text: prelude))
        interpreter.setPrintedModule(nil, ofTypes: ["TableHeights"])
        interpreter.setCaseLikeDescription(ofStruct: "TableEffect") { [unowned interpreter] fields in
            describe(fields, interpreter)
        }
        interpreter.registerNativeFunction("tap(_:_:)") { [unowned interpreter, unowned simulator] arguments in
            guard case .int(let section) = arguments[0], case .int(let row) = arguments[1] else {
                throw Interpreter.runtimeError(UIKitMessage.tapArguments)
            }
            return try tap(TableIndexPath(section: section, row: row), interpreter, simulator)
        }
        interpreter.registerNativeFunction("render()") { [unowned simulator] _ in
            .string(try render(simulator, width: width()))
        }
        interpreter.registerNativeFunction("render(width:)") { [unowned simulator] arguments in
            guard case .int(let columns) = arguments[0], columns > 0 else {
                throw Interpreter.runtimeError(UIKitMessage.renderWidth)
            }
            return .string(try render(simulator, width: columns))
        }
        interpreter.registerNativeFunction("heights()") { [unowned interpreter, unowned simulator] _ in
            try heights(interpreter, simulator)
        }
        for name in ["tap(_:_:)", "render()", "render(width:)", "heights()"] { interpreter.placeErrorsAtCall(of: name) }
    }

    static func currentTable(_ simulator: TableSimulator) throws -> String {
        guard let table = simulator.currentTableName else {
            throw Interpreter.runtimeError(TableMessage.noTableYet)
        }
        return table
    }

    /// willSelectRow, then didSelectRow, on the current table, as `:select` does (a segue
    /// to a table pushes it), but silent: what `print` wrote comes back as `.printed`.
    static func tap(_ path: TableIndexPath, _ interpreter: Interpreter, _ simulator: TableSimulator) throws -> Value {
        let table = try currentTable(simulator)
        var effects: [TableEffect] = []
        let savedEffectHandler = simulator.effectHandler
        let savedOutput = interpreter.output
        simulator.effectHandler = { effects.append($0) }
        interpreter.output = { text in
            effects.append(.print(text.hasSuffix("\n") ? String(text.dropLast()) : text))
        }
        defer {
            simulator.effectHandler = savedEffectHandler
            interpreter.output = savedOutput
        }
        _ = try simulator.select(path, in: table, effects: { effects })
        return .array(try effects.map { try value(of: $0, interpreter, simulator) })
    }

    /// An effect as the script's `TableEffect`, made by the same static method a script
    /// calls, so that the two compare equal.
    static func value(of effect: TableEffect, _ interpreter: Interpreter, _ simulator: TableSimulator) throws -> Value {
        func make(_ method: String, _ arguments: [Value]) throws -> Value {
            try interpreter.callFunction("TableEffect.\(method)", arguments: arguments)
        }
        func path(_ p: TableIndexPath) -> Value { simulator.indexPathValue(p) }
        func text(_ s: String?) -> Value { s.map { .wrapped(.string($0)) } ?? .nilValue }
        switch effect {
        case .performSegue(let identifier, _): return try make("performSegue(_:)", [.string(identifier)])
        case .deselectRow(let p, let animated): return try make("deselectRow(_:animated:)", [path(p), .bool(animated)])
        case .deselectItem:
            // The script's TableEffect lists a table's effects only.
            throw Interpreter.runtimeError(UIKitMessage.notSimulated("a collection view's deselectItem(at:animated:) among a row tap's effects"))
        case .selectItem:
            throw Interpreter.runtimeError(UIKitMessage.notSimulated("a collection view's selectItem(at:animated:scrollPosition:) among a row tap's effects"))
        case .selectRow(let p, let animated):
            return try make("selectRow(_:animated:)", [p.map { .wrapped(path($0)) } ?? .nilValue, .bool(animated)])
        case .alert(let title, let message, _): return try make("alert(title:message:)", [text(title), text(message)])
        case .permissionAlert(let service, _):
            throw Interpreter.runtimeError(UIKitMessage.notSimulated("the system's alert asking for access to \(service), among a test's effects"))
        case .reloadData: return try interpreter.tableProperty("TableEffect", "reloadData") ?? .void
        case .reloadRows(let ps): return try make("reloadRows(_:)", [.array(ps.map(path))])
        case .insertRows(let ps): return try make("insertRows(_:)", [.array(ps.map(path))])
        case .deleteRows(let ps): return try make("deleteRows(_:)", [.array(ps.map(path))])
        case .moveRow(let from, let to): return try make("moveRow(from:to:)", [path(from), path(to)])
        case .print(let s): return try make("printed(_:)", [.string(s)])
        case .openURL(let url): return try make("openURL(_:)", [.string(url)])
        }
    }

    /// As Swift prints an enum case with a payload: `deselectRow([1, 1], animated: true)`.
    static func describe(_ fields: [Value], _ interpreter: Interpreter) -> String? {
        guard fields.count == 9, case .string(let kind) = fields[0] else { return nil }
        func plain(_ v: Value) -> String {
            if case .wrapped(let inner) = v { return interpreter.describe(inner, debug: true) }
            return interpreter.describe(v, debug: true)
        }
        func optional(_ v: Value) -> String { interpreter.describe(v, debug: true) }
        let (identifier, indexPath, destination, indexPaths, animated, title, message, text) =
            (fields[1], fields[2], fields[3], fields[4], fields[5], fields[6], fields[7], fields[8])
        switch kind {
        case "performSegue": return "performSegue(\(plain(identifier)))"
        case "deselectRow": return "deselectRow(\(plain(indexPath)), animated: \(plain(animated)))"
        case "selectRow": return "selectRow(\(optional(indexPath)), animated: \(plain(animated)))"
        case "alert": return "alert(title: \(optional(title)), message: \(optional(message)))"
        case "reloadData": return "reloadData"
        case "reloadRows", "insertRows", "deleteRows": return "\(kind)(\(plain(indexPaths)))"
        case "moveRow": return "moveRow(from: \(plain(indexPath)), to: \(plain(destination)))"
        case "printed", "openURL": return "\(kind)(\(plain(text)))"
        default: return nil
        }
    }

    static func render(_ simulator: TableSimulator, width: Int) throws -> String {
        let snapshot = try simulator.snapshot(of: try currentTable(simulator))
        return TableRenderer(width: width, useColor: false).render(snapshot)
    }

    static func heights(_ interpreter: Interpreter, _ simulator: TableSimulator) throws -> Value {
        let snapshot = try simulator.snapshot(of: try currentTable(simulator), includeCells: true, cellsUpToLimit: true)
        let fields: [String: Value] = [
            "headers": .array(snapshot.sections.map { .double($0.headerHeight) }),
            "rows": .array(snapshot.sections.map { .array($0.rows.map { .double($0.height) }) }),
            "footers": .array(snapshot.sections.map { .double($0.footerHeight) }),
            "total": .double(snapshot.contentHeight),
        ]
        return interpreter.makeStruct("TableHeights", fields) ?? .void
    }
}
