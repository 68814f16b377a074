import TableLabSyntax

// Swift's two-phase initialization, checked where a class is declared (swiftc checks it
// at compile time): a designated initializer may not use `self` (call a method, read a
// computed property, pass `self` along) before `super.init` in a subclass, or before every
// stored property is set in a root class. The body is read in source order, so a use
// after the point where straight-line code has set everything is accepted (swiftc's flow
// analysis may still reject a property set on one branch only: TableLab then reports the
// unset property when the initializer returns, at run time).

struct InitPhaseCheck: SyntaxVisitor {
    let methods: Set<String>
    let computed: Set<String>
    /// Stored properties that need a value from the initializer, with their names' locations.
    let required: [(name: String, at: SourceLocation)]
    let derived: Bool
    var assigned: Set<String> = []
    var locals: Set<String>
    var superCalled = false
    var found: RuntimeError?

    private var inPhaseOne: Bool {
        derived ? !superCalled : required.contains { !assigned.contains($0.name) }
    }

    private mutating func report(_ use: String?, at loc: SourceLocation) {
        guard found == nil, inPhaseOne else { return }
        let when = derived ? "before 'super.init' call" : "before all stored properties are initialized"
        let notes: [Diagnostic] = derived ? [] : required.filter { !assigned.contains($0.name) }.map {
            .note(NoteMessage.propertyNotInitialized($0.name), at: $0.at)
        }
        found = RuntimeError(AssignmentMessage.selfUsedBeforeInit(use: use.map { $0 + " " } ?? "", when: when), at: loc, notes: notes)
    }

    /// `name` as written in the body names a member of self (not a local or parameter).
    private func isSelfMember(_ callee: Expr) -> (String, SourceLocation)? {
        switch callee.kind {
        case .identifier(let n) where !locals.contains(n): return (n, callee.location)
        case .member(let b, let n):
            if case .self = b.kind { return (n, SourceLocation(line: callee.range.end.line, column: callee.range.end.column - n.count)) }
            return nil
        default: return nil
        }
    }

    mutating func visit(_ s: Stmt) -> SyntaxVisitorContinueKind {
        if found != nil { return .skipChildren }
        switch s.kind {
        case .assignment(let target, let op, let value):
            walk(value)
            if op == .assign, let (n, _) = isSelfMember(target), required.contains(where: { $0.name == n }) {
                assigned.insert(n)
            } else if op == .assign, let (n, _) = isSelfMember(target), computed.contains(n), s.operatorLocation != .unknown {
                // A setter's call: swiftc points at its `=`.
                report("in property access '\(n)'", at: s.operatorLocation)
            } else {
                walk(target)
            }
            return .skipChildren
        case .declaration(.variable(let v)):
            if let n = v.name { locals.insert(n) }
            return .visitChildren
        default:
            return .visitChildren
        }
    }

    mutating func visit(_ e: Expr) -> SyntaxVisitorContinueKind {
        if found != nil { return .skipChildren }
        switch e.kind {
        case .closure:
            return .skipChildren
        case .call(let callee, let args):
            if case .member(let b, "init") = callee.kind {
                for a in args { walk(a.value) }
                if case .identifier("super") = b.kind { superCalled = true }
                return .skipChildren
            }
            if let (n, at) = isSelfMember(callee), methods.contains(n) {
                report("in method call '\(n)'", at: at)
            } else if args.contains(where: { if case .self = $0.value.kind { return true }; return false }) {
                var name: String? = nil
                switch callee.kind {
                case .identifier(let n): name = n
                case .member(_, let n): name = n
                default: break
                }
                report(name.map { "in method call '\($0)'" }, at: callee.location)
            }
            return .visitChildren
        case .member(let b, let n):
            if case .self = b.kind {
                if computed.contains(n) {
                    report("in property access '\(n)'", at: SourceLocation(line: e.range.end.line, column: e.range.end.column - n.count))
                }
                return .skipChildren
            }
            return .visitChildren
        case .identifier(let n):
            if !locals.contains(n), computed.contains(n) { report("in property access '\(n)'", at: e.location) }
            return .visitChildren
        case .self:
            report(nil, at: e.location)
            return .visitChildren
        default:
            return .visitChildren
        }
    }
}

extension InterpreterCore {
    /// swiftc's phase-one errors of a class's designated initializers (see above).
    func checkInitPhaseOne(_ t: UserType, _ info: ClassInfo, _ inits: [FunctionDecl], derived: Bool) throws {
        var methods = Set<String>()
        for (full, slot) in t.methods where !slot.isStatic { methods.insert(String(full.prefix { $0 != "(" })) }
        let computed = Set(t.computed.filter { !$0.value.isStatic }.keys)
        var required: [(name: String, at: SourceLocation)] = []
        for i in 0..<t.fieldNames.count where t.fieldDefaults[i] == nil && !(!t.fieldIsLet[i] && isOptionalType(t.fieldTypes[i])) {
            if t.fieldNames[i].hasPrefix(LazyProperty.storagePrefix) { continue }
            required.append((t.fieldNames[i], i < info.fieldNameLocations.count ? info.fieldNameLocations[i] : t.fieldLocations[i]))
        }
        for d in inits {
            var check = InitPhaseCheck(methods: methods, computed: computed, required: required, derived: derived,
                                       locals: Set(d.parameters.map(\.name)))
            check.walk(d.body)
            if let e = check.found { throw e }
        }
    }
}
