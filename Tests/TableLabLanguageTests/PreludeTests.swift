import XCTest
@testable import TableLabSyntax
@testable import TableLabInterpreter

/// A host's prelude runs without the whole-unit static checks (its text is the project's
/// own); every unit of the user's is still checked, before and after a prelude.
final class PreludeTests: XCTestCase {
    private func render(_ error: Diagnostic) -> String { "error: \(error.location): \(error.message)" }

    func testPreludeSkipsTheStaticChecksAndItsDeclarationsWork() throws {
        let interp = Interpreter(options: .init())
        var out = ""
        interp.output = { out += $0 }
        // Both would stop a user's unit before it runs: a name found nowhere inside a
        // function that never runs, and a missing return.
        try interp.runPrelude(SourceFile(name: "<prelude>", text: """
            func preludeTwice(_ n: Int) -> Int { n * 2 }
            func preludeNeverCalled() -> Int { nowhereDeclared }
            func preludeNoReturn() -> Int { }
            """))
        try interp.runScript(SourceFile(name: "t.tlab", text: "print(preludeTwice(21))"))
        XCTAssertEqual(out, "42\n")
    }

    func testUserUnitsAreStillCheckedAfterAPrelude() throws {
        let interp = Interpreter(options: .init())
        var out = ""
        interp.output = { out += $0 }
        try interp.runPrelude(SourceFile(name: "<prelude>", text: "func preludeTwice(_ n: Int) -> Int { n * 2 }"))
        do {
            try interp.runScript(SourceFile(name: "t.tlab", text: "print(preludeTwice(1))\nfunc f() -> Int { nowhereDeclared }"))
            XCTFail("a name found nowhere was accepted")
        } catch {
            XCTAssertEqual(render(error), "error: 2:19: cannot find 'nowhereDeclared' in scope")
        }
        do {
            try interp.runScript(SourceFile(name: "u.tlab", text: "print(preludeTwice(2))\nfunc g() -> Int {\n}"))
            XCTFail("a missing return was accepted")
        } catch {
            XCTAssertEqual(render(error), "error: 3:1: missing return in global function expected to return 'Int'")
        }
        XCTAssertEqual(out, "", "nothing of a refused unit runs")
    }
}
