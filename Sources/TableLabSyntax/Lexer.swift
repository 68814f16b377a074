// The lexer: UTF-8 bytes in, tokens out.
//
// It works on the UTF-8 bytes (String's Character iteration is far too slow for a
// 5,000-line script) and counts columns in Unicode scalars by skipping continuation bytes.
// As in Swift's lexer, a line ends at `\n`, `\r\n` or a lone `\r`, and a UTF-8 byte order
// mark at the very start of the text is skipped (it is not a column).

/// A lexical error; `atEnd` says the input ended inside something more lines could close
/// (a `"""` string, a `/* */` comment).
public struct LexError: Error, Sendable {
    public var content: SyntaxMessage
    /// The text, for people and tests; code reads `content`.
    public var message: String { content.text }
    public var location: SourceLocation
    public var atEnd: Bool
    /// swiftc's notes, e.g. "comment started here" (their file is filled in by the parser).
    public var notes: [Diagnostic] = []
}

/// Public so that the interactive session can tokenize for completion and colouring;
/// the parser is the one client that matters.
public struct Lexer {
    private let bytes: [UInt8]
    private var pos = 0
    private var line = 1
    private var column = 1
    private let lineOffset: Int
    private var nesting = 0
    /// Open `( [ {` across the whole input, interpolations included: swiftc's structure limit.
    private var bracketDepth = 0
    /// Set after a comment so the next token counts as preceded by whitespace.
    private var afterTrivia = false
    private var lastWasDot = false
    /// A `#function` was lexed (interpolations included): only then does the parser keep
    /// the enclosing declarations' names (`ParserState.namesFunction`).
    private(set) var namesFunction = false

    static let maxNesting = 64
    /// swiftc's limit: "structure nesting level exceeded maximum of 256".
    static let maxBracketDepth = 256

    public init(text: String, lineOffset: Int = 0) {
        self.bytes = ConditionalCompilation.apply(Array(text.utf8))
        self.lineOffset = lineOffset
    }

    /// Tokenizes the whole input; the last token is always `.eof` at the end of the text.
    public mutating func tokenize() throws(LexError) -> [Token] {
        if Lexer.startsWithByteOrderMark(bytes) { pos = 3 }
        if bytes.count >= pos + 2, bytes[pos] == UInt8(ascii: "#"), bytes[pos + 1] == UInt8(ascii: "!") {
            while pos < bytes.count, !Lexer.isLineBreak(bytes[pos]) { advance() }
        }
        return try lexTokens(interpolationOf: nil)
    }

    // MARK: - Positions

    private var here: SourceLocation { SourceLocation(line: line + lineOffset, column: column) }

    /// The end of the input as swiftc reports it: before a final `\n` (swiftc does not step
    /// back over a final lone `\r`: the end is then the start of the next line).
    private var endOfLastLine: SourceLocation {
        guard bytes.last == 0x0A else { return here }
        var i = bytes.count - 1
        if i > 0 && bytes[i - 1] == 0x0D { i -= 1 }
        var column = 1
        var j = i
        while j > 0 && !Lexer.isLineBreak(bytes[j - 1]) {
            j -= 1
            if bytes[j] & 0xC0 != 0x80 { column += 1 }
        }
        if j == 0 && Lexer.startsWithByteOrderMark(bytes) { column -= 1 }
        return SourceLocation(line: line - 1 + lineOffset, column: column)
    }

    /// `\n` or `\r`: each ends a line, except a `\r` right before a `\n` (one `\r\n` break).
    @inline(__always) static func isLineBreak(_ b: UInt8) -> Bool { b == 0x0A || b == 0x0D }

    /// EF BB BF, the UTF-8 byte order mark some editors put at the start of a file.
    static func startsWithByteOrderMark(_ bytes: [UInt8]) -> Bool {
        bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
    }

    @inline(__always) private func peek(_ offset: Int = 0) -> UInt8 {
        let i = pos + offset
        return i < bytes.count ? bytes[i] : 0
    }

    @inline(__always) private mutating func advance() {
        let b = bytes[pos]
        pos += 1
        if b == 0x0A {
            line += 1; column = 1
        } else if b == 0x0D {
            // A lone `\r` ends a line; in `\r\n` the `\n` does.
            if pos >= bytes.count || bytes[pos] != 0x0A { line += 1; column = 1 } else { column += 1 }
        } else if b & 0xC0 != 0x80 {
            column += 1
        }
    }

    private func error(_ message: SyntaxMessage, at location: SourceLocation, atEnd: Bool = false) -> LexError {
        LexError(content: message, location: location, atEnd: atEnd)
    }

    // MARK: - Character classes

    @inline(__always) private static func isIdentifierStart(_ b: UInt8) -> Bool {
        (b >= 0x61 && b <= 0x7A) || (b >= 0x41 && b <= 0x5A) || b == 0x5F || b >= 0x80
    }
    @inline(__always) private static func isIdentifierPart(_ b: UInt8) -> Bool {
        isIdentifierStart(b) || (b >= 0x30 && b <= 0x39)
    }
    @inline(__always) private static func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }
    /// An ASCII operator-head (OperatorSpelling); the Unicode ones are decoded first.
    @inline(__always) private static func isOperatorChar(_ b: UInt8) -> Bool { OperatorSpelling.isASCIIHead(b) }

    /// Where the operator-character starting at `i` ends, or nil if none starts there (an
    /// ASCII one that starts a comment, `//` or `/*`, does not).
    private func operatorCharacterEnd(at i: Int) -> Int? {
        let b = bytes[i]
        if b < 0x80 { return Lexer.isOperatorChar(b) && !startsComment(i) ? i + 1 : nil }
        guard let (s, length) = scalar(at: i), OperatorSpelling.isCharacter(s) else { return nil }
        return i + length
    }

    /// Whether an operator starts at `i` with a non-ASCII operator-head (`√`, `≠`, `×`).
    private func startsUnicodeOperator(at i: Int) -> Bool {
        guard bytes[i] >= 0x80, let (s, _) = scalar(at: i) else { return false }
        return OperatorSpelling.isHead(s)
    }

    /// The operator from `pos`: its characters, and after a leading `.` also dots (Swift:
    /// only an operator that starts with a dot may contain one, so `+.+` is `+` then `.+`).
    private mutating func lexOperator() -> TokenKind {
        let s = pos
        let dotted = bytes[pos] == UInt8(ascii: ".")
        if dotted { advance() }
        while pos < bytes.count {
            if dotted && bytes[pos] == UInt8(ascii: ".") { advance(); continue }
            guard let end = operatorCharacterEnd(at: pos) else { break }
            while pos < end { advance() }
        }
        return .operator(String(decoding: bytes[s..<pos], as: UTF8.self))
    }

    /// The scalar starting at `pos` (for non-ASCII bytes).
    private func scalar(at i: Int) -> (Unicode.Scalar, Int)? {
        var it = bytes[i...].makeIterator()
        var decoder = UTF8()
        switch decoder.decode(&it) {
        case .scalarValue(let s):
            return (s, String(s).utf8.count)
        default: return nil
        }
    }

    /// Non-ASCII whitespace (no-break space and friends) counts as whitespace.
    private func unicodeWhitespaceLength(at i: Int) -> Int {
        guard bytes[i] >= 0x80, let (s, n) = scalar(at: i) else { return 0 }
        return s.properties.isWhitespace ? n : 0
    }

    // MARK: - Trivia

    /// Skips whitespace and comments; returns whether a newline was crossed.
    private mutating func skipTrivia() throws(LexError) -> Bool {
        var sawNewline = false
        while pos < bytes.count {
            let b = bytes[pos]
            if b == 0x20 || b == 0x09 || b == 0x0B || b == 0x0C {
                advance()
            } else if Lexer.isLineBreak(b) {
                advance(); sawNewline = true
            } else if b == UInt8(ascii: "/") && peek(1) == UInt8(ascii: "/") {
                while pos < bytes.count, !Lexer.isLineBreak(bytes[pos]) { advance() }
                afterTrivia = true
            } else if b == UInt8(ascii: "/") && peek(1) == UInt8(ascii: "*") {
                let start = here
                advance(); advance()
                var depth = 1
                while depth > 0 {
                    guard pos < bytes.count else {
                        var e = error(.unterminatedCommentStartComment, at: endOfLastLine, atEnd: true)
                        e.notes = [.note(SyntaxMessage.commentStartedHere, at: start)]
                        throw e
                    }
                    if bytes[pos] == UInt8(ascii: "/") && peek(1) == UInt8(ascii: "*") {
                        advance(); advance(); depth += 1
                    } else if bytes[pos] == UInt8(ascii: "*") && peek(1) == UInt8(ascii: "/") {
                        advance(); advance(); depth -= 1
                    } else {
                        if Lexer.isLineBreak(bytes[pos]) { sawNewline = true }
                        advance()
                    }
                }
                afterTrivia = true
            } else if b >= 0x80, case let n = unicodeWhitespaceLength(at: pos), n > 0 {
                for _ in 0..<n { advance() }
            } else {
                break
            }
        }
        return sawNewline
    }

    /// Is the byte before `i` something after which a token counts as "not left-bound"?
    private func precededBySpace(_ i: Int) -> Bool {
        if afterTrivia || i == 0 { return true }
        switch bytes[i - 1] {
        case 0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"),
             UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: ":"):
            return true
        default:
            return false
        }
    }

    /// Is the text at `i` something before which a token counts as "not right-bound"?
    private func followedBySpace(_ i: Int) -> Bool {
        guard i < bytes.count else { return true }
        switch bytes[i] {
        case 0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"),
             UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: ":"):
            return true
        case UInt8(ascii: "/"):
            let n = i + 1 < bytes.count ? bytes[i + 1] : 0
            return n == UInt8(ascii: "/") || n == UInt8(ascii: "*")
        default:
            return false
        }
    }

    // MARK: - Token loop

    /// Lexes until the end of input, or, inside an interpolation, until its closing `)`.
    /// `interpolationOf` is the location of the interpolation's `(` and whether its
    /// string is single-line.
    private mutating func lexTokens(interpolationOf string: (start: SourceLocation, singleLine: Bool)?) throws(LexError) -> [Token] {
        var tokens: [Token] = []
        tokens.reserveCapacity(string == nil ? bytes.count / 4 : 8)
        var parenDepth = 0
        var lineStart = string == nil
        afterTrivia = string == nil
        while true {
            let crossed = try skipTrivia()
            if crossed {
                if let string, string.singleLine {
                    throw error(.cannotFindRightParenToMatchOpeningLeftParenInStringInterpolation, at: string.start)
                }
                lineStart = true
            }
            let start = here
            guard pos < bytes.count else {
                if let string {
                    throw error(.cannotFindRightParenToMatchOpeningLeftParenInStringInterpolation, at: string.start,
                                atEnd: !string.singleLine)
                }
                tokens.append(Token(kind: .eof, location: start, end: start, atLineStart: lineStart,
                                    spaceBefore: true, spaceAfter: true))
                return tokens
            }
            let spaceBefore = precededBySpace(pos)
            afterTrivia = false
            let kind: TokenKind
            switch try lexToken(start: start, spaceBefore: spaceBefore, lineStart: lineStart,
                                string: string, parenDepth: &parenDepth, into: &tokens) {
            case .token(let k):
                kind = k
            case .appended:
                lineStart = false
                continue
            case .endOfInterpolation:
                return tokens
            }
            var spaceAfter = followedBySpace(pos)
            if case .operator = kind, !spaceBefore, peek() == UInt8(ascii: ".") {
                // Swift: an operator with no whitespace on the left followed by '.' is postfix (`a!.b`).
                spaceAfter = true
            }
            if case .dot = kind { lastWasDot = true } else { lastWasDot = false }
            tokens.append(Token(kind: kind, location: start, end: here, atLineStart: lineStart,
                                spaceBefore: spaceBefore, spaceAfter: spaceAfter))
            lineStart = false
        }
    }

    /// What one step of the token loop produced.
    private enum Lexed {
        case token(TokenKind)
        /// The step appended its own tokens (`#selector(...)`, the literals).
        case appended
        /// The `)` that closes the interpolation being lexed (its `eof` is appended).
        case endOfInterpolation
    }

    /// One token starting at `pos`, which is not trivia and not the end of input.
    private mutating func lexToken(start: SourceLocation, spaceBefore: Bool, lineStart: Bool,
                                   string: (start: SourceLocation, singleLine: Bool)?, parenDepth: inout Int,
                                   into tokens: inout [Token]) throws(LexError) -> Lexed {
        let b = bytes[pos]
        switch b {
        case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"):
            bracketDepth += 1
            if bracketDepth > Lexer.maxBracketDepth {
                throw error(.structureNestingTooDeep(maximum: Lexer.maxBracketDepth), at: start)
            }
            advance()
            if b == UInt8(ascii: "(") {
                parenDepth += 1
                return .token(.leftParen)
            }
            return .token(b == UInt8(ascii: "[") ? .leftBracket : .leftBrace)
        case UInt8(ascii: ")"):
            if string != nil && parenDepth == 0 {
                tokens.append(Token(kind: .eof, location: start, end: start, atLineStart: lineStart,
                                    spaceBefore: true, spaceAfter: true))
                advance()
                return .endOfInterpolation
            }
            advance(); parenDepth -= 1
            bracketDepth = max(bracketDepth - 1, 0)
            return .token(.rightParen)
        case UInt8(ascii: "]"), UInt8(ascii: "}"):
            advance()
            bracketDepth = max(bracketDepth - 1, 0)
            return .token(b == UInt8(ascii: "]") ? .rightBracket : .rightBrace)
        case UInt8(ascii: ","): advance(); return .token(.comma)
        case UInt8(ascii: ";"): advance(); return .token(.semicolon)
        case UInt8(ascii: ":"):
            if lineStart && string == nil && Lexer.isIdentifierStart(peek(1)) && peek(1) < 0x80 {
                return .token(lexCommand())
            }
            advance()
            return .token(.colon)
        case UInt8(ascii: "."):
            // dot-operator-head: `..<`, `...`, `.==`; a lone `.` is member access.
            if pos + 1 < bytes.count, bytes[pos + 1] == UInt8(ascii: ".") || operatorCharacterEnd(at: pos + 1) != nil {
                return .token(lexOperator())
            }
            advance()
            return .token(.dot)
        case UInt8(ascii: "\""):
            return .token(try lexString())
        case UInt8(ascii: "`"):
            return .token(try lexBacktickIdentifier(start: start))
        case UInt8(ascii: "$"):
            return .token(try lexShorthand(start: start))
        case UInt8(ascii: "@"):
            advance()
            let s = pos
            while pos < bytes.count, Lexer.isIdentifierPart(bytes[pos]) { advance() }
            guard pos > s else { throw error(.expectedAnAttributeName, at: here) }
            return .token(.attribute(String(decoding: bytes[s..<pos], as: UTF8.self)))
        case UInt8(ascii: "#"):
            return try lexPound(start: start, spaceBefore: spaceBefore, lineStart: lineStart, into: &tokens)
        case UInt8(ascii: "\\"):
            advance()
            return .token(.backslash)
        case UInt8(ascii: "?") where !spaceBefore, UInt8(ascii: "!") where !spaceBefore:
            // Swift's lexer: a left-bound `?` or `!` is a postfix token by itself, whatever
            // follows: `(() -> ())?=nil` is `?` then `=`, `a!=b` assigns through `a!`,
            // `w??.title` chains twice.
            advance()
            return .token(.operator(b == UInt8(ascii: "?") ? "?" : "!"))
        default:
            return .token(try lexWordOrOperator(start: start))
        }
    }

    private mutating func lexBacktickIdentifier(start: SourceLocation) throws(LexError) -> TokenKind {
        advance()
        let s = pos
        while pos < bytes.count, Lexer.isIdentifierPart(bytes[pos]) { advance() }
        guard pos > s, peek() == UInt8(ascii: "`") else {
            throw error(.expectedIdentifierAfterBacktick, at: start)
        }
        let name = String(decoding: bytes[s..<pos], as: UTF8.self)
        advance()
        return .identifier(name)
    }

    /// `$0`, `$1`, ... in a closure.
    private mutating func lexShorthand(start: SourceLocation) throws(LexError) -> TokenKind {
        advance()
        let s = pos
        while pos < bytes.count, Lexer.isDigit(bytes[pos]) { advance() }
        guard pos > s, let n = Int(String(decoding: bytes[s..<pos], as: UTF8.self)) else {
            throw error(.expectedNumericValueFollowingDollar, at: start)
        }
        if pos < bytes.count, Lexer.isIdentifierStart(bytes[pos]) {
            throw error(.expectedNumericValueFollowingDollar, at: start)
        }
        // A closure with millions of `$n` parameters is never meant; the cap keeps
        // `n + 1` and the closure's frame size finite.
        guard n <= 255 else {
            throw error(.anonymousClosureArgumentOutOfRange(String(n)), at: start)
        }
        return .shorthand(n)
    }

    /// `#selector(...)`, `#colorLiteral(...)`, `#fileID`, ...: name what is missing (`#if`
    /// and `#available` were resolved before lexing; see ConditionalCompilation).
    private mutating func lexPound(start: SourceLocation, spaceBefore: Bool, lineStart: Bool,
                                   into tokens: inout [Token]) throws(LexError) -> Lexed {
        var hashes = 0
        while peek(hashes) == UInt8(ascii: "#") { hashes += 1 }
        if peek(hashes) == UInt8(ascii: "\"") {
            // A raw string: `#"C:\path"#`, escapes and interpolations written `\#(x)`.
            for _ in 0..<hashes { advance() }
            tokens.append(Token(kind: try lexString(start: start, hashes: hashes), location: start, end: here,
                                atLineStart: lineStart, spaceBefore: spaceBefore, spaceAfter: false))
            return .appended
        }
        var e = pos + 1
        while e < bytes.count, Lexer.isIdentifierPart(bytes[e]) { e += 1 }
        guard e > pos + 1 else { throw error(.expectedExpression, at: start) }
        let name = String(decoding: bytes[(pos + 1)..<e], as: UTF8.self)
        switch name {
        case "selector":
            // `#selector(name(_:))`: one call of the host's `#selector(_:)` with the
            // reference as written (spaces removed) as a string (SelectorObject).
            try lexSelector(start: start, spaceBefore: spaceBefore, lineStart: lineStart, into: &tokens)
            return .appended
        case "colorLiteral", "imageLiteral":
            // Xcode's colour and image literals: a call of the host's
            // `#colorLiteral(red:green:blue:alpha:)` / `#imageLiteral(resourceName:)`.
            while pos < e { advance() }
            tokens.append(Token(kind: .identifier("#" + name), location: start, end: here, atLineStart: lineStart,
                                spaceBefore: spaceBefore, spaceAfter: false))
            return .appended
        case "function", "file", "filePath", "line", "column":
            // The parser knows the enclosing declaration (`ParserState.functionNames`), and
            // so whether this stands in a default argument, where Swift gives the caller's.
            namesFunction = true
            while pos < e { advance() }
            tokens.append(Token(kind: .identifier("#" + name), location: start, end: here, atLineStart: lineStart,
                                spaceBefore: spaceBefore, spaceAfter: false))
            return .appended
        case "if", "elseif", "else", "endif":
            throw error(.conditionalBlockUnreadable(directive: name), at: start)
        default:
            throw error(.directiveNotSupported(name), at: start)
        }
    }

    /// A number, an operator, an identifier or a keyword.
    private mutating func lexWordOrOperator(start: SourceLocation) throws(LexError) -> TokenKind {
        let b = bytes[pos]
        if Lexer.isDigit(b) {
            return try lexNumber(start: start)
        }
        if Lexer.isOperatorChar(b) {
            if b == UInt8(ascii: "<"), peek(1) == UInt8(ascii: "#"), placeholderEnd(from: pos) != nil {
                // Xcode's `<#code#>`: swiftc's lexer makes it a token and refuses it.
                throw error(.editorPlaceholderInSourceFile, at: start)
            }
            return lexOperator()
        }
        // An operator-head is never an identifier's, though some are emoji (`©`, `⌚`, `❤`).
        if startsUnicodeOperator(at: pos) { return lexOperator() }
        guard Lexer.isIdentifierStart(b) else { throw error(.invalidCharacterInSourceFile, at: start) }
        if b >= 0x80, let (s, _) = scalar(at: pos), !Lexer.isIdentifierScalar(s) {
            throw error(.invalidCharacterInSourceFile, at: start)
        }
        let startIndex = pos
        while pos < bytes.count, Lexer.isIdentifierPart(bytes[pos]) {
            if bytes[pos] >= 0x80, let (s, _) = scalar(at: pos), !Lexer.isIdentifierScalar(s) || OperatorSpelling.isHead(s) { break }
            advance()
        }
        if let k = Lexer.keyword(bytes[startIndex..<pos]) {
            return .keyword(k)
        }
        return .identifier(String(decoding: bytes[startIndex..<pos], as: UTF8.self))
    }

    /// Where the `#>` closing an editor placeholder that starts at `i` (`<#`) ends, if on
    /// the same line (Swift's lexer: `<#` ... `#>` without a line break, no `<#` inside).
    private func placeholderEnd(from i: Int) -> Int? {
        var j = i + 2
        while j + 1 < bytes.count, !Lexer.isLineBreak(bytes[j]) {
            if bytes[j] == UInt8(ascii: "#"), bytes[j + 1] == UInt8(ascii: ">") { return j + 2 }
            if bytes[j] == UInt8(ascii: "<"), bytes[j + 1] == UInt8(ascii: "#") { return nil }
            j += 1
        }
        return nil
    }

    /// `#selector(reference)` as the tokens of `#selector("reference")`: the reference
    /// (`tap`, `tap(_:)`, `Type.tap(sender:)`) is not an expression, so it is kept as text.
    private mutating func lexSelector(start: SourceLocation, spaceBefore: Bool, lineStart: Bool,
                                      into tokens: inout [Token]) throws(LexError) {
        for _ in 0..<"#selector".utf8.count { advance() }
        let nameEnd = here
        tokens.append(Token(kind: .identifier("#selector"), location: start, end: nameEnd, atLineStart: lineStart,
                            spaceBefore: spaceBefore, spaceAfter: false))
        while pos < bytes.count, bytes[pos] == 0x20 || bytes[pos] == 0x09 { advance() }
        guard peek() == UInt8(ascii: "(") else { throw error(.expectedLeftParenFollowingSelector, at: here) }
        let open = here
        advance()
        tokens.append(Token(kind: .leftParen, location: open, end: here, atLineStart: false, spaceBefore: false, spaceAfter: false))
        let textStart = here
        var depth = 0
        var text: [UInt8] = []
        while true {
            // Spaces, line breaks and comments are not part of the reference (swiftc lexes it).
            _ = try skipTrivia()
            guard pos < bytes.count else { throw error(.expectedRightParenToCompleteSelectorExpression, at: open, atEnd: true) }
            let c = bytes[pos]
            if c == UInt8(ascii: ")") {
                if depth == 0 { break }
                depth -= 1
            } else if c == UInt8(ascii: "(") {
                depth += 1
            }
            // A character the token loop refuses (a raw control character, a scalar that is
            // neither an identifier's nor whitespace) is refused here too, so it never reaches
            // the selector's string and the output.
            if c < 0x20 || c == 0x7F {
                throw error(.invalidCharacterInSourceFile, at: here)
            }
            if c >= 0x80, let (s, _) = scalar(at: pos), !Lexer.isIdentifierScalar(s) {
                throw error(.invalidCharacterInSourceFile, at: here)
            }
            text.append(c)
            advance()
        }
        if text.isEmpty { throw error(.expectedExpressionInSelectorExpression, at: textStart) }
        tokens.append(Token(kind: .string([.text(String(decoding: text, as: UTF8.self))]), location: textStart, end: here, atLineStart: false,
                            spaceBefore: false, spaceAfter: false))
        let close = here
        advance()
        tokens.append(Token(kind: .rightParen, location: close, end: here, atLineStart: false,
                            spaceBefore: false, spaceAfter: followedBySpace(pos)))
        lastWasDot = false
        afterTrivia = false
    }

    /// Keywords by first byte, so that telling a keyword from an identifier costs a few
    /// byte comparisons instead of hashing a String for every identifier.
    private static let keywordsByFirstByte: [[(bytes: [UInt8], keyword: Keyword)]] = {
        var table = Array(repeating: [(bytes: [UInt8], keyword: Keyword)](), count: 128)
        for k in Keyword.allCases {
            let b = Array(k.rawValue.utf8)
            table[Int(b[0])].append((b, k))
        }
        return table
    }()

    private static func keyword(_ word: ArraySlice<UInt8>) -> Keyword? {
        guard let first = word.first, first < 128 else { return nil }
        for candidate in keywordsByFirstByte[Int(first)] where candidate.bytes.count == word.count {
            if candidate.bytes.elementsEqual(word) { return candidate.keyword }
        }
        return nil
    }

    private static func isIdentifierScalar(_ s: Unicode.Scalar) -> Bool {
        let p = s.properties
        if p.isWhitespace { return false }
        if p.isAlphabetic || p.isXIDContinue || p.isEmoji { return true }
        return false
    }

    private func startsComment(_ i: Int) -> Bool {
        guard bytes[i] == UInt8(ascii: "/"), i + 1 < bytes.count else { return false }
        return bytes[i + 1] == UInt8(ascii: "/") || bytes[i + 1] == UInt8(ascii: "*")
    }

    private mutating func lexCommand() -> TokenKind {
        advance() // ':'
        let s = pos
        while pos < bytes.count, bytes[pos] < 0x80,
              Lexer.isIdentifierPart(bytes[pos]) || bytes[pos] == UInt8(ascii: "-") { advance() }
        let name = String(decoding: bytes[s..<pos], as: UTF8.self)
        let a = pos
        while pos < bytes.count, !Lexer.isLineBreak(bytes[pos]) { advance() }
        let rest = String(decoding: bytes[a..<pos], as: UTF8.self)
        let trimmed = rest.trimmingWhitespace()
        return .command(name: name, arguments: trimmed)
    }

    // MARK: - Numbers

    private mutating func lexNumber(start: SourceLocation) throws(LexError) -> TokenKind {
        if bytes[pos] == UInt8(ascii: "0"), let radix = Lexer.radix(peek(1)) {
            advance(); advance()
            var digits = ""
            while pos < bytes.count {
                let c = bytes[pos]
                if c == UInt8(ascii: "_") { advance(); continue }
                guard Lexer.digitValue(c).map({ $0 < radix }) == true else { break }
                digits.unicodeScalars.append(Unicode.Scalar(c)); advance()
            }
            if radix == 16, !digits.isEmpty, !lastWasDot, let value = try lexHexFloat(digits) { return .double(value) }
            if digits.isEmpty || (pos < bytes.count && Lexer.isIdentifierPart(bytes[pos])) {
                // swiftc names the character after the prefix whatever it is (`0x.5`: '.').
                let named = pos < bytes.count && (digits.isEmpty || Lexer.isIdentifierPart(bytes[pos]))
                let c = named ? scalar(at: pos).map { String($0.0) } ?? "" : ""
                let what: String
                switch radix {
                case 16: what = "hexadecimal digit (0-9, A-F)"
                case 2: what = "binary digit (0 or 1)"
                default: what = "octal digit (0-7)"
                }
                throw error(.invalidDigitInIntegerLiteral(String(c), kind: what), at: here)
            }
            return .integer(digits: digits, radix: radix)
        }
        var text = ""
        var isDouble = false
        func digits(_ lexer: inout Lexer, into text: inout String) {
            while lexer.pos < lexer.bytes.count {
                let c = lexer.bytes[lexer.pos]
                if c == UInt8(ascii: "_") { lexer.advance(); continue }
                guard Lexer.isDigit(c) else { break }
                text.unicodeScalars.append(Unicode.Scalar(c)); lexer.advance()
            }
        }
        digits(&self, into: &text)
        if !lastWasDot {
            if peek() == UInt8(ascii: "."), Lexer.isDigit(peek(1)) {
                isDouble = true
                text += "."; advance()
                digits(&self, into: &text)
            }
            if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
                isDouble = true
                text += "e"; advance()
                if peek() == UInt8(ascii: "-") || peek() == UInt8(ascii: "+") {
                    text.unicodeScalars.append(Unicode.Scalar(bytes[pos])); advance()
                }
                guard Lexer.isDigit(peek()) else {
                    if pos < bytes.count, Lexer.isIdentifierStart(bytes[pos]), let (s, _) = scalar(at: pos) {
                        throw error(.invalidDigitInExponent(String(s)), at: here)
                    }
                    throw error(.expectedADigitInFloatingPointExponent, at: here)
                }
                digits(&self, into: &text)
            }
        }
        if pos < bytes.count, Lexer.isIdentifierStart(bytes[pos]), let (c, _) = scalar(at: pos) {
            if isDouble {
                throw error(.invalidDigitInExponent(String(c)), at: here)
            }
            throw error(.invalidDigitInIntegerLiteral(String(c), kind: "digit"), at: here)
        }
        if isDouble {
            return .double(Double(text) ?? .infinity)
        }
        return .integer(digits: text, radix: 10)
    }

    /// `0x1.8p1`, `0x1p-2`: after a hexadecimal literal's integer digits, a fraction and the
    /// binary exponent Swift requires; nil (nothing consumed) when neither follows, or when a
    /// `.` is not followed by a hexadecimal digit or (`0xff.description`) the fraction has no
    /// exponent and does not start with a decimal digit: a member access, as swiftc lexes it.
    private mutating func lexHexFloat(_ integer: String) throws(LexError) -> Double? {
        var text = "0x" + integer
        if peek() == UInt8(ascii: "."), Lexer.digitValue(peek(1)) != nil {
            let dot = (pos, column)
            let startsWithDigit = Lexer.isDigit(peek(1))
            advance()
            text += "."
            while pos < bytes.count, bytes[pos] == UInt8(ascii: "_") || Lexer.digitValue(bytes[pos]) != nil {
                if bytes[pos] != UInt8(ascii: "_") { text.unicodeScalars.append(Unicode.Scalar(bytes[pos])) }
                advance()
            }
            if peek() != UInt8(ascii: "p") && peek() != UInt8(ascii: "P") {
                guard startsWithDigit else { (pos, column) = dot; return nil }
                throw error(.hexadecimalFloatingPointLiteralMustEndWithAnExponent, at: here)
            }
        }
        guard peek() == UInt8(ascii: "p") || peek() == UInt8(ascii: "P") else { return nil }
        text += "p"; advance()
        if peek() == UInt8(ascii: "-") || peek() == UInt8(ascii: "+") {
            text.unicodeScalars.append(Unicode.Scalar(bytes[pos])); advance()
        }
        guard Lexer.isDigit(peek()) else { throw error(.expectedADigitInFloatingPointExponent, at: here) }
        while pos < bytes.count, bytes[pos] == UInt8(ascii: "_") || Lexer.isDigit(bytes[pos]) {
            if bytes[pos] != UInt8(ascii: "_") { text.unicodeScalars.append(Unicode.Scalar(bytes[pos])) }
            advance()
        }
        if pos < bytes.count, Lexer.isIdentifierStart(bytes[pos]), let (c, _) = scalar(at: pos) {
            throw error(.invalidDigitInExponent(String(c)), at: here)
        }
        return Double(text) ?? .infinity
    }

    private static func radix(_ b: UInt8) -> Int? {
        switch b {
        case UInt8(ascii: "x"): return 16
        case UInt8(ascii: "b"): return 2
        case UInt8(ascii: "o"): return 8
        default: return nil
        }
    }
    private static func digitValue(_ b: UInt8) -> Int? {
        switch b {
        case 0x30...0x39: return Int(b - 0x30)
        case 0x61...0x66: return Int(b - 0x61 + 10)
        case 0x41...0x46: return Int(b - 0x41 + 10)
        default: return nil
        }
    }

    // MARK: - Strings

    /// Whether `count` `#` follow the byte at `index` (a raw string's delimiter or escape).
    private func hashesFollow(_ index: Int, _ count: Int) -> Bool {
        var k = 1
        while k <= count {
            guard index + k < bytes.count, bytes[index + k] == UInt8(ascii: "#") else { return false }
            k += 1
        }
        return true
    }

    /// A string literal at its opening quote; `hashes` is the number of `#` before it
    /// (a raw string), and `start` is where the first of them is.
    private mutating func lexString(start: SourceLocation? = nil, hashes: Int = 0) throws(LexError) -> TokenKind {
        let start = start ?? here
        if peek(1) == UInt8(ascii: "\""), peek(2) == UInt8(ascii: "\"") {
            return try lexMultilineString(start: start, hashes: hashes)
        }
        advance() // opening quote
        var parts: [LexedStringPart] = []
        var buffer: [UInt8] = []
        while true {
            guard pos < bytes.count, bytes[pos] != 0x0A, bytes[pos] != 0x0D else {
                throw error(.unterminatedStringLiteral, at: start)
            }
            let c = bytes[pos]
            if c == UInt8(ascii: "\""), hashesFollow(pos, hashes) {
                for _ in 0...hashes { advance() }
                break
            }
            if c == UInt8(ascii: "\\"), hashesFollow(pos, hashes) {
                try lexEscape(into: &buffer, parts: &parts, stringStart: start, singleLine: true, hashes: hashes)
            } else {
                // swiftc: a raw control character (a tab too) is no part of a one-line literal.
                if c < 0x20 || c == 0x7F { throw error(.unprintableASCIICharacterFoundInSourceFile, at: here) }
                buffer.append(c); advance()
            }
        }
        if !buffer.isEmpty || parts.isEmpty { parts.append(.text(String(decoding: buffer, as: UTF8.self))) }
        return .string(parts)
    }

    /// Handles a backslash: an escape into `buffer`, or an interpolation appended to `parts`.
    private mutating func lexEscape(into buffer: inout [UInt8], parts: inout [LexedStringPart],
                                    stringStart: SourceLocation, singleLine: Bool, hashes: Int = 0) throws(LexError) {
        let backslash = here
        for _ in 0...hashes { advance() }
        let at = here
        guard pos < bytes.count else { throw error(.unterminatedStringLiteral, at: stringStart, atEnd: !singleLine) }
        let c = bytes[pos]
        switch c {
        case UInt8(ascii: "n"): buffer.append(0x0A); advance()
        case UInt8(ascii: "t"): buffer.append(0x09); advance()
        case UInt8(ascii: "r"): buffer.append(0x0D); advance()
        case UInt8(ascii: "0"): buffer.append(0x00); advance()
        case UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "\\"): buffer.append(c); advance()
        case UInt8(ascii: "u"):
            advance()
            guard peek() == UInt8(ascii: "{") else {
                throw error(.expectedHexadecimalCodeInBracesAfterUnicodeEscape, at: at)
            }
            advance()
            var value: UInt32 = 0
            var count = 0
            while pos < bytes.count, let d = Lexer.digitValue(bytes[pos]) {
                value = value &* 16 &+ UInt32(d); count += 1; advance()
            }
            guard peek() == UInt8(ascii: "}") else {
                throw error(.expectedRightBraceInUnicodeEscapeEscapeSequence, at: here)
            }
            advance()
            guard count >= 1 && count <= 8 else {
                throw error(.unicodeEscapeEscapeSequenceExpectsBetween1And8HexDigits, at: here)
            }
            guard let scalar = Unicode.Scalar(value) else {
                throw error(.invalidUnicodeScalar, at: backslash)
            }
            buffer.append(contentsOf: String(scalar).utf8)
        case UInt8(ascii: "("):
            advance()
            if !buffer.isEmpty {
                parts.append(.text(String(decoding: buffer, as: UTF8.self)))
                buffer.removeAll(keepingCapacity: true)
            }
            nesting += 1
            bracketDepth += 1
            defer { nesting -= 1; bracketDepth -= 1 }
            if nesting > Lexer.maxNesting {
                throw error(.stringInterpolationIsTooDeeplyNested, at: at)
            }
            let saved = lastWasDot
            let inner = try lexTokens(interpolationOf: (at, singleLine))
            lastWasDot = saved
            parts.append(.interpolation(inner))
        default:
            throw error(.invalidEscapeSequenceInLiteral, at: at)
        }
    }

    /// A `"""` literal: the closing delimiter's indentation is removed from every line,
    /// and the newlines after the opening and before the closing delimiter are not content.
    private mutating func lexMultilineString(start: SourceLocation, hashes: Int) throws(LexError) -> TokenKind {
        advance(); advance(); advance()
        let afterDelimiter = here
        while pos < bytes.count, bytes[pos] == 0x20 || bytes[pos] == 0x09 { advance() }
        guard pos < bytes.count else { throw error(.unterminatedStringLiteral, at: start, atEnd: true) }
        guard Lexer.isLineBreak(bytes[pos]) else {
            throw error(.multiLineStringLiteralContentMustBeginOnANewLine, at: afterDelimiter)
        }
        if bytes[pos] == 0x0D && peek(1) == 0x0A { advance() }
        advance()
        let contentStart = pos
        var i = pos
        var closing = -1
        while i + 2 < bytes.count {
            if bytes[i] == UInt8(ascii: "\\"), hashesFollow(i, hashes) { i += hashes + 2; continue }
            if bytes[i] == UInt8(ascii: "\""), bytes[i + 1] == UInt8(ascii: "\""), bytes[i + 2] == UInt8(ascii: "\""),
               hashesFollow(i + 2, hashes) {
                closing = i; break
            }
            i += 1
        }
        guard closing >= 0 else { throw error(.unterminatedStringLiteral, at: start, atEnd: true) }
        var lineBegin = closing
        while lineBegin > contentStart, bytes[lineBegin - 1] == 0x20 || bytes[lineBegin - 1] == 0x09 { lineBegin -= 1 }
        if lineBegin > contentStart && !Lexer.isLineBreak(bytes[lineBegin - 1]) {
            while pos < closing { advance() }
            throw error(.multiLineStringLiteralClosingDelimiterMustBeginOnANewLine, at: here)
        }
        let indent = bytes[lineBegin..<closing]
        let contentEnd = lineBegin == contentStart ? contentStart : lineBegin - 1
        var parts: [LexedStringPart] = []
        var buffer: [UInt8] = []
        var atLineBegin = true
        while pos < contentEnd {
            if atLineBegin {
                atLineBegin = false
                if contentEnd - pos >= indent.count, bytes[pos..<(pos + indent.count)].elementsEqual(indent) {
                    for _ in 0..<indent.count { advance() }
                } else {
                    var j = pos
                    while j < contentEnd, bytes[j] == 0x20 || bytes[j] == 0x09 { j += 1 }
                    guard j == contentEnd || Lexer.isLineBreak(bytes[j]) else {
                        var k = 0
                        while k < indent.count, bytes[pos] == indent[indent.startIndex + k] { advance(); k += 1 }
                        throw error(.insufficientIndentationOfLineInMultiLineStringLiteral, at: here)
                    }
                    while pos < j { advance() }
                }
                continue
            }
            let c = bytes[pos]
            if c == 0x0D && peek(1) == 0x0A {
                advance()
            } else if Lexer.isLineBreak(c) {
                // Every line break in the literal is a "\n", as in Swift.
                buffer.append(0x0A); advance(); atLineBegin = true
            } else if c == UInt8(ascii: "\\"), hashesFollow(pos, hashes) {
                var j = pos + 1 + hashes
                while j < bytes.count, bytes[j] == 0x20 || bytes[j] == 0x09 { j += 1 }
                if j < contentEnd, Lexer.isLineBreak(bytes[j]) {
                    // An escaped newline joins the lines.
                    if bytes[j] == 0x0D && j + 1 < bytes.count && bytes[j + 1] == 0x0A { j += 1 }
                    while pos <= j { advance() }
                    atLineBegin = true
                } else {
                    try lexEscape(into: &buffer, parts: &parts, stringStart: start, singleLine: false, hashes: hashes)
                }
            } else {
                // In a multi-line literal a tab may stand; other control characters may not.
                if (c < 0x20 && c != 0x09) || c == 0x7F {
                    throw error(.unprintableASCIICharacterFoundInSourceFile, at: here)
                }
                buffer.append(c); advance()
            }
        }
        while pos < closing + 3 + hashes { advance() }
        if !buffer.isEmpty || parts.isEmpty { parts.append(.text(String(decoding: buffer, as: UTF8.self))) }
        return .string(parts)
    }
}

extension String {
    /// Trims ASCII blanks (and a stray carriage return) from both ends.
    func trimmingWhitespace() -> String {
        var s = Substring(self)
        while let f = s.unicodeScalars.first, f == " " || f == "\t" || f == "\r" { s = s.dropFirst() }
        while let l = s.unicodeScalars.last, l == " " || l == "\t" || l == "\r" { s = s.dropLast() }
        return String(s)
    }
}
