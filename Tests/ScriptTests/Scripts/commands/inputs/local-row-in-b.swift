func b() -> String {
    enum Row { case p }
    let r: Row = .p
    switch r { case .p: return "p" }
}
