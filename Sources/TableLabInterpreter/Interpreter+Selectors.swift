// What the host needs to send an Objective-C style action (`#selector(tap(_:))`) to a
// script object later: the instance methods of a table or class instance by base name,
// and a call of one of them on that instance (UIKit's target/action, fired by `:toggle`).

import TableLabSyntax

extension Interpreter {
    /// The full names (`tap(_:)`) of the instance methods whose base name is `base` of the
    /// table or class instance `target`; empty for any other value.
    public func instanceMethodNames(of target: Value, base: String) -> [String] {
        guard case .type(.table(let instance)) = target.unboxed else { return [] }
        return (instance.type.methodsByBase[base] ?? []).filter { instance.type.methods[$0]?.isStatic == false }
    }

    /// The type name of a table or class instance, nil for any other value.
    public func instanceTypeName(of target: Value) -> String? {
        guard case .type(.table(let instance)) = target.unboxed else { return nil }
        return instance.type.name
    }

    /// Calls the instance method `fullName` on the table or class instance `target`;
    /// nil when it has no such method.
    public func callInstanceMethod(_ target: Value, _ fullName: String, _ arguments: [Value]) throws -> Value? {
        guard case .type(.table(let instance)) = target.unboxed, let slot = instance.type.methods[fullName],
              slot.decl != nil, !slot.isStatic else { return nil }
        let t = instance.type
        let file = hostCallFile(declaredIn: slot.file)
        return try guarded(file) { () throws -> Value in
            let function = core.compiledMethod(t, slot, fullName: fullName)
            let m = core.machine
            for a in arguments { m.push(a) }
            m.push(.type(.table(instance)))
            var selfOut = Value.void
            return try m.invokeMethod(function, argc: arguments.count + 1, location: .unknown, selfOut: &selfOut)
        }
    }
}

extension Interpreter {
    /// An error for a native function to throw whose message is data (a host catalogue's
    /// case); the interpreter adds the place and the call trace.
    public static func runtimeError(_ message: any DiagnosticMessage) -> Error {
        RuntimeError(message, at: .unknown)
    }

    /// The error for reading a host property the script has not set whose default the host
    /// does not know (`view.tintColor`): an assignment that replaces the value still works.
    public static func unsetValueError(_ message: any DiagnosticMessage) -> Error {
        var e = RuntimeError(message, at: .unknown)
        e.isUnsetHostValue = true
        return e
    }
}

extension InterpreterCore {
    /// A name nothing defines: the host's message for it (a UIKit name TableLab does not
    /// simulate), else swiftc's `cannot find 'x' in scope`.
    func cannotFind(_ name: String, at location: SourceLocation) -> RuntimeError {
        if let message = hosting.missingName?(name) { return RuntimeError(message, at: location) }
        if StandardLibraryNames.all.contains(name) {
            return RuntimeError(StandardLibraryMessage(name: name, isFoundation: StandardLibraryNames.foundationFunctions.contains(name)), at: location)
        }
        if let text = StandardLibraryMemberData.unavailable[name] { return RuntimeError(RuntimeMessage.unavailable(text: text), at: location) }
        return RuntimeError(EntryMessage.cannotFindInScope(name), at: location)
    }

    /// A member a host object does not answer: the host's message when the object's real
    /// type has it (`member`: a property's name or a method's full name), else swiftc's
    /// `value of type 'X' has no member 'name'`.
    func hostObjectHasNoMember(_ o: NativeObject, _ name: String, member: String, at location: SourceLocation) -> RuntimeError {
        if let message = hosting.unsimulatedMember?(o, member) { return RuntimeError(message, at: location) }
        return RuntimeError(RuntimeMessage.valueHasNoMember(type: o.typeName, member: name), at: location)
    }
}

extension Interpreter {
    /// The host's message for a name that nothing defines (UIKit's types TableLab does not
    /// simulate); nil for swiftc's `cannot find 'x' in scope`.
    public var missingNameMessage: ((String) -> (any DiagnosticMessage)?)? {
        get { core.hosting.missingName }
        set { core.hosting.missingName = newValue }
    }

    /// The host's message for a member of its object that the object's real type has but
    /// the host does not simulate; nil for swiftc's `value of type 'X' has no member 'y'`.
    public var unsimulatedMemberMessage: ((_ object: NativeObject, _ member: String) -> (any DiagnosticMessage)?)? {
        get { core.hosting.unsimulatedMember }
        set { core.hosting.unsimulatedMember = newValue }
    }
}

extension Interpreter {
    /// A function value whose body is the host's (`.systemFont(ofSize: 13)`, an implicit
    /// member the host answers with a static method of UIKit's).
    public static func nativeFunctionValue(arity: Int, _ body: @escaping ([Value]) throws -> Value) -> Value {
        .function(FunctionValue(arity: arity, native: body))
    }
}

extension Interpreter {
    /// The full names of the script's global functions (not the host's) with base name `base`.
    public func scriptFunctionNames(base: String) -> [String] {
        (core.functionsByBase[base] ?? []).filter { $0.decl != nil }.map(\.fullName)
    }
}

extension Interpreter {
    /// The host's structs that TableLab's guesses over all types (the one type with a
    /// static `.zero`, the one struct with a field `width`) leave out (CGRect, CGSize, ...).
    public var hostUnguessedTypes: Set<String> {
        get { core.hosting.unguessedTypes }
        set { core.hosting.unguessedTypes = newValue }
    }
}
