// View controllers as screens: UIKit's part of each instance of a view-controller class
// (and of a `table` block's singleton) is a ViewControllerObject; UIKit's views made in
// code (`UITableView(frame:style:)`, `UIView()`), and the coder a storyboard passes.

import TableLabSyntax
import TableLabInterpreter

enum ScreenBuiltins {
    /// Each UIKit class's superclasses, nearest first: `extension UIView` reaches a UILabel
    /// too, as every class of the catalogue has its chain. A static let, built at the first
    /// look-up (an extension or subclass of a UIKit class), not at start-up.
    static let hostSuperclassChains: [String: [String]] = {
        let responder = ["UIResponder", "NSObject"]
        return UIKitCatalogue.superclassChains().merging([
            "UITableViewController": ["UIViewController"] + responder, "UIViewController": responder,
            "UICollectionViewController": ["UIViewController"] + responder,
            "UITableViewCell": ["UIView"] + responder, "UICollectionViewCell": ["UICollectionReusableView", "UIView"] + responder,
            "UICollectionReusableView": ["UIView"] + responder, "UICollectionView": ["UIScrollView", "UIView"] + responder,
            "UITableViewHeaderFooterView": ["UIView"] + responder, "UIView": responder,
            "UITableView": ["UIScrollView", "UIView"] + responder,
        ]) { _, listed in listed }
    }()

    static func install(into interpreter: Interpreter, simulator: TableSimulator) {
        interpreter.addHostBase(memberNames: { host in
            guard UIKitBuiltins.screenSuperclasses.contains(host) else { return [] }
            return UIKitCatalogue.subclassMemberNames(host) { ViewControllerObject.memberNames(host) }
        }, make: { [unowned simulator] host, instance in
            guard UIKitBuiltins.screenSuperclasses.contains(host) else { return nil }
            return simulator.makeScreenBase(host, instance)
        })
        // An `extension UIView` names the view's members without `self.` (`clipsToBounds =
        // true`), as Swift lets it. UIKit's part of a script's own UIView subclass is a view
        // made in code (ViewObject): its properties, subviews and anchors; a header view of
        // that class shows the labels among its subviews.
        let viewMembers = {
            Set(ViewObject.viewPropertyNames).union([
                "addSubview(_:)", "addGestureRecognizer(_:)", "layoutIfNeeded()", "setNeedsLayout()", "sizeToFit()",
                "setNeedsDisplay()", "layoutSubviews()", "init(frame:)", "init(coder:)",
            ]).union(LayoutAnchorObject.names)
        }
        interpreter.addHostBase(memberNames: { host in
            host == "UIView" ? UIKitCatalogue.subclassMemberNames(host, own: viewMembers) : []
        }, make: { [unowned simulator] host, _ in
            host == "UIView" ? ViewObject("UIView", frame: simulator.zeros.rect) : nil
        })
        // UIKit's part of a script's UITableViewHeaderFooterView subclass: UIKit's header
        // view, set up by `super.init(reuseIdentifier:)`.
        interpreter.addHostBase(memberNames: { host in host == "UITableViewHeaderFooterView" ? UIKitCatalogue.subclassMemberNames(host) { HeaderFooterViewObject.memberNames } : [] },
                                make: { [unowned simulator] host, _ in
            host == "UITableViewHeaderFooterView"
                ? HeaderFooterViewObject(reuseIdentifier: nil, describeType: { [unowned simulator] in simulator.typeName($0) },
                                         zeros: simulator.zeros) : nil
        })
        let makeTable: ([Value]) throws -> Value = { [unowned simulator] arguments in
            var style = TableStyleName.plain
            if let last = arguments.last, let name = UIKitValue.caseName(last) {
                guard let s = TableStyleName(rawValue: name) else {
                    throw Interpreter.runtimeError(UIKitMessage.typeHasNoMember(type: "UITableView.Style", member: name))
                }
                style = s
            }
            return .object(TableViewObject(simulator: simulator, style: style, madeInCode: true))
        }
        for name in ["UITableView(frame:style:)", "UITableView(frame:)", "UITableView()", "UITableView(style:)"] {
            interpreter.registerNativeFunction(name) { arguments in
                try makeTable(name == "UITableView(frame:)" ? [] : arguments)
            }
        }
        // `UIView()` made in code is UIKitValues.swift's ViewObject (a view UIKit's loadView makes is a UIViewObject).
        // UIKit's class chains: `extension UIViewController` reaches a UITableViewController
        // subclass, `extension UIView` a UITableViewCell subclass.
        interpreter.setHostSuperclasses { hostClass in hostSuperclassChains[hostClass] }
        // UIView's `init()` is `init(frame: .zero)`: a subclass that overrides `init(frame:)`
        // gets that override from `MyView()`.
        interpreter.setPlainInitDelegations([
            "UIView": PlainInitDelegation(label: "frame", argumentType: "CGRect", argumentMember: "zero"),
        ])
        LayoutMembers.install(into: interpreter)
        interpreter.registerNativeFunction("UINavigationController(rootViewController:)") { [unowned simulator] arguments in
            guard simulator.screen(of: arguments[0]) != nil else {
                throw Interpreter.runtimeError(UIKitMessage.cannotConvertArgument(type: simulator.typeName(arguments[0]), to: "UIViewController"))
            }
            return .object(EmbeddingNavigationObject(root: arguments[0]))
        }
        // UIKit has it (an empty stack, filled by pushViewController); TableLab's navigation
        // controllers only embed a root, so making one is refused where it runs.
        interpreter.registerNativeFunction("UINavigationController()") { _ in
            throw Interpreter.runtimeError(TableMessage.navigationControllerWithoutRoot)
        }
        interpreter.registerNativeFunction("NSCoder()") { _ in .object(NamespaceObject("NSCoder", isInstance: true)) }
        // `.zero` where a frame is expected (`UITableView(frame: .zero, style: .plain)`).
        let earlierFallback = interpreter.implicitMemberFallback
        interpreter.implicitMemberFallback = { [unowned simulator] name in
            if let v = earlierFallback?(name) { return v }
            if name == "zero" { return simulator.zeros.rect }
            // UITableView.Style's cases, and UINavigationItem.LargeTitleDisplayMode's,
            // carried as their names as UIKit's other enums are.
            return TableStyleName(rawValue: name) != nil || ["always", "never"].contains(name) ? .string(name) : nil
        }
        interpreter.setGlobal("CGRect", .object(NamespaceObject("CGRect", members: [
            "zero": { [unowned simulator] in simulator.zeros.rect },
        ])))
    }
}
