/// The pure parts of Tab completion, kept apart from libedit so they can be tested.
enum CompletionText {
    /// The longest common prefix of `words`, by characters.
    static func commonPrefix(of words: [String]) -> String {
        guard var prefix = words.first.map(Array.init) else { return "" }
        for word in words.dropFirst() {
            var length = 0
            var iterator = word.makeIterator()
            while length < prefix.count, let character = iterator.next(), character == prefix[length] {
                length += 1
            }
            prefix.removeSubrange(length...)
            if prefix.isEmpty { break }
        }
        return String(prefix)
    }

    /// Candidates in columns filled top to bottom, as readline lists them; each row is
    /// one line of text without a newline.
    static func columns(_ words: [String], width: Int) -> [String] {
        guard !words.isEmpty else { return [] }
        let cell = (words.map(\.count).max() ?? 0) + 2
        let columnCount = max(1, min(words.count, max(width, 1) / cell))
        let rowCount = (words.count + columnCount - 1) / columnCount
        var rows: [String] = []
        for row in 0..<rowCount {
            var line = ""
            var column = 0
            while column * rowCount + row < words.count {
                let word = words[column * rowCount + row]
                let isLast = (column + 1) * rowCount + row >= words.count
                line += isLast ? word : word + String(repeating: " ", count: cell - word.count)
                column += 1
            }
            rows.append(line)
        }
        return rows
    }

    /// Drops repeated candidates, keeping the engine's order.
    static func unique(_ words: [String]) -> [String] {
        var seen = Set<String>()
        return words.filter { seen.insert($0).inserted }
    }
}
