// A view controller's data source: subjects reached through stored properties and
// array subscripts (`sections[section].items[row]`), as in the first original.
enum SectionType { case account, other }
enum Item { case manageAccounts, activeAccount, defaultCountry, aboutMe, donate, rateApp, shareApp }

struct Section {
    var type: SectionType
    var items: [Item]
}

struct SettingsViewController {
    var sections = [Section]()
    var lastSelected: Item? = nil
    var flags: [String: Bool] = [:]

    func titleForHeader(inSection section: Int) -> String {
        switch sections[section].type {
        case .account: return "Account"
        }
    }

    func didSelectRow(_ section: Int, _ row: Int) {
        switch sections[section].items[row] {
        case .manageAccounts, .activeAccount, .defaultCountry: print("account")
        case .aboutMe: print("about")
        case .donate, .rateApp: print("store")
        }
    }

    func reselect() {
        switch self.lastSelected {
        case .donate?: print("again")
        case nil: print("nothing")
        }
    }

    func flag(_ name: String) {
        switch flags[name] {
        case true?: print("on")
        case false?: print("off")
        }
    }

    func heightForRow(_ section: Int, _ row: Int) -> Double {
        let item = sections[section].items[row]
        switch item {
        case .aboutMe: return 88.0
        default: return 44.0
        }
    }
}
