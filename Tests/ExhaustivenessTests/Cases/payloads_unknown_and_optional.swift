// @unknown default and @unknown case _ over a payload enum, redundancy through an optional.
enum E { case a(Int), b(String), c }
func f(_ e: E) {
    switch e {
    case .a: break
    case .b: break
    case .c: break
    @unknown default: break
    }
}
func g(_ e: E) {
    switch e {
    case .a(let x) where x > 0: break
    case .a(1): break
    case .a: break
    case .b("x"), .b: break
    case .c: break
    case .a(2): break
    }
}
func h(_ e: E) {
    switch e {
    case .a: break
    @unknown default: break
    }
}
func k(_ e: E?) {
    switch e {
    case .some(.a), .some(.b): break
    case .none: break
    case .c?: break
    case .some(.c): break
    }
}
func m(_ e: E) {
    switch e {
    case .a: break
    @unknown case _: break
    }
}
