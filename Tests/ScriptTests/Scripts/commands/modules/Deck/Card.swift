// The module's first file names types its second file declares: swiftc compiles a
// module's files together, so no order of the files is needed.
public struct Card: CustomStringConvertible {
    public let suit: Suit
    public let rank: Int
    public init(_ rank: Int, of suit: Suit) { self.rank = rank; self.suit = suit }
    public var description: String { "\(rank)\(suit.symbol)" }
}

public let fullDeck = Suit.allCases.flatMap { suit in (1...2).map { Card($0, of: suit) } }
