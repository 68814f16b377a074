// Hoisting of types and functions, and lazy compilation of function bodies.

import TableLabSyntax
import TableLabExhaustiveness

extension InterpreterCore {
    /// Registers every top-level type and function of a unit before any statement runs.
    /// `alsoScan`: the unit's other top-level statements, whose closures and blocks may
    /// declare local types (LocalTypes.swift).
    /// `carry: false` leaves the session's values with the types they had and returns those
    /// types; the caller carries them (`carryValuesAcross`) once the unit has compiled.
    @discardableResult
    func hoist(_ stmts: [Stmt], alsoScan: [Stmt] = [], carry: Bool = true) throws -> [String: UserType] {
        let before = typesBeforeRedeclaration()
        var typeDecls: [(UserType, Decl)] = []
        try hoistProtocols(stmts)
        for s in stmts {
            if case .declaration(let d) = s.kind { declareType(d, into: &typeDecls) }
        }
        for d in try localTypeDeclarations(stmts, alsoScan: alsoScan) { declareType(d, into: &typeDecls) }
        for s in stmts {
            if case .declaration(.function(let f)) = s.kind { declareFunction(f) }
        }
        // Conformances to check once every member is in place (Protocols.swift).
        var declared: [(UserType, [String], SourceLocation)] = []
        for (t, d) in typeDecls {
            switch d {
            case .enum(let e):
                noteConformances(t, e.conformances)
                // A generic enum's parameters (`enum Box<T> { case full(T) }`) are in scope
                // while its payloads are resolved: `T` stands for any value, as in a struct.
                let depth = try noteGenerics(t, e.members)
                defer { endGenerics(depth) }
                try fillEnum(t, e)
                declared.append((t, e.conformances, typeNameLocation(e.location, .enum)))
            case .struct(let s):
                noteConformances(t, s.conformances)
                t.decl = s
                let depth = try noteGenerics(t, s.members)
                fillMembers(t, s.members)
                endGenerics(depth)
                declared.append((t, s.conformances, typeNameLocation(s.location, .struct)))
            case .table(let tb):
                noteConformances(t, tb.members.conformances)
                t.decl = tb
                fillMembers(t, tb.members)
                declared.append((t, tb.members.conformances, typeNameLocation(tb.location, .table)))
            default: break
            }
        }
        try fillClasses(typeDecls)
        try checkWeakProperties(stmts)
        try checkCircularDefaults(stmts)
        if checksDeclarations {
            // The typed part of the check reads the unit's globals too (`cbs += [cb]`).
            try checkStoredNonEscapingParameters(stmts, unit: {
                (stmts + alsoScan).sorted { ($0.location.line, $0.location.column) < ($1.location.line, $1.location.column) }
            })
            // An untyped `var r = R()` without R's implicit initializer is that error first (as swiftc).
            try checkImplicitInitializerCycles(stmts)
            try checkRecursiveValueTypes(stmts)
        }
        try hoistExtensions(stmts, into: &declared)
        // A class's conformances: its inheritance clause but the superclass.
        for (t, d) in typeDecls {
            guard case .class(let c) = d else { continue }
            var names = c.inherited
            if let first = names.first, let st = userType(genericBaseName(first)), st.kind == .class { names.removeFirst() }
            noteConformances(t, names)
            declared.append((t, names, typeNameLocation(c.location, .class)))
        }
        let requests = conformanceRequests(typeDecls, stmts)
        if checksDeclarations { try checkSynthesizedConformances(requests) }
        try finishProtocols(declared)
        for (t, _) in typeDecls { try checkShadowedExtensionMembers(t, at: typeNameLocation(t.location, t.kind)) }
        try checkGenericDeclarations(stmts)
        if carry { carryValuesAcross(before) }
        return before
    }

    /// Makes the type a declaration names (and the types nested in it) known by name,
    /// before any member is filled in: members may name each other's types.
    /// `enclosing` is the name of the type (or extension) the declaration is nested in,
    /// kept for Swift's qualified spelling (`main.Outer.Inner`, QualifiedNames.swift).
    private func declareType(_ d: Decl, enclosing: String? = nil, into typeDecls: inout [(UserType, Decl)]) {
        switch d {
        case .enum(let e):
            let t = newType(kind: .enum, name: e.name)
            t.location = e.location
            t.enclosingName = enclosing
            typeDecls.append((t, d))
            for n in e.members.nestedTypes { declareType(n, enclosing: e.name, into: &typeDecls) }
        case .struct(let s):
            let t = newType(kind: .struct, name: s.name)
            t.location = s.location
            t.enclosingName = enclosing
            typeDecls.append((t, d))
            for n in s.members.nestedTypes { declareType(n, enclosing: s.name, into: &typeDecls) }
        case .table(let tb):
            let t = newType(kind: .table, name: tb.name)
            t.location = tb.location
            t.enclosingName = enclosing
            typeDecls.append((t, d))
            for n in tb.members.nestedTypes { declareType(n, enclosing: tb.name, into: &typeDecls) }
        case .class(let c):
            let t = newType(kind: .class, name: c.name)
            t.location = c.location
            t.enclosingName = enclosing
            typeDecls.append((t, d))
            for n in c.members.nestedTypes { declareType(n, enclosing: c.name, into: &typeDecls) }
        case .extension(let name, let m, _):
            // Types nested in an extension are known by their own name, as in a type.
            for n in m.nestedTypes { declareType(n, enclosing: name, into: &typeDecls) }
        default: break
        }
    }

    /// The members and conformances that extensions add, once every type is known.
    private func hoistExtensions(_ stmts: [Stmt], into declared: inout [(UserType, [String], SourceLocation)]) throws {
        for s in stmts {
            if case .declaration(.extension(let written, let members, let loc)) = s.kind {
                let name = nestedTypeName(written) ?? written
                if try hoistSpecialExtension(name, members, loc) { continue }
                if let h = try hoistHostClassExtension(name, members, loc) { declared.append((h, members.conformances, loc)); continue }
                if userType(name) == nil, isProtocolName(name) || isKnownExternal(name) {
                    throw RuntimeError(UnsupportedMessage.extensionOf(name), at: loc)
                }
                guard let t = userType(name) else {
                    throw RuntimeError(LookupMessage.cannotFindTypeInScope(name), at: loc)
                }
                // Its instances' storage is fixed by the type's declaration: swiftc refuses one
                // here (TableLab gave every instance a field). A class's `@NSManaged var` is
                // Core Data's storage, declared as a class body's is (Xcode's generated
                // `Entity+CoreDataProperties.swift` is such an extension).
                if let p = members.properties.first(where: { $0.getter == nil && !$0.isStatic && !($0.isManaged && t.kind == .class) }) {
                    throw RuntimeError(DeclarationMessage.extensionStoredProperty, at: p.location)
                }
                if protocols.genericParameters[t.id] != nil { try refuseStaticStorage(members) }
                if let r = members.whereClause.first {
                    guard let req = try genericExtensionRequirement(t, members, loc) else {
                        throw RuntimeError(UnsupportedMessage.whereOnExtension(name), at: r.location)
                    }
                    try noteGenericMemberRequirements(t, members, req)
                }
                noteConformances(t, members.conformances)
                noteMemberAliases(t, members)
                fillMembers(t, members)
                if t.kind == .class { extendClass(t, members) }
                declared.append((t, members.conformances, loc))
            }
        }
    }

    /// `Notification.Name` of `extension Notification.Name`: nested types are known by their
    /// own name, so the extension extends the type that name holds when it is nested where written.
    private func nestedTypeName(_ written: String) -> String? {
        guard let dot = written.lastIndex(of: "."), !written.contains("<") else { return nil }
        let last = String(written[written.index(after: dot)...])
        let enclosing = written[..<dot].split(separator: ".").last.map(String.init)
        guard let t = userType(last), t.enclosingName == enclosing else { return nil }
        return last
    }

    /// Where a property's `let`/`var` keyword most likely is: the declaration records the
    /// name's position, and the keyword is written one space before it.
    func keywordLocation(_ p: VariableDecl) -> SourceLocation {
        SourceLocation(line: p.location.line, column: max(1, p.location.column - 4))
    }

    /// The type of `[Int?]()`, `[String: Int]()`, `Array<Item>()`: written in the initializer,
    /// and needed later (an `[Int?]` stores `Optional(1)` when given `1`).
    func emptyCollectionType(_ e: Expr?) -> RType? {
        guard let e, case .call(let callee, let args) = e.kind, args.isEmpty, case .arrayType(let t) = callee.kind else { return nil }
        switch t {
        case .array, .dictionary: return resolveType(t)
        default: return nil
        }
    }

    /// The literal type (`LiteralTyping.checkedLocal`) of the variable `target` names, when it is a
    /// local, a capture, or (outside a type's members, where a property may be meant) a global.
    func assignedLiteralType(_ target: Expr, _ scope: FnScope) -> RType? {
        guard case .identifier(let n) = target.kind else { return nil }
        if let l = scope.findLocal(n) { return l.literalType }
        if scope.parent != nil, let (_, l) = scope.findCapture(n) { return l.literalType }
        guard scope.selfType == nil, let g = globalIndex[n], let d = globalDeclarations[g], d.type == nil else { return nil }
        if let t = initializerResultType(d.initializer, nil) { return assignmentChecks(t) ? t : nil }
        guard globalCopiedTypes[g] == nil else { return nil }
        return literalType(d.initializer, taking: .checkedLocal)
    }

    /// The type Swift gives a declaration from its literal value, of the literals `kinds`
    /// takes (`LiteralTyping`): where a stored property takes every literal's type, a local
    /// keeps some for what it declares and some for what a later assignment is checked against.
    func literalType(_ e: Expr?, taking kinds: LiteralTyping = .storedProperty) -> RType? {
        guard let e else { return nil }
        switch e.kind {
        case .integer: return kinds.contains(.integer) ? .int : nil
        case .double: return kinds.contains(.double) ? .double : nil
        case .string: return kinds.contains(.string) ? .string : nil
        case .boolean: return kinds.contains(.boolean) ? .bool : nil
        case .unary(.negate, let x):
            switch x.kind {
            case .integer: return kinds.contains(.negativeInteger) ? .int : nil
            case .double: return kinds.contains(.negativeDouble) ? .double : nil
            default: return nil
            }
        case .array(let items):
            // `[0.5, 1]`: numbers, one of them a Double.
            if kinds.contains(.doubleArray), items.allSatisfy(Self.isNumberLiteral), items.contains(where: Self.isDoubleLiteral) {
                return .array(.double)
            }
            guard kinds.contains(.uniformCollection) else { return nil }
            return uniformElementType(items).map(RType.array)
        case .dictionary(let pairs):
            guard kinds.contains(.uniformCollection), let k = uniformElementType(pairs.map(\.key)),
                  let v = uniformElementType(pairs.map(\.value)) else { return nil }
            return .dictionary(k, v)
        case .call:
            return kinds.contains(.emptyCollection) ? emptyCollectionType(e) : nil
        case .tuple(let els) where kinds.contains(.labelledTuple) && els.contains(where: { $0.label != nil }):
            // `(x: 0, y: 0)`: later `p = (1, 2)` takes the labels (it printed `(1, 2)`).
            return .labelledTuple(labels: els.map(\.label), elements: els.map { literalType($0.value, taking: kinds) ?? .any })
        case .member(let b, let name):
            // `Row.wifi` is a Row; `Row.allCases` or another static member is not.
            guard kinds.contains(.enumCase), case .identifier(let n) = b.kind, let slot = typeSlots[n], let t = slot.current,
                  t.kind == .enum, t.caseIndex[name] != nil else { return nil }
            return .user(slot)
        default:
            return nil
        }
    }

    /// The one type every element of a collection literal has by its spelling alone (`[1,
    /// 2]`, `["a"]`, `[Kind.a, .b]`, `[Row(title: "x")]`), which Swift infers for the
    /// collection; nil when they differ or one does not tell (a variable, `nil`, a call).
    private func uniformElementType(_ items: [Expr]) -> RType? {
        guard !items.isEmpty else { return nil }
        var found: RType? = nil
        var implicitMembers: [String] = []
        for x in items {
            let t: RType
            switch x.kind {
            case .integer: t = .int
            case .string: t = .string
            case .boolean: t = .bool
            case .unary(.negate, let y):
                guard case .integer = y.kind else { return nil }
                t = .int
            case .implicitMember(let name): implicitMembers.append(name); continue
            case .member:
                guard case .user(let s)? = literalType(x, taking: .enumCase) else { return nil }
                t = .user(s)
            case .call(let callee, _):
                // `Row(...)`: a script struct's initializer (a class's may make a subclass).
                guard case .identifier(let n) = callee.kind, let s = typeSlots[n], let st = s.current, st.kind == .struct,
                      protocols.genericParameters[st.id] == nil else { return nil }
                t = .user(s)
            // `[(a: 1, b: 2)]`: the labels are the elements' type (its elements' types are not
            // told here, so nothing is checked against them).
            case .tuple(let els) where els.contains(where: { $0.label != nil }):
                t = .labelledTuple(labels: els.map(\.label), elements: els.map { _ in .any })
            default: return nil
            }
            if let f = found, !Self.sameLiteralType(f, t) { return nil }
            found = t
        }
        guard let found else { return nil }
        if !implicitMembers.isEmpty {
            guard case .user(let s) = found, let e = s.current, e.kind == .enum,
                  implicitMembers.allSatisfy({ e.caseIndex[$0] != nil }) else { return nil }
        }
        return found
    }

    private static func sameLiteralType(_ a: RType, _ b: RType) -> Bool {
        switch (a, b) {
        case (.int, .int), (.string, .string), (.bool, .bool): return true
        case (.user(let x), .user(let y)): return x === y
        case (.labelledTuple(let x, _), .labelledTuple(let y, _)): return x == y
        default: return false
        }
    }

    private static func isDoubleLiteral(_ x: Expr) -> Bool {
        switch x.kind {
        case .double: return true
        case .unary(.negate, let y): if case .double = y.kind { return true }; return false
        default: return false
        }
    }

    private static func isNumberLiteral(_ x: Expr) -> Bool {
        switch x.kind {
        case .integer, .double: return true
        case .unary(.negate, let y):
            switch y.kind {
            case .integer, .double: return true
            default: return false
            }
        default: return false
        }
    }

    func declareFunction(_ f: FunctionDecl) {
        let full = f.declarationKey
        if let c = functions[full] {
            journalFunction(full, existing: c, new: nil)
            c.decl = f
            c.file = currentFile
            c.compiled = nil
            c.native = nil
            return
        }
        let c = FunctionCell(fullName: f.fullName, baseName: f.name, labels: f.parameters.map(\.label))
        c.decl = f
        c.file = currentFile
        journalFunction(full, existing: nil, new: c)
        functions[full] = c
        functionsByBase[f.name, default: []].append(c)
    }

    func fillEnum(_ t: UserType, _ e: EnumDecl) throws {
        t.decl = e
        // A value of an enum is its case alone: swiftc refuses storage beside it (TableLab
        // gave each value a field).
        if let p = e.members.properties.first(where: { $0.getter == nil && !$0.isStatic }) {
            throw RuntimeError(DeclarationMessage.enumStoredProperty, at: p.location)
        }
        var raw: [Value] = []
        let rawType = e.rawType.map(resolveType)
        t.rawType = rawType
        // The next implicit Int raw value; nil once it has passed Int.max.
        var nextInt: Int? = 0
        // Where each raw value came from, for swiftc's "not unique" error and its notes.
        var seen: [Value: (at: SourceLocation, incrementedFrom: SourceLocation?)] = [:]
        var lastExplicit: SourceLocation? = nil
        func incremented(_ n: Int) -> Int? {
            let r = n.addingReportingOverflow(1)
            return r.overflow ? nil : r.partialValue
        }
        t.enumTraits = EnumTraits(e)
        for (i, c) in e.cases.enumerated() {
            t.caseNames.append(c.name)
            t.caseIndex[c.name] = Int32(i)
            t.caseLocations.append(c.location)
            guard let rawType else { continue }
            var value: Value
            var at = c.location
            var from: SourceLocation? = nil
            if let r = c.rawValue {
                at = r.location
                lastExplicit = r.location
                switch r.kind {
                case .integer(let n): value = .int(n); nextInt = incremented(n)
                case .string(let segs):
                    var s = ""
                    for seg in segs { if case .text(let x) = seg { s += x } }
                    value = .string(s)
                case .double(let d): value = .double(d)
                case .unary(.negate, let x):
                    if case .integer(let n) = x.kind { value = .int(-n); nextInt = incremented(-n) } else { value = .void }
                case .boolean(let b): value = .bool(b)
                default: value = .void
                }
                // `case whole = 1` of an `enum Ratio: Double` is 1.0 (it printed 1).
                switch (rawType, value) {
                case (.double, .int(let n)): value = .double(Double(n))
                case (.float, .int(let n)): value = .float(Float(n))
                case (.float, .double(let d)): value = .float(Float(d))
                default: break
                }
            } else {
                switch rawType {
                case .int, .double, .float:
                    var isInt = false
                    if case .int = rawType { isInt = true }
                    guard let n = nextInt else {
                        throw RuntimeError(ConversionMessage.literalOverflowsInt64(isInt ? "Int" : "Double"), at: c.location)
                    }
                    if case .float = rawType { value = .float(Float(n)) } else { value = isInt ? .int(n) : .double(Double(n)) }
                    nextInt = incremented(n)
                    from = lastExplicit ?? c.location
                default: value = .string(c.name)
                }
            }
            if case .void = value {} else if let previous = seen[value] {
                var notes: [Diagnostic] = []
                if let from, lastExplicit != nil { notes.append(.note(NoteMessage.rawValueIncrementedFromHere, at: from)) }
                notes.append(.note(NoteMessage.rawValuePreviouslyUsed, at: previous.at))
                if let pf = previous.incrementedFrom {
                    notes.append(pf == previous.at ? .note(NoteMessage.rawValueIncrementedFromZero, at: pf)
                                                   : .note(NoteMessage.rawValueIncrementedFromHere, at: pf))
                }
                throw RuntimeError(DeclarationMessage.rawValueNotUnique, at: at, notes: notes)
            } else {
                seen[value] = (at, from)
            }
            raw.append(value)
        }
        if rawType != nil { t.rawValues = raw }
        try fillCasePayloads(t, e)
        fillMembers(t, e.members)
    }

    func fillMembers(_ t: UserType, _ m: TypeMembers) {
        for p in m.properties {
            if p.isManaged, t.managedProperty == nil { t.managedProperty = p.name }
            if p.isImplicitlyUnwrapped, let n = p.name {
                implicitUnwrapping.names.insert(n)
                t.implicitlyUnwrappedMembers.insert(n)
                if Self.isClosureType(p.type) { implicitUnwrapping.closureNames.insert(n) }
            }
            if let g = p.getter {
                if let n = p.name {
                    let slot = MethodSlot(getter: g, setter: p.setter, isStatic: p.isStatic, type: p.type)
                    slot.file = currentFile
                    slot.setterIsNonmutating = p.setterIsNonmutating
                    t.computed[n] = slot
                }
            } else if p.isStatic {
                if let n = p.name {
                    let slot = globalSlot("\(t.name).\(n)")
                    t.staticStored[n] = slot
                    journalGlobal(slot)
                    globalIsLet[slot] = p.isLet
                    globalDeclLocations[slot] = keywordLocation(p)
                    globalTypes[slot] = p.type.map(resolveType)
                    globalDeclarations[slot] = (p.type, p.initializer)
                    staticInits.append((slot, p, t))
                }
            } else if t.kind != .enum, p.isLazy, let n = p.name, let initial = p.initializer {
                let declared = p.type.map(resolveType) ?? literalType(initial)
                let storageName = LazyProperty.storagePrefix + n
                let index: Int
                if let i = t.fieldIndex[storageName] { index = i } else {
                    index = t.fieldNames.count
                    t.fieldIndex[storageName] = index
                    t.fieldNames.append(storageName)
                    t.fieldIsLet.append(false)
                    t.fieldTypes.append(nil)
                    t.fieldDefaults.append(nil)
                    t.fieldLocations.append(keywordLocation(p))
                }
                t.fieldTypes[index] = .optional(declared ?? .any)
                t.fieldDefaults[index] = Expr(.nil, at: p.location)
                t.fieldLocations[index] = keywordLocation(p)
                let initializer = MethodSlot(getter: [Stmt(.return(initial), at: initial.location)], setter: nil,
                                             isStatic: false, type: p.type)
                initializer.file = currentFile
                t.lazyProperties[n] = LazyProperty(storage: index, type: declared, initializer: initializer)
                lazyNames.insert(n)
            } else if t.kind != .enum, let n = p.name {
                let declared = p.type.map(resolveType) ?? literalType(p.initializer)
                if let i = t.fieldIndex[n] {
                    t.fieldIsLet[i] = p.isLet
                    t.fieldTypes[i] = declared
                    t.fieldDefaults[i] = p.initializer
                    t.fieldLocations[i] = keywordLocation(p)
                } else {
                    t.fieldLocations.append(keywordLocation(p))
                    t.fieldIndex[n] = t.fieldNames.count
                    t.fieldNames.append(n)
                    t.fieldIsLet.append(p.isLet)
                    t.fieldTypes.append(declared)
                    t.fieldDefaults.append(p.initializer)
                }
                if t.kind == .class, let i = t.fieldIndex[n] { t.referenceFields[i] = referenceStrength(p) }
            }
            if p.isPrivateSet, let n = p.name { t.privateSetters.insert(n); declaresPrivateSetters = true }
            registerPropertyObservers(t, p)
        }
        for f in m.methods {
            // Operators are overloaded by their parameter types (`* (Money, Int)` beside
            // `* (Money, Money)`): a second one of the same labels gets a slot of its own,
            // and the operator search picks by the operands' types (UserOperators.swift).
            var full = f.fullName
            if f.isOperator, let old = t.methods[full]?.decl, old.declarationKey != f.declarationKey { full = f.declarationKey }
            if f.isStatic, f.name == "==" || f.name == "<" { t.hasCustomOperators = true }
            let slot = MethodSlot(decl: f)
            slot.file = currentFile
            t.methods[full] = slot
            if !(t.methodsByBase[f.name]?.contains(full) ?? false) { t.methodsByBase[f.name, default: []].append(full) }
        }
        registerSubscripts(t, m.subscripts)
        t.initializers.append(contentsOf: m.initializers)
        t.compiledInits = [:]
        t.compiledDefaults = [:]
        // A site's cache of what a name was in a type (StaticMemberSites.swift) is stale now.
        typeGeneration &+= 1
    }

    /// Runs the static stored properties' initializers and creates table singletons
    /// (after hoisting, before the first statement).
    func initializeStatics() throws {
        let pending = staticInits
        staticInits = []
        for (slot, p, t) in pending where p.initializer != nil {
            // Initialised on first access, as Swift does (Statics.swift).
            deferStaticInitializer(slot, p, t)
        }
        for t in types where t.kind == .table && t.instance == nil && typeSlots[t.name]?.current === t {
            // Every field exists (as `()`) before any default runs, so that a failing default
            // leaves a usable, if incomplete, table.
            let inst = TableInstance.make(type: t, fields: Array(repeating: .void, count: t.fieldNames.count))
            t.instance = inst
            for (i, d) in t.fieldDefaults.enumerated() {
                if let d {
                    let v = try evaluateStandalone(d, selfType: t, expected: t.fieldTypes[i], propertyInitializer: true)
                    inst.fields[i] = try checkBinding(v, t.fieldTypes[i], location: d.location)
                } else if case .optional = t.fieldTypes[i] {
                    inst.fields[i] = .nilValue
                }
            }
        }
    }

    /// A stored property's default as code with a frame of its own, compiled on first use:
    /// compiling `var items: [Section] = [Section()]` must not compile Section's defaults
    /// again (Swift runs a default only when the initializer is not given the property), and
    /// a default that constructs its own type (`var r = R()`) meets the depth check.
    func fieldDefault(_ t: UserType, _ i: Int) -> CompiledFunction? {
        if let f = t.compiledDefaults[i] { return f }
        guard let e = t.fieldDefaults[i] else { return nil }
        let f = inFile(t.file) {
            standaloneFunction(e, selfType: t, expected: t.fieldTypes[i], name: "\(t.name).\(t.fieldNames[i])",
                               propertyInitializer: true)
        }
        t.compiledDefaults[i] = f
        return f
    }

    func standaloneFunction(_ e: Expr, selfType: UserType?, expected: RType?, name: String,
                            propertyInitializer: Bool = false) -> CompiledFunction {
        let scope = FnScope(parent: nil, selfType: selfType, isMutating: false, isStatic: true, returnType: nil,
                            isTopLevel: false, functionName: "")
        scope.isPropertyInitializer = propertyInitializer
        scope.resolution = Resolver.resolve(expression: e, declarations: resolverDeclarations(selfType: nil, context: selfType))
        let ev = compileExpr(e, scope, expected: expected)
        let f = CompiledFunction(name: name, paramCount: 0, hasSelf: false, isMutating: false,
                                 location: e.location, file: currentFile, body: ev)
        f.frameSize = scope.frameSize
        return f
    }

    /// Evaluates an expression outside any function (defaults, static initializers).
    func evaluateStandalone(_ e: Expr, selfType: UserType?, expected: RType?, propertyInitializer: Bool = false) throws -> Value {
        try machine.invokeTop(standaloneFunction(e, selfType: selfType, expected: expected, name: "<initializer>",
                                                 propertyInitializer: propertyInitializer), location: e.location)
    }

    /// `literal`: the value as written, when it is one: an element's error is placed at it.
    func checkBinding(_ v: Value, _ t: RType?, location: SourceLocation, literal: Expr? = nil) throws -> Value {
        guard let t else { return v }
        if let c = coerce(v, to: t) { return c }
        if let u = try implicitlyUnwrappedArgument(v, t, location) { return u }
        if let (given, expected, role, path) = mismatchedElement(v, t) {
            throw typeMismatch(v, LetMessage.cannotConvertElement(given: given, to: expected, role: role),
                               at: literal.flatMap { Self.element(of: $0, at: path) } ?? location)
        }
        if let e = optionalNotUnwrapped(v, t, at: location) { throw e }
        throw typeMismatch(v, ConversionMessage.cannotConvertToSpecified(type: typeName(v), to: t.description), at: location)
    }

    /// The element of nested array literals at `path`, or nil when the written value does not
    /// have that shape (a name, a call).
    static func element(of literal: Expr, at path: [Int]) -> SourceLocation? {
        guard !path.isEmpty else { return nil }
        var e = literal
        for i in path {
            guard case .array(let items) = e.kind, i < items.count else { return nil }
            e = items[i]
        }
        return e.location
    }

    /// The element of a collection that keeps it from being of type `t` (`[1, "a"]` for
    /// `[Int]`), innermost first, as swiftc names it: its type, the type expected, and
    /// which part of the literal it is. nil when the collection's kind itself differs.
    /// `path`: the indices of the arrays it is in, outermost first (empty inside a dictionary).
    func mismatchedElement(_ v: Value, _ t: RType) -> (String, String, ElementRole, path: [Int])? {
        switch (v, t) {
        case (.array(let xs), .array(let et)), (.array(let xs), .set(let et)):
            guard let i = xs.firstIndex(where: { coerce($0, to: et) == nil }) else { return nil }
            if let inner = mismatchedElement(xs[i], et) { return (inner.0, inner.1, inner.2, [i] + inner.path) }
            return (typeName(xs[i]), et.description, .element, [i])
        case (.dictionary(let d), .dictionary(let kt, let vt)):
            // A dictionary's entries have no order to place an error by: no path (the literal's start).
            for (k, x) in d {
                if coerce(k, to: kt) == nil {
                    let inner = mismatchedElement(k, kt)
                    return (inner?.0 ?? typeName(k), inner?.1 ?? kt.description, inner?.2 ?? .key, [])
                }
                if coerce(x, to: vt) == nil {
                    let inner = mismatchedElement(x, vt)
                    return (inner?.0 ?? typeName(x), inner?.1 ?? vt.description, inner?.2 ?? .value, [])
                }
            }
            return nil
        default:
            return nil
        }
    }

    // MARK: Compiling functions

    /// `typedSelf`: the function is the type's own (not a protocol extension's default), so
    /// the resolver may type `self` as the type.
    func compileFunction(_ f: FunctionDecl, selfType: UserType?, isStaticContext: Bool, displayName: String,
                         directStorage: DirectStorage? = nil, typedSelf: Bool = false) -> CompiledFunction {
        let hasSelf = selfType != nil && !isStaticContext
        let genericDepth = pushGenericScope(f, selfType)
        defer { popGenericScope(genericDepth) }
        let retType = f.returnType.map(resolveType)
        let scope = FnScope(parent: nil, selfType: selfType, isMutating: f.isMutating, isStatic: isStaticContext,
                            returnType: retType, isTopLevel: false, functionName: displayName)
        scope.isInitializer = hasSelf && f.name == "init"
        if hasSelf, let selfType { scope.directStorage = directStorage ?? DirectStorage(ofBody: f.name, in: selfType) }
        resolve(f, in: scope, selfType: hasSelf ? selfType : nil, typedSelf: typedSelf, displayName: displayName, context: selfType)
        var types: [RType?] = []
        var boxedParams: [Int] = []
        var paramSlots: [Int] = []
        for (i, p) in f.parameters.enumerated() {
            let t = p.type.map(resolveType)
            // An inout parameter gets its caller's box (Inout.swift): no check of the box itself.
            types.append(p.isInout ? nil : t)
            if p.isInout { scope.alwaysBoxed.insert(p.name) }
            let declared = scope.declare(p.name, isLet: !p.isInout, type: t, binding: p.location)
            if declared.boxed { boxedParams.append(i) }
            if p.isImplicitlyUnwrapped { scope.markImplicitlyUnwrapped(p.name); implicitUnwrapping.localsDeclared = true }
            paramSlots.append(declared.slot)
        }
        // A closure in a mutating method that uses `self` (or a member of it) shares it, as
        // Swift's non-escaping closures do: `self` is boxed while the method runs. The
        // names a closure uses that no local declares are the candidates for members.
        let free = scope.resolution?.freeInClosures ?? []
        let boxesSelf = hasSelf && f.isMutating && selfType?.kind != .class && selfType.map { t in
            free.contains("self") || free.contains { t.fieldIndex[$0] != nil || t.computed[$0] != nil || t.methodsByBase[$0] != nil }
        } == true
        if boxesSelf { scope.alwaysBoxed.insert("self") }
        var selfIsBoxed = boxesSelf
        if hasSelf {
            let s = scope.declare("self", isLet: !f.isMutating, type: nil)
            scope.selfSlot = s.slot
            selfIsBoxed = selfIsBoxed || s.boxed
            if selfType?.kind == .struct || selfType?.kind == .enum, !f.isMutating, f.name != "init" { scope.declLocation = f.location }
        }
        let defaults = compileParameterDefaults(f, selfType: selfType, displayName: displayName)
        // A global function taking and returning `Int`s gets a typed body (IntCode.swift):
        // its typed callers skip the argument and result checks and the `Value` round trips.
        let takesInts = !hasSelf && hasIntSignature(f)
        var intBody: IntNode? = nil
        if takesInts, boxedParams.isEmpty { intBody = compileIntBody(f.body, scope) }
        let intFrameIsTrivial = intBody != nil && scope.frameSize <= f.parameters.count
        // Made only of typed nodes: the same code as flat register code (IntRegisters.swift).
        if let tree = intBody, let code = IntRegisterLowering.lower(tree, paramCount: f.parameters.count) {
            intBody = IntRegisterBody(tree, code)
        }
        // Boxed parameters must be boxed on entry.
        var body: Eval
        if let ib = intBody { body = { m in .int(try ib.run(m)) } } else { body = compileBody(f.body, scope, returnType: retType) }
        if boxesSelf, let ss = scope.selfSlot {
            let inner = body
            body = { m in
                m.pointee.fp[ss] = .box(VarBox(m.pointee.fp[ss]))
                defer { if case .box(let b) = m.pointee.fp[ss] { m.pointee.fp[ss] = b.value } }
                return try inner(m)
            }
        }
        if !boxedParams.isEmpty {
            let inner = body
            let inoutAt = f.parameters.map { $0.isInout ? $0.location : nil }
            body = { [core = Unretained(self)] m in
                for i in boxedParams where !m.pointee.fp[i].boxIfNeeded(isInout: inoutAt[i] != nil) {
                    throw core.object.inoutWithoutAmpersand(m.pointee.fp[i], inoutAt[i]!)
                }
                return try inner(m)
            }
        }
        if hasSelf, let t = selfType, let ss = scope.selfSlot {
            body = checkingTypeArguments(body, f, t, paramSlots: paramSlots, selfSlot: ss)
        }
        // `switch param { case .a: return "A" ... }` answers from a table once the enum is known.
        var caseTable: MemberCache? = nil
        if boxedParams.isEmpty { (body, caseTable) = switchTableBody(f, body, scope, hasSelf: hasSelf, returnType: retType) }
        if takesInts, intBody == nil {
            // The dynamic body has checked its result: an `Int`.
            let dynamic = body, at = f.location
            intBody = IntDynamicBody(dynamic, self, at)
        }
        let cf = CompiledFunction(name: displayName, paramCount: f.parameters.count + (hasSelf ? 1 : 0), hasSelf: hasSelf,
                                  isMutating: f.isMutating, location: f.location, file: currentFile, body: body,
                                  intBody: intBody)
        if let caseTable, !hasSelf { cf.caseTable = Unretained(caseTable) }
        (intBody as? IntRegisterBody)?.code.function = Unretained(cf)
        cf.paramTypes = types
        cf.intFrameIsTrivial = intFrameIsTrivial
        cf.genericInfo = genericCallInfo(f, selfType: selfType, isStatic: isStaticContext)
        cf.paramLabels = f.parameters.map(\.label)
        cf.returnType = retType
        cf.paramDefaults = defaults
        cf.frameSize = max(scope.frameSize, cf.paramCount)
        cf.borrowsArgument = !hasSelf && f.parameters.count == 1 && boxedParams.isEmpty && cf.frameSize == 1 && cf.genericInfo == nil
        cf.borrowsSelf = hasSelf && selfType?.kind == .class && !f.isMutating && !selfIsBoxed && !isStaticContext
        if let t = selfType, hosting.callerPlacedTypes.contains(t.name) { cf.placesErrorsAtCaller = true }
        return cf
    }

    /// The default arguments of `f`'s parameters. Each default runs in a frame of its own:
    /// its locals get slots, and a default that calls its own function
    /// (`func f(_ n: Int = f())`) meets the depth check.
    private func compileParameterDefaults(_ f: FunctionDecl, selfType: UserType?, displayName: String) -> [Eval?] {
        let defScope = FnScope(parent: nil, selfType: selfType, isMutating: false, isStatic: true, returnType: nil,
                               isTopLevel: false, functionName: displayName)
        var defaultFrames: [CompiledFunction] = []
        let defaults: [Eval?] = f.parameters.map { p in
            p.defaultValue.map { d in
                let ev = self.compileExpr(d, defScope, expected: p.type.map(self.resolveType))
                let fn = CompiledFunction(name: displayName, paramCount: 0, hasSelf: false, isMutating: false,
                                          location: d.location, file: currentFile, body: ev)
                defaultFrames.append(fn)
                return { m in try m.invoke(fn, argc: 0, location: d.location) }
            }
        }
        for fn in defaultFrames { fn.frameSize = defScope.frameSize }
        return defaults
    }

    /// A body that is one `switch` over the only parameter (or `self`) returning a literal
    /// per case answers from a table once the enum is known; the table (for the call
    /// site's shortcut) is given when the subject is the parameter.
    private func switchTableBody(_ f: FunctionDecl, _ body: @escaping Eval, _ scope: FnScope, hasSelf: Bool,
                                 returnType: RType?) -> (Eval, MemberCache?) {
        guard f.body.count == 1, case .switch(let sw) = f.body[0].kind, let rt = returnType, !isVoid(rt) else { return (body, nil) }
        var subjectSlot: Int? = nil
        if case .identifier(let n) = sw.subject.kind, f.parameters.count == 1, f.parameters[0].name == n { subjectSlot = 0 }
        if case .self = sw.subject.kind, hasSelf, let s = scope.selfSlot { subjectSlot = s }
        guard let subjectSlot else { return (body, nil) }
        let slow = body
        let holder = MemberCache.holder()
        let check = switchChecks.state(for: sw)
        // The table is filled only after the checker's verdict below, and the call site's
        // shortcut compares the same type and generation.
        let generation = typeGenerationCell
        let table: Eval = { [core = Unretained(self)] m in
            if case .enumCase(let tid, let ci) = m.pointee.fp[subjectSlot] {
                if holder.typeID != tid || holder.generation != generation.pointee {
                    // The checker's verdict first (SPEC §3.3), as the switch itself would.
                    try core.object.verifyExhaustive(check, m.pointee.fp[subjectSlot])
                    holder.typeID = tid
                    holder.generation = core.object.typeGeneration
                    holder.table = core.object.literalSwitchTable(sw, core.object.types[Int(tid)], rt)
                }
                if let p = holder.tablePointer { return p[Int(ci)] }
            }
            return try slow(m)
        }
        return (table, subjectSlot == 0 ? holder : nil)
    }

    /// A function body: statements with `return`, or one expression returned implicitly.
    func compileBody(_ body: [Stmt], _ scope: FnScope, returnType: RType?) -> Eval {
        if body.count == 1, case .expression(let e) = body[0].kind {
            let ev = compileExpr(e, scope, expected: returnType)
            if let rt = returnType, !isVoid(rt) {
                let quick = QuickCheck(rt)
                return { [core = Unretained(self)] m in
                    let v = try ev(m)
                    if quick.accepts(v) { return v }
                    return try core.object.checkReturn(v, rt, location: e.location)
                }
            }
            if returnType == nil { return ev }
            return { m in _ = try ev(m); return .void }
        }
        let tail = returnType.map { !isVoid($0) } ?? false
        if tail, let chain = compileReturnChain(body[...], scope) { return chain }
        if tail, let choice = compileReturnSwitch(body, scope) { return choice }
        let block = compileStatements(body, scope, tailReturn: tail && body.count == 1)
        return { m in
            let flow = try block(m)
            if flow.isReturn {
                var v = Value.void
                swap(&v, &m.pointee.returnValue)
                return v
            }
            return .void
        }
    }

    /// A body made only of `if <conditions> { return a }` and a final `return b` (or a final
    /// `if ... { return a } else { return b }`) compiled as conditional expressions: the
    /// value comes back directly, with no statement flow or return slot.
    /// nil for any other shape.
    func compileReturnChain(_ stmts: ArraySlice<Stmt>, _ scope: FnScope) -> Eval? {
        guard returnChainShape(stmts) else { return nil }
        return buildReturnChain(stmts, scope)
    }

    /// Whether `stmts` is a shape `compileReturnChain` compiles.
    func returnChainShape(_ stmts: ArraySlice<Stmt>) -> Bool {
        guard let last = stmts.last else { return false }
        for s in stmts.dropLast() {
            guard case .if(let i) = s.kind, i.otherwise == nil, singleReturn(i.then) != nil else { return false }
        }
        switch last.kind {
        case .return(let e?): _ = e
        case .if(let i):
            guard let o = i.otherwise, singleReturn(i.then) != nil, isReturnChain(o[...]) else { return false }
        default: return false
        }
        return true
    }

    private func singleReturn(_ block: [Stmt]) -> Expr? {
        if block.count == 1, case .return(let e?) = block[0].kind { return e }
        return nil
    }

    private func isReturnChain(_ stmts: ArraySlice<Stmt>) -> Bool {
        guard let last = stmts.last else { return false }
        for s in stmts.dropLast() {
            guard case .if(let i) = s.kind, i.otherwise == nil, singleReturn(i.then) != nil else { return false }
        }
        switch last.kind {
        case .return(let e?): _ = e; return true
        case .if(let i):
            guard let o = i.otherwise, singleReturn(i.then) != nil else { return false }
            return isReturnChain(o[...])
        default: return false
        }
    }

    /// Compiles a shape accepted by `compileReturnChain`, in source order (so slots and
    /// diagnostics come out as the statement compiler would make them).
    private func buildReturnChain(_ stmts: ArraySlice<Stmt>, _ scope: FnScope) -> Eval {
        let first = stmts[stmts.startIndex]
        if case .return(let e?) = first.kind { return compileReturnValue(e, scope) }
        guard case .if(let i) = first.kind else { preconditionFailure("checked by compileReturnChain") }
        scope.pushBlock()
        let cond = compileConditions(i.conditions, scope)
        scope.pushBlock()
        let then = compileReturnValue(singleReturn(i.then)!, scope)
        scope.popBlock()
        scope.popBlock()
        let rest: Eval
        if let o = i.otherwise {
            scope.pushBlock()
            rest = buildReturnChain(o[...], scope)
            scope.popBlock()
        } else {
            rest = buildReturnChain(stmts.dropFirst(), scope)
        }
        return { m in try cond(m) ? try then(m) : try rest(m) }
    }

    /// The value of `return e`, checked against the function's result type.
    func compileReturnValue(_ e: Expr, _ scope: FnScope) -> Eval {
        let ev = compileExpr(e, scope, expected: scope.returnType)
        guard let rt = scope.returnType else { return ev }
        let quick = QuickCheck(rt)
        let at = e.location
        return { [core = Unretained(self)] m in
            let v = try ev(m)
            if quick.accepts(v) { return v }
            return try core.object.checkReturn(v, rt, location: at)
        }
    }

    func isVoid(_ t: RType) -> Bool { if case .void = t { return true }; return false }

    func checkReturn(_ v: Value, _ t: RType, location: SourceLocation) throws -> Value {
        if let c = coerce(v, to: t) { return c }
        if let u = try implicitlyUnwrappedArgument(v, t, location) { return u }
        if let e = optionalNotUnwrapped(v, t, at: location) { throw e }
        throw RuntimeError(ConversionMessage.cannotConvertReturn(type: typeName(v), to: t.description), at: location)
    }

    func compiled(_ cell: FunctionCell) -> CompiledFunction? {
        if let c = cell.compiled { return c }
        guard let d = cell.decl else { return nil }
        let c = inFile(cell.file) { compileFunction(d, selfType: nil, isStaticContext: false, displayName: cell.fullName) }
        cell.compiled = c
        return c
    }

    func compiledMethod(_ t: UserType, _ slot: MethodSlot, fullName: String) -> CompiledFunction {
        if let c = slot.compiled { return c }
        let t = slot.owner ?? t
        let c = inFile(slot.file) { () -> CompiledFunction in
            if let d = slot.decl {
                return compileFunction(d, selfType: t, isStaticContext: d.isStatic, displayName: "\(t.name).\(d.isOperator ? d.fullName : fullName)",
                                       typedSelf: !slot.isDefault)
            }
            let f = FunctionDecl(name: fullName, parameters: [], returnType: slot.type, body: slot.getter ?? [],
                                 isStatic: slot.isStatic, location: t.location)
            return compileFunction(f, selfType: t, isStaticContext: slot.isStatic, displayName: "\(t.name).\(fullName)",
                                   typedSelf: !slot.isDefault)
        }
        slot.compiled = c
        return c
    }

    func compiledSetter(_ t: UserType, _ slot: MethodSlot, name: String) -> CompiledFunction? {
        if let c = slot.compiledSetter { return c }
        guard let s = slot.setter else { return nil }
        let t = slot.owner ?? t
        let p = Parameter(label: nil, name: s.parameterName, type: slot.type, defaultValue: nil, location: t.location)
        let f = FunctionDecl(name: name, parameters: [p], returnType: nil, body: s.body, isStatic: slot.isStatic,
                             isMutating: t.kind == .struct && !slot.setterIsNonmutating, location: t.location)
        let c = inFile(slot.file) {
            compileFunction(f, selfType: t, isStaticContext: slot.isStatic, displayName: "\(t.name).\(name)", typedSelf: !slot.isDefault)
        }
        slot.compiledSetter = c
        return c
    }
}

extension UnsafeMutablePointer where Pointee == Machine {
    /// Runs a parameterless function from outside any frame.
    func invokeTop(_ f: CompiledFunction, location: SourceLocation) throws -> Value {
        try invoke(f, argc: 0, location: location)
    }
}

/// The literals whose type a declaration takes (`literalType(_:taking:)`). Swift types every
/// one; TableLab keeps, for each kind of declaration, the types something later relies on.
struct LiteralTyping: OptionSet {
    let rawValue: UInt16

    static let integer = LiteralTyping(rawValue: 1 << 0)
    static let negativeInteger = LiteralTyping(rawValue: 1 << 1)
    static let double = LiteralTyping(rawValue: 1 << 2)
    static let negativeDouble = LiteralTyping(rawValue: 1 << 3)
    static let string = LiteralTyping(rawValue: 1 << 4)
    static let boolean = LiteralTyping(rawValue: 1 << 5)
    /// `[0.5, 1]`: an Array of Double.
    static let doubleArray = LiteralTyping(rawValue: 1 << 6)
    /// `[Int]()`, `[String: Int]()` (`emptyCollectionType(_:)`).
    static let emptyCollection = LiteralTyping(rawValue: 1 << 7)
    /// `Row.wifi`: the enum.
    static let enumCase = LiteralTyping(rawValue: 1 << 8)
    /// `[1, 2]`, `["a": true]`, `[Kind.a, .b]`: the one type of every element.
    static let uniformCollection = LiteralTyping(rawValue: 1 << 9)
    /// `(x: 0, y: 0)`: a tuple with labels, its elements' types as far as they tell.
    static let labelledTuple = LiteralTyping(rawValue: 1 << 10)

    /// A stored property's type from its default (`var title = ""`).
    static let storedProperty: LiteralTyping = [.integer, .double, .string, .boolean, .emptyCollection, .enumCase, .labelledTuple]
    /// The type an unannotated local declares: an Int literal assigned to it later is a
    /// Double, as in Swift (`var total = 0.0`, then `total = 1` and `total / 2` is 0.5).
    static let declaredLocal: LiteralTyping = [.emptyCollection, .double, .negativeDouble, .doubleArray, .uniformCollection, .labelledTuple]
    /// The type of an unannotated local's Int, String or Bool literal (`var title = "a"`):
    /// what is assigned to it later is checked against it (`Local.literalType`).
    static let checkedLocal: LiteralTyping = [.integer, .negativeInteger, .string, .boolean]
}
