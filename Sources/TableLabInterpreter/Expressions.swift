// Expressions compiled to closures over the machine.

import TableLabFiles
import TableLabSyntax
import TableLabExhaustiveness

final class MemberCache {
    @exclusivity(unchecked) var typeID: Int32 = -1
    @exclusivity(unchecked) var type: UserType? = nil
    @exclusivity(unchecked) var index: Int = -1
    /// A method call site's built-in method, found when the site is compiled.
    var builtinMethod: BuiltinMethod = .other
    /// The same site's method when its last argument is a function, when that is another.
    var trailingClosureForm: TrailingClosureForm? = nil
    /// The same site's method is one that may change an Array slice in place.
    var namesMutatingMethod = false
    /// The same site's trailing closure that its standard method takes no closure for.
    var strayTrailingClosure: StrayTrailingClosure? = nil
    /// A member access site's built-in property, found when the site is compiled.
    let builtinProperty: BuiltinProperty
    /// The member a site names, when it names one (`init(member:)`).
    private let named: MemberName?
    /// The site's member with its intrinsic ID: the site's own, found when it was compiled;
    /// from the name for a site that names none.
    func memberName(_ name: String) -> MemberName { named ?? MemberName(name) }
    /// The site's built-in property: found from the name for a site that names none.
    func builtinProperty(_ name: String) -> BuiltinProperty { named == nil ? BuiltinProperty(name: name) : builtinProperty }
    /// Its String or Character property; nil when the site did not name its member (the
    /// access finds it from the name).
    let everydayProperty: EverydayProperty?

    private init() { builtinProperty = .other; everydayProperty = nil; named = nil }
    /// A cache that only remembers a type and what was found in it (a case's index, a
    /// switch's table, a field's index); nothing reads a member by name through it, so it
    /// needs no IDs.
    static func holder() -> MemberCache { MemberCache() }
    /// The cache of a call of the method `name` (its built-in IDs are set by the caller).
    init(method name: String) { builtinProperty = .other; everydayProperty = nil; named = MemberName(name) }
    /// The cache of an access to the member `name`.
    init(member name: String) {
        named = MemberName(name)
        builtinProperty = BuiltinProperty(name: name)
        everydayProperty = EverydayProperty(name: name)
    }
    /// A method call site whose method is a property holding a closure (`cell.onTap()`, a
    /// struct's computed `f` in `s.f(3)`): that property's read, kept from call to call.
    private var closurePropertyRead: MemberCache? = nil
    func closureProperty(_ name: String) -> MemberCache {
        if let c = closurePropertyRead { return c }
        let c = MemberCache(member: name)
        closurePropertyRead = c
        return c
    }
    /// On a host object: the extension of its class (or a superclass) that declares the
    /// site's member, nil for none, and the computed property found there, as found for
    /// `hostClass` while `hostGeneration` was the type generation (StaticMemberSites.swift).
    @exclusivity(unchecked) var hostClass: String? = nil
    @exclusivity(unchecked) var hostGeneration = -1
    @exclusivity(unchecked) var hostHolder: UserType? = nil
    @exclusivity(unchecked) var hostComputed: MethodSlot? = nil
    @exclusivity(unchecked) var function: CompiledFunction? = nil {
        didSet { functionRef = function.map { Unretained($0) } }
    }
    @exclusivity(unchecked) var functionRef: Unretained<CompiledFunction>? = nil
    @exclusivity(unchecked) var table: [Value]? = nil {
        didSet {
            tablePointer?.deinitialize(count: tableCount)
            tablePointer?.deallocate()
            tablePointer = nil
            tableCount = 0
            if let table {
                let p = UnsafeMutablePointer<Value>.allocate(capacity: max(1, table.count))
                p.initialize(from: table, count: table.count)
                tablePointer = p
                tableCount = table.count
            }
        }
    }
    /// A copy of `table` that reads without retaining the array.
    @exclusivity(unchecked) private(set) var tablePointer: UnsafeMutablePointer<Value>? = nil
    private var tableCount = 0
    @exclusivity(unchecked) var generation = -1
    /// The site's member (or method's full name) as a host object's ID, found at the site's
    /// first reach of a host object (not when compiled: a site that never meets one, and
    /// the preludes' sites, intern nothing).
    @exclusivity(unchecked) private var hostMember: HostMemberID? = nil

    /// The ID of the host member `name` this site names. A site names one member (and a
    /// call site one full name), so the first ID is kept; a holder, which names none, finds
    /// it from the name on each use.
    func hostMemberID(_ name: String) -> HostMemberID {
        if let h = hostMember { return h }
        let h = HostMemberID(name)
        if named != nil { hostMember = h }
        return h
    }

    deinit {
        tablePointer?.deinitialize(count: tableCount)
        tablePointer?.deallocate()
    }
}

extension InterpreterCore {
    func constant(_ v: Value) -> Eval { return { _ in v } }

    func compileExpr(_ e: Expr, _ scope: FnScope, expected: RType?) -> Eval {
        let loc = e.location
        // A literal making a value of a script type (InitializerTypes.swift).
        if let expected, let made = literalInitialization(e, expected: expected) { return compileExpr(made, scope, expected: nil) }
        if let expected, let made = collectionLiteralInitialization(e, expected: expected, scope) { return made }
        if case .member(_, "init") = e.kind, let closure = initializerReference(e, scope) { return compileExpr(closure, scope, expected: expected) }
        if e.argumentLabels != nil { return compileFunctionReference(e, scope) }
        switch e.kind {
        case .integer(let i):
            return compileIntegerLiteral(i, expected: expected, loc)
        case .double(let d):
            if let expected, case .float = unwrapOptional(expected) { return constant(.float(Float(d))) }
            return constant(.double(d))
        case .boolean(let b): return constant(.bool(b))
        case .nil: return constant(.nilValue)
        case .string(let segs): return compileString(segs, scope, e.location)
        case .array(let es):
            // `let o: NSString.CompareOptions = [.caseInsensitive]`: an option set TableLab lacks.
            if let expected, let first = es.first, case .implicitMember = first.kind, let refusal = unsupportedStandardType(expected) {
                return { _ in throw RuntimeError(refusal, at: first.location) }
            }
            return compileArrayLiteral(es, scope, expected: expected, loc)
        case .dictionary(let kvs):
            return compileDictionaryLiteral(kvs, scope, expected: expected, loc)
        case .tuple(let els):
            return compileTupleLiteral(els, scope, expected: expected)
        case .identifier(let name):
            if let f = operatorFunction(name) { return constant(.function(f)) }
            if name == "..." { return constant(.object(UnboundedRange())) }
            noteImplicitlyUnwrappedRead(e, scope)
            return compileIdentifier(name, scope, loc)
        case .shorthandParameter(let i):
            return compileShorthandParameter(i, scope, loc)
        case .self:
            return compileIdentifier("self", scope, loc)
        case .implicitMember(let name):
            return compileImplicitMember(name, expected: expected, loc)
        case .member(let base, let name):
            return compileMemberExpression(e, base, name, scope, expected: expected)
        case .optionalChain, .optionalSubscript:
            return compileChainTop(e, scope)
        case .optionalBind:
            // Only a place (`text? = "y"`) or the start of a chain (`w??.title`) may end in `?`.
            return { _ in throw RuntimeError(LookupMessage.optionalBindNotFollowed, at: loc) }
        case .forceUnwrap(let inner):
            return compileForceUnwrap(inner, scope, expected: expected, loc)
        case .call(let callee, let args):
            if hasChain(e) { return compileChainTop(e, scope) }
            if let typed = compileBoxedInt(e, scope) { return typed }
            return withResultTypeHint(compileCall(callee, args, scope, loc, expected: expected, callEnd: e.range.end),
                                      callee: callee, args, expected: expected)
        case .subscriptAccess(let base, let args):
            return compileSubscriptExpression(e, base, args, scope, expected: expected)
        case .unary(let op, let x):
            return compileUnary(op, x, scope, loc, expected: expected)
        case .binary(let op, let l, let r):
            // `5 / 2 * 2.0`: Swift types every literal of the expression as Double (it
            // computed 5 / 2 as Ints first: 4.0 for 5.0, silently different).
            if expected == nil, Self.mixedLiteralArithmetic(e) { return compileExpr(e, scope, expected: .double) }
            // `(17 * 3) / 2` as a CGFloat: the inner literals are CGFloats too (25.5, not 25.0).
            if !literalsTakeFloatingContext(e, expected), let typed = compileBoxedInt(e, scope) { return typed }
            if let (l2, r2) = implicitUnwrapOperands(op, l, r, scope) { return compileBinary(op, l2, r2, scope, loc, expected: expected) }
            return compileBinary(op, l, r, scope, loc, expected: expected)
        case .ternary(let c, let a, let b):
            let ce = compileConditions([.expression(c)], scope)
            // `c ? 1 : 2.5`: one type for both branches, the integer literal a Double.
            var branches = literalContexts([a, b], scope, expected: expected)
            // `ds.isEmpty ? [1] : ds` with `ds: [Double]`: the literal is the other branch's type.
            if expected == nil, let t = collectionLiteralContext(a, b, scope) ?? collectionLiteralContext(b, a, scope) { branches = [t, t] }
            let ae = compileExpr(a, scope, expected: branches[0]), be = compileExpr(b, scope, expected: branches[1])
            return { m in try ce(m) ? try ae(m) : try be(m) }
        case .closure(let ce):
            return compileClosureLike(parameters: ce.parameters, returnType: ce.returnType, body: ce.body,
                                      shorthandCount: ce.shorthandParameterCount, scope, name: "closure", location: loc,
                                      references: captureReferences(ce.captureList), keyPathMembers: ce.keyPathMembers)
        case .typeCast(let x, let t, let kind):
            return compileTypeCast(x, t, kind, scope, loc)
        case .arrayType(let t):
            return constant(.type(.builtin(BuiltinTypeName(t.description))))
        case .switchExpr(let sw):
            return compileSwitchExpr(sw, scope, expected: expected)
        case .tryMark(let mark, let x):
            return compileTryMark(mark, x, scope, loc, expected: expected)
        case .ifExpr(let i):
            return compileIfExpression(i, scope, expected: expected, loc)
        }
    }

    private func compileIntegerLiteral(_ i: Int, expected: RType?, _ loc: SourceLocation) -> Eval {
        if let expected, case .double = unwrapOptional(expected) { return constant(.double(Double(i))) }
        if let expected, case .fixed(let k) = unwrapOptional(expected) { return compileFixedLiteral(i, k, loc) }
        if let expected, case .float = unwrapOptional(expected) { return constant(.float(Float(i))) }
        return constant(.int(i))
    }

    private func compileShorthandParameter(_ i: Int, _ scope: FnScope, _ loc: SourceLocation) -> Eval {
        if let slot = scope.shorthandSlots.indices.contains(i) ? scope.shorthandSlots[i] : nil {
            // `$0` of a closure taking an inout parameter holds its caller's box (Inout.swift).
            return { m in
                if case .box(let b) = m.pointee.fp[slot] { return b.value }
                return m.pointee.fp[slot]
            }
        }
        return { _ in throw RuntimeError(LookupMessage.anonymousArgumentOutsideClosure, at: loc) }
    }

    private func compileSubscriptExpression(_ e: Expr, _ base: Expr, _ args: [Argument], _ scope: FnScope, expected: RType?) -> Eval {
        let loc = e.location
        // The outermost of `a[i][j]` (compiled first) is the value a declaration is given.
        if subscriptBrackets[loc] == nil { subscriptBrackets[loc] = base.range.end }
        if hasChain(e) { return compileChainTop(e, scope) }
        if let u = implicitUnwrap(base, scope) { return compileExpr(Expr(.subscriptAccess(u, args), at: loc, range: e.range), scope, expected: expected) }
        if let fast = compileSlotPath(e, scope) { return fast }
        if let fast = compileSlotSubscript(base, args, scope, loc) { return fast }
        // Not `??`: see compileMemberBase.
        let b: Eval
        if let r = reversedCallAsArray(base, args, scope) { b = r } else { b = compileExpr(base, scope, expected: nil) }
        var valueType: RType? = nil
        if case .dictionary(_, let v)? = resolvedType(of: base, scope) { valueType = v }
        return compileSubscriptGet(b, args, scope, loc, keyType: dictionaryKeyType(of: base, scope), valueType: valueType)
    }

    /// `if` as an expression: its condition's names are the `then` branch's only.
    private func compileIfExpression(_ i: IfStmt, _ scope: FnScope, expected: RType?, _ loc: SourceLocation) -> Eval {
        scope.pushBlock()
        let cond = compileConditions(i.conditions, scope)
        let a = compileValueBlock(i.then, scope, expected: expected, loc)
        scope.popBlock()
        let b = compileValueBlock(i.otherwise ?? [], scope, expected: expected, loc)
        return { m in try cond(m) ? try a(m) : try b(m) }
    }

    /// An array literal: an OptionSet's literal, or the elements with the element type as
    /// their context.
    /// `[3.0, .nan, 1.0]`: a number literal beside an implicit member the number type has
    /// is the element type Swift infers (a floating-point literal's Double, else an Int).
    private func numericImplicitMemberContext(_ es: [Expr]) -> RType? {
        let names = es.compactMap { x -> String? in if case .implicitMember(let n) = x.kind { return n }; return nil }
        guard !names.isEmpty else { return nil }
        let literal: RType
        if es.contains(where: { if case .double = $0.kind { return true }; return false }) {
            literal = .double
        } else if es.contains(where: { if case .integer = $0.kind { return true }; return false }) {
            literal = .int
        } else {
            return nil
        }
        return names.allSatisfy({ NumericStatics.member($0, of: literal) != nil }) ? literal : nil
    }

    private func compileArrayLiteral(_ es: [Expr], _ scope: FnScope, expected: RType?, _ loc: SourceLocation) -> Eval {
        if let expected, case .user(let slot) = unwrapOptional(expected), let t = slot.current, isOptionSet(t) {
            return compileOptionSetLiteral(t, slot, es, scope, loc)
        }
        // `let ys: ArraySlice<Double> = [1.5]`: an ArraySlice is made from an array literal too.
        if let expected, case .external(let n) = unwrapOptional(expected), n.hasPrefix("ArraySlice<"),
           let e = TypeRules.element(of: .named(n)) {
            let array = RType.array(resolveType(e))
            let elements = compileArrayLiteral(es, scope, expected: array, loc)
            return { [core = Unretained(self)] m in
                let v = try elements(m)
                // A slice takes any elements once made, so they are checked as the Array's are.
                if let (given, expected, role, path) = core.object.mismatchedElement(v, array), let i = path.first, i < es.count {
                    let at = Self.element(of: es[i], at: Array(path.dropFirst())) ?? es[i].location
                    throw core.object.typeMismatch(v, LetMessage.cannotConvertElement(given: given, to: expected, role: role), at: at)
                }
                guard case .array(let a) = core.object.coerce(v, to: array) ?? v else { return v }
                return .object(ArraySliceObject(Array(a), startIndex: 0))
            }
        }
        var et = expected?.elementType
        if et == nil, es.contains(where: { if case .implicitMember = $0.kind { return true }; return false }) {
            // `[Item.a, .b]`: the written type of one element is the others' context.
            for x in es {
                if case .member(let b, _) = x.kind, case .identifier(let tn) = b.kind, let s = typeSlots[tn], s.current?.kind == .enum {
                    et = .user(s); break
                }
            }
        }
        if expected == nil, et == nil, case .array(let e)? = mixedNumberLiteralType(.array(es), scope) { et = e }
        if expected == nil, et == nil { et = numericImplicitMemberContext(es) }
        let contexts = literalContexts(es, scope, expected: et)
        let parts = es.indices.map { EvalBox(run: compileExpr(es[$0], scope, expected: contexts[$0])) }
        if parts.isEmpty { return constant(.array([])) }
        if expected == nil {
            // `[f(), 3]`, `[R.a.rawValue, 2]` with a Double first: the integer literals are
            // Doubles too (they printed as `3`).
            let integerLiterals = es.indices.filter { Self.isIntegerLiteral(es[$0]) }
            // Swift infers `[Int?]` for `[1, nil]` or `[x, 1]` with an optional `x`: the
            // plain elements are then Optionals too, and print as `Optional(1)`.
            return { m in
                var a: [Value] = []
                a.reserveCapacity(parts.count)
                var optionals = 0
                var fixedKind: IntKind? = nil
                var floats = false, doubles = false
                for p in parts {
                    let x = try p.run(m)
                    switch x {
                    case .wrapped, .nilValue: optionals += 1
                    case .fixed(let f): fixedKind = f.kind
                    case .float: floats = true
                    case .double: doubles = true
                    default: break
                    }
                    a.append(x)
                }
                // Not beside an Int that is no literal (`[3, 1.5, 2 * 2]` is an `[Any]` to print).
                if doubles, !floats, !a.indices.contains(where: { i in
                    if case .int = a[i] { return !integerLiterals.contains(i) }
                    return false
                }) {
                    for i in integerLiterals { if case .int(let n) = a[i] { a[i] = .double(Double(n)) } }
                }
                // `[f, 1, 2.5]` with f a Float: the literals are Floats too.
                if floats {
                    for i in a.indices {
                        switch a[i] {
                        case .int(let n): a[i] = .float(Float(n))
                        case .double(let d): a[i] = .float(Float(d))
                        default: break
                        }
                    }
                }
                // `[u, 1, 2]` with u a UInt: the literals are UInts too.
                if let fixedKind {
                    for i in a.indices {
                        if case .int(let n) = a[i], fixedKind.contains(Int128(n)) { a[i] = .fixed(FixedInt(fixedKind, Int128(n))) }
                    }
                }
                if optionals > 0 && optionals < a.count {
                    for i in a.indices {
                        switch a[i] { case .wrapped, .nilValue: break; default: a[i] = .wrapped(a[i]) }
                    }
                }
                return .array(a)
            }
        }
        return { m in
            var a: [Value] = []
            a.reserveCapacity(parts.count)
            for p in parts { a.append(try p.run(m)) }
            return .array(a)
        }
    }

    /// A key given twice traps when the literal is made, as Swift's does (the later value was kept).
    private func compileDictionaryLiteral(_ kvs: [(key: Expr, value: Expr)], _ scope: FnScope, expected: RType?,
                                          _ loc: SourceLocation) -> Eval {
        var kt: RType? = nil, vt: RType? = nil
        if let expected, case .dictionary(let k, let v) = unwrapOptional(expected) { kt = k; vt = v }
        if expected == nil, case .dictionary(let k, let v)? = mixedNumberLiteralType(.dictionary(kvs), scope) { kt = k; vt = v }
        let keyContexts = literalContexts(kvs.map(\.key), scope, expected: kt)
        let valueContexts = literalContexts(kvs.map(\.value), scope, expected: vt)
        let parts = kvs.indices.map {
            (compileExpr(kvs[$0].key, scope, expected: keyContexts[$0]), compileExpr(kvs[$0].value, scope, expected: valueContexts[$0]))
        }
        guard expected == nil else {
            return { m in
                var d: [Value: Value] = [:]
                for (k, v) in parts {
                    let key = try k(m)
                    if d.updateValue(try v(m), forKey: key) != nil { throw RuntimeError(TrapMessage.duplicateLiteralKeys, at: loc) }
                }
                return .dictionary(d)
            }
        }
        // `["a": f(), "b": 1]` with `f()` a Double: the integer literals are Doubles too, for
        // keys and values apart (they printed as `1`).
        let literalKeys = kvs.map { Self.isIntegerLiteral($0.key) }, literalValues = kvs.map { Self.isIntegerLiteral($0.value) }
        return { m in
            var pairs: [(Value, Value)] = []
            var doubleKeys = false, doubleValues = false, intKeys = false, intValues = false
            for (i, (k, v)) in parts.enumerated() {
                let pair = (try k(m), try v(m))
                if case .double = pair.0 { doubleKeys = true } else if case .int = pair.0, !literalKeys[i] { intKeys = true }
                if case .double = pair.1 { doubleValues = true } else if case .int = pair.1, !literalValues[i] { intValues = true }
                pairs.append(pair)
            }
            if intKeys { doubleKeys = false }
            if intValues { doubleValues = false }
            var d: [Value: Value] = [:]
            for (i, (k, v)) in pairs.enumerated() {
                var (k, v) = (k, v)
                if doubleKeys, literalKeys[i], case .int(let n) = k { k = .double(Double(n)) }
                if doubleValues, literalValues[i], case .int(let n) = v { v = .double(Double(n)) }
                if d.updateValue(v, forKey: k) != nil { throw RuntimeError(TrapMessage.duplicateLiteralKeys, at: loc) }
            }
            return .dictionary(d)
        }
    }

    private func compileTupleLiteral(_ els: [(label: String?, value: Expr)], _ scope: FnScope, expected: RType?) -> Eval {
        var ets: [RType]? = nil
        var contextLabels: [String?]? = nil
        if let expected, case .tuple(let ts) = expected, ts.count == els.count { ets = ts }
        // `list.append((1, 2))` to a `[(x: Int, y: Int)]`: the tuple takes the type's labels.
        if let expected, case .labelledTuple(let ls, let ts) = unwrapOptional(expected), ts.count == els.count { ets = ts; contextLabels = ls }
        let parts = els.enumerated().map { compileExpr($0.element.value, scope, expected: ets?[$0.offset]) }
        let labels: [String?]? = els.contains { $0.label != nil } ? els.map(\.label) : contextLabels
        return { m in
            var a: [Value] = []
            a.reserveCapacity(parts.count)
            for p in parts { a.append(try p(m)) }
            return .tuple(TupleValue(labels: labels, elements: a))
        }
    }

    /// `base.name` that is not an optional chain: a nested type's name, `T.init`, a case of
    /// a host enum spelt with its type, a slot path, or a member read.
    private func compileMemberExpression(_ e: Expr, _ base: Expr, _ name: String, _ scope: FnScope, expected: RType?) -> Eval {
        let loc = e.location
        if let u = implicitUnwrap(base, scope) { return compileExpr(Expr(.member(u, name), at: loc, range: e.range), scope, expected: expected) }
        noteImplicitlyUnwrappedRead(e, scope)
        if let r = rewritingNestedType(e, scope) { return compileExpr(r, scope, expected: expected) }
        if name == "init", case .identifier(let t) = base.kind, scope.findLocal(t) == nil,
           let f = builtinInitializerFunction(t) {
            return constant(.function(f))
        }
        if let path = hostEnumTypePath(base, scope) {
            // `UITableViewCell.AccessoryType.none`, Swift 4's `UITableViewCellAccessoryType
            // .checkmark`: a case of one of the host's enums, spelt with its type.
            if let e = Self.foundationEnums[path] {
                if let v = e.value(name) { return constant(v) }
                return { _ in throw RuntimeError(RuntimeMessage.typeHasNoMember(type: path, member: name), at: loc) }
            }
            if let v = hosting.hostEnumCase?(path, name) ?? hosting.implicitMemberFallback?(name) { return constant(v) }
            return compileImplicitMember(name, expected: expected, loc)
        }
        if hasChain(e) { return compileChainTop(e, scope) }
        if let fast = compileSlotPath(e, scope) { return fast }
        return compileMember(base, name, scope, loc, expected: expected)
    }

    /// `x!`: the value inside, or Swift's trap on nil.
    private func compileForceUnwrap(_ inner: Expr, _ scope: FnScope, expected: RType?, _ loc: SourceLocation) -> Eval {
        if let e = compileUnwrapByReceiver(inner, scope, loc) { return e }
        let ev = compileExpr(inner, scope, expected: expected.map { .optional($0) })
        let failure = unwrapFailure(at: loc)
        if SuperInitCall.matches(inner) {
            // `super.init(...)!`: a failable superclass initializer that fails traps here,
            // where without `!` the whole initializer would fail.
            return { m in
                do { return try ev(m) } catch is ClassInitFailed { throw RuntimeError(failure, at: loc) }
            }
        }
        return { m in
            let v = try ev(m)
            switch v {
            case .wrapped(let x): return x
            case .nilValue: throw RuntimeError(failure, at: loc)
            default: return v
            }
        }
    }

    /// `x as T`, `x as? T`, `x as! T`, `x is T`.
    private func compileTypeCast(_ x: Expr, _ t: TypeSyntax, _ kind: CastKind, _ scope: FnScope, _ loc: SourceLocation) -> Eval {
        if kind != .as, let generic = genericCastTarget(t, kind, scope, loc) { return generic(compileExpr(x, scope, expected: nil)) }
        if kind != .as, TypeRules.isSubstring(t), userType("Substring") == nil {
            let ev = compileExpr(x, scope, expected: nil)
            return { [core = Unretained(self)] m in try core.object.substringCast(try ev(m), kind, loc) }
        }
        let rt = resolveType(t)
        let ev = compileExpr(x, scope, expected: kind == .as ? rt : nil)
        if kind != .as, let pair = sameValueCastTarget(t) {
            return { [core = Unretained(self)] m in
                let v = try ev(m)
                guard try core.object.sameValueCastAllows(v, pair, loc) else { return try core.object.failedCast(v, to: rt, kind, loc) }
                return try core.object.cast(v, to: rt, kind, loc)
            }
        }
        if kind == .as, let downcast = downcastWithAs(x, rt, ev, scope, loc) { return downcast }
        if kind == .as, !Self.isNumberLiteral(x) {
            switch rt {
            case .double, .float, .fixed:
                // Only a literal takes the type `as` gives it: an Int value is no Double
                // (`n as Double` is swiftc's error at `n`).
                return { [core = Unretained(self)] m in
                    let v = try ev(m)
                    if case .int = v { throw RuntimeError(ConversionMessage.cannotCoerce(type: "Int", to: rt.description), at: x.range.start) }
                    return try core.object.cast(v, to: rt, kind, loc)
                }
            default: break
            }
        }
        return { [core = Unretained(self)] m in try core.object.cast(try ev(m), to: rt, kind, loc) }
    }

    /// `animal as Dog` with `animal` declared of a superclass of `Dog`: `as` only converts
    /// up, so swiftc refuses it (TableLab cast the running value). Checked against the name's
    /// written type; nil where the operand is no name of a script class's type.
    private func downcastWithAs(_ x: Expr, _ rt: RType, _ ev: @escaping Eval, _ scope: FnScope, _ loc: SourceLocation) -> Eval? {
        guard case .identifier(let n) = x.kind, case .user(let toSlot) = rt else { return nil }
        let local = scope.findLocal(n)
        let global = local == nil && scope.findCapture(n) == nil ? globalIndex[n] : nil
        guard local != nil || global != nil else { return nil }
        return { [core = Unretained(self)] m in
            let core = core.object
            var declared = local?.type
            if let g = global, g < core.globalTypes.count { declared = core.globalTypes[g] }
            if case .user(let fromSlot)? = declared, let from = fromSlot.current, let to = toSlot.current, from !== to,
               from.kind == .class, core.isSubclass(to, of: from) {
                throw RuntimeError(ConversionMessage.downcastWithAs(from: from.name, to: to.name), at: loc,
                                   notes: [.note(NoteMessage.forceDowncast, at: loc)])
            }
            return try core.cast(try ev(m), to: rt, .as, loc)
        }
    }

    /// `3`, `-3`, `2.5`: a literal whose type the context gives.
    private static func isNumberLiteral(_ e: Expr) -> Bool {
        switch e.kind {
        case .integer, .double: return true
        case .unary(.negate, let x): return isNumberLiteral(x)
        default: return false
        }
    }

    /// `v as T`, `v as? T`, `v as! T`, `v is T` for a type known when it runs.
    func cast(_ value: Value, to rt: RType, _ kind: CastKind, _ loc: SourceLocation) throws -> Value {
        var v = value
        var targetIsOptional = false
        if case .optional = rt { targetIsOptional = true }
        // A cast to a non-optional type looks through the value's optionals (nil fails).
        if kind != .as, !targetIsOptional { while case .wrapped(let w) = v { v = w } }
        var c = coerce(v, to: rt)
        // An Int is never a Double or an Int8 when cast (`(1 as Any) is Double` is false),
        // though the value converts where a Double is declared.
        if kind != .as, case .int = v {
            switch unwrapOptional(rt) {
            case .double, .fixed, .float: c = nil
            default: break
            }
        }
        // Nor is a Double a Float (`(1.5 as Any) as? Float` is nil).
        if kind != .as, case .double = v, case .float = unwrapOptional(rt) { c = nil }
        switch kind {
        case .as:
            if let c { return c }
            throw RuntimeError(ConversionMessage.cannotCoerce(type: typeName(v), to: rt.description), at: loc)
        case .conditional: return c.map { .wrapped($0) } ?? .nilValue
        case .forced:
            if let c { return c }
            if !targetIsOptional, case .nilValue = v {
                throw RuntimeError(TrapMessage.nilUnwrapped, at: loc)
            }
            throw RuntimeError(TrapMessage.castFailed(type: castTypeName(v), to: castTypeName(rt)), at: loc)
        case .is: return .bool(c != nil)
        }
    }

    func unwrapOptional(_ t: RType) -> RType {
        if case .optional(let w) = t { return unwrapOptional(w) }
        return t
    }

    /// The value of a branch of an `if`/`switch` expression: its last expression.
    func compileValueBlock(_ stmts: [Stmt], _ scope: FnScope, expected: RType?, _ loc: SourceLocation) -> Eval {
        scope.pushBlock()
        defer { scope.popBlock() }
        guard let last = stmts.last else { return constant(.void) }
        if stmts.count == 1, case .if(let i) = last.kind {
            return compileExpr(Expr(.ifExpr(i), at: last.location), scope, expected: expected)
        }
        let prefix = compileStatements(Array(stmts.dropLast()), scope)
        let value: Eval
        switch last.kind {
        case .expression(let e): value = compileExpr(e, scope, expected: expected)
        case .if(let i): value = compileExpr(Expr(.ifExpr(i), at: last.location), scope, expected: expected)
        case .switch(let sw): value = compileSwitchExpr(sw, scope, expected: expected)
        default:
            let ex = compileStmt(last, scope)
            value = { m in
                let f = try ex(m)
                if !f.isNormal { throw EarlyExit(flow: f, at: loc) }
                return .void
            }
        }
        if stmts.count == 1 { return value }
        return { m in
            let f = try prefix(m)
            if !f.isNormal { throw EarlyExit(flow: f, at: loc) }
            return try value(m)
        }
    }

    func compileString(_ segs: [StringSegment], _ scope: FnScope, _ loc: SourceLocation) -> Eval {
        if segs.isEmpty { return constant(.string("")) }
        if segs.count == 1, case .text(let t) = segs[0] { return constant(.string(t)) }
        // Interpolation: evaluate the parts onto the stack, measure, then fill one allocation.
        // The literal text lives in one buffer (run i precedes interpolation i; the last run
        // ends the string), and the parts are pushed by a chain of closures, so a run copies
        // bytes and calls closures without retaining anything.
        var bytes: [UInt8] = []
        var runs: [Int] = [0]
        var pushes: [(Ctx) throws -> Int] = []
        for seg in segs {
            switch seg {
            case .text(let t):
                bytes.append(contentsOf: t.utf8)
                runs[runs.count - 1] += t.utf8.count
            case .interpolation(let e):
                pushes.append(pushMeasured(compileExpr(e, scope, expected: nil), e.location))
                runs.append(0)
            }
        }
        let text = InterpolationText(bytes, runs)
        let count = pushes.count
        let pushAll = chainSums(pushes[...])
        return { [core = Unretained(self)] m in
            let total = try pushAll(m) &+ text.byteCount
            if total >= 1 << 20 {
                do { try core.object.reserve(total, "a string of \(total) bytes", at: loc) } catch { m.pop(count); throw error }
            }
            let base = m.pointee.sp - count
            let result = String(unsafeUninitializedCapacity: total) { buf in
                let out = buf.baseAddress!
                var src = text.bytes
                var pos = 0
                for k in 0..<count {
                    let n = text.runs[k]
                    if n > 0 { (out + pos).update(from: src, count: n); src += n; pos += n }
                    switch base[k] {
                    case .string(var x):
                        pos = x.withUTF8 { u in
                            if u.count > 0 { (out + pos).update(from: u.baseAddress!, count: u.count) }
                            return pos + u.count
                        }
                    case .int(let i): pos = writeDecimal(i, into: buf, at: pos)
                    default: break
                    }
                }
                let n = text.runs[count]
                if n > 0 { (out + pos).update(from: src, count: n); pos += n }
                return pos
            }
            m.pop(count)
            return .string(result)
        }
    }

    /// Evaluates one interpolated part, pushes it as text (or an Int, written later) and
    /// answers its length in UTF-8 bytes.
    private func pushMeasured(_ ev: @escaping Eval, _ loc: SourceLocation) -> (Ctx) throws -> Int {
        return { [core = Unretained(self)] m in
            let v = try ev(m)
            switch v {
            case .string(let x): m.push(v); return x.utf8.count
            case .int(let i): m.push(v); return decimalLength(i)
            // An enum with conformances may write its own `description`: describe decides.
            case .enumCase(let t, let c) where core.object.types[Int(t)].conformances.isEmpty:
                let name = core.object.types[Int(t)].caseNames[Int(c)]
                m.push(.string(name))
                return name.utf8.count
            default:
                var d = ""
                try core.object.refuseInterpolatedHostEnum(v, loc)
                try core.object.describeChecked(v, debug: false, into: &d, loc)
                m.push(.string(d))
                return d.utf8.count
            }
        }
    }

    /// Runs the closures in order, summing their answers.
    private func chainSums(_ fs: ArraySlice<(Ctx) throws -> Int>) -> (Ctx) throws -> Int {
        let i = fs.startIndex
        switch fs.count {
        case 0: return { _ in 0 }
        case 1: return fs[i]
        case 2:
            let a = fs[i], b = fs[i + 1]
            return { m in try a(m) + b(m) }
        default:
            let a = fs[i], b = fs[i + 1], c = fs[i + 2]
            if fs.count == 3 { return { m in try a(m) + b(m) + c(m) } }
            let rest = chainSums(fs[(i + 3)...])
            return { m in
                let x = try a(m) + b(m) + c(m)
                return try x + rest(m)
            }
        }
    }

    // MARK: Names

    /// The host enum type `base` spells (`UITableViewCell.AccessoryType`,
    /// `NSTextAlignment`), when its first name is nothing of the script's or the host's
    /// values: nil otherwise.
    func hostEnumTypePath(_ base: Expr, _ scope: FnScope) -> String? {
        let path: String, first: String
        switch base.kind {
        case .identifier(let a): (path, first) = (a, a)
        case .member(let inner, let b):
            guard case .identifier(let a) = inner.kind else { return nil }
            (path, first) = (a + "." + b, a)
        default: return nil
        }
        guard hosting.valueTypes.contains(path) || Self.foundationEnums[path] != nil, scope.findLocal(first) == nil, scope.findCapture(first) == nil,
              globalIndex[first] == nil || path != first && holdsHostType(first), typeSlots[first] == nil else { return nil }
        return path
    }

    /// Whether the global `name` is the host's type of that name used as a value (UIKit's
    /// `UIView`, whose static members the host gives), not a script's variable.
    func holdsHostType(_ name: String) -> Bool {
        guard let slot = globalIndex[name], case .object(let o) = machine.pointee.globals[slot] else { return false }
        return o.typeName == name
    }

    func compileIdentifier(_ name: String, _ scope: FnScope, _ loc: SourceLocation) -> Eval {
        if let l = scope.findLocal(name) {
            if l.hasAccessors { return localAccessorsRead(name, l, captureIndex: nil, loc) }
            if l.isDeferredLet { return compileDeferredLetRead(l, name, loc) }
            let slot = l.slot
            if l.startsUnset { return compileUnsetVarRead(.local(slot: slot, boxed: l.boxed), name, loc) }
            if l.boxed {
                return { [core = Unretained(self)] m in
                    if case .box(let b) = m.pointee.fp[slot] {
                        let v = b.value
                        if case .box = v { return try core.object.markedSlotValue(v, name, loc) }
                        return v
                    }
                    return m.pointee.fp[slot]
                }
            }
            return { m in m.pointee.fp[slot] }
        }
        if let (i, l) = scope.findCapture(name) {
            if l.hasAccessors { return localAccessorsRead(name, l, captureIndex: i, loc) }
            if l.startsUnset { return compileUnsetVarRead(.capture(i), name, loc) }
            return { [core = Unretained(self)] m in
                let v = m.pointee.env[i].value
                if case .box = v { return try core.object.markedSlotValue(v, name, loc) }
                return v
            }
        }
        if name == "self" {
            if let t = scope.selfType {
                if t.kind == .table {
                    return { [t = Unretained(t)] _ in
                        guard let inst = t.object.instance else { throw RuntimeError(UnsupportedMessage.tableNotReady(t.object.name), at: loc) }
                        return .type(.table(inst))
                    }
                }
                if scope.isStatic, t.kind == .class { return { [core = Unretained(self)] _ in .type(.structType(core.object.staticSelf(t))) } }
                if scope.isStatic { return constant(.type(t.kind == .enum ? .enumType(t) : .structType(t))) }
                if t.kind == .class, scope.isTopLevel { return topLevelInstanceSelf(t, loc) }
            }
            return { _ in throw RuntimeError(LookupMessage.cannotFindInScope("self"), at: loc) }
        }
        if let t = scope.selfType, let ev = compileImplicitSelfMember(name, t, scope, loc) { return ev }
        // A property of the host superclass, named without `self.` (`title`, `textLabel`).
        if let t = scope.selfType, !scope.isStatic, !scope.inPropertyInitializer, hostBaseHasMember(t, name) {
            return compileMember(Expr(.self, at: loc), name, scope, loc, expected: nil)
        }
        if let t = scope.selfType, !scope.isStatic, isBuiltinImplicitMember(t, name) {
            return compileMember(Expr(.self, at: loc), name, scope, loc, expected: nil)
        }
        // `Self` in a member (also one a protocol extension gave the type): the type itself.
        if name == "Self", let t = scope.selfType, protocols.builtinExtensions[t.name] !== t, userType("Self") == nil {
            // In a class, `Self` is the dynamic type: the instance's class (or, in a static
            // member, the class it was called on), not the one declaring the method.
            if t.kind == .class, !scope.isStatic, !scope.inPropertyInitializer {
                let readSelf = compileIdentifier("self", scope, loc)
                return { m in
                    if case .type(.table(let inst)) = try readSelf(m), inst.type.kind == .class { return .type(.structType(inst.type)) }
                    return .type(.structType(t))
                }
            }
            if t.kind == .class, scope.isStatic { return { [core = Unretained(self)] _ in .type(.structType(core.object.staticSelf(t))) } }
            return typeValue(t)
        }
        if let p = metatypeParameter(name), userType(name) == nil {
            return compileExpr(Expr(.identifier(p), at: loc), scope, expected: nil)
        }
        if let f = resultOnlyGenericFunction(name), userType(name) == nil {
            return compileResultOnlyGeneric(name, function: f.function, result: f.result, loc)
        }
        if protocols.genericScopes.contains(where: { $0[name] != nil }), userType(name) == nil {
            return { _ in throw RuntimeError(UnsupportedMessage.genericParameterAsValue(name: name), at: loc) }
        }
        if let t = userType(name) { return typeValue(t) }
        if let slot = globalIndex[name] {
            // A slot made by an earlier use of a name nothing declares: swiftc reports
            // every use of it, not only the first.
            if scope.isTopLevel || recordingFunctionNames, unresolvedTopLevelNames != nil,
               globalDeclarations[slot] == nil, !isDeclaredNow(name) {
                unresolvedTopLevelNames?.append((name, loc))
            }
            return globalRead(slot, name, loc)
        }
        if let cells = functionsByBase[name], cells.count == 1 {
            let cell = cells[0]
            return { [core = Unretained(self)] m in
                guard let f = core.object.compiled(cell) else { throw RuntimeError(LookupMessage.cannotFindInScope(name), at: loc) }
                return .function(FunctionValue(code: f, captures: []))
            }
        }
        if let b = builtinTypeName(name) { return constant(.type(.builtin(BuiltinTypeName(b)))) }
        if let f = libraryFunctionValue(name) { return constant(.function(f)) }
        if scope.isTopLevel || recordingFunctionNames { unresolvedTopLevelNames?.append((name, loc)) }
        let slot = globalSlot(name)
        return globalRead(slot, name, loc)
    }

    func typeValue(_ t: UserType) -> Eval {
        switch t.kind {
        case .enum: return constant(.type(.enumType(t)))
        case .struct: return constant(.type(.structType(t)))
        case .table: return { [t = Unretained(t)] _ in t.object.instance.map { .type(.table($0)) } ?? .type(.structType(t.object)) }
        case .class: return constant(.type(.structType(t)))
        }
    }

    func builtinTypeName(_ n: String) -> String? {
        switch n {
        case "Int", "Double", "Float", "String", "Bool", "Array", "Dictionary", "Set", "CGFloat", "Character": return n
        default: return Self.standardTypeAliases[n] ?? (IntKind(name: n) != nil ? n : nil)
        }
    }

    func globalRead(_ slot: Int, _ name: String, _ loc: SourceLocation) -> Eval {
        return { [core = Unretained(self)] m in
            let v = m.pointee.globals[slot]
            if case .box(let b) = v {
                if let c = core.object.computedGlobal(b) { return try core.object.readComputedGlobal(m, c, loc) }
                if let r = try core.object.initializePendingStatic(slot, b) { return r }
                if let x = try core.object.loadedReference(v, loc) { return x }
                if b !== undefinedGlobal { throw core.object.accessConflict(b, name, loc) }
                if let cells = core.object.functionsByBase[name], cells.count == 1, let f = core.object.compiled(cells[0]) {
                    return .function(FunctionValue(code: f, captures: []))
                }
                throw core.object.cannotFind(name, at: loc)
            }
            return v
        }
    }

    /// swiftc's error for `var a = b` where `b` is another instance member.
    func instanceMemberInInitializer(_ name: String, _ loc: SourceLocation) -> Eval {
        { _ in
            throw RuntimeError(LookupMessage.instanceMemberInPropertyInitializer(name), at: loc)
        }
    }

    /// `title` inside a method of the type that has it: `self.title`.
    func compileImplicitSelfMember(_ name: String, _ t: UserType, _ scope: FnScope, _ loc: SourceLocation) -> Eval? {
        if scope.inPropertyInitializer, t.fieldIndex[name] != nil || t.computed[name].map({ !$0.isStatic }) == true {
            return instanceMemberInInitializer(name, loc)
        }
        let hasInstance = !scope.isStatic || t.kind == .table
        if t.lazyProperties[name] != nil, hasInstance {
            return compileMember(Expr(.self, at: loc), name, scope, loc, expected: nil)
        }
        if let idx = t.fieldIndex[name], hasInstance {
            if t.kind == .table {
                return { [core = Unretained(self), t = Unretained(t)] _ in
                    guard let inst = t.object.instance, idx < inst.fields.count else { throw RuntimeError(LookupMessage.cannotFindInScope(name), at: loc) }
                    let v = inst.fields[idx]
                    if case .box = v { try core.object.checkNotHeld(v, name, loc) }
                    return v
                }
            }
            let selfRead = compileIdentifier("self", scope, loc)
            if t.kind == .class {
                var selfSlot: Int? = nil
                if case .local(let s)? = slotAddress("self", scope) { selfSlot = s }
                return classFieldRead(selfRead, idx, name, loc, selfSlot: selfSlot, direct: scope.directStorage.reaches(idx))
            }
            return { m in
                if case .structValue(let s) = try selfRead(m), idx < s.fields.count { return s.fields[idx] }
                throw RuntimeError(LookupMessage.cannotFindInScope(name), at: loc)
            }
        }
        if t.computed[name] != nil || (t.kind == .enum && hasInstance && (name == "rawValue")) {
            if let slot = t.computed[name], slot.isStatic {
                return compileMember(Expr(.identifier(t.name), at: loc), name, scope, loc, expected: nil)
            }
            if !hasInstance { return nil }
            return compileMember(Expr(.self, at: loc), name, scope, loc, expected: nil)
        }
        if let g = t.staticStored[name] {
            return globalRead(g, name, loc)
        }
        if t.kind == .enum, name == "allCases", isCaseIterable(t) {
            return compileMember(Expr(.identifier(t.name), at: loc), name, scope, loc, expected: nil)
        }
        // A method named as a value (`run(completionHandler: handle)`): `self.handle`, or
        // the type's in a static member, as a member shadows a global function of the name.
        if let fulls = t.methodsByBase[name], t.kind != .table, !scope.inPropertyInitializer {
            let decls = fulls.compactMap { t.methods[$0]?.decl }
            if scope.isStatic, !decls.isEmpty, decls.allSatisfy(\.isStatic) {
                return compileMember(Expr(.identifier(t.name), at: loc), name, scope, loc, expected: nil)
            }
            if !scope.isStatic, !decls.isEmpty, decls.allSatisfy({ !$0.isStatic }) {
                return compileMember(Expr(.self, at: loc), name, scope, loc, expected: nil)
            }
        }
        // In an enum's static member a case is named unqualified (`return Support.rawValue`);
        // an instance member must write `.support` or `Self.support`, as swiftc says.
        if t.kind == .enum, t.caseIndex[name] != nil {
            if scope.isStatic { return compileMember(Expr(.identifier(t.name), at: loc), name, scope, loc, expected: nil) }
            return { _ in throw RuntimeError(LookupMessage.enumCaseAsInstanceMember(name), at: loc) }
        }
        return nil
    }

    func compileImplicitMember(_ name: String, expected: RType?, _ loc: SourceLocation) -> Eval {
        if let expected, let v = NumericStatics.member(name, of: unwrapOptional(expected)) {
            if case .optional = expected { return constant(.wrapped(v)) }
            return constant(v)
        }
        if let expected, let slot = enumSlot(expected) {
            // A script enum whose members are all known and lack this one: swiftc's error
            // before anything runs (`xs.append(.donte)`, in a function that never runs too);
            // the closure below would throw the same wherever it is reached.
            if compileTimeRefusals != nil, let t = slot.current, t.kind == .enum, !t.isBuiltin, t.caseIndex[name] == nil,
               let members = knownMembers(t), !members.has(name), typeSlots["\(t.name).\(name)"] == nil {
                let e = RuntimeError(RuntimeMessage.typeHasNoMember(type: t.name, member: name), at: loc)
                compileTimeRefusals?.append(e)
                return { _ in throw e }
            }
            let cache = MemberCache.holder()
            let member = MemberName(name)
            let site = StaticMemberSite()
            return { [core = Unretained(self)] m in
                let cid = slot.currentID
                if cid >= 0, cache.typeID == cid { return .enumCase(typeID: cid, caseIndex: Int32(cache.index)) }
                guard let t = slot.current else { throw RuntimeError(LookupMessage.cannotFindTypeInScope(slot.name), at: loc) }
                if let ci = t.caseIndex[name] {
                    if core.object.payload(of: t, ci) != nil { return core.object.caseValue(t, ci) }
                    cache.typeID = t.id; cache.index = Int(ci)
                    return .enumCase(typeID: t.id, caseIndex: ci)
                }
                return try core.object.staticMember(of: t, member, loc, site: site) ?? {
                    throw RuntimeError(RuntimeMessage.typeHasNoMember(type: t.name, member: name), at: loc)
                }()
            }
        }
        if let expected, let v = hostEnumCase(name, expected) { return constant(v) }
        if let expected, let holder = hostExtensionHolder(expected, declaring: name) {
            let member = MemberName(name)
            return { [core = Unretained(self)] _ in try core.object.staticMember(of: holder, member, loc) ?? .nilValue }
        }
        if let expected, let type = unsimulatedHostNestedType(expected) {
            return { _ in throw RuntimeError(UnsupportedMessage.hostNestedTypeNotSimulated(type), at: loc) }
        }
        if let expected, let refusal = unsupportedStandardType(expected) {
            // `let rule: FloatingPointRoundingRule = .up`: the type is Swift's (or Foundation's)
            // and TableLab has no value of it; "cannot infer contextual base" would be false.
            return { _ in throw RuntimeError(refusal, at: loc) }
        }
        let member = MemberName(name)
        if member.intrinsic == .none { return constant(.nilValue) }
        if case .conforming(let p)? = expected, !p.contains("&") {
            // `.failure(.empty)`: only an enum that conforms to the context's protocol is meant.
            return { [core = Unretained(self)] _ in try core.object.resolveImplicitMember(member, loc, conformingTo: p) }
        }
        return { [core = Unretained(self)] _ in try core.object.resolveImplicitMember(member, loc) }
    }

    /// A standard library or Foundation type that an annotation names and TableLab has no
    /// values of (neither a script's type nor one the host or the interpreter implements).
    func unsupportedStandardType(_ t: RType) -> StandardLibraryMessage? {
        var t = t
        while case .optional(let w) = t { t = w }
        guard case .external(let n) = t, n != "Substring", !hosting.valueTypes.contains(n), Self.foundationEnums[n] == nil else { return nil }
        // `String.CompareOptions`, `NSString.CompareOptions`: a type nested in a standard or
        // Foundation type is Foundation's.
        if let dot = n.firstIndex(of: "."), !n.hasPrefix("String.Index") {
            let base = String(n[..<dot])
            if StandardLibraryNames.types.contains(base) || StandardLibraryNames.foundationTypes.contains(base) {
                return StandardLibraryMessage(name: n, isFoundation: true)
            }
        }
        // `Range<Character>`: a range TableLab makes only of Int, Double and String.Index.
        if RangeTypeName.parts(n) != nil { return RangeTypeName(n) == nil ? StandardLibraryMessage(name: n) : nil }
        if StandardLibraryNames.types.contains(n) || StandardLibraryNames.all.contains(n) && n.first?.isUppercase == true {
            return StandardLibraryMessage(name: n)
        }
        if StandardLibraryNames.foundationTypes.contains(n) { return StandardLibraryMessage(name: n, isFoundation: true) }
        return nil
    }

    /// A type nested in a host class (`UIControl.State`, `UIFont.Weight`) that is expected
    /// where `.name` is written, when the host has neither its values nor its cases: `.name`
    /// would be a bare name that no such annotation takes, so the type is refused by name.
    func unsimulatedHostNestedType(_ expected: RType) -> String? {
        var t = expected
        while case .optional(let w) = t { t = w }
        guard case .external(let n) = t, n.contains("."), !hosting.valueTypes.contains(n),
              importedEnumCases(n) == nil, hosting.typeNames.contains(n) else { return nil }
        return n
    }

    /// `.checkmark` where a host enum's type is expected (an annotation, a typed
    /// collection's elements): its typed value; nil elsewhere.
    func hostEnumCase(_ name: String, _ expected: RType) -> Value? {
        switch expected {
        case .external(let typeName): return importedEnumCase(typeName, name)
        // `.none` where an Optional is expected is Optional's (swiftc warns), not the enum's case.
        case .optional(let w): return name == "none" ? .nilValue : hostEnumCase(name, w).map { .wrapped($0) }
        default: return nil
        }
    }

    func enumSlot(_ t: RType) -> TypeSlot? {
        switch t {
        case .user(let s): return s
        case .optional(let w): return enumSlot(w)
        default: return nil
        }
    }

    /// `.donate` with no static context: the one enum that has a case of that name.
    func resolveImplicitMember(_ member: MemberName, _ loc: SourceLocation, conformingTo proto: String? = nil) throws -> Value {
        let name = member.text
        if let proto {
            let fits = typeSlots.values.compactMap(\.current).filter {
                $0.kind == .enum && $0.caseIndex[name] != nil && conformances(of: $0).contains(proto)
            }
            if fits.count == 1, let ci = fits[0].caseIndex[name] {
                return payload(of: fits[0], ci) != nil ? caseValue(fits[0], ci) : .enumCase(typeID: fits[0].id, caseIndex: ci)
            }
        }
        if let (t, c) = implicitMemberCache[name] { return .enumCase(typeID: t, caseIndex: c) }
        var found: [(Int32, Int32)] = []
        // A type with a static member of that name could be the context just as well
        // (`static let navigationCell = Identifier(...)`): then the choice is no guess.
        var statics: [String] = []
        for (_, slot) in typeSlots {
            guard let t = slot.current else { continue }
            // The host's own structs (CGRect.zero) are no context a script means by `.zero`.
            if (t.staticStored[name] != nil || t.computed[name]?.isStatic == true) && !hosting.unguessedTypes.contains(t.name) {
                statics.append(t.name)
            }
            guard t.kind == .enum, let ci = t.caseIndex[name] else { continue }
            found.append((t.id, ci))
        }
        // The example in the message is the same on every run, whatever the table's order.
        found.sort { types[Int($0.0)].name < types[Int($1.0)].name }
        if !found.isEmpty, !statics.isEmpty {
            let names = (found.map { types[Int($0.0)].name } + statics).sorted().joined(separator: "', '")
            throw RuntimeError(LookupMessage.ambiguousUse(name: name, candidates: names, type: types[Int(found[0].0)].name, member: name), at: loc)
        }
        if found.count == 1 {
            let t = types[Int(found[0].0)]
            if payload(of: t, found[0].1) != nil { return caseValue(t, found[0].1) }
            implicitMemberCache[name] = found[0]
            return .enumCase(typeID: found[0].0, caseIndex: found[0].1)
        }
        if found.isEmpty {
            if member.intrinsic == .none { return .nilValue }
            // `.reloadData`: a static property of the one struct that declares it.
            let holders = typeSlots.values.compactMap(\.current).filter {
                $0.kind == .struct && ($0.staticStored[name] != nil || $0.computed[name]?.isStatic == true)
                    && !hosting.unguessedTypes.contains($0.name)
            }
            if holders.count == 1, let v = try staticMember(of: holders[0], member, loc) { return v }
            // `label.textColor = .gold`: a static of the one host class extension that declares it.
            if holders.isEmpty {
                let hostHolders = protocols.builtinExtensions.values.filter {
                    $0.kind == .class && ($0.staticStored[name] != nil || $0.computed[name]?.isStatic == true)
                }
                if hostHolders.count == 1, let v = try staticMember(of: hostHolders[0], member, loc) { return v }
            }
            if let v = hosting.implicitMemberFallback?(name) { return v }
            if let v = characterSetValue(name) ?? foundationImplicitMember(name) { return v }
            throw RuntimeError(LookupMessage.implicitMemberWithoutContext(name), at: loc)
        }
        let names = found.map { types[Int($0.0)].name }.sorted().joined(separator: "', '")
        throw RuntimeError(LookupMessage.ambiguousUse(name: name, candidates: names, type: types[Int(found[0].0)].name, member: name), at: loc)
    }

    /// The extension of a host class (`extension UIColor { static let gold = ... }`) that
    /// declares a static `name`, where that class is expected: `.gold` is its member.
    func hostExtensionHolder(_ expected: RType, declaring name: String) -> UserType? {
        var t = expected
        while case .optional(let w) = t { t = w }
        guard case .external(let n) = t, let holder = protocols.builtinExtensions[n], holder.kind == .class,
              holder.staticStored[name] != nil || holder.computed[name]?.isStatic == true else { return nil }
        return holder
    }

    /// Resolves `.name` against a declared type: its case or static member.
    func implicitMember(_ member: MemberName, of type: RType, _ loc: SourceLocation) throws -> Value {
        if let holder = hostExtensionHolder(type, declaring: member.text), let v = try staticMember(of: holder, member, loc) { return v }
        guard let t = enumSlot(type)?.current else {
            // `.checkmark` for a parameter of a host enum's type: that enum's typed case.
            if let v = hostEnumCase(member.text, type) { return v }
            if let name = unsimulatedHostNestedType(type) { throw RuntimeError(UnsupportedMessage.hostNestedTypeNotSimulated(name), at: loc) }
            if member.intrinsic == .none, case .optional = type { return .nilValue }
            return try resolveImplicitMember(member, loc)
        }
        if let ci = t.caseIndex[member.text] { return .enumCase(typeID: t.id, caseIndex: ci) }
        if let v = try staticMember(of: t, member, loc) { return v }
        if member.intrinsic == .none, case .optional = type { return .nilValue }
        throw RuntimeError(RuntimeMessage.typeHasNoMember(type: t.name, member: member.text), at: loc)
    }

    /// Resolves `.name` against a known value's enum (comparisons, `append`).
    func implicitMember(_ member: MemberName, like v: Value, _ loc: SourceLocation) throws -> Value {
        let name = member.text
        if let t = NumericStatics.type(of: v) {
            if let member = NumericStatics.member(name, of: t) { return member }
            throw RuntimeError(RuntimeMessage.typeHasNoMember(type: t.description, member: name), at: loc)
        }
        // The host's enum cases (UIKit's `AccessoryType`, `SeparatorStyle`) are their case
        // names: `cell.accessoryType == .none` compares with the case `none`, not with nil,
        // as swiftc picks the non-optional type's own case. (A String has no such members.)
        if case .string = v, hosting.implicitMemberFallback?(name) != nil {
            return .string(name.prefix(1).lowercased() + name.dropFirst())
        }
        if case .object(let e as HostEnumValue)? = v.unwrapped {
            if let typed = importedEnumCase(e.swiftTypeName, name) { return typed }
            guard Self.foundationEnums[e.swiftTypeName] == nil, hosting.implicitMemberFallback?(name) != nil else {
                throw RuntimeError(RuntimeMessage.typeHasNoMember(type: e.swiftTypeName, member: name), at: loc)
            }
            return .string(name.prefix(1).lowercased() + name.dropFirst())
        }
        var x = v
        while case .wrapped(let w) = x { x = w }
        var tid: Int32 = -1
        if case .enumCase(let t, _) = x { tid = t }
        if case .payloadCase(let p) = x { tid = p.typeID }
        if tid >= 0 {
            let t = types[Int(tid)]
            if let ci = t.caseIndex[name] { return caseValue(t, ci) }
            throw RuntimeError(RuntimeMessage.typeHasNoMember(type: t.name, member: name), at: loc)
        }
        if case .structValue(let s) = x {
            if let v = try staticMember(of: s.type, member, loc) { return v }
            throw RuntimeError(LookupMessage.typeHasNoMember(type: s.type.name, member: name), at: loc)
        }
        return try resolveImplicitMember(member, loc)
    }

    /// swiftc's typo suggestions, given only for a switch pattern naming no case (SPEC
    /// 3.4). An expression naming no member gets none: swiftc 6.3 leaves typo correction
    /// off by default (`-typo-correction-limit 0`), so Xcode shows the error alone.
    func didYouMean(_ name: String, _ candidates: [String], _ loc: SourceLocation) -> [Diagnostic] {
        TypoCorrection.notes(for: name, among: candidates, at: loc)
    }

    // MARK: Closures and nested functions

    func compileClosureLike(parameters: [Parameter], returnType: TypeSyntax?, body: [Stmt], shorthandCount: Int,
                            _ parent: FnScope, name: String, location: SourceLocation,
                            references: [String: ReferenceStrength] = [:], keyPathMembers: [String]? = nil) -> Eval {
        let ret = returnType.map(resolveType)
        let scope = FnScope(parent: parent, selfType: parent.selfType, isMutating: false, isStatic: parent.isStatic,
                            returnType: ret, isTopLevel: false, functionName: name)
        if scope.resolution == nil {
            scope.resolve(parameters: parameters, body: body, declarations: resolverDeclarations(selfType: nil, context: parent.selfType))
        }
        scope.captureList = references
        var ptypes: [RType?] = []
        var boxedParams: [Int] = []
        for (i, p) in parameters.enumerated() {
            let t = p.type.map(resolveType)
            // An inout parameter gets its caller's box (Inout.swift).
            ptypes.append(p.isInout ? nil : t)
            if p.isInout { scope.alwaysBoxed.insert(p.name) }
            if scope.declare(p.name, isLet: !p.isInout, type: t, binding: p.location).boxed { boxedParams.append(i) }
        }
        for _ in 0..<shorthandCount { scope.shorthandSlots.append(scope.allocSlot()) }
        let argc = parameters.count + shorthandCount
        var bodyEval = compileBody(body, scope, returnType: ret)
        if !boxedParams.isEmpty {
            let inner = bodyEval
            let inoutAt = parameters.map { $0.isInout ? $0.location : nil }
            bodyEval = { [core = Unretained(self)] m in
                for i in boxedParams where !m.pointee.fp[i].boxIfNeeded(isInout: inoutAt[i] != nil) {
                    throw core.object.inoutWithoutAmpersand(m.pointee.fp[i], inoutAt[i]!)
                }
                return try inner(m)
            }
        }
        let cf = CompiledFunction(name: name, paramCount: argc, hasSelf: false, isMutating: false,
                                  location: location, file: currentFile, body: bodyEval)
        cf.paramTypes = ptypes + Array(repeating: nil, count: shorthandCount)
        cf.paramLabels = parameters.map(\.label)
        cf.paramDefaults = Array(repeating: nil, count: argc)
        cf.returnType = ret
        cf.keyPathMembers = keyPathMembers
        cf.frameSize = max(scope.frameSize, argc)
        let sources = scope.captures
        // `[weak x]`, `[unowned self]`: those captures hold the reference taken now, weakly.
        var weakCaptures: [(index: Int, strength: ReferenceStrength)] = []
        for (n, s) in references { if let (i, _) = scope.captureIndex[n] { weakCaptures.append((i, s)) } }
        return { [core = Unretained(self)] m in
            var caps: [VarBox] = []
            caps.reserveCapacity(sources.count)
            for s in sources {
                switch s {
                case .parentBox(let slot):
                    if case .box(let b) = m.pointee.fp[slot] { caps.append(b) } else { caps.append(VarBox(m.pointee.fp[slot])) }
                case .parentValue(let slot): caps.append(VarBox(m.pointee.fp[slot]))
                case .parentCapture(let i): caps.append(m.pointee.env[i])
                }
            }
            for (i, strength) in weakCaptures {
                let v = caps[i].value
                if let r = core.object.referenceStorage(v, strength) { caps[i] = VarBox(r) }
            }
            return .function(FunctionValue(code: cf, captures: caps))
        }
    }
}

/// A `return`/`break` inside an `if`/`switch` expression's branch, carried to the statement.
/// A `return`, `break`, `continue` or `fallthrough` leaving the branch of an `if` or
/// `switch` expression: only a `fallthrough` to the next case of a `switch` expression is
/// Swift (the static check refuses the others); `at` is the branch's place.
struct EarlyExit: Error { let flow: Flow; let at: SourceLocation }

@inline(__always) func decimalLength(_ i: Int) -> Int {
    if i == Int.min { return 20 }
    var n = i < 0 ? 2 : 1
    var x = i < 0 ? -i : i
    while x >= 10 { x /= 10; n += 1 }
    return n
}

@inline(__always) func writeDecimal(_ i: Int, into buf: UnsafeMutableBufferPointer<UInt8>, at start: Int) -> Int {
    if i == Int.min {
        var pos = start
        for b in String(Int.min).utf8 { buf[pos] = b; pos += 1 }
        return pos
    }
    let len = decimalLength(i)
    var x = i < 0 ? -i : i
    var pos = start + len - 1
    repeat {
        buf[pos] = UInt8(48 + x % 10)
        x /= 10
        pos -= 1
    } while x > 0
    if i < 0 { buf[start] = 45 }
    return start + len
}

extension InterpreterCore {
    /// `a[i]` where `a` is a plain local or global: index the array where it lives
    /// instead of copying it out first.
    func compileSlotSubscript(_ base: Expr, _ args: [Argument], _ scope: FnScope, _ loc: SourceLocation) -> Eval? {
        guard args.count == 1, args[0].label == nil, case .identifier(let name) = base.kind else { return nil }
        // An index that is statically an `Int` expression (`kinds[(s * 31 + i * 7) % 8]`) is
        // computed raw; whatever the base holds, the value is the one the dynamic index gives.
        let typedIndex = isTypedIntCallTree(args[0].value, scope) ? compileInt(args[0].value, scope) : nil
        let ie = typedIndex == nil ? compileExpr(args[0].value, scope, expected: dictionaryKeyType(of: base, scope)) : { _ in .void }
        // The slow path gets the index already evaluated: it must not run twice.
        let cold = SubscriptFallback(self, compileExpr(base, scope, expected: nil), loc)
        if let l = scope.findLocal(name) {
            if l.boxed { return nil }
            let slot = l.slot
            if let typedIndex {
                return { m in
                    let n = try typedIndex.run(m)
                    if case .array(let a) = m.pointee.fp[slot], let x = a.element(at: n) { return x }
                    return try cold.run(m, .int(n))
                }
            }
            return { m in
                let i = try ie(m)
                if case .int(let n) = i, case .array(let a) = m.pointee.fp[slot], let x = a.element(at: n) { return x }
                return try cold.run(m, i)
            }
        }
        if scope.findCapture(name) != nil || userType(name) != nil { return nil }
        if let t = scope.selfType, t.fieldIndex[name] != nil || t.computed[name] != nil || t.staticStored[name] != nil { return nil }
        guard let g = globalIndex[name] else { return nil }
        if let typedIndex {
            return { m in
                let n = try typedIndex.run(m)
                if case .array(let a) = m.pointee.globals[g], let x = a.element(at: n) { return x }
                return try cold.run(m, .int(n))
            }
        }
        return { m in
            let i = try ie(m)
            if case .int(let n) = i, case .array(let a) = m.pointee.globals[g], let x = a.element(at: n) { return x }
            return try cold.run(m, i)
        }
    }
}

/// `name[i]` when the fast path does not apply: evaluates the base the general way and
/// subscripts it with the index already computed.
final class SubscriptFallback {
    let coreRef: Unretained<InterpreterCore>
    var core: InterpreterCore { coreRef.object }
    let base: Eval
    let loc: SourceLocation

    init(_ core: InterpreterCore, _ base: @escaping Eval, _ loc: SourceLocation) {
        self.coreRef = Unretained(core); self.base = base; self.loc = loc
    }

    @inline(never) func run(_ m: Ctx, _ i: Value) throws -> Value {
        try core.subscriptValue(try base(m), i, nil, loc)
    }
}

extension InterpreterCore {
    /// An expression that can be evaluated twice without anyone noticing.
    func isPure(_ e: Expr) -> Bool {
        switch e.kind {
        case .integer, .identifier, .boolean: return true
        case .binary(let op, let l, let r):
            switch op {
            case .add, .subtract, .multiply, .less, .equal: return isPure(l) && isPure(r)
            default: return false
            }
        default: return false
        }
    }

    /// Where a plain local or global lives, for reading paths in place.
    func slotPointer(_ name: String, _ scope: FnScope) -> ((Ctx) -> UnsafeMutablePointer<Value>)? {
        switch slotAddress(name, scope) {
        case .local(let slot)?: return { m in m.pointee.fp + slot }
        case .global(let g)?: return { m in m.pointee.globals + g }
        case nil: return nil
        }
    }

    /// The slot an expression reads when it is a plain variable's name (what
    /// `compileIdentifier` reads, for a value other than a marker box); nil otherwise.
    func variableAddress(_ e: Expr, _ scope: FnScope) -> SlotAddress? {
        guard case .identifier(let name) = e.kind, operatorFunction(name) == nil else { return nil }
        return slotAddress(name, scope)
    }

    /// `slotPointer`'s answer as data, for sites that read the slot inside their own
    /// closure (no closure call of its own; a plain local's read was about 38 instructions
    /// through its closure, with the `Value`'s copy and destroy).
    func slotAddress(_ name: String, _ scope: FnScope) -> SlotAddress? {
        if let l = scope.findLocal(name) {
            if l.boxed || l.hasAccessors || l.isDeferredLet || l.startsUnset { return nil }
            return .local(l.slot)
        }
        if scope.findCapture(name) != nil || userType(name) != nil { return nil }
        if let t = scope.selfType, t.fieldIndex[name] != nil || t.computed[name] != nil || t.staticStored[name] != nil { return nil }
        guard let g = globalIndex[name] else { return nil }
        return .global(g)
    }

    /// `compileSlotPath`'s miss: the field's index found (or the general path), the borrowed
    /// read's cache filled.
    @inline(never)
    static func fillSlotPathCache(_ m: Ctx, _ p: UnsafeMutablePointer<Value>, _ i: Int, _ j: Int, _ field: String,
                                  _ cache: MemberCache, _ hit: BorrowedReadCache, _ slow: Eval) throws -> Value {
        if case .array(let rows) = p.pointee, case .structValue(let st)? = rows.element(at: i) {
            if cache.type !== st.type {
                guard let idx = st.type.fieldIndex[field] else { return try slow(m) }
                cache.type = st.type; cache.index = idx
            }
            hit.type = st.typeAddress; hit.field = cache.index
            if cache.index < st.fields.count, case .array(let items) = st.fields[cache.index], let x = items.element(at: j) { return x }
        }
        return try slow(m)
    }

    /// `rows[i].items` and `rows[i].items[j]` on a local or global array of structs, read in
    /// place (no copies of the containers). Anything unusual falls back to the general path.
    func compileSlotPath(_ e: Expr, _ scope: FnScope) -> Eval? {
        var outerIndex: Expr? = nil
        var inner: Expr = e
        if case .subscriptAccess(let b, let args) = e.kind {
            guard args.count == 1, args[0].label == nil, isPure(args[0].value) else { return nil }
            outerIndex = args[0].value
            inner = b
        }
        guard case .member(let b2, let field) = inner.kind, Int(field) == nil,
              case .subscriptAccess(let root, let args2) = b2.kind, args2.count == 1, args2[0].label == nil,
              isPure(args2[0].value), case .identifier(let name) = root.kind,
              let ptr = slotPointer(name, scope), let address = slotAddress(name, scope) else { return nil }
        let ie = compileExpr(args2[0].value, scope, expected: nil)
        let je = outerIndex.map { compileExpr($0, scope, expected: nil) }
        // The general path, for everything the fast path does not handle.
        let slow: Eval
        if let outerIndex {
            let b = compileMember(b2, field, scope, inner.location, expected: nil)
            slow = compileSubscriptGet(b, [Argument(label: nil, value: outerIndex, location: e.location)], scope, e.location)
        } else {
            slow = compileMember(b2, field, scope, inner.location, expected: nil)
        }
        let cache = MemberCache.holder()
        if let outerIndex, isStaticInt(args2[0].value, scope), isStaticInt(outerIndex, scope) {
            // `sections[s].items[r]` with `s` and `r` typed `Int`s (loop variables): the
            // indexes are read raw; the general path evaluates them again, which they allow
            // (`isPure`).
            let i0 = compileInt(args2[0].value, scope), j0 = compileInt(outerIndex, scope)
            // The cached type as an address, for the borrowed read (Value.fieldElement).
            let hit = BorrowedReadCache()
            // Loop variables (the common case) read inline, without their nodes' calls.
            if let ri = i0 as? IntSlotRead, let rj = j0 as? IntSlotRead {
                return { m in
                    let i = try ri.read(m), j = try rj.read(m)
                    if let x = Value.fieldElement(address.pointer(m), row: i, type: hit.type, field: hit.field, element: j) { return x }
                    return try InterpreterCore.fillSlotPathCache(m, address.pointer(m), i, j, field, cache, hit, slow)
                }
            }
            return { m in
                let i = try i0.run(m), j = try j0.run(m)
                let p = ptr(m)
                if let x = Value.fieldElement(p, row: i, type: hit.type, field: hit.field, element: j) { return x }
                if case .array(let rows) = p.pointee, case .structValue(let st)? = rows.element(at: i) {
                    if cache.type !== st.type {
                        guard let idx = st.type.fieldIndex[field] else { return try slow(m) }
                        cache.type = st.type; cache.index = idx
                    }
                    hit.type = st.typeAddress; hit.field = cache.index
                    if cache.index < st.fields.count, case .array(let items) = st.fields[cache.index], let x = items.element(at: j) { return x }
                }
                return try slow(m)
            }
        }
        if let je {
            return { m in
                if case .int(let i) = try ie(m), case .int(let j) = try je(m), case .array(let rows) = ptr(m).pointee,
                   case .structValue(let st)? = rows.element(at: i) {
                    if cache.type !== st.type {
                        guard let idx = st.type.fieldIndex[field] else { return try slow(m) }
                        cache.type = st.type; cache.index = idx
                    }
                    if cache.index < st.fields.count, case .array(let items) = st.fields[cache.index], let x = items.element(at: j) { return x }
                }
                return try slow(m)
            }
        }
        return { m in
            if case .int(let i) = try ie(m), case .array(let rows) = ptr(m).pointee, case .structValue(let st)? = rows.element(at: i) {
                if cache.type !== st.type {
                    guard let idx = st.type.fieldIndex[field] else { return try slow(m) }
                    cache.type = st.type; cache.index = idx
                }
                if cache.index < st.fields.count { return st.fields[cache.index] }
            }
            return try slow(m)
        }
    }
}

/// The literal text of an interpolated string, in one allocation that lives as long as the
/// compiled code using it.
final class InterpolationText {
    let bytes: UnsafeMutablePointer<UInt8>
    let runs: UnsafeMutablePointer<Int>
    let byteCount: Int
    private let runCount: Int

    init(_ b: [UInt8], _ r: [Int]) {
        byteCount = b.count
        runCount = r.count
        let bp = UnsafeMutablePointer<UInt8>.allocate(capacity: max(1, b.count))
        bp.initialize(copying: b)
        let rp = UnsafeMutablePointer<Int>.allocate(capacity: r.count)
        rp.initialize(copying: r)
        bytes = bp
        runs = rp
    }

    deinit {
        bytes.deallocate()
        runs.deallocate()
    }
}

extension InterpreterCore {
    /// An arithmetic expression (`+ - * /`, a sign) of number literals only, some of them
    /// floating-point: Swift infers Double for all of them.
    /// The context of each of the values Swift gives one type (a collection literal's
    /// elements, a ternary's branches): `expected` where it is a type; with none, where a
    /// value is a Double (a floating-point literal, a name declared Double), the integer
    /// literals among them are Doubles too (`[1, 2.5]` is `[1.0, 2.5]`: they were Ints).
    func literalContexts(_ es: [Expr], _ scope: FnScope, expected: RType?) -> [RType?] {
        // In an `Any` context (`print`'s arguments) Swift keeps each literal's own type:
        // `print([3, -1.5])` prints `[3, -1.5]`.
        switch expected {
        case nil, .generic?: break
        default: return es.map { _ in expected }
        }
        let isDouble = { [self] (e: Expr) -> Bool in
            if Self.mixedLiteralArithmetic(e) { return true }
            switch e.kind {
            case .double: return true
            case .unary(.negate, let x): if case .double = x.kind { return true }; return false
            case .identifier, .member: if case .double? = resolvedType(of: e, scope) { return true }; return false
            default: return false
            }
        }
        // `[3, 1.5, 2 * 2]`: an operation on integer literals is an Int before the
        // elements are joined, and Swift makes the literal an `[Any]` (or refuses it).
        guard es.count > 1, es.contains(where: isDouble), !es.contains(where: Self.isIntegerLiteralOperation) else {
            return es.map { _ in expected }
        }
        return es.map { Self.isIntegerLiteral($0) ? .double : expected }
    }

    /// `2 * 2`: an operation whose operands are integer literals only.
    static func isIntegerLiteralOperation(_ e: Expr) -> Bool {
        guard case .binary(let op, let l, let r) = e.kind, [.add, .subtract, .multiply, .divide, .remainder].contains(op) else { return false }
        return (isIntegerLiteral(l) || isIntegerLiteralOperation(l)) && (isIntegerLiteral(r) || isIntegerLiteralOperation(r))
    }

    static func mixedLiteralArithmetic(_ e: Expr) -> Bool {
        var sawDouble = false
        func walk(_ e: Expr) -> Bool {
            switch e.kind {
            case .integer: return true
            case .double: sawDouble = true; return true
            case .unary(.negate, let x), .unary(.plus, let x): return walk(x)
            case .binary(let op, let l, let r):
                switch op {
                case .add, .subtract, .multiply, .divide: return walk(l) && walk(r)
                default: return false
                }
            default: return false
            }
        }
        return walk(e) && sawDouble
    }
}

/// Where a plain (unboxed, accessor-free) local or a global lives: read in place by the
/// site that needs it (`InterpreterCore.slotAddress`). A global's slot may hold a marker
/// box (not yet initialised, computed, held by an access): a fast path that expects a
/// concrete value then finds none and takes its general path, which raises the errors.
enum SlotAddress {
    case local(Int)
    case global(Int)

    @inline(__always) func pointer(_ m: Ctx) -> UnsafeMutablePointer<Value> {
        switch self {
        case .local(let slot): return m.pointee.fp + slot
        case .global(let g): return m.pointee.globals + g
        }
    }
}
