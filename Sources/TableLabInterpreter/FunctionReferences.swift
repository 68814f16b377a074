// A function named with its argument labels as a value (`forward(_:_:)`,
// `completion: setReports(reports:)`, `self.handle(x:)`). The labels choose among a base
// name's overloads; where one declaration has the base name, the reference is that
// name's ordinary value. Where the labels match nothing, swiftc's "cannot find"; where the
// choice would need the receiver's type (a member of another value with overloads of that
// base name), the construct is named rather than guessed.

import TableLabSyntax

extension InterpreterCore {
    func compileFunctionReference(_ e: Expr, _ scope: FnScope) -> Eval {
        var bare = e
        bare.argumentLabels = nil
        let loc = e.location
        switch e.kind {
        case .identifier(let name):
            guard let full = e.fullName(name) else { break }
            if scope.findLocal(name) == nil, let t = scope.selfType, let fulls = t.methodsByBase[name] {
                if fulls == [full] { return compileExpr(bare, scope, expected: nil) }
                if !fulls.contains(full) { return cannotFind(full, loc) }
                break
            }
            if scope.findLocal(name) == nil, let cells = functionsByBase[name] {
                guard let cell = cells.first(where: { $0.fullName == full }) else { return cannotFind(full, loc) }
                if cells.count == 1 { return compileExpr(bare, scope, expected: nil) }
                return { [core = Unretained(self)] _ in
                    guard let f = core.object.compiled(cell) else { throw RuntimeError(LookupMessage.cannotFindInScope(full), at: loc) }
                    return .function(FunctionValue(code: f, captures: []))
                }
            }
            return cannotFind(full, loc)
        case .member(_, let name), .implicitMember(let name):
            guard let full = e.fullName(name) else { break }
            let fulls = Set(methodFullNames(base: name))
            if fulls == [full] { return compileExpr(bare, scope, expected: nil) }
        default:
            break
        }
        let spelled = e.fullName(Self.referencedName(e)) ?? ""
        return { _ in throw RuntimeError(UnsupportedMessage.functionReferenceWithLabels(spelled), at: loc) }
    }

    private func cannotFind(_ full: String, _ loc: SourceLocation) -> Eval {
        { _ in throw RuntimeError(LookupMessage.cannotFindInScope(full), at: loc) }
    }

    /// Every full name the script's types and its extensions of host classes declare for
    /// a method of this base name.
    private func methodFullNames(base: String) -> [String] {
        var names: [String] = []
        for t in types where typeSlots[t.name]?.current === t { names += t.methodsByBase[base] ?? [] }
        for h in protocols.builtinExtensions.values { names += h.methodsByBase[base] ?? [] }
        return names
    }

    private static func referencedName(_ e: Expr) -> String {
        switch e.kind {
        case .identifier(let n), .member(_, let n), .implicitMember(let n): return n
        default: return ""
        }
    }
}

// `compactMap(Version.init)`, `map(Person.init(name:))`: a script type's initializer named as
// a function value is a closure that calls it (it was "type 'Version' has no member 'init'").
// Where the labels (or their absence) leave more than one initializer, the reference is not
// rewritten and stays an error.
extension InterpreterCore {
    /// `T.init` or `T.init(a:b:)` read as a value, where `T` is a script type: a closure
    /// `{ T(a: $0, b: $1) }`; nil for anything else.
    func initializerReference(_ e: Expr, _ scope: FnScope) -> Expr? {
        guard case .member(let base, "init") = e.kind, case .identifier(let tn) = base.kind,
              scope.findLocal(tn) == nil, let t = userType(tn), t.kind != .table else { return nil }
        var candidates: [[String?]] = t.initializers.map { $0.parameters.map(\.label) }
        if candidates.isEmpty, t.kind == .struct {
            var labels: [String?] = []
            for (i, n) in t.fieldNames.enumerated() where !n.hasPrefix(LazyProperty.storagePrefix) {
                if t.fieldIsLet[i] && t.fieldDefaults[i] != nil { continue }
                labels.append(n)
            }
            candidates = [labels]
        }
        if let written = e.argumentLabels { candidates = candidates.filter { $0 == written } }
        guard candidates.count == 1, let labels = candidates.first else { return nil }
        let at = e.location
        let args = labels.enumerated().map { i, label in
            Argument(label: label, value: Expr(.shorthandParameter(i), at: at), location: at)
        }
        let call = Expr(.call(Expr(.identifier(tn), at: at), args), at: at, range: e.range)
        let closure = ClosureExpr(parameters: [], returnType: nil, body: [Stmt(.expression(call), at: at)],
                                  shorthandParameterCount: labels.count)
        return Expr(.closure(closure), at: at, range: e.range)
    }
}
