// `xs.enumerated()`: an EnumeratedSequence of `(offset:element:)` pairs, which Swift prints
// with its base (`EnumeratedSequence<Array<Int>>(_base: [10, 20])`), not as an Array of
// the pairs. Since Swift 6.2 it is a BidirectionalCollection where its base is one, so its
// `reversed()` is a ReversedCollection of it. A dictionary's `keys` and `values` are views
// too, printed as Arrays but named inside a collection and in `debugPrint`.

import TableLabSyntax

/// The base of an EnumeratedSequence whose type the values tell, and its type's spellings.
struct EnumeratedBase {
    let base: Value
    let name: String
    let qualifiedName: String
}

extension InterpreterCore {
    /// `base.enumerated()`: a view of the pairs, named and written after `base`. One whose
    /// base's type the values do not tell (an empty Array) is refused when printed.
    func enumeratedSequence(of base: Value, _ elements: [Value]) -> Value {
        let pairs: [Value] = elements.enumerated().map { .tuple(TupleValue(labels: ["offset", "element"], elements: [.int($0.offset), $0.element])) }
        let name = genericTypeName(base)
        let qualified: String? = switch base {
        case .range(_, _, let closed): closed ? "Swift.ClosedRange<Swift.Int>" : "Swift.Range<Swift.Int>"
        case .object(is SubstringObject): "Swift.Substring"
        case .object: nil
        default: genericArgumentSpelling(base, qualified: true)
        }
        let view = ArraySliceObject(view: "EnumeratedSequence<\(name ?? "_")>", text: nil, pairs)
        // The base is written when the view is printed, not at each `enumerated()`.
        if let name, let qualified { view.enumerated = EnumeratedBase(base: base, name: name, qualifiedName: qualified) }
        view.isBidirectionalView = true
        return .object(view)
    }

    /// An EnumeratedSequence's text: `debug` with its type's module (inside a collection).
    func describeEnumerated(_ e: EnumeratedBase, debug: Bool, into out: inout String) {
        out += debug ? "Swift.EnumeratedSequence<\(e.qualifiedName)>(_base: " : "EnumeratedSequence<\(e.name)>(_base: "
        describe(e.base, debug: true, into: &out)
        out += ")"
    }

    /// `d.keys`, `d.values`: a view of `elements`, named after the dictionary's type.
    func dictionaryView(_ kind: DictionaryView, of dictionary: Value, _ elements: [Value]) -> Value {
        let view = ArraySliceObject(view: "\(genericTypeName(dictionary) ?? "Dictionary<_, _>").\(kind.rawValue)", text: nil, elements)
        view.dictionaryView = kind
        if elements.count > 1 { view.unordered = .dictionary }
        view.isSequenceOnly = true
        return .object(view)
    }
}
