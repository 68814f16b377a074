/// Terminal column widths of strings, measured per grapheme cluster (what a user sees as
/// one character), so that box edges line up whatever the labels contain.
///
/// Rules: East Asian Wide and Fullwidth characters and emoji presentation take two
/// columns; a text-default emoji followed by U+FE0F (VS16, "☕️") takes two; a ZWJ sequence
/// or a flag (regional-indicator pair) is one emoji, two columns; combining marks, skin-tone
/// modifiers, variation selectors and other format characters add nothing to their base;
/// control characters take none.
public enum DisplayWidth {
    /// The number of terminal columns `text` occupies.
    public static func of<S: StringProtocol>(_ text: S) -> Int {
        if let ascii = asciiWidth(text.utf8) { return ascii }
        var total = 0
        for character in text { total += of(character) }
        return total
    }

    /// The number of terminal columns one grapheme cluster occupies (0, 1 or 2).
    public static func of(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        var base: UInt32? = nil
        var baseWidth = 0
        var hasEmojiSelector = false
        var hasJoiner = false
        var hasKeycap = false
        for scalar in scalars {
            let value = scalar.value
            if value == 0xFE0F { hasEmojiSelector = true; continue }
            if value == 0x200D { hasJoiner = true; continue }
            if value == 0x20E3 { hasKeycap = true; continue }
            if base == nil {
                let width = scalarWidth(value)
                if width > 0 { base = value; baseWidth = width }
            }
        }
        guard let base else { return 0 }
        if baseWidth == 2 { return 2 }
        if hasEmojiSelector && hasKeycap { return 2 }  // "1️⃣"
        // A text-default emoji asked to show as emoji, or the first member of a ZWJ
        // sequence, is drawn as one emoji glyph.
        if (hasEmojiSelector || hasJoiner) && isTextDefaultEmoji(base) { return 2 }
        return baseWidth
    }

    /// The width of one code point on its own: 0 for control and zero-width characters,
    /// 2 for wide ones, 1 otherwise.
    public static func scalarWidth(_ value: UInt32) -> Int {
        if value < 0x7F { return value < 0x20 ? 0 : 1 }
        if value < 0xA0 { return 0 }  // DEL and the C1 controls
        if value < 0x300 { return 1 }  // Latin-1 and Latin Extended: no wide or zero-width
        if inRanges(value, wideRanges) { return 2 }
        if inRanges(value, zeroWidthRanges) { return 0 }
        return 1
    }

    /// True for emoji that default to text presentation (e.g. U+2764 HEAVY BLACK HEART).
    static func isTextDefaultEmoji(_ value: UInt32) -> Bool {
        // Digits, '#' and '*' are emoji only as keycap bases; with VS16 alone a terminal
        // still draws them one column wide; keycaps are recognised by their U+20E3 instead.
        if value < 0x80 { return false }
        return inRanges(value, textEmojiRanges)
    }

    /// `text` cut to at most `width` columns, ending in `ellipsis` when anything was cut.
    /// Never splits a grapheme cluster; a wide character that would straddle the limit is
    /// left out whole.
    public static func truncate(_ text: String, to width: Int, ellipsis: String = "…") -> String {
        guard width > 0 else { return "" }
        if of(text) <= width { return text }
        let ellipsisWidth = of(ellipsis)
        guard ellipsisWidth <= width else { return prefix(text, width: width) }
        return prefix(text, width: width - ellipsisWidth) + ellipsis
    }

    /// The longest leading run of whole grapheme clusters of `text` within `width` columns.
    public static func prefix(_ text: String, width: Int) -> String {
        var used = 0
        var end = text.startIndex
        for index in text.indices {
            let characterWidth = of(text[index])
            if used + characterWidth > width { break }
            used += characterWidth
            end = text.index(after: index)
        }
        return String(text[..<end])
    }

    /// `text` made exactly `width` columns wide: truncated with an ellipsis if longer,
    /// padded with spaces according to `alignment` if shorter.
    public static func fit(_ text: String, width: Int, alignment: TextAlignment = .left) -> String {
        guard width > 0 else { return "" }
        let cut = truncate(text, to: width)
        // `truncate` may leave one column free when a wide character did not fit.
        let room = width - of(cut)
        guard room > 0 else { return cut }
        switch alignment {
        case .left:
            return cut + spaces(room)
        case .right:
            return spaces(room) + cut
        case .center:
            let left = room / 2
            return spaces(left) + cut + spaces(room - left)
        }
    }

    /// `count` spaces (none when `count` is not positive).
    public static func spaces(_ count: Int) -> String {
        count > 0 ? String(repeating: " ", count: count) : ""
    }

    /// The width of all-printable-ASCII text, or nil when the text has anything else.
    private static func asciiWidth<U: Collection>(_ utf8: U) -> Int? where U.Element == UInt8 {
        var count = 0
        for byte in utf8 {
            if byte < 0x20 || byte >= 0x7F { return nil }
            count += 1
        }
        return count
    }

    private static func inRanges(_ value: UInt32, _ table: [UInt32]) -> Bool {
        var low = 0
        var high = table.count / 2 - 1
        while low <= high {
            let mid = (low + high) / 2
            if value < table[2 * mid] {
                high = mid - 1
            } else if value > table[2 * mid + 1] {
                low = mid + 1
            } else {
                return true
            }
        }
        return false
    }
}

extension String {
    /// The number of terminal columns this string occupies (see `DisplayWidth`).
    public var displayWidth: Int { DisplayWidth.of(self) }
}
