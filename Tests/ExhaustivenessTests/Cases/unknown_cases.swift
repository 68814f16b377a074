// `@unknown default` and `@unknown case _` cover nothing: missing cases are swiftc's warning (issue 10, item 11).
enum E { case a, b, c }
func f1(_ e: E) {
    switch e {
    case .a: break
    @unknown default: break
    }
}
func f2(_ e: E) {
    switch e {
    case .a, .b, .c: break
    @unknown default: break
    }
}
func f3(_ e: E) {
    switch e {
    case .a: break
    @unknown case _: break
    }
}
func f5(_ e: (E, Bool)) {
    switch e {
    case (.a, _): break
    @unknown default: break
    }
}
