// The "did you mean" suggestion for a misspelt name or member, as a note of its own.
//
// swiftc 6.3 says only `cannot find 'itmes' in scope` and `value of type 'S' has no member
// 'coutn'` (its typo correction is off by default), and TableLab's batch runs say exactly
// that. Where TableLab teaches (the session, `tablelab check`), the host asks for the note
// swiftc's typo correction would add, `did you mean 'items'?`, at the misspelling; the
// error line stays swiftc's. The candidates are the names in view there, chosen by the one
// edit distance of every suggestion (TypoCorrection).

import TableLabSyntax

extension Interpreter {
    /// The `did you mean` notes for an error about a name or member nothing declares, at
    /// the misspelling; empty for any other diagnostic, or one that already has such a note.
    /// The error's file is parsed again: a unit refused at compile time declared nothing
    /// the session keeps, yet its own names are what a person meant.
    public func closeNameNotes(for d: Diagnostic) -> [Diagnostic] {
        guard d.severity == .error, d.location != .unknown,
              !d.notes.contains(where: { $0.id == .didYouMean }), Self.isAboutAName(d) else { return [] }
        // The names of the host's parts still waiting to be installed (installWhenMentioned)
        // are candidates too: a misspelling is what mentions none of their words.
        try? installAllPreludes()
        let unit = d.file.flatMap { try? Parser.parse($0, screenSuperclasses: core.hosting.screenSuperclasses) }
        let written: String
        // Nearer names first: a name of the script's own is what a person meant, and only
        // when none is close is the standard library's (`prnt`: `print`) offered.
        let tiers: [[String]]
        switch (d.content as? EntryMessage, d.content as? RuntimeMessage) {
        case (.cannotFindInScope(let name)?, _):
            written = name
            let view = core.namesInView(at: d.location, in: unit)
            tiers = [view.script, view.others + StandardLibraryNames.all.sorted()]
        case (.cannotFindTypeInScope(let name)?, _):
            written = name
            tiers = [core.typeNamesInView(unit), StandardLibraryMembers.names.keys.sorted()]
        case (_, .valueHasNoMember(let type, let member)?):
            written = member
            tiers = [core.memberNames(ofTypeSpelled: type, instance: true, in: unit)]
        case (_, .typeHasNoMember(let type, let member)?):
            written = member
            tiers = [core.memberNames(ofTypeSpelled: type, instance: false, in: unit)]
        default:
            return []
        }
        var seen: Set<String> = [written]
        for (i, tier) in tiers.enumerated() {
            let distinct = tier.filter { !$0.isEmpty && !$0.hasPrefix("$") && seen.insert($0).inserted }
            var names = TypoCorrection.candidates(for: written, among: distinct)
            // The far tier holds thousands of names (`prnt` is one edit from `print`, two from
            // `CInt`, `UInt` and `lrint`): only the nearest are offered from it.
            if i > 0, let best = names.first {
                let distance = { (n: String) in TypoCorrection.editDistance(Array(written.utf8), Array(n.utf8), max: 8) }
                let nearest = distance(best)
                names = names.filter { distance($0) == nearest }
            }
            if !names.isEmpty { return names.map { .note(CommonMessage.didYouMean($0), at: d.location, in: d.file) } }
        }
        return []
    }

    /// Whether `d` says a name or member is found nowhere: what a `did you mean` note is for.
    private static func isAboutAName(_ d: Diagnostic) -> Bool {
        switch (d.content as? EntryMessage, d.content as? RuntimeMessage) {
        case (.cannotFindInScope?, _), (.cannotFindTypeInScope?, _), (_, .valueHasNoMember?), (_, .typeHasNoMember?): true
        default: false
        }
    }
}

/// Where a name is written: the function (or stored property's accessor) around it, what
/// it has in view (Resolver), and the types it stands in, innermost last.
private struct ViewFinder: SyntaxVisitor {
    let probe: SourceLocation
    var locals: [String]?
    var enclosingTypes: [String] = []
    private var typeStack: [String] = []

    init(probe: SourceLocation) { self.probe = probe }

    mutating func visit(_ node: Decl) -> SyntaxVisitorContinueKind {
        guard locals == nil else { return .skipChildren }
        switch node {
        case .struct(let s): typeStack.append(s.name)
        case .enum(let e): typeStack.append(e.name)
        case .class(let c): typeStack.append(c.name)
        case .table(let t): typeStack.append(t.name)
        case .extension(let name, _, _): typeStack.append(name)
        case .function(let f):
            // A nested function is resolved with the one around it, which sees more.
            found(Resolver.namesInView(at: probe, parameters: f.parameters, body: f.body))
            return .skipChildren
        case .variable(let v):
            found(Resolver.namesInView(at: probe, parameters: [], body: [Stmt(.declaration(.variable(v)), at: v.location)]))
            return .skipChildren
        case .protocol, .typeAlias:
            return .skipChildren
        }
        return .visitChildren
    }

    mutating func visitPost(_ node: Decl) {
        switch node {
        case .struct, .enum, .class, .table, .extension: typeStack.removeLast()
        case .function, .variable, .protocol, .typeAlias: break
        }
    }

    private mutating func found(_ names: [String]?) {
        guard let names else { return }
        locals = names
        enclosingTypes = typeStack
    }
}

/// The names of the declarations a unit makes, at any depth: its types, and its top-level
/// functions and globals.
private struct DeclaredNames: SyntaxVisitor {
    var types: [String] = []

    mutating func visit(_ node: Decl) -> SyntaxVisitorContinueKind {
        switch node {
        case .struct(let s): types.append(s.name)
        case .enum(let e): types.append(e.name)
        case .class(let c): types.append(c.name)
        case .table(let t): types.append(t.name)
        case .protocol(let p): types.append(p.name)
        case .typeAlias(let a): types.append(a.name)
        case .extension, .function, .variable: break
        }
        return .visitChildren
    }
}

extension InterpreterCore {
    /// What a bare name may mean where it is written. `script`: the locals in view
    /// (innermost first), the members of the types it stands in, the unit's top-level
    /// declarations, the session's functions, globals and types the script declared;
    /// `others`: the host's and the preludes' (`present`, `tableView`).
    func namesInView(at location: SourceLocation, in unit: SourceUnit?) -> (script: [String], others: [String]) {
        var names: [String] = []
        if let unit {
            var finder = ViewFinder(probe: location)
            for s in unit.statements {
                if case .declaration(let d) = s.kind, !Self.isVariable(d) {
                    finder.walk(d)
                } else if finder.locals == nil, let found = Resolver.namesInView(at: location, topLevel: s) {
                    finder.locals = found
                }
                if finder.locals != nil { break }
            }
            names += finder.locals ?? []
            for t in finder.enclosingTypes.reversed() { names += memberNames(ofTypeSpelled: t, instance: true, in: unit) }
            for s in unit.statements {
                names += StaticEntryCheck.names(boundBy: s)
                if case .declaration(.function(let f)) = s.kind { names.append(f.name) }
            }
            names += typeNamesInView(unit)
        }
        var others: [String] = []
        for (base, cells) in functionsByBase.sorted(by: { $0.key < $1.key }) {
            let declared = cells.contains { $0.native == nil && $0.decl != nil && $0.file.map(Self.isScriptFile) == true }
            if declared { names.append(base) } else { others.append(base) }
        }
        for (name, slot) in globalIndex.sorted(by: { $0.key < $1.key }) where isDeclaredNow(name) {
            if globalDeclarations[slot] != nil { names.append(name) } else { others.append(name) }
        }
        return (names, others)
    }

    /// A file the script gave (not a prelude, TableLab's Swift for a library's types).
    private static func isScriptFile(_ file: SourceFile) -> Bool {
        !(file.name == "<prelude>" || file.name.hasPrefix("<Swift."))
    }

    private static func isVariable(_ d: Decl) -> Bool {
        if case .variable = d { return true }
        return false
    }

    /// The type names a unit and the session declare.
    func typeNamesInView(_ unit: SourceUnit?) -> [String] {
        var names: [String] = []
        if let unit {
            var declared = DeclaredNames()
            declared.walk(unit.statements)
            names += declared.types
        }
        names += typeSlots.keys.filter { userType($0)?.isBuiltin != true }.sorted()
        return names
    }

    /// The members of a type by its spelling in a message (`S`, `[Int]`, `Box<Int>`,
    /// `UITableView`): the instance members of its values, or with `instance` false the
    /// type's own (cases, static members). From the unit's declarations of it (a refused
    /// unit declared nothing the session keeps), the session's, and the standard library's
    /// or the host's catalogue.
    func memberNames(ofTypeSpelled spelling: String, instance: Bool, in unit: SourceUnit?) -> [String] {
        let name = Self.typeName(spelled: spelling)
        var names: [String] = []
        if let unit { names += Self.declaredMembers(of: name, in: unit.statements, instance: instance) }
        var next = userType(name)
        var depth = 0
        while let t = next, depth < 64 {
            if instance {
                names += t.fieldNames
                names += t.lazyProperties.keys.sorted()
            } else {
                names += t.caseNames
                names += t.staticStored.keys.sorted()
            }
            names += t.computed.filter { $0.value.isStatic != instance }.keys.sorted()
            names += t.methodsByBase.filter { _, full in full.contains { t.methods[$0]?.isStatic != instance } }.keys.sorted()
            if let host = hostClassName(t), let catalogue = hosting.memberCatalogue?(host) {
                names += catalogue.names.map(Self.baseName).sorted()
            }
            next = t.classInfo?.superclass
            depth += 1
        }
        if instance {
            names += StandardLibraryMembers.names[name]?.sorted() ?? []
            names += hosting.memberCatalogue?(name)?.names.map(Self.baseName).sorted() ?? []
        }
        return names
    }

    /// `[Int]` is an Array, `[String : Int]` a Dictionary, `Box<Int>` the generic `Box`.
    private static func typeName(spelled s: String) -> String {
        if s.hasPrefix("[") { return s.contains(":") ? "Dictionary" : "Array" }
        if let open = s.firstIndex(of: "<") { return String(s[..<open]) }
        return s
    }

    private static func baseName(_ full: String) -> String {
        full.firstIndex(of: "(").map { String(full[..<$0]) } ?? full
    }

    /// The members the unit's own declarations and extensions of `name` declare, at any depth.
    private static func declaredMembers(of name: String, in statements: [Stmt], instance: Bool) -> [String] {
        var names: [String] = []
        func members(_ m: TypeMembers) {
            for p in m.properties where p.isStatic != instance { if let n = p.name { names.append(n) } }
            for f in m.methods where f.isStatic != instance { names.append(f.name) }
            if !instance {
                for t in m.nestedTypes { if let n = typeName(t) { names.append(n) } }
            }
        }
        func visit(_ d: Decl) {
            switch d {
            case .struct(let s):
                if s.name == name { members(s.members) }
                s.members.nestedTypes.forEach(visit)
            case .enum(let e):
                if e.name == name {
                    if !instance { names += e.cases.map(\.name) }
                    members(e.members)
                }
                e.members.nestedTypes.forEach(visit)
            case .class(let c):
                if c.name == name { members(c.members) }
                c.members.nestedTypes.forEach(visit)
            case .table(let t):
                if t.name == name { members(t.members) }
                t.members.nestedTypes.forEach(visit)
            case .extension(let n, let m, _):
                if n == name { members(m) }
                m.nestedTypes.forEach(visit)
            case .function, .variable, .protocol, .typeAlias:
                break
            }
        }
        for s in statements { if case .declaration(let d) = s.kind { visit(d) } }
        return names
    }

    private static func typeName(_ d: Decl) -> String? {
        switch d {
        case .struct(let s): return s.name
        case .enum(let e): return e.name
        case .class(let c): return c.name
        case .table(let t): return t.name
        case .protocol(let p): return p.name
        case .typeAlias(let a): return a.name
        case .extension, .function, .variable: return nil
        }
    }
}
