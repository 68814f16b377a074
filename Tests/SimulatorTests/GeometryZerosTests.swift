import XCTest
import TableLabSyntax
import TableLabInterpreter
@testable import TableLabSimulator

/// `CGRect.zero` and `UIEdgeInsets.zero` are values of one interpreter's prelude types, so
/// each interpreter's objects must get its own: two interpreters alive in one process (the
/// tests make many) each compare their views' and cells' `.zero` equal to their own.
final class GeometryZerosTests: XCTestCase {
    /// A view's and a label's frame as UIKit makes them, and `.zero` kept by a cell's inset
    /// (type-checked against the UIKit stub; each line prints true on iOS), in a block so
    /// that an interpreter can run it again.
    static let script = """
        import UIKit
        do {
            let label = UILabel()
            print(label.frame == CGRect.zero)
            let cell = UITableViewCell(style: .subtitle, reuseIdentifier: nil)
            print(cell.textLabel!.frame == CGRect.zero)
            cell.separatorInset = .zero
            print(cell.separatorInset == UIEdgeInsets.zero)
            let header = UITableViewHeaderFooterView(reuseIdentifier: nil)
            print(header.contentView.frame == CGRect.zero)
            print(UIScrollView().contentInset == UIEdgeInsets.zero)
            print(UIView().frame == CGRect.zero)
        }
        """

    private func run(_ explorer: Explorer, _ output: () -> String) throws -> String {
        let before = output().count
        try explorer.runScript(SourceFile(name: "zeros.tlab", text: Self.script))
        return String(output().dropFirst(before))
    }

    func testEachInterpreterHasItsOwnZeros() throws {
        var printed = ["", ""]
        let first = Explorer(options: .init())
        first.output = { printed[0] += $0 }
        // Made after the first: with process-wide zeros it would replace the first's.
        let second = Explorer(options: .init())
        second.output = { printed[1] += $0 }
        let expected = String(repeating: "true\n", count: 6)
        XCTAssertEqual(try run(first) { printed[0] }, expected)
        XCTAssertEqual(try run(second) { printed[1] }, expected)
        XCTAssertEqual(try run(first) { printed[0] }, expected)
        XCTAssertFalse(first.errorsReported || second.errorsReported)
        // The two interpreters' values are of different types, so never equal.
        XCTAssertNotEqual(first.simulator.zeros.rect, second.simulator.zeros.rect)
        XCTAssertNotEqual(first.simulator.zeros.insets, second.simulator.zeros.insets)
    }
}
