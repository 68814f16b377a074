// Open types with their catch-all.
func intWithDefault(_ section: Int) {
    switch section {
    case 0: print(0)
    case 1, 2: print(1)
    case 2: print(2)
    default: print(3)
    }
}

func stringWithWildcard(_ s: String) {
    switch s {
    case "a": print(1)
    case _: print(2)
    }
}

func rangesWithBinding(_ n: Int) {
    switch n {
    case -100 ..< 0: print("negative")
    case 0...9: print("digit")
    case let big: print(big)
    }
}

func defaultAfterBinding(_ n: Int) {
    switch n {
    case 1: print(1)
    case let x: print(x)
    default: print(2)
    }
}

func defaultAfterLiterals(_ s: String) {
    switch s {
    case "BasicCell": print(1)
    case "SubtitleCell": print(2)
    default: print(3)
    }
}

func doubleDuplicates(_ d: Double) {
    switch d {
    case 1.5: print(1)
    case 1.50: print(2)
    case 2: print(3)
    default: print(4)
    }
}

func tupleOfIntAndBool(_ p: (Int, Bool)) {
    switch p {
    case (0, true): print(0)
    case (_, true): print(1)
    case (_, false): print(2)
    default: print(3)
    }
}
