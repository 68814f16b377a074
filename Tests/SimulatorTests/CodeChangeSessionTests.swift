import XCTest
import Foundation
import TableLabSyntax
import TableLabInterpreter
@testable import TableLabSimulator

/// A screen built up entry by entry, as a teacher pastes the first original's article at
/// the prompt: what the table shows, what a tap runs and what `:check` reports follow the
/// code as it is now, never the code an earlier entry replaced; and the saved session
/// replays to the same screen.
final class CodeChangeSessionTests: XCTestCase {
    typealias Session = SessionInputsTests.Session

    static let viewController = """
    class SettingsViewController: UIViewController {
      var names = ["a", "b"]
    }
    """

    static let dataSource = """
    extension SettingsViewController: UITableViewDataSource {
      func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { names.count }
      func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "BasicCell", for: indexPath)
        cell.textLabel?.text = label(names[indexPath.row])
        return cell
      }
    }
    """

    /// The article's delegate, in Swift 3's spelling as the data source above is (a Swift 2
    /// name in a class written for Swift 3 is a method UIKit never calls).
    static let delegate = """
    extension SettingsViewController: UITableViewDelegate {
      func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        print("tapped \\(names[indexPath.row])")
      }
    }
    """

    /// The text column of `:show`'s rows.
    static func rows(_ shown: String) -> [String] {
        shown.split(separator: "\n").compactMap { line in
            guard line.contains("BasicCell") else { return nil }
            return line.split(separator: " ").first.map(String.init)
        }
    }

    /// The delegate came in an extension after the first `:show`: the table view the pasted
    /// data source is taken to have (its storyboard's) connects it, as the storyboard
    /// connects the view controller. It was never called: `:select` said `no effects`.
    func testADelegateAdoptedAfterTheFirstShowIsConnected() {
        let s = Session()
        s.enter(Self.viewController)
        // Declared before the extension that calls it, as the Swift REPL needs.
        s.enter("func label(_ name: String) -> String { name }")
        s.enter(Self.dataSource)
        XCTAssertEqual(Self.rows(s.enter(":show")), ["a", "b"])
        s.enter(Self.delegate)
        XCTAssertEqual(s.enter(":select 0 1"), "tapped b\n")
    }

    /// A function the cells come from, redeclared: the next `:show` asks the data source
    /// again (the old cells stayed on screen, drawn by the replaced code). Without a code
    /// change the table keeps its cells, as UIKit does until `reloadData()`.
    func testACodeChangeLaysTheTableOutAgain() {
        let s = Session()
        s.enter(Self.viewController)
        // Declared before the extension that calls it, as the Swift REPL needs.
        s.enter("func label(_ name: String) -> String { name }")
        s.enter(Self.dataSource)
        XCTAssertEqual(Self.rows(s.enter(":show")), ["a", "b"])
        s.enter("func label(_ name: String) -> String { name.uppercased() }")
        XCTAssertEqual(Self.rows(s.enter(":show")), ["A", "B"])
        s.enter(":use SettingsViewController")
        s.enter("names.append(\"c\")")
        XCTAssertEqual(Self.rows(s.enter(":show")), ["A", "B"])
        s.enter("tableView.reloadData()")
        XCTAssertEqual(Self.rows(s.enter(":show")), ["A", "B", "C"])
        // The class redeclared with the values it holds: its new cellForRowAt draws them.
        s.enter(Self.viewController)
        s.enter(Self.dataSource.replacingOccurrences(of: "label(names[indexPath.row])", with: "names[indexPath.row] + \"!\""))
        XCTAssertEqual(Self.rows(s.enter(":show")), ["a!", "b!", "c!"])
    }

    /// The article's order at the prompt: the class, then the class again with its
    /// viewDidLoad, then its data source and delegate in extensions. The saved session
    /// replays to the same screen: the extensions follow the redeclared class (they were
    /// hoisted to the file's start, onto the first declaration, and the redeclaration
    /// dropped them: "shows no table view").
    func testASessionThatRedeclaredTheClassBeforeExtendingItIsSavedAndLoaded() throws {
        let s = Session()
        s.enter(Self.viewController)
        s.enter("""
        class SettingsViewController: UIViewController {
          var names: [String] = []
          override func viewDidLoad() {
            super.viewDidLoad()
            names = ["x", "y"]
          }
        }
        """)
        s.enter("func label(_ name: String) -> String { name }")
        s.enter(Self.dataSource)
        s.enter(Self.delegate)
        let shown = s.enter(":show --json")
        XCTAssertTrue(shown.contains("\"text\": \"y\""), shown)
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("tablelab-redeclared-\(getpid())-\(UUID().uuidString).tlab").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        s.enter(":save \(path)")
        let fresh = Session()
        XCTAssertEqual(fresh.enter(":load \(path)"), "")
        XCTAssertEqual(fresh.enter(":show --json"), shown)
        XCTAssertEqual(fresh.enter(":select 0 0"), "tapped x\n")
    }

    /// Lesson B with the switches in extension methods: an extension that declares a
    /// method again replaces it, and the old method's switch leaves the registry, so
    /// `:check` is clean and `:info` lists the live switch only (both were listed, and
    /// `:check` kept reporting the replaced one).
    func testAMethodAnExtensionDeclaresAgainTakesItsSwitchesAway() {
        let s = Session()
        func settings(_ cases: [String]) -> String {
            """
            extension Settings {
              func title(_ item: Item) -> String {
                switch item {
            \(cases.map { "    case .\($0): return \"\($0)\"" }.joined(separator: "\n"))
                }
              }
            }
            """
        }
        s.enter("enum Item { case wifi, bluetooth }")
        s.enter("class Settings {}")
        s.enter(settings(["wifi", "bluetooth"]))
        s.enter("enum Item { case wifi, bluetooth, cellular }")
        XCTAssertTrue(s.enter(":check").hasSuffix("checked 1 switch in the loaded code: 1 error\n"))
        s.enter(settings(["wifi", "bluetooth", "cellular"]))
        XCTAssertEqual(s.enter(":check"), "checked 1 switch in the loaded code: no problems found\n")
        let info = s.enter(":info Item")
        XCTAssertEqual(info.components(separatedBy: "in Settings.title(_:)").count, 2, info)
        XCTAssertEqual(s.enter("print(Settings().title(.cellular))"), "cellular\n")
    }
}

extension CodeChangeSessionTests {
    /// `:reload` of a file edited so that a switch no longer covers its enum (swiftc's
    /// error before anything runs): the session keeps the code it had, and `:info`
    /// describes it at its own lines (it placed the old enum at the edited file's line 3).
    func testAReloadThatFailsToCompileLeavesInfoOnTheCodeThatRuns() throws {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("tablelab-reload-\(getpid())-\(UUID().uuidString).tlab").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try "enum E { case a, b }\nfunc f(_ e: E) -> Int {\n  switch e {\n  case .a: return 1\n  default: return 2\n  }\n}\n"
            .write(toFile: path, atomically: true, encoding: .utf8)
        let s = Session()
        XCTAssertEqual(s.enter(":load \(path)"), "")
        try "// one\n// two\nenum E { case a, b, c }\nfunc f(_ e: E) -> Int {\n  switch e {\n  case .a: return 1\n  case .b: return 2\n  }\n}\n"
            .write(toFile: path, atomically: true, encoding: .utf8)
        XCTAssertEqual(s.enter(":reload"), "error: switch must be exhaustive\n")
        XCTAssertEqual(s.enter(":info E"), "enum E  \(path):1:1\n  cases: a, b\n  switches over E:\n    \(path):3:3  in f(_:)\n")
    }
}
