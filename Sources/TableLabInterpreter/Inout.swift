// `inout` parameters and `&` arguments, with Swift's copy-in copy-out semantics.
//
// The caller moves the value out of its place (an `LValue`) into a fresh `VarBox` and
// passes `.box(box)`; the callee declares every inout parameter as a boxed local, so its
// reads and writes go through the box (closures inside share it, as Swift's non-escaping
// closures do). When the call ends, however it ends (a `throw` included), the box's value
// goes back to the place: through the same `LValue`, so a computed property's setter and
// a property's observers run then, as Swift calls them. While the call runs, a global
// (or captured variable, or a table's property) passed `&` holds the access marker of
// LValues.swift: code in the callee that touches it gets Swift's run-time exclusivity
// error. Overlapping accesses Swift rejects when compiling (`swap(&a[0], &a[1])`) are
// errors before anything runs.

import TableLabSyntax
import TableLabExhaustiveness

extension InterpreterCore {
    /// The name of the hidden local holding an argument's box; no Swift identifier starts with `&`.
    static func hiddenInoutName(_ k: Int, _ at: SourceLocation) -> String { "&\(k)@\(at.line):\(at.column)" }

    /// `&x` where x is a place the call has already boxed (see `compileInoutCall`).
    func isBoxedInoutArgument(_ e: Expr) -> Bool {
        if case .unary(.inoutArgument, let x) = e.kind, case .identifier(let n) = x.kind, n.hasPrefix("&") { return true }
        return false
    }

    /// Whether a call has a `&` argument still to be boxed.
    func hasInoutArgument(_ args: [Argument]) -> Bool {
        args.contains { a in
            if case .unary(.inoutArgument, _) = a.value.kind { return !isBoxedInoutArgument(a.value) }
            return false
        }
    }

    func inoutWithoutAmpersand(_ v: Value, _ at: SourceLocation) -> RuntimeError {
        RuntimeError(AssignmentMessage.inoutWithoutAmpersand(typeName(v)), at: at)
    }

    /// `&x` compiled as an expression: the box of an argument being passed, or swiftc's error.
    func compileInoutOperand(_ x: Expr, _ scope: FnScope, _ loc: SourceLocation) -> Eval {
        if case .identifier(let n) = x.kind, n.hasPrefix("&"), let l = scope.findLocal(n) {
            let slot = l.slot
            return { m in m.pointee.fp[slot] }
        }
        return { _ in throw RuntimeError(AssignmentMessage.ampersandOutsideArgument, at: loc) }
    }

    /// The `&` and missing-`&` errors of a call to a function whose declaration is known:
    /// `map[p]` is the argument index of parameter `p` (nil: its default); `callAt`: where
    /// the call starts (swiftc's place for a literal given to an inout parameter).
    func inoutArgumentMismatch(_ params: [Parameter], _ map: [Int?], _ args: [Argument], _ scope: FnScope,
                               callAt: SourceLocation) -> Eval? {
        for (p, ai) in map.enumerated() {
            guard let ai, p < params.count else { continue }
            let a = args[ai].value
            var isAmp = false
            if case .unary(.inoutArgument, _) = a.kind { isAmp = true }
            if params[p].isInout, !isAmp {
                switch a.kind {
                case .integer, .double, .string, .boolean, .nil, .array, .dictionary:
                    return { _ in throw RuntimeError(AssignmentMessage.immutableInout("literals are not mutable"), at: callAt) }
                default: break
                }
                let ev = compileExpr(a, scope, expected: nil)
                let at = a.location
                return { [core = Unretained(self)] m in
                    let v = try ev(m)
                    throw RuntimeError(AssignmentMessage.inoutWithoutAmpersand(core.object.typeName(v)), at: at)
                }
            }
            if !params[p].isInout, isAmp {
                let t = params[p].type.map { resolveType($0).description } ?? "Any"
                let at = a.location
                return { _ in throw RuntimeError(AssignmentMessage.ampersandNonInout(t), at: at) }
            }
        }
        return nil
    }

    /// `arr.append(&x)`, `Row(title: &t)`: '&' where no declaration the call may reach takes
    /// that argument inout (a built-in method, a constructor). Global functions are checked
    /// where they are resolved; calls of function values are not known here.
    func ampersandWithoutInout(_ callee: Expr, _ args: [Argument], _ amps: [Int], _ scope: FnScope) -> Eval? {
        switch callee.kind {
        case .member(_, let name):
            if types.contains(where: { $0.fieldIndex[name] != nil }) { return nil }
            // Foundation's pointer parameters (`scanHexInt64(&v)`), which no script declaration shadows.
            if ScannerObject.pointerMethods.contains(name), parameterDeclarations(callee, scope).isEmpty { return nil }
        case .identifier(let name):
            guard scope.findLocal(name) == nil, userType(name) != nil else { return nil }
        default: return nil
        }
        let labels = args.map(\.label)
        for params in parameterDeclarations(callee, scope) {
            guard case .success(let map) = matchArguments(params.map { ($0.label, $0.defaultValue != nil) }, labels) else { continue }
            if amps.allSatisfy({ ai in map.firstIndex(of: ai).map { params[$0].isInout } ?? false }) { return nil }
        }
        guard let first = amps.first, case .unary(.inoutArgument, let target) = args[first].value.kind else { return nil }
        let ev = compileExpr(target, scope, expected: nil)
        let at = args[first].value.location
        return { [core = Unretained(self)] m in
            let v = try ev(m)
            throw RuntimeError(AssignmentMessage.ampersandNonInout(core.object.typeName(v)), at: at)
        }
    }

    /// The stored path of a `&` argument: its root variable and the steps from it (a
    /// property name, or nil for a subscript); nil when it is not a plain path.
    func inoutAccessPath(_ e: Expr, _ scope: FnScope) -> (root: String, steps: [String?])? {
        switch e.kind {
        case .identifier(let n):
            if scope.findLocal(n) == nil, scope.findCapture(n) == nil, let t = scope.selfType, t.fieldIndex[n] != nil, !scope.isStatic {
                return ("self", [n])
            }
            return (n, [])
        case .self: return ("self", [])
        case .member(let b, let n), .optionalChain(let b, let n):
            guard var p = inoutAccessPath(b, scope) else { return nil }
            p.steps.append(n)
            return p
        case .subscriptAccess(let b, _):
            guard var p = inoutAccessPath(b, scope) else { return nil }
            p.steps.append(nil)
            return p
        case .forceUnwrap(let b): return inoutAccessPath(b, scope)
        default: return nil
        }
    }

    /// swiftc's static exclusivity errors between two `&` arguments of one call; `shared`
    /// says whether two arguments reach disjoint properties of one local variable (allowed:
    /// they are then copied in and out one after the other).
    func inoutOverlapError(_ places: [(target: Expr, amp: SourceLocation)], _ scope: FnScope, isSwap: Bool) -> (RuntimeError?, shared: Bool) {
        let paths = places.map { inoutAccessPath($0.target, scope) }
        var shared = false
        for j in paths.indices {
            for i in 0..<j {
                guard let a = paths[i], let b = paths[j], a.root == b.root else { continue }
                if a.steps.isEmpty, b.steps.isEmpty {
                    return (RuntimeError(AssignmentMessage.inoutAliasing, at: places[j].amp,
                                         notes: [.note(NoteMessage.previousAliasingArgument, at: places[i].amp)]), false)
                }
                // Disjoint stored properties: the first step where they differ names two
                // properties, and no subscript comes before it.
                var disjoint = false
                for k in 0..<min(a.steps.count, b.steps.count) {
                    guard let x = a.steps[k], let y = b.steps[k] else { break }
                    if x != y { disjoint = true; break }
                }
                if disjoint {
                    if scope.findLocal(a.root) != nil { shared = true }
                    continue
                }
                let hint = isSwap && a.steps.last == .some(nil) && b.steps.last == .some(nil)
                    ? "consider calling MutableCollection.swapAt(_:_:)" : "consider copying to a local variable"
                // swiftc names the stored properties both paths share before a subscript (`s.b` for `&s.b[0]`).
                var named = a.root
                for k in 0..<min(a.steps.count, b.steps.count) {
                    guard let x = a.steps[k], x == b.steps[k] else { break }
                    named += "." + x
                }
                return (RuntimeError(AssignmentMessage.overlappingAccesses(named, note: hint),
                                     at: places[i].amp, notes: [.note(NoteMessage.conflictingAccessHere, at: places[j].amp)]), false)
            }
        }
        return (nil, shared)
    }

    /// `&x` where `x` is no place that can change: swiftc's error, with the reason when the
    /// expression tells it (a call's result, a literal), else with the value's type.
    private func immutableInoutArgument(_ target: Expr, _ scope: FnScope, amp: SourceLocation) -> Eval {
        let ev = compileExpr(target, scope, expected: nil)
        let why: String?
        switch target.kind {
        case .call(let f, _):
            switch f.kind {
            case .identifier(let n), .member(_, let n): why = "'\(n)' returns immutable value"
            default: why = "function call returns immutable value"
            }
        case .integer, .double, .string, .boolean, .nil, .array, .dictionary: why = "literals are not mutable"
        default: why = nil
        }
        if let why {
            return { _ in throw RuntimeError(AssignmentMessage.immutableInout(why), at: amp) }
        }
        return { [core = Unretained(self)] m in
            let v = try ev(m)
            throw RuntimeError(AssignmentMessage.immutableInoutOfType(core.object.typeName(v)), at: amp)
        }
    }

    /// A call with `&` arguments: each place is boxed (in argument order) around the call,
    /// which reads the boxes from hidden locals; `swap(_:_:)` swaps the two boxes.
    func compileInoutCall(_ callee: Expr, _ args: [Argument], _ scope: FnScope, _ loc: SourceLocation, expected: RType?,
                          callEnd: SourceLocation) -> Eval {
        var places: [(index: Int, target: Expr, amp: SourceLocation)] = []
        for (i, a) in args.enumerated() {
            if case .unary(.inoutArgument, let x) = a.value.kind { places.append((i, x, a.value.location)) }
        }
        var isSwap = false
        if case .identifier("swap") = callee.kind, functionsByBase["swap"] == nil, scope.findLocal("swap") == nil,
           scope.findCapture("swap") == nil, args.count == 2, args.allSatisfy({ $0.label == nil }), places.count == 2 {
            isSwap = true
        }
        if !isSwap, let e = ampersandWithoutInout(callee, args, places.map(\.index), scope) { return e }
        let (overlap, shared) = inoutOverlapError(places.map { ($0.target, $0.amp) }, scope, isSwap: isSwap)
        if let overlap { return { _ in throw overlap } }
        var lvs: [LValue] = []
        var slots: [Int] = []
        var newArgs = args
        for (k, p) in places.enumerated() {
            guard let lv = compileLValue(p.target, scope, exclusiveAt: shared ? nil : p.amp) else {
                return immutableInoutArgument(p.target, scope, amp: p.amp)
            }
            lvs.append(lv)
            let name = Self.hiddenInoutName(k, p.amp)
            slots.append(scope.declare(name, isLet: true, type: nil).slot)
            newArgs[p.index].value = Expr(.unary(.inoutArgument, Expr(.identifier(name), at: p.target.location)), at: p.amp)
        }
        let inner: Eval
        if isSwap {
            let s0 = slots[0], s1 = slots[1]
            inner = { m in
                if case .box(let a) = m.pointee.fp[s0], case .box(let b) = m.pointee.fp[s1] { swap(&a.value, &b.value) }
                return .void
            }
        } else {
            inner = compileCall(callee, newArgs, scope, loc, expected: expected, callEnd: callEnd)
        }
        let amps = places.map(\.amp)
        @inline(__always) func immutable(_ im: Immutability, _ k: Int) -> RuntimeError {
            RuntimeError(AssignmentMessage.immutableInout(im.reason), at: amps[k], notes: im.notes)
        }
        if shared {
            // Disjoint properties of one local: copied in, then out, one after the other.
            return { m in
                var boxes: [VarBox] = []
                for k in lvs.indices {
                    try lvs[k].modify(m) { v, im in
                        if let im { throw immutable(im, k) }
                        boxes.append(VarBox(v))
                    }
                    m.pointee.fp[slots[k]] = .box(boxes[k])
                }
                func writeBack() throws {
                    for k in lvs.indices {
                        m.pointee.fp[slots[k]] = .void
                        try lvs[k].modify(m) { v, _ in v = boxes[k].value }
                    }
                }
                let r: Value
                do { r = try inner(m) } catch { try writeBack(); throw error }
                try writeBack()
                return r
            }
        }
        let count = lvs.count
        return { m in
            var result = Value.void
            func enter(_ k: Int) throws {
                if k == count { result = try inner(m); return }
                try lvs[k].modify(m) { v, im in
                    if let im { throw immutable(im, k) }
                    let b = VarBox(.void)
                    swap(&b.value, &v)
                    m.pointee.fp[slots[k]] = .box(b)
                    defer {
                        m.pointee.fp[slots[k]] = .void
                        swap(&b.value, &v)
                    }
                    try enter(k + 1)
                }
            }
            try enter(0)
            return result
        }
    }
}

extension Value {
    /// A boxed parameter on entry: an inout argument arrives boxed already (its caller's
    /// box); any other value gets a box of its own. An inout parameter (`inoutAt`, where it
    /// is declared) given a plain value was called without `&` where the call could not
    /// tell (a function value): swiftc's error, at the parameter, rather than a lost change.
    /// False for that error.
    @inline(__always) mutating func boxIfNeeded(isInout: Bool) -> Bool {
        if case .box = self { return true }
        if isInout { return false }
        self = .box(VarBox(self))
        return true
    }
}

extension InterpreterCore {
    /// `$0 += 1` in a closure whose parameter is inout: the caller's box; any other `$0` is a constant.
    func compileShorthandLValue(_ i: Int, _ scope: FnScope, _ loc: SourceLocation) -> LValue? {
        guard scope.shorthandSlots.indices.contains(i) else { return nil }
        let slot = scope.shorthandSlots[i]
        let im = Immutability(reason: "'$\(i)' is immutable", isProperty: false)
        return LValue(modify: { [core = Unretained(self)] m, body in
            if case .box(let b) = m.pointee.fp[slot] {
                try core.object.checkNotHeld(b.value, "$\(i)", loc)
                try body(&b.value, nil)
            } else {
                try body(&m.pointee.fp[slot], im)
            }
        }, immutableReason: nil)
    }
}

/// `f(&q, &q)`: swiftc's type checker says the two arguments alias, and its exclusivity
/// pass adds that the accesses overlap; both before anything runs. `f(&a[0], &a[1])`: the
/// accesses overlap (no alias error). Only bare names and their subscripts in top-level code
/// and functions (not methods, where a name may be a property of `self`; a member may be a
/// class's, whose accesses Swift checks when they run).
struct InoutAliasCheck: SyntaxVisitor {
    let file: SourceFile
    /// Per pair: (alias error, overlap error); top-level code's before functions' bodies,
    /// as swiftc checks them. All alias errors (type checking) come before all overlaps.
    private var topLevel: [(Diagnostic?, Diagnostic)] = []
    private var inFunctions: [(Diagnostic?, Diagnostic)] = []
    private var functionDepth = 0

    static func errors(_ unit: SourceUnit, _ file: SourceFile) -> [Diagnostic] {
        var c = InoutAliasCheck(file: file)
        c.walk(unit.statements)
        let pairs = c.topLevel + c.inFunctions
        return pairs.compactMap(\.0) + pairs.map(\.1)
    }

    mutating func visit(_ node: Decl) -> SyntaxVisitorContinueKind {
        switch node {
        case .struct, .class, .enum, .extension, .table, .protocol: return .skipChildren
        case .function: functionDepth += 1; return .visitChildren
        default: return .visitChildren
        }
    }

    mutating func visitPost(_ node: Decl) {
        if case .function = node { functionDepth -= 1 }
    }

    mutating func visit(_ node: Expr) -> SyntaxVisitorContinueKind {
        guard case .call(let callee, let args) = node.kind else { return .visitChildren }
        // The first `&` argument of each name, and whether it was subscripted.
        var seen: [String: (at: SourceLocation, subscripted: Bool)] = [:]
        for a in args {
            guard case .unary(.inoutArgument, let x) = a.value.kind, let (n, subscripted) = Self.subscriptedName(x) else { continue }
            guard let first = seen[n] else { seen[n] = (a.value.location, subscripted); continue }
            let amp = a.value.location
            let alias: Diagnostic?
            var hint = InoutMessage.Hint.copy
            if !subscripted, !first.subscripted {
                alias = .error(InoutMessage.aliasingArguments, at: amp, in: file,
                               notes: [.note(InoutMessage.previousAliasingArgument, at: first.at, in: file)])
            } else {
                alias = nil
                if subscripted, first.subscripted, case .identifier("swap") = callee.kind, args.count == 2 { hint = .swapAt }
            }
            let pair = (alias, Diagnostic.error(InoutMessage.overlappingAccesses(n, hint), at: first.at, in: file,
                                                notes: [.note(InoutMessage.conflictingAccess, at: amp, in: file)]))
            if functionDepth > 0 { inFunctions.append(pair) } else { topLevel.append(pair) }
            break
        }
        return .visitChildren
    }

    /// `a`, `a[i]`, `a[i][j]`: the name and whether a subscript follows it.
    private static func subscriptedName(_ e: Expr) -> (String, Bool)? {
        switch e.kind {
        case .identifier(let n): return (n, false)
        case .subscriptAccess(let base, let args):
            guard args.count == 1, args[0].label == nil, let (n, _) = subscriptedName(base) else { return nil }
            return (n, true)
        default: return nil
        }
    }
}

enum InoutMessage: DiagnosticMessage, Hashable {
    case aliasingArguments
    case previousAliasingArgument
    case overlappingAccesses(String, Hint = .copy)
    case conflictingAccess

    /// swiftc's advice after an overlap: two elements given to `swap` are swapped by `swapAt`.
    enum Hint: Hashable { case copy, swapAt }

    var id: DiagnosticID {
        switch self {
        case .aliasingArguments: return DiagnosticID("inout_argument_alias")
        case .previousAliasingArgument: return DiagnosticID("previous_inout_alias")
        case .overlappingAccesses: return DiagnosticID("exclusivity_access_required")
        case .conflictingAccess: return DiagnosticID("exclusivity_conflicting_access")
        }
    }

    var group: String? {
        if case .overlappingAccesses = self { return "ExclusivityViolation" }
        return nil
    }

    var text: String {
        switch self {
        case .aliasingArguments: return "inout arguments are not allowed to alias each other"
        case .previousAliasingArgument: return "previous aliasing argument"
        case .overlappingAccesses(let n, let hint):
            let advice = hint == .swapAt ? "consider calling MutableCollection.swapAt(_:_:)" : "consider copying to a local variable"
            return "overlapping accesses to '\(n)', but modification requires exclusive access; \(advice)"
        case .conflictingAccess: return "conflicting access is here"
        }
    }
}
