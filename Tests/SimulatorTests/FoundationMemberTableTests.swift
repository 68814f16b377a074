import XCTest
@testable import TableLabInterpreter
@testable import TableLabSimulator

/// The member tables of the Foundation objects and the interpreter's own host objects
/// (issue 8): each class lists its members' names in the order of its enum's cases, by
/// hand; a name out of place would answer another member.
final class FoundationMemberTableTests: XCTestCase {
    func testInterpreterHostTables() {
        checkMemberTable(DispatchQueueObject.Method.self, DispatchQueueObject.Method.names, DispatchQueueObject.Method.table)
        checkMemberTable(DispatchQueueType.Member.self, DispatchQueueType.Member.names, DispatchQueueType.Member.table)
        checkMemberTable(DispatchQueueType.Method.self, DispatchQueueType.Method.names, DispatchQueueType.Method.table)
        checkMemberTable(DispatchTimeType.Method.self, DispatchTimeType.Method.names, DispatchTimeType.Method.table)
        checkMemberTable(UserDefaultsType.Member.self, UserDefaultsType.Member.names, UserDefaultsType.Member.table)
        checkMemberTable(NSUserDefaultsType.Method.self, NSUserDefaultsType.Method.names, NSUserDefaultsType.Method.table)
        checkMemberTable(DoubleRange.Member.self, DoubleRange.Member.names, DoubleRange.Member.table)
        checkMemberTable(DoubleRange.Method.self, DoubleRange.Method.names, DoubleRange.Method.table)
        checkMemberTable(StringIndexRange.Member.self, StringIndexRange.Member.names, StringIndexRange.Member.table)
        checkMemberTable(ArraySliceObject.Member.self, ArraySliceObject.Member.names, ArraySliceObject.Member.table)
        checkMemberTable(CollectionMember.self, CollectionMember.names, CollectionMember.table)
        checkMemberTable(HostEnumValue.Member.self, HostEnumValue.Member.names, HostEnumValue.Member.table)
        checkMemberTable(CommandLineObject.Member.self, CommandLineObject.Member.names, CommandLineObject.Member.table)
    }

    func testSimulatorFoundationTables() {
        checkMemberTable(DataTaskObject.Method.self, DataTaskObject.Method.names, DataTaskObject.Method.table)
        checkMemberTable(URLErrorObject.Member.self, URLErrorObject.Member.names, URLErrorObject.Member.table)
        checkMemberTable(UUIDObject.Member.self, UUIDObject.Member.names, UUIDObject.Member.table)
        checkMemberTable(AttributedStringObject.Member.self, AttributedStringObject.Member.names, AttributedStringObject.Member.table)
        checkMemberTable(ContactStoreObject.Method.self, ContactStoreObject.Method.names, ContactStoreObject.Method.table)
        checkMemberTable(URLObject.Member.self, URLObject.Member.names, URLObject.Member.table)
        checkMemberTable(SelectorObject.Member.self, SelectorObject.Member.names, SelectorObject.Member.table)
    }

    /// A property's case is spelt as its name, so the names list and the cases agree in
    /// order (the cases renamed because the enum's own members hold the name, and the
    /// method enums' shortened cases, are checked by the scripts).
    func testPropertyCasesAreTheirNames() {
        XCTAssertEqual(DoubleRange.Member.allCases.map { "\($0)" }, DoubleRange.Member.names)
        XCTAssertEqual(StringIndexRange.Member.allCases.map { "\($0)" }, StringIndexRange.Member.names)
        XCTAssertEqual(ArraySliceObject.Member.allCases.map { "\($0)" }, ArraySliceObject.Member.names)
        XCTAssertEqual(CollectionMember.allCases.map { "\($0)" }, CollectionMember.names)
        XCTAssertEqual(CommandLineObject.Member.allCases.map { "\($0)" }, CommandLineObject.Member.names)
        XCTAssertEqual(URLErrorObject.Member.allCases.map { "\($0)" }, URLErrorObject.Member.names)
        XCTAssertEqual(AttributedStringObject.Member.allCases.map { "\($0)" }, AttributedStringObject.Member.names)
        XCTAssertEqual(URLObject.Member.allCases.map { "\($0)" }, URLObject.Member.names)
        XCTAssertEqual(UserDefaultsObject.Method.allCases.map { "\($0)" },
                       UserDefaultsObject.Method.names.map { String($0.prefix { $0 != "(" }) })
    }

    /// A slice's collection members are the shared ones, in the same places.
    func testSliceMembersBeginWithTheCollectionMembers() {
        for m in CollectionMember.allCases {
            XCTAssertEqual(ArraySliceObject.Member(rawValue: m.rawValue).map { "\($0)" }, "\(m)")
        }
    }

    /// UserDefaults answers Swift 2's names as today's methods; a name of neither is none.
    func testUserDefaultsSwift2NamesFindTodaysMethods() {
        let methods = UserDefaultsObject.Method.self
        checkMemberTable(methods, methods.names, methods.table)
        for (i, name) in methods.names.enumerated() {
            XCTAssertEqual(methods.of(HostMemberID(name)), methods.init(rawValue: i), name)
        }
        XCTAssertEqual(Set(methods.swift2Names.map(\.name)).count, methods.swift2Names.count)
        for (name, method) in methods.swift2Names {
            XCTAssertEqual(methods.of(HostMemberID(name)), method, name)
            XCTAssertFalse(methods.names.contains(name), name)
        }
        XCTAssertEqual(methods.of(HostMemberID("objectForKey(_:)")), .object)
        XCTAssertEqual(methods.of(HostMemberID("setInteger(_:forKey:)")), .set)
        XCTAssertNil(methods.of(HostMemberID("notAMemberOfAnyHostClass")))
    }

    /// The converted objects answer by ID as they did by name.
    func testObjectsAnswerByID() throws {
        let args = CommandLineObject(arguments: ["s.tlab", "x"])
        XCTAssertEqual(try args.member("argc"), .int(2))
        XCTAssertEqual(try args.member("arguments"), .array([.string("s.tlab"), .string("x")]))
        XCTAssertNil(try args.member("count"))
        let e = HostEnumValue(swiftTypeName: "NSTextAlignment", cTypeName: "NSTextAlignment", caseName: "center", rawValue: 1)
        XCTAssertEqual(try e.member("rawValue"), .int(1))
        XCTAssertNil(try e.member("caseName"))
        let r = DoubleRange(lower: 0.5, upper: 1.5, closed: true)
        XCTAssertEqual(try r.member("upperBound"), .double(1.5))
        XCTAssertEqual(try r.callMethod("contains(_:)", [.double(1.5)]), .bool(true))
        XCTAssertThrowsError(try r.member("count"))
        let slice = ArraySliceObject([.int(4), .int(5)], startIndex: 3)
        XCTAssertEqual(try slice.member("endIndex"), .int(5))
        XCTAssertEqual(try slice.member("last"), .wrapped(.int(5)))
        XCTAssertEqual(try ReversedCollection(base: .array([]), elements: []).member("isEmpty"), .bool(true))
        XCTAssertEqual(try URLObject(string: "https://example.com/a b")!.member("host"), .wrapped(.string("example.com")))
        XCTAssertEqual(try UUIDObject(number: 1).member("description"), .string("00000000-0000-4000-8000-000000000001"))
    }
}
