import XCTest
import TableLabInterpreter
@testable import TableLabSimulator

/// The member tables of collection views, layout, diffable data sources, the cell's views
/// and UIKit's values (issue 8), and the stored-only properties kept by ID: each class lists
/// its members' names in the order of its enum's cases, by hand, and a name out of place
/// would answer another member.
final class CollectionMemberTableTests: XCTestCase {
    func testCollectionTablesFindEachNamesCase() {
        checkMemberTable(FlowLayoutObject.Member.self, FlowLayoutObject.Member.names, FlowLayoutObject.Member.table)
        checkMemberTable(ReusableViewObject.Member.self, ReusableViewObject.Member.names, ReusableViewObject.Member.table)
        checkMemberTable(CollectionCellObject.Member.self, CollectionCellObject.Member.names, CollectionCellObject.Member.table)
        checkMemberTable(CollectionViewObject.Member.self, CollectionViewObject.Member.names, CollectionViewObject.Member.table)
        checkMemberTable(CollectionViewObject.Method.self, CollectionViewObject.Method.names, CollectionViewObject.Method.table)
        checkMemberTable(DiffableDataSourceObject.Member.self, DiffableDataSourceObject.Member.names, DiffableDataSourceObject.Member.table)
    }

    func testLayoutTablesFindEachNamesCase() {
        checkMemberTable(LayoutConstraintObject.Member.self, LayoutConstraintObject.Member.names, LayoutConstraintObject.Member.table)
        checkMemberTable(LayoutMembers.Member.names, LayoutMembers.Member.table)
        checkMemberTable(LayoutAnchorObject.ConstraintMethod.names, LayoutAnchorObject.ConstraintMethod.table)
        // The anchors first, then the guides: the same names the by-name read answers.
        let anchors = LayoutMembers.Member.names.prefix(LayoutMembers.Member.anchorCount)
        XCTAssertEqual(Set(anchors), LayoutAnchorObject.names)
        XCTAssertEqual(Set(LayoutMembers.Member.names.dropFirst(LayoutMembers.Member.anchorCount)), LayoutAnchorObject.guideNames)
    }

    func testViewAndValueTablesFindEachNamesCase() {
        checkMemberTable(CellViewBase.Member.self, CellViewBase.Member.names, CellViewBase.Member.table)
        checkMemberTable(ColorObject.Member.self, ColorObject.Member.names, ColorObject.Member.table)
        checkMemberTable(FontObject.Member.self, FontObject.Member.names, FontObject.Member.table)
        checkMemberTable(ImageObject.Method.names, ImageObject.Method.table)
        checkMemberTable(NotificationCenterObject.Method.self, NotificationCenterObject.Method.names, NotificationCenterObject.Method.table)
        checkMemberTable(AlertObject.Member.self, AlertObject.Member.names, AlertObject.Member.table)
        XCTAssertEqual(CellViewBase.Member.viewDefaults.values.count, CellViewBase.Member.allCases.count)
    }

    /// The property enums' cases are spelt as their names, so the two lists agree in order.
    func testPropertyCasesAreTheirNames() {
        XCTAssertEqual(CollectionViewObject.Member.allCases.map { "\($0)" }, CollectionViewObject.Member.names)
        XCTAssertEqual(CellViewBase.Member.allCases.map { "\($0)" }, CellViewBase.Member.names)
        XCTAssertEqual(LayoutConstraintObject.Member.allCases.map { "\($0)" }, LayoutConstraintObject.Member.names)
    }

    /// A constraint's arguments are read from the labels of its method's name.
    func testConstraintMethodRoles() {
        let roles = LayoutAnchorObject.ConstraintMethod.roles
        XCTAssertEqual(roles.count, LayoutAnchorObject.ConstraintMethod.names.count)
        let i = LayoutAnchorObject.ConstraintMethod.table[HostMemberID("constraint(lessThanOrEqualTo:multiplier:constant:)")]
        guard i >= 0, case .anchor(let relation) = roles[i][0], case .multiplier = roles[i][1], case .constant = roles[i][2] else {
            return XCTFail("roles of constraint(lessThanOrEqualTo:multiplier:constant:)")
        }
        XCTAssertEqual(relation, "lessThanOrEqual")
    }

    /// A cell's stored-only property is kept by ID: a write by ID reads back by ID and by
    /// name, and an unset one reads UIKit's default.
    func testCellStoredPropertyByID() throws {
        let cell = CellObject(reuseIdentifier: "c", style: .subtitle, describeType: { _ in "" }, zeros: .undeclared)
        let level = HostMemberID("indentationLevel")
        XCTAssertEqual(try cell.member(id: level), .int(0))
        XCTAssertTrue(try cell.setMember(id: level, .int(2)))
        XCTAssertEqual(cell.otherProperties[level], .int(2))
        XCTAssertEqual(try cell.member(id: level), .int(2))
        XCTAssertEqual(try cell.member("indentationLevel"), .int(2))
        // A CGFloat default takes an integer literal as a CGFloat.
        XCTAssertTrue(try cell.setMember(id: HostMemberID("indentationWidth"), .int(4)))
        XCTAssertEqual(try cell.member(id: HostMemberID("indentationWidth")), .double(4))
        XCTAssertFalse(try cell.setMember(id: HostMemberID("notAMemberOfAnyHostClass"), .int(1)))
    }

    /// A constraint's and a cell view's stored properties, by ID.
    func testConstraintAndCellViewStoredByID() throws {
        let constraint = LayoutConstraintObject()
        XCTAssertEqual(try constraint.member(id: HostMemberID("isActive")), .bool(false))
        XCTAssertTrue(try constraint.setMember(id: HostMemberID("constant"), .int(8)))
        XCTAssertEqual(constraint.constant, 8)
        XCTAssertEqual(try constraint.member(id: HostMemberID("constant")), .double(8))
        XCTAssertEqual(try constraint.member(id: HostMemberID("multiplier")), .double(1))

        let image = CellImageViewObject()
        XCTAssertEqual(try image.member(id: HostMemberID("isUserInteractionEnabled")), .bool(false))
        XCTAssertTrue(try image.setMember(id: HostMemberID("tag"), .int(7)))
        XCTAssertEqual(try image.member("tag"), .int(7))
        XCTAssertEqual(image[.tag], .int(7))
    }
}
