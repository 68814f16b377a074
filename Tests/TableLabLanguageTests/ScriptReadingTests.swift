import Foundation
import XCTest
@testable import TableLabSyntax
@testable import TableLabExhaustiveness
@testable import TableLabInterpreter
@testable import TableLabFiles

/// A regular file over the size limit is refused from its size, before any of it is read
/// (a sparse file here: nothing is written or allocated).
final class ScriptReadingTests: XCTestCase {
    func testALargeRegularFileIsRefusedBeforeReading() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("tablelab-large-\(getpid()).tlab").path
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: nil))
        defer { unlink(path) }
        XCTAssertEqual(truncate(path, off_t(ScriptReading.maximumBytes + 1)), 0)
        switch ScriptReading.bytes(ofFile: path) {
        case .success: XCTFail("read a file over the limit")
        case .failure(let e):
            XCTAssertEqual(e.message, "cannot read '\(path)': file too large (16 MiB; TableLab reads scripts of at most 16 MiB)")
        }
        XCTAssertEqual(truncate(path, 5), 0)
        guard case .success(let bytes) = ScriptReading.bytes(ofFile: path) else { return XCTFail("a small file is read") }
        XCTAssertEqual(bytes, [0, 0, 0, 0, 0])
    }

    func testSizesAreParsedAndDescribedInBinaryUnits() {
        XCTAssertEqual(MemoryBudget.parse("512M"), 512 << 20)
        XCTAssertEqual(MemoryBudget.parse("2G"), 2 << 30)
        XCTAssertEqual(MemoryBudget.parse("1.5GiB"), 3 << 29)
        XCTAssertEqual(MemoryBudget.parse("4096"), 4096)
        XCTAssertNil(MemoryBudget.parse("-1G"))
        XCTAssertNil(MemoryBudget.parse("lots"))
        XCTAssertNil(MemoryBudget.parse("0"))
        XCTAssertEqual(MemoryBudget.describe(64 << 20), "64 MiB")
        XCTAssertEqual(MemoryBudget.describe(72_000_000), "68.7 MiB")
        XCTAssertEqual(MemoryBudget.describe(100), "100 bytes")
    }
}
