// Protocols: declarations, conformance checks at the conforming declaration, protocol
// extensions (default implementations), protocols as types, and the standard protocols
// whose conformance changes what a program does (CaseIterable, CustomStringConvertible,
// hand-written Equatable/Comparable).

import TableLabSyntax
import TableLabExhaustiveness

/// A protocol declared by the script, with the extensions written for it.
final class ProtocolInfo {
    let decl: ProtocolDecl
    /// `extension P { ... }` bodies, in order, with their `where` clauses.
    var extensions: [TypeMembers] = []
    init(decl: ProtocolDecl) { self.decl = decl }
}

/// What the interpreter knows beyond enums and structs: protocols, type aliases, the generic
/// parameters in scope while compiling, and extensions of built-in types.
final class ProtocolState {
    var protocols: [String: ProtocolInfo] = [:]
    var typeAliases: [String: TypeSyntax] = [:]
    /// Generic parameters visible to `resolveType` while a generic function or a member of
    /// a generic type is compiled (innermost last).
    var genericScopes: [[String: RType]] = []
    /// For each generic function being compiled: a generic parameter whose metatype is a
    /// parameter (`_ t: T.Type`) -> that parameter's name; `T` then reads it.
    var metatypeParameters: [[String: String]] = []
    /// Per generic scope: the generic parameters that only the function's result names,
    /// with the function's full name (ReturnTypeGenerics.swift).
    var resultOnlyParameters: [[String: (function: String, result: TypeSyntax)]] = []
    /// A generic type's parameters, by type id.
    var genericParameters: [Int32: [GenericParameter]] = [:]
    /// `extension UIColor { convenience init(hex: String) { ... } }`: the convenience
    /// initializers of an extension of a host class, in a value-like type of their own whose
    /// `self` is what their `self.init(...)` of the host makes.
    var hostExtensionInits: [String: UserType] = [:]
    /// `extension String { ... }`: members of a built-in type, kept in a type of their own.
    var builtinExtensions: [String: UserType] = [:] {
        // Changed only by declarations and their journal, never while code runs.
        didSet {
            for k in ExtendedBuiltinType.allCases { valueTypeExtensions[k.index] = builtinExtensions[k.rawValue] }
        }
    }
    /// `builtinExtensions`' holders of the value types, by `ExtendedBuiltinType.index`.
    private(set) var valueTypeExtensions = [UserType?](repeating: nil, count: ExtendedBuiltinType.allCases.count)
    /// The extension of a built-in value type, if the script declared one.
    @inline(__always) func valueTypeExtension(_ k: ExtendedBuiltinType) -> UserType? { valueTypeExtensions[k.index] }
    /// Conformances to script protocols added to built-in types (`extension Int: Shape {}`).
    var builtinConformances: [String: Set<String>] = [:]
    /// `extension CaseIterable where Self: Hashable { ... }`: bodies extending a standard
    /// protocol, by protocol, for the script's types that conform (StandardProtocolExtensions.swift).
    var standardExtensions: [String: [TypeMembers]] = [:]
    /// `extension Array where Element == Int`, `extension Optional where Wrapped: Collection`:
    /// the requirement of each member such an extension declares, by built-in type and
    /// member name (Generics.swift checks it at each use).
    var memberRequirements: [String: [String: ExtensionRequirement]] = [:]
    /// Members that protocol extensions gave a type (not its own).
    var defaulted: Set<String> = []
    /// `typealias` members, by type id.
    var memberAliases: [Int32: [TypeAliasDecl]] = [:]
}

/// What conformance checking needs of a conforming type: its members by name and kind.
/// Enums, structs and tables build one from their `UserType` (`conformanceSubject(of:)`);
/// another kind of type (a class) only has to fill the same fields.
struct ConformanceSubject {
    var typeName: String
    /// Where swiftc reports a missing conformance: the type's name, or an extension's keyword.
    var location: SourceLocation
    /// A class (or table): may conform to an `AnyObject` protocol.
    var isClass = false
    var instanceMethods: Set<String> = []
    var staticMethods: Set<String> = []
    /// Instance properties: name -> settable.
    var properties: [String: Bool] = [:]
    var staticProperties: [String: Bool] = [:]
    /// Full names of the initializers callers may use: `init(size:)`.
    var initializers: Set<String> = []
    /// Where a stored property's name is written (for "candidate is not settable").
    var propertyLocations: [String: SourceLocation] = [:]
    /// A stored property's declared type, where it is a standard one a requirement's type
    /// can be told apart from by its spelling alone (`standardSpelling`).
    var propertyTypes: [String: String] = [:]
    /// A non-final class's own initializers not marked `required`, by full name, at their
    /// `init`: none of them can be a protocol's initializer requirement.
    var unrequiredInitializers: [String: (at: SourceLocation, inExtension: Bool)] = [:]
}

/// The standard library's protocols that the built-in types conform to (those a script
/// is likely to name as a constraint or an existential).
private let builtinProtocols: [String: Set<String>] = [
    "Int": ["Equatable", "Hashable", "Comparable", "CustomStringConvertible", "Numeric", "AdditiveArithmetic",
            "BinaryInteger", "SignedInteger", "SignedNumeric", "FixedWidthInteger", "Strideable", "Codable",
            "Sendable", "LosslessStringConvertible", "CustomDebugStringConvertible", "Decodable", "Encodable"],
    "Double": ["Equatable", "Hashable", "Comparable", "CustomStringConvertible", "Numeric", "AdditiveArithmetic",
               "FloatingPoint", "BinaryFloatingPoint", "SignedNumeric", "Strideable", "Codable", "Sendable",
               "LosslessStringConvertible", "CustomDebugStringConvertible", "Decodable", "Encodable"],
    "Float": ["Equatable", "Hashable", "Comparable", "CustomStringConvertible", "Numeric", "AdditiveArithmetic",
              "FloatingPoint", "BinaryFloatingPoint", "SignedNumeric", "Strideable", "Codable", "Sendable",
              "LosslessStringConvertible", "CustomDebugStringConvertible", "Decodable", "Encodable"],
    "String": ["Equatable", "Hashable", "Comparable", "CustomStringConvertible", "Collection", "Sequence",
               "BidirectionalCollection", "StringProtocol", "Codable", "Sendable", "LosslessStringConvertible",
               "CustomDebugStringConvertible", "Decodable", "Encodable", "TextOutputStream"],
    "Bool": ["Equatable", "Hashable", "CustomStringConvertible", "Codable", "Sendable",
             "LosslessStringConvertible", "CustomDebugStringConvertible", "Decodable", "Encodable"],
]

/// Protocols every enum/struct meets without declaring them, for a constraint's sake.
private let marker: Set<String> = ["Sendable", "Any"]

extension InterpreterCore {
    // MARK: Hoisting

    /// Protocols, type aliases and protocol extensions of a unit, before its types are filled.
    func hoistProtocols(_ stmts: [Stmt]) throws {
        for s in stmts {
            guard case .declaration(let d) = s.kind else { continue }
            switch d {
            case .protocol(let p):
                protocols.protocols[p.name] = ProtocolInfo(decl: p)
            case .typeAlias(let a):
                protocols.typeAliases[a.name] = a.type
            default: break
            }
        }
    }

    /// An extension whose type is a protocol or a built-in type: true when handled here.
    func hoistSpecialExtension(_ name: String, _ members: TypeMembers, _ loc: SourceLocation) throws -> Bool {
        if try hoistStandardProtocolExtension(name, members, loc) { return true }
        if let p = protocols.protocols[name] {
            if !members.conformances.isEmpty {
                throw RuntimeError(DeclarationMessage.protocolExtensionInheritance(name), at: loc)
            }
            for r in members.whereClause {
                let subject = r.subject.description
                // `Self.RawValue == Int` (RawRepresentable's associated type): decided per
                // type by its raw type (extensionApplies).
                guard subject == "Self" || (subject == "Self.RawValue" && r.isSameType) else {
                    throw RuntimeError(UnsupportedMessage.whereRequirementOnProtocolExtension(subject: r.subject, relation: r.isSameType ? "==" : ":", constraint: r.constraint), at: r.location)
                }
            }
            if !members.nestedTypes.isEmpty {
                throw RuntimeError(UnsupportedMessage.nestedTypesInProtocolExtension, at: loc)
            }
            p.extensions.append(members)
            return true
        }
        let builtin: String
        switch name {
        case "String", "Int", "Double", "Float", "Bool", "Array", "Dictionary", "Set", "Optional", "Character": builtin = name
        // A host class's extension (`extension UITableView`) is hoistHostClassExtension's.
        default: return false
        }
        let requirement = try extensionRequirement(builtin, members, loc)
        if let i = members.initializers.first, !["String", "Int", "Double", "Float", "Bool", "Character"].contains(builtin) {
            throw RuntimeError(UnsupportedMessage.initializersInExtension(name), at: i.location)
        }
        if members.properties.contains(where: { $0.getter == nil && !$0.isStatic }) {
            throw RuntimeError(DeclarationMessage.extensionStoredProperty, at: members.properties.first(where: { $0.getter == nil && !$0.isStatic })!.location)
        }
        let holder: UserType
        if let h = protocols.builtinExtensions[builtin] { holder = h } else {
            holder = UserType(kind: .struct, name: builtin, id: Int32(types.count))
            types.append(holder)
            protocols.builtinExtensions[builtin] = holder
        }
        try noteMemberRequirements(builtin, members, requirement)
        fillMembers(holder, members)
        // A built-in type's own members may meet a requirement (`count`), and TableLab does
        // not list them: its conformance is taken as declared, and a member it lacks is
        // "value of type 'Int' has no member 'f'" when used.
        protocols.builtinConformances[builtin, default: []].formUnion(members.conformances)
        return true
    }

    /// Standard protocols whose requirements the language's built-in operations would
    /// call on a script type (for-in, `map`, subscripts by index); TableLab does not.
    private var unsupportedStandardProtocols: Set<String> {
        ["Sequence", "IteratorProtocol", "Collection", "BidirectionalCollection", "RandomAccessCollection",
         "MutableCollection", "RangeReplaceableCollection"]
    }

    /// After a unit's types are filled: protocol extensions' defaults, then the conformance
    /// checks of every type declared or extended in it.
    func finishProtocols(_ declared: [(UserType, [String], SourceLocation)]) throws {
        for t in types where typeSlots[t.name]?.current === t {
            applyDefaults(t)
        }
        for t in protocols.builtinExtensions.values where protocols.builtinConformances[t.name]?.isEmpty == false {
            applyDefaults(t)
        }
        for (t, names, loc) in declared {
            // Refused by name: TableLab would silently not call these members where Swift does.
            if !names.isEmpty, let p = names.first(where: unsupportedStandardProtocols.contains) {
                throw RuntimeError(ConformanceMessage.standardConformanceUnsupported(type: t.name, protocol: p), at: loc)
            }
            if t.methodsByBase["callAsFunction"] != nil {
                throw RuntimeError(ConformanceMessage.callAsFunctionUnsupported(type: t.name), at: loc)
            }
        }
        for (t, names, loc) in declared where !names.isEmpty {
            let all = allProtocols(names)
            // The subject, every member by name, is built only where a protocol asks anything
            // of the type: not for the Equatable and Hashable of the preludes' types, declared
            // at every start-up.
            guard all.contains(where: asksOfConformingType) else { continue }
            try checkConformances(conformanceSubject(of: t, location: loc), names, all)
        }
        for (t, _, _) in declared where t.kind == .enum && t.rawType != nil && isComparable(t) && t.methodsByBase["<"] == nil {
            guard let e = t.decl as? EnumDecl, let raw = e.rawType else { continue }
            let (nameAt, rawAt) = enumNameAndRawTypeLocations(e)
            throw RuntimeError(ConversionMessage.typeNotComparable(t.name), at: nameAt,
                               notes: [.note(NoteMessage.rawTypePreventsComparable(rawType: raw, type: t.name), at: rawAt),
                                       .note(NoteMessage.addStubs, at: nameAt)])
        }
        for (t, _, _) in declared { try installCustomHashing(t) }
    }

    /// Where swiftc reports a type's missing conformance: its name, written after the keyword.
    func typeNameLocation(_ keyword: SourceLocation, _ kind: TypeKind) -> SourceLocation {
        let word = kind == .enum ? "enum" : kind == .struct ? "struct" : "class"
        return SourceLocation(line: keyword.line, column: keyword.column + word.count + 1)
    }

    /// Every protocol `names` mention, with the protocols they inherit (declared order).
    /// Foundation's protocols that refine Error: `enum LoginError: LocalizedError` is an
    /// Error (`[Error]` holds it, `throw` takes it), as in Swift.
    static let foundationErrorProtocols = ["LocalizedError": "Error", "RecoverableError": "Error", "CustomNSError": "Error"]

    func allProtocols(_ names: [String]) -> [String] {
        var out: [String] = []
        var seen = Set<String>()
        func visitOne(_ part: String) {
            guard seen.insert(part).inserted else { return }
            out.append(part)
            if let p = protocols.protocols[part] {
                p.decl.inherited.forEach(visit)
            } else if let refined = Self.foundationErrorProtocols[part] {
                visit(refined)
            } else if let alias = protocols.typeAliases[part] {
                // `typealias RowEnumerated = Enumerated`: a conformance through the alias is
                // one to the protocols it names.
                visit(alias.description)
            }
        }
        func visit(_ n: String) {
            // Splitting by a string separator costs far more than the rest of the walk, and
            // almost every name is one protocol (this runs for every type declared).
            guard n.utf8.contains(UInt8(ascii: "&")) else {
                if !n.isEmpty { visitOne(n) }  // as the split, which gives no part of ""
                return
            }
            for part in n.split(separator: " & ").map(String.init) { visitOne(part) }
        }
        names.forEach(visit)
        return out
    }

    /// The protocols a user type conforms to (declared, through extensions, and inherited).
    /// A class also conforms to what its superclasses declare.
    func conformances(of t: UserType) -> Set<String> {
        var names = Array(t.conformances)
        var superclass = t.classInfo?.superclass
        while let s = superclass {
            names += s.conformances
            superclass = s.classInfo?.superclass
        }
        return Set(allProtocols(names))
    }

    // MARK: Conformance

    func conformanceSubject(of t: UserType, location: SourceLocation) -> ConformanceSubject {
        var s = ConformanceSubject(typeName: t.name, location: location)
        s.isClass = t.kind == .table || t.kind == .class
        if t.kind == .class, let info = t.classInfo, !info.isFinal {
            for i in info.inits where i.owner === t && !i.mods.isRequired {
                s.unrequiredInitializers[i.decl.fullName] = (i.decl.location, i.inExtension)
            }
        }
        for (full, slot) in t.methods {
            if slot.isStatic { s.staticMethods.insert(full) } else { s.instanceMethods.insert(full) }
        }
        for (n, c) in t.computed {
            if c.isStatic { s.staticProperties[n] = c.setter != nil } else { s.properties[n] = c.setter != nil }
        }
        for (i, n) in t.fieldNames.enumerated() where !n.hasPrefix(LazyProperty.storagePrefix) {
            s.properties[n] = !t.fieldIsLet[i]
            // The recorded place is the `let`/`var` keyword (see `keywordLocation`).
            let k = t.fieldLocations[i]
            s.propertyLocations[n] = SourceLocation(line: k.line, column: k.column + 4)
            if let ft = t.fieldTypes[i], let spelt = Self.standardSpelling(ft) { s.propertyTypes[n] = spelt }
        }
        for n in t.lazyProperties.keys { s.properties[n] = true }
        for (n, _) in t.staticStored { s.staticProperties[n] = true }
        if t.kind == .enum {
            for n in t.caseNames { s.staticProperties[n] = false }
            if t.rawType != nil {
                s.properties["rawValue"] = false
                s.initializers.insert("init(rawValue:)")
            }
        }
        for i in t.initializers {
            s.initializers.insert("init(" + i.parameters.map { ($0.label ?? "_") + ":" }.joined() + ")")
        }
        if keepsMemberwise(t) {
            // The memberwise initializer (and `init()` when every property has a default),
            // kept beside initializers from extensions (the type's or a protocol's).
            var labels: [String] = []
            var allDefaulted = true
            for (i, n) in t.fieldNames.enumerated() where !n.hasPrefix(LazyProperty.storagePrefix) {
                if t.fieldIsLet[i] && t.fieldDefaults[i] != nil { continue }
                labels.append(n)
                if t.fieldDefaults[i] == nil { if case .optional = t.fieldTypes[i] {} else { allDefaulted = false } }
            }
            s.initializers.insert("init(" + labels.map { $0 + ":" }.joined() + ")")
            if allDefaulted { s.initializers.insert("init()") }
        }
        return s
    }

    static let literalInitializerLabels = [
        "ExpressibleByIntegerLiteral": "integerLiteral", "ExpressibleByFloatLiteral": "floatLiteral",
        "ExpressibleByStringLiteral": "stringLiteral", "ExpressibleByBooleanLiteral": "booleanLiteral",
        "ExpressibleByArrayLiteral": "arrayLiteral", "ExpressibleByDictionaryLiteral": "dictionaryLiteral",
    ]

    /// A protocol `checkConformances` checks something of: `AnyObject`, a literal protocol's
    /// initializer, a script's protocol's requirements. Any other is taken as met.
    private func asksOfConformingType(_ n: String) -> Bool {
        n == "AnyObject" || protocols.protocols[n] != nil
            || n.hasPrefix("ExpressibleBy") && Self.literalInitializerLabels[n] != nil
    }

    /// swiftc's "type 'S' does not conform to protocol 'P'" with a note per missing requirement.
    /// `all`: `allProtocols(names)`.
    func checkConformances(_ s: ConformanceSubject, _ names: [String], _ all: [String]) throws {
        var failing: [String] = []
        var notes: [Diagnostic] = []
        var candidates: [Diagnostic] = []
        for n in all {
            if n == "AnyObject" && !s.isClass {
                throw RuntimeError(ConversionMessage.nonClassConformsToClassProtocol(type: s.typeName, protocolName: names.first { allProtocols([$0]).contains("AnyObject") } ?? n), at: s.location)
            }
            // A literal protocol's initializer (swiftc's notes for it point into the standard
            // library, so the error is given with the note at the type alone).
            if let label = Self.literalInitializerLabels[n] {
                try requireRequired("init(\(label):)", s)
                if !s.initializers.contains("init(\(label):)") {
                    failing.append(n)
                    continue
                }
            }
            guard let p = protocols.protocols[n] else { continue }
            for i in p.decl.initializers { try requireRequired(i.fullName, s) }
            let missing = missingRequirements(s, p)
            if !missing.notes.isEmpty {
                failing.append(n)
                notes += missing.notes
                candidates += missing.candidates
            }
        }
        guard let first = failing.first else { return }
        throw RuntimeError(ConversionMessage.typeDoesNotConform(type: s.typeName, protocolName: first), at: s.location,
                           notes: candidates + [.note(NoteMessage.addStubs, at: s.location)] + notes)
    }

    /// A protocol's initializer requirement met by an initializer of a non-final class that
    /// is not `required`: a subclass might not have it (swiftc's error, at that `init`).
    private func requireRequired(_ fullName: String, _ s: ConformanceSubject) throws {
        guard let (at, inExtension) = s.unrequiredInitializers[fullName] else { return }
        throw RuntimeError(ConformanceMessage.initializerRequirementNotRequired(fullName, type: s.typeName, inDefinition: inExtension), at: at)
    }

    /// Notes for the requirements of `p` that `s` (with `p`'s extensions' defaults) lacks.
    func missingRequirements(_ s: ConformanceSubject, _ p: ProtocolInfo) -> (notes: [Diagnostic], candidates: [Diagnostic]) {
        var defaults = ConformanceSubject(typeName: s.typeName, location: s.location)
        for ext in p.extensions {
            for f in ext.methods {
                if f.isStatic { defaults.staticMethods.insert(f.fullName) } else { defaults.instanceMethods.insert(f.fullName) }
            }
            for v in ext.properties { if let n = v.name { if v.isStatic { defaults.staticProperties[n] = v.setter != nil } else { defaults.properties[n] = v.setter != nil } } }
            for i in ext.initializers { defaults.initializers.insert("init(" + i.parameters.map { ($0.label ?? "_") + ":" }.joined() + ")") }
        }
        var notes: [Diagnostic] = []
        var candidates: [Diagnostic] = []
        let d = p.decl
        func spell(_ t: TypeSyntax?) -> String {
            guard let t else { return "()" }
            return spellSelf(t, s.typeName)
        }
        for f in d.methods {
            let full = f.fullName
            let has = f.isStatic ? (s.staticMethods.contains(full) || defaults.staticMethods.contains(full))
                                 : (s.instanceMethods.contains(full) || defaults.instanceMethods.contains(full))
            if has { continue }
            let params = f.parameters.map { spell($0.type) }.joined(separator: ", ")
            let at = SourceLocation(line: f.location.line, column: f.location.column + 5)
            notes.append(.note(NoteMessage.requiresFunction(name: full, parameters: params, result: spell(f.returnType)), at: at))
        }
        for i in d.initializers {
            let full = "init(" + i.parameters.map { ($0.label ?? "_") + ":" }.joined() + ")"
            if s.initializers.contains(full) || defaults.initializers.contains(full) { continue }
            let params = i.parameters.map { ($0.label.map { $0 + ": " } ?? "") + spell($0.type) }.joined(separator: ", ")
            notes.append(.note(NoteMessage.requiresInitializer(name: full, parameters: params), at: i.location))
        }
        for v in d.properties {
            let found = v.isStatic ? (s.staticProperties[v.name] ?? defaults.staticProperties[v.name])
                                   : (s.properties[v.name] ?? defaults.properties[v.name])
            // `var name: Int` for `var name: String { get }`: not a witness (TableLab ran the
            // program), told only between standard types, where the spelling is the type.
            if found != nil, !v.isStatic, let have = s.propertyTypes[v.name], let want = Self.standardSpelling(v.type),
               have != want, let at = s.propertyLocations[v.name] {
                candidates.append(.note(NoteMessage.candidateNonMatchingType(have), at: at))
                notes.append(.note(NoteMessage.requiresProperty(name: v.name, type: spell(v.type)), at: v.location))
                continue
            }
            if let settable = found, settable || !v.isSettable { continue }
            if found != nil, !v.isStatic, let at = s.propertyLocations[v.name] {
                candidates.append(.note(NoteMessage.candidateNotSettable, at: at))
            }
            notes.append(.note(NoteMessage.requiresProperty(name: v.name, type: spell(v.type)), at: v.location))
        }
        // swiftc lists the missing requirements in the protocol's declaration order.
        notes = notes.enumerated().sorted { a, b in
            (a.element.location.line, a.element.location.column, a.offset) < (b.element.location.line, b.element.location.column, b.offset)
        }.map(\.element)
        return (notes, candidates)
    }

    /// A type made only of Int, Double, String, Bool, Optional and Array, as written; nil
    /// for any other (a type alias or an associated type may stand for one of these).
    static func standardSpelling(_ t: RType) -> String? {
        switch t {
        case .int, .double, .string, .bool: return t.description
        case .optional(let w): return standardSpelling(w).map { $0 + "?" }
        case .array(let e): return standardSpelling(e).map { "[" + $0 + "]" }
        default: return nil
        }
    }

    static func standardSpelling(_ t: TypeSyntax) -> String? {
        switch t {
        case .named(let n) where ["Int", "Double", "String", "Bool"].contains(n): return n
        case .optional(let w): return standardSpelling(w).map { $0 + "?" }
        case .array(let e): return standardSpelling(e).map { "[" + $0 + "]" }
        default: return nil
        }
    }

    private func spellSelf(_ t: TypeSyntax, _ name: String) -> String {
        switch t {
        case .named("Self"): return name
        case .named: return t.description
        case .array(let e): return "[\(spellSelf(e, name))]"
        case .optional(let w): return spellSelf(w, name) + "?"
        case .dictionary(let k, let v): return "[\(spellSelf(k, name)) : \(spellSelf(v, name))]"
        default: return t.description
        }
    }

    // MARK: Defaults from protocol extensions

    /// Gives `t` the members of its protocols' extensions that it does not declare itself.
    func applyDefaults(_ t: UserType) {
        let exts = applicableDefaultExtensions(t)
        guard !exts.isEmpty else { return }
        let chosen = exts.count > 1 ? overlappingDefaults(exts) : [:]
        // A member several extensions implement comes from the one Swift's conformance
        // uses (the most specialized), whatever order they were written in.
        func gives(_ key: String, _ index: Int) -> Bool {
            guard let winner = chosen[key] else { return true }
            return winner.map { $0 == index } ?? true
        }
        for (index, (_, ext)) in exts.enumerated() {
            var members = TypeMembers()
            for f in ext.methods where t.methods[f.fullName] == nil || protocols.defaulted.contains("\(t.id).\(f.fullName)") {
                guard gives("f:" + f.fullName, index) else { continue }
                members.methods.append(f)
                protocols.defaulted.insert("\(t.id).\(f.fullName)")
            }
            for v in ext.properties {
                guard let name = v.name, gives("v:" + name, index) else { continue }
                if t.computed[name] == nil && t.fieldIndex[name] == nil || protocols.defaulted.contains("\(t.id).\(name)") {
                    members.properties.append(v)
                    protocols.defaulted.insert("\(t.id).\(name)")
                }
            }
            let keepInits = t.initializers
            fillMembers(t, members)
            t.initializers = keepInits
            for f in members.methods { t.methods[f.fullName]?.isDefault = true }
            // A protocol extension's initializer (`init?(index:)`) is the type's where it
            // declares none of those labels; an enum's or struct's only (a class's would be
            // a convenience initializer, not simulated here).
            if t.kind == .enum || t.kind == .struct {
                for i in ext.initializers where !t.initializers.contains(where: { $0.fullName == i.fullName }) {
                    t.initializers.append(i)
                    t.compiledInits = [:]
                }
            }
        }
    }

    /// The extensions of `t`'s protocols whose `where` clauses `t` meets, in the order
    /// their defaults are given.
    private func applicableDefaultExtensions(_ t: UserType) -> [(protocolName: String, ext: TypeMembers)] {
        var all = conformances(of: t).union(implicitStandardConformances(of: t))
        var declared = all
        // `extension Int: Describable {}`: a built-in type gets the defaults of the script's
        // protocols it is given, its standard ones deciding a `where Self: Numeric`.
        if protocols.builtinExtensions[t.name] === t {
            declared = Set(allProtocols(Array(protocols.builtinConformances[t.name] ?? [])))
            all = declared.union(builtinProtocols[t.name] ?? [])
        }
        var out: [(protocolName: String, ext: TypeMembers)] = []
        for n in declared.sorted() {
            let extensions = protocols.protocols[n]?.extensions ?? protocols.standardExtensions[n] ?? []
            for ext in extensions where extensionApplies(ext, to: t, all) { out.append((n, ext)) }
        }
        return out
    }

    /// Each member (`f:` full name, `v:` property) that more than one of `exts` implements,
    /// with the index of the most specialized one: its protocol refines the others' and its
    /// `where` clause adds to theirs (nil where none is).
    private func overlappingDefaults(_ exts: [(protocolName: String, ext: TypeMembers)]) -> [String: Int?] {
        var byMember: [String: [Int]] = [:]
        for (i, (_, ext)) in exts.enumerated() {
            for key in Set(ext.methods.map { "f:" + $0.fullName } + ext.properties.compactMap { $0.name.map { "v:" + $0 } }) {
                byMember[key, default: []].append(i)
            }
        }
        func clause(_ i: Int) -> Set<String> {
            Set(exts[i].ext.whereClause.map { "\($0.subject)\($0.isSameType ? "==" : ":")\($0.constraint)" })
        }
        func refines(_ a: Int, _ b: Int) -> Bool {
            let (pa, pb) = (exts[a].protocolName, exts[b].protocolName)
            guard pa == pb || allProtocols([pa]).contains(pb), clause(b).isSubset(of: clause(a)) else { return false }
            return pa != pb || clause(a) != clause(b)
        }
        var out: [String: Int?] = [:]
        for (key, candidates) in byMember where candidates.count > 1 {
            out[key] = .some(candidates.first { a in candidates.allSatisfy { $0 == a || refines(a, $0) } })
        }
        return out
    }

    private func extensionApplies(_ ext: TypeMembers, to t: UserType, _ all: Set<String>) -> Bool {
        for r in ext.whereClause {
            let c = r.constraint.description
            if r.subject.description == "Self.RawValue" {
                guard all.contains("RawRepresentable"), rawValueTypeName(of: t) == c else { return false }
            } else if r.isSameType {
                if c != t.name { return false }
            } else {
                for part in c.split(separator: " & ").map(String.init) where !all.contains(part) {
                    if part == "Equatable" && t.declaresEquatable { continue }
                    if classSatisfies(t, part) { continue }
                    return false
                }
            }
        }
        return true
    }

    /// A RawRepresentable type's RawValue as written: an enum's raw type, else the declared
    /// type of its stored `rawValue`; nil when neither says.
    private func rawValueTypeName(of t: UserType) -> String? {
        if t.kind == .enum { return t.rawType?.description }
        return conformanceSubject(of: t, location: .unknown).propertyTypes["rawValue"]
    }

    /// A protocol extension member that is no requirement, also declared by a conforming
    /// type: Swift picks one by the static type of the receiver, which TableLab does not know.
    func checkShadowedExtensionMembers(_ t: UserType, at loc: SourceLocation) throws {
        try checkSubclassShadowsDefault(t)
        try checkOverlappingDefaults(t, at: loc)
        for n in allProtocols(Array(t.conformances)) {
            guard let p = protocols.protocols[n] else { continue }
            let required = Set(p.decl.methods.map(\.fullName))
            let requiredProperties = Set(p.decl.properties.map(\.name))
            for ext in p.extensions {
                for f in ext.methods where !required.contains(f.fullName) {
                    if let slot = t.methods[f.fullName], !slot.isDefault {
                        throw RuntimeError(UnsupportedMessage.protocolDefaultShadowedByDeclaration(type: t.name, member: f.fullName, protocolName: n), at: loc)
                    }
                }
                for v in ext.properties {
                    guard let name = v.name, !requiredProperties.contains(name) else { continue }
                    if t.fieldIndex[name] != nil || (t.computed[name] != nil && !protocols.defaulted.contains("\(t.id).\(name)")) {
                        throw RuntimeError(UnsupportedMessage.protocolDefaultShadowedByDeclaration(type: t.name, member: name, protocolName: n), at: loc)
                    }
                }
            }
        }
    }

    /// A member several applicable protocol extensions implement: a requirement takes the
    /// most specialized (applyDefaults); a member no protocol requires is chosen by the
    /// receiver's static type, which TableLab does not know.
    private func checkOverlappingDefaults(_ t: UserType, at loc: SourceLocation) throws {
        // Most units declare fewer than two protocol extensions: nothing can overlap.
        var written = 0
        for p in protocols.protocols.values { written += p.extensions.count }
        for e in protocols.standardExtensions.values { written += e.count }
        guard written > 1 else { return }
        let exts = applicableDefaultExtensions(t)
        guard exts.count > 1 else { return }
        let overlaps = overlappingDefaults(exts)
        guard !overlaps.isEmpty else { return }
        var required = Set<String>()
        for n in allProtocols(Array(conformances(of: t))) {
            guard let p = protocols.protocols[n] else { continue }
            required.formUnion(p.decl.methods.map { "f:" + $0.fullName })
            required.formUnion(p.decl.properties.map { "v:" + $0.name })
        }
        for (key, winner) in overlaps.sorted(by: { $0.key < $1.key }) {
            let member = String(key.dropFirst(2))
            if !required.contains(key) {
                let implementing = exts.filter { e in
                    e.ext.methods.contains { "f:" + $0.fullName == key } || e.ext.properties.contains { $0.name.map { "v:" + $0 } == key }
                }
                let owner = (implementing.first { $0.ext.whereClause.isEmpty } ?? implementing.first ?? exts[0]).protocolName
                throw RuntimeError(UnsupportedMessage.protocolDefaultsChosenByStaticType(type: t.name, member: member, protocolName: owner), at: loc)
            }
            if winner == nil { throw RuntimeError(UnsupportedMessage.protocolDefaultsAmbiguous(type: t.name, member: member), at: loc) }
        }
    }

    /// A subclass's own method for a requirement that its superclass meets with a protocol
    /// extension's default: the conformance is the superclass's and keeps the default, so
    /// Swift calls the subclass's method only where the receiver's static type is the
    /// subclass (or below), and the default through the protocol or the superclass.
    private func checkSubclassShadowsDefault(_ t: UserType) throws {
        guard t.kind == .class, let sup = t.classInfo?.superclass else { return }
        for (full, slot) in t.methods.sorted(by: { $0.key < $1.key }) where !slot.isDefault {
            guard let inherited = sup.methods[full], inherited.isDefault, let d = slot.decl, slot !== inherited else { continue }
            throw RuntimeError(UnsupportedMessage.superclassTakesProtocolDefault(type: t.name, member: full, superclass: sup.name), at: d.location)
        }
    }

    // MARK: Protocols as types

    /// Does the value's type conform to every protocol of `spec` (`P` or `P & Q`)?
    func valueConforms(_ v: Value, _ spec: String) -> Bool {
        for part in spec.split(separator: " & ").map(String.init) where !valueConformsTo(v, part) { return false }
        return true
    }

    func valueConformsTo(_ v: Value, _ p: String) -> Bool {
        if marker.contains(p) { return true }
        switch v {
        case .box(let b): return valueConformsTo(b.value, p)
        case .enumCase(let tid, _): return userConforms(types[Int(tid)], p)
        case .payloadCase(let pc): return userConforms(types[Int(pc.typeID)], p)
        case .structValue(let s): return userConforms(s.type, p)
        case .type(.table(let inst)): return p == "AnyObject" || userConforms(inst.type, p)
        case .object: return p == "AnyObject" || !(protocols.protocols[p] != nil)
        case .int: return builtinConforms("Int", p)
        case .double: return builtinConforms("Double", p)
        case .float: return builtinConforms("Float", p)
        case .string: return builtinConforms("String", p)
        case .bool: return builtinConforms("Bool", p)
        case .array(let a):
            if protocols.builtinConformances["Array"]?.contains(p) == true { return true }
            if ["Equatable", "Hashable", "Comparable"].contains(p) { return p != "Comparable" && a.allSatisfy { valueConformsTo($0, p) } }
            return ["Collection", "Sequence", "CustomStringConvertible", "BidirectionalCollection", "RandomAccessCollection"].contains(p)
        case .dictionary, .set:
            return ["Equatable", "Hashable", "Collection", "Sequence", "CustomStringConvertible"].contains(p)
                || protocols.builtinConformances[v.isSet ? "Set" : "Dictionary"]?.contains(p) == true
        case .wrapped(let w): return ["Equatable", "Hashable"].contains(p) ? valueConformsTo(w, p) : protocols.builtinConformances["Optional"]?.contains(p) == true
        case .nilValue: return ["Equatable", "Hashable"].contains(p) || protocols.builtinConformances["Optional"]?.contains(p) == true
        default: return false
        }
    }

    private func builtinConforms(_ type: String, _ p: String) -> Bool {
        if builtinProtocols[type]?.contains(p) == true { return true }
        guard let extra = protocols.builtinConformances[type] else { return false }
        return Set(allProtocols(Array(extra))).contains(p)
    }

    func userConforms(_ t: UserType, _ p: String) -> Bool {
        if p == "AnyObject" { return t.kind == .table || t.kind == .class }
        if conformances(of: t).contains(p) { return true }
        // Synthesized conformances swiftc would accept for a constraint.
        switch p {
        case "Equatable", "Hashable": return t.declaresEquatable || (t.kind == .enum && !t.hasPayloadCases)
        default: return false
        }
    }

    /// Whether the enum's values have `<` (declared Comparable, directly or through a protocol).
    func isComparable(_ t: UserType) -> Bool {
        if t.conformances.contains("Comparable") { return true }
        return !t.conformances.isEmpty && conformances(of: t).contains("Comparable")
    }

    /// `allCases` exists only on an enum that declares CaseIterable.
    func isCaseIterable(_ t: UserType) -> Bool { conformances(of: t).contains("CaseIterable") }

    // MARK: CustomStringConvertible

    /// The text a value's own `description` or `debugDescription` gives, as Swift chooses
    /// it: `debug` (debugPrint, String(reflecting:), an element of a collection or a field)
    /// prefers CustomDebugStringConvertible's, `print` CustomStringConvertible's, and each
    /// falls back to the other. A subclass of a host class is an NSObject, which has both:
    /// its `debugDescription` is its `description`, and its `description` its address (nil
    /// here, for the caller's refusal). nil: Swift's default text.
    func customDescription(_ v: Value, debug: Bool) -> String? {
        let t: UserType
        switch v {
        case .structValue(let s): t = s.type
        case .enumCase(let tid, _): t = types[Int(tid)]
        case .payloadCase(let p): t = types[Int(p.typeID)]
        case .type(.table(let inst)) where inst.type.kind == .class: t = inst.type
        default: return nil
        }
        let objectiveC = t.kind == .class && hostClassName(t) != nil
        guard objectiveC || !conformancesAreEmpty(t) else { return nil }
        let protocols = conformances(of: t)
        let order = debug ? ["debugDescription", "description"] : objectiveC ? ["description"] : ["description", "debugDescription"]
        for name in order {
            let conforms = objectiveC || protocols.contains(name == "description" ? "CustomStringConvertible" : "CustomDebugStringConvertible")
            guard conforms, let slot = t.computed[name], !slot.isStatic else { continue }
            return describedBy(v, t, slot, name)
        }
        return nil
    }

    private func conformancesAreEmpty(_ t: UserType) -> Bool {
        var u: UserType? = t
        while let x = u {
            if !x.conformances.isEmpty { return false }
            u = x.classInfo?.superclass
        }
        return true
    }

    /// The string the computed property `name` of `v` gives; an error it raises waits for
    /// the print to end.
    private func describedBy(_ v: Value, _ t: UserType, _ slot: MethodSlot, _ name: String) -> String? {
        do {
            let f = compiledMethod(t, slot, fullName: name)
            machine.push(v)
            let r = try machine.invoke(f, argc: 1, location: t.location)
            if case .string(let s) = r { return s }
            return nil
        } catch let e as RuntimeError {
            if pendingDescribeError == nil { pendingDescribeError = e }
            return ""
        } catch {
            return ""
        }
    }

    // MARK: Hand-written Equatable and Comparable

    /// The struct or enum a value is an instance of; nil for every other value.
    func valueType(_ x: Value) -> UserType? {
        switch x {
        case .structValue(let s): return s.type
        case .enumCase(let tid, _): return types[Int(tid)]
        case .payloadCase(let p): return types[Int(p.typeID)]
        default: return nil
        }
    }

    /// `static func ==` / `static func <` written by the value's type: its answer, or nil.
    /// Whether a parameter declared with a standard type (`b: Int`) cannot take a value of
    /// the script's types: `static func == (a: P, b: Int)` is no `==` of two P values,
    /// whose synthesised one answers then.
    private func standardParameterRefuses(_ p: Parameter, _ v: Value) -> Bool {
        guard case .named(let n)? = p.type, operandType(v) != nil else { return false }
        return ["Int", "Double", "String", "Bool", "Character", "Float", "CGFloat"].contains(n)
    }

    func userOperator(_ name: String, _ x: Value, _ y: Value, _ loc: SourceLocation) throws -> Bool? {
        guard let t = operandType(x).map(operatorOwner) else { return nil }
        guard let fulls = t.methodsByBase[name] else { return nil }
        for full in fulls {
            guard let slot = t.methods[full], slot.isStatic, let d = slot.decl, d.parameters.count == 2,
                  !standardParameterRefuses(d.parameters[0], x), !standardParameterRefuses(d.parameters[1], y) else { continue }
            let f = compiledMethod(t, slot, fullName: full)
            machine.push(x)
            machine.push(y)
            let r = try machine.invoke(f, argc: 2, location: loc)
            if case .bool(let b) = r { return b }
        }
        return nil
    }
}

extension Value {
    var isSet: Bool { if case .set = self { return true }; return false }
}
