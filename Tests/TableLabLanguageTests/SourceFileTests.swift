import XCTest
@testable import TableLabSyntax

final class SourceFileTests: XCTestCase {
    func testMentionsFindsAWordAnywhereAsBytes() {
        let file = SourceFile(name: "t", text: "let r: Result<Int, E> = .success(1) // é Résumé\nResult")
        XCTAssertTrue(file.mentions("Result"))
        XCTAssertTrue(file.mentions("let"))
        XCTAssertTrue(file.mentions("Résumé"))
        XCTAssertTrue(file.mentions("1) //"))
        XCTAssertFalse(file.mentions("Results"))
        XCTAssertFalse(file.mentions("result"))
        XCTAssertFalse(SourceFile(name: "t", text: "Resul").mentions("Result"))
        XCTAssertFalse(SourceFile(name: "t", text: "").mentions("R"))
        XCTAssertTrue(SourceFile(name: "t", text: "RRResult").mentions("RResult"))
    }
}
