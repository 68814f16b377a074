// Statements: control flow, assignments, labels, explorer commands.

extension ParserState {
    static let loopKeywords: Set<Keyword> = [.for, .while, .repeat, .switch, .if, .do]

    mutating func parseStatement() throws -> Stmt {
        try enter(); defer { leave() }
        let start = tokens[pos].location
        switch kind {
        case .command(let name, let arguments):
            advance()
            return Stmt(.command(name: name, arguments: arguments), at: start)
        case .attribute:
            return try parseDeclarationStatement()
        case .keyword(let k):
            switch k {
            case .let, .var, .func, .enum, .struct, .class, .extension, .protocol, .import,
                 .static, .typealias, .`init`:
                return try parseDeclarationStatement()
            case .if:
                advance()
                return Stmt(.if(try parseIfRest()), at: start)
            case .guard: return try parseGuard()
            case .switch:
                advance()
                return Stmt(.switch(try parseSwitchRest(at: start)), at: start)
            case .for: return try parseFor()
            case .while: return try parseWhile()
            case .repeat: return try parseRepeat()
            case .do: return try parseDo()
            case .break, .continue:
                advance()
                var label: String?
                if let name = identifierName, !tokens[pos].atLineStart {
                    label = name; advance()
                }
                return Stmt(k == .break ? .break(label: label) : .continue(label: label), at: start)
            case .return:
                advance()
                // As swiftc: the value may sit on the next line, unless what follows
                // there starts a statement or declaration of its own.
                if atEOF || isRightBrace || isSemicolon || isKeyword(.case) || isKeyword(.default)
                    || (tokens[pos].atLineStart && startsStatementOfItsOwn) {
                    return Stmt(.return(nil), at: start)
                }
                return Stmt(.return(try parseValueExpression()), at: start)
            case .fallthrough:
                advance()
                return Stmt(.fallthrough, at: start)
            case .case:
                throw error("'case' label can only appear inside a 'switch' statement")
            case .default:
                throw error("'default' label can only appear inside a 'switch' statement")
            case .else:
                throw error("expected expression")
            case .defer, .throw, .subscript, .deinit:
                throw error("'\(k.rawValue)' is not supported in TableLab")
            default:
                return try parseExpressionStatement()
            }
        case .identifier(let name):
            if startsDeclaration() {
                return try parseDeclarationStatement()
            }
            if case .colon = peekToken().kind, case .keyword(let k) = peekToken(2).kind,
               ParserState.loopKeywords.contains(k) {
                advance(); advance()
                var inner = try parseStatement()
                if case .switch(var sw) = inner.kind {
                    // swiftc reports a labelled switch at its label (issue 10, item 5).
                    sw.location = start
                    inner = Stmt(.switch(sw), at: inner.location)
                }
                return Stmt(.labeled(label: name, inner), at: start)
            }
            return try parseExpressionStatement()
        default:
            return try parseExpressionStatement()
        }
    }

    /// Does the current token begin a statement that is not an expression (so that a
    /// `return` at the end of the line before it returns nothing)?
    var startsStatementOfItsOwn: Bool {
        switch tokens[pos].tag {
        case .keyword:
            switch tokens[pos].keyword! {
            case .let, .var, .func, .enum, .struct, .class, .extension, .protocol, .import, .static,
                 .typealias, .if, .guard, .switch, .for, .while, .repeat, .do, .break, .continue,
                 .return, .fallthrough, .defer, .throw, .`init`, .subscript, .deinit:
                return true
            default:
                return false
            }
        case .attribute, .command, .eof, .rightBrace, .semicolon:
            return true
        case .identifier:
            if startsDeclaration() { return true }
            if case .colon = peekToken().kind { return true }   // a label
            return false
        default:
            return false
        }
    }

    /// An expression, or an assignment whose target is that expression.
    mutating func parseExpressionStatement() throws -> Stmt {
        let start = tokens[pos].location
        let target = try parseExpression()
        if case .operator(let op) = kind, tokens[pos].isBinaryOperatorForm,
           let assign = AssignmentOperator(rawValue: op) {
            advance()
            let value = try parseValueExpression(missing: "expected expression in assignment")
            return Stmt(.assignment(target: target, op: assign, value: value), at: start)
        }
        if case .operator(let op) = kind, tokens[pos].isBinaryOperatorForm, op.hasSuffix("="),
           op != "==", op != "!=", op != "<=", op != ">=", op != "===", op != "!==" {
            throw error("operator '\(op)' is not supported in TableLab")
        }
        return Stmt(.expression(target), at: start)
    }

    /// The value of `=`, `return` or a binding: an expression, or an `if`/`switch` expression.
    mutating func parseValueExpression(missing message: String = "expected expression") throws -> Expr {
        if atEOF || isRightBrace || isRightParen || isRightBracket || isSemicolon || isComma {
            throw error(message)
        }
        return try parseExpression()
    }

    // MARK: - if / guard / while

    /// After `if`: conditions, the body, and any `else`. An `else if` chain is read in a
    /// loop (then nested from the end) so that a long chain costs no stack.
    @inline(never)
    mutating func parseIfRest() throws -> IfStmt {
        var links: [(conditions: [Condition], then: [Stmt], location: SourceLocation)] = []
        var location = previous.location
        var finalElse: [Stmt]?
        while true {
            let conditions = try parseConditionList()
            guard isLeftBrace else { throw missing("expected '{' after 'if' condition") }
            links.append((conditions, try parseBlock(), location))
            guard isKeyword(.else) else { break }
            advance()
            if isKeyword(.if) {
                if links.count >= ParserState.maxChainLength {
                    throw error("'else if' chain is too long; try a 'switch' or breaking it up")
                }
                location = tokens[pos].location
                advance()
                continue
            }
            guard isLeftBrace else { throw missing("expected '{' or 'if' after 'else'") }
            finalElse = try parseBlock()
            break
        }
        var result = IfStmt(conditions: links.last!.conditions, then: links.last!.then, otherwise: finalElse)
        for i in stride(from: links.count - 2, through: 0, by: -1) {
            let inner = Stmt(.if(result), at: links[i + 1].location)
            result = IfStmt(conditions: links[i].conditions, then: links[i].then, otherwise: [inner])
        }
        return result
    }

    @inline(never)
    mutating func parseGuard() throws -> Stmt {
        let start = tokens[pos].location
        advance()
        let conditions = try parseConditionList()
        guard isKeyword(.else) else { throw missing("expected 'else' after 'guard' condition") }
        advance()
        guard isLeftBrace else { throw missing("expected '{' after 'guard' else") }
        let body = try parseBlock()
        return Stmt(.guard(conditions: conditions, otherwise: body), at: start)
    }

    @inline(never)
    mutating func parseWhile() throws -> Stmt {
        let start = tokens[pos].location
        advance()
        let conditions = try parseConditionList()
        guard isLeftBrace else { throw missing("expected '{' after 'while' condition") }
        let body = try parseBlock()
        return Stmt(.while(conditions: conditions, body: body), at: start)
    }

    @inline(never)
    mutating func parseRepeat() throws -> Stmt {
        let start = tokens[pos].location
        advance()
        guard isLeftBrace else { throw missing("expected '{' after 'repeat'") }
        let body = try parseBlock()
        guard isKeyword(.while) else { throw missing("expected 'while' after body of 'repeat' statement") }
        advance()
        if atEOF || isRightBrace || isSemicolon || tokens[pos].atLineStart {
            throw error("expected expression in 'repeat-while' condition")
        }
        let condition = try parseExpression()
        return Stmt(.repeatWhile(body: body, condition: condition), at: start)
    }

    @inline(never)
    mutating func parseDo() throws -> Stmt {
        let start = tokens[pos].location
        advance()
        guard isLeftBrace else { throw missing("expected '{' after 'do'") }
        let body = try parseBlock()
        // `catch` clauses can never run (nothing throws); parse and drop them.
        while isIdentifier("catch") {
            advance()
            let saved = noTrailingClosure
            noTrailingClosure = true
            if !isLeftBrace { _ = try parsePattern() }
            if isKeyword(.where) { advance(); _ = try parseExpression() }
            noTrailingClosure = saved
            _ = try parseBlock()
        }
        return Stmt(.block(body), at: start)
    }

    /// `let x = e, x > 1, case .a = e, var y`, up to the `{` (or `else` of a guard).
    mutating func parseConditionList() throws -> [Condition] {
        let saved = noTrailingClosure
        noTrailingClosure = true
        defer { noTrailingClosure = saved }
        var conditions: [Condition] = []
        repeat {
            if isLeftBrace || atEOF {
                throw error("expected expression, var, or let in '\(conditionOwner)' condition")
            }
            conditions.append(try parseCondition())
        } while isComma ? { advance(); return true }() : false
        return conditions
    }

    private var conditionOwner: String {
        var i = pos
        while i > 0 {
            if case .keyword(let k) = tokens[i].kind, k == .if || k == .while || k == .guard { return k.rawValue }
            i -= 1
        }
        return "if"
    }

    mutating func parseCondition() throws -> Condition {
        let location = tokens[pos].location
        if isKeyword(.let) || isKeyword(.var) {
            let isVar = isKeyword(.var)
            advance()
            guard let name = identifierName, name != "_" else { throw error("expected pattern") }
            let nameToken = current
            advance()
            if isColon {
                advance()
                _ = try parseType()
            }
            if isOperator("=") {
                advance()
                let value = try parseValueExpression()
                return .optionalBinding(name: name, isVar: isVar, value: value, location: location)
            }
            return .optionalBinding(name: name, isVar: isVar,
                                    value: Expr(.identifier(name), at: nameToken.location), location: location)
        }
        if isKeyword(.case) {
            advance()
            let pattern = try parsePattern()
            guard isOperator("=") else { throw error("expected '=' after pattern in 'case' condition") }
            advance()
            let value = try parseExpression()
            return .patternMatch(pattern, value)
        }
        return .expression(try parseExpression())
    }

    // MARK: - switch

    /// After `switch`: the subject and the cases.
    @inline(never)
    mutating func parseSwitchRest(at location: SourceLocation) throws -> SwitchStmt {
        let saved = noTrailingClosure
        noTrailingClosure = true
        if isLeftBrace || atEOF { throw error("expected expression in 'switch' statement") }
        let subject = try parseExpression()
        noTrailingClosure = saved
        guard isLeftBrace else { throw missing("expected '{' after 'switch' subject expression") }
        let opener = tokens[pos].location
        advance()
        try enter(); defer { leave() }
        var cases: [SwitchCase] = []
        while true {
            while isSemicolon { advance() }
            if isRightBrace { advance(); break }
            if atEOF { throw unclosed("expected '}' at end of 'switch' statement", opener: opener, "{") }
            var isUnknown = false
            if case .attribute(let a) = kind {
                guard a == "unknown" else { throw error("unknown attribute '\(a)'") }
                advance()
                guard isKeyword(.default) || isKeyword(.case) else {
                    throw error("'@unknown' can only be applied to the last case in a switch")
                }
                isUnknown = true
            }
            var c = try parseSwitchCase()
            c.isUnknown = isUnknown
            cases.append(c)
        }
        return SwitchStmt(subject: subject, cases: cases, location: location)
    }

    mutating func parseSwitchCase() throws -> SwitchCase {
        let location = tokens[pos].location
        var patterns: [Pattern] = []
        var guardExpr: Expr?
        var whereClauses: [Expr?] = []
        var isDefault = false
        if isKeyword(.default) {
            advance()
            isDefault = true
            guard isColon else { throw missing("expected ':' after 'default'") }
        } else if isKeyword(.case) {
            advance()
            repeat {
                if isColon || atEOF { throw error("expected pattern") }
                patterns.append(try parsePattern())
                if isKeyword(.where) {
                    advance()
                    guardExpr = try parseExpression()
                    whereClauses.append(guardExpr)
                } else {
                    whereClauses.append(nil)
                }
            } while isComma ? { advance(); return true }() : false
            guard isColon else { throw missing("expected ':' after 'case'") }
        } else {
            throw error("all statements inside a switch must be covered by a 'case' or 'default'")
        }
        advance()
        var body: [Stmt] = []
        while true {
            while isSemicolon { advance() }
            if isRightBrace || isKeyword(.case) || isKeyword(.default) || atEOF { break }
            if case .attribute(let a) = kind, a == "unknown" { break }
            try appendStatement(to: &body)
            try expectStatementEnd()
        }
        if body.isEmpty && !atEOF {
            let label = isDefault ? "'default'" : "'case'"
            throw SyntaxError(message: "\(label) label in a 'switch' must have at least one executable statement",
                              location: location, atEnd: false)
        }
        var switchCase = SwitchCase(patterns: patterns, guardExpr: guardExpr, isDefault: isDefault, body: body,
                                    location: location)
        switchCase.whereClauses = whereClauses
        return switchCase
    }

    // MARK: - for-in

    @inline(never)
    mutating func parseFor() throws -> Stmt {
        let start = tokens[pos].location
        advance()
        let pattern: Pattern
        if isKeyword(.case) {
            advance()
            pattern = try parsePattern()
        } else {
            if isKeyword(.in) || isLeftBrace || atEOF { throw error("expected pattern") }
            pattern = try parsePattern(binding: false)
        }
        guard isKeyword(.in) else { throw missing("expected 'in' after for-each pattern") }
        advance()
        let saved = noTrailingClosure
        noTrailingClosure = true
        if isLeftBrace || atEOF { throw error("expected Sequence expression for for-each loop") }
        let sequence = try parseExpression()
        var whereClause: Expr?
        if isKeyword(.where) {
            advance()
            whereClause = try parseExpression()
        }
        noTrailingClosure = saved
        guard isLeftBrace else { throw missing("expected '{' to start the body of for-each loop") }
        let body = try parseBlock()
        return Stmt(.forIn(pattern: pattern, sequence: sequence, whereClause: whereClause, body: body), at: start)
    }
}
