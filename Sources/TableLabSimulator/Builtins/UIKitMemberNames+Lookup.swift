// Which UIKit members exist, for the message of a member TableLab's object does not
// answer: UIKit has it (the catalogue lists it on the object's class or a superclass), so
// the script is valid Swift that TableLab does not simulate, and the error says so by
// name; otherwise swiftc's "value of type 'X' has no member 'y'" stands.

import TableLabSyntax
import TableLabInterpreter

extension UIKitMemberNames {
    /// Whether UIKit's class `className` or one of its superclasses declares `member` (a
    /// property's name or a method's full name).
    static func declares(_ className: String, _ member: String) -> Bool {
        var current: String? = className
        while let name = current, let entry = classes[name] {
            if entry.members.contains(member) { return true }
            current = entry.superclass
        }
        return false
    }

    /// Whether UIKit's class `className` surely has no `member`: the catalogue lists the
    /// class, not the member, and the member is a near miss of one it lists (`foo` of
    /// `font`, `layoutSubvews()`). An object of it then answers nil, and the interpreter
    /// reports swiftc's "value of type 'UILabel' has no member 'foo'" rather than "is not
    /// simulated". The catalogue is the UIKit stub's, which leaves some of UIKit out
    /// (`UIView.transform`): a name far from all it lists stays "not simulated".
    static func surelyLacks(_ className: String, _ member: String) -> Bool {
        guard classes[className] != nil, !declares(className, member) else { return false }
        var names: [String] = []
        var current: String? = className
        while let name = current, let entry = classes[name] {
            names += entry.members.sorted()
            current = entry.superclass
        }
        return !TypoCorrection.candidates(for: member, among: names).isEmpty
    }

    /// The UIKit class a simulator object stands for (a cell of a script's class is UIKit's
    /// UITableViewCell underneath; a view controller's host part is its host class).
    static func uikitClassName(of object: NativeObject) -> String {
        switch object {
        case is CellObject: return "UITableViewCell"
        case let controller as ViewControllerObject: return controller.hostClass
        default: return object.typeName
        }
    }

    /// The interpreter's hook (`unsimulatedMemberMessage`): "UIView.viewWithTag(_:) is not
    /// simulated in TableLab" for a member UIKit has.
    static func unsimulatedMember(_ object: NativeObject, _ member: String) -> UIKitMessage? {
        let className = uikitClassName(of: object)
        guard declares(className, member) else { return nil }
        return .notSimulated("\(className).\(member)")
    }
}
