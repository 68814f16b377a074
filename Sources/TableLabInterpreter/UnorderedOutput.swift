// Swift leaves the order of a Set's elements and a Dictionary's entries unspecified, and a
// program compiled by swiftc prints them in another order on every run (hashing is seeded
// per process). TableLab's order is its own, the same on every run: printing one of two or
// more elements as if it were Swift's order would show a result Swift does not promise. So
// where such a value is written (print, debugPrint, interpolation, String(describing:)),
// TableLab says so, once per place: a warning, the output unchanged.

import TableLabSyntax

enum UnorderedKind: Hashable, Sendable {
    case set, dictionary
}

enum OrderMessage: DiagnosticMessage, Hashable {
    case unspecifiedOrder(UnorderedKind)

    var id: DiagnosticID { DiagnosticID("tablelab_unspecified_order") }

    var text: String {
        switch self {
        case .unspecifiedOrder(.set):
            return "Swift does not specify the order of a Set's elements (a compiled program prints them in another order on every run); TableLab writes them in an order of its own"
        case .unspecifiedOrder(.dictionary):
            return "Swift does not specify the order of a Dictionary's entries (a compiled program prints them in another order on every run); TableLab writes them in an order of its own"
        }
    }
}

extension InterpreterCore {
    /// The warning for what `describe` just wrote, once per place.
    func warnUnorderedOutput(_ loc: SourceLocation) {
        guard let kind = unorderedDescribed else { return }
        unorderedDescribed = nil
        guard unorderedWarnedAt.insert(loc).inserted else { return }
        warningHandler(.warning(OrderMessage.unspecifiedOrder(kind), at: loc, in: currentFile))
    }
}
