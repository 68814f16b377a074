// Types declared inside a function, a method or a closure (`func f() { struct P { } }`):
// hoisted with the unit's other types. The parser has given each a name scoped to its block
// (LocalTypeScoping.swift), so two functions' `enum Row`s are two types; two of one name
// in the same block share their scoped name, swiftc's invalid redeclaration. A type nested
// in a local type keeps its own name: one that another type of the unit has is refused by
// name, as TableLab could not tell them apart.

import TableLabSyntax

struct LocalTypeCollector: SyntaxVisitor {
    var found: [Decl] = []
    /// `table` blocks inside bodies: a table is a screen of the whole script, not a local type.
    var localTables: [TableDecl] = []

    mutating func visit(_ node: Stmt) -> SyntaxVisitorContinueKind {
        if case .declaration(let d) = node.kind {
            switch d {
            case .enum, .struct, .class:
                found.append(d)
                return .skipChildren   // its own local types are found when it is declared
            case .table(let t):
                localTables.append(t)
                return .skipChildren
            default: break
            }
        }
        return .visitChildren
    }

    /// The type declarations inside the bodies of `stmts` (not `stmts`' own; a top-level
    /// statement that is no declaration may hold one in a block or a closure).
    static func collect(_ stmts: [Stmt]) throws -> [Decl] {
        var c = LocalTypeCollector()
        c.collect(stmts)
        if let t = c.localTables.first {
            throw RuntimeError(UnsupportedMessage.localTableBlock(LocalTypeNames.display(t.name)),
                               at: t.location)
        }
        return c.found
    }

    mutating func collect(_ stmts: [Stmt]) {
        for s in stmts {
            if case .declaration(let d) = s.kind {
                switch d {
                case .enum, .struct, .class, .table: walk(d)
                default: walk(s)
                }
            } else {
                // A block at the top level (`if`, `for`, `do`) declares local types too.
                walk(s)
            }
        }
    }
}

extension InterpreterCore {
    /// A type declaration's name and where the name is written.
    static func typeDeclName(_ d: Decl) -> (String, SourceLocation)? {
        switch d {
        case .enum(let e): return (e.name, e.members.nameLocation)
        case .struct(let s): return (s.name, s.members.nameLocation)
        case .class(let c): return (c.name, c.members.nameLocation)
        case .table(let t): return (t.name, t.location)
        default: return nil
        }
    }

    /// The local types of the unit, each with its nested types' names; an error when one's
    /// name is another type's of the unit.
    func localTypeDeclarations(_ stmts: [Stmt], alsoScan: [Stmt] = []) throws -> [Decl] {
        var decls = try LocalTypeCollector.collect(stmts) + LocalTypeCollector.collect(alsoScan)
        // Local types inside local types' methods.
        var i = 0
        while i < decls.count {
            decls.append(contentsOf: try LocalTypeCollector.collect([Stmt(.declaration(decls[i]), at: .unknown)]))
            i += 1
        }
        guard !decls.isEmpty else { return [] }
        var names = Set<String>()
        func addNames(_ d: Decl) {
            if let (n, _) = Self.typeDeclName(d) { names.insert(n) }
            let nested: [Decl]
            switch d {
            case .enum(let e): nested = e.members.nestedTypes
            case .struct(let s): nested = s.members.nestedTypes
            case .class(let c): nested = c.members.nestedTypes
            case .table(let t): nested = t.members.nestedTypes
            case .extension(_, let m, _): nested = m.nestedTypes
            default: nested = []
            }
            for n in nested { addNames(n) }
        }
        for s in stmts { if case .declaration(let d) = s.kind { addNames(d) } }
        var scopedAt: [String: SourceLocation] = [:]
        for d in decls {
            guard let (n, loc) = Self.typeDeclName(d) else { continue }
            if LocalTypeNames.isScoped(n), let first = scopedAt[n] {
                let shown = LocalTypeNames.display(n)
                throw RuntimeError(RuntimeMessage.invalidRedeclaration(shown), at: loc,
                                   notes: [Diagnostic(.note, RuntimeMessage.previouslyDeclaredHere(shown), at: first)])
            }
            if names.contains(n) {
                throw RuntimeError(UnsupportedMessage.localTypeShadowing(LocalTypeNames.display(n)), at: loc)
            }
            if LocalTypeNames.isScoped(n) { scopedAt[n] = loc }
            addNames(d)
        }
        return decls
    }
}
