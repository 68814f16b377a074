import XCTest
import TableLabInterpreter
@testable import TableLabSimulator

/// What a constant shared by every interpreter may hold (TableLabSimulator/Unsafe.swift):
/// the check that makes its `@unchecked Sendable` true.
final class SharedConstantTests: XCTestCase {
    func testScalarsNilEnumCasesAndColoursAreImmutable() {
        let values: [Value] = [
            .int(0), .double(1), .bool(true), .string("natural"), .nilValue, .wrapped(.int(3)), .array([]),
            UIKitValue.enumValue("UIView.ContentMode", "scaleToFill"), .object(ColorObject.make(.named("red"), alpha: 1)),
        ]
        for value in values { XCTAssertTrue(value.isImmutableConstant, "\(value)") }
    }

    func testObjectsThatChangeAreNot() {
        let values: [Value] = [
            .object(ViewObject("UIView", frame: .nilValue)), .array([.object(LayerObject())]),
            .wrapped(.object(LayerObject())), .array([.int(1), .object(LayerObject())]),
        ]
        for value in values { XCTAssertFalse(value.isImmutableConstant, "\(value)") }
    }

    /// Every default of every stored-members list is shared, so each was checked when made.
    func testTheDefaultsTablesAreMade() {
        XCTAssertEqual(CellViewBase.Member.viewDefaults.values.count, CellViewBase.Member.allCases.count)
        XCTAssertFalse(TableState.storedMembers.names.isEmpty)
        XCTAssertFalse(CellObject.storedMembers.names.isEmpty)
    }
}
