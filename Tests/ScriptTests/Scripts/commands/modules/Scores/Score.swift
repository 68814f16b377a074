// The module's first file; the error is in its second.
public struct Score {
    public var points: Int
    public init(points: Int) { self.points = points }
}
