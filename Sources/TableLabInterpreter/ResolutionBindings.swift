// What a check asks of the resolver's bindings (Resolver.swift): which names a function or
// a block binds and how many times, read from the one resolution rather than a walk of the
// check's own (MemberNameCheck.swift, FunctionNameCheck.swift, InitPhaseCheck.swift).

import TableLabSyntax

extension Resolution {
    /// How many bindings of each name the pass saw, parameters included: a name bound once
    /// is one declaration wherever the function uses it.
    var bindingCounts: [String: Int] {
        captured.keys.reduce(into: [:]) { $0[$1.name, default: 0] += 1 }
    }

    /// Every name the pass saw bound (parameters included).
    var boundNames: Set<String> { Set(captured.keys.map(\.name)) }

    /// Whether the pass saw a binding of `name`.
    func binds(_ name: String) -> Bool {
        captured.keys.contains { $0.name == name }
    }
}
