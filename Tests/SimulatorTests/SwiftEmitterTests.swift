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

    /// Examples that are Swift of an older version on purpose, which Xcode today rejects as
    /// written: the first original as the article has it, a view controller in Swift 2's
    /// spellings (its table form, settings.tlab, is emitted in today's spellings).
    static let notTodaysSwift: Set<String> = ["settings-viewcontroller.tlab"]

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
            "        title = \"SettingsViewController\"",
            "    // Goes to product detail when cell tapped",
            "// Left out: 2 top-level statements or commands (what the script does in TableLab, not in an app).",
        ] {
            XCTAssertTrue(swift.contains(expected + "\n"), "missing: \(expected)\n\(swift)")
        }
        XCTAssertFalse(swift.contains(":use"))
        XCTAssertFalse(swift.contains("table SettingsViewController"))
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
