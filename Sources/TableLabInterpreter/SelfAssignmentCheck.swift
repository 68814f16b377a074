// swiftc's "assigning a variable to itself" and "assigning a property to itself", before
// anything runs: an `=` whose two sides name the same variable (`a = a`), the same property
// of `self` (`x = x` in a method, `self.x = self.x`), or the same property of the same
// variable (`h.box = h.box`). swiftc compares the declarations the two sides refer to, and
// only for these shapes; a longer path (`h.w.box = h.w.box`) is a plain assignment.

import TableLabSyntax

struct SelfAssignmentCheck: ScopedCheck {
    let file: SourceFile
    private(set) var found: [Diagnostic] = []

    init(file: SourceFile) { self.file = file }

    mutating func statement(_ s: Stmt, _ scopes: LexicalScopes, _ place: WalkPlace) {
        guard case .assignment(let target, .assign, let value) = s.kind,
              let isProperty = Self.sameReference(target, value, scopes, place) else { return }
        found.append(.error(AssignmentMessage.selfAssignment(isProperty: isProperty), at: s.operatorLocation, in: file))
    }

    /// Whether the two sides name one variable (false) or one property (true); nil when
    /// they do not, or when it cannot be told from the names.
    private static func sameReference(_ a: Expr, _ b: Expr, _ scopes: LexicalScopes, _ place: WalkPlace) -> Bool? {
        switch (a.kind, b.kind) {
        case (.identifier(let x), .identifier(let y)) where x == y && x != "self" && x != "_":
            // Unbound here and a property of the method's type: the property, through `self`.
            let isProperty = scopes.lookup(x) == nil && place.inTypeMember && place.memberTypes[x] != nil
            return isProperty
        case (.member(let p, let x), .member(let q, let y)) where x == y:
            switch (p.kind, q.kind) {
            case (.self, .self): return true
            case (.identifier(let n), .identifier(let m)) where n == m: return true
            default: return nil
            }
        default:
            return nil
        }
    }
}
