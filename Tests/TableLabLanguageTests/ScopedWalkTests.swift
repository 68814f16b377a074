import XCTest
@testable import TableLabSyntax
@testable import TableLabInterpreter

/// The scope model the whole-unit checks share (ScopedWalk.swift): what a name means at
/// each place, asked by `probe(name)` calls in the source.
final class ScopedWalkTests: XCTestCase {
    /// Records, for each `probe(x)`, what binds `x` there: `let@line`, `parameter`,
    /// `pattern`, `error`, `closure`, or `-` when nothing in scope binds it.
    private struct Probe: ScopedWalker {
        var walk = ScopedWalkState()
        var seen: [String] = []

        mutating func call(_ e: Expr, callee: Expr, args: [Argument], _ role: ExpressionRole, _ scopes: LexicalScopes,
                           _ place: WalkPlace) {
            guard case .identifier("probe") = callee.kind else { return }
            for a in args {
                guard case .identifier(let n) = a.value.kind else { continue }
                let meaning: String
                switch scopes.lookup(n)?.origin {
                case .variable(let v)?: meaning = "let@\(v.location.line)"
                case .parameter?: meaning = "parameter"
                case .pattern?, .loopElement?: meaning = "pattern"
                case .caughtError?: meaning = "error"
                case .closureParameter?: meaning = "closure"
                case nil: meaning = "-"
                }
                seen.append("\(n)=\(meaning)")
            }
        }
    }

    private func probes(_ source: String) throws -> [String] {
        let unit = try Parser.parse(SourceFile(name: "t", text: source))
        var probe = Probe()
        probe.walkUnit(unit.statements)
        return probe.seen
    }

    func testShadowingInAnInnerBlockEndsWithTheBlock() throws {
        XCTAssertEqual(try probes("""
        let a = 1
        do {
            probe(a)
            let a = "inner"
            probe(a)
        }
        probe(a)
        """), ["a=let@1", "a=let@4", "a=let@1"])
    }

    func testGuardBindingHoldsAfterTheGuardNotInItsElse() throws {
        XCTAssertEqual(try probes("""
        let g = 0
        func f(x: Int?) {
            guard let g = x else { probe(g); return }
            probe(g)
        }
        probe(g)
        """), ["g=-", "g=pattern", "g=let@1"])
    }

    func testIfAndWhileBindingsHoldInTheirBodyOnly() throws {
        XCTAssertEqual(try probes("""
        if let y = Int("2"), y > probe(y) { probe(y) } else { probe(y) }
        while let w = Int("3") { probe(w) }
        probe(w)
        """), ["y=pattern", "y=pattern", "y=-", "w=pattern", "w=-"])
    }

    func testCatchBindsItsPatternOrError() throws {
        XCTAssertEqual(try probes("""
        do { probe(error) } catch { probe(error) }
        do { } catch let e { probe(e); probe(error) }
        probe(e)
        """), ["error=-", "error=error", "e=pattern", "error=-", "e=-"])
    }

    func testClosureParametersShadowOuterNamesInTheClosure() throws {
        XCTAssertEqual(try probes("""
        let q = 1
        let c = { (q: Int, r: Int) in probe(q); probe(r) }
        probe(q)
        probe(r)
        """), ["q=closure", "r=closure", "q=let@1", "r=-"])
    }

    func testForAndCasePatternsAndFunctionParameters() throws {
        XCTAssertEqual(try probes("""
        let x = 1
        for x in [1] { probe(x) }
        switch 1 { case let z: probe(z); default: probe(z) }
        func f(p: Int) { probe(p); probe(x) }
        probe(p)
        """), ["x=pattern", "z=pattern", "z=-", "p=parameter", "x=-", "p=-"])
    }

    func testACommandForgetsWhatWasBound() throws {
        XCTAssertEqual(try probes("""
        let a = 1
        :use T
        probe(a)
        """), ["a=-"])
    }
}
