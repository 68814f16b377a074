// What swiftc rejects in a whole unit (a file, an entry) before any of it runs: here the
// missing returns (ReturnCheck). All are reported in source order; the last one is thrown,
// so nothing of the unit runs.

import TableLabSyntax

extension Interpreter {
    func checkBeforeRunning(_ unit: SourceUnit, _ file: SourceFile) throws(Diagnostic) {
        var errors = ReturnCheck.missingReturns(unit, file: file)
        guard let last = errors.popLast() else { return }
        for d in errors { core.warningHandler(d) }
        throw last
    }
}
