// The exhaustiveness checker: every diagnostic swiftc gives for one switch.

import TableLabSyntax

/// Checks `switch` statements the way swiftc does: missing cases (folded with wildcards
/// exactly as swiftc prints them), redundant cases, a `default` that can never run, and
/// patterns that name no case.
///
/// The interpreter calls `check` on the first execution of a switch site (and caches the
/// verdict per site and enum version); `StaticChecker` calls it for `tablelab check`.
/// One checker may be reused for many switches: it remembers each enum's case index, so a
/// 10,000-case enum is indexed once per version.
public struct SwitchChecker {
    let enumCases: (String) -> [String]?
    let cache = EnumInfoCache()
    /// A generic enum's parameter names, by name (kept for the checkers a redefinition makes).
    private(set) var genericParameters: (String) -> [String] = { _ in [] }
    /// Whether the script declares a `~=` of its own: a literal pattern against a value of
    /// another type may then be matched by it, so it is no type error.
    public var customPatternOperators: () -> Bool = { false }
    /// Whether subjects are typed from declarations (before running), where an Int subject is
    /// surely one: at run time an observed Int may be an `Any` (the case then just fails).
    public var subjectsFromDeclarations = false

    /// - Parameter enumCases: looks up an enum's cases by name (nil: no such enum).
    ///   Used for `Item.donate` patterns and for `inferSubjectType`.
    ///   A generic enum named with its arguments (`Box<Bool>`) has its enum's cases.
    public init(enumCases: @escaping (String) -> [String]?) {
        let lookup: (String) -> [String]? = { name in
            enumCases(name) ?? GenericEnumName.split(name).flatMap { enumCases($0.base) }
        }
        self.enumCases = lookup
        cache.enumCases = lookup
    }

    /// - Parameter casePayloads: an enum's associated values per case (nil for a plain
    ///   case), by enum name; nil for an enum without any.
    /// - Parameter genericParameters: a generic enum's parameter names (`["T"]`), by name;
    ///   `Box<Bool>`'s payloads are `Box`'s with `T` replaced by `Bool`.
    /// - Parameter traits: an enum's `@frozen public` and unavailable cases, by name.
    public init(enumCases: @escaping (String) -> [String]?,
                casePayloads: @escaping (String) -> [[AssociatedValueType]?]?,
                genericParameters: @escaping (String) -> [String] = { _ in [] },
                traits: @escaping (String) -> EnumTraits = { _ in EnumTraits() }) {
        self.init(enumCases: enumCases)
        self.genericParameters = genericParameters
        cache.traits = traits
        cache.casePayloads = { name in
            guard let (base, arguments) = GenericEnumName.split(name) else { return casePayloads(name) }
            return GenericEnumName.specialize(casePayloads(base), parameters: genericParameters(base), arguments: arguments)
        }
    }

    /// Every diagnostic swiftc would give for this switch, in swiftc's order: pattern
    /// errors (`type 'Item' has no member 'donat'`, which stop all further checking, as
    /// in swiftc); else the redundant-case warnings in case order, then the
    /// `switch must be exhaustive` error with its notes; then, when nothing else is
    /// wrong, `default will never be executed` (swiftc reports that one later, from SIL).
    public func check(_ s: SwitchStmt, subject: SubjectType, file: SourceFile?, isPatternMatch: Bool = false) -> [Diagnostic] {
        var run = CheckRun(types: TypeTable(cache: cache), file: file)
        run.isPatternMatch = isPatternMatch
        run.customPatternOperators = customPatternOperators()
        run.isEnum = { enumCases($0) != nil }
        if subjectsFromDeclarations { run.enumHasCase = { enumCases($0)?.contains($1) == true } }
        return run.check(s, subject: subject)
    }

    /// The subject type implied by the patterns alone (SPEC §3.3): the one enum that has
    /// every case the patterns name, tuples of such, `Bool` for `true`/`false`, `Int`,
    /// `Double` and `String` for their literals, an optional when `nil`, `?` or
    /// `.some`/`.none` appear. Nil when the patterns do not decide it.
    public func inferSubjectType(_ s: SwitchStmt, allEnums: [(name: String, cases: [String])]) -> SubjectType? {
        var patterns: [Pattern] = []
        for c in s.cases { patterns.append(contentsOf: c.patterns) }
        return SubjectInference(enums: allEnums).infer(patterns)
    }
}

/// The state of checking one switch.
struct CheckRun {
    var engine: SpaceEngine
    let file: SourceFile?
    /// An `if case` pattern: swiftc adds no `~=` overloads note for a String there, and
    /// places a range's error at its operator.
    var isPatternMatch = false
    /// The script declares a `~=`: a literal of another type may match (see SwitchChecker).
    var customPatternOperators = false

    /// Budget for Maranget's algorithm where swiftc's subtraction gives up.
    var usefulnessBudget: Int
    /// Tests turn the plain-enum shortcut off to compare it with the space engine.
    var allowFastPath = true
    /// Whether a name is an enum of the script (for `Other.case` against the wrong enum).
    var isEnum: (String) -> Bool = { _ in false }
    /// Whether an enum of the script has a case of that name.
    var enumHasCase: (String, String) -> Bool = { _, _ in false }
    /// Warnings of the pattern type checker (`case nil` on a non-optional), said first.
    var patternWarnings: [Diagnostic] = []

    init(types: TypeTable, file: SourceFile?, minusBudget: Int = 200_000, subspaceBudget: Int = 2_000_000,
         usefulnessBudget: Int = 2_000_000) {
        self.engine = SpaceEngine(types: types, minusBudget: minusBudget, subspaceBudget: subspaceBudget)
        self.file = file
        self.usefulnessBudget = usefulnessBudget
    }


    /// One `case` pattern (a case label item) or the `default`.
    private struct Item {
        var pattern: Pattern?          // nil for default
        var guarded: Bool
        var location: SourceLocation
    }

    mutating func check(_ s: SwitchStmt, subject: SubjectType) -> [Diagnostic] {
        let parsing = whereOnOnePatternWarnings(s)
        if !parsing.isEmpty { return parsing + checkPatterns(s, subject: subject) }
        return checkPatterns(s, subject: subject)
    }

    private mutating func checkPatterns(_ s: SwitchStmt, subject: SubjectType) -> [Diagnostic] {
        let t = engine.types.intern(subject)
        if allowFastPath, case .enumeration(let info) = engine.types[t], !info.cases.isEmpty, info.payloads == nil,
           !info.traits.isImportedOpen, !s.cases.contains(where: \.isUnknown),
           let fast = checkPlainEnum(s, t, info) {
            return fast
        }
        var items: [Item] = []
        // `@unknown default` and `@unknown case _` cover nothing here (swiftc's future cases).
        for c in s.cases where !c.isUnknown {
            if c.isDefault {
                items.append(Item(pattern: nil, guarded: false, location: c.location))
                continue
            }
            // As in Swift, a `where` clause belongs to the last pattern of its case.
            for (i, p) in c.patterns.enumerated() {
                items.append(Item(pattern: p, guarded: c.isGuarded(i),
                                  location: p.location))
            }
        }

        // Type-check the patterns first; a pattern naming no case stops the analysis.
        var errors: [Diagnostic] = []
        var projections: [Space] = []
        for item in items {
            guard let p = item.pattern else { projections.append(.type(t)); continue }
            projections.append(project(p, t, errors: &errors))
        }
        if !errors.isEmpty { return patternWarnings + errors }
        // A value of a case-less enum cannot exist: swiftc checks nothing more.
        if engine.types.isStructurallyUninhabited(t) { return [] }

        var diagnostics: [Diagnostic] = patternWarnings
        var handled = HandledSpaces()
        var literals: [LiteralKey: SourceLocation] = [:]
        var hasDefault = false
        for (item, projection) in zip(items, projections) {
            if item.guarded { continue }
            guard let p = item.pattern else { hasDefault = true; break }
            var redundant = false
            if !projection.isEmpty {
                // Past the containment budget a case is not called redundant (never a false warning).
                redundant = (try? handled.covers(projection, engine: &engine)) ?? false
            }
            if redundant {
                diagnostics.append(.warning(SwitchMessage.caseAlreadyHandled,
                                            at: item.location, in: file))
                continue
            }
            if let (key, at) = literalKey(p) {
                if let first = literals[key] {
                    diagnostics.append(.warning(SwitchMessage.literalAlreadyHandled,
                                                at: item.location, in: file,
                                                notes: [.note(SwitchMessage.firstOccurrenceOfLiteral,
                                                              at: first, in: file)]))
                    continue
                }
                literals[key] = at
            }
            if !projection.isEmpty { handled.add(projection) }
        }

        if hasDefault {
            diagnostics += casesNeverExecuted(s, t)
            if defaultNeverRuns(s, t) {
                let at = items.last(where: { $0.pattern == nil })!.location
                diagnostics.append(.warning(SwitchMessage.defaultWillNeverBeExecuted, at: at, in: file))
            }
            return diagnostics
        }
        if var missing = missingCasesDiagnostic(s, t, covered: handled.spaces) {
            // With an `@unknown` case the switch still runs: swiftc says it as a warning.
            if s.cases.contains(where: \.isUnknown), missing.id == .nonExhaustiveSwitch { missing.severity = .warning }
            diagnostics.append(missing)
        }
        return diagnostics + casesNeverExecuted(s, t)
    }

    // MARK: The common case, fast

    /// A switch over a plain enum whose patterns are all case names, `_` or bindings.
    /// Gives exactly what the space engine gives for it (the missing cases in declaration
    /// order; a case redundant when its name or a catch-all came before; a `_` only after
    /// another catch-all), in one pass over bitsets: a 10,000-case switch in well under a
    /// millisecond. Nil when the switch has any other shape or a name does not resolve.
    private mutating func checkPlainEnum(_ s: SwitchStmt, _ t: TypeID, _ info: EnumInfo) -> [Diagnostic]? {
        let index = info.index
        var seen = HeadSet()
        var sawCatchAll = false
        var coveredCount = 0
        var diagnostics: [Diagnostic] = []
        var hasDefault = false
        for ci in s.cases.indices {
            if s.cases[ci].isDefault { hasDefault = true; break }
            let patterns = s.cases[ci].patterns
            for i in patterns.indices {
                let p = patterns[i]
                let head: Int32?
                switch p.kind {
                case .wildcard, .binding:
                    head = nil
                case .enumCase(let typeName, let name, nil) where typeName == nil || typeName == info.name:
                    guard let h = index[name] else { return nil }
                    head = h
                default:
                    return nil
                }
                if s.cases[ci].isGuarded(i) { continue }
                if let head {
                    if sawCatchAll || seen.contains(head) {
                        diagnostics.append(.warning(SwitchMessage.caseAlreadyHandled,
                                                    at: p.location, in: file))
                    } else {
                        seen.insert(head)
                        if !info.isUnavailable(head) { coveredCount += 1 }
                    }
                } else if sawCatchAll {
                    diagnostics.append(.warning(SwitchMessage.caseAlreadyHandled,
                                                at: p.location, in: file))
                } else {
                    sawCatchAll = true
                }
            }
        }
        if s.cases.isEmpty { return nil }
        if hasDefault {
            if defaultNeverRuns(s, t) {
                let at = s.cases.last(where: { $0.isDefault })!.location
                diagnostics.append(.warning(SwitchMessage.defaultWillNeverBeExecuted, at: at, in: file))
            }
            return diagnostics
        }
        if sawCatchAll || coveredCount == info.cases.count - info.traits.unavailableCases.count { return diagnostics }
        var missing: [String] = []
        for (i, name) in info.cases.enumerated() where !seen.contains(Int32(i)) && !info.isUnavailable(Int32(i)) {
            missing.append("." + name)
        }
        diagnostics.append(exhaustivenessError(at: s.location, missing: missing))
        return diagnostics
    }

    // MARK: Missing cases

    private mutating func missingCasesDiagnostic(_ s: SwitchStmt, _ t: TypeID, covered: [Space]) -> Diagnostic? {
        let at = s.location
        // An `@unknown` case handles every future case; without one, only those of the
        // script's own enums may go unhandled (swiftc's `Space::forUnknown(unknownCase == nullptr)`).
        let handlesUnknown = s.cases.contains(where: \.isUnknown)
        let uncovered: Space
        do {
            uncovered = engine.removingUnknown(try engine.minus(.type(t), Space.forDisjunct(covered)), all: handlesUnknown)
        } catch {
            // swiftc gives up here; TableLab answers exactly with Maranget's algorithm.
            return usefulnessDiagnostic(s, t, covered: covered)
        }
        if uncovered.isEmpty { return nil }
        var shown: [String]
        if case .type(let ut) = uncovered {
            if !engine.types.canDecompose(ut) {
                if s.cases.isEmpty {
                    return .error(SwitchMessage.emptySwitchBody,
                                  at: at, in: file)
                }
                return .error(SwitchMessage.mustBeExhaustive, at: at, in: file,
                              notes: [.note(SwitchMessage.addDefaultClause, at: at, in: file)])
            }
            var flats: [Space] = []
            engine.flatten(engine.decompose(ut), into: &flats)
            shown = flats.compactMap { if case .unknown = $0 { return nil }; return engine.show($0) }
            if !shown.isEmpty, !handlesUnknown, flats.contains(.unknown(allowedButNotRequired: false)) {
                return exhaustivenessError(at: at, missing: shown, unhandledFuture: true)
            }
            if shown.isEmpty {
                // Every known case carries an uninhabited payload and no pattern covered
                // anything: swiftc's subtraction leaves the type whole, and its decomposition
                // has only the unknown future cases, which a frozen enum does not have.
                guard case .enumeration(let info) = engine.types[ut], !info.isFrozen,
                      flats.contains(where: { if case .unknown = $0 { return true }; return false }) else { return nil }
                return .warning(SwitchMessage.unknownValuesOnly(type: engine.types.name(ut), inSystemModule: isFromSystemModule(ut)),
                                at: at, in: file)
            }
        } else {
            let patterns: [Space]
            do {
                patterns = try engine.missingPatterns(uncovered, keepingRequiredUnknown: true)
            } catch {
                return usefulnessDiagnostic(s, t, covered: covered)
            }
            let unhandledFuture = patterns.contains(.unknown(allowedButNotRequired: false))
            shown = patterns.compactMap { if case .unknown = $0 { return nil }; return engine.show($0) }
            if engine.onlyUnknownUncovered(uncovered) {
                // Every case known today is handled: swiftc warns, and says what is left.
                var d = exhaustivenessError(at: at, missing: shown, unhandledFuture: unhandledFuture)
                d.content = SwitchMessage.unknownValuesOnly(type: engine.types.name(t), inSystemModule: isFromSystemModule(t))
                d.severity = .warning
                return d
            }
            return exhaustivenessError(at: at, missing: shown, unhandledFuture: unhandledFuture)
        }
        return exhaustivenessError(at: at, missing: shown)
    }

    /// swiftc's notes: one per missing pattern, then the future cases of an imported
    /// enum where nothing handles them, then "add missing cases" after more than one.
    private func exhaustivenessError(at: SourceLocation, missing: [String], unhandledFuture: Bool = false) -> Diagnostic {
        var notes = missing.map { Diagnostic.note(SwitchMessage.addMissingCase(pattern: $0), at: at, in: file) }
        if unhandledFuture { notes.append(.note(SwitchMessage.handleUnknownValues, at: at, in: file)) }
        if notes.count > 1 { notes.append(.note(SwitchMessage.addMissingCases, at: at, in: file)) }
        return .error(SwitchMessage.mustBeExhaustive, at: at, in: file, notes: notes)
    }

    /// Whether the enum a subject's type names is a system module's (swiftc's
    /// `getEnumOrBoundGenericEnum()->getParentModule()->isSystemModule()`): an imported
    /// UIKit enum, or Optional (the standard library's); a tuple names no enum.
    private func isFromSystemModule(_ t: TypeID) -> Bool {
        switch engine.types[t] {
        case .optional: return true
        case .enumeration(let info): return info.traits.isImportedOpen
        case .bool, .tuple, .open: return false
        }
    }

    /// Where swiftc would say "unable to check ... in reasonable time".
    private mutating func usefulnessDiagnostic(_ s: SwitchStmt, _ t: TypeID, covered: [Space]) -> Diagnostic? {
        var u = Usefulness(types: engine.types, budget: usefulnessBudget)
        let rows = covered.map { [u.pattern($0, t)] }
        do {
            let witnesses = try u.missing(rows, [t])
            if witnesses.isEmpty { return nil }
            if witnesses.count == 1, case .wild = witnesses[0][0], !engine.types.canDecompose(t) {
                return .error(SwitchMessage.mustBeExhaustive, at: s.location, in: file,
                              notes: [.note(SwitchMessage.addDefaultClause, at: s.location, in: file)])
            }
            return exhaustivenessError(at: s.location, missing: witnesses.map { u.show($0[0], t) })
        } catch {
            return .error(SwitchMessage.unableToCheckInReasonableTime,
                          at: s.location, in: file,
                          notes: [.note(SwitchMessage.addDefaultClause, at: s.location, in: file)])
        }
    }

    // MARK: The default

    /// swiftc never says `default will never be executed` when the case just before the
    /// `default` ends with a guarded pattern (`case .one: ...; case .one where c: ...;
    /// default:` is silent, measured against swiftc 6.3; with an unguarded case between
    /// them it warns).
    func defaultFollowsGuardedCase(_ s: SwitchStmt) -> Bool {
        guard let d = s.cases.firstIndex(where: { $0.isDefault }), d > 0 else { return false }
        let before = s.cases[d - 1]
        return !before.patterns.isEmpty && before.isGuarded(before.patterns.count - 1)
    }

    /// Whether SILGen's decision tree for the switch never reaches its `default`.
    /// Whether SILGen's tree never reaches the default (or the first row of case `targetCase`).
    func defaultNeverRuns(_ s: SwitchStmt, _ t: TypeID, targetCase: Int? = nil) -> Bool {
        var rows: [DecisionTree.Row] = []
        var target: Int? = nil
        for (ci, c) in s.cases.enumerated() {
            if ci == targetCase { target = rows.count }
            if c.isDefault, targetCase == nil {
                target = rows.count
                rows.append(DecisionTree.Row(columns: [.wildcard], alwaysRefutable: false))
                continue
            }
            for (i, p) in c.patterns.enumerated() {
                let tp = treePattern(p, t)
                let guarded = c.isGuarded(i)
                rows.append(DecisionTree.Row(columns: [tp], alwaysRefutable: guarded || tp.containsExpression))
            }
        }
        guard let target else { return false }
        if targetCase == nil, defaultFollowsGuardedCase(s) { return false }
        return !DecisionTree.reaches(target, rows: rows)
    }

    private func treePattern(_ p: Pattern, _ t: TypeID) -> TreePattern {
        switch p.kind {
        case .wildcard, .binding: return .wildcard
        case .typeCheck, .cast: return .expression
        case .tuple(let ps):
            guard case .tuple(let ts) = engine.types[t], ts.count == ps.count else { return .expression }
            return .tuple(zip(ps, ts).map { treePattern($0, $1) })
        case .optionalSome(let sub):
            guard case .optional(let w) = engine.types[t] else { return .expression }
            return .element(head: Head.some, constructors: 2, payload: treePattern(sub, w))
        case .enumCase(let typeName, let name, let sub):
            return treeCase(typeName, name, sub, t) ?? .expression
        case .expression(let e):
            switch e.kind {
            case .boolean(let b):
                if case .bool = engine.types[t] { return .bool(b) }
                // `true` against `Bool?` is `.some(true)`, as swiftc reads it.
                if case .optional(let w) = engine.types[t] {
                    return .element(head: Head.some, constructors: 2, payload: treePattern(p, w))
                }
                return .expression
            case .nil:
                if case .optional = engine.types[t] { return .element(head: Head.none, constructors: 2, payload: nil) }
                return .expression
            default:
                if let (typeName, name) = memberName(e) { return treeCase(typeName, name, nil, t) ?? .expression }
                return .expression
            }
        }
    }

    private func treeCase(_ typeName: String?, _ name: String, _ sub: Pattern?, _ t: TypeID) -> TreePattern? {
        switch engine.types[t] {
        case .enumeration(let info):
            guard let i = info.index[name] else { return nil }
            // An imported open enum's value may be a case the SDK adds later: SIL's switch
            // over it keeps a branch for that, so a `default` after every case still runs.
            let constructors = info.cases.count + (info.traits.isImportedOpen ? 1 : 0)
            if let types = engine.types.payloadTypes(t, i) {
                return .element(head: i, constructors: constructors, payload: treePayload(sub, types))
            }
            return .element(head: i, constructors: constructors, payload: nil)
        case .optional(let w):
            if typeName == nil || typeName == "Optional" {
                if name == "none" { return .element(head: Head.none, constructors: 2, payload: nil) }
                if name == "some" {
                    return .element(head: Head.some, constructors: 2, payload: sub.map { treePattern($0, w) } ?? .wildcard)
                }
            }
            guard let inner = treeCase(typeName, name, sub, w) else { return nil }
            return .element(head: Head.some, constructors: 2, payload: inner)
        default:
            return nil
        }
    }

    /// A payload's column for SILGen's tree: one pattern, or a tuple of them.
    private func treePayload(_ sub: Pattern?, _ types: [TypeID]) -> TreePattern {
        guard let sub else { return .wildcard }
        if types.count == 1 { return treePattern(sub, types[0]) }
        if case .tuple(let ps) = sub.kind, ps.count == types.count {
            return .tuple(zip(ps, types).map { treePattern($0, $1) })
        }
        switch sub.kind {
        case .wildcard, .binding: return .wildcard
        default: return .expression
        }
    }

    // MARK: Projection of patterns to spaces

    /// The space a pattern covers; appends `no member` errors.
    mutating func project(_ p: Pattern, _ t: TypeID, errors: inout [Diagnostic]) -> Space {
        switch p.kind {
        case .wildcard, .binding:
            return engine.types.typeSpace(t)
        case .cast(let inner, let target):
            // A cast to the value's own type (or its Optional) always succeeds, as swiftc
            // knows: `case .three(let s as String)` of a `three(String)` covers it.
            let name = engine.types.name(t)
            if target.description == name {
                // Only where the type is the value's static one for sure: an open type here
                // may be a run's dynamic class (`case let d as Dog` over an `Animal`).
                switch engine.types[t] {
                case .enumeration, .bool: patternWarnings.append(.warning(SwitchMessage.asTestAlwaysTrue, at: p.location, in: file))
                case .optional, .tuple, .open: break
                }
                return project(inner, t, errors: &errors)
            }
            if case .optional(let w) = target, w.description == name {
                switch inner.kind {
                case .wildcard, .binding: return .type(t)
                default: return .empty
                }
            }
            return .empty
        case .typeCheck(let target):
            return target.description == engine.types.name(t) ? .type(t) : .empty
        case .tuple(let ps):
            guard case .tuple(let ts) = engine.types[t] else { return .empty }
            guard ts.count == ps.count else {
                errors.append(.error(SwitchMessage.tuplePatternWrongLength(tupleType: engine.types.name(t)),
                                     at: p.location, in: file))
                return .empty
            }
            var args: [Space] = []
            for (sub, st) in zip(ps, ts) { args.append(project(sub, st, errors: &errors)) }
            return Space.forConstructor(t, Head.tuple, args)
        case .optionalSome(let sub):
            guard case .optional(let w) = engine.types[t] else { return .empty }
            return Space.forConstructor(t, Head.some, [project(sub, w, errors: &errors)])
        case .enumCase(let typeName, let name, let sub):
            return projectCase(typeName, name, sub, t, at: p.caseNameLocation ?? nameLocation(p.location, typeName),
                               errors: &errors)
        case .expression(let e):
            if let mismatch = literalMismatch(e, t) {
                errors.append(mismatch)
                return .empty
            }
            switch e.kind {
            case .boolean(let b):
                if case .bool = engine.types[t] { return .bool(b) }
                if case .optional(let w) = engine.types[t] {
                    return Space.forConstructor(t, Head.some, [project(p, w, errors: &errors)])
                }
                return .empty
            case .nil:
                if case .optional = engine.types[t] { return .constructor(t, Head.none, []) }
                patternWarnings.append(.warning(SwitchMessage.valueCanNeverBeNil(type: engine.types.name(t)),
                                                at: e.location, in: file))
                return .empty
            default:
                if let (typeName, name) = memberName(e) {
                    return projectCase(typeName, name, nil, t, at: nameLocation(e.location, typeName), errors: &errors)
                }
                return .empty
            }
        }
    }

    /// swiftc's type error for a literal, or a range of literals, matched against a value
    /// of another standard type (`case .t(_, 1...3)` against a `Bool` payload): the type a
    /// literal takes is its default one, or the value's where it can be that (an integer
    /// literal is a `Double` against a `Double`). Nil where they fit or the types are
    /// other ones.
    private func literalMismatch(_ e: Expr, _ t: TypeID) -> Diagnostic? {
        if customPatternOperators { return nil }
        let valueType: String
        switch engine.types[t] {
        case .bool: valueType = "Bool"
        case .open(let n) where n == "Int" || n == "String" || n == "Double": valueType = n
        default: return nil
        }
        func literalType(_ x: Expr) -> String? {
            switch x.kind {
            case .integer: return valueType == "Double" ? "Double" : "Int"
            case .unary(.negate, let y): if case .integer = y.kind { return literalType(y) } else { return nil }
            case .double: return "Double"
            case .string: return "String"
            case .boolean: return "Bool"
            default: return nil
            }
        }
        let patternType: String
        var at = e.location
        switch e.kind {
        case .binary(let op, let lo, let hi) where op == .halfOpenRange || op == .closedRange:
            guard let l = literalType(lo), let h = literalType(hi) else { return nil }
            let element: String
            if l == h {
                element = l
            } else if Set([l, h]) == Set(["Int", "Double"]) {
                // Against an Int, swiftc takes the integer literal's type for the range and
                // refuses the Double bound (at its sign, when negated).
                if valueType == "Int" {
                    return .error(SwitchMessage.rangeBoundCannotConvert(boundType: "Double", to: "Int"), at: l == "Double" ? lo.location : hi.location, in: file)
                }
                element = "Double"
            } else {
                return nil
            }
            if element == valueType { return nil }
            patternType = op == .closedRange ? "ClosedRange<\(element)>" : "Range<\(element)>"
            // swiftc places it at the range's operator, but at its start when it adds the
            // note about strings.
            if valueType == "String", !isPatternMatch { at = lo.location }
        default:
            guard let l = literalType(e) else { return nil }
            if l == valueType { return nil }
            if valueType == "Bool", case .integer(let v) = e.kind {
                guard v == 0 || v == 1 else { return nil }
                return .error(SwitchMessage.integerLiteralAsBoolean(value: v), at: at, in: file)
            }
            patternType = l
        }
        let notes: [Diagnostic] = valueType == "String" && !isPatternMatch
            ? [.note(SwitchMessage.partiallyMatchingStringPatternOverloads, at: at, in: file)] : []
        return .error(SwitchMessage.expressionPatternCannotMatch(patternType: patternType, valueType: valueType),
                      at: at, in: file, notes: notes)
    }

    /// `.donate` or `Item.donate` written as an expression pattern.
    private func memberName(_ e: Expr) -> (String?, String)? {
        switch e.kind {
        case .implicitMember(let name): return (nil, name)
        case .member(let base, let name):
            if case .identifier(let typeName) = base.kind, typeName.first?.isUppercase == true { return (typeName, name) }
            return nil
        default: return nil
        }
    }

    /// The standard library's value types a switch's subject may be.
    static let standardValueTypes: Set<String> = [
        "Int", "Double", "Float", "String", "Character", "UInt", "Int8", "Int16", "Int32", "Int64",
        "UInt8", "UInt16", "UInt32", "UInt64",
    ]

    /// swiftc points at the member name, after `.` or `Item.`.
    private func nameLocation(_ start: SourceLocation, _ typeName: String?) -> SourceLocation {
        SourceLocation(line: start.line, column: start.column + (typeName.map { $0.unicodeScalars.count } ?? 0) + 1)
    }

    private mutating func projectCase(_ typeName: String?, _ name: String, _ sub: Pattern?, _ t: TypeID,
                                      at: SourceLocation, errors: inout [Diagnostic]) -> Space {
        switch engine.types[t] {
        case .enumeration(let info):
            if let typeName, typeName != info.name {
                if isEnum(typeName) {
                    errors.append(.error(SwitchMessage.patternCannotMatch(patternType: typeName, subjectType: info.name), at: at, in: file))
                }
                return .empty
            }
            if let i = info.index[name] {
                if let types = engine.types.payloadTypes(t, i) { return projectPayload(sub, t, i, types, errors: &errors) }
                if sub != nil {
                    errors.append(.error(SwitchMessage.patternHasAssociatedValues(caseName: name), at: at, in: file,
                                         notes: [.note(SwitchMessage.removeAssociatedValues, at: at, in: file)]))
                    return .empty
                }
                return .constructor(t, i, [])
            }
            errors.append(noMember(engine.types.name(t), name, candidates: info.cases, at: at))
            return .empty
        case .optional(let w):
            if typeName == nil || typeName == "Optional" {
                if name == "none" { return .constructor(t, Head.none, []) }
                if name == "some" {
                    // A bare `.some` matches any payload.
                    guard let sub else { return .constructor(t, Head.some, [.type(w)]) }
                    return Space.forConstructor(t, Head.some, [project(sub, w, errors: &errors)])
                }
            }
            if let typeName, typeName != "Optional" {
                // `Item.donate` names a non-optional type: Swift does not wrap it in `.some`.
                errors.append(.error(SwitchMessage.patternCannotMatch(patternType: typeName, subjectType: engine.types.name(t)), at: at, in: file))
                return .empty
            }
            // Swift looks a name it cannot find in Optional up in the wrapped type.
            if resolves(typeName, name, in: w) {
                return Space.forConstructor(t, Head.some, [projectCase(typeName, name, sub, w, at: at, errors: &errors)])
            }
            errors.append(noMember(engine.types.name(t), name, candidates: innermostCases(w), at: at))
            return .empty
        case .bool, .tuple:
            // `case Optional<Any>.none:` over an `Any` holding a tuple or a Bool: Optional's
            // case, which that value does not match (no missing member).
            if typeName == "Optional" { return .empty }
            errors.append(noMember(engine.types.name(t), name, candidates: [], at: at))
            return .empty
        case .open(let subject):
            // `case Size.small:` over an Int: an enum case is no expression matched with
            // `~=` (swiftc refuses it; it silently matched nothing).
            if let typeName, Self.standardValueTypes.contains(subject), enumHasCase(typeName, name), sub == nil {
                errors.append(.error(SwitchMessage.patternCannotMatch(patternType: typeName, subjectType: subject), at: at, in: file))
            }
            return .empty       // a static member of a struct, say: matched with ~= at run time
        }
    }

    private func resolves(_ typeName: String?, _ name: String, in t: TypeID) -> Bool {
        switch engine.types[t] {
        case .enumeration(let info): return (typeName == nil || typeName == info.name) && info.index[name] != nil
        case .optional(let w): return name == "none" || name == "some" || resolves(typeName, name, in: w)
        default: return false
        }
    }

    private func innermostCases(_ t: TypeID) -> [String] {
        switch engine.types[t] {
        case .enumeration(let info): return info.cases
        case .optional(let w): return innermostCases(w)
        default: return []
        }
    }

    private func noMember(_ typeName: String, _ name: String, candidates: [String], at: SourceLocation) -> Diagnostic {
        let notes = TypoCorrection.notes(for: name, among: candidates, at: at, in: file)
        return .error(SwitchMessage.typeHasNoMember(type: typeName, member: name), at: at, in: file, notes: notes)
    }

    // MARK: Literals

    private enum LiteralKey: Hashable {
        case integer(Int), double(Double), string(String)
    }

    /// A literal pattern's value and where the literal starts (for the "first occurrence" note).
    private func literalKey(_ p: Pattern) -> (LiteralKey, SourceLocation)? {
        guard case .expression(let e) = p.kind else { return nil }
        switch e.kind {
        case .integer(let v): return (.integer(v), e.location)
        case .double(let v): return (.double(v), e.location)
        case .string(let segments):
            var text = ""
            for s in segments {
                guard case .text(let t) = s else { return nil }
                text += t
            }
            return (.string(text), e.location)
        case .unary(.negate, let inner):
            switch inner.kind {
            case .integer(let v): return (.integer(-v), e.location)
            case .double(let v): return (.double(-v), e.location)
            default: return nil
            }
        default: return nil
        }
    }
}

/// The spaces of the cases so far, indexed so that a case over a 10,000-case enum is
/// found redundant or not in constant time.
struct HandledSpaces {
    private(set) var spaces: [Space] = []
    /// A `_` or binding was seen: it contains every later pattern.
    private var sawWildcard = false
    /// Heads of plain constructors seen at the top level.
    private var heads = HeadSet()
    private var bools = (false, false)

    mutating func add(_ s: Space) {
        spaces.append(s)
        switch s {
        case .type: sawWildcard = true
        case .constructor(_, let h, let args) where args.isEmpty: heads.insert(h)
        case .bool(let b): if b { bools.0 = true } else { bools.1 = true }
        default: break
        }
    }

    /// Whether one earlier space contains `s` (swiftc asks each one separately, not
    /// their union: `.a`, `.b` do not make a later `_` redundant).
    func covers(_ s: Space, engine: inout SpaceEngine) throws -> Bool {
        if spaces.isEmpty { return false }
        if sawWildcard { return true }
        switch s {
        case .constructor(_, let h, let args) where args.isEmpty && h >= 0:
            // A payload-free constructor is inside an earlier space only if that is a
            // wildcard or a constructor with the same head.
            return heads.contains(h)
        case .bool(let b):
            return b ? bools.0 : bools.1
        default:
            for earlier in spaces where try engine.isSubspace(s, earlier) { return true }
            return false
        }
    }
}
