import XCTest
import Foundation

/// Unsafe code stays in one file per module (issue 8): a declaration the compiler does not
/// check for data races (`nonisolated(unsafe)`, `@unchecked Sendable`) or for lifetime
/// (`unowned(unsafe)`) is written only in the module's Unsafe.swift, where the comment
/// before it states the invariant that makes it safe.
final class UnsafeContainmentTests: XCTestCase {
    static let sources = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources")

    static let unchecked = try! NSRegularExpression(
        pattern: #"\bnonisolated\(unsafe\)|@unchecked\s+Sendable\b|\bunowned\(unsafe\)"#)

    /// The lines (from 1) of `text` that use an unchecked construct; comments and string
    /// literals do not count (the parser reads `unowned(unsafe)` in scripts, the printer writes it).
    static func uncheckedLines(in text: String) -> [Int] {
        var lines: [Int] = []
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var code = String(rawLine).replacingOccurrences(of: #""(?:[^"\\]|\\.)*""#, with: "\"\"", options: .regularExpression)
            if let comment = code.range(of: "//") { code = String(code[..<comment.lowerBound]) }
            if unchecked.firstMatch(in: code, range: NSRange(code.startIndex..., in: code)) != nil { lines.append(index + 1) }
        }
        return lines
    }

    func testTheCheckFindsEachConstruct() {
        XCTAssertEqual(Self.uncheckedLines(in: "let a = 1\nnonisolated(unsafe) static var x = 0"), [2])
        XCTAssertEqual(Self.uncheckedLines(in: "final class B: @unchecked Sendable {}"), [1])
        XCTAssertEqual(Self.uncheckedLines(in: "    unowned(unsafe) let f: F"), [1])
        XCTAssertEqual(Self.uncheckedLines(in: "run { [unowned(unsafe) self] in go() }"), [1])
        XCTAssertEqual(Self.uncheckedLines(in: "/// `unowned(unsafe)` stays strong\n// nonisolated(unsafe)"), [])
        XCTAssertEqual(Self.uncheckedLines(in: #"head += v.isUnsafe ? "unowned(unsafe) " : "unowned ""#), [])
    }

    /// Every Swift file below Sources, by path from there.
    static func sourceFiles() throws -> [(path: String, text: String)] {
        guard let walker = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil) else { return [] }
        var files: [(String, String)] = []
        for case let url as URL in walker where url.pathExtension == "swift" {
            files.append((url.path.replacingOccurrences(of: sources.path + "/", with: ""), try String(contentsOf: url, encoding: .utf8)))
        }
        return files.sorted { $0.0 < $1.0 }
    }

    func testUncheckedCodeIsOnlyInUnsafeFiles() throws {
        let files = try Self.sourceFiles()
        XCTAssertGreaterThan(files.count, 100, "the sources were not found at \(Self.sources.path)")
        var outside: [String] = []
        var uncommented: [String] = []
        for file in files {
            let lines = Self.uncheckedLines(in: file.text)
            guard file.path.hasSuffix("/Unsafe.swift"), file.path.split(separator: "/").count == 2 else {
                outside += lines.map { "\(file.path):\($0)" }
                continue
            }
            // The invariant is the comment right before the declaration (its attributes between).
            let text = file.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            for line in lines {
                var above = line - 2
                while above >= 0, text[above].trimmingCharacters(in: .whitespaces).hasPrefix("@") { above -= 1 }
                if above < 0 || !text[above].trimmingCharacters(in: .whitespaces).hasPrefix("//") {
                    uncommented.append("\(file.path):\(line)")
                }
            }
        }
        XCTAssertEqual(outside, [], "unchecked code outside a module's Unsafe.swift")
        XCTAssertEqual(uncommented, [], "unchecked code in Unsafe.swift without a comment stating its invariant")
    }
}
