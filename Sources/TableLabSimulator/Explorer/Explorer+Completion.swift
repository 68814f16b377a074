// Tab completion for the interactive session: commands, their arguments (tables, files,
// topics, devices), names in scope, members after `.`, enum cases after a bare `.`.

import TableLabFiles
import TableLabSyntax
import TableLabExhaustiveness
import TableLabInterpreter

/// Candidates for the word being typed at the end of a line.
public struct Completion: Equatable, Sendable {
    /// The text at the end of the line that a candidate replaces (may be empty).
    public var prefix: String
    /// Whole replacements for `prefix`, without duplicates, best first (sorted, with
    /// Swift 2 spellings after the names that replaced them).
    public var candidates: [String]
    /// What a listing shows, in order: the candidates, or for functions and methods
    /// their full names (`dequeueReusableCell(withIdentifier:for:)`).
    public var listing: [String]

    public init(prefix: String, candidates: [String], listing: [String]? = nil) {
        self.prefix = prefix
        self.candidates = candidates
        self.listing = listing ?? candidates
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
        // Completion lists every name, including those of preludes no entry has named yet.
        do { try interpreter.installAllPreludes() } catch { fatalError("TableLab's prelude failed: \(error.message)") }
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
        // Words already given in full, before the one being typed.
        let given = rest.split(whereSeparator: { $0 == " " || $0 == "\t" }).dropLast(lastWord.isEmpty ? 0 : 1).map(String.init)
        let canonical = Self.command(named: name)?.names.first
        if !given.isEmpty, canonical != "show", canonical != "device" {
            // The others that complete take one word, already there: a second Tab after
            // `:use Settings ` must not add the name again. (A device name has blanks.)
            return Completion(prefix: lastWord, candidates: [])
        }
        switch canonical {
        case "use", "heights":
            return matching(interpreter.tableNames, lastWord)
        case "show":
            let tables = given.contains(where: interpreter.tableNames.contains) ? [] : interpreter.tableNames
            let flags = ["--json", "--width"].filter { !given.contains($0) }
            if given.last == "--width" { return Completion(prefix: lastWord, candidates: []) }
            return matching(tables + flags, lastWord)
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
            // The word itself stays a candidate: `dequeueReusableCell` is a name of its
            // own, not only the start of `dequeueReusableCellWithIdentifier`.
            let names = (Self.keywords + interpreter.namesInScope).filter { $0.hasPrefix(word) }
            let ranked = Self.ranked(names)
            return Completion(prefix: word, candidates: ranked, listing: ranked.flatMap { name in
                Self.fullNamesFirst(interpreter.functionFullNames(base: name), else: name)
            })
        }
        let beforeDot = String(beforeWord.dropLast())
        let base = Self.memberBase(beforeDot)
        var members: [String] = []
        var listing: [String]?
        if base.isEmpty && Self.isImplicitMemberPosition(beforeDot) {
            // `.` with no base: an implicit member, most likely an enum case. When the
            // context says which enum (`case .` in a switch, `let x: Item = .`), only its
            // cases; otherwise every enum's.
            let enums = interpreter.enums
            if let name = implicitMemberType(before: String(beforeWord.dropLast())),
               let known = enums.first(where: { $0.name == name }) {
                members = known.cases
            } else {
                members = enums.flatMap(\.cases)
            }
        } else if !base.isEmpty {
            if let names = memberBaseValue(base, entry: beforeDot).map(memberNames(of:)) ?? memberNames(ofStaticTypeOf: base) {
                members = names.map(\.base)
                let ranked = Self.ranked(members.filter { $0.hasPrefix(word) })
                listing = ranked.flatMap { name in
                    Self.fullNamesFirst(names.filter { $0.base == name }.compactMap(\.full), else: name)
                }
                return Completion(prefix: word, candidates: ranked, listing: listing)
            }
        }
        return Completion(prefix: word, candidates: Self.ranked(members.filter { $0.hasPrefix(word) }))
    }

    /// Sorted and unique, with each Swift 2 spelling after the Swift 3+ name it glues a
    /// preposition onto (`dequeueReusableCellWithIdentifier` after `dequeueReusableCell`,
    /// `deselectRowAtIndexPath` after `deselectRow`): old code still runs, new code is
    /// offered first.
    static func ranked(_ names: [String]) -> [String] {
        let sorted = Set(names).sorted()
        func isSwift2Spelling(_ name: String) -> Bool {
            sorted.contains { other in
                guard other.count < name.count, name.hasPrefix(other) else { return false }
                let rest = name.dropFirst(other.count)
                return ["With", "At", "For", "In"].contains { word in
                    rest.hasPrefix(word) && rest.dropFirst(word.count).first?.isUppercase == true
                }
            }
        }
        return sorted.filter { !isSwift2Spelling($0) } + sorted.filter(isSwift2Spelling)
    }

    /// A function's full names for a listing, the one with the most arguments first
    /// (`dequeueReusableCell(withIdentifier:for:)`, the form table code calls), else the name.
    static func fullNamesFirst(_ fullNames: [String], else name: String) -> [String] {
        guard !fullNames.isEmpty else { return [name] }
        return Set(fullNames).sorted { a, b in
            let (ca, cb) = (a.filter { $0 == ":" }.count, b.filter { $0 == ":" }.count)
            return ca != cb ? ca > cb : a < b
        }
    }

    /// A `.` that starts an implicit member (`case .`, `= .`, `(.`), not one that follows
    /// a value (`x.`, `f().`, `a[0].`, `label?.`).
    static func isImplicitMemberPosition(_ textBeforeDot: String) -> Bool {
        guard let last = textBeforeDot.last else { return true }
        return !(last.isLetter || last.isNumber || last == "_" || last == ")" || last == "]"
                 || last == "?" || last == "!" || last == "\"")
    }

    /// The value a member path stands for: evaluated quietly, with `self` the table the
    /// session stands in (or the table the entry is declaring), optional chaining read
    /// through, and a cell declared in the entry (`let cell = tableView.dequeueReusableCell(…)`)
    /// stood for by a fresh cell, since the entry has not run.
    func memberBaseValue(_ base: String, entry: String) -> Value? {
        var path = String(base.map { $0 == "?" ? "!" : $0 })
        let head = String(path.prefix { $0.isLetter || $0.isNumber || $0 == "_" })
        // `self` in the `:use` scope is the screen (a class's instance too); in a table
        // block the entry is declaring, that table.
        if head == "self", interpreter.currentTableName != nil, let value = quietlyEvaluate(path) {
            return Self.unwrapped(value)
        }
        if head == "self", let table = interpreter.currentTableName ?? Self.enclosingTableName(in: entry) {
            path = table + path.dropFirst(head.count)
        }
        if let value = quietlyEvaluate(path) { return Self.unwrapped(value) }
        guard Self.entryDeclaresCell(named: head, in: entry) else { return nil }
        let cell = Value.object(CellObject(reuseIdentifier: "", style: .subtitle, describeType: { _ in "" }, zeros: simulator.zeros))
        let rest = path.dropFirst(head.count)
        guard !rest.isEmpty else { return cell }
        // `cell.textLabel!`: members of a fresh cell, found the same way the session's are.
        var value = cell
        for member in rest.split(separator: ".") {
            let name = String(member.prefix { $0 != "!" })
            guard let next = try? interpreter.member(name, of: value) else { return nil }
            value = Self.unwrapped(next)
        }
        return value
    }

    static func unwrapped(_ value: Value) -> Value {
        if case .wrapped(let inner) = value { return unwrapped(inner) }
        return value
    }

    /// `table Name {` still open in the entry.
    static func enclosingTableName(in entry: String) -> String? {
        let tokens = CompletionToken.scan(entry)
        var index = tokens.count
        while let brace = CompletionToken.enclosingBrace(tokens, before: index) {
            if brace >= 2, tokens[brace - 2].text == "table", tokens[brace - 1].isIdentifier {
                return tokens[brace - 1].text
            }
            index = brace
        }
        return nil
    }

    /// `let NAME = …dequeueReusableCell…(` or `UITableViewCell(`, or `NAME: UITableViewCell`,
    /// earlier in the entry.
    static func entryDeclaresCell(named name: String, in entry: String) -> Bool {
        guard !name.isEmpty else { return false }
        let tokens = CompletionToken.scan(entry)
        for (i, token) in tokens.enumerated() where token.text == name && i + 1 < tokens.count {
            if tokens[i + 1].text == ":", i + 2 < tokens.count,
               ["UITableViewCell", "Cell"].contains(tokens[i + 2].text) {
                return true
            }
            guard i > 0, ["let", "var"].contains(tokens[i - 1].text), tokens[i + 1].text == "=" else { continue }
            for next in tokens[(i + 2)...] {
                if next.text == "\n" || ["let", "var", "}", ";"].contains(next.text) { break }
                if next.text.hasPrefix("dequeueReusableCell") || next.text == "UITableViewCell" { return true }
            }
        }
        return false
    }

    /// Member names by the declared type of `base`, when it has no value to ask: an optional
    /// holding nil (`var c: UITableViewCell?` then `c?.`) has the members of its wrapped type.
    func memberNames(ofStaticTypeOf base: String) -> [(base: String, full: String?)]? {
        // `c?` is no expression; `c?.textLabel` is, and is typed as the optional it reads.
        var expression = Substring(base)
        while let last = expression.last, last == "?" || last == "!" { expression = expression.dropLast() }
        guard case .known(var type)? = try? interpreter.staticTypeInSessionScope(
            SourceFile(name: "<completion>", text: String(expression))) else { return nil }
        while let last = type.last, last == "?" || last == "!" { type = String(type.dropLast()) }
        let host: [String]? = switch type {
        case "UITableView": TableViewObject.propertyNames + TableViewObject.methodNames
        case "UITableViewCell": CellObject.memberNames
        case "UILabel": LabelObject.memberNames
        default: nil
        }
        if let host { return host.map(Self.splitFullName) }
        return interpreter.memberNames(ofTypeNamed: type).map { $0.map { (base: $0, full: String?.none) } }
    }

    static func splitFullName(_ fullName: String) -> (base: String, full: String?) {
        guard let paren = fullName.firstIndex(of: "(") else { return (fullName, nil) }
        return (String(fullName[..<paren]), fullName)
    }

    /// Member names of a value, with full names for methods; the simulator's own objects
    /// (`tableView`, cells, labels) list UIKit's members.
    func memberNames(of value: Value) -> [(base: String, full: String?)] {
        let split = Self.splitFullName
        switch value {
        case .object(is TableViewObject):
            return (TableViewObject.propertyNames + TableViewObject.methodNames).map(split)
        case .object(is CellObject):
            return CellObject.memberNames.map(split)
        case .object(is LabelObject):
            return LabelObject.memberNames.map(split)
        default:
            return interpreter.memberNames(of: value).map { (base: $0, full: String?.none) }
        }
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
            // `?` and `!` of optional chaining (`cell.textLabel?.`) stay in the path.
            guard c.isLetter || c.isNumber || c == "_" || c == "." || c == "?" || c == "!" else { break }
            chars.append(c)
        }
        let base = String(chars.reversed())
        guard depth == 0, let first = base.first, first.isLetter || first == "_", !base.contains("??") else { return "" }
        return base
    }
}

// MARK: - Which enum a bare `.` stands for

extension Explorer {
    /// Evaluates a plain path for completion. A computed property on the path may print:
    /// nothing may appear while typing. Standing inside a table (`:use`), its members are
    /// in scope at the prompt: `sections` is the table's `sections`.
    func quietlyEvaluate(_ path: String) -> Value? {
        let wasMuted = muted
        muted = true
        defer { muted = wasMuted }
        // In the `:use` scope, as an entry is compiled: a view-controller class's instance
        // members too, not only a table block's.
        if let value = try? interpreter.evaluateInSessionScope(SourceFile(name: "<completion>", text: path)) {
            return value
        }
        guard let table = interpreter.currentTableName else { return nil }
        return try? interpreter.evaluate(SourceFile(name: "<completion>", text: table + "." + path))
    }

    /// The name of the type a bare `.` at the end of `text` must produce, when the entry
    /// so far says: the subject of the enclosing `switch` after `case .` (or after
    /// `case .a, .`), the annotation in `let x: Item = .`, the variable's type in
    /// `x = .` and `x == .`, the function's return type after `return .`.
    /// The type of a name comes from its annotation in the entry (a typed parameter, an
    /// annotated variable), else from the value the session holds under that path.
    func implicitMemberType(before text: String) -> String? {
        let tokens = CompletionToken.scan(text)
        guard !tokens.isEmpty else { return nil }
        var end = tokens.count
        // `case .a, .b(let x), .` — step back over the patterns already written.
        var i = end - 1
        while i >= 0 {
            let t = tokens[i]
            if t.text == "," { i -= 1; continue }
            if t.text == ")" || t.text == "]" {
                guard let open = CompletionToken.matchingOpen(tokens, close: i) else { return nil }
                i = open - 1
                continue
            }
            if t.isIdentifier && i > 0 && tokens[i - 1].text == "." { i -= 2; continue }
            break
        }
        if i >= 0, tokens[i].text == "case" {
            return switchSubjectType(tokens, caseIndex: i)
        }
        let last = tokens[end - 1].text
        if last == "return" {
            return enclosingReturnType(tokens, before: end - 1)
        }
        guard last == "=" || last == "==" || last == "!=" else { return nil }
        end -= 1
        // `let x: Item = .` / `var x: Item? = .`
        var j = end - 1
        if j >= 0, tokens[j].text == "?" || tokens[j].text == "!" { j -= 1 }
        if last == "=", j >= 2, tokens[j].isIdentifier, tokens[j - 1].text == ":" {
            return tokens[j].text
        }
        // `x = .`, `x.kind == .`: the type of the path on the left.
        let start = CompletionToken.pathStart(tokens, end: end)
        guard start < end else { return nil }
        return type(ofPath: Array(tokens[start..<end]), declaredIn: Array(tokens[..<start]))
    }

    /// `switch SUBJECT {` … `case .`: the subject's type.
    private func switchSubjectType(_ tokens: [CompletionToken], caseIndex: Int) -> String? {
        guard let body = CompletionToken.enclosingBrace(tokens, before: caseIndex) else { return nil }
        var k = body - 1
        var depth = 0
        while k >= 0 {
            let t = tokens[k].text
            if t == ")" || t == "]" { depth += 1 } else if t == "(" || t == "[" { depth -= 1 }
            if depth == 0 && (t == "switch" || t == "{" || t == "}" || t == ";") { break }
            k -= 1
        }
        guard k >= 0, tokens[k].text == "switch", k + 1 < body else { return nil }
        return type(ofPath: Array(tokens[(k + 1)..<body]), declaredIn: Array(tokens[..<k]))
    }

    /// `func f(...) -> Item { … return .`: `Item`.
    private func enclosingReturnType(_ tokens: [CompletionToken], before index: Int) -> String? {
        var index = index
        while let brace = CompletionToken.enclosingBrace(tokens, before: index) {
            var k = brace - 1
            if k >= 0, tokens[k].text == "?" || tokens[k].text == "!" { k -= 1 }
            if k >= 1, tokens[k].isIdentifier, tokens[k - 1].text == "->" { return tokens[k].text }
            if k >= 0, tokens[k].text == ")" { return nil } // a function without one
            if k < 0 || ["=", "(", ",", ":", "return", "in", "["].contains(tokens[k].text) {
                // A closure: its own `-> T in`, else unknown.
                guard let inIndex = tokens[(brace + 1)..<index].firstIndex(where: { $0.text == "in" }),
                      inIndex - 2 > brace, tokens[inIndex - 2].text == "->", tokens[inIndex - 1].isIdentifier
                else { return nil }
                return tokens[inIndex - 1].text
            }
            index = brace
        }
        return nil
    }

    /// The type of `path` (`item`, `sections[indexPath.section].items[indexPath.row]`):
    /// a name annotated earlier in the entry (`_ item: Item`, `let item: Item`), else the
    /// value the session holds, with every subscript that is not a number read as `[0]`
    /// (the elements of an array share a type). Nothing is called to find out.
    private func type(ofPath path: [CompletionToken], declaredIn earlier: [CompletionToken]) -> String? {
        var path = path
        if path.count > 2, path[0].text == "self", path[1].text == "." { path.removeFirst(2) }
        if path.count == 1, path[0].isIdentifier {
            let name = path[0].text
            var k = earlier.count - 3
            while k >= 0 {
                if earlier[k].text == name, earlier[k + 1].text == ":", earlier[k + 2].isIdentifier,
                   k == 0 || earlier[k - 1].text != "." {
                    return earlier[k + 2].text
                }
                k -= 1
            }
        }
        var text = ""
        var i = 0
        while i < path.count {
            let t = path[i]
            if t.isIdentifier || t.text == "." {
                text += t.text
                i += 1
            } else if t.text == "[" {
                guard let close = CompletionToken.matchingClose(path, open: i) else { return nil }
                let inside = path[(i + 1)..<close]
                let isNumber = inside.count == 1 && inside.first!.text.allSatisfy(\.isNumber)
                text += "[" + (isNumber ? inside.first!.text : "0") + "]"
                i = close + 1
            } else if t.text == "?" || t.text == "!" {
                i += 1  // optional chaining: the wrapped value's type is the one wanted
            } else {
                return nil
            }
        }
        guard let first = text.first, first.isLetter || first == "_", let value = quietlyEvaluate(text) else {
            return nil
        }
        guard case .enumCase = value else { return nil }
        return interpreter.typeName(of: value)
    }
}

/// A token of the entry typed so far, as far as completion needs one: identifiers
/// (keywords included), numbers, and punctuation; strings and comments are skipped.
struct CompletionToken {
    var text: String
    var isIdentifier: Bool

    static func scan(_ source: String) -> [CompletionToken] {
        let chars = Array(source.unicodeScalars)
        var tokens: [CompletionToken] = []
        var i = 0
        func isIdentifierScalar(_ c: Unicode.Scalar) -> Bool {
            c == "_" || c.properties.isAlphabetic || ("0"..."9").contains(c)
        }
        while i < chars.count {
            let c = chars[i]
            if c == " " || c == "\t" || c == "\n" || c == "\r" { i += 1; continue }
            if c == "/", i + 1 < chars.count, chars[i + 1] == "/" {
                while i < chars.count, chars[i] != "\n" { i += 1 }
                continue
            }
            if c == "/", i + 1 < chars.count, chars[i + 1] == "*" {
                i += 2
                while i + 1 < chars.count, !(chars[i] == "*" && chars[i + 1] == "/") { i += 1 }
                i += 2
                continue
            }
            if c == "\"" {
                i = skipString(chars, from: i)
                tokens.append(CompletionToken(text: "\"\"", isIdentifier: false))
                continue
            }
            if isIdentifierScalar(c) {
                var text = ""
                while i < chars.count, isIdentifierScalar(chars[i]) { text.unicodeScalars.append(chars[i]); i += 1 }
                tokens.append(CompletionToken(text: text, isIdentifier: !("0"..."9").contains(c)))
                continue
            }
            if i + 1 < chars.count {
                let pair = String(c) + String(chars[i + 1])
                if ["->", "==", "!=", "<=", ">=", "&&", "||"].contains(pair) {
                    tokens.append(CompletionToken(text: pair, isIdentifier: false))
                    i += 2
                    continue
                }
            }
            tokens.append(CompletionToken(text: String(c), isIdentifier: false))
            i += 1
        }
        return tokens
    }

    /// The index after a string literal starting at `start` (one-line or `"""`).
    private static func skipString(_ chars: [Unicode.Scalar], from start: Int) -> Int {
        let triple = start + 2 < chars.count && chars[start + 1] == "\"" && chars[start + 2] == "\""
        var i = start + (triple ? 3 : 1)
        while i < chars.count {
            if chars[i] == "\\" { i += 2; continue }
            if chars[i] == "\"" {
                if !triple { return i + 1 }
                if i + 2 < chars.count, chars[i + 1] == "\"", chars[i + 2] == "\"" { return i + 3 }
            }
            if !triple && chars[i] == "\n" { return i }
            i += 1
        }
        return i
    }

    /// The `(` or `[` that the bracket at `close` closes.
    static func matchingOpen(_ tokens: [CompletionToken], close: Int) -> Int? {
        var depth = 0
        var i = close
        while i >= 0 {
            switch tokens[i].text {
            case ")", "]": depth += 1
            case "(", "[":
                depth -= 1
                if depth == 0 { return i }
            default: break
            }
            i -= 1
        }
        return nil
    }

    /// The `]` or `)` that closes the bracket at `open`.
    static func matchingClose(_ tokens: [CompletionToken], open: Int) -> Int? {
        var depth = 0
        for i in open..<tokens.count {
            switch tokens[i].text {
            case "(", "[": depth += 1
            case ")", "]":
                depth -= 1
                if depth == 0 { return i }
            default: break
            }
        }
        return nil
    }

    /// The `{` still open at `index`.
    static func enclosingBrace(_ tokens: [CompletionToken], before index: Int) -> Int? {
        var depth = 0
        var i = index - 1
        while i >= 0 {
            if tokens[i].text == "}" { depth += 1 } else if tokens[i].text == "{" {
                if depth == 0 { return i }
                depth -= 1
            }
            i -= 1
        }
        return nil
    }

    /// Where the path ending at `end` starts: names, dots, subscripts, `?` and `!`.
    static func pathStart(_ tokens: [CompletionToken], end: Int) -> Int {
        var i = end - 1
        while i >= 0 {
            let t = tokens[i]
            if t.text == "]" {
                guard let open = matchingOpen(tokens, close: i) else { return end }
                i = open - 1
            } else if t.isIdentifier || t.text == "." || t.text == "?" || t.text == "!" {
                if t.isIdentifier, Self.stopWords.contains(t.text) { break }
                i -= 1
            } else {
                break
            }
        }
        return i + 1
    }

    private static let stopWords: Set<String> = ["let", "var", "return", "if", "guard", "while", "case", "in", "switch"]
}
