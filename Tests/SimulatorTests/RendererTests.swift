import XCTest
@testable import TableLabSimulator

/// Exact plain-text renderings of the two originals (and a gallery of everything else) at
/// the widths users have, plus the geometry every rendering must keep.
final class RendererTests: XCTestCase {

    func testSettingsAt80() {
        assertRendering(Fixtures.settings, width: 80, """
        Settings  2 sections · 7 rows

          ACCOUNT
        ╭───────────────────────────────────────────────────────╮
        │ Manage Accounts                                     › │ 0·0 BasicCell       44
        │ Active Account                                alice › │ 0·1 RightDetailCell 44
        │ Default Country                               Japan › │ 0·2 RightDetailCell 44
        ╰───────────────────────────────────────────────────────╯

        ╭───────────────────────────────────────────────────────╮
        │ About the Developer 💪🤓                            › │ 1·0 BasicCell       44
        │ Donate ☕️☕️☕️?                                      › │ 1·1 BasicCell       44
        ├───────────────────────────────────────────────────────┤
        │ Rate App                                              │ 1·2 SubtitleCell    44
        │ 12 people have rated this version                     │
        ├───────────────────────────────────────────────────────┤
        │ Share App                                             │ 1·3 SubtitleCell    44
        │ Know a coach who would love this app?                 │
        ╰───────────────────────────────────────────────────────╯
        """)
    }
    func testSettingsAt50() {
        assertRendering(Fixtures.settings, width: 50, """
        Settings  2 sections · 7 rows

          ACCOUNT
        ╭─────────────────────────────────────────╮
        │ Manage Accounts                       › │ 0·0 44
        │ Active Account                  alice › │ 0·1 44
        │ Default Country                 Japan › │ 0·2 44
        ╰─────────────────────────────────────────╯

        ╭─────────────────────────────────────────╮
        │ About the Developer 💪🤓              › │ 1·0 44
        │ Donate ☕️☕️☕️?                        › │ 1·1 44
        ├─────────────────────────────────────────┤
        │ Rate App                                │ 1·2 44
        │ 12 people have rated this version       │
        ├─────────────────────────────────────────┤
        │ Share App                               │ 1·3 44
        │ Know a coach who would love this app?   │
        ╰─────────────────────────────────────────╯
        """)
    }
    func testSettingsAt30() {
        assertRendering(Fixtures.settings, width: 30, """
        Settings  2 sections · 7 rows

          ACCOUNT
        ╭────────────────────────────╮
        │ Manage Accounts          › │
        │ Active Account     alice › │
        │ Default Country    Japan › │
        ╰────────────────────────────╯

        ╭────────────────────────────╮
        │ About the Developer 💪🤓 › │
        │ Donate ☕️☕️☕️?           › │
        ├────────────────────────────┤
        │ Rate App                   │
        │ 12 people have rated this… │
        ├────────────────────────────┤
        │ Share App                  │
        │ Know a coach who would lo… │
        ╰────────────────────────────╯
        """)
    }
    func testCellTypesAt80() {
        assertRendering(Fixtures.cellTypes, width: 80, """
        CellTypeList  1 section · 3 rows

        ╭─────────────────────────────────────────╮
        │ title1                                  │ 0·0 TextAlignLeftTableViewCell    44
        │                 title2                  │ 0·1 TextAlignCenterTableViewCell  44
        │       該当するデータはありません        │ 0·2 NoDataTableViewCell          844
        ╰─────────────────────────────────────────╯
        """)
    }
    func testCellTypesAt50() {
        assertRendering(Fixtures.cellTypes, width: 50, """
        CellTypeList  1 section · 3 rows

        ╭────────────────────────────────────────╮
        │ title1                                 │ 0·0  44
        │                 title2                 │ 0·1  44
        │       該当するデータはありません       │ 0·2 844
        ╰────────────────────────────────────────╯
        """)
    }
    func testCellTypesAt30() {
        assertRendering(Fixtures.cellTypes, width: 30, """
        CellTypeList

        ╭────────────────────────────╮
        │ title1                     │
        │           title2           │
        │ 該当するデータはありません │
        ╰────────────────────────────╯
        """)
    }
    func testGalleryAt80() {
        assertRendering(Fixtures.gallery, width: 80, """
        Gallery  3 sections · 10 rows

          STYLES & ACCESSORIES
        ╭─────────────────────────────────────────────────────╮
        │ phone +81 90-1234-5678                              │ 0·0 LeftDetailCell    44
        │ email alice@example.com                         ⓘ › │ 0·1 LeftDetailCell    44
        │ Checked                                           ✓ │ 0·2 BasicCell         44
        │ Info                                              ⓘ │ 0·3 BasicCell         44
        │                                               Right │ 0·4 BasicCell         44
        ╰─────────────────────────────────────────────────────╯
          Footers wrap to the width of the group, as the
          footnotes of a grouped table do.

          NOTHING HERE
          (no rows)

        ╭─────────────────────────────────────────────────────╮
        │ A very long title that no … and a long detail too › │ 2·0 RightDetailCell   44
        ├─────────────────────────────────────────────────────┤
        │ Rate BB Links ⭐️⭐️⭐️⭐️⭐️                            │ 2·1 SubtitleCell    60.5
        │                                                     │
        ├─────────────────────────────────────────────────────┤
        │ Half transparent                                    │ 2·2 BasicCell         44
        │ Delete Account                                      │ 2·3 BasicCell         44
        │ Line one line two[31m                               │ 2·4 BasicCell         44
        ╰─────────────────────────────────────────────────────╯
        """)
    }
    func testGalleryAt30() {
        assertRendering(Fixtures.gallery, width: 30, """
        Gallery  3 sections · 10 rows

          STYLES & ACCESSORIES
        ╭────────────────────────────╮
        │ phone +81 90-1234-5678     │
        │ email alice@example.c… ⓘ › │
        │ Checked                  ✓ │
        │ Info                     ⓘ │
        │                      Right │
        ╰────────────────────────────╯
          Footers wrap to the width
          of the group, as the
          footnotes of a grouped
          table do.

          NOTHING HERE
          (no rows)

        ╭────────────────────────────╮
        │ A very long… and a long… › │
        ├────────────────────────────┤
        │ Rate BB Links ⭐️⭐️⭐️⭐️⭐️   │
        │                            │
        ├────────────────────────────┤
        │ Half transparent           │
        │ Delete Account             │
        │ Line one line two[31m      │
        ╰────────────────────────────╯
        """)
    }
    func testNarrowestWidthStillDrawsWholeBoxes() {
        assertRendering(Fixtures.settings, width: 16, """
        Settings

          ACCOUNT
        ╭──────────────╮
        │ Manage Ac… › │
        │ Acti… ali… › │
        │ Defa… Jap… › │
        ╰──────────────╯

        ╭──────────────╮
        │ About the… › │
        │ Donate ☕️… › │
        ├──────────────┤
        │ Rate App     │
        │ 12 people h… │
        ├──────────────┤
        │ Share App    │
        │ Know a coac… │
        ╰──────────────╯
        """)
        // Narrower than the minimum: drawn at the minimum rather than broken.
        XCTAssertEqual(TableRenderer(width: 5).render(Fixtures.settings),
                       TableRenderer(width: 16).render(Fixtures.settings))
    }

    func testTableWithoutSections() {
        assertRendering(Fixtures.empty, width: 80, """
        Empty

          (no sections)
        """)
    }

    // MARK: - Geometry

    /// Every fixture at every width from the minimum to 120: box edges line up and the
    /// output never exceeds the terminal.
    func testBoxEdgesLineUpAtEveryWidth() {
        for snapshot in [Fixtures.settings, Fixtures.cellTypes, Fixtures.gallery] {
            for width in TableRenderer.minimumWidth...120 {
                assertBoxAligned(TableRenderer(width: width).render(snapshot), width: width,
                                 "\(snapshot.name) at \(width)")
            }
        }
    }

    func testMetadataColumnDegradesBeforeLabelsAreCut() {
        func firstRow(_ width: Int) -> String {
            TableRenderer(width: width).render(Fixtures.settings)
                .split(separator: "\n").first { $0.contains("Manage") }.map(String.init) ?? ""
        }
        XCTAssertTrue(firstRow(80).hasSuffix("│ 0·0 BasicCell       44"))
        XCTAssertTrue(firstRow(50).hasSuffix("│ 0·0 44"))
        XCTAssertTrue(firstRow(40).hasSuffix("› │"))
        // At 40 the metadata has gone so that "Manage Accounts" is whole.
        XCTAssertTrue(firstRow(40).contains("Manage Accounts"))
    }

    func testWideTerminalKeepsGroupAtPreferredWidth() {
        let lines = TableRenderer(width: 200).render(Fixtures.settings).split(separator: "\n")
        let top = lines.first { $0.hasPrefix("╭") }!
        XCTAssertEqual(DisplayWidth.of(top), TableRenderer.preferredMaximumBoxWidth)
    }

    // MARK: - Labels

    func testHiddenLabelKeepsItsLineButDrawsNothing() {
        let lines = TableRenderer(width: 60).render(Fixtures.gallery).split(separator: "\n").map(String.init)
        let rate = lines.firstIndex { $0.contains("Rate BB Links") }!
        let boxWidth = DisplayWidth.of(lines.first { $0.hasPrefix("╭") }!)
        XCTAssertEqual(lines[rate + 1], "│" + String(repeating: " ", count: boxWidth - 2) + "│")
    }

    func testControlCharactersNeverReachTheTerminal() {
        let plain = TableRenderer(width: 80).render(Fixtures.gallery)
        XCTAssertFalse(plain.unicodeScalars.contains { $0.value == 0x1B })
        XCTAssertTrue(plain.contains("│ Line one line two[31m "))
    }

    func testEmptyTitlesLeaveEmptyLines() {
        let snapshot = TableSnapshot(name: "T", sections: [
            SectionSnapshot(headerTitle: "", footerTitle: "first\n\nthird",
                            rows: Fixtures.rows(0, [Fixtures.basic("a")])),
        ])
        XCTAssertEqual(TableRenderer(width: 30).render(snapshot), """
        T  1 section · 1 row


        ╭────────────────────────────╮
        │ a                          │
        ╰────────────────────────────╯
          first

          third
        """)
    }

    func testFootersWrapAndBreakLongWords() {
        XCTAssertEqual(TableRenderer.wrap("Footers wrap to the width", width: 10),
                       ["Footers", "wrap to", "the width"])
        XCTAssertEqual(TableRenderer.wrap("abcdefghijkl xy", width: 5), ["abcde", "fghij", "kl xy"])
        XCTAssertEqual(TableRenderer.wrap("該当するデータ", width: 5), ["該当", "する", "デー", "タ"])
        XCTAssertEqual(TableRenderer.wrap("one\ntwo", width: 20), ["one", "two"])
    }

    func testValue1KeepsTheShorterSideWhole() {
        XCTAssertEqual(TableRenderer.splitValue1(text: 10, detail: 5, width: 30).text, 10)
        XCTAssertEqual(TableRenderer.splitValue1(text: 40, detail: 5, width: 30).detail, 5)
        XCTAssertEqual(TableRenderer.splitValue1(text: 40, detail: 5, width: 30).text, 24)
        XCTAssertEqual(TableRenderer.splitValue1(text: 3, detail: 40, width: 30).detail, 26)
        let both = TableRenderer.splitValue1(text: 40, detail: 40, width: 31)
        XCTAssertEqual(both.text + both.detail + 1, 31)
    }

    func testHeightsAreWrittenAsPoints() {
        XCTAssertEqual(TableRenderer.formatHeight(44), "44")
        XCTAssertEqual(TableRenderer.formatHeight(60.5), "60.5")
        XCTAssertEqual(TableRenderer.formatHeight(844), "844")
    }

    // MARK: - Colour

    func testColourOutputIsThePlainOutputWithStyles() {
        for snapshot in [Fixtures.settings, Fixtures.cellTypes, Fixtures.gallery, Fixtures.empty] {
            for width in [80, 50, 30] {
                let coloured = TableRenderer(width: width, useColor: true).render(snapshot)
                XCTAssertEqual(Self.stripANSI(coloured), TableRenderer(width: width).render(snapshot))
            }
        }
    }

    func testColoursFollowTheirMeaning() {
        let settings = TableRenderer(width: 80, useColor: true).render(Fixtures.settings)
        XCTAssertTrue(settings.hasPrefix("\u{1B}[1mSettings\u{1B}[0m\u{1B}[2m  2 sections · 7 rows\u{1B}[0m"))
        XCTAssertTrue(settings.contains("\u{1B}[1mACCOUNT\u{1B}[0m"))
        XCTAssertTrue(settings.contains("\u{1B}[2malice\u{1B}[0m"), "value1 detail is secondary text")
        XCTAssertTrue(settings.contains("\u{1B}[2m 0·0 BasicCell       44\u{1B}[0m"), "metadata is dim")
        let gallery = TableRenderer(width: 80, useColor: true).render(Fixtures.gallery)
        XCTAssertTrue(gallery.contains("\u{1B}[34mphone\u{1B}[0m"), "value2's label is tinted")
        XCTAssertTrue(gallery.contains("\u{1B}[31mDelete Account"), "systemRed")
        XCTAssertTrue(gallery.contains("\u{1B}[2mHalf transparent"), "alpha < 1 is dim")
        XCTAssertTrue(gallery.contains("\u{1B}[34m✓\u{1B}[0m"))
        XCTAssertFalse(TableRenderer(width: 80).render(Fixtures.settings).contains("\u{1B}"))
    }

    func testColourNames() {
        XCTAssertEqual(ANSIColor.named("systemRed"), .red)
        XCTAssertEqual(ANSIColor.named(".blue"), .blue)
        XCTAssertEqual(ANSIColor.named("UIColor.systemTeal"), .cyan)
        XCTAssertNil(ANSIColor.named("label"))
        XCTAssertEqual(TextStyle.label(colorName: "secondaryLabel", alpha: 1), .dim)
        XCTAssertEqual(TextStyle.label(colorName: nil, alpha: 1), .plain)
    }

    // MARK: - JSON

    func testSettingsJSON() {
        XCTAssertEqual(TableRenderer().renderJSON(Fixtures.settings), """
        {
          "table": "Settings",
          "width": 390,
          "contentHeight": 400,
          "sections": [
            {
              "index": 0,
              "header": "Account",
              "footer": null,
              "headerHeight": 38,
              "footerHeight": 18,
              "rows": [
                {
                  "indexPath": [0, 0],
                  "height": 44,
                  "cell": {
                    "reuseIdentifier": "BasicCell",
                    "style": "default",
                    "textLabel": {"text": "Manage Accounts", "textAlignment": "left", "textColor": null, "alpha": 1},
                    "detailTextLabel": null,
                    "accessoryType": "disclosureIndicator",
                    "selectionStyle": "default"
                  }
                },
                {
                  "indexPath": [0, 1],
                  "height": 44,
                  "cell": {
                    "reuseIdentifier": "RightDetailCell",
                    "style": "value1",
                    "textLabel": {"text": "Active Account", "textAlignment": "left", "textColor": null, "alpha": 1},
                    "detailTextLabel": {"text": "alice", "textAlignment": "left", "textColor": null, "alpha": 1},
                    "accessoryType": "disclosureIndicator",
                    "selectionStyle": "default"
                  }
                },
                {
                  "indexPath": [0, 2],
                  "height": 44,
                  "cell": {
                    "reuseIdentifier": "RightDetailCell",
                    "style": "value1",
                    "textLabel": {"text": "Default Country", "textAlignment": "left", "textColor": null, "alpha": 1},
                    "detailTextLabel": {"text": "Japan", "textAlignment": "left", "textColor": null, "alpha": 1},
                    "accessoryType": "disclosureIndicator",
                    "selectionStyle": "default"
                  }
                }
              ]
            },
            {
              "index": 1,
              "header": null,
              "footer": null,
              "headerHeight": 18,
              "footerHeight": 18,
              "rows": [
                {
                  "indexPath": [1, 0],
                  "height": 44,
                  "cell": {
                    "reuseIdentifier": "BasicCell",
                    "style": "default",
                    "textLabel": {"text": "About the Developer 💪🤓", "textAlignment": "left", "textColor": null, "alpha": 1},
                    "detailTextLabel": null,
                    "accessoryType": "disclosureIndicator",
                    "selectionStyle": "default"
                  }
                },
                {
                  "indexPath": [1, 1],
                  "height": 44,
                  "cell": {
                    "reuseIdentifier": "BasicCell",
                    "style": "default",
                    "textLabel": {"text": "Donate ☕️☕️☕️?", "textAlignment": "left", "textColor": null, "alpha": 1},
                    "detailTextLabel": null,
                    "accessoryType": "disclosureIndicator",
                    "selectionStyle": "default"
                  }
                },
                {
                  "indexPath": [1, 2],
                  "height": 44,
                  "cell": {
                    "reuseIdentifier": "SubtitleCell",
                    "style": "subtitle",
                    "textLabel": {"text": "Rate App", "textAlignment": "left", "textColor": null, "alpha": 1},
                    "detailTextLabel": {"text": "12 people have rated this version", "textAlignment": "left", "textColor": null, "alpha": 1},
                    "accessoryType": "none",
                    "selectionStyle": "default"
                  }
                },
                {
                  "indexPath": [1, 3],
                  "height": 44,
                  "cell": {
                    "reuseIdentifier": "SubtitleCell",
                    "style": "subtitle",
                    "textLabel": {"text": "Share App", "textAlignment": "left", "textColor": null, "alpha": 1},
                    "detailTextLabel": {"text": "Know a coach who would love this app?", "textAlignment": "left", "textColor": null, "alpha": 1},
                    "accessoryType": "none",
                    "selectionStyle": "default"
                  }
                }
              ]
            }
          ],
          "style": "insetGrouped",
          "title": null,
          "sectionIndexTitles": null
        }
        """)
    }
    func testCellTypesJSON() {
        XCTAssertEqual(TableRenderer().renderJSON(Fixtures.cellTypes), """
        {
          "table": "CellTypeList",
          "width": 390,
          "contentHeight": 968,
          "sections": [
            {
              "index": 0,
              "header": null,
              "footer": null,
              "headerHeight": 18,
              "footerHeight": 18,
              "rows": [
                {
                  "indexPath": [0, 0],
                  "height": 44,
                  "cell": {
                    "reuseIdentifier": "TextAlignLeftTableViewCell",
                    "style": "default",
                    "textLabel": {"text": "title1", "textAlignment": "left", "textColor": null, "alpha": 1},
                    "detailTextLabel": null,
                    "accessoryType": "none",
                    "selectionStyle": "default"
                  }
                },
                {
                  "indexPath": [0, 1],
                  "height": 44,
                  "cell": {
                    "reuseIdentifier": "TextAlignCenterTableViewCell",
                    "style": "default",
                    "textLabel": {"text": "title2", "textAlignment": "center", "textColor": null, "alpha": 1},
                    "detailTextLabel": null,
                    "accessoryType": "none",
                    "selectionStyle": "default"
                  }
                },
                {
                  "indexPath": [0, 2],
                  "height": 844,
                  "cell": {
                    "reuseIdentifier": "NoDataTableViewCell",
                    "style": "default",
                    "textLabel": {"text": "該当するデータはありません", "textAlignment": "center", "textColor": null, "alpha": 1},
                    "detailTextLabel": null,
                    "accessoryType": "none",
                    "selectionStyle": "default"
                  }
                }
              ]
            }
          ],
          "style": "insetGrouped",
          "title": null,
          "sectionIndexTitles": null
        }
        """)
    }
    func testEmptyJSON() {
        XCTAssertEqual(TableRenderer().renderJSON(Fixtures.empty), """
        {
          "table": "Empty",
          "width": 390,
          "contentHeight": 0,
          "sections": [],
          "style": "insetGrouped",
          "title": null,
          "sectionIndexTitles": null
        }
        """)
    }

    func testJSONStringsAreEscaped() {
        XCTAssertEqual(JSONWriter.quote("a\"b\\c\nd\te\u{1}f\u{7F}"), #""a\"b\\c\nd\te\u0001f\u007F""#)
        XCTAssertEqual(JSONWriter.quote("該当 ☕️ \u{2028}"), "\"該当 ☕️ \\u2028\"")
    }

    func testJSONNumbers() {
        XCTAssertEqual(JSONWriter.number(44), "44")
        XCTAssertEqual(JSONWriter.number(-0.0), "0")
        XCTAssertEqual(JSONWriter.number(0.1), "0.1")
        XCTAssertEqual(JSONWriter.number(1e20), "1e+20")
        XCTAssertEqual(JSONWriter.number(.infinity), "null")
        XCTAssertEqual(JSONWriter.number(.nan), "null")
    }

    func testGalleryJSONCarriesEveryProperty() {
        let json = TableRenderer().renderJSON(Fixtures.gallery)
        XCTAssertTrue(json.contains(#""footer": "Footers wrap to the width of the group, as the footnotes of a grouped table do.""#))
        XCTAssertTrue(json.contains(#""rows": []"#))
        XCTAssertTrue(json.contains(#""height": 60.5"#))
        XCTAssertTrue(json.contains(#""detailTextLabel": {"text": " ", "textAlignment": "left", "textColor": null, "alpha": 0}"#))
        XCTAssertTrue(json.contains(#""textLabel": {"text": "Delete Account", "textAlignment": "left", "textColor": "systemRed", "alpha": 1}"#))
        XCTAssertTrue(json.contains(#""text": "Line one\nline two\u001B[31m""#))
        XCTAssertTrue(json.contains(#""accessoryType": "detailDisclosureButton""#))
    }

    // MARK: - Helpers

    private func assertRendering(_ snapshot: TableSnapshot, width: Int, _ expected: String,
                                 file: StaticString = #filePath, line: UInt = #line) {
        let output = TableRenderer(width: width).render(snapshot)
        XCTAssertEqual(output, expected, file: file, line: line)
        assertBoxAligned(output, width: width, "\(snapshot.name) at \(width)", file: file, line: line)
    }

    /// Box lines start at column 0 and end their box at one and the same column; no line
    /// is wider than the terminal or ends in a space.
    private func assertBoxAligned(_ output: String, width: Int, _ context: String,
                                  file: StaticString = #filePath, line: UInt = #line) {
        var edges = Set<Int>()
        var boxLines = 0
        for text in output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            XCTAssertLessThanOrEqual(DisplayWidth.of(text), max(width, TableRenderer.minimumWidth),
                                     "\(context): too wide: \(text)", file: file, line: line)
            XCTAssertFalse(text.hasSuffix(" "), "\(context): trailing space: \(text)", file: file, line: line)
            guard let first = text.first, "╭│├╰".contains(first) else { continue }
            boxLines += 1
            let end = text.lastIndex { "╮│┤╯".contains($0) }!
            edges.insert(DisplayWidth.of(text[...end]))
        }
        XCTAssertEqual(edges.count, boxLines > 0 ? 1 : 0, "\(context): box edges at columns \(edges.sorted())",
                       file: file, line: line)
    }

    static func stripANSI(_ text: String) -> String {
        var out = ""
        var inEscape = false
        for scalar in text.unicodeScalars {
            if inEscape {
                if scalar == "m" { inEscape = false }
            } else if scalar.value == 0x1B {
                inEscape = true
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
