// A literal takes its type from its context: `UIColor(red: 6 / 255, ...)` divides CGFloats
// (0.0235) because the parameter is a CGFloat. A host callable (a native function, a host
// class's method or property) has no declaration for the interpreter to read, so its
// arguments were compiled without context and `6 / 255` was an integer division, 0: a
// silently different colour. The host gives its callables' numeric parameter types by full
// name (`hosting.parameterTypes`, from the UIKit stub); where it gives none for an argument
// whose value depends on the type, the call is refused by name rather than run as Ints.
// A script method's declared numeric parameters are the context of a call on a value of
// the script's type the same way (`s.scale(1 / 4)` with `func scale(_ x: Double)`).

import TableLabSyntax

extension InterpreterCore {
    /// The interpreter's type for a host's numeric type name; nil for any other.
    static func hostNumericType(_ name: String?) -> RType? {
        switch name {
        case "CGFloat", "Double", "TimeInterval": return .double
        case "Float": return .float
        case "Int": return .int
        default: return nil
        }
    }

    /// The contexts the host gives the `count` arguments of its callable `fullName`; nil
    /// when it types none of them.
    func hostArgumentContexts(_ fullName: String, _ count: Int) -> [RType?]? {
        guard let types = hosting.parameterTypes?(fullName), types.count == count else { return nil }
        let contexts = types.map(Self.hostNumericType)
        return contexts.contains { $0 != nil } ? contexts : nil
    }

    /// The push of a native function's arguments, each typed by the host's parameter type;
    /// an argument whose value depends on a type the host does not give is refused.
    func compileHostPushArgs(_ args: [Argument], _ scope: FnScope, fullName: String) -> PushArgs {
        let contexts = hostArgumentContexts(fullName, args.count)
        if let refusal = untypedLiteralArithmetic(args, contexts, callee: fullName) { return { _ in throw refusal } }
        return compilePushArgs(args, scope, expected: contexts)
    }

    /// `UIColor(red:green:blue:alpha:)` called on the host's type value: its parameters'
    /// contexts, as for its native function.
    /// An argument whose value depends on a type the host does not give is refused.
    func hostInitializerContexts(_ callee: Expr, _ args: [Argument]) -> (types: [RType?]?, refusal: RuntimeError?) {
        guard case .identifier(let name) = callee.kind, hosting.typeNames.contains(name) else { return (nil, nil) }
        let fullName = name + "(" + labelsString(args.map(\.label)) + ")"
        let types = hostArgumentContexts(fullName, args.count)
        return (types, untypedLiteralArithmetic(args, types, callee: fullName))
    }

    /// The error for the first argument of `args` that is integer-literal arithmetic whose
    /// value depends on its type, where `contexts` gives it none.
    func untypedLiteralArithmetic(_ args: [Argument], _ contexts: [RType?]?, callee: String) -> RuntimeError? {
        for (i, a) in args.enumerated() where Self.literalArithmeticDependsOnType(a.value) {
            if let contexts, i < contexts.count, contexts[i] != nil { continue }
            return RuntimeError(UnsupportedMessage.untypedLiteralArithmeticArgument(callee: callee), at: a.value.location)
        }
        return nil
    }

    /// The contexts of a method call's arguments where nothing else gives them: the script
    /// method's declared numeric parameters on a value of a script type, else the host's
    /// for a receiver the interpreter does not type or types as a host or script class.
    func methodArgumentContexts(_ fullName: String, _ count: Int, receiver: RType?) -> [RType?]? {
        if let f = scriptMethod(fullName, receiver: receiver) {
            guard f.genericParameters.isEmpty, f.parameters.count == count else { return nil }
            let types: [RType?] = f.parameters.map { p in
                guard let declared = p.type, !p.isInout, !p.isVariadic else { return nil }
                switch resolveType(declared) {
                case .double: return .double
                case .float: return .float
                default: return nil
                }
            }
            return types.contains { $0 != nil } ? types : nil
        }
        switch Self.unwrappedReceiver(receiver) {
        case nil, .external?, .conforming?, .any?, .user?: return hostArgumentContexts(fullName, count)
        default: return nil
        }
    }

    private static func unwrappedReceiver(_ receiver: RType?) -> RType? {
        var unwrapped = receiver
        while case .optional(let w)? = unwrapped { unwrapped = w }
        return unwrapped
    }

    /// The script's method `fullName` a call on `receiver` may reach: the script type's, or
    /// for a host or untyped receiver one a host class's extension declares.
    private func scriptMethod(_ fullName: String, receiver: RType?) -> FunctionDecl? {
        switch Self.unwrappedReceiver(receiver) {
        case .user(let slot)?:
            return slot.current?.methods[fullName]?.decl
        case nil, .external?, .conforming?, .any?:
            for t in protocols.builtinExtensions.values { if let f = t.methods[fullName]?.decl { return f } }
            return nil
        default:
            return nil
        }
    }

    /// A method call whose integer-literal arithmetic argument has no context: refused when
    /// the receiver turns out to be a host object, whose parameter's type TableLab does not know.
    func refusingUntypedHostArguments(_ dispatch: @escaping Dispatch, _ name: String, _ args: [Argument], _ receiver: RType?) -> Dispatch {
        guard args.contains(where: { Self.literalArithmeticDependsOnType($0.value) }) else { return dispatch }
        let fullName = name + "(" + labelsString(args.map(\.label)) + ")"
        // A script's method (a host class's extension's too) types its own arguments.
        guard scriptMethod(fullName, receiver: receiver) == nil else { return dispatch }
        guard let refusal = untypedLiteralArithmetic(args, methodArgumentContexts(fullName, args.count, receiver: receiver), callee: fullName) else {
            return dispatch
        }
        return { [core = Unretained(self)] m, v, argc, mutable, reason in
            if case .object(let o) = v, core.object.hosting.typeNames.contains(o.typeName) { m.pop(argc); throw refusal }
            return try dispatch(m, &v, argc, mutable, reason)
        }
    }

    /// `Scale().apply(1 / 8)`: the receiver is the script type it constructs.
    func constructedScriptType(_ base: Expr, _ scope: FnScope) -> RType? {
        guard case .call(let callee, _) = base.kind, case .identifier(let name) = callee.kind, scope.findLocal(name) == nil,
              let slot = typeSlots[name], slot.current != nil else { return nil }
        return .user(slot)
    }

    /// The context of a value assigned to `target`, a host property of a numeric type
    /// (`view.alpha = 1 / 2` divides CGFloats), where the target's type is not known.
    func hostPropertyContext(_ target: Expr) -> RType? {
        guard case .member(_, let name) = target.kind else { return nil }
        return Self.hostNumericType(hosting.propertyType?(name))
    }

    /// `slider.value = 1 / 2` where the host's classes declare `value` with different types:
    /// the division's result depends on which, and TableLab does not know the receiver's.
    func hostPropertyRefusal(_ target: Expr, _ value: Expr) -> RuntimeError? {
        guard case .member(_, let name) = target.kind, Self.literalArithmeticDependsOnType(value),
              let type = hosting.propertyType?(name), Self.hostNumericType(type) == nil else { return nil }
        return RuntimeError(UnsupportedMessage.untypedLiteralArithmeticArgument(callee: name), at: value.location)
    }

    /// Whether `e` is arithmetic on integer literals alone with a floating-point context:
    /// its literals are of that type, not the Ints the integer fast path computes.
    func literalsTakeFloatingContext(_ e: Expr, _ expected: RType?) -> Bool {
        guard let expected else { return false }
        switch unwrapOptional(expected) {
        case .double, .float: return Self.literalArithmeticValues(e) != nil
        default: return false
        }
    }

    /// Whether `e` is arithmetic on integer literals alone whose value as Ints differs from
    /// its value as Doubles (`6 / 255`, `17 * 3 / 2`); `255 / 5` and `2 + 3` are the same.
    static func literalArithmeticDependsOnType(_ e: Expr) -> Bool {
        guard case .binary = e.kind, let (i, d) = literalArithmeticValues(e) else { return false }
        return Double(i) != d
    }

    private static func literalArithmeticValues(_ e: Expr) -> (Int, Double)? {
        switch e.kind {
        case .integer(let i): return (i, Double(i))
        case .unary(.negate, let x):
            guard let (i, d) = literalArithmeticValues(x), i != Int.min else { return nil }
            return (-i, -d)
        case .unary(.plus, let x): return literalArithmeticValues(x)
        case .binary(let op, let l, let r):
            guard let (a, x) = literalArithmeticValues(l), let (b, y) = literalArithmeticValues(r) else { return nil }
            switch op {
            case .add: let (s, o) = a.addingReportingOverflow(b); return o ? nil : (s, x + y)
            case .subtract: let (s, o) = a.subtractingReportingOverflow(b); return o ? nil : (s, x - y)
            case .multiply: let (s, o) = a.multipliedReportingOverflow(by: b); return o ? nil : (s, x * y)
            case .divide: return b == 0 ? nil : (a / b, x / y)
            default: return nil
            }
        default: return nil
        }
    }
}
