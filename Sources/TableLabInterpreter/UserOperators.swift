// Operators the script writes: `static func +` in a type, and a global operator function
// (`func == (lhs: Item, rhs: Item) -> Bool`, Swift 2's way to be Equatable, still valid).
// A binary operator whose operands are values of the script's types calls the one whose
// parameter types are the operands' (Swift's overload resolution: a type's operators of one
// name are kept apart by their parameter types); the built-in meaning applies to every
// other value.
// An operator function that redeclares one the standard library declares for the same
// types (`func + (a: Int, b: Int)`) is refused by name where it is declared: Swift
// reports each use as ambiguous, and TableLab would run the built-in one (it printed 6
// for a `+` returning `a - b`: silently different). One over standard types that the
// standard library lacks (`func * (s: String, n: Int)`) is an operator like any other.

import TableLabSyntax

extension InterpreterCore {
    /// The script's type a value is an instance of (struct, enum, class); nil otherwise.
    func operandType(_ x: Value) -> UserType? {
        if let t = valueType(x) { return t }
        if case .type(.table(let instance)) = x, instance.type.kind == .class { return instance.type }
        return nil
    }

    /// swiftc's error for two values of one script type that no operator function takes:
    /// after FloatingPoint's operator (BinaryInteger's for `%`) where an operand is a call
    /// with a literal argument, as its solver settles there, else "two 'S' operands".
    func noOperatorForTwo(_ name: String, _ type: String, at loc: SourceLocation) -> RuntimeError {
        guard literalCallOperatorSites.contains(loc) else {
            return RuntimeError(PayloadMessage.binaryOperatorCannotBeApplied(op: name, type: type), at: loc)
        }
        let integer = name.hasPrefix("%")
        let proto = integer ? "BinaryInteger" : "FloatingPoint"
        let place = integer ? StandardLibraryInterface.binaryIntegerProtocol : StandardLibraryInterface.floatingPointProtocol
        return RuntimeError(ConformanceMessage.operatorOnProtocolRequiresConformance(op: name, protocol: proto, type: type), at: loc,
                            notes: [place.note(ConformanceMessage.whereSelfIs(type: type))])
    }

    /// A call with a literal among its arguments (`S(a: 1)`, `S(a: [])`).
    static func isLiteralCall(_ e: Expr) -> Bool {
        guard case .call(_, let args) = e.kind else { return false }
        return args.contains { a in
            switch a.value.kind {
            case .integer, .double, .string, .boolean, .array, .dictionary: return true
            default: return false
            }
        }
    }

    /// The type whose static operators take the value: the script's type of it, else the
    /// script's extension of its built-in type (an Array's, whatever its elements).
    func operatorHolder(_ v: Value) -> UserType? {
        if let t = operandType(v) { return t }
        if protocols.builtinExtensions.isEmpty { return nil }
        return builtinExtension(of: v) ?? protocols.builtinExtensions[typeName(v)]
    }

    /// Whether the script declares a `+=` an Array may take: a global one, or a static one
    /// of an extension of Array.
    var declaresArrayAppendOperator: Bool {
        functionsByBase["+="] != nil || protocols.valueTypeExtension(.array)?.methodsByBase["+="] != nil
    }

    /// Whether the script declares a global operator function named `name`.
    func declaresGlobalOperator(_ name: String) -> Bool { functionsByBase[name] != nil }

    /// `x op y` through an operator function of the script's: a static method of either
    /// operand's type taking two parameters, else a global function whose parameters are
    /// declared with the operands' types. nil when neither operand is a value of the
    /// script's types or no such function exists. An operand written as an integer literal
    /// (`integerLiteral`) also takes a Double parameter, as Swift types the literal, where
    /// no function takes it as the Int it is; last, a parameter of a type the operand is
    /// converted to (an Optional, a function, a collection of them, a generic type).
    func scriptOperator(_ name: String, _ x: Value, _ y: Value, _ loc: SourceLocation,
                        integerLiteral: IntegerLiteralOperand? = nil) throws -> Value? {
        // A built-in type's static operator comes from an extension of the script's.
        let tx = operatorHolder(x), ty = operatorHolder(y)
        // A global `func * (k: Double, v: Vector)` is a static member of an extension of
        // Double (OperatorFunctionLowering.swift), which `2 * v` reaches through its literal.
        let literalType = integerLiteral == nil ? nil : protocols.builtinExtensions["Double"]
        guard tx != nil || ty != nil || literalType != nil || functionsByBase[name] != nil else { return nil }
        let literal = (integerLiteral == .left, integerLiteral == .right)
        let passes: [OperandMatch] = integerLiteral == nil ? [.exact, .converted] : [.exact, .literal, .converted]
        for pass in passes {
            func operands(_ d: FunctionDecl, _ holder: UserType?) -> (Value, Value)? {
                guard d.parameters.count == 2,
                      let a = argument(d.parameters[0], x, pass, literal: literal.0, d, holder),
                      let b = argument(d.parameters[1], y, pass, literal: literal.1, d, holder) else { return nil }
                return (a, b)
            }
            for t in pass == .literal ? [tx, ty, literalType] : [tx, ty] {
                guard let t, let fulls = t.methodsByBase[name] else { continue }
                for full in fulls {
                    guard let slot = t.methods[full], slot.isStatic, let d = slot.decl,
                          !d.parameters.contains(where: \.isInout), let (a, b) = operands(d, t) else { continue }
                    let f = compiledMethod(t, slot, fullName: full)
                    machine.push(a)
                    machine.push(b)
                    return try machine.invoke(f, argc: 2, location: loc)
                }
            }
            for cell in functionsByBase[name] ?? [] {
                guard let d = cell.decl, !d.parameters.contains(where: \.isInout), let (a, b) = operands(d, nil),
                      let f = cell.compiled ?? compiled(cell) else { continue }
                machine.push(a)
                machine.push(b)
                return try machine.invoke(f, argc: 2, location: loc)
            }
        }
        return nil
    }

    /// `-v`, `!v`, `~v` through a prefix operator function of the script's: a static one of
    /// the operand's type (or of an extension of its built-in type), else a global one, that
    /// takes the operand. nil when none does.
    func scriptPrefixOperator(_ name: String, _ v: Value, _ loc: SourceLocation) throws -> Value? {
        let holder = operatorHolder(v)
        guard holder != nil || functionsByBase[name] != nil else { return nil }
        for pass in [OperandMatch.exact, .converted] {
            if let t = holder, let fulls = t.methodsByBase[name] {
                for full in fulls {
                    guard let slot = t.methods[full], slot.isStatic, let d = slot.decl, d.parameters.count == 1,
                          let a = argument(d.parameters[0], v, pass, literal: false, d, t) else { continue }
                    machine.push(a)
                    return try machine.invoke(compiledMethod(t, slot, fullName: full), argc: 1, location: loc)
                }
            }
            for cell in functionsByBase[name] ?? [] {
                guard let d = cell.decl, d.parameters.count == 1, !d.parameters[0].isInout,
                      let a = argument(d.parameters[0], v, pass, literal: false, d, nil),
                      let f = cell.compiled ?? compiled(cell) else { continue }
                machine.push(a)
                return try machine.invoke(f, argc: 1, location: loc)
            }
        }
        return nil
    }

    /// `x op= y` through a compound-assignment operator function of the script's (`static
    /// func += (l: inout Money, r: Money)`, or a global one): the place's value goes to its
    /// inout parameter in a box and comes back changed, as Swift passes it. False when no
    /// such function takes the operands; then the built-in operator applies.
    /// Where an operand is a value of the script's types and nothing takes the pair, the
    /// built-in operator cannot either: swiftc's error names the compound operator, at it
    /// (`opAt`).
    func scriptCompoundOperator(_ op: BinaryOperator, _ v: inout Value, _ y: Value, _ loc: SourceLocation,
                                opAt: SourceLocation) throws -> Bool {
        switch (v, y) {
        // The standard library's own operand pairs (as `binaryArith`): a script's operator
        // for them is refused where it is declared.
        case (.int, .int), (.double, .double), (.float, .float), (.string, .string): return false
        default: break
        }
        let name = op.rawValue + "="
        let tx = operatorHolder(v), ty = operatorHolder(y)
        guard tx != nil || ty != nil || functionsByBase[name] != nil else { return false }
        // The place's value converted for its parameter; nil where it goes as it is (moved
        // into the box, so that an array the function appends to is not copied).
        var callee: (CompiledFunction, Value?, Value)?
        let literal = integerLiteralCompoundSites.contains(opAt)
        let passes: [OperandMatch] = literal ? [.exact, .literal, .converted] : [.exact, .converted]
        for pass in passes where callee == nil {
            func takes(_ d: FunctionDecl, _ holder: UserType?) -> (Value?, Value)? {
                guard d.parameters.count == 2, d.parameters[0].isInout, !d.parameters[1].isInout,
                      argument(d.parameters[0], v, pass, literal: false, d, holder) != nil,
                      let b = argument(d.parameters[1], y, pass, literal: literal, d, holder) else { return nil }
                if pass != .converted || parameter(d.parameters[0], accepts: v) { return (nil, b) }
                return (argument(d.parameters[0], v, pass, literal: false, d, holder), b)
            }
            for t in [tx, ty] {
                guard callee == nil, let t, let fulls = t.methodsByBase[name] else { continue }
                for full in fulls {
                    guard let slot = t.methods[full], slot.isStatic, let d = slot.decl, let (a, b) = takes(d, t) else { continue }
                    callee = (compiledMethod(t, slot, fullName: full), a, b)
                    break
                }
            }
            guard callee == nil else { break }
            for cell in functionsByBase[name] ?? [] {
                guard let d = cell.decl, let (a, b) = takes(d, nil), let f = cell.compiled ?? compiled(cell) else { continue }
                callee = (f, a, b)
                break
            }
        }
        guard let (f, converted, b) = callee else {
            // `root += child` with `static func += (n: Node, k: Node)`: no inout, a plain call.
            if try scriptOperator(name, v, y, loc) != nil { return true }
            guard operandType(v) != nil || operandType(y) != nil else { return false }
            let lhs = typeName(v), rhs = typeName(y)
            if lhs == rhs { throw noOperatorForTwo(name, lhs, at: opAt) }
            throw RuntimeError(ConversionMessage.binaryOperatorOperands(op: name, lhs: lhs, rhs: rhs), at: opAt)
        }
        let box = VarBox(.void)
        swap(&box.value, &v)
        if let converted { box.value = converted }
        defer { swap(&box.value, &v) }
        machine.push(.box(box))
        machine.push(b)
        _ = try machine.invoke(f, argc: 2, location: loc)
        return true
    }

    /// The value a parameter receives for an operand in this pass: the operand itself
    /// where the parameter is declared with its type; an integer literal's Int as the
    /// Double a parameter declares; the operand as Swift converts it to the parameter's
    /// type (wrapped in an Optional, a closure for a function type, an array of them), or
    /// a value of a generic type for its own type with parameters (`Box<T>`).
    private func argument(_ p: Parameter, _ v: Value, _ pass: OperandMatch, literal: Bool,
                          _ d: FunctionDecl, _ holder: UserType?) -> Value? {
        switch pass {
        case .exact: return parameter(p, accepts: v) ? v : nil
        case .literal:
            guard literal else { return parameter(p, accepts: v) ? v : nil }
            guard case .int(let i) = v, p.type == .named("Double") else { return nil }
            return .double(Double(i))
        case .converted:
            if parameter(p, accepts: v) { return v }
            guard let declared = p.type else { return nil }
            if case .named(let n) = declared {
                if d.genericParameters.contains(where: { $0.name == n }) { return v }
                if n == "Self", let holder, builtinExtension(of: v) === holder { return v }
                guard let open = n.firstIndex(of: "<"), let t = operandType(v) else { return nil }
                let base = String(n[..<open])
                return base == t.name || base == LocalTypeNames.display(t.name) ? v : nil
            }
            return coerce(v, to: resolveType(declared))
        }
    }

    /// Whether the script declares an operator function of this name (global, or a
    /// static method of one of its types).
    func declaresScriptOperator(_ name: String) -> Bool {
        if functionsByBase[name] != nil { return true }
        return typeSlots.values.contains { $0.current?.methodsByBase[name] != nil }
    }

    /// Whether the operand is what the parameter is declared as: a value of the script's
    /// types as its own type, a superclass, or `Self` in a type's static method; any other
    /// value by its type's name (`static func * (a: Money, k: Int)`).
    private func parameter(_ p: Parameter, accepts v: Value) -> Bool {
        guard let declared = p.type?.description else { return false }
        guard let t = operandType(v) else { return typeName(v) == declared }
        if declared == "Self" { return true }
        var s: UserType? = t
        while let c = s {
            if declared == c.name || declared == LocalTypeNames.display(c.name) { return true }
            // A class instance passed where its superclass is declared.
            s = c.classInfo?.superclass
        }
        return false
    }

    /// `x op y` where an operator function of the script's takes the operands: its Bool.
    func scriptOperatorTest(_ name: String, _ x: Value, _ y: Value, _ loc: SourceLocation) throws -> Bool? {
        guard let r = try scriptOperator(name, x, y, loc) else { return nil }
        if case .bool(let b) = r { return b }
        return nil
    }
}

/// How a script's operator function's parameters are matched with the operands, in
/// order: by the operands' own types; with an integer literal taken as a Double; as Swift
/// converts them (UserOperators.swift, `argument`).
enum OperandMatch: Sendable { case exact, literal, converted }

/// Which operand of a binary operation is written as an integer literal (`2`, `-1`).
enum IntegerLiteralOperand: Sendable {
    case left, right

    /// The side of the one integer-literal operand; nil for none or both.
    init?(_ l: Expr, _ r: Expr) {
        switch (Self.isIntegerLiteral(l), Self.isIntegerLiteral(r)) {
        case (true, false): self = .left
        case (false, true): self = .right
        default: return nil
        }
    }

    private static func isIntegerLiteral(_ e: Expr) -> Bool {
        switch e.kind {
        case .integer: return true
        case .unary(.negate, let x): return isIntegerLiteral(x)
        default: return false
        }
    }
}

extension InterpreterCore {
    /// Global operator functions the standard library already declares for the same
    /// parameter types: refused by name at the declaration (see the file comment).
    func standardTypeOperatorErrors(_ unit: SourceUnit, _ file: SourceFile) -> [Diagnostic] {
        var found: [Diagnostic] = []
        for s in unit.statements {
            guard case .declaration(.function(let f)) = s.kind, f.isOperator, f.parameters.count == 2,
                  case .named(let t)? = f.parameters[0].type, f.parameters[1].type == .named(t),
                  typeSlots[t]?.current == nil, Self.standardOperators(of: t).contains(f.name) else { continue }
            let types = "(" + f.parameters.map { $0.type!.description }.joined(separator: ", ") + ")"
            found.append(.error(UserOperatorMessage.onStandardTypes(name: f.name, types: types), at: Self.nameLocation(f), in: file))
        }
        return found
    }

    /// The binary operators the standard library declares with both operands of type `t`
    /// (concrete members, which a script's declaration for the same types is ambiguous
    /// with; `~=` is generic there, so a script's own one is preferred, not ambiguous).
    static func standardOperators(of t: String) -> Set<String> {
        let comparisons: Set<String> = ["==", "!=", "<", "<=", ">", ">="]
        switch t {
        case "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64":
            return comparisons.union(["+", "-", "*", "/", "%", "&", "|", "^", "<<", ">>", "&+", "&-", "&*", "&<<", "&>>",
                                      "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<<=", ">>="])
        case "Double", "CGFloat", "Float":
            return comparisons.union(["+", "-", "*", "/", "+=", "-=", "*=", "/="])
        case "String": return comparisons.union(["+", "+="])
        case "Character": return comparisons
        case "Bool": return ["==", "!=", "&&", "||"]
        default: return []
        }
    }
}

enum UserOperatorMessage: DiagnosticMessage, Hashable {
    case onStandardTypes(name: String, types: String)

    var id: DiagnosticID { DiagnosticID("tablelab_operator_on_standard_types") }

    var text: String {
        switch self {
        case .onStandardTypes(let name, let types):
            return "an operator function '\(name)' on standard library types \(types) is not supported in TableLab: Swift would find it ambiguous with the standard library's '\(name)'"
        }
    }
}
