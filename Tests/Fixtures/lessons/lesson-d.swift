// Lesson D: the second original ("[Swift]UITableViewCellをEnumで管理する"), typed at the prompt
// block by block in the article's order (LessonDSessionTests). Its code as written, with
// two changes an Xcode project does not need: there is no storyboard, so each cell's
// `@IBOutlet weak var titleLabel: UILabel!` is a label made in code (the title also goes to
// the cell's textLabel, which TableLab draws), and the view controller makes its table
// view and registers the three cell classes under their reuse identifiers.
// Sections: `// === NAME`; blocks within a section are separated by blank lines at the
// top level.

// === article

enum CellType {
    case textAliginLeft
    case textAliginCenter
    case noData
}

struct Item {
    var title = ""
    var type = CellType.noData
}

protocol UITableViewCellType {
    static var reuseIdentifier: String { get }
}

extension UITableViewCell: UITableViewCellType {
    internal static var reuseIdentifier: String {
        return String(describing: self)
    }
}

final class TextAlignLeftTableViewCell: UITableViewCell {
    let titleLabel = UILabel()

    func configForCell(item: Item) {
        titleLabel.text = item.title
        textLabel?.text = item.title
    }
}

final class TextAlignCenterTableViewCell: UITableViewCell {
    let titleLabel = UILabel()

    func configForCell(item: Item) {
        titleLabel.text = item.title
        textLabel?.text = item.title
        textLabel?.textAlignment = .center
    }
}

final class NoDataTableViewCell: UITableViewCell {
    let titleLabel = UILabel()

    func configForCell(title: String) {
        titleLabel.text = title
        textLabel?.text = title
    }
}

enum CellType {
    case textAliginLeft
    case textAliginCenter
    case noData

    func cell(tableView: UITableView, indexPath: IndexPath) -> UITableViewCell {

        switch self {
        case .textAliginLeft:
            return tableView.dequeueReusableCell(withIdentifier: TextAlignLeftTableViewCell.reuseIdentifier,
                                                 for: indexPath as IndexPath) as! TextAlignLeftTableViewCell

        case .textAliginCenter:
            return tableView.dequeueReusableCell(withIdentifier: TextAlignCenterTableViewCell.reuseIdentifier,
                                                 for: indexPath as IndexPath) as! TextAlignCenterTableViewCell

        case .noData:
            return tableView.dequeueReusableCell(withIdentifier: NoDataTableViewCell.reuseIdentifier,
                                                 for: indexPath as IndexPath) as! NoDataTableViewCell
        }
    }

    func configCellForList(cell: UITableViewCell,
                               indexPath: IndexPath,
                               items: [Item]) {

        switch self {
        case .textAliginLeft:
            let cell = cell as! TextAlignLeftTableViewCell
            cell.configForCell(item: items[indexPath.row])

        case .textAliginCenter:
            let cell = cell as! TextAlignCenterTableViewCell
            cell.configForCell(item: items[indexPath.row])

        case .noData:
            let cell = cell as! NoDataTableViewCell
            cell.configForCell(title: "該当するデータはありません")
        }
    }

    func heightForRow() -> CGFloat {

        switch self {
        case .textAliginLeft, .textAliginCenter:
            return 44.0
        default:
            return UIScreen.main.bounds.height
        }
    }
}

extension UITableView {

    func cellType(indexPath: IndexPath, items: [Item]) -> CellType {
        if items.count == 0 { return .noData }
        return items[indexPath.row].type
    }
}

final class ListDataSource:NSObject, UITableViewDataSource {

    fileprivate var items: [Item] = []

    func setItems(items: [Item]) {
        self.items = items
    }

    func tableView(_ tableView: UITableView,
                   numberOfRowsInSection section: Int) -> Int {
        return items.count == 0 ? 1 : items.count
    }

    func tableView(_ tableView: UITableView,
                   cellForRowAt indexPath: IndexPath) -> UITableViewCell {

        let cellType = tableView.cellType(indexPath: indexPath,
                                              items: items)
        let cell = cellType.cell(tableView: tableView,
                                 indexPath: indexPath)
        cellType.configCellForList(cell: cell,
                              indexPath: indexPath,
                                  items: items)
        return cell
    }
}

class ViewController: UIViewController {

    let tableView = UITableView()
    let dataSource = ListDataSource()
    var items: [Item] = [
        Item(title: "title1", type: CellType.textAliginLeft),
        Item(title: "title2", type: CellType.textAliginCenter)
    ]
    override func viewDidLoad() {
        super.viewDidLoad()
        view.addSubview(tableView)
        tableView.register(TextAlignLeftTableViewCell.self, forCellReuseIdentifier: TextAlignLeftTableViewCell.reuseIdentifier)
        tableView.register(TextAlignCenterTableViewCell.self, forCellReuseIdentifier: TextAlignCenterTableViewCell.reuseIdentifier)
        tableView.register(NoDataTableViewCell.self, forCellReuseIdentifier: NoDataTableViewCell.reuseIdentifier)
        setup()
    }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        loadList()
    }

    fileprivate func setup() {
        tableView.dataSource = dataSource
        tableView.delegate = self
    }

    fileprivate func loadList() {
        dataSource.setItems(items: items)
    }
}

extension ViewController: UITableViewDelegate {

    func tableView(_ tableView: UITableView,
                   heightForRowAt indexPath: IndexPath) -> CGFloat {

        let cellType = tableView.cellType(indexPath: indexPath,
                                              items: items)
        return cellType.heightForRow()
    }
}

// === new case, switches not yet handling it

enum CellType {
    case textAliginLeft
    case textAliginCenter
    case noData
    case textAlignRight

    func cell(tableView: UITableView, indexPath: IndexPath) -> UITableViewCell {

        switch self {
        case .textAliginLeft:
            return tableView.dequeueReusableCell(withIdentifier: TextAlignLeftTableViewCell.reuseIdentifier,
                                                 for: indexPath as IndexPath) as! TextAlignLeftTableViewCell

        case .textAliginCenter:
            return tableView.dequeueReusableCell(withIdentifier: TextAlignCenterTableViewCell.reuseIdentifier,
                                                 for: indexPath as IndexPath) as! TextAlignCenterTableViewCell

        case .noData:
            return tableView.dequeueReusableCell(withIdentifier: NoDataTableViewCell.reuseIdentifier,
                                                 for: indexPath as IndexPath) as! NoDataTableViewCell
        }
    }

    func configCellForList(cell: UITableViewCell,
                               indexPath: IndexPath,
                               items: [Item]) {

        switch self {
        case .textAliginLeft:
            let cell = cell as! TextAlignLeftTableViewCell
            cell.configForCell(item: items[indexPath.row])

        case .textAliginCenter:
            let cell = cell as! TextAlignCenterTableViewCell
            cell.configForCell(item: items[indexPath.row])

        case .noData:
            let cell = cell as! NoDataTableViewCell
            cell.configForCell(title: "該当するデータはありません")
        }
    }

    func heightForRow() -> CGFloat {

        switch self {
        case .textAliginLeft, .textAliginCenter:
            return 44.0
        default:
            return UIScreen.main.bounds.height
        }
    }
}

// === new cell class

final class TextAlignRightTableViewCell: UITableViewCell {
    func configForCell(item: Item) {
        textLabel?.text = item.title
        textLabel?.textAlignment = .right
    }
}

// === new case handled

enum CellType {
    case textAliginLeft
    case textAliginCenter
    case noData
    case textAlignRight

    func cell(tableView: UITableView, indexPath: IndexPath) -> UITableViewCell {

        switch self {
        case .textAliginLeft:
            return tableView.dequeueReusableCell(withIdentifier: TextAlignLeftTableViewCell.reuseIdentifier,
                                                 for: indexPath as IndexPath) as! TextAlignLeftTableViewCell

        case .textAliginCenter:
            return tableView.dequeueReusableCell(withIdentifier: TextAlignCenterTableViewCell.reuseIdentifier,
                                                 for: indexPath as IndexPath) as! TextAlignCenterTableViewCell

        case .textAlignRight:
            return tableView.dequeueReusableCell(withIdentifier: TextAlignRightTableViewCell.reuseIdentifier, for: indexPath)

        case .noData:
            return tableView.dequeueReusableCell(withIdentifier: NoDataTableViewCell.reuseIdentifier,
                                                 for: indexPath as IndexPath) as! NoDataTableViewCell
        }
    }

    func configCellForList(cell: UITableViewCell,
                               indexPath: IndexPath,
                               items: [Item]) {

        switch self {
        case .textAliginLeft:
            let cell = cell as! TextAlignLeftTableViewCell
            cell.configForCell(item: items[indexPath.row])

        case .textAliginCenter:
            let cell = cell as! TextAlignCenterTableViewCell
            cell.configForCell(item: items[indexPath.row])

        case .textAlignRight:
            let cell = cell as! TextAlignRightTableViewCell
            cell.configForCell(item: items[indexPath.row])

        case .noData:
            let cell = cell as! NoDataTableViewCell
            cell.configForCell(title: "該当するデータはありません")
        }
    }

    func heightForRow() -> CGFloat {

        switch self {
        case .textAliginLeft, .textAliginCenter:
            return 44.0
        default:
            return UIScreen.main.bounds.height
        }
    }
}
