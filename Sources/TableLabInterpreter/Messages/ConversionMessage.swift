// swiftc's refusals of a value of the wrong type (conversions, operands, conformances)
// that the interpreter meets while it compiles or runs a script, in swiftc's words.
//
// Each message is its identity and its arguments; its text is made here and nowhere else.

import TableLabSyntax

enum ConversionMessage: DiagnosticMessage, Hashable {
    case cannotConvertArgument(type: String, to: String)
    case cannotConvertElement(type: String, to: String)
    case cannotConvertCondition(String)
    case cannotConvertClosureResult(type: String, to: String)
    case cannotConvertReturn(type: String, to: String)
    case cannotCoerce(type: String, to: String)
    case downcastWithAs(from: String, to: String)
    case cannotAssignValue(type: String, to: String)
    case cannotAssignValueToSubscript(type: String, to: String)
    case cannotAssignToSliceSubscript(type: String, element: String)
    case nilToNonOptional(String)
    case tupleShapesDiffer
    case cannotDestructure(type: String, count: Int)
    case conditionalBindingNotOptional(String)
    case binaryOperatorOperands(op: String, lhs: String, rhs: String)
    case binaryOperatorOnSubSequences(op: String, subSequence: String, type: String)
    /// `let u: String = s.dropFirst()`: no overload of the method gives the context's type.
    case noCandidateProducesContextualType(method: String, type: String)
    /// A Substring (or an Array of them) given where a String (an Array of Strings) is
    /// expected, as swiftc names it: by the String method's declared `SubSequence`.
    case subSequenceNotString(place: SubSequencePlace, array: Bool, to: String)
    case unaryOperatorOperand(op: String, type: String)
    case absOperand(String)
    case cannotCompare(String)
    case operatorCannotCompare(op: String, type: String)
    case operatorArgumentCount(op: String, count: Int)
    case initArgumentCount(type: String, count: Int)
    case notASequence(String)
    /// A Collection member of a range of Doubles (`(0.0..<1.0).count`, `for x in 0.0...1.0`).
    case rangeMemberNeedsSignedInteger(kind: String, member: String, range: String, bound: String)
    case forInNotSequence(String)
    case notComparable(String)
    case typeNotComparable(String)
    case typeDoesNotConform(type: String, protocolName: String)
    case nonClassConformsToClassProtocol(type: String, protocolName: String)
    case thrownNotError(String)
    case sortedNeedsComparable(String)
    case joinedNeedsStringProtocol(String)
    case requirementNotMet(kind: String, name: String, type: String, constraint: String)
    case conflictingGenericArguments(parameter: String, first: String, second: String)
    case variadicArray(type: String, variadic: String)
    case literalOverflowsInt64(String)
    case operatorNeedsStringProtocol(op: String, type: String)
    case extensionRequiresSameType(member: String, type: String, constraint: TypeSyntax)
    case extensionRequiresConformance(member: String, type: String, constraint: TypeSyntax)
    case whereBinding(parameter: String, type: String)
    case negativeLiteralOverflowsUnsigned(literal: Int, type: String)
    case literalOverflows(literal: Int, type: String)
    case cannotConvertToSpecified(type: String, to: String)

    var id: DiagnosticID {
        switch self {
        case .cannotConvertArgument: return DiagnosticID("conversion_cannot_convert_argument")
        case .cannotConvertElement: return DiagnosticID("conversion_cannot_convert_element")
        case .cannotConvertCondition: return DiagnosticID("conversion_cannot_convert_condition")
        case .cannotConvertClosureResult: return DiagnosticID("conversion_cannot_convert_closure_result")
        case .cannotConvertReturn: return DiagnosticID("conversion_cannot_convert_return")
        case .cannotCoerce: return DiagnosticID("conversion_cannot_coerce")
        case .downcastWithAs: return DiagnosticID("missing_forced_downcast")
        case .cannotAssignValue: return DiagnosticID("conversion_cannot_assign_value")
        case .cannotAssignValueToSubscript: return DiagnosticID("cannot_assign_value_to_subscript")
        case .cannotAssignToSliceSubscript: return DiagnosticID("conversion_cannot_assign_to_slice_subscript")
        case .nilToNonOptional: return DiagnosticID("conversion_nil_to_non_optional")
        case .tupleShapesDiffer: return DiagnosticID("conversion_tuple_shapes_differ")
        case .cannotDestructure: return DiagnosticID("conversion_cannot_destructure")
        case .conditionalBindingNotOptional: return DiagnosticID("conversion_conditional_binding_not_optional")
        case .binaryOperatorOperands: return DiagnosticID("conversion_binary_operator_operands")
        case .binaryOperatorOnSubSequences: return DiagnosticID("conversion_binary_operator_on_sub_sequences")
        case .noCandidateProducesContextualType: return DiagnosticID("conversion_no_candidate_produces_contextual_type")
        case .subSequenceNotString: return DiagnosticID("conversion_sub_sequence_not_string")
        case .unaryOperatorOperand: return DiagnosticID("conversion_unary_operator_operand")
        case .absOperand: return DiagnosticID("conversion_abs_operand")
        case .cannotCompare: return DiagnosticID("conversion_cannot_compare")
        case .operatorCannotCompare: return DiagnosticID("conversion_operator_cannot_compare")
        case .operatorArgumentCount: return DiagnosticID("conversion_operator_argument_count")
        case .initArgumentCount: return DiagnosticID("conversion_init_argument_count")
        case .notASequence: return DiagnosticID("conversion_not_a_sequence")
        case .rangeMemberNeedsSignedInteger: return DiagnosticID("conversion_range_member_needs_signed_integer")
        case .forInNotSequence: return DiagnosticID("conversion_for_in_not_sequence")
        case .notComparable: return DiagnosticID("conversion_not_comparable")
        case .typeNotComparable: return DiagnosticID("conversion_type_not_comparable")
        case .typeDoesNotConform: return DiagnosticID("conversion_type_does_not_conform")
        case .nonClassConformsToClassProtocol: return DiagnosticID("conversion_non_class_conforms_to_class_protocol")
        case .thrownNotError: return DiagnosticID("conversion_thrown_not_error")
        case .sortedNeedsComparable: return DiagnosticID("conversion_sorted_needs_comparable")
        case .joinedNeedsStringProtocol: return DiagnosticID("conversion_joined_needs_string_protocol")
        case .requirementNotMet: return DiagnosticID("conversion_requirement_not_met")
        case .conflictingGenericArguments: return DiagnosticID("conversion_conflicting_generic_arguments")
        case .variadicArray: return DiagnosticID("conversion_variadic_array")
        case .literalOverflowsInt64: return DiagnosticID("conversion_literal_overflows_int64")
        case .operatorNeedsStringProtocol: return DiagnosticID("conversion_operator_needs_string_protocol")
        case .extensionRequiresSameType: return DiagnosticID("conversion_extension_requires_same_type")
        case .extensionRequiresConformance: return DiagnosticID("conversion_extension_requires_conformance")
        case .whereBinding: return DiagnosticID("conversion_where_binding")
        case .negativeLiteralOverflowsUnsigned: return DiagnosticID("conversion_negative_literal_overflows_unsigned")
        case .literalOverflows: return DiagnosticID("conversion_literal_overflows")
        case .cannotConvertToSpecified: return DiagnosticID("conversion_cannot_convert_to_specified")
        }
    }

    var text: String {
        switch self {
        case .cannotConvertArgument(let type, let to): return "cannot convert value of type '\(type)' to expected argument type '\(to)'"
        case .cannotConvertElement(let type, let to): return "cannot convert value of type '\(type)' to expected element type '\(to)'"
        case .cannotConvertCondition(let name): return "cannot convert value of type '\(name)' to expected condition type 'Bool'"
        case .cannotConvertClosureResult(let type, let to): return "cannot convert value of type '\(type)' to closure result type '\(to)'"
        case .cannotConvertReturn(let type, let to): return "cannot convert return expression of type '\(type)' to return type '\(to)'"
        case .cannotCoerce(let type, let to): return "cannot convert value of type '\(type)' to type '\(to)' in coercion"
        case .downcastWithAs(let from, let to): return "'\(from)' is not convertible to '\(to)'"
        case .cannotAssignValue(let type, let to): return "cannot assign value of type '\(type)' to type '\(to)'"
        case .cannotAssignValueToSubscript(let type, let to): return "cannot assign value of type '\(type)' to subscript of type '\(to)'"
        case .cannotAssignToSliceSubscript(let type, let element): return "cannot assign value of type '\(type)' to subscript of type 'ArraySlice<\(element)>'"
        case .nilToNonOptional(let name): return "'nil' cannot be assigned to type '\(name)'"
        case .tupleShapesDiffer: return "cannot assign: tuple shapes differ"
        case .cannotDestructure(let type, let count): return "cannot destructure value of type '\(type)' into \(count) names"
        case .conditionalBindingNotOptional(let name): return "initializer for conditional binding must have Optional type, not '\(name)'"
        case .binaryOperatorOperands(let op, let lhs, let rhs): return "binary operator '\(op)' cannot be applied to operands of type '\(lhs)' and '\(rhs)'"
        case .noCandidateProducesContextualType(let method, let type):
            return "no '\(method)' candidates produce the expected contextual result type '\(type)'"
        case .subSequenceNotString(let place, let array, let to):
            let given = array ? "'[String.SubSequence]' (aka 'Array<Substring>')" : "'String.SubSequence' (aka 'Substring')"
            switch place {
            case .specified: return "cannot convert value of type \(given) to specified type '\(to)'"
            case .argument: return "cannot convert value of type \(given) to expected argument type '\(to)'"
            case .assignment: return "cannot assign value of type \(given) to type '\(to)'"
            case .returned: return "cannot convert return expression of type \(given) to return type '\(to)'"
            case .element(let role): return "cannot convert value of type \(given) to expected \(role.rawValue) type '\(to)'"
            }
        case .binaryOperatorOnSubSequences(let op, let subSequence, let type):
            return "binary operator '\(op)' cannot be applied to two '\(subSequence)' (aka '\(type)') operands"
        case .unaryOperatorOperand(let op, let type): return "unary operator '\(op)' cannot be applied to an operand of type '\(type)'"
        case .absOperand(let name): return "'abs' cannot be applied to a value of type '\(name)'"
        case .cannotCompare(let name): return "cannot compare values of type '\(name)'"
        case .operatorCannotCompare(let op, let type): return "'\(op)' cannot compare values of type '\(type)'"
        case .operatorArgumentCount(let op, let count): return "operator '\(op)' takes two arguments, not \(count)"
        case .initArgumentCount(let type, let count): return "\(type).init takes one argument, not \(count)"
        case .notASequence(let name): return "value of type '\(name)' is not a sequence"
        case .rangeMemberNeedsSignedInteger(let kind, let member, let range, let bound):
            return "referencing \(kind) '\(member)' on '\(range)' requires that '\(bound)' conform to 'SignedInteger'"
        case .forInNotSequence(let name): return "for-in loop requires '\(name)' to conform to 'Sequence'"
        case .notComparable(let name): return "'\(name)' does not conform to 'Comparable'"
        case .typeNotComparable(let name): return "type '\(name)' does not conform to protocol 'Comparable'"
        case .typeDoesNotConform(let type, let protocolName): return "type '\(type)' does not conform to protocol '\(protocolName)'"
        case .nonClassConformsToClassProtocol(let type, let protocolName): return "non-class type '\(type)' cannot conform to class protocol '\(protocolName)'"
        case .thrownNotError(let name): return "thrown expression type '\(name)' does not conform to 'Error'"
        case .sortedNeedsComparable(let name): return "referencing instance method 'sorted()' requires that '\(name)' conform to 'Comparable'"
        case .joinedNeedsStringProtocol(let name): return "referencing instance method 'joined(separator:)' on 'Sequence' requires that '\(name)' conform to 'StringProtocol'"
        case .requirementNotMet(let kind, let name, let type, let constraint): return "\(kind) '\(name)' requires that '\(type)' conform to '\(constraint)'"
        case .conflictingGenericArguments(let parameter, let first, let second): return "conflicting arguments to generic parameter '\(parameter)' ('\(first)' vs. '\(second)')"
        case .variadicArray(let type, let variadic): return "cannot pass array of type '\(type)' as variadic arguments of type '\(variadic)'"
        case .literalOverflowsInt64(let name): return "integer literal '9223372036854775808' overflows when stored into '\(name)'"
        case .operatorNeedsStringProtocol(let op, let type): return "referencing operator function '\(op)' on 'StringProtocol' requires that '\(type)' conform to 'StringProtocol'"
        case .extensionRequiresSameType(let member, let type, let constraint): return "\(member) requires the types '\(type)' and '\(constraint)' be equivalent"
        case .extensionRequiresConformance(let member, let type, let constraint): return "\(member) requires that '\(type)' conform to '\(constraint)'"
        case .whereBinding(let parameter, let type): return "where '\(parameter)' = '\(type)'"
        case .negativeLiteralOverflowsUnsigned(let literal, let type): return "negative integer '\(literal)' overflows when stored into unsigned type '\(type)'"
        case .literalOverflows(let literal, let type): return "integer literal '\(literal)' overflows when stored into '\(type)'"
        case .cannotConvertToSpecified(let type, let to): return "cannot convert value of type '\(type)' to specified type '\(to)'"
        }
    }
}

/// Where a Substring met a String's context, for swiftc's words there.
enum SubSequencePlace: Hashable {
    case specified, argument, assignment, returned
    case element(ElementRole)
}
