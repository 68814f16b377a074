import XCTest
import Foundation
import TableLabSyntax
import TableLabInterpreter
@testable import TableLabSimulator

/// Every error the simulator makes has an identity (a case of one of its message enums),
/// so code reacts to what an error is and never to its wording (issue 8).
final class DiagnosticIdentityTests: XCTestCase {
    static let simulatorSources = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/TableLabSimulator")

    static func sourceFiles() throws -> [(name: String, text: String)] {
        let root = simulatorSources
        guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { return [] }
        var files: [(String, String)] = []
        for case let url as URL in walker where url.pathExtension == "swift" {
            files.append((url.path.replacingOccurrences(of: root.path + "/", with: ""), try String(contentsOf: url, encoding: .utf8)))
        }
        return files.sorted { $0.0 < $1.0 }
    }

    /// The ways of making a diagnostic from text that the lower layers still offer:
    /// `UnclassifiedMessage`, and `Diagnostic`'s initializers and factories given a
    /// string literal or an interpolation. Comments do not count.
    static let freeTextPatterns: [NSRegularExpression] = [
        #"\bUnclassifiedMessage\b"#,
        #"(?:\bDiagnostic)?\.(error|warning|note)\(\s*""#,
        #"\bDiagnostic\(\s*\.(error|warning|note)\s*,\s*""#,
        #"\bruntimeError\(\s*""#,
        #"\bunsetValueError\(\s*""#,
    ].map { try! NSRegularExpression(pattern: $0) }

    static func freeTextErrors(in text: String) -> [Int] {
        var lines: [Int] = []
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = String(rawLine)
            let code = line.range(of: "//").map { String(line[..<$0.lowerBound]) } ?? line
            let range = NSRange(code.startIndex..., in: code)
            if freeTextPatterns.contains(where: { $0.firstMatch(in: code, range: range) != nil }) { lines.append(index + 1) }
        }
        return lines
    }

    func testTheCheckFindsAnErrorMadeFromText() {
        XCTAssertEqual(Self.freeTextErrors(in: #"throw Interpreter.runtimeError("no such row")"#), [1])
        XCTAssertEqual(Self.freeTextErrors(in: "let a = 1\nthrow Diagnostic.error(\"x\", at: .unknown)"), [2])
        XCTAssertEqual(Self.freeTextErrors(in: #"return Diagnostic(.warning, "x", at: l)"#), [1])
        XCTAssertEqual(Self.freeTextErrors(in: #"d.notes.append(.note("here", at: l))"#), [1])
        XCTAssertEqual(Self.freeTextErrors(in: #"RuntimeError(UnclassifiedMessage(text), at: l)"#), [1])
        XCTAssertEqual(Self.freeTextErrors(in: #"throw context.error(ExplorerMessage.nothingToUndo) // not .error("x")"#), [])
    }

    func testNoSimulatorErrorIsMadeFromText() throws {
        let files = try Self.sourceFiles()
        XCTAssertGreaterThan(files.count, 50, "the simulator's sources were not found at \(Self.simulatorSources.path)")
        var found: [String] = []
        for (name, text) in files {
            found += Self.freeTextErrors(in: text).map { "\(name):\($0)" }
        }
        XCTAssertEqual(found, [], "errors made from free text; give each a case of UIKitMessage, TableMessage or ExplorerMessage")
    }

    /// Two messages with one ID could not be told apart by the code that reacts to them.
    func testEverySimulatorMessageIDIsUnique() throws {
        let id = try NSRegularExpression(pattern: #"case \.(\w+)[^\n]*?: return DiagnosticID\("([^"]+)"\)"#)
        var owners: [String: [String]] = [:]
        for (name, text) in try Self.sourceFiles() {
            for m in id.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                let caseName = String(text[Range(m.range(at: 1), in: text)!])
                owners[String(text[Range(m.range(at: 2), in: text)!]), default: []].append("\(name): .\(caseName)")
            }
        }
        XCTAssertGreaterThan(owners.count, 100)
        XCTAssertEqual(owners.filter { $0.value.count > 1 }, [:])
    }

    /// The explorer's own errors carry their case, not text.
    func testCommandErrorsAreIdentified() {
        let session = ExplorerTests.Session()
        let expected: [(String, DiagnosticID)] = [
            (":nosuchcommand", ExplorerMessage.unknownCommand("", suggestion: nil).id),
            (":show", TableMessage.noTableYet.id),
            (":undo", ExplorerMessage.nothingToUndo.id),
            (":device nowhere", ExplorerMessage.unknownDevice("", devices: []).id),
            (":show Nowhere", ExplorerMessage.cannotFindTable("", suggestion: nil, tables: []).id),
            (":reload", ExplorerMessage.nothingToReload.id),
        ]
        for (entry, id) in expected {
            let d = session.fail(entry)
            XCTAssertEqual(d?.id, id, entry)
            XCTAssertNotEqual(d?.id, DiagnosticID.unclassified, entry)
        }
    }

    /// A run-time error the simulator raises is one of its cases, with its arguments.
    func testSimulatorRunTimeErrorsAreIdentified() {
        let session = ExplorerTests.Session()
        session.enter(ExplorerTests.fruits)
        let d = session.fail(":select 0 9")
        XCTAssertEqual(d?.content as? UIKitMessage, .noSuchRow(row: 9, section: 0, table: "Basket", count: 2))
    }
}
