// Foundation's C math functions on Double (`round(x)`, `floor`, `sqrt`, `pow`, ...), which
// UIKit code calls as globals: CGFloat is Double in TableLab, so one set serves both. An
// integer literal argument is a Double, as swiftc infers it; an Int value is swiftc's
// "cannot convert". `pow` of a literal and an integer literal may be Foundation's Decimal
// `pow(_:_:)` (or ambiguous), which TableLab does not implement: refused by name. The other functions of C's library that
// Foundation exports are names swiftc finds (StandardLibraryNames.foundationFunctions):
// refused by name where they run, never "cannot find".

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TableLabSyntax

enum MathFunction {
    /// Each function on Double and, for Float arguments, the overlay's Float overload (Swift
    /// calls `sinf` for a Float: computing in Double and rounding could differ in the last bit).
    case unary((Double) -> Double, (Float) -> Float)
    case binary((Double, Double) -> Double, (Float, Float) -> Float)
    /// `lround`: a Double rounded to an Int.
    case toInt((Double) -> Int)

    init?(name: String, arity: Int) {
        switch (name, arity) {
        case ("round", 1): self = .unary({ $0.rounded() }, { $0.rounded() })
        case ("floor", 1): self = .unary({ $0.rounded(.down) }, { $0.rounded(.down) })
        case ("ceil", 1): self = .unary({ $0.rounded(.up) }, { $0.rounded(.up) })
        case ("trunc", 1): self = .unary({ $0.rounded(.towardZero) }, { $0.rounded(.towardZero) })
        case ("sqrt", 1): self = .unary({ $0.squareRoot() }, { $0.squareRoot() })
        case ("fabs", 1): self = .unary({ Swift.abs($0) }, { Swift.abs($0) })
        case ("cbrt", 1): self = .unary({ cbrt($0) }, { cbrt($0) })
        case ("exp", 1): self = .unary({ exp($0) }, { exp($0) })
        case ("exp2", 1): self = .unary({ exp2($0) }, { exp2($0) })
        case ("log", 1): self = .unary({ log($0) }, { log($0) })
        case ("log2", 1): self = .unary({ log2($0) }, { log2($0) })
        case ("log10", 1): self = .unary({ log10($0) }, { log10($0) })
        case ("sin", 1): self = .unary({ sin($0) }, { sin($0) })
        case ("cos", 1): self = .unary({ cos($0) }, { cos($0) })
        case ("tan", 1): self = .unary({ tan($0) }, { tan($0) })
        case ("asin", 1): self = .unary({ asin($0) }, { asin($0) })
        case ("acos", 1): self = .unary({ acos($0) }, { acos($0) })
        case ("atan", 1): self = .unary({ atan($0) }, { atan($0) })
        case ("sinh", 1): self = .unary({ sinh($0) }, { sinh($0) })
        case ("cosh", 1): self = .unary({ cosh($0) }, { cosh($0) })
        case ("tanh", 1): self = .unary({ tanh($0) }, { tanh($0) })
        case ("pow", 2): self = .binary({ pow($0, $1) }, { pow($0, $1) })
        case ("fmod", 2): self = .binary({ $0.truncatingRemainder(dividingBy: $1) }, { $0.truncatingRemainder(dividingBy: $1) })
        case ("remainder", 2): self = .binary({ $0.remainder(dividingBy: $1) }, { $0.remainder(dividingBy: $1) })
        case ("hypot", 2): self = .binary({ hypot($0, $1) }, { hypot($0, $1) })
        case ("atan2", 2): self = .binary({ atan2($0, $1) }, { atan2($0, $1) })
        case ("fmax", 2): self = .binary({ Double.maximum($0, $1) }, { Float.maximum($0, $1) })
        case ("fmin", 2): self = .binary({ Double.minimum($0, $1) }, { Float.minimum($0, $1) })
        case ("copysign", 2): self = .binary({ copysign($0, $1) }, { copysign($0, $1) })
        case ("lround", 1), ("llround", 1): self = .toInt { lround($0) }
        default: return nil
        }
    }
}

extension InterpreterCore {
    /// The body of a call of `function`: its arguments as Doubles (an integer literal is
    /// one; an Int value is swiftc's error at that argument).
    func mathFunctionBody(_ name: String, _ function: MathFunction, _ args: [Argument], _ loc: SourceLocation) -> ([Value]) throws -> Value {
        let literal = args.map { Self.isIntegerLiteral($0.value) }
        // `pow(2, 3)`, `pow(2.0, 3)`: literals that Foundation's Decimal `pow(_:_:)` takes.
        if name == "pow", args.count == 2, literal[1], literal[0] || Self.isFloatLiteral(args[0].value) {
            let e = RuntimeError(UnsupportedMessage.powOfIntegerLiterals, at: loc)
            return { _ in throw e }
        }
        let places = args.map { $0.value.location == .unknown ? loc : $0.value.location }
        let floatLiteral = args.map { Self.isFloatLiteral($0.value) }
        return { [core = Unretained(self)] a in
            if a.contains(where: { if case .float = $0 { return true }; return false }) {
                return try core.object.floatMathFunction(name, function, a, literal: zip(literal, floatLiteral).map { $0 || $1 }, places, loc)
            }
            var x: [Double] = []
            for (i, v) in a.enumerated() {
                switch v {
                case .double(let d): x.append(d)
                case .int(let n) where literal[i]: x.append(Double(n))
                default:
                    throw RuntimeError(ConversionMessage.cannotConvertArgument(type: core.object.typeName(v), to: "Double"), at: places[i])
                }
            }
            switch function {
            case .unary(let f, _): return .double(f(x[0]))
            case .binary(let f, _): return .double(f(x[0], x[1]))
            case .toInt(let f):
                guard x[0].isFinite, Swift.abs(x[0]) < 9.2e18 else { throw RuntimeError(UnsupportedMessage.outsideIntRange(function: name, value: x[0]), at: loc) }
                return .int(f(x[0]))
            }
        }
    }

    /// The function's Float overload: every argument a Float or a literal (which becomes one).
    private func floatMathFunction(_ name: String, _ function: MathFunction, _ a: [Value], literal: [Bool],
                                   _ places: [SourceLocation], _ loc: SourceLocation) throws -> Value {
        // `lround` has no Float overload: swiftc refuses the Float where a Double is expected.
        if case .toInt = function, let i = a.firstIndex(where: { if case .float = $0 { return true }; return false }) {
            throw RuntimeError(ConversionMessage.cannotConvertArgument(type: "Float", to: "Double"), at: places[i])
        }
        var x: [Float] = []
        for (i, v) in a.enumerated() {
            switch v {
            case .float(let f): x.append(f)
            case .int(let n) where literal[i]: x.append(Float(n))
            case .double(let d) where literal[i]: x.append(Float(d))
            default: throw RuntimeError(ConversionMessage.cannotConvertArgument(type: typeName(v), to: "Float"), at: places[i])
            }
        }
        switch function {
        case .unary(_, let f): return .float(f(x[0]))
        case .binary(_, let f): return .float(f(x[0], x[1]))
        case .toInt: preconditionFailure("'\(name)' of a Float was refused above")
        }
    }

    static func isFloatLiteral(_ e: Expr) -> Bool {
        switch e.kind {
        case .double: return true
        case .unary(_, let x): return isFloatLiteral(x)
        default: return false
        }
    }

    static func isIntegerLiteral(_ e: Expr) -> Bool {
        switch e.kind {
        case .integer: return true
        case .unary(_, let x): return isIntegerLiteral(x)
        default: return false
        }
    }
}
