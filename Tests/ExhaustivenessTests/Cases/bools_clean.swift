// Bool switches that type-check.
func both(_ flag: Bool) {
    switch flag {
    case true: print("on")
    case false: print("off")
    }
}

func bothThenDefault(_ flag: Bool) {
    switch flag {
    case false: print("off")
    case true: print("on")
    default: print("never")
    }
}

func repeatedTrue(_ flag: Bool) {
    switch flag {
    case true: print(1)
    case true: print(2)
    case false: print(3)
    }
}

func trueAndFalseInOneCase(_ flag: Bool) {
    switch flag {
    case true, false: print(1)
    }
}

func bindingAfterTrue(_ flag: Bool) {
    switch flag {
    case true: print(1)
    case let other: print(other)
    }
}

func defaultNeeded(_ flag: Bool) {
    switch flag {
    case true: print(1)
    default: print(2)
    }
}

func guardedThenBoth(_ flag: Bool, _ n: Int) {
    switch flag {
    case true where n > 1: print(0)
    case true: print(1)
    case false: print(2)
    default: print(3)
    }
}

func pairOfBoolsComplete(_ flags: (Bool, Bool)) {
    switch flags {
    case (true, true): print(1)
    case (true, false): print(2)
    case (false, true): print(3)
    case (false, false): print(4)
    default: print(5)
    }
}
