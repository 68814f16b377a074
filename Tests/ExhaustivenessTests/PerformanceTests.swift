// The workloads of SPEC §7 and the task: a 10,000-case enum and a 3-tuple of 20-case
// enums. Timings are printed, never asserted (the machine is shared); the answers are.
import XCTest
import Foundation
@testable import TableLabSyntax
@testable import TableLabExhaustiveness
@testable import TableLabInterpreter

final class PerformanceTests: XCTestCase {
    static func bigEnumSwitch(cases n: Int, leavingOut missing: Int?) -> (SwitchStmt, SubjectType) {
        let names = (0..<n).map { "case\($0)" }
        var cases: [SwitchCase] = []
        for (i, name) in names.enumerated() where i != missing {
            let p = Pattern(.enumCase(typeName: nil, caseName: name, subpattern: nil), at: at(i + 2, 10))
            cases.append(SwitchCase(patterns: [p], guardExpr: nil, isDefault: false, body: [], location: at(i + 2, 5)))
        }
        return (switchOver(cases), .enumeration(name: "Big", cases: names))
    }

    static func time(_ label: String, _ body: () -> Void) {
        let start = DispatchTime.now().uptimeNanoseconds
        body()
        let ns = DispatchTime.now().uptimeNanoseconds - start
        print("[exhaustiveness timing] \(label): \(Double(ns) / 1_000_000) ms")
    }

    func testTenThousandCaseEnum() {
        let (complete, subject) = Self.bigEnumSwitch(cases: 10_000, leavingOut: nil)
        let (incomplete, _) = Self.bigEnumSwitch(cases: 10_000, leavingOut: 4_321)
        let checker = SwitchChecker(enumCases: { _ in nil })
        var d: [Diagnostic] = []
        Self.time("10,000-case enum, complete, first check") { d = checker.check(complete, subject: subject, file: nil) }
        XCTAssertTrue(d.isEmpty)
        Self.time("10,000-case enum, complete, again") { d = checker.check(complete, subject: subject, file: nil) }
        Self.time("10,000-case enum, one missing") { d = checker.check(incomplete, subject: subject, file: nil) }
        XCTAssertEqual(d.first?.notes.map(\.message), ["add missing case: '.case4321'"])
    }

    func testTripleOfTwentyCaseEnums() {
        let names = (0..<20).map { "c\($0)" }
        let e = SubjectType.enumeration(name: "E", cases: names)
        let subject = SubjectType.tuple([e, e, e])
        func p(_ name: String?) -> Pattern {
            name.map { Pattern(.enumCase(typeName: nil, caseName: $0, subpattern: nil), at: at(1, 1)) } ?? Pattern(.wildcard, at: at(1, 1))
        }
        // For every first element but .c5: one specific row, then a row for the rest.
        var cases: [SwitchCase] = []
        for i in 0..<20 where i != 5 {
            for tuple in [[p(names[i]), p(names[(i + 1) % 20]), p(nil)], [p(names[i]), p(nil), p(nil)]] {
                cases.append(SwitchCase(patterns: [Pattern(.tuple(tuple), at: at(i + 2, 10))], guardExpr: nil,
                                        isDefault: false, body: [], location: at(i + 2, 5)))
            }
        }
        let checker = SwitchChecker(enumCases: { _ in nil })
        var d: [Diagnostic] = []
        Self.time("(E, E, E) with 20-case E, 38 rows") { d = checker.check(switchOver(cases), subject: subject, file: nil) }
        XCTAssertEqual(d.map(\.message), ["switch must be exhaustive"])
        XCTAssertEqual(d.first?.notes.map(\.message), ["add missing case: '(.c5, _, _)'"])
    }
}
