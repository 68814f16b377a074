// A collection view a storyboard or nib lays out, made as UIKit decodes it: its flow
// layout with the file's item size, spacings, insets and reference sizes; its prototype
// cells and section header/footer views registered under their reuse identifiers; the
// data source and delegate the file connects. A dequeued prototype is decoded
// (`init(coder:)`), its views laid out and its outlets connected as the file says, then
// sent `awakeFromNib()`, as a table view's storyboard prototype is.

import TableLabSyntax
import TableLabInterpreter

extension TableSimulator {
    /// The collection view of a storyboard's `<collectionView>`; `owner` is the scene's
    /// controller, whose id the file's data-source and delegate outlets may name.
    func storyboardCollectionView(_ spec: Storyboard.CollectionView, owner: (id: String, value: Value)? = nil) -> CollectionViewObject {
        let layout: Value
        if let flow = spec.flowLayout {
            layout = .object(flowLayoutObject(flow))
        } else {
            layout = .object(UIKitObject(spec.layoutClass ?? "UICollectionViewLayout", properties: [:]))
        }
        let collection = CollectionViewObject(simulator: self, frame: zeros.rect, layout: layout)
        for cell in spec.cells {
            guard let id = cell.reuseIdentifier else { continue }
            collection.cellClasses[id] = cell.customClass ?? "UICollectionViewCell"
            collection.cellPrototypes[id] = cell
        }
        for (kind, view) in [("UICollectionElementKindSectionHeader", spec.header), ("UICollectionElementKindSectionFooter", spec.footer)] {
            guard let view, let id = view.reuseIdentifier else { continue }
            collection.supplementaryClasses[kind, default: [:]][id] = view.customClass ?? "UICollectionReusableView"
            collection.supplementaryPrototypes[kind, default: [:]][id] = view
        }
        if let flag = spec.allowsSelection { collection.properties[UIKitObject.Key.allowsSelection] = .bool(flag) }
        if let flag = spec.allowsMultipleSelection { collection.properties[UIKitObject.Key.allowsMultipleSelection] = .bool(flag) }
        if let owner {
            if spec.dataSource == owner.id { collection.dataSource = owner.value }
            if spec.delegate == owner.id { collection.delegate = owner.value }
        }
        return collection
    }

    private func flowLayoutObject(_ spec: Storyboard.FlowLayout) -> FlowLayoutObject {
        let flow = FlowLayoutObject(interpreter, zeros: zeros)
        func size(_ s: Storyboard.Size) -> Value { FlowLayoutObject.size(interpreter, s.width, s.height) }
        flow.properties[UIKitObject.Key.itemSize] = size(spec.itemSize)
        flow.properties[UIKitObject.Key.estimatedItemSize] = size(spec.estimatedItemSize)
        flow.properties[UIKitObject.Key.headerReferenceSize] = size(spec.headerReferenceSize)
        flow.properties[UIKitObject.Key.footerReferenceSize] = size(spec.footerReferenceSize)
        flow.properties[UIKitObject.Key.minimumLineSpacing] = .double(spec.minimumLineSpacing)
        flow.properties[UIKitObject.Key.minimumInteritemSpacing] = .double(spec.minimumInteritemSpacing)
        flow.properties[UIKitObject.Key.scrollDirection] = UIKitValue.enumValue("UICollectionView.ScrollDirection", spec.scrollDirection)
        let inset = spec.sectionInset
        if let value = interpreter.makeStruct("UIEdgeInsets", ["top": .double(inset[0]), "left": .double(inset[1]),
                                                               "bottom": .double(inset[2]), "right": .double(inset[3])]) {
            flow.properties[UIKitObject.Key.sectionInset] = value
        }
        flow.automaticEstimatedItemSize = spec.automaticEstimatedItemSize
        return flow
    }

    /// A UICollectionViewController's collection view from its storyboard scene (nil when
    /// no scene of its class lays one out as its view).
    func sceneCollectionView(of vc: ViewControllerObject) -> CollectionViewObject? {
        guard let scene = vc.ownScene ?? storyboardScene(forClass: vc.scriptTypeName), let id = scene.viewCollectionID,
              let spec = scene.views[id]?.collection else { return nil }
        return storyboardCollectionView(spec, owner: vc.value.map { (scene.id, $0) })
    }

    /// A cell or reusable view of a prototype, decoded as UIKit decodes it.
    func decodeCollectionPrototype(_ prototype: Storyboard.Prototype, standard: String, identifier: String) throws -> Value {
        let className = prototype.customClass ?? standard
        let view: Value
        if className == standard {
            view = standard == "UICollectionViewCell"
                ? .object(CollectionCellObject(zeros: zeros)) : .object(ReusableViewObject(standard, frame: zeros.rect))
        } else {
            guard interpreter.typeKind(className) == "class", interpreter.hostClass(ofType: className) == standard else {
                throw Interpreter.runtimeError(UIKitMessage.cannotFindInScope(className))
            }
            let made = try interpreter.construct(className, labels: ["coder"], arguments: [.object(CoderObject())])
            guard !made.unboxedOptional.isNilValue else {
                throw Interpreter.runtimeError(TableMessage.cellCoderInitReturnedNil(className: className, identifier: identifier))
            }
            view = made.unboxedOptional
        }
        reusableView(of: view)?.reuseIdentifier = identifier
        try connectCollectionPrototype(prototype, of: view, className: className)
        _ = try interpreter.callMethod(on: view, "awakeFromNib()", [])
        return view
    }

    /// The prototype's views, each added where the file lays it out (a cell's content
    /// view) and, where the file connects an outlet to it, set through its setter.
    private func connectCollectionPrototype(_ prototype: Storyboard.Prototype, of view: Value, className: String) throws {
        let connected = try outletProperties(prototype, of: view, className: className)
        guard let host = reusableView(of: view) else { return }
        let container: NativeObject
        if let cell = host as? CollectionCellObject, case .object(let content)? = cell.properties[UIKitObject.Key.contentView] {
            container = content
        } else {
            container = host
        }
        for item in prototype.views {
            let object = sceneView(item)
            _ = try container.callMethod(id: UIKitObject.Call.addSubview, [.object(object)])
            if let property = connected[item.id] {
                _ = try interpreter.connectOutlet(property, of: view, to: .wrapped(.object(object)))
            }
        }
    }

    /// The cell or reusable view a nib registered for a collection view holds
    /// (`UINib(nibName:bundle:)`): the .xib loaded with that name (`:storyboard NAME.xib`),
    /// which TableLab must have read.
    func nibCollectionPrototype(_ nib: NibObject) throws -> Storyboard.Prototype {
        guard let cell = storyboards.last(where: { $0.nibName == nib.name })?.nibCollectionCells.first else {
            throw Interpreter.runtimeError(UIKitMessage.notSimulated(
                "a collection view cell from a nib TableLab has not read ('\(nib.name)'; load its .xib with :storyboard)"))
        }
        return cell
    }

    /// Whether the screen `name` is a UICollectionViewController that has no layout to make
    /// its collection view with: none given to `init(collectionViewLayout:)`, none in a
    /// storyboard scene of its class.
    func lacksCollectionLayout(_ name: String) throws -> Bool {
        let vc = try screen(name)
        guard vc.hostClass == "UICollectionViewController", vc.ownCollectionView == nil, vc.collectionLayout == nil else { return false }
        guard let scene = vc.ownScene ?? storyboardScene(forClass: vc.scriptTypeName) else { return true }
        return scene.viewCollectionID == nil
    }
}
