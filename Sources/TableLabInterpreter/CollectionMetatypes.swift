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

// `Box<Double>.self` of a generic script type: Swift names the metatype with its arguments
// (`Box<Double>`), and it equals `type(of: Box(v: 1.5))`; it printed `Box`, and compared equal
// to `Box<Int>.self`. The metatype is the name with its arguments spelt as Swift writes them
// (`Box<Array<Int>>`), as `type(of:)` gives a generic instance's; its static members are the
// script type's. An argument spelt otherwise (a tuple, a function, an alias) keeps the type
// without arguments, which Describe.swift refuses to print.
extension InterpreterCore {
    /// The name of the metatype `base.self` names when `base` is a generic script type
    /// written with its arguments; nil for anything else.
    func genericScriptMetatypeName(_ base: Expr, _ name: String, _ scope: FnScope) -> String? {
        guard name == "self", case .identifier(let n) = base.kind, case .named(let spelled)? = base.writtenGenericType,
              scope.findLocal(n) == nil, scope.findCapture(n) == nil, let t = typeSlots[n]?.current,
              let parameters = protocols.genericParameters[t.id] else { return nil }
        let written = WrittenType(spelled)
        guard written.arguments.count == parameters.count else { return nil }
        let arguments = written.arguments.compactMap(genericArgumentSpelling)
        guard arguments.count == parameters.count else { return nil }
        return t.name + "<" + arguments.joined(separator: ", ") + ">"
    }

    /// The generic script type a metatype's name made by `genericScriptMetatypeName` or
    /// `type(of:)` names.
    func genericScriptType(_ n: BuiltinTypeName) -> UserType? {
        guard n.name.hasSuffix(">"), let t = typeSlots[WrittenType(n.name).name]?.current,
              protocols.genericParameters[t.id] != nil else { return nil }
        return t
    }

    /// A type argument as Swift writes it inside a metatype's name: `[Int]` is `Array<Int>`,
    /// `Int?` `Optional<Int>`; nil for a spelling not followed here.
    private func genericArgumentSpelling(_ a: String) -> String? {
        if a.hasSuffix("?") { return genericArgumentSpelling(String(a.dropLast())).map { "Optional<\($0)>" } }
        if a.hasPrefix("["), a.hasSuffix("]") {
            let parts = Self.splitAtTopLevel(String(a.dropFirst().dropLast()), ":")
            let spelt = parts.compactMap(genericArgumentSpelling)
            guard spelt.count == parts.count else { return nil }
            if spelt.count == 1 { return "Array<\(spelt[0])>" }
            return spelt.count == 2 ? "Dictionary<\(spelt[0]), \(spelt[1])>" : nil
        }
        let written = WrittenType(a)
        if !written.arguments.isEmpty {
            let spelt = written.arguments.compactMap(genericArgumentSpelling)
            guard spelt.count == written.arguments.count else { return nil }
            let standard = ["Array", "Set", "Dictionary", "Optional"].contains(written.name)
            guard standard || typeSlots[written.name]?.current.map({ protocols.genericParameters[$0.id] != nil }) == true else { return nil }
            return written.name + "<" + spelt.joined(separator: ", ") + ">"
        }
        guard protocols.typeAliases[a] == nil else { return nil }
        if ["Int", "Double", "Float", "String", "Bool", "Character", "CGFloat", "Substring"].contains(a) || IntKind(name: a) != nil { return a }
        guard let t = typeSlots[a]?.current, !t.isBuiltin, protocols.genericParameters[t.id] == nil else { return nil }
        return t.name
    }

    /// `text` split at each `separator` outside brackets, each part without its spaces.
    private static func splitAtTopLevel(_ text: String, _ separator: Character) -> [String] {
        var parts: [String] = [], current = "", depth = 0
        for c in text {
            switch c {
            case "<", "[", "(": depth += 1
            case ">", "]", ")": depth -= 1
            case separator where depth == 0:
                parts.append(current.filter { $0 != " " }); current = ""; continue
            default: break
            }
            current.append(c)
        }
        parts.append(current.filter { $0 != " " })
        return parts
    }
}
