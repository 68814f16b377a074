// Foundation's NotificationCenter within one process: observers by selector or by block,
// posting, removing. `Notification` and `Notification.Name` are Swift declared at the first
// unit that names a notification (most scripts never do, and start-up pays for none of it).
//
// UIKit's own notifications (`UIResponder.keyboardWillShowNotification`,
// `UIApplication.didBecomeActiveNotification`) are names to observe; TableLab has no
// keyboard and no app life cycle, so nothing posts them but the script.

import TableLabSyntax
import TableLabInterpreter

/// One registration: `addObserver(_:selector:name:object:)` (an observer and its selector)
/// or `addObserver(forName:object:queue:using:)` (a token and its block).
struct NotificationObserver {
    let observer: Value
    let selector: SelectorObject?
    let block: Value?
    /// The name's raw value; nil observes every name.
    let name: String?
    /// The sender observed; nil observes every sender.
    let sender: Value?
}

/// What `addObserver(forName:object:queue:using:)` returns: the handle `removeObserver(_:)` takes.
final class NotificationTokenObject: NativeObject {
    override var typeName: String { "NSObjectProtocol" }
}

/// `OperationQueue.main`, the one queue a block observer may name: TableLab runs on one
/// thread, the main one, where a post delivers to it at once (as Foundation does when the
/// poster is on the observer's queue).
final class OperationQueueObject: UnsimulatedMembersObject {
    override var typeName: String { "OperationQueue" }
}

enum NotificationBuiltins {
    /// Foundation's declarations (swift-corelibs-foundation's shapes): a name is a struct
    /// around its raw value, a notification a struct of name, sender and user info.
    static let prelude = """
    struct Notification {
        struct Name: Hashable, RawRepresentable {
            let rawValue: String
            init(_ rawValue: String) { self.rawValue = rawValue }
            init(rawValue: String) { self.rawValue = rawValue }
        }
        var name: Notification.Name
        var object: Any?
        var userInfo: [AnyHashable: Any]?
        init(name: Notification.Name, object: Any? = nil, userInfo: [AnyHashable: Any]? = nil) {
            self.name = name
            self.object = object
            self.userInfo = userInfo
        }
    }
    """

    /// UIKit's notification names (the stub's raw values), by the class that declares them.
    static let systemNames: [String: [String: String]] = [
        "UIResponder": [
            "keyboardWillShowNotification": "UIKeyboardWillShowNotification",
            "keyboardDidShowNotification": "UIKeyboardDidShowNotification",
            "keyboardWillHideNotification": "UIKeyboardWillHideNotification",
            "keyboardDidHideNotification": "UIKeyboardDidHideNotification",
            "keyboardWillChangeFrameNotification": "UIKeyboardWillChangeFrameNotification",
            "keyboardDidChangeFrameNotification": "UIKeyboardDidChangeFrameNotification",
        ],
        "UIApplication": [
            "didEnterBackgroundNotification": "UIApplicationDidEnterBackgroundNotification",
            "willEnterForegroundNotification": "UIApplicationWillEnterForegroundNotification",
            "didFinishLaunchingNotification": "UIApplicationDidFinishLaunchingNotification",
            "didBecomeActiveNotification": "UIApplicationDidBecomeActiveNotification",
            "willResignActiveNotification": "UIApplicationWillResignActiveNotification",
            "didReceiveMemoryWarningNotification": "UIApplicationDidReceiveMemoryWarningNotification",
            "willTerminateNotification": "UIApplicationWillTerminateNotification",
            "significantTimeChangeNotification": "UIApplicationSignificantTimeChangeNotification",
        ],
    ]

    /// The keys of a keyboard notification's user info (Strings in UIKit).
    static let keyboardKeys: [String: String] = [
        "keyboardFrameBeginUserInfoKey": "UIKeyboardFrameBeginUserInfoKey",
        "keyboardFrameEndUserInfoKey": "UIKeyboardFrameEndUserInfoKey",
        "keyboardAnimationDurationUserInfoKey": "UIKeyboardAnimationDurationUserInfoKey",
        "keyboardAnimationCurveUserInfoKey": "UIKeyboardAnimationCurveUserInfoKey",
        "keyboardIsLocalUserInfoKey": "UIKeyboardIsLocalUserInfoKey",
    ]

    static func install(_ interpreter: Interpreter, _ host: UIKitHost) {
        interpreter.installWhenMentioned(["Notification"]) { [unowned host] interpreter throws(Diagnostic) in
            try interpreter.runPrelude(SourceFile(name: "<prelude>", text: prelude))
            installDescriptions(interpreter)
            installNames(interpreter)
            let main = OperationQueueObject()
            host.mainOperationQueue = main
            interpreter.setGlobal("OperationQueue", .object(UIKitNamespace("OperationQueue", members: ["main": { .object(main) }])))
            // `queue: .main`: the parameter is an OperationQueue, which only the host knows.
            let previous = interpreter.implicitMemberFallback
            interpreter.implicitMemberFallback = { name in
                if let value = previous?(name) { return value }
                return name == "main" ? .object(main) : nil
            }
        }
    }

    /// Foundation's descriptions: a name prints as its struct (qualified as
    /// `Foundation.NSNotification.Name` inside a collection), a notification as
    /// `name = x, object = ..., userInfo = ...`, the parts that are not nil.
    private static func installDescriptions(_ interpreter: Interpreter) {
        interpreter.setDescription(ofStruct: "Name") { [unowned interpreter] fields in
            "Name(rawValue: \(interpreter.describe(fields[0], debug: true)))"
        }
        interpreter.setPrintedModule("Foundation.NSNotification", ofTypes: ["Name"])
        interpreter.setDescription(ofStruct: "Notification") { [unowned interpreter] fields in
            guard fields.count == 3, case .string(let name)? = try? interpreter.member("rawValue", of: fields[0]) else { return nil }
            var text = "name = " + name
            if let object = CellObject.unwrapped(fields[1]) { text += ", object = " + interpreter.describe(object, debug: false) }
            if let userInfo = CellObject.unwrapped(fields[2]) { text += ", userInfo = " + interpreter.describe(userInfo, debug: false) }
            return text
        }
    }

    /// `UIResponder.keyboardWillShowNotification`, `UIApplication.didBecomeActiveNotification`:
    /// the classes as values gain their notification names beside what they had.
    private static func installNames(_ interpreter: Interpreter) {
        for (className, names) in systemNames {
            var members: [String: () -> Value] = [:]
            var methods: [String: ([Value]) throws -> Value] = [:]
            if case .object(let existing as UIKitNamespace)? = interpreter.global(className) {
                members = existing.members
                methods = existing.methods
            }
            for (member, rawValue) in names {
                members[member] = { [unowned interpreter] in name(rawValue, interpreter) }
            }
            if className == "UIResponder" {
                for (member, key) in keyboardKeys { members[member] = { .string(key) } }
            }
            interpreter.setGlobal(className, .object(UIKitNamespace(className, members: members, methods: methods)))
        }
    }

    static func name(_ rawValue: String, _ interpreter: Interpreter) -> Value {
        interpreter.makeStruct("Name", ["rawValue": .string(rawValue)]) ?? .string(rawValue)
    }

    /// A name argument's raw value; nil for nil.
    static func rawValue(_ value: Value, _ interpreter: Interpreter) throws -> String? {
        guard let value = CellObject.unwrapped(value) else { return nil }
        if case .string(let text)? = try? interpreter.member("rawValue", of: value) { return text }
        throw Interpreter.runtimeError(UIKitMessage.cannotConvertArgument(type: interpreter.typeName(of: value), to: "NSNotification.Name"))
    }

    /// Optional arguments arrive as written; the notification's fields are optionals.
    static func optional(_ value: Value) -> Value {
        switch value {
        case .nilValue, .wrapped: return value
        default: return .wrapped(value)
        }
    }
}
