// Tuples of enums, Bools and optionals: missing combinations, folded with wildcards.
enum SectionType { case account, other }
enum Item { case manageAccounts, activeAccount, defaultCountry, aboutMe, donate, rateApp, shareApp }
enum CellType { case textAlignLeft, textAlignCenter, noData }

func twoRows(_ pair: (SectionType, CellType)) {
    switch pair {
    case (.account, .textAlignLeft): print(1)
    case (.other, .noData): print(2)
    }
}

func oneColumnCovered(_ pair: (SectionType, CellType)) {
    switch pair {
    case (.account, _): print(1)
    }
}

func secondColumnOpen(_ pair: (SectionType, CellType)) {
    switch pair {
    case (_, .noData): print(1)
    case (.account, .textAlignLeft): print(2)
    }
}

func boolPair(_ flags: (Bool, Bool)) {
    switch flags {
    case (true, true): print(1)
    case (false, false): print(2)
    }
}

func sectionAndFlag(_ pair: (SectionType, Bool)) {
    switch pair {
    case (.account, true): print(1)
    case (.other, _): print(2)
    }
}

func triple(_ t: (SectionType, Bool, CellType)) {
    switch t {
    case (.account, _, _): print(1)
    case (.other, true, .noData): print(2)
    }
}

func withOptional(_ pair: (CellType?, SectionType)) {
    switch pair {
    case (nil, _): print(0)
    case (.noData?, .account): print(1)
    }
}

func withLiteral(_ pair: (Bool, Int)) {
    switch pair {
    case (true, 1): print(1)
    case (false, _): print(2)
    }
}

func withOpen(_ pair: (SectionType, String)) {
    switch pair {
    case (.account, let s): print(s)
    }
}

func bindingsInTuple(_ pair: (SectionType, CellType)) {
    switch pair {
    case let (s, .noData): print(s)
    case (.account, let c): print(c)
    }
}

func itemAndSection(_ pair: (Item, SectionType)) {
    switch pair {
    case (.donate, .other), (.rateApp, .other), (.shareApp, .other): print(1)
    case (.manageAccounts, _): print(2)
    }
}

func guardedRow(_ pair: (SectionType, CellType), _ flag: Bool) {
    switch pair {
    case (.account, _) where flag: print(1)
    case (.other, _): print(2)
    }
}

func nestedTuple(_ t: ((SectionType, Bool), CellType)) {
    switch t {
    case ((.account, _), .noData): print(1)
    case ((_, true), _): print(2)
    }
}
