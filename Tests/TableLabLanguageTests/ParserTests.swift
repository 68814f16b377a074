import XCTest
@testable import TableLabSyntax
@testable import TableLabExhaustiveness
@testable import TableLabInterpreter

/// Parses `text` and renders it, failing the test on a syntax error.
func parsed(_ text: String, screenSuperclasses: Set<String> = [], file: StaticString = #filePath, line: UInt = #line) -> String {
    do {
        return dump(try Parser.parse(SourceFile(name: "t.tlab", text: text), screenSuperclasses: screenSuperclasses))
    } catch {
        XCTFail("unexpected error: \(error.diagnostics.map { "\($0.location): \($0.message)" })", file: file, line: line)
        return ""
    }
}

/// Parses `text` expecting a failure: "line:col: message" of the first diagnostic, and
/// whether the failure says more input could complete it.
func failure(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> (message: String, atEnd: Bool) {
    do {
        let unit = try Parser.parse(SourceFile(name: "t.tlab", text: text))
        XCTFail("expected an error, got \(unit.statements.count) statements", file: file, line: line)
        return ("", false)
    } catch {
        let d = error.diagnostics[0]
        return ("\(d.location): \(d.message)", error.isUnexpectedEndOfInput)
    }
}

/// The first statement of `text`.
func firstStatement(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> Stmt? {
    do {
        return try Parser.parse(SourceFile(name: "t.tlab", text: text)).statements.first
    } catch {
        XCTFail("unexpected error: \(error.diagnostics[0].message)", file: file, line: line)
        return nil
    }
}

final class ParserExpressionTests: XCTestCase {
    func testArithmeticPrecedence() {
        XCTAssertEqual(parsed("1 + 2 * 3 - 4 / 2 % 5"), "(- (+ 1 (* 2 3)) (% (/ 4 2) 5))")
    }

    func testLogicalAndComparisonPrecedence() {
        XCTAssertEqual(parsed("a < b && c || !d == e"), "(|| (&& (< a b) c) (== (!u d) e))")
    }

    func testRangeBelowAdditionAboveCasting() {
        XCTAssertEqual(parsed("a..<b + 1"), "(..< a (+ b 1))")
        XCTAssertEqual(parsed("a + b as Int"), "(as (+ a b) Int)")
        XCTAssertEqual(parsed("x as? Int ?? 0"), "(?? (as? x Int) 0)")
        XCTAssertEqual(parsed("y as! [String: Int]"), "(as! y [String : Int])")
        XCTAssertEqual(parsed("x is Int"), "(is x Int)")
    }

    func testNilCoalescingIsRightAssociativeAndAboveComparison() {
        XCTAssertEqual(parsed("a ?? b ?? c"), "(?? a (?? b c))")
        XCTAssertEqual(parsed("a ?? b == c"), "(== (?? a b) c)")
    }

    func testTernaryIsRightAssociative() {
        XCTAssertEqual(parsed("a ? b : c ? d : e"), "(?: a b (?: c d e))")
        XCTAssertEqual(parsed("x = a || b ? 1 : 2"), "(= x (?: (|| a b) 1 2))")
    }

    func testNonAssociativeOperatorsDoNotChain() {
        XCTAssertEqual(failure("let a = 1 < 2 < 3").message,
                       "1:11: adjacent operators are in non-associative precedence group 'ComparisonPrecedence'")
        XCTAssertEqual(failure("let a = 1...2...3").message,
                       "1:10: adjacent operators are in non-associative precedence group 'RangeFormationPrecedence'")
    }

    func testPrefixAndPostfix() {
        XCTAssertEqual(parsed("-x + !y"), "(+ (-u x) (!u y))")
        XCTAssertEqual(parsed("a!.b + c!"), "(+ (. (! a) b) (! c))")
        XCTAssertEqual(parsed("a?.b.c"), "(. (?. a b) c)")
        XCTAssertEqual(parsed("a?[0]"), "(?sub a 0)")
    }

    func testNegativeLiteralsFold() {
        XCTAssertEqual(parsed("let m = -9223372036854775808"), "(let m = -9223372036854775808)")
        XCTAssertEqual(parsed("x += -1.5"), "(+= x -1.5)")
    }

    func testIntegerOverflowIsAParseError() {
        XCTAssertEqual(failure("let x = 9223372036854775808").message,
                       "1:9: integer literal '9223372036854775808' overflows when stored into 'Int'")
        XCTAssertEqual(failure("let x = -9223372036854775809").message,
                       "1:9: integer literal '-9223372036854775809' overflows when stored into 'Int'")
        XCTAssertEqual(failure("let x = 0xFFFFFFFFFFFFFFFFF").message,
                       "1:9: integer literal '295147905179352825855' overflows when stored into 'Int'")
    }

    /// A huge literal is quoted by its first digits: converting it whole to decimal (as
    /// swiftc quotes it) took minutes for a million digits and printed all of them.
    func testAHugeIntegerLiteralIsQuotedByAPrefix() {
        XCTAssertEqual(failure("let x = 1" + String(repeating: "0", count: 999_999)).message,
                       "1:9: integer literal '10000000000000000000... (1000000 digits)' overflows when stored into 'Int'")
        XCTAssertEqual(failure("let x = -0x00" + String(repeating: "F_", count: 50)).message,
                       "1:9: integer literal '-0xFFFFFFFFFFFFFFFFFFFF... (50 digits)' overflows when stored into 'Int'")
        // Forty significant digits are still converted, as swiftc would show them.
        XCTAssertEqual(failure("let x = 0x" + String(repeating: "F", count: 40)).message,
                       "1:9: integer literal '1461501637330902918203684832716283019655932542975' overflows when stored into 'Int'")
    }

    func testLiterals() {
        XCTAssertEqual(parsed("f(42, 0x1F, 1.5e-3, true, false, nil, \"s\")"),
                       "(call f 42 31 0.0015 true false nil (str \"s\"))")
        XCTAssertEqual(parsed("[1, 2,]"), "[1 2]")
        XCTAssertEqual(parsed("[\"a\": 1, \"b\": 2]"), "[(str \"a\"):1 (str \"b\"):2]")
        XCTAssertEqual(parsed("[]; [:]"), "[]\n[:]")
    }

    func testStringInterpolation() {
        XCTAssertEqual(parsed(#""a\(b + "c\(d)")e""#), #"(str "a" \((+ b (str "c" \(d)))) "e")"#)
    }

    func testTuplesAndTupleIndex() {
        XCTAssertEqual(parsed("(x: 1, 2)"), "(tuple x:1 2)")
        XCTAssertEqual(parsed("(1)"), "1")
        XCTAssertEqual(parsed("()"), "(tuple)")
        XCTAssertEqual(parsed("t.0.1"), "(. (. t 0) 1)")
    }

    func testCallsWithLabelsIncludingKeywords() {
        XCTAssertEqual(parsed("tableView.dequeueReusableCell(withIdentifier: \"Basic\", for: indexPath)"),
                       "(call (. tableView dequeueReusableCell) withIdentifier:(str \"Basic\") for:indexPath)")
    }

    func testCollectionTypesAsCallees() {
        XCTAssertEqual(parsed("[Section]()"), "(call (type [Section]))")
        XCTAssertEqual(parsed("[String: Int]()"), "(call (type [String : Int]))")
        XCTAssertEqual(parsed("Array<Int>(repeating: 0, count: 3)"), "(call (type [Int]) repeating:0 count:3)")
        XCTAssertEqual(parsed("[Section] ()"), "(call (type [Section]))", "Swift allows a space before call parentheses")
        XCTAssertEqual(parsed("[Section]\n()"), "[Section]\n(tuple)", "but not a line break")
    }

    func testImplicitMembersSelfAndMemberAccess() {
        XCTAssertEqual(parsed("f(.donate, Item.donate, self.x)"), "(call f .donate (. Item donate) (. self x))")
    }

    func testTrailingClosures() {
        XCTAssertEqual(parsed("xs.map { $0 * 2 }"), "(call (. xs map) (closure [] $1 (* $0 2)))")
        XCTAssertEqual(parsed("xs.sorted { $0 < $1 }"), "(call (. xs sorted) (closure [] $2 (< $0 $1)))")
        XCTAssertEqual(parsed("xs.filter({ $0 > 1 })"), "(call (. xs filter) (closure [] $1 (> $0 1)))")
        XCTAssertEqual(parsed("xs.reduce(0) { $0 + $1 }"), "(call (. xs reduce) 0 (closure [] $2 (+ $0 $1)))")
    }

    func testTrailingClosureOnTheNextLineAsSwiftc() {
        XCTAssertEqual(parsed("let ys = xs.map\n{ $0 * 2 }"), "(let ys = (call (. xs map) (closure [] $1 (* $0 2))))")
        XCTAssertEqual(parsed("func f() {\n  let a = 1\n  { print(2) }()\n}"),
                       "(func f() () {(let a = 1); (call (closure [] $0 (call print 2)))})", "never after a literal")
        XCTAssertEqual(failure("let a = 1\n{ print(2) }()").message,
                       "2:1: top-level statement cannot begin with a closure expression")
        XCTAssertEqual(parsed("struct S {\n  var x: Int\n  {\n    1\n  }\n}"), "(struct S (var x: Int get {1}))")
    }

    func testClosureParameterForms() {
        XCTAssertEqual(parsed("let f = { a, b in a + b }"), "(let f = (closure [a b] $0 (+ a b)))")
        XCTAssertEqual(parsed("let f = { (a: Int, b) -> Int in a }"), "(let f = (closure [a:Int b]->Int $0 a))")
        XCTAssertEqual(parsed("let f = { [weak self] in self?.go() }"), "(let f = (closure [] $0 (call (?. self go))))")
        XCTAssertEqual(parsed("xs.map { x in xs.map { $0 + x } }"),
                       "(call (. xs map) (closure [x] $0 (call (. xs map) (closure [] $1 (+ $0 x)))))")
    }

    func testKeyPathReadsAsClosure() {
        XCTAssertEqual(parsed("xs.map(\\.title)"), "(call (. xs map) (closure [] $1 (return (. $0 title))))")
    }

    func testIfAndSwitchExpressions() {
        XCTAssertEqual(parsed("let v = if c { 1 } else { 2 }"), "(let v = (ifx [c] {1} else {2}))")
        XCTAssertEqual(parsed("return switch x { case .a: 1 default: 2 }"),
                       "(return (switchx x (case .a: 1) (default: 2)))")
    }

    func testMethodChainOnNextLines() {
        XCTAssertEqual(parsed("let v = xs\n  .map { $0 }\n  .count"), "(let v = (. (call (. xs map) (closure [] $1 $0)) count))")
    }

    func testBinaryOperatorAtLineStartOrEndContinues() {
        XCTAssertEqual(parsed("let s = a\n  + b"), "(let s = (+ a b))")
        XCTAssertEqual(parsed("let s = a +\n  b"), "(let s = (+ a b))")
        XCTAssertEqual(parsed("let s = a\n-b"), "(let s = a)\n(-u b)", "a prefix operator starts a new statement")
        XCTAssertEqual(parsed("f\n(1)"), "f\n1", "a '(' on the next line is not a call")
    }

    func testExpressionLocations() {
        guard let stmt = firstStatement("\n  let x = a + b"), case .declaration(.variable(let v)) = stmt.kind else {
            return XCTFail("not a variable")
        }
        XCTAssertEqual(stmt.location, SourceLocation(line: 2, column: 3))
        XCTAssertEqual(v.initializer?.location, SourceLocation(line: 2, column: 13), "a binary expression sits at its operator")
        if case .binary(_, let l, let r)? = v.initializer?.kind {
            XCTAssertEqual(l.location, SourceLocation(line: 2, column: 11))
            XCTAssertEqual(r.location, SourceLocation(line: 2, column: 15))
        } else {
            XCTFail("not binary")
        }
    }

    func testMemberExpressionsSitAtTheName() {
        // swiftc reports "type 'E' has no member 'b'" at the name, not at the dot.
        guard case .expression(let e)? = firstStatement("a.b?.c + .d")?.kind, case .binary(_, let l, let r) = e.kind,
              case .optionalChain(let chain, _) = l.kind else {
            return XCTFail("unexpected shape")
        }
        XCTAssertEqual(l.location, SourceLocation(line: 1, column: 6))
        XCTAssertEqual(chain.location, SourceLocation(line: 1, column: 3))
        XCTAssertEqual(r.location, SourceLocation(line: 1, column: 11))
    }

    func testLineOffsetShiftsLocations() throws {
        let unit = try Parser.parse(SourceFile(name: "<repl>", text: "a\nb", lineOffset: 11))
        XCTAssertEqual(unit.statements.map(\.location), [SourceLocation(line: 12, column: 1), SourceLocation(line: 13, column: 1)])
        do {
            _ = try Parser.parse(SourceFile(name: "<repl>", text: "\nlet = 1", lineOffset: 4))
            XCTFail("no error")
        } catch {
            XCTAssertEqual(error.diagnostics[0].location, SourceLocation(line: 6, column: 5))
            XCTAssertEqual(error.diagnostics[0].file?.name, "<repl>")
        }
    }

    func testShorthandCountsPerClosure() throws {
        guard case .declaration(.variable(let v))? = firstStatement("let f = { $2 + { $0 }() }")?.kind,
              case .closure(let c)? = v.initializer?.kind else {
            return XCTFail("not a closure")
        }
        XCTAssertEqual(c.shorthandParameterCount, 3)
        XCTAssertEqual(failure("let x = $0").message, "1:9: anonymous closure argument not contained in a closure")
    }
}

final class ParserStatementTests: XCTestCase {
    func testLetVarAndTypes() {
        XCTAssertEqual(parsed("let x = 1\nvar y: Int? = nil\nvar z: [String: [Int]]\nlet f: (Int, Bool) -> String! = g"),
                       "(let x = 1)\n(var y: Int? = nil)\n(var z: [String : [Int]])\n(let f: (Int, Bool) -> String? = g)")
        XCTAssertEqual(parsed("let t: (Int, String) = (1, \"a\")"), "(let t: (Int, String) = (tuple 1 (str \"a\")))")
    }

    func testTupleDestructuringAndSeveralBindings() {
        XCTAssertEqual(parsed("let (a, b) = t"), "(let (let a, let b) = t)")
        XCTAssertEqual(parsed("var a = 1, b = 2"), "(var a = 1)\n(var b = 2)")
    }

    func testAssignments() {
        XCTAssertEqual(parsed("a.b[0] += 1; x = y; cell.textLabel?.text = t"),
                       "(+= (sub (. a b) 0) 1)\n(= x y)\n(= (?. (. cell textLabel) text) t)")
    }

    func testIfElseIfChainAndConditions() {
        XCTAssertEqual(parsed("if let x = a, x > 1 { f() } else if case .a = e { } else { g() }"),
                       "(if [(let x a), (> x 1)] {(call f)} else {(if [(case .a e)] {} else {(call g)})})")
        XCTAssertEqual(parsed("if let x { }"), "(if [(let x x)] {})")
        XCTAssertEqual(parsed("if x {\n}\nelse {\n}"), "(if [x] {} else {})")
    }

    func testBraceAfterConditionIsTheBody() {
        XCTAssertEqual(parsed("if xs.isEmpty { f() }"), "(if [(. xs isEmpty)] {(call f)})")
        XCTAssertEqual(parsed("if xs.contains(where: { $0 > 1 }) { }"),
                       "(if [(call (. xs contains) where:(closure [] $1 (> $0 1)))] {})")
        XCTAssertEqual(parsed("for x in xs.filter({ $0 }) { }"), "(for let x (call (. xs filter) (closure [] $1 $0)) {})")
        XCTAssertEqual(parsed("switch x.y { default: break }"), "(switch (. x y) (default: (break)))")
    }

    func testGuardWhileRepeatDo() {
        XCTAssertEqual(parsed("guard let y = o else { return }"), "(guard [(let y o)] {(return)})")
        XCTAssertEqual(parsed("while i < 3 { i += 1 }"), "(while [(< i 3)] {(+= i 1)})")
        XCTAssertEqual(parsed("repeat { i -= 1 } while i > 0"), "(repeat {(-= i 1)} (> i 0))")
        XCTAssertEqual(parsed("do { f() }"), "(do {(call f)})")
    }

    func testForInForms() {
        XCTAssertEqual(parsed("for (i, x) in xs.enumerated() where i > 0 { continue }"),
                       "(for (let i, let x) (call (. xs enumerated)) where (> i 0) {(continue)})")
        XCTAssertEqual(parsed("for _ in 0...3 { }"), "(for _ (... 0 3) {})")
        XCTAssertEqual(parsed("for case .a? in xs { }"), "(for .a? xs {})")
    }

    func testReturnValueMayFollowOnTheNextLine() {
        XCTAssertEqual(parsed("func f() -> Int {\n  return\n    5\n}"), "(func f() () -> Int {(return 5)})")
        XCTAssertEqual(parsed("func f() {\n  return\n  let x = 1\n}"), "(func f() () {(return); (let x = 1)})")
        XCTAssertEqual(parsed("switch x { case 1: return\ncase 2: return 2\ndefault: return }"),
                       "(switch x (case =1: (return)) (case =2: (return 2)) (default: (return)))")
    }

    func testLabelsBreakContinueFallthroughReturn() {
        XCTAssertEqual(parsed("outer: for x in xs { while true { break outer } }"),
                       "(outer: (for let x xs {(while [true] {(break outer)})}))")
        XCTAssertEqual(parsed("func f() {\n  return\n}"), "(func f() () {(return)})")
        XCTAssertEqual(parsed("switch x { case 1: fallthrough\n default: continue }"),
                       "(switch x (case =1: (fallthrough)) (default: (continue)))")
    }

    func testSwitchPatterns() {
        let source = """
        switch v {
        case .a, Item.b: break
        case let x where x > 1: break
        case let (a, b), (let a, 0): break
        case .some(.a), .none, .a?, nil: break
        case let .some(z): break
        case 0..<10, -1, "s", true: break
        case (_, is Int): break
        @unknown default: break
        }
        """
        XCTAssertEqual(parsed(source), "(switch v (case .a, Item.b: (break)) (case let x where (> x 1): (break))"
                       + " (case (let a, let b), (let a, =0): (break)) (case .some(.a), .none, .a?, =nil: (break))"
                       + " (case .some(let z): (break)) (case =(..< 0 10), =-1, =(str \"s\"), =true: (break))"
                       + " (case (_, is Int): (break)) (default: (break)))")
    }

    func testPatternLocations() {
        guard case .switch(let s)? = firstStatement("switch e {\ncase .a, Item.b?, (.c, _): break\n}")?.kind else {
            return XCTFail("not a switch")
        }
        let patterns = s.cases[0].patterns
        XCTAssertEqual(patterns.map(\.location), [SourceLocation(line: 2, column: 6), SourceLocation(line: 2, column: 10),
                                                  SourceLocation(line: 2, column: 19)])
        XCTAssertEqual(patterns[0].caseNameLocation, SourceLocation(line: 2, column: 7))
        guard case .optionalSome(let inner) = patterns[1].kind else { return XCTFail("not optional") }
        XCTAssertEqual(inner.caseNameLocation, SourceLocation(line: 2, column: 15))
        XCTAssertNil(patterns[2].caseNameLocation)
    }

    func testOneSidedRangePatternsReachTheTypesExtremes() {
        XCTAssertEqual(parsed("switch x { case ...5: 1\ncase 10...: 2\ncase (..<0.5, _): 3\ndefault: 4 }"),
                       "(switch x (case =(... -9223372036854775808 5): 1) (case =(... 10 9223372036854775807): 2)"
                       + " (case (=(..< -inf 0.5), _): 3) (default: 4))")
    }

    func testWhereClausesBindToThePatternBeforeThem() {
        guard case .switch(let s)? = firstStatement("switch v {\ncase .a where x, .b, .c where y: break\ndefault: break\n}")?.kind else {
            return XCTFail("not a switch")
        }
        XCTAssertEqual(s.cases[0].whereClauses.map { $0.map(dump) }, ["x", nil, "y"])
        XCTAssertEqual(s.cases[0].guardExpr.map(dump), "y")
        XCTAssertEqual(s.cases[1].whereClauses.count, 0)
    }

    func testSwitchCaseLocations() {
        guard case .switch(let s)? = firstStatement("switch x {\ncase 1: f()\ndefault: g()\n}")?.kind else {
            return XCTFail("not a switch")
        }
        XCTAssertEqual(s.location, SourceLocation(line: 1, column: 1))
        XCTAssertEqual(s.cases.map(\.location), [SourceLocation(line: 2, column: 1), SourceLocation(line: 3, column: 1)])
        XCTAssertEqual(s.cases.map(\.isDefault), [false, true])
    }

    func testCommandsAndShebang() {
        XCTAssertEqual(parsed("#!/usr/bin/env tablelab\n:use Settings\nsections.count\n  :select 0 4  "),
                       "(:use \"Settings\")\n(. sections count)\n(:select \"0 4\")")
    }

    func testImportIsANoOp() {
        XCTAssertEqual(parsed("import UIKit\nimport Foundation"), "(do {})\n(do {})")
    }

    func testSemicolonsSeparateStatements() {
        XCTAssertEqual(parsed("a; b;; c"), "a\nb\nc")
        XCTAssertEqual(failure("let x = 1 let y = 2").message, "1:10: consecutive statements on a line must be separated by ';'")
    }
}

final class ParserDeclarationTests: XCTestCase {
    func testEnumWithRawTypeCasesAndMembers() {
        let source = """
        enum CellType: String, CaseIterable {
          case basic = "BasicCell", subtitle
          case other
          var title: String { switch self { default: "x" } }
          static func make() -> CellType { .basic }
        }
        """
        XCTAssertEqual(parsed(source), "(enum CellType: String [CaseIterable] case basic = (str \"BasicCell\") case subtitle case other"
                       + " (var title: String get {(switch self (default: (str \"x\")))})"
                       + " (static func make() () -> CellType {.basic}))")
        XCTAssertEqual(parsed("enum E: Int { case a = -1, b }"), "(enum E: Int case a = -1 case b)")
    }

    func testStructMembers() {
        let source = """
        struct S: Equatable {
          var a = 1; let b: Int
          static let z = 3
          mutating func bump() { a += 1 }
          init(a: Int) { self.a = a }
          var c: Int {
            get { a }
            set(v) { a = v }
          }
          enum Inner { case x }
        }
        """
        XCTAssertEqual(parsed(source), "(struct S [Equatable] (var a = 1) (let b: Int) (static let z = 3)"
                       + " (var c: Int get {a} set(v) {(= a v)}) (mutating func init(a:) (a a: Int) {(= (. self a) a)})"
                       + " (mutating func bump() () {(+= a 1)}) (enum Inner case x))")
    }

    func testTableAndUIKitClasses() {
        XCTAssertEqual(parsed("table Settings { var items = [Item](); func didSelectRow(at indexPath: IndexPath) { } }"),
                       "(table Settings (var items = (call (type [Item]))) (func didSelectRow(at:) (at indexPath: IndexPath) {}))")
        let uikit = """
        final class VC: UIViewController, UITableViewDataSource {
          @IBOutlet weak var tableView: UITableView!
          private var sections = [Section]()
          override func viewDidLoad() { super.viewDidLoad() }
          @objc func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 0 }
        }
        """
        // A view controller's class is a class: its instances are screens (the host tells).
        XCTAssertEqual(parsed(uikit, screenSuperclasses: ["UIViewController"]),
                       "(class VC [UIViewController, UITableViewDataSource] (var tableView: UITableView?) (var sections = (call (type [Section])))"
                       + " (func viewDidLoad() () {(call (. super viewDidLoad))})"
                       + " (func tableView(_:numberOfRowsInSection:) (_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {0}))")
        XCTAssertTrue(parsed(uikit).hasPrefix("(class VC [UIViewController, UITableViewDataSource]"))
        XCTAssertEqual(parsed("let table = 1\ntable.x"), "(let table = 1)\n(. table x)", "`table` stays usable as a name")
    }

    func testExtensionAndProtocol() {
        XCTAssertEqual(parsed("extension Item: CustomStringConvertible { var description: String { \"x\" } }"),
                       "(extension Item (var description: String get {(str \"x\")}))")
        XCTAssertEqual(parsed("protocol P { var x: Int { get } }"), "(protocol P var x: Int { get })")
        XCTAssertEqual(parsed("protocol Shape: AnyObject, Named { var n: Int { get set }; static func make() -> Self; init(size: Int); associatedtype Item }"),
                       "(protocol Shape [AnyObject, Named] var n: Int { get set } func make() init(size:) associatedtype Item)")
        XCTAssertEqual(parsed("typealias Score = [Int]"), "(typealias Score = [Int])")
    }

    func testFunctionParameters() {
        XCTAssertEqual(parsed("func shareApp(_ indexPath: IndexPath, animated: Bool = true, in s: inout Int) throws -> String { \"\" }"),
                       "(func shareApp(_:animated:in:) (_ indexPath: IndexPath, animated animated: Bool = true, in s: inout Int) -> String {(str \"\")})")
        XCTAssertEqual(parsed("private static func f(cb: @escaping (Int) -> Void) {}"),
                       "(static func f(cb:) (cb cb: (Int) -> Void) {})")
    }

    func testDeclarationLocations() {
        guard case .declaration(.enum(let e))? = firstStatement("\n  enum E {\n    case a, b\n  }")?.kind else {
            return XCTFail("not an enum")
        }
        XCTAssertEqual(e.location, SourceLocation(line: 2, column: 3))
        XCTAssertEqual(e.cases.map(\.location), [SourceLocation(line: 3, column: 10), SourceLocation(line: 3, column: 13)])
    }
}

final class ParserErrorTests: XCTestCase {
    /// Each input with swiftc's message, its location, and whether more lines could complete it.
    func testMessagesLocationsAndEndFlag() {
        let cases: [(String, String, Bool)] = [
            ("func f() {", "1:11: expected '}' at end of brace statement", true),
            ("let x = [1,", "1:12: expected expression in container literal", true),
            ("print(\"a\" +", "1:12: expected expression after operator", true),
            ("let s = \"\"\"", "1:9: unterminated string literal", true),
            ("switch x {", "1:11: expected '}' at end of 'switch' statement", true),
            ("let x = )", "1:9: expected initial value after '='", false),
            ("}", "1:1: extraneous '}' at top level", false),
            ("if true print(1)", "1:9: expected '{' after 'if' condition", false),
            ("enum E { case a", "1:16: expected '}' at end of enum", true),
            ("struct S { var a = 1", "1:21: expected '}' in struct", true),
            ("print(1, 2", "1:11: expected ')' in expression list", true),
            ("let x = \"abc", "1:9: unterminated string literal", false),
            ("let x = [1 2]", "1:12: expected ',' separator", false),
            ("switch 1 { case : break }", "1:17: expected pattern", false),
            ("let x: = 1", "1:8: expected type", false),
            ("let x = 1 +\n", "2:1: expected expression after operator", true),
            ("let f = { (x: Int) in", "1:22: expected '}' at end of closure", true),
            ("x.", "1:3: expected member name following '.'", true),
            ("let x = true ? 1", "1:14: expected ':' after '? ...' in ternary expression", true),
            ("switch 1 { case 1 }", "1:19: expected ':' after 'case'", false),
            ("switch 1 { foo() }", "1:12: all statements inside a switch must be covered by a 'case' or 'default'", false),
            ("switch 1 { case 1: default: break }", "1:12: 'case' label in a 'switch' must have at least one executable statement", false),
            ("func f(x Int) {}", "1:13: expected ':' following argument label and parameter name", false),
            ("func f(x: ) {}", "1:11: expected parameter type following ':'", false),
            ("func f(a: Int", "1:14: expected ')' in parameter", true),
            ("guard true { }", "1:12: expected 'else' after 'guard' condition", false),
            ("if x {} else", "1:13: expected '{' or 'if' after 'else'", true),
            ("repeat { } ", "1:12: expected 'while' after body of 'repeat' statement", true),
            ("for x [1] {}", "1:7: expected 'in' after for-each pattern", false),
            ("struct S { var a = 1 var b = 2 }", "1:21: consecutive declarations on a line must be separated by ';'", false),
            ("let x = - 1", "1:9: unary operator cannot be separated from its operand", false),
            ("let x = 3 +* 4", "1:11: cannot find operator '+*' in scope", false),
            ("class C { func f() {} ", "1:23: expected '}' in class", true),
            ("extension Int { func f() {} ", "1:29: expected '}' at end of extension", true),
            ("x[1", "1:4: expected ']' in expression list", true),
            ("let x = [1: 2, 3]", "1:17: expected ':' in dictionary literal", false),
            ("var x: Int { get }", "1:18: expected '{' to start getter definition", false),
            ("let x = \"abc\\(1 + )\"", "1:19: expected expression after operator", false),
            ("/* open", "1:8: unterminated '/*' comment", true),
            ("f(a:", "1:5: expected expression in list of expressions", true),
            // swiftc puts a missing token after the previous one when the next starts a line.
            ("if true\nprint(1)", "1:8: expected '{' after 'if' condition", false),
            ("let x =\n", "1:8: expected initial value after '='", true),
            ("let x = [1, 2\n", "1:14: expected ']' in container literal expression", true),
            ("x.\n", "1:2: expected member name following '.'", true),
            ("func f() {\n", "2:1: expected '}' at end of brace statement", true),
            ("print(1, 2\n", "2:1: expected ')' in expression list", true),
            ("else { }", "1:1: expected expression", false),
            ("case 1: break", "1:1: 'case' label can only appear inside a 'switch' statement", false),
            ("struct S { case a }", "1:12: enum 'case' is not allowed outside of an enum", false),
            ("let x = 1 ]", "1:10: consecutive statements on a line must be separated by ';'", false),
            ("let a = xs[1..<]", "1:13: one-sided ranges are not supported in TableLab", false),
        ]
        for (source, message, atEnd) in cases {
            let result = failure(source)
            XCTAssertEqual(result.message, message, source)
            XCTAssertEqual(result.atEnd, atEnd, "isUnexpectedEndOfInput for: \(source)")
        }
    }

    /// A missing closing bracket carries swiftc's note at the bracket it would close.
    func testUnclosedBracketsNoteTheirOpener() {
        let cases: [(String, String)] = [
            ("func f() {\n", "2:1: expected '}' at end of brace statement | 1:10: to match this opening '{'"),
            ("print(1, 2\n", "2:1: expected ')' in expression list | 1:6: to match this opening '('"),
            ("let x = [1: 2", "1:14: expected ']' in container literal expression | 1:9: to match this opening '['"),
            ("x[1", "1:4: expected ']' in expression list | 1:2: to match this opening '['"),
            ("enum E { case a", "1:16: expected '}' at end of enum | 1:8: to match this opening '{'"),
            ("let f = { (x: Int) in", "1:22: expected '}' at end of closure | 1:9: to match this opening '{'"),
            ("func f(a: Int", "1:14: expected ')' in parameter | 1:7: to match this opening '('"),
            ("let x: [Int", "1:12: expected ']' in array type | 1:8: to match this opening '['"),
            ("switch x {", "1:11: expected '}' at end of 'switch' statement | 1:10: to match this opening '{'"),
            ("let x = [1 2]", "1:12: expected ',' separator"),
        ]
        for (source, expected) in cases {
            do {
                _ = try Parser.parse(SourceFile(name: "t", text: source))
                XCTFail("no error for \(source)")
            } catch {
                let d = error.diagnostics[0]
                let rendered = (["\(d.location): \(d.message)"] + d.notes.map { "\($0.location): \($0.message)" })
                    .joined(separator: " | ")
                XCTAssertEqual(rendered, expected, source)
                XCTAssertTrue(d.notes.allSatisfy { $0.severity == .note && $0.file === d.file })
            }
        }
    }

    /// After an error the parser resumes at the next line starting in column 1, so
    /// independent mistakes are all reported, and one mistake is reported once.
    func testRecoveryReportsIndependentErrorsOnce() {
        let source = """
        let x = )
        print(1)
        let = 2
        class A {
          func f() {
            let = 1
            print(2)
          }
        }
        }
        let y = 2 +* 3
        func h() {
        """
        do {
            _ = try Parser.parse(SourceFile(name: "t", text: source))
            XCTFail("no error")
        } catch {
            XCTAssertEqual(error.diagnostics.map { "\($0.location): \($0.message)" }, [
                "1:9: expected initial value after '='", "3:5: expected pattern", "6:9: expected pattern",
                "11:11: cannot find operator '+*' in scope", "12:11: expected '}' at end of brace statement",
            ])
            XCTAssertFalse(error.isUnexpectedEndOfInput, "earlier errors cannot be fixed by more input")
        }
    }

    func testDiagnosticNamesTheFile() {
        let file = SourceFile(name: "settings.tlab", text: "let = 1")
        do {
            _ = try Parser.parse(file)
            XCTFail("no error")
        } catch {
            XCTAssertTrue(error.diagnostics[0].file === file)
            XCTAssertEqual(DiagnosticRenderer().render(error.diagnostics[0]),
                           "settings.tlab:1:5: error: expected pattern\nlet = 1\n    ^\n")
        }
    }

    func testDeepNestingIsAnErrorNotACrash() {
        let parens = "let x = " + String(repeating: "(", count: 5000) + "1" + String(repeating: ")", count: 5000)
        XCTAssertEqual(failure(parens).message, "1:265: structure nesting level exceeded maximum of 256")
        let bangs = "let x = " + String(repeating: "!", count: 5000) + "x"
        XCTAssertFalse(failure(bangs).message.isEmpty)
        let minus = "let x = " + String(repeating: "-(", count: 3000) + "1"
        XCTAssertFalse(failure(minus).message.isEmpty)
        // Long chains are read in loops, but capped: every later pass recurses over the tree.
        let coalescing = "let x = a" + String(repeating: " ?? a", count: 3000)
        guard case .declaration(.variable(let v))? = firstStatement(coalescing)?.kind,
              case .binary(.nilCoalescing, _, _)? = v.initializer?.kind else { return XCTFail("not a ?? chain") }
        XCTAssertEqual(failure("let x = a" + String(repeating: " ?? a", count: 5000)).message,
                       "1:20491: expression is too long; try breaking up the expression into distinct sub-expressions")
        XCTAssertTrue(failure("let x = 1" + String(repeating: " + 1", count: 5000)).message.contains("expression is too long"))
        XCTAssertTrue(failure("let x = a" + String(repeating: ".b", count: 5000)).message.contains("expression is too long"))
        // An else-if chain is not nesting: it is read in a loop.
        let elseIfs = "if a {}" + String(repeating: " else if a {}", count: 1000)
        guard case .if(var link)? = firstStatement(elseIfs)?.kind else { return XCTFail("not an if") }
        var length = 1
        while case .if(let next)? = link.otherwise?.first?.kind { link = next; length += 1 }
        XCTAssertEqual(length, 1001)
        let patterns = "switch x { case " + String(repeating: ".some(", count: 300) + "_" + String(repeating: ")", count: 300) + ": break }"
        XCTAssertFalse(failure(patterns).message.isEmpty)
    }

    /// Every prefix of a valid program that ends at a line break either parses or says
    /// that more input could complete it (the interactive session relies on this).
    func testPrefixesOfAValidProgramAreCompleteOrUnfinished() {
        let lines = ParserFixtures.settings.split(separator: "\n", omittingEmptySubsequences: false)
        for n in 1..<lines.count {
            let prefix = lines[..<n].joined(separator: "\n")
            do {
                _ = try Parser.parse(SourceFile(name: "t", text: prefix))
            } catch {
                XCTAssertTrue(error.isUnexpectedEndOfInput,
                              "prefix of \(n) lines: \(error.diagnostics[0].location): \(error.diagnostics[0].message)")
            }
        }
    }

    /// No prefix of any length crashes or hangs the parser.
    func testEveryCharacterPrefixTerminates() {
        let scalars = Array(ParserFixtures.settings.unicodeScalars)
        var failures = 0
        for n in stride(from: 0, through: scalars.count, by: 5) {
            var s = String.UnicodeScalarView()
            s.append(contentsOf: scalars[..<n])
            do { _ = try Parser.parse(SourceFile(name: "t", text: String(s))) } catch { failures += 1 }
        }
        XCTAssertGreaterThan(failures, 0)
    }
}

final class ParserProgramTests: XCTestCase {
    func testSettingsProgramParses() throws {
        let unit = try Parser.parse(SourceFile(name: "settings.tlab", text: ParserFixtures.settings))
        XCTAssertEqual(unit.statements.count, 9)
    }

    func testBenchFilesParse() throws {
        for name in ["w1_build", "w2_select", "w3_height", "w4_render", "w5_fib"] {
            let path = "/work/shared/bench/tablelab/\(name).tlab"
            guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { continue }
            XCTAssertFalse(parsed(text).isEmpty, name)
        }
        XCTAssertEqual(parsed(ParserFixtures.benchExcerpt).split(separator: "\n").count, 8)
    }

    func testLargeFileParses() throws {
        var text = ""
        for i in 0..<250 { text += ParserFixtures.benchExcerpt.replacingOccurrences(of: "Item", with: "Item\(i)") + "\n" }
        let unit = try Parser.parse(SourceFile(name: "big.tlab", text: text))
        XCTAssertEqual(unit.statements.count, 250 * 8)
    }
}

/// The text `range` covers in `source` (columns count Unicode scalars, as the lexer's do).
func sourceText(_ range: SourceRange, in source: String) -> String {
    let lines = source.split(separator: "\n", omittingEmptySubsequences: false).map { Array($0.unicodeScalars) }
    var out = String.UnicodeScalarView()
    var (line, column) = (range.start.line, range.start.column)
    while (line, column) < (range.end.line, range.end.column), line <= lines.count {
        if column <= lines[line - 1].count {
            out.append(lines[line - 1][column - 1])
            column += 1
        } else {
            out.append("\n")
            (line, column) = (line + 1, 1)
        }
    }
    return String(out)
}

/// The expression statement `text` is, or the initializer of the variable it declares.
func firstExpression(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> Expr? {
    switch firstStatement(text, file: file, line: line)?.kind {
    case .expression(let e)?: return e
    case .declaration(.variable(let v))?: return v.initializer
    default:
        XCTFail("no expression", file: file, line: line)
        return nil
    }
}

final class ParserRangeTests: XCTestCase {
    func testCallEndsAtItsClosingParenthesis() {
        let src = "f(a, b: g(1))"
        guard let call = firstExpression(src), case .call(let callee, let args) = call.kind else { return XCTFail("not a call") }
        XCTAssertEqual(call.range, SourceRange(start: SourceLocation(line: 1, column: 1), end: SourceLocation(line: 1, column: 14)))
        XCTAssertEqual(sourceText(callee.range, in: src), "f")
        XCTAssertEqual(args.map { sourceText($0.value.range, in: src) }, ["a", "g(1)"])
    }

    func testCallWithATrailingClosureEndsWithTheClosure() {
        let src = "xs.map { $0 * 2 }"
        guard let call = firstExpression(src), case .call(let callee, let args) = call.kind else { return XCTFail("not a call") }
        XCTAssertEqual(sourceText(call.range, in: src), src)
        XCTAssertEqual(sourceText(callee.range, in: src), "xs.map")
        XCTAssertEqual(sourceText(args[0].value.range, in: src), "{ $0 * 2 }")
        let withArguments = "f(1) { }"
        guard let call2 = firstExpression(withArguments), case .call(_, let args2) = call2.kind else { return XCTFail("not a call") }
        XCTAssertEqual(sourceText(call2.range, in: withArguments), withArguments)
        XCTAssertEqual(args2.map { sourceText($0.value.range, in: withArguments) }, ["1", "{ }"])
    }

    func testMultiLineCall() {
        let src = "let r = f(\n  1,\n  xs\n    .first { $0 > 1 }\n)\nprint(r)"
        guard let call = firstExpression(src), case .call(_, let args) = call.kind else { return XCTFail("not a call") }
        XCTAssertEqual(call.range.start, SourceLocation(line: 1, column: 9))
        XCTAssertEqual(call.range.end, SourceLocation(line: 5, column: 2), "just past the ')'")
        XCTAssertEqual(sourceText(args[1].value.range, in: src), "xs\n    .first { $0 > 1 }", "a trailing closure after a member on the next line")
        XCTAssertEqual(firstStatement(src)?.range.end, SourceLocation(line: 5, column: 2))
    }

    func testEachLinkOfAMemberChainStartsAtTheChain() {
        let src = "a.b?.c(1).d[0]!"
        var links: [String] = []
        var e = firstExpression(src)
        while let node = e {
            links.append(sourceText(node.range, in: src))
            switch node.kind {
            case .member(let base, _), .optionalChain(let base, _), .call(let base, _), .subscriptAccess(let base, _),
                 .forceUnwrap(let base):
                e = base
            default:
                e = nil
            }
        }
        XCTAssertEqual(links, ["a.b?.c(1).d[0]!", "a.b?.c(1).d[0]", "a.b?.c(1).d", "a.b?.c(1)", "a.b?.c", "a.b", "a"])
        guard case .forceUnwrap(let sub)? = firstExpression(src)?.kind, case .subscriptAccess(let member, _) = sub.kind else {
            return XCTFail("unexpected shape")
        }
        XCTAssertEqual(member.location, SourceLocation(line: 1, column: 11), "a member still sits at its name")
    }

    func testBinaryExpressionsSpanTheirOperands() {
        let src = "let v = (a + b) * c - -d"
        guard let e = firstExpression(src), case .binary(.subtract, let l, let r) = e.kind,
              case .binary(.multiply, let product, _) = l.kind else { return XCTFail("unexpected shape") }
        XCTAssertEqual(sourceText(e.range, in: src), "(a + b) * c - -d")
        XCTAssertEqual(e.location, SourceLocation(line: 1, column: 21), "still at the operator")
        XCTAssertEqual(sourceText(l.range, in: src), "(a + b) * c")
        XCTAssertEqual(sourceText(product.range, in: src), "(a + b)", "a parenthesized expression includes its parentheses")
        XCTAssertEqual(product.location, SourceLocation(line: 1, column: 12))
        XCTAssertEqual(sourceText(r.range, in: src), "-d")
        let other = "x as? Int ?? y ? 1 : 2"
        guard let t = firstExpression(other), case .ternary(let c, _, let no) = t.kind,
              case .binary(.nilCoalescing, let cast, _) = c.kind else { return XCTFail("unexpected shape") }
        XCTAssertEqual(sourceText(t.range, in: other), other)
        XCTAssertEqual(sourceText(cast.range, in: other), "x as? Int")
        XCTAssertEqual(sourceText(no.range, in: other), "2")
    }

    func testIfStatementAndItsElseIf() {
        let src = "if a {\n  f()\n} else if let b, b > 1 {\n  g()\n} else {\n}\nh()"
        guard let stmt = firstStatement(src), case .if(let outer) = stmt.kind,
              let inner = outer.otherwise?.first, case .if(let elseIf) = inner.kind,
              case .optionalBinding(_, _, let value, _) = elseIf.conditions[0] else { return XCTFail("unexpected shape") }
        XCTAssertEqual(stmt.range, SourceRange(start: SourceLocation(line: 1, column: 1), end: SourceLocation(line: 6, column: 2)))
        XCTAssertEqual(sourceText(inner.range, in: src), "if let b, b > 1 {\n  g()\n} else {\n}")
        XCTAssertEqual(sourceText(value.range, in: src), "b", "the value of `if let b` is the name")
        XCTAssertEqual(sourceText(outer.then[0].range, in: src), "f()")
    }

    func testSwitchStatementAndExpression() {
        let src = "switch x {\ncase .a where y:\n  f()\ndefault:\n  break\n}"
        guard let stmt = firstStatement(src), case .switch(let sw) = stmt.kind else { return XCTFail("not a switch") }
        XCTAssertEqual(stmt.range, SourceRange(start: SourceLocation(line: 1, column: 1), end: SourceLocation(line: 6, column: 2)))
        XCTAssertEqual(sourceText(sw.cases[0].body[0].range, in: src), "f()")
        XCTAssertEqual(sourceText(sw.cases[1].body[0].range, in: src), "break")
        let value = "let k = switch x {\ncase .a: 1\ndefault: 2\n}"
        XCTAssertEqual(firstExpression(value).map { sourceText($0.range, in: value) }, "switch x {\ncase .a: 1\ndefault: 2\n}")
    }

    func testDeclarationStatements() {
        let src = "private let a = 1, b = f(2)\n@objc func g() {\n}"
        guard let unit = try? Parser.parse(SourceFile(name: "t", text: src)), unit.statements.count == 3 else {
            return XCTFail("not three statements")
        }
        XCTAssertEqual(unit.statements.map { sourceText($0.range, in: src) }, ["private let a = 1", "b = f(2)", "@objc func g() {\n}"])
    }

    /// Over whole programs: every node's range holds its location and is inside its
    /// parent's, so no construction path was left without a range.
    func testEveryNodeLiesInsideItsParent() throws {
        let extra = """
        let p = \\Item.title.count
        if let x, case .a? = y, x > 0 { print("v \\(x + 1) \\(f { $0 })") }
        for case let (i, v) in zip(a, b).enumerated() where i > 0 { continue }
        guard let z = try? g(&w) else { return }
        while !done { repeat { n -= 1 } while n > 0 }
        let t: (Int, String) = (1, "a"), u = [1: [2, 3]][1]?.first ?? 0
        struct S { var c: Int { get { 1 } set { print(newValue) } }; init(c: Int = 2) { } }
        extension S { static func make() -> S { .init(c: 1) } }
        """
        for program in [ParserFixtures.settings, ParserFixtures.benchExcerpt, extra] {
            let unit = try Parser.parse(SourceFile(name: "t", text: program))
            var checker = RangeChecker()
            for s in unit.statements { checker.check(s, in: nil) }
            XCTAssertEqual(checker.problems, [])
            XCTAssertGreaterThan(checker.nodes, 50)
        }
    }
}

/// Walks every statement and expression of a tree, noting each whose range is empty,
/// does not hold its location, or leaves its parent's. The switches are exhaustive, so
/// a new kind of node must be added here.
struct RangeChecker {
    var problems: [String] = []
    var nodes = 0

    private static func precedes(_ a: SourceLocation, _ b: SourceLocation) -> Bool {
        (a.line, a.column) < (b.line, b.column)
    }

    private mutating func note(_ range: SourceRange, _ location: SourceLocation, in parent: SourceRange?, _ what: String) {
        nodes += 1
        if !Self.precedes(range.start, range.end) { problems.append("\(what) at \(location): empty range \(range)") }
        if Self.precedes(location, range.start) || !Self.precedes(location, range.end) {
            problems.append("\(what) at \(location): outside its range \(range)")
        }
        if let parent, Self.precedes(range.start, parent.start) || Self.precedes(parent.end, range.end) {
            problems.append("\(what) at \(location): \(range) leaves its parent \(parent)")
        }
    }

    mutating func check(_ s: Stmt, in parent: SourceRange?) {
        note(s.range, s.location, in: parent, "statement")
        let r = s.range
        switch s.kind {
        case .expression(let e): check(e, in: r)
        case .assignment(let target, _, let value): check(target, in: r); check(value, in: r)
        case .declaration(let d): check(d, in: r)
        case .if(let i): check(i, in: r)
        case .guard(let conditions, let otherwise): check(conditions, in: r); otherwise.forEach { check($0, in: r) }
        case .switch(let sw): check(sw, in: r)
        case .forIn(let pattern, let sequence, let whereClause, let body):
            check(pattern, in: r); check(sequence, in: r); whereClause.map { check($0, in: r) }
            body.forEach { check($0, in: r) }
        case .while(let conditions, let body): check(conditions, in: r); body.forEach { check($0, in: r) }
        case .repeatWhile(let body, let condition): body.forEach { check($0, in: r) }; check(condition, in: r)
        case .block(let body): body.forEach { check($0, in: r) }
        case .doCatch(let body, let catches):
            body.forEach { check($0, in: r) }
            for c in catches { c.guardExpr.map { check($0, in: r) }; c.body.forEach { check($0, in: r) } }
        case .defer(let body): body.forEach { check($0, in: r) }
        case .throw(let e): check(e, in: r)
        case .break, .continue, .fallthrough, .command: break
        case .return(let e): e.map { check($0, in: r) }
        case .labeled(_, let inner): check(inner, in: r)
        }
    }

    mutating func check(_ e: Expr, in parent: SourceRange?) {
        note(e.range, e.location, in: parent, "expression")
        let r = e.range
        switch e.kind {
        case .integer, .double, .boolean, .nil, .identifier, .shorthandParameter, .self, .implicitMember, .arrayType: break
        case .string(let segments):
            for case .interpolation(let x) in segments { check(x, in: r) }
        case .array(let xs): xs.forEach { check($0, in: r) }
        case .dictionary(let pairs): pairs.forEach { check($0.key, in: r); check($0.value, in: r) }
        case .tuple(let xs): xs.forEach { check($0.value, in: r) }
        case .member(let b, _), .optionalChain(let b, _), .forceUnwrap(let b), .optionalBind(let b), .unary(_, let b), .typeCast(let b, _, _):
            check(b, in: r)
        case .call(let f, let args), .subscriptAccess(let f, let args), .optionalSubscript(let f, let args):
            check(f, in: r); args.forEach { check($0.value, in: r) }
        case .binary(_, let a, let b): check(a, in: r); check(b, in: r)
        case .ternary(let a, let b, let c): check(a, in: r); check(b, in: r); check(c, in: r)
        case .closure(let c):
            c.parameters.forEach { $0.defaultValue.map { check($0, in: r) } }
            c.body.forEach { check($0, in: r) }
        case .switchExpr(let sw): check(sw, in: r)
        case .ifExpr(let i): check(i, in: r)
        case .tryMark(_, let x): check(x, in: r)
        }
    }

    private mutating func check(_ i: IfStmt, in r: SourceRange) {
        check(i.conditions, in: r)
        i.then.forEach { check($0, in: r) }
        i.otherwise?.forEach { check($0, in: r) }
    }

    private mutating func check(_ sw: SwitchStmt, in r: SourceRange) {
        check(sw.subject, in: r)
        for c in sw.cases {
            c.patterns.forEach { check($0, in: r) }
            c.whereClauses.forEach { $0.map { check($0, in: r) } }
            c.body.forEach { check($0, in: r) }
        }
    }

    private mutating func check(_ conditions: [Condition], in r: SourceRange) {
        for c in conditions {
            switch c {
            case .expression(let e): check(e, in: r)
            case .optionalBinding(_, _, let value, _): check(value, in: r)
            case .patternMatch(let p, let e): check(p, in: r); check(e, in: r)
            }
        }
    }

    private mutating func check(_ p: Pattern, in r: SourceRange) {
        switch p.kind {
        case .wildcard, .binding, .typeCheck: break
        case .enumCase(_, _, let sub): sub.map { check($0, in: r) }
        case .optionalSome(let sub), .cast(let sub, _): check(sub, in: r)
        case .tuple(let ps): ps.forEach { check($0, in: r) }
        case .expression(let e): check(e, in: r)
        }
    }

    private mutating func check(_ d: Decl, in r: SourceRange) {
        switch d {
        case .variable(let v): check(v, in: r)
        case .function(let f): check(f, in: r)
        case .enum(let e):
            e.cases.forEach { $0.rawValue.map { check($0, in: r) } }
            check(e.members, in: r)
        case .struct(let s): check(s.members, in: r)
        case .table(let t): check(t.members, in: r)
        case .class(let c): check(c.members, in: r)
        case .extension(_, let members, _): check(members, in: r)
        case .protocol, .typeAlias: break
        }
    }

    private mutating func check(_ v: VariableDecl, in r: SourceRange) {
        v.initializer.map { check($0, in: r) }
        v.getter?.forEach { check($0, in: r) }
        v.setter?.body.forEach { check($0, in: r) }
    }

    private mutating func check(_ f: FunctionDecl, in r: SourceRange) {
        f.parameters.forEach { $0.defaultValue.map { check($0, in: r) } }
        f.body.forEach { check($0, in: r) }
    }

    private mutating func check(_ m: TypeMembers, in r: SourceRange) {
        m.properties.forEach { check($0, in: r) }
        (m.methods + m.initializers).forEach { check($0, in: r) }
        m.nestedTypes.forEach { check($0, in: r) }
    }
}

enum ParserFixtures {
    /// The first original, pasted the way a reader of the article would write it.
    static let settings = """
    import UIKit

    enum SectionType { case account, other }
    enum Item: CaseIterable {
      case manageAccounts, activeAccount
      case aboutMe, donate

      var title: String {
        switch self {
        case .manageAccounts: return "Manage Accounts"
        case .activeAccount: return "Active Account"
        case .aboutMe: return "About Me"
        case .donate: return "Donate"
        }
      }
    }
    struct Section {
      var type: SectionType
      var items: [Item]
    }
    /* the view controller */
    class SettingsViewController: UIViewController {
      private var sections = [Section]()

      override func viewDidLoad() {
        super.viewDidLoad()
        sections = [
          Section(type: .account, items: [.manageAccounts, .activeAccount]),
          Section(type: .other, items: [.aboutMe, .donate])
        ]
      }

      func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "BasicCell", for: indexPath)
        let item = sections[indexPath.section].items[indexPath.row]
        cell.textLabel?.text = item.title
        cell.detailTextLabel?.text = \"""
            row \\(indexPath.row)
            \"""
        switch item {
        case .manageAccounts, .activeAccount:
          cell.accessoryType = .disclosureIndicator
        default:
          cell.accessoryType = .none
        }
        return cell
      }

      func heightFor(_ item: Item) -> Double {
        let h = item == .donate
          ? 60.0
          : 44.0
        return sections
          .flatMap { $0.items }
          .contains(item) ? h : 0
      }
    }
    let vc = SettingsViewController()
    vc.viewDidLoad()
    :show SettingsViewController
    print(Item.allCases.map { $0.title }.joined(separator: ", "))
    """

    /// The shape of the bench scripts (../shared/bench/tablelab), for machines without them.
    static let benchExcerpt = """
    enum Item {
      case profile, settings
      var title: String {
        switch self {
        case .profile: return "Profile"
        case .settings: return "Settings"
        }
      }
    }
    struct Section { let type: Int; var items: [Item] }
    func build() -> [Section] {
      var sections: [Section] = []
      for s in 0..<10 {
        var items: [Item] = []
        for i in 0..<5 { items.append(Item.allCases[(s * 31 + i * 7) % 2]) }
        sections.append(Section(type: s % 4, items: items))
      }
      return sections
    }
    let sections = build()
    var counts: [Item: Int] = [:]
    for sec in sections { for item in sec.items { counts[item] = (counts[item] ?? 0) + 1 } }
    let perKind = Item.allCases.map { String(counts[$0] ?? 0) }.joined(separator: ",")
    print("checksum=\\(perKind),n=\\(sections.count)")
    """
}

final class ParserAccessorAndAssignmentArgumentTests: XCTestCase {
    /// `print(c!=nil)`: the assignment is the argument, a closure called at once whose body
    /// is the assignment statement (it was "expected ',' separator").
    func testAssignmentAsArgumentIsTheStatementInAClosureCalledAtOnce() {
        guard case .expression(let e)? = firstStatement("print(c!=nil)")?.kind,
              case .call(_, let args) = e.kind, args.count == 1,
              case .call(let callee, let inner) = args[0].value.kind, inner.isEmpty,
              case .closure(let c) = callee.kind, c.body.count == 1,
              case .assignment(let target, .assign, let value) = c.body[0].kind else {
            return XCTFail("not an assignment in a closure called at once")
        }
        guard case .forceUnwrap = target.kind else { return XCTFail("target is not c!") }
        XCTAssertTrue(value.kind.isNilLiteral)
        XCTAssertEqual(value.location.column, 10)
    }

    func testMutatingGetterIsNamedAtItsModifier() {
        XCTAssertEqual(failure("struct S {\n    var n = 0\n    var m: Int { mutating get { n } }\n}").message,
                       "3:18: a 'mutating get' is not supported in TableLab")
    }

    func testGetterKeywordIsKeptForItsNote() {
        guard case .declaration(.struct(let s))? = firstStatement("struct S {\n    var m: Int { get { 1 } }\n    var k: Int { 2 }\n}")?.kind else {
            return XCTFail("no struct")
        }
        XCTAssertEqual(s.members.properties.map { "\($0.getterKeyword)" }, ["2:18", "\(SourceLocation.unknown)"])
    }
}
