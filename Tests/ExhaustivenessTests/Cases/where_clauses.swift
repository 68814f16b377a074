// `where` never counts as covering, and belongs to the last pattern of its case.
// (swiftc's parser also warns that such a `where` only applies to the last pattern
// when both are on one line; so does TableLab.)
enum SectionType { case account, other }
enum Item { case manageAccounts, activeAccount, defaultCountry, aboutMe, donate, rateApp, shareApp }

func whereOnLastPattern(_ item: Item, _ signedIn: Bool) {
    switch item {
    case .manageAccounts, .activeAccount where signedIn: print("account")
    case .defaultCountry, .aboutMe, .donate, .rateApp, .shareApp: print("other")
    }
}

func whereOnEveryCase(_ type: SectionType, _ n: Int) {
    switch type {
    case .account where n > 0: print(1)
    case .account where n <= 0: print(2)
    case .other: print(3)
    }
}

func whereThenCatchAll(_ item: Item, _ n: Int) {
    switch item {
    case .donate where n > 0: print(1)
    case let other where n < 0: print(other)
    case _: print(3)
    }
}

func whereOnTuple(_ pair: (SectionType, Bool), _ n: Int) {
    switch pair {
    case (.account, _) where n > 0: print(1)
    case (_, true): print(2)
    case (.other, false): print(3)
    }
}

func whereOnOptional(_ item: Item?, _ n: Int) {
    switch item {
    case nil where n > 0: print(0)
    case .some(_): print(1)
    }
}

func whereBeforeDefault(_ type: SectionType, _ n: Int) {
    switch type {
    case .account where n > 0: print(1)
    case .other where n > 0: print(2)
    default: print(3)
    }
}

func whereBindingOnly(_ row: Int) {
    switch row {
    case let r where r >= 0: print(r)
    case let r where r < 0: print(-r)
    }
}
