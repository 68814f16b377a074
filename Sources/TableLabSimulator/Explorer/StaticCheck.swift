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
    /// One line per switch whose subject type is not known without running it:
    /// `settings.tlab:42:7: note: switch over 'item' will be checked at run time (its type is not known statically)`.
    public var checkedAtRunTime: [String]
    public var errorCount: Int
    public var warningCount: Int
    /// `checked 1 file: no problems found` (`checked 12 switches in the loaded code: ...`
    /// for a session), or the counts of errors and warnings.
    public var summary: String
}

extension Explorer {
    /// Parses each source and checks every switch whose subject type can be known.
    /// - Parameter cumulative: true for a session's inputs (an entry sees the enums of the
    ///   entries before it); false for independent files (`tablelab check a.tlab b.tlab`).
    public static func staticCheck(_ files: [SourceFile], cumulative: Bool) -> StaticCheckOutcome {
        var diagnostics: [Diagnostic] = []
        var runtime: [String] = []
        var known: [(name: String, cases: [String])] = []
        var switches = 0
        var units: [(SourceFile, SourceUnit?)] = []
        for file in files {
            do {
                units.append((file, try Parser.parse(file)))
            } catch {
                units.append((file, nil))
                diagnostics.append(contentsOf: error.diagnostics)
            }
        }
        // In a session a later entry's redeclaration is what the earlier code runs against.
        var latest: [String: [String]] = [:]
        if cumulative {
            for case (_, let unit?) in units { for e in enumsDeclared(in: unit) { latest[e.name] = e.cases } }
        }
        let checker = SwitchChecker(enumCases: { latest[$0] })
        for (file, unit) in units {
            guard let unit else { continue }
            let report = StaticChecker().check(unit, file: file, knownEnums: cumulative ? known : [])
            switches += report.sites.count
            var found = report.diagnostics
            if cumulative {
                found = []
                for site in report.sites {
                    guard var subject = site.subject else { continue }
                    for (name, cases) in latest where subject.mentions(name) {
                        subject = subject.replacingCases(of: name, with: cases)
                    }
                    found.append(contentsOf: checker.check(site.stmt, subject: subject, file: file))
                }
            }
            let late = found.filter(isSILWarning)
            let typeChecker = found.filter { !isSILWarning($0) }
            diagnostics.append(contentsOf: typeChecker)
            if !typeChecker.contains(where: { $0.severity == .error }) { diagnostics.append(contentsOf: late) }
            for site in report.runtimeChecked {
                let at = site.stmt.location
                runtime.append("\(file.name):\(at.line):\(at.column): note: switch over '\(subjectText(site.stmt, in: file))' "
                               + "will be checked at run time (its type is not known statically)")
            }
            if cumulative { known = merged(known, enumsDeclared(in: unit)) }
        }
        let errors = diagnostics.filter { $0.severity == .error }.count
        let warnings = diagnostics.filter { $0.severity == .warning }.count
        let switchCount = switches == 1 ? "1 switch" : "\(switches) switches"
        var summary = cumulative ? "checked \(switchCount) in the loaded code: "
            : "checked \(files.count == 1 ? "1 file" : "\(files.count) files"): "
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

    /// `:check`'s default handler: every loaded source, each seeing the enums of the earlier ones.
    public static func defaultCheckHandler(_ files: [SourceFile]) -> CheckResult {
        // A file run again (`:reload`) is checked once, where it last ran.
        var unique: [SourceFile] = []
        for f in files.reversed() where !unique.contains(where: { $0.name == f.name && $0.text == f.text }) {
            unique.insert(f, at: 0)
        }
        let outcome = staticCheck(unique, cumulative: true)
        let lines = outcome.checkedAtRunTime + [outcome.summary]
        return CheckResult(diagnostics: outcome.diagnostics, summary: lines.joined(separator: "\n"))
    }

    private static func isSILWarning(_ d: Diagnostic) -> Bool {
        d.severity == .warning && d.id == .unreachableDefault
    }

    /// The subject as written: the text between `switch` and the `{` on its line.
    static func subjectText(_ stmt: SwitchStmt, in file: SourceFile) -> String {
        guard let line = file.line(stmt.location.line) else { return "subject" }
        let chars = Array(line)
        var i = max(0, stmt.location.column - 1) + "switch".count
        guard i <= chars.count else { return "subject" }
        var end = chars.count
        if let brace = chars[i...].lastIndex(of: "{") { end = brace }
        while i < end, chars[i] == " " || chars[i] == "\t" { i += 1 }
        while end > i, chars[end - 1] == " " || chars[end - 1] == "\t" { end -= 1 }
        return i < end ? String(chars[i..<end]) : "subject"
    }

    private static func enumsDeclared(in unit: SourceUnit) -> [(name: String, cases: [String])] {
        var out: [(name: String, cases: [String])] = []
        func visit(_ d: Decl) {
            switch d {
            case .enum(let e):
                out.append((e.name, e.cases.map(\.name)))
                for n in e.members.nestedTypes { visit(n) }
            case .struct(let s): for n in s.members.nestedTypes { visit(n) }
            case .table(let t): for n in t.members.nestedTypes { visit(n) }
            default: break
            }
        }
        for s in unit.statements { if case .declaration(let d) = s.kind { visit(d) } }
        return out
    }

    private static func merged(_ a: [(name: String, cases: [String])], _ b: [(name: String, cases: [String])])
        -> [(name: String, cases: [String])] {
        var out = a
        for e in b {
            if let i = out.firstIndex(where: { $0.name == e.name }) { out[i] = e } else { out.append(e) }
        }
        return out
    }
}
