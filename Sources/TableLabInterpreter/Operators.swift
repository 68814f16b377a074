// Unary and binary operators, with Int fast paths and Swift's trapping arithmetic.

import TableLabSyntax
import TableLabExhaustiveness

extension InterpreterCore {
    func compileUnary(_ op: UnaryOperator, _ x: Expr, _ scope: FnScope, _ loc: SourceLocation, expected: RType?) -> Eval {
        if op == .inoutArgument { return compileInoutOperand(x, scope, loc) }
        // `!flag`, `-count` with the operand declared `T!`: the operator takes the wrapped type.
        if let u = implicitUnwrap(x, scope) { return compileUnary(op, u, scope, loc, expected: expected) }
        if op == .negate, case .integer(let i) = x.kind {
            if let expected, case .double = unwrapOptional(expected) { return constant(.double(-Double(i))) }
            if let expected, case .fixed(let k) = unwrapOptional(expected) { return compileFixedLiteral(-i, k, loc) }
            if let expected, case .float = unwrapOptional(expected) { return constant(.float(-Float(i))) }
            return constant(.int(-i))
        }
        if op == .negate, case .double(let d) = x.kind {
            if let expected, case .float = unwrapOptional(expected) { return constant(.float(-Float(d))) }
            return constant(.double(-d))
        }
        if op == .rangeFrom || op == .rangeThrough || op == .rangeUpTo { return compilePartialRange(op, x, scope, loc) }
        let ev = compileExpr(x, scope, expected: op == .not ? .bool : expected)
        switch op {
        case .not:
            return { [core = Unretained(self)] m in
                let v = try ev(m)
                if case .bool(let b) = v { return .bool(!b) }
                if let r = try core.object.scriptPrefixOperator("!", v, loc) { return r }
                throw RuntimeError(ConversionMessage.cannotConvertArgument(type: core.object.typeName(v), to: "Bool"), at: loc)
            }
        case .negate:
            return { [core = Unretained(self)] m in
                let v = try ev(m)
                switch v {
                case .int(let i):
                    if i == Int.min { throw RuntimeError(TrapMessage.arithmeticOverflow, at: loc) }
                    return .int(-i)
                case .double(let d): return .double(-d)
                case .float(let f): return .float(-f)
                case .fixed(let f) where f.kind.isSigned:
                    if f.value == f.kind.min { throw RuntimeError(TrapMessage.arithmeticOverflow, at: loc) }
                    return .fixed(FixedInt(f.kind, -f.value))
                default:
                    if let r = try core.object.scriptPrefixOperator("-", v, loc) { return r }
                    throw RuntimeError(ConversionMessage.unaryOperatorOperand(op: "-", type: core.object.typeName(v)), at: loc)
                }
            }
        case .plus:
            return { [core = Unretained(self)] m in
                let v = try ev(m)
                switch v {
                case .int, .double, .float, .fixed: return v
                default: return try core.object.scriptPrefixOperator("+", v, loc) ?? v
                }
            }
        case .inoutArgument:
            return ev
        case .rangeFrom, .rangeThrough, .rangeUpTo:
            return compilePartialRange(op, x, scope, loc)
        case .bitwiseNot:
            return { [core = Unretained(self)] m in
                let v = try ev(m)
                if case .int(let i) = v { return .int(~i) }
                if case .fixed(let f) = v { return .fixed(FixedInt(f.kind, f.kind.wrapping(~f.value))) }
                if let r = try core.object.scriptPrefixOperator("~", v, loc) { return r }
                throw RuntimeError(ConversionMessage.unaryOperatorOperand(op: "~", type: core.object.typeName(v)), at: loc)
            }
        }
    }

    /// `l op r`. Each operator family has its own compile function; for arithmetic and
    /// comparisons `compileArithmetic` picks the specialisation (a local and a literal, a
    /// literal right operand, two general operands).
    func compileBinary(_ op: BinaryOperator, _ l: Expr, _ r: Expr, _ scope: FnScope, _ loc: SourceLocation, expected: RType?) -> Eval {
        switch op {
        case .and, .or: return compileShortCircuit(op, l, r, scope)
        case .nilCoalescing: return compileNilCoalescing(l, r, scope, loc, expected: expected)
        case .halfOpenRange, .closedRange: return compileRange(op, l, r, scope, loc, expected: expected)
        case .equal, .notEqual: return compileEquality(op, l, r, scope, loc)
        case .identical, .notIdentical: return compileIdentity(op, l, r, scope)
        case .patternMatch: return compilePatternMatchOperator(l, r, scope, loc)
        case .add, .subtract, .multiply, .divide, .remainder, .less, .lessEqual, .greater, .greaterEqual:
            if [.add, .subtract, .multiply, .divide, .remainder].contains(op), Self.isLiteralCall(l) || Self.isLiteralCall(r) { literalCallOperatorSites.insert(loc) }
            return compileArithmetic(op, l, r, scope, loc, expected: expected)
        case .wrappingAdd, .wrappingSubtract, .wrappingMultiply, .bitAnd, .bitOr, .bitXor, .shiftLeft, .shiftRight:
            // A fixed-width context types the literal operands (a shift's amount stays an Int).
            var context = RType.int
            if let expected, case .fixed = unwrapOptional(expected) { context = unwrapOptional(expected) }
            let shift = op == .shiftLeft || op == .shiftRight
            let a = compileExpr(l, scope, expected: context), b = compileExpr(r, scope, expected: shift ? .int : context)
            return { [core = Unretained(self)] m in try core.object.binaryArith(op, try a(m), try b(m), loc) }
        }
    }

    private func compileShortCircuit(_ op: BinaryOperator, _ l: Expr, _ r: Expr, _ scope: FnScope) -> Eval {
        let a = compileConditions([.expression(l)], scope), b = compileConditions([.expression(r)], scope)
        if op == .and { return { m in .bool(try a(m) && b(m)) } }
        return { m in .bool(try a(m) || b(m)) }
    }

    private func compileNilCoalescing(_ l: Expr, _ r: Expr, _ scope: FnScope, _ loc: SourceLocation, expected: RType?) -> Eval {
        // `prices[k] ?? 0`, `saved ?? [4]` of a declared Double dictionary or `[Double]?`: the
        // literal is of the type the left side wraps (it printed `0`, `[4]`).
        var expected = expected
        if expected == nil, Self.takesLiteralContext(r) { expected = wrappedStaticType(l, scope) }
        // `d[k] ?? x`: look up without wrapping the found value in an Optional.
        if case .subscriptAccess(let base, let args) = l.kind, args.count == 1, args[0].label == nil, !hasChain(l) {
            let keyType = dictionaryKeyType(of: base, scope)
            let be = compileExpr(base, scope, expected: nil), ke = compileExpr(args[0].value, scope, expected: keyType)
            let b = compileExpr(r, scope, expected: expected)
            let sub = compileSubscriptGet(be, args, scope, loc, keyType: keyType)
            return { m in
                let d = try be(m)
                if case .dictionary(let dict) = d {
                    let k = try ke(m)
                    if let x = dict[k] { return x }
                    return try b(m)
                }
                let v = try sub(m)
                switch v {
                case .wrapped(let x): return x
                case .nilValue: return try b(m)
                default: return v
                }
            }
        }
        let a = compileExpr(l, scope, expected: expected.map { .optional($0) })
        let b = compileExpr(r, scope, expected: expected)
        return { m in
            let v = try a(m)
            switch v {
            case .wrapped(let x): return x
            case .nilValue: return try b(m)
            default: return v
            }
        }
    }

    private func compileRange(_ op: BinaryOperator, _ l: Expr, _ r: Expr, _ scope: FnScope, _ loc: SourceLocation, expected: RType?) -> Eval {
        // `let r: ClosedRange<Double> = 1...3`: the annotation types the literal bounds.
        let expectedBound = expectedRangeType(expected)?.boundType
        let bound = expectedBound ?? .int
        let a = compileExpr(l, scope, expected: bound), b = compileExpr(r, scope, expected: bound)
        let closed = op == .closedRange
        let literals = RangeBoundLiterals(l, r)
        let intsExpected = expectedBound.map { if case .int = $0 { return true }; return false } ?? false
        // A bound the declarations already type Double: refused before the unit runs.
        if intsExpected, let double = [l, r].first(where: { isDoubleLiteralBound($0) || resolvedType(of: $0, scope).map(isDoubleType) == true }) {
            let e = RuntimeError(ConversionMessage.cannotConvertArgument(type: "Double", to: "Int"), at: double.location)
            compileTimeRefusals?.append(e)
            return { _ in throw e }
        }
        let (lowerAt, upperAt) = (l.location, r.location)
        return { [core = Unretained(self)] m in
            let x = try a(m), y = try b(m)
            guard case .int(let lo) = x, case .int(let hi) = y else {
                // `let r: Range<Int> = 0..<1.5`: swiftc refuses the first bound that is no Int.
                if intsExpected {
                    for (v, at) in [(x, lowerAt), (y, upperAt)] {
                        if case .int = v { continue }
                        throw RuntimeError(ConversionMessage.cannotConvertArgument(type: core.object.typeName(v), to: "Int"), at: at)
                    }
                }
                return try core.object.nonIntRange(x, y, closed: closed, literals: literals, loc)
            }
            if hi < lo { throw RuntimeError(TrapMessage.rangeLowerAboveUpper, at: loc) }
            return .range(lower: lo, upper: hi, closed: closed)
        }
    }

    /// The declared type of `other` when `e` needs a context to be read (a case built with
    /// `.a(1)`, an array literal against an array); nil otherwise.
    private func equalityContext(of e: Expr, other: Expr, _ scope: FnScope) -> RType? {
        switch e.kind {
        case .call(let callee, _):
            guard case .implicitMember = callee.kind else { return nil }
            return resolvedType(of: other, scope)
        case .array:
            guard case .array? = resolvedType(of: other, scope) else { return nil }
            return resolvedType(of: other, scope)
        case .binary(.closedRange, _, _), .binary(.halfOpenRange, _, _):
            // `d == 0...1` with `d: ClosedRange<Double>`: the literal bounds are Doubles.
            let t = resolvedType(of: other, scope)
            return expectedRangeType(t) == nil ? nil : t
        case .integer, .double, .boolean, .string:
            // `email == "a@b.c"` with `email: Email` adopting ExpressibleByStringLiteral: the
            // literal is an Email (it was compared as a String: false, silently different).
            guard let t = resolvedType(of: other, scope), literalInitialization(e, expected: t) != nil else { return nil }
            return t
        default: return nil
        }
    }

    /// A call (not `.a(...)`) with a literal anywhere in its arguments: `E.a(1)`, `g(-1)`.
    func isCallWithLiteral(_ e: Expr) -> Bool {
        guard case .call(let callee, let args) = e.kind else { return false }
        if case .implicitMember = callee.kind { return false }
        func hasLiteral(_ x: Expr) -> Bool {
            switch x.kind {
            case .integer, .double, .string, .boolean: return true
            case .unary(_, let y): return hasLiteral(y)
            case .binary(_, let y, let z): return hasLiteral(y) || hasLiteral(z)
            case .tuple(let items): return items.contains { hasLiteral($0.value) }
            case .array(let items): return items.contains(where: hasLiteral)
            case .call(_, let inner): return inner.contains { hasLiteral($0.value) }
            default: return false
            }
        }
        return args.contains { hasLiteral($0.value) }
    }

    /// `"none" == .none`, `"left" == .left`: with a String on the other side, the implicit
    /// member is String's, never a host enum's case. `.none` is `Optional.none` (swiftc
    /// warns that the comparison is always false); any other name is not String's.
    /// nil when one side is no string literal or the other no implicit member.
    private func compileStringAgainstImplicitMember(_ op: BinaryOperator, _ l: Expr, _ r: Expr, _ scope: FnScope,
                                                   _ loc: SourceLocation) -> Eval? {
        let member: Expr, string: Expr
        switch (l.kind, r.kind) {
        case (.string, .implicitMember): (member, string) = (r, l)
        case (.implicitMember, .string): (member, string) = (l, r)
        default: return nil
        }
        guard case .implicitMember(let name) = member.kind else { return nil }
        func refuse(_ error: RuntimeError) -> Eval {
            staticEqualityErrors?.append(error)
            return { _ in throw error }
        }
        guard name == "none" else {
            return refuse(RuntimeError(RuntimeMessage.typeHasNoMember(type: "String", member: name), at: member.location))
        }
        // swiftc 6.3.1 settles `!=` on another overload and rejects the String.
        guard op == .equal else {
            return refuse(RuntimeError(ConversionMessage.cannotConvertArgument(type: "String", to: "any (~Copyable & ~Escapable).Type"),
                                       at: string.location))
        }
        if reportedAlwaysComparisons.insert(loc).inserted {
            warningHandler(.warning(RuntimeMessage.comparingNonOptionalStringToNil, at: loc, in: currentFile))
        }
        return { _ in .bool(false) }
    }

    private func compileEquality(_ op: BinaryOperator, _ l: Expr, _ r: Expr, _ scope: FnScope, _ loc: SourceLocation) -> Eval {
        let neg = op == .notEqual
        // Declarations that already make it swiftc's error: reported before the unit runs
        // when it is compiled ahead (EqualityCheck.swift), and the error where it runs.
        if let error = staticEqualityError(op, l, r, scope, loc) {
            staticEqualityErrors?.append(error)
            return { _ in throw error }
        }
        let referencing = equalityUsesReferencing(l, r, at: loc)
        if let stringSide = compileStringAgainstImplicitMember(op, l, r, scope, loc) { return stringSide }
        // `x == .donate`: the case comes from the other side's enum.
        // swiftc places a member the other side's type lacks at its name (the implicit
        // member's own location), not at the operator.
        func nameLocation(_ e: Expr) -> SourceLocation { e.location == .unknown ? loc : e.location }
        if case .implicitMember(let n) = r.kind {
            let a = compileExpr(l, scope, expected: nil)
            let at = nameLocation(r)
            let name = MemberName(n)
            return { [core = Unretained(self)] m in
                let x = try a(m)
                try core.object.requireEquatable(x, loc, negated: neg, referencing: referencing)
                let y = try core.object.implicitMember(name, like: x, at)
                return .bool(core.object.equal(x, y) != neg)
            }
        }
        if case .implicitMember(let n) = l.kind {
            let b = compileExpr(r, scope, expected: nil)
            let at = nameLocation(l)
            let name = MemberName(n)
            return { [core = Unretained(self)] m in
                let y = try b(m)
                try core.object.requireEquatable(y, loc, negated: neg, referencing: referencing)
                let x = try core.object.implicitMember(name, like: y, at)
                return .bool(core.object.equal(x, y) != neg)
            }
        }
        // `x == .a(1)`, `es == [.b, .a(1)]`: the other side's declared type is the context.
        let a = compileExpr(l, scope, expected: equalityContext(of: l, other: r, scope))
        let b = compileExpr(r, scope, expected: equalityContext(of: r, other: l, scope))
        let literalCall = isCallWithLiteral(l) || isCallWithLiteral(r)
        // `x == nil` needs no Equatable (Swift's _OptionalNilComparisonType).
        var nilLiteral = false
        if case .nil = l.kind { nilLiteral = true }
        if case .nil = r.kind { nilLiteral = true }
        var leftArray = false, rightArray = false
        if case .array = l.kind { leftArray = true }
        if case .array = r.kind { rightArray = true }
        var stringLiteral = false
        if case .string = l.kind { stringLiteral = true }
        if case .string = r.kind { stringLiteral = true }
        // For operands whose values name no type (`o == o` with `o: E? = nil`).
        let declared = nilLiteral ? nil : resolvedType(of: l, scope) ?? resolvedType(of: r, scope)
        let literalRanges = (isIntegerLiteralRange(l), isIntegerLiteralRange(r))
        return { [core = Unretained(self)] m in
            var x = try a(m), y = try b(m)
            // `mask == [.a, .b]`: an array literal against an option set is a value of its type.
            if rightArray, let c = core.object.optionSetLiteral(y, like: x) { y = c }
            if leftArray, let c = core.object.optionSetLiteral(x, like: y) { x = c }
            switch (x, y) {
            case (.int(let p), .int(let q)): return .bool((p == q) != neg)
            case (.enumCase(let t1, let c1), .enumCase(let t2, let c2)):
                let t = core.object.types[Int(t1)]
                if t.hasCustomOperators, let r = try core.object.userOperator("==", x, y, loc) { return .bool(r != neg) }
                if t.hasPayloadCases {
                    try core.object.requireEquatable(x, loc, negated: neg, referencing: referencing, promoted: literalCall)
                }
                return .bool((t1 == t2 && c1 == c2) != neg)
            case (.type(.table(let inst)), _) where inst.type.kind == .class:
                return .bool(try core.object.classEquals(m, inst.type, x, y, loc) != neg)
            case (.structValue(let s), _) where s.type.hasCustomOperators:
                if let r = try core.object.userOperator("==", x, y, loc) { return .bool(r != neg) }
                return .bool(core.object.equal(x, y) != neg)
            case (.payloadCase(let p), _) where core.object.types[Int(p.typeID)].hasCustomOperators:
                if let r = try core.object.userOperator("==", x, y, loc) { return .bool(r != neg) }
                return .bool(core.object.equal(x, y) != neg)
            default:
                // `cell.accessoryType == "none"`: a host enum is no String (its cases are
                // names inside TableLab, which must not make them equal).
                if stringLiteral, let e = HostEnumValue.of(x) ?? HostEnumValue.of(y) {
                    throw RuntimeError(ConversionMessage.operatorNeedsStringProtocol(op: neg ? "!=" : "==", type: e.swiftTypeName), at: loc)
                }
                try core.object.alignRangeBounds(&x, &y, literals: literalRanges, op: neg ? "!=" : "==", loc)
                if case .object(let o) = x { try RuntimeError.placingHostErrors(at: loc) { try o.requireWhollyKnown() } }
                if case .object(let o) = y { try RuntimeError.placingHostErrors(at: loc) { try o.requireWhollyKnown() } }
                if !nilLiteral {
                    if let declared, InterpreterCore.namesNoType(x), InterpreterCore.namesNoType(y) {
                        try core.object.requireEquatable(declared: declared, loc, negated: neg)
                    } else {
                        try core.object.requireEquatable(InterpreterCore.namesNoType(x) ? y : x, loc, negated: neg, referencing: referencing,
                                                  promoted: literalCall)
                    }
                }
                return .bool(core.object.equal(x, y) != neg)
            }
        }
    }

    private func compileIdentity(_ op: BinaryOperator, _ l: Expr, _ r: Expr, _ scope: FnScope) -> Eval {
        let a = compileExpr(l, scope, expected: nil), b = compileExpr(r, scope, expected: nil)
        let neg = op == .notIdentical
        return { m in
            var x = try a(m), y = try b(m)
            // `===` takes `AnyObject?`: an optional operand compares what it holds.
            while case .wrapped(let inner) = x { x = inner }
            while case .wrapped(let inner) = y { y = inner }
            var same = false
            switch (x, y) {
            case (.object(let p), .object(let q)): same = p === q
            case (.type(.table(let p)), .type(.table(let q))): same = p === q
            case (.nilValue, .nilValue): same = true
            default: same = false
            }
            return .bool(same != neg)
        }
    }

    /// Arithmetic and ordering: the specialisations, most specific first.
    private func compileArithmetic(_ op: BinaryOperator, _ l: Expr, _ r: Expr, _ scope: FnScope, _ loc: SourceLocation,
                                   expected: RType?) -> Eval {
        if expected == nil || expected.map({ if case .bool = $0 { return true }; return false }) == true,
           let besideMember = compileBesideImplicitMember(op, l, r, scope, loc) {
            return besideMember
        }
        var expected = expected
        if expected == nil, op == .add, l.kind.isArrayLiteral || r.kind.isArrayLiteral,
           let t = mixedNumberLiteralType(.binary(op, l, r), scope) { expected = t }
        let a = compileExpr(l, scope, expected: expected)
        // A literal right operand takes the left side's type (`x * 2` with x a Double).
        let b = compileExpr(r, scope, expected: expected)
        // `v * 2` with the script's `static func * (Vector, Double)`: the run must know
        // which operand was an integer literal (UserOperators.swift), so the shortcuts
        // that take the literal for an Int constant are left aside.
        if [.add, .subtract, .multiply, .divide, .remainder].contains(op), let side = IntegerLiteralOperand(l, r),
           declaresScriptOperator(op.rawValue) {
            return { [core = Unretained(self)] m in
                let x = try a(m), y = try b(m)
                if case .int = x, case .int = y { return try core.object.arith(op, x, y, loc) }
                return try core.object.binaryArith(op, x, y, loc, integerLiteral: side)
            }
        }
        switch arithmeticPlan(op, l, r, scope) {
        case .localWithConstant(let slot, let k): return compileLocalConstant(op, slot, k, a, b, loc)
        case .withConstant(let k): return compileLiteralOperand(op, k, a, loc)
        case .general: return compileGeneralArithmetic(op, a, b, loc)
        }
    }

    /// `d > .zero`, `angle * .pi`: the implicit member takes the other operand's numeric
    /// type, as swiftc infers it; an integer literal beside a floating-point member is a
    /// Double (`2 * .pi`). nil when neither operand is a bare implicit member.
    private func compileBesideImplicitMember(_ op: BinaryOperator, _ l: Expr, _ r: Expr, _ scope: FnScope,
                                             _ loc: SourceLocation) -> Eval? {
        let name: String, member: Expr, other: Expr, memberOnLeft: Bool
        if case .implicitMember(let n) = r.kind { (name, member, other, memberOnLeft) = (n, r, l, false) }
        else if case .implicitMember(let n) = l.kind { (name, member, other, memberOnLeft) = (n, l, r, true) }
        else { return nil }
        if case .implicitMember = other.kind { return nil }
        let at = member.location == .unknown ? loc : member.location
        if case .integer = other.kind, NumericStatics.member(name, of: .int) == nil,
           NumericStatics.member(name, of: .double) != nil {
            // `2 * .pi`: Float, Double, Float80 and Float16 all fit, and swiftc names none.
            let e = RuntimeError(OverloadChoiceMessage.ambiguous(name: name), at: at)
            compileTimeRefusals?.append(e)
            return { _ in throw e }
        }
        let comparison = [.less, .lessEqual, .greater, .greaterEqual].contains(op)
        let b = compileExpr(other, scope, expected: nil)
        let implicitName = MemberName(name)
        return { [core = Unretained(self)] m in
            let o = try b(m)
            if case .int = o, NumericStatics.member(name, of: .int) == nil, NumericStatics.member(name, of: .double) != nil {
                // `i * .pi`: swiftc takes the Double's member and refuses the mix.
                let sides = memberOnLeft ? ("Double", "Int") : ("Int", "Double")
                throw RuntimeError(ConversionMessage.binaryOperatorOperands(op: op.rawValue, lhs: sides.0, rhs: sides.1), at: loc)
            }
            let x = try core.object.implicitMember(implicitName, like: o, at)
            let (lhs, rhs) = memberOnLeft ? (x, o) : (o, x)
            return comparison ? try core.object.compare(op, lhs, rhs, loc) : try core.object.binaryArith(op, lhs, rhs, loc)
        }
    }

    /// `x op 3`: the literal is known, only the left operand is evaluated.
    private func compileLiteralOperand(_ op: BinaryOperator, _ k: Int, _ a: @escaping Eval, _ loc: SourceLocation) -> Eval {
        switch op {
        case .add:
            return { [core = Unretained(self)] m in
                let x = try a(m)
                if case .int(let p) = x {
                    let (s, o) = p.addingReportingOverflow(k)
                    if o { throw RuntimeError(TrapMessage.arithmeticOverflow, at: loc) }
                    return .int(s)
                }
                return try core.object.binaryArith(op, x, .int(k), loc)
            }
        case .subtract:
            return { [core = Unretained(self)] m in
                let x = try a(m)
                if case .int(let p) = x {
                    let (s, o) = p.subtractingReportingOverflow(k)
                    if o { throw RuntimeError(TrapMessage.arithmeticOverflow, at: loc) }
                    return .int(s)
                }
                return try core.object.binaryArith(op, x, .int(k), loc)
            }
        case .less:
            return { [core = Unretained(self)] m in
                let x = try a(m)
                if case .int(let p) = x { return .bool(p < k) }
                return try core.object.compare(op, x, .int(k), loc)
            }
        case .multiply:
            return { [core = Unretained(self)] m in
                let x = try a(m)
                if case .int(let p) = x {
                    let (s, o) = p.multipliedReportingOverflow(by: k)
                    if o { throw RuntimeError(TrapMessage.arithmeticOverflow, at: loc) }
                    return .int(s)
                }
                return try core.object.binaryArith(op, x, .int(k), loc)
            }
        case .remainder where k != 0 && k != -1:
            return { [core = Unretained(self)] m in
                let x = try a(m)
                if case .int(let p) = x { return .int(p % k) }
                return try core.object.binaryArith(op, x, .int(k), loc)
            }
        default: preconditionFailure("arithmeticPlan chose a constant operand for '\(op.rawValue)'")
        }
    }

    /// Two general operands: Int arithmetic inline, everything else through `arith`/`compare`.
    private func compileGeneralArithmetic(_ op: BinaryOperator, _ a: @escaping Eval, _ b: @escaping Eval,
                                          _ loc: SourceLocation) -> Eval {
        switch op {
        case .add:
            let cold = BinaryFallback(self, op, a, b, loc)
            return { m in
                let x = try a(m), y = try b(m)
                if case .int(let p) = x, case .int(let q) = y {
                    let (s, o) = p.addingReportingOverflow(q)
                    if !o { return .int(s) }
                }
                return try cold.apply(x, y)
            }
        case .subtract:
            let cold = BinaryFallback(self, op, a, b, loc)
            return { m in
                let x = try a(m), y = try b(m)
                if case .int(let p) = x, case .int(let q) = y {
                    let (s, o) = p.subtractingReportingOverflow(q)
                    if !o { return .int(s) }
                }
                return try cold.apply(x, y)
            }
        case .multiply:
            let cold = BinaryFallback(self, op, a, b, loc)
            return { m in
                let x = try a(m), y = try b(m)
                if case .int(let p) = x, case .int(let q) = y {
                    let (s, o) = p.multipliedReportingOverflow(by: q)
                    if !o { return .int(s) }
                }
                return try cold.apply(x, y)
            }
        case .divide, .remainder:
            return { [core = Unretained(self)] m in try core.object.binaryArith(op, try a(m), try b(m), loc) }
        case .less, .lessEqual, .greater, .greaterEqual:
            return { [core = Unretained(self)] m in
                let x = try a(m), y = try b(m)
                if case .int(let p) = x, case .int(let q) = y {
                    switch op {
                    case .less: return .bool(p < q)
                    case .lessEqual: return .bool(p <= q)
                    case .greater: return .bool(p > q)
                    default: return .bool(p >= q)
                    }
                }
                return try core.object.compare(op, x, y, loc)
            }
        default:
            return { _ in throw RuntimeError(UnsupportedMessage.unsupportedOperator(op.rawValue), at: loc) }
        }
    }

    /// A comparison used as a condition, answering a Swift `Bool` directly (no `Value`
    /// round trip): Int operands are compared inline, anything else goes through the
    /// general operator. nil when `e` is not a plain comparison.
    func compileIntComparison(_ e: Expr, _ scope: FnScope) -> ((Ctx) throws -> Bool)? {
        let plan = comparisonPlan(e, scope)
        switch plan {
        case .notAComparison: return nil
        case .staticError(let error):
            // swiftc's error where declarations already make it one (EqualityCheck.swift).
            staticEqualityErrors?.append(error)
            return { _ in throw error }
        case .localWithConstant, .general: break
        }
        guard case .binary(let op, let l, let r) = e.kind else { preconditionFailure("comparisonPlan of a binary expression") }
        let loc = e.location
        let a = compileExpr(l, scope, expected: nil), b = compileExpr(r, scope, expected: nil)
        let cold = BinaryFallback(self, op, a, b, loc)
        if op == .equal || op == .notEqual {
            var comparesNil = false
            if case .nil = l.kind { comparesNil = true }
            if case .nil = r.kind { comparesNil = true }
            if !comparesNil {
                cold.equatableWording = (equalityUsesReferencing(l, r, at: loc), isCallWithLiteral(l) || isCallWithLiteral(r))
            }
        }
        if case .localWithConstant(let slot, let k) = plan {
            switch op {
            case .less: return { m in if case .int(let p) = m.pointee.fp[slot] { return p < k }; return try cold.test(m) }
            case .lessEqual: return { m in if case .int(let p) = m.pointee.fp[slot] { return p <= k }; return try cold.test(m) }
            case .greater: return { m in if case .int(let p) = m.pointee.fp[slot] { return p > k }; return try cold.test(m) }
            case .greaterEqual: return { m in if case .int(let p) = m.pointee.fp[slot] { return p >= k }; return try cold.test(m) }
            case .equal: return { m in if case .int(let p) = m.pointee.fp[slot] { return p == k }; return try cold.test(m) }
            default: return { m in if case .int(let p) = m.pointee.fp[slot] { return p != k }; return try cold.test(m) }
            }
        }
        switch op {
        case .less: return { m in let x = try a(m), y = try b(m); if case .int(let p) = x, case .int(let q) = y { return p < q }; return try cold.test(x, y) }
        case .lessEqual: return { m in let x = try a(m), y = try b(m); if case .int(let p) = x, case .int(let q) = y { return p <= q }; return try cold.test(x, y) }
        case .greater: return { m in let x = try a(m), y = try b(m); if case .int(let p) = x, case .int(let q) = y { return p > q }; return try cold.test(x, y) }
        case .greaterEqual: return { m in let x = try a(m), y = try b(m); if case .int(let p) = x, case .int(let q) = y { return p >= q }; return try cold.test(x, y) }
        case .equal: return { m in let x = try a(m), y = try b(m); if case .int(let p) = x, case .int(let q) = y { return p == q }; return try cold.test(x, y) }
        default: return { m in let x = try a(m), y = try b(m); if case .int(let p) = x, case .int(let q) = y { return p != q }; return try cold.test(x, y) }
        }
    }

    /// The frame slot of a local variable that is not captured by reference (so its slot
    /// holds the value itself, never a box).
    func plainLocalSlot(_ e: Expr, _ scope: FnScope) -> Int? {
        guard case .identifier(let name) = e.kind, let l = scope.findLocal(name), !l.boxed else { return nil }
        return l.slot
    }

    /// `local <op> literal` on Ints: the slot is tested in place, with no copy of the
    /// value and no call for the left operand. Anything else goes through `slow` (the
    /// general evaluation of the left side) and the general operator.
    func compileLocalConstant(_ op: BinaryOperator, _ slot: Int, _ k: Int, _ slow: @escaping Eval, _ slowRight: @escaping Eval, _ loc: SourceLocation) -> Eval {
        let cold = BinaryFallback(self, op, slow, slowRight, loc)
        switch op {
        case .add:
            return { m in
                if case .int(let p) = m.pointee.fp[slot] {
                    let (s, o) = p.addingReportingOverflow(k)
                    if !o { return .int(s) }
                }
                return try cold.run(m)
            }
        case .subtract:
            return { m in
                if case .int(let p) = m.pointee.fp[slot] {
                    let (s, o) = p.subtractingReportingOverflow(k)
                    if !o { return .int(s) }
                }
                return try cold.run(m)
            }
        case .multiply:
            return { m in
                if case .int(let p) = m.pointee.fp[slot] {
                    let (s, o) = p.multipliedReportingOverflow(by: k)
                    if !o { return .int(s) }
                }
                return try cold.run(m)
            }
        case .remainder where k != 0 && k != -1:
            return { m in
                if case .int(let p) = m.pointee.fp[slot] { return .int(p % k) }
                return try cold.run(m)
            }
        case .less:
            return { m in
                if case .int(let p) = m.pointee.fp[slot] { return .bool(p < k) }
                return try cold.run(m)
            }
        case .lessEqual:
            return { m in
                if case .int(let p) = m.pointee.fp[slot] { return .bool(p <= k) }
                return try cold.run(m)
            }
        case .greater:
            return { m in
                if case .int(let p) = m.pointee.fp[slot] { return .bool(p > k) }
                return try cold.run(m)
            }
        case .greaterEqual:
            return { m in
                if case .int(let p) = m.pointee.fp[slot] { return .bool(p >= k) }
                return try cold.run(m)
            }
        default:
            preconditionFailure("arithmeticPlan chose a local and a constant for '\(op.rawValue)'")
        }
    }

    func equal(_ x: Value, _ y: Value) -> Bool {
        if case .object(let o) = x, o is StringIndexObject, let r = compareStringIndices(x, y, less: false) { return r }
        // Comparing an optional with a plain value compares the wrapped value, as Swift promotes.
        switch (x, y) {
        case (.wrapped(let p), .wrapped(let q)): return equal(p, q)
        case (.wrapped(let p), _) where !y.isNil: return p == y
        case (_, .wrapped(let q)) where !x.isNil: return x == q
        // Only a literal meets a Set as an array: `tags == ["a"]` is a Set literal in Swift.
        case (.set(let s), .array(let a)), (.array(let a), .set(let s)): return s == Set(a)
        // `a.reversed() == [3, 2, 1]` compares Arrays in Swift (ReversedCollection is not Equatable).
        case (.object(let r as ReversedCollection), _): return equal(.array(r.elements), y)
        case (.object(let s as ArraySliceObject), _): return equal(.array(s.elements), y)
        case (_, .object(let s as ArraySliceObject)): return equal(x, .array(s.elements))
        case (_, .object(let r as ReversedCollection)): return equal(x, .array(r.elements))
        case (.structValue(let s), _) where s.type.hasCustomOperators || declaresGlobalOperator("=="): return customEqual(x, y)
        case (.enumCase(let t, _), _) where types[Int(t)].hasCustomOperators || declaresGlobalOperator("=="): return customEqual(x, y)
        case (.payloadCase(let p), _) where types[Int(p.typeID)].hasCustomOperators || declaresGlobalOperator("=="):
            return customEqual(x, y)
        case (.array(let p), .array(let q)) where p.count == q.count && p.first.map(hasCustomEquality) == true:
            return zip(p, q).allSatisfy { equal($0, $1) }
        default: return x == y
        }
    }

    /// A binary operator expression's general case: an operator function of the script's
    /// where one takes the operands (UserOperators.swift), else the built-in operator.
    /// (Compound assignments call a `+=` of the script's, `scriptCompoundOperator`, else `arith`.)
    func binaryArith(_ op: BinaryOperator, _ x: Value, _ y: Value, _ loc: SourceLocation,
                     integerLiteral: IntegerLiteralOperand? = nil) throws -> Value {
        switch (x, y) {
        // The standard library's own operand pairs: a script's operator for them is refused
        // where it is declared, so the built-in one is Swift's.
        case (.int, .int): break
        case (.double, .double) where op != .remainder: break
        case (.float, .float) where op != .remainder: break
        case (.string, .string) where op == .add: break
        default: if let r = try scriptOperator(op.rawValue, x, y, loc, integerLiteral: integerLiteral) { return r }
        }
        return try arith(op, x, y, loc)
    }

    func arith(_ op: BinaryOperator, _ x: Value, _ y: Value, _ loc: SourceLocation) throws -> Value {
        switch (x, y) {
        case (.int(let p), .int(let q)):
            switch op {
            case .add:
                let (s, o) = p.addingReportingOverflow(q); if o { throw RuntimeError(TrapMessage.arithmeticOverflow, at: loc) }; return .int(s)
            case .subtract:
                let (s, o) = p.subtractingReportingOverflow(q); if o { throw RuntimeError(TrapMessage.arithmeticOverflow, at: loc) }; return .int(s)
            case .multiply:
                let (s, o) = p.multipliedReportingOverflow(by: q); if o { throw RuntimeError(TrapMessage.arithmeticOverflow, at: loc) }; return .int(s)
            case .divide:
                if q == 0 { throw RuntimeError(TrapMessage.divisionByZero, at: loc) }
                let (s, o) = p.dividedReportingOverflow(by: q); if o { throw RuntimeError(TrapMessage.divisionOverflow, at: loc) }; return .int(s)
            case .remainder:
                if q == 0 { throw RuntimeError(TrapMessage.remainderByZero, at: loc) }
                let (s, o) = p.remainderReportingOverflow(dividingBy: q); if o { throw RuntimeError(TrapMessage.remainderOverflow, at: loc) }; return .int(s)
            default: if let r = integerOperator(op, p, q) { return .int(r) }
            }
        case (.double, .double), (.int, .double), (.double, .int):
            let p = asDouble(x)!, q = asDouble(y)!
            switch op {
            case .add: return .double(p + q)
            case .subtract: return .double(p - q)
            case .multiply: return .double(p * q)
            case .divide: return .double(p / q)
            case .remainder:
                throw RuntimeError(LookupMessage.floatingRemainderUnavailable, at: loc)
            default: break
            }
        case (.string(let p), .string(let q)) where op == .add:
            try reserve(p.utf8.count &+ q.utf8.count, "a string of \(p.utf8.count &+ q.utf8.count) bytes", at: loc)
            return .string(p + q)
        case (.array(let p), .array(let q)) where op == .add:
            try reserve(arrayBytes(p.count &+ q.count), "an array of \(p.count &+ q.count) elements", at: loc)
            return .array(p + q)
        // RangeReplaceableCollection's `+`: the left operand's type, a slice keeping its start.
        case (.array(let p), .object(let q as ArraySliceObject)) where op == .add && q.viewName == nil:
            try reserve(arrayBytes(p.count &+ q.elements.count), "an array of \(p.count &+ q.elements.count) elements", at: loc)
            return .array(p.values + q.elements)
        case (.object(let p as ArraySliceObject), .array(let q)) where op == .add && p.viewName == nil:
            try reserve(arrayBytes(p.elements.count &+ q.count), "an array of \(p.elements.count &+ q.count) elements", at: loc)
            return .object(ArraySliceObject(p.elements + q.values, startIndex: p.startIndex))
        case (.object(let p as ArraySliceObject), .object(let q as ArraySliceObject)) where op == .add && p.viewName == nil && q.viewName == nil:
            try reserve(arrayBytes(p.elements.count &+ q.elements.count), "an array of \(p.elements.count &+ q.elements.count) elements", at: loc)
            return .object(ArraySliceObject(p.elements + q.elements, startIndex: p.startIndex))
        default:
            if let r = try fixedArith(op, x, y, loc) { return r }
            if let r = try floatArith(op, x, y, loc) { return r }
            if op == .add, let r = try substringConcatenation(x, y, loc) { return r }
        }
        let tx = typeName(x), ty = typeName(y)
        var notes: [Diagnostic] = []
        let basic: Set<String> = ["Int", "Double", "String"]
        if op == .add, tx != ty, basic.contains(tx), basic.contains(ty) {
            notes.append(.note(NoteMessage.partiallyMatchingPlusOverloads(lhs: tx, rhs: ty), at: loc))
        }
        // Two values of one type of the script's that no operator function takes: swiftc's words.
        if tx == ty, operandType(x) != nil { throw noOperatorForTwo(op.rawValue, tx, at: loc) }
        // `flag + flag`, `set - set`: swiftc words two operands of one type so.
        if tx == ty { throw RuntimeError(PayloadMessage.binaryOperatorCannotBeApplied(op: op.rawValue, type: tx), at: loc) }
        throw RuntimeError(ConversionMessage.binaryOperatorOperands(op: op.rawValue, lhs: tx, rhs: ty), at: loc, notes: notes)
    }

    func asDouble(_ v: Value) -> Double? {
        switch v {
        case .double(let d): return d
        case .int(let i): return Double(i)
        default: return nil
        }
    }

    /// Swift's `<` on the comparable built-in types (and tuples of them, lexicographically).
    func lessThan(_ x: Value, _ y: Value) -> Bool? {
        if case .object(let o) = x, o is StringIndexObject { return compareStringIndices(x, y, less: true) }
        switch (x, y) {
        case (.int(let p), .int(let q)): return p < q
        case (.fixed(let p), .fixed(let q)) where p.kind == q.kind: return p.value < q.value
        // An Int meets a fixed-width integer only as a literal, which takes its type.
        case (.fixed(let p), .int(let q)): return p.value < Int128(q)
        case (.int(let p), .fixed(let q)): return Int128(p) < q.value
        case (.double, .double), (.int, .double), (.double, .int): return asDouble(x)! < asDouble(y)!
        case (.float, _), (_, .float): return Self.floatComparison(.less, x, y)
        case (.string(let p), .string(let q)): return p < q
        case (.bool(let p), .bool(let q)): return !p && q
        case (.enumCase(let t1, let c1), .enumCase(let t2, let c2)) where t1 == t2:
            // Only a Comparable enum has `<` (synthesized: by case order; Protocols.swift
            // refuses Comparable on an enum with a raw type and no `<` of its own).
            guard isComparable(types[Int(t1)]) else { return nil }
            return c1 < c2
        case (.payloadCase, _), (_, .payloadCase):
            return payloadCaseLess(x, y)
        case (.tuple(let p), .tuple(let q)):
            for i in 0..<min(p.elements.count, q.elements.count) {
                if p.elements[i] == q.elements[i] { continue }
                return lessThan(p.elements[i], q.elements[i])
            }
            return p.elements.count < q.elements.count
        // A Substring beside a Substring or a String (StringProtocol's `<`).
        case (.object(is SubstringObject), _), (_, .object(is SubstringObject)):
            guard let p = Self.stringText(x), let q = Self.stringText(y) else { return nil }
            return p < q
        default: return nil
        }
    }

    private func caseParts(_ v: Value) -> (type: Int32, index: Int32, payload: [Value])? {
        switch v {
        case .enumCase(let t, let c): return (t, c, [])
        case .payloadCase(let p): return (p.typeID, p.caseIndex, p.values)
        default: return nil
        }
    }

    /// Comparable synthesised for an enum with associated values: by case order, then the
    /// payloads of one case from the first; nil where a payload has no `<` here.
    private func payloadCaseLess(_ x: Value, _ y: Value) -> Bool? {
        guard let (t1, c1, p) = caseParts(x), let (t2, c2, q) = caseParts(y), t1 == t2, isComparable(types[Int(t1)]) else { return nil }
        if c1 != c2 { return c1 < c2 }
        // Swift's synthesised `<`: the first payload either side is less than decides.
        for (a, b) in zip(p, q) {
            guard let ab = lessThan(a, b), let ba = lessThan(b, a) else { return nil }
            if ab || ba { return ab }
        }
        return false
    }

    /// `op` of the synthesised `<` (as `payloadCaseLess`) when a payload is a script type
    /// with its own `<`, which runs; nil otherwise.
    func payloadsLess(_ op: BinaryOperator, _ x: Value, _ y: Value, _ loc: SourceLocation) throws -> Bool? {
        func less(_ x: Value, _ y: Value) throws -> Bool? {
            guard let (t1, c1, p) = caseParts(x), let (t2, c2, q) = caseParts(y), t1 == t2, isComparable(types[Int(t1)]) else { return nil }
            if c1 != c2 { return c1 < c2 }
            for (a, b) in zip(p, q) {
                guard let ab = try customCompare(.less, a, b, loc) ?? lessThan(a, b),
                      let ba = try customCompare(.less, b, a, loc) ?? lessThan(b, a) else { return nil }
                if ab || ba { return ab }
            }
            return false
        }
        switch op {
        case .less: return try less(x, y)
        case .greater: return try less(y, x)
        case .lessEqual: return try less(y, x).map { !$0 }
        case .greaterEqual: return try less(x, y).map { !$0 }
        default: return nil
        }
    }

    func compare(_ op: BinaryOperator, _ x: Value, _ y: Value, _ loc: SourceLocation) throws -> Value {
        if let r = try scriptOperatorTest(op.rawValue, x, y, loc) { return .bool(r) }
        if let r = try customCompare(op, x, y, loc) { return .bool(r) }
        if let r = Self.floatComparison(op, x, y) { return .bool(r) }
        // IEEE comparisons: beside a NaN each is false, so `<=` is not `!(>)`.
        switch (x, y) {
        case (.double, .double), (.int, .double), (.double, .int):
            let p = asDouble(x)!, q = asDouble(y)!
            switch op {
            case .less: return .bool(p < q)
            case .greater: return .bool(p > q)
            case .lessEqual: return .bool(p <= q)
            default: return .bool(p >= q)
            }
        default: break
        }
        let r: Bool?
        switch op {
        case .less: r = lessThan(x, y)
        case .greater: r = lessThan(y, x)
        case .lessEqual: r = lessThan(y, x).map { !$0 }
        default: r = lessThan(x, y).map { !$0 }
        }
        if let r { return .bool(r) }
        if case .object(let o) = x, o.isComparableInSwift {
            throw RuntimeError(UnsupportedMessage.comparisonOfHostValues(op: op.rawValue, type: o.typeName), at: loc)
        }
        if typeName(x) == typeName(y) {
            throw RuntimeError(PayloadMessage.binaryOperatorCannotBeApplied(op: op.rawValue, type: typeName(x)), at: loc)
        }
        throw RuntimeError(ConversionMessage.binaryOperatorOperands(op: op.rawValue, lhs: typeName(x), rhs: typeName(y)), at: loc)
    }
}

/// What a specialised operator closure needs only when its fast path does not apply
/// (other types, overflow): kept in one object so the hot closure captures one word
/// instead of the operands' evaluators, the location and the interpreter.
final class BinaryFallback {
    let coreRef: Unretained<InterpreterCore>
    var core: InterpreterCore { coreRef.object }
    let op: BinaryOperator
    let left: Eval
    let right: Eval
    let loc: SourceLocation

    /// For `==`/`!=` in a condition: the wording of swiftc's error should the operands be
    /// an enum that is not Equatable; nil where a `nil` literal is compared (no Equatable
    /// needed) or for other operators.
    var equatableWording: (referencing: Bool, promoted: Bool)?

    init(_ core: InterpreterCore, _ op: BinaryOperator, _ left: @escaping Eval, _ right: @escaping Eval, _ loc: SourceLocation) {
        self.coreRef = Unretained(core); self.op = op; self.left = left; self.right = right; self.loc = loc
    }

    /// Evaluates both operands the general way, then applies the operator.
    @inline(never) func run(_ m: Ctx) throws -> Value {
        let x = try left(m), y = try right(m)
        return try apply(x, y)
    }

    /// A comparison used as a condition, evaluated the general way.
    @inline(never) func test(_ m: Ctx) throws -> Bool {
        let x = try left(m), y = try right(m)
        return try test(x, y)
    }

    @inline(never) func test(_ x: Value, _ y: Value) throws -> Bool {
        switch op {
        case .equal, .notEqual:
            // An enum with associated values that is not Equatable has no `==` (swiftc's
            // error), also where only the run tells the operands' type.
            if let wording = equatableWording {
                let v = InterpreterCore.namesNoType(x) ? y : x
                try core.requireEquatable(v, loc, negated: op == .notEqual, referencing: wording.referencing,
                                          promoted: wording.promoted)
            }
            return core.equal(x, y) != (op == .notEqual)
        default:
            if case .bool(let r) = try core.compare(op, x, y, loc) { return r }
            return false
        }
    }

    /// The general operator on evaluated operands (overflow is reported here).
    @inline(never) func apply(_ x: Value, _ y: Value) throws -> Value {
        switch op {
        case .less, .lessEqual, .greater, .greaterEqual: return try core.compare(op, x, y, loc)
        default: return try core.binaryArith(op, x, y, loc)
        }
    }
}
