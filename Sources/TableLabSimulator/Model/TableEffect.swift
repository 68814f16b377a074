/// Something a delegate method did that would change the screen, recorded in order so
/// that `:select` can show what a tap caused.
public enum TableEffect: Equatable, Sendable, CustomStringConvertible {
    /// performSegue(withIdentifier:sender:); `pushedTable` names the script's table that
    /// the segue pushed, if any.
    case performSegue(identifier: String, pushedTable: String?)
    case deselectRow(TableIndexPath, animated: Bool)
    /// A collection view's deselectItem(at:animated:).
    case deselectItem(TableIndexPath, animated: Bool)
    /// A collection view's selectItem(at:animated:scrollPosition:); nil clears the selection.
    case selectItem(TableIndexPath?, animated: Bool)
    /// selectRow(at:animated:scrollPosition:); nil clears the selection.
    case selectRow(TableIndexPath?, animated: Bool)
    /// present(_:animated:) of an alert controller, with its buttons in the order added.
    case alert(title: String?, message: String?, buttons: [AlertButton] = [])
    /// The system's alert asking the user for access to their data (`service`: "Contacts"),
    /// shown over the app at the first request: its title names the app and its message is
    /// the app's usage description (Info.plist), which TableLab does not have.
    case permissionAlert(service: String, buttons: [AlertButton])
    case reloadData
    case reloadRows([TableIndexPath])
    case insertRows([TableIndexPath])
    case deleteRows([TableIndexPath])
    case moveRow(from: TableIndexPath, to: TableIndexPath)
    /// print(...) output, without its terminator.
    case print(String)
    /// open(url:), UIApplication.shared.open.
    case openURL(String)

    /// A stable lower-camel-case name of the kind of effect (used in JSON).
    public var kind: String {
        switch self {
        case .performSegue: return "performSegue"
        case .deselectRow: return "deselectRow"
        case .deselectItem: return "deselectItem"
        case .selectItem: return "selectItem"
        case .selectRow: return "selectRow"
        case .alert: return "alert"
        case .permissionAlert: return "permissionAlert"
        case .reloadData: return "reloadData"
        case .reloadRows: return "reloadRows"
        case .insertRows: return "insertRows"
        case .deleteRows: return "deleteRows"
        case .moveRow: return "moveRow"
        case .print: return "print"
        case .openURL: return "openURL"
        }
    }

    /// One line, e.g. `performSegue "About" → About` or `deselectRow [0, 4] animated`.
    public var description: String {
        switch self {
        case let .performSegue(identifier, pushedTable):
            let push = pushedTable.map { " → push \($0)" } ?? ""
            return "performSegue \(Self.quoted(identifier))\(push)"
        case let .deselectRow(indexPath, animated):
            return "deselectRow \(indexPath)" + (animated ? " animated" : "")
        case let .deselectItem(indexPath, animated):
            return "deselectItem \(indexPath)" + (animated ? " animated" : "")
        case let .selectItem(indexPath, animated):
            return "selectItem \(indexPath.map(\.description) ?? "nil")" + (animated ? " animated" : "")
        case let .selectRow(indexPath, animated):
            return "selectRow \(indexPath.map(\.description) ?? "nil")" + (animated ? " animated" : "")
        case let .alert(title, message, buttons):
            var parts: [String] = []
            if let title { parts.append(Self.quoted(title)) }
            if let message { parts.append(Self.quoted(message)) }
            if !buttons.isEmpty { parts.append("buttons " + buttons.map(\.description).joined(separator: ", ")) }
            return (["alert"] + parts).joined(separator: " ")
        case let .permissionAlert(service, buttons):
            return "permission alert \(service) buttons " + buttons.map(\.description).joined(separator: ", ")
        case .reloadData:
            return "reloadData"
        case let .reloadRows(paths):
            return "reloadRows " + Self.list(paths)
        case let .insertRows(paths):
            return "insertRows " + Self.list(paths)
        case let .deleteRows(paths):
            return "deleteRows " + Self.list(paths)
        case let .moveRow(from, to):
            return "moveRow \(from) → \(to)"
        case let .print(text):
            return "print " + Self.quoted(text)
        case let .openURL(url):
            return "open " + Self.quoted(url)
        }
    }

    private static func list(_ paths: [TableIndexPath]) -> String {
        paths.isEmpty ? "[]" : paths.map(\.description).joined(separator: " ")
    }

    /// A Swift string literal, so that one effect stays on one line.
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}

/// A button of a presented alert (`UIAlertAction(title:style:handler:)`).
public struct AlertButton: Equatable, Sendable, CustomStringConvertible {
    public var title: String?
    /// `default`, `cancel` or `destructive`.
    public var style: String
    public init(title: String?, style: String) { self.title = title; self.style = style }
    /// `"Delete" .destructive`; a default button is its title alone.
    public var description: String {
        let text = title.map { TableEffect.quoted($0) } ?? "nil"
        return style == "default" ? text : text + " ." + style
    }
}
