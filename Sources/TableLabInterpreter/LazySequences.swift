import TableLabSyntax

// `xs.lazy` and the chains built on it (`filter`, `map`, `compactMap`). Swift's lazy views
// run their closures when an element is asked for, so the order of a closure's side effects
// is part of what the program does. Two ways of asking exist, and they differ:
// - iterating (`for`, `Array(...)`, `forEach`, `reduce`, `first(where:)`, ...) pushes each
//   base element through every step before the next element;
// - the Collection members (`first`, `count`, `isEmpty`) move an index: the search runs the
//   steps up to the last filter only, and reading the element found runs the transforms
//   again from the base (`lazy.map(f).filter(p).first` calls `f` twice on the element found).
// Anything else on a lazy view is refused by name.

/// A lazy view over a sequence's elements (taken when `.lazy` is read: the base is a value).
final class LazySequenceObject: NativeObject {
    enum Step {
        case map(FunctionValue)
        case filter(FunctionValue)
        /// compactMap's filter, as Swift spells compactMap: `map(f).filter { $0 != nil }.map { $0! }`.
        case dropNil
        case unwrap

        var isFilter: Bool {
            switch self {
            case .filter, .dropNil: return true
            case .map, .unwrap: return false
            }
        }
    }

    let base: [Value]
    let steps: [Step]

    init(base: [Value], steps: [Step] = []) {
        self.base = base
        self.steps = steps
    }

    override var typeName: String {
        switch steps.last {
        case nil: return "LazySequence"
        case .filter?, .dropNil?: return "LazyFilterSequence"
        case .map?, .unwrap?: return "LazyMapSequence"
        }
    }

    func adding(_ more: [Step]) -> LazySequenceObject { LazySequenceObject(base: base, steps: steps + more) }

    /// The steps an index search runs: up to the last filter (the transforms after it run
    /// only when an element is read).
    var searchSteps: ArraySlice<Step> {
        guard let last = steps.lastIndex(where: { $0.isFilter }) else { return [] }
        return steps[...last]
    }
}

extension InterpreterCore {
    /// `x` through `steps`; nil when a filter drops it.
    private func lazyApply(_ m: Ctx, _ steps: ArraySlice<LazySequenceObject.Step>, _ x: Value, skippingFilters: Bool = false,
                           _ loc: SourceLocation) throws -> Value? {
        var x = x
        for step in steps {
            switch step {
            case .map(let f): x = try callFunction(m, f, [x], loc)
            case .filter(let p):
                if !skippingFilters, !(try boolResult(try callFunction(m, p, [x], loc), loc)) { return nil }
            case .dropNil:
                if !skippingFilters, x.isNil { return nil }
            case .unwrap:
                if case .wrapped(let w) = x { x = w }
            }
        }
        return x
    }

    /// Iterates the view as its iterator does: each base element through every step, in
    /// order; `body` returns false to stop.
    func lazyIterate(_ m: Ctx, _ z: LazySequenceObject, _ loc: SourceLocation, _ body: (Value) throws -> Bool) throws {
        for x in z.base {
            guard let y = try lazyApply(m, z.steps[...], x, loc) else { continue }
            if !(try body(y)) { return }
        }
    }

    func lazyElements(_ m: Ctx, _ z: LazySequenceObject, _ loc: SourceLocation) throws -> [Value] {
        var out: [Value] = []
        try lazyIterate(m, z, loc) { out.append($0); return true }
        return out
    }

    /// The elements where no error can leave (a conversion): a trap in a closure is raised
    /// at the next step, as one in a `deinit` is.
    func eagerElements(_ z: LazySequenceObject) -> [Value] {
        let m = machine
        do {
            guard case .map(let f)? = z.steps.last else { return try lazyElements(m, z, .unknown) }
            return try collectionMap(m, LazySequenceObject(base: z.base, steps: Array(z.steps.dropLast())), f, .unknown)
        } catch let e as RuntimeError {
            if m.pointee.deinitError == nil { m.pointee.deinitError = e }
            m.pointee.nextCheck = m.pointee.steps
        } catch {}
        return []
    }

    /// Collection's eager `map` over a lazy view: `count` first (the filters' search over
    /// every element), then index by index: the search to the next element kept, the
    /// element read (the transforms again), `f` of it. Without a filter this is the
    /// iterator's order.
    private func collectionMap(_ m: Ctx, _ z: LazySequenceObject, _ f: FunctionValue, _ loc: SourceLocation) throws -> [Value] {
        let search = z.searchSteps
        if search.isEmpty { return try lazyElements(m, z.adding([.map(f)]), loc) }
        for x in z.base { _ = try lazyApply(m, search, x, loc) }
        var out: [Value] = []
        for x in z.base where try lazyApply(m, search, x, loc) != nil {
            out.append(try callFunction(m, f, [try lazyApply(m, z.steps[...], x, skippingFilters: true, loc)!], loc))
        }
        return out
    }

    /// The base index of the first element the filters keep (the view's `startIndex`).
    private func lazyStartIndex(_ m: Ctx, _ z: LazySequenceObject, _ loc: SourceLocation) throws -> Int? {
        let search = z.searchSteps
        if search.isEmpty { return z.base.isEmpty ? nil : 0 }
        for (i, x) in z.base.enumerated() where try lazyApply(m, search, x, loc) != nil { return i }
        return nil
    }

    /// `first`, `count`, `isEmpty` and `lazy` of a lazy view (Collection's, by index).
    func lazyProperty(_ m: Ctx, _ z: LazySequenceObject, _ name: String, _ loc: SourceLocation) throws -> Value {
        switch name {
        case "lazy": return .object(z)
        case "isEmpty": return .bool(try lazyStartIndex(m, z, loc) == nil)
        case "first":
            guard let i = try lazyStartIndex(m, z, loc) else { return .nilValue }
            return .wrapped(try lazyApply(m, z.steps[...], z.base[i], skippingFilters: true, loc)!)
        case "count":
            let search = z.searchSteps
            if search.isEmpty { return .int(z.base.count) }
            var n = 0
            for x in z.base where try lazyApply(m, search, x, loc) != nil { n += 1 }
            return .int(n)
        default:
            throw RuntimeError(UnsupportedMessage.lazySequenceMember(name), at: loc)
        }
    }

    /// A method of a lazy view; the arguments are the top `argc` stack slots (consumed).
    func callLazyMethod(_ m: Ctx, _ z: LazySequenceObject, _ name: String, _ fullName: String, _ argc: Int,
                        _ loc: SourceLocation) throws -> Value {
        let a = argsArray(m, argc)
        let f: FunctionValue? = { if a.count == 1, case .function(let f) = a[0] { return f }; return nil }()
        switch (name, f) {
        case ("map", let f?): return .object(z.adding([.map(f)]))
        case ("filter", let f?): return .object(z.adding([.filter(f)]))
        case ("compactMap", let f?): return .object(z.adding([.map(f), .dropNil, .unwrap]))
        case ("forEach", let f?):
            try lazyIterate(m, z, loc) { _ = try callFunction(m, f, [$0], loc); return true }
            return .void
        case ("first", let p?), ("contains", let p?), ("allSatisfy", let p?):
            return try lazySearch(m, z, name, p, loc)
        case ("reduce", nil) where a.count == 2:
            guard case .function(let combine) = a[1] else { break }
            var acc = a[0]
            try lazyIterate(m, z, loc) { acc = try callFunction(m, combine, [acc, $0], loc); return true }
            return acc
        // `joined()` without a separator is the lazy view's own, a lazy flattening that prints as
        // such, unless a String is what the context asks for, which the run cannot tell.
        case ("joined", nil) where a.isEmpty:
            throw RuntimeError(UnsupportedMessage.lazySequenceMember(fullName), at: loc)
        case ("sorted", _), ("joined", nil):
            // Sequence's `sorted` and `joined(separator:)` take every element before they do anything else.
            var elements = Value.array(try lazyElements(m, z, loc))
            for x in a { m.push(x) }
            return try callBuiltinMethod(m, &elements, BuiltinMethod(fullName: fullName), name, fullName, argc, false, "", loc,
                                         trailingClosure: TrailingClosureForm(name: name, fullName: fullName))
        default: break
        }
        throw RuntimeError(UnsupportedMessage.lazySequenceMember(fullName), at: loc)
    }

    /// `first(where:)`, `contains(where:)`, `allSatisfy(_:)`: iterate until the answer is known.
    private func lazySearch(_ m: Ctx, _ z: LazySequenceObject, _ name: String, _ p: FunctionValue,
                            _ loc: SourceLocation) throws -> Value {
        var found: Value? = nil
        let wanted = name != "allSatisfy"
        try lazyIterate(m, z, loc) { x in
            if try boolResult(try callFunction(m, p, [x], loc), loc) != wanted { return true }
            found = x
            return false
        }
        switch name {
        case "first": return found.map { .wrapped($0) } ?? .nilValue
        case "contains": return .bool(found != nil)
        default: return .bool(found == nil)
        }
    }
}
