// An optional chain as the subject (`s?.type`): an optional of the property type, known statically (issue 10, item 2).
enum T { case foo, bar }
struct Inner { var type: T }
struct S { var type: T; var inner: Inner; var maybe: T? }
func f(_ s: S?) {
    switch s?.type {
    case .foo: break
    case .bar: break
    }
}
func g(_ s: S?) {
    switch s?.inner.type {
    case .foo: break
    case .bar: break
    case nil: break
    }
}
func h(_ s: S?) {
    switch s?.maybe {
    case .foo: break
    case .bar: break
    }
}
func k(_ s: S) {
    switch s.inner.type {
    case .foo: break
    }
}
