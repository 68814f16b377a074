// Enum cases with associated values: their declaration, construction (`Row.button("x")`,
// `.toggle(title: "Wi-Fi", isOn: true)`, `names.map(Row.button)`), printing as Swift
// prints them, and payload patterns (`case .toggle(let title, isOn: true)`).

import TableLabSyntax

/// A case with its associated values. Immutable, so copies share it (`values` changes only
/// when the last reference goes: Teardown.swift).
public final class PayloadCase {
    let typeID: Int32
    let caseIndex: Int32
    @exclusivity(unchecked) var values: [Value]
    init(typeID: Int32, caseIndex: Int32, values: [Value]) {
        self.typeID = typeID; self.caseIndex = caseIndex; self.values = values
    }
    deinit { Teardown.dismantle(&values) }
}

/// One associated value of a case declaration.
struct AssociatedValue {
    let label: String?
    let type: RType?
    let defaultValue: Expr?
}

/// What a construction site resolved for the enum it last built a case of.
private final class CaseCallSite {
    var type: UserType?
    var caseIndex: Int32 = -1
    /// For each associated value, the argument giving it, or nil for its default.
    var mapping: [Int?] = []
    var defaults: [Eval?] = []
}

extension InterpreterCore {
    /// Records each case's associated values; swiftc's error for a raw type with them.
    func fillCasePayloads(_ t: UserType, _ e: EnumDecl) throws {
        try checkRecursion(e)
        for c in e.cases {
            guard let values = c.associatedValues else { t.casePayloads.append(nil); continue }
            if values.isEmpty {
                // At the `(` after the name.
                let at = SourceLocation(line: c.location.line, column: c.location.column + c.name.unicodeScalars.count)
                throw RuntimeError(PayloadMessage.emptyAssociatedValueList, at: at,
                                   notes: [.note(PayloadMessage.removeEmptyList, at: at),
                                           .note(PayloadMessage.addVoidValue, at: at)])
            }
            if let raw = e.rawType {
                // swiftc says two things here; the first is reported, the second stops the run.
                let (nameAt, rawAt) = enumNameAndRawTypeLocations(e)
                warningHandler(.error(PayloadMessage.rawTypeWithArguments, at: c.location, in: currentFile,
                                      notes: [.note(PayloadMessage.rawTypeDeclaredHere(raw.description), at: rawAt, in: currentFile)]))
                throw RuntimeError(PayloadMessage.rawTypeNotSynthesized(type: e.name, rawType: raw.description), at: rawAt,
                                   notes: [.note(PayloadMessage.addStubs, at: nameAt),
                                           StandardLibraryInterface.rawValue.note(PayloadMessage.requiresNestedType("RawValue"))])
            }
            t.hasPayloadCases = true
            noteConformances(t, e.conformances)
            t.casePayloads.append(values.map { AssociatedValue(label: $0.label, type: $0.type.map(resolveType), defaultValue: $0.defaultValue) })
        }
    }

    /// Whether swiftc gives `t` no `==`: an enum with associated values or a struct that
    /// declares no Equatable (itself, through Hashable or Comparable, or through a protocol
    /// that inherits one of them). Enums without payloads are Equatable by themselves.
    func lacksEquatable(_ t: UserType) -> Bool {
        guard t.kind == .struct || (t.kind == .enum && t.hasPayloadCases) else { return false }
        if t.declaresEquatable { return false }
        if t.conformances.isEmpty { return true }
        return !allProtocols(Array(t.conformances)).contains { ["Equatable", "Hashable", "Comparable"].contains($0) }
    }

    /// Conformances declared on the enum or in an extension of it.
    func noteConformances(_ t: UserType, _ written: [String]) {
        let names = written.flatMap { protocolAliasParts($0) ?? [$0] }
        if names.contains(where: { ["Equatable", "Hashable", "Comparable"].contains($0) }) { t.declaresEquatable = true }
        if names.contains("Hashable") { t.declaresHashable = true }
        t.conformances.formUnion(names)
        // `allCases` found at a static member site depends on CaseIterable.
        typeGeneration &+= 1
    }

    /// swiftc synthesizes `==` for an enum with associated values only when it declares
    /// Equatable; comparing one that does not is a type error. `referencing`: swiftc words it
    /// after the `referencing` overload (EqualityCheck.swift). `promoted`: an Optional
    /// spelled `Optional<E>` (set where an operand is a call with a literal, `E.a(1)`, which
    /// is not optional). `containers`: the Arrays and Optionals around the enum, outermost first.
    func requireEquatable(_ v: Value, _ loc: SourceLocation, negated: Bool = false, referencing: Bool = false,
                          promoted: Bool = false, containers: [EqualityContainer] = []) throws {
        let tid: Int32
        switch v {
        case .enumCase(let t, _): tid = t
        case .payloadCase(let p): tid = p.typeID
        case .wrapped(let w):
            return try requireEquatable(w, loc, negated: negated, referencing: referencing, promoted: promoted,
                                        containers: containers + [.optional])
        case .array(let a):
            guard let first = a.first else { return }
            return try requireEquatable(first, loc, negated: negated, referencing: referencing, promoted: promoted,
                                        containers: containers + [.array])
        case .structValue(let s) where s.type.kind == .struct: tid = s.type.id
        // Slice<ClosedRange<Int>> is not Equatable (a Range, its own SubSequence, is).
        case .object(let s as ArraySliceObject) where s.closedRange != nil && containers.isEmpty:
            throw RuntimeError(ConversionMessage.binaryOperatorOnSubSequences(op: negated ? "!=" : "==", subSequence: "ClosedRange<Int>.SubSequence",
                                                                             type: "Slice<ClosedRange<Int>>"), at: loc)
        default: return
        }
        let t = types[Int(tid)]
        guard t.kind == .struct || t.hasPayloadCases else { return }
        try refuseCustomEquality(t, loc)
        guard lacksEquatable(t) else { return }
        guard !(containers.isEmpty && ownsOperator(t, negated ? "!=" : "==")) else { return }
        throw equatableRequired(t.name, negated ? "!=" : "==", loc, referencing: referencing, promoted: promoted,
                                containers: containers, synthesizable: t.kind == .enum)
    }

    /// The same check from a declared type, for operands whose values name no type
    /// (`let o: E? = nil; o == o`, two empty arrays): swiftc decides from the types.
    func requireEquatable(declared type: RType, _ loc: SourceLocation, negated: Bool = false,
                          containers: [EqualityContainer] = []) throws {
        switch type {
        case .optional(let w): try requireEquatable(declared: w, loc, negated: negated, containers: containers + [.optional])
        case .array(let e): try requireEquatable(declared: e, loc, negated: negated, containers: containers + [.array])
        case .user(let slot):
            guard let t = slot.current, lacksEquatable(t) else { return }
            try refuseCustomEquality(t, loc)
            guard !(containers.isEmpty && ownsOperator(t, negated ? "!=" : "==")) else { return }
            throw equatableRequired(t.name, negated ? "!=" : "==", loc, referencing: false, promoted: false,
                                    containers: containers, synthesizable: t.kind == .enum)
        default: return
        }
    }

    /// Whether the type declares `static func` `op` itself: swiftc then uses it for that
    /// operator without Equatable (its own `==` gives no `!=`, which is Equatable's, and no
    /// `==` of Optionals or Arrays of it, which need the conformance).
    func ownsOperator(_ t: UserType, _ op: String) -> Bool {
        t.methodsByBase[op]?.contains { t.methods[$0]?.decl?.isStatic == true } == true
    }

    /// Whether a value tells nothing of its type: `nil`, or an empty array (also nested).
    static func namesNoType(_ v: Value) -> Bool {
        switch v {
        case .nilValue: return true
        case .wrapped(let w): return namesNoType(w)
        case .array(let a): return a.first.map(namesNoType) ?? true
        default: return false
        }
    }

    /// swiftc's error for `==`/`!=` on values of the enum `type` (not Equatable), bare or
    /// inside `containers`. `referencing`: the overload swiftc words it after
    /// (EqualityCheck.swift); `promoted`: a lone Optional, spelled `Optional<E>`.
    func equatableRequired(_ type: String, _ op: String, _ loc: SourceLocation, referencing: Bool, promoted: Bool,
                           containers: [EqualityContainer], synthesizable: Bool = true) -> RuntimeError {
        // swiftc's note that it cannot synthesize `==` is for an enum with associated values;
        // a struct gets none.
        let synthesized = synthesizable ? [Diagnostic.note(PayloadMessage.cannotSynthesizeEquatable(op: op), at: loc)] : []
        switch containers.count {
        case 0:
            guard referencing else {
                return RuntimeError(PayloadMessage.binaryOperatorCannotBeApplied(op: op, type: type), at: loc, notes: synthesized)
            }
            let (library, proto) = op == "!=" ? (StandardLibraryInterface.binaryInteger, "BinaryInteger") : (.equatable, "Equatable")
            let whereSelf = library.note(ConformanceMessage.whereSelfIs(type: type))
            return RuntimeError(ConformanceMessage.operatorOnProtocolRequiresConformance(op: op, protocol: proto, type: type),
                                at: loc, notes: op == "!=" ? [whereSelf] : [whereSelf] + synthesized)
        case 1:
            let container = containers[0]
            let spelled: String
            switch container {
            case .array: spelled = "[\(type)]"
            case .optional: spelled = promoted ? "Optional<\(type)>" : "\(type)?"
            }
            let library: StandardLibraryInterface = container == .array ? .array : .optional
            let requirement = library.note(ConformanceMessage.conditionalConformanceRequirement(type: spelled, protocol: "Equatable"))
            return RuntimeError(ConformanceMessage.operatorFunctionRequiresConformance(op: op, type: type), at: loc,
                                notes: [requirement] + synthesized)
        default:
            let spelled = containers.reversed().reduce(type) { inner, c in c == .array ? "[\(inner)]" : "\(inner)?" }
            return RuntimeError(PayloadMessage.binaryOperatorCannotBeApplied(op: op, type: spelled), at: loc)
        }
    }

    /// `xs.contains(x)`, `firstIndex(of:)`, `lastIndex(of:)` need an Equatable element: an
    /// enum with payloads that does not declare it is swiftc's error, never a structural
    /// answer; swiftc places its note in the standard library's interface.
    func requireEquatableElement(_ v: Value, method: String, on proto: String, _ loc: SourceLocation) throws {
        let tid: Int32
        switch v {
        case .enumCase(let t, _): tid = t
        case .payloadCase(let p): tid = p.typeID
        case .structValue(let s) where s.type.kind == .struct: tid = s.type.id
        default: return
        }
        let t = types[Int(tid)]
        guard lacksEquatable(t) else { return }
        let library = StandardLibraryInterface.equatableElementExtension(of: proto)
        throw RuntimeError(ConformanceMessage.methodRequiresEquatableElement(method: method, on: proto, type: t.name), at: loc,
                           notes: [library.note(ConformanceMessage.whereElementIs(type: t.name))])
    }

    /// swiftc's error for an enum that holds itself without `indirect`, with its note for
    /// the shapes whose wording is known (the case itself, an element of its payload,
    /// an optional of itself); the first such case is named.
    private func checkRecursion(_ e: EnumDecl) throws {
        guard !e.isIndirect else { return }
        let me = TypeSyntax.named(e.name)
        for c in e.cases where !c.isIndirect {
            guard let values = c.associatedValues else { continue }
            let types = values.compactMap(\.type)
            guard types.count == values.count else { continue }
            let single = values.count == 1 && values[0].label == nil
            var note: PayloadMessage?
            var recursive = false
            if single, types[0] == me {
                recursive = true; note = .recursiveCaseHere
            } else if single, types[0] == .optional(me) {
                recursive = true; note = .cycleBeginningHere("\(types[0]) -> (some(_:): \(e.name))")
            } else if let i = types.firstIndex(of: me) {
                recursive = true
                let tuple = "(" + zip(values, types).map { v, t in (v.label.map { $0 + ": " } ?? "") + t.description }
                    .joined(separator: ", ") + ")"
                note = .cycleBeginningHere("\(tuple) -> (.\(i): \(e.name))")
            } else if types.contains(where: { Self.holds(me, $0) }) {
                recursive = true
            }
            guard recursive else { continue }
            let (nameAt, _) = enumNameAndRawTypeLocations(e)
            throw RuntimeError(PayloadMessage.recursiveEnumNotIndirect(e.name), at: nameAt,
                               notes: note.map { [.note($0, at: c.location)] } ?? [])
        }
    }

    /// Whether a value of type `t` stores a value of `me` inline (arrays and dictionaries
    /// hold theirs out of line).
    private static func holds(_ me: TypeSyntax, _ t: TypeSyntax) -> Bool {
        switch t {
        case me: return true
        case .optional(let w): return holds(me, w)
        case .tuple(let ts): return ts.contains { holds(me, $0) }
        default: return false
        }
    }

    /// Where an enum's name and raw type are written.
    func enumNameAndRawTypeLocations(_ e: EnumDecl) -> (SourceLocation, SourceLocation) {
        let name = e.members.nameLocation == .unknown ? e.location : e.members.nameLocation
        return (name, e.rawType.flatMap { e.members.inheritedLocations[$0.description] } ?? name)
    }

    func payload(of t: UserType, _ ci: Int32) -> [AssociatedValue]? {
        let i = Int(ci)
        return i < t.casePayloads.count ? t.casePayloads[i] : nil
    }

    /// `Row.plain` is the case; `Row.button` is the function making one, as in Swift.
    func caseValue(_ t: UserType, _ ci: Int32) -> Value {
        guard let values = payload(of: t, ci) else { return .enumCase(typeID: t.id, caseIndex: ci) }
        let labels = values.map(\.label)
        return .function(FunctionValue(arity: values.count) { [core = Unretained(self)] args in
            try core.object.makeCase(t, ci, args, labels: labels, .unknown)
        })
    }

    /// A case value from arguments already in declaration order.
    func makeCase(_ t: UserType, _ ci: Int32, _ args: [Value], labels: [String?], _ loc: SourceLocation) throws -> Value {
        guard let declared = payload(of: t, ci) else { return .enumCase(typeID: t.id, caseIndex: ci) }
        var values: [Value] = []
        values.reserveCapacity(declared.count)
        for (i, d) in declared.enumerated() {
            var v = i < args.count ? args[i] : .void
            if let type = d.type { v = try checkArgument(v, type, loc) }
            values.append(v)
        }
        return .payloadCase(PayloadCase(typeID: t.id, caseIndex: ci, values: values))
    }

    /// `Row.button("x")` and `.toggle(title:isOn:)` when `slot`'s enum has a payload case
    /// `name`; nil otherwise (a static method, a plain case called as a function).
    func compileCaseCall(_ slot: TypeSlot, _ name: String, _ callee: Expr, _ args: [Argument], _ scope: FnScope,
                         _ loc: SourceLocation, callEnd: SourceLocation) -> Eval? {
        // swiftc points at the case name, where the callee's location is.
        let nameLocation = callee.location
        let paren = SourceLocation(line: nameLocation.line, column: nameLocation.column + name.unicodeScalars.count)
        guard let t0 = slot.current, t0.kind == .enum, let ci0 = t0.caseIndex[name] else { return nil }
        guard let declared0 = payload(of: t0, ci0) else {
            if t0.methodsByBase[name] != nil { return nil }
            return { _ in throw RuntimeError(PayloadMessage.caseHasNoAssociatedValues(member: name), at: nameLocation) }
        }
        let labels = args.map(\.label)
        // Contextual types for the arguments (`.node(.leaf(1), .leaf(2))`), as the declaration gives them.
        var expected: [RType?] = Array(repeating: nil, count: args.count)
        if case .success(let map) = matchArguments(declared0.map { ($0.label, $0.defaultValue != nil) }, labels) {
            for (p, ai) in map.enumerated() { if let ai { expected[ai] = declared0[p].type } }
        }
        let evs = args.enumerated().map { EvalBox(run: compileExpr($0.element.value, scope, expected: expected[$0.offset])) }
        let argLocs = args.map(\.value.location)
        let site = CaseCallSite()
        return { [core = Unretained(self)] m in
            guard let t = slot.current else { throw RuntimeError(LookupMessage.cannotFindTypeInScope(slot.name), at: loc) }
            if site.type !== t {
                guard let ci = t.caseIndex[name] else {
                    throw RuntimeError(RuntimeMessage.typeHasNoMember(type: t.name, member: name), at: loc)
                }
                guard let declared = core.object.payload(of: t, ci) else {
                    throw RuntimeError(PayloadMessage.caseHasNoAssociatedValues(member: name), at: nameLocation)
                }
                switch core.object.matchArguments(declared.map { ($0.label, $0.defaultValue != nil) }, labels) {
                case .success(let map): site.mapping = map
                case .failure(let e):
                    var error = core.object.caseCallError(e, declared.map(\.label), labels, callee, args, paren: paren, loc, callEnd: callEnd)
                    if case .missingArgument = e.message {
                        let at = t.caseLocations[Int(ci)]
                        let full = name + "(" + declared.map { ($0.label ?? "_") + ":" }.joined() + ")"
                        error.diagnostic.notes.append(.note(PayloadMessage.declaredHere(full), at: at))
                    }
                    throw error
                }
                let defScope = FnScope(parent: nil, selfType: t, isMutating: false, isStatic: true, returnType: nil,
                                       isTopLevel: false, functionName: "")
                site.defaults = declared.map { d in d.defaultValue.map { core.object.compileExpr($0, defScope, expected: d.type) } }
                site.caseIndex = ci
                site.type = t
            }
            let declared = t.casePayloads[Int(site.caseIndex)]!
            var values: [Value] = []
            values.reserveCapacity(declared.count)
            for (p, ai) in site.mapping.enumerated() {
                var v: Value
                if let ai { v = try evs[ai].run(m) } else if let d = site.defaults[p] { v = try d(m) } else { v = .void }
                if let type = declared[p].type { v = try core.object.checkArgument(v, type, ai.map { argLocs[$0] } ?? loc) }
                values.append(v)
            }
            return .payloadCase(PayloadCase(typeID: t.id, caseIndex: site.caseIndex, values: values))
        }
    }

    /// swiftc reports wrong labels at the `(`, in the plural only when several are wrong.
    private func caseCallError(_ e: RuntimeErrorMessage, _ declared: [String?], _ labels: [String?], _ callee: Expr,
                               _ args: [Argument], paren: SourceLocation, _ loc: SourceLocation, callEnd: SourceLocation) -> RuntimeError {
        switch e.message {
        case .incorrectArgumentLabels(let have, let expected, _):
            let wrong = zip(declared, labels).filter { $0 != $1 }.count
            return RuntimeError(RuntimeMessage.incorrectArgumentLabels(have: have, expected: expected, plural: wrong > 1), at: paren)
        case .missingArgumentLabel, .extraneousArgumentLabel:
            return RuntimeError(e.message, at: paren)
        default:
            return RuntimeError(e.message, at: callErrorLocation(e, callee, args, loc, callEnd: callEnd))
        }
    }

    /// The enum a `.name(...)` call builds a case of: the contextual type's when it has a
    /// payload case `name`, else the one enum that has one.
    func payloadCaseSlot(_ name: String, expected: RType?) -> TypeSlot? {
        func has(_ slot: TypeSlot) -> Bool {
            guard let t = slot.current, t.kind == .enum, let ci = t.caseIndex[name] else { return false }
            return payload(of: t, ci) != nil
        }
        if let expected, let slot = enumSlot(expected) { return has(slot) ? slot : nil }
        let found = typeSlots.values.filter(has)
        return found.count == 1 ? found[0] : nil
    }

    /// Swift's print: `toggle(title: "Wi-Fi", isOn: true)`; inside a collection the case
    /// starts with `.` as plain cases do (SPEC §2.2).
    func describePayloadCase(_ p: PayloadCase, debug: Bool, into out: inout String) {
        let t = types[Int(p.typeID)]
        if debug { out += qualifiesTypeNames ? qualifiedTypeName(t) + "." : "." }
        out += t.caseNames[Int(p.caseIndex)]
        let declared = payload(of: t, p.caseIndex) ?? []
        // A single unlabelled tuple is the payload itself: `pair(1, 2)`.
        if p.values.count == 1, declared.first?.label == nil, case .tuple = p.values[0] {
            describe(p.values[0], debug: true, into: &out)
            return
        }
        out += "("
        for (i, v) in p.values.enumerated() {
            if i > 0 { out += ", " }
            if i < declared.count, let l = declared[i].label { out += l + ": " }
            describe(v, debug: true, into: &out)
        }
        out += ")"
    }

    /// `.toggle(let title, isOn: true)`, `Row.detail(_, let b)`: the case, then its payload.
    func compilePayloadPattern(_ p: Pattern, _ typeName: String?, _ caseName: String, _ sub: Pattern,
                               _ scope: FnScope) -> PatternMatch {
        let nameLoc = p.caseNameLocation ?? p.location
        let labels = p.payloadLabels, labelLocs = p.payloadLabelLocations
        let slot = typeName.flatMap { typeSlots[$0] }
        let inner = compilePattern(sub, scope)
        var elementCount = 1
        if case .tuple(let ps) = sub.kind { elementCount = ps.count }
        let cache = MemberCache.holder()
        return { [core = Unretained(self)] m, v in
            var x = v
            while case .wrapped(let w) = x { x = w }
            let tid: Int32, ci: Int32
            switch x {
            case .payloadCase(let p): tid = p.typeID; ci = p.caseIndex
            case .enumCase(let a, let b): tid = a; ci = b
            default: return false
            }
            if cache.typeID != tid || cache.generation != core.object.typeGeneration {
                let t = core.object.types[Int(tid)]
                if let slot, slot.current !== t { return false }
                guard let want = t.caseIndex[caseName] else {
                    throw RuntimeError(RuntimeMessage.typeHasNoMember(type: t.name, member: caseName), at: nameLoc,
                                       notes: core.object.didYouMean(caseName, t.caseNames, nameLoc))
                }
                guard let declared = core.object.payload(of: t, want) else {
                    throw RuntimeError(PayloadMessage.patternHasPayloadCaseHasNone(member: caseName), at: nameLoc,
                                       notes: [.note(PayloadMessage.removeAssociatedValues, at: nameLoc)])
                }
                try core.object.checkPatternLabels(labels, labelLocs, declared, elementCount)
                cache.typeID = tid; cache.index = Int(want); cache.generation = core.object.typeGeneration
            }
            guard ci == Int32(cache.index), case .payloadCase(let p) = x else { return false }
            if p.values.count == 1 { return try inner(m, p.values[0]) }
            // `case .b(let whole)` binds the associated values as one tuple, with their
            // declared labels (`whole.title`).
            var labels: [String?]? = nil
            if elementCount == 1, let declared = core.object.payload(of: core.object.types[Int(p.typeID)], p.caseIndex),
               declared.contains(where: { $0.label != nil }) {
                labels = declared.map(\.label)
            }
            return try inner(m, .tuple(TupleValue(labels: labels, elements: p.values)))
        }
    }

    /// swiftc accepts a pattern's labels when each one written is the declared one.
    private func checkPatternLabels(_ labels: [String?], _ locations: [SourceLocation], _ declared: [AssociatedValue],
                                    _ count: Int) throws {
        guard !labels.isEmpty, count == declared.count else { return }
        for (i, l) in labels.enumerated() {
            guard let l, l != declared[i].label else { continue }
            throw RuntimeError(PayloadMessage.patternLabelMismatch(have: l, expected: declared[i].label), at: locations[i])
        }
    }
}

/// The messages of payload cases, in swiftc's words.
enum PayloadMessage: DiagnosticMessage, Hashable {
    case emptyAssociatedValueList
    case rawTypeWithArguments
    case rawTypeDeclaredHere(String)
    case caseHasNoAssociatedValues(member: String)
    case patternHasPayloadCaseHasNone(member: String)
    case patternLabelMismatch(have: String, expected: String?)
    case binaryOperatorCannotBeApplied(op: String, type: String)
    case removeEmptyList, addVoidValue, removeAssociatedValues, addStubs
    case rawTypeNotSynthesized(type: String, rawType: String)
    case requiresNestedType(String)
    case declaredHere(String)
    case recursiveEnumNotIndirect(String)
    case recursiveCaseHere
    case cycleBeginningHere(String)
    case cannotSynthesizeEquatable(op: String)

    var id: DiagnosticID {
        switch self {
        case .emptyAssociatedValueList: return DiagnosticID("enum_element_empty_arglist")
        case .rawTypeWithArguments: return DiagnosticID("enum_with_raw_type_case_with_argument")
        case .rawTypeDeclaredHere: return DiagnosticID("enum_raw_type_here")
        case .caseHasNoAssociatedValues: return DiagnosticID("enum_element_no_associated_values")
        case .patternHasPayloadCaseHasNone: return DiagnosticID("enum_element_pattern_assoc_values_mismatch")
        case .patternLabelMismatch: return DiagnosticID("tuple_pattern_label_mismatch")
        case .binaryOperatorCannotBeApplied: return DiagnosticID("cannot_apply_binop_to_same_args")
        case .removeEmptyList: return DiagnosticID("enum_element_empty_arglist_delete")
        case .addVoidValue: return DiagnosticID("enum_element_empty_arglist_add_void")
        case .removeAssociatedValues: return DiagnosticID("enum_element_pattern_assoc_values_remove")
        case .addStubs: return DiagnosticID("missing_witnesses_general")
        case .rawTypeNotSynthesized: return DiagnosticID("broken_raw_representable_requirement")
        case .requiresNestedType: return DiagnosticID("no_witnesses_type")
        case .declaredHere: return DiagnosticID("decl_declared_here")
        case .recursiveEnumNotIndirect: return DiagnosticID("recursive_enum_not_indirect")
        case .recursiveCaseHere: return DiagnosticID("recursive_enum_case_here")
        case .cycleBeginningHere: return DiagnosticID("cycle_beginning_here")
        case .cannotSynthesizeEquatable: return DiagnosticID("no_binary_op_overload_for_enum_with_payload")
        }
    }

    var text: String {
        switch self {
        case .emptyAssociatedValueList: return "enum element with associated values must have at least one associated value"
        case .rawTypeWithArguments: return "enum with raw type cannot have cases with arguments"
        case .rawTypeDeclaredHere(let t): return "declared raw type '\(t)' here"
        case .caseHasNoAssociatedValues(let m): return "enum case '\(m)' has no associated values"
        case .patternHasPayloadCaseHasNone(let m): return "pattern with associated values does not match enum case '\(m)'"
        case .patternLabelMismatch(let have, let expected):
            return "tuple pattern element label '\(have)' must be '\(expected ?? "_")'"
        case .removeEmptyList: return "did you mean to remove the empty associated value list?"
        case .addVoidValue: return "did you mean to explicitly add a 'Void' associated value?"
        case .removeAssociatedValues: return "remove associated values to make the pattern match"
        case .addStubs: return "add stubs for conformance"
        case .requiresNestedType(let n): return "protocol requires nested type '\(n)'"
        case .rawTypeNotSynthesized(let t, let r):
            return "'\(t)' declares raw type '\(r)', but does not conform to RawRepresentable and conformance could not be synthesized"
        case .declaredHere(let name): return "'\(name)' declared here"
        case .recursiveEnumNotIndirect(let n): return "recursive enum '\(n)' is not marked 'indirect'"
        case .recursiveCaseHere: return "recursive case here"
        case .cycleBeginningHere(let path): return "cycle beginning here: \(path)"
        case .binaryOperatorCannotBeApplied(let op, let t): return "binary operator '\(op)' cannot be applied to two '\(t)' operands"
        case .cannotSynthesizeEquatable(let op): return "binary operator '\(op)' cannot be synthesized for enums with associated values"
        }
    }
}
