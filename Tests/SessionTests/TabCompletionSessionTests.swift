import Foundation
import XCTest

/// Tab completion in context, typed into the real `tablelab` at a pseudo-terminal. Each
/// test proves what was completed by what the completed entry then does, not by libedit's
/// redrawing of the line.
final class TabCompletionSessionTests: XCTestCase {
    /// `tablelab -i examples/settings.tlab`, run from the package root.
    private func startSettings(_ sandbox: Sandbox) throws -> PseudoTerminalProcess {
        let session = try sandbox.startSession("-i", "examples/settings.tlab",
                                               workingDirectory: TableLabBinary.packageRoot.path)
        try session.waitForPrompt("tablelab(SettingsViewController)> ")
        return session
    }

    /// Types `keys` with a pause after each Tab, as a person would.
    private func type(_ session: PseudoTerminalProcess, _ keys: String) {
        for part in keys.split(separator: "\t", omittingEmptySubsequences: false).enumerated() {
            if part.offset > 0 {
                session.send("\t")
                usleep(150_000)
            }
            session.send(String(part.element))
        }
    }

    func testCommandNameThenTableName() throws {
        let sandbox = try Sandbox()
        let session = try startSettings(sandbox)
        // `:us` → `:use ` (with its space), `S` → the table's name.
        type(session, ":us\tS\t\r")
        try session.waitForPrompt("tablelab(SettingsViewController)> ")
        // Only `:use` puts the table's members in scope at the prompt.
        session.send("print(sections.count)\r")
        try session.waitFor("\r\n2\r\n")
        XCTAssertFalse(session.text.contains("error"), session.text)
    }

    func testLoadCompletesADirectoryThenAScript() throws {
        let sandbox = try Sandbox()
        let session = try sandbox.startSession(workingDirectory: TableLabBinary.packageRoot.path)
        try session.waitForPrompt()
        type(session, ":load ex\tnavig\t\r")
        // The completed line loaded the file: its tables are there (the prompt names a
        // table only after `:use`).
        session.send(":tables\r")
        try session.waitFor("* Mailboxes\r\n  Inbox\r\n")
    }

    func testHelpTopic() throws {
        let sandbox = try Sandbox()
        let session = try sandbox.startSession()
        try session.waitForPrompt()
        // `swi` is shared by the topic `switch` and the command `swipe`: `swit` is the topic's.
        type(session, ":help swit\t\r")
        try session.waitFor("switch must be exhaustive")
    }

    func testFirstTabCompletesTheCommonPrefixSecondListsAndKeepsTheLine() throws {
        let sandbox = try Sandbox()
        let session = try sandbox.startSession()
        try session.waitForPrompt()
        // `height` and `heights` share `height`.
        type(session, ":help hei\t")
        XCTAssertFalse(session.text.contains("heights"), "listed on the first Tab: \(session.text)")
        type(session, "\t")
        try session.waitFor("\r\nheight   heights\r\n")
        try session.waitFor("tablelab> :help height")
        session.send("s\r")
        try session.waitFor("every header, row and footer height")
    }

    func testTabWithoutProgressBeepsThenLists() throws {
        let sandbox = try Sandbox()
        let session = try sandbox.startSession()
        try session.waitForPrompt()
        // `:show` and `:select` share only `:s`, already typed.
        type(session, ":s\t")
        try session.waitFor("\u{07}")
        XCTAssertFalse(session.text.contains(":show"), session.text)
        type(session, "\t")
        try session.waitFor(":show")
        XCTAssertTrue(session.text.contains(":select"), session.text)
    }

    func testNoCandidatesLeavesTheLineAlone() throws {
        let sandbox = try Sandbox()
        let session = try sandbox.startSession()
        try session.waitForPrompt()
        type(session, "zzq\t\t\r")
        try session.waitFor("error: cannot find 'zzq' in scope")
    }

    func testEnumTypeNameListsItsCases() throws {
        let sandbox = try Sandbox()
        let session = try startSettings(sandbox)
        type(session, "Item.\t\t")
        // No `allCases`: Item does not declare CaseIterable.
        try session.waitFor("AboutMe         DefaultCountry  ManageAccounts  ShareApp\r\n"
                            + "ActiveAccount   Donate          RateApp")
        XCTAssertFalse(session.text.contains("allCases"), session.text)
    }

    func testMembersOfAStructInTheCurrentTable() throws {
        let sandbox = try Sandbox()
        let session = try startSettings(sandbox)
        session.send(":use SettingsViewController\r")
        try session.waitForPrompt("tablelab(SettingsViewController)> ")
        type(session, "sections[0].\t\t")
        try session.waitFor("\r\nitems  type\r\n")
        // The line is kept: finish it and run it.
        session.send("type\r")
        try session.waitFor("\r\n.Account\r\n")
    }

    func testCaseInASwitchOverATypedParameterOffersThatEnumsCases() throws {
        let sandbox = try Sandbox()
        let session = try startSettings(sandbox)
        type(session, "func f(_ item: Item) -> Int {\r")
        try session.waitForPrompt("...> ")
        type(session, "switch item {\r")
        try session.waitForPrompt("...> ")
        // Item's cases only: SectionType's `Account` and `Other` are not offered.
        type(session, "case .\t\t")
        try session.waitFor("AboutMe         DefaultCountry  ManageAccounts  ShareApp\r\n"
                            + "ActiveAccount   Donate          RateApp\r\n")
        // `.Ac` is `ActiveAccount` alone for an Item (every enum's cases add `Account`).
        type(session, "Ac\t: return 1\r")
        try session.waitForPrompt("...> ")
        session.send("default: return 0 } }\r")
        try session.waitForPrompt("tablelab(SettingsViewController)> ")
        session.send("print(f(.ActiveAccount))\r")
        try session.waitFor("\r\n1\r\n")
        XCTAssertFalse(session.text.contains("error"), session.text)
    }

    func testCaseInASwitchOverAPathInTheTable() throws {
        let sandbox = try Sandbox()
        let session = try startSettings(sandbox)
        session.send(":use SettingsViewController\r")
        try session.waitForPrompt("tablelab(SettingsViewController)> ")
        type(session, "func kind(_ indexPath: IndexPath) -> Int {\r")
        try session.waitForPrompt("...> ")
        type(session, "switch sections[indexPath.section].type {\r")
        try session.waitForPrompt("...> ")
        type(session, "case .\t\t")
        try session.waitFor("\r\nAccount  Other\r\n")
    }

    func testAnnotatedConstant() throws {
        let sandbox = try Sandbox()
        let session = try startSettings(sandbox)
        type(session, "let x: Item = .Ac\t\r")
        try session.waitForPrompt("tablelab(SettingsViewController)> ")
        session.send("print(x)\r")
        try session.waitFor("\r\nActiveAccount\r\n")
    }
}

/// Completion cases from issue 13, typed at the terminal.
final class MemberCompletionSessionTests: XCTestCase {
    private func startSettings(_ sandbox: Sandbox) throws -> PseudoTerminalProcess {
        let session = try sandbox.startSession("-i", "examples/settings.tlab",
                                               workingDirectory: TableLabBinary.packageRoot.path)
        try session.waitForPrompt("tablelab(SettingsViewController)> ")
        return session
    }

    private func type(_ session: PseudoTerminalProcess, _ keys: String) {
        for part in keys.split(separator: "\t", omittingEmptySubsequences: false).enumerated() {
            if part.offset > 0 {
                session.send("\t")
                usleep(150_000)
            }
            session.send(String(part.element))
        }
    }

    func testDequeueCompletesTheSharedNameThenListsSwift5First() throws {
        let sandbox = try Sandbox()
        let session = try startSettings(sandbox)
        type(session, "dequeue\t\t")
        try session.waitFor("\r\ndequeueReusableCell(withIdentifier:for:)\r\ndequeueReusableCell(withIdentifier:)\r\n")
        // The second Tab listed instead of extending to the Swift 2 name: finish the call.
        session.send("(withIdentifier: \"NoSuchCell\") == nil\r")
        try session.waitFor("\r\ntrue\r\n")
        XCTAssertFalse(session.text.contains("error"), session.text)
    }

    func testUseTableTabTwiceNamesItOnce() throws {
        let sandbox = try Sandbox()
        let session = try sandbox.startSession("-i", "examples/navigation.tlab",
                                               workingDirectory: TableLabBinary.packageRoot.path)
        try session.waitFor("> ")
        usleep(100_000)
        type(session, ":use In\t\t\r")
        try session.waitForPrompt("tablelab(Inbox)> ")
        XCTAssertFalse(session.text.contains("error"), session.text)
    }

    func testTableViewMembers() throws {
        let sandbox = try Sandbox()
        let session = try startSettings(sandbox)
        type(session, "tableView.rowH\t = 50\r")
        try session.waitForPrompt("tablelab(SettingsViewController)> ")
        session.send("print(tableView.rowHeight)\r")
        try session.waitFor("\r\n50.0\r\n")
        XCTAssertFalse(session.text.contains("error"), session.text)
    }

    func testSelfMembersInTheTableInUse() throws {
        let sandbox = try Sandbox()
        let session = try startSettings(sandbox)
        session.send(":use SettingsViewController\r")
        try session.waitForPrompt("tablelab(SettingsViewController)> ")
        type(session, "print(self.secti\t.count)\r")
        try session.waitFor("\r\n2\r\n")
        XCTAssertFalse(session.text.contains("error"), session.text)
    }

    /// The first original as Xcode holds it: a view-controller class, whose members are
    /// its instance's. The example ends with `:use`, as every example does: the start-up
    /// prompt names the class, and its members are in scope for completion and `:type`.
    func testMembersOfAViewControllerClassInUse() throws {
        let sandbox = try Sandbox()
        let session = try sandbox.startSession("-i", "examples/settings-viewcontroller.tlab",
                                               workingDirectory: TableLabBinary.packageRoot.path)
        try session.waitFor("TableLab 0.1.0 — :help for help\r\n")
        try session.waitForPrompt("tablelab(SettingsViewController)> ")
        XCTAssertFalse(session.text.contains("tablelab> "), session.text)
        type(session, "print(self.secti\t.count, sections[0].ite\t.count)\r")
        try session.waitFor("\r\n2 3\r\n")
        try session.waitForPrompt("tablelab(SettingsViewController)> ")
        session.send(":type sections.removeLast()\r")
        try session.waitFor("\r\nSection\r\n")
        try session.waitForPrompt("tablelab(SettingsViewController)> ")
        session.send("print(sections.count)\r")
        try session.waitFor("\r\n2\r\n")
        XCTAssertFalse(session.text.contains("error"), session.text)
    }

    func testCellMembersAfterOptionalChainingAreNotEnumCases() throws {
        let sandbox = try Sandbox()
        let session = try startSettings(sandbox)
        session.send("let c = UITableViewCell(style: .subtitle, reuseIdentifier: \"Sub\")\r")
        try session.waitForPrompt("tablelab(SettingsViewController)> ")
        type(session, "c.textLabel?.\t\t")
        try session.waitFor("\r\nalpha          isHidden       text           textAlignment  textColor\r\n")
        XCTAssertFalse(session.text.contains("AboutMe"), session.text)
        type(session, "tex\t = \"hi\"\r")
        try session.waitForPrompt("tablelab(SettingsViewController)> ")
        type(session, "c.detailTextL\t?.text = \"there\"\r")
        try session.waitForPrompt("tablelab(SettingsViewController)> ")
        session.send("print(c.textLabel?.text ?? \"-\", c.detailTextLabel?.text ?? \"-\")\r")
        try session.waitFor("\r\nhi there\r\n")
        XCTAssertFalse(session.text.contains("error"), session.text)
    }

    /// An optional that holds nil has no value to ask for members: its declared type
    /// gives them (a UIKit cell's, a script struct's).
    func testMembersOfAnOptionalHoldingNilComeFromItsType() throws {
        let sandbox = try Sandbox()
        let session = try startSettings(sandbox)
        session.send("var c: UITableViewCell? = nil\r")
        try session.waitForPrompt("tablelab(SettingsViewController)> ")
        type(session, "c?.textLabel?.\t\t")
        try session.waitFor("\r\nalpha          isHidden       text           textAlignment  textColor\r\n")
        session.send("\u{15}") // Ctrl-U: the listing was the point, not the line
        type(session, "print(c?.detailTextL\t == nil)\r")
        try session.waitFor("\r\ntrue\r\n")
        try session.waitForPrompt("tablelab(SettingsViewController)> ")
        session.send("var s: Section? = nil\r")
        try session.waitForPrompt("tablelab(SettingsViewController)> ")
        type(session, "print(s?.ite\t.count ?? -1)\r")
        try session.waitFor("\r\n-1\r\n")
        XCTAssertFalse(session.text.contains("error"), session.text)
    }
}
