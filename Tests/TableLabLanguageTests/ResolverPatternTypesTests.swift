import XCTest
@testable import TableLabSyntax
@testable import TableLabInterpreter

/// The static types the resolver gives closure parameters, `$0`s and the names a pattern
/// binds (ResolverPatterns.swift). Each expected type is swiftc 6.3's for the same code
/// (`let _: Never = x` shows it in the error); what may be another stays unknown ("-").
final class ResolverPatternTypesTests: XCTestCase {
    private let script = """
        enum K { case a(Int), b(title: String, n: Int), c, d(Double, Double), e(Int, String) }
        enum G<T> { case v(T) }
        struct MyError: Error { var code: Int }
        enum AppError: Error { case bad(code: Int) }
        func apply(_ f: (Int) -> Int) -> Int { f(1) }
        """
    private let parameters = """
        _ k: K, _ opt: Int?, _ t: (Int, String), _ ks: [K], _ opts: [Int?], _ xs: [Int], _ d: [String: Int], _ g: G<Int>, \
        _ names: [String], _ s: String, _ set: Set<Double>, _ total: Int
        """

    /// The inferred type of each binding of the function's body, by name, with the session's
    /// declarations of `script` (and `extra`).
    private func inferred(_ body: String, extra: String = "", selfType: String? = nil) throws -> [String: String] {
        var out: [String: String] = [:]
        for (name, types) in try inferredByName(body, extra: extra, selfType: selfType) {
            // A name bound twice (two patterns of one case) must have one answer.
            out[name] = Set(types).count == 1 ? types[0] : "conflict"
        }
        return out
    }

    /// Each binding's inferred type, by name, in the order the names are written.
    private func inferredByName(_ body: String, extra: String = "", selfType: String? = nil) throws -> [String: [String]] {
        guard let r = try ResolverTestSupport.resolve(body, parameters: parameters, afterRunning: script + "\n" + extra,
                                                      selfType: selfType) else { return [:] }
        var out: [String: [String]] = [:]
        let keys = r.captured.keys.sorted { ($0.location.line, $0.location.column) < ($1.location.line, $1.location.column) }
        for key in keys {
            out[key.name, default: []].append(r.inferredType(key.name, at: key.location).map(StaticTyper.spelling) ?? "-")
        }
        return out
    }

    private func check(_ types: [String: String], _ expected: [String: String], file: StaticString = #filePath, line: UInt = #line) {
        for (name, type) in expected.sorted(by: { $0.key < $1.key }) { XCTAssertEqual(types[name], type, name, file: file, line: line) }
    }

    private let closures = """
        _ = xs.map { a1 in a1 * 2 }
        _ = xs.filter { a2 in a2 > 1 }
        xs.forEach { a3 in print(a3) }
        _ = names.compactMap { a4 in Int(a4) }
        _ = xs.contains { a5 in a5 > 1 }
        _ = xs.first(where: { a6 in a6 > 1 })
        _ = xs.sorted { a7, b7 in a7 < b7 }
        _ = xs.reduce(0) { r8, a8 in r8 + a8 }
        _ = xs.reduce(total) { r9, a9 in r9 + a9 }
        _ = xs.reduce(into: [Int]()) { r10, a10 in r10.append(a10) }
        _ = xs.enumerated().map { i11, a11 in i11 + a11 }
        d.forEach { k12, v12 in print(k12, v12) }
        _ = d.mapValues { v13 in v13 * 2 }
        _ = d.filter { e14 in e14.value > 1 }
        _ = opt.map { w15 in w15 + 1 }
        _ = set.min { a16, b16 in a16 < b16 }
        _ = s.filter { c17 in c17 != "a" }
        _ = xs.map { let l18 = $0 * 2; return l18 }
        _ = d.map { let l19 = $1; return l19 }
        _ = xs.enumerated().map { let l20 = $0; return l20.offset }
        _ = [1, 2].map { l21 in l21 / 2 }
        _ = apply { x22 in let l22 = x22 * 2; return l22 }
        _ = xs.map { [total] a23 in a23 + total }
        """

    /// Standard methods of a receiver of a known type, a script function's one declaration.
    func testClosureParametersAreTypedFromTheirCallee() throws {
        check(try inferred(closures), [
            "a1": "Int", "a2": "Int", "a3": "Int", "a4": "String", "a5": "Int", "a6": "Int", "a7": "Int", "b7": "Int",
            "a8": "Int", "a9": "Int", "r9": "Int", "a10": "Int", "i11": "Int", "a11": "Int", "k12": "String", "v12": "Int",
            "v13": "Int", "e14": "(key: String, value: Int)", "w15": "Int", "a16": "Double", "b16": "Double", "c17": "Character",
            "l18": "Int", "l19": "Int", "l20": "(offset: Int, element: Int)", "l22": "Int", "a23": "Int",
            // `reduce(0) { $0 + Double($1) }` makes the literal a Double; `[1, 2].map { $0 / 2.0 }` a
            // `[Double]`; `reduce(into:)`'s result is `inout`; a script function's parameter
            // type does not say whether its closure's parameters are `inout`.
            "r8": "-", "r10": "-", "l21": "-", "x22": "-",
        ])
    }

    /// `extension Array { func map ... }` may be what `xs.map` calls.
    func testAMethodTheScriptMayDeclareIsNotFollowed() throws {
        let types = try inferred(closures, extra: "extension Array { func map(_ f: (String) -> Int) -> Int { 0 } }")
        check(types, ["a1": "-", "l18": "-", "w15": "-", "a2": "Int"])
    }

    func testCasePatternPartsAreTypedFromTheSubject() throws {
        let types = try inferred("""
            switch k {
            case .a(let p1): break
            case .b(let p2): break
            case .d(let p3, let p4): break
            case .c, .e: break
            }
            if case .b(let p5, _) = k { }
            if case let .b(title: p6, n: p7) = k { }
            guard case .a(let p8) = k else { return }
            for case .a(let p9) in ks { }
            switch opt { case .some(let p10): break; case nil: break }
            if case let p11? = opt { }
            switch t { case (let p12, let p13): break }
            for case let p14? in opts { }
            do { try h() } catch let p15 as MyError { } catch AppError.bad(let p16) { } catch { }
            switch k { case .a(let p25), .e(let p25, _): break; default: break }
            switch k { case .a(let p26), .zz(let p26): break; default: break }
            if case .v(let p27) = g { }
            switch k { case .b(title: var p28, _): p28 = ""; default: break }
            let ok: K? = k
            if case .a(let p29) = ok { }
            switch ok { case .b(let p30, _)?: break; default: break }
            """)
        check(types, [
            "p1": "Int", "p2": "(title: String, n: Int)", "p3": "Double", "p4": "Double", "p5": "String", "p6": "String",
            "p7": "Int", "p8": "Int", "p9": "Int", "p10": "Int", "p11": "Int", "p12": "Int", "p13": "String", "p14": "Int",
            "p15": "MyError", "p16": "Int", "p25": "Int", "p29": "Int", "p30": "String",
            // A pattern of a case not known, a generic enum's payload, a `var`.
            "p26": "-", "p27": "-", "p28": "-",
        ])
    }

    func testTuplePatternsAndLoopsBindTheirParts() throws {
        let types = try inferred("""
            let (p17, p18) = (1, "x")
            let (p19, p20) = t
            for (p21, p22) in xs.enumerated() { }
            for (p23, p24) in d { }
            var (p29, p30) = (1, 2)
            let (p31, p32): (Double, String) = (1, "x")
            """)
        check(types, [
            "p17": "Int", "p18": "String", "p19": "Int", "p20": "String", "p21": "Int", "p22": "Int", "p23": "String",
            "p24": "Int", "p29": "-", "p30": "-", "p31": "Double", "p32": "String",
        ])
    }

    /// A closure's parameter is its own binding beside an outer one of the name; in a
    /// method, `[weak self]` leaves the parameters typed and `self` an Optional (swiftc's
    /// `Counter?`).
    func testClosureParametersShadowAndStandBesideCaptureLists() throws {
        let types = try inferredByName("""
            let sh = "s"
            _ = xs.map { sh in sh * 2 }
            _ = xs.map { [weak self] x in let me = self; return x + (me?.base ?? 0) }
            _ = xs.map { [total] y in y + total }
            """, extra: "final class Counter { var base = 7 }", selfType: "Counter")
        XCTAssertEqual(types["sh"], ["String", "Int"])
        XCTAssertEqual(types["x"], ["Int"])
        XCTAssertEqual(types["me"], ["Counter?"])
        XCTAssertEqual(types["y"], ["Int"])
        // The capture list's `total` is a constant of its own (the wrapper's parameter).
        XCTAssertEqual(types["total"], ["-", "-"])
    }
}
