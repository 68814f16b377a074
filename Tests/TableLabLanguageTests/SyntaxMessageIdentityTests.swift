import XCTest
import Foundation
@testable import TableLabSyntax
import TableLabTestSupport

/// Every error and note the lexer and the parser make has an identity (a case of
/// `SyntaxMessage`), so code reacts to what a syntax error is and never to its wording
/// (issue 8), as swift-syntax's `MessageID` does.
final class SyntaxMessageIdentityTests: XCTestCase {
    /// A diagnostic made from text: `UnclassifiedMessage`, `Diagnostic`'s initializers and
    /// factories given a string literal or an interpolation, and the parser's and the
    /// lexer's error makers given one. Comments do not count. The file that defines the
    /// text-based `Diagnostic` initializers and `UnclassifiedMessage` for the layers above
    /// is left out.
    static let scan = FreeTextScan(module: "TableLabSyntax", patterns: FreeTextScan.diagnosticPatterns + [
        #"\b(error|missing|errorAfterPrevious|unclosed|fail)\(\s*""#,
        #"\b(SyntaxError|LexError)\(\s*(message|content):\s*""#,
        #"\bvar message:\s*String\s*$"#,
    ], excluding: ["Diagnostics/Diagnostic.swift"])

    static func freeTextErrors(in text: String) -> [Int] { scan.freeTextErrors(in: text) }

    func testTheCheckFindsAnErrorMadeFromText() {
        XCTAssertEqual(Self.freeTextErrors(in: #"throw error("expected type")"#), [1])
        XCTAssertEqual(Self.freeTextErrors(in: "let a = 1\nthrow missing(\"expected '}' in \\(what)\")"), [2])
        XCTAssertEqual(Self.freeTextErrors(in: #"throw unclosed("expected ')'", opener: o, "(")"#), [1])
        XCTAssertEqual(Self.freeTextErrors(in: #"e.notes = [.note("comment started here", at: start)]"#), [1])
        XCTAssertEqual(Self.freeTextErrors(in: #"throw SyntaxError(message: "x", location: l, atEnd: false)"#), [1])
        XCTAssertEqual(Self.freeTextErrors(in: #"return .error("\(error)", at: l, in: file)"#), [1])
        XCTAssertEqual(Self.freeTextErrors(in: "struct SyntaxError: Error {\n    var message: String"), [2])
        XCTAssertEqual(Self.freeTextErrors(in: #"throw error(.expectedType) // not error("expected type")"#), [])
    }

    func testNoSyntaxErrorIsMadeFromText() throws {
        let files = try Self.scan.sourceFiles()
        XCTAssertGreaterThan(files.count, 15, "the syntax module's sources were not found at \(Self.scan.root.path)")
        XCTAssertEqual(Self.scan.freeTextErrors(in: files), [], "syntax errors made from free text; give each a case of SyntaxMessage")
    }

    /// Two messages with one ID could not be told apart by the code that reacts to them.
    func testEverySyntaxMessageIDIsUnique() throws {
        let files = try Self.scan.sourceFiles().filter { $0.name == "Diagnostics/SyntaxMessage.swift" }
        let owners = try FreeTextScan.messageIDOwners(in: files)
        XCTAssertGreaterThan(owners.count, 150)
        XCTAssertEqual(owners.filter { $0.value.count > 1 }, [:])
    }

    /// What the parser reports is a SyntaxMessage with its arguments, notes included.
    func testParseErrorsCarryTheirCase() {
        let cases: [(String, SyntaxMessage, [SyntaxMessage])] = [
            ("let x = ", .expectedInitialValueAfterEquals, []),
            ("f(1", .expectedRightParenInExpressionList, [.toMatchOpening("(")]),
            ("let a = 1 +* 2", .cannotFindOperator("+*"), []),
            ("let n = 99999999999999999999", .integerLiteralOverflowsInt("99999999999999999999"), []),
            ("/* open\n", .unterminatedCommentStartComment, [.commentStartedHere]),
            ("let x = 12abc", .invalidDigitInIntegerLiteral("a", kind: "digit"), []),
        ]
        for (source, message, notes) in cases {
            do {
                _ = try Parser.parse(SourceFile(name: "t", text: source))
                XCTFail("parsed: \(source)")
            } catch {
                let d = error.diagnostics[0]
                XCTAssertEqual(d.content as? SyntaxMessage, message, source)
                XCTAssertEqual(d.notes.map { $0.content as? SyntaxMessage }, notes, source)
                XCTAssertNotEqual(d.id, DiagnosticID.unclassified, source)
            }
        }
    }
}
