/// `:history [N]`, answered by the session itself: the engine never sees it, because
/// the history belongs to the line editor.
enum HistoryCommand {
    /// For `:history` (nil limit = all) or `:history N`; nil when `entry` is another entry.
    static func parse(_ entry: String) -> Int?? {
        let words = entry.split(whereSeparator: { $0 == " " || $0 == "\t" })
        guard words.first == ":history", words.count <= 2 else { return nil }
        if words.count == 1 { return .some(nil) }
        guard let limit = Int(words[1]), limit >= 0 else { return nil }
        return .some(limit)
    }

    /// Numbered from 1 (oldest), later lines of a multi-line entry indented under it.
    static func listing(_ entries: [String], last limit: Int?) -> String {
        let start = limit.map { max(0, entries.count - $0) } ?? 0
        let numberWidth = String(entries.count).count
        var text = ""
        for index in start..<entries.count {
            let number = String(index + 1)
            let margin = String(repeating: " ", count: numberWidth - number.count + 2)
            let lines = entries[index].split(separator: "\n", omittingEmptySubsequences: false)
            text += margin + number + "  " + lines[0] + "\n"
            for more in lines.dropFirst() {
                text += String(repeating: " ", count: numberWidth + 4) + more + "\n"
            }
        }
        return text
    }
}
