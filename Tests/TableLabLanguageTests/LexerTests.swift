import XCTest
@testable import TableLabSyntax
@testable import TableLabExhaustiveness
@testable import TableLabInterpreter

/// Lexes `text`, failing the test on an error.
private func lex(_ text: String, lineOffset: Int = 0, file: StaticString = #filePath, line: UInt = #line) -> [Token] {
    var lexer = Lexer(text: text, lineOffset: lineOffset)
    do {
        return try lexer.tokenize()
    } catch {
        XCTFail("unexpected lex error \(error.location): \(error.message)", file: file, line: line)
        return []
    }
}

/// The lex error for `text` as "line:col: message", and its `atEnd` flag.
private func lexError(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> (String, Bool) {
    var lexer = Lexer(text: text)
    do {
        let tokens = try lexer.tokenize()
        XCTFail("expected a lex error, got \(tokens.count) tokens", file: file, line: line)
        return ("", false)
    } catch {
        return ("\(error.location): \(error.message)", error.atEnd)
    }
}

/// A short spelling of each token, for comparing whole token streams.
private func show(_ tokens: [Token]) -> [String] {
    tokens.map { t in
        switch t.kind {
        case .identifier(let s): return "id:\(s)"
        case .keyword(let k): return "kw:\(k.rawValue)"
        case .integer(let d, let r): return "int:\(d)/\(r)"
        case .double(let d): return "dbl:\(d)"
        case .string(let parts): return "str:" + parts.map { p -> String in
            switch p {
            case .text(let s): return "<\(s)>"
            case .interpolation(let ts): return "(" + show(ts).joined(separator: " ") + ")"
            }
        }.joined()
        case .shorthand(let n): return "$\(n)"
        case .operator(let o): return "op:\(o)"
        case .attribute(let a): return "@\(a)"
        case .command(let n, let a): return "cmd:\(n)|\(a)"
        case .eof: return "eof"
        default: return t.spelling
        }
    }
}

/// The text of the single string literal in `source`.
private func stringText(_ source: String, file: StaticString = #filePath, line: UInt = #line) -> String? {
    let tokens = lex(source, file: file, line: line)
    guard case .string(let parts) = tokens.first?.kind, parts.count == 1, case .text(let s) = parts[0] else {
        XCTFail("not a plain string: \(show(tokens))", file: file, line: line)
        return nil
    }
    return s
}

final class LexerTests: XCTestCase {
    func testSimpleStatement() {
        XCTAssertEqual(show(lex("let x = foo(1, y: 2.5)")),
                       ["kw:let", "id:x", "op:=", "id:foo", "(", "int:1/10", ",", "id:y", ":", "dbl:2.5", ")", "eof"])
    }

    func testIntegerForms() {
        XCTAssertEqual(show(lex("42 1_000 0x1F 0b101 0o17")),
                       ["int:42/10", "int:1000/10", "int:1F/16", "int:101/2", "int:17/8", "eof"])
    }

    func testDoubleForms() {
        XCTAssertEqual(show(lex("44.0 1e3 1.5e-3 2E+2")), ["dbl:44.0", "dbl:1000.0", "dbl:0.0015", "dbl:200.0", "eof"])
    }

    func testTupleIndexAfterDotIsNotADouble() {
        XCTAssertEqual(show(lex("t.0.1")), ["id:t", ".", "int:0/10", ".", "int:1/10", "eof"])
        XCTAssertEqual(show(lex("5.squared")), ["int:5/10", ".", "id:squared", "eof"])
    }

    func testKeywordsAndBacktickedIdentifiers() {
        XCTAssertEqual(show(lex("if `default` true nil self table")),
                       ["kw:if", "id:default", "kw:true", "kw:nil", "kw:self", "id:table", "eof"])
    }

    func testUnicodeIdentifiersAndScalarColumns() {
        let tokens = lex("let café = \"é\"; 名前 🐶")
        XCTAssertEqual(show(tokens), ["kw:let", "id:café", "op:=", "str:<é>", ";", "id:名前", "id:🐶", "eof"])
        // Columns count Unicode scalars: "let café = \"é\"; " is 16 scalars.
        XCTAssertEqual(tokens[5].location, SourceLocation(line: 1, column: 17))
        XCTAssertEqual(tokens[6].location, SourceLocation(line: 1, column: 20))
    }

    func testEscapes() {
        XCTAssertEqual(stringText(#""a\nb\tc\rd\0e\"f\'g\\h""#), "a\nb\tc\rd\0e\"f'g\\h")
        XCTAssertEqual(stringText(#""\u{1F600}\u{41}""#), "😀A")
    }

    func testInterpolationWithNestedParensAndStrings() {
        XCTAssertEqual(show(lex(#""a\(f((1)) + "b\(c)")z""#)),
                       ["str:<a>(id:f ( ( int:1/10 ) ) op:+ str:<b>(id:c eof) eof)<z>", "eof"])
    }

    func testMultilineStringStripsClosingIndentation() {
        let source = "let s = \"\"\"\n    hello\n      world\n\n    end\\\n    ing\n    \"\"\""
        let tokens = lex(source)
        guard case .string(let parts) = tokens[3].kind, case .text(let s) = parts[0] else {
            return XCTFail("not a string: \(show(tokens))")
        }
        XCTAssertEqual(s, "hello\n  world\n\nending")
        XCTAssertEqual(tokens[4].location, SourceLocation(line: 7, column: 8))
    }

    func testMultilineStringWithInterpolationAndQuotes() {
        XCTAssertEqual(show(lex("\"\"\"\n  a \"q\" \\(x)\n  \"\"\"")), ["str:<a \"q\" >(id:x eof)", "eof"])
        XCTAssertEqual(stringText("\"\"\"\n\"\"\""), "")
    }

    func testCommentsNestAndCountAsWhitespace() {
        XCTAssertEqual(show(lex("a /* x /* y */ z */ b // c\nd")), ["id:a", "id:b", "id:d", "eof"])
        let tokens = lex("a/**/-b")
        XCTAssertTrue(tokens[1].spaceBefore, "a comment counts as whitespace")
    }

    func testOperatorWhitespaceRule() {
        let binary = lex("a - b")[1], prefix = lex("a -b")[1], postfix = lex("a! b")[1], tight = lex("a-b")[1]
        XCTAssertTrue(binary.isBinaryOperatorForm)
        XCTAssertTrue(prefix.isPrefixOperatorForm)
        XCTAssertTrue(postfix.isPostfixOperatorForm)
        XCTAssertTrue(tight.isBinaryOperatorForm)
        XCTAssertTrue(lex("a!.b")[1].isPostfixOperatorForm, "an operator before '.' is postfix")
    }

    func testOperatorsAndRanges() {
        XCTAssertEqual(show(lex("0..<n 1...5 a ?? b -> c != d")),
                       ["int:0/10", "op:..<", "id:n", "int:1/10", "op:...", "int:5/10", "id:a", "op:??", "id:b",
                        "op:->", "id:c", "op:!=", "id:d", "eof"])
        XCTAssertEqual(show(lex("a?.b x?[0]")), ["id:a", "op:?", ".", "id:b", "id:x", "op:?", "[", "int:0/10", "]", "eof"])
    }

    func testLineStartFlagAndLineOffset() {
        let tokens = lex("a\n  b c", lineOffset: 10)
        XCTAssertTrue(tokens[0].atLineStart)
        XCTAssertTrue(tokens[1].atLineStart)
        XCTAssertFalse(tokens[2].atLineStart)
        XCTAssertEqual(tokens[1].location, SourceLocation(line: 12, column: 3))
        XCTAssertEqual(tokens[2].end, SourceLocation(line: 12, column: 6))
    }

    func testCommandsTakeTheRestOfTheLine() {
        XCTAssertEqual(show(lex(":show Settings  \n  :select 0 4 // x\na ? b : c")),
                       ["cmd:show|Settings", "cmd:select|0 4 // x", "id:a", "op:?", "id:b", ":", "id:c", "eof"])
    }

    func testShebangIsSkippedAndShorthandsAttributes() {
        XCTAssertEqual(show(lex("#!/usr/bin/env tablelab\n@objc $0 $12")), ["@objc", "$0", "$12", "eof"])
    }

    func testLexErrors() {
        XCTAssertEqual(lexError("let x = \"abc").0, "1:9: unterminated string literal")
        XCTAssertEqual(lexError(#"let x = "\q""#).0, "1:11: invalid escape sequence in literal")
        XCTAssertEqual(lexError(#"let x = "\u{}""#).0, "1:14: \\u{...} escape sequence expects between 1 and 8 hex digits")
        XCTAssertEqual(lexError(#"let x = "\u{110000}""#).0, "1:10: invalid unicode scalar")
        XCTAssertEqual(lexError("let x = 12abc").0, "1:11: 'a' is not a valid digit in integer literal")
        XCTAssertEqual(lexError("let x = 0b102").0, "1:13: '2' is not a valid binary digit (0 or 1) in integer literal")
        XCTAssertEqual(lexError("let x = 1e").0, "1:11: expected a digit in floating point exponent")
        XCTAssertEqual(lexError("let s = \"\"\"abc\n\"\"\"").0, "1:12: multi-line string literal content must begin on a new line")
        XCTAssertEqual(lexError("let s = \"\"\"\n  a\n b\n  \"\"\"").0, "3:2: insufficient indentation of line in multi-line string literal")
        XCTAssertEqual(lexError("let s = \"\"\"\n  a\n  b\"\"\"").0, "3:4: multi-line string literal closing delimiter must begin on a new line")
        XCTAssertEqual(lexError("let x = \"abc\\(1\n\"").0, "1:14: cannot find ')' to match opening '(' in string interpolation")
    }

    func testUnterminatedCommentPointsAtTheLastLineWithANote() {
        var lexer = Lexer(text: "print(\"a\")\n/* never closed\nprint(\"b\")\n")
        do {
            _ = try lexer.tokenize()
            XCTFail("no error")
        } catch {
            XCTAssertEqual(error.location, SourceLocation(line: 3, column: 11))
            XCTAssertEqual(error.notes.map { "\($0.location): \($0.message)" }, ["2:1: comment started here"])
        }
        XCTAssertEqual(lexError("/* x\n\n\n").0, "3:1: unterminated '/*' comment")
    }

    func testUnfinishedInputIsFlaggedAsEnd() {
        XCTAssertEqual(lexError("/* abc /* nested */").0, "1:20: unterminated '/*' comment")
        XCTAssertTrue(lexError("/* abc /* nested */").1)
        XCTAssertTrue(lexError("let s = \"\"\"").1)
        XCTAssertTrue(lexError("let s = \"\"\"\n  abc").1)
        XCTAssertFalse(lexError("let s = \"abc").1, "a single-line string cannot continue on the next line")
    }

    func testBracketNestingLimit() {
        let deep = String(repeating: "(", count: 300) + "1" + String(repeating: ")", count: 300)
        XCTAssertEqual(lexError(deep).0, "1:257: structure nesting level exceeded maximum of 256")
        XCTAssertEqual(lex(String(repeating: "[", count: 256) + String(repeating: "]", count: 256)).count, 513)
    }
}

/// Line breaks and the byte order mark as Swift's lexer treats them (issue 17).
final class LineBreakLexerTests: XCTestCase {
    private func locations(_ text: String) -> [String] {
        lex(text).filter { if case .eof = $0.kind { return false } else { return true } }.map { "\($0.location)" }
    }

    func testALoneCarriageReturnEndsALineAndCRLFIsOneBreak() {
        XCTAssertEqual(locations("a\rb\r\nc\nd\r\r e"), ["1:1", "2:1", "3:1", "4:1", "6:2"])
    }

    func testALoneCarriageReturnStartsACommandLineAndEndsALineComment() {
        let tokens = lex("x // note\r:show T\ry")
        XCTAssertEqual(show(tokens), ["id:x", "cmd:show|T", "id:y", "eof"])
        XCTAssertEqual(tokens[2].location, SourceLocation(line: 3, column: 1))
    }

    func testEveryLineBreakInAMultiLineStringIsANewline() {
        XCTAssertEqual(show(lex("\"\"\"\r  a\r\n  b\r  \"\"\"")), ["str:<a\nb>", "eof"])
    }

    func testAByteOrderMarkAtTheStartIsSkippedAndIsNotAColumn() {
        XCTAssertEqual(locations("\u{FEFF}let x"), ["1:1", "1:5"])
        XCTAssertEqual(SourceFile(name: "f", text: "\u{FEFF}let x").lines, ["let x"])
    }

    func testSourceLinesSplitAtEveryKindOfBreak() {
        XCTAssertEqual(SourceFile(name: "f", text: "a\rb\r\nc\nd\r").lines, ["a", "b", "c", "d", ""])
    }
}
