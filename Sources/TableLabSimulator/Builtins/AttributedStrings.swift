// `NSAttributedString(string:attributes:)`, as table code sets a text field's
// `attributedPlaceholder` or a label's `attributedText`: the string and its attributes
// (keys carried by their names, as UIKit's other enums are, whether written
// `NSAttributedString.Key.foregroundColor` or `.foregroundColor`). What is drawn is the
// string; anything else of the class is "not simulated".

import TableLabSyntax
import TableLabInterpreter

/// An attributed string: its text and attributes.
final class AttributedStringObject: NativeObject {
    let string: String
    let attributes: Value

    init(string: String, attributes: Value) {
        self.string = string
        self.attributes = attributes
    }

    override var typeName: String { "NSAttributedString" }
    override var textDescription: String { string }

    enum Member: Int, CaseIterable, Sendable {
        case string, length
        static let names = ["string", "length"]
        static let table = HostMemberTable(names)
    }

    override func member(id: HostMemberID) throws -> Value? {
        switch Member(rawValue: Member.table[id]) {
        case .string?: return .string(string)
        case .length?: return .int(string.utf16.count)
        case nil: throw Interpreter.runtimeError(UIKitMessage.notSimulated("NSAttributedString.\(id.name)"))
        }
    }

    override func callMethod(id: HostMemberID, _ arguments: [Value]) throws -> Value? {
        let fullName = id.name
        throw Interpreter.runtimeError(UIKitMessage.notSimulated("NSAttributedString.\(fullName)"))
    }
}

enum AttributedStrings {
    /// NSAttributedString.Key's common keys.
    static let keys: [String] = [
        "foregroundColor", "backgroundColor", "font", "kern", "underlineStyle", "strikethroughStyle",
        "paragraphStyle", "link", "baselineOffset",
    ]

    static func install(_ interpreter: Interpreter) {
        func make(_ arguments: [Value]) throws -> Value {
            guard case .string(let text) = arguments[0].unboxedOptional else {
                throw Interpreter.runtimeError(UIKitMessage.cannotConvertArgument(type: interpreter.typeName(of: arguments[0]), to: "String"))
            }
            return .object(AttributedStringObject(string: text, attributes: arguments.count > 1 ? arguments[1] : .dictionary([:])))
        }
        interpreter.registerNativeFunction("NSAttributedString(string:)") { try make($0) }
        interpreter.registerNativeFunction("NSAttributedString(string:attributes:)") { try make($0) }
        var keyMembers: [String: () -> Value] = [:]
        for name in keys { keyMembers[name] = { .string(name) } }
        let key = UIKitNamespace("NSAttributedString.Key", members: keyMembers)
        // Swift 4.0 and 4.1 spelt the type `NSAttributedStringKey` (README: older Swift runs as written).
        interpreter.setGlobal("NSAttributedStringKey", .object(key))
        interpreter.setGlobal("NSAttributedString", .object(UIKitNamespace("NSAttributedString", members: ["Key": { .object(key) }], methods: [
            "init(string:)": { try make($0) }, "init(string:attributes:)": { try make($0) },
        ])))
    }
}
