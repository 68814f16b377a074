// The classes of the objects the simulator makes (UIKit's, and Foundation's and Core
// Animation's beside them), each with its superclasses. Two decisions are read from this
// one table, never from how a name is spelt:
// - what an annotation, `as?` or `is` accepts: a UISwitch is a UIControl and a UIView,
//   never a UITableView; an NSLayoutConstraint is no view at all;
// - what `print` refuses: an instance of one of these classes prints as NSObject's
//   description does, its class, its memory address and its state
//   (`<CALayer: 0x600000c4e0a0>`), which TableLab does not have. A type used as a value
//   (`UIColor.self`) is not an instance: Swift prints its name.

import TableLabInterpreter

enum UIKitClasses {
    private static let object: Set<String> = ["NSObject"]
    private static let responder = object.union(["UIResponder"])
    private static let view = responder.union(["UIView"])
    private static let control = view.union(["UIControl"])
    private static let scrollView = view.union(["UIScrollView"])
    private static let viewController = responder.union(["UIViewController"])
    private static let gestureRecognizer = object.union(["UIGestureRecognizer"])
    private static let anchor = object.union(["NSLayoutAnchor"])

    /// Whether the script may name a type `name` it does not declare, as UIKit's or another
    /// Apple framework's (an annotation, a superclass, an extension): a class of this table
    /// or of the UIKit catalogue, TableLab's `Cell`, a `Selector` or `Notification`, or
    /// another prefixed name of Apple's frameworks (`UIPageViewController`, `NSURL`,
    /// `MKAnnotationView`), which TableLab does not simulate and refuses by name where it
    /// is used. Foundation's unprefixed types (`Date`, `Data`) are the interpreter's to
    /// refuse, as the standard library's are.
    static func isHostTypeName(_ name: String) -> Bool {
        superclasses[name] != nil || UIKitCatalogueData.types[name] != nil || otherTypeNames.contains(name)
            || (UIKitValue.hasFrameworkPrefix(name) && UIKitValue.isAppleFrameworkName(name))
    }
    // Foundation's Date: a Date() value is kept (FoundationDate.swift), so an annotation may name it.
    private static let otherTypeNames: Set<String> = ["Cell", "Selector", "Notification", "Date"]

    /// Each class's superclasses (the class itself is not among them).
    static let superclasses: [String: Set<String>] = [
        "NSObject": [],
        "UIResponder": object, "UIView": responder, "UIViewController": responder,
        "UILabel": view, "UIImageView": view, "UIStackView": view, "UITableViewCell": view,
        "UITableViewHeaderFooterView": view, "UINavigationBar": view, "UIScrollView": view,
        "UIProgressView": view, "UIActivityIndicatorView": view, "UIPickerView": view, "UIVisualEffectView": view,
        "UIControl": view, "UISwitch": control, "UIButton": control, "UITextField": control,
        "UIRefreshControl": control, "UISegmentedControl": control, "UISlider": control, "UIStepper": control,
        "UIDatePicker": control, "UIPageControl": control,
        "UITableView": scrollView, "UICollectionView": scrollView, "UITextView": scrollView,
        "UICollectionReusableView": view, "UICollectionViewCell": view.union(["UICollectionReusableView"]),
        "UICollectionViewLayout": object, "UICollectionViewFlowLayout": object.union(["UICollectionViewLayout"]),
        "UITableViewController": viewController, "UINavigationController": viewController,
        "UIAlertController": viewController, "UISearchController": viewController, "UISearchBar": view,
        "UIGestureRecognizer": object, "UITapGestureRecognizer": gestureRecognizer,
        "UILongPressGestureRecognizer": gestureRecognizer, "UIPanGestureRecognizer": gestureRecognizer,
        "UISwipeGestureRecognizer": gestureRecognizer,
        "UIBarItem": object, "UIBarButtonItem": object.union(["UIBarItem"]),
        // `cgColor` answers the colour object itself, so the colour is stored where a
        // CGColor is annotated (`let c: CGColor = UIColor.red.cgColor`).
        "UIColor": object.union(["CGColor"]),
        "UIFont": object, "UIImage": object, "UIAlertAction": object, "UIContextualAction": object,
        "UISwipeActionsConfiguration": object, "UITableViewRowAction": object, "UINib": object,
        "UINavigationItem": object, "UILayoutGuide": object, "UIStoryboardSegue": object,
        "UIScreen": object, "UIApplication": object, "UITableViewDiffableDataSource": object,
        "NSLayoutConstraint": object, "NSLayoutAnchor": object, "NSLayoutXAxisAnchor": anchor,
        "NSLayoutYAxisAnchor": anchor, "NSLayoutDimension": anchor,
        "NSAttributedString": object, "NSCoder": object, "NotificationCenter": object, "Bundle": object,
        "CALayer": object,
        "CNContactStore": object, "CNContactFetchRequest": object,
        "URLSession": object, "URLSessionTask": object, "URLSessionDataTask": object.union(["URLSessionTask"]),
    ]

    /// The class `object` is an instance of, with its superclasses; nil for what is no
    /// instance of a class here (a URL, a UUID, a Selector, a CGRect, a type as a value).
    static func classes(of object: NativeObject) -> Set<String>? {
        let name: String
        switch object {
        // A script's class name may stand where UIKit's would (`scriptClassName`): what
        // UIKit made is still a cell or a screen of the UIKit class.
        case is CellObject: name = "UITableViewCell"
        case let screen as ViewControllerObject: name = screen.hostClass
        case let type as UIKitNamespace: guard type.isInstance else { return nil }; name = type.name
        case let type as NamespaceObject: guard type.isInstance else { return nil }; name = type.name
        case let v as ViewObject where superclasses[v.className] == nil:
            // A storyboard's custom class or a cell property's class TableLab does not know:
            // a view (a control when the object is one), and the name it was given.
            return (v is ControlObject ? control : view).union([v.className])
        default: name = object.typeName
        }
        return superclasses[name].map { $0.union([name]) }
    }

    /// Whether `object` may be stored where `annotation` is written.
    static func fits(_ object: NativeObject, annotation: String) -> Bool {
        // `Cell` is the table block's name for its cells.
        if annotation == "Cell" { return object is CellObject }
        // A generic class's arguments are not kept by its objects (`UITableViewDiffableDataSource<Section, Item>`).
        let className = annotation.firstIndex(of: "<").map { String(annotation[..<$0]) } ?? annotation
        return classes(of: object)?.contains(className) == true
    }

    /// Whether Swift's print of `object` is NSObject's address form, which TableLab refuses.
    /// A colour prints as UIKit's does; an attributed string as Foundation's.
    static func printsAddress(_ object: NativeObject) -> Bool {
        if object is ColorObject || object is AttributedStringObject { return false }
        return classes(of: object) != nil
    }
}
