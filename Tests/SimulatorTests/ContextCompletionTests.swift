import XCTest
import TableLabSyntax
import TableLabInterpreter
@testable import TableLabSimulator

/// Which enum's cases a bare `.` completes to, from the entry typed so far.
final class ContextCompletionTests: XCTestCase {
    static let model = """
    enum Kind { case account, other }
    enum Item { case about, active, donate }
    enum Size { case small, large }
    struct Section { var kind: Kind; var items: [Item] }
    var current = Item.donate
    let count = 3
    table Settings {
      var sections = [Section(kind: .account, items: [.about, .active]), Section(kind: .other, items: [.donate])]
    }
    """

    private func explorer() -> Explorer {
        let explorer = Explorer()
        explorer.output = { _ in }
        if case .failed(let d) = explorer.submit(SourceFile(name: "<repl>", text: Self.model)) {
            XCTFail("model failed: \(d.message)")
        }
        return explorer
    }

    private func cases(_ explorer: Explorer, _ line: String) -> [String] {
        explorer.completions(for: line).candidates
    }

    private let every = ["about", "account", "active", "donate", "large", "other", "small"]
    private let items = ["about", "active", "donate"]

    func testUnknownContextOffersEveryEnumsCases() {
        let e = explorer()
        XCTAssertEqual(cases(e, "print(."), every)
        XCTAssertEqual(cases(e, "let x = .a"), ["about", "account", "active"])
    }

    func testSwitchOverATypedParameter() {
        let e = explorer()
        XCTAssertEqual(cases(e, "func f(_ item: Item) {\n  switch item {\n  case ."), items)
        XCTAssertEqual(cases(e, "func f(for item: Item?) -> Int { switch item { case .a"), ["about", "active"])
        // Cases already written in the same `case` do not change the subject.
        XCTAssertEqual(cases(e, "func f(_ item: Item) { switch item { case .about, .a"), ["about", "active"])
        // Later clauses too.
        XCTAssertEqual(cases(e, "func f(_ s: Size) { switch s {\ncase .small: print(1)\ncase ."), ["large", "small"])
    }

    func testSwitchOverAnAnnotatedLocal() {
        let e = explorer()
        XCTAssertEqual(cases(e, "func f() {\n let k: Kind = .other\n switch k {\n case ."), ["account", "other"])
    }

    func testSwitchOverAGlobalValue() {
        let e = explorer()
        XCTAssertEqual(cases(e, "switch current {\ncase ."), items)
    }

    func testSwitchOverAPathWithComputedSubscriptsInsideTheCurrentTable() {
        let e = explorer()
        // Outside the table its members are not in scope: every case.
        XCTAssertEqual(cases(e, "func f(_ p: IndexPath) { switch sections[p.section].kind { case ."), every)
        _ = e.submit(SourceFile(name: "<repl>", text: ":use Settings"))
        XCTAssertEqual(cases(e, "func f(_ p: IndexPath) { switch sections[p.section].kind { case ."),
                       ["account", "other"])
        XCTAssertEqual(cases(e, "func f(_ p: IndexPath) {\nswitch self.sections[p.section].items[p.row] {\ncase ."),
                       items)
        XCTAssertEqual(cases(e, "switch Settings.sections[1].items[0] { case .d"), ["donate"])
    }

    func testInnerSwitchWins() {
        let e = explorer()
        let text = "func f(_ item: Item, _ size: Size) {\n switch item {\n case .about:\n  switch size {\n  case ."
        XCTAssertEqual(cases(e, text), ["large", "small"])
        let after = text + "small: break\n  default: break\n  }\n case ."
        XCTAssertEqual(cases(e, after), items)
    }

    func testBracesAndNamesInStringsAndCommentsAreIgnored() {
        let e = explorer()
        let text = "func f(_ item: Item) {\n switch item { // size: Size {\n case .about: print(\"{ item: Size\")\n case ."
        XCTAssertEqual(cases(e, text), items)
    }

    func testAnnotationsAssignmentsComparisonsAndReturns() {
        let e = explorer()
        XCTAssertEqual(cases(e, "let x: Size = ."), ["large", "small"])
        XCTAssertEqual(cases(e, "var x: Kind? = .o"), ["other"])
        XCTAssertEqual(cases(e, "current = ."), items)
        XCTAssertEqual(cases(e, "if current == .d"), ["donate"])
        XCTAssertEqual(cases(e, "print(current != ."), items)
        XCTAssertEqual(cases(e, "func f(_ s: Size) -> Bool { return s == .l"), ["large"])
        XCTAssertEqual(cases(e, "func f() -> Kind {\n  if count > 1 {\n    return ."), ["account", "other"])
        XCTAssertEqual(cases(e, "func f() -> Kind { let g = { () -> Int in return ."), every)
        XCTAssertEqual(cases(e, "func f() -> Int { let g = { (n: Int) -> Size in return ."), ["large", "small"])
    }

    func testNonEnumContextFallsBackToEveryCase() {
        let e = explorer()
        XCTAssertEqual(cases(e, "switch count { case ."), every)
        XCTAssertEqual(cases(e, "let s: Section = ."), every)
    }
}
