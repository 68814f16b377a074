// The parser: a hand-written recursive-descent parser for TableLab's Swift subset.
//
// It follows Swift's own rules where they decide the shape of the tree: operator
// precedence groups, the whitespace rule that makes an operator binary, prefix or
// postfix, the "a `{` after a condition opens the body, not a trailing closure" rule,
// and swiftc's wording for every error it reports.
//
// Each parse function opens with the rule it parses, as Lua's lparser.c does:
//     while -> 'while' conditionList block
// 'x' is a token spelled x (keywords, contextual words such as 'get', punctuation,
// operators); identifier, keyword, integer, double, string, shorthand ($0), operator,
// attribute (@x), command and eof are kinds of token (TokenTag); labelName is an
// identifier or a keyword, as Swift allows for labels and members; any is any token.
// Other names are rules: a parse function's is its name without `parse`, `skip` or
// `speculate` (`conditionList` is `parseConditionList`), except `file`, `statementItem`,
// `statementEnd` and `string` (`parseTopLevelRecovering`, `appendStatement`,
// `expectStatementEnd`, `convertString`); the rest are defined beside the rule using
// them. [ x ] is optional, { x } repeats zero or more times, | separates alternatives,
// &x means that x follows (and is not consumed), NL that the next token starts a line.
// `--` begins a remark; "attached" means no space between two tokens. "TableLab:" says
// where the subset accepts less than Swift.

/// Why a parse failed: the diagnostics (the first is the real error) and whether the
/// input merely stopped early, so that an interactive session can ask for another line.
public struct ParseFailure: Error, Sendable {
    /// At least one diagnostic; each names the file that was parsed.
    public var diagnostics: [Diagnostic]
    /// True when more input could complete the entry: the text ended inside `{ ( [`,
    /// a `"""` string or a `/* */` comment, after a binary operator, or mid-statement.
    public var isUnexpectedEndOfInput: Bool

    public init(diagnostics: [Diagnostic], isUnexpectedEndOfInput: Bool) {
        self.diagnostics = diagnostics
        self.isUnexpectedEndOfInput = isUnexpectedEndOfInput
    }
}

public enum Parser {
    /// Parses a whole file or interactive entry.
    ///
    /// Errors come in swiftc's words and places, at most 10 per input (the parser resumes
    /// at the next line starting in column 1). Nesting is capped as swiftc caps it (256
    /// brackets), and long chains at 4096 links, so that no input can overflow the stack:
    /// the deepest input needs about 1.1 MB of stack in a release build (4 MB in debug).
    /// `screenSuperclasses`: the host's view-controller types. A class inheriting from one
    /// is a `class` like any other (its instances are screens, which the host tells from
    /// model classes); the parameter stays for the callers that name them.
    public static func parse(_ file: SourceFile, screenSuperclasses: Set<String> = []) throws(ParseFailure) -> SourceUnit {
        var lexer = Lexer(text: file.text, lineOffset: file.lineOffset)
        let tokens: [Token]
        do {
            tokens = try lexer.tokenize()
        } catch {
            let notes = error.notes.map { note -> Diagnostic in
                var n = note
                n.file = file
                return n
            }
            throw ParseFailure(diagnostics: [.error(error.content, at: error.location, in: file, notes: notes)],
                               isUnexpectedEndOfInput: error.atEnd)
        }
        var parser = ParserState(tokens: tokens, isWholeInput: true)
        if lexer.namesFunction {
            parser.namesFunction = true
            parser.functionNames = [.named(file.moduleName)]
            parser.sourceFile = file
        }
        parser.customOperators = CustomOperators(tokens: tokens)
        parser.screenSuperclasses = screenSuperclasses
        let (statements, errors) = parser.parseTopLevelRecovering()
        guard !errors.isEmpty else {
            var unit = SourceUnit(statements: statements, imports: parser.imports, importedModules: parser.importedModules,
                                  unsupportedDeclarations: parser.unsupportedDeclarations,
                                  mayHoldSwitches: parser.switchesBuilt > 0)
            unit.memberModifiers = parser.classMemberModifiers
            unit.objcTypes = parser.objcTypes
            unit.attributeWhitespace = parser.attributeWhitespace
            unit.typeNameLocations = parser.typeNameLocations
            guard LocalTypeScoper.mayDeclareLocalTypes(tokens) else { return unit }
            return LocalTypeScoper.apply(unit, fileName: file.name)
        }
        let diagnostics = errors.map { error -> Diagnostic in
            let notes = error.notes.map { note -> Diagnostic in
                var n = note
                n.file = file
                return n
            }
            return .error(error.message as SyntaxMessage, at: error.location, in: file, notes: notes)
        }
        // Only an input whose one problem is that it stopped early can be completed.
        throw ParseFailure(diagnostics: diagnostics, isUnexpectedEndOfInput: errors.count == 1 && errors[0].atEnd)
    }
}

/// A syntax error; `atEnd` is set when the parser stopped at the end of the input.
struct SyntaxError: Error {
    var message: SyntaxMessage
    var location: SourceLocation
    var atEnd: Bool
    var notes: [Diagnostic] = []
}

struct ParserState {
    var tokens: [Token]
    var pos = 0
    /// What `#function` is where the parser stands, innermost last (spelt only when a
    /// `#function` asks). Kept only when `namesFunction`: the preludes' declarations are
    /// parsed at every start-up, and a stack pushed per declaration costs there.
    var functionNames: [FunctionNameContext] = []
    /// The tokens hold a `#function` (`Lexer.namesFunction`), `#file` or `#line`.
    var namesFunction = false
    /// The text parsed, for `#file` and `#line` (kept only when `namesFunction`).
    var sourceFile: SourceFile?
    /// False for the tokens of a string interpolation, whose `.eof` is its `)`.
    let isWholeInput: Bool
    var depth = 0
    /// Inside an `if`/`while`/`guard`/`switch`/`for` header a `{` opens the body.
    var noTrailingClosure = false
    /// Per open closure, the highest `$n` seen plus one.
    var shorthandCounts: [Int] = []
    /// Extra statements from `let a = 1, b = 2`, one declaration each, appended after the first.
    var pendingStatements: [Stmt] = []
    /// See `Parser.parse(_:screenSuperclasses:)`.
    var screenSuperclasses: Set<String> = []
    /// The modules `import` declarations name.
    var imports: [String] = []
    /// Each import's module path and place (SourceUnit.importedModules).
    var importedModules: [ImportedModule] = []
    /// Declarations read but not implemented (SourceUnit.unsupportedDeclarations).
    var unsupportedDeclarations: [UnsupportedDeclaration] = []
    /// How many `switch` statements were built, a backtracked one included (an overcount
    /// only costs a walk): `SourceUnit.mayHoldSwitches`.
    var switchesBuilt = 0
    /// The operators the file declares (Parser+Operators.swift); shared with the parsers of
    /// its interpolations. Nil for a parser that has no file of its own.
    var customOperators: CustomOperators? = nil
    /// Class-member modifiers by member location (read into ClassDecl.memberModifiers).
    var classMemberModifiers: [SourceLocation: ClassMemberModifiers] = [:]
    /// `@objc extension`, `@objcMembers class`: their locations (SourceUnit.objcTypes).
    var objcTypes: Set<SourceLocation> = []
    /// The `(` of each `@available (...)`-style attribute written with a space before it:
    /// swiftc's Swift 5 mode warns there and reads the arguments.
    var attributeWhitespace: [SourceLocation] = []
    /// SourceUnit.typeNameLocations.
    var typeNameLocations: [SourceLocation: String] = [:]
    /// The `deinit` of the type body being parsed.
    var pendingDeinit: (body: [Stmt], location: SourceLocation)? = nil

    /// The lexer already caps bracket nesting at 256; this bounds the recursion that
    /// brackets do not (prefix operator chains, `??` chains, nested patterns) so that no
    /// input can overflow the stack.
    static let maxDepth = 1024

    /// Operator chains (`a + b + ...`), postfix chains (`a.b.c...`) and `else if` chains
    /// are read in loops but still build trees as deep as they are long, and every later
    /// pass (and freeing the tree) recurses over them: they are capped too.
    static let maxChainLength = 4096
    static let chainTooLong = SyntaxMessage.expressionTooLong

    init(tokens: [Token], isWholeInput: Bool) {
        self.tokens = tokens
        self.isWholeInput = isWholeInput
    }

    // MARK: - Token access

    var current: Token { @inline(__always) get { tokens[pos] } }
    var kind: TokenKind { @inline(__always) get { tokens[pos].kind } }
    var previous: Token { tokens[max(pos - 1, 0)] }

    func peekToken(_ n: Int = 1) -> Token { tokens[min(pos + n, tokens.count - 1)] }

    // MARK: - Nodes

    /// Every node is made just after its last token is consumed, so that token's end is
    /// the node's. `start` is the node's first token where that is not its `location`
    /// (a binary operation sits at its operator, a member at its name).
    ///
    /// Mutating although they change nothing: Swift reads a mutating method's `self` after
    /// its arguments, so `expr(.ifExpr(try parseIfRest()), at: start)` ends the node after
    /// what `parseIfRest` consumed; a plain method would read `self` first.
    @inline(__always)
    mutating func expr(_ kind: ExprKind, at location: SourceLocation, from start: SourceLocation? = nil) -> Expr {
        Expr(kind, at: location, range: SourceRange(start: start ?? location, end: tokens[max(pos - 1, 0)].end))
    }

    @inline(__always)
    mutating func stmt(_ kind: StmtKind, at location: SourceLocation, from start: SourceLocation? = nil) -> Stmt {
        Stmt(kind, at: location, range: SourceRange(start: start ?? location, end: tokens[max(pos - 1, 0)].end))
    }

    mutating func advance() {
        if pos < tokens.count - 1 { pos += 1 }
    }

    var atEOF: Bool { tokens[pos].tag == .eof }

    @inline(never) func error(_ message: SyntaxMessage, at location: SourceLocation? = nil) -> SyntaxError {
        SyntaxError(message: message, location: location ?? tokens[pos].location, atEnd: isWholeInput && atEOF)
    }

    /// A missing-token error: swiftc puts it just after the previous token when the
    /// current one starts a new line, else at the current token.
    @inline(never) func missing(_ message: SyntaxMessage) -> SyntaxError {
        if tokens[pos].atLineStart && !atEOF { return errorAfterPrevious(message) }
        return error(message)
    }

    /// A missing closing bracket, with swiftc's note at the bracket it would close.
    @inline(never) func unclosed(_ message: SyntaxMessage, opener: SourceLocation, _ bracket: String, afterPrevious: Bool = false) -> SyntaxError {
        var e = afterPrevious ? errorAfterPrevious(message) : error(message)
        e.notes.append(.note(SyntaxMessage.toMatchOpening(bracket), at: opener))
        return e
    }

    /// An error placed just after the previous token (where swiftc puts "expected ..." fixes).
    @inline(never) func errorAfterPrevious(_ message: SyntaxMessage) -> SyntaxError {
        SyntaxError(message: message, location: previous.end, atEnd: isWholeInput && atEOF)
    }

    func isKeyword(_ k: Keyword) -> Bool { tokens[pos].keyword == k }
    func isIdentifier(_ name: String) -> Bool {
        guard tokens[pos].tag == .identifier, case .identifier(let x) = kind else { return false }
        return x == name
    }
    func isOperator(_ op: String) -> Bool {
        guard tokens[pos].tag == .operator, case .operator(let x) = kind else { return false }
        return x == op
    }
    var isLeftBrace: Bool { tokens[pos].tag == .leftBrace }
    var isRightBrace: Bool { tokens[pos].tag == .rightBrace }
    var isLeftParen: Bool { tokens[pos].tag == .leftParen }
    var isRightParen: Bool { tokens[pos].tag == .rightParen }
    var isLeftBracket: Bool { tokens[pos].tag == .leftBracket }
    var isRightBracket: Bool { tokens[pos].tag == .rightBracket }
    var isComma: Bool { tokens[pos].tag == .comma }
    var isColon: Bool { tokens[pos].tag == .colon }
    var isSemicolon: Bool { tokens[pos].tag == .semicolon }
    var isDot: Bool { tokens[pos].tag == .dot }

    mutating func consumeKeyword(_ k: Keyword) -> Bool {
        if isKeyword(k) { advance(); return true }
        return false
    }

    /// An identifier name, or nil.
    var identifierName: String? {
        guard tokens[pos].tag == .identifier, case .identifier(let s) = kind else { return nil }
        return s
    }

    /// A name where Swift allows any keyword too: argument labels and member names.
    var labelName: String? {
        switch kind {
        case .identifier(let s): return s
        case .keyword(let k): return k.rawValue
        default: return nil
        }
    }

    mutating func enter() throws {
        depth += 1
        if depth > ParserState.maxDepth {
            throw error(.structureNestingTooDeep(maximum: Lexer.maxBracketDepth))
        }
    }
    mutating func leave() { depth -= 1 }

    // MARK: - Statement lists

    /// At most this many syntax errors are reported for one input.
    static let maxErrors = 10

    /// file -> topLevel { skipped topLevel }   -- each topLevel ends at an error; at most 10 errors
    /// skipped -> any { any }   -- up to a line starting in column 1 with no `} ) ] . , :` or operator
    ///
    /// Parses the whole input, going on after an error so that a file's independent
    /// mistakes are all reported, as swiftc does. It resumes at the next line that starts
    /// in column 1 (where top-level statements start), skipping closing brackets there,
    /// which keeps one mistake from being reported again as a cascade of others.
    mutating func parseTopLevelRecovering() -> ([Stmt], [SyntaxError]) {
        var statements: [Stmt] = []
        var errors: [SyntaxError] = []
        while true {
            do {
                statements += try parseTopLevel()
                break
            } catch let error as SyntaxError {
                errors.append(error)
                if error.atEnd || atEOF || errors.count >= ParserState.maxErrors { break }
                depth = 0
                noTrailingClosure = false
                shorthandCounts = []
                pendingStatements = []
                repeat { advance() } while !atEOF && !startsTopLevelLine
                if atEOF { break }
            } catch {
                // The parse functions throw only SyntaxError; this keeps an unexpected one a
                // syntax error rather than a crash.
                errors.append(SyntaxError(message: .unexpectedParserError, location: tokens[pos].location, atEnd: false))
                break
            }
        }
        return (statements, errors)
    }

    private var startsTopLevelLine: Bool {
        let token = tokens[pos]
        guard token.atLineStart, token.location.column == 1 else { return false }
        switch token.tag {
        case .rightBrace, .rightParen, .rightBracket, .dot, .operator, .comma, .colon: return false
        default: return true
        }
    }

    /// topLevel -> { ';' | statementItem statementEnd } eof   -- a statement here begins with no `{` or `}`
    mutating func parseTopLevel() throws -> [Stmt] {
        var statements: [Stmt] = []
        while true {
            while isSemicolon { advance() }
            if atEOF { break }
            if isRightBrace { throw error(.extraneousRightBraceAtTopLevel) }
            if isLeftBrace { throw error(.topLevelStatementCannotBeginWithAClosureExpression) }
            try appendStatement(to: &statements)
            try expectStatementEnd()
        }
        return statements
    }

    /// statementItem -> statement   -- `let a = 1, b = 2` adds one statement per binding
    ///
    /// Parses one statement (several for `let a = 1, b = 2`) onto `list`.
    mutating func appendStatement(to list: inout [Stmt]) throws {
        list.append(try parseStatement())
        if !pendingStatements.isEmpty {
            list.append(contentsOf: pendingStatements)
            pendingStatements.removeAll()
        }
    }

    /// statementEnd -> ';' | NL | &'}' | &'case' | &'default' | &eof
    ///
    /// After a statement: a `;`, a newline, a `}` or the end.
    mutating func expectStatementEnd() throws {
        if isSemicolon { advance(); return }
        if atEOF || isRightBrace || tokens[pos].atLineStart || isKeyword(.case) || isKeyword(.default) { return }
        if let e = oneSidedRangeError() { throw e }
        throw errorAfterPrevious(.consecutiveStatementsOnALineMustBeSeparatedBySemicolon)
    }

    /// block -> '{' { ';' | statementItem statementEnd } '}'
    ///
    /// `{ statements }`; `what` names the construct for the "expected '}'" message.
    mutating func parseBlock(_ what: String = "brace statement") throws -> [Stmt] {
        guard isLeftBrace else { throw error(.expectedLeftBrace) }
        try enter(); defer { leave() }
        let savedNoTrailing = noTrailingClosure
        noTrailingClosure = false
        defer { noTrailingClosure = savedNoTrailing }
        let opener = tokens[pos].location
        advance()
        var statements: [Stmt] = []
        while true {
            while isSemicolon { advance() }
            if isRightBrace { advance(); break }
            if atEOF { throw unclosed(.expectedRightBraceAtEndOf(what), opener: opener, "{") }
            try appendStatement(to: &statements)
            try expectStatementEnd()
        }
        return statements
    }
}
