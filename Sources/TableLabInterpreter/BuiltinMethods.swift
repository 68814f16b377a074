// The methods of the built-in types (Array, String, Dictionary, Set, Int, Double) by ID.
// A call site finds its method's ID once, when it is compiled (Selector.swift's
// `builtinMethodPlan`, kept in the site's `MemberCache`), so running a built-in method
// switches over a small integer, never over its name's text.

import TableLabSyntax

/// A built-in method, by Swift's full name. `other` is any name that none of the
/// built-in switches answers (the everyday fallbacks and the errors still see the text).
enum BuiltinMethod: String, CaseIterable {
    case advancedBy = "advanced(by:)"
    case allSatisfy_ = "allSatisfy(_:)"
    case appendContentsOf = "append(contentsOf:)"
    case append_ = "append(_:)"
    case compactMapValues_ = "compactMapValues(_:)"
    case compactMap_ = "compactMap(_:)"
    case componentsSeparatedBy = "components(separatedBy:)"
    case containsWhere = "contains(where:)"
    case contains_ = "contains(_:)"
    case countWhere = "count(where:)"
    case dropFirst = "dropFirst()"
    case dropFirst_ = "dropFirst(_:)"
    case dropLast = "dropLast()"
    case dropLast_ = "dropLast(_:)"
    case enumerated = "enumerated()"
    case filter_ = "filter(_:)"
    case firstIndexOf = "firstIndex(of:)"
    case firstIndexWhere = "firstIndex(where:)"
    case firstWhere = "first(where:)"
    case flatMap_ = "flatMap(_:)"
    case forEach_ = "forEach(_:)"
    case formIntersection_ = "formIntersection(_:)"
    case formSymmetricDifference_ = "formSymmetricDifference(_:)"
    case formUnion_ = "formUnion(_:)"
    case hasPrefix_ = "hasPrefix(_:)"
    case hasSuffix_ = "hasSuffix(_:)"
    case insert_ = "insert(_:)"
    case insert_At = "insert(_:at:)"
    case insertContentsOfAt = "insert(contentsOf:at:)"
    case intersection_ = "intersection(_:)"
    case isDisjointWith = "isDisjoint(with:)"
    case isMultipleOf = "isMultiple(of:)"
    case signum = "signum()"
    case quotientAndRemainderDividingBy = "quotientAndRemainder(dividingBy:)"
    case addingReportingOverflow_ = "addingReportingOverflow(_:)"
    case subtractingReportingOverflow_ = "subtractingReportingOverflow(_:)"
    case multipliedReportingOverflowBy = "multipliedReportingOverflow(by:)"
    case dividedReportingOverflowBy = "dividedReportingOverflow(by:)"
    case remainderReportingOverflowDividingBy = "remainderReportingOverflow(dividingBy:)"
    case isStrictSubsetOf = "isStrictSubset(of:)"
    case isStrictSupersetOf = "isStrictSuperset(of:)"
    case isSubsetOf = "isSubset(of:)"
    case isSupersetOf = "isSuperset(of:)"
    case joined = "joined()"
    case joinedSeparator = "joined(separator:)"
    case lastIndexOf = "lastIndex(of:)"
    case lastIndexWhere = "lastIndex(where:)"
    case lastWhere = "last(where:)"
    case lowercased = "lowercased()"
    case maxBy = "max(by:)"
    case minBy = "min(by:)"
    case mapValues_ = "mapValues(_:)"
    case mergeUniquingKeysWith = "merge(_:uniquingKeysWith:)"
    case mergingUniquingKeysWith = "merging(_:uniquingKeysWith:)"
    case prefixWhile = "prefix(while:)"
    case dropWhile = "drop(while:)"
    case map_ = "map(_:)"
    case max = "max()"
    case min = "min()"
    case popLast = "popLast()"
    case paddingToLength = "padding(toLength:withPad:startingAt:)"
    case random = "random()"
    case randomIn = "random(in:)"
    case randomElement = "randomElement()"
    case shuffle = "shuffle()"
    case partitionBy = "partition(by:)"
    case shuffled = "shuffled()"
    case prefix_ = "prefix(_:)"
    case prefixUpTo = "prefix(upTo:)"
    case prefixThrough = "prefix(through:)"
    case suffixFrom = "suffix(from:)"
    case reduce__ = "reduce(_:_:)"
    case reduceInto_ = "reduce(into:_:)"
    case removeAll = "removeAll()"
    case removeAllWhere = "removeAll(where:)"
    case removeAt = "remove(at:)"
    case removeFirst = "removeFirst()"
    case removeLast = "removeLast()"
    case removeValueForKey = "removeValue(forKey:)"
    case remove_ = "remove(_:)"
    case reverse = "reverse()"
    case reversed = "reversed()"
    case rounded = "rounded()"
    case roundedRule = "rounded(_:)"
    case round = "round()"
    case roundRule = "round(_:)"
    case sort = "sort()"
    case sortBy = "sort(by:)"
    case sorted = "sorted()"
    case sortedBy = "sorted(by:)"
    case splitSeparator = "split(separator:)"
    case splitWhereSeparator = "split(whereSeparator:)"
    case splitSeparatorMaxSplits = "split(separator:maxSplits:)"
    case splitSeparatorOmitting = "split(separator:omittingEmptySubsequences:)"
    case splitSeparatorMaxSplitsOmitting = "split(separator:maxSplits:omittingEmptySubsequences:)"
    case splitMaxSplitsWhereSeparator = "split(maxSplits:whereSeparator:)"
    case splitOmittingWhereSeparator = "split(omittingEmptySubsequences:whereSeparator:)"
    case splitMaxSplitsOmittingWhereSeparator = "split(maxSplits:omittingEmptySubsequences:whereSeparator:)"
    case startsWith = "starts(with:)"
    case elementsEqual = "elementsEqual(_:)"
    case squareRoot = "squareRoot()"
    case subtract_ = "subtract(_:)"
    case subtracting_ = "subtracting(_:)"
    case suffix_ = "suffix(_:)"
    case swapAt__ = "swapAt(_:_:)"
    case symmetricDifference_ = "symmetricDifference(_:)"
    case toggle = "toggle()"
    case truncatingRemainderDividingBy = "truncatingRemainder(dividingBy:)"
    case union_ = "union(_:)"
    case updateValue_ForKey = "updateValue(_:forKey:)"
    case uppercased = "uppercased()"
    // Foundation's case mappings with a locale (only `nil`, the root locale, in TableLab).
    case uppercasedWith = "uppercased(with:)"
    case lowercasedWith = "lowercased(with:)"
    case capitalizedWith = "capitalized(with:)"
    // String's Foundation methods (Everyday.swift).
    case replacingOccurrencesOfWith = "replacingOccurrences(of:with:)"
    case trimmingCharactersIn = "trimmingCharacters(in:)"
    case addingPercentEncodingWithAllowedCharacters = "addingPercentEncoding(withAllowedCharacters:)"
    case appending_ = "appending(_:)"
    case localizedCaseInsensitiveContains_ = "localizedCaseInsensitiveContains(_:)"
    case compare_ = "compare(_:)"
    case caseInsensitiveCompare_ = "caseInsensitiveCompare(_:)"
    case localizedCompare_ = "localizedCompare(_:)"
    case localizedCaseInsensitiveCompare_ = "localizedCaseInsensitiveCompare(_:)"
    // String's index methods (StringIndices.swift).
    case indexOffsetBy = "index(_:offsetBy:)"
    case indexOffsetByLimitedBy = "index(_:offsetBy:limitedBy:)"
    case indexAfter = "index(after:)"
    case indexBefore = "index(before:)"
    case distanceFromTo = "distance(from:to:)"
    case rangeOf = "range(of:)"
    // Hasher's (Hashing.swift).
    case combine_ = "combine(_:)"
    case finalize = "finalize()"
    // Array's and slices' index-keeping methods (SliceIndices.swift).
    case removeFirst_ = "removeFirst(_:)"
    case removeLast_ = "removeLast(_:)"
    case popFirst = "popFirst()"
    case replaceSubrangeWith = "replaceSubrange(_:with:)"
    case removeSubrange_ = "removeSubrange(_:)"
    case other = ""

    init(fullName: String) { self = BuiltinMethod(rawValue: fullName) ?? .other }

    /// Whether the method changes its receiver (Swift declares it `mutating`): a call on a
    /// place writes the receiver back, a call on a constant is refused.
    var mutatesReceiver: Bool {
        switch self {
        case .append_, .appendContentsOf, .insert_, .insert_At, .insertContentsOfAt, .removeAll, .removeAllWhere,
             .removeAt, .removeFirst, .removeLast, .removeFirst_, .removeLast_, .removeValueForKey, .remove_, .popLast,
             .popFirst, .reverse, .sort, .sortBy, .swapAt__, .shuffle, .partitionBy, .toggle, .round, .roundRule, .updateValue_ForKey,
             .mergeUniquingKeysWith, .formUnion_, .formIntersection_, .formSymmetricDifference_, .subtract_,
             .replaceSubrangeWith, .removeSubrange_, .combine_:
            return true
        default:
            return false
        }
    }

    /// Which of `split`'s arguments a split call passes, in their order: the separator (or,
    /// last, the closure deciding one), `maxSplits`, `omittingEmptySubsequences`. nil: not a split.
    var splitShape: (bySeparator: Bool, maxSplits: Bool, omitting: Bool)? {
        switch self {
        case .splitSeparator: (true, false, false)
        case .splitSeparatorMaxSplits: (true, true, false)
        case .splitSeparatorOmitting: (true, false, true)
        case .splitSeparatorMaxSplitsOmitting: (true, true, true)
        case .splitWhereSeparator: (false, false, false)
        case .splitMaxSplitsWhereSeparator: (false, true, false)
        case .splitOmittingWhereSeparator: (false, false, true)
        case .splitMaxSplitsOmittingWhereSeparator: (false, true, true)
        default: nil
        }
    }
}

/// The method a call of a built-in names when its last argument is a function: a trailing
/// closure drops its label (`sorted { }` is `sorted(by:)`). Found when the call site is
/// compiled, so the call does not match the name's text each time it runs.
struct TrailingClosureForm {
    let fullName: String
    let method: BuiltinMethod

    /// nil when the call names the same method either way.
    init?(name: String, fullName: String) {
        var renamed: String? = nil
        if name == "split", fullName.hasSuffix("_:)") {
            // `split { }`, `split(maxSplits: 1) { }`: the closure is `whereSeparator:`.
            renamed = fullName.dropLast(3) + "whereSeparator:)"
        } else if fullName.hasSuffix("(_:)") {
            switch name {
            case "sorted", "sort", "min", "max", "partition": renamed = name + "(by:)"
            case "first", "firstIndex", "last", "lastIndex", "contains", "removeAll", "count": renamed = name + "(where:)"
            case "prefix", "drop": renamed = name + "(while:)"
            case "split": renamed = "split(whereSeparator:)"
            default: break
            }
        } else if name == "merge" || name == "merging", fullName == name + "(_:_:)" {
            renamed = name + "(_:uniquingKeysWith:)"
        }
        guard let renamed else { return nil }
        self.fullName = renamed
        method = BuiltinMethod(fullName: renamed)
    }
}

/// A trailing closure given to a standard method that takes none (`a.suffix { }`,
/// `a.dropFirst { }`, `a.prefix(2) { }`): swiftc's error, raised when the receiver is an
/// Array, a slice or a String (a script's own method of the name may take a closure).
struct StrayTrailingClosure {
    let message: LookupMessage
    let location: SourceLocation
    /// swiftc says something else of a String's `suffix { }` (no exact matches).
    let appliesToString: Bool

    init?(name: String, args: [Argument]) {
        guard let last = args.last, last.isTrailingClosure, case .closure = last.value.kind else { return nil }
        switch (name, args.count) {
        case ("prefix", 2), ("suffix", 2), ("dropFirst", 2), ("dropLast", 2), ("removeFirst", 2), ("removeLast", 2), ("dropFirst", 1):
            message = .extraTrailingClosure
        case ("suffix", 1), ("dropLast", 1), ("removeFirst", 1), ("removeLast", 1):
            message = .trailingClosureToNonFunction(type: "Int")
        default:
            return nil
        }
        location = last.value.location
        appliesToString = !(name == "suffix" && args.count == 1)
    }

    func applies(to v: Value) -> Bool {
        switch v {
        case .array, .object(is ArraySliceObject): return true
        case .string: return appliesToString
        default: return false
        }
    }
}

/// A member's name as a site writes it, with what the name alone decides found once where
/// the site is compiled (`IntrinsicMember`): the lookups that run read the ID and never
/// compare the text.
struct MemberName {
    let text: String
    let intrinsic: IntrinsicMember
    init(_ text: String) { self.text = text; intrinsic = IntrinsicMember(rawValue: text) ?? .other }
}

/// The members no declaration gives: every type's `self` (its metatype), a CaseIterable
/// enum's synthesized `allCases`, Optional's `none`, and `init` named as a member.
enum IntrinsicMember: String {
    case allCases
    case metatype = "self"
    case none
    case initializer = "init"
    case other = ""
}

/// A property of the built-in values (`count`, `isEmpty`, `first`, `rawValue`, ...), found
/// when a member access is compiled (`MemberCache(member:)`), so reading one switches over
/// a small integer, not the property's name.
enum BuiltinProperty: String {
    case count
    case debugDescription
    case description
    case endIndex
    case first
    case hashValue
    case indices
    case isEmpty
    case isNaN
    // Double's and Float's classification and neighbours (FloatType.swift).
    case isFinite, isInfinite, isZero, isNormal, isSubnormal, isSignalingNaN, isCanonical
    case ulp, nextUp, nextDown, exponent, significand
    case keys
    case last
    /// A sequence's lazy view, which TableLab refuses by name.
    case lazy
    case localizedDescription
    case lowerBound
    case magnitude
    case rawValue
    case startIndex
    case upperBound
    case values
    case other = ""

    init(name: String) { self = BuiltinProperty(rawValue: name) ?? .other }
}

/// A property of a String (its views) or of a one-character String (Character's and
/// Unicode.Scalar's), found when a member access is compiled, as `BuiltinProperty`.
enum EverydayProperty: String {
    case utf8
    case unicodeScalars
    case utf16
    case removingPercentEncoding
    case capitalized
    case localizedCapitalized
    case localizedUppercase
    case localizedLowercase
    case isLetter
    case isNumber
    case isWhitespace
    case isNewline
    case isPunctuation
    case isUppercase
    case isLowercase
    case isASCII
    case isHexDigit
    case isSymbol
    case asciiValue
    case wholeNumberValue
    case hexDigitValue
    case value
    case other = ""

    init(name: String) { self = EverydayProperty(rawValue: name) ?? .other }
}
