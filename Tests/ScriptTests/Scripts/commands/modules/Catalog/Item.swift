// A framework target's first file: the protocol the app's rows adopt.
import Foundation

public protocol Titled {
    var title: String { get }
}

public extension Titled where Self: RawRepresentable, Self.RawValue == String {
    var title: String { rawValue.capitalized }
}
