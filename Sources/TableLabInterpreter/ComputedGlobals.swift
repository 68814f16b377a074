// A computed variable outside a type (`var total: Int { items.count }`, with or without a
// setter): every read runs its getter, every write its setter, as Swift does. Its slot
// holds a marker box of its own (like a static not yet initialised, Statics.swift), which
// the reads and writes of globals look up here. A local one is LocalAccessors.swift's.

import TableLabSyntax

/// A computed global's accessors, compiled on first use.
final class ComputedGlobal {
    let getter: FunctionDecl
    let setter: FunctionDecl?
    var compiledGetter: CompiledFunction?
    var compiledSetter: CompiledFunction?
    init(getter: FunctionDecl, setter: FunctionDecl?) { self.getter = getter; self.setter = setter }
}

extension InterpreterCore {
    /// Declares a computed global; nil when it cannot be one (no type, a local).
    func compileComputedGlobal(_ v: VariableDecl, _ scope: FnScope, keywordAt: SourceLocation) -> Exec? {
        guard scope.declaresGlobals, let name = v.name, let type = v.type, let body = v.getter else { return nil }
        let get = FunctionDecl(name: name, parameters: [], returnType: type, body: body, location: v.location)
        let set = v.setter.map { s in
            FunctionDecl(name: name, parameters: [Parameter(label: nil, name: s.parameterName, type: type, defaultValue: nil, location: v.location)],
                         returnType: nil, body: s.body, location: v.location)
        }
        let slot = globalSlot(name)
        journalGlobal(slot)
        let marker = VarBox(.void)
        computedGlobals[ObjectIdentifier(marker)] = ComputedGlobal(getter: get, setter: set)
        machine.pointee.globals[slot] = .box(marker)
        // A get-only one is refused when written, in swiftc's words (modifyComputedGlobal).
        globalIsLet[slot] = false
        globalTypes[slot] = resolveType(type)
        globalDeclarations[slot] = (v.type, nil)
        deferredGlobals.remove(slot)
        globalDeclLocations[slot] = keywordAt
        return { _ in .normal }
    }

    /// The computed global whose marker `b` is; nil for any other box.
    @inline(__always) func computedGlobal(_ b: VarBox) -> ComputedGlobal? {
        computedGlobals.isEmpty ? nil : computedGlobals[ObjectIdentifier(b)]
    }

    func readComputedGlobal(_ m: Ctx, _ c: ComputedGlobal, _ loc: SourceLocation) throws -> Value {
        if c.compiledGetter == nil { c.compiledGetter = compileFunction(c.getter, selfType: nil, isStaticContext: false, displayName: c.getter.name) }
        return try m.invoke(c.compiledGetter!, argc: 0, location: loc)
    }

    /// Runs `body` on the getter's value and gives the result to the setter (`total += 1`).
    func modifyComputedGlobal(_ m: Ctx, _ c: ComputedGlobal, _ name: String, _ loc: SourceLocation, _ body: ModifyBody) throws {
        guard let set = c.setter else {
            var v = try readComputedGlobal(m, c, loc)
            try body(&v, Immutability(reason: "'\(name)' is a get-only property", isProperty: false))
            return
        }
        var v = try readComputedGlobal(m, c, loc)
        if try passesThroughReference({ try body(&v, nil) }) { return }
        if c.compiledSetter == nil { c.compiledSetter = compileFunction(set, selfType: nil, isStaticContext: false, displayName: set.name) }
        m.push(v)
        _ = try m.invoke(c.compiledSetter!, argc: 1, location: loc)
    }
}
