// Whether a `default` can ever run, decided the way swiftc decides it.
//
// swiftc's "default will never be executed" does not come from the space engine: it is
// SIL's unreachable-code diagnostic on the decision tree SILGen builds for the switch
// (SILGenPattern.cpp, after Maranget's "Compiling pattern matching to good decision
// trees"). That tree is not always minimal: `(.a, _), (.b, true), (_, false), default`
// is exhaustive, yet SILGen reaches the default and swiftc stays silent. To say exactly
// what swiftc says, TableLab replays the same construction and only asks whether the
// default's row is reached.

import TableLabSyntax

/// A pattern as the decision tree sees it.
indirect enum TreePattern {
    case wildcard                 // `_`, `let x`
    case expression               // literals, ranges: tested as a guard, refutable
    case tuple([TreePattern])
    /// An enum case; `constructors` is the number of cases of its type,
    /// `payload` the sub-pattern column it opens (Optional.some only).
    case element(head: Int32, constructors: Int, payload: TreePattern?)
    case bool(Bool)

    var isWildcardLike: Bool {
        switch self {
        case .wildcard, .expression: return true
        default: return false
        }
    }

    var containsExpression: Bool {
        switch self {
        case .expression: return true
        case .wildcard, .bool: return false
        case .tuple(let ps): return ps.contains { $0.containsExpression }
        case .element(_, _, let p): return p?.containsExpression ?? false
        }
    }

    func isSimilar(to other: TreePattern) -> Bool {
        switch (self, other) {
        case (.tuple, .tuple), (.element, .element), (.bool, .bool): return true
        default: return false
        }
    }
}

struct DecisionTree {
    struct Row {
        var columns: [TreePattern]
        /// A guard, or an expression pattern anywhere: the row can fail after matching.
        var alwaysRefutable: Bool
    }

    /// Specializations left; the tree can grow exponentially, and past this budget the
    /// default is taken to be reachable (no warning: never a false one).
    var budget = 200_000

    /// Whether the decision tree for `rows` (one per case item, in order) ever falls
    /// through to the row at `target` (the `default`).
    static func reaches(_ target: Int, rows: [Row]) -> Bool {
        var tree = DecisionTree()
        return tree.fallsThrough(to: target, rows) ?? true
    }

    /// Whether a sub-matrix can fail (fall out to the rows after it); nil past the budget.
    private mutating func failureReachable(_ rows: [Row]) -> Bool? {
        fallsThrough(to: rows.count, rows)
    }

    /// Whether the tree for `rows` ever gets to row `target` (`rows.count`: out of the
    /// matrix); nil past the budget.
    private mutating func fallsThrough(to target: Int, _ rows: [Row]) -> Bool? {
        var first = 0
        while true {
            if first == target { return true }
            if first == rows.count { return false }
            if let column = Self.necessaryColumn(rows, first) {
                guard let (failureReachable, next) = specialize(rows, first, column) else { return nil }
                first = next
                if !failureReachable { return false }
            } else {
                let refutable = rows[first].alwaysRefutable
                first += 1
                if !refutable { return false }
            }
        }
    }

    /// SILGen's column heuristic: the column whose run of constructor patterns, from the
    /// first row down, is longest (the first such column on ties).
    private static func necessaryColumn(_ rows: [Row], _ first: Int) -> Int? {
        let count = rows[first].columns.count
        if count <= 1 {
            if count == 1 && !rows[first].columns[0].isWildcardLike { return 0 }
            return nil
        }
        var best: Int? = nil
        var longest = 0
        for c in 0..<count {
            let head = rows[first].columns[c]
            if head.isWildcardLike { continue }
            var r = first + 1
            while r < rows.count, rows[r].columns[c].isSimilar(to: head) { r += 1 }
            if r - first > longest { longest = r - first; best = c }
        }
        return best
    }

    /// Replaces column `c` by `new` the way SILGen places specialized columns.
    private static func specialized(_ row: Row, _ c: Int, _ new: [TreePattern]) -> Row {
        var row = row
        if new.count == 1 {
            row.columns[c] = new[0]
        } else if new.isEmpty {
            if c + 1 == row.columns.count { row.columns.removeLast() } else { row.columns[c] = row.columns.removeLast() }
        } else {
            row.columns[c] = new[0]
            row.columns.append(contentsOf: new.dropFirst())
        }
        return row
    }

    private mutating func specialize(_ rows: [Row], _ first: Int, _ c: Int) -> (Bool, Int)? {
        budget -= 1
        if budget < 0 { return nil }
        let head = rows[first].columns[c]
        var last = first + 1
        while last < rows.count, rows[last].columns[c].isSimilar(to: head) { last += 1 }
        switch head {
        case .tuple:
            var sub: [Row] = []
            sub.reserveCapacity(last - first)
            for r in first..<last {
                guard case .tuple(let elements) = rows[r].columns[c] else { continue }
                sub.append(Self.specialized(rows[r], c, elements))
            }
            guard let reachable = failureReachable(sub) else { return nil }
            return (reachable, last)
        case .element(_, let constructors, _):
            var order: [Int32] = []
            var groups: [Int32: [Row]] = [:]
            for r in first..<last {
                guard case .element(let h, _, let payload) = rows[r].columns[c] else { continue }
                let new: [TreePattern] = payload.map { [$0] } ?? []
                if groups[h] == nil { order.append(h) }
                groups[h, default: []].append(Self.specialized(rows[r], c, new))
            }
            var reachable = order.count < constructors
            for h in order {
                guard let r = failureReachable(groups[h]!) else { return nil }
                if r { reachable = true }
            }
            return (reachable, last)
        case .bool:
            var order: [Bool] = []
            var groups: [Bool: [Row]] = [:]
            for r in first..<last {
                guard case .bool(let b) = rows[r].columns[c] else { continue }
                if groups[b] == nil { order.append(b) }
                groups[b, default: []].append(Self.specialized(rows[r], c, []))
            }
            var reachable = order.count < 2
            for b in order {
                guard let r = failureReachable(groups[b]!) else { return nil }
                if r { reachable = true }
            }
            return (reachable, last)
        case .wildcard, .expression:
            return (true, first + 1)
        }
    }
}
