import XCTest
@testable import TableLabSyntax
@testable import TableLabInterpreter

/// What the resolver tests share: a function resolved against a session's declarations, and
/// the types the resolution gives a script's bindings as it runs.
enum ResolverTestSupport {
    /// `func f(parameters) { body }` resolved with the declarations `script` leaves in a
    /// session, as a method of `selfType` where one is named; nil (and a failure) if the
    /// text is not one function.
    static func resolve(_ body: String, parameters: String, afterRunning script: String, selfType: String? = nil,
                        file: StaticString = #filePath, line: UInt = #line) throws -> Resolution? {
        let interp = Interpreter()
        interp.output = { _ in }
        try interp.runScript(SourceFile(name: "decl.tlab", text: script))
        let unit = try Parser.parse(SourceFile(name: "t", text: "func f(\(parameters)) {\n\(body)\n}\n"))
        guard case .declaration(.function(let f))? = unit.statements.first?.kind else {
            XCTFail("no function", file: file, line: line)
            return nil
        }
        let declarations = interp.core.resolverDeclarations(selfType: selfType.flatMap(interp.core.userType))
        return Resolver.resolve(parameters: f.parameters, body: f.body, declarations: declarations)
    }

    /// Each binding's type, by name, in any compile of its function while `interp` runs (a
    /// function may be compiled more than once: the unit's name check compiles bodies again).
    final class TypedBindings {
        private(set) var types: [String: String] = [:]

        init(observing interp: Interpreter) {
            interp.core.resolutionObserver = { [unowned self] _, r in
                for key in r.captured.keys {
                    if let t = r.inferredType(key.name, at: key.location) { self.types[key.name] = StaticTyper.spelling(t) }
                }
            }
        }
    }
}
