import XCTest
@testable import TableLabSyntax
@testable import TableLabInterpreter

/// The host's reads of a script value's member through a handle found once
/// (`Interpreter.memberRead(_:)`, issue 8): the same answers as the read by name, the
/// first read and the later ones, across struct types and a redeclared table.
final class HostMemberReadTests: XCTestCase {
    private func model(_ interp: Interpreter, _ table: String = "T") throws -> Value {
        let inst = try XCTUnwrap(interp.core.userType(table)?.instance)
        return .type(.table(inst))
    }

    func testHandleReadsATablesPropertiesAsTheNameDoes() throws {
        var out = ""
        let interp = Interpreter()
        interp.output = { out += $0 }
        try interp.runScript(SourceFile(name: "t.tlab", text: """
            struct S { var items: [Int] }
            table T {
              var sections = [S(items: [1, 2])]
              var count: Int { sections.count * 10 }
              lazy var made: Int = { print("made"); return 7 }()
              func numberOfRows(inSection section: Int) -> Int { 0 }
            }
            """))
        let t = try model(interp)
        let sections = interp.memberRead("sections"), count = interp.memberRead("count"), made = interp.memberRead("made")
        XCTAssertTrue(sections === interp.memberRead("sections"), "one handle per name")
        for _ in 0..<3 {
            XCTAssertEqual(try interp.member(sections, of: t), try interp.member("sections", of: t))
            XCTAssertEqual(try interp.member(count, of: t), .int(10))
            XCTAssertEqual(try interp.member(made, of: t), .int(7))
        }
        XCTAssertEqual(out, "made\n", "a lazy var's initializer runs once")
        XCTAssertNil(try interp.member(interp.memberRead("noSuchMember"), of: t))
        XCTAssertTrue(interp.setTableProperty("T", "sections", .array([])))
        XCTAssertEqual(try interp.member(count, of: t), .int(0))
    }

    func testHandleFollowsEachStructsOwnField() throws {
        let interp = Interpreter()
        try interp.runScript(SourceFile(name: "t.tlab", text: """
            struct A { var items: [Int]; var title: String }
            struct B { var title: String; var items: [Int] }
            struct C { var title: String }
            let a = A(items: [1], title: "a")
            let b = B(title: "b", items: [2])
            let c = C(title: "c")
            """))
        let items = interp.memberRead("items")
        let a = try XCTUnwrap(interp.global("a")), b = try XCTUnwrap(interp.global("b")), c = try XCTUnwrap(interp.global("c"))
        for _ in 0..<2 {
            XCTAssertEqual(try interp.member(items, of: a), .array([.int(1)]))
            XCTAssertEqual(try interp.member(items, of: b), .array([.int(2)]))
            XCTAssertNil(try interp.member(items, of: c))
        }
    }

    func testHandleFindsARedeclaredTablesProperty() throws {
        let interp = Interpreter()
        try interp.runScript(SourceFile(name: "t.tlab", text: """
            table T {
              var a = 1
              var b = "b"
              func numberOfRows(inSection section: Int) -> Int { 0 }
            }
            """))
        let a = interp.memberRead("a")
        XCTAssertEqual(try interp.member(a, of: try model(interp)), .int(1))
        try interp.runScript(SourceFile(name: "u.tlab", text: """
            table T {
              var b = "B"
              var a = 7
              func numberOfRows(inSection section: Int) -> Int { 0 }
            }
            """))
        XCTAssertEqual(try interp.member(a, of: try model(interp)), .int(7))
        XCTAssertEqual(try interp.member("b", of: try model(interp)), .string("B"))
    }
}
