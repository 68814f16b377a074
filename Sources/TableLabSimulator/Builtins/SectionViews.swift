// The views a data source returns for section headers and footers: `UILabel()`,
// `UIView()` with labels added by `addSubview`, `UITableViewHeaderFooterView` (made, or
// dequeued with `dequeueReusableHeaderFooterView(withIdentifier:)`), and the table view's
// header-footer registrations. The simulator snapshots them after willDisplayHeaderView.

import TableLabSyntax
import TableLabInterpreter

/// Per table: what the script registered for headers and footers, and its style.
struct SectionViewState {
    /// Identifiers registered with `register(_:forHeaderFooterViewReuseIdentifier:)`.
    var headerFooterIdentifiers: Set<String> = []
    /// A UITableViewDiffableDataSource made for this table: the table's data source.
    var diffable: DiffableDataSourceObject?
}

/// A `UIView` (`UIView()`, `UIView(frame:)`): a header or footer shows the labels added to
/// it and its background colour; the other properties are kept so scripts can set them.
final class ViewObject: NativeObject {
    var subviews: [NativeObject] = []
    var backgroundColor: Value = .nilValue
    var otherProperties: [String: Value] = [:]
    let describeType: (Value) -> String

    init(frame: Value? = nil, describeType: @escaping (Value) -> String) {
        self.describeType = describeType
        if let frame { otherProperties["frame"] = frame }
    }

    static let otherPropertyNames: Set<String> = [
        "frame", "bounds", "tag", "alpha", "isHidden", "tintColor", "clipsToBounds", "isUserInteractionEnabled",
        "translatesAutoresizingMaskIntoConstraints", "autoresizingMask", "contentMode", "layoutMargins",
        "preservesSuperviewLayoutMargins", "isOpaque",
    ]

    override var typeName: String { "UIView" }

    override func member(_ name: String) throws -> Value? {
        switch name {
        case "backgroundColor": return backgroundColor
        case "subviews": return .array(subviews.map { .object($0) })
        default:
            if Self.otherPropertyNames.contains(name) { return otherProperties[name] ?? Value.nilValue }
            return nil
        }
    }

    override func setMember(_ name: String, _ value: Value) throws -> Bool {
        switch name {
        case "backgroundColor":
            guard UIKitValue.string(value) != nil else { throw UIKitValue.typeMismatch(value, "UIColor", describeType) }
            backgroundColor = value
        case "subviews":
            throw Interpreter.runtimeError("cannot assign to property: 'subviews' is a get-only property")
        default:
            guard Self.otherPropertyNames.contains(name) else { return false }
            otherProperties[name] = value
        }
        return true
    }

    override func callMethod(_ fullName: String, _ arguments: [Value]) throws -> Value? {
        switch fullName {
        case "addSubview(_:)":
            guard case .object(let view)? = CellObject.unwrapped(arguments[0]) else {
                throw Interpreter.runtimeError("cannot convert value of type '\(describeType(arguments[0]))' to expected argument type 'UIView'")
            }
            subviews.removeAll { $0 === view }
            subviews.append(view)
            return .void
        case "removeFromSuperview()", "layoutIfNeeded()", "setNeedsLayout()", "sizeToFit()":
            return .void
        default:
            return nil
        }
    }

    override var textDescription: String { "<UIView>" }

    /// The labels inside, depth first in the order they were added.
    var labels: [LabelSnapshot] {
        subviews.flatMap(SectionViews.labels(of:))
    }
}

/// `UITableViewHeaderFooterView`: UIKit's own header view, with `textLabel` and
/// `detailTextLabel`, a `contentView` and an optional `backgroundView`.
final class HeaderFooterViewObject: NativeObject {
    let reuseIdentifier: String?
    let textLabel: LabelObject
    let detailTextLabel: LabelObject
    let contentView: ViewObject
    var backgroundView: Value = .nilValue
    var otherProperties: [String: Value] = [:]
    let describeType: (Value) -> String

    init(reuseIdentifier: String?, describeType: @escaping (Value) -> String) {
        self.reuseIdentifier = reuseIdentifier
        self.describeType = describeType
        textLabel = LabelObject(describeType: describeType)
        detailTextLabel = LabelObject(describeType: describeType)
        contentView = ViewObject(describeType: describeType)
    }

    static let otherPropertyNames: Set<String> = [
        "tag", "tintColor", "frame", "bounds", "isHidden", "alpha", "isUserInteractionEnabled", "backgroundColor",
    ]

    override var typeName: String { "UITableViewHeaderFooterView" }

    override func member(_ name: String) throws -> Value? {
        switch name {
        case "textLabel": return .wrapped(.object(textLabel))
        case "detailTextLabel": return .wrapped(.object(detailTextLabel))
        case "contentView": return .object(contentView)
        case "backgroundView": return backgroundView
        case "reuseIdentifier": return reuseIdentifier.map { .wrapped(.string($0)) } ?? Value.nilValue
        default:
            if Self.otherPropertyNames.contains(name) { return otherProperties[name] ?? Value.nilValue }
            return nil
        }
    }

    override func setMember(_ name: String, _ value: Value) throws -> Bool {
        switch name {
        case "backgroundView":
            switch value {
            case .nilValue: backgroundView = .nilValue
            case .object, .wrapped(.object): backgroundView = value
            default: throw UIKitValue.typeMismatch(value, "UIView?", describeType)
            }
        case "textLabel", "detailTextLabel":
            // Assigning through `header.textLabel?.text` writes the same label back.
            if case .object(let label)? = CellObject.unwrapped(value), label === textLabel || label === detailTextLabel { return true }
            throw Interpreter.runtimeError("cannot assign to property: '\(name)' is a get-only property")
        case "contentView":
            if case .object(let view)? = CellObject.unwrapped(value), view === contentView { return true }
            throw Interpreter.runtimeError("cannot assign to property: 'contentView' is a get-only property")
        case "reuseIdentifier":
            throw Interpreter.runtimeError("cannot assign to property: 'reuseIdentifier' is a get-only property")
        default:
            guard Self.otherPropertyNames.contains(name) else { return false }
            otherProperties[name] = value
        }
        return true
    }

    override func callMethod(_ fullName: String, _ arguments: [Value]) throws -> Value? {
        switch fullName {
        case "addSubview(_:)": return try contentView.callMethod(fullName, arguments)
        case "prepareForReuse()", "layoutIfNeeded()", "setNeedsLayout()", "sizeToFit()": return .void
        default: return nil
        }
    }

    override var textDescription: String {
        "<UITableViewHeaderFooterView \(TableEffect.quoted(textLabel.snapshot.text ?? ""))>"
    }
}

enum SectionViews {
    /// The labels a view shows, depth first.
    static func labels(of object: NativeObject) -> [LabelSnapshot] {
        switch object {
        case let label as LabelObject: return [label.snapshot]
        case let view as ViewObject: return view.labels
        case let header as HeaderFooterViewObject:
            return [header.textLabel.snapshot, header.detailTextLabel.snapshot] + header.contentView.labels
        default: return []
        }
    }

    static func colorName(_ value: Value) -> String? {
        switch value {
        case .string(let s): return s
        case .wrapped(let inner): return colorName(inner)
        default: return nil
        }
    }

    /// What the renderer draws for a header or footer view; nil for a value that is no view.
    static func snapshot(of value: Value) -> HeaderFooterSnapshot? {
        guard case .object(let object)? = CellObject.unwrapped(value) else { return nil }
        switch object {
        case let label as LabelObject:
            return HeaderFooterSnapshot(typeName: "UILabel", labels: [label.snapshot])
        case let view as ViewObject:
            return HeaderFooterSnapshot(typeName: "UIView", labels: view.labels,
                                        backgroundColorName: colorName(view.backgroundColor))
        case let header as HeaderFooterViewObject:
            var color = colorName(header.contentView.backgroundColor)
            if case .object(let background as ViewObject)? = CellObject.unwrapped(header.backgroundView) {
                color = colorName(background.backgroundColor) ?? color
            }
            return HeaderFooterSnapshot(typeName: "UITableViewHeaderFooterView", labels: labels(of: header),
                                        backgroundColorName: color)
        default:
            return nil
        }
    }

    /// Installs `UILabel()`, `UIView()`, `UITableViewHeaderFooterView(reuseIdentifier:)`.
    static func install(into interpreter: Interpreter, simulator: TableSimulator) {
        let describe: (Value) -> String = { [unowned simulator] in simulator.typeName($0) }
        interpreter.registerNativeFunction("UILabel()") { _ in .object(LabelObject(describeType: describe)) }
        interpreter.registerNativeFunction("UILabel(frame:)") { _ in .object(LabelObject(describeType: describe)) }
        interpreter.registerNativeFunction("UIView()") { _ in .object(ViewObject(describeType: describe)) }
        interpreter.registerNativeFunction("UIView(frame:)") { arguments in
            .object(ViewObject(frame: arguments[0], describeType: describe))
        }
        interpreter.registerNativeFunction("UITableViewHeaderFooterView(reuseIdentifier:)") { arguments in
            .object(HeaderFooterViewObject(reuseIdentifier: UIKitBuiltins.optionalText(arguments[0]), describeType: describe))
        }
        interpreter.registerNativeFunction("UITableViewHeaderFooterView()") { _ in
            .object(HeaderFooterViewObject(reuseIdentifier: nil, describeType: describe))
        }
    }
}
