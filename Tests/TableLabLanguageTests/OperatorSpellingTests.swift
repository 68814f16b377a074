import XCTest
@testable import TableLabSyntax

/// Swift's operator-head / operator-character / dot-operator rules (OperatorSpelling), and
/// the lexer and parser reading by them.
final class OperatorSpellingTests: XCTestCase {
    private func kinds(_ text: String) throws -> [String] {
        var lexer = Lexer(text: text)
        return try lexer.tokenize().map { t in
            switch t.kind {
            case .operator(let o): return "op:" + o
            case .identifier(let s): return "id:" + s
            case .integer(let d, _): return d
            case .eof: return "eof"
            default: return t.spelling
            }
        }
    }

    func testASCIIHeadsAndNames() {
        for op in ["+", "-", "*", "/", "%", "=", "==", "!=", "<", "<=", "&&", "||", "??", "~=", "&+", "<<=", "!", "~", "?", "^", "|"] {
            XCTAssertTrue(OperatorSpelling.isOperator(op), op)
        }
        for name in ["", "a", "_", "x1", "tableView", "$0", "`+`", "+a", "a+", "1"] {
            XCTAssertFalse(OperatorSpelling.isOperator(name), name)
        }
        XCTAssertFalse(OperatorSpelling.isASCIIHead(UInt8(ascii: ".")), "a dot is a head only as the dot-operator-head")
        XCTAssertFalse(OperatorSpelling.isASCIIHead(UInt8(ascii: "@")))
        XCTAssertFalse(OperatorSpelling.isASCIIHead(UInt8(ascii: "#")))
    }

    func testUnicodeOperatorHeads() {
        for s: Unicode.Scalar in ["¬", "±", "×", "÷", "©", "®", "¶", "§", "†", "‰", "→", "√", "≠", "∪", "⌚", "─", "❤", "★", "〈", "〰"] {
            XCTAssertTrue(OperatorSpelling.isHead(s), "U+\(String(s.value, radix: 16))")
        }
        // Letters, digits, identifier-only symbols and the range ends just outside the heads.
        for s: Unicode.Scalar in ["a", "é", "π", "名", "0", "_", "\u{A0}", "\u{A8}", "\u{AA}", "\u{B2}", "\u{2015}", "\u{218F}", "\u{2776}", "\u{3004}", "😀"] {
            XCTAssertFalse(OperatorSpelling.isHead(s), "U+\(String(s.value, radix: 16))")
        }
        XCTAssertTrue(OperatorSpelling.isOperator("√"))
        XCTAssertTrue(OperatorSpelling.isOperator("≠="))
        XCTAssertTrue(OperatorSpelling.isOperator("•"))
        XCTAssertFalse(OperatorSpelling.isOperator("√x"))
    }

    func testCombiningMarksContinueButDoNotStart() {
        let combining: Unicode.Scalar = "\u{0302}"
        XCTAssertFalse(OperatorSpelling.isHead(combining))
        XCTAssertTrue(OperatorSpelling.isCharacter(combining))
        XCTAssertTrue(OperatorSpelling.isCharacter("\u{FE0F}"))
        XCTAssertTrue(OperatorSpelling.isCharacter("\u{E0100}"))
        XCTAssertTrue(OperatorSpelling.isOperator("×\u{0302}"))
        XCTAssertFalse(OperatorSpelling.isOperator("\u{0302}×"))
    }

    func testDotsOnlyInAnOperatorThatStartsWithOne() {
        XCTAssertTrue(OperatorSpelling.isOperator("..<"))
        XCTAssertTrue(OperatorSpelling.isOperator("..."))
        XCTAssertTrue(OperatorSpelling.isOperator(".=="))
        XCTAssertTrue(OperatorSpelling.isOperator(".+."))
        XCTAssertFalse(OperatorSpelling.isOperator("."), "a lone dot is member access")
        XCTAssertFalse(OperatorSpelling.isOperator("+.+"))
        XCTAssertFalse(OperatorSpelling.isOperator("+."))
    }

    func testTheLexerReadsByTheSameRules() throws {
        XCTAssertEqual(try kinds("1 ..< 2"), ["1", "op:..<", "2", "eof"])
        XCTAssertEqual(try kinds("a +.+ b"), ["id:a", "op:+", "op:.+", "id:b", "eof"])
        XCTAssertEqual(try kinds("a .+. b"), ["id:a", "op:.+.", "id:b", "eof"])
        XCTAssertEqual(try kinds("x.y"), ["id:x", ".", "id:y", "eof"])
        XCTAssertEqual(try kinds("5 × 3"), ["5", "op:×", "3", "eof"])
        XCTAssertEqual(try kinds("√x"), ["op:√", "id:x", "eof"])
        XCTAssertEqual(try kinds("a ×\u{0302} b"), ["id:a", "op:×\u{0302}", "id:b", "eof"])
        // An operator-head ends an identifier (Swift: they never continue one).
        XCTAssertEqual(try kinds("a©b"), ["id:a", "op:©", "id:b", "eof"])
        XCTAssertEqual(try kinds("café π"), ["id:café", "id:π", "eof"])
        // A comment still starts inside an operator run.
        XCTAssertEqual(try kinds("a +// c\nb"), ["id:a", "op:+", "id:b", "eof"])
        XCTAssertEqual(try kinds("a ../* c */ b"), ["id:a", "op:..", "id:b", "eof"])
    }

    func testUnicodeOperatorColumns() throws {
        var lexer = Lexer(text: "let x = 5 × 3")
        let tokens = try lexer.tokenize()
        XCTAssertEqual(tokens[4].location, SourceLocation(line: 1, column: 11))
        XCTAssertEqual(tokens[5].location, SourceLocation(line: 1, column: 13))
    }

    func testEveryLayerAsksOneDefinition() {
        let f = FunctionDecl(name: "√", parameters: [], returnType: nil, body: [], location: .unknown)
        XCTAssertTrue(f.isOperator)
        let g = FunctionDecl(name: "..<", parameters: [], returnType: nil, body: [], location: .unknown)
        XCTAssertTrue(g.isOperator)
        let h = FunctionDecl(name: "_x", parameters: [], returnType: nil, body: [], location: .unknown)
        XCTAssertFalse(h.isOperator)
    }

    private func parse(_ text: String) -> (SourceUnit?, [String]) {
        let file = SourceFile(name: "t.swift", text: text)
        do {
            return (try Parser.parse(file), [])
        } catch {
            return (nil, error.diagnostics.map { "\($0.location): \($0.message)" })
        }
    }

    func testOperatorDeclarationsAreReadAndNamed() {
        let (unit, errors) = parse("""
        infix operator ** : MultiplicationPrecedence
        prefix operator √
        precedencegroup PowerPrecedence {
            higherThan: MultiplicationPrecedence
            associativity: right
        }
        func ** (a: Int, b: Int) -> Int { a * b }
        prefix func √ (x: Double) -> Double { x }
        postfix func ++ (s: inout String) { }
        let y = 2 ** 3 + 1
        let z = √4.0
        """)
        XCTAssertEqual(errors, [])
        guard let unit else { return }
        XCTAssertEqual(unit.unsupportedDeclarations, [
            UnsupportedDeclaration(.operatorDeclaration(fixity: "infix", name: "**"), at: SourceLocation(line: 1, column: 16)),
            UnsupportedDeclaration(.operatorDeclaration(fixity: "prefix", name: "√"), at: SourceLocation(line: 2, column: 17)),
            UnsupportedDeclaration(.precedenceGroup(name: "PowerPrecedence"), at: SourceLocation(line: 3, column: 17)),
            UnsupportedDeclaration(.operatorFunction(fixity: "postfix", name: "++"), at: SourceLocation(line: 9, column: 14)),
        ])
        // `2 ** 3 + 1` groups as Swift groups it: the call of `**` is the left operand of `+`.
        guard case .declaration(.variable(let y)) = unit.statements[6].kind, let value = y.initializer,
              case .binary(.add, let left, _) = value.kind, case .call(let callee, let args) = left.kind,
              case .identifier("**") = callee.kind else { return XCTFail("\(unit.statements[6].kind)") }
        XCTAssertEqual(args.map(\.label), [nil, nil])
        guard case .declaration(.function(let power)) = unit.statements[3].kind else { return XCTFail() }
        XCTAssertEqual(power.parameters.map(\.label), [nil, nil], "an operator function takes no argument labels")
    }

    func testOperatorDeclarationsOutsideFileScopeAreSwiftcsErrors() {
        XCTAssertEqual(parse("struct S {\n  infix operator ** : MultiplicationPrecedence\n}\n").1,
                       ["2:9: 'operator' may only be declared at file scope"])
        XCTAssertEqual(parse("func f() {\n  precedencegroup Q { higherThan: AdditionPrecedence }\n}\n").1,
                       ["2:3: declaration is only valid at file scope"])
    }
}
