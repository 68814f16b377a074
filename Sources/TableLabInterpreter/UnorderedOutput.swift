// Swift leaves the order of a Set's elements and a Dictionary's entries unspecified, and a
// program compiled by swiftc prints them in another order on every run (hashing is seeded
// per process). TableLab's order is its own, the same on every run: printing one of two or
// more elements as if it were Swift's order would show a result Swift does not promise. So
// where such a value is written (print, debugPrint, interpolation, String(describing:)),
// and where a `for` loop over one prints while it runs, TableLab says so, once per place:
// a warning, the output unchanged.

import TableLabSyntax

enum UnorderedKind: Hashable, Sendable {
    case set, dictionary
}

enum OrderMessage: DiagnosticMessage, Hashable {
    case unspecifiedOrder(UnorderedKind)
    case unspecifiedLoopOrder(UnorderedKind)

    var id: DiagnosticID { DiagnosticID("tablelab_unspecified_order") }

    var text: String {
        switch self {
        case .unspecifiedOrder(.set):
            return "Swift does not specify the order of a Set's elements (a compiled program prints them in another order on every run); TableLab writes them in an order of its own"
        case .unspecifiedOrder(.dictionary):
            return "Swift does not specify the order of a Dictionary's entries (a compiled program prints them in another order on every run); TableLab writes them in an order of its own"
        case .unspecifiedLoopOrder(.set):
            return "this loop printed while visiting a Set's elements, in an order Swift does not specify (a compiled program visits them in another order on every run); TableLab visits them in an order of its own"
        case .unspecifiedLoopOrder(.dictionary):
            return "this loop printed while visiting a Dictionary's entries, in an order Swift does not specify (a compiled program visits them in another order on every run); TableLab visits them in an order of its own"
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

/// A `for` loop over a Set or Dictionary of two or more elements: whether its body printed,
/// for the warning at the loop's sequence (`finish`).
final class UnorderedLoopWatch {
    private let core: InterpreterCore?
    private let kind: UnorderedKind
    private let at: SourceLocation
    private var saved: ((String) -> Void)?
    private var printed = false

    init(_ core: InterpreterCore, count: Int, kind: UnorderedKind, at: SourceLocation) {
        self.kind = kind
        self.at = at
        guard count > 1, !core.unorderedWarnedAt.contains(at) else { self.core = nil; return }
        self.core = core
        let previous = core.output
        saved = previous
        core.output = { [unowned self] text in
            self.printed = true
            previous(text)
        }
    }

    func finish() {
        guard let core, let saved else { return }
        core.output = saved
        guard printed, core.unorderedWarnedAt.insert(at).inserted else { return }
        core.warningHandler(.warning(OrderMessage.unspecifiedLoopOrder(kind), at: at, in: core.currentFile))
    }
}

/// An Array made from a Set's or a Dictionary's elements in their order (`Array(d.keys)`,
/// `s.map { ... }`), known by its storage: the table holds the storage, so its address is
/// not reused while it is listed, and the first change to the script's copy moves that to
/// storage of its own (it is shared), which is then no longer this order (`sort()`).
struct UnorderedArray {
    let kind: UnorderedKind
    let held: ValueArray
}

extension InterpreterCore {
    /// At most this many arrays are listed; past it the list starts again (a later print
    /// of a dropped one is not warned of, never one of another array warned of).
    private static let unorderedArrayLimit = 64

    /// Whether `v` gives its elements in an order Swift leaves unspecified: a Set or a
    /// Dictionary of two or more, a view of one (its keys), or an Array made from one.
    func unorderedSource(_ v: Value) -> UnorderedKind? {
        switch v {
        case .set(let s): return s.count > 1 ? .set : nil
        case .dictionary(let d): return d.count > 1 ? .dictionary : nil
        case .array(let a): return unorderedArrays.isEmpty ? nil : unorderedArrayKind(a)
        case .object(let s as ArraySliceObject): return s.unordered
        default: return nil
        }
    }

    func unorderedArrayKind(_ a: ValueArray) -> UnorderedKind? {
        guard let id = a.storageIdentity else { return nil }
        return unorderedArrays[id]?.kind
    }

    /// Lists `result`, made from an unordered source's elements in their order.
    func noteUnordered(_ result: Value, _ kind: UnorderedKind) {
        switch result {
        case .array(let a):
            guard a.count > 1, let id = a.storageIdentity else { return }
            if unorderedArrays.count >= Self.unorderedArrayLimit { unorderedArrays.removeAll() }
            unorderedArrays[id] = UnorderedArray(kind: kind, held: a)
        case .object(let s as ArraySliceObject) where s.elements.count > 1:
            s.unordered = kind
        default:
            break
        }
    }

    /// The methods whose result keeps the order of their receiver's elements.
    static func keepsElementOrder(_ method: BuiltinMethod) -> Bool {
        switch method {
        case .map_, .compactMap_, .flatMap_, .filter_, .enumerated, .prefix_, .suffix_, .dropFirst, .dropFirst_,
             .dropLast, .dropLast_, .reversed, .prefixWhile:
            return true
        default:
            return false
        }
    }
}

extension InterpreterCore {
    /// `Array(s)`: the elements of `source`, listed when their order is a Set's or a Dictionary's.
    func arrayInOrderOf(_ source: Value, _ elements: [Value]) -> Value {
        let result = Value.array(ValueArray(elements))
        if let kind = unorderedSource(source) { noteUnordered(result, kind) }
        return result
    }
}
