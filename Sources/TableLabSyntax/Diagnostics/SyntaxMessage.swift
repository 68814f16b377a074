// The parser's and the lexer's errors and notes, as data (swift-syntax's `MessageID`,
// swiftc's `DiagnosticsParse.def`): each has an identity, and its wording lives only in
// `text`. Nothing in the syntax module makes a diagnostic from free text
// (TableLabLanguageTests' SyntaxMessageIdentityTests fails when something does).

/// A syntax error or note, in swiftc's words where swiftc has the same error.
public enum SyntaxMessage: DiagnosticMessage, Hashable {
    case unterminatedCommentStartComment
    case commentStartedHere
    case cannotFindRightParenToMatchOpeningLeftParenInStringInterpolation
    case expectedAnAttributeName
    case expectedIdentifierAfterBacktick
    case expectedNumericValueFollowingDollar
    case expectedExpression
    case editorPlaceholderInSourceFile
    case invalidCharacterInSourceFile
    case expectedLeftParenFollowingSelector
    case expectedRightParenToCompleteSelectorExpression
    case expectedExpressionInSelectorExpression
    case expectedADigitInFloatingPointExponent
    case hexadecimalFloatingPointLiteralMustEndWithAnExponent
    case unterminatedStringLiteral
    case unprintableASCIICharacterFoundInSourceFile
    case expectedHexadecimalCodeInBracesAfterUnicodeEscape
    case expectedRightBraceInUnicodeEscapeEscapeSequence
    case unicodeEscapeEscapeSequenceExpectsBetween1And8HexDigits
    case invalidUnicodeScalar
    case stringInterpolationIsTooDeeplyNested
    case invalidEscapeSequenceInLiteral
    case multiLineStringLiteralContentMustBeginOnANewLine
    case multiLineStringLiteralClosingDelimiterMustBeginOnANewLine
    case insufficientIndentationOfLineInMultiLineStringLiteral
    case expectedRightParenInEnumCase
    case enumCaseCannotHaveKeywordArguments
    case expectedType
    case expectedCommaSeparator
    case expectedRightParen
    case initializersMayOnlyBeDeclaredWithinAType
    case expectedIdentifierInImportDeclaration
    case expectedDeclaration
    case extraneousWhitespaceBeforeAttributeArguments
    case expectedPattern
    case expectedInitialValueAfterEquals
    case letDeclarationsCannotBeComputedProperties
    case expectedRightBraceAtEndOfVariableGetSetClause
    case expectedGetSetWillSetOrDidSetKeywordToStartAnAccessorDefinition
    case expectedTheNameOfTheSetterSParameter
    case expectedRightParenAfterSetterParameterName
    case expectedIdentifierInFunctionDeclaration
    case expectedLeftParenInArgumentListOfFunctionDeclaration
    case expectedLeftBraceInBodyOfFunctionDeclaration
    case protocolMethodsMustNotHaveBodies
    case expectedRightParenInParameter
    case expectedParameterNameFollowedByColon
    case expectedColonFollowingArgumentLabelAndParameterName
    case expectedParameterTypeFollowingColon
    case expectedTypeNameInExtensionDeclaration
    case expectedRightBraceAtEndOfEnum
    case expectedRightBraceInStruct
    case expectedRightBraceInClass
    case expectedRightBraceInTable
    case expectedRightBraceAtEndOfExtension
    case deinitializersMayOnlyBeDeclaredWithinAClassActorOrNoncopyableType
    case enumCaseIsNotAllowedOutsideOfAnEnum
    case expectedIdentifierInEnumCaseDeclaration
    case expectedLeftBraceForDeinitializer
    case expectedLeftParenForInitializerParameters
    case initializerRequiresABody
    case consecutiveDeclarationsOnALineMustBeSeparatedBySemicolon
    case expectedExpressionAfterQuestionMarkInTernaryExpression
    case expectedColonAfterQuestionMarkDotsInTernaryExpression
    case expectedExpressionAfterQuestionMarkDotsColonInTernaryExpression
    case expectedExpressionAfterOperator
    case oneSidedRangesAreNotSupportedInTableLab
    case aMutatingGetterIsNotSupportedInTableLab
    case expectedExpressionAfterUnaryOperator
    case unaryOperatorCannotBeSeparatedFromItsOperand
    case expectedMemberNameFollowingDot
    case expectedExpressionInListOfExpressions
    case expectedRightParenInExpressionList
    case expectedRightBracketInExpressionList
    case anonymousClosureArgumentNotContainedInAClosure
    case expectedLeftParen
    case expectedDotInKeyPath
    case expectedExpressionInStringInterpolation
    case interpolationWithSeveralArgumentsIsNotSupportedInTableLab
    case expectedExpressionInContainerLiteral
    case expectedColonInDictionaryLiteral
    case expectedRightBracketInContainerLiteralExpression
    case expectedRightBraceAtEndOfClosure
    case expectedWeakUnownedOrNoSpecifierInCaptureList
    case expectedCommaOrRightBracketInCaptureList
    case expectedParameter
    case expectedComma
    case expectedIn
    case declarationIsOnlyValidAtFileScope
    case operatorMayOnlyBeDeclaredAtFileScope
    case expectedIdentifierAfterPrecedencegroup
    case expectedLeftBraceAfterNameOfPrecedenceGroup
    case expectedOperatorNameInOperatorDeclaration
    case expectedPrecedenceGroupNameAfterColonInOperatorDeclaration
    case expectedRightBrace
    case operatorImplementationWithoutMatchingOperatorDeclaration
    case expectedRightParenInTuplePattern
    case expectedRightBracketInDictionaryType
    case expectedRightBracketInArrayType
    case expectedRightParenAtEndOfTupleType
    case expectedRightAngleToCompleteGenericArgumentList
    case expectedAnIdentifierToNameGenericParameter
    case expectedRightAngleToCompleteGenericParameterList
    case expectedColonOrDoubleEqualsToIndicateAConformanceOrSameTypeRequirement
    case expectedIdentifierInTypealiasDeclaration
    case expectedEqualsInTypeAliasDeclaration
    case expectedIdentifierInProtocolDeclaration
    case protocolsDoNotAllowGenericParametersUseAssociatedTypesInstead
    case aWhereClauseOnAProtocolDeclarationIsNotSupportedInTableLab
    case expectedLeftBraceInProtocolType
    case expectedRightBraceInProtocol
    case protocolsCannotRequirePropertiesToBeImmutableDeclareReadOnlyPropertiesByUsingVarWithAGetSpecifier
    case subscriptRequirementsInAProtocolAreNotSupportedInTableLab
    case propertyInProtocolMustHaveExplicitType
    case propertyInProtocolMustHaveExplicitGetOrGetSetSpecifier
    case expectedGetOrSetInAProtocolProperty
    case protocolInitializersMustNotHaveBodies
    case expectedIdentifierInAssociatedtypeDeclaration
    case aWhereClauseOnAnAssociatedTypeIsNotSupportedInTableLab
    case caseLabelCanOnlyAppearInsideASwitchStatement
    case defaultLabelCanOnlyAppearInsideASwitchStatement
    case expectedLeftBraceAfterDefer
    case expectedExpressionInThrowStatement
    case subscriptFunctionsMayOnlyBeDeclaredWithinAType
    case expectedExpressionInAssignment
    case expectedLeftBraceAfterIfCondition
    case elseIfChainIsTooLongTryASwitchOrBreakingItUp
    case expectedLeftBraceOrIfAfterElse
    case expectedElseAfterGuardCondition
    case expectedLeftBraceAfterGuardElse
    case expectedLeftBraceAfterWhileCondition
    case expectedLeftBraceAfterRepeat
    case expectedWhileAfterBodyOfRepeatStatement
    case expectedExpressionInRepeatWhileCondition
    case expectedLeftBraceAfterDo
    case expectedEqualsAfterPatternInCaseCondition
    case expectedExpressionInSwitchStatement
    case expectedLeftBraceAfterSwitchSubjectExpression
    case expectedRightBraceAtEndOfSwitchStatement
    case atUnknownCanOnlyBeAppliedToTheLastCaseInASwitch
    case expectedColonAfterDefault
    case expectedColonAfterCase
    case allStatementsInsideASwitchMustBeCoveredByACaseOrDefault
    case expectedInAfterForEachPattern
    case expectedSequenceExpressionForForEachLoop
    case expectedLeftBraceToStartTheBodyOfForEachLoop
    case expectedLeftParenForSubscriptParameters
    case expectedArrowForSubscriptElementType
    case expectedLeftBraceInSubscriptToSpecifyGetterAndSetterImplementation
    case extraneousRightBraceAtTopLevel
    case topLevelStatementCannotBeginWithAClosureExpression
    case consecutiveStatementsOnALineMustBeSeparatedBySemicolon
    case expectedLeftBrace
    case structureNestingTooDeep(maximum: Int)
    case anonymousClosureArgumentOutOfRange(String)
    case conditionalBlockUnreadable(directive: String)
    case directiveNotSupported(String)
    /// Swift's concurrency constructs TableLab does not run (`actor`, `async let`, `for await`).
    case concurrencyNotSupported(String)
    /// `for (k, v): (String, Int) in d`: the annotation may retype the sequence's literals.
    case forPatternTypeNotSupported
    /// `for (var i = 0; i < n; i += 1)`: Swift 3 removed it; swiftc names it at `for`.
    case cStyleForRemoved
    /// `if let a = x, b = y`: Swift 3 asks for `let` on every binding.
    case expectedLetInConditional
    /// `c ? a = 1 : nil`: valid Swift, but assignment is a statement in TableLab.
    case assignmentInConditionalOperatorNotSupported
    /// `func log(_ f: String = #function)`: Swift gives the caller's name there.
    case poundFunctionInDefaultArgument
    /// `func log(line: UInt = #line)`: Swift gives the caller's place there.
    case poundLocationInDefaultArgument(String)
    case invalidDigitInIntegerLiteral(String, kind: String)
    case invalidDigitInExponent(String)
    case notAllowedHere(String)
    case expectedLeftBraceToStartDefinition(of: String)
    case keywordAsIdentifier(String)
    case expectedIdentifierInDeclaration(of: String)
    case cannotSpecializeNonGenericType(String)
    case expectedLeftBraceIn(String)
    case notSupportedHere(String)
    case operatorNotSupported(String)
    case cannotFindOperator(String)
    case adjacentNonAssociativeOperators(group: String)
    case integerLiteralOverflowsInt(String)
    case functionTypeArgumentLabel(String)
    case genericTypeAliasNotSupported(String)
    case commandNotAtTopLevel(String)
    case expectedConditionExpression(owner: String)
    case unknownAttribute(String)
    case switchLabelWithoutStatements(label: String)
    case toMatchOpening(String)
    /// A parse function threw something other than a SyntaxError (none does).
    case unexpectedParserError
    case expressionTooLong
    case expectedRightBraceAtEndOf(String)

    public var id: DiagnosticID {
        switch self {
        case .unterminatedCommentStartComment: return DiagnosticID("syntax_unterminated_comment_start_comment")
        case .commentStartedHere: return DiagnosticID("syntax_comment_started_here")
        case .cannotFindRightParenToMatchOpeningLeftParenInStringInterpolation: return DiagnosticID("syntax_cannot_find_right_paren_to_match_opening_left_paren_in_string_interpolation")
        case .expectedAnAttributeName: return DiagnosticID("syntax_expected_an_attribute_name")
        case .expectedIdentifierAfterBacktick: return DiagnosticID("syntax_expected_identifier_after_backtick")
        case .expectedNumericValueFollowingDollar: return DiagnosticID("syntax_expected_numeric_value_following_dollar")
        case .expectedExpression: return DiagnosticID("syntax_expected_expression")
        case .editorPlaceholderInSourceFile: return DiagnosticID("syntax_editor_placeholder_in_source_file")
        case .invalidCharacterInSourceFile: return DiagnosticID("syntax_invalid_character_in_source_file")
        case .expectedLeftParenFollowingSelector: return DiagnosticID("syntax_expected_left_paren_following_selector")
        case .expectedRightParenToCompleteSelectorExpression: return DiagnosticID("syntax_expected_right_paren_to_complete_selector_expression")
        case .expectedExpressionInSelectorExpression: return DiagnosticID("syntax_expected_expression_in_selector_expression")
        case .expectedADigitInFloatingPointExponent: return DiagnosticID("syntax_expected_a_digit_in_floating_point_exponent")
        case .hexadecimalFloatingPointLiteralMustEndWithAnExponent: return DiagnosticID("syntax_hexadecimal_floating_point_literal_must_end_with_an_exponent")
        case .unterminatedStringLiteral: return DiagnosticID("syntax_unterminated_string_literal")
        case .unprintableASCIICharacterFoundInSourceFile: return DiagnosticID("syntax_unprintable_a_s_c_i_i_character_found_in_source_file")
        case .expectedHexadecimalCodeInBracesAfterUnicodeEscape: return DiagnosticID("syntax_expected_hexadecimal_code_in_braces_after_unicode_escape")
        case .expectedRightBraceInUnicodeEscapeEscapeSequence: return DiagnosticID("syntax_expected_right_brace_in_unicode_escape_escape_sequence")
        case .unicodeEscapeEscapeSequenceExpectsBetween1And8HexDigits: return DiagnosticID("syntax_unicode_escape_escape_sequence_expects_between1_and8_hex_digits")
        case .invalidUnicodeScalar: return DiagnosticID("syntax_invalid_unicode_scalar")
        case .stringInterpolationIsTooDeeplyNested: return DiagnosticID("syntax_string_interpolation_is_too_deeply_nested")
        case .invalidEscapeSequenceInLiteral: return DiagnosticID("syntax_invalid_escape_sequence_in_literal")
        case .multiLineStringLiteralContentMustBeginOnANewLine: return DiagnosticID("syntax_multi_line_string_literal_content_must_begin_on_a_new_line")
        case .multiLineStringLiteralClosingDelimiterMustBeginOnANewLine: return DiagnosticID("syntax_multi_line_string_literal_closing_delimiter_must_begin_on_a_new_line")
        case .insufficientIndentationOfLineInMultiLineStringLiteral: return DiagnosticID("syntax_insufficient_indentation_of_line_in_multi_line_string_literal")
        case .expectedRightParenInEnumCase: return DiagnosticID("syntax_expected_right_paren_in_enum_case")
        case .enumCaseCannotHaveKeywordArguments: return DiagnosticID("syntax_enum_case_cannot_have_keyword_arguments")
        case .expectedType: return DiagnosticID("syntax_expected_type")
        case .expectedCommaSeparator: return DiagnosticID("syntax_expected_comma_separator")
        case .expectedRightParen: return DiagnosticID("syntax_expected_right_paren")
        case .initializersMayOnlyBeDeclaredWithinAType: return DiagnosticID("syntax_initializers_may_only_be_declared_within_a_type")
        case .expectedIdentifierInImportDeclaration: return DiagnosticID("syntax_expected_identifier_in_import_declaration")
        case .expectedDeclaration: return DiagnosticID("syntax_expected_declaration")
        case .extraneousWhitespaceBeforeAttributeArguments: return DiagnosticID("syntax_extraneous_whitespace_before_attribute_arguments")
        case .expectedPattern: return DiagnosticID("syntax_expected_pattern")
        case .expectedInitialValueAfterEquals: return DiagnosticID("syntax_expected_initial_value_after_equals")
        case .letDeclarationsCannotBeComputedProperties: return DiagnosticID("syntax_let_declarations_cannot_be_computed_properties")
        case .expectedRightBraceAtEndOfVariableGetSetClause: return DiagnosticID("syntax_expected_right_brace_at_end_of_variable_get_set_clause")
        case .expectedGetSetWillSetOrDidSetKeywordToStartAnAccessorDefinition: return DiagnosticID("syntax_expected_get_set_will_set_or_did_set_keyword_to_start_an_accessor_definition")
        case .expectedTheNameOfTheSetterSParameter: return DiagnosticID("syntax_expected_the_name_of_the_setter_s_parameter")
        case .expectedRightParenAfterSetterParameterName: return DiagnosticID("syntax_expected_right_paren_after_setter_parameter_name")
        case .expectedIdentifierInFunctionDeclaration: return DiagnosticID("syntax_expected_identifier_in_function_declaration")
        case .expectedLeftParenInArgumentListOfFunctionDeclaration: return DiagnosticID("syntax_expected_left_paren_in_argument_list_of_function_declaration")
        case .expectedLeftBraceInBodyOfFunctionDeclaration: return DiagnosticID("syntax_expected_left_brace_in_body_of_function_declaration")
        case .protocolMethodsMustNotHaveBodies: return DiagnosticID("syntax_protocol_methods_must_not_have_bodies")
        case .expectedRightParenInParameter: return DiagnosticID("syntax_expected_right_paren_in_parameter")
        case .expectedParameterNameFollowedByColon: return DiagnosticID("syntax_expected_parameter_name_followed_by_colon")
        case .expectedColonFollowingArgumentLabelAndParameterName: return DiagnosticID("syntax_expected_colon_following_argument_label_and_parameter_name")
        case .expectedParameterTypeFollowingColon: return DiagnosticID("syntax_expected_parameter_type_following_colon")
        case .expectedTypeNameInExtensionDeclaration: return DiagnosticID("syntax_expected_type_name_in_extension_declaration")
        case .expectedRightBraceAtEndOfEnum: return DiagnosticID("syntax_expected_right_brace_at_end_of_enum")
        case .expectedRightBraceInStruct: return DiagnosticID("syntax_expected_right_brace_in_struct")
        case .expectedRightBraceInClass: return DiagnosticID("syntax_expected_right_brace_in_class")
        case .expectedRightBraceInTable: return DiagnosticID("syntax_expected_right_brace_in_table")
        case .expectedRightBraceAtEndOfExtension: return DiagnosticID("syntax_expected_right_brace_at_end_of_extension")
        case .deinitializersMayOnlyBeDeclaredWithinAClassActorOrNoncopyableType: return DiagnosticID("syntax_deinitializers_may_only_be_declared_within_a_class_actor_or_noncopyable_type")
        case .enumCaseIsNotAllowedOutsideOfAnEnum: return DiagnosticID("syntax_enum_case_is_not_allowed_outside_of_an_enum")
        case .expectedIdentifierInEnumCaseDeclaration: return DiagnosticID("syntax_expected_identifier_in_enum_case_declaration")
        case .expectedLeftBraceForDeinitializer: return DiagnosticID("syntax_expected_left_brace_for_deinitializer")
        case .expectedLeftParenForInitializerParameters: return DiagnosticID("syntax_expected_left_paren_for_initializer_parameters")
        case .initializerRequiresABody: return DiagnosticID("syntax_initializer_requires_a_body")
        case .consecutiveDeclarationsOnALineMustBeSeparatedBySemicolon: return DiagnosticID("syntax_consecutive_declarations_on_a_line_must_be_separated_by_semicolon")
        case .expectedExpressionAfterQuestionMarkInTernaryExpression: return DiagnosticID("syntax_expected_expression_after_question_mark_in_ternary_expression")
        case .expectedColonAfterQuestionMarkDotsInTernaryExpression: return DiagnosticID("syntax_expected_colon_after_question_mark_dots_in_ternary_expression")
        case .expectedExpressionAfterQuestionMarkDotsColonInTernaryExpression: return DiagnosticID("syntax_expected_expression_after_question_mark_dots_colon_in_ternary_expression")
        case .expectedExpressionAfterOperator: return DiagnosticID("syntax_expected_expression_after_operator")
        case .oneSidedRangesAreNotSupportedInTableLab: return DiagnosticID("syntax_one_sided_ranges_are_not_supported_in_table_lab")
        case .aMutatingGetterIsNotSupportedInTableLab: return DiagnosticID("syntax_a_mutating_getter_is_not_supported_in_table_lab")
        case .expectedExpressionAfterUnaryOperator: return DiagnosticID("syntax_expected_expression_after_unary_operator")
        case .unaryOperatorCannotBeSeparatedFromItsOperand: return DiagnosticID("syntax_unary_operator_cannot_be_separated_from_its_operand")
        case .expectedMemberNameFollowingDot: return DiagnosticID("syntax_expected_member_name_following_dot")
        case .expectedExpressionInListOfExpressions: return DiagnosticID("syntax_expected_expression_in_list_of_expressions")
        case .expectedRightParenInExpressionList: return DiagnosticID("syntax_expected_right_paren_in_expression_list")
        case .expectedRightBracketInExpressionList: return DiagnosticID("syntax_expected_right_bracket_in_expression_list")
        case .anonymousClosureArgumentNotContainedInAClosure: return DiagnosticID("syntax_anonymous_closure_argument_not_contained_in_a_closure")
        case .expectedLeftParen: return DiagnosticID("syntax_expected_left_paren")
        case .expectedDotInKeyPath: return DiagnosticID("syntax_expected_dot_in_key_path")
        case .expectedExpressionInStringInterpolation: return DiagnosticID("syntax_expected_expression_in_string_interpolation")
        case .interpolationWithSeveralArgumentsIsNotSupportedInTableLab: return DiagnosticID("syntax_interpolation_with_several_arguments_is_not_supported_in_table_lab")
        case .expectedExpressionInContainerLiteral: return DiagnosticID("syntax_expected_expression_in_container_literal")
        case .expectedColonInDictionaryLiteral: return DiagnosticID("syntax_expected_colon_in_dictionary_literal")
        case .expectedRightBracketInContainerLiteralExpression: return DiagnosticID("syntax_expected_right_bracket_in_container_literal_expression")
        case .expectedRightBraceAtEndOfClosure: return DiagnosticID("syntax_expected_right_brace_at_end_of_closure")
        case .expectedWeakUnownedOrNoSpecifierInCaptureList: return DiagnosticID("syntax_expected_weak_unowned_or_no_specifier_in_capture_list")
        case .expectedCommaOrRightBracketInCaptureList: return DiagnosticID("syntax_expected_comma_or_right_bracket_in_capture_list")
        case .expectedParameter: return DiagnosticID("syntax_expected_parameter")
        case .expectedComma: return DiagnosticID("syntax_expected_comma")
        case .expectedIn: return DiagnosticID("syntax_expected_in")
        case .declarationIsOnlyValidAtFileScope: return DiagnosticID("syntax_declaration_is_only_valid_at_file_scope")
        case .operatorMayOnlyBeDeclaredAtFileScope: return DiagnosticID("syntax_operator_may_only_be_declared_at_file_scope")
        case .expectedIdentifierAfterPrecedencegroup: return DiagnosticID("syntax_expected_identifier_after_precedencegroup")
        case .expectedLeftBraceAfterNameOfPrecedenceGroup: return DiagnosticID("syntax_expected_left_brace_after_name_of_precedence_group")
        case .expectedOperatorNameInOperatorDeclaration: return DiagnosticID("syntax_expected_operator_name_in_operator_declaration")
        case .expectedPrecedenceGroupNameAfterColonInOperatorDeclaration: return DiagnosticID("syntax_expected_precedence_group_name_after_colon_in_operator_declaration")
        case .expectedRightBrace: return DiagnosticID("syntax_expected_right_brace")
        case .operatorImplementationWithoutMatchingOperatorDeclaration: return DiagnosticID("syntax_operator_implementation_without_matching_operator_declaration")
        case .expectedRightParenInTuplePattern: return DiagnosticID("syntax_expected_right_paren_in_tuple_pattern")
        case .expectedRightBracketInDictionaryType: return DiagnosticID("syntax_expected_right_bracket_in_dictionary_type")
        case .expectedRightBracketInArrayType: return DiagnosticID("syntax_expected_right_bracket_in_array_type")
        case .expectedRightParenAtEndOfTupleType: return DiagnosticID("syntax_expected_right_paren_at_end_of_tuple_type")
        case .expectedRightAngleToCompleteGenericArgumentList: return DiagnosticID("syntax_expected_right_angle_to_complete_generic_argument_list")
        case .expectedAnIdentifierToNameGenericParameter: return DiagnosticID("syntax_expected_an_identifier_to_name_generic_parameter")
        case .expectedRightAngleToCompleteGenericParameterList: return DiagnosticID("syntax_expected_right_angle_to_complete_generic_parameter_list")
        case .expectedColonOrDoubleEqualsToIndicateAConformanceOrSameTypeRequirement: return DiagnosticID("syntax_expected_colon_or_double_equals_to_indicate_a_conformance_or_same_type_requirement")
        case .expectedIdentifierInTypealiasDeclaration: return DiagnosticID("syntax_expected_identifier_in_typealias_declaration")
        case .expectedEqualsInTypeAliasDeclaration: return DiagnosticID("syntax_expected_equals_in_type_alias_declaration")
        case .expectedIdentifierInProtocolDeclaration: return DiagnosticID("syntax_expected_identifier_in_protocol_declaration")
        case .protocolsDoNotAllowGenericParametersUseAssociatedTypesInstead: return DiagnosticID("syntax_protocols_do_not_allow_generic_parameters_use_associated_types_instead")
        case .aWhereClauseOnAProtocolDeclarationIsNotSupportedInTableLab: return DiagnosticID("syntax_a_where_clause_on_a_protocol_declaration_is_not_supported_in_table_lab")
        case .expectedLeftBraceInProtocolType: return DiagnosticID("syntax_expected_left_brace_in_protocol_type")
        case .expectedRightBraceInProtocol: return DiagnosticID("syntax_expected_right_brace_in_protocol")
        case .protocolsCannotRequirePropertiesToBeImmutableDeclareReadOnlyPropertiesByUsingVarWithAGetSpecifier: return DiagnosticID("syntax_protocols_cannot_require_properties_to_be_immutable_declare_read_only_properties_by_using_var_with_a_get_specifier")
        case .subscriptRequirementsInAProtocolAreNotSupportedInTableLab: return DiagnosticID("syntax_subscript_requirements_in_a_protocol_are_not_supported_in_table_lab")
        case .propertyInProtocolMustHaveExplicitType: return DiagnosticID("syntax_property_in_protocol_must_have_explicit_type")
        case .propertyInProtocolMustHaveExplicitGetOrGetSetSpecifier: return DiagnosticID("syntax_property_in_protocol_must_have_explicit_get_or_get_set_specifier")
        case .expectedGetOrSetInAProtocolProperty: return DiagnosticID("syntax_expected_get_or_set_in_a_protocol_property")
        case .protocolInitializersMustNotHaveBodies: return DiagnosticID("syntax_protocol_initializers_must_not_have_bodies")
        case .expectedIdentifierInAssociatedtypeDeclaration: return DiagnosticID("syntax_expected_identifier_in_associatedtype_declaration")
        case .aWhereClauseOnAnAssociatedTypeIsNotSupportedInTableLab: return DiagnosticID("syntax_a_where_clause_on_an_associated_type_is_not_supported_in_table_lab")
        case .caseLabelCanOnlyAppearInsideASwitchStatement: return DiagnosticID("syntax_case_label_can_only_appear_inside_a_switch_statement")
        case .defaultLabelCanOnlyAppearInsideASwitchStatement: return DiagnosticID("syntax_default_label_can_only_appear_inside_a_switch_statement")
        case .expectedLeftBraceAfterDefer: return DiagnosticID("syntax_expected_left_brace_after_defer")
        case .expectedExpressionInThrowStatement: return DiagnosticID("syntax_expected_expression_in_throw_statement")
        case .subscriptFunctionsMayOnlyBeDeclaredWithinAType: return DiagnosticID("syntax_subscript_functions_may_only_be_declared_within_a_type")
        case .expectedExpressionInAssignment: return DiagnosticID("syntax_expected_expression_in_assignment")
        case .expectedLeftBraceAfterIfCondition: return DiagnosticID("syntax_expected_left_brace_after_if_condition")
        case .elseIfChainIsTooLongTryASwitchOrBreakingItUp: return DiagnosticID("syntax_else_if_chain_is_too_long_try_a_switch_or_breaking_it_up")
        case .expectedLeftBraceOrIfAfterElse: return DiagnosticID("syntax_expected_left_brace_or_if_after_else")
        case .expectedElseAfterGuardCondition: return DiagnosticID("syntax_expected_else_after_guard_condition")
        case .expectedLeftBraceAfterGuardElse: return DiagnosticID("syntax_expected_left_brace_after_guard_else")
        case .expectedLeftBraceAfterWhileCondition: return DiagnosticID("syntax_expected_left_brace_after_while_condition")
        case .expectedLeftBraceAfterRepeat: return DiagnosticID("syntax_expected_left_brace_after_repeat")
        case .expectedWhileAfterBodyOfRepeatStatement: return DiagnosticID("syntax_expected_while_after_body_of_repeat_statement")
        case .expectedExpressionInRepeatWhileCondition: return DiagnosticID("syntax_expected_expression_in_repeat_while_condition")
        case .expectedLeftBraceAfterDo: return DiagnosticID("syntax_expected_left_brace_after_do")
        case .expectedEqualsAfterPatternInCaseCondition: return DiagnosticID("syntax_expected_equals_after_pattern_in_case_condition")
        case .expectedExpressionInSwitchStatement: return DiagnosticID("syntax_expected_expression_in_switch_statement")
        case .expectedLeftBraceAfterSwitchSubjectExpression: return DiagnosticID("syntax_expected_left_brace_after_switch_subject_expression")
        case .expectedRightBraceAtEndOfSwitchStatement: return DiagnosticID("syntax_expected_right_brace_at_end_of_switch_statement")
        case .atUnknownCanOnlyBeAppliedToTheLastCaseInASwitch: return DiagnosticID("syntax_at_unknown_can_only_be_applied_to_the_last_case_in_a_switch")
        case .expectedColonAfterDefault: return DiagnosticID("syntax_expected_colon_after_default")
        case .expectedColonAfterCase: return DiagnosticID("syntax_expected_colon_after_case")
        case .allStatementsInsideASwitchMustBeCoveredByACaseOrDefault: return DiagnosticID("syntax_all_statements_inside_a_switch_must_be_covered_by_a_case_or_default")
        case .expectedInAfterForEachPattern: return DiagnosticID("syntax_expected_in_after_for_each_pattern")
        case .expectedSequenceExpressionForForEachLoop: return DiagnosticID("syntax_expected_sequence_expression_for_for_each_loop")
        case .expectedLeftBraceToStartTheBodyOfForEachLoop: return DiagnosticID("syntax_expected_left_brace_to_start_the_body_of_for_each_loop")
        case .expectedLeftParenForSubscriptParameters: return DiagnosticID("syntax_expected_left_paren_for_subscript_parameters")
        case .expectedArrowForSubscriptElementType: return DiagnosticID("syntax_expected_arrow_for_subscript_element_type")
        case .expectedLeftBraceInSubscriptToSpecifyGetterAndSetterImplementation: return DiagnosticID("syntax_expected_left_brace_in_subscript_to_specify_getter_and_setter_implementation")
        case .extraneousRightBraceAtTopLevel: return DiagnosticID("syntax_extraneous_right_brace_at_top_level")
        case .topLevelStatementCannotBeginWithAClosureExpression: return DiagnosticID("syntax_top_level_statement_cannot_begin_with_a_closure_expression")
        case .consecutiveStatementsOnALineMustBeSeparatedBySemicolon: return DiagnosticID("syntax_consecutive_statements_on_a_line_must_be_separated_by_semicolon")
        case .expectedLeftBrace: return DiagnosticID("syntax_expected_left_brace")
        case .structureNestingTooDeep: return DiagnosticID("syntax_structure_nesting_too_deep")
        case .anonymousClosureArgumentOutOfRange: return DiagnosticID("syntax_anonymous_closure_argument_out_of_range")
        case .conditionalBlockUnreadable: return DiagnosticID("syntax_conditional_block_unreadable")
        case .directiveNotSupported: return DiagnosticID("syntax_directive_not_supported")
        case .concurrencyNotSupported: return DiagnosticID("syntax_concurrency_not_supported")
        case .forPatternTypeNotSupported: return DiagnosticID("syntax_for_pattern_type_not_supported")
        case .cStyleForRemoved: return DiagnosticID("syntax_c_style_for_removed")
        case .expectedLetInConditional: return DiagnosticID("syntax_expected_let_in_conditional")
        case .assignmentInConditionalOperatorNotSupported: return DiagnosticID("syntax_assignment_in_conditional_operator_not_supported")
        case .poundFunctionInDefaultArgument: return DiagnosticID("syntax_pound_function_in_default_argument")
        case .poundLocationInDefaultArgument: return DiagnosticID("syntax_pound_location_in_default_argument")
        case .invalidDigitInIntegerLiteral: return DiagnosticID("syntax_invalid_digit_in_integer_literal")
        case .invalidDigitInExponent: return DiagnosticID("syntax_invalid_digit_in_exponent")
        case .notAllowedHere: return DiagnosticID("syntax_not_allowed_here")
        case .expectedLeftBraceToStartDefinition: return DiagnosticID("syntax_expected_left_brace_to_start_definition")
        case .keywordAsIdentifier: return DiagnosticID("syntax_keyword_as_identifier")
        case .expectedIdentifierInDeclaration: return DiagnosticID("syntax_expected_identifier_in_declaration")
        case .cannotSpecializeNonGenericType: return DiagnosticID("syntax_cannot_specialize_non_generic_type")
        case .expectedLeftBraceIn: return DiagnosticID("syntax_expected_left_brace_in")
        case .notSupportedHere: return DiagnosticID("syntax_not_supported_here")
        case .operatorNotSupported: return DiagnosticID("syntax_operator_not_supported")
        case .cannotFindOperator: return DiagnosticID("syntax_cannot_find_operator")
        case .adjacentNonAssociativeOperators: return DiagnosticID("syntax_adjacent_non_associative_operators")
        case .integerLiteralOverflowsInt: return DiagnosticID("syntax_integer_literal_overflows_int")
        case .functionTypeArgumentLabel: return DiagnosticID("syntax_function_type_argument_label")
        case .genericTypeAliasNotSupported: return DiagnosticID("syntax_generic_type_alias_not_supported")
        case .commandNotAtTopLevel: return DiagnosticID("syntax_command_not_at_top_level")
        case .expectedConditionExpression: return DiagnosticID("syntax_expected_condition_expression")
        case .unknownAttribute: return DiagnosticID("syntax_unknown_attribute")
        case .switchLabelWithoutStatements: return DiagnosticID("syntax_switch_label_without_statements")
        case .toMatchOpening: return DiagnosticID("syntax_to_match_opening")
        case .unexpectedParserError: return DiagnosticID("syntax_unexpected_parser_error")
        case .expressionTooLong: return DiagnosticID("syntax_expression_too_long")
        case .expectedRightBraceAtEndOf: return DiagnosticID("syntax_expected_right_brace_at_end_of")
        }
    }

    public var text: String {
        switch self {
        case .unterminatedCommentStartComment: return "unterminated '/*' comment"
        case .commentStartedHere: return "comment started here"
        case .cannotFindRightParenToMatchOpeningLeftParenInStringInterpolation: return "cannot find ')' to match opening '(' in string interpolation"
        case .expectedAnAttributeName: return "expected an attribute name"
        case .expectedIdentifierAfterBacktick: return "expected identifier after '`'"
        case .expectedNumericValueFollowingDollar: return "expected numeric value following '$'"
        case .expectedExpression: return "expected expression"
        case .editorPlaceholderInSourceFile: return "editor placeholder in source file"
        case .invalidCharacterInSourceFile: return "invalid character in source file"
        case .expectedLeftParenFollowingSelector: return "expected '(' following '#selector'"
        case .expectedRightParenToCompleteSelectorExpression: return "expected ')' to complete '#selector' expression"
        case .expectedExpressionInSelectorExpression: return "expected expression in '#selector' expression"
        case .expectedADigitInFloatingPointExponent: return "expected a digit in floating point exponent"
        case .hexadecimalFloatingPointLiteralMustEndWithAnExponent: return "hexadecimal floating point literal must end with an exponent"
        case .unterminatedStringLiteral: return "unterminated string literal"
        case .unprintableASCIICharacterFoundInSourceFile: return "unprintable ASCII character found in source file"
        case .expectedHexadecimalCodeInBracesAfterUnicodeEscape: return "expected hexadecimal code in braces after unicode escape"
        case .expectedRightBraceInUnicodeEscapeEscapeSequence: return "expected '}' in \\u{...} escape sequence"
        case .unicodeEscapeEscapeSequenceExpectsBetween1And8HexDigits: return "\\u{...} escape sequence expects between 1 and 8 hex digits"
        case .invalidUnicodeScalar: return "invalid unicode scalar"
        case .stringInterpolationIsTooDeeplyNested: return "string interpolation is too deeply nested"
        case .invalidEscapeSequenceInLiteral: return "invalid escape sequence in literal"
        case .multiLineStringLiteralContentMustBeginOnANewLine: return "multi-line string literal content must begin on a new line"
        case .multiLineStringLiteralClosingDelimiterMustBeginOnANewLine: return "multi-line string literal closing delimiter must begin on a new line"
        case .insufficientIndentationOfLineInMultiLineStringLiteral: return "insufficient indentation of line in multi-line string literal"
        case .expectedRightParenInEnumCase: return "expected ')' in enum case"
        case .enumCaseCannotHaveKeywordArguments: return "enum case cannot have keyword arguments"
        case .expectedType: return "expected type"
        case .expectedCommaSeparator: return "expected ',' separator"
        case .expectedRightParen: return "expected ')'"
        case .initializersMayOnlyBeDeclaredWithinAType: return "initializers may only be declared within a type"
        case .expectedIdentifierInImportDeclaration: return "expected identifier in import declaration"
        case .expectedDeclaration: return "expected declaration"
        case .extraneousWhitespaceBeforeAttributeArguments:
            return "extraneous whitespace between attribute name and '('; this is an error in the Swift 6 language mode"
        case .expectedPattern: return "expected pattern"
        case .expectedInitialValueAfterEquals: return "expected initial value after '='"
        case .letDeclarationsCannotBeComputedProperties: return "'let' declarations cannot be computed properties"
        case .expectedRightBraceAtEndOfVariableGetSetClause: return "expected '}' at end of variable get/set clause"
        case .expectedGetSetWillSetOrDidSetKeywordToStartAnAccessorDefinition: return "expected 'get', 'set', 'willSet', or 'didSet' keyword to start an accessor definition"
        case .expectedTheNameOfTheSetterSParameter: return "expected the name of the setter's parameter"
        case .expectedRightParenAfterSetterParameterName: return "expected ')' after setter parameter name"
        case .expectedIdentifierInFunctionDeclaration: return "expected identifier in function declaration"
        case .expectedLeftParenInArgumentListOfFunctionDeclaration: return "expected '(' in argument list of function declaration"
        case .expectedLeftBraceInBodyOfFunctionDeclaration: return "expected '{' in body of function declaration"
        case .protocolMethodsMustNotHaveBodies: return "protocol methods must not have bodies"
        case .expectedRightParenInParameter: return "expected ')' in parameter"
        case .expectedParameterNameFollowedByColon: return "expected parameter name followed by ':'"
        case .expectedColonFollowingArgumentLabelAndParameterName: return "expected ':' following argument label and parameter name"
        case .expectedParameterTypeFollowingColon: return "expected parameter type following ':'"
        case .expectedTypeNameInExtensionDeclaration: return "expected type name in extension declaration"
        case .expectedRightBraceAtEndOfEnum: return "expected '}' at end of enum"
        case .expectedRightBraceInStruct: return "expected '}' in struct"
        case .expectedRightBraceInClass: return "expected '}' in class"
        case .expectedRightBraceInTable: return "expected '}' in table"
        case .expectedRightBraceAtEndOfExtension: return "expected '}' at end of extension"
        case .deinitializersMayOnlyBeDeclaredWithinAClassActorOrNoncopyableType: return "deinitializers may only be declared within a class, actor, or noncopyable type"
        case .enumCaseIsNotAllowedOutsideOfAnEnum: return "enum 'case' is not allowed outside of an enum"
        case .expectedIdentifierInEnumCaseDeclaration: return "expected identifier in enum 'case' declaration"
        case .expectedLeftBraceForDeinitializer: return "expected '{' for deinitializer"
        case .expectedLeftParenForInitializerParameters: return "expected '(' for initializer parameters"
        case .initializerRequiresABody: return "initializer requires a body"
        case .consecutiveDeclarationsOnALineMustBeSeparatedBySemicolon: return "consecutive declarations on a line must be separated by ';'"
        case .expectedExpressionAfterQuestionMarkInTernaryExpression: return "expected expression after '?' in ternary expression"
        case .expectedColonAfterQuestionMarkDotsInTernaryExpression: return "expected ':' after '? ...' in ternary expression"
        case .expectedExpressionAfterQuestionMarkDotsColonInTernaryExpression: return "expected expression after '? ... :' in ternary expression"
        case .expectedExpressionAfterOperator: return "expected expression after operator"
        case .oneSidedRangesAreNotSupportedInTableLab: return "one-sided ranges are not supported in TableLab"
        case .aMutatingGetterIsNotSupportedInTableLab: return "a 'mutating get' is not supported in TableLab"
        case .expectedExpressionAfterUnaryOperator: return "expected expression after unary operator"
        case .unaryOperatorCannotBeSeparatedFromItsOperand: return "unary operator cannot be separated from its operand"
        case .expectedMemberNameFollowingDot: return "expected member name following '.'"
        case .expectedExpressionInListOfExpressions: return "expected expression in list of expressions"
        case .expectedRightParenInExpressionList: return "expected ')' in expression list"
        case .expectedRightBracketInExpressionList: return "expected ']' in expression list"
        case .anonymousClosureArgumentNotContainedInAClosure: return "anonymous closure argument not contained in a closure"
        case .expectedLeftParen: return "expected '('"
        case .expectedDotInKeyPath: return "expected '.' in key path"
        case .expectedExpressionInStringInterpolation: return "expected expression in string interpolation"
        case .interpolationWithSeveralArgumentsIsNotSupportedInTableLab: return "interpolation with several arguments is not supported in TableLab"
        case .expectedExpressionInContainerLiteral: return "expected expression in container literal"
        case .expectedColonInDictionaryLiteral: return "expected ':' in dictionary literal"
        case .expectedRightBracketInContainerLiteralExpression: return "expected ']' in container literal expression"
        case .expectedRightBraceAtEndOfClosure: return "expected '}' at end of closure"
        case .expectedWeakUnownedOrNoSpecifierInCaptureList: return "expected 'weak', 'unowned', or no specifier in capture list"
        case .expectedCommaOrRightBracketInCaptureList: return "expected ',' or ']' in capture list"
        case .expectedParameter: return "expected parameter"
        case .expectedComma: return "expected ','"
        case .expectedIn: return "expected 'in'"
        case .declarationIsOnlyValidAtFileScope: return "declaration is only valid at file scope"
        case .operatorMayOnlyBeDeclaredAtFileScope: return "'operator' may only be declared at file scope"
        case .expectedIdentifierAfterPrecedencegroup: return "expected identifier after 'precedencegroup'"
        case .expectedLeftBraceAfterNameOfPrecedenceGroup: return "expected '{' after name of precedence group"
        case .expectedOperatorNameInOperatorDeclaration: return "expected operator name in operator declaration"
        case .expectedPrecedenceGroupNameAfterColonInOperatorDeclaration: return "expected precedence group name after ':' in operator declaration"
        case .expectedRightBrace: return "expected '}'"
        case .operatorImplementationWithoutMatchingOperatorDeclaration: return "operator implementation without matching operator declaration"
        case .expectedRightParenInTuplePattern: return "expected ')' in tuple pattern"
        case .expectedRightBracketInDictionaryType: return "expected ']' in dictionary type"
        case .expectedRightBracketInArrayType: return "expected ']' in array type"
        case .expectedRightParenAtEndOfTupleType: return "expected ')' at end of tuple type"
        case .expectedRightAngleToCompleteGenericArgumentList: return "expected '>' to complete generic argument list"
        case .expectedAnIdentifierToNameGenericParameter: return "expected an identifier to name generic parameter"
        case .expectedRightAngleToCompleteGenericParameterList: return "expected '>' to complete generic parameter list"
        case .expectedColonOrDoubleEqualsToIndicateAConformanceOrSameTypeRequirement: return "expected ':' or '==' to indicate a conformance or same-type requirement"
        case .expectedIdentifierInTypealiasDeclaration: return "expected identifier in typealias declaration"
        case .expectedEqualsInTypeAliasDeclaration: return "expected '=' in type alias declaration"
        case .expectedIdentifierInProtocolDeclaration: return "expected identifier in protocol declaration"
        case .protocolsDoNotAllowGenericParametersUseAssociatedTypesInstead: return "protocols do not allow generic parameters; use associated types instead"
        case .aWhereClauseOnAProtocolDeclarationIsNotSupportedInTableLab: return "a 'where' clause on a protocol declaration is not supported in TableLab"
        case .expectedLeftBraceInProtocolType: return "expected '{' in protocol type"
        case .expectedRightBraceInProtocol: return "expected '}' in protocol"
        case .protocolsCannotRequirePropertiesToBeImmutableDeclareReadOnlyPropertiesByUsingVarWithAGetSpecifier: return "protocols cannot require properties to be immutable; declare read-only properties by using 'var' with a '{ get }' specifier"
        case .subscriptRequirementsInAProtocolAreNotSupportedInTableLab: return "subscript requirements in a protocol are not supported in TableLab"
        case .propertyInProtocolMustHaveExplicitType: return "property in protocol must have explicit type"
        case .propertyInProtocolMustHaveExplicitGetOrGetSetSpecifier: return "property in protocol must have explicit { get } or { get set } specifier"
        case .expectedGetOrSetInAProtocolProperty: return "expected get or set in a protocol property"
        case .protocolInitializersMustNotHaveBodies: return "protocol initializers must not have bodies"
        case .expectedIdentifierInAssociatedtypeDeclaration: return "expected identifier in associatedtype declaration"
        case .aWhereClauseOnAnAssociatedTypeIsNotSupportedInTableLab: return "a 'where' clause on an associated type is not supported in TableLab"
        case .caseLabelCanOnlyAppearInsideASwitchStatement: return "'case' label can only appear inside a 'switch' statement"
        case .defaultLabelCanOnlyAppearInsideASwitchStatement: return "'default' label can only appear inside a 'switch' statement"
        case .expectedLeftBraceAfterDefer: return "expected '{' after 'defer'"
        case .expectedExpressionInThrowStatement: return "expected expression in 'throw' statement"
        case .subscriptFunctionsMayOnlyBeDeclaredWithinAType: return "'subscript' functions may only be declared within a type"
        case .expectedExpressionInAssignment: return "expected expression in assignment"
        case .expectedLeftBraceAfterIfCondition: return "expected '{' after 'if' condition"
        case .elseIfChainIsTooLongTryASwitchOrBreakingItUp: return "'else if' chain is too long; try a 'switch' or breaking it up"
        case .expectedLeftBraceOrIfAfterElse: return "expected '{' or 'if' after 'else'"
        case .expectedElseAfterGuardCondition: return "expected 'else' after 'guard' condition"
        case .expectedLeftBraceAfterGuardElse: return "expected '{' after 'guard' else"
        case .expectedLeftBraceAfterWhileCondition: return "expected '{' after 'while' condition"
        case .expectedLeftBraceAfterRepeat: return "expected '{' after 'repeat'"
        case .expectedWhileAfterBodyOfRepeatStatement: return "expected 'while' after body of 'repeat' statement"
        case .expectedExpressionInRepeatWhileCondition: return "expected expression in 'repeat-while' condition"
        case .expectedLeftBraceAfterDo: return "expected '{' after 'do'"
        case .expectedEqualsAfterPatternInCaseCondition: return "expected '=' after pattern in 'case' condition"
        case .expectedExpressionInSwitchStatement: return "expected expression in 'switch' statement"
        case .expectedLeftBraceAfterSwitchSubjectExpression: return "expected '{' after 'switch' subject expression"
        case .expectedRightBraceAtEndOfSwitchStatement: return "expected '}' at end of 'switch' statement"
        case .atUnknownCanOnlyBeAppliedToTheLastCaseInASwitch: return "'@unknown' can only be applied to the last case in a switch"
        case .expectedColonAfterDefault: return "expected ':' after 'default'"
        case .expectedColonAfterCase: return "expected ':' after 'case'"
        case .allStatementsInsideASwitchMustBeCoveredByACaseOrDefault: return "all statements inside a switch must be covered by a 'case' or 'default'"
        case .expectedInAfterForEachPattern: return "expected 'in' after for-each pattern"
        case .expectedSequenceExpressionForForEachLoop: return "expected Sequence expression for for-each loop"
        case .expectedLeftBraceToStartTheBodyOfForEachLoop: return "expected '{' to start the body of for-each loop"
        case .expectedLeftParenForSubscriptParameters: return "expected '(' for subscript parameters"
        case .expectedArrowForSubscriptElementType: return "expected '->' for subscript element type"
        case .expectedLeftBraceInSubscriptToSpecifyGetterAndSetterImplementation: return "expected '{' in subscript to specify getter and setter implementation"
        case .extraneousRightBraceAtTopLevel: return "extraneous '}' at top level"
        case .topLevelStatementCannotBeginWithAClosureExpression: return "top-level statement cannot begin with a closure expression"
        case .consecutiveStatementsOnALineMustBeSeparatedBySemicolon: return "consecutive statements on a line must be separated by ';'"
        case .expectedLeftBrace: return "expected '{'"
        case .structureNestingTooDeep(let maximum): return "structure nesting level exceeded maximum of \(maximum)"
        case .anonymousClosureArgumentOutOfRange(let n): return "anonymous closure argument '$\(n)' is out of range (at most $255)"
        case .conditionalBlockUnreadable(let name): return "this '#\(name)' block cannot be read: each '#if' needs its '#endif', and TableLab's conditions are os(...), canImport(...), targetEnvironment(...), swift(>=...), flags, '!', '&&', '||'"
        case .directiveNotSupported(let name): return "'#\(name)' is not supported in TableLab"
        case .concurrencyNotSupported(let construct): return "'\(construct)' is not supported in TableLab"
        case .forPatternTypeNotSupported: return "a type annotation on a 'for-in' pattern is not supported in TableLab"
        case .cStyleForRemoved: return "C-style for statement was removed in Swift 3"
        case .expectedLetInConditional: return "expected 'let' in conditional"
        case .assignmentInConditionalOperatorNotSupported: return "an assignment inside the conditional operator ('? :') is not supported in TableLab"
        case .poundFunctionInDefaultArgument: return "'#function' as a default argument (the caller's name) is not supported in TableLab"
        case .poundLocationInDefaultArgument(let name): return "'\(name)' as a default argument (the caller's place) is not supported in TableLab"
        case .invalidDigitInIntegerLiteral(let c, let kind): return "'\(c)' is not a valid \(kind) in integer literal"
        case .invalidDigitInExponent(let c): return "'\(c)' is not a valid digit in floating point exponent"
        case .notAllowedHere(let spelling): return "'\(spelling)' is not allowed here"
        case .expectedLeftBraceToStartDefinition(let what): return "expected '{' to start \(what) definition"
        case .keywordAsIdentifier(let keyword): return "keyword '\(keyword)' cannot be used as an identifier here"
        case .expectedIdentifierInDeclaration(let word): return "expected identifier in \(word) declaration"
        case .cannotSpecializeNonGenericType(let name): return "cannot specialize non-generic type '\(name)'"
        case .expectedLeftBraceIn(let what): return "expected '{' in \(what)"
        case .notSupportedHere(let spelling): return "'\(spelling)' is not supported here in TableLab"
        case .operatorNotSupported(let op): return "operator '\(op)' is not supported in TableLab"
        case .cannotFindOperator(let op): return "cannot find operator '\(op)' in scope"
        case .adjacentNonAssociativeOperators(let group): return "adjacent operators are in non-associative precedence group '\(group)'"
        case .integerLiteralOverflowsInt(let literal): return "integer literal '\(literal)' overflows when stored into 'Int'"
        case .functionTypeArgumentLabel(let label): return "function types cannot have argument labels; use '_' before '\(label)'"
        case .genericTypeAliasNotSupported(let name): return "generic type alias 'typealias \(name)<...>' is not supported in TableLab"
        case .commandNotAtTopLevel(let name): return "explorer command ':\(name)' can only be used at the top level, outside any braces"
        case .expectedConditionExpression(let owner): return "expected expression, var, or let in '\(owner)' condition"
        case .unknownAttribute(let name): return "unknown attribute '\(name)'"
        case .switchLabelWithoutStatements(let label): return "\(label) label in a 'switch' must have at least one executable statement"
        case .toMatchOpening(let bracket): return "to match this opening '\(bracket)'"
        case .unexpectedParserError: return "the parser stopped on an unexpected error"
        case .expressionTooLong: return "expression is too long; try breaking up the expression into distinct sub-expressions"
        case .expectedRightBraceAtEndOf(let what): return "expected '}' at end of \(what)"
        }
    }
}
