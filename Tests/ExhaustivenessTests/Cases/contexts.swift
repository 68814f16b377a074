// Where the subject's type comes from: annotations, `self` in an enum, struct properties,
// the patterns themselves; switches as expressions and inside closures.
enum SectionType { case account, other }
enum Item { case manageAccounts, activeAccount, defaultCountry, aboutMe, donate, rateApp, shareApp }
enum CellType { case textAlignLeft, textAlignCenter, noData }

struct Section {
    var type: SectionType
    var items: [Item]
}

struct Cell {
    var title = ""
    var cellType = CellType.noData
}

extension SectionType {
    var title: String {
        switch self {
        case .account: return "Account"
        }
    }
}

extension Item {
    func height() -> Double {
        switch self {
        case .manageAccounts, .activeAccount: return 44.0
        case .aboutMe, .donate: return 60.0
        }
    }
}

func sectionHeader(_ section: Section) -> String {
    switch section.type {
    case .other: return "Other"
    }
}

func cellHeight(_ cell: Cell) -> Double {
    switch cell.cellType {
    case .noData: return 88.0
    case .textAlignLeft: return 44.0
    }
}

func localAnnotation() {
    let item: Item = .donate
    switch item {
    case .donate: print("thanks")
    }
}

func switchExpression(_ type: SectionType) -> Int {
    let count = switch type {
    case .account: 3
    }
    return count
}

func insideClosure(_ items: [Item]) {
    items.forEach { (item: Item) in
        switch item {
        case .rateApp: print("rate")
        case .shareApp: print("share")
        }
    }
}

func nestedSwitch(_ type: SectionType, _ cell: CellType) {
    switch type {
    case .account:
        switch cell {
        case .textAlignCenter: print(1)
        }
    case .other: print(2)
    }
}

func tupleOfParameters(_ type: SectionType, _ flag: Bool) {
    switch (type, flag) {
    case (.account, true): print(1)
    case (.other, false): print(2)
    }
}

func optionalParameter(_ item: Item?) {
    switch item {
    case .donate?: print(1)
    case nil: print(0)
    }
}

func nestedFunction() {
    func inner(_ cell: CellType) {
        switch cell {
        case .noData: print(0)
        }
    }
    inner(.noData)
}
