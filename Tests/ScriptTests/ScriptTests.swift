// The script tests: every Tests/ScriptTests/Scripts/**/*.tlab run through the built
// `tablelab`, compared with its directive comments (see Tests/ScriptTests/README.md).
//
// Environment:
//   TABLELAB_BIN      the executable to test (default: the one SwiftPM built beside this bundle)
//   TABLELAB_SCRIPTS  run only scripts whose path below Scripts/ contains this text

import Foundation
import XCTest

final class ScriptTests: XCTestCase {
    // One test method per area folder, so that `swift test --filter ScriptTests` reports
    // per area. Scripts in a folder not listed here run in testOtherAreas, so none is missed.
    static let areas: Set<String> = [
        "arrays",
        "cli",
        "control",
        "dictionaries",
        "enums",
        "errors",
        "functions",
        "lexical",
        "literals",
        "operators",
        "optionals",
        "print",
        "ranges",
        "runner",
        "seeds",
        "strings",
        "structs",
        "switch",
        "tuples",
        "types",
        "variables",
    ]

    func test_arrays() throws { try runArea("arrays") }
    func test_cli() throws { try runArea("cli") }
    func test_control() throws { try runArea("control") }
    func test_dictionaries() throws { try runArea("dictionaries") }
    func test_enums() throws { try runArea("enums") }
    func test_errors() throws { try runArea("errors") }
    func test_functions() throws { try runArea("functions") }
    func test_lexical() throws { try runArea("lexical") }
    func test_literals() throws { try runArea("literals") }
    func test_operators() throws { try runArea("operators") }
    func test_optionals() throws { try runArea("optionals") }
    func test_print() throws { try runArea("print") }
    func test_ranges() throws { try runArea("ranges") }
    func test_runner() throws { try runArea("runner") }
    func test_seeds() throws { try runArea("seeds") }
    func test_strings() throws { try runArea("strings") }
    func test_structs() throws { try runArea("structs") }
    func test_switch() throws { try runArea("switch") }
    func test_tuples() throws { try runArea("tuples") }
    func test_types() throws { try runArea("types") }
    func test_variables() throws { try runArea("variables") }

    func testOtherAreas() throws {
        try runScripts(named: "other areas") { !Self.areas.contains($0.area) }
    }

    func testTheScriptsFolderIsNotEmpty() {
        XCTAssertFalse(ScriptRunner.discover(in: ScriptRunner.scriptsFolder()).isEmpty,
                       "no .tlab scripts under \(ScriptRunner.scriptsFolder().path)")
    }

    private func runArea(_ area: String) throws {
        try runScripts(named: area) { $0.area == area }
    }

    private func runScripts(named name: String, where belongs: (ScriptFile) -> Bool) throws {
        let root = ScriptRunner.scriptsFolder()
        var scripts = ScriptRunner.discover(in: root).filter(belongs)
        if let filter = ProcessInfo.processInfo.environment["TABLELAB_SCRIPTS"], !filter.isEmpty {
            scripts = scripts.filter { $0.relativePath.contains(filter) }
        }
        if scripts.isEmpty {
            throw XCTSkip("no scripts for \(name) under \(root.path)")
        }
        guard let binary = ScriptRunner.locateBinary() else {
            XCTFail("no `tablelab` executable beside the test bundle; build it (`swift build`) or set TABLELAB_BIN")
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
        print(Self.summary(results))
    }

    /// One line per area: how many scripts passed, and which failed.
    static func summary(_ results: [ScriptResult]) -> String {
        var areas: [String: (passed: Int, failed: [String])] = [:]
        for r in results {
            var entry = areas[r.script.area, default: (0, [])]
            if r.passed { entry.passed += 1 } else { entry.failed.append(r.script.relativePath) }
            areas[r.script.area] = entry
        }
        var lines: [String] = []
        for (area, entry) in areas.sorted(by: { $0.key < $1.key }) {
            let total = entry.passed + entry.failed.count
            var line = "script tests \(area): \(entry.passed)/\(total) passed"
            if !entry.failed.isEmpty {
                let shown = entry.failed.prefix(8).map { ($0 as NSString).lastPathComponent }
                line += "; failed: " + shown.joined(separator: ", ") + (entry.failed.count > 8 ? ", ..." : "")
            }
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }
}
