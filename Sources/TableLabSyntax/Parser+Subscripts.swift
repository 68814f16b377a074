// `subscript` declarations in types.

extension ParserState {
    /// subscript -> 'subscript' parameterClause '->' type accessors
    /// A subscript's parameter has an argument label only when two names are written
    /// (`subscript(row r: Int)`); TableLab takes `subscript(x x: Int)` as unlabelled too.
    mutating func parseSubscript(_ mods: Modifiers) throws -> SubscriptDecl {
        let location = tokens[pos].location
        advance() // subscript
        let generics = try parseGenericParameterClause()
        guard isLeftParen else { throw missing(.expectedLeftParenForSubscriptParameters) }
        let parameters = try parseParameterClause(labelsOnlyWhenWritten: true)
        guard isOperator("->") else { throw error(.expectedArrowForSubscriptElementType) }
        advance()
        let type = try parseType()
        let whereClause = try parseWhereClause()
        guard isLeftBrace else { throw error(.expectedLeftBraceInSubscriptToSpecifyGetterAndSetterImplementation) }
        enterFunctionName(.function("subscript", parameters))
        let accessors = try parseAccessors()
        leaveFunctionName()
        if accessors.isObserver { throw error(.expectedGetSetWillSetOrDidSetKeywordToStartAnAccessorDefinition) }
        var decl = SubscriptDecl(parameters: parameters, returnType: type, getter: accessors.getter ?? [], setter: accessors.setter,
                                 isStatic: mods.isStatic, location: location)
        decl.setterIsNonmutating = accessors.nonmutatingSet
        decl.getterEnd = accessors.getterEnd
        decl.genericParameters = generics
        decl.whereClause = whereClause
        return decl
    }
}
