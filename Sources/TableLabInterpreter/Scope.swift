// Compile-time scopes: every name is resolved to a slot before anything runs.

import TableLabSyntax
import TableLabExhaustiveness

struct Local {
    let slot: Int
    let isLet: Bool
    let boxed: Bool
    let type: RType?
    var location: SourceLocation = .unknown
    /// Unannotated, the declared type of the variable it copies (`var x = es`): the
    /// context of implicit members, never checked against.
    var copiedType: RType? = nil
    /// `let x: T` without a value: assigned once later (DeferredLet.swift).
    var isDeferredLet = false
    /// `var x: T` without a value (T not Optional): holds `unsetVarMarker` until its first
    /// `=`, so that a read the static check could not follow is an error, not `()`.
    var startsUnset = false
    /// Unannotated, the static type the resolver inferred from the value's syntax
    /// (`let k = n - 1` with `n: Int`): a fact specialisations may rely on, never a
    /// context for conversions or checks (those follow what is written).
    var inferredType: TypeSyntax? = nil
    /// Unannotated, declared with an Int, String or Bool literal (`var title = "a"`): the
    /// type Swift gives it, which a later assignment is checked against (a `1` assigned to
    /// it was stored as it came).
    var literalType: RType? = nil
    /// Unannotated, made by a call whose result type is written (`var s = Section()`):
    /// that type (InitializerTypes.swift).
    var initializerType: RType? = nil
    /// A computed or `lazy` local: its slot holds its accessors (LocalAccessors.swift).
    var hasAccessors = false
    /// Of a generic script type whose arguments its declaration writes (`var s =
    /// Store<Double>()`, `var s: Store<Double>`): the type and its arguments by parameter,
    /// which type its properties (`s.items` is a `[Double]`).
    var genericArguments: (typeName: String, arguments: [String: String])? = nil
    /// Bound by a `switch` case's or a `catch`'s pattern (or a `catch`'s `error`): its body's
    /// copy, which swiftc calls immutable rather than a 'let' constant.
    var isCaseBodyCopy = false
    /// Declared `T!` (`var name: String!`, a parameter `x: Int!`): read where its wrapped
    /// type is needed, it is unwrapped (HostInstances.swift).
    var isImplicitlyUnwrapped = false
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
    /// What the resolver pass found for the function this scope belongs to (closures share
    /// their enclosing function's); nil where emission runs without it.
    var resolution: Resolution?
    /// Names boxed whatever the resolver says: inout parameters (the caller's box), locals
    /// with observers (their observers are closures), hidden helper slots.
    var alwaysBoxed: Set<String> = []
    /// Locals with `willSet`/`didSet`, by slot (Observers.swift).
    var observedLocals: [Int: LocalObserverSlots] = [:]
    var captures: [CaptureSource] = []
    /// The `[weak x]`/`[unowned x]` entries of this closure's capture list. An unowned one
    /// is a constant of the closure; a weak one the closure's own variable (swiftc lets
    /// its body assign it, and it keeps the value between calls).
    var captureList: [String: ReferenceStrength] = [:]
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
    /// Set while a `switch` case's or a `catch`'s patterns are compiled (`Local.isCaseBodyCopy`).
    var bindsCaseBodyCopies = false
    let returnType: RType?
    let isTopLevel: Bool
    var labels: [String] = []
    var shorthandSlots: [Int] = []
    let functionName: String
    /// A stored property's default: it runs before `self` exists (Swift's rule).
    var isPropertyInitializer = false
    /// The body of an `init` (a closure inside it is not).
    var isInitializer = false
    /// The stored properties of `self` this body reaches in their storage, past any
    /// subclass's computed override (OverriddenProperties.swift).
    var directStorage = DirectStorage.none

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
        self.resolution = parent?.resolution
    }

    /// Runs the resolver over a function's parameters and body: its locals are boxed
    /// exactly when a closure or nested function captures them.
    /// `declarations`: where an operation or a call may be the script's own.
    func resolve(parameters: [Parameter], body: [Stmt], declarations: ResolverDeclarations) {
        resolution = Resolver.resolve(parameters: parameters, body: body, declarations: declarations)
    }

    /// Variables declared directly in a top-level statement are globals.
    var declaresGlobals: Bool { isTopLevel && blocks.count == 1 }

    func allocSlot() -> Int {
        let s = nextSlot
        nextSlot += 1
        frameSize = max(frameSize, nextSlot)
        return s
    }

    /// Declares a local. `binding` is where its name is written, the key the resolver
    /// knows it by (defaults to `location`).
    func declare(_ name: String, isLet: Bool, type: RType?, at location: SourceLocation = .unknown,
                 binding: SourceLocation? = nil, caseBody: Bool = false) -> Local {
        var l = Local(slot: allocSlot(), isLet: isLet, boxed: isBoxed(name, at: binding ?? location), type: type, location: location)
        l.isCaseBodyCopy = caseBody
        if type == nil { l.inferredType = resolution?.inferredType(name, at: binding ?? location) }
        blocks[blocks.count - 1][name] = l
        return l
    }

    /// The innermost block's `name` was declared `T!`.
    func markImplicitlyUnwrapped(_ name: String) { blocks[blocks.count - 1][name]?.isImplicitlyUnwrapped = true }

    private func isBoxed(_ name: String, at binding: SourceLocation) -> Bool {
        if alwaysBoxed.contains(name) { return true }
        guard let resolution else { return false }
        // A binding the resolver did not see (a helper slot) is boxed by name, as
        // emission did before the resolver: safe, if sometimes more than needed.
        return resolution.isCaptured(name, at: binding) ?? resolution.namesInClosures.contains(name)
    }

    func pushBlock() { blocks.append([:]) }
    func popBlock() {
        // Slots are not reused across sibling blocks: a boxed slot must never be read as
        // another variable's plain value, and frames stay small anyway.
        blocks.removeLast()
    }

    /// `name` as the innermost block declares it (no outer block's).
    func innermostLocal(_ name: String) -> Local? { blocks.last?[name] }

    func findLocal(_ name: String) -> Local? {
        for b in blocks.reversed() { if let l = b[name] { return l } }
        return nil
    }

    /// How `name`, captured here, is held by a capture list (this closure's or an enclosing
    /// one's); nil for a variable of an enclosing function.
    func captureListStrength(_ name: String) -> ReferenceStrength? {
        var s: FnScope? = self
        while let x = s {
            if x.findLocal(name) != nil { return nil }
            if let r = x.captureList[name] { return r }
            s = x.parent
        }
        return nil
    }

    /// A name from an enclosing function, captured into this closure.
    /// The local `name` names here, in this function or an enclosing one, without
    /// capturing it (what `findCapture` would find, and no capture recorded).
    func visibleLocal(_ name: String) -> Local? {
        var s: FnScope? = self
        while let x = s {
            if let l = x.findLocal(name) { return l }
            if let c = x.captureIndex[name] { return c.1 }
            s = x.parent
        }
        return nil
    }

    func findCapture(_ name: String) -> (Int, Local)? {
        if let c = captureIndex[name] { return c }
        guard let p = parent else { return nil }
        if let l = p.findLocal(name) {
            // Emission boxes what the resolver saw captured: a capture it did not foresee
            // would copy a variable that the closure must share.
            assert(l.boxed || name == "self", "resolver missed the capture of '\(name)'")
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
