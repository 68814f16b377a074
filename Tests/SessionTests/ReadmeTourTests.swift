import Foundation
import XCTest

/// README.md's tour promises that its transcripts are real output. This test replays
/// every one of them in a real interactive session (a pseudo-terminal of 80 columns,
/// `NO_COLOR`) and compares, line by line, what the session printed with what the README
/// shows. A README line `...` stands for any number of lines the README leaves out.
final class ReadmeTourTests: XCTestCase {
    struct Step: Equatable {
        var prompt: String
        var command: String
        var expected: [String]
    }

    struct Tour: Equatable {
        var example: String
        var steps: [Step]
    }

    /// The transcripts of the section `## A tour of the explorer`, grouped by the example
    /// they run in (the one the prose names last with `tablelab -i examples/NAME.tlab`;
    /// `settings.tlab` first), in order: state carries from one block to the next.
    static func tours(in readme: String) -> [Tour] {
        let lines = readme.components(separatedBy: "\n")
        guard let start = lines.firstIndex(where: { $0.hasPrefix("## A tour of the explorer") }) else { return [] }
        let end = lines[(start + 1)...].firstIndex(where: { $0.hasPrefix("## ") }) ?? lines.count
        var tours: [Tour] = []
        var example = "settings.tlab"
        var index = start + 1
        while index < end {
            let line = lines[index]
            guard line.hasPrefix("    ") else {
                if let range = line.range(of: #"tablelab -i examples/[A-Za-z0-9_-]+\.tlab"#, options: .regularExpression) {
                    example = String(line[range].dropFirst("tablelab -i examples/".count))
                }
                index += 1
                continue
            }
            // An indented block: indented lines, and blank lines followed by more of them.
            var block: [String] = []
            while index < end, lines[index].hasPrefix("    ") || lines[index].isEmpty {
                if lines[index].isEmpty, !(lines[(index + 1)..<end].first { !$0.isEmpty }?.hasPrefix("    ") ?? false) { break }
                block.append(lines[index].isEmpty ? "" : String(lines[index].dropFirst(4)))
                index += 1
            }
            var steps: [Step] = []
            for text in block {
                if let match = text.firstMatch(of: /^(tablelab\([A-Za-z0-9_]+\)> )(.*)$/) {
                    steps.append(Step(prompt: String(match.1), command: String(match.2), expected: []))
                } else if !steps.isEmpty {
                    steps[steps.count - 1].expected.append(text)
                }
            }
            guard !steps.isEmpty else { continue }
            if let at = tours.firstIndex(where: { $0.example == example }) {
                tours[at].steps += steps
            } else {
                tours.append(Tour(example: example, steps: steps))
            }
        }
        return tours
    }

    /// Does `actual` match `expected`, where an expected line `...` matches any run of lines?
    static func matches(_ expected: ArraySlice<String>, _ actual: ArraySlice<String>) -> Bool {
        guard let first = expected.first else { return actual.isEmpty }
        if first == "..." {
            let rest = expected.dropFirst()
            return (actual.startIndex...actual.endIndex).contains { matches(rest, actual[$0...]) }
        }
        guard let line = actual.first, line == first else { return false }
        return matches(expected.dropFirst(), actual.dropFirst())
    }

    private static func trimmed(_ lines: [String]) -> [String] {
        var lines = lines.map { $0.replacingOccurrences(of: #"\s+$"#, with: "", options: .regularExpression) }
        while lines.last == "" { lines.removeLast() }
        return lines
    }

    func testTheTourHasTranscriptsToCheck() throws {
        let readme = try String(contentsOf: TableLabBinary.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let tours = Self.tours(in: readme)
        XCTAssertEqual(tours.map(\.example), ["settings.tlab", "editable-list.tlab", "navigation.tlab"])
        XCTAssertGreaterThanOrEqual(tours.map(\.steps.count).reduce(0, +), 15)
    }

    func testTheMatcherNeedsEveryLineAndLetsEllipsisStandForAny() {
        XCTAssertTrue(Self.matches(["a", "...", "d"], ["a", "b", "c", "d"]))
        XCTAssertTrue(Self.matches(["a", "...", "d"], ["a", "d"]))
        XCTAssertFalse(Self.matches(["a", "...", "d"], ["a", "b", "c"]))
        XCTAssertFalse(Self.matches(["a", "b"], ["a", "c"]))
        XCTAssertFalse(Self.matches(["a"], ["a", "extra"]))
    }

    func testEveryTranscriptOfTheTourIsWhatTheSessionPrints() throws {
        let readme = try String(contentsOf: TableLabBinary.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        for tour in Self.tours(in: readme) {
            let sandbox = try Sandbox()
            let session = try sandbox.startSession("-i", TableLabBinary.example(tour.example))
            try session.waitForPrompt(tour.steps[0].prompt)
            for (number, step) in tour.steps.enumerated() {
                session.send(step.command + "\r")
                try session.waitFor(step.command + "\r\n")
                let output = try session.waitForAnyPrompt()
                let actual = Self.trimmed(output.components(separatedBy: "\r\n"))
                let expected = Self.trimmed(step.expected)
                XCTAssertTrue(Self.matches(expected[...], actual[...]), """
                    README tour, \(tour.example), step \(number + 1): \(step.prompt)\(step.command)
                    README shows:
                    \(expected.joined(separator: "\n"))
                    the session printed:
                    \(actual.joined(separator: "\n"))
                    """)
                if number + 1 < tour.steps.count {
                    XCTAssertEqual(session.lastPrompt, tour.steps[number + 1].prompt,
                                   "README tour, \(tour.example): the prompt after \(step.command)")
                }
            }
            session.send(":quit\r")
            _ = try session.waitForExit()
        }
    }
}
