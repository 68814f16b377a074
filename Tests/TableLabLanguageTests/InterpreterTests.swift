import XCTest
@testable import TableLabSyntax
@testable import TableLabExhaustiveness
@testable import TableLabInterpreter

/// Runs a script and returns what it printed; an error is rendered after the output as
/// `error: LINE:COL: message` (plus notes and trace lines).
func runTL(_ text: String, maxSteps: Int? = nil, setup: ((Interpreter) -> Void)? = nil) -> String {
    var out = ""
    let interp = Interpreter(options: .init(maxSteps: maxSteps))
    interp.output = { out += $0 }
    setup?(interp)
    do {
        try interp.runScript(SourceFile(name: "t.tlab", text: text))
    } catch {
        out += "error: \(error.location): \(error.message)"
        for n in error.notes { out += "\nnote: \(n.message)" }
        for t in error.trace { out += "\n  \(t)" }
    }
    return out
}

final class InterpreterTests: XCTestCase {
    // MARK: Basics and printing

    func testPrintFormatting() {
        XCTAssertEqual(runTL("print(1, 2.5, true, \"s\")"), "1 2.5 true s\n")
        XCTAssertEqual(runTL("print(44.0, 144000000.0, 1e16, 0.1 + 0.2)"), "44.0 144000000.0 1e+16 0.30000000000000004\n")
        XCTAssertEqual(runTL("print([\"a\", \"b\"], [1: \"x\"], (1, \"a\"), (x: 1, y: 2))"), "[\"a\", \"b\"] [1: \"x\"] (1, \"a\") (x: 1, y: 2)\n")
        XCTAssertEqual(runTL("let d: [String: Int] = [:]\nprint(d, [Int]())"), "[:] []\n")
        XCTAssertEqual(runTL("print(1, 2, separator: \"-\", terminator: \"!\")"), "1-2!")
        XCTAssertEqual(runTL("let x: Int? = 5\nlet y: Int? = nil\nprint(x, y, x!)"), "Optional(5) nil 5\n")
        XCTAssertEqual(runTL("print(\"a\\(1 + 2)b\\(\"c\")\")"), "a3bc\n")
    }

    func testEnumsPrintAndRawValues() {
        let src = """
        enum Item: CaseIterable { case donate, rate }
        enum CellType: String { case basic = "BasicCell", subtitle }
        enum Level: Int { case low, mid = 5, high }
        print(Item.donate, [Item.donate, .rate], "\\(Item.rate)")
        print(CellType.basic.rawValue, CellType.subtitle.rawValue, Level.high.rawValue)
        print(CellType(rawValue: "subtitle"), CellType(rawValue: "x"), Item.allCases)
        """
        XCTAssertEqual(runTL(src), "donate [t.Item.donate, t.Item.rate] rate\nBasicCell subtitle 6\nOptional(t.CellType.subtitle) nil [t.Item.donate, t.Item.rate]\n")
    }

    func testStructsMemberwiseAndValueSemantics() {
        let src = """
        enum CellType { case basic, subtitle }
        struct Item2 { var title = ""; var type = CellType.basic; func describe() -> String { "\\(title)/\\(type)" } }
        var a = Item2(title: "x")
        var b = a
        b.title = "y"
        print(a, b.describe())
        let c = Item2(type: .subtitle)
        print(c)
        """
        XCTAssertEqual(runTL(src), "Item2(title: \"x\", type: t.CellType.basic) y/basic\nItem2(title: \"\", type: t.CellType.subtitle)\n")
    }

    func testMutatingMethodsAndLetErrors() {
        let src = """
        struct Counter { var n = 0; mutating func inc() { n += 1 } }
        var c = Counter()
        c.inc(); c.inc()
        print(c.n)
        let k = Counter()
        k.inc()
        """
        // swiftc refuses the file: nothing of it runs.
        XCTAssertEqual(runTL(src), "error: 6:3: cannot use mutating member on immutable value: 'k' is a 'let' constant\nnote: change 'let' to 'var' to make it mutable")
        XCTAssertEqual(runTL("let x = 1\nx = 2"), "error: 2:1: cannot assign to value: 'x' is a 'let' constant\nnote: change 'let' to 'var' to make it mutable")
        XCTAssertEqual(runTL("let a = [1]\na.append(2)"), "error: 2:3: cannot use mutating member on immutable value: 'a' is a 'let' constant\nnote: change 'let' to 'var' to make it mutable")
    }

    func testArrayValueSemanticsAndInPlacePaths() {
        let src = """
        enum K { case a, b, donate }
        struct Section { var items: [K] }
        var sections = [Section(items: [.a]), Section(items: [])]
        let copy = sections
        sections[0].items.append(.donate)
        sections[1].items.append(.b)
        sections[0].items[0] = .b
        print(sections[0].items, sections[1].items, copy[0].items)
        var a = [1, 2, 3]
        var b = a
        b.append(4)
        a[0] = 9
        print(a, b)
        """
        XCTAssertEqual(runTL(src), "[t.K.b, t.K.donate] [t.K.b] [t.K.a]\n[9, 2, 3] [1, 2, 3, 4]\n")
    }

    func testFunctionsLabelsDefaultsOverloads() {
        let src = """
        func f(_ x: Int) -> String { "one \\(x)" }
        func f(x: Int) -> String { "labelled \\(x)" }
        func g(_ a: Int, animated: Bool = true) -> String { "\\(a) \\(animated)" }
        print(f(1), f(x: 2), g(3), g(4, animated: false))
        """
        XCTAssertEqual(runTL(src), "one 1 labelled 2 3 true 4 false\n")
        XCTAssertEqual(runTL("func h(x: Int) {}\nh(1)"), "error: 2:3: missing argument label 'x:' in call")
        XCTAssertEqual(runTL("func h(x: Int) {}\nh(y: 1)"), "error: 2:2: incorrect argument label in call (have 'y:', expected 'x:')")
        XCTAssertEqual(runTL("func h(_ x: Int) {}\nh(1, 2)"), "error: 2:6: extra argument in call")
        XCTAssertEqual(runTL("foo()"), "error: 1:1: cannot find 'foo' in scope")
    }

    func testHoistingAndRecursion() {
        let src = """
        print(fib(15), later())
        func fib(_ n: Int) -> Int { n < 2 ? n : fib(n - 1) + fib(n - 2) }
        func later() -> String { "ok" }
        """
        XCTAssertEqual(runTL(src), "610 ok\n")
    }

    func testClosuresCaptureByReference() {
        let src = """
        func makeCounter() -> () -> Int {
            var n = 0
            return { n += 1; return n }
        }
        let c = makeCounter()
        _ = c()
        print(c(), c())
        var total = 0
        let add = { (x: Int) in total += x }
        add(5); add(6)
        print(total)
        print([3, 1, 2].sorted(), [3, 1, 2].sorted { $0 > $1 }, [1, 2, 3].map { $0 * 10 })
        print([1, 2, 3, 4].filter { $0 % 2 == 0 }.reduce(0) { $0 + $1 }, (1...4).map { $0 * $0 })
        """
        XCTAssertEqual(runTL(src), "2 3\n11\n[1, 2, 3] [3, 2, 1] [10, 20, 30]\n6 [1, 4, 9, 16]\n")
    }

    func testNestedFunctions() {
        let src = """
        func outer() -> Int {
            func inner(_ x: Int) -> Int { x <= 0 ? 0 : x + inner(x - 1) }
            return inner(4)
        }
        print(outer())
        """
        XCTAssertEqual(runTL(src), "10\n")
    }

    // MARK: Control flow

    func testLoopsBreakContinueLabels() {
        let src = """
        var out: [Int] = []
        outer: for i in 0..<5 {
            for j in 0...3 {
                if j == 2 { continue outer }
                if i == 3 { break outer }
                out.append(i * 10 + j)
            }
        }
        print(out)
        var n = 0
        while n < 3 { n += 1 }
        repeat { n -= 1 } while n > 1
        print(n)
        for (i, x) in ["a", "b"].enumerated() { print(i, x) }
        for ch in "hé" { print(ch, terminator: ".") }
        print()
        """
        XCTAssertEqual(runTL(src), "[0, 1, 10, 11, 20, 21]\n1\n0 a\n1 b\nh.é.\n")
    }

    func testIfLetGuardTernaryNilCoalescing() {
        let src = """
        func f(_ x: Int?) -> String {
            guard let v = x else { return "none" }
            return v > 1 ? "big" : "small"
        }
        print(f(nil), f(1), f(5))
        let d = ["a": 1]
        if let a = d["a"], a == 1 { print("yes") } else { print("no") }
        print(d["z"] ?? 42, Int("12"), Int("x"))
        """
        XCTAssertEqual(runTL(src), "none small big\nyes\n42 Optional(12) nil\n")
    }

    func testSwitchPatterns() {
        let src = """
        enum S { case account, other }
        enum R { case a, b, c }
        func k(_ s: S, _ r: R) -> String {
            switch (s, r) {
            case (.account, .a): return "acc-a"
            case (.account, _): return "acc"
            case (_, let x) where x == .c: return "c"
            default: return "other"
            }
        }
        print(k(.account, .a), k(.account, .b), k(.other, .c), k(.other, .b))
        func n(_ i: Int) -> String {
            switch i {
            case 0: return "zero"
            case 1..<10: return "small"
            case let x where x < 0: return "neg"
            default: return "big"
            }
        }
        print(n(0), n(5), n(-3), n(50))
        let o: R? = .b
        switch o {
        case .a?: print("a")
        case .some(.b): print("b")
        default: print("x")
        }
        let label = switch R.c { case .a: "A" case .b, .c: "BC" }
        print(label)
        switch 1 {
        case 1: print("one"); fallthrough
        case 2: print("two")
        default: print("d")
        }
        """
        XCTAssertEqual(runTL(src), "acc-a acc c other\nzero small neg big\nb\nBC\none\ntwo\n")
    }

    func testSwitchNotExhaustiveAtRunTime() {
        let src = """
        enum Item { case a, b, donate }
        func f(_ i: Item) -> Int {
            switch i {
            case .a: return 1
            case .b: return 2
            }
        }
        print(f(.a))
        """
        // Refused before anything runs, as swiftc refuses it.
        XCTAssertEqual(runTL(src), "error: 3:5: switch must be exhaustive\nnote: add missing case: '.donate'")
    }

    func testComputedPropertiesAndMethodsOnEnums() {
        let src = """
        enum Item: CaseIterable {
            case profile, logout
            var title: String {
                switch self {
                case .profile: return "Profile"
                case .logout: return "Log Out"
                }
            }
            func height() -> Double { self == .profile ? 88 : 44 }
            static var count: Int { allCases.count }
        }
        print(Item.profile.title, Item.logout.height(), Item.count)
        """
        XCTAssertEqual(runTL(src), "Profile 44.0 2\n")
    }

    func testTables() {
        let src = """
        enum Item { case a, b }
        table Settings {
            var items: [Item] = [.a]
            func add(_ i: Item) { items.append(i) }
            func numberOfRows(inSection section: Int) -> Int { items.count }
        }
        Settings.add(.b)
        Settings.items.append(.a)
        print(Settings.items, Settings.numberOfRows(inSection: 0))
        """
        XCTAssertEqual(runTL(src), "[t.Item.a, t.Item.b, t.Item.a] 3\n")
    }

    // MARK: Run-time errors with Swift's wording

    func testRuntimeErrors() {
        XCTAssertEqual(runTL("let a = [1]\nprint(a[3])"), "error: 2:7: Fatal error: Index out of range")
        XCTAssertEqual(runTL("let x: Int? = nil\nprint(x!)"), "error: 2:7: Fatal error: Unexpectedly found nil while unwrapping an Optional value")
        XCTAssertEqual(runTL("print(Int.max + 1)"), "error: 1:15: arithmetic overflow")
        XCTAssertEqual(runTL("let z = 0\nprint(1 / z)"), "error: 2:9: Fatal error: Division by zero")
        XCTAssertEqual(runTL("fatalError(\"boom\")"), "error: 1:1: Fatal error: boom")
        XCTAssertEqual(runTL("assert(1 > 2, \"msg\")"), "error: 1:1: Assertion failed: msg")
        XCTAssertEqual(runTL("precondition(false)"), "error: 1:1: Precondition failed")
    }

    func testTypeAnnotationsChecked() {
        XCTAssertEqual(runTL("let x: Int = \"s\""), "error: 1:14: cannot convert value of type 'String' to specified type 'Int'")
        XCTAssertEqual(runTL("let h: Double = 44\nprint(h)"), "44.0\n")
        XCTAssertEqual(runTL("func f(_ x: Int) {}\nf(\"a\")"), "error: 2:3: cannot convert value of type 'String' to expected argument type 'Int'")
        XCTAssertEqual(runTL("func f() -> Int { return \"a\" }\nf()"), "error: 1:26: cannot convert return expression of type 'String' to return type 'Int'\n  in f()")
    }

    func testMemberErrors() {
        XCTAssertEqual(runTL("enum Item { case donate }\nprint(Item.donat)"), "error: 2:12: type 'Item' has no member 'donat'")
        XCTAssertEqual(runTL("struct S { var a = 1 }\nprint(S().b)"), "error: 2:11: value of type 'S' has no member 'b'")
    }

    func testStackOverflowAndStepLimit() {
        let deep = runTL("func r(_ n: Int) -> Int { r(n + 1) }\nprint(r(0))")
        XCTAssertTrue(deep.hasPrefix("error: 1:27: stack overflow"), deep)
        XCTAssertEqual(runTL("var i = 0\nwhile true { i += 1 }", maxSteps: 1000), "error: 2:1: step limit of 1000 exceeded")
    }

    func testCommandsNeedAHook() {
        XCTAssertEqual(runTL("print(1)\n:show Settings\nprint(2)"), "1\nerror: 2:1: unknown command ':show'")
        var seen: [String] = []
        let out = runTL(":show Settings\nprint(2)") { interp in
            interp.commandHandler = { name, args, _, _ in seen.append("\(name)|\(args)") }
        }
        XCTAssertEqual(out, "2\n")
        XCTAssertEqual(seen, ["show|Settings"])
    }

    func testRedeclarationReplaces() {
        XCTAssertEqual(runTL("func f() -> Int { 1 }\nfunc f() -> Int { 2 }\nprint(f())"), "2\n")
    }

    func testNativeFunctionsAndGlobalsAPI() throws {
        let interp = Interpreter()
        var out = ""
        interp.output = { out += $0 }
        interp.registerNativeFunction("double(_:)") { args in
            if case .int(let i) = args[0] { return .int(i * 2) }
            return .void
        }
        interp.setGlobal("screenHeight", .double(844))
        try interp.runScript(SourceFile(name: "t", text: "func twice(x: Int) -> Int { double(x) }\nprint(twice(x: 21), screenHeight)"))
        XCTAssertEqual(out, "42 844.0\n")
        let r = try interp.callFunction("twice(x:)", arguments: [.int(5)])
        XCTAssertEqual(interp.describe(r, debug: true), "10")
        XCTAssertEqual(interp.describe(.string("a"), debug: true), "\"a\"")
    }

    func testRunEntryEchoesAndIncomplete() {
        let interp = Interpreter()
        var out = ""
        interp.output = { out += $0 }
        if case .incomplete = interp.runEntry(SourceFile(name: "<repl>", text: "func f() {")) {} else { XCTFail("expected incomplete") }
        _ = interp.runEntry(SourceFile(name: "<repl>", text: "enum K { case a }\nlet xs = [K.a]"))
        _ = interp.runEntry(SourceFile(name: "<repl>", text: "xs"))
        _ = interp.runEntry(SourceFile(name: "<repl>", text: "\"s\""))
        XCTAssertEqual(out, "[.a]\n\"s\"\n")
        if case .failed(let d) = interp.runEntry(SourceFile(name: "<repl>", text: "xs[5]")) {
            XCTAssertEqual(d.message, "Fatal error: Index out of range")
        } else { XCTFail("expected failure") }
    }

    func testDictionaryOperations() {
        let src = """
        var d: [String: Int] = [:]
        d["a"] = 1
        d["b", default: 0] += 5
        d["a"] = nil
        print(d, d.count, d.keys.sorted())
        var counts: [String: Int] = [:]
        for w in ["x", "y", "x"] { counts[w] = (counts[w] ?? 0) + 1 }
        print(counts["x"]!, counts["y"]!)
        """
        XCTAssertEqual(runTL(src), "[\"b\": 5] 1 [\"b\"]\n2 1\n")
    }

    func testStringMembers() {
        let src = """
        let s = "Hello, World"
        print(s.count, s.uppercased(), s.lowercased(), s.hasPrefix("He"), s.hasSuffix("x"), s.contains("lo, W"))
        print(s.split(separator: ","), "a" + "b", "abc" < "abd", String(42), String(describing: [1]))
        """
        XCTAssertEqual(runTL(src), "12 HELLO, WORLD hello, world true false true\n[\"Hello\", \" World\"] ab true 42 [1]\n")
    }

    func testArrayMembers() {
        let src = """
        var a = [5, 3, 8]
        a.insert(1, at: 0)
        let r = a.remove(at: 1)
        a.swapAt(0, 1)
        print(a, r, a.first, a.last, a.contains(8), a.firstIndex(of: 8), a.min(), a.max())
        print(a.reversed(), a.allSatisfy { $0 > 0 }, a.first(where: { $0 > 2 }), a.compactMap { $0 > 2 ? $0 : nil })
        print([["a"], ["b"]].map { $0.joined(separator: "+") }.joined(separator: ", "), a + [0], a.isEmpty)
        a.removeAll()
        print(a, a.isEmpty)
        """
        XCTAssertEqual(runTL(src), "[3, 1, 8] 5 Optional(3) Optional(8) true Optional(2) Optional(1) Optional(8)\nReversedCollection<Array<Int>>(_base: [3, 1, 8]) true Optional(3) [3, 8]\na, b [3, 1, 8, 0] false\n[] true\n")
    }

    func testOptionalChainingAndTuples() {
        let src = """
        struct P { var name: String; var next: [Int]? }
        var p: P? = P(name: "a", next: [1])
        print(p?.name, p?.next?.count)
        p?.name = "b"
        print(p!.name)
        p = nil
        print(p?.name)
        let (x, y) = (1, "two")
        let t = (a: 1, b: 2)
        print(x, y, t.a, t.1)
        """
        XCTAssertEqual(runTL(src), "Optional(\"a\") Optional(1)\nb\nnil\n1 two 1 2\n")
    }

    func testEqualityStructural() {
        let src = """
        enum K { case a, b }
        struct S: Equatable { var k: K; var n: Int }
        print(S(k: .a, n: 1) == S(k: .a, n: 1), [K.a] == [.a], (1, "x") == (1, "x"), K.a != .b)
        let o: K? = .a
        print(o == .a, o == nil)
        """
        XCTAssertEqual(runTL(src), "true true true true\ntrue false\n")
    }

    func testCustomInit() {
        let src = """
        struct V { var x: Int; var y: Int
            init(both: Int) { x = both; y = both * 2 }
        }
        print(V(both: 3))
        """
        XCTAssertEqual(runTL(src), "V(x: 3, y: 6)\n")
    }

    func testEnumPropertyTablesKeepSwitchSemantics() {
        let src = """
        enum CellType { case basic, hero }
        enum Item {
            case a, b, c
            var title: String { switch self { case .a: return "A" case .b, .c: return "BC" } }
            var kind: CellType { switch self { case .a: .hero default: .basic } }
            var partial: Int {
                switch self {
                case .a: return 1
                case .b: return 2
                }
            }
        }
        print(Item.a.title, Item.c.title, Item.a.kind, Item.b.kind)
        print(Item.a.partial)
        """
        // The hole in `partial` refuses the program before it runs, as swiftc does.
        XCTAssertEqual(runTL(src), "error: 7:9: switch must be exhaustive\nnote: add missing case: '.c'")
    }

    func testRedeclaredEnumRechecksSwitches() {
        let interp = Interpreter()
        var out = ""
        interp.output = { out += $0 }
        _ = interp.runEntry(SourceFile(name: "<repl>", text: "enum K { case a, b }\nfunc f(_ k: K) -> Int { switch k { case .a: return 1 case .b: return 2 } }\nprint(f(.b))"))
        guard case .failed(let d) = interp.runEntry(SourceFile(name: "<repl>", text: "enum K { case a, b, c }\nprint(f(.a))")) else {
            return XCTFail("expected the old switch to be reported")
        }
        XCTAssertEqual(out, "2\n")
        XCTAssertEqual(d.message, "switch must be exhaustive")
        XCTAssertEqual(d.notes.map(\.message), ["add missing case: '.c'"])
    }

    /// A site keeps what a static's name was found to be only until a declaration changes the
    /// types (StaticMemberSites.swift): an extension entered later gives the same compiled
    /// function the new members.
    func testStaticSitesFollowALaterExtension() {
        let interp = Interpreter()
        var out = ""
        interp.output = { out += $0 }
        let first = """
        enum Kind { case a, b }
        extension Kind { static var label: String { "one" }; static func make() -> Kind { .a }; static let n = 1 }
        func show() -> String { "\\(Kind.label) \\(Kind.make()) \\(Kind.n)" }
        print(show())
        """
        _ = interp.runEntry(SourceFile(name: "<repl>", text: first))
        _ = interp.runEntry(SourceFile(name: "<repl>", text: "print(show())"))
        _ = interp.runEntry(SourceFile(name: "<repl>", text: """
        extension Kind { static var label: String { "two" }; static func make() -> Kind { .b } }
        print(show())
        """))
        XCTAssertEqual(out, "one a 1\none a 1\ntwo b 1\n")
    }

    func testStaticMembersAndExtensions() {
        let src = """
        struct Config { static let height = 44.0; static func make() -> Int { 7 } }
        enum E { case x
            static var all: [E] { [.x] }
        }
        extension E { var label: String { "x!" } }
        print(Config.height, Config.make(), E.all, E.x.label)
        """
        XCTAssertEqual(runTL(src), "44.0 7 [t.E.x] x!\n")
    }

    func testDictionaryOrderIsStableAndKeysCanonical() {
        let src = "let d = [\"apple\": 1, \"banana\": 2, \"cherry\": 3]\nprint(d)\nprint([\"e\\u{301}\": 1][\"\u{e9}\"])"
        let first = runTL(src)
        XCTAssertEqual(runTL(src), first)
        XCTAssertTrue(first.hasSuffix("Optional(1)\n"), first)
    }

    func testBenchWorkloadsChecksums() {
        let expected = [
            "w1_build": "W1 checksum=sections=2000,rows=1000000,probe=Profile/Privacy/Help/Feedback\n",
            "w5_fib": "W5 checksum=fib=196418\n",
        ]
        for (name, want) in expected {
            // The repository's copies (bench/workloads): their enums declare CaseIterable, as
            // swiftc requires for `allCases`.
            let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            let path = root.appendingPathComponent("bench/workloads/\(name).tlab").path
            guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { XCTFail("missing \(path)"); continue }
            XCTAssertEqual(runTL(text), want, name)
        }
    }
}

final class InterpreterHostAPITests: XCTestCase {
    final class Label: NativeObject {
        var text: Value = .nilValue
        override var typeName: String { "UILabel" }
        override func member(id: HostMemberID) throws -> Value? { id.name == "text" ? text : nil }
        override func setMember(id: HostMemberID, _ value: Value) throws -> Bool {
            guard id.name == "text" else { return false }
            text = value
            return true
        }
    }
    final class Cell: NativeObject {
        let label = Label()
        override var typeName: String { "Cell" }
        override func member(id: HostMemberID) throws -> Value? {
            switch id.name {
            case "textLabel": return .wrapped(.object(label))
            case "detailTextLabel": return .nilValue
            default: return nil
            }
        }
    }

    func testNativeObjectsThroughOptionalChains() throws {
        let interp = Interpreter()
        var out = ""
        interp.output = { out += $0 }
        let cell = Cell()
        interp.setGlobal("cell", .object(cell))
        try interp.runScript(SourceFile(name: "t", text: """
        cell.textLabel?.text = "Donate"
        cell.detailTextLabel?.text = "ignored"
        print(cell.textLabel?.text, cell.detailTextLabel?.text)
        """))
        XCTAssertEqual(out, "Optional(\"Donate\") nil\n")
        XCTAssertEqual(cell.label.text.stringValue, "Donate")
    }

    func testSuperNeedsTheHostsSuperclass() throws {
        let interp = Interpreter()
        try interp.runScript(SourceFile(name: "t", text: "table T { func viewDidLoad() { super.viewDidLoad() } }"))
        XCTAssertThrowsError(try interp.callFunction("T.viewDidLoad()", arguments: [])) { error in
            XCTAssertEqual((error as? Diagnostic)?.message, "'super' members cannot be referenced in a root class")
        }
        interp.setTableSuperclass("UIViewController", methods: ["viewWillAppear"])
        try interp.runScript(SourceFile(name: "u", text: "table U { func viewDidLoad() { super.viewDidLoad() } }"))
        XCTAssertThrowsError(try interp.callFunction("U.viewDidLoad()", arguments: [])) { error in
            XCTAssertEqual((error as? Diagnostic)?.message, "'super.viewDidLoad' of UIViewController is not simulated in TableLab")
        }
    }

    func testTablesFromTheHost() throws {
        let interp = Interpreter()
        var out = ""
        interp.output = { out += $0 }
        interp.setTableSuperclass("UIViewController", methods: ["viewDidLoad"])
        try interp.runScript(SourceFile(name: "t", text: """
        struct IndexPath { var section: Int; var row: Int }
        enum Item { case a, donate }
        struct Section { var items: [Item] }
        table Settings {
            var sections = [Section(items: [.a, .donate])]
            override func viewDidLoad() { super.viewDidLoad() }
            func tableView(_ tableView: Int, didSelectRowAt indexPath: IndexPath) {
                switch sections[indexPath.section].items[indexPath.row] {
                case .a: print("a")
                case .donate: print("donate")
                }
            }
        }
        """))
        XCTAssertTrue(interp.hasFunction("Settings.tableView(_:didSelectRowAt:)"))
        XCTAssertFalse(interp.hasFunction("Settings.numberOfRows(inSection:)"))
        let ip = try XCTUnwrap(interp.makeStruct("IndexPath", ["section": .int(0), "row": .int(1)]))
        _ = try interp.callFunction("Settings.tableView(_:didSelectRowAt:)", arguments: [.int(0), ip])
        _ = try interp.callFunction("Settings.viewDidLoad()", arguments: [])
        XCTAssertEqual(out, "donate\n")
        let sections = try XCTUnwrap(try interp.tableProperty("Settings", "sections"))
        XCTAssertEqual(interp.describe(sections, debug: true), "[Section(items: [.a, .donate])]")
        XCTAssertEqual(interp.property("row", of: ip)?.intValue, 1)
        XCTAssertEqual(interp.caseName(of: try XCTUnwrap(interp.enumCase("Item", "donate")))?.name, "donate")

        // Standing inside the table (`:use Settings`): its members are in scope unqualified.
        interp.currentTableName = "Settings"
        out = ""
        _ = interp.runEntry(SourceFile(name: "<repl>", text: "sections[0].items.append(.a)\nsections[0].items.count"))
        XCTAssertEqual(out, "3\n")
    }

    func testInterruptStopsALoop() {
        let interp = Interpreter()
        Interpreter.requestInterrupt()
        // The flag is cleared when a run starts; a later request stops the loop.
        let result = interp.runEntry(SourceFile(name: "<repl>", text: "var i = 0\nwhile i < 3 { i += 1 }\ni"))
        if case .failed(let d) = result { XCTFail(d.message) }
    }

    func testRunOnLargeStackAllowsDeepRecursion() {
        nonisolated(unsafe) var out = ""
        Interpreter.runOnLargeStack {
            let interp = Interpreter()
            interp.output = { out += $0 }
            do {
                try interp.runScript(SourceFile(name: "t", text: "func d(_ n: Int) -> Int { n == 0 ? 0 : 1 + d(n - 1) }\nprint(d(9000))"))
            } catch {
                out += (error as? Diagnostic)?.message ?? "\(error)"
            }
        }
        XCTAssertEqual(out, "9000\n")
    }
}
