import XCTest
import Foundation

/// Lesson C of the originals at a real terminal: "I can move any item to any section and
/// change the order of sections and items all within a couple of seconds". The first
/// original's view controller (examples/settings-viewcontroller.tlab) is edited in an
/// editor while `tablelab -i --watch` shows it: a row moved to another section is drawn
/// there and a tap on it still runs its own segue (the switch is over the item, not the
/// index); sections swapped keep their headers. With `:reload` instead, the screen keeps
/// its instance, so an edited viewDidLoad() has not run on it: said at once, and `:reset`
/// then `:load` draws the edit.
final class LessonCSessionTests: XCTestCase {
    static let donateInOther = "Section(type: .Other, items: [.AboutMe, .Donate, .RateApp, .ShareApp])"
    static let accountRows = "Section(type: .Account, items: [.ManageAccounts, .ActiveAccount, .DefaultCountry])"

    private func copyOfTheOriginal(_ sandbox: Sandbox) throws -> (path: String, text: String) {
        let text = try String(contentsOfFile: TableLabBinary.example("settings-viewcontroller.tlab"), encoding: .utf8)
        XCTAssertTrue(text.contains(Self.donateInOther) && text.contains(Self.accountRows))
        let path = sandbox.root.appendingPathComponent("settings.tlab").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return (path, text)
    }

    /// Donate moved from the Other section to the end of the Account section.
    static func donateMoved(_ text: String) -> String {
        text.replacingOccurrences(of: donateInOther, with: "Section(type: .Other, items: [.AboutMe, .RateApp, .ShareApp])")
            .replacingOccurrences(of: accountRows,
                                  with: "Section(type: .Account, items: [.ManageAccounts, .ActiveAccount, .DefaultCountry, .Donate])")
    }

    /// The line of a `:show` drawing that holds `text`.
    static func row(_ drawing: String, _ text: String) -> String? {
        drawing.components(separatedBy: "\r\n").first { $0.contains(text) }
    }

    /// What `--watch` printed for a change: from its `watch:` line to the prompt it draws
    /// again (after a carriage return and an erase of the line).
    private func redrawAfterWatch(_ session: PseudoTerminalProcess, _ path: String) throws -> String {
        let marker = "watch: \(path) changed; ran it again\r\n"
        try session.waitFor(marker)
        try session.waitForPrompt("\r\u{1B}[Ktablelab(SettingsViewController)> ")
        let after = try XCTUnwrap(session.text.range(of: marker, options: .backwards))
        return String(session.text[after.upperBound...])
    }

    private func enter(_ session: PseudoTerminalProcess, _ line: String) throws -> String {
        session.send(line + "\r")
        return try session.waitForAnyPrompt()
    }

    func testRowsMovedInAnEditorAreRedrawnByWatchAndTapsFollowTheItems() throws {
        let sandbox = try Sandbox()
        let (path, text) = try copyOfTheOriginal(sandbox)
        let session = try sandbox.startSession("-i", "--watch", path)
        try session.waitForPrompt("tablelab(SettingsViewController)> ")
        let first = try enter(session, ":show")
        XCTAssertTrue(Self.row(first, "☕️☕️☕️?")?.contains("1·1 BasicCell") == true, first)
        XCTAssertTrue(try enter(session, ":select 1 1").hasSuffix("performSegue \"Donate\"\r\ndeselectRow [1, 1] animated"))

        let moved = Self.donateMoved(text)
        try moved.write(toFile: path, atomically: true, encoding: .utf8)
        let redrawn = try redrawAfterWatch(session, path)
        XCTAssertTrue(Self.row(redrawn, "☕️☕️☕️?")?.contains("0·3 BasicCell") == true, redrawn)
        XCTAssertTrue(Self.row(redrawn, "Rate BB Links")?.contains("1·1 SubtitleCell") == true, redrawn)
        // The taps follow the items wherever they are.
        XCTAssertTrue(try enter(session, ":select 0 3").hasSuffix("performSegue \"Donate\"\r\ndeselectRow [0, 3] animated"))
        XCTAssertTrue(try enter(session, ":select 1 1").hasSuffix("Opening the App Store review page\r\ndeselectRow [1, 1] animated"))

        // The two sections swapped: the header goes with its section's type.
        let account = "Section(type: .Account, items: [.ManageAccounts, .ActiveAccount, .DefaultCountry, .Donate])"
        let other = "Section(type: .Other, items: [.AboutMe, .RateApp, .ShareApp])"
        let swapped = moved.replacingOccurrences(of: "\(account),\n      \(other)", with: "\(other),\n      \(account)")
        XCTAssertNotEqual(swapped, moved)
        try swapped.write(toFile: path, atomically: true, encoding: .utf8)
        let otherFirst = try redrawAfterWatch(session, path)
        let lines = otherFirst.components(separatedBy: "\r\n")
        let header = try XCTUnwrap(lines.firstIndex { $0.trimmingCharacters(in: .whitespaces) == "Account" }, otherFirst)
        let about = try XCTUnwrap(lines.firstIndex { $0.contains("About the Developer") }, otherFirst)
        XCTAssertLessThan(about, header, otherFirst)
        XCTAssertTrue(lines[about].contains("0·0 BasicCell"), otherFirst)
        XCTAssertTrue(Self.row(otherFirst, "Manage Coach IDs")?.contains("1·0 BasicCell") == true, otherFirst)
        XCTAssertEqual(try enter(session, ":check").components(separatedBy: "\r\n").last,
                       "checked 4 switches in the loaded code: no problems found")
        session.send("\u{04}")
        XCTAssertEqual(try session.waitForExit(), 0)
    }

    func testReloadSaysTheLoadedScreenDidNotRunItsEditedViewDidLoadAndResetThenLoadDrawsTheEdit() throws {
        let sandbox = try Sandbox()
        let (path, text) = try copyOfTheOriginal(sandbox)
        let session = try sandbox.startSession("-i", path)
        try session.waitForPrompt("tablelab(SettingsViewController)> ")
        XCTAssertTrue(Self.row(try enter(session, ":show"), "☕️☕️☕️?")?.contains("1·1 BasicCell") == true)
        // An edit of another method only: nothing to say.
        let retitled = text.replacingOccurrences(of: "return \"Account\"", with: "return \"Your account\"")
        XCTAssertNotEqual(retitled, text)
        try retitled.write(toFile: path, atomically: true, encoding: .utf8)
        XCTAssertEqual(try enter(session, ":reload").components(separatedBy: "\r\n").last, ":reload")
        XCTAssertTrue(try enter(session, ":show").contains("  Your account\r\n"))

        try Self.donateMoved(retitled).write(toFile: path, atomically: true, encoding: .utf8)
        XCTAssertEqual(try enter(session, ":reload").components(separatedBy: "\r\n").last,
                       "reload: viewDidLoad() of 'SettingsViewController' changed, but its view was loaded before and keeps "
                       + "what the old one set (UIKit loads a view once); ':reset' then ':load \(path)' starts afresh")
        // What the screen shows is what the code does: the old viewDidLoad() set its sections.
        XCTAssertTrue(Self.row(try enter(session, ":show"), "☕️☕️☕️?")?.contains("1·1 BasicCell") == true)
        _ = try enter(session, ":reset")
        _ = try enter(session, ":load \(path)")
        let edited = try enter(session, ":show")
        XCTAssertTrue(Self.row(edited, "☕️☕️☕️?")?.contains("0·3 BasicCell") == true, edited)
        session.send("\u{04}")
        XCTAssertEqual(try session.waitForExit(), 0)
    }
}
