// `[Int].self`, `[String: Int].self`, `[[Double]].self`: a collection type's metatype. The
// parser reads `[Int]` before `.self` as an array literal of the type `Int` (it was "value
// of type '[Int.Type]' has no member 'self'"; `[Row].self` printed `[Row]` and compared
// unequal to `type(of: rows)`). Element types are the standard library's and the script's
// own: `print` names a script type without its module (`Array<Row>`), as Swift does.

import TableLabSyntax

extension InterpreterCore {
    /// The name of the metatype `base.self` names when `base` is a collection type written
    /// as a literal of standard types; nil for anything else.
    func collectionMetatypeName(_ base: Expr, _ name: String, _ scope: FnScope) -> String? {
        guard name == "self", let t = writtenCollectionType(base) ?? literalTypeSyntax(base, scope) else { return nil }
        switch resolveType(t) {
        case .array, .dictionary, .set, .optional: return genericTypeName(of: resolveType(t))
        default: return nil
        }
    }

    /// `Array<Int>`, `Optional<Int>`, `Set<Int>` written with their arguments: Swift names
    /// their metatypes so (`Optional<Int>.self` printed `Int?`, `Set<Int>.self` `Set`).
    private func writtenCollectionType(_ e: Expr) -> TypeSyntax? {
        switch e.kind {
        case .arrayType(let t): return t
        case .identifier(let n) where ["Array", "Dictionary", "Set", "Optional"].contains(n): return e.writtenGenericType
        default: return nil
        }
    }

    private func literalTypeSyntax(_ e: Expr, _ scope: FnScope) -> TypeSyntax? {
        switch e.kind {
        case .identifier(let n):
            guard scope.findLocal(n) == nil, globalIndex[n] == nil,
                  ["Int", "Double", "String", "Bool"].contains(n) || IntKind(name: n) != nil || userType(n) != nil else { return nil }
            return .named(n)
        case .array(let xs):
            guard xs.count == 1, let el = literalTypeSyntax(xs[0], scope) else { return nil }
            return .array(el)
        case .dictionary(let kvs):
            guard kvs.count == 1, let k = literalTypeSyntax(kvs[0].key, scope),
                  let v = literalTypeSyntax(kvs[0].value, scope) else { return nil }
            return .dictionary(key: k, value: v)
        default:
            return nil
        }
    }
}
