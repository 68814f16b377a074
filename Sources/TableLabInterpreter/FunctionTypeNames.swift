// A function value's type as swiftc spells it in diagnostics (`(Int) -> [String : Int]`),
// and as `type(of:)` prints it (`(Int) -> Dictionary<String, Int>`), where its declaration
// says every parameter's type and the result's; both said 'function'.

extension InterpreterCore {
    func functionTypeSpelling(_ f: FunctionValue, generic: Bool = false) -> String? {
        guard let code = f.code, !code.hasSelf, code.paramTypes.count == code.paramCount,
              let result = code.returnType else { return nil }
        func spelled(_ t: RType) -> String? {
            if case .function = t { return nil }
            if case .void = t { return "()" }
            return generic ? genericTypeName(of: t) : t.description
        }
        var parameters: [String] = []
        for t in code.paramTypes {
            guard let t, let s = spelled(t) else { return nil }
            parameters.append(s)
        }
        guard let r = spelled(result) else { return nil }
        return "(" + parameters.joined(separator: ", ") + ") -> " + r
    }
}
