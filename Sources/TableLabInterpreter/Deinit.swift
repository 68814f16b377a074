// `deinit { ... }` of a script class runs when the instance's last strong reference goes,
// as in Swift: at once, in the middle of whatever released it (an assignment, the end of a
// block or a call, a temporary dropped inside an expression).
//
// An instance is a `TableInstance`, so the host's own reference counting decides when it
// goes; its Swift `deinit` hands the fields to a stand-in instance (`deinitRan` set, so it
// never runs the code twice) and runs the class's `deinit` code on it, then each
// superclass's, as Swift does. What makes that safe in the middle of the interpreter:
// - a frame's slots are destroyed while `sp` is still above them (`destroySlots`, `pop`),
//   so the code's own frames are pushed above anything being torn down;
// - the machine's return value and captured environment are put back afterwards;
// - a trap inside it cannot unwind through the host's `deinit`: it waits in the machine and
//   is raised at the next step, or when the run ends (`Interpreter.guarded`);
// - while a trap unwinds (`Machine.trapping`), no `deinit` runs, as a Swift program that
//   traps runs none; nor while the interpreter itself goes away, as a Swift program ends
//   without destroying its globals; nor for an object whose failable or throwing
//   initializer gave up before every stored property had a value.
// Block-scoped locals end at their block's end (`compileBlock`), so that a `deinit` shows
// there and not at the function's end; that costs a closure per block, paid only once some
// class has a `deinit` with statements.

import TableLabSyntax

enum Deinits {
    // The interpreter whose instances run their `deinit` (`core`, `enter`, `leave`): Unsafe.swift.

    /// Called from an instance's host `deinit`: runs the script's `deinit` code of `type`
    /// and its superclasses on a stand-in holding `fields` (taken from the instance).
    static func run(_ type: UserType, _ fields: inout [Value], host: NativeObject?) {
        guard let core, !core.machine.pointee.trapping else { return }
        // An instance of an interpreter replaced since (`:reset`) has no code to run here.
        let id = Int(type.id)
        guard id < core.types.count, core.types[id] === type else { return }
        // An initializer that failed before every stored property had a value leaves an
        // object Swift frees without its `deinit`.
        for f in fields { if case .box(let b) = f, b === uninitializedField { return } }
        let standIn = TableInstance.make(type: type, fields: fields)
        fields = []
        standIn.host = host
        standIn.deinitRan = true
        core.runDeinit(on: standIn)
    }
}

extension InterpreterCore {
    /// Registers `c`'s `deinit` code as a method of `t` that no call can name.
    func declareDeinit(_ t: UserType, _ c: ClassDecl, _ info: ClassInfo) {
        t.runsDeinit = info.superclass?.runsDeinit ?? false
        guard let body = c.deinitBody, !body.isEmpty else { return }
        let f = FunctionDecl(name: "deinit", parameters: [], returnType: nil, body: body, location: c.deinitLocation)
        let slot = MethodSlot(decl: f)
        slot.owner = t
        slot.file = currentFile
        info.deinitSlot = slot
        t.runsDeinit = true
        classesHaveDeinit = true
    }

    func runDeinit(on instance: TableInstance) {
        let m = machine
        let savedReturn = m.pointee.returnValue, savedEnv = m.pointee.env
        defer { m.pointee.returnValue = savedReturn; m.pointee.env = savedEnv }
        var type: UserType? = instance.type
        while let t = type, let info = t.classInfo {
            if let slot = info.deinitSlot, let decl = slot.decl {
                let f = compiledMethod(t, slot, fullName: "deinit")
                m.push(.type(.table(instance)))
                var selfOut = Value.void
                do {
                    _ = try m.invokeMethod(f, argc: 1, location: decl.location, selfOut: &selfOut)
                } catch let e as RuntimeError {
                    if m.pointee.deinitError == nil { m.pointee.deinitError = e }
                    // The next step raises it.
                    m.pointee.nextCheck = m.pointee.steps
                    return
                } catch {
                    return
                }
            }
            type = info.superclass
        }
    }
}
