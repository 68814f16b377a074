// Int, Double and String: open types need a catch-all; duplicate literals are warned about.
func intRanges(_ row: Int) {
    switch row {
    case 0..<3: print("account")
    case 3...6: print("other")
    }
}

func intLiterals(_ section: Int) {
    switch section {
    case 0: print(0)
    case 1: print(1)
    case 1: print(2)
    }
}

func stringLiterals(_ identifier: String) {
    switch identifier {
    case "BasicCell": print(1)
    case "SubtitleCell", "BasicCell": print(2)
    }
}

func doubleLiterals(_ height: Double) {
    switch height {
    case 44.0: print(1)
    case 44.00: print(2)
    }
}

func negativeAndHex(_ n: Int) {
    switch n {
    case -1: print(1)
    case 0x10: print(2)
    case 16: print(3)
    case -1: print(4)
    }
}

func guardedBinding(_ n: Int) {
    switch n {
    case let x where x > 0: print(x)
    }
}

func stringWithGuards(_ title: String) {
    switch title {
    case "Donate": print(1)
    case let t where t.isEmpty: print(2)
    }
}

func emptyStringTwice(_ s: String) {
    switch s {
    case "": print(1)
    case "": print(2)
    }
}

func optionalInt(_ n: Int?) {
    switch n {
    case 0?: print(0)
    case nil: print(1)
    }
}

func intTuple(_ p: (Int, Int)) {
    switch p {
    case (0, 0): print(0)
    case (_, 1): print(1)
    }
}
