// Swift evaluates the subscript indices of an assignment's target before the value
// assigned: `a[next()] = next()` stores the second call's result at the first call's index,
// and `a[next()] += i` reads `i` after `next()` ran. Emission computes the value before it
// walks the target's path (the path's closure finds the place, then stores), so an index
// that calls anything printed another array. Such an index is evaluated first into a hidden
// local, which the target then reads (an index without a call gives the same value either way).

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
        case .subscriptAccess(let base, let args):
            let b = hoisted(base, scope, &fills)
            // The index's context (`d[.a(5)] = 3`): a Dictionary's key, an Array's Int.
            var context: RType? = nil
            switch resolvedType(of: base, scope) {
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
            out.kind = .subscriptAccess(b, newArgs)
        default:
            break
        }
        return out
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
