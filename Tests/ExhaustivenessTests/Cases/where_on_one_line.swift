// swiftc's parser warns about `case .a, .b where x:` on one line (issue 10, item 8).
enum Row { case foo, bar, baz }

func oneLine(_ r: Row, _ c: Bool) {
    switch r {
    case .foo, .bar where c: print(1)
    case .foo, .bar, .baz where c: print(2)
    default: print(0)
    }
}
