import XCTest
@testable import TableLabSyntax
@testable import TableLabInterpreter

/// A computed override of a stored property is chosen once, when the overriding class is
/// declared (OverriddenProperties.swift): the name leaves that class's `fieldIndex`, its
/// `fieldOverrides` maps the superclass's slot to the override (inherited, replaced by a
/// deeper override), and a class that overrides nothing keeps an empty table, so the slot
/// reads compiled for it take no other path.
final class OverriddenPropertyTests: XCTestCase {
    private let source = """
        class A { var n = 0; var x = 1 }
        class B: A { override var x: Int { get { super.x * 2 } set { super.x = newValue } } }
        class C: B {}
        class D: C { override var x: Int { get { super.x + 1 } set { super.x = newValue } } }
        class E: A { override var n: Int { didSet { } } }
        """

    func testTheOverrideAnswersForTheSlotFromItsDeclarationOn() throws {
        let interp = Interpreter()
        interp.output = { _ in }
        try interp.runScript(SourceFile(name: "t.tlab", text: source))
        let core = interp.core
        let a = try XCTUnwrap(core.userType("A")), b = try XCTUnwrap(core.userType("B"))
        let c = try XCTUnwrap(core.userType("C")), d = try XCTUnwrap(core.userType("D"))
        let e = try XCTUnwrap(core.userType("E"))
        let slot = try XCTUnwrap(a.fieldIndex["x"])
        XCTAssertTrue(a.fieldOverrides.isEmpty)
        XCTAssertTrue(e.fieldOverrides.isEmpty, "observers on a stored property keep it stored")
        XCTAssertEqual(e.fieldIndex["n"], a.fieldIndex["n"])
        for (t, owner) in [(b, b), (c, b), (d, d)] {
            XCTAssertNil(t.fieldIndex["x"], t.name)
            XCTAssertEqual(t.fieldNames[slot], "x", "\(t.name) keeps the storage's slot")
            XCTAssertEqual(Array(t.fieldOverrides.keys), [slot], t.name)
            XCTAssertTrue(t.fieldOverrides[slot]?.owner === owner, t.name)
            XCTAssertTrue(t.fieldOverrides[slot] === t.computed["x"], t.name)
            XCTAssertEqual(t.storageIndex(of: "x"), slot, t.name)
        }
        XCTAssertNil(b.storageIndex(of: "y"))
    }

    func testDirectStorageIsTheDeclaringClassesOwn() throws {
        let interp = Interpreter()
        interp.output = { _ in }
        try interp.runScript(SourceFile(name: "t.tlab", text: source))
        let core = interp.core
        let a = try XCTUnwrap(core.userType("A")), b = try XCTUnwrap(core.userType("B"))
        let slot = try XCTUnwrap(a.fieldIndex["x"])
        XCTAssertTrue(DirectStorage(ofBody: "init", in: a).reaches(slot))
        XCTAssertTrue(DirectStorage(ofBody: "deinit", in: a).reaches(slot))
        XCTAssertFalse(DirectStorage(ofBody: "show", in: a).reaches(slot))
        XCTAssertFalse(DirectStorage(ofBody: "init", in: b).reaches(slot), "a subclass's init reaches the override")
        XCTAssertNotNil(DirectStorage(observersOf: "x", in: a))
        XCTAssertNil(DirectStorage(observersOf: "n", in: try XCTUnwrap(core.userType("E"))),
                     "an override's observers reach the property as any other code does")
    }
}
