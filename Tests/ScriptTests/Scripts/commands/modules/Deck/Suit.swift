// The module's second file: a type the first file uses, and one that uses the first's.
public enum Suit: CaseIterable {
    case hearts, spades
    var symbol: String { self == .hearts ? "♥" : "♠" }
}

public struct Hand {
    public var cards: [Card]
    public init(cards: [Card]) { self.cards = cards }
}
