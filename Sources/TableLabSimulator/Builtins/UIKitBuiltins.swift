// The names a script finds already defined, as a storyboard-backed view controller would:
// IndexPath and Section, the table view, cells, UIKit's constants, and the calls whose
// effects the simulator records (segues, alerts, reloads).

import TableLabSyntax
import TableLabInterpreter

enum UIKitBuiltins {
    /// The view-controller types a screen inherits from: a class whose first inherited type
    /// is one of them is a table; any other class is a model class (never listed by `:tables`).
    static let screenSuperclasses: Set<String> = ["UIViewController", "UITableViewController", "UICollectionViewController"]
    /// Built-in types written in the language itself, so that they behave exactly like
    /// the script's own structs (value semantics, `==`, memberwise initializers) and a
    /// script's own `struct Section` simply replaces them.
    static let prelude = """
    struct IndexPath: Hashable {
        var row: Int
        var section: Int
        var item: Int { row }
    }
    extension IndexPath {
        init(item: Int, section: Int) { self.init(row: item, section: section) }
    }
    struct Section {
        var type: Any
        var items: [Any]
        var title: String? = nil
        var footer: String? = nil
    }
    """

    /// The simulator's types whose values no switch pattern enumerates.
    static let openTypeNames: Set<String> = ["IndexPath", "Cell", "UITableViewCell", "Section"]

    /// Installs the prelude, the native functions and the globals.
    static func install(into interpreter: Interpreter, simulator: TableSimulator) throws(Diagnostic) {
        // One unit with CoreGraphics' structs (UIKitValues.swift): each prelude unit costs its
        // parse, hoist and registration passes again.
        try interpreter.runPrelude(SourceFile(name: "<prelude>", text: prelude + "\n" + geometryPrelude))
        // TableLab's `Section` stands for the one a script declares (the first original's).
        interpreter.setPrintedModule(nil, ofTypes: ["Section"])
        // As Swift prints an IndexPath: `[section, row]`.
        interpreter.setDescription(ofStruct: "IndexPath") { fields in
            guard fields.count == 2, case .int(let row) = fields[0], case .int(let section) = fields[1] else { return nil }
            return "[\(section), \(row)]"
        }
        interpreter.hostValueTypes = UIKitValue.typeNames
        interpreter.hostTypeNames = HostTypeNames { UIKitClasses.isHostTypeName($0) }
        interpreter.hostOpenTypes = openTypeNames
        interpreter.hostEnums = UIKitValue.enumCases
        // UIKit's objects print as `<UITableViewCell: 0x7f9...; frame = (0 0; 390 44); ...>`:
        // an address and a layout TableLab does not have. A colour prints as UIKit does.
        // A script's subclass of UIKit's or of NSObject prints as NSObject's description
        // does: `<Module.MyCell: 0x...; baseClass = UITableViewCell; ...>`.
        interpreter.hostUndescribable = { object, scriptClass in
            if let scriptClass { return UIKitMessage.printingObject(scriptClass) }
            if object is DateObject { return UIKitMessage.printingCurrentDate }
            if object is URLErrorObject { return UIKitMessage.printingURLError }
            if object is ContactsErrorObject { return UIKitMessage.printingContactsError }
            // A rectangle prints every component: its first unknown one's error.
            if let rect = object as? RectObject, let problem = rect.firstProblem { return problem }
            guard UIKitClasses.printsAddress(object) else { return nil }
            return UIKitMessage.printingObject(object.typeName)
        }
        // A simulated object is stored under its class's name or a superclass's (UIKitClasses).
        interpreter.hostObjectFits = { object, annotation in UIKitClasses.fits(object, annotation: annotation) }
        // What `super.` reaches in a view controller: the lifecycle calls, which do nothing
        // here. UITableViewController's data-source defaults answer values, so they are
        // not among them (a `super.tableView(...)` is an error, not a silent `()`).
        interpreter.hostScreenSuperclasses = screenSuperclasses
        UIKitCatalogue.install(interpreter)
        interpreter.hostRoots = { [unowned simulator] in simulator.screens.values.compactMap(\.value) }
        interpreter.hostCodeChanged = { [unowned simulator] in simulator.codeChanged() }
        interpreter.setTableSuperclass("UIViewController", methods: [
            "viewDidLoad", "viewWillAppear", "viewDidAppear", "viewWillDisappear", "viewDidDisappear",
            "viewWillLayoutSubviews", "viewDidLayoutSubviews", "didReceiveMemoryWarning", "loadView",
            "awakeFromNib", "setEditing", "updateViewConstraints",
        ])
        // A script's `class MyCell: UITableViewCell`: UIKit's part of each instance is a
        // cell, whose members the class may use unqualified (`textLabel?.text = x`).
        // Every other UIKit class the catalogue has (UILabel, UISwitch, UITableView, ...) names
        // its members unqualified too, as Swift lets an extension of it (`extension UILabel {
        // func f() { numberOfLines = 0 } }`) and a subclass do: the screens, UIView and
        // the header views installed after this answer first for their classes.
        interpreter.setHostBase(memberNames: { host in
            host == "UITableViewCell"
                ? UIKitCatalogue.subclassMemberNames(host) { Set(CellObject.memberNames).union(CellObject.baseMethodNames) }
                : UIKitCatalogue.memberNames(host)
        }, make: { [unowned simulator] host, instance in
            guard host == "UITableViewCell" else { return nil }
            return simulator.makeCellBase(for: instance)
        })
        installFunctions(interpreter, simulator)
        installGlobals(interpreter, simulator)
        try installValuesAndControls(interpreter, simulator)
        try CellViews.install(interpreter, simulator)
        ScreenBuiltins.install(into: interpreter, simulator: simulator)
        CollectionViewBuiltins.install(interpreter, simulator)
        UIKitAnimations.installOptions(interpreter)
        // `UIImage(systemName:withConfiguration:)`: an initializer UIKit has and TableLab
        // does not make is named as not simulated, not swiftc's "no exact matches".
        interpreter.unsimulatedCall = { fullName in
            guard let paren = fullName.firstIndex(of: "("),
                  UIKitCatalogue.hasInitializer(String(fullName[..<paren]), "init" + fullName[paren...]) else { return nil }
            return UIKitMessage.notSimulated(fullName)
        }
        // The asset catalog's symbols as implicit members (`.appWhite`), after UIKit's own.
        let earlier = interpreter.implicitMemberFallback
        interpreter.implicitMemberFallback = { [unowned simulator] name in
            if let value = earlier?(name) { return value }
            return simulator.assetValue(name)
        }
    }

    static func installFunctions(_ interpreter: Interpreter, _ simulator: TableSimulator) {
        // The bare forms act on the table being driven, as `self.tableView` would.
        let tableViewMethods = [
            "dequeueReusableCell(withIdentifier:for:)", "dequeueReusableCell(withIdentifier:)",
            "dequeueReusableCellWithIdentifier(_:forIndexPath:)", "register(_:style:)",
            "deselectRow(at:animated:)", "deselectRowAtIndexPath(_:animated:)",
            "selectRow(at:animated:scrollPosition:)", "reloadData()", "reloadRows(at:with:)",
            "insertRows(at:with:)", "deleteRows(at:with:)",
        ]
        for name in tableViewMethods {
            interpreter.registerNativeFunction(name) { [unowned simulator] arguments in
                guard let table = simulator.activeTableView else {
                    throw Interpreter.runtimeError(TableMessage.noTableYet)
                }
                return try simulator.callTableViewMethod(name, arguments, table: table) ?? .void
            }
        }
        let segues = ["performSegue(withIdentifier:sender:)", "performSegueWithIdentifier(_:sender:)",
                      "performSegue(withIdentifier:)"]
        for name in segues {
            interpreter.registerNativeFunction(name) { [unowned simulator] arguments in
                try simulator.performSegue(arguments[0])
            }
        }
        interpreter.registerNativeFunction("alert(title:message:)") { [unowned simulator] arguments in
            simulator.record(.alert(title: optionalText(arguments[0]), message: optionalText(arguments[1])))
            return .void
        }
        interpreter.registerNativeFunction("alert(_:)") { [unowned simulator] arguments in
            simulator.record(.alert(title: optionalText(arguments[0]), message: nil))
            return .void
        }
        // Bare, these are a view controller's own (a table block is one), or its table
        // view's in a table block; in any other code swiftc finds no such name.
        let presenting = ["present(_:animated:)", "present(_:animated:completion:)", "present(_:animated:_:)"]
        interpreter.scopeHostFunctions([(Set(tableViewMethods), ["UITableView"]),
                                        (Set(segues + presenting), screenSuperclasses)])
        for name in presenting {
            interpreter.registerNativeFunction(name) { [unowned simulator, unowned interpreter] arguments in
                if try presentAlert(arguments, interpreter, simulator) {
                    return .void
                } else if let screen = simulator.screen(of: arguments[0]) {
                    simulator.push(screen, presented: true)
                }
                return .void
            }
        }
        // Cells made in code, without a prototype (`?? UITableViewCell(style: .subtitle, reuseIdentifier: "Id")`).
        interpreter.registerNativeFunction("UITableViewCell(style:reuseIdentifier:)") { [unowned simulator] arguments in
            guard let name = UIKitValue.caseName(arguments[0]), let style = CellStyle(rawValue: name) else {
                throw Interpreter.runtimeError(UIKitMessage.cellStyleNotOneOf)
            }
            let identifier = optionalText(arguments[1])
            let cell = simulator.makeCell(identifier ?? "", style: style)
            cell.reuseIdentifierIsNil = identifier == nil
            return .object(cell)
        }
        interpreter.registerNativeFunction("UITableViewCell()") { [unowned simulator] _ in
            let cell = simulator.makeCell("", style: .default)
            cell.reuseIdentifierIsNil = true
            return .object(cell)
        }
        for name in ["open(url:)", "open(_:)"] {
            interpreter.registerNativeFunction(name) { [unowned simulator] arguments in
                simulator.record(.openURL(optionalText(arguments[0]) ?? ""))
                return .void
            }
        }
        interpreter.registerNativeFunction("URL(string:)") { arguments in
            guard let text = optionalText(arguments[0]), let url = URLObject(string: text) else { return .nilValue }
            return .wrapped(.object(url))
        }
    }

    /// `UIColor` as a value: its system colours and the asset catalog's colour symbols.
    static func installColorNamespace(_ interpreter: Interpreter, _ simulator: TableSimulator) {
        var colors: [String: () -> Value] = [:]
        for (symbol, asset) in simulator.assets.colors { colors[symbol] = { .object(ColorObject.make(.named(asset), alpha: 1)) } }
        for name in UIKitValue.colorNames { colors[name] = { .object(ColorObject.system(name)) } }
        // Swift 2 spelt the fixed colours as class methods (`UIColor.clearColor()`), as
        // Objective-C does; Swift 3 renamed them to properties (`UIColor.clear`). Found when
        // called: the fixed colours' table is made at its first use, not at every start-up.
        let swift2Colors = { (fullName: String, _: [Value]) -> Value? in
            guard fullName.hasSuffix("Color()") else { return nil }
            let name = String(fullName.dropLast("Color()".count))
            guard ColorObject.fixedComponents[name] != nil else { return nil }
            return .object(ColorObject.system(name))
        }
        interpreter.setGlobal("UIColor", .object(UIKitNamespace("UIColor", members: colors, methodFamily: swift2Colors)))
    }

    static func installGlobals(_ interpreter: Interpreter, _ simulator: TableSimulator) {
        interpreter.setGlobal("tableView", .object(simulator.globalTableView))
        updateScreenGlobals(interpreter, simulator)
        interpreter.setGlobal("UITableView", .object(NamespaceObject("UITableView", members: [
            "automaticDimension": { .double(TableSimulator.automaticDimension) },
            // The section index's magnifying glass, as UIKit spells it: "{search}".
            "indexSearch": { .string("{search}") },
        ])))
        // Swift 4.1 and earlier spelt these as top-level names (renamed in Swift 4.2):
        // UITableView.automaticDimension, UIControl.Event and UIControl.State, whose cases
        // are carried as their names as UIKit's other enums are (`.valueChanged`).
        interpreter.setGlobal("UITableViewAutomaticDimension", .double(TableSimulator.automaticDimension))
        for (name, value) in FontObject.swift3Weights {
            // `ultraLight` is `UIFontWeightUltraLight`. The names are ASCII, capitalised by
            // hand: `uppercased()` goes through Unicode's tables, 13,000 instructions a name.
            var capitalised = Array(name.utf8)
            capitalised[0] -= UInt8(ascii: "a") - UInt8(ascii: "A")
            interpreter.setGlobal("UIFontWeight" + String(decoding: capitalised, as: UTF8.self), .double(value))
        }
        let controlCases = [
            "UIControlEvents": ["touchUpInside", "touchDown", "valueChanged", "editingChanged", "primaryActionTriggered"],
            "UIControlState": ["normal", "highlighted", "selected", "disabled"],
        ]
        var nested: [String: () -> Value] = [:]
        for (type, cases) in controlCases {
            var members: [String: () -> Value] = [:]
            for name in cases {
                if type == "UIControlState", let bits = ControlState.bits[name] {
                    // An imported option set's member: its raw value is UIKit's bit pattern.
                    let value = HostEnumValue(swiftTypeName: "UIControl.State", cTypeName: "UIControlState", caseName: name, rawValue: Int(bits))
                    members[name] = { .object(value) }
                } else {
                    members[name] = { .string(name) }
                }
            }
            let namespace = NamespaceObject(type, members: members)
            interpreter.setGlobal(type, .object(namespace))
            // Today's spelling, `UIControl.State.selected`, names the same cases.
            nested[type == "UIControlState" ? "State" : "Event"] = { .object(namespace) }
        }
        interpreter.setGlobal("UIControl", .object(NamespaceObject("UIControl", members: nested)))
        // The screen's bounds as a CGRect of the geometry prelude, sized to the `:device`.
        let screen = UIKitNamespace("UIScreen", members: ["bounds": { [unowned simulator, unowned interpreter] in
            rect(interpreter, x: 0, y: 0, width: simulator.screenWidth, height: simulator.screenHeight)
        }], isInstance: true)
        interpreter.setGlobal("UIScreen", .object(UIKitNamespace("UIScreen", members: ["main": { .object(screen) }])))
        installColorNamespace(interpreter, simulator)
        URLSessionObjects.install(interpreter)
        interpreter.setGlobal("UIView", .object(UIKitNamespace("UIView", methodFamily: { [unowned interpreter] name, arguments in
            try UIKitAnimations.call(name, arguments, interpreter)
        })))
        let application = ApplicationObject(simulator: simulator)
        interpreter.setGlobal("UIApplication", .object(UIKitNamespace("UIApplication", members: [
            "shared": { .object(application) },
        ])))
    }

    static func updateScreenGlobals(_ interpreter: Interpreter, _ simulator: TableSimulator) {
        interpreter.setGlobal("screenWidth", .double(simulator.screenWidth))
        interpreter.setGlobal("screenHeight", .double(simulator.screenHeight))
    }

    static func optionalText(_ value: Value) -> String? {
        switch value {
        case .string(let s): return s
        case .wrapped(let inner): return optionalText(inner)
        case .object(let url as URLObject): return url.absoluteString
        default: return nil
        }
    }
}

/// Foundation's `URL` as `URL(string:)` makes it: nil for an empty string; otherwise the
/// text with each character a URL may not hold percent-encoded (swift-foundation does so
/// since Swift 6: `URL(string: "a b")` is `a%20b`). It prints as its text, unquoted.
final class URLObject: NativeObject {
    let absoluteString: String

    init?(string: String) {
        if string.isEmpty { return nil }
        // RFC 3986's unreserved and reserved characters, and '%' when it starts an escape.
        let allowed = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~:/?#[]@!$&'()*+,;=".utf8)
        let bytes = Array(string.utf8)
        func isHex(_ b: UInt8) -> Bool { (48...57).contains(b) || (65...70).contains(b) || (97...102).contains(b) }
        var out = ""
        for (i, b) in bytes.enumerated() {
            if allowed.contains(b) || (b == UInt8(ascii: "%") && i + 2 < bytes.count && isHex(bytes[i + 1]) && isHex(bytes[i + 2])) {
                out.unicodeScalars.append(Unicode.Scalar(b))
            } else {
                let hex = Array("0123456789ABCDEF".unicodeScalars)
                out += "%"
                out.unicodeScalars.append(hex[Int(b >> 4)])
                out.unicodeScalars.append(hex[Int(b & 15)])
            }
        }
        absoluteString = out
    }

    override var typeName: String { "URL" }
    override var textDescription: String { absoluteString }

    /// The members it answers, found by ID.
    enum Member: Int, CaseIterable, Sendable {
        case absoluteString, scheme, host, path
        /// Swift's names of the properties, in the order of the cases.
        static let names = ["absoluteString", "scheme", "host", "path"]
        static let table = HostMemberTable(names)
    }

    override func member(id: HostMemberID) throws -> Value? {
        switch Member(rawValue: Member.table[id]) {
        case .absoluteString?: return .string(absoluteString)
        case .scheme?: return parts.scheme.map { .wrapped(.string($0)) } ?? .nilValue
        case .host?: return parts.host.map { .wrapped(.string($0)) } ?? .nilValue
        case .path?: return .string(parts.path.removingPercentEscapes)
        case nil: throw Interpreter.runtimeError(UIKitMessage.notSimulated("URL.\(id.name)"))
        }
    }

    /// RFC 3986's scheme, host (without user information and port) and path.
    private var parts: (scheme: String?, host: String?, path: String) {
        var rest = Substring(absoluteString)
        if let end = rest.firstIndex(where: { $0 == "?" || $0 == "#" }) { rest = rest[..<end] }
        var scheme: String? = nil
        if let colon = rest.firstIndex(of: ":"), rest[..<colon].allSatisfy({ $0.isLetter || $0.isNumber || "+-.".contains($0) }),
           rest.first?.isLetter == true {
            scheme = String(rest[..<colon])
            rest = rest[rest.index(after: colon)...]
        }
        var host: String? = nil
        if rest.hasPrefix("//") {
            rest = rest.dropFirst(2)
            let end = rest.firstIndex(of: "/") ?? rest.endIndex
            var authority = rest[..<end]
            if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
            if let colon = authority.lastIndex(of: ":") { authority = authority[..<colon] }
            host = String(authority)
            rest = rest[end...]
        }
        return (scheme, host, String(rest))
    }
}

private extension String {
    /// `%20` as a blank: URL's `path` is decoded.
    var removingPercentEscapes: String {
        var bytes: [UInt8] = []
        let utf8 = Array(self.utf8)
        var i = 0
        while i < utf8.count {
            if utf8[i] == UInt8(ascii: "%"), i + 2 < utf8.count, let v = UInt8(String(decoding: utf8[(i + 1)...(i + 2)], as: UTF8.self), radix: 16) {
                bytes.append(v)
                i += 3
            } else {
                bytes.append(utf8[i])
                i += 1
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
