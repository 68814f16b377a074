// Comparing what a `tablelab` run did with what its script expects. Pure: the runner's
// own tests feed it hand-made runs, including deliberately wrong expectations.

/// How a child process ended.
enum ProcessEnd: Equatable, CustomStringConvertible {
    case exited(Int32)
    case signalled(Int32)
    /// Killed by the watchdog after this many seconds.
    case hung(seconds: Int)
    case couldNotStart(String)

    var description: String {
        switch self {
        case .exited(let n): return "exit status \(n)"
        case .signalled(let s): return "killed by signal \(s) (a crash)"
        case .hung(let s): return "hung: no exit within \(s) s, killed"
        case .couldNotStart(let why): return "could not start: \(why)"
        }
    }
}

/// What one run of `tablelab` produced.
struct ScriptRun: Equatable {
    var stdout: String
    var stderr: String
    var end: ProcessEnd
}

enum ScriptCheck {
    /// Every way `run` falls short of `expectation`, each a readable paragraph; empty when it passes.
    static func failures(of run: ScriptRun, against expectation: ScriptExpectation) -> [String] {
        var failures = expectation.problems.map { "bad directive: \($0)" }

        switch run.end {
        case .exited(let status) where status == expectation.expectedExit:
            break
        case .exited(let status):
            failures.append("exit status: expected \(expectation.expectedExit), got \(status)")
        default:
            failures.append("exit: expected status \(expectation.expectedExit), but \(run.end)")
        }

        let expectedOut = expectation.expectedStdout
        if run.stdout != expectedOut {
            let source = expectation.stdoutFile != nil ? "the .stdout file" : "the `expect:` lines"
            failures.append("standard output differs from \(source) (- expected, + actual):\n"
                            + LineDiff.render(expected: expectedOut, actual: run.stdout))
        }

        let headers = DiagnosticHeader.headers(in: run.stderr)
        if headers != expectation.diagnostics {
            failures.append("diagnostics differ from the `expect-diag:` lines (- expected, + actual):\n"
                            + LineDiff.render(expected: expectation.diagnostics, actual: headers))
        }

        if let missing = firstMissingStderrLine(expectation.stderrLines, in: run.stderr) {
            failures.append("standard error lacks `expect-stderr:` line \(missing.index + 1) of "
                            + "\(expectation.stderrLines.count) (in order): '\(missing.line)'")
        }

        if !failures.isEmpty, !run.stderr.isEmpty {
            failures.append("standard error was:\n" + indentAndCap(run.stderr))
        }
        return failures
    }

    /// The first `expect-stderr:` line not found on standard error after the one before it
    /// (trailing blanks ignored on both sides); nil when all are there in order.
    static func firstMissingStderrLine(_ expected: [String], in stderr: String) -> (index: Int, line: String)? {
        let actual = stderr.split(separator: "\n", omittingEmptySubsequences: false).map { trimmingTrailingBlanks($0) }
        var from = 0
        for (i, want) in expected.enumerated() {
            let want = trimmingTrailingBlanks(want)
            guard let at = actual[from...].firstIndex(of: want) else { return (i, want) }
            from = at + 1
        }
        return nil
    }

    private static func indentAndCap(_ text: String, maxLines: Int = 40) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        if lines.last == "" { lines.removeLast() }
        var shown = lines.prefix(maxLines).map { "    | " + $0 }
        if lines.count > maxLines { shown.append("    | ... (\(lines.count - maxLines) more lines)") }
        return shown.joined(separator: "\n")
    }
}

/// A small line diff (longest common subsequence) for failure reports.
enum LineDiff {
    static func render(expected: String, actual: String) -> String {
        var note: [String] = []
        if !expected.isEmpty, !expected.hasSuffix("\n") { note.append("    (expected output has no final newline)") }
        if !actual.isEmpty, !actual.hasSuffix("\n") { note.append("    (actual output has no final newline)") }
        return (render(expected: lines(expected), actual: lines(actual)) + (note.isEmpty ? "" : "\n" + note.joined(separator: "\n")))
    }

    static func render(expected: [String], actual: [String]) -> String {
        if expected.isEmpty && actual.isEmpty { return "    (both empty)" }
        let ops = diff(expected, actual)
        // Long runs of equal lines are folded so the differences stay in view.
        var out: [String] = []
        let context = 2
        for (i, op) in ops.enumerated() {
            if case .same(let line) = op {
                let near = ops[max(0, i - context)...min(ops.count - 1, i + context)]
                    .contains { if case .same = $0 { return false } else { return true } }
                if near { out.append("      " + visible(line)) }
                else if out.last != "      ..." { out.append("      ...") }
            } else if case .removed(let line) = op {
                out.append("    - " + visible(line))
            } else if case .added(let line) = op {
                out.append("    + " + visible(line))
            }
        }
        return out.joined(separator: "\n")
    }

    enum Op: Equatable { case same(String), removed(String), added(String) }

    static func diff(_ a: [String], _ b: [String]) -> [Op] {
        // Quadratic table; outputs compared here are at most a few thousand lines.
        guard a.count * b.count <= 4_000_000 else {
            return a.map { .removed($0) } + b.map { .added($0) }
        }
        var lcs = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in stride(from: a.count - 1, through: 0, by: -1) {
            for j in stride(from: b.count - 1, through: 0, by: -1) {
                lcs[i][j] = a[i] == b[j] ? lcs[i + 1][j + 1] + 1 : max(lcs[i + 1][j], lcs[i][j + 1])
            }
        }
        var ops: [Op] = []
        var i = 0, j = 0
        while i < a.count || j < b.count {
            if i < a.count, j < b.count, a[i] == b[j] {
                ops.append(.same(a[i])); i += 1; j += 1
            } else if j < b.count, i == a.count || lcs[i][j + 1] >= lcs[i + 1][j] {
                ops.append(.added(b[j])); j += 1
            } else {
                ops.append(.removed(a[i])); i += 1
            }
        }
        // Show removals before additions within a changed block, as diff -u does.
        var k = 0
        while k < ops.count {
            var end = k
            while end < ops.count, ops[end] != .same(ops[end].text) { end += 1 }
            if end > k {
                let block = ops[k..<end]
                let reordered = block.filter { if case .removed = $0 { return true } else { return false } }
                    + block.filter { if case .added = $0 { return true } else { return false } }
                ops.replaceSubrange(k..<end, with: reordered)
                k = end
            } else {
                k += 1
            }
        }
        return ops
    }

    private static func lines(_ text: String) -> [String] {
        var ls = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if ls.last == "" { ls.removeLast() }
        return ls
    }

    /// Trailing blanks and control characters made visible, since they are a common cause of
    /// "identical-looking" mismatches.
    private static func visible(_ line: String) -> String {
        var s = ""
        for u in line.unicodeScalars {
            switch u {
            case "\t": s += "\\t"
            case "\r": s += "\\r"
            case "\u{1B}": s += "\\e"
            default: s.unicodeScalars.append(u)
            }
        }
        let trimmed = trimmingTrailingBlanks(s)
        return trimmed.count < s.count ? trimmed + String(repeating: "·", count: s.count - trimmed.count) : s
    }
}

extension LineDiff.Op {
    var text: String {
        switch self { case .same(let t), .removed(let t), .added(let t): return t }
    }
}
