// Reading the directive comments of a `.tlab` script test (the format is described in
// Tests/ScriptTests/README.md). Parsing is pure string work so that the runner's own
// tests can check it without running anything.

import Foundation

/// What one script expects of a `tablelab` run, read from its directive comments.
struct ScriptExpectation: Equatable {
    /// The `// expect:` lines, in order.
    var stdoutLines: [String] = []
    /// The contents of `NAME.stdout` beside the script; when present it replaces `stdoutLines`.
    var stdoutFile: String?
    /// The `// expect-diag:` lines (`L:C: SEVERITY: MESSAGE`), in order.
    var diagnostics: [String] = []
    /// The `// expect-stderr:` lines, in order.
    var stderrLines: [String] = []
    /// The `// expect-exit:` status, when given.
    var explicitExit: Int32?
    /// The `// args:` words, in order, put before the script path.
    var arguments: [String] = []
    /// `// run: stdin`: pipe the file into `tablelab -` instead of naming it.
    var runOnStdin = false
    /// Mistakes in the directives themselves (unknown name, bad value). A script with
    /// problems fails: a directive the runner cannot read would otherwise check nothing.
    var problems: [String] = []

    /// Standard output exactly as expected, newline after every `expect:` line.
    var expectedStdout: String {
        stdoutFile ?? stdoutLines.map { $0 + "\n" }.joined()
    }

    /// The exit status: the explicit one, else 1 when an error diagnostic is expected, else 0.
    var expectedExit: Int32 {
        if let explicitExit { return explicitExit }
        return diagnostics.contains { DiagnosticHeader.severity(ofExpected: $0) == "error" } ? 1 : 0
    }
}

enum ScriptDirectives {
    /// The directive names; a comment `// expect...:` with any other name is reported as a
    /// problem so that a typo (`// expect-err:`) cannot silently check nothing.
    static let names = ["expect", "expect-diag", "expect-stderr", "expect-exit", "args", "run"]

    /// Reads every directive of `source`. `stdoutFile` is the contents of `NAME.stdout`, if any.
    static func parse(_ source: String, stdoutFile: String? = nil) -> ScriptExpectation {
        var e = ScriptExpectation()
        e.stdoutFile = stdoutFile
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
        for (index, rawLine) in lines.enumerated() {
            let line = rawLine.hasSuffix("\r") ? rawLine.dropLast() : rawLine
            guard let (name, value) = directive(in: line) else { continue }
            let where_ = "line \(index + 1)"
            switch name {
            case "expect":
                e.stdoutLines.append(value)
            case "expect-diag":
                let text = trimmingTrailingBlanks(value)
                if DiagnosticHeader.severity(ofExpected: text) == nil {
                    e.problems.append("\(where_): `expect-diag:` wants `L:C: error|warning|note: MESSAGE`, got '\(text)'")
                }
                e.diagnostics.append(text)
            case "expect-stderr":
                e.stderrLines.append(trimmingTrailingBlanks(value))
            case "expect-exit":
                let text = value.trimmingBlanks()
                if let n = Int32(text) {
                    if e.explicitExit != nil { e.problems.append("\(where_): a second `expect-exit:`") }
                    e.explicitExit = n
                } else {
                    e.problems.append("\(where_): `expect-exit:` wants a number, got '\(text)'")
                }
            case "args":
                e.arguments += value.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
            case "run":
                if value.trimmingBlanks() == "stdin" {
                    e.runOnStdin = true
                } else {
                    e.problems.append("\(where_): `run:` knows only `stdin`, got '\(value.trimmingBlanks())'")
                }
            default:
                e.problems.append("\(where_): unknown directive `\(name):` (known: \(names.joined(separator: ", ")))")
            }
        }
        return e
    }

    /// The first directive comment on a line: its name and the text after `NAME:` with one
    /// leading blank removed (so `// expect:   x` expects "  x" and `// expect:` an empty line).
    static func directive(in line: Substring) -> (name: String, value: String)? {
        var search = line.startIndex
        while let slashes = line[search...].range(of: "//") {
            var i = slashes.upperBound
            while i < line.endIndex, line[i] == " " || line[i] == "\t" { i = line.index(after: i) }
            var nameEnd = i
            while nameEnd < line.endIndex, line[nameEnd].isLetter || line[nameEnd] == "-" {
                nameEnd = line.index(after: nameEnd)
            }
            let name = String(line[i..<nameEnd])
            let isCandidate = names.contains(name) || name.hasPrefix("expect")
            if isCandidate, nameEnd < line.endIndex, line[nameEnd] == ":" {
                var value = line[line.index(after: nameEnd)...]
                if value.first == " " { value = value.dropFirst() }
                return (name, String(value))
            }
            search = slashes.upperBound
        }
        return nil
    }
}

/// Diagnostic header lines on standard error: `FILE:L:C: SEVERITY: MESSAGE`.
enum DiagnosticHeader {
    static let severities = ["error", "warning", "note"]

    /// `L:C: SEVERITY: MESSAGE` when `line` is a header (`^[^ ]*:\d+:\d+: (error|warning|note): `),
    /// with the file prefix removed and trailing blanks dropped; nil otherwise.
    static func strip(_ line: Substring) -> String? {
        guard let space = line.firstIndex(of: " ") else { return nil }
        let place = line[..<space]
        guard place.hasSuffix(":") else { return nil }
        let parts = place.dropLast().split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count >= 3,
              let column = parts.last, isNumber(column),
              case let row = parts[parts.count - 2], isNumber(row) else { return nil }
        let rest = line[line.index(after: space)...]
        guard severities.contains(where: { rest.hasPrefix($0 + ": ") }) else { return nil }
        return trimmingTrailingBlanks("\(row):\(column): \(rest)")
    }

    /// Every header of a standard-error text, file prefix removed, in order.
    static func headers(in stderr: String) -> [String] {
        stderr.split(separator: "\n", omittingEmptySubsequences: false).compactMap { strip($0) }
    }

    /// The severity of an expected `L:C: SEVERITY: MESSAGE`, or nil when it has not that shape.
    static func severity(ofExpected text: String) -> String? {
        let parts = text.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 3 else { return nil }
        let place = parts[0].split(separator: ":", omittingEmptySubsequences: false)
        guard place.count == 3, isNumber(place[0]), isNumber(place[1]), place[2].isEmpty,
              parts[1].hasSuffix(":") else { return nil }
        let severity = String(parts[1].dropLast())
        guard severities.contains(severity) else { return nil }
        return severity
    }

    private static func isNumber(_ s: Substring) -> Bool {
        !s.isEmpty && s.allSatisfy { $0.isASCII && $0.isNumber }
    }
}

func trimmingTrailingBlanks<S: StringProtocol>(_ s: S) -> String {
    var t = Substring(s)
    while let last = t.last, last == " " || last == "\t" || last == "\r" { t = t.dropLast() }
    return String(t)
}

extension StringProtocol {
    func trimmingBlanks() -> String {
        var t = Substring(self)
        while let f = t.first, f == " " || f == "\t" { t = t.dropFirst() }
        return trimmingTrailingBlanks(t)
    }
}
