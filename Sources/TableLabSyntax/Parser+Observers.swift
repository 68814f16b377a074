// `var items = [Item]() { didSet { ... } }`: the brace after an initializer starts the
// property's observers, not a trailing closure (swiftc's isStartOfGetSetAccessor).

extension ParserState {
    /// The `{` at `pos` opens `{ willSet ...` or `{ didSet ...` (after attributes).
    func startsObserverBlock() -> Bool {
        var i = pos + 1
        while i < tokens.count, case .attribute = tokens[i].kind { i += 1 }
        guard i + 1 < tokens.count, case .identifier(let n) = tokens[i].kind, n == "willSet" || n == "didSet" else { return false }
        switch tokens[i + 1].kind {
        case .leftBrace, .leftParen, .rightBrace: return true
        default: return false
        }
    }
}
