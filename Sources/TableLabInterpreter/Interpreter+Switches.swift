// The registry of the loaded code's switches, for the layers above: `:info` lists the
// switches over an enum and `:check` checks them, from the same records the run-time
// check and the redeclaration warnings use, so all of them describe the same live code.

import TableLabSyntax
import TableLabExhaustiveness

/// A switch of the loaded code, as the interpreter knows it.
public struct LoadedSwitchInfo {
    public let statement: SwitchStmt
    public let file: SourceFile
    /// The enclosing function (`tableView(_:didSelectRowAt:)`); nil at the top level.
    public let function: String?
    /// The type whose member holds the switch (`Settings`); nil for a global function.
    public let ownerType: String?
    /// The subject's type: from annotations, `self` or the patterns, else from the value it
    /// last ran over; nil when neither is known.
    public let subject: SubjectType?
    /// Whether `subject` was known without running the switch.
    public let subjectIsStatic: Bool
}

extension Interpreter {
    /// The switches of the live code, in load order: a switch whose function, type or
    /// table was redeclared has left the registry.
    public var loadedSwitches: [LoadedSwitchInfo] {
        core.switchChecks.sites.map {
            LoadedSwitchInfo(statement: $0.stmt, file: $0.file, function: $0.function,
                             ownerType: $0.owner.flatMap { $0.hasPrefix("type ") ? String($0.dropFirst(5)) : nil },
                             subject: $0.subject, subjectIsStatic: $0.staticSubject != nil)
        }
    }

    /// The live switches whose subject involves the enum `name`.
    public func loadedSwitches(over name: String) -> [LoadedSwitchInfo] {
        loadedSwitches.filter { $0.subject?.mentions(name) == true }
    }

    /// swiftc's diagnostics for one registered switch against the enums as they are now.
    public func check(_ site: LoadedSwitchInfo) -> [Diagnostic] {
        guard var subject = site.subject else { return [] }
        for t in core.types where t.kind == .enum && core.typeSlots[t.name]?.current === t && subject.mentions(t.name) {
            subject = subject.replacingCases(of: t.name, with: t.caseNames)
        }
        return core.switchChecks.checker.check(site.statement, subject: subject, file: site.file)
    }
}
