// A generic parameter that only a function's result names (`func dequeue<T: UITableViewCell>
// (for: IndexPath) -> T`): Swift infers it from the call's context, `as SettingCell` or
// `let c: SettingCell = ...`. The interpreter is dynamically typed, so the call site hands
// the contextual type to the callee: it records (the callee's frame depth, its full name,
// the type) before the call and drops it after, and `T` in the callee's body reads the
// record made for its own frame. Without such a context `T` as a value stays refused by name.

import TableLabSyntax

extension InterpreterCore {
    /// The generic parameters of `f` that no parameter's type names and its result does,
    /// with `f`'s full name and result type.
    func resultOnlyGenericParameters(_ f: FunctionDecl) -> [String: (function: String, result: TypeSyntax)] {
        guard !f.genericParameters.isEmpty, let result = f.returnType else { return [:] }
        let resultNames = Self.identifiers(in: result.description)
        var parameterNames = Set<String>()
        for p in f.parameters { if let t = p.type { parameterNames.formUnion(Self.identifiers(in: t.description)) } }
        let full = f.name + "(" + labelsString(f.parameters.map(\.label)) + ")"
        var out: [String: (function: String, result: TypeSyntax)] = [:]
        for g in f.genericParameters where resultNames.contains(g.name) && !parameterNames.contains(g.name) {
            out[g.name] = (full, result)
        }
        return out
    }

    private static func identifiers(in text: String) -> Set<String> {
        Set(text.split { !($0.isLetter || $0.isNumber || $0 == "_") }.map(String.init))
    }

    /// The function whose result alone names the generic parameter `name`, where it is in scope.
    func resultOnlyGenericFunction(_ name: String) -> (function: String, result: TypeSyntax)? {
        for s in protocols.resultOnlyParameters.reversed() { if let f = s[name] { return f } }
        return nil
    }

    /// `T` as a value in the body of `function`: the script's type its call was made for,
    /// read off the call's type where the result's shape shows `T` (`T`, `T?`, `[T]`).
    func compileResultOnlyGeneric(_ name: String, function: String, result: TypeSyntax, _ loc: SourceLocation) -> Eval {
        return { m in
            for hint in m.pointee.resultTypeHints.reversed() where hint.depth == m.pointee.depth && hint.function == function {
                if let t = Self.bound(name, in: result, by: hint.type) { return .type(.structType(t)) }
                break
            }
            throw RuntimeError(UnsupportedMessage.genericResultUnwritten(name), at: loc)
        }
    }

    /// The script's class or struct that `type` gives the generic parameter `name` of `result`.
    static func bound(_ name: String, in result: TypeSyntax, by type: RType) -> UserType? {
        switch (result, type) {
        case (.named(let n), .user(let slot)) where n == name:
            guard let t = slot.current, t.kind == .class || t.kind == .struct else { return nil }
            return t
        case (.named(let n), .optional(let inner)) where n == name:
            // `let c: Cell? = make()` with `make() -> T`: T is the wrapped type.
            return bound(name, in: result, by: inner)
        case (.optional(let r), .optional(let inner)), (.array(let r), .array(let inner)), (.set(let r), .set(let inner)):
            return bound(name, in: r, by: inner)
        case (.optional(let r), _):
            return bound(name, in: r, by: type)
        default:
            return nil
        }
    }

    /// A call made where its type is known: records the type for a callee whose generic
    /// parameter only its result names.
    func withResultTypeHint(_ call: @escaping Eval, callee: Expr, _ args: [Argument], expected: RType?) -> Eval {
        guard let expected, Self.mentionsUserType(expected) else { return call }
        let base: String
        switch callee.kind {
        case .identifier(let n), .member(_, let n), .implicitMember(let n): base = n
        default: return call
        }
        let function = base + "(" + labelsString(args.map(\.label)) + ")"
        return { m in
            m.pointee.resultTypeHints.append((depth: m.pointee.depth + 1, function: function, type: expected))
            defer { m.pointee.resultTypeHints.removeLast() }
            return try call(m)
        }
    }

    private static func mentionsUserType(_ t: RType) -> Bool {
        switch t {
        case .user: return true
        case .optional(let w), .array(let w), .set(let w): return mentionsUserType(w)
        default: return false
        }
    }
}
