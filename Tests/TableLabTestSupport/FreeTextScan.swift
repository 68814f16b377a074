import Foundation

/// The scan behind the identity tests of each layer (issue 8: every diagnostic has an
/// identity, so code reacts to what an error is, never to its wording): a module's Swift
/// sources, the lines that make a diagnostic from text, and the message IDs that more
/// than one case claims. Each layer's test says which patterns are text for it.
public struct FreeTextScan: Sendable {
    /// `Sources/MODULE` of this package.
    public let root: URL
    /// Files (relative to `root`) the scan leaves out.
    public let excluded: Set<String>
    public let patterns: [NSRegularExpression]

    /// The ways every layer can make a diagnostic from text: `UnclassifiedMessage`, and
    /// `Diagnostic`'s initializers and factories given a string literal or an interpolation.
    public static let diagnosticPatterns = [
        #"\bUnclassifiedMessage\b"#,
        #"(?:\bDiagnostic)?\.(error|warning|note)\(\s*""#,
        #"\bDiagnostic\(\s*\.(error|warning|note)\s*,\s*""#,
    ]

    public init(module: String, patterns: [String], excluding excluded: Set<String> = []) {
        root = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/\(module)")
        self.excluded = excluded
        self.patterns = patterns.map { try! NSRegularExpression(pattern: $0) }
    }

    /// The module's Swift files, by path below `root`, in order.
    public func sourceFiles() throws -> [(name: String, text: String)] {
        guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { return [] }
        var files: [(String, String)] = []
        for case let url as URL in walker where url.pathExtension == "swift" {
            let name = url.path.replacingOccurrences(of: root.path + "/", with: "")
            if excluded.contains(name) { continue }
            files.append((name, try String(contentsOf: url, encoding: .utf8)))
        }
        return files.sorted { $0.0 < $1.0 }
    }

    /// The lines (from 1) of `text` that match a pattern; comments do not count.
    public func freeTextErrors(in text: String) -> [Int] {
        var lines: [Int] = []
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = String(rawLine)
            let code = line.range(of: "//").map { String(line[..<$0.lowerBound]) } ?? line
            let range = NSRange(code.startIndex..., in: code)
            if patterns.contains(where: { $0.firstMatch(in: code, range: range) != nil }) { lines.append(index + 1) }
        }
        return lines
    }

    /// `FILE:LINE` of every line of the module that makes a diagnostic from text.
    public func freeTextErrors(in files: [(name: String, text: String)]) -> [String] {
        files.flatMap { file in freeTextErrors(in: file.text).map { "\(file.name):\($0)" } }
    }

    /// Each `DiagnosticID` the message switches of `files` return, with the cases
    /// (`FILE: .case`) that return it.
    public static func messageIDOwners(in files: [(name: String, text: String)]) throws -> [String: [String]] {
        let id = try NSRegularExpression(pattern: #"case \.(\w+)[^\n]*?: return DiagnosticID\("([^"]+)"\)"#)
        var owners: [String: [String]] = [:]
        for (name, text) in files {
            for m in id.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                let caseName = String(text[Range(m.range(at: 1), in: text)!])
                owners[String(text[Range(m.range(at: 2), in: text)!]), default: []].append("\(name): .\(caseName)")
            }
        }
        return owners
    }
}
