// swiftc warns about a name a case pattern binds and nothing reads (`case .toggle(let
// title, let isOn): print(title)`: "immutable value 'isOn' was never used; consider
// replacing with '_' or removing it"), in every function, run or not, before anything
// runs. The patterns are those of `switch` cases, `if case`, `while case`, `for case`
// (and a plain `for x in`) and `guard case`; a name is read when an identifier of that name appears where the binding
// is visible: the case's `where` clauses and body, the later conditions and the body of an
// `if`/`while`, a `for`'s `where` and body, and the rest of the block after a `guard`.
// A name shadowed inside that region by another binding of the same name counts as read
// (no warning where swiftc may give one), never the other way round.

import TableLabSyntax

/// The identifiers a region reads.
private struct NamesRead: SyntaxVisitor {
    var names = Set<String>()

    mutating func visit(_ node: Expr) -> SyntaxVisitorContinueKind {
        if case .identifier(let n) = node.kind { names.insert(n) }
        return .visitChildren
    }
}

/// A name a pattern binds, where it is written.
private struct PatternName {
    let name: String
    let isVar: Bool
    let location: SourceLocation
}

struct UnusedCaseBindings: SyntaxVisitor {
    private(set) var warnings: [Diagnostic] = []
    /// Statement and declaration nesting, for the region a `guard` binding lives in.
    private var depth = 0
    /// `guard case` names still open: read once an identifier of the name appears before
    /// the block holding the `guard` ends.
    private var guarded: [(name: PatternName, depth: Int, read: Bool)] = []
    private let file: SourceFile

    private init(file: SourceFile) { self.file = file }

    static func warnings(_ unit: SourceUnit, _ file: SourceFile) -> [Diagnostic] {
        var v = UnusedCaseBindings(file: file)
        v.walk(unit.statements)
        v.closeGuards(below: 0)
        return v.warnings.sorted { ($0.location.line, $0.location.column) < ($1.location.line, $1.location.column) }
    }

    private static func names(_ p: Pattern) -> [PatternName] {
        switch p.kind {
        case .binding(let n, let isVar): return n == "_" ? [] : [PatternName(name: n, isVar: isVar, location: p.location)]
        case .enumCase(_, _, let sub): return sub.map(names) ?? []
        case .optionalSome(let inner), .cast(let inner, _): return names(inner)
        case .tuple(let items): return items.flatMap(names)
        case .wildcard, .expression, .typeCheck: return []
        }
    }

    private static func read(_ stmts: [Stmt], _ exprs: [Expr] = [], _ conditions: [Condition] = []) -> Set<String> {
        var r = NamesRead()
        for e in exprs { r.walk(e) }
        for c in conditions {
            switch c {
            case .expression(let e): r.walk(e)
            case .optionalBinding(_, _, let value, _): r.walk(value)
            case .patternMatch(let p, let e): r.walk(p); r.walk(e)
            }
        }
        r.walk(stmts)
        return r.names
    }

    /// Warns for each name of `bound` (the first pattern that binds it) not in `read`.
    private mutating func report(_ bound: [PatternName], read: Set<String>) {
        var seen = Set<String>()
        for n in bound where seen.insert(n.name).inserted && !read.contains(n.name) {
            warnings.append(Diagnostic(.warning, BindingMessage.neverUsed(name: n.name, isVar: n.isVar), at: n.location, in: file))
        }
    }

    private mutating func check(_ sw: SwitchStmt) {
        for c in sw.cases {
            let wheres = c.whereClauses.isEmpty ? [c.guardExpr].compactMap { $0 } : c.whereClauses.compactMap { $0 }
            report(c.patterns.flatMap(Self.names), read: Self.read(c.body, wheres))
        }
    }

    /// The pattern conditions of an `if` or `while`: each one's names are read by the
    /// conditions after it and the body.
    private mutating func check(_ conditions: [Condition], body: [Stmt]) {
        for (i, c) in conditions.enumerated() {
            guard case .patternMatch(let p, _) = c else { continue }
            report(Self.names(p), read: Self.read(body, [], Array(conditions[(i + 1)...])))
        }
    }

    private mutating func closeGuards(below level: Int) {
        while let last = guarded.last, last.depth > level {
            guarded.removeLast()
            if !last.read {
                warnings.append(Diagnostic(.warning, BindingMessage.neverUsed(name: last.name.name, isVar: last.name.isVar),
                                           at: last.name.location, in: file))
            }
        }
    }

    mutating func visit(_ node: Stmt) -> SyntaxVisitorContinueKind {
        depth += 1
        switch node.kind {
        case .switch(let sw): check(sw)
        case .if(let i): check(i.conditions, body: i.then)
        case .while(let conditions, let body): check(conditions, body: body)
        case .forIn(let pattern, _, let whereClause, let body):
            // `for x in`, `for (i, x) in`, `for case .a(let x) in`: read by the `where` and the body.
            report(Self.names(pattern), read: Self.read(body, [whereClause].compactMap { $0 }))
        case .guard(let conditions, _):
            // Read by the later conditions, or by what follows in the block (seen later).
            for (i, c) in conditions.enumerated() {
                guard case .patternMatch(let p, _) = c else { continue }
                let later = Self.read([], [], Array(conditions[(i + 1)...]))
                for n in Self.names(p) { guarded.append((n, depth, later.contains(n.name))) }
            }
        default: break
        }
        return .visitChildren
    }

    mutating func visitPost(_ node: Stmt) {
        depth -= 1
        closeGuards(below: depth + 1)
    }

    mutating func visit(_ node: Decl) -> SyntaxVisitorContinueKind {
        depth += 1
        return .visitChildren
    }

    mutating func visitPost(_ node: Decl) {
        depth -= 1
        closeGuards(below: depth + 1)
    }

    mutating func visit(_ node: Expr) -> SyntaxVisitorContinueKind {
        switch node.kind {
        case .identifier(let n):
            for i in guarded.indices where guarded[i].name.name == n { guarded[i].read = true }
        case .switchExpr(let sw): check(sw)
        case .ifExpr(let i): check(i.conditions, body: i.then)
        default: break
        }
        return .visitChildren
    }
}

/// The warnings of UnusedCaseBindings, in swiftc's words.
enum BindingMessage: DiagnosticMessage, Hashable {
    case neverUsed(name: String, isVar: Bool)

    var id: DiagnosticID {
        switch self {
        case .neverUsed: return DiagnosticID("variable_never_used")
        }
    }

    var text: String {
        switch self {
        case .neverUsed(let n, let isVar):
            return "\(isVar ? "variable" : "immutable value") '\(n)' was never used; consider replacing with '_' or removing it"
        }
    }

    var group: String? { "no-usage" }
}
