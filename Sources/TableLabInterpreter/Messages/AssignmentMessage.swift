// swiftc's refusals of a write (immutable values, get-only members, inout, exclusive
// access, use before initialization) met while compiling or running, in swiftc's words.
//
// Each message is its identity and its arguments; its text is made here and nowhere else.

import TableLabSyntax

enum AssignmentMessage: DiagnosticMessage, Hashable {
    case cannotAssignToProperty(String)
    case getOnlyProperty(String)
    case cannotAssignThroughSubscript(String)
    case getOnlySubscript
    case subscriptOfImmutableValue(String)
    case mutatingOperatorOnImmutable(String)
    case mutatingGetterOnImmutable(String)
    case lazyPropertyOfImmutable(String)
    case immutableInitializedTwice(String)
    case constantUsedBeforeInitialized(String)
    case variableUsedBeforeInitialized(String)
    case selfPropertyUsedBeforeInitialized(String)
    case immutableInout(String)
    case immutableInoutOfType(String)
    case inoutWithoutAmpersand(String)
    case ampersandNonInout(String)
    case ampersandOutsideArgument
    case inoutAliasing
    case overlappingAccesses(String, note: String)
    case selfUsedBeforeInit(use: String, when: String)
    case cannotAssignToValue(String)
    case cannotAssignToExpression
    /// `a = a`, `self.x = self.x`: swiftc refuses the program.
    case selfAssignment(isProperty: Bool)

    var id: DiagnosticID {
        switch self {
        case .cannotAssignToProperty: return DiagnosticID("assignment_cannot_assign_to_property")
        case .getOnlyProperty: return DiagnosticID("assignment_get_only_property")
        case .cannotAssignThroughSubscript: return DiagnosticID("assignment_cannot_assign_through_subscript")
        case .getOnlySubscript: return DiagnosticID("assignment_get_only_subscript")
        case .subscriptOfImmutableValue: return DiagnosticID("assignment_subscript_of_immutable_value")
        case .mutatingOperatorOnImmutable: return DiagnosticID("assignment_mutating_operator_on_immutable")
        case .mutatingGetterOnImmutable: return DiagnosticID("assignment_mutating_getter_on_immutable")
        case .lazyPropertyOfImmutable: return DiagnosticID("assignment_lazy_property_of_immutable")
        case .immutableInitializedTwice: return DiagnosticID("assignment_immutable_initialized_twice")
        case .constantUsedBeforeInitialized: return DiagnosticID("assignment_constant_used_before_initialized")
        case .variableUsedBeforeInitialized: return DiagnosticID("assignment_variable_used_before_initialized")
        case .selfPropertyUsedBeforeInitialized: return DiagnosticID("assignment_self_property_used_before_initialized")
        case .immutableInout: return DiagnosticID("assignment_immutable_inout")
        case .immutableInoutOfType: return DiagnosticID("assignment_immutable_inout_of_type")
        case .inoutWithoutAmpersand: return DiagnosticID("assignment_inout_without_ampersand")
        case .ampersandNonInout: return DiagnosticID("assignment_ampersand_non_inout")
        case .ampersandOutsideArgument: return DiagnosticID("assignment_ampersand_outside_argument")
        case .inoutAliasing: return DiagnosticID("assignment_inout_aliasing")
        case .overlappingAccesses: return DiagnosticID("assignment_overlapping_accesses")
        case .selfUsedBeforeInit: return DiagnosticID("assignment_self_used_before_init")
        case .cannotAssignToValue: return DiagnosticID("assignment_cannot_assign_to_value")
        case .cannotAssignToExpression: return DiagnosticID("assignment_cannot_assign_to_expression")
        case .selfAssignment(let isProperty): return DiagnosticID(isProperty ? "self_assignment_prop" : "self_assignment_var")
        }
    }

    var group: String? {
        if case .overlappingAccesses = self { return "ExclusivityViolation" }
        return nil
    }

    var text: String {
        switch self {
        case .cannotAssignToProperty(let name): return "cannot assign to property: \(name)"
        case .getOnlyProperty(let name): return "cannot assign to property: '\(name)' is a get-only property"
        case .cannotAssignThroughSubscript(let name): return "cannot assign through subscript: \(name)"
        case .getOnlySubscript: return "cannot assign through subscript: subscript is get-only"
        case .subscriptOfImmutableValue(let name): return "cannot assign through subscript: value of type '\(name)'"
        case .mutatingOperatorOnImmutable(let name): return "left side of mutating operator isn't mutable: \(name)"
        case .mutatingGetterOnImmutable(let name): return "cannot use mutating getter on immutable value: \(name)"
        case .lazyPropertyOfImmutable(let name): return "cannot use mutating getter on immutable value: '\(name)' is a lazy property of a value that is not a variable"
        case .immutableInitializedTwice(let name): return "immutable value '\(name)' may only be initialized once"
        case .constantUsedBeforeInitialized(let name): return "constant '\(name)' used before being initialized"
        case .variableUsedBeforeInitialized(let name): return "variable '\(name)' used before being initialized"
        case .selfPropertyUsedBeforeInitialized(let name): return "variable 'self.\(name)' used before being initialized"
        case .immutableInout(let name): return "cannot pass immutable value as inout argument: \(name)"
        case .immutableInoutOfType(let name): return "cannot pass immutable value of type '\(name)' as inout argument"
        case .inoutWithoutAmpersand(let name): return "passing value of type '\(name)' to an inout parameter requires explicit '&'"
        case .ampersandNonInout(let name): return "'&' used with non-inout argument of type '\(name)'"
        case .ampersandOutsideArgument: return "'&' may only be used to pass an argument to inout parameter"
        case .inoutAliasing: return "inout arguments are not allowed to alias each other"
        case .overlappingAccesses(let a, let note): return "overlapping accesses to '\(a)', but modification requires exclusive access; \(note)"
        case .selfUsedBeforeInit(let use, let when): return "'self' used \(use)\(when)"
        case .cannotAssignToValue(let name): return "cannot assign to value: \(name)"
        case .cannotAssignToExpression: return "cannot assign to this expression"
        case .selfAssignment(let isProperty): return "assigning a \(isProperty ? "property" : "variable") to itself"
        }
    }
}
