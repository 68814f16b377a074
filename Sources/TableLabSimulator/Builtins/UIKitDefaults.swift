// What UIKit's properties read as before a script sets them. A stored property that reads
// back nil where UIKit has a value (`tag` is 0, `separatorStyle` is `.singleLine`) would
// make TableLab show something Swift does not, so each such property names its default
// here; where UIKit's default depends on what TableLab does not model (the device's
// margins, the window's tint, the storyboard's layout), reading it unset is an error
// that names it. A class keeps these properties by place, through `StoredMembers`
// (StoredMembers.swift), made from its list here.
//
// Defaults follow Apple's documentation of each property (UIView, UITableView,
// UITableViewCell, UINavigationItem, UINavigationBar, CALayer, NSLayoutConstraint).

import TableLabSyntax
import TableLabInterpreter

/// UIKit's value of a property the script has not set.
enum UIKitDefault: Sendable {
    case value(ConstantValue)
    /// UIKit's default depends on what TableLab does not simulate: reading it unset is refused.
    case notSimulated
}

enum UIKitDefaults {
    static let zero: UIKitDefault = .value(ConstantValue(.int(0)))
    static let none: UIKitDefault = .value(ConstantValue(.nilValue))
    static func flag(_ b: Bool) -> UIKitDefault { .value(ConstantValue(.bool(b))) }
    static func number(_ d: Double) -> UIKitDefault { .value(ConstantValue(.double(d))) }
    static func enumCase(_ name: String, _ type: String) -> UIKitDefault { .value(ConstantValue(UIKitValue.enumValue(type, name))) }

    /// UIKit's properties of type UIEdgeInsets (UIView, UIScrollView, UITableView, UITableViewCell).
    static let edgeInsetsProperties: Set<String> = [
        "separatorInset", "layoutMargins", "contentInset", "scrollIndicatorInsets",
        "verticalScrollIndicatorInsets", "horizontalScrollIndicatorInsets", "safeAreaInsets",
    ]

    /// What a UIEdgeInsets property keeps of `value` assigned: UIEdgeInsets only. `.zero`
    /// written with no type is UIEdgeInsets' (a later `== .zero` is true; `zeros` are the
    /// interpreter's), a CGRect is swiftc's type error.
    static func edgeInsets(_ value: Value, _ name: String, _ zeros: GeometryZeros) throws -> Value {
        // An implicit member assigned over an unset (nil-reading) property arrives wrapped.
        if case .wrapped(let inner) = value { return try edgeInsets(inner, name, zeros) }
        switch value {
        // `.zero` with no type reaches here as CGRect's (the implicit-member fallback does
        // not know the context's type), so CGRect's zero stands for it.
        case .structValue(let s) where s.type.name == "CGRect" && value == zeros.rect: return zeros.insets
        // `.zero` with no type, as the table-style names carry it.
        case .string("zero"): return zeros.insets
        case .structValue(let s) where s.type.name == "UIEdgeInsets": return value
        case .structValue(let s):
            throw Interpreter.runtimeError(UIKitMessage.cannotAssignValue(type: s.type.name, to: "UIEdgeInsets"))
        case .object(let o):
            throw Interpreter.runtimeError(UIKitMessage.cannotAssignValue(type: o.typeName, to: "UIEdgeInsets"))
        default:
            throw Interpreter.runtimeError(UIKitMessage.insetsSetToOtherValue(name))
        }
    }

    /// UIView's own properties, as every view has them.
    static let view: [String: UIKitDefault] = [
        "tag": zero, "isHidden": flag(false), "alpha": number(1), "isUserInteractionEnabled": flag(true),
        "clipsToBounds": flag(false), "contentMode": enumCase("scaleToFill", "UIView.ContentMode"), "accessibilityIdentifier": none,
        // Never nil: inherited from the superview, the window, or the app's tint.
        "tintColor": .notSimulated,
        // The storyboard's views with constraints have it false, views made in code true.
        "translatesAutoresizingMaskIntoConstraints": .notSimulated,
        "autoresizingMask": .notSimulated, "frame": .notSimulated, "bounds": .notSimulated,
        "layoutMargins": .notSimulated, "preservesSuperviewLayoutMargins": .notSimulated,
    ]

    /// UITableView's (and UIScrollView's) properties.
    static let tableView: [String: UIKitDefault] = view.merging([
        "tableFooterView": none, "tableHeaderView": none, "backgroundView": none, "refreshControl": none,
        "separatorStyle": enumCase("singleLine", "UITableViewCell.SeparatorStyle"), "sectionHeaderHeight": number(TableSimulator.automaticDimension),
        "sectionFooterHeight": number(TableSimulator.automaticDimension), "isScrollEnabled": flag(true),
        "keyboardDismissMode": enumCase("none", "UIScrollView.KeyboardDismissMode"), "showsVerticalScrollIndicator": flag(true),
        "showsHorizontalScrollIndicator": flag(true), "bounces": flag(true),
        "cellLayoutMarginsFollowReadableWidth": flag(false), "sectionIndexColor": none,
        "sectionIndexBackgroundColor": none, "sectionIndexTrackingBackgroundColor": none,
        "allowsSelectionDuringEditing": flag(false), "allowsMultipleSelectionDuringEditing": flag(false),
        // The style decides it (systemBackground, systemGroupedBackground), and a storyboard may set it.
        "backgroundColor": .notSimulated,
        "separatorInset": .notSimulated, "contentInset": .notSimulated, "separatorColor": .notSimulated,
        "contentOffset": .notSimulated,
    ]) { $1 }

    /// UIAccessibility's properties of a table view, with UIKit's values for a UITableView
    /// (a container, not an element itself): VoiceOver's, nothing a table shows. Apart
    /// from `tableView`: completion after `tableView.` does not offer them.
    static let tableViewAccessibility: [String: UIKitDefault] = [
        "isAccessibilityElement": flag(false), "shouldGroupAccessibilityChildren": flag(false),
        "accessibilityLabel": none, "accessibilityIdentifier": none,
    ]

    /// UITableViewCell's properties that are only stored.
    static let cell: [String: UIKitDefault] = view.merging([
        "indentationLevel": zero, "indentationWidth": number(10), "showsReorderControl": flag(false), "shouldIndentWhileEditing": flag(true),
        "focusStyle": enumCase("default", "UITableViewCell.FocusStyle"),
        // UIKit makes the label from the cell's labels' text.
        "accessibilityLabel": .notSimulated,
        // nil in plain tables, a view in grouped ones (UIKit's documentation).
        "backgroundView": .notSimulated, "selectedBackgroundView": .notSimulated,
        "separatorInset": .notSimulated, "isEditing": .notSimulated, "backgroundColor": .notSimulated,
        "clipsToBounds": .notSimulated,
    ]) { $1 }

    /// UITableViewHeaderFooterView's stored properties.
    static let headerFooterView: [String: UIKitDefault] = view.merging(["backgroundColor": .notSimulated]) { $1 }

    /// A view controller's root view made by UIKit's `loadView` or the storyboard.
    static let rootView: [String: UIKitDefault] = view.merging([
        // A storyboard's scene sets its own; `loadView`'s plain UIView has none.
        "backgroundColor": .notSimulated,
    ]) { $1 }

    /// UIViewController's properties that change nothing TableLab draws, only stored.
    static let viewController: [String: UIKitDefault] = [
        "automaticallyAdjustsScrollViewInsets": flag(true), "definesPresentationContext": flag(false),
        "hidesBottomBarWhenPushed": flag(false), "extendedLayoutIncludesOpaqueBars": flag(false),
        "providesPresentationContextTransitionStyle": flag(false), "isModalInPresentation": flag(false),
        "restorationIdentifier": none,
        // `.automatic` from iOS 13, `.fullScreen` before; the edges and size depend on the container.
        "modalPresentationStyle": .notSimulated, "edgesForExtendedLayout": .notSimulated,
        "preferredContentSize": .notSimulated,
    ]

    /// UITableViewController's own, besides UIViewController's.
    static let tableViewController: [String: UIKitDefault] = viewController.merging([
        "clearsSelectionOnViewWillAppear": flag(true),
    ]) { $1 }

    static let navigationItem: [String: UIKitDefault] = [
        "rightBarButtonItem": none, "leftBarButtonItem": none, "rightBarButtonItems": none,
        "leftBarButtonItems": none, "backBarButtonItem": none, "searchController": none,
        "largeTitleDisplayMode": enumCase("automatic", "UINavigationItem.LargeTitleDisplayMode"), "hidesBackButton": flag(false), "titleView": none,
        "prompt": none, "hidesSearchBarWhenScrolling": flag(true), "backButtonTitle": none,
    ]

    static let navigationBar: [String: UIKitDefault] = [
        "prefersLargeTitles": flag(false), "barTintColor": none, "isTranslucent": flag(true),
        "titleTextAttributes": none, "largeTitleTextAttributes": none, "scrollEdgeAppearance": none,
        "compactAppearance": none, "barStyle": enumCase("default", "UIBarStyle"), "shadowImage": none,
        "tintColor": .notSimulated, "standardAppearance": .notSimulated, "backgroundColor": .notSimulated,
    ]

    static let contextualAction: [String: UIKitDefault] = [
        "image": none,
        // Red for a destructive action, grey for a normal one, as UIKit draws them.
        "backgroundColor": .notSimulated,
    ]

    static let rowAction: [String: UIKitDefault] = ["backgroundEffect": none, "backgroundColor": .notSimulated]

    static let layoutConstraint: [String: UIKitDefault] = [
        "isActive": flag(false), "constant": number(0), "identifier": none,
        "priority": .notSimulated,
    ]
}
