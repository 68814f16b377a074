// An entry that fails to compile changes nothing (issue 13, as swiftc rejects the whole
// entry): the declarations it hoisted before the error are taken back. The journal records
// what a unit's declarations replace, each on its first change (a type name's current
// type, a function's cell, a global's declaration), so an entry pays for what it declares,
// not for the size of the session. The few tables that are not keyed by name are kept
// whole (copy-on-write: nothing is copied unless the entry changes them). Values are not
// journalled: nothing of the unit has run before its first statements compiled, and the
// redeclaration's carrying of values (Redeclaration.swift) waits for that point too.

import TableLabSyntax

/// What one unit's declarations replaced, until its first statements have compiled.
final class DeclarationJournal {
    fileprivate var slots: [ObjectIdentifier: (slot: TypeSlot, old: UserType?)] = [:]
    fileprivate var cells: [String: (cell: FunctionCell, saved: FunctionCellState?)] = [:]
    fileprivate var globals: [Int: GlobalDeclarationState] = [:]
    /// The member tables of every type, when the unit extends types it did not declare.
    fileprivate var members: [(UserType, TypeMemberState)] = []
    fileprivate let tables: CoreTables

    fileprivate init(_ tables: CoreTables) { self.tables = tables }
}

private struct FunctionCellState {
    let decl: FunctionDecl?
    let file: SourceFile?
    let compiled: CompiledFunction?
    let native: (([Value]) throws -> Value)?
}

private struct GlobalDeclarationState {
    let isLet: Bool
    let type: RType?
    let declaration: (type: TypeSyntax?, initializer: Expr?)?
    let location: SourceLocation
    let copiedType: RType?
}

/// The core's tables that are not keyed by one declared name.
private struct CoreTables {
    let lazyNames: Set<String>
    let declaresPrivateSetters: Bool
    let declaresSubscripts: Bool
    let staticInits: [(Int, VariableDecl, UserType)]
    let globalObservers: [Int: PropertyObserver]
    let deferredGlobals: Set<Int>
    let implicitlyUnwrapped: Set<String>
    let implicitlyUnwrappedGlobals: Set<String>
    let implicitlyUnwrappedClosures: Set<String>
    let protocols: [String: ProtocolInfo]
    let typeAliases: [String: TypeSyntax]
    let genericParameters: [Int32: [GenericParameter]]
    let builtinExtensions: [String: UserType]
    let hostExtensionInits: [String: UserType]
    let builtinConformances: [String: Set<String>]
    let memberRequirements: [String: [String: ExtensionRequirement]]
    let defaulted: Set<String>
    let memberAliases: [Int32: [TypeAliasDecl]]
}

/// Everything an extension (of the type, of a protocol it conforms to, of its host class)
/// may add to a type that already exists.
private struct TypeMemberState {
    let conformances: Set<String>
    let declaresEquatable: Bool, declaresHashable: Bool, hasCustomOperators: Bool
    let customHashing: CustomHashing?
    let privateSetters: Set<String>
    let methods: [String: MethodSlot]
    let methodsByBase: [String: [String]]
    let computed: [String: MethodSlot]
    let staticStored: [String: Int]
    let lazyProperties: [String: LazyProperty]
    let observers: [Int: PropertyObserver]
    let subscripts: [SubscriptSlot]
    let initializers: [FunctionDecl]
    let compiledInits: [String: CompiledFunction]
    let compiledDefaults: [Int: CompiledFunction]
    let classInits: [ClassInit]?
    let classConformances: Set<String>?
    let finalMembers: Set<String>?
    let hasImplicitInit: Bool?
    let chosenInits: [[String?]: ChosenInit]?

    init(_ t: UserType) {
        conformances = t.conformances
        declaresEquatable = t.declaresEquatable; declaresHashable = t.declaresHashable
        hasCustomOperators = t.hasCustomOperators
        customHashing = t.customHashing
        privateSetters = t.privateSetters
        methods = t.methods; methodsByBase = t.methodsByBase; computed = t.computed
        staticStored = t.staticStored; lazyProperties = t.lazyProperties; observers = t.observers
        subscripts = t.subscripts; initializers = t.initializers
        compiledInits = t.compiledInits; compiledDefaults = t.compiledDefaults
        classInits = t.classInfo?.inits; classConformances = t.classInfo?.conformances
        finalMembers = t.classInfo?.finalMembers; hasImplicitInit = t.classInfo?.hasImplicitInit
        chosenInits = t.classInfo?.chosenInits
    }

    func restore(_ t: UserType) {
        t.conformances = conformances
        t.declaresEquatable = declaresEquatable; t.declaresHashable = declaresHashable
        t.hasCustomOperators = hasCustomOperators
        t.customHashing = customHashing
        t.privateSetters = privateSetters
        t.methods = methods; t.methodsByBase = methodsByBase; t.computed = computed
        t.staticStored = staticStored; t.lazyProperties = lazyProperties; t.observers = observers
        t.subscripts = subscripts; t.initializers = initializers
        t.compiledInits = compiledInits; t.compiledDefaults = compiledDefaults
        if let info = t.classInfo {
            if let classInits { info.inits = classInits }
            if let classConformances { info.conformances = classConformances }
            if let finalMembers { info.finalMembers = finalMembers }
            if let hasImplicitInit { info.hasImplicitInit = hasImplicitInit }
            if let chosenInits { info.chosenInits = chosenInits }
        }
    }
}

extension InterpreterCore {
    /// Starts recording what `unit`'s declarations replace. A unit with an extension may
    /// change any type that exists (a protocol extension reaches every conforming type), so
    /// then every type's member tables are kept.
    func beginDeclarations(_ unit: SourceUnit) -> DeclarationJournal {
        let p = protocols
        let journal = DeclarationJournal(CoreTables(
            lazyNames: lazyNames, declaresPrivateSetters: declaresPrivateSetters,
            declaresSubscripts: declaresSubscripts, staticInits: staticInits,
            globalObservers: globalObservers, deferredGlobals: deferredGlobals,
            implicitlyUnwrapped: implicitUnwrapping.names, implicitlyUnwrappedGlobals: implicitUnwrapping.globals,
            implicitlyUnwrappedClosures: implicitUnwrapping.closureNames,
            protocols: p.protocols, typeAliases: p.typeAliases, genericParameters: p.genericParameters,
            builtinExtensions: p.builtinExtensions, hostExtensionInits: p.hostExtensionInits, builtinConformances: p.builtinConformances,
            memberRequirements: p.memberRequirements, defaulted: p.defaulted, memberAliases: p.memberAliases))
        let extends = unit.statements.contains { s in
            if case .declaration(.extension) = s.kind { return true }
            return false
        }
        if extends {
            for t in types { journal.members.append((t, TypeMemberState(t))) }
        }
        declarationJournal = journal
        return journal
    }

    /// The unit compiled: what it declared stays.
    func commitDeclarations() { declarationJournal = nil }

    /// The unit failed before any of it ran: every declaration it made is taken back.
    func rollBackDeclarations(_ journal: DeclarationJournal) {
        declarationJournal = nil
        for (_, entry) in journal.slots { entry.slot.current = entry.old }
        for (name, entry) in journal.cells {
            if let saved = entry.saved {
                entry.cell.decl = saved.decl
                entry.cell.file = saved.file
                entry.cell.compiled = saved.compiled
                entry.cell.native = saved.native
            } else {
                functions[name] = nil
                functionsByBase[entry.cell.baseName]?.removeAll { $0 === entry.cell }
                if functionsByBase[entry.cell.baseName]?.isEmpty == true { functionsByBase[entry.cell.baseName] = nil }
            }
        }
        for (slot, g) in journal.globals {
            globalIsLet[slot] = g.isLet
            globalTypes[slot] = g.type
            globalDeclarations[slot] = g.declaration
            globalDeclLocations[slot] = g.location
            globalCopiedTypes[slot] = g.copiedType
        }
        for (t, state) in journal.members { state.restore(t) }
        let c = journal.tables
        lazyNames = c.lazyNames
        declaresPrivateSetters = c.declaresPrivateSetters
        declaresSubscripts = c.declaresSubscripts
        staticInits = c.staticInits
        globalObservers = c.globalObservers
        deferredGlobals = c.deferredGlobals
        implicitUnwrapping.names = c.implicitlyUnwrapped
        implicitUnwrapping.globals = c.implicitlyUnwrappedGlobals
        implicitUnwrapping.closureNames = c.implicitlyUnwrappedClosures
        protocols.protocols = c.protocols
        protocols.typeAliases = c.typeAliases
        protocols.genericParameters = c.genericParameters
        protocols.builtinExtensions = c.builtinExtensions
        protocols.hostExtensionInits = c.hostExtensionInits
        protocols.builtinConformances = c.builtinConformances
        protocols.memberRequirements = c.memberRequirements
        protocols.defaulted = c.defaulted
        protocols.memberAliases = c.memberAliases
        // Caches keyed by type generation forget what the taken-back types taught them.
        typeGeneration += 1
        implicitMemberCache.removeAll()
    }

    /// Before a type name gets a new current type.
    func journalTypeSlot(_ slot: TypeSlot) {
        guard let journal = declarationJournal else { return }
        let key = ObjectIdentifier(slot)
        if journal.slots[key] == nil { journal.slots[key] = (slot, slot.current) }
    }

    /// Before a function's cell is redeclared (`existing`) or made.
    func journalFunction(_ fullName: String, existing: FunctionCell?, new: FunctionCell?) {
        guard let journal = declarationJournal, journal.cells[fullName] == nil else { return }
        if let c = existing {
            journal.cells[fullName] = (c, FunctionCellState(decl: c.decl, file: c.file, compiled: c.compiled, native: c.native))
        } else if let c = new {
            journal.cells[fullName] = (c, nil)
        }
    }

    /// Before a global's declaration (`let`/`var`, its type, its text) changes.
    func journalGlobal(_ slot: Int) {
        guard let journal = declarationJournal, journal.globals[slot] == nil else { return }
        journal.globals[slot] = GlobalDeclarationState(isLet: globalIsLet[slot], type: globalTypes[slot],
                                                       declaration: globalDeclarations[slot],
                                                       location: globalDeclLocations[slot],
                                                       copiedType: globalCopiedTypes[slot])
    }
}

extension InterpreterCore {
    /// Runs `body` with its warnings kept back and returned, for the caller to report once
    /// what they describe has happened.
    func collectingWarnings(_ body: () -> Void) -> [Diagnostic] {
        final class Collected { var warnings: [Diagnostic] = [] }
        let collected = Collected()
        let handler = warningHandler
        warningHandler = { collected.warnings.append($0) }
        defer { warningHandler = handler }
        body()
        return collected.warnings
    }
}

/// One unit's way from loading to running: its switches join the registry and its
/// declarations are hoisted under a journal; when its first statement or command is about
/// to run they are committed (the redefinition warnings are given, the session's values
/// move to the redeclared types, statics wait for their first use). A unit that stops
/// before that point is taken back whole.
final class UnitTransaction {
    private unowned let core: InterpreterCore
    private var redefinitionWarnings: [Diagnostic] = []
    private var journal: DeclarationJournal?
    /// The types the unit's declarations replaced, the earliest of each name.
    private var carryFrom: [String: UserType] = [:]
    private(set) var isCommitted = false

    init(core: InterpreterCore) {
        self.core = core
    }

    func loadSwitches(_ unit: SourceUnit, _ file: SourceFile) {
        core.switchChecks.beginUndoable()
        redefinitionWarnings = core.collectingWarnings { core.switchChecks.load(unit, file) }
    }

    func begin(_ unit: SourceUnit) { journal = core.beginDeclarations(unit) }

    /// What a hoist replaced (its `typesBeforeRedeclaration`), while nothing is committed.
    func replaced(_ before: [String: UserType]) {
        guard !isCommitted else { return }
        if carryFrom.isEmpty { carryFrom = before } else { carryFrom.merge(before) { earliest, _ in earliest } }
    }

    func commit() throws {
        guard !isCommitted else { return }
        isCommitted = true
        core.commitDeclarations()
        core.switchChecks.commitUndoable()
        for d in redefinitionWarnings { core.warningHandler(d) }
        core.carryValuesAcross(carryFrom)
        try core.initializeStatics()
    }

    func abandonIfUncommitted() {
        guard !isCommitted else { return }
        if let journal { core.rollBackDeclarations(journal) }
        core.switchChecks.rollBackUndoable()
    }
}
