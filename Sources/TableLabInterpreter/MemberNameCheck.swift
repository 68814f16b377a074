// swiftc refuses `xs.apend(2)` (`value of type '[Int]' has no member 'apend'`) anywhere in
// the program, also in a function that never runs. Before a unit runs, each member access
// whose receiver's type the declarations tell for sure (StaticTyper: a parameter's or a
// local's annotation or initializer, a global's declaration) is looked up, and only where
// the answer is sure is it an error:
// - a struct, enum or class of the script that conforms to nothing and inherits from
//   nothing: its members are exactly those it and its extensions declare;
// - an array, for a near miss of a member TableLab knows (`apend`, `cont`) that is no
//   member name of Swift's standard library either (`NearMisses.existing`).
// Anything else (a name bound twice, a closure's parameter, a generic, a framework type)
// is left to the run, where the same lookup reports it.

import TableLabSyntax

/// The plain `let`/`var` declarations of a body, at any depth.
private struct LocalDeclarations: SyntaxVisitor {
    var declarations: [VariableDecl] = []

    mutating func visit(_ node: Decl) -> SyntaxVisitorContinueKind {
        if case .variable(let v) = node { declarations.append(v) }
        return .visitChildren
    }
}

/// Every member access of a body, at any depth, with the receiver.
private struct MemberAccesses: SyntaxVisitor {
    var accesses: [(base: Expr, name: String, at: SourceLocation)] = []

    mutating func visit(_ node: Expr) -> SyntaxVisitorContinueKind {
        if case .member(let base, let name) = node.kind { accesses.append((base, name, node.location)) }
        return .visitChildren
    }
}

extension InterpreterCore {
    /// The unit's member accesses that name nothing their receiver has, in functions (run or
    /// not) and at the top level; each is swiftc's error, in source order, the last thrown.
    func checkMemberNames(_ unit: SourceUnit) throws {
        // A type the unit declares twice, or whose declaration is not the current one yet
        // (a redeclaration in place, SavedSession.swift), has members the check cannot know.
        var declaredTypes = UnitTypeDecls()
        declaredTypes.walk(unit.statements)
        unsureTypeNames = Set(declaredTypes.locations.filter { name, at in
            at.count > 1 || userType(name)?.location != at[0]
        }.keys)
        defer { unsureTypeNames = [] }
        var found: [(type: String, member: String, at: SourceLocation)] = []
        var topLevel = StaticTyper(core: self, selfType: topLevelSelfType, selfInstance: topLevelSelfInstance)
        topLevel.declarationsOnly = true
        var statements: [Stmt] = []
        var bound: [String] = []
        for s in unit.statements {
            if case .declaration = s.kind { continue }
            if case .command = s.kind { continue }
            statements.append(s)
            bound += Resolver.resolveTopLevel(s).bindingNames
        }
        // At the top level only globals the session already declared are typed (the unit's
        // own are declared as it runs); a name some closure, loop or pattern binds is not.
        bound += StaticEntryCheck.topLevelNames(unit)
        found += unknownMembers(in: statements, typer: &topLevel, locals: [:], hiding: bound)
        var functions = UnitFunctionDecls()
        functions.walk(unit.statements)
        for (f, owner) in functions.functions where f.genericParameters.isEmpty {
            found += unknownMembers(in: f, owner: owner.flatMap { userType($0) })
        }
        found.sort { ($0.at.line, $0.at.column) < ($1.at.line, $1.at.column) }
        guard let last = found.popLast() else { return }
        for e in found {
            var d = RuntimeError(RuntimeMessage.valueHasNoMember(type: e.type, member: e.member), at: e.at).diagnostic
            if d.file == nil { d.file = currentFile }
            warningHandler(d)
        }
        throw RuntimeError(RuntimeMessage.valueHasNoMember(type: last.type, member: last.member), at: last.at)
    }

    /// `owner`: the type whose method `f` is; its stored properties are typed too, written
    /// bare or after `self.`.
    private func unknownMembers(in f: FunctionDecl, owner: UserType?) -> [(type: String, member: String, at: SourceLocation)] {
        // A name bound once in the function (a parameter or one `let`/`var`) has one type.
        var counts: [String: Int] = [:]
        for n in Resolver.resolve(parameters: f.parameters, body: f.body).bindingNames { counts[n, default: 0] += 1 }
        let owner = owner.flatMap { $0.kind == .table || unsureTypeNames.contains($0.name) ? nil : $0 }
        var typer = StaticTyper(core: self, selfType: owner, selfInstance: nil)
        typer.declarationsOnly = true
        var locals: [String: TypeSyntax] = [:]
        for p in f.parameters where counts[p.name] == 1 {
            if let t = p.type { locals[p.name] = t }
        }
        var declarations = LocalDeclarations()
        declarations.walk(f.body)
        for v in declarations.declarations {
            guard let name = v.name, counts[name] == 1 else { continue }
            typer.closureParameterNames = locals
            if let t = v.type ?? v.initializer.flatMap({ typer.type(of: $0) }) { locals[name] = t }
        }
        // A name bound more than once, or not by a parameter or a plain declaration, is
        // never typed: it would shadow whatever the typer finds under that name.
        let unsure = counts.filter { $0.value != 1 || locals[$0.key] == nil }.map(\.key)
        var roots = Set(locals.keys)
        if let owner, !f.isStatic {
            roots.insert("self")
            for n in owner.fieldNames where counts[n] == nil { roots.insert(n) }
        }
        return unknownMembers(in: f.body, typer: &typer, locals: locals, hiding: unsure, roots: roots)
    }

    private func unknownMembers(in body: [Stmt], typer: inout StaticTyper, locals: [String: TypeSyntax],
                                hiding: [String] = [], roots: Set<String>? = nil) -> [(type: String, member: String, at: SourceLocation)] {
        var accesses = MemberAccesses()
        accesses.walk(body)
        var out: [(type: String, member: String, at: SourceLocation)] = []
        let hidden = Set(hiding)
        for (base, name, at) in accesses.accesses {
            guard Self.mentionsNone(of: hidden, in: base) else { continue }
            // In a function, a name that is no local may be a member of `self` (inherited,
            // or from a protocol): only a chain from a parameter, a local or one of the
            // type's own stored properties is typed.
            if let roots, let root = Self.root(of: base), !roots.contains(root) { continue }
            typer.closureParameterNames = locals
            typer.closureParameters = []
            guard let t = typer.type(of: base), lacksMember(t, name) else { continue }
            out.append((StaticTyper.spelling(t), name, at))
        }
        return out
    }

    /// Whether `e` is a chain of names and members that uses none of `names` (anything
    /// else, such as a call or a closure, is not looked into: its type is not sure).
    private static func mentionsNone(of names: Set<String>, in e: Expr) -> Bool {
        switch e.kind {
        case .identifier(let n): return !names.contains(n)
        case .self: return true
        case .member(let b, _): return mentionsNone(of: names, in: b)
        case .subscriptAccess(let b, let args):
            return mentionsNone(of: names, in: b) && args.allSatisfy { mentionsNone(of: names, in: $0.value) }
        case .integer, .string: return true
        default: return false
        }
    }

    private static func root(of e: Expr) -> String? {
        switch e.kind {
        case .identifier(let n): return n
        case .self: return "self"
        case .member(let b, _), .subscriptAccess(let b, _): return root(of: b)
        default: return nil
        }
    }

    /// Whether a value of type `t` surely has no member `name`.
    private func lacksMember(_ t: TypeSyntax, _ name: String) -> Bool {
        switch t {
        case .array:
            return !NearMisses.arrayMembers.contains(name) && !NearMisses.existing.contains(name)
                && !TypoCorrection.candidates(for: name, among: NearMisses.arrayMembers.sorted()).isEmpty
        case .named(let n):
            guard !unsureTypeNames.contains(n), let u = userType(n), isClosed(u) else { return false }
            if NearMisses.implicitMembers.contains(name) { return false }
            if u.fieldIndex[name] != nil || u.methodsByBase[name] != nil || u.computed[name] != nil
                || u.lazyProperties[name] != nil || u.staticStored[name] != nil || u.caseIndex[name] != nil { return false }
            return true
        default:
            return false
        }
    }

    /// A struct, enum or class whose members are all its own: no conformance (a protocol
    /// may give members), no superclass, no framework part, not a built-in type's holder.
    private func isClosed(_ t: UserType) -> Bool {
        guard t.kind == .struct || t.kind == .enum || t.kind == .class else { return false }
        guard t.conformances.isEmpty, t.classInfo?.conformances.isEmpty ?? true,
              t.classInfo?.superclass == nil, t.classInfo?.hostSuperclass == nil,
              !inheritsUnknownMembers(t), protocols.builtinExtensions[t.name] == nil,
              t.rawType == nil, !t.hasCustomOperators else { return false }
        return true
    }
}

/// Where a unit declares each type name, at any depth.
private struct UnitTypeDecls: SyntaxVisitor {
    var locations: [String: [SourceLocation]] = [:]

    mutating func visit(_ node: Decl) -> SyntaxVisitorContinueKind {
        switch node {
        case .struct(let x): locations[x.name, default: []].append(x.location)
        case .class(let x): locations[x.name, default: []].append(x.location)
        case .enum(let x): locations[x.name, default: []].append(x.location)
        case .table(let x): locations[x.name, default: []].append(x.location)
        default: break
        }
        return .visitChildren
    }
}

/// The functions (methods and initializers included) a unit declares, at any depth, with
/// the type that directly holds each (nil for a function outside a type, or in an extension).
private struct UnitFunctionDecls: SyntaxVisitor {
    var functions: [(decl: FunctionDecl, owner: String?)] = []
    private var owners: [String?] = []

    mutating func visit(_ node: Decl) -> SyntaxVisitorContinueKind {
        switch node {
        case .function(let f): functions.append((f, owners.last ?? nil)); owners.append(nil)
        case .struct(let x): owners.append(x.name)
        case .class(let x): owners.append(x.name)
        case .enum(let x): owners.append(x.name)
        case .table(let x): owners.append(x.name)
        case .extension: owners.append(nil)
        default: break
        }
        return .visitChildren
    }

    mutating func visitPost(_ node: Decl) {
        switch node {
        case .function, .struct, .class, .enum, .table, .extension: owners.removeLast()
        default: break
        }
    }
}

enum NearMisses {
    /// The array members TableLab implements: a misspelling is measured against these.
    static let arrayMembers: Set<String> = [
        "allSatisfy", "append", "compactMap", "contains", "count", "dropFirst", "dropLast", "enumerated",
        "filter", "first", "firstIndex", "flatMap", "forEach", "insert", "isEmpty", "indices", "joined",
        "last", "lastIndex", "map", "max", "min", "popLast", "prefix", "reduce", "remove", "removeAll",
        "removeFirst", "removeLast", "reverse", "reversed", "sort", "sorted", "split", "suffix", "swapAt",
        "randomElement", "shuffle", "shuffled",
        "startIndex", "endIndex", "capacity",
    ]

    /// Names near those that Swift's standard library declares somewhere (from the
    /// toolchain's Swift, _StringProcessing and _Concurrency interfaces): never reported,
    /// as they may be members of an array.
    static let existing: Set<String> = [
        "addend", "amount", "assert", "base", "bitIndex", "complement", "container", "copyContents", "dest",
        "empty", "exponent", "extractSubset", "extracting", "firstRange", "flagMask", "formIndex",
        "formTruncatingRemainder", "format", "generated", "genericIntersection", "hash", "index", "inner",
        "inserted", "intersecting", "inverse", "inversion", "isEmoji", "isLowercase", "isUppercase", "iter",
        "join", "lazy", "left", "less", "let", "lhs", "lhs_", "lowScaled", "lowerBound", "mask", "maxValue",
        "minValue", "move", "nextIndex", "point", "popFirst", "rawValue", "rebased", "release", "removals",
        "removed", "repeated", "repeatedValue", "resume", "rotated", "round", "some", "sound", "sprite", "src",
        "start", "store", "str", "substring", "suppressed", "swap", "task", "unbounded", "upperBound", "word",
        "wordIndex", "ranges", "trimmingPrefix", "replacing", "wholeMatch", "prefixMatch", "firstMatch",
        "matches", "contains", "starts", "elementsEqual", "lexicographicallyPrecedes", "partition", "shuffle",
        "shuffled", "randomElement", "distance", "formIndex", "withUnsafeBufferPointer", "description",
        "debugDescription", "customMirror", "hashValue", "underestimatedCount", "makeIterator", "subscript",
        "difference", "applying", "chunked", "self",
    ]

    /// Members every value has, or that swiftc words otherwise (`rawValue` on an enum
    /// without a raw type has a note of its own): never reported here.
    static let implicitMembers: Set<String> = ["self", "rawValue", "hashValue", "hash", "init", "Type", "description"]
}
