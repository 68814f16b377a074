import Foundation
import XCTest

/// Faults in a session lose nothing: a failure or Ctrl-C inside a `mutating` method leaves
/// its variable as the method left it, as Swift's REPL does (a usable value, not `()`),
/// and Ctrl-C stops a layout that has very many sections.
final class LostStateSessionTests: XCTestCase {
    private func session(with script: String) throws -> PseudoTerminalProcess {
        // The session holds the sandbox: its folder goes when the session is freed (a
        // property here would keep it until the process exits, as XCTest keeps each case).
        let sandbox = try Sandbox()
        let file = sandbox.root.appendingPathComponent("state.tlab")
        try script.write(to: file, atomically: true, encoding: .utf8)
        let session = try sandbox.startSession("-i", file.path)
        return session
    }

    func testErrorInsideAMutatingMethodKeepsWhatItChanged() throws {
        let session = try session(with: """
            struct S {
              var items = [1]
              mutating func boom() { items.append(2); fatalError("boom") }
            }
            var s = S()
            var list = [S()]

            """)
        try session.waitForPrompt()
        session.send("s.boom()\r")
        try session.waitFor("error: Fatal error: boom")
        try session.waitForPrompt()
        session.send("print(s.items)\r")
        try session.waitFor("\r\n[1, 2]\r\n")
        try session.waitForPrompt()
        session.send("list[0].boom()\r")
        try session.waitFor("error: Fatal error: boom")
        try session.waitForPrompt()
        session.send("print(list.count, list[0].items)\r")
        try session.waitFor("\r\n1 [1, 2]\r\n")
        try session.waitForPrompt()
    }

    func testCtrlCInsideAMutatingMethodKeepsWhatItChanged() throws {
        let session = try session(with: """
            struct L {
              var n = 0
              mutating func spin() { n = 7; while true {} }
            }
            var l = L()

            """)
        try session.waitForPrompt()
        session.send("l.spin()\r")
        try session.waitFor("l.spin()\r\n")
        usleep(200_000)
        session.send("\u{03}")
        try session.waitFor("error: execution interrupted")
        try session.waitForPrompt()
        session.send("print(l.n)\r")
        try session.waitFor("\r\n7\r\n")
        try session.waitForPrompt()
    }

    func testShowWorksAfterDidSelectRowFailedInsideAMutatingMethod() throws {
        let session = try session(with: """
            struct Section {
              var items: [String]
              mutating func boom() { items.append("b"); fatalError("boom") }
            }
            table T {
              var sections = [Section(items: ["a"])]
              func didSelectRow(at indexPath: IndexPath) { sections[0].boom() }
            }
            :use T

            """)
        try session.waitForPrompt("tablelab(T)> ")
        session.send(":select 0 0\r")
        try session.waitFor("error: Fatal error: boom")
        try session.waitForPrompt("tablelab(T)> ")
        // The append before the failure is kept; the table view shows it once told (UIKit).
        session.send("tableView.reloadData()\r")
        try session.waitForPrompt("tablelab(T)> ")
        session.send(":show\r")
        try session.waitFor("T  1 section · 2 rows")
        try session.waitFor("\n  b ")
        try session.waitForPrompt("tablelab(T)> ")
    }

    func testCtrlCStopsTheLayoutOfATableWithVeryManySections() throws {
        let session = try session(with: """
            table T { func numberOfSections() -> Int { 9_000_000 } }
            :use T

            """)
        try session.waitForPrompt("tablelab(T)> ")
        session.send(":show\r")
        try session.waitFor(":show\r\n")
        usleep(300_000)
        session.send("\u{03}")
        try session.waitFor("error: execution interrupted")
        try session.waitForPrompt("tablelab(T)> ")
    }
}
