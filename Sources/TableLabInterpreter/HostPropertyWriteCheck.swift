// An assignment to a host object's property that UIKit declares without a setter
// (`tableView.visibleCells = []`, `view.subviews = []`, `cell.contentView = UIView()`,
// `search.searchBar = search.searchBar`) is swiftc's "is a get-only property" before anything
// runs, where the declarations tell the receiver is of that UIKit class exactly (a script's
// subclass may override the property with a setter). The run refused some of these, accepted
// others (`view.subviews = []` ran). Which properties have no setter is the host's
// (`hostGetOnlyProperties`: the catalogue generated from the UIKit stub, and the classes it
// simulates beyond the stub).

import TableLabSyntax

extension InterpreterCore {
    func hostPropertyWriteCheck(_ types: ScopedTyper, _ file: SourceFile) -> HostPropertyWriteCheck {
        HostPropertyWriteCheck(types: types, file: file, getOnly: hosting.getOnlyProperties)
    }
}

struct HostPropertyWriteCheck: ScopedCheck {
    let types: ScopedTyper
    let file: SourceFile
    let getOnly: ((String) -> Set<String>?)?
    private(set) var found: [Diagnostic] = []

    init(types: ScopedTyper, file: SourceFile, getOnly: ((String) -> Set<String>?)?) {
        self.types = types; self.file = file; self.getOnly = getOnly
    }

    /// Refuses `s` if it assigns such a property; true when it did (swiftc then says nothing
    /// more of the assignment: no "assigning a property to itself").
    mutating func refuses(_ s: Stmt, _ scopes: LexicalScopes, _ place: WalkPlace) -> Bool {
        guard let getOnly, case .assignment(let target, _, _) = s.kind, case .member(let base, let name) = target.kind,
              let t = types.typed(base, scopes, place) else { return false }
        let type: String
        switch t.type {
        case .named(let n), .optional(.named(let n)): type = n
        default: return false
        }
        guard getOnly(type)?.contains(name) == true else { return false }
        found.append(.error(AssignmentMessage.getOnlyProperty(name), at: target.location, in: file))
        return true
    }
}
