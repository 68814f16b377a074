// Diagnostics in swiftc's llvm style:
//
//     settings.tlab:42:7: error: switch must be exhaustive
//         switch item {
//         ^
//     settings.tlab:42:7: note: add missing case: '.donate'
//
// Every pass (parser, checker, interpreter) reports through these types so that one
// renderer decides the format.

/// A named piece of source text: a file, an `-e` argument, an interactive entry.
public final class SourceFile: Sendable {
    /// The name shown in diagnostics: a path, `<repl>`, `<stdin>`, `<-e>`.
    public let name: String
    public let text: String
    /// Lines without their terminators, for quoting in diagnostics.
    public let lines: [Substring]
    /// Added to every line number when this text continues an earlier one (interactive
    /// entries are numbered across the session: the third entry's first line may be 12).
    public let lineOffset: Int
    /// The files this text joins, each by its name and the line it starts at (1-based, in
    /// this text's numbering): a module's files compiled together (`:module`). Diagnostics
    /// name the file and line a location falls in. Empty for one file.
    public let parts: [Part]

    public struct Part: Sendable {
        public let name: String
        public let firstLine: Int
        public init(name: String, firstLine: Int) { self.name = name; self.firstLine = firstLine }
    }

    /// The name and line number shown for `line` of this text: its part's, when it joins several.
    public func displayedPlace(ofLine line: Int) -> (name: String, line: Int) {
        guard let part = parts.last(where: { $0.firstLine <= line }) else { return (name, line) }
        return (part.name, line - part.firstLine + 1)
    }

    /// swiftc's module name for the text: the file's name without its extension (what
    /// `swiftc name.swift` uses), or `main` when that is no identifier (`-e`, stdin).
    public var moduleName: String {
        var base = Substring(name)
        if let slash = base.lastIndex(of: "/") { base = base[base.index(after: slash)...] }
        if let dot = base.lastIndex(of: ".") { base = base[..<dot] }
        guard let first = base.first, first == "_" || first.isLetter,
              base.allSatisfy({ $0 == "_" || $0.isLetter || $0.isNumber }) else { return "main" }
        return String(base)
    }

    /// Whether `word` occurs anywhere in the text, as bytes. `String.contains(String)`
    /// goes through the generic substring searcher of _StringProcessing: asking it of the
    /// preludes at start-up cost 7 million instructions, a quarter of `tablelab -e ''`.
    public func mentions(_ word: String) -> Bool {
        let needle = Array(word.utf8)
        guard let first = needle.first else { return true }
        var text = self.text
        return text.withUTF8 { bytes in
            guard bytes.count >= needle.count else { return false }
            var i = 0
            let last = bytes.count - needle.count
            while i <= last {
                if bytes[i] == first {
                    var j = 1
                    while j < needle.count && bytes[i + j] == needle[j] { j += 1 }
                    if j == needle.count { return true }
                }
                i += 1
            }
            return false
        }
    }

    /// A UTF-8 byte order mark at the start of `text` is dropped (swiftc accepts one there).
    public init(name: String, text: String, lineOffset: Int = 0, parts: [Part] = []) {
        self.name = name
        self.parts = parts
        self.text = text.utf8.starts(with: [0xEF, 0xBB, 0xBF]) ? String(text.unicodeScalars.dropFirst()) : text
        self.lineOffset = lineOffset
        self.lines = SourceFile.splitLines(self.text)
    }

    /// The lines of `text` as the lexer counts them: each ends at `\n`, `\r\n` or a lone `\r`.
    /// Split on UTF-8 bytes: splitting by Character walks grapheme clusters and costs more
    /// than parsing the whole file.
    static func splitLines(_ text: String) -> [Substring] {
        var lines: [Substring] = []
        let utf8 = text.utf8
        var start = utf8.startIndex
        var i = start
        while i != utf8.endIndex {
            let b = utf8[i]
            if b == 0x0A || b == 0x0D {
                lines.append(text[start..<i])
                var next = utf8.index(after: i)
                if b == 0x0D, next != utf8.endIndex, utf8[next] == 0x0A { next = utf8.index(after: next) }
                start = next
                i = next
            } else {
                i = utf8.index(after: i)
            }
        }
        lines.append(text[start..<utf8.endIndex])
        return lines
    }

    /// The text a range covers (columns count Unicode scalars, as the lexer's do), lines
    /// joined by "\n"; nil when the range does not lie in this file.
    public func text(_ range: SourceRange) -> String? {
        guard range.start.line <= range.end.line else { return nil }
        var pieces: [String] = []
        for n in range.start.line...range.end.line {
            guard var scalars = line(n).map({ Array($0.unicodeScalars) }) else { return nil }
            if n - lineOffset == 1, scalars.first == "\u{FEFF}" { scalars.removeFirst() }
            let from = n == range.start.line ? range.start.column - 1 : 0
            let to = n == range.end.line ? range.end.column - 1 : scalars.count
            guard 0 <= from, from <= to, to <= scalars.count else { return nil }
            var piece = ""
            piece.unicodeScalars.append(contentsOf: scalars[from..<to])
            pieces.append(piece)
        }
        return pieces.joined(separator: "\n")
    }

    /// The text of a 1-based line (in this file's own numbering, before the offset).
    public func line(_ number: Int) -> Substring? {
        let i = number - 1 - lineOffset
        return lines.indices.contains(i) ? lines[i] : nil
    }
}

public enum Severity: String, Sendable {
    case error, warning, note
}

/// A diagnostic's identity, as swiftc's diagnostic IDs (`DiagnosticsSema.def`) and
/// swift-syntax's `MessageID`: code that reacts to a diagnostic asks for its ID and reads
/// its arguments, never its text, so rewording a message cannot change behaviour.
/// Each layer declares the IDs of its own messages (`extension DiagnosticID`).
public struct DiagnosticID: Hashable, Sendable, CustomStringConvertible {
    public let rawValue: String
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public var description: String { rawValue }

    /// A message that has not been given an identity of its own yet: nothing may decide
    /// anything by it (see `DiagnosticMessage`).
    public static let unclassified = DiagnosticID("unclassified")
}

/// What a diagnostic says, as data: an identity and the arguments its text is made from.
/// The text is made by `text` and nowhere else; a layer's messages are one enum with one
/// `text` switch, so its wording lives in one place (Lua's `luaG_*`, swiftc's `.def`).
public protocol DiagnosticMessage: Sendable, Hashable {
    var id: DiagnosticID { get }
    /// The message in swiftc's words.
    var text: String { get }
    /// The diagnostic group swiftc 6.3 names after a warning (`[#no-usage]`); nil for none.
    var group: String? { get }
}

extension DiagnosticMessage {
    public var group: String? { nil }
}

/// A message given as text only. No product code makes one any more (every layer's messages
/// are enum cases; the identity tests scan the syntax module and the simulator for it): it
/// stays for tests that render a diagnostic of arbitrary text, and nothing may test its ID.
public struct UnclassifiedMessage: DiagnosticMessage, Hashable {
    public let text: String
    public init(_ text: String) { self.text = text }
    public var id: DiagnosticID { .unclassified }
}

/// One message at one place, with its notes and, for run-time errors, a call trace.
public struct Diagnostic: Error, Sendable {
    public var severity: Severity
    /// What it says, as data; `id` and `message` are read from it.
    public var content: any DiagnosticMessage
    public var location: SourceLocation
    /// The file the location refers to; nil when the renderer should use the current one.
    public var file: SourceFile?
    public var notes: [Diagnostic]
    /// Innermost first: `in didSelectRow(at:)`, `from :select 0 4`.
    public var trace: [String]
    /// Whether the renderer quotes the source line with a caret under it. An explorer
    /// command's own error is one line: the command is what was just typed.
    public var quotesSource = true

    public var id: DiagnosticID { content.id }
    /// The text, for the renderer and for people; code decides by `id` and `content`.
    /// Local types by the names written (LocalTypeScoping.swift).
    public var message: String { LocalTypeNames.display(content.text) }

    public init(_ severity: Severity, _ content: any DiagnosticMessage, at location: SourceLocation,
                in file: SourceFile? = nil, notes: [Diagnostic] = [], trace: [String] = []) {
        self.severity = severity; self.content = content; self.location = location
        self.file = file; self.notes = notes; self.trace = trace
    }

    public init(_ severity: Severity, _ message: String, at location: SourceLocation,
                in file: SourceFile? = nil, notes: [Diagnostic] = [], trace: [String] = []) {
        self.init(severity, UnclassifiedMessage(message), at: location, in: file, notes: notes, trace: trace)
    }

    /// What makes two reports one: file, place, severity, and the message's identity and
    /// arguments. Code that shows a report once compares these, never the text.
    public struct Identity: Hashable {
        let file: String
        let location: SourceLocation
        let severity: Severity
        let message: AnyHashable
    }

    /// This report's identity; `file` stands for the file when the diagnostic names none.
    public func identity(file fallback: SourceFile? = nil) -> Identity {
        Identity(file: (file ?? fallback)?.name ?? "", location: location, severity: severity, message: AnyHashable(content))
    }

    public static func error(_ content: any DiagnosticMessage, at location: SourceLocation, in file: SourceFile? = nil,
                             notes: [Diagnostic] = []) -> Diagnostic {
        Diagnostic(.error, content, at: location, in: file, notes: notes)
    }
    public static func warning(_ content: any DiagnosticMessage, at location: SourceLocation, in file: SourceFile? = nil,
                               notes: [Diagnostic] = []) -> Diagnostic {
        Diagnostic(.warning, content, at: location, in: file, notes: notes)
    }
    public static func note(_ content: any DiagnosticMessage, at location: SourceLocation, in file: SourceFile? = nil) -> Diagnostic {
        Diagnostic(.note, content, at: location, in: file)
    }
    public static func error(_ message: String, at location: SourceLocation, in file: SourceFile? = nil,
                             notes: [Diagnostic] = []) -> Diagnostic {
        Diagnostic(.error, message, at: location, in: file, notes: notes)
    }
    public static func warning(_ message: String, at location: SourceLocation, in file: SourceFile? = nil,
                               notes: [Diagnostic] = []) -> Diagnostic {
        Diagnostic(.warning, message, at: location, in: file, notes: notes)
    }
    public static func note(_ message: String, at location: SourceLocation, in file: SourceFile? = nil) -> Diagnostic {
        Diagnostic(.note, message, at: location, in: file)
    }
}

/// Renders diagnostics as text. Colour is the caller's choice (the language layer knows
/// nothing of terminals; the command line decides from isatty/NO_COLOR/--color).
public struct DiagnosticRenderer: Sendable {
    public var useColor: Bool
    public init(useColor: Bool = false) { self.useColor = useColor }

    public func render(_ d: Diagnostic, defaultFile: SourceFile? = nil) -> String {
        var out = ""
        renderOne(d, defaultFile: defaultFile, quoteSource: d.quotesSource, into: &out)
        for n in d.notes {
            // Notes at the same place as their error are not quoted again (as swiftc does).
            let sameSpot = n.location == d.location && (n.file ?? d.file) === (d.file)
            renderOne(n, defaultFile: d.file ?? defaultFile, quoteSource: !sameSpot, into: &out)
        }
        out += Self.foldTrace(d.trace).map { "  \(Self.terminalSafe(LocalTypeNames.display($0)))\n" }.joined()
        return out
    }

    /// The trace is meant to be short: a run of identical frames (deep recursion) is
    /// shown once with a count, and at most `maxFrames` lines are shown in all.
    static func foldTrace(_ trace: [String], maxFrames: Int = 8) -> [String] {
        var lines: [String] = []
        var i = 0
        while i < trace.count {
            var j = i + 1
            while j < trace.count && trace[j] == trace[i] { j += 1 }
            lines.append(trace[i])
            if j - i > 1 { lines.append("... \(trace[i]) repeated \(j - i - 1) more time\(j - i - 1 == 1 ? "" : "s")") }
            i = j
        }
        if lines.count > maxFrames {
            let hidden = lines.count - maxFrames
            lines = Array(lines.prefix(maxFrames - 1)) + ["... \(hidden + 1) more"] 
        }
        return lines
    }

    private func renderOne(_ d: Diagnostic, defaultFile: SourceFile?, quoteSource: Bool, into out: inout String) {
        let file = d.file ?? defaultFile
        let shown = file?.displayedPlace(ofLine: d.location.line)
        let name = Self.terminalSafe(shown?.name ?? "<unknown>")
        let label: String
        switch d.severity {
        case .error: label = paint("error:", "1;31")
        case .warning: label = paint("warning:", "1;35")
        case .note: label = paint("note:", "1;30")
        }
        let place = d.location == .unknown ? name : "\(name):\(shown?.line ?? d.location.line):\(d.location.column)"
        let group = d.content.group.map { " [#\($0)]" } ?? ""
        out += paint(place + ":", "1") + " " + label + " " + paint(Self.terminalSafe(d.message, keepingNewlines: true), "1") + group + "\n"
        if quoteSource, d.location != .unknown, let file, let line = file.line(d.location.line) {
            // Keep tabs so the caret lines up under the same glyph; a control character
            // is shown escaped, and the caret counts its escape's width.
            var quoted = ""
            var caret = ""
            for (i, ch) in line.unicodeScalars.enumerated() {
                let shown = Self.escape(ch)
                if let shown { quoted += shown } else { quoted.unicodeScalars.append(ch) }
                guard i < d.location.column - 1 else { continue }
                if ch == "\t" { caret += "\t" } else { caret += String(repeating: " ", count: shown?.count ?? 1) }
            }
            out += quoted + "\n"
            out += caret + paint("^", "1;32") + "\n"
        }
    }

    /// `text` made safe to show on a terminal: a control character (C0 but tab and, with
    /// `keepingNewlines`, newline; DEL; C1) or a bidirectional-override character is written
    /// as a Swift escape (`\u{1B}`, `\0`, `\r`), so that text quoted from a script (a source
    /// line, a string in a message) cannot send escape sequences to the terminal or reorder
    /// what it shows.
    public static func terminalSafe(_ text: some StringProtocol, keepingNewlines: Bool = false) -> String {
        guard text.unicodeScalars.contains(where: { escape($0) != nil && !(keepingNewlines && $0 == "\n") }) else {
            return String(text)
        }
        var out = ""
        for scalar in text.unicodeScalars {
            if keepingNewlines && scalar == "\n" { out += "\n"; continue }
            if let shown = escape(scalar) { out += shown } else { out.unicodeScalars.append(scalar) }
        }
        return out
    }

    /// The escape shown for a scalar that must not reach the terminal as it is; nil for
    /// every other scalar (tab included).
    static func escape(_ scalar: Unicode.Scalar) -> String? {
        switch scalar.value {
        case 0x09: return nil
        case 0x00: return "\\0"
        case 0x0A: return "\\n"
        case 0x0D: return "\\r"
        case 0x01...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069:
            return "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
        default: return nil
        }
    }

    private func paint(_ s: String, _ code: String) -> String {
        useColor ? "\u{1B}[\(code)m\(s)\u{1B}[0m" : s
    }
}
