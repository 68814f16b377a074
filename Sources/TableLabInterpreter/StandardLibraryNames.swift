// The Swift standard library's global names (functions and types) that a script may use in
// valid Swift. A name of this list that TableLab does not implement is never swiftc's
// `cannot find 'x' in scope`: it is an error that names it as not supported, where it is
// reached (the rule: a construct TableLab does not implement is named, never mistaken).

import TableLabSyntax

enum StandardLibraryNames {
    /// The hand lists below, and every top-level name the toolchain's Swift and
    /// _StringProcessing declare (StandardLibraryMemberData.globals): a name swiftc finds is
    /// never reported as one it cannot find.
    static let all: Set<String> = functions.union(types).union(foundationFunctions)
        .union(StandardLibraryMemberData.globals.split(separator: " ").map(String.init))

    /// C library functions that Foundation (which UIKit brings) exports and view
    /// controllers call: swiftc finds them. Those TableLab implements are in MathFunctions.swift.
    static let foundationFunctions: Set<String> = [
        "round", "floor", "ceil", "trunc", "sqrt", "fabs", "cbrt", "exp", "exp2", "expm1", "log", "log2",
        "log10", "log1p", "sin", "cos", "tan", "asin", "acos", "atan", "sinh", "cosh", "tanh", "asinh",
        "acosh", "atanh", "pow", "fmod", "remainder", "hypot", "atan2", "fmax", "fmin", "copysign",
        "lround", "llround", "lrint", "rint", "nearbyint", "modf", "frexp", "ldexp", "erf", "erfc",
        "tgamma", "lgamma", "fdim", "fma", "arc4random", "arc4random_uniform", "arc4random_buf",
        "drand48", "srand48", "rand", "srand", "random", "srandom", "time", "sleep", "usleep",
        "getenv", "setenv", "strlen", "NSLog", "NSStringFromClass", "NSClassFromString",
        "NSStringFromSelector", "NSSelectorFromString", "NSLocalizedString",
    ]

    /// The type names Foundation declares (StandardLibraryMemberData.foundationTypes).
    static let foundationTypes = Set(StandardLibraryMemberData.foundationTypes.split(separator: " ").map(String.init))

    static let functions: Set<String> = [
        "abs", "assert", "assertionFailure", "debugPrint", "dump", "fatalError", "getVaList",
        "isKnownUniquelyReferenced", "max", "min", "numericCast", "precondition", "preconditionFailure",
        "print", "readLine", "repeatElement", "sequence", "stride", "swap", "transcode", "type",
        "unsafeBitCast", "unsafeDowncast", "withExtendedLifetime", "withUnsafeMutablePointer",
        "withUnsafePointer", "withUnsafeBytes", "withUnsafeMutableBytes", "withVaList", "zip",
        "withoutActuallyEscaping", "withCheckedContinuation", "withCheckedThrowingContinuation",
        "withUnsafeContinuation", "withUnsafeThrowingContinuation", "withTaskGroup",
        "withThrowingTaskGroup", "withDiscardingTaskGroup", "exit",
    ]

    static let types: Set<String> = [
        "MemoryLayout", "ObjectIdentifier", "AnyHashable", "AnyIterator", "AnySequence", "AnyCollection",
        "AnyBidirectionalCollection", "AnyRandomAccessCollection", "ContiguousArray", "KeyValuePairs",
        "Unmanaged", "UnsafePointer", "UnsafeMutablePointer", "UnsafeRawPointer", "UnsafeMutableRawPointer",
        "UnsafeBufferPointer", "UnsafeMutableBufferPointer", "UnsafeRawBufferPointer", "OpaquePointer",
        "Substring", "StaticString", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32",
        "UInt64", "Float16", "Float80", "Float", "Double", "Int", "Bool", "Character", "String", "Unicode",
        "Range", "ClosedRange", "PartialRangeFrom", "PartialRangeUpTo", "PartialRangeThrough",
        "CountableRange", "CountableClosedRange", "StrideTo", "StrideThrough", "Zip2Sequence",
        "EnumeratedSequence", "ReversedCollection", "LazySequence", "Optional", "Result", "Never", "Void",
        "Mirror", "DefaultStringInterpolation", "CollectionOfOne", "EmptyCollection", "Repeated",
        "IndexingIterator", "Slice", "ArraySlice", "Array", "Dictionary", "Set", "Task", "CommandLine",
        "SystemRandomNumberGenerator", "Hasher", "DefaultIndices", "FlattenSequence", "JoinedSequence",
        "DropFirstSequence", "PrefixSequence", "UnfoldSequence", "StrideToIterator", "SIMD2", "SIMD3",
        "SIMD4", "Duration", "ContinuousClock", "SuspendingClock", "CheckedContinuation", "TaskGroup",
        "ThrowingTaskGroup", "AsyncStream", "AsyncThrowingStream", "MainActor", "Sendable", "Error",
    ]
}

/// The message for a standard library name TableLab does not implement.
struct StandardLibraryMessage: DiagnosticMessage, Hashable {
    let name: String
    /// Foundation's (which UIKit brings) rather than the standard library's.
    var isFoundation = false
    var id: DiagnosticID { DiagnosticID("tablelab_standard_library_unsupported") }
    var text: String { "'\(name)' of \(isFoundation ? "Foundation" : "the Swift standard library") is not supported in TableLab" }
}

/// A member Swift (or Foundation, which UIKit brings) declares for a standard type that
/// TableLab does not implement (`"ab".capitalized`): swiftc would accept it, so it is never
/// "has no member".
struct StandardMemberMessage: DiagnosticMessage, Hashable {
    let type: String
    let member: String
    static let diagnosticID = DiagnosticID("tablelab_standard_member_unsupported")
    var id: DiagnosticID { Self.diagnosticID }
    var text: String { "'\(member)' of \(type) is not supported in TableLab" }
}

extension StandardLibraryNames {
    /// Floating-point types other than Double and Float: TableLab has no value of their precision.
    static let unsupportedTypes: Set<String> = ["Float16", "Float80"]
}
