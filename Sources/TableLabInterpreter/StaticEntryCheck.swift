// What swiftc rejects in a whole unit (a file, an entry) before any of it runs: the
// missing returns (ReturnCheck), and the checks of the layers above (`unitChecks`: the
// simulator's near-miss delegate methods). Warnings are reported; errors are reported in
// source order and the last one is thrown, so nothing of the unit runs.

import TableLabSyntax

extension Interpreter {
    func checkBeforeRunning(_ unit: SourceUnit, _ file: SourceFile) throws(Diagnostic) {
        var found = ReturnCheck.missingReturns(unit, file: file)
        for check in unitChecks { found += check(unit, file) }
        guard !found.isEmpty else { return }
        var errors: [Diagnostic] = []
        for d in found {
            if d.severity == .error { errors.append(d) } else { core.warningHandler(d) }
        }
        guard let last = errors.popLast() else { return }
        for d in errors { core.warningHandler(d) }
        throw last
    }
}
