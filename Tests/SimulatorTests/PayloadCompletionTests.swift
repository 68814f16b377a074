import XCTest
import TableLabSyntax
import TableLabInterpreter
@testable import TableLabSimulator

/// Issue 10: case completion works for enums with associated values (payload rows).
final class PayloadCompletionTests: XCTestCase {
    static let model = """
    enum Row { case toggle(title: String, isOn: Bool), button(String), plain }
    var current = Row.button("x")
    table Settings { var rows: [Row] = [.toggle(title: "Wi-Fi", isOn: true), .plain] }
    """

    private func explorer() -> Explorer {
        let explorer = Explorer()
        explorer.output = { _ in }
        if case .failed(let d) = explorer.submit(SourceFile(name: "<repl>", text: Self.model)) {
            XCTFail("model failed: \(d.message)")
        }
        return explorer
    }

    func testSwitchOverAPayloadEnumCompletesItsCases() {
        let e = explorer()
        XCTAssertEqual(e.completions(for: "switch current {\ncase .").candidates, ["button", "plain", "toggle"])
        XCTAssertEqual(e.completions(for: "func f(_ r: Row) { switch r { case .t").candidates, ["toggle"])
    }
}
