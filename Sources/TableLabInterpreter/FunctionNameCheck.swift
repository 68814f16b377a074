// swiftc refuses a whole program that names something nothing declares, also inside a
// function that never runs (`func f() { print(undefinedThing) }` is `cannot find
// 'undefinedThing' in scope` before anything runs). Functions compile lazily, on their first
// call; so each function, method and initializer of the unit is compiled once more here,
// before the unit runs, only to see which names fall through every lookup to the late-bound
// global read (the same place the top level's check looks, StaticEntryCheck.swift). The
// code compiled here is thrown away: the function is compiled again when first called, in
// the state it is called in. A name the host knows as a framework name it does not
// simulate stays the run-time error where it is reached: that is valid Swift.

import TableLabSyntax

/// The locations of the functions (methods and initializers included) and of the types a
/// unit declares, at any depth.
private struct UnitFunctions: SyntaxVisitor {
    var functions = Set<SourceLocation>()
    /// Where the unit's other code of types stands: subscripts, properties with observers,
    /// `deinit`s (the interpreter keeps them by type, not by unit).
    var accessors = Set<SourceLocation>()

    mutating func visit(_ node: Decl) -> SyntaxVisitorContinueKind {
        switch node {
        case .function(let f): functions.insert(f.location)
        case .struct(let x): add(x.members)
        case .enum(let x): add(x.members)
        case .class(let x):
            add(x.members)
            if x.deinitBody != nil { accessors.insert(x.deinitLocation) }
        case .extension(_, let members, _): add(members)
        default: break
        }
        return .visitChildren
    }

    private mutating func add(_ members: TypeMembers) {
        accessors.formUnion(members.subscripts.map(\.location))
        accessors.formUnion(members.properties.filter { $0.observers != nil }.map(\.location))
    }
}

extension InterpreterCore {
    /// Compiles every function of the unit ahead, collecting the names nothing resolves;
    /// each is swiftc's error, reported in source order, and the last one is thrown.
    func checkFunctionNames(_ unit: SourceUnit, declared: Set<String>) throws {
        var visitor = UnitFunctions()
        visitor.walk(unit.statements)
        let inUnit = visitor.functions
        let saved = unresolvedTopLevelNames, savedFlag = recordingFunctionNames, savedRefusals = compileTimeRefusals
        unresolvedTopLevelNames = []
        recordingFunctionNames = true
        compileTimeRefusals = []
        defer { unresolvedTopLevelNames = saved; recordingFunctionNames = savedFlag; compileTimeRefusals = savedRefusals }
        var unresolved: [(name: String, at: SourceLocation)] = []
        // The comparisons swiftc refuses from declarations alone (EqualityCheck.swift).
        let savedEquality = staticEqualityErrors
        staticEqualityErrors = []
        defer { staticEqualityErrors = savedEquality }
        // A name some local of the function binds is never a missing global: when its
        // declaration could not compile (a type TableLab lacks), that error comes first
        // when it runs.
        // In a subclass of a host class, a name may be a member of the host's class the host
        // does not list: such names are kept apart with what the function binds, and only a
        // near miss of a name in view is reported (hostSubclassLacks).
        var inHostSubclasses: [(name: String, at: SourceLocation, type: UserType, locals: Set<String>)] = []
        func check(_ d: FunctionDecl, _ selfType: UserType?, isStatic: Bool, _ displayName: String) {
            unresolvedTopLevelNames = []
            // Each function checked is a type's own (`forEachMemberFunction` skips protocol
            // extensions' defaults): `self` is typed as when it is compiled to run.
            _ = compileFunction(d, selfType: selfType, isStaticContext: isStatic, displayName: displayName, typedSelf: selfType != nil)
            let locals = Resolver.resolve(parameters: d.parameters, body: d.body).boundNames
            let found = (unresolvedTopLevelNames ?? []).filter { !locals.contains($0.name) }
            if let t = selfType, inheritsUnknownMembers(t) {
                inHostSubclasses += found.map { ($0.name, $0.at, t, locals) }
            } else {
                unresolved += found
            }
        }
        for cells in functionsByBase.values {
            for cell in cells where cell.native == nil {
                guard let d = cell.decl, inUnit.contains(d.location) else { continue }
                check(d, nil, isStatic: false, cell.fullName)
            }
        }
        let types: [UserType] = typeSlots.values.compactMap(\.current)
        var seen = Set<ObjectIdentifier>()
        let distinctTypes = types.filter { seen.insert(ObjectIdentifier($0)).inserted }
        // Stored properties' defaults and annotations (PropertyNameCheck.swift).
        let properties = propertyNames(unit, types: distinctTypes)
        unresolved += properties.unresolved
        for t in distinctTypes where !inheritsUnknownMembers(t) || hostAncestorName(t) != nil {
            forEachMemberFunction(of: t, functions: inUnit, accessors: visitor.accessors, check)
        }
        // An extension of a host class names that class's members bare, as a subclass does.
        for h in protocols.builtinExtensions.values.sorted(by: { $0.name < $1.name }) where hostClassExtended(by: h) != nil {
            forEachMemberFunction(of: h, functions: inUnit, accessors: visitor.accessors, check)
        }
        var found: [(name: String, at: SourceLocation)] = []
        var reported = Set<String>()
        for (name, at) in unresolved where !declared.contains(name) && !isDeclaredNow(name) {
            if hosting.missingName?(name) != nil || StandardLibraryNames.all.contains(name) { continue }
            if isStaticMemberOfSomeType(name) { continue }
            if reported.insert("\(name)@\(at)").inserted { found.append((name, at)) }
        }
        for (name, at, t, locals) in inHostSubclasses where !declared.contains(name) && !isDeclaredNow(name) {
            if hosting.missingName?(name) != nil || StandardLibraryNames.all.contains(name) { continue }
            if isStaticMemberOfSomeType(name) || !hostSubclassLacks(t, name, locals: locals.union(declared)) { continue }
            if reported.insert("\(name)@\(at)").inserted { found.append((name, at)) }
        }
        found.sort { ($0.at.line, $0.at.column) < ($1.at.line, $1.at.column) }
        var errors = found.map { f in
            StandardLibraryMemberData.unavailable[f.name].map { RuntimeError(RuntimeMessage.unavailable(text: $0), at: f.at) }
                ?? RuntimeError(EntryMessage.cannotFindInScope(f.name), at: f.at)
        }
        errors += Self.distinctByPlace(staticEqualityErrors ?? []) + properties.unknownTypes + unknownParameterTypes(unit)
            + inheritedNameErrors(unit)
        // The compile sites' errors (a call its arguments do not fit) are listed with the
        // missing names, as swiftc lists both; the functions compile in no particular order,
        // swiftc lists by place (a statement's missing names first).
        errors += compileTimeRefusals ?? []
        try throwInSwiftcOrder(errors.map(refusingGeneratedClass), unit)
    }
}

extension InterpreterCore {
    /// One error per place: a function compiled twice (a method reached from two types'
    /// tables) records its comparisons twice.
    static func distinctByPlace(_ errors: [RuntimeError]) -> [RuntimeError] {
        var seen = Set<SourceLocation>()
        return errors.filter { seen.insert($0.diagnostic.location).inserted }
    }

    /// Whether a type's own code may name members TableLab does not know: one that
    /// inherits from a framework class (`addSubview`, `topAnchor` in a cell subclass), or
    /// an extension of a built-in or framework type. Its unknown names stay run-time
    /// errors where they are reached.
    func inheritsUnknownMembers(_ t: UserType) -> Bool {
        if hostClassName(t) != nil || protocols.builtinExtensions[t.name] === t { return true }
        var s = t.classInfo?.superclass
        while let c = s {
            if hostClassName(c) != nil { return true }
            s = c.classInfo?.superclass
        }
        return false
    }
}

extension InterpreterCore {
    /// The host class at the root of a script class's superclasses (`UITableViewCell` for
    /// `class MyCell: UITableViewCell`); nil for a type without one, or an extension of a
    /// built-in or framework type.
    func hostAncestorName(_ t: UserType) -> String? {
        if protocols.builtinExtensions[t.name] === t { return nil }
        var current: UserType? = t
        while let c = current {
            if let h = hostClassName(c) { return h }
            current = c.classInfo?.superclass
        }
        return nil
    }

    /// The host class that `t` holds the script's extension of (`UITableViewCell` for
    /// `extension UITableViewCell { ... }`); nil for any other type.
    func hostClassExtended(by t: UserType) -> String? {
        guard t.kind == .class, protocols.builtinExtensions[t.name] === t else { return nil }
        return t.classInfo?.hostSuperclass
    }

    /// Whether a name that nothing resolves inside a method of a host class's subclass is
    /// surely missing there, as swiftc says `cannot find 'titel' in scope`: the host's
    /// catalogue of its class does not list it, the script extends none of that class's
    /// lineage, and it is a near miss of a name in view (the class's members, UIKit's, what
    /// the function binds, the session's globals). The catalogue is of the UIKit stub, which
    /// leaves some of UIKit out: a name far from all of them is left to the run.
    func hostSubclassLacks(_ t: UserType, _ name: String, locals: Set<String>) -> Bool {
        guard let host = hostAncestorName(t) ?? hostClassExtended(by: t), let catalogue = hosting.memberCatalogue?(host),
              !catalogue.names.contains(name), !NearMisses.implicitMembers.contains(name) else { return false }
        // The members the script's extensions of the lineage's classes declare are in view
        // (below); an extension of one of its protocols may give members TableLab does not list.
        let extendsLineage = catalogue.lineage.contains {
            (protocols.builtinExtensions[$0] != nil && hostExtensionHolder($0) == nil) || protocols.protocols[$0] != nil
        }
        // A type's name (`DarkModeCell.self`) is no member the catalogue may have left out:
        // UIKit's members are lower camel case, its nested types are in the catalogue, and
        // any type the script could name is Swift's, Foundation's, Apple's or its own.
        if Self.isTypeLikeName(name), !locals.contains(name), surelyNoInheritedType(name) { return true }
        guard !extendsLineage else { return false }
        var inView = Set(catalogue.names.map { n in n.firstIndex(of: "(").map { String(n[..<$0]) } ?? n })
        inView.formUnion(locals)
        var current: UserType? = t
        while let c = current {
            inView.formUnion(c.fieldNames)
            inView.formUnion(c.methodsByBase.keys)
            inView.formUnion(c.computed.keys)
            current = c.classInfo?.superclass
        }
        for holder in catalogue.lineage.compactMap({ hostExtensionHolder($0) }) {
            inView.formUnion(holder.fieldNames)
            inView.formUnion(holder.methodsByBase.keys)
            inView.formUnion(holder.computed.keys)
            inView.formUnion(holder.staticStored.keys)
        }
        inView.formUnion(functionsByBase.keys)
        // A global slot an unresolved use made (this name's among them) declares nothing.
        inView.formUnion(globalIndex.keys.filter { globalDeclarations[globalIndex[$0]!] != nil || isDeclaredNow($0) })
        inView.formUnion(typeSlots.keys)
        inView.remove(name)
        // The catalogue is the UIKit stub's, which leaves real members out (`layer`,
        // `transform`: valid in a cell subclass on iOS), and the SDK's C globals are in
        // scope too (`arc4random_uniform`, `CGFLOAT_MAX`): only a name nothing of Apple's
        // can spell is missing for sure, whatever its distance from the names in view.
        if !importsUnknownModule, Self.cannotNameAppleDeclaration(name) { return true }
        if !TypoCorrection.candidates(for: name, among: inView.sorted()).isEmpty { return true }
        return isOneEditFromHostMember(name)
    }

    /// A name one edit from a member some host class has (`tittle`: UIViewController's
    /// `title`) that no catalogue lists is a misspelling, not a member the stub leaves out:
    /// UIKit's members the stub lacks (`layer`, `accessibilityTraits`, `splitViewController`)
    /// are two edits or more from every member it lists. A short name (`pow`, `row`) may be
    /// some other module's global.
    func isOneEditFromHostMember(_ name: String) -> Bool {
        guard name.utf8.count >= 5, !importsUnknownModule else { return false }
        let all = hosting.everyMemberName()
        let written = Array(name.utf8)
        return all.contains { member in
            let m = Array(member.utf8)
            return abs(m.count - written.count) <= 1 && TypoCorrection.editDistance(written, m, max: 1) <= 1
        } && !all.contains(name)
    }

    /// A name no declaration of the iOS SDK has: its members and globals are Objective-C's
    /// and C's, in ASCII (`größe`, `tätig` are not; `row_count` may be a C function's).
    static func cannotNameAppleDeclaration(_ name: String) -> Bool {
        name.unicodeScalars.contains { !$0.isASCII }
    }

    /// A name spelled as Swift spells types: a capital letter, then at least one lower-case
    /// letter (`DarkModeCell`; not `URL` or a script's `MAX` constant).
    static func isTypeLikeName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, ("A"..."Z").contains(first) else { return false }
        return name.unicodeScalars.contains { ("a"..."z").contains($0) }
    }

    /// Whether a type of the script has a case or a static member of that name: a type
    /// nested in it names those unqualified in valid Swift, which TableLab does not resolve
    /// yet (its run-time error stays where it is reached).
    func isStaticMemberOfSomeType(_ name: String) -> Bool {
        typeSlots.values.contains { slot in
            guard let t = slot.current else { return false }
            if t.caseIndex[name] != nil || t.staticStored[name] != nil || t.computed[name]?.isStatic == true { return true }
            return t.methodsByBase[name]?.contains { t.methods[$0]?.isStatic == true } == true
        }
    }
}

extension InterpreterCore {
    /// Calls `check` on each function a type declares in this unit, in the order swiftc's
    /// errors are collected: methods, initializers, computed properties' accessors, lazy
    /// properties' initializers, subscripts, observers, the deinitializer.
    /// `functions`, `accessors`: where the unit's functions and accessors start.
    func forEachMemberFunction(of t: UserType, functions: Set<SourceLocation>, accessors: Set<SourceLocation>,
                               _ check: (FunctionDecl, UserType?, _ isStatic: Bool, _ displayName: String) -> Void) {
        for slot in t.methods.values where slot.owner == nil || slot.owner === t {
            guard let d = slot.decl, !slot.isDefault, functions.contains(d.location) else { continue }
            check(d, t, d.isStatic, "\(t.name).\(d.fullName)")
        }
        for d in t.initializers where functions.contains(d.location) {
            check(d, t, false, "\(t.name).init")
        }
        // Computed properties' getters and setters and lazy properties' initializers
        // declared by this unit (their slots carry its file; a class's are owned by it).
        for (name, slot) in t.computed.sorted(by: { $0.key < $1.key })
        where (slot.owner == nil || slot.owner === t) && slot.file === currentFile && currentFile != nil {
            if let g = slot.getter, let first = g.first {
                let f = FunctionDecl(name: name, parameters: [], returnType: slot.type, body: g, isStatic: slot.isStatic,
                                     location: first.location)
                check(f, t, slot.isStatic, "\(t.name).\(name)")
            }
            if let (parameter, body) = slot.setter, let first = body.first {
                let p = Parameter(label: nil, name: parameter, type: slot.type, defaultValue: nil, location: first.location)
                let f = FunctionDecl(name: name, parameters: [p], returnType: nil, body: body, isStatic: slot.isStatic,
                                     isMutating: t.kind == .struct && !slot.isStatic, location: first.location)
                check(f, t, slot.isStatic, "\(t.name).\(name).setter")
            }
        }
        for (name, lazy) in t.lazyProperties.sorted(by: { $0.key < $1.key })
        where lazy.initializer.file === currentFile && currentFile != nil {
            guard let g = lazy.initializer.getter, let first = g.first else { continue }
            let f = FunctionDecl(name: name, parameters: [], returnType: lazy.initializer.type, body: g, location: first.location)
            check(f, t, false, "\(t.name).\(name)")
        }
        for s in t.subscripts where accessors.contains(s.decl.location) {
            let d = s.decl
            check(FunctionDecl(name: "subscript", parameters: d.parameters, returnType: d.returnType, body: d.getter,
                               isStatic: d.isStatic, location: d.location), t, d.isStatic, "\(t.name).subscript")
            if let (parameter, body) = d.setter {
                let p = Parameter(label: nil, name: parameter, type: d.returnType, defaultValue: nil, location: d.location)
                check(FunctionDecl(name: "subscript", parameters: d.parameters + [p], returnType: nil, body: body,
                                   isStatic: d.isStatic, isMutating: t.kind == .struct && !d.isStatic && !d.setterIsNonmutating,
                                   location: d.location), t, d.isStatic, "\(t.name).subscript.setter")
            }
        }
        for o in t.observers.values where accessors.contains(o.location) && (o.owner == nil || o.owner === t) {
            for (did, code) in [(false, o.willSet), (true, o.didSet)] {
                guard let (parameter, body) = code else { continue }
                let p = Parameter(label: nil, name: parameter, type: o.type, defaultValue: nil, location: o.location)
                check(FunctionDecl(name: did ? "didSet" : "willSet", parameters: [p], returnType: nil, body: body,
                                   isMutating: t.kind == .struct, location: o.location),
                      t, false, "\(t.name).\(o.name).\(did ? "didset" : "willset")")
            }
        }
        if let slot = t.classInfo?.deinitSlot, let d = slot.decl, accessors.contains(d.location) {
            check(d, t, false, "\(t.name).deinit")
        }
    }
}
