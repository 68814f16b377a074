// A collection view as Interface Builder lays it out (in a scene, as a
// UICollectionViewController's view, in a cell): its flow layout's attributes, its
// prototype cells and section header/footer views by reuse identifier, and the data
// source and delegate it connects. UIKit decodes all of it with the view, so code
// dequeues "Cell" without registering anything and gets the file's item size when it
// sets none.

extension Storyboard {
    /// A size as Interface Builder writes it (`<size key="itemSize" width= height=>`).
    public struct Size: Sendable, Equatable {
        public var width: Double
        public var height: Double
    }

    /// A `<collectionViewFlowLayout>`: what the file says, UIKit's defaults where it says nothing.
    public struct FlowLayout: Sendable, Equatable {
        public var scrollDirection = "vertical"
        public var itemSize = Size(width: 50, height: 50)
        public var minimumLineSpacing = 10.0
        public var minimumInteritemSpacing = 10.0
        /// top, left, bottom, right.
        public var sectionInset = [0.0, 0.0, 0.0, 0.0]
        public var headerReferenceSize = Size(width: 0, height: 0)
        public var footerReferenceSize = Size(width: 0, height: 0)
        public var estimatedItemSize = Size(width: 0, height: 0)
        /// Interface Builder's Estimate Size "Automatic" (`automaticEstimatedItemSize="YES"`):
        /// `UICollectionViewFlowLayout.automaticSize`, self-sizing cells.
        public var automaticEstimatedItemSize = false
    }

    public struct CollectionView: Sendable, Equatable {
        public var id: String
        /// The script's UICollectionView subclass for it; nil for UIKit's own.
        public var customClass: String?
        /// Its layout when it is UIKit's flow layout; nil for another (`layoutClass`).
        public var flowLayout: FlowLayout?
        /// The class of a layout that is not UIKit's flow layout (a subclass, a custom layout).
        public var layoutClass: String?
        /// Its prototype cells, in document order.
        public var cells: [Prototype] = []
        /// Its section header and footer views (`sectionHeaderView`, `sectionFooterView`).
        public var header: Prototype?
        public var footer: Prototype?
        /// The ids its `dataSource` and `delegate` outlets connect to.
        public var dataSource: String?
        public var delegate: String?
        public var allowsSelection: Bool?
        public var allowsMultipleSelection: Bool?
    }

    static func collectionView(_ node: XMLNode) -> CollectionView {
        var c = CollectionView(id: node["id"] ?? "", customClass: node["customClass"])
        if let layout = node.children.first(where: { $0["key"] == "collectionViewLayout" }) {
            if layout.name == "collectionViewFlowLayout", layout["customClass"] == nil {
                c.flowLayout = flowLayout(layout)
            } else {
                c.layoutClass = layout["customClass"] ?? "UICollectionViewLayout"
            }
        } else {
            c.flowLayout = FlowLayout()
        }
        for cells in node.children where cells.name == "cells" {
            for cell in cells.children where cell.name == "collectionViewCell" { c.cells.append(prototype(cell).prototype) }
        }
        for view in node.children where view.name == "collectionReusableView" {
            if view["key"] == "sectionHeaderView" { c.header = prototype(view).prototype }
            if view["key"] == "sectionFooterView" { c.footer = prototype(view).prototype }
        }
        for connections in node.children where connections.name == "connections" {
            for outlet in connections.children where outlet.name == "outlet" {
                if outlet["property"] == "dataSource" { c.dataSource = outlet["destination"] }
                if outlet["property"] == "delegate" { c.delegate = outlet["destination"] }
            }
        }
        c.allowsSelection = node["allowsSelection"].map { $0 == "YES" }
        c.allowsMultipleSelection = node["allowsMultipleSelection"].map { $0 == "YES" }
        return c
    }

    private static func flowLayout(_ node: XMLNode) -> FlowLayout {
        var f = FlowLayout()
        if node["scrollDirection"] == "horizontal" { f.scrollDirection = "horizontal" }
        if let v = node["minimumLineSpacing"].flatMap(Double.init) { f.minimumLineSpacing = v }
        if let v = node["minimumInteritemSpacing"].flatMap(Double.init) { f.minimumInteritemSpacing = v }
        f.automaticEstimatedItemSize = node["automaticEstimatedItemSize"] == "YES"
        for child in node.children {
            if child.name == "inset", child["key"] == "sectionInset" {
                f.sectionInset = ["minY", "minX", "maxY", "maxX"].map { child[$0].flatMap(Double.init) ?? 0 }
            }
            guard child.name == "size", let key = child["key"] else { continue }
            let size = Size(width: child["width"].flatMap(Double.init) ?? 0, height: child["height"].flatMap(Double.init) ?? 0)
            switch key {
            case "itemSize": f.itemSize = size
            case "headerReferenceSize": f.headerReferenceSize = size
            case "footerReferenceSize": f.footerReferenceSize = size
            case "estimatedItemSize": f.estimatedItemSize = size
            default: break
            }
        }
        return f
    }
}
