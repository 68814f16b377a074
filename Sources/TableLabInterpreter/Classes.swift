// Classes that are not screens: reference types with many instances.
//
// An instance is a `TableInstance` (its UserType and its stored properties by slot), the
// representation a table's singleton already had, carried as `.type(.table(inst))`: every
// path that reads, assigns or calls through a table reference (LValues, Members, Calls)
// works on instances unchanged, with reference semantics (`let y = Foo(); y.a = 2`) and
// identity (`===`). What tells an instance from a table is its type's kind (`.class`).
//
// Layout: a subclass's stored properties follow its superclass's, so a field's slot is the
// same in every class that has it, and code compiled for the superclass reads a subclass
// instance's fields by the same index. Methods: each class's `methods` table starts as a
// copy of its superclass's and is overwritten by its own declarations (overrides), so a
// call dispatches on the instance's class with one lookup; a method's code is compiled
// once, for the class that declares it (`MethodSlot.owner`).
//
// Initialization: a new instance's fields hold `uninitialized` until a default or an
// initializer stores them; reading one is swiftc's "variable 'self.x' used before being
// initialized", and an initializer that returns with one left is swiftc's "return from
// initializer without initializing all stored properties" (checked when it runs).

import TableLabSyntax
import TableLabExhaustiveness

// What a field holds until it is initialized (`uninitializedField`) and the marker of a
// default that is code (`computedDefault`) are in Unsafe.swift, with the other sentinels.

struct ClassInit {
    let decl: FunctionDecl
    let mods: ClassMemberModifiers
    private let ownerRef: Unretained<UserType>
    var owner: UserType { ownerRef.object }
    /// A designated initializer whose body calls `super.init(...)` itself (else the
    /// superclass's `init()` runs after the body, as Swift inserts it).
    let callsSuperInit: Bool
    let callsSelfInit: Bool
    /// Declared in an extension (a convenience initializer, as Swift requires there).
    var inExtension = false

    init(decl: FunctionDecl, mods: ClassMemberModifiers, owner: UserType, callsSuperInit: Bool, callsSelfInit: Bool) {
        self.decl = decl; self.mods = mods; ownerRef = Unretained(owner)
        self.callsSuperInit = callsSuperInit; self.callsSelfInit = callsSelfInit
    }
}

final class ClassInfo {
    private var superclassRef: Unretained<UserType>?
    var superclass: UserType? {
        get { superclassRef?.object }
        set { superclassRef = newValue.map(Unretained.init) }
    }
    let isFinal: Bool
    /// The initializers a construction may choose (own, or inherited).
    var inits: [ClassInit] = []
    /// No initializer is written and every stored property has a default: `init()`.
    var hasImplicitInit = false
    /// Members declared `final` (full names of methods, names of properties).
    var finalMembers: Set<String> = []
    /// Where each field's name is written (swiftc's "'self.x' not initialized" note).
    var fieldNameLocations: [SourceLocation] = []
    /// The host's type it inherits from (`NSObject`, `UITableViewCell`): its members are
    /// not known here, so `override` is taken on trust and `super.init()` does nothing.
    var hostSuperclass: String? = nil
    /// Its own `deinit`, when it has statements (Deinit.swift).
    var deinitSlot: MethodSlot? = nil
    /// The protocols it and its superclasses declare (in the class or an extension).
    var conformances: Set<String> = []
    /// A new instance's fields before its initializer runs (see `initialFields`).
    var initialFields: [Value]? = nil
    var hasComputedDefaults = false
    /// Per label list: the initializer chosen, its argument mapping and its code.
    var chosenInits: [[String?]: ChosenInit] = [:]
    init(superclass: UserType?, isFinal: Bool) { superclassRef = superclass.map(Unretained.init); self.isFinal = isFinal }
}

/// A failable initializer returned nil: the construction gives nil.
struct ClassInitFailed: Error {}

/// The initializer a list of argument labels chooses, compiled: a class, so that a
/// construction site keeps it without copying the declaration it holds.
final class ChosenInit {
    let ci: ClassInit
    /// For each parameter, the argument that gives it (nil: its default).
    let map: [Int?]
    let f: CompiledFunction
    /// The arguments are the parameters, in order.
    let direct: Bool
    /// The initializer run without a frame (DirectInits.swift), when it is only stores.
    let directInit: DirectInit?
    init(_ ci: ClassInit, _ map: [Int?], _ f: CompiledFunction, _ direct: Bool, _ directInit: DirectInit?) {
        self.ci = ci; self.map = map; self.f = f; self.direct = direct; self.directInit = directInit
    }
}

private struct SuperInitFinder: SyntaxVisitor {
    var callsSuper = false
    var callsSelf = false
    /// Where the first `self.init`'s `init` is written.
    var selfInitAt = SourceLocation.unknown
    mutating func visit(_ node: Expr) -> SyntaxVisitorContinueKind {
        if case .call(let callee, _) = node.kind, case .member(let base, "init") = callee.kind {
            if case .identifier("super") = base.kind { callsSuper = true }
            if case .self = base.kind, !callsSelf {
                callsSelf = true
                selfInitAt = SourceLocation(line: callee.range.end.line, column: callee.range.end.column - 4)
            }
        }
        if case .closure = node.kind { return .skipChildren }
        return .visitChildren
    }
}

extension InterpreterCore {
    /// swiftc's module name for the script (`SourceFile.moduleName`).
    var moduleName: String { currentFile?.moduleName ?? "main" }
    /// The module Swift names a script type by: a `:module` file's module, else the script's.
    func moduleName(of t: UserType) -> String { t.module ?? moduleName }

    func isSubclass(_ t: UserType, of s: UserType) -> Bool {
        var c: UserType? = t
        while let x = c {
            if x === s { return true }
            c = x.classInfo?.superclass
        }
        return false
    }

    /// The location of a declaration's name, one space after its keyword (`class Foo`, `func f`).
    /// Where `name` is written in the class's inheritance clause: on the line of the
    /// `class` keyword, after the class's own name (else just after that name).
    private func inheritedNameLocation(_ c: ClassDecl, _ name: String) -> SourceLocation {
        let start = nameLocation(c.location, 5)
        if let line = currentFile?.line(start.line) {
            let scalars = Array(line.unicodeScalars)
            let target = Array(name.unicodeScalars)
            var i = max(0, start.column - 1 + c.name.unicodeScalars.count)
            while i + target.count <= scalars.count {
                if Array(scalars[i..<(i + target.count)]) == target { return SourceLocation(line: start.line, column: i + 1) }
                i += 1
            }
        }
        return SourceLocation(line: start.line, column: start.column + c.name.count + 2)
    }

    private func nameLocation(_ keyword: SourceLocation, _ keywordLength: Int) -> SourceLocation {
        SourceLocation(line: keyword.line, column: keyword.column + keywordLength + 1)
    }

    /// Fills the classes of a hoisted unit, each after its superclass.
    /// `Store` for `Store<T>`: a generic superclass is named with its arguments, which stand
    /// for any value here as the class's own parameters do.
    func genericBaseName(_ n: String) -> String {
        guard let lt = n.firstIndex(of: "<"), n.hasSuffix(">") else { return n }
        return String(n[..<lt])
    }

    func fillClasses(_ decls: [(UserType, Decl)]) throws {
        var pending: [ObjectIdentifier: ClassDecl] = [:]
        for (t, d) in decls { if case .class(let c) = d { pending[ObjectIdentifier(t)] = c } }
        var done = Set<ObjectIdentifier>()
        func fill(_ t: UserType) throws {
            guard let c = pending[ObjectIdentifier(t)], done.insert(ObjectIdentifier(t)).inserted else { return }
            var sup: UserType? = nil
            if let first = c.inherited.first, let st = userType(genericBaseName(first)), st !== t {
                switch st.kind {
                case .class:
                    try fill(st)
                    sup = st
                case .table:
                    throw RuntimeError(UnsupportedMessage.tableSubclass(first),
                                       at: nameLocation(c.location, 5))
                case .struct, .enum:
                    throw RuntimeError(DeclarationMessage.inheritanceFromNonProtocol(first), at: nameLocation(c.location, 5))
                }
            }
            try fillClass(t, c, superclass: sup)
        }
        for (t, d) in decls { if case .class = d { try fill(t) } }
    }

    /// The protocols a type alias of protocols names (`typealias Model = Input & Output`),
    /// which a type conforming to the alias conforms to; nil for any other name.
    func protocolAliasParts(_ name: String) -> [String]? {
        guard case .named(let n)? = protocols.typeAliases[name] else { return nil }
        let parts = n.split(separator: " & ").map(String.init)
        return parts.allSatisfy(isProtocolName) ? parts : nil
    }

    /// A class declaration's type: its layout (inherited, then its own members), checked
    /// against swiftc's rules for overrides and initializers as it is built.
    func fillClass(_ t: UserType, _ c: ClassDecl, superclass sup: UserType?) throws {
        t.decl = c
        // A generic class's parameters (`class Store<Item>`) are in scope for its members'
        // types, as a generic struct's are: `T` stands for any value.
        let depth = try noteGenerics(t, c.members)
        defer { endGenerics(depth) }
        let info = try inheritClassLayout(t, c, superclass: sup)
        declareDeinit(t, c, info)
        try checkMethodOverrides(t, c, superclass: sup, info)
        let overrides = try checkPropertyOverrides(t, c, superclass: sup, info)
        let ownFieldStart = t.fieldNames.count
        fillClassMembers(t, c, info, overrides)
        noteComputedOverrides(t, overrides.computedOverStored)
        // A computed override of a `lazy var` answers for its name on this class's instances;
        // `super.name` reaches the lazy storage (`superLazy`).
        for n in overrides.computedOverLazy { t.lazyProperties[n] = nil }
        let designated = try fillClassInitializers(t, c, superclass: sup, info, ownFieldStart: ownFieldStart)
        noteConformances(t, Array(c.inherited.dropFirst(sup == nil ? 0 : 1)))
        try checkInitPhaseOne(t, info, designated.map(\.decl), derived: sup != nil || info.hostSuperclass != nil)
    }

    /// The class's information, and what it inherits: its superclass's fields, methods and
    /// properties (or a host superclass's extensions), and the protocols it adopts.
    private func inheritClassLayout(_ t: UserType, _ c: ClassDecl, superclass sup: UserType?) throws -> ClassInfo {
        let info = ClassInfo(superclass: sup, isFinal: c.isFinal)
        if sup == nil, let first = c.inherited.first, userType(genericBaseName(first)) == nil {
            if hosting.typeNames.contains(first) {
                info.hostSuperclass = first
            } else if !isProtocolName(first) && !isKnownExternal(first) && protocolAliasParts(first) == nil
                        && Self.literalInitializerLabels[first] == nil {
                // swiftc: an inherited name that names nothing (`class A: BaseViewController`
                // pasted without its base class).
                throw RuntimeError(LookupMessage.cannotFindTypeInScope(first), at: inheritedNameLocation(c, first))
            }
        }
        t.classInfo = info
        if sup == nil { inheritHostExtensions(t, hostClass: info.hostSuperclass) }
        if let sup, let si = sup.classInfo {
            if si.isFinal {
                throw RuntimeError(DeclarationMessage.inheritanceFromFinalClass(sup.name), at: nameLocation(c.location, 5))
            }
            t.fieldNames = sup.fieldNames; t.fieldIndex = sup.fieldIndex; t.fieldIsLet = sup.fieldIsLet
            t.fieldTypes = sup.fieldTypes; t.fieldDefaults = sup.fieldDefaults; t.fieldLocations = sup.fieldLocations
            t.methods = sup.methods; t.methodsByBase = sup.methodsByBase; t.computed = sup.computed
            t.staticStored = sup.staticStored; t.lazyProperties = sup.lazyProperties
            t.referenceFields = sup.referenceFields
            // An inherited property keeps its observers on a subclass's instances.
            t.observers = sup.observers
            t.fieldOverrides = sup.fieldOverrides
            info.finalMembers = si.finalMembers
            info.fieldNameLocations = si.fieldNameLocations
            info.conformances = si.conformances
            info.hostSuperclass = si.hostSuperclass
        }
        info.conformances.formUnion(c.inherited.dropFirst(sup == nil ? 0 : 1).flatMap { protocolAliasParts($0) ?? [$0] })
        return info
    }

    /// swiftc's rules for the class's methods: `override` where a superclass's method is
    /// replaced and only there, none of a `final` one; records the class's final methods.
    private func checkMethodOverrides(_ t: UserType, _ c: ClassDecl, superclass sup: UserType?, _ info: ClassInfo) throws {
        // Overrides, checked against the superclass's members as swiftc checks them.
        for f in c.members.methods {
            let mods = c.memberModifiers[f.location] ?? ClassMemberModifiers()
            let at = nameLocation(f.location, 4)
            let inherited = sup != nil && t.methods[f.fullName] != nil
            // swiftc's note at the name of the method overridden, when it is the script's.
            let overridden = inherited ? t.methods[f.fullName]?.decl.map { nameLocation($0.location, 4) } : nil
            if inherited, info.finalMembers.contains(f.fullName) {
                throw RuntimeError(f.isStatic ? DeclarationMessage.overridesFinalClassMethod : DeclarationMessage.overridesFinalInstanceMethod, at: at,
                                   notes: overridden.map { [.note(NoteMessage.overriddenDeclarationHere, at: $0)] } ?? [])
            }
            if inherited, !mods.isOverride {
                throw RuntimeError(DeclarationMessage.overrideKeywordMissing, at: at,
                                   notes: overridden.map { [.note(NoteMessage.overriddenDeclarationHere, at: $0)] } ?? [])
            }
            if !inherited, mods.isOverride, info.hostSuperclass == nil {
                throw RuntimeError(DeclarationMessage.methodOverridesNothing, at: at)
            }
            if mods.isFinal || (f.isStatic && !mods.isClassMember) { info.finalMembers.insert(f.fullName) }
        }
    }

    /// swiftc's rules for the class's properties, as for methods; a stored property is never
    /// overridden. Answers the overrides that need more than a computed property's slot.
    private func checkPropertyOverrides(_ t: UserType, _ c: ClassDecl, superclass sup: UserType?,
                                        _ info: ClassInfo) throws -> PropertyOverrides {
        // `override var n: Int { didSet { } }`: observers added to an inherited stored
        // property, which keeps its storage, type and default.
        var observerOverrides: [VariableDecl] = []
        var computedOverrides: [String] = []
        // `override var n: Int { didSet { } }` over an inherited computed property: made the
        // computed property Swift makes of it (OverriddenProperties.swift).
        var observingOverrides: [VariableDecl] = []
        var lazyOverrides: [String] = []
        for p in c.members.properties {
            guard let n = p.name else { continue }
            let mods = c.memberModifiers[p.location] ?? ClassMemberModifiers()
            let inherited = sup != nil && (t.fieldIndex[n] != nil || t.computed[n] != nil)
            if sup != nil, mods.isOverride, !p.isStatic, t.lazyProperties[n] != nil {
                if p.getter == nil, p.observers == nil {
                    throw RuntimeError(DeclarationMessage.overrideWithStoredProperty(n), at: p.location,
                                       notes: overriddenPropertyNotes(n, above: sup))
                }
                // Observers over a lazy property are not dispatched here.
                guard p.getter != nil else { throw RuntimeError(UnsupportedMessage.overrideLazyProperty(n), at: p.location) }
                if p.setter == nil {
                    throw RuntimeError(DeclarationMessage.overrideMutableWithReadOnly(n), at: p.location)
                }
                lazyOverrides.append(n)
                continue
            }
            if inherited, mods.isOverride, p.getter == nil, !p.isStatic, p.observers != nil, p.initializer == nil,
               t.fieldIndex[n] != nil, !info.finalMembers.contains(n) {
                observerOverrides.append(p)
                continue
            }
            if inherited, mods.isOverride, p.getter == nil, !p.isStatic, let o = p.observers, p.initializer == nil,
               t.fieldIndex[n] == nil, let c = t.computed[n], !c.isStatic, !info.finalMembers.contains(n) {
                if c.setter == nil {
                    throw RuntimeError(DeclarationMessage.observingReadOnlyProperty(n), at: p.location,
                                       notes: overriddenPropertyNotes(n, above: sup))
                }
                observingOverrides.append(try observingOverride(p, o, n))
                continue
            }
            if inherited, p.getter == nil, !p.isStatic {
                var notes: [Diagnostic] = []
                if let i = t.fieldIndex[n], let locations = sup?.classInfo?.fieldNameLocations, i < locations.count,
                   locations[i] != .unknown {
                    notes.append(.note(NoteMessage.overriddenPropertyHere, at: locations[i]))
                }
                throw RuntimeError(DeclarationMessage.overrideWithStoredProperty(n), at: p.location, notes: notes)
            }
            if inherited, info.finalMembers.contains(n) {
                throw RuntimeError(DeclarationMessage.overridesFinalProperty, at: p.location)
            }
            if inherited, mods.isOverride, p.getter != nil, !p.isStatic {
                if let i = t.fieldIndex[n], t.fieldIsLet[i] {
                    throw RuntimeError(DeclarationMessage.overrideLetProperty(n), at: p.location,
                                       notes: overriddenPropertyNotes(n, above: sup))
                }
                let overriddenIsMutable = t.fieldIndex[n] != nil || t.computed[n]?.setter != nil
                if p.setter == nil, overriddenIsMutable {
                    throw RuntimeError(DeclarationMessage.overrideMutableWithReadOnly(n), at: p.location,
                                       notes: overriddenPropertyNotes(n, above: sup))
                }
                // Every access to the stored property, the superclass's own code included, goes
                // through the override from now on (OverriddenProperties.swift).
                if t.fieldIndex[n] != nil { computedOverrides.append(n) }
            }
            if inherited, !mods.isOverride {
                throw RuntimeError(DeclarationMessage.overrideKeywordMissing, at: p.location)
            }
            if !inherited, mods.isOverride, let host = info.hostSuperclass, p.getter == nil, !p.isStatic, let o = p.observers,
               p.initializer == nil {
                // Swift runs these around the host's own setter: a computed property of
                // super's accessors, which the host's own changes go through where it says
                // so; elsewhere TableLab's host part is apart and they would never run.
                if hosting.observableProperty?(host, n) == true {
                    observingOverrides.append(try observingOverride(p, o, n))
                    continue
                }
                throw RuntimeError(UnsupportedMessage.observersOnHostProperty(property: n, host: host), at: p.location)
            }
            if !inherited, mods.isOverride, info.hostSuperclass == nil {
                throw RuntimeError(DeclarationMessage.propertyOverridesNothing, at: p.location)
            }
            if mods.isFinal || (p.isStatic && !mods.isClassMember) { info.finalMembers.insert(n) }
        }
        return PropertyOverrides(observers: observerOverrides, computedOverStored: computedOverrides, observingComputed: observingOverrides,
                                 computedOverLazy: lazyOverrides)
    }

    /// swiftc's "attempt to override property here" at the nearest superclass's declaration
    /// of the property, when a class declaration of the script's holds it.
    private func overriddenPropertyNotes(_ name: String, above sup: UserType?) -> [Diagnostic] {
        var c = sup
        while let x = c {
            if let d = x.decl as? ClassDecl, let p = d.members.properties.first(where: { $0.name == name && !$0.isStatic }) {
                return [.note(NoteMessage.overriddenPropertyHere, at: p.location)]
            }
            c = x.classInfo?.superclass
        }
        return []
    }

    /// The class's own members laid out after the inherited ones, the observer overrides
    /// wrapped around the inherited properties' observers.
    private func fillClassMembers(_ t: UserType, _ c: ClassDecl, _ info: ClassInfo, _ overrides: PropertyOverrides) {
        var members = c.members
        let observerOverrides = overrides.observers
        if !observerOverrides.isEmpty {
            let overridden = Set(observerOverrides.map(\.location))
            members.properties.removeAll { overridden.contains($0.location) }
        }
        for q in overrides.observingComputed {
            if let k = members.properties.firstIndex(where: { $0.location == q.location }) { members.properties[k] = q }
        }
        fillMembers(t, members)
        for p in observerOverrides {
            guard let n = p.name, let i = t.fieldIndex[n], let o = p.observers else { continue }
            let po = PropertyObserver(name: n, type: p.type, o, location: p.location)
            po.owner = t
            po.inner = t.observers[i]
            t.observers[i] = po
        }
        for p in members.properties where p.getter == nil && !p.isStatic {
            if let n = p.name, let i = t.fieldIndex[n] {
                while info.fieldNameLocations.count <= i { info.fieldNameLocations.append(.unknown) }
                info.fieldNameLocations[i] = p.location
            }
        }
        while info.fieldNameLocations.count < t.fieldNames.count { info.fieldNameLocations.append(t.fieldLocations[info.fieldNameLocations.count]) }
        for f in c.members.methods { t.methods[f.fullName]?.owner = t }
        for p in members.properties {
            guard let n = p.name else { continue }
            if p.getter != nil { t.computed[n]?.owner = t }
            t.lazyProperties[n]?.initializer.owner = t
        }
        if c.isFinal { info.finalMembers.formUnion(t.methods.keys) }
    }

    /// The class's initializers, those it inherits, and swiftc's rules for them (`super.init`
    /// on every path, `required`, `override`, no initializer where a field has no value).
    /// Answers the designated ones.
    private func fillClassInitializers(_ t: UserType, _ c: ClassDecl, superclass sup: UserType?, _ info: ClassInfo,
                                       ownFieldStart: Int) throws -> [ClassInit] {
        func hasValue(_ i: Int) -> Bool {
            t.fieldDefaults[i] != nil || (!t.fieldIsLet[i] && isOptionalType(t.fieldTypes[i]))
        }
        // swiftc's note per stored property that keeps the class from an implicit `init()`.
        func withoutValueNotes(_ fields: Range<Int>) -> [Diagnostic] {
            fields.filter { !hasValue($0) && !t.fieldNames[$0].hasPrefix(LazyProperty.storagePrefix) }.compactMap { i in
                guard i < info.fieldNameLocations.count, info.fieldNameLocations[i] != .unknown else { return nil }
                return .note(NoteMessage.storedPropertyPreventsSynthesizedInit(t.fieldNames[i]), at: info.fieldNameLocations[i])
            }
        }
        var own: [ClassInit] = []
        for d in c.members.initializers {
            var finder = SuperInitFinder()
            finder.walk(d.body)
            let mods = c.memberModifiers[d.location] ?? ClassMemberModifiers()
            // Only a convenience initializer delegates across the class (TableLab ran this one).
            if finder.callsSelf, !mods.isConvenience {
                throw RuntimeError(DeclarationMessage.designatedInitializerDelegates(LocalTypeNames.display(t.name)), at: d.location,
                                   notes: [.note(NoteMessage.delegationOccursHere, at: finder.selfInitAt)])
            }
            own.append(ClassInit(decl: d, mods: mods, owner: t,
                                 callsSuperInit: finder.callsSuper, callsSelfInit: finder.callsSelf))
        }
        let designated = own.filter { !$0.mods.isConvenience }
        if let si = sup?.classInfo {
            // Swift calls `super.init()` itself only when that is the superclass's one designated initializer.
            let superDesignated = si.inits.filter { !$0.mods.isConvenience }
            let implicitSuper = superDesignated.isEmpty ? si.hasImplicitInit
                : superDesignated.count == 1 && superDesignated[0].decl.parameters.isEmpty
            for i in designated where !i.callsSuperInit && !i.callsSelfInit && !implicitSuper {
                throw RuntimeError(DeclarationMessage.superInitNotOnAllPaths,
                                   at: i.mods.bodyEnd == .unknown ? i.decl.location : i.mods.bodyEnd)
            }
            // One of other parameter types is no override (`init(_ v: String)` beside the
            // superclass's `init(_ v: Int)`): an overload, refused below where both are kept.
            for i in designated where !i.mods.isOverride && !i.mods.isRequired
                && superDesignated.contains(where: { Self.sameInitializer($0.decl, i.decl) }) {
                throw RuntimeError(DeclarationMessage.overrideKeywordMissing, at: i.decl.location)
            }
        }
        let ownFieldsHaveValues = (ownFieldStart..<t.fieldNames.count).allSatisfy(hasValue)
        if designated.isEmpty {
            if let si = sup?.classInfo {
                if !ownFieldsHaveValues {
                    throw RuntimeError(LookupMessage.classHasNoInitializers(t.name), at: nameLocation(c.location, 5),
                                       notes: withoutValueNotes(ownFieldStart..<t.fieldNames.count))
                }
                info.inits = own + si.inits.filter { s in !own.contains { Self.sameInitializer($0.decl, s.decl) } }
                info.hasImplicitInit = si.hasImplicitInit && !own.contains { $0.decl.parameters.isEmpty }
            } else {
                if !(0..<t.fieldNames.count).allSatisfy(hasValue) {
                    throw RuntimeError(LookupMessage.classHasNoInitializers(t.name), at: nameLocation(c.location, 5),
                                       notes: withoutValueNotes(0..<t.fieldNames.count))
                }
                info.inits = own
                info.hasImplicitInit = !own.contains { $0.decl.parameters.isEmpty }
            }
        } else {
            info.inits = own
            if let si = sup?.classInfo {
                // A subclass that implements every designated initializer of its superclass
                // (overriding each, or as a convenience one) inherits all the superclass's
                // convenience initializers, as Swift's rule 2 says: `Sub()` where only Base
                // declares `convenience init()` and Sub overrides `init(id:)`.
                let ownNames = Set(own.map(\.decl.fullName))
                let superDesignated = si.inits.filter { !$0.mods.isConvenience }.map(\.decl.fullName)
                    + (si.hasImplicitInit ? ["init()"] : [])
                if superDesignated.allSatisfy(ownNames.contains) {
                    info.inits += si.inits.filter { $0.mods.isConvenience && !ownNames.contains($0.decl.fullName) }
                }
                for r in si.inits where r.mods.isRequired && !own.contains(where: { $0.decl.fullName == r.decl.fullName }) {
                    // swiftc points where the missing one would go: the line after the
                    // class's last initializer.
                    let last = c.members.initializers.map(\.bodyEnd).filter { $0 != .unknown }.max { $0.line < $1.line }
                    let at = last.map { SourceLocation(line: $0.line + 1, column: 1) } ?? nameLocation(c.location, 5)
                    throw RuntimeError(DeclarationMessage.requiredInitializerMissing(initializer: r.decl.fullName, subclass: sup!.name),
                                       at: at, notes: [.note(NoteMessage.requiredInitializerDeclaredHere, at: r.decl.location)])
                }
            }
        }
        if let si = sup?.classInfo {
            for i in own where !i.mods.isRequired && si.inits.contains(where: { $0.decl.fullName == i.decl.fullName && $0.mods.isRequired }) {
                throw RuntimeError(DeclarationMessage.requiredModifierMissing, at: i.decl.location)
            }
        }
        // TableLab keeps one initializer per label list: two the class offers with other
        // parameter types (its own beside an inherited one) are refused by name, as within
        // one class (OverloadCheck.swift), never one called for the other.
        for (k, i) in info.inits.enumerated() {
            if let other = info.inits[..<k].first(where: { $0.decl.fullName == i.decl.fullName }) {
                let ownOne = own.contains { $0.decl.location == i.decl.location } ? i : other
                throw RuntimeError(OverloadMessage.overloadByType(i.decl.fullName), at: ownOne.decl.location)
            }
        }
        return designated
    }

    /// The same initializer as Swift matches an override: labels and parameter types.
    static func sameInitializer(_ a: FunctionDecl, _ b: FunctionDecl) -> Bool {
        a.fullName == b.fullName && a.parameters.map(\.type) == b.parameters.map(\.type)
    }

    // MARK: Instances

    /// A new instance: defaults stored, optional `var`s nil, the rest uninitialized.
    func newInstance(_ m: Ctx, _ t: UserType, _ loc: SourceLocation) throws -> TableInstance {
        guard let info = t.classInfo else { throw RuntimeError(LookupMessage.cannotFindInScope(t.name), at: loc) }
        if info.initialFields == nil {
            // Checked once per class (the fields are made once): a managed object's
            // storage is never made, so no instance's fields are.
            var managed: UserType? = t
            while let c = managed {
                if let name = c.managedProperty {
                    throw RuntimeError(UnsupportedMessage.managedObjectNotSimulated(type: t.name, property: name), at: loc)
                }
                managed = c.classInfo?.superclass
            }
            info.initialFields = initialFields(t)
        }
        let inst = TableInstance.make(type: t, fields: info.initialFields!)
        if !info.hasComputedDefaults { return inst }
        for i in 0..<t.fieldNames.count {
            if case .box(let b) = inst.fields[i], b === computedDefault, let f = fieldDefault(t, i) {
                inst.fields[i] = try checkBinding(try m.invoke(f, argc: 0, location: loc), t.fieldTypes[i], location: loc)
            }
        }
        return inst
    }

    /// A new instance's fields before any code runs: the defaults that are literals (a
    /// literal needs no frame: `var taps = 0`), nil for an optional `var`, a marker for a
    /// default to run, the uninitialized marker for the rest.
    private func initialFields(_ t: UserType) -> [Value] {
        var fields: [Value] = []
        var computed = false
        for i in 0..<t.fieldNames.count {
            if let d = t.fieldDefaults[i] {
                if let v = literalDefault(d), let c = t.fieldTypes[i].map({ coerce(v, to: $0) }) ?? v {
                    fields.append(c)
                } else {
                    fields.append(.box(computedDefault))
                    computed = true
                }
            } else if !t.fieldIsLet[i], isOptionalType(t.fieldTypes[i]) {
                fields.append(.nilValue)
            } else {
                fields.append(.box(uninitializedField))
            }
        }
        t.classInfo?.hasComputedDefaults = computed
        return fields
    }

    private func literalDefault(_ e: Expr) -> Value? {
        switch e.kind {
        case .integer(let n): return .int(n)
        case .double(let d): return .double(d)
        case .boolean(let b): return .bool(b)
        case .nil: return .nilValue
        case .string(let segs):
            var text = ""
            for seg in segs { guard case .text(let x) = seg else { return nil }; text += x }
            return .string(text)
        case .array(let items) where items.isEmpty: return .array([])
        case .dictionary(let items) where items.isEmpty: return .dictionary([:])
        default: return nil
        }
    }

    func compileClassConstructor(_ slot: TypeSlot, _ t0: UserType, _ args: [Argument], _ scope: FnScope, _ loc: SourceLocation) -> Eval {
        let labels = args.map(\.label)
        var expected: [RType?]? = nil
        for i in t0.classInfo?.inits ?? [] {
            if case .success(let map) = matchArguments(i.decl.parameters.map { ($0.label, $0.defaultValue != nil) }, labels) {
                var ts = [RType?](repeating: nil, count: args.count)
                for (p, ai) in map.enumerated() { if let ai { ts[ai] = i.decl.parameters[p].type.map(resolveType) } }
                expected = ts
                break
            }
        }
        let push = compilePushArgs(args, scope, expected: expected)
        // The site's labels are fixed: the initializer they chose for a type is kept here,
        // so a construction does not hash the labels to find it again.
        // By serial, not by address: a class redeclared in a session frees its old type, and
        // a new type allocated at the same address would match a dangling pointer and take
        // the old class's initializer.
        final class SiteCache { var typeSerial = 0; var chosen: ChosenInit?; var plan: ConstructionPlan? }
        let cache = SiteCache()
        return { [core = Unretained(self)] m in
            let argc = try push(m)
            guard let t = slot.current, t.classInfo != nil else {
                m.pop(argc)
                throw RuntimeError(LookupMessage.cannotFindInScope(slot.name), at: loc)
            }
            if cache.typeSerial == t.serial {
                // The plan itself, once there is one: reading it through the chosen
                // initializer retained both.
                do {
                    // Through the unretained core: `self` here is retained around each use.
                    if let plan = cache.plan {
                        if let inst = try core.guaranteed({ try $0.runPlannedInit(m, t, plan, argc, loc) }) {
                            return .type(.table(inst))
                        }
                    } else if let chosen = cache.chosen, let d = chosen.directInit {
                        cache.plan = core.guaranteed { $0.constructionPlan(t, chosen, d) }
                        if let inst = try core.guaranteed({ try $0.runDirectInit(m, t, chosen, d, argc, loc) }) {
                            return .type(.table(inst))
                        }
                    }
                } catch { m.pop(argc); throw error }
            }
            let inst: TableInstance
            do { inst = try core.object.newInstance(m, t, loc) } catch { m.pop(argc); throw error }
            do {
                let failable: Bool
                if cache.typeSerial == t.serial, let chosen = cache.chosen {
                    failable = try core.object.runChosenInit(m, t, inst, chosen, argc, loc)
                } else {
                    failable = try core.object.runClassInit(m, t, inst, labels, argc, loc)
                    cache.typeSerial = t.serial
                    cache.chosen = t.classInfo?.chosenInits[labels]
                    cache.plan = nil
                }
                return failable ? .wrapped(.type(.table(inst))) : .type(.table(inst))
            } catch is ClassInitFailed {
                return .nilValue
            }
        }
    }

    /// Runs the initializer of `t` that the labels choose on `inst`; the arguments are the
    /// top `argc` stack slots (consumed). Answers whether that initializer is failable.
    @discardableResult
    func runClassInit(_ m: Ctx, _ t: UserType, _ inst: TableInstance, _ labels: [String?], _ argc: Int,
                      _ loc: SourceLocation) throws -> Bool {
        guard let info = t.classInfo else { m.pop(argc); throw RuntimeError(LookupMessage.cannotFindInScope(t.name), at: loc) }
        if let chosen = info.chosenInits[labels] {
            return try runChosenInit(m, t, inst, chosen, argc, loc)
        }
        var match: (ClassInit, [Int?])? = nil
        var failure: RuntimeErrorMessage? = nil
        for i in info.inits {
            switch matchArguments(i.decl.parameters.map { ($0.label, $0.defaultValue != nil) }, labels) {
            case .success(let map): match = (i, map)
            case .failure(let e): if failure == nil { failure = e }
            }
            if match != nil { break }
        }
        guard let (ci, map) = match else {
            if argc > 0 || !info.hasImplicitInit, let failable = try runInheritedHostInit(m, t, inst, labels, argc, loc) {
                return failable
            }
            if let failable = try runDelegatedPlainInit(m, t, inst, labels, argc, loc) { return failable }
            m.pop(argc)
            if argc == 0, info.hasImplicitInit {
                try checkInitialized(inst, upTo: t.fieldNames.count, at: loc)
                return false
            }
            if info.inits.isEmpty && !info.hasImplicitInit {
                throw RuntimeError(LookupMessage.noAccessibleInitializers(t.name), at: loc)
            }
            if info.inits.count == 1, let failure {
                // swiftc places a wrong label at the `(` after the class's name.
                var at = loc
                if case .incorrectArgumentLabels = failure.message { at = SourceLocation(line: loc.line, column: loc.column + t.name.count) }
                throw RuntimeError(failure.message, at: at)
            }
            throw RuntimeError(LookupMessage.noMatchingInitializer, at: loc)
        }
        let owner = ci.owner
        let key = ci.decl.fullName
        let f: CompiledFunction
        if let c = owner.compiledInits[key] { f = c } else {
            let decl = FunctionDecl(name: "init", parameters: ci.decl.parameters, returnType: nil, body: ci.decl.body,
                                    isStatic: false, isMutating: false, location: ci.decl.location)
            f = inFile(owner.file) {
                compileFunction(decl, selfType: owner, isStaticContext: false,
                                displayName: "\(owner.name).init(\(labelsString(ci.decl.parameters.map(\.label))))", typedSelf: true)
            }
            owner.compiledInits[key] = f
        }
        let direct = map.count == argc && map.enumerated().allSatisfy { $0.element == $0.offset }
        let chosen = ChosenInit(ci, map, f, direct, directInit(ci, f, direct: direct))
        info.chosenInits[labels] = chosen
        return try runChosenInit(m, t, inst, chosen, argc, loc)
    }

    private func runChosenInit(_ m: Ctx, _ t: UserType, _ inst: TableInstance, _ chosen: ChosenInit,
                               _ argc: Int, _ loc: SourceLocation) throws -> Bool {
        let owner = chosen.ci.owner, f = chosen.f
        if chosen.direct {
            // The arguments are the parameters, in order, where they lie on the stack.
            let base = m.pointee.sp - argc
            for i in 0..<argc where !f.paramQuick[i].accepts(base[i]) {
                if let pt = f.paramTypes[i] { base[i] = try checkArgument(base[i], pt, loc) }
            }
        } else {
            try pushArguments(m, argc, chosen.map, f, loc)
        }
        m.push(.type(.table(inst)))
        let r = try m.invoke(f, argc: chosen.map.count + 1, location: loc)
        if chosen.ci.mods.isFailable, case .nilValue = r { throw ClassInitFailed() }
        if !chosen.ci.mods.isConvenience && !chosen.ci.callsSelfInit {
            if !chosen.ci.callsSuperInit, let sup = owner.classInfo?.superclass {
                // Swift calls the superclass's `init()` at the end of the body.
                try runClassInit(m, sup, inst, [], 0, loc)
            }
            try checkInitialized(inst, upTo: owner.fieldNames.count, at: chosen.ci.mods.bodyEnd == .unknown ? chosen.ci.decl.location : chosen.ci.mods.bodyEnd)
        }
        return chosen.ci.mods.isFailable
    }

    func checkInitialized(_ inst: TableInstance, upTo count: Int, at loc: SourceLocation) throws {
        var notes: [Diagnostic] = []
        for i in 0..<min(count, inst.fields.count) {
            if case .box(let b) = inst.fields[i], b === uninitializedField {
                let at = inst.type.classInfo.map { i < $0.fieldNameLocations.count ? $0.fieldNameLocations[i] : .unknown } ?? .unknown
                notes.append(.note(NoteMessage.propertyNotInitialized(inst.type.fieldNames[i]), at: at))
            }
        }
        if !notes.isEmpty {
            throw RuntimeError(DeclarationMessage.returnBeforeAllStored, at: loc, notes: notes)
        }
    }

    /// `x` in a class's method: the field of self, by slot.
    /// `selfSlot`: `self`'s slot when it is a plain local, read in place (copying the
    /// instance to read one field was a retain and a release a read: W6's `didSelect(item)`).
    func classFieldRead(_ selfRead: @escaping Eval, _ idx: Int, _ name: String, _ loc: SourceLocation,
                        selfSlot: Int? = nil, direct: Bool = false) -> Eval {
        // Unless this code reaches the storage itself (`direct`), a subclass's computed
        // override of the property answers for it (OverriddenProperties.swift).
        if let selfSlot {
            return { [core = Unretained(self)] m in
                if let v = direct ? Value.instanceField(m.pointee.fp + selfSlot, field: idx)
                    : Value.storedInstanceField(m.pointee.fp + selfSlot, field: idx) {
                    if case .box = v { return try core.object.checkField(v, name, loc) }
                    return v
                }
                return try core.object.classFieldReadSlowly(m, try selfRead(m), idx, name, loc, direct: direct)
            }
        }
        return { [core = Unretained(self)] m in
            try core.object.classFieldReadSlowly(m, try selfRead(m), idx, name, loc, direct: direct)
        }
    }

    private func classFieldReadSlowly(_ m: Ctx, _ me: Value, _ idx: Int, _ name: String, _ loc: SourceLocation,
                                      direct: Bool) throws -> Value {
        guard case .type(.table(let inst)) = me, idx < inst.fields.count else {
            throw RuntimeError(LookupMessage.cannotFindInScope(name), at: loc)
        }
        if !direct, let c = fieldOverride(inst, idx) { return try readOverriddenField(m, inst, c, name, loc) }
        let v = inst.fields[idx]
        if case .box = v { return try checkField(v, name, loc) }
        return v
    }

    /// A field that holds a marker: not yet initialized, or held by a mutating call.
    /// A weak or unowned property reads as its referent (WeakReferences.swift).
    func checkField(_ v: Value, _ name: String, _ loc: SourceLocation) throws -> Value {
        if case .box(let b) = v, b === uninitializedField {
            throw RuntimeError(AssignmentMessage.selfPropertyUsedBeforeInitialized(name), at: loc)
        }
        return try markedSlotValue(v, name, loc)
    }

    /// `obj.name` on a class instance.
    func classMember(_ v: Value, _ inst: TableInstance, _ name: String, _ cache: MemberCache, _ loc: SourceLocation, _ m: Ctx) throws -> Value {
        let t = inst.type
        if cache.type === t {
            if cache.index >= 0, cache.index < inst.fields.count {
                let x = inst.fields[cache.index]
                if case .box = x { return try checkField(x, name, loc) }
                return x
            }
            if let f = cache.function { m.push(v); return try m.invoke(f, argc: 1, location: loc) }
        }
        if t.lazyProperties[name] != nil {
            var holder = v
            if let x = try lazyRead(m, &holder, name, nil, loc) { return x }
        }
        if let i = t.fieldIndex[name], i < inst.fields.count {
            cache.type = t; cache.index = i; cache.function = nil
            let x = inst.fields[i]
            if case .box = x { return try checkField(x, name, loc) }
            return x
        }
        if let c = t.computed[name], !c.isStatic {
            let f = compiledMethod(t, c, fullName: name)
            cache.type = t; cache.index = -1; cache.function = f
            m.push(v)
            return try m.invoke(f, argc: 1, location: loc)
        }
        if let x = try hostBaseMember(inst, name, cache, loc) { return x }
        if cache.builtinProperty(name) == .hashValue, t.customHashing?.hash != nil { return .int(v.hashValue) }
        if let f = boundMethod(v, t, name, loc) { return f }
        if let h = hostBase(inst), let message = hosting.unsimulatedMember?(h, name) { throw RuntimeError(message, at: loc) }
        throw RuntimeError(RuntimeMessage.valueHasNoMember(type: t.name, member: name), at: loc)
    }

    /// `super.name(args)` and `super.init(args)` in a class that has a superclass;
    /// `self.init(args)` in a class's initializer. Nil when the call is not one of these.
    func compileClassDelegation(_ base: Expr, _ name: String, _ args: [Argument], _ scope: FnScope, _ loc: SourceLocation) -> Eval? {
        guard let t = scope.selfType, t.kind == .class else { return nil }
        let isSuper: Bool
        switch base.kind {
        case .identifier("super") where scope.findLocal("super") == nil: isSuper = true
        case .self where name == "init": isSuper = false
        default: return nil
        }
        if isSuper, let host = t.classInfo?.hostSuperclass {
            // The host's superclass: its part of the instance answers (`super.init(style:
            // reuseIdentifier:)` sets a cell up, `super.prepareForReuse()`); what it does
            // not answer is, for an initializer, nothing to set up, and otherwise one of the
            // view controller's lifecycle calls that do nothing here, or an error.
            let push = compilePushArgs(args, scope)
            let fullName = name + "(" + labelsString(args.map(\.label)) + ")"
            let method = HostMemberSite(fullName)
            let selfRead = compileIdentifier("self", scope, loc)
            let isInit = MemberName(name).intrinsic == .initializer
            let noOp = isInit || hosting.superclass?.methods.contains(name) == true
            let at = base.location
            return { [core = Unretained(self)] m in
                let argc = try push(m)
                if case .type(.table(let inst)) = try selfRead(m).unboxed,
                   let r = try core.object.callHostBaseMethod(m, inst, method.id, argc, loc) {
                    return isInit ? .void : r
                }
                m.pop(argc)
                if noOp { return .void }
                throw RuntimeError(UnsupportedMessage.superMemberNotSimulated(member: name, host: host), at: at)
            }
        }
        let labels = args.map(\.label)
        let fullName = name + "(" + labelsString(labels) + ")"
        guard let sup = isSuper ? t.classInfo?.superclass : t else {
            let name = t.name
            return { _ in throw RuntimeError(LookupMessage.superWithoutSuperclass(name), at: base.location) }
        }
        if scope.isStatic {
            return { _ in throw RuntimeError(UnsupportedMessage.staticMemberReference(type: isSuper ? "super" : "self", member: name), at: loc) }
        }
        let push = compilePushArgs(args, scope)
        let selfRead = compileIdentifier("self", scope, loc)
        let cache = MemberCache(method: name)
        if name == "init" {
            return { [core = Unretained(self), sup = Unretained(sup)] m in
                guard case .type(.table(let inst)) = try selfRead(m) else { throw RuntimeError(LookupMessage.cannotFindInScope("self"), at: loc) }
                let argc = try push(m)
                // `self.init(...)` delegates to the initializer of the instance's own class, as
                // Swift does: an inherited convenience initializer calls the subclass's override.
                try core.object.runClassInit(m, isSuper ? sup.object : inst.type, inst, labels, argc, loc)
                return .void
            }
        }
        return { [core = Unretained(self), sup = Unretained(sup)] m in
            var v = try selfRead(m)
            let argc = try push(m)
            if let r = try core.object.callUserMethod(m, &v, sup.object, name, fullName, labels, argc, true, "", cache, loc) { return r }
            m.pop(argc)
            throw RuntimeError(RuntimeMessage.valueHasNoMember(type: sup.object.name, member: name), at: loc)
        }
    }

    /// `super.name` read where the superclass's computed property is the script's: its
    /// getter runs on self (an override's own getter is skipped, as in Swift).
    func emitSuperComputedRead(_ sup: UserType, _ c: MethodSlot, _ name: String, _ scope: FnScope, _ loc: SourceLocation) -> Eval {
        let selfRead = compileIdentifier("self", scope, loc)
        return { [core = Unretained(self), sup = Unretained(sup)] m in
            let f = core.object.compiledMethod(sup.object, c, fullName: name)
            m.push(try selfRead(m))
            return try m.invoke(f, argc: 1, location: loc)
        }
    }

    /// Swift's run-time spelling in "Could not cast value of type ...": a class is
    /// qualified by its module (`casts.Animal`; Swift adds its metadata's address too).
    func castTypeName(_ v: Value) -> String {
        switch v {
        case .type(.table(let inst)) where inst.type.kind == .class: return moduleName(of: inst.type) + "." + inst.type.name
        // Swift's trap names a type with its module: `Swift.String`, `main.Row`.
        case .int, .double, .float, .bool, .string: return "Swift." + typeName(v)
        case .structValue(let s) where s.type.kind == .struct: return moduleName(of: s.type) + "." + s.type.name
        case .enumCase(let t, _): return moduleName(of: types[Int(t)]) + "." + types[Int(t)].name
        default: return typeName(v)
        }
    }

    func castTypeName(_ t: RType) -> String {
        switch t {
        case .user(let s): if let c = s.current { return moduleName(of: c) + "." + c.name }
        case .int, .double, .float, .bool, .string: return "Swift." + t.description
        default: break
        }
        return t.description
    }

    /// `a == b` on class instances: the class's own `static func ==`, else swiftc's error
    /// (a class is not Equatable unless it says how).
    func classEquals(_ m: Ctx, _ t: UserType, _ x: Value, _ y: Value, _ loc: SourceLocation) throws -> Bool {
        if declaresGlobalOperator("=="), let r = try scriptOperatorTest("==", x, y, loc) { return r }
        if let full = t.methodsByBase["=="]?.first, let slot = t.methods[full], let d = slot.decl, d.parameters.count == 2 {
            m.push(x)
            m.push(y)
            let r = try callStaticMethod(m, t, "==", full, d.parameters.map(\.label), 2, loc)
            if case .bool(let b)? = r { return b }
        }
        throw RuntimeError(PayloadMessage.binaryOperatorCannotBeApplied(op: "==", type: t.name), at: loc)
    }

    /// An extension's methods and computed properties of a class: its code runs with the
    /// class as self's type, and its subclasses (filled before) inherit them.
    func extendClass(_ t: UserType, _ members: TypeMembers) {
        for u in types where u.kind == .class && isSubclass(u, of: t) { u.classInfo?.conformances.formUnion(members.conformances) }
        extensionInitializers(t, members.initializers)
        var methods: [(String, MethodSlot)] = []
        var computed: [(String, MethodSlot)] = []
        for f in members.methods { if let s = t.methods[f.fullName] { s.owner = t; methods.append((f.fullName, s)) } }
        for p in members.properties where p.getter != nil { if let n = p.name, let s = t.computed[n] { s.owner = t; computed.append((n, s)) } }
        for u in types where u !== t && u.kind == .class && isSubclass(u, of: t) {
            for (full, s) in methods where u.methods[full] == nil || u.methods[full]?.owner.map({ !isSubclass($0, of: t) || $0 === t }) == true {
                u.methods[full] = s
                if let d = s.decl, !(u.methodsByBase[d.name]?.contains(full) ?? false) { u.methodsByBase[d.name, default: []].append(full) }
            }
            for (n, s) in computed where u.computed[n] == nil || u.computed[n]?.owner === t { u.computed[n] = s }
        }
        typeGeneration &+= 1
    }

    /// An extension's initializers of a class: convenience ones (Swift allows no other there),
    /// offered by the class and by its subclasses that declare no designated initializer
    /// (they inherit every one). It was "no exact matches in call to initializer".
    private func extensionInitializers(_ t: UserType, _ decls: [FunctionDecl]) {
        guard !decls.isEmpty, t.classInfo != nil else { return }
        var added: [ClassInit] = []
        for d in decls {
            var finder = SuperInitFinder()
            finder.walk(d.body)
            var mods = ClassMemberModifiers()
            mods.isConvenience = true
            mods.isFailable = d.failability != nil
            var ci = ClassInit(decl: d, mods: mods, owner: t, callsSuperInit: finder.callsSuper, callsSelfInit: finder.callsSelf)
            ci.inExtension = true
            added.append(ci)
        }
        func offer(_ u: UserType) {
            guard let i = u.classInfo else { return }
            i.inits.removeAll { c in added.contains { $0.decl.fullName == c.decl.fullName && $0.decl.location == c.decl.location } }
            i.inits += added
            i.chosenInits = [:]
        }
        offer(t)
        for u in types where u !== t && u.kind == .class && isSubclass(u, of: t) {
            guard let c = u.decl as? ClassDecl,
                  !c.members.initializers.contains(where: { !(c.memberModifiers[$0.location]?.isConvenience ?? false) }) else { continue }
            offer(u)
        }
    }

    @inline(__always) func arrayCount(_ v: Value) -> Int {
        if case .array(let a) = v { return a.count }
        return -1
    }

    /// After a change of a typed array property that began at `epoch` with `countBefore`
    /// elements: when the change was only an `append` to that very array (no other change
    /// through a stored property began meanwhile, the append was made during this change and
    /// to this array's storage, and the array grew by one), checks the new last element
    /// against the element type, converting it if needed, and answers true: the elements
    /// before it are the ones that were already checked. False for any other change (an
    /// `insert(_:at:)`, an assignment), which takes the check of the whole array.
    func checkedOnlyAppended(_ field: inout Value, _ ft: RType, _ epoch: Int, _ countBefore: Int, _ loc: SourceLocation) throws -> Bool {
        guard trustedAppendEpoch == epoch, modifyEpoch == epoch, countBefore >= 0, case .array(let et) = ft else { return false }
        let last: Value
        if case .array(let a) = field, let l = a.lastAfterAppend(count: countBefore + 1, identity: trustedAppendBase) {
            last = l
        } else {
            return try checkedOnlyElementAppended(&field, et, epoch, countBefore, loc)
        }
        if quickConforms(last, et) { return true }
        if case .type(.table(let x)) = last, case .user(let s) = et, let ut = s.current, isSubclass(x.type, of: ut) { return true }
        let c = try storedAs(last, et, loc)
        _ = field.withArray { $0[$0.count - 1] = c }
        return true
    }

    /// `rows[i].append(x)` on a typed `[[T]]` property: only `x` is checked.
    private func checkedOnlyElementAppended(_ field: inout Value, _ et: RType, _ epoch: Int, _ countBefore: Int,
                                            _ loc: SourceLocation) throws -> Bool {
        guard trustedElementEpoch == epoch, case .array(let inner) = et, case .array(let a) = field, a.count == countBefore,
              a.storageIdentity == trustedElementBase else { return false }
        let j = trustedElementIndex
        guard j >= 0, j < a.count, case .array(let row) = a[j], let last = row.last else { return false }
        _ = consume a
        if quickConforms(last, inner) { return true }
        if case .type(.table(let x)) = last, case .user(let s) = inner, let ut = s.current, isSubclass(x.type, of: ut) { return true }
        let c = try storedAs(last, inner, loc)
        _ = field.withArray { rows in _ = rows[j].withArray { $0[$0.count - 1] = c } }
        return true
    }

    /// After `body` changed element `n` of `array`: when the change was only an append to
    /// that element (an array), noted for `checkedOnlyElementAppended`.
    @inline(__always) func noteElementAppend(_ array: Value, _ n: Int, _ epoch: Int, _ elementCountBefore: Int) {
        guard trustedAppendEpoch == epoch, modifyEpoch == epoch, elementCountBefore >= 0, case .array(let a) = array,
              case .array(let row) = a[n], row.count == elementCountBefore + 1,
              row.storageIdentity == trustedAppendBase else { return }
        trustedElementEpoch = epoch
        trustedElementIndex = n
        trustedElementBase = a.storageIdentity
    }

    /// `append` made `array` one element longer: noted for `checkedOnlyAppended`.
    @inline(__always) func noteAppend(_ array: Value) {
        guard case .array(let a) = array else { return }
        trustedAppendEpoch = modifyEpoch
        trustedAppendBase = a.storageIdentity
    }

    /// What `print` shows for an instance: its `description` when the class (or a
    /// superclass) declares CustomStringConvertible, else Swift's `<module>.<class>`.
    /// Swift's default text of a class instance: its type's name.
    func describeInstance(_ inst: TableInstance) -> String {
        qualifiesTypeNames ? qualifiedTypeName(inst.type) : moduleName(of: inst.type) + "." + inst.type.displayName
    }

    /// Whether the host class a script class inherits from prints its objects by their
    /// `description` (an Objective-C class: NSObject is CustomStringConvertible, and its
    /// debugDescription answers description), as the host's catalogue of it says.
    func hostDescribesByDescription(_ t: UserType) -> Bool {
        guard let host = hostAncestorName(t), let catalogue = hosting.memberCatalogue?(host) else { return false }
        return catalogue.names.contains("description")
    }

    /// Every class instance reachable from the values (through collections, structs,
    /// tuples, optionals, payloads and other instances), each once.
    func reachableInstances(from roots: [Value]) -> [TableInstance] {
        var seen = Set<ObjectIdentifier>()
        var out: [TableInstance] = []
        var work = roots
        while let v = work.popLast() {
            switch v {
            case .type(.table(let inst)) where inst.type.kind == .class:
                if seen.insert(ObjectIdentifier(inst)).inserted { out.append(inst); work += inst.fields }
            case .array(let a): work += a
            case .dictionary(let d): for (k, x) in d { work.append(k); work.append(x) }
            case .set(let s): work += s
            case .structValue(let s): work += s.fields
            case .tuple(let t): work += t.elements
            case .wrapped(let x): work.append(x)
            case .payloadCase(let p): work += p.values
            case .box(let b) where b !== uninitializedField && b !== undefinedGlobal: work.append(b.value)
            default: break
            }
        }
        return out
    }

    /// `x = v`, `x += 1`, `self.x.append(y)` in a class's method: the field of self by its
    /// slot (the same in every subclass), without looking its name up.
    func classSelfFieldLValue(_ t: UserType, _ name: String, _ scope: FnScope, _ loc: SourceLocation, storeOnly: Bool = false) -> LValue? {
        guard t.kind == .class, !scope.isStatic, !scope.inPropertyInitializer, let idx = t.fieldIndex[name],
              t.lazyProperties[name] == nil, let selfLocal = scope.findLocal("self"), !selfLocal.boxed else { return nil }
        let slot = selfLocal.slot
        let ft = t.fieldTypes[idx]
        let isLet = t.fieldIsLet[idx]
        let declaredAt = t.fieldLocations[idx]
        // Swift's initializer sets the class's own properties without their observers;
        // a superclass's property set after `super.init` calls them.
        let observed = !(scope.isInitializer && t.classInfo?.superclass?.fieldIndex[name] == nil)
        let direct = scope.directStorage.reaches(idx)
        return LValue(modify: { [core = Unretained(self)] m, body in
            guard case .type(.table(let inst)) = m.pointee.fp[slot], idx < inst.fields.count else {
                throw RuntimeError(LookupMessage.cannotFindInScope(name), at: loc)
            }
            if !direct, core.object.fieldOverride(inst, idx) != nil {
                try core.object.modifyOverriddenField(m, inst, name, loc, storeOnly: storeOnly, body)
                return
            }
            if !inst.type.referenceFields.isEmpty, let strength = inst.type.referenceFields[idx],
               !(observed && core.object.observerBypass == 0 && inst.type.observers[idx].map { $0.running == 0 } == true) {
                let im: Immutability? = isLet && !core.object.isUninitialized(inst.fields[idx])
                    ? Immutability(reason: "'\(name)' is a 'let' constant", isProperty: true, declaredAt: declaredAt) : nil
                try core.object.modifyReferenceField(inst, idx, strength, im, loc, body)
                return
            }
            if case .box(let b) = inst.fields[idx], b !== uninitializedField { try core.object.checkNotHeld(inst.fields[idx], name, loc) }
            // Observers run for a write from the class's own methods too (the instance may be
            // of a subclass that added them), except inside an initializer, as in Swift.
            if observed, !inst.type.observers.isEmpty, core.object.observerBypass == 0, let o = inst.type.observers[idx], o.running == 0 {
                var holder = Value.type(.table(inst))
                try core.object.modifyObservedField(m, &holder, inst.type, idx, o, nil, loc, body)
                return
            }
            // A `let` may be set once, in an initializer (the uninitialized marker is there).
            var im: Immutability? = nil
            if isLet, !core.object.isUninitialized(inst.fields[idx]) {
                im = Immutability(reason: "'\(name)' is a 'let' constant", isProperty: true, declaredAt: declaredAt)
            }
            let countBefore = core.object.arrayCount(inst.fields[idx])
            let objectBefore: NativeObject? = if case .object(let o) = inst.fields[idx] { o } else { nil }
            core.object.modifyEpoch &+= 1
            let epoch = core.object.modifyEpoch
            try body(&inst.fields[idx], im)
            // A host object changed through the path (`tableView.delegate = self` with an
            // outlet the host connected) is not stored again: the field was not assigned.
            if let objectBefore, case .object(let o) = inst.fields[idx], o === objectBefore { return }
            if let ft, try !core.object.checkedOnlyAppended(&inst.fields[idx], ft, epoch, countBefore, loc), !core.object.quickConforms(inst.fields[idx], ft) {
                inst.fields[idx] = try core.object.storedAs(inst.fields[idx], ft, loc)
            }
        }, immutableReason: nil)
    }

    @inline(__always) func isUninitialized(_ v: Value) -> Bool {
        if case .box(let b) = v, b === uninitializedField { return true }
        return false
    }

    /// Why a class instance's field cannot be changed: a `let` that is already set.
    func classFieldImmutability(_ inst: TableInstance, _ i: Int, _ name: String) -> Immutability? {
        guard inst.type.kind == .class, inst.type.fieldIsLet[i], !isUninitialized(inst.fields[i]) else { return nil }
        return Immutability(reason: "'\(name)' is a 'let' constant", isProperty: true, declaredAt: inst.type.fieldLocations[i])
    }
}
