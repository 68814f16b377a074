// swiftc's refusals of a name, a member or a call that the interpreter meets while it
// compiles or runs a script, in swiftc's words.
//
// Each message is its identity and its arguments; its text is made here and nowhere else.

import TableLabSyntax

enum LookupMessage: DiagnosticMessage, Hashable {
    case cannotFindInScope(String)
    case cannotFindTypeInScope(String)
    case typeHasNoMember(type: String, member: String)
    case valueHasNoMember(type: String, member: String)
    case noSubscripts(type: String)
    case instanceMemberOnType(member: String, type: String)
    case staticMemberOnInstance(member: String, type: String)
    case enumCaseAsInstanceMember(String)
    case instanceMemberInPropertyInitializer(String)
    case implicitMemberWithoutContext(String)
    case ambiguousUse(name: String, candidates: String, type: String, member: String)
    case noMatchingInitializer
    case noMatchingInitializerFor(type: String, argument: String)
    case noMatchingSubscript
    case noMatchingGlobalFunction(String)
    case noAccessibleInitializers(String)
    case classHasNoInitializers(String)
    case callOfNonFunction(type: String)
    case anonymousArgumentOutsideClosure
    case optionalBindNotFollowed
    case stringIntSubscriptUnavailable
    case floatingRemainderUnavailable
    case breakOutsideLoop
    case continueOutsideLoop
    case fallthroughOutsideSwitch
    case unknownCommand(String)
    case superInRootClass
    case superWithoutSuperclass(String)
    case circularReference
    case stringFormat(String)
    case initWithoutContext
    case extraArgument
    case extraTrailingClosure
    case trailingClosureToNonFunction(type: String)
    case missingArgument
    case cannotFindLabel(String)

    var id: DiagnosticID {
        switch self {
        case .cannotFindInScope: return DiagnosticID("lookup_cannot_find_in_scope")
        case .cannotFindTypeInScope: return DiagnosticID("lookup_cannot_find_type_in_scope")
        case .typeHasNoMember: return DiagnosticID("lookup_type_has_no_member")
        case .valueHasNoMember: return DiagnosticID("lookup_value_has_no_member")
        case .noSubscripts: return DiagnosticID("lookup_no_subscripts")
        case .instanceMemberOnType: return DiagnosticID("lookup_instance_member_on_type")
        case .staticMemberOnInstance: return DiagnosticID("lookup_static_member_on_instance")
        case .enumCaseAsInstanceMember: return DiagnosticID("lookup_enum_case_as_instance_member")
        case .instanceMemberInPropertyInitializer: return DiagnosticID("lookup_instance_member_in_property_initializer")
        case .implicitMemberWithoutContext: return DiagnosticID("lookup_implicit_member_without_context")
        case .ambiguousUse: return DiagnosticID("lookup_ambiguous_use")
        case .noMatchingInitializer: return DiagnosticID("lookup_no_matching_initializer")
        case .noMatchingInitializerFor: return DiagnosticID("lookup_no_matching_initializer_for")
        case .noMatchingSubscript: return DiagnosticID("lookup_no_matching_subscript")
        case .noMatchingGlobalFunction: return DiagnosticID("lookup_no_matching_global_function")
        case .noAccessibleInitializers: return DiagnosticID("lookup_no_accessible_initializers")
        case .classHasNoInitializers: return DiagnosticID("lookup_class_has_no_initializers")
        case .callOfNonFunction: return DiagnosticID("lookup_call_of_non_function")
        case .anonymousArgumentOutsideClosure: return DiagnosticID("lookup_anonymous_argument_outside_closure")
        case .optionalBindNotFollowed: return DiagnosticID("lookup_optional_bind_not_followed")
        case .stringIntSubscriptUnavailable: return DiagnosticID("lookup_string_int_subscript_unavailable")
        case .floatingRemainderUnavailable: return DiagnosticID("lookup_floating_remainder_unavailable")
        case .breakOutsideLoop: return DiagnosticID("lookup_break_outside_loop")
        case .continueOutsideLoop: return DiagnosticID("lookup_continue_outside_loop")
        case .fallthroughOutsideSwitch: return DiagnosticID("lookup_fallthrough_outside_switch")
        case .unknownCommand: return DiagnosticID("lookup_unknown_command")
        case .superInRootClass: return DiagnosticID("lookup_super_in_root_class")
        case .superWithoutSuperclass: return DiagnosticID("lookup_super_without_superclass")
        case .circularReference: return DiagnosticID("lookup_circular_reference")
        case .stringFormat: return DiagnosticID("lookup_string_format")
        case .initWithoutContext: return DiagnosticID("lookup_init_without_context")
        case .extraArgument: return DiagnosticID("lookup_extra_argument")
        case .extraTrailingClosure: return DiagnosticID("lookup_extra_trailing_closure")
        case .trailingClosureToNonFunction: return DiagnosticID("lookup_trailing_closure_to_non_function")
        case .missingArgument: return DiagnosticID("lookup_missing_argument")
        case .cannotFindLabel: return DiagnosticID("lookup_cannot_find_label")
        }
    }

    var text: String {
        switch self {
        case .cannotFindInScope(let name): return "cannot find '\(name)' in scope"
        case .cannotFindTypeInScope(let name): return "cannot find type '\(name)' in scope"
        case .typeHasNoMember(let type, let member): return "type '\(type)' has no member '\(member)'"
        case .valueHasNoMember(let type, let member): return "value of type '\(type)' has no member '\(member)'"
        case .noSubscripts(let type): return "value of type '\(type)' has no subscripts"
        case .instanceMemberOnType(let member, let type): return "instance member '\(member)' cannot be used on type '\(type)'"
        case .staticMemberOnInstance(let member, let type): return "static member '\(member)' cannot be used on instance of type '\(type)'"
        case .enumCaseAsInstanceMember(let name): return "enum case '\(name)' cannot be used as an instance member"
        case .instanceMemberInPropertyInitializer(let name): return "cannot use instance member '\(name)' within property initializer; property initializers run before 'self' is available"
        case .implicitMemberWithoutContext(let name): return "cannot infer contextual base in reference to member '\(name)'"
        case .ambiguousUse(let name, let candidates, let type, let member): return "ambiguous use of '\(name)' (in '\(candidates)'); write the type, e.g. '\(type).\(member)'"
        case .noMatchingInitializer: return "no exact matches in call to initializer"
        case .noMatchingInitializerFor(let type, let argument): return "no exact matches in call to initializer of '\(type)' with argument of type '\(argument)'"
        case .noMatchingSubscript: return "no exact matches in call to subscript"
        case .noMatchingGlobalFunction(let name): return "no exact matches in call to global function '\(name)'"
        case .noAccessibleInitializers(let name): return "'\(name)' cannot be constructed because it has no accessible initializers"
        case .classHasNoInitializers(let name): return "class '\(name)' has no initializers"
        case .callOfNonFunction(let type): return "cannot call value of non-function type '\(type)'"
        case .anonymousArgumentOutsideClosure: return "anonymous closure argument not contained in a closure"
        case .optionalBindNotFollowed: return "'?' must be followed by a call, member lookup, or subscript"
        case .stringIntSubscriptUnavailable: return "'subscript(_:)' is unavailable: cannot subscript String with an Int, use a String.Index instead."
        case .floatingRemainderUnavailable: return "'%' is unavailable: For floating point numbers use truncatingRemainder instead"
        case .breakOutsideLoop: return "'break' is only allowed inside a loop, if, do, or switch"
        case .continueOutsideLoop: return "'continue' is only allowed inside a loop"
        case .fallthroughOutsideSwitch: return "'fallthrough' is only allowed inside a switch"
        case .unknownCommand(let name): return "unknown command ':\(name)'"
        case .superInRootClass: return "'super' members cannot be referenced in a root class"
        case .superWithoutSuperclass(let name): return "'super' cannot be used in class '\(name)' because it has no superclass"
        case .circularReference: return "circular reference"
        case .stringFormat(let name): return "String(format:): \(name)"
        case .initWithoutContext: return "reference to member 'init' cannot be resolved without a contextual type"
        case .extraArgument: return "extra argument in call"
        case .extraTrailingClosure: return "extra trailing closure passed in call"
        case .trailingClosureToNonFunction(let type): return "trailing closure passed to parameter of type '\(type)' that does not accept a closure"
        case .missingArgument: return "missing argument in call"
        case .cannotFindLabel(let name): return "cannot find label '\(name)' in scope"
        }
    }
}
