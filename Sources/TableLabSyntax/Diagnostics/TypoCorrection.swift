// Which names swiftc's typo correction would offer for a misspelt member.
//
// swiftc (TypeCheckNameLookup) keeps candidates whose Levenshtein distance is below 8
// and at most a third of the candidate's length (rounded up, +2 / 3), keeps at most
// four, and only those within one edit of the best. The one rule for every "did you
// mean" TableLab gives (the checker's, the interpreter's, the explorer's), so the static
// and the run-time suggestion never disagree.

public enum TypoCorrection {
    static let unreasonableDistance = 8
    static let maxDistanceFromBest = 1
    static let maxResults = 4

    /// The candidates swiftc would suggest for `written`, best first, ties in declaration order.
    public static func candidates(for written: String, among names: [String]) -> [String] {
        let w = Array(written.utf8)
        var scored: [(distance: Int, order: Int, name: String)] = []
        for (order, name) in names.enumerated() {
            let n = Array(name.utf8)
            let d = editDistance(w, n, max: unreasonableDistance)
            if d >= unreasonableDistance || d > (n.count + 2) / 3 { continue }
            scored.append((d, order, name))
        }
        scored.sort { $0.distance != $1.distance ? $0.distance < $1.distance : $0.order < $1.order }
        if scored.count > maxResults { scored.removeLast(scored.count - maxResults) }
        guard let best = scored.first?.distance else { return [] }
        return scored.filter { $0.distance <= best + maxDistanceFromBest }.map(\.name)
    }

    /// The `did you mean` notes swiftc gives for `written` at `location`, best first.
    public static func notes(for written: String, among names: [String], at location: SourceLocation,
                             in file: SourceFile? = nil) -> [Diagnostic] {
        candidates(for: written, among: names).map { Diagnostic.note(CommonMessage.didYouMean($0), at: location, in: file) }
    }

    /// Levenshtein distance over bytes (as llvm::StringRef::edit_distance), giving up
    /// with `max + 1` once every path is longer than `max`.
    public static func editDistance(_ a: [UInt8], _ b: [UInt8], max: Int) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            var rowBest = i
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = Swift.min(substitution, previous[j] + 1, current[j - 1] + 1)
                rowBest = Swift.min(rowBest, current[j])
            }
            if rowBest > max { return max + 1 }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
