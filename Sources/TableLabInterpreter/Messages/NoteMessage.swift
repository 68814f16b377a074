// The notes the interpreter's run-time errors carry, in swiftc's words.
//
// Each message is its identity and its arguments; its text is made here and nowhere else.

import TableLabSyntax

enum NoteMessage: DiagnosticMessage, Hashable {
    case changeLetToVar
    case memberwiseInitDeclaredHere(labels: String)
    /// A function or method a call does not fit, by its full name (`f(a:b:)`).
    case functionDeclaredHere(String)
    case overriddenDeclarationHere
    case requiredInitializerDeclaredHere
    case overriddenPropertyHere
    case propertyNotInitialized(String)
    case rawValueIncrementedFromHere
    case parameterImplicitlyNonEscaping(String)
    case capturedHere
    case rawValuePreviouslyUsed
    case rawValueIncrementedFromZero
    case constantDefinedHere
    case whereElementIs(parameter: String, type: String)
    case whereParameterIs(parameter: String, type: String)
    case previousAliasingArgument
    case conflictingAccessHere
    case markMethodMutating
    case markGetterMutating
    case forceDowncast
    case previousModificationHere
    case chainOptional(String)
    case forceUnwrap
    case partiallyMatchingPlusOverloads(lhs: String, rhs: String)
    case rawTypePreventsComparable(rawType: TypeSyntax, type: String)
    case addStubs
    case requiresFunction(name: String, parameters: String, result: String)
    case requiresInitializer(name: String, parameters: String)
    case candidateNotSettable
    case candidateNonMatchingType(String)
    case delegationOccursHere
    case storedPropertyPreventsSynthesizedInit(String)
    case requiresProperty(name: String, type: String)
    case noCaseMatched(String)

    var id: DiagnosticID {
        switch self {
        case .changeLetToVar: return DiagnosticID("note_change_let_to_var")
        case .memberwiseInitDeclaredHere: return DiagnosticID("note_memberwise_init_declared_here")
        case .functionDeclaredHere: return DiagnosticID("decl_declared_here")
        case .overriddenDeclarationHere: return DiagnosticID("note_overridden_declaration_here")
        case .requiredInitializerDeclaredHere: return DiagnosticID("required_initializer_here")
        case .overriddenPropertyHere: return DiagnosticID("note_overridden_property_here")
        case .propertyNotInitialized: return DiagnosticID("note_property_not_initialized")
        case .rawValueIncrementedFromHere: return DiagnosticID("note_raw_value_incremented_from_here")
        case .parameterImplicitlyNonEscaping: return DiagnosticID("noescape_parameter")
        case .capturedHere: return DiagnosticID("value_captured_here")
        case .rawValuePreviouslyUsed: return DiagnosticID("note_raw_value_previously_used")
        case .rawValueIncrementedFromZero: return DiagnosticID("note_raw_value_incremented_from_zero")
        case .constantDefinedHere: return DiagnosticID("note_constant_defined_here")
        case .whereElementIs: return DiagnosticID("note_where_element_is")
        case .whereParameterIs: return DiagnosticID("note_where_parameter_is")
        case .previousAliasingArgument: return DiagnosticID("note_previous_aliasing_argument")
        case .conflictingAccessHere: return DiagnosticID("note_conflicting_access_here")
        case .markMethodMutating: return DiagnosticID("note_mark_method_mutating")
        case .markGetterMutating: return DiagnosticID("note_mark_getter_mutating")
        case .forceDowncast: return DiagnosticID("note_force_downcast")
        case .previousModificationHere: return DiagnosticID("note_previous_modification_here")
        case .chainOptional: return DiagnosticID("note_chain_optional")
        case .forceUnwrap: return DiagnosticID("note_force_unwrap")
        case .partiallyMatchingPlusOverloads: return DiagnosticID("note_partially_matching_plus_overloads")
        case .rawTypePreventsComparable: return DiagnosticID("note_raw_type_prevents_comparable")
        case .addStubs: return DiagnosticID("note_add_stubs")
        case .requiresFunction: return DiagnosticID("note_requires_function")
        case .requiresInitializer: return DiagnosticID("note_requires_initializer")
        case .candidateNotSettable: return DiagnosticID("note_candidate_not_settable")
        case .candidateNonMatchingType: return DiagnosticID("note_candidate_non_matching_type")
        case .delegationOccursHere: return DiagnosticID("note_delegation_here")
        case .storedPropertyPreventsSynthesizedInit: return DiagnosticID("note_no_in_class_init_initializer")
        case .requiresProperty: return DiagnosticID("note_requires_property")
        case .noCaseMatched: return DiagnosticID("note_no_case_matched")
        }
    }

    var text: String {
        switch self {
        case .changeLetToVar: return "change 'let' to 'var' to make it mutable"
        case .memberwiseInitDeclaredHere(let labels): return "'init(\(labels))' declared here"
        case .functionDeclaredHere(let name): return "'\(name)' declared here"
        case .overriddenDeclarationHere: return "overridden declaration is here"
        case .requiredInitializerDeclaredHere: return "'required' initializer is declared in superclass here"
        case .overriddenPropertyHere: return "attempt to override property here"
        case .propertyNotInitialized(let name): return "'self.\(name)' not initialized"
        case .rawValueIncrementedFromHere: return "raw value auto-incremented from here"
        case .parameterImplicitlyNonEscaping(let name): return "parameter '\(name)' is implicitly non-escaping"
        case .capturedHere: return "captured here"
        case .rawValuePreviouslyUsed: return "raw value previously used here"
        case .rawValueIncrementedFromZero: return "raw value implicitly auto-incremented from zero"
        case .constantDefinedHere: return "constant defined here"
        case .whereElementIs(let parameter, let type): return "where '\(parameter).Element' = '\(type)'"
        case .whereParameterIs(let parameter, let type): return "where '\(parameter)' = '\(type)'"
        case .previousAliasingArgument: return "previous aliasing argument"
        case .conflictingAccessHere: return "conflicting access is here"
        case .markMethodMutating: return "mark method 'mutating' to make 'self' mutable"
        case .markGetterMutating: return "mark getter 'mutating' to make 'self' mutable"
        case .forceDowncast: return "did you mean to use 'as!' to force downcast?"
        case .previousModificationHere: return "previous access (a modification) started here"
        case .chainOptional(let name): return "chain the optional using '?' to access member '\(name)' only for non-'nil' base values"
        case .forceUnwrap: return "force-unwrap using '!' to abort execution if the optional value contains 'nil'"
        case .partiallyMatchingPlusOverloads(let lhs, let rhs): return "overloads for '+' exist with these partially matching parameter lists: (\(lhs), \(lhs)), (\(rhs), \(rhs))"
        case .rawTypePreventsComparable(let rawType, let type): return "enum declares raw type '\(rawType)', preventing synthesized conformance of '\(type)' to 'Comparable'"
        case .addStubs: return "add stubs for conformance"
        case .requiresFunction(let name, let parameters, let result): return "protocol requires function '\(name)' with type '(\(parameters)) -> \(result)'"
        case .requiresInitializer(let name, let parameters): return "protocol requires initializer '\(name)' with type '(\(parameters))'"
        case .candidateNotSettable: return "candidate is not settable, but protocol requires it"
        case .candidateNonMatchingType(let type): return "candidate has non-matching type '\(type)'"
        case .delegationOccursHere: return "delegation occurs here"
        case .storedPropertyPreventsSynthesizedInit(let name): return "stored property '\(name)' without initial value prevents synthesized initializers"
        case .requiresProperty(let name, let type): return "protocol requires property '\(name)' with type '\(type)'"
        case .noCaseMatched(let name): return "no case matched value '\(name)'"
        }
    }
}
