// Protocols, generic parameter clauses, `where` clauses and type aliases.

extension ParserState {
    /// genericParameters -> '<' genericParameter { ',' genericParameter } '>'
    /// genericParameter -> identifier [ ':' type { '&' type } ]
    ///
    /// `<T: Equatable, U>` after a function or type name (the '<' attached to nothing in particular).
    mutating func parseGenericParameterClause() throws -> [GenericParameter] {
        guard case .operator(let op) = kind, op.hasPrefix("<") else { return [] }
        if op == "<" { advance() } else { dropOperatorPrefix(1) }
        var params: [GenericParameter] = []
        while true {
            let location = tokens[pos].location
            guard let name = identifierName else { throw error(.expectedAnIdentifierToNameGenericParameter) }
            advance()
            var constraint: TypeSyntax?
            if isColon {
                advance()
                constraint = try parseConstraintType()
            }
            params.append(GenericParameter(name: name, constraint: constraint, location: location))
            if isComma { advance(); continue }
            if case .operator(let o) = kind, o.hasPrefix(">") {
                if o == ">" { advance() } else { dropOperatorPrefix(1) }
                return params
            }
            throw error(.expectedRightAngleToCompleteGenericParameterList)
        }
    }

    /// constraintType -> type { '&' type }   -- a composition is kept as `P & Q` in one name
    mutating func parseConstraintType() throws -> TypeSyntax {
        var t = try parseType()
        while isOperator("&") {
            advance()
            let next = try parseType()
            t = .named("\(t) & \(next)")
        }
        return t
    }

    /// whereClause -> 'where' requirement { ',' requirement }
    /// requirement -> type ( ':' constraintType | '==' type )
    mutating func parseWhereClause() throws -> [WhereRequirement] {
        guard isKeyword(.where) else { return [] }
        advance()
        var reqs: [WhereRequirement] = []
        while true {
            let location = tokens[pos].location
            let subject = try parseType()
            if isColon {
                advance()
                reqs.append(WhereRequirement(subject: subject, isSameType: false, constraint: try parseConstraintType(), location: location))
            } else if isOperator("==") {
                advance()
                reqs.append(WhereRequirement(subject: subject, isSameType: true, constraint: try parseType(), location: location))
            } else {
                throw error(.expectedColonOrDoubleEqualsToIndicateAConformanceOrSameTypeRequirement)
            }
            if isComma { advance(); continue }
            return reqs
        }
    }

    /// typeAlias -> 'typealias' identifier [ genericParameters ] '=' type
    mutating func parseTypeAlias() throws -> TypeAliasDecl {
        advance()
        let location = tokens[pos].location
        guard let name = identifierName else { throw error(.expectedIdentifierInTypealiasDeclaration) }
        advance()
        if case .operator(let op) = kind, op.hasPrefix("<"), !tokens[pos].spaceBefore {
            throw error(.genericTypeAliasNotSupported(name))
        }
        guard isOperator("=") else { throw error(.expectedEqualsInTypeAliasDeclaration) }
        advance()
        return TypeAliasDecl(name: name, type: try parseType(), location: location)
    }

    /// protocol -> 'protocol' identifier [ ':' constraintType { ',' constraintType } ] [ whereClause ]
    ///             '{' { ';' | requirement memberEnd } '}'
    /// requirement -> modifiers ( 'func' ( identifier | operator ) [ genericParameters ] parameterClause
    ///                  [ 'async' ] [ 'throws' ] [ '->' type ] [ whereClause ]
    ///                | 'var' identifier ':' type '{' { 'get' | 'set' | 'mutating' | 'nonmutating' } '}'
    ///                | 'init' [ '?' | '!' ] parameterClause [ 'throws' ]
    ///                | 'associatedtype' identifier [ ':' constraintType ] [ '=' type ] [ whereClause ]
    ///                | typeAlias )
    /// TableLab: `subscript` requirements and protocol `where` clauses are refused by name.
    mutating func parseProtocol() throws -> ProtocolDecl {
        advance() // protocol
        let location = tokens[pos].location
        guard let name = identifierName else { throw error(.expectedIdentifierInProtocolDeclaration) }
        advance()
        if case .operator(let op) = kind, op.hasPrefix("<") {
            throw error(.protocolsDoNotAllowGenericParametersUseAssociatedTypesInstead)
        }
        var inherited: [String] = []
        if isColon {
            advance()
            repeat {
                if isLeftBrace || atEOF { throw error(.expectedType) }
                if isKeyword(.class) { advance(); inherited.append("AnyObject"); continue }
                inherited.append(try parseConstraintType().description)
            } while isComma ? { advance(); return true }() : false
        }
        if isKeyword(.where) {
            throw error(.aWhereClauseOnAProtocolDeclarationIsNotSupportedInTableLab)
        }
        guard isLeftBrace else { throw missing(.expectedLeftBraceInProtocolType) }
        try enter(); defer { leave() }
        let opener = tokens[pos].location
        advance()
        var decl = ProtocolDecl(name: name, inherited: inherited, location: location)
        while true {
            while isSemicolon { advance() }
            if isRightBrace { advance(); break }
            if atEOF { throw unclosed(.expectedRightBraceInProtocol, opener: opener, "{") }
            let mods = try parseModifiers()
            switch kind {
            case .keyword(.func):
                // An `optional` requirement need not be met: it is not recorded.
                let f = try parseFunction(mods, requiresBody: false)
                if !mods.isOptional { decl.methods.append(f) }
            case .keyword(.var):
                let requirement = try parsePropertyRequirement(mods)
                if !mods.isOptional { decl.properties.append(requirement) }
            case .keyword(.let):
                throw error(.protocolsCannotRequirePropertiesToBeImmutableDeclareReadOnlyPropertiesByUsingVarWithAGetSpecifier)
            case .keyword(.`init`):
                decl.initializers.append(try parseInitializerRequirement())
            case .identifier("associatedtype"):
                decl.associatedTypes.append(try parseAssociatedType())
            case .keyword(.typealias):
                _ = try parseTypeAlias()
            case .keyword(.subscript):
                throw error(.subscriptRequirementsInAProtocolAreNotSupportedInTableLab)
            default:
                throw error(.expectedDeclaration)
            }
            if isSemicolon { advance(); continue }
            if isRightBrace || atEOF || tokens[pos].atLineStart { continue }
            throw errorAfterPrevious(.consecutiveDeclarationsOnALineMustBeSeparatedBySemicolon)
        }
        return decl
    }

    /// propertyRequirement -> 'var' identifier ':' type '{' 'get' [ 'set' ] '}'
    ///   -- `get` and `set` in either order, `mutating`/`nonmutating` before either (the `var` is current)
    private mutating func parsePropertyRequirement(_ mods: Modifiers) throws -> PropertyRequirement {
        advance()
        let at = tokens[pos].location
        guard let n = identifierName else { throw error(.expectedPattern) }
        advance()
        guard isColon else { throw error(.propertyInProtocolMustHaveExplicitType) }
        advance()
        let type = try parseType()
        guard isLeftBrace else { throw error(.propertyInProtocolMustHaveExplicitGetOrGetSetSpecifier) }
        advance()
        var settable = false
        var sawGet = false
        while !isRightBrace {
            guard case .identifier(let w) = kind else {
                throw error(.expectedGetOrSetInAProtocolProperty)
            }
            switch w {
            case "get": sawGet = true
            case "set": settable = true
            case "mutating", "nonmutating": break
            default: throw error(.expectedGetOrSetInAProtocolProperty)
            }
            advance()
            while isSemicolon { advance() }
        }
        advance()
        if !sawGet { throw errorAfterPrevious(.propertyInProtocolMustHaveExplicitGetOrGetSetSpecifier) }
        return PropertyRequirement(name: n, type: type, isSettable: settable, isStatic: mods.isStatic, location: at)
    }

    /// initializerRequirement -> 'init' [ '?' | '!' ] parameterClause [ 'throws' ]
    ///   -- no body (the `init` is current)
    private mutating func parseInitializerRequirement() throws -> FunctionDecl {
        let at = tokens[pos].location
        advance()
        // Kept as written: `tablelab emit` prints the requirement, and swiftc refuses a
        // failable witness for a non-failable requirement.
        var failability: String?
        if case .operator(let op) = kind, op == "?" || op == "!", !tokens[pos].spaceBefore {
            failability = op
            advance()
        }
        guard isLeftParen else { throw missing(.expectedLeftParenForInitializerParameters) }
        let parameters = try parseParameterClause()
        var throwsKeyword: String?
        if isKeyword(.throws) { throwsKeyword = "throws"; advance() }
        if isLeftBrace { throw error(.protocolInitializersMustNotHaveBodies) }
        var requirement = FunctionDecl(name: "init", parameters: parameters, returnType: nil, body: [],
                                       isStatic: false, isMutating: true, location: at)
        requirement.failability = failability
        requirement.throwsKeyword = throwsKeyword
        return requirement
    }

    /// associatedType -> 'associatedtype' identifier [ ':' constraintType ] [ '=' type ]
    ///   -- (the `associatedtype` is current)
    private mutating func parseAssociatedType() throws -> GenericParameter {
        advance()
        let at = tokens[pos].location
        guard let n = identifierName else { throw error(.expectedIdentifierInAssociatedtypeDeclaration) }
        advance()
        var constraint: TypeSyntax?
        if isColon { advance(); constraint = try parseConstraintType() }
        if isOperator("=") { advance(); _ = try parseType() }
        if isKeyword(.where) {
            throw error(.aWhereClauseOnAnAssociatedTypeIsNotSupportedInTableLab)
        }
        return GenericParameter(name: n, constraint: constraint, location: at)
    }

    /// Drops the first `n` characters of the current operator token (`<T>` glued as `<`).
    mutating func dropOperatorPrefix(_ n: Int) {
        guard case .operator(let op) = kind else { return }
        tokens[pos].kind = .operator(String(op.dropFirst(n)))
        tokens[pos].location.column += n
        tokens[pos].spaceBefore = false
    }
}
