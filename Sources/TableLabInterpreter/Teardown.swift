// Freeing a long chain of values without a call per link.
//
// Swift frees a value by releasing what it holds, which frees what that holds, one nested
// call (about seven frames) per link. A linked list of class instances or an indirect enum
// built a case at a time (`l = .cons(i, l)`) with three million links overflowed even the
// interpreter's 512 MiB stack: SIGSEGV when the list went away, in a function's return or
// at exit (issue 17: no crash). The two objects such chains are made of, class instances
// (TableInstance) and payload cases (PayloadCase), take their children apart in their
// `deinit` with a worklist: a child that nothing else holds gives up its own children to
// the list before it goes, so nothing nested is left to free.

enum Teardown {
    /// An array of at most this many elements is taken apart too (the links of a tree kept
    /// in `children: [Node]`); a larger one is freed as Swift frees it, since scanning a
    /// large array that other owners still hold would cost its size at every owner's end.
    static let arrayLimit = 16

    /// Takes `values` apart, leaving it empty.
    static func dismantle(_ values: inout [Value]) {
        guard values.contains(where: \.mayHoldALink) else { return }
        // A stack whose top is the next value Swift frees: a value's parts (all of them, so
        // none is freed early with its holder) are pushed last first, so they go in
        // declaration order, each taken apart before the next, as Swift frees them (a
        // `deinit` of an object's second field ran before the first's).
        var pending = Array(values.reversed())
        values = []
        while var v = pending.popLast() {
            // The object is taken out of `v` first, so that the only reference left to
            // test for uniqueness is the one held here (a `switch` over `v` keeps a copy
            // of it alive in debug builds).
            if var p = payloadCase(taking: &v) {
                if isKnownUniquelyReferenced(&p) {
                    pending.append(contentsOf: p.values.reversed())
                    p.values = []
                }
            } else if var instance = classInstance(taking: &v) {
                // An instance whose `deinit` reads its fields keeps them until it has run.
                if !instance.type.runsDeinit, isKnownUniquelyReferenced(&instance) {
                    pending.append(contentsOf: instance.takeFields().reversed())
                }
            } else {
                // Optionals, structs, tuples, small arrays: their elements go on the list
                // before `v` is freed, so freeing it frees nothing nested.
                switch v {
                case .wrapped(let inner): if inner.mayHoldALink { pending.append(inner) }
                case .structValue(let s): pending.append(contentsOf: s.fields.reversed())
                case .tuple(let t): pending.append(contentsOf: t.elements.reversed())
                case .array(let a) where a.count <= arrayLimit: pending.append(contentsOf: a.reversed())
                default: break
                }
            }
        }
    }

    private static func payloadCase(taking v: inout Value) -> PayloadCase? {
        guard case .payloadCase(let p) = v else { return nil }
        v = .void
        return p
    }

    private static func classInstance(taking v: inout Value) -> TableInstance? {
        guard case .type(.table(let instance)) = v else { return nil }
        v = .void
        return instance
    }
}

extension Value {
    /// Whether freeing this value may free a chain of others (see Teardown).
    var mayHoldALink: Bool {
        switch self {
        case .payloadCase, .type(.table), .wrapped, .structValue, .tuple: return true
        case .array(let a): return !a.isEmpty && a.count <= Teardown.arrayLimit
        default: return false
        }
    }
}

// A struct chain through arrays (`struct S { var next: [S] }`, `s = S(next: [s])` a
// million times) holds no object with a `deinit` to take it apart: Swift frees it by one
// nested release per level, which overflowed the stack when the chain went away. The
// places that end a variable's value (a frame's slots, an assignment) hand a struct to
// `releaseChain` first, which takes apart what only that value holds.
extension Teardown {
    /// Takes `v` apart when it is a struct (or a small array) holding a chain, leaving
    /// `()`; cheap otherwise.
    @inline(__always) static func releaseChain(_ v: inout Value) {
        switch v {
        case .structValue, .array: releaseStructChain(&v)
        default: break
        }
    }

    /// Whether `v` may head a chain (asked apart, so that no copy of what it holds is left
    /// alive in `releaseStructChain` to spoil the uniqueness tests).
    @inline(never) private static func headsAChain(_ v: borrowing Value) -> Bool {
        switch v {
        case .structValue(let s): return s.fields.contains(where: \.mayLinkThroughAnArray)
        case .array(let a): return a.count <= arrayLimit && Value.array(a).mayLinkThroughAnArray
        default: return false
        }
    }

    @inline(never) private static func releaseStructChain(_ v: inout Value) {
        guard headsAChain(v) else { return }
        var pending = [Value.void]
        swap(&pending[0], &v)
        while var x = pending.popLast() {
            if var s = structValue(taking: &x) {
                if isUniquelyOwned(&s.fields) {
                    pending.append(contentsOf: s.fields.reversed())
                    s.fields = []
                }
            } else if var a = array(taking: &x) {
                if isUniquelyOwned(&a) {
                    for e in a.reversed() where e.mayHoldALink { pending.append(e) }
                    a = []
                }
            } else {
                // Class instances and payload cases take themselves apart; optionals and
                // tuples hand on what they hold.
                switch x {
                case .wrapped(let inner): if inner.mayHoldALink { pending.append(inner) }
                case .tuple(let t): for e in t.elements.reversed() where e.mayHoldALink { pending.append(e) }
                default: break
                }
            }
        }
    }

    /// Whether nothing else holds the array's storage, so its elements go when it does.
    /// An Array is one reference to its storage object, read here without retaining it.
    private static func isUniquelyOwned(_ a: inout [Value]) -> Bool {
        isStorageUniquelyReferenced(&a)
    }

    private static func structValue(taking v: inout Value) -> StructValue? {
        guard case .structValue(let s) = v else { return nil }
        v = .void
        return s
    }

    private static func array(taking v: inout Value) -> [Value]? {
        guard case .array(let a) = v else { return nil }
        v = .void
        // Case indices hold nothing to free.
        return a.isCompact ? [] : a.values
    }
}

extension Value {
    /// An array whose elements may hold others: a struct chain may go through it.
    fileprivate var mayLinkThroughAnArray: Bool {
        guard case .array(let a) = self, let first = a.first else { return false }
        switch first {
        case .structValue, .array, .payloadCase, .type(.table), .wrapped, .tuple: return true
        default: return false
        }
    }
}
