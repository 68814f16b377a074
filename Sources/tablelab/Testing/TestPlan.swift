// Comparing one child's run with what its file expected: standard output against the
// `// expect:` lines or the `NAME.expected` snapshot, the errors on standard error against
// the `// expect-error:` lines, the exit status against `// expect-exit:`.

import TableLabFiles
import TableLabSyntax

/// One file's expectations, read before it runs.
struct TestPlan {
    let file: TestFile
    let source: SourceFile
    let expectation: TestExpectation
    /// The snapshot's contents, nil when there is none.
    let snapshot: String?
    let update: Bool
    let readError: FileProblem?

    init(file: TestFile, update: Bool) {
        self.file = file
        self.update = update
        var readError: FileProblem?
        let text: String
        switch readWholeFile(file.path) {
        case .success(let t): text = t
        case .failure(let e): text = ""; readError = e.problem
        }
        self.readError = readError
        source = SourceFile(name: file.path, text: text)
        expectation = TestDirectives.parse(text)
        snapshot = TestFiles.kind(of: file.snapshotPath).isFile ? (try? readWholeFile(file.snapshotPath).get()) : nil
    }

    var snapshotName: String { file.snapshotPath }

    /// `--update` writes the snapshot of a file that has one, and gives a first one to a
    /// named file that states its output no other way.
    var writesSnapshot: Bool {
        update && (snapshot != nil || (file.named && expectation.outputLines.isEmpty))
    }

    /// A verdict reached without running the file (it cannot be read, or states nothing).
    func verdictWithoutRunning() -> TestVerdict? {
        var v = TestVerdict(file: file)
        if let readError {
            v.findings.append(error(.fileProblem(readError), at: .unknown))
            return v
        }
        if !expectation.statesSomething, snapshot == nil, !writesSnapshot {
            v.findings.append(error(.statesNoExpectation(path: file.path, snapshot: snapshotName), at: .unknown))
            return v
        }
        return nil
    }

    func error(_ message: TestMessage, at location: SourceLocation) -> TestFinding {
        .diagnostic(.error(message, at: location, in: source))
    }

    func verdict(for run: ChildResult) -> TestVerdict {
        var v = TestVerdict(file: file)
        v.seconds = run.seconds
        for problem in expectation.problems { v.findings.append(error(problem.content, at: problem.location)) }
        switch run.end {
        case .couldNotStart(let reason):
            v.findings.append(error(.childNotStarted(reason), at: .unknown))
            return v
        case .signalled(let signal):
            v.findings.append(error(.crashed(signal: signal), at: .unknown))
            v.findings.append(.text(childDiagnostics(run.stderr)))
            return v
        case .exited:
            break
        }
        let errorsOK = checkErrors(run, into: &v)
        let exitOK = checkExit(run, into: &v, errorsOK: errorsOK)
        if !expectation.outputLines.isEmpty, snapshot != nil {
            v.findings.append(error(.outputStatedTwice(snapshot: snapshotName), at: expectation.outputLines[0].location))
        } else if writesSnapshot {
            // A snapshot of a run that went wrong would pin the wrong output: written only
            // when everything else the file states holds.
            if v.findings.isEmpty, errorsOK, exitOK, snapshot != run.stdout {
                if let problem = TestFiles.write(run.stdout, to: snapshotName) {
                    v.findings.append(error(.fileProblem(problem), at: .unknown))
                } else {
                    v.notes.append((snapshot == nil ? "wrote " : "updated ") + snapshotName)
                }
            }
        } else if let snapshot {
            if snapshot != run.stdout {
                v.findings.append(error(.outputDiffersFromSnapshot(snapshotName), at: .unknown))
                v.findings.append(.diff(UnifiedDiff.unified(expected: snapshot, actual: run.stdout,
                                                         expectedName: snapshotName, actualName: "output")))
            }
        } else {
            checkOutputLines(run.stdout, into: &v)
        }
        return v
    }

    // MARK: - Standard output

    func checkOutputLines(_ stdout: String, into v: inout TestVerdict) {
        let expected = expectation.outputLines
        let wanted = expected.map { $0.text + "\n" }.joined()
        guard wanted != stdout else { return }
        let actual = UnifiedDiff.lines(stdout).lines
        var finding: TestFinding?
        for (i, line) in expected.enumerated() {
            if i >= actual.count {
                finding = error(.outputEnded(expected: line.text), at: line.location)
                break
            }
            if actual[i] != line.text {
                finding = error(.outputLineDiffers(expected: line.text, got: actual[i]), at: line.location)
                break
            }
        }
        if finding == nil {
            let last = expected.last?.location ?? SourceLocation(line: 1, column: 1)
            if actual.count > expected.count {
                let extra = actual[expected.count]
                finding = expected.isEmpty
                    ? error(.noOutputExpected(got: extra), at: .unknown)
                    : error(.outputAfterLastExpected(got: extra), at: last)
            } else {
                finding = error(.lastLineWithoutNewline, at: last)
            }
        }
        v.findings.append(finding!)
        v.findings.append(.diff(UnifiedDiff.unified(expected: wanted, actual: stdout,
                                                 expectedName: "expected (// expect: lines)", actualName: "output")))
    }

    // MARK: - Errors and exit status

    /// `L:C: error: MESSAGE` headers the child reported for this file, with the rest of
    /// standard error for context.
    struct ReportedError { var line: Int; var message: String }

    func reportedErrors(_ stderr: String) -> (inFile: [ReportedError], other: Int) {
        var inFile: [ReportedError] = []
        var other = 0
        let prefix = file.fileName + ":"
        for line in stderr.split(separator: "\n") {
            guard line.hasPrefix(prefix) else {
                if line.contains(": error: ") && !line.hasPrefix(" ") { other += 1 }
                continue
            }
            let rest = line.dropFirst(prefix.count)
            let parts = rest.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
            guard parts.count == 3, let row = Int(parts[0]), Int(parts[1]) != nil,
                  parts[2].hasPrefix(" error: ") else { continue }
            inFile.append(ReportedError(line: row, message: String(parts[2].dropFirst(" error: ".count))))
        }
        return (inFile, other)
    }

    /// Every `expect-error:` must be matched by an error on its line with its message, and
    /// every error reported must be expected. True when they agree.
    func checkErrors(_ run: ChildResult, into v: inout TestVerdict) -> Bool {
        var (reported, other) = reportedErrors(run.stderr)
        var ok = true
        for wanted in expectation.errors {
            if let i = reported.firstIndex(where: { $0.line == wanted.location.line && $0.message == wanted.message }) {
                reported.remove(at: i)
                continue
            }
            ok = false
            if let i = reported.firstIndex(where: { $0.line == wanted.location.line }) {
                v.findings.append(error(.errorDiffers(expected: wanted.message, got: reported[i].message), at: wanted.location))
                reported.remove(at: i)
            } else {
                v.findings.append(error(.errorMissing(expected: wanted.message), at: wanted.location))
            }
        }
        if !reported.isEmpty || other > 0 {
            ok = false
            let count = reported.count + other
            v.findings.append(error(.unexpectedErrors(count: count), at: .unknown))
            v.findings.append(.text(childDiagnostics(run.stderr)))
        }
        return ok
    }

    func checkExit(_ run: ChildResult, into v: inout TestVerdict, errorsOK: Bool) -> Bool {
        guard case .exited(let status) = run.end, status != expectation.expectedExit else { return true }
        if let explicit = expectation.explicitExit {
            v.findings.append(error(.exitStatusDiffers(expected: explicit.status, got: status), at: explicit.location))
        } else if errorsOK {
            // The errors agreed, so the status is the only news; say what it came with.
            v.findings.append(error(.exitStatusDiffers(expected: expectation.expectedExit, got: status), at: .unknown))
            if !run.stderr.isEmpty { v.findings.append(.text(childDiagnostics(run.stderr))) }
        }
        return false
    }

    /// The child's standard error with its file named by the path the report uses.
    func childDiagnostics(_ stderr: String) -> [String] {
        var text = stderr
        if text.hasSuffix("\n") { text.removeLast() }
        guard !text.isEmpty else { return [] }
        let prefix = file.fileName + ":"
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.hasPrefix(prefix) ? file.path + ":" + line.dropFirst(prefix.count) : String(line)
        }
    }
}
