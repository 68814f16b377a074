// Foundation's `Date()`, as model code stores it (`let created = Date()`, a transaction's
// `date`): the moment the line runs, which no two runs share. TableLab keeps the value, so
// code that only stores or passes one runs; reading it (printing it, its members, its
// intervals, formatting it) is refused by name, since any answer would be one run's clock.

import TableLabSyntax
import TableLabInterpreter

/// A `Date` made by `Date()`.
final class DateObject: UnsimulatedMembersObject {
    override var typeName: String { "Date" }
    override var isComparableInSwift: Bool { true }
}

enum FoundationDate {
    static func install(_ interpreter: Interpreter) {
        interpreter.registerNativeFunction("Date()") { _ in .object(DateObject()) }
        // Foundation's other initializers: refused by name, not a wrong "takes no arguments".
        for name in ["Date(timeIntervalSince1970:)", "Date(timeIntervalSinceNow:)", "Date(timeIntervalSinceReferenceDate:)",
                     "Date(timeInterval:since:)"] {
            interpreter.registerNativeFunction(name) { _ in throw Interpreter.runtimeError(UIKitMessage.notSimulated(name)) }
        }
    }
}
