// `xs.enumerated()`: an EnumeratedSequence of `(offset:element:)` pairs, which Swift prints
// with its base (`EnumeratedSequence<Array<Int>>(_base: [10, 20])`), not as an Array of
// the pairs. Since Swift 6.2 it is a BidirectionalCollection where its base is one, so its
// `reversed()` is a ReversedCollection of it. A dictionary's `keys` and `values` are views
// too, printed as Arrays but named inside a collection and in `debugPrint`.

import TableLabSyntax

extension InterpreterCore {
    /// `base.enumerated()`: a view of the pairs, named and written after `base`. One whose
    /// base's type the values do not tell (an empty Array) is refused when printed.
    func enumeratedSequence(of base: Value, _ elements: [Value]) -> Value {
        let pairs: [Value] = elements.enumerated().map { .tuple(TupleValue(labels: ["offset", "element"], elements: [.int($0.offset), $0.element])) }
        let name = genericTypeName(base)
        let qualified: String? = switch base {
        case .range(_, _, let closed): closed ? "Swift.ClosedRange<Swift.Int>" : "Swift.Range<Swift.Int>"
        case .object: nil
        default: genericArgumentSpelling(base, qualified: true)
        }
        var text: String? = nil, debugText: String? = nil
        if let name, let qualified {
            var baseText = ""
            describe(base, debug: true, into: &baseText)
            text = "EnumeratedSequence<\(name)>(_base: \(baseText))"
            debugText = "Swift.EnumeratedSequence<\(qualified)>(_base: \(baseText))"
        }
        let view = ArraySliceObject(view: "EnumeratedSequence<\(name ?? "_")>", text: text, pairs)
        view.viewDebugText = debugText
        view.isBidirectionalView = true
        return .object(view)
    }

    /// `d.keys`, `d.values`: a view of `elements`, named after the dictionary's type.
    func dictionaryView(_ kind: DictionaryView, of dictionary: Value, _ elements: [Value]) -> Value {
        let view = ArraySliceObject(view: "\(genericTypeName(dictionary) ?? "Dictionary<_, _>").\(kind.rawValue)", text: nil, elements)
        view.dictionaryView = kind
        view.isSequenceOnly = true
        return .object(view)
    }
}
