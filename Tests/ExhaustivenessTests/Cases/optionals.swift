// Optionals, nested too: missing `.none` and `.some(...)`.
enum SectionType { case account, other }
enum Item { case manageAccounts, activeAccount, defaultCountry, aboutMe, donate, rateApp, shareApp }
enum CellType { case textAlignLeft, textAlignCenter, noData }

func missingNil(_ cell: CellType?) {
    switch cell {
    case .textAlignLeft?: print(1)
    case .textAlignCenter?, .noData?: print(2)
    }
}

func missingSome(_ cell: CellType?) {
    switch cell {
    case nil: print(0)
    case .textAlignLeft: print(1)
    }
}

func someWildcard(_ type: SectionType?) {
    switch type {
    case .some(_): print(1)
    }
}

func someBinding(_ type: SectionType?) {
    switch type {
    case let x?: print(x)
    }
}

func noneOnly(_ item: Item?) {
    switch item {
    case .none: print(0)
    }
}

func nestedOptional(_ cell: CellType??) {
    switch cell {
    case .some(.some(.noData)): print(1)
    case .none: print(0)
    }
}

func nestedWithNil(_ type: SectionType??) {
    switch type {
    case .some(nil): print(1)
    case .account??: print(2)
    }
}

func optionalBool(_ flag: Bool?) {
    switch flag {
    case true?: print(1)
    case nil: print(0)
    }
}

func optionalTuple(_ pair: (SectionType, CellType)?) {
    switch pair {
    case (.account, _)?: print(1)
    case nil: print(0)
    }
}

func optionalOfOpen(_ n: Int?) {
    switch n {
    case nil: print(0)
    }
}

func qualifiedInOptional(_ item: Item?) {
    switch item {
    case Item.donate: print(1)
    case Optional.none: print(0)
    case .some(.rateApp): print(2)
    }
}

func emptyOptionalSwitchCases(_ cell: CellType?) {
    switch cell {
    case .some(.noData): print(1)
    case .some(.textAlignLeft): print(2)
    }
}
