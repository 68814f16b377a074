// swiftc places some notes of a type-check error in the standard library, in the
// interface it generates for a declaration (`Swift.Equatable:1:17: note: where 'Self' =
// 'E'`), and quotes that line. These stand for those files: their name, the one line
// swiftc quotes, and where its note points.

import TableLabSyntax

/// An Array or Optional around the values compared (`[e] == [e]`, `o == o`).
enum EqualityContainer: Equatable { case array, optional }

enum StandardLibraryInterface {
    case equatable, binaryInteger, array, optional

    private static let equatableFile = SourceFile(name: "Swift.Equatable", text: "public protocol Equatable {\n")
    private static let binaryIntegerFile = SourceFile(name: "Swift.BinaryInteger", text: "extension BinaryInteger {\n")
    private static let arrayFile = SourceFile(name: "Swift.Array", text: "extension Array : Equatable where Element : Equatable {\n")
    private static let optionalFile = SourceFile(name: "Swift.Optional", text: "extension Optional : Equatable where Wrapped : Equatable {\n")

    var file: SourceFile {
        switch self {
        case .equatable: return Self.equatableFile
        case .binaryInteger: return Self.binaryIntegerFile
        case .array: return Self.arrayFile
        case .optional: return Self.optionalFile
        }
    }

    /// The declared name in the quoted line.
    var location: SourceLocation {
        switch self {
        case .equatable: return SourceLocation(line: 1, column: 17)
        case .binaryInteger, .array, .optional: return SourceLocation(line: 1, column: 11)
        }
    }

    var protocolName: String {
        switch self {
        case .equatable: return "Equatable"
        case .binaryInteger: return "BinaryInteger"
        case .array, .optional: return "Equatable"
        }
    }
}
