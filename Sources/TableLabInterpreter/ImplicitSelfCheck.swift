// swiftc refuses a class's property or method named without `self.` in an escaping closure
// ("reference to property 'x' in closure requires explicit use of 'self' to make capture
// semantics explicit"): the closure keeps the instance alive, and Swift wants that written.
// TableLab ran such a closure as if `self.` were there. Before the unit runs, this finds the
// closures that surely escape, in a class's method or initializer:
// - a closure given to a parameter written `@escaping` of the class's own method (`run { }`,
//   `self.run { }`) or of a global function (one of that name);
// - a closure assigned to a property of the class (`done = { }`, `self.done = { }`).
// A capture list naming `self` (`[self]`, `[weak self]`, `[unowned self]`) leaves the closure
// to the run. A struct's or enum's `self` may be implicit there (Swift 5.3), so only classes.

import TableLabSyntax

/// Where a bare name of the class is used in an escaping closure.
private struct MemberReference {
    var name: String
    var at: SourceLocation
    var isCall: Bool
    /// The closures between the escaping closure and the reference (a nested escaping
    /// closure reports it itself).
    var nested: [SourceLocation]
}

/// An escaping closure met by the walk, with the bare names in it that may mean members.
private struct EscapingClosure {
    var brace: SourceLocation
    var references: [MemberReference]
}

/// The bare names an escaping closure's body uses, and those it declares itself (any of
/// them, anywhere in it: a name it declares is not followed).
private struct BareNames: SyntaxVisitor {
    var references: [MemberReference] = []
    var declared = Set<String>()
    var mentionsSelfCapture = false
    private var calledAt = Set<SourceLocation>()
    private var closures: [SourceLocation] = []

    mutating func visit(_ node: Expr) -> SyntaxVisitorContinueKind {
        switch node.kind {
        case .identifier(let n):
            references.append(MemberReference(name: n, at: node.location, isCall: calledAt.contains(node.location), nested: closures))
        case .call(let callee, _):
            if case .identifier = callee.kind { calledAt.insert(callee.location) }
        case .closure(let c):
            if c.captureList.contains(where: { $0.name == "self" }) { mentionsSelfCapture = true }
            declared.formUnion(c.parameters.map(\.name))
            closures.append(node.location)
        default:
            break
        }
        return .visitChildren
    }

    mutating func visitPost(_ node: Expr) {
        if case .closure = node.kind { closures.removeLast() }
    }

    mutating func visit(_ node: Stmt) -> SyntaxVisitorContinueKind {
        switch node.kind {
        case .if(let i): declare(i.conditions)
        case .guard(let conditions, _), .while(let conditions, _): declare(conditions)
        case .doCatch: declared.insert("error")
        default: break
        }
        return .visitChildren
    }

    mutating func visit(_ node: Decl) -> SyntaxVisitorContinueKind {
        switch node {
        case .variable(let v): declared.formUnion(LexicalScopes.names(in: v.pattern))
        case .function(let f): declared.insert(f.name); declared.formUnion(f.parameters.map(\.name))
        default: break
        }
        return .visitChildren
    }

    mutating func visit(_ node: Pattern) -> SyntaxVisitorContinueKind {
        declared.formUnion(LexicalScopes.names(in: node))
        return .visitChildren
    }

    private mutating func declare(_ conditions: [Condition]) {
        for c in conditions {
            switch c {
            case .optionalBinding(let n, _, _, _): declared.insert(n)
            case .patternMatch(let p, _): declared.formUnion(LexicalScopes.names(in: p))
            case .expression: break
            }
        }
    }
}

struct ImplicitSelfCheck: ScopedCheck {
    let file: SourceFile
    /// A script class by name.
    let classNamed: (String) -> ClassDecl?
    /// The global function of a name, when one function has it.
    let functionNamed: (String) -> FunctionDecl?
    private var escaping: [EscapingClosure] = []

    init(file: SourceFile, classNamed: @escaping (String) -> ClassDecl?, functionNamed: @escaping (String) -> FunctionDecl?) {
        self.file = file
        self.classNamed = classNamed
        self.functionNamed = functionNamed
    }

    /// The findings: each reference from the innermost escaping closure that holds it.
    var found: [Diagnostic] {
        let braces = Set(escaping.map(\.brace))
        var out: [Diagnostic] = []
        for c in escaping {
            for r in c.references where !r.nested.contains(where: braces.contains) {
                let message: ImplicitSelfMessage = r.isCall ? .methodCallNeedsSelf(r.name) : .propertyNeedsSelf(r.name)
                out.append(.error(message, at: r.at, in: file,
                                  notes: [.note(ImplicitSelfMessage.referenceSelfExplicitly, at: r.at, in: file),
                                          .note(ImplicitSelfMessage.captureSelfExplicitly, at: c.brace, in: file)]))
            }
        }
        return out
    }

    mutating func call(_ e: Expr, callee: Expr, args: [Argument], _ role: ExpressionRole, _ scopes: LexicalScopes, _ place: WalkPlace) {
        guard let owner = classOwner(place) else { return }
        let target: FunctionDecl?
        switch callee.kind {
        case .identifier(let n) where scopes.lookup(n) == nil: target = method(n, of: owner) ?? functionNamed(n)
        case .member(let base, let n): if case .self = base.kind { target = method(n, of: owner) } else { target = nil }
        default: target = nil
        }
        guard let f = target, f.parameters.count == args.count else { return }
        for (p, a) in zip(f.parameters, args) where p.typeAttributes.contains("escaping") {
            escapingClosure(a.value, owner, scopes)
        }
    }

    mutating func statement(_ s: Stmt, _ scopes: LexicalScopes, _ place: WalkPlace) {
        guard case .assignment(let target, .assign, let value) = s.kind, let owner = classOwner(place) else { return }
        let name: String
        switch target.kind {
        case .identifier(let n) where scopes.lookup(n) == nil: name = n
        case .member(let base, let n): guard case .self = base.kind else { return }; name = n
        default: return
        }
        guard isMember(name, of: owner, calls: false) else { return }
        escapingClosure(value, owner, scopes)
    }

    /// The class whose method (not a static one) or initializer this code is in.
    private func classOwner(_ place: WalkPlace) -> ClassDecl? {
        guard let m = place.method, !m.isStatic, let owner = place.owner else { return nil }
        return classNamed(owner)
    }

    private mutating func escapingClosure(_ value: Expr, _ owner: ClassDecl, _ scopes: LexicalScopes) {
        guard case .closure(let c) = value.kind else { return }
        var names = BareNames()
        names.declared.formUnion(c.parameters.map(\.name))
        if c.captureList.contains(where: { $0.name == "self" }) { return }
        names.walk(c.body)
        guard !names.mentionsSelfCapture else { return }
        let references = names.references.filter {
            !names.declared.contains($0.name) && scopes.lookup($0.name) == nil && isMember($0.name, of: owner, calls: $0.isCall)
        }
        if !references.isEmpty { escaping.append(EscapingClosure(brace: value.location, references: references)) }
    }

    /// The class's (or a script superclass's) instance method of that base name, when one.
    private func method(_ name: String, of c: ClassDecl) -> FunctionDecl? {
        var found: [FunctionDecl] = []
        forEachClass(from: c) { found += $0.members.methods.filter { $0.name == name && !$0.isStatic } }
        return found.count == 1 ? found[0] : nil
    }

    private func isMember(_ name: String, of c: ClassDecl, calls: Bool) -> Bool {
        var found = false
        forEachClass(from: c) { k in
            if k.members.properties.contains(where: { !$0.isStatic && LexicalScopes.names(in: $0.pattern).contains(name) }) { found = true }
            if calls, k.members.methods.contains(where: { $0.name == name && !$0.isStatic }) { found = true }
        }
        return found
    }

    private func forEachClass(from c: ClassDecl, _ body: (ClassDecl) -> Void) {
        var next: ClassDecl? = c
        var depth = 0
        while let k = next, depth < 64 {
            body(k)
            next = k.inherited.first.flatMap(classNamed)
            depth += 1
        }
    }
}

enum ImplicitSelfMessage: DiagnosticMessage, Hashable {
    case propertyNeedsSelf(String)
    case methodCallNeedsSelf(String)
    case referenceSelfExplicitly
    case captureSelfExplicitly

    var id: DiagnosticID {
        switch self {
        case .propertyNeedsSelf: return DiagnosticID("property_use_in_closure_without_explicit_self")
        case .methodCallNeedsSelf: return DiagnosticID("method_call_in_closure_without_explicit_self")
        case .referenceSelfExplicitly: return DiagnosticID("note_reference_self_explicitly")
        case .captureSelfExplicitly: return DiagnosticID("note_capture_self_explicitly")
        }
    }

    var text: String {
        switch self {
        case .propertyNeedsSelf(let n):
            return "reference to property '\(n)' in closure requires explicit use of 'self' to make capture semantics explicit"
        case .methodCallNeedsSelf(let n):
            return "call to method '\(n)' in closure requires explicit use of 'self' to make capture semantics explicit"
        case .referenceSelfExplicitly: return "reference 'self.' explicitly"
        case .captureSelfExplicitly: return "capture 'self' explicitly to enable implicit 'self' in this closure"
        }
    }
}

extension InterpreterCore {
    /// The implicit-`self` check of a unit, for the shared walk (ScopedWalk.swift): the unit's
    /// classes and functions (not declared yet when it is checked), then those loaded before.
    func implicitSelfCheck(_ unit: SourceUnit, _ file: SourceFile) -> ImplicitSelfCheck {
        var classes: [String: ClassDecl] = [:]
        var others = Set<String>()
        var functions: [String: [FunctionDecl]] = [:]
        for s in unit.statements {
            guard case .declaration(let d) = s.kind else { continue }
            switch d {
            case .class(let c): classes[c.name] = c
            case .struct(let x): others.insert(x.name)
            case .enum(let x): others.insert(x.name)
            case .function(let f): functions[f.name, default: []].append(f)
            default: break
            }
        }
        return ImplicitSelfCheck(file: file, classNamed: { [unowned self] n in
            if let c = classes[n] { return c }
            guard !others.contains(n), let t = self.userType(n), t.kind == .class else { return nil }
            return t.decl as? ClassDecl
        }, functionNamed: { [unowned self] n in
            let decls = functions[n] ?? (self.functionsByBase[n] ?? []).compactMap(\.decl)
            return decls.count == 1 ? decls[0] : nil
        })
    }
}
