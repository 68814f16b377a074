// Foundation's imported C enums that the interpreter itself makes values of: the
// `ComparisonResult` of `"a".localizedCaseInsensitiveCompare("B")`. An iOS app sees
// NS_CLOSED_ENUM(NSInteger, NSComparisonResult): a C enum, printed by its C name and
// switched over as a closed enum, which is what a HostEnumValue of UIKit's enums already
// is; only where the value comes from (Foundation, not the host) differs.

import TableLabSyntax

/// A C enum Foundation declares, as Swift imports it.
struct ImportedEnum: Sendable {
    let swiftName: String
    let cName: String
    /// In declaration order, with their C values.
    let cases: [(name: String, rawValue: Int)]

    func value(_ caseName: String) -> Value? {
        guard let c = cases.first(where: { $0.name == caseName }) else { return nil }
        return .object(HostEnumValue(swiftTypeName: swiftName, cTypeName: cName, caseName: c.name, rawValue: c.rawValue))
    }
}

extension InterpreterCore {
    static let foundationEnums: [String: ImportedEnum] = [
        "ComparisonResult": ImportedEnum(swiftName: "ComparisonResult", cName: "NSComparisonResult",
                                         cases: [("orderedAscending", -1), ("orderedSame", 0), ("orderedDescending", 1)]),
    ]

    /// A case of an imported enum where its type is known: Foundation's, else the host's.
    func importedEnumCase(_ typeName: String, _ caseName: String) -> Value? {
        if let e = Self.foundationEnums[typeName] { return e.value(caseName) }
        return hosting.hostEnumCase?(typeName, caseName)
    }

    /// The case names of an imported enum a switch is checked against.
    func importedEnumCases(_ typeName: String) -> [String]? {
        Self.foundationEnums[typeName]?.cases.map(\.name) ?? hosting.enums[typeName]
    }

    static func comparisonResult(_ order: Int) -> Value {
        let name = order < 0 ? "orderedAscending" : order == 0 ? "orderedSame" : "orderedDescending"
        return foundationEnums["ComparisonResult"]!.value(name)!
    }
}

/// NSString's comparisons of ASCII text, as Foundation answers them (checked against
/// swift-corelibs-foundation on every pair of printable ASCII characters and on 200,000
/// random strings). Text outside ASCII is refused by the caller: its order depends on
/// Unicode normalization and case folding (`"ß"` is `"ss"`) that TableLab does not model.
enum FoundationComparison {
    /// `compare(_:)`: by character codes.
    static func literal(_ s: String, _ t: String) -> Int {
        s == t ? 0 : s < t ? -1 : 1
    }

    /// `caseInsensitiveCompare(_:)`: by the codes of the lowercased text (`"_"` sorts
    /// before `"A"`, as before `"a"`).
    static func caseInsensitive(_ s: String, _ t: String) -> Int {
        literal(s.lowercased(), t.lowercased())
    }

    /// `localizedCompare(_:)` and `localizedCaseInsensitiveCompare(_:)`: the root collation
    /// of the Unicode Collation Algorithm, which an English locale keeps: spaces, then
    /// punctuation and symbols in the order below, then digits, then letters whatever their
    /// case; with equal letters, the first difference in case decides, lowercase first.
    static func localized(_ s: String, _ t: String, caseSensitive: Bool) -> Int {
        let a = s.unicodeScalars.map(primaryWeight), b = t.unicodeScalars.map(primaryWeight)
        for (x, y) in zip(a, b) where x != y { return x < y ? -1 : 1 }
        if a.count != b.count { return a.count < b.count ? -1 : 1 }
        guard caseSensitive else { return 0 }
        for (x, y) in zip(s.unicodeScalars, t.unicodeScalars) where x != y {
            return ("a"..."z").contains(x) ? -1 : 1
        }
        return 0
    }

    private static let collationOrder = Array(" _-,;:!?.'\"()[]{}@*/\\&#%`^+<=>|~$0123456789abcdefghijklmnopqrstuvwxyz".unicodeScalars)

    private static let primaryWeights: [UInt8] = {
        var w = [UInt8](repeating: 0, count: 128)
        for (i, c) in collationOrder.enumerated() {
            w[Int(c.value)] = UInt8(i)
            if ("a"..."z").contains(c) { w[Int(c.value) - 32] = UInt8(i) }
        }
        return w
    }()

    private static func primaryWeight(_ c: Unicode.Scalar) -> UInt8 { primaryWeights[Int(c.value)] }

    /// Whether both texts are printable ASCII (and so in the tables above).
    static func isComparable(_ s: String, _ t: String) -> Bool {
        s.unicodeScalars.allSatisfy { (32...126).contains($0.value) } && t.unicodeScalars.allSatisfy { (32...126).contains($0.value) }
    }
}
