// `true` and `false` against `Bool?` are `.some(true)` and `.some(false)` (issue 10, item 1).
func allThree(_ a: Bool?) {
    switch a {
    case true: print(1)
    case false: print(2)
    case nil: print(0)
    }
}

func missingFalse(_ a: Bool?) {
    switch a {
    case true: print(1)
    case nil: print(0)
    }
}

func inTuple(_ a: (Bool?, Bool)) {
    switch a {
    case (true, _): print(1)
    case (false, true): print(2)
    case (nil, _): print(0)
    }
}
