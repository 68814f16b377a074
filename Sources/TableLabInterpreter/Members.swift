// Member access: fields, computed properties, built-in properties, static members.

import TableLabSyntax
import TableLabExhaustiveness

extension InterpreterCore {
    /// The memberwise initializer's label of a stored field (a `lazy var`'s storage has its name).
    func initLabel(_ field: String) -> String {
        field.hasPrefix(LazyProperty.storagePrefix) ? String(field.dropFirst(LazyProperty.storagePrefix.count)) : field
    }

    /// Reads a `lazy var` of the value, running its initializer on the first read and
    /// storing the result; nil when the value has no lazy property of that name.
    func lazyRead(_ m: Ctx, _ v: inout Value, _ name: String, _ im: Immutability?, _ loc: SourceLocation) throws -> Value? {
        switch v {
        case .structValue(let s):
            guard let lp = s.type.lazyProperties[name], lp.storage < s.fields.count else { return nil }
            if let im { throw RuntimeError(AssignmentMessage.mutatingGetterOnImmutable(im.reason), at: loc, notes: im.notes) }
            if case .wrapped(let x) = s.fields[lp.storage] { return x }
            let t = s.type
            _ = consume s
            let x = try lazyInitialValue(m, t, lp, v, loc)
            _ = v.withStruct { $0.fields[lp.storage] = .wrapped(x) }
            return x
        case .type(.table(let inst)):
            guard let lp = inst.type.lazyProperties[name] else { return nil }
            return try lazyRead(m, inst, inst.type, lp, loc)
        case .box(let b):
            return try lazyRead(m, &b.value, name, im, loc)
        default:
            return nil
        }
    }

    /// The `lazy var` `lp` that `t` (the instance's class or a superclass) declares, read on
    /// `inst`: its initializer runs on the first read.
    func lazyRead(_ m: Ctx, _ inst: TableInstance, _ t: UserType, _ lp: LazyProperty, _ loc: SourceLocation) throws -> Value? {
        guard lp.storage < inst.fields.count else { return nil }
        if case .wrapped(let x) = inst.fields[lp.storage] { return x }
        let x = try lazyInitialValue(m, t, lp, .type(.table(inst)), loc)
        inst.fields[lp.storage] = .wrapped(x)
        return x
    }

    /// Stores into a `lazy var` of the value; false when it has none of that name.
    func lazyAssign(_ v: inout Value, _ name: String, _ r: Value, _ im: Immutability?, _ loc: SourceLocation) throws -> Bool {
        switch v {
        case .structValue(let s):
            guard let lp = s.type.lazyProperties[name], lp.storage < s.fields.count else { return false }
            if let im { throw RuntimeError(AssignmentMessage.cannotAssignToProperty(im.reason), at: loc, notes: im.notes) }
            let x = try lp.type.map { try storedAs(r, $0, loc) } ?? r
            _ = consume s
            _ = v.withStruct { $0.fields[lp.storage] = .wrapped(x) }
            return true
        case .type(.table(let inst)):
            guard let lp = inst.type.lazyProperties[name], lp.storage < inst.fields.count else { return false }
            inst.fields[lp.storage] = .wrapped(try lp.type.map { try storedAs(r, $0, loc) } ?? r)
            return true
        case .box(let b):
            return try lazyAssign(&b.value, name, r, im, loc)
        default:
            return false
        }
    }

    private func lazyInitialValue(_ m: Ctx, _ t: UserType, _ lp: LazyProperty, _ selfValue: Value, _ loc: SourceLocation) throws -> Value {
        let f = compiledMethod(t, lp.initializer, fullName: "lazy")
        m.push(selfValue)
        var x = try m.invoke(f, argc: 1, location: loc)
        if let type = lp.type { x = try checkBinding(x, type, location: loc) }
        return x
    }

    /// `base.name` read as a value, by its plan (Selector.swift).
    func compileMember(_ base: Expr, _ name: String, _ scope: FnScope, _ loc: SourceLocation, expected: RType?) -> Eval {
        if case .integer(let i) = base.kind, integerLiteralIsDouble(member: name) {
            // `3.debugDescription`: Double's member, so the literal is a Double.
            var literal = base
            literal.kind = .double(Double(i))
            return compileMember(literal, name, scope, loc, expected: expected)
        }
        switch memberReadPlan(base, name, scope, loc) {
        case .lazyThroughPlace:
            return emitLazyMemberRead(base, name, scope, loc)
        case .constant(let v):
            return constant(v)
        case .superComputed(let sup, let c):
            return emitSuperComputedRead(sup, c, name, scope, loc)
        case .superLazy(let sup, let lp):
            let selfRead = compileIdentifier("self", scope, loc)
            return { [core = Unretained(self), sup = Unretained(sup)] m in
                guard case .type(.table(let inst)) = try selfRead(m) else { throw RuntimeError(LookupMessage.cannotFindInScope("super"), at: loc) }
                return try core.object.lazyRead(m, inst, sup.object, lp, loc) ?? .void
            }
        case .superOfHost:
            let selfRead = compileIdentifier("self", scope, loc)
            // swiftc names the superclass, not the instance's class.
            let host = scope.selfType?.classInfo?.hostSuperclass ?? "super"
            return { [core = Unretained(self)] m in
                let h = try core.object.hostPartOfSuper(try selfRead(m), loc)
                if let v = try RuntimeError.placingHostErrors(at: loc, { try h.member(name) }) { return v }
                throw RuntimeError(RuntimeMessage.valueHasNoMember(type: host, member: name), at: loc)
            }
        case .superField(let i), .storageOfSelf(let i):
            return classFieldRead(compileIdentifier("self", scope, loc), i, name, loc, direct: true)
        case .refused(let e):
            // The closure throws the same wherever it is reached.
            compileTimeRefusals?.append(e)
            return { _ in throw e }
        case .staticOfScriptType(let slot, let tn):
            let member = MemberName(name)
            let site = StaticMemberSite()
            return { [core = Unretained(self)] m in
                guard let t = slot.current else { throw RuntimeError(LookupMessage.cannotFindInScope(tn), at: loc) }
                if let v = try core.object.staticMember(of: t, member, loc, site: site) { return v }
                throw RuntimeError(RuntimeMessage.typeHasNoMember(type: t.name, member: name), at: loc)
            }
        case .hostExtensionStatic(let h, let tn):
            let member = MemberName(name)
            let site = StaticMemberSite()
            return { [core = Unretained(self)] _ in
                guard let v = try core.object.staticMember(of: h, member, loc, site: site) else { throw RuntimeError(RuntimeMessage.typeHasNoMember(type: tn, member: name), at: loc) }
                return v
            }
        case .valueSelf:
            return compileMemberBase(base, scope)
        case .unsetTupleElement(let place, let n, let i):
            return compileUnsetTupleElementRead(place, n, name, i, loc)
        case .tupleElement(let idx):
            let b = compileMemberBase(base, scope)
            return { [core = Unretained(self)] m in
                let v = try b(m)
                if case .tuple(let t) = v, idx < t.elements.count { return t.elements[idx] }
                throw RuntimeError(RuntimeMessage.valueHasNoMember(type: core.object.typeName(v), member: name), at: loc)
            }
        case .count(let at):
            return emitCountRead(base, compileMemberBase(base, scope), at, loc)
        case .general(let at):
            return emitGeneralMemberRead(base, name, compileMemberBase(base, scope), at, loc)
        }
    }

    /// A lazy property's first read stores into its holder, so the read goes through the path.
    private func emitLazyMemberRead(_ base: Expr, _ name: String, _ scope: FnScope, _ loc: SourceLocation) -> Eval {
        guard let lv = compileLValue(base, scope) else { preconditionFailure("planned on a place that compileLValue does not give") }
        let cache = MemberCache(member: name)
        return { [core = Unretained(self)] m in
            var result = Value.void
            try lv.modify(m) { v, im in
                if let x = try core.object.lazyRead(m, &v, name, im, loc) { result = x } else { result = try core.object.getMember(v, name, cache, loc, m) }
            }
            return result
        }
    }

    /// `x.count`, answered without matching the name at run time.
    private func emitCountRead(_ base: Expr, _ b: @escaping Eval, _ at: SlotAddress?, _ loc: SourceLocation) -> Eval {
        let name = "count"
        let cache = MemberCache(member: name)
        let baseLoc = base.location
        let countOf: Eval = { [core = Unretained(self)] m in
            let v = try b(m)
            switch v {
            case .string(let s): return .int(characterCount(s))
            case .array(let a): return .int(a.count)
            case .dictionary(let d): return .int(d.count)
            case .set(let s): return .int(s.count)
            default: break
            }
            do {
                return try core.object.getMember(v, name, cache, loc, m)
            } catch let e as RuntimeError {
                throw e.pointingAtOptionalBase(baseLoc)
            }
        }
        // `action.count` on a variable: counted where the value is stored, not on a copy
        // (a String's copy and release were most of W2's `actionLen += action.count`).
        if let at {
            return { m in
                if let c = at.pointer(m).pointee.countInPlace() { return .int(c) }
                return try countOf(m)
            }
        }
        return countOf
    }

    /// Any other member read, with the per-site cache of an enum's per-case table and of a
    /// class instance's field index.
    private func emitGeneralMemberRead(_ base: Expr, _ name: String, _ b: @escaping Eval, _ at: SlotAddress?,
                                       _ loc: SourceLocation) -> Eval {
        let cache = MemberCache(member: name)
        let baseLoc = base.location
        let generation = typeGenerationCell
        let general: Eval = { [core = Unretained(self)] m in
            do {
                let v = try b(m)
                // An enum's per-case table (`item.title`), answered without the general lookup.
                if case .enumCase(let tid, let ci) = v, cache.index == -2, cache.typeID == tid,
                   cache.generation == generation.pointee, let p = cache.tablePointer {
                    return p[Int(ci)]
                }
                // A class instance's stored property, at the index this site found before
                // (classMember sets the cache), without the general lookup.
                if case .type(.table(let inst)) = v, cache.type === inst.type, cache.index >= 0, cache.index < inst.fields.count {
                    let x = inst.fields[cache.index]
                    if case .box = x {} else { return x }
                }
                return try core.object.getMember(v, name, cache, loc, m)
            } catch let e as RuntimeError {
                throw e.pointingAtOptionalBase(baseLoc)
            }
        }
        // `item.cellType` on a plain variable: the case is read where the variable holds it
        // (no closure call and no copy for the base); anything else is the general read.
        if let at {
            return { m in
                let v = at.pointer(m)
                if case .enumCase(let tid, let ci) = v.pointee, cache.index == -2, cache.typeID == tid,
                   cache.generation == generation.pointee, let p = cache.tablePointer {
                    return p[Int(ci)]
                }
                if case .type(.table(let inst)) = v.pointee, cache.type === inst.type, cache.index >= 0, cache.index < inst.fields.count {
                    let x = inst.fields[cache.index]
                    if case .box = x {} else { return x }
                }
                return try general(m)
            }
        }
        return general
    }

    /// `Item.donate`, `Item.allCases`, `Settings.sections`, static properties.
    /// `t.member` of a type named by itself; nil when `t` has no such static member. A site
    /// that names the member passes its cache, so only its first run looks the name up.
    func staticMember(of t: UserType, _ member: MemberName, _ loc: SourceLocation, site: StaticMemberSite? = nil) throws -> Value? {
        let found = site.map { staticMemberFound(t, member, $0) } ?? resolveStaticMember(of: t, member)
        switch found {
        case .unresolved, .none: return nil
        case .enumCase(let ci): return caseValue(t, ci)
        case .allCases: return .array((0..<t.caseNames.count).map { .enumCase(typeID: t.id, caseIndex: Int32($0)) })
        case .metatype: return .type(t.kind == .enum ? .enumType(t) : .structType(t))
        case .stored(let g):
            let v = machine.pointee.globals[g]
            if case .box(let b) = v {
                if let r = try initializePendingStatic(g, b) { return r }
                try checkNotHeld(v, "\(t.name).\(member.text)", loc)
                return nil
            }
            return v
        case .computed(let c):
            let f = compiledMethod(t, c, fullName: member.text)
            return try withStaticReceiver(t) { try machine.invoke(f, argc: 0, location: loc) }
        case .tableNotMade:
            return nil
        case .tableLazy, .tableField, .tableComputed:
            guard let inst = t.instance else { return nil }
            return try tableStaticMember(t, inst, found, member.text, loc)
        }
    }

    /// A table's property named on the table's type, as the site found it: read on the
    /// table's instance `inst` with no name looked up (the name is for messages and the
    /// getter's).
    func tableStaticMember(_ t: UserType, _ inst: TableInstance, _ found: StaticMemberFound, _ name: String,
                           _ loc: SourceLocation) throws -> Value? {
        switch found {
        case .tableLazy(let lp):
            return try lazyRead(machine, inst, t, lp, loc)
        case .tableField(let i):
            guard i < inst.fields.count else { return nil }
            try checkNotHeld(inst.fields[i], "\(t.name).\(name)", loc)
            return inst.fields[i]
        case .tableComputed(let c):
            let f = compiledMethod(t, c, fullName: name)
            machine.push(.type(.table(inst)))
            return try machine.invoke(f, argc: 1, location: loc)
        default:
            return nil
        }
    }

    func getMember(_ v: Value, _ name: String, _ cache: MemberCache, _ loc: SourceLocation, _ m: Ctx) throws -> Value {
        let property = cache.builtinProperty
        switch v {
        case .structValue(let s):
            if cache.type === s.type {
                if cache.index >= 0, cache.index < s.fields.count { return s.fields[cache.index] }
                if let f = cache.function { m.push(v); return try m.invoke(f, argc: 1, location: loc) }
            }
            if let x = try structMemberOnMiss(s, v, name, cache, loc, m) { return x }
        case .enumCase(let tid, let ci):
            if cache.typeID == tid, cache.generation == typeGeneration, let fr = cache.functionRef {
                m.push(v)
                return try fr.guaranteed { f in try m.invoke(f, argc: 1, location: loc) }
            }
            if cache.typeID == tid, cache.generation == typeGeneration, cache.index == -2, let table = cache.table {
                return table[Int(ci)]
            }
            if let x = try enumCaseMemberOnMiss(tid, ci, v, name, cache, loc, m) { return x }
        case .payloadCase(let p):
            let t = types[Int(p.typeID)]
            if let c = t.computed[name], !c.isStatic {
                if let table = constantTable(t, c) { return table[Int(p.caseIndex)] }
                m.push(v)
                return try m.invoke(compiledMethod(t, c, fullName: name), argc: 1, location: loc)
            }
            if property == .hashValue { return .int(v.hashValue) }
            if property == .localizedDescription, let d = try localizedDescription(v, t, m, loc) { return d }
        case .type(let tr):
            switch tr {
            case .enumType(let t), .structType(let t):
                if let x = try staticMember(of: t, cache.memberName(name), loc) { return x }
                throw RuntimeError(RuntimeMessage.typeHasNoMember(type: t.name, member: name), at: loc)
            case .table(let inst):
                if inst.type.kind == .class {
                    if property == .localizedDescription, inst.type.computed[name] == nil, inst.type.fieldIndex[name] == nil,
                       let d = try localizedDescription(v, inst.type, m, loc) { return d }
                    return try classMember(v, inst, name, cache, loc, m)
                }
                var holder = v
                if let x = try lazyRead(m, &holder, name, nil, loc) { return x }
                if let x = try staticMember(of: inst.type, cache.memberName(name), loc) { return x }
                if let x = try hostBaseMember(inst, name, cache, loc) { return x }
            case .builtin(let n):
                if let h = builtinExtensionType(n), let x = try staticMember(of: h, cache.memberName(name), loc) { return x }
                if let t = genericScriptType(n), let x = try staticMember(of: t, cache.memberName(name), loc) { return x }
            }
        case .tuple(let t):
            if let labels = t.labels, let i = labels.firstIndex(of: name) { return t.elements[i] }
        case .array, .string, .set, .dictionary, .range, .int, .double, .float, .bool:
            if let x = try valueProperty(v, property, loc) { return x }
        case .nilValue:
            if property == .debugDescription { return .string("nil") }
        case .object(let z as LazySequenceObject):
            return try lazyProperty(m, z, name, loc)
        case .object(let sub as SubstringObject):
            if let x = try builtinExtensionMember(v, name, loc, m) { return x }
            return try substringMember(sub, name, cache, loc, m)
        case .object(let o):
            // An ArraySlice's, a dictionary's keys' or values' description (they are
            // CustomStringConvertible; Swift's other views are not) is the text print writes.
            if let s = o as? ArraySliceObject, s.viewName == nil || s.dictionaryView != nil {
                let p = property == .other ? BuiltinProperty(name: name) : property
                if p == .description || p == .debugDescription { return try describedProperty(v, debug: p == .debugDescription, loc) }
            }
            if let x = try hostExtensionMember(o, v, name, cache, loc, m) { return x }
            if let x = try RuntimeError.placingHostErrors(at: loc, { try o.member(id: cache.hostMemberID(name)) }) { return x }
            if let x = try builtinExtensionMember(v, name, loc, m) { return x }
            throw hostObjectHasNoMember(o, name, member: name, at: loc)
        case .wrapped(let w):
            if property == .debugDescription { return try describedProperty(v, debug: true, loc) }
            if let x = try builtinExtensionMember(v, name, loc, m) { return x }
            throw RuntimeError(RuntimeMessage.optionalMustBeUnwrapped(optionalType: typeName(v), member: name, wrappedType: typeName(w)), at: loc,
                               notes: [.note(NoteMessage.chainOptional(name), at: loc),
                                       .note(NoteMessage.forceUnwrap, at: loc)])
        case .box(let b):
            return try getMember(b.value, name, cache, loc, m)
        default: break
        }
        if let x = try builtinExtensionMember(v, name, loc, m) { return x }
        // A member access site's IDs were found when it was compiled; any other cache that
        // reaches here (a method call site's) finds them from the name.
        let ids = cache.everydayProperty.map { (property, $0) } ?? (BuiltinProperty(name: name), EverydayProperty(name: name))
        if let x = everydayMember(v, ids.0, ids.1) { return x }
        if ids.0 == .lazy, isSequenceValue(v) { return .object(LazySequenceObject(base: try sequenceElements(v, loc))) }
        throw noSuchMember(v, name, loc)
    }

    /// A struct's stored or computed property the site's cache did not hold; nil when the
    /// struct has none of the name (an extension's or the standard library's may answer).
    private func structMemberOnMiss(_ s: StructValue, _ v: Value, _ name: String, _ cache: MemberCache, _ loc: SourceLocation,
                                    _ m: Ctx) throws -> Value? {
        let property = cache.builtinProperty
        if let i = s.type.fieldIndex[name], i < s.fields.count {
            cache.type = s.type; cache.index = i; cache.function = nil
            return s.fields[i]
        }
        if let c = s.type.computed[name], !c.isStatic {
            let f = compiledMethod(s.type, c, fullName: name)
            if let r = genericMemberRequirement(s.type, name) {
                try checkGenericMemberRequirement(r, v, "property '\(name)'", loc)
                m.push(v)
                return try m.invoke(f, argc: 1, location: loc)
            }
            cache.type = s.type; cache.index = -1; cache.function = f
            m.push(v)
            return try m.invoke(f, argc: 1, location: loc)
        }
        if s.type.lazyProperties[name] != nil {
            throw RuntimeError(AssignmentMessage.lazyPropertyOfImmutable(name), at: loc)
        }
        if property == .hashValue, s.type.declaresHashable || s.type.customHashing?.hash != nil { return .int(v.hashValue) }
        if property == .localizedDescription, let d = try localizedDescription(v, s.type, m, loc) { return d }
        return boundMethod(v, s.type, name, loc)
    }

    /// `self.handle` named without a call (`completionHandler: handle`): a function that
    /// calls the method on this value, as Swift's partial application does. Nil when the
    /// name is no single instance method (overloads need the context's type to choose,
    /// and a mutating method cannot be partially applied).
    func boundMethod(_ v: Value, _ t: UserType, _ name: String, _ loc: SourceLocation) -> Value? {
        guard let fulls = t.methodsByBase[name], fulls.count == 1, let slot = t.methods[fulls[0]],
              let d = slot.decl, !d.isStatic, !d.isMutating else { return nil }
        let f = compiledMethod(t, slot, fullName: fulls[0])
        guard f.hasSelf, f.genericInfo == nil else { return nil }
        return .function(FunctionValue(arity: f.paramCount - 1) { [core = Unretained(self)] args in
            let m = core.object.machine
            for (i, a) in args.enumerated() {
                if i < f.paramQuick.count, !f.paramQuick[i].accepts(a), let pt = f.paramTypes[i] {
                    m.push(try core.object.checkArgument(a, pt, loc, of: f, callee: loc))
                } else {
                    m.push(a)
                }
            }
            m.push(v)
            var ignored = Value.void
            return try m.invokeMethod(f, argc: args.count + 1, location: loc, selfOut: &ignored)
        })
    }

    /// An enum case's computed property the site's cache did not hold (a table of constants
    /// per case where the getter is one), its raw value or hash; nil for none of the name.
    private func enumCaseMemberOnMiss(_ tid: Int32, _ ci: Int32, _ v: Value, _ name: String, _ cache: MemberCache,
                                      _ loc: SourceLocation, _ m: Ctx) throws -> Value? {
        let property = cache.builtinProperty
        let t = types[Int(tid)]
        if let c = t.computed[name], !c.isStatic {
            if let table = constantTable(t, c) {
                cache.typeID = tid; cache.generation = typeGeneration; cache.index = -2; cache.table = table
                return table[Int(ci)]
            }
            let f = compiledMethod(t, c, fullName: name)
            cache.typeID = tid; cache.function = f; cache.generation = typeGeneration; cache.index = -1
            m.push(v)
            return try m.invoke(f, argc: 1, location: loc)
        }
        if property == .rawValue, let raw = t.rawValues { return raw[Int(ci)] }
        if property == .hashValue { return .int(v.hashValue) }
        if property == .localizedDescription, let d = try localizedDescription(v, t, m, loc) { return d }
        return nil
    }

    /// The standard library's properties of a collection, a range, a number or a Bool.
    private func valueProperty(_ v: Value, _ property: BuiltinProperty, _ loc: SourceLocation) throws -> Value? {
        switch v {
        case .array(let a):
            switch property {
            case .count: return .int(a.count)
            case .isEmpty: return .bool(a.isEmpty)
            case .first: return a.first.map { .wrapped($0) } ?? .nilValue
            case .last: return a.last.map { .wrapped($0) } ?? .nilValue
            case .indices: return .range(lower: 0, upper: a.count, closed: false)
            case .startIndex: return .int(0)
            case .endIndex: return .int(a.count)
            case .description: return try describedProperty(v, debug: false, loc)
            case .debugDescription: return try describedProperty(v, debug: true, loc)
            default: break
            }
        case .string(let s):
            switch property {
            case .count: return .int(characterCount(s))
            case .isEmpty: return .bool(s.isEmpty)
            case .first: return s.first.map { .wrapped(.string(String($0))) } ?? .nilValue
            case .last: return s.last.map { .wrapped(.string(String($0))) } ?? .nilValue
            case .description: return v
            case .debugDescription: return .string(s.debugDescription)
            default: break
            }
        case .set(let s):
            switch property {
            case .count: return .int(s.count)
            case .isEmpty: return .bool(s.isEmpty)
            case .first: return s.first.map { .wrapped($0) } ?? .nilValue
            case .description: return try describedProperty(v, debug: false, loc)
            case .debugDescription: return try describedProperty(v, debug: true, loc)
            default: break
            }
        case .dictionary(let d):
            switch property {
            case .count: return .int(d.count)
            case .isEmpty: return .bool(d.isEmpty)
            case .keys: return dictionaryView(.keys, of: v, Array(d.keys))
            case .values: return dictionaryView(.values, of: v, Array(d.values))
            // The first element in the order iteration and print give.
            case .first: return d.first.map { .wrapped(.tuple(TupleValue(labels: ["key", "value"], elements: [$0.key, $0.value]))) } ?? .nilValue
            case .description: return try describedProperty(v, debug: false, loc)
            case .debugDescription: return try describedProperty(v, debug: true, loc)
            default: break
            }
        case .range(let l, let u, let c):
            // A range always has l <= u; only its count can overflow (Swift traps on it).
            let empty = !c && l == u
            switch property {
            case .count:
                let d = u.subtractingReportingOverflow(l)
                if d.overflow || (c && d.partialValue == Int.max) { throw RuntimeError(TrapMessage.arithmeticOverflow, at: loc) }
                return .int(c ? d.partialValue + 1 : d.partialValue)
            case .isEmpty: return .bool(empty)
            case .lowerBound: return .int(l)
            case .upperBound: return .int(u)
            // A Range's indices are its values; a ClosedRange's are not Ints.
            case .startIndex, .endIndex, .indices:
                if c { throw RuntimeError(UnsupportedMessage.closedRangeIndex(property == .indices ? "indices" : property == .startIndex ? "startIndex" : "endIndex"), at: loc) }
                return property == .indices ? v : .int(property == .startIndex ? l : u)
            case .first: return empty ? .nilValue : .wrapped(.int(l))
            case .last: return empty ? .nilValue : .wrapped(.int(c ? u : u - 1))
            case .description: return try describedProperty(v, debug: false, loc)
            case .debugDescription: return try describedProperty(v, debug: true, loc)
            default: break
            }
        case .int(let i):
            if property == .description { return .string(String(i)) }
            if property == .magnitude { return .int(i.magnitude > UInt(Int.max) ? Int.max : Int(i.magnitude)) }
        case .double(let d):
            if property == .description { return .string(d.description) }
            if property == .debugDescription { return .string(d.debugDescription) }
            if let r = Self.floatingProperty(d, property, { .double($0) }) { return r }
        case .float(let f):
            if property == .description { return .string(f.description) }
            if property == .debugDescription { return .string(f.debugDescription) }
            if let r = Self.floatingProperty(f, property, { .float($0) }) { return r }
        case .bool(let b):
            if property == .description { return .string(b ? "true" : "false") }
        default: break
        }
        return nil
    }

    /// `description`/`debugDescription` of a standard value: the text `print`/`debugPrint`
    /// write for it (an array's elements as debugPrint writes them, script types qualified).
    private func describedProperty(_ v: Value, debug: Bool, _ loc: SourceLocation) throws -> Value {
        var text = ""
        try describeChecked(v, debug: debug, into: &text, loc)
        return .string(text)
    }

    /// `3.debugDescription`: an integer literal is an Int only where Int has the member;
    /// where Double has it and Int does not, swiftc makes the literal a Double ("3.0").
    func integerLiteralIsDouble(member name: String) -> Bool {
        guard StandardLibraryMembers.names["Int"]?.contains(name) == false, StandardLibraryMembers.names["Double"]?.contains(name) == true,
              protocols.builtinExtensions["Int"] == nil else { return false }
        return true
    }

    /// swiftc's "has no member" for a value, in its words for a tuple.
    func noSuchMember(_ v: Value, _ name: String, _ loc: SourceLocation) -> RuntimeError {
        if userTypeOfValue(v) == nil, !{ if case .type(.table) = v { return true }; return false }(), let p = standardExtensionDeclaring(name) {
            return RuntimeError(UnsupportedMessage.standardExtensionMemberOnSwiftType(member: name, protocolName: p, type: typeName(v)), at: loc)
        }
        if case .tuple = v { return RuntimeError(RuntimeMessage.tupleHasNoMember(type: typeName(v), member: name), at: loc) }
        if let standard = Self.standardTypeName(v) {
            if let text = StandardLibraryMemberData.unavailable[standard + "." + name] {
                return RuntimeError(RuntimeMessage.unavailable(text: text), at: loc)
            }
            if StandardLibraryMembers.names[standard]?.contains(name) == true {
                return RuntimeError(StandardMemberMessage(type: standard, member: name), at: loc)
            }
        }
        return RuntimeError(RuntimeMessage.valueHasNoMember(type: typeName(v), member: name), at: loc)
    }

    /// The standard type whose catalogue (StandardLibraryMembers) describes `v`'s members.
    private static func standardTypeName(_ v: Value) -> String? {
        switch v {
        case .int: return "Int"
        case .double: return "Double"
        case .float: return "Float"
        case .bool: return "Bool"
        case .string: return "String"
        case .array: return "Array"
        case .dictionary: return "Dictionary"
        case .set: return "Set"
        case .type(.builtin(let b)): return StandardLibraryMembers.names[b.name] != nil ? b.name : nil
        default: return nil
        }
    }

    // MARK: Optional chains: `a?.b.c`, `a?.f()`, `a?[i]`

    func hasChain(_ e: Expr) -> Bool {
        switch e.kind {
        case .optionalChain, .optionalSubscript, .optionalBind: return true
        case .member(let b, _), .subscriptAccess(let b, _), .forceUnwrap(let b): return hasChain(b)
        case .call(let c, _):
            if case .member(let b, _) = c.kind { return hasChain(b) }
            if case .optionalChain = c.kind { return true }
            return false
        default: return false
        }
    }

    func compileChainTop(_ e: Expr, _ scope: FnScope) -> Eval {
        let part = compileChainPart(e, scope)
        return { m in
            guard let v = try part(m) else { return .nilValue }
            switch v {
            case .wrapped, .nilValue: return v
            default: return .wrapped(v)
            }
        }
    }

    /// A path whose evaluation has no side effects: names, `self`, members, `?.` and `!`,
    /// and subscripts whose arguments are names or literals (`d["a"]`, `rows[i]`).
    func isPurePath(_ e: Expr) -> Bool {
        switch e.kind {
        case .identifier, .self: return true
        case .member(let b, _), .optionalChain(let b, _), .forceUnwrap(let b): return isPurePath(b)
        case .subscriptAccess(let b, let args), .optionalSubscript(let b, let args):
            return isPurePath(b) && args.allSatisfy { a in
                switch a.value.kind {
                case .integer, .boolean, .identifier, .implicitMember: return true
                case .string(let parts): return parts.allSatisfy { if case .text = $0 { true } else { false } }
                default: return false
                }
            }
        default: return false
        }
    }

    /// nil when the chain stopped at a nil.
    func compileChainPart(_ e: Expr, _ scope: FnScope) -> (Ctx) throws -> Value? {
        let loc = e.location
        guard hasChain(e) else {
            let ev = compileExpr(e, scope, expected: nil)
            return { m in try ev(m) }
        }
        switch e.kind {
        case .optionalChain(let b, let name):
            let bp = compileChainPart(b, scope)
            let cache = MemberCache(member: name)
            return { [core = Unretained(self)] m in
                guard let v = try bp(m) else { return nil }
                switch v {
                case .nilValue: return nil
                case .wrapped(let x): return try core.object.getMember(x, name, cache, loc, m)
                default: return try core.object.getMember(v, name, cache, loc, m)
                }
            }
        case .optionalBind(let b):
            // `w??.title`: the second `?` unwraps the Optional the first one's member is.
            let bp = compileChainPart(b, scope)
            return { m in
                guard let v = try bp(m) else { return nil }
                switch v {
                case .nilValue: return nil
                case .wrapped(let x): return x
                default: return v
                }
            }
        case .optionalSubscript(let b, let args):
            let bp = compileChainPart(b, scope)
            let get = compileSubscriptGet({ m in
                // The unwrapped base is stashed by the caller below.
                m.pointee.returnValue
            }, args, scope, loc)
            return { m in
                guard let v = try bp(m) else { return nil }
                var x = v
                switch v {
                case .nilValue: return nil
                case .wrapped(let w): x = w
                default: break
                }
                let saved = m.pointee.returnValue
                m.pointee.returnValue = x
                defer { m.pointee.returnValue = saved }
                return try get(m)
            }
        case .member(let b, let name):
            let bp = compileChainPart(b, scope)
            let cache = MemberCache(member: name)
            return { [core = Unretained(self)] m in
                guard let v = try bp(m) else { return nil }
                return try core.object.getMember(v, name, cache, loc, m)
            }
        case .forceUnwrap(let b):
            let bp = compileChainPart(b, scope)
            let failure = unwrapFailure(at: loc)
            return { m in
                guard let v = try bp(m) else { return nil }
                if case .wrapped(let x) = v { return x }
                if case .nilValue = v { throw RuntimeError(failure, at: loc) }
                return v
            }
        case .subscriptAccess(let b, let args):
            let bp = compileChainPart(b, scope)
            let get = compileSubscriptGet({ m in m.pointee.returnValue }, args, scope, loc)
            return { m in
                guard let v = try bp(m) else { return nil }
                let saved = m.pointee.returnValue
                m.pointee.returnValue = v
                defer { m.pointee.returnValue = saved }
                return try get(m)
            }
        case .call(let c, let args):
            return compileChainCall(c, args, scope, loc)
        default:
            let ev = compileExpr(e, scope, expected: nil)
            return { m in try ev(m) }
        }
    }

    /// A method call in an optional chain (`vm?.items.append(x)`, `cell?.configure(with: row)`).
    private func compileChainCall(_ c: Expr, _ args: [Argument], _ scope: FnScope, _ loc: SourceLocation) -> (Ctx) throws -> Value? {
        // `loader?.start { }` passes the closure as `then:`, as the call without `?` does.
        let args = trailingClosureLabels(c, args, scope) ?? args
        switch chainCallPlan(c, labels: args.map(\.label), scope) {
        case .optionalCall(let f):
            return compileOptionalCall(f, args, scope, loc)
        case .noMethod:
            return { _ in nil }
        case .mutatingInPlace(let b, let name, let optional):
            let bp = compileChainPart(b, scope)
            let (pushArgs, dispatch) = compileMethodCallOnValue(name, args, scope, loc)
            guard let lv = compileLValue(b, scope) else { preconditionFailure("planned on a place that compileLValue does not give") }
            return emitChainMutatingCall(b, lv, optional: optional, bp, pushArgs, dispatch)
        case .onValue(let b, let name):
            let bp = compileChainPart(b, scope)
            let (pushArgs, dispatch) = compileMethodCallOnValue(name, args, scope, loc)
            // `u.email?.split(separator: "@").last.map(String.init)`: no `?` before `map`, so
            // it is the Optional's `map` over what `last` gave (it mapped the Substring's
            // Characters: silently different).
            var optionalsOwn = name == "map" || name == "flatMap"
            if case .optionalChain = c.kind { optionalsOwn = false }
            return { m in
                guard var v = try bp(m) else { return nil }
                if case .wrapped(let x) = v, !optionalsOwn { v = x } else if case .nilValue = v { return nil }
                let argc = try pushArgs(m)
                return try dispatch(m, &v, argc, false, "function call returns immutable value")
            }
        }
    }

    /// A mutating method reached through the chain, run on the value where it lives.
    private func emitChainMutatingCall(_ b: Expr, _ lv: LValue, optional: Bool, _ bp: @escaping (Ctx) throws -> Value?,
                                       _ pushArgs: @escaping PushArgs, _ dispatch: @escaping Dispatch) -> (Ctx) throws -> Value? {
        var implicitlyUnwrapped = optional
        if !optional {
            switch b.kind {
            case .member(_, let last), .optionalChain(_, let last): implicitlyUnwrapped = implicitUnwrapping.names.contains(last)
            default: break
            }
        }
        return { [core = Unretained(self)] m in
            guard var v = try bp(m) else { return nil }
            if case .nilValue = v { return nil }
            // A reference (`delegate?.update()`) is called, not changed where it lives:
            // its variable's observers and exclusive access stay out of it.
            if optional, case .wrapped(let w) = v, !w.isValueTypeReceiver {
                var r = w
                let argc = try pushArgs(m)
                return try dispatch(m, &r, argc, false, "function call returns immutable value")
            }
            // A `T!` property: the chain reads it unwrapped; change it in place.
            var unwrapped: Bool = if case .wrapped = v { false } else { true }
            if implicitlyUnwrapped { unwrapped = true }
            // The value read must not share the storage the call changes: each
            // `o?.items.append(x)` copied the whole array while it was kept.
            v = .void
            let argc = try pushArgs(m)
            var result: Value? = nil
            try lv.modify(m) { x, im in
                if case .wrapped(let w) = x, w.isReferenceStep { core.object.steppedThroughReference = true }
                if x.isReferenceStep { core.object.steppedThroughReference = true }
                let reason = im?.reason ?? "function call returns immutable value"
                if unwrapped, case .wrapped = x {
                    _ = try x.withWrapped { inner in result = try dispatch(m, &inner, argc, im == nil, reason) }
                } else {
                    result = try dispatch(m, &x, argc, im == nil, reason)
                }
            }
            if result == nil { m.pop(argc) }
            return result
        }
    }
}

extension Value {
    /// A value a mutating method changes in its holder (not a reference to an object).
    /// A class instance or a host object: a modify path that reaches a member of one
    /// changes the object, not the property that holds it (`steppedThroughReference`).
    var isReferenceStep: Bool {
        switch self {
        case .type(.table(let inst)): return inst.type.kind == .class
        case .object: return true
        default: return false
        }
    }

    var isValueTypeReceiver: Bool {
        switch self {
        case .type, .object, .function, .box: return false
        default: return true
        }
    }
}

extension Value {
    /// The `count` of a String or Array held here, read in place; nil for anything else.
    @inline(__always) mutating func countInPlace() -> Int? {
        if let c = withString({ s in s.withUTF8 { u in asciiCharacterCount(u) } ?? s.count }) { return c }
        if case .array = self { return withArray { $0.count } }
        return nil
    }
}

/// `String.count` without grapheme breaking when every byte is ASCII other than CR (the
/// only ASCII pair that forms one Character).
@inline(__always) func characterCount(_ s: String) -> Int {
    var copy = s
    let ascii: Int? = copy.withUTF8 { u in asciiCharacterCount(u) }
    return ascii ?? s.count
}

/// The byte count of `u` when no byte is 0x80 or above or a CR; nil otherwise. Eight bytes
/// at a time: a word with a high bit set, or with a byte equal to 13, stops it (callgrind:
/// `action.count` was about 110 instructions for an 18-byte string a byte at a time).
func asciiCharacterCount(_ u: UnsafeBufferPointer<UInt8>) -> Int? {
    guard let base = u.baseAddress else { return 0 }
    let n = u.count
    let high: UInt64 = 0x8080_8080_8080_8080, ones: UInt64 = 0x0101_0101_0101_0101
    let cr: UInt64 = 0x0D0D_0D0D_0D0D_0D0D
    var i = 0
    while i + 8 <= n {
        let w = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
        let x = w ^ cr
        // A byte of `x` is zero exactly where `w` has a CR (the classic zero-byte test; its
        // false positives need a high bit in `w`, which stops the count anyway).
        if (w | ((x &- ones) & ~x)) & high != 0 { return nil }
        i += 8
    }
    if i < n, n >= 8 {
        // The last bytes: one more word, ending at the last byte (it overlaps bytes the
        // loop has passed, which passed the same test).
        let w = UnsafeRawPointer(base + (n - 8)).loadUnaligned(as: UInt64.self)
        let x = w ^ cr
        if (w | ((x &- ones) & ~x)) & high != 0 { return nil }
        return n
    }
    while i < n {
        let b = base[i]
        if b >= 0x80 || b == 13 { return nil }
        i += 1
    }
    return n
}

extension InterpreterCore {
    /// The per-case results of `var title: String { switch self { case .a: return "A" ... } }`
    /// when every case is listed and each returns a literal; nil otherwise (then the getter runs).
    func constantTable(_ t: UserType, _ slot: MethodSlot) -> [Value]? {
        if slot.constantTableChecked { return slot.constantTable }
        slot.constantTableChecked = true
        guard t.kind == .enum, let body = slot.getter, body.count == 1, case .switch(let sw) = body[0].kind,
              case .self = sw.subject.kind else { return nil }
        slot.constantTable = literalSwitchTable(sw, t, slot.type.map(resolveType))
        if slot.constantTable != nil { switchChecks.reportWarnings(sw, over: t) }
        return slot.constantTable
    }

    /// For a switch over an enum whose every case (listed, no guards) returns a literal: the
    /// results by case index. nil when the switch is anything else, or misses a case.
    func literalSwitchTable(_ sw: SwitchStmt, _ t: UserType, _ rt: RType?) -> [Value]? {
        guard t.kind == .enum else { return nil }
        var table = [Value?](repeating: nil, count: t.caseNames.count)
        for c in sw.cases {
            guard !c.isDefault, c.guardExpr == nil, c.body.count == 1 else { return nil }
            let e: Expr
            switch c.body[0].kind {
            case .return(let x?): e = x
            case .expression(let x): e = x
            default: return nil
            }
            switch e.kind {
            case .string(let segs):
                if segs.contains(where: { if case .interpolation = $0 { return true }; return false }) { return nil }
            case .integer, .double, .boolean, .implicitMember, .nil: break
            case .member(let b, _):
                guard case .identifier(let n) = b.kind, userType(n)?.kind == .enum else { return nil }
            default: return nil
            }
            guard let value = try? evaluateStandalone(e, selfType: nil, expected: rt) else { return nil }
            var checked = value
            if let rt {
                guard let c = coerce(value, to: rt) else { return nil }
                checked = c
            }
            for p in c.patterns {
                let name: String
                switch p.kind {
                case .enumCase(let tn, let n, nil) where tn == nil || tn == t.name: name = n
                case .expression(let pe):
                    if case .implicitMember(let n) = pe.kind { name = n } else { return nil }
                default: return nil
                }
                guard let ci = t.caseIndex[name] else { return nil }
                if table[Int(ci)] == nil { table[Int(ci)] = checked }
            }
        }
        guard table.allSatisfy({ $0 != nil }) else { return nil }
        return table.map { $0! }
    }


}

extension InterpreterCore {
    func isSequenceValue(_ v: Value) -> Bool {
        switch v {
        case .array, .string, .dictionary, .set, .range: return true
        case .object(let o): return o is ArraySliceObject || o is ReversedCollection
        default: return false
        }
    }
}

extension RuntimeError {
    /// A member read through an optional that was not unwrapped: swiftc places the error
    /// and its notes at the optional value, not at the member. Any other error, or one
    /// already placed by a call deeper down (it has a trace), is returned as it is.
    func pointingAtOptionalBase(_ baseLoc: SourceLocation) -> RuntimeError {
        guard diagnostic.trace.isEmpty, diagnostic.id == .optionalBaseNotUnwrapped else { return self }
        var e = self
        e.diagnostic.location = baseLoc
        for i in e.diagnostic.notes.indices { e.diagnostic.notes[i].location = baseLoc }
        return e
    }
}
