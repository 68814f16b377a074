// Foundation's `UUID()`, as model code uses it for identities (`var id = UUID().uuidString`,
// `let id = UUID()` of an Identifiable struct). A device makes random ones; TableLab makes
// them in sequence, so a script's output is the same on every run: version-4-shaped,
// upper-case as `uuidString` spells them, and distinct within a session.

import TableLabSyntax
import TableLabInterpreter

/// A `UUID` value.
final class UUIDObject: NativeObject {
    let uuidString: String

    init(number: Int) {
        let hex = String(number, radix: 16, uppercase: true)
        uuidString = "00000000-0000-4000-8000-" + String(repeating: "0", count: max(0, 12 - hex.count)) + hex
    }

    override var typeName: String { "UUID" }
    override var textDescription: String { uuidString }

    enum Member: Int, CaseIterable, Sendable {
        // Not spelt `hashValue`: the enum's own hash value has that name.
        case uuidString, description, hashValueProperty
        static let names = ["uuidString", "description", "hashValue"]
        static let table = HostMemberTable(names)
    }

    override func member(id: HostMemberID) throws -> Value? {
        switch Member(rawValue: Member.table[id]) {
        case .uuidString?, .description?: return .string(uuidString)
        case .hashValueProperty?: return .int(uuidString.hashValue)
        case nil: throw Interpreter.runtimeError(UIKitMessage.notSimulated("UUID.\(id.name)"))
        }
    }

    override func callMethod(id: HostMemberID, _ arguments: [Value]) throws -> Value? {
        let fullName = id.name
        throw Interpreter.runtimeError(UIKitMessage.notSimulated("UUID.\(fullName)"))
    }
}

enum FoundationUUID {
    /// `UUID()`: the next of the session's sequence.
    static func install(_ interpreter: Interpreter) {
        var made = 0
        interpreter.registerNativeFunction("UUID()") { _ in
            made += 1
            return .object(UUIDObject(number: made))
        }
    }
}
