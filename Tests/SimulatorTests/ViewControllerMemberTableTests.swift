import XCTest
import TableLabInterpreter
@testable import TableLabSimulator

/// The member tables of view controllers, navigation, alerts, selectors, URLs, section
/// views and swipe actions (issue 8): each class lists its members' names in the order of
/// its enum's cases, by hand; a name out of place would answer another member.
final class ViewControllerMemberTableTests: XCTestCase {
    func testTablesFindEachNamesCase() {
        checkMemberTable(ViewControllerObject.Member.self, ViewControllerObject.Member.names, ViewControllerObject.Member.table)
        checkMemberTable(ViewControllerObject.Method.self, ViewControllerObject.Method.names, ViewControllerObject.Method.table)
        checkMemberTable(NavigationItemObject.Method.self, NavigationItemObject.Method.names, NavigationItemObject.Method.table)
        checkMemberTable(NavigationControllerObject.Member.self, NavigationControllerObject.Member.names, NavigationControllerObject.Member.table)
        checkMemberTable(NavigationControllerObject.Method.self, NavigationControllerObject.Method.names, NavigationControllerObject.Method.table)
        checkMemberTable(EmbeddingNavigationObject.Member.self, EmbeddingNavigationObject.Member.names, EmbeddingNavigationObject.Member.table)
        checkMemberTable(UIViewObject.Member.self, UIViewObject.Member.names, UIViewObject.Member.table)
        checkMemberTable(UIViewObject.Method.self, UIViewObject.Method.names, UIViewObject.Method.table)
        checkMemberTable(RectObject.Member.self, RectObject.Member.names, RectObject.Member.table)
        checkMemberTable(SegueObject.Member.self, SegueObject.Member.names, SegueObject.Member.table)
        checkMemberTable(AlertActionObject.Member.self, AlertActionObject.Member.names, AlertActionObject.Member.table)
        checkMemberTable(AlertControllerObject.Member.self, AlertControllerObject.Member.names, AlertControllerObject.Member.table)
        checkMemberTable(URLObject.Member.self, URLObject.Member.names, URLObject.Member.table)
        checkMemberTable(HeaderFooterViewObject.Member.self, HeaderFooterViewObject.Member.names, HeaderFooterViewObject.Member.table)
        checkMemberTable(HeaderFooterViewObject.Method.self, HeaderFooterViewObject.Method.names, HeaderFooterViewObject.Method.table)
        checkMemberTable(ContextualActionObject.Member.self, ContextualActionObject.Member.names, ContextualActionObject.Member.table)
        checkMemberTable(SwipeConfigurationObject.Member.self, SwipeConfigurationObject.Member.names, SwipeConfigurationObject.Member.table)
        checkMemberTable(RowActionObject.Member.self, RowActionObject.Member.names, RowActionObject.Member.table)
    }

    /// A property's case is spelt as its name (RectObject's `origin.x` and `origin.y` aside).
    func testPropertyCasesAreTheirNames() {
        XCTAssertEqual(ViewControllerObject.Member.allCases.map { "\($0)" }, ViewControllerObject.Member.names)
        XCTAssertEqual(NavigationControllerObject.Member.allCases.map { "\($0)" }, NavigationControllerObject.Member.names)
        XCTAssertEqual(EmbeddingNavigationObject.Member.allCases.map { "\($0)" }, EmbeddingNavigationObject.Member.names)
        XCTAssertEqual(UIViewObject.Member.allCases.map { "\($0)" }, UIViewObject.Member.names)
        XCTAssertEqual(RectObject.Member.allCases.map { "\($0)".replacingOccurrences(of: "originX", with: "origin.x")
                                                         .replacingOccurrences(of: "originY", with: "origin.y") },
                       RectObject.Member.names)
        XCTAssertEqual(SegueObject.Member.allCases.map { "\($0)" }, SegueObject.Member.names)
        XCTAssertEqual(AlertActionObject.Member.allCases.map { "\($0)" }, AlertActionObject.Member.names)
        XCTAssertEqual(AlertControllerObject.Member.allCases.map { "\($0)" }, AlertControllerObject.Member.names)
        XCTAssertEqual(URLObject.Member.allCases.map { "\($0)" }, URLObject.Member.names)
        XCTAssertEqual(HeaderFooterViewObject.Member.allCases.map { "\($0)" }, HeaderFooterViewObject.Member.names)
        XCTAssertEqual(ContextualActionObject.Member.allCases.map { "\($0)" }, ContextualActionObject.Member.names)
        XCTAssertEqual(SwipeConfigurationObject.Member.allCases.map { "\($0)" }, SwipeConfigurationObject.Member.names)
        XCTAssertEqual(RowActionObject.Member.allCases.map { "\($0)" }, RowActionObject.Member.names)
    }

    /// What completion and lint offer (by name) is what the tables answer: a view
    /// controller's lifecycle methods and a header view's members.
    func testByNameListsAgreeWithTables() {
        XCTAssertTrue(ViewControllerObject.lifecycleMethods.isSubset(of: ViewControllerObject.Method.names))
        let screenNames = ViewControllerObject.memberNames("UIViewController")
        let tableScreenNames = ViewControllerObject.memberNames("UITableViewController")
        for name in ViewControllerObject.Method.names where name != "init(collectionViewLayout:)" {
            XCTAssertTrue(screenNames.contains(name), name)
        }
        for name in ViewControllerObject.Member.names where !["tableView", "refreshControl", "collectionView", "collectionViewLayout"].contains(name) {
            XCTAssertTrue(screenNames.contains(name), name)
        }
        XCTAssertTrue(tableScreenNames.isSuperset(of: ["tableView", "refreshControl", "clearsSelectionOnViewWillAppear"]))
        XCTAssertEqual(HeaderFooterViewObject.memberNames,
                       Set(HeaderFooterViewObject.Member.names + HeaderFooterViewObject.Method.names).union(HeaderFooterViewObject.otherPropertyNames))
        XCTAssertFalse(NavigationItemObject.Method.places.contains(-1), "each setter's property is listed")
    }

    /// A stored-only property reads UIKit's default until set, keeps what is assigned (an
    /// integer literal as a CGFloat where UIKit's default is one), and an unlisted name is none.
    func testStoredValuesByID() throws {
        var values = StoredValues(StoredMembers(UIKitDefaults.view))
        XCTAssertEqual(try values.read("UIView", HostMemberID("alpha")), .double(1))
        XCTAssertTrue(try values.assign(HostMemberID("alpha"), .int(0), converting: GeometryZeros.undeclared))
        XCTAssertEqual(try values.read("UIView", HostMemberID("alpha")), .double(0))
        XCTAssertEqual(values["alpha"], .double(0))
        XCTAssertTrue(try values.assign(HostMemberID("tag"), .int(3), converting: nil))
        XCTAssertEqual(try values.read("UIView", HostMemberID("tag")), .int(3))
        XCTAssertNil(try values.read("UIView", HostMemberID("notAMemberOfAnyHostClass")))
        XCTAssertFalse(try values.assign(HostMemberID("notAMemberOfAnyHostClass"), .int(1), converting: nil))
        XCTAssertThrowsError(try values.read("UIView", HostMemberID("tintColor")))
        // A UIEdgeInsets property takes UIEdgeInsets only.
        XCTAssertThrowsError(try values.assign(HostMemberID("layoutMargins"), .int(1), converting: GeometryZeros.undeclared))
        // The simulator's own writes and reads, by ID.
        values[HostMemberID("isHidden")] = .bool(true)
        XCTAssertEqual(try values.read("UIView", HostMemberID("isHidden")), .bool(true))
        XCTAssertNil(values[HostMemberID("notAMemberOfAnyHostClass")])
    }

    /// A property kept with no default listed reads nil until set; values another source
    /// gives (a storyboard's) are read under the object's own until it sets them.
    func testStoredValuesAlsoStoredAndUnder() throws {
        let members = StoredMembers(UIKitDefaults.layoutConstraint, alsoStored: ["layer"])
        var own = StoredValues(members), storyboard = StoredValues(members)
        XCTAssertNil(try own.read("X", HostMemberID("layer")))
        XCTAssertTrue(try own.assign(HostMemberID("layer"), .int(1), converting: GeometryZeros.undeclared))
        XCTAssertEqual(try own.read("X", HostMemberID("layer")), .int(1))
        storyboard[HostMemberID("constant")] = .double(4)
        XCTAssertEqual(try own.read("X", HostMemberID("constant"), under: storyboard), .double(4))
        XCTAssertTrue(try own.assign(HostMemberID("constant"), .int(2), converting: GeometryZeros.undeclared))
        XCTAssertEqual(try own.read("X", HostMemberID("constant"), under: storyboard), .double(2))
        XCTAssertEqual(try own.read("X", HostMemberID("isActive"), under: storyboard), .bool(false))
        XCTAssertThrowsError(try own.read("X", HostMemberID("priority"), under: storyboard))
        // The classes that keep their stored-only properties this way.
        XCTAssertEqual(CellObject.storedMembers.names, (Array(UIKitDefaults.cell.keys) + ["layer"]).sorted())
        XCTAssertNotNil(TableState.storedMembers.place(HostMemberID("allowsSelection")))
        XCTAssertNotNil(TableState.storedMembers.place(HostMemberID("isAccessibilityElement")))
        XCTAssertNotNil(LayoutConstraintObject.storedMembers.place(HostMemberID("identifier")))
        // The IDs the simulator reads and sets itself are each class's stored ones (setting
        // one not listed stops the process).
        typealias C = CellObject.Stored
        typealias T = TableState.Stored
        for id in [C.backgroundView, C.backgroundColor, C.tintColor, C.indentationLevel, C.indentationWidth] {
            XCTAssertNotNil(CellObject.storedMembers.place(id), id.name)
        }
        for id in [T.allowsSelection, T.allowsMultipleSelection, T.allowsSelectionDuringEditing, T.allowsMultipleSelectionDuringEditing,
                   T.sectionHeaderHeight, T.sectionFooterHeight, T.tableHeaderView, T.tableFooterView, T.backgroundView, T.refreshControl] {
            XCTAssertNotNil(TableState.storedMembers.place(id), id.name)
        }
    }
}
