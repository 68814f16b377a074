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
    /// The stored properties a script superclass declares: `super.init` sets them.
    let inherited: Set<String>
    var assigned: Set<String> = []
    var locals: Set<String>
    /// Every name the body binds anywhere (an `if let`, a `for`): a bare one may not be a property.
    let bound: Set<String>
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

    /// A read of a property of the class's own that no statement before has set: swiftc's
    /// definite-initialization error (TableLab reported it when the read ran, after the
    /// output before it).
    private mutating func readsUnset(_ n: String, at loc: SourceLocation) {
        guard found == nil, !assigned.contains(n), !inherited.contains(n), required.contains(where: { $0.name == n }) else { return }
        // swiftc says "variable" of a `let` property too.
        found = RuntimeError(AssignmentMessage.selfPropertyUsedBeforeInitialized(n), at: loc)
    }

    /// A superclass's stored property used before `super.init` has set it.
    private func isInheritedBeforeSuperInit(_ n: String) -> Bool { derived && !superCalled && inherited.contains(n) }

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

    /// A bare name that some binding of the body may be.
    private func isBound(_ target: Expr) -> Bool {
        if case .identifier(let n) = target.kind { return locals.contains(n) || bound.contains(n) }
        return false
    }

    mutating func visit(_ s: Stmt) -> SyntaxVisitorContinueKind {
        if found != nil { return .skipChildren }
        switch s.kind {
        case .assignment(let target, let op, let value):
            walk(value)
            if let (n, _) = isSelfMember(target), isInheritedBeforeSuperInit(n), !isBound(target) {
                // `x = 1` calls no accessor of self but stores through it: at the `=`;
                // `x += 1` reads self first.
                if op == .assign, s.operatorLocation != .unknown { report("in property access '\(n)'", at: s.operatorLocation) }
                else { report(nil, at: target.location) }
            } else if op != .assign, let (n, at) = isSelfMember(target), !isBound(target) {
                readsUnset(n, at: at)
            } else if !isInheritedBeforeSuperInit(isSelfMember(target)?.0 ?? ""), op == .assign,
                      let (n, _) = isSelfMember(target), required.contains(where: { $0.name == n }) {
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
                let at = SourceLocation(line: e.range.end.line, column: e.range.end.column - n.count)
                if computed.contains(n) || isInheritedBeforeSuperInit(n) {
                    report("in property access '\(n)'", at: at)
                } else {
                    readsUnset(n, at: at)
                }
                return .skipChildren
            }
            return .visitChildren
        case .identifier(let n):
            guard !locals.contains(n), !bound.contains(n) else { return .visitChildren }
            if computed.contains(n) || isInheritedBeforeSuperInit(n) { report("in property access '\(n)'", at: e.location) }
            else { readsUnset(n, at: e.location) }
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
        let inherited = Set(info.superclass?.fieldNames ?? [])
        for i in 0..<t.fieldNames.count where t.fieldDefaults[i] == nil && !(!t.fieldIsLet[i] && isOptionalType(t.fieldTypes[i])) {
            if t.fieldNames[i].hasPrefix(LazyProperty.storagePrefix) { continue }
            required.append((t.fieldNames[i], i < info.fieldNameLocations.count ? info.fieldNameLocations[i] : t.fieldLocations[i]))
        }
        for d in inits {
            var check = InitPhaseCheck(methods: methods, computed: computed, required: required, derived: derived,
                                       inherited: inherited, locals: Set(d.parameters.map(\.name)),
                                       bound: Resolver.resolve(parameters: d.parameters, body: d.body).boundNames)
            check.walk(d.body)
            if let e = check.found { throw e }
        }
    }
}
