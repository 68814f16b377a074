// Every value of `Bool?` named by literals: the default can never run.
func allThree(_ a: Bool?) {
    switch a {
    case true: print(1)
    case false: print(2)
    case nil: print(0)
    }
}

func withDefault(_ a: Bool?) {
    switch a {
    case true: print(1)
    case false: print(2)
    case nil: print(0)
    default: print(3)
    }
}

func doubleOptional(_ a: Bool??) {
    switch a {
    case true: print(1)
    case false: print(2)
    case .some(nil): print(3)
    case nil: print(0)
    }
}
