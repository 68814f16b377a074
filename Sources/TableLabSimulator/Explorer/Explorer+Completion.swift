// Tab completion for the interactive session: commands, their arguments (tables, files,
// topics, devices), names in scope, members after `.`, enum cases after a bare `.`.
import TableLabLanguage

/// Candidates for the word being typed at the end of a line.
public struct Completion: Equatable, Sendable {
    /// The text at the end of the line that a candidate replaces (may be empty).
    public var prefix: String
    /// Whole replacements for `prefix`, sorted, without duplicates.
    public var candidates: [String]

    public init(prefix: String, candidates: [String]) {
        self.prefix = prefix
        self.candidates = candidates
    }
}

extension Explorer {
    static let keywords = [
        "let", "var", "func", "enum", "struct", "table", "case", "switch", "default", "if", "else", "guard",
        "for", "in", "while", "repeat", "return", "break", "continue", "fallthrough", "true", "false", "nil",
        "self", "static", "mutating", "where", "extension",
    ]

    /// Completions for the end of `line` (the text before the cursor).
    public func completions(for line: String) -> Completion {
        let trimmed = line.drop { $0 == " " || $0 == "\t" }
        if trimmed.hasPrefix(":") {
            return commandCompletion(String(trimmed))
        }
        return codeCompletion(line)
    }

    func commandCompletion(_ line: String) -> Completion {
        guard let space = line.firstIndex(where: { $0 == " " || $0 == "\t" }) else {
            let typed = String(line.dropFirst())
            let names = Self.commands.flatMap(\.names).filter { $0.first!.isLetter && $0.hasPrefix(typed) }
            return Completion(prefix: line, candidates: Set(names.map { ":" + $0 }).sorted())
        }
        let name = String(line[line.index(after: line.startIndex)..<space])
        let rest = String(line[line.index(after: space)...].drop { $0 == " " || $0 == "\t" })
        let lastWord = String(rest.reversed().prefix { $0 != " " && $0 != "\t" }.reversed())
        func matching(_ options: [String], _ typed: String) -> Completion {
            Completion(prefix: typed, candidates: Set(options.filter { $0.hasPrefix(typed) }).sorted())
        }
        switch Self.command(named: name)?.names.first {
        case "use", "show", "heights":
            return matching(interpreter.tableNames + (name == "show" ? ["--json", "--width"] : []), lastWord)
        case "load", "save":
            return fileCompletion(rest)
        case "help":
            return matching(Self.commands.map { $0.names[0] } + HelpTopics.all.map(\.name), lastWord)
        case "info", "type":
            return matching(interpreter.namesInScope, identifierSuffix(rest))
        case "trace":
            return matching(["on", "off"], lastWord)
        case "device":
            return Completion(prefix: rest, candidates: Device.all.map(\.name).filter {
                Device.normalized($0).hasPrefix(Device.normalized(rest))
            })
        default:
            return Completion(prefix: lastWord, candidates: [])
        }
    }

    /// `:load exa` → `examples/`; directories end with `/`, scripts end in `.tlab`.
    func fileCompletion(_ typed: String) -> Completion {
        let directory: String
        let partial: String
        if let slash = typed.lastIndex(of: "/") {
            directory = String(typed[...slash])
            partial = String(typed[typed.index(after: slash)...])
        } else {
            directory = ""
            partial = typed
        }
        guard let entries = FileAccess.entries(of: directory) else { return Completion(prefix: typed, candidates: []) }
        let candidates = entries.filter { $0.name.hasPrefix(partial) && (partial.hasPrefix(".") || !$0.name.hasPrefix(".")) }
            .filter { $0.isDirectory || $0.name.hasSuffix(".tlab") }
            .map { directory + $0.name + ($0.isDirectory ? "/" : "") }
        return Completion(prefix: typed, candidates: candidates.sorted())
    }

    func identifierSuffix(_ text: String) -> String {
        String(text.reversed().prefix { $0.isLetter || $0.isNumber || $0 == "_" }.reversed())
    }

    func codeCompletion(_ line: String) -> Completion {
        let word = identifierSuffix(line)
        let beforeWord = line.dropLast(word.count)
        guard beforeWord.hasSuffix(".") else {
            let names = Self.keywords + interpreter.namesInScope
            return Completion(prefix: word, candidates: Set(names.filter { $0.hasPrefix(word) && $0 != word }).sorted())
        }
        let base = Self.memberBase(String(beforeWord.dropLast()))
        var members: [String] = []
        if base.isEmpty {
            // `.` with no base: an implicit member, most likely an enum case.
            members = interpreter.enums.flatMap(\.cases)
        } else {
            // A computed property on the path may print: nothing may appear while typing.
            let wasMuted = muted
            muted = true
            defer { muted = wasMuted }
            if let value = try? interpreter.evaluate(SourceFile(name: "<completion>", text: base)) {
                members = interpreter.memberNames(of: value)
            }
        }
        return Completion(prefix: word, candidates: Set(members.filter { $0.hasPrefix(word) }).sorted())
    }

    /// The expression before a `.` when it is a plain path (`sections[0]`, `Settings.items`,
    /// `Item`): names, dots and integer subscripts only, so that completing never runs a call.
    static func memberBase(_ text: String) -> String {
        var chars: [Character] = []
        var depth = 0
        for c in text.reversed() {
            if c == "]" { depth += 1; chars.append(c); continue }
            if c == "[" {
                guard depth > 0 else { break }
                depth -= 1
                chars.append(c)
                continue
            }
            if depth > 0 {
                guard c.isNumber || c == " " else { return "" }
                chars.append(c)
                continue
            }
            guard c.isLetter || c.isNumber || c == "_" || c == "." else { break }
            chars.append(c)
        }
        let base = String(chars.reversed())
        guard depth == 0, let first = base.first, first.isLetter || first == "_" else { return "" }
        return base
    }
}
