// Messages that more than one layer gives.

/// Notes shared by the checker, the interpreter and the explorer.
public enum CommonMessage: DiagnosticMessage, Hashable {
    /// swiftc's typo-correction note (`TypoCorrection` decides the candidates).
    case didYouMean(String)

    public var id: DiagnosticID {
        switch self {
        case .didYouMean: return .didYouMean
        }
    }

    public var text: String {
        switch self {
        case .didYouMean(let name): return "did you mean '\(name)'?"
        }
    }
}

extension DiagnosticID {
    public static let didYouMean = DiagnosticID("did_you_mean")
}
