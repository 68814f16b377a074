func a() -> String {
    enum Row { case x, y }
    let r: Row = .y
    switch r { case .x: return "x"; case .y: return "y" }
}
