// Compile-time scopes: every name is resolved to a slot before anything runs.

struct Local {
    let slot: Int
    let isLet: Bool
    let boxed: Bool
    let type: RType?
    var location: SourceLocation = .unknown
}

enum CaptureSource {
    case parentBox(slot: Int)      // a boxed local of the enclosing function
    case parentValue(slot: Int)    // an unboxed local (e.g. self): captured as a copy
    case parentCapture(Int)        // something the enclosing closure captured
}

/// One function, closure, method, or top-level statement being compiled.
final class FnScope {
    let parent: FnScope?
    var blocks: [[String: Local]] = [[:]]
    var nextSlot = 0
    var frameSize = 0
    var capturedNames: Set<String> = []
    var captures: [CaptureSource] = []
    var captureIndex: [String: (Int, Local)] = [:]
    /// The type whose method this is (also inherited by closures inside it).
    let selfType: UserType?
    var selfSlot: Int? = nil
    let isMutating: Bool
    let isStatic: Bool
    let returnType: RType?
    let isTopLevel: Bool
    var labels: [String] = []
    var shorthandSlots: [Int] = []
    let functionName: String
    /// A stored property's default: it runs before `self` exists (Swift's rule).
    var isPropertyInitializer = false

    /// Whether this scope or one it is nested in is a stored property's default.
    var inPropertyInitializer: Bool {
        var s: FnScope? = self
        while let x = s { if x.isPropertyInitializer { return true }; s = x.parent }
        return false
    }

    init(parent: FnScope?, selfType: UserType?, isMutating: Bool, isStatic: Bool, returnType: RType?,
         isTopLevel: Bool, functionName: String) {
        self.parent = parent; self.selfType = selfType; self.isMutating = isMutating
        self.isStatic = isStatic; self.returnType = returnType; self.isTopLevel = isTopLevel
        self.functionName = functionName
    }

    /// Variables declared directly in a top-level statement are globals.
    var declaresGlobals: Bool { isTopLevel && blocks.count == 1 }

    func allocSlot() -> Int {
        let s = nextSlot
        nextSlot += 1
        frameSize = max(frameSize, nextSlot)
        return s
    }

    func declare(_ name: String, isLet: Bool, type: RType?, at location: SourceLocation = .unknown) -> Local {
        let l = Local(slot: allocSlot(), isLet: isLet, boxed: capturedNames.contains(name), type: type, location: location)
        blocks[blocks.count - 1][name] = l
        return l
    }

    func pushBlock() { blocks.append([:]) }
    func popBlock() {
        // Slots are not reused across sibling blocks: a boxed slot must never be read as
        // another variable's plain value, and frames stay small anyway.
        blocks.removeLast()
    }

    func findLocal(_ name: String) -> Local? {
        for b in blocks.reversed() { if let l = b[name] { return l } }
        return nil
    }

    /// A name from an enclosing function, captured into this closure.
    func findCapture(_ name: String) -> (Int, Local)? {
        if let c = captureIndex[name] { return c }
        guard let p = parent else { return nil }
        if let l = p.findLocal(name) {
            let src: CaptureSource = l.boxed ? .parentBox(slot: l.slot) : .parentValue(slot: l.slot)
            captures.append(src)
            let r = (captures.count - 1, l)
            captureIndex[name] = r
            return r
        }
        if let (i, l) = p.findCapture(name) {
            captures.append(.parentCapture(i))
            let r = (captures.count - 1, l)
            captureIndex[name] = r
            return r
        }
        return nil
    }
}

// MARK: - Which names nested closures and functions use (they are boxed: captured by reference)

enum CaptureAnalysis {
    static func namesUsedInClosures(_ stmts: [Stmt]) -> Set<String> {
        var out = Set<String>()
        for s in stmts { stmt(s, inClosure: false, &out) }
        return out
    }

    static func stmt(_ s: Stmt, inClosure: Bool, _ out: inout Set<String>) {
        switch s.kind {
        case .expression(let e): expr(e, inClosure, &out)
        case .assignment(let t, _, let v): expr(t, inClosure, &out); expr(v, inClosure, &out)
        case .declaration(let d):
            switch d {
            case .variable(let v):
                if let i = v.initializer { expr(i, inClosure, &out) }
                if let g = v.getter { for x in g { stmt(x, inClosure: true, &out) } }
            case .function(let f):
                if inClosure { out.insert(f.name) }
                // A nested function refers to itself and to its siblings: box its own name.
                out.insert(f.name)
                for x in f.body { stmt(x, inClosure: true, &out) }
                for p in f.parameters { if let d = p.defaultValue { expr(d, true, &out) } }
            default: break
            }
        case .if(let i): ifStmt(i, inClosure, &out)
        case .guard(let cs, let o): conds(cs, inClosure, &out); for x in o { stmt(x, inClosure: inClosure, &out) }
        case .switch(let sw): switchStmt(sw, inClosure, &out)
        case .forIn(_, let seq, let w, let body):
            expr(seq, inClosure, &out)
            if let w { expr(w, inClosure, &out) }
            for x in body { stmt(x, inClosure: inClosure, &out) }
        case .while(let cs, let body): conds(cs, inClosure, &out); for x in body { stmt(x, inClosure: inClosure, &out) }
        case .repeatWhile(let body, let c): for x in body { stmt(x, inClosure: inClosure, &out) }; expr(c, inClosure, &out)
        case .block(let b): for x in b { stmt(x, inClosure: inClosure, &out) }
        case .return(let e): if let e { expr(e, inClosure, &out) }
        case .labeled(_, let s): stmt(s, inClosure: inClosure, &out)
        default: break
        }
    }

    static func ifStmt(_ i: IfStmt, _ c: Bool, _ out: inout Set<String>) {
        conds(i.conditions, c, &out)
        for x in i.then { stmt(x, inClosure: c, &out) }
        if let o = i.otherwise { for x in o { stmt(x, inClosure: c, &out) } }
    }

    static func switchStmt(_ sw: SwitchStmt, _ c: Bool, _ out: inout Set<String>) {
        expr(sw.subject, c, &out)
        for cs in sw.cases {
            if let g = cs.guardExpr { expr(g, c, &out) }
            for p in cs.patterns { pattern(p, c, &out) }
            for x in cs.body { stmt(x, inClosure: c, &out) }
        }
    }

    static func pattern(_ p: Pattern, _ c: Bool, _ out: inout Set<String>) {
        switch p.kind {
        case .expression(let e): expr(e, c, &out)
        case .tuple(let ps): for x in ps { pattern(x, c, &out) }
        case .optionalSome(let x): pattern(x, c, &out)
        case .enumCase(_, _, let sub): if let sub { pattern(sub, c, &out) }
        default: break
        }
    }

    static func conds(_ cs: [Condition], _ c: Bool, _ out: inout Set<String>) {
        for x in cs {
            switch x {
            case .expression(let e): expr(e, c, &out)
            case .optionalBinding(let n, _, let v, _):
                expr(v, c, &out)
                _ = n
            case .patternMatch(let p, let e): pattern(p, c, &out); expr(e, c, &out)
            }
        }
    }

    static func args(_ a: [Argument], _ c: Bool, _ out: inout Set<String>) { for x in a { expr(x.value, c, &out) } }

    static func expr(_ e: Expr, _ c: Bool, _ out: inout Set<String>) {
        switch e.kind {
        case .identifier(let n): if c { out.insert(n) }
        case .self: if c { out.insert("self") }
        case .array(let es): for x in es { expr(x, c, &out) }
        case .dictionary(let kv): for (k, v) in kv { expr(k, c, &out); expr(v, c, &out) }
        case .tuple(let es): for x in es { expr(x.value, c, &out) }
        case .string(let segs): for s in segs { if case .interpolation(let x) = s { expr(x, c, &out) } }
        case .member(let b, _), .optionalChain(let b, _), .forceUnwrap(let b): expr(b, c, &out)
        case .call(let f, let a), .subscriptAccess(let f, let a), .optionalSubscript(let f, let a):
            expr(f, c, &out); args(a, c, &out)
        case .unary(_, let x): expr(x, c, &out)
        case .binary(_, let l, let r): expr(l, c, &out); expr(r, c, &out)
        case .ternary(let a, let b, let d): expr(a, c, &out); expr(b, c, &out); expr(d, c, &out)
        case .closure(let ce): for x in ce.body { stmt(x, inClosure: true, &out) }
        case .typeCast(let x, _, _): expr(x, c, &out)
        case .switchExpr(let sw): switchStmt(sw, c, &out)
        case .ifExpr(let i): ifStmt(i, c, &out)
        default: break
        }
    }
}
