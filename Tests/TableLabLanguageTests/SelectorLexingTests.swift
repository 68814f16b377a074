import XCTest
@testable import TableLabSyntax

/// `#selector(...)` is lexed as the call `#selector("reference")`; Xcode's editor
/// placeholders are swiftc's "editor placeholder in source file".
final class SelectorLexingTests: XCTestCase {
    private func kinds(_ text: String) throws -> [String] {
        var lexer = Lexer(text: text)
        return try lexer.tokenize().map { t in
            switch t.kind {
            case .identifier(let s): return "id:\(s)"
            case .string(let parts):
                return "str:" + parts.map { if case .text(let s) = $0 { return s } else { return "?" } }.joined()
            case .leftParen: return "("
            case .rightParen: return ")"
            case .comma: return ","
            case .eof: return "eof"
            default: return "other"
            }
        }
    }

    private func error(_ text: String) -> String {
        var lexer = Lexer(text: text)
        do {
            _ = try lexer.tokenize()
            return "no error"
        } catch {
            return "\(error.location): \(error.message)"
        }
    }

    func testSelectorBecomesACallWithTheReferenceAsText() throws {
        XCTAssertEqual(try kinds("f(#selector(tap(_:)), x)"),
                       ["id:f", "(", "id:#selector", "(", "str:tap(_:)", ")", ",", "id:x", ")", "eof"])
        XCTAssertEqual(try kinds("#selector( Screen.tap( sender: ) )"),
                       ["id:#selector", "(", "str:Screen.tap(sender:)", ")", "eof"])
        XCTAssertEqual(try kinds("#selector(refresh)"), ["id:#selector", "(", "str:refresh", ")", "eof"])
    }

    func testSelectorPositions() throws {
        var lexer = Lexer(text: "let a = #selector(tap)\nlet b = 1")
        let tokens = try lexer.tokenize()
        XCTAssertEqual(tokens[3].location, SourceLocation(line: 1, column: 9))
        XCTAssertEqual(tokens[7].location, SourceLocation(line: 2, column: 1))
    }

    func testBadSelectors() {
        XCTAssertEqual(error("let a = #selector"), "1:18: expected '(' following '#selector'")
        XCTAssertEqual(error("let a = #selector()"), "1:19: expected expression in '#selector' expression")
        XCTAssertEqual(error("let a = #selector(tap"), "1:18: expected ')' to complete '#selector' expression")
    }

    func testSelectorRefusesControlCharactersAndSkipsComments() throws {
        // scripts/fuzz (seed 37): a raw NUL went into the selector's string and out raw.
        XCTAssertEqual(error("(#selector(\u{0}))"), "1:12: invalid character in source file")
        XCTAssertEqual(error("#selector(tap\u{1B}[2J)"), "1:14: invalid character in source file")
        XCTAssertEqual(try kinds("#selector(tap /* ) */)"), ["id:#selector", "(", "str:tap", ")", "eof"])
        XCTAssertEqual(try kinds("#selector(tap(_:) // )\n)"), ["id:#selector", "(", "str:tap(_:)", ")", "eof"])
    }

    func testEditorPlaceholders() {
        XCTAssertEqual(error("func f() {\n    <#code#>\n}"), "2:5: editor placeholder in source file")
        XCTAssertEqual(error("let a = <#T##Int#> + 1"), "1:9: editor placeholder in source file")
        // No `#>` on the line: the operator `<`, then `#` (not a placeholder).
        XCTAssertNotEqual(error("let a = b <# c\n#>"), "1:11: editor placeholder in source file")
        XCTAssertEqual(error("let s = \"<#code#>\" // <#code#>"), "no error")
    }
}
