import XCTest
@testable import TableLabSyntax
@testable import TableLabInterpreter

/// The IDs a call site finds when it is compiled (Selector.swift's `builtinMethodPlan`,
/// BuiltinMethods.swift): a name that maps to the wrong case, or to `.other`, would send a
/// call to another method's code or to "has no member" with no test of output noticing
/// the one method it broke.
final class BuiltinMethodIDTests: XCTestCase {
    /// Every case is the ID of exactly the full name it spells, and of no other.
    func testEachMethodIsFoundFromItsFullName() {
        var seen: Set<String> = []
        for method in BuiltinMethod.allCases where method != .other {
            XCTAssertEqual(BuiltinMethod(fullName: method.rawValue), method, method.rawValue)
            XCTAssertTrue(seen.insert(method.rawValue).inserted, "two cases spell \(method.rawValue)")
            XCTAssertTrue(method.rawValue.hasSuffix(")"), "\(method.rawValue) is not a full name")
        }
        XCTAssertEqual(BuiltinMethod(fullName: "replacingOccurrences(of:)"), .other)
        XCTAssertEqual(BuiltinMethod(fullName: "compare(_:options:)"), .other)
    }

    /// The methods whose run-time dispatch matched their names as text before they had IDs
    /// (String's, a rounding rule's implicit argument, Hasher's): each call site's plan
    /// names its own case.
    func testStringMethodsGetTheirOwnIDsAtTheCallSite() {
        let core = Interpreter().core
        let expected: [(String, String, BuiltinMethod)] = [
            ("replacingOccurrences", "replacingOccurrences(of:with:)", .replacingOccurrencesOfWith),
            ("trimmingCharacters", "trimmingCharacters(in:)", .trimmingCharactersIn),
            ("addingPercentEncoding", "addingPercentEncoding(withAllowedCharacters:)", .addingPercentEncodingWithAllowedCharacters),
            ("components", "components(separatedBy:)", .componentsSeparatedBy),
            ("appending", "appending(_:)", .appending_),
            ("localizedCaseInsensitiveContains", "localizedCaseInsensitiveContains(_:)", .localizedCaseInsensitiveContains_),
            ("compare", "compare(_:)", .compare_),
            ("caseInsensitiveCompare", "caseInsensitiveCompare(_:)", .caseInsensitiveCompare_),
            ("localizedCompare", "localizedCompare(_:)", .localizedCompare_),
            ("localizedCaseInsensitiveCompare", "localizedCaseInsensitiveCompare(_:)", .localizedCaseInsensitiveCompare_),
            ("dropFirst", "dropFirst(_:)", .dropFirst_),
            ("dropLast", "dropLast(_:)", .dropLast_),
            ("index", "index(_:offsetBy:)", .indexOffsetBy),
            ("index", "index(_:offsetBy:limitedBy:)", .indexOffsetByLimitedBy),
            ("index", "index(after:)", .indexAfter),
            ("index", "index(before:)", .indexBefore),
            ("distance", "distance(from:to:)", .distanceFromTo),
            ("firstIndex", "firstIndex(of:)", .firstIndexOf),
            ("lastIndex", "lastIndex(of:)", .lastIndexOf),
            ("range", "range(of:)", .rangeOf),
            ("firstIndex", "firstIndex(where:)", .firstIndexWhere),
            ("lastIndex", "lastIndex(where:)", .lastIndexWhere),
            ("rounded", "rounded(_:)", .roundedRule),
            ("round", "round(_:)", .roundRule),
            ("combine", "combine(_:)", .combine_),
            ("finalize", "finalize()", .finalize),
        ]
        for (name, fullName, method) in expected {
            let plan = core.builtinMethodPlan(name, fullName)
            XCTAssertEqual(plan.method, method, fullName)
            XCTAssertNil(plan.trailingClosureForm, fullName)
        }
        // A trailing closure drops the label: `firstIndex { }` is `firstIndex(where:)`.
        let trailing = core.builtinMethodPlan("firstIndex", "firstIndex(_:)")
        XCTAssertEqual(trailing.method, .other)
        XCTAssertEqual(trailing.trailingClosureForm?.method, .firstIndexWhere)
        XCTAssertTrue(core.builtinMethodPlan("append", "append(_:)").namesMutatingMethod)
        XCTAssertFalse(core.builtinMethodPlan("compare", "compare(_:)").namesMutatingMethod)
    }

    /// `lazy` is found as a property ID, so getMember's refusal needs no name compared.
    func testLazyIsABuiltinProperty() {
        XCTAssertEqual(BuiltinProperty(name: "lazy"), .lazy)
        XCTAssertEqual(BuiltinProperty(name: "lazily"), .other)
    }

    /// Each built-in value type's extension has a place of its own in the table that method
    /// calls and static members read, and only String, Int, Double, Float and Bool reach their
    /// statics through the type's name (others go to a host class's extension).
    func testExtendedBuiltinTypesHaveDistinctPlaces() {
        let places = ExtendedBuiltinType.allCases.map(\.index)
        XCTAssertEqual(Set(places).count, places.count)
        XCTAssertEqual(places.sorted(), Array(0..<places.count))
        for name in ["String", "Int", "Double", "Float", "Bool"] {
            XCTAssertEqual(BuiltinTypeName(name).extendedValueType?.rawValue, name)
        }
        for name in ["Array", "Dictionary", "Set", "Optional", "UITableViewCell", "CGFloat"] {
            XCTAssertNil(BuiltinTypeName(name).extendedValueType, name)
        }
    }

    /// The type a conversion call names, found when the call is compiled: a name mapped to
    /// the wrong kind would convert to another type, or refuse a valid conversion.
    func testConversionTargetsByName() {
        let expected: [(String, ConversionTarget.Kind)] = [
            ("Int", .int), ("Double", .double), ("CGFloat", .double), ("String", .string),
            ("Character", .character), ("Bool", .bool), ("Set", .set), ("Array", .array),
            ("Dictionary", .dictionary), ("UInt8", .fixedWidth(.uint8)), ("Int64", .fixedWidth(.int64)),
            ("UInt", .fixedWidth(.uint)), ("[Int]", .literalArray), ("[String: Int]", .literalDictionary),
            ("Float", .float), ("Float16", .other), ("Set<Int>", .other),
        ]
        for (name, kind) in expected {
            let target = ConversionTarget(name)
            XCTAssertEqual(target.kind, kind, name)
            XCTAssertEqual(target.isInteger, name == "Int" || IntKind(name: name) != nil, name)
            XCTAssertEqual(target.fixedWidth, IntKind(name: name), name)
        }
        for name in ["String", "Int", "Double", "Float", "Bool", "Array", "Dictionary", "Set"] {
            XCTAssertEqual(ConversionTarget(name).extended?.rawValue, name)
        }
        for name in ["Character", "CGFloat", "UInt8", "[Int]"] {
            XCTAssertNil(ConversionTarget(name).extended, name)
        }
    }

    /// A script's extension initializer of a built-in type is found through the target's
    /// ID, as through the type's name.
    func testConversionFindsTheExtensionItsNameNames() throws {
        let interp = Interpreter()
        interp.output = { _ in }
        try interp.runScript(SourceFile(name: "ext.tlab", text: """
        extension String { init(dashes n: Int) { self = String(repeating: "-", count: n) } }
        extension Int { init(twice n: Int) { self = n * 2 } }
        """))
        for name in ["String", "Int", "Double", "Character", "CGFloat"] {
            let byID = interp.core.conversionExtension(ConversionTarget(name))
            XCTAssertTrue(byID === interp.core.protocols.builtinExtensions[name], name)
        }
        XCTAssertNotNil(interp.core.conversionExtension(ConversionTarget("String")))
        XCTAssertNotNil(interp.core.conversionExtension(ConversionTarget("Int")))
    }
}
