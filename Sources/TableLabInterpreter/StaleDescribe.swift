// `print` of an enum value that a redeclaration left behind (its case removed or changed):
// the stale-value error, as for a switch over it, instead of the old case's name.

extension InterpreterCore {
    /// Whether the enum type `tid` has been replaced by a newer declaration of its name.
    func isStaleType(_ tid: Int32) -> Bool {
        if staleTypes.generation != typeGeneration {
            var ids = Set<Int32>()
            for t in types where t.kind == .enum {
                if let current = typeSlots[t.name]?.current, current !== t { ids.insert(t.id) }
            }
            staleTypes = (typeGeneration, ids)
        }
        return staleTypes.ids.contains(tid)
    }

    /// While describing: the first stale value becomes the error `describeChecked` throws.
    func noteStaleDescribed(_ v: Value) {
        guard pendingDescribeError == nil, let m = staleEnumValue(v) else { return }
        pendingDescribeError = RuntimeError(m, at: .unknown)
    }
}
