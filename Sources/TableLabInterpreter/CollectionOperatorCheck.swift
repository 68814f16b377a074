// A collection, a String or a Character given to `+`, `+=` (or another arithmetic operator)
// with an operand that operator does not take, refused before the unit runs as swiftc refuses
// it. The run cannot tell these apart: a value carries no element type, so `items += "x"`
// appended the String's characters to an `[Item]` (an Array's `+=` takes any sequence),
// `[Int] += ["a"]` appended a String, and `c1 + c2` of two Characters made a String.
//
// Only types the declarations make certain are checked (the walk's typer, ScopedTyper.swift),
// and only those whose operators the script cannot have changed: the standard value types and
// the script's structs that conform to no protocol that could make them a sequence. A script
// that declares the operator is left to the run. The number operands are the numeric check's
// (NumericConversionCheck.swift).

import TableLabSyntax

extension InterpreterCore {
    /// The operand check of a unit, for the shared walk (ScopedWalk.swift), reading the walk's typer.
    func collectionOperatorCheck(_ types: ScopedTyper, _ file: SourceFile) -> CollectionOperatorCheck {
        CollectionOperatorCheck(types: types, file: file)
    }
}

struct CollectionOperatorCheck: ScopedCheck {
    let types: ScopedTyper
    let file: SourceFile
    var found: [Diagnostic] = []
    /// The subscripts met where nothing around them fixes the type of what they give.
    var unfixedSubscripts = Set<SourceRange>()

    private static let string = TypeRules.string, character = TypeRules.character
    /// The standard types whose operators this check knows.
    private static let standard: Set<String> = [
        "Int", "Double", "Float", "Bool", "String", "Character", "CGFloat",
        "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64",
    ]
    /// Conformances that cannot make a struct a sequence.
    private static let plainConformances: Set<String> = [
        "Equatable", "Hashable", "Codable", "Encodable", "Decodable", "Comparable", "CustomStringConvertible",
        "CustomDebugStringConvertible", "Identifiable", "Sendable", "CaseIterable",
    ]

    // MARK: `+=`

    mutating func statement(_ s: Stmt, _ scopes: LexicalScopes, _ place: WalkPlace) {
        guard case .assignment(let target, .add, let value) = s.kind, !types.declaresOperator("+="),
              let t = types.typed(target, scopes, place), !t.sequenceOnly else { return }
        // `xs += [1, "a"]`: each element goes where the Array's element is expected.
        if case .array(let element) = t.type, case .array(let items) = value.kind {
            if known(element) { elements(items, element, scopes, place) }
            return
        }
        let opAt = s.operatorLocation
        guard let v = types.typed(value, scopes, place), !v.sequenceOnly else {
            // A String literal's `map` is not typed by the walk (the literal is still open), but its elements are Characters.
            guard case .array(let element) = t.type, let mapped = Self.mapClosure(value) else { return }
            // `"ab".map { String($0) }`: what the closure gives does not wait for the literal.
            if case .call(_, let args) = value.kind, let r = types.closureResultTyped(args[0].value), !r.literal,
               types.typed(mapped.receiver, scopes, place)?.type == Self.string {
                return mappedElements(mapped, Typed(type: .array(r.type), literal: false), r.type, to: element, opAt: opAt, scopes, place)
            }
            mappedCharacters(mapped, to: element, opAt: opAt, scopes, place)
            return
        }
        switch t.type {
        case .array(let element):
            appended(value, v, to: element, opAt: opAt, scopes, place)
        case Self.string where known(Self.string):
            addedToString(value, v, opAt: opAt, scopes)
        case Self.character where v.type == Self.string && known(Self.character):
            report(NumericConversionMessage.binaryOperands(op: "+=", left: "Character", right: "String"), at: opAt)
        case .set, .dictionary:
            guard known(t.type) else { return }
            if v.type == t.type {
                report(PayloadMessage.binaryOperatorCannotBeApplied(op: "+=", type: t.type.description), at: opAt)
            } else if case .array = v.type, known(v.type) {
                report(NumericConversionMessage.binaryOperands(op: "+=", left: t.type.description, right: v.type.description), at: opAt)
            }
        default:
            return
        }
    }

    /// `xs += value`: RangeReplaceableCollection's `+=` takes a sequence of `element`s.
    private mutating func appended(_ value: Expr, _ v: Typed, to element: TypeSyntax, opAt: SourceLocation,
                                   _ scopes: LexicalScopes, _ place: WalkPlace) {
        guard known(element) else { return }
        let array = "Array<\(element)>"
        switch v.type {
        case Self.string:
            if element != Self.character {
                report(OperandMessage.elementsDiffer(op: "+=", element: element.description, sequence: "String", sequenceElement: "Character"),
                       at: opAt)
            }
        case .array(let other):
            if let mapped = Self.mapClosure(value) {
                return mappedElements(mapped, v, other, to: element, opAt: opAt, scopes, place)
            }
            // An operation's or a call's result is held open by swiftc's solver, which words it otherwise.
            guard other != element, known(other), Self.isStored(value) else { return }
            report(NumericConversionMessage.binaryOperands(op: "+=", left: "[\(element)]", right: v.type.description), at: opAt)
        case .set(let other):
            if other != element, known(other) { report(OperandMessage.failedToProduceDiagnostic, at: opAt) }
        case .named(let n) where Self.isIntRange(n):
            guard element != ScopedTyper.int, Self.standard.contains(element.description) else { return }
            if v.literal {
                report(LetMessage.cannotConvertArgument(given: n, to: array), at: value.location)
            } else {
                report(OperandMessage.elementsDiffer(op: "+=", element: element.description, sequence: n, sequenceElement: "Int"), at: opAt)
            }
        case .optional(let w) where surelyOptional(value, scopes):
            if case .array(let other) = w, other == element {
                mustBeUnwrapped(v.type, at: ScopedTyper.anchor(value))
            } else if Self.isScalar(w) {
                report(LetMessage.cannotConvertArgument(given: v.type.description, to: array), at: value.location)
            }
        case .named(let n) where types.isStruct(n) && plainStruct(n):
            report(OperandMessage.requiresSequence(op: "+=", type: n), at: opAt)
        case let x where Self.isScalar(x):
            report(LetMessage.cannotConvertArgument(given: x.description, to: array), at: value.location)
        default:
            return
        }
    }

    /// `xs += ys.map { }`: swiftc binds the map's result to the Array's element and names the
    /// two types. A closure that gives back a String's own element names it by the String's
    /// `Element`; one whose result a literal gives is still open to the context.
    private mutating func mappedElements(_ mapped: (receiver: Expr, closure: ClosureExpr, at: SourceLocation), _ v: Typed, _ other: TypeSyntax,
                                         to element: TypeSyntax, opAt: SourceLocation, _ scopes: LexicalScopes, _ place: WalkPlace) {
        // `{ Int(text) }` gives an Optional, which swiftc names as such.
        let optionalKnown = { if case .optional(let w) = other { return known(w) }; return false }()
        guard other != element, known(other) || optionalKnown, !v.literal else { return }
        let written = mapped.closure.returnType.flatMap { $0 == other ? $0 : nil }
        // A Double goes where a CGFloat is expected, and the reverse, only one by one: a
        // value the closure gives converts, its written result does not.
        if CheckedNumber(other) != nil && CheckedNumber(element) != nil && Set([other, element].map(\.description)).isSubset(of: ["Double", "CGFloat"]) {
            if let written { return closureTypeNotConvertible(mapped, written, to: element, scopes, place) }
            // A Double given back unchanged is no CGFloat to swiftc 6.3 (it converts a CGFloat given back to a Double).
            if element == ScopedTyper.cgFloat, other == ScopedTyper.double, Self.givesItsParameter(mapped.closure) {
                report(OperandMessage.typesNotEqual(op: "+=", left: element.description, right: other.description), at: opAt)
            }
            return
        }
        // A written result is swiftc's to refuse where it is written; an Optional of the
        // element given by the body's one value is refused at that value.
        if let written, mapped.closure.returnTypeLocation != .unknown {
            if case .optional(element) = written, let value = Self.singleValue(mapped.closure) {
                return mustBeUnwrapped(written, at: valueAnchor(value))
            }
            return report(OperandMessage.closureResultNotContextual(declared: written.description, context: element.description),
                          at: mapped.closure.returnTypeLocation)
        }
        // `{ $0 }` names a String's element by the String's `Element`; `{ Character(...) }` gives a Character.
        if other == Self.character && Self.givesItsParameter(mapped.closure) {
            return mappedCharacters(mapped, to: element, opAt: opAt, scopes, place)
        }
        report(OperandMessage.typesNotEqual(op: "+=", left: element.description, right: other.description), at: opAt)
    }

    /// `ys += ds.map { d -> Double in d }` with `ys: [CGFloat]`: swiftc names the closure's
    /// type and the one asked for, of the receiver's element.
    private mutating func closureTypeNotConvertible(_ mapped: (receiver: Expr, closure: ClosureExpr, at: SourceLocation), _ written: TypeSyntax,
                                                    to element: TypeSyntax, _ scopes: LexicalScopes, _ place: WalkPlace) {
        // A literal Array's elements are still open to the closure's parameter; a String literal's are Characters.
        guard let r = types.typed(mapped.receiver, scopes, place), !r.literal || r.type == Self.string,
              mapped.closure.parameters.count == 1 else { return }
        let message: OperandMessage
        switch r.type {
        case .array(let e), .set(let e):
            guard known(e) else { return }
            message = .closureTypeNotConvertible(parameter: e.description, given: written.description, expected: element.description, stringElement: false)
        case Self.string:
            message = .closureTypeNotConvertible(parameter: "", given: written.description, expected: element.description, stringElement: true)
        default:
            return
        }
        report(message, at: mapped.at)
    }

    /// Where swiftc reports a value given where another is expected: a ternary at its `?`
    /// (which the tree does not record: it is the first thing past the condition, on an ASCII line).
    private func valueAnchor(_ e: Expr) -> SourceLocation {
        guard case .ternary(let c, _, _) = e.kind, let line = file.line(c.range.end.line), line.allSatisfy(\.isASCII),
              c.range.end.column >= 1 else { return ScopedTyper.anchor(e) }
        let rest = line.dropFirst(c.range.end.column - 1)
        guard let q = rest.firstIndex(where: { $0 != " " }), line[q] == "?" else { return ScopedTyper.anchor(e) }
        return SourceLocation(line: c.range.end.line, column: line.distance(from: line.startIndex, to: q) + 1)
    }

    /// The value a closure's body gives where the body is that value alone (`{ c -> T in v }`, `{ return v }`).
    private static func singleValue(_ c: ClosureExpr) -> Expr? {
        guard c.body.count == 1 else { return nil }
        switch c.body[0].kind {
        case .expression(let x), .return(let x?): return x
        default: return nil
        }
    }

    /// `xs += s.map { $0 }`: a String's elements given back, named by the String's `Element`.
    private mutating func mappedCharacters(_ mapped: (receiver: Expr, closure: ClosureExpr, at: SourceLocation), to element: TypeSyntax, opAt: SourceLocation,
                                           _ scopes: LexicalScopes, _ place: WalkPlace) {
        guard element != Self.character, known(element), Self.givesItsParameter(mapped.closure),
              types.typed(mapped.receiver, scopes, place)?.type == Self.string else { return }
        // A parameter written `(c: Character)` is named as written.
        switch mapped.closure.parameters.first?.type {
        case nil:
            report(OperandMessage.elementsDiffer(op: "+=", element: element.description, sequence: "String", sequenceElement: "Character"), at: opAt)
        case Self.character?:
            report(OperandMessage.typesNotEqual(op: "+=", left: element.description, right: "Character"), at: opAt)
        default:
            return
        }
    }

    /// `ys.map { ... }` with its one closure, written as a trailing or unlabelled argument.
    private static func mapClosure(_ e: Expr) -> (receiver: Expr, closure: ClosureExpr, at: SourceLocation)? {
        guard case .call(let callee, let args) = e.kind, case .member(let receiver, "map") = callee.kind, args.count == 1,
              args[0].label == nil, case .closure(let c) = args[0].value.kind, c.keyPathMembers == nil else { return nil }
        return (receiver, c, args[0].value.location)
    }

    /// `{ $0 }`, `{ c in c }`, `{ $0.isLetter ? $0 : "x" }`: a closure that gives back its
    /// one parameter (a branch that does makes the result of the parameter's type's spelling).
    private static func givesItsParameter(_ c: ClosureExpr) -> Bool {
        guard c.body.count == 1, case .expression(let x) = c.body[0].kind else { return false }
        func gives(_ x: Expr) -> Bool {
            switch x.kind {
            case .shorthandParameter(0): return c.parameters.isEmpty && c.shorthandParameterCount == 1
            case .identifier(let n): return c.parameters.count == 1 && c.parameters[0].name == n
            case .ternary(_, let a, let b):
                return gives(a) && (gives(b) || ExpressionTyper.isOneCharacter(b)) || gives(b) && ExpressionTyper.isOneCharacter(a)
            default: return false
            }
        }
        return gives(x)
    }

    /// `xs += ["a"]`: each element of the literal goes where an `element` is expected.
    private mutating func elements(_ items: [Expr], _ element: TypeSyntax, _ scopes: LexicalScopes, _ place: WalkPlace) {
        for x in items {
            guard let t = types.typed(x, scopes, place), t.type != element, known(t.type) else { continue }
            // A Double goes where a CGFloat is expected, and the reverse.
            if let g = CheckedNumber(t.type), let w = CheckedNumber(element), g.converts(to: w) { continue }
            if t.literal && (!TypeRules.isNumberLiteral(x) && !Self.isTextOrTruth(x) || Self.literalFits(t.type, element)) { continue }
            report(LetMessage.cannotConvertElement(given: t.type.description, to: element.description, role: .element), at: x.location)
            return
        }
    }

    /// `text += value`: a String's `+=` takes a String, or a sequence of Characters.
    private mutating func addedToString(_ value: Expr, _ v: Typed, opAt: SourceLocation, _ scopes: LexicalScopes) {
        switch v.type {
        case Self.string:
            return
        case .optional(Self.string) where surelyOptional(value, scopes):
            mustBeUnwrapped(v.type, at: ScopedTyper.anchor(value))
        case .array(Self.string):
            report(OperandMessage.failedToProduceDiagnostic, at: opAt)
        case .named(let n) where types.isStruct(n) && plainStruct(n):
            report(OperandMessage.requiresSequence(op: "+=", type: n), at: opAt)
        case let x where Self.isScalar(x):
            report(LetMessage.cannotConvertArgument(given: x.description, to: "String"), at: value.location)
        default:
            return
        }
    }

    // MARK: Binary operators

    mutating func binary(_ e: Expr, _ op: BinaryOperator, _ l: Expr, _ r: Expr, _ scopes: LexicalScopes, _ place: WalkPlace) {
        guard ScopedTyper.arithmetic.contains(op), !types.declaresOperator(op.rawValue),
              let a = types.typed(l, scopes, place), let b = types.typed(r, scopes, place), !a.sequenceOnly, !b.sequenceOnly,
              !(ScopedTyper.isNumber(a.type) && ScopedTyper.isNumber(b.type)) else { return }
        if a.type == b.type {
            sameTypes(e, op, a, b)
        } else if op == .add {
            added(e, (l, a), (r, b))
        }
    }

    /// Two operands of one type that has no such operator: `c1 + c2` of Characters, `s - t` of Sets.
    private mutating func sameTypes(_ e: Expr, _ op: BinaryOperator, _ a: Typed, _ b: Typed) {
        let t = a.type
        guard known(t) else { return }
        switch t {
        case Self.string, .array:
            if op == .add { return }
            if case .array = t, a.literal && b.literal { return }
        case Self.character: if a.literal || b.literal { return }
        case .named("Bool"): break
        case .set: if a.literal || b.literal { return }
        // `d + ["b": 2]`: swiftc words a dictionary literal's refusal otherwise.
        case .dictionary: if a.literal || b.literal { return }
        default: return
        }
        report(PayloadMessage.binaryOperatorCannotBeApplied(op: op.rawValue, type: t.description), at: e.location)
    }

    /// `l + r` of two types: a String meets a Character, an Array meets what is not its sequence.
    private mutating func added(_ e: Expr, _ l: (Expr, Typed), _ r: (Expr, Typed)) {
        let (a, b) = (l.1, r.1)
        guard known(a.type) || known(b.type) else { return }
        // `s + c`: String's `+` takes a String; a Character value is no String.
        for (x, t, other) in [(l.0, a, b), (r.0, b, a)] where t.type == Self.character && !t.literal && other.type == Self.string && !other.literal {
            return report(LetMessage.cannotConvertArgument(given: "Character", to: "String"), at: ScopedTyper.anchor(x))
        }
        switch (a.type, b.type) {
        case (.array(let element), Self.string), (Self.string, .array(let element)):
            guard element != Self.character, known(element) else { return }
        case (.array(let element), .array(let other)):
            guard known(element), known(other), !a.literal, !b.literal else { return }
        case (.array(let element), let x) where known(element) && Self.isScalar(x):
            return arrayPlusScalar(e, element: element, l.0, r)
        default:
            return
        }
        report(NumericConversionMessage.binaryOperands(op: "+", left: a.type.description, right: b.type.description), at: e.location)
    }

    /// `xs + v` with `v` no sequence: which of the two swiftc refuses depends on the types
    /// (as swiftc 6.3 ranks its candidates): a number of the element's type (or a literal of
    /// another) is refused beside the Array with `+`'s overloads of it, another number's value
    /// refuses the Array; a literal or other value of the element's type is no Array.
    private mutating func arrayPlusScalar(_ e: Expr, element: TypeSyntax, _ array: Expr, _ r: (Expr, Typed)) {
        let (x, t) = r
        let binop = NumericConversionMessage.binaryOperands(op: "+", left: "[\(element)]", right: t.type.description)
        if ScopedTyper.isNumber(t.type) && (t.literal ? t.type != element : t.type == element) {
            let note = Diagnostic.note(OperandMessage.partiallyMatchingOverloads(op: "+", types: [t.type.description]), at: e.location, in: file)
            return report(binop, at: e.location, notes: [note])
        }
        if ScopedTyper.isNumber(t.type) && !t.literal {
            return report(LetMessage.cannotConvertArgument(given: "[\(element)]", to: t.type.description), at: ScopedTyper.anchor(array))
        }
        if t.type == element { return report(LetMessage.cannotConvertArgument(given: t.type.description, to: "Array<\(element)>"), at: x.location) }
        if !t.literal { report(binop, at: e.location) }
    }

    // MARK: Subscripts

    /// `d[k]` of a `[K: V]` with `k` of another standard type (a Substring where a String is
    /// the key): a Dictionary's key is its own type (the run found the String of the same
    /// characters, or answered nil). swiftc words it so where the context fixes the
    /// subscript's result (`d[k] ?? 0`, `d[k] = 2`); elsewhere it lists every subscript of
    /// Dictionary as a candidate, which this names no further, and a key written as the call
    /// (`d[s.dropFirst()]`) it types as Sequence's (`DropFirstSequence<String>`).
    mutating func subscripted(_ e: Expr, base: Expr, args: [Argument], _ scopes: LexicalScopes, _ place: WalkPlace) {
        guard args.count == 1, args[0].label == nil, let b = types.typed(base, scopes, place), case .dictionary(let key, _) = b.type,
              Self.standard.contains(key.description), known(key), let k = types.typed(args[0].value, scopes, place),
              !k.literal, k.type != key else { return }
        let at = ScopedTyper.anchor(args[0].value)
        // Where nothing asks for an Optional, no subscript of Dictionary is swiftc's pick (it
        // lists them as its notes, which name its own interface: not given here).
        let unfixed = unfixedSubscripts.contains(e.range)
        if k.type == ScopedTyper.subSequence, key == Self.string {
            if unfixed { return report(LookupMessage.noMatchingSubscript, at: ScopedTyper.anchor(e)) }
            return report(ConversionMessage.subSequenceNotString(place: .argument, array: false, to: "String"), at: at)
        }
        // Only a declared name's type is sure (an operation's may be held open); a Double
        // goes where a CGFloat is expected, and the reverse.
        guard Self.isStored(args[0].value), k.chosen == nil, known(k.type), Self.standard.contains(k.type.description),
              !(Set([k.type, key].map(\.description)).isSubset(of: ["Double", "CGFloat"])) else { return }
        if unfixed { return report(LookupMessage.noMatchingSubscript, at: ScopedTyper.anchor(e)) }
        report(LetMessage.cannotConvertArgument(given: k.type.description, to: key.description), at: at)
    }

    /// A block's statements, before they are walked: a value whose type nothing fixes (an
    /// expression statement, `_ = v`, a declaration without a type).
    mutating func block(_ list: [Stmt]) {
        for s in list {
            switch s.kind {
            case .expression(let x): unfixed(x)
            case .assignment(let target, .assign, let value):
                if case .identifier("_") = target.kind { unfixed(value) }
            case .declaration(.variable(let v)) where v.type == nil: if let i = v.initializer { unfixed(i) }
            default: break
            }
        }
    }

    /// A call, before its arguments are walked: `print`'s take `Any`, which fixes no type.
    mutating func call(callee: Expr, args: [Argument], _ scopes: LexicalScopes, _ place: WalkPlace) {
        guard case .identifier(let n) = callee.kind, n == "print" || n == "debugPrint", types.isStandardFunction(n, scopes, place) else { return }
        for a in args where a.label == nil { unfixed(a.value) }
    }

    /// The subscripts that give a value whose type nothing fixes, or its tuple's or Array literal's elements.
    private mutating func unfixed(_ e: Expr) {
        switch e.kind {
        case .subscriptAccess: unfixedSubscripts.insert(e.range)
        case .tuple(let xs): for x in xs { unfixed(x.value) }
        case .array(let xs): for x in xs { unfixed(x) }
        default: break
        }
    }

    // MARK: Types

    /// Whether every type `t` names is one whose operators this check knows.
    private func known(_ t: TypeSyntax) -> Bool {
        switch t {
        case .named(let n):
            if Self.standard.contains(n) { return !types.isStruct(n) && !(types.shadowsStandardNumbers && ScopedTyper.isNumber(t)) }
            return types.isStruct(n) && plainStruct(n)
        case .array(let e), .set(let e): return known(e)
        case .dictionary(let k, let v): return known(k) && known(v)
        default: return false
        }
    }

    /// A script struct that conforms to nothing that could make it a sequence (or give it operators).
    private func plainStruct(_ n: String) -> Bool {
        guard let written = types.outerNames.inherited[n] ?? types.outerNames.sessionInherited(n) else { return false }
        return written.allSatisfy(Self.plainConformances.contains)
    }

    /// Whether an Optional value is one the code must unwrap: a name not declared implicitly
    /// unwrapped (`w: String!` is reached unwrapped), or a dictionary's subscript.
    private func surelyOptional(_ e: Expr, _ scopes: LexicalScopes) -> Bool {
        switch e.kind {
        case .identifier(let n):
            switch scopes.lookup(n)?.origin {
            case .variable(let v)?: return !v.isImplicitlyUnwrapped
            case .parameter(let p)?: return !p.isImplicitlyUnwrapped
            case nil: return types.outerNames.globals[n].map { !$0.isImplicitlyUnwrapped } ?? false
            default: return false
            }
        case .subscriptAccess: return true
        default: return false
        }
    }

    /// A standard value type that is no sequence.
    private static func isScalar(_ t: TypeSyntax) -> Bool {
        guard case .named(let n) = t else { return false }
        return standard.contains(n) && n != "String"
    }

    private static func isIntRange(_ n: String) -> Bool { n == "ClosedRange<Int>" || n == "Range<Int>" }

    /// A literal of `literal`'s default type that takes `target`'s type.
    private static func literalFits(_ literal: TypeSyntax, _ target: TypeSyntax) -> Bool {
        switch literal {
        case .named("Bool"): return target == literal
        case ScopedTyper.int: return ScopedTyper.isNumber(target)
        case ScopedTyper.double: return ["Double", "Float", "CGFloat"].contains(target.description)
        case string: return target == string || target == character
        default: return false
        }
    }

    /// A String or Bool literal.
    private static func isTextOrTruth(_ e: Expr) -> Bool {
        switch e.kind {
        case .string, .boolean: return true
        default: return false
        }
    }

    /// A name or a member: a value swiftc takes with its declared type.
    private static func isStored(_ e: Expr) -> Bool {
        switch e.kind {
        case .identifier, .member: return true
        default: return false
        }
    }

    private mutating func report(_ message: any DiagnosticMessage, at: SourceLocation, notes: [Diagnostic] = []) {
        found.append(.error(message, at: at, in: file, notes: notes))
    }

    /// An Optional where its wrapped value is expected, with swiftc's two ways out as notes.
    private mutating func mustBeUnwrapped(_ optional: TypeSyntax, at: SourceLocation) {
        guard case .optional(let w) = optional else { return }
        report(RuntimeMessage.optionalNotUnwrapped(optional: optional.description, wrapped: w.description), at: at,
               notes: [.note(RuntimeMessage.unwrapWithDefault, at: at, in: file), .note(RuntimeMessage.unwrapWithForce, at: at, in: file)])
    }
}

extension InterpreterCore {
    /// `xs += s` where the declarations did not tell `xs`'s type: a String's elements are
    /// Characters and a range's Ints, so an Array whose first element is of another type
    /// takes neither (an empty one does not tell). A String of one Character may be either.
    func checkAppendedElements(_ a: ValueArray, _ r: Value, opAt: SourceLocation) throws {
        guard let first = a.first else { return }
        switch (r, first) {
        case (.string, .string(let s)) where s.count == 1: return
        case (.string, _):
            throw RuntimeError(OperandMessage.elementsDiffer(op: "+=", element: typeName(first), sequence: "String", sequenceElement: "Character"), at: opAt)
        case (.range, .int): return
        case (.range(_, _, let closed), _):
            let range = closed ? "ClosedRange<Int>" : "Range<Int>"
            throw RuntimeError(OperandMessage.elementsDiffer(op: "+=", element: typeName(first), sequence: range, sequenceElement: "Int"), at: opAt)
        default: return
        }
    }
}
