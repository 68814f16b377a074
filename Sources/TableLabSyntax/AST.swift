// The syntax tree: what the parser produces and every later pass reads.
//
// The tree is plain values (structs and indirect enums) so that the parser, the
// exhaustiveness checker and the interpreter's compiler can each walk it without
// sharing mutable state. Nothing here evaluates anything: the interpreter compiles
// this tree into its own resolved form before running it.

/// A position in a source file, 1-based, columns counted in Unicode scalars
/// (swiftc counts UTF-8 bytes; for ASCII source the two agree).
public struct SourceLocation: Hashable, Sendable, CustomStringConvertible {
    public var line: Int
    public var column: Int
    public init(line: Int, column: Int) { self.line = line; self.column = column }
    public static let unknown = SourceLocation(line: 0, column: 0)
    public var description: String { "\(line):\(column)" }
}

/// Where a node's text lies: from its first token to just past its last one (that
/// token's `Token.end`, where swiftc puts "expected ..." and "missing argument" errors).
public struct SourceRange: Hashable, Sendable, CustomStringConvertible {
    public var start: SourceLocation
    public var end: SourceLocation
    public init(start: SourceLocation, end: SourceLocation) { self.start = start; self.end = end }
    public var description: String { "\(start)-\(end)" }
}

// MARK: - Types written in annotations

/// A type as written in an annotation: `Int`, `[Item]`, `[String: Int]`, `Item?`, `(Int, Bool)`.
public indirect enum TypeSyntax: Hashable, Sendable, CustomStringConvertible {
    case named(String)                       // Int, Item, IndexPath, UITableView.Style (dotted joined with ".")
    case array(TypeSyntax)
    case dictionary(key: TypeSyntax, value: TypeSyntax)
    case set(TypeSyntax)                     // Set<T>
    case optional(TypeSyntax)                // T? and T! (implicitly unwrapped treated as T?)
    case tuple([TypeSyntax])                 // () is the empty tuple, i.e. Void
    /// An element of a tuple type with its label: `a: Int` in `(a: Int, b: Int)`; only
    /// ever an element of `.tuple`.
    case labelled(String, TypeSyntax)
    case function(parameters: [TypeSyntax], result: TypeSyntax)
    /// `inout T`: only ever a parameter of `.function` (`(inout Int) -> Void`), where a
    /// closure literal given the type takes that parameter inout as in Swift.
    case `inout`(TypeSyntax)

    /// swiftc's spelling, as used in its diagnostics: `[String : Int]`, `Int?`, `(Int, Bool)`.
    public var description: String {
        switch self {
        case .named(let n): return n
        case .array(let t): return "[\(t)]"
        case .dictionary(let k, let v): return "[\(k) : \(v)]"
        case .set(let t): return "Set<\(t)>"
        case .optional(let t):
            if case .function = t { return "(\(t))?" }
            return "\(t)?"
        case .tuple(let ts): return "(" + ts.map(\.description).joined(separator: ", ") + ")"
        case .labelled(let l, let t): return "\(l): \(t)"
        case .inout(let t): return "inout \(t)"
        case .function(let ps, let r):
            return "(" + ps.map(\.description).joined(separator: ", ") + ") -> \(r)"
        }
    }
}

// MARK: - Expressions

public struct Expr: Sendable {
    public var kind: ExprKind
    /// Where swiftc reports on the node: its first token, except that a binary operation
    /// or cast sits at its operator, a member (`a.b`, `a?.b`, `.b`) at its name, and a
    /// call, subscript, `!` or ternary where its callee, base or condition sits.
    public var location: SourceLocation
    /// The node's whole text. For a parenthesized expression, which has no node of its
    /// own, the range of the expression inside includes the parentheses; the dropped
    /// `try`, `await` and `&` lie only in the ranges of the nodes around them. A
    /// node that a later pass makes has an empty range at `location`.
    public var range: SourceRange
    /// A plain `try` is written before it. TableLab lets any call throw, so the mark changes
    /// nothing it does; Swift printed back (`tablelab emit swift`) must say it.
    public var isMarkedTry = false
    /// A generic type used as a value with its arguments written (`Set<String>()`,
    /// `Box<Int>(value: 1)`): TableLab reads the bare name; Swift printed back needs them.
    /// An `.arrayType` has it when spelt so (`Dictionary<String, Int>()`), not for the
    /// sugar (`[String: Int]()`).
    public var writtenGenericType: TypeSyntax? {
        get { rare?.writtenGenericType }
        set { rare = RareExprParts.make(newValue, argumentLabels) }
    }
    /// A function named with its argument labels (`forward(_:_:)`, `self.handle(x:)`): the
    /// labels, nil for `_`; the node's kind is the bare name (an identifier or a member).
    public var argumentLabels: [String?]? {
        get { rare?.argumentLabels }
        set { rare = RareExprParts.make(writtenGenericType, newValue) }
    }
    /// The two parts above, which few nodes have, behind one reference: a node is copied
    /// many times between the parser and the interpreter, each stored reference costs a
    /// retain per copy, and the preludes are parsed at every start-up.
    private var rare: RareExprParts? = nil
    /// `name(a:b:)`, the full name a reference with labels spells.
    public func fullName(_ name: String) -> String? {
        argumentLabels.map { name + "(" + $0.map { ($0 ?? "_") + ":" }.joined() + ")" }
    }
    public init(_ kind: ExprKind, at location: SourceLocation) {
        self.init(kind, at: location, range: SourceRange(start: location, end: location))
    }
    public init(_ kind: ExprKind, at location: SourceLocation, range: SourceRange) {
        self.kind = kind; self.location = location; self.range = range
    }
}

/// `Expr.writtenGenericType` and `Expr.argumentLabels`, where a node has either.
final class RareExprParts: Sendable {
    let writtenGenericType: TypeSyntax?
    let argumentLabels: [String?]?

    private init(_ writtenGenericType: TypeSyntax?, _ argumentLabels: [String?]?) {
        self.writtenGenericType = writtenGenericType; self.argumentLabels = argumentLabels
    }

    static func make(_ writtenGenericType: TypeSyntax?, _ argumentLabels: [String?]?) -> RareExprParts? {
        if writtenGenericType == nil && argumentLabels == nil { return nil }
        return RareExprParts(writtenGenericType, argumentLabels)
    }
}

/// One piece of a string literal: literal text or an interpolated `\(expr)`.
public enum StringSegment: Sendable {
    case text(String)
    case interpolation(Expr)
}

/// A call argument: `label: value` or just `value`.
public struct Argument: Sendable {
    public var label: String?
    public var value: Expr
    public var location: SourceLocation
    /// Written after the `)` (`f(x) { }`, `f { } completion: { }`): an unlabelled one
    /// may be given to a labelled parameter, as Swift does.
    public var isTrailingClosure = false
    public init(label: String?, value: Expr, location: SourceLocation) {
        self.label = label; self.value = value; self.location = location
    }
}

public enum UnaryOperator: String, Sendable {
    case negate = "-", not = "!", plus = "+"
    case bitwiseNot = "~"
    /// One-sided ranges: `..<2`, `...2`, and the postfix `2...` (printed after its operand).
    case rangeUpTo = "..<", rangeThrough = "...", rangeFrom = "postfix ..."
    /// `&x`: an argument passed to an `inout` parameter.
    case inoutArgument = "&"
}

/// Binary operators, including range formation. Assignment is a statement, not an operator.
public enum BinaryOperator: String, Sendable, CaseIterable {
    case add = "+", subtract = "-", multiply = "*", divide = "/", remainder = "%"
    case equal = "==", notEqual = "!=", less = "<", lessEqual = "<=", greater = ">", greaterEqual = ">="
    case and = "&&", or = "||"
    case nilCoalescing = "??"
    case halfOpenRange = "..<", closedRange = "..."
    case identical = "===", notIdentical = "!=="
    /// Integer operators: overflow (`&+ &- &*`, wrapping), bitwise and shifts.
    case wrappingAdd = "&+", wrappingSubtract = "&-", wrappingMultiply = "&*"
    case bitAnd = "&", bitOr = "|", bitXor = "^", shiftLeft = "<<", shiftRight = ">>"
    /// `pattern ~= value`: what an expression pattern (`case e:`) calls.
    case patternMatch = "~="
}

/// A closure literal: `{ a, b in a + b }`, `{ (x: Int) -> Int in ... }`, `{ $0 * 2 }`.
/// One entry of a closure's capture list: `weak self`, `unowned(unsafe) d`, `v`, `x = e`.
public struct CaptureItem: Sendable {
    /// `weak`, `unowned`, `unowned(safe)`, `unowned(unsafe)`, or nil.
    public var specifier: String?
    public var name: String
    public var value: Expr?
    public init(specifier: String?, name: String, value: Expr?) {
        self.specifier = specifier; self.name = name; self.value = value
    }
}

public struct ClosureExpr: Sendable {
    public var parameters: [Parameter]       // empty when `$n` shorthand or no parameters
    public var returnType: TypeSyntax?
    /// Where `returnType` is written: swiftc's place for a body that gives another type.
    public var returnTypeLocation: SourceLocation = .unknown
    public var body: [Stmt]
    /// Highest `$n` used + 1 (0 when none); the parser counts them so the
    /// interpreter knows the arity of a shorthand closure.
    public var shorthandParameterCount: Int
    /// The capture list as written (`[weak self, v = e]`), for Swift printed back and for
    /// the interpreter to hold `weak`/`unowned` captures as such. Value captures (weak ones
    /// too, except `self`) are in the tree already: the parameters of an outer closure
    /// called at once (`isCaptureWrapper`).
    public var captureList: [CaptureItem] = []
    /// The outer closure that carries `captureList`'s value captures (see above).
    public var isCaptureWrapper = false
    /// A key path read as this closure (`\S.inner.n`): its member names, when they are all
    /// plain members, for writing through it (`s[keyPath: kp] = v`).
    public var keyPathMembers: [String]? = nil
    /// The key path's root type as written (`S` in `\S.count`), for Swift printed back.
    public var keyPathRoot: String? = nil
    /// The closing `}`.
    public var bodyEnd: SourceLocation = .unknown
    public init(parameters: [Parameter], returnType: TypeSyntax?, body: [Stmt], shorthandParameterCount: Int) {
        self.parameters = parameters; self.returnType = returnType
        self.body = body; self.shorthandParameterCount = shorthandParameterCount
    }
}

public indirect enum ExprKind: Sendable {
    // Literals
    case integer(Int)                       // overflowing literals are a parse error
    case double(Double)
    case string([StringSegment])            // plain and multi-line literals alike
    case boolean(Bool)
    case `nil`
    case array([Expr])                      // [a, b]; [] is empty
    case dictionary([(key: Expr, value: Expr)])  // [k: v]; [:] is empty
    case tuple([(label: String?, value: Expr)])  // (a, b) with 2+ elements; (x) parses as x

    // Names
    case identifier(String)                 // also type names: `Item`, `Int`, `Section`
    case shorthandParameter(Int)            // $0, $1
    case `self`
    case implicitMember(String)             // .donate (the type comes from context)
    case member(Expr, String)               // a.b, Item.donate, x.count, t.0 ("0" as the name)
    case optionalChain(Expr, String)        // a?.b ; a?.b.c is member(optionalChain(a,b),c); f?(x) is call(optionalChain(f, "()"), [x])
    case forceUnwrap(Expr)                  // a!
    /// `a?` before another `?` or an assignment: `w??.title` is optionalChain(optionalBind(w?.…), "title"),
    /// `text? = "y"` assigns only when `text` is not nil.
    case optionalBind(Expr)

    // Operations
    case call(Expr, [Argument])             // f(x, y: 1), a.f(), trailing closure as last argument (label nil)
    case subscriptAccess(Expr, [Argument])  // a[i], d["k"]
    case optionalSubscript(Expr, [Argument]) // a?[i]
    case unary(UnaryOperator, Expr)
    case binary(BinaryOperator, Expr, Expr)
    case ternary(Expr, Expr, Expr)
    case closure(ClosureExpr)
    case typeCast(Expr, TypeSyntax, CastKind) // x as T, x as? T, x as! T, x is T
    case arrayType(TypeSyntax)              // `[Section]` in `[Section]()`; dictionary types too
    case switchExpr(SwitchStmt)             // `let x = switch v { case .a: 1 ... }`
    case ifExpr(IfStmt)                     // `let x = if c { 1 } else { 2 }`
    /// `try? e` (optional: the error becomes nil) and `try! e` (forced: an error traps);
    /// a plain `try` leaves no node.
    case tryMark(TryMark, Expr)
}

public enum TryMark: String, Sendable { case optional = "try?", forced = "try!" }
extension Expr {
    /// The member name of `f?(x)`: `call(optionalChain(f, "()"), [x])`.
    public static let optionalCallName = "()"
}

public enum CastKind: String, Sendable { case `as` = "as", conditional = "as?", forced = "as!", `is` = "is" }

// MARK: - Patterns (switch cases, `if case`, `for case`)

public struct Pattern: Sendable {
    public var kind: PatternKind
    /// Where the pattern starts (the `.` of `.a`, the `(` of a tuple): swiftc puts
    /// "case is already handled by previous patterns" here.
    public var location: SourceLocation
    /// For `.enumCase`, where the case name itself is written (the `a` of `.a` or
    /// `Item.a`): swiftc puts "type 'Item' has no member 'a'" here. Nil for other kinds.
    public var caseNameLocation: SourceLocation? = nil
    /// For `.enumCase` with a payload, the label written before each payload element
    /// (`.toggle(title: let t, isOn: _)`); empty when none is labelled.
    public var payloadLabels: [String?] = []
    /// Where each of `payloadLabels` is written (swiftc reports a wrong label there).
    public var payloadLabelLocations: [SourceLocation] = []
    /// For `.binding`, its own `let`/`var` is written right before the name (`.a(var v)`),
    /// not inherited from one before the whole pattern (`case var .a(v)`).
    public var ownKeyword = false
    public init(_ kind: PatternKind, at location: SourceLocation) { self.kind = kind; self.location = location }
}

public indirect enum PatternKind: Sendable {
    case wildcard                                  // _
    case binding(name: String, isVar: Bool)        // let x / var x (also names inside `case let (a, b)`)
    /// `.a`, `Item.a`, `.some(p)`, `.none`, `Optional.some(p)`. `typeName` is nil for the
    /// implicit form. `subpattern` is the payload pattern of `.some(p)` (no enum here has
    /// associated values besides Optional).
    case enumCase(typeName: String?, caseName: String, subpattern: Pattern?)
    case optionalSome(Pattern)                     // p?  (sugar for .some(p))
    case tuple([Pattern])
    case expression(Expr)                          // literals, ranges, nil, any expression matched with ~=
    case typeCheck(TypeSyntax)                     // is T
    /// `p as T` (`case let b as Bird:`): the value cast to T, matched by p.
    case cast(Pattern, TypeSyntax)
}

// MARK: - Statements

public struct Stmt: Sendable {
    public var kind: StmtKind
    /// The first token, except for a type declaration (its keyword, after any modifiers)
    /// and for `b = 2` of `let a = 1, b = 2`, which becomes a statement of its own (its name).
    public var location: SourceLocation
    /// The statement's whole text, modifiers and attributes included; of `let a = 1, b = 2`
    /// the first statement spans `let a = 1`, the second `b = 2`. A statement that a later
    /// pass makes has an empty range at `location`.
    public var range: SourceRange
    /// An assignment's operator (`=`, `+=`, ...): swiftc reports a compound assignment's
    /// errors and a second initialization there. Unknown for other statements.
    public var operatorLocation: SourceLocation = .unknown
    public init(_ kind: StmtKind, at location: SourceLocation) {
        self.init(kind, at: location, range: SourceRange(start: location, end: location))
    }
    public init(_ kind: StmtKind, at location: SourceLocation, range: SourceRange) {
        self.kind = kind; self.location = location; self.range = range
    }
}

/// One clause of an `if`/`guard`/`while` condition list, separated by commas.
public enum Condition: Sendable {
    case expression(Expr)
    /// `let x = e`, `var x = e`, `let x` (Swift 5.7 shorthand: value is the identifier itself).
    case optionalBinding(name: String, isVar: Bool, value: Expr, location: BindingLocation)
    case patternMatch(Pattern, Expr)               // case .a = e
}

/// Where an optional binding's `let`/`var` and its name are written: the binding is keyed
/// by the keyword's place; swiftc's warnings about the name stand at the name.
public struct BindingLocation: Hashable, Sendable {
    public var keyword: SourceLocation
    public var name: SourceLocation
    public init(keyword: SourceLocation, name: SourceLocation) { self.keyword = keyword; self.name = name }
}

public struct IfStmt: Sendable {
    public var conditions: [Condition]
    public var then: [Stmt]
    /// `else { ... }` as a block, or `else if` as a single `.if` statement in the block.
    public var otherwise: [Stmt]?
    /// The braces of `then` and of an `else { ... }` block (for an `else if`, unknown): an
    /// `if` expression's branch errors stand there in swiftc.
    public var thenBraces = Braces()
    public var otherwiseBraces = Braces()
    public init(conditions: [Condition], then: [Stmt], otherwise: [Stmt]?) {
        self.conditions = conditions; self.then = then; self.otherwise = otherwise
    }
}

public struct SwitchCase: Sendable {
    /// Empty for `default:`.
    public var patterns: [Pattern]
    public var guardExpr: Expr?                    // where clause (applies to the whole case item list as in Swift: to the last pattern; we apply per pattern)
    public var isDefault: Bool
    public var body: [Stmt]
    public var location: SourceLocation           // the `case`/`default` keyword
    /// One entry per pattern: the `where` clause written after that pattern, if any.
    /// Swift binds a `where` to the single pattern before it: in `case .a, .b where x:`
    /// only `.b` is guarded, and `.a` still covers its case. (`guardExpr` is the last one.)
    /// Empty when the case was built without it (then read `guardExpr`).
    public var whereClauses: [Expr?] = []
    /// Where each of `whereClauses`' `where` keyword is written (swiftc warns there).
    public var whereKeywordLocations: [SourceLocation?] = []
    /// `@unknown default` / `@unknown case _`: matches like its plain form, but covers
    /// nothing for the exhaustiveness check (a hole is then swiftc's warning, not an error).
    public var isUnknown = false
    /// The last token of the body: a `switch` expression's branch errors stand there.
    public var bodyEnd: SourceLocation = .unknown
    public init(patterns: [Pattern], guardExpr: Expr?, isDefault: Bool, body: [Stmt], location: SourceLocation) {
        self.patterns = patterns; self.guardExpr = guardExpr; self.isDefault = isDefault
        self.body = body; self.location = location
    }
}

/// Where a block's `{` and `}` are.
public struct Braces: Sendable, Hashable {
    public var open: SourceLocation = .unknown
    public var close: SourceLocation = .unknown
    public init(open: SourceLocation = .unknown, close: SourceLocation = .unknown) { self.open = open; self.close = close }
}

public struct SwitchStmt: Sendable {
    public var subject: Expr
    public var cases: [SwitchCase]
    public var location: SourceLocation           // the `switch` keyword: exhaustiveness diagnostics go here
    public init(subject: Expr, cases: [SwitchCase], location: SourceLocation) {
        self.subject = subject; self.cases = cases; self.location = location
    }
}

public enum AssignmentOperator: String, Sendable {
    case assign = "=", add = "+=", subtract = "-=", multiply = "*=", divide = "/=", remainder = "%="
    case wrappingAdd = "&+=", wrappingSubtract = "&-=", wrappingMultiply = "&*="
    case bitAnd = "&=", bitOr = "|=", bitXor = "^=", shiftLeft = "<<=", shiftRight = ">>="
}

public indirect enum StmtKind: Sendable {
    case expression(Expr)
    case assignment(target: Expr, op: AssignmentOperator, value: Expr)
    case declaration(Decl)
    case `if`(IfStmt)
    case `guard`(conditions: [Condition], otherwise: [Stmt])
    case `switch`(SwitchStmt)
    /// `for x in seq`, `for (i, x) in seq.enumerated()`, `for _ in`, `for case .a in`, with optional `where`.
    case forIn(pattern: Pattern, sequence: Expr, whereClause: Expr?, body: [Stmt])
    case `while`(conditions: [Condition], body: [Stmt])
    case repeatWhile(body: [Stmt], condition: Expr)
    case block([Stmt])                             // `do { ... }`
    case `break`(label: String?)
    case `continue`(label: String?)
    case `return`(Expr?)
    case `fallthrough`
    case labeled(label: String, Stmt)              // outer: for ...
    /// An explorer command line (`:show Settings`), kept verbatim for the layer above
    /// the language: `name` is `show`, `arguments` the rest of the line, trimmed.
    case command(name: String, arguments: String)
    /// `do { ... } catch pattern where cond { ... } catch { ... }` (with at least one catch;
    /// a `do` without one stays a `.block`).
    case doCatch(body: [Stmt], catches: [CatchClause])
    /// `defer { ... }`: runs when the enclosing block exits, however it exits.
    case `defer`([Stmt])
    /// `throw e`.
    case `throw`(Expr)
}

/// One `catch` clause: no pattern binds `error`.
public struct CatchClause: Sendable {
    public var pattern: Pattern?
    /// `catch let e as ValidationError`: the pattern matches only a value of this type.
    public var castType: TypeSyntax? = nil
    public var guardExpr: Expr?
    /// `catch E.a, E.b where x {`: the patterns after the first, each with its own cast and
    /// `where` (Swift binds a `where` to the pattern before it); any of them runs the body.
    public var morePatterns: [CatchPattern] = []
    public var body: [Stmt]
    public var location: SourceLocation
    public init(pattern: Pattern?, guardExpr: Expr?, body: [Stmt], location: SourceLocation) {
        self.pattern = pattern; self.guardExpr = guardExpr; self.body = body; self.location = location
    }
}

/// One pattern after the first of a multi-pattern `catch`.
public struct CatchPattern: Sendable {
    public var pattern: Pattern
    public var castType: TypeSyntax?
    public var guardExpr: Expr?
    public init(pattern: Pattern, castType: TypeSyntax?, guardExpr: Expr?) {
        self.pattern = pattern; self.castType = castType; self.guardExpr = guardExpr
    }
}

// MARK: - Declarations

public struct Parameter: Sendable {
    /// The argument label callers write; nil for `_`. For `func f(x: Int)` label and name are both `x`.
    public var label: String?
    public var name: String
    public var type: TypeSyntax?
    public var defaultValue: Expr?
    public var isInout: Bool
    public var location: SourceLocation
    /// The type's attributes as written (`escaping`, `Sendable`), for Swift printed back.
    public var typeAttributes: [String] = []
    /// `Int...`: `type` is then `[Int]`, what the body sees.
    public var isVariadic = false
    /// Declared with an implicitly unwrapped type (`Int!`): the body reaches its members
    /// as if it were unwrapped.
    public var isImplicitlyUnwrapped = false
    /// Where the type is written (its first token after any attributes): swiftc's place for
    /// "cannot find type 'X' in scope".
    public var typeLocation: SourceLocation = .unknown
    public init(label: String?, name: String, type: TypeSyntax?, defaultValue: Expr?, isInout: Bool = false, location: SourceLocation) {
        self.label = label; self.name = name; self.type = type
        self.defaultValue = defaultValue; self.isInout = isInout; self.location = location
    }
}

public struct FunctionDecl: Sendable {
    public var name: String
    public var parameters: [Parameter]
    public var returnType: TypeSyntax?
    public var body: [Stmt]
    public var isStatic: Bool
    public var isMutating: Bool
    public var location: SourceLocation
    /// `<T: Equatable, U>` (Generics.swift in the interpreter reads them).
    public var genericParameters: [GenericParameter] = []
    /// `where T: P, T.Element == Int`.
    public var whereClause: [WhereRequirement] = []
    /// `throws` or `rethrows` as written (nil: neither); the interpreter lets any function
    /// throw, but Swift printed back (`tablelab emit swift`) must say it.
    public var throwsKeyword: String? = nil
    /// An initializer's `?` or `!` (`init?(...)`); nil for one that cannot fail.
    public var failability: String? = nil
    /// The body's closing `}` (swiftc puts "missing return" and "return from initializer
    /// without ..." there); unknown for a requirement without a body or a made node.
    public var bodyEnd: SourceLocation = .unknown
    /// Declared `class func` in a class (swiftc's "class method").
    public var isClassMethod = false
    /// The name's first character (after `func`), where swiftc places a declaration's
    /// diagnostics; unknown for a declaration not parsed from `func` (an initializer, an
    /// accessor, a made node).
    public var nameLocation: SourceLocation = .unknown
    /// Where swiftc points at the declaration ("declared here"): its name, or for an
    /// initializer or a made node its first keyword.
    public var declaredAt: SourceLocation { nameLocation == .unknown ? location : nameLocation }
    /// A subscript's getter or setter as the syntax walk hands it over (`SyntaxVisitor`).
    public var isSubscriptAccessor = false
    /// Swift's full name with labels: `tableView(_:numberOfRowsInSection:)`, `rateApp()`.
    public var fullName: String {
        name + "(" + parameters.map { ($0.label ?? "_") + ":" }.joined() + ")"
    }
    /// Whether this declares an operator (`func == (a: V, b: V)`, `static func +`).
    public var isOperator: Bool { OperatorSpelling.isOperator(name) }
    /// The key one declaration is kept under where a later one of the same key replaces it:
    /// the full name; for an operator also its parameter types, since operators are
    /// overloaded by type as a rule (one `==` per Equatable type of Swift 2's style).
    public var declarationKey: String {
        guard isOperator else { return fullName }
        return name + "(" + parameters.map { $0.type?.description ?? "_" }.joined(separator: ",") + ")"
    }
    public init(name: String, parameters: [Parameter], returnType: TypeSyntax?, body: [Stmt],
                isStatic: Bool = false, isMutating: Bool = false, location: SourceLocation) {
        self.name = name; self.parameters = parameters; self.returnType = returnType; self.body = body
        self.isStatic = isStatic; self.isMutating = isMutating; self.location = location
    }
}

/// `let`/`var`, stored or computed. A computed property has a getter (and maybe a setter).
/// `willSet(newValue) { }` and `didSet(oldValue) { }`, with their parameter names.
public struct PropertyObservers: Sendable {
    public var willSet: (parameterName: String, body: [Stmt])?
    public var didSet: (parameterName: String, body: [Stmt])?
    public init() {}
}

public struct VariableDecl: Sendable {
    public var isLet: Bool
    /// A plain name, or a tuple of names for `let (a, b) = ...`.
    public var pattern: Pattern
    public var type: TypeSyntax?
    public var initializer: Expr?
    public var getter: [Stmt]?                     // computed: `var t: String { ... }` or `{ get { } set { } }`
    public var isStatic: Bool
    /// `lazy var`: the initializer runs on first access.
    public var isLazy = false
    /// Declared with an implicitly unwrapped type (`UILabel!`): its members are reached
    /// through it as if it were unwrapped.
    public var isImplicitlyUnwrapped = false
    /// A computed property's getter's closing `}` (its only block, or `get { }`'s).
    public var getterEnd: SourceLocation = .unknown
    /// Where the annotation starts (swiftc's `cannot find type 'X' in scope` stands there).
    public var typeLocation: SourceLocation = .unknown
    /// A `,` and another binding of the same `let`/`var` follow it (`a` of `let a = 1, b = 2`).
    public var hasFollowingBinding = false
    public var location: SourceLocation
    /// The parts below, which few properties have, behind one reference: a declaration is
    /// copied many times between the parser and the interpreter, each stored reference costs
    /// a retain per copy, and the preludes are parsed at every start-up.
    private var rare: RareVariableBox? = nil

    public var setter: (parameterName: String, body: [Stmt])? {
        get { rare?.parts.setter }
        set { updateRare { $0.setter = newValue } }
    }
    /// `willSet`/`didSet` of a stored property.
    public var observers: PropertyObservers? {
        get { rare?.parts.observers }
        set { updateRare { $0.observers = newValue } }
    }
    /// `@NSManaged var`: Core Data provides its storage, so an extension may declare it.
    public var isManaged: Bool {
        get { rare?.parts.isManaged ?? false }
        set { updateRare { $0.isManaged = newValue } }
    }
    /// `private(set) var`: only the type itself may write it.
    public var isPrivateSet: Bool {
        get { rare?.parts.isPrivateSet ?? false }
        set { updateRare { $0.isPrivateSet = newValue } }
    }
    /// `weak var` / `unowned var`.
    public enum Ownership: Sendable { case strong, weak, unowned }
    public var ownership: Ownership {
        get { rare?.parts.ownership ?? .strong }
        set { updateRare { $0.ownership = newValue } }
    }
    /// `unowned(unsafe)`: a reference Swift neither counts nor checks.
    public var isUnownedUnsafe: Bool {
        get { rare?.parts.isUnownedUnsafe ?? false }
        set { updateRare { $0.isUnownedUnsafe = newValue } }
    }
    /// `nonmutating set`: a struct's setter that may be called through a `let`.
    public var setterIsNonmutating: Bool {
        get { rare?.parts.setterIsNonmutating ?? false }
        set { updateRare { $0.setterIsNonmutating = newValue } }
    }
    /// The `get` keyword of a getter written `get { }` (unknown for a getter written as the
    /// property's only block): where swiftc's "mark getter 'mutating'" note goes.
    public var getterKeyword: SourceLocation {
        get { rare?.parts.getterKeyword ?? .unknown }
        set { updateRare { $0.getterKeyword = newValue } }
    }
    /// `mutating get`: a struct's getter that may change `self`.
    public var getterIsMutating: Bool {
        get { rare?.parts.getterIsMutating ?? false }
        set { updateRare { $0.getterIsMutating = newValue } }
    }

    /// The bound name when the pattern is a single name.
    public var name: String? {
        if case .binding(let n, _) = pattern.kind { return n }
        return nil
    }
    public init(isLet: Bool, pattern: Pattern, type: TypeSyntax?, initializer: Expr?,
                getter: [Stmt]? = nil, setter: (parameterName: String, body: [Stmt])? = nil,
                isStatic: Bool = false, location: SourceLocation) {
        self.isLet = isLet; self.pattern = pattern; self.type = type; self.initializer = initializer
        self.getter = getter; self.isStatic = isStatic; self.location = location
        if setter != nil { self.setter = setter }
    }

    /// All the rare parts at once (the parser's). Only a declaration with one of them
    /// holds a box.
    var rareParts: RareVariableParts {
        get { rare?.parts ?? RareVariableParts() }
        set { rare = newValue.isDefault ? nil : RareVariableBox(newValue) }
    }

    private mutating func updateRare(_ change: (inout RareVariableParts) -> Void) {
        var parts = rareParts
        change(&parts)
        rareParts = parts
    }

    /// The bodies of the setter and the observers, each with its implicit parameter's name
    /// (`newValue`, `oldValue` or the one written), in source order of Swift's accessors.
    public var accessorBodies: [(parameter: String, body: [Stmt])] {
        var out: [(parameter: String, body: [Stmt])] = []
        if let s = setter { out.append((s.parameterName, s.body)) }
        if let w = observers?.willSet { out.append((w.parameterName, w.body)) }
        if let d = observers?.didSet { out.append((d.parameterName, d.body)) }
        return out
    }
}

/// `VariableDecl`'s rare parts.
struct RareVariableParts: Sendable {
    var setter: (parameterName: String, body: [Stmt])? = nil
    var observers: PropertyObservers? = nil
    var isPrivateSet = false
    var ownership: VariableDecl.Ownership = .strong
    var isUnownedUnsafe = false
    var setterIsNonmutating = false
    var getterKeyword: SourceLocation = .unknown
    var getterIsMutating = false
    var isManaged = false

    var isDefault: Bool {
        setter == nil && observers == nil && !isPrivateSet && ownership == .strong && !isUnownedUnsafe
            && !setterIsNonmutating && getterKeyword == .unknown && !getterIsMutating && !isManaged
    }
}

final class RareVariableBox: Sendable {
    let parts: RareVariableParts
    init(_ parts: RareVariableParts) { self.parts = parts }
}

public struct EnumCaseDecl: Sendable {
    public var name: String
    public var rawValue: Expr?                     // a literal; implicit raw values are the interpreter's job
    public var location: SourceLocation
    /// The associated values of `case toggle(title: String, isOn: Bool = false)`, in order
    /// (`label` nil for an unlabelled one; `name` is the label or `_`); nil for a plain case.
    /// `case a()` has an empty list: it is a payload case of no values, as in Swift.
    public var associatedValues: [Parameter]? = nil
    /// `indirect case`.
    public var isIndirect = false
    /// `@available(*, unavailable)` (or for iOS): no value of it can be made, so no switch
    /// has to name it.
    public var isUnavailable = false
    /// The `message:` of its `@available(..., unavailable, message: "...")`.
    public var unavailableMessage: String?
    public init(name: String, rawValue: Expr?, location: SourceLocation) {
        self.name = name; self.rawValue = rawValue; self.location = location
    }
}

/// Members shared by enums, structs and tables.
public struct TypeMembers: Sendable {
    /// Where the type's (or extension's) name is written: swiftc's place for errors about
    /// the type as a whole.
    public var nameLocation: SourceLocation = .unknown
    public var properties: [VariableDecl] = []
    public var methods: [FunctionDecl] = []
    /// `init(...)` bodies written by the script (structs may declare their own).
    public var initializers: [FunctionDecl] = []
    /// Nested types (enum inside a struct); hoisted to the top level by name.
    public var nestedTypes: [Decl] = []
    /// The protocols an `extension Row: Equatable { }` adds, and a class's inheritance
    /// clause (its superclass and protocols); empty elsewhere (types keep theirs).
    public var conformances: [String] = []
    /// Every name of the inheritance clause as written (raw type and superclass included),
    /// where it is written: swiftc's place for "cannot find type 'X' in scope".
    public var inheritedLocations: [String: SourceLocation] = [:]
    /// `subscript(...) -> T { ... }` declarations.
    public var subscripts: [SubscriptDecl] = []
    /// The type's `<T, U: P>` (a generic struct or enum); empty elsewhere.
    public var genericParameters: [GenericParameter] = []
    /// The `where` clause of the type or extension (`extension Array where Element == Int`).
    public var whereClause: [WhereRequirement] = []
    /// `typealias Name = Type` members.
    public var typeAliases: [TypeAliasDecl] = []
    public init() {}
}

/// `subscript(i: Int) -> T { get { } set { } }`, or with one block, the getter.
public struct SubscriptDecl: Sendable {
    public var parameters: [Parameter]
    public var returnType: TypeSyntax
    public var getter: [Stmt]
    public var setter: (parameterName: String, body: [Stmt])?
    public var isStatic: Bool
    /// `nonmutating set`: a struct's setter that may be called through a `let`.
    public var setterIsNonmutating = false
    public var location: SourceLocation
    /// The getter's closing `}`.
    public var getterEnd: SourceLocation = .unknown
    /// `subscript<T>(key: String, as type: T.Type) -> T?`, as a function's.
    public var genericParameters: [GenericParameter] = []
    public var whereClause: [WhereRequirement] = []
    public init(parameters: [Parameter], returnType: TypeSyntax, getter: [Stmt], setter: (parameterName: String, body: [Stmt])?,
                isStatic: Bool, location: SourceLocation) {
        self.parameters = parameters; self.returnType = returnType; self.getter = getter; self.setter = setter
        self.isStatic = isStatic; self.location = location
    }
}

public struct EnumDecl: Sendable {
    public var name: String
    public var rawType: TypeSyntax?                // `enum CellType: String`
    public var conformances: [String]              // CaseIterable etc. (allCases is always present)
    public var cases: [EnumCaseDecl]
    public var members: TypeMembers
    public var location: SourceLocation
    /// `indirect enum`.
    public var isIndirect = false
    /// `@frozen public enum` (or `@_frozen`): no unknown future cases.
    public var isFrozen = false
    public init(name: String, rawType: TypeSyntax?, conformances: [String], cases: [EnumCaseDecl],
                members: TypeMembers, location: SourceLocation) {
        self.name = name; self.rawType = rawType; self.conformances = conformances
        self.cases = cases; self.members = members; self.location = location
    }
}

public struct StructDecl: Sendable {
    public var name: String
    public var conformances: [String]
    public var members: TypeMembers
    public var location: SourceLocation
    public init(name: String, conformances: [String], members: TypeMembers, location: SourceLocation) {
        self.name = name; self.conformances = conformances; self.members = members; self.location = location
    }
}

/// `table Settings { ... }` (also `class X: UITableViewController { ... }` maps here):
/// a singleton with reference semantics whose methods the table simulator calls.
public struct TableDecl: Sendable {
    public var name: String
    public var members: TypeMembers
    public var location: SourceLocation
    public init(name: String, members: TypeMembers, location: SourceLocation) {
        self.name = name; self.members = members; self.location = location
    }
}

/// Modifiers a class member may carry that change what the class means (Classes.swift
/// in the interpreter reads them); keyed in `ClassDecl.memberModifiers` by the member's
/// location, so that FunctionDecl and VariableDecl stay as they are.
public struct ClassMemberModifiers: Sendable, Hashable {
    public var isOverride = false
    public var isFinal = false
    public var isConvenience = false
    public var isRequired = false
    /// `init?` / `init!`.
    public var isFailable = false
    /// `class func` / `class var` (overridable; `static` is `final class`).
    public var isClassMember = false
    /// `@IBOutlet`: a storyboard or nib connects the property (the host does, for a cell).
    public var isOutlet = false
    /// `@objc`, or an attribute that implies it (`@IBAction`, `@IBOutlet`, `@NSManaged`,
    /// `@IBInspectable`, ...): the member is exposed to Objective-C (`#selector` may name it).
    public var isObjC = false
    /// `private` or `fileprivate` (not `private(set)`), written on the member or on its
    /// extension: Swift 3 inferred `@objc` for no such member of an NSObject subclass.
    public var isPrivate = false
    /// Where `override`/`final` is written, for swiftc's fix-it positions.
    public var keywordLocation: SourceLocation = .unknown
    /// An initializer's closing `}` (swiftc's "return from initializer without ..." is there).
    public var bodyEnd: SourceLocation = .unknown
    public init() {}
}

/// `class Foo: Base, P { ... }`: a reference type with many instances (a view controller's
/// class too: the host makes its instances screens).
public struct ClassDecl: Sendable {
    public var name: String
    /// The inherited types as written: the superclass (when it is a class) first, then
    /// protocols; the interpreter tells them apart.
    public var inherited: [String]
    public var members: TypeMembers
    public var location: SourceLocation
    /// `final class`.
    public var isFinal = false
    /// Per member (by its declaration's location): override, final, convenience, ...
    public var memberModifiers: [SourceLocation: ClassMemberModifiers] = [:]
    /// `deinit { ... }`'s body, when written.
    public var deinitBody: [Stmt]? = nil
    public var deinitLocation: SourceLocation = .unknown
    public init(name: String, inherited: [String], members: TypeMembers, location: SourceLocation) {
        self.name = name; self.inherited = inherited; self.members = members; self.location = location
    }
    /// The same class as a table (a screen: a singleton the simulator drives).
    public var asTable: TableDecl { TableDecl(name: name, members: members, location: location) }
}

/// `<T: Equatable>`: a generic parameter and its constraint (`T: P & Q` keeps the composition).
public struct GenericParameter: Sendable {
    public var name: String
    public var constraint: TypeSyntax?
    public var location: SourceLocation
    public init(name: String, constraint: TypeSyntax?, location: SourceLocation) {
        self.name = name; self.constraint = constraint; self.location = location
    }
}

/// One requirement of a `where` clause: `T: Equatable` or `Element == Int`.
public struct WhereRequirement: Sendable {
    public var subject: TypeSyntax
    public var isSameType: Bool
    public var constraint: TypeSyntax
    public var location: SourceLocation
    public init(subject: TypeSyntax, isSameType: Bool, constraint: TypeSyntax, location: SourceLocation) {
        self.subject = subject; self.isSameType = isSameType; self.constraint = constraint; self.location = location
    }
}

/// `typealias Name = Type`.
public struct TypeAliasDecl: Sendable {
    public var name: String
    public var type: TypeSyntax
    public var location: SourceLocation
    public init(name: String, type: TypeSyntax, location: SourceLocation) {
        self.name = name; self.type = type; self.location = location
    }
}

/// A property requirement of a protocol: `var name: String { get }` / `{ get set }`.
public struct PropertyRequirement: Sendable {
    public var name: String
    public var type: TypeSyntax
    public var isSettable: Bool
    public var isStatic: Bool
    public var location: SourceLocation
    public init(name: String, type: TypeSyntax, isSettable: Bool, isStatic: Bool, location: SourceLocation) {
        self.name = name; self.type = type; self.isSettable = isSettable; self.isStatic = isStatic; self.location = location
    }
}

/// `protocol Shape: CustomStringConvertible { ... }`: requirements without bodies.
public struct ProtocolDecl: Sendable {
    public var name: String
    /// Inherited protocols (`AnyObject` and `class` included as written).
    public var inherited: [String]
    /// Method requirements (their `body` is empty); `static func` ones have `isStatic`.
    public var methods: [FunctionDecl] = []
    public var properties: [PropertyRequirement] = []
    public var initializers: [FunctionDecl] = []
    /// `associatedtype Item` (with its constraint, if any).
    public var associatedTypes: [GenericParameter] = []
    public var location: SourceLocation
    public init(name: String, inherited: [String], location: SourceLocation) {
        self.name = name; self.inherited = inherited; self.location = location
    }
}

public indirect enum Decl: Sendable {
    case variable(VariableDecl)
    case function(FunctionDecl)
    case `enum`(EnumDecl)
    case `struct`(StructDecl)
    case table(TableDecl)
    /// A class that is not a screen (a reference type of many instances).
    case `class`(ClassDecl)
    /// `extension Item { ... }`: members added to an existing enum, struct or table.
    case `extension`(typeName: String, members: TypeMembers, location: SourceLocation)
    /// `protocol P { ... }` (Protocols.swift in the interpreter).
    case `protocol`(ProtocolDecl)
    /// `typealias Name = Type` at the top level.
    case typeAlias(TypeAliasDecl)
}

/// A whole parsed file or interactive entry.
public struct SourceUnit: Sendable {
    public var statements: [Stmt]
    /// The modules the unit imports (`import SnapKit`: `SnapKit`), in order.
    public var imports: [String]
    /// Each `import`'s module path as written (`UIKit.UIImage`) and where it starts: what
    /// swiftc names in "no such module".
    public var importedModules: [ImportedModule]
    /// Declarations read but not implemented (`infix operator **`, `precedencegroup`): each
    /// is refused by name before the unit runs (UnsupportedDeclarationCheck), while the
    /// rest of the unit is still checked.
    public var unsupportedDeclarations: [UnsupportedDeclaration] = []
    /// False only when the parser built no `switch` anywhere in the unit (closures and
    /// interpolations included): the switch registry then has nothing to walk for, which
    /// is every prelude. A unit assembled elsewhere keeps the default, and is walked.
    public var mayHoldSwitches: Bool = true
    /// The modifiers of every member of a type (a class's, an extension's, ...) by the
    /// member's location, as ClassDecl.memberModifiers holds a class's own.
    public var memberModifiers: [SourceLocation: ClassMemberModifiers] = [:]
    /// The locations of the types and extensions whose members are all exposed to
    /// Objective-C (`@objc extension`, `@objcMembers class`), and of `@objc protocol`s.
    public var objcTypes: Set<SourceLocation> = []
    /// Where an attribute's `(` follows its name after a space (`@available (iOS 13, *)`):
    /// each is swiftc's Swift 5 mode warning, reported before the unit runs.
    public var attributeWhitespace: [SourceLocation] = []
    /// Every named type written in a type (an annotation, a parameter's, a result's, a
    /// generic argument, a cast's), dotted path included, by where its name starts:
    /// TypeSyntax keeps no places. A backtracked parse may leave an entry.
    public var typeNameLocations: [SourceLocation: String] = [:]
    public init(statements: [Stmt], imports: [String] = [], importedModules: [ImportedModule] = [],
                unsupportedDeclarations: [UnsupportedDeclaration] = [], mayHoldSwitches: Bool = true) {
        self.statements = statements; self.imports = imports; self.importedModules = importedModules
        self.unsupportedDeclarations = unsupportedDeclarations
        self.mayHoldSwitches = mayHoldSwitches
    }
}

/// A declaration TableLab parses so that the rest of the file can be read and checked, but
/// does not implement. Placed at its name, where swiftc places a declaration's diagnostics.
public struct UnsupportedDeclaration: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        /// `infix operator ** : MultiplicationPrecedence`, `prefix operator √`, `postfix operator %%`.
        case operatorDeclaration(fixity: String, name: String)
        /// `precedencegroup PowerPrecedence { ... }`.
        case precedenceGroup(name: String)
        /// `prefix func - (v: Vector) -> Vector` for an operator the file does not declare.
        case operatorFunction(fixity: String, name: String)
        /// `@propertyWrapper struct Clamped`, `@resultBuilder enum Builder`: read as plain
        /// types, their uses' attributes (`@Clamped var v = 20`) would be ignored and the
        /// wrapper's code never run.
        case typeAttribute(name: String)
        /// `@Clamped var v = 20`, `@AppStorage("k") var k = 0`: a property wrapper's use.
        case propertyWrapperAttribute(name: String)
    }
    public var kind: Kind
    public var location: SourceLocation
    public init(_ kind: Kind, at location: SourceLocation) { self.kind = kind; self.location = location }
}

/// One `import` declaration's module.
public struct ImportedModule: Sendable {
    /// The dotted path (`RxSwift`, `UIKit.UIImage`).
    public var path: String
    public var location: SourceLocation
    public init(path: String, location: SourceLocation) { self.path = path; self.location = location }
}
