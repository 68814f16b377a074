// A table's header and footer views (`tableHeaderView`, `tableFooterView`): UIKit draws
// them above the first section and below the last. A storyboard's (a text field and a
// button above the rows) is made with the scene, its views shared with the view
// controller's outlets; one set in code is drawn as well. `:show` lists what they show.

import TableLabSyntax
import TableLabInterpreter

extension TableSimulator {
    /// A storyboard view of `vc`'s scene: one object per view id, so that an outlet and
    /// the table's header view hold the same text field.
    func sceneViewObject(_ view: Storyboard.View, of vc: ViewControllerObject?) -> NativeObject {
        if let vc, !view.id.isEmpty, let made = vc.sceneViewObjects[view.id] { return made }
        let object: NativeObject
        if let vc, let spec = view.collection {
            // Its data source and delegate outlets may name the scene's controller.
            let sceneID = (vc.ownScene ?? storyboardScene(forClass: vc.scriptTypeName))?.id
            let collection = storyboardCollectionView(spec, owner: sceneID.flatMap { id in vc.value.map { (id, $0) } })
            collection.owner = vc
            vc.sceneCollectionViews.append(collection)
            object = collection
        } else {
            object = sceneView(view)
        }
        if let vc, !view.id.isEmpty { vc.sceneViewObjects[view.id] = object }
        return object
    }

    /// The storyboard table's header and footer views, made for `tableView` (unless code set one).
    func adoptTableEndViews(_ tableView: TableViewObject, table: Storyboard.Table, of vc: ViewControllerObject?) {
        let state = tableView.state
        for (key, views) in [(TableState.Stored.tableHeaderView, table.headerViews), (TableState.Stored.tableFooterView, table.footerViews)] {
            guard let views, state.otherProperties[key] == nil else { continue }
            let container = ViewObject("UIView", frame: zeros.rect)
            container.properties[UIKitObject.Key.subviews] = .array(views.map { .object(sceneViewObject($0, of: vc)) })
            state.otherProperties[key] = .wrapped(.object(container))
        }
    }

    /// `tableView.tableHeaderView = value` (or the footer or background view) with an
    /// instance of the script's own view class: UIKit draws what its init set up on
    /// UIKit's part of it (TableLab's UIView), unless the class draws itself.
    func checkEndView(_ value: Value, property id: HostMemberID) throws {
        guard [TableState.Stored.tableHeaderView, TableState.Stored.tableFooterView, TableState.Stored.backgroundView].contains(id),
              let view = CellObject.unwrapped(value), case .type(.table(let instance)) = view else { return }
        guard interpreter.hostBase(of: view) is ViewObject else {
            let host = interpreter.hostClass(ofType: instance.name) ?? "UIView"
            throw Interpreter.runtimeError(UIKitMessage.notSimulated("a table's \(id.name) of the script's class '\(instance.name)' (a \(host) subclass)"))
        }
        var className: String? = instance.name
        while let name = className {
            if interpreter.methodNames(ofType: name).contains("draw(_:)") {
                throw Interpreter.runtimeError(UIKitMessage.notSimulated("the drawing of '\(name).draw(_:)' in a table's \(id.name)"))
            }
            className = interpreter.superclassName(ofType: name)
        }
    }

    /// UIKit lays out a table's header and footer views with the table: a script view
    /// class's own layoutSubviews runs (and may add or place its views).
    func layOutEndViews(_ state: TableState) throws {
        for key in [TableState.Stored.tableHeaderView, TableState.Stored.tableFooterView] {
            guard let value = state.otherProperties[key], let view = CellObject.unwrapped(value), case .type(.table) = view else { continue }
            _ = try interpreter.callMethod(on: view, "layoutSubviews()", [])
        }
    }

    /// What a table's header or footer view shows; nil without one. A background view is
    /// often a label itself (`tableView.backgroundView = label`): with `includingItself`,
    /// a view that is not a container is what it shows.
    static func endViewSnapshot(_ value: Value?, includingItself: Bool = false) -> TableEndViewSnapshot? {
        guard let value, let (view, typeName) = drawnView(value) else { return nil }
        var items: [ViewItemSnapshot] = []
        func collect(_ o: NativeObject, depth: Int) {
            // Plain views and stack views hold the views drawn; anything else is one.
            let isContainer = o.typeName == "UIView" || o.typeName == "UIStackView"
            if depth > 0 || includingItself, !isContainer {
                items.append(viewItem(o))
                return
            }
            guard depth < 8, case .array(let subviews)? = try? o.member(id: UIKitObject.Key.subviews) else { return }
            for subview in subviews {
                if let (inner, _) = drawnView(subview) { collect(inner, depth: depth + 1) }
            }
        }
        collect(view, depth: 0)
        return TableEndViewSnapshot(typeName: typeName, views: items,
                                    backgroundColorName: CellObject.colorName(try? view.member(id: UIKitObject.Key.backgroundColor)))
    }

    /// The view UIKit draws for `value`, and the name of its class. An instance of a
    /// script's own UIView subclass is UIKit's part of it (the view its init set up: its
    /// subviews, background and frame), drawn under the class's name; one without that
    /// part draws nothing TableLab knows (TableEndViews check it when set).
    static func drawnView(_ value: Value) -> (view: NativeObject, typeName: String)? {
        switch CellObject.unwrapped(value) {
        case .object(let view)?: return (view, view.typeName)
        case .type(.table(let instance))?:
            guard let host = instance.host as? ViewObject else { return nil }
            return (host, instance.name)
        default: return nil
        }
    }

    /// The height of a view's frame in points; 0 for none, `.zero`, or one not finite.
    func frameHeight(_ value: Value?) -> Double {
        guard let value, let (view, _) = Self.drawnView(value),
              let frame = try? view.member(id: UIKitObject.Key.frame),
              let size = try? interpreter.member("size", of: frame),
              let height = try? interpreter.member("height", of: size) else { return 0 }
        let points: Double
        switch height {
        case .double(let d): points = d
        case .int(let i): points = Double(i)
        default: return 0
        }
        return points.isFinite && points > 0 ? points : 0
    }

    static func viewItem(_ o: NativeObject) -> ViewItemSnapshot {
        var item = ViewItemSnapshot(typeName: o.typeName)
        typealias Key = UIKitObject.Key
        func text(_ id: HostMemberID) -> String? { UIKitBuiltins.optionalText((try? o.member(id: id)) ?? .nilValue) }
        func color(_ id: HostMemberID) -> String? { CellObject.colorName(try? o.member(id: id)) }
        switch o {
        case let label as LabelObject:
            item.text = label.snapshot.text
            item.textColorName = label.snapshot.colorName
            item.label = label.snapshot
            item.backgroundColorName = color(Key.backgroundColor)
            return item
        case let field as TextFieldObject:
            item.text = text(Key.text).flatMap { $0.isEmpty ? nil : $0 }
            item.placeholder = field.placeholderText
            item.textColorName = color(Key.textColor)
        case let button as ButtonObject:
            item.title = UIKitBuiltins.optionalText(button.displayedTitle)
        case let image as ImageViewObject:
            item.imageName = CellViews.imageName(image.properties[UIKitObject.Key.image] ?? .nilValue)
        case let toggle as SwitchObject:
            item.isOn = toggle.isOn
        default:
            break
        }
        item.backgroundColorName = color(Key.backgroundColor)
        return item
    }

    /// `:show`'s line for a table's header or footer view: what each of its views shows.
    static func endViewLine(_ view: TableEndViewSnapshot) -> String {
        view.views.map { item in
            var parts = [item.typeName]
            if let text = item.text { parts.append(TableEffect.quoted(text)) }
            if let placeholder = item.placeholder, item.text == nil { parts.append("(placeholder \(TableEffect.quoted(placeholder)))") }
            if let title = item.title { parts.append(TableEffect.quoted(title)) }
            if let image = item.imageName { parts.append("▣ " + image) }
            if let isOn = item.isOn { parts.append(isOn ? "on" : "off") }
            return parts.joined(separator: " ")
        }.joined(separator: ", ")
    }
}
