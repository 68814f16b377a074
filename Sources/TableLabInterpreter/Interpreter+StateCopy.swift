// A copy of everything a script can change (globals, captured variables, the stored
// properties of every table), so that the layer above can try something and put the
// state back: `tablelab lint` taps every row, each on the state the script left.

/// The values of a moment, to compare with later or to put back.
public struct InterpreterStateCopy {
    fileprivate var globals: [Value]
    /// Captured globals live in shared boxes: the box stays, its value is what changes.
    fileprivate var boxes: [(box: VarBox, value: Value)]
    fileprivate var tables: [(instance: TableInstance, fields: [Value])]
}

extension Interpreter {
    /// `roots`: values the layer above holds outside the script's variables (the
    /// view-controller instances on screen); the instances they reach are copied too.
    public func copyState(reaching roots: [Value] = []) -> InterpreterStateCopy {
        let m = core.machine.pointee
        var globals: [Value] = []
        var boxes: [(box: VarBox, value: Value)] = []
        for i in 0..<core.globalNames.count {
            let v = m.globals[i]
            globals.append(v)
            if case .box(let b) = v, b !== undefinedGlobal { boxes.append((b, b.value)) }
        }
        var tables = core.typeSlots.values.compactMap { $0.current?.instance }.map { ($0, $0.fields.values) }
        // The class instances reachable from all of it: their properties are state too.
        tables += core.reachableInstances(from: roots + globals + boxes.map(\.value) + tables.flatMap(\.1)).map { ($0, $0.fields.values) }
        return InterpreterStateCopy(globals: globals, boxes: boxes, tables: tables)
    }

    /// True when every global and every table property holds what it held in `copy`;
    /// with `ignoringNewGlobals`, globals declared since do not count as a change.
    public func stateUnchanged(since copy: InterpreterStateCopy, ignoringNewGlobals: Bool = false) -> Bool {
        let m = core.machine.pointee
        guard ignoringNewGlobals ? core.globalNames.count >= copy.globals.count
                                 : core.globalNames.count == copy.globals.count else { return false }
        for i in 0..<copy.globals.count {
            if case .box(let a) = copy.globals[i], case .box(let b) = m.globals[i] {
                if a !== b { return false }
                continue
            }
            if !(copy.globals[i] == m.globals[i]) { return false }
        }
        for (box, value) in copy.boxes where !(box.value == value) { return false }
        for (instance, fields) in copy.tables where !(instance.fields.values == fields) { return false }
        return true
    }

    /// Puts back what `copy` holds. Globals declared since are left as they are.
    public func restoreState(_ copy: InterpreterStateCopy) {
        let m = core.machine.pointee
        for i in 0..<min(copy.globals.count, core.globalNames.count) { m.globals[i] = copy.globals[i] }
        for (box, value) in copy.boxes { box.value = value }
        for (instance, fields) in copy.tables { instance.setFields(fields) }
    }
}
