// The runner checks itself: directive parsing, the comparison (a wrong expectation must be
// reported), and the process plumbing against a stand-in `tablelab` shell script.

import Foundation
import XCTest

final class ScriptRunnerSelfTests: XCTestCase {

    // MARK: Directives

    func testParsesEveryDirective() {
        let source = """
            // args: --max-steps 1000  --color=never
            // run: stdin
            print("a") // expect: a
            print("")  // expect:
            print("  b") // expect:   b
            switch x { // expect-diag: 4:1: error: switch must be exhaustive
            // expect-diag: 4:1: note: add missing case: '.donate'
            // expect-stderr:   in f(_:)
            // expect-exit: 3
            """
        let e = ScriptDirectives.parse(source)
        XCTAssertEqual(e.arguments, ["--max-steps", "1000", "--color=never"])
        XCTAssertTrue(e.runOnStdin)
        XCTAssertEqual(e.stdoutLines, ["a", "", "  b"])
        XCTAssertEqual(e.expectedStdout, "a\n\n  b\n")
        XCTAssertEqual(e.diagnostics, ["4:1: error: switch must be exhaustive",
                                       "4:1: note: add missing case: '.donate'"])
        XCTAssertEqual(e.stderrLines, ["  in f(_:)"])
        XCTAssertEqual(e.explicitExit, 3)
        XCTAssertEqual(e.expectedExit, 3)
        XCTAssertEqual(e.problems, [])
    }

    func testNoDirectivesMeansEmptyOutputAndSuccess() {
        let e = ScriptDirectives.parse("let x = 1 // a plain comment\n// https://example.com\n")
        XCTAssertEqual(e, ScriptExpectation())
        XCTAssertEqual(e.expectedStdout, "")
        XCTAssertEqual(e.expectedExit, 0)
    }

    func testDefaultExitFollowsErrorDiagnostics() {
        XCTAssertEqual(ScriptDirectives.parse("// expect-diag: 1:1: warning: w").expectedExit, 0)
        XCTAssertEqual(ScriptDirectives.parse("// expect-diag: 1:1: warning: w\n// expect-diag: 2:3: error: e").expectedExit, 1)
        XCTAssertEqual(ScriptDirectives.parse("// expect-diag: 2:3: error: e\n// expect-exit: 0").expectedExit, 0)
    }

    func testDirectiveInsideStringBeforeTheCommentIsTakenFirst() {
        // The first `//` that starts a directive wins; a plain `//` inside a string is skipped.
        let e = ScriptDirectives.parse(#"print("a // b") // expect: a // b"#)
        XCTAssertEqual(e.stdoutLines, ["a // b"])
    }

    func testMistakesInDirectivesAreProblems() {
        let e = ScriptDirectives.parse("""
            // expect-err: 1:1: error: x
            // expect-exit: one
            // run: file
            // expect-diag: error: no place
            """)
        XCTAssertEqual(e.problems.count, 4, "\(e.problems)")
        XCTAssertTrue(e.problems[0].contains("unknown directive `expect-err:`"), e.problems[0])
        let run = ScriptRun(stdout: "", stderr: "", end: .exited(0))
        XCTAssertFalse(ScriptCheck.failures(of: run, against: e).isEmpty)
    }

    // MARK: Diagnostic headers

    func testDiagnosticHeadersLoseTheirFilePrefix() {
        XCTAssertEqual(DiagnosticHeader.strip("settings.tlab:42:7: error: switch must be exhaustive"),
                       "42:7: error: switch must be exhaustive")
        XCTAssertEqual(DiagnosticHeader.strip("<stdin>:1:2: note: add missing case: '.b'  "),
                       "1:2: note: add missing case: '.b'")
        XCTAssertEqual(DiagnosticHeader.strip("a/b.tlab:3:4: warning: default will never be executed"),
                       "3:4: warning: default will never be executed")
        XCTAssertNil(DiagnosticHeader.strip("    switch item {"))
        XCTAssertNil(DiagnosticHeader.strip("  in didSelectRow(at:)"))
        XCTAssertNil(DiagnosticHeader.strip("x.tlab:3: error: no column"))
        XCTAssertNil(DiagnosticHeader.strip("x.tlab:3:4: fatal: not a severity"))
        XCTAssertNil(DiagnosticHeader.strip("tablelab: error: usage"))
        let stderr = "x.tlab:1:1: error: e\n  switch x {\n  ^\nx.tlab:1:1: note: n\n"
        XCTAssertEqual(DiagnosticHeader.headers(in: stderr), ["1:1: error: e", "1:1: note: n"])
    }

    // MARK: Comparison

    private let diagnosticRun = ScriptRun(
        stdout: "before\n",
        stderr: """
            m.tlab:3:1: error: switch must be exhaustive
            switch e {
            ^
            m.tlab:3:1: note: add missing case: '.b'
              in f()\u{20}\u{20}

            """,
        end: .exited(1))

    private let diagnosticScript = """
        print("before") // expect: before
        // expect-diag: 3:1: error: switch must be exhaustive
        // expect-diag: 3:1: note: add missing case: '.b'
        // expect-stderr: switch e {
        // expect-stderr: ^
        // expect-stderr:   in f()
        """

    func testMatchingRunPasses() {
        let e = ScriptDirectives.parse(diagnosticScript)
        XCTAssertEqual(ScriptCheck.failures(of: diagnosticRun, against: e), [])
    }

    func testDeliberatelyWrongStdoutFails() {
        let e = ScriptDirectives.parse(diagnosticScript.replacingOccurrences(of: "expect: before", with: "expect: after"))
        let failures = ScriptCheck.failures(of: diagnosticRun, against: e)
        XCTAssertEqual(failures.count, 2, "\(failures)")  // the difference, then stderr for context
        XCTAssertTrue(failures[0].contains("    - after\n    + before"), failures[0])
    }

    func testDeliberatelyWrongDiagnosticFails() {
        let e = ScriptDirectives.parse(diagnosticScript.replacingOccurrences(of: "'.b'", with: "'.c'"))
        let failures = ScriptCheck.failures(of: diagnosticRun, against: e)
        XCTAssertTrue(failures.first?.contains("- 3:1: note: add missing case: '.c'") == true, "\(failures)")
        XCTAssertTrue(failures.first?.contains("+ 3:1: note: add missing case: '.b'") == true, "\(failures)")
    }

    func testMissingOrExtraDiagnosticFails() {
        let fewer = diagnosticScript.split(separator: "\n").filter { !$0.contains("note:") }.joined(separator: "\n")
        XCTAssertFalse(ScriptCheck.failures(of: diagnosticRun, against: ScriptDirectives.parse(fewer)).isEmpty)
        let clean = ScriptRun(stdout: "before\n", stderr: "", end: .exited(0))
        XCTAssertFalse(ScriptCheck.failures(of: clean, against: ScriptDirectives.parse(diagnosticScript)).isEmpty)
    }

    func testWrongExitStatusFails() {
        let e = ScriptDirectives.parse(diagnosticScript + "\n// expect-exit: 2")
        let failures = ScriptCheck.failures(of: diagnosticRun, against: e)
        XCTAssertTrue(failures.first?.contains("exit status: expected 2, got 1") == true, "\(failures)")
    }

    func testStderrLinesMustComeInOrder() {
        let swapped = ScriptDirectives.parse("// expect-stderr:   in f()\n// expect-stderr: ^")
        XCTAssertNotNil(ScriptCheck.firstMissingStderrLine(swapped.stderrLines, in: diagnosticRun.stderr))
        let inOrder = ScriptDirectives.parse("// expect-stderr: ^\n// expect-stderr:   in f()")
        XCTAssertNil(ScriptCheck.firstMissingStderrLine(inOrder.stderrLines, in: diagnosticRun.stderr))
        // Leading blanks count: the trace line is indented.
        XCTAssertNotNil(ScriptCheck.firstMissingStderrLine(["in f()"], in: diagnosticRun.stderr))
    }

    func testCrashAndHangFailEvenWithMatchingOutput() {
        let e = ScriptDirectives.parse("// expect: x")
        for end in [ProcessEnd.signalled(11), .hung(seconds: 60), .couldNotStart("no file")] {
            let failures = ScriptCheck.failures(of: ScriptRun(stdout: "x\n", stderr: "", end: end), against: e)
            XCTAssertEqual(failures.count, 1, "\(end)")
        }
    }

    func testStdoutFileReplacesExpectLines() {
        let e = ScriptDirectives.parse("// expect: ignored", stdoutFile: "table\n  row\n")
        XCTAssertEqual(ScriptCheck.failures(of: ScriptRun(stdout: "table\n  row\n", stderr: "", end: .exited(0)),
                                            against: e), [])
        // Exact: a missing final newline is a difference.
        XCTAssertFalse(ScriptCheck.failures(of: ScriptRun(stdout: "table\n  row", stderr: "", end: .exited(0)),
                                            against: e).isEmpty)
    }

    func testDiffShowsOnlyTheNeighbourhoodOfAChange() {
        let expected = (1...20).map { "line \($0)" }
        var actual = expected
        actual[10] = "changed"
        let text = LineDiff.render(expected: expected, actual: actual)
        XCTAssertEqual(text, """
                  ...
                  line 9
                  line 10
                - line 11
                + changed
                  line 12
                  line 13
                  ...
            """)
    }

    // MARK: Processes, against a stand-in for tablelab

    private func scratchFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("tablelab-runner-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url
    }

    private func fakeBinary(in folder: URL, body: String) throws -> URL {
        let url = folder.appendingPathComponent("fake-tablelab")
        try ("#!/bin/sh\n" + body + "\n").write(to: url, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
        return url
    }

    func testRunsTheBinaryInTheScriptsFolderWithItsArgumentsAndEnvironment() throws {
        let folder = try scratchFolder()
        let area = folder.appendingPathComponent("area")
        try FileManager.default.createDirectory(at: area, withIntermediateDirectories: true)
        let binary = try fakeBinary(in: folder, body: """
            echo "args:$*"
            echo "cwd:$(basename "$PWD")"
            echo "env:$NO_COLOR,$COLUMNS"
            cat
            echo "$(basename "$PWD").tlab:2:5: error: boom" >&2
            exit 1
            """)
        let runner = ScriptRunner(binary: binary)

        let good = area.appendingPathComponent("good.tlab")
        try """
            // args: --max-steps 7
            // expect: args:--max-steps 7 good.tlab
            // expect: cwd:area
            // expect: env:1,80
            // expect-diag: 2:5: error: boom
            """.write(to: good, atomically: true, encoding: .utf8)
        let wrong = area.appendingPathComponent("wrong.tlab")
        try """
            // expect: args:wrong.tlab
            // expect: cwd:area
            // expect: env:1,80
            // expect-diag: 2:5: error: boom
            // expect-exit: 0
            """.write(to: wrong, atomically: true, encoding: .utf8)
        let piped = area.appendingPathComponent("piped.tlab")
        let pipedSource = "// run: stdin\n// expect-diag: 2:5: error: boom\n"
        try pipedSource.write(to: piped, atomically: true, encoding: .utf8)
        try ("args:-\ncwd:area\nenv:1,80\n" + pipedSource)
            .write(to: area.appendingPathComponent("piped.stdout"), atomically: true, encoding: .utf8)

        let scripts = ScriptRunner.discover(in: folder)
        XCTAssertEqual(scripts.map(\.relativePath), ["area/good.tlab", "area/piped.tlab", "area/wrong.tlab"])
        XCTAssertEqual(scripts.map(\.area), ["area", "area", "area"])

        let results = runner.runAll(scripts)
        XCTAssertEqual(results.map(\.script.relativePath), scripts.map(\.relativePath))
        XCTAssertEqual(results[0].failures, [])
        XCTAssertEqual(results[1].failures, [])
        XCTAssertEqual(results[2].failures.count, 2, "\(results[2].failures)")
        XCTAssertTrue(results[2].failures[0].contains("exit status: expected 0, got 1"))
    }

    func testAHungScriptIsKilledAndReported() throws {
        let folder = try scratchFolder()
        let binary = try fakeBinary(in: folder, body: "exec sleep 30")
        let script = folder.appendingPathComponent("loop.tlab")
        try "while true {}\n".write(to: script, atomically: true, encoding: .utf8)
        var runner = ScriptRunner(binary: binary)
        runner.watchdogSeconds = 1
        let run = runner.run(script, expectation: ScriptExpectation())
        XCTAssertEqual(run.end, .hung(seconds: 1))
    }

    func testAMissingBinaryIsReported() throws {
        let folder = try scratchFolder()
        let runner = ScriptRunner(binary: folder.appendingPathComponent("nothing-here"))
        let run = runner.runProcess(arguments: [], in: folder, stdin: "/dev/null")
        guard case .couldNotStart = run.end else { return XCTFail("\(run.end)") }
    }
}
