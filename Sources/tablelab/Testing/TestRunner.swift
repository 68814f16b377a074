// `tablelab test [PATH...]`: runs every `.tlab` that states an expectation, each in its own
// child process, and reports one line per file, a diff for each failure, and a summary.
#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TableLabFiles
import TableLabSyntax

/// What `tablelab test` was asked to do.
struct TestOptions: Equatable {
    /// Files and folders; empty means the current folder.
    var paths: [String] = []
    /// Write or refresh the `NAME.expected` snapshots.
    var update = false
    /// Only the files whose path contains this text.
    var filter: String?
    /// Where to write JUnit XML.
    var junitPath: String?
    /// Files run at the same time.
    var jobs = 1
}

/// One part of a failure's report.
enum TestFinding {
    /// A diagnostic at the directive (or file) responsible.
    case diagnostic(Diagnostic)
    /// A unified diff, `---`/`+++` first.
    case diff([String])
    /// Lines shown as they are (the child's own diagnostics).
    case text([String])
}

/// The verdict on one file.
struct TestVerdict {
    var file: TestFile
    var findings: [TestFinding] = []
    /// `wrote NAME.expected` / `updated NAME.expected` under `--update`.
    var notes: [String] = []
    var seconds: Double = 0
    var passed: Bool { findings.isEmpty }
}

struct TestRunner {
    var options: TestOptions
    var maxSteps: Int?
    var useColor: Bool
    /// The `tablelab` the children run.
    var executable = currentExecutablePath()
    var write: (String) -> Void = writeStandardOutput
    var writeError: (String) -> Void = writeStandardError

    /// Runs the whole command; the exit status: 0 all passed, 1 a failure, 2 bad usage.
    func run() -> Int32 {
        guard let files = collect() else { return 2 }
        let started = monotonicSeconds()
        var verdicts: [TestVerdict] = []
        runAll(files) { verdict in
            report(verdict)
            verdicts.append(verdict)
        }
        let failed = verdicts.filter { !$0.passed }.count
        if files.isEmpty {
            write("no .tlab file under \(options.paths.isEmpty ? "this folder" : options.paths.joined(separator: ", ")) states an expectation\n")
        }
        write("\(verdicts.count - failed) passed, \(failed) failed\n")
        if let junit = options.junitPath {
            let cases = verdicts.map { v in
                JUnitCase(name: v.file.path, seconds: v.seconds, failure: render(v.findings, color: false))
            }
            let xml = JUnitReport.xml(suite: "tablelab test", cases: cases, seconds: monotonicSeconds() - started)
            if let message = TestFiles.write(xml, to: junit) {
                writeError("tablelab: error: \(message)\n")
                return 2
            }
        }
        return failed > 0 ? 1 : 0
    }

    // MARK: - Finding the files

    /// The files to run, in path order; nil (after saying why) when a path does not exist.
    func collect() -> [TestFile]? {
        var files: [TestFile] = []
        for path in options.paths.isEmpty ? ["."] : options.paths {
            switch TestFiles.kind(of: path) {
            case .missing(let code):
                writeError("tablelab: error: cannot open '\(path)': \(String(cString: strerror(code)))\n")
                return nil
            case .directory:
                for found in TestFiles.walk(path) where !files.contains(where: { $0.path == found }) {
                    files.append(TestFile(path: found, named: false))
                }
            case .file:
                if let i = files.firstIndex(where: { $0.path == path }) { files[i].named = true } else {
                    files.append(TestFile(path: path, named: true))
                }
            }
        }
        if let filter = options.filter { files = files.filter { $0.path.contains(filter) } }
        return files.filter { file in
            file.named || TestFiles.kind(of: file.snapshotPath).isFile
                || (try? readWholeFile(file.path).get()).map { TestDirectives.parse($0).statesSomething } == true
        }
    }

    // MARK: - Running

    /// Runs every file, `options.jobs` at a time, and hands the verdicts over in file order.
    func runAll(_ files: [TestFile], _ deliver: (TestVerdict) -> Void) {
        var verdicts = [TestVerdict?](repeating: nil, count: files.count)
        var plans: [Int: (TestPlan, RunningChild)] = [:]
        var running: [pid_t: Int] = [:]
        var next = 0, delivered = 0
        let environment = childEnvironment()
        while delivered < files.count {
            while next < files.count, running.count < max(1, options.jobs) {
                let index = next
                next += 1
                let plan = TestPlan(file: files[index], update: options.update)
                if let early = plan.verdictWithoutRunning() {
                    verdicts[index] = early
                    continue
                }
                var arguments = maxSteps.map { ["--max-steps", String($0)] } ?? []
                arguments += ["--", files[index].fileName]
                switch RunningChild.start(executable, arguments, in: files[index].folder, environment: environment) {
                case .success(let child):
                    plans[index] = (plan, child)
                    running[child.pid] = index
                case .failure(let error):
                    var v = TestVerdict(file: files[index])
                    v.findings.append(.diagnostic(.error(TestMessage.childNotStarted(error), at: .unknown, in: plan.source)))
                    verdicts[index] = v
                }
            }
            while delivered < files.count, let v = verdicts[delivered] {
                deliver(v)
                delivered += 1
            }
            guard !running.isEmpty else { continue }
            guard let (pid, status) = waitForAnyChild() else {
                // No child left to wait for (SIGCHLD ignored by whoever started us reaps
                // them): their results are lost, and said so rather than waited for.
                for (_, index) in running {
                    var v = TestVerdict(file: files[index])
                    v.findings.append(.diagnostic(.error(TestMessage.exitStatusLost(reason: .current),
                                                         at: .unknown, in: plans[index]?.0.source)))
                    verdicts[index] = v
                }
                running = [:]
                plans = [:]
                continue
            }
            guard let index = running.removeValue(forKey: pid), let (plan, child) = plans.removeValue(forKey: index) else { continue }
            verdicts[index] = plan.verdict(for: child.finish(status: status))
            while delivered < files.count, let v = verdicts[delivered] {
                deliver(v)
                delivered += 1
            }
        }
    }

    /// The children see a fixed terminal: no colours, 80 columns (so that `:show` and a
    /// snapshot agree on any machine); everything else is the caller's environment.
    func childEnvironment() -> [String] {
        var out: [String] = []
        #if canImport(Darwin)
        guard var p = _NSGetEnviron()?.pointee else { return ["NO_COLOR=1", "COLUMNS=80"] }
        #else
        var p = environ
        #endif
        while let entry = p.pointee {
            let text = String(cString: entry)
            if !text.hasPrefix("NO_COLOR="), !text.hasPrefix("COLUMNS=") { out.append(text) }
            p += 1
        }
        return out + ["NO_COLOR=1", "COLUMNS=80"]
    }

    // MARK: - Reporting

    func report(_ verdict: TestVerdict) {
        let status = verdict.passed ? paint("PASS", "32", useColor) : paint("FAIL", "1;31", useColor)
        var out = status + " " + verdict.file.path + "\n"
        for note in verdict.notes { out += "  " + note + "\n" }
        for line in render(verdict.findings, color: useColor) { out += line + "\n" }
        write(out)
    }

    func render(_ findings: [TestFinding], color: Bool) -> [String] {
        let renderer = DiagnosticRenderer(useColor: color)
        var lines: [String] = []
        for finding in findings {
            switch finding {
            case .diagnostic(let d):
                var text = renderer.render(d)
                if text.hasSuffix("\n") { text.removeLast() }
                lines += text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            case .diff(let diff):
                for line in diff {
                    if line.hasPrefix("---") || line.hasPrefix("+++") { lines.append(paint(line, "1", color)) }
                    else if line.hasPrefix("@@") { lines.append(paint(line, "36", color)) }
                    else if line.hasPrefix("-") { lines.append(paint(line, "31", color)) }
                    else if line.hasPrefix("+") { lines.append(paint(line, "32", color)) }
                    else { lines.append(line) }
                }
            case .text(let text):
                lines += text
            }
        }
        return lines
    }
}

func paint(_ text: String, _ code: String, _ color: Bool) -> String {
    color ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
}

extension TestFiles.Kind {
    var isFile: Bool { if case .file = self { return true } else { return false } }
}
