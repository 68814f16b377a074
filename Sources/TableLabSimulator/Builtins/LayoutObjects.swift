// Auto Layout as a screen's code touches it: anchors, layout guides, constraints and
// `NSLayoutConstraint.activate`. A constraint keeps its anchors, relation, multiplier and
// constant; the views it names keep it, so that a scroll view made with `.zero` and placed
// by constraints gets the frame they give it against the screen's view
// (ConstraintLayout.swift). Other views' constraints change nothing drawn.

import TableLabSyntax
import TableLabInterpreter

/// A view whose anchors make constraints: it keeps every constraint that names it (active
/// or not; the layout reads `isActive` when it places the view).
protocol ConstrainedView: NativeObject {
    var layoutConstraints: [LayoutConstraintObject] { get set }
}

/// `view.topAnchor`, `tableView.leadingAnchor`, `view.safeAreaLayoutGuide.topAnchor`, ...:
/// makes constraints.
final class LayoutAnchorObject: NativeObject {
    let name: String
    /// The view whose anchor (or whose layout guide's anchor) this is.
    weak var item: NativeObject?
    /// The layout guide it belongs to (`safeAreaLayoutGuide`), nil for the view's own.
    let guide: String?
    init(_ name: String, item: NativeObject? = nil, guide: String? = nil) {
        self.name = name
        self.item = item
        self.guide = guide
    }
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

    /// What one argument of a `constraint(...)` method gives the constraint, by its label.
    enum ArgumentRole: Sendable {
        /// `equalTo:`, `greaterThanOrEqualTo:`, ...: the relation and the other anchor.
        case anchor(relation: String)
        /// `equalToConstant:`, ...: the relation and the constant.
        case constantRelation(String)
        case multiplier, constant
        /// System spacing (`equalToSystemSpacingAfter:`): a distance UIKit decides.
        case systemSpacing

        static func roles(ofFullName fullName: String) -> [ArgumentRole] {
            fullName.dropFirst("constraint(".count).dropLast().split(separator: ":").map { label in
                switch label {
                case "equalTo", "greaterThanOrEqualTo", "lessThanOrEqualTo":
                    return .anchor(relation: label == "equalTo" ? "equal" : String(label.dropLast(2)))
                case "equalToConstant", "greaterThanOrEqualToConstant", "lessThanOrEqualToConstant":
                    return .constantRelation(label == "equalToConstant" ? "equal" : String(label.dropLast("ToConstant".count)))
                case "multiplier": return .multiplier
                case "constant": return .constant
                default: return .systemSpacing
                }
            }
        }
    }

    /// UIKit's anchors' `constraint(...)` methods, found by ID, each with its arguments'
    /// roles (found from the labels when the table is made).
    enum ConstraintMethod {
        static let names: [String] = ["equalTo", "greaterThanOrEqualTo", "lessThanOrEqualTo"].flatMap { relation in
            ["constraint(\(relation):)", "constraint(\(relation):constant:)", "constraint(\(relation):multiplier:)",
             "constraint(\(relation):multiplier:constant:)", "constraint(\(relation)Constant:)",
             "constraint(\(relation)SystemSpacingAfter:multiplier:)", "constraint(\(relation)SystemSpacingBelow:multiplier:)"]
        }
        static let table = HostMemberTable(names)
        static let roles = names.map(ArgumentRole.roles(ofFullName:))
    }

    /// `constraint(equalTo:)`, `constraint(greaterThanOrEqualTo:multiplier:constant:)`,
    /// `constraint(equalToConstant:)`, ...: its relation from the first label, its other
    /// anchor, multiplier (1) and constant (0) from the arguments the labels name.
    override func callMethod(id: HostMemberID, _ arguments: [Value]) throws -> Value? {
        let roles: [ArgumentRole]
        let known = ConstraintMethod.table[id]
        if known >= 0 {
            roles = ConstraintMethod.roles[known]
        } else {
            // Another spelling of `constraint(...)` is read from its labels, as the known ones were.
            let fullName = id.name
            guard fullName.hasPrefix("constraint(") else { return nil }
            roles = ArgumentRole.roles(ofFullName: fullName)
        }
        let constraint = LayoutConstraintObject()
        constraint.first = self
        for (role, argument) in zip(roles, arguments) {
            switch role {
            case .anchor(let relation):
                constraint.relation = relation
                if case .object(let other as LayoutAnchorObject)? = CellObject.unwrapped(argument) { constraint.second = other }
            case .constantRelation(let relation):
                constraint.relation = relation
                constraint.stored[LayoutConstraintObject.Member.constant.id] = .double(UIKitValue.number(argument) ?? 0)
            case .multiplier: constraint.multiplier = UIKitValue.number(argument) ?? 1
            case .constant: constraint.stored[LayoutConstraintObject.Member.constant.id] = .double(UIKitValue.number(argument) ?? 0)
            case .systemSpacing: constraint.systemSpacing = true
            }
        }
        for anchor in [constraint.first, constraint.second] {
            guard let view = anchor?.item as? any ConstrainedView else { continue }
            if !view.layoutConstraints.contains(where: { $0 === constraint }) { view.layoutConstraints.append(constraint) }
        }
        return .object(constraint)
    }
}

/// A layout guide (`view.safeAreaLayoutGuide`): its anchors, which name the guide.
final class LayoutGuideObject: NativeObject {
    weak var item: NativeObject?
    let guide: String
    init(item: NativeObject?, guide: String) {
        self.item = item
        self.guide = guide
    }
    override var typeName: String { "UILayoutGuide" }
    override func member(id: HostMemberID) throws -> Value? {
        let place = LayoutMembers.Member.table[id]
        return place >= 0 && place < LayoutMembers.Member.anchorCount ? .object(LayoutAnchorObject(id.name, item: item, guide: guide)) : nil
    }
}

/// `NSLayoutConstraint`: `first = second × multiplier + constant` (or ≥, ≤); `isActive`,
/// `constant`, `priority` stored, `multiplier` read back.
final class LayoutConstraintObject: NativeObject {
    /// `isActive`, `constant`, `identifier`, `priority` as set, by place (UIKitDefaults.layoutConstraint).
    var stored = StoredValues(LayoutConstraintObject.storedMembers)
    static let storedMembers = StoredMembers(UIKitDefaults.layoutConstraint)
    var first: LayoutAnchorObject?
    var second: LayoutAnchorObject?
    /// `equal`, `greaterThanOrEqual` or `lessThanOrEqual`.
    var relation = "equal"
    var multiplier: Double = 1
    /// Made by a system-spacing method: its constant is UIKit's.
    var systemSpacing = false
    override var typeName: String { "NSLayoutConstraint" }

    /// The members a constraint treats apart from its other stored ones, found by ID.
    enum Member: Int, CaseIterable, Sendable {
        case multiplier, constant, isActive
        /// Swift's names, in the order of the cases.
        static let names = ["multiplier", "constant", "isActive"]
        static let table = HostMemberTable(names)
        static let ids = names.map(HostMemberID.init)
        var id: HostMemberID { Self.ids[rawValue] }
    }

    var isActive: Bool {
        if case .bool(true)? = stored[Member.isActive.id] { return true }
        return false
    }
    var constant: Double { stored[Member.constant.id].flatMap(UIKitValue.number) ?? 0 }

    override func member(id: HostMemberID) throws -> Value? {
        if Member(rawValue: Member.table[id]) == .multiplier { return .double(multiplier) }
        return try stored.read(typeName, id)
    }
    override func setMember(id: HostMemberID, _ value: Value) throws -> Bool {
        // A CGFloat property given an integer literal holds a CGFloat, as in Swift.
        if Member(rawValue: Member.table[id]) == .constant, let n = UIKitValue.number(value) {
            return try stored.assign(id, .double(n), converting: nil)
        }
        return try stored.assign(id, value, converting: nil)
    }
}

enum LayoutMembers {
    static let itemInitializer = "NSLayoutConstraint(item:attribute:relatedBy:toItem:attribute:multiplier:constant:)"
    /// NSLayoutConstraint.Attribute's and Relation's cases, as that initializer takes them.
    static let attributeAndRelationNames = [
        "left", "right", "top", "bottom", "leading", "trailing", "width", "height", "centerX", "centerY",
        "lastBaseline", "firstBaseline", "notAnAttribute", "lessThanOrEqual", "equal", "greaterThanOrEqual",
    ]

    /// An anchor or a layout guide of `view`, nil for other names.
    static func member(_ name: String, of view: NativeObject) -> Value? {
        if LayoutAnchorObject.names.contains(name) { return .object(LayoutAnchorObject(name, item: view)) }
        if LayoutAnchorObject.guideNames.contains(name) { return .object(LayoutGuideObject(item: view, guide: name)) }
        return nil
    }

    /// A view's anchors, then its layout guides (`LayoutAnchorObject.names`, `guideNames`), found by ID.
    enum Member {
        static let names = [
            "topAnchor", "bottomAnchor", "leadingAnchor", "trailingAnchor", "leftAnchor", "rightAnchor",
            "widthAnchor", "heightAnchor", "centerXAnchor", "centerYAnchor", "firstBaselineAnchor", "lastBaselineAnchor",
            "safeAreaLayoutGuide", "layoutMarginsGuide", "readableContentGuide",
        ]
        /// The anchors come first in `names`.
        static let anchorCount = 12
        static let table = HostMemberTable(names)
    }

    /// `member(_:of:)` by ID.
    static func member(id: HostMemberID, of view: NativeObject) -> Value? {
        let place = Member.table[id]
        guard place >= 0 else { return nil }
        if place < Member.anchorCount { return .object(LayoutAnchorObject(id.name, item: view)) }
        return .object(LayoutGuideObject(item: view, guide: id.name))
    }

    static func install(into interpreter: Interpreter) {
        let activate: ([Value]) throws -> Value = { arguments in
            if case .array(let items) = arguments.first {
                for case .object(let c as LayoutConstraintObject) in items { c.stored[LayoutConstraintObject.Member.isActive.id] = .bool(true) }
            }
            return .void
        }
        // The item-and-attribute initializer (Auto Layout before anchors): the constraint
        // its anchors would make.
        let make: ([Value]) throws -> Value = { a in
            let constraint = LayoutConstraintObject()
            guard a.count == 7 else { return .object(constraint) }
            func anchor(_ item: Value, _ attribute: Value) -> LayoutAnchorObject? {
                guard case .object(let view)? = CellObject.unwrapped(item), let name = UIKitValue.caseName(attribute),
                      name != "notAnAttribute" else { return nil }
                return LayoutAnchorObject(name + "Anchor", item: view)
            }
            constraint.first = anchor(a[0], a[1])
            constraint.second = anchor(a[3], a[4])
            constraint.relation = UIKitValue.caseName(a[2]) ?? "equal"
            constraint.multiplier = UIKitValue.number(a[5]) ?? 1
            // A constraint has no UIEdgeInsets property: the conversion is CGFloat's only.
            _ = try constraint.stored.assign(LayoutConstraintObject.Member.constant.id, a[6], converting: GeometryZeros.undeclared)
            for case let view as any ConstrainedView in [constraint.first?.item, constraint.second?.item] {
                view.layoutConstraints.append(constraint)
            }
            return .object(constraint)
        }
        interpreter.registerNativeFunction(itemInitializer, make)
        // String plus String: String plus Substring is the generic `+`, whose first use costs
        // the runtime's lookup of `Substring: Collection`, and this runs at every start-up.
        let initName = "init" + String(itemInitializer.dropFirst("NSLayoutConstraint".count))
        interpreter.setGlobal("NSLayoutConstraint", .object(NamespaceObject("NSLayoutConstraint", methods: [
            "activate(_:)": activate, "deactivate(_:)": { _ in .void }, initName: make,
        ])))
    }
}
