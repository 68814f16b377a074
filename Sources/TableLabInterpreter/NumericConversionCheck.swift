// Swift never converts an Int value to Double (nor a Double to Int) by itself: only a
// literal takes the type its context asks for. The run cannot tell them apart (a literal
// compiled without its context is an Int value that `coerce` turns into the Double the
// annotation asks for), so `let n = 3; let d: Double = n` printed 3.0 where swiftc refuses
// the file. This check finds, before the unit runs, the Int values given where a Double is
// expected (and Double values where an Int is), with swiftc's words for each place:
// a declaration's value, an assignment (to a name, a property, a subscript), a compound
// assignment, an argument (a global function's, an initializer's, a method's, an Array's
// `append`/`insert`), a `return`, a collection literal's element, and the operands of an
// arithmetic or comparison operator.
//
// The types are the walk's typer's (ScopedTyper.swift), known only where declarations make
// them certain; anything else is not checked. A script that declares a type named Int or
// Double, or an operator of its own, is left to the run for what it could change.
// `scripts/numeric-difftest` holds this against swiftc. Where swiftc's solver still holds a
// type open (`ChosenByContext`), the other number type beside it makes swiftc refuse that
// open place rather than the operator.

import TableLabSyntax

extension InterpreterCore {
    /// The numeric-conversion check of a unit, for the shared walk (ScopedWalk.swift), reading
    /// the walk's typer.
    func numericConversionCheck(_ types: ScopedTyper, _ file: SourceFile) -> NumericConversionCheck {
        NumericConversionCheck(enabled: !types.shadowsStandardNumbers, types: types, file: file)
    }
}

struct NumericConversionCheck: ScopedCheck {
    let enabled: Bool
    let file: SourceFile
    var found: [Diagnostic] = []
    /// The operations whose operands are of two types, by the operator's place: the index
    /// of their finding, which a context that gives the operation its type replaces.
    private var mixedOperations: [SourceLocation: Int] = [:]

    /// The walk's typer, which this check reads and tells of the declarations it refuses.
    let types: ScopedTyper

    init(enabled: Bool, types: ScopedTyper, file: SourceFile) {
        self.enabled = enabled; self.types = types; self.file = file
    }

    private static func contains(_ r: SourceRange, _ l: SourceLocation) -> Bool {
        (r.start.line, r.start.column) <= (l.line, l.column) && (l.line, l.column) <= (r.end.line, r.end.column)
    }

    // MARK: Places a value goes

    mutating func statement(_ s: Stmt, _ scopes: LexicalScopes, _ place: WalkPlace) {
        guard enabled else { return }
        if !types.reduceResults.isEmpty || !types.literalReduces.isEmpty { reduceResult(s, scopes, place) }
        switch s.kind {
        case .declaration(.variable(let v)):
            guard case .binding = v.pattern.kind, v.getter == nil else { return }
            if let t = v.type, let e = v.initializer {
                convert(e, to: t, .initializer, scopes, place)
            }
            if v.type == nil, let e = v.initializer { heterogeneous(e, scopes, place); coalesced(e, to: nil, scopes, place) }
            // swiftc says nothing more of a name whose value it refused (its type is an error).
            if let e = v.initializer, found.contains(where: { Self.contains(e.range, $0.location) }) { types.refuse(v) }
        case .assignment(let target, let op, let value):
            assignment(target, op, value, at: s.operatorLocation, scopes, place)
        case .return(let e?):
            if let t = place.returnType { convert(e, to: t, returned(place), scopes, place) }
        case .expression(let e) where e.location == place.implicitResult:
            if let t = place.returnType { convert(e, to: t, returned(place), scopes, place) }
        default:
            break
        }
    }

    /// `let r: Double = ints.last ?? d`: `??` is generic over one type, which the
    /// annotation makes the Double; swiftc refuses the Int Optional on its left. Without an
    /// annotation, the operands alone are refused. True where `e` is such a `??`.
    @discardableResult
    private mutating func coalesced(_ e: Expr, to target: TypeSyntax?, _ scopes: LexicalScopes, _ place: WalkPlace) -> Bool {
        guard case .binary(.nilCoalescing, let l, let r) = e.kind, !types.userOperators.contains("??"),
              let a = types.typed(l, scopes, place), case .optional(let w) = a.type, ScopedTyper.isNumber(w), !a.literal,
              let b = types.typed(r, scopes, place), ScopedTyper.isNumber(b.type) else { return false }
        if let target {
            guard ScopedTyper.isNumber(target) else { return false }
            // `ints.last ?? n`: one Int, which the context's conversion refuses whole.
            if !b.literal, b.type == w { return false }
            if w == target {
                // `let r: Double = spare ?? 1 - i * 2`: the default must be the Double too.
                guard let x = CheckedNumber(b.type), let t = CheckedNumber(target), !x.converts(to: t),
                      !(b.literal && x.literalFits(t)) else { return false }
                found.append(.error(LetMessage.cannotConvertArgument(given: b.type.description, to: target.description),
                                    at: ScopedTyper.anchor(r), in: file))
                return true
            }
            found.append(.error(LetMessage.cannotConvertArgument(given: "\(w)?", to: "\(target)?"), at: ScopedTyper.anchor(l), in: file))
            return true
        }
        guard w != b.type, !(b.literal && b.type == ScopedTyper.int) else { return false }
        found.append(.error(NumericConversionMessage.binaryOperands(op: "??", left: "\(w)?", right: b.type.description), at: e.location, in: file))
        return true
    }

    private func returned(_ place: WalkPlace) -> Use {
        place.closure != nil && place.closureResultType != .unknown ? .closureReturned(at: place.closureResultType) : .returned
    }

    /// The arguments, once walked: an argument made by a closure (`f(xs.map { $0 * 2 }[0])`)
    /// has its type only after the closure's body.
    mutating func callWalked(_ e: Expr, callee: Expr, args: [Argument], _ scopes: LexicalScopes, _ place: WalkPlace) {
        guard enabled, !args.contains(where: \.isTrailingClosure) else { return }
        switch callee.kind {
        case .identifier("Array") where args.count == 1 && args[0].label == nil && scopes.lookup("Array") == nil:
            arrayOfRange(args[0].value, scopes, place)
        case .identifier(let name):
            guard scopes.lookup(name) == nil, place.memberTypes[name] == nil else { return }
            if let m = types.typeMembers(name) {
                arguments(args, TypeRules.initializerParameters(m, isStruct: types.isStruct(name), labels: args.map(\.label)), scopes, place)
            } else if !place.inTypeMember || types.outerVisible(name, place), let f = types.function(name) {
                arguments(args, f.parameters, scopes, place)
            } else if Self.doubleOnlyFunctions.contains(name), args.count == 1, args[0].label == nil,
                      (!place.inTypeMember || types.outerVisible(name, place)), types.typed(args[0].value, scopes, place)?.type == ScopedTyper.float {
                found.append(.error(LetMessage.cannotConvertArgument(given: "Float", to: "Double"), at: args[0].value.location, in: file))
            }
        case .member(let receiver, let method):
            if case .identifier("Int") = receiver.kind, method == "random", scopes.lookup("Int") == nil {
                randomIntIn(args, scopes, place)
                return
            }
            // `(n * 2.5).squareRoot()`: a method only one number type has gives the
            // operation its type, as a declaration's annotation does.
            if let context = Self.onlyNumberWith(method: method), !types.declaresMember(method),
               contextualOperation(receiver, context, scopes, place) { return }
            guard let t = types.typed(receiver, scopes, place)?.type else { return }
            if let range = ScopedTyper.rangeType(t) {
                rangeMethod(range, callee, method, args, scopes, place)
                return
            }
            // A sequence the rules spell (a dictionary's values, a slice) as its elements.
            switch types.sequenceTyped(receiver, scopes, place)?.type ?? t {
            case .array(let element):
                if method == "reduce", args.count == 2, args[0].label == nil, types.typed(receiver, scopes, place)?.literal == false {
                    reducedWithOperator(args, element: element, scopes, place)
                }
                // `doubles.append(n)`, `doubles.insert(n, at: 0)`; a literal of another
                // standard type (`doubles.append("x")`) too.
                if ["append", "insert"].contains(method), let first = args.first, first.label == nil {
                    if let literal = MethodArgumentCheck.literalType(first.value), case .named(let e) = element,
                       !MethodArgumentCheck.literal(literal, converts: e) {
                        found.append(.error(LetMessage.cannotConvertArgument(given: literal, to: e), at: first.value.location, in: file))
                        return
                    }
                    convert(first.value, to: element, .argument, scopes, place)
                }
            case .set(let element):
                if method == "insert", args.count == 1 { convert(args[0].value, to: element, .argument, scopes, place) }
            case .named(let n):
                guard let (m, typeArguments) = types.members(of: n) else { return }
                let labels = args.map(\.label)
                let matching = m.methods.filter { $0.name == method && !$0.isStatic && $0.parameters.map(\.label) == labels }
                guard matching.count == 1, matching[0].genericParameters.isEmpty else { return }
                var params = matching[0].parameters
                for i in params.indices { params[i].type = params[i].type.flatMap { ScopedTyper.substituted($0, typeArguments) } }
                arguments(args, params, scopes, place)
            default:
                return
            }
        default:
            return
        }
    }

    /// `ints.reduce(0.0, +)`: the operator function is one type's, and the initial value's
    /// type is not the elements'. swiftc names the prefix `+`/`-` it tried, or, for `*`,
    /// the initial value.
    private mutating func reducedWithOperator(_ args: [Argument], element: TypeSyntax, _ scopes: LexicalScopes, _ place: WalkPlace) {
        guard ScopedTyper.isNumber(element), case .identifier(let f) = args[1].value.kind, ["+", "-", "*"].contains(f), !types.userOperators.contains(f),
              let initial = types.typed(args[0].value, scopes, place), ScopedTyper.isNumber(initial.type), initial.type != element,
              !(initial.literal && initial.type == ScopedTyper.int) else { return }
        if f == "*" {
            found.append(.error(LetMessage.cannotConvertArgument(given: initial.type.description, to: element.description),
                                at: args[0].value.location, in: file))
        } else {
            found.append(.error(NumericConversionMessage.reduceOperatorFunction(accumulator: initial.type.description, element: element.description),
                                at: args[1].value.location, in: file))
        }
    }

    /// Foundation's math functions without a Float overload (the others take a Float and
    /// give one): a Float argument is swiftc's error.
    private static let doubleOnlyFunctions: Set<String> = ["lround", "llround"]

    /// A `reduce` closure's result, where its body stands: an operation mixing Int and
    /// Double there is refused at the operand that is not of the result's type.
    private mutating func reduceResult(_ s: Stmt, _ scopes: LexicalScopes, _ place: WalkPlace) {
        guard let closure = place.closure, place.returnType == nil else { return }
        let x: Expr
        switch s.kind {
        case .expression(let e) where e.location == place.implicitResult: x = e
        case .return(let e?): x = e
        default: return
        }
        if let type = types.reduceResults[closure] { _ = contextualOperation(x, type, scopes, place); return }
        guard types.literalReduces[closure] != nil else { return }
        integerContext(x, scopes, place)
    }

    /// `ints.reduce(0) { $0 + $1 * d }`: swiftc takes the integer literal as an Int, and the
    /// operations the result is made of as Int ones, so an operation mixing Int and Double
    /// there is refused at its operand that is not an Int (`ds.reduce(0) { $0 + $1 * n }` at `$1`).
    private mutating func integerContext(_ x: Expr, _ scopes: LexicalScopes, _ place: WalkPlace) {
        if contextualOperation(x, ScopedTyper.int, scopes, place) { return }
        guard case .binary(let op, let l, let r) = x.kind, ScopedTyper.arithmetic.contains(op) else { return }
        integerContext(l, scopes, place)
        integerContext(r, scopes, place)
    }

    mutating func binary(_ e: Expr, _ op: BinaryOperator, _ l: Expr, _ r: Expr, _ scopes: LexicalScopes, _ place: WalkPlace) {
        guard enabled, Self.checkedOperators.contains(op), !types.userOperators.contains(op.rawValue),
              let a = types.typed(l, scopes, place), let b = types.typed(r, scopes, place), a.type != b.type else { return }
        // CGFloat meets Double by converting; an Int in arithmetic with a CGFloat is the
        // same error as with a Double.
        if (a.type == ScopedTyper.cgFloat || b.type == ScopedTyper.cgFloat) && ([a.type, b.type].contains(ScopedTyper.int)) {
            guard !(a.literal || b.literal) else { return }
            if ScopedTyper.arithmetic.contains(op) {
                found.append(.error(NumericConversionMessage.binaryOperands(op: op.rawValue, left: a.type.description, right: b.type.description),
                                    at: e.location, in: file))
            } else {
                found.append(Self.comparedWithInt(op.rawValue, cgFloatLeft: a.type == ScopedTyper.cgFloat, at: e.location, in: file))
            }
            return
        }
        // `d["a"] + 2`: swiftc asks for the Optional operand to be unwrapped.
        for (x, t, other) in [(l, a, b), (r, b, a)] {
            if case .optional(let w) = t.type, Self.makesOptional(x), ScopedTyper.isNumber(w), ScopedTyper.arithmetic.contains(op), ScopedTyper.isNumber(other.type),
               !(other.type != w && !other.literal) {
                mustBeUnwrapped(t.type, at: ScopedTyper.anchor(x))
                return
            }
        }
        // Double and CGFloat convert to each other; any other two number types meet only by
        // a literal taking the other's type (an integer literal any, a floating-point one a
        // Double or a Float); two literals are one type.
        guard let x = CheckedNumber(a.type), let y = CheckedNumber(b.type), !x.converts(to: y) else { return }
        if a.literal && x.literalFits(y) || b.literal && y.literalFits(x) || a.literal && b.literal { return }
        for (t, other) in [(a, b), (b, a)] {
            guard let chosen = t.chosen else { continue }
            found.append(Self.refused(chosen, context: other.type, in: file))
            return
        }
        if ScopedTyper.arithmetic.contains(op) { mixedOperations[e.location] = found.count }
        // A fixed-width integer's operators are its own, which swiftc lists beside the other's.
        let notes = (x.isFixedWidth || y.isFixedWidth) && ScopedTyper.arithmetic.contains(op)
            ? [Diagnostic.note(OperandMessage.partiallyMatchingOverloads(op: op.rawValue, types: [a.type.description, b.type.description]), at: e.location, in: file)]
            : []
        found.append(.error(NumericConversionMessage.binaryOperands(op: op.rawValue, left: a.type.description, right: b.type.description),
                            at: e.location, in: file, notes: notes))
    }

    /// swiftc's error where the other operand's type chose a value's open type.
    private static func refused(_ chosen: ChosenByContext, context: TypeSyntax, in file: SourceFile) -> Diagnostic {
        switch chosen {
        case .closureResult(let at, let given):
            return .error(NumericConversionMessage.cannotConvertClosureResult(given: given.description, to: context.description), at: at, in: file)
        case .reduceOperator(let at, let element):
            return .error(NumericConversionMessage.reduceOperatorFunction(accumulator: context.description, element: element.description),
                          at: at, in: file)
        }
    }

    /// A CGFloat compared with an Int: the comparisons mixing two types are BinaryInteger's
    /// (`Self` on the left, `Other` on the right), and swiftc names the one that fails.
    private static func comparedWithInt(_ op: String, cgFloatLeft: Bool, at location: SourceLocation, in file: SourceFile) -> Diagnostic {
        guard cgFloatLeft else {
            let library = StandardLibraryInterface.binaryIntegerOperator(op)
            return .error(NumericConversionMessage.operatorNeedsBinaryInteger(op: op, type: "CGFloat"), at: location, in: file,
                          notes: [library.note(NumericConversionMessage.whereOtherIs(type: "CGFloat"))])
        }
        return .error(ConformanceMessage.operatorOnProtocolRequiresConformance(op: op, protocol: "BinaryInteger", type: "CGFloat"),
                      at: location, in: file, notes: [StandardLibraryInterface.binaryInteger.note(ConformanceMessage.whereSelfIs(type: "CGFloat"))])
    }

    /// `let w: Double = x + n`: where the context gives a mixed operation its type, swiftc
    /// chooses the operator of that type and refuses the operand of the other.
    private mutating func contextualOperation(_ e: Expr, _ target: TypeSyntax, _ scopes: LexicalScopes, _ place: WalkPlace) -> Bool {
        guard case .binary(let op, let l, let r) = e.kind, ScopedTyper.arithmetic.contains(op), ScopedTyper.isNumber(target) else { return false }
        guard let index = mixedOperations[e.location] else { return nestedOperation(l, r, target, scopes, place) }
        for operand in [l, r] {
            // An integer literal takes the context's type; a Double literal never is an Int.
            guard let t = types.typed(operand, scopes, place), !(t.literal && t.type == ScopedTyper.int), t.type != target else { continue }
            found[index] = .error(LetMessage.cannotConvertArgument(given: t.type.description, to: target.description),
                                  at: operand.location, in: file)
            mixedOperations[e.location] = nil
            return true
        }
        return false
    }

    /// `n * 2.5 + 1` where a Double is expected: an arithmetic operator's operands are of its
    /// result's type, so the context reaches the mixed operation inside, where the other
    /// operands are of the context's type already (or literals that take it).
    private mutating func nestedOperation(_ l: Expr, _ r: Expr, _ target: TypeSyntax, _ scopes: LexicalScopes, _ place: WalkPlace) -> Bool {
        var inner: [Expr] = []
        for operand in [l, r] {
            if case .binary(let op, _, _) = operand.kind, ScopedTyper.arithmetic.contains(op) { inner.append(operand); continue }
            guard let t = types.typed(operand, scopes, place) else { return false }
            guard t.type == target || t.literal && t.type == ScopedTyper.int else { return false }
        }
        for operand in inner where contextualOperation(operand, target, scopes, place) { return true }
        return false
    }

    /// `(n * 2.5).isNaN`: a property only one number type has gives the operation its type,
    /// as a method's does. (A method's name comes here too, as its call's callee: it is
    /// none of these.)
    mutating func member(_ base: Expr, _ name: String, _ scopes: LexicalScopes, _ place: WalkPlace) {
        guard enabled, case .binary = base.kind, let context = Self.onlyNumberWith(property: name),
              !types.declaresMember(name) else { return }
        _ = contextualOperation(base, context, scopes, place)
    }

    /// The number type that alone has a property of this name among Int and Double.
    private static func onlyNumberWith(property: String) -> TypeSyntax? {
        switch property {
        case "isNaN", "isInfinite", "isFinite", "isZero", "isNormal", "isSubnormal", "isSignalingNaN", "isCanonical",
             "sign", "exponent", "significand", "ulp", "nextUp", "nextDown", "binade", "floatingPointClass", "significandWidth":
            return ScopedTyper.double
        case "bitWidth", "nonzeroBitCount", "leadingZeroBitCount", "trailingZeroBitCount", "words", "byteSwapped",
             "bigEndian", "littleEndian":
            return ScopedTyper.int
        default: return nil
        }
    }

    /// The number type that alone has a method of this name among Int and Double (swiftc
    /// then solves a mixed receiver as that type).
    private static func onlyNumberWith(method: String) -> TypeSyntax? {
        switch method {
        case "squareRoot", "rounded", "truncatingRemainder", "remainder", "addingProduct": return ScopedTyper.double
        case "signum", "isMultiple", "quotientAndRemainder": return ScopedTyper.int
        default: return nil
        }
    }

    private static let checkedOperators: Set<BinaryOperator> = [
        .add, .subtract, .multiply, .divide, .remainder, .equal, .notEqual, .less, .lessEqual, .greater, .greaterEqual,
    ]

    /// Arguments matched to parameters one to one, by label.
    private mutating func arguments(_ args: [Argument], _ params: [Parameter], _ scopes: LexicalScopes, _ place: WalkPlace) {
        guard params.count == args.count else { return }
        for (p, a) in zip(params, args) {
            guard p.label == a.label, !p.isInout, !p.isVariadic, let t = p.type else { continue }
            if genericConflict(a.value, t, scopes, place) { continue }
            convert(a.value, to: t, .argument, scopes, place)
        }
    }

    /// `takesFloat(twice(n))`: where a generic function's result is the argument, swiftc
    /// binds its parameter from both sides and names the conflict at the call.
    private mutating func genericConflict(_ value: Expr, _ target: TypeSyntax, _ scopes: LexicalScopes, _ place: WalkPlace) -> Bool {
        guard case .call(let callee, _) = value.kind, case .identifier(let name) = callee.kind, scopes.lookup(name) == nil,
              !place.inTypeMember || types.outerVisible(name, place), let f = types.function(name),
              case .named(let g)? = f.returnType, f.genericParameters.contains(where: { $0.name == g }),
              let given = types.typed(value, scopes, place), !given.literal,
              let x = CheckedNumber(given.type), let y = CheckedNumber(target), !x.converts(to: y) else { return false }
        found.append(.error(NumericConversionMessage.conflictingGenericArguments(parameter: g, given: given.type.description,
                                                                               expected: target.description), at: value.location, in: file))
        return true
    }

    private mutating func assignment(_ target: Expr, _ op: AssignmentOperator, _ value: Expr, at opAt: SourceLocation,
                                     _ scopes: LexicalScopes,
                                     _ place: WalkPlace) {
        var use = Use.assignment
        var targetType: TypeSyntax?
        switch target.kind {
        case .subscriptAccess(let base, let args) where args.count == 1 && args[0].label == nil:
            switch types.typed(base, scopes, place)?.type {
            case .array(let e)?: targetType = e
            case .dictionary(_, let v)?: targetType = v
            default: return
            }
            use = .subscriptAssignment
        default:
            targetType = types.typed(target, scopes, place)?.type
        }
        guard let t = targetType else { return }
        switch op {
        case .assign:
            // swiftc places an array's mismatch at the `=`.
            convert(value, to: t, use, scopes, place, arrayAt: opAt)
        case .add, .subtract, .multiply, .divide, .remainder:
            guard !types.userOperators.contains(op.rawValue) else { return }
            // `x %= 2.0`: no floating-point type has `%=`, whatever the right side is.
            if op == .remainder, t == ScopedTyper.double || t == ScopedTyper.cgFloat {
                let refusal = StandardLibraryInterface.floatingRemainderAssign(cgFloat: t == ScopedTyper.cgFloat)
                found.append(.error(refusal.message, at: opAt, in: file, notes: refusal.notes))
                return
            }
            if t == ScopedTyper.cgFloat, op != .remainder, let v = types.typed(value, scopes, place), !v.literal, v.type == ScopedTyper.int {
                found.append(Self.compoundWithInt(op.rawValue, at: opAt, in: file))
                return
            }
            // `cg += f`: no operator of CGFloat takes a Float, and swiftc names the operator.
            if t == ScopedTyper.cgFloat, let v = types.typed(value, scopes, place), !v.literal, v.type == ScopedTyper.float {
                found.append(.error(NumericConversionMessage.binaryOperands(op: op.rawValue, left: "CGFloat", right: "Float"), at: opAt, in: file))
                return
            }
            guard ScopedTyper.isNumber(t) else { return }
            // `n += 2.5`: a Double literal is no Int (an assignment's is the write check's).
            if t == ScopedTyper.int, let v = types.typed(value, scopes, place), v.literal, v.type == ScopedTyper.double {
                found.append(.error(LetMessage.cannotConvertArgument(given: "Double", to: "Int"), at: value.location, in: file))
                return
            }
            convert(value, to: t, .argument, scopes, place)
        default:
            return
        }
    }

    /// `cg += n`: swiftc settles on the operator of the CGFloat and refuses it, where the
    /// operator stands; `*=` and `/=` it words after DurationProtocol's (an Int on the right).
    private static func compoundWithInt(_ op: String, at location: SourceLocation, in file: SourceFile) -> Diagnostic {
        guard op == "+=" || op == "-=" else {
            return .error(ConformanceMessage.operatorOnProtocolRequiresConformance(op: op, protocol: "DurationProtocol", type: "CGFloat"),
                          at: location, in: file, notes: [StandardLibraryInterface.durationProtocol.note(ConformanceMessage.whereSelfIs(type: "CGFloat"))])
        }
        return .error(NumericConversionMessage.binaryOperands(op: op, left: "CGFloat", right: "Int"), at: location, in: file,
                      notes: [.note(NumericConversionMessage.partiallyMatchingCompound(op: op, type: "CGFloat"), at: location, in: file)])
    }

    /// Where a value goes, for swiftc's words.
    private enum Use {
        case initializer, assignment, subscriptAssignment, argument, returned
        /// A closure's result, its type written (swiftc's error stands at that type).
        case closureReturned(at: SourceLocation)
        case element(ElementRole)

        var isElement: Bool { if case .element = self { return true }; return false }
    }

    /// A value given where `target` is expected: a literal collection's elements one by one,
    /// an Int where a Double is expected, or the reverse, is swiftc's error.
    private mutating func convert(_ e: Expr, to target: TypeSyntax, _ use: Use, _ scopes: LexicalScopes, _ place: WalkPlace,
                                  arrayAt: SourceLocation? = nil) {
        var target = target
        // swiftc names the Optional's wrapped type, except for an element.
        let written = target
        if case .optional(let w) = target { target = w }
        switch (target, e.kind) {
        case (.array(let t), .array(let items)), (.set(let t), .array(let items)):
            for x in items { convert(x, to: t, .element(.element), scopes, place) }
            return
        case (.dictionary(let k, let v), .dictionary(let entries)):
            for entry in entries {
                convert(entry.key, to: k, .element(.key), scopes, place)
                convert(entry.value, to: v, .element(.value), scopes, place)
            }
            return
        case (.tuple(let ts), .tuple(let items)) where ts.count == items.count:
            tuple(e, items, ts, use, scopes, place, arrayAt: arrayAt)
            return
        default: break
        }
        if contextualOperation(e, target, scopes, place) { return }
        if !use.isElement, coalesced(e, to: target, scopes, place) { return }
        if case .array(let t) = target, mappedElements(e, to: t) { return }
        // A literal takes its context's type (a wrong literal is the write check's).
        guard let given = types.typed(e, scopes, place), !given.literal, !given.sequenceOnly else { return }
        if case .optional(let w) = given.type, w == written, !use.isElement, Self.makesOptional(e) {
            mustBeUnwrapped(given.type, at: ScopedTyper.anchor(e))
            return
        }
        // `let h: AnyHashable = t`: it would equal a String of its text (Substrings.swift).
        if TypeRules.isSubstring(given.type), target == .named("AnyHashable") {
            found.append(.error(UnsupportedMessage.substringAsAnyHashable, at: e.location, in: file))
            return
        }
        let mismatch: Bool
        switch (given.type, target) {
        // A Substring is not a String (nor an Array of them an Array of Strings).
        case (ScopedTyper.subSequence, TypeRules.string), (.array(ScopedTyper.subSequence), .array(TypeRules.string)):
            if substringMade(e, target, use) { return }
            mismatch = true
        // `let k: Substring = ...; let m: String = k`: named as written.
        case (.named("Substring"), TypeRules.string), (.array(.named("Substring")), .array(TypeRules.string)): mismatch = true
        // CGFloat and Double convert to each other; no other two number types do.
        case (.named, .named):
            guard let g = CheckedNumber(given.type), let t = CheckedNumber(target) else { mismatch = false; break }
            // `let r: Double = widths.reduce(0, +)`: the open literal makes the sum a Double,
            // whose `+` takes no CGFloat element; swiftc tries no conversion there.
            if g == .cgFloat, t == .double, let chosen = given.chosen, case .reduceOperator = chosen {
                found.append(Self.refused(chosen, context: target, in: file))
                return
            }
            mismatch = !g.converts(to: t)
        // `let a: [Double] = ints`: an array is not converted either.
        case (.array(let a), .array(let b)): mismatch = ScopedTyper.isNumber(a) && ScopedTyper.isNumber(b) && a != b
        case (.tuple, .tuple): mismatch = Self.numberMismatch(given.type, target) == true
        default: mismatch = false
        }
        guard mismatch else { return }
        // An argument's expected type chooses an open type as an operand's does (a
        // declaration's or a `return`'s does not: swiftc names the whole value there).
        if case .argument = use, let chosen = given.chosen, ScopedTyper.isNumber(target) {
            found.append(Self.refused(chosen, context: target, in: file))
            return
        }
        let message = self.message(use, given: given.type, target: target, written: written)
        report(message, e, target, arrayAt: arrayAt, use: use)
    }

    /// `let ds: [Double] = ints.map { $0 }`: the closure's result is the element the
    /// context asks for, and swiftc refuses the Int its body gives (where the body's one
    /// expression or each `return` stands). True where `e` is such a `map`.
    private mutating func mappedElements(_ e: Expr, to element: TypeSyntax) -> Bool {
        guard case .call(let callee, let args) = e.kind, case .member(_, "map") = callee.kind, args.count == 1,
              case .closure(let c) = args[0].value.kind, c.returnType == nil, let results = types.closureResults[args[0].value.location] else {
            return false
        }
        // A body of one expression gives it; any other body its `return`s.
        let single = c.body.count == 1 && { if case .expression = c.body[0].kind { return true }; return false }()
        for r in results where r.isReturn != single {
            let x = r.value
            guard let given = r.type, !given.literal,
                  Self.numberMismatch(given.type, element) == true, ScopedTyper.isNumber(given.type) else { continue }
            found.append(.error(NumericConversionMessage.cannotConvertClosureResult(given: given.type.description, to: element.description),
                                at: ScopedTyper.anchor(x), in: file))
        }
        return true
    }

    /// Whether `e` is an Optional by what it does (a dictionary's value, an array's first
    /// element), not by a declaration, whose `T!` is typed as `T?` here but unwraps itself.
    private static func makesOptional(_ e: Expr) -> Bool {
        switch e.kind {
        case .subscriptAccess: return true
        case .member(_, let name): return name == "first" || name == "last"
        case .call(let callee, _): if case .member = callee.kind { return true }; return false
        default: return false
        }
    }

    /// `let n: Int = d["a"]`: an Optional where its wrapped type is expected, with swiftc's
    /// two ways out as notes.
    private mutating func mustBeUnwrapped(_ optional: TypeSyntax, at: SourceLocation) {
        guard case .optional(let w) = optional else { return }
        found.append(.error(RuntimeMessage.optionalNotUnwrapped(optional: optional.description, wrapped: w.description), at: at, in: file,
                            notes: [.note(RuntimeMessage.unwrapWithDefault, at: at, in: file), .note(RuntimeMessage.unwrapWithForce, at: at, in: file)]))
    }

    private mutating func report(_ message: any DiagnosticMessage, _ e: Expr, _ target: TypeSyntax, arrayAt: SourceLocation?,
                                 use: Use? = nil) {
        if case .closureReturned(let at)? = use {
            found.append(.error(message, at: at, in: file))
            return
        }
        var at = ScopedTyper.anchor(e)
        switch target {
        case .array, .tuple: if let arrayAt { at = arrayAt }
        default: break
        }
        found.append(.error(message, at: at, in: file))
    }

    /// A tuple literal where a tuple is expected: swiftc types its elements in their
    /// context (a literal takes its element's type) and names the whole tuple, or the
    /// innermost one holding the Int or Double it does not convert. Inside a collection's
    /// element it names the element itself instead.
    private mutating func tuple(_ e: Expr, _ items: [(label: String?, value: Expr)], _ targets: [TypeSyntax], _ use: Use,
                                _ scopes: LexicalScopes, _ place: WalkPlace, arrayAt: SourceLocation?) {
        let plain = targets.map(ScopedTyper.unlabelled)
        if case .element = use {
            for (x, t) in zip(items, plain) { convert(x.value, to: t, use, scopes, place) }
            return
        }
        let before = found.count
        for (x, t) in zip(items, plain) {
            if case .tuple = x.value.kind, case .tuple = t { convert(x.value, to: t, use, scopes, place) }
        }
        guard found.count == before, let given = contextTyped(e, .tuple(plain), scopes, place),
              Self.numberMismatch(given, .tuple(plain)) == true else { return }
        let target = TypeSyntax.tuple(targets)
        report(message(use, given: given, target: target, written: target), e, target, arrayAt: arrayAt)
    }

    /// `let u: String = s.dropFirst()`: where the context alone chooses the method's result,
    /// swiftc refuses every candidate by the method's name. True where that is said.
    private mutating func substringMade(_ e: Expr, _ target: TypeSyntax, _ use: Use) -> Bool {
        guard case .call(let callee, _) = e.kind, case .member(_, let method) = callee.kind else { return false }
        switch use {
        case .initializer, .assignment, .returned: break
        default: return false
        }
        found.append(.error(ConversionMessage.noCandidateProducesContextualType(method: method, type: target.description),
                            at: ScopedTyper.anchor(e), in: file))
        return true
    }

    /// swiftc's words for a Substring (an Array of them) where a String is expected; nil
    /// for another type.
    private static func subSequenceMessage(_ use: Use, given: TypeSyntax, target: TypeSyntax) -> ConversionMessage? {
        let array = given == .array(ScopedTyper.subSequence)
        guard array || given == ScopedTyper.subSequence else { return nil }
        let place: SubSequencePlace
        switch use {
        case .initializer: place = array ? .assignment : .specified
        case .assignment: place = .assignment
        case .argument: place = .argument
        case .returned: place = .returned
        case .element(let role): place = .element(role)
        default: return nil
        }
        return .subSequenceNotString(place: place, array: array, to: target.description)
    }

    /// swiftc's words for a value of type `given` where `target` is expected.
    private func message(_ use: Use, given: TypeSyntax, target: TypeSyntax, written: TypeSyntax) -> any DiagnosticMessage {
        if let m = Self.subSequenceMessage(use, given: given, target: target) { return m }
        let g = given.description, t = target.description
        switch use {
        case .initializer:
            // swiftc words an array's mismatch at a declaration as an assignment.
            if case .array = target { return LetMessage.cannotAssignValue(given: g, to: t) }
            return LetMessage.cannotConvertToSpecified(given: g, to: t)
        case .assignment: return LetMessage.cannotAssignValue(given: g, to: t)
        case .subscriptAssignment: return NumericConversionMessage.cannotAssignToSubscript(given: g, to: t)
        case .argument: return LetMessage.cannotConvertArgument(given: g, to: t)
        case .returned: return NumericConversionMessage.cannotConvertReturn(given: g, to: t)
        case .closureReturned: return NumericConversionMessage.closureResultIncompatible(declared: t, given: g)
        case .element(let role): return LetMessage.cannotConvertElement(given: g, to: written.description, role: role)
        }
    }

    /// The type of `e` where `target` is expected: a literal takes the target's number
    /// type, a tuple literal's elements their elements'; nil where it is not certain.
    private func contextTyped(_ e: Expr, _ target: TypeSyntax, _ scopes: LexicalScopes, _ place: WalkPlace) -> TypeSyntax? {
        if case .tuple(let items) = e.kind {
            guard case .tuple(let ts) = target, ts.count == items.count else { return nil }
            var elements: [TypeSyntax] = []
            for (x, t) in zip(items, ts) {
                guard let g = contextTyped(x.value, t, scopes, place) else { return nil }
                elements.append(x.label.map { .labelled($0, g) } ?? g)
            }
            return .tuple(elements)
        }
        guard let given = types.typed(e, scopes, place) else { return nil }
        guard given.literal else { return given.type }
        // An integer literal is any number; a floating-point one a Double or a Float (else another error).
        if ScopedTyper.isNumber(target), let g = CheckedNumber(given.type), let t = CheckedNumber(target), g.literalFits(t) { return target }
        return given.type == target ? target : nil
    }

    /// Whether `given` differs from `target` only where two of Int, Double and Float meet (true), is
    /// the same type (false), or anything else (nil: not this check's to say).
    private static func numberMismatch(_ given: TypeSyntax, _ target: TypeSyntax) -> Bool? {
        switch (given, target) {
        case (.named, .named) where ScopedTyper.isNumber(given) && ScopedTyper.isNumber(target) && given != target: return true
        case (.tuple(let a), .tuple(let b)):
            guard a.count == b.count else { return nil }
            var mismatch = false
            for (x, y) in zip(a, b) {
                // A labelled element meets an unlabelled one or the same label.
                if case .labelled(let l, _) = x, case .labelled(let m, _) = y, l != m { return nil }
                guard let m = numberMismatch(ScopedTyper.unlabelled(x), ScopedTyper.unlabelled(y)) else { return nil }
                mismatch = mismatch || m
            }
            return mismatch
        default:
            return given == target ? false : nil
        }
    }

    /// `let q = [n, 2.5]`: with no annotation, swiftc finds no one type for an Int value
    /// and a Double among a collection literal's elements (or a dictionary literal's
    /// values) and refuses the literal rather than make it [Any]. An operation of integer
    /// literals (`2 * 2`) is an Int value here: only a literal itself becomes a Double.
    private mutating func heterogeneous(_ e: Expr, _ scopes: LexicalScopes, _ place: WalkPlace) {
        let written: String
        switch e.kind {
        case .array(let items):
            guard mixedNumbers(items, scopes, place) else { return }
            written = "[Any]"
        case .dictionary(let entries):
            guard let first = entries.first, let key = types.typed(first.key, scopes, place)?.type,
                  entries.allSatisfy({ types.typed($0.key, scopes, place)?.type == key }),
                  mixedNumbers(entries.map(\.value), scopes, place) else { return }
            written = "[\(key) : Any]"
        default:
            return
        }
        found.append(.error(NumericConversionMessage.heterogeneousLiteral(type: written), at: e.location, in: file))
    }

    /// Whether these values are all numbers, and values of two number types among them (or
    /// an Int value beside a floating-point literal, which is no Int).
    private func mixedNumbers(_ values: [Expr], _ scopes: LexicalScopes, _ place: WalkPlace) -> Bool {
        var valueTypes = Set<TypeSyntax>(), floatingLiteral = false
        for x in values {
            guard let t = standalone(x, scopes, place), ScopedTyper.isNumber(t.type) else { return false }
            if !t.literal { valueTypes.insert(t.type) } else if t.type == ScopedTyper.double { floatingLiteral = true }
        }
        return valueTypes.count > 1 || valueTypes == [ScopedTyper.int] && floatingLiteral
    }

    /// An element's type where nothing gives it one: an operation of integer literals is an Int.
    private func standalone(_ e: Expr, _ scopes: LexicalScopes, _ place: WalkPlace) -> Typed? {
        switch e.kind {
        case .unary(.negate, let x): return standalone(x, scopes, place)
        case .binary:
            guard let t = types.typed(e, scopes, place) else { return nil }
            return t.type == ScopedTyper.int ? Typed(type: ScopedTyper.int, literal: false) : t
        default: return types.typed(e, scopes, place)
        }
    }
}

enum NumericConversionMessage: DiagnosticMessage, Hashable {
    case binaryOperands(op: String, left: String, right: String)
    case cannotAssignToSubscript(given: String, to: String)
    case cannotConvertReturn(given: String, to: String)
    case heterogeneousLiteral(type: String)
    case cannotConvertClosureResult(given: String, to: String)
    case closureResultIncompatible(declared: String, given: String)
    /// `n < cg`: the only `<` taking an Int on the left is BinaryInteger's, generic over the right.
    case operatorNeedsBinaryInteger(op: String, type: String)
    case whereOtherIs(type: String)
    case partiallyMatchingCompound(op: String, type: String)
    /// `ints.reduce(0.0, +)`: the operator's only one-type candidate swiftc names is the prefix one.
    case reduceOperatorFunction(accumulator: String, element: String)
    /// `takesFloat(twice(n))`: the argument's type and the parameter's both bind T.
    case conflictingGenericArguments(parameter: String, given: String, expected: String)

    var id: DiagnosticID {
        switch self {
        case .reduceOperatorFunction: return DiagnosticID("cannot_convert_argument_value")
        case .conflictingGenericArguments: return DiagnosticID("conflicting_arguments_for_generic_parameter")
        case .cannotConvertClosureResult: return DiagnosticID("cannot_convert_closure_result")
        case .closureResultIncompatible: return DiagnosticID("incompatible_closure_result")
        case .binaryOperands: return DiagnosticID("cannot_apply_binop_to_args")
        case .cannotAssignToSubscript: return DiagnosticID("cannot_convert_subscript_assign")
        case .cannotConvertReturn: return DiagnosticID("cannot_convert_to_return_type")
        case .heterogeneousLiteral: return DiagnosticID("collection_literal_heterogeneous")
        case .operatorNeedsBinaryInteger: return DiagnosticID("type_does_not_conform_owner")
        case .whereOtherIs: return DiagnosticID("where_requirement_failure_one_subst")
        case .partiallyMatchingCompound: return DiagnosticID("suggest_partial_overloads")
        }
    }

    var text: String {
        switch self {
        case .binaryOperands(let op, let l, let r): return "binary operator '\(op)' cannot be applied to operands of type '\(l)' and '\(r)'"
        case .conflictingGenericArguments(let p, let g, let t): return "conflicting arguments to generic parameter '\(p)' ('\(g)' vs. '\(t)')"
        case .cannotAssignToSubscript(let g, let t): return "cannot assign value of type '\(g)' to subscript of type '\(t)'"
        case .cannotConvertReturn(let g, let t): return "cannot convert return expression of type '\(g)' to return type '\(t)'"
        case .cannotConvertClosureResult(let g, let t): return "cannot convert value of type '\(g)' to closure result type '\(t)'"
        case .closureResultIncompatible(let d, let g): return "declared closure result '\(d)' is incompatible with return type '\(g)'"
        case .heterogeneousLiteral(let t):
            return "heterogeneous collection literal could only be inferred to '\(t)'; add explicit type annotation if this is intentional"
        case .operatorNeedsBinaryInteger(let op, let t): return "operator function '\(op)' requires that '\(t)' conform to 'BinaryInteger'"
        case .whereOtherIs(let t): return "where 'Other' = '\(t)'"
        case .reduceOperatorFunction(let a, let e):
            return "cannot convert value of type '(\(a)) -> \(a)' to expected argument type '(\(a), \(e)) throws -> \(a)'"
        case .partiallyMatchingCompound(let op, let t):
            return "overloads for '\(op)' exist with these partially matching parameter lists: (inout \(t), \(t))"
        }
    }
}
