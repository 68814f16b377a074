import XCTest
@testable import TableLabSyntax
@testable import TableLabInterpreter

/// The one walk reaches every identifier, wherever the grammar puts it, in source order.
final class SyntaxVisitorTests: XCTestCase {
    private struct Identifiers: SyntaxVisitor {
        var seen: [String] = []
        mutating func visit(_ node: Expr) -> SyntaxVisitorContinueKind {
            if case .identifier(let n) = node.kind { seen.append(n) }
            return .visitChildren
        }
    }

    private func identifiers(_ source: String) throws -> [String] {
        let unit = try Parser.parse(SourceFile(name: "t", text: source))
        var v = Identifiers()
        v.walk(unit.statements)
        return v.seen
    }

    func testEveryPlaceAnExpressionCanStand() throws {
        let source = """
        enum E: Int { case a = 1 }
        struct S { var p = a1; var q: Int { a2 }; func m(_ x: Int = a3) { a4 }; init() { a5 } }
        table T { var r = a6 }
        extension S { func n() { a7 } }
        let t = (a8, k: a9)
        var d = [a10: a11]
        x1 = x2
        x3 += [x4][0]
        if let y = x5, case .a = x6, x7 { x8 } else if x9 { x10 } else { x11 }
        guard x12 else { x13 }
        switch x14 { case .a(x15), x16 where x17: x18; default: x19 }
        for case x20 in x21 where x22 { x23 }
        while x24 { x25 }
        repeat { x26 } while x27
        do { x28 }
        L: for _ in x29 { break L }
        let s = "\\(x30)"
        let c = { (z: Int) in x31 }
        let u = x32 ? -x33 : x34!.m?.n
        let v = x35 as? Int
        let w = switch x36 { case _: x37 }
        let k = if x38 { x39 } else { x40 }
        func f() -> Int { return x41 }
        f(x42)(label: x43) { x44 }
        """
        let expected = ["a1", "a2", "a3", "a4", "a5", "a6", "a7", "a8", "a9", "a10", "a11"]
            + (1...41).map { "x\($0)" } + ["f"] + (42...44).map { "x\($0)" }
        XCTAssertEqual(try identifiers(source), expected)
    }

    /// The resolver binds each use to its declaration: a local is captured only when a
    /// closure or nested function uses that very binding, not another of the same name.
    func testResolverCapturesBindingsNotNames() throws {
        let unit = try Parser.parse(SourceFile(name: "t", text: """
        func f(p: Int, q: Int) {
            var outer = 1
            var shadowed = 2
            let g = { outer + p }
            let h = { (shadowed: Int) in shadowed }
            for i in 0..<3 { let k = i; _ = { k } }
            var i = 0
            func nested() -> Int { nested2() + q }
            func nested2() -> Int { 0 }
            if let y = Optional(1) { _ = { y } }
            var y = 5
            switch shadowed { case let z: _ = z }
            _ = (g, h, i, y, shadowed)
        }
        """))
        guard case .declaration(.function(let f)) = unit.statements[0].kind else { return XCTFail("no function") }
        let r = Resolver.resolve(parameters: f.parameters, body: f.body)
        var captured: [String] = [], plain: [String] = []
        for (name, location) in [("p", (1, 8)), ("q", (1, 16)), ("outer", (2, 9)), ("shadowed", (3, 9)),
                                 ("k", (6, 26)), ("i", (6, 9)), ("i", (7, 9)), ("nested", (8, 5)),
                                 ("nested2", (9, 5)), ("y", (10, 8)), ("y", (11, 9)), ("z", (12, 32))] {
            let at = SourceLocation(line: location.0, column: location.1)
            switch r.isCaptured(name, at: at) {
            case true?: captured.append(name)
            case false?: plain.append(name)
            case nil: XCTFail("the resolver did not see '\(name)' at \(at)")
            }
        }
        XCTAssertEqual(captured, ["p", "q", "outer", "k", "nested2", "y"])
        XCTAssertEqual(plain, ["shadowed", "i", "i", "nested", "y", "z"])
        XCTAssertEqual(r.freeInClosures, [])
    }

    /// The resolver knows a binding's static type from its annotation, or infers it as
    /// swiftc does, and only where it is certain (never gives out a `var`'s, nor types a
    /// call, a member, or a literal beside an operand of unknown type).
    func testResolverInfersStaticTypesFromSyntax() throws {
        let unit = try Parser.parse(SourceFile(name: "t", text: """
        func f(n: Int, d: Double, u: Item) {
            let a = n - 1
            let b = (a * 31 + n * 7) % 8
            let c = d * 2.5
            let e = a < b && true
            let s = "x\\(n)" + "y"
            var v = 1
            let w: Int64 = 3
            let x = u.rawValue + 1
            let y = d + 1
            let z = g(n)
            for i in 0..<n { _ = i }
            for j in 0...n.bitWidth { _ = j }
            _ = (v, w, x, y, z)
        }
        """))
        guard case .declaration(.function(let f)) = unit.statements[0].kind else { return XCTFail("no function") }
        // A script that declares no operator, function or extension.
        let declarations = ResolverDeclarations(mayDeclareOperator: { _ in false }, mayDeclareCallee: { _ in false },
                                                mayDeclareSubscript: { _ in false })
        let r = Resolver.resolve(parameters: f.parameters, body: f.body, declarations: declarations)
        var seen: [String] = []
        for (name, location) in [("n", (1, 8)), ("a", (2, 9)), ("b", (3, 9)), ("c", (4, 9)), ("e", (5, 9)), ("s", (6, 9)),
                                 ("v", (7, 9)), ("w", (8, 9)), ("x", (9, 9)), ("y", (10, 9)), ("z", (11, 9)),
                                 ("i", (12, 9)), ("j", (13, 9))] {
            let at = SourceLocation(line: location.0, column: location.1)
            XCTAssertNotNil(r.isCaptured(name, at: at), "the resolver did not see '\(name)' at \(at)")
            seen.append("\(name): \(r.inferredType(name, at: at)?.description ?? "-")")
        }
        // `d + 1`: the literal takes the Double's type (swiftc infers a Double).
        XCTAssertEqual(seen, ["n: -", "a: Int", "b: Int", "c: Double", "e: Bool", "s: String", "v: -", "w: -", "x: -",
                              "y: Double", "z: -", "i: Int", "j: -"])
    }
}
