// The order swiftc lists a file's diagnostics in, for a caller that gathers them from
// several checks (the switch checker, the interpreter's compile-time checks) and reports
// them together. Checked against swiftc 6.3.1 (-typecheck):
// - top-level code first (its closures included), in source order; then the bodies of
//   functions, methods, initializers and computed properties, each in source order;
// - inside a switch, its patterns are checked first (every case's, before any body), then
//   the bodies, and the exhaustiveness check (missing and redundant cases) comes last, at
//   the switch's end;
// - a name or type nothing declares outside a body (`func f(_ x: Nope)`, a stored
//   property's annotation or default) is found as the declarations are checked, with the
//   top-level code, in source order;
// - each statement is type-checked on its own (a closure with the statement it is in):
//   its names first (`cannot find 'x' in scope`, found before the solver runs), then the
//   solver's errors (`incorrect argument label in call`), each group in source order.

import TableLabSyntax

public struct SwiftcDiagnosticOrder {
    /// The ranges of top-level code (statements that are not type or function declarations).
    private var topLevel: [SourceRange] = []
    /// Every switch: from its keyword (or its label) to its closing brace.
    private var switches: [SourceRange] = []
    /// The bodies of functions: from the first statement to the closing brace.
    private var bodies: [SourceRange] = []
    /// Closures, from their opening brace.
    private var closures: [SourceRange] = []
    /// The statements swiftc type-checks one by one (`CheckedStatements`).
    private var statements: [SourceRange] = []
    /// The top-level declarations of functions and types, each with its rank in the order
    /// the SIL stage's passes take them (`silRank`).
    private var declarations: [(range: SourceRange, rank: Int)] = []
    /// The top-level code's rank.
    private var mainRank = 0

    public init(_ unit: SourceUnit) {
        for s in unit.statements where Self.isTopLevelCode(s) { topLevel.append(s.range) }
        let ranks = Self.silRanks(unit)
        mainRank = ranks.main
        declarations = ranks.declarations
        var v = SwitchRanges()
        v.walk(unit.statements)
        switches = v.ranges
        bodies = v.bodies
        closures = v.closures
        var checked = CheckedStatements()
        checked.walk(unit.statements)
        statements = checked.ranges
    }

    /// The usage warnings (a value never used, a `var` never mutated), which swiftc gives
    /// once a body has type-checked, at its end.
    private static let usageWarningIDs: Set<DiagnosticID> = [
        DiagnosticID("pbd_never_used"), DiagnosticID("variable_never_mutated"), DiagnosticID("variable_never_used"),
    ]

    public static func isUsageWarning(_ d: Diagnostic) -> Bool { usageWarningIDs.contains(d.id) }

    /// Errors of swiftc's syntactic checks after a body type-checked (inout arguments that
    /// alias): given after its usage warnings, and swiftc goes on to the SIL stage.
    private static let afterTypeCheckIDs: Set<DiagnosticID> = [DiagnosticID("inout_argument_alias")]

    /// What swiftc type-checks as one: a top-level statement, or the body of a function,
    /// method, initializer or computed property that is not inside another (a nested
    /// function and a closure are checked with the body around them).
    private func checkedBody(_ at: SourceLocation) -> SourceRange? {
        if let r = topLevel.first(where: { Self.contains($0, at) }) { return r }
        var best: SourceRange?
        for r in bodies where Self.contains(r, at) {
            if let b = best, !Self.before(r.start, b.start) { continue }
            best = r
        }
        return best
    }

    /// `diagnostics` as far as swiftc gets: after a type checker's error it stops before the
    /// SIL stage (no missing return, no use before initialization, no unreachable default),
    /// and it gives the usage warnings only of a body that type-checked (an exhaustiveness
    /// error does not count: it comes after the body's expressions are checked).
    public func asSwiftcReaches(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        let typeChecker = diagnostics.filter {
            $0.severity == .error && !Self.silStageIDs.contains($0.id) && !Self.afterTypeCheckIDs.contains($0.id)
        }
        guard !typeChecker.isEmpty else { return diagnostics }
        let failed = typeChecker.compactMap { d -> SourceRange? in
            guard !Self.exhaustivenessIDs.contains(d.id), d.location != .unknown else { return nil }
            return checkedBody(d.location)
        }
        return diagnostics.filter { d in
            if Self.silStageIDs.contains(d.id) { return false }
            guard Self.usageWarningIDs.contains(d.id), let body = checkedBody(d.location) else { return true }
            return !failed.contains(body)
        }
    }

    /// The order of the SIL stage's function passes: the module holds the top-level code,
    /// then the declarations in source order, and each pass takes them bottom-up, a
    /// function after the global functions it calls (found by name, outside closures).
    private static func silRanks(_ unit: SourceUnit) -> (main: Int, declarations: [(range: SourceRange, rank: Int)]) {
        var functions: [String: Int] = [:]
        var nodes: [[Stmt]] = [unit.statements.filter(isTopLevelCode)]
        var ranges: [SourceRange] = []
        for s in unit.statements where !isTopLevelCode(s) {
            if case .declaration(.function(let f)) = s.kind, functions[f.name] == nil { functions[f.name] = nodes.count }
            var body: [Stmt] = []
            if case .declaration(.function(let f)) = s.kind { body = f.body }
            nodes.append(body)
            ranges.append(s.range)
        }
        var rank = Array(repeating: -1, count: nodes.count)
        var next = 0
        var visiting = Set<Int>()
        func visit(_ i: Int) {
            guard rank[i] < 0, visiting.insert(i).inserted else { return }
            var calls = GlobalCalls(functions: functions)
            calls.walk(nodes[i])
            for c in calls.called { visit(c) }
            rank[i] = next
            next += 1
        }
        for i in nodes.indices { visit(i) }
        return (rank[0], ranges.indices.map { (ranges[$0], rank[$0 + 1]) })
    }

    private static let cannotFind: Set<DiagnosticID> = [
        DiagnosticID("cannot_find_type_in_scope"), DiagnosticID("cannot_find_in_scope"),
        // A Dictionary key or Set element of a type that is not Hashable, in an annotation.
        DiagnosticID("type_does_not_conform_in_signature"), DiagnosticID("type_does_not_conform_dictionary_key"),
        // A Core Data entity's generated class (`:datamodel`), refused where swiftc, shown the
        // Swift alone, would say "cannot find": in that place of the order.
        DiagnosticID("tablelab_core_data_entity_not_simulated"),
    ]

    private static func isTopLevelCode(_ s: Stmt) -> Bool {
        guard case .declaration(let d) = s.kind else { return true }
        switch d {
        case .variable(let v): return v.getter == nil
        case .function, .enum, .struct, .table, .class, .extension, .protocol, .typeAlias: return false
        }
    }

    /// The switch checker's diagnostics that swiftc gives after the switch's bodies.
    private static let exhaustivenessIDs: Set<DiagnosticID> = [
        .nonExhaustiveSwitch, DiagnosticID("non_exhaustive_switch_unknown_only"), DiagnosticID("empty_switch_stmt"),
        DiagnosticID("possibly_non_exhaustive_switch"), DiagnosticID("redundant_particular_case"),
        DiagnosticID("redundant_particular_literal_case"),
    ]

    /// Diagnostics of swiftc's SIL stage (definite initialization, missing returns,
    /// exclusivity, unreachable code): after the type checker's, top-level code first.
    private static let silStageIDs: Set<DiagnosticID> = [
        .unreachableDefault, DiagnosticID("missing_return_decl"), DiagnosticID("variable_used_before_initialized"),
        DiagnosticID("variable_inout_before_initialized"), DiagnosticID("variable_closure_use_uninit"),
        DiagnosticID("return_from_init_without_initing_stored_properties"), DiagnosticID("stored_property_not_initialized"),
        DiagnosticID("immutable_value_may_only_be_initialized_once"), DiagnosticID("superselfinit_not_called_before_return"),
        DiagnosticID("exclusivity_access_required"), DiagnosticID("struct_not_fully_initialized"),
        DiagnosticID("ivar_not_initialized_at_superinit"),
    ]

    /// Of the SIL stage's diagnostics, those of the passes after definite initialization
    /// (all of the module's definite-initialization errors come first).
    private static let laterSILPassIDs: Set<DiagnosticID> = [DiagnosticID("missing_return_decl")]

    /// Definite initialization's errors about a local, which it gives variable by variable
    /// (its "defined here" note is the first).
    private static let perVariableIDs: Set<DiagnosticID> = [
        DiagnosticID("variable_used_before_initialized"), DiagnosticID("variable_inout_before_initialized"),
        DiagnosticID("variable_closure_use_uninit"), DiagnosticID("struct_not_fully_initialized"),
    ]

    /// `diagnostics` in swiftc's order (a stable sort). `fromSwitchCheck`: whether a
    /// diagnostic is the switch checker's (its patterns' and exhaustiveness), placed by its
    /// switch; any other is placed where it stands.
    public func sorted(_ diagnostics: [Diagnostic], fromSwitchCheck: (Diagnostic) -> Bool) -> [Diagnostic] {
        let keyed = diagnostics.enumerated().map { (i, d) in (key: key(d, fromSwitchCheck(d)), index: i, d: d) }
        return keyed.sorted { a, b in a.key != b.key ? Self.less(a.key, b.key) : a.index < b.index }.map(\.d)
    }

    private typealias Key = [Int]

    private static func less(_ a: Key, _ b: Key) -> Bool {
        for (x, y) in zip(a, b) where x != y { return x < y }
        return a.count < b.count
    }

    private func key(_ d: Diagnostic, _ fromSwitch: Bool) -> Key {
        let at = d.location
        // Each pass of the SIL stage goes through the functions in its order (`silRanks`;
        // the top-level code's closures after it); within one, variable by variable.
        if Self.silStageIDs.contains(d.id) {
            let inTopLevel = topLevel.contains { Self.contains($0, at) }
            let inClosure = closures.contains { Self.contains($0, at) }
            let function = inTopLevel ? mainRank : declarations.first { Self.contains($0.range, at) }?.rank ?? Int.max
            let variable = Self.perVariableIDs.contains(d.id) ? d.notes.first?.location ?? at : at
            // Definite initialization checks a `super.init` call after every other use of self.
            let last = d.id == DiagnosticID("ivar_not_initialized_at_superinit") ? 1 : 0
            return [3, Self.laterSILPassIDs.contains(d.id) ? 1 : 0, function, inTopLevel && inClosure ? 1 : 0,
                    last, variable.line, variable.column, at.line, at.column]
        }
        guard at != .unknown else { return [2] }
        var group = topLevel.contains { Self.contains($0, at) } ? 0 : 1
        if Self.cannotFind.contains(d.id), !bodies.contains(where: { Self.contains($0, at) }) { group = 0 }
        // A usage warning comes after everything else its body's check gives.
        if Self.usageWarningIDs.contains(d.id), let body = checkedBody(at) {
            return [group, body.end.line, body.end.column, Int.max, 0, at.line, at.column]
        }
        if Self.afterTypeCheckIDs.contains(d.id), let body = checkedBody(at) {
            return [group, body.end.line, body.end.column, Int.max, 1, at.line, at.column]
        }
        if fromSwitch, let sw = innermostSwitch(at) {
            // The exhaustiveness check's diagnostics keep their order (redundant cases, then
            // the missing ones); the patterns' come at the switch, before its bodies.
            if Self.exhaustivenessIDs.contains(d.id) { return [group, sw.end.line, sw.end.column] }
            return [group, sw.start.line, sw.start.column, at.line, at.column]
        }
        // Within the statement swiftc checks as one, the names it cannot find come first.
        if let statement = checkedStatement(at) {
            let phase = Self.cannotFind.contains(d.id) ? 0 : 1
            return [group, statement.start.line, statement.start.column, phase, at.line, at.column]
        }
        return [group, at.line, at.column, 1, at.line, at.column]
    }

    /// The innermost statement around `at` that swiftc type-checks on its own.
    private func checkedStatement(_ at: SourceLocation) -> SourceRange? { Self.innermost(of: statements, around: at) }

    private func innermostSwitch(_ at: SourceLocation) -> SourceRange? { Self.innermost(of: switches, around: at) }

    /// The range of `ranges` around `at` that starts last: the innermost of nested ones.
    private static func innermost(of ranges: [SourceRange], around at: SourceLocation) -> SourceRange? {
        var best: SourceRange?
        for r in ranges where contains(r, at) {
            if let b = best, before(r.start, b.start) { continue }
            best = r
        }
        return best
    }

    private static func before(_ a: SourceLocation, _ b: SourceLocation) -> Bool {
        (a.line, a.column) < (b.line, b.column)
    }

    private static func contains(_ r: SourceRange, _ at: SourceLocation) -> Bool {
        !before(at, r.start) && !before(r.end, at)
    }
}

/// The ranges of a unit's switches, a labelled one from its label.
private struct SwitchRanges: SyntaxVisitor {
    var ranges: [SourceRange] = []
    var bodies: [SourceRange] = []
    var closures: [SourceRange] = []

    mutating func visit(_ node: Expr) -> SyntaxVisitorContinueKind {
        // `{ [z] in ... }`: the capture list is read by the code that makes the closure;
        // the closure's own code starts after it.
        if case .call(let callee, let args) = node.kind, case .closure(let wrapper) = callee.kind, wrapper.isCaptureWrapper,
           let last = args.last, wrapper.body.count == 1, case .return(let inner?) = wrapper.body[0].kind,
           case .closure(let literal) = inner.kind {
            let listEnd = last.value.range.end
            closures.append(SourceRange(start: SourceLocation(line: listEnd.line, column: listEnd.column + 1), end: node.range.end))
            for a in args { walk(a.value) }
            walk(literal.body)
            return .skipChildren
        }
        if case .closure = node.kind { closures.append(node.range) }
        return .visitChildren
    }

    mutating func visit(_ node: Decl) -> SyntaxVisitorContinueKind {
        if case .function(let f) = node, let first = f.body.first, f.bodyEnd != .unknown {
            bodies.append(SourceRange(start: first.location, end: f.bodyEnd))
        }
        if case .variable(let v) = node, let first = v.getter?.first, v.getterEnd != .unknown {
            bodies.append(SourceRange(start: first.location, end: v.getterEnd))
        }
        // Setters, subscripts, `willSet` and `deinit` are checked as bodies too; a `didSet`
        // is not: swiftc checks it with the declarations (whether it reads `oldValue`).
        if case .variable(let v) = node {
            addBody(v.setter?.body)
            addBody(v.observers?.willSet?.body)
        }
        var members: TypeMembers?
        switch node {
        case .struct(let x): members = x.members
        case .enum(let x): members = x.members
        case .extension(_, let m, _): members = m
        case .class(let x): members = x.members; addBody(x.deinitBody)
        default: break
        }
        for sub in members?.subscripts ?? [] {
            addBody(sub.getter)
            addBody(sub.setter?.body)
        }
        return .visitChildren
    }

    /// A body known by its statements alone: from the first to the end of the last.
    private mutating func addBody(_ body: [Stmt]?) {
        guard let first = body?.first, let last = body?.last else { return }
        bodies.append(SourceRange(start: first.location, end: last.range.end))
    }

    mutating func visit(_ node: Stmt) -> SyntaxVisitorContinueKind {
        switch node.kind {
        case .switch: ranges.append(node.range)
        case .labeled(_, let inner):
            if case .switch = inner.kind { ranges.append(SourceRange(start: node.location, end: node.range.end)) }
        default: break
        }
        return .visitChildren
    }
}

/// The statements swiftc type-checks one at a time: an expression, an assignment, a
/// `return`, a `throw`, a stored variable's declaration. A compound statement's parts are
/// checked one by one; a closure is checked with the statement it is in.
private struct CheckedStatements: SyntaxVisitor {
    var ranges: [SourceRange] = []

    mutating func visit(_ node: Stmt) -> SyntaxVisitorContinueKind {
        switch node.kind {
        case .expression, .assignment, .return, .throw:
            ranges.append(node.range)
        case .declaration(.variable(let v)) where v.getter == nil && v.setter == nil && v.observers == nil:
            ranges.append(node.range)
        default:
            break
        }
        return .visitChildren
    }

    mutating func visit(_ node: Expr) -> SyntaxVisitorContinueKind {
        if case .closure = node.kind { return .skipChildren }
        return .visitChildren
    }
}

/// The global functions a body calls by name, in order, outside its closures and nested
/// functions (each a function of its own).
private struct GlobalCalls: SyntaxVisitor {
    let functions: [String: Int]
    var called: [Int] = []

    mutating func visit(_ node: Expr) -> SyntaxVisitorContinueKind {
        switch node.kind {
        case .closure: return .skipChildren
        case .call(let callee, _):
            if case .identifier(let n) = callee.kind, let i = functions[n] { called.append(i) }
        default: break
        }
        return .visitChildren
    }

    mutating func visit(_ node: Decl) -> SyntaxVisitorContinueKind {
        if case .function = node { return .skipChildren }
        return .visitChildren
    }
}
