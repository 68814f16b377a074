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
