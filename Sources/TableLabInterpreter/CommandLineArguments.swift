// `CommandLine.arguments`, as a Swift script reads the words after its path
// (`tablelab FILE.tlab ARGS...`): the script's path first, then its arguments.

import TableLabSyntax
import TableLabExhaustiveness

/// The `CommandLine` a script sees. A native object because it has no state a script may
/// change; `arguments` is a fresh array value on each read, so scripts get value semantics.
final class CommandLineObject: NativeObject {
    let arguments: [String]
    init(arguments: [String]) { self.arguments = arguments }
    override var typeName: String { "CommandLine" }
    enum Member: Int, CaseIterable, Sendable {
        case arguments, argc
        static let names = ["arguments", "argc"]
        static let table = HostMemberTable(names)
    }
    override func member(id: HostMemberID) throws -> Value? {
        switch Member(rawValue: Member.table[id]) {
        case .arguments?: return .array(arguments.map { .string($0) })
        case .argc?: return .int(arguments.count)
        case nil: return nil
        }
    }
}

extension Interpreter {
    /// Makes `CommandLine.arguments` answer `arguments` (by Swift's convention the
    /// script's own path first).
    public func setCommandLineArguments(_ arguments: [String]) {
        setGlobal("CommandLine", .object(CommandLineObject(arguments: arguments)))
    }
}
