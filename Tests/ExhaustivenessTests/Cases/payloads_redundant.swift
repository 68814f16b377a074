// Redundant payload patterns, and switches that cover every value.
enum Row {
    case toggle(title: String, isOn: Bool)
    case button(String)
    case detail(String, String)
    case plain
}
enum Accessory { case none, checkmark, disclosure }
enum Cell {
    case basic(Accessory)
    case subtitle(Accessory, Bool)
    case empty
}

func coveredByBindings(_ r: Row) {
    switch r {
    case .toggle(let t, let on): print(t, on)
    case .toggle(_, true): print(1)
    case .button(let s): print(s)
    case .detail(let a, let b): print(a, b)
    case .plain: print(0)
    }
}

func bareCaseFirst(_ r: Row) {
    switch r {
    case .button: print(0)
    case .button("x"): print(1)
    case .toggle, .detail, .plain: print(2)
    }
}

func bareCaseAfterPayload(_ r: Row) {
    switch r {
    case .toggle(_, true): print(1)
    case .toggle: print(2)
    case .button, .detail, .plain: print(0)
    }
}

func bothBools(_ r: Row) {
    switch r {
    case .toggle(_, true): print(1)
    case .toggle(_, false): print(2)
    case .toggle(_, _): print(3)
    case .button, .detail, .plain: print(0)
    }
}

func everyAccessory(_ c: Cell) {
    switch c {
    case .basic(.none), .basic(.checkmark), .basic(.disclosure): print(0)
    case .subtitle(_, true): print(1)
    case .subtitle(.none, false), .subtitle(.checkmark, false), .subtitle(.disclosure, false): print(2)
    case .empty: print(3)
    }
}

func wildcardAfterAll(_ c: Cell) {
    switch c {
    case .basic: print(0)
    case .subtitle: print(1)
    case .empty: print(2)
    case _: print(3)
    }
}

func defaultAfterAll(_ c: Cell) {
    switch c {
    case .basic(let a): print(a)
    case .subtitle(let a, let b): print(a, b)
    case .empty: print(2)
    default: print(3)
    }
}

func defaultNeeded(_ c: Cell) {
    switch c {
    case .basic(.none): print(0)
    case .subtitle(_, true): print(1)
    default: print(3)
    }
}

func letWholePayload(_ r: Row) {
    switch r {
    case let .toggle(title, isOn): print(title, isOn)
    case let .button(label): print(label)
    case let .detail(key, value): print(key, value)
    case .plain: print(0)
    }
}

func nestedLet(_ c: Cell) {
    switch c {
    case .basic(let a): print(a)
    case .subtitle(.checkmark, let on): print(on)
    case .subtitle(let a, _): print(a)
    case .empty: print(0)
    }
}

func literalsTwice(_ r: Row) {
    switch r {
    case .button("a"): print(0)
    case .button("a"): print(1)
    case .button(_): print(2)
    case .toggle, .detail, .plain: print(3)
    }
}

func guardedThenAll(_ r: Row, _ c: Bool) {
    switch r {
    case .toggle(_, true) where c: print(1)
    case .toggle: print(2)
    case .button, .detail, .plain: print(0)
    }
}
