// Variadic parameters (`func total(_ xs: Int...)`): inside the function the parameter is
// an array (`[Int]`), so a call is compiled as if its variadic arguments had been written
// as one array literal: `total(1, 2, 3)` runs as `total([1, 2, 3])`, `total()` as
// `total([])`. Swift gives the variadic parameter the argument with its label and every
// unlabelled argument after it, up to the next labelled one.

import TableLabSyntax

extension InterpreterCore {
    /// The arguments of a call to a function with `params`, its variadic arguments grouped
    /// into array literals; nil when no parameter is variadic. Throws swiftc's error for an
    /// array given where the variadic elements go (Swift has no splat).
    func groupingVariadicArguments(_ params: [Parameter], _ args: [Argument], at loc: SourceLocation,
                                   _ scope: FnScope) throws -> [Argument]? {
        guard params.contains(where: \.isVariadic) else { return nil }
        var out: [Argument] = []
        var ai = 0
        for p in params {
            if p.isVariadic {
                var group: [Expr] = []
                var at = args.indices.contains(ai) ? args[ai].location : loc
                if ai < args.count, args[ai].label == p.label {
                    at = args[ai].location
                    group.append(args[ai].value)
                    ai += 1
                    while ai < args.count, args[ai].label == nil, !args[ai].isTrailingClosure {
                        group.append(args[ai].value)
                        ai += 1
                    }
                }
                if group.count == 1, case .array(let element)? = p.type.map(resolveType),
                   let given = arrayType(of: group[0], scope) {
                    if case .array = element {} else {
                        throw RuntimeError(ConversionMessage.variadicArray(type: given.description, variadic: element.description),
                                           at: group[0].location)
                    }
                }
                let start = group.first?.range.start ?? at
                let end = group.last?.range.end ?? at
                out.append(Argument(label: p.label, value: Expr(.array(group), at: start, range: SourceRange(start: start, end: end)),
                                    location: at))
            } else if ai < args.count, args[ai].label == p.label {
                out.append(args[ai])
                ai += 1
            }
        }
        out += args[ai...]
        return out
    }

    /// The arguments of a call that may go to any of `decls` (a type's initializers, its
    /// static methods of one name), grouped for the first with a variadic parameter whose
    /// labels they then fit; nil when none does. Only that declaration's grouping may
    /// throw (an array given where its variadic elements go).
    func groupingVariadicArguments(among decls: [FunctionDecl], _ args: [Argument], at loc: SourceLocation,
                                   _ scope: FnScope) throws -> [Argument]? {
        // One without a variadic parameter that the arguments fit as written is Swift's
        // better match (`T()` takes `init()` before `init(_ xs: Int...)`).
        let labels = args.map(\.label)
        if decls.contains(where: { d in
            guard !d.parameters.contains(where: \.isVariadic) else { return false }
            if case .success = matchArguments(d.parameters.map { ($0.label, $0.defaultValue != nil) }, labels) { return true }
            return false
        }) { return nil }
        for d in decls where d.parameters.contains(where: \.isVariadic) {
            let params = d.parameters.map { ($0.label, $0.defaultValue != nil) }
            guard let grouped = (try? groupingVariadicArguments(d.parameters, args, at: loc, scope)) ?? nil,
                  case .success = matchArguments(params, grouped.map(\.label)) else { continue }
            return try groupingVariadicArguments(d.parameters, args, at: loc, scope)
        }
        return nil
    }

    /// The array type of `e` when it is known to be an array: declared, or an array literal.
    private func arrayType(of e: Expr, _ scope: FnScope) -> RType? {
        if case .array(let items) = e.kind, let first = items.first, let t = literalType(first) { return .array(t) }
        if let t = resolvedType(of: e, scope), case .array = t { return t }
        return nil
    }

    /// The one instance method named `name` that a script type declares with a variadic parameter
    /// (methods are found when the call runs, so the grouping is chosen by name); nil when
    /// there is none, or more than one.
    func variadicMethod(named name: String) -> FunctionDecl? {
        var found: FunctionDecl? = nil
        for t in types {
            for full in t.methodsByBase[name] ?? [] {
                // A static one is not called on a value (`parts.joined(separator:)` inside a
                // `class func joined(_ parts: String..., separator:)` is Array's).
                guard let d = t.methods[full]?.decl, !d.isStatic, d.parameters.contains(where: \.isVariadic) else { continue }
                if let f = found, f.location != d.location { return nil }
                found = d
            }
        }
        return found
    }
}
