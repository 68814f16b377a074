import TableLabInterpreter

/// A Foundation or UIKit object a script can hold whose own API TableLab does not simulate:
/// every member and method asked of it is refused by name (`Date.timeIntervalSince1970`),
/// never answered differently.
class UnsimulatedMembersObject: NativeObject {
    override func member(id: HostMemberID) throws -> Value? {
        throw Interpreter.runtimeError(UIKitMessage.notSimulated("\(typeName).\(id.name)"))
    }

    override func callMethod(id: HostMemberID, _ arguments: [Value]) throws -> Value? {
        throw Interpreter.runtimeError(UIKitMessage.notSimulated("\(typeName).\(id.name)"))
    }
}
