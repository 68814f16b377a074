// `subscript` declarations in types.

extension ParserState {
    /// subscript -> 'subscript' parameterClause '->' type accessors
    /// A subscript's parameter has an argument label only when two names are written
    /// (`subscript(row r: Int)`); TableLab takes `subscript(x x: Int)` as unlabelled too.
    mutating func parseSubscript(_ mods: Modifiers) throws -> SubscriptDecl {
        let location = tokens[pos].location
        advance() // subscript
        if case .operator(let op) = kind, op.hasPrefix("<") {
            while !isLeftParen && !atEOF { advance() }
        }
        guard isLeftParen else { throw missing(.expectedLeftParenForSubscriptParameters) }
        var parameters = try parseParameterClause()
        for i in parameters.indices where parameters[i].label == parameters[i].name { parameters[i].label = nil }
        guard isOperator("->") else { throw error(.expectedArrowForSubscriptElementType) }
        advance()
        let type = try parseType()
        guard isLeftBrace else { throw error(.expectedLeftBraceInSubscriptToSpecifyGetterAndSetterImplementation) }
        enterFunctionName(.function("subscript", parameters))
        let accessors = try parseAccessors()
        leaveFunctionName()
        if accessors.isObserver { throw error(.expectedGetSetWillSetOrDidSetKeywordToStartAnAccessorDefinition) }
        var decl = SubscriptDecl(parameters: parameters, returnType: type, getter: accessors.getter ?? [], setter: accessors.setter,
                                 isStatic: mods.isStatic, location: location)
        decl.setterIsNonmutating = accessors.nonmutatingSet
        decl.getterEnd = accessors.getterEnd
        return decl
    }
}
