import XCTest
import Foundation
import TableLabSyntax
import TableLabInterpreter
@testable import TableLabSimulator

/// Runs the simulator's and the commands' script tests (Tests/ScriptTests/Scripts/simulator
/// and .../commands) through an Explorer directly, with the rules of
/// SCRIPT_TEST_FORMAT.md, so that they hold for the simulator whatever the command line does.
final class ExplorerScriptTests: XCTestCase {
    static let scriptsDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("ScriptTests/Scripts")

    struct Outcome {
        var stdout = ""
        var stderr = ""
        var status: Int32 = 0
    }

    /// Runs one script as `tablelab NAME.tlab` would, in its own folder, 80 columns, no colour.
    static func run(_ url: URL, maxSteps: Int? = nil) throws -> Outcome {
        let text = try String(contentsOf: url, encoding: .utf8)
        let previous = FileManager.default.currentDirectoryPath
        guard FileManager.default.changeCurrentDirectoryPath(url.deletingLastPathComponent().path) else {
            throw CocoaError(.fileNoSuchFile)
        }
        defer { _ = FileManager.default.changeCurrentDirectoryPath(previous) }
        var outcome = Outcome()
        let explorer = Explorer(options: .init(maxSteps: maxSteps))
        explorer.terminalWidth = { 80 }
        explorer.output = { outcome.stdout += $0 }
        let renderer = DiagnosticRenderer(useColor: false)
        explorer.warningHandler = { outcome.stderr += renderer.render($0) }
        explorer.errorHandler = { outcome.stderr += renderer.render($0) }
        do {
            try explorer.runScript(SourceFile(name: url.lastPathComponent, text: text))
            if explorer.errorsReported { outcome.status = 1 }
        } catch {
            outcome.stderr += renderer.render(error)
            outcome.status = 1
        }
        return outcome
    }

    struct Expectations {
        var stdout: [String] = []
        var diagnostics: [String] = []
        var stderr: [String] = []
        var status: Int32?
        var arguments: [String] = []
    }

    static func expectations(_ text: String) -> Expectations {
        var e = Expectations()
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if let r = line.range(of: "// expect-diag: ") {
                e.diagnostics.append(String(line[r.upperBound...]))
            } else if let r = line.range(of: "// expect-stderr: ") {
                e.stderr.append(String(line[r.upperBound...]))
            } else if let r = line.range(of: "// args: ") {
                e.arguments = line[r.upperBound...].split(separator: " ").map(String.init)
            } else if let r = line.range(of: "// expect-exit: ") {
                e.status = Int32(line[r.upperBound...].trimmingCharacters(in: .whitespaces))
            } else if let r = line.range(of: "// expect:") {
                var rest = line[r.upperBound...]
                if rest.hasPrefix(" ") { rest = rest.dropFirst() }
                e.stdout.append(String(rest))
            }
        }
        return e
    }

    static func diagnosticHeaders(_ stderr: String) -> [String] {
        stderr.split(separator: "\n").compactMap { line -> String? in
            guard let colon = line.firstIndex(of: ":"), !line[..<colon].contains(" ") else { return nil }
            let rest = line[line.index(after: colon)...]
            let parts = rest.split(separator: ":", maxSplits: 2)
            guard parts.count == 3, Int(parts[0]) != nil, Int(parts[1]) != nil,
                  [" error", " warning", " note"].contains(where: { parts[2].hasPrefix($0 + ": ") }) else { return nil }
            return String(rest)
        }
    }

    func check(_ folder: String) throws {
        let directory = Self.scriptsDirectory.appendingPathComponent(folder)
        let files = try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "tlab" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        XCTAssertFalse(files.isEmpty, "no scripts in \(directory.path)")
        for url in files {
            let text = try String(contentsOf: url, encoding: .utf8)
            let expected = Self.expectations(text)
            // Only --max-steps has a meaning below the command line.
            var maxSteps: Int?
            if !expected.arguments.isEmpty {
                guard expected.arguments.count == 2, expected.arguments[0] == "--max-steps",
                      let steps = Int(expected.arguments[1]) else { continue }
                maxSteps = steps
            }
            let outcome = try Self.run(url, maxSteps: maxSteps)
            let name = "\(folder)/\(url.lastPathComponent)"
            let stdoutFile = url.deletingPathExtension().appendingPathExtension("stdout")
            if let golden = try? String(contentsOf: stdoutFile, encoding: .utf8) {
                XCTAssertEqual(outcome.stdout, golden, "\(name): standard output")
            } else {
                XCTAssertEqual(outcome.stdout, expected.stdout.map { $0 + "\n" }.joined(), "\(name): standard output")
            }
            XCTAssertEqual(Self.diagnosticHeaders(outcome.stderr), expected.diagnostics, "\(name): diagnostics\n\(outcome.stderr)")
            let errorLines = outcome.stderr.split(separator: "\n", omittingEmptySubsequences: false).map { String($0).trimmingTrailingSpaces() }
            var position = errorLines.startIndex
            for line in expected.stderr {
                guard let found = errorLines[position...].firstIndex(of: line.trimmingTrailingSpaces()) else {
                    XCTFail("\(name): standard error lacks '\(line)' (in order)\n\(outcome.stderr)")
                    break
                }
                position = found + 1
            }
            let status = expected.status ?? (expected.diagnostics.contains { $0.contains(": error: ") } ? 1 : 0)
            XCTAssertEqual(outcome.status, status, "\(name): exit status")
        }
    }

    func testSimulatorScripts() throws { try check("simulator") }

    func testCommandScripts() throws { try check("commands") }
}
