import UIKit
class ListViewController: UIViewController {
    let tableView = UITableView()
    var names = ["Ada", "Grace"]
    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.dataSource = self
    }
}
