// The selector: every choice of specialisation the emitter makes is made here (lcode.c's
// role in Lua: one place decides which instruction a construct becomes). Each construct
// with fast paths has a plan type and a function that picks the first plan whose
// conditions hold, from the tree, the scope the resolver prepared and the static types
// known at the site; the compile functions elsewhere switch over the plan and only build
// closures. A new fast path is a new case here and an emitter there, never another
// condition threaded through a compile function.

import TableLabSyntax
import TableLabExhaustiveness

// MARK: Assignments

/// The specialisation an assignment statement gets.
enum AssignmentPlan {
    /// `x = e` where `let x: T` was declared without a value (DeferredLet.swift).
    case deferredLetLocal(Local, name: String)
    case deferredLetGlobal(slot: Int, name: String)
    /// `x = e` where the global `var x: T` was declared without a value (DeferredLet.swift).
    case deferredVarGlobal(slot: Int, name: String)
    /// `header = e` in a method, `header` a lazy property of `self`: as `self.header = e`.
    case lazyPropertyOfSelf(name: String)
    /// `Settings.header = e` on a table's lazy property.
    case lazyTableProperty(UserType, name: String)
    /// `x.header = e` where some type has a lazy property of that name: stored without
    /// running its initializer, as Swift's setter does.
    case lazyMember(base: Expr, name: String)
    /// `_ = e`.
    case discard
    /// `(a, b) = (b, a)`.
    case tuple([(label: String?, value: Expr)])
    /// `d[k] = v`, `a[i] = v`: stored (or removed on nil) without wrapping in an Optional.
    case subscriptStore(base: Expr, index: Expr)
    /// `x = .case` with no declared type in sight: the value replaced tells the enum.
    case implicitMemberByOldValue(name: String)
    /// `x = e`, `x += e` on a plain (unboxed, untyped, `var`) local.
    case plainLocal(Local)
    /// `x += e` on a global (Int or Double at run time).
    case globalAdd(slot: Int)
    /// `count += e` or `self.count += e` on a stored `var` of a class, in its own method:
    /// Int in place when it holds an Int and no observer watches it.
    case classSelfFieldAdd(selfSlot: Int, index: Int)
    /// `self.x = e` or `x = e` on a stored property of a class, in its own initializer or
    /// method: stored in place when the value already has the property's declared type,
    /// the field is not held or observed, and a `let` is still unset.
    case classSelfFieldStore(selfSlot: Int, index: Int, type: RType)
    /// Any other path, through its `LValue`.
    case general
}

// MARK: Calls

/// The kind of call a call expression is.
enum CallPlan {
    /// The same call in another form, compiled again: a method of `self` named without
    /// `self.`, an implicitly unwrapped base, a trailing closure given its parameter's
    /// label, closures marked as taking `inout`.
    case rewritten(callee: Expr, arguments: [Argument])
    /// Some argument is `&x` (Inout.swift).
    case inoutArguments
    /// A local or captured value called: `handler(x)`.
    case valueOfLocal
    /// An instance method named in a stored property's default (swiftc's error).
    case instanceMemberInInitializer(name: String)
    /// `T(...)`, `Self(...)`: a type's initializer.
    case construction(TypeSlot)
    /// `T(...)` where `T` is a metatype parameter of a generic function.
    case metatypeConstruction(parameter: String)
    /// A global function of the script's (or the host's), then a built-in of that name.
    case globalFunction(name: String, cells: [FunctionCell])
    /// A built-in function, or a name resolved when the call runs (declared later in a
    /// session, a global holding a closure).
    case builtinOrLateBound(name: String)
    /// `super.m(...)`, `self.init(...)` in a class (Classes.swift).
    case classDelegation(base: Expr, name: String)
    /// `self.init(...)` in a struct's or enum's initializer (StructInits.swift).
    case structSelfInit(base: Expr)
    /// `self.init(...)` in an initializer of an extension of a built-in type (StructInits.swift).
    case builtinSelfInit(base: Expr, typeName: String)
    /// `self.init(red:green:blue:alpha:)` in a convenience initializer of an extension of a
    /// host class (HostExtensionInits.swift): `self` becomes what the host's initializer makes.
    case hostSelfInit(base: Expr, typeName: String)
    /// `UIColor(hex: s)`: a convenience initializer of an extension of a host class.
    case hostExtensionInit(UserType)
    /// `super.viewDidLoad()` where the script's class has no superclass of the script's.
    case hostSuperMethod(base: Expr, name: String)
    /// `T.m(...)`, `T.case(...)`: a static method or a case with a payload.
    case typeMember(TypeSlot, name: String)
    /// `UIView.m(...)`: a static method an extension of the script gives a host class
    /// (`holder`: the class extended, `typeName` or one of its superclasses).
    case hostExtensionStatic(typeName: String, holder: String, name: String)
    /// `value.m(...)`: a method of the value (the script's types, built-in ones, the host's).
    case methodOnValue(base: Expr, name: String)
    /// `[T](...)`, `[K: V](...)`.
    case collectionConstruction(TypeSyntax)
    /// `.init(...)`, `.case(...)`, `.staticMethod(...)` against the contextual type.
    case implicitMember(name: String)
    /// `Swift.min(a, b)`: the standard library's function, whatever the script declares.
    case standardLibraryFunction(name: String)
    /// Any other callee: evaluated, then called as a function value.
    case valueCall
}

extension InterpreterCore {
    // MARK: Assignment plans

    /// Chooses the specialisation of `target op value`: the first plan whose conditions
    /// hold, in this order (the order matters: a deferred `let` before anything else).
    func assignmentPlan(_ target: Expr, _ op: AssignmentOperator, _ value: Expr, _ scope: FnScope) -> AssignmentPlan {
        switch target.kind {
        case .identifier(let name):
            let local = scope.findLocal(name)
            if op == .assign, let l = local, l.isDeferredLet { return .deferredLetLocal(l, name: name) }
            if op == .assign, local == nil, scope.findCapture(name) == nil, let g = globalIndex[name], deferredGlobals.contains(g), globalIsLet[g] {
                return .deferredLetGlobal(slot: g, name: name)
            }
            if op == .assign, local == nil, scope.findCapture(name) == nil, let g = globalIndex[name], isDeferredVarGlobal(g) {
                return .deferredVarGlobal(slot: g, name: name)
            }
            if let t = scope.selfType, t.lazyProperties[name] != nil, local == nil, !scope.isStatic {
                return .lazyPropertyOfSelf(name: name)
            }
            if name == "_" { return .discard }
            if op == .assign, case .implicitMember(let n) = value.kind, resolvedType(of: target, scope) == nil {
                return .implicitMemberByOldValue(name: n)
            }
            if let l = local, !l.boxed, !l.isLet, l.type == nil || l.holdsDouble, op == .assign || !l.startsUnset { return .plainLocal(l) }
            if op == .add, local == nil, scope.findCapture(name) == nil, let plan = classSelfFieldAddPlan(name, scope) { return plan }
            if op == .assign, local == nil, scope.findCapture(name) == nil, let plan = classSelfFieldStorePlan(target, name, scope) {
                return plan
            }
            if op == .add, local == nil, scope.findCapture(name) == nil, scope.selfType == nil, let g = globalIndex[name],
               userType(name) == nil, globalObservers[g] == nil {
                return .globalAdd(slot: g)
            }
        case .member(let base, let name):
            if op == .add, case .self = base.kind, let plan = classSelfFieldAddPlan(name, scope) { return plan }
            if op == .assign, case .self = base.kind, !lazyNames.contains(name), let plan = classSelfFieldStorePlan(target, name, scope) {
                return plan
            }
            if case .identifier(let tn) = base.kind, scope.findLocal(tn) == nil, let t = userType(tn), t.kind == .table,
               t.lazyProperties[name] != nil, op == .assign {
                return .lazyTableProperty(t, name: name)
            }
            if op == .assign, lazyNames.contains(name), !isSuper(base, scope) { return .lazyMember(base: base, name: name) }
            if op == .assign, case .implicitMember(let n) = value.kind, resolvedType(of: target, scope) == nil {
                return .implicitMemberByOldValue(name: n)
            }
        case .tuple(let elements) where op == .assign:
            return .tuple(elements)
        case .subscriptAccess(let base, let args) where op == .assign && args.count == 1 && args[0].label == nil:
            // A `T!` array is changed through its unwrapped value (`items[0] = x`).
            return .subscriptStore(base: implicitUnwrap(base, scope) ?? base, index: args[0].value)
        default:
            break
        }
        if op == .assign, case .implicitMember(let n) = value.kind, resolvedType(of: target, scope) == nil {
            return .implicitMemberByOldValue(name: n)
        }
        return .general
    }

    private func classSelfFieldAddPlan(_ name: String, _ scope: FnScope) -> AssignmentPlan? {
        guard let t = scope.selfType, t.kind == .class, !scope.isStatic, !scope.inPropertyInitializer,
              let idx = t.fieldIndex[name], !t.fieldIsLet[idx], t.lazyProperties[name] == nil,
              let selfLocal = scope.findLocal("self"), !selfLocal.boxed else { return nil }
        return .classSelfFieldAdd(selfSlot: selfLocal.slot, index: idx)
    }

    private func classSelfFieldStorePlan(_ target: Expr, _ name: String, _ scope: FnScope) -> AssignmentPlan? {
        guard let t = scope.selfType, t.kind == .class, !scope.isStatic, !scope.inPropertyInitializer,
              let idx = t.fieldIndex[name], t.lazyProperties[name] == nil, let ft = t.fieldTypes[idx],
              let selfLocal = scope.findLocal("self"), !selfLocal.boxed else { return nil }
        // The general path converts the value to the target's static type, then checks it
        // against the field's: the store is direct only where both are one type.
        guard let st = resolvedType(of: target, scope), st.description == ft.description else { return nil }
        return .classSelfFieldStore(selfSlot: selfLocal.slot, index: idx, type: ft)
    }

    // MARK: Call plans

    /// Chooses what kind of call `callee(args)` is: the first plan whose conditions hold, in
    /// this order (locals before members of `self`, members before types, types before
    /// global functions).
    func callPlan(_ callee: Expr, _ args: [Argument], _ scope: FnScope) -> CallPlan {
        if case .member(let b, let n) = callee.kind, let u = implicitUnwrap(b, scope) {
            return .rewritten(callee: Expr(.member(u, n), at: callee.location, range: callee.range), arguments: args)
        }
        if let r = rewritingNestedType(callee, scope) { return .rewritten(callee: r, arguments: args) }
        if hasInoutArgument(args) { return .inoutArguments }
        if let relabelled = trailingClosureLabels(callee, args, scope) { return .rewritten(callee: callee, arguments: relabelled) }
        if let marked = closuresTakingInout(callee, args) { return .rewritten(callee: callee, arguments: marked) }
        if let marked = scriptClosuresTakingInout(callee, args) { return .rewritten(callee: callee, arguments: marked) }
        if let typed = reduceLiteralOfElementType(callee, args, scope) { return .rewritten(callee: callee, arguments: typed) }
        switch callee.kind {
        case .identifier(let name):
            return namedCallPlan(name, callee, args, scope)
        case .member(let base, "some") where isOptionalTypeName(base, scope) && args.count == 1 && args[0].label == nil:
            // `Optional<T>.some(x)`, `Optional.some(x)`: the case of the contextual optional.
            return .rewritten(callee: Expr(.implicitMember("some"), at: callee.location, range: callee.range), arguments: args)
        // `t.init(name: n)` of a `_ t: G.Type` parameter: as `G(name: n)`.
        case .member(let base, "init") where metatypeParameterValue(base, scope) != nil:
            return .metatypeConstruction(parameter: metatypeParameterValue(base, scope) ?? "")
        case .member(let base, let name):
            if let t = scope.selfType, t.kind == .class {
                switch base.kind {
                case .identifier("super") where scope.findLocal("super") == nil: return .classDelegation(base: base, name: name)
                // In a static member `self` is the class (or a subclass): its `init` builds one,
                // as on a metatype value.
                case .self where name == "init" && !scope.isStatic: return .classDelegation(base: base, name: name)
                default: break
                }
            }
            if name == "init", case .self = base.kind, let t = scope.selfType, t.kind == .struct || t.kind == .enum, !scope.isStatic,
               typeSlots[t.name]?.current === t {
                return .structSelfInit(base: base)
            }
            if name == "init", case .self = base.kind, let t = scope.selfType, !scope.isStatic,
               protocols.builtinExtensions[t.name] === t {
                return .builtinSelfInit(base: base, typeName: t.name)
            }
            if name == "init", case .self = base.kind, let t = scope.selfType, !scope.isStatic,
               protocols.hostExtensionInits[t.name] === t {
                return .hostSelfInit(base: base, typeName: t.name)
            }
            // `UIColor.init(hex: s)`: as `UIColor(hex: s)`.
            if name == "init", case .identifier(let tn) = base.kind, scope.findLocal(tn) == nil, typeSlots[tn]?.current == nil,
               hostExtensionInitializer(tn, args.map(\.label)) != nil {
                return .rewritten(callee: Expr(.identifier(tn), at: base.location, range: base.range), arguments: args)
            }
            if case .identifier("super") = base.kind, scope.findLocal("super") == nil { return .hostSuperMethod(base: base, name: name) }
            if case .identifier("Swift") = base.kind, scope.findLocal("Swift") == nil, typeSlots["Swift"] == nil,
               globalIndex["Swift"] == nil, StandardLibraryNames.functions.contains(name) {
                return .standardLibraryFunction(name: name)
            }
            // `Self.init(rawValue: i)`, `Self.make()` in an enum's or struct's member (also one
            // a protocol extension gave it): the type's own static member. (In a class `Self`
            // is the dynamic type: not this path.)
            if case .identifier("Self") = base.kind, scope.findLocal("Self") == nil, userType("Self") == nil,
               let t = scope.selfType, t.kind == .enum || t.kind == .struct, protocols.builtinExtensions[t.name] !== t,
               let slot = typeSlots[t.name], slot.current === t {
                return .typeMember(slot, name: name)
            }
            if case .identifier(let tn) = base.kind, scope.findLocal(tn) == nil, let slot = typeSlots[tn], slot.current != nil {
                return .typeMember(slot, name: name)
            }
            if case .identifier(let tn) = base.kind, scope.findLocal(tn) == nil, typeSlots[tn]?.current == nil,
               let h = hostExtensionHolder(tn, declaringStatic: name, method: true) {
                return .hostExtensionStatic(typeName: tn, holder: h.name, name: name)
            }
            return .methodOnValue(base: base, name: name)
        case .arrayType(let t):
            return .collectionConstruction(t)
        case .implicitMember(let name):
            return .implicitMember(name: name)
        default:
            return .valueCall
        }
    }

    private func namedCallPlan(_ name: String, _ callee: Expr, _ args: [Argument], _ scope: FnScope) -> CallPlan {
        // `(<)(1, 2)`: the operator as a function value, called.
        if Self.isOperatorName(name), functionsByBase[name] == nil, operatorFunction(name) != nil { return .valueCall }
        if scope.findLocal(name) != nil || (scope.parent != nil && scope.findCapture(name) != nil) { return .valueOfLocal }
        if let t = scope.selfType, let fulls = t.methodsByBase[name], scope.inPropertyInitializer,
           fulls.contains(where: { t.methods[$0]?.decl?.isStatic == false }) {
            return .instanceMemberInInitializer(name: name)
        }
        // A stored closure property called like a method (`format(7)` in the type's own code).
        if let t = scope.selfType, !scope.isStatic, !scope.inPropertyInitializer, isStoredPropertyOnly(t, name) {
            return .rewritten(callee: Expr(.member(Expr(.self, at: callee.location), name), at: callee.location), arguments: args)
        }
        if let t = scope.selfType, t.methodsByBase[name] != nil {
            let selfExpr = Expr(t.kind == .table || !scope.isStatic ? .self : .identifier(t.name), at: callee.location)
            return .rewritten(callee: Expr(.member(selfExpr, name), at: callee.location), arguments: args)
        }
        if name == "Self", let t = scope.selfType, protocols.builtinExtensions[t.name] !== t, userType("Self") == nil,
           let slot = typeSlots[t.name], slot.current === t {
            // In a class `Self` is the dynamic type: `self` in a static member, `type(of: self)`
            // in an instance's (a subclass's call builds the subclass).
            if t.kind == .class, !scope.inPropertyInitializer {
                let at = callee.location
                let metatype = scope.isStatic ? Expr(.self, at: at)
                    : Expr(.call(Expr(.identifier("type"), at: at), [Argument(label: "of", value: Expr(.self, at: at), location: at)]), at: at)
                if scope.isStatic || (functionsByBase["type"] == nil && globalIndex["type"] == nil) {
                    return .rewritten(callee: Expr(.member(metatype, "init"), at: at, range: callee.range), arguments: args)
                }
            }
            return .construction(slot)
        }
        if let p = metatypeParameter(name), userType(name) == nil, scope.findLocal(name) == nil {
            return .metatypeConstruction(parameter: p)
        }
        let ofSelf = Expr(.member(Expr(.self, at: callee.location), name), at: callee.location)
        if let t = scope.selfType, !scope.isStatic, isBuiltinImplicitMember(t, name) { return .rewritten(callee: ofSelf, arguments: args) }
        if let slot = typeSlots[name], slot.current != nil { return .construction(slot) }
        // A method of the host superclass, named without `self.` (`addSubview(v)`).
        if let t = scope.selfType, !scope.isStatic, hostBaseHasMember(t, name + "(" + labelsString(args.map(\.label)) + ")") {
            return .rewritten(callee: ofSelf, arguments: args)
        }
        if typeSlots[name]?.current == nil, let h = hostExtensionInitializer(name, args.map(\.label)) { return .hostExtensionInit(h) }
        if let cells = functionsByBase[name] { return .globalFunction(name: name, cells: cells) }
        if let target = protocols.typeAliases[name], let aliased = aliasedTypeCallee(target, at: callee) {
            return .rewritten(callee: aliased, arguments: args)
        }
        return .builtinOrLateBound(name: name)
    }

    /// `IntStack()` where `typealias IntStack = Stack<Int>`: the call of the type the alias
    /// names (it was "cannot find 'IntStack' in scope"); nil for a type not built by a call.
    private func aliasedTypeCallee(_ target: TypeSyntax, at callee: Expr) -> Expr? {
        switch target {
        case .named(let n):
            let base = genericBaseName(n)
            guard typeSlots[base]?.current != nil else { return nil }
            var e = Expr(.identifier(base), at: callee.location, range: callee.range)
            if base != n { e.writtenGenericType = target }
            return e
        case .array, .dictionary:
            return Expr(.arrayType(target), at: callee.location, range: callee.range)
        default:
            return nil
        }
    }

    // MARK: Typed Int code (IntCode.swift)

    /// Whether `d` takes only `Int`s and returns an `Int`, with nothing that needs the
    /// dynamic call path (defaults, `inout`, variadics, generic parameters).
    func hasIntSignature(_ d: FunctionDecl) -> Bool {
        guard d.genericParameters.isEmpty, let rt = d.returnType, isIntType(resolveType(rt)) else { return false }
        return d.parameters.allSatisfy { p in
            !p.isInout && !p.isVariadic && p.defaultValue == nil && p.type.map { isIntType(resolveType($0)) } == true
        }
    }

    func isIntType(_ t: RType?) -> Bool { if case .int? = t { return true }; return false }

    /// Whether `e` is statically an `Int` that `compileInt` compiles typed. Pure: nothing
    /// is compiled or declared.
    func isStaticInt(_ e: Expr, _ scope: FnScope) -> Bool {
        switch e.kind {
        case .integer: return true
        case .identifier(let name):
            guard let l = scope.findLocal(name) else { return false }
            return l.isLet && !l.boxed && !l.isDeferredLet && (isIntType(l.type) || (l.type == nil && l.inferredType == .named("Int")))
        case .unary(.negate, let x): return isStaticInt(x, scope)
        case .binary(let op, let l, let r):
            switch op {
            case .add, .subtract, .multiply, .divide, .remainder: return isStaticInt(l, scope) && isStaticInt(r, scope)
            default: return false
            }
        case .call(let callee, let args): return intCallTarget(callee, args, scope) != nil
        case .ternary(_, let a, let b): return isStaticInt(a, scope) && isStaticInt(b, scope)
        default: return false
        }
    }

    /// Whether `e` is a typed `Int` expression worth compiling typed in a dynamic context:
    /// one with a typed call in it, or with two operators or more (`(s * 31 + i * 7) % 8`);
    /// one operator alone has its own fast paths there (`n - 1`).
    func isTypedIntCallTree(_ e: Expr, _ scope: FnScope) -> Bool {
        guard isStaticInt(e, scope) else { return false }
        var operators = 0
        func hasCall(_ e: Expr) -> Bool {
            switch e.kind {
            case .call: return true
            case .ternary(_, let a, let b): return hasCall(a) || hasCall(b)
            case .unary(_, let x): return hasCall(x)
            case .binary(_, let l, let r): operators += 1; return hasCall(l) || hasCall(r)
            default: return false
            }
        }
        return hasCall(e) || operators >= 2
    }

    /// The function a call names when it is a global function with an `Int` signature,
    /// every argument given in order and statically an `Int`.
    func intCallTarget(_ callee: Expr, _ args: [Argument], _ scope: FnScope) -> FunctionCell? {
        guard case .identifier(let name) = callee.kind, !args.isEmpty, args.count <= 3,
              scope.findLocal(name) == nil, case .globalFunction(_, let cells) = callPlan(callee, args, scope),
              cells.count == 1, let cell = cells.first, cell.native == nil, let d = cell.decl,
              d.parameters.count == args.count, hasIntSignature(d) else { return nil }
        for (p, a) in zip(d.parameters, args) where p.label != a.label || !isStaticInt(a.value, scope) { return nil }
        return cell
    }
}
// MARK: Arithmetic and comparisons

/// The specialisation of `l op r` for `+ - * / %` and the ordering comparisons, in a
/// context that wants a `Value`.
enum ArithmeticPlan {
    /// `x op 3`, `x` a plain local: the slot is tested in place, with no copy of the value.
    case localWithConstant(slot: Int, constant: Int)
    /// `e op 3`: the literal is known, only the left operand is evaluated.
    case withConstant(Int)
    /// Int arithmetic inline, everything else through `arith`/`compare`.
    case general
}

/// The specialisation of a condition that is one comparison (`if a < b`), answering a
/// Swift `Bool` with no `Value` in between.
enum ComparisonPlan {
    /// Not a plain comparison: the general condition.
    case notAComparison
    /// An `==` the declarations already make swiftc's error (EqualityCheck.swift).
    case staticError(RuntimeError)
    /// `x op 3`, `x` a plain local.
    case localWithConstant(slot: Int, constant: Int)
    /// Two general operands, compared inline when both are Ints.
    case general
}

/// The specialisation of `l op r` in typed `Int` code (IntCode.swift).
enum IntArithmeticPlan {
    /// `n + 1`, `n - 1`, `n * 2`: the local's slot is read in place.
    case slotWithConstant(Int)
    /// `x % 8`, `x / 8`: a divisor other than 0 and -1 cannot trap.
    case byConstant(Int)
    case general
}

/// The specialisation of a typed `Int` condition (IntCode.swift).
enum IntConditionPlan {
    /// One comparison of two typed `Int`s; `slotAndConstant` when it is `local op literal`.
    case comparison(BinaryOperator, Expr, Expr, slotAndConstant: Int?)
    /// Anything else: the dynamic condition, its `Bool` handed over.
    case dynamic
}

extension InterpreterCore {
    func arithmeticPlan(_ op: BinaryOperator, _ l: Expr, _ r: Expr, _ scope: FnScope) -> ArithmeticPlan {
        guard case .integer(let k) = r.kind else { return .general }
        let safeRemainder = op == .remainder && k != 0 && k != -1
        if plainLocalSlot(l, scope) != nil {
            switch op {
            case .add, .subtract, .multiply, .less, .lessEqual, .greater, .greaterEqual:
                return .localWithConstant(slot: plainLocalSlot(l, scope)!, constant: k)
            case .remainder where safeRemainder:
                return .localWithConstant(slot: plainLocalSlot(l, scope)!, constant: k)
            default: break
            }
        }
        switch op {
        case .add, .subtract, .multiply, .less: return .withConstant(k)
        case .remainder where safeRemainder: return .withConstant(k)
        default: return .general
        }
    }

    func comparisonPlan(_ e: Expr, _ scope: FnScope) -> ComparisonPlan {
        guard case .binary(let op, let l, let r) = e.kind else { return .notAComparison }
        switch op {
        case .less, .lessEqual, .greater, .greaterEqual: break
        case .equal, .notEqual:
            if case .implicitMember = l.kind { return .notAComparison }
            if case .implicitMember = r.kind { return .notAComparison }
            // A string literal against a host enum's value is an error compileEquality gives.
            if case .string = l.kind { return .notAComparison }
            if case .string = r.kind { return .notAComparison }
            if let error = staticEqualityError(op, l, r, scope, e.location) { return .staticError(error) }
        default: return .notAComparison
        }
        if case .integer(let k) = r.kind, let slot = plainLocalSlot(l, scope) { return .localWithConstant(slot: slot, constant: k) }
        return .general
    }

    /// The literal a typed `Int` expression compiles to an `IntConstant`, if it is one.
    func intLiteral(_ e: Expr) -> Int? {
        if case .integer(let k) = e.kind { return k }
        if case .unary(_, let x) = e.kind, case .integer(let k) = x.kind { return -k }
        return nil
    }

    func intArithmeticPlan(_ op: BinaryOperator, _ l: Expr, _ r: Expr) -> IntArithmeticPlan {
        guard case .integer(let k) = r.kind else { return .general }
        if case .identifier = l.kind, op == .add || op == .subtract || op == .multiply { return .slotWithConstant(k) }
        if k != 0, k != -1, op == .remainder || op == .divide { return .byConstant(k) }
        return .general
    }

    func intConditionPlan(_ conditions: [Condition], _ scope: FnScope) -> IntConditionPlan {
        guard conditions.count == 1, case .expression(let e) = conditions[0], case .binary(let op, let l, let r) = e.kind,
              [.less, .lessEqual, .greater, .greaterEqual, .equal, .notEqual].contains(op),
              isStaticInt(l, scope), isStaticInt(r, scope) else { return .dynamic }
        if case .identifier = l.kind, let k = intLiteral(r) { return .comparison(op, l, r, slotAndConstant: k) }
        return .comparison(op, l, r, slotAndConstant: nil)
    }

    /// A typed call's single argument `n + k` or `n - k` (`f(n - 1)`): the offset its own
    /// code adds to the local's slot; nil for any other argument.
    func intArgumentSlotOffset(_ e: Expr) -> Int? {
        guard case .binary(let op, let l, let r) = e.kind, case .identifier = l.kind, case .integer(let k) = r.kind else { return nil }
        if op == .add { return k }
        if op == .subtract, k != Int.min { return -k }
        return nil
    }
}

// MARK: Member reads

/// The specialisation a member read `base.name` gets.
enum MemberReadPlan {
    /// A `lazy var` reached through a place: its first read stores into the holder.
    case lazyThroughPlace
    /// A value known when the read is compiled: `Optional.none`, `Int.max`, `Double.pi`,
    /// `Int.self`, `[Int].self`.
    case constant(Value)
    /// `super.name`, the script superclass's computed property: its getter run on `self`
    /// (an override's own getter is skipped, as in Swift).
    case superComputed(superclass: UserType, MethodSlot)
    /// `super.name`, the script superclass's stored property.
    case superField(index: Int)
    /// `super.name`, the script superclass's `lazy var` (under a subclass's computed override).
    case superLazy(superclass: UserType, LazyProperty)
    /// `super.name` in a class whose superclass is the host's: the host's part answers
    /// (the getter of an observed host property, `override var isSelected { didSet { } }`).
    case superOfHost
    /// `self.x` where Swift reaches a stored property in its storage, past a subclass's
    /// computed override: in the declaring class's initializers, `deinit` and observers.
    case storageOfSelf(index: Int)
    /// A script enum or struct whose members are all known and lack this one: swiftc's
    /// error before anything runs (`Kind.smal`).
    case refused(RuntimeError)
    /// `Kind.member` on a script type: a case, a static, a table's property, when it runs.
    case staticOfScriptType(TypeSlot, typeName: String)
    /// `UITableViewCell.reuseIdentifier`: a static member an extension gives a host class.
    case hostExtensionStatic(UserType, typeName: String)
    /// `value.self`: the value itself (`switch model.self`).
    case valueSelf
    /// `pair.0` on a `var` declared without a value.
    case unsetTupleElement(UnsetVarPlace, variable: String, index: Int)
    /// `pair.0`.
    case tupleElement(Int)
    /// `x.count`, the commonest member of all; counted where a plain variable stores it.
    case count(inPlace: SlotAddress?)
    /// Any other member; an enum's per-case table or a class field read where a plain
    /// variable holds the value.
    case general(inPlace: SlotAddress?)
}

extension InterpreterCore {
    /// Chooses the specialisation of `base.name` read as a value: the first plan whose
    /// conditions hold, in this order.
    func memberReadPlan(_ base: Expr, _ name: String, _ scope: FnScope, _ loc: SourceLocation) -> MemberReadPlan {
        if let plan = superPropertyPlan(base, name, scope) { return plan }
        if scope.isStatic, isSuper(base, scope), scope.selfType?.classInfo?.superclass != nil {
            // `super.kind` in a `class var`: refused by name, as `super.make()` there is (it
            // was "cannot find 'super' in scope").
            return .refused(RuntimeError(UnsupportedMessage.staticMemberReference(type: "super", member: name), at: loc))
        }
        if lazyNames.contains(name), denotesPlace(base, scope) { return .lazyThroughPlace }
        if name == "none", isOptionalTypeName(base, scope) { return .constant(.nilValue) }
        if let spelled = collectionMetatypeName(base, name, scope) { return .constant(.type(.builtin(BuiltinTypeName(spelled)))) }
        if let spelled = genericScriptMetatypeName(base, name, scope) { return .constant(.type(.builtin(BuiltinTypeName(spelled)))) }
        if case .self = base.kind, let t = scope.selfType, t.kind == .class, !scope.isStatic, let i = t.fieldIndex[name],
           t.lazyProperties[name] == nil, scope.directStorage.reaches(i) {
            return .storageOfSelf(index: i)
        }
        if case .identifier(let tn) = base.kind, scope.findLocal(tn) == nil, let slot = typeSlots[tn], slot.current != nil,
           scope.findCapture(tn) == nil {
            if compileTimeRefusals != nil, let t = slot.current, t.kind == .enum || t.kind == .struct, !t.isBuiltin,
               !["self", "Type", "init"].contains(name), name != "allCases" || !conformances(of: t).contains("CaseIterable"),
               let members = knownMembers(t), !members.has(name),
               typeSlots["\(t.name).\(name)"] == nil, typeSlots[name] == nil {
                return .refused(RuntimeError(RuntimeMessage.typeHasNoMember(type: t.name, member: name), at: loc))
            }
            return .staticOfScriptType(slot, typeName: tn)
        }
        if case .identifier(let tn) = base.kind, scope.findLocal(tn) == nil, userType(tn) == nil, globalIndex[tn] == nil,
           let plan = builtinTypeMemberPlan(tn, name) {
            return plan
        }
        // `UIView.gap`: UIKit's `UIView` is a global holding the host's type, whose own static
        // members the host answers; an extension's are the holder's.
        if case .identifier(let tn) = base.kind, scope.findLocal(tn) == nil, userType(tn) == nil, holdsHostType(tn),
           let h = hostExtensionHolder(tn, declaringStatic: name, method: false) {
            return .hostExtensionStatic(h, typeName: tn)
        }
        if name == "self" { return .valueSelf }
        if case .identifier(let n) = base.kind, let place = UnsetVarPlace(n, scope),
           let i = (scope.findLocal(n) ?? scope.findCapture(n)?.1)?.type?.tupleIndex(of: name) {
            return .unsetTupleElement(place, variable: n, index: i)
        }
        if let idx = Int(name) { return .tupleElement(idx) }
        if name == "count" { return .count(inPlace: variableAddress(base, scope)) }
        return .general(inPlace: variableAddress(base, scope))
    }

    /// `super` in an instance member of a class whose direct superclass is the host's.
    func superIsHost(_ base: Expr, _ scope: FnScope) -> Bool {
        guard case .identifier("super") = base.kind, scope.findLocal("super") == nil, !scope.isStatic,
              let t = scope.selfType, t.kind == .class, let info = t.classInfo else { return false }
        return info.superclass == nil && info.hostSuperclass != nil
    }

    /// `super` meaning the superclass (its storage is reached past the overrides).
    private func isSuper(_ base: Expr, _ scope: FnScope) -> Bool {
        if case .identifier("super") = base.kind, scope.findLocal("super") == nil { return true }
        return false
    }

    /// `super.name` in an instance member of a class whose superclass is the script's.
    private func superPropertyPlan(_ base: Expr, _ name: String, _ scope: FnScope) -> MemberReadPlan? {
        if superIsHost(base, scope) { return .superOfHost }
        guard case .identifier("super") = base.kind, scope.findLocal("super") == nil, !scope.isStatic,
              let t = scope.selfType, t.kind == .class, let sup = t.classInfo?.superclass else { return nil }
        if let c = sup.computed[name], !c.isStatic { return .superComputed(superclass: sup, c) }
        if let lp = sup.lazyProperties[name] { return .superLazy(superclass: sup, lp) }
        return sup.fieldIndex[name].map { .superField(index: $0) }
    }

    /// A member of a standard type or a host class named by itself (`Int.max`, `Int.self`,
    /// `UITableViewCell.reuseIdentifier`); nil when the name is not one of them.
    private func builtinTypeMemberPlan(_ tn: String, _ name: String) -> MemberReadPlan? {
        let standard = userType(tn) == nil ? Self.standardTypeAliases[tn] ?? tn : tn
        if let t = NumericStatics.type(named: standard), let v = NumericStatics.member(name, of: t) { return .constant(v) }
        // `CharacterSet.whitespacesAndNewlines`: the set `.whitespacesAndNewlines` names (immutable, so shared).
        if standard == "CharacterSet", let v = characterSetValue(name) { return .constant(v) }
        if name == "self", dynamicSelf.hostMetatypes.contains(tn) { return .constant(.type(.builtin(BuiltinTypeName(tn)))) }
        // `Int.self`: the metatype, as `Int` alone is where a type is expected (it was "has no member 'self'").
        if name == "self", let n = builtinTypeName(tn), n != "Array", n != "Dictionary", n != "Set" {
            return .constant(.type(.builtin(BuiltinTypeName(n))))
        }
        if let h = hostExtensionHolder(tn, declaringStatic: name, method: false) {
            return .hostExtensionStatic(h, typeName: tn)
        }
        return nil
    }
}

// MARK: Method calls on values

/// The specialisation a call `value.m(...)` gets.
enum MethodOnValuePlan {
    /// An Array of a protocol type given for a generic method's `[T]`: swiftc's error.
    case refused(RuntimeError)
    /// `list.append(x)`: the hottest mutation, done where the array lives.
    case append(AppendPlan)
    /// A method that may change its receiver, on a place: the receiver modified in place,
    /// held exclusively while the script's code runs.
    case mutating(alwaysHeld: Bool)
    /// A call that cannot change its receiver, on a copy, as in Swift: the code it runs
    /// may read or assign the variable meanwhile.
    case onCopy(CopyCallPlan)
}

/// Where `list.append(x)` appends, past the general path through the `LValue`.
struct AppendPlan {
    /// The array's declared element type, when its declaration tells.
    let elementType: RType?
    let site: Site

    enum Site {
        /// A `var` local that no closure captures (so no observer, no `inout` box and no
        /// access marker): appended in its slot when it holds an Array.
        case local(slot: Int)
        /// `section.rows.append(r)`: a stored array property of the class instance a plain
        /// local holds, appended to inside the instance.
        case instanceField(ownerSlot: Int, field: String)
        /// Through the path.
        case general
    }
}

/// How a call on a copy finds its method.
enum CopyCallPlan {
    /// Variadic methods and `.member` arguments: the general dispatch alone.
    case dispatchOnly
    /// A class instance's method, cached per site for the instance's class; borrowed from
    /// the frame's slot when the receiver is a plain local and no argument is `&x`.
    case cachedClassMethod(borrowingLocal: Int?)
}

/// The specialisation of a method call inside an optional chain (`vm?.items.append(x)`).
enum ChainCallPlan {
    /// `handler?(x)`.
    case optionalCall(function: Expr)
    /// A callee that names no method: the chain gives nil.
    case noMethod
    /// A mutating method on a side-effect-free place: changed where it lives.
    case mutatingInPlace(base: Expr, name: String, optional: Bool)
    /// Called on the value the chain reads.
    case onValue(base: Expr, name: String)
}

extension InterpreterCore {
    /// Chooses the specialisation of `base.name(args)`: the first plan whose conditions hold.
    func methodOnValuePlan(_ base: Expr, _ name: String, _ args: [Argument], calleeLoc: SourceLocation,
                           _ scope: FnScope) -> MethodOnValuePlan {
        if case .user(let slot)? = knownBaseType(base, scope), let t = slot.current,
           let e = existentialArrayMethodArgumentError(t, name, args, scope, calleeLoc: calleeLoc) { return .refused(e) }
        let (mutation, typed) = mutationKind(ofMethod: name, labels: args.map(\.label), on: base, scope)
        // A receiver whose type has an `append` of its own is not given Array's fast path.
        if name == "append", args.count == 1, args[0].label == nil, !typed || mutation == .builtin,
           let plan = appendPlan(base, args[0], scope) { return .append(plan) }
        // `String.make()`: a static method of a built-in type changes no variable; nor does
        // `Double.pi.rounded()` (a built-in type's own static members are constants; one an
        // extension of the script's declares may be a variable).
        var namesBuiltinType = false
        var typeName = base, isStaticMember = false
        if case .member(let owner, _) = base.kind { typeName = owner; isStaticMember = true }
        if case .identifier(let tn) = typeName.kind, builtinTypeName(tn) != nil, scope.findLocal(tn) == nil,
           globalIndex[tn] == nil, userType(tn) == nil,
           !isStaticMember || protocols.builtinExtensions[tn] == nil { namesBuiltinType = true }
        if mutation != .never, !namesBuiltinType, denotesPlace(base, scope) { return .mutating(alwaysHeld: mutation == .userCode) }
        let simpleArgs = variadicMethod(named: name) == nil && !args.contains { if case .implicitMember = $0.value.kind { true } else { false } }
        guard simpleArgs else { return .onCopy(.dispatchOnly) }
        let passesInout = args.contains { if case .unary(.inoutArgument, _) = $0.value.kind { true } else { false } }
        if !passesInout, case .local(let receiverSlot)? = variableAddress(base, scope) {
            return .onCopy(.cachedClassMethod(borrowingLocal: receiverSlot))
        }
        return .onCopy(.cachedClassMethod(borrowingLocal: nil))
    }

    /// `list.append(x)` where the base is a place; nil when it is none, or `.member` has no
    /// element type to be resolved against (the general dispatch does it).
    private func appendPlan(_ base: Expr, _ argument: Argument, _ scope: FnScope) -> AppendPlan? {
        guard denotesPlace(base, scope) else { return nil }
        let elementType: RType?
        if case .array(let et)? = resolvedType(of: base, scope) { elementType = et } else { elementType = nil }
        if case .implicitMember = argument.value.kind, elementType == nil { return nil }
        if case .identifier(let n) = base.kind, let l = scope.findLocal(n), !l.boxed, !l.isLet, !l.isDeferredLet, !l.startsUnset {
            return AppendPlan(elementType: elementType, site: .local(slot: l.slot))
        }
        if case .member(let owner, let field) = base.kind, case .local(let ownerSlot)? = variableAddress(owner, scope) {
            return AppendPlan(elementType: elementType, site: .instanceField(ownerSlot: ownerSlot, field: field))
        }
        return AppendPlan(elementType: elementType, site: .general)
    }

    /// Whether `base.name(args)` may change `base`: its static type decides first
    /// (`mutationKind(ofMethod:fullName:onType:)`); the name only where no type is known.
    private func mutationKind(ofMethod name: String, labels: [String?], on base: Expr, _ scope: FnScope) -> (MethodMutation, typed: Bool) {
        if let t = knownBaseType(base, scope),
           let k = mutationKind(ofMethod: name, fullName: name + "(" + labelsString(labels) + ")", onType: t) { return (k, true) }
        let byName = mutationKind(ofMethod: name)
        // An extension of a built-in type declaring the name (`extension Array { func
        // sortedByLast() }`) is the method called: it must not write its receiver back.
        guard byName == .never, !Self.builtinNonMutatingMethods.contains(name),
              !protocols.builtinExtensions.values.contains(where: { $0.methodsByBase[name] != nil }),
              let t = resolvedType(of: base, scope) else { return (byName, false) }
        switch unwrapOptional(t) {
        case .int, .double, .float, .bool, .string, .fixed, .array, .dictionary, .set: return (.builtin, false)
        default: return (byName, false)
        }
    }

    /// Chooses the specialisation of a method call `c(args)` in an optional chain.
    func chainCallPlan(_ c: Expr, labels: [String?], _ scope: FnScope) -> ChainCallPlan {
        if case .optionalChain(let f, Expr.optionalCallName) = c.kind { return .optionalCall(function: f) }
        let b: Expr, name: String, optional: Bool
        switch c.kind {
        case .member(let x, let n): b = x; name = n; optional = false
        case .optionalChain(let x, let n): b = x; name = n; optional = true
        default: return .noMethod
        }
        // `a?.append(x)`, `d["k"]?.append(x)`: the place is the optional itself, changed
        // inside its `.wrapped`; the chain is read once to learn whether it stops at nil
        // (then the arguments are not evaluated), so only side-effect-free paths qualify.
        let (mutation, typed) = mutationKind(ofMethod: name, labels: labels, on: b, scope)
        let mutates = optional && !typed ? mutation == .userCode || Self.builtinMutatingMethods.contains(name) : mutation != .never
        if isPurePath(b), mutates, denotesPlace(b, scope) { return .mutatingInPlace(base: b, name: name, optional: optional) }
        return .onValue(base: b, name: name)
    }
}

// MARK: Built-in method IDs

/// The IDs a method call site's run-time dispatch switches over (BuiltinMethods.swift),
/// found when the site is compiled: no call compares a method's name as text.
struct BuiltinMethodPlan {
    /// The built-in method the call names (`.other`: none of them).
    let method: BuiltinMethod
    /// The method it names when its last argument is a function, when that is another
    /// (`sorted { }` is `sorted(by:)`).
    let trailingClosureForm: TrailingClosureForm?
    /// The name is one of a method that may change an Array slice in place.
    let namesMutatingMethod: Bool
}

extension InterpreterCore {
    /// The IDs of the call `value.name(labels)` whose full name is `fullName`.
    func builtinMethodPlan(_ name: String, _ fullName: String) -> BuiltinMethodPlan {
        BuiltinMethodPlan(method: BuiltinMethod(fullName: fullName),
                          trailingClosureForm: TrailingClosureForm(name: name, fullName: fullName),
                          namesMutatingMethod: Self.mutatingNames.contains(name))
    }
}

// MARK: Conversions

/// The type a conversion call names (`Int(x)`, `String(x)`, `UInt8(x)`, `[Int](x)`), found
/// once where the call is compiled: its run (`constructBuiltin`) switches over `kind`, and a
/// script's initializer in an extension of the type is found by `extended`, so converting
/// compares no type name as text.
struct ConversionTarget {
    enum Kind: Equatable, Sendable {
        case int, fixedWidth(IntKind), double, float, string, character, bool, set, array, dictionary
        /// `Substring(s)`: a Substring of the whole String (Substrings.swift).
        case substring
        /// `[Int](x)`, `[String: Int](x)`: a collection type written as a literal.
        case literalArray, literalDictionary
        case other
    }

    let name: String
    let kind: Kind
    /// The extension of a built-in value type that may declare initializers of its own.
    let extended: ExtendedBuiltinType?

    private static let kinds: [String: Kind] = [
        "Int": .int, "Double": .double, "CGFloat": .double, "Float": .float, "String": .string, "Character": .character,
        "Bool": .bool, "Set": .set, "Array": .array, "Dictionary": .dictionary, "Substring": .substring,
    ]

    init(_ name: String) {
        self.name = name
        // An extension of Character declares no initializers TableLab runs (they are refused).
        extended = ExtendedBuiltinType(rawValue: name).flatMap { $0 == .character ? nil : $0 }
        if let k = Self.kinds[name] {
            kind = k
        } else if let k = IntKind(name: name) {
            kind = .fixedWidth(k)
        } else if name.hasPrefix("[") {
            kind = name.contains(":") ? .literalDictionary : .literalArray
        } else {
            kind = .other
        }
    }

    /// Int or a fixed-width integer type: `constructInteger` converts to it.
    var isInteger: Bool {
        switch kind {
        case .int, .fixedWidth: return true
        default: return false
        }
    }

    /// A fixed-width integer type's kind (nil for Int and any other type).
    var fixedWidth: IntKind? {
        if case .fixedWidth(let k) = kind { return k }
        return nil
    }
}
