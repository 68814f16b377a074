// The framework's second file names the first's protocol, as files of one module do.
public enum Kind: String, CaseIterable, Titled {
    case fruit, vegetable
}

public struct Shelf {
    public var kinds: [Kind]
    public init(kinds: [Kind]) { self.kinds = kinds }
}
