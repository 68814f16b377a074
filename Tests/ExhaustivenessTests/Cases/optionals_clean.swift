// Optionals that type-check: complete, redundant, useless default.
enum SectionType { case account, other }
enum Item { case manageAccounts, activeAccount, defaultCountry, aboutMe, donate, rateApp, shareApp }
enum CellType { case textAlignLeft, textAlignCenter, noData }

func complete(_ cell: CellType?) {
    switch cell {
    case .textAlignLeft?: print(1)
    case .textAlignCenter, .noData: print(2)
    case nil: print(0)
    }
}

func completeWithBinding(_ item: Item?) {
    switch item {
    case .none: print(0)
    case .some(let x): print(x)
    }
}

func uselessDefault(_ type: SectionType?) {
    switch type {
    case .account?: print(1)
    case .other?: print(2)
    case nil: print(0)
    default: print(3)
    }
}

func redundantSome(_ type: SectionType?) {
    switch type {
    case let x?: print(x)
    case .other?: print(2)
    case nil: print(0)
    }
}

func redundantNone(_ cell: CellType?) {
    switch cell {
    case nil: print(0)
    case .none: print(1)
    case _?: print(2)
    }
}

func bareSomeAfterSpecific(_ cell: CellType?) {
    switch cell {
    case .some(.noData): print(1)
    case .some: print(2)
    case nil: print(0)
    }
}

func defaultAfterSomeBinding(_ item: Item?) {
    switch item {
    case nil: print(0)
    case let x?: print(x)
    default: print(2)
    }
}

func nestedComplete(_ type: SectionType??) {
    switch type {
    case .none: print(0)
    case .some(.none): print(1)
    case .some(.some(.account)): print(2)
    case .other??: print(3)
    }
}

func defaultNeeded(_ item: Item?) {
    switch item {
    case .donate?: print(1)
    default: print(2)
    }
}
