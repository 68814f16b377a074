// Trailing closures given to labelled parameters: `perform(times: 2) { ... }` passes the
// closure as `action:`, `animate(duration: 1) { } completion: { }` the first one as
// `animations:`, as Swift's forward scan does. The call is compiled again with the labels
// the declaration's parameters give the closures.

import TableLabSyntax
import TableLabExhaustiveness

extension InterpreterCore {
    /// The arguments with the unlabelled trailing closure labelled, when the call's labels
    /// match no declaration as written and do with it; nil otherwise.
    func trailingClosureLabels(_ callee: Expr, _ args: [Argument], _ scope: FnScope) -> [Argument]? {
        guard let t = args.firstIndex(where: { $0.isTrailingClosure }), args[t].label == nil else { return nil }
        let candidates = parameterLists(callee, scope)
        if candidates.isEmpty { return nil }
        let labels = args.map(\.label)
        for params in candidates {
            if case .success = matchArguments(params, labels) { return nil }
        }
        for params in candidates {
            for p in params.indices {
                guard let label = params[p].label else { continue }
                var l = labels
                l[t] = label
                if case .success = matchArguments(params, l) {
                    var a = args
                    a[t].label = label
                    return a
                }
            }
        }
        return nil
    }

    /// The parameter lists a callee may have: a global function's, a type's initializers
    /// (or its memberwise one), the methods of that name of the script's types.
    func parameterLists(_ callee: Expr, _ scope: FnScope) -> [[(label: String?, hasDefault: Bool)]] {
        parameterDeclarations(callee, scope).map { ps in ps.map { ($0.label, $0.defaultValue != nil) } }
    }

    /// The parameters of the declarations a callee may be (see `parameterLists`).
    func parameterDeclarations(_ callee: Expr, _ scope: FnScope) -> [[Parameter]] {
        func lists(_ decls: [FunctionDecl]) -> [[Parameter]] { decls.map(\.parameters) }
        switch callee.kind {
        case .identifier(let name):
            if scope.findLocal(name) != nil { return [] }
            if let t = userType(name) {
                if !t.initializers.isEmpty { return lists(t.initializers) }
                if t.kind == .enum { return [] }
                return [t.fieldNames.enumerated().map { i, n in
                    let hasDefault = t.fieldDefaults[i] != nil || (!t.fieldIsLet[i] && isOptionalType(t.fieldTypes[i]))
                    return Parameter(label: initLabel(n), name: n, type: nil, defaultValue: hasDefault ? Expr(.nil, at: .unknown) : nil,
                                     location: .unknown)
                }]
            }
            if let cells = functionsByBase[name] {
                // A host's native function has no declaration: its labels are its parameters
                // (`UIContextualAction(style:title:handler:)` takes a trailing `handler`).
                return cells.map { c in
                    c.decl?.parameters ?? c.labels.map { Parameter(label: $0, name: $0 ?? "_", type: nil, defaultValue: nil, location: .unknown) }
                }
            }
            if let t = scope.selfType, let fulls = t.methodsByBase[name] { return lists(fulls.compactMap { t.methods[$0]?.decl }) }
            return []
        case .member(_, let name), .implicitMember(let name), .optionalChain(_, let name):
            var decls: [FunctionDecl] = []
            for t in types where typeSlots[t.name]?.current === t {
                for full in t.methodsByBase[name] ?? [] { if let d = t.methods[full]?.decl { decls.append(d) } }
            }
            // The methods an extension gives a host class (`extension UIView { static func config ... }`).
            for h in protocols.builtinExtensions.values.sorted(by: { $0.name < $1.name }) where h.kind == .class {
                for full in h.methodsByBase[name] ?? [] { if let d = h.methods[full]?.decl { decls.append(d) } }
            }
            return lists(decls)
        default:
            return []
        }
    }
}
