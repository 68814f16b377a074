// Switches without a single case.
enum CellType { case textAlignLeft, textAlignCenter, noData }

func emptyOverEnum(_ cell: CellType) {
    switch cell {
    }
}

func emptyOverBool(_ flag: Bool) {
    switch flag {
    }
}

func emptyOverInt(_ row: Int) {
    switch row {
    }
}

func emptyOverOptional(_ cell: CellType?) {
    switch cell {
    }
}
