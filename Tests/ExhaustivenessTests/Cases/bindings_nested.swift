// Bindings in every position, optionals inside tuples and tuples inside optionals.
enum SectionType { case account, other }
enum CellType { case textAlignLeft, textAlignCenter, noData }

func letSome(_ cell: CellType?) {
    switch cell {
    case let .some(c): print(c)
    }
}

func someLet(_ cell: CellType?) {
    switch cell {
    case .some(let c): print(c)
    case nil: print(0)
    }
}

func letTuple(_ pair: (SectionType, CellType)) {
    switch pair {
    case let (s, c): print(s, c)
    }
}

func letInsideTuple(_ pair: (SectionType, CellType?)) {
    switch pair {
    case (.account, let c?): print(c)
    case (.other, nil): print(0)
    }
}

func tupleOfOptionals(_ pair: (SectionType?, CellType?)) {
    switch pair {
    case (nil, nil): print(0)
    case (.account?, _): print(1)
    case (_, .noData?): print(2)
    }
}

func optionalOfTuple(_ pair: (SectionType, Bool)?) {
    switch pair {
    case .none: print(0)
    case .some((.account, true)): print(1)
    case .some((.other, _)): print(2)
    }
}

func optionalBoolInTuple(_ pair: (Bool?, Bool)) {
    switch pair {
    case (true?, _): print(1)
    case (false?, true): print(2)
    case (nil, false): print(3)
    }
}

func varBindingsComplete(_ pair: (Bool, CellType)) {
    switch pair {
    case (true, var c): c = .noData; print(c)
    case (false, let c): print(c)
    }
}

func deepOptional(_ cell: CellType???) {
    switch cell {
    case .some(.some(.some(.noData))): print(1)
    case .some(.some(nil)): print(2)
    case nil: print(0)
    }
}

func tripleWithOptional(_ t: (SectionType, CellType?, Bool)) {
    switch t {
    case (.account, _, true): print(1)
    case (.other, nil, _): print(2)
    case (_, .textAlignLeft?, false): print(3)
    }
}
