// Payload cases of a settings screen: what each switch misses, folded as swiftc folds it.
enum Row {
    case toggle(title: String, isOn: Bool)
    case button(String)
    case detail(String, String)
    case stepper(title: String, value: Int)
    case plain
}
enum Accessory { case none, checkmark, disclosure }
enum Cell {
    case basic(Accessory)
    case subtitle(Accessory, Bool)
    case optional(Accessory?)
    case empty
}

func onlyPlain(_ r: Row) {
    switch r {
    case .plain: print(0)
    }
}

func toggleOn(_ r: Row) {
    switch r {
    case .toggle(_, true): print(1)
    case .button, .detail, .stepper, .plain: print(0)
    }
}

func toggleOffLabelled(_ r: Row) {
    switch r {
    case .toggle(title: _, isOn: false): print(1)
    case .button(_), .detail(_, _), .stepper(_, _), .plain: print(0)
    }
}

func literalTitle(_ r: Row) {
    switch r {
    case .toggle(title: "Wi-Fi", isOn: _): print(1)
    case .button, .detail, .stepper, .plain: print(0)
    }
}

func guardedButton(_ r: Row, _ c: Bool) {
    switch r {
    case .button(let s) where c: print(s)
    case .toggle, .detail, .stepper, .plain: print(0)
    }
}

func accessories(_ c: Cell) {
    switch c {
    case .basic(.none): print(0)
    case .subtitle(.checkmark, true): print(1)
    case .optional(.some(.disclosure)): print(2)
    case .empty: print(3)
    }
}

func accessoriesSome(_ c: Cell) {
    switch c {
    case .basic(.checkmark), .basic(.disclosure): print(0)
    case .subtitle(_, false): print(1)
    case .optional(nil): print(2)
    case .optional(.checkmark?): print(3)
    case .empty: print(4)
    }
}

func optionalRow(_ r: Row?) {
    switch r {
    case .toggle?: print(1)
    case .none: print(0)
    }
}

func optionalRowPayload(_ r: Row?) {
    switch r {
    case .some(.toggle(_, true)): print(1)
    case .some(.button(let s)): print(s)
    case nil: print(0)
    }
}

func tupleOfRows(_ pair: (Row, Bool)) {
    switch pair {
    case (.toggle(_, let on), true): print(on)
    case (.plain, _): print(0)
    }
}

func stepperValues(_ r: Row) {
    switch r {
    case .stepper(title: _, value: 0): print(0)
    case .stepper(title: let t, value: 1...9): print(t)
    case .toggle, .button, .detail, .plain: print(1)
    }
}

func cellsOnly(_ c: Cell) {
    switch c {
    case .subtitle(.none, true), .subtitle(.checkmark, false): print(0)
    case .basic: print(1)
    case .optional, .empty: print(2)
    }
}
