// Assignable paths (`x`, `a.b`, `a[i].b`, `self.x`, `a?.b`), mutated in place: each level
// takes its value out of its holder, so the copy-on-write storage below stays unique.

import TableLabSyntax
import TableLabExhaustiveness

/// Why a path cannot be changed: `'x' is a 'let' constant`, `'self' is immutable`.
/// A class, so that the `Immutability?` every write passes along is one pointer, nil for a
/// path that may change: a struct of strings made each write copy it through generic
/// Optional witnesses (a tenth of `list.append(x)`'s cost). Made once, when the path is
/// compiled, and not changed once handed out.
final class Immutability: Equatable {
    let reason: String
    let isProperty: Bool
    /// The `let` to change, for swiftc's note.
    var declaredAt: SourceLocation = .unknown
    /// A `private(set)` property written from outside its type (Access.swift): it holds
    /// for a class instance's property too, whatever holds the reference.
    var isAccess = false

    /// A non-mutating method's `func`, for swiftc's note about an immutable `self`.
    var markMutatingAt: SourceLocation = .unknown

    init(reason: String, isProperty: Bool, declaredAt: SourceLocation = .unknown) {
        self.reason = reason; self.isProperty = isProperty; self.declaredAt = declaredAt
    }

    static func == (a: Immutability, b: Immutability) -> Bool {
        a.reason == b.reason && a.isProperty == b.isProperty && a.declaredAt == b.declaredAt && a.isAccess == b.isAccess
            && a.markMutatingAt == b.markMutatingAt
    }

    var notes: [Diagnostic] {
        if markMutatingAt != .unknown { return [.note(NoteMessage.markMethodMutating, at: markMutatingAt)] }
        return declaredAt == .unknown ? [] : [.note(NoteMessage.changeLetToVar, at: declaredAt)]
    }
}

typealias ModifyBody = (inout Value, Immutability?) throws -> Void

struct LValue {
    let modify: (Ctx, ModifyBody) throws -> Void
    /// Known at compile time for the root (`let` locals and globals).
    let immutableReason: String?
    /// Where the root variable was declared, when known.
    var rootDeclaredAt: SourceLocation = .unknown
}

extension LValue {
    func modify(_ m: Ctx, _ body: (inout Value) throws -> Void) throws {
        try modify(m) { v, _ in try body(&v) }
    }
}

extension InterpreterCore {
    /// `exclusiveAt`: the path is the receiver of a mutating call made there that may run
    /// the script's code (a closure argument, a method): the root variable holds an access
    /// marker meanwhile, so that code touching it gets Swift's exclusivity error (Swift
    /// traps on it at run time) instead of a half-moved value.
    /// `storeOnly`: the path is the target of a plain `=`, so a computed property at its
    /// end is set without its getter being called first (Swift calls only the setter).
    func compileLValue(_ e: Expr, _ scope: FnScope, exclusiveAt: SourceLocation? = nil, storeOnly: Bool = false) -> LValue? {
        let lv = emitLValue(e, scope, exclusiveAt: exclusiveAt, storeOnly: storeOnly)
        // The selector plans by `denotesPlace`: the two must agree, or a plan would build
        // a path that is not there (or miss one that is).
        assert((lv != nil) == denotesPlace(e, scope), "denotesPlace disagrees with compileLValue at \(e.location)")
        return lv
    }

    private func emitLValue(_ e: Expr, _ scope: FnScope, exclusiveAt: SourceLocation?, storeOnly: Bool) -> LValue? {
        let loc = e.location
        let marker = exclusiveAt.map(accessMarker)
        if case .member(let b, let n) = e.kind, let u = implicitUnwrap(b, scope) {
            return compileLValue(Expr(.member(u, n), at: loc, range: e.range), scope, exclusiveAt: exclusiveAt, storeOnly: storeOnly)
        }
        if case .subscriptAccess(let b, let args) = e.kind, let u = implicitUnwrap(b, scope) {
            return compileLValue(Expr(.subscriptAccess(u, args), at: loc, range: e.range), scope, exclusiveAt: exclusiveAt, storeOnly: storeOnly)
        }
        switch e.kind {
        case .identifier(let name):
            return nameLValue(name, e, scope, exclusiveAt: exclusiveAt, loc, marker, storeOnly: storeOnly)
        case .shorthandParameter(let i):
            return compileShorthandLValue(i, scope, loc)
        case .self:
            return selfLValue(scope, exclusiveAt: exclusiveAt, loc, marker)
        case .member(let base, "self"):
            // `names.self` is `names`, the same storage (`names.self.append(x)` changes it).
            return compileLValue(base, scope, exclusiveAt: exclusiveAt, storeOnly: storeOnly)
        case .member(let base, let name):
            return memberLValue(base, name, scope, exclusiveAt: exclusiveAt, loc, marker, storeOnly: storeOnly)
        case .optionalChain(let base, let name):
            return optionalChainLValue(base, name, scope, exclusiveAt: exclusiveAt, loc, marker)
        case .forceUnwrap(let base):
            guard let parent = compileLValue(base, scope, exclusiveAt: exclusiveAt) else { return nil }
            let failure = unwrapFailure(at: loc)
            return LValue(modify: { m, body in
                try parent.modify(m) { v, im in
                    guard case .wrapped(var x) = v else {
                        if case .nilValue = v { throw RuntimeError(failure, at: loc) }
                        try body(&v, im); return
                    }
                    v = .void
                    defer { v = .wrapped(x) }
                    try body(&x, im)
                }
            }, immutableReason: parent.immutableReason)
        case .subscriptAccess(let base, let args):
            return subscriptLValue(base, args, scope, exclusiveAt: exclusiveAt, loc, marker)
        case .optionalSubscript(let base, let args):
            return optionalSubscriptLValue(base, args, scope, exclusiveAt: exclusiveAt, loc, marker)
        case .optionalBind(let base):
            return optionalBindLValue(base, scope, exclusiveAt: exclusiveAt)
        default:
            return nil
        }
    }

    /// Whether `compileLValue` gives `e` a path, answered from the tree and the scope
    /// without emitting anything (the selector's question: a fast path that changes a
    /// value where it lives needs one). Mirrors `compileLValue`'s cases, in its order.
    func denotesPlace(_ e: Expr, _ scope: FnScope) -> Bool {
        if case .member(let b, let n) = e.kind, n != "self", wouldImplicitlyUnwrap(b, scope) { return true }
        if case .subscriptAccess(let b, let args) = e.kind, wouldImplicitlyUnwrap(b, scope) {
            return subscriptDenotesPlace(Expr(.forceUnwrap(b), at: b.location, range: b.range), args, scope)
        }
        switch e.kind {
        case .identifier(let name):
            return nameDenotesPlace(name, scope)
        case .shorthandParameter(let i):
            return scope.shorthandSlots.indices.contains(i)
        case .self:
            if let t = scope.selfType, t.kind == .table { return true }
            if let t = scope.selfType, t.kind == .class, scope.isTopLevel, scope.findLocal("self") == nil { return true }
            return scope.findLocal("self") != nil || (scope.parent != nil && scope.findCapture("self") != nil)
        case .member(let base, "self"), .forceUnwrap(let base), .optionalBind(let base):
            return denotesPlace(base, scope)
        case .member(let base, let name):
            // Only a type's name whose member is no stored static or table field is none:
            // any other base is changed through its path, or refused as an rvalue there.
            guard case .identifier(let tn) = base.kind, scope.findLocal(tn) == nil, let t = userType(tn) ?? hostExtensionNamed(tn, scope) else {
                return true
            }
            return t.staticStored[name] != nil || (t.kind == .table && (t.lazyProperties[name] != nil || t.fieldIndex[name] != nil))
        case .optionalChain:
            return true
        case .subscriptAccess(let base, let args):
            return subscriptDenotesPlace(base, args, scope)
        case .optionalSubscript(let base, let args):
            return Self.isSideEffectFree(base) && subscriptDenotesPlace(Expr(.forceUnwrap(base), at: base.location, range: base.range), args, scope)
        default:
            return false
        }
    }

    /// A `static let`'s (global slot `g`) refusal of a write, as swiftc words it: a property.
    func staticLetImmutability(_ g: Int, _ name: String) -> Immutability? {
        guard globalIsLet[g] else { return nil }
        return Immutability(reason: "'\(name)' is a 'let' constant", isProperty: true, declaredAt: globalDeclLocations[g])
    }

    /// The script's extension of the host class a name spells (`UITableViewCell.hits` where
    /// `extension UITableViewCell { static var hits = 0 }`): its statics are places as a
    /// script type's are. Nil where the name is a variable.
    func hostExtensionNamed(_ tn: String, _ scope: FnScope) -> UserType? {
        guard scope.findCapture(tn) == nil, globalIndex[tn] == nil else { return nil }
        return hostExtensionHolder(tn)
    }

    private func nameDenotesPlace(_ name: String, _ scope: FnScope) -> Bool {
        if scope.findLocal(name) != nil { return true }
        if scope.parent != nil, scope.findCapture(name) != nil { return true }
        if let t = scope.selfType {
            if t.kind == .table, t.fieldIndex[name] != nil { return true }
            if t.fieldIndex[name] != nil || t.computed[name] != nil || t.lazyProperties[name] != nil
                || hostBaseHasMember(t, name), !scope.isStatic { return true }
            if t.staticStored[name] != nil { return true }
        }
        if userType(name) != nil { return false }
        return !(globalIndex[name] == nil && functionsByBase[name] != nil)
    }

    private func subscriptDenotesPlace(_ base: Expr, _ args: [Argument], _ scope: FnScope) -> Bool {
        if args.count == 1, args[0].label == "keyPath" { return true }
        let staticSubscript: Bool
        if case .identifier(let tn) = base.kind, scope.findLocal(tn) == nil, userType(tn) != nil { staticSubscript = true } else { staticSubscript = false }
        if !isBuiltinSubscriptShape(args) { return staticSubscript || denotesPlace(base, scope) }
        guard denotesPlace(base, scope) else { return declaresSubscripts && staticSubscript }
        return !args.isEmpty
    }

    /// `text?` as a place (`text? = "y"`, `value? += "b"`, `w??.title = t`): nothing happens
    /// when it is nil, else the wrapped value is changed where it lives, as `text!` does.
    private func optionalBindLValue(_ base: Expr, _ scope: FnScope, exclusiveAt: SourceLocation?) -> LValue? {
        guard let parent = compileLValue(base, scope, exclusiveAt: exclusiveAt) else { return nil }
        return LValue(modify: { m, body in
            try parent.modify(m) { v, im in
                guard case .wrapped(var x) = v else {
                    if case .nilValue = v { return }
                    try body(&v, im); return
                }
                v = .void
                defer { v = .wrapped(x) }
                try body(&x, im)
            }
        }, immutableReason: parent.immutableReason)
    }

    /// `list?[0]` as a place (`list?[0].append(9)`, `d?["a"]?.append(1)`: they were "function
    /// call returns immutable value"): nothing happens when the base is nil, else the element
    /// of the unwrapped base is changed where it lives. Only a base without side effects,
    /// which is read once more to learn whether it is nil.
    private func optionalSubscriptLValue(_ base: Expr, _ args: [Argument], _ scope: FnScope, exclusiveAt: SourceLocation?,
                                         _ loc: SourceLocation, _ marker: VarBox?) -> LValue? {
        guard Self.isSideEffectFree(base) else { return nil }
        let unwrapped = Expr(.forceUnwrap(base), at: base.location, range: base.range)
        guard let inner = subscriptLValue(unwrapped, args, scope, exclusiveAt: exclusiveAt, loc, marker) else { return nil }
        let read = compileExpr(base, scope, expected: nil)
        return LValue(modify: { m, body in
            if case .nilValue = try read(m) { return }
            try inner.modify(m, body)
        }, immutableReason: inner.immutableReason, rootDeclaredAt: inner.rootDeclaredAt)
    }

    /// Why a value computed by `e`, which is no place, cannot be changed, in swiftc's words:
    /// `'make' returns immutable value` for a call of a function named by itself, `function
    /// call returns immutable value` for any other call (an initializer, a method).
    func rvalueImmutability(_ e: Expr, _ scope: FnScope) -> Immutability {
        switch e.kind {
        case .call(let callee, _):
            if case .identifier(let n) = callee.kind, scope.findLocal(n) != nil || scope.findCapture(n) != nil || globalIndex[n] != nil
                || functionsByBase[n] != nil || scope.selfType?.methodsByBase[n] != nil {
                return Immutability(reason: "'\(n)' returns immutable value", isProperty: true)
            }
            return Immutability(reason: "function call returns immutable value", isProperty: true)
        case .forceUnwrap(let inner), .tryMark(_, let inner):
            return rvalueImmutability(inner, scope)
        case .ternary:
            return Immutability(reason: "result of conditional operator '? :' is never mutable", isProperty: true)
        default:
            return Immutability(reason: "value is immutable", isProperty: true)
        }
    }

    /// A path of names, members and literal subscripts: reading it twice changes nothing.
    static func isSideEffectFree(_ e: Expr) -> Bool {
        switch e.kind {
        case .identifier, .self: return true
        case .member(let b, _), .optionalChain(let b, _), .forceUnwrap(let b): return isSideEffectFree(b)
        case .subscriptAccess(let b, let args), .optionalSubscript(let b, let args):
            return isSideEffectFree(b) && args.allSatisfy { a in
                switch a.value.kind {
                case .integer, .identifier: return true
                case .string(let parts): return parts.allSatisfy { if case .text = $0 { true } else { false } }
                default: return false
                }
            }
        default: return false
        }
    }

    /// A name: a local, a captured variable, a field or static of `self`'s type, a global.
    private func nameLValue(_ name: String, _ e: Expr, _ scope: FnScope, exclusiveAt: SourceLocation?, _ loc: SourceLocation, _ marker: VarBox?,
                            storeOnly: Bool) -> LValue? {
        if let l = scope.findLocal(name) {
            return localNameLValue(name, l, e, scope, exclusiveAt: exclusiveAt, loc, marker, storeOnly: storeOnly)
        }
        if scope.parent != nil, let (i, l) = scope.findCapture(name) {
            if l.hasAccessors { return localAccessorsLValue(name, l, captureIndex: i, storeOnly: storeOnly, loc) }
            let strength = scope.captureListStrength(name)
            let im: Immutability? = l.isLet && strength == nil ? Immutability(reason: Self.localReason(name, l), isProperty: false) : nil
            let listEntry = strength == .unowned
            let lv = LValue(modify: { [core = Unretained(self)] m, body in
                let b = m.pointee.env[i]
                // A captured `weak var` of the enclosing function, or the closure's own `[weak x]`:
                // the write goes to that variable.
                if !listEntry, let r = core.object.referenceMarker(b.value) { try core.object.modifyReferenceSlot(&b.value, r, im, loc, body); return }
                // An `[unowned x]` capture: the body works on the referent (an immutable capture).
                if let x = try core.object.loadedReference(b.value, loc) {
                    var referent = x
                    try body(&referent, Immutability(reason: "'\(name)' is an immutable capture", isProperty: false))
                    return
                }
                try core.object.checkNotHeld(b.value, name, loc)
                if let marker { try core.object.holding(b, marker, im, body) } else { try body(&b.value, im) }
            }, immutableReason: im?.reason)
            return observedCapturedLValue(lv, name, l, scope, loc) ?? lv
        }
        if let t = scope.selfType {
            if t.kind == .table, scope.findCapture(name) == nil, let lv = observedTableFieldLValue(t, name, loc) { return lv }
            if let idx = t.fieldIndex[name], t.kind == .table {
                let im: Immutability? = t.fieldIsLet[idx] ? Immutability(reason: "'\(name)' is a 'let' constant", isProperty: true) : nil
                return LValue(modify: { [core = Unretained(self), t = Unretained(t)] m, body in
                    guard let inst = t.object.instance, idx < inst.fields.count else { throw RuntimeError(LookupMessage.cannotFindInScope(name), at: loc) }
                    try core.object.checkNotHeld(inst.fields[idx], name, loc)
                    if let marker { try core.object.holding(inst, idx, marker, im, body) } else { try body(&inst.fields[idx], im) }
                }, immutableReason: im?.reason)
            }
            if exclusiveAt == nil, let lv = classSelfFieldLValue(t, name, scope, loc, storeOnly: storeOnly) { return lv }
            if t.fieldIndex[name] != nil || t.computed[name] != nil || t.lazyProperties[name] != nil
                || hostBaseHasMember(t, name), !scope.isStatic {
                return compileLValue(Expr(.member(Expr(.self, at: loc), name), at: loc), scope, exclusiveAt: exclusiveAt, storeOnly: storeOnly)
            }
            if let g = t.staticStored[name] {
                let lv = LValue(modify: { [core = Unretained(self)] m, body in
                    try core.object.initializePendingStatic(g)
                    try core.object.checkNotHeld(m.pointee.globals[g], name, loc)
                    let im = core.object.staticLetImmutability(g, name)
                    if let marker { try core.object.holding(m.pointee.globals + g, marker, im, body) } else { try body(&m.pointee.globals[g], im) }
                }, immutableReason: staticLetImmutability(g, name)?.reason)
                if let o = globalObservers[g] { return observedGlobalLValue(lv, o, owner: t, loc) }
                return lv
            }
        }
        if userType(name) != nil { return nil }
        if globalIndex[name] == nil, functionsByBase[name] != nil { return nil }
        let g = globalSlot(name)
        // A receiver nothing declares (`Lookup.value(i)` in a method): swiftc's error before
        // the run, as for a name read (compileIdentifier).
        if scope.isTopLevel || recordingFunctionNames, unresolvedTopLevelNames != nil,
           globalDeclarations[g] == nil, !isDeclaredNow(name) {
            unresolvedTopLevelNames?.append((name, loc))
        }
        let lv = LValue(modify: { [core = Unretained(self)] m, body in
            let im: Immutability? = core.object.globalIsLet[g] ? Immutability(reason: "'\(name)' is a 'let' constant", isProperty: false, declaredAt: core.object.globalDeclLocations[g]) : nil
            if case .box(let b) = m.pointee.globals[g] {
                if b === undefinedGlobal {
                    // A mutating call's receiver (`URLSession.shared.invalidateAndCancel()`):
                    // an Apple framework's name is the host's refusal, as when it is read.
                    if let message = core.object.hosting.missingName?(name) { throw RuntimeError(message, at: loc) }
                    throw RuntimeError(LookupMessage.cannotFindInScope(name), at: loc)
                }
                if let c = core.object.computedGlobal(b) { try core.object.modifyComputedGlobal(m, c, name, loc, body); return }
                if let r = core.object.referenceMarker(m.pointee.globals[g]) {
                    try core.object.modifyReferenceSlot(&m.pointee.globals[g], r, im, loc, body)
                    return
                }
                throw core.object.accessConflict(b, name, loc)
            }
            if let marker { try core.object.holding(m.pointee.globals + g, marker, im, body) } else { try body(&m.pointee.globals[g], im) }
        }, immutableReason: globalIsLet[g] ? "'\(name)' is a 'let' constant" : nil)
        if let o = globalObservers[g] { return observedGlobalLValue(lv, o, owner: nil, loc) }
        return lv
    }

    /// swiftc's reason a local cannot change.
    static func localReason(_ name: String, _ l: Local) -> String {
        l.isCaseBodyCopy ? "'\(name)' is immutable" : "'\(name)' is a 'let' constant"
    }

    /// A local of the function: in its slot, in its box when a closure shares it, through
    /// its observers or accessors when it has them.
    private func localNameLValue(_ name: String, _ l: Local, _ e: Expr, _ scope: FnScope, exclusiveAt: SourceLocation?, _ loc: SourceLocation,
                                 _ marker: VarBox?, storeOnly: Bool) -> LValue? {
        if l.hasAccessors { return localAccessorsLValue(name, l, captureIndex: nil, storeOnly: storeOnly, loc) }
        let slot = l.slot
        let im: Immutability? = l.isLet ? Immutability(reason: Self.localReason(name, l), isProperty: false,
                                                        declaredAt: l.isCaseBodyCopy ? .unknown : l.location) : nil
        if l.boxed, let o = scope.observedLocals[slot] {
            var plain = scope.observedLocals
            plain[slot] = nil
            swap(&plain, &scope.observedLocals)
            defer { swap(&plain, &scope.observedLocals) }
            guard let lv = compileLValue(e, scope, exclusiveAt: exclusiveAt) else { return nil }
            return observedLocalLValue(lv, o, loc)
        }
        // A `var x: T` not yet set may be stored to; any other access is an error.
        let unsetStore = l.startsUnset && storeOnly
        if l.boxed {
            return LValue(modify: { [core = Unretained(self)] m, body in
                if case .box(let b) = m.pointee.fp[slot] {
                    if let r = core.object.referenceMarker(b.value) { try core.object.modifyReferenceSlot(&b.value, r, im, loc, body); return }
                    if !(unsetStore && b.value.isUnsetVarMarker) { try core.object.checkNotHeld(b.value, name, loc) }
                    if let marker { try core.object.holding(b, marker, im, body) } else { try body(&b.value, im) }
                } else { try body(&m.pointee.fp[slot], im) }
            }, immutableReason: im?.reason)
        }
        if l.startsUnset {
            return LValue(modify: { [core = Unretained(self)] m, body in
                let v = m.pointee.fp[slot]
                if !(unsetStore && v.isUnsetVarMarker) { try core.object.checkNotHeld(v, name, loc) }
                try body(&m.pointee.fp[slot], im)
            }, immutableReason: im?.reason)
        }
        return LValue(modify: { m, body in try body(&m.pointee.fp[slot], im) }, immutableReason: im?.reason)
    }

    /// `self`: a table, a top-level instance, the method's own `self`, or the enclosing method's in a closure.
    private func selfLValue(_ scope: FnScope, exclusiveAt: SourceLocation?, _ loc: SourceLocation, _ marker: VarBox?) -> LValue? {
        if let t = scope.selfType, t.kind == .table {
            return LValue(modify: { [t = Unretained(t)] _, body in
                guard let inst = t.object.instance else { throw RuntimeError(UnsupportedMessage.tableNotReady(t.object.name), at: loc) }
                var v = Value.type(.table(inst))
                try body(&v, nil)
            }, immutableReason: nil)
        }
        if let t = scope.selfType, t.kind == .class, scope.isTopLevel, scope.findLocal("self") == nil {
            let read = topLevelInstanceSelf(t, loc)
            return LValue(modify: { m, body in var v = try read(m); try body(&v, nil) }, immutableReason: nil)
        }
        if let l = scope.findLocal("self") {
            let slot = l.slot
            let im: Immutability? = l.isLet ? Immutability(reason: "'self' is immutable", isProperty: true) : nil
            im?.markMutatingAt = scope.methodLocation
            if l.boxed {
                // A mutating method whose closures share `self` (Declarations.swift).
                return LValue(modify: { m, body in
                    if case .box(let b) = m.pointee.fp[slot] { try body(&b.value, im) } else { try body(&m.pointee.fp[slot], im) }
                }, immutableReason: im?.reason)
            }
            return LValue(modify: { m, body in try body(&m.pointee.fp[slot], im) }, immutableReason: im?.reason)
        }
        // In a closure: the `self` of the enclosing method, shared when that method is
        // mutating (a boxed capture), else a copy that may not change (`'self' is immutable`).
        if scope.parent != nil, let (i, l) = scope.findCapture("self") {
            let im: Immutability? = l.isLet || !l.boxed ? Immutability(reason: "'self' is immutable", isProperty: true) : nil
            im?.markMutatingAt = scope.methodLocation
            return LValue(modify: { [core = Unretained(self)] m, body in
                // `[weak self]`, `[unowned self]`: the body works on the referent.
                if let x = try core.object.loadedReference(m.pointee.env[i].value, loc) {
                    var referent = x
                    try body(&referent, im)
                    return
                }
                try body(&m.pointee.env[i].value, im)
            }, immutableReason: im?.reason)
        }
        return nil
    }

    /// `super.name = v` where the superclass is the host's: its part of the instance takes it.
    private func hostSuperPropertyLValue(_ name: String, _ scope: FnScope, _ loc: SourceLocation, storeOnly: Bool) -> LValue {
        let selfRead = compileIdentifier("self", scope, loc)
        return LValue(modify: { [core = Unretained(self)] m, body in
            let h = try core.object.hostPartOfSuper(try selfRead(m), loc)
            var x = storeOnly ? Value.void : try RuntimeError.placingHostErrors(at: loc, { try h.member(name) }) ?? .void
            try body(&x, nil)
            if !(try RuntimeError.placingHostErrors(at: loc, { try h.setMember(name, x) })) {
                throw RuntimeError(AssignmentMessage.getOnlyProperty(name), at: loc)
            }
        }, immutableReason: nil)
    }

    /// The host's part of `self` that `super` names in a subclass of a host class.
    func hostPartOfSuper(_ me: Value, _ loc: SourceLocation) throws -> NativeObject {
        guard case .type(.table(let inst)) = me.unboxed, let h = hostBase(inst) else {
            throw RuntimeError(LookupMessage.cannotFindInScope("super"), at: loc)
        }
        return h
    }

    /// `base.name`: a static or a table's field by type name, else the member of the base's path.
    private func memberLValue(_ base: Expr, _ name: String, _ scope: FnScope, exclusiveAt: SourceLocation?, _ loc: SourceLocation, _ marker: VarBox?,
                              storeOnly: Bool) -> LValue? {
        if case .self = base.kind, exclusiveAt == nil, let t = scope.selfType,
           let lv = classSelfFieldLValue(t, name, scope, loc, storeOnly: storeOnly) { return lv }
        if superIsHost(base, scope) { return hostSuperPropertyLValue(name, scope, loc, storeOnly: storeOnly) }
        if case .identifier("super") = base.kind, scope.findLocal("super") == nil, !scope.isStatic, let t = scope.selfType,
           t.kind == .class, let sup = t.classInfo?.superclass,
           let lv = superPropertyLValue(sup, name, scope, loc, storeOnly: storeOnly) { return lv }
        if case .identifier(let tn) = base.kind, scope.findLocal(tn) == nil, let t = userType(tn) ?? hostExtensionNamed(tn, scope) {
            if let g = t.staticStored[name] {
                let lv = LValue(modify: { [core = Unretained(self)] m, body in
                    try core.object.initializePendingStatic(g)
                    try core.object.checkNotHeld(m.pointee.globals[g], "\(tn).\(name)", loc)
                    let im = core.object.staticLetImmutability(g, name)
                    if let marker { try core.object.holding(m.pointee.globals + g, marker, im, body) } else { try body(&m.pointee.globals[g], im) }
                }, immutableReason: staticLetImmutability(g, name)?.reason)
                if let o = globalObservers[g] { return observedGlobalLValue(lv, o, owner: t, loc) }
                return lv
            }
            if t.kind == .table, let lv = observedTableFieldLValue(t, name, loc) { return lv }
            if t.kind == .table, t.lazyProperties[name] != nil {
                return LValue(modify: { [core = Unretained(self), t = Unretained(t)] m, body in
                    guard let inst = t.object.instance else { throw RuntimeError(UnsupportedMessage.tableNotReady(tn), at: loc) }
                    var holder = Value.type(.table(inst))
                    try core.object.modifyMember(m, &holder, name, nil, loc, body)
                }, immutableReason: nil)
            }
            if t.kind == .table, let idx = t.fieldIndex[name] {
                return LValue(modify: { [core = Unretained(self), t = Unretained(t)] m, body in
                    guard let inst = t.object.instance, idx < inst.fields.count else { throw RuntimeError(RuntimeMessage.typeHasNoMember(type: tn, member: name), at: loc) }
                    try core.object.checkNotHeld(inst.fields[idx], "\(tn).\(name)", loc)
                    if let marker { try core.object.holding(inst, idx, marker, nil, body) } else { try body(&inst.fields[idx], nil) }
                }, immutableReason: nil)
            }
            return nil
        }
        // The member's host ID, kept from one change to the next (`label.text = x`).
        let site = HostMemberSite(name)
        guard let parent = compileLValue(base, scope, exclusiveAt: exclusiveAt) else {
            // A reference-typed base (a cell, a table) can be changed through an rvalue; a
            // value (`make().items`) cannot: its change would be lost, and swiftc refuses it.
            let b = compileExpr(base, scope, expected: nil)
            let from = scope.selfType, checksAccess = declaresPrivateSetters
            let rvalue = rvalueImmutability(base, scope)
            return LValue(modify: { [core = Unretained(self)] m, body in
                var v = try b(m)
                let im = checksAccess ? core.object.privateSetterImmutability(v, name, from: from) : nil
                try core.object.modifyMember(m, &v, name, im ?? (v.isValueTypeReceiver ? rvalue : nil), loc, body, storeOnly: storeOnly, site: site)
            }, immutableReason: nil)
        }
        if declaresPrivateSetters {
            let from = scope.selfType
            return LValue(modify: { [core = Unretained(self)] m, body in
                try parent.modify(m) { v, im in
                    try core.object.modifyMember(m, &v, name, core.object.privateSetterImmutability(v, name, from: from) ?? im, loc, body, storeOnly: storeOnly, site: site)
                }
            }, immutableReason: parent.immutableReason)
        }
        // The stored property's slot in the last instance type seen here, so `section.rows`
        // does not hash the name on every change.
        final class FieldCache { var type: UserType? = nil; var index = -1 }
        let cache = FieldCache()
        return LValue(modify: { [core = Unretained(self)] m, body in
            try parent.modify(m) { v, im in
                if case .type(.table(let inst)) = v {
                    if cache.type !== inst.type {
                        let t = inst.type
                        cache.type = t
                        cache.index = t.lazyProperties[name] == nil ? t.fieldIndex[name] ?? -1 : -1
                    }
                    let i = cache.index
                    if i >= 0, i < inst.fields.count {
                        try core.guaranteed { try $0.modifyInstanceField(m, &v, inst, i, name, im, loc, body) }
                        return
                    }
                }
                try core.object.modifyMember(m, &v, name, im, loc, body, storeOnly: storeOnly, site: site)
            }
        }, immutableReason: parent.immutableReason)
    }

    /// `base?.name`: changes nothing when the base is nil.
    private func optionalChainLValue(_ base: Expr, _ name: String, _ scope: FnScope, exclusiveAt: SourceLocation?, _ loc: SourceLocation, _ marker: VarBox?) -> LValue? {
        // The member's host ID, kept from one change to the next (`label.text = x`).
        let site = HostMemberSite(name)
        guard let parent = compileLValue(base, scope, exclusiveAt: exclusiveAt) else {
            let b = compileExpr(base, scope, expected: nil)
            let rvalue = rvalueImmutability(base, scope)
            return LValue(modify: { [core = Unretained(self)] m, body in
                var v = try b(m)
                if case .nilValue = v { return }
                if try v.withWrapped({ x in try core.object.modifyMember(m, &x, name, x.isValueTypeReceiver ? rvalue : nil, loc, body, site: site) }) != nil { return }
                try core.object.modifyMember(m, &v, name, v.isValueTypeReceiver ? rvalue : nil, loc, body, site: site)
            }, immutableReason: nil)
        }
        return LValue(modify: { [core = Unretained(self)] m, body in
            try parent.modify(m) { v, im in
                if case .nilValue = v { return }
                if try v.withWrapped({ x in try core.object.modifyMember(m, &x, name, im, loc, body, site: site) }) != nil { return }
                try core.object.modifyMember(m, &v, name, im, loc, body, site: site)
            }
        }, immutableReason: parent.immutableReason)
    }

    /// `base[i]`, `base[k, default: d]`, and declared subscripts.
    private func subscriptLValue(_ base: Expr, _ args: [Argument], _ scope: FnScope, exclusiveAt: SourceLocation?, _ loc: SourceLocation, _ marker: VarBox?) -> LValue? {
        // A key path is read as a closure (Parser+Expressions.swift) that knows its members.
        if args.count == 1, args[0].label == "keyPath" {
            let refused = RuntimeError(UnsupportedMessage.keyPathAssignment, at: loc)
            guard let parent = compileLValue(base, scope, exclusiveAt: exclusiveAt) else {
                return LValue(modify: { _, _ in throw refused }, immutableReason: nil)
            }
            let path = compileExpr(args[0].value, scope, expected: nil)
            return LValue(modify: { [core = Unretained(self)] m, body in
                guard case .function(let fv) = try path(m), let members = fv.code?.keyPathMembers, !members.isEmpty else { throw refused }
                try parent.modify(m) { v, im in try core.object.modifyKeyPath(m, &v, members[...], im, loc, body) }
            }, immutableReason: parent.immutableReason)
        }
        if !isBuiltinSubscriptShape(args) {
            return compileUserSubscriptLValue(compileLValue(base, scope, exclusiveAt: exclusiveAt), base, args, scope, loc)
        }
        guard let parent = compileLValue(base, scope, exclusiveAt: exclusiveAt) else {
            return declaresSubscripts ? compileUserSubscriptLValue(nil, base, args, scope, loc) : nil
        }
        guard let first = args.first else { return nil }
        // `counts[k, default: []]`: the dictionary's value type is the default's type (a Set);
        // its key type is the context of `d[.a(1)]`.
        var valueType: RType? = nil, keyType: RType? = nil
        if case .dictionary(let kt, let vt)? = resolvedType(of: base, scope) { keyType = kt; valueType = vt }
        let ie = compileExpr(first.value, scope, expected: keyType)
        let bracket = base.range.end
        let de: Eval? = args.count == 2 && args[1].label == "default" ? compileExpr(args[1].value, scope, expected: valueType) : nil
        return LValue(modify: { [core = Unretained(self)] m, body in
            let i = try ie(m)
            var d = try de?(m)
            if let valueType, let dv = d, let c = core.object.coerce(dv, to: valueType) { d = c }
            try parent.modify(m) { v, im in try core.object.modifySubscript(&v, i, d, im, loc, bracket: bracket, body) }
        }, immutableReason: parent.immutableReason)
    }

    // MARK: Exclusive access

    /// What a variable holds while a mutating call on it runs: the "previous access" of
    /// Swift's exclusivity error, located at the call (kept in the box as a range).
    func accessMarker(_ at: SourceLocation) -> VarBox {
        VarBox(.range(lower: at.line, upper: at.column, closed: false))
    }

    func accessConflict(_ marker: VarBox, _ name: String, _ loc: SourceLocation) -> RuntimeError {
        // Not a conflict: a deferred `let` read before it is set (DeferredLet.swift).
        if marker === unsetLetMarker { return RuntimeError(AssignmentMessage.constantUsedBeforeInitialized(name), at: loc) }
        // A read of an unset `var x: T` (DeferredLet.swift); a mutation through it is
        // swiftc's "passed by reference" (`x += 1`, `x.append(1)`), found where it runs.
        if marker === unsetVarMarker { return RuntimeError(AssignmentMessage.variableUsedBeforeInitialized(name), at: loc) }
        var notes: [Diagnostic] = []
        if case .range(let line, let column, _) = marker.value {
            notes.append(.note(NoteMessage.previousModificationHere, at: SourceLocation(line: line, column: column)))
        }
        return RuntimeError(TrapMessage.simultaneousAccesses(name), at: loc, notes: notes)
    }

    /// Throws when `v`, a variable's content, is the marker of a mutating call in progress.
    @inline(__always) func checkNotHeld(_ v: Value, _ name: String, _ loc: SourceLocation) throws {
        if case .box(let b) = v, b !== undefinedGlobal { throw accessConflict(b, name, loc) }
    }

    /// Runs `body` on the variable's value moved out, with the marker in its place; the
    /// value goes back however `body` ends, so what the call changed before failing stays.
    func holding(_ p: UnsafeMutablePointer<Value>, _ marker: VarBox, _ im: Immutability?, _ body: ModifyBody) throws {
        var v = p.move()
        p.initialize(to: .box(marker))
        defer { p.pointee = v }
        try body(&v, im)
    }

    func holding(_ b: VarBox, _ marker: VarBox, _ im: Immutability?, _ body: ModifyBody) throws {
        var v = Value.box(marker)
        swap(&v, &b.value)
        defer { b.value = v }
        try body(&v, im)
    }

    func holding(_ inst: TableInstance, _ i: Int, _ marker: VarBox, _ im: Immutability?, _ body: ModifyBody) throws {
        var v = Value.box(marker)
        swap(&v, &inst.fields[i])
        defer { inst.fields[i] = v }
        try body(&v, im)
    }

    /// The value a computed property's setter gets as `newValue`: of the property's type
    /// (`c.name = "n"` gives an `String?` property's setter `Optional("n")`).
    func setterArgument(_ x: Value, _ c: MethodSlot) -> Value {
        guard let ts = c.type, case .optional = resolveType(ts), !isOptionalValue(x), !x.isNil else { return x }
        return .wrapped(x)
    }

    /// A stored property of an instance (or a table's singleton), by slot: `v` holds `inst`.
    @inline(__always)
    func modifyInstanceField(_ m: Ctx, _ v: inout Value, _ inst: TableInstance, _ i: Int, _ name: String, _ im: Immutability?,
                             _ loc: SourceLocation, _ body: ModifyBody) throws {
        modifyEpoch &+= 1
        let epoch = modifyEpoch
        let accessIm = im?.isAccess == true ? im : nil
        if inst.type.kind == .class { steppedThroughReference = true }
        if !inst.type.observers.isEmpty, observerBypass == 0, let o = inst.type.observers[i], o.running == 0 {
            try modifyObservedField(m, &v, inst.type, i, o, accessIm, loc, body)
            return
        }
        if !inst.type.referenceFields.isEmpty, let strength = inst.type.referenceFields[i] {
            try modifyReferenceField(inst, i, strength, classFieldImmutability(inst, i, name) ?? accessIm, loc, body)
            return
        }
        let countBefore = arrayCount(inst.fields[i])
        try body(&inst.fields[i], classFieldImmutability(inst, i, name) ?? accessIm)
        if let ft = inst.type.fieldTypes[i], try !checkedOnlyAppended(&inst.fields[i], ft, epoch, countBefore, loc), !quickConforms(inst.fields[i], ft) {
            inst.fields[i] = try storedAs(inst.fields[i], ft, loc)
        }
    }

    /// Changes the value at the end of a key path's members (`\S.inner.n`), member by member.
    func modifyKeyPath(_ m: Ctx, _ v: inout Value, _ members: ArraySlice<String>, _ im: Immutability?, _ loc: SourceLocation,
                       _ body: ModifyBody) throws {
        guard let first = members.first else { try body(&v, im); return }
        try modifyMember(m, &v, first, im, loc) { x, im2 in try self.modifyKeyPath(m, &x, members.dropFirst(), im2, loc, body) }
    }

    /// `site` keeps the member's host ID for a compiled path; without it (a key path, an
    /// observer's step) a host object's member is found from the name.
    func modifyMember(_ m: Ctx, _ v: inout Value, _ name: String, _ im: Immutability?, _ loc: SourceLocation, _ body: ModifyBody,
                      storeOnly: Bool = false, site: HostMemberSite? = nil) throws {
        // A stored property and a tuple element are changed before the `switch v` below, not
        // in it: a switch keeps a copy of its subject until it ends, so the property's value
        // was shared while `body` changed it, and each `s.items.append(x)` copied the whole
        // array (40,000 appends to a struct's array took seconds).
        if case let (t, i)? = storedStructField(v, name) {
            try modifyStructField(m, &v, t, i, name, im, loc, body)
            return
        }
        if let idx = tupleElementIndex(v, name) {
            try v.withTuple { t in try body(&t.elements[idx], im) }
            return
        }
        // A struct or a tuple (above) is no reference; only the other values are tested.
        if v.isReferenceStep { steppedThroughReference = true }
        switch v {
        case .structValue(let s0):
            let t = s0.type
            if let c = t.computed[name], !c.isStatic {
                var x = Value.void
                if !storeOnly || c.setter == nil {
                    m.push(v)
                    x = try m.invoke(compiledMethod(t, c, fullName: name), argc: 1, location: loc)
                }
                if try passesThroughReference({ try body(&x, c.setterIsNonmutating ? nil : im) }) { return }
                guard let setter = compiledSetter(t, c, name: name) else {
                    throw RuntimeError(AssignmentMessage.getOnlyProperty(name), at: loc)
                }
                if c.setterIsNonmutating {
                    // Through a `let` too; `self` is not replaced.
                    m.push(setterArgument(x, c))
                    m.push(v)
                    var ignored = Value.void
                    _ = try m.invokeMethod(setter, argc: 2, location: loc, selfOut: &ignored)
                    return
                }
                if let im { throw RuntimeError(AssignmentMessage.cannotAssignToProperty(im.reason), at: loc) }
                x = setterArgument(x, c)
                m.push(x)
                m.push(moving: &v)
                _ = try m.invokeMethod(setter, argc: 2, location: loc, selfOut: &v)
                return
            }
            if let lp = t.lazyProperties[name] {
                // `items.append(x)` on a lazy property: its first value, then the change, stored.
                var x = try lazyRead(m, &v, name, im, loc)!
                try body(&x, im)
                if let lt = lp.type, !quickConforms(x, lt) { x = try storedAs(x, lt, loc) }
                _ = v.withStruct { $0.fields[lp.storage] = .wrapped(x) }
                return
            }
        case .type(.table(let inst)):
            if !inst.type.lazyProperties.isEmpty, let lp = inst.type.lazyProperties[name] {
                var holder = v
                var x = try lazyRead(m, &holder, name, nil, loc)!
                try body(&x, nil)
                if let lt = lp.type, !quickConforms(x, lt) { x = try storedAs(x, lt, loc) }
                inst.fields[lp.storage] = .wrapped(x)
                return
            }
            if let i = inst.type.fieldIndex[name], i < inst.fields.count {
                try modifyInstanceField(m, &v, inst, i, name, im, loc, body)
                return
            }
            if let c = inst.type.computed[name], !c.isStatic {
                // Through a reference: the property's getter, the change, then its setter
                // (a class's setter does not replace the reference).
                var x = Value.void
                if !storeOnly || c.setter == nil {
                    m.push(v)
                    x = try m.invoke(compiledMethod(inst.type, c, fullName: name), argc: 1, location: loc)
                }
                if try passesThroughReference({ try body(&x, im?.isAccess == true ? im : nil) }) { return }
                guard let setter = compiledSetter(inst.type, c, name: name) else {
                    throw RuntimeError(AssignmentMessage.getOnlyProperty(name), at: loc)
                }
                m.push(setterArgument(x, c))
                m.push(v)
                var ignored = Value.void
                _ = try m.invokeMethod(setter, argc: 2, location: loc, selfOut: &ignored)
                return
            }
            if inst.type.computed[name] == nil, try modifyHostBaseMember(inst, hostMemberID(site, name), loc, body) { return }
        case .object(let o):
            if try modifyObjectMember(o, hostMemberID(site, name), loc, body) { return }
        case .box(let b):
            try modifyMember(m, &b.value, name, im, loc, body, site: site)
            return
        case .wrapped(let w):
            throw RuntimeError(RuntimeMessage.optionalMustBeUnwrapped(optionalType: typeName(v), member: name, wrappedType: typeName(w)), at: loc)
        default: break
        }
        // Read-only built-in members (`count`) reached through a path: give the value. The
        // name is the path's, known when it was compiled, but its IDs are found here on each
        // reach: a path through a get-only built-in is rare, and no cache is kept for it.
        var x = try getMember(v, name, MemberCache(member: name), loc, m)
        try body(&x, Immutability(reason: "'\(name)' is a get-only property", isProperty: true))
    }

    /// The site's kept ID, else the name's. Not `site?.id ?? ...`: a debug build made the
    /// autoclosure and the optional's copies on every assignment.
    private func hostMemberID(_ site: HostMemberSite?, _ name: String) -> HostMemberID {
        if let site { return site.id }
        return HostMemberID(name)
    }

    /// The type and index of `v`'s stored property `name` when `v` is a struct. Not inlined:
    /// the copy of the struct it reads ends here, before the property is changed.
    @inline(never) private func storedStructField(_ v: Value, _ name: String) -> (UserType, Int)? {
        guard case .structValue(let s) = v, let i = s.type.fieldIndex[name], i < s.fields.count else { return nil }
        return (s.type, i)
    }

    /// The index of `v`'s element `name` (`0`, or a label) when `v` is a tuple.
    @inline(never) private func tupleElementIndex(_ v: Value, _ name: String) -> Int? {
        guard case .tuple(let t) = v else { return nil }
        var idx = Int(name)
        if idx == nil, let labels = t.labels { idx = labels.firstIndex(of: name) }
        guard let idx, idx < t.elements.count else { return nil }
        return idx
    }

    /// A `let` property that already has its value.
    @inline(never) private func structLetImmutability(_ v: Value, _ t: UserType, _ i: Int, _ name: String) -> Immutability? {
        guard t.fieldIsLet[i], case .structValue(let s) = v, !isUnsetField(s.fields[i], t, i) else { return nil }
        return Immutability(reason: "'\(name)' is a 'let' constant", isProperty: true, declaredAt: t.fieldLocations[i])
    }

    private func modifyStructField(_ m: Ctx, _ v: inout Value, _ t: UserType, _ i: Int, _ name: String, _ im: Immutability?,
                                   _ loc: SourceLocation, _ body: ModifyBody) throws {
        modifyEpoch &+= 1
        let epoch = modifyEpoch
        let fieldIm = im ?? structLetImmutability(v, t, i, name)
        if !t.observers.isEmpty, observerBypass == 0, let o = t.observers[i], o.running == 0 {
            try modifyObservedField(m, &v, t, i, o, fieldIm, loc, body)
            return
        }
        let ft = t.fieldTypes[i]
        try v.withStruct { s in
            let countBefore = self.arrayCount(s.fields[i])
            try body(&s.fields[i], fieldIm)
            if let ft, try !self.checkedOnlyAppended(&s.fields[i], ft, epoch, countBefore, loc), !self.quickConforms(s.fields[i], ft) {
                s.fields[i] = try self.storedAs(s.fields[i], ft, loc)
            }
        }
    }

    @inline(__always)
    /// A value stored into a property of type `t` (`self?.title = "x"` stores `Optional("x")`).
    func storedAs(_ v: Value, _ t: RType, _ loc: SourceLocation) throws -> Value {
        if let c = coerce(v, to: t) { return c }
        if let u = try implicitlyUnwrappedArgument(v, t, loc) { return u }
        if let e = optionalNotUnwrapped(v, t, at: loc) { throw e }
        throw typeMismatch(v, ConversionMessage.cannotAssignValue(type: typeName(v), to: t.description), at: loc)
    }

    func quickConforms(_ v: Value, _ t: RType) -> Bool {
        switch (v, t) {
        case (.int, .int), (.double, .double), (.string, .string), (.bool, .bool): return true
        case (.enumCase(let tid, _), .user(let s)): return s.currentID == tid
        case (.type(.table(let inst)), .user(let s)): return s.currentID == inst.type.id
        case (.array(let a), .array(.user(let s))):
            let id = s.currentID
            for x in a { guard case .enumCase(let tid, _) = x, tid == id else { return false } }
            return true
        default: return false
        }
    }

    /// `d[k]` (an optional) or `d[k, default: x]` changed by `body`. An existing entry's
    /// value is moved out while `body` changes it and put back in its place, as Swift's
    /// accessor changes it in place (also when `body` throws): a copy left in the
    /// dictionary would make each `groups[k, default: []].append(x)` copy the whole array.
    private func modifyEntry(_ d: inout ValueDictionary, _ k: Value, _ def: Value?, _ im: Immutability?, _ body: ModifyBody) throws {
        // Set to nil through the optional (`d[k]? = nil` aside, `d[k] = nil` inside a
        // mutation): removed once the entry is no longer being changed, also after a throw.
        var remove = false
        defer { if remove { d.removeValue(forKey: k) } }
        let found: Void? = try d.modifyExisting(k) { stored in
            if def != nil { try body(&stored, im); return }
            var x = Value.wrapped(stored)
            stored = .void
            defer {
                switch x {
                case .nilValue: remove = true
                case .wrapped(let w): stored = w
                default: stored = x
                }
            }
            try body(&x, im)
        }
        if found != nil { return }
        if let def {
            var x = def
            try body(&x, im)
            d[k] = x
            return
        }
        var x = Value.nilValue
        try body(&x, im)
        switch x {
        case .nilValue: break
        case .wrapped(let w): d[k] = w
        default: d[k] = x
        }
    }

    /// `bracket`: where swiftc reports a declared subscript's errors (its `[`).
    /// `storeOnly`: the body replaces the element (a plain `=`): a script's subscript is
    /// then set without its getter being called first, as Swift calls only the setter.
    func modifySubscript(_ v: inout Value, _ i: Value, _ def: Value?, _ im: Immutability?, _ loc: SourceLocation,
                         bracket: SourceLocation? = nil, storeOnly: Bool = false, _ body: ModifyBody) throws {
        if case .array(let a0) = v, case .int(let n) = i {
            let count = a0.count
            _ = consume a0
            if n < 0 || n >= count { throw RuntimeError(TrapMessage.indexOutOfRange, at: loc) }
            let epoch = modifyEpoch
            var elementCountBefore = -1
            try v.withArray { a in
                if a.isCompact {
                    // A plain case holds no storage to keep unique: the element is changed as
                    // a copy and stored back, so `a[i] = .b` keeps the compact form where an
                    // in-place access (`_modify`) would turn it into `[Value]`.
                    var x = a[n]
                    defer { a[n] = x }
                    try body(&x, im)
                    return
                }
                elementCountBefore = self.arrayCount(a[n])
                try body(&a[n], im)
            }
            noteElementAppend(v, n, epoch, elementCountBefore)
            return
        }
        if case .dictionary = v {
            try v.withDictionary { d in try self.modifyEntry(&d, i, def, im, body) }
            return
        }
        if case .box(let b) = v {
            try modifySubscript(&b.value, i, def, im, loc, body)
            return
        }
        if case .object(let s as ArraySliceObject) = v, s.viewName == nil, case .int(let n) = i {
            // A slice is immutable storage: the changed element makes a new slice (Sequences.swift).
            if n < s.startIndex || n >= s.endIndex { throw RuntimeError(TrapMessage.sliceIndexOutOfBounds, at: loc) }
            var elements = s.elements
            try body(&elements[n - s.startIndex], im)
            v = .object(ArraySliceObject(elements, startIndex: s.startIndex))
            return
        }
        if try modifyArraySubrange(&v, i, im, loc, body) { return }
        if declaresSubscripts, try modifyUserSubscript(machine, &v, def.map { [i, $0] } ?? [i], def == nil ? [nil] : [nil, "default"], im,
                                                       bracket ?? loc, storeOnly: storeOnly, body) {
            return
        }
        throw RuntimeError(AssignmentMessage.subscriptOfImmutableValue(typeName(v)), at: loc)
    }

    // MARK: Assignment statements

    /// Whether two pure expressions (names and integer literals) certainly denote the same value.
    func sameExpr(_ a: Expr, _ b: Expr) -> Bool {
        switch (a.kind, b.kind) {
        case (.identifier(let x), .identifier(let y)): return x == y
        case (.integer(let x), .integer(let y)): return x == y
        case (.member(let xb, let x), .member(let yb, let y)): return x == y && sameExpr(xb, yb)
        default: return false
        }
    }

    /// Assignment through any path, the value already evaluated.
    func compileAssignmentGeneral(_ lv: LValue, _ binop: BinaryOperator?, _ ev: @escaping Eval, _ targetType: RType?,
                                  _ loc: SourceLocation, _ valueLoc: SourceLocation, _ opAt: SourceLocation, _ target: Expr,
                                  initializedOnce: String? = nil, valueIsNilLiteral: Bool = false) -> (Ctx, Value) throws -> Flow {
        let declared = targetType
        let targetLoc = target.location
        let targetKind = target.kind
        return { [core = Unretained(self)] m, r in
            try lv.modify(m) { v, im in
                if let im {
                    // `x += 1`: swiftc's words for a compound assignment, at its operator.
                    if let binop {
                        // A script's `op=` whose left parameter is not inout mutates nothing.
                        if try core.object.scriptOperator(binop.rawValue + "=", v, r, loc) != nil { return }
                        throw RuntimeError(AssignmentMessage.mutatingOperatorOnImmutable(im.reason), at: opAt, notes: im.notes)
                    }
                    if let initializedOnce {
                        throw RuntimeError(AssignmentMessage.immutableInitializedTwice(initializedOnce),
                                           at: opAt, notes: im.notes)
                    }
                    let isPath: Bool
                    if case .identifier = targetKind { isPath = false } else { isPath = true }
                    throw RuntimeError(im.isProperty || isPath ? AssignmentMessage.cannotAssignToProperty(im.reason) : AssignmentMessage.cannotAssignToValue(im.reason), at: targetLoc, notes: im.notes)
                }
                guard let binop else {
                    if let declared {
                        guard let c = core.object.coerce(r, to: declared) else {
                            if valueIsNilLiteral { throw core.object.assignmentMismatch(r, declared, isNilLiteral: true, at: valueLoc) }
                            if let e = core.object.optionalNotUnwrapped(r, declared, at: valueLoc) { throw e }
                            throw RuntimeError(ConversionMessage.cannotAssignValue(type: core.object.typeName(r), to: declared.description), at: valueLoc)
                        }
                        v = c
                    } else if case .wrapped = v, !(r.isNil), !core.object.isOptionalValue(r) {
                        v = .wrapped(r)
                    } else if case .array = v, case .object(let rc as ReversedCollection) = r {
                        // A variable that holds an Array is one: Swift's `reversed()` gives it an Array.
                        v = .array(rc.elements)
                    } else {
                        Teardown.releaseChain(&v)
                        v = r
                    }
                    return
                }
                if binop == .add {
                    if case .int(let a) = v, case .int(let b) = r {
                        let (s, o) = a.addingReportingOverflow(b)
                        if o { throw RuntimeError(TrapMessage.arithmeticOverflow, at: loc) }
                        v = .int(s)
                        return
                    }
                    if case .double(let a) = v, case .double(let b) = r { v = .double(a + b); return }
                    if case .string(let b) = r, case .string(let a) = v {
                        try core.object.reserve(a.utf8.count &+ b.utf8.count, "a string of \(a.utf8.count &+ b.utf8.count) bytes", at: loc)
                        _ = consume a
                        _ = v.withString { $0 += b }
                        return
                    }
                    // `items += "x"` through `extension Array where Element == Item`'s own `+=`.
                    if case .array = v, core.object.declaresArrayAppendOperator,
                       try core.object.scriptCompoundOperator(binop, &v, r, loc, opAt: opAt) { return }
                    if case .array(let a) = v {
                        let more: [Value]
                        if case .array(let b) = r { more = b.values } else {
                            try core.object.checkAppendedElements(a, r, opAt: opAt)
                            more = try core.object.sequenceElements(r, loc)
                        }
                        try core.object.reserve(core.object.arrayBytes(a.count &+ more.count), "an array of \(a.count &+ more.count) elements", at: loc)
                        _ = consume a
                        _ = v.withArray { $0 += more }
                        return
                    }
                }
                // `x %= 2.0` where the declarations did not tell the type: swiftc's words, at the operator.
                if binop == .remainder, case .double = v {
                    let refusal = StandardLibraryInterface.floatingRemainderAssign(cgFloat: false)
                    throw RuntimeError(refusal.message, at: opAt, notes: refusal.notes)
                }
                if try core.object.scriptCompoundOperator(binop, &v, r, loc, opAt: opAt) { return }
                v = try core.object.arith(binop, v, r, loc)
            }
            return .normal
        }
    }

    func isOptionalValue(_ v: Value) -> Bool {
        if case .wrapped = v { return true }
        return false
    }

    /// The declared type of an assignment target when it is known at compile time.
    /// The declared key type of a dictionary, the context of `d[.a(1)]`.
    func dictionaryKeyType(of base: Expr, _ scope: FnScope) -> RType? {
        if case .dictionary(let k, _)? = resolvedType(of: base, scope) { return k }
        return nil
    }

    /// The declared type of a variable or a global-rooted member that an initializer only
    /// copies (`var x = es`, `let rows = model.rows`); nil for anything it computes.
    func copiedDeclaredType(_ e: Expr, _ scope: FnScope) -> RType? {
        switch e.kind {
        case .identifier: return resolvedType(of: e, scope)
        case .member(let base, let name):
            if let t = declaredType(ofGlobalRooted: e, scope) { return t }
            // `es.first`, `es.last` of a declared array.
            if name == "first" || name == "last", case .array(let element)? = resolvedType(of: base, scope) {
                return .optional(element)
            }
            // `Item.allCases` of a script enum: an Array of it.
            if name == "allCases", case .identifier(let n) = base.kind, scope.findLocal(n) == nil, let s = typeSlots[n],
               let t = s.current, t.kind == .enum, t.methodsByBase["allCases"] == nil, t.computed["allCases"] == nil,
               conformances(of: t).contains("CaseIterable") {
                return .array(.user(s))
            }
            return nil
        case .call(let callee, let args):
            return declaredResultType(callee, args, scope) ?? typedCallResult(e, callee, args, scope)
        default: return nil
        }
    }

    /// The type declarations give a call's result beyond the array methods above: a method
    /// of a script type (`model.makeRows()`, `Model.make()`), an initializer (`Model()`), `map`/`compactMap` whose
    /// closure's one expression has a type (`xs.map { E.a($0) }`), `xs.map(E.a)`, and a
    /// closure with a declared result called at once. `:type`'s typer, from declarations
    /// only; nil where a local it cannot see is involved.
    private func typedCallResult(_ call: Expr, _ callee: Expr, _ args: [Argument], _ scope: FnScope) -> RType? {
        // `{ () -> [E] in ... }()`
        if case .closure(let c) = callee.kind { return c.returnType.map(resolveType) }
        // `xs.map(E.a)`: a case with associated values as the function.
        if case .member(_, let name) = callee.kind, name == "map", args.count == 1, args[0].label == nil, case .member(let tb, let cn) = args[0].value.kind,
           case .identifier(let tn) = tb.kind, scope.findLocal(tn) == nil, let slot = typeSlots[tn], let t = slot.current,
           t.kind == .enum, let ci = t.caseIndex[cn], Int(ci) < t.casePayloads.count, t.casePayloads[Int(ci)] != nil {
            return .array(.user(slot))
        }
        var typer = StaticTyper(core: self, selfType: scope.selfType, selfInstance: nil)
        typer.declarationsOnly = true
        // The base's type from the scope (locals included), where the typer sees only globals.
        var root = callee
        while true {
            switch root.kind {
            case .member(let b, _), .subscriptAccess(let b, _), .call(let b, _): root = b; continue
            default: break
            }
            break
        }
        if case .identifier(let n) = root.kind, scope.findLocal(n) != nil {
            // A local closure called is not the typer's to tell.
            if case .identifier = callee.kind { return nil }
            guard let rt = resolvedType(of: root, scope), let syntax = StaticTyper.syntax(rt) else { return nil }
            typer.closureParameterNames[n] = syntax
        }
        // A closure argument naming a local of the function: its type is not the typer's to tell.
        for a in args where Self.namesLocal(a.value, scope) { return nil }
        guard let t = typer.type(of: call) else { return nil }
        let r = resolveType(t)
        if case .any = r { return nil }
        return r
    }

    /// Whether an expression (a closure's body included) names a local of the scope.
    private static func namesLocal(_ e: Expr, _ scope: FnScope) -> Bool {
        struct Names: SyntaxVisitor {
            var names = Set<String>()
            mutating func visit(_ node: Expr) -> SyntaxVisitorContinueKind {
                if case .identifier(let n) = node.kind { names.insert(n) }
                return .visitChildren
            }
        }
        var v = Names()
        v.walk(e)
        return v.names.contains { scope.findLocal($0) != nil }
    }

    /// The type Swift declares for a call's result where declarations alone tell it: a
    /// standard-library method of a declared array (`es.filter { ... }`, `es.first(where:)`,
    /// `es.removeLast()`), a script function (not generic) with a declared return type.
    private func declaredResultType(_ callee: Expr, _ args: [Argument], _ scope: FnScope) -> RType? {
        switch callee.kind {
        case .member(let base, let name):
            guard case .array(let element)? = resolvedType(of: base, scope) else { return nil }
            let labels = args.map(\.label)
            switch name {
            case "filter", "sorted", "shuffled": return .array(element)
            case "first" where labels == ["where"], "last" where labels == ["where"]: return .optional(element)
            case "randomElement", "popLast", "min", "max": return args.isEmpty ? .optional(element) : nil
            case "removeFirst", "removeLast": return args.isEmpty ? element : nil
            case "remove": return labels == ["at"] ? element : nil
            default: return nil
            }
        case .identifier(let name):
            // A local closure or function of that name is not the global function.
            guard scope.findLocal(name) == nil, let cells = functionsByBase[name], cells.count == 1,
                  let d = cells[0].decl, d.genericParameters.isEmpty, let r = d.returnType else { return nil }
            return resolveType(r)
        default: return nil
        }
    }
}

extension InterpreterCore {
    /// The static type the resolution gives a member's base, optionals unwrapped; nil where
    /// it gives none (or `Any`).
    func knownBaseType(_ base: Expr, _ scope: FnScope) -> RType? {
        var t = resolvedType(of: base, scope)
        while case .optional(let w)? = t { t = w }
        if case .any? = t { return nil }
        return t
    }

    /// The type declarations give an expression rooted at a global (`s.items`, not a
    /// local's member): StaticExpressionType.swift, as `:type` tells it.
    func declaredType(ofGlobalRooted e: Expr, _ scope: FnScope) -> RType? {
        var root = e
        while true {
            switch root.kind {
            case .member(let b, _), .subscriptAccess(let b, _): root = b; continue
            default: break
            }
            break
        }
        guard case .identifier(let n) = root.kind, scope.findLocal(n) == nil, scope.selfType?.fieldIndex[n] == nil,
              globalIndex[n] != nil else { return nil }
        var typer = StaticTyper(core: self, selfType: nil, selfInstance: nil)
        guard let t = typer.type(of: e), isPlainDeclaredType(t) else { return nil }
        return resolveType(t)
    }

    /// Collections and optionals of the script's types and Swift's basic ones: the types
    /// an assignment or an `append` checks its value against.
    private func isPlainDeclaredType(_ t: TypeSyntax) -> Bool {
        switch t {
        case .named(let n): return ["Int", "Double", "String", "Bool"].contains(n) || userType(n) != nil
        case .array(let e), .set(let e), .optional(let e): return isPlainDeclaredType(e)
        case .dictionary(let k, let v): return isPlainDeclaredType(k) && isPlainDeclaredType(v)
        default: return false
        }
    }
}

/// Both values are the same object (possibly wrapped in an Optional).
func sameObject(_ a: Value, _ b: Value) -> Bool {
    switch (a, b) {
    case (.object(let x), .object(let y)): return x === y
    case (.wrapped(let x), .wrapped(let y)): return sameObject(x, y)
    case (.type(.table(let x)), .type(.table(let y))): return x === y
    default: return false
    }
}
