import CLineEditor
import Glibc

/// libedit's line as wide characters: the unit `el_cursor` and `el_deletestr` count in,
/// which the multibyte `el_line` view does not (its offsets are bytes).
struct EditorLine {
    var scalars: [Unicode.Scalar]
    var cursor: Int

    static func of(_ editor: OpaquePointer) -> EditorLine? {
        guard let info = el_wline(editor)?.pointee, let buffer = info.buffer else { return nil }
        let count = info.lastchar - buffer
        let scalars = UnsafeBufferPointer(start: buffer, count: count).map {
            Unicode.Scalar(UInt32(bitPattern: $0)) ?? "?"
        }
        return EditorLine(scalars: scalars, cursor: info.cursor - buffer)
    }

    var text: String { String(String.UnicodeScalarView(scalars)) }
    var textBeforeCursor: String { String(String.UnicodeScalarView(scalars[..<cursor])) }

    /// Replaces the whole buffer and leaves the cursor at its end.
    static func replace(in editor: OpaquePointer, with text: String) {
        if let line = of(editor) {
            _ = el_cursor(editor, Int32(line.scalars.count - line.cursor))
            if !line.scalars.isEmpty { el_deletestr(editor, Int32(line.scalars.count)) }
        }
        insert(text, in: editor)
    }

    static func insert(_ text: String, in editor: OpaquePointer) {
        guard !text.isEmpty else { return }
        let wide = text.unicodeScalars.map { wchar_t(bitPattern: $0.value) } + [0]
        _ = el_winsertstr(editor, wide)
    }
}

/// The pure rules behind the keys, apart from libedit so they can be tested.
enum EditorMotion {
    /// Where Up (or Down) puts the cursor inside a multi-line entry: the same column of
    /// the line above (below), or its end when shorter; nil on the first (last) line,
    /// where the key moves through history instead.
    static func verticalTarget(in scalars: [Unicode.Scalar], cursor: Int, up: Bool) -> Int? {
        let starts = [0] + scalars.indices.filter { scalars[$0] == "\n" }.map { $0 + 1 }
        guard let row = starts.lastIndex(where: { $0 <= cursor }) else { return nil }
        let column = cursor - starts[row]
        let target = up ? row - 1 : row + 1
        guard target >= 0, target < starts.count else { return nil }
        let end = target + 1 < starts.count ? starts[target + 1] - 1 : scalars.count
        return min(starts[target] + column, end)
    }

    /// A pasted block as text for the buffer: the terminal sends line ends as `\r`.
    static func pastedText(_ scalars: [Unicode.Scalar]) -> String {
        var result = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "\r" {
                result.append("\n")
                if index + 1 < scalars.count, scalars[index + 1] == "\n" { index += 1 }
            } else {
                result.append(scalar)
            }
            index += 1
        }
        return String(result)
    }

    /// How many times `text`, drawn from column `column` on a terminal `width` wide,
    /// moves down a row (line ends and wraps).
    static func rows(of text: String, from column: Int, width: Int) -> Int {
        let width = max(width, 1)
        var column = column
        var rows = 0
        for scalar in text.unicodeScalars {
            if scalar == "\n" {
                rows += 1
                column = 0
                continue
            }
            let cells = scalar == "\t" ? 8 - column % 8 : 1
            if column + cells > width {
                rows += 1
                column = 0
            }
            column += cells
        }
        return rows
    }

    /// The newest entry at or older than `start` (an index into `entries`, oldest
    /// first) that contains `pattern`.
    static func search(_ entries: [String], for pattern: String, from start: Int) -> Int? {
        guard !entries.isEmpty, start >= 0 else { return nil }
        var index = min(start, entries.count - 1)
        while index >= 0 {
            if pattern.isEmpty || entries[index].contains(pattern) { return index }
            index -= 1
        }
        return nil
    }
}

// MARK: - The keys the session binds

extension EditorState {
    /// The start of a bracketed paste (`\e[200~`): everything up to `\e[201~` goes into
    /// the buffer as text, so a Tab in pasted code never completes and a newline never
    /// submits half an entry.
    func paste(in editor: OpaquePointer) -> UInt8 {
        let end: [Unicode.Scalar] = ["\u{1B}", "[", "2", "0", "1", "~"]
        var pasted: [Unicode.Scalar] = []
        var character: wchar_t = 0
        readingKeysItself = true
        defer { readingKeysItself = false }
        while el_wgetc(editor, &character) == 1 {
            pasted.append(Unicode.Scalar(UInt32(bitPattern: character)) ?? "?")
            if pasted.count >= end.count, Array(pasted.suffix(end.count)) == end {
                pasted.removeLast(end.count)
                break
            }
        }
        EditorLine.insert(EditorMotion.pastedText(pasted), in: editor)
        return UInt8(CC_REFRESH)
    }

    /// Ctrl-C while editing (read as a key: the session sets `intr` off while editing):
    /// the cursor goes to the end of the entry, `^C` is shown there and the entry ends,
    /// so the next prompt starts below every line of it, however many there were.
    func interruptKey(in editor: OpaquePointer) -> UInt8 {
        cancelRequested = true
        _ = el_cursor(editor, Int32.max / 2)
        el_insertstr(editor, "^C")
        el_push(editor, "\r")
        return UInt8(CC_REFRESH)
    }

    /// Up and Down: between the lines of a multi-line entry first, then through history.
    func verticalMove(in editor: OpaquePointer, up: Bool) -> UInt8 {
        guard let line = EditorLine.of(editor),
              let target = EditorMotion.verticalTarget(in: line.scalars, cursor: line.cursor, up: up) else {
            // Bound in configure(): libedit's own history step, keeping its saved line.
            el_push(editor, up ? "\u{18}\u{10}" : "\u{18}\u{0E}")
            return UInt8(CC_NORM)
        }
        _ = el_cursor(editor, Int32(target - line.cursor))
        return UInt8(CC_REFRESH)
    }

    /// Ctrl-R: an incremental search of the history, newest first, drawn as
    /// `(reverse-i-search)'pattern': match`. Typing narrows it, Ctrl-R steps to an older
    /// match, Backspace widens it, Enter runs the match, Ctrl-G or Ctrl-C gives the line
    /// back as it was, any other key keeps the match and then does what it does.
    func reverseSearch(in editor: OpaquePointer) -> UInt8 {
        guard let original = EditorLine.of(editor) else { return UInt8(CC_ERROR) }
        let entries = history.entries
        let width = Terminal.width()
        var pattern = ""
        var found = entries.isEmpty ? nil : entries.count - 1
        var failing = false
        // From the cursor back to where the prompt starts, then clear what libedit drew.
        var rowsAbove = EditorMotion.rows(of: promptText + original.textBeforeCursor, from: 0, width: width)
        func moveToOrigin() {
            Terminal.write((rowsAbove > 0 ? "\u{1B}[\(rowsAbove)A" : "") + "\r\u{1B}[J")
        }
        func draw() {
            moveToOrigin()
            let match = found.map { entries[$0] } ?? ""
            let text = (failing ? "(failing reverse-i-search)'" : "(reverse-i-search)'") + pattern + "': " + match
            Terminal.write(text.replacingNewlines)
            rowsAbove = EditorMotion.rows(of: text, from: 0, width: width)
        }
        func finish(with text: String?, then keys: String?) -> UInt8 {
            moveToOrigin()
            if let text { EditorLine.replace(in: editor, with: text) }
            if let keys { el_push(editor, keys) }
            return UInt8(CC_REDISPLAY)
        }
        draw()
        readingKeysItself = true
        defer { readingKeysItself = false }
        var character: wchar_t = 0
        while el_wgetc(editor, &character) == 1 {
            let scalar = Unicode.Scalar(UInt32(bitPattern: character)) ?? "?"
            switch scalar {
            case "\u{12}":
                if let start = found, let older = EditorMotion.search(entries, for: pattern, from: start - 1) {
                    found = older
                    failing = false
                } else {
                    failing = true
                }
            case "\u{7F}", "\u{08}":
                if !pattern.isEmpty { pattern.removeLast() }
                found = EditorMotion.search(entries, for: pattern, from: entries.count - 1)
                failing = found == nil
            case "\u{07}", "\u{03}":
                return finish(with: original.text, then: nil)
            case "\r", "\n":
                return finish(with: found.map { entries[$0] } ?? original.text, then: "\r")
            default:
                if scalar.value < 0x20 {
                    return finish(with: found.map { entries[$0] } ?? original.text, then: String(Character(scalar)))
                }
                pattern.unicodeScalars.append(scalar)
                if let match = EditorMotion.search(entries, for: pattern, from: found ?? entries.count - 1) {
                    found = match
                    failing = false
                } else {
                    failing = true
                }
            }
            draw()
        }
        return finish(with: nil, then: nil)
    }
}

extension String {
    /// A raw terminal needs `\r\n` to start the next row at its left edge.
    var replacingNewlines: String {
        var result = ""
        for character in self {
            if character == "\n" { result += "\r\n" } else { result.append(character) }
        }
        return result
    }
}
