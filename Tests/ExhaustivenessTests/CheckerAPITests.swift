// The checker's API as the interpreter and `tablelab check` use it.
import XCTest
import Foundation
@testable import TableLabSyntax
@testable import TableLabExhaustiveness
@testable import TableLabInterpreter

let itemCases = ["manageAccounts", "activeAccount", "defaultCountry", "aboutMe", "donate", "rateApp", "shareApp"]
let item = SubjectType.enumeration(name: "Item", cases: itemCases)
let sectionType = SubjectType.enumeration(name: "SectionType", cases: ["account", "other"])

func at(_ line: Int, _ column: Int) -> SourceLocation { SourceLocation(line: line, column: column) }

/// `case .a, .b:` built by hand, without the parser.
func caseOf(_ names: [String], line: Int, guarded: Bool = false) -> SwitchCase {
    SwitchCase(patterns: names.map { Pattern(.enumCase(typeName: nil, caseName: $0, subpattern: nil), at: at(line, 10)) },
               guardExpr: guarded ? Expr(.boolean(true), at: at(line, 30)) : nil,
               isDefault: false, body: [], location: at(line, 5))
}

func switchOver(_ cases: [SwitchCase]) -> SwitchStmt {
    SwitchStmt(subject: Expr(.identifier("item"), at: at(1, 12)), cases: cases, location: at(1, 5))
}

func firstSwitch(_ source: String) throws -> SwitchStmt {
    let unit = try Parser.parse(SourceFile(name: "t.swift", text: source))
    var collector = SiteCollector(unit: unit, file: nil)
    collector.walk(unit.statements)
    return collector.sites[0].stmt
}

final class CheckerAPITests: XCTestCase {
    let checker = SwitchChecker(enumCases: { $0 == "Item" ? itemCases : nil })

    func testHandBuiltSwitchMissingOneCase() {
        let s = switchOver([caseOf(["manageAccounts", "activeAccount", "defaultCountry"], line: 2),
                            caseOf(["aboutMe", "rateApp", "shareApp"], line: 3)])
        let d = checker.check(s, subject: item, file: nil)
        XCTAssertEqual(d.count, 1)
        XCTAssertEqual(d[0].severity, .error)
        XCTAssertEqual(d[0].message, "switch must be exhaustive")
        XCTAssertEqual(d[0].location, at(1, 5))
        XCTAssertEqual(d[0].notes.map(\.message), ["add missing case: '.donate'"])
    }

    func testWhereNeverCoversAndTwoMissingGetTheClosingNote() {
        let s = switchOver([caseOf(itemCases.filter { $0 != "donate" && $0 != "rateApp" }, line: 2),
                            caseOf(["donate"], line: 3, guarded: true)])
        let d = checker.check(s, subject: item, file: nil)
        XCTAssertEqual(d.map(\.message), ["switch must be exhaustive"])
        XCTAssertEqual(d[0].notes.map(\.message),
                       ["add missing case: '.donate'", "add missing case: '.rateApp'", "add missing cases"])
    }

    func testTypoGetsSwiftcsErrorAndASuggestion() {
        let s = switchOver([caseOf(["donat"], line: 2)])
        let d = checker.check(s, subject: item, file: nil)
        XCTAssertEqual(d.map(\.message), ["type 'Item' has no member 'donat'"])
        XCTAssertEqual(d[0].location, at(2, 11), "swiftc points at the name after the dot")
        XCTAssertEqual(d[0].notes.map(\.message), ["did you mean 'donate'?"])
    }

    func testTypoCorrectionFollowsSwiftcsDistanceRules() {
        XCTAssertEqual(TypoCorrection.candidates(for: "donat", among: itemCases), ["donate"])
        XCTAssertEqual(TypoCorrection.candidates(for: "DONATE", among: itemCases), [])
        XCTAssertEqual(TypoCorrection.candidates(for: "rateAp", among: ["rateApp", "rateApq", "donate"]), ["rateApp", "rateApq"])
        XCTAssertEqual(TypoCorrection.candidates(for: "b", among: ["ab", "a", "xyz"]), ["ab", "a"])
    }

    func testDefaultThatCanNeverRun() throws {
        let s = try firstSwitch("""
        func f(_ t: SectionType) {
            switch t {
            case .account: print(1)
            case .other: print(2)
            default: print(3)
            }
        }
        """)
        let d = checker.check(s, subject: sectionType, file: nil)
        XCTAssertEqual(d.map(\.message), ["default will never be executed"])
        XCTAssertEqual(d[0].location, at(5, 5))
    }

    func testInferSubjectType() throws {
        let enums = [(name: "SectionType", cases: ["account", "other"]), (name: "Item", cases: itemCases),
                     (name: "Other", cases: ["other", "more"])]
        func infer(_ body: String) throws -> SubjectType? {
            checker.inferSubjectType(try firstSwitch("func f() {\n switch x {\n\(body)\n }\n}"), allEnums: enums)
        }
        XCTAssertEqual(try infer("case .donate: break\ncase .rateApp: break"), item)
        XCTAssertEqual(try infer("case .account: break\ncase .other: break"), sectionType)
        XCTAssertNil(try infer("case .other: break"), "two enums have .other: not guessed")
        XCTAssertEqual(try infer("case (.account, true): break"), .tuple([sectionType, .bool]))
        XCTAssertEqual(try infer("case .donate?: break\ncase nil: break"), .optional(item))
        XCTAssertEqual(try infer("case 1: break\ndefault: break"), .open(name: "Int"))
        XCTAssertEqual(try infer("case \"a\": break\ndefault: break"), .open(name: "String"))
        XCTAssertNil(try infer("case let y: break"))
    }

    func testStaticCheckerListsSwitchesCheckedAtRunTime() throws {
        let source = """
        enum Item { case donate, rateApp }
        func f(_ item: Item) {
            switch item {
            case .donate: print(1)
            }
        }
        func g(_ value: Int) -> Int { value }
        func h() {
            let thing = g(1)
            switch thing {
            case let x: print(x)
            }
        }
        """
        let file = SourceFile(name: "s.tlab", text: source)
        let report = StaticChecker().check(try Parser.parse(file), file: file)
        XCTAssertEqual(report.diagnostics.map { "\($0.location) \($0.message)" }, ["3:5 switch must be exhaustive"])
        XCTAssertEqual(report.runtimeChecked.map(\.stmt.location), [at(10, 5)])
        XCTAssertEqual(report.runtimeChecked.first?.function, "h()")
    }

    func testRedefinitionListsSwitchesThatNoLongerCover() throws {
        let source = """
        enum Item { case donate, rateApp }
        func title(_ item: Item) -> String {
            switch item {
            case .donate: return "Donate"
            case .rateApp: return "Rate"
            }
        }
        func other(_ item: Item) {
            switch item {
            case .donate: print(1)
            default: print(2)
            }
        }
        """
        let file = SourceFile(name: "s.tlab", text: source)
        let report = StaticChecker().check(try Parser.parse(file), file: file)
        XCTAssertTrue(report.diagnostics.isEmpty)
        let stale = checker.switchesBroken(byRedefining: "Item", from: ["donate", "rateApp"],
                                           to: ["donate", "rateApp", "shareApp"], among: report.sites)
        XCTAssertEqual(stale.map(\.summary), ["s.tlab:3:5 in title(_:): missing .shareApp"])
        let renamed = checker.switchesBroken(byRedefining: "Item", from: ["donate", "rateApp"],
                                             to: ["donate", "rate"], among: report.sites)
        XCTAssertEqual(renamed.map(\.summary), ["s.tlab:3:5 in title(_:): no longer has .rateApp"])
    }

    func testWhereSwiftcGivesUpTableLabAnswers() throws {
        let n = 13
        let rows = (0..<n).map { "    case (.a\($0), .b\($0)): break" }.joined(separator: "\n")
        let s = try firstSwitch("func f() {\n switch x {\n\(rows)\n    case (_, _): break\n }\n}")
        let subject = SubjectType.tuple([.enumeration(name: "A", cases: (0..<n).map { "a\($0)" }),
                                         .enumeration(name: "B", cases: (0..<n).map { "b\($0)" })])
        XCTAssertTrue(checker.check(s, subject: subject, file: nil).isEmpty)
    }

    func testWhenEvenTableLabMustStopItSaysSoInSwiftcsWords() throws {
        let rows = (0..<6).map { "    case (.a\($0), .b\($0)): break" }.joined(separator: "\n")
        let s = try firstSwitch("func f() {\n switch x {\n\(rows)\n }\n}")
        let subject = SubjectType.tuple([.enumeration(name: "A", cases: (0..<6).map { "a\($0)" }),
                                         .enumeration(name: "B", cases: (0..<6).map { "b\($0)" })])
        var run = CheckRun(types: TypeTable(cache: EnumInfoCache()), file: nil,
                           minusBudget: 10, subspaceBudget: 10, usefulnessBudget: 3)
        let d = run.check(s, subject: subject)
        XCTAssertEqual(d.map(\.message), ["the compiler is unable to check that this switch is exhaustive in reasonable time"])
        XCTAssertEqual(d.first?.notes.map(\.message), ["add a default clause"])
    }
}

final class FastPathTests: XCTestCase {
    /// The one-pass plain-enum path must say exactly what the space engine says.
    func testPlainEnumShortcutAgreesWithTheSpaceEngine() {
        var rng = SystemRandomNumberGenerator()
        let names = ["account", "other", "donate", "rateApp", "noData"]
        let subject = SubjectType.enumeration(name: "E", cases: names)
        for _ in 0..<2_000 {
            var cases: [SwitchCase] = []
            var line = 2
            for _ in 0..<Int.random(in: 1...6, using: &rng) {
                var patterns: [Pattern] = []
                for _ in 0..<Int.random(in: 1...3, using: &rng) {
                    let r = Int.random(in: 0...6, using: &rng)
                    let kind: PatternKind = r < names.count
                        ? .enumCase(typeName: nil, caseName: names[r], subpattern: nil)
                        : (r == names.count ? .wildcard : .binding(name: "x", isVar: false))
                    patterns.append(Pattern(kind, at: at(line, 10 + patterns.count * 10)))
                }
                let guardExpr = Int.random(in: 0...4, using: &rng) == 0 ? Expr(.boolean(true), at: at(line, 40)) : nil
                cases.append(SwitchCase(patterns: patterns, guardExpr: guardExpr, isDefault: false, body: [], location: at(line, 5)))
                line += 1
            }
            if Bool.random(using: &rng) {
                cases.append(SwitchCase(patterns: [], guardExpr: nil, isDefault: true, body: [], location: at(line, 5)))
            }
            let s = switchOver(cases)
            var fast = CheckRun(types: TypeTable(cache: EnumInfoCache()), file: nil)
            var general = CheckRun(types: TypeTable(cache: EnumInfoCache()), file: nil)
            general.allowFastPath = false
            let a = fast.check(s, subject: subject).map(Self.describe)
            let b = general.check(s, subject: subject).map(Self.describe)
            XCTAssertEqual(a, b)
            if a != b { return }
        }
    }

    static func describe(_ d: Diagnostic) -> String {
        "\(d.location) \(d.severity) \(d.message) [" + d.notes.map { "\($0.location) \($0.message)" }.joined(separator: "; ") + "]"
    }
}

final class SessionStaticCheckTests: XCTestCase {
    /// An interactive entry switching over an enum declared in an earlier entry.
    func testEnumsFromEarlierEntries() throws {
        let file = SourceFile(name: "<repl>", text: "func f(_ t: SectionType) {\n    switch t {\n    case .account: print(1)\n    }\n}\n", lineOffset: 10)
        let unit = try Parser.parse(file)
        let alone = StaticChecker().check(unit, file: file)
        XCTAssertTrue(alone.diagnostics.isEmpty, "SectionType is not known in this entry alone: not guessed")
        XCTAssertEqual(alone.runtimeChecked.count, 1)
        let report = StaticChecker().check(unit, file: file, knownEnums: [(name: "SectionType", cases: ["account", "other"])])
        XCTAssertEqual(report.diagnostics.map(\.message), ["switch must be exhaustive"])
        XCTAssertEqual(report.diagnostics.first?.notes.map(\.message), ["add missing case: '.other'"])
    }
}

final class EdgeTests: XCTestCase {
    func testCaselessEnumNeedsNothing() throws {
        let s = try firstSwitch("func f(_ n: Nothing) {\n    switch n {\n    }\n}\n")
        let checker = SwitchChecker(enumCases: { _ in nil })
        XCTAssertTrue(checker.check(s, subject: .enumeration(name: "Nothing", cases: []), file: nil).isEmpty)
    }
}
