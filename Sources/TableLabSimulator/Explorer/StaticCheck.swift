// `tablelab check FILE...` and `:check`: the exhaustiveness checker over code that does not run.

import TableLabSyntax
import TableLabExhaustiveness
import TableLabInterpreter

/// What a static check of some sources found (SPEC §3.3, second bullet).
public struct StaticCheckOutcome {
    /// Errors and warnings, file by file in swiftc's order: each switch's type-checker
    /// diagnostics in source order, then the `default will never be executed` warnings
    /// (swiftc's SIL pass, which it skips for a file with errors; so does this).
    public var diagnostics: [Diagnostic]
    /// A note for each switch whose subject type is not known without running it:
    /// `settings.tlab:42:7: note: switch over 'item' will be checked at run time (its type is not known statically)`,
    /// shown on one line with no quote of the source.
    public var checkedAtRunTime: [Diagnostic]
    public var errorCount: Int
    public var warningCount: Int
    /// `checked 1 file: no problems found` (`checked 12 switches in the loaded code: ...`
    /// for a session), or the counts of errors and warnings.
    public var summary: String
}

extension Explorer {
    /// `tablelab check`: parses each file on its own and checks every switch whose subject
    /// type can be known without running anything. `suggestingCloseNames`: an error about a
    /// misspelt name or member gets its `did you mean` note (CloseNames.swift).
    public static func staticCheck(_ files: [SourceFile], suggestingCloseNames: Bool = false) -> StaticCheckOutcome {
        var findings = Findings()
        var parsed: [(unit: SourceUnit, file: SourceFile)] = []
        var parseErrors: [ObjectIdentifier: [Diagnostic]] = [:]
        for file in files {
            do {
                parsed.append((try Parser.parse(file, screenSuperclasses: UIKitBuiltins.screenSuperclasses), file))
            } catch {
                parseErrors[ObjectIdentifier(file)] = error.diagnostics
            }
        }
        for file in files {
            if let errors = parseErrors[ObjectIdentifier(file)] {
                findings.diagnostics.append(contentsOf: errors)
                continue
            }
            guard let unit = parsed.first(where: { $0.file === file })?.unit else { continue }
            let report = StaticChecker(hostOpenTypes: UIKitBuiltins.openTypeNames, hostEnums: UIKitValue.enumCases)
                .check(unit, file: file, knownEnums: [])
            findings.switches += report.sites.count
            // Names and members are looked up against the declarations of every file given
            // (one module, as Xcode compiles a target's files), made in an explorer of its own
            // (UIKit's names as a run has them) and thrown away. A data source's conformance
            // may be completed by another file's extension: the other files are looked at too.
            let checker = Explorer()
            let others = files.filter { $0 !== file }
            var declared = withExtendedLifetime(checker) { checker.interpreter.declarationErrors(file, alongside: others) }
            declared = DataSourceConformance.errors(unit, file: file, alongside: parsed.filter { $0.file !== file }) + declared
            // In swiftc's order: top-level code (its closures too) before the bodies.
            let fromSwitches = Set(report.diagnostics.map { $0.identity() })
            let own = report.diagnostics + ReturnCheck.missingReturns(unit, file: file)
                + ValueBranchCheck.errors(unit, file: file) + DelegateNearMiss.warnings(unit, file: file)
                + SelectorExposure.errors(unit, file: file) + ExtensionOverride.errors(unit, file: file)
            // The interpreter's checks repeat some of these (the switches, the missing returns): each once.
            var seen = Set(own.map { $0.identity() })
            let order = SwiftcDiagnosticOrder(unit)
            let found = order.asSwiftcReaches(own + declared.filter { seen.insert($0.identity()).inserted })
            let sorted = order.sorted(found) { fromSwitches.contains($0.identity()) }
            findings.add(suggestingCloseNames ? sorted.map { addingCloseNames($0, checker.interpreter) } : sorted)
            for site in report.runtimeChecked { findings.checkedAtRunTime(site.stmt, in: file) }
        }
        return findings.outcome(scope: "checked \(files.count == 1 ? "1 file" : "\(files.count) files")")
    }

    /// `:check`: every switch of the live code, from the interpreter's registry (the one
    /// the run-time check and the redeclaration warnings use), against the enums as they
    /// are now. A switch whose subject type is known neither statically nor from a run is
    /// listed as checked at run time.
    func checkLoadedCode() -> StaticCheckOutcome {
        var findings = Findings()
        var file: SourceFile?
        var pending: [Diagnostic] = []
        for site in interpreter.loadedSwitches where site.file.name != "<prelude>" {
            if site.file !== file {
                findings.add(pending)
                pending = []
                file = site.file
            }
            findings.switches += 1
            if site.subject == nil {
                findings.checkedAtRunTime(site.statement, in: site.file)
            } else {
                pending.append(contentsOf: interpreter.check(site).map { overloadNoted($0, site) })
            }
        }
        findings.add(pending)
        // Functions a later redeclaration broke (a renamed property, a removed function).
        findings.add(interpreter.liveCodeErrors())
        return findings.outcome(scope: "checked \(findings.switches == 1 ? "1 switch" : "\(findings.switches) switches") in the loaded code")
    }

    /// A switch error in a global function that another of the same base name and other
    /// labels did not replace (`f(x:)` after `f(y:)` was typed to fix it): both are live, as
    /// in Swift, and the note says why the error stays.
    private func overloadNoted(_ d: Diagnostic, _ site: LoadedSwitchInfo) -> Diagnostic {
        guard d.severity == .error, site.ownerType == nil, let f = site.function,
              let paren = f.firstIndex(of: "(") else { return d }
        let others = interpreter.scriptFunctionNames(base: String(f[..<paren])).filter { $0 != f }
        guard !others.isEmpty else { return d }
        var d = d
        d.notes.append(.note(ExplorerMessage.overloadStillDeclared(function: f, others: others), at: d.location, in: site.file))
        return d
    }

    /// Diagnostics gathered file by file, and the summary line they make.
    private struct Findings {
        var diagnostics: [Diagnostic] = []
        var runtime: [Diagnostic] = []
        var switches = 0

        /// One file's diagnostics: the type checker's first, then the SIL stage's, which
        /// swiftc does not reach in a file with errors.
        mutating func add(_ found: [Diagnostic]) {
            let late = found.filter { $0.severity == .warning && $0.id == .unreachableDefault }
            let typeChecker = found.filter { !($0.severity == .warning && $0.id == .unreachableDefault) }
            diagnostics.append(contentsOf: typeChecker)
            if !typeChecker.contains(where: { $0.severity == .error }) { diagnostics.append(contentsOf: late) }
        }

        mutating func checkedAtRunTime(_ stmt: SwitchStmt, in file: SourceFile) {
            var note = Diagnostic.note(ExplorerMessage.switchCheckedAtRunTime(subject: Explorer.subjectText(stmt, in: file)),
                                       at: stmt.location, in: file)
            note.quotesSource = false
            runtime.append(note)
        }

        func outcome(scope: String) -> StaticCheckOutcome {
            let errors = diagnostics.filter { $0.severity == .error }.count
            let warnings = diagnostics.filter { $0.severity == .warning }.count
            var summary = scope + ": "
            if errors == 0 && warnings == 0 {
                summary += "no problems found"
            } else {
                var parts: [String] = []
                if errors > 0 { parts.append(errors == 1 ? "1 error" : "\(errors) errors") }
                if warnings > 0 { parts.append(warnings == 1 ? "1 warning" : "\(warnings) warnings") }
                summary += parts.joined(separator: ", ")
            }
            if !runtime.isEmpty {
                summary += " (\(runtime.count) of \(switches) switch\(switches == 1 ? "" : "es") checked at run time)"
            }
            return StaticCheckOutcome(diagnostics: diagnostics, checkedAtRunTime: runtime, errorCount: errors,
                                      warningCount: warnings, summary: summary)
        }
    }

    /// The subject as written, on one line: its source range's text with each run of
    /// whitespace (newlines, tabs, form feeds) as one space.
    static func subjectText(_ stmt: SwitchStmt, in file: SourceFile) -> String {
        guard let text = file.text(stmt.subject.range) else { return "subject" }
        var out = ""
        var pendingSpace = false
        for scalar in text.unicodeScalars {
            if scalar.properties.isWhitespace || scalar.properties.generalCategory == .control {
                pendingSpace = !out.isEmpty
            } else {
                if pendingSpace { out += " "; pendingSpace = false }
                out.unicodeScalars.append(scalar)
            }
        }
        return out.isEmpty ? "subject" : out
    }
}
