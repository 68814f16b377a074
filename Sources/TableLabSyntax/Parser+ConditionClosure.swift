extension ParserState {
    /// In a statement's condition, sequence or subject a `{` opens the body, except where
    /// swiftc reads it as a trailing closure because of what follows its `}`: another `{`
    /// (the body), `where` or `,` (`for x in xs.filter { $0 > 1 } where x < 9 {`), or, on
    /// the same line, a postfix or binary continuation (`if xs.map { $0 }.count == 3 {`,
    /// `if xs.compactMap { $0 }[0] == y {`). swiftc warns there; the reading is the same.
    func trailingClosureInCondition() -> Bool {
        var depth = 0
        var i = pos
        while i < tokens.count {
            switch tokens[i].tag {
            case .leftBrace: depth += 1
            case .rightBrace:
                depth -= 1
                if depth == 0 { return continuesAfterClosure(tokens[min(i + 1, tokens.count - 1)]) }
            case .eof: return false
            default: break
            }
            i += 1
        }
        return false
    }

    private func continuesAfterClosure(_ next: Token) -> Bool {
        switch next.tag {
        case .leftBrace, .comma: return true
        case .keyword: return next.keyword == .where
            || (next.keyword == .is || next.keyword == .as) && !next.atLineStart
        case .leftBracket, .leftParen, .dot, .operator, .colon: return !next.atLineStart
        default: return false
        }
    }
}

extension ParserState {
    /// `actor A`, `async let x = ...`, `for await x in ...`: TableLab runs one statement at a
    /// time, with no tasks, so it names these rather than run them as something else (an
    /// actor as a class would accept the synchronous calls swiftc refuses).
    func concurrencyConstruct() -> SyntaxError? {
        guard case .identifier(let word) = kind else { return nil }
        let next = peekToken()
        guard !next.atLineStart else { return nil }
        switch (word, next.tag) {
        case ("actor", .identifier): return error(.concurrencyNotSupported("actor"))
        case ("async", .keyword) where next.keyword == .let || next.keyword == .var:
            return error(.concurrencyNotSupported("async \(next.keyword!.rawValue)"))
        default: return nil
        }
    }

    /// After `for`: `await` (or `try await`) makes an asynchronous loop.
    func asynchronousLoop() -> SyntaxError? {
        if isIdentifier("await") { return error(.concurrencyNotSupported("for await")) }
        if isKeyword(.try), case .identifier("await") = peekToken().kind { return error(.concurrencyNotSupported("for try await")) }
        return nil
    }
}

extension ParserState {
    /// At `(` after a name: the labels of a compound name (`forward(_:_:)`,
    /// `tableView(_:cellForRowAt:)`), each a label and its `:` up to the `)`; nil for a call.
    func compoundNameLabels(after e: Expr) -> [String?]? {
        switch e.kind {
        case .identifier, .member, .implicitMember: break
        default: return nil
        }
        var labels: [String?] = []
        var i = pos + 1
        while i + 1 < tokens.count, tokens[i + 1].tag == .colon {
            switch tokens[i].kind {
            case .identifier(let s): labels.append(s == "_" ? nil : s)
            case .keyword(let k): labels.append(k.rawValue)
            default: return nil
            }
            i += 2
        }
        guard !labels.isEmpty, i < tokens.count, tokens[i].tag == .rightParen else { return nil }
        return labels
    }
}

extension ParserState {
    /// `name(a:_:)`, Swift's full name of a declaration with these argument labels.
    static func fullName(_ name: String, _ labels: [String?]) -> String {
        name + "(" + labels.map { ($0 ?? "_") + ":" }.joined() + ")"
    }

    /// The name a property's pattern binds (`#function` in its accessors).
    static func boundName(_ p: Pattern) -> String? {
        if case .binding(let name, _) = p.kind { return name }
        return nil
    }

    /// `#function` where the parser stands, as a string literal; swiftc's caller's name in a
    /// default value is named as not supported.
    func functionNameLiteral(at location: SourceLocation) throws -> Expr {
        guard let name = functionNames.last ?? "main" else { throw error(.poundFunctionInDefaultArgument) }
        return Expr(.string([.text(name)]), at: location, range: SourceRange(start: location, end: tokens[pos].end))
    }
}
