// swiftc places some notes of a type-check error in the standard library, in the
// interface it generates for a declaration (`Swift.Equatable:1:17: note: where 'Self' =
// 'E'`), and quotes that line. These stand for those places: the generated file's name,
// its lines up to the one swiftc quotes, and the column its note points at.

import TableLabSyntax

/// An Array or Optional around the values compared (`[e] == [e]`, `o == o`).
enum EqualityContainer: Equatable { case array, optional }

struct StandardLibraryInterface: Sendable {
    let file: SourceFile
    let location: SourceLocation

    private init(_ name: String, _ lines: [String], column: Int) {
        file = SourceFile(name: name, text: lines.joined(separator: "\n") + "\n")
        location = SourceLocation(line: lines.count, column: column)
    }

    var note: (any DiagnosticMessage) -> Diagnostic {
        { [file, location] message in .note(message, at: location, in: file) }
    }

    static let equatable = Self("Swift.Equatable", ["public protocol Equatable {"], column: 17)
    /// The protocols whose arithmetic operators swiftc names for two values of a script's
    /// type that no operator takes (UserOperators.swift, `noOperatorForTwo`).
    static let floatingPointProtocol = Self("Swift.FloatingPoint", ["public protocol FloatingPoint : Hashable, SignedNumeric, Strideable where Self == Self.Magnitude {"], column: 17)
    static let binaryIntegerProtocol = Self("Swift.BinaryInteger", ["public protocol BinaryInteger : CustomStringConvertible, Hashable, Numeric, Strideable where Self.Magnitude : BinaryInteger, Self.Magnitude == Self.Magnitude.Magnitude {"], column: 17)
    static let binaryInteger = Self("Swift.BinaryInteger", ["extension BinaryInteger {"], column: 11)
    /// BinaryInteger's comparison `op` of an integer with any other integer type.
    static func binaryIntegerOperator(_ op: String) -> Self {
        Self("Swift.BinaryInteger.\(op)", ["protocol BinaryInteger {", "public static func \(op) <Other>(lhs: Self, rhs: Other) -> Bool where Other : BinaryInteger}"], column: 20)
    }
    /// The protocol whose `*=` and `/=` swiftc settles on for a CGFloat and an Int.
    static let durationProtocol = Self("Swift.DurationProtocol", ["@available(macOS 13.0, iOS 16.0, watchOS 9.0, tvOS 16.0, *)", "public protocol DurationProtocol : AdditiveArithmetic, Comparable, Sendable {"], column: 17)
    static let array = Self("Swift.Array", ["extension Array : Equatable where Element : Equatable {"], column: 11)
    static let dictionary = Self("Swift.Dictionary", ["@frozen public struct Dictionary<Key, Value> where Key : Hashable {"], column: 23)
    static let optional = Self("Swift.Optional", ["extension Optional : Equatable where Wrapped : Equatable {"], column: 11)
    /// The extension of `proto` (`Sequence`, `Collection`) that declares `contains(_:)`,
    /// `firstIndex(of:)`, ... for Equatable elements.
    static func equatableElementExtension(of proto: String) -> Self {
        Self("Swift.\(proto)", ["extension \(proto) where Self.Element : Equatable {"], column: 11)
    }
    /// A range's own `contains(_:)` of one parameter (`element: Bound`, `other: Range<Bound>`).
    static func rangeContains(_ range: String, parameter: String, inlinable: Bool) -> Self {
        Self("Swift.\(range).contains", ["generic struct \(range) {", "\(inlinable ? "@inlinable " : "")public func contains(_ \(parameter)) -> Bool}"],
             column: inlinable ? 24 : 13)
    }
    static let sequenceContains = Self("Swift.Sequence.contains", ["protocol Sequence {", "@inlinable public func contains(_ element: Self.Element) -> Bool}"], column: 24)
    /// The conditional conformances of a range to Collection and to Sequence (a bound with
    /// an integer stride).
    static func rangeCollection(_ range: String) -> Self {
        Self("Swift.\(range)", ["extension \(range) : Collection, BidirectionalCollection, RandomAccessCollection where Bound : Strideable, Bound.Stride : SignedInteger {"], column: 11)
    }
    static func rangeSequence(_ range: String) -> Self {
        Self("Swift.\(range)", ["extension \(range) : Sequence where Bound : Strideable, Bound.Stride : SignedInteger {"], column: 11)
    }
    /// swiftc's error for `%=` on a Double (the standard library's unavailable generic
    /// operator) or a CGFloat (Foundation's), with its note where the operator is declared.
    static func floatingRemainderAssign(cgFloat: Bool) -> (message: UnavailableMessage, notes: [Diagnostic]) {
        let message = cgFloat ? "Use formTruncatingRemainder instead" : "For floating point numbers use formTruncatingRemainder instead"
        let declaration = cgFloat ? "public func %= (lhs: inout CGFloat, rhs: CGFloat)" : "public func %= <T>(lhs: inout T, rhs: T) where T : BinaryFloatingPoint"
        let place = Self(cgFloat ? "Foundation.%=" : "Swift.%=", ["@available(*, unavailable, message: \"\(message)\")", declaration], column: 13)
        return (.isUnavailable(name: "%=", message: message), [place.note(UnavailableMessage.markedUnavailableHere(name: "%="))])
    }
    static let rawValue = Self("Swift.RawRepresentable.RawValue", ["protocol RawRepresentable {", "associatedtype RawValue}"], column: 16)
    /// Equatable's requirement: "protocol requires function '==' with type '(E, E) -> Bool'".
    static let equatableRequirement = Self("Swift.Equatable.==", ["protocol Equatable {", "static func == (lhs: Self, rhs: Self) -> Bool}"], column: 13)

    /// Comparable's requirement: "protocol requires function '<' with type '(E, E) -> Bool'".
    static let comparableRequirement = Self("Swift.Comparable.<", ["protocol Comparable {", "static func < (lhs: Self, rhs: Self) -> Bool}"], column: 13)

    /// The `<` operators swiftc lists, in its order, when Comparable cannot be synthesized.
    static let lessThanCandidates: [(String, StandardLibraryInterface)] = [
        ("FloatingPoint", Self("Swift.FloatingPoint.<", ["protocol FloatingPoint {", "public static func < (lhs: Self, rhs: Self) -> Bool}"], column: 20)),
        ("BinaryInteger", Self("Swift.BinaryInteger.<", ["protocol BinaryInteger {", "public static func < <Other>(lhs: Self, rhs: Other) -> Bool where Other : BinaryInteger}"], column: 20)),
        ("_Pointer", Self("Swift._Pointer.<", ["protocol _Pointer {", "public static func < (lhs: Self, rhs: Self) -> Bool}"], column: 20)),
        ("_Pointer", Self("Swift._Pointer.<", ["protocol _Pointer {", "@inlinable public static func < <Other>(lhs: Self, rhs: Other) -> Bool where Other : _Pointer}"], column: 31)),
        ("Strideable", Self("Swift.Strideable.<", ["protocol Strideable {", "@inlinable public static func < (x: Self, y: Self) -> Bool}"], column: 31)),
        ("StringProtocol", Self("Swift.StringProtocol.<", ["protocol StringProtocol {", "@inlinable public static func < <RHS>(lhs: Self, rhs: RHS) -> Bool where RHS : StringProtocol}"], column: 31)),
    ]

    /// The `==` operators swiftc lists, in its order, as "candidate would match if 'E'
    /// conformed to 'P'" when Equatable cannot be synthesized: (protocol, place).
    static let equalityCandidates: [(String, StandardLibraryInterface)] = [
        ("RawRepresentable", Self("Swift.==", ["@inlinable public func == <T>(lhs: T, rhs: T) -> Bool where T : RawRepresentable, T.RawValue : Equatable"], column: 24)),
        ("FloatingPoint", Self("Swift.FloatingPoint.==", ["protocol FloatingPoint {", "public static func == (lhs: Self, rhs: Self) -> Bool}"], column: 20)),
        ("BinaryInteger", Self("Swift.BinaryInteger.==", ["protocol BinaryInteger {", "public static func == <Other>(lhs: Self, rhs: Other) -> Bool where Other : BinaryInteger}"], column: 20)),
        ("_Pointer", Self("Swift._Pointer.==", ["protocol _Pointer {", "public static func == (lhs: Self, rhs: Self) -> Bool}"], column: 20)),
        ("_Pointer", Self("Swift._Pointer.==", ["protocol _Pointer {", "@inlinable public static func == <Other>(lhs: Self, rhs: Other) -> Bool where Other : _Pointer}"], column: 31)),
        ("Strideable", Self("Swift.Strideable.==", ["protocol Strideable {", "@inlinable public static func == (x: Self, y: Self) -> Bool}"], column: 31)),
        ("StringProtocol", Self("Swift.StringProtocol.==", ["protocol StringProtocol {", "@inlinable public static func == <RHS>(lhs: Self, rhs: RHS) -> Bool where RHS : StringProtocol}"], column: 31)),
        ("SIMD", Self("Swift.SIMD.==", ["protocol SIMD {", "public static func == (a: Self, b: Self) -> Bool}"], column: 20)),
    ]
}
