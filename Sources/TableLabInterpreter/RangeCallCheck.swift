// Calls swiftc refuses on a range because of its bound type, found before the unit runs
// with the numeric-conversion check's types (NumericConversionCheck.swift): a range of
// Double is no Collection (`r.reversed()`, `Array(r)`), `Int.random(in:)` takes no range
// of Double, and `contains(_:)` takes no Int of a range of Double (nor a Double of a
// range of Int). The run could not tell an Int variable from an integer literal, which a
// range of Double takes.

import TableLabSyntax

extension NumericConversionCheck {
    private func doubleRange(_ e: Expr, _ scopes: LexicalScopes, _ place: WalkPlace) -> RangeTypeName? {
        guard let t = types.typed(e, scopes, place), let r = ScopedTyper.rangeType(t.type), r.bound == "Double" else { return nil }
        return r
    }

    /// `Array(0.5...1.5)`: no initializer takes a range that is no Sequence; swiftc settles
    /// on the array literal's and names its label, at the argument's start.
    mutating func arrayOfRange(_ argument: Expr, _ scopes: LexicalScopes, _ place: WalkPlace) {
        guard doubleRange(argument, scopes, place) != nil else { return }
        let start = argument.range.start
        found.append(.error(RuntimeMessage.missingArgumentLabel(["arrayLiteral"]), at: SourceLocation(line: start.line, column: start.column), in: file))
    }

    /// `Int.random(in: 0.5...1.5)`: swiftc names the half-open overload's parameter.
    mutating func randomIntIn(_ args: [Argument], _ scopes: LexicalScopes, _ place: WalkPlace) {
        guard args.count == 1, args[0].label == "in", let r = doubleRange(args[0].value, scopes, place) else { return }
        found.append(.error(LetMessage.cannotConvertArgument(given: r.name, to: "Range<Int>"), at: ScopedTyper.anchor(args[0].value), in: file))
    }

    mutating func rangeMethod(_ range: RangeTypeName, _ callee: Expr, _ method: String, _ args: [Argument],
                              _ scopes: LexicalScopes, _ place: WalkPlace) {
        let base = range.closed ? "ClosedRange" : "Range"
        switch method {
        case "reversed" where args.isEmpty && range.bound == "Double":
            // Collection's and Sequence's, each for a bound with an integer stride.
            let note = OverloadChoiceMessage.candidateRequiresConformance(type: "Double", protocol: "SignedInteger")
            found.append(.error(OverloadChoiceMessage.noExactMatches(kind: "instance method", name: method), at: callee.location, in: file,
                                notes: [StandardLibraryInterface.rangeCollection(base).note(note), StandardLibraryInterface.rangeSequence(base).note(note)]))
        case "contains" where args.count == 1 && args[0].label == nil:
            guard let bound = range.bound, let receiver = receiverTyped(callee, scopes, place),
                  let given = types.typed(args[0].value, scopes, place) else { return }
            let refused: Bool
            switch bound {
            // An integer literal is a Double here.
            case "Double": refused = given.type == ScopedTyper.int && !given.literal
            // `(0..<3).contains(2.5)` is a range of Double: only a declared range of Int refuses.
            default: refused = given.type == ScopedTyper.double && !receiver.literal
            }
            guard refused, case .named(let got) = given.type else { return }
            found.append(.error(OverloadChoiceMessage.noExactMatches(kind: "instance method", name: method), at: callee.location, in: file,
                                notes: containsCandidates(range, bound: bound, got: got)))
        default:
            return
        }
    }

    private func receiverTyped(_ callee: Expr, _ scopes: LexicalScopes, _ place: WalkPlace) -> Typed? {
        guard case .member(let receiver, _) = callee.kind else { return nil }
        return types.typed(receiver, scopes, place)
    }

    /// swiftc's candidates for `contains(_:)`, in its order: the element, the other range
    /// kinds the range has a `contains` for, and Sequence's for a range that is one.
    private func containsCandidates(_ range: RangeTypeName, bound: String, got: String) -> [Diagnostic] {
        let base = range.closed ? "ClosedRange" : "Range"
        typealias Interface = StandardLibraryInterface
        func candidate(_ place: Interface, _ type: String) -> Diagnostic {
            place.note(OverloadChoiceMessage.candidateExpects(type: type, position: 1, got: got))
        }
        var notes = [candidate(Interface.rangeContains(base, parameter: "element: Bound", inlinable: range.closed), bound)]
        // A closed range of Double has no `contains(_: Range<Bound>)`: that one needs a stride.
        if !range.closed || bound == "Int" {
            notes.append(candidate(Interface.rangeContains(base, parameter: "other: Range<Bound>", inlinable: false), "Range<\(bound)>"))
        }
        notes.append(candidate(Interface.rangeContains(base, parameter: "other: ClosedRange<Bound>", inlinable: false), "ClosedRange<\(bound)>"))
        if bound == "Int" {
            notes.append(Interface.sequenceContains.note(OverloadChoiceMessage.candidateExpectsElement(
                sequence: "\(base)<Int>", element: "Int", position: 1, got: got)))
        }
        return notes
    }
}
