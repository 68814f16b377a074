// The checker wired into the interpreter (SPEC §3.3): every switch checked when it runs,
// verdicts cached per site and enum version, redefinitions reported in a session.
import XCTest
@testable import TableLabSyntax
@testable import TableLabExhaustiveness
@testable import TableLabInterpreter

final class RuntimeCheckTests: XCTestCase {
    /// An interpreter whose output and warnings are collected.
    final class Session {
        let interpreter = Interpreter()
        var output = ""
        var warnings: [Diagnostic] = []
        var entries = 0

        init() {
            interpreter.output = { [unowned self] in self.output += $0 }
            interpreter.warningHandler = { [unowned self] in self.warnings.append($0) }
        }

        /// Runs one interactive entry; the error it failed with, if any.
        @discardableResult
        func enter(_ text: String) -> Diagnostic? {
            entries += 1
            if case .failed(let d) = interpreter.runEntry(SourceFile(name: "<entry \(entries)>", text: text)) { return d }
            return nil
        }
    }

    func testNonExhaustiveSwitchFailsEvenWhenTheValueMatches() {
        let s = Session()
        // Two enums have `.aboutMe` and the subject is a call's result: its type is known
        // only when it runs (a switch whose type is known statically is refused before).
        s.enter("enum Item { case aboutMe, donate }\nenum Other { case aboutMe, other }\nfunc make() -> Item { .aboutMe }")
        s.enter("func title() -> String { let v = make(); switch v { case .aboutMe: return \"About\" } }")
        let error = s.enter("print(title())")
        XCTAssertEqual(error?.message, "switch must be exhaustive")
        XCTAssertEqual(error?.notes.map(\.message), ["add missing case: '.donate'"])
        XCTAssertEqual(error?.location, SourceLocation(line: 1, column: 42))
        XCTAssertEqual(error?.file?.name, "<entry 2>", "the switch's own file, not the calling entry's")
        XCTAssertEqual(s.output, "")
    }

    func testRedeclaredEnumIsReportedAndRechecked() {
        let s = Session()
        s.enter("enum Item { case a, b }")
        s.enter("func name(_ item: Item) -> String { switch item { case .a: return \"A\"; case .b: return \"B\" } }")
        XCTAssertNil(s.enter("print(name(.a))"))
        XCTAssertNil(s.enter("print(name(.b))"))
        XCTAssertEqual(s.output, "A\nB\n")
        XCTAssertEqual(s.warnings.count, 0)

        // Same cases again: nothing to report, the cached verdicts still hold.
        s.enter("enum Item { case a, b }")
        XCTAssertEqual(s.warnings.count, 0)
        XCTAssertNil(s.enter("print(name(.a))"))

        s.enter("enum Item { case a, b, c }")
        XCTAssertEqual(s.warnings.map(\.message), ["enum 'Item' was redeclared with other cases: 1 switch no longer covers it"])
        XCTAssertEqual(s.warnings.first?.notes.map(\.message), ["switch in 'name(_:)' is missing '.c'"])
        XCTAssertEqual(s.warnings.first?.notes.first?.file?.name, "<entry 2>")
        XCTAssertEqual(s.enter("print(name(.a))")?.notes.map(\.message), ["add missing case: '.c'"])

        // Fixing the function makes it run again; its old switch is no longer listed.
        s.enter("func name(_ item: Item) -> String { switch item { case .a: return \"A\"; default: return \"?\" } }")
        XCTAssertNil(s.enter("print(name(.c))"))
        s.enter("enum Item { case a }")
        XCTAssertEqual(s.warnings.count, 1, "a default still covers every case")
    }

    func testRemovedCaseIsListed() {
        let s = Session()
        s.enter("enum Item { case a, b, c }")
        s.enter("func f(_ item: Item) -> Int { switch item { case .a: return 1; case .b, .c: return 2 } }")
        s.enter("enum Item { case a, b }")
        XCTAssertEqual(s.warnings.first?.notes.map(\.message), ["switch in 'f(_:)' names '.c', no longer a case"])
    }

    func testWarningsAreReportedOncePerSite() {
        let s = Session()
        s.enter("""
        enum Item { case a, b }
        func f(_ item: Item) -> Int {
          switch item {
          case .a: return 1
          case .b: return 2
          default: return 3
          }
        }
        var total = 0
        for i in 0..<100 { total += f(i % 2 == 0 ? .a : .b) }
        print(total)
        """)
        XCTAssertNil(s.enter("print(f(.a))"))
        XCTAssertEqual(s.output, "150\n1\n")
        XCTAssertEqual(s.warnings.map(\.message), ["default will never be executed"])
    }

    func testSubjectTypeComesFromTheValue() throws {
        let s = Session()
        s.enter("enum Item { case a, b }")
        let switchStmt = try firstSwitch("switch x { case nil: break; case .a?: break }")
        let core = s.interpreter.core
        XCTAssertEqual(core.switchChecks.subjectType(of: .nilValue, switchStmt),
                       .optional(.enumeration(name: "Item", cases: ["a", "b"])))
        let pair = Value.tuple(TupleValue(labels: nil, elements: [.int(1), .wrapped(.bool(true))]))
        XCTAssertEqual(core.switchChecks.subjectType(of: pair, switchStmt), .tuple([.open(name: "Int"), .optional(.bool)]))
    }

    func testCachedShapeAdmitsOnlyWhatWasChecked() {
        let shape = ValueShape(.tuple(TupleValue(labels: nil, elements: [.enumCase(typeID: 3, caseIndex: 0), .nilValue])))
        XCTAssertTrue(shape.admits(.tuple(TupleValue(labels: nil, elements: [.enumCase(typeID: 3, caseIndex: 1), .nilValue]))))
        XCTAssertFalse(shape.admits(.tuple(TupleValue(labels: nil, elements: [.enumCase(typeID: 4, caseIndex: 1), .nilValue]))))
        XCTAssertFalse(shape.admits(.tuple(TupleValue(labels: nil, elements: [.enumCase(typeID: 3, caseIndex: 1),
                                                                                .wrapped(.int(1))]))))
        XCTAssertTrue(ValueShape(.wrapped(.bool(true))).admits(.nilValue))
        XCTAssertTrue(ValueShape(.string("a")).admits(.int(2)))
        XCTAssertFalse(ValueShape(.string("a")).admits(.bool(true)))
    }
}
