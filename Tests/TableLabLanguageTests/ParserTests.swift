import XCTest
@testable import TableLabLanguage

/// Parses `text` and renders it, failing the test on a syntax error.
func parsed(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> String {
    do {
        return dump(try Parser.parse(SourceFile(name: "t.tlab", text: text)))
    } catch {
        XCTFail("unexpected error: \(error.diagnostics.map { "\($0.location): \($0.message)" })", file: file, line: line)
        return ""
    }
}

/// Parses `text`, expecting a failure; returns "line:col: message" of the first diagnostic.
func failure(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> (String, Bool) {
    do {
        let unit = try Parser.parse(SourceFile(name: "t.tlab", text: text))
        XCTFail("expected an error, got \(dump(unit))", file: file, line: line)
        return ("", false)
    } catch {
        let d = error.diagnostics[0]
        return ("\(d.location): \(d.message)", error.isUnexpectedEndOfInput)
    }
}

final class ParserTests: XCTestCase {
    func testBenchFilesParse() throws {
        for name in ["w1_build", "w2_select", "w3_height", "w4_render", "w5_fib"] {
            let path = "/work/shared/bench/tablelab/\(name).tlab"
            guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { continue }
            XCTAssertFalse(parsed(text).isEmpty, name)
        }
    }
}
