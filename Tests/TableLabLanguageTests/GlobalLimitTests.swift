import XCTest
@testable import TableLabSyntax
@testable import TableLabExhaustiveness
@testable import TableLabInterpreter
@testable import TableLabFiles

/// Global names live in a fixed table of slots; running out is a diagnostic on the
/// statement that needed one more (it used to be a precondition trap).
final class GlobalLimitTests: XCTestCase {
    private let limit = InterpreterCore.globalSlots - 1  // one is the spare

    func testAScriptWithTooManyTopLevelLetsGetsADiagnostic() {
        var text = ""
        for i in 0..<(limit + 10) { text += "let v\(i) = \(i)\n" }
        let out = runTL(text + "print(v0)\n")
        XCTAssertTrue(out.hasPrefix("error: \(limit + 2 - countBuiltinGlobals()):1: too many global names: TableLab holds at most \(limit)"), String(out.prefix(300)))
    }

    func testASessionThatFillsTheTableKeepsWorking() {
        let interp = Interpreter()
        var out = ""
        interp.output = { out += $0 }
        _ = interp.runEntry(SourceFile(name: "<repl>", text: "var total = 1"))
        var failure: Diagnostic?
        var i = 0
        while failure == nil, i < limit + 10 {
            if case .failed(let d) = interp.runEntry(SourceFile(name: "<repl>", text: "let w\(i) = \(i)")) { failure = d }
            i += 1
        }
        XCTAssertEqual(failure?.message.hasPrefix("too many global names"), true, failure?.message ?? "no failure")
        // Names that have a slot go on working; a new one is refused again, cleanly.
        _ = interp.runEntry(SourceFile(name: "<repl>", text: "total += w0 + 41\nprint(total)"))
        XCTAssertEqual(out, "42\n")
        if case .failed(let d) = interp.runEntry(SourceFile(name: "<repl>", text: "let another = 1")) {
            XCTAssertTrue(d.message.hasPrefix("too many global names"), d.message)
        } else { XCTFail("expected the limit again") }
    }

    /// Slots taken before the script's first line (the spare among them): the first
    /// `let` that finds none is on the line after the last that did.
    private func countBuiltinGlobals() -> Int {
        Interpreter().core.globalNames.count
    }
}
