// Each `where` guards the one pattern before it (issue 10, items 3 and 8).
enum Row { case foo, bar, baz }

func bothGuarded(_ r: Row, _ c: Bool) {
    switch r {
    case .foo where c, .bar where c: print(1)
    case .baz: print(2)
    }
}

func lastGuarded(_ r: Row, _ c: Bool) {
    switch r {
    case .foo,
         .bar where c: print(1)
    case .baz: print(2)
    }
}

func firstGuarded(_ r: Row, _ c: Bool) {
    switch r {
    case .foo where c,
         .bar: print(1)
    case .baz: print(2)
    }
}
