// What the whole-unit checks know of the session before a unit's own statements: the
// stored globals earlier units declared. swiftc compiles an entry with the session's
// earlier declarations in scope, so `let xs = [1]` (one entry) then `print("a");
// xs.append(2)` (the next) is refused before anything of the second runs.

import TableLabSyntax

extension InterpreterCore {
    /// The stored globals declared before this unit, as the declarations that made them
    /// (their `let`-ness, annotation and initializer; located at their names). None in a
    /// view controller's `:use` scope, where any bare name may be one of UIKit's members;
    /// in a table's, none that the table declares a member of (the member is what it means).
    /// Only the names `unit` mentions are looked up: a session may hold thousands of globals.
    func sessionGlobalDeclarations(mentionedIn unit: SourceUnit) -> [VariableDecl] {
        if hosting.topLevelInstance != nil || globalIndex.isEmpty { return [] }
        let scopeType = topLevelSelfType
        var mentioned = MentionedNames()
        mentioned.walk(unit.statements)
        var out: [VariableDecl] = []
        for name in mentioned.names {
            guard let g = globalIndex[name], let d = globalDeclarations[g] else { continue }
            if case .box(let b) = machine.pointee.globals[g], b === undefinedGlobal || computedGlobal(b) != nil { continue }
            if let t = scopeType, t.fieldIndex[name] != nil || t.computed[name] != nil || t.methodsByBase[name] != nil { continue }
            let keyword = globalDeclLocations[g]
            // At the name, after `let `/`var ` (InterpreterCore.keywordLocation reads it back).
            let at = keyword == .unknown ? keyword : SourceLocation(line: keyword.line, column: keyword.column + 4)
            out.append(VariableDecl(isLet: globalIsLet[g], pattern: Pattern(.binding(name: name, isVar: !globalIsLet[g]), at: at),
                                    type: d.type, initializer: d.initializer, location: at))
        }
        return out
    }
}

/// The identifiers a unit mentions anywhere.
private struct MentionedNames: SyntaxVisitor {
    var names = Set<String>()
    mutating func visit(_ node: Expr) -> SyntaxVisitorContinueKind {
        if case .identifier(let n) = node.kind { names.insert(n) }
        return .visitChildren
    }
}
