// The explorer: one interpreter with the table simulator installed and the `:` commands
// wired in. The command line creates one for a script run and one for a session.

import TableLabSyntax
import TableLabInterpreter

/// A TableLab session: runs scripts and interactive entries, answers the explorer
/// commands (SPEC §5), and remembers the accepted inputs for `:save` and `:undo`.
public final class Explorer {
    public private(set) var interpreter: Interpreter
    public private(set) var simulator: TableSimulator
    let options: Interpreter.Options

    /// Where everything the session prints goes: `print`, echoes, and the commands'
    /// output. Defaults to the interpreter's buffered standard output.
    public var output: (String) -> Void
    /// The buffered standard output every interpreter of this explorer writes to (a
    /// `:reset` makes a fresh interpreter, with the same buffer).
    public let standardOutput: OutputBuffer
    /// An error was reported without stopping (`:check` found errors, a saved entry that
    /// failed when typed failed again on `:load`): a script carries on, then exits with 1.
    public internal(set) var errorsReported = false
    /// Where errors reported without stopping go (thrown errors are the caller's to report).
    public var errorHandler: (Diagnostic) -> Void = { _ in }
    /// Warnings raised while running (errors are returned or thrown).
    public var warningHandler: (Diagnostic) -> Void = { _ in } {
        didSet { interpreter.warningHandler = warningHandler }
    }
    /// ANSI colours in `:show`.
    public var useColor = false
    /// Whether an error about a misspelt name or member gets the `did you mean` note that
    /// swiftc 6.3 leaves out (`withCloseNames`): where a person is taught (the session, `tablelab
    /// check`), not in a batch run, whose diagnostics are swiftc's.
    public var suggestsCloseNames = false

    /// `d` with the `did you mean` notes of the names in view when `suggestsCloseNames`
    /// (CloseNames.swift); its own line stays swiftc's.
    /// An explorer command's own error stays one line (docs/COMMANDS.md): `:type itmes`.
    public func withCloseNames(_ d: Diagnostic) -> Diagnostic {
        guard suggestsCloseNames, d.quotesSource else { return d }
        return Self.addingCloseNames(d, interpreter)
    }

    static func addingCloseNames(_ d: Diagnostic, _ interpreter: Interpreter) -> Diagnostic {
        var d = d
        d.notes += interpreter.closeNameNotes(for: d)
        return d
    }
    /// What scripts read as `CommandLine.arguments` (the script's path, then its arguments).
    public var commandLineArguments: [String] = ["tablelab"] {
        didSet { interpreter.setCommandLineArguments(commandLineArguments) }
    }
    /// The width `:show` fits when no `--width` is given.
    public var terminalWidth: () -> Int = { TerminalSize.columns() }

    /// Every input that ran to its end, or failed at run time after changing state, in
    /// order, with what it did to the state.
    public private(set) var inputs: [SessionInput] = []
    /// The inputs that changed the state (declared something, changed a value, the table
    /// in use, the navigation or the device): what `:save` writes and `:undo` takes back.
    public var acceptedInputs: [String] { inputs.filter(\.changesState).map(\.text) }
    /// Set by `:quit`: a session stops reading, a script stops running (successfully).
    public internal(set) var quitRequested = false

    /// Every source that ran (files, `:load`ed files, entries), for `:info` and `:check`.
    var sources: [SourceFile] = []
    /// What `:reload` runs again: the last `:load`, else the script the session started
    /// with (`tablelab -i FILE` sets it).
    public var lastLoadedPath: String?
    /// What each file run by `:load`, `:reload` or `-i` held when it last ran, by its real
    /// path: `:reload` tells what an edit of a loaded screen's viewDidLoad() did not do.
    var loadedTexts: [String: String] = [:]

    /// `-i FILE` and `--watch` ran `file` from `path`, outside `:load`: `:reload` runs it again.
    public func ranFile(_ file: SourceFile, from path: String) {
        lastLoadedPath = path
        loadedTexts[Self.realPath(path)] = file.text
    }
    /// The files `:load` is running, outermost first, by real path: a file that loads
    /// itself, directly or through others, would load until the stack overflows (6 s for
    /// `a.tlab` holding `:load a.tlab`; the fuzzer timed out on it).
    var filesBeingLoaded: [String] = []
    /// The script whose last run (`:load`, `:reload`, `--watch`) stopped at an error: `:check`
    /// says that its code is not all loaded, instead of only "no problems found".
    public var stoppedScript: String?
    var device = Device.default
    /// Effects of the command running now, printed as they happen (nil outside commands,
    /// and while `:load` runs a file's top level).
    var commandEffects: [TableEffect]?
    /// Lines written since the explorer started (to tell whether a tap printed anything).
    var writes = 0
    /// The table-view calls typed code made that change what a table lays out
    /// (`reloadData()`, `insertRows`, ...): such an entry changes what `:show` draws though
    /// no value changed, so `:undo` takes it back and `:save` keeps it. Calls a command makes
    /// (`:show` loading a view, `:select`'s taps) are the command's, judged as before.
    var tableLayoutChanges = 0
    /// How many commands are running (a command may run a file that runs commands).
    var commandDepth = 0
    /// The table the last `:show` drew in the terminal, and `writes` just after it.
    var lastDrawing: (table: String, writes: Int)?
    /// Output is dropped while `:undo` replays the earlier inputs.
    var muted = false
    /// What is running, outermost first (commands may run files, which run commands).
    var runKinds: [RunKind] = []

    enum RunKind { case entry, script }
    /// Set by a command that must end the running script or entry: `:quit`, `:reset`, `:undo`.
    var stop: Stop?
    /// Set while an entry is running: it should not be kept as an accepted input.
    var skipRecording = false

    enum Stop {
        case quit
        case reset(line: Int)
        case undo
    }

    /// A session with the UIKit names installed.
    public init(options: Interpreter.Options = .init(), standardOutput: OutputBuffer? = nil) {
        self.options = options
        let interpreter = Interpreter(options: options, standardOutput: standardOutput)
        self.interpreter = interpreter
        self.standardOutput = interpreter.standardOutput
        simulator = TableSimulator(interpreter: interpreter)
        output = interpreter.output
        install()
    }

    /// Wires a fresh interpreter and simulator together.
    func install() {
        interpreter.setCommandLineArguments(commandLineArguments)
        interpreter.output = { [unowned self] text in self.write(text) }
        interpreter.warningHandler = warningHandler
        interpreter.unitChecks = [DataSourceConformance.errors, DelegateNearMiss.warnings, SelectorExposure.errors,
                                  ExtensionOverride.errors, { [unowned simulator] unit, _ in
                                      simulator.noteUnitForObjCExposure(unit)
                                      return []
                                  }]
        interpreter.commandHandler = { [unowned self] name, arguments, location, file in
            try self.runCommand(name, arguments, location: location, file: file)
        }
        interpreter.commandsBeforeChecks = ["datamodel", "module"]
        interpreter.commandLeavesNamesAlone = { [unowned self] name in
            Self.leavesNamesAlone(name, standingInside: self.interpreter.currentTableName != nil)
        }
        simulator.screenWidth = device.width
        simulator.screenHeight = device.height
        simulator.traceOutput = { [unowned self] line in self.write(line + "\n") }
        simulator.effectHandler = { [unowned self] effect in self.effectHappened(effect) }
        simulator.navigationChanged = { [unowned self] in self.navigationChanged() }
        do {
            try UIKitBuiltins.install(into: interpreter, simulator: simulator)
            // Only test scripts use these; installed when a unit names one of them.
            interpreter.installWhenMentioned(TestingBuiltins.names) { [unowned self] interpreter throws(Diagnostic) in
                try TestingBuiltins.install(into: interpreter, simulator: simulator, width: { [unowned self] in self.terminalWidth() })
            }
            try SectionBuiltins.install(into: interpreter, simulator: simulator)
        } catch {
            // The prelude is fixed text: failing to run it is a bug in TableLab itself.
            fatalError("TableLab's prelude failed: \(error.message)")
        }
    }

    func write(_ text: String) {
        guard !muted else { return }
        writes += 1
        output(text)
    }

    // MARK: - Running

    /// The table the session stands in: the top of the navigation stack, else the table
    /// picked with `:use`, else the first declared (nil when there is none). The prompt
    /// shows it: `tablelab(Settings)> `.
    public var currentTableName: String? { simulator.currentTableName }

    /// Runs a whole file (parsed whole first: a syntax error runs nothing). `:quit` ends
    /// it early without error.
    public func runScript(_ file: SourceFile) throws(Diagnostic) {
        runKinds.append(.script)
        defer { runKinds.removeLast() }
        sources.append(file)
        do {
            try interpreter.runScript(file)
        } catch {
            switch stop {
            case .quit?:
                stop = nil
                return
            case .reset(let line)?:
                stop = nil
                reset()
                // The rest of the file runs in the fresh session, numbered as in the file.
                let rest = file.lines.dropFirst(line - file.lineOffset).joined(separator: "\n")
                try runScript(SourceFile(name: file.name, text: rest, lineOffset: line))
                return
            case .undo?, nil:
                stop = nil
                // A file that failed to compile changed nothing: `:info` does not describe it.
                if interpreter.lastUnitWasTakenBack, sources.last === file { sources.removeLast() }
                throw error
            }
        }
        if runKinds.count == 1 {
            inputs.append(SessionInput(text: file.text, sourceName: file.name, lineOffset: file.lineOffset,
                                       kind: .script, changesState: true, failed: false))
        }
    }

    /// Runs one interactive entry. A bare expression's value is echoed. Completed entries
    /// are kept for `:save` and `:undo`.
    public func submit(_ entry: SourceFile) -> EntryOutcome {
        runKinds.append(.entry)
        defer { runKinds.removeLast() }
        skipRecording = false
        let before = copySessionState()
        let mark = sessionMark
        let outcome = interpreter.runEntry(entry)
        switch stop {
        case .quit?:
            stop = nil
            return .completed
        case .reset?:
            stop = nil
            reset()
            return .completed
        case .undo?:
            stop = nil
            undo()
            return .completed
        case nil:
            break
        }
        switch outcome {
        case .completed:
            sources.append(entry)
            let changed = Self.changesSessionByItself(entry) || mark != sessionMark
                || !interpreter.stateUnchanged(since: before)
            if !skipRecording { record(entry, changesState: changed, failed: false) }
        case .failed:
            // As in the Swift REPL, what ran before a run-time error stays done, so the
            // entry stays. One that failed to compile ran nothing: only a value that was
            // there before and is different now counts (a name it began to declare does not).
            let changed = mark != sessionMark || !interpreter.stateUnchanged(since: before, ignoringNewGlobals: true)
            if changed && !skipRecording { record(entry, changesState: true, failed: true) }
        case .incomplete:
            break
        }
        return outcome
    }

    /// What an entry can change: the script's values, and the screens' class instances the
    /// simulated app holds (`sections.removeLast()` inside `:use ListViewController`).
    func copySessionState() -> InterpreterStateCopy {
        interpreter.copyState(reaching: simulator.screens.values.compactMap(\.value))
    }

    private func record(_ entry: SourceFile, changesState: Bool, failed: Bool) {
        inputs.append(SessionInput(text: entry.text, sourceName: entry.name, lineOffset: entry.lineOffset,
                                   kind: .entry, changesState: changesState, failed: failed))
    }

    /// What an entry can change outside the interpreter's values.
    struct SessionMark: Equatable {
        var tableInUse: String?
        var navigation: [String]
        var device: String
        /// A tap that only presents an alert changes no value, yet `:alert` needs it
        /// presented after `:undo` replays the session.
        var alert: ObjectIdentifier?
        var notificationObservers: Int
        var tableLayoutChanges: Int
    }

    var sessionMark: SessionMark {
        SessionMark(tableInUse: interpreter.currentTableName, navigation: simulator.navigationStack, device: device.name,
                    alert: simulator.uikitHost?.presentedAlert.map(ObjectIdentifier.init),
                    notificationObservers: simulator.uikitHost?.observers.count ?? 0,
                    tableLayoutChanges: tableLayoutChanges)
    }

    /// A declaration changes the session even when it declares what was there, and a
    /// file run by `:load` or `:reload` may do anything.
    static func changesSessionByItself(_ entry: SourceFile) -> Bool {
        guard let unit = try? Parser.parse(entry, screenSuperclasses: UIKitBuiltins.screenSuperclasses) else { return false }
        return unit.statements.contains { statement in
            switch statement.kind {
            case .declaration: return true
            case .command(let name, _): return ["load", "reload", "use", "back", "present", "device", "reset"].contains(name)
            default: return false
            }
        }
    }

    /// Interrupts running code (safe to call from a signal handler's thread).
    public func requestInterrupt() {
        Interpreter.requestInterrupt()
    }

    /// Forgets everything: definitions, tables, inputs (`:reset`). The device stays.
    public func reset() {
        interpreter.shutDown()
        let fresh = Interpreter(options: options, standardOutput: standardOutput)
        interpreter = fresh
        simulator = TableSimulator(interpreter: fresh)
        sources = []
        inputs = []
        lastDrawing = nil
        lastLoadedPath = nil
        install()
    }

    /// Takes back the last input that changed the state, silently (issue 13: what the
    /// session shows after an undo is its state, as before that input): the ones before it
    /// run again in a fresh session, under their own names, with their output, warnings and
    /// errors dropped (they were shown when they first ran). Read-only inputs (`:show`, a
    /// bare `x`) are not undone: there is nothing of theirs to take back. `:undo` checked
    /// that there is an input to take back.
    func undo() {
        guard let lastIndex = inputs.lastIndex(where: \.changesState) else { return }
        let keep = inputs[..<lastIndex].filter(\.changesState)
        let loaded = lastLoadedPath
        let warnings = warningHandler
        reset()
        muted = true
        interpreter.warningHandler = { _ in }
        // The inputs run again as they first ran: at the top, each recorded anew.
        let kinds = runKinds
        runKinds = []
        defer { runKinds = kinds }
        var failure: Diagnostic?
        for input in keep {
            let file = SourceFile(name: input.sourceName, text: input.text, lineOffset: input.lineOffset)
            var error: Diagnostic?
            switch input.kind {
            case .script:
                do { try runScript(file) } catch let e { error = e }
            case .entry:
                // An input that failed the first time fails again, and is kept again.
                if case .failed(let d) = submit(file) { error = d }
            }
            if let error, !input.failed, failure == nil { failure = error }
        }
        muted = false
        interpreter.warningHandler = warnings
        lastLoadedPath = loaded
        if let failure {
            write("undo: replaying the earlier inputs failed: \(DiagnosticRenderer.terminalSafe(failure.message))\n")
        }
    }

    // MARK: - Effects and navigation

    func effectHappened(_ effect: TableEffect) {
        switch effect {
        case .reloadData, .reloadRows, .insertRows, .deleteRows, .moveRow: if commandDepth == 0 { tableLayoutChanges += 1 }
        case .performSegue, .deselectRow, .deselectItem, .selectItem, .selectRow, .alert, .permissionAlert, .print, .openURL: break
        }
        guard commandEffects != nil else { return }
        commandEffects?.append(effect)
        write(effect.description + "\n")
    }

    func navigationChanged() {
        // Standing inside a table (`:use`) follows the navigation.
        if interpreter.currentTableName != nil {
            simulator.standInside(simulator.currentTableName)
        }
    }
}

/// One input of a session: an entry typed at the prompt or a script run whole.
public struct SessionInput: Equatable, Sendable {
    public enum Kind: Equatable, Sendable { case entry, script }
    public var text: String
    /// The name its diagnostics use (`<repl>`, the script's path) and its first line.
    public var sourceName: String
    public var lineOffset: Int
    public var kind: Kind
    /// Declared something, or changed a value, the table in use, the navigation or the
    /// device. `:save` keeps only these unless asked for `--all`.
    public var changesState: Bool
    /// Stopped with a run-time error after changing state.
    public var failed: Bool
}

/// The screen sizes `:device` offers, in points.
struct Device: Equatable {
    var name: String
    var width: Double
    var height: Double

    static let all = [
        Device(name: "iPhone SE", width: 375, height: 667),
        Device(name: "iPhone 15", width: 390, height: 844),
        Device(name: "iPhone 15 Pro Max", width: 430, height: 932),
        Device(name: "iPad", width: 820, height: 1180),
        Device(name: "iPad Pro", width: 1024, height: 1366),
    ]
    static let `default` = all[1]

    static func named(_ text: String) -> Device? {
        let key = normalized(text)
        return all.first { normalized($0.name) == key }
    }

    static func normalized(_ text: String) -> String {
        String(text.lowercased().filter { !$0.isWhitespace && $0 != "-" && $0 != "_" })
    }
}
