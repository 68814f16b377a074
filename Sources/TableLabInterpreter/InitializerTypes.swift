// An unannotated variable made by a call whose result type is written (`var t = f()` with
// `func f() -> Int`, `var s = Section(title: "a")`) has that type in Swift: a later
// `t = "x"` is swiftc's "cannot assign value of type 'String' to type 'Int'". It was stored
// as it came. The type is known only where it is certain: a global function's written
// result (one declaration of the name, not generic), a construction of a script struct
// or class that cannot fail, a static method of a script type with a written result.
// Assignments check it as they check a literal's type (`Local.literalType`) where that
// check is exact: Int, String, Bool and script structs; overload choice reads it for
// classes too (`Local.initializerType`, OverloadChoice.swift).

import TableLabSyntax

extension InterpreterCore {
    /// The type a variable declared `= e` has from `e`'s written result type; nil unless certain.
    func initializerResultType(_ e: Expr?, _ scope: FnScope?) -> RType? {
        guard let e, case .call(let callee, _) = e.kind else { return nil }
        switch callee.kind {
        case .identifier(let n):
            if let scope, scope.findLocal(n) != nil || (scope.parent != nil && scope.findCapture(n) != nil) { return nil }
            // A method of `self` of that name is called instead (the type's own code).
            if let t = scope?.selfType, t.methodsByBase[n] != nil || t.fieldIndex[n] != nil || t.computed[n] != nil { return nil }
            if let slot = typeSlots[n], let t = slot.current {
                guard t.kind == .struct || t.kind == .class, !t.initializers.contains(where: { $0.failability != nil }) else { return nil }
                return .user(slot)
            }
            guard globalIndex[n] == nil, let cells = functionsByBase[n], cells.count == 1, let d = cells[0].decl,
                  d.genericParameters.isEmpty, let r = d.returnType, case .named(let rn) = r else { return nil }
            return certainResult(resolveType(r), written: rn)
        case .member(let base, let n):
            guard case .identifier(let tn) = base.kind, scope?.findLocal(tn) == nil, let t = typeSlots[tn]?.current,
                  let fulls = t.methodsByBase[n], fulls.count == 1, let d = t.methods[fulls[0]]?.decl, d.isStatic,
                  d.genericParameters.isEmpty, let r = d.returnType, case .named(let rn) = r, rn != "Self" else { return nil }
            return certainResult(resolveType(r), written: rn)
        default: return nil
        }
    }

    /// `t` where the written name is the type itself (CGFloat and Character are Double and
    /// String to TableLab; an alias is not known to be one).
    private func certainResult(_ t: RType, written: String) -> RType? {
        switch t {
        case .int, .bool, .fixed, .float, .user: return t
        case .string, .double: return written == t.description ? t : nil
        default: return nil
        }
    }

    /// Whether an assignment's check of `t` is exact (QuickCheck's kinds, and the script's
    /// structs and enums, whose values carry their type).
    func assignmentChecks(_ t: RType) -> Bool {
        switch t {
        case .int, .string, .bool: return true
        case .user(let slot): return slot.current.map { $0.kind == .struct || $0.kind == .enum } ?? false
        default: return false
        }
    }

    /// Records on the local just declared `name = e` the type its initializer gives it.
    func noteInitializerType(_ name: String, _ e: Expr?, _ scope: FnScope) {
        guard let t = initializerResultType(e, scope) else { return }
        let b = scope.blocks.count - 1
        scope.blocks[b][name]?.initializerType = t
        if assignmentChecks(t) { scope.blocks[b][name]?.literalType = t }
    }
}

// A literal where a script type adopting `ExpressibleByIntegerLiteral`, `...FloatLiteral`,
// `...StringLiteral` or `...BooleanLiteral` is expected (an annotation, an argument, a
// return, an element) makes a value of that type through its initializer, as Swift does:
// `let d: Meters = 5` calls `init(integerLiteral:)`. It was "cannot convert value of type
// 'Int' to specified type 'Meters'", though swiftc accepts it. (`ExpressibleByArrayLiteral`
// is not done: its variadic initializer is not called with grouped arguments here.)
extension InterpreterCore {
    /// `T(integerLiteral: e)` (and its kin) when `expected` is a script type that takes
    /// the literal `e` through its protocol; nil otherwise.
    func literalInitialization(_ e: Expr, expected: RType) -> Expr? {
        guard case .user(let slot) = unwrapOptional(expected), let t = slot.current, !t.conformances.isEmpty else { return nil }
        let label: String
        switch e.kind {
        case .integer: label = "integerLiteral"
        case .double: label = "floatLiteral"
        case .boolean: label = "booleanLiteral"
        case .string(let segments):
            guard segments.allSatisfy({ if case .text = $0 { return true }; return false }) else { return nil }
            label = "stringLiteral"
        default: return nil
        }
        let proto: String
        switch label {
        case "integerLiteral": proto = "ExpressibleByIntegerLiteral"
        case "floatLiteral": proto = "ExpressibleByFloatLiteral"
        case "booleanLiteral": proto = "ExpressibleByBooleanLiteral"
        default: proto = "ExpressibleByStringLiteral"
        }
        guard t.conformances.contains(proto) else { return nil }
        let callee = Expr(.identifier(t.name), at: e.location)
        let args = [Argument(label: label, value: e, location: e.location)]
        return Expr(.call(callee, args), at: e.location, range: e.range)
    }
}

// `[1, 2]` where a script type adopting `ExpressibleByArrayLiteral` is expected is
// `T(arrayLiteral: 1, 2)`, and `["a": 1]` where one adopting `ExpressibleByDictionaryLiteral`
// is, `T(dictionaryLiteral: ("a", 1))`: the elements are already the variadic parameter's one
// array, so the construction is compiled with them grouped (`[]` would otherwise be a call
// with no arguments, which an `init()` of the type would take).
extension InterpreterCore {
    func collectionLiteralInitialization(_ e: Expr, expected: RType, _ scope: FnScope) -> Eval? {
        guard case .user(let slot) = unwrapOptional(expected), let t = slot.current, !t.conformances.isEmpty else { return nil }
        let label: String, elements: Expr
        switch e.kind {
        case .array:
            guard t.conformances.contains("ExpressibleByArrayLiteral") else { return nil }
            label = "arrayLiteral"; elements = e
        case .dictionary(let pairs):
            guard t.conformances.contains("ExpressibleByDictionaryLiteral") else { return nil }
            label = "dictionaryLiteral"
            elements = Expr(.array(pairs.map { p in
                Expr(.tuple([(label: nil, value: p.key), (label: nil, value: p.value)]), at: p.key.location,
                     range: SourceRange(start: p.key.range.start, end: p.value.range.end))
            }), at: e.location, range: e.range)
        default: return nil
        }
        let inits = t.classInfo?.inits.map(\.decl) ?? t.initializers
        guard inits.contains(where: { $0.parameters.count == 1 && $0.parameters[0].isVariadic && $0.parameters[0].label == label }) else { return nil }
        return compileConstructor(slot, [Argument(label: label, value: elements, location: e.location)], scope, e.location,
                                  callEnd: e.range.end, argumentsGrouped: true)
    }
}

extension InterpreterCore {
    /// The arguments of a method call whose receiver's type is certain, each literal that
    /// makes a value of its parameter's script type written as that type's initialization
    /// (the method's arguments are compiled before the method is known); nil when none is.
    func literalArgumentsInitialized(_ callee: Expr, _ args: [Argument], _ scope: FnScope) -> [Argument]? {
        guard case .member(let base, let name) = callee.kind,
              args.contains(where: { a in
                  switch a.value.kind { case .integer, .double, .string, .boolean: return true; default: return false }
              }) else { return nil }
        let t: UserType
        var isStatic = false
        switch base.kind {
        case .self:
            guard let s = scope.selfType else { return nil }
            t = s; isStatic = scope.isStatic
        case .identifier(let n) where scope.findLocal(n) == nil && typeSlots[n]?.current != nil:
            t = typeSlots[n]!.current!; isStatic = true
        default:
            guard case .known(.user(let slot)) = overloadArgument(base, scope), let s = slot.current else { return nil }
            t = s
        }
        let full = name + "(" + labelsString(args.map(\.label)) + ")"
        guard let d = t.methods[full]?.decl, d.isStatic == isStatic, d.parameters.count == args.count else { return nil }
        var out = args
        var changed = false
        for (i, p) in d.parameters.enumerated() {
            guard !p.isVariadic, !p.isInout, let pt = p.type,
                  let made = literalInitialization(args[i].value, expected: resolveType(pt)) else { continue }
            out[i].value = made
            changed = true
        }
        return changed ? out : nil
    }
}
