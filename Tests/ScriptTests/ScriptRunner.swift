// Finding the script tests and running the built `tablelab` on each, as whole processes
// (exit status, stdout and stderr are what a user of the command line sees).

import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One `.tlab` script test on disk.
struct ScriptFile: Sendable {
    let url: URL
    /// The path below the Scripts folder, e.g. `switch/missing_case.tlab`.
    let relativePath: String
    /// The first folder below Scripts (`switch`), or `.` for a script at the top.
    var area: String {
        let parts = relativePath.split(separator: "/")
        return parts.count > 1 ? String(parts[0]) : "."
    }
}

/// The outcome of one script: what it expected, what happened, what fell short.
struct ScriptResult: Sendable {
    let script: ScriptFile
    let failures: [String]
    var passed: Bool { failures.isEmpty }
}

struct ScriptRunner: Sendable {
    /// The `tablelab` executable under test.
    var binary: URL
    /// A hang guard, not a timing assertion: a script still running after this long has
    /// hung and is killed so that the rest of the suite can finish. Generous: a debug
    /// build on a loaded 2-core machine runs the 3-million-object scripts in 20-60 s.
    var watchdogSeconds = 300
    /// Scripts run concurrently on this many child processes.
    var workers = 2

    /// The Scripts folder of this test target, found from this source file's path.
    static func scriptsFolder(filePath: String = #filePath) -> URL {
        URL(fileURLWithPath: filePath).deletingLastPathComponent().appendingPathComponent("Scripts")
    }

    /// Every `.tlab` below `root`, sorted by path so reports come in a stable order.
    static func discover(in root: URL) -> [ScriptFile] {
        let rootPath = root.standardizedFileURL.path
        guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { return [] }
        var found: [ScriptFile] = []
        for case let url as URL in walker where url.pathExtension == "tlab" {
            let path = url.standardizedFileURL.path
            let relative = path.hasPrefix(rootPath + "/") ? String(path.dropFirst(rootPath.count + 1)) : path
            found.append(ScriptFile(url: url, relativePath: relative))
        }
        return found.sorted { $0.relativePath < $1.relativePath }
    }

    /// `TABLELAB_BIN` if set, else the `tablelab` SwiftPM built beside the test bundle
    /// (`.build/<triple>/debug/` on Linux; the bundle's parent folder on macOS).
    static func locateBinary(filePath: String = #filePath) -> URL? {
        let fm = FileManager.default
        if let override = ProcessInfo.processInfo.environment["TABLELAB_BIN"], !override.isEmpty {
            return URL(fileURLWithPath: override)
        }
        var folders: [URL] = []
        for bundle in Bundle.allBundles {
            folders.append(bundle.bundleURL.deletingLastPathComponent())
            folders.append(bundle.bundleURL)
        }
        if let exe = Bundle.main.executableURL { folders.append(exe.deletingLastPathComponent()) }
        folders.append(URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent())
        // Last resort: the package's own build folder, found from this file's path.
        let package = URL(fileURLWithPath: filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        folders.append(package.appendingPathComponent(".build/debug"))
        for folder in folders {
            let candidate = folder.appendingPathComponent("tablelab")
            var isDirectory: ObjCBool = false
            if fm.fileExists(atPath: candidate.path, isDirectory: &isDirectory), !isDirectory.boolValue,
               fm.isExecutableFile(atPath: candidate.path) {
                return candidate
            }
        }
        return nil
    }

    /// Runs every script on `workers` threads; results come back in the scripts' order.
    func runAll(_ scripts: [ScriptFile]) -> [ScriptResult] {
        let box = ResultBox(count: scripts.count)
        DispatchQueue.concurrentPerform(iterations: max(1, min(workers, scripts.count))) { _ in
            while let i = box.claimNext() {
                box.store(check(scripts[i]), at: i)
            }
        }
        return box.results.map { $0! }
    }

    /// Runs one script and compares the run with its directives.
    func check(_ script: ScriptFile) -> ScriptResult {
        let expectation: ScriptExpectation
        do {
            expectation = try Self.expectation(for: script.url)
        } catch {
            return ScriptResult(script: script, failures: ["cannot read the script: \(error)"])
        }
        let run = self.run(script.url, expectation: expectation)
        return ScriptResult(script: script, failures: ScriptCheck.failures(of: run, against: expectation))
    }

    static func expectation(for url: URL) throws -> ScriptExpectation {
        let source = try String(contentsOf: url, encoding: .utf8)
        let stdoutURL = url.deletingPathExtension().appendingPathExtension("stdout")
        let stdoutFile = FileManager.default.fileExists(atPath: stdoutURL.path)
            ? try String(contentsOf: stdoutURL, encoding: .utf8) : nil
        return ScriptDirectives.parse(source, stdoutFile: stdoutFile)
    }

    /// `tablelab [ARGS] NAME.tlab` (or `tablelab [ARGS] -` fed the file) in the script's
    /// folder, with `NO_COLOR=1`, `COLUMNS=80` and stdin from /dev/null.
    func run(_ script: URL, expectation: ScriptExpectation) -> ScriptRun {
        let folder = script.deletingLastPathComponent()
        let arguments = expectation.arguments + [expectation.runOnStdin ? "-" : script.lastPathComponent]
        return runProcess(arguments: arguments, in: folder,
                          stdin: expectation.runOnStdin ? script.path : "/dev/null")
    }

    func runProcess(arguments: [String], in folder: URL, stdin stdinPath: String) -> ScriptRun {
        let fm = FileManager.default
        let scratch = fm.temporaryDirectory.appendingPathComponent("tablelab-script-\(UUID().uuidString)")
        do {
            try fm.createDirectory(at: scratch, withIntermediateDirectories: true)
        } catch {
            return ScriptRun(stdout: "", stderr: "", end: .couldNotStart("no scratch folder: \(error)"))
        }
        defer { try? fm.removeItem(at: scratch) }
        // Files, not pipes: a child that fills one pipe while we drain the other cannot stall.
        let outURL = scratch.appendingPathComponent("stdout")
        let errURL = scratch.appendingPathComponent("stderr")
        _ = fm.createFile(atPath: outURL.path, contents: nil)
        _ = fm.createFile(atPath: errURL.path, contents: nil)

        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.currentDirectoryURL = folder
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        environment["COLUMNS"] = "80"
        process.environment = environment

        let end: ProcessEnd
        do {
            let input = try FileHandle(forReadingFrom: URL(fileURLWithPath: stdinPath))
            let output = try FileHandle(forWritingTo: outURL)
            let errors = try FileHandle(forWritingTo: errURL)
            defer { try? input.close(); try? output.close(); try? errors.close() }
            process.standardInput = input
            process.standardOutput = output
            process.standardError = errors
            let exited = DispatchSemaphore(value: 0)
            process.terminationHandler = { _ in exited.signal() }
            try process.run()
            if exited.wait(timeout: .now() + .seconds(watchdogSeconds)) == .timedOut {
                process.terminate()
                if exited.wait(timeout: .now() + .seconds(5)) == .timedOut {
                    kill(process.processIdentifier, SIGKILL)
                    exited.wait()
                }
                end = .hung(seconds: watchdogSeconds)
            } else if process.terminationReason == .uncaughtSignal {
                end = .signalled(process.terminationStatus)
            } else {
                end = .exited(process.terminationStatus)
            }
        } catch {
            return ScriptRun(stdout: "", stderr: "", end: .couldNotStart("\(binary.path): \(error)"))
        }
        let stdout = (try? Data(contentsOf: outURL)).map { String(decoding: $0, as: UTF8.self) } ?? ""
        let stderr = (try? Data(contentsOf: errURL)).map { String(decoding: $0, as: UTF8.self) } ?? ""
        return ScriptRun(stdout: stdout, stderr: stderr, end: end)
    }
}

/// The work list and result slots shared by the worker threads.
private final class ResultBox: @unchecked Sendable {
    // @unchecked: every access to `next` and `slots` holds `lock`.
    private let lock = NSLock()
    private var next = 0
    private var slots: [ScriptResult?]

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    func claimNext() -> Int? {
        lock.lock(); defer { lock.unlock() }
        guard next < slots.count else { return nil }
        defer { next += 1 }
        return next
    }

    func store(_ result: ScriptResult, at index: Int) {
        lock.lock(); defer { lock.unlock() }
        slots[index] = result
    }

    var results: [ScriptResult?] {
        lock.lock(); defer { lock.unlock() }
        return slots
    }
}
