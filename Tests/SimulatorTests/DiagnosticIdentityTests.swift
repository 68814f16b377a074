import XCTest
import Foundation
import TableLabSyntax
import TableLabInterpreter
import TableLabTestSupport
@testable import TableLabSimulator

/// Every error the simulator makes has an identity (a case of one of its message enums),
/// so code reacts to what an error is and never to its wording (issue 8).
final class DiagnosticIdentityTests: XCTestCase {
    /// The ways of making a diagnostic from text that the lower layers still offer:
    /// `UnclassifiedMessage`, and `Diagnostic`'s initializers and factories given a
    /// string literal or an interpolation. Comments do not count.
    static let scan = FreeTextScan(module: "TableLabSimulator", patterns: FreeTextScan.diagnosticPatterns + [
        #"\bruntimeError\(\s*""#,
        #"\bunsetValueError\(\s*""#,
    ])

    static func freeTextErrors(in text: String) -> [Int] { scan.freeTextErrors(in: text) }

    func testTheCheckFindsAnErrorMadeFromText() {
        XCTAssertEqual(Self.freeTextErrors(in: #"throw Interpreter.runtimeError("no such row")"#), [1])
        XCTAssertEqual(Self.freeTextErrors(in: "let a = 1\nthrow Diagnostic.error(\"x\", at: .unknown)"), [2])
        XCTAssertEqual(Self.freeTextErrors(in: #"return Diagnostic(.warning, "x", at: l)"#), [1])
        XCTAssertEqual(Self.freeTextErrors(in: #"d.notes.append(.note("here", at: l))"#), [1])
        XCTAssertEqual(Self.freeTextErrors(in: #"RuntimeError(UnclassifiedMessage(text), at: l)"#), [1])
        XCTAssertEqual(Self.freeTextErrors(in: #"throw context.error(ExplorerMessage.nothingToUndo) // not .error("x")"#), [])
    }

    func testNoSimulatorErrorIsMadeFromText() throws {
        let files = try Self.scan.sourceFiles()
        XCTAssertGreaterThan(files.count, 50, "the simulator's sources were not found at \(Self.scan.root.path)")
        XCTAssertEqual(Self.scan.freeTextErrors(in: files), [],
                       "errors made from free text; give each a case of UIKitMessage, TableMessage or ExplorerMessage")
    }

    /// Two messages with one ID could not be told apart by the code that reacts to them.
    func testEverySimulatorMessageIDIsUnique() throws {
        let owners = try FreeTextScan.messageIDOwners(in: Self.scan.sourceFiles())
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
