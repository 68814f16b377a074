// An enum whose every case has an uninhabited payload still has swiftc's unknown future
// cases: a switch that names none of them is only warned about, unless the enum is
// `@frozen public`. A case-less enum or Never is checked no further.
enum Nothing {}
enum Impossible { case x(Never), y(Int, Nothing) }
enum Box<A> { case full(A) }
@frozen public enum Sealed { case x(Never) }
enum Mixed { case x(Never), y }

func a(_ v: Impossible) { switch v {} }
func b(_ v: Impossible) {
    switch v {
    case .x: print("x")
    }
}
func c(_ v: Box<Never>) { switch v {} }
func d(_ v: Sealed) { switch v {} }
func e(_ v: Nothing) { switch v {} }
func f(_ v: Never) { switch v {} }
func g(_ v: Mixed) { switch v {} }
func h(_ v: Box<Never>?) {
    switch v {
    case nil: print("nil")
    }
}
func i(_ v: Impossible) {
    switch v {
    case .x: print("x")
    @unknown default: print("unknown")
    }
}

enum Row {
    case title(String)
    case impossible(Never)
    case alsoImpossible(Int, Nothing)
    case label(text: (String, Never))
}
func describe(_ r: Row) -> String {
    switch r {
    case .title(let t): return t
    }
}
func count(_ r: Row) -> Int {
    switch r {
    case .title: return 1
    case .impossible: return 2
    case .title: return 3
    }
}
func optional(_ r: Row?) -> Int {
    switch r {
    case .title?: return 1
    case nil: return 0
    }
}
func pair(_ r: Row, _ on: Bool) -> Int {
    switch (r, on) {
    case (.title, true): return 1
    case (.title, false): return 0
    }
}
