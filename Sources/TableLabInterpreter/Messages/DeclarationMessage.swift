// swiftc's refusals of a declaration (overrides, initializers, extensions, statements out
// of place) that the interpreter meets as it declares a script's code, in swiftc's words.
//
// Each message is its identity and its arguments; its text is made here and nowhere else.

import TableLabSyntax

enum DeclarationMessage: DiagnosticMessage, Hashable {
    case overrideKeywordMissing
    case methodOverridesNothing
    case propertyOverridesNothing
    case overridesFinalProperty
    case overrideWithStoredProperty(String)
    case overrideMutableWithReadOnly(String)
    case overrideLetProperty(String)
    case observingReadOnlyProperty(String)
    case inheritanceFromNonProtocol(String)
    case inheritanceFromFinalClass(String)
    case superInitNotOnAllPaths
    case selfInitNotOnAllPaths
    case requiredInitializerMissing(initializer: String, subclass: String)
    case requiredModifierMissing
    case returnBeforeAllStored
    case extensionStoredProperty
    case staticStoredInGenericType
    case nonEscapingParameterAssigned(String)
    case nonEscapingParameterToGeneric(String)
    case nonEscapingParameterPassedToEscaping(String)
    case nonEscapingParameterUsedAsEscaping(String)
    case escapingClosureCapturesNonEscaping(String)
    case escapingClosureCapturesMutatingSelf
    case protocolExtensionInheritance(String)
    case rawValueNotUnique
    case lazyOnLazyGlobal
    case guardFallsThrough
    case switchNotExhaustive
    case computedPropertyNeedsType
    case tupleDeclarationNeedsValue
    case overridesFinalClassMethod
    case overridesFinalInstanceMethod
    case designatedInitializerDelegates(String)
    case enumStoredProperty

    var id: DiagnosticID {
        switch self {
        case .overrideKeywordMissing: return DiagnosticID("declaration_override_keyword_missing")
        case .methodOverridesNothing: return DiagnosticID("declaration_method_overrides_nothing")
        case .propertyOverridesNothing: return DiagnosticID("declaration_property_overrides_nothing")
        case .overridesFinalProperty: return DiagnosticID("declaration_overrides_final_property")
        case .overrideWithStoredProperty: return DiagnosticID("declaration_override_with_stored_property")
        case .overrideMutableWithReadOnly: return DiagnosticID("override_mutable_with_readonly_property")
        case .overrideLetProperty: return DiagnosticID("override_let_property")
        case .observingReadOnlyProperty: return DiagnosticID("observing_readonly_property")
        case .inheritanceFromNonProtocol: return DiagnosticID("declaration_inheritance_from_non_protocol")
        case .inheritanceFromFinalClass: return DiagnosticID("declaration_inheritance_from_final_class")
        case .superInitNotOnAllPaths: return DiagnosticID("declaration_super_init_not_on_all_paths")
        case .selfInitNotOnAllPaths: return DiagnosticID("declaration_self_init_not_on_all_paths")
        case .requiredInitializerMissing: return DiagnosticID("declaration_required_initializer_missing")
        case .requiredModifierMissing: return DiagnosticID("declaration_required_modifier_missing")
        case .returnBeforeAllStored: return DiagnosticID("declaration_return_before_all_stored")
        case .extensionStoredProperty: return DiagnosticID("declaration_extension_stored_property")
        case .staticStoredInGenericType: return DiagnosticID("declaration_static_stored_in_generic_type")
        case .nonEscapingParameterAssigned: return DiagnosticID("assigning_noescape_to_escaping")
        case .nonEscapingParameterPassedToEscaping: return DiagnosticID("passing_noescape_to_escaping")
        case .nonEscapingParameterToGeneric: return DiagnosticID("converting_noescape_to_type")
        case .nonEscapingParameterUsedAsEscaping: return DiagnosticID("passing_noescape_to_escaping_context")
        case .escapingClosureCapturesNonEscaping: return DiagnosticID("closure_implicit_capture_without_noescape")
        case .escapingClosureCapturesMutatingSelf: return DiagnosticID("closure_implicit_capture_mutating_self")
        case .protocolExtensionInheritance: return DiagnosticID("declaration_protocol_extension_inheritance")
        case .rawValueNotUnique: return DiagnosticID("declaration_raw_value_not_unique")
        case .lazyOnLazyGlobal: return DiagnosticID("declaration_lazy_on_lazy_global")
        case .guardFallsThrough: return DiagnosticID("declaration_guard_falls_through")
        case .switchNotExhaustive: return DiagnosticID("declaration_switch_not_exhaustive")
        case .computedPropertyNeedsType: return DiagnosticID("declaration_computed_property_needs_type")
        case .tupleDeclarationNeedsValue: return DiagnosticID("declaration_tuple_declaration_needs_value")
        case .overridesFinalClassMethod: return DiagnosticID("declaration_overrides_final_class_method")
        case .overridesFinalInstanceMethod: return DiagnosticID("declaration_overrides_final_instance_method")
        case .designatedInitializerDelegates: return DiagnosticID("delegating_designated_init")
        case .enumStoredProperty: return DiagnosticID("enum_stored_property")
        }
    }

    var text: String {
        switch self {
        case .overrideKeywordMissing: return "overriding declaration requires an 'override' keyword"
        case .methodOverridesNothing: return "method does not override any method from its superclass"
        case .propertyOverridesNothing: return "property does not override any property from its superclass"
        case .overridesFinalProperty: return "property overrides a 'final' property"
        case .overrideWithStoredProperty(let name): return "cannot override with a stored property '\(name)'"
        case .overrideMutableWithReadOnly(let name): return "cannot override mutable property with read-only property '\(name)'"
        case .overrideLetProperty(let name): return "cannot override immutable 'let' property '\(name)' with the getter of a 'var'"
        case .observingReadOnlyProperty(let name): return "cannot observe read-only property '\(name)'; it can't change"
        case .inheritanceFromNonProtocol(let name): return "inheritance from non-protocol type '\(name)'"
        case .inheritanceFromFinalClass(let name): return "inheritance from a final class '\(name)'"
        case .superInitNotOnAllPaths: return "'super.init' isn't called on all paths before returning from initializer"
        case .selfInitNotOnAllPaths: return "'self.init' isn't called on all paths before returning from initializer"
        case .requiredInitializerMissing(let initializer, let subclass): return "'required' initializer '\(initializer)' must be provided by subclass of '\(subclass)'"
        case .requiredModifierMissing: return "'required' modifier must be present on all overrides of a required initializer"
        case .returnBeforeAllStored: return "return from initializer without initializing all stored properties"
        case .extensionStoredProperty: return "extensions must not contain stored properties"
        case .staticStoredInGenericType: return "static stored properties not supported in generic types"
        case .nonEscapingParameterAssigned(let name): return "assigning non-escaping parameter '\(name)' to an '@escaping' closure"
        case .nonEscapingParameterPassedToEscaping(let name):
            return "passing non-escaping parameter '\(name)' to function expecting an '@escaping' closure"
        case .nonEscapingParameterToGeneric(let name):
            return "converting non-escaping parameter '\(name)' to generic parameter 'Element' may allow it to escape"
        case .nonEscapingParameterUsedAsEscaping(let name):
            return "using non-escaping parameter '\(name)' in a context expecting an '@escaping' closure"
        case .escapingClosureCapturesNonEscaping(let name): return "escaping closure captures non-escaping parameter '\(name)'"
        case .escapingClosureCapturesMutatingSelf: return "escaping closure captures mutating 'self' parameter"
        case .protocolExtensionInheritance(let name): return "extension of protocol '\(name)' cannot have an inheritance clause"
        case .rawValueNotUnique: return "raw value for enum case is not unique"
        case .lazyOnLazyGlobal: return "'lazy' cannot be used on an already-lazy global"
        case .guardFallsThrough: return "'guard' body must not fall through, consider using a 'return' or 'throw' to exit the scope"
        case .switchNotExhaustive: return "switch must be exhaustive"
        case .computedPropertyNeedsType: return "computed property must have an explicit type"
        case .tupleDeclarationNeedsValue: return "tuple declaration needs a value"
        case .overridesFinalClassMethod: return "class method overrides a 'final' class method"
        case .overridesFinalInstanceMethod: return "instance method overrides a 'final' instance method"
        case .enumStoredProperty: return "enums must not contain stored properties"
        case .designatedInitializerDelegates(let type):
            return "designated initializer for '\(type)' cannot delegate (with 'self.init'); did you mean this to be a convenience initializer?"
        }
    }
}
