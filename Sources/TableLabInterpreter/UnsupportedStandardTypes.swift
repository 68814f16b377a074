// Standard library types TableLab has no values of, named wherever a declaration or an
// expression writes them as a type, before the unit runs. `Float` was once taken for
// `Double`: `Float(1) / 3` printed `0.3333333333333333` and `type(of:)` said `Double`, where
// Swift prints `0.33333334` and `Float` (the rule: a construct TableLab lacks is named,
// never silently different). Writing one as a value (`Float(2)`, `Float.pi`) is refused
// where names are resolved (`StandardLibraryNames`).

import TableLabSyntax

enum UnsupportedStandardTypes {
    /// One error per place, in source order.
    static func errors(_ unit: SourceUnit, _ file: SourceFile) -> [Diagnostic] {
        var walker = Walker(typeNames: unit.typeNameLocations)
        walker.walk(unit.statements)
        var seen = Set<SourceLocation>()
        return walker.found
            .filter { seen.insert($0.at).inserted }
            .sorted { ($0.at.line, $0.at.column) < ($1.at.line, $1.at.column) }
            .map { .error(StandardLibraryMessage(name: $0.name), at: $0.at, in: file) }
    }

    /// The first such type named in `t`.
    static func named(in t: TypeSyntax) -> String? {
        switch t {
        case .named(let n): return StandardLibraryNames.unsupportedTypes.contains(n) ? n : nil
        case .array(let e), .set(let e), .optional(let e), .labelled(_, let e), .inout(let e): return named(in: e)
        case .dictionary(let k, let v): return named(in: k) ?? named(in: v)
        case .tuple(let ts): return ts.lazy.compactMap(named).first
        case .function(let ps, let r): return ps.lazy.compactMap(named).first ?? named(in: r)
        }
    }

    private struct Walker: SyntaxVisitor {
        /// Where the parser read each type name, in source order.
        let places: [String: [SourceLocation]]
        var found: [(name: String, at: SourceLocation)] = []

        init(typeNames: [SourceLocation: String]) {
            var places: [String: [SourceLocation]] = [:]
            for (at, name) in typeNames where StandardLibraryNames.unsupportedTypes.contains(name) { places[name, default: []].append(at) }
            self.places = places.mapValues { $0.sorted { ($0.line, $0.column) < ($1.line, $1.column) } }
        }

        /// The type's place: where the parser read its name, at `from` or after it (the
        /// tree keeps a place for a declaration or an expression, not for each type in it).
        mutating func note(_ t: TypeSyntax?, from: SourceLocation) {
            guard let t, let name = UnsupportedStandardTypes.named(in: t) else { return }
            let at = places[name]?.first { ($0.line, $0.column) >= (from.line, from.column) } ?? from
            found.append((name, at))
        }

        mutating func visit(_ node: Decl) -> SyntaxVisitorContinueKind {
            switch node {
            case .variable(let v): note(v.type, from: v.typeLocation == .unknown ? v.location : v.typeLocation)
            case .function(let f):
                for p in f.parameters { note(p.type, from: p.location) }
                note(f.returnType, from: f.location)
            // `typealias F = Float80`: every use of `F` would be one.
            case .typeAlias(let a): note(a.type, from: a.location)
            default: break
            }
            return .visitChildren
        }

        mutating func visit(_ node: Expr) -> SyntaxVisitorContinueKind {
            switch node.kind {
            case .closure(let c):
                for p in c.parameters { note(p.type, from: p.location) }
                note(c.returnType, from: node.location)
            case .typeCast(_, let t, _), .arrayType(let t): note(t, from: node.location)
            default: break
            }
            return .visitChildren
        }

        mutating func visit(_ node: Pattern) -> SyntaxVisitorContinueKind {
            switch node.kind {
            case .typeCheck(let t), .cast(_, let t): note(t, from: node.location)
            default: break
            }
            return .visitChildren
        }
    }
}
