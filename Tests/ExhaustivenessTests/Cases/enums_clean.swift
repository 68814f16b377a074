// Plain enums that type-check: complete switches, redundant cases, useless defaults.
enum SectionType { case account, other }
enum Item { case manageAccounts, activeAccount, defaultCountry, aboutMe, donate, rateApp, shareApp }
enum CellType { case textAlignLeft, textAlignCenter, noData }

func complete(_ item: Item) {
    switch item {
    case .manageAccounts, .activeAccount, .defaultCountry: print("account")
    case .aboutMe, .donate, .rateApp, .shareApp: print("other")
    }
}

func wildcardAfterSome(_ item: Item) {
    switch item {
    case .donate: print("donate")
    case _: print("other")
    }
}

func bindingCatchAll(_ cell: CellType) {
    switch cell {
    case .noData: print("none")
    case let other: print(other)
    }
}

func uselessDefault(_ type: SectionType) {
    switch type {
    case .account: print("a")
    case .other: print("o")
    default: print("never")
    }
}

func neededDefault(_ item: Item) {
    switch item {
    case .donate: print("donate")
    default: print("other")
    }
}

func duplicateCase(_ cell: CellType) {
    switch cell {
    case .textAlignLeft: print(1)
    case .textAlignLeft: print(2)
    case .textAlignCenter, .noData: print(3)
    }
}

func duplicateInOneCase(_ type: SectionType) {
    switch type {
    case .account, .account: print(1)
    case .other: print(2)
    }
}

func caseAfterWildcard(_ type: SectionType) {
    switch type {
    case _: print(1)
    case .other: print(2)
    }
}

func guardedThenComplete(_ cell: CellType, _ flag: Bool) {
    switch cell {
    case .noData where flag: print(0)
    case .textAlignLeft, .textAlignCenter, .noData: print(1)
    default: print(2)
    }
}

func guardedThenRepeated(_ cell: CellType, _ flag: Bool) {
    switch cell {
    case .noData where flag: print(0)
    case .noData: print(1)
    case .textAlignLeft, .textAlignCenter: print(2)
    }
}

func defaultAfterBinding(_ item: Item) {
    switch item {
    case .donate: print(1)
    case let x: print(x)
    default: print(2)
    }
}

func wildcardRedundantAfterAll(_ cell: CellType) {
    switch cell {
    case .textAlignLeft: print(1)
    case .textAlignCenter: print(2)
    case .noData: print(3)
    case _: print(4)
    }
}

func varBinding(_ item: Item) {
    switch item {
    case var x: x = .donate; print(x)
    }
}

func qualifiedAndImplicit(_ item: Item) {
    switch item {
    case Item.donate: print(1)
    case .donate: print(2)
    default: print(3)
    }
}

extension CellType {
    var reuseIdentifier: String {
        switch self {
        case .textAlignLeft: return "TextAlignLeftCell"
        case .textAlignCenter: return "TextAlignCenterCell"
        case .noData: return "NoDataCell"
        }
    }

    func height() -> Double {
        switch self {
        case .noData: return 88.0
        default: return 44.0
        }
    }
}

struct Row {
    var title = ""
    var type = CellType.noData
}

func propertyType(_ row: Row) {
    switch row.type {
    case .textAlignLeft, .textAlignCenter: print(row.title)
    case .noData: print("no data")
    default: print("never")
    }
}
