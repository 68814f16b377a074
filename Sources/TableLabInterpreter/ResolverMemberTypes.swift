// The script's declarations the resolver's member and `self` types read
// (ResolverDeclarations.swift; calls: ResolverCallTypes.swift). Each answer is a fact a
// specialisation relies on, so each is given only where swiftc's choice cannot be another
// declaration: a type's own member (a generic type's with the receiver's spelling's
// arguments), a stored property's default typed as swiftc types it (no local, no `self`),
// a type spelt so that any use reads it alike.

import TableLabSyntax

extension InterpreterCore {
    /// The standard types a member's or a result's type may name (where the script
    /// declares no type or alias of the name).
    private static let certainStandardNames: Set<String> = ["Int", "Double", "String", "Bool", "Character", "Float"]

    /// A script type whose members' declared types are certain: not generic (a member of a
    /// parameter's type would need its arguments), not a table block.
    func certainScriptType(_ name: String) -> UserType? {
        guard let t = userType(name), !t.isBuiltin, t.kind != .table, protocols.genericParameters[t.id] == nil else { return nil }
        return t
    }

    /// A script type a receiver's spelling names, with the spelling's arguments for its
    /// generic parameters (`Box<Int>`): nil for a bare generic type's name (`Box` in its own
    /// code), a table block or a prelude's type.
    func certainReceiver(_ spelling: String) -> (UserType, TypeRules.Receiver)? {
        let w = WrittenType(spelling)
        guard let t = userType(w.name), !t.isBuiltin, t.kind != .table else { return nil }
        let ps = protocols.genericParameters[t.id]?.map(\.name) ?? []
        guard ps.isEmpty == w.arguments.isEmpty, let r = TypeRules.Receiver(spelling: spelling, parameters: ps) else { return nil }
        return (t, r)
    }

    /// A declared type as the receiver's spelling reads it: its generic parameters the
    /// spelling's arguments, `Self` the spelling.
    func substituted(_ ts: TypeSyntax, _ receiver: TypeRules.Receiver) -> TypeSyntax {
        TypeRules.substituting(receiver.arguments.merging(["Self": .named(receiver.spelling)]) { a, _ in a }, in: ts)
    }

    /// Whether a type written in a declaration means the same at any use: standard types,
    /// top-level script types no nested type shares a name with (a generic one with such
    /// arguments, `Box<Int>`), and collections, Optionals and tuples of them.
    func certainSpelling(_ ts: TypeSyntax) -> Bool {
        switch ts {
        case .named(let n):
            let w = WrittenType(n)
            if !w.arguments.isEmpty {
                guard let t = userType(w.name), protocols.genericParameters[t.id]?.count == w.arguments.count,
                      certainTypeName(w.name, t) else { return false }
                return w.arguments.allSatisfy { TypeRules.parse($0).map(certainSpelling) ?? false }
            }
            if typeSlots[n] == nil, protocols.typeAliases[n] == nil { return Self.certainStandardNames.contains(n) }
            guard let t = certainScriptType(n) else { return false }
            return certainTypeName(n, t)
        case .array(let e), .optional(let e), .set(let e): return certainSpelling(e)
        case .dictionary(let k, let v): return certainSpelling(k) && certainSpelling(v)
        case .tuple(let es): return !es.isEmpty && es.allSatisfy(certainSpelling)
        case .labelled(_, let e): return certainSpelling(e)
        case .function, .inout: return false
        }
    }

    /// Whether a script type's name reads as that type at any use: a top-level type's, no
    /// nested or local type sharing it, no alias of it.
    func certainTypeName(_ n: String, _ t: UserType) -> Bool {
        guard !t.isBuiltin, t.kind != .table, t.enclosingName == nil, t.displayName == n, protocols.typeAliases[n] == nil else { return false }
        return !typeSlots.keys.contains { k in k != n && (k.hasSuffix("." + n) || LocalTypeNames.display(k) == n) }
    }

    /// Whether a protocol's extension or an extension of a standard type declares a member
    /// of this name: it may be what a use picks beside the type's own. (A requirement adds
    /// no member: the type's own is its witness.)
    func protocolsMayDeclare(_ name: String) -> Bool {
        func declares(_ m: TypeMembers) -> Bool {
            m.methods.contains { $0.name == name } || m.properties.contains { p in
                if case .binding(name, _) = p.pattern.kind { return true }
                return false
            }
        }
        if protocols.builtinExtensions.values.contains(where: { $0.hasMember(named: name) }) { return true }
        return protocols.standardExtensions.values.contains { $0.contains(where: declares) }
            || protocols.protocols.values.contains { $0.extensions.contains(where: declares) }
    }

    /// A stored property's annotation or default's type (inherited ones from the superclass
    /// that declares them) or a computed property's declared type, as the receiver's
    /// spelling reads them; where these are not certain, the type the session keeps.
    /// `depth`: how many defaults are being typed around this one.
    func certainMemberType(_ typeName: String, _ name: String, depth: Int = 0) -> TypeSyntax? {
        guard let (t, receiver) = certainReceiver(typeName) else { return keptPropertyType(typeName, name) }
        // A method of the property's base name does not hide it where it is not called.
        guard !Self.onlyMethods(t, name), !protocolsMayDeclare(name), !hostMayDeclare(t, name) else { return nil }
        var declared: TypeSyntax?
        if t.fieldIndex[name] != nil {
            declared = storedPropertyDecl(t, name, isStatic: false).flatMap { declaredType($0, depth: depth) }
        } else if let m = t.computed[name], !m.isStatic, !m.isDefault {
            declared = m.type
        }
        guard let declared else { return keptPropertyType(typeName, name) }
        let r = substituted(declared, receiver)
        return certainSpelling(r) ? r : keptPropertyType(typeName, name)
    }

    /// `T.name`: an enum's case without a payload, a static stored property's annotation or
    /// default's type, a static computed property's declared type; nil for a generic type
    /// (it has no static stored properties) or a name a type's member also is (inside a
    /// method it may be that member, not the type).
    func certainStaticMemberType(_ typeName: String, _ name: String, depth: Int = 0) -> TypeSyntax? {
        guard let t = certainStaticReceiver(typeName), !protocolsMayDeclare(name), !hostMayDeclare(t, name) else { return nil }
        if let i = t.caseIndex[name] {
            let plain = Int(i) >= t.casePayloads.count || t.casePayloads[Int(i)] == nil
            return plain && t.methodsByBase[name] == nil ? .named(typeName) : nil
        }
        guard t.methodsByBase[name] == nil else { return nil }
        // `Item.allCases` of a CaseIterable enum that declares none: Swift's synthesized `[Item]`.
        if name == "allCases", t.kind == .enum, t.staticStored[name] == nil, t.computed[name] == nil,
           conformances(of: t).contains("CaseIterable") {
            return .array(.named(typeName))
        }
        var declared: TypeSyntax?
        if t.staticStored[name] != nil {
            declared = storedPropertyDecl(t, name, isStatic: true).flatMap { declaredType($0, depth: depth) }
        } else if let m = t.computed[name], m.isStatic, !m.isDefault {
            declared = m.type
        }
        guard let declared, certainSpelling(declared) else { return nil }
        return declared
    }

    /// A non-generic script type named as written before a static member or an initializer's
    /// arguments, where the name reads as it at any use and no type's member shares it.
    func certainStaticReceiver(_ typeName: String) -> UserType? {
        guard let t = certainScriptType(typeName), certainTypeName(typeName, t),
              !typeSlots.values.contains(where: { $0.current?.hasMember(named: typeName) == true }) else { return nil }
        return t
    }

    /// Whether the host's class a script class (or table) inherits from, or one it is the
    /// host's own class extended, may have a member of this name: one of the host's
    /// overloads may be what a use picks.
    func hostMayDeclare(_ t: UserType, _ name: String) -> Bool {
        guard let catalogue = hosting.memberCatalogue else { return false }
        if let host = hostClassName(t) { return catalogue(host)?.names.contains(name) ?? true }
        return hosting.typeNames.contains(t.name) || catalogue(t.name) != nil
    }

    /// A stored property's annotation, or its default's type as swiftc infers it with no
    /// local and no `self` in view; nil for a `lazy var`'s (it sees `self`).
    private func declaredType(_ p: VariableDecl, depth: Int) -> TypeSyntax? {
        if let t = p.type { return t }
        guard !p.isLazy, let e = p.initializer, depth < 4 else { return nil }
        // A default that reads another property's default is typed a few levels deep at
        // most (a cycle is swiftc's error).
        var d = resolverDeclarations
        d.memberType = { [unowned self] in self.certainMemberType($0, $1, depth: depth + 1) }
        d.staticMemberType = { [unowned self] in self.certainStaticMemberType($0, $1, depth: depth + 1) }
        // A default sees no global the type's member of the name may hide: none is typed.
        d.globalType = { _ in nil }
        return Resolver.defaultType(of: e, declarations: d)
    }

    /// The declaration of the stored property `name` in `t`'s declaration or a
    /// superclass's.
    private func storedPropertyDecl(_ t: UserType, _ name: String, isStatic: Bool) -> VariableDecl? {
        var owner: UserType? = t
        while let o = owner {
            let p = o.declaredMembers?.properties.first { p in
                if case .binding(name, _) = p.pattern.kind { return p.isStatic == isStatic }
                return false
            }
            if let p { return p }
            owner = o.classInfo?.superclass
        }
        return nil
    }
}

extension InterpreterCore {
    /// A protocol's property requirement's declared type, as `self`'s member in the
    /// protocol's extension: nil where another declaration of the name may be what `self.name`
    /// finds (an extension's member, a method requirement, an inherited protocol's
    /// requirement), or the type names `Self` or an associated type (`certainSpelling`).
    func certainRequirementType(_ p: ProtocolInfo, _ name: String) -> TypeSyntax? {
        guard p.decl.inherited.allSatisfy({ $0 == "AnyObject" || $0 == "class" }), !protocolsMayDeclare(name),
              !p.decl.methods.contains(where: { $0.name == name }),
              let r = p.decl.properties.first(where: { $0.name == name && !$0.isStatic }),
              !TypeRules.mentions(r.type, Set(p.decl.associatedTypes.map(\.name) + ["Self"])), certainSpelling(r.type) else { return nil }
        return r.type
    }
}
