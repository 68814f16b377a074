// Compile-time scopes: every name is resolved to a slot before anything runs.

import TableLabSyntax
import TableLabExhaustiveness

struct Local {
    let slot: Int
    let isLet: Bool
    let boxed: Bool
    let type: RType?
    var location: SourceLocation = .unknown
    /// `let x: T` without a value: assigned once later (DeferredLet.swift).
    var isDeferredLet = false
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
    /// Locals with `willSet`/`didSet`, by slot (Observers.swift).
    var observedLocals: [Int: LocalObserverSlots] = [:]
    var captures: [CaptureSource] = []
    var captureIndex: [String: (Int, Local)] = [:]
    /// The type whose method this is (also inherited by closures inside it).
    let selfType: UserType?
    var selfSlot: Int? = nil
    /// A method's `func` keyword (set for the methods of structs and enums).
    var declLocation: SourceLocation = .unknown
    /// The `func` of the method this scope is in (closures look outward), for swiftc's
    /// "mark method 'mutating'" note; unknown outside a struct's or enum's method.
    var methodLocation: SourceLocation {
        var s: FnScope? = self
        while let x = s { if x.selfSlot != nil { return x.declLocation }; s = x.parent }
        return .unknown
    }
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

/// The names a body's nested closures, functions and accessors mention. A local of that
/// name is boxed so a closure shares it rather than copying it. By name, so it errs on
/// the side of boxing (a resolver that binds each use to its declaration would box less).
struct CaptureAnalysis: SyntaxVisitor {
    private var names = Set<String>()
    /// How many closures, nested functions or accessors enclose the node being visited.
    private var depth = 0

    static func namesUsedInClosures(_ stmts: [Stmt]) -> Set<String> {
        var analysis = CaptureAnalysis()
        analysis.walk(stmts)
        return analysis.names
    }

    mutating func visit(_ node: Expr) -> SyntaxVisitorContinueKind {
        switch node.kind {
        case .identifier(let n): if depth > 0 { names.insert(n) }
        case .self: if depth > 0 { names.insert("self") }
        case .closure: depth += 1
        default: break
        }
        return .visitChildren
    }

    mutating func visitPost(_ node: Expr) {
        if case .closure = node.kind { depth -= 1 }
    }

    mutating func visit(_ node: Decl) -> SyntaxVisitorContinueKind {
        switch node {
        case .function(let f):
            // A nested function refers to itself and to its siblings: box its own name.
            names.insert(f.name)
            depth += 1
            return .visitChildren
        case .variable(let v):
            if let i = v.initializer { walk(i) }
            depth += 1
            if let g = v.getter { walk(g) }
            if let s = v.setter { walk(s.body) }
            if let w = v.observers?.willSet { walk(w.body) }
            if let d = v.observers?.didSet { walk(d.body) }
            depth -= 1
            return .skipChildren
        case .enum, .struct, .table, .class, .extension, .protocol, .typeAlias:
            // A nested type cannot capture the function's locals.
            return .skipChildren
        }
    }

    mutating func visitPost(_ node: Decl) {
        if case .function = node { depth -= 1 }
    }
}
