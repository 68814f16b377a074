// A unit runs in parts: the statements before a command or before a later redeclaration
// run before the next part compiles (the next part may depend on what the command or the
// redeclaration changed). swiftc rejects a whole file that fails to compile anywhere, and
// issue 13 asks the same of an entry: so before the first part runs, every part is
// compiled once, in order, with each later redeclaration hoisted where it stands, and then
// all of it is taken back. A compile error anywhere stops the unit with nothing run.
//
// Only swiftc's `cannot find 'x' in scope` stops the unit ahead; any other error ends the
// trial, and is met (or not) when its part is reached.
// The trial stops at a command the host does not vouch for (`:load`, `:use`, `:undo` and
// the like change which names the next part sees): what follows it compiles when reached,
// as before, so the trial never refuses a part that would compile when its turn came.

import TableLabSyntax

extension InterpreterCore {
    /// Whether `unit` runs in more than one part (a command, or a declaration in `later`).
    static func runsInParts(_ unit: SourceUnit, later: Set<Int>) -> Bool {
        if !later.isEmpty { return true }
        return unit.statements.contains { s in
            if case .command = s.kind { return true }
            return false
        }
    }

    /// Compiles the parts of `unit` after its first hoist, under a journal of its own that
    /// is rolled back whether or not they compile; the unit's own journal stays in force.
    /// Throws the first part's compile error (the errors reported before it, too).
    func compileAhead(_ unit: SourceUnit, later: Set<Int>, echo: Bool, declared: Set<String>) throws {
        let outer = declarationJournal
        let trial = beginDeclarations(unit)
        var failure: (any Error)?
        // Warnings and the errors reported before the thrown one are given by the real
        // compile when the trial passes; only a trial that fails reports them itself.
        let reported = collectingWarnings {
            do { try compileParts(unit, later: later, echo: echo, declared: declared) } catch { failure = error }
        }
        rollBackDeclarations(trial)
        declarationJournal = outer
        // Only swiftc's own refusal stops the unit ahead; a construct TableLab does not
        // implement (a framework type it does not simulate) is named where it is reached.
        guard let failure, Self.isSwiftcRefusal(failure) else { return }
        for d in reported { warningHandler(d) }
        throw failure
    }

    private static func isSwiftcRefusal(_ error: any Error) -> Bool {
        guard let e = error as? RuntimeError else { return false }
        return e.diagnostic.id == EntryMessage.cannotFindInScope("").id
    }

    private func compileParts(_ unit: SourceUnit, later: Set<Int>, echo: Bool, declared: Set<String>) throws {
        var pending: [Stmt] = [], deferred: [Stmt] = []
        func compilePending() throws {
            guard !pending.isEmpty else { return }
            _ = try compileTopLevelRun(pending, echo: echo, declared: declared)
            pending = []
        }
        for (i, s) in unit.statements.enumerated() {
            switch s.kind {
            case .declaration(.function), .declaration(.enum), .declaration(.struct), .declaration(.table),
                 .declaration(.class), .declaration(.extension), .declaration(.protocol), .declaration(.typeAlias):
                guard later.contains(i) else { continue }
                try compilePending()
                _ = try hoist([s], carry: false)
                try checkGlobalsLeft(at: s.location)
            case .command(let name, _):
                try compilePending()
                guard hosting.commandLeavesNamesAlone?(name) == true else { return }
            default:
                if let block = Self.topLevelDeferBlock(s) { deferred.append(block) } else { pending.append(s) }
            }
        }
        pending += deferred.reversed()
        try compilePending()
    }

    /// A top-level `defer` as the block it runs once the unit's code ends (a `do` block: its
    /// names are its own); nil for any other statement.
    static func topLevelDeferBlock(_ s: Stmt) -> Stmt? {
        guard case .defer(let body) = s.kind else { return nil }
        var block = s
        block.kind = .doCatch(body: body, catches: [])
        return block
    }
}
