// A CGFloat is a Double in TableLab (one value case), so `type(of:)` cannot tell them apart
// from the value: it printed `Double` for `type(of: CGFloat(1))`. The expression tells
// where it names CGFloat (`CGFloat(x)`, `CGFloat.pi`); where it does not, and the file
// mentions CGFloat at all, the value might be one, and `type(of:)` is refused by name
// rather than answering `Double`.

import TableLabSyntax

/// What `type(of: e)` of a Double value is, from the expression.
enum FloatingTypeOfArgument {
    case double, cgFloat, unknown
}

extension InterpreterCore {
    func floatingTypeOfArgument(_ e: Expr) -> FloatingTypeOfArgument {
        switch e.kind {
        case .call(let callee, _):
            if case .identifier("CGFloat") = callee.kind { return .cgFloat }
            if case .identifier("Double") = callee.kind { return .double }
        case .member(let base, _):
            if case .identifier("CGFloat") = base.kind { return .cgFloat }
        case .double, .integer:
            return .double
        default:
            break
        }
        return currentFile?.mentions("CGFloat") == true ? .unknown : .double
    }

    /// The name `type(of:)` gives a value whose generic name is `name` (`Double`,
    /// `Array<Double>`), or the refusal where it might be CGFloat's.
    func floatingTypeName(_ name: String, _ v: Value, _ kind: FloatingTypeOfArgument, _ loc: SourceLocation) throws -> String {
        guard kind != .double, name.contains("Double") else { return name }
        if kind == .cgFloat, case .double = v { return "CGFloat" }
        throw RuntimeError(UnsupportedMessage.typeOfCGFloat(describe(v, debug: true)), at: loc)
    }
}
