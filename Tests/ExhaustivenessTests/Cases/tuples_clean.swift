// Tuples that type-check: complete, redundant rows, defaults SILGen can or cannot prove dead.
enum SectionType { case account, other }
enum CellType { case textAlignLeft, textAlignCenter, noData }

func complete(_ pair: (SectionType, CellType)) {
    switch pair {
    case (.account, _): print(1)
    case (.other, .noData): print(2)
    case (.other, _): print(3)
    }
}

func redundantRow(_ pair: (SectionType, CellType)) {
    switch pair {
    case (.account, _): print(1)
    case (.account, .noData): print(2)
    case (.other, _): print(3)
    }
}

func unionCoversButNoWarning(_ pair: (SectionType, CellType)) {
    switch pair {
    case (.account, _): print(1)
    case (.other, _): print(2)
    case (_, .noData): print(3)
    }
}

func uselessDefault(_ pair: (SectionType, CellType)) {
    switch pair {
    case (.account, _): print(1)
    case (.other, _): print(2)
    default: print(3)
    }
}

func defaultSILGenCannotProveDead(_ pair: (SectionType, Bool)) {
    switch pair {
    case (.account, _): print(1)
    case (.other, true): print(2)
    case (_, false): print(3)
    default: print(4)
    }
}

func defaultAfterColumnSplit(_ pair: (SectionType, CellType)) {
    switch pair {
    case (_, .noData): print(1)
    case (.other, _): print(2)
    case (.account, _): print(3)
    default: print(4)
    }
}

func defaultNeeded(_ pair: (SectionType, CellType)) {
    switch pair {
    case (.account, .noData): print(1)
    default: print(2)
    }
}

func boolsComplete(_ flags: (Bool, Bool)) {
    switch flags {
    case (true, _): print(1)
    case (false, true): print(2)
    case (false, false): print(3)
    default: print(4)
    }
}

func tupleBindingCatchAll(_ pair: (SectionType, CellType)) {
    switch pair {
    case (.account, .noData): print(1)
    case let (s, c): print(s, c)
    }
}

func wildcardTuple(_ pair: (SectionType, CellType)) {
    switch pair {
    case (_, _): print(1)
    case (.account, .noData): print(2)
    }
}

func literalInTupleDefault(_ pair: (SectionType, Int)) {
    switch pair {
    case (.account, 0): print(0)
    case (.account, _): print(1)
    case (.other, _): print(2)
    default: print(3)
    }
}
