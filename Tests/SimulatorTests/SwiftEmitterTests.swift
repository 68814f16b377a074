import XCTest
import Foundation
import TableLabSyntax
@testable import TableLabSimulator

/// `tablelab emit swift`: the Swift it writes type-checks against the UIKit stub (a copy
/// of ../shared/uikit-stub in Tests/Fixtures/uikit-stub, Apple's signatures), for every
/// example and the emit fixtures, and says in UIKit's words what the script did.
final class SwiftEmitterTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let typecheck = root.appendingPathComponent("Tests/Fixtures/uikit-stub/typecheck.sh")

    /// Examples that are not emitted as Swift Xcode accepts (none: the first original as
    /// the article has it, a view controller in Swift 2's spellings, comes out in today's).
    static let notTodaysSwift: Set<String> = []

    /// The scripts whose Swift must type-check: the examples, the emit fixtures, and the
    /// first original pasted verbatim in its Swift 2 spellings.
    static var scripts: [URL] {
        var urls: [URL] = []
        for folder in ["examples", "Tests/Fixtures/emit"] {
            let dir = root.appendingPathComponent(folder)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
            urls += names.filter { $0.hasSuffix(".tlab") && !notTodaysSwift.contains($0) }.sorted().map { dir.appendingPathComponent($0) }
        }
        urls.append(root.appendingPathComponent("Tests/ScriptTests/Scripts/simulator/seed-settings-verbatim.tlab"))
        return urls
    }

    func emit(_ url: URL) throws -> SwiftEmitter.Output {
        try SwiftEmitter.emit(SourceFile(name: url.path, text: try String(contentsOf: url, encoding: .utf8)))
    }

    func emit(_ text: String) throws -> String {
        try SwiftEmitter.emit(SourceFile(name: "test.tlab", text: text)).singleFile
    }

    static var swiftc: URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for dir in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(dir)).appendingPathComponent("swiftc")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }

    /// typecheck.sh on `swift` (extra swiftc arguments first): its status and what it said.
    func typecheck(_ swift: String, name: String, arguments: [String] = []) throws -> (status: Int32, output: String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tablelab-emit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent(name)
        try swift.write(to: file, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [Self.typecheck.path] + arguments + [file.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, output)
    }

    func testEveryExampleAndFixtureTypeChecksAgainstUIKit() throws {
        guard Self.swiftc != nil else { throw XCTSkip("swiftc is not on PATH: the emitted Swift is not type-checked") }
        XCTAssertGreaterThanOrEqual(Self.scripts.count, 8)
        for url in Self.scripts {
            let output = try emit(url)
            let single = try typecheck(output.singleFile, name: "Emitted.swift")
            XCTAssertEqual(single.status, 0, "\(url.lastPathComponent):\n\(single.output)")
            XCTAssertFalse(single.output.contains("warning:"), "\(url.lastPathComponent):\n\(single.output)")
        }
    }

    /// `-o DIR`: Model.swift and a file per table, which compile together as one module.
    func testTheFilesOfOutputFolderTypeCheckTogether() throws {
        guard Self.swiftc != nil else { throw XCTSkip("swiftc is not on PATH: the emitted Swift is not type-checked") }
        let output = try emit(Self.root.appendingPathComponent("examples/navigation.tlab"))
        XCTAssertEqual(output.files.map(\.name), ["Model.swift", "Mailboxes.swift", "Inbox.swift", "Archive.swift", "AppSettings.swift"])
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tablelab-emit-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        for (name, text) in output.files {
            XCTAssertNil(SwiftEmitter.write(text, to: folder.appendingPathComponent(name).path))
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [Self.typecheck.path] + output.files.map { folder.appendingPathComponent($0.name).path }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let said = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, said)
    }

    func testTheOriginalsTypeCheckInSwift6ModeToo() throws {
        guard Self.swiftc != nil else { throw XCTSkip("swiftc is not on PATH: the emitted Swift is not type-checked") }
        for name in ["settings", "cell-types"] {
            let output = try emit(Self.root.appendingPathComponent("examples/\(name).tlab"))
            let result = try typecheck(output.singleFile, name: "Emitted.swift", arguments: ["-swift-version", "6"])
            XCTAssertEqual(result.status, 0, "\(name):\n\(result.output)")
        }
    }

    /// The check has teeth: a Swift 2 spelling left in the output, a misspelled required
    /// method, or a missing `override` fail it.
    func testTheTypeCheckRejectsWhatXcodeWouldReject() throws {
        guard Self.swiftc != nil else { throw XCTSkip("swiftc is not on PATH: the emitted Swift is not type-checked") }
        let settings = try emit(Self.root.appendingPathComponent("examples/settings.tlab")).singleFile
        let broken = [
            settings.replacingOccurrences(of: "tableView.deselectRow(at: indexPath, animated: true)",
                                          with: "tableView.deselectRowAtIndexPath(indexPath, animated: true)"),
            settings.replacingOccurrences(of: "cellForRowAt indexPath", with: "cellForRowAtIndexPath indexPath"),
            settings.replacingOccurrences(of: "override func viewDidLoad", with: "func viewDidLoad"),
        ]
        for (index, swift) in broken.enumerated() {
            XCTAssertNotEqual(try typecheck(swift, name: "Broken\(index).swift").status, 0, "case \(index) type-checked")
        }
    }

    func testTheFirstOriginalBecomesAViewControllerInUIKitsSpellings() throws {
        let swift = try emit(Self.root.appendingPathComponent("examples/settings.tlab")).singleFile
        for expected in [
            "import UIKit",
            "enum SectionType {",
            "struct Section {",
            "func rateApp() {",
            "final class SettingsViewController: UIViewController, UITableViewDataSource, UITableViewDelegate {",
            "    let tableView = UITableView(frame: .zero, style: .insetGrouped)",
            "    func numberOfSections(in tableView: UITableView) -> Int {",
            "    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {",
            "    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {",
            "    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {",
            "            performSegue(withIdentifier: \"Donate\", sender: self)",
            "        tableView.deselectRow(at: indexPath, animated: true)",
            "        tableView.register(SubtitleCell.self, forCellReuseIdentifier: \"SubtitleCell\")",
            "        super.init(style: .value1, reuseIdentifier: reuseIdentifier)",
            "    // Goes to product detail when cell tapped",
            "// Left out: 2 top-level statements or commands (what the script does in TableLab, not in an app).",
        ] {
            XCTAssertTrue(swift.contains(expected + "\n"), "missing: \(expected)\n\(swift)")
        }
        XCTAssertFalse(swift.contains(":use"))
        XCTAssertFalse(swift.contains("table SettingsViewController"))
        // TableLab draws no navigation title for a table block without a `title`: neither does the app.
        XCTAssertFalse(swift.contains("title = "), swift)
    }

    /// The first original as Xcode holds it (a UIViewController in Swift 2's spellings, its
    /// data source and delegate in extensions) comes out in today's: the methods UIKit
    /// calls, no storyboard prototype replaced by a class of the same name.
    func testTheSwift2ViewControllerComesOutInTodaysSpellings() throws {
        let swift = try emit(Self.root.appendingPathComponent("examples/settings-viewcontroller.tlab")).singleFile
        for expected in [
            "class SettingsViewController: UIViewController {",
            "extension SettingsViewController: UITableViewDataSource {",
            "    func numberOfSections(in tableView: UITableView) -> Int {",
            "    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {",
            "    func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? {",
            "    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {",
            "    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {",
            "        let cell = tableView.dequeueReusableCell(withIdentifier: cellIdentifier, for: indexPath)",
            "    func shareAppFrom(_ indexPath: IndexPath) {",
        ] {
            XCTAssertTrue(swift.contains(expected + "\n"), "missing: \(expected)\n\(swift)")
        }
        for old in ["numberOfSectionsInTableView", "tableView(tableView", "AtIndexPath", "NSIndexPath", "class BasicCell", "class RightDetailCell"] {
            XCTAssertFalse(swift.contains(old), "\(old) in\n\(swift)")
        }
    }

    /// Swift 2's life-cycle and segue methods of a view controller, and a
    /// UITableViewController's overrides, in today's spellings; outlets as declared.
    func testAViewControllerClassKeepsItsOverridesAndOutletsInTodaysSpellings() throws {
        let swift = try emit("""
        class ProfileCell: UITableViewCell {
          @IBOutlet weak var nameLabel: UILabel!
        }
        class List: UITableViewController {
          override func viewWillAppear(animated: Bool) {
            super.viewWillAppear(animated)
          }
          override func prepareForSegue(segue: UIStoryboardSegue, sender: AnyObject?) {
            print(segue.identifier ?? "")
          }
          override func tableView(tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 1 }
          override func tableView(tableView: UITableView, cellForRowAtIndexPath indexPath: NSIndexPath) -> UITableViewCell {
            let cell = tableView.dequeueReusableCellWithIdentifier("ProfileCell", forIndexPath: indexPath) as! ProfileCell
            cell.nameLabel.text = "Ada"
            return cell
          }
        }
        """)
        for expected in [
            "    @IBOutlet weak var nameLabel: UILabel!",
            "    override func viewWillAppear(_ animated: Bool) {",
            "    override func prepare(for segue: UIStoryboardSegue, sender: Any?) {",
            "    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {",
            "    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {",
        ] {
            XCTAssertTrue(swift.contains(expected + "\n"), "missing: \(expected)\n\(swift)")
        }
        XCTAssertFalse(swift.contains("class ProfileCellCell"), swift)
        guard Self.swiftc != nil else { throw XCTSkip("swiftc is not on PATH: the emitted Swift is not type-checked") }
        // @IBOutlet needs the stub's ObjC mode on Linux (its README, "ObjC mode").
        let result = try typecheck(swift, name: "Emitted.swift", arguments: ["--objc"])
        XCTAssertEqual(result.status, 0, result.output)
    }

    /// `:style` picks the table view's style (UIKit's default, plain, without one).
    func testStyleCommandsChooseTheTableViewsStyle() throws {
        let swift = try emit("""
        table A { var items = ["a"] }
        table B { var items = ["b"] }
        table C { var items = ["c"] }
        :style grouped
        :use B
        :style .insetGrouped
        """)
        XCTAssertTrue(swift.contains("final class A: UIViewController, UITableViewDataSource, UITableViewDelegate {\n    let tableView = UITableView(frame: .zero, style: .grouped)\n"), swift)
        XCTAssertTrue(swift.contains("final class B: UIViewController, UITableViewDataSource, UITableViewDelegate {\n    let tableView = UITableView(frame: .zero, style: .insetGrouped)\n"), swift)
        XCTAssertTrue(swift.contains("final class C: UIViewController, UITableViewDataSource, UITableViewDelegate {\n    let tableView = UITableView(frame: .zero, style: .plain)\n"), swift)
    }

    // MARK: - Round trip

    /// What TableLab draws of every screen of a script: `:show`, `:show --json` (without
    /// the cell's class: the app registers a class for each storyboard prototype, the
    /// script's storyboard has plain UITableViewCells) and `:show --svg`.
    static func drawings(_ text: String, name: String, screens: [String]? = nil,
                         then taps: [String] = []) throws -> (drawn: String, screens: [String]) {
        let explorer = Explorer()
        explorer.terminalWidth = { 80 }
        var out = ""
        explorer.output = { out += $0 }
        explorer.warningHandler = { _ in }
        let renderer = DiagnosticRenderer(useColor: false)
        var errors = ""
        explorer.errorHandler = { errors += renderer.render($0) }
        do {
            try explorer.runScript(SourceFile(name: name, text: text))
        } catch {
            throw HarnessFailure(message: "\(name): " + renderer.render(error))
        }
        guard errors.isEmpty else { throw HarnessFailure(message: "\(name): " + errors) }
        // What a person does in the app (taps, going back), the same on both sides.
        for tap in taps {
            if case .failed(let d) = explorer.submit(SourceFile(name: "<tap>", text: tap)) {
                throw HarnessFailure(message: "\(name): \(tap): " + renderer.render(d))
            }
        }
        // Every screen on the navigation stack too (a pushed `Detail 2`).
        let names = screens ?? (explorer.simulator.screenNames
            + explorer.simulator.navigationStack.filter { !explorer.simulator.screenNames.contains($0) })
        out = ""
        // What the script's own code prints while the table is laid out (an init's
        // `print`) depends on how often the script drew before: not part of the drawing.
        explorer.interpreter.output = { _ in }
        try? explorer.runCommand("trace", words: ["off"])
        for screen in names {
            out += "== \(screen)\n"
            do {
                try explorer.runCommand("show", words: [screen])
                try explorer.runCommand("show", words: [screen, "--json"])
                if let svg = try? explorer.svgPicture(of: screen) { out += svg }
            } catch {
                throw HarnessFailure(message: "\(name): " + renderer.render(error))
            }
        }
        let drawn = out.replacingOccurrences(of: ",\n *\"cellClass\": \"[^\"]*\"", with: "", options: .regularExpression)
        return (drawn, names)
    }

    struct HarnessFailure: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }

    /// The emitted Swift, run back through TableLab, draws every screen as the script did.
    /// `taps` are explorer commands run after each (`:select 0 0`, `:back`): what a person
    /// does in the app, which the emitted Swift leaves out as it leaves out every command.
    func assertRoundTrip(_ url: URL, then taps: [String] = [], file: StaticString = #filePath, line: UInt = #line) throws {
        let text = try String(contentsOf: url, encoding: .utf8)
        let original = try Self.drawings(text, name: url.lastPathComponent, then: taps)
        XCTAssertFalse(original.screens.isEmpty, url.lastPathComponent, file: file, line: line)
        let swift = try SwiftEmitter.emit(SourceFile(name: url.lastPathComponent, text: text)).singleFile
        let emitted = try Self.drawings(swift, name: "Emitted.swift", screens: original.screens, then: taps)
        guard original.drawn != emitted.drawn else { return }
        let a = original.drawn.split(separator: "\n", omittingEmptySubsequences: false)
        let b = emitted.drawn.split(separator: "\n", omittingEmptySubsequences: false)
        let at = (0..<min(a.count, b.count)).first { a[$0] != b[$0] } ?? min(a.count, b.count)
        XCTFail("\(url.lastPathComponent) is drawn differently once emitted, first at line \(at + 1) of the drawings:\n"
                + "script:  \(at < a.count ? a[at] : "(end)")\nemitted: \(at < b.count ? b[at] : "(end)")\n\(swift)",
                file: file, line: line)
    }

    func testEveryExampleRoundTripsThroughTableLab() throws {
        let dir = Self.root.appendingPathComponent("examples")
        let names = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".tlab") }.sorted()
        XCTAssertGreaterThanOrEqual(names.count, 6)
        for name in names { try assertRoundTrip(dir.appendingPathComponent(name)) }
    }

    /// Script tests of screens and cells whose top level only declares and looks (`:show`,
    /// `:style`, `:use`, ...), so that what they draw is what their declarations do. (Not
    /// those whose top level pushes screens or changes their state, e.g. screens/push_instance,
    /// cells/reuse: the app starts from what the declarations make.)
    static let roundTripScripts = [
        "cells/class-named-like-prototype", "cells/code-subviews", "cells/register-class", "cells/storyboard-outlets",
        "commands/heights", "commands/show-json", "commands/command-comment",
        "payloads/cell_payload_rows", "sections/display-order", "sections/no-stray-titles",
        "simulator/cell-properties", "simulator/dequeue-reuse", "simulator/detail-label-default",
        "simulator/narrow-width", "simulator/register", "simulator/wide-characters",
        // View-controller classes, as Xcode holds them (the first original among them).
        "cells/host-extensions", "cells/register-plain-class", "screens/lifecycle_trace", "screens/settings_original",
        "screens/code_made_table", "sections/style-in-code",
    ]

    func testASetOfScriptTestsRoundTripsThroughTableLab() throws {
        let dir = Self.root.appendingPathComponent("Tests/ScriptTests/Scripts")
        for name in Self.roundTripScripts {
            try assertRoundTrip(dir.appendingPathComponent(name + ".tlab"))
        }
    }

    /// The set of script tests above, and the ones the taps test uses, type-check once
    /// emitted (as scripts/emit-check does for every script test that is a Swift program).
    func testASetOfScriptTestsTypeChecksAgainstUIKit() throws {
        guard Self.swiftc != nil else { throw XCTSkip("swiftc is not on PATH: the emitted Swift is not type-checked") }
        let dir = Self.root.appendingPathComponent("Tests/ScriptTests/Scripts")
        for name in Self.roundTripScripts + ["screens/push_instance"] {
            let swift = try emit(dir.appendingPathComponent(name + ".tlab")).singleFile
            // @IBOutlet and #selector need the stub's ObjC mode on Linux (its README).
            let objc = ["@IBOutlet", "@IBAction", "@objc", "#selector"].contains { swift.contains($0) }
            let result = try typecheck(swift, name: "Emitted.swift", arguments: objc ? ["--objc"] : [])
            XCTAssertEqual(result.status, 0, "\(name):\n\(result.output)")
        }
    }

    /// Scripts whose top level taps and goes back: the same taps in the app the emitted
    /// Swift makes draw the same screens (the segues TableLab follows by identifier, the
    /// pushes a didSelectRowAt makes, the back button).
    func testTapsAndPushesRoundTripThroughTableLab() throws {
        let examples = Self.root.appendingPathComponent("examples")
        try assertRoundTrip(examples.appendingPathComponent("navigation.tlab"), then: [":select 0 0"])
        try assertRoundTrip(examples.appendingPathComponent("navigation.tlab"), then: [":select 0 0", ":back", ":select 0 1"])
        try assertRoundTrip(examples.appendingPathComponent("settings.tlab"), then: [":select 1 1"])
        let scripts = Self.root.appendingPathComponent("Tests/ScriptTests/Scripts")
        try assertRoundTrip(scripts.appendingPathComponent("screens/push_instance.tlab"), then: [":select 0 1"])
        try assertRoundTrip(scripts.appendingPathComponent("screens/push_instance.tlab"), then: [":select 0 1", ":back"])
    }

    /// `:style` on a view-controller class: the storyboard's Style attribute, said in a
    /// comment; a UITableViewController subclass without initializers of its own also
    /// gets `convenience init()` with `init(style:)`, so that made in code (as TableLab
    /// makes it) it draws as the script did.
    func testAViewControllerClassKeepsItsStyle() throws {
        let fixture = Self.root.appendingPathComponent("Tests/Fixtures/emit/class-screen-style.tlab")
        let swift = try emit(fixture).singleFile
        XCTAssertTrue(swift.contains("""
        // The script's `:style insetGrouped`: in the storyboard, set this screen's table view's
        // Style to Inset Grouped.
        class Contacts: UITableViewController {
            /// Made in code, the table view has the style the script gave it.
            convenience init() {
                self.init(style: .insetGrouped)
            }

        """), swift)
        try assertRoundTrip(fixture)
        // A UIViewController's table view is the storyboard's: the comment alone. So too a
        // controller with an initializer of its own (the storyboard's init?(coder:) runs).
        let others = try emit("""
        class Plain: UITableViewController {
            override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 1 }
        }
        class Screen: UIViewController, UITableViewDataSource {
            func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 1 }
            func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
                tableView.dequeueReusableCell(withIdentifier: "BasicCell", for: indexPath)
            }
        }
        class Coded: UITableViewController {
            required init?(coder: NSCoder) { super.init(coder: coder) }
        }
        :style Screen grouped
        :use Coded
        :style insetGrouped
        """)
        XCTAssertTrue(others.contains("// Style to Grouped.\nclass Screen: UIViewController, UITableViewDataSource {\n"), others)
        XCTAssertTrue(others.contains("// Style to Inset Grouped.\nclass Coded: UITableViewController {\n"), others)
        XCTAssertTrue(others.contains("\nclass Plain: UITableViewController {\n"), others)
        XCTAssertFalse(others.contains("// Style to Plain"), others)
        XCTAssertFalse(others.contains("convenience init()"), others)
        guard Self.swiftc != nil else { throw XCTSkip("swiftc is not on PATH: the emitted Swift is not type-checked") }
        let result = try typecheck(others, name: "Emitted.swift")
        XCTAssertEqual(result.status, 0, result.output)
    }

    func testTheSwift2OriginalComesOutInTodaysSpellings() throws {
        let emitted = try emit(Self.root.appendingPathComponent("Tests/ScriptTests/Scripts/simulator/seed-settings-verbatim.tlab")).singleFile
        // The script's comments name the old spellings; the code must not use them.
        let swift = emitted.split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }.joined(separator: "\n")
        XCTAssertTrue(swift.contains("performSegue(withIdentifier:"), swift)
        XCTAssertTrue(swift.contains("tableView.deselectRow(at: indexPath, animated: true)"), swift)
        XCTAssertTrue(swift.contains("tableView.dequeueReusableCell(withIdentifier: cellIdentifier, for: indexPath)"), swift)
        XCTAssertFalse(swift.contains("WithIdentifier("))
        XCTAssertFalse(swift.contains("AtIndexPath"))
        XCTAssertFalse(swift.contains(".None"))
    }

    func testEffectsBecomeUIKitCalls() throws {
        let swift = try emit("""
        table T {
          func numberOfRows(inSection section: Int) -> Int { 2 }
          func didSelectRow(at indexPath: IndexPath) {
            if indexPath.row == 0 {
              alert(title: "Hi", message: "there")
            } else {
              open(url: "https://example.com")
            }
            reloadData()
            deselectRow(at: indexPath, animated: false)
          }
        }
        """)
        for expected in [
            "let alert = UIAlertController(title: \"Hi\", message: \"there\", preferredStyle: .alert)",
            "alert.addAction(UIAlertAction(title: \"OK\", style: .default))",
            "present(alert, animated: true)",
            "UIApplication.shared.open(URL(string: \"https://example.com\")!)",
            "tableView.reloadData()",
            "tableView.deselectRow(at: indexPath, animated: false)",
        ] {
            XCTAssertTrue(swift.contains(expected), "missing: \(expected)\n\(swift)")
        }
    }

    func testTableLabsDefaultsAreWrittenOut() throws {
        let output = try emit(Self.root.appendingPathComponent("Tests/Fixtures/emit/defaults.tlab"))
        let swift = output.singleFile
        for expected in [
            "struct Section {\n    var type: Any\n    var items: [Any]\n    var title: String? = nil\n    var footer: String? = nil\n}",
            "        sections.count\n",
            "        sections[section].items.count\n",
            "        cell.textLabel?.text = \"\\(sections[indexPath.section].items[indexPath.row])\"\n",
            "        sections[section].title\n",
            "        sections[section].footer\n",
            "        items.count\n",
            "    static let shared = Defaults()\n",
            "print(Defaults.shared.sections[0].items.count, indexPath)",
        ] {
            XCTAssertTrue(swift.contains(expected), "missing: \(expected)\n\(swift)")
        }
        XCTAssertEqual(output.files.map(\.name), ["Model.swift", "Defaults.swift", "Plain.swift"])
    }

    func testATableNamedModelOrDifferingOnlyInCaseGetsItsOwnFile() throws {
        // issue 17 (clobbered files): `table Model` was written over Model.swift, the shared
        // declarations lost, and "wrote DIR/Model.swift" printed twice.
        let output = try SwiftEmitter.emit(SourceFile(name: "m.tlab", text: """
        enum Row { case a }
        table Model {
          func numberOfRows(inSection section: Int) -> Int { 1 }
        }
        table List {
          func numberOfRows(inSection section: Int) -> Int { 1 }
        }
        table list {
          func numberOfRows(inSection section: Int) -> Int { 1 }
        }
        """))
        XCTAssertEqual(output.files.map(\.name), ["Model.swift", "Model-2.swift", "List.swift", "list-2.swift"])
        XCTAssertTrue(output.files[0].text.contains("enum Row"))
        XCTAssertTrue(output.files[1].text.contains("class Model: UIViewController"))
    }

    func testLifeCycleMethodsOverrideAndCallSuperOnce() throws {
        let swift = try emit("""
        table T {
          var items = ["a"]
          func viewDidLoad() {
            super.viewDidLoad()
            print("loaded")
          }
          func viewWillAppear(_ animated: Bool) { print("appearing") }
          func viewDidAppear(_ animated: Bool) {
            super.viewDidAppear(animated)
          }
        }
        """)
        XCTAssertEqual(swift.components(separatedBy: "super.viewDidLoad()").count, 2, swift)
        XCTAssertTrue(swift.contains("    override func viewWillAppear(_ animated: Bool) {\n        super.viewWillAppear(animated)\n        print(\"appearing\")\n"), swift)
        XCTAssertEqual(swift.components(separatedBy: "super.viewDidAppear(animated)").count, 2, swift)
        XCTAssertTrue(swift.contains("        print(\"loaded\")\n    }\n"), swift)
    }

    func testHeightsInDoubleBecomeCGFloat() throws {
        let swift = try emit("""
        table T {
          var h = 44.0
          func numberOfRows(inSection section: Int) -> Int { 1 }
          func heightForRow(at indexPath: IndexPath) -> Double { h }
          func heightForHeader(inSection section: Int) -> Double {
            if section == 0 { return 38 }
            return h / 2
          }
        }
        """)
        XCTAssertTrue(swift.contains("func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat {\n        CGFloat(h)\n"), swift)
        XCTAssertTrue(swift.contains("return 38\n"), swift)
        XCTAssertTrue(swift.contains("return CGFloat(h / 2)\n"), swift)
    }

    func testExpressionsKeepTheirMeaning() throws {
        let swift = try emit("""
        func f(_ a: Int, _ b: Int, _ c: Int?) -> Int {
          let x = (a + b) * 2 - (a - (b - 1))
          let y = -(a * b) + (c ?? 0)
          let s = "tab\\t\\"q\\" \\\\ \\(x + 1)\\n"
          let ok = !(a > b && b > 0) || a == 3
          return ok ? x + y + s.count : (a...b).count
        }
        """)
        XCTAssertTrue(swift.contains("let x = (a + b) * 2 - (a - (b - 1))"), swift)
        XCTAssertTrue(swift.contains("let y = -(a * b) + (c ?? 0)"), swift)
        XCTAssertTrue(swift.contains(#"let s = "tab\t\"q\" \\ \(x + 1)\n""#), swift)
        XCTAssertTrue(swift.contains("let ok = !(a > b && b > 0) || a == 3"), swift)
        XCTAssertTrue(swift.contains("return ok ? x + y + s.count : (a...b).count"), swift)
    }

    func testWriteCreatesTheFolderAndReplacesFilesWhole() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tablelab-emit-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("Model.swift").path
        XCTAssertNil(SwiftEmitter.write("first\n", to: path))
        XCTAssertNil(SwiftEmitter.write("second\n", to: path))
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "second\n")
        XCTAssertNotNil(SwiftEmitter.write("x", to: "/proc/no-such-folder/a/b.swift"))
    }

    func testAParseErrorIsReportedNotEmitted() {
        XCTAssertThrowsError(try emit("enum E { case a ")) { error in
            XCTAssertEqual((error as? Diagnostic)?.severity, .error)
        }
    }
}
