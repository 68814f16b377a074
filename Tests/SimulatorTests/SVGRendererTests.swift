import XCTest
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import TableLabSyntax
@testable import TableLabSimulator

/// `:show --svg`: the picture is well-formed XML with exactly the texts the screen shows,
/// sized to the device, and (where librsvg is installed) renders to the reference PNGs.
final class SVGRendererTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let examples = ["settings", "cell-types", "editable-list", "form", "navigation"]

    /// Runs a script in a fresh explorer, then the entries after it; returns the explorer.
    func explorer(_ text: String, name: String = "test.tlab", then entries: [String] = []) throws -> Explorer {
        let explorer = Explorer()
        explorer.output = { _ in }
        try explorer.runScript(SourceFile(name: name, text: text))
        for entry in entries { try explorer.runScript(SourceFile(name: "<entry>", text: entry)) }
        return explorer
    }

    func example(_ name: String, then entries: [String] = []) throws -> Explorer {
        let url = Self.root.appendingPathComponent("examples/\(name).tlab")
        return try explorer(try String(contentsOf: url, encoding: .utf8), name: url.path, then: entries)
    }

    func fixture(_ path: String) throws -> Explorer {
        let url = Self.root.appendingPathComponent(path + ".tlab")
        return try explorer(try String(contentsOf: url, encoding: .utf8), name: url.path)
    }

    /// The SVG parsed as XML: the root's attributes and every <text>'s content, in order.
    struct Parsed {
        var rootAttributes: [String: String] = [:]
        var texts: [String] = []
        var title = ""
        var elementNames: Set<String> = []
    }

    final class Collector: NSObject, XMLParserDelegate {
        var parsed = Parsed()
        var current: String?
        var inTitle = false
        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
                    qualifiedName: String?, attributes: [String: String] = [:]) {
            parsed.elementNames.insert(name)
            if name == "svg" { parsed.rootAttributes = attributes }
            if name == "text" { current = "" }
            if name == "title" { inTitle = true }
        }
        func parser(_ parser: XMLParser, foundCharacters string: String) {
            if current != nil { current! += string }
            if inTitle { parsed.title += string }
        }
        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            if name == "text", let text = current { parsed.texts.append(text); current = nil }
            if name == "title" { inTitle = false }
        }
    }

    func parse(_ svg: String, file: StaticString = #filePath, line: UInt = #line) -> Parsed {
        let parser = XMLParser(data: Data(svg.utf8))
        let collector = Collector()
        parser.delegate = collector
        XCTAssertTrue(parser.parse(), "not well-formed XML: \(parser.parserError.map { "\($0)" } ?? "?")", file: file, line: line)
        return collector.parsed
    }

    func testTheFirstOriginalShowsItsTextsAndNothingElse() throws {
        let parsed = parse(try example("settings").svgPicture())
        XCTAssertEqual(parsed.rootAttributes["width"], "390")
        XCTAssertEqual(parsed.rootAttributes["height"], "844")
        XCTAssertEqual(parsed.rootAttributes["xmlns"], "http://www.w3.org/2000/svg")
        XCTAssertEqual(parsed.title, "SettingsViewController")
        // The status bar's clock, the navigation title, the upper-cased header, then each
        // cell's labels; the Rate row's blank, fully transparent detail draws nothing.
        XCTAssertEqual(parsed.texts, [
            "SettingsViewController", "9:41",
            "ACCOUNT",
            "Manage Coach IDs",
            "Active Coach ID", "C-1042",
            "Default Country", "United States",
            "About the Developer 💪🤓",
            "☕️☕️☕️?",
            "Rate BB Links ⭐️⭐️⭐️⭐️⭐️",
            "Share BB Links 🗣👥", "Know a coach who would love this app?",
        ])
        // No external resources: no images, links, styles or scripts.
        XCTAssertTrue(parsed.elementNames.isDisjoint(with: ["image", "a", "use", "style", "script", "foreignObject"]))
    }

    func testEveryExampleIsWellFormedAndDrawsItsFooters() throws {
        for name in Self.examples {
            let parsed = parse(try example(name).svgPicture())
            XCTAssertFalse(parsed.texts.isEmpty, name)
        }
        let form = parse(try example("form").svgPicture())
        XCTAssertTrue(form.texts.contains("Choose any number of alert styles."))
        XCTAssertEqual(Array(form.texts.prefix(3)), ["Notifications", "9:41", "TONE"])
        XCTAssertTrue(form.texts.contains("No blocked contacts"))
    }

    func testAPushedTableHasABackButtonWithThePreviousTitle() throws {
        let parsed = parse(try example("navigation", then: [":select 0 0"]).svgPicture())
        XCTAssertEqual(Array(parsed.texts.prefix(2)), ["Mailboxes", "Inbox"])
        // Inbox is a plain table (UIKit's default style): its header keeps its case.
        XCTAssertTrue(parsed.texts.contains("3 messages"))
    }

    func testTheDeviceSizesThePicture() throws {
        let se = parse(try example("form", then: [":device iPhone SE"]).svgPicture())
        XCTAssertEqual(se.rootAttributes["width"], "375")
        XCTAssertEqual(se.rootAttributes["height"], "667")
        let pad = parse(try example("form", then: [":device iPad"]).svgPicture())
        XCTAssertEqual(pad.rootAttributes["viewBox"], "0 0 820 1180")
    }

    func testMarkupAndControlCharactersInLabelsAreEscapedOrDropped() throws {
        let script = #"""
        table Hostile {
          var title = "A <b> & \"c\" 'd'"
          func numberOfRows(inSection section: Int) -> Int { 1 }
          func titleForFooter(inSection section: Int) -> String? { "]]> </svg>" }
          func cellForRow(at indexPath: IndexPath) -> Cell {
            let cell = dequeueReusableCell(withIdentifier: "BasicCell", for: indexPath)
            cell.textLabel?.text = "<script>x</script>\u{1B}[31m\u{0}\u{7}&amp;"
            return cell
          }
        }
        """#
        let svg = try explorer(script).svgPicture()
        let parsed = parse(svg)
        XCTAssertEqual(parsed.title, "A <b> & \"c\" 'd'")
        XCTAssertEqual(parsed.texts, ["A <b> & \"c\" 'd'", "9:41", "<script>x</script>[31m&amp;", "]]> </svg>"])
        XCTAssertFalse(svg.contains("<script>"))
        XCTAssertFalse(svg.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
    }

    func testWideCharactersAreMeasuredAsTheTerminalCountsThem() {
        // Two columns in the terminal, one em in the picture.
        XCTAssertEqual(SVGTextMetrics.width("表", size: 17), 17)
        XCTAssertEqual(SVGTextMetrics.width("☕️", size: 17), 17)
        XCTAssertEqual(SVGTextMetrics.width("👩‍👩‍👧", size: 10), 10)
        XCTAssertEqual(SVGTextMetrics.width("e\u{301}", size: 10), SVGTextMetrics.width("e", size: 10))
        XCTAssertLessThan(SVGTextMetrics.width("iiii", size: 17), SVGTextMetrics.width("MMMM", size: 17))
    }

    func testLongLabelsAreCutWithAnEllipsisToTheirRoom() throws {
        let long = String(repeating: "Wide 表 label ", count: 8)
        let script = """
        table Long {
          var items = ["\(long)"]
        }
        """
        let parsed = parse(try explorer(script).svgPicture())
        let label = try XCTUnwrap(parsed.texts.last)
        XCTAssertTrue(label.hasSuffix("…"), label)
        XCTAssertTrue(long.hasPrefix(String(label.dropLast())))
        // The cell's text room in a plain table (UIKit's default style): the screen less the
        // content insets.
        let room: Double = 390 - 32
        let width = SVGTextMetrics.width(label, size: 17)
        XCTAssertLessThanOrEqual(width, room)
        XCTAssertGreaterThan(width, room - 40)
    }

    func testFootersWrapToTheGroupsWidth() {
        let lines = SVGTextMetrics.wrap("one two three four five six seven eight nine ten", size: 13, width: 100)
        XCTAssertGreaterThan(lines.count, 2)
        for line in lines { XCTAssertLessThanOrEqual(SVGTextMetrics.width(line, size: 13), 100, line) }
        XCTAssertEqual(lines.joined(separator: " "), "one two three four five six seven eight nine ten")
    }

    func testNonFiniteAndNegativeHeightsDrawNothingAndBreakNothing() {
        let snapshot = TableSnapshot(name: "Odd", sections: [
            SectionSnapshot(headerTitle: "Gone", footerTitle: "Gone too", headerHeight: .nan, footerHeight: .infinity,
                            rows: Fixtures.rows(0, [Fixtures.basic("NaN row"), Fixtures.basic("Negative row"), Fixtures.basic("Kept")],
                                                heights: [.nan, -20, 44])),
        ])
        let svg = SVGRenderer().render(snapshot)
        let parsed = parse(svg)
        XCTAssertEqual(parsed.texts, ["Odd", "9:41", "Kept"])
        XCTAssertFalse(svg.lowercased().contains("nan"))
        XCTAssertFalse(svg.contains("inf"))
    }

    func testTheStylesDrawTheirGroups() throws {
        let snapshot = Fixtures.settings
        let inset = SVGRenderer(style: .insetGrouped).render(snapshot)
        let grouped = SVGRenderer(style: .grouped).render(snapshot)
        let plain = SVGRenderer(style: .plain).render(snapshot)
        XCTAssertTrue(inset.contains("rx=\"10\" fill=\"#FFFFFF\""))   // rounded groups
        XCTAssertFalse(grouped.contains("rx=\"10\" fill=\"#FFFFFF\""))
        XCTAssertTrue(inset.contains("fill=\"#F2F2F7\""))
        XCTAssertFalse(plain.contains("fill=\"#F2F2F7\""))
        XCTAssertTrue(parse(plain).texts.contains("Account"))         // plain headers keep their case
        XCTAssertTrue(parse(grouped).texts.contains("ACCOUNT"))
    }

    func testShowWritesTheFileAndRefusesBadOptions() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tablelab-svg-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("form.svg").path
        let form = try example("form")
        var printed = ""
        form.output = { printed += $0 }
        try form.runCommand("show", words: ["--svg", path])
        XCTAssertEqual(printed, "wrote \(path): Notifications, iPhone 15, 390x844 points\n")
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), try form.svgPicture())
        XCTAssertThrowsError(try form.runCommand("show", words: ["--svg"]))
        XCTAssertThrowsError(try form.runCommand("show", words: ["--style", "fancy", "--svg", path])) { error in
            XCTAssertEqual((error as? Diagnostic)?.message, "unknown table style 'fancy'; the styles are: plain, grouped, insetGrouped")
        }
        XCTAssertThrowsError(try form.runCommand("show", words: ["--json", "--svg", path]))
    }

    // MARK: - Rendered by librsvg, compared with the references

    static func tool(_ name: String) -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for dir in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(dir)).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }

    /// The examples' pictures, rasterised by rsvg-convert, against Tests/Fixtures/svg/*.png.
    /// The references were rendered here with the DejaVu fonts (Debian's default; SF Pro is
    /// not on Linux): a machine with other fonts draws other glyphs, which the tolerance of
    /// 1% of the pixels does not cover. `TABLELAB_UPDATE_PNG=1` rewrites the references.
    func testThePicturesRenderAsTheReferences() throws {
        guard PNGConverter.isAvailable else {
            throw XCTSkip("rsvg-convert is not installed (Debian: librsvg2-bin; scripts/setup installs it): the PNG comparison is skipped")
        }
        guard let python = Self.tool("python3") else { throw XCTSkip("python3 is not installed: the PNG comparison is skipped") }
        let fixtures = Self.root.appendingPathComponent("Tests/Fixtures/svg")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tablelab-png-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var cases = Self.examples.map { ($0, $0, [String]()) }
        cases.append(("navigation", "navigation-inbox", [":select 0 0"]))
        cases.append(("form", "form-iphone-se", [":device iPhone SE"]))
        cases.append(("Tests/Fixtures/svg/rich-cells", "rich-cells", []))
        cases.append(("Tests/Fixtures/svg/empty-state", "empty-state", []))
        for (name, reference, entries) in cases {
            let svg = try (name.contains("/") ? fixture(name) : example(name, then: entries)).svgPicture()
            let png: [UInt8]
            switch PNGConverter.convert(svg) {
            case .success(let bytes): png = bytes
            case .failure(let error): XCTFail("\(reference): \(error.message)"); continue
            }
            let actual = folder.appendingPathComponent(reference + ".png")
            try Data(png).write(to: actual)
            let expected = fixtures.appendingPathComponent(reference + ".png")
            if ProcessInfo.processInfo.environment["TABLELAB_UPDATE_PNG"] == "1" {
                try Data(png).write(to: expected)
                continue
            }
            let process = Process()
            process.executableURL = python
            process.arguments = [fixtures.appendingPathComponent("compare_png.py").path, actual.path, expected.path]
            let pipe = Pipe()
            process.standardOutput = pipe
            try process.run()
            let report = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            XCTAssertEqual(process.terminationStatus, 0, "\(reference).png differs from its reference: \(report)")
        }
    }

    /// Images, accessory views and outlets are drawn, not refused: an image's placeholder
    /// glyph (named in its title) before the text, which moves right by UIKit's image column
    /// (29 points and 16 of padding) with the separator; a UISwitch of 51 points at the
    /// trailing edge, green when on; the nib cell's outlets laid out as such a cell is, the
    /// image view leading, the switch trailing, the labels stacked between in order.
    func testImagesAccessoryViewsAndOutletsAreDrawn() throws {
        let svg = try fixture("Tests/Fixtures/svg/rich-cells").svgPicture()
        let parsed = parse(svg)
        XCTAssertEqual(parsed.texts.filter { !["9:41", "Settings"].contains($0) },
                       ["Airplane Mode", "Wi-Fi", "Bluetooth", "Ada Lovelace", "Engines"])
        for title in ["image airplane", "image wifi", "image bluetooth", "image person.crop.circle"] {
            XCTAssertEqual(svg.components(separatedBy: "<title>\(title)</title>").count, 2, title)
        }
        XCTAssertEqual(svg.components(separatedBy: "<title>UISwitch on</title>").count, 3)
        XCTAssertEqual(svg.components(separatedBy: "<title>UISwitch off</title>").count, 2)
        // iPhone 15, inset grouped: the group 16 points in, the text 16 more; after the
        // image, 16 + 16 + 29 + 16 = 77. The switch ends at the content's edge: 390 - 32 - 51.
        // The table starts under the bars (54 + 44) and a header without a title (18): the
        // first row's middle is at 116 + 22 = 138, its text's baseline 6 below.
        XCTAssertTrue(svg.contains("<text x=\"77\" y=\"144\" font-size=\"17\" fill=\"#000000\">Airplane Mode</text>"), svg)
        XCTAssertTrue(svg.contains("<rect x=\"307\" y=\"122.5\" width=\"51\" height=\"31\" rx=\"15.5\" fill=\"#34C759\"/>"), svg)
        // The separator under the first row starts at the text, as UIKit moves it.
        XCTAssertTrue(svg.contains("<rect x=\"77\" y=\"159.5\" width=\"297\" height=\"0.5\""), svg)
        // The nib cell (88 points): a 60-point image view at the leading edge, the labels
        // after it (32 + 60 + 12 = 104), two lines of 22 points centred in the cell.
        let cellTop: Double = 284  // 98 + 18 + 3 × 44 + 18 (footer) + 18 (header)
        let first: Double = cellTop + 44 - 11 + 5.95, second: Double = cellTop + 44 + 11 + 5.95
        let name = "<text x=\"104\" y=\"" + SVGRenderer.number(first) + "\" font-size=\"17\" fill=\"#000000\">Ada Lovelace</text>"
        let role = "<text x=\"104\" y=\"" + SVGRenderer.number(second) + "\" font-size=\"17\" fill=\"#000000\">Engines</text>"
        XCTAssertTrue(svg.contains(name), name + "\n" + svg)
        XCTAssertTrue(svg.contains(role), role + "\n" + svg)
    }

    /// The empty state a table view's `backgroundView` shows (a label centred in the table
    /// below the bars); a tableHeaderView above the first section, its frame's height
    /// (60 points) moving the rows down; a tableFooterView below the last.
    func testEmptyStatesAndTheTablesHeaderAndFooterViewsAreDrawn() throws {
        let empty = try explorer("""
        class Inbox: UITableViewController {
            var messages: [String] = []
            override func viewDidLoad() {
                super.viewDidLoad()
                let label = UILabel()
                label.text = "No messages"
                label.textAlignment = .center
                tableView.backgroundView = label
            }
            override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { messages.count }
        }
        """).svgPicture()
        // The table below the bars (54 + 44 = 98) to the bottom (844): its middle is 471.
        XCTAssertTrue(empty.contains("<text x=\"195\" y=\"476.95\" font-size=\"17\" text-anchor=\"middle\" fill=\"#000000\">No messages</text>"), empty)
        XCTAssertEqual(parse(empty).texts, ["Inbox", "9:41", "No messages"])
        let ends = try explorer("""
        table Search {
          var items = ["One", "Two"]
          func viewDidLoad() {
            let header = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 60))
            let title = UILabel()
            title.text = "Recent searches"
            header.addSubview(title)
            tableView.tableHeaderView = header
            let clear = UIButton(type: .system)
            clear.setTitle("Clear", for: .normal)
            let footer = UIView()
            footer.addSubview(clear)
            tableView.tableFooterView = footer
          }
        }
        """).svgPicture()
        XCTAssertEqual(parse(ends).texts, ["Search", "9:41", "Recent searches", "One", "Two", "Clear"])
        // The header from 98 to 158; the rows after it (the first's baseline 158 + 22 + 6);
        // the footer (no frame: one row high) after the last row, in the tint colour.
        XCTAssertTrue(ends.contains(">Recent searches</text>") && ends.contains("y=\"133.95\" font-size=\"17\" fill=\"#000000\">Recent searches"), ends)
        XCTAssertTrue(ends.contains("<text x=\"16\" y=\"186\" font-size=\"17\" fill=\"#000000\">One</text>"), ends)
        XCTAssertTrue(ends.contains("<text x=\"16\" y=\"273.95\" font-size=\"17\" fill=\"#007AFF\">Clear</text>"), ends)
    }

    /// Each accessory's glyph: the disclosure chevron in tertiary grey, the checkmark in the
    /// tint, the info button's circle, and both for the detail disclosure button; the text
    /// room ends before it.
    func testEveryAccessoryHasItsGlyph() {
        let snapshot = TableSnapshot(name: "Accessories", sections: [
            SectionSnapshot(headerTitle: nil, footerTitle: nil, headerHeight: 0, footerHeight: 0,
                            rows: Fixtures.rows(0, [Fixtures.basic("Chevron", accessory: .disclosureIndicator),
                                                    Fixtures.basic("Check", accessory: .checkmark),
                                                    Fixtures.basic("Info", accessory: .detailButton),
                                                    Fixtures.basic("Both", accessory: .detailDisclosureButton),
                                                    Fixtures.basic("None")])),
        ], style: .plain)
        let svg = SVGRenderer(style: .plain).render(snapshot)
        XCTAssertEqual(parse(svg).texts, ["Accessories", "9:41", "Chevron", "Check", "Info", "Both", "None"])
        XCTAssertEqual(svg.components(separatedBy: "stroke=\"#C4C4C7\"").count - 1, 2, svg)   // two chevrons
        XCTAssertEqual(svg.components(separatedBy: "r=\"10\" fill=\"none\" stroke=\"#007AFF\"").count - 1, 2, svg)  // two info buttons
        XCTAssertEqual(svg.components(separatedBy: "<path d=\"M 360.5 ").count - 1, 1, svg)  // the checkmark, 14 points before the edge
    }

    /// `tablelab show FILE --svg OUT --png OUT --scale 2`: both files, the PNG rasterised
    /// by rsvg-convert at twice the points, which it says.
    func testBatchShowWritesTheSVGAndThePNG() throws {
        guard PNGConverter.isAvailable else {
            throw XCTSkip("rsvg-convert is not installed (Debian: librsvg2-bin; scripts/setup installs it): --png is not tested")
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tablelab-png-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let svgPath = folder.appendingPathComponent("settings.svg").path
        let pngPath = folder.appendingPathComponent("settings.png").path
        let binary = Self.root.appendingPathComponent(".build/debug/tablelab")
        guard FileManager.default.isExecutableFile(atPath: binary.path) else { throw XCTSkip("no built tablelab at \(binary.path)") }
        let process = Process()
        process.executableURL = binary
        process.arguments = ["show", Self.root.appendingPathComponent("examples/settings.tlab").path,
                             "--svg", svgPath, "--png", pngPath, "--scale", "2"]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let said = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, said)
        XCTAssertEqual(said, "wrote \(svgPath): SettingsViewController, iPhone 15, 390x844 points\n"
                       + "wrote \(pngPath): SettingsViewController, iPhone 15, 780x1688 pixels\n")
        XCTAssertEqual(try String(contentsOfFile: svgPath, encoding: .utf8), try example("settings").svgPicture())
        // The PNG's signature, then its IHDR chunk: width and height, big-endian.
        let png = [UInt8](try Data(contentsOf: URL(fileURLWithPath: pngPath)))
        XCTAssertEqual(Array(png.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        func word(_ at: Int) -> Int { png[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
        XCTAssertEqual(word(16), 780)
        XCTAssertEqual(word(20), 1688)
    }

    func testTheComparisonNoticesADifferentPicture() throws {
        guard PNGConverter.isAvailable, let python = Self.tool("python3") else {
            throw XCTSkip("rsvg-convert or python3 is not installed: the PNG comparison is skipped")
        }
        let fixtures = Self.root.appendingPathComponent("Tests/Fixtures/svg")
        let process = Process()
        process.executableURL = python
        process.arguments = [fixtures.appendingPathComponent("compare_png.py").path,
                             fixtures.appendingPathComponent("settings.png").path,
                             fixtures.appendingPathComponent("form.png").path]
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 1)
    }
}
