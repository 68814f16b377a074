// Operators and initializers used as functions: `sorted(by: >)`, `reduce(0, +)`,
// `map(String.init)`, `compactMap(Int.init)`.

import TableLabSyntax
import TableLabExhaustiveness

extension InterpreterCore {
    /// The function an operator names when it is passed as a value (the parser reads a
    /// lone operator in an argument list as an identifier). nil for any other name.
    func operatorFunction(_ name: String) -> FunctionValue? {
        guard let first = name.utf8.first, !(first == UInt8(ascii: "_") || first >= 0x80
              || (first | 0x20 >= UInt8(ascii: "a") && first | 0x20 <= UInt8(ascii: "z"))) else { return nil }
        // The prefix operators that are no binary one too: `map(!)`, `map(~)`.
        if name == "!" || name == "~" {
            return FunctionValue(arity: 1) { [core = Unretained(self)] a in
                switch (name, a.count == 1 ? a[0] : .void) {
                case ("!", .bool(let b)): return .bool(!b)
                case ("~", .int(let i)): return .int(~i)
                default:
                    let operand = a.count == 1 ? core.object.typeName(a[0]) : "(\(a.map { core.object.typeName($0) }.joined(separator: ", ")))"
                    throw RuntimeError(ConversionMessage.unaryOperatorOperand(op: name, type: operand), at: .unknown)
                }
            }
        }
        if let op = BinaryOperator(rawValue: name) {
            switch op {
            case .and, .or, .nilCoalescing, .halfOpenRange, .closedRange, .identical, .notIdentical: return nil
            case .equal, .notEqual:
                return FunctionValue(arity: 2) { [core = Unretained(self)] a0 in
                    let a = try core.object.operands(a0, op)
                    return .bool(core.object.equal(a[0], a[1]) == (op == .equal))
                }
            case .less, .lessEqual, .greater, .greaterEqual:
                return FunctionValue(arity: 2) { [core = Unretained(self)] a0 in
                    let a = try core.object.operands(a0, op)
                    // compare consults the type's own `static func <` before the built-in order.
                    return try core.object.compare(op, a[0], a[1], .unknown)
                }
            default:
                return FunctionValue(arity: 2) { [core = Unretained(self)] a0 in
                    let a = try core.object.operands(a0, op)
                    // The script's own operator for its types (`func - (a: V, b: V) -> Int`),
                    // as `x - y` calls it: `(-)` is that function too.
                    if let r = try core.object.scriptOperator(name, a[0], a[1], .unknown) { return r }
                    return try core.object.arith(op, a[0], a[1], .unknown)
                }
            }
        }
        return nil
    }

    /// `abs`, `min`, `max` of the standard library as values (`map(abs)`, `reduce(0, max)`),
    /// where the script declares nothing of that name.
    func libraryFunctionValue(_ name: String) -> FunctionValue? {
        switch name {
        case "abs":
            return FunctionValue(arity: 1) { [core = Unretained(self)] a in
                switch a.count == 1 ? a[0] : .void {
                case .int(let i):
                    if i == Int.min { throw RuntimeError(TrapMessage.negationOverflow, at: .unknown) }
                    return .int(Swift.abs(i))
                case .double(let d): return .double(Swift.abs(d))
                default: throw RuntimeError(ConversionMessage.absOperand(a.map { core.object.typeName($0) }.joined(separator: ", ")), at: .unknown)
                }
            }
        case "min", "max":
            return FunctionValue(arity: 2) { [core = Unretained(self)] a0 in
                var a = a0
                if a.count == 1, case .tuple(let t) = a[0], t.elements.count == 2 { a = t.elements }
                guard a.count == 2, let lt = core.object.lessThan(a[1], a[0]) else {
                    throw RuntimeError(ConversionMessage.operatorCannotCompare(op: name, type: a.map { core.object.typeName($0) }.joined(separator: ", ")), at: .unknown)
                }
                // Swift's min returns the first of equal arguments, max the second.
                if name == "min" { return lt ? a[1] : a[0] }
                return lt ? a[0] : a[1]
            }
        default: return nil
        }
    }

    /// The two operands of an operator called as a function; a pair of a `zip` arrives as
    /// one tuple (`zip(a, b).map(*)`).
    func operands(_ a: [Value], _ op: BinaryOperator) throws -> [Value] {
        if a.count == 2 { return a }
        if a.count == 1, case .tuple(let t) = a[0], t.elements.count == 2 { return t.elements }
        throw RuntimeError(ConversionMessage.operatorArgumentCount(op: op.rawValue, count: a.count), at: .unknown)
    }

    /// `String.init`, `Int.init`, `Double.init` as a function of one argument.
    func builtinInitializerFunction(_ typeName: String) -> FunctionValue? {
        guard ["String", "Int", "Double", "Float", "Bool", "Character", "CGFloat"].contains(typeName) else { return nil }
        let target = ConversionTarget(typeName)
        return FunctionValue(arity: 1) { [core = Unretained(self)] a in
            // Swift may choose the extension's initializer (`init(dashes: Int)`) for `String.init`.
            if let h = core.object.conversionExtension(target), h.initializers.contains(where: { $0.parameters.count == 1 }) {
                throw RuntimeError(UnsupportedMessage.initFunctionBesideExtensionInit(type: typeName), at: .unknown)
            }
            guard a.count == 1 else { throw RuntimeError(ConversionMessage.initArgumentCount(type: typeName, count: a.count), at: .unknown) }
            return try core.object.constructBuiltin(target, a, [nil], .unknown)
        }
    }
}
