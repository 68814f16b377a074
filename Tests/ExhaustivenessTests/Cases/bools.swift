// Bool: both values, or a catch-all.
enum SectionType { case account, other }

func onlyTrue(_ flag: Bool) {
    switch flag {
    case true: print("on")
    }
}

func onlyFalse(_ isEditing: Bool) {
    switch isEditing {
    case false: print("off")
    }
}

func guardedFalse(_ flag: Bool, _ n: Int) {
    switch flag {
    case true: print(1)
    case false where n > 0: print(2)
    }
}

func boolAndOptional(_ flag: Bool?) {
    switch flag {
    case .some(true): print(1)
    case .some(false): print(2)
    }
}

func threeBools(_ flags: (Bool, Bool, Bool)) {
    switch flags {
    case (true, _, _): print(1)
    case (_, true, _): print(2)
    case (_, _, true): print(3)
    }
}

func boolWithSection(_ pair: (Bool, SectionType)) {
    switch pair {
    case (true, .account): print(1)
    case (false, .other): print(2)
    }
}
