// The script tests: every Tests/ScriptTests/Scripts/**/*.tlab run through the built
// `tablelab`, compared with its directive comments (see Tests/ScriptTests/README.md).
//
// Environment:
//   TABLELAB_BIN      the executable to test (default: the one SwiftPM built beside this bundle)
//   TABLELAB_SCRIPTS  run only scripts whose path below Scripts/ contains this text

import Foundation
import XCTest

final class ScriptTests: XCTestCase {
    func testEveryScript() throws {
        guard let binary = ScriptRunner.locateBinary() else {
            XCTFail("no `tablelab` executable beside the test bundle; build it (`swift build`) or set TABLELAB_BIN")
            return
        }
        let root = ScriptRunner.scriptsFolder()
        var scripts = ScriptRunner.discover(in: root)
        if let filter = ProcessInfo.processInfo.environment["TABLELAB_SCRIPTS"], !filter.isEmpty {
            scripts = scripts.filter { $0.relativePath.contains(filter) }
        }
        guard !scripts.isEmpty else {
            XCTFail("no .tlab scripts found under \(root.path)")
            return
        }

        let results = ScriptRunner(binary: binary).runAll(scripts)

        for result in results where !result.passed {
            let message = "Tests/ScriptTests/Scripts/\(result.script.relativePath) failed:\n"
                + result.failures.joined(separator: "\n") + "\n"
            #if os(Linux)
            recordFailure(withDescription: message, inFile: result.script.url.path, atLine: 1, expected: true)
            #else
            XCTFail(message)
            #endif
        }
        print(Self.summary(results, binary: binary))
    }

    /// One line per area: how many scripts passed, and which failed.
    static func summary(_ results: [ScriptResult], binary: URL) -> String {
        var areas: [String: (passed: Int, failed: [String])] = [:]
        for r in results {
            var entry = areas[r.script.area, default: (0, [])]
            if r.passed { entry.passed += 1 } else { entry.failed.append(r.script.relativePath) }
            areas[r.script.area] = entry
        }
        let failed = results.filter { !$0.passed }.count
        var lines = ["Script tests (\(binary.path)):"]
        for (area, entry) in areas.sorted(by: { $0.key < $1.key }) {
            let total = entry.passed + entry.failed.count
            var line = "  \(area.padding(toLength: max(area.count, 16), withPad: " ", startingAt: 0)) \(entry.passed)/\(total) passed"
            if !entry.failed.isEmpty {
                let shown = entry.failed.prefix(8).map { ($0 as NSString).lastPathComponent }
                line += "  failed: " + shown.joined(separator: ", ") + (entry.failed.count > 8 ? ", ..." : "")
            }
            lines.append(line)
        }
        lines.append("  total            \(results.count - failed)/\(results.count) passed, \(failed) failed")
        return lines.joined(separator: "\n")
    }
}
