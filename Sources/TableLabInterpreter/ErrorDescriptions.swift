// `error.localizedDescription` of a script's Error: its LocalizedError `errorDescription`
// when it gives one, else Foundation's text for a Swift error bridged to NSError, "The
// operation could not be completed. (main.LoadError error 1.)", with the module-qualified
// type as the domain and Swift's error code: an enum's Int raw value; else its cases
// numbered with those carrying associated values first (the order of the enum's tags),
// each group in declaration order; 1 for a struct or a class. The wording is swiftc's
// Foundation on Linux (the oracle here; Apple's says "couldn’t"), as the CoreGraphics types
// print as that Foundation prints them.

import TableLabSyntax

extension InterpreterCore {
    /// Whether the script type `t` conforms to Error (itself or through a protocol).
    func isErrorType(_ t: UserType) -> Bool {
        let written = t.kind == .class ? Array(t.classInfo?.conformances ?? []) : Array(t.conformances)
        guard !written.isEmpty else { return false }
        return allProtocols(written).contains { $0 == "Error" || $0 == "LocalizedError" }
    }

    /// The text of `v.localizedDescription` for a value of the Error type `t`, or nil when
    /// `t` is no Error (the member is then missing, as swiftc says).
    func localizedDescription(_ v: Value, _ t: UserType, _ m: Ctx, _ loc: SourceLocation) throws -> Value? {
        guard isErrorType(t) else { return nil }
        if let c = t.computed["errorDescription"], !c.isStatic {
            m.push(v)
            switch try m.invoke(compiledMethod(t, c, fullName: "errorDescription"), argc: 1, location: loc) {
            case .string(let s), .wrapped(.string(let s)): return .string(s)
            default: break
            }
        }
        let domain = qualifiedTypeName(t)
        if var e = pendingDescribeError {
            // The domain holds what TableLab cannot spell (a type declared in a function).
            pendingDescribeError = nil
            e.diagnostic.location = loc
            throw e
        }
        return .string("The operation could not be completed. (\(domain) error \(errorCode(v, t)).)")
    }

    private func errorCode(_ v: Value, _ t: UserType) -> Int {
        let index: Int
        switch v {
        case .enumCase(_, let c): index = Int(c)
        case .payloadCase(let p): index = Int(p.caseIndex)
        default: return 1
        }
        if let raw = t.rawValues, index < raw.count, case .int(let n) = raw[index] { return n }
        let carriesPayload = { (i: Int) in i < t.casePayloads.count && t.casePayloads[i] != nil }
        let payloadCases = (0..<t.caseNames.count).filter(carriesPayload)
        if let k = payloadCases.firstIndex(of: index) { return k }
        return payloadCases.count + (0..<t.caseNames.count).filter { !carriesPayload($0) }.firstIndex(of: index)!
    }
}
