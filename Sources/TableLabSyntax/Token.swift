// Tokens: what the lexer hands the parser.

/// Reserved words the parser treats specially. Contextual words (`table`, `get`, `set`,
/// `mutating`, access modifiers, ...) stay identifiers so scripts may use them as names.
public enum Keyword: String, Sendable, CaseIterable {
    case `let`, `var`, `func`, `enum`, `struct`, `class`, `extension`, `protocol`, `import`
    case `if`, `else`, `guard`, `switch`, `case`, `default`, `for`, `in`, `while`, `repeat`, `do`
    case `break`, `continue`, `return`, `fallthrough`, `where`
    case `true`, `false`, `nil`, `self`, `Self`, `init`, `static`
    case `as`, `is`, `throws`, `throw`, `try`, `inout`, `defer`, `typealias`, `subscript`
    case `rethrows`, `deinit`
}

/// One piece of a string literal as lexed: text with escapes already applied, or the
/// tokens of an interpolation `\( ... )` (ending with an `.eof` token at the `)`).
public enum LexedStringPart: Sendable {
    case text(String)
    case interpolation([Token])
}

public enum TokenKind: Sendable {
    case identifier(String)          // also `backticked` keywords, without the backticks
    case keyword(Keyword)
    /// The literal's digits as written (underscores removed) and its radix; the parser
    /// converts so that `-9223372036854775808` can be folded as Swift does.
    case integer(digits: String, radix: Int)
    case double(Double)
    case string([LexedStringPart])
    case shorthand(Int)              // $0, $1
    case `operator`(String)          // + - == ?? ..< = += -> ! ? & ...
    case attribute(String)           // @objc, @IBAction (name without '@')
    case leftParen, rightParen, leftBracket, rightBracket, leftBrace, rightBrace
    case comma, colon, semicolon, dot
    case backslash                   // starts a key path: `\.title`
    case command(name: String, arguments: String)   // `:show Settings` at the start of a line
    case eof
}

/// The case of a `TokenKind` without its payload: the parser's hot checks compare this
/// byte instead of copying (and reference-counting) the kind.
public enum TokenTag: UInt8, Sendable {
    case identifier, keyword, integer, double, string, shorthand, `operator`, attribute
    case leftParen, rightParen, leftBracket, rightBracket, leftBrace, rightBrace
    case comma, colon, semicolon, dot, backslash, command, eof
}

public struct Token: Sendable {
    public var kind: TokenKind {
        didSet { (tag, keyword) = Token.classify(kind) }
    }
    public private(set) var tag: TokenTag
    /// The keyword when `tag` is `.keyword`.
    public private(set) var keyword: Keyword?
    public var location: SourceLocation
    /// Where the token ends (just after its last scalar): swiftc puts some diagnostics there.
    public var end: SourceLocation
    /// The token is the first on its line (a newline, possibly with comments, precedes it).
    public var atLineStart: Bool
    /// Whitespace, a comment or an opening bracket/separator precedes it (Swift's "left-bound" test, negated).
    public var spaceBefore: Bool
    /// Whitespace, a comment or a closing bracket/separator follows it.
    public var spaceAfter: Bool

    public init(kind: TokenKind, location: SourceLocation, end: SourceLocation,
                atLineStart: Bool, spaceBefore: Bool, spaceAfter: Bool) {
        self.kind = kind; self.location = location; self.end = end
        self.atLineStart = atLineStart; self.spaceBefore = spaceBefore; self.spaceAfter = spaceAfter
        (tag, keyword) = Token.classify(kind)
    }

    private static func classify(_ kind: TokenKind) -> (TokenTag, Keyword?) {
        switch kind {
        case .identifier: return (.identifier, nil)
        case .keyword(let k): return (.keyword, k)
        case .integer: return (.integer, nil)
        case .double: return (.double, nil)
        case .string: return (.string, nil)
        case .shorthand: return (.shorthand, nil)
        case .operator: return (.operator, nil)
        case .attribute: return (.attribute, nil)
        case .leftParen: return (.leftParen, nil)
        case .rightParen: return (.rightParen, nil)
        case .leftBracket: return (.leftBracket, nil)
        case .rightBracket: return (.rightBracket, nil)
        case .leftBrace: return (.leftBrace, nil)
        case .rightBrace: return (.rightBrace, nil)
        case .comma: return (.comma, nil)
        case .colon: return (.colon, nil)
        case .semicolon: return (.semicolon, nil)
        case .dot: return (.dot, nil)
        case .backslash: return (.backslash, nil)
        case .command: return (.command, nil)
        case .eof: return (.eof, nil)
        }
    }

    /// Swift's rule for operators: whitespace on both sides or on neither means binary.
    public var isBinaryOperatorForm: Bool { spaceBefore == spaceAfter }
    public var isPrefixOperatorForm: Bool { spaceBefore && !spaceAfter }
    public var isPostfixOperatorForm: Bool { !spaceBefore && spaceAfter }

    /// The source spelling, for diagnostics.
    public var spelling: String {
        switch kind {
        case .identifier(let s): return s
        case .keyword(let k): return k.rawValue
        case .integer(let d, let r):
            switch r { case 16: return "0x" + d; case 2: return "0b" + d; case 8: return "0o" + d; default: return d }
        case .double(let d): return String(d)
        case .string: return "\"...\""
        case .shorthand(let n): return "$\(n)"
        case .operator(let o): return o
        case .attribute(let a): return "@" + a
        case .leftParen: return "("
        case .rightParen: return ")"
        case .leftBracket: return "["
        case .rightBracket: return "]"
        case .leftBrace: return "{"
        case .rightBrace: return "}"
        case .comma: return ","
        case .colon: return ":"
        case .semicolon: return ";"
        case .dot: return "."
        case .backslash: return "\\"
        case .command(let n, _): return ":" + n
        case .eof: return "end of input"
        }
    }
}
