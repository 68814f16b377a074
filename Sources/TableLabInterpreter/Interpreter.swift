// The public face of the interpreter: scripts, interactive entries, and the hooks the
// table simulator and the command line use.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TableLabSyntax
import TableLabExhaustiveness
import TableLabFiles

/// What became of one interactive entry.
public enum EntryOutcome {
    case completed
    /// The input ended inside an unfinished construct: read another line and retry.
    case incomplete
    case failed(Diagnostic)
}

/// Runs TableLab code. Not thread-safe: use one interpreter from one thread at a time.
public final class Interpreter {
    public struct Options: Sendable {
        /// Stop with an error after this many loop iterations and calls.
        public var maxSteps: Int?
        /// Deepest call nesting before `stack overflow`.
        public var maxCallDepth: Int
        /// Bytes the process may hold before a run stops with `out of memory`; nil for
        /// `MemoryBudget.defaultBudget`.
        public var maxMemory: Int?
        public init(maxSteps: Int? = nil, maxCallDepth: Int = 10_000, maxMemory: Int? = nil) {
            self.maxSteps = maxSteps
            self.maxCallDepth = maxCallDepth
            self.maxMemory = maxMemory
        }
    }

    let core: InterpreterCore
    public let options: Options
    /// This interpreter's buffered standard output: `output` writes here unless replaced,
    /// and it is flushed when a run returns.
    public let standardOutput: OutputBuffer

    /// `standardOutput` defaults to a new buffer on file descriptor 1; pass one to share it
    /// (the command line's, which reports write errors; an explorer's across `:reset`).
    public init(options: Options = .init(), standardOutput: OutputBuffer? = nil) {
        self.options = options
        let buffer = standardOutput ?? OutputBuffer(fileDescriptor: 1)
        self.standardOutput = buffer
        core = InterpreterCore(maxSteps: options.maxSteps)
        core.machine.pointee.maxDepth = options.maxCallDepth
        if let budget = options.maxMemory { core.memoryBudget = budget }
        core.output = { text in buffer.write(text) }
        for (name, value) in core.installFoundationGlobals() { setGlobal(name, value) }
    }

    /// Where `print` writes; default writes to ``standardOutput`` (flushed before a run returns).
    public var output: (String) -> Void {
        get { core.output }
        set { core.output = newValue }
    }

    /// Warnings raised while running (errors are thrown).
    /// Static checks of the layers above, run on each unit before any of it runs
    /// (StaticEntryCheck.swift): their warnings are reported, an error stops the unit.
    public var unitChecks: [(SourceUnit, SourceFile) -> [Diagnostic]] = []
    public var warningHandler: (Diagnostic) -> Void {
        get { core.warningHandler }
        set { core.warningHandler = newValue }
    }

    /// Runs explorer commands (`:show`, ...). Throw a Diagnostic to stop the script.
    public var commandHandler: ((_ name: String, _ arguments: String, _ location: SourceLocation, _ file: SourceFile) throws -> Void)? {
        get { core.commandHandler }
        set { core.commandHandler = newValue }
    }

    /// Whether running the explorer command `name` leaves alone the declarations and the
    /// scope of the top level, so that what follows it in a unit is compiled before any of
    /// the unit runs; nil or false: what follows compiles when the command has run.
    public var commandLeavesNamesAlone: ((_ name: String) -> Bool)? {
        get { core.hosting.commandLeavesNamesAlone }
        set { core.hosting.commandLeavesNamesAlone = newValue }
    }

    /// Classes generated from the app's non-Swift files (`:datamodel`), by class name: the
    /// file they come from (HostingState.generatedClasses).
    public var generatedClasses: [String: String] {
        get { core.hosting.generatedClasses }
        set { core.hosting.generatedClasses = newValue }
    }

    /// Commands that describe the project (`datamodel`): at the head of a unit they run
    /// before its checks.
    public var commandsBeforeChecks: Set<String> {
        get { core.hosting.commandsBeforeChecks }
        set { core.hosting.commandsBeforeChecks = newValue }
    }

    /// Parts of the host's prelude not installed yet, each with the words that call for it.
    private var lazyPreludes: [(words: [String], install: (Interpreter) throws(Diagnostic) -> Void)] = []

    /// Runs `install` just before the first unit (script, entry or expression) whose text
    /// mentions one of `words` is parsed, so a script pays at start-up only for the parts
    /// of the host it names. `words` must cover every name `install` declares: a name it
    /// leaves out is "cannot find in scope" until some unit mentions another word.
    public func installWhenMentioned(_ words: [String], _ install: @escaping (Interpreter) throws(Diagnostic) -> Void) {
        lazyPreludes.append((words, install))
    }

    /// Drops the host's closures (natives, hooks, waiting preludes), which may refer back
    /// to this interpreter: called when a session replaces it (`:reset`, `:undo`), so that
    /// it and its value stack are freed instead of kept alive by those references.
    public func shutDown() {
        lazyPreludes = []
        core.nativeBuiltins = [:]
        for f in core.functions.values { f.native = nil }
        core.functions = [:]
        core.functionsByBase = [:]
        core.hosting = HostingState()
        core.output = { _ in }
        core.warningHandler = { _ in }
        core.commandHandler = nil
        unitChecks = []
        // Globals may hold native functions, whose closures refer to the host.
        let m = core.machine.pointee
        for i in 0..<core.globalNames.count { m.globals[i] = .void }
    }

    /// Installs every part still waiting: for what lists all names (completion).
    public func installAllPreludes() throws(Diagnostic) {
        while !lazyPreludes.isEmpty { try lazyPreludes.removeFirst().install(self) }
    }

    private func installPreludes(mentionedIn file: SourceFile) throws(Diagnostic) {
        var i = 0
        while i < lazyPreludes.count {
            guard lazyPreludes[i].words.contains(where: file.mentions) else { i += 1; continue }
            // Removed first: the prelude is itself a unit and must not install itself again.
            let prelude = lazyPreludes.remove(at: i)
            try prelude.install(self)
        }
    }

    /// Parses `file` whole (a syntax error anywhere runs nothing), hoists its types and
    /// functions, then runs its top-level statements in order. Throws the first error.
    /// `redeclaringInPlace`: a declaration of a name the session already has replaces it
    /// where it stands, as an entry typed at that point did (a saved session's later part,
    /// SavedSession.swift), instead of being visible from the file's start.
    public func runScript(_ file: SourceFile, redeclaringInPlace: Bool = false) throws(Diagnostic) {
        try runScript(file, redeclaringInPlace: redeclaringInPlace, checked: true)
    }

    /// Runs `file` as one of the files of the project's module `module` (a framework
    /// target, `:module`): an `import module` then finds it, and Swift names the types it
    /// declares by that module (`EnumeratedTable.Row`). Access control across the modules
    /// is not checked: an internal name the importing file uses is found.
    public func runModuleFile(_ file: SourceFile, module: String) throws(Diagnostic) {
        core.hosting.projectModules.insert(module)
        let was = core.hosting.declaringModule
        core.hosting.declaringModule = module
        defer { core.hosting.declaringModule = was }
        try runScript(file, redeclaringInPlace: false, checked: true)
    }

    /// Runs the host's own prelude: as `runScript`, without the whole-unit static checks
    /// (missing returns, switches, names found nowhere, the host's `unitChecks`). A prelude
    /// is the project's tested code, and checking its text was about an eighth of every
    /// start-up's instructions.
    public func runPrelude(_ file: SourceFile) throws(Diagnostic) {
        let was = core.declaringBuiltins
        core.declaringBuiltins = true
        defer { core.declaringBuiltins = was }
        try runScript(file, redeclaringInPlace: false, checked: false)
    }

    private func runScript(_ file: SourceFile, redeclaringInPlace: Bool, checked: Bool) throws(Diagnostic) {
        try installPreludes(mentionedIn: file)
        let unit: SourceUnit
        do {
            unit = try Parser.parse(file, screenSuperclasses: core.hosting.screenSuperclasses)
        } catch {
            throw error.diagnostics.first ?? Diagnostic.error(RuntimeMessage.syntaxErrorWithoutDiagnostic, at: .unknown, in: file)
        }
        try run(unit, file, echo: false, redeclaringInPlace: redeclaringInPlace, checked: checked)
    }

    /// An interactive entry: `.incomplete` when the parser hit the end of input; a bare
    /// expression's value (not Void) is echoed as its debug description through `output`.
    public func runEntry(_ file: SourceFile) -> EntryOutcome {
        do { try installPreludes(mentionedIn: file) } catch { return .failed(error) }
        let unit: SourceUnit
        do {
            unit = try Parser.parse(file, screenSuperclasses: core.hosting.screenSuperclasses)
        } catch {
            if error.isUnexpectedEndOfInput { return .incomplete }
            return .failed(error.diagnostics.first ?? Diagnostic.error(RuntimeMessage.syntaxErrorWithoutDiagnostic, at: .unknown, in: file))
        }
        do {
            try run(unit, file, echo: true)
            return .completed
        } catch {
            return .failed(error)
        }
    }

    /// The one expression a source text holds (`:type`, `:eval`-style requests).
    func singleExpression(_ file: SourceFile) throws(Diagnostic) -> Expr {
        try installPreludes(mentionedIn: file)
        // With nothing to point at (a text that is only a byte order mark), the text's start.
        let start = SourceLocation(line: file.lineOffset + 1, column: 1)
        let unit: SourceUnit
        do { unit = try Parser.parse(file, screenSuperclasses: core.hosting.screenSuperclasses) } catch {
            throw error.diagnostics.first ?? Diagnostic.error(RuntimeMessage.syntaxErrorWithoutDiagnostic, at: start, in: file)
        }
        guard unit.statements.count == 1, case .expression(let e) = unit.statements[0].kind else {
            throw Diagnostic.error(RuntimeMessage.expectedAnExpression, at: unit.statements.first?.location ?? start, in: file)
        }
        return e
    }

    /// Evaluates one expression's source text and returns its value (for the layers above),
    /// in the top level's scope: inside the table picked with `:use`, its members too.
    public func evaluate(_ file: SourceFile) throws(Diagnostic) -> Value {
        let e = try singleExpression(file)
        return try guarded(file) {
            try core.evaluateStandalone(e, selfType: core.topLevelSelfType, expected: nil)
        }
    }

    /// The last unit run stopped before any of it ran (a compile-time error): every
    /// declaration it made was taken back, so it changed nothing.
    public private(set) var lastUnitWasTakenBack = false

    /// A unit from its parse to its last statement: swiftc's whole-unit checks, its
    /// declarations (taken back if it does not compile), the compile stages' checks, then
    /// its statements and commands in order. Each phase is a function below.
    func run(_ unit: SourceUnit, _ file: SourceFile, echo: Bool, redeclaringInPlace: Bool = false,
             checked: Bool = true) throws(Diagnostic) {
        let unit = core.lowerOverloads(core.lowerOperatorFunctions(core.qualifyingInheritedTypes(
            try runningLeadingProjectCommands(unit, file, echo: echo))))
        core.noteImports(unit)
        // Until its transaction exists, a unit that stops has changed nothing (a switch
        // swiftc rejects, found by the whole-unit check): the layers above must not keep
        // its source as loaded code (`:info` placed the old declarations at its lines).
        lastUnitWasTakenBack = true
        var refused = UnitFindings(), usageWarnings: [Diagnostic] = []
        if checked { (refused, usageWarnings) = try checkWholeUnit(unit, file) }
        // Its switches join the loaded code; a redeclared enum's broken switches are listed
        // once the unit has compiled (until then it may still be taken back).
        let transaction = UnitTransaction(core: core)
        defer { lastUnitWasTakenBack = !transaction.isCommitted }
        transaction.loadSwitches(unit, file)
        core.noteEqualityContexts(unit)
        try guarded(file) {
            let order = Self.hoistingOrder(unit, core: core, redeclaringInPlace: redeclaringInPlace)
            defer { transaction.abandonIfUncommitted() }
            // A unit the whole-unit check refused is declared only for its other errors.
            do {
                try declare(unit, file, order, transaction)
            } catch where refused.hasError {
                refused.diagnostics += core.collectingDiagnostics { throw error }
                try core.refuseUnit(unit, refused)
            }
            // Each run of statements between redeclarations and commands compiles whole
            // before any of it runs: a name found nowhere stops it with nothing done.
            let declared = StaticEntryCheck.topLevelNames(unit)
            if checked {
                try checkCompileStages(unit, refused: refused, usageWarnings: usageWarnings, later: order.later,
                                       echo: echo, declared: declared)
            }
            // A unit that runs in parts compiles them all before the first runs (CompileAhead.swift).
            if checked, InterpreterCore.runsInParts(unit, later: order.later) {
                try core.compileAhead(unit, later: order.later, echo: echo, declared: declared)
            }
            // The unit's declarations are committed when its first statement or command is
            // about to run (UnitTransaction); then the host hears that the code changed.
            try runStatements(unit, later: order.later, transaction, echo: echo, declared: declared,
                              declaresCode: checked && (!order.first.isEmpty || !order.later.isEmpty))
        }
    }

    /// The commands at the head of a unit that describe the project rather than run it
    /// (`:datamodel`, HostingState.commandsBeforeChecks) run before the unit is checked:
    /// Xcode has built what they name before it compiles a line. The unit without them.
    private func runningLeadingProjectCommands(_ unit: SourceUnit, _ file: SourceFile, echo: Bool) throws(Diagnostic) -> SourceUnit {
        var unit = unit
        while let s = unit.statements.first, case .command(let name, _) = s.kind, core.hosting.commandsBeforeChecks.contains(name) {
            try guarded(file) { try core.runTopLevel(s, echo: echo) }
            unit.statements.removeFirst()
        }
        return unit
    }

    /// swiftc's checks of the whole unit before anything is declared (StaticEntryCheck.swift):
    /// an import of a module it cannot find stops it at once; the other errors are kept
    /// (the compile stages add theirs and nothing runs), and the usage warnings wait for the
    /// name and member checks, as swiftc gives none for a body with a type checker's error.
    private func checkWholeUnit(_ unit: SourceUnit, _ file: SourceFile) throws(Diagnostic)
        -> (refused: UnitFindings, usageWarnings: [Diagnostic]) {
        // swiftc stops at an import of a module it cannot find, before any other check.
        if let missing = core.hosting.missingModule {
            for module in unit.importedModules {
                // The project's own module (`:module`), built before this file.
                let name = module.path.split(separator: ".", maxSplits: 1).first.map(String.init) ?? module.path
                if core.hosting.projectModules.contains(name) { continue }
                if let message = missing(module.path) { throw Diagnostic(.error, message, at: module.location, in: file) }
                core.hosting.moduleImported?(module.path)
            }
        }
        var refused = UnitFindings()
        var usageWarnings: [Diagnostic] = []
        let found = checkBeforeRunning(unit, file)
        if found.hasError { refused = found } else {
            for d in found.diagnostics {
                if SwiftcDiagnosticOrder.isUsageWarning(d) { usageWarnings.append(d) } else { core.warningHandler(d) }
            }
        }
        return (refused, usageWarnings)
    }

    /// The compile stages' checks once the unit is declared: every error of every stage is
    /// reported, in swiftc's order, and the unit refused; else its usage warnings.
    private func checkCompileStages(_ unit: SourceUnit, refused: UnitFindings, usageWarnings: [Diagnostic], later: Set<Int>,
                                    echo: Bool, declared: Set<String>) throws {
        // A name found nowhere inside a function, run or not (FunctionNameCheck.swift), and a
        // member its receiver surely lacks (MemberNameCheck.swift), join the whole-unit errors.
        var found = refused
        found.diagnostics += core.collectingDiagnostics { try core.checkFunctionNames(unit, declared: declared) }
        found.diagnostics += core.collectingDiagnostics { try core.checkMemberNames(unit) }
        // The top-level code's errors join them; where only it fails, the usage
        // warnings are still the question (compiled again when it runs).
        if found.hasError || !usageWarnings.isEmpty {
            let topLevel = core.collectingDiagnostics {
                _ = try core.compileTopLevelRun(Self.firstRun(unit, later: later), echo: echo, declared: declared)
            }
            if found.hasError || topLevel.contains(where: { $0.severity == .error }) { found.diagnostics += topLevel }
        }
        if found.hasError {
            found.diagnostics += usageWarnings
            try core.refuseUnit(unit, found)
        }
        for d in usageWarnings + found.diagnostics { core.warningHandler(d) }
    }

    /// The unit's statements and commands in order: each run of statements compiles whole,
    /// then runs; a redeclaration later in the unit takes effect where it stands.
    private func runStatements(_ unit: SourceUnit, later: Set<Int>, _ transaction: UnitTransaction, echo: Bool,
                               declared: Set<String>, declaresCode: Bool) throws {
        func commit() throws {
            guard !transaction.isCommitted else { return }
            try transaction.commit()
            if declaresCode { core.hosting.codeChanged?() }
        }
        var pending: [Stmt] = [], deferred: [Stmt] = []
        func flush() throws {
            guard !pending.isEmpty else { return }
            let compiled = try core.compileTopLevelRun(pending, echo: echo, declared: declared)
            pending = []
            try commit()
            for (s, f) in compiled { try core.invokeTopLevel(f, s) }
        }
        for (i, s) in unit.statements.enumerated() {
            if case .declaration(let d) = s.kind {
                switch d {
                case .function, .enum, .struct, .table, .class, .extension, .protocol, .typeAlias:
                    if later.contains(i) {
                        try flush()
                        try transaction.replaced(core.hoist([s], carry: transaction.isCommitted))
                        try core.checkGlobalsLeft(at: s.location)
                        if transaction.isCommitted {
                            try core.initializeStatics()
                            core.hosting.codeChanged?()
                        }
                    }
                    continue
                default: break
                }
            }
            if case .command = s.kind {
                try flush()
                try commit()
                try core.runTopLevel(s, echo: echo)
                // An explorer command is an event: the main queue runs after it.
                try core.drainMainQueue()
                continue
            }
            if let block = InterpreterCore.topLevelDeferBlock(s) { deferred.append(block); continue }
            pending.append(s)
        }
        try flush()
        // main.swift's top-level `defer`s run when its code ends, the last one first.
        pending = deferred.reversed()
        try flush()
        try commit()
        try core.drainMainQueue()
    }

    /// Declares a unit's types, functions and globals (hoisted first), as its run needs them.
    private func declare(_ unit: SourceUnit, _ file: SourceFile, _ order: (first: [Stmt], later: Set<Int>, seen: Set<String>),
                         _ transaction: UnitTransaction) throws {
        try core.declareResultIfNamed(unit, file, declaresResult: order.seen.contains("type Result"))
        try core.declareIteratorIfNamed(file)
        try core.declareHostTypesIfNamed(file, declared: order.seen)
        try core.declareOptionSetIfNamed(file, declaresOptionSet: order.seen.contains("type OptionSet") || order.seen.contains("protocol OptionSet"))
        // From here until its first statements have compiled, the unit's declarations
        // can be taken back: an entry that fails to compile changes nothing.
        transaction.begin(unit)
        core.registerGlobalObservers(unit.statements)
        core.registerImplicitlyUnwrappedGlobals(unit.statements)
        try transaction.replaced(core.hoist(order.first, alsoScan: unit.statements.filter { s in
            if case .declaration(let d) = s.kind, case .variable = d { return true }
            if case .declaration = s.kind { return false }
            return true
        }, carry: false))
        try core.checkGlobalsLeft(at: order.first.first?.location ?? .unknown)
    }

    /// `tablelab check`: what a run finds in a file before anything runs: the whole-unit
    /// checks (StaticEntryCheck.swift) and the errors that need the declarations declared (a
    /// name found nowhere, a member its receiver surely lacks; FunctionNameCheck.swift,
    /// MemberNameCheck.swift), with nothing run and every declaration taken back. Empty when the file cannot be declared
    /// (the run reports why).
    /// `alongside`: the other files of the same module (`tablelab check A.swift B.swift`, as
    /// an Xcode target compiles them): their types, functions and extensions are declared
    /// first, so that this file's names and members are looked up against all of them.
    public func declarationErrors(_ file: SourceFile, alongside others: [SourceFile] = []) -> [Diagnostic] {
        guard (try? installPreludes(mentionedIn: file)) != nil,
              let parsed = try? Parser.parse(file, screenSuperclasses: core.hosting.screenSuperclasses) else { return [] }
        var othersNames = Set<String>()
        for other in others {
            guard (try? installPreludes(mentionedIn: other)) != nil,
                  let parsed = try? Parser.parse(other, screenSuperclasses: core.hosting.screenSuperclasses) else { return [] }
            othersNames.formUnion(StaticEntryCheck.topLevelNames(parsed))
            guard declareOnly(core.qualifyingInheritedTypes(parsed), other) else { return [] }
        }
        // After the other files: a class of theirs may be a superclass here.
        let unit = core.qualifyingInheritedTypes(parsed)
        // What a run checks before declaring anything (StaticEntryCheck.swift), the usage
        // warnings included; the layers' own checks are the caller's, which sees every file.
        let beforeDeclaring = checkBeforeRunning(core.lowerOverloads(core.lowerOperatorFunctions(unit)), file, layerChecks: false).diagnostics
        var stopped: Diagnostic?
        var found: [Diagnostic] = []
        let reported = core.collectingWarnings {
            do {
                try guarded(file) {
                    let transaction = UnitTransaction(core: core)
                    transaction.loadSwitches(unit, file)
                    defer { transaction.abandonIfUncommitted() }
                    let order = Self.hoistingOrder(unit, core: core, redeclaringInPlace: false)
                    // A declaration TableLab does not implement is not the file's error;
                    // two local types of one name in a block are (swiftc's).
                    do { try declare(unit, file, order, transaction) } catch let e as RuntimeError where e.diagnostic.id == .invalidRedeclaration {
                        throw e
                    } catch { return }
                    // Every stage's errors, as a run reports them before refusing the file:
                    // the names and members of the functions, then the top-level code's.
                    let declared = StaticEntryCheck.topLevelNames(unit).union(othersNames)
                    found += core.collectingDiagnostics { try core.checkFunctionNames(unit, declared: declared) }
                    found += core.collectingDiagnostics { try core.checkMemberNames(unit) }
                    found += core.collectingDiagnostics {
                        _ = try core.compileTopLevelRun(Self.firstRun(unit, later: order.later), echo: false, declared: declared)
                    }
                }
            } catch {
                stopped = error as? Diagnostic
            }
        }
        // Only errors: the redeclaration warnings of a file's own declarations are not its checks'.
        let errors = (reported + found + (stopped.map { [$0] } ?? [])).filter { $0.severity == .error }
        return SwiftcDiagnosticOrder(unit).asSwiftcReaches(beforeDeclaring + errors)
    }

    /// Declares and keeps the types, functions, protocols and extensions of another file of
    /// the module, running nothing (its globals and top-level code are left out: an app's
    /// files other than main.swift have none). False when they cannot be declared.
    private func declareOnly(_ parsed: SourceUnit, _ file: SourceFile) -> Bool {
        let declarations = parsed.statements.filter { s in
            guard case .declaration(let d) = s.kind else { return false }
            if case .variable = d { return false }
            return true
        }
        let unit = SourceUnit(statements: declarations, imports: parsed.imports)
        do {
            try guarded(file) {
                let transaction = UnitTransaction(core: core)
                transaction.loadSwitches(unit, file)
                defer { transaction.abandonIfUncommitted() }
                try declare(unit, file, Self.hoistingOrder(unit, core: core, redeclaringInPlace: false), transaction)
                try transaction.commit()
            }
            return true
        } catch {
            return false
        }
    }

    /// The top-level statements the unit's first run compiles: up to its first command or
    /// later redeclaration, type and function declarations left out.
    private static func firstRun(_ unit: SourceUnit, later: Set<Int>) -> [Stmt] {
        var run: [Stmt] = []
        for (i, s) in unit.statements.enumerated() {
            if case .command = s.kind { break }
            if later.contains(i) { break }
            if case .declaration(let d) = s.kind {
                switch d {
                case .function, .enum, .struct, .table, .class, .extension, .protocol, .typeAlias: continue
                case .variable: break
                }
            }
            run.append(s)
        }
        return run
    }

    /// How many `guarded` calls are active. Only the outermost starts a run (step count,
    /// interrupt flag, stack limit): the host's calls into the script during a run (the
    /// data-source calls of a `:show`, a lint laying out a table) belong to that run. When
    /// each restarted the count, a layout of millions of sections that calls the script
    /// for each never reached `--max-steps`.
    private var activeRuns = 0

    /// Runs host work that stands for one run, as a script or a command does: `--max-steps`
    /// and Ctrl-C count all of it (`tablelab lint` laying out a table).
    public func asOneRun<T>(in file: SourceFile, _ body: () throws -> T) throws(Diagnostic) -> T {
        try guarded(file, body)
    }

    /// The first declaration of each name is visible throughout the unit; a later one
    /// replaces it from where it stands (a script reads like a transcript), and so do the
    /// extensions written after it: they extend the type as redeclared, which the earlier
    /// declaration's extensions do not (a saved session that redeclared a view controller
    /// and then gave it its data source).
    private static func hoistingOrder(_ unit: SourceUnit, core: InterpreterCore, redeclaringInPlace: Bool)
        -> (first: [Stmt], later: Set<Int>, seen: Set<String>) {
        var seen = Set<String>()
        var first: [Stmt] = []
        var later = Set<Int>()
        /// Where each type was last declared so far.
        var lastTypeDeclaration: [String: Int] = [:]
        /// The members the unit's extensions declared so far (`extensionMemberKeys`).
        var extensionMembers = Set<String>()
        for (i, s) in unit.statements.enumerated() {
            guard case .declaration(let d) = s.kind else { continue }
            let key: String
            switch d {
            case .function(let f): key = "func " + f.fullName
            case .enum(let e): key = "type " + e.name
            case .struct(let x): key = "type " + x.name
            case .table(let x): key = "type " + x.name
            case .class(let x): key = "type " + x.name
            case .extension(let name, let members, _):
                // An extension that declares a member an earlier one of this unit declared
                // replaces it where it stands, as a redeclared function does: the statements
                // before it see the earlier member, as they would typed line by line.
                let keys = extensionMemberKeys(name, members)
                let redeclares = !keys.isDisjoint(with: extensionMembers)
                extensionMembers.formUnion(keys)
                if redeclares { later.insert(i) }
                else if let j = lastTypeDeclaration["type " + name], later.contains(j) { later.insert(i) } else { first.append(s) }
                continue
            case .protocol(let p): key = "protocol " + p.name
            case .typeAlias(let a): key = "typealias " + a.name
            case .variable: continue
            }
            let known: Bool
            switch d {
            case .function(let f): known = redeclaringInPlace && core.functions[f.fullName]?.decl != nil
            case .enum(let e): known = redeclaringInPlace && core.userType(e.name) != nil
            case .struct(let x): known = redeclaringInPlace && core.userType(x.name) != nil
            case .class(let x): known = redeclaringInPlace && core.userType(x.name) != nil
            case .table(let x): known = redeclaringInPlace && core.userType(x.name) != nil
            default: known = false
            }
            if seen.insert(key).inserted && !known { first.append(s) } else { later.insert(i) }
            if key.hasPrefix("type ") { lastTypeDeclaration[key] = i }
        }
        return (first, later, seen)
    }

    /// The members an extension of `typeName` declares, one key each (a `where` clause's
    /// extension is left out: another clause's member of that name is no redeclaration).
    private static func extensionMemberKeys(_ typeName: String, _ members: TypeMembers) -> Set<String> {
        guard members.whereClause.isEmpty else { return [] }
        var keys = Set<String>()
        for f in members.methods { keys.insert("\(typeName) \(f.isStatic ? "static " : "")func \(f.fullName)") }
        for f in members.initializers { keys.insert("\(typeName) init \(f.fullName)") }
        for p in members.properties where p.getter != nil {
            if let n = p.name { keys.insert("\(typeName) \(p.isStatic ? "static " : "")var \(n)") }
        }
        return keys
    }

    /// Runs `body` with the machine ready, turning run-time errors into diagnostics.
    func guarded<T>(_ file: SourceFile, _ body: () throws -> T) throws(Diagnostic) -> T {
        let m = core.machine
        let outermost = activeRuns == 0
        activeRuns += 1
        defer { activeRuns -= 1 }
        let savedFile = core.currentFile
        core.currentFile = file
        if outermost {
            interruptRequested.store(0, ordering: .relaxed)
            m.pointee.nativeStackLimit = currentNativeStackLimit(onLargeStack: LargeStackThread.isCurrent)
            m.pointee.steps = 0
            m.pointee.nextCheck = min(stepCheckInterval, m.pointee.maxSteps + 1)
            m.pointee.trapping = false
            m.pointee.deinitError = nil
        }
        let savedSP = m.pointee.sp, savedFP = m.pointee.fp, savedDepth = m.pointee.depth
        defer {
            core.currentFile = savedFile
            if outermost { standardOutput.flush() }
        }
        do {
            let result = try body()
            // A trap in a `deinit` that ran after the last step (Deinit.swift).
            if let e = m.pointee.deinitError {
                m.pointee.deinitError = nil
                throw e
            }
            return result
        } catch let e as RuntimeError {
            m.pointee.trapping = true
            let top = m.pointee.sp
            if top > savedSP { savedSP.deinitialize(count: top - savedSP) }
            m.pointee.sp = savedSP; m.pointee.fp = savedFP; m.pointee.depth = savedDepth
            var d = e.finished
            if d.file == nil { d.file = file }
            for i in d.notes.indices where d.notes[i].file == nil { d.notes[i].file = d.file }
            throw d
        } catch let e as EarlyExit {
            // Unreachable while ValueBranchCheck runs before every unit; placed all the same.
            let keyword: String
            switch e.flow {
            case .returned: keyword = "return"
            case .breakLoop: keyword = "break"
            case .continueLoop: keyword = "continue"
            case .fallthroughCase, .normal: keyword = "fallthrough"
            }
            throw Diagnostic.error(RuntimeMessage.transferOutOfValueBranch(keyword: keyword), at: e.at, in: file)
        } catch let d as Diagnostic {
            throw d
        } catch {
            throw Diagnostic.error(RuntimeMessage.foreignError(String(describing: error)), at: .unknown, in: file)
        }
    }

    /// Asks the running code to stop with `execution interrupted`. Async-signal-safe.
    public static func requestInterrupt() {
        interruptRequested.store(1, ordering: .relaxed)
    }

    /// Runs `body` on a thread with a 512 MiB stack and waits for it, so that deep
    /// recursion reaches the call-depth limit (`stack overflow`) long before the real stack ends.
    public static func runOnLargeStack(_ body: @escaping @Sendable () -> Void) {
        largeStackThreadSize.store(512 << 20, ordering: .relaxed)
        LargeStackThread.run(size: 512 << 20, body)
    }

    // MARK: For the table simulator

    /// Makes a native function callable by its full name, e.g. `dequeueReusableCell(withIdentifier:for:)`.
    public func registerNativeFunction(_ fullName: String, _ body: @escaping ([Value]) throws -> Value) {
        core.nativeBuiltins[fullName] = body
        // Read as bytes: the host registers a few hundred natives at every start-up, and
        // finding `(` and `:` by Character took more than half of each registration.
        let bytes = fullName.utf8
        guard let open = bytes.firstIndex(of: UInt8(ascii: "(")) else { return }
        let base = String(fullName[..<open])
        if let c = core.functions[fullName] {
            c.native = body; c.decl = nil; c.compiled = nil
        } else {
            let c = FunctionCell(fullName: fullName, baseName: base)
            c.native = body
            core.functions[fullName] = c
            core.functionsByBase[base, default: []].append(c)
        }
    }

    public func setGlobal(_ name: String, _ value: Value) {
        let slot = core.globalSlot(name)
        core.machine.pointee.globals[slot] = value
    }

    public func global(_ name: String) -> Value? {
        guard let slot = core.globalIndex[name] else { return nil }
        let v = core.machine.pointee.globals[slot]
        if case .box = v { return nil }
        return v
    }

    /// Calls a top-level function, or a table method via `"Settings.numberOfRows(inSection:)"`.
    public func callFunction(_ fullName: String, arguments: [Value]) throws -> Value {
        let file = hostCallFile(declaredIn: declaringFile(ofFunction: fullName))
        return try guarded(file) { () throws -> Value in
            let m = core.machine
            if let dot = fullName.firstIndex(of: "."), let paren = fullName.firstIndex(of: "("), dot < paren {
                let typeName = String(fullName[..<dot])
                let method = String(fullName[fullName.index(after: dot)...])
                guard let t = core.userType(typeName) else { throw RuntimeError(LookupMessage.cannotFindInScope(typeName), at: .unknown) }
                let base = String(method[..<method.firstIndex(of: "(")!])
                guard let slot = t.methods[method] else { throw RuntimeError(RuntimeMessage.typeHasNoMember(type: typeName, member: base), at: .unknown) }
                let f = core.compiledMethod(t, slot, fullName: method)
                for a in arguments { m.push(a) }
                if f.hasSelf {
                    if let inst = t.instance { m.push(.type(.table(inst))) } else { m.pop(arguments.count); throw RuntimeError(LookupMessage.instanceMemberOnType(member: base, type: typeName), at: .unknown) }
                    var table = Value.void
                    return try m.invokeMethod(f, argc: arguments.count + 1, location: .unknown, selfOut: &table)
                }
                return try m.invoke(f, argc: arguments.count, location: .unknown)
            }
            if let native = core.nativeBuiltins[fullName] { return try native(arguments) }
            guard let cell = core.functions[fullName], let f = core.compiled(cell) else {
                throw RuntimeError(LookupMessage.cannotFindInScope(fullName), at: .unknown)
            }
            for a in arguments { m.push(a) }
            return try m.invoke(f, argc: arguments.count, location: .unknown)
        }
    }

    /// True when a top-level function (`"f(x:)"`) or a type's method (`"Settings.didSelectRow(at:)"`) exists.
    public func hasFunction(_ fullName: String) -> Bool {
        if let dot = fullName.firstIndex(of: "."), let paren = fullName.firstIndex(of: "("), dot < paren {
            guard let t = core.userType(String(fullName[..<dot])) else { return false }
            return t.methods[String(fullName[fullName.index(after: dot)...])] != nil
        }
        return core.functions[fullName] != nil || core.nativeBuiltins[fullName] != nil
    }

    /// A stored property of a struct value (`indexPath.row`), or a table's.
    public func property(_ name: String, of value: Value) -> Value? {
        switch value {
        case .structValue(let s): return s.type.fieldIndex[name].map { s.fields[$0] }
        case .type(.table(let inst)): return inst.type.fieldIndex[name].map { inst.fields[$0] }
        case .tuple(let t): return t.labels?.firstIndex(of: name).map { t.elements[$0] }
        case .object(let o): return try? o.member(name)
        default: return nil
        }
    }

    /// An enum case by type and case name (`Item.donate`), or nil.
    public func enumCase(_ typeName: String, _ caseName: String) -> Value? {
        guard let t = core.userType(typeName), t.kind == .enum, let ci = t.caseIndex[caseName] else { return nil }
        return .enumCase(typeID: t.id, caseIndex: ci)
    }

    /// The enum and case names of an enum value.
    public func caseName(of value: Value) -> (type: String, name: String)? {
        guard case .enumCase(let t, let c) = value else { return nil }
        let ty = core.types[Int(t)]
        return (ty.name, ty.caseNames[Int(c)])
    }

    /// The text `print` shows (`debug: false`) or the session echoes (`debug: true`).
    public func describe(_ value: Value, debug: Bool) -> String {
        core.describe(value, debug: debug)
    }

    /// Swift's spelling of a value's type (`Int`, `[Item]`, `Item?`).
    public func typeName(of value: Value) -> String { core.typeName(value) }

    /// Names of the enums declared so far, with their cases (for `:enums` and completion).
    public var enums: [(name: String, cases: [String])] {
        core.typeSlots.values.compactMap { $0.current }.filter { $0.kind == .enum }
            .sorted { $0.id < $1.id }.map { ($0.name, $0.caseNames) }
    }

    /// Names of the tables declared so far.
    public var tableNames: [String] {
        core.typeSlots.values.compactMap { $0.current }.filter { $0.kind == .table }.sorted { $0.id < $1.id }.map(\.name)
    }
}

extension InterpreterCore {
    /// Compiles and runs one top-level statement (its locals get a fresh frame).
    func runTopLevel(_ s: Stmt, echo: Bool) throws {
        try invokeTopLevel(compileTopLevel(s, echo: echo), s)
    }

    func compileTopLevel(_ s: Stmt, echo: Bool) throws -> CompiledFunction {
        let scope = FnScope(parent: nil, selfType: topLevelSelfType, isMutating: false, isStatic: false, returnType: nil,
                            isTopLevel: true, functionName: "<top level>")
        scope.resolution = Resolver.resolveTopLevel(s, declarations: resolverDeclarations)
        var body: Eval
        if echo, case .expression(let e) = s.kind {
            let ev = compileExpr(e, scope, expected: nil)
            body = { [core = Unretained(self)] m in
                let v = try ev(m)
                if case .void = v { return .void }
                core.object.output(core.object.describe(v, debug: true) + "\n")
                return .void
            }
        } else {
            let ex = compileStmt(s, scope)
            let loc = s.location
            body = { m in
                let f = try ex(m)
                switch f {
                case .normal, .returned: return .void
                case .breakLoop: throw RuntimeError(LookupMessage.breakOutsideLoop, at: loc)
                case .continueLoop: throw RuntimeError(LookupMessage.continueOutsideLoop, at: loc)
                case .fallthroughCase: throw RuntimeError(LookupMessage.fallthroughOutsideSwitch, at: loc)
                }
            }
        }
        try checkGlobalsLeft(at: s.location)
        let f = CompiledFunction(name: "<top level>", paramCount: 0, hasSelf: false, isMutating: false, location: s.location, file: currentFile, body: body)
        f.frameSize = scope.frameSize
        f.isTopLevelStatement = true
        return f
    }

    func invokeTopLevel(_ f: CompiledFunction, _ s: Stmt) throws {
        _ = try machine.invoke(f, argc: 0, location: s.location)
    }
}

/// A POSIX thread with a chosen stack size, joined at once: no Foundation on the start-up path.
enum LargeStackThread {
    private final class Body { let run: () -> Void; init(_ run: @escaping () -> Void) { self.run = run } }
    static var isCurrent: Bool {
        guard let thread else { return false }
        return pthread_equal(thread, pthread_self()) != 0
    }

    static func run(size: Int, _ body: @escaping @Sendable () -> Void) {
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setstacksize(&attributes, size)
        let context = retainedContext(Body(body))
        var handle = pthread_t()
        let started = pthread_create(&handle, &attributes, { context in
            let body = takeRetainedContext(context!, as: Body.self)
            LargeStackThread.thread = pthread_self()
            body.run()
            return nil
        }, context)
        guard started == 0 else {
            releaseRetainedContext(context, as: Body.self)
            body()
            return
        }
        pthread_join(handle, nil)
        thread = nil
    }
}
