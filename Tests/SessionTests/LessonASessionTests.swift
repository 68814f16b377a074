import XCTest
import Foundation

/// Lesson A of the originals at a real terminal: the first original's Settings screen
/// pasted block by block in the article's order (the class, the class again with its
/// viewDidLoad, the data source, `:show`, the delegate, cellForRowAt in an extension of its
/// own), with its Swift 2 spellings. Each `:show` draws the code as it is now, a tap runs the
/// delegate adopted after the first `:show`, and the saved session replays to the same
/// screen in a fresh one. (Before: the cells stayed blank, taps had `no effects`, and the
/// loaded session said "shows no table view".)
final class LessonASessionTests: XCTestCase {
    private let pasteStart = "\u{1B}[200~"
    private let pasteEnd = "\u{1B}[201~"

    static let blocks = [
        "private enum SectionType {\r  case Account\r  case Other\r}",
        "private enum Item {\r  case ManageAccounts\r  case AboutMe\r  case RateApp\r}",
        "private struct Section {\r  var type: SectionType\r  var items: [Item]\r}",
        "class SettingsViewController: UIViewController {\r  private var sections = [Section]()\r}",
        "class SettingsViewController: UIViewController {\r  private var sections = [Section]()\r"
            + "  func rateApp() { print(\"Opening the App Store review page\") }\r"
            + "  override func viewDidLoad() {\r    super.viewDidLoad()\r    sections = [\r"
            + "      Section(type: .Account, items: [.ManageAccounts]),\r"
            + "      Section(type: .Other, items: [.AboutMe, .RateApp])\r    ]\r  }\r}",
        "extension SettingsViewController: UITableViewDataSource {\r"
            + "  func numberOfSectionsInTableView(tableView: UITableView) -> Int {\r    return sections.count\r  }\r"
            + "  func tableView(tableView: UITableView, numberOfRowsInSection section: Int) -> Int {\r"
            + "    return sections[section].items.count\r  }\r}",
    ]

    static let delegate = "extension SettingsViewController: UITableViewDelegate {\r"
        + "  func tableView(tableView: UITableView, didSelectRowAtIndexPath indexPath: NSIndexPath) {\r"
        + "    switch sections[indexPath.section].items[indexPath.row] {\r"
        + "    case .ManageAccounts:\r      performSegueWithIdentifier(\"ManageCoachIDs\", sender: self)\r"
        + "    case .AboutMe:\r      performSegueWithIdentifier(\"About\", sender: self)\r"
        + "    case .RateApp:\r      rateApp()\r    }\r"
        + "    tableView.deselectRowAtIndexPath(indexPath, animated: true)\r  }\r}"

    static let cells = "extension SettingsViewController {\r"
        + "  func tableView(tableView: UITableView, cellForRowAtIndexPath indexPath: NSIndexPath) -> UITableViewCell {\r"
        + "    let cell = tableView.dequeueReusableCellWithIdentifier(\"BasicCell\", forIndexPath: indexPath)\r"
        + "    switch sections[indexPath.section].items[indexPath.row] {\r"
        + "    case .ManageAccounts:\r      cell.textLabel?.text = \"Manage Coach IDs\"\r"
        + "    case .AboutMe:\r      cell.textLabel?.text = \"About the Developer\"\r"
        + "    case .RateApp:\r      cell.textLabel?.text = \"Rate BB Links\"\r    }\r    return cell\r  }\r}"

    private func paste(_ session: PseudoTerminalProcess, _ block: String) throws -> String {
        session.send(pasteStart + block + pasteEnd)
        usleep(200_000)
        session.send("\r")
        return try session.waitForAnyPrompt()
    }

    func testLessonABlockByBlockThenSavedAndLoadedInAFreshSession() throws {
        let sandbox = try Sandbox()
        let saved = sandbox.root.appendingPathComponent("lesson-a.tlab").path
        let session = try sandbox.startSession()
        try session.waitForPrompt()
        for block in Self.blocks {
            let out = try paste(session, block)
            XCTAssertFalse(out.contains("error"), out)
        }
        session.send(":show\r")
        XCTAssertTrue(try session.waitForAnyPrompt().contains("SettingsViewController  2 sections · 3 rows"))
        XCTAssertFalse(try paste(session, Self.delegate).contains("error"))
        XCTAssertFalse(try paste(session, Self.cells).contains("error"))
        session.send(":show\r")
        let shown = try session.waitForAnyPrompt()
        XCTAssertTrue(shown.contains("Manage Coach IDs"), shown)
        XCTAssertTrue(shown.contains("Rate BB Links"), shown)
        session.send(":select 1 1\r")
        XCTAssertTrue(try session.waitForAnyPrompt().hasSuffix("Opening the App Store review page\r\ndeselectRow [1, 1] animated"))
        session.send(":show --json\r")
        let json = try XCTUnwrap(LessonBSessionTests.json(in: try session.waitForAnyPrompt()))
        let fresh = try LessonBSessionTests.saveQuitAndLoadInAFreshSession(session, saved, sandbox)
        fresh.send(":show --json\r")
        XCTAssertEqual(LessonBSessionTests.json(in: try fresh.waitForAnyPrompt()), json)
        fresh.send(":select 0 0\r")
        XCTAssertTrue(try fresh.waitForAnyPrompt().hasSuffix("performSegue \"ManageCoachIDs\"\r\ndeselectRow [0, 0] animated"))
        fresh.send(":check\r")
        XCTAssertEqual(try fresh.waitForAnyPrompt().components(separatedBy: "\r\n").last,
                       "checked 2 switches in the loaded code: no problems found")
        fresh.send("\u{04}")
        XCTAssertEqual(try fresh.waitForExit(), 0)
    }
}
