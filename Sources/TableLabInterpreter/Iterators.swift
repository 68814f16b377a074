import TableLabSyntax

// `makeIterator()` on a built-in sequence (an array, a string, a range, a set, a
// dictionary) and `while let x = it.next()`: the iterator is a struct declared from Swift
// source when a unit names `makeIterator`, a value like Swift's (a copy iterates on its
// own). It holds the sequence's elements as `makeIterator()` saw them.

extension InterpreterCore {
    static let iteratorSource = """
    struct IndexingIterator {
      var _elements: [Any]
      var _position: Int
      mutating func next() -> Any? {
        if _position == _elements.count { return nil }
        _position += 1
        return _elements[_position - 1]
      }
    }
    """

    /// Declares the iterator type when the unit names `makeIterator` and declares none of
    /// that name itself.
    func declareIteratorIfNamed(_ file: SourceFile) throws {
        guard userType("IndexingIterator") == nil, file.mentions("makeIterator") else { return }
        let prelude = SourceFile(name: "<Swift.IndexingIterator>", text: Self.iteratorSource)
        guard let parsed = try? Parser.parse(prelude) else { return }
        try hoistBuiltin(parsed.statements)
        builtinIteratorType = userType("IndexingIterator")
    }

    /// `seq.makeIterator()` for a built-in sequence; nil for any other value (a script's
    /// own `makeIterator`).
    func builtinIterator(_ v: Value, _ loc: SourceLocation) throws -> Value? {
        guard let t = builtinIteratorType, userType("IndexingIterator") === t else { return nil }
        switch v {
        case .array, .set, .range, .string, .dictionary, .object(is ReversedCollection), .object(is ArraySliceObject):
            return .structValue(StructValue(type: t, fields: [.array(try sequenceElements(v, loc)), .int(0)]))
        default:
            return nil
        }
    }
}
