// Custom operators: `infix operator ** : MultiplicationPrecedence`, `prefix operator √`,
// `postfix operator %%`, `precedencegroup`, and `prefix func`/`postfix func`.
//
// TableLab does not implement them, and says so by name at each declaration
// (SourceUnit.unsupportedDeclarations, refused before the unit runs). They are parsed all
// the same, so that one such declaration does not hide the rest of the file: a use of a
// declared operator reads as a call of its function (`a ** b` as `**(a, b)`, the way Swift
// resolves it), which the later checks treat like any call, instead of a cascade of
// "cannot find operator" at every use.

/// The operators a file declares, found by one look over its tokens the first time the
/// parser meets an operator it does not know (a file without one never pays for it).
final class CustomOperators {
    struct Declared {
        var infix: Precedence?
        var isPrefix = false
        var isPostfix = false
        /// The type whose `static func` implements it, when no global `func` does.
        var implementingType: String?
        var hasGlobalFunction = false
    }

    private let tokens: [Token]
    private var scanned = false
    private var declared: [String: Declared] = [:]

    init(tokens: [Token]) { self.tokens = tokens }

    /// The declaration of `name`, if the file has one.
    func declaration(_ name: String) -> Declared? {
        if !scanned { scan() }
        return declared[name]
    }

    static let fixityWords: Set<String> = ["infix", "prefix", "postfix"]

    /// One pass: each `fixity operator name [: Group]`, each `precedencegroup` with its
    /// `higherThan`/`lowerThan`, and each operator function with the type it is a member of.
    private func scan() {
        scanned = true
        var groups: [String: Precedence] = [:]
        var infixGroups: [(name: String, group: String?)] = []
        // The type declared at each brace depth (`struct V {` opens depth 1 inside V).
        var typeAtDepth: [Int: String] = [:]
        var depth = 0
        var pendingType: String?
        var i = 0
        while i < tokens.count {
            let t = tokens[i]
            switch t.kind {
            case .leftBrace:
                depth += 1
                if let p = pendingType { typeAtDepth[depth] = p; pendingType = nil }
            case .rightBrace:
                typeAtDepth[depth] = nil
                depth -= 1
            case .keyword(let k) where k == .struct || k == .class || k == .enum || k == .extension:
                if i + 1 < tokens.count, case .identifier(let n) = tokens[i + 1].kind { pendingType = n }
            case .keyword(.func):
                if i + 1 < tokens.count, case .operator(let op) = tokens[i + 1].kind {
                    var d = declared[op] ?? Declared()
                    if depth == 0 { d.hasGlobalFunction = true } else if d.implementingType == nil { d.implementingType = typeAtDepth[depth] }
                    declared[op] = d
                }
            case .identifier("operator"):
                guard i > 0, i + 1 < tokens.count, case .identifier(let fixity) = tokens[i - 1].kind,
                      Self.fixityWords.contains(fixity), case .operator(let op) = tokens[i + 1].kind else { break }
                var d = declared[op] ?? Declared()
                switch fixity {
                case "prefix": d.isPrefix = true
                case "postfix": d.isPostfix = true
                default:
                    var group: String?
                    if i + 3 < tokens.count, tokens[i + 2].tag == .colon, case .identifier(let g) = tokens[i + 3].kind { group = g }
                    infixGroups.append((op, group))
                }
                declared[op] = d
            case .identifier("precedencegroup"):
                guard i + 1 < tokens.count, case .identifier(let name) = tokens[i + 1].kind else { break }
                // Its place among the standard groups, from `higherThan:` or `lowerThan:`.
                var j = i + 2, level = 0
                var found: Precedence?
                while j + 2 < tokens.count {
                    if tokens[j].tag == .leftBrace { level += 1 }
                    if tokens[j].tag == .rightBrace { level -= 1; if level <= 0 { break } }
                    if case .identifier(let relation) = tokens[j].kind, tokens[j + 1].tag == .colon,
                       case .identifier(let other) = tokens[j + 2].kind, let p = Precedence(groupName: other) {
                        if relation == "higherThan" { found = Precedence(rawValue: p.rawValue + 1) ?? .bitwiseShift }
                        if relation == "lowerThan", found == nil { found = Precedence(rawValue: max(p.rawValue - 1, Precedence.disjunction.rawValue)) }
                    }
                    j += 1
                }
                groups[name] = found
            default:
                break
            }
            i += 1
        }
        for (op, group) in infixGroups {
            // Swift's DefaultPrecedence sits just above the ternary operator.
            let p = group.flatMap { Precedence(groupName: $0) ?? groups[$0] } ?? .disjunction
            declared[op]?.infix = p
        }
    }
}

extension Precedence {
    /// The standard precedence group of that name.
    init?(groupName: String) {
        var p = Precedence.ternary
        while true {
            if p.name == groupName { self = p; return }
            guard let next = Precedence(rawValue: p.rawValue + 1) else { return nil }
            p = next
        }
    }
}

extension ParserState {
    /// At a statement's first identifier: whether an operator or precedence group
    /// declaration starts here (`infix operator`, `precedencegroup Name`).
    var startsOperatorDeclaration: Bool {
        let next = peekToken()
        guard next.tag == .identifier, !next.atLineStart, case .identifier(let word) = kind else { return false }
        if word == "precedencegroup" { return true }
        guard case .identifier("operator") = next.kind else { return false }
        return CustomOperators.fixityWords.contains(word)
    }

    /// operatorDeclaration -> ( 'infix' | 'prefix' | 'postfix' ) 'operator' operator [ ':' identifier ]
    ///                        [ '{' { any } '}' ]   -- the body of Swift 2's declarations, which swiftc refuses too
    /// precedenceGroup -> 'precedencegroup' identifier '{' { any } '}'
    /// TableLab: read and refused by name (UnsupportedDeclaration); only at file scope, as in Swift.
    mutating func parseOperatorDeclaration(at start: SourceLocation) throws -> Stmt {
        guard case .identifier(let word) = kind else { throw error(.expectedDeclaration) }
        let isGroup = word == "precedencegroup"
        if depth > 1 {
            // swiftc's words: the operator's at `operator`, the group's at its keyword.
            if isGroup { throw error(.declarationIsOnlyValidAtFileScope) }
            throw error(.operatorMayOnlyBeDeclaredAtFileScope, at: peekToken().location)
        }
        advance()
        if isGroup {
            guard case .identifier(let name) = kind else { throw error(.expectedIdentifierAfterPrecedencegroup) }
            unsupportedDeclarations.append(UnsupportedDeclaration(.precedenceGroup(name: name), at: tokens[pos].location))
            advance()
            guard isLeftBrace else { throw missing(.expectedLeftBraceAfterNameOfPrecedenceGroup) }
            try skipBraces()
            return stmt(.block([]), at: start)
        }
        advance() // operator
        guard case .operator(let name) = kind else { throw error(.expectedOperatorNameInOperatorDeclaration) }
        unsupportedDeclarations.append(UnsupportedDeclaration(.operatorDeclaration(fixity: word, name: name), at: tokens[pos].location))
        advance()
        if isColon, !tokens[pos].atLineStart {
            advance()
            guard case .identifier = kind else { throw error(.expectedPrecedenceGroupNameAfterColonInOperatorDeclaration) }
            advance()
        }
        if isLeftBrace, !tokens[pos].atLineStart { try skipBraces() }
        return stmt(.block([]), at: start)
    }

    /// Skips `{ ... }` with what it holds.
    private mutating func skipBraces() throws {
        let opener = tokens[pos].location
        var level = 0
        repeat {
            if isLeftBrace { level += 1 } else if isRightBrace { level -= 1 }
            if atEOF { throw unclosed(.expectedRightBrace, opener: opener, "{") }
            advance()
        } while level > 0
    }

    /// A `prefix func` or `postfix func` named `name`: fine for an operator the file declares
    /// with that fixity, and for the standard prefix operators the interpreter calls a
    /// script's function of (`prefix func -` on a script's type: Operators.swift); refused
    /// by name otherwise (`postfix func ++`).
    mutating func noteOperatorFunction(fixity: String, name: String, at location: SourceLocation) {
        if let d = customOperators?.declaration(name), fixity == "prefix" ? d.isPrefix : d.isPostfix { return }
        if fixity == "prefix", Self.callablePrefixOperators.contains(name) { return }
        unsupportedDeclarations.append(UnsupportedDeclaration(.operatorFunction(fixity: fixity, name: name), at: location))
    }

    /// The standard prefix operators whose use calls a script's operator function on a
    /// value it takes.
    static let callablePrefixOperators: Set<String> = ["-", "+", "!", "~"]

    /// The operators the standard library declares (infix, prefix, postfix): a function
    /// named by any other needs the file's own declaration of it.
    static let standardOperators: Set<String> = [
        "+", "-", "*", "/", "%", "&+", "&-", "&*", "&<<", "&>>", "<<", ">>", "&", "|", "^", "~", "!",
        "==", "!=", "<", "<=", ">", ">=", "===", "!==", "~=", "&&", "||", "??", "..<", "...",
        // `++` and `--`: declared still (prefix and postfix), with no function of them.
        "++", "--",
        "=", "+=", "-=", "*=", "/=", "%=", "&+=", "&-=", "&*=", "&<<=", "&>>=", "<<=", ">>=", "&=", "|=", "^=",
        ".==", ".!=", ".<", ".<=", ".>", ".>=", ".&", ".|", ".^", ".!", ".&=", ".|=", ".^=",
    ]

    /// An operator function's name that neither the standard library nor the file declares
    /// as an operator: swiftc's error, at the name.
    func checkOperatorImplementation(_ name: String) throws {
        guard !Self.standardOperators.contains(name) else { return }
        if let d = customOperators?.declaration(name), d.infix != nil || d.isPrefix || d.isPostfix { return }
        throw error(.operatorImplementationWithoutMatchingOperatorDeclaration)
    }

    /// Whether `name` is an operator the file declares: its functions take no argument
    /// labels (Swift's rule for every operator function), so a use reads as a plain call.
    func isCustomOperator(_ name: String) -> Bool {
        guard !Self.standardOperators.contains(name) else { return false }
        return customOperators?.declaration(name) != nil
    }

    /// A use of a declared operator as the call Swift makes of it: of the global function,
    /// or of the static one of the type that implements it.
    mutating func customOperatorCall(_ name: String, at location: SourceLocation, _ operands: [Expr], from start: SourceLocation) -> Expr {
        var callee = Expr(.identifier(name), at: location)
        if let d = customOperators?.declaration(name), !d.hasGlobalFunction, let type = d.implementingType {
            callee = Expr(.member(Expr(.identifier(type), at: location), name), at: location)
        }
        let arguments = operands.map { Argument(label: nil, value: $0, location: $0.location) }
        return expr(.call(callee, arguments), at: location, from: start)
    }

    /// At an operator in binary form that is not a standard one: the precedence of the
    /// file's own infix operator of that name.
    func customInfixPrecedence() -> Precedence? {
        guard case .operator(let name) = kind, tokens[pos].isBinaryOperatorForm else { return nil }
        return customOperators?.declaration(name)?.infix
    }

    /// At a postfix-form operator: whether the file declares it `postfix`.
    func atCustomPostfixOperator() -> Bool {
        guard case .operator(let name) = kind else { return false }
        return customOperators?.declaration(name)?.isPostfix == true
    }
}
