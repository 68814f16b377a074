// Operators the script writes: `static func +` in a type, and a global operator function
// (`func == (lhs: Item, rhs: Item) -> Bool`, Swift 2's way to be Equatable, still valid).
// A binary operator whose operands are values of the script's types calls the one whose
// parameter types are the operands' (Swift's overload resolution, for the one candidate
// TableLab keeps per full name); the built-in meaning applies to every other value.
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

    /// Whether the script declares a global operator function named `name`.
    func declaresGlobalOperator(_ name: String) -> Bool { functionsByBase[name] != nil }

    /// `x op y` through an operator function of the script's: a static method of either
    /// operand's type taking two parameters, else a global function whose parameters are
    /// declared with the operands' types. nil when neither operand is a value of the
    /// script's types or no such function exists.
    func scriptOperator(_ name: String, _ x: Value, _ y: Value, _ loc: SourceLocation) throws -> Value? {
        // A built-in type's static operator comes from an extension of the script's.
        let tx = operandType(x) ?? protocols.builtinExtensions[typeName(x)]
        let ty = operandType(y) ?? protocols.builtinExtensions[typeName(y)]
        guard tx != nil || ty != nil || functionsByBase[name] != nil else { return nil }
        for t in [tx, ty] {
            guard let t, let fulls = t.methodsByBase[name] else { continue }
            for full in fulls {
                guard let slot = t.methods[full], slot.isStatic, let d = slot.decl, d.parameters.count == 2,
                      parameter(d.parameters[0], accepts: x), parameter(d.parameters[1], accepts: y) else { continue }
                let f = compiledMethod(t, slot, fullName: full)
                machine.push(x)
                machine.push(y)
                return try machine.invoke(f, argc: 2, location: loc)
            }
        }
        guard let cells = functionsByBase[name] else { return nil }
        for cell in cells {
            guard let d = cell.decl, d.parameters.count == 2, !d.parameters.contains(where: \.isInout),
                  parameter(d.parameters[0], accepts: x), parameter(d.parameters[1], accepts: y),
                  let f = cell.compiled ?? compiled(cell) else { continue }
            machine.push(x)
            machine.push(y)
            return try machine.invoke(f, argc: 2, location: loc)
        }
        return nil
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
        case "Double", "CGFloat":
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
