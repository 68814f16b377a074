import TableLabInterpreter

// `UIApplication.shared`: the URLs it opens are effects; the status bar's style is taken and
// not drawn.

/// `UIApplication.shared`. `open(_:)` records the URL opened. `statusBarStyle` (deprecated in
/// iOS 9, still settable) is set and forgotten: Apple's header says that setting it "does
/// nothing if your application is using the default UIViewController-based status bar
/// system", and an app that opts out of it changes only the status bar, which TableLab does
/// not draw. Reading it answers the header's default, `.default`: an assignment of `.lightContent`
/// reads the property for its type first.
final class ApplicationObject: NativeObject {
    unowned let simulator: TableSimulator
    init(simulator: TableSimulator) { self.simulator = simulator }
    override var typeName: String { "UIApplication" }

    /// Its methods, found by ID.
    enum Method: Int, CaseIterable, Sendable {
        case open, openWithOptions
        /// Swift's full names, in the order of the cases.
        static let names = ["open(_:)", "open(_:options:completionHandler:)"]
        static let table = HostMemberTable(names)
    }
    static let statusBarStyleID = HostMemberID("statusBarStyle")

    override func member(id: HostMemberID) throws -> Value? {
        if id == Self.statusBarStyleID { return UIKitValue.enumValue("UIStatusBarStyle", "default") }
        throw Interpreter.runtimeError(UIKitMessage.notSimulated("UIApplication.\(id.name)"))
    }

    override func setMember(id: HostMemberID, _ value: Value) throws -> Bool {
        guard id == Self.statusBarStyleID else {
            throw Interpreter.runtimeError(UIKitMessage.notSimulated("UIApplication.\(id.name)"))
        }
        try Self.checkStatusBarStyle(value)
        return true
    }

    override func callMethod(id: HostMemberID, _ arguments: [Value]) throws -> Value? {
        switch Method(rawValue: Method.table[id]) {
        case .open?, .openWithOptions?:
            simulator.record(.openURL(UIKitBuiltins.optionalText(arguments[0]) ?? ""))
            return .void
        case nil:
            throw Interpreter.runtimeError(UIKitMessage.notSimulated("UIApplication.\(id.name)"))
        }
    }

    private static func checkStatusBarStyle(_ value: Value) throws {
        let name = UIKitValue.caseName(value) ?? ""
        guard UIKitValue.rawValues["UIStatusBarStyle"]?.contains(name) == true else {
            throw Interpreter.runtimeError(UIKitMessage.typeHasNoMember(type: "UIStatusBarStyle", member: name))
        }
    }
}
