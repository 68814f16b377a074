// Plain enums: switches that miss cases.
enum SectionType { case account, other }
enum Item { case manageAccounts, activeAccount, defaultCountry, aboutMe, donate, rateApp, shareApp }
enum CellType { case textAlignLeft, textAlignCenter, noData }

func missingOne(_ item: Item) {
    switch item {
    case .manageAccounts, .activeAccount, .defaultCountry: print("account")
    case .aboutMe, .rateApp, .shareApp: print("other")
    }
}

func missingSeveral(_ item: Item) {
    switch item {
    case .manageAccounts: print("manage")
    case .donate: print("donate")
    }
}

func missingAllButOne(_ type: SectionType) {
    switch type {
    case .account: print("account")
    }
}

func qualifiedNames(_ cell: CellType) {
    switch cell {
    case CellType.textAlignLeft: print("left")
    case CellType.noData: print("none")
    }
}

func whereDoesNotCover(_ cell: CellType, _ flag: Bool) {
    switch cell {
    case .textAlignLeft: print("left")
    case .textAlignCenter where flag: print("center")
    case .noData: print("none")
    }
}

func everyCaseGuarded(_ type: SectionType, _ flag: Bool) {
    switch type {
    case .account where flag: print("a")
    case .other where !flag: print("o")
    }
}

func redundantAndMissing(_ item: Item) {
    switch item {
    case .aboutMe: print(1)
    case .donate, .aboutMe: print(2)
    case .rateApp: print(3)
    }
}

func bindingsInOtherCases(_ cell: CellType) {
    switch cell {
    case .noData: print("none")
    case .textAlignCenter: print("center")
    }
}

func selfInEnum() {}

extension Item {
    var title: String {
        switch self {
        case .manageAccounts: return "Manage Accounts"
        case .activeAccount: return "Active Account"
        case .defaultCountry: return "Default Country"
        case .aboutMe: return "About Me"
        case .donate: return "Donate"
        }
    }
}
