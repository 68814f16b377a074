// Types declared inside a function, a closure or a block (`func f() { enum Row { ... } }`)
// are scoped to that block in Swift: two functions may each declare their own `Row`, and
// inside each body `Row` is that body's type. Every later layer (the interpreter, the
// exhaustiveness checker, the static checks) knows a type by its name, nested types by
// their own name too; so the parser gives each local type a name no other type has: the
// written name, a mark and where it is declared (`Row` + U+E000 + `F_3_10`, F a hash of the
// file's name), and rewrites every name that refers to it inside its block. The mark never
// shows: wherever a type's name reaches a person (a diagnostic, a printed value, Swift
// printed back) it goes through `LocalTypeNames.display`.
//
// Two local types of one name in the same block get the same name, so the interpreter
// sees them as swiftc's `invalid redeclaration`. Types nested in a local type keep their
// own names (the interpreter refuses by name one that collides with another type).

/// The names the parser gives local types, and how they are shown.
public enum LocalTypeNames {
    /// A private-use scalar: no Swift source can spell it in an identifier.
    public static let mark: Unicode.Scalar = "\u{E000}"

    /// The scoped name of a local type declared at `location` of the file whose name
    /// hashes to `file` (two loaded files may each declare one at the same place).
    static func scoped(_ name: String, at location: SourceLocation, file: UInt32) -> String {
        var s = name
        s.unicodeScalars.append(mark)
        s += "\(file)_\(location.line)_\(location.column)"
        return s
    }

    /// FNV-1a of a file's name: digits only, like the rest of a scoped name's suffix.
    static func fileKey(_ name: String) -> UInt32 {
        var h: UInt32 = 2_166_136_261
        for b in name.utf8 { h = (h ^ UInt32(b)) &* 16_777_619 }
        return h
    }

    /// Whether `name` is a local type's scoped name.
    public static func isScoped(_ name: String) -> Bool {
        name.unicodeScalars.contains(mark)
    }

    /// `text` with every local type's mark and place removed: the names as written.
    public static func display(_ text: String) -> String {
        // U+E000 is EE 80 80 in UTF-8: most text has no 0xEE byte at all.
        guard text.utf8.contains(0xEE), isScoped(text) else { return text }
        var out = String.UnicodeScalarView()
        var skipping = false
        for s in text.unicodeScalars {
            if s == mark { skipping = true; continue }
            if skipping, ("0"..."9").contains(s) || s == "_" { continue }
            skipping = false
            out.append(s)
        }
        return String(out)
    }
}

/// Renames local types and the names that refer to them (see the file's comment).
struct LocalTypeScoper {
    /// Innermost last: written name → scoped name. A generic parameter maps to itself, so
    /// that it hides an outer local type of its name.
    private var scopes: [[String: String]] = []
    private let fileKey: UInt32
    /// Set when the pass names the types classes inherit instead (InheritedMemberTypes.swift):
    /// local types are then already renamed, and each type's body is a scope of its own.
    var inheritedTypes: InheritedTypeScopes? = nil

    init(fileKey: UInt32) { self.fileKey = fileKey }

    /// Whether a type keyword stands inside braces: without one no block declares a type,
    /// and the tree need not be walked (a walk recurses as deep as the longest chain).
    /// An interpolation's tokens are inside the string's: a closure there may declare one
    /// (`"\({ () -> Int in struct S { ... }; ... }())"`). A `table` is a declaration only
    /// when a name follows it (it is a contextual word).
    static func mayDeclareLocalTypes(_ tokens: [Token]) -> Bool {
        var depth = 0
        return mayDeclareLocalTypes(tokens, depth: &depth)
    }

    private static func mayDeclareLocalTypes(_ tokens: [Token], depth: inout Int) -> Bool {
        for i in tokens.indices {
            // By tag: copying each token's kind would retain and release its payload.
            switch tokens[i].tag {
            case .leftBrace: depth += 1
            case .rightBrace: depth -= 1
            case .keyword:
                let k = tokens[i].keyword
                if depth > 0, k == .enum || k == .struct || k == .class { return true }
            case .identifier:
                guard depth > 0, i + 1 < tokens.count, tokens[i + 1].tag == .identifier,
                      case .identifier("table") = tokens[i].kind else { continue }
                return true
            case .string:
                guard case .string(let parts) = tokens[i].kind else { continue }
                for case .interpolation(let inner) in parts {
                    // The interpolation's own braces balance: it starts at the string's depth.
                    var innerDepth = depth
                    if mayDeclareLocalTypes(inner, depth: &innerDepth) { return true }
                }
            default: break
            }
        }
        return false
    }

    /// The unit with its local types renamed; the unit itself when it declares none.
    static func apply(_ unit: SourceUnit, fileName: String) -> SourceUnit {
        var probe = LocalTypeProbe()
        probe.walkTopLevel(unit.statements)
        guard probe.found else { return unit }
        var scoper = LocalTypeScoper(fileKey: LocalTypeNames.fileKey(fileName))
        var scoped = SourceUnit(statements: unit.statements.map { scoper.topLevel($0) }, imports: unit.imports, importedModules: unit.importedModules,
                          unsupportedDeclarations: unit.unsupportedDeclarations, mayHoldSwitches: unit.mayHoldSwitches)
        scoped.memberModifiers = unit.memberModifiers
        scoped.objcTypes = unit.objcTypes
        scoped.attributeWhitespace = unit.attributeWhitespace
        scoped.typeNameLocations = unit.typeNameLocations
        return scoped
    }

    /// A top-level statement: its type declarations are global, blocks inside it are not.
    mutating func topLevel(_ s: Stmt) -> Stmt {
        var out = s
        if case .declaration(let d) = s.kind {
            out.kind = .declaration(decl(d))
        } else {
            out.kind = stmtKind(s.kind)
        }
        return out
    }

    private func lookup(_ name: String) -> String? {
        for scope in scopes.reversed() {
            if let n = scope[name] { return n }
        }
        return nil
    }

    // MARK: Blocks

    private mutating func block(_ stmts: [Stmt]) -> [Stmt] {
        var scope: [String: String] = [:]
        for s in stmts where inheritedTypes == nil {
            guard case .declaration(let d) = s.kind, let (name, loc) = Self.typeName(d) else { continue }
            // A second declaration of the name in the block keeps the first's name: the
            // interpreter reports swiftc's invalid redeclaration.
            if scope[name] == nil { scope[name] = LocalTypeNames.scoped(name, at: loc, file: fileKey) }
        }
        scopes.append(scope)
        defer { scopes.removeLast() }
        return stmts.map { s in
            var out = s
            out.kind = stmtKind(s.kind)
            return out
        }
    }

    private static func typeName(_ d: Decl) -> (String, SourceLocation)? {
        switch d {
        case .enum(let e): return (e.name, e.location)
        case .struct(let s): return (s.name, s.location)
        case .class(let c): return (c.name, c.location)
        case .table(let t): return (t.name, t.location)
        default: return nil
        }
    }

    /// `body` with a type's member types in scope (only when naming inherited types).
    private mutating func withMemberTypes<T>(_ scope: [String: String], _ body: (inout LocalTypeScoper) -> T) -> T {
        guard inheritedTypes != nil else { return body(&self) }
        scopes.append(scope)
        defer { scopes.removeLast() }
        return body(&self)
    }

    private mutating func withGenerics<T>(_ params: [GenericParameter], _ body: (inout LocalTypeScoper) -> T) -> T {
        guard !params.isEmpty else { return body(&self) }
        scopes.append(Dictionary(params.map { ($0.name, $0.name) }, uniquingKeysWith: { a, _ in a }))
        defer { scopes.removeLast() }
        return body(&self)
    }

    // MARK: Statements

    private mutating func stmtKind(_ k: StmtKind) -> StmtKind {
        switch k {
        case .expression(let e): return .expression(expr(e))
        case .assignment(let t, let op, let v): return .assignment(target: expr(t), op: op, value: expr(v))
        case .declaration(let d): return .declaration(decl(d, isLocal: true))
        case .if(let i): return .if(ifStmt(i))
        case .guard(let cs, let otherwise): return .guard(conditions: conditions(cs), otherwise: block(otherwise))
        case .switch(let sw): return .switch(switchStmt(sw))
        case .forIn(let p, let seq, let w, let body):
            return .forIn(pattern: pattern(p), sequence: expr(seq), whereClause: w.map { expr($0) }, body: block(body))
        case .while(let cs, let body): return .while(conditions: conditions(cs), body: block(body))
        case .repeatWhile(let body, let c): return .repeatWhile(body: block(body), condition: expr(c))
        case .block(let body): return .block(block(body))
        case .return(let e): return .return(e.map { expr($0) })
        case .labeled(let label, let inner):
            var s = inner
            s.kind = stmtKind(inner.kind)
            return .labeled(label: label, s)
        case .doCatch(let body, let catches):
            let b = block(body)
            let cs = catches.map { c -> CatchClause in
                var out = c
                out.pattern = c.pattern.map { pattern($0) }
                out.castType = c.castType.map { type($0) }
                out.guardExpr = c.guardExpr.map { expr($0) }
                out.morePatterns = c.morePatterns.map {
                    CatchPattern(pattern: pattern($0.pattern), castType: $0.castType.map { type($0) }, guardExpr: $0.guardExpr.map { expr($0) })
                }
                out.body = block(c.body)
                return out
            }
            return .doCatch(body: b, catches: cs)
        case .defer(let body): return .defer(block(body))
        case .throw(let e): return .throw(expr(e))
        case .break, .continue, .fallthrough, .command: return k
        }
    }

    private mutating func ifStmt(_ i: IfStmt) -> IfStmt {
        var out = i
        out.conditions = conditions(i.conditions)
        out.then = block(i.then)
        out.otherwise = i.otherwise.map { block($0) }
        return out
    }

    private mutating func switchStmt(_ sw: SwitchStmt) -> SwitchStmt {
        var out = sw
        out.subject = expr(sw.subject)
        out.cases = sw.cases.map { c in
            var oc = c
            oc.patterns = c.patterns.map { pattern($0) }
            oc.guardExpr = c.guardExpr.map { expr($0) }
            oc.whereClauses = c.whereClauses.map { $0.map { expr($0) } }
            oc.body = block(c.body)
            return oc
        }
        return out
    }

    private mutating func conditions(_ cs: [Condition]) -> [Condition] {
        cs.map { c in
            switch c {
            case .expression(let e): return .expression(expr(e))
            case .optionalBinding(let n, let v, let value, let loc):
                return .optionalBinding(name: n, isVar: v, value: expr(value), location: loc)
            case .patternMatch(let p, let e): return .patternMatch(pattern(p), expr(e))
            }
        }
    }

    // MARK: Declarations

    /// `isLocal`: a statement of a block, whose type declaration takes its scoped name (a
    /// top-level type and one nested in a type keep theirs).
    private mutating func decl(_ d: Decl, isLocal: Bool = false) -> Decl {
        func scopedName(_ n: String) -> String { isLocal && inheritedTypes == nil ? lookup(n) ?? n : n }
        switch d {
        case .variable(let v): return .variable(variable(v))
        case .function(let f): return .function(function(f))
        case .enum(var e):
            e.name = scopedName(e.name)
            return withGenerics(e.members.genericParameters) { me in
                e.rawType = e.rawType.map { me.type($0) }
                e.conformances = e.conformances.map { me.nameText($0) }
                e.cases = e.cases.map { c in
                    var oc = c
                    oc.rawValue = c.rawValue.map { me.expr($0) }
                    oc.associatedValues = c.associatedValues.map { $0.map { me.parameter($0) } }
                    return oc
                }
                e.members = me.withMemberTypes(InheritedTypeScopes.own(e.members)) { $0.members(e.members) }
                return .enum(e)
            }
        case .struct(var s):
            s.name = scopedName(s.name)
            return withGenerics(s.members.genericParameters) { me in
                s.conformances = s.conformances.map { me.nameText($0) }
                s.members = me.withMemberTypes(InheritedTypeScopes.own(s.members)) { $0.members(s.members) }
                return .struct(s)
            }
        case .table(var t):
            t.name = scopedName(t.name)
            t.members = members(t.members)
            return .table(t)
        case .class(var c):
            c.name = scopedName(c.name)
            c.inherited = withGenerics(c.members.genericParameters) { me in c.inherited.map { me.nameText($0) } }
            let inheritedScope = inheritedTypes?.scope(ofClass: c) ?? [:]
            return withMemberTypes(inheritedScope) { outer in
                outer.withGenerics(c.members.genericParameters) { me in
                    c.members = me.members(c.members)
                    c.deinitBody = c.deinitBody.map { me.block($0) }
                    return .class(c)
                }
            }
        case .extension(let name, let m, let loc):
            let extendedScope = inheritedTypes?.scope(ofExtensionOf: name, m) ?? [:]
            return withMemberTypes(extendedScope) { me in
                .extension(typeName: me.nameText(name), members: me.members(m), location: loc)
            }
        case .typeAlias(var a):
            a.type = type(a.type)
            return .typeAlias(a)
        case .protocol: return d
        }
    }

    private mutating func members(_ m: TypeMembers) -> TypeMembers {
        var out = m
        out.properties = m.properties.map { variable($0) }
        out.methods = m.methods.map { function($0) }
        out.initializers = m.initializers.map { function($0) }
        out.subscripts = m.subscripts.map { s in
            var o = s
            o.parameters = s.parameters.map { parameter($0) }
            o.returnType = type(s.returnType)
            o.getter = block(s.getter)
            if let set = s.setter { o.setter = (set.parameterName, block(set.body)) }
            return o
        }
        out.nestedTypes = m.nestedTypes.map { decl($0) }
        out.typeAliases = m.typeAliases.map { a in
            var o = a
            o.type = type(a.type)
            return o
        }
        out.whereClause = m.whereClause.map { whereRequirement($0) }
        return out
    }

    private mutating func variable(_ v: VariableDecl) -> VariableDecl {
        var out = v
        out.pattern = pattern(v.pattern)
        out.type = v.type.map { type($0) }
        out.initializer = v.initializer.map { expr($0) }
        out.getter = v.getter.map { block($0) }
        if let s = v.setter { out.setter = (s.parameterName, block(s.body)) }
        if let obs = v.observers {
            var o = obs
            if let w = obs.willSet { o.willSet = (w.parameterName, block(w.body)) }
            if let d = obs.didSet { o.didSet = (d.parameterName, block(d.body)) }
            out.observers = o
        }
        return out
    }

    private mutating func function(_ f: FunctionDecl) -> FunctionDecl {
        var out = f
        return withGenerics(f.genericParameters) { me in
            out.genericParameters = f.genericParameters.map { g in
                var o = g
                o.constraint = g.constraint.map { me.type($0) }
                return o
            }
            out.whereClause = f.whereClause.map { me.whereRequirement($0) }
            out.parameters = f.parameters.map { me.parameter($0) }
            out.returnType = f.returnType.map { me.type($0) }
            out.body = me.block(f.body)
            return out
        }
    }

    private mutating func parameter(_ p: Parameter) -> Parameter {
        var out = p
        out.type = p.type.map { type($0) }
        out.defaultValue = p.defaultValue.map { expr($0) }
        return out
    }

    private mutating func whereRequirement(_ r: WhereRequirement) -> WhereRequirement {
        var out = r
        out.subject = type(r.subject)
        out.constraint = type(r.constraint)
        return out
    }

    // MARK: Types and names

    private func type(_ t: TypeSyntax) -> TypeSyntax {
        switch t {
        case .named(let n): return .named(nameText(n))
        case .array(let e): return .array(type(e))
        case .dictionary(let k, let v): return .dictionary(key: type(k), value: type(v))
        case .set(let e): return .set(type(e))
        case .optional(let w): return .optional(type(w))
        case .tuple(let ts): return .tuple(ts.map { type($0) })
        case .labelled(let l, let e): return .labelled(l, type(e))
        case .function(let ps, let r): return .function(parameters: ps.map { type($0) }, result: type(r))
        case .inout(let e): return .inout(type(e))
        }
    }

    /// A type name as written (`Row`, `Row.Kind`, `Box<Row>`, `Result<Row, Error>`): each
    /// identifier that starts a path and names a local type in scope gets its scoped name.
    private func nameText(_ text: String) -> String {
        guard scopes.contains(where: { !$0.isEmpty }) else { return text }
        var out = ""
        var word = ""
        var afterDot = false
        func flush() {
            guard !word.isEmpty else { return }
            out += (!afterDot ? lookup(word) : nil) ?? word
            word = ""
        }
        for c in text {
            if c.isLetter || c.isNumber || c == "_" {
                word.append(c)
            } else {
                flush()
                if c != " " { afterDot = c == "." }
                out.append(c)
            }
        }
        flush()
        return out
    }

    // MARK: Expressions and patterns

    private mutating func expr(_ e: Expr) -> Expr {
        var out = e
        out.writtenGenericType = e.writtenGenericType.map { type($0) }
        switch e.kind {
        case .integer, .double, .boolean, .nil, .shorthandParameter, .self, .implicitMember:
            return e
        case .identifier(let n):
            guard let scoped = lookup(n) else { break }
            // An inherited member type is named through its declaring type: `UIView.ContentMode`.
            let path = scoped.split(separator: ".").map(String.init)
            var named = Expr(.identifier(path[0]), at: e.location)
            for part in path.dropFirst() { named = Expr(.member(named, part), at: e.location) }
            out.kind = named.kind
        case .arrayType(let t): out.kind = .arrayType(type(t))
        case .string(let segments):
            out.kind = .string(segments.map { seg in
                if case .interpolation(let x) = seg { return .interpolation(expr(x)) }
                return seg
            })
        case .array(let items): out.kind = .array(items.map { expr($0) })
        case .dictionary(let pairs): out.kind = .dictionary(pairs.map { (key: expr($0.key), value: expr($0.value)) })
        case .tuple(let items): out.kind = .tuple(items.map { (label: $0.label, value: expr($0.value)) })
        case .member(let b, let n): out.kind = .member(expr(b), n)
        case .optionalChain(let b, let n): out.kind = .optionalChain(expr(b), n)
        case .forceUnwrap(let b): out.kind = .forceUnwrap(expr(b))
        case .optionalBind(let b): out.kind = .optionalBind(expr(b))
        case .unary(let op, let b): out.kind = .unary(op, expr(b))
        case .typeCast(let b, let t, let k): out.kind = .typeCast(expr(b), type(t), k)
        case .call(let c, let args): out.kind = .call(expr(c), arguments(args))
        case .subscriptAccess(let c, let args): out.kind = .subscriptAccess(expr(c), arguments(args))
        case .optionalSubscript(let c, let args): out.kind = .optionalSubscript(expr(c), arguments(args))
        case .binary(let op, let l, let r): out.kind = .binary(op, expr(l), expr(r))
        case .ternary(let c, let a, let b): out.kind = .ternary(expr(c), expr(a), expr(b))
        case .closure(let c):
            var oc = c
            oc.parameters = c.parameters.map { parameter($0) }
            oc.returnType = c.returnType.map { type($0) }
            oc.captureList = c.captureList.map { item in
                var o = item
                o.value = item.value.map { expr($0) }
                return o
            }
            oc.body = block(c.body)
            out.kind = .closure(oc)
        case .switchExpr(let sw): out.kind = .switchExpr(switchStmt(sw))
        case .ifExpr(let i): out.kind = .ifExpr(ifStmt(i))
        case .tryMark(let m, let x): out.kind = .tryMark(m, expr(x))
        }
        return out
    }

    private mutating func arguments(_ args: [Argument]) -> [Argument] {
        args.map { a in
            var o = a
            o.value = expr(a.value)
            return o
        }
    }

    private mutating func pattern(_ p: Pattern) -> Pattern {
        var out = p
        switch p.kind {
        case .wildcard, .binding: return p
        case .enumCase(let t, let c, let sub):
            out.kind = .enumCase(typeName: t.map { nameText($0) }, caseName: c, subpattern: sub.map { pattern($0) })
        case .optionalSome(let inner): out.kind = .optionalSome(pattern(inner))
        case .tuple(let items): out.kind = .tuple(items.map { pattern($0) })
        case .expression(let e): out.kind = .expression(expr(e))
        case .typeCheck(let t): out.kind = .typeCheck(type(t))
        case .cast(let inner, let t): out.kind = .cast(pattern(inner), type(t))
        }
        return out
    }
}

/// Whether a unit declares any local type (most declare none, and are left as they are).
private struct LocalTypeProbe: SyntaxVisitor {
    var found = false

    mutating func walkTopLevel(_ stmts: [Stmt]) {
        for s in stmts {
            if found { return }
            if case .declaration(let d) = s.kind {
                // The top level's own types are global; their bodies may declare local ones.
                switch d {
                case .enum(let e): walk(e.members)
                case .struct(let x): walk(x.members)
                case .table(let t): walk(t.members)
                case .class(let c):
                    walk(c.members)
                    if let b = c.deinitBody { walk(b) }
                case .extension(_, let m, _): walk(m)
                default: walk(s)
                }
            } else {
                walk(s)
            }
        }
    }

    mutating func visit(_ node: Stmt) -> SyntaxVisitorContinueKind {
        if found { return .skipChildren }
        if case .declaration(let d) = node.kind {
            switch d {
            case .enum, .struct, .class, .table: found = true; return .skipChildren
            default: break
            }
        }
        return .visitChildren
    }
}
