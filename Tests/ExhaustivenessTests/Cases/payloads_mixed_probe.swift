// Payload switches from issue 10's pass: literals and labels in payloads, nested optionals,
// indirect cases, and a tuple with 'where' (swiftc 6.3 agrees).
indirect enum Shape { case circle(Int), rect(w: Int, h: Int), point, pair(Shape?, Bool) }
indirect enum Tree { case leaf(Int), node(Tree, Tree) }
func f1(_ s: Shape) -> Int {
    switch s {
    case .circle(0): return 0
    case .rect(w: 1, h: _): return 1
    case .point: return 2
    }
}
func f2(_ s: Shape?) -> Int {
    switch s {
    case .some(.circle(let r)) where r > 0: return r
    case .pair(.some(.point), true)?: return 3
    case nil: return -1
    }
}
func f3(_ t: Tree) -> Int {
    switch t {
    case .leaf: return 0
    case .node(.leaf, .leaf): return 1
    case .node(.node, _): return 2
    }
}
func f4(_ a: Shape, _ b: Bool) -> Int {
    switch (a, b) {
    case (.circle, true): return 0
    case (.point, false): return 1
    case (_, true) where b: return 2
    }
}
