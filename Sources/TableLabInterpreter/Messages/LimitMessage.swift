// TableLab's own limits on a run (call depth, steps, memory, sizes it refuses to build):
// Swift has no such errors, so their words are TableLab's.
//
// Each message is its identity and its arguments; its text is made here and nowhere else.

import TableLabSyntax

enum LimitMessage: DiagnosticMessage, Hashable {
    case stackOverflow
    case stepLimit(Int)
    case interrupted
    case memoryBudgetExceeded(budget: String)
    case allocationOverBudget(what: String, needs: String, budget: String)
    case allocationOverRemaining(what: String, needs: String, held: String, budget: String)
    case printDepth(Int)
    case rangeArrayTooLarge(lower: Int, op: String, upper: Int)
    case strideTooLong
    case tooManyGlobals(Int)

    var id: DiagnosticID {
        switch self {
        case .stackOverflow: return DiagnosticID("limit_stack_overflow")
        case .stepLimit: return DiagnosticID("limit_step_limit")
        case .interrupted: return DiagnosticID("limit_interrupted")
        case .memoryBudgetExceeded: return DiagnosticID("limit_memory_budget_exceeded")
        case .allocationOverBudget: return DiagnosticID("limit_allocation_over_budget")
        case .allocationOverRemaining: return DiagnosticID("limit_allocation_over_remaining")
        case .printDepth: return DiagnosticID("limit_print_depth")
        case .rangeArrayTooLarge: return DiagnosticID("limit_range_array_too_large")
        case .strideTooLong: return DiagnosticID("limit_stride_too_long")
        case .tooManyGlobals: return DiagnosticID("limit_too_many_globals")
        }
    }

    var text: String {
        switch self {
        case .stackOverflow: return "stack overflow"
        case .stepLimit(let n): return "step limit of \(n) exceeded"
        case .interrupted: return "execution interrupted"
        case .memoryBudgetExceeded(let budget): return "out of memory: the run holds more than its memory budget of \(budget) (--max-memory)"
        case .allocationOverBudget(let what, let needs, let budget): return "out of memory: \(what) would need \(needs), more than the memory budget of \(budget) (--max-memory)"
        case .allocationOverRemaining(let what, let needs, let held, let budget): return "out of memory: \(what) would need \(needs), and the run holds \(held) of its memory budget of \(budget) (--max-memory)"
        case .printDepth(let n): return "printing a value nested more than \(n) levels deep is not supported in TableLab"
        case .rangeArrayTooLarge(let lower, let op, let upper): return "range \(lower)\(op)\(upper) is too large to make an array"
        case .strideTooLong: return "stride of more than 50,000,000 elements is too large"
        case .tooManyGlobals(let n): return "too many global names: TableLab holds at most \(n) global variables, static properties and names used before their declaration"
        }
    }
}
