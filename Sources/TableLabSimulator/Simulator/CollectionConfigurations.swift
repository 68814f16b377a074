// A collection view cell's configuration updates, as UIKit makes them (Apple's documentation
// of UICollectionViewCell's updateConfiguration(using:), configurationUpdateHandler and
// setNeedsUpdateConfiguration(); UIKit does not run on Linux): once cellForItemAt has
// returned the cell, and again when its configuration state changed (a tap selecting or
// deselecting it) or it asked for one, made once after the event, before it is drawn.
// The state is the cell's isSelected and isHighlighted; a collection view is not editing.

import TableLabInterpreter

extension TableSimulator {
    func updateCollectionConfiguration(of value: Value, _ cell: CollectionCellObject) throws {
        cell.needsConfigurationUpdate = false
        let overrides = interpreter.instanceMethod(of: value, "updateConfiguration(using:)") != nil
        let handler = CellObject.unwrapped(cell.configurationUpdateHandler)
        guard overrides || handler != nil else { return }
        let flag = { (id: HostMemberID) -> Value in
            if case .bool(let b)? = (try? cell.member(id: id))??.unboxedOptional { return .bool(b) }
            return .bool(false)
        }
        let state = try interpreter.callFunction("UICellConfigurationState.tableLabState(_:_:_:)",
                                                 arguments: [flag(UIKitObject.Key.isSelected), flag(UIKitObject.Key.isHighlighted), .bool(false)])
        if overrides { _ = try interpreter.callMethod(on: value, "updateConfiguration(using:)", [state]) }
        if let handler { _ = try interpreter.call(handler, [value, state]) }
    }

    /// The updates the cells on screen asked for, in the items' order.
    func updatePendingCollectionConfigurations(_ collection: CollectionViewObject) throws {
        guard let layout = collection.onScreen else { return }
        for section in layout.sections {
            for item in section.items {
                guard let cell = collectionCell(of: item.cell), cell.needsConfigurationUpdate else { continue }
                try updateCollectionConfiguration(of: item.cell, cell)
            }
        }
    }
}
