// Where swiftc gives up ("unable to check that this switch is exhaustive in reasonable
// time") TableLab answers exactly (docs/EXHAUSTIVENESS.md). Thirteen rows on the diagonal
// of two 13-case enums double swiftc's uncovered space at every row.
enum Row { case a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12 }
enum Column { case b0, b1, b2, b3, b4, b5, b6, b7, b8, b9, b10, b11, b12 }

func diagonalThenWildcard(_ cell: (Row, Column)) {
    switch cell { // swiftc gives up
    case (.a0, .b0): print(0)
    case (.a1, .b1): print(1)
    case (.a2, .b2): print(2)
    case (.a3, .b3): print(3)
    case (.a4, .b4): print(4)
    case (.a5, .b5): print(5)
    case (.a6, .b6): print(6)
    case (.a7, .b7): print(7)
    case (.a8, .b8): print(8)
    case (.a9, .b9): print(9)
    case (.a10, .b10): print(10)
    case (.a11, .b11): print(11)
    case (.a12, .b12): print(12)
    case (_, _): print("rest")
    }
}

func diagonalThenRows(_ cell: (Row, Column)) {
    switch cell { // swiftc gives up
    case (.a0, .b0): print(0)
    case (.a1, .b1): print(1)
    case (.a2, .b2): print(2)
    case (.a3, .b3): print(3)
    case (.a4, .b4): print(4)
    case (.a5, .b5): print(5)
    case (.a6, .b6): print(6)
    case (.a7, .b7): print(7)
    case (.a8, .b8): print(8)
    case (.a9, .b9): print(9)
    case (.a10, .b10): print(10)
    case (.a11, .b11): print(11)
    case (.a12, .b12): print(12)
    case (.a0, _): print(0)
    case (.a1, _): print(1)
    case (.a2, _): print(2)
    case (.a3, _): print(3)
    case (.a4, _): print(4)
    case (.a5, _): print(5)
    case (.a6, _): print(6)
    case (.a7, _): print(7)
    case (.a8, _): print(8)
    case (.a9, _): print(9)
    case (.a10, _): print(10)
    case (.a11, _): print(11)
    }
}

func diagonalThenColumns(_ cell: (Row, Column)) {
    switch cell { // swiftc gives up
    case (.a0, .b0): print(0)
    case (.a1, .b1): print(1)
    case (.a2, .b2): print(2)
    case (.a3, .b3): print(3)
    case (.a4, .b4): print(4)
    case (.a5, .b5): print(5)
    case (.a6, .b6): print(6)
    case (.a7, .b7): print(7)
    case (.a8, .b8): print(8)
    case (.a9, .b9): print(9)
    case (.a10, .b10): print(10)
    case (.a11, .b11): print(11)
    case (.a12, .b12): print(12)
    case (_, .b0): print(0)
    case (_, .b1): print(1)
    case (_, .b2): print(2)
    case (_, .b3): print(3)
    case (_, .b4): print(4)
    case (_, .b5): print(5)
    case (_, .b6): print(6)
    case (_, .b7): print(7)
    case (_, .b8): print(8)
    case (_, .b9): print(9)
    case (_, .b10): print(10)
    case (_, .b11): print(11)
    }
}
