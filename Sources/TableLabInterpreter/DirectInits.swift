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
    /// Made by the first construction that finds the class's initial fields (`plan`).
    var plan: ConstructionPlan? = nil
    init(argumentForField: [Int], stores: [(argument: Int, type: RType)]) {
        self.argumentForField = argumentForField; self.stores = stores
    }
}

/// What a direct construction of one class needs, read once: the initial fields with the
/// arguments' places, the arguments' quick checks (no `RType` copied per construction),
/// and whether the definite-initialization check can fail at all.
final class ConstructionPlan {
    /// The class it was made for (`UserType.serial`).
    let typeSerial: Int
    let fieldCount: Int
    /// Per field: the argument stored into it, or -1 for `initial`'s value. Buffers of the
    /// plan's own, not arrays: reading an array out of the plan retains its storage.
    let argumentForField: UnsafeMutableBufferPointer<Int>
    let initial: UnsafeMutableBufferPointer<Value>
    let checks: UnsafeMutableBufferPointer<StoreCheck>
    /// Every argument is stored exactly once: the arguments are moved into the fields.
    let movesArguments: Int?
    /// No field is left holding the uninitialized marker: `checkInitialized` cannot fail.
    let complete: Bool
    /// The framed path's function, for its frame limits (`frameWouldOverflow`); the
    /// chosen initializer that holds this plan holds it (Unsafe.swift's invariant).
    let function: Unretained<CompiledFunction>
    let bodyEnd: SourceLocation

    init(typeSerial: Int, argumentForField: [Int], initial: [Value], checks: [StoreCheck], movesArguments: Int?,
         complete: Bool, function: CompiledFunction, bodyEnd: SourceLocation) {
        self.typeSerial = typeSerial; fieldCount = initial.count
        self.argumentForField = .allocate(capacity: argumentForField.count)
        _ = self.argumentForField.initialize(from: argumentForField)
        self.initial = .allocate(capacity: initial.count)
        _ = self.initial.initialize(from: initial)
        self.checks = .allocate(capacity: checks.count)
        _ = self.checks.initialize(from: checks)
        self.movesArguments = movesArguments; self.complete = complete
        self.function = Unretained(function); self.bodyEnd = bodyEnd
    }

    deinit {
        argumentForField.deallocate()
        initial.deinitialize().deallocate()
        checks.deinitialize().deallocate()
    }
}

/// An argument's quick check against the declared type of the property it is stored into:
/// true when it certainly conforms unchanged (as `quickConforms`); false sends the
/// construction down the framed path, which checks or converts it.
struct StoreCheck {
    let argument: Int
    /// 0 never quick, 1 Int, 2 Double, 3 String, 4 Bool, 5 a value of the script type in
    /// `slot` (a plain case, or an instance), 6 an array of the script enum in `slot`.
    let kind: UInt8
    let slot: Unretained<TypeSlot>?

    init(argument: Int, type: RType) {
        self.argument = argument
        switch type {
        case .int: kind = 1; slot = nil
        case .double: kind = 2; slot = nil
        case .string: kind = 3; slot = nil
        case .bool: kind = 4; slot = nil
        case .user(let s): kind = 5; slot = Unretained(s)   // slots live as long as the interpreter
        case .array(.user(let s)): kind = 6; slot = Unretained(s)
        default: kind = 0; slot = nil
        }
    }

    @inline(__always) func accepts(_ v: Value) -> Bool {
        switch kind {
        case 1: if case .int = v { return true }; return false
        case 2: if case .double = v { return true }; return false
        case 3: if case .string = v { return true }; return false
        case 4: if case .bool = v { return true }; return false
        case 5:
            let id = slot!.guaranteed { $0.currentID }
            switch v {
            case .enumCase(let tid, _): return tid == id
            case .type(.table(let inst)): return inst.type.id == id
            default: return false
            }
        case 6:
            guard case .array(let a) = v else { return false }
            let id = slot!.guaranteed { $0.currentID }
            for x in a { guard case .enumCase(let tid, _) = x, tid == id else { return false } }
            return true
        default: return false
        }
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

    /// The plan for constructing `t` through `d`, once the class's initial fields exist.
    func constructionPlan(_ t: UserType, _ chosen: ChosenInit, _ d: DirectInit) -> ConstructionPlan? {
        if let p = d.plan, p.typeSerial == t.serial { return p }
        guard chosen.ci.owner === t, let info = t.classInfo, !info.hasComputedDefaults, let initial = info.initialFields,
              initial.count == d.argumentForField.count else { return nil }
        let argc = chosen.ci.decl.parameters.count
        var uses = [Int](repeating: 0, count: argc)
        for s in d.stores where s.argument < argc { uses[s.argument] += 1 }
        var complete = true
        for i in initial.indices where d.argumentForField[i] < 0 {
            if case .box(let b) = initial[i], b === uninitializedField { complete = false }
        }
        let mods = chosen.ci.mods
        let p = ConstructionPlan(typeSerial: t.serial, argumentForField: d.argumentForField, initial: initial,
                                 checks: d.stores.map { StoreCheck(argument: $0.argument, type: $0.type) },
                                 movesArguments: uses.allSatisfy { $0 == 1 } ? argc : nil, complete: complete,
                                 function: chosen.f, bodyEnd: mods.bodyEnd == .unknown ? chosen.ci.decl.location : mods.bodyEnd)
        d.plan = p
        return p
    }

    /// Constructs `t` through its direct initializer, the arguments the top `argc` stack
    /// slots (consumed); nil, with nothing done, when the framed path must run instead.
    func runDirectInit(_ m: Ctx, _ t: UserType, _ chosen: ChosenInit, _ d: DirectInit, _ argc: Int,
                       _ loc: SourceLocation) throws -> TableInstance? {
        guard let plan = constructionPlan(t, chosen, d) else { return nil }
        return try runPlannedInit(m, t, plan, argc, loc)
    }

    /// Constructs `t` by `plan` (made for `t`: the caller compared `typeSerial`).
    @inline(__always)
    func runPlannedInit(_ m: Ctx, _ t: UserType, _ plan: ConstructionPlan, _ argc: Int,
                        _ loc: SourceLocation) throws -> TableInstance? {
        // What can change between constructions: the class's observers and reference
        // properties, the frame limits.
        guard t.observers.isEmpty, t.referenceFields.isEmpty,
              !plan.function.guaranteed({ m.frameWouldOverflow($0, argumentsBelow: argc) }) else { return nil }
        let base = m.pointee.sp - argc
        for c in plan.checks where !c.accepts(base[c.argument]) { return nil }
        try m.step(loc)
        let n = plan.fieldCount
        let moves = plan.movesArguments == argc
        let args = plan.argumentForField, initial = plan.initial
        // The fields are built in the instance's own storage: no copy of the initial
        // fields, no array of their own.
        let inst = TableInstance.make(type: t, count: n) { p in
            for i in 0..<n {
                let a = args[i]
                if a < 0 {
                    (p + i).initialize(to: initial[i])
                } else if moves {
                    (p + i).moveInitialize(from: base + a, count: 1)
                } else {
                    (p + i).initialize(to: base[a])
                }
            }
        }
        if moves { m.pointee.sp -= argc } else { m.pop(argc) }
        if !plan.complete { try checkInitialized(inst, upTo: t.fieldNames.count, at: plan.bodyEnd) }
        return inst
    }
}
