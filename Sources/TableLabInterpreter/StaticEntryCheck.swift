// What swiftc rejects in a whole unit (a file, an entry) before any of it runs: the
// missing returns (ReturnCheck), the switches that are not exhaustive where the static
// checker knows their subject type, and the checks of the layers above (`unitChecks`: the
// simulator's near-miss delegate methods). With an error, every finding is reported in
// swiftc's order and the last one is thrown, so nothing of the unit runs.

import TableLabSyntax
import TableLabExhaustiveness

/// What the whole-unit check found, and which of it is the switch checker's (placed by
/// its switch in swiftc's order, SwiftcDiagnosticOrder).
struct UnitFindings {
    var diagnostics: [Diagnostic] = []
    var fromSwitchCheck = Set<Diagnostic.Identity>()

    var hasError: Bool { diagnostics.contains { $0.severity == .error } }

    /// One report: its place and message as data (`Diagnostic.identity`), never its text.
    static func key(_ d: Diagnostic) -> Diagnostic.Identity { d.identity() }
}

extension Interpreter {
    /// The whole-unit check's findings, reported by the caller: warnings alone before the
    /// unit runs; with an error, together with the compile stages' errors (`run`).
    /// `layerChecks`: with the checks of the layers above (`unitChecks`).
    func checkBeforeRunning(_ unit: SourceUnit, _ file: SourceFile, layerChecks: Bool = true) -> UnitFindings {
        var found = UnitFindings()
        // The parser's warnings come first, as swiftc's do.
        found.diagnostics = unit.attributeWhitespace.map { .warning(SyntaxMessage.extraneousWhitespaceBeforeAttributeArguments, at: $0, in: file) }
        found.diagnostics += UnsupportedDeclarationCheck.errors(unit, file: file)
        found.diagnostics += ValueBranchCheck.errors(unit, file: file)
        found.diagnostics += UnsupportedStandardTypes.errors(unit, file)
        found.diagnostics += CaseBindingCheck.errors(unit, file)
        // A `()` where a value is declared is a type error: swiftc stops before the SIL
        // stage's checks (missing returns, definite initialization) report anything.
        let voidResults = core.voidResultErrors(unit, file)
        found.diagnostics += voidResults.isEmpty ? ReturnCheck.missingReturns(unit, file: file) : voidResults
        found.diagnostics += core.overloadErrors(unit, file)
        found.diagnostics += core.standardTypeOperatorErrors(unit, file)
        if layerChecks { for check in unitChecks { found.diagnostics += check(unit, file) } }
        found.diagnostics += StaticInitCheck.uninitializedProperties(unit, file: file)
        found.diagnostics += core.scopedCheckErrors(unit, file)
        found.diagnostics += core.immutableExpressionErrors(unit, file)
        found.diagnostics += InoutAliasCheck.errors(unit, file)
        found.diagnostics += core.unavailableCaseErrors(unit, file)
        let switches = core.switchErrorsBeforeRunning(unit, file)
        found.fromSwitchCheck = Set(switches.map(UnitFindings.key))
        found.diagnostics += switches
        // The unused and never-mutated bindings, as swiftc orders them (top-level code first).
        let unused = UnusedCaseBindings.warnings(unit, file) + NeverMutatedVariables.warnings(unit, file)
            + UnusedInitializations.warnings(unit, file)
        if !unused.isEmpty { found.diagnostics += SwiftcDiagnosticOrder(unit).sorted(unused) { _ in false } }
        return found
    }
}

extension InterpreterCore {
    /// The diagnostics a compile stage reports and throws, collected instead: swiftc lists
    /// every error of a file, so a unit refused by one stage still shows the others'.
    func collectingDiagnostics(_ body: () throws -> Void) -> [Diagnostic] {
        final class Box { var items: [Diagnostic] = [] }
        let box = Box()
        let saved = warningHandler
        warningHandler = { box.items.append($0) }
        defer { warningHandler = saved }
        do {
            try body()
        } catch let e as RuntimeError {
            box.items.append(e.finished)
        } catch let d as Diagnostic {
            box.items.append(d)
        } catch {
            box.items.append(Diagnostic.error(RuntimeMessage.foreignError(String(describing: error)), at: .unknown, in: currentFile))
        }
        return box.items.map { d in
            var d = d
            if d.file == nil { d.file = currentFile }
            for i in d.notes.indices where d.notes[i].file == nil { d.notes[i].file = d.file }
            return d
        }
    }

    /// Reports a refused unit's diagnostics in swiftc's order, each once, and throws the last.
    func refuseUnit(_ unit: SourceUnit, _ found: UnitFindings) throws(Diagnostic) {
        var seen = Set<Diagnostic.Identity>()
        let distinct = found.diagnostics.filter { seen.insert(UnitFindings.key($0)).inserted }
        let order = SwiftcDiagnosticOrder(unit)
        let ordered = order.sorted(order.asSwiftcReaches(distinct)) {
            found.fromSwitchCheck.contains(UnitFindings.key($0))
        }
        guard let last = ordered.last else { return }
        for d in ordered.dropLast() { warningHandler(d) }
        throw last
    }
}

enum StaticEntryCheck {
    /// The names a unit's top-level code binds (`let`/`var`, `guard let`): a use of one
    /// before the statement that binds it has run is not a missing name.
    static func topLevelNames(_ unit: SourceUnit) -> Set<String> {
        var names = Set<String>()
        for s in unit.statements { names.formUnion(Self.names(boundBy: s)) }
        return names
    }

    /// The names one top-level statement binds (`let`/`var`, `guard let`).
    static func names(boundBy s: Stmt) -> [String] {
        var names: [String] = []
        func bind(_ p: Pattern) {
            switch p.kind {
            case .binding(let n, _): names.append(n)
            case .tuple(let items): items.forEach(bind)
            case .optionalSome(let inner): bind(inner)
            case .enumCase(_, _, let sub): if let sub { bind(sub) }
            case .cast(let inner, _): bind(inner)
            case .wildcard, .expression, .typeCheck: break
            }
        }
        switch s.kind {
        case .declaration(.variable(let v)): bind(v.pattern)
        case .guard(let conditions, _):
            for c in conditions {
                switch c {
                case .optionalBinding(let n, _, _, _): names.append(n)
                case .patternMatch(let p, _): bind(p)
                case .expression: break
                }
            }
        default: break
        }
        return names
    }
}

extension InterpreterCore {
    /// Compiles a run of top-level statements before any of them runs, as swiftc compiles
    /// the whole entry: a name that nothing in the session or the unit declares is
    /// swiftc's `cannot find 'x' in scope`, every one reported, and nothing runs.
    func compileTopLevelRun(_ stmts: [Stmt], echo: Bool, declared: Set<String>) throws -> [(Stmt, CompiledFunction)] {
        let saved = unresolvedTopLevelNames, savedRefusals = compileTimeRefusals, savedEquality = staticEqualityErrors
        let savedFlag = recordingFunctionNames
        unresolvedTopLevelNames = []
        compileTimeRefusals = []
        staticEqualityErrors = []
        // The closures of top-level code (`let g = { Nope.x }`) are compiled with it, and
        // swiftc checks them with it.
        recordingFunctionNames = true
        defer {
            unresolvedTopLevelNames = saved; compileTimeRefusals = savedRefusals; staticEqualityErrors = savedEquality
            recordingFunctionNames = savedFlag
        }
        var compiled: [(Stmt, CompiledFunction)] = []
        for s in stmts { compiled.append((s, try compileTopLevel(s, echo: echo))) }
        var errors: [RuntimeError] = []
        for (name, at) in unresolvedTopLevelNames ?? [] where !declared.contains(name) && !isDeclaredNow(name) {
            errors.append(cannotFind(name, at: at))
        }
        // swiftc's errors for comparisons the declarations refuse (EqualityCheck.swift), and
        // those the compile sites found (a call its arguments do not fit), all of them with
        // the missing names, in swiftc's order: a statement's names it cannot find first.
        errors += Self.distinctByPlace(staticEqualityErrors ?? [])
        errors += compileTimeRefusals ?? []
        try throwInSwiftcOrder(errors, SourceUnit(statements: stmts, imports: []))
        return compiled
    }

    /// Reports all but the last of `errors` in swiftc's order (SwiftcDiagnosticOrder) and
    /// throws the last; nothing when there is none.
    func throwInSwiftcOrder(_ errors: [RuntimeError], _ unit: SourceUnit) throws {
        // A site compiled twice (a fast path tried, then the general one) refuses twice: once each.
        var seen = Set<Diagnostic.Identity>()
        let errors = errors.filter { seen.insert($0.diagnostic.identity(file: currentFile)).inserted }
        guard !errors.isEmpty else { return }
        let byDiagnostic = errors.map { e in
            var d = e.diagnostic
            if d.file == nil { d.file = currentFile }
            for i in d.notes.indices where d.notes[i].file == nil { d.notes[i].file = d.file }
            return d
        }
        // Sorted as diagnostics, each tagged with its error's index: the last is thrown as
        // the error itself (with its trace).
        var index: [Diagnostic.Identity: Int] = [:]
        for (i, d) in byDiagnostic.enumerated() where index[d.identity()] == nil { index[d.identity()] = i }
        let sorted = SwiftcDiagnosticOrder(unit).sorted(byDiagnostic) { _ in false }
        for d in sorted.dropLast() { warningHandler(d) }
        throw errors[index[sorted[sorted.count - 1].identity()] ?? errors.count - 1]
    }

    /// Whether a name means something now: a global with a value, a function, a type.
    func isDeclaredNow(_ name: String) -> Bool {
        if let cells = functionsByBase[name], !cells.isEmpty { return true }
        if typeSlots[name]?.current != nil { return true }
        if let slot = globalIndex[name] {
            if case .box(let b) = machine.pointee.globals[slot], b === undefinedGlobal { return false }
            return true
        }
        return false
    }
}

/// The messages of the whole-unit check, in swiftc's words.
enum EntryMessage: DiagnosticMessage, Hashable {
    case cannotFindInScope(String)
    case cannotFindTypeInScope(String)
    /// The note on a missing type where the unit imports Core Data.
    case generatedClass(String)
    /// An entity's class that Xcode generates from a data model `:datamodel` read.
    case coreDataEntity(String, model: String)

    var id: DiagnosticID {
        switch self {
        case .cannotFindInScope: return DiagnosticID("cannot_find_in_scope")
        case .cannotFindTypeInScope: return DiagnosticID("cannot_find_type_in_scope")
        case .generatedClass: return DiagnosticID("tablelab_core_data_generated_class")
        case .coreDataEntity: return DiagnosticID("tablelab_core_data_entity_not_simulated")
        }
    }

    var text: String {
        switch self {
        case .cannotFindInScope(let n): return "cannot find '\(n)' in scope"
        case .cannotFindTypeInScope(let n): return "cannot find type '\(n)' in scope"
        case .generatedClass(let n):
            return "the script imports CoreData: '\(n)' may be the class Xcode generates for an entity of the app's data model "
                + "(.xcdatamodeld), which is no Swift file; Core Data is not simulated in TableLab"
        case .coreDataEntity(let n, let model):
            return "Core Data entity '\(n)' (its class is generated by Xcode from \(model)) is not simulated in TableLab"
        }
    }
}

extension InterpreterCore {
    /// swiftc refuses a switch that is not exhaustive anywhere in the program, also in a
    /// function that never runs: the static checker (`tablelab check`'s) over the unit,
    /// against the enums loaded before it. When it finds an error, its type-checker
    /// diagnostics are the unit's (swiftc skips the SIL stage's `will never be executed`
    /// warnings then); otherwise none, and each switch is checked on its first run as before.
    /// A unit that declares an enum twice (a transcript-style redeclaration) is left to the
    /// run-time check, which follows the declarations in order.
    func switchErrorsBeforeRunning(_ unit: SourceUnit, _ file: SourceFile) -> [Diagnostic] {
        var names = Set<String>()
        for s in unit.statements {
            if case .declaration(.enum(let e)) = s.kind, !names.insert(e.name).inserted { return [] }
        }
        var known: [(name: String, cases: [String])] = []
        var payloads: [String: [[AssociatedValueType]?]] = [:]
        for t in types where t.kind == .enum && typeSlots[t.name]?.current === t {
            known.append((t.name, t.caseNames))
            if let e = t.decl as? EnumDecl { payloads[t.name] = AssociatedValueType.payloads(of: e) }
        }
        let report = StaticChecker(hostOpenTypes: hosting.openTypes, hostEnums: hosting.enums).check(unit, file: file, knownEnums: known,
                                                                          knownPayloads: payloads)
        guard report.diagnostics.contains(where: { $0.severity == .error }) else {
            // No error: the unit runs, and swiftc's warnings about its switches come first,
            // also for switches in code that never runs.
            let warnings = report.diagnostics.filter { $0.severity == .warning }
            for d in warnings { switchChecks.reportedBeforeRunning.insert(SwitchExhaustiveness.warningKey(d, file: file)) }
            return warnings
        }
        return report.diagnostics.filter { !($0.severity == .warning && $0.id == .unreachableDefault) }
    }
}
