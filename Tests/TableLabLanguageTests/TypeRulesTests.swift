import XCTest
@testable import TableLabSyntax
@testable import TableLabInterpreter

/// The call rules both static typers apply (TypeRules+Calls.swift), each answer checked
/// against what swiftc 6.3 infers for the same declaration (`print(type(of: ...))`).
final class TypeRulesTests: XCTestCase {
    private struct Env: TypeEnvironment {
        var operators: Set<String> = []
        func declaresOperator(_ name: String) -> Bool { operators.contains(name) }
    }

    private let at = SourceLocation(line: 1, column: 1)
    private let int = TypeSyntax.named("Int"), string = TypeSyntax.named("String"), double = TypeSyntax.named("Double")

    private func parameter(_ label: String?, _ type: TypeSyntax, defaulted: Bool = false) -> Parameter {
        Parameter(label: label, name: label ?? "x", type: type, defaultValue: defaulted ? Expr(.integer(0), at: at) : nil, location: at)
    }

    /// Arguments whose types the test gives by name (`a` is an Int, `s` a String, `l` an integer literal).
    private func args(_ names: [(String?, String)]) -> [Argument] {
        names.map { Argument(label: $0.0, value: Expr(.identifier($0.1), at: at), location: at) }
    }

    private func argumentType(_ e: Expr) -> Typed? {
        guard case .identifier(let n) = e.kind else { return nil }
        switch n {
        case "a": return Typed(type: int, literal: false)
        case "s": return Typed(type: string, literal: false)
        case "l": return Typed(type: int, literal: true)
        case "xs": return Typed(type: .array(int), literal: false)
        default: return nil
        }
    }

    private func function(_ generics: [String], _ parameters: [Parameter], _ result: TypeSyntax?) -> FunctionDecl {
        var f = FunctionDecl(name: "f", parameters: parameters, returnType: result, body: [], location: at)
        f.genericParameters = generics.map { GenericParameter(name: $0, constraint: nil, location: at) }
        return f
    }

    private func result(_ f: FunctionDecl, _ a: [Argument], receiver: TypeRules.Receiver? = nil) -> Typed? {
        TypeRules.declaredResult(f.returnType, generics: f.genericParameters, parameters: f.parameters, args: a,
                                 receiver: receiver, argument: argumentType)
    }

    func testGenericFunctionResultComesFromItsArguments() {
        // func id<T>(_ x: T) -> T: id(n) is an Int, id(3) an Int the context may still change.
        let id = function(["T"], [parameter(nil, .named("T"))], .named("T"))
        XCTAssertEqual(result(id, args([(nil, "a")]))?.type, int)
        XCTAssertEqual(result(id, args([(nil, "a")]))?.literal, false)
        XCTAssertEqual(result(id, args([(nil, "l")]))?.literal, true)
        // func firstOf<T>(_ xs: [T]) -> T?: T is bound inside the Array.
        let firstOf = function(["T"], [parameter(nil, .array(.named("T")))], .optional(.named("T")))
        XCTAssertEqual(result(firstOf, args([(nil, "xs")]))?.type, .optional(int))
        // Unbound (an argument of unknown type): unknown, never `T`.
        XCTAssertNil(result(id, args([(nil, "unknown")])))
        // Two arguments of different types for one T: swiftc refuses the call.
        let pair = function(["T"], [parameter(nil, .named("T")), parameter(nil, .named("T"))], .array(.named("T")))
        XCTAssertNil(result(pair, args([(nil, "a"), (nil, "s")])))
    }

    func testMethodResultTakesTheReceiversArgumentsAndSelf() {
        // struct Box<T> { func get() -> T; func copy() -> Self } on a Box<String>.
        let receiver = TypeRules.Receiver(spelling: "Box<String>", parameters: ["T"])
        XCTAssertEqual(result(function([], [], .named("T")), [], receiver: receiver)?.type, string)
        XCTAssertEqual(result(function([], [], .array(.named("T"))), [], receiver: receiver)?.type, .array(string))
        XCTAssertEqual(result(function([], [], .named("Self")), [], receiver: receiver)?.type, .named("Box<String>"))
        // An argument the rules do not read back (a tuple) stays its spelling.
        let pairs = TypeRules.Receiver(spelling: "Box<(Int, String)>", parameters: ["T"])
        XCTAssertEqual(result(function([], [], .named("T")), [], receiver: pairs).map { StaticTyper.spelling($0.type) }, "(Int, String)")
        // A bare `Box` gives no argument for T.
        XCTAssertNil(TypeRules.Receiver(spelling: "Box", parameters: ["T"]))
        // No result is Void.
        XCTAssertEqual(result(function([], [], nil), [])?.type, .tuple([]))
    }

    func testOverloadsAreChosenByLabelsOnly() {
        let byIndex = function([], [parameter(nil, int)], int)
        var byName = function([], [parameter("name", string)], string)
        byName.name = "g"
        XCTAssertEqual(TypeRules.chosen([byIndex, byName], [nil])?.returnType, int)
        XCTAssertEqual(TypeRules.chosen([byIndex, byName], ["name"])?.returnType, string)
        // Two with the same labels are chosen by types, which the rules do not follow.
        XCTAssertNil(TypeRules.chosen([byIndex, function([], [parameter(nil, string)], string)], [nil]))
        // A defaulted parameter may be left out.
        XCTAssertEqual(TypeRules.chosen([function([], [parameter(nil, int, defaulted: true)], double)], [])?.returnType, double)
    }

    func testScriptSubscriptIsChosenByLabels() {
        // subscript(i: Int) -> Int and subscript(name name: String) -> String: `g[name: "x"]` is a String.
        let byIndex = SubscriptDecl(parameters: [parameter(nil, int)], returnType: int, getter: [], setter: nil, isStatic: false, location: at)
        let byName = SubscriptDecl(parameters: [parameter("name", string)], returnType: string, getter: [], setter: nil, isStatic: false, location: at)
        let subs = [byIndex, byName]
        XCTAssertEqual(TypeRules.scriptSubscript(subs, args([("name", "s")]), receiver: nil, argument: argumentType)?.type, string)
        XCTAssertEqual(TypeRules.scriptSubscript(subs, args([(nil, "a")]), receiver: nil, argument: argumentType)?.type, int)
        let other = SubscriptDecl(parameters: [parameter(nil, string)], returnType: double, getter: [], setter: nil, isStatic: false, location: at)
        XCTAssertNil(TypeRules.scriptSubscript([byIndex, other], args([(nil, "a")]), receiver: nil, argument: argumentType))
    }

    func testClosureMethodsOfTheStandardCollections() {
        let ints = Typed(type: .array(int), literal: false), set = Typed(type: .set(int), literal: false)
        let dict = Typed(type: .dictionary(key: string, value: double), literal: false)
        let gives = { (t: TypeSyntax) in { Typed(type: t, literal: false) } }
        XCTAssertEqual(TypeRules.closureCall("map", on: ints, closureResult: gives(string))?.type, .array(string))
        XCTAssertEqual(TypeRules.closureCall("compactMap", on: ints, closureResult: gives(.optional(double)))?.type, .array(double))
        XCTAssertEqual(TypeRules.closureCall("filter", on: set, closureResult: gives(.named("Bool")))?.type, .set(int))
        XCTAssertEqual(TypeRules.closureCall("filter", on: dict, closureResult: gives(.named("Bool")))?.type, dict.type)
        XCTAssertEqual(TypeRules.closureCall("sorted", on: set, closureResult: gives(.named("Bool")))?.type, .array(int))
        XCTAssertEqual(TypeRules.closureCall("firstIndex", on: ints, closureResult: gives(.named("Bool")))?.type, .optional(int))
        // A Set's and a Dictionary's index is their own Index; a Set has no `last(where:)`.
        XCTAssertNil(TypeRules.closureCall("firstIndex", on: set, closureResult: gives(.named("Bool"))))
        XCTAssertNil(TypeRules.closureCall("firstIndex", on: dict, closureResult: gives(.named("Bool"))))
        XCTAssertNil(TypeRules.closureCall("last", on: set, closureResult: gives(.named("Bool"))))
        XCTAssertEqual(TypeRules.closureElement(of: dict.type), .tuple([.labelled("key", string), .labelled("value", double)]))
        XCTAssertEqual(TypeRules.closureElement(of: string), .named("Character"))
    }

    func testComparisonsAndStandardMembers() {
        XCTAssertEqual(TypeRules.comparison(.less, Env())?.type, .named("Bool"))
        // `func == (a: V, b: V) -> Int`: the script's operator decides.
        XCTAssertNil(TypeRules.comparison(.equal, Env(operators: ["=="])))
        XCTAssertNil(TypeRules.comparison(.add, Env()))
        XCTAssertEqual(TypeRules.standardMember("isZero", of: Typed(type: double, literal: false))?.type, .named("Bool"))
        XCTAssertNil(TypeRules.standardMember("isZero", of: Typed(type: int, literal: false)))
        XCTAssertEqual(TypeRules.ternary(Typed(type: int, literal: false), aIsNil: false, nil, bIsNil: true)?.type, .optional(int))
        XCTAssertNil(TypeRules.ternary(nil, aIsNil: true, nil, bIsNil: true))
    }
}
