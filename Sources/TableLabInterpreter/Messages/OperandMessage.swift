// swiftc's refusals of an operator's operands that are not numbers: a collection, a String
// or a Character meeting a type its operators do not take (CollectionOperatorCheck.swift,
// and the run's checks where only a run tells the types), in swiftc's words.
//
// Each message is its identity and its arguments; its text is made here and nowhere else.

import TableLabSyntax

enum OperandMessage: DiagnosticMessage, Hashable {
    /// `items += "x"` with `items: [Item]`: RangeReplaceableCollection's `+=` takes a sequence
    /// of the same elements, and a String's are Characters (a `ClosedRange<Int>`'s are Ints).
    case elementsDiffer(op: String, element: String, sequence: String, sequenceElement: String)
    /// `xs += ys.map { }` with `xs: [Int]` and the closure giving a Double: swiftc binds the
    /// map's result to the Array's element and names the two.
    case typesNotEqual(op: String, left: String, right: String)
    /// `xs += s` with `s: Set<String>`, `text += words`: swiftc gives up on the expression
    /// (Swift 6.x), and says so.
    case failedToProduceDiagnostic
    /// `xs += p`, `text += p` with `p` a struct: `+=` takes a sequence.
    case requiresSequence(op: String, type: String)
    /// `xs + n`, `i8 + n`: the note naming the operator's overloads that take one operand's
    /// type for both (swiftc lists them in its order of their spellings).
    case partiallyMatchingOverloads(op: String, types: [String])
    /// `xs += s.map { c -> String in ... }` with `xs: [Int]`: the written result is not the
    /// element the Array's `+=` asks the closure for.
    case closureResultNotContextual(declared: String, context: String)
    /// `ys += ds.map { d -> Double in d }` with `ys: [CGFloat]`: a written result converts
    /// no value, so the closure's type is not the one `map` is asked for. A String's
    /// element is named as `String.Element`, with what it is.
    case closureTypeNotConvertible(parameter: String, given: String, expected: String, stringElement: Bool)

    var id: DiagnosticID {
        switch self {
        case .elementsDiffer, .typesNotEqual: return DiagnosticID("types_not_equal")
        case .failedToProduceDiagnostic: return DiagnosticID("failed_to_produce_diagnostic")
        case .requiresSequence: return DiagnosticID("type_does_not_conform_owner")
        case .partiallyMatchingOverloads: return DiagnosticID("suggest_partial_overloads")
        case .closureResultNotContextual: return DiagnosticID("incompatible_closure_result")
        case .closureTypeNotConvertible: return DiagnosticID("cannot_convert_argument_value")
        }
    }

    var text: String {
        switch self {
        case .elementsDiffer(let op, let e, let sequence, let other):
            return "operator function '\(op)' requires the types '\(e)' and '\(sequence).Element' (aka '\(other)') be equivalent"
        case .typesNotEqual(let op, let l, let r): return "operator function '\(op)' requires the types '\(l)' and '\(r)' be equivalent"
        case .requiresSequence(let op, let t): return "operator function '\(op)' requires that '\(t)' conform to 'Sequence'"
        case .partiallyMatchingOverloads(let op, let ts):
            return "overloads for '\(op)' exist with these partially matching parameter lists: " + ts.sorted().map { "(\($0), \($0))" }.joined(separator: ", ")
        case .closureResultNotContextual(let d, let c): return "declared closure result '\(d)' is incompatible with contextual type '\(c)'"
        case .closureTypeNotConvertible(let p, let g, let e, let stringElement):
            func function(_ parameter: String, _ result: String) -> String { "(\(parameter)) -> \(result)" }
            guard stringElement else {
                return "cannot convert value of type '\(function(p, g))' to expected argument type '\(function(p, e))'"
            }
            return "cannot convert value of type '\(function("String.Element", g))' (aka '\(function("Character", g))') "
                + "to expected argument type '\(function("String.Element", e))' (aka '\(function("Character", e))')"
        case .failedToProduceDiagnostic:
            return "failed to produce diagnostic for expression; please submit a bug report (https://swift.org/contributing/#reporting-bugs)"
        }
    }
}
