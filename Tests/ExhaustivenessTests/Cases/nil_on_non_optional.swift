// `case nil` on a subject that is not optional: swiftc's pattern warning, and SIL's
// warning that the case never runs (issue 10, item 7).
enum Hey { case a, b }

func onEnum(_ h: Hey) {
    switch h {
    case .a: print(1)
    case .b: print(2)
    case nil: print(0)
    }
}

func onBool(_ b: Bool) {
    switch b {
    case true: print(1)
    case nil: print(0)
    case false: print(2)
    }
}

func withDefault(_ h: Hey) {
    switch h {
    case nil: print(0)
    case .a: print(1)
    default: print(2)
    }
}
