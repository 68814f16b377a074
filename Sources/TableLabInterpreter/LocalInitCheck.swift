// swiftc's definite initialization of locals, before anything runs: a `let` or `var`
// declared without a value (`let k: Int`) and read later in its block before anything
// assigns it is "constant 'k' used before being initialized", also in a function that
// never runs and at the top level. Only the sure case is found: the statements after the
// declaration are taken in order, and the first that assigns the name (anywhere in it, on
// any path; an `if` or `switch` only when it sets it on every path), binds it again or
// reads it only inside a closure ends the search (a closure that captures it is swiftc's
// "captured by a closure before being initialized", at its brace); what else depends on
// the paths taken is left to the run-time check (DeferredLet.swift).

import TableLabSyntax

// The blocks are those the shared walk (ScopedWalk.swift) marks as definite initialization's:
// top-level code, the bodies of functions, accessors and closures at any depth, and the
// statement blocks nested in them, each checked on its own (a read of an outer local
// inside a closure is a capture, which swiftc words otherwise).
struct LocalInitCheck: ScopedCheck {
    /// What a type name is, for a store to a member of a local not yet set.
    enum StorageKind { case structure, reference }

    let file: SourceFile
    /// Whether a method may change its receiver (a `mutating` one of the script's,
    /// `append`): its call on a local not yet set is swiftc's error at the method's name.
    /// Given the receiver's declared type when the receiver is the local itself, the
    /// method's name and its argument labels.
    let mutatingMethod: (TypeSyntax?, String, [String?]) -> Bool
    /// A script struct or class by its name; nil for any other type (left to the run).
    let storageKind: (String) -> StorageKind?
    /// In the walk's order; SwiftcDiagnosticOrder gives swiftc's.
    private(set) var found: [Diagnostic] = []

    init(file: SourceFile, mutatingMethod: @escaping (TypeSyntax?, String, [String?]) -> Bool = { _, _, _ in false },
         storageKind: @escaping (String) -> StorageKind? = { _ in nil }) {
        self.file = file
        self.mutatingMethod = mutatingMethod
        self.storageKind = storageKind
    }

    mutating func block(_ list: [Stmt], _ place: WalkPlace) {
        guard place.isInitializationBlock else { return }
        found += check(list)
    }

    private func check(_ block: [Stmt]) -> [Diagnostic] {
        var out: [Diagnostic] = []
        for (i, s) in block.enumerated() {
            guard case .declaration(.variable(let v)) = s.kind, v.initializer == nil, v.getter == nil,
                  let name = v.name, let type = v.type else { continue }
            // A `var` of an Optional type starts as nil.
            if !v.isLet, case .optional = type { continue }
            let note = Diagnostic.note(InitMessage.definedHere(isLet: v.isLet), at: v.pattern.location, in: file)
            var kind: StorageKind? = nil
            if case .named(let typeName) = type { kind = storageKind(typeName) }
            search: for later in block[(i + 1)...] {
                var uses = Uses(name: name, type: type, file: file, mutatingMethod: mutatingMethod, storage: kind)
                uses.walk(later)
                // A binding of the name ends the search, unless it is a capture list's copy
                // (`{ [z] in ... }` reads the outer `z` where the closure is made).
                let bindings = Resolver.resolve(parameters: [], body: [later]).captured.keys
                if bindings.contains(where: { $0.name == name && !uses.captureCopies.contains($0.location) }) { break }
                // Every read before the statement assigns it (`t = t + 1` reads first) is
                // reported; a use that may write (`t += 1`, `&t`, `xs.append`) is reported
                // and then counts as setting it, as swiftc's definite initialization goes on.
                for use in uses.events {
                    let message: InitMessage = use.captured ? .capturedBeforeInitialized(isLet: v.isLet, name: name)
                        : use.memberStore ? .structMemberStoredBeforeInitialized(name: name)
                        : use.byReference ? .passedByReferenceBeforeInitialized(isLet: v.isLet, name: name)
                        : .usedBeforeInitialized(isLet: v.isLet, name: name)
                    out.append(.error(message, at: use.at, in: file, notes: [note]))
                    if use.writes { break search }
                }
                if uses.insideClosure { break }
                // An `if` or `switch` that sets it on some paths only leaves it unset after
                // it (swiftc's error at the next read); one that sets it on all, or any
                // other statement that sets it somewhere, ends the search.
                if uses.assigned, !Self.setsOnSomePathsOnly(later, name) { break }
            }
        }
        return out
    }

    /// An `if` or `switch` some of whose branches neither set the name nor leave; a `for`
    /// loop, or a `while` whose condition may be false at once, which may run no time.
    /// (`while true { t = 1; break }` sets it: swiftc knows.)
    private static func setsOnSomePathsOnly(_ s: Stmt, _ name: String) -> Bool {
        switch s.kind {
        case .if, .switch: return !covers(s, name)
        case .forIn: return true
        case .while(let conditions, let body):
            return !isAlwaysTrue(conditions) || LoopExits.mayLeaveUnset(body, name, throughItsEnd: false)
        case .repeatWhile(let body, _): return LoopExits.mayLeaveUnset(body, name, throughItsEnd: true)
        case .labeled(_, let inner): return setsOnSomePathsOnly(inner, name)
        default: return false
        }
    }

    /// `while true`: the one loop condition swiftc's definite initialization knows holds
    /// on entry.
    private static func isAlwaysTrue(_ conditions: [Condition]) -> Bool {
        guard conditions.count == 1, case .expression(let e) = conditions[0], case .boolean(true) = e.kind else { return false }
        return true
    }

    /// Whether the code after `s` surely finds the name set: `s` assigns it with `=` (or a
    /// member of it: swiftc words that otherwise) on every path, or does not come back.
    /// A call ending a branch may be one that never returns (`fatalError`): taken to leave.
    /// `inSwitch`: inside a case of a switch being followed, where a plain `break` only
    /// leaves the switch.
    private static func covers(_ s: Stmt, _ name: String, inSwitch: Bool = false) -> Bool {
        switch s.kind {
        case .assignment(let target, let op, _): return op == .assign && Uses.names(target, name)
        case .return, .throw, .continue, .fallthrough: return true
        case .break(let label): return label != nil || !inSwitch
        case .if(let i):
            guard let otherwise = i.otherwise else { return false }
            return coversBlock(i.then, name, inSwitch) && coversBlock(otherwise, name, inSwitch)
        case .switch(let sw): return !sw.cases.isEmpty && sw.cases.allSatisfy { coversBlock($0.body, name, true) }
        case .block(let body): return coversBlock(body, name, inSwitch)
        case .repeatWhile(let body, _): return coversBlock(body, name, true)
        // Left only by a `break`, `return` or `throw` in its body.
        case .while(let conditions, let body): return isAlwaysTrue(conditions) && coversBlock(body, name, true)
        case .doCatch(let body, let catches):
            return coversBlock(body, name, inSwitch) && catches.allSatisfy { coversBlock($0.body, name, inSwitch) }
        case .labeled(_, let inner): return covers(inner, name, inSwitch: inSwitch)
        default: return false
        }
    }

    private static func coversBlock(_ body: [Stmt], _ name: String, _ inSwitch: Bool) -> Bool {
        if body.contains(where: { covers($0, name, inSwitch: inSwitch) }) { return true }
        if let last = body.last, case .expression(let e) = last.kind, case .call = e.kind { return true }
        return false
    }

    /// How one statement uses a name, in the order it is evaluated: its reads and the uses
    /// that may write it; whether it assigns it (`k = 1`, `p.x = 1`), whether a closure or
    /// nested function in it mentions it.
    private struct Uses: SyntaxVisitor {
        struct Use { var at: SourceLocation; var byReference: Bool; var writes: Bool; var memberStore = false; var captured = false }
        let name: String
        let type: TypeSyntax
        let file: SourceFile
        let mutatingMethod: (TypeSyntax?, String, [String?]) -> Bool
        let storage: StorageKind?
        var events: [Use] = []
        var assigned = false
        var insideClosure = false
        /// Where a capture list binds a copy of the name (the wrapper's parameters).
        var captureCopies = Set<SourceLocation>()
        private var closureDepth = 0
        /// The outermost closure being walked (where swiftc places a capture's error), and
        /// whether a nested function is around the walk (its captures are checked where it
        /// is called, which this check does not follow).
        private var outerClosure: SourceLocation?
        private var functionDepth = 0

        init(name: String, type: TypeSyntax, file: SourceFile, mutatingMethod: @escaping (TypeSyntax?, String, [String?]) -> Bool,
             storage: StorageKind?) {
            self.name = name; self.type = type; self.file = file; self.mutatingMethod = mutatingMethod; self.storage = storage
        }

        mutating func visit(_ node: Stmt) -> SyntaxVisitorContinueKind {
            if case .defer = node.kind { insideClosure = true }
            guard case .assignment(let target, let op, let value) = node.kind else { return .visitChildren }
            // The value is evaluated before the target is written.
            walk(value)
            let opAt = node.operatorLocation
            if case .identifier(let n) = target.kind, n == name {
                if op == .assign { assigned = true } else { record(opAt, byReference: true, writes: true) }
                return .skipChildren
            }
            // `xs[0] = 1` reads the array first; `xs[0] += 1` reads it at its name.
            if case .subscriptAccess(let base, let args) = target.kind, case .identifier(let n) = base.kind, n == name {
                for a in args { walk(a.value) }
                record(op == .assign ? opAt : base.location, byReference: false, writes: true)
                return .skipChildren
            }
            // `p.x = 1`, `p.q.z = 1`: swiftc initializes no struct local member by member,
            // so a store is its error at the `=` (a compound one passes it by reference); a
            // class instance's is a read of the reference, at its name.
            if let storage, let root = Self.memberPathRoot(target), case .identifier(let n) = root.kind, n == name {
                switch (storage, op) {
                case (.structure, .assign): record(opAt, byReference: false, writes: true, memberStore: true)
                case (.structure, _): record(opAt, byReference: true, writes: true)
                case (.reference, _): record(root.location, byReference: false, writes: true)
                }
                return .skipChildren
            }
            // `p.xs[0] = 1` reads the struct at the `=`; a compound one, or a class's, at its name.
            if let storage, case .subscriptAccess(let base, let args) = target.kind, let root = Self.memberPathRoot(base),
               case .identifier(let n) = root.kind, n == name {
                for a in args { walk(a.value) }
                record(storage == .structure && op == .assign ? opAt : root.location, byReference: false, writes: true)
                return .skipChildren
            }
            if Self.names(target, name) { assigned = true; return .skipChildren }
            walk(target)
            return .skipChildren
        }

        /// The name itself, or a path of members of it when it is a struct (a class's
        /// member is reached through a read of its reference).
        private func isReceiverPath(_ e: Expr) -> Bool {
            if case .identifier(let n) = e.kind { return n == name }
            guard storage == .structure, let root = Self.memberPathRoot(e), case .identifier(let n) = root.kind else { return false }
            return n == name
        }

        /// The name a chain of member accesses starts from (`p` in `p.q.z`).
        static func memberPathRoot(_ e: Expr) -> Expr? {
            guard case .member(let base, _) = e.kind else { return nil }
            if case .identifier = base.kind { return base }
            return memberPathRoot(base)
        }

        mutating func visit(_ node: Decl) -> SyntaxVisitorContinueKind {
            if case .function = node { closureDepth += 1; functionDepth += 1 }
            return .visitChildren
        }

        mutating func visitPost(_ node: Decl) {
            if case .function = node { closureDepth -= 1; functionDepth -= 1 }
        }

        mutating func visit(_ node: Expr) -> SyntaxVisitorContinueKind {
            switch node.kind {
            case .closure:
                if closureDepth == 0 { outerClosure = node.location }
                closureDepth += 1
            case .call(let callee, let args) where closureDepth == 0 && Self.isCaptureWrapper(callee):
                // `{ [z] in ... }`: the capture list's values are read where the closure is
                // made (swiftc's error at `z` in the list); inside, a captured `z` is the
                // copy, so the body is looked into only when the list does not rebind it.
                for a in args { walk(a.value) }
                guard case .closure(let wrapper) = callee.kind else { return .skipChildren }
                let copies = wrapper.parameters.filter { $0.name == name }
                if copies.isEmpty { walk(callee) } else { captureCopies.formUnion(copies.map(\.location)) }
                return .skipChildren
            case .call(let callee, let args) where closureDepth == 0:
                // `g(&t)`: the arguments, then the access at the callee.
                if args.contains(where: { Self.isInout($0.value, name) }) {
                    walk(callee)
                    for a in args where !Self.isInout(a.value, name) { walk(a.value) }
                    record(callee.location, byReference: true, writes: true)
                    return .skipChildren
                }
                // `xs.append(x)`, `p.xs.append(x)` on a struct: the arguments, then the
                // receiver's access at the method.
                if case .member(let base, let method) = callee.kind, isReceiverPath(base),
                   mutatingMethod(Self.isName(base, name) ? type : nil, method, args.map(\.label)) {
                    for a in args { walk(a.value) }
                    record(callee.location, byReference: false, writes: true)
                    return .skipChildren
                }
            case .unary(.inoutArgument, let inner): if Self.names(inner, name) { assigned = true }
            case .identifier(let n) where n == name:
                if closureDepth > 0 {
                    // A closure made before the name is set captures it unset: swiftc's
                    // error at the closure, once; it then counts as set.
                    if functionDepth == 0, let at = outerClosure { record(at, byReference: false, writes: true, captured: true) }
                    insideClosure = true
                } else {
                    record(node.location, byReference: false, writes: false)
                }
            default: break
            }
            return .visitChildren
        }

        mutating func visitPost(_ node: Expr) {
            if case .closure = node.kind { closureDepth -= 1 }
        }

        private mutating func record(_ at: SourceLocation, byReference: Bool, writes: Bool, memberStore: Bool = false,
                                     captured: Bool = false) {
            // After a use that writes or an assignment, the statement's other uses may find
            // it set; after a closure's capture, it is reported once.
            guard !assigned, !insideClosure, !events.contains(where: \.writes) else { return }
            events.append(Use(at: at, byReference: byReference, writes: writes, memberStore: memberStore, captured: captured))
        }

        static func isCaptureWrapper(_ e: Expr) -> Bool {
            if case .closure(let c) = e.kind { return c.isCaptureWrapper }
            return false
        }

        static func isInout(_ e: Expr, _ name: String) -> Bool {
            if case .unary(.inoutArgument, let inner) = e.kind, case .identifier(let n) = inner.kind { return n == name }
            return false
        }

        static func isName(_ e: Expr, _ name: String) -> Bool {
            if case .identifier(let n) = e.kind { return n == name }
            return false
        }

        /// Whether an assignment's target is the name, a tuple holding it, or a part of it
        /// (`p.x = 1` on a struct not yet initialized is worded otherwise: left alone).
        static func names(_ target: Expr, _ name: String) -> Bool {
            switch target.kind {
            case .identifier(let n): return n == name
            case .tuple(let items): return items.contains { names($0.value, name) }
            case .member(let base, _), .subscriptAccess(let base, _), .optionalChain(let base, _), .forceUnwrap(let base):
                return names(base, name)
            default: return false
            }
        }
    }
}

/// Whether a loop body may be left with a name not yet set: by a plain `break` reached
/// before the name is set on its path (`while true { if i >= n { break }; x = i }`).
/// Taken in order, branch by branch. What it cannot place is taken as a way that does not
/// reach the code after the loop, so that valid code is never refused: a `return`, a
/// `throw`, a labelled `break` (it may leave an outer loop or a switch), a plain `break`
/// inside a `switch` (it leaves the switch), a `fallthrough`, and a nested loop (what it
/// sets is not counted).
/// `throughItsEnd`: the end of the body is a way out too (a `repeat` body's, through its
/// condition; `while true` goes round again).
enum LoopExits {
    static func mayLeaveUnset(_ body: [Stmt], _ name: String, throughItsEnd: Bool) -> Bool {
        let r = walk(body, name, set: false, inSwitch: false)
        return r.breaksUnset || (throughItsEnd && r.fallsThrough && !r.set)
    }

    /// `breaksUnset`: a way out of the loop with the name unset; `fallsThrough`: the end is
    /// reached, `set` whether the name is set there.
    private struct Flow { var breaksUnset = false; var fallsThrough = true; var set: Bool }

    /// `inSwitch`: inside a case, where a plain `break` ends the case; a case's own
    /// statements are followed up to such a `break`, which then falls out of the switch.
    private static func walk(_ list: [Stmt], _ name: String, set: Bool, inSwitch: Bool, caseBody: Bool = false) -> Flow {
        var flow = Flow(set: set)
        for s in list {
            guard flow.fallsThrough else { break }
            if caseBody, case .break(nil) = s.kind { return flow }
            let r = step(s, name, set: flow.set, inSwitch: inSwitch)
            flow.breaksUnset = flow.breaksUnset || r.breaksUnset
            flow.fallsThrough = r.fallsThrough
            flow.set = r.set
        }
        return flow
    }

    private static func step(_ s: Stmt, _ name: String, set: Bool, inSwitch: Bool) -> Flow {
        switch s.kind {
        case .assignment(let target, let op, _):
            return Flow(set: set || (op == .assign && assigns(target, name)))
        case .break(nil) where !inSwitch:
            return Flow(breaksUnset: !set, fallsThrough: false, set: set)
        case .break, .return, .throw, .continue, .fallthrough:
            return Flow(fallsThrough: false, set: set)
        case .guard(_, let otherwise):
            return Flow(breaksUnset: walk(otherwise, name, set: set, inSwitch: inSwitch).breaksUnset, set: set)
        case .if(let i):
            return join(walk(i.then, name, set: set, inSwitch: inSwitch), walk(i.otherwise ?? [], name, set: set, inSwitch: inSwitch))
        case .block(let body): return walk(body, name, set: set, inSwitch: inSwitch)
        case .doCatch(let body, let catches):
            // A `catch` may start before the body set anything.
            return catches.reduce(walk(body, name, set: set, inSwitch: inSwitch)) {
                join($0, walk($1.body, name, set: set, inSwitch: inSwitch))
            }
        case .switch(let sw):
            let cases = sw.cases.map { walk($0.body, name, set: set, inSwitch: true, caseBody: true) }
            return cases.dropFirst().reduce(cases.first ?? Flow(set: set), join)
        case .labeled(_, let inner):
            if case .switch = inner.kind { return step(inner, name, set: set, inSwitch: inSwitch) }
            return Flow(set: set)
        default:
            return Flow(set: set)
        }
    }

    private static func join(_ a: Flow, _ b: Flow) -> Flow {
        let set: Bool
        switch (a.fallsThrough, b.fallsThrough) {
        case (true, true): set = a.set && b.set
        case (true, false): set = a.set
        case (false, true): set = b.set
        case (false, false): set = true
        }
        return Flow(breaksUnset: a.breaksUnset || b.breaksUnset, fallsThrough: a.fallsThrough || b.fallsThrough, set: set)
    }

    private static func assigns(_ target: Expr, _ name: String) -> Bool {
        switch target.kind {
        case .identifier(let n): return n == name
        case .tuple(let items): return items.contains { assigns($0.value, name) }
        default: return false
        }
    }
}
