// Expressions: Swift's precedence groups, postfix chains, literals, closures.

/// Swift's standard precedence groups, lowest first.
enum Precedence: Int, Comparable {
    case ternary = 1, disjunction, conjunction, comparison, nilCoalescing, casting, rangeFormation,
         addition, multiplication, bitwiseShift

    static func < (a: Precedence, b: Precedence) -> Bool { a.rawValue < b.rawValue }

    var name: String {
        switch self {
        case .ternary: return "TernaryPrecedence"
        case .disjunction: return "LogicalDisjunctionPrecedence"
        case .conjunction: return "LogicalConjunctionPrecedence"
        case .comparison: return "ComparisonPrecedence"
        case .nilCoalescing: return "NilCoalescingPrecedence"
        case .casting: return "CastingPrecedence"
        case .rangeFormation: return "RangeFormationPrecedence"
        case .addition: return "AdditionPrecedence"
        case .multiplication: return "MultiplicationPrecedence"
        case .bitwiseShift: return "BitwiseShiftPrecedence"
        }
    }

    /// Comparison and range formation do not chain (`a < b < c` is an error in Swift).
    var isNonAssociative: Bool { self == .comparison || self == .rangeFormation }
    var isRightAssociative: Bool { self == .nilCoalescing || self == .ternary }
}

extension BinaryOperator {
    var precedence: Precedence {
        switch self {
        case .multiply, .divide, .remainder, .wrappingMultiply, .bitAnd: return .multiplication
        case .add, .subtract, .wrappingAdd, .wrappingSubtract, .bitOr, .bitXor: return .addition
        case .shiftLeft, .shiftRight: return .bitwiseShift
        case .halfOpenRange, .closedRange: return .rangeFormation
        case .nilCoalescing: return .nilCoalescing
        case .equal, .notEqual, .less, .lessEqual, .greater, .greaterEqual, .identical, .notIdentical, .patternMatch:
            return .comparison
        case .and: return .conjunction
        case .or: return .disjunction
        }
    }
}

extension ExprKind {
    var isShorthand: Bool { if case .shorthandParameter = self { return true } else { return false } }

    /// swiftc's `mayHaveTrailingClosure`: literals never take one.
    var mayHaveTrailingClosure: Bool {
        switch self {
        case .integer, .double, .string, .boolean, .nil, .array, .dictionary: return false
        default: return true
        }
    }
}

extension ParserState {
    /// expression -> binary(ternary)
    mutating func parseExpression() throws -> Expr {
        try parseBinary(min: .ternary)
    }

    /// The binary operator (or `?`, `as`, `is`) at the current token, if it is in binary position.
    private func infixOperator() -> (Precedence, BinaryOperator?)? {
        switch kind {
        case .keyword(.as), .keyword(.is):
            return (.casting, nil)
        case .operator(let op):
            // A `?` not bound to its left is the conditional operator, as in swiftc's lexer,
            // whatever follows it (`flag ?"on":"off"`).
            if op == "?" { return tokens[pos].spaceBefore ? (.ternary, nil) : nil }
            guard tokens[pos].isBinaryOperatorForm else { return nil }
            guard let b = BinaryOperator(rawValue: op) else { return nil }
            return (b.precedence, b)
        default:
            return nil
        }
    }

    /// A binary-form operator that is neither known nor an assignment: swiftc's message.
    private func unknownOperatorError() -> SyntaxError? {
        guard case .operator(let op) = kind, tokens[pos].isBinaryOperatorForm, op != "?", op != "->",
              BinaryOperator(rawValue: op) == nil, AssignmentOperator(rawValue: op) == nil else { return nil }
        if ParserState.unsupportedOperators.contains(op) {
            return error(.operatorNotSupported(op))
        }
        return error(.cannotFindOperator(op))
    }

    /// Swift operators TableLab does not implement.
    static let unsupportedOperators: Set<String> = []

    /// Operators that can be passed as a function argument.
    static let operatorFunctions: Set<String> = [
        "+", "-", "*", "/", "%", "<", "<=", ">", ">=", "==", "!=", "&+", "&-", "&*", "&", "|", "^", "<<", ">>",
        "!", "~",
    ]

    /// binary(min) -> unary [ infix(min) ]
    mutating func parseBinary(min: Precedence) throws -> Expr {
        try enter(); defer { leave() }
        let lhs = try parseUnary()
        // Most operands are not followed by an operator; keeping the operator loop out of
        // this frame keeps deep nesting (`(((x)))`) cheap in stack.
        switch tokens[pos].tag {
        case .operator: break
        case .keyword where tokens[pos].keyword == .as || tokens[pos].keyword == .is: break
        default: return lhs
        }
        return try parseInfix(after: lhs, min: min)
    }

    /// infix(min) -> { infixOperator(p) operand(p) }   -- while p, the operator's precedence group, is at least min
    /// operand(casting) -> type   -- after 'as', 'as?', 'as!' ('?' or '!' attached) or 'is'
    /// operand(ternary) -> expression ':' binary(ternary)
    /// operand(nilCoalescing) -> binary(casting) { '??' binary(casting) }   -- grouped to the right
    /// operand(multiplication) -> unary
    /// operand(p) -> binary(p + 1)   -- comparison and range formation do not chain
    ///   -- infixOperator(p): '?', 'as', 'is', or a BinaryOperator of group p in binary form (spaced
    ///   -- on both sides or neither)
    /// TableLab: no bitwise, overflow or custom operators.
    @inline(never)
    private mutating func parseInfix(after first: Expr, min: Precedence) throws -> Expr {
        var lhs = first
        var lastNonAssociative: (Precedence, SourceLocation)?
        var length = 0
        while true {
            length += 1
            if length > ParserState.maxChainLength { throw error(ParserState.chainTooLong) }
            guard let (prec, op) = infixOperator() else {
                // An assignment, `->` or the end of the expression is no operator of the
                // file's own: the declarations are looked for only past this test.
                guard let e = unknownOperatorError() else { break }
                guard let custom = customInfixPrecedence() else { throw e }
                guard custom >= min else { break }
                lhs = try parseCustomInfix(after: lhs, custom)
                lastNonAssociative = nil
                continue
            }
            guard prec >= min else { break }
            let opLocation = tokens[pos].location
            if let (last, at) = lastNonAssociative, last == prec {
                throw SyntaxError(message: .adjacentNonAssociativeOperators(group: prec.name),
                                  location: at, atEnd: false)
            }
            if prec == .casting {
                let cast: CastKind
                if isKeyword(.is) {
                    cast = .is
                    advance()
                } else {
                    advance()
                    if case .operator(let o) = kind, !tokens[pos].spaceBefore, o == "?" || o == "!" {
                        cast = o == "?" ? .conditional : .forced
                        advance()
                    } else {
                        cast = .as
                    }
                }
                let type = try parseType()
                lhs = expr(.typeCast(lhs, type, cast), at: opLocation, from: lhs.range.start)
                continue
            }
            advance()
            if prec == .ternary {
                if atEOF || isColon { throw error(.expectedExpressionAfterQuestionMarkInTernaryExpression) }
                let middle = try parseExpression()
                if tokens[pos].tag == .operator, case .operator(let o) = kind, AssignmentOperator(rawValue: o) != nil {
                    throw error(.assignmentInConditionalOperatorNotSupported)
                }
                guard isColon else {
                    throw error(.expectedColonAfterQuestionMarkDotsInTernaryExpression, at: opLocation)
                }
                advance()
                if startsNoExpression { throw error(.expectedExpressionAfterQuestionMarkDotsColonInTernaryExpression) }
                let rhs = try parseBinary(min: .ternary)
                lhs = expr(.ternary(lhs, middle, rhs), at: lhs.location, from: lhs.range.start)
                continue
            }
            guard let op else { break }
            if startsNoExpression { throw error(.expectedExpressionAfterOperator) }
            if op == .nilCoalescing {
                // `a ?? b ?? c` groups to the right; read the chain in a loop, then fold it,
                // so that a long chain costs no stack.
                var operands = [lhs, try parseBinary(min: .casting)]
                var locations = [opLocation]
                while case .operator("??") = kind, tokens[pos].isBinaryOperatorForm {
                    length += 1
                    if length > ParserState.maxChainLength { throw error(ParserState.chainTooLong) }
                    locations.append(tokens[pos].location)
                    advance()
                    if startsNoExpression { throw error(.expectedExpressionAfterOperator) }
                    operands.append(try parseBinary(min: .casting))
                }
                var folded = operands.removeLast()
                while let left = operands.popLast() {
                    folded = expr(.binary(.nilCoalescing, left, folded), at: locations.removeLast(), from: left.range.start)
                }
                lhs = folded
                lastNonAssociative = nil
                continue
            }
            let next = Precedence(rawValue: prec.rawValue + 1) ?? .bitwiseShift
            let rhs: Expr
            if prec == .bitwiseShift {
                // Only casting could follow at a higher level, and casting is lower: just a unary.
                rhs = try parseUnary()
            } else {
                rhs = try parseBinary(min: next)
            }
            lhs = expr(.binary(op, lhs, rhs), at: opLocation, from: lhs.range.start)
            lastNonAssociative = prec.isNonAssociative ? (prec, opLocation) : nil
        }
        return lhs
    }

    /// customInfix -> operator binary(p + 1)   -- an operator the file declares, of precedence group p
    ///
    /// `a ** b` for the file's own infix operator: the call of its function (Parser+Operators.swift).
    private mutating func parseCustomInfix(after lhs: Expr, _ prec: Precedence) throws -> Expr {
        guard case .operator(let name) = kind else { return lhs }
        let opLocation = tokens[pos].location
        advance()
        if startsNoExpression { throw error(.expectedExpressionAfterOperator) }
        let rhs = try parseBinary(min: Precedence(rawValue: prec.rawValue + 1) ?? .bitwiseShift)
        return customOperatorCall(name, at: opLocation, [lhs, rhs], from: lhs.range.start)
    }

    /// `xs[2...]`: Swift's one-sided ranges have no place in the AST; say so plainly
    /// instead of "expected ',' separator".
    func oneSidedRangeError() -> SyntaxError? {
        guard case .operator(let op) = kind, op == "..." || op == "..<", tokens[pos].isPostfixOperatorForm else { return nil }
        return error(.oneSidedRangesAreNotSupportedInTableLab)
    }

    /// The input cannot continue with an expression here.
    var startsNoExpression: Bool {
        switch kind {
        case .eof, .rightParen, .rightBracket, .rightBrace, .comma, .semicolon, .colon: return true
        case .keyword(let k): return k == .else || k == .case || k == .default || k == .in || k == .where
        default: return false
        }
    }

    /// unary -> prefixed | 'await' unary | primary postfix   -- prefixed at an operator or 'try'
    /// TableLab: `await` is read and dropped.
    ///
    /// A prefix expression. The common case (no prefix) stays in this small frame; the
    /// rest lives in `parsePrefixed`, because every nesting level of `(((x)))` pays for
    /// this function's stack frame.
    mutating func parseUnary() throws -> Expr {
        switch tokens[pos].tag {
        case .operator, .keyword:
            if tokens[pos].tag == .keyword && tokens[pos].keyword != .try { break }
            return try parsePrefixed()
        case .identifier:
            if isIdentifier("await"), case .identifier = peekToken().kind, !peekToken().atLineStart {
                advance()
                return try parsePrefixed()
            }
        default:
            break
        }
        let primary = try parsePrimary()
        return try parsePostfix(primary)
    }

    /// prefixed -> 'try' [ '?' | '!' ] unary   -- '?' or '!' attached; the `try` is dropped
    ///           | '-' ( integer | double ) postfix   -- folded into a negative literal
    ///           | ( '-' | '+' | '!' ) unary   -- the operator attached to its operand
    ///           | '&' unary   -- an inout argument
    /// TableLab: no custom prefix operators, `~`, or one-sided ranges (`..<n`).
    @inline(never)
    private mutating func parsePrefixed() throws -> Expr {
        try enter(); defer { leave() }
        let start = tokens[pos].location
        if isKeyword(.try) {
            advance()
            if case .operator(let o) = kind, !tokens[pos].spaceBefore, o == "?" || o == "!" {
                // `try?` and `try!` cover the rest of the binary expression, as in Swift.
                advance()
                let operand = try parseBinary(min: .ternary)
                return expr(.tryMark(o == "?" ? .optional : .forced, operand), at: start)
            }
            var operand = try parseUnary()
            operand.isMarkedTry = true
            return operand
        }
        guard case .operator(let op) = kind else { return try parseUnary() }
        let token = current
        switch op {
        case "-", "+", "!":
            if token.spaceAfter && !atEOF {
                advance()
                if startsNoExpression { throw error(.expectedExpressionAfterUnaryOperator) }
                throw SyntaxError(message: .unaryOperatorCannotBeSeparatedFromItsOperand,
                                  location: token.location, atEnd: false)
            }
            advance()
            // A member of the literal binds tighter than the sign, as any postfix does:
            // `-7.clamped(1)` is `-(7.clamped(1))`.
            var literalHasMember = false
            if op == "-", pos + 1 < tokens.count, case .dot = tokens[pos + 1].kind { literalHasMember = true }
            if op == "-", !literalHasMember, case .integer(let digits, let radix) = kind {
                // Folded as swiftc does, so that Int.min can be written.
                advance()
                let value = try integerValue(digits: digits, radix: radix, negative: true, at: token.location)
                return try parsePostfix(expr(.integer(value), at: start))
            }
            if op == "-", !literalHasMember, case .double(let d) = kind {
                advance()
                return try parsePostfix(expr(.double(-d), at: start))
            }
            try enter(); defer { leave() }
            let operand = try parseUnary()
            let u: UnaryOperator = op == "-" ? .negate : op == "+" ? .plus : .not
            return expr(.unary(u, operand), at: start)
        case "&":
            // `&x`: an inout argument (the interpreter checks where it may appear).
            advance()
            try enter(); defer { leave() }
            let operand = try parseUnary()
            return expr(.unary(.inoutArgument, operand), at: start)
        case "..<", "...":
            if token.spaceAfter && !atEOF {
                throw SyntaxError(message: .unaryOperatorCannotBeSeparatedFromItsOperand,
                                  location: token.location, atEnd: false)
            }
            advance()
            try enter(); defer { leave() }
            return expr(.unary(op == "..<" ? .rangeUpTo : .rangeThrough, try parseUnary()), at: start)
        case "~":
            if token.spaceAfter && !atEOF {
                throw SyntaxError(message: .unaryOperatorCannotBeSeparatedFromItsOperand,
                                  location: token.location, atEnd: false)
            }
            advance()
            try enter(); defer { leave() }
            return expr(.unary(.bitwiseNot, try parseUnary()), at: start)
        default:
            if op.hasPrefix("=") || op == "?" || op == "->" { throw error(.expectedExpression) }
            if customOperators?.declaration(op)?.isPrefix == true {
                if token.spaceAfter && !atEOF {
                    throw SyntaxError(message: .unaryOperatorCannotBeSeparatedFromItsOperand,
                                      location: token.location, atEnd: false)
                }
                advance()
                try enter(); defer { leave() }
                let operand = try parseUnary()
                return customOperatorCall(op, at: start, [operand], from: start)
            }
            throw error(.cannotFindOperator(op))
        }
    }

    /// Converts a literal's digits, reporting overflow in swiftc's words.
    /// A literal of more significant digits than this is quoted by its first ones, in
    /// its own base: converting a million digits to decimal is quadratic work.
    static let longestQuotedLiteral = 40

    func integerValue(digits: String, radix: Int, negative: Bool, at location: SourceLocation) throws -> Int {
        if let v = Int((negative ? "-" : "") + digits, radix: radix) { return v }
        let significant = digits.drop { $0 == "0" || $0 == "_" }.filter { $0 != "_" }
        let decimal: String
        if significant.count > Self.longestQuotedLiteral {
            let prefix = radix == 16 ? "0x" : radix == 8 ? "0o" : radix == 2 ? "0b" : ""
            decimal = prefix + significant.prefix(20) + "... (\(significant.count) digits)"
        } else {
            decimal = ParserState.decimalString(digits: digits, radix: radix)
        }
        throw SyntaxError(message: .integerLiteralOverflowsInt((negative ? "-" : "") + decimal),
                          location: location, atEnd: false)
    }

    /// Arbitrary-size conversion of digits to decimal, for the overflow message.
    static func decimalString(digits: String, radix: Int) -> String {
        var limbs: [UInt64] = [0]  // base 1e9, little-endian
        for ch in digits.unicodeScalars {
            guard let d = Int(String(ch), radix: radix) else { continue }
            var carry = UInt64(d)
            for i in limbs.indices {
                let v = limbs[i] * UInt64(radix) + carry
                limbs[i] = v % 1_000_000_000
                carry = v / 1_000_000_000
            }
            while carry > 0 { limbs.append(carry % 1_000_000_000); carry /= 1_000_000_000 }
        }
        var s = String(limbs.last!)
        for limb in limbs.dropLast().reversed() {
            let part = String(limb)
            s += String(repeating: "0", count: 9 - part.count) + part
        }
        return s
    }

    // MARK: - Postfix

    /// Whether a postfix `?` followed by `next` binds an optional with no member after it:
    /// before another postfix `?` (`w??.title`) or an assignment operator (`text? = "y"`,
    /// `value? += "b"`). Anywhere else swiftc wants a member, a call or a subscript.
    private func bindsOptional(before next: Token) -> Bool {
        guard case .operator(let op) = next.kind else { return false }
        if op == "?" { return !next.spaceBefore }
        return AssignmentOperator(rawValue: op) != nil
    }

    /// postfix -> { '.' memberName | '(' arguments(')') | '[' arguments(']') | '?' '.' memberName
    ///            | '?' '[' arguments(']') | '?' '(' arguments(')') | '!' | closure { label ':' closure } }
    ///   -- '(' and '[' on the operand's line, '?' and '!' attached to it; a closure here is a trailing
    ///   -- closure, which may start on the next line, but never follows a literal or sits in a condition
    mutating func parsePostfix(_ base: Expr) throws -> Expr {
        var e = base
        var length = 0
        while true {
            length += 1
            if length > ParserState.maxChainLength { throw error(ParserState.chainTooLong) }
            switch kind {
            case .dot:
                // Located at the name, where swiftc reports "has no member".
                advance()
                let nameLocation = tokens[pos].location
                e = expr(.member(e, try parseMemberName()), at: nameLocation, from: e.range.start)
            case .leftParen where !tokens[pos].atLineStart:
                if e.argumentLabels == nil, let labels = compoundNameLabels(after: e) {
                    // `handle(x:)`: the name with its labels, no call.
                    pos += labels.count * 2 + 2
                    e.argumentLabels = labels
                    e.range.end = tokens[pos - 1].end
                    continue
                }
                let args = try parseArguments(close: .rightParen)
                e = expr(.call(e, args), at: e.location, from: e.range.start)
            case .leftBracket where !tokens[pos].atLineStart:
                let args = try parseArguments(close: .rightBracket)
                e = expr(.subscriptAccess(e, args), at: e.location, from: e.range.start)
            case .operator("?") where !tokens[pos].spaceBefore:
                let next = peekToken()
                if case .dot = next.kind {
                    advance(); advance()
                    let nameLocation = tokens[pos].location
                    let name = try parseMemberName()
                    if let t = Self.optionalCaseBase(e, name) {
                        // `Int?.some(2)`, `[Int]?.none`: Optional's case spelt on the type.
                        e = expr(.member(expr(.arrayType(.optional(t)), at: e.location, from: e.range.start), name), at: nameLocation, from: e.range.start)
                    } else {
                        e = expr(.optionalChain(e, name), at: nameLocation, from: e.range.start)
                    }
                } else if case .leftBracket = next.kind, !next.spaceBefore {
                    advance()
                    let args = try parseArguments(close: .rightBracket)
                    e = expr(.optionalSubscript(e, args), at: e.location, from: e.range.start)
                } else if case .leftParen = next.kind, !next.spaceBefore {
                    // `handler?(x)`: an optional function called when it is not nil.
                    advance()
                    let args = try parseArguments(close: .rightParen)
                    e = expr(.call(expr(.optionalChain(e, Expr.optionalCallName), at: e.location, from: e.range.start), args),
                             at: e.location, from: e.range.start)
                } else if bindsOptional(before: next) {
                    advance()
                    e = expr(.optionalBind(e), at: e.location, from: e.range.start)
                } else {
                    return e
                }
            case .operator("!") where !tokens[pos].spaceBefore:
                advance()
                e = expr(.forceUnwrap(e), at: e.location, from: e.range.start)
            case .operator("...") where tokens[pos].isPostfixOperatorForm
                    && ([.rightBracket, .rightParen, .comma].contains(peekToken().tag)
                        || noTrailingClosure && peekToken().tag == .leftBrace):
                // `a[1...]`: a one-sided range as a subscript (in a pattern, `case 5...:`
                // is read by the pattern parser); `for i in 1... {`, where a `{` starts the body.
                advance()
                e = expr(.unary(.rangeFrom, e), at: e.location, from: e.range.start)
            case .operator(let name) where tokens[pos].isPostfixOperatorForm && atCustomPostfixOperator():
                let location = tokens[pos].location
                advance()
                e = customOperatorCall(name, at: location, [e], from: e.range.start)
            case .leftBrace where e.kind.mayHaveTrailingClosure && (!noTrailingClosure || trailingClosureInCondition())
                    && !startsObserverBlock():
                // As swiftc: also on the next line, but never after a literal.
                let closure = try parseClosure()
                var trailing = [Argument(label: nil, value: closure, location: closure.location)]
                trailing[0].isTrailingClosure = true
                // More trailing closures, each with its label: `f { } completion: { }`.
                while let label = labelName, label != "default", peekToken().tag == .colon, peekToken(2).tag == .leftBrace {
                    let location = tokens[pos].location
                    advance(); advance()
                    var arg = Argument(label: label == "_" ? nil : label, value: try parseClosure(), location: location)
                    arg.isTrailingClosure = true
                    trailing.append(arg)
                }
                if case .call(let callee, var args) = e.kind {
                    args.append(contentsOf: trailing)
                    e = expr(.call(callee, args), at: e.location, from: e.range.start)
                } else {
                    e = expr(.call(e, trailing), at: e.location, from: e.range.start)
                }
            default:
                return e
            }
        }
    }

    /// memberName -> identifier | keyword | integer   -- a decimal integer indexes a tuple: `t.0`
    ///
    /// After a `.`: a name (keywords allowed, as Swift allows `.default`, `.init`) or a tuple index.
    mutating func parseMemberName() throws -> String {
        switch kind {
        case .identifier(let s): advance(); return s
        case .keyword(let k): advance(); return k.rawValue
        case .integer(let digits, 10): advance(); return digits
        default:
            if tokens[pos].atLineStart {
                throw SyntaxError(message: .expectedMemberNameFollowingDot, location: previous.location,
                                  atEnd: isWholeInput && atEOF)
            }
            throw error(.expectedMemberNameFollowingDot)
        }
    }

    /// arguments(close) -> opener [ argument { ',' argument } [ ',' ] ] close   -- opener: '(' or '['
    /// argument -> [ labelName ':' ] expression   -- `_` is no label
    ///
    /// `( ... )` of a call or `[ ... ]` of a subscript; the current token is the opener.
    mutating func parseArguments(close: TokenKind) throws -> [Argument] {
        let isParen: Bool
        if case .rightParen = close { isParen = true } else { isParen = false }
        try enter(); defer { leave() }
        let saved = noTrailingClosure
        noTrailingClosure = false
        defer { noTrailingClosure = saved }
        let opener = tokens[pos].location
        advance()
        var args: [Argument] = []
        func atClose(_ p: ParserState) -> Bool { isParen ? p.isRightParen : p.isRightBracket }
        if atClose(self) { advance(); return args }
        while true {
            let location = tokens[pos].location
            var label: String?
            if let name = labelName, name != "_", case .colon = peekToken().kind {
                label = name
                advance(); advance()
            }
            if startsNoExpression && !(isKeyword(.case)) {
                throw error(.expectedExpressionInListOfExpressions)
            }
            let value: Expr
            if !isParen, case .operator("...") = kind, [.comma, .rightBracket].contains(peekToken().tag) {
                // `xs[...]`: the operator itself is Swift's UnboundedRange, the whole collection.
                value = expr(.identifier("..."), at: tokens[pos].location)
                advance()
            } else if case .operator(let op) = kind, ParserState.operatorFunctions.contains(op),
               [.comma, .rightParen].contains(peekToken().tag) {
                // An operator passed as a function: `sorted(by: >)`, `reduce(0, +)`.
                value = expr(.identifier(op), at: tokens[pos].location)
                advance()
            } else {
                value = try parseAssignmentArgument(try parseExpression())
            }
            args.append(Argument(label: label, value: value, location: location))
            if isComma {
                advance()
                if atClose(self) { advance(); return args }
                continue
            }
            if atClose(self) { advance(); return args }
            if let e = oneSidedRangeError() { throw e }
            if atEOF {
                throw isParen ? unclosed(.expectedRightParenInExpressionList, opener: opener, "(")
                    : unclosed(.expectedRightBracketInExpressionList, opener: opener, "[")
            }
            throw missing(.expectedCommaSeparator)
        }
    }

    /// assignmentArgument -> postfixExpression assignmentOperator expression   -- as a call's argument
    ///
    /// `print(c! = 4)`, `print(c!=nil)` (a left-bound `!` is postfix): in Swift an
    /// assignment is an expression of type `()`, so it may be an argument. It is read as the
    /// assignment statement in a closure called at once, which gives `()` and reports what
    /// the statement would, where it would.
    mutating func parseAssignmentArgument(_ target: Expr) throws -> Expr {
        guard case .operator(let op) = kind, tokens[pos].isBinaryOperatorForm,
              let assign = AssignmentOperator(rawValue: op) else { return target }
        let opAt = tokens[pos].location
        advance()
        let value = try parseValueExpression(missing: .expectedExpressionInAssignment)
        var s = stmt(.assignment(target: target, op: assign, value: value), at: target.range.start)
        s.operatorLocation = opAt
        let range = SourceRange(start: target.range.start, end: value.range.end)
        let body = ClosureExpr(parameters: [], returnType: nil, body: [s], shorthandParameterCount: 0)
        return Expr(.call(Expr(.closure(body), at: target.range.start, range: range), []), at: target.range.start, range: range)
    }

    // MARK: - Primary

    /// primary -> identifier | parenthesized | bracketed | closure | rarePrimary
    mutating func parsePrimary() throws -> Expr {
        // The frequent, light cases here; the rest in `parseRarePrimary` (stack per nesting level).
        let start = tokens[pos].location
        switch tokens[pos].tag {
        case .identifier:
            if case .operator(let op) = peekToken().kind, op.hasPrefix("<") { break }
            guard case .identifier(let name) = kind else { break }
            if namesFunction, name.first == "#", let literal = try poundLiteral(name, at: start) {
                advance()
                return literal
            }
            advance()
            return expr(.identifier(name), at: start)
        case .leftParen:
            return try parseParenthesized()
        case .leftBracket:
            return try parseBracketed()
        case .leftBrace:
            return try parseClosure()
        default:
            break
        }
        return try parseRarePrimary()
    }

    /// rarePrimary -> integer | double | string | shorthand | genericType | identifier
    ///              | 'true' | 'false' | 'nil' | 'self' | 'Self' | 'if' ifRest | 'switch' switchRest
    ///              | '.' labelName | keyPath   -- '.' labelName: an implicit member
    /// TableLab: no `#` expressions (`#line`, `#selector`) or regex literals.
    @inline(never)
    private mutating func parseRarePrimary() throws -> Expr {
        let token = current
        let start = token.location
        switch token.kind {
        case .integer(let digits, let radix):
            advance()
            return expr(.integer(try integerValue(digits: digits, radix: radix, negative: false, at: start)), at: start)
        case .double(let d):
            advance()
            return expr(.double(d), at: start)
        case .string(let parts):
            advance()
            return expr(.string(try convertString(parts)), at: start)
        case .shorthand(let n):
            advance()
            if shorthandCounts.isEmpty {
                throw SyntaxError(message: .anonymousClosureArgumentNotContainedInAClosure,
                                  location: start, atEnd: false)
            }
            shorthandCounts[shorthandCounts.count - 1] = Swift.max(shorthandCounts[shorthandCounts.count - 1], n + 1)
            return expr(.shorthandParameter(n), at: start)
        case .identifier(let name):
            if case .operator(let op) = peekToken().kind, op.hasPrefix("<"), !peekToken().spaceBefore,
               let generic = try? speculateGenericType() {
                return generic
            }
            advance()
            return expr(.identifier(name), at: start)
        case .keyword(let k):
            switch k {
            case .true: advance(); return expr(.boolean(true), at: start)
            case .false: advance(); return expr(.boolean(false), at: start)
            case .nil: advance(); return expr(.nil, at: start)
            case .self: advance(); return expr(.self, at: start)
            case .Self: advance(); return expr(.identifier("Self"), at: start)
            case .if:
                advance()
                return expr(.ifExpr(try parseIfRest()), at: start)
            case .switch:
                advance()
                return expr(.switchExpr(try parseSwitchRest(at: start)), at: start)
            default:
                throw error(.expectedExpression)
            }
        case .dot:
            advance()
            let name: String
            switch kind {
            case .identifier(let s): name = s
            case .keyword(let k): name = k.rawValue
            default: throw error(.expectedMemberNameFollowingDot)
            }
            let nameLocation = tokens[pos].location
            advance()
            return expr(.implicitMember(name), at: nameLocation, from: start)
        case .backslash:
            return try parseKeyPath()
        default:
            throw error(.expectedExpression)
        }
    }

    /// genericType -> identifier genericArguments &( '(' | '.' | '{' )   -- an uppercase name; '<' and '(' or '.' attached
    /// TableLab: Array, Dictionary and Optional keep their arguments; any other type is its bare
    /// name (`Set<Int>()` is `Set()`).
    ///
    /// `Array<Int>()`, `Set<String>()`: a generic type used as a value. Restores the
    /// position and fails when what follows the `<` is no type list ending in `>(` or `>.`.
    private mutating func speculateGenericType() throws -> Expr {
        let saved = pos
        // Splitting `>>` while trying mutates tokens; keep the original to undo that.
        let savedTokens = tokens
        let start = tokens[pos].location
        guard case .identifier(let name) = kind, name.unicodeScalars.first?.properties.isUppercase == true else {
            throw error(.expectedType)
        }
        do {
            let (type, _) = try parseTypePrimary()
            // `Box<String>.empty`, `Box<Int>.value(3)`: the type reader took the members
            // after the generic arguments as a nested type's name; they are members.
            if case .named(let n) = type, let e = genericTypeMembers(n, name, at: start) { return e }
            // `Result<Int, Error> { try load() }`: a trailing closure makes the call too.
            let trailingClosure = isLeftBrace && !noTrailingClosure
            guard trailingClosure || (isLeftParen || isDot) && !tokens[pos].spaceBefore else { throw error(.expectedLeftParen) }
            switch type {
            case .array, .dictionary, .optional:
                var e = expr(.arrayType(type), at: start)
                e.writtenGenericType = type
                return e
            default:
                var e = expr(.identifier(name), at: start)
                e.writtenGenericType = type
                return e
            }
        } catch {
            pos = saved
            tokens = savedTokens
            throw error
        }
    }


    /// keyPath -> '\' [ identifier ] '.' memberName { '.' memberName | '?' '.' memberName }
    ///   -- the root type attached to '\', later components on the same line; read as `{ $0.a.b }`
    /// TableLab: a key path has no subscript components.
    ///
    /// `\.title`, `\Item.title.count`: read as the closure `{ $0.title }`, which is what
    /// a key path means wherever TableLab's built-ins accept one (`map`, `sorted(by:)`).
    private mutating func parseKeyPath() throws -> Expr {
        let start = tokens[pos].location
        advance()
        var root: String? = nil
        if case .identifier(let n) = kind, !tokens[pos].spaceBefore { root = n; advance() }   // the root type, if written
        guard isDot else { throw error(.expectedDotInKeyPath) }
        var e = expr(.shorthandParameter(0), at: start)
        while true {
            if isDot, !tokens[pos].atLineStart || e.kind.isShorthand {
                advance()
                let nameLocation = tokens[pos].location
                e = expr(.member(e, try parseMemberName()), at: nameLocation, from: e.range.start)
            } else if case .operator("?") = kind, !tokens[pos].spaceBefore, case .dot = peekToken().kind {
                advance(); advance()
                let nameLocation = tokens[pos].location
                e = expr(.optionalChain(e, try parseMemberName()), at: nameLocation, from: e.range.start)
            } else {
                break
            }
        }
        let body = [stmt(.return(e), at: start)]
        var closure = ClosureExpr(parameters: [], returnType: nil, body: body, shorthandParameterCount: 1)
        var members: [String] = []
        var part = e
        while case .member(let b, let n) = part.kind { members.insert(n, at: 0); part = b }
        if part.kind.isShorthand { closure.keyPathMembers = members; closure.keyPathRoot = root }
        return expr(.closure(closure), at: start)
    }

    /// string -> { text | '\(' expression ')' }   -- a string token's parts, as the lexer splits them
    /// TableLab: an interpolation holds one unlabelled expression.
    mutating func convertString(_ parts: [LexedStringPart]) throws -> [StringSegment] {
        var segments: [StringSegment] = []
        segments.reserveCapacity(parts.count)
        for part in parts {
            switch part {
            case .text(let s):
                segments.append(.text(s))
            case .interpolation(let tokens):
                var sub = ParserState(tokens: tokens, isWholeInput: false)
                sub.customOperators = customOperators
                sub.namesFunction = namesFunction
                sub.functionNames = functionNames
                sub.sourceFile = sourceFile
                sub.depth = depth
                sub.shorthandCounts = shorthandCounts
                if sub.atEOF { throw sub.error(.expectedExpressionInStringInterpolation) }
                let e = try sub.parseExpression()
                if !sub.atEOF {
                    if sub.isComma { throw sub.error(.interpolationWithSeveralArgumentsIsNotSupportedInTableLab) }
                    throw sub.error(.expectedRightParenInExpressionList)
                }
                if !shorthandCounts.isEmpty {
                    shorthandCounts[shorthandCounts.count - 1] = Swift.max(shorthandCounts.last!, sub.shorthandCounts.last!)
                }
                switchesBuilt += sub.switchesBuilt
                typeNameLocations.merge(sub.typeNameLocations) { a, _ in a }
                segments.append(.interpolation(e))
            }
        }
        return segments
    }

    /// parenthesized -> '(' [ element { ',' element } [ ',' ] ] ')'
    ///   -- `()` is the empty tuple; one unlabelled element is that expression
    /// element -> [ labelName ':' ] expression   -- `_` is no label
    ///
    /// `( ... )`: a parenthesized expression, a tuple, or `()`.
    mutating func parseParenthesized() throws -> Expr {
        let start = tokens[pos].location
        try enter(); defer { leave() }
        let saved = noTrailingClosure
        noTrailingClosure = false
        defer { noTrailingClosure = saved }
        advance()
        var elements: [(label: String?, value: Expr)] = []
        if isRightParen { advance(); return expr(.tuple([]), at: start) }
        // An operator as a value: `(+)`, `reduce(0, (*))`.
        if case .operator(let op) = kind, ParserState.operatorFunctions.contains(op), case .rightParen = peekToken().kind {
            let name = expr(.identifier(op), at: tokens[pos].location)
            advance(); advance()
            return name
        }
        while true {
            var label: String?
            if let name = labelName, name != "_", case .colon = peekToken().kind {
                label = name
                advance(); advance()
            }
            if startsNoExpression { throw error(elements.isEmpty && label == nil ? .expectedExpression : .expectedExpressionInListOfExpressions) }
            elements.append((label, try parseExpression()))
            if isComma {
                advance()
                if isRightParen { break }
                continue
            }
            if isRightParen { break }
            if atEOF { throw unclosed(.expectedRightParenInExpressionList, opener: start, "(") }
            throw missing(.expectedCommaSeparator)
        }
        advance()
        if elements.count == 1, elements[0].label == nil {
            elements[0].value.range = SourceRange(start: start, end: previous.end)
            return elements[0].value
        }
        return expr(.tuple(elements), at: start)
    }

    /// bracketed -> type &'('   -- a collection type called: `[Int]()`, '(' on the same line
    ///            | '[' [ ':' ] ']'
    ///            | '[' expression { ',' expression } [ ',' ] ']'
    ///            | '[' expression ':' expression { ',' expression ':' expression } [ ',' ] ']'
    ///
    /// `[ ... ]`: an array or dictionary literal, or a collection type called as an initializer.
    mutating func parseBracketed() throws -> Expr {
        let start = tokens[pos].location
        try enter(); defer { leave() }
        let saved = pos
        let savedTokens = tokens
        if let type = try? parseType(), isLeftParen, !tokens[pos].atLineStart {
            return expr(.arrayType(type), at: start)
        }
        pos = saved
        tokens = savedTokens
        let savedNoTrailing = noTrailingClosure
        noTrailingClosure = false
        defer { noTrailingClosure = savedNoTrailing }
        advance()
        if isRightBracket { advance(); return expr(.array([]), at: start) }
        if isColon, case .rightBracket = peekToken().kind {
            advance(); advance()
            return expr(.dictionary([]), at: start)
        }
        if startsNoExpression { throw error(.expectedExpressionInContainerLiteral) }
        let first = try parseExpression()
        if isColon {
            advance()
            if startsNoExpression { throw error(.expectedExpressionInContainerLiteral) }
            var pairs: [(key: Expr, value: Expr)] = [(first, try parseExpression())]
            while true {
                if isRightBracket { advance(); break }
                if isComma {
                    advance()
                    if isRightBracket { advance(); break }
                    if startsNoExpression { throw error(.expectedExpressionInContainerLiteral) }
                    let key = try parseExpression()
                    guard isColon else {
                        if atEOF { throw error(.expectedColonInDictionaryLiteral) }
                        throw error(.expectedColonInDictionaryLiteral)
                    }
                    advance()
                    if startsNoExpression { throw error(.expectedExpressionInContainerLiteral) }
                    pairs.append((key, try parseExpression()))
                    continue
                }
                if atEOF { throw unclosed(.expectedRightBracketInContainerLiteralExpression, opener: start, "[", afterPrevious: true) }
                throw missing(.expectedCommaSeparator)
            }
            return expr(.dictionary(pairs), at: start)
        }
        var elements = [first]
        while true {
            if isRightBracket { advance(); break }
            if isComma {
                advance()
                if isRightBracket { advance(); break }
                if startsNoExpression { throw error(.expectedExpressionInContainerLiteral) }
                elements.append(try parseExpression())
                continue
            }
            if atEOF { throw unclosed(.expectedRightBracketInContainerLiteralExpression, opener: start, "[", afterPrevious: true) }
            throw missing(.expectedCommaSeparator)
        }
        return expr(.array(elements), at: start)
    }

    // MARK: - Closures

    /// closure -> '{' [ closureSignature ] { ';' | statementItem statementEnd } '}'
    mutating func parseClosure() throws -> Expr {
        let start = tokens[pos].location
        try enter(); defer { leave() }
        let saved = noTrailingClosure
        noTrailingClosure = false
        defer { noTrailingClosure = saved }
        advance()
        shorthandCounts.append(0)
        var parameters: [Parameter] = []
        var returnType: TypeSyntax?
        var captures: [(name: String, value: Expr)] = []
        var captureList: [CaptureItem] = []
        var returnTypeLocation = SourceLocation.unknown
        let signatureStart = pos
        if let signature = try? parseClosureSignature() {
            parameters = signature.0
            returnType = signature.1
            captures = signature.2
            captureList = signature.3
            returnTypeLocation = signature.4
        } else {
            pos = signatureStart
        }
        var body: [Stmt] = []
        while true {
            while isSemicolon { advance() }
            if isRightBrace { advance(); break }
            if atEOF { throw unclosed(.expectedRightBraceAtEndOfClosure, opener: start, "{") }
            try appendStatement(to: &body)
            try expectStatementEnd()
        }
        let count = shorthandCounts.removeLast()
        var literal = ClosureExpr(parameters: parameters, returnType: returnType, body: body, shorthandParameterCount: count)
        literal.captureList = captureList
        literal.returnTypeLocation = returnTypeLocation
        literal.bodyEnd = previous.location
        let closure = expr(.closure(literal), at: start)
        if captures.isEmpty { return closure }
        // `{ [a, b = e] in body }` captures the values at creation: it is the closure made by
        // `{ a, b in return { body } }(a, e)`, whose parameters are fresh constants per call.
        var outer = ClosureExpr(parameters: captures.map { Parameter(label: nil, name: $0.name, type: nil, defaultValue: nil, location: $0.value.location) },
                                returnType: nil, body: [Stmt(.return(closure), at: start)], shorthandParameterCount: 0)
        outer.isCaptureWrapper = true
        return Expr(.call(Expr(.closure(outer), at: start, range: closure.range),
                          captures.map { Argument(label: nil, value: $0.value, location: $0.value.location) }),
                    at: start, range: closure.range)
    }

    /// closureSignature -> [ captureList ] [ closureParameters ] [ 'throws' | 'rethrows' ] [ '->' type ] 'in'
    /// captureList -> '[' { captureList | any } ']'
    /// closureParameters -> '(' [ closureParameter { ',' closureParameter } [ ',' ] ] ')'
    ///                    | identifier { ',' identifier }
    /// closureParameter -> labelName [ identifier ] [ ':' [ 'inout' ] type ]
    /// TableLab: no `async` closures.
    ///
    /// `[captures] (a: Int, b) -> T in` or `a, b in`; throws when there is no signature.
    @inline(never)
    private mutating func parseClosureSignature() throws -> ([Parameter], TypeSyntax?, [(name: String, value: Expr)], [CaptureItem], SourceLocation) {
        var captures: [(name: String, value: Expr)] = []
        var written: [CaptureItem] = []
        if isLeftBracket {
            // `[value]`, `[v = e]`, `[weak v]` capture values when the closure is made; the
            // interpreter holds a `weak`/`unowned` one (and `self`) as such a reference.
            advance()
            while !isRightBracket {
                var specifier: String? = nil
                if case .identifier(let word) = kind, word == "weak" || word == "unowned",
                   peekToken().kind.nameText != nil || peekToken().tag == .leftParen {
                    specifier = word
                    advance()
                    if isLeftParen {
                        let open = pos
                        try skipBalanced()
                        specifier! += tokens[open..<pos].map(\.spelling).joined()
                    }
                }
                let location = tokens[pos].location
                let name: String
                if isKeyword(.self) { name = "self" } else if let n = identifierName { name = n } else { throw error(.expectedWeakUnownedOrNoSpecifierInCaptureList) }
                advance()
                var value = Expr(name == "self" ? .self : .identifier(name), at: location)
                var renamed = false
                if isOperator("=") {
                    advance()
                    value = try parseExpression()
                    renamed = true
                }
                // `[weak d = self.delegate]`, `[weak v]` name a new constant: the reference, taken now.
                if name != "self" { captures.append((name, value)) }
                written.append(CaptureItem(specifier: specifier, name: name, value: renamed ? value : nil))
                if isComma { advance() } else if !isRightBracket { throw error(.expectedCommaOrRightBracketInCaptureList) }
            }
            advance()
        }
        var parameters: [Parameter] = []
        var returnType: TypeSyntax?
        if isLeftParen {
            advance()
            while !isRightParen {
                let location = tokens[pos].location
                guard var name = labelName else { throw error(.expectedParameter) }
                advance()
                if let second = identifierName { name = second; advance() }
                var type: TypeSyntax?
                var isInout = false
                if isColon {
                    advance()
                    if isKeyword(.inout) { isInout = true; advance() }
                    type = try parseType()
                }
                parameters.append(Parameter(label: nil, name: name, type: type, defaultValue: nil, isInout: isInout, location: location))
                if isComma { advance() } else if !isRightParen { throw error(.expectedComma) }
            }
            advance()
        } else {
            while let name = identifierName {
                parameters.append(Parameter(label: nil, name: name, type: nil, defaultValue: nil, location: tokens[pos].location))
                advance()
                if isComma { advance() } else { break }
            }
        }
        _ = try parseThrowsClause()
        var returnTypeLocation = SourceLocation.unknown
        if isOperator("->") {
            advance()
            returnTypeLocation = tokens[pos].location
            returnType = try parseType()
        }
        guard isKeyword(.in) else { throw error(.expectedIn) }
        advance()
        return (parameters, returnType, captures, written, returnTypeLocation)
    }
}

extension ParserState {
    /// The type `T` of `T?.some`/`T?.none` when the base is spelt as a type: a capitalised
    /// name or a collection type (a value's optional chain has no member of those names).
    static func optionalCaseBase(_ e: Expr, _ name: String) -> TypeSyntax? {
        guard name == "some" || name == "none" else { return nil }
        return typeSpelt(e)
    }

    /// The type an expression spells when it is one (`Int`, `[Int]`, `[String: Int]`).
    private static func typeSpelt(_ e: Expr) -> TypeSyntax? {
        switch e.kind {
        case .identifier(let n) where n.unicodeScalars.first?.properties.isUppercase == true:
            return e.writtenGenericType ?? .named(n)
        case .arrayType(let t): return t
        case .array(let items) where items.count == 1: return typeSpelt(items[0]).map { .array($0) }
        case .dictionary(let pairs) where pairs.count == 1:
            guard let k = typeSpelt(pairs[0].key), let v = typeSpelt(pairs[0].value) else { return nil }
            return .dictionary(key: k, value: v)
        default: return nil
        }
    }
}
