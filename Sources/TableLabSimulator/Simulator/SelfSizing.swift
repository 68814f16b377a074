// Self-sizing rows (`UITableView.automaticDimension`, UIKit's default `rowHeight` since
// iOS 11, or heightForRowAt returning it): UIKit measures the cell's content with Auto
// Layout. TableLab measures no constraints and no text wrapping, so it gives a height as
// UIKit's only where the content fixes it: a standard-style cell showing one line of the
// default 17-point body text in each label (and nothing else of its own) is 44 points at
// the default Dynamic Type size. Any other content (a cell class's views, a content
// configuration, more than one line, another font, a subtitle's second line, an image
// from the app's assets) is answered with the table's estimate (`estimatedRowHeight`, else
// 44) and marked as one (`RowSnapshot.heightIsEstimate`), never as the height UIKit gives.

import TableLabInterpreter

extension CellObject {
    /// The height self-sizing gives this cell when its content alone fixes it, else nil.
    var standardSelfSizedHeight: Double? {
        guard scriptAddsNothing, !hasImageOfUnknownSize else { return nil }
        if style == .subtitle, !(detailTextLabel?.snapshot.text ?? "").isEmpty { return nil }
        for label in [textLabel, detailTextLabel].compactMap({ $0 }) where !(label.snapshot.text ?? "").isEmpty {
            guard label.isOneLineOfBodyText else { return nil }
        }
        return TableMetrics.defaultRowHeight
    }

    /// No view, outlet or content configuration beside UIKit's own labels and image view.
    private var scriptAddsNothing: Bool {
        guard ownSubviews.isEmpty, CellObject.unwrapped(contentConfiguration) == nil,
              (outletReader?() ?? []).isEmpty else { return false }
        return contentView.subviews.isEmpty
    }

    /// An image from the app's assets: its size, which TableLab does not know, may make
    /// the row taller. (An SF Symbol at the default configuration fits the 44 points.)
    private var hasImageOfUnknownSize: Bool {
        guard case .object(let image as ImageObject)? = CellObject.unwrapped(imageView.image) else { return false }
        return !image.isSystem
    }
}

extension LabelObject {
    /// One line (`numberOfLines` 1, no line break in its text) in a 17-point system font.
    var isOneLineOfBodyText: Bool {
        guard case .int(1)? = more.properties[UIKitObject.Key.numberOfLines], !(snapshot.text ?? "").contains(where: \.isNewline) else { return false }
        guard case .object(let font as FontObject)? = more.properties[UIKitObject.Key.font] else { return false }
        return font.isSystem && font.pointSize == 17
    }
}

extension TableSimulator {
    /// A row's height once its cell is known: `answer` as UIKit was told it, or for
    /// automaticDimension the cell's self-sized height where TableLab knows it, else the
    /// table's estimate, marked.
    func rowHeight(_ answer: Double, cell: CellObject?, _ state: TableState) -> (height: Double, isEstimate: Bool) {
        guard answer == TableSimulator.automaticDimension else { return (answer, false) }
        if let exact = cell?.standardSelfSizedHeight { return (exact, false) }
        let estimate = state.estimatedRowHeight > 0 ? state.estimatedRowHeight : TableMetrics.defaultRowHeight
        return (estimate, true)
    }
}
