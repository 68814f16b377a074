// The associated values of an enum case declaration: `(title: String, isOn: Bool = false)`,
// `(String, String)`, `(_ value: Int)`.

extension ParserState {
    /// associatedValues -> '(' [ associatedValue { ',' associatedValue } ] ')'
    /// associatedValue -> [ ( identifier | '_' ) [ identifier ] ':' ] type [ '=' expression ]
    mutating func parseAssociatedValues() throws -> [Parameter] {
        try enter(); defer { leave() }
        let opener = tokens[pos].location
        advance() // (
        var values: [Parameter] = []
        while !isRightParen {
            let location = tokens[pos].location
            if atEOF { throw unclosed(.expectedRightParenInEnumCase, opener: opener, "(") }
            var label: String?
            var name = "_"
            if let first = labelName, case .colon = peekToken().kind {
                label = first == "_" ? nil : first
                name = first
                advance(); advance()
            } else if let first = labelName, case .identifier(let second) = peekToken().kind,
                      case .colon = peekToken(2).kind {
                // `_ value: Int` names an unlabelled value; two names are a function's, not a case's.
                guard first == "_" else { throw error(.enumCaseCannotHaveKeywordArguments) }
                name = second
                advance(); advance(); advance()
            }
            if isRightParen || isComma || isOperator("=") || atEOF { throw error(.expectedType) }
            let type = try parseType()
            var defaultValue: Expr?
            if isOperator("=") {
                advance()
                defaultValue = try parseValueExpression()
            }
            values.append(Parameter(label: label, name: name, type: type, defaultValue: defaultValue, location: location))
            if isComma { advance(); continue }
            if isRightParen { break }
            if atEOF { throw unclosed(.expectedRightParenInEnumCase, opener: opener, "(") }
            throw missing(.expectedCommaSeparator)
        }
        advance()
        return values
    }
}
