// An Array of a protocol type given for a generic `[T]` where `T: P`: Swift opens an
// existential given for a plain `T` (SE-0352), but not the elements of an Array, so
// `total(shapes)` with `shapes: [any Shape]` is swiftc's "type 'any Shape' cannot conform
// to 'Shape'". The values alone cannot tell (each element is of a conforming type), so the
// argument's declared type decides, when the call is compiled.

import TableLabSyntax

enum ExistentialMessage: DiagnosticMessage, Hashable {
    case cannotConform(existential: String, constraint: String)
    case onlyConcreteTypesConform
    case requiredBy(kind: String, name: String, parameter: String, existential: String)

    var id: DiagnosticID {
        switch self {
        case .cannotConform: return DiagnosticID("type_cannot_conform")
        case .onlyConcreteTypesConform: return DiagnosticID("only_concrete_types_conform_to_protocols")
        case .requiredBy: return DiagnosticID("where_requirement_failure_one_subst")
        }
    }

    var text: String {
        switch self {
        case .cannotConform(let e, let c): return "type '\(e)' cannot conform to '\(c)'"
        case .onlyConcreteTypesConform: return "only concrete types such as structs, enums and classes can conform to protocols"
        case .requiredBy(let k, let n, let p, let e): return "required by \(k) '\(n)' where '\(p)' = '\(e)'"
        }
    }
}

extension InterpreterCore {
    /// The error of a call of the global generic function `d` that gives an Array declared
    /// with a protocol element type for a `[T]` whose `T` must conform to that protocol.
    func existentialArrayArgument(_ d: FunctionDecl, _ map: [Int?], _ args: [Argument], _ scope: FnScope,
                                  calleeLoc: SourceLocation, kind: String = "global function") -> Eval? {
        guard let error = existentialArrayArgumentError(d, map, args, scope, calleeLoc: calleeLoc, kind: kind) else { return nil }
        compileTimeRefusals?.append(error)
        return { _ in throw error }
    }

    /// `existentialArrayArgument`'s error, recorded nowhere (the selector's question).
    func existentialArrayArgumentError(_ d: FunctionDecl, _ map: [Int?], _ args: [Argument], _ scope: FnScope,
                                       calleeLoc: SourceLocation, kind: String) -> RuntimeError? {
        guard !d.genericParameters.isEmpty else { return nil }
        for (i, p) in d.parameters.enumerated() where i < map.count {
            guard case .array(.named(let g))? = p.type, let ai = map[i], ai < args.count,
                  let gp = d.genericParameters.first(where: { $0.name == g }),
                  let constraint = gp.constraint?.description ?? d.whereClause.first(where: {
                      !$0.isSameType && $0.subject.description == g })?.constraint.description,
                  case .array(.conforming(let proto))? = resolvedType(of: args[ai].value, scope),
                  proto == constraint, !proto.contains("&") else { continue }
            let existential = "any \(proto)"
            let nameAt = d.declaredAt
            let error = RuntimeError(ExistentialMessage.cannotConform(existential: existential, constraint: constraint), at: calleeLoc, notes: [
                .note(ExistentialMessage.onlyConcreteTypesConform, at: calleeLoc),
                .note(ExistentialMessage.requiredBy(kind: kind, name: d.name, parameter: g, existential: existential), at: nameAt),
            ])
            return error
        }
        return nil
    }
}

extension InterpreterCore {
    /// The same for a method of a script type the receiver's declared type (or the type
    /// named, for a static method) tells: the one whose labels the call's arguments fit.
    func existentialArrayMethodArgument(_ t: UserType, _ name: String, _ args: [Argument], _ scope: FnScope,
                                        calleeLoc: SourceLocation) -> Eval? {
        guard let error = existentialArrayMethodArgumentError(t, name, args, scope, calleeLoc: calleeLoc) else { return nil }
        compileTimeRefusals?.append(error)
        return { _ in throw error }
    }

    func existentialArrayMethodArgumentError(_ t: UserType, _ name: String, _ args: [Argument], _ scope: FnScope,
                                             calleeLoc: SourceLocation) -> RuntimeError? {
        let labels = args.map(\.label)
        for full in t.methodsByBase[name] ?? [] {
            guard let d = t.methods[full]?.decl, !d.genericParameters.isEmpty,
                  case .success(let map) = matchArguments(d.parameters.map { ($0.label, $0.defaultValue != nil) }, labels) else { continue }
            let kind = d.isClassMethod ? "class method" : d.isStatic ? "static method" : "instance method"
            return existentialArrayArgumentError(d, map, args, scope, calleeLoc: calleeLoc, kind: kind)
        }
        return nil
    }
}
