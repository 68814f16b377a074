import XCTest
@testable import TableLabSimulator

final class ModelTests: XCTestCase {
    func testStoryboardPrototypesArePreRegistered() throws {
        let registry = CellPrototypeRegistry()
        XCTAssertEqual(registry.identifiers, ["BasicCell", "SubtitleCell", "RightDetailCell", "LeftDetailCell"])
        XCTAssertEqual(try registry.dequeueStyle(withIdentifier: "BasicCell"), .default)
        XCTAssertEqual(try registry.dequeueStyle(withIdentifier: "SubtitleCell"), .subtitle)
        XCTAssertEqual(try registry.dequeueStyle(withIdentifier: "RightDetailCell"), .value1)
        XCTAssertEqual(try registry.dequeueStyle(withIdentifier: "LeftDetailCell"), .value2)
    }

    func testCodeMadeTableHasNoStoryboardPrototypes() {
        var registry = CellPrototypeRegistry(storyboardPrototypes: false)
        XCTAssertEqual(registry.identifiers, [])
        XCTAssertFalse(registry.isBuiltIn("BasicCell"))
        XCTAssertThrowsError(try registry.dequeueStyle(withIdentifier: "BasicCell"))
        registry.register("BasicCell", style: .default)
        XCTAssertEqual(try registry.dequeueStyle(withIdentifier: "BasicCell"), .default)
    }

    /// A protocol no UIKit class adopts but that refines one (UICollectionViewDelegateFlowLayout
    /// refines UICollectionViewDelegate) is in the catalogue, with its members and lineage.
    func testCatalogueHasRefiningProtocols() {
        XCTAssertTrue(UIKitCatalogue.declares("UICollectionViewDelegateFlowLayout", "collectionView(_:layout:sizeForItemAt:)"))
        XCTAssertTrue(UIKitCatalogue.declares("UICollectionViewDelegateFlowLayout", "collectionView(_:didSelectItemAt:)"))
        XCTAssertTrue(UIKitCatalogue.declares("UITextFieldDelegate", "textFieldShouldReturn(_:)"))
    }

    func testRegisterAddsAndReplaces() throws {
        var registry = CellPrototypeRegistry()
        registry.register("NoDataTableViewCell", style: .default)
        registry.register("BasicCell", style: .subtitle)
        XCTAssertEqual(registry.identifiers.last, "NoDataTableViewCell")
        XCTAssertEqual(registry.identifiers.first, "BasicCell")
        XCTAssertEqual(registry.style(forIdentifier: "BasicCell"), .subtitle)
        XCTAssertEqual(try registry.dequeueStyle(withIdentifier: "NoDataTableViewCell"), .default)
    }

    func testUnknownIdentifierIsUIKitsError() {
        XCTAssertThrowsError(try CellPrototypeRegistry().dequeueStyle(withIdentifier: "basicCell")) { error in
            XCTAssertEqual((error as? DequeueError)?.message,
                           "unable to dequeue a cell with identifier 'basicCell' - must register a nib or a class for the identifier")
        }
    }

    func testDefaultCellsHaveNoDetailLabel() {
        XCTAssertNil(CellSnapshot(prototype: "BasicCell", style: .default).detailTextLabel)
        let forced = CellSnapshot(reuseIdentifier: "BasicCell", style: .default,
                                  detailTextLabel: LabelSnapshot(text: "ignored"))
        XCTAssertNil(forced.detailTextLabel, "as in UIKit, setting it on a .default cell does nothing")
        for style in [CellStyle.subtitle, .value1, .value2] {
            XCTAssertEqual(CellSnapshot(prototype: "X", style: style).detailTextLabel?.text, nil)
        }
    }

    func testStyleAlignsItsLabelsAsUIKit() {
        // Interface Builder archives a Right Detail cell's detail label and a Left Detail
        // cell's title label right-aligned.
        let value1 = CellSnapshot(prototype: "X", style: .value1)
        XCTAssertEqual(value1.textLabel.alignment, .left)
        XCTAssertEqual(value1.detailTextLabel?.alignment, .right)
        let value2 = CellSnapshot(prototype: "X", style: .value2)
        XCTAssertEqual(value2.textLabel.alignment, .right)
        XCTAssertEqual(value2.detailTextLabel?.alignment, .left)
        XCTAssertEqual(CellSnapshot(prototype: "X", style: .subtitle).detailTextLabel?.alignment, .left)
    }

    func testAccessoryGlyphs() {
        XCTAssertEqual(AccessoryType.none.glyph, "")
        XCTAssertEqual(AccessoryType.disclosureIndicator.glyph, "›")
        XCTAssertEqual(AccessoryType.detailDisclosureButton.glyph, "ⓘ ›")
        XCTAssertEqual(AccessoryType.checkmark.glyph, "✓")
        XCTAssertEqual(AccessoryType.detailButton.glyph, "ⓘ")
        XCTAssertEqual(AccessoryType.detailButton.swiftName, ".detailButton")
        XCTAssertEqual(CellStyle.default.swiftName, ".default")
    }

    func testIndexPaths() {
        let path = TableIndexPath(section: 0, row: 4)
        XCTAssertEqual(path.description, "[0, 4]")
        XCTAssertLessThan(TableIndexPath(section: 0, row: 9), TableIndexPath(section: 1, row: 0))
        XCTAssertLessThan(TableIndexPath(section: 1, row: 2), TableIndexPath(section: 1, row: 3))
    }

    func testHeightsAddUp() {
        let settings = Fixtures.settings
        XCTAssertEqual(settings.rowCount, 7)
        // Headers: titled 38, untitled 18; footers 18 each; rows 7 x 44.
        XCTAssertEqual(settings.contentHeight, 400)
        XCTAssertEqual(Fixtures.cellTypes.contentHeight, 968)  // 18 + 18 + 44 + 44 + 844
        XCTAssertEqual(SectionSnapshot(headerTitle: "A", headerHeight: 10).headerHeight, 10)
    }

    func testLabelVisibility() {
        XCTAssertTrue(LabelSnapshot(text: "a").isVisible)
        XCTAssertFalse(LabelSnapshot(text: "a", alpha: 0).isVisible)
        XCTAssertFalse(LabelSnapshot(text: "").isVisible)
        XCTAssertFalse(LabelSnapshot().isVisible)
    }

    func testEffectsDescribeThemselvesOnOneLine() {
        let path = TableIndexPath(section: 1, row: 2)
        let cases: [(TableEffect, String)] = [
            (.performSegue(identifier: "About", pushedTable: nil), #"performSegue "About""#),
            (.performSegue(identifier: "About", pushedTable: "AboutTable"), #"performSegue "About" → push AboutTable"#),
            (.deselectRow(path, animated: true), "deselectRow [1, 2] animated"),
            (.deselectRow(path, animated: false), "deselectRow [1, 2]"),
            (.selectRow(nil, animated: false), "selectRow nil"),
            (.alert(title: "Thanks!", message: "Rated\n5 stars"), #"alert "Thanks!" "Rated\n5 stars""#),
            (.alert(title: nil, message: nil), "alert"),
            (.reloadData, "reloadData"),
            (.reloadRows([path, TableIndexPath(section: 1, row: 3)]), "reloadRows [1, 2] [1, 3]"),
            (.insertRows([path]), "insertRows [1, 2]"),
            (.deleteRows([]), "deleteRows []"),
            (.moveRow(from: path, to: TableIndexPath(section: 0, row: 0)), "moveRow [1, 2] → [0, 0]"),
            (.print("say \"hi\"\t\u{7}"), #"print "say \"hi\"\t\u{7}""#),
            (.openURL("https://example.com"), #"open "https://example.com""#),
        ]
        for (effect, expected) in cases {
            XCTAssertEqual(effect.description, expected)
            XCTAssertFalse(effect.description.contains("\n"))
        }
        XCTAssertEqual(TableEffect.openURL("x").kind, "openURL")
    }
}
