// Indirect enums and payloads of payload enums.
indirect enum Tree {
    case leaf(Bool)
    case node(Tree, Tree)
}
enum Accessory { case none, checkmark }
indirect enum Row {
    case item(Accessory)
    case group(Row?, Bool)
}

func leaves(_ t: Tree) {
    switch t {
    case .leaf(true): print(1)
    case .node(.leaf, _): print(2)
    }
}

func nodes(_ t: Tree) {
    switch t {
    case .leaf: print(0)
    case .node(.leaf(true), .leaf(false)): print(1)
    case .node(.node, _): print(2)
    }
}

func allTrees(_ t: Tree) {
    switch t {
    case .leaf(let b): print(b)
    case .node(let l, let r): print(l, r)
    }
}

func groups(_ r: Row) {
    switch r {
    case .item(.none): print(0)
    case .group(nil, true): print(1)
    case .group(.some(.item(.checkmark)), _): print(2)
    }
}

func groupsCovered(_ r: Row) {
    switch r {
    case .item: print(0)
    case .group(.none, _): print(1)
    case .group(.some, _): print(2)
    }
}
