// What the parser names from where it stands: compound names (`handle(x:)`), `#function`,
// and Swift's concurrency constructs, which TableLab names instead of running.

extension ParserState {
    /// `actor A`, `async let x = ...`, `for await x in ...`: TableLab runs one statement at a
    /// time, with no tasks, so it names these rather than run them as something else (an
    /// actor as a class would accept the synchronous calls swiftc refuses).
    func concurrencyConstruct() -> SyntaxError? {
        // Most statements start `name(`, `name.`, `name =`: the next token's tag decides first.
        let next = peekToken()
        switch next.tag {
        case .identifier where isIdentifier("actor") && !next.atLineStart:
            return error(.concurrencyNotSupported("actor"))
        case .keyword where (next.keyword == .let || next.keyword == .var) && isIdentifier("async") && !next.atLineStart:
            return error(.concurrencyNotSupported("async \(next.keyword!.rawValue)"))
        default:
            return nil
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
        // The shape is checked by tags before any label is made: almost every `(` after a
        // name opens a call (`CGPoint(x: 0, y: 0)` stops at `0`), and this runs at each one.
        var end = pos + 1
        while end + 1 < tokens.count, tokens[end + 1].tag == .colon {
            guard tokens[end].tag == .identifier || tokens[end].tag == .keyword else { return nil }
            end += 2
        }
        guard end > pos + 1, end < tokens.count, tokens[end].tag == .rightParen else { return nil }
        var labels: [String?] = []
        labels.reserveCapacity((end - pos) / 2)
        for i in stride(from: pos + 1, to: end, by: 2) {
            switch tokens[i].kind {
            case .identifier(let s): labels.append(s == "_" ? nil : s)
            case .keyword(let k): labels.append(k.rawValue)
            default: return nil
            }
        }
        return labels
    }
}

/// What `#function` names where the parser stands.
enum FunctionNameContext {
    /// The module at the top level, `deinit` in a deinitializer.
    case named(String)
    /// A type's body (a stored property's value): the type's own name.
    case type(String)
    /// A function, initializer or subscript: its full name.
    case function(String, [Parameter])
    /// A property's accessors, a `lazy` property's value: the property's name.
    case property(Pattern)
    /// A parameter's default value, where Swift gives the caller's name.
    case defaultArgument

    var spelled: String? {
        switch self {
        case .named(let n): return n
        case .type(let n): return String(n.split(separator: ".").last ?? Substring(n))
        case .function(let n, let ps): return n + "(" + ps.map { ($0.label ?? "_") + ":" }.joined() + ")"
        case .property(let p):
            if case .binding(let name, _) = p.kind { return name }
            return nil
        case .defaultArgument: return nil
        }
    }
}

extension ParserState {
    /// Enters a declaration `#function` names inside (its context made only when kept).
    mutating func enterFunctionName(_ context: @autoclosure () -> FunctionNameContext) {
        if namesFunction { functionNames.append(context()) }
    }

    mutating func leaveFunctionName() {
        if namesFunction { functionNames.removeLast() }
    }

    /// `#function`, `#file`, `#filePath`, `#line`, `#column` where the parser stands, as
    /// literals; nil for another name. `#file` is the file's name as TableLab was given it
    /// (its part's, in a module's files), as `swiftc main.swift` gives the path on its
    /// command line in Swift 5 mode (Swift 6 mode's `Module/main.swift` is `#fileID`'s,
    /// which stays refused). In a default value Swift gives the caller's name or place:
    /// named as not supported.
    func poundLiteral(_ name: String, at location: SourceLocation) throws -> Expr? {
        let range = SourceRange(start: location, end: tokens[pos].end)
        switch name {
        case "#function": return try functionNameLiteral(at: location)
        case "#file", "#filePath", "#line", "#column":
            if case .defaultArgument? = functionNames.last { throw error(.poundLocationInDefaultArgument(name)) }
            let place = sourceFile?.displayedPlace(ofLine: location.line) ?? (name: "main.swift", line: location.line)
            switch name {
            case "#line": return Expr(.integer(place.line), at: location, range: range)
            case "#column": return Expr(.integer(location.column), at: location, range: range)
            default: return Expr(.string([.text(place.name)]), at: location, range: range)
            }
        default: return nil
        }
    }

    /// `#function` where the parser stands, as a string literal; swiftc's caller's name in a
    /// default value is named as not supported.
    func functionNameLiteral(at location: SourceLocation) throws -> Expr {
        guard let name = (functionNames.last ?? .named("main")).spelled else { throw error(.poundFunctionInDefaultArgument) }
        return Expr(.string([.text(name)]), at: location, range: SourceRange(start: location, end: tokens[pos].end))
    }
}
