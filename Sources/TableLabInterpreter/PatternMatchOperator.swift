// Swift's `~=`: what an expression pattern (`case e:`, `if case e = x`) calls, and the
// operator written as such (`1...5 ~= x`). A script's own `~=` (a `static func ~=` in a
// type or an extension, or a global one, OperatorFunctionLowering.swift) is used where its
// parameters take the pattern and the value, as swiftc picks it over the standard
// library's; otherwise the standard library's: a range holds the value, or the two are
// equal.

import TableLabSyntax

/// The errors of a script's `~=` TableLab cannot choose among.
enum PatternOperatorMessage: DiagnosticMessage {
    case generic(String)
    case ambiguous(pattern: String, value: String)

    var id: DiagnosticID {
        switch self {
        case .generic: return DiagnosticID("tablelab_generic_pattern_operator")
        case .ambiguous: return DiagnosticID("tablelab_ambiguous_pattern_operator")
        }
    }

    var text: String {
        switch self {
        case .generic(let f):
            return "a generic operator function '\(f)' is not supported in TableLab"
        case .ambiguous(let p, let v):
            return "choosing among several operators '~=' that take '\(p)' and '\(v)' is not supported in TableLab"
        }
    }
}

extension InterpreterCore {
    /// `l ~= r` written as an operator.
    func compilePatternMatchOperator(_ l: Expr, _ r: Expr, _ scope: FnScope, _ loc: SourceLocation) -> Eval {
        let a = compileExpr(l, scope, expected: nil), b = compileExpr(r, scope, expected: nil)
        return { [core = Unretained(self)] m in
            let p = try a(m)
            return .bool(try core.object.patternMatches(p, try b(m), at: loc))
        }
    }

    /// `pattern ~= value`: the script's own operator where one takes both values, then the
    /// standard library's.
    func patternMatches(_ pattern: Value, _ value: Value, at loc: SourceLocation) throws -> Bool {
        if patternOperatorsDeclared, let r = try scriptPatternMatch(pattern, value, loc) { return r }
        switch (pattern, value) {
        case (.range(let l, let u, let c), .int(let x)): return x >= l && (c ? x <= u : x < u)
        case (.range(let l, let u, let c), .double(let x)): return x >= Double(l) && (c ? x <= Double(u) : x < Double(u))
        case (.range(let l, let u, let c), .float(let x)): return x >= Float(l) && (c ? x <= Float(u) : x < Float(u))
        // `case 1...3` over a UInt8: the literal bounds take the subject's type.
        case (.range(let l, let u, let c), .fixed(let f)):
            return f.value >= Int128(l) && (c ? f.value <= Int128(u) : f.value < Int128(u))
        case (.object(let p as PartialRange), .int(let x)): return p.contains(x)
        case (.object(let r as DoubleRange), .double(let x)): return r.contains(x)
        case (.object(let r as DoubleRange), .float(let x)) where r.isFloat: return r.contains(Double(x))
        case (.object(let r as DoubleRange), .float(let x)) where r.literalBounds: return r.containsFloat(x)
        case (.range, _), (.object(is PartialRange), _), (.object(is DoubleRange), _):
            // No `~=` takes an Int range and a value of another type: swiftc refuses
            // the pattern (`case 1...3` over a Bool or an Int?), so it may not
            // silently fail to match.
            throw RuntimeError(RuntimeMessage.expressionPatternCannotMatch(
                pattern: typeName(pattern), subject: typeName(value)), at: loc)
        default: return equal(pattern, value)
        }
    }

    /// The script type whose static members a value's operators are looked up in: its
    /// struct, enum or class (and superclasses), or the extension of its built-in type.
    private func operatorHolders(_ v: Value) -> [UserType] {
        var out: [UserType] = []
        if let t = valueType(v) { out.append(t) }
        if case .type(.table(let inst)) = v {
            var t: UserType? = inst.type
            while let c = t { out.append(c); t = c.classInfo?.superclass }
        }
        if let h = builtinExtension(of: v) { out.append(h) }
        return out
    }

    /// A script `~=` whose parameters take the two values: its answer; nil when none does.
    private func scriptPatternMatch(_ pattern: Value, _ value: Value, _ loc: SourceLocation) throws -> Bool? {
        var candidates: [(decl: FunctionDecl, call: () -> CompiledFunction?)] = []
        var seen: Set<ObjectIdentifier> = []
        for t in operatorHolders(pattern) + operatorHolders(value) where seen.insert(ObjectIdentifier(t)).inserted {
            for full in t.methodsByBase["~="] ?? [] {
                guard let slot = t.methods[full], slot.isStatic, let d = slot.decl else { continue }
                candidates.append((d, { [core = Unretained(self)] in core.object.compiledMethod(t, slot, fullName: full) }))
            }
        }
        for cell in functionsByBase["~="] ?? [] {
            guard let d = cell.decl else { continue }
            candidates.append((d, { [core = Unretained(self)] in core.object.compiled(cell) }))
        }
        var taking: [(FunctionDecl, () -> CompiledFunction?, Value, Value)] = []
        for (d, call) in candidates where d.parameters.count == 2 {
            // Which of them Swift would choose depends on types TableLab does not track.
            if !d.genericParameters.isEmpty {
                throw RuntimeError(PatternOperatorMessage.generic(d.fullName), at: loc)
            }
            guard let pt = d.parameters[0].type, let vt = d.parameters[1].type,
                  let p = exactly(pattern, resolveType(pt)), let v = exactly(value, resolveType(vt)) else { continue }
            taking.append((d, call, p, v))
        }
        guard let (_, call, p, v) = taking.first else { return nil }
        if taking.count > 1 {
            throw RuntimeError(PatternOperatorMessage.ambiguous(pattern: typeName(pattern), value: typeName(value)), at: loc)
        }
        guard let f = call() else { return nil }
        machine.push(p)
        machine.push(v)
        let r = try machine.invoke(f, argc: 2, location: loc)
        if case .bool(let b) = r { return b }
        return nil
    }

    /// The value as a parameter of that type takes it, without the conversions a literal
    /// gets from its context (an Int is no Double here: the value was typed already).
    private func exactly(_ v: Value, _ t: RType) -> Value? {
        switch (v, t) {
        case (.int, .double), (.int, .fixed), (.int, .float), (.double, .float): return nil
        default: return coerce(v, to: t)
        }
    }
}
