// The typing rules TableLab's two static typers share. `StaticTyper`
// (StaticExpressionType.swift: `:type`, the member, place and generic checks) finds the
// types of names, members and function results in the loaded session's declarations;
// `ScopedTyper` (the numeric, range-call and let-write checks) finds them in the unit
// walk's scopes. What a literal, an operator, a range, `??`, a ternary, a collection
// literal, a standard property and a sequence's elements give is decided here once, so
// the checks agree on a type, and an operation swiftc refuses (`n * 2.5` with `n` an Int)
// is no type rather than one operand's.

import TableLabSyntax

/// What the rules ask of a typer's environment besides the operands' types.
protocol TypeEnvironment {
    /// Whether the script declares an operator function of this name: an operation with
    /// it may then give any type, which only the chosen function tells.
    func declaresOperator(_ name: String) -> Bool
}

/// What a typer knows of an expression: its type, and whether that is only a literal's
/// default (a literal takes the type its context asks for).
struct Typed {
    var type: TypeSyntax
    var literal: Bool
    /// Where swiftc, meeting this value beside an operand of the other number type, solves
    /// backwards and refuses another place than the operator (nil: the operator).
    var chosen: ChosenByContext? = nil
    /// A sequence of `type`'s elements whose own type the rules cannot spell (a slice of a
    /// dictionary's keys): its elements are known, its type is not `type`. Where the rules
    /// spell it (`ArraySlice<Int>`, `Dictionary<String, Int>.Keys`), `type` is that spelling.
    var sequenceOnly = false
}

enum TypeRules {
    static let int = TypeSyntax.named("Int"), double = TypeSyntax.named("Double"), bool = TypeSyntax.named("Bool")
    static let string = TypeSyntax.named("String"), character = TypeSyntax.named("Character")

    // MARK: Literals and operators

    /// A literal's default type, still open to the context.
    static func literal(_ e: Expr) -> Typed? {
        switch e.kind {
        case .integer: return Typed(type: int, literal: true)
        case .double: return Typed(type: double, literal: true)
        case .string: return Typed(type: string, literal: true)
        case .boolean: return Typed(type: bool, literal: true)
        default: return nil
        }
    }

    /// Whether an expression is made of number literals only (`2`, `-1.5`, `(1 + 2) * 3`, `[1, 2]`):
    /// its type is still the context's to choose.
    static func isNumberLiteral(_ e: Expr) -> Bool {
        switch e.kind {
        case .integer, .double: return true
        case .unary(.negate, let x), .unary(.plus, let x): return isNumberLiteral(x)
        case .tuple(let items) where items.count == 1 && items[0].label == nil: return isNumberLiteral(items[0].value)
        case .array(let xs): return !xs.isEmpty && xs.allSatisfy(isNumberLiteral)
        case .binary(let op, let l, let r) where arithmetic.contains(op): return isNumberLiteral(l) && isNumberLiteral(r)
        default: return false
        }
    }

    static let arithmetic: Set<BinaryOperator> = [.add, .subtract, .multiply, .divide, .remainder]
    private static let integerOnly: Set<BinaryOperator> = [
        .wrappingAdd, .wrappingSubtract, .wrappingMultiply, .bitAnd, .bitOr, .bitXor, .shiftLeft, .shiftRight,
    ]

    static func isNumber(_ t: TypeSyntax) -> Bool { CheckedNumber(t) != nil }

    /// Two values of one expression (an array's elements, an operation's operands, a
    /// ternary's branches): their common type, nil where swiftc finds none.
    static func joined(_ a: Typed, _ b: Typed) -> Typed? {
        if a.type == b.type { return Typed(type: a.type, literal: a.literal && b.literal) }
        // `flag ? t : "x"` with `t` a Substring: the literal is one too.
        if isSubstring(a.type), b.type == string, b.literal { return a }
        if isSubstring(b.type), a.type == string, a.literal { return b }
        // `[[1], [2.5]]`: an array of literals takes its elements' common type.
        if case .array(let x) = a.type, case .array(let y) = b.type, a.literal || b.literal {
            return joined(Typed(type: x, literal: a.literal), Typed(type: y, literal: b.literal)).map {
                Typed(type: .array($0.type), literal: $0.literal)
            }
        }
        guard isNumber(a.type), isNumber(b.type) else { return nil }
        if a.literal && b.literal { return Typed(type: double, literal: true) }
        // An integer literal becomes the other's type; a floating-point literal a Double or a Float.
        guard let x = CheckedNumber(a.type), let y = CheckedNumber(b.type) else { return nil }
        if a.literal, x.literalFits(y) { return b }
        if b.literal, y.literalFits(x) { return a }
        return nil
    }

    /// `l op r` of an arithmetic, wrapping or bitwise operator: numbers of one type (an
    /// integer literal takes the other's), `+` of two Strings or two Arrays of one type.
    /// nil where the script declares the operator, or swiftc refuses the operands.
    static func operation(_ op: BinaryOperator, _ a: Typed, _ b: Typed, _ env: some TypeEnvironment) -> Typed? {
        guard arithmetic.contains(op) || integerOnly.contains(op), !env.declaresOperator(op.rawValue) else { return nil }
        if isNumber(a.type), isNumber(b.type) {
            if op == .shiftLeft || op == .shiftRight {
                return CheckedNumber(a.type) == .int && CheckedNumber(b.type) == .int ? a : nil
            }
            guard let j = joined(a, b) else { return nil }
            return integerOnly.contains(op) && CheckedNumber(j.type) != .int ? nil : j
        }
        // A Substring beside a String: `+` is RangeReplaceableCollection's, of the left
        // operand's type (a String literal there is a String).
        if op == .add, isSubstring(a.type) || isSubstring(b.type), isStringLike(a.type), isStringLike(b.type) {
            return Typed(type: a.type, literal: false)
        }
        guard op == .add, a.type == b.type else { return nil }
        switch a.type {
        case .named("String"), .array: return Typed(type: a.type, literal: a.literal && b.literal)
        default: return nil
        }
    }

    /// A String's slice, as the slicing members spell it or as an annotation does.
    static func isSubstring(_ t: TypeSyntax) -> Bool {
        t == .named("String.SubSequence") || t == .named("Substring")
    }

    private static func isStringLike(_ t: TypeSyntax) -> Bool { t == string || isSubstring(t) }

    /// `-x`, `+x` of a signed number, `~x` of an integer, `!x` of a Bool (the operand's type,
    /// a literal's still open), a one-sided range, `&x`; nil for any other operand.
    static func unary(_ op: UnaryOperator, _ x: Typed) -> Typed? {
        let name: String
        if case .named(let n) = x.type { name = n } else { name = "" }
        switch op {
        case .negate, .plus:
            return numberNames.contains(name) && name != "Bool" && !name.hasPrefix("UInt") ? x : nil
        case .bitwiseNot: return name.hasPrefix("Int") || name.hasPrefix("UInt") ? x : nil
        case .not: return x.type == bool ? Typed(type: bool, literal: false) : nil
        case .rangeUpTo: return Typed(type: .named("PartialRangeUpTo<\(StaticTyper.spelling(x.type))>"), literal: x.literal)
        case .rangeThrough: return Typed(type: .named("PartialRangeThrough<\(StaticTyper.spelling(x.type))>"), literal: x.literal)
        case .rangeFrom: return Typed(type: .named("PartialRangeFrom<\(StaticTyper.spelling(x.type))>"), literal: x.literal)
        case .inoutArgument: return x
        }
    }

    /// `a == b`, `a < b`, `a && b`, `a === b`: a Bool, unless the script declares an
    /// operator function of that name (which may give another type: `func == (a: V, b: V) -> Int`).
    static func comparison(_ op: BinaryOperator, _ env: some TypeEnvironment) -> Typed? {
        switch op {
        case .equal, .notEqual, .less, .lessEqual, .greater, .greaterEqual, .and, .or, .identical, .notIdentical:
            return env.declaresOperator(op.rawValue) ? nil : Typed(type: bool, literal: false)
        default: return nil
        }
    }

    /// `c ? a : b`: the branches' common type; with one branch `nil`, an Optional of the other's.
    /// nil: a branch's type is not known (`isNil`: the branch is the `nil` literal).
    static func ternary(_ a: Typed?, aIsNil: Bool, _ b: Typed?, bIsNil: Bool) -> Typed? {
        switch (aIsNil, bIsNil) {
        case (true, true): return nil
        case (false, true): return a.map { Typed(type: optional($0.type), literal: false) }
        case (true, false): return b.map { Typed(type: optional($0.type), literal: false) }
        case (false, false):
            guard let a, let b else { return nil }
            return joined(a, b)
        }
    }

    /// An Optional of `t` (an Optional stays one).
    static func optional(_ t: TypeSyntax) -> TypeSyntax {
        if case .optional = t { return t }
        return .optional(t)
    }

    /// `lo...hi`, `lo..<hi`: a range of the bounds' common type.
    static func range(_ op: BinaryOperator, _ a: Typed, _ b: Typed, _ env: some TypeEnvironment) -> Typed? {
        guard !env.declaresOperator(op.rawValue), let j = joined(a, b) else { return nil }
        let name = op == .closedRange ? "ClosedRange" : "Range"
        return Typed(type: .named("\(name)<\(StaticTyper.spelling(j.type))>"), literal: j.literal)
    }

    /// `a ?? b`: the wrapped value or the default, of one type (or an Optional of it when
    /// the default is one too).
    static func nilCoalescing(_ a: Typed, _ b: Typed, _ env: some TypeEnvironment) -> Typed? {
        guard !env.declaresOperator("??") else { return nil }
        // A left side that is no Optional is never nil (swiftc warns): the two sides' type.
        guard case .optional(let w) = a.type else { return joined(a, b) }
        if b.type == a.type { return b }
        return joined(Typed(type: w, literal: a.literal, chosen: a.chosen), b)
    }

    /// An array literal's type from its elements' (nil for an empty one).
    static func arrayLiteral(_ elements: [Typed]) -> Typed? {
        guard var element = elements.first else { return nil }
        for x in elements.dropFirst() {
            guard let j = joined(element, x) else { return nil }
            element = j
        }
        return Typed(type: .array(element.type), literal: element.literal)
    }

    /// A dictionary literal's type from its keys' and values'.
    static func dictionaryLiteral(_ entries: [(key: Typed, value: Typed)]) -> Typed? {
        guard var key = entries.first?.key, var value = entries.first?.value else { return nil }
        for entry in entries.dropFirst() {
            guard let k = joined(key, entry.key), let v = joined(value, entry.value) else { return nil }
            key = k; value = v
        }
        return Typed(type: .dictionary(key: key.type, value: value.type), literal: key.literal && value.literal)
    }
}

extension TypeRules {
    // MARK: Calls

    /// `abs(x)`, `max(a, b)`, `min(a, b, c)` of the standard library: of their arguments'
    /// one number type.
    static func standardFunction(_ name: String, _ args: [Typed]) -> Typed? {
        guard name == "abs" ? args.count == 1 : (name == "max" || name == "min") && args.count >= 2,
              var t = args.first, isNumber(t.type) else { return nil }
        for u in args.dropFirst() {
            guard let j = joined(t, u) else { return nil }
            t = j
        }
        return Typed(type: t.type, literal: t.literal)
    }

    /// The standard number types (and Bool) a conversion may name.
    static let numberNames: Set<String> = [
        "Int", "Double", "Float", "CGFloat", "Bool", "UInt", "Int8", "Int16", "Int32", "Int64", "UInt8", "UInt16", "UInt32", "UInt64",
    ]

    /// `Int(x)`, `Double("2.5")`, `Int(exactly: d)`, `UInt8(truncatingIfNeeded: n)`: a
    /// standard number made from one value. From another number, that type; from text or
    /// `exactly:`, an Optional of it (the conversion can fail); nil for anything else.
    /// A signed integer's magnitude is its unsigned twin; a floating-point number's is itself.
    static func magnitude(of t: TypeSyntax) -> TypeSyntax {
        switch CheckedNumber(t) {
        case .int?: return .named("UInt")
        case .fixed(let n)? where !n.hasPrefix("U"): return .named("U" + n)
        default: return t
        }
    }

    static func numberConversion(_ name: String, label: String?, from a: TypeSyntax) -> TypeSyntax? {
        let made = TypeSyntax.named(name)
        let fromNumber: Bool
        if case .named(let n) = a { fromNumber = numberNames.contains(n) && (n == "Bool") == (name == "Bool") } else { fromNumber = false }
        switch label {
        case nil:
            if fromNumber { return made }
            return a == string || a == .named("Substring") ? .optional(made) : nil
        case "exactly": return fromNumber ? .optional(made) : nil
        case "truncatingIfNeeded", "clamping", "bitPattern": return fromNumber ? made : nil
        default: return nil
        }
    }

    // MARK: Standard properties

    /// A standard property of a standard value (`xs.first`, `d.keys`, `s.utf8`, `r.lowerBound`),
    /// as Swift declares it; nil for any other.
    static func standardMember(_ name: String, of base: Typed) -> Typed? {
        let b = base.type
        switch (name, b) {
        case ("first", .array(let e)), ("last", .array(let e)):
            return Typed(type: .optional(e), literal: false, chosen: base.chosen)
        case ("magnitude", _) where isNumber(b):
            return Typed(type: Self.magnitude(of: b), literal: base.literal && b != int)
        case ("keys", .dictionary(let k, let v)), ("values", .dictionary(let k, let v)):
            let spelt = "Dictionary<\(StaticTyper.spelling(k)), \(StaticTyper.spelling(v))>." + (name == "keys" ? "Keys" : "Values")
            return Typed(type: .named(spelt), literal: base.literal)
        default:
            return standardMemberType(name, of: b).map { Typed(type: $0, literal: false) }
        }
    }

    private static func standardMemberType(_ name: String, of b: TypeSyntax) -> TypeSyntax? {
        switch (name, b) {
        case ("count", _) where isCollection(b): return int
        case ("isEmpty", _) where isCollection(b): return bool
        case ("startIndex", .array), ("endIndex", .array): return int
        case ("indices", .array): return .named("Range<Int>")
        case ("first", .set(let e)): return .optional(e)
        case ("first", .named("String")), ("last", .named("String")): return .optional(character)
        case ("utf8", .named("String")): return .named("String.UTF8View")
        case ("utf16", .named("String")): return .named("String.UTF16View")
        case ("unicodeScalars", .named("String")): return .named("String.UnicodeScalarView")
        // Only the floating-point types have `isZero` and `isNaN` (an Int has neither).
        case ("isZero", _) where isNumber(b) && CheckedNumber(b) != .int, ("isNaN", _) where isNumber(b) && CheckedNumber(b) != .int:
            return bool
        case ("lowerBound", .named(let n)), ("upperBound", .named(let n)):
            guard RangeTypeName(n)?.bound != nil, let arg = WrittenType(n).arguments.first else { return nil }
            return parse(arg)
        case ("hashValue", _): return int
        case ("description", _), ("debugDescription", _): return string
        default: return nil
        }
    }

    /// The standard collections whose `count` is an Int.
    private static func isCollection(_ t: TypeSyntax) -> Bool {
        switch t {
        case .array, .set, .dictionary, .named("String"), .named("Substring"), .named("String.SubSequence"): return true
        default: return element(of: t) != nil
        }
    }

    // MARK: Subscripts

    /// `xs[i]`, `xs[a..<b]`, `d[k]`: an Array's or a slice's element (a range of indices
    /// gives a slice), a Dictionary's value as an Optional; nil for any other.
    static func subscriptResult(_ base: TypeSyntax, range: Bool) -> TypeSyntax? {
        switch base {
        case .array(let e): return range ? .named("ArraySlice<\(StaticTyper.spelling(e))>") : e
        case .named(let n) where n.hasPrefix("ArraySlice<"): return range ? base : element(of: base)
        case .dictionary(_, let v): return range ? nil : .optional(v)
        default: return nil
        }
    }

    // MARK: Sequences

    /// The elements of a sequence the rules spell (`[Int]`, `Range<Int>`, `ArraySlice<Int>`,
    /// `Dictionary<String, Int>.Keys`, `EnumeratedSequence<[Int]>`, `String.UTF8View`); nil
    /// for a Set, a Dictionary (their elements are not followed) and any other type.
    static func element(of t: TypeSyntax) -> TypeSyntax? {
        switch t {
        case .array(let e): return e
        case .named(let n): return spelledElement(n)
        default: return nil
        }
    }

    private static func spelledElement(_ n: String) -> TypeSyntax? {
        switch n {
        case "String.UTF8View": return .named("UInt8")
        case "String.UTF16View": return .named("UInt16")
        case "String.UnicodeScalarView": return .named("Unicode.Scalar")
        default: break
        }
        if let r = RangeTypeName(n) { return r.bound == "Int" ? int : nil }
        for (suffix, index) in [(">.Keys", 0), (">.Values", 1)] where n.hasPrefix("Dictionary<") && n.hasSuffix(suffix) {
            let w = WrittenType(String(n.dropLast(suffix.count - 1)))
            return w.arguments.count == 2 ? parse(w.arguments[index]) : nil
        }
        let w = WrittenType(n)
        guard w.arguments.count == 1, let inner = parse(w.arguments[0]) else { return nil }
        switch w.name {
        case "ArraySlice": return inner
        case "ReversedCollection", "Slice": return element(of: inner)
        case "EnumeratedSequence":
            return element(of: inner).map { .tuple([.labelled("offset", int), .labelled("element", $0)]) }
        default: return nil
        }
    }

    /// `xs.reversed()`, `xs.prefix(2)`, `dropFirst`, `dropLast`, `suffix`: the type Swift
    /// gives on a sequence spelt `t`, where the rules know it (an Array's slice is an
    /// `ArraySlice`, a `Range<Int>` is its own slice, a `ClosedRange`'s is a `Slice`).
    static func sliced(_ method: String, of t: TypeSyntax) -> TypeSyntax? {
        let spelt = StaticTyper.spelling(t)
        let reversed = TypeSyntax.named("ReversedCollection<\(spelt)>")
        switch t {
        case .array(let e): return method == "reversed" ? reversed : .named("ArraySlice<\(StaticTyper.spelling(e))>")
        case .named(let n) where n.hasPrefix("ArraySlice<"): return method == "reversed" ? reversed : t
        case .named(let n):
            guard let r = RangeTypeName(n), r.bound == "Int" else { return nil }
            if method == "reversed" { return reversed }
            return r.closed ? .named("Slice<\(spelt)>") : t
        default: return nil
        }
    }

    /// A type as `StaticTyper.spelling` writes it, read back (`[String : Int]`, `Int?`,
    /// `Set<Int>`, a name with its generic arguments as text); nil for a tuple or a function.
    static func parse(_ spelt: String) -> TypeSyntax? {
        let s = spelt.drop { $0 == " " }
        guard !s.isEmpty, !s.hasPrefix("(") else { return nil }
        if s.hasSuffix("?") { return parse(String(s.dropLast())).map { .optional($0) } }
        if s.hasPrefix("["), s.hasSuffix("]") {
            let inner = String(s.dropFirst().dropLast())
            let parts = WrittenType("D<" + inner.replacingColons() + ">").arguments
            switch parts.count {
            case 1: return parse(parts[0]).map { .array($0) }
            case 2:
                guard let k = parse(parts[0]), let v = parse(parts[1]) else { return nil }
                return .dictionary(key: k, value: v)
            default: return nil
            }
        }
        let w = WrittenType(String(s))
        if w.name == "Set", w.arguments.count == 1 { return parse(w.arguments[0]).map { .set($0) } }
        return .named(String(s))
    }
}

private extension String {
    /// A dictionary's ` : ` at the outer level as a comma, for `WrittenType`'s split.
    func replacingColons() -> String {
        var out = "", depth = 0
        for c in self {
            switch c {
            case "<", "[", "(": depth += 1
            case ">", "]", ")": depth -= 1
            case ":" where depth == 0: out.append(","); continue
            default: break
            }
            out.append(c)
        }
        return out
    }
}
