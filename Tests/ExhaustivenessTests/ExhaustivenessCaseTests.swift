// Switch by switch, TableLab's checker against swiftc: each Cases/*.swift is valid Swift
// and valid TableLab; its .expected holds what swiftc says (generated with
// TABLELAB_REGENERATE_EXPECTED=1), and both TableLab and a live swiftc must agree with it.
import XCTest
import Foundation
@testable import TableLabSyntax
@testable import TableLabExhaustiveness
@testable import TableLabInterpreter

final class ExhaustivenessCaseTests: XCTestCase {
    static var cases: [CaseFile] {
        guard let dir = Bundle.module.url(forResource: "Cases", withExtension: nil),
              let names = try? FileManager.default.contentsOfDirectory(atPath: dir.path) else { return [] }
        return names.filter { $0.hasSuffix(".swift") }.sorted().map { CaseFile(url: dir.appendingPathComponent($0)) }
    }

    /// The case files in the source tree (to regenerate .expected files).
    static let sourceCasesDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Cases")

    /// TableLab's diagnostics for a case file, one line each, notes after their diagnostic.
    static func tablelabLines(_ c: CaseFile) throws -> [String] {
        let file = SourceFile(name: c.name, text: c.text)
        let unit = try Parser.parse(file)
        let report = StaticChecker().check(unit, file: file)
        var typecheck: [String] = []
        var defaults: [String] = []
        for d in report.diagnostics {
            var lines = [render(d, c.name)]
            lines += d.notes.map { render($0, c.name) }
            if d.id == .unreachableDefault { defaults += lines } else { typecheck += lines }
        }
        // swiftc runs its SIL diagnostics only on a file that type-checks.
        if typecheck.contains(where: { $0.contains(": error: ") }) { defaults = [] }
        return typecheck + defaults
    }

    static func render(_ d: Diagnostic, _ name: String) -> String {
        "\(name):\(d.location.line):\(d.location.column): \(d.severity.rawValue): \(d.message)"
    }

    /// Switch sites where the case file says swiftc gives up (a comment on the switch line
    /// or the line above: `swiftc gives up`).
    static func givesUpLines(_ c: CaseFile) -> Set<Int> {
        let lines = c.text.split(separator: "\n", omittingEmptySubsequences: false)
        var result = Set<Int>()
        for (i, line) in lines.enumerated() where line.trimmingCharacters(in: .whitespaces).hasPrefix("switch ") {
            if line.contains("swiftc gives up") || (i > 0 && lines[i - 1].contains("swiftc gives up")) {
                result.insert(i + 1)
            }
        }
        return result
    }

    /// `-` lines only expected, `+` lines only TableLab's.
    static func diff(_ expected: [String], _ actual: [String]) -> String {
        actual.difference(from: expected).map { change in
            switch change {
            case .remove(let i, let line, _): return "  - [\(i)] \(line)"
            case .insert(let i, let line, _): return "  + [\(i)] \(line)"
            }
        }.joined(separator: "\n")
    }

    func testThereAreEnoughCases() throws {
        var switches = 0
        for c in Self.cases {
            let unit = try Parser.parse(SourceFile(name: c.name, text: c.text))
            var collector = SiteCollector(unit: unit, file: nil)
            collector.walk(unit.statements)
            XCTAssertTrue(collector.sites.allSatisfy { $0.subject != nil }, "\(c.name): every case switch has a known type")
            switches += collector.sites.count
        }
        print("[exhaustiveness cases] \(Self.cases.count) files, \(switches) switches")
        XCTAssertGreaterThanOrEqual(switches, 120, "the suite promises at least 120 switches")
    }

    func testTableLabAgreesWithExpectedFiles() throws {
        XCTAssertFalse(Self.cases.isEmpty)
        for c in Self.cases {
            let expected = (try? String(contentsOf: c.expectedURL, encoding: .utf8)) ?? "<missing \(c.expectedURL.lastPathComponent)>"
            let ours = try Self.tablelabLines(c)
            let want = expected.trimmingCharacters(in: .newlines).split(separator: "\n").map(String.init)
            if ours != want {
                XCTFail("\(c.name): TableLab differs from \(c.expectedURL.lastPathComponent):\n" + Self.diff(want, ours))
            }
        }
    }

    func testSwiftcAgreesWithExpectedFiles() throws {
        guard SwiftcOracle.swiftc != nil else { throw XCTSkip("swiftc is not on PATH") }
        let cases = Self.cases
        let regenerate = ProcessInfo.processInfo.environment["TABLELAB_REGENERATE_EXPECTED"] == "1"
        // swiftc is slow to start: two at a time.
        let box = ResultBox(count: cases.count)
        let urls = cases.map(\.url)
        DispatchQueue.concurrentPerform(iterations: 2) { worker in
            for i in stride(from: worker, to: urls.count, by: 2) {
                box.set(i, Result { try SwiftcOracle.expectedLines(for: urls[i]) })
            }
        }
        for (i, c) in cases.enumerated() {
            var swiftc = try box.get(i)
            let givesUp = Self.givesUpLines(c)
            // Where swiftc gives up, TableLab answers; the case must be marked as such and
            // swiftc must really give up there.
            let ours = try Self.tablelabLines(c)
            var merged: [String] = []
            var replaced = Set<String>()
            for line in swiftc {
                let place = line.components(separatedBy: ": ")[0]
                let lineNumber = Int(place.split(separator: ":")[1])!
                if line.contains("unable to check that this switch") {
                    XCTAssertTrue(givesUp.contains(lineNumber), "\(place): swiftc gives up on an unmarked switch")
                    replaced.insert(place)
                    merged += ours.filter { $0.hasPrefix(place + ": ") }
                    continue
                }
                if replaced.contains(place) && line.contains("add a default clause") { continue }
                merged.append(line)
            }
            for l in givesUp {
                XCTAssertTrue(replaced.contains { Int($0.split(separator: ":")[1]) == l },
                              "\(c.name):\(l) is marked 'swiftc gives up' but swiftc answered")
            }
            swiftc = merged
            let text = swiftc.joined(separator: "\n")
            if regenerate {
                let target = Self.sourceCasesDirectory.appendingPathComponent(c.expectedURL.lastPathComponent)
                try (text.isEmpty ? "" : text + "\n").write(to: target, atomically: true, encoding: .utf8)
                continue
            }
            let expected = (try? String(contentsOf: c.expectedURL, encoding: .utf8)) ?? ""
            XCTAssertEqual(text, expected.trimmingCharacters(in: .newlines),
                           "\(c.name): swiftc now says something else than \(c.expectedURL.lastPathComponent)")
        }
    }
}

/// Results written by two worker threads; every access holds the lock.
private final class ResultBox: @unchecked Sendable {
    private let lock = NSLock()
    private var results: [Result<[String], Error>?]
    init(count: Int) { results = Array(repeating: nil, count: count) }
    func set(_ i: Int, _ r: Result<[String], Error>) { lock.lock(); results[i] = r; lock.unlock() }
    func get(_ i: Int) throws -> [String] {
        lock.lock(); defer { lock.unlock() }
        return try results[i]!.get()
    }
}
