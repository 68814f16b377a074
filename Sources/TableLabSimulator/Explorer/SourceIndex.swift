// What `:info` knows about the loaded code: where each name is declared, and every
// switch with the function it sits in, read from the syntax trees of the sources that ran.

import TableLabSyntax
import TableLabExhaustiveness
import TableLabInterpreter

struct SourceIndex {
    struct Declaration {
        var kind: String          // enum, struct, table, func, var, let, case
        var name: String
        var owner: String?        // the type a member belongs to
        var file: SourceFile
        var location: SourceLocation
    }

    struct SwitchSite {
        var file: SourceFile
        var location: SourceLocation
        var function: String?
        /// Case names its patterns mention, with the type when written (`Item.donate`).
        var cases: [(type: String?, name: String)]
    }

    var declarations: [Declaration] = []
    var switches: [SwitchSite] = []

    init(sources: [SourceFile]) {
        for file in sources {
            guard let unit = try? Parser.parse(file) else { continue }
            for statement in unit.statements { visitTopLevel(statement, file) }
        }
    }

    /// The latest declarations of `name`, top-level ones first.
    func declarations(of name: String) -> [Declaration] {
        var latest: [String: Declaration] = [:]
        var order: [String] = []
        for d in declarations where d.name == name {
            let key = (d.owner ?? "") + "." + d.kind
            if latest[key] == nil { order.append(key) }
            latest[key] = d
        }
        return order.compactMap { latest[$0] }.sorted { ($0.owner == nil ? 0 : 1) < ($1.owner == nil ? 0 : 1) }
    }

    /// Switches whose patterns name a case of the enum (and no case of another type).
    func switches(over enumName: String, cases: [String]) -> [SwitchSite] {
        let names = Set(cases)
        return switches.filter { site in
            site.cases.contains { ($0.type == nil || $0.type == enumName) && names.contains($0.name) }
                && !site.cases.contains { $0.type != nil && $0.type != enumName && $0.type != "Optional" }
        }
    }

    // MARK: - Walking the tree

    private mutating func visitTopLevel(_ statement: Stmt, _ file: SourceFile) {
        if case .declaration(let decl) = statement.kind {
            visitDeclaration(decl, owner: nil, file)
        } else {
            visitStatement(statement, function: nil, file)
        }
    }

    private mutating func visitDeclaration(_ decl: Decl, owner: String?, _ file: SourceFile) {
        switch decl {
        case .variable(let v):
            if let name = v.name {
                declarations.append(Declaration(kind: v.isLet ? "let" : "var", name: name, owner: owner, file: file, location: v.location))
            }
            if let initializer = v.initializer { visitExpression(initializer, function: owner.map { "\($0).\(v.name ?? "")" }, file) }
            if let getter = v.getter {
                for s in getter { visitStatement(s, function: (owner.map { $0 + "." } ?? "") + (v.name ?? ""), file) }
            }
        case .function(let f):
            declarations.append(Declaration(kind: "func", name: f.name, owner: owner, file: file, location: f.location))
            let function = (owner.map { $0 + "." } ?? "") + f.fullName
            for s in f.body { visitStatement(s, function: function, file) }
        case .enum(let e):
            declarations.append(Declaration(kind: "enum", name: e.name, owner: owner, file: file, location: e.location))
            for c in e.cases {
                declarations.append(Declaration(kind: "case", name: c.name, owner: e.name, file: file, location: c.location))
            }
            visitMembers(e.members, owner: e.name, file)
        case .struct(let s):
            declarations.append(Declaration(kind: "struct", name: s.name, owner: owner, file: file, location: s.location))
            visitMembers(s.members, owner: s.name, file)
        case .table(let t):
            declarations.append(Declaration(kind: "table", name: t.name, owner: owner, file: file, location: t.location))
            visitMembers(t.members, owner: t.name, file)
        case .extension(let typeName, let members, _):
            visitMembers(members, owner: typeName, file)
        }
    }

    private mutating func visitMembers(_ members: TypeMembers, owner: String, _ file: SourceFile) {
        for p in members.properties { visitDeclaration(.variable(p), owner: owner, file) }
        for m in members.methods { visitDeclaration(.function(m), owner: owner, file) }
        for i in members.initializers {
            for s in i.body { visitStatement(s, function: "\(owner).init", file) }
        }
        for n in members.nestedTypes { visitDeclaration(n, owner: nil, file) }
    }

    private mutating func visitStatements(_ statements: [Stmt], function: String?, _ file: SourceFile) {
        for s in statements { visitStatement(s, function: function, file) }
    }

    private mutating func visitConditions(_ conditions: [Condition], function: String?, _ file: SourceFile) {
        for c in conditions {
            switch c {
            case .expression(let e): visitExpression(e, function: function, file)
            case .optionalBinding(_, _, let e, _): visitExpression(e, function: function, file)
            case .patternMatch(_, let e): visitExpression(e, function: function, file)
            }
        }
    }

    private mutating func visitSwitch(_ s: SwitchStmt, function: String?, _ file: SourceFile) {
        var cases: [(type: String?, name: String)] = []
        func collect(_ p: Pattern) {
            switch p.kind {
            case .enumCase(let typeName, let caseName, let sub):
                if caseName != "some" && caseName != "none" { cases.append((typeName, caseName)) }
                if let sub { collect(sub) }
            case .optionalSome(let inner): collect(inner)
            case .tuple(let items): items.forEach(collect)
            case .expression(let e):
                if case .implicitMember(let name) = e.kind { cases.append((nil, name)) }
                if case .member(let base, let name) = e.kind, case .identifier(let typeName) = base.kind {
                    cases.append((typeName, name))
                }
            default: break
            }
        }
        for c in s.cases { c.patterns.forEach(collect) }
        switches.append(SwitchSite(file: file, location: s.location, function: function, cases: cases))
        visitExpression(s.subject, function: function, file)
        for c in s.cases {
            if let g = c.guardExpr { visitExpression(g, function: function, file) }
            visitStatements(c.body, function: function, file)
        }
    }

    private mutating func visitStatement(_ statement: Stmt, function: String?, _ file: SourceFile) {
        switch statement.kind {
        case .expression(let e): visitExpression(e, function: function, file)
        case .assignment(let target, _, let value):
            visitExpression(target, function: function, file)
            visitExpression(value, function: function, file)
        case .declaration(let d):
            switch d {
            case .variable(let v):
                if let initializer = v.initializer { visitExpression(initializer, function: function, file) }
                if function == nil, let name = v.name {
                    declarations.append(Declaration(kind: v.isLet ? "let" : "var", name: name, owner: nil, file: file, location: v.location))
                }
            case .function(let f):
                visitStatements(f.body, function: (function.map { $0 + "." } ?? "") + f.fullName, file)
            default:
                visitDeclaration(d, owner: nil, file)
            }
        case .if(let i):
            visitConditions(i.conditions, function: function, file)
            visitStatements(i.then, function: function, file)
            if let o = i.otherwise { visitStatements(o, function: function, file) }
        case .guard(let conditions, let otherwise):
            visitConditions(conditions, function: function, file)
            visitStatements(otherwise, function: function, file)
        case .switch(let s): visitSwitch(s, function: function, file)
        case .forIn(_, let sequence, let whereClause, let body):
            visitExpression(sequence, function: function, file)
            if let w = whereClause { visitExpression(w, function: function, file) }
            visitStatements(body, function: function, file)
        case .while(let conditions, let body):
            visitConditions(conditions, function: function, file)
            visitStatements(body, function: function, file)
        case .repeatWhile(let body, let condition):
            visitStatements(body, function: function, file)
            visitExpression(condition, function: function, file)
        case .block(let body): visitStatements(body, function: function, file)
        case .return(let e): if let e { visitExpression(e, function: function, file) }
        case .labeled(_, let inner): visitStatement(inner, function: function, file)
        case .break, .continue, .fallthrough, .command: break
        }
    }

    private mutating func visitExpression(_ e: Expr, function: String?, _ file: SourceFile) {
        switch e.kind {
        case .switchExpr(let s): visitSwitch(s, function: function, file)
        case .ifExpr(let i):
            visitConditions(i.conditions, function: function, file)
            visitStatements(i.then, function: function, file)
            if let o = i.otherwise { visitStatements(o, function: function, file) }
        case .closure(let c): visitStatements(c.body, function: function, file)
        case .array(let items): for x in items { visitExpression(x, function: function, file) }
        case .dictionary(let pairs):
            for p in pairs {
                visitExpression(p.key, function: function, file)
                visitExpression(p.value, function: function, file)
            }
        case .tuple(let items): for x in items { visitExpression(x.value, function: function, file) }
        case .call(let callee, let args), .subscriptAccess(let callee, let args), .optionalSubscript(let callee, let args):
            visitExpression(callee, function: function, file)
            for a in args { visitExpression(a.value, function: function, file) }
        case .member(let base, _), .optionalChain(let base, _), .forceUnwrap(let base), .unary(_, let base),
             .typeCast(let base, _, _):
            visitExpression(base, function: function, file)
        case .binary(_, let l, let r):
            visitExpression(l, function: function, file)
            visitExpression(r, function: function, file)
        case .ternary(let c, let a, let b):
            visitExpression(c, function: function, file)
            visitExpression(a, function: function, file)
            visitExpression(b, function: function, file)
        case .string(let segments):
            for s in segments { if case .interpolation(let x) = s { visitExpression(x, function: function, file) } }
        default: break
        }
    }
}
