// Class initializers made only of `self.x = parameter` stores (W6's `init(item:)`), run
// without a frame (issue 16). The choice is made once, when a construction's labels first
// choose the initializer (`ChosenInit.directInit`); each construction then checks what
// can change at run time (the class's observers, the arguments' types, the frame limits)
// and takes the framed path for anything else, which raises the errors. What the
// framed path would do and this one does too: a step, the arguments' checks (here: each
// argument already of the property's type), the stores, the definite-initialization check
// at the end of the body.

import TableLabSyntax

/// For each stored property of the class, the argument stored into it (-1: its initial
/// value), and the stores' declared types for the checks before any is made.
/// A class, not a struct: the construction site reads it from its cached `ChosenInit`, and
/// copying a struct of two arrays out of the optional retained both on every construction.
final class DirectInit {
    let argumentForField: [Int]
    let stores: [(argument: Int, type: RType)]
    init(argumentForField: [Int], stores: [(argument: Int, type: RType)]) {
        self.argumentForField = argumentForField; self.stores = stores
    }
}

extension InterpreterCore {
    /// The direct form of a chosen initializer, or nil when it has any other statement, a
    /// superclass (its `init` runs after the body) or a host superclass, is failable or a
    /// convenience initializer, or converts a parameter to a property of another type.
    func directInit(_ ci: ClassInit, _ f: CompiledFunction, direct: Bool) -> DirectInit? {
        let t = ci.owner
        guard direct, let info = t.classInfo, info.superclass == nil, info.hostSuperclass == nil,
              !ci.mods.isFailable, !ci.mods.isConvenience, !ci.callsSuperInit, !ci.callsSelfInit,
              ci.decl.genericParameters.isEmpty else { return nil }
        let params = ci.decl.parameters
        guard params.allSatisfy({ !$0.isInout && !$0.isVariadic && $0.defaultValue == nil }),
              f.paramTypes.count >= params.count else { return nil }
        var argumentForField = [Int](repeating: -1, count: t.fieldNames.count)
        var stores: [(argument: Int, type: RType)] = []
        for s in ci.decl.body {
            guard case .assignment(let target, .assign, let value) = s.kind, case .identifier(let p) = value.kind,
                  let a = params.firstIndex(where: { $0.name == p }) else { return nil }
            let name: String
            switch target.kind {
            case .member(let base, let n):
                guard case .self = base.kind else { return nil }
                name = n
            case .identifier(let n):
                // A parameter is a constant; the framed path has its error.
                guard !params.contains(where: { $0.name == n }) else { return nil }
                name = n
            default: return nil
            }
            // A `let` with a default is set already: a store is swiftc's error.
            guard let i = t.fieldIndex[name], i < argumentForField.count, argumentForField[i] < 0,
                  t.lazyProperties[name] == nil, t.computed[name] == nil, let ft = t.fieldTypes[i],
                  let pt = f.paramTypes[a], pt.description == ft.description,
                  !(t.fieldIsLet[i] && t.fieldDefaults[i] != nil) else { return nil }
            argumentForField[i] = a
            stores.append((a, ft))
        }
        return DirectInit(argumentForField: argumentForField, stores: stores)
    }

    /// Constructs `t` through its direct initializer, the arguments the top `argc` stack
    /// slots (consumed); nil, with nothing done, when the framed path must run instead.
    func runDirectInit(_ m: Ctx, _ t: UserType, _ chosen: ChosenInit, _ d: DirectInit, _ argc: Int,
                       _ loc: SourceLocation) throws -> TableInstance? {
        guard chosen.ci.owner === t, t.observers.isEmpty, t.referenceFields.isEmpty, let info = t.classInfo, !info.hasComputedDefaults,
              let initial = info.initialFields, initial.count == d.argumentForField.count,
              !m.frameWouldOverflow(chosen.f, argumentsBelow: argc) else { return nil }
        let base = m.pointee.sp - argc
        let conforms = d.stores.withUnsafeBufferPointer { stores in
            for k in stores.indices where !quickConforms(base[stores[k].argument], stores[k].type) { return false }
            return true
        }
        guard conforms else { return nil }
        try m.step(loc)
        // A new array rather than a copy of `initial` changed in place: the copy-on-write
        // copy of the shared initial fields was the dearest part of a construction.
        var fields: [Value] = []
        fields.reserveCapacity(initial.count)
        for i in 0..<initial.count {
            let a = d.argumentForField[i]
            fields.append(a >= 0 ? base[a] : initial[i])
        }
        m.pop(argc)
        let inst = TableInstance(type: t, fields: fields)
        let mods = chosen.ci.mods
        try checkInitialized(inst, upTo: t.fieldNames.count, at: mods.bodyEnd == .unknown ? chosen.ci.decl.location : mods.bodyEnd)
        return inst
    }
}
