import Foundation
import XCTest
@testable import TableLabSession

/// A scripted engine for in-process tests: "incomplete" while brackets are open (the
/// real engine asks its parser), and it records every call.
final class RecordingEngine: SessionEngine {
    var submissions: [(text: String, isFinal: Bool)] = []
    var currentTableName: String?
    var failOn: Set<String> = []

    func submit(_ text: String, isFinal: Bool) -> SubmitOutcome {
        submissions.append((text, isFinal))
        let open = text.filter { "{([".contains($0) }.count
        let close = text.filter { "})]".contains($0) }.count
        if open > close { return isFinal ? .failed : .needsMoreInput }
        if text.hasPrefix(":quit") { return .quit(status: 4) }
        return failOn.contains(text) ? .failed : .completed
    }

    func completions(for textBeforeCursor: String) -> Completions { .none }
    func interrupt() {}
}

final class PlainSessionTests: XCTestCase {
    /// Feeds `input` from a temporary file (a pipe would block on input larger than its
    /// buffer before the session starts reading).
    private func run(_ input: String, engine: RecordingEngine, stopOnError: Bool = true) throws -> Int32 {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("tablelab-plain-\(getpid())-\(UUID().uuidString)")
        try input.write(to: url, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: url) }
        let descriptor = open(url.path, O_RDONLY)
        XCTAssertGreaterThanOrEqual(descriptor, 0)
        defer { close(descriptor) }
        return PlainSession(engine: engine, stopOnError: stopOnError, inputDescriptor: descriptor).run()
    }

    func testEachCompleteEntryIsSubmittedAsSoonAsComplete() throws {
        let engine = RecordingEngine()
        XCTAssertEqual(try run("a\n\nb {\nc\n}\nd", engine: engine), 0)
        XCTAssertEqual(engine.submissions.map(\.text), ["a", "b {", "b {\nc", "b {\nc\n}", "d"])
        XCTAssertEqual(engine.submissions.map(\.isFinal), [false, false, false, false, false])
    }

    func testUnfinishedEntryAtEndOfInputIsSubmittedAsFinal() throws {
        let engine = RecordingEngine()
        XCTAssertEqual(try run("x = [\n1,\n", engine: engine), 1)
        XCTAssertEqual(engine.submissions.last?.text, "x = [\n1,")
        XCTAssertEqual(engine.submissions.last?.isFinal, true)
    }

    func testFirstFailureStopsWithStatusOne() throws {
        let engine = RecordingEngine()
        engine.failOn = ["bad"]
        XCTAssertEqual(try run("ok\nbad\nnever\n", engine: engine), 1)
        XCTAssertEqual(engine.submissions.map(\.text), ["ok", "bad"])
    }

    func testCarryingOnAfterFailureStillEndsWithStatusOne() throws {
        let engine = RecordingEngine()
        engine.failOn = ["bad"]
        XCTAssertEqual(try run("bad\nok\n", engine: engine, stopOnError: false), 1)
        XCTAssertEqual(engine.submissions.map(\.text), ["bad", "ok"])
    }

    func testQuitEndsWithItsStatus() throws {
        let engine = RecordingEngine()
        XCTAssertEqual(try run(":quit\nnever\n", engine: engine), 4)
        XCTAssertEqual(engine.submissions.map(\.text), [":quit"])
    }

    func testCarriageReturnsAreDropped() throws {
        let engine = RecordingEngine()
        XCTAssertEqual(try run("a\r\nb\r\n", engine: engine), 0)
        XCTAssertEqual(engine.submissions.map(\.text), ["a", "b"])
    }

    func testLongInputAcrossManyReads() throws {
        let engine = RecordingEngine()
        let lines = (0..<20_000).map { "line \($0) é" }
        XCTAssertEqual(try run(lines.joined(separator: "\n") + "\n", engine: engine), 0)
        XCTAssertEqual(engine.submissions.map(\.text), lines)
    }
}

final class SessionHistoryTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("tablelab-history-\(getpid())-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    func testEntriesSurviveAReloadMultiLineEntriesWhole() {
        let path = directory.appendingPathComponent("nested/dir/history").path
        let history = SessionHistory(path: path)
        history.add("one\n")
        history.add("struct A {\n  let s = \"x y\\n\"\n}")
        history.add("   ")
        XCTAssertNil(history.warning)
        XCTAssertEqual(SessionHistory(path: path).entries, ["one", "struct A {\n  let s = \"x y\\n\"\n}"])
    }

    func testConsecutiveDuplicatesAreDropped() {
        let history = SessionHistory(path: directory.appendingPathComponent("h").path)
        for entry in ["a", "a", "b", "a", "a"] { history.add(entry) }
        XCTAssertEqual(history.entries, ["a", "b", "a"])
    }

    func testCapacityDropsTheOldest() {
        let path = directory.appendingPathComponent("h").path
        let history = SessionHistory(path: path, capacity: 5)
        for number in 1...8 { history.add("entry \(number)") }
        XCTAssertEqual(history.entries, (4...8).map { "entry \($0)" })
        XCTAssertEqual(SessionHistory(path: path).entries.count, 5)
    }

    func testDefaultCapacityIsOneThousand() {
        let history = SessionHistory(path: nil)
        for number in 1...1_005 { history.add("e\(number)") }
        XCTAssertEqual(history.entries.count, 1_000)
        XCTAssertEqual(history.entries.first, "e6")
    }

    func testSaveLeavesNoTemporaryFileAndIsPrivate() throws {
        let path = directory.appendingPathComponent("h").path
        SessionHistory(path: path).add("x")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path), ["h"])
        let permissions = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        XCTAssertEqual(permissions, 0o600)
    }

    func testForeignFileIsNotOverwritten() throws {
        let path = directory.appendingPathComponent("h").path
        let foreign = "this is not a libedit history\n"
        try foreign.write(toFile: path, atomically: true, encoding: .utf8)
        let history = SessionHistory(path: path)
        XCTAssertNotNil(history.warning)
        history.add("y")
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), foreign)
        XCTAssertEqual(history.entries, ["y"])
    }

    func testEmptyFileIsAnEmptyHistory() throws {
        let path = directory.appendingPathComponent("h").path
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data()))
        let history = SessionHistory(path: path)
        XCTAssertNil(history.warning)
        history.add("z")
        XCTAssertEqual(SessionHistory(path: path).entries, ["z"])
    }

    func testDefaultPathPrefersAnAbsoluteXDGStateHome() {
        func path(_ environment: [String: String]) -> String? {
            SessionHistory.defaultPath { environment[$0] }
        }
        XCTAssertEqual(path(["XDG_STATE_HOME": "/s", "HOME": "/h"]), "/s/tablelab/history")
        XCTAssertEqual(path(["XDG_STATE_HOME": "/s/", "HOME": "/h"]), "/s/tablelab/history")
        XCTAssertEqual(path(["XDG_STATE_HOME": "relative", "HOME": "/h"]), "/h/.tablelab_history")
        XCTAssertEqual(path(["XDG_STATE_HOME": "", "HOME": "/h/"]), "/h/.tablelab_history")
    }
}

final class CompletionTextTests: XCTestCase {
    func testCommonPrefix() {
        XCTAssertEqual(CompletionText.commonPrefix(of: ["apple", "apricot"]), "ap")
        XCTAssertEqual(CompletionText.commonPrefix(of: ["items"]), "items")
        XCTAssertEqual(CompletionText.commonPrefix(of: ["a", "b"]), "")
        XCTAssertEqual(CompletionText.commonPrefix(of: ["abc", "abd", "ab"]), "ab")
        XCTAssertEqual(CompletionText.commonPrefix(of: ["café", "cafe"]), "caf")
        XCTAssertEqual(CompletionText.commonPrefix(of: []), "")
    }

    func testColumnsFillTopToBottom() {
        let words = ["a", "bb", "c", "d", "e"]
        // Cells are 4 wide; 10 columns of text fit 2 cells.
        XCTAssertEqual(CompletionText.columns(words, width: 10), ["a   d", "bb  e", "c"])
        XCTAssertEqual(CompletionText.columns(words, width: 1), ["a", "bb", "c", "d", "e"])
        XCTAssertEqual(CompletionText.columns(words, width: 80), ["a   bb  c   d   e"])
    }

    func testUniqueKeepsOrder() {
        XCTAssertEqual(CompletionText.unique(["b", "a", "b", "c", "a"]), ["b", "a", "c"])
    }
}

final class HistoryCommandTests: XCTestCase {
    func testParse() {
        XCTAssertEqual(HistoryCommand.parse(":history"), .some(nil))
        XCTAssertEqual(HistoryCommand.parse(":history 3"), .some(3))
        XCTAssertTrue(HistoryCommand.parse(":history x") == nil)
        XCTAssertTrue(HistoryCommand.parse(":historyx") == nil)
        XCTAssertTrue(HistoryCommand.parse("history") == nil)
        XCTAssertTrue(HistoryCommand.parse(":show") == nil)
    }

    func testListingNumbersFromTheOldestAndIndentsLaterLines() {
        let entries = (1...10).map { "e\($0)" } + ["a {\n}"]
        XCTAssertEqual(HistoryCommand.listing(entries, last: 2), "  10  e10\n  11  a {\n      }\n")
        XCTAssertEqual(HistoryCommand.listing(["x"], last: nil), "  1  x\n")
    }
}

/// The rules behind the session's own keys.
final class EditorMotionTests: XCTestCase {
    private let entry = Array("var n = 1\nn += 10\nprint(n)".unicodeScalars)

    func testUpAndDownKeepTheColumnOrStopAtALineEnd() {
        // From the end of `print(n)` (column 8) up to the end of `n += 10` (7 long).
        XCTAssertEqual(EditorMotion.verticalTarget(in: entry, cursor: entry.count, up: true), 17)
        XCTAssertEqual(EditorMotion.verticalTarget(in: entry, cursor: 12, up: true), 2)
        XCTAssertEqual(EditorMotion.verticalTarget(in: entry, cursor: 2, up: false), 12)
        XCTAssertEqual(EditorMotion.verticalTarget(in: entry, cursor: 12, up: false), 20)
    }

    func testFirstAndLastLinesLeaveTheEntry() {
        XCTAssertNil(EditorMotion.verticalTarget(in: entry, cursor: 3, up: true))
        XCTAssertNil(EditorMotion.verticalTarget(in: entry, cursor: entry.count, up: false))
        let single = Array("print(1)".unicodeScalars)
        XCTAssertNil(EditorMotion.verticalTarget(in: single, cursor: 4, up: true))
        XCTAssertNil(EditorMotion.verticalTarget(in: single, cursor: 4, up: false))
    }

    func testPastedLineEndsBecomeNewlines() {
        XCTAssertEqual(EditorMotion.pastedText(Array("a {\r\tb\r\nc\n}".unicodeScalars)), "a {\n\tb\nc\n}")
    }

    func testRowsCountLineEndsWrapsAndTabs() {
        XCTAssertEqual(EditorMotion.rows(of: "tablelab> x", from: 0, width: 80), 0)
        XCTAssertEqual(EditorMotion.rows(of: "ab\ncd\n", from: 0, width: 80), 2)
        XCTAssertEqual(EditorMotion.rows(of: String(repeating: "x", count: 81), from: 0, width: 80), 1)
        XCTAssertEqual(EditorMotion.rows(of: "\t\t", from: 0, width: 10), 1)
    }

    func testSearchFindsTheNewestMatchAtOrBeforeTheStart() {
        let entries = ["print(\"alpha\")", "print(\"beta\")", "let alpha = 1"]
        XCTAssertEqual(EditorMotion.search(entries, for: "alp", from: 2), 2)
        XCTAssertEqual(EditorMotion.search(entries, for: "alp", from: 1), 0)
        XCTAssertNil(EditorMotion.search(entries, for: "alp", from: -1))
        XCTAssertNil(EditorMotion.search(entries, for: "gamma", from: 2))
    }
}
