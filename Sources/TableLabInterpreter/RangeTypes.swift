// `ClosedRange<Int>`, `Range<Double>`, `Range<String.Index>` (or the bare `ClosedRange`,
// whose bound swiftc infers from the value) written as a type: an annotation, a
// parameter's or a property's type. The values are the ranges TableLab already makes (the
// Int range's `Value` case, `DoubleRange`, `StringIndexRange`), so the type is checked by
// its name, as the types of the layers above are (`RType.external`).

import TableLabSyntax

/// A range type's name in its one spelling: `ClosedRange<Int>`, `Range<Double>`,
/// `Range<String.Index>`, `ClosedRange`. Ranges of other bounds are not simulated.
struct RangeTypeName {
    let closed: Bool
    /// The bound's type as `RType.description` spells it; nil for the bare name.
    let bound: String?

    static let bounds: Set<String> = ["Int", "Double", "Float", "String.Index"]

    init?(_ name: String) {
        guard let parts = Self.parts(name) else { return nil }
        if let b = parts.bound, !Self.bounds.contains(b) { return nil }
        closed = parts.closed
        bound = parts.bound
    }

    /// `ClosedRange<X>` / `Range<X>` / the bare names, split; nil for any other name.
    static func parts(_ name: String) -> (closed: Bool, bound: String?)? {
        switch name {
        case "ClosedRange": return (true, nil)
        case "Range": return (false, nil)
        default: break
        }
        guard name.hasSuffix(">"), let open = name.firstIndex(of: "<") else { return nil }
        let base = name[..<open]
        guard base == "ClosedRange" || base == "Range" else { return nil }
        let argument = name[name.index(after: open)..<name.index(before: name.endIndex)]
        return (base == "ClosedRange", String(argument.filter { $0 != " " }))
    }

    var name: String { (closed ? "ClosedRange" : "Range") + (bound.map { "<\($0)>" } ?? "") }

    /// The context a bound written inside `lo...hi` gets from this type: `1...3` where a
    /// `ClosedRange<Double>` is expected is a range of Doubles.
    var boundType: RType? {
        switch bound {
        case "Int": return .int
        case "Double": return .double
        case "Float": return .float
        default: return nil
        }
    }

    func accepts(_ v: Value) -> Bool {
        switch v {
        case .range(_, _, let c): return c == closed && (bound == nil || bound == "Int")
        case .object(let r as DoubleRange): return r.closed == closed && (bound == nil || bound == r.boundName)
        case .object(let r as StringIndexRange):
            return r.lower != nil && r.upper != nil && r.closed == closed && (bound == nil || bound == "String.Index")
        default: return false
        }
    }
}

extension InterpreterCore {
    /// A range type named in an annotation, its bound resolved as any type is
    /// (`ClosedRange<CGFloat>` and `Range<TimeInterval>` are ranges of Double here);
    /// nil when the name is no range type.
    func rangeType(_ n: String) -> RType? {
        guard let parts = RangeTypeName.parts(n) else { return nil }
        guard let written = parts.bound else { return .external(n) }
        let bound: String
        switch resolveType(.named(written)) {
        case .int: bound = "Int"
        case .double: bound = "Double"
        default: bound = written
        }
        return .external((parts.closed ? "ClosedRange" : "Range") + "<\(bound)>")
    }

    /// A range type an annotation expects, through optionals.
    func expectedRangeType(_ t: RType?) -> RangeTypeName? {
        guard var t else { return nil }
        while case .optional(let w) = t { t = w }
        guard case .external(let n) = t else { return nil }
        return RangeTypeName(n)
    }
}
