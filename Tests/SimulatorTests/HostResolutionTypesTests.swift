import XCTest
import TableLabSyntax
@testable import TableLabInterpreter
@testable import TableLabSimulator

/// The resolution's types of names the host (UIKit) gives: a view made by UIKit's
/// initializer, a UIKit method's result, a view controller's implicitly unwrapped
/// `tableView` (ResolutionTypes.swift). Each expected type is swiftc's against the UIKit
/// stub (`let _: Never = expr` in /work/shared/uikit-stub/typecheck.sh names it).
final class HostResolutionTypesTests: XCTestCase {
    /// The type each compile of the script's functions gives the argument of each
    /// `probe(...)`, by the line it is written on ("-": no compile knows it). A line whose
    /// compiles disagree shows every answer.
    private func probed(_ script: String, file: StaticString = #filePath, line: UInt = #line) throws -> [Int: String] {
        let source = SourceFile(name: "host.tlab", text: script)
        let unit = try Parser.parse(source)
        struct Probes: SyntaxVisitor {
            var args: [Expr] = []
            mutating func visit(_ node: Expr) -> SyntaxVisitorContinueKind {
                if case .call(let c, let a) = node.kind, case .identifier("probe") = c.kind, a.count == 1 { args.append(a[0].value) }
                return .visitChildren
            }
        }
        var probes = Probes()
        for s in unit.statements { probes.walk(s) }
        let explorer = Explorer()
        explorer.terminalWidth = { 80 }
        explorer.output = { _ in }
        var answers: [Int: Set<String>] = [:]
        explorer.interpreter.core.resolutionObserver = { _, r in
            for e in probes.args {
                if let t = r.type(of: e) { answers[e.location.line, default: []].insert(StaticTyper.spelling(t)) }
            }
        }
        if case .failed(let d) = explorer.submit(source) { XCTFail("script failed: \(d.message)", file: file, line: line) }
        var out: [Int: String] = [:]
        for e in probes.args { out[e.location.line] = answers[e.location.line].map { $0.sorted().joined(separator: " | ") } ?? "-" }
        return out
    }

    /// Each expected type is swiftc's for the same code against the UIKit stub, line for line.
    func testUIKitInitializersMethodsAndImplicitlyUnwrappedProperties() throws {
        let types = try probed("""
            func probe(_ x: Any) {}
            class T: UITableViewController {
                var names = ["a"]
                override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 1 }
                override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
                    let cell = tableView.dequeueReusableCell(withIdentifier: "c", for: indexPath)
                    probe(cell)
                    probe(cell.textLabel)
                    probe(tableView.dequeueReusableCell(withIdentifier: "c"))
                    return cell
                }
                override func viewDidLoad() { tableView.register(UITableViewCell.self, forCellReuseIdentifier: "c")
                    let c = UITableViewCell()
                    probe(c)
                    let l = UILabel()
                    probe(l)
                    probe(tableView)
                    probe(self.tableView)
                    probe(tableView.rowHeight)
                    probe(self.tableView.rowHeight)
                    probe(tableView!)
                    probe(UITableViewCell(style: .default, reuseIdentifier: nil))
                    probe(view.frame)
                    probe(tableView.cellForRow(at: IndexPath(row: 0, section: 0)))
                }
            }
            class G: UIViewController, UICollectionViewDataSource {
                var collectionView: UICollectionView!
                func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 5 }
                func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
                    collectionView.dequeueReusableCell(withReuseIdentifier: "c", for: indexPath)
                }
                override func viewDidLoad() {
                    let layout = UICollectionViewFlowLayout()
                    probe(layout)
                    collectionView = UICollectionView(frame: view.bounds, collectionViewLayout: layout)
                    probe(collectionView)
                    probe(collectionView!)
                    probe(collectionView.frame)
                    let r = UIRefreshControl()
                    probe(r)
                    let s = UISwitch()
                    probe(s)
                }
            }
            :use T
            :show
            """)
        let expected = [
            7: "UITableViewCell", 8: "UILabel?", 9: "UITableViewCell?", 14: "UITableViewCell", 16: "UILabel",
            17: "UITableView?", 18: "UITableView?", 19: "CGFloat", 20: "CGFloat", 21: "UITableView", 22: "UITableViewCell",
            23: "CGRect", 24: "UITableViewCell?", 35: "UICollectionViewFlowLayout", 37: "UICollectionView?",
            38: "UICollectionView", 39: "CGRect", 41: "UIRefreshControl", 43: "UISwitch",
        ]
        XCTAssertEqual(types, expected)
    }

    /// Where a declaration of the script's may be what a call finds, or a trailing closure
    /// leaves a label unwritten, the result is not known (swiftc: `Int`, `Int`, `Void`).
    func testAUIKitMethodTheScriptMayDeclareIsNotTyped() throws {
        let types = try probed("""
            func probe(_ x: Any) {}
            extension UIView { func numberOfRows(named: String) -> String { named } }
            func f(_ t: UITableView, _ c: UICollectionView) {
                probe(t.numberOfRows(inSection: 0))
                probe(c.numberOfItems(inSection: 0))
                probe(c.performBatchUpdates {})
            }
            """)
        XCTAssertEqual(types, [4: "-", 5: "Int", 6: "-"])
    }
}
