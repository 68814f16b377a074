// The space algebra of swiftc's exhaustiveness checker (Fengyun Liu's "A Generic
// Algorithm for Checking Exhaustivity of Pattern Matching", as Swift implements it in
// TypeCheckSwitchStmt.cpp), re-expressed over interned types and integer heads.
//
// Why follow swiftc step by step rather than any correct algorithm: the *set* of missing
// patterns, how they are folded with wildcards and the order of the notes are all
// artefacts of this particular subtraction, and TableLab promises swiftc's words.

import TableLabSyntax

/// A set of values: what a pattern matches, or what is left uncovered.
/// (Not `indirect`: the payloads are references already, and a plain enum case then
/// costs no allocation, which matters for a 10,000-case switch.)
enum Space: Hashable {
    case empty
    /// Every value of a type (`_`, `let x`).
    case type(TypeID)
    /// An enum case (head = case index), `Optional.none/.some`, or a tuple (head = -1).
    case constructor(TypeID, Int32, [Space])
    case disjunct(Disjuncts)
    case bool(Bool)
    /// Swift adds a "future case" to every non-frozen enum; for a script's own enums it is
    /// allowed but not required, and it still shapes the subtraction, so it is kept.
    case unknown(allowedButNotRequired: Bool)

    var isEmpty: Bool { if case .empty = self { return true }; return false }

    static func forConstructor(_ t: TypeID, _ head: Int32, _ args: [Space]) -> Space {
        for a in args where a.isEmpty { return .empty }
        return .constructor(t, head, args)
    }

    static func forDisjunct(_ spaces: [Space]) -> Space {
        var kept: [Space] = []
        kept.reserveCapacity(spaces.count)
        for s in spaces where !s.isEmpty { kept.append(s) }
        if kept.isEmpty { return .empty }
        if kept.count == 1 { return kept[0] }
        return .disjunct(Disjuncts(kept))
    }
}

/// The members of a disjunction, with a bitset summary computed on first use when they
/// are all payload-free cases of one enum (and future cases): containment between such
/// disjunctions is then a bitwise test, not a quadratic search. That is what lets the
/// subtraction swiftc performs run in a fraction of swiftc's time.
final class Disjuncts: Hashable {
    let items: [Space]
    init(_ items: [Space]) { self.items = items }

    static func == (a: Disjuncts, b: Disjuncts) -> Bool { a === b || a.items == b.items }
    func hash(into hasher: inout Hasher) { hasher.combine(items) }

    struct Summary {
        var words: [UInt64] = []
        var allowedUnknown = false      // contains `unknown(allowedButNotRequired: true)`
        var requiredUnknown = false

        func contains(_ h: Int32) -> Bool {
            let w = Int(h) >> 6
            return h >= 0 && w < words.count && words[w] & (1 << UInt64(h & 63)) != 0
        }

        /// Whether `unknown(x)` is inside one of the members (swiftc's Unknown ⊆ Unknown).
        func containsUnknown(allowedButNotRequired x: Bool) -> Bool {
            (allowedUnknown && x) || requiredUnknown
        }

        /// Every member of `self` inside some member of `other`.
        func isSubset(of other: Summary) -> Bool {
            if allowedUnknown && !other.containsUnknown(allowedButNotRequired: true) { return false }
            if requiredUnknown && !other.containsUnknown(allowedButNotRequired: false) { return false }
            for (i, w) in words.enumerated() {
                let o = i < other.words.count ? other.words[i] : 0
                if w & ~o != 0 { return false }
            }
            return true
        }
    }

    private var computed = false
    private var cachedSummary: Summary? = nil

    var summary: Summary? {
        if computed { return cachedSummary }
        computed = true
        var s = Summary()
        var type: TypeID? = nil
        for item in items {
            switch item {
            case .constructor(let t, let h, let args) where args.isEmpty && h >= 0:
                if let type, type != t { return nil }
                type = t
                let w = Int(h) >> 6
                if w >= s.words.count { s.words.append(contentsOf: repeatElement(0, count: w - s.words.count + 1)) }
                s.words[w] |= 1 << UInt64(h & 63)
            case .unknown(let allowed):
                if allowed { s.allowedUnknown = true } else { s.requiredUnknown = true }
            default:
                return nil
            }
        }
        cachedSummary = s
        return s
    }
}

/// A set of constructor heads (case indices) as a bitset.
struct HeadSet {
    private var words: [UInt64] = []

    mutating func insert(_ h: Int32) {
        guard h >= 0 else { return }
        let w = Int(h) >> 6
        if w >= words.count { words.append(contentsOf: repeatElement(0, count: w - words.count + 1)) }
        words[w] |= 1 << UInt64(h & 63)
    }

    func contains(_ h: Int32) -> Bool {
        guard h >= 0 else { return false }
        let w = Int(h) >> 6
        return w < words.count && words[w] & (1 << UInt64(h & 63)) != 0
    }
}

/// Thrown when a computation exceeds its budget (swiftc's "unable to check ... in
/// reasonable time").
struct SpaceBudgetExceeded: Error {}

/// The operations on spaces for one switch. Budgets make every call terminate quickly.
struct SpaceEngine {
    var types: TypeTable
    /// Calls to `minus` left before giving up, counted exactly as swiftc counts them.
    var minusBudget: Int
    /// Containment tests left: swiftc does not bound these, TableLab must.
    var subspaceBudget: Int
    private var fullDecompositions: [TypeID: Space] = [:]
    private var sizes: [TypeID: Int] = [:]

    init(types: TypeTable, minusBudget: Int = 200_000, subspaceBudget: Int = 2_000_000) {
        self.types = types
        self.minusBudget = minusBudget
        self.subspaceBudget = subspaceBudget
    }

    // MARK: Decomposition

    /// The constructors of a type, skipping payload-free enum cases listed in `skipping`
    /// (they are certain to be subtracted, so building them is wasted work).
    mutating func decompose(_ t: TypeID, skipping: HeadSet? = nil) -> Space {
        if skipping == nil, let known = fullDecompositions[t] { return known }
        var parts: [Space] = []
        switch types[t] {
        case .bool:
            parts = [.bool(true), .bool(false)]
        case .enumeration(let info):
            parts.reserveCapacity(info.cases.count + 1)
            // swiftc does not ask for a case no one can make (`@available(*, unavailable)`).
            for i in 0..<Int32(info.cases.count) where !(skipping?.contains(i) ?? false) && !info.isUnavailable(i) {
                parts.append(Space.forConstructor(t, i, types.payloadTypes(t, i)?.map { types.typeSpace($0) } ?? []))
            }
            // A script's own enum may gain cases only with its source; an imported open one
            // may gain them in any later SDK, and a switch must say what it does then.
            parts.append(.unknown(allowedButNotRequired: !info.traits.isImportedOpen))
        case .optional(let w):
            if !(skipping?.contains(Head.none) ?? false) { parts.append(.constructor(t, Head.none, [])) }
            parts.append(Space.forConstructor(t, Head.some, [types.typeSpace(w)]))
        case .tuple(let elements):
            parts.append(Space.forConstructor(t, Head.tuple, elements.map { types.typeSpace($0) }))
        case .open:
            preconditionFailure("open types do not decompose")
        }
        let result = Space.forDisjunct(parts)
        if skipping == nil { fullDecompositions[t] = result }
        return result
    }

    /// How many values a space stands for, counting an undecomposable type as one
    /// (swiftc sorts the missing patterns by this to drop the ones a larger one covers).
    mutating func size(_ s: Space) -> Int {
        switch s {
        case .empty: return 0
        case .bool: return 1
        case .unknown(let allowed): return allowed ? 0 : 1
        case .type(let t):
            if !types.canDecompose(t) { return 1 }
            if let known = sizes[t] { return known }
            // An indirect enum contains itself: its own occurrences count nothing, as in swiftc.
            sizes[t] = 0
            var total = 0
            if case .disjunct(let parts) = decompose(t) {
                for p in parts.items { total += size(p) }
            } else {
                total = size(decompose(t))
            }
            sizes[t] = total
            return total
        case .constructor(_, _, let args):
            var product = 1
            for a in args { product = product &* size(a) }
            return product
        case .disjunct(let parts):
            var total = 0
            for p in parts.items { total += size(p) }
            return total
        }
    }

    // MARK: Containment

    /// Whether every value of `a` is in `b`.
    mutating func isSubspace(_ a: Space, _ b: Space) throws -> Bool {
        subspaceBudget -= 1
        if subspaceBudget < 0 { throw SpaceBudgetExceeded() }
        if a.isEmpty { return true }
        if b.isEmpty { return false }
        switch (a, b) {
        case (.disjunct(let parts), .disjunct(let other)):
            if let mine = parts.summary, let theirs = other.summary { return mine.isSubset(of: theirs) }
            for p in parts.items where try !isSubspace(p, b) { return false }
            return true
        case (.disjunct(let parts), _):
            for p in parts.items where try !isSubspace(p, b) { return false }
            return true
        case (.type(let t1), .type(let t2)):
            if t1 == t2 { return true }
            if types.canDecompose(t1), try isSubspace(decompose(t1), b) { return true }
            if types.canDecompose(t2) { return try isSubspace(a, decompose(t2)) }
            return false
        case (.type(let t), .disjunct(let parts)):
            for p in parts.items where try isSubspace(a, p) { return true }
            if !types.canDecompose(t) { return false }
            return try isSubspace(decompose(t), b)
        case (.type(let t), .constructor):
            if types.canDecompose(t) { return try isSubspace(decompose(t), b) }
            return false
        case (.type, .unknown), (.type, .bool):
            return false
        case (.constructor, .type), (.unknown, .type):
            return true
        case (.bool, .type(let t)):
            if case .bool = types[t] { return true }
            return false
        case (.constructor(_, let h1, let args1), .constructor(_, let h2, let args2)):
            if h1 != h2 { return false }
            if args2.isEmpty { return true }
            for (x, y) in zip(args1, args2) where try !isSubspace(x, y) { return false }
            return true
        case (.constructor(_, _, let args), .unknown):
            for x in args where try isSubspace(x, b) { return true }
            return false
        case (.constructor(_, let h, let args), .disjunct(let parts)) where args.isEmpty && parts.summary != nil:
            return parts.summary!.contains(h)
        case (.unknown(let x), .disjunct(let parts)) where parts.summary != nil:
            return parts.summary!.containsUnknown(allowedButNotRequired: x)
        case (.constructor, .disjunct(let parts)), (.bool, .disjunct(let parts)), (.unknown, .disjunct(let parts)):
            for p in parts.items where try isSubspace(a, p) { return true }
            return false
        case (.bool(let x), .bool(let y)):
            return x == y
        case (.bool, .constructor), (.bool, .unknown), (.constructor, .bool), (.unknown, .bool),
             (.unknown, .constructor):
            return false
        case (.unknown(let x), .unknown(let y)):
            return y ? x : true
        case (.empty, _), (_, .empty):
            return a.isEmpty
        }
    }

    // MARK: Subtraction

    /// The values of `a` that are not in `b`, folded the way swiftc folds them.
    mutating func minus(_ a: Space, _ b: Space) throws -> Space {
        minusBudget -= 1
        if minusBudget < 0 { throw SpaceBudgetExceeded() }
        if a.isEmpty { return .empty }
        if b.isEmpty { return a }
        switch (a, b) {
        case (.type(let t1), .type(let t2)):
            return t1 == t2 ? .empty : a
        case (.type(let t), .constructor):
            return types.canDecompose(t) ? try minus(decompose(t), b) : a
        case (.type, .unknown):
            return a
        case (.type(let t), .disjunct(let parts)):
            guard types.canDecompose(t) else { return a }
            // Payload-free constructors named in `b` are certain to be removed: leave
            // them out of the decomposition (swiftc's optimization; it shapes the result).
            var named = HeadSet()
            for p in parts.items {
                if case .constructor(_, let h, let args) = p, args.isEmpty, h != Head.tuple { named.insert(h) }
            }
            return try minus(decompose(t, skipping: named), b)
        case (_, .disjunct(let parts)):
            var rest = a
            for p in parts.items {
                // Unknown - Constructor is the unknown itself: skip the call, not its count.
                if case .unknown = rest, case .constructor = p {
                    minusBudget -= 1
                    if minusBudget < 0 { throw SpaceBudgetExceeded() }
                    continue
                }
                rest = try minus(rest, p)
            }
            return rest
        case (.disjunct(let parts), _):
            var pieces: [Space] = []
            for p in parts.items {
                let d = try minus(p, b)
                if case .disjunct(let inner) = d { pieces.append(contentsOf: inner.items) } else { pieces.append(d) }
            }
            // Drop pieces contained in an earlier one (not minimal, but it keeps the
            // (A, B, C) - rows problem small, and swiftc's output depends on it).
            var kept: [Space] = []
            for piece in pieces {
                var handled = false
                for k in kept where try isSubspace(piece, k) { handled = true; break }
                if !handled { kept.append(piece) }
            }
            return Space.forDisjunct(kept)
        case (.constructor, .type):
            return .empty
        case (.constructor(let t, let h, let args), .unknown):
            var rest: [Space] = []
            for x in args {
                let d = try minus(x, b)
                if d.isEmpty { return .empty }
                rest.append(d)
            }
            return Space.forConstructor(t, h, rest)
        case (.constructor(let t, let h1, let args1), .constructor(_, let h2, let args2)):
            if h1 != h2 { return a }
            if args2.isEmpty { return .empty }
            var pieces: [Space] = []
            var foundBad = false
            for (i, (x, y)) in zip(args1, args2).enumerated() {
                if try !isSubspace(x, y) { foundBad = true }
                let reduced = try minus(x, y)
                if reduced.isEmpty { continue }
                if reduced == x { return a }
                var copy = args1
                copy[i] = reduced
                pieces.append(Space.forConstructor(t, h1, copy))
            }
            return foundBad ? Space.forDisjunct(pieces) : .empty
        case (.bool(let x), .bool(let y)):
            return x == y ? .empty : a
        case (.bool, .type(let t)):
            if case .bool = types[t] { return .empty }
            return types.canDecompose(t) ? try minus(a, decompose(t)) : a
        case (.bool, .constructor), (.bool, .unknown):
            return a
        case (.type(let t), .bool):
            return types.canDecompose(t) ? try minus(decompose(t), b) : a
        case (.unknown, .type):
            return .empty
        case (.unknown, .constructor), (.unknown, .bool), (.constructor, .bool):
            return a
        case (.unknown(let x), .unknown(let y)):
            return (y && !x) ? a : .empty
        case (.empty, _), (_, .empty):
            return a
        }
    }

    /// Removes the allowed-but-not-required future cases, without a budget (as swiftc);
    /// with `all` (the switch has an `@unknown` case) the required ones too.
    mutating func removingUnknown(_ s: Space, all: Bool = false) -> Space {
        let saved = (minusBudget, subspaceBudget)
        minusBudget = Int.max; subspaceBudget = Int.max
        defer { (minusBudget, subspaceBudget) = saved }
        return (try? minus(s, .unknown(allowedButNotRequired: !all))) ?? s
    }

    /// swiftc's `checkDowngradeToWarning`: whether every part of what is left uncovered
    /// holds a future case (`.some(<future>)` included), so that the switch covers every
    /// case known today and swiftc only warns.
    func onlyUnknownUncovered(_ s: Space) -> Bool {
        switch s {
        case .type, .bool, .empty: return false
        case .unknown: return true
        case .constructor(_, _, let args): return args.contains { onlyUnknownUncovered($0) }
        case .disjunct(let parts): return !parts.items.isEmpty && parts.items.allSatisfy { onlyUnknownUncovered($0) }
        }
    }

    // MARK: Presenting what is missing

    /// Unpacks disjunctions, also those inside constructor arguments, into a list of
    /// spaces without disjunctions, in swiftc's order.
    func flatten(_ s: Space, into flats: inout [Space]) {
        switch s {
        case .constructor(let t, let h, let args):
            if args.isEmpty { flats.append(s); return }
            var multiplier = 1
            var matrix: [[Space]] = []
            for arg in args {
                var column: [Space] = []
                flatten(arg, into: &column)
                let startSize = matrix.count
                if !matrix.isEmpty && column.count > 1 {
                    let oldCount = matrix.count
                    for _ in 1..<column.count { matrix.append(contentsOf: matrix[0..<oldCount]) }
                }
                if matrix.isEmpty {
                    for v in column { matrix.append([v]) }
                } else {
                    var stride = multiplier
                    if startSize == 1 { stride = 1 } else if column.count == 1 { stride = matrix.count }
                    var col = 0
                    for row in matrix.indices {
                        if row != 0 && row % stride == 0 { col += 1 }
                        matrix[row].append(column[min(col, column.count - 1)])
                    }
                }
                multiplier *= column.count
            }
            for row in matrix { flats.append(Space.forConstructor(t, h, row)) }
        case .disjunct(let parts):
            for p in parts.items { flatten(p, into: &flats) }
        default:
            flats.append(s)
        }
    }

    /// The missing patterns swiftc would list: flattened, minus the ones a larger one
    /// already covers, in their original order.
    /// With `keepingRequiredUnknown`, a future case an imported enum requires stays in the
    /// list (swiftc's note "handle unknown values using "@unknown default"").
    mutating func missingPatterns(_ uncovered: Space, keepingRequiredUnknown: Bool = false) throws -> [Space] {
        // Listing what is missing has a budget of its own: swiftc's time limit is on the
        // subtraction, and what the subtraction spent must not cut the list short (a
        // 10-row diagonal tuple switch otherwise fell back to another order, issue 10 item 6).
        subspaceBudget = max(subspaceBudget, 2_000_000)
        var flats: [Space] = []
        flatten(uncovered, into: &flats)
        if flats.count > 50_000 { throw SpaceBudgetExceeded() }
        // A flat equal to an earlier one is covered by whatever covers that one: leave it
        // out before the quadratic test (a diagonal tuple switch has thousands of them).
        // (Hashed as values: keying them by their printed form went through reflection and
        // took 86% of checking a 10-row diagonal.)
        var seen = Set<Space>()
        var unique: [Int] = []
        for (i, f) in flats.enumerated() where seen.insert(f).inserted { unique.append(i) }
        if unique.count < flats.count { flats = unique.map { flats[$0] } }
        var order = Array(flats.indices)
        let sizesOf = flats.map { size($0) }
        order.sort { l, r in sizesOf[l] != sizesOf[r] ? sizesOf[l] > sizesOf[r] : l < r }
        var emit = Set<Int>()
        var emitted: [Int] = []
        for i in order {
            var handled = false
            for j in emitted where try isSubspace(flats[i], flats[j]) { handled = true; break }
            if handled { continue }
            emit.insert(i); emitted.append(i)
        }
        var result: [Space] = []
        for i in flats.indices where emit.contains(i) {
            if case .unknown(let allowed) = flats[i], allowed || !keepingRequiredUnknown { continue }
            result.append(flats[i])
        }
        return result
    }

    /// A pattern as Swift writes it: `.some(.donate)`, `(_, .noData)`, `false`.
    func show(_ s: Space) -> String {
        switch s {
        case .empty, .type, .unknown: return "_"
        case .bool(let b): return b ? "true" : "false"
        case .disjunct(let parts): return parts.items.map { show($0) }.joined(separator: " | ")
        case .constructor(let t, let h, let args):
            var out = h == Head.tuple ? "" : "." + types.constructorName(t, h)
            if args.isEmpty { return out }
            if h != Head.tuple, types.hasPayloadCases(t) {
                return out + types.showPayload(t, h, args.map { show($0) }, wildcard: args.map { if case .type = $0 { return true }; return false })
            }
            out += "(" + args.map { show($0) }.joined(separator: ", ") + ")"
            return out
        }
    }
}
