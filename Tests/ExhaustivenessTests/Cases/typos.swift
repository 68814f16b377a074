// Patterns naming no case: swiftc's error, TableLab adds swiftc's typo suggestions.
enum SectionType { case account, other }
enum Item { case manageAccounts, activeAccount, defaultCountry, aboutMe, donate, rateApp, shareApp }
enum CellType { case textAlignLeft, textAlignCenter, noData }

func misspelt(_ item: Item) {
    switch item {
    case .donat: print(1)
    default: print(2)
    }
}

func qualifiedMisspelt(_ item: Item) {
    switch item {
    case Item.rateap: print(1)
    case .shareApp: print(2)
    default: print(3)
    }
}

func wrongCase(_ cell: CellType) {
    switch cell {
    case .textAlignRight: print(1)
    case .textAlignLeft, .textAlignCenter: print(2)
    }
}

func nothingClose(_ type: SectionType) {
    switch type {
    case .settings: print(1)
    case .other: print(2)
    }
}

func inOptional(_ item: Item?) {
    switch item {
    case .donat?: print(1)
    default: print(2)
    }
}

func twoCandidates(_ cell: CellType) {
    switch cell {
    case .textAlignCente: print(1)
    default: print(2)
    }
}

func severalMisspelt(_ item: Item) {
    switch item {
    case .manageAcounts: print(1)
    case .activeAcount, .aboutMe: print(2)
    default: print(3)
    }
}

func onlyCaseDiffers(_ item: Item) {
    switch item {
    case .AboutMe: print(1)
    default: print(2)
    }
}

func inTuple(_ pair: (SectionType, CellType)) {
    switch pair {
    case (.acount, .noData): print(1)
    default: print(2)
    }
}

func wrongEnum(_ cell: CellType) {
    switch cell {
    case Item.donate: print(1)
    default: print(2)
    }
}

func memberOfBool(_ flag: Bool) {
    switch flag {
    case .donate: print(1)
    default: print(2)
    }
}

func wrongTupleLength(_ pair: (SectionType, CellType)) {
    switch pair {
    case (.account, .noData, _): print(1)
    default: print(2)
    }
}
