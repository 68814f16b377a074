// Auto Layout as a screen's code touches it when it adds a table view in code: anchors,
// layout guides, constraints and `NSLayoutConstraint.activate`. TableLab lays a screen's
// table view out over the whole screen (what these constraints usually say), so the
// constraints are kept but change nothing drawn.

import TableLabSyntax
import TableLabInterpreter

/// `view.topAnchor`, `tableView.leadingAnchor`, ...: makes constraints.
final class LayoutAnchorObject: NativeObject {
    let name: String
    init(_ name: String) { self.name = name }
    static let names: Set<String> = [
        "topAnchor", "bottomAnchor", "leadingAnchor", "trailingAnchor", "leftAnchor", "rightAnchor",
        "widthAnchor", "heightAnchor", "centerXAnchor", "centerYAnchor", "firstBaselineAnchor", "lastBaselineAnchor",
    ]
    static let guideNames: Set<String> = ["safeAreaLayoutGuide", "layoutMarginsGuide", "readableContentGuide"]
    override var typeName: String {
        switch name {
        case "widthAnchor", "heightAnchor": return "NSLayoutDimension"
        case "leadingAnchor", "trailingAnchor", "leftAnchor", "rightAnchor", "centerXAnchor": return "NSLayoutXAxisAnchor"
        default: return "NSLayoutYAxisAnchor"
        }
    }
    override func callMethod(_ fullName: String, _ arguments: [Value]) throws -> Value? {
        guard fullName.hasPrefix("constraint(") else { return nil }
        return .object(LayoutConstraintObject())
    }
}

/// A layout guide (`view.safeAreaLayoutGuide`): its anchors.
final class LayoutGuideObject: NativeObject {
    override var typeName: String { "UILayoutGuide" }
    override func member(_ name: String) throws -> Value? {
        LayoutAnchorObject.names.contains(name) ? .object(LayoutAnchorObject(name)) : nil
    }
}

/// `NSLayoutConstraint`: `isActive`, `constant`, `priority` stored.
final class LayoutConstraintObject: NativeObject {
    var stored: [String: Value] = [:]
    override var typeName: String { "NSLayoutConstraint" }
    override func member(_ name: String) throws -> Value? {
        try UIKitDefaults.read(typeName, name, stored: stored[name], UIKitDefaults.layoutConstraint)
    }
    override func setMember(_ name: String, _ value: Value) throws -> Bool {
        guard UIKitDefaults.layoutConstraint[name] != nil else { return false }
        stored[name] = value
        return true
    }
}

enum LayoutMembers {
    static let itemInitializer = "NSLayoutConstraint(item:attribute:relatedBy:toItem:attribute:multiplier:constant:)"
    /// NSLayoutConstraint.Attribute's and Relation's cases, as that initializer takes them.
    static let attributeAndRelationNames = [
        "left", "right", "top", "bottom", "leading", "trailing", "width", "height", "centerX", "centerY",
        "lastBaseline", "firstBaseline", "notAnAttribute", "lessThanOrEqual", "equal", "greaterThanOrEqual",
    ]

    /// An anchor or a layout guide of any view, nil for other names.
    static func member(_ name: String) -> Value? {
        if LayoutAnchorObject.names.contains(name) { return .object(LayoutAnchorObject(name)) }
        if LayoutAnchorObject.guideNames.contains(name) { return .object(LayoutGuideObject()) }
        return nil
    }

    static func install(into interpreter: Interpreter) {
        let activate: ([Value]) throws -> Value = { arguments in
            if case .array(let items) = arguments.first {
                for case .object(let c as LayoutConstraintObject) in items { c.stored["isActive"] = .bool(true) }
            }
            return .void
        }
        // The item-and-attribute initializer (Auto Layout before anchors): a constraint
        // kept, as an anchor's are, that changes nothing drawn.
        let make: ([Value]) throws -> Value = { arguments in
            let constraint = LayoutConstraintObject()
            if let constant = arguments.last {
                constraint.stored["constant"] = try UIKitDefaults.stored(constant, for: "constant", UIKitDefaults.layoutConstraint)
            }
            return .object(constraint)
        }
        interpreter.registerNativeFunction(itemInitializer, make)
        interpreter.setGlobal("NSLayoutConstraint", .object(NamespaceObject("NSLayoutConstraint", methods: [
            "activate(_:)": activate, "deactivate(_:)": { _ in .void }, "init" + itemInitializer.dropFirst("NSLayoutConstraint".count): make,
        ])))
    }
}
