// Every message the exhaustiveness checker gives, in swiftc's words, and the one place
// their text is made. The IDs are swiftc's where it has one (DiagnosticsSema.def,
// DiagnosticsSIL.def), so a reader can find the same diagnostic in the compiler.

import TableLabSyntax

public enum SwitchMessage: DiagnosticMessage, Hashable {
    case mustBeExhaustive
    /// A switch that covers every case that can have a value, over an enum that may have
    /// unknown future ones (swiftc 6.3 in the Swift 5 language mode). `inSystemModule`:
    /// the subject's enum comes from a system module (UIKit's, or the standard library's
    /// Optional), where swiftc adds that the cases may come in future versions.
    case unknownValuesOnly(type: String, inSystemModule: Bool = false)
    /// A note: an imported open enum's future cases are not handled.
    case handleUnknownValues
    case emptySwitchBody
    case unableToCheckInReasonableTime
    /// A note: one missing pattern, as swiftc prints it (`.donate`, `(.other, _)`).
    case addMissingCase(pattern: String)
    case addMissingCases
    case addDefaultClause
    case caseAlreadyHandled
    case literalAlreadyHandled
    case firstOccurrenceOfLiteral
    case defaultWillNeverBeExecuted
    case tuplePatternWrongLength(tupleType: String)
    case patternCannotMatch(patternType: String, subjectType: String)
    /// A pattern names a case the enum does not have.
    case typeHasNoMember(type: String, member: String)
    /// `case .plain(let x)` for a case without associated values.
    case patternHasAssociatedValues(caseName: String)
    case removeAssociatedValues
    /// `case .a, .b where x:` on one line.
    case whereOnlyAppliesToSecondPattern
    case valueCanNeverBeNil(type: String)
    /// SIL's warning for a case no value can reach (`case nil` on a non-optional).
    case caseWillNeverBeExecuted
    case disambiguateWithLineBreak
    case duplicateWhereOnBothPatterns
    /// A literal (or a range of literals) matched against a value of another type.
    case expressionPatternCannotMatch(patternType: String, valueType: String)
    /// Its note for a `String` value: the one other `~=` over strings.
    case partiallyMatchingStringPatternOverloads
    /// `case 0..<0.5:` against an Int: the one Double bound of a range whose other bound
    /// is an integer literal, which swiftc types as the subject's bound.
    case rangeBoundCannotConvert(boundType: String, to: String)
    /// `case .flag(1)` against a `Bool`.
    case integerLiteralAsBoolean(value: Int)
    /// `case .a as E` on a subject of type `E`.
    case asTestAlwaysTrue

    public var id: DiagnosticID {
        switch self {
        case .mustBeExhaustive: return .nonExhaustiveSwitch
        case .unknownValuesOnly: return DiagnosticID("non_exhaustive_switch_unknown_only")
        case .handleUnknownValues: return DiagnosticID("missing_unknown_case")
        case .emptySwitchBody: return DiagnosticID("empty_switch_stmt")
        case .unableToCheckInReasonableTime: return DiagnosticID("possibly_non_exhaustive_switch")
        case .addMissingCase: return .missingParticularCase
        case .addMissingCases: return DiagnosticID("missing_several_cases")
        case .addDefaultClause: return .missingDefaultClause
        case .caseAlreadyHandled: return DiagnosticID("redundant_particular_case")
        case .literalAlreadyHandled: return DiagnosticID("redundant_particular_literal_case")
        case .firstOccurrenceOfLiteral: return DiagnosticID("redundant_particular_literal_case_here")
        case .defaultWillNeverBeExecuted: return .unreachableDefault
        case .tuplePatternWrongLength: return DiagnosticID("tuple_pattern_length_mismatch")
        case .patternCannotMatch: return DiagnosticID("pattern_type_mismatch")
        case .typeHasNoMember: return .couldNotFindEnumCase
        case .patternHasAssociatedValues: return DiagnosticID("enum_element_pattern_assoc_values_mismatch")
        case .removeAssociatedValues: return DiagnosticID("enum_element_pattern_assoc_values_remove")
        case .whereOnlyAppliesToSecondPattern: return DiagnosticID("where_on_one_item")
        case .valueCanNeverBeNil: return DiagnosticID("value_type_comparison_with_nil_illegal")
        case .caseWillNeverBeExecuted: return .unreachableDefault
        case .disambiguateWithLineBreak: return DiagnosticID("add_where_newline")
        case .expressionPatternCannotMatch: return DiagnosticID("cannot_match_expr_pattern_with_value")
        case .partiallyMatchingStringPatternOverloads: return DiagnosticID("suggest_partial_overloads")
        case .rangeBoundCannotConvert: return DiagnosticID("cannot_convert_argument_value")
        case .integerLiteralAsBoolean: return DiagnosticID("integer_used_as_boolean_literal")
        case .asTestAlwaysTrue: return DiagnosticID("isa_is_always_true")
        case .duplicateWhereOnBothPatterns: return DiagnosticID("duplicate_where")
        }
    }

    public var text: String {
        switch self {
        case .mustBeExhaustive: return "switch must be exhaustive"
        case .unknownValuesOnly(let t, let system):
            return "switch covers known cases, but '\(t)' may have additional unknown values"
                + (system ? ", possibly added in future versions" : "") + "; this is an error in the Swift 6 language mode"
        case .handleUnknownValues: return "handle unknown values using \"@unknown default\""
        case .emptySwitchBody:
            return "'switch' statement body must have at least one 'case' or 'default' block; add a default case"
        case .unableToCheckInReasonableTime:
            return "the compiler is unable to check that this switch is exhaustive in reasonable time"
        case .addMissingCase(let p): return "add missing case: '\(p)'"
        case .addMissingCases: return "add missing cases"
        case .addDefaultClause: return "add a default clause"
        case .caseAlreadyHandled: return "case is already handled by previous patterns; consider removing it"
        case .literalAlreadyHandled: return "literal value is already handled by previous pattern; consider removing it"
        case .firstOccurrenceOfLiteral: return "first occurrence of identical literal pattern is here"
        case .defaultWillNeverBeExecuted: return "default will never be executed"
        case .tuplePatternWrongLength(let t): return "tuple pattern has the wrong length for tuple type '\(t)'"
        case .patternCannotMatch(let p, let s): return "pattern of type '\(p)' cannot match '\(s)'"
        case .typeHasNoMember(let t, let m): return "type '\(t)' has no member '\(m)'"
        case .patternHasAssociatedValues(let m): return "pattern with associated values does not match enum case '\(m)'"
        case .removeAssociatedValues: return "remove associated values to make the pattern match"
        case .whereOnlyAppliesToSecondPattern: return "'where' only applies to the second pattern match in this 'case'"
        case .caseWillNeverBeExecuted: return "case will never be executed"
        case .valueCanNeverBeNil(let t):
            return "type '\(t)' is not optional, value can never be nil; this is an error in the Swift 6 language mode"
        case .disambiguateWithLineBreak: return "disambiguate by adding a line break between them if this is desired"
        case .duplicateWhereOnBothPatterns: return "duplicate the 'where' on both patterns to check both patterns"
        case .expressionPatternCannotMatch(let p, let v): return "expression pattern of type '\(p)' cannot match values of type '\(v)'"
        case .rangeBoundCannotConvert(let b, let t): return "cannot convert value of type '\(b)' to expected argument type '\(t)'"
        case .partiallyMatchingStringPatternOverloads:
            return "overloads for '~=' exist with these partially matching parameter lists: (Substring, String)"
        case .asTestAlwaysTrue: return "'as' test is always true"
        case .integerLiteralAsBoolean(let v): return "integer literal value '\(v)' cannot be used as a boolean; did you mean '\(v != 0)'?"
        }
    }
}

extension DiagnosticID {
    public static let nonExhaustiveSwitch = DiagnosticID("non_exhaustive_switch")
    public static let missingParticularCase = DiagnosticID("missing_particular_case")
    public static let missingDefaultClause = DiagnosticID("missing_default_clause")
    public static let unreachableDefault = DiagnosticID("unreachable_case")
    public static let couldNotFindEnumCase = DiagnosticID("could_not_find_enum_case")
}
