// Storyboards loaded with `:storyboard FILE` (or `tablelab --storyboard FILE`): what they
// give a screen of the script's, found by its class name (the scene's customClass), as
// UIKit gives it when the storyboard instantiates the view controller.

import TableLabSyntax
import TableLabInterpreter

extension TableSimulator {
    /// The scene of the script's screen class `name` in the storyboards loaded, the last
    /// loaded first (a later file replaces an earlier one's scene of that class).
    func storyboardScene(forClass name: String) -> Storyboard.Controller? {
        for board in storyboards.reversed() {
            if let c = board.controller(forClass: name) { return c }
        }
        return nil
    }

    /// Registers the prototype cells of the screen's storyboard scene in its table's state:
    /// a cell of the script's class as that class (made as a storyboard makes it); a cell of
    /// one of UIKit's styles with that style; a Custom cell without a class of its own as a
    /// `.default` cell (its `textLabel` is drawn as such a cell's).
    func applyStoryboard(to state: TableState, screenClass name: String) {
        guard let scene = storyboardScene(forClass: name) else { return }
        for table in scene.tables {
            for p in table.prototypes {
                guard let id = p.reuseIdentifier else { continue }
                if let cellClass = p.customClass, interpreter.typeKind(cellClass) == "class" {
                    state.registry.register(id, source: .storyboard(cellClass: cellClass))
                } else {
                    state.registry.register(id, style: p.style ?? .default)
                }
            }
        }
    }
}
