@testable import TableLabSimulator

/// The two originals as the simulator would snapshot them.
enum Fixtures {
    static func basic(_ text: String, accessory: AccessoryType = .none) -> CellSnapshot {
        CellSnapshot(reuseIdentifier: "BasicCell", style: .default,
                     textLabel: LabelSnapshot(text: text), accessoryType: accessory)
    }

    static func cell(_ identifier: String, _ style: CellStyle, _ text: String, detail: String?,
                     accessory: AccessoryType = .none, detailAlpha: Double = 1) -> CellSnapshot {
        CellSnapshot(reuseIdentifier: identifier, style: style,
                     textLabel: LabelSnapshot(text: text),
                     detailTextLabel: LabelSnapshot(text: detail, alpha: detailAlpha),
                     accessoryType: accessory)
    }

    static func rows(_ section: Int, _ cells: [CellSnapshot], heights: [Double] = []) -> [RowSnapshot] {
        cells.enumerated().map { index, cell in
            RowSnapshot(indexPath: TableIndexPath(section: section, row: index), cell: cell,
                        height: index < heights.count ? heights[index] : 44)
        }
    }

    /// The first original: BB Links' Settings screen (section "Other" has no title).
    static var settings: TableSnapshot {
        TableSnapshot(name: "Settings", sections: [
            SectionSnapshot(headerTitle: "Account", rows: rows(0, [
                basic("Manage Accounts", accessory: .disclosureIndicator),
                cell("RightDetailCell", .value1, "Active Account", detail: "alice", accessory: .disclosureIndicator),
                cell("RightDetailCell", .value1, "Default Country", detail: "Japan", accessory: .disclosureIndicator),
            ])),
            SectionSnapshot(rows: rows(1, [
                basic("About the Developer 💪🤓", accessory: .disclosureIndicator),
                basic("Donate ☕️☕️☕️?", accessory: .disclosureIndicator),
                cell("SubtitleCell", .subtitle, "Rate App", detail: "12 people have rated this version"),
                cell("SubtitleCell", .subtitle, "Share App", detail: "Know a coach who would love this app?"),
            ])),
        ])
    }

    /// The second original: one cell kind per CellType case, the noData row as tall as the screen.
    static var cellTypes: TableSnapshot {
        func cell(_ identifier: String, _ text: String, _ alignment: TextAlignment) -> CellSnapshot {
            CellSnapshot(reuseIdentifier: identifier, style: .default,
                         textLabel: LabelSnapshot(text: text, alignment: alignment))
        }
        return TableSnapshot(name: "CellTypeList", sections: [
            SectionSnapshot(rows: rows(0, [
                cell("TextAlignLeftTableViewCell", "title1", .left),
                cell("TextAlignCenterTableViewCell", "title2", .center),
                cell("NoDataTableViewCell", "該当するデータはありません", .center),
            ], heights: [44, 44, 844])),
        ])
    }

    /// Everything else the renderer draws: value2, every accessory, alignment, an empty
    /// section, a footer, long and hidden and dimmed labels, control characters.
    static var gallery: TableSnapshot {
        var right = basic("Right", accessory: .none)
        right.textLabel.alignment = .right
        var dimmed = basic("Half transparent")
        dimmed.textLabel.alpha = 0.5
        var red = basic("Delete Account")
        red.textLabel.colorName = "systemRed"
        return TableSnapshot(name: "Gallery", sections: [
            SectionSnapshot(headerTitle: "Styles & accessories",
                            footerTitle: "Footers wrap to the width of the group, as the footnotes of a grouped table do.",
                            rows: rows(0, [
                cell("LeftDetailCell", .value2, "phone", detail: "+81 90-1234-5678"),
                cell("LeftDetailCell", .value2, "email", detail: "alice@example.com", accessory: .detailDisclosureButton),
                basic("Checked", accessory: .checkmark),
                basic("Info", accessory: .detailButton),
                right,
            ])),
            SectionSnapshot(headerTitle: "Nothing here", rows: []),
            SectionSnapshot(rows: rows(2, [
                cell("RightDetailCell", .value1,
                     "A very long title that no phone could show on one line, let alone a terminal",
                     detail: "and a long detail too", accessory: .disclosureIndicator),
                cell("SubtitleCell", .subtitle, "Rate BB Links ⭐️⭐️⭐️⭐️⭐️", detail: " ", detailAlpha: 0),
                dimmed,
                red,
                basic("Line one\nline two\u{1B}[31m"),
            ], heights: [44, 60.5])),
        ])
    }

    static var empty: TableSnapshot { TableSnapshot(name: "Empty", sections: []) }
}
