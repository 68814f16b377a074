// The script's declarations the resolver's member, `self` and call types read
// (ResolverDeclarations.swift). Each answer is a fact a specialisation relies on, so each
// is given only where swiftc's choice cannot be another declaration: a non-generic type's
// own member, the one declaration of a name, a type spelt so that any use reads it alike.

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

    /// Whether a type written in a declaration means the same at any use: standard types,
    /// top-level script types no nested type shares a name with, and collections,
    /// Optionals and tuples of them.
    func certainSpelling(_ ts: TypeSyntax) -> Bool {
        switch ts {
        case .named(let n):
            if typeSlots[n] == nil, protocols.typeAliases[n] == nil { return Self.certainStandardNames.contains(n) }
            guard let t = certainScriptType(n), t.enclosingName == nil, t.displayName == n else { return false }
            // A nested or a local type of the name may be what a use elsewhere reads.
            return !typeSlots.keys.contains { k in k != n && (k.hasSuffix("." + n) || LocalTypeNames.display(k) == n) }
        case .array(let e), .optional(let e), .set(let e): return certainSpelling(e)
        case .dictionary(let k, let v): return certainSpelling(k) && certainSpelling(v)
        case .tuple(let es): return !es.isEmpty && es.allSatisfy(certainSpelling)
        case .labelled(_, let e): return certainSpelling(e)
        case .function: return false
        }
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

    /// A stored property's annotation (inherited ones from the superclass that declares
    /// them) or a computed property's declared type; nil for a default's inferred type.
    func certainMemberType(_ typeName: String, _ name: String) -> TypeSyntax? {
        guard let t = certainScriptType(typeName), t.methodsByBase[name] == nil, !protocolsMayDeclare(name),
              !hostMayDeclare(t, name) else { return nil }
        var declared: TypeSyntax?
        if t.fieldIndex[name] != nil {
            declared = storedPropertyAnnotation(t, name)
        } else if let m = t.computed[name], !m.isStatic, !m.isDefault {
            declared = m.type
        }
        guard let declared, certainSpelling(declared) else { return nil }
        return declared
    }

    /// Whether the host's class a script class (or table) inherits from, or one it is the
    /// host's own class extended, may have a member of this name: one of the host's
    /// overloads may be what a use picks.
    private func hostMayDeclare(_ t: UserType, _ name: String) -> Bool {
        guard let catalogue = hosting.memberCatalogue else { return false }
        if let host = hostClassName(t) { return catalogue(host)?.names.contains(name) ?? true }
        return hosting.typeNames.contains(t.name) || catalogue(t.name) != nil
    }

    /// The annotation of the stored property `name` in `t`'s declaration or a superclass's.
    private func storedPropertyAnnotation(_ t: UserType, _ name: String) -> TypeSyntax? {
        var owner: UserType? = t
        while let o = owner {
            let members: TypeMembers?
            switch o.decl {
            case let s as StructDecl: members = s.members
            case let c as ClassDecl: members = c.members
            default: members = nil
            }
            let p = members?.properties.first { p in
                if case .binding(name, _) = p.pattern.kind { return !p.isStatic }
                return false
            }
            if let p { return p.type }
            owner = o.classInfo?.superclass
        }
        return nil
    }

    /// The only global function of this base name, when nothing else of the name (a type's
    /// member, a type, a variable, an extension's, a standard function) may be called.
    func certainFunctionResult(_ name: String, _ labels: [String?]) -> TypeSyntax? {
        guard let cells = functionsByBase[name], cells.count == 1, let f = cells[0].decl, globalIndex[name] == nil,
              typeSlots[name] == nil, protocols.typeAliases[name] == nil, protocols.protocols[name] == nil,
              !Self.standardFunctionNames.contains(name), !typeSlots.values.contains(where: { $0.current?.hasMember(named: name) == true }),
              !protocolsMayDeclare(name), !isOverloaded(name), !overloadedByParameterTypes.contains(cells[0].fullName) else { return nil }
        return certainResult(f, labels)
    }

    /// Whether declarations of the base name are overloaded by their parameters' types
    /// (OverloadLowering.swift): a function's or any type's method's.
    func isOverloaded(_ name: String) -> Bool {
        overloads.mangledBases[name] != nil || overloads.overloadedMembers.values.contains { $0.contains { $0.hasPrefix(name + "(") } }
    }

    /// A method's declared result on a value of `typeName`: its only method of the base name.
    func certainMethodResult(_ typeName: String, _ name: String, _ labels: [String?]) -> TypeSyntax? {
        guard let t = certainScriptType(typeName), let full = t.methodsByBase[name], full.count == 1,
              let slot = t.methods[full[0]], !slot.isStatic, !slot.isDefault, let f = slot.decl,
              t.fieldIndex[name] == nil, t.computed[name] == nil, !protocolsMayDeclare(name), !isOverloaded(name),
              !hostMayDeclare(t, name) else { return nil }
        // A superclass's method of the name with other labels is an overload the subclass
        // does not list.
        var s = t.classInfo?.superclass
        while let o = s {
            if let other = o.methodsByBase[name], other != full { return nil }
            s = o.classInfo?.superclass
        }
        return certainResult(f, labels)
    }

    private func certainResult(_ f: FunctionDecl, _ labels: [String?]) -> TypeSyntax? {
        guard f.genericParameters.isEmpty, !f.isStatic, TypeRules.accepts(f.parameters, labels),
              let r = f.returnType, certainSpelling(r) else { return nil }
        return r
    }

    /// The standard library's global functions a script's function of the name may overload.
    static let standardFunctionNames: Set<String> = [
        "abs", "max", "min", "print", "debugPrint", "dump", "zip", "stride", "sequence", "repeatElement", "swap",
        "type", "precondition", "preconditionFailure", "assert", "assertionFailure", "fatalError", "readLine",
        "numericCast", "withExtendedLifetime", "withUnsafePointer", "withUnsafeMutablePointer", "isKnownUniquelyReferenced",
        "unsafeBitCast", "withoutActuallyEscaping", "round", "sqrt", "floor", "ceil", "pow", "exp", "log", "sin", "cos", "tan",
    ]
}
