import XCTest
import TableLabSyntax
import TableLabInterpreter
@testable import TableLabSimulator

/// Completion of names and members as issue 13 asks: Swift 5 names first, the typed word
/// kept as a candidate, members of the simulator's objects, `self`, cells, `?.`.
final class MemberCompletionTests: XCTestCase {
    static let model = """
    enum Item { case about, donate }
    table Settings {
      var items: [Item] = [.about, .donate]
      var title = "Settings"
      func cellForRow(at indexPath: IndexPath) -> Cell {
        let cell = dequeueReusableCell(withIdentifier: "BasicCell", for: indexPath)
        return cell
      }
    }
    let c = UITableViewCell(style: .subtitle, reuseIdentifier: "Sub")
    """

    private func explorer() -> Explorer {
        let explorer = Explorer()
        explorer.output = { _ in }
        if case .failed(let d) = explorer.submit(SourceFile(name: "<repl>", text: Self.model)) {
            XCTFail("model failed: \(d.message)")
        }
        return explorer
    }

    func testSwift2SpellingsComeAfterTheNamesThatReplacedThem() {
        XCTAssertEqual(Explorer.ranked(["deselectRowAtIndexPath", "deselectRow", "dequeueReusableCellWithIdentifier",
                                        "dequeueReusableCell"]),
                       ["dequeueReusableCell", "deselectRow", "dequeueReusableCellWithIdentifier", "deselectRowAtIndexPath"])
        // Without the shorter name beside it, a name is just a name.
        XCTAssertEqual(Explorer.ranked(["rowWithSpace", "cellForRowAt"]), ["cellForRowAt", "rowWithSpace"])
    }

    func testDequeueListsTheSwift5FormFirstAndKeepsTheShorterName() {
        let completion = explorer().completions(for: "dequeue")
        XCTAssertEqual(completion.candidates, ["dequeueReusableCell", "dequeueReusableCellWithIdentifier"])
        XCTAssertEqual(completion.listing.first, "dequeueReusableCell(withIdentifier:for:)")
        XCTAssertEqual(completion.listing.last, "dequeueReusableCellWithIdentifier(_:forIndexPath:)")
        // Typed in full, the name is still a choice: a second Tab lists, never extends.
        XCTAssertEqual(explorer().completions(for: "dequeueReusableCell").candidates,
                       ["dequeueReusableCell", "dequeueReusableCellWithIdentifier"])
    }

    func testTableViewMembers() {
        let completion = explorer().completions(for: "tableView.reload")
        XCTAssertEqual(completion.candidates, ["reloadData", "reloadRows", "reloadSections", "reloadRowsAtIndexPaths"])
        XCTAssertTrue(completion.listing.contains("reloadRows(at:with:)"), "\(completion.listing)")
        XCTAssertEqual(explorer().completions(for: "tableView.rowH").candidates, ["rowHeight"])
    }

    func testSelfInTheTableTheSessionStandsIn() {
        let e = explorer()
        XCTAssertEqual(e.completions(for: "self.it").candidates, [], "no table in use yet")
        _ = e.submit(SourceFile(name: "<repl>", text: ":use Settings"))
        XCTAssertEqual(e.completions(for: "self.it").candidates, ["items"])
    }

    func testSelfInsideATableBeingDeclared() {
        XCTAssertEqual(explorer().completions(for: "table Settings {\n  func f() {\n    self.ti").candidates, ["title"])
    }

    func testCellValueAndOptionalChaining() {
        let e = explorer()
        XCTAssertEqual(e.completions(for: "c.detailT").candidates, ["detailTextLabel"])
        XCTAssertEqual(e.completions(for: "c.textLabel?.te").candidates, ["text", "textAlignment", "textColor"])
        XCTAssertEqual(e.completions(for: "c.textLabel!.al").candidates, ["alpha"])
        // After `?.` only members: no enum case is offered.
        XCTAssertEqual(e.completions(for: "c.textLabel?.").candidates, ["alpha", "isHidden", "text", "textAlignment", "textColor"])
        XCTAssertEqual(e.completions(for: "nothing?.").candidates, [])
    }

    func testCellDeclaredInTheEntry() {
        let entry = "func f(_ p: IndexPath) {\n  let cell = tableView.dequeueReusableCell(withIdentifier: \"x\", for: p)\n  cell."
        XCTAssertEqual(explorer().completions(for: entry + "accessoryT").candidates, ["accessoryType"])
        XCTAssertEqual(explorer().completions(for: entry + "textLabel?.tex").candidates, ["text", "textAlignment", "textColor"])
        XCTAssertEqual(explorer().completions(for: "let cell: UITableViewCell\ncell.sel").candidates,
                       ["selectedBackgroundView", "selectionStyle"])
    }

    func testImplicitMemberStillListsCases() {
        XCTAssertEqual(explorer().completions(for: "let i: Item = .").candidates, ["about", "donate"])
    }

    func testCommandArgumentIsNotCompletedTwice() {
        let e = explorer()
        XCTAssertEqual(e.completions(for: ":use S").candidates, ["Settings"])
        XCTAssertEqual(e.completions(for: ":use Settings ").candidates, [])
        XCTAssertEqual(e.completions(for: ":help select ").candidates, [])
        XCTAssertEqual(e.completions(for: ":device iPhone 15 P").candidates, ["iPhone 15 Pro Max"])
        // `:show` takes a table and flags: each once.
        XCTAssertEqual(e.completions(for: ":show Settings --").candidates, ["--json", "--width"])
        XCTAssertEqual(e.completions(for: ":show --json ").candidates, ["--width", "Settings"])
        XCTAssertEqual(e.completions(for: ":show Settings --json ").candidates, ["--width"])
    }
}
