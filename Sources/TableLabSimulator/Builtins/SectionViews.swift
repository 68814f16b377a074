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
    /// The script's UITableViewHeaderFooterView subclass registered for an identifier
    /// (`register(SectionHeader.self, forHeaderFooterViewReuseIdentifier:)`).
    var headerFooterClasses: [String: String] = [:]
    /// The nib registered for an identifier (`register(UINib(nibName:bundle:), forHeaderFooterViewReuseIdentifier:)`):
    /// its view, whose custom class is the script's UITableViewHeaderFooterView subclass.
    var headerFooterNibs: [String: Storyboard.Prototype] = [:]
    /// A UITableViewDiffableDataSource made for this table: the table's data source.
    var diffable: DiffableDataSourceObject?
}

extension ViewObject {
    /// The labels inside a view made in code (`UIView()` with `addSubview`), depth first in
    /// the order they were added: what a header or footer view shows.
    var labels: [LabelSnapshot] {
        guard case .array(let subviews)? = properties[Key.subviews] else { return [] }
        return subviews.flatMap { v -> [LabelSnapshot] in
            // A script's UIView subclass among them: the labels of UIKit's part of it.
            if case .type(.table(let instance))? = CellObject.unwrapped(v), let host = instance.host {
                return SectionViews.labels(of: host)
            }
            guard case .object(let o)? = CellObject.unwrapped(v) else { return [] }
            return SectionViews.labels(of: o)
        }
    }

    var backgroundColor: Value { properties[Key.backgroundColor] ?? .nilValue }
}

/// `UITableViewHeaderFooterView`: UIKit's own header view, with `textLabel` and
/// `detailTextLabel`, a `contentView` and an optional `backgroundView`.
final class HeaderFooterViewObject: NativeObject, ConstrainedView {
    var layoutConstraints: [LayoutConstraintObject] = []
    /// Set once: by UIKit's initializer, or by a subclass's `super.init(reuseIdentifier:)`.
    private(set) var reuseIdentifier: String?
    let textLabel: LabelObject
    let detailTextLabel: LabelObject
    let contentView: ViewObject
    var backgroundView: Value = .nilValue
    var otherProperties = StoredValues(HeaderFooterViewObject.storedMembers)
    let describeType: (Value) -> String
    /// The interpreter's `.zero` values, for the insets kept.
    let zeros: GeometryZeros
    static let storedMembers = StoredMembers(UIKitDefaults.headerFooterView)

    init(reuseIdentifier: String?, describeType: @escaping (Value) -> String, zeros: GeometryZeros) {
        self.reuseIdentifier = reuseIdentifier
        self.describeType = describeType
        self.zeros = zeros
        textLabel = LabelObject(describeType: describeType, zeros: zeros)
        detailTextLabel = LabelObject(describeType: describeType, zeros: zeros)
        contentView = ViewObject("UIView", frame: zeros.rect)
    }

    static let otherPropertyNames = Set(UIKitDefaults.headerFooterView.keys)

    /// A view decoded from a nib registered for reuse: `dequeueReusableHeaderFooterView`
    /// answers it with the identifier it was registered for.
    func dequeued(as identifier: String) {
        if reuseIdentifier == nil { reuseIdentifier = identifier }
    }

    override var typeName: String { "UITableViewHeaderFooterView" }

    /// The properties it answers besides the stored ones, found by ID.
    enum Member: Int, CaseIterable, Sendable {
        case textLabel, detailTextLabel, contentView, backgroundView, reuseIdentifier
        /// Swift's names of the properties, in the order of the cases.
        static let names = ["textLabel", "detailTextLabel", "contentView", "backgroundView", "reuseIdentifier"]
        static let table = HostMemberTable(names)
    }

    /// Its methods, found by ID.
    enum Method: Int, CaseIterable, Sendable {
        case addSubview, initReuseIdentifier, initCoder
        case prepareForReuse, layoutIfNeeded, setNeedsLayout, sizeToFit, layoutSubviews, awakeFromNib
        /// Swift's full names, in the order of the cases.
        static let names = [
            "addSubview(_:)", "init(reuseIdentifier:)", "init(coder:)",
            "prepareForReuse()", "layoutIfNeeded()", "setNeedsLayout()", "sizeToFit()", "layoutSubviews()", "awakeFromNib()",
        ]
        static let table = HostMemberTable(names)
    }

    override func member(id: HostMemberID) throws -> Value? {
        switch Member(rawValue: Member.table[id]) {
        case .textLabel?: return .wrapped(.object(textLabel))
        case .detailTextLabel?: return .wrapped(.object(detailTextLabel))
        case .contentView?: return .object(contentView)
        case .backgroundView?: return backgroundView
        case .reuseIdentifier?: return reuseIdentifier.map { .wrapped(.string($0)) } ?? Value.nilValue
        case nil:
            // Its own anchors and guides, which views added to it are tied to: kept as the
            // content view's, which fills it (TableLab places no view inside a header).
            if let anchor = LayoutMembers.member(id: id, of: self) { return anchor }
            return try otherProperties.read(typeName, id)
        }
    }

    override func setMember(id: HostMemberID, _ value: Value) throws -> Bool {
        switch Member(rawValue: Member.table[id]) {
        case .backgroundView?:
            switch value {
            case .nilValue: backgroundView = .nilValue
            case .object, .wrapped(.object): backgroundView = value
            default: throw UIKitValue.typeMismatch(value, "UIView?", describeType)
            }
        case .textLabel?, .detailTextLabel?:
            // Assigning through `header.textLabel?.text` writes the same label back.
            if case .object(let label)? = CellObject.unwrapped(value), label === textLabel || label === detailTextLabel { return true }
            throw Interpreter.runtimeError(UIKitMessage.getOnlyProperty(id.name))
        case .contentView?:
            if case .object(let view)? = CellObject.unwrapped(value), view === contentView { return true }
            throw Interpreter.runtimeError(UIKitMessage.getOnlyProperty("contentView"))
        case .reuseIdentifier?:
            throw Interpreter.runtimeError(UIKitMessage.getOnlyProperty("reuseIdentifier"))
        case nil:
            return try otherProperties.assign(id, value, converting: zeros)
        }
        return true
    }

    override func callMethod(id: HostMemberID, _ arguments: [Value]) throws -> Value? {
        switch Method(rawValue: Method.table[id]) {
        case .addSubview?: return try contentView.callMethod(id: id, arguments)
        case .initReuseIdentifier?:
            // A script subclass's `super.init(reuseIdentifier:)`, or the one it inherits.
            reuseIdentifier = UIKitBuiltins.optionalText(arguments[0])
            return .void
        case .initCoder?:
            // Decoding a nib's view: the table view gives it its identifier when it dequeues it.
            return .void
        case .prepareForReuse?, .layoutIfNeeded?, .setNeedsLayout?, .sizeToFit?, .layoutSubviews?, .awakeFromNib?:
            return .void
        case nil: return nil
        }
    }

    override var textDescription: String {
        "<UITableViewHeaderFooterView \(TableEffect.quoted(textLabel.snapshot.text ?? ""))>"
    }

    /// What a script's subclass reaches unqualified (`contentView.addSubview(label)`) and
    /// calls on `super`.
    static let memberNames: Set<String> = Set([
        "textLabel", "detailTextLabel", "contentView", "backgroundView", "reuseIdentifier",
        "init(reuseIdentifier:)", "init(coder:)", "prepareForReuse()", "layoutSubviews()", "awakeFromNib()", "addSubview(_:)",
        "layoutIfNeeded()", "setNeedsLayout()", "sizeToFit()",
    ]).union(otherPropertyNames)
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
        UIKitValue.colorName(value) ?? nil
    }

    /// What the renderer draws for a header or footer view; nil for a value that is no view.
    static func snapshot(of value: Value) -> HeaderFooterSnapshot? {
        // A script's UIView subclass: UIKit's part of it, drawn under the class's name.
        if case .type(.table(let instance))? = CellObject.unwrapped(value), let view = instance.host as? ViewObject {
            return HeaderFooterSnapshot(typeName: instance.name, labels: view.labels, backgroundColorName: colorName(view.backgroundColor))
        }
        // A script's UITableViewHeaderFooterView subclass: its header view's labels, under the class's name.
        if case .type(.table(let instance))? = CellObject.unwrapped(value), let header = instance.host as? HeaderFooterViewObject,
           let own = snapshot(of: .object(header)) {
            return HeaderFooterSnapshot(typeName: instance.name, labels: own.labels, backgroundColorName: own.backgroundColorName)
        }
        guard case .object(let object)? = CellObject.unwrapped(value) else { return nil }
        switch object {
        case let label as LabelObject:
            return HeaderFooterSnapshot(typeName: "UILabel", labels: [label.snapshot],
                                        backgroundColorName: colorName(label.more.backgroundColor))
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

    /// Installs `UITableViewHeaderFooterView(reuseIdentifier:)` (`UILabel()` and `UIView()` are UIKitValues.swift's).
    static func install(into interpreter: Interpreter, simulator: TableSimulator) {
        let describe: (Value) -> String = { [unowned simulator] in simulator.typeName($0) }
        interpreter.registerNativeFunction("UITableViewHeaderFooterView(reuseIdentifier:)") { [unowned simulator] arguments in
            .object(HeaderFooterViewObject(reuseIdentifier: UIKitBuiltins.optionalText(arguments[0]), describeType: describe,
                                          zeros: simulator.zeros))
        }
        interpreter.registerNativeFunction("UITableViewHeaderFooterView()") { [unowned simulator] _ in
            .object(HeaderFooterViewObject(reuseIdentifier: nil, describeType: describe, zeros: simulator.zeros))
        }
    }
}
