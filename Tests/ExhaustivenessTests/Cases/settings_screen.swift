// The settings screen of the first original, its switches as a developer writes them
// (and gets wrong) while adding rows.
enum SectionType { case account, other }
enum Item { case manageAccounts, activeAccount, defaultCountry, aboutMe, donate, rateApp, shareApp }

struct Section {
    var type: SectionType
    var items: [Item]
}

func headerTitle(_ section: Section) -> String? {
    switch section.type {
    case .account: return "Account"
    case .other: return nil
    }
}

func didSelect(_ item: Item) {
    switch item {
    case .manageAccounts: print("performSegue ManageAccounts")
    case .activeAccount: print("performSegue ActiveAccount")
    case .defaultCountry: print("performSegue DefaultCountry")
    case .aboutMe: print("performSegue AboutMe")
    case .donate: print("performSegue Donate")
    case .rateApp: print("rateApp()")
    }
}

func accessory(_ item: Item) -> String {
    switch item {
    case .rateApp, .shareApp: return "none"
    default: return "disclosureIndicator"
    }
}

func rowHeight(_ item: Item, _ compact: Bool) -> Double {
    switch (item, compact) {
    case (.aboutMe, _): return 88.0
    case (_, true): return 36.0
    case (_, false): return 44.0
    }
}

func isAccountRow(_ item: Item) -> Bool {
    switch item {
    case .manageAccounts, .activeAccount, .defaultCountry: return true
    case .aboutMe, .donate, .rateApp, .shareApp: return false
    default: return false
    }
}

func footer(_ type: SectionType, _ signedIn: Bool) -> String {
    switch (type, signedIn) {
    case (.account, true): return "Signed in"
    case (.account, false): return "Signed out"
    }
}

func movedRow(_ from: Item, _ to: SectionType?) {
    switch (from, to) {
    case (_, nil): print("dropped")
    case (.manageAccounts, .account?), (.activeAccount, .account?): print("stays")
    case (_, .other?): print("moves")
    }
}

func selectedItem(_ item: Item?) {
    switch item {
    case .some(.donate): print("donate")
    case .some(.rateApp), .some(.shareApp): print("share")
    case .some(_): print("push")
    case .none: print("nothing selected")
    }
}

func duplicateDuringRefactor(_ item: Item) {
    switch item {
    case .donate: print(1)
    case .rateApp: print(2)
    case .donate: print(3)
    default: print(4)
    }
}
