// Declared Equatable / Hashable conformances that Swift would synthesize: an enum's
// associated values and a struct's stored properties must conform themselves, or swiftc
// rejects the declaration ("type 'E' does not conform to protocol 'Equatable'", with a note
// at each member whose type does not conform). TableLab would otherwise compare such
// values structurally, a silent different result.

import TableLabSyntax

extension InterpreterCore {
    /// One declaration (or extension) that asks for a conformance, and where swiftc reports it.
    struct ConformanceRequest {
        let type: UserType
        let names: [String]
        let at: SourceLocation
    }

    /// The requests of one hoisted unit: each enum and struct's own list (reported at its
    /// name) and each extension's (reported at the `extension` keyword).
    func conformanceRequests(_ typeDecls: [(UserType, Decl)], _ stmts: [Stmt]) -> [ConformanceRequest] {
        var out: [ConformanceRequest] = []
        for (t, d) in typeDecls {
            switch d {
            case .enum(let e) where !e.conformances.isEmpty:
                out.append(ConformanceRequest(type: t, names: e.conformances, at: nameLocation(e.location, e.name)))
            case .struct(let s) where !s.conformances.isEmpty:
                noteConformances(t, s.conformances)
                out.append(ConformanceRequest(type: t, names: s.conformances, at: nameLocation(s.location, s.name)))
            default: break
            }
        }
        for s in stmts {
            if case .declaration(.extension(let name, let members, let loc)) = s.kind, !members.conformances.isEmpty,
               let t = userType(name) {
                out.append(ConformanceRequest(type: t, names: members.conformances, at: loc))
            }
        }
        return out
    }

    /// swiftc's errors for the requests whose synthesis is impossible; the last one is
    /// thrown (the declaration does not compile), the ones before it reported.
    func checkSynthesizedConformances(_ requests: [ConformanceRequest]) throws {
        var errors: [RuntimeError] = []
        for r in requests where r.type.kind == .enum || r.type.kind == .struct {
            let wantsHashable = r.names.contains("Hashable")
            let wantsEquatable = wantsHashable || r.names.contains("Equatable") || r.names.contains("Comparable")
            guard wantsEquatable else { continue }
            let methods = methodNames(r.type)
            if wantsHashable, !methods.contains("hash(into:)"), !methods.contains("hashValue") {
                let notes = failingMembers(r.type, hashable: true).map {
                    Diagnostic.note(ConformanceMessage.memberDoesNotConform(kind: r.type.kind == .enum ? .associatedValue : .storedProperty,
                                                                           memberType: $0.type, type: r.type.name, protocol: "Hashable"), at: $0.at)
                }
                if !notes.isEmpty {
                    errors.append(RuntimeError(ConformanceMessage.doesNotConform(type: r.type.name, protocol: "Hashable"), at: r.at, notes: notes))
                }
            }
            if !methods.contains("==") {
                var notes = failingMembers(r.type, hashable: false).map {
                    Diagnostic.note(ConformanceMessage.memberDoesNotConform(kind: r.type.kind == .enum ? .associatedValue : .storedProperty,
                                                                           memberType: $0.type, type: r.type.name, protocol: "Equatable"), at: $0.at)
                }
                if !notes.isEmpty {
                    // swiftc then lists the standard library's other `==` and Equatable's requirement.
                    notes += StandardLibraryInterface.equalityCandidates.map { proto, place in
                        place.note(ConformanceMessage.candidateWouldMatch(type: r.type.name, protocol: proto))
                    }
                    notes.append(.note(PayloadMessage.addStubs, at: r.at))
                    notes.append(StandardLibraryInterface.equatableRequirement.note(
                        ConformanceMessage.protocolRequiresFunction(name: "==", type: "(\(r.type.name), \(r.type.name)) -> Bool")))
                    errors.append(RuntimeError(ConformanceMessage.doesNotConform(type: r.type.name, protocol: "Equatable"), at: r.at, notes: notes))
                }
            }
            if r.type.kind == .enum, r.names.contains("Comparable"), !methods.contains("<"), let e = comparableError(r) { errors.append(e) }
        }
        guard let last = errors.popLast() else { return }
        for e in errors {
            var d = e.diagnostic
            d.file = currentFile
            for i in d.notes.indices where d.notes[i].file == nil { d.notes[i].file = currentFile }
            warningHandler(d)
        }
        throw last
    }

    /// Comparable synthesised for an enum needs each associated value Comparable (an
    /// enum with a raw type is refused apart, in Protocols.swift).
    private func comparableError(_ r: ConformanceRequest) -> RuntimeError? {
        guard let e = r.type.decl as? EnumDecl, e.rawType == nil else { return nil }
        var notes: [Diagnostic] = []
        for c in e.cases {
            for v in c.associatedValues ?? [] {
                guard let ts = v.type, !isComparable(ts) else { continue }
                notes.append(.note(ConformanceMessage.memberDoesNotConform(kind: .associatedValue, memberType: ts.description,
                                                                           type: r.type.name, protocol: "Comparable"),
                                   at: associatedTypeLocation(v)))
            }
        }
        guard !notes.isEmpty else { return nil }
        notes += StandardLibraryInterface.lessThanCandidates.map { proto, place in
            place.note(ConformanceMessage.candidateWouldMatch(type: r.type.name, protocol: proto))
        }
        notes.append(.note(PayloadMessage.addStubs, at: r.at))
        notes.append(StandardLibraryInterface.comparableRequirement.note(
            ConformanceMessage.protocolRequiresFunction(name: "<", type: "(\(r.type.name), \(r.type.name)) -> Bool")))
        return RuntimeError(ConformanceMessage.doesNotConform(type: r.type.name, protocol: "Comparable"), at: r.at, notes: notes)
    }

    /// Whether a written type is Comparable in Swift: the standard numbers, String and
    /// Character, a script type that declares it; not Bool, an Optional, a collection, a
    /// tuple or a function. A type TableLab knows only by name is taken to conform.
    private func isComparable(_ ts: TypeSyntax) -> Bool {
        switch ts {
        case .named(let n):
            if ["Bool", "Any", "AnyObject", "Void"].contains(n) { return false }
            guard case .user(let slot) = resolveType(ts), let u = slot.current else { return true }
            return userConforms(u, "Comparable")
        case .labelled(_, let t): return isComparable(t)
        case .array, .set, .dictionary, .optional, .tuple, .function, .inout: return false
        }
    }

    /// The full names of the methods written for a type (`==`, `hash(into:)`), and its
    /// computed properties (`hashValue`).
    private func methodNames(_ t: UserType) -> Set<String> {
        var names = Set(t.methods.keys)
        for k in t.methods.keys { if let p = k.firstIndex(of: "(") { names.insert(String(k[..<p])) } }
        for k in t.computed.keys { names.insert(k) }
        return names
    }

    /// The members whose declared type does not conform, with the type as swiftc spells it
    /// and where swiftc points: an associated value's type, a stored property's name.
    private func failingMembers(_ t: UserType, hashable: Bool) -> [(type: String, at: SourceLocation)] {
        var out: [(type: String, at: SourceLocation)] = []
        switch t.decl {
        case let e as EnumDecl:
            for c in e.cases {
                for v in c.associatedValues ?? [] {
                    guard let ts = v.type, !conforms(ts, hashable: hashable) else { continue }
                    out.append((ts.description, associatedTypeLocation(v)))
                }
            }
        case let s as StructDecl:
            for p in s.members.properties where p.getter == nil && !p.isStatic && !p.isLazy {
                guard let ts = p.type, !conforms(ts, hashable: hashable) else { continue }
                out.append((ts.description, p.location))
            }
        default: break
        }
        return out
    }

    /// Whether a written type is Equatable (or Hashable) in Swift. Types TableLab only
    /// knows by name (UIKit's, which are NSObjects) and tables are taken to conform.
    func conforms(_ ts: TypeSyntax, hashable: Bool) -> Bool {
        switch ts {
        case .named(let n):
            if n == "Any" || n == "AnyObject" || n == "Void" { return false }
            switch resolveType(ts) {
            case .user(let slot):
                guard let u = slot.current else { return true }
                switch u.kind {
                case .enum:
                    if !u.hasPayloadCases { return true }
                    return hashable ? u.declaresHashable : u.declaresEquatable
                case .struct:
                    return hashable ? u.declaresHashable : u.declaresEquatable
                // A script class is Equatable only when it says so (or through NSObject).
                case .class:
                    if u.classInfo?.hostSuperclass != nil { return true }
                    return userConforms(u, hashable ? "Hashable" : "Equatable")
                default: return true
                }
            default: return true
            }
        case .array(let e), .set(let e), .optional(let e): return conforms(e, hashable: hashable)
        case .dictionary(_, let v): return conforms(v, hashable: hashable)
        case .labelled(_, let t): return conforms(t, hashable: hashable)
        case .tuple, .function, .inout: return false
        }
    }

    /// The column of a type's name after its `enum`/`struct` keyword at `keyword`.
    private func nameLocation(_ keyword: SourceLocation, _ name: String) -> SourceLocation {
        guard let text = currentFile?.line(keyword.line) else { return keyword }
        let scalars = Array(text.unicodeScalars)
        var i = keyword.column - 1
        while i < scalars.count, scalars[i] != " " && scalars[i] != "\t" { i += 1 }
        while i < scalars.count, scalars[i] == " " || scalars[i] == "\t" { i += 1 }
        return SourceLocation(line: keyword.line, column: i + 1)
    }

    /// Where an associated value's type starts: after its `label:` (or `_ name:`).
    private func associatedTypeLocation(_ v: Parameter) -> SourceLocation {
        guard v.label != nil || v.name != "_", let text = currentFile?.line(v.location.line) else { return v.location }
        let scalars = Array(text.unicodeScalars)
        var i = v.location.column - 1
        while i < scalars.count, scalars[i] != ":" { i += 1 }
        guard i < scalars.count else { return v.location }
        i += 1
        while i < scalars.count, scalars[i] == " " || scalars[i] == "\t" { i += 1 }
        return SourceLocation(line: v.location.line, column: i + 1)
    }
}

/// The messages of synthesized conformances, in swiftc's words.
enum ConformanceMessage: DiagnosticMessage, Hashable {
    enum MemberKind: Equatable { case associatedValue, storedProperty }
    case doesNotConform(type: String, protocol: String)
    case memberDoesNotConform(kind: MemberKind, memberType: String, type: String, protocol: String)
    case customOperatorUnsupported(type: String)
    /// A script type declaring a standard protocol whose use TableLab does not play
    /// (`Sequence`: its for-in and its `map` would not call the type's `next()`).
    case standardConformanceUnsupported(type: String, protocol: String)
    /// A type with a `callAsFunction` method, whose values Swift lets a script call.
    case callAsFunctionUnsupported(type: String)
    case operatorFunctionRequiresConformance(op: String, type: String)
    /// `xs.contains(.b)`: `method` as swiftc names it (`contains`, `firstIndex(of:)`), on
    /// the protocol that declares it.
    case methodRequiresEquatableElement(method: String, on: String, type: String)
    case whereElementIs(type: String)
    /// `e != E.a(1)`: the operator swiftc's solver chose, on the protocol that declares it.
    case operatorOnProtocolRequiresConformance(op: String, protocol: String, type: String)
    case whereSelfIs(type: String)
    /// `[e] == [e]`: `type` is the container as swiftc spells it (`[E]`, `E?`).
    case conditionalConformanceRequirement(type: String, protocol: String)
    case candidateWouldMatch(type: String, protocol: String)
    case protocolRequiresFunction(name: String, type: String)
    /// A non-final class meeting a protocol's `init` requirement with an initializer not
    /// marked `required`.
    /// `inDefinition`: the initializer is in an extension (`required` is only allowed in the class).
    case initializerRequirementNotRequired(String, type: String, inDefinition: Bool)

    var id: DiagnosticID {
        switch self {
        case .doesNotConform: return DiagnosticID("type_does_not_conform")
        case .memberDoesNotConform: return DiagnosticID("missing_member_type_conformance_prevents_synthesis")
        case .operatorFunctionRequiresConformance: return DiagnosticID("type_does_not_conform_owner")
        case .customOperatorUnsupported: return DiagnosticID("tablelab_custom_equality_unsupported")
        case .standardConformanceUnsupported: return DiagnosticID("tablelab_standard_conformance_unsupported")
        case .callAsFunctionUnsupported: return DiagnosticID("tablelab_call_as_function_unsupported")
        case .methodRequiresEquatableElement: return DiagnosticID("type_does_not_conform_decl_owner")
        case .whereElementIs, .whereSelfIs: return DiagnosticID("where_requirement_failure_one_subst")
        case .operatorOnProtocolRequiresConformance: return DiagnosticID("type_does_not_conform_decl_owner")
        case .conditionalConformanceRequirement: return DiagnosticID("requirement_implied_by_conditional_conformance")
        case .candidateWouldMatch: return DiagnosticID("candidate_would_match_if_conformed")
        case .protocolRequiresFunction: return DiagnosticID("no_witnesses")
        case .initializerRequirementNotRequired(_, _, let inDefinition):
            return DiagnosticID(inDefinition ? "witness_initializer_not_required_definition" : "witness_initializer_not_required")
        }
    }

    var text: String {
        switch self {
        case .doesNotConform(let t, let p): return "type '\(t)' does not conform to protocol '\(p)'"
        case .memberDoesNotConform(let kind, let m, let t, let p):
            let what = kind == .associatedValue ? "associated value type" : "stored property type"
            return "\(what) '\(m)' does not conform to protocol '\(p)', preventing synthesized conformance of '\(t)' to '\(p)'"
        case .operatorFunctionRequiresConformance(let op, let t): return "operator function '\(op)' requires that '\(t)' conform to 'Equatable'"
        case .customOperatorUnsupported(let t): return "an operator '==' declared in '\(t)' is not supported in TableLab"
        case .standardConformanceUnsupported(let t, let p):
            return "the conformance of '\(t)' to '\(p)' is not supported in TableLab"
        case .callAsFunctionUnsupported(let t):
            return "'callAsFunction' (calling a value of '\(t)' as a function) is not supported in TableLab"
        case .methodRequiresEquatableElement(let method, let on, let t):
            return "referencing instance method '\(method)' on '\(on)' requires that '\(t)' conform to 'Equatable'"
        case .whereElementIs(let t): return "where 'Self.Element' = '\(t)'"
        case .operatorOnProtocolRequiresConformance(let op, let p, let t):
            return "referencing operator function '\(op)' on '\(p)' requires that '\(t)' conform to '\(p)'"
        case .whereSelfIs(let t): return "where 'Self' = '\(t)'"
        case .conditionalConformanceRequirement(let t, let p): return "requirement from conditional conformance of '\(t)' to '\(p)'"
        case .candidateWouldMatch(let t, let p): return "candidate would match if '\(t)' conformed to '\(p)'"
        case .protocolRequiresFunction(let n, let t): return "protocol requires function '\(n)' with type '\(t)'"
        case .initializerRequirementNotRequired(let n, let t, let inDefinition):
            return "initializer requirement '\(n)' can only be satisfied by a 'required' initializer in \(inDefinition ? "the definition of " : "")non-final class '\(t)'"
        }
    }
}

extension InterpreterCore {
    /// A type's own operator that TableLab's `==` does not call: an error naming it, never
    /// a silent structural comparison. (A hand-written `static func ==` or `<` is called,
    /// Protocols.swift; what is left is, say, a `!=` declared without `==`.)
    func refuseCustomEquality(_ t: UserType, _ loc: SourceLocation) throws {
        guard !t.hasCustomOperators, t.methodsByBase["=="] != nil || t.methodsByBase["!="] != nil else { return }
        throw RuntimeError(ConformanceMessage.customOperatorUnsupported(type: t.name), at: loc)
    }
}
