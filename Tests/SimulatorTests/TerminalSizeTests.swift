import XCTest
@testable import TableLabSimulator
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

final class TerminalSizeTests: XCTestCase {
    func testColumnsPrefersTheEnvironment() {
        let saved = getenv("COLUMNS").map { String(cString: $0) }
        defer {
            if let saved { setenv("COLUMNS", saved, 1) } else { unsetenv("COLUMNS") }
        }
        setenv("COLUMNS", "123", 1)
        XCTAssertEqual(TerminalSize.columns(), 123)
        // Nonsense falls through to the terminal, or 80 without one.
        setenv("COLUMNS", "wide", 1)
        let fallback = TerminalSize.columns()
        XCTAssertGreaterThan(fallback, 0)
        if !TerminalSize.isStandardOutputTerminal() {
            XCTAssertEqual(fallback, 80)
        }
    }
}
