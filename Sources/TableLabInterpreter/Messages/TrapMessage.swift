// Swift's run-time traps, in the standard library's words: where a program built by swiftc
// stops, a script stops with the same line.
//
// Each message is its identity and its arguments; its text is made here and nowhere else.

import TableLabSyntax

enum TrapMessage: DiagnosticMessage, Hashable {
    case arithmeticOverflow
    case indexOutOfRange
    case arrayIndexOutOfRange
    case stringIndexOutOfBounds
    /// `t[i]`, `t.index(after: i)` of a Substring with an index outside its bounds.
    case substringIndexOutOfBounds
    case rangeLowerAboveUpper
    case rangeEndHasNoSuccessor
    case radixOutOfRange
    case removeFromEmpty(end: String)
    case negativePrefix
    case negativeSuffix
    case negativeDrop
    case negativeArrayCount
    case negativeCount
    case randomInEmptyRange
    case randomInInfiniteRange
    case strideStepZero
    case divisionByZero
    case remainderByZero
    case divisionOverflow
    case remainderOverflow
    case negationOverflow
    case notEnoughBits
    case doubleNotFinite(type: String)
    case doubleBelowMin(type: String)
    case doubleAboveMax(type: String)
    case floatNotFinite(type: String)
    case floatBelowMin(type: String)
    case floatAboveMax(type: String)
    case duplicateKey(String)
    case duplicateLiteralKeys
    case characterFromEmptyString
    case characterFromLongString
    case errorAtTopLevel(String)
    case tryForceRaised(String)
    case fatalError
    case fatalErrorMessage(String)
    case checkFailedMessage(check: String, message: String)
    case nilUnwrapped
    case nilImplicitlyUnwrapped
    case unownedReadAfterDeinit
    case paddingArguments
    case negativeSplits
    case castFailed(type: String, to: String)
    case simultaneousAccesses(String)
    case checkFailed(String)
    case negativeNotRepresentable
    case sliceIndexOutOfBounds
    case sliceIndexOutOfRange
    case sliceIndexBeforeStart
    case negativeArrayIndex
    case replaceStartNegative
    case replaceStartBeforeStart
    case replacePastEnd(type: String)
    case removeMoreThanContained(word: String)
    case removeNegativeCount

    var id: DiagnosticID {
        switch self {
        case .arithmeticOverflow: return DiagnosticID("trap_arithmetic_overflow")
        case .indexOutOfRange: return DiagnosticID("trap_index_out_of_range")
        case .arrayIndexOutOfRange: return DiagnosticID("trap_array_index_out_of_range")
        case .stringIndexOutOfBounds: return DiagnosticID("trap_string_index_out_of_bounds")
        case .substringIndexOutOfBounds: return DiagnosticID("trap_substring_index_out_of_bounds")
        case .rangeLowerAboveUpper: return DiagnosticID("trap_range_lower_above_upper")
        case .rangeEndHasNoSuccessor: return DiagnosticID("trap_range_end_has_no_successor")
        case .radixOutOfRange: return DiagnosticID("trap_radix_out_of_range")
        case .removeFromEmpty: return DiagnosticID("trap_remove_from_empty")
        case .negativePrefix: return DiagnosticID("trap_negative_prefix")
        case .negativeSuffix: return DiagnosticID("trap_negative_suffix")
        case .negativeDrop: return DiagnosticID("trap_negative_drop")
        case .negativeArrayCount: return DiagnosticID("trap_negative_array_count")
        case .negativeCount: return DiagnosticID("trap_negative_count")
        case .randomInEmptyRange: return DiagnosticID("trap_random_in_empty_range")
        case .randomInInfiniteRange: return DiagnosticID("trap_random_in_infinite_range")
        case .strideStepZero: return DiagnosticID("trap_stride_step_zero")
        case .divisionByZero: return DiagnosticID("trap_division_by_zero")
        case .remainderByZero: return DiagnosticID("trap_remainder_by_zero")
        case .divisionOverflow: return DiagnosticID("trap_division_overflow")
        case .remainderOverflow: return DiagnosticID("trap_remainder_overflow")
        case .negationOverflow: return DiagnosticID("trap_negation_overflow")
        case .notEnoughBits: return DiagnosticID("trap_not_enough_bits")
        case .doubleNotFinite: return DiagnosticID("trap_double_not_finite")
        case .doubleBelowMin: return DiagnosticID("trap_double_below_min")
        case .doubleAboveMax: return DiagnosticID("trap_double_above_max")
        case .floatNotFinite: return DiagnosticID("trap_float_not_finite")
        case .floatBelowMin: return DiagnosticID("trap_float_below_min")
        case .floatAboveMax: return DiagnosticID("trap_float_above_max")
        case .duplicateKey: return DiagnosticID("trap_duplicate_key")
        case .duplicateLiteralKeys: return DiagnosticID("trap_duplicate_literal_keys")
        case .characterFromEmptyString: return DiagnosticID("trap_character_from_empty_string")
        case .characterFromLongString: return DiagnosticID("trap_character_from_long_string")
        case .errorAtTopLevel: return DiagnosticID("trap_error_at_top_level")
        case .tryForceRaised: return DiagnosticID("trap_try_force_raised")
        case .fatalError: return DiagnosticID("trap_fatal_error")
        case .fatalErrorMessage: return DiagnosticID("trap_fatal_error_message")
        case .checkFailedMessage: return DiagnosticID("trap_check_failed_message")
        case .nilUnwrapped: return DiagnosticID("trap_nil_unwrapped")
        case .nilImplicitlyUnwrapped: return DiagnosticID("trap_nil_implicitly_unwrapped")
        case .unownedReadAfterDeinit: return DiagnosticID("trap_unowned_read_after_deinit")
        case .paddingArguments: return DiagnosticID("trap_padding_arguments")
        case .negativeSplits: return DiagnosticID("trap_negative_splits")
        case .castFailed: return DiagnosticID("trap_cast_failed")
        case .simultaneousAccesses: return DiagnosticID("trap_simultaneous_accesses")
        case .checkFailed: return DiagnosticID("trap_check_failed")
        case .negativeNotRepresentable: return DiagnosticID("trap_negative_not_representable")
        case .sliceIndexOutOfBounds: return DiagnosticID("trap_slice_index_out_of_bounds")
        case .sliceIndexOutOfRange: return DiagnosticID("trap_slice_index_out_of_range")
        case .sliceIndexBeforeStart: return DiagnosticID("trap_slice_index_before_start")
        case .negativeArrayIndex: return DiagnosticID("trap_negative_array_index")
        case .replaceStartNegative: return DiagnosticID("trap_replace_start_negative")
        case .replaceStartBeforeStart: return DiagnosticID("trap_replace_start_before_start")
        case .replacePastEnd: return DiagnosticID("trap_replace_past_end")
        case .removeMoreThanContained: return DiagnosticID("trap_remove_more_than_contained")
        case .removeNegativeCount: return DiagnosticID("trap_remove_negative_count")
        }
    }

    var text: String {
        switch self {
        case .arithmeticOverflow: return "arithmetic overflow"
        case .indexOutOfRange: return "Fatal error: Index out of range"
        case .arrayIndexOutOfRange: return "Fatal error: Array index is out of range"
        case .stringIndexOutOfBounds: return "Fatal error: String index is out of bounds"
        case .substringIndexOutOfBounds: return "Fatal error: Substring index is out of bounds"
        case .rangeLowerAboveUpper: return "Fatal error: Range requires lowerBound <= upperBound"
        case .rangeEndHasNoSuccessor: return "Fatal error: Range end index has no valid successor"
        case .radixOutOfRange: return "Fatal error: Radix must be between 2 and 36"
        case .removeFromEmpty(let end): return "Fatal error: Can't remove \(end) element from an empty collection"
        case .negativePrefix: return "Fatal error: Can't take a prefix of negative length from a collection"
        case .negativeSuffix: return "Fatal error: Can't take a suffix of negative length from a collection"
        case .negativeDrop: return "Fatal error: Can't drop a negative number of elements from a collection"
        case .negativeArrayCount: return "Fatal error: Can't construct Array with count < 0"
        case .negativeCount: return "Fatal error: Negative count not allowed"
        case .randomInEmptyRange: return "Fatal error: Can't get random value with an empty range"
        case .randomInInfiniteRange: return "Fatal error: There is no uniform distribution on an infinite range"
        case .strideStepZero: return "Fatal error: Stride size must not be zero"
        case .divisionByZero: return "Fatal error: Division by zero"
        case .remainderByZero: return "Fatal error: Division by zero in remainder operation"
        case .divisionOverflow: return "Fatal error: Division results in an overflow"
        case .remainderOverflow: return "Fatal error: Division results in an overflow in remainder operation"
        case .negationOverflow: return "Fatal error: Negating a value of type Int causes an overflow"
        case .notEnoughBits: return "Fatal error: Not enough bits to represent the passed value"
        case .doubleNotFinite(let type): return "Fatal error: Double value cannot be converted to \(type) because it is either infinite or NaN"
        case .doubleBelowMin(let type): return "Fatal error: Double value cannot be converted to \(type) because the result would be less than \(type).min"
        case .doubleAboveMax(let type): return "Fatal error: Double value cannot be converted to \(type) because the result would be greater than \(type).max"
        case .floatNotFinite(let type): return "Fatal error: Float value cannot be converted to \(type) because it is either infinite or NaN"
        case .floatBelowMin(let type): return "Fatal error: Float value cannot be converted to \(type) because the result would be less than \(type).min"
        case .floatAboveMax(let type): return "Fatal error: Float value cannot be converted to \(type) because the result would be greater than \(type).max"
        case .duplicateKey(let name): return "Fatal error: Duplicate values for key: '\(name)'"
        case .duplicateLiteralKeys: return "Fatal error: Dictionary literal contains duplicate keys"
        case .characterFromEmptyString: return "Fatal error: Can't form a Character from an empty String"
        case .characterFromLongString: return "Fatal error: Can't form a Character from a String containing more than one extended grapheme cluster"
        case .errorAtTopLevel(let name): return "Fatal error: Error raised at top level: \(name)"
        case .tryForceRaised(let name): return "Fatal error: 'try!' expression unexpectedly raised an error: \(name)"
        case .fatalError: return "Fatal error"
        case .fatalErrorMessage(let name): return "Fatal error: \(name)"
        case .checkFailedMessage(let check, let message): return "\(check): \(message)"
        case .nilUnwrapped: return "Fatal error: Unexpectedly found nil while unwrapping an Optional value"
        case .nilImplicitlyUnwrapped: return "Fatal error: Unexpectedly found nil while implicitly unwrapping an Optional value"
        case .unownedReadAfterDeinit: return "Fatal error: Attempted to read an unowned reference but the object was already destroyed"
        case .paddingArguments: return "Fatal error: padding(toLength:withPad:startingAt:) needs a non-empty pad and a start inside it"
        case .negativeSplits: return "Fatal error: Must take zero or more splits"
        case .castFailed(let type, let to): return "Could not cast value of type '\(type)' to '\(to)'"
        case .simultaneousAccesses(let name): return "Simultaneous accesses to '\(name)', but modification requires exclusive access"
        case .checkFailed(let name): return "\(name)"
        case .negativeNotRepresentable: return "Fatal error: Negative value is not representable"
        case .sliceIndexOutOfBounds: return "Fatal error: Index out of bounds"
        case .sliceIndexOutOfRange: return "Fatal error: ArraySlice index is out of range"
        case .sliceIndexBeforeStart: return "Fatal error: ArraySlice index is out of range (before startIndex)"
        case .negativeArrayIndex: return "Fatal error: Negative Array index is out of range"
        case .replaceStartNegative: return "Fatal error: Array replace: subrange start is negative"
        case .replaceStartBeforeStart: return "Fatal error: ArraySlice replace: subrange start is before the startIndex"
        // `type`: Array or ArraySlice, as the standard library names the receiver.
        case .replacePastEnd(let type): return "Fatal error: \(type) replace: subrange extends past the end"
        // `word`: the standard library says "has" in Array's removeFirst(_:), "contains" elsewhere.
        case .removeMoreThanContained(let word): return "Fatal error: Can't remove more items from a collection than it \(word)"
        case .removeNegativeCount: return "Fatal error: Number of elements to remove should be non-negative"
        }
    }
}
