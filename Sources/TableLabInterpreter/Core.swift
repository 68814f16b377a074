// The interpreter's state between runs: types, globals, functions, and the machine.

import TableLabSyntax
import TableLabExhaustiveness

final class InterpreterCore {
    /// Told each function's resolution as the function is compiled, with its display name
    /// (ResolverTypesTests: what the resolver typed in an initializer, an accessor, ...).
    var resolutionObserver: ((String, Resolution) -> Void)?
    @exclusivity(unchecked) var types: [UserType] = []
    /// The methods the host has called by full name (HostInstances.swift), filled at each
    /// name's first call.
    var hostMethodCalls: [String: HostMethodCall] = [:]
    /// The host's reads of a member by name (`Interpreter.member(_:of:)`): a handle per
    /// name, made at its first read, so its IDs are found once and what it found is kept.
    var hostMemberReads: [String: HostMemberRead] = [:]
    @exclusivity(unchecked) var typeSlots: [String: TypeSlot] = [:]
    @exclusivity(unchecked) var globalIndex: [String: Int] = [:]
    @exclusivity(unchecked) var globalNames: [String] = []
    @exclusivity(unchecked) var globalIsLet: [Bool] = []
    @exclusivity(unchecked) var globalTypes: [RType?] = []
    /// Each global's declaration as written (its annotation, its initializer), by slot: `:type`
    /// answers from it without running anything (StaticExpressionType.swift).
    var globalDeclarations: [Int: (type: TypeSyntax?, initializer: Expr?)] = [:]
    /// An unannotated global's copied declared type (`var x = es`), as `Local.copiedType`.
    var globalCopiedTypes: [Int: RType] = [:]
    /// Where each global was declared (for "change 'let' to 'var'" notes).
    @exclusivity(unchecked) var globalDeclLocations: [SourceLocation] = []
    @exclusivity(unchecked) var functions: [String: FunctionCell] = [:]
    @exclusivity(unchecked) var functionsByBase: [String: [FunctionCell]] = [:]
    /// A script declared a `~=` (PatternMatchOperator.swift): expression patterns look for it.
    @exclusivity(unchecked) var patternOperatorsDeclared = false
    @exclusivity(unchecked) var nativeBuiltins: [String: ([Value]) throws -> Value] = [:]
    let machine: Ctx
    @exclusivity(unchecked) var output: (String) -> Void = { print($0, terminator: "") }
    @exclusivity(unchecked) var warningHandler: (Diagnostic) -> Void = { _ in }
    @exclusivity(unchecked) var commandHandler: ((String, String, SourceLocation, SourceFile) throws -> Void)?
    @exclusivity(unchecked) var currentFile: SourceFile?
    /// While a unit's top-level statements compile: the names found in no scope
    /// (StaticEntryCheck.swift); nil otherwise.
    @exclusivity(unchecked) var unresolvedTopLevelNames: [(name: String, at: SourceLocation)]?
    /// Top-level functions (by full name) that the last unit declaring them declared more
    /// than once with other parameter types: overloads in Swift, one function here
    /// (OverloadCheck.swift).
    var overloadedByParameterTypes = Set<String>()
    /// The overload sets declared under names of their own (OverloadLowering.swift).
    let overloads = OverloadState()
    /// While a unit's top-level statements or its functions compile before it runs: the
    /// errors swiftc's type checker gives that a compile site already knows (a generic
    /// call's declared argument types), so that the unit stops with nothing run.
    @exclusivity(unchecked) var compileTimeRefusals: [RuntimeError]?
    /// A subscript's `[`, by the place of the subscript expression (its base's): swiftc puts
    /// "must be unwrapped" on a subscript's Optional result there.
    @exclusivity(unchecked) var subscriptBrackets: [SourceLocation: SourceLocation] = [:]
    /// While the unit's functions are compiled ahead (FunctionNameCheck.swift): their names
    /// that nothing resolves are collected too, not only the top level's.
    @exclusivity(unchecked) var recordingFunctionNames = false
    /// While a unit compiles ahead of its run: the comparisons whose declared operand
    /// types already make them swiftc's error (EqualityCheck.swift); nil otherwise.
    @exclusivity(unchecked) var staticEqualityErrors: [RuntimeError]?
    /// The arithmetic operators (and compound assignments) one of whose operands is a call
    /// with a literal argument (`s + S(a: 1)`): where no operator takes two values of a
    /// script's type there, swiftc words its error after FloatingPoint's (or BinaryInteger's)
    /// operator (UserOperators.swift). Filled as the sites compile, only for such operands.
    @exclusivity(unchecked) var literalCallOperatorSites = Set<SourceLocation>()
    /// How many subscript indices were evaluated ahead of an assignment's value (AssignmentIndexOrder.swift): names their hidden locals.
    var hoistingCount = 0
    /// The compound assignments whose right operand is an integer literal (`cart += 2`),
    /// by the operator's place: a script's `+=` taking a Double takes it, as Swift types
    /// the literal (UserOperators.swift). Filled as the sites compile, only for such operands.
    @exclusivity(unchecked) var integerLiteralCompoundSites = Set<SourceLocation>()
    /// The comparisons whose always-true-or-false warning was given (a site compiles more
    /// than once: ahead of the run, then for it).
    @exclusivity(unchecked) var reportedAlwaysComparisons = Set<SourceLocation>()
    /// The comparisons that swiftc words by the `referencing` overload for where they stand.
    @exclusivity(unchecked) var equalityReferencingSites = Set<SourceLocation>()
    /// What the host (the table simulator) configured: see Interpreter+Hosting.swift.
    var hosting = HostingState()
    /// Per-name cache of the enum that owns an implicit member when context gives none.
    @exclusivity(unchecked) var implicitMemberCache: [String: (Int32, Int32)] = [:]
    @exclusivity(unchecked) var implicitMemberCacheGeneration = 0
    /// Bumped when a type is (re)declared, so caches keyed by type id stay valid. Kept
    /// behind a pointer: a compiled closure captures `typeGenerationCell` and reads it
    /// without retaining the interpreter (through `[unowned(unsafe) self]` every read of
    /// `self.typeGeneration` was a retain and a release, ~40 instructions per row of W2-W4).
    let typeGenerationCell: UnsafeMutablePointer<Int> = {
        let p = UnsafeMutablePointer<Int>.allocate(capacity: 1)
        p.initialize(to: 0)
        return p
    }()
    var typeGeneration: Int {
        get { typeGenerationCell.pointee }
        set { typeGenerationCell.pointee = newValue }
    }
    /// Names of every type's `lazy var`s: reading one of these needs the holder's storage.
    @exclusivity(unchecked) var lazyNames: Set<String> = []
    /// Some type declares a `private(set)` property: member writes check access (Access.swift).
    @exclusivity(unchecked) var declaresPrivateSetters = false
    /// Globals declared without a value that a plain `=` initializes (DeferredLet.swift): a
    /// `let` (once) and, with a type that is not Optional, a `var`.
    @exclusivity(unchecked) var deferredGlobals: Set<Int> = []
    /// Swift's `Result` when the interpreter declared it (ResultType.swift).
    @exclusivity(unchecked) var builtinResultType: UserType? = nil
    /// The iterator `makeIterator()` makes, once a unit names it (Iterators.swift).
    @exclusivity(unchecked) var builtinIteratorType: UserType? = nil
    /// Swift's `OptionSet` was declared by the interpreter (OptionSetType.swift).
    @exclusivity(unchecked) var optionSetIsBuiltin = false
    /// Set by `describe` when a value's text cannot be Swift's (see `describeChecked`).
    @exclusivity(unchecked) var undescribable: String? = nil
    /// While `describeChecked` writes Swift's text: a script type inside a collection, an
    /// Optional or a struct is qualified by the module, as Swift prints it (`main.E.a`).
    /// Off, `describe` gives the session's own shorter display (`.a`): the echo, `:show`,
    /// diagnostics.
    @exclusivity(unchecked) var qualifiesTypeNames = false
    /// While a prelude (the host's or the standard library's types written in Swift) is
    /// declared: its types are built-in (`UserType.isBuiltin`), not the script's.
    @exclusivity(unchecked) var declaringBuiltins = false
    /// Whether hoisting makes swiftc's whole-declaration checks (recursive value types,
    /// implicit initializer cycles, synthesized conformances): for a script's declarations.
    /// The host's preludes are TableLab's own Swift, known to pass them, and every start-up
    /// paid for checking them again; debug builds, which the tests run, still check them.
    var checksDeclarations: Bool {
        #if DEBUG
        return true
        #else
        return !declaringBuiltins
        #endif
    }
    /// DispatchQueue's main queue and UserDefaults (FoundationObjects.swift).
    let foundation = FoundationState()
    /// Static stored properties waiting for their initializer to run.
    @exclusivity(unchecked) var staticInits: [(Int, VariableDecl, UserType)] = []
    /// `willSet`/`didSet` of globals and static properties, by global slot (Observers.swift).
    @exclusivity(unchecked) var globalObservers: [Int: PropertyObserver] = [:]
    /// Above zero while an initializer runs: its property writes call no observers.
    @exclusivity(unchecked) var observerBypass = 0
    /// Set when a modify path steps through a class instance or a host object (`h.box.x = 1`
    /// with `box` a class): Swift only reads the properties above such a step, so their
    /// observers and setters do not run (`passesThroughReference`, Observers.swift).
    @exclusivity(unchecked) var steppedThroughReference = false
    /// Changes made through stored properties, counted, and the last `append`: what lets a
    /// typed property check only the new element after an append, not its whole array
    /// (`checkedOnlyAppended`, Classes.swift).
    @exclusivity(unchecked) var modifyEpoch = 0
    @exclusivity(unchecked) var trustedAppendEpoch = -1
    @exclusivity(unchecked) var trustedAppendBase: UnsafeRawPointer? = nil
    /// The same for an append to an element of an array (`rows[i].append(x)`): the array's
    /// storage and the element's index.
    @exclusivity(unchecked) var trustedElementEpoch = -1
    @exclusivity(unchecked) var trustedElementBase: UnsafeRawPointer? = nil
    @exclusivity(unchecked) var trustedElementIndex = -1
    /// Some class has a `deinit` with statements: blocks end their locals (Deinit.swift).
    @exclusivity(unchecked) var classesHaveDeinit = false
    /// Whether some type declares a `subscript` (Subscripts.swift).
    @exclusivity(unchecked) var declaresSubscripts = false
    /// Static stored properties not read yet, by the marker their slot holds (Statics.swift).
    /// Computed globals by their slot's marker box (ComputedGlobals.swift).
    var computedGlobals: [ObjectIdentifier: ComputedGlobal] = [:]
    @exclusivity(unchecked) var pendingStatics: [ObjectIdentifier: (slot: Int, decl: VariableDecl, type: UserType)] = [:]
    /// Run-time exhaustiveness: the checker, its verdicts, the loaded switches (SwitchExhaustiveness.swift).
    lazy var switchChecks = SwitchExhaustiveness(core: self)
    /// Protocols, type aliases, generic scopes, extensions of built-in types (Protocols.swift).
    let protocols = ProtocolState()
    /// Properties declared `T!` and the unwraps inserted for them (HostInstances.swift).
    let implicitUnwrapping = ImplicitUnwrapState()
    /// The class a static member was called on: `self` in it (HostInstances.swift).
    let dynamicSelf = DynamicSelfState()
    /// An error raised by a `description` getter while `describe` ran (`describeChecked` throws it).
    @exclusivity(unchecked) var pendingDescribeError: RuntimeError? = nil
    /// How many values `describe` is inside of now (Describe.swift's `describeDepthLimit`).
    @exclusivity(unchecked) var describeDepth = 0
    /// A Set or Dictionary of two or more elements `describe` wrote, and the places already
    /// warned that Swift leaves its order unspecified (UnorderedOutput.swift).
    @exclusivity(unchecked) var unorderedDescribed: UnorderedKind? = nil
    var unorderedWarnedAt = Set<SourceLocation>()
    /// Arrays made from a Set's or a Dictionary's elements in their order, by storage (UnorderedOutput.swift).
    var unorderedArrays: [UnsafeRawPointer: UnorderedArray] = [:]
    /// The enum types a redeclaration replaced, as of `typeGeneration` (StaleDescribe.swift).
    @exclusivity(unchecked) var staleTypes: (generation: Int, ids: Set<Int32>) = (-1, [])
    /// While a unit's declarations are not yet committed: what they replaced (DeclarationJournal.swift).
    var declarationJournal: DeclarationJournal?
    /// While the member check runs: type names whose members it cannot be sure of (MemberNameCheck.swift).
    var unsureTypeNames: Set<String> = []
    /// While the member check runs: the names the unit or the session declares `T!` (a
    /// variable's or a parameter's), whose Optional type the typer does not mark.
    var implicitlyUnwrappedNames: Set<String> = []
    /// While the member check runs: the types and protocols the unit extends (their members grow).
    var unitExtendedTypeNames: Set<String> = []
    /// Some unit of the session imported a module beyond Apple's (SnapKit): its extensions
    /// may give UIKit's and the standard library's types any member (MemberNameCheck.swift).
    var importedOtherModule = false
    /// The session imported a module other than UIKit's and Foundation's (InheritedNameCheck.swift).
    var importsUnknownModule = false
    /// A unit imported Foundation (or UIKit, which re-exports it): its overloads answer where
    /// they differ from the standard library's (`s.contains("")` is false).
    @exclusivity(unchecked) var importsFoundation = false
    /// Function names a unit declares twice or in place: their calls' types are not sure.
    var unsureFunctionNames: Set<String> = []
    /// While the member check runs: some type declares `callAsFunction` (its values are callable).
    var memberCheckSeesCallAsFunction = false

    static let stackSlots = 1 << 21
    /// Registers of typed register code (IntRegisters.swift): 16 MiB of address space,
    /// allocated when such code first runs and touched as used; room for 10,000 frames of
    /// the largest register frame. A frame that would not fit runs outside the loop, or as
    /// the tree.
    static let intRegisters = 1 << 21
    /// Global variables, static stored properties and names mentioned before their
    /// declaration share these slots; the first is the spare of `globalSlot`.
    static let globalSlots = 1 << 16
    static let spareGlobalSlot = 0
    /// Set when a name found no free global slot; `checkGlobalsLeft` reports it.
    @exclusivity(unchecked) var globalsExhausted = false
    /// Bytes the process may hold while scripts run (`--max-memory`).
    /// Kept in the machine, where the periodic memory check reads it.
    var memoryBudget: Int {
        get { machine.pointee.memoryBudget }
        set { machine.pointee.memoryBudget = newValue }
    }

    /// The error for a statement that needed a global slot when none was left.
    func checkGlobalsLeft(at location: SourceLocation) throws {
        guard globalsExhausted else { return }
        globalsExhausted = false
        throw RuntimeError(LimitMessage.tooManyGlobals(Self.globalSlots - 1), at: location)
    }

    /// `maxSteps` is kept below Int.max: the checks compare against `maxSteps + 1`, and
    /// 2^63 - 1 steps are never run anyway.
    init(maxSteps: Int?) {
        let stack = UnsafeMutablePointer<Value>.allocate(capacity: Self.stackSlots)
        let globals = UnsafeMutablePointer<Value>.allocate(capacity: Self.globalSlots)
        let registers = UnsafeMutablePointer<Int>.allocate(capacity: 1)
        machine = Ctx.allocate(capacity: 1)
        machine.initialize(to: Machine(
            fp: stack, sp: stack, stackBase: stack, stackEnd: stack + Self.stackSlots,
            globals: globals, globalCapacity: Self.globalSlots,
            intTop: registers, intEnd: registers, env: [], returnValue: .void,
            depth: 0, maxDepth: 10_000, steps: 0, nextCheck: stepCheckInterval,
            maxSteps: min(maxSteps ?? Int.max, Int.max - 1), nativeStackLimit: 0,
            memoryBudget: MemoryBudget.defaultBudget))
        // A host registers about a hundred native functions and sixty globals before the
        // first script: room for them at once spares rehashing every name as each table grows.
        nativeBuiltins.reserveCapacity(128)
        functions.reserveCapacity(128)
        functionsByBase.reserveCapacity(128)
        globalIndex.reserveCapacity(128)
        _ = globalSlot("<spare>")
        EnumHashing.claim(self)
        Deinits.enter(self)
    }

    deinit {
        Deinits.leave(self)
        // A Swift program ends without destroying its globals: no `deinit` runs now.
        machine.pointee.trapping = true
        EnumHashing.release(self)
        let m = machine.pointee
        m.stackBase.deinitialize(count: m.sp - m.stackBase)
        m.stackBase.deallocate()
        m.globals.deinitialize(count: globalNames.count)
        m.globals.deallocate()
        (m.intRegistersAllocated ? m.intEnd - Self.intRegisters : m.intEnd).deallocate()
        machine.deinitialize(count: 1)
        machine.deallocate()
        typeGenerationCell.deallocate()
    }

    /// The slot of a global variable; created (undefined) on first mention so that
    /// functions may refer to globals declared later in the file.
    func globalSlot(_ name: String) -> Int {
        if let i = globalIndex[name] { return i }
        let i = globalNames.count
        if i >= Self.globalSlots {
            // Full: the name gets the spare slot, which stays undefined (a read or an
            // assignment is "cannot find"), and the statement being compiled is refused.
            globalsExhausted = true
            return Self.spareGlobalSlot
        }
        globalNames.append(name)
        globalIsLet.append(false)
        globalTypes.append(nil)
        globalDeclLocations.append(.unknown)
        (machine.pointee.globals + i).initialize(to: .box(undefinedGlobal))
        globalIndex[name] = i
        return i
    }

    func isGlobalDefined(_ name: String) -> Bool {
        guard let i = globalIndex[name] else { return false }
        if case .box = machine.pointee.globals[i] { return false }
        return true
    }

    func typeSlot(_ name: String) -> TypeSlot {
        if let s = typeSlots[name] { return s }
        let s = TypeSlot(name: name)
        typeSlots[name] = s
        return s
    }

    func userType(_ name: String) -> UserType? { typeSlots[name]?.current }

    /// Runs `body` with `file` as the current file: code compiled on first use (a function,
    /// a method, a default) is compiled in the file that declared it, not in its caller's.
    func inFile<T>(_ file: SourceFile?, _ body: () throws -> T) rethrows -> T {
        guard let file, file !== currentFile else { return try body() }
        let saved = currentFile
        currentFile = file
        defer { currentFile = saved }
        return try body()
    }

    /// The file that declared a value's type (nil for built-in values).
    func declaringFile(of value: Value) -> SourceFile? {
        switch value {
        case .structValue(let s): return s.type.file
        case .enumCase(let tid, _): return types[Int(tid)].file
        case .payloadCase(let p): return types[Int(p.typeID)].file
        case .type(.table(let inst)): return inst.type.file
        default: return nil
        }
    }

    func newType(kind: TypeKind, name: String) -> UserType {
        let t = UserType(kind: kind, name: name, id: Int32(types.count))
        t.file = currentFile
        t.isBuiltin = declaringBuiltins
        t.module = hosting.declaringModule
        types.append(t)
        let slot = typeSlot(name)
        journalTypeSlot(slot)
        slot.current = t
        typeGeneration += 1
        implicitMemberCache.removeAll()
        return t
    }

    // MARK: Type annotations

    func resolveType(_ t: TypeSyntax) -> RType {
        switch t {
        case .named(let n):
            switch n {
            case "Int": return .int
            case "UInt", "UInt8", "UInt16", "UInt32", "UInt64", "Int8", "Int16", "Int32", "Int64":
                return .fixed(IntKind(name: n)!)
            case "Double", "CGFloat": return .double
            case "Float": return .float
            // Foundation's and Core Location's typealiases of Double.
            case "TimeInterval", "CLLocationDegrees", "CLLocationDistance", "CLLocationSpeed", "CLLocationDirection":
                return .double
            case "Bool": return .bool
            case "String", "Character": return .string
            // A value of its own (Substrings.swift), which a String literal given for it becomes.
            case "Substring", "String.SubSequence": return .external("Substring")
            case "Any", "AnyHashable": return .any
            case "AnyObject": return .conforming("AnyObject")
            case "Void": return .void
            default:
                if let special = resolveSpecialType(n) { return special }
                if let s = typeSlots[n], s.current != nil { return .user(s) }
                if let range = rangeType(n) { return range }
                // `Result<Int, LoadError>`: Swift's Result (ResultType.swift), unchecked arguments.
                if n.hasPrefix("Result<"), resultIsBuiltin, let s = typeSlots["Result"] { return .user(s) }
                // `Settings.Row`: nested types are known by their own name.
                if n.contains("."), !n.contains("<") {
                    let path = n.split(separator: ".").map(String.init)
                    if path.allSatisfy({ typeSlots[$0]?.current != nil }), let s = typeSlots[path[path.count - 1]] { return .user(s) }
                    // `Double.Money`: nested in an extension of a built-in type.
                    if path.count == 2, protocols.builtinExtensions[path[0]] != nil, let s = typeSlots[path[1]],
                       s.current?.enclosingName == path[0] { return .user(s) }
                }
                if n == "Set" { return .set(.any) }
                // `let d: Dictionary = x`: Swift infers the generic arguments from the value.
                if n == "Dictionary" { return .dictionary(.any, .any) }
                if n == "Array" { return .array(.any) }
                if n.hasPrefix("Array<") || n.hasPrefix("Dictionary<") { return .any }
                // A key path is read as a closure (Parser+Expressions.swift).
                if n.hasPrefix("KeyPath<") || n.hasPrefix("WritableKeyPath<") || n.hasPrefix("ReferenceWritableKeyPath<") { return .function }
                if let s = typeSlots[n] { return .user(s) }
                return .external(n)
            }
        case .array(let e): return .array(resolveType(e))
        case .dictionary(let k, let v): return .dictionary(resolveType(k), resolveType(v))
        case .set(let e): return .set(resolveType(e))
        case .optional(let w): return .optional(resolveType(w))
        case .tuple(let ts):
            if ts.isEmpty { return .void }
            if ts.contains(where: { if case .labelled = $0 { return true }; return false }) {
                let labels: [String?] = ts.map { if case .labelled(let l, _) = $0 { return l }; return nil }
                return .labelledTuple(labels: labels, elements: ts.map(resolveType))
            }
            return .tuple(ts.map(resolveType))
        case .labelled(_, let t): return resolveType(t)
        case .function: return .function
        // Only a function type's parameter; its value is the caller's variable's.
        case .inout(let t): return resolveType(t)
        }
    }

    /// The value converted to an annotation (Int to Double, wrapping in Optional), or nil
    /// when it does not conform.
    func coerce(_ v: Value, to t: RType) -> Value? {
        switch t {
        case .any: return v
        case .int: if case .int = v { return v }; return nil
        case .fixed(let k):
            switch v {
            case .fixed(let f): return f.kind == k ? v : nil
            // A literal whose context was not known when it was compiled.
            case .int(let i): return k.contains(Int128(i)) ? .fixed(FixedInt(k, Int128(i))) : nil
            default: return nil
            }
        case .double:
            switch v {
            case .double: return v
            case .int(let i): return .double(Double(i))
            default: return nil
            }
        case .float:
            switch v {
            case .float: return v
            // A literal whose context was not known when it was compiled (the numeric check
            // refuses an Int or a Double value given where a Float is expected).
            case .int(let i): return .float(Float(i))
            case .double(let d): return .float(Float(d))
            default: return nil
            }
        case .bool: if case .bool = v { return v }; return nil
        case .string: if case .string = v { return v }; return nil
        case .void:
            // `()` written is an empty tuple: Void's one value (`() is Void`).
            if case .void = v { return v }
            if case .tuple(let tv) = v, tv.elements.isEmpty { return v }
            return nil
        case .optional(let w):
            switch v {
            case .nilValue: return v
            case .wrapped(let x):
                if case .any = w { return v }
                guard let c = coerce(x, to: w) else {
                    // A nested optional annotation: wrap the whole.
                    if case .optional = w, let c2 = coerce(v, to: w) { return .wrapped(c2) }
                    return nil
                }
                return .wrapped(c)
            default:
                guard let c = coerce(v, to: w) else { return nil }
                return .wrapped(c)
            }
        case .array(let e):
            return coerceArray(v, elementType: e, to: t)
        case .dictionary(let kt, let vt):
            return coerceDictionary(v, keyType: kt, valueType: vt)
        case .set(let e):
            return coerceSet(v, elementType: e)
        case .tuple(let ts):
            if ts.isEmpty, case .void = v { return v }
            guard case .tuple(var tv) = v, tv.elements.count == ts.count else { return nil }
            for i in 0..<ts.count {
                guard let c = coerce(tv.elements[i], to: ts[i]) else { return nil }
                tv.elements[i] = c
            }
            // Swift converts a labelled tuple to an unlabelled tuple type, dropping the labels.
            tv.labels = nil
            return .tuple(tv)
        case .labelledTuple(let labels, let ts):
            return coerceLabelledTuple(v, labels: labels, types: ts)
        case .function: if case .function = v { return v }; return nil
        case .conforming(let spec), .generic(_, let spec): return valueConforms(v, spec) ? v : nil
        case .user(let slot):
            guard let ut = slot.current else { return v }
            switch v {
            case .enumCase(let tid, _): return tid == ut.id ? v : nil
            case .payloadCase(let p): return p.typeID == ut.id ? v : nil
            case .structValue(let s): return s.type === ut ? v : nil
            case .object(let o) where o.standsForStruct != nil: return o.standsForStruct == ut.name ? v : nil
            case .type(.table(let inst)): return inst.type === ut || isSubclass(inst.type, of: ut) ? v : nil
            // An array literal of an option set's members passed where the set is expected
            // (`mask.formUnion([.a, .b])`): the arguments of a protocol extension's method
            // get their context only here.
            case .array(let a) where isOptionSet(ut): return optionSetValue(ut, members: a.values)
            default: return nil
            }
        case .external(let n):
            return coerceExternal(v, typeName: n)
        }
    }

    private func coerceArray(_ v: Value, elementType e: RType, to t: RType) -> Value? {
        // With an Array context, Swift's `reversed()` is Sequence's, which gives an Array.
        if case .object(let r as ReversedCollection) = v { return coerce(.array(r.elements), to: t) }
        // With an Array context, swiftc picks Sequence's eager `map`/`filter`/`compactMap` for
        // the chain's last step: the elements are taken now, in the iterator's order.
        if case .object(let z as LazySequenceObject) = v, !z.steps.isEmpty { return coerce(.array(eagerElements(z)), to: t) }
        guard case .array(let a) = v else {
            if case .range(let l, let u, let c) = v, case .int = e, !u.subtractingReportingOverflow(l).overflow, u - l < 50_000_000 { return .array(rangeArray(l, u, c)) }
            return nil
        }
        if case .any = e { return v }
        if allElements(a, alreadyAre: e) { return v }
        var out: [Value]? = nil
        for (i, x) in a.enumerated() {
            guard let c = coerceFast(x, to: e) else { return nil }
            if let c {
                if out == nil { out = a.values }
                out![i] = c
            }
        }
        if let out { return .array(out) }
        return v
    }

    private func coerceDictionary(_ v: Value, keyType kt: RType, valueType vt: RType) -> Value? {
        guard case .dictionary(let d) = v else { return nil }
        if case .any = kt, case .any = vt { return v }
        var changed = false
        var out: [Value: Value] = [:]
        for (k, x) in d {
            guard let ck = coerce(k, to: kt), let cx = coerce(x, to: vt) else { return nil }
            if ck != k || !sameRepresentation(cx, x) { changed = true }
            out[ck] = cx
        }
        return changed ? .dictionary(out) : v
    }

    /// A Set, or an array literal given where a Set is expected.
    private func coerceSet(_ v: Value, elementType e: RType) -> Value? {
        let elements: [Value]
        switch v {
        case .set(let s):
            if case .any = e { return v }
            elements = Array(s)
        case .array(let a): elements = a.values
        default: return nil
        }
        var out = Set<Value>()
        out.reserveCapacity(elements.count)
        for x in elements {
            guard let c = coerce(x, to: e) else { return nil }
            out.insert(c)
        }
        return .set(out)
    }

    private func coerceLabelledTuple(_ v: Value, labels: [String?], types ts: [RType]) -> Value? {
        guard case .tuple(var tv) = v, tv.elements.count == ts.count else { return nil }
        // Labels that differ from the type's do not convert (swiftc rejects it).
        if let have = tv.labels {
            for (h, w) in zip(have, labels) where h != nil && h != w { return nil }
        }
        for i in 0..<ts.count {
            guard let c = coerce(tv.elements[i], to: ts[i]) else { return nil }
            tv.elements[i] = c
        }
        tv.labels = labels
        return .tuple(tv)
    }

    /// A value of a type the interpreter does not define: the host's, or Foundation's.
    private func coerceExternal(_ v: Value, typeName n: String) -> Value? {
        if n == "Substring", case .string(let s) = v { return .object(SubstringObject(whole: s)) }
        // A host enum takes its own values and a case spelt where no type was known
        // (`.checkmark`), never a number, a Bool or another String (swiftc's type error).
        if hosting.valueTypes.contains(n), let cases = importedEnumCases(n) {
            switch v {
            case .int, .double, .float, .fixed, .bool, .array, .dictionary, .set, .tuple: return nil
            case .string(let s): return cases.contains(s.prefix(1).lowercased() + s.dropFirst()) ? v : nil
            default: return v
            }
        }
        if hosting.valueTypes.contains(n) { return v }
        if let kind = RangeTypeName(n) { return kind.accepts(v) ? v : nil }
        switch v {
        // `let tail: ArraySlice<Int> = a[1...]` (the elements' type is not checked).
        case .object(let o as ArraySliceObject) where o.viewName == nil && (n == "ArraySlice" || n.hasPrefix("ArraySlice<")): return v
        case .object(let o): return o.typeName == n || hosting.objectFits?(o, n) == true ? v : nil
        case .structValue(let s): return s.type.name == n ? v : nil
        case .string: return hosting.stringConformances.contains(n) ? v : nil
        case .enumCase(let tid, _): return types[Int(tid)].name == n ? v : nil
        case .payloadCase(let p): return types[Int(p.typeID)].name == n ? v : nil
        case .int, .double, .bool, .array, .dictionary, .nilValue, .wrapped: return nil
        default: return v
        }
    }

    /// Whether every element already has the representation `e` asks for, checked in one
    /// tight loop for the common element types (a `[Item]` argument is checked at each
    /// call); false sends the array through the general element loop.
    private func allElements(_ a: ValueArray, alreadyAre e: RType) -> Bool {
        if let t = a.compactTypeID {
            guard case .user(let slot) = e else { return false }
            return slot.currentID == t
        }
        switch e {
        case .int: return a.allSatisfy { if case .int = $0 { return true }; return false }
        case .string: return a.allSatisfy { if case .string = $0 { return true }; return false }
        case .bool: return a.allSatisfy { if case .bool = $0 { return true }; return false }
        case .double: return a.allSatisfy { if case .double = $0 { return true }; return false }
        case .float: return a.allSatisfy { if case .float = $0 { return true }; return false }
        case .user(let slot):
            let id = slot.currentID
            guard id >= 0 else { return false }
            return a.allSatisfy { if case .enumCase(let t, _) = $0 { return t == id }; return false }
        default: return false
        }
    }

    /// Element check for arrays: nil = mismatch, .some(nil) = unchanged, .some(v) = converted.
    @inline(__always)
    private func coerceFast(_ x: Value, to e: RType) -> Value?? {
        switch (x, e) {
        case (.int, .int), (.double, .double), (.string, .string), (.bool, .bool): return .some(nil)
        case (.enumCase(let tid, _), .user(let slot)): return slot.currentID == tid || slot.currentID < 0 ? .some(nil) : nil
        default:
            guard let c = coerce(x, to: e) else { return nil }
            return sameRepresentation(c, x) ? .some(nil) : .some(c)
        }
    }

    private func sameRepresentation(_ a: Value, _ b: Value) -> Bool {
        switch (a, b) {
        case (.double, .int), (.int, .double): return false
        case (.wrapped, .wrapped), (.nilValue, .nilValue): return a == b
        case (.wrapped, _), (_, .wrapped): return false
        case (.set, .array), (.array, .set): return false
        case (.tuple(let x), .tuple(let y)):
            return x.labels == y.labels && zip(x.elements, y.elements).allSatisfy { sameRepresentation($0.0, $0.1) }
        // An array of arrays whose inner elements were converted (tuples given their labels).
        case (.array(let x), .array(let y)):
            return x.count == y.count && zip(x, y).allSatisfy { sameRepresentation($0.0, $0.1) }
        default: return true
        }
    }

    func rangeArray(_ l: Int, _ u: Int, _ closed: Bool) -> [Value] {
        let end = closed ? u : u - 1
        if end < l { return [] }
        var a: [Value] = []
        a.reserveCapacity(end - l + 1)
        for i in l...end { a.append(.int(i)) }
        return a
    }

    /// Whether an annotation's type name, unknown to the script, is one the host provides
    /// (UIKit's and Foundation's names, the host's value types, registered native types)
    /// or a standard-library one.
    func isKnownExternal(_ n: String) -> Bool {
        if hosting.valueTypes.contains(n) || hosting.typeNames.contains(n) || Self.foundationEnums[n] != nil { return true }
        if RangeTypeName(n) != nil { return true }
        for prefix in ["Any", "Int", "Double", "String", "Substring", "Float", "Bool", "Character", "Optional", "Array", "Dictionary", "Set"] where n.hasPrefix(prefix) {
            return true
        }
        if n.contains(".") { return true }
        return typeSlots[n] != nil
    }

    /// Swift's spelling of a type for messages, preferring the declared annotation.
    func spelled(_ t: RType) -> String { t.description }
}
