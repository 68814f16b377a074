// Swift evaluates the subscript indices of an assignment's target before the value
// assigned: `a[next()] = next()` stores the second call's result at the first call's index,
// and `a[next()] += i` reads `i` after `next()` ran. Emission computes the value before it
// walks the target's path (the path's closure finds the place, then stores), so an index
// that calls anything printed another array. Such an index is evaluated first into a hidden
// local, which the target then reads (an index without a call gives the same value either way).
// Where an optional chain of the target finds nil, Swift evaluates nothing of the value: the
// chain's base is read first (`nilChainGuard`), and nil there skips the assignment.

import TableLabSyntax

extension InterpreterCore {
    /// `target` with each subscript index that calls anything replaced by a hidden local, and
    /// the evaluations that fill those locals, outermost index first; nil when there is none.
    func hoistingIndices(of target: Expr, _ scope: FnScope) -> (target: Expr, fills: [(slot: Int, eval: Eval)])? {
        var fills: [(slot: Int, eval: Eval)] = []
        let rewritten = hoisted(target, scope, &fills)
        return fills.isEmpty ? nil : (rewritten, fills)
    }

    private func hoisted(_ e: Expr, _ scope: FnScope, _ fills: inout [(slot: Int, eval: Eval)]) -> Expr {
        var out = e
        switch e.kind {
        case .member(let base, let name):
            out.kind = .member(hoisted(base, scope, &fills), name)
        case .forceUnwrap(let base):
            out.kind = .forceUnwrap(hoisted(base, scope, &fills))
        case .subscriptAccess(let base, let args):
            let (b, newArgs) = hoisted(base, args, scope, &fills)
            out.kind = .subscriptAccess(b, newArgs)
        case .optionalSubscript(let base, let args):
            let (b, newArgs) = hoisted(base, args, scope, &fills)
            out.kind = .optionalSubscript(b, newArgs)
        default:
            break
        }
        return out
    }
}

extension InterpreterCore {
    /// A subscript's base and arguments, each argument that calls anything replaced.
    private func hoisted(_ base: Expr, _ args: [Argument], _ scope: FnScope,
                         _ fills: inout [(slot: Int, eval: Eval)]) -> (Expr, [Argument]) {
        let b = hoisted(base, scope, &fills)
        // The index's context (`d[.a(5)] = 3`): a Dictionary's key, an Array's Int.
        var context: RType? = nil
        switch resolvedType(of: base, scope).map(unwrapOptional) {
        case .dictionary(let k, _)?: context = k
        case .array?: context = .int
        default: break
        }
        var newArgs = args
        for i in args.indices where IndexCallFinder.calls(args[i].value) {
            if context == nil, IndexCallFinder.namesImplicitMember(args[i].value) { continue }
            hoistingCount += 1
            let name = "#index\(hoistingCount)"
            let ev = compileExpr(args[i].value, scope, expected: context)
            let local = scope.declare(name, isLet: true, type: nil, at: args[i].value.location)
            fills.append((local.slot, ev))
            newArgs[i].value = Expr(.identifier(name), at: args[i].value.location, range: args[i].value.range)
        }
        return (b, newArgs)
    }

    /// `a?.b = f()`, `d[k]?[i] = f()`: where the chain finds nil, Swift evaluates nothing of
    /// the value (nor the indices after the `?`). The base of the chain's last `?`, read
    /// first where reading it again has no effects: nil there skips the assignment.
    func nilChainGuard(of target: Expr, value: Expr, _ scope: FnScope) -> Eval? {
        guard IndexCallFinder.calls(value) || IndexCallFinder.calls(target), let base = lastChainedBase(target),
              isPurePath(base) else { return nil }
        return compileExpr(base, scope, expected: nil)
    }

    private func lastChainedBase(_ e: Expr) -> Expr? {
        switch e.kind {
        case .optionalChain(let b, _), .optionalSubscript(let b, _): return b
        case .member(let b, _), .subscriptAccess(let b, _), .forceUnwrap(let b): return lastChainedBase(b)
        default: return nil
        }
    }
}

/// Whether an expression calls anything (a function, a method, an initializer, a closure),
/// or names an implicit member (`.a(5)`), which takes its type from the index's context.
private struct IndexCallFinder: SyntaxVisitor {
    var implicitMember = false
    var found = false

    static func calls(_ e: Expr) -> Bool {
        var f = IndexCallFinder()
        f.walk(e)
        return f.found
    }

    static func namesImplicitMember(_ e: Expr) -> Bool {
        var f = IndexCallFinder()
        f.implicitMember = true
        f.walk(e)
        return f.found
    }

    mutating func visit(_ node: Expr) -> SyntaxVisitorContinueKind {
        switch node.kind {
        case .call where !implicitMember, .implicitMember where implicitMember:
            found = true
            return .skipChildren
        default:
            return .visitChildren
        }
    }
}
