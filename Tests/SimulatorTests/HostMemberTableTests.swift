import XCTest
import TableLabInterpreter
@testable import TableLabSimulator

/// The host classes' member tables (issue 8): each class lists its members' names in the
/// order of its enum's cases, by hand; a name out of place would answer another member.
final class HostMemberTableTests: XCTestCase {
    func testTablesFindEachNamesCase() {
        checkMemberTable(LabelObject.Member.self, LabelObject.Member.names, LabelObject.Member.table)
        checkMemberTable(CellObject.Member.self, CellObject.Member.names, CellObject.Member.table)
        checkMemberTable(CellObject.Method.self, CellObject.Method.names, CellObject.Method.table)
        checkMemberTable(ViewObject.Method.self, ViewObject.Method.names, ViewObject.Method.table)
        checkMemberTable(TableViewObject.Member.self, TableViewObject.Member.names, TableViewObject.Member.table)
        checkMemberTable(TableSimulator.TableMethod.self, TableSimulator.TableMethod.names, TableSimulator.TableMethod.table)
    }

    /// A property's case is spelt as its name, so the names list and the cases agree in
    /// order (the method enums' cases are shortened and are checked by the scripts).
    func testPropertyCasesAreTheirNames() {
        XCTAssertEqual(LabelObject.Member.allCases.map { "\($0)" }, LabelObject.Member.names)
        XCTAssertEqual(CellObject.Member.allCases.map { "\($0)" }, CellObject.Member.names)
        XCTAssertEqual(TableViewObject.Member.allCases.map { "\($0)" }, TableViewObject.Member.names)
    }

    /// The same name is the same ID; the by-name entry answers as the ID's does.
    func testInterningAndByNameEntry() throws {
        XCTAssertEqual(HostMemberID("text"), HostMemberID("text"))
        XCTAssertNotEqual(HostMemberID("text"), HostMemberID("textColor"))
        let label = LabelObject(describeType: { _ in "" }, zeros: .undeclared)
        XCTAssertTrue(try label.setMember("text", .string("a")))
        XCTAssertEqual(try label.member(id: HostMemberID("text")), .wrapped(.string("a")))
        XCTAssertEqual(try label.member("isHidden"), .bool(false))
    }
}

extension XCTestCase {
    /// A host class's member table (issue 8) lists its names by hand in the order of its
    /// enum's cases: one name per case, each finding its own case.
    func checkMemberTable<M: RawRepresentable & CaseIterable>(_ type: M.Type, _ names: [String], _ table: HostMemberTable,
                                                              file: StaticString = #filePath, line: UInt = #line) where M.RawValue == Int {
        XCTAssertEqual(names.count, M.allCases.count, "one name per case", file: file, line: line)
        for (i, name) in names.enumerated() { XCTAssertNotNil(M(rawValue: i), name, file: file, line: line) }
        checkMemberTable(names, table, file: file, line: line)
    }

    /// Every name finds its place, no name is listed twice, and a name the class does not
    /// answer finds none.
    func checkMemberTable(_ names: [String], _ table: HostMemberTable, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(Set(names).count, names.count, "no name twice", file: file, line: line)
        for (i, name) in names.enumerated() {
            XCTAssertEqual(table[HostMemberID(name)], i, name, file: file, line: line)
        }
        XCTAssertEqual(table[HostMemberID("notAMemberOfAnyHostClass")], -1, file: file, line: line)
    }
}
