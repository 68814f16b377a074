// Patterns (switch cases, `if case`, `for`, `let (a, b) =`) and types.

extension ParserState {
    /// pattern -> patternPrimary { '?' }   -- '?' attached: `p?` matches `.some(p)`
    ///
    /// A pattern. `binding` is non-nil inside `let`/`var` (and for `for x in`): bare
    /// identifiers then bind names (`isVar` = the value) instead of being matched as values.
    mutating func parsePattern(binding: Bool? = nil) throws -> Pattern {
        try enter(); defer { leave() }
        var pattern = try parsePatternPrimary(binding: binding)
        while case .operator(let op) = kind, !tokens[pos].spaceBefore, !op.isEmpty, op.allSatisfy({ $0 == "?" }) {
            if op.count > ParserState.maxChainLength { throw error(ParserState.chainTooLong) }
            for _ in op { pattern = Pattern(.optionalSome(pattern), at: pattern.location) }
            advance()
        }
        if isKeyword(.as) {
            let at = tokens[pos].location
            advance()
            pattern = Pattern(.cast(pattern, try parseType()), at: at)
        }
        return pattern
    }

    /// patternPrimary -> tuplePattern | implicitCasePattern | leafPattern
    ///
    /// Tuples and `.case(...)` patterns nest, so they get their own small frames; the
    /// other forms live in `parseLeafPattern`.
    private mutating func parsePatternPrimary(binding: Bool?) throws -> Pattern {
        switch tokens[pos].tag {
        case .leftParen: return try parseTuplePattern(binding: binding)
        case .dot: return try parseImplicitCasePattern(binding: binding)
        default: return try parseLeafPattern(binding: binding)
        }
    }

    /// tuplePattern -> '(' [ [ labelName ':' ] pattern { ',' [ labelName ':' ] pattern } ] ')'   -- `(p)` is p
    @inline(never)
    private mutating func parseTuplePattern(binding: Bool?) throws -> Pattern {
        let start = tokens[pos].location
        advance()
        var elements: [Pattern] = []
        if isRightParen {
            advance()
            return Pattern(.tuple([]), at: start)
        }
        while true {
            // Tuple labels (`(x: let a, y: _)`) do not change what is matched.
            if labelName != nil, case .colon = peekToken().kind { advance(); advance() }
            if isRightParen || isComma || atEOF { throw error(.expectedPattern) }
            elements.append(try parsePattern(binding: binding))
            if isComma { advance(); continue }
            if isRightParen { advance(); break }
            if atEOF { throw unclosed(.expectedRightParenInTuplePattern, opener: start, "(") }
            throw missing(.expectedCommaSeparator)
        }
        if elements.count == 1 { return elements[0] }
        return Pattern(.tuple(elements), at: start)
    }

    /// implicitCasePattern -> '.' labelName [ payload ]
    @inline(never)
    private mutating func parseImplicitCasePattern(binding: Bool?) throws -> Pattern {
        let start = tokens[pos].location
        advance()
        guard let name = labelName else { throw error(.expectedMemberNameFollowingDot) }
        let nameLocation = tokens[pos].location
        advance()
        let (sub, labels, labelLocations) = try parsePayload(binding: binding)
        var pattern = Pattern(.enumCase(typeName: nil, caseName: name, subpattern: sub), at: start)
        pattern.caseNameLocation = nameLocation
        pattern.payloadLabels = labels
        pattern.payloadLabelLocations = labelLocations
        return pattern
    }

    /// leafPattern -> '_' | ( 'let' | 'var' ) pattern | 'is' type
    ///              | identifier   -- in a binding context: binds the name
    ///              | identifier '.' labelName { '.' labelName } [ payload ]   -- `Item.a`: an uppercase first name
    ///              | expressionPattern   -- also `Foo.min ..< Foo.max`, where an infix operator follows the names
    /// TableLab: no `as` patterns (`case let x as Int`).
    @inline(never)
    private mutating func parseLeafPattern(binding: Bool?) throws -> Pattern {
        let start = tokens[pos].location
        switch kind {
        case .identifier("_"):
            advance()
            return Pattern(.wildcard, at: start)
        case .keyword(.let), .keyword(.var):
            let isVar = isKeyword(.var)
            advance()
            if isColon || atEOF || isOperator("=") || isKeyword(.in) { throw error(.expectedPattern) }
            let nameAt = tokens[pos].location
            var p = try parsePattern(binding: isVar)
            if case .binding = p.kind, p.location == nameAt { p.ownKeyword = true }
            return p
        case .keyword(.is):
            advance()
            return Pattern(.typeCheck(try parseType()), at: start)
        case .identifier(let name):
            var qualified = false
            if name.unicodeScalars.first?.properties.isUppercase == true, case .dot = peekToken().kind,
               peekToken(2).kind.isName { qualified = true }
            // `case let AppError.network(code):` names the case under `let` (its payload binds).
            if let binding, !qualified {
                advance()
                return Pattern(.binding(name: name, isVar: binding), at: start)
            }
            if qualified {
                // `Item.donate`, `Optional.some(p)`, `UITableViewCell.AccessoryType.none`
                var path = [name]
                var nameLocation = tokens[pos].location
                advance()
                while isDot, let member = peekToken().kind.nameText {
                    advance()
                    nameLocation = tokens[pos].location
                    advance()
                    path.append(member)
                }
                if infixFollows {
                    // `Foo.min ..< Foo.max` and the like are expressions after all.
                    pos = indexOfToken(at: start)
                    return try parseExpressionPattern()
                }
                let caseName = path.removeLast()
                let (sub, labels, labelLocations) = try parsePayload(binding: binding)
                var pattern = Pattern(.enumCase(typeName: path.joined(separator: "."), caseName: caseName, subpattern: sub),
                                      at: start)
                pattern.caseNameLocation = nameLocation
                pattern.payloadLabels = labels
                pattern.payloadLabelLocations = labelLocations
                return pattern
            }
            return try parseExpressionPattern()
        default:
            // Inside `let` a literal is still an expression pattern: `case let .t(a, true)`.
            if binding != nil, case .keyword(let k) = kind, k != .true, k != .false, k != .nil {
                throw error(.expectedPattern)
            }
            switch kind {
            case .colon, .eof, .rightParen, .rightBracket, .rightBrace, .comma, .semicolon:
                throw error(.expectedPattern)
            case .keyword(let k) where k == .in || k == .where || k == .case || k == .default:
                throw error(.expectedPattern)
            default:
                return try parseExpressionPattern()
            }
        }
    }

    private var infixFollows: Bool {
        if case .operator(let op) = kind, tokens[pos].isBinaryOperatorForm, op != "=", op != "?" { return true }
        return false
    }

    private func indexOfToken(at location: SourceLocation) -> Int {
        var i = pos
        while i > 0 && tokens[i].location != location { i -= 1 }
        return i
    }

    /// expressionPattern -> ( '...' | '..<' ) binary(nilCoalescing)   -- prefix form: from the type's lowest value
    ///                    | expression [ '...' ]   -- postfix form: up to the type's highest value
    private mutating func parseExpressionPattern() throws -> Pattern {
        let start = tokens[pos].location
        let saved = noTrailingClosure
        noTrailingClosure = true
        defer { noTrailingClosure = saved }
        // One-sided ranges (`...5`, `..<0`, `10...`) are read as ranges to the type's
        // extreme: the AST has only two-sided ranges, and this is what they match.
        if case .operator(let op) = kind, op == "..." || op == "..<", tokens[pos].isPrefixOperatorForm {
            advance()
            let bound = try parseBinary(min: .nilCoalescing)
            let range: BinaryOperator = op == "..." ? .closedRange : .halfOpenRange
            return Pattern(.expression(expr(.binary(range, ParserState.extreme(like: bound, lowest: true, at: start), bound), at: start)),
                           at: start)
        }
        let e = try parseExpression()
        if case .operator("...") = kind, tokens[pos].isPostfixOperatorForm {
            advance()
            return Pattern(.expression(expr(.binary(.closedRange, e, ParserState.extreme(like: e, lowest: false, at: previous.end)), at: start)),
                           at: start)
        }
        return Pattern(.expression(e), at: start)
    }

    /// The lowest or highest value of the bound's literal type: Int.min/Int.max, or ±infinity.
    /// It is written nowhere: its range is empty, where it would have been written.
    private static func extreme(like bound: Expr, lowest: Bool, at place: SourceLocation) -> Expr {
        let implicit = SourceRange(start: place, end: place)
        var literal = bound
        if case .unary(.negate, let inner) = bound.kind { literal = inner }
        if case .double = literal.kind {
            return Expr(.double(lowest ? -.infinity : .infinity), at: bound.location, range: implicit)
        }
        return Expr(.integer(lowest ? Int.min : Int.max), at: bound.location, range: implicit)
    }

    /// payload -> '(' [ labelName ':' ] pattern { ',' [ labelName ':' ] pattern } ')'   -- '(' on the same line
    ///
    /// The `(p)` after an enum case in a pattern (`.some(let x)`), if any.
    private mutating func parsePayload(binding: Bool?) throws -> (Pattern?, labels: [String?], locations: [SourceLocation]) {
        guard isLeftParen, !tokens[pos].atLineStart else { return (nil, [], []) }
        let start = tokens[pos].location
        advance()
        var elements: [Pattern] = []
        var labels: [String?] = []
        var locations: [SourceLocation] = []
        if isRightParen {
            advance()
            return (Pattern(.tuple([]), at: start), [], [])
        }
        while true {
            locations.append(tokens[pos].location)
            if let label = labelName, case .colon = peekToken().kind {
                labels.append(label); advance(); advance()
            } else {
                labels.append(nil)
            }
            if isRightParen || isComma || atEOF { throw error(.expectedPattern) }
            elements.append(try parsePattern(binding: binding))
            if isComma { advance(); continue }
            if isRightParen { advance(); break }
            if atEOF { throw unclosed(.expectedRightParenInTuplePattern, opener: start, "(") }
            throw missing(.expectedCommaSeparator)
        }
        if labels.allSatisfy({ $0 == nil }) { labels = []; locations = [] }
        return (elements.count == 1 ? elements[0] : Pattern(.tuple(elements), at: start), labels, locations)
    }

    // MARK: - Types

    /// type -> typePrimary { '?' | '!' | [ 'throws' [ '(' type ')' ] | 'rethrows' ] '->' type | '&' typePrimary }
    ///   -- '?' and '!' attached; `T!` reads as `T?`
    mutating func parseType() throws -> TypeSyntax {
        try enter(); defer { leave() }
        var (type, parenthesized) = try parseTypePrimary()
        while true {
            if case .operator(let op) = kind, !tokens[pos].spaceBefore, !op.isEmpty,
               op.allSatisfy({ $0 == "?" || $0 == "!" }) {
                if op.count > ParserState.maxChainLength { throw error(ParserState.chainTooLong) }
                for _ in op { type = .optional(type) }
                advance()
                parenthesized = nil
            } else if isKeyword(.throws) || isKeyword(.rethrows), case .operator("->") = peekToken().kind {
                advance()
            } else if isKeyword(.throws), peekToken().tag == .leftParen {
                // `(Int) throws(LoadError) -> Int`: the thrown type, then the arrow.
                _ = try parseThrowsClause()
                guard isOperator("->") else { return type }
            } else if isOperator("->") {
                advance()
                let result = try parseType()
                type = .function(parameters: parenthesized ?? [type], result: result)
                parenthesized = nil
            } else if isOperator("&") {
                // A protocol composition (`P & Q`), kept as one name as constraints keep it.
                advance()
                let (next, _) = try parseTypePrimary()
                type = .named("\(type) & \(next)")
                parenthesized = nil
            } else {
                return type
            }
        }
    }

    /// typePrimary -> { attribute } ( collectionType | tupleType | namedType )
    ///
    /// A type without postfix `?`/`->`; for a parenthesized list also its elements.
    /// Collection and tuple types nest, so each gets its own small frame.
    mutating func parseTypePrimary() throws -> (TypeSyntax, [TypeSyntax]?) {
        while case .attribute = kind { advance() }   // @escaping, @Sendable
        switch tokens[pos].tag {
        case .leftBracket: return try parseCollectionType()
        case .leftParen: return try parseTupleType()
        default: return try parseNamedType()
        }
    }

    /// collectionType -> '[' type [ ':' type ] ']'
    @inline(never)
    private mutating func parseCollectionType() throws -> (TypeSyntax, [TypeSyntax]?) {
        let opener = tokens[pos].location
        advance()
        let element = try parseType()
        if isColon {
            advance()
            let value = try parseType()
            guard isRightBracket else {
                throw atEOF ? unclosed(.expectedRightBracketInDictionaryType, opener: opener, "[")
                    : missing(.expectedRightBracketInDictionaryType)
            }
            advance()
            return (.dictionary(key: element, value: value), nil)
        }
        guard isRightBracket else {
            throw atEOF ? unclosed(.expectedRightBracketInArrayType, opener: opener, "[") : missing(.expectedRightBracketInArrayType)
        }
        advance()
        return (.array(element), nil)
    }

    /// tupleType -> '(' [ tupleTypeElement { ',' tupleTypeElement } [ ',' ] ] ')'   -- `(T)` is T unless '->' follows
    /// tupleTypeElement -> [ labelName [ identifier ] ':' ] [ 'inout' ] type
    @inline(never)
    private mutating func parseTupleType() throws -> (TypeSyntax, [TypeSyntax]?) {
        let opener = tokens[pos].location
        advance()
        var elements: [TypeSyntax] = []
        // The first element written with an argument label (`(data: NSData?)`, `(x y: Int)`),
        // which a function type may not have since Swift 3 (SE-0111).
        var argumentLabel: (name: String, at: SourceLocation)? = nil
        // Kept on a function type's parameters only (a closure given the type takes them inout).
        var inoutElements: Set<Int> = []
        while !isRightParen {
            // An element's label (`(name: String, count: Int)`) is kept; a parameter's
            // argument label and name in a function type (`(_ x: Int) -> Int`) are not.
            var label: String? = nil
            if let l = labelName, case .colon = peekToken().kind {
                if argumentLabel == nil { argumentLabel = (l, tokens[pos].location) }
                label = l; advance(); advance()
            } else if let l = labelName, case .identifier = peekToken().kind, case .colon = peekToken(2).kind {
                if l != "_", argumentLabel == nil { argumentLabel = (l, tokens[pos].location) }
                advance(); advance(); advance()
            }
            let isInout = isKeyword(.inout)
            if isInout { advance() }
            let element = try parseType()
            if isInout { inoutElements.insert(elements.count) }
            elements.append(label.map { .labelled($0, element) } ?? element)
            if isComma { advance(); continue }
            if isRightParen { break }
            if atEOF { throw unclosed(.expectedRightParenAtEndOfTupleType, opener: opener, "(") }
            throw missing(.expectedCommaSeparator)
        }
        advance()
        if isOperator("->") || (isKeyword(.throws) || isKeyword(.rethrows)) {
            if let argumentLabel {
                throw error(.functionTypeArgumentLabel(argumentLabel.name), at: argumentLabel.at)
            }
            // Parameters of a function type: labels are not part of its type.
            elements = elements.enumerated().map { i, e in
                var t = e
                if case .labelled(_, let inner) = e { t = inner }
                return inoutElements.contains(i) ? .inout(t) : t
            }
        } else if elements.count == 1, case .labelled(_, let t) = elements[0] {
            return (t, [t])   // `(x: Int)` is Int
        }
        if elements.count == 1, !isOperator("->") { return (elements[0], elements) }
        return (.tuple(elements), elements)
    }

    /// namedType -> 'Self' { '.' identifier } | [ 'some' | 'any' ] identifier { genericArguments | '.' identifier }
    ///   -- '<' attached, and the name to its '.'
    /// TableLab: `some` and `any` are dropped; the generic arguments of a type other than Array,
    /// Dictionary and Optional stay in its name.
    @inline(never)
    private mutating func parseNamedType() throws -> (TypeSyntax, [TypeSyntax]?) {
        switch kind {
        case .keyword(.Self):
            advance()
            // `Self.AllCases.Index`: an associated type of Self, named by its path.
            var name = "Self"
            while isDot, case .identifier(let member) = peekToken().kind, !peekToken().spaceBefore {
                advance(); advance()
                name += "." + member
            }
            return (.named(name), nil)
        case .identifier(var name):
            var nameAt = tokens[pos].location
            advance()
            if (name == "some" || name == "any"), case .identifier(let n) = kind, !tokens[pos].atLineStart {
                name = n
                nameAt = tokens[pos].location
                advance()
            }
            var args: [TypeSyntax] = []
            while true {
                if case .operator(let op) = kind, op.hasPrefix("<"), !tokens[pos].spaceBefore {
                    args = try parseGenericArguments()
                    continue
                }
                if isDot, case .identifier(let member) = peekToken().kind, !peekToken().spaceBefore {
                    advance(); advance()
                    name += "." + member
                    continue
                }
                break
            }
            typeNameLocations[nameAt] = name
            switch (name, args.count) {
            case ("Array", 1): return (.array(args[0]), nil)
            case ("Optional", 1): return (.optional(args[0]), nil)
            case ("Dictionary", 2): return (.dictionary(key: args[0], value: args[1]), nil)
            case ("Set", 1): return (.set(args[0]), nil)
            case (_, 0): return (.named(name), nil)
            default:
                return (.named(name + "<" + args.map(\.description).joined(separator: ", ") + ">"), nil)
            }
        default:
            throw error(.expectedType)
        }
    }

    /// genericArguments -> '<' type { ',' type } '>'
    ///
    /// `<T, U>` after a type name. The lexer glues `>` to following operator characters
    /// (`>>`, `>?`), so a closing `>` is split off the front of such a token.
    private mutating func parseGenericArguments() throws -> [TypeSyntax] {
        guard case .operator(let op) = kind else { return [] }
        if op == "<" { advance() } else { splitOperator(after: 1) }
        var args: [TypeSyntax] = []
        while true {
            args.append(try parseType())
            if isComma { advance(); continue }
            if case .operator(let o) = kind, o.hasPrefix(">") {
                if o == ">" { advance() } else { splitOperator(after: 1) }
                return args
            }
            throw error(.expectedRightAngleToCompleteGenericArgumentList)
        }
    }

    /// Drops the first `n` characters of the current operator token.
    private mutating func splitOperator(after n: Int) {
        guard case .operator(let op) = kind else { return }
        tokens[pos].kind = .operator(String(op.dropFirst(n)))
        tokens[pos].location.column += n
        tokens[pos].spaceBefore = false
    }
}

extension TokenKind {
    /// Identifiers and keywords, which Swift accepts as member names.
    var isName: Bool { nameText != nil }
    var nameText: String? {
        switch self {
        case .identifier(let s): return s
        case .keyword(let k): return k.rawValue
        default: return nil
        }
    }
}
