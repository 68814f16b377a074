import XCTest
import Foundation
import TableLabSyntax
import TableLabInterpreter
@testable import TableLabSimulator

/// `:check` over the live code after a redeclaration, for the code that is not a plain
/// function or a type's own body: a `table` block's methods and the methods an extension
/// added in another entry. A struct redeclared without `name` leaves `rows[i].name` in
/// them naming nothing; swiftc would refuse that code, so `:check` reports it, at the
/// member, in swiftc's words. (Before, only functions and the types' own methods were
/// checked again: `:check` said "no problems found".) In an extension's method, the
/// members of `self` are not typed by the check yet (its parameters and locals are).
final class LiveCheckSessionTests: XCTestCase {
    typealias Session = SessionInputsTests.Session

    func testATableBlocksMethodABrokenMemberIsReported() {
        let s = Session()
        s.enter("struct Row { var name: String }")
        s.enter("""
        table Settings {
          var rows: [Row] = [Row(name: "a")]
          func cellForRow(at indexPath: IndexPath) -> UITableViewCell {
            let c = UITableViewCell(style: .default, reuseIdentifier: "B")
            c.textLabel?.text = rows[indexPath.row].name
            return c
          }
        }
        """)
        XCTAssertEqual(s.enter(":check"), "checked 0 switches in the loaded code: no problems found\n")
        s.warnings = []
        s.enter("struct Row { var title: String }")
        s.warnings = []
        XCTAssertEqual(s.enter(":check"), "checked 0 switches in the loaded code: 1 error\n")
        XCTAssertEqual(s.warnings, ["value of type 'Row' has no member 'name'"])
        // Fixed by redeclaring the table: clean again.
        s.enter("""
        table Settings {
          var rows: [Row] = [Row(title: "a")]
          func cellForRow(at indexPath: IndexPath) -> UITableViewCell {
            let c = UITableViewCell(style: .default, reuseIdentifier: "B")
            c.textLabel?.text = rows[indexPath.row].title
            return c
          }
        }
        """)
        s.warnings = []
        XCTAssertEqual(s.enter(":check"), "checked 0 switches in the loaded code: no problems found\n")
        XCTAssertEqual(s.warnings, [])
    }

    func testAnExtensionMethodOfAnotherEntryIsCheckedAgainstTheTypesItUses() {
        let s = Session()
        s.enter("struct Row { var name: String }")
        s.enter("class Screen {\n  var rows = [Row(name: \"a\")]\n}")
        s.enter("extension Screen {\n  func label(_ r: Row) -> String { r.name }\n}")
        XCTAssertEqual(s.enter(":check"), "checked 0 switches in the loaded code: no problems found\n")
        s.enter("struct Row { var title: String }")
        s.warnings = []
        XCTAssertEqual(s.enter(":check"), "checked 0 switches in the loaded code: 1 error\n")
        XCTAssertEqual(s.warnings, ["value of type 'Row' has no member 'name'"])
    }

    /// The switch was fixed in a function of other labels: `f(x:)` is still declared (in
    /// Swift too, two functions), so `:check` still fails, and now says why; `:info` lists
    /// both (it listed the last one only, as `func f`).
    func testAFunctionRedeclaredWithOtherLabelsLeavesTheOldOneAndCheckSaysSo() {
        let s = Session()
        s.enter("enum E { case a, b }")
        s.enter("func f(x: E) -> Int {\n  switch x {\n  case .a: return 1\n  case .b: return 2\n  }\n}")
        s.enter("enum E { case a, b, c }")
        s.enter("func f(y: E) -> Int {\n  switch y {\n  case .a: return 1\n  case .b: return 2\n  case .c: return 3\n  }\n}")
        s.warnings = []
        XCTAssertEqual(s.enter(":check"), "checked 2 switches in the loaded code: 1 error\n")
        XCTAssertEqual(s.warnings, ["switch must be exhaustive"])
        var notes: [String] = []
        s.explorer.warningHandler = { notes += $0.notes.map(\.message) }
        s.enter(":check")
        XCTAssertEqual(notes, ["add missing case: '.c'",
                               "'f(x:)' is still declared beside 'f(y:)': a function with other argument labels is another "
                               + "function, so declaring it did not replace 'f(x:)'"])
        XCTAssertEqual(s.enter(":info f"), "func f(x:)  <repl>:1:1\nfunc f(y:)  <repl>:1:1\n")
    }

    /// `tableView.reloadData()` changes what the table lays out though no value changes: it
    /// is an input of its own, which `:undo` takes back (it was skipped: `:undo` took back
    /// the entry before it).
    func testReloadDataIsAnInputThatUndoTakesBack() {
        let s = Session()
        s.enter(SessionInputsTests.model)
        s.enter(":use T")
        s.enter("sections[0].items = [.c]")
        s.enter("tableView.reloadData()")
        // Each `:undo` is silent; what the table lays out tells which input went.
        XCTAssertEqual(s.enter(":undo"), "")
        XCTAssertEqual(s.explorer.inputs.last?.text, "sections[0].items = [.c]")
        XCTAssertEqual(s.enter(":undo"), "")
        XCTAssertEqual(s.explorer.inputs.last?.text, ":use T")
    }
}
