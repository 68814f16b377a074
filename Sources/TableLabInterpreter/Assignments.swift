// Assignment statements (`x = e`, `x += e`, `a[i].b = e`, `(a, b) = t`): the selector
// (Selector.swift, `assignmentPlan`) chooses the specialisation; each plan has an emitter
// here that only builds its closure.

import TableLabSyntax
import TableLabExhaustiveness

extension AssignmentOperator {
    /// The operator of a compound assignment (`+=` is `+`); nil for `=`.
    var binaryOperator: BinaryOperator? {
        switch self {
        case .assign: return nil
        case .add: return .add
        case .subtract: return .subtract
        case .multiply: return .multiply
        case .divide: return .divide
        case .remainder: return .remainder
        case .wrappingAdd: return .wrappingAdd
        case .wrappingSubtract: return .wrappingSubtract
        case .wrappingMultiply: return .wrappingMultiply
        case .bitAnd: return .bitAnd
        case .bitOr: return .bitOr
        case .bitXor: return .bitXor
        case .shiftLeft: return .shiftLeft
        case .shiftRight: return .shiftRight
        }
    }
}

extension InterpreterCore {
    /// `opAt` is the operator's place (swiftc reports a compound assignment's and a second
    /// initialization's errors there).
    func compileAssignment(_ target: Expr, _ op: AssignmentOperator, _ value: Expr, _ scope: FnScope, _ loc: SourceLocation,
                           opAt: SourceLocation, chainGuarded: Bool = false) -> Exec {
        if !chainGuarded, let base = nilChainGuard(of: target, value: value, scope) {
            let inner = compileAssignment(target, op, value, scope, loc, opAt: opAt, chainGuarded: true)
            return { m in
                if case .nilValue = try base(m) { return .normal }
                return try inner(m)
            }
        }
        if let h = hoistingIndices(of: target, scope) {
            let inner = compileAssignment(h.target, op, value, scope, loc, opAt: opAt, chainGuarded: true)
            let fills = h.fills
            return { m in
                for f in fills { m.pointee.fp[f.slot] = try f.eval(m) }
                return try inner(m)
            }
        }
        // `count += 1`, `text += name` with either declared `T!`: its operator takes the wrapped type.
        if op != .assign, Self.isLiteralCall(value) || Self.isLiteralCall(target) { literalCallOperatorSites.insert(opAt) }
        if op != .assign, IntegerLiteralOperand(target, value) == .right { integerLiteralCompoundSites.insert(opAt) }
        if op != .assign, implicitUnwrapping.isInUse, implicitUnwrap(target, scope) != nil || implicitUnwrap(value, scope) != nil {
            return compileAssignment(implicitUnwrap(target, scope) ?? target, op, implicitUnwrap(value, scope) ?? value, scope, loc, opAt: opAt)
        }
        switch assignmentPlan(target, op, value, scope) {
        case .deferredLetLocal(let l, let name):
            return compileDeferredLetAssignment(l, name, value, scope, equalsAt: opAt)
        case .deferredLetGlobal(let g, let name):
            return compileDeferredLetGlobalAssignment(g, name, value, scope, equalsAt: opAt)
        case .deferredVarGlobal(let g, let name):
            return compileDeferredVarGlobalAssignment(g, name, value, scope, target.location)
        case .lazyPropertyOfSelf(let name):
            return compileAssignment(Expr(.member(Expr(.self, at: target.location), name), at: target.location), op, value, scope, loc, opAt: opAt)
        case .lazyTableProperty(let t, let name):
            return emitLazyTablePropertyAssignment(t, name, target, value, scope)
        case .lazyMember(let base, let name):
            return emitLazyMemberAssignment(base, name, target, op, value, scope, loc, opAt)
        case .discard:
            let ev = compileExpr(value, scope, expected: nil)
            return { m in _ = try ev(m); return .normal }
        case .tuple(let elements):
            return emitTupleAssignment(elements, value, scope, loc)
        case .subscriptStore(let base, let index):
            guard let parent = compileLValue(base, scope) else { return emitGeneralAssignment(target, op, value, scope, loc, opAt) }
            return emitSubscriptStore(parent, base, index, target, value, scope, loc)
        case .implicitMemberByOldValue(let name):
            return emitImplicitMemberAssignment(name, target, op, value, scope, loc)
        case .plainLocal(let l):
            return emitPlainLocalAssignment(l.slot, isDouble: l.holdsDouble, checked: l.literalType, target, op, value, scope, loc, opAt)
        case .globalAdd(let g):
            return emitGlobalAddAssignment(g, target, op, value, scope, loc, opAt)
        case .classSelfFieldAdd(let slot, let idx):
            return emitClassSelfFieldAdd(slot, idx, target, value, scope, loc, opAt)
        case .classSelfFieldStore(let slot, let idx, let ft):
            return emitClassSelfFieldStore(slot, idx, ft, target, value, scope, loc, opAt)
        case .general:
            return emitGeneralAssignment(target, op, value, scope, loc, opAt)
        }
    }

    // MARK: Emitters, one per plan

    private func emitLazyTablePropertyAssignment(_ t: UserType, _ name: String, _ target: Expr, _ value: Expr, _ scope: FnScope) -> Exec {
        let ev = compileExpr(value, scope, expected: t.lazyProperties[name]?.type)
        let targetLoc = target.location
        return { [core = Unretained(self), t = Unretained(t)] m in
            let r = try ev(m)
            guard let inst = t.object.instance else { throw RuntimeError(UnsupportedMessage.tableNotReady(t.object.name), at: targetLoc) }
            var holder = Value.type(.table(inst))
            _ = try core.object.lazyAssign(&holder, name, r, nil, targetLoc)
            return .normal
        }
    }

    private func emitLazyMemberAssignment(_ base: Expr, _ name: String, _ target: Expr, _ op: AssignmentOperator, _ value: Expr,
                                          _ scope: FnScope, _ loc: SourceLocation, _ opAt: SourceLocation) -> Exec {
        guard let baseLV = compileLValue(base, scope), let lv = compileLValue(target, scope, storeOnly: true) else {
            return emitGeneralAssignment(target, op, value, scope, loc, opAt)
        }
        let ev = compileExpr(value, scope, expected: nil)
        let general = compileAssignmentGeneral(lv, nil, ev, nil, loc, value.location, opAt, target)
        let targetLoc = target.location
        return { [core = Unretained(self)] m in
            let r = try ev(m)
            var done = false
            try baseLV.modify(m) { v, im in done = try core.object.lazyAssign(&v, name, r, im, targetLoc) }
            if done { return .normal }
            return try general(m, r)
        }
    }

    private func emitTupleAssignment(_ elements: [(label: String?, value: Expr)], _ value: Expr, _ scope: FnScope,
                                     _ loc: SourceLocation) -> Exec {
        let lvs = elements.map { compileLValue($0.value, scope, storeOnly: true) }
        let ev = compileExpr(value, scope, expected: nil)
        return { m in
            guard case .tuple(let t) = try ev(m), t.elements.count == lvs.count else {
                throw RuntimeError(ConversionMessage.tupleShapesDiffer, at: loc)
            }
            for (i, lv) in lvs.enumerated() { try lv?.modify(m) { v in v = t.elements[i] } }
            return .normal
        }
    }

    /// `counts[k] = (counts[k] ?? c) + n` on a dictionary variable: one lookup, the count
    /// changed where it is stored; nil for any other store. In an `ExecBox`: a closure
    /// returned in an `Optional` is called through reabstraction thunks (about 40
    /// instructions a run, callgrind on W2).
    private func compileCountingStore(_ base: Expr, _ index: Expr, _ value: Expr,
                                      direct: ((Ctx) -> UnsafeMutablePointer<Value>?)?, target: SlotAddress?, key ke: @escaping Eval,
                                      valueQuick: QuickCheck, general: @escaping Exec, _ scope: FnScope) -> ExecBox? {
        let letRead = isPure(index) ? nil : storedLetRead(index, scope)
        let key: ((Ctx) throws -> Value?)? = isPure(index) ? { m in try ke(m) } : letRead?.read
        guard let direct, let key, valueQuick.accepts(.int(0)), case .identifier(let name) = base.kind,
              case .binary(.add, let sum, let incExpr) = value.kind, case .integer(let inc) = incExpr.kind,
              case .binary(.nilCoalescing, let lookup, let dfltExpr) = sum.kind, case .integer(let dflt) = dfltExpr.kind,
              case .subscriptAccess(let lb, let largs) = lookup.kind, case .identifier(name) = lb.kind,
              largs.count == 1, largs[0].label == nil, sameExpr(largs[0].value, index) else { return nil }
        // The key a plain variable (`counts[item]`): read where it is stored, the
        // dictionary's slot found without a closure call.
        if let target, let keyAt = variableAddress(index, scope) {
            let core = Unretained(self)
            let letIndex: Int
            if case .global(let g) = target { letIndex = g } else { letIndex = -1 }
            return ExecBox { m in
                if letIndex < 0 || !core.guaranteed({ $0.globalIsLet[letIndex] }) {
                    let k = keyAt.pointer(m)
                    if case .enumCase(let t, let c) = k.pointee {
                        if target.pointer(m).pointee.dictionaryAddToInt(caseOf: t, c, inc, default: dflt) { return .normal }
                    } else if case .box = k.pointee {
                        // Not initialised, computed or held: the general path's errors.
                    } else if target.pointer(m).pointee.dictionaryAddToInt(k.pointee, inc, default: dflt) {
                        return .normal
                    }
                }
                return try general(m)
            }
        }
        // The key a stored `let` of the instance or struct a plain variable holds
        // (`counts[row.item]`): read where the instance keeps it, once the key's closure has
        // found its place (about 120 instructions through that closure and the dictionary's
        // slot closure, W6).
        if let target, let letRead, let keyAt = letRead.variable {
            let core = Unretained(self)
            let letIndex: Int
            if case .global(let g) = target { letIndex = g } else { letIndex = -1 }
            let hit = letRead.hit
            return ExecBox { m in
                if letIndex < 0 || !core.guaranteed({ $0.globalIsLet[letIndex] }) {
                    if let x = Value.storedField(keyAt.pointer(m), type: hit.type, field: hit.field), case .enumCase(let t, let c) = x,
                       target.pointer(m).pointee.dictionaryAddToInt(caseOf: t, c, inc, default: dflt) {
                        return .normal
                    }
                    if let k = try key(m), target.pointer(m).pointee.dictionaryAddToInt(k, inc, default: dflt) { return .normal }
                }
                return try general(m)
            }
        }
        return ExecBox { m in
            if let p = direct(m), let k = try key(m), p.pointee.dictionaryAddToInt(k, inc, default: dflt) {
                return .normal
            }
            return try general(m)
        }
    }

    private func emitSubscriptStore(_ parent: LValue, _ base: Expr, _ index: Expr, _ target: Expr, _ value: Expr,
                                    _ scope: FnScope, _ loc: SourceLocation) -> Exec {
        var valueType: RType? = nil, keyType: RType? = nil
        var elementType: RType? = nil
        if let bt = resolvedType(of: base, scope) {
            if case .dictionary(let kt, let vt) = bt { keyType = kt; valueType = vt }
            if case .array(let et) = bt { elementType = et }
        }
        let ev = compileExpr(value, scope, expected: valueType ?? elementType)
        let ke = compileExpr(index, scope, expected: keyType)
        let valueLoc = value.location
        // `d[k] = v` on a plain variable holding a dictionary: store where it lives.
        var direct: ((Ctx) -> UnsafeMutablePointer<Value>?)? = nil
        // The same place as data, when `direct` is set (a global's `let` is checked when run).
        var target: SlotAddress? = nil
        if case .identifier(let name) = base.kind, let address = slotAddress(name, scope), let ptr = slotPointer(name, scope) {
            if let l = scope.findLocal(name) {
                if !l.isLet { direct = { m in ptr(m) }; target = address }
            } else if let g = globalIndex[name], globalObservers[g] == nil {
                let core = Unretained(self)
                direct = { m in core.guaranteed { $0.globalIsLet[g] } ? nil : ptr(m) }
                target = address
            }
        }
        let valueQuick = QuickCheck(valueType)
        let general: Exec = { [core = Unretained(self)] m in
            let r = try ev(m)
            let k = try ke(m)
            if let direct, let p = direct(m), case .dictionary = p.pointee, valueQuick.accepts(r) {
                switch r {
                case .nilValue: _ = p.pointee.withDictionary { d in d.removeValue(forKey: k) }
                case .wrapped(let w): _ = p.pointee.withDictionary { d in d[k] = w }
                default: _ = p.pointee.withDictionary { d in d[k] = r }
                }
                return .normal
            }
            try parent.modify(m) { v, im in
                // A class instance's subscript writes through the reference, whatever holds it.
                var isReference = false
                if case .type(.table(let inst)) = v, inst.type.kind == .class {
                    isReference = true
                    core.object.steppedThroughReference = true
                }
                // So does a struct's `nonmutating set`.
                if case .structValue(let s) = v, s.type.subscripts.contains(where: { $0.decl.setterIsNonmutating }),
                   !s.type.subscripts.contains(where: { $0.decl.setter != nil && !$0.decl.setterIsNonmutating }) { isReference = true }
                if let im, !isReference {
                    throw RuntimeError(AssignmentMessage.cannotAssignThroughSubscript(im.reason), at: base.range.end, notes: im.notes)
                }
                if case .dictionary = v {
                    var stored: Value? = r
                    switch r {
                    case .nilValue: stored = nil
                    case .wrapped(let w): stored = w
                    default: break
                    }
                    if let s = stored, let vt = valueType, !QuickCheck(vt).accepts(s) {
                        guard let c = core.object.coerce(s, to: vt) else {
                            throw RuntimeError(ConversionMessage.cannotAssignValueToSubscript(type: core.object.typeName(r), to: vt.description), at: valueLoc)
                        }
                        stored = c
                    }
                    _ = v.withDictionary { d in d[k] = stored }
                    return
                }
                if try core.object.replaceArraySubrange(&v, k, r, loc) { return }
                try core.object.modifySubscript(&v, k, nil, nil, loc, bracket: base.range.end, storeOnly: true) { slot, _ in
                    if let et = elementType, !QuickCheck(et).accepts(r) {
                        guard let c = core.object.coerce(r, to: et) else {
                            if let e = core.object.optionalNotUnwrapped(r, et, at: valueLoc) { throw e }
                            throw RuntimeError(ConversionMessage.cannotAssignValueToSubscript(type: core.object.typeName(r), to: et.description), at: valueLoc)
                        }
                        slot = c
                    } else if case .object(let rc as ReversedCollection) = r, case .array = slot {
                        slot = .array(rc.elements)
                    } else {
                        slot = r
                    }
                }
            }
            return .normal
        }
        if let counting = compileCountingStore(base, index, value, direct: direct, target: target, key: ke, valueQuick: valueQuick,
                                               general: general, scope) { return counting.run }
        return general
    }

    /// `row.item` where `row` is a plain variable and `item`, at run time, a stored `let` of
    /// the instance or struct it holds: reading it once stands for reading it twice (no
    /// getter can run, nothing can change it). Nil when run where that does not hold.
    private func storedLetRead(_ e: Expr, _ scope: FnScope) -> StoredLetRead? {
        guard case .member(let b, let name) = e.kind, case .identifier(let n) = b.kind,
              let variable = slotPointer(n, scope) else { return nil }
        final class SiteCache { var type: UserType? = nil; var index = -1 }
        let cache = SiteCache()
        func index(_ t: UserType) -> Int {
            if cache.type === t { return cache.index }
            var i = -1
            if let f = t.fieldIndex[name], f < t.fieldIsLet.count, t.fieldIsLet[f], t.computed[name] == nil,
               t.lazyProperties[name] == nil { i = f }
            cache.type = t; cache.index = i
            return i
        }
        // The last type that had the field, as an address, for the borrowed read
        // (Value.storedField): only a class's or a struct's, as the switch below checks.
        let hit = BorrowedReadCache()
        return StoredLetRead(variable: slotAddress(n, scope), hit: hit) { m in
            let p = variable(m)
            if let x = Value.storedField(p, type: hit.type, field: hit.field) {
                if case .box = x { return nil }
                return x
            }
            let x: Value
            switch p.pointee {
            case .type(.table(let inst)) where inst.type.kind == .class:
                let i = index(inst.type)
                guard i >= 0, i < inst.fields.count else { return nil }
                hit.type = uncountedAddress(inst.type); hit.field = i
                x = inst.fields[i]
            case .structValue(let s):
                let i = index(s.type)
                guard i >= 0, i < s.fields.count else { return nil }
                hit.type = s.typeAddress; hit.field = i
                x = s.fields[i]
            default: return nil
            }
            if case .box = x { return nil }
            return x
        }
    }

    private func emitImplicitMemberAssignment(_ name: String, _ target: Expr, _ op: AssignmentOperator, _ value: Expr,
                                              _ scope: FnScope, _ loc: SourceLocation) -> Exec {
        guard let lv = compileLValue(target, scope) else { return failing(AssignmentMessage.cannotAssignToExpression, loc) }
        let valueLoc = value.location
        let member = MemberName(name)
        return { [core = Unretained(self)] m in
            try lv.modify(m) { v, im in
                if let im { throw RuntimeError(im.isProperty ? AssignmentMessage.cannotAssignToProperty(im.reason) : AssignmentMessage.cannotAssignToValue(im.reason), at: target.location, notes: im.notes) }
                switch v {
                case .wrapped, .nilValue:
                    let r = try core.object.implicitMember(member, like: v, valueLoc)
                    v = r.isNil || core.object.isOptionalValue(r) ? r : .wrapped(r)
                default: v = try core.object.implicitMember(member, like: v, valueLoc)
                }
            }
            return .normal
        }
    }

    /// `isDouble`: the local was declared with a Double literal; an Int stored into it
    /// becomes a Double, as Swift types the literal.
    /// `checked`: the type a literal gave the local (`var title = "a"`), which what is
    /// assigned must have.
    private func emitPlainLocalAssignment(_ slot: Int, isDouble: Bool, checked: RType?, _ target: Expr, _ op: AssignmentOperator,
                                          _ value: Expr, _ scope: FnScope, _ loc: SourceLocation, _ opAt: SourceLocation) -> Exec {
        // An unannotated variable has the type swiftc infers from its value (`var g =
        // Float(1)`, `var e = d`), which types the literals assigned to it (`g = 3 / 2` is 1.5).
        let inferred = scope.resolution?.type(of: target).map(resolveType)
        var ev = compileExpr(value, scope, expected: isDouble ? .double : inferred)
        if !isDouble, inferred == nil, checked == nil, case .identifier(let name) = target.kind,
           let byHeld = literalArithmeticByHeldValue(value, name, op, scope, { m in m.pointee.fp[slot] }) {
            ev = byHeld
        }
        if let binop = op.binaryOperator {
            return { [core = Unretained(self)] m in
                let r = try ev(m)
                let cur = m.pointee.fp[slot]
                if binop == .add, case .int(let a) = cur, case .int(let b) = r {
                    let (s, o) = a.addingReportingOverflow(b)
                    if o { throw RuntimeError(TrapMessage.arithmeticOverflow, at: loc) }
                    m.pointee.fp[slot] = .int(s)
                    return .normal
                }
                if binop == .add, case .string(let b) = r, case .string(let a) = cur {
                    try core.object.reserve(a.utf8.count &+ b.utf8.count, "a string of \(a.utf8.count &+ b.utf8.count) bytes", at: loc)
                    _ = consume a
                    _ = m.pointee.fp[slot].withString { $0 += b }
                    return .normal
                }
                if try core.object.scriptCompoundOperator(binop, &m.pointee.fp[slot], r, loc, opAt: opAt) { return .normal }
                m.pointee.fp[slot] = try core.object.arith(binop, cur, r, loc)
                return .normal
            }
        }
        if isDouble {
            let valueLoc = value.location
            return { [core = Unretained(self)] m in
                var r = try ev(m)
                if case .int(let i) = r { r = .double(Double(i)) }
                guard case .double = r else {
                    throw RuntimeError(ConversionMessage.cannotAssignValue(type: core.object.typeName(r), to: "Double"), at: valueLoc)
                }
                m.pointee.fp[slot] = r
                return .normal
            }
        }
        if let checked {
            let quick = QuickCheck(checked), valueLoc = value.location, isNilLiteral = value.kind.isNilLiteral
            return { [core = Unretained(self)] m in
                let r = try ev(m)
                guard quick.accepts(r) else { throw core.object.assignmentMismatch(r, checked, isNilLiteral: isNilLiteral, at: valueLoc) }
                m.pointee.fp[slot] = r
                return .normal
            }
        }
        return { m in
            let r = try ev(m)
            if case .object(let rc as ReversedCollection) = r, case .array = m.pointee.fp[slot] {
                m.pointee.fp[slot] = .array(rc.elements)
            } else {
                Teardown.releaseChain(&m.pointee.fp[slot])
                m.pointee.fp[slot] = r
            }
            return .normal
        }
    }

    private func emitGlobalAddAssignment(_ g: Int, _ target: Expr, _ op: AssignmentOperator, _ value: Expr, _ scope: FnScope,
                                         _ loc: SourceLocation, _ opAt: SourceLocation) -> Exec {
        let targetType = resolvedType(of: target, scope)
        var ev = compileExpr(value, scope, expected: targetType)
        if targetType == nil, case .identifier(let name) = target.kind,
           let byHeld = literalArithmeticByHeldValue(value, name, op, scope, { m in m.pointee.globals[g] }) {
            ev = byHeld
        }
        guard let lv = compileLValue(target, scope) else { return failing(AssignmentMessage.cannotAssignToExpression, loc) }
        let general = compileAssignmentGeneral(lv, .add, ev, targetType, loc, value.location, opAt, target)
        let core = Unretained(self)
        return { m in
            let r = try ev(m)
            let p = m.pointee.globals + g
            if !core.guaranteed({ $0.globalIsLet[g] }) {
                // The old value is an `Int` or a `Double`: written over without its destroy.
                if case .int(let a) = p.pointee, case .int(let b) = r {
                    let (s, o) = a.addingReportingOverflow(b)
                    if o { throw RuntimeError(TrapMessage.arithmeticOverflow, at: loc) }
                    p.initialize(to: .int(s))
                    return .normal
                }
                if case .double(let a) = p.pointee, case .double(let b) = r {
                    p.initialize(to: .double(a + b))
                    return .normal
                }
            }
            return try general(m, r)
        }
    }

    // The same preamble as emitGlobalAddAssignment's, on purpose: sharing it through a
    // second closure for the in-place step cost W3 3% of its instructions (callgrind).
    private func emitClassSelfFieldAdd(_ slot: Int, _ idx: Int, _ target: Expr, _ value: Expr, _ scope: FnScope,
                                       _ loc: SourceLocation, _ opAt: SourceLocation) -> Exec {
        let targetType = resolvedType(of: target, scope)
        let ev = compileExpr(value, scope, expected: targetType)
        guard let lv = compileLValue(target, scope) else { return failing(AssignmentMessage.cannotAssignToExpression, loc) }
        let general = compileAssignmentGeneral(lv, .add, ev, targetType, loc, value.location, opAt, target)
        // The field changed through its address: `inst.fields[idx]` made a collection
        // that retained the instance, and copied the old value out.
        if case .integer(let k) = value.kind {
            // `taps += 1`: the literal's closure (a constant `Value` copied out) was about
            // 40 instructions. An `Int` field takes it as an `Int`; anything else
            // (a `Double` field, an observed class) evaluates it in its context.
            return { m in
                if case .type(.table(let inst)) = m.pointee.fp[slot], inst.type.observers.isEmpty, inst.type.fieldOverrides.isEmpty, idx < inst.fieldCount {
                    let p = inst.fieldPointer(idx)
                    if case .int(let a) = p.pointee {
                        let (s, o) = a.addingReportingOverflow(k)
                        if o { throw RuntimeError(TrapMessage.arithmeticOverflow, at: loc) }
                        p.initialize(to: .int(s))
                        return .normal
                    }
                }
                return try general(m, try ev(m))
            }
        }
        return { m in
            let r = try ev(m)
            if case .type(.table(let inst)) = m.pointee.fp[slot], inst.type.observers.isEmpty, inst.type.fieldOverrides.isEmpty, idx < inst.fieldCount,
               case .int(let b) = r {
                let p = inst.fieldPointer(idx)
                if case .int(let a) = p.pointee {
                    let (s, o) = a.addingReportingOverflow(b)
                    if o { throw RuntimeError(TrapMessage.arithmeticOverflow, at: loc) }
                    p.initialize(to: .int(s))
                    return .normal
                }
            }
            return try general(m, r)
        }
    }

    private func emitClassSelfFieldStore(_ slot: Int, _ idx: Int, _ ft: RType, _ target: Expr, _ value: Expr,
                                         _ scope: FnScope, _ loc: SourceLocation, _ opAt: SourceLocation) -> Exec {
        let ev = compileExpr(value, scope, expected: ft)
        guard let lv = compileLValue(target, scope, storeOnly: true) else { return failing(AssignmentMessage.cannotAssignToExpression, loc) }
        let general = compileAssignmentGeneral(lv, nil, ev, ft, loc, value.location, opAt, target,
                                               initializedOnce: initializedOnceName(target, scope))
        let isLet = scope.selfType?.fieldIsLet[idx] ?? true
        return { [core = Unretained(self)] m in
            let r = try ev(m)
            if case .type(.table(let inst)) = m.pointee.fp[slot], inst.type.observers.isEmpty, inst.type.fieldOverrides.isEmpty, idx < inst.fields.count,
               inst.type.referenceFields.isEmpty, core.object.quickConforms(r, ft) {
                switch inst.fields[idx] {
                case .box(let b) where b === uninitializedField: break
                // Held by a mutating call, or a host object: the general path's checks.
                case .box, .object: return try general(m, r)
                default: if isLet { return try general(m, r) }
                }
                inst.fields[idx] = r
                return .normal
            }
            return try general(m, r)
        }
    }

    private func emitGeneralAssignment(_ target: Expr, _ op: AssignmentOperator, _ value: Expr, _ scope: FnScope,
                                       _ loc: SourceLocation, _ opAt: SourceLocation) -> Exec {
        let targetType = resolvedType(of: target, scope)
        if targetType == nil, let refusal = hostPropertyRefusal(target, value) { return { _ in throw refusal } }
        var ev = nestedOptionalArrival(compileExpr(value, scope, expected: targetType ?? hostPropertyContext(target)), value, targetType, scope)
        if targetType == nil, case .identifier(let name) = target.kind, scope.selfType == nil, scope.findLocal(name) == nil,
           scope.findCapture(name) == nil, let g = globalIndex[name], let byHeld = literalArithmeticByHeldValue(value, name, op, scope, { m in m.pointee.globals[g] }) {
            ev = byHeld
        }
        guard let lv = compileLValue(target, scope, storeOnly: op == .assign) else { return failing(AssignmentMessage.cannotAssignToExpression, loc) }
        // A variable a literal typed is checked as if annotated; the literal type is no
        // context for the value (a later `.a` is not looked up in String).
        let checked = targetType ?? (op == .assign ? assignedLiteralType(target, scope) : nil)
        let general = compileAssignmentGeneral(lv, op.binaryOperator, ev, checked, loc, value.location, opAt, target,
                                               initializedOnce: initializedOnceName(target, scope), valueIsNilLiteral: value.kind.isNilLiteral)
        if targetType == nil, let byField = literalArithmeticByField(target, value, scope, general, ev) { return byField }
        return { m in try general(m, try ev(m)) }
    }

    /// `b.count = 1 / 2` where no typer knows `b`'s type (a closure's `$0`, a loop over a
    /// call's result): the literals take the type the instance's class declares for the
    /// property, read at run time (a Double's `1 / 2` is 0.5, as swiftc types it), where
    /// the base is a name or a path of names, read once more without effects.
    private func literalArithmeticByField(_ target: Expr, _ value: Expr, _ scope: FnScope,
                                          _ general: @escaping (Ctx, Value) throws -> Flow,
                                          _ ev: @escaping Eval) -> Exec? {
        guard Self.isLiteralArithmetic(value), case .binary = value.kind, Self.isPlainPlace(target) else { return nil }
        let targetEv = compileExpr(target, scope, expected: nil)
        let asDouble = compileExpr(value, scope, expected: .double)
        let asFloat = compileExpr(value, scope, expected: .float)
        var classField: (base: Eval, name: String)? = nil
        if case .member(let base, let name) = target.kind { classField = (compileExpr(base, scope, expected: nil), name) }
        let valueAt = value.location
        return { m in
            if let (baseEv, name) = classField, case .type(.table(let inst)) = try baseEv(m), let i = inst.type.fieldIndex[name],
               i < inst.type.fieldTypes.count, case .double? = inst.type.fieldTypes[i] {
                return try general(m, try asDouble(m))
            }
            // A struct's property or an element (`$0.x`, `d["a"]?.x`): the value it holds now
            // is of its declared type.
            var current = (try? targetEv(m)) ?? .void
            while case .wrapped(let w) = current { current = w }
            switch current {
            case .double: return try general(m, try asDouble(m))
            case .float: return try general(m, try asFloat(m))
            case .nilValue:
                // No type to read: as Int's only where a Double's would be the same value.
                let i = try ev(m), x = try asDouble(m)
                guard case .int(let n) = i, case .double(let y) = x, Double(n) == y else {
                    throw RuntimeError(UnsupportedMessage.literalArithmeticOfUnknownType, at: valueAt)
                }
                return try general(m, i)
            default: return try general(m, try ev(m))
            }
        }
    }

    /// A plain path (`isPlainPath`) with subscripts whose arguments are literals or plain
    /// paths, optional chains and `!`s: reading it has no effect of its own.
    static func isPlainPlace(_ e: Expr) -> Bool {
        switch e.kind {
        case .identifier, .shorthandParameter, .self: return true
        case .member(let b, _), .optionalChain(let b, _), .forceUnwrap(let b): return isPlainPlace(b)
        case .subscriptAccess(let b, let args), .optionalSubscript(let b, let args):
            return isPlainPlace(b) && args.allSatisfy { a in
                switch a.value.kind {
                case .integer, .string, .boolean: return true
                default: return isPlainPath(a.value)
                }
            }
        default: return false
        }
    }

    /// `x += 1 / 2` where no typer knows `x`'s type (`var best = xs.max()!`): the literals take
    /// the type of the number `x` holds, which is the variable's own (a compound assignment's
    /// variable is a number). A plain `x = 1 / 2` may be to a variable of an existential type
    /// holding a Double (`Any`, where the value is the Int 0): refused where `x` holds one.
    private func literalArithmeticByHeldValue(_ value: Expr, _ name: String, _ op: AssignmentOperator, _ scope: FnScope,
                                              _ current: @escaping (Ctx) -> Value) -> Eval? {
        guard Self.isLiteralArithmetic(value) else { return nil }
        let asInt = compileExpr(value, scope, expected: nil)
        let asDouble = compileExpr(value, scope, expected: .double)
        let asFloat = compileExpr(value, scope, expected: .float)
        let refusal = RuntimeError(UnsupportedMessage.untypedLiteralAssignment(variable: name), at: value.location)
        let compound = op != .assign
        return { m in
            switch current(m) {
            case .double:
                guard compound else { throw refusal }
                return try asDouble(m)
            case .float:
                guard compound else { throw refusal }
                return try asFloat(m)
            default:
                return try asInt(m)
            }
        }
    }

    /// Integer literals joined by arithmetic operators only (`1 / 2`, `-3 * 4`).
    static func isLiteralArithmetic(_ e: Expr) -> Bool {
        switch e.kind {
        case .integer: return true
        case .unary(.negate, let x): return isLiteralArithmetic(x)
        case .binary(let op, let l, let r): return TypeRules.arithmetic.contains(op) && isLiteralArithmetic(l) && isLiteralArithmetic(r)
        default: return false
        }
    }

    /// A name, `$0`, `self`, or members of one: reading it has no effect of its own.
    static func isPlainPath(_ e: Expr) -> Bool {
        switch e.kind {
        case .identifier, .shorthandParameter, .self: return true
        case .member(let b, _): return isPlainPath(b)
        default: return false
        }
    }

    /// `self.b` when `target` is a `let` property of the type whose initializer this is
    /// (`b = 2`, `self.b = 2`): a second assignment there is swiftc's definite-initialization
    /// error, not the error of assigning a constant.
    func initializedOnceName(_ target: Expr, _ scope: FnScope) -> String? {
        guard scope.isInitializer, let t = scope.selfType else { return nil }
        let name: String
        switch target.kind {
        case .identifier(let n) where scope.findLocal(n) == nil: name = n
        case .member(let base, let n):
            guard case .self = base.kind else { return nil }
            name = n
        default: return nil
        }
        guard let i = t.fieldIndex[name], t.fieldIsLet[i] else { return nil }
        return "self." + name
    }
}

extension Local {
    /// Declared `Double` (or with a Double literal), or made by a call whose result is
    /// written `Double` (InitializerTypes.swift): an Int literal assigned to it is a Double.
    var holdsDouble: Bool {
        if case .double? = type { return true }
        if type == nil, case .double? = initializerType { return true }
        return false
    }
}

extension InterpreterCore {
    /// swiftc's error for a value of another type assigned to a typed variable.
    func assignmentMismatch(_ r: Value, _ t: RType, isNilLiteral: Bool, at loc: SourceLocation) -> RuntimeError {
        if isNilLiteral { return RuntimeError(ConversionMessage.nilToNonOptional(t.description), at: loc) }
        if let e = optionalNotUnwrapped(r, t, at: loc) { return e }
        return RuntimeError(ConversionMessage.cannotAssignValue(type: typeName(r), to: t.description), at: loc)
    }
}

extension ExprKind {
    var isNilLiteral: Bool { if case .nil = self { return true }; return false }
}

/// `storedLetRead`'s answer: the read, and for a site that reads in place itself, the
/// variable's slot and the place the read last found the field at (`Value.storedField`).
struct StoredLetRead {
    let variable: SlotAddress?
    let hit: BorrowedReadCache
    let read: (Ctx) throws -> Value?
}
