// Patterns and switch. A switch over plain enum cases becomes a jump table, built on its
// first run for the subject's enum (and rebuilt if the enum is redeclared).

import TableLabSyntax
import TableLabExhaustiveness

typealias PatternMatch = (Ctx, Value) throws -> Bool

extension InterpreterCore {
    /// A `switch` case's or a `catch`'s pattern, whose names are its body's copies.
    func compileCaseBodyPattern(_ p: Pattern, _ scope: FnScope) -> PatternMatch {
        let outer = scope.bindsCaseBodyCopies
        scope.bindsCaseBodyCopies = true
        defer { scope.bindsCaseBodyCopies = outer }
        return compilePattern(p, scope)
    }

    /// The subject's type where a case is a literal and the subject's declared type is a
    /// script type (one adopting ExpressibleByStringLiteral takes `case "a@b.c":`).
    private func literalPatternType(_ sw: SwitchStmt, _ scope: FnScope) -> RType? {
        let hasLiteral = sw.cases.contains { c in
            c.patterns.contains { p in
                guard case .expression(let e) = p.kind else { return false }
                switch e.kind {
                case .integer, .double, .boolean, .string: return true
                default: return false
                }
            }
        }
        guard hasLiteral, case .user? = resolvedType(of: sw.subject, scope) else { return nil }
        return resolvedType(of: sw.subject, scope)
    }

    /// `case "a@b.c":` over a type adopting ExpressibleByStringLiteral matches a value of
    /// that type made from the literal, as Swift's `~=` does (it compared a String with the
    /// value: no case matched, silently different).
    private func typedLiteralPattern(_ p: Pattern, _ subjectType: RType?) -> Pattern {
        guard let subjectType, case .expression(let e) = p.kind,
              let made = literalInitialization(e, expected: subjectType) else { return p }
        var typed = p
        typed.kind = .expression(made)
        return typed
    }

    func compilePattern(_ p: Pattern, _ scope: FnScope) -> PatternMatch {
        let loc = p.location
        switch p.kind {
        case .wildcard: return { _, _ in true }
        case .binding(let name, let isVar):
            // `case .a(let x), .b(let x):` binds one `x` (an earlier pattern's slot), whichever matched.
            let earlier = scope.bindsCaseBodyCopies ? scope.innermostLocal(name) : nil
            let l = earlier ?? scope.declare(name, isLet: !isVar, type: nil, binding: loc, caseBody: scope.bindsCaseBodyCopies)
            let slot = l.slot
            if l.boxed { return { m, v in m.pointee.fp[slot] = .box(VarBox(v)); return true } }
            return { m, v in m.pointee.fp[slot] = v; return true }
        case .enumCase(let typeName, let caseName, let sub):
            // `Optional<Any>.none` is Optional's case as `Optional.none` is.
            let optional = typeName == nil || typeName == "Optional" || typeName?.hasPrefix("Optional<") == true
            if caseName == "some", let sub, optional {
                let inner = compilePattern(sub, scope)
                return { m, v in
                    if case .wrapped(let x) = v { return try inner(m, x) }
                    return false
                }
            }
            if caseName == "none", optional {
                return { [core = Unretained(self)] m, v in
                    if case .nilValue = v { return true }
                    if case .enumCase(let tid, let ci) = v, let c = core.object.types[Int(tid)].caseIndex["none"] { return ci == c }
                    // A host enum's `none` (UIKit's `AccessoryType.none`), read or written as its name.
                    if case .object(let e as HostEnumValue) = v { return e.caseName == "none" }
                    if case .string("none") = v, core.object.hosting.implicitMemberFallback?("none") != nil { return true }
                    return false
                }
            }
            if let sub { return compilePayloadPattern(p, typeName, caseName, sub, scope) }
            if let e = qualifiedExpressionPattern(p) {
                return compilePattern(Pattern(.expression(e), at: loc), scope)
            }
            let slot = typeName.flatMap { typeSlots[$0] }
            let cache = MemberCache.holder()
            let generation = typeGenerationCell
            return { [core = Unretained(self)] m, v in
                var x = v
                while case .wrapped(let w) = x { x = w }
                let tid: Int32, ci: Int32
                switch x {
                case .enumCase(let a, let b): tid = a; ci = b
                case .payloadCase(let p): tid = p.typeID; ci = p.caseIndex
                // A host enum's case (UIKit's), read from a property or kept as its name.
                case .object(let e as HostEnumValue): return try core.object.hostCaseMatches(e.caseName, caseName, e.swiftTypeName, loc)
                case .string(let name) where typeName == nil: return try core.object.hostCaseMatches(name, caseName, nil, loc)
                default: return false
                }
                if cache.typeID == tid && cache.generation == generation.pointee { return ci == Int32(cache.index) }
                let t = core.object.types[Int(tid)]
                if let slot, slot.current !== t { return false }
                guard let want = t.caseIndex[caseName] else {
                    throw RuntimeError(RuntimeMessage.typeHasNoMember(type: t.name, member: caseName), at: loc, notes: core.object.didYouMean(caseName, t.caseNames, loc))
                }
                cache.typeID = tid; cache.index = Int(want); cache.generation = core.object.typeGeneration
                return ci == want
            }
        case .optionalSome(let sub):
            let inner = compilePattern(sub, scope)
            return { m, v in
                if case .wrapped(let x) = v { return try inner(m, x) }
                return false
            }
        case .tuple(let ps):
            let parts = ps.map { compilePattern($0, scope) }
            return { m, v in
                guard case .tuple(let t) = v, t.elements.count == parts.count else { return false }
                for i in 0..<parts.count where !(try parts[i](m, t.elements[i])) { return false }
                return true
            }
        case .expression(let e):
            return compileExpressionPattern(e, at: loc, scope)
        case .cast(let sub, let t):
            let rt = resolveType(t)
            let inner = compilePattern(sub, scope)
            let pair = sameValueCastTarget(t)
            return { [core = Unretained(self)] m, v in
                var x = v
                while case .wrapped(let w) = x { x = w }
                if let pair, !(try core.object.sameValueCastAllows(x, pair, loc)) { return false }
                guard let c = core.object.coerce(x, to: rt) else { return false }
                return try inner(m, c)
            }
        case .typeCheck(let t):
            let rt = resolveType(t)
            var targetIsOptional = false
            if case .optional = rt { targetIsOptional = true }
            let pair = sameValueCastTarget(t)
            return { [core = Unretained(self)] _, v in
                var x = v
                if !targetIsOptional { while case .wrapped(let w) = x { x = w } }
                if let pair, !(try core.object.sameValueCastAllows(x, pair, loc)) { return false }
                return core.object.coerce(x, to: rt) != nil
            }
        }
    }

    /// `case e:` matched with `~=`: an implicit member or a script enum's qualified case is
    /// an enum-case pattern, a name nothing declares is a binding (`case let (a, b)`).
    private func compileExpressionPattern(_ e: Expr, at loc: SourceLocation, _ scope: FnScope) -> PatternMatch {
        if case .implicitMember(let name) = e.kind {
            return compilePattern(Pattern(.enumCase(typeName: nil, caseName: name, subpattern: nil), at: loc), scope)
        }
        if case .member(let b, let name) = e.kind, case .identifier(let tn) = b.kind, let t = userType(tn), t.kind == .enum {
            return compilePattern(Pattern(.enumCase(typeName: tn, caseName: name, subpattern: nil), at: loc), scope)
        }
        if case .identifier(let name) = e.kind, scope.findLocal(name) == nil, globalIndex[name] == nil, userType(name) == nil {
            // `case let (a, b)` lowers names to bindings.
            return compilePattern(Pattern(.binding(name: name, isVar: false), at: loc), scope)
        }
        if let range = literalTextRange(e) { return textRangePattern(range, e, scope) }
        let ev = compileExpr(e, scope, expected: nil)
        let at = e.location
        return { [core = Unretained(self)] m, v in
            try core.object.patternMatches(try ev(m), v, at: at)
        }
    }

    /// `case "a"..."m":`, `case "a"..<"n":` over a String or a Character: a range of two
    /// literals without interpolation, which TableLab has no value of, matched as Swift's
    /// `~=` does, by String's `<` (a Character's is the same on one-character text).
    private func literalTextRange(_ e: Expr) -> (lower: String, upper: String, closed: Bool)? {
        guard case .binary(let op, let l, let r) = e.kind, op == .closedRange || op == .halfOpenRange else { return nil }
        func text(_ x: Expr) -> String? {
            guard case .string(let segments) = x.kind else { return nil }
            var out = ""
            for s in segments {
                guard case .text(let t) = s else { return nil }
                out += t
            }
            return out
        }
        guard let lower = text(l), let upper = text(r) else { return nil }
        return (lower, upper, op == .closedRange)
    }

    /// Any other subject (a Substring) goes the general way, which refuses a String range.
    private func textRangePattern(_ range: (lower: String, upper: String, closed: Bool), _ e: Expr, _ scope: FnScope) -> PatternMatch {
        let general = compileExpr(e, scope, expected: nil)
        let at = e.location
        return { [core = Unretained(self)] m, v in
            guard case .string(let s) = v else { return try core.object.patternMatches(try general(m), v, at: at) }
            if range.lower > range.upper { throw RuntimeError(TrapMessage.rangeLowerAboveUpper, at: at) }
            return range.lower <= s && (range.closed ? s <= range.upper : s < range.upper)
        }
    }

    /// `case Row.name.rawValue:`, `case Limits.maximum:` parse as qualified enum cases (the
    /// parser cannot tell them apart); when the path names a script type's static member,
    /// or a member of a script enum's case, it is an expression matched with `~=`, as in Swift.
    func qualifiedExpressionPattern(_ p: Pattern) -> Expr? {
        guard case .enumCase(let typeName?, let caseName, nil) = p.kind else { return nil }
        let path = typeName.split(separator: ".").map(String.init)
        func member(_ base: Expr, _ name: String) -> Expr { Expr(.member(base, name), at: p.location) }
        func expr(_ names: [String]) -> Expr {
            names.dropFirst().reduce(Expr(.identifier(names[0]), at: p.location)) { member($0, $1) }
        }
        // The longest prefix of the path that is a script type (nested types are known by their own name).
        var typeEnd = 0
        while typeEnd < path.count, userType(path[typeEnd]) != nil { typeEnd += 1 }
        guard typeEnd > 0, let t = userType(path[typeEnd - 1]) else { return nil }
        let rest = Array(path[typeEnd...]) + [caseName]
        if rest.count == 1 {
            if t.kind == .enum, t.caseIndex[caseName] != nil { return nil }
            let isStatic = t.staticStored[caseName] != nil || t.computed[caseName]?.isStatic == true
            return isStatic ? member(Expr(.identifier(t.name), at: p.location), caseName) : nil
        }
        return expr([t.name] + rest)
    }

    /// `case .a where x, .b:` guards `.a` alone; a case built without per-pattern clauses
    /// guards every pattern with its one clause.
    func compileCaseGuards(_ c: SwitchCase, _ scope: FnScope) -> [((Ctx) throws -> Bool)?] {
        if c.whereClauses.count == c.patterns.count {
            return c.whereClauses.map { $0.map { compileConditions([.expression($0)], scope) } }
        }
        let g = c.guardExpr.map { compileConditions([.expression($0)], scope) }
        return Array(repeating: g, count: c.patterns.count)
    }

    struct CompiledCase {
        var patterns: [PatternMatch]
        /// Per pattern, its `where` clause (Swift binds each to the pattern before it).
        var guards: [((Ctx) throws -> Bool)?]
        var body: Exec
        var isDefault: Bool
    }

    /// Whether the switch is plain enum cases (no bindings, guards, tuples, literals).
    func simpleEnumCases(_ sw: SwitchStmt) -> [[String]]? {
        var out: [[String]] = []
        for c in sw.cases {
            if c.guardExpr != nil { return nil }
            if c.isDefault { out.append([]); continue }
            var names: [String] = []
            for p in c.patterns {
                switch p.kind {
                case .enumCase(_, let n, nil) where n != "none" && n != "some":
                    if qualifiedExpressionPattern(p) != nil { return nil }
                    names.append(n)
                case .expression(let e):
                    if case .implicitMember(let n) = e.kind, n != "none" { names.append(n) }
                    else if case .member(let b, let n) = e.kind, case .identifier(let tn) = b.kind, userType(tn)?.kind == .enum { names.append(n) }
                    else { return nil }
                case .wildcard: names.append("_")
                default: return nil
                }
            }
            out.append(names)
        }
        return out
    }

    func compileSwitch(_ sw: SwitchStmt, _ scope: FnScope, labelID: Int32, tailReturn: Bool) -> Exec {
        let subject = compileExpr(sw.subject, scope, expected: nil)
        let literalType = literalPatternType(sw, scope)
        var cases: [CompiledCase] = []
        for c in sw.cases {
            scope.pushBlock()
            let pats = c.patterns.map { compileCaseBodyPattern(typedLiteralPattern($0, literalType), scope) }
            let g = compileCaseGuards(c, scope)
            let body = compileStatements(c.body, scope, tailReturn: tailReturn && c.body.count == 1)
            scope.popBlock()
            cases.append(CompiledCase(patterns: pats, guards: g, body: body, isDefault: c.isDefault))
        }
        func finish(_ f: Flow) -> Flow {
            if case .breakLoop(let id) = f, id == -1 || id == labelID { return .normal }
            return f
        }
        // Runs from case `start`, following `fallthrough`.
        let runFrom: (Ctx, Int) throws -> Flow = { m, start in
            var i = start
            while true {
                let f = try cases[i].body(m)
                if f.isFallthrough, i + 1 < cases.count { i += 1; continue }
                return finish(f.isFallthrough ? .normal : f)
            }
        }
        let check = switchChecks.state(for: sw)
        if let names = simpleEnumCases(sw) {
            let table = JumpTable()
            let generation = typeGenerationCell
            return { [core = Unretained(self)] m in
                let v = try subject(m)
                var x = v
                if case .wrapped(let w) = x { x = w; try core.object.verifyExhaustive(check, v) }
                guard case .enumCase(let tid, let ci) = x else {
                    try core.object.verifyExhaustive(check, v)
                    return try core.object.matchSequential(m, v, cases, sw, runFrom)
                }
                if table.typeID != tid || table.generation != generation.pointee {
                    // A new enum or generation: the checker's verdict first (SPEC §3.3).
                    try core.object.verifyExhaustive(check, v)
                    try core.object.buildJumpTable(table, core.object.types[Int(tid)], names, sw)
                }
                let target = table.targets[Int(ci)]
                if target < 0 { throw core.object.noMatch(v, sw) }
                return try runFrom(m, target)
            }
        }
        return { [core = Unretained(self)] m in
            let v = try subject(m)
            try core.object.verifyExhaustive(check, v)
            return try core.object.matchSequential(m, v, cases, sw, runFrom)
        }
    }

    /// A body that is one `switch` over plain enum cases whose every case is `return e`
    /// (`heightForRow`, a computed property): the case's value comes back directly, with
    /// no statement flow or return slot, as `compileReturnChain` does for `if`s. The
    /// checks, the jump table and the order of compilation are `compileSwitch`'s. nil for
    /// any other body.
    func compileReturnSwitch(_ body: [Stmt], _ scope: FnScope) -> Eval? {
        guard body.count == 1, case .switch(let sw) = body[0].kind, let names = simpleEnumCases(sw) else { return nil }
        var returned: [Expr] = []
        for c in sw.cases {
            guard c.body.count == 1, case .return(let e?) = c.body[0].kind else { return nil }
            returned.append(e)
        }
        let subject = compileExpr(sw.subject, scope, expected: nil)
        var cases: [CompiledCase] = []
        var values: [EvalBox] = []
        // A case returning a literal (`return 44.0`): its value, made once here by the same
        // code (return check included), so the case answers without a closure call.
        var constants: [Value] = [], isConstant: [Bool] = []
        for (c, e) in zip(sw.cases, returned) {
            scope.pushBlock()
            let pats = c.patterns.map { compileCaseBodyPattern($0, scope) }
            let g = compileCaseGuards(c, scope)
            let value = compileReturnValue(e, scope)
            values.append(EvalBox(run: value))
            scope.popBlock()
            cases.append(CompiledCase(patterns: pats, guards: g, body: { _ in .returned }, isDefault: c.isDefault))
            if isScalarLiteral(e), let k = try? value(machine) {
                constants.append(k); isConstant.append(true)
            } else {
                constants.append(.void); isConstant.append(false)
            }
        }
        let plan = ReturnSwitchPlan(sw: sw, names: names, check: switchChecks.state(for: sw), cases: cases, values: values,
                                    constants: constants, isConstant: isConstant)
        let generation = typeGenerationCell
        return { [core = Unretained(self)] m in
            let v = try subject(m)
            // The jump table's hit, without copying the subject (a plain case: no `.wrapped`).
            if case .enumCase(let tid, let ci) = v, plan.table.typeID == tid, plan.table.generation == generation.pointee {
                let target = plan.table.targets[Int(ci)]
                if target >= 0 {
                    if plan.isConstant[target] { return plan.constants[target] }
                    return try plan.values[target].run(m)
                }
            }
            return try core.object.returnSwitchSlow(m, v, plan)
        }
    }

    /// What a `compileReturnSwitch` site keeps: one object, so its closure carries one
    /// reference.
    final class ReturnSwitchPlan {
        let sw: SwitchStmt, names: [[String]], check: SwitchCheckState
        let cases: [CompiledCase], values: [EvalBox], constants: [Value], isConstant: [Bool]
        let table = JumpTable()
        init(sw: SwitchStmt, names: [[String]], check: SwitchCheckState, cases: [CompiledCase], values: [EvalBox],
             constants: [Value], isConstant: [Bool]) {
            self.sw = sw; self.names = names; self.check = check; self.cases = cases; self.values = values
            self.constants = constants; self.isConstant = isConstant
        }
    }

    /// `compileReturnSwitch`'s general path: an optional subject, another enum or
    /// generation (the checker's verdict first, SPEC §3.3, then the table), a value that
    /// is not a plain case.
    @inline(never)
    func returnSwitchSlow(_ m: Ctx, _ v: Value, _ plan: ReturnSwitchPlan) throws -> Value {
        var x = v
        if case .wrapped(let w) = x { x = w; try verifyExhaustive(plan.check, v) }
        guard case .enumCase(let tid, let ci) = x else {
            try verifyExhaustive(plan.check, v)
            return try plan.values[try matchingCase(m, v, plan.cases, plan.sw)].run(m)
        }
        let table = plan.table
        if table.typeID != tid || table.generation != typeGeneration {
            try verifyExhaustive(plan.check, v)
            try buildJumpTable(table, types[Int(tid)], plan.names, plan.sw)
        }
        let target = table.targets[Int(ci)]
        if target < 0 { throw noMatch(v, plan.sw) }
        if plan.isConstant[target] { return plan.constants[target] }
        return try plan.values[target].run(m)
    }

    /// A literal whose compiled form is a constant (no interpolation, no name to look up).
    func isScalarLiteral(_ e: Expr) -> Bool {
        switch e.kind {
        case .integer, .double, .boolean: return true
        case .string(let segs): return !segs.contains { if case .interpolation = $0 { return true }; return false }
        default: return false
        }
    }

    /// `matchSequential`'s choice: the index of the case that matches `v`.
    func matchingCase(_ m: Ctx, _ v: Value, _ cases: [CompiledCase], _ sw: SwitchStmt) throws -> Int {
        for (i, c) in cases.enumerated() {
            if c.isDefault { return i }
            for (pi, p) in c.patterns.enumerated() {
                if try p(m, v) {
                    if let g = c.guards[pi], !(try g(m)) { continue }
                    return i
                }
            }
        }
        throw noMatch(v, sw)
    }

    final class JumpTable {
        @exclusivity(unchecked) var typeID: Int32 = -1
        @exclusivity(unchecked) var generation = -1
        @exclusivity(unchecked) var targets: [Int] = []
    }

    func buildJumpTable(_ table: JumpTable, _ t: UserType, _ names: [[String]], _ sw: SwitchStmt) throws {
        var targets = Array(repeating: -1, count: t.caseNames.count)
        for (ci, caseNames) in names.enumerated() {
            if caseNames.isEmpty || caseNames.contains("_") {
                for i in 0..<targets.count where targets[i] < 0 { targets[i] = ci }
                continue
            }
            // The checker has reported unknown names and missing cases before the table is
            // built; a value that still finds no target is `noMatch`, never a fall-through.
            for n in caseNames {
                if let idx = t.caseIndex[n], targets[Int(idx)] < 0 { targets[Int(idx)] = ci }
            }
        }
        table.typeID = t.id
        table.generation = typeGeneration
        table.targets = targets
    }

    func noMatch(_ v: Value, _ sw: SwitchStmt) -> RuntimeError {
        RuntimeError(DeclarationMessage.switchNotExhaustive, at: sw.location,
                     notes: [.note(NoteMessage.noCaseMatched(describe(v, debug: true)), at: sw.location)])
    }

    func matchSequential(_ m: Ctx, _ v: Value, _ cases: [CompiledCase], _ sw: SwitchStmt,
                         _ runFrom: (Ctx, Int) throws -> Flow) throws -> Flow {
        for (i, c) in cases.enumerated() {
            if c.isDefault { return try runFrom(m, i) }
            for (pi, p) in c.patterns.enumerated() {
                if try p(m, v) {
                    if let g = c.guards[pi], !(try g(m)) { continue }
                    return try runFrom(m, i)
                }
            }
        }
        throw noMatch(v, sw)
    }

    /// `let x = switch v { case .a: 1 ... }`: each case's last expression is the value.
    func compileSwitchExpr(_ sw: SwitchStmt, _ scope: FnScope, expected: RType?) -> Eval {
        let subject = compileExpr(sw.subject, scope, expected: nil)
        let literalType = literalPatternType(sw, scope)
        var cases: [(pats: [PatternMatch], guards: [((Ctx) throws -> Bool)?], value: Eval, isDefault: Bool)] = []
        for c in sw.cases {
            scope.pushBlock()
            let pats = c.patterns.map { compileCaseBodyPattern(typedLiteralPattern($0, literalType), scope) }
            let g = compileCaseGuards(c, scope)
            let value = compileValueBlock(c.body, scope, expected: expected, c.location)
            scope.popBlock()
            cases.append((pats, g, value, c.isDefault))
        }
        let check = switchChecks.state(for: sw)
        if sw.cases.contains(where: { if case .fallthrough? = $0.body.last?.kind { true } else { false } }) {
            return compileSwitchExprFallingThrough(sw, subject, cases, check)
        }
        return { [core = Unretained(self)] m in
            let v = try subject(m)
            try core.object.verifyExhaustive(check, v)
            for c in cases {
                if c.isDefault { return try c.value(m) }
                for (pi, p) in c.pats.enumerated() where try p(m, v) {
                    if let g = c.guards[pi], !(try g(m)) { continue }
                    return try c.value(m)
                }
            }
            throw core.object.noMatch(v, sw)
        }
    }

    /// A `switch` expression with a case ending in `fallthrough`: that case's statements
    /// run, then the next case's value is the result (the static check has made sure a
    /// next case exists and binds nothing the case does not).
    private func compileSwitchExprFallingThrough(
        _ sw: SwitchStmt, _ subject: @escaping Eval,
        _ cases: [(pats: [PatternMatch], guards: [((Ctx) throws -> Bool)?], value: Eval, isDefault: Bool)],
        _ check: SwitchCheckState) -> Eval {
        let values = cases.map(\.value)
        func value(from start: Int, _ m: Ctx) throws -> Value {
            var k = start
            while true {
                do {
                    return try values[k](m)
                } catch let e as EarlyExit where e.flow.isFallthrough && k + 1 < values.count {
                    k += 1
                }
            }
        }
        return { [core = Unretained(self)] m in
            let v = try subject(m)
            try core.object.verifyExhaustive(check, v)
            for (k, c) in cases.enumerated() {
                if c.isDefault { return try value(from: k, m) }
                for (pi, p) in c.pats.enumerated() where try p(m, v) {
                    if let g = c.guards[pi], !(try g(m)) { continue }
                    return try value(from: k, m)
                }
            }
            throw core.object.noMatch(v, sw)
        }
    }
}
