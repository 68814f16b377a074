// The one switch over expression kinds both static typers apply: `StaticTyper` (`:type` and
// the session's checks, over the loaded declarations and values) and `ScopedTyper` (the
// unit walk's checks, over its scopes). How each kind of expression is typed from its parts
// is decided here once, with TypeRules' rules, so the two cannot drift apart; a typer only
// says, through its `ExpressionEnvironment`, what a name, a type's member, a call of a name or a
// method, and a script type's subscripts are where it stands.

import TableLabSyntax

/// What the one switch asks of a typer besides the operators the rules ask of
/// (`ExpressionEnvironment`): what its environment declares.
protocol ExpressionEnvironment: TypeEnvironment {
    /// A part whose type is not known, and why (`:type` says the first reason): nil.
    mutating func notKnown(_ why: String) -> Typed?
    /// A bare name: a local, a parameter, a member of the type whose code this is, a global.
    mutating func typed(name: String) -> Typed?
    /// A bare name written at this location (an environment that knows what each use
    /// means asks by where it is written).
    mutating func typed(name: String, at location: SourceLocation) -> Typed?
    /// `$0`, `$1`: a closure's parameter.
    mutating func typed(shorthandParameter index: Int) -> Typed?
    /// `$0` written at this location.
    mutating func typed(shorthandParameter index: Int, at location: SourceLocation) -> Typed?
    /// `self`, where the code is a type's.
    mutating func typedSelf() -> Typed?
    /// `self` written at this location (a capture list may rename it there).
    mutating func typedSelf(at location: SourceLocation) -> Typed?
    /// `base.name` where this environment reads the base as written (a type's name in
    /// `Item.wifi` or `Int.max`, `self`); nil (not `.some(nil)`) to type the base's value.
    mutating func typed(member name: String, ofWritten base: Expr) -> Typed??
    /// A member of a value of this type, not a tuple (`v.name`, `v?.name`).
    mutating func typed(member name: String, ofValue base: Typed) -> Typed?
    /// A call of a name or of a member as written (`f(x)`, `T(x)`, `v.m(x)`, `T.m(x)`).
    mutating func typed(call callee: Expr, _ args: [Argument]) -> Typed?
    /// A method called on a value of this type (`v?.m(x)`).
    mutating func typed(method name: String, _ args: [Argument], on base: Typed) -> Typed?
    /// The subscripts of the script type a value's type names; nil for any other type.
    mutating func scriptSubscripts(of base: Typed) -> ScriptSubscripts?
    /// An arithmetic of a non-literal Int and an operand of a type not known is an Int: the
    /// walk's checks take it so, since swiftc refuses any other type beside that Int.
    var intFromOneKnownOperand: Bool { get }
    /// Whether `base`, of an Optional's type, reads a property declared implicitly unwrapped
    /// (`tableView` of UITableViewController): a member after it reads the wrapped value, as
    /// swiftc forces it. (Only the resolution's environment follows this.)
    mutating func unwrapsImplicitly(_ base: Expr) -> Bool
    /// An Array's element by an index of a type not known (not a range written out): the
    /// Int subscript's, which `:type` takes; the walk's checks follow only an Int index.
    var unknownIndexIsInt: Bool { get }
}

/// A script type's subscripts, with the type's spelling that binds their `Self` and generic parameters.
extension ExpressionEnvironment {
    mutating func unwrapsImplicitly(_ base: Expr) -> Bool { false }
}

struct ScriptSubscripts {
    var declarations: [SubscriptDecl]
    var receiver: TypeRules.Receiver?
}

enum ExpressionTyper {
    /// The type of `e` in `env`; nil (with the reason told to `env`) where it is not known.
    static func typed(_ e: Expr, _ env: inout some ExpressionEnvironment) -> Typed? {
        switch e.kind {
        case .integer, .double, .string, .boolean: return TypeRules.literal(e)
        case .nil: return env.notKnown("'nil' has no type without a context")
        case .array(let xs): return arrayLiteral(xs, &env)
        case .dictionary(let entries): return dictionaryLiteral(entries, &env)
        case .tuple(let items): return tuple(items, &env)
        case .identifier(let name): return env.typed(name: name, at: e.location)
        case .shorthandParameter(let i): return env.typed(shorthandParameter: i, at: e.location)
        case .self: return env.typedSelf(at: e.location)
        case .implicitMember(let name): return env.notKnown("'.\(name)' takes its type from a context")
        case .member, .optionalChain:
            guard let (m, inChain) = chained(e, &env) else { return nil }
            return inChain ? optional(m) : m
        case .forceUnwrap(let x): return wrapped(x, "'!' needs an optional before it", &env)
        case .optionalBind(let x): return wrapped(x, "'?' needs an optional before it", &env)
        case .call(let callee, let args): return call(callee, args, &env)
        case .subscriptAccess(let base, let args):
            guard let b = typed(base, &env) else { return nil }
            return subscripted(b, args, &env)
        case .optionalSubscript(let base, let args):
            guard let w = wrapped(base, "'?[' needs an optional before it", &env) else { return nil }
            return subscripted(w, args, &env).map(optional)
        case .unary(let op, let x):
            guard let t = typed(x, &env) else { return nil }
            return TypeRules.unary(op, t) ?? env.notKnown("'\(op.rawValue)' of a '\(StaticTyper.spelling(t.type))'")
        case .binary(let op, let l, let r): return binary(op, l, r, &env)
        case .ternary(_, let a, let b): return ternary(a, b, &env)
        case .closure: return env.notKnown("a closure's type is inferred from its body")
        case .typeCast(_, let t, let kind):
            switch kind {
            case .as, .forced: return Typed(type: t, literal: false)
            case .conditional: return Typed(type: TypeRules.optional(t), literal: false)
            case .is: return Typed(type: TypeRules.bool, literal: false)
            }
        case .arrayType(let t): return env.notKnown("'\(t)' is a type, not a value")
        case .switchExpr, .ifExpr: return env.notKnown("the type of a 'switch' or 'if' expression is inferred from its branches")
        case .tryMark(let mark, let x):
            guard let t = typed(x, &env) else { return nil }
            return mark == .optional ? optional(t) : t
        }
    }

    /// An Optional of a value's type (an Optional stays one).
    private static func optional(_ t: Typed) -> Typed {
        Typed(type: TypeRules.optional(t.type), literal: false)
    }

    /// The value an Optional wraps (`x!`, `x?`, before `?.`); what stays open in it stays open.
    private static func wrapped(_ x: Expr, _ why: String, _ env: inout some ExpressionEnvironment) -> Typed? {
        guard let t = typed(x, &env) else { return nil }
        guard case .optional(let w) = t.type else { return env.notKnown(why) }
        return Typed(type: w, literal: false, chosen: t.chosen)
    }

    /// The value a member written after `e` reads: inside an optional chain (`a?.b` of
    /// `a?.b.c`), the unwrapped one, not the chain's Optional.
    static func typedAsMemberBase(_ e: Expr, _ env: inout some ExpressionEnvironment) -> Typed? {
        chained(e, &env)?.0
    }

    /// `a?.b.c`: the members after `?.` are read on the unwrapped values, and the chain's value
    /// is an Optional of the last one's (`inChain`), as Swift's optional chaining gives it.
    private static func chained(_ e: Expr, _ env: inout some ExpressionEnvironment) -> (Typed, inChain: Bool)? {
        switch e.kind {
        case .optionalChain(let base, let name):
            guard let (b, _) = chained(base, &env) else { return nil }
            guard case .optional(let w) = b.type else { return env.notKnown("'?.' needs an optional before it").map { ($0, false) } }
            return member(name, of: Typed(type: w, literal: false, chosen: b.chosen), &env).map { ($0, true) }
        case .member(let base, let name):
            if let answer = env.typed(member: name, ofWritten: base) { return answer.map { ($0, false) } }
            guard let (b, inChain) = chained(base, &env) else { return nil }
            if case .optional(let w) = b.type, env.unwrapsImplicitly(base) {
                return member(name, of: Typed(type: w, literal: false), &env).map { ($0, inChain) }
            }
            return member(name, of: b, &env).map { ($0, inChain) }
        default:
            return typed(e, &env).map { ($0, false) }
        }
    }

    /// A tuple's element by its index or label; another value's member, as the environment finds it.
    private static func member(_ name: String, of b: Typed, _ env: inout some ExpressionEnvironment) -> Typed? {
        guard case .tuple(let elements) = b.type else { return env.typed(member: name, ofValue: b) }
        if let i = Int(name), i < elements.count {
            if case .labelled(_, let t) = elements[i] { return Typed(type: t, literal: false) }
            return Typed(type: elements[i], literal: false)
        }
        for case .labelled(name, let t) in elements { return Typed(type: t, literal: false) }
        return env.notKnown("the tuple has no element '\(name)'")
    }

    // MARK: Literals

    private static func arrayLiteral(_ xs: [Expr], _ env: inout some ExpressionEnvironment) -> Typed? {
        guard !xs.isEmpty else { return env.notKnown("an empty array literal has no type without a context") }
        var elements: [Typed] = []
        for x in xs {
            guard let t = typed(x, &env) else { return nil }
            elements.append(t)
        }
        return TypeRules.arrayLiteral(elements) ?? env.notKnown("the array literal's elements are of different types")
    }

    private static func dictionaryLiteral(_ entries: [(key: Expr, value: Expr)], _ env: inout some ExpressionEnvironment) -> Typed? {
        guard !entries.isEmpty else { return env.notKnown("an empty dictionary literal has no type without a context") }
        var typedEntries: [(key: Typed, value: Typed)] = []
        for entry in entries {
            guard let k = typed(entry.key, &env), let v = typed(entry.value, &env) else { return nil }
            typedEntries.append((k, v))
        }
        return TypeRules.dictionaryLiteral(typedEntries) ?? env.notKnown("the dictionary literal's entries are of different types")
    }

    /// `(n, 1)`: a literal element has its default type here.
    private static func tuple(_ items: [(label: String?, value: Expr)], _ env: inout some ExpressionEnvironment) -> Typed? {
        var elements: [TypeSyntax] = []
        for item in items {
            guard let t = typed(item.value, &env) else { return nil }
            elements.append(item.label.map { .labelled($0, t.type) } ?? t.type)
        }
        return Typed(type: .tuple(elements), literal: false)
    }

    // MARK: Operators

    private static func binary(_ op: BinaryOperator, _ l: Expr, _ r: Expr, _ env: inout some ExpressionEnvironment) -> Typed? {
        if let t = TypeRules.comparison(op, env) { return t }
        let a = typed(l, &env), b = typed(r, &env)
        guard let a, let b else {
            // `total / xs.count`: the standard operators with an Int operand give an Int
            // (or swiftc refuses the operands), whatever the other operand is.
            guard env.intFromOneKnownOperand, TypeRules.arithmetic.contains(op), !env.declaresOperator(op.rawValue),
                  let known = a ?? b, known.type == TypeRules.int, !known.literal else { return nil }
            return known
        }
        let t: Typed?
        switch op {
        case .halfOpenRange, .closedRange: t = TypeRules.range(op, a, b, env)
        case .nilCoalescing: t = TypeRules.nilCoalescing(a, b, env)
        default: t = TypeRules.operation(op, a, b, env)
        }
        return t ?? env.notKnown("'\(op.rawValue)' between '\(StaticTyper.spelling(a.type))' and '\(StaticTyper.spelling(b.type))'")
    }

    /// `c ? a : b`; `c ? E.a(1) : nil` is an Optional of the other branch's type.
    private static func ternary(_ a: Expr, _ b: Expr, _ env: inout some ExpressionEnvironment) -> Typed? {
        let aIsNil = isNil(a), bIsNil = isNil(b)
        let x = aIsNil ? nil : typed(a, &env), y = bIsNil ? nil : typed(b, &env)
        guard aIsNil || x != nil, bIsNil || y != nil else { return nil }
        // `c.isLetter ? c : "x"`: a literal of one Character is one beside a Character.
        if let x, let y {
            if x.type == TypeRules.character, !x.literal, isOneCharacter(b) { return x }
            if y.type == TypeRules.character, !y.literal, isOneCharacter(a) { return y }
        }
        return TypeRules.ternary(x, aIsNil: aIsNil, y, bIsNil: bIsNil) ?? env.notKnown("the two branches are of different types")
    }

    /// A String literal of one Character, which may be a Character.
    static func isOneCharacter(_ e: Expr) -> Bool {
        guard case .string(let segments) = e.kind, segments.count == 1, case .text(let t) = segments[0] else { return false }
        return t.count == 1
    }

    private static func isNil(_ e: Expr) -> Bool {
        if case .nil = e.kind { return true }
        return false
    }

    // MARK: Calls and subscripts

    private static func call(_ callee: Expr, _ args: [Argument], _ env: inout some ExpressionEnvironment) -> Typed? {
        switch callee.kind {
        case .arrayType(let t) where args.isEmpty:
            return Typed(type: t, literal: false)  // `[Section]()`, `[String: Int]()`
        case .identifier, .member:
            return env.typed(call: callee, args)
        case .optionalChain(let base, "()"):
            // `f?(x)`: an optional function's result, as an Optional.
            guard let w = wrapped(base, "'?' needs an optional before it", &env) else { return nil }
            guard case .function(_, let r) = w.type else { return env.notKnown("the called value is not a function") }
            return optional(Typed(type: r, literal: false))
        case .optionalChain(let base, let name):
            guard let w = wrapped(base, "'?.' needs an optional before it", &env) else { return nil }
            return env.typed(method: name, args, on: w).map(optional)
        default:
            return functionResult(callee, &env)
        }
    }

    /// A call of a value of a function type (`handler(3)`, `table[0](x)`): its result.
    static func functionResult(_ callee: Expr, _ env: inout some ExpressionEnvironment) -> Typed? {
        guard let f = typed(callee, &env) else { return nil }
        guard case .function(_, let r) = f.type else { return env.notKnown("the called value is not a function") }
        return Typed(type: r, literal: false)
    }

    /// `b[i]`, `b[a..<c]`, `d[k]`, `v[name: x]`: a script type's subscript, a String's slice, an
    /// Array's (or a slice's) element or slice, a Dictionary's value as an Optional.
    private static func subscripted(_ b: Typed, _ args: [Argument], _ env: inout some ExpressionEnvironment) -> Typed? {
        // A sequence whose own type is not spelt has only its elements.
        guard !b.sequenceOnly else { return nil }
        let byRange = args.count == 1 && args[0].label == nil && isRangeArgument(args[0].value)
        let scriptSubscripts = env.scriptSubscripts(of: b)
        // `s[i...]`, `s[a..<b]`: a String's slice by a range of its indices (where no
        // subscript of the script's may take the range instead).
        if byRange, b.type == TypeRules.string, scriptSubscripts == nil { return Typed(type: ScopedTyper.subSequence, literal: false) }
        if let s = scriptSubscripts {
            return TypeRules.scriptSubscript(s.declarations, args, receiver: s.receiver) { typed($0, &env) }
                ?? env.notKnown("a subscript of '\(StaticTyper.spelling(b.type))' is not one :type knows the declaration of")
        }
        // `d[k, default: v]`: the value's own type, never an Optional.
        if args.count == 2, args[0].label == nil, args[1].label == "default", case .dictionary(_, let v) = b.type {
            return Typed(type: v, literal: false)
        }
        let why = "'\(StaticTyper.spelling(b.type))' has no subscript :type knows"
        guard args.count == 1, args[0].label == nil, let element = TypeRules.subscriptResult(b.type, range: false) else {
            return env.notKnown(why)
        }
        if case .dictionary = b.type { return Typed(type: element, literal: false) }
        let index = byRange ? nil : typed(args[0].value, &env)
        if byRange || index.map({ isRange($0.type) }) == true {
            return TypeRules.subscriptResult(b.type, range: true).map { Typed(type: $0, literal: false) } ?? env.notKnown(why)
        }
        guard index?.type == TypeRules.int || (index == nil && env.unknownIndexIsInt) else { return nil }
        return Typed(type: element, literal: false, chosen: b.chosen)
    }

    /// A range written out as a subscript's argument: `a..<b`, `a...b`, `a...`, `..<b`, `...b`, `...`.
    private static func isRangeArgument(_ e: Expr) -> Bool {
        if case .identifier("...") = e.kind { return true }
        return ScopedTyper.isRangeSyntax(e)
    }

    /// A range's type, as a value's (`let r = 1..<3; xs[r]`).
    private static func isRange(_ t: TypeSyntax) -> Bool {
        guard case .named(let n) = t else { return false }
        return RangeTypeName.parts(n) != nil || n.hasPrefix("PartialRange")
    }
}
