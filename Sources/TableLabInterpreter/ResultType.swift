import TableLabSyntax

// Swift's `Result`, for a script that names it and declares no `Result` of its own: an
// enum declared from Swift source before the script's declarations, so that `.success(x)`,
// `.failure(e)`, `switch` with its exhaustiveness check, `if case`, `get()`, `map`,
// `mapError`, `flatMap` and `flatMapError` work as for any payload enum. Its type arguments
// are not checked (`Result<Int, LoadError>` is `Result`), and `type(of:)` of one is
// refused, since TableLab cannot spell them.

extension InterpreterCore {
    static let resultSource = """
    enum Result {
      case success(Any)
      case failure(Error)
      init(catching body: () throws -> Any) {
        do { self = .success(try body()) } catch { self = .failure(error) }
      }
      func get() throws -> Any {
        if case .success(let value) = self { return value }
        if case .failure(let error) = self { throw error }
        fatalError()
      }
      func map(_ transform: (Any) throws -> Any) rethrows -> Result {
        if case .success(let value) = self { return .success(try transform(value)) }
        return self
      }
      func mapError(_ transform: (Error) throws -> Error) rethrows -> Result {
        if case .failure(let error) = self { return .failure(try transform(error)) }
        return self
      }
      func flatMap(_ transform: (Any) -> Result) -> Result {
        if case .success(let value) = self { return transform(value) }
        return self
      }
      func flatMapError(_ transform: (Error) -> Result) -> Result {
        if case .failure(let error) = self { return transform(error) }
        return self
      }
    }
    """

    /// Whether `Result` is the built-in one (not a script's own enum of that name).
    var resultIsBuiltin: Bool { builtinResultType != nil && userType("Result") === builtinResultType }

    /// Declares Swift's `Result` when the unit names it and declares no type of that name.
    func declareResultIfNamed(_ unit: SourceUnit, _ file: SourceFile, declaresResult: Bool) throws {
        guard !declaresResult, userType("Result") == nil, file.mentions("Result") else { return }
        let prelude = SourceFile(name: "<Swift.Result>", text: Self.resultSource)
        guard let parsed = try? Parser.parse(prelude) else { return }
        try hoistBuiltin(parsed.statements)
        builtinResultType = userType("Result")
    }
}
