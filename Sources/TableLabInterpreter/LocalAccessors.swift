// A computed variable declared in a function (`var total: Int { a + b }`, with or without
// a setter) and a local `lazy var`: Swift runs the getter at every read, the setter at
// every write, and a lazy variable's initializer at its first read (never, when it is
// written first). The accessors are closures of the enclosing function, made when the
// declaration runs; the local's slot holds them (`LocalAccessors`) and the reads and
// writes of a local the scope marks `hasAccessors` go through them (Expressions.swift's
// `compileIdentifier`, LValues.swift's `nameLValue`), captured or not.

import TableLabSyntax

/// The accessors of one execution of a local computed or lazy variable's declaration.
final class LocalAccessors: NativeObject {
    /// The getter, or a lazy variable's initializer.
    let getter: FunctionValue
    let setter: FunctionValue?
    let isLazy: Bool
    /// A lazy variable's value, once read or written.
    var stored: Value?
    init(getter: FunctionValue, setter: FunctionValue?, isLazy: Bool) {
        self.getter = getter; self.setter = setter; self.isLazy = isLazy
    }
    override var typeName: String { isLazy ? "lazy var" : "computed var" }
}

extension InterpreterCore {
    /// Declares `v` (a local with a getter, or a local `lazy var`) and makes its accessors
    /// when the declaration runs; nil when `v` is neither.
    func compileLocalAccessors(_ v: VariableDecl, _ scope: FnScope, keywordAt: SourceLocation) -> Exec? {
        guard !scope.declaresGlobals, let name = v.name, v.getter != nil || (v.isLazy && v.initializer != nil) else { return nil }
        let loc = v.location
        let typeSyntax = v.type
        if typeSyntax == nil, v.getter != nil { return failing(DeclarationMessage.computedPropertyNeedsType, loc) }
        let type = typeSyntax.map(resolveType)
        let getterBody: [Stmt]
        if let g = v.getter {
            getterBody = g
        } else {
            let e = v.initializer!
            getterBody = [Stmt(.return(e), at: e.location)]
        }
        let getter = ClosureExpr(parameters: [], returnType: typeSyntax, body: getterBody, shorthandParameterCount: 0)
        let getterEval = compileExpr(Expr(.closure(getter), at: loc), scope, expected: nil)
        let setterEval: Eval? = v.setter.map { s in
            let p = Parameter(label: nil, name: s.parameterName, type: typeSyntax!, defaultValue: nil, location: loc)
            let c = ClosureExpr(parameters: [p], returnType: nil, body: s.body, shorthandParameterCount: 0)
            return compileExpr(Expr(.closure(c), at: loc), scope, expected: nil)
        }
        let isLazy = v.getter == nil
        // Declared after its accessors: a getter naming the variable itself finds what
        // Swift's would (an outer one), never its own storage.
        let local = scope.declare(name, isLet: !isLazy && v.setter == nil, type: type, at: keywordAt, binding: v.pattern.location)
        scope.blocks[scope.blocks.count - 1][name]?.hasAccessors = true
        let slot = local.slot
        let boxed = local.boxed
        return { m in
            guard case .function(let g) = try getterEval(m) else { return .normal }
            var set: FunctionValue? = nil
            if let setterEval, case .function(let s) = try setterEval(m) { set = s }
            let acc = Value.object(LocalAccessors(getter: g, setter: set, isLazy: isLazy))
            m.pointee.fp[slot] = boxed ? .box(VarBox(acc)) : acc
            return .normal
        }
    }

    /// The accessors a slot of a `hasAccessors` local holds (boxed when captured).
    @inline(__always) func localAccessors(_ v: Value) -> LocalAccessors? {
        switch v {
        case .object(let o): return o as? LocalAccessors
        case .box(let b): if case .object(let o) = b.value { return o as? LocalAccessors }; return nil
        default: return nil
        }
    }

    func readLocalAccessors(_ m: Ctx, _ slotValue: Value, _ name: String, _ loc: SourceLocation) throws -> Value {
        guard let a = localAccessors(slotValue) else { throw cannotFind(name, at: loc) }
        if a.isLazy, let s = a.stored { return s }
        let v = try m.callValue(a.getter, [], location: loc)
        if a.isLazy {
            // The initializer may have assigned the variable itself; Swift then keeps what
            // the initializer returned, as it stores it last.
            a.stored = v
        }
        return v
    }

    /// A read of a local computed or lazy variable, in the function or captured.
    func localAccessorsRead(_ name: String, _ l: Local, captureIndex: Int?, _ loc: SourceLocation) -> Eval {
        let slot = l.slot
        if let i = captureIndex {
            return { [core = Unretained(self)] m in try core.object.readLocalAccessors(m, m.pointee.env[i].value, name, loc) }
        }
        return { [core = Unretained(self)] m in try core.object.readLocalAccessors(m, m.pointee.fp[slot], name, loc) }
    }

    /// A write of a local computed or lazy variable: the getter's value, changed by `body`,
    /// given to the setter; a get-only one is immutable, in swiftc's words.
    /// `storeOnly` (the target of a plain `=`): the getter does not run, nor a lazy
    /// variable's initializer.
    func localAccessorsLValue(_ name: String, _ l: Local, captureIndex: Int?, storeOnly: Bool, _ loc: SourceLocation) -> LValue {
        let slot = l.slot
        let getOnly = l.isLet ? Immutability(reason: "'\(name)' is a get-only property", isProperty: false) : nil
        return LValue(modify: { [core = Unretained(self)] m, body in
            let slotValue = captureIndex.map { m.pointee.env[$0].value } ?? m.pointee.fp[slot]
            guard let a = core.object.localAccessors(slotValue) else { throw core.object.cannotFind(name, at: loc) }
            if a.isLazy {
                var v = Value.void
                if !storeOnly { v = try core.object.readLocalAccessors(m, slotValue, name, loc) }
                defer { a.stored = v }
                try body(&v, nil)
                return
            }
            guard let set = a.setter else {
                var v = try m.callValue(a.getter, [], location: loc)
                try body(&v, getOnly)
                return
            }
            var v = Value.void
            if !storeOnly { v = try m.callValue(a.getter, [], location: loc) }
            if try core.object.passesThroughReference({ try body(&v, nil) }) { return }
            _ = try m.callValue(set, [v], location: loc)
        }, immutableReason: getOnly?.reason)
    }
}
