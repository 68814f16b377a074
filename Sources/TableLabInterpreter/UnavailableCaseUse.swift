// A case marked `@available(*, unavailable)` (or for iOS) can be matched by a pattern but
// never made: swiftc refuses `E.c`, `.b(1)` and `E.b` as a function ("'b' is unavailable",
// with its `message:`), with a note at the case, before anything runs, also in code that
// never runs. swiftc checks the top-level code first and the bodies of functions and types
// after it, so their errors come in that order. An implicit member (`.b(1)`) is taken for
// the case only when no other type of the program has a member of that name.

import TableLabSyntax

struct UnavailableCaseUse: SyntaxVisitor {
    /// The unavailable cases by name: the enum's name and the case's declaration.
    let cases: [String: [(enumName: String, decl: EnumCaseDecl)]]
    /// Whether some type has a member of this name other than the unavailable case.
    let otherMember: (String) -> Bool
    private var topLevel: [Diagnostic] = []
    private var inBodies: [Diagnostic] = []
    private var declarationDepth = 0
    private let file: SourceFile

    init(cases: [String: [(enumName: String, decl: EnumCaseDecl)]], file: SourceFile, otherMember: @escaping (String) -> Bool) {
        self.cases = cases; self.file = file; self.otherMember = otherMember
    }

    /// The errors of a unit, in swiftc's order.
    static func errors(_ unit: SourceUnit, _ file: SourceFile, enums: [EnumDecl],
                       otherMember: @escaping (String) -> Bool) -> [Diagnostic] {
        var byName: [String: [(enumName: String, decl: EnumCaseDecl)]] = [:]
        for e in enums {
            for c in e.cases where c.isUnavailable { byName[c.name, default: []].append((e.name, c)) }
        }
        guard !byName.isEmpty else { return [] }
        var v = UnavailableCaseUse(cases: byName, file: file, otherMember: otherMember)
        v.walk(unit.statements)
        return v.topLevel + v.inBodies
    }

    private mutating func report(_ name: String, _ decl: EnumCaseDecl, at location: SourceLocation) {
        let d = Diagnostic(.error, UnavailableMessage.isUnavailable(name: name, message: decl.unavailableMessage), at: location,
                           in: file, notes: [.note(UnavailableMessage.markedUnavailableHere(name: name), at: decl.location, in: file)])
        if declarationDepth > 0 { inBodies.append(d) } else { topLevel.append(d) }
    }

    /// A function's or a type's body is checked after the top level; a variable's
    /// initializer with it.
    private static func hasBody(_ d: Decl) -> Bool {
        if case .variable = d { return false }
        return true
    }

    mutating func visit(_ node: Decl) -> SyntaxVisitorContinueKind {
        if Self.hasBody(node) { declarationDepth += 1 }
        return .visitChildren
    }

    mutating func visitPost(_ node: Decl) {
        if Self.hasBody(node) { declarationDepth -= 1 }
    }

    /// A pattern may name an unavailable case.
    mutating func visit(_ node: Pattern) -> SyntaxVisitorContinueKind { .skipChildren }

    mutating func visit(_ node: Expr) -> SyntaxVisitorContinueKind {
        switch node.kind {
        case .member(let base, let name):
            if case .identifier(let typeName) = base.kind,
               let c = cases[name]?.first(where: { $0.enumName == typeName }) {
                report(name, c.decl, at: node.location)
            }
        case .implicitMember(let name):
            if let found = cases[name], found.count == 1, !otherMember(name) {
                report(name, found[0].decl, at: node.location)
            }
        default: break
        }
        return .visitChildren
    }
}

/// The enums a unit declares (at any depth) and the names of its types' static members.
private struct TypeDeclarations: SyntaxVisitor {
    var enums: [EnumDecl] = []
    var staticMembers: [String] = []

    mutating func visit(_ node: Decl) -> SyntaxVisitorContinueKind {
        let members: TypeMembers?
        switch node {
        case .enum(let e): enums.append(e); members = e.members
        case .struct(let s): members = s.members
        case .class(let c): members = c.members
        case .table(let t): members = t.members
        case .extension(_, let m, _): members = m
        default: members = nil
        }
        if let members {
            staticMembers += members.properties.filter(\.isStatic).compactMap(\.name)
            staticMembers += members.methods.filter(\.isStatic).map(\.name)
        }
        return .visitChildren
    }
}

extension InterpreterCore {
    /// The errors for unavailable cases a unit makes (UnavailableCaseUse): its own enums
    /// and those loaded before it, which it may use.
    func unavailableCaseErrors(_ unit: SourceUnit, _ file: SourceFile) -> [Diagnostic] {
        var enumsByName: [String: EnumDecl] = [:]
        var counts: [String: Int] = [:]
        for slot in typeSlots.values {
            guard let t = slot.current else { continue }
            if t.kind == .enum, let e = t.decl as? EnumDecl { enumsByName[t.name] = e; continue }
            for n in t.staticStored.keys { counts[n, default: 0] += 1 }
            for (n, c) in t.computed where c.isStatic { counts[n, default: 0] += 1 }
            for (n, fulls) in t.methodsByBase where fulls.contains(where: { t.methods[$0]?.isStatic == true }) {
                counts[n, default: 0] += 1
            }
        }
        var declared = TypeDeclarations()
        declared.walk(unit.statements)
        for e in declared.enums { enumsByName[e.name] = e }
        guard enumsByName.values.contains(where: { $0.cases.contains(where: \.isUnavailable) }) else { return [] }
        for n in declared.staticMembers { counts[n, default: 0] += 1 }
        for e in enumsByName.values { for c in e.cases { counts[c.name, default: 0] += 1 } }
        return UnavailableCaseUse.errors(unit, file, enums: Array(enumsByName.values)) { (counts[$0] ?? 0) > 1 }
    }
}

/// The messages of UnavailableCaseUse, in swiftc's words.
enum UnavailableMessage: DiagnosticMessage, Hashable {
    case isUnavailable(name: String, message: String?)
    case markedUnavailableHere(name: String)

    var id: DiagnosticID {
        switch self {
        case .isUnavailable(_, let m): return DiagnosticID(m == nil ? "availability_decl_unavailable" : "availability_decl_unavailable_msg")
        case .markedUnavailableHere: return DiagnosticID("availability_marked_unavailable")
        }
    }

    var text: String {
        switch self {
        case .isUnavailable(let n, let m): return "'\(n)' is unavailable" + (m.map { ": \($0)" } ?? "")
        case .markedUnavailableHere(let n): return "'\(n)' has been explicitly marked unavailable here"
        }
    }
}
