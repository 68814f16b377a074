import XCTest
import Foundation
@testable import TableLabSyntax

/// Every error and note the lexer and the parser make has an identity (a case of
/// `SyntaxMessage`), so code reacts to what a syntax error is and never to its wording
/// (issue 8), as swift-syntax's `MessageID` does.
final class SyntaxMessageIdentityTests: XCTestCase {
    static let syntaxSources = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/TableLabSyntax")

    /// The syntax module's files, without the one that defines the text-based
    /// `Diagnostic` initializers and `UnclassifiedMessage` for the layers above.
    static func sourceFiles() throws -> [(name: String, text: String)] {
        let root = syntaxSources
        guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { return [] }
        var files: [(String, String)] = []
        for case let url as URL in walker where url.pathExtension == "swift" {
            let name = url.path.replacingOccurrences(of: root.path + "/", with: "")
            if name == "Diagnostics/Diagnostic.swift" { continue }
            files.append((name, try String(contentsOf: url, encoding: .utf8)))
        }
        return files.sorted { $0.0 < $1.0 }
    }

    /// A diagnostic made from text: `UnclassifiedMessage`, `Diagnostic`'s initializers and
    /// factories given a string literal or an interpolation, and the parser's and the
    /// lexer's error makers given one. Comments do not count.
    static let freeTextPatterns: [NSRegularExpression] = [
        #"\bUnclassifiedMessage\b"#,
        #"(?:\bDiagnostic)?\.(error|warning|note)\(\s*""#,
        #"\bDiagnostic\(\s*\.(error|warning|note)\s*,\s*""#,
        #"\b(error|missing|errorAfterPrevious|unclosed|fail)\(\s*""#,
        #"\b(SyntaxError|LexError)\(\s*(message|content):\s*""#,
        #"\bvar message:\s*String\s*$"#,
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
        let files = try Self.sourceFiles()
        XCTAssertGreaterThan(files.count, 15, "the syntax module's sources were not found at \(Self.syntaxSources.path)")
        var found: [String] = []
        for (name, text) in files {
            found += Self.freeTextErrors(in: text).map { "\(name):\($0)" }
        }
        XCTAssertEqual(found, [], "syntax errors made from free text; give each a case of SyntaxMessage")
    }

    /// Two messages with one ID could not be told apart by the code that reacts to them.
    func testEverySyntaxMessageIDIsUnique() throws {
        let text = try String(contentsOf: Self.syntaxSources.appendingPathComponent("Diagnostics/SyntaxMessage.swift"), encoding: .utf8)
        let id = try NSRegularExpression(pattern: #"case \.(\w+)[^\n]*?: return DiagnosticID\("([^"]+)"\)"#)
        var owners: [String: [String]] = [:]
        for m in id.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
            owners[String(text[Range(m.range(at: 2), in: text)!]), default: []].append(String(text[Range(m.range(at: 1), in: text)!]))
        }
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
