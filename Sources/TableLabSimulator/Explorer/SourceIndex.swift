// What `:info` knows about the loaded code: where each name is declared, read from the
// syntax trees of the sources that ran. (Its switches come from the interpreter's
// registry, which knows their subject types: `Interpreter.loadedSwitches`.)

import TableLabSyntax

struct SourceIndex {
    struct Declaration {
        var kind: String          // enum, struct, table, func, var, let, case
        var name: String
        var owner: String?        // the type a member belongs to
        var file: SourceFile
        var location: SourceLocation
        /// A type declared in a block: the name the interpreter knows it by (`name` is
        /// the name as written; LocalTypeScoping.swift).
        var scopedName: String? = nil
        /// A function's name with its labels (`f(x:)`): two functions of one base name and
        /// other labels are two functions, both live (a redeclaration replaces only its own).
        var fullName: String? = nil
    }

    var declarations: [Declaration] = []

    init(sources: [SourceFile]) {
        for file in sources {
            guard let unit = try? Parser.parse(file, screenSuperclasses: UIKitBuiltins.screenSuperclasses) else { continue }
            for statement in unit.statements { visitTopLevel(statement, file) }
            var locals = LocalTypeFinder()
            locals.walk(unit.statements)
            for d in locals.found { visitDeclaration(d, owner: nil, file) }
        }
    }

    /// The latest declarations of `name`, top-level ones first.
    func declarations(of name: String) -> [Declaration] {
        var latest: [String: Declaration] = [:]
        var order: [String] = []
        for d in declarations where d.name == name {
            // Each local type is a type of its own (two functions may each declare one).
            let key = (d.owner ?? "") + "." + d.kind + (d.scopedName ?? "") + (d.fullName ?? "")
            if latest[key] == nil { order.append(key) }
            latest[key] = d
        }
        return order.compactMap { latest[$0] }.sorted { ($0.owner == nil ? 0 : 1) < ($1.owner == nil ? 0 : 1) }
    }

    // MARK: - Walking the tree

    private mutating func visitTopLevel(_ statement: Stmt, _ file: SourceFile) {
        if case .declaration(let decl) = statement.kind { visitDeclaration(decl, owner: nil, file) }
    }

    private mutating func visitDeclaration(_ decl: Decl, owner: String?, _ file: SourceFile) {
        switch decl {
        case .variable(let v):
            if let name = v.name {
                declarations.append(Declaration(kind: v.isLet ? "let" : "var", name: name, owner: owner, file: file, location: v.location))
            }
        case .function(let f):
            declarations.append(Declaration(kind: "func", name: f.name, owner: owner, file: file, location: f.location,
                                            fullName: f.fullName))
        case .enum(let e) where LocalTypeNames.isScoped(e.name):
            declarations.append(Declaration(kind: "enum", name: LocalTypeNames.display(e.name), owner: owner, file: file,
                                            location: e.location, scopedName: e.name))
            for c in e.cases {
                declarations.append(Declaration(kind: "case", name: c.name, owner: LocalTypeNames.display(e.name), file: file,
                                                location: c.location))
            }
        case .struct(let x) where LocalTypeNames.isScoped(x.name):
            declarations.append(Declaration(kind: "struct", name: LocalTypeNames.display(x.name), owner: owner, file: file,
                                            location: x.location, scopedName: x.name))
        case .class(let c) where LocalTypeNames.isScoped(c.name):
            declarations.append(Declaration(kind: "class", name: LocalTypeNames.display(c.name), owner: owner, file: file,
                                            location: c.location, scopedName: c.name))
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
        case .class(let c):
            declarations.append(Declaration(kind: "class", name: c.name, owner: owner, file: file, location: c.location))
            visitMembers(c.members, owner: c.name, file)
        case .extension(let typeName, let members, _):
            visitMembers(members, owner: typeName, file)
        case .protocol(let p):
            declarations.append(Declaration(kind: "protocol", name: p.name, owner: owner, file: file, location: p.location))
        case .typeAlias(let a):
            declarations.append(Declaration(kind: "typealias", name: a.name, owner: owner, file: file, location: a.location))
        }
    }

    private mutating func visitMembers(_ members: TypeMembers, owner: String, _ file: SourceFile) {
        for p in members.properties { visitDeclaration(.variable(p), owner: owner, file) }
        for m in members.methods { visitDeclaration(.function(m), owner: owner, file) }
        for n in members.nestedTypes { visitDeclaration(n, owner: nil, file) }
    }
}

/// The types declared in blocks (function and closure bodies), wherever they are.
private struct LocalTypeFinder: SyntaxVisitor {
    var found: [Decl] = []

    mutating func visit(_ node: Decl) -> SyntaxVisitorContinueKind {
        switch node {
        case .enum(let e) where LocalTypeNames.isScoped(e.name): found.append(node)
        case .struct(let s) where LocalTypeNames.isScoped(s.name): found.append(node)
        case .class(let c) where LocalTypeNames.isScoped(c.name): found.append(node)
        default: break
        }
        return .visitChildren
    }
}
