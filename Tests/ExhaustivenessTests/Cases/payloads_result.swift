// Switches over Swift's Result (parameters and a local), payload patterns with literals,
// bindings and 'where' (swiftc 6.3 agrees).
struct LoadError: Error {}
func r1(_ r: Result<Int, Error>) -> Int {
    switch r {
    case .success(let v): return v
    case .failure: return -1
    }
}
func r2(_ r: Result<Int, Error>) -> Int {
    switch r {
    case .success(0): return 0
    case .failure: return 1
    }
}
func r3(_ r: Result<String, LoadError>) -> Int {
    switch r {
    case .success(let s) where s.isEmpty: return 0
    case .failure(_): return 1
    }
}
func r4(_ r: Result<Bool, Error>) -> Int {
    switch r {
    case .success(true): return 1
    case .success(false): return 0
    case .failure: return -1
    case .success: return 2
    }
}
func r5(_ r: Result<Int, Error>?) -> Int {
    switch r {
    case .some(.success(let v)): return v
    case nil: return 0
    }
}
