import XCTest
@testable import TableLabSimulator

final class DisplayWidthTests: XCTestCase {
    func testLabelsOfTheOriginals() {
        XCTAssertEqual(DisplayWidth.of("About the Developer 💪🤓"), 24)
        XCTAssertEqual(DisplayWidth.of("☕️☕️☕️?"), 7)
        XCTAssertEqual(DisplayWidth.of("該当するデータはありません"), 26)
        XCTAssertEqual(DisplayWidth.of("Rate BB Links ⭐️⭐️⭐️⭐️⭐️"), 24)
        // U+1F5E3 defaults to text presentation and the seed has no VS16 after it.
        XCTAssertEqual(DisplayWidth.of("Share BB Links 🗣👥"), 18)
    }

    func testEmojiSequencesAreOneEmoji() {
        XCTAssertEqual(DisplayWidth.of("👨‍👩‍👧"), 2, "ZWJ family")
        XCTAssertEqual(DisplayWidth.of("🇯🇵"), 2, "flag")
        XCTAssertEqual(DisplayWidth.of("🇯🇵🇫🇷"), 4, "two flags")
        XCTAssertEqual(DisplayWidth.of("👍🏽"), 2, "skin tone adds nothing")
        XCTAssertEqual(DisplayWidth.of("🏳️‍🌈"), 2, "text-default base of a ZWJ sequence")
        XCTAssertEqual(DisplayWidth.of("1️⃣"), 2, "keycap")
    }

    func testVariationSelectors() {
        XCTAssertEqual(DisplayWidth.of("❤"), 1, "text presentation by default")
        XCTAssertEqual(DisplayWidth.of("❤️"), 2, "VS16 asks for emoji presentation")
        XCTAssertEqual(DisplayWidth.of("☕"), 2, "emoji presentation by default")
        XCTAssertEqual(DisplayWidth.of("1\u{FE0F}"), 1, "a digit is an emoji only as a keycap")
    }

    func testCombiningMarksAndScripts() {
        XCTAssertEqual(DisplayWidth.of("e\u{301}"), 1)
        XCTAssertEqual(DisplayWidth.of("Frédéric"), 8)
        XCTAssertEqual(DisplayWidth.of("한국어"), 6, "Hangul syllables")
        XCTAssertEqual(DisplayWidth.of("\u{1100}\u{1161}\u{11A8}"), 2, "conjoining jamo make one syllable")
        XCTAssertEqual(DisplayWidth.of("ｆｕｌｌ"), 8, "fullwidth forms")
        XCTAssertEqual(DisplayWidth.of("ｶﾀｶﾅ"), 4, "halfwidth katakana")
        XCTAssertEqual(DisplayWidth.of("𠮷野家"), 6, "supplementary ideograph")
        XCTAssertEqual(DisplayWidth.of("Привет"), 6)
    }

    func testControlAndFormatCharacters() {
        XCTAssertEqual(DisplayWidth.of("a\tb\n"), 2)
        XCTAssertEqual(DisplayWidth.of("\u{1B}[31m"), 4, "ESC itself takes no column")
        XCTAssertEqual(DisplayWidth.of("a\u{200B}b"), 2, "zero-width space")
        XCTAssertEqual(DisplayWidth.of("\u{301}"), 0, "a lone combining mark")
        XCTAssertEqual(DisplayWidth.of(""), 0)
    }

    func testAmbiguousGlyphsTheRendererDrawsAreNarrow() {
        for glyph in ["…", "›", "✓", "ⓘ", "·", "─", "│", "╭", "╮", "╰", "╯", "├", "┤"] {
            XCTAssertEqual(DisplayWidth.of(glyph), 1, glyph)
        }
    }

    func testTruncationEndsInAnEllipsis() {
        XCTAssertEqual(DisplayWidth.truncate("Manage Accounts", to: 8), "Manage …")
        XCTAssertEqual(DisplayWidth.truncate("Manage", to: 6), "Manage")
        XCTAssertEqual(DisplayWidth.truncate("Manage", to: 1), "…")
        XCTAssertEqual(DisplayWidth.truncate("Manage", to: 0), "")
    }

    func testTruncationNeverSplitsAWideCharacterOrACluster() {
        XCTAssertEqual(DisplayWidth.truncate("該当するデータはありません", to: 9), "該当する…")
        XCTAssertEqual(DisplayWidth.truncate("該当するデータはありません", to: 10), "該当する…")
        XCTAssertEqual(DisplayWidth.truncate("☕️☕️☕️?", to: 4), "☕️…")
        XCTAssertEqual(DisplayWidth.truncate("👨‍👩‍👧abc", to: 2), "…")
        XCTAssertEqual(DisplayWidth.truncate("👨‍👩‍👧abc", to: 4), "👨‍👩‍👧a…")
        XCTAssertEqual(DisplayWidth.truncate("e\u{301}e\u{301}e\u{301}", to: 2), "e\u{301}…")
        XCTAssertEqual(DisplayWidth.truncate("🇯🇵🇫🇷", to: 3), "🇯🇵…")
    }

    func testFitPadsToTheExactWidth() {
        XCTAssertEqual(DisplayWidth.fit("該当するデータ", width: 10), "該当する… ")
        XCTAssertEqual(DisplayWidth.fit("ab", width: 6, alignment: .center), "  ab  ")
        XCTAssertEqual(DisplayWidth.fit("ab", width: 5, alignment: .center), " ab  ")
        XCTAssertEqual(DisplayWidth.fit("ab", width: 4, alignment: .right), "  ab")
        XCTAssertEqual(DisplayWidth.fit("☕️", width: 1), "…")
        for width in 0...30 {
            XCTAssertEqual(DisplayWidth.of(DisplayWidth.fit("About the Developer 💪🤓", width: width)), width)
        }
    }

    /// The tables must stay sorted and disjoint for the binary search to be right.
    func testTablesAreSortedDisjointRanges() {
        for table in [wideRanges, zeroWidthRanges, textEmojiRanges] {
            XCTAssertEqual(table.count % 2, 0)
            var previousEnd: UInt32? = nil
            for pair in stride(from: 0, to: table.count, by: 2) {
                XCTAssertLessThanOrEqual(table[pair], table[pair + 1])
                if let previousEnd { XCTAssertGreaterThan(table[pair], previousEnd) }
                previousEnd = table[pair + 1]
            }
        }
    }

    func testScalarWidthAtRangeBoundaries() {
        XCTAssertEqual(DisplayWidth.scalarWidth(0x10FF), 1)
        XCTAssertEqual(DisplayWidth.scalarWidth(0x1100), 2)
        XCTAssertEqual(DisplayWidth.scalarWidth(0x115F), 2)
        XCTAssertEqual(DisplayWidth.scalarWidth(0x1160), 0)
        XCTAssertEqual(DisplayWidth.scalarWidth(0xAC00), 2)
        XCTAssertEqual(DisplayWidth.scalarWidth(0xD7A3), 2)
        XCTAssertEqual(DisplayWidth.scalarWidth(0xD7A4), 1)
        XCTAssertEqual(DisplayWidth.scalarWidth(0x3FFFD), 2)
        XCTAssertEqual(DisplayWidth.scalarWidth(0x10FFFF), 1)
        XCTAssertEqual(DisplayWidth.scalarWidth(0x7F), 0)
        XCTAssertEqual(DisplayWidth.scalarWidth(0x9F), 0)
        XCTAssertEqual(DisplayWidth.scalarWidth(0xA0), 1)
    }
}
