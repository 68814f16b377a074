import XCTest
@testable import TableLabSyntax
@testable import TableLabExhaustiveness
@testable import TableLabInterpreter

/// The value model on its own: structural equality and hashing (Value.swift), value
/// semantics through the interpreter, and Swift's print formatting (Describe.swift).
final class ValueTests: XCTestCase {
    /// Declarations every test shares: two enums whose cases sit at the same positions
    /// (so a test can tell "same position" from "same case") and two structs with the
    /// same field layout.
    private let prelude = """
    enum Item { case a, b, c }
    enum Other { case a, b }
    struct S { var t: String; var n: Int }
    struct T { var t: String; var n: Int }
    """

    /// Every interpreter a test made, kept until the test ends: a struct value refers to its
    /// type with `unowned(unsafe)`, so it must not outlive the interpreter that made it.
    private var interpreters: [Interpreter] = []

    private func interpreter(_ script: String = "") throws -> Interpreter {
        let interp = Interpreter()
        interpreters.append(interp)
        interp.output = { _ in }
        try interp.runScript(SourceFile(name: "value.tlab", text: prelude + "\n" + script))
        return interp
    }

    private func value(_ expression: String, in interp: Interpreter) throws -> Value {
        try interp.evaluate(SourceFile(name: "<expr>", text: expression))
    }

    /// Evaluates each expression in a fresh evaluation, so that equal results are
    /// separately built values, never one value compared with itself.
    private func values(_ expressions: String...) throws -> [Value] {
        let interp = try interpreter()
        return try expressions.map { try value($0, in: interp) }
    }

    // MARK: Equality

    func testEnumCasesCompareByTypeAndCase() throws {
        let v = try values("Item.a", "Item.a", "Item.b", "Other.a")
        XCTAssertEqual(v[0], v[1])
        XCTAssertNotEqual(v[0], v[2])
        // Same case position in another enum is another value.
        XCTAssertNotEqual(v[0], v[3])
    }

    func testStructsCompareFieldByFieldAndByType() throws {
        let v = try values(#"S(t: "x", n: 3)"#, #"S(t: "x", n: 3)"#, #"S(t: "x", n: 4)"#, #"T(t: "x", n: 3)"#)
        XCTAssertEqual(v[0], v[1])
        XCTAssertNotEqual(v[0], v[2])
        XCTAssertNotEqual(v[0], v[3], "a struct of another type with the same fields is not equal")
    }

    func testArraysAndTuplesCompareElementwiseInOrder() throws {
        let v = try values("[1, 2]", "[1, 2]", "[2, 1]", #"(1, "a")"#, #"(1, "a")"#, #"(1, "b")"#)
        XCTAssertEqual(v[0], v[1])
        XCTAssertNotEqual(v[0], v[2])
        XCTAssertEqual(v[3], v[4])
        XCTAssertNotEqual(v[3], v[5])
    }

    func testOptionalsWrapAndNilIsItsOwnValue() throws {
        let interp = try interpreter("let five: Int? = 5\nlet none: Int? = nil")
        XCTAssertEqual(try value("five", in: interp), .wrapped(.int(5)))
        XCTAssertNotEqual(try value("five", in: interp), .int(5), "Optional(5) is not 5")
        XCTAssertEqual(try value("none", in: interp), .nilValue)
        XCTAssertNotEqual(Value.nilValue, .wrapped(.int(0)))
    }

    func testIntAndDoubleCompareByNumericValue() {
        XCTAssertEqual(Value.int(44), .double(44.0))
        XCTAssertEqual(Value.double(44.0), .int(44))
        XCTAssertNotEqual(Value.int(1), .double(1.5))
        XCTAssertEqual(Value.array([.int(1)]), .array([.double(1.0)]))
    }

    // MARK: Hashing

    func testEqualValuesHashEqually() throws {
        let v = try values(#"S(t: "x", n: 3)"#, #"S(t: "x", n: 3)"#, "[Item.a, .c]", "[Item.a, .c]")
        XCTAssertEqual(v[0].stableHash, v[1].stableHash)
        XCTAssertEqual(v[2].hashValue, v[3].hashValue)
        XCTAssertEqual(Value.int(44).stableHash, Value.double(44.0).stableHash)
        XCTAssertEqual(Set([Value.int(1), .double(1.0), .wrapped(.int(1))]).count, 2)
    }

    func testHashTellsApartWhatEqualityTellsApart() throws {
        let v = try values("Item.a", "Other.a", "[1, 2]", "[2, 1]")
        XCTAssertNotEqual(v[0].stableHash, v[1].stableHash)
        XCTAssertNotEqual(v[2].stableHash, v[3].stableHash)
        XCTAssertNotEqual(Value.string("ab").stableHash, Value.string("ba").stableHash)
    }

    func testDictionaryLookupUsesStructuralKeys() throws {
        let interp = try interpreter(#"let d = [S(t: "x", n: 3): "found"]"#)
        XCTAssertEqual(try value(#"d[S(t: "x", n: 3)]"#, in: interp), .wrapped(.string("found")))
        XCTAssertEqual(try value(#"d[S(t: "x", n: 4)]"#, in: interp), .nilValue)
    }

    // MARK: Value semantics

    func testCopiedArrayMutatesAlone() throws {
        let interp = try interpreter("var a = [1, 2]\nvar b = a\nb.append(3)\nb[0] = 9")
        XCTAssertEqual(interp.global("a"), .array([.int(1), .int(2)]))
        XCTAssertEqual(interp.global("b"), .array([.int(9), .int(2), .int(3)]))
    }

    func testCopiedStructMutatesAlone() throws {
        let interp = try interpreter(#"var s = S(t: "x", n: 3)"# + "\nvar u = s\nu.n = 9")
        XCTAssertEqual(try value("s.n", in: interp), .int(3))
        XCTAssertEqual(try value("u.n", in: interp), .int(9))
    }

    func testStructInsideCopiedArrayMutatesAlone() throws {
        let interp = try interpreter(#"var list = [S(t: "x", n: 3)]"# + "\nvar copy = list\ncopy[0].t = \"y\"")
        XCTAssertEqual(try value("list[0].t", in: interp), .string("x"))
        XCTAssertEqual(try value("copy[0].t", in: interp), .string("y"))
    }

    // MARK: Describe

    private func described(_ expression: String, debug: Bool = false) throws -> String {
        let interp = try interpreter("let five: Int? = 5\nlet none: Int? = nil\nlet d: [String: Int] = [\"a\": 1]")
        return interp.describe(try value(expression, in: interp), debug: debug)
    }

    func testDoublesPrintAsSwiftPrintsThem() throws {
        XCTAssertEqual(try described("44.0"), "44.0")
        XCTAssertEqual(try described("1e16"), "1e+16")
        XCTAssertEqual(try described("0.1 + 0.2"), "0.30000000000000004")
        XCTAssertEqual(try described("144000000.0"), "144000000.0")
    }

    func testCollectionsQuoteStringsAndDotCases() throws {
        XCTAssertEqual(try described(#"["a", "b"]"#), #"["a", "b"]"#)
        XCTAssertEqual(try described("[Item.a, .c]"), "[.a, .c]")
        XCTAssertEqual(try described("d"), #"["a": 1]"#)
        XCTAssertEqual(try described(#"(1, "a")"#), #"(1, "a")"#)
        XCTAssertEqual(try described("(x: 1, y: 2)"), "(x: 1, y: 2)")
    }

    func testOptionalsAndStructs() throws {
        XCTAssertEqual(try described("five"), "Optional(5)")
        XCTAssertEqual(try described("none"), "nil")
        XCTAssertEqual(try described(#"S(t: "x", n: 3)"#), #"S(t: "x", n: 3)"#)
    }

    func testTopLevelStringsAndCasesArePlainUnlessDebug() throws {
        XCTAssertEqual(try described(#""x""#), "x")
        XCTAssertEqual(try described(#""x""#, debug: true), #""x""#)
        XCTAssertEqual(try described(#""a\"b""#, debug: true), #""a\"b""#)
        XCTAssertEqual(try described("Item.b"), "b")
        XCTAssertEqual(try described("Item.b", debug: true), ".b")
    }

    /// Every slot of the machine's stack is a Value: a kind of value added as a case with a
    /// larger payload would grow them all (a Substring is an object, Substrings.swift).
    func testValueSizeIsUnchanged() {
        print("MemoryLayout<Value>.size =", MemoryLayout<Value>.size, "stride =", MemoryLayout<Value>.stride)
        XCTAssertEqual(MemoryLayout<Value>.size, 17)
    }
}
