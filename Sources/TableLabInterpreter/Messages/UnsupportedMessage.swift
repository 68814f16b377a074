// Constructs TableLab does not implement, named where they are met (the rule: never a
// silent different answer), and states of the explorer a script reaches too early.
//
// Each message is its identity and its arguments; its text is made here and nowhere else.

import TableLabSyntax

enum UnsupportedMessage: DiagnosticMessage, Hashable {
    case tableNotReady(String)
    case superMemberNotSimulated(member: String, host: String)
    case managedObjectNotSimulated(type: String, property: String)
    case hostMemberOfSubclass(host: String, member: String, subclass: String)
    case rawValueNotSimulated(String)
    /// `let s: UIControl.State = .normal`: a type nested in a host class whose values the host
    /// does not make (it carries `.normal` as a name where UIKit takes it, `setTitle(_:for:)`).
    case hostNestedTypeNotSimulated(String)
    case whereOnExtension(String)
    case whereOnDeclaration(String)
    case whereRequirementOnExtension(subject: TypeSyntax, relation: String, constraint: TypeSyntax, type: String)
    case whereRequirement(subject: TypeSyntax, relation: String, constraint: TypeSyntax)
    case whereRequirementOnProtocolExtension(subject: TypeSyntax, relation: String, constraint: TypeSyntax)
    case membersInDifferentWhereExtensions(name: String, type: String)
    case nestedTypesInExtension(String)
    case nestedTypesInProtocolExtension
    case initializersInExtension(String)
    /// A member of Foundation's `Scanner` beyond the hex-colour idioms TableLab simulates.
    case scannerMemberNotSimulated(String)
    /// `scanner.scanLocation = n` past the string's end: Foundation raises an exception.
    case scannerLocationOutOfRange(location: Int, length: Int)
    /// A member of an extension of a standard protocol used on a value of Swift's own types.
    case standardExtensionMemberOnSwiftType(member: String, protocolName: String, type: String)
    case rangeOfOutsideASCII
    /// `date1 < date2`: values whose order TableLab does not keep.
    case comparisonOfHostValues(op: String, type: String)
    /// `print([1, 2.5][0])`: Swift types the literal `[Any]` there.
    case mixedNumberLiteralReadIntoAny(function: String)
    /// `UIColor(red: 6 / 255, ...)` where TableLab does not know the parameter's type: Swift
    /// divides as the parameter's type (CGFloat), an integer division would differ.
    case untypedLiteralArithmeticArgument(callee: String)
    case untypedLiteralAssignment(variable: String)
    case implicitlyUnwrappedByReceiver(String)
    case printingSliceIndices(String)
    case extensionOf(String)
    case protocolDefaultShadowedByDeclaration(type: String, member: String, protocolName: String)
    case superclassTakesProtocolDefault(type: String, member: String, superclass: String)
    /// Two protocol extensions (one constrained) implement a member that no protocol requires.
    case protocolDefaultsChosenByStaticType(type: String, member: String, protocolName: String)
    /// Protocol extensions implement a requirement and none is more specialized than the rest.
    case protocolDefaultsAmbiguous(type: String, member: String)
    case weakReference(String)
    case unownedReference(type: String, deinitClass: String)
    case typeOfResult
    /// `t.append("!")` of a Substring: Swift changes its base too, which TableLab does not model.
    case substringMutation(String)
    /// `let h: AnyHashable = t`: equal here to a String of its text, which Swift's is not.
    case substringAsAnyHashable
    /// `obj.handle(x:)` where several methods have the base name and the receiver's type chooses.
    case functionReferenceWithLabels(String)
    case typeOfCharacter(String)
    /// `print(x, to: &stream)` into anything but a String variable.
    case printToStream(function: String)
    /// `String(describing: x)` of a NaN whose sign or payload print shows (`-nan`).
    case describingSignedNaN(String)
    /// `x is String`, `x as? Character` of a one-character String: the value does not tell which it is.
    case castOfCharacter(value: String, type: String)
    /// `x is Double`, `x as? CGFloat` of a Double value in a file that names CGFloat.
    case castOfCGFloat(value: String, type: String)
    case typeOfCollection(String)
    case typeOfCGFloat(String)
    /// `[[1], [2]].joined()`: Swift's lazy FlattenSequence, which TableLab does not model.
    case joinedArrays(String)
    case initializer(String)
    case keyPathNotLiteral
    case keyPathAssignment
    case subscriptForm(String)
    case swiftQualified(String)
    case tableSubclass(String)
    case staticMemberReference(type: String, member: String)
    /// `override var isSelected: Bool { didSet { } }` on a host class's property: Swift
    /// runs the observers around the host's setter, which TableLab keeps apart.
    case observersOnHostProperty(property: String, host: String)
    case returnInOverridingWillSet(String)
    case overrideLazyProperty(String)
    case printing(String)
    case printingType(String)
    case printingStringIndex(String)
    case strideNeedsInt
    case strideOfType(String)
    case zipOfOneSidedRanges
    case uniqueKeysNeedPairs(String)
    case rangesOfType(String)
    case oneSidedRangesOfType(String)
    case rangeBoundsNotInt(String)
    case lazySequenceMember(String)
    case lazyFilterAsSequence
    case constructingGenericType(String)
    case genericClass(name: String, parameters: String)
    case genericTypeUse(use: String, parameter: String, type: String)
    case castToGenericParameter(parameter: String, type: String)
    case genericParameterAsValue(name: String)
    case genericResultUnwritten(String)
    case optionSetComputedRawValue(String)
    case powOfIntegerLiterals
    case outsideIntRange(function: String, value: Double)
    case initFunctionBesideExtensionInit(type: String)
    case failingSelfInit
    case localTableBlock(String)
    case localTypeShadowing(String)
    case localComputedVariable(String)
    case patternInDeclaration
    case unsupportedOperator(String)
    case staleIntCode(String)
    case staleParameters(String)
    case subscriptingView(String)
    case closedRangeIndex(String)
    case hostEnumToString(framework: String, type: String, cType: String)
    case printingHostTypeInside(type: String)
    case printingLocalType(String)
    case printingTypeInExtension(type: String, extended: String, module: String)
    case printingTypeInGeneric(type: String, parent: String)
    case printingGenericClass(String)
    case printingGenericMetatype(String)
    case printingObjectAddress(String)
    case topLevelDefer
    case literalArithmeticOfUnknownType
    case localProtocol(String)
    case localTypealias(String)

    var id: DiagnosticID {
        switch self {
        case .tableNotReady: return DiagnosticID("unsupported_table_not_ready")
        case .superMemberNotSimulated: return DiagnosticID("unsupported_super_member_not_simulated")
        case .managedObjectNotSimulated: return DiagnosticID("unsupported_managed_object")
        case .hostMemberOfSubclass: return DiagnosticID("unsupported_host_member_of_subclass")
        case .rawValueNotSimulated: return DiagnosticID("unsupported_raw_value_not_simulated")
        case .hostNestedTypeNotSimulated: return DiagnosticID("unsupported_host_nested_type_not_simulated")
        case .whereOnExtension: return DiagnosticID("unsupported_where_on_extension")
        case .whereOnDeclaration: return DiagnosticID("unsupported_where_on_declaration")
        case .whereRequirementOnExtension: return DiagnosticID("unsupported_where_requirement_on_extension")
        case .whereRequirement: return DiagnosticID("unsupported_where_requirement")
        case .whereRequirementOnProtocolExtension: return DiagnosticID("unsupported_where_requirement_on_protocol_extension")
        case .membersInDifferentWhereExtensions: return DiagnosticID("unsupported_members_in_different_where_extensions")
        case .nestedTypesInExtension: return DiagnosticID("unsupported_nested_types_in_extension")
        case .nestedTypesInProtocolExtension: return DiagnosticID("unsupported_nested_types_in_protocol_extension")
        case .initializersInExtension: return DiagnosticID("unsupported_initializers_in_extension")
        case .scannerMemberNotSimulated: return DiagnosticID("unsupported_scanner_member")
        case .scannerLocationOutOfRange: return DiagnosticID("unsupported_scanner_location_out_of_range")
        case .standardExtensionMemberOnSwiftType: return DiagnosticID("unsupported_standard_extension_member_on_swift_type")
        case .rangeOfOutsideASCII: return DiagnosticID("unsupported_range_of_outside_ascii")
        case .comparisonOfHostValues: return DiagnosticID("unsupported_comparison_of_host_values")
        case .mixedNumberLiteralReadIntoAny: return DiagnosticID("unsupported_mixed_number_literal_read_into_any")
        case .untypedLiteralArithmeticArgument: return DiagnosticID("unsupported_untyped_literal_arithmetic_argument")
        case .untypedLiteralAssignment: return DiagnosticID("unsupported_untyped_literal_assignment")
        case .implicitlyUnwrappedByReceiver: return DiagnosticID("unsupported_implicitly_unwrapped_by_receiver")
        case .printingSliceIndices: return DiagnosticID("unsupported_printing_slice_indices")
        case .extensionOf: return DiagnosticID("unsupported_extension_of")
        case .protocolDefaultShadowedByDeclaration: return DiagnosticID("unsupported_protocol_default_shadowed_by_declaration")
        case .superclassTakesProtocolDefault: return DiagnosticID("unsupported_superclass_takes_protocol_default")
        case .protocolDefaultsChosenByStaticType: return DiagnosticID("unsupported_protocol_defaults_chosen_by_static_type")
        case .protocolDefaultsAmbiguous: return DiagnosticID("unsupported_protocol_defaults_ambiguous")
        case .weakReference: return DiagnosticID("unsupported_weak_reference")
        case .unownedReference: return DiagnosticID("unsupported_unowned_reference")
        case .typeOfResult: return DiagnosticID("unsupported_type_of_result")
        case .substringMutation: return DiagnosticID("unsupported_substring_mutation")
        case .substringAsAnyHashable: return DiagnosticID("unsupported_substring_as_any_hashable")
        case .functionReferenceWithLabels: return DiagnosticID("unsupported_function_reference_with_labels")
        case .typeOfCharacter: return DiagnosticID("unsupported_type_of_character")
        case .printToStream: return DiagnosticID("unsupported_print_to_stream")
        case .describingSignedNaN: return DiagnosticID("unsupported_describing_signed_nan")
        case .castOfCharacter: return DiagnosticID("unsupported_cast_of_character")
        case .castOfCGFloat: return DiagnosticID("unsupported_cast_of_c_g_float")
        case .typeOfCollection: return DiagnosticID("unsupported_type_of_collection")
        case .typeOfCGFloat: return DiagnosticID("unsupported_type_of_c_g_float")
        case .joinedArrays: return DiagnosticID("unsupported_joined_arrays")
        case .initializer: return DiagnosticID("unsupported_initializer")
        case .keyPathNotLiteral: return DiagnosticID("unsupported_key_path_not_literal")
        case .keyPathAssignment: return DiagnosticID("unsupported_key_path_assignment")
        case .subscriptForm: return DiagnosticID("unsupported_subscript_form")
        case .swiftQualified: return DiagnosticID("unsupported_swift_qualified")
        case .tableSubclass: return DiagnosticID("unsupported_table_subclass")
        case .staticMemberReference: return DiagnosticID("unsupported_static_member_reference")
        case .observersOnHostProperty: return DiagnosticID("unsupported_observers_on_host_property")
        case .returnInOverridingWillSet: return DiagnosticID("unsupported_return_in_overriding_will_set")
        case .overrideLazyProperty: return DiagnosticID("unsupported_override_lazy_property")
        case .printing: return DiagnosticID("unsupported_printing")
        case .printingType: return DiagnosticID("unsupported_printing_type")
        case .printingStringIndex: return DiagnosticID("unsupported_printing_string_index")
        case .strideNeedsInt: return DiagnosticID("unsupported_stride_needs_int")
        case .strideOfType: return DiagnosticID("unsupported_stride_of_type")
        case .zipOfOneSidedRanges: return DiagnosticID("unsupported_zip_of_one_sided_ranges")
        case .uniqueKeysNeedPairs: return DiagnosticID("unsupported_unique_keys_need_pairs")
        case .rangesOfType: return DiagnosticID("unsupported_ranges_of_type")
        case .oneSidedRangesOfType: return DiagnosticID("unsupported_one_sided_ranges_of_type")
        case .rangeBoundsNotInt: return DiagnosticID("unsupported_range_bounds_not_int")
        case .lazySequenceMember: return DiagnosticID("unsupported_lazy_sequence_member")
        case .lazyFilterAsSequence: return DiagnosticID("unsupported_lazy_filter_as_sequence")
        case .constructingGenericType: return DiagnosticID("unsupported_constructing_generic_type")
        case .genericClass: return DiagnosticID("unsupported_generic_class")
        case .genericTypeUse: return DiagnosticID("unsupported_generic_type_use")
        case .castToGenericParameter: return DiagnosticID("unsupported_cast_to_generic_parameter")
        case .genericParameterAsValue: return DiagnosticID("unsupported_generic_parameter_as_value")
        case .genericResultUnwritten: return DiagnosticID("unsupported_generic_result_unwritten")
        case .optionSetComputedRawValue: return DiagnosticID("unsupported_option_set_computed_raw_value")
        case .powOfIntegerLiterals: return DiagnosticID("unsupported_pow_of_integer_literals")
        case .outsideIntRange: return DiagnosticID("unsupported_outside_int_range")
        case .initFunctionBesideExtensionInit: return DiagnosticID("unsupported_init_function_beside_extension_init")
        case .failingSelfInit: return DiagnosticID("unsupported_failing_self_init")
        case .localTableBlock: return DiagnosticID("unsupported_local_table_block")
        case .localTypeShadowing: return DiagnosticID("unsupported_local_type_shadowing")
        case .localComputedVariable: return DiagnosticID("unsupported_local_computed_variable")
        case .patternInDeclaration: return DiagnosticID("unsupported_pattern_in_declaration")
        case .unsupportedOperator: return DiagnosticID("unsupported_unsupported_operator")
        case .staleIntCode: return DiagnosticID("unsupported_stale_int_code")
        case .staleParameters: return DiagnosticID("unsupported_stale_parameters")
        case .subscriptingView: return DiagnosticID("unsupported_subscripting_view")
        case .closedRangeIndex: return DiagnosticID("unsupported_closed_range_index")
        case .hostEnumToString: return DiagnosticID("unsupported_host_enum_to_string")
        case .printingHostTypeInside: return DiagnosticID("unsupported_printing_host_type_inside")
        case .printingLocalType: return DiagnosticID("unsupported_printing_local_type")
        case .printingTypeInExtension: return DiagnosticID("unsupported_printing_type_in_extension")
        case .printingTypeInGeneric: return DiagnosticID("unsupported_printing_type_in_generic")
        case .printingGenericClass: return DiagnosticID("unsupported_printing_generic_class")
        case .printingGenericMetatype: return DiagnosticID("unsupported_printing_generic_metatype")
        case .printingObjectAddress: return DiagnosticID("unsupported_printing_object_address")
        case .topLevelDefer: return DiagnosticID("unsupported_top_level_defer")
        case .literalArithmeticOfUnknownType: return DiagnosticID("unsupported_literal_arithmetic_of_unknown_type")
        case .localProtocol: return DiagnosticID("unsupported_local_protocol")
        case .localTypealias: return DiagnosticID("unsupported_local_typealias")
        }
    }

    var text: String {
        switch self {
        case .tableNotReady(let name): return "table '\(name)' is not ready yet"
        case .superMemberNotSimulated(let member, let host): return "'super.\(member)' of \(host) is not simulated in TableLab"
        case .managedObjectNotSimulated(let type, let property):
            return "an instance of '\(type)' (Core Data's storage of '@NSManaged var \(property)') is not simulated in TableLab"
        case .hostMemberOfSubclass(let host, let member, let subclass): return "\(host).\(member) of the script's \(host) subclass '\(subclass)' is not simulated in TableLab"
        case .rawValueNotSimulated(let name): return "\(name).rawValue is not simulated in TableLab"
        case .hostNestedTypeNotSimulated(let name): return "\(name) is not simulated in TableLab"
        case .whereOnExtension(let name): return "a 'where' clause on an extension of '\(name)' is not supported in TableLab"
        case .whereOnDeclaration(let name): return "a 'where' clause on the declaration of '\(name)' is not supported in TableLab"
        case .whereRequirementOnExtension(let subject, let relation, let constraint, let type): return "'where' clause requirement '\(subject) \(relation) \(constraint)' on an extension of '\(type)' is not supported in TableLab"
        case .whereRequirement(let subject, let relation, let constraint): return "'where' clause requirement '\(subject) \(relation) \(constraint)' is not supported in TableLab"
        case .whereRequirementOnProtocolExtension(let subject, let relation, let constraint): return "'where' clause requirement '\(subject) \(relation) \(constraint)' on a protocol extension is not supported in TableLab"
        case .membersInDifferentWhereExtensions(let name, let type): return "members named '\(name)' in extensions of '\(type)' with different 'where' clauses are not supported in TableLab"
        case .nestedTypesInExtension(let name): return "nested types in an extension of '\(name)' are not supported in TableLab"
        case .nestedTypesInProtocolExtension: return "nested types in a protocol extension are not supported in TableLab"
        case .initializersInExtension(let name): return "initializers in an extension of '\(name)' are not supported in TableLab"
        case .scannerMemberNotSimulated(let name): return "Scanner's '\(name)' is not simulated in TableLab"
        case .scannerLocationOutOfRange(let location, let length):
            return "Scanner's scanLocation \(location) is past the end of its string (length \(length)): Foundation raises NSRangeException, which TableLab does not simulate"
        case .standardExtensionMemberOnSwiftType(let member, let p, let type):
            return "'\(member)' from an extension of '\(p)' on a value of type '\(type)' is not supported in TableLab: such an extension reaches the script's own types only"
        case .comparisonOfHostValues(let op, let type):
            return "'\(op)' of two '\(type)' values is not supported in TableLab"
        case .rangeOfOutsideASCII:
            return "'range(of:)' of text outside printable ASCII is not supported in TableLab (Foundation matches canonically equivalent text, which TableLab does not model)"
        case .mixedNumberLiteralReadIntoAny(let function):
            return "an element read straight out of a literal that mixes integer and floating-point numbers, given to '\(function)', is not supported in TableLab (Swift types the literal '[Any]' there); write its type, e.g. '[1, 2.5] as [Double]'"
        case .untypedLiteralAssignment(let variable):
            return "an integer literal assigned to '\(variable)', which holds a floating-point number, is not supported in TableLab: its value depends on the variable's type (a Double's '1 / 2' is 0.5, an 'Any' holding one gets the Int 0), which TableLab does not know there; write a floating-point literal ('1.0 / 2') or the variable's type"
        case .untypedLiteralArithmeticArgument(let callee):
            return "integer-literal arithmetic given to '\(callee)' is not supported in TableLab: its value depends on the parameter's type (a CGFloat divides '6 / 255' to 0.0235, an Int to 0), which TableLab does not know there; write a floating-point literal ('6.0 / 255') or the type ('CGFloat(6) / 255')"
        case .implicitlyUnwrappedByReceiver(let name):
            return "a member of property '\(name)' read on this receiver is not supported in TableLab: one type declares '\(name)' implicitly unwrapped ('!') and another does not, and TableLab tells which only of a name or 'self'; bind the receiver to a name first"
        case .printingSliceIndices(let name):
            return "printing a '\(name)' is not supported in TableLab: Swift writes its base collection's indices, which TableLab does not model; print 'Array(...)' instead"
        case .extensionOf(let name): return "an extension of '\(name)' is not supported in TableLab"
        case .protocolDefaultShadowedByDeclaration(let type, let member, let protocolName): return "'\(type)' declares '\(member)', which protocol '\(protocolName)' also implements in an extension without requiring it: Swift then picks one by the receiver's static type, which TableLab does not implement; make '\(member)' a requirement of '\(protocolName)'"
        case .protocolDefaultsChosenByStaticType(let type, let member, let protocolName): return "'\(type)' takes '\(member)' from more than one protocol extension, and no protocol requires it: Swift then picks one by the receiver's static type (the unconstrained one through 'any \(protocolName)' or a generic parameter), which TableLab does not implement; make '\(member)' a requirement of '\(protocolName)'"
        case .protocolDefaultsAmbiguous(let type, let member): return "'\(type)' takes '\(member)' from several protocol extensions, none more specialized than the others: choosing among them is not supported in TableLab"
        case .superclassTakesProtocolDefault(let type, let member, let superclass): return "'\(type)' declares '\(member)', which its superclass '\(superclass)' takes from a protocol extension's default implementation: Swift then calls one or the other by the receiver's static type, which TableLab does not implement; declare '\(member)' in '\(superclass)' and override it"
        case .weakReference(let name): return "'weak' reference to class '\(name)' is not supported in TableLab: it would hold the instance strongly, and never become nil when the last strong reference goes"
        case .unownedReference(let type, let deinitClass): return "'unowned' reference to class '\(type)' is not supported in TableLab: it would hold the instance strongly, and keep the 'deinit' of '\(deinitClass)' from running when the last strong reference goes"
        case .typeOfResult: return "type(of:) of a 'Result' is not supported in TableLab: its type arguments are not known"
        case .substringAsAnyHashable: return "a 'Substring' held as 'AnyHashable' is not supported in TableLab: it would equal a String of the same text there, which Swift's AnyHashable does not"
        case .substringMutation(let method): return "'\(method)' of a 'Substring' is not supported in TableLab: Swift changes the Substring's copy of its base too, which TableLab does not model"
        case .functionReferenceWithLabels(let name): return "a reference to '\(name)' by its argument labels is not supported in TableLab here: several methods have that base name"
        case .describingSignedNaN(let text): return "String(describing:) of '\(text)' is not supported in TableLab: Swift writes 'nan' for a Double argument and '\(text)' for an Any one, and the value does not tell which it was"
        case .printToStream(let function): return "'\(function)(_:to:)' into a stream other than a String variable is not supported in TableLab"
        case .castOfCharacter(let value, let type): return "casting '\(value)' to '\(type)' is not supported in TableLab: a Character and a one-character String are the same value there"
        case .castOfCGFloat(let value, let type): return "casting '\(value)' to '\(type)' is not supported in TableLab: a CGFloat and a Double are the same value there"
        case .typeOfCharacter(let name): return "type(of:) of '\(name)' is not supported in TableLab: a Character and a one-character String are the same value there"
        case .typeOfCollection(let name): return "type(of:) of '\(name)' is not supported in TableLab: the value does not tell its element type"
        case .joinedArrays(let method): return "'\(method)' of an array of arrays (a FlattenSequence) is not supported in TableLab: write 'flatMap { $0 }'"
        case .typeOfCGFloat(let name): return "type(of:) of '\(name)' is not supported in TableLab: a CGFloat and a Double are the same value there"
        case .initializer(let name): return "initializer '\(name)' is not supported in TableLab"
        case .keyPathNotLiteral: return "a key path that is not a literal ('\\.name') is not supported in TableLab"
        case .keyPathAssignment: return "assigning through a key path ('[keyPath:]') is not supported in TableLab"
        case .subscriptForm(let name): return "the subscript '[\(name)]' is not supported in TableLab"
        case .swiftQualified(let name): return "'Swift.\(name)' is not supported in TableLab"
        case .tableSubclass(let name): return "TableLab does not support a class inheriting from the table '\(name)' yet"
        case .staticMemberReference(let type, let member): return "TableLab does not support '\(type).\(member)' in a static member yet"
        case .overrideLazyProperty(let name):
            return "overriding the lazy property '\(name)' is not supported in TableLab"
        case .returnInOverridingWillSet(let name):
            return "'return' in the 'willSet' of an override of the computed property '\(name)' is not supported in TableLab"
        case .observersOnHostProperty(let property, let host):
            return "observers on an override of \(host)'s property '\(property)' are not supported in TableLab"
        case .printing(let name): return "printing \(name) is not supported in TableLab: its element type is not known; print 'Array(...)' instead"
        case .printingType(let name): return "printing a value of '\(name)' is not supported in TableLab"
        case .printingStringIndex(let name): return "printing a '\(name)' is not supported in TableLab (Swift prints its internal bits); print 's.distance(from: s.startIndex, to: i)' instead"
        case .strideNeedsInt: return "stride needs Int arguments"
        case .strideOfType(let name): return "stride of '\(name)' is not supported in TableLab; use Int or Double"
        case .zipOfOneSidedRanges: return "zip of two one-sided ranges (a sequence without end) is not supported in TableLab"
        case .uniqueKeysNeedPairs(let name): return "Dictionary(uniqueKeysWithValues:) needs (key, value) pairs, not '\(name)'"
        case .rangesOfType(let name): return "ranges of '\(name)' are not supported; use Int bounds"
        case .oneSidedRangesOfType(let name): return "one-sided ranges of '\(name)' are not supported in TableLab; use Int bounds"
        case .rangeBoundsNotInt(let name): return "range bounds must be Int, not '\(name)'"
        case .lazyFilterAsSequence: return "a lazy 'filter' given to a function that takes a sequence is not supported in TableLab: whether Swift runs the filter once or twice per element depends on that function"
        case .lazySequenceMember(let name): return "'\(name)' of a lazy sequence ('.lazy') is not supported in TableLab"
        case .constructingGenericType(let name): return "constructing a value of generic type '\(name)' is not supported in TableLab"
        case .genericClass(let name, let parameters): return "generic class '\(name)<\(parameters)>' is not supported in TableLab"
        case .genericTypeUse(let use, let parameter, let type): return "'\(use)' with '\(parameter)' the type '\(type)' is not supported in TableLab"
        case .castToGenericParameter(let parameter, let type): return "a cast to the generic parameter '\(parameter)' ('\(type)') is not supported in TableLab: it does not know which type '\(parameter)' is in a call; pass it as a '\(parameter).Type' parameter"
        case .genericParameterAsValue(let name): return "using the generic parameter or associated type '\(name)' as a value (\(name).self, \(name)(...), \(name).member) is not supported in TableLab"
        case .genericResultUnwritten(let name): return "using the generic parameter '\(name)' as a value is supported in TableLab only where the call's type is written ('f() as T', 'let x: T = f()')"
        case .optionSetComputedRawValue(let name): return "an option set literal of '\(name)', whose 'rawValue' is no stored property, is not supported in TableLab"
        case .powOfIntegerLiterals: return "'pow' of a literal and an integer literal (Foundation's Decimal 'pow(_:_:)') is not supported in TableLab: write Doubles, as in 'pow(2.0, 3.0)'"
        case .outsideIntRange(let function, let value): return "'\(function)' of \(value), outside Int's range, is not supported in TableLab (C leaves its result unspecified)"
        case .initFunctionBesideExtensionInit(let type): return "'\(type).init' as a function beside an initializer from an extension of '\(type)' is not supported in TableLab"
        case .failingSelfInit: return "'self.init' that fails (a failable initializer returning nil through delegation) is not supported in TableLab"
        case .localTableBlock(let name): return "a table block inside a function or a block is not supported in TableLab; declare '\(name)' at the top level"
        case .localTypeShadowing(let name): return "a type declared inside a function with the name of another type ('\(name)') is not supported in TableLab; rename one"
        case .localComputedVariable(let name): return "a computed variable inside a function ('\(name)') is not supported in TableLab"
        case .patternInDeclaration: return "unsupported pattern in declaration"
        case .unsupportedOperator(let name): return "unsupported operator '\(name)'"
        case .staleIntCode(let name): return "value of type '\(name)' where code compiled earlier expects 'Int' (a function it calls was redeclared with another type); declare that code again"
        case .staleParameters(let name): return "'\(name)' was redeclared with other parameters; declare the code that calls it again"
        case .subscriptingView(let name): return "subscripting a '\(name)' is not supported in TableLab; make an Array of it first"
        case .closedRangeIndex(let member): return "'\(member)' of a ClosedRange or its slice is not supported in TableLab: its indices are 'ClosedRange<Int>.Index' values, which TableLab does not model; use a half-open range ('..<') or an Array"
        case .hostEnumToString(let framework, let type, let cType): return "converting a value of \(framework)'s enum '\(type)' to a String is not simulated in TableLab (Swift writes '\(cType)(rawValue: N)' or '\(cType)', after its static type); compare it with a case instead"
        case .printingHostTypeInside(let type): return "printing a value of '\(type)' inside a collection, an Optional or a struct is not supported in TableLab: Swift writes the module that declares '\(type)' (and its type arguments) there"
        case .printingLocalType(let name): return "printing a value of type '\(name)' declared in a function is not supported in TableLab: Swift writes the address of the function's context in its name"
        case .printingTypeInExtension(let type, let extended, let module): return "printing a value of type '\(type)' nested in an extension of '\(extended)' is not supported in TableLab: Swift writes '(extension in \(module)):' and the module that declares '\(extended)' in its name"
        case .printingTypeInGeneric(let type, let parent): return "printing a value of type '\(type)' nested in generic type '\(parent)' is not supported in TableLab: Swift writes the parent's type arguments, which TableLab does not keep"
        case .printingObjectAddress(let name):
            return "printing a '\(name)' is not supported in TableLab (an Objective-C object's default description is its memory address, "
                + "'<\(name): 0x...>'); give the class a 'description' or print its properties instead"
        case .printingGenericClass(let name): return "printing an instance of generic class '\(name)' is not supported in TableLab: Swift writes its type arguments, which TableLab does not keep"
        case .printingGenericMetatype(let name): return "printing the metatype of generic type '\(name)' is not supported in TableLab here: Swift writes its type arguments, which TableLab does not keep with it"
        case .topLevelDefer: return "'defer' at the top level of a script is not supported in TableLab"
        case .literalArithmeticOfUnknownType:
            return "integer literal arithmetic stored where TableLab does not know the type (an Optional holding nil) is not supported in TableLab; write the literals as the property's type ('1.0 / 2')"
        case .localProtocol(let name): return "a protocol declared inside a function ('protocol \(name)') is not supported in TableLab; declare it at the top level"
        case .localTypealias(let name): return "a local 'typealias \(name)' is not supported in TableLab; declare it at the top level"
        }
    }
}
