import XCTest
@testable import TableLabSimulator

/// Reading storyboards and .xib files as Xcode writes them: scenes, classes, titles, table
/// styles, prototype cells, segues. The documents below are written in Interface Builder's
/// format by hand, small, with only what a table-view screen uses.
final class StoryboardTests: XCTestCase {
    static let settings = """
    <?xml version="1.0" encoding="UTF-8"?>
    <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" initialViewController="nav-1">
        <scenes>
            <!--Navigation Controller-->
            <scene sceneID="s-1">
                <objects>
                    <navigationController id="nav-1" sceneMemberID="viewController">
                        <connections>
                            <segue destination="tvc-1" kind="relationship" relationship="rootViewController" id="r-1"/>
                        </connections>
                    </navigationController>
                </objects>
            </scene>
            <scene sceneID="s-2">
                <objects>
                    <tableViewController storyboardIdentifier="Settings" id="tvc-1" customClass="SettingsViewController" customModule="App" sceneMemberID="viewController">
                        <tableView key="view" style="insetGrouped" rowHeight="-1" id="tv-1">
                            <prototypes>
                                <tableViewCell reuseIdentifier="Cell" textLabel="l-1" style="IBUITableViewCellStyleDefault" id="c-1">
                                    <tableViewCellContentView key="contentView" id="cv-1">
                                        <subviews>
                                            <label text="Title &amp; more" id="l-1"/>
                                        </subviews>
                                    </tableViewCellContentView>
                                    <connections>
                                        <segue destination="vc-2" kind="show" identifier="showDetail" id="sg-1"/>
                                    </connections>
                                </tableViewCell>
                                <tableViewCell reuseIdentifier="Detail" style="IBUITableViewCellStyleValue1" accessoryType="disclosureIndicator" id="c-2"/>
                                <tableViewCell reuseIdentifier="ToggleCell" customClass="ToggleCell" id="c-3"/>
                            </prototypes>
                            <connections>
                                <outlet property="dataSource" destination="tvc-1" id="o-1"/>
                            </connections>
                        </tableView>
                        <navigationItem key="navigationItem" title="Settings" id="n-1"/>
                        <connections>
                            <segue destination="vc-2" kind="presentation" identifier="about" id="sg-2"/>
                        </connections>
                    </tableViewController>
                </objects>
            </scene>
            <scene sceneID="s-3">
                <objects>
                    <viewController id="vc-2" customClass="DetailViewController" sceneMemberID="viewController">
                        <view key="view" id="v-2">
                            <subviews>
                                <tableView style="plain" id="tv-2"/>
                            </subviews>
                        </view>
                        <connections>
                            <outlet property="tableView" destination="tv-2" id="o-2"/>
                        </connections>
                    </viewController>
                </objects>
            </scene>
        </scenes>
    </document>
    """

    func testScenesClassesTitlesAndTheInitialScreen() throws {
        let board = try Storyboard.parse(Self.settings, name: "Main.storyboard")
        XCTAssertEqual(board.controllers.map(\.kind), ["navigationController", "tableViewController", "viewController"])
        XCTAssertEqual(board.initialScreen?.customClass, "SettingsViewController", "through the navigation controller")
        let settings = try XCTUnwrap(board.controller(forClass: "SettingsViewController"))
        XCTAssertEqual(settings.title, "Settings")
        XCTAssertEqual(settings.storyboardIdentifier, "Settings")
        XCTAssertEqual(board.controller(forClass: "DetailViewController")?.outlets["tableView"], "tv-2")
        XCTAssertEqual(board.controller(forClass: "DetailViewController")?.tables.map(\.style), ["plain"])
    }

    func testPrototypesWithTheirStylesClassesAndAccessories() throws {
        let table = try XCTUnwrap(Storyboard.parse(Self.settings, name: "Main.storyboard").controller(forClass: "SettingsViewController")?.tables.first)
        XCTAssertEqual(table.style, "insetGrouped")
        XCTAssertEqual(table.prototypes.map(\.reuseIdentifier), ["Cell", "Detail", "ToggleCell"])
        XCTAssertEqual(table.prototypes.map(\.style), [.default, .value1, nil], "no style attribute: a Custom cell")
        XCTAssertEqual(table.prototypes.map(\.customClass), [nil, nil, "ToggleCell"])
        XCTAssertEqual(table.prototypes.map(\.accessory), [.none, .disclosureIndicator, .none])
        XCTAssertEqual(table.prototypes[0].labelTexts, ["Title & more"], "entities decoded")
    }

    func testSeguesFromCellsAndFromTheController() throws {
        let settings = try XCTUnwrap(Storyboard.parse(Self.settings, name: "Main.storyboard").controller(forClass: "SettingsViewController"))
        XCTAssertEqual(settings.segues, [
            .init(identifier: "showDetail", destinationID: "vc-2", kind: "show", triggeringCell: "Cell"),
            .init(identifier: "about", destinationID: "vc-2", kind: "presentation", triggeringCell: nil),
        ])
    }

    func testANibHoldsCells() throws {
        let nib = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0">
            <objects>
                <placeholder placeholderIdentifier="IBFilesOwner" id="-1"/>
                <tableViewCell reuseIdentifier="NameCell" id="KGk" customClass="NameCell">
                    <tableViewCellContentView key="contentView" id="H2p"/>
                </tableViewCell>
            </objects>
        </document>
        """
        let board = try Storyboard.parse(nib, name: "NameCell.xib")
        XCTAssertTrue(board.controllers.isEmpty)
        XCTAssertEqual(board.nibCells.map(\.customClass), ["NameCell"])
        XCTAssertEqual(board.nibCells.map(\.reuseIdentifier), ["NameCell"])
    }

    func testACollectionViewWithItsFlowLayoutCellsAndHeader() throws {
        let board = try Storyboard.parse("""
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" initialViewController="cvc-1">
            <scenes>
                <scene sceneID="s-1">
                    <objects>
                        <collectionViewController id="cvc-1" customClass="GridController" sceneMemberID="viewController">
                            <collectionView key="view" dataMode="prototypes" id="cv-1">
                                <collectionViewFlowLayout key="collectionViewLayout" scrollDirection="horizontal" minimumLineSpacing="4" id="fl-1">
                                    <size key="itemSize" width="80" height="60"/>
                                    <size key="headerReferenceSize" width="30" height="0.0"/>
                                    <inset key="sectionInset" minX="1" minY="2" maxX="3" maxY="4"/>
                                </collectionViewFlowLayout>
                                <cells>
                                    <collectionViewCell reuseIdentifier="Tile" customClass="TileCell" id="c-1">
                                        <collectionViewCellContentView key="contentView" id="cc-1">
                                            <subviews>
                                                <label id="l-1"><string key="text">Two
        lines &amp; more</string></label>
                                            </subviews>
                                        </collectionViewCellContentView>
                                        <connections>
                                            <outlet property="caption" destination="l-1" id="o-1"/>
                                        </connections>
                                    </collectionViewCell>
                                </cells>
                                <collectionReusableView key="sectionHeaderView" reuseIdentifier="Head" id="h-1"/>
                                <connections>
                                    <outlet property="dataSource" destination="cvc-1" id="o-2"/>
                                </connections>
                            </collectionView>
                        </collectionViewController>
                    </objects>
                </scene>
            </scenes>
        </document>
        """, name: "Grid.storyboard")
        let scene = try XCTUnwrap(board.controller(forClass: "GridController"))
        XCTAssertEqual(scene.viewCollectionID, "cv-1")
        let collection = try XCTUnwrap(scene.views["cv-1"]?.collection)
        let flow = try XCTUnwrap(collection.flowLayout)
        XCTAssertEqual(flow.scrollDirection, "horizontal")
        XCTAssertEqual(flow.itemSize, Storyboard.Size(width: 80, height: 60))
        XCTAssertEqual(flow.minimumLineSpacing, 4)
        // Not in the file: UIKit's default.
        XCTAssertEqual(flow.minimumInteritemSpacing, 10)
        // top, left, bottom, right from minY, minX, maxY, maxX.
        XCTAssertEqual(flow.sectionInset, [2, 1, 4, 3])
        XCTAssertEqual(flow.headerReferenceSize, Storyboard.Size(width: 30, height: 0))
        XCTAssertEqual(collection.cells.map(\.reuseIdentifier), ["Tile"])
        XCTAssertEqual(collection.cells.first?.outlets, [Storyboard.Connection(property: "caption", destination: "l-1")])
        XCTAssertEqual(collection.cells.first?.views.map(\.text), ["Two\nlines & more"])
        XCTAssertEqual(collection.header?.reuseIdentifier, "Head")
        XCTAssertNil(collection.footer)
        XCTAssertEqual(collection.dataSource, "cvc-1")
        XCTAssertNil(collection.delegate)
    }

    func testACollectionViewLayoutOtherThanFlowAndANibOfCollectionCells() throws {
        let board = try Storyboard.parse("""
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0">
            <scenes><scene sceneID="s-1"><objects>
                <viewController id="vc-1" customClass="Wall" sceneMemberID="viewController">
                    <view key="view" id="v-1"><subviews>
                        <collectionView id="cv-1">
                            <collectionViewLayout key="collectionViewLayout" id="l-1" customClass="MosaicLayout"/>
                        </collectionView>
                    </subviews></view>
                </viewController>
            </objects></scene></scenes>
        </document>
        """, name: "Wall.storyboard")
        let collection = try XCTUnwrap(board.controller(forClass: "Wall")?.views["cv-1"]?.collection)
        XCTAssertNil(collection.flowLayout)
        XCTAssertEqual(collection.layoutClass, "MosaicLayout")
        let nib = try Storyboard.parse("""
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0">
            <objects>
                <placeholder placeholderIdentifier="IBFilesOwner" id="-1"/>
                <collectionViewCell id="c-1" customClass="BadgeCell"/>
            </objects>
        </document>
        """, name: "Views/BadgeCell.xib")
        XCTAssertEqual(nib.nibName, "BadgeCell")
        XCTAssertEqual(nib.nibCollectionCells.map(\.customClass), ["BadgeCell"])
        XCTAssertTrue(nib.nibCells.isEmpty)
    }

    func testWhatIsNotAnInterfaceBuilderDocumentIsAnErrorWithItsLine() {
        XCTAssertThrowsError(try Storyboard.parse("<plist>\n</plist>", name: "x.plist")) { error in
            XCTAssertEqual(error as? StoryboardError, StoryboardError(message: "'x.plist' is not an Interface Builder document (its element is <plist>)", line: 1))
        }
        XCTAssertThrowsError(try Storyboard.parse("<document>\n<scenes>\n</document>", name: "bad")) { error in
            XCTAssertEqual((error as? StoryboardError)?.line, 3)
            XCTAssertEqual((error as? StoryboardError)?.message, "</document> closes <scenes> opened on line 2")
        }
        XCTAssertThrowsError(try Storyboard.parse("<document a=\"1\"", name: "cut"))
        XCTAssertThrowsError(try Storyboard.parse(String(repeating: "<a>", count: 500), name: "deep")) { error in
            XCTAssertEqual((error as? StoryboardError)?.message, "elements nested more than 200 deep")
        }
    }

    func testEntities() {
        XCTAssertEqual(XMLScanner.decodeEntities("a &lt;b&gt; &quot;c&quot; &#233; &#x263A; &bogus; &"), "a <b> \"c\" é ☺ &bogus; &")
    }
}
