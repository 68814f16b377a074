// `:cell`'s lines for what a cell shows beyond its standard labels: its class, image,
// accessory view and outlets (CellContent.swift), only when it has any.

extension Explorer {
    static func cellClassLines(_ cell: CellSnapshot, label: (LabelSnapshot?) -> String) -> String {
        var out = ""
        if let c = cell.cellClass { out += "  class            \(c)\n" }
        if let image = cell.imageName { out += "  imageView        image: \(TableEffect.quoted(image))\n" }
        // The accessory view's line is `accessoryViewLine` (Explorer+UIKit.swift), with its actions.
        let width = max(17, (cell.contents.map { $0.name.count }.max() ?? 0) + 2)
        for item in cell.contents {
            let name = item.name + String(repeating: " ", count: width - item.name.count)
            switch item {
            case .label(_, let l): out += "  \(name)UILabel(\(label(l)))\n"
            case .image(_, let image): out += "  \(name)UIImageView(image: \(image.map(TableEffect.quoted) ?? "nil"))\n"
            case .toggle(_, let isOn): out += "  \(name)UISwitch(isOn: \(isOn))\n"
            case .button(_, let title): out += "  \(name)UIButton(title: \(title.map(TableEffect.quoted) ?? "nil"))\n"
            case .progress(_, let progress): out += "  \(name)UIProgressView(progress: \(progress))\n"
            case .view(_, let type): out += "  \(name)\(type)\n"
            }
        }
        return out
    }

}
