// The pieces of `tablelab test` that need no process: the directive reader, the diff, the
// JUnit writer, the option parser.

import XCTest
import TableLabSyntax
@testable import tablelab

final class TestCommandUnitTests: XCTestCase {

    // MARK: Directives

    func testReadsEachDirectiveWithItsPlace() {
        let e = TestDirectives.parse("""
            print("a")   // expect: a
            print("")    // expect:
            print("  b") // expect:   b
            switch x {   // expect-error: switch must be exhaustive
            // expect-exit: 3
            """)
        XCTAssertEqual(e.problems, [])
        XCTAssertEqual(e.outputLines.map(\.text), ["a", "", "  b"])
        XCTAssertEqual(e.outputLines.map(\.location), [SourceLocation(line: 1, column: 14), SourceLocation(line: 2, column: 14),
                                                       SourceLocation(line: 3, column: 14)])
        XCTAssertEqual(e.errors.map(\.message), ["switch must be exhaustive"])
        XCTAssertEqual(e.errors.map(\.location.line), [4])
        XCTAssertEqual(e.explicitExit?.status, 3)
        XCTAssertEqual(e.explicitExit?.location, SourceLocation(line: 5, column: 1))
        XCTAssertEqual(e.expectedExit, 3)
    }

    func testTheExitStatusFollowsTheExpectedErrors() {
        XCTAssertEqual(TestDirectives.parse("f() // expect-error: boom").expectedExit, 1)
        XCTAssertEqual(TestDirectives.parse("print(1) // expect: 1").expectedExit, 0)
    }

    func testTrailingBlanksOfAnOutputLineCount() {
        XCTAssertEqual(TestDirectives.parse("// expect: a  ").outputLines.map(\.text), ["a  "])
    }

    func testASlashSlashInAStringIsNotAComment() {
        let e = TestDirectives.parse(#"print("see // expect: no") // expect: see // expect: no"#)
        XCTAssertEqual(e.outputLines.map(\.text), ["see // expect: no"])
        XCTAssertEqual(e.outputLines.first?.location.column, 28)
        XCTAssertFalse(TestDirectives.parse(#"print("// expect: x")"#).statesSomething)
    }

    func testColumnsCountUnicodeScalarsAsDiagnosticsDo() {
        XCTAssertEqual(TestDirectives.parse(#"print("☕️") // expect: ☕️"#).outputLines.first?.location.column, 13)
    }

    func testMistakesAreProblemsNotSilence() {
        let e = TestDirectives.parse("""
            // expect-eror: x
            // expect-exit: two
            // expect-error:
            // expect-exit: 1
            // expect-exit: 2
            """)
        XCTAssertEqual(e.problems.map(\.message), [
            "unknown directive 'expect-eror:' (known: expect:, expect-error:, expect-exit:)",
            "'expect-exit:' needs a number, got 'two'",
            "'expect-error:' needs the error's message",
            "a second 'expect-exit:'",
        ])
        XCTAssertEqual(e.problems.map(\.location.line), [1, 2, 3, 5])
        XCTAssertTrue(e.statesSomething)
    }

    func testPlainCommentsStateNothing() {
        let e = TestDirectives.parse("let x = 1 // a plain comment\n// https://example.com\n// expected: not a directive name\n")
        XCTAssertEqual(e.problems.map(\.message), ["unknown directive 'expected:' (known: expect:, expect-error:, expect-exit:)"])
        XCTAssertFalse(TestDirectives.parse("let x = 1 // a plain comment\n// https://example.com\n").statesSomething)
    }

    // MARK: Diff

    func testEqualTextsHaveNoDiff() {
        XCTAssertEqual(UnifiedDiff.unified(expected: "a\nb\n", actual: "a\nb\n", expectedName: "x", actualName: "y"), [])
    }

    func testAChangedLineIsRemovedThenAdded() {
        XCTAssertEqual(UnifiedDiff.unified(expected: "a\nb\nc\n", actual: "a\nB\nc\n", expectedName: "want", actualName: "got"),
                       ["--- want", "+++ got", "@@ -1,3 +1,3 @@", " a", "-b", "+B", " c"])
    }

    func testHunksKeepThreeLinesOfContextAndSplitWhenFarApart() {
        let a = (1...12).map { "l\($0)\n" }.joined()
        let b = a.replacingOccurrences(of: "l2\n", with: "L2\n").replacingOccurrences(of: "l11\n", with: "L11\n")
        XCTAssertEqual(UnifiedDiff.unified(expected: a, actual: b, expectedName: "a", actualName: "b"), [
            "--- a", "+++ b",
            "@@ -1,5 +1,5 @@", " l1", "-l2", "+L2", " l3", " l4", " l5",
            "@@ -8,5 +8,5 @@", " l8", " l9", " l10", "-l11", "+L11", " l12",
        ])
    }

    func testAMissingLineAndAMissingOutput() {
        XCTAssertEqual(UnifiedDiff.unified(expected: "a\nb\n", actual: "a\n", expectedName: "e", actualName: "o"),
                       ["--- e", "+++ o", "@@ -1,2 +1 @@", " a", "-b"])
        XCTAssertEqual(UnifiedDiff.unified(expected: "", actual: "x\n", expectedName: "e", actualName: "o"),
                       ["--- e", "+++ o", "@@ -0,0 +1 @@", "+x"])
    }

    func testAMissingFinalNewlineIsShown() {
        XCTAssertEqual(UnifiedDiff.unified(expected: "a\n", actual: "a", expectedName: "e", actualName: "o"),
                       ["--- e", "+++ o", "@@ -1 +1 @@", "-a", "+a", "\\ No newline at end of file"])
    }

    func testTheEditScriptIsAShortestOne() {
        let edits = UnifiedDiff.edits(["a", "b", "c", "d"], ["a", "c", "d", "e"])
        XCTAssertEqual(edits, [.same("a"), .removed("b"), .same("c"), .same("d"), .added("e")])
    }

    // MARK: JUnit and options

    func testJUnitEscapesAndCountsFailures() {
        let xml = JUnitReport.xml(suite: "tablelab test", cases: [
            JUnitCase(name: "a.tlab", seconds: 0.0124, failure: []),
            JUnitCase(name: "b<&>.tlab", seconds: 1, failure: ["b.tlab:1:2: error: expected \"x\"", "\u{1B}[31m-x"]),
        ], seconds: 1.5)
        XCTAssertEqual(xml, """
            <?xml version="1.0" encoding="UTF-8"?>
            <testsuite name="tablelab test" tests="2" failures="1" errors="0" skipped="0" time="1.500">
              <testcase classname="tablelab test" name="a.tlab" time="0.012"/>
              <testcase classname="tablelab test" name="b&lt;&amp;&gt;.tlab" time="1.000">
                <failure message="b.tlab:1:2: error: expected &quot;x&quot;">b.tlab:1:2: error: expected &quot;x&quot;
            [31m-x</failure>
              </testcase>
            </testsuite>

            """)
    }

    func testTestOptions() throws {
        let a = try Arguments.parse(["--max-steps", "50", "test", "--update", "-j", "3", "--filter", "nav",
                                     "--junit=out.xml", "--color=never", "a", "b"])
        XCTAssertEqual(a.mode, .test(TestOptions(paths: ["a", "b"], update: true, filter: "nav", junitPath: "out.xml", jobs: 3)))
        XCTAssertEqual(a.maxSteps, 50)
        XCTAssertEqual(a.color, .never)
        XCTAssertEqual(try Arguments.parse(["test"]).mode, .test(TestOptions()))
        XCTAssertEqual(try Arguments.parse(["test", "-j2", "--", "--odd.tlab"]).mode,
                       .test(TestOptions(paths: ["--odd.tlab"], jobs: 2)))
        XCTAssertThrowsError(try Arguments.parse(["test", "-j", "0"]))
        XCTAssertThrowsError(try Arguments.parse(["test", "--junit"]))
        XCTAssertThrowsError(try Arguments.parse(["test", "--frobnicate"]))
        XCTAssertEqual(try Arguments.parse(["lint", "x.tlab"]).mode, .lint(paths: ["x.tlab"]))
        XCTAssertThrowsError(try Arguments.parse(["lint"]))
    }

    /// Every subcommand takes --max-steps, --max-memory and --color after its name as it
    /// does before it (`tablelab lint --max-steps 1000 FILE` read '--max-steps' as a file).
    func testRunOptionsAfterEachSubcommand() throws {
        let run = ["--max-steps", "7", "--max-memory=1G", "--color", "never"]
        let lint = try Arguments.parse(["lint"] + run + ["a.tlab", "b.tlab"])
        XCTAssertEqual(lint.mode, .lint(paths: ["a.tlab", "b.tlab"]))
        XCTAssertEqual(lint.maxSteps, 7)
        XCTAssertEqual(lint.maxMemory, 1 << 30)
        XCTAssertEqual(lint.color, .never)
        XCTAssertEqual(try Arguments.parse(["lint", "a.tlab", "--max-steps=9"]).maxSteps, 9)
        XCTAssertEqual(try Arguments.parse(["lint", "--", "--odd.tlab"]).mode, .lint(paths: ["--odd.tlab"]))
        let check = try Arguments.parse(["check"] + run + ["a.tlab"])
        XCTAssertEqual(check.mode, .check(paths: ["a.tlab"]))
        XCTAssertEqual(check.maxSteps, 7)
        let test = try Arguments.parse(["test"] + run + ["a.tlab"])
        XCTAssertEqual(test.mode, .test(TestOptions(paths: ["a.tlab"])))
        XCTAssertEqual(test.maxMemory, 1 << 30)
        let show = try Arguments.parse(["show", "a.tlab"] + run)
        XCTAssertEqual(show.maxSteps, 7)
        XCTAssertEqual(show.color, .never)
        let emit = try Arguments.parse(["emit", "swift"] + run + ["a.tlab"])
        XCTAssertEqual(emit.maxSteps, 7)
        for command in [["lint"], ["check"], ["test"], ["show"], ["emit", "swift"]] {
            XCTAssertThrowsError(try Arguments.parse(command + ["--frobnicate", "a.tlab"]), "\(command)")
            XCTAssertThrowsError(try Arguments.parse(command + ["a.tlab", "--max-steps"]), "\(command)")
            XCTAssertThrowsError(try Arguments.parse(command + ["--max-steps", "0", "a.tlab"]), "\(command)")
        }
        XCTAssertThrowsError(try Arguments.parse(["check", "--max-steps", "5"]))
    }
}
