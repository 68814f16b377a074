// `tablelab test` end to end: fixture folders written to a scratch folder (fixtures under
// Scripts/ would be run as script tests themselves, and a failing fixture must fail), the
// built `tablelab test` run on them, its whole report compared.

import Foundation
import XCTest

final class TestCommandTests: XCTestCase {
    var folder: URL!
    var runner: ScriptRunner!

    override func setUpWithError() throws {
        guard let binary = ScriptRunner.locateBinary() else { throw XCTSkip("no tablelab binary built") }
        runner = ScriptRunner(binary: binary)
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("tablelab-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        if let folder { try? FileManager.default.removeItem(at: folder) }
    }

    func write(_ files: [String: String]) throws {
        for (path, text) in files {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
    }

    func read(_ path: String) throws -> String {
        try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)
    }

    func tablelab(_ arguments: [String]) -> ScriptRun {
        runner.runProcess(arguments: arguments, in: folder, stdin: "/dev/null")
    }

    static let passing = """
        enum Item { case rateApp, donate }
        print(Item.donate)   // expect: donate
        print("two lines")   // expect: two lines
        """

    func testPassingFailingAndSkippedFilesInAFolder() throws {
        try write([
            "specs/pass.tlab": Self.passing,
            "specs/fail.tlab": """
                print("a")  // expect: a
                print("c")  // expect: b
                print("d")  // expect: d
                """,
            "specs/deeper/missing.tlab": """
                print("only")  // expect: only
                // expect: more
                """,
            "specs/no-expectations.tlab": "print(1)\n",
            ".hidden/fail.tlab": "print(1) // expect: 2\n",
        ])
        let run = tablelab(["test"])
        XCTAssertEqual(run.end, .exited(1), run.stderr)
        XCTAssertEqual(run.stdout, """
            FAIL specs/deeper/missing.tlab
            specs/deeper/missing.tlab:2:1: error: expected the output line 'more', but the output ended
            // expect: more
            ^
            --- expected (// expect: lines)
            +++ output
            @@ -1,2 +1 @@
             only
            -more
            FAIL specs/fail.tlab
            specs/fail.tlab:2:13: error: expected the output line 'b', got 'c'
            print("c")  // expect: b
                        ^
            --- expected (// expect: lines)
            +++ output
            @@ -1,3 +1,3 @@
             a
            -b
            +c
             d
            PASS specs/pass.tlab
            1 passed, 2 failed

            """)
        XCTAssertEqual(run.stderr, "")
    }

    func testAllPassingExitsZeroAndEachFileRunsInAFreshInterpreter() throws {
        // The same names in both files: a shared interpreter would report a redeclaration
        // or print the first file's value.
        try write(["one.tlab": "var n = 1\nprint(n)  // expect: 1\n",
                   "two.tlab": "var n = 2\nprint(n)  // expect: 2\n"])
        let run = tablelab(["test", "-j", "2", "one.tlab", "two.tlab"])
        XCTAssertEqual(run.end, .exited(0), run.stderr)
        XCTAssertEqual(run.stdout, "PASS one.tlab\nPASS two.tlab\n2 passed, 0 failed\n")
    }

    func testErrorsAndExitStatus() throws {
        try write([
            "exhaustive.tlab": """
                enum Item { case a, b }
                let i = Item.a
                switch i {  // expect-error: switch must be exhaustive
                case .a: print("x")
                }
                """,
            "wrong-message.tlab": """
                let a = [1]
                print(a[3])  // expect-error: index out of range
                """,
            "status.tlab": "print(1)  // expect: 1\n// expect-exit: 3\n",
        ])
        let run = tablelab(["test"])
        XCTAssertEqual(run.end, .exited(1))
        XCTAssertEqual(run.stdout, """
            PASS exhaustive.tlab
            FAIL status.tlab
            status.tlab:2:1: error: expected exit status 3, got 0
            // expect-exit: 3
            ^
            FAIL wrong-message.tlab
            wrong-message.tlab:2:14: error: expected the error 'index out of range' on this line, got 'Fatal error: Index out of range'
            print(a[3])  // expect-error: index out of range
                         ^
            1 passed, 2 failed

            """)
    }

    func testAnErrorNoDirectiveExpectsIsShownWithItsPlace() throws {
        try write(["crash.tlab": "print(\"before\")  // expect: before\nlet a = [1]\nprint(a[3])\n"])
        let run = tablelab(["test", "crash.tlab"])
        XCTAssertEqual(run.end, .exited(1))
        XCTAssertEqual(run.stdout, """
            FAIL crash.tlab
            crash.tlab: error: an error that no '// expect-error:' expects:
            crash.tlab:3:7: error: Fatal error: Index out of range
            print(a[3])
                  ^
            0 passed, 1 failed

            """)
    }

    func testBadDirectivesFailTheFile() throws {
        try write(["typo.tlab": "print(1) // expect-eror: 1\n"])
        let run = tablelab(["test"])
        XCTAssertEqual(run.end, .exited(1))
        XCTAssertTrue(run.stdout.hasPrefix("""
            FAIL typo.tlab
            typo.tlab:1:10: error: unknown directive 'expect-eror:' (known: expect:, expect-error:, expect-exit:)

            """), run.stdout)
    }

    func testSnapshotsFailWithADiffAndUpdateRewritesThem() throws {
        try write([
            "table.tlab": """
                table Tasks {
                  var items = ["Write the tests", "Ship"]
                }
                :show
                """,
            "table.expected": "wrong\n",
            "other.tlab": "print(1)  // expect: 1\n",
        ])
        var run = tablelab(["test", "--filter", "table"])
        XCTAssertEqual(run.end, .exited(1))
        XCTAssertTrue(run.stdout.hasPrefix("""
            FAIL table.tlab
            table.tlab: error: the output differs from table.expected
            --- table.expected
            +++ output
            @@ -1 +1,5 @@
            -wrong
            +Tasks  1 section · 2 rows

            """), run.stdout)
        XCTAssertTrue(run.stdout.hasSuffix("0 passed, 1 failed\n"), run.stdout)

        run = tablelab(["test", "--update"])
        XCTAssertEqual(run.end, .exited(0), run.stdout)
        XCTAssertEqual(run.stdout, "PASS other.tlab\nPASS table.tlab\n  updated table.expected\n2 passed, 0 failed\n")
        let snapshot = try read("table.expected")
        XCTAssertTrue(snapshot.hasPrefix("Tasks  1 section · 2 rows\n"), snapshot)
        XCTAssertTrue(snapshot.contains("\n  Write the tests"), snapshot)

        // Unchanged now: nothing to say, and the plain run passes.
        run = tablelab(["test", "--update"])
        XCTAssertEqual(run.stdout, "PASS other.tlab\nPASS table.tlab\n2 passed, 0 failed\n")
        XCTAssertEqual(tablelab(["test"]).end, .exited(0))
    }

    func testUpdateGivesANamedFileItsFirstSnapshotButNotAFailingOne() throws {
        try write(["new.tlab": "print(\"fresh\")\n", "broken.tlab": "print(\"x\")\nlet a = [1]\nprint(a[2])\n"])
        let run = tablelab(["test", "--update", "new.tlab", "broken.tlab"])
        XCTAssertEqual(run.end, .exited(1))
        XCTAssertTrue(run.stdout.hasPrefix("PASS new.tlab\n  wrote new.expected\nFAIL broken.tlab\n"), run.stdout)
        XCTAssertEqual(try read("new.expected"), "fresh\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("broken.expected").path))
    }

    func testOutputStatedTwiceIsAMistake() throws {
        try write(["both.tlab": "print(1)  // expect: 1\n", "both.expected": "1\n"])
        let run = tablelab(["test"])
        XCTAssertEqual(run.end, .exited(1))
        XCTAssertEqual(run.stdout, """
            FAIL both.tlab
            both.tlab:1:11: error: the output is stated twice, by '// expect:' lines and by both.expected: keep one
            print(1)  // expect: 1
                      ^
            0 passed, 1 failed

            """)
    }

    func testJUnitReport() throws {
        try write(["a/pass.tlab": Self.passing, "a/fail.tlab": "print(\"<&>\")  // expect: x\n"])
        let run = tablelab(["test", "--junit", "report.xml", "a"])
        XCTAssertEqual(run.end, .exited(1))
        let xml = try read("report.xml")
        let lines = xml.split(separator: "\n").map { line in
            // Times vary from run to run; everything else is fixed.
            String(line).replacingOccurrences(of: #"time="[0-9.]+""#, with: #"time="T""#, options: .regularExpression)
        }
        XCTAssertEqual(Array(lines.prefix(4)), [
            #"<?xml version="1.0" encoding="UTF-8"?>"#,
            #"<testsuite name="tablelab test" tests="2" failures="1" errors="0" skipped="0" time="T">"#,
            #"  <testcase classname="tablelab test" name="a/fail.tlab" time="T">"#,
            #"    <failure message="a/fail.tlab:1:15: error: expected the output line 'x', got '&lt;&amp;&gt;'">a/fail.tlab:1:15: error: expected the output line 'x', got '&lt;&amp;&gt;'"#,
        ])
        XCTAssertTrue(lines.contains(#"  <testcase classname="tablelab test" name="a/pass.tlab" time="T"/>"#), xml)
        XCTAssertTrue(lines.contains("  </testcase>"), xml)
        XCTAssertEqual(lines.last, "</testsuite>")
    }

    /// README shows these files and this run: they must stay true.
    func testTheExampleTestsPass() throws {
        let package = ScriptRunner.scriptsFolder().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let run = runner.runProcess(arguments: ["test", "examples/tests"], in: package, stdin: "/dev/null")
        XCTAssertEqual(run.end, .exited(0), run.stdout)
        XCTAssertEqual(run.stdout, """
            PASS examples/tests/settings-new-row.tlab
            PASS examples/tests/settings-show.tlab
            PASS examples/tests/settings-taps.tlab
            3 passed, 0 failed

            """)
    }

    func testUsageErrors() throws {
        XCTAssertEqual(tablelab(["test", "no-such-folder"]).end, .exited(2))
        XCTAssertEqual(tablelab(["test", "--frobnicate"]).end, .exited(2))
        let help = tablelab(["test", "--help"])
        XCTAssertEqual(help.end, .exited(0))
        XCTAssertTrue(help.stdout.hasPrefix("USAGE: tablelab test [OPTIONS] [PATH...]\n"), help.stdout)
    }
}
