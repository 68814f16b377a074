// Statements: control flow, assignments, labels, explorer commands.

extension ParserState {
    static let loopKeywords: Set<Keyword> = [.for, .while, .repeat, .switch, .if, .do]

    /// statement -> command | declarationStatement | 'if' ifRest | guard | 'switch' switchRest | for | while
    ///            | repeat | do | ( 'break' | 'continue' ) [ identifier ] | 'return' [ valueExpression ]
    ///            | 'fallthrough' | 'defer' block | 'throw' expression | identifier ':' statement
    ///            | expressionStatement
    ///   -- a label only before for, while, repeat, switch, if or do; the label of break or continue on
    ///   -- its line; a returned value may start on the next line, unless a statement of its own does
    mutating func parseStatement() throws -> Stmt {
        try enter(); defer { leave() }
        let start = tokens[pos].location
        switch kind {
        case .command(let name, let arguments):
            // SPEC §2.5: commands are events between top-level statements. One inside a
            // body would run whenever the body runs: a `:lint` in `cellForRowAt` lints,
            // which lays the table out again, which lints again, without end.
            guard depth == 1 else {
                throw error(.commandNotAtTopLevel(name))
            }
            advance()
            return stmt(.command(name: name, arguments: arguments), at: start)
        case .attribute:
            return try parseDeclarationStatement()
        case .keyword(let k):
            switch k {
            case .let, .var, .func, .enum, .struct, .class, .extension, .protocol, .import,
                 .static, .typealias, .`init`:
                return try parseDeclarationStatement()
            case .if:
                advance()
                return stmt(.if(try parseIfRest()), at: start)
            case .guard: return try parseGuard()
            case .switch:
                advance()
                return stmt(.switch(try parseSwitchRest(at: start)), at: start)
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
                return stmt(k == .break ? .break(label: label) : .continue(label: label), at: start)
            case .return:
                advance()
                // As swiftc: the value may sit on the next line, unless what follows
                // there starts a statement or declaration of its own.
                if atEOF || isRightBrace || isSemicolon || isKeyword(.case) || isKeyword(.default)
                    || (tokens[pos].atLineStart && startsStatementOfItsOwn) {
                    return stmt(.return(nil), at: start)
                }
                return stmt(.return(try parseValueExpression()), at: start)
            case .fallthrough:
                advance()
                return stmt(.fallthrough, at: start)
            case .case:
                throw error(.caseLabelCanOnlyAppearInsideASwitchStatement)
            case .default:
                throw error(.defaultLabelCanOnlyAppearInsideASwitchStatement)
            case .else:
                throw error(.expectedExpression)
            case .defer:
                advance()
                guard isLeftBrace else { throw missing(.expectedLeftBraceAfterDefer) }
                return stmt(.defer(try parseBlock()), at: start)
            case .throw:
                advance()
                if atEOF || isRightBrace || isSemicolon || tokens[pos].atLineStart { throw error(.expectedExpressionInThrowStatement) }
                return stmt(.throw(try parseExpression()), at: start)
            case .subscript:
                throw error(.subscriptFunctionsMayOnlyBeDeclaredWithinAType)
            case .deinit:
                throw error(.deinitializersMayOnlyBeDeclaredWithinAClassActorOrNoncopyableType)
            default:
                return try parseExpressionStatement()
            }
        case .identifier(let name):
            if let e = concurrencyConstruct() { throw e }
            if startsDeclaration() {
                return try parseDeclarationStatement()
            }
            if startsOperatorDeclaration {
                return try parseOperatorDeclaration(at: start)
            }
            if case .colon = peekToken().kind, case .keyword(let k) = peekToken(2).kind,
               ParserState.loopKeywords.contains(k) {
                advance(); advance()
                var inner = try parseStatement()
                if case .switch(var sw) = inner.kind {
                    // swiftc reports a labelled switch at its label (issue 10, item 5).
                    sw.location = start
                    inner = Stmt(.switch(sw), at: inner.location, range: inner.range)
                }
                return stmt(.labeled(label: name, inner), at: start)
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

    /// expressionStatement -> expression [ assignmentOperator valueExpression ]
    /// assignmentOperator -> '=' | '+=' | '-=' | '*=' | '/=' | '%='   -- in binary form
    /// TableLab: no other compound assignments (`&=`, `<<=`, ...).
    ///
    /// An expression, or an assignment whose target is that expression.
    mutating func parseExpressionStatement() throws -> Stmt {
        let start = tokens[pos].location
        let target = try parseExpression()
        if case .operator(let op) = kind, tokens[pos].isBinaryOperatorForm,
           let assign = AssignmentOperator(rawValue: op) {
            let opAt = tokens[pos].location
            advance()
            let value = try parseValueExpression(missing: .expectedExpressionInAssignment)
            var s = stmt(.assignment(target: target, op: assign, value: value), at: start)
            s.operatorLocation = opAt
            return s
        }
        if case .operator(let op) = kind, tokens[pos].isBinaryOperatorForm, op.hasSuffix("="),
           op != "==", op != "!=", op != "<=", op != ">=", op != "===", op != "!==" {
            throw error(.operatorNotSupported(op))
        }
        return stmt(.expression(target), at: start)
    }

    /// valueExpression -> expression   -- with `message` when none follows
    ///
    /// The value of `=`, `return` or a binding: an expression, or an `if`/`switch` expression.
    mutating func parseValueExpression(missing message: SyntaxMessage = .expectedExpression) throws -> Expr {
        if atEOF || isRightBrace || isRightParen || isRightBracket || isSemicolon || isComma {
            throw error(message)
        }
        return try parseExpression()
    }

    // MARK: - if / guard / while

    /// ifRest -> conditionList block [ 'else' ( 'if' ifRest | block ) ]   -- after 'if'
    ///
    /// After `if`: conditions, the body, and any `else`. An `else if` chain is read in a
    /// loop (then nested from the end) so that a long chain costs no stack.
    @inline(never)
    mutating func parseIfRest() throws -> IfStmt {
        var links: [(conditions: [Condition], then: [Stmt], location: SourceLocation, braces: Braces)] = []
        var location = previous.location
        var finalElse: [Stmt]?
        var elseBraces = Braces()
        while true {
            let conditions = try parseConditionList()
            guard isLeftBrace else { throw missing(.expectedLeftBraceAfterIfCondition) }
            let open = tokens[pos].location
            let block = try parseBlock()
            links.append((conditions, block, location, Braces(open: open, close: previous.location)))
            guard isKeyword(.else) else { break }
            advance()
            if isKeyword(.if) {
                if links.count >= ParserState.maxChainLength {
                    throw error(.elseIfChainIsTooLongTryASwitchOrBreakingItUp)
                }
                location = tokens[pos].location
                advance()
                continue
            }
            guard isLeftBrace else { throw missing(.expectedLeftBraceOrIfAfterElse) }
            elseBraces.open = tokens[pos].location
            finalElse = try parseBlock()
            elseBraces.close = previous.location
            break
        }
        var result = IfStmt(conditions: links.last!.conditions, then: links.last!.then, otherwise: finalElse)
        result.thenBraces = links.last!.braces
        result.otherwiseBraces = elseBraces
        for i in stride(from: links.count - 2, through: 0, by: -1) {
            let inner = stmt(.if(result), at: links[i + 1].location)
            result = IfStmt(conditions: links[i].conditions, then: links[i].then, otherwise: [inner])
            result.thenBraces = links[i].braces
        }
        return result
    }

    /// guard -> 'guard' conditionList 'else' block
    @inline(never)
    mutating func parseGuard() throws -> Stmt {
        let start = tokens[pos].location
        advance()
        let conditions = try parseConditionList()
        guard isKeyword(.else) else { throw missing(.expectedElseAfterGuardCondition) }
        advance()
        guard isLeftBrace else { throw missing(.expectedLeftBraceAfterGuardElse) }
        let body = try parseBlock()
        return stmt(.guard(conditions: conditions, otherwise: body), at: start)
    }

    /// while -> 'while' conditionList block
    @inline(never)
    mutating func parseWhile() throws -> Stmt {
        let start = tokens[pos].location
        advance()
        let conditions = try parseConditionList()
        guard isLeftBrace else { throw missing(.expectedLeftBraceAfterWhileCondition) }
        let body = try parseBlock()
        return stmt(.while(conditions: conditions, body: body), at: start)
    }

    /// repeat -> 'repeat' block 'while' expression   -- the condition on the line of 'while'
    @inline(never)
    mutating func parseRepeat() throws -> Stmt {
        let start = tokens[pos].location
        advance()
        guard isLeftBrace else { throw missing(.expectedLeftBraceAfterRepeat) }
        let body = try parseBlock()
        guard isKeyword(.while) else { throw missing(.expectedWhileAfterBodyOfRepeatStatement) }
        advance()
        if atEOF || isRightBrace || isSemicolon || tokens[pos].atLineStart {
            throw error(.expectedExpressionInRepeatWhileCondition)
        }
        let condition = try parseExpression()
        return stmt(.repeatWhile(body: body, condition: condition), at: start)
    }

    /// do -> 'do' block { 'catch' [ catchPattern { ',' catchPattern } ] block }
    /// catchPattern -> pattern [ 'as' type ] [ 'where' expression ]
    @inline(never)
    mutating func parseDo() throws -> Stmt {
        let start = tokens[pos].location
        advance()
        guard isLeftBrace else { throw missing(.expectedLeftBraceAfterDo) }
        let body = try parseBlock()
        var catches: [CatchClause] = []
        while isIdentifier("catch") {
            let at = tokens[pos].location
            advance()
            let saved = noTrailingClosure
            noTrailingClosure = true
            var pattern: Pattern?
            var guardExpr: Expr?
            var castType: TypeSyntax?
            if !isLeftBrace && !isKeyword(.where) { pattern = try parsePattern() }
            if pattern != nil, isKeyword(.as) { advance(); castType = try parseType() }
            if isKeyword(.where) { advance(); guardExpr = try parseExpression() }
            var more: [CatchPattern] = []
            while pattern != nil, isComma {
                advance()
                more.append(try parseCatchPattern())
            }
            noTrailingClosure = saved
            var clause = CatchClause(pattern: pattern, guardExpr: guardExpr, body: try parseBlock(), location: at)
            clause.castType = castType
            clause.morePatterns = more
            catches.append(clause)
        }
        if catches.isEmpty { return stmt(.block(body), at: start) }
        return stmt(.doCatch(body: body, catches: catches), at: start)
    }

    /// catchPattern -> pattern [ 'as' type ] [ 'where' expression ]   -- one of `catch A, B`'s patterns after the first
    private mutating func parseCatchPattern() throws -> CatchPattern {
        let pattern = try parsePattern()
        var castType: TypeSyntax?
        var guardExpr: Expr?
        if isKeyword(.as) { advance(); castType = try parseType() }
        if isKeyword(.where) { advance(); guardExpr = try parseExpression() }
        return CatchPattern(pattern: pattern, castType: castType, guardExpr: guardExpr)
    }

    /// conditionList -> condition { ',' condition }   -- a '{' in it opens the body, never a trailing closure
    ///
    /// `let x = e, x > 1, case .a = e, var y`, up to the `{` (or `else` of a guard).
    mutating func parseConditionList() throws -> [Condition] {
        let saved = noTrailingClosure
        noTrailingClosure = true
        defer { noTrailingClosure = saved }
        var conditions: [Condition] = []
        repeat {
            if isLeftBrace || atEOF {
                throw error(.expectedConditionExpression(owner: conditionOwner))
            }
            // `if let a = x, b = y`: Swift 2's spelling; swiftc asks for the second `let`.
            if case .optionalBinding? = conditions.last, tokens[pos].tag == .identifier,
               case .operator("=") = peekToken().kind {
                throw error(.expectedLetInConditional)
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

    /// condition -> ( 'let' | 'var' ) identifier [ ':' type ] [ '=' valueExpression ]   -- `if let x` unwraps x
    ///            | 'case' pattern '=' expression
    ///            | expression
    /// TableLab: a binding's type annotation is not checked; a tuple pattern (`let (a, b) = e`)
    /// is `case let (a, b)? = e`.
    mutating func parseCondition() throws -> Condition {
        let location = tokens[pos].location
        if isKeyword(.let) || isKeyword(.var) {
            let isVar = isKeyword(.var)
            advance()
            // `if let (a, b) = pair`: the tuple inside the Optional, as `case let (a, b)? = pair`.
            if isLeftParen {
                let tuple = try parsePattern(binding: isVar)
                guard isOperator("=") else { throw error(.expectedPattern) }
                advance()
                return .patternMatch(Pattern(.optionalSome(tuple), at: tuple.location), try parseValueExpression())
            }
            // `guard let self = self`, `guard let self` after `[weak self]`.
            let isSelf = isKeyword(.self)
            guard let name = isSelf ? "self" : identifierName else { throw error(.expectedPattern) }
            let nameToken = current
            let places = BindingLocation(keyword: location, name: nameToken.location)
            advance()
            if isColon {
                advance()
                _ = try parseType()
            }
            // `if let _ = x` binds nothing: it tests that x is not nil, as `case _? = x` does.
            if name == "_" {
                guard isOperator("=") else { throw error(.expectedPattern) }
                advance()
                let value = try parseValueExpression()
                let wildcard = Pattern(.wildcard, at: nameToken.location)
                return .patternMatch(Pattern(.optionalSome(wildcard), at: nameToken.location), value)
            }
            if isOperator("=") {
                advance()
                let value = try parseValueExpression()
                return .optionalBinding(name: name, isVar: isVar, value: value, location: places)
            }
            return .optionalBinding(name: name, isVar: isVar,
                                    value: Expr(isSelf ? .self : .identifier(name), at: nameToken.location,
                                                range: SourceRange(start: nameToken.location, end: nameToken.end)),
                                    location: places)
        }
        if isKeyword(.case) {
            advance()
            let pattern = try parsePattern()
            guard isOperator("=") else { throw error(.expectedEqualsAfterPatternInCaseCondition) }
            advance()
            let value = try parseExpression()
            return .patternMatch(pattern, value)
        }
        return .expression(try parseExpression())
    }

    // MARK: - switch

    /// switchRest -> expression '{' { ';' | [ '@unknown' ] switchCase } '}'   -- after 'switch'
    ///
    /// After `switch`: the subject and the cases.
    @inline(never)
    mutating func parseSwitchRest(at location: SourceLocation) throws -> SwitchStmt {
        let saved = noTrailingClosure
        noTrailingClosure = true
        if isLeftBrace || atEOF { throw error(.expectedExpressionInSwitchStatement) }
        let subject = try parseExpression()
        noTrailingClosure = saved
        guard isLeftBrace else { throw missing(.expectedLeftBraceAfterSwitchSubjectExpression) }
        let opener = tokens[pos].location
        advance()
        try enter(); defer { leave() }
        var cases: [SwitchCase] = []
        while true {
            while isSemicolon { advance() }
            if isRightBrace { advance(); break }
            if atEOF { throw unclosed(.expectedRightBraceAtEndOfSwitchStatement, opener: opener, "{") }
            var isUnknown = false
            if case .attribute(let a) = kind {
                guard a == "unknown" else { throw error(.unknownAttribute(a)) }
                advance()
                guard isKeyword(.default) || isKeyword(.case) else {
                    throw error(.atUnknownCanOnlyBeAppliedToTheLastCaseInASwitch)
                }
                isUnknown = true
            }
            var c = try parseSwitchCase()
            c.isUnknown = isUnknown
            cases.append(c)
        }
        switchesBuilt += 1
        return SwitchStmt(subject: subject, cases: cases, location: location)
    }

    /// switchCase -> ( 'default' | 'case' caseItem { ',' caseItem } ) ':' caseBody
    /// caseItem -> pattern [ 'where' expression ]
    /// caseBody -> { ';' | statementItem statementEnd }
    ///   -- at least one statement, up to 'case', 'default', '@unknown' or '}'
    mutating func parseSwitchCase() throws -> SwitchCase {
        let location = tokens[pos].location
        var patterns: [Pattern] = []
        var guardExpr: Expr?
        var whereClauses: [Expr?] = []
        var whereKeywords: [SourceLocation?] = []
        var isDefault = false
        if isKeyword(.default) {
            advance()
            isDefault = true
            guard isColon else { throw missing(.expectedColonAfterDefault) }
        } else if isKeyword(.case) {
            advance()
            repeat {
                if isColon || atEOF { throw error(.expectedPattern) }
                patterns.append(try parsePattern())
                if isKeyword(.where) {
                    whereKeywords.append(tokens[pos].location)
                    advance()
                    guardExpr = try parseExpression()
                    whereClauses.append(guardExpr)
                } else {
                    whereKeywords.append(nil)
                    whereClauses.append(nil)
                }
            } while isComma ? { advance(); return true }() : false
            guard isColon else { throw missing(.expectedColonAfterCase) }
        } else {
            throw error(.allStatementsInsideASwitchMustBeCoveredByACaseOrDefault)
        }
        advance()
        var body: [Stmt] = []
        var bodyEnd = SourceLocation.unknown
        while true {
            while isSemicolon { advance() }
            if isRightBrace || isKeyword(.case) || isKeyword(.default) || atEOF { break }
            if case .attribute(let a) = kind, a == "unknown" { break }
            try appendStatement(to: &body)
            bodyEnd = previous.location
            try expectStatementEnd()
        }
        if body.isEmpty && !atEOF {
            let label = isDefault ? "'default'" : "'case'"
            throw SyntaxError(message: .switchLabelWithoutStatements(label: label),
                              location: location, atEnd: false)
        }
        var switchCase = SwitchCase(patterns: patterns, guardExpr: guardExpr, isDefault: isDefault, body: body,
                                    location: location)
        switchCase.whereClauses = whereClauses
        switchCase.whereKeywordLocations = whereKeywords
        switchCase.bodyEnd = bodyEnd
        return switchCase
    }

    // MARK: - for-in

    /// for -> 'for' ( 'case' pattern | pattern ) 'in' expression [ 'where' expression ] block
    ///   -- without 'case', a bare name in the pattern binds it
    /// TableLab: no `for try await`.
    @inline(never)
    mutating func parseFor() throws -> Stmt {
        let start = tokens[pos].location
        advance()
        // Only a loop that does not parse is looked at again, so a valid one costs nothing more.
        let head = pos
        do {
            return try parseForIn(start: start)
        } catch let e as SyntaxError {
            if isCStyleFor(from: head) { throw error(.cStyleForRemoved, at: start) }
            throw e
        }
    }

    /// `for init; cond; step {` (parenthesised or not): a ';' before the body's '{', outside
    /// any bracket but the loop header's own parentheses.
    private func isCStyleFor(from head: Int) -> Bool {
        var depth = 0
        var i = head
        while i < tokens.count {
            switch tokens[i].tag {
            case .leftParen, .leftBracket: depth += 1
            case .rightParen, .rightBracket: depth -= 1
            case .semicolon: if depth <= 1 { return true }
            case .leftBrace: if depth == 0 { return false }
            case .eof: return false
            default: break
            }
            i += 1
        }
        return false
    }

    /// forIn -> ( 'case' pattern | pattern ) 'in' expression [ 'where' expression ] block   -- after 'for'
    private mutating func parseForIn(start: SourceLocation) throws -> Stmt {
        if let e = asynchronousLoop() { throw e }
        let pattern: Pattern
        if isKeyword(.case) {
            advance()
            pattern = try parsePattern()
        } else {
            if isKeyword(.in) || isLeftBrace || atEOF { throw error(.expectedPattern) }
            pattern = try parsePattern(binding: false)
        }
        if isColon { throw error(.forPatternTypeNotSupported) }
        guard isKeyword(.in) else { throw missing(.expectedInAfterForEachPattern) }
        advance()
        let saved = noTrailingClosure
        noTrailingClosure = true
        if isLeftBrace || atEOF { throw error(.expectedSequenceExpressionForForEachLoop) }
        let sequence = try parseExpression()
        var whereClause: Expr?
        if isKeyword(.where) {
            advance()
            whereClause = try parseExpression()
        }
        noTrailingClosure = saved
        guard isLeftBrace else { throw missing(.expectedLeftBraceToStartTheBodyOfForEachLoop) }
        let body = try parseBlock()
        return stmt(.forIn(pattern: pattern, sequence: sequence, whereClause: whereClause, body: body), at: start)
    }
}
