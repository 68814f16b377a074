// Which characters make an operator, as Swift's grammar defines them (The Swift Programming
// Language, Lexical Structure: operator-head, operator-character, dot-operator-head). The
// lexer reads operators by these rules, and every later layer that asks "is this name an
// operator's" (an operator function's declaration key, the lowering of global operator
// functions, `emit swift` writing `(+)`) asks here, so the answer cannot differ between them.

public enum OperatorSpelling {
    /// operator-head -> / = - + ! * % < > & | ^ ~ ?   -- and the Unicode ranges below
    @inline(__always) public static func isASCIIHead(_ b: UInt8) -> Bool {
        switch b {
        case UInt8(ascii: "/"), UInt8(ascii: "="), UInt8(ascii: "-"), UInt8(ascii: "+"),
             UInt8(ascii: "!"), UInt8(ascii: "*"), UInt8(ascii: "%"), UInt8(ascii: "<"),
             UInt8(ascii: ">"), UInt8(ascii: "&"), UInt8(ascii: "|"), UInt8(ascii: "^"),
             UInt8(ascii: "~"), UInt8(ascii: "?"):
            return true
        default: return false
        }
    }

    /// operator-head: the ASCII ones, Latin-1 signs (`¬`, `±`, `×`, `÷`), general
    /// punctuation (`†`, `‰`), arrows, mathematical operators (`√`, `≠`, `∪`), box drawing,
    /// dingbats and CJK punctuation. None of them can start or continue an identifier.
    public static func isHead(_ s: Unicode.Scalar) -> Bool {
        let v = s.value
        if v < 0x80 { return isASCIIHead(UInt8(v)) }
        switch v {
        case 0x00A1...0x00A7, 0x00A9, 0x00AB, 0x00AC, 0x00AE, 0x00B0...0x00B1,
             0x00B6, 0x00BB, 0x00BF, 0x00D7, 0x00F7,
             0x2016...0x2017, 0x2020...0x2027, 0x2030...0x203E, 0x2041...0x2053, 0x2055...0x205E,
             0x2190...0x23FF, 0x2500...0x2775, 0x2794...0x2BFF, 0x2E00...0x2E7F,
             0x3001...0x3003, 0x3008...0x3020, 0x3030:
            return true
        default:
            return false
        }
    }

    /// operator-character -> operator-head | a combining mark or variation selector
    /// (U+0300–U+036F, U+1DC0–U+1DFF, U+20D0–U+20FF, U+FE00–U+FE0F, U+FE20–U+FE2F,
    /// U+E0100–U+E01EF), which may follow a head but not start an operator.
    public static func isCharacter(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x0300...0x036F, 0x1DC0...0x1DFF, 0x20D0...0x20FF, 0xFE00...0xFE0F, 0xFE20...0xFE2F, 0xE0100...0xE01EF:
            return true
        default:
            return isHead(s)
        }
    }

    /// Whether `name` is spelt as one operator token:
    ///     operator -> operator-head { operator-character }
    ///               | '.' ( '.' | operator-character ) { '.' | operator-character }
    /// A dot may appear only in an operator that starts with one (`..<`, `.==`; `+.` is two
    /// tokens); a lone `.` is the member access token, not an operator.
    public static func isOperator(_ name: String) -> Bool {
        var scalars = name.unicodeScalars.makeIterator()
        guard let first = scalars.next() else { return false }
        let dotted = first == "."
        guard dotted || isHead(first) else { return false }
        var count = 1
        while let s = scalars.next() {
            count += 1
            if s == "." { if !dotted { return false } } else if !isCharacter(s) { return false }
        }
        return !dotted || count > 1
    }
}
