// SPEC §3.3 at run time: every execution of a switch first makes sure its patterns cover
// the subject's type as it is now, using the same checker as `tablelab check`. The
// verdict is cached per switch site and per type generation (a redeclared type bumps
// it), so a switch that was checked costs a compare or two on its next run.
//
// Also the registry of every switch in the loaded code, which answers SPEC §3.3's last
// bullet: when an enum is redeclared with other cases, the switches that no longer cover
// it are listed at once.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TableLabSyntax
import TableLabExhaustiveness

/// What is known about one compiled switch: where it is, and the subject shape its
/// patterns were last found to cover (only passing verdicts are cached: a failing
/// switch is an error every time it runs).
final class SwitchCheckState {
    let stmt: SwitchStmt
    /// The switch as registered from its source unit (its file, its enclosing function);
    /// nil for code that was never loaded as a unit (`:type EXPR`).
    let site: LoadedSwitch?
    /// `typeGeneration` the cached verdict holds for; -1: nothing cached.
    @exclusivity(unchecked) var generation = -1
    /// The common case, tested first: the subject was a plain value of this enum.
    @exclusivity(unchecked) var enumTypeID: Int32 = -1
    /// Any other subject shape that passed.
    @exclusivity(unchecked) var shape: ValueShape = .unknown {
        didSet { tupleCodes = shape.flatTupleCodes }
    }
    /// The shape when it is a tuple of enums, Bools and open types (tested without recursion).
    @exclusivity(unchecked) private(set) var tupleCodes: [Int32]?
    /// Warnings already reported for this site: each is said once.
    var warned = Set<Diagnostic.Identity>()

    init(stmt: SwitchStmt, site: LoadedSwitch?) {
        self.stmt = stmt
        self.site = site
    }

    /// Whether the cached verdict covers `v` (the caller has compared the generation).
    @inline(__always) func covers(_ v: Value) -> Bool {
        if case .enumCase(let tid, _) = v { return tid == enumTypeID }
        if case .payloadCase(let p) = v { return p.typeID == enumTypeID }
        if case .tuple(let t) = v, let codes = tupleCodes { return ValueShape.admits(t.elements, codes: codes) }
        return shape.admits(v)
    }
}

/// The shape of a switch subject as far as the verdict depends on it. All open types
/// (Int, String, structs, arrays...) share one shape: a switch that passes over one of
/// them has a catch-all and no enum patterns, so it passes over all of them.
indirect enum ValueShape {
    case unknown
    case enumeration(Int32)
    case bool
    case open
    case optional(ValueShape)
    /// A `nil` subject, checked with the type the patterns imply.
    case nilOptional
    case tuple([ValueShape])
    /// A case of one of the host's enums (HostEnumValue.swift), by the enum's name: its
    /// switch passes without a catch-all, so other open values are not admitted.
    case hostEnum(String)

    init(_ v: Value) {
        switch v {
        case .enumCase(let tid, _): self = .enumeration(tid)
        case .payloadCase(let p): self = .enumeration(p.typeID)
        case .bool: self = .bool
        case .wrapped(let x): self = .optional(ValueShape(x))
        case .nilValue: self = .nilOptional
        case .tuple(let t): self = .tuple(t.elements.map(ValueShape.init))
        case .box(let b): self = ValueShape(b.value)
        case .object(let e as HostEnumValue): self = .hostEnum(e.swiftTypeName)
        default: self = .open
        }
    }

    /// Whether a value of this shape was covered. A `nil` is admitted by any optional
    /// shape that passed: the site is the same, and so is the type Swift would give it.
    /// (Switches on `self` alone and bind nothing it does not need: copying the payloads
    /// would cost reference counting on every run of the switch.)
    func admits(_ v: Value) -> Bool {
        if case .box(let b) = v { return admits(b.value) }
        switch self {
        case .unknown: return false
        case .enumeration(let t):
            if case .enumCase(let tid, _) = v { return t == tid }
            if case .payloadCase(let p) = v { return t == p.typeID }
            return false
        case .bool:
            if case .bool = v { return true }
            return false
        case .optional(let w):
            if case .wrapped(let x) = v { return w.admits(x) }
            return v.isNil
        case .nilOptional:
            return v.isNil
        case .hostEnum(let name):
            if case .object(let e as HostEnumValue) = v { return e.swiftTypeName == name }
            return false
        case .tuple(let ss):
            guard case .tuple(let t) = v, ss.count == t.elements.count else { return false }
            for i in 0..<ss.count where !ss[i].admits(t.elements[i]) { return false }
            return true
        case .open:
            switch v {
            case .enumCase, .payloadCase, .bool, .wrapped, .nilValue, .tuple: return false
            case .object(let o) where o is HostEnumValue: return false
            default: return true
            }
        }
    }

    /// A tuple of enums, Bools and open types as one code per element (an enum's type id,
    /// or `ValueShape.boolCode` / `openCode`), so that the common tuple switch is admitted
    /// by a loop over integers; nil for other shapes.
    var flatTupleCodes: [Int32]? {
        guard case .tuple(let ss) = self else { return nil }
        var codes: [Int32] = []
        for s in ss {
            switch s {
            case .enumeration(let t): codes.append(t)
            case .bool: codes.append(Self.boolCode)
            case .open: codes.append(Self.openCode)
            default: return nil
            }
        }
        return codes
    }

    static let boolCode: Int32 = -2
    static let openCode: Int32 = -3

    /// `flatTupleCodes`'s test: whether every element has the shape its code says.
    @inline(__always) static func admits(_ elements: [Value], codes: [Int32]) -> Bool {
        guard elements.count == codes.count else { return false }
        for i in 0..<codes.count {
            switch elements[i] {
            case .enumCase(let tid, _): if tid != codes[i] { return false }
            case .payloadCase(let p): if p.typeID != codes[i] { return false }
            case .bool: if codes[i] != boolCode { return false }
            case .wrapped, .nilValue, .tuple, .box: return false
            default: if codes[i] != openCode { return false }
            }
        }
        return true
    }
}

/// A switch of the loaded code, found when its unit was loaded.
final class LoadedSwitch {
    let stmt: SwitchStmt
    /// Known statically (annotation, `self`, patterns); nil: only at run time.
    let staticSubject: SubjectType?
    /// What the switch last ran over (for switches the static pass cannot type).
    var observedSubject: SubjectType?
    let function: String?
    let file: SourceFile
    /// The top-level declaration holding the switch (`func f(_:)`, `type Item`); a
    /// redeclaration of it makes the switch dead code. Nil at the top level.
    let owner: String?
    /// The member of a type or extension holding the switch (`Item.title`,
    /// `Settings.tableView(_:didSelectRowAt:)`): an extension that declares that member
    /// again replaces it, so the switch is dead code. Nil outside a type's members.
    let member: String?
    /// Warnings already reported for this switch (by any of its compiled forms): each once.
    var warned = Set<Diagnostic.Identity>()

    init(_ site: SwitchSite, file: SourceFile, owner: String?, member: String? = nil) {
        stmt = site.stmt
        staticSubject = site.subject
        function = site.function
        self.file = file
        self.owner = owner
        self.member = member
    }

    var subject: SubjectType? { staticSubject ?? observedSubject }
}

/// The interpreter's exhaustiveness state: one checker for the session (it caches each
/// enum's case index), the registry of loaded switches.
final class SwitchExhaustiveness {
    unowned let core: InterpreterCore
    private(set) lazy var checker = makeChecker()

    private func makeChecker() -> SwitchChecker {
        var checker = SwitchChecker(enumCases: { [unowned self] name in
        guard let t = self.core.userType(name), t.kind == .enum else { return self.core.importedEnumCases(name) }
        return t.caseNames
    }, casePayloads: { [unowned self] name in
        guard let t = self.core.userType(name), t.kind == .enum, t.hasPayloadCases, let e = t.decl as? EnumDecl else { return nil }
        return AssociatedValueType.payloads(of: e)
    }, genericParameters: { [unowned self] name in
        guard let t = self.core.userType(name), let e = t.decl as? EnumDecl else { return [] }
        return e.members.genericParameters.map(\.name)
    }, traits: { [unowned self] name in
        if let t = self.core.userType(name) { return t.enumTraits }
        return self.core.hosting.enums[name] == nil ? EnumTraits() : EnumTraits(isImportedOpen: true)
    })
        checker.customPatternOperators = { [unowned self] in self.core.patternOperatorsDeclared }
        return checker
    }
    /// Every switch of the loaded code, in load order (dead ones dropped).
    private(set) var sites: [LoadedSwitch] = []
    private var byLocation: [SourceLocation: [LoadedSwitch]] = [:]
    /// The warnings the whole-unit check reported before the unit ran (swiftc warns about
    /// every switch, also in code that never runs); the run-time check does not repeat them.
    var reportedBeforeRunning = Set<Diagnostic.Identity>()

    init(core: InterpreterCore) { self.core = core }

    static func warningKey(_ d: Diagnostic, file: SourceFile?) -> Diagnostic.Identity { d.identity(file: file) }

    // MARK: The registry and redefinitions

    /// Registers the switches of a unit about to run, drops the ones its declarations
    /// make dead, and reports (as warnings) the switches that no longer cover an enum the
    /// unit redeclares with other cases.
    func load(_ unit: SourceUnit, _ file: SourceFile) {
        var before: [String: [String]] = [:]
        var payloadsBefore: [String: [[AssociatedValueType]?]] = [:]
        var known: [(name: String, cases: [String])] = []
        for t in core.types where t.kind == .enum && core.typeSlots[t.name]?.current === t {
            before[t.name] = t.caseNames
            if let e = t.decl as? EnumDecl { payloadsBefore[t.name] = AssociatedValueType.payloads(of: e) }
            known.append((t.name, t.caseNames))
        }
        // A unit the parser found no switch in has no site to collect: the collector's
        // tables and walk were most of every prelude's registration. Its declarations
        // still drop earlier switches and warn of redeclared enums, below.
        var found: [SwitchSite] = []
        if unit.mayHoldSwitches {
            var collector = SiteCollector(unit: unit, file: file, knownEnums: known, hostOpenTypes: core.hosting.openTypes,
                                          hostEnums: core.hosting.enums)
            collector.walk(unit.statements)
            found = collector.sites
        }

        // Which top-level declaration holds each switch: the last statement starting before it.
        let statements = unit.statements
        var replaced = Set<String>()
        for s in statements { if let key = Self.declarationKey(s, replacing: true) { replaced.insert(key) } }
        // A member an extension declares again replaces the earlier one (its switches with it).
        let replacedMembers = Set(statements.flatMap(Self.membersReplacedByExtension))
        if !replaced.isEmpty || !replacedMembers.isEmpty {
            if undo != nil, undo?.whole == nil { undo?.whole = (sites, byLocation) }
            sites.removeAll { ($0.owner.map(replaced.contains) ?? false) || ($0.member.map(replacedMembers.contains) ?? false) }
            rebuildIndex()
        }
        var stmtIndex = 0
        // Where each key is declared last in this unit: a switch of an earlier declaration
        // of the same function or type is dead once the unit has run (a file may redeclare,
        // as a session does), so `:check` and `:info` must not describe it. Only the unit's
        // own switches are looked up in them.
        var lastDeclaration: [String: Int] = [:]
        // And where each member is declared last: an extension declaring it again replaces it.
        var lastMemberDeclaration: [String: Int] = [:]
        if !found.isEmpty {
            for (i, s) in statements.enumerated() {
                if let key = Self.declarationKey(s, replacing: true) { lastDeclaration[key] = i }
                for m in Self.membersReplacedByExtension(s) { lastMemberDeclaration[m] = i }
            }
        }
        var superseded: [ObjectIdentifier] = []
        for site in found {
            let at = site.stmt.location
            while stmtIndex + 1 < statements.count, Self.precedes(statements[stmtIndex + 1].location, at) { stmtIndex += 1 }
            let owner = statements.isEmpty ? nil : Self.declarationKey(statements[stmtIndex], replacing: false)
            let member = statements.isEmpty ? nil : Self.memberKey(holding: at, in: statements[stmtIndex])
            let loaded = LoadedSwitch(site, file: file, owner: owner, member: member)
            sites.append(loaded)
            byLocation[at, default: []].append(loaded)
            undo?.appended.append(loaded)
            if let owner, let last = lastDeclaration[owner], last > stmtIndex {
                superseded.append(ObjectIdentifier(loaded))
            } else if let member, let last = lastMemberDeclaration[member], last > stmtIndex {
                superseded.append(ObjectIdentifier(loaded))
            }
        }
        // Dropped from the registry after the redefinition warnings below (each was true
        // when its enum was redeclared); the run-time lookup by location keeps them while
        // the unit runs the old declaration.
        defer {
            if !superseded.isEmpty {
                let dead = Set(superseded)
                sites.removeAll { dead.contains(ObjectIdentifier($0)) }
            }
        }

        // Redeclared enums, in the unit's order (a file may redeclare one twice).
        var current = before
        var currentPayloads = payloadsBefore
        for (decl, location) in Self.enumDeclarations(statements) {
            let cases = decl.cases.map(\.name)
            let payloads = AssociatedValueType.payloads(of: decl)
            defer { current[decl.name] = cases; currentPayloads[decl.name] = payloads }
            guard let old = current[decl.name], old != cases || currentPayloads[decl.name] != payloads else { continue }
            reportRedefinition(of: decl.name, at: location, from: old, to: cases,
                               payloads: (currentPayloads[decl.name], payloads),
                               genericParameters: decl.members.genericParameters.map(\.name), file: file)
        }
    }

    /// How to take back the registry's changes by a unit that may still fail to compile
    /// (DeclarationJournal.swift): the switches it appended, and the whole registry only
    /// when the unit removes some (it then rebuilds the index anyway).
    private struct Undo {
        let count: Int
        var appended: [LoadedSwitch] = []
        var whole: (sites: [LoadedSwitch], byLocation: [SourceLocation: [LoadedSwitch]])?
    }
    private var undo: Undo?

    func beginUndoable() { undo = Undo(count: sites.count) }

    func commitUndoable() { undo = nil }

    func rollBackUndoable() {
        guard let u = undo else { return }
        undo = nil
        if let whole = u.whole {
            sites = whole.sites
            byLocation = whole.byLocation
            return
        }
        for s in u.appended {
            let at = s.stmt.location
            byLocation[at]?.removeAll { $0 === s }
            if byLocation[at]?.isEmpty == true { byLocation[at] = nil }
        }
        sites.removeLast(sites.count - u.count)
    }

    private func rebuildIndex() {
        byLocation = [:]
        for s in sites { byLocation[s.stmt.location, default: []].append(s) }
    }

    private static func precedes(_ a: SourceLocation, _ b: SourceLocation) -> Bool {
        a.line < b.line || (a.line == b.line && a.column <= b.column)
    }

    /// `func f(_:)` or `type Item` for a declaration; extensions hold switches of their
    /// type but do not replace the type's earlier switches.
    private static func declarationKey(_ s: Stmt, replacing: Bool) -> String? {
        guard case .declaration(let d) = s.kind else { return nil }
        switch d {
        case .function(let f): return "func " + f.fullName
        case .enum(let e): return "type " + e.name
        case .struct(let st): return "type " + st.name
        case .table(let t): return "type " + t.name
        case .class(let c): return "type " + c.name
        case .extension(let name, _, _): return replacing ? nil : "type " + name
        case .variable, .protocol, .typeAlias: return nil
        }
    }

    /// A type's or extension's members by where they start: `Type.fullName` for methods,
    /// `Type.name` for properties, `Type.init(...)` and `Type.subscript(...)`.
    private static func memberStarts(_ s: Stmt) -> [(SourceLocation, String)] {
        guard case .declaration(let d) = s.kind else { return [] }
        let name: String, members: TypeMembers
        switch d {
        case .enum(let e): (name, members) = (e.name, e.members)
        case .struct(let x): (name, members) = (x.name, x.members)
        case .table(let x): (name, members) = (x.name, x.members)
        case .class(let x): (name, members) = (x.name, x.members)
        case .extension(let n, let m, _): (name, members) = (n, m)
        case .variable, .function, .protocol, .typeAlias: return []
        }
        // Not `joined()`: its first use in a run costs the runtime's lookup of
        // `[String]: Collection`, and every prelude with an extension comes here.
        func labels(_ ps: [Parameter]) -> String {
            var out = "("
            for p in ps { out += (p.label ?? "_") + ":" }
            return out + ")"
        }
        var out: [(SourceLocation, String)] = []
        for f in members.methods { out.append((f.location, name + "." + (f.isStatic ? "static " : "") + f.fullName)) }
        for v in members.properties { if let n = v.name { out.append((v.location, name + "." + (v.isStatic ? "static " : "") + n)) } }
        for i in members.initializers { out.append((i.location, name + ".init" + labels(i.parameters))) }
        for x in members.subscripts { out.append((x.location, name + ".subscript" + labels(x.parameters))) }
        return out.sorted { precedes($0.0, $1.0) && $0.0 != $1.0 }
    }

    /// The member of the declaration `s` whose text holds `location` (the last to start before it).
    private static func memberKey(holding location: SourceLocation, in s: Stmt) -> String? {
        memberStarts(s).last { precedes($0.0, location) }?.1
    }

    /// The members an extension declares: each replaces an earlier member of that name.
    private static func membersReplacedByExtension(_ s: Stmt) -> [String] {
        guard case .declaration(.extension) = s.kind else { return [] }
        return memberStarts(s).map(\.1)
    }

    private static func enumDeclarations(_ statements: [Stmt]) -> [(EnumDecl, SourceLocation)] {
        var out: [(EnumDecl, SourceLocation)] = []
        func visit(_ d: Decl) {
            switch d {
            case .enum(let e):
                out.append((e, e.location))
                for n in e.members.nestedTypes { visit(n) }
            case .struct(let s): for n in s.members.nestedTypes { visit(n) }
            case .table(let t): for n in t.members.nestedTypes { visit(n) }
            case .class(let c): for n in c.members.nestedTypes { visit(n) }
            // No `default:`: a new kind of declaration that holds types must be listed above.
            case .extension, .function, .variable, .protocol, .typeAlias: break
            }
        }
        for s in statements { if case .declaration(let d) = s.kind { visit(d) } }
        return out
    }

    /// One warning at the redeclaration, one note per switch that covered the old cases
    /// and does not cover the new ones: where it is, its function, what it misses.
    private func reportRedefinition(of name: String, at location: SourceLocation, from old: [String], to new: [String],
                                    payloads: (old: [[AssociatedValueType]?]?, new: [[AssociatedValueType]?]?),
                                    genericParameters: [String], file: SourceFile) {
        // The switches in the methods of the enum's earlier declaration in this unit go with
        // it: they are never live over the new cases (a session's entry drops them before).
        let owner = "type " + name
        let live = sites.filter { !($0.owner == owner && $0.file === file && Self.precedes($0.stmt.location, location)) }
        let candidates = live.map { SwitchSite(stmt: $0.stmt, subject: $0.subject, function: $0.function, file: $0.file) }
        let stale = checker.switchesBroken(byRedefining: name, from: old, to: new, oldPayloads: payloads.old,
                                           newPayloads: payloads.new, genericParameters: genericParameters,
                                           among: candidates)
        guard !stale.isEmpty else { return }
        let notes = stale.map { s in
            Diagnostic.note(RuntimeMessage.switchNoLongerCovers(function: s.site.function, missing: s.missing.filter { $0 != "default" },
                                                                needsDefault: s.missing.contains("default"), removed: s.removed),
                            at: s.site.stmt.location, in: s.site.file)
        }
        core.warningHandler(.warning(RuntimeMessage.enumRedeclaredWithOtherCases(name: name, switches: stale.count),
                                     at: location, in: file, notes: notes))
    }

    // MARK: Run time

    /// A value tells its generic enum (`Box`) but not its type arguments: where the
    /// declaration says them (`Box<Bool>`), the observed type takes them. The cases stay
    /// the value's: the enum may have been redeclared since the site was loaded (or later
    /// in its unit), and the run checks against the declaration the value belongs to.
    static func withTypeArguments(_ observed: SubjectType, from known: SubjectType) -> SubjectType {
        switch (observed, known) {
        case (.enumeration(let name, let cases), .enumeration(let full, _)):
            return GenericEnumName.split(full)?.base == name ? .enumeration(name: full, cases: cases) : observed
        case (.optional(let o), .optional(let k)): return .optional(withTypeArguments(o, from: k))
        case (.tuple(let os), .tuple(let ks)) where os.count == ks.count:
            return .tuple(zip(os, ks).map { withTypeArguments($0, from: $1) })
        default: return observed
        }
    }

    /// Where the declaration says a part of the subject is one of the host's enums, that
    /// part is: the host carries some of their values as case names (a String inside), and
    /// a `nil` tells nothing of what it wraps. (A host enum is never redeclared, so the
    /// type known when the site was loaded still holds.)
    func withHostEnums(_ observed: SubjectType, from known: SubjectType) -> SubjectType {
        switch (observed, known) {
        case (_, .enumeration(let name, _)) where core.hosting.enums[name] != nil:
            return known
        case (.optional(let o), .optional(let k)): return .optional(withHostEnums(o, from: k))
        case (.tuple(let os), .tuple(let ks)) where os.count == ks.count:
            return .tuple(zip(os, ks).map { withHostEnums($0, from: $1) })
        default: return observed
        }
    }

    /// The state of a switch being compiled, tied to its registered site.
    func state(for sw: SwitchStmt) -> SwitchCheckState {
        var site: LoadedSwitch? = nil
        if let candidates = byLocation[sw.location] {
            site = candidates.last { $0.file === core.currentFile } ?? candidates.last
        }
        return SwitchCheckState(stmt: sw, site: site)
    }

    /// Checks the switch against the type of `v`: throws the checker's error, reports its
    /// warnings once, and caches a passing verdict.
    func verify(_ state: SwitchCheckState, _ v: Value) throws {
        let stmt = state.stmt
        // A value its redeclared enum left behind matches no pattern written for either.
        if let stale = core.staleEnumValue(v) { throw RuntimeError(stale, at: stmt.subject.location) }
        let started = Self.reportTimes ? ContinuousClock.now : nil
        var subject = subjectType(of: v, stmt)
        if let known = state.site?.staticSubject { subject = Self.withTypeArguments(subject, from: known) }
        if let known = state.site?.staticSubject { subject = withHostEnums(subject, from: known) }
        let file = state.site?.file ?? core.currentFile
        var diagnostics = checker.check(stmt, subject: subject, file: file)
        if state.site?.staticSubject == nil {
            // The subject's type is the value's, which only the run tells (its static type
            // may be `Any` or a protocol): a cast to it is no certainty swiftc warns of.
            diagnostics.removeAll { ($0.content as? SwitchMessage) == .asTestAlwaysTrue }
        }
        if let started {
            let d = (ContinuousClock.now - started).components
            let ms = Double(d.seconds) * 1e3 + Double(d.attoseconds) / 1e15
            let place = "\(file?.name ?? "<unknown>"):\(stmt.location)"
            let micros = Int((ms * 1000).rounded())
            let fraction = String(micros % 1000)
            let text = "\(micros / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)"
            var line = "switch check \(place) over \(Self.shortName(subject)): \(text) ms\n"
            line.withUTF8 { bytes in _ = write(2, bytes.baseAddress, bytes.count) }
        }
        if let last = diagnostics.lastIndex(where: { $0.severity == .error }) {
            // What comes before the last error (other errors, redundant cases) is reported
            // as it comes, in swiftc's order; the last one stops the run, with its call trace.
            for d in diagnostics[..<last] {
                if d.severity == .warning {
                    let key = d.identity()
                    guard state.site.map({ $0.warned.insert(key).inserted }) ?? state.warned.insert(key).inserted else { continue }
                }
                core.warningHandler(d)
            }
            throw RuntimeError(diagnostics[last])
        }
        for d in diagnostics {
            let key = d.identity()
            let fresh = state.site.map { $0.warned.insert(key).inserted } ?? state.warned.insert(key).inserted
            if fresh, !reportedBeforeRunning.contains(Self.warningKey(d, file: file)) { core.warningHandler(d) }
        }
        state.site?.observedSubject = subject
        state.generation = core.typeGeneration
        if case .enumCase(let tid, _) = v {
            state.enumTypeID = tid
        } else if case .payloadCase(let p) = v {
            state.enumTypeID = p.typeID
        } else {
            state.shape = ValueShape(v)
        }
    }

    /// `TABLELAB_SWITCH_CHECK_TIMES=1` prints each check's duration on standard error
    /// (for scripts/bench-exhaustiveness; a cached verdict costs no check and prints nothing).
    static let reportTimes = getenv("TABLELAB_SWITCH_CHECK_TIMES") != nil

    /// The type's name for the timing line, a big enum's cases counted rather than listed.
    private static func shortName(_ t: SubjectType) -> String {
        switch t {
        case .enumeration(let name, let cases): return "\(name) (\(cases.count) cases)"
        case .tuple(let ts): return "(" + ts.map(shortName).joined(separator: ", ") + ")"
        case .optional(let w): return shortName(w) + "?"
        default: return t.description
        }
    }

    /// The subject's type as it is now: from the value, and from the patterns where the
    /// value cannot tell (`nil` says nothing of what it wraps).
    func subjectType(of v: Value, _ stmt: SwitchStmt) -> SubjectType {
        var inferred: SubjectType?? = .none
        func fromPatterns() -> SubjectType? {
            if case .some(let t) = inferred { return t }
            let all = core.types.filter { $0.kind == .enum && core.typeSlots[$0.name]?.current === $0 }
                .map { (name: $0.name, cases: $0.caseNames) }
            let t = checker.inferSubjectType(stmt, allEnums: all)
            inferred = .some(t)
            return t
        }
        func type(_ v: Value, _ hint: () -> SubjectType?) -> SubjectType {
            switch v {
            case .enumCase(let tid, _):
                let t = core.types[Int(tid)]
                return .enumeration(name: t.name, cases: t.caseNames)
            case .payloadCase(let p):
                let t = core.types[Int(p.typeID)]
                return .enumeration(name: t.name, cases: t.caseNames)
            case .bool: return .bool
            case .wrapped(let x):
                return .optional(type(x, { if case .optional(let w)? = hint() { return w }; return nil }))
            case .nilValue:
                switch hint() {
                case .optional(let w)?: return .optional(w)
                case let t?: return .optional(t)
                case nil: return .optional(.open(name: "Any"))
                }
            case .tuple(let tv):
                return .tuple(tv.elements.enumerated().map { i, x in
                    type(x, {
                        if case .tuple(let ts)? = hint(), ts.count == tv.elements.count { return ts[i] }
                        return nil
                    })
                })
            case .box(let b): return type(b.value, hint)
            case .void: return .tuple([])
            case .object(let e as HostEnumValue):
                guard let cases = core.importedEnumCases(e.swiftTypeName) else { return .open(name: e.swiftTypeName) }
                return .enumeration(name: e.swiftTypeName, cases: cases)
            default: return .open(name: core.typeName(v))
            }
        }
        return type(v, fromPatterns)
    }
}

extension SwitchExhaustiveness {
    /// For the interpreter's constant tables (`var title: String { switch self { ... } }`
    /// answered by case index): the table exists only when every case is listed, so the
    /// checker can only have warnings to say; they are said once, when the table is built.
    func reportWarnings(_ sw: SwitchStmt, over t: UserType) {
        guard !t.caseNames.isEmpty else { return }
        try? verify(state(for: sw), .enumCase(typeID: t.id, caseIndex: 0))
    }
}

extension RuntimeError {
    init(_ diagnostic: Diagnostic) {
        self.init(diagnostic.content, at: diagnostic.location, notes: diagnostic.notes)
        self.diagnostic.file = diagnostic.file
    }
}

extension InterpreterCore {
    /// Before a switch matches: verifies (once per site, type and generation) that its
    /// patterns cover the subject's type.
    @inline(__always) func verifyExhaustive(_ state: SwitchCheckState, _ v: Value) throws {
        if state.generation == typeGeneration, state.covers(v) { return }
        try verifyExhaustiveSlow(state, v)
    }

    @inline(never) func verifyExhaustiveSlow(_ state: SwitchCheckState, _ v: Value) throws {
        try switchChecks.verify(state, v)
    }
}
