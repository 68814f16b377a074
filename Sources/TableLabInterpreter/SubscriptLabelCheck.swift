// swiftc refuses a script subscript called with labels it does not declare when it compiles
// the file (`grid[0]` for `subscript(row r: Int)`); the run found it only when the line ran,
// after the lines before it had printed. This finds, before the unit runs, the subscript
// accesses whose receiver's type the walk's typer knows for sure (ScopedTyper.swift) and
// whose type has exactly one instance subscript, with swiftc's words and places (those of
// `pickSubscript`'s refusal at run time). A type a protocol of the script could give
// another subscript (through an extension) is left to the run.

import TableLabSyntax

extension InterpreterCore {
    /// The subscript-label check of a unit, for the shared walk (ScopedWalk.swift).
    func subscriptLabelCheck(_ unit: SourceUnit, _ types: ScopedTyper, _ file: SourceFile) -> SubscriptLabelCheck {
        // Walked at the first subscript whose receiver's type is known, not for every unit.
        let lazyOwn = LazyBox { var v = SubscriptDeclarations(); v.walk(unit.statements); return v }
        func subscripts(_ name: String) -> [SubscriptDecl]? {
            let own = lazyOwn.value
            if own.declared.contains(name) {
                guard let m = types.typeMembers(name), own.plain.contains(name) else { return nil }
                return m.subscripts + (own.extensions[name] ?? [])
            }
            guard types.typeMembers(name) != nil, let t = userType(name), t.kind == .struct || t.kind == .class else { return nil }
            let conformances = (t.decl as? StructDecl)?.conformances ?? (t.decl as? ClassDecl)?.inherited ?? []
            guard conformances.allSatisfy(Self.checkedConformances.contains) else { return nil }
            return t.subscripts.map(\.decl) + (own.extensions[name] ?? [])
        }
        return SubscriptLabelCheck(types: types, subscripts: subscripts, match: { [core = Unretained(self)] in core.object.matchArguments($0, $1) },
                                   file: file)
    }
}

/// A value made at its first read.
private final class LazyBox<T> {
    private var made: T?
    private let make: () -> T
    init(_ make: @escaping () -> T) { self.make = make }
    var value: T {
        if let made { return made }
        let v = make()
        made = v
        return v
    }
}

/// The unit's types with subscripts and the subscripts its extensions add.
private struct SubscriptDeclarations: SyntaxVisitor {
    var declared = Set<String>()
    /// Declared once, with only standard conformances, and extended with none.
    var plain = Set<String>()
    var extensions: [String: [SubscriptDecl]] = [:]

    private mutating func type(_ name: String, _ conformances: [String]) {
        if declared.insert(name).inserted, conformances.allSatisfy(InterpreterCore.checkedConformances.contains) {
            plain.insert(name)
        } else {
            plain.remove(name)
        }
    }

    mutating func visit(_ node: Decl) -> SyntaxVisitorContinueKind {
        switch node {
        case .struct(let s): type(s.name, s.conformances)
        case .class(let c): type(c.name, c.inherited)
        case .enum(let e): type(e.name, ["<enum>"])
        case .table(let t): type(t.name, ["<host>"])
        case .protocol(let p): type(p.name, ["<protocol>"])
        case .extension(let name, let m, _):
            extensions[name, default: []] += m.subscripts
            if !m.conformances.allSatisfy(InterpreterCore.checkedConformances.contains) { plain.remove(name); declared.insert(name) }
        default: break
        }
        return .visitChildren
    }
}

struct SubscriptLabelCheck: ScopedCheck {
    let types: ScopedTyper
    let subscripts: (String) -> [SubscriptDecl]?
    let match: ([(label: String?, hasDefault: Bool)], [String?]) -> Result<[Int?], RuntimeErrorMessage>
    let file: SourceFile
    private(set) var found: [Diagnostic] = []

    init(types: ScopedTyper, subscripts: @escaping (String) -> [SubscriptDecl]?,
         match: @escaping ([(label: String?, hasDefault: Bool)], [String?]) -> Result<[Int?], RuntimeErrorMessage>, file: SourceFile) {
        self.types = types; self.subscripts = subscripts; self.match = match; self.file = file
    }

    mutating func subscripted(_ e: Expr, base: Expr, args: [Argument], _ scopes: LexicalScopes, _ place: WalkPlace) {
        guard case .named(let name)? = types.typed(base, scopes, place)?.type,
              let candidates = subscripts(name)?.filter({ !$0.isStatic }), candidates.count == 1,
              !candidates[0].parameters.contains(where: \.isVariadic),
              case .failure(let error) = match(candidates[0].parameters.map { ($0.label, $0.defaultValue != nil) }, args.map(\.label))
        else { return }
        guard let message = error.message.inSubscript else { return }
        // swiftc points at a lone argument that lacks its label, else at the `[`.
        let at = error.argument.map { args[$0].value.location } ?? base.range.end
        found.append(.error(message, at: at, in: file))
    }
}
