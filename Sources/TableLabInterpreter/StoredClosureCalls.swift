// A stored property that holds a closure, called as a method: `v.f(2)`, `cell.onTap()`,
// `f(1)` inside the type's own methods, and a `lazy var g: () -> Int = { ... }`.

import TableLabSyntax

extension InterpreterCore {
    /// `name` is a stored or lazy property of `t` (not a method), so `name(...)` inside
    /// its methods calls the closure that `self.name` holds.
    func isStoredPropertyOnly(_ t: UserType, _ name: String) -> Bool {
        t.methodsByBase[name] == nil && (t.fieldIndex[name] != nil || t.lazyProperties[name] != nil)
    }

    /// `inst.name(args)` where `name` is a stored, lazy or computed property of a class
    /// instance (a computed one too: a subclass may override a stored closure property with
    /// one): the closure it gives, called with the `argc` arguments on the stack; nil when
    /// the instance has no such property. `site` is the call site's cache, which keeps the
    /// property read's own.
    func callClassClosureProperty(_ m: Ctx, _ v: Value, _ t: UserType, _ name: String, _ argc: Int,
                                  _ site: MemberCache, _ loc: SourceLocation) throws -> Value? {
        guard t.kind == .class, case .type(.table) = v,
              isStoredPropertyOnly(t, name) || (t.methodsByBase[name] == nil && t.computed[name].map { !$0.isStatic } == true)
        else { return nil }
        let f = try getMember(v, name, site.closureProperty(name), loc, m)
        guard case .function(let fv) = f.unboxed else { return nil }
        let a = Array(UnsafeBufferPointer(start: m.pointee.sp - argc, count: argc))
        m.pop(argc)
        return try callFunction(m, fv, a, loc)
    }
}

extension InterpreterCore {
    /// A struct's `let` property without a default, not yet set: an initializer starts it as
    /// `()` (`runCustomInit`), and may assign it once, as Swift's definite initialization allows.
    func isUnsetField(_ v: Value, _ t: UserType, _ i: Int) -> Bool {
        guard case .void = v, i < t.fieldDefaults.count, t.fieldDefaults[i] == nil else { return false }
        if let ft = t.fieldTypes[i], case .void = ft { return false }
        return true
    }
}

extension InterpreterCore {
    /// After a struct's initializer: a stored property it left unset (a field without a
    /// default still holding `()`) is swiftc's definite-initialization error, never a `()`.
    func checkStructInitialized(_ s: Value, _ d: FunctionDecl) throws {
        guard case .structValue(let sv) = s else { return }
        let t = sv.type
        var notes: [Diagnostic] = []
        for i in 0..<min(sv.fields.count, t.fieldNames.count) where isUnsetField(sv.fields[i], t, i) {
            if t.lazyProperties[initLabel(t.fieldNames[i])] != nil { continue }
            let name = t.fieldNames[i]
            let at = (t.decl as? StructDecl)?.members.properties.first(where: { $0.name == name })?.location ?? t.fieldLocations[i]
            notes.append(.note(NoteMessage.propertyNotInitialized(name), at: at))
        }
        if !notes.isEmpty {
            throw RuntimeError(DeclarationMessage.returnBeforeAllStored,
                               at: d.bodyEnd == .unknown ? d.location : d.bodyEnd, notes: notes)
        }
    }
}
