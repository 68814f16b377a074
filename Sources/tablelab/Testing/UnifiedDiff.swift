// A unified diff of two texts, line by line, as `diff -u` prints it: what `tablelab test`
// shows for a file whose output differs from what it expected.

/// One line of an edit script.
enum UnifiedDiffLine: Equatable {
    case same(String)
    case removed(String)
    case added(String)
}

enum UnifiedDiff {
    /// Lines of a text; a last line without a newline is marked, as `diff` marks it.
    static func lines(_ text: String) -> (lines: [String], missingNewline: Bool) {
        if text.isEmpty { return ([], false) }
        var parts = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if parts.last == "" {
            parts.removeLast()
            return (parts, false)
        }
        return (parts, true)
    }

    /// The shortest edit script from `a` to `b` (longest common subsequence; the common
    /// head and tail are matched first, so long equal outputs cost nothing).
    static func edits(_ a: [String], _ b: [String]) -> [UnifiedDiffLine] {
        var head = 0
        while head < a.count, head < b.count, a[head] == b[head] { head += 1 }
        var tail = 0
        while tail < a.count - head, tail < b.count - head, a[a.count - 1 - tail] == b[b.count - 1 - tail] { tail += 1 }
        let x = Array(a[head..<(a.count - tail)]), y = Array(b[head..<(b.count - tail)])
        var middle: [UnifiedDiffLine] = []
        if x.count * y.count > 4_000_000 {
            // Too large to align: everything in between is replaced (still a correct diff).
            middle = x.map(UnifiedDiffLine.removed) + y.map(UnifiedDiffLine.added)
        } else {
            // lcs[i][j]: the longest common subsequence of x[i...] and y[j...].
            let width = y.count + 1
            var lcs = [Int](repeating: 0, count: (x.count + 1) * width)
            if !x.isEmpty && !y.isEmpty {
                for i in stride(from: x.count - 1, through: 0, by: -1) {
                    for j in stride(from: y.count - 1, through: 0, by: -1) {
                        lcs[i * width + j] = x[i] == y[j] ? lcs[(i + 1) * width + j + 1] + 1
                            : max(lcs[(i + 1) * width + j], lcs[i * width + j + 1])
                    }
                }
            }
            var i = 0, j = 0
            while i < x.count || j < y.count {
                if i < x.count, j < y.count, x[i] == y[j] {
                    middle.append(.same(x[i])); i += 1; j += 1
                } else if i < x.count, j == y.count || lcs[(i + 1) * width + j] >= lcs[i * width + j + 1] {
                    // Removals first, as `diff -u` prints a changed line.
                    middle.append(.removed(x[i])); i += 1
                } else {
                    middle.append(.added(y[j])); j += 1
                }
            }
        }
        return a[..<head].map(UnifiedDiffLine.same) + middle + a[(a.count - tail)...].map(UnifiedDiffLine.same)
    }

    /// `--- NAME` / `+++ NAME` and `@@` hunks with `context` lines around each change;
    /// empty when the texts are equal.
    static func unified(expected: String, actual: String, expectedName: String, actualName: String,
                        context: Int = 3) -> [String] {
        var (a, aOpen) = lines(expected)
        var (b, bOpen) = lines(actual)
        // A missing final newline is a difference of the last line, as diff shows it.
        let marker = "\\ No newline at end of file"
        if aOpen != bOpen {
            if aOpen, !a.isEmpty { a[a.count - 1] += "\u{0}" }
            if bOpen, !b.isEmpty { b[b.count - 1] += "\u{0}" }
        }
        let script = edits(a, b)
        guard script.contains(where: { if case .same = $0 { return false } else { return true } }) else { return [] }
        var out = ["--- " + expectedName, "+++ " + actualName]
        // Positions of the changes, grouped into hunks when their contexts touch.
        let changed = script.indices.filter { if case .same = script[$0] { return false } else { return true } }
        var groups: [(Int, Int)] = []
        for index in changed {
            let lo = max(0, index - context), hi = min(script.count - 1, index + context)
            if let last = groups.last, lo <= last.1 + 1 { groups[groups.count - 1].1 = hi } else { groups.append((lo, hi)) }
        }
        for (lo, hi) in groups {
            // Line numbers of the hunk's start in each text.
            var aLine = 1, bLine = 1
            for k in 0..<lo {
                switch script[k] {
                case .same: aLine += 1; bLine += 1
                case .removed: aLine += 1
                case .added: bLine += 1
                }
            }
            var aCount = 0, bCount = 0
            var body: [String] = []
            for k in lo...hi {
                switch script[k] {
                case .same(let s): aCount += 1; bCount += 1; body.append(" " + s)
                case .removed(let s): aCount += 1; body.append("-" + s)
                case .added(let s): bCount += 1; body.append("+" + s)
                }
            }
            func range(_ start: Int, _ count: Int) -> String {
                let first = count == 0 ? start - 1 : start
                return count == 1 ? "\(first)" : "\(first),\(count)"
            }
            out.append("@@ -\(range(aLine, aCount)) +\(range(bLine, bCount)) @@")
            for line in body {
                if line.hasSuffix("\u{0}") {
                    out.append(String(line.dropLast()))
                    out.append(marker)
                } else {
                    out.append(line)
                }
            }
        }
        return out
    }
}
