import XCTest
@testable import TableLabSyntax

/// The pass writes a bare inherited member type qualified inside the bodies that inherit it,
/// and nowhere else; a body's own nested type of that name, or a local type, hides it.
final class InheritedMemberTypesTests: XCTestCase {
    /// A host with one class, `View`, that declares `Mode`; `Cell` inherits from it.
    private func host(_ name: String) -> [String: String] {
        ["View", "Cell"].contains(name) ? ["Mode": "View.Mode"] : [:]
    }

    private struct Names: SyntaxVisitor {
        var seen: [String] = []
        mutating func visit(_ node: Expr) -> SyntaxVisitorContinueKind {
            guard let path = Self.path(node) else { return .visitChildren }
            seen.append(path)
            return .skipChildren
        }
        /// `a`, `a.b.c`: a name and the members read from it.
        static func path(_ e: Expr) -> String? {
            switch e.kind {
            case .identifier(let n): return n
            case .member(let b, let n): return path(b).map { $0 + "." + n }
            default: return nil
            }
        }
        mutating func visit(_ node: Decl) -> SyntaxVisitorContinueKind {
            if case .variable(let v) = node, let t = v.type { seen.append(": " + t.description) }
            return .visitChildren
        }
    }

    private func names(_ source: String) throws -> [String] {
        let unit = InheritedMemberTypes.apply(try Parser.parse(SourceFile(name: "t", text: source)), outside: host)
        var v = Names()
        v.walk(unit.statements)
        return v.seen
    }

    func testQualifiedInsideSubclassesAndExtensionsOnly() throws {
        let found = try names("""
        class MyCell: Cell {
            var a: Mode = Mode.x
            class Inner { var b: Mode? = nil }
        }
        class Sub: MyCell { var c: [Mode] = [] }
        extension View { var d: Mode { Mode.y } }
        class Other { var e: Mode = Mode.z }
        var f: Mode = Mode.w
        """)
        XCTAssertEqual(found, [": View.Mode", "View.Mode.x", ": View.Mode?", ": [View.Mode]", ": View.Mode", "View.Mode.y",
                               ": Mode", "Mode.z", ": Mode", "Mode.w"])
    }

    func testOwnNestedTypeHidesTheInheritedOne() throws {
        let found = try names("""
        class Badge: View {
            enum Mode { case dot }
            var a: Mode = Mode.dot
        }
        class Small: Badge { var b: Mode = .dot }
        """)
        XCTAssertEqual(found, [": Mode", "Mode.dot", ": Mode"])
    }

    func testUnitWithoutInheritedTypesIsUnchanged() throws {
        XCTAssertEqual(try names("class A { var m: Mode = Mode.x }"), [": Mode", "Mode.x"])
    }
}
