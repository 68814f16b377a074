// `==`/`!=` on an enum with associated values that is not Equatable is a type error in
// swiftc, found when the file compiles: also in a function that never runs. Where the
// declarations give an operand's type (an annotated local or parameter, a stored property,
// an element of a declared array, `E.a(...)`), the comparison's site knows the error when
// it is compiled, and the ahead-of-run compile of the unit (FunctionNameCheck.swift, and
// the top level's run) reports it before anything runs. Operands whose type only a value
// tells keep the run-time check (PayloadCases.swift), worded the same way.
//
// swiftc words the error after the overload its solver settled on, and that depends on
// the expression around the comparison (checked against swiftc 6.3.1, -typecheck):
// - "binary operator '==' cannot be applied to two 'E' operands" where the comparison is
//   the whole value of a statement (a condition, a `return`, an initializer, an assignment,
//   a call argument, through `!` and parentheses) and its operands hold no literal outside
//   an implicit member's arguments and no subscript;
// - otherwise "referencing operator function '==' on 'Equatable' requires that 'E'
//   conform to 'Equatable'" (`!=`: on 'BinaryInteger'): inside a closure, as an operand of
//   another operator (`&&`, `||`, `? :`), in an interpolation, after `_ =`, or with
//   `E.a(1)`, `mk(1)`, `rows[i]` as an operand;
// - Optionals and Arrays of the enum: "operator function '==' requires that 'E' conform to
//   'Equatable'" with the conditional conformance's note, the Optional spelled
//   `Optional<E>` when the other operand is not optional (promoted), `E?` when it is.

import TableLabSyntax

/// The comparisons of a unit that swiftc words by the `referencing` overload because of
/// where they stand (see the header).
struct EqualityContexts: SyntaxVisitor {
    var referencing = Set<SourceLocation>()
    /// Whether each open expression's children stand in such a place.
    private var stack: [Bool] = []

    init(_ statements: [Stmt]) { walk(statements) }

    mutating func visit(_ node: Stmt) -> SyntaxVisitorContinueKind {
        // `_ = a == b`
        if case .assignment(let target, _, let value) = node.kind, case .identifier("_") = target.kind {
            stack.append(true)
            walk(value)
            stack.removeLast()
            return .skipChildren
        }
        return .visitChildren
    }

    mutating func visit(_ node: Expr) -> SyntaxVisitorContinueKind {
        let inherited = stack.last ?? false
        var children = inherited
        switch node.kind {
        case .binary(let op, _, _):
            if inherited, op == .equal || op == .notEqual { referencing.insert(node.location) }
            children = true
        case .ternary, .closure: children = true
        case .string(let segments):
            if segments.contains(where: { if case .interpolation = $0 { return true } else { return false } }) {
                children = true
            }
        default: break
        }
        stack.append(children)
        return .visitChildren
    }

    mutating func visitPost(_ node: Expr) { stack.removeLast() }

    /// Whether an operand makes swiftc choose the `referencing` wording wherever the
    /// comparison stands: a literal outside an implicit member's arguments, a subscript.
    static func operandSelectsReferencing(_ e: Expr) -> Bool {
        switch e.kind {
        case .integer, .double, .string, .boolean: return true
        case .subscriptAccess, .optionalSubscript: return true
        case .call(let callee, let args):
            if case .implicitMember = callee.kind { return false }
            return operandSelectsReferencing(callee) || args.contains { operandSelectsReferencing($0.value) }
        case .member(let base, _), .optionalChain(let base, _), .forceUnwrap(let base), .unary(_, let base),
             .typeCast(let base, _, _), .tryMark(_, let base):
            return operandSelectsReferencing(base)
        case .binary(_, let l, let r): return operandSelectsReferencing(l) || operandSelectsReferencing(r)
        case .tuple(let items): return items.contains { operandSelectsReferencing($0.value) }
        case .array(let items): return items.contains(where: operandSelectsReferencing)
        default: return false
        }
    }
}

extension InterpreterCore {
    /// Remembers where a unit's comparisons stand, for their wording when they compile.
    func noteEqualityContexts(_ unit: SourceUnit) {
        equalityReferencingSites.formUnion(EqualityContexts(unit.statements).referencing)
    }

    /// Whether swiftc words a failed `==`/`!=` at `loc` by the `referencing` overload.
    func equalityUsesReferencing(_ l: Expr, _ r: Expr, at loc: SourceLocation) -> Bool {
        equalityReferencingSites.contains(loc) || EqualityContexts.operandSelectsReferencing(l)
            || EqualityContexts.operandSelectsReferencing(r)
    }

    /// The declared type of a comparison's operand, where declarations alone surely tell it
    /// (an error found here stops the whole unit, so no guess: a member is looked up only in
    /// its base's declared type); nil otherwise, also for an implicit member, whose type is
    /// the other side's.
    func declaredOperandType(_ e: Expr, _ scope: FnScope) -> RType? {
        switch e.kind {
        case .identifier(let name):
            if let t = resolvedType(of: e, scope) { return t }
            // A local of an enclosing function, captured by a closure: its declared type.
            var s = scope.parent
            while let p = s {
                if let l = p.findLocal(name) { return l.type ?? l.copiedType }
                s = p.parent
            }
            return nil
        case .self:
            return scope.selfType.flatMap { t in typeSlots[t.name].map { RType.user($0) } }
        case .member(let base, let name):
            // `E.b`: a case named on the enum itself.
            if case .identifier(let tn) = base.kind, scope.findLocal(tn) == nil, let t = userType(tn), t.kind == .enum,
               t.caseIndex[name] != nil, let slot = typeSlots[tn] {
                return .user(slot)
            }
            switch declaredOperandType(base, scope) {
            case .array(let element)?:
                // `rows.first`, `rows.last` of a declared array.
                return name == "first" || name == "last" ? .optional(element) : nil
            case .user(let slot)?:
                guard let t = slot.current, let i = t.fieldIndex[name] else { return nil }
                return t.fieldTypes[i]
            default:
                return nil
            }
        case .call(let callee, _):
            // `E.a(...)`: a case built on the enum named.
            if case .member(let base, let name) = callee.kind, case .identifier(let tn) = base.kind,
               scope.findLocal(tn) == nil, let t = userType(tn), t.kind == .enum, t.caseIndex[name] != nil,
               let slot = typeSlots[tn] {
                return .user(slot)
            }
            return nil
        case .subscriptAccess(let base, let args):
            guard args.count == 1, args[0].label == nil, case .array(let element)? = declaredOperandType(base, scope) else {
                return nil
            }
            return element
        case .forceUnwrap(let base):
            if case .optional(let w)? = declaredOperandType(base, scope) { return w }
            return nil
        default:
            return nil
        }
    }

    /// swiftc's error for `l op r` when the declarations already say it (an enum with
    /// associated values, bare or in an Optional or Array, that is not Equatable), or nil.
    func staticEqualityError(_ op: BinaryOperator, _ l: Expr, _ r: Expr, _ scope: FnScope,
                             _ loc: SourceLocation) -> RuntimeError? {
        if case .nil = l.kind { return nil }
        if case .nil = r.kind { return nil }
        // A `==` the script declares may take these operands.
        if functionsByBase["=="]?.isEmpty == false || functionsByBase["!="]?.isEmpty == false { return nil }
        let lt = declaredOperandType(l, scope), rt = declaredOperandType(r, scope)
        if op == .equal, let e = ownEqualsOnOptional(l, r, lt, rt) { return e }
        guard let known = lt ?? rt else { return nil }
        var containers: [EqualityContainer] = []
        var inner = known
        while true {
            if case .optional(let w) = inner { containers.append(.optional); inner = w; continue }
            if case .array(let e) = inner { containers.append(.array); inner = e; continue }
            break
        }
        // The enum's own `static func ==` is used without Equatable; `!=` stays Equatable's.
        guard case .user(let slot) = inner, let t = slot.current, lacksEquatable(t),
              !(containers.isEmpty && ownsOperator(t, op == .notEqual ? "!=" : "==")) else {
            return nil
        }
        // One side optional and the other not: the plain value is promoted, and swiftc
        // spells the Optional `Optional<E>`.
        var promoted = false
        if let lt, let rt {
            if case .optional = lt { promoted.toggle() }
            if case .optional = rt { promoted.toggle() }
        }
        return equatableRequired(t.name, op == .notEqual ? "!=" : "==", loc,
                                 referencing: equalityUsesReferencing(l, r, at: loc), promoted: promoted,
                                 containers: containers, synthesizable: t.kind == .enum)
    }

    /// `o == .b` (or `E.b == o`) with `o: E?`, where `E` has its own `static func ==` and
    /// is not Equatable: swiftc takes that `==` and asks for `o` unwrapped (Optional's `==`
    /// would need Equatable). Only for a name as the optional operand, whose place is
    /// swiftc's; the other operand an `E` by its declaration or an implicit member.
    private func ownEqualsOnOptional(_ l: Expr, _ r: Expr, _ lt: RType?, _ rt: RType?) -> RuntimeError? {
        func isPlain(_ e: Expr, _ t: RType?, _ slot: TypeSlot) -> Bool {
            switch e.kind {
            case .implicitMember: return true
            case .call(let callee, _): if case .implicitMember = callee.kind { return true }
            default: break
            }
            if case .user(let s)? = t { return s === slot }
            return false
        }
        for (opt, ot, other, otherType) in [(l, lt, r, rt), (r, rt, l, lt)] {
            // swiftc points at the name, or at a member's name (`m.o`).
            var at = opt.location
            switch opt.kind {
            case .identifier: break
            case .member(_, let name) where opt.range.end.line == opt.location.line && opt.range.end.column > name.count:
                at = SourceLocation(line: opt.range.end.line, column: opt.range.end.column - name.count)
            default: continue
            }
            guard case .optional(.user(let slot))? = ot, let t = slot.current,
                  t.kind == .enum, t.hasPayloadCases, !t.declaresEquatable, ownsOperator(t, "=="),
                  !ownEqualsTakesOptional(t), isPlain(other, otherType, slot) else { continue }
            return RuntimeError(RuntimeMessage.optionalNotUnwrapped(optional: t.displayName + "?", wrapped: t.displayName),
                                at: at,
                                notes: [Diagnostic(.note, RuntimeMessage.unwrapWithDefault, at: at),
                                        Diagnostic(.note, RuntimeMessage.unwrapWithForce, at: at)])
        }
        return nil
    }

    /// Whether one of the type's own `==` takes an Optional (then it may be the one called).
    private func ownEqualsTakesOptional(_ t: UserType) -> Bool {
        (t.methodsByBase["=="] ?? []).contains { name in
            t.methods[name]?.decl?.parameters.contains { p in
                if case .optional? = p.type { return true }
                return p.type == nil
            } ?? true
        }
    }
}
