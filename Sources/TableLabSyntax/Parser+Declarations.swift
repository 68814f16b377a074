// Declarations: let/var, func, init, enum, struct, table/class, extension, and the
// modifiers and attributes of pasted UIKit code, which are accepted and ignored.

extension ParserState {
    /// Words that modify a declaration; Swift treats them as contextual keywords.
    static let modifierWords: Set<String> = [
        "private", "fileprivate", "public", "internal", "open", "package", "final", "override",
        "mutating", "nonmutating", "lazy", "weak", "unowned", "required", "convenience",
        "dynamic", "optional", "indirect", "nonisolated", "prefix", "postfix",
    ]

    static let declarationKeywords: Set<Keyword> = [
        .let, .var, .func, .enum, .struct, .class, .extension, .protocol, .import, .static,
        .typealias, .`init`, .subscript, .deinit, .case,
    ]

    /// Raw-value types an enum's inheritance clause may start with.
    static let rawValueTypes: Set<String> = [
        "Int", "String", "Double", "Float", "Character", "UInt", "Int8", "Int16", "Int32", "Int64",
        "UInt8", "UInt16", "UInt32", "UInt64", "CGFloat", "Bool",
    ]

    /// Is the current identifier the start of a declaration (`table X`, `private func`)?
    func startsDeclaration() -> Bool {
        guard case .identifier(let name) = kind else { return false }
        let next = peekToken()
        if next.atLineStart { return false }
        if name == "table" {
            if case .identifier = next.kind { return true }
            return false
        }
        guard ParserState.modifierWords.contains(name) else { return false }
        switch next.kind {
        case .keyword(let k): return ParserState.declarationKeywords.contains(k)
        case .identifier(let n): return ParserState.modifierWords.contains(n) || n == "table" || n == "actor"
        case .attribute: return true
        case .leftParen:
            // `private(set) var`
            if case .identifier("set") = peekToken(2).kind { return true }
            // `unowned(unsafe) var`, `unowned(safe) let`
            if name == "unowned", case .identifier(let n) = peekToken(2).kind, n == "safe" || n == "unsafe" { return true }
            return false
        default: return false
        }
    }

    /// A class, not a struct: release builds (swiftc 6.3, -O) read this record's flags one
    /// field off once it held the nested `ClassMemberModifiers` (`static func` parsed as
    /// `mutating func`), while debug builds were right. Passed by reference, the fields are
    /// read where they were written. Made once per declaration by `parseModifiers`, then only read.
    final class Modifiers {
        var isStatic = false
        var isMutating = false
        var isLazy = false
        /// `@NSManaged`.
        var isManaged = false
        var isIndirect = false
        var classMember = ClassMemberModifiers()
        /// `@objcMembers` (a class) or `@objc` (an extension): every member is exposed to
        /// Objective-C.
        var exposesAllMembers = false
        /// `optional` (an `@objc` protocol's optional requirement).
        var isOptional = false
        /// `private(set)`: the setter is private to the type.
        var isPrivateSet = false
        /// `weak` / `unowned` (a variable's reference ownership).
        var ownership: VariableDecl.Ownership = .strong
        /// `unowned(unsafe)`.
        var isUnownedUnsafe = false
        /// `@frozen` / `@_frozen`, and `public` / `open`: together they tell the
        /// exhaustiveness checker that an enum has no unknown future cases.
        var isFrozen = false
        var isPublic = false
        /// `@available(*, unavailable)` or `@available(iOS, unavailable)`: unavailable on
        /// the platform TableLab plays (an enum case no switch needs to name).
        var isUnavailable = false
        /// Its `message: "..."`, which swiftc adds to the error for a use.
        var unavailableMessage: String?
        /// `prefix` / `postfix` before an operator function.
        var operatorFixity: String?
        /// `@Clamped` before a property: a property wrapper's attribute (none TableLab runs).
        var wrapperAttribute: UnsupportedDeclaration?
    }

    /// The capitalised attributes a property may carry that wrap nothing TableLab plays
    /// differently: Interface Builder's, Core Data's, the main actor, Combine's `@Published`
    /// (its value reads and writes as a plain property's; `$name` is refused where used).
    static let plainPropertyAttributes: Set<String> = [
        "IBOutlet", "IBInspectable", "NSManaged", "MainActor", "Published", "NSCopying", "GKInspectable",
    ]

    /// modifiers -> { attribute [ balanced ] | modifierWord [ balanced ] | 'static'
    ///              | 'class' &( 'func' | 'var' | 'let' ) }
    ///   -- an attribute's '(' attached; a modifierWord (`private`, `override`, ...) only before a declaration
    /// TableLab: all are accepted and ignored except `static`, `class` (read as `static`) and `mutating`.
    mutating func parseModifiers() throws -> Modifiers {
        let mods = Modifiers()
        while true {
            switch kind {
            case .attribute(let a):
                if a == "IBOutlet" { mods.classMember.isOutlet = true }
                if a == "NSManaged" { mods.isManaged = true }
                if ParserState.objcAttributes.contains(a) { mods.classMember.isObjC = true }
                if a == "objcMembers" { mods.exposesAllMembers = true }
                if a == "frozen" || a == "_frozen" { mods.isFrozen = true }
                if a.first?.isUppercase == true, !ParserState.plainPropertyAttributes.contains(a) {
                    mods.wrapperAttribute = UnsupportedDeclaration(.propertyWrapperAttribute(name: a), at: tokens[pos].location)
                }
                if a == "propertyWrapper" || a == "resultBuilder" {
                    let refused = UnsupportedDeclaration(.typeAttribute(name: a), at: tokens[pos].location)
                    if !unsupportedDeclarations.contains(refused) { unsupportedDeclarations.append(refused) }
                }
                advance()
                if isLeftParen, tokens[pos].spaceBefore, !tokens[pos].atLineStart, ParserState.attributesWithArguments.contains(a) {
                    // Read on as if attached; a backtracked re-parse then does not warn twice.
                    attributeWhitespace.append(tokens[pos - 1].end)   // swiftc: at the space
                    tokens[pos].spaceBefore = false
                }
                if a == "available", isLeftParen, !tokens[pos].spaceBefore, availabilityIsUnavailable() {
                    mods.isUnavailable = true
                    mods.unavailableMessage = availabilityMessage()
                }
                if isLeftParen, !tokens[pos].spaceBefore { try skipBalanced() }
            case .identifier(let name) where ParserState.modifierWords.contains(name) && startsDeclaration():
                if name == "mutating" { mods.isMutating = true }
                if name == "lazy" { mods.isLazy = true }
                if name == "indirect" { mods.isIndirect = true }
                switch name {
                case "override": mods.classMember.isOverride = true; mods.classMember.keywordLocation = tokens[pos].location
                case "final": mods.classMember.isFinal = true
                case "convenience": mods.classMember.isConvenience = true
                case "required": mods.classMember.isRequired = true
                default: break
                }
                if name == "optional" { mods.isOptional = true }
                if name == "prefix" || name == "postfix" { mods.operatorFixity = name }
                if name == "public" || name == "open" { mods.isPublic = true }
                if name == "weak" { mods.ownership = .weak }
                if name == "unowned" { mods.ownership = .unowned }
                advance()
                if (name == "private" || name == "fileprivate") && !isLeftParen { mods.classMember.isPrivate = true }
                if isLeftParen {
                    if name == "private", case .identifier("set") = peekToken().kind { mods.isPrivateSet = true }
                    if name == "unowned", case .identifier("unsafe") = peekToken().kind { mods.isUnownedUnsafe = true }
                    try skipBalanced()
                }
            case .keyword(.static):
                mods.isStatic = true
                advance()
            case .keyword(.class):
                // `class func` / `class var` mean `static` here.
                let next = peekToken().kind
                if case .keyword(let k) = next, k == .func || k == .var || k == .let {
                    mods.isStatic = true
                    mods.classMember.isClassMember = true
                    advance()
                } else {
                    return mods
                }
            default:
                // Only before a property: `@Sendable` and a global actor's attribute mark functions.
                if let refused = mods.wrapperAttribute, isKeyword(.var) || isKeyword(.let),
                   !unsupportedDeclarations.contains(refused) {
                    unsupportedDeclarations.append(refused)
                }
                return mods
            }
        }
    }

    /// At the `(` of `@available(...)`: whether it says `unavailable` for every platform
    /// (`*`) or for iOS, the one TableLab plays (ConditionalCompilation.swift).
    func availabilityIsUnavailable() -> Bool {
        var i = pos + 1, level = 1, first: TokenKind? = nil, unavailable = false
        while i < tokens.count, level > 0 {
            let k = tokens[i].kind
            if tokens[i].tag == .leftParen { level += 1 } else if tokens[i].tag == .rightParen { level -= 1 }
            if level == 1 {
                if first == nil { first = k }
                if case .identifier("unavailable") = k { unavailable = true }
            }
            i += 1
        }
        guard unavailable, let first else { return false }
        switch first {
        case .operator("*"), .identifier("iOS"): return true
        default: return false
        }
    }

    /// At the `(` of `@available(...)`: the text of its `message: "..."` (a plain string).
    func availabilityMessage() -> String? {
        var i = pos + 1, level = 1
        while i + 2 < tokens.count, level > 0 {
            if tokens[i].tag == .leftParen { level += 1 } else if tokens[i].tag == .rightParen { level -= 1 }
            if level == 1, case .identifier("message") = tokens[i].kind, tokens[i + 1].tag == .colon,
               case .string(let parts) = tokens[i + 2].kind {
                var text = ""
                for part in parts {
                    guard case .text(let t) = part else { return nil }
                    text += t
                }
                return text
            }
            i += 1
        }
        return nil
    }

    /// balanced -> '(' { balanced | any } ')'
    ///
    /// Skips a balanced `( ... )` group (attribute arguments, `private(set)`).
    mutating func skipBalanced() throws {
        var level = 0
        repeat {
            if isLeftParen { level += 1 } else if isRightParen { level -= 1 }
            if atEOF { throw error(.expectedRightParen) }
            advance()
        } while level > 0
    }

    /// declarationStatement -> modifiers ( variableDecls | function | typeDeclaration | protocol
    ///                         | 'import' identifier { '.' identifier } | 'typealias' identifier '=' type )
    /// TableLab: `import` declares nothing (an empty statement); protocols are Parser+Protocols.swift.
    @inline(never)
    mutating func parseDeclarationStatement() throws -> Stmt {
        let start = tokens[pos].location
        let mods = try parseModifiers()
        let location = tokens[pos].location
        switch kind {
        case .keyword(.let), .keyword(.var):
            let decls = try parseVariableDecls(mods)
            for extra in decls.dropFirst() {
                pendingStatements.append(Stmt(.declaration(.variable(extra.decl)), at: extra.decl.location,
                                              range: SourceRange(start: extra.decl.location, end: extra.end)))
            }
            return Stmt(.declaration(.variable(decls[0].decl)), at: start, range: SourceRange(start: start, end: decls[0].end))
        case .keyword(.func):
            return stmt(.declaration(.function(try parseFunction(mods))), at: start)
        case .keyword(.`init`):
            throw error(.initializersMayOnlyBeDeclaredWithinAType)
        case .keyword(.import):
            advance()
            guard let module = identifierName else { throw error(.expectedIdentifierInImportDeclaration) }
            imports.append(module)
            let moduleStart = current.location
            var path = module
            advance()
            while isDot, case .identifier(let part) = peekToken().kind { path += "." + part; advance(); advance() }
            importedModules.append(ImportedModule(path: path, location: moduleStart))
            return stmt(.block([]), at: start)
        case .keyword(.typealias):
            return stmt(.declaration(.typeAlias(try parseTypeAlias())), at: start)
        case .keyword(.protocol):
            let p = try parseProtocol()
            // `@objc protocol`: its requirements' witnesses are exposed to Objective-C.
            if mods.classMember.isObjC { objcTypes.insert(p.location) }
            return stmt(.declaration(.protocol(p)), at: location, from: start)
        case .keyword(.enum), .keyword(.struct), .keyword(.class), .keyword(.extension), .identifier("table"):
            return stmt(.declaration(marking(try parseTypeDeclaration(), mods)), at: location, from: start)
        case .keyword(.subscript), .keyword(.deinit), .keyword(.case):
            throw error(.notAllowedHere(tokens[pos].spelling))
        default:
            throw concurrencyConstruct() ?? error(.expectedDeclaration)
        }
    }

    // MARK: - Variables

    /// variableDecls -> ( 'let' | 'var' ) binding { ',' binding }   -- no ',' after a computed property
    /// binding -> ( identifier | '_' | tuplePattern ) [ ':' type ] [ '=' valueExpression ] [ accessors ]
    ///   -- accessors' '{' on the same line, or on the next when there is a type and no initial value
    mutating func parseVariableDecls(_ mods: Modifiers) throws -> [ParsedBinding] {
        let isLet = isKeyword(.let)
        advance()
        var decls: [ParsedBinding] = []
        while true {
            let location = tokens[pos].location
            let pattern: Pattern
            switch kind {
            case .identifier(let name) where name != "_":
                advance()
                pattern = Pattern(.binding(name: name, isVar: !isLet), at: location)
            case .identifier("_"):
                advance()
                pattern = Pattern(.wildcard, at: location)
            case .leftParen:
                pattern = try parsePattern(binding: !isLet)
            default:
                throw error(.expectedPattern)
            }
            var type: TypeSyntax?
            var implicitlyUnwrapped = false
            var typeLocation = SourceLocation.unknown
            if isColon {
                advance()
                typeLocation = tokens[pos].location
                type = try parseType()
                if case .operator(let op) = tokens[pos - 1].kind, op.last == "!" { implicitlyUnwrapped = true }
            }
            var initializer: Expr?
            if isOperator("=") {
                advance()
                if startsNoExpression {
                    let message = SyntaxMessage.expectedInitialValueAfterEquals
                    throw tokens[pos].atLineStart ? errorAfterPrevious(message) : error(message)
                }
                if mods.isLazy { enterFunctionName(.property(pattern)) }
                initializer = try parseValueExpression(missing: .expectedInitialValueAfterEquals)
                if mods.isLazy { leaveFunctionName() }
            }
            var getter: [Stmt]?
            var getterEnd = SourceLocation.unknown
            var rare = RareVariableParts()
            rare.isPrivateSet = mods.isPrivateSet
            rare.isManaged = mods.isManaged
            rare.ownership = mods.ownership
            rare.isUnownedUnsafe = mods.isUnownedUnsafe
            // A computed property's body may start on the next line (there is no
            // initializer for a trailing closure to attach to).
            if isLeftBrace, !tokens[pos].atLineStart || (type != nil && initializer == nil) {
                enterFunctionName(.property(pattern))
                let accessors = try parseAccessors()
                leaveFunctionName()
                if !accessors.isObserver {
                    if isLet { throw SyntaxError(message: .letDeclarationsCannotBeComputedProperties, location: location, atEnd: false) }
                    getter = accessors.getter ?? []
                    getterEnd = accessors.getterEnd
                    rare.setter = accessors.setter
                    rare.setterIsNonmutating = accessors.nonmutatingSet
                    rare.getterKeyword = accessors.getterKeyword
                    rare.getterIsMutating = accessors.getterIsMutating
                } else {
                    rare.observers = accessors.observers
                }
            }
            var decl = VariableDecl(isLet: isLet, pattern: pattern, type: type, initializer: initializer,
                                    getter: getter, isStatic: mods.isStatic, location: location)
            decl.isLazy = mods.isLazy
            decl.isImplicitlyUnwrapped = implicitlyUnwrapped
            decl.rareParts = rare
            decl.getterEnd = getterEnd
            decl.typeLocation = typeLocation
            decls.append(ParsedBinding(decl: decl, end: previous.end))
            if isComma, getter == nil {
                decls[decls.count - 1].decl.hasFollowingBinding = true
                advance()
                continue
            }
            return decls
        }
    }

    /// accessors -> '{' accessor { ';' | accessor } '}' | block   -- a plain block is the getter
    /// accessor -> modifiers ( 'get' | 'set' | 'willSet' | 'didSet' ) [ '(' identifier ')' ] block
    ///
    /// `{ statements }` (a getter), `{ get { } set(v) { } }`, or observers `{ didSet { } }`.
    mutating func parseAccessors() throws -> (getter: [Stmt]?, setter: (parameterName: String, body: [Stmt])?, isObserver: Bool,
                                              observers: PropertyObservers?, nonmutatingSet: Bool, getterEnd: SourceLocation,
                                              getterKeyword: SourceLocation, getterIsMutating: Bool) {
        var i = pos + 1
        while true {
            switch tokens[i].kind {
            case .attribute: i += 1; continue
            case .identifier(let n) where n == "mutating" || n == "nonmutating": i += 1; continue
            default: break
            }
            break
        }
        guard case .identifier(let first) = tokens[i].kind,
              ["get", "set", "willSet", "didSet"].contains(first),
              { () -> Bool in
                  switch tokens[i + 1].kind {
                  case .leftBrace, .leftParen, .rightBrace: return true
                  case .identifier(let n): return ["get", "set", "willSet", "didSet"].contains(n)
                  default: return tokens[i + 1].atLineStart
                  }
              }()
        else {
            let body = try parseBlock()
            return (body, nil, false, nil, false, previous.location, .unknown, false)
        }
        try enter(); defer { leave() }
        let opener = tokens[pos].location
        advance()
        var getter: [Stmt]?
        var setter: (parameterName: String, body: [Stmt])?
        var isObserver = false
        var observers = PropertyObservers()
        var nonmutatingSet = false
        var getterEnd = SourceLocation.unknown
        var getterKeyword = SourceLocation.unknown
        var getterIsMutating = false
        while true {
            while isSemicolon { advance() }
            if isRightBrace { advance(); break }
            if atEOF { throw unclosed(.expectedRightBraceAtEndOfVariableGetSetClause, opener: opener, "{") }
            let accessorModifiers = try parseModifiers()
            // `nonmutating set { }`: the setter may be called through a `let` (it changes no stored property of self).
            var nonmutating = false, mutating = false
            let modifierAt = tokens[pos].location
            if case .identifier(let m) = kind, m == "mutating" || m == "nonmutating" { nonmutating = m == "nonmutating"; mutating = !nonmutating; advance() }
            guard case .identifier(let name) = kind, ["get", "set", "willSet", "didSet"].contains(name) else {
                throw error(.expectedGetSetWillSetOrDidSetKeywordToStartAnAccessorDefinition)
            }
            let keyword = tokens[pos].location
            // A getter that changes `self` would need its receiver written back, which the
            // interpreter does not do: named rather than refused at run time in other words.
            if name == "get", mutating || accessorModifiers.isMutating {
                throw SyntaxError(message: .aMutatingGetterIsNotSupportedInTableLab, location: modifierAt, atEnd: false)
            }
            advance()
            var parameter = name == "set" ? "newValue" : name == "willSet" ? "newValue" : "oldValue"
            if isLeftParen {
                advance()
                guard let p = identifierName else { throw error(.expectedTheNameOfTheSetterSParameter) }
                parameter = p
                advance()
                guard isRightParen else { throw error(.expectedRightParenAfterSetterParameterName) }
                advance()
            }
            guard isLeftBrace else {
                let what = name == "get" ? "getter" : name == "set" ? "setter" : name
                throw error(.expectedLeftBraceToStartDefinition(of: what))
            }
            let body = try parseBlock()
            switch name {
            case "get": getter = body; getterEnd = previous.location; getterKeyword = keyword; getterIsMutating = mutating || accessorModifiers.isMutating
            case "set": setter = (parameter, body); nonmutatingSet = nonmutating
            case "willSet": isObserver = true; observers.willSet = (parameter, body)
            default: isObserver = true; observers.didSet = (parameter, body)
            }
        }
        if getter == nil && setter == nil { isObserver = true }
        return (getter, setter, isObserver, isObserver ? observers : nil, nonmutatingSet, getterEnd, getterKeyword, getterIsMutating)
    }

    // MARK: - Functions

    /// function -> 'func' ( identifier | operator ) [ '<' { any } ] parameterClause
    ///             [ 'async' ] [ 'throws' | 'rethrows' ] [ '->' type ] [ 'where' { any } ] block
    /// Generic parameters and the `where` clause are kept (Parser+Protocols.swift); a protocol's
    /// requirement has no body (`requiresBody: false`).
    mutating func parseFunction(_ mods: Modifiers, requiresBody: Bool = true) throws -> FunctionDecl {
        let location = tokens[pos].location
        advance() // func
        let nameLocation = tokens[pos].location
        let name: String
        var namedByOperator = false
        switch kind {
        case .identifier(let n): name = n
        case .operator(let op): name = op; namedByOperator = true
        default: throw error(.expectedIdentifierInFunctionDeclaration)
        }
        if namedByOperator { try checkOperatorImplementation(name) }
        if let fixity = mods.operatorFixity { noteOperatorFunction(fixity: fixity, name: name, at: tokens[pos].location) }
        advance()
        let generics = try parseGenericParameterClause()
        guard isLeftParen else { throw missing(.expectedLeftParenInArgumentListOfFunctionDeclaration) }
        var parameters = try parseParameterClause()
        if namedByOperator, isCustomOperator(name) {
            // Swift: an operator function's parameters take no argument labels.
            for i in parameters.indices { parameters[i].label = nil }
        }
        if isIdentifier("async") { advance() }
        let throwsKeyword = try parseThrowsClause()
        var returnType: TypeSyntax?
        if isOperator("->") {
            advance()
            returnType = try parseType()
        }
        let whereClause = try parseWhereClause()
        var body: [Stmt] = []
        var bodyEnd = SourceLocation.unknown
        if requiresBody || isLeftBrace {
            guard isLeftBrace else { throw missing(.expectedLeftBraceInBodyOfFunctionDeclaration) }
            if !requiresBody { throw error(.protocolMethodsMustNotHaveBodies) }
            enterFunctionName(.function(name, parameters))
            defer { leaveFunctionName() }
            body = try parseBlock()
            bodyEnd = previous.location
        }
        var f = FunctionDecl(name: name, parameters: parameters, returnType: returnType, body: body,
                             isStatic: mods.isStatic, isMutating: mods.isMutating, location: location)
        f.genericParameters = generics
        f.whereClause = whereClause
        f.throwsKeyword = throwsKeyword
        f.bodyEnd = bodyEnd
        f.isClassMethod = mods.classMember.isClassMember
        f.nameLocation = nameLocation
        return f
    }

    /// parameterClause -> '(' [ parameter { ',' parameter } [ ',' ] ] ')'
    /// parameter -> { attribute } labelName [ identifier ] ':' [ 'inout' ] type [ '...' ] [ '=' valueExpression ]
    ///
    /// `(_ x: Int, named y: String = "", z: inout [Int])`
    /// `labelsOnlyWhenWritten`: a subscript's parameter has an argument label only when one
    /// is written before its name (`subscript(key: String)` takes `t["a"]`,
    /// `subscript(key key: String)` takes `t[key: "a"]`).
    mutating func parseParameterClause(labelsOnlyWhenWritten: Bool = false) throws -> [Parameter] {
        try enter(); defer { leave() }
        let opener = tokens[pos].location
        advance() // (
        var parameters: [Parameter] = []
        while !isRightParen {
            let location = tokens[pos].location
            while case .attribute = kind { advance() }
            guard let first = labelName else {
                if atEOF { throw unclosed(.expectedRightParenInParameter, opener: opener, "(") }
                throw error(.expectedParameterNameFollowedByColon)
            }
            advance()
            var label: String? = first == "_" ? nil : first
            var name = first
            if let second = identifierName {
                name = second
                advance()
            } else if case .keyword(let k) = kind, k != .inout {
                throw error(.keywordAsIdentifier(k.rawValue))
            } else if labelsOnlyWhenWritten {
                label = nil
            }
            if name == "_" && label == nil { label = nil }
            guard isColon else { throw missing(.expectedColonFollowingArgumentLabelAndParameterName) }
            advance()
            var isInout = false
            if isKeyword(.inout) { isInout = true; advance() }
            if isRightParen || isComma || isOperator("=") || atEOF {
                throw error(.expectedParameterTypeFollowingColon)
            }
            var attributes: [String] = []
            while case .attribute(let a) = kind { attributes.append(a); advance() }
            let typeLocation = tokens[pos].location
            var type = try parseType()
            var implicitlyUnwrapped = false
            if case .operator(let op) = tokens[pos - 1].kind, op.last == "!" { implicitlyUnwrapped = true }
            var isVariadic = false
            if isOperator("...") { advance(); type = .array(type); isVariadic = true }
            var defaultValue: Expr?
            if isOperator("=") {
                advance()
                enterFunctionName(.defaultArgument)
                defaultValue = try parseValueExpression()
                leaveFunctionName()
            }
            var parameter = Parameter(label: label, name: name, type: type, defaultValue: defaultValue,
                                      isInout: isInout, location: location)
            parameter.typeAttributes = attributes
            parameter.isVariadic = isVariadic
            parameter.isImplicitlyUnwrapped = implicitlyUnwrapped
            parameter.typeLocation = typeLocation
            parameters.append(parameter)
            if isComma { advance(); continue }
            if isRightParen { break }
            if atEOF { throw unclosed(.expectedRightParenInParameter, opener: opener, "(") }
            throw missing(.expectedCommaSeparator)
        }
        advance()
        return parameters
    }

    // MARK: - Types

    private enum TypeKind { case `enum`, `struct`, table, `class`, `extension` }

    /// typeDeclaration -> ( 'enum' | 'struct' | 'class' | 'table' | 'extension' ) identifier { '.' identifier }
    ///                    [ '<' { any } ] [ ':' type { ',' type } ] [ 'where' { any } ] typeBody
    ///   -- only an extension's name is dotted (`extension A.B`); `table` is a contextual identifier
    /// TableLab: a class is read as a table (no inheritance); generic parameters and `where` are skipped.
    mutating func parseTypeDeclaration() throws -> Decl {
        let location = tokens[pos].location
        let typeKind: TypeKind
        switch kind {
        case .keyword(.enum): typeKind = .enum
        case .keyword(.struct): typeKind = .struct
        case .keyword(.class): typeKind = .class
        case .keyword(.extension): typeKind = .extension
        default: typeKind = .table
        }
        let word = tokens[pos].spelling
        advance()
        guard var name = identifierName else {
            throw error(typeKind == .extension ? .expectedTypeNameInExtensionDeclaration
                        : .expectedIdentifierInDeclaration(of: word))
        }
        let nameLocation = tokens[pos].location
        advance()
        if typeKind == .extension {
            while isDot, case .identifier(let member) = peekToken().kind {
                advance(); advance()
                name += "." + member
            }
        }
        var generics: [GenericParameter] = []
        if case .operator(let op) = kind, op.hasPrefix("<") {
            if typeKind == .extension { throw error(.cannotSpecializeNonGenericType(name)) }
            generics = try parseGenericParameterClause()
        }
        var inherited: [TypeSyntax] = []
        var inheritedLocations: [String: SourceLocation] = [:]
        if isColon {
            advance()
            repeat {
                if isLeftBrace || atEOF { throw error(.expectedType) }
                let at = tokens[pos].location
                let type = try parseType()
                inherited.append(type)
                if inheritedLocations[type.description] == nil { inheritedLocations[type.description] = at }
            } while isComma ? { advance(); return true }() : false
        }
        let whereClause = try parseWhereClause()
        let closing: SyntaxMessage
        switch typeKind {
        case .enum: closing = .expectedRightBraceAtEndOfEnum
        case .struct: closing = .expectedRightBraceInStruct
        case .class: closing = .expectedRightBraceInClass
        case .table: closing = .expectedRightBraceInTable
        case .extension: closing = .expectedRightBraceAtEndOfExtension
        }
        guard isLeftBrace else { throw missing(.expectedLeftBraceIn(typeKind == .table ? "table" : word)) }
        let outerDeinit = pendingDeinit
        pendingDeinit = nil
        enterFunctionName(.type(name))
        let (body, cases) = try parseTypeBody(allowsCases: typeKind == .enum, closing: closing)
        leaveFunctionName()
        let ownDeinit = pendingDeinit
        pendingDeinit = outerDeinit
        if let d = ownDeinit, typeKind != .class {
            throw SyntaxError(message: .deinitializersMayOnlyBeDeclaredWithinAClassActorOrNoncopyableType, location: d.location, atEnd: false)
        }
        var members = body
        members.genericParameters = generics
        members.whereClause = whereClause
        members.inheritedLocations = inheritedLocations
        members.nameLocation = nameLocation
        let names = inherited.map(\.description)
        switch typeKind {
        case .enum:
            var rawType: TypeSyntax?
            var conformances = names
            if let first = inherited.first, case .named(let n) = first, ParserState.rawValueTypes.contains(n) {
                rawType = first
                conformances.removeFirst()
            }
            return .enum(EnumDecl(name: name, rawType: rawType, conformances: conformances, cases: cases,
                                  members: members, location: location))
        case .struct:
            return .struct(StructDecl(name: name, conformances: names, members: members, location: location))
        case .table:
            // The superclass and protocols (`UITableViewController, SettingsDelegate`).
            members.conformances = names
            return .table(TableDecl(name: name, members: members, location: location))
        case .class:
            members.conformances = names
            var c = ClassDecl(name: name, inherited: names, members: members, location: location)
            for p in members.properties { if let m = classMemberModifiers[p.location] { c.memberModifiers[p.location] = m } }
            for f in members.methods + members.initializers { if let m = classMemberModifiers[f.location] { c.memberModifiers[f.location] = m } }
            if let d = ownDeinit { c.deinitBody = d.body; c.deinitLocation = d.location }
            return .class(c)
        case .extension:
            var members = members
            members.conformances = names
            return .extension(typeName: name, members: members, location: location)
        }
    }

    /// `indirect enum`, `@frozen public enum`, `final class`: the modifier is the declaration's.
    /// The attributes that expose a declaration to Objective-C (`@objcMembers` all of a
    /// class's members): swiftc infers `@objc` from each.
    /// The attributes whose arguments swiftc's Swift 5 mode still reads after a space
    /// (with a warning); after a line break it does not.
    static let attributesWithArguments: Set<String> = ["available", "objc", "inline", "backDeployed", "_spi", "_effects",
                                                       "_silgen_name", "_semantics", "_optimize", "_cdecl", "_specialize"]
    static let objcAttributes: Set<String> = ["objc", "IBAction", "IBOutlet", "IBSegueAction", "IBInspectable",
                                              "GKInspectable", "NSManaged"]

    private mutating func marking(_ d: Decl, _ mods: Modifiers) -> Decl {
        switch d {
        case .class(let c) where mods.exposesAllMembers: objcTypes.insert(c.location)
        case .extension(_, _, let location) where mods.classMember.isObjC: objcTypes.insert(location)
        default: break
        }
        // A private extension's members are fileprivate.
        if case .extension(_, let members, _) = d, mods.classMember.isPrivate {
            for location in members.methods.map(\.location) + members.properties.map(\.location) {
                classMemberModifiers[location, default: ClassMemberModifiers()].isPrivate = true
            }
        }
        if case .class(var c) = d, mods.classMember.isFinal { c.isFinal = true; return .class(c) }
        guard case .enum(var e) = d, mods.isIndirect || (mods.isFrozen && mods.isPublic) else { return d }
        if mods.isIndirect { e.isIndirect = true }
        // swiftc ignores `@frozen` on an enum that is not public (with a warning).
        if mods.isFrozen && mods.isPublic { e.isFrozen = true }
        return .enum(e)
    }

    /// typeBody -> '{' { ';' | member memberEnd } '}'
    /// member -> modifiers ( 'case' enumCase { ',' enumCase } | variableDecls | function | initializer
    ///           | typeDeclaration | 'typealias' identifier '=' type )   -- 'case' only in an enum
    /// enumCase -> identifier [ '(' [ associatedValue { ',' associatedValue } ] ')' ] [ '=' expression ]
    /// associatedValue -> [ identifier [ identifier ] ':' ] type [ '=' expression ]
    /// initializer -> 'init' [ '?' | '!' ] parameterClause [ 'throws' ] block
    /// memberEnd -> ';' | NL | &'}' | &eof
    /// TableLab: no `deinit`, or nested `protocol`, `extension`, `import`.
    ///
    /// The `{ ... }` of an enum, struct, table, class or extension.
    mutating func parseTypeBody(allowsCases: Bool, closing: SyntaxMessage) throws -> (TypeMembers, [EnumCaseDecl]) {
        try enter(); defer { leave() }
        let opener = tokens[pos].location
        advance() // {
        var members = TypeMembers()
        var cases: [EnumCaseDecl] = []
        while true {
            while isSemicolon { advance() }
            if isRightBrace { advance(); break }
            if atEOF { throw unclosed(closing, opener: opener, "{") }
            let mods = try parseModifiers()
            switch kind {
            case .keyword(.case):
                guard allowsCases else { throw error(.enumCaseIsNotAllowedOutsideOfAnEnum) }
                advance()
                repeat {
                    let location = tokens[pos].location
                    guard let name = identifierName else { throw error(.expectedIdentifierInEnumCaseDeclaration) }
                    advance()
                    let payload = isLeftParen ? try parseAssociatedValues() : nil
                    var raw: Expr?
                    if isOperator("=") {
                        advance()
                        if startsNoExpression { throw error(.expectedExpression) }
                        raw = try parseExpression()
                    }
                    var decl = EnumCaseDecl(name: name, rawValue: raw, location: location)
                    decl.associatedValues = payload
                    decl.isIndirect = mods.isIndirect
                    decl.isUnavailable = mods.isUnavailable
                    decl.unavailableMessage = mods.unavailableMessage
                    cases.append(decl)
                } while isComma ? { advance(); return true }() : false
            case .keyword(.let), .keyword(.var):
                let decls = try parseVariableDecls(mods).map { $0.decl }
                if mods.classMember != ClassMemberModifiers() { for d in decls { classMemberModifiers[d.location] = mods.classMember } }
                members.properties.append(contentsOf: decls)
            case .keyword(.func):
                let f = try parseFunction(mods)
                if mods.classMember != ClassMemberModifiers() { classMemberModifiers[f.location] = mods.classMember }
                members.methods.append(f)
            case .keyword(.deinit):
                let location = tokens[pos].location
                advance()
                guard isLeftBrace else { throw error(.expectedLeftBraceForDeinitializer) }
                enterFunctionName(.named("deinit"))
                pendingDeinit = (try parseBlock(), location)
                leaveFunctionName()
            case .keyword(.`init`):
                let location = tokens[pos].location
                advance()
                var initMods = mods.classMember
                var failability = "?"
                if case .operator(let op) = kind, op == "?" || op == "!", !tokens[pos].spaceBefore {
                    failability = op
                    advance()
                    initMods.isFailable = true
                }

                guard isLeftParen else { throw missing(.expectedLeftParenForInitializerParameters) }
                let parameters = try parseParameterClause()
                let throwsKeyword = try parseThrowsClause()
                guard isLeftBrace else { throw error(.initializerRequiresABody) }
                enterFunctionName(.function("init", parameters))
                let body = try parseBlock()
                leaveFunctionName()
                initMods.bodyEnd = previous.location
                classMemberModifiers[location] = initMods
                var initializer = FunctionDecl(name: "init", parameters: parameters, returnType: nil,
                                               body: body, isStatic: false, isMutating: true, location: location)
                initializer.throwsKeyword = throwsKeyword
                initializer.failability = initMods.isFailable ? failability : nil
                initializer.bodyEnd = initMods.bodyEnd
                members.initializers.append(initializer)
            case .keyword(.enum), .keyword(.struct), .keyword(.class), .identifier("table"):
                if case .identifier = kind, !startsDeclaration() { fallthrough }
                members.nestedTypes.append(marking(try parseTypeDeclaration(), mods))
            case .keyword(.typealias):
                members.typeAliases.append(try parseTypeAlias())
            case .keyword(.subscript):
                members.subscripts.append(try parseSubscript(mods))
            case .keyword(.protocol), .keyword(.extension), .keyword(.import):
                throw error(.notSupportedHere(tokens[pos].spelling))
            case .identifier where startsOperatorDeclaration:
                _ = try parseOperatorDeclaration(at: tokens[pos].location)
            default:
                throw concurrencyConstruct() ?? error(.expectedDeclaration)
            }
            if isSemicolon { advance(); continue }
            if isRightBrace || atEOF || tokens[pos].atLineStart { continue }
            throw errorAfterPrevious(.consecutiveDeclarationsOnALineMustBeSeparatedBySemicolon)
        }
        return (members, cases)
    }
}

/// One binding of a `let`/`var` and where its text ends. A struct, not a tuple: an array of
/// tuples has its element type made by the runtime at its first use, which every start-up
/// paid parsing the preludes' properties.
struct ParsedBinding {
    var decl: VariableDecl
    var end: SourceLocation
}

extension ParserState {
    /// throwsClause -> [ 'throws' [ '(' type ')' ] | 'rethrows' ]
    ///
    /// `throws`, `rethrows` or Swift 6's typed `throws(E)`, as written (nil: none). The thrown
    /// type only narrows what a `catch` sees statically; TableLab's errors carry their types.
    mutating func parseThrowsClause() throws -> String? {
        guard isKeyword(.throws) || isKeyword(.rethrows) else { return nil }
        let keyword = isKeyword(.throws) ? "throws" : "rethrows"
        advance()
        guard keyword == "throws", isLeftParen else { return keyword }
        advance()
        let thrown = try parseType()
        guard isRightParen else { throw missing(.expectedRightParen) }
        advance()
        return "throws(\(thrown.description))"
    }
}
