// Swift's qualified spelling of a script type, as `print` writes it inside a collection,
// an Optional, a tuple, a payload or a struct's fields, and as `debugPrint` and
// `String(reflecting:)` write it: `main.Item.donate`, `main.Outer.Row(title: "a")`,
// `main.Box<Swift.Int>(x: 1)`. The module is the script file's name (`moduleName`), as
// `swiftc name.swift` gives it. Where Swift's spelling holds what TableLab cannot know (the
// address of the function a local type is declared in, the module of a type another module
// declares), printing is an error naming why, never a different text.

import TableLabSyntax

extension InterpreterCore {
    /// Why a script type has no qualified spelling TableLab can give, or nil when it has one.
    private func unqualifiable(_ t: UserType, depth: Int = 0) -> UnsupportedMessage? {
        if t.isBuiltin, t.enclosingName == nil {
            guard hosting.printedModules[ObjectIdentifier(t)] != nil else {
                return .printingHostTypeInside(type: t.name)
            }
            return nil
        }
        if LocalTypeNames.isScoped(t.name) {
            return .printingLocalType(t.displayName)
        }
        guard let outer = t.enclosingName else { return nil }
        let last = outer.split(separator: ".").last.map(String.init) ?? outer
        guard depth < 64, let o = userType(last), o !== t else {
            return .printingTypeInExtension(type: t.name, extended: outer, module: moduleName)
        }
        if protocols.genericParameters[o.id] != nil {
            return .printingTypeInGeneric(type: t.name, parent: o.name)
        }
        return unqualifiable(o, depth: depth + 1)
    }

    /// `main.Outer.Inner`: the module, the enclosing types, the type. Call only when
    /// `unqualifiable(t)` is nil.
    private func qualifiedPath(_ t: UserType) -> String {
        var names = [t.name]
        var c = t
        while let outer = c.enclosingName, names.count < 64,
              let o = userType(outer.split(separator: ".").last.map(String.init) ?? outer), o !== c {
            names.append(o.name)
            c = o
        }
        var module = moduleName(of: c)
        if c.isBuiltin, let m = hosting.printedModules[ObjectIdentifier(c)], !m.isEmpty { module = m }
        return module + "." + names.reversed().joined(separator: ".")
    }

    /// A metatype as Swift writes it inside a collection or in `debugPrint`: `main.Item`,
    /// `Swift.Array<Swift.Int>` (print of `[Item.self]` left out the module).
    func qualifiedMetatypeName(_ t: TypeRef) -> String {
        switch t {
        case .enumType(let u), .structType(let u): return qualifiedTypeName(u)
        case .table(let inst): return LocalTypeNames.display(inst.type.name)
        case .builtin(let b): return qualifiedBuiltinSpelling(b.name)
        }
    }

    /// `Dictionary<String, Item>` → `Swift.Dictionary<Swift.String, main.Item>`; a name that is
    /// neither the standard library's nor the script's (a host type's module) is refused.
    private func qualifiedBuiltinSpelling(_ name: String) -> String {
        var out = "", word = ""
        func flush() {
            guard !word.isEmpty else { return }
            if let u = userType(word), !u.isBuiltin {
                out += qualifiedTypeName(u)
            } else if StandardLibraryNames.types.contains(word) {
                out += "Swift." + word
            } else {
                if pendingDescribeError == nil {
                    pendingDescribeError = RuntimeError(UnsupportedMessage.printingHostTypeInside(type: word), at: .unknown)
                }
                out += word
            }
            word = ""
        }
        for c in name {
            if c.isLetter || c.isNumber || c == "_" { word.append(c) } else { flush(); out.append(c) }
        }
        flush()
        return out
    }

    /// The qualified name of `t` (without type arguments); when Swift's would hold what
    /// TableLab cannot know, the error `describeChecked` throws is set and the type's own
    /// name stands in.
    func qualifiedTypeName(_ t: UserType) -> String {
        if let why = unqualifiable(t) {
            if pendingDescribeError == nil { pendingDescribeError = RuntimeError(why, at: .unknown) }
            return t.displayName
        }
        return qualifiedPath(t)
    }

    /// How Swift writes the type of `v` as a generic argument: `Int`, `Array<E>`,
    /// `Optional<String>`; `qualified`, inside a collection and in `debugPrint`:
    /// `Swift.Int`, `Swift.Array<main.E>`. Nil when the value does not tell its type (an
    /// empty collection, `nil`, an instance of a class whose declared type may be a
    /// superclass's).
    func genericArgumentSpelling(_ v: Value, qualified: Bool) -> String? {
        let swift = qualified ? "Swift." : ""
        switch v {
        case .int: return swift + "Int"
        case .double: return swift + "Double"
        case .float: return swift + "Float"
        case .bool: return swift + "Bool"
        case .string: return swift + "String"
        case .object(is SubstringObject): return swift + "Substring"
        case .fixed(let f): return swift + f.kind.name
        case .enumCase(let t, _): return userTypeSpelling(types[Int(t)], qualified: qualified)
        case .payloadCase(let p): return userTypeSpelling(types[Int(p.typeID)], qualified: qualified)
        case .structValue(let s) where s.type.kind == .struct:
            guard protocols.genericParameters[s.type.id] == nil else {
                guard case .some(let args?) = genericArguments(s, qualified: qualified) else { return nil }
                return userTypeSpelling(s.type, qualified: qualified).map { $0 + args }
            }
            return userTypeSpelling(s.type, qualified: qualified)
        case .array(let a):
            guard let e = a.first, let x = genericArgumentSpelling(e, qualified: qualified) else { return nil }
            return swift + "Array<" + x + ">"
        case .set(let s):
            guard let e = s.first, let x = genericArgumentSpelling(e, qualified: qualified) else { return nil }
            return swift + "Set<" + x + ">"
        case .dictionary(let d):
            guard let (k, e) = d.first, let ks = genericArgumentSpelling(k, qualified: qualified),
                  let es = genericArgumentSpelling(e, qualified: qualified) else { return nil }
            return swift + "Dictionary<" + ks + ", " + es + ">"
        case .wrapped(let x):
            return genericArgumentSpelling(x, qualified: qualified).map { swift + "Optional<" + $0 + ">" }
        case .tuple(let t):
            var parts: [String] = []
            for (i, e) in t.elements.enumerated() {
                guard let x = genericArgumentSpelling(e, qualified: qualified) else { return nil }
                parts.append((t.labels?[i].map { $0 + ": " } ?? "") + x)
            }
            return "(" + parts.joined(separator: ", ") + ")"
        case .box(let b): return genericArgumentSpelling(b.value, qualified: qualified)
        default: return nil
        }
    }

    private func userTypeSpelling(_ t: UserType, qualified: Bool) -> String? {
        guard qualified else { return t.displayName }
        return unqualifiable(t) == nil ? qualifiedPath(t) : nil
    }
}

extension InterpreterCore {
    /// `hoist` for a prelude of the standard library's or the host's types written in Swift
    /// (`Result`, `IndexingIterator`): its types are built-in, not the script's.
    func hoistBuiltin(_ stmts: [Stmt]) throws {
        let was = declaringBuiltins
        declaringBuiltins = true
        defer { declaringBuiltins = was }
        _ = try hoist(stmts)
    }
}
