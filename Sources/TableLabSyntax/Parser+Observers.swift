// Two places where the parser reads what follows a construct as Swift does: the brace after
// an initializer that opens observers, and members after a generic type used as a value.

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

extension ParserState {
    /// `Box<String>.empty` read as a type: the type reader keeps the members in the name
    /// and puts the arguments last (`Box.empty<String>`). The speculation only starts when
    /// `<` follows `name` at once, so every member came after the `>`: the result is the
    /// type `Box<String>` (as written) with those members; nil when there are none.
    func genericTypeMembers(_ n: String, _ name: String, at start: SourceLocation) -> Expr? {
        guard n.hasPrefix(name + "."), let lt = n.firstIndex(of: "<") else { return nil }
        let members = n[n.index(n.startIndex, offsetBy: name.count + 1)..<lt].split(separator: ".").map(String.init)
        guard !members.isEmpty else { return nil }
        var e = Expr(.identifier(name), at: start)
        e.writtenGenericType = .named(name + String(n[lt...]))
        for m in members { e = Expr(.member(e, m), at: start) }
        return e
    }
}
