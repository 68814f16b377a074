// Exact missing patterns by Maranget's usefulness algorithm ("Warnings for pattern
// matching", JFP 2007), used only where swiftc's space subtraction gives up.
//
// The space engine blows up on e.g. two 13-case enums in a tuple matched on the
// diagonal: every row doubles the disjunction it subtracts from. Maranget's
// specialisation looks at one column at a time and answers such switches in
// microseconds. Its witnesses are folded with wildcards where a whole column is
// unconstrained; their order follows declaration order.

import TableLabSyntax

struct Usefulness {
    indirect enum Pat {
        case wild
        case ctor(Int32, [Pat])
    }

    let types: TypeTable
    var budget: Int
    /// Pattern cells of witnesses left to build: a staircase over a 24-element tuple has
    /// millions of missing vectors, each as wide as the tuple (gigabytes, where the call
    /// budget alone would not stop it in time).
    var witnessBudget: Int

    init(types: TypeTable, budget: Int = 2_000_000, witnessBudget: Int = 1_000_000) {
        self.types = types; self.budget = budget; self.witnessBudget = witnessBudget
    }

    private mutating func spendWitness(_ width: Int) throws {
        witnessBudget -= max(width, 1)
        if witnessBudget < 0 { throw SpaceBudgetExceeded() }
    }

    /// Converts a projected (non-empty, disjunction-free) space to a pattern.
    func pattern(_ s: Space, _ t: TypeID) -> Pat {
        switch s {
        case .constructor(_, let h, let args):
            let argTypes = argumentTypes(t, h)
            if args.isEmpty && !argTypes.isEmpty { return .ctor(h, argTypes.map { _ in .wild }) }
            return .ctor(h, zip(args, argTypes).map { pattern($0, $1) })
        case .bool(let b): return .ctor(b ? 0 : 1, [])
        default: return .wild
        }
    }

    /// The constructors of a type (nil for open types: never complete).
    func constructors(_ t: TypeID) -> [Int32]? {
        switch types[t] {
        case .bool: return [0, 1]
        case .enumeration(let info): return (0..<Int32(info.cases.count)).filter { !info.isUnavailable($0) }
        case .optional: return [Head.none, Head.some]
        case .tuple: return [Head.tuple]
        case .open: return nil
        }
    }

    func argumentTypes(_ t: TypeID, _ h: Int32) -> [TypeID] {
        switch types[t] {
        case .optional(let w): return h == Head.some ? [w] : []
        case .tuple(let ts): return ts
        case .enumeration: return types.payloadTypes(t, h) ?? []
        default: return []
        }
    }

    /// The value vectors (of `columnTypes`) matched by no row, as patterns.
    mutating func missing(_ rows: [[Pat]], _ columnTypes: [TypeID]) throws -> [[Pat]] {
        budget -= 1
        if budget < 0 { throw SpaceBudgetExceeded() }
        guard let t = columnTypes.first else { return rows.isEmpty ? [[]] : [] }
        let rest = Array(columnTypes.dropFirst())
        var heads = Set<Int32>()
        for row in rows { if case .ctor(let h, _) = row[0] { heads.insert(h) } }
        let defaults = rows.compactMap { row -> [Pat]? in
            if case .wild = row[0] { return Array(row.dropFirst()) }
            return nil
        }
        guard let all = constructors(t), !heads.isEmpty else {
            // Nothing to split on: the column stays a wildcard.
            let tails = try missing(defaults, rest)
            try spendWitness(tails.count * columnTypes.count)
            return tails.map { [.wild] + $0 }
        }
        // Every constructor, so that the witnesses cover all missing values (Maranget's
        // I function stops at one region per unnamed constructor; swiftc lists them all).
        var result: [[Pat]] = []
        var defaultTails: [[Pat]]? = nil
        for h in all {
            let argTypes = argumentTypes(t, h)
            if heads.contains(h) {
                let sub = specialize(rows, h, argTypes.count)
                let found = try missing(sub, argTypes + rest)
                try spendWitness(found.count * columnTypes.count)
                for w in found {
                    result.append([.ctor(h, Array(w.prefix(argTypes.count)))] + w.dropFirst(argTypes.count))
                }
            } else {
                if defaultTails == nil { defaultTails = try missing(defaults, rest) }
                let head = Pat.ctor(h, argTypes.map { _ in .wild })
                try spendWitness(defaultTails!.count * columnTypes.count)
                for w in defaultTails! { result.append([head] + w) }
            }
        }
        return result
    }

    private func specialize(_ rows: [[Pat]], _ h: Int32, _ arity: Int) -> [[Pat]] {
        var out: [[Pat]] = []
        for row in rows {
            switch row[0] {
            case .wild: out.append(Array(repeating: .wild, count: arity) + row.dropFirst())
            case .ctor(let rh, let args) where rh == h: out.append(args + row.dropFirst())
            default: break
            }
        }
        return out
    }

    /// Swift's spelling of a witness.
    func show(_ p: Pat, _ t: TypeID) -> String {
        switch p {
        case .wild: return "_"
        case .ctor(let h, let args):
            if case .bool = types[t] { return h == 0 ? "true" : "false" }
            let argTypes = argumentTypes(t, h)
            var out = h == Head.tuple ? "" : "." + types.constructorName(t, h)
            if !args.isEmpty, h != Head.tuple, types.hasPayloadCases(t) {
                out += types.showPayload(t, h, zip(args, argTypes).map { show($0, $1) },
                                         wildcard: args.map { if case .wild = $0 { return true }; return false })
            } else if !args.isEmpty {
                out += "(" + zip(args, argTypes).map { show($0, $1) }.joined(separator: ", ") + ")"
            }
            return out
        }
    }
}
