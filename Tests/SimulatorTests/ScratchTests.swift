import XCTest
@testable import TableLabSimulator
final class ScratchTests: XCTestCase {
    func testDump() throws {
        let fixtures = [("settings", Fixtures.settings), ("cellTypes", Fixtures.cellTypes), ("gallery", Fixtures.gallery), ("empty", Fixtures.empty)]
        for w in [80, 50, 40, 30, 16] {
            for (name, t) in fixtures {
                try TableRenderer(width: w).render(t).write(toFile: "/tmp/exp/\(name)_\(w).txt", atomically: true, encoding: .utf8)
            }
        }
        for (name, t) in fixtures {
            try TableRenderer().renderJSON(t).write(toFile: "/tmp/exp/\(name).json", atomically: true, encoding: .utf8)
            try TableRenderer(width: 80, useColor: true).render(t).write(toFile: "/tmp/exp/\(name)_color.txt", atomically: true, encoding: .utf8)
        }
    }
}
