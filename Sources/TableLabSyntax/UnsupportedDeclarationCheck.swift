// The declarations the parser reads but TableLab does not implement (custom operators and
// precedence groups, Parser+Operators.swift; property wrappers and result builders): one error each, naming the construct, at its
// name, reported with the unit's other errors before anything runs.

public enum UnsupportedDeclarationCheck {
    public static func errors(_ unit: SourceUnit, file: SourceFile) -> [Diagnostic] {
        unit.unsupportedDeclarations.map { .error(UnsupportedDeclarationMessage($0.kind), at: $0.location, in: file) }
    }
}

public struct UnsupportedDeclarationMessage: DiagnosticMessage, Hashable {
    public let kind: UnsupportedDeclaration.Kind
    public init(_ kind: UnsupportedDeclaration.Kind) { self.kind = kind }

    public var id: DiagnosticID {
        switch kind {
        case .operatorDeclaration: return .unsupportedOperatorDeclaration
        case .precedenceGroup: return .unsupportedPrecedenceGroup
        case .operatorFunction: return .unsupportedOperatorFunction
        case .typeAttribute: return .unsupportedTypeAttribute
        case .propertyWrapperAttribute: return .unsupportedPropertyWrapperAttribute
        }
    }

    public var text: String {
        switch kind {
        case .operatorDeclaration(let fixity, let name):
            return "custom operator declarations ('\(fixity) operator \(name)') are not supported in TableLab"
        case .precedenceGroup(let name):
            return "precedence group declarations ('precedencegroup \(name)') are not supported in TableLab"
        case .operatorFunction(let fixity, let name):
            return "\(fixity) operator functions ('\(fixity) func \(name)') are not supported in TableLab"
        case .typeAttribute(let name):
            let what = name == "propertyWrapper" ? "property wrappers" : "result builders"
            return "\(what) ('@\(name)') are not supported in TableLab"
        case .propertyWrapperAttribute(let name):
            return "the attribute '@\(name)' on a property (a property wrapper) is not supported in TableLab"
        }
    }
}

extension DiagnosticID {
    public static let unsupportedOperatorDeclaration = DiagnosticID("tablelab_custom_operator_declaration")
    public static let unsupportedPrecedenceGroup = DiagnosticID("tablelab_precedence_group_declaration")
    public static let unsupportedOperatorFunction = DiagnosticID("tablelab_prefix_postfix_operator_function")
    public static let unsupportedTypeAttribute = DiagnosticID("tablelab_property_wrapper_result_builder")
    public static let unsupportedPropertyWrapperAttribute = DiagnosticID("tablelab_property_wrapper_attribute")
}
