// Which overload a call of a mangled set (OverloadLowering.swift) runs, chosen where the
// call is compiled as Swift chooses it:
// - each argument's static type where the declarations tell it for sure (a literal's kind,
//   an annotated or literal-typed local, a parameter, a stored property, a construction,
//   `x as T`); a position is then viable or not for each overload, with swiftc's ranking
//   for these types: fewer literals of a non-default type first (`f(3)` takes `Int`
//   before `Double`), then fewer upcasts to a superclass;
// - one overload left: that one (the program compiles only so); none: swiftc's "no exact
//   matches in call"; a tie among exact ones: swiftc's "ambiguous use of";
// - otherwise the arguments are evaluated once into hidden locals and the overload is
//   chosen by their values' types when the call runs, which is Swift's choice whenever
//   exactly one overload takes them (every parameter is of one concrete type, so a value
//   that one takes was of a static type only that one takes); when none or several take
//   them, the call is refused by name instead of guessed.

import TableLabSyntax

enum OverloadChoice {
    /// The dispatcher's parameters (OverloadLowering.swift): no script can write the name.
    static func argumentName(_ i: Int) -> String {
        var s = "overloaded"
        s.unicodeScalars.append(LocalTypeNames.mark)
        return s + String(i)
    }

    struct Candidate {
        let mangledBase: String
        let decl: FunctionDecl
        let types: [RType]
    }

    enum Argument {
        case known(RType), intLiteral, floatLiteral, stringLiteral, boolLiteral, implicitMember(String), unknown
    }

    /// How one argument fits one parameter: `literal` counts a literal of another type than
    /// its default, `upcasts` the superclass steps.
    enum Fit { case no, unsure, fits(literal: Int, upcasts: Int) }
}

extension InterpreterCore {
    /// A call of an overloaded name compiled with its choice; nil when the call is not one
    /// (or is left to the plain name's dispatcher).
    func compileOverloadedCall(_ callee: Expr, _ args: [Argument], _ scope: FnScope, _ loc: SourceLocation,
                               expected: RType?, callEnd: SourceLocation) -> Eval? {
        let name: String
        switch callee.kind {
        case .identifier(let n), .member(_, let n): name = n
        default: return nil
        }
        guard let bases = overloads.mangledBases[name], !args.contains(where: { if case .unary(.inoutArgument, _) = $0.value.kind { return true }; return false }) else { return nil }
        let labels = args.map(\.label)
        let labelText = labelsString(labels)
        var candidates: [OverloadChoice.Candidate] = []
        var kind = "global function"
        switch callee.kind {
        case .identifier:
            // A local, or a member of `self` (the call plan makes it `self.name(...)` first).
            if scope.findLocal(name) != nil || scope.findCapture(name) != nil { return nil }
            if let t = scope.selfType, t.methodsByBase[name] != nil { return nil }
            for b in bases.sorted() {
                for c in functionsByBase[b] ?? [] where c.labels == labels {
                    if let d = c.decl { candidates.append(candidate(b, d)) }
                }
            }
        case .member(let base, _):
            guard let (t, isStatic) = overloadReceiver(base, scope) else { return nil }
            kind = isStatic ? "static method" : "instance method"
            for b in bases.sorted() {
                guard let slot = t.methods[b + "(" + labelText + ")"], let d = slot.decl, d.isStatic == isStatic else { continue }
                if d.isClassMethod { kind = "class method" }
                candidates.append(candidate(b, d))
            }
        default: return nil
        }
        guard candidates.count > 1 else {
            guard let only = candidates.first else { return nil }
            return compileCall(renamed(callee, only.mangledBase), args, scope, loc, expected: expected, callEnd: callEnd)
        }
        let kinds = args.map { overloadArgument($0.value, scope) }
        var viable: [(OverloadChoice.Candidate, sure: Bool, literal: Int, upcasts: Int)] = []
        var misfits: [(OverloadChoice.Candidate, position: Int)] = []
        for c in candidates {
            var sure = true, literal = 0, upcasts = 0
            var misfit: [Int] = []
            for (i, a) in kinds.enumerated() {
                switch fit(a, c.decl.parameters[i].type, c.types[i]) {
                case .no: misfit.append(i)
                case .unsure: sure = false
                case .fits(let l, let u): literal += l; upcasts += u
                }
            }
            if misfit.isEmpty { viable.append((c, sure, literal, upcasts)) } else if misfit.count == 1 { misfits.append((c, misfit[0])) }
        }
        let shown = LocalTypeNames.display(name)
        if viable.isEmpty {
            // Every overload is ruled out by arguments whose types are certain.
            let notes: [Diagnostic] = misfits.count == candidates.count ? misfits.map { c, i in
                .note(OverloadChoiceMessage.candidateExpects(type: c.decl.parameters[i].type?.description ?? "_", position: i + 1,
                                                              got: overloadArgumentTypeName(kinds[i])),
                      at: Self.nameLocation(c.decl))
            } : []
            return refusedAtCompile(RuntimeError(OverloadChoiceMessage.noExactMatches(kind: kind, name: shown), at: callee.location, notes: notes))
        }
        if viable.count == 1 {
            return compileCall(renamed(callee, viable[0].0.mangledBase), args, scope, loc, expected: expected, callEnd: callEnd)
        }
        if viable.allSatisfy(\.sure) {
            let best = viable.map(\.literal).min()!
            let first = viable.filter { $0.literal == best }
            if first.count == 1 {
                return compileCall(renamed(callee, first[0].0.mangledBase), args, scope, loc, expected: expected, callEnd: callEnd)
            }
            let fewest = first.map(\.upcasts).min()!
            let chosen = first.filter { $0.upcasts == fewest }
            if chosen.count == 1 {
                return compileCall(renamed(callee, chosen[0].0.mangledBase), args, scope, loc, expected: expected, callEnd: callEnd)
            }
            if chosen.allSatisfy({ $0.upcasts == 0 }) {
                let notes = chosen.map { Diagnostic.note(OverloadChoiceMessage.foundCandidate, at: Self.nameLocation($0.0.decl)) }
                return refusedAtCompile(RuntimeError(OverloadChoiceMessage.ambiguous(name: shown), at: callee.location, notes: notes))
            }
            let full = shown + "(" + labelText + ")"
            return refusedAtCompile(RuntimeError(OverloadChoiceMessage.cannotRank(full), at: callee.location))
        }
        return compileDynamicOverloadCall(callee, args, viable.map(\.0), scope, loc, expected: expected, callEnd: callEnd)
    }

    private func candidate(_ base: String, _ d: FunctionDecl) -> OverloadChoice.Candidate {
        OverloadChoice.Candidate(mangledBase: base, decl: d, types: d.parameters.map { $0.type.map(resolveType) ?? .any })
    }

    private func renamed(_ callee: Expr, _ base: String) -> Expr {
        switch callee.kind {
        case .member(let b, _): return Expr(.member(b, base), at: callee.location, range: callee.range)
        default: return Expr(.identifier(base), at: callee.location, range: callee.range)
        }
    }

    private func refusedAtCompile(_ error: RuntimeError) -> Eval {
        compileTimeRefusals?.append(error)
        return { _ in throw error }
    }

    /// The type whose methods a member call names, and whether they are its static ones;
    /// nil when the declarations do not tell it for sure.
    private func overloadReceiver(_ base: Expr, _ scope: FnScope) -> (UserType, Bool)? {
        switch base.kind {
        case .self:
            guard let t = scope.selfType else { return nil }
            return (t, scope.isStatic)
        case .identifier(let n) where scope.findLocal(n) == nil:
            if let t = typeSlots[n]?.current { return (t, true) }
        default: break
        }
        if case .known(.user(let slot)) = overloadArgument(base, scope), let t = slot.current { return (t, false) }
        return nil
    }

    /// An argument's static type where the declarations tell it for sure.
    func overloadArgument(_ e: Expr, _ scope: FnScope) -> OverloadChoice.Argument {
        func certain(_ t: RType?) -> OverloadChoice.Argument {
            switch t {
            case .int?, .double?, .float?, .string?, .bool?, .fixed?, .user?: return .known(t!)
            default: return .unknown
            }
        }
        switch e.kind {
        case .integer: return .intLiteral
        case .double: return .floatLiteral
        case .string: return .stringLiteral
        case .boolean: return .boolLiteral
        case .implicitMember(let n): return .implicitMember(n)
        case .unary(.negate, let x):
            switch overloadArgument(x, scope) {
            case .intLiteral: return .intLiteral
            case .floatLiteral: return .floatLiteral
            default: return .unknown
            }
        case .identifier(let n):
            if let l = scope.findLocal(n) { return certain(l.type ?? l.literalType ?? l.initializerType ?? l.inferredType.map(resolveType)) }
            if scope.findCapture(n) != nil { return .unknown }
            if let t = scope.selfType, !scope.isStatic, let i = t.fieldIndex[n] { return certain(t.fieldTypes[i]) }
            if let g = globalIndex[n], let d = globalDeclarations[g] {
                if let t = d.type { return certain(resolveType(t)) }
                if let t = overloadLiteralType(d.initializer) ?? initializerResultType(d.initializer, nil) { return certain(t) }
            }
            return .unknown
        case .member(let b, let n):
            if case .self = b.kind, let t = scope.selfType, !scope.isStatic, let i = t.fieldIndex[n] { return certain(t.fieldTypes[i]) }
            if case .identifier(let tn) = b.kind, scope.findLocal(tn) == nil, let t = typeSlots[tn]?.current, t.kind == .enum,
               t.caseIndex[n] != nil, let slot = typeSlots[tn] {
                return .known(.user(slot))
            }
            return .unknown
        case .call(let c, _):
            // A construction of a script struct or class (not an enum's failable `init(rawValue:)`).
            if case .identifier(let tn) = c.kind, scope.findLocal(tn) == nil, let slot = typeSlots[tn], let t = slot.current,
               t.kind == .struct || t.kind == .class, !t.initializers.contains(where: { $0.failability != nil }) {
                return .known(.user(slot))
            }
            return .unknown
        case .typeCast(_, let t, .as):
            return certain(resolveType(t))
        default: return .unknown
        }
    }

    /// The type of a literal a global was declared with (`var n = 3`).
    private func overloadLiteralType(_ e: Expr?) -> RType? {
        switch e?.kind {
        case .integer?: return .int
        case .double?: return .double
        case .string?: return .string
        case .boolean?: return .bool
        default: return nil
        }
    }

    private func fit(_ a: OverloadChoice.Argument, _ syntax: TypeSyntax?, _ p: RType) -> OverloadChoice.Fit {
        let written = syntax?.description ?? ""
        switch a {
        case .unknown: return .unsure
        case .intLiteral:
            if written == "Int" { return .fits(literal: 0, upcasts: 0) }
            if ["Double", "Float", "CGFloat", "Float80"].contains(written) { return .fits(literal: 1, upcasts: 0) }
            if case .fixed = p { return .fits(literal: 1, upcasts: 0) }
            return literalConformance(p, "ExpressibleByIntegerLiteral")
        case .floatLiteral:
            if written == "Double" { return .fits(literal: 0, upcasts: 0) }
            if ["Float", "CGFloat", "Float80"].contains(written) { return .fits(literal: 1, upcasts: 0) }
            if case .fixed = p { return .no }
            if written == "Int" { return .no }
            return literalConformance(p, "ExpressibleByFloatLiteral")
        case .stringLiteral:
            if written == "String" { return .fits(literal: 0, upcasts: 0) }
            // Character and Substring take some string literals: TableLab keeps no difference.
            if written == "Character" || written == "Substring" { return .unsure }
            if case .fixed = p { return .no }
            if ["Int", "Double", "Float", "CGFloat", "Bool"].contains(written) { return .no }
            return literalConformance(p, "ExpressibleByStringLiteral")
        case .boolLiteral:
            if written == "Bool" { return .fits(literal: 0, upcasts: 0) }
            if case .fixed = p { return .no }
            if ["Int", "Double", "Float", "CGFloat", "String", "Character"].contains(written) { return .no }
            return literalConformance(p, "ExpressibleByBooleanLiteral")
        case .implicitMember(let n):
            guard case .user(let slot) = p, let t = slot.current else { return .unsure }
            if t.caseIndex[n] != nil { return .fits(literal: 0, upcasts: 0) }
            if t.computed[n] != nil || t.staticStored[n] != nil || t.methodsByBase[n] != nil { return .unsure }
            return .no
        case .known(let k):
            switch (k, p) {
            case (.int, .int), (.string, .string), (.bool, .bool): return .fits(literal: 0, upcasts: 0)
            // Double, CGFloat and their aliases are one type here: Swift converts between
            // Double and CGFloat, so only an exact spelling would be sure.
            case (.double, .double): return written == "Double" ? .fits(literal: 0, upcasts: 0) : .unsure
            case (.fixed(let x), .fixed(let y)): return x == y ? .fits(literal: 0, upcasts: 0) : .no
            case (.float, .float): return .fits(literal: 0, upcasts: 0)
            case (.float, _), (_, .float): return .no
            case (.user(let a), .user(let b)):
                guard let ta = a.current, let tb = b.current else { return .unsure }
                if ta === tb { return .fits(literal: 0, upcasts: 0) }
                var steps = 0
                var s = ta.classInfo?.superclass
                while let c = s {
                    steps += 1
                    if c === tb { return .fits(literal: 0, upcasts: steps) }
                    s = c.classInfo?.superclass
                }
                return .no
            // A script class may subclass a framework class; a framework type is not known here.
            case (.user, .external), (_, .external), (_, .any), (_, .conforming), (_, .generic): return .unsure
            default: return .no
            }
        }
    }

    private func literalConformance(_ p: RType, _ proto: String) -> OverloadChoice.Fit {
        guard case .user(let slot) = p, let t = slot.current else {
            if case .external = p { return .unsure }
            return .no
        }
        return t.conformances.contains(proto) ? .fits(literal: 1, upcasts: 0) : .no
    }

    private func overloadArgumentTypeName(_ a: OverloadChoice.Argument) -> String {
        switch a {
        case .known(let t): return LocalTypeNames.display(t.description)
        case .intLiteral: return "Int"
        case .floatLiteral: return "Double"
        case .stringLiteral: return "String"
        case .boolLiteral: return "Bool"
        case .implicitMember, .unknown: return "_"
        }
    }

    /// The arguments evaluated once, in order, into hidden locals; then the overload that
    /// takes their values, called with them.
    private func compileDynamicOverloadCall(_ callee: Expr, _ args: [Argument], _ candidates: [OverloadChoice.Candidate],
                                            _ scope: FnScope, _ loc: SourceLocation, expected: RType?,
                                            callEnd: SourceLocation) -> Eval {
        scope.pushBlock()
        defer { scope.popBlock() }
        var stores: [(Eval, Local)] = []
        var hidden: [Argument] = []
        for (i, a) in args.enumerated() {
            // The dispatcher's own parameters are read in place.
            if case .identifier(let n) = a.value.kind, let l = scope.findLocal(n), n == OverloadChoice.argumentName(i) {
                hidden.append(Argument(label: a.label, value: Expr(.identifier(n), at: a.value.location), location: a.location))
                _ = l
                continue
            }
            let n = OverloadChoice.argumentName(1000 + i) + "_" + String(loc.line) + "_" + String(loc.column)
            let ev = compileExpr(a.value, scope, expected: nil)
            let l = scope.declare(n, isLet: true, type: nil)
            stores.append((ev, l))
            hidden.append(Argument(label: a.label, value: Expr(.identifier(n), at: a.value.location), location: a.location))
        }
        let reads = hidden.map { compileExpr($0.value, scope, expected: nil) }
        let calls = candidates.map { c in
            compileCall(renamed(callee, c.mangledBase), hidden, scope, loc, expected: expected, callEnd: callEnd)
        }
        let types = candidates.map(\.types)
        let full = LocalTypeNames.display(candidates[0].decl.name) + "(" + labelsString(args.map(\.label)) + ")"
        let at = callee.location
        return { [core = Unretained(self)] m in
            for (ev, l) in stores {
                let v = try ev(m)
                m.pointee.fp[l.slot] = l.boxed ? .box(VarBox(v)) : v
            }
            var values: [Value] = []
            values.reserveCapacity(reads.count)
            for r in reads { values.append(try r(m)) }
            var chosen = -1
            for (k, ts) in types.enumerated() where zip(values, ts).allSatisfy({ core.object.acceptsDynamically($0, $1) }) {
                if chosen >= 0 { chosen = -2; break }
                chosen = k
            }
            guard chosen >= 0 else {
                let given = "(" + values.map { LocalTypeNames.display(core.object.typeName($0)) }.joined(separator: ", ") + ")"
                throw RuntimeError(OverloadChoiceMessage.cannotChoose(full, given: given), at: at)
            }
            return try calls[chosen](m)
        }
    }

    /// Whether a value is one a parameter of this type takes: its own type, or for a class
    /// instance a superclass. Standard types by their kind of value; a framework type by
    /// its name only (its subclasses are not known: such a value takes none, and the call
    /// is refused rather than guessed).
    func acceptsDynamically(_ v: Value, _ t: RType) -> Bool {
        switch (t, v) {
        case (.int, .int), (.double, .double), (.float, .float), (.string, .string), (.bool, .bool): return true
        case (.fixed(let k), .fixed(let f)): return f.kind == k
        case (.user(let slot), _):
            guard let want = slot.current, var have = operandType(v) else { return false }
            while true {
                if have === want { return true }
                guard let s = have.classInfo?.superclass else { return false }
                have = s
            }
        case (.external(let n), _):
            if case .box(let b) = v { return acceptsDynamically(b.value, t) }
            return typeName(v) == n
        default: return false
        }
    }
}

enum OverloadChoiceMessage: DiagnosticMessage, Hashable {
    case noExactMatches(kind: String, name: String)
    case candidateExpects(type: String, position: Int, got: String)
    /// Sequence's method, whose parameter is the sequence's `Element` (`Range<Int>.Element`).
    case candidateExpectsElement(sequence: String, element: String, position: Int, got: String)
    /// A candidate of a conditional extension whose condition the type does not meet.
    case candidateRequiresConformance(type: String, protocol: String)
    case ambiguous(name: String)
    case foundCandidate
    case cannotRank(String)
    case cannotChoose(String, given: String)

    var id: DiagnosticID {
        switch self {
        case .noExactMatches: return DiagnosticID("no_candidates_match_argument_type")
        case .candidateExpects: return DiagnosticID("candidate_has_invalid_argument_at_position")
        case .candidateExpectsElement: return DiagnosticID("candidate_has_invalid_argument_at_position_element")
        case .candidateRequiresConformance: return DiagnosticID("candidate_types_conformance_requirement")
        case .ambiguous: return DiagnosticID("ambiguous_decl_ref")
        case .foundCandidate: return DiagnosticID("found_candidate")
        case .cannotRank: return DiagnosticID("tablelab_overload_cannot_rank")
        case .cannotChoose: return DiagnosticID("tablelab_overload_cannot_choose")
        }
    }

    var text: String {
        switch self {
        case .noExactMatches(let kind, let name): return "no exact matches in call to \(kind) '\(name)'"
        case .candidateExpects(let type, let position, let got):
            return "candidate expects value of type '\(type)' for parameter #\(position) (got '\(got)')"
        case .candidateExpectsElement(let sequence, let element, let position, let got):
            return "candidate expects value of type '\(sequence).Element' (aka '\(element)') for parameter #\(position) (got '\(got)')"
        case .candidateRequiresConformance(let type, let proto):
            return "candidate requires that '\(type)' conform to '\(proto)' (requirement specified as '\(type)' : '\(proto)')"
        case .ambiguous(let name): return "ambiguous use of '\(name)'"
        case .foundCandidate: return "found this candidate "
        case .cannotRank(let full):
            return "choosing among the overloads of '\(full)' by superclasses and literals at once is not supported in TableLab"
        case .cannotChoose(let full, let given):
            return "no single overload of '\(full)' takes arguments of types \(given) in TableLab: Swift chooses by the types the code declares, which TableLab does not know here"
        }
    }
}
