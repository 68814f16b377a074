// `S.Inner()`, `S.Kind.a`, `Settings.Row.self`: a type nested in a type (or in its
// extension) named through its parent. Nested types are known by their own name
// (Declarations.swift), so the qualified reference becomes that name.

import TableLabSyntax

extension InterpreterCore {
    /// `Parent.Child` as an expression, where both are the script's types and the parent has
    /// no case or static member of that name: `Child`. Nil when `e` is not one.
    func nestedTypeName(_ e: Expr, _ scope: FnScope) -> String? {
        guard case .member(let base, let name) = e.kind, let child = typeSlots[name]?.current,
              child.kind != .table else { return nil }
        let parent: UserType
        switch base.kind {
        case .identifier(let tn):
            guard scope.findLocal(tn) == nil, !(scope.parent != nil && scope.findCapture(tn) != nil) else { return nil }
            // `Double.Money`: a type nested in an extension of a built-in type.
            if let p = typeSlots[tn]?.current { parent = p } else if let h = protocols.builtinExtensions[tn], child.enclosingName == tn {
                parent = h
            } else { return nil }
        case .member:
            guard let pn = nestedTypeName(base, scope), let p = typeSlots[pn]?.current else { return nil }
            parent = p
        default: return nil
        }
        if parent.caseIndex[name] != nil || parent.staticStored[name] != nil || parent.computed[name] != nil
            || parent.methodsByBase[name] != nil { return nil }
        return name
    }

    /// `e` with a nested type reference in it (itself, or the base of a member access)
    /// written as the type's own name; nil when there is none.
    func rewritingNestedType(_ e: Expr, _ scope: FnScope) -> Expr? {
        guard case .member(let base, let name) = e.kind else { return nil }
        if let n = nestedTypeName(e, scope) { return Expr(.identifier(n), at: e.location, range: e.range) }
        if case .member = base.kind, let n = nestedTypeName(base, scope) {
            return Expr(.member(Expr(.identifier(n), at: base.location, range: base.range), name), at: e.location, range: e.range)
        }
        return nil
    }
}

extension InterpreterCore {
    /// `where Self: AnyObject` / `where Self: Base` of a protocol extension, for a class:
    /// any class is an AnyObject; a class is its own and its superclasses' type.
    func classSatisfies(_ t: UserType, _ constraint: String) -> Bool {
        guard t.kind == .class else { return false }
        if constraint == "AnyObject" { return true }
        var c: UserType? = t
        while let k = c {
            if k.name == constraint || k.classInfo?.hostSuperclass == constraint { return true }
            c = k.classInfo?.superclass
        }
        return false
    }
}
